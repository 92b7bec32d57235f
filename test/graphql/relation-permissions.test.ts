// A restricted key reads only its resources, also through relations, filters, sorting and
// REST expansions: `orders:read` does not reveal customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';

let t: TestServer;
let ordersOnly: string;
let both: string;
beforeAll(async () => {
  t = await startTestServer();
  const acct = await t.newAccount();
  const customer = await api(t.url, '/v1/customers', { key: acct.key, body: { email: 'private@example.com' } });
  await api(t.url, '/v1/orders', { key: acct.key, body: { ...TEA_ORDER, customer: customer.body.id } });
  ordersOnly = (await acct.newKey({ type: 'restricted', permissions: ['orders:read'] })).secret;
  both = (await acct.newKey({ type: 'restricted', permissions: ['orders:read', 'customers:read'] })).secret;
});
afterAll(async () => { await t?.stop(); });

describe('relations need the related resource\'s read permission', () => {
  it('GraphQL: order.customer is refused without customers:read, given with it', async () => {
    const denied = await gql(t.url, ordersOnly, '{ orders { id customer { email } } }');
    expect(denied.body.errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(JSON.stringify(denied.body)).not.toContain('private@example.com');
    const allowed = await gql(t.url, both, '{ orders { id customer { email } } }');
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.body.data.orders[0].customer.email).toBe('private@example.com');
    const plain = await gql(t.url, ordersOnly, '{ orders { id amount items { name } } }');
    expect(plain.body.errors).toBeUndefined();
  });

  it('GraphQL: filtering or sorting through customer needs customers:read', async () => {
    const filter = await gql(t.url, ordersOnly, '{ orders(where: {customer: {email: {_eq: "private@example.com"}}}) { id } }');
    expect(filter.body.errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    const sort = await gql(t.url, ordersOnly, '{ orders(order_by: [{customer: {email: asc}}]) { id } }');
    expect(sort.body.errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    const ok = await gql(t.url, both, '{ orders(where: {customer: {email: {_eq: "private@example.com"}}}) { id } }');
    expect(ok.body.data.orders).toHaveLength(1);
  });

  it('REST: expand[]=customer and customer.email_eq need customers:read', async () => {
    const expand = await api(t.url, '/v1/orders?expand[]=customer', { key: ordersOnly });
    expect(expand.status).toBe(403);
    expect(expand.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    const filter = await api(t.url, '/v1/orders?customer.email_eq=private@example.com', { key: ordersOnly });
    expect(filter.status).toBe(403);
    const plain = await api(t.url, '/v1/orders', { key: ordersOnly });
    expect(plain.status).toBe(200);
    expect(plain.text).not.toContain('private@example.com');
    const ok = await api(t.url, '/v1/orders?expand[]=customer', { key: both });
    expect(ok.body.data[0].customer.email).toBe('private@example.com');
  });
});
