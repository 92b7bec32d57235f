// Tenant isolation through the REST door: an account never sees, changes or references
// another account's rows, through any route, filter, cursor or expansion; test keys see
// only test-mode rows and live keys only live rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, expectError, expectList, ids } from './envelope.js';

let t: TestServer;
let A: TestAccount;
let B: TestAccount;
let a: { order: any; customer: any; product: any };
let b: { order: any; customer: any };

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
  B = await t.newAccount();
  const customerA = (await api(t.url, '/v1/customers', { key: A.key, body: { email: 'secret-a@example.com', name: 'Alpha Customer' } })).body;
  const productA = (await api(t.url, '/v1/products', { key: A.key, body: { name: 'Alpha Widget', price: 700, currency: 'usd' } })).body;
  const orderA = await createOrder(t.url, A.key, { currency: 'usd', customer: customerA.id, items: [{ product: productA.id, quantity: 1 }], metadata: { owner: 'A' } });
  await api(t.url, `/v1/orders/${orderA.id}`, { method: 'PATCH', key: A.key, body: { tracking_number: 'ALPHA-TRACK' } });
  a = { order: orderA, customer: customerA, product: productA };
  const customerB = (await api(t.url, '/v1/customers', { key: B.key, body: { email: 'b@example.com' } })).body;
  b = { order: await createOrder(t.url, B.key, { currency: 'usd', customer: customerB.id, items: [{ name: 'Beta', quantity: 1, unit_amount: 700 }] }), customer: customerB };
});
afterAll(async () => { await t?.stop(); });

const asB = (path: string, opts: Parameters<typeof api>[2] = {}) => api(t.url, path, { key: B.key, ...opts });

async function expectUnchanged() {
  const got = await api(t.url, `/v1/orders/${a.order.id}`, { key: A.key });
  expect(got.body).toMatchObject({ status: 'pending', metadata: { owner: 'A' }, customer: a.customer.id, tracking_number: 'ALPHA-TRACK' });
}

describe('another account\'s rows by id', () => {
  it('B cannot GET, PATCH, fulfill or cancel A\'s order: 404, and the order is unchanged', async () => {
    expectError(await asB(`/v1/orders/${a.order.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/orders/${a.order.id}`, { method: 'PATCH', body: { metadata: { owner: 'B' } } }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/orders/${a.order.id}`, { method: 'PATCH', body: { status: 'cancelled' } }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/orders/${a.order.id}/cancel`, { method: 'POST' }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/orders/${a.order.id}/fulfill`, { method: 'POST' }), 404, 'RESOURCE_NOT_FOUND');
    await expectUnchanged();
  });

  it('B cannot read or change A\'s customer and product', async () => {
    expectError(await asB(`/v1/customers/${a.customer.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/products/${a.product.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/customers/${a.customer.id}`, { method: 'PATCH', body: { name: 'x' } }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await asB(`/v1/products/${a.product.id}`, { method: 'PATCH', body: { price: 1 } }), 404, 'RESOURCE_NOT_FOUND');
    expect((await api(t.url, `/v1/products/${a.product.id}`, { key: A.key })).body.price).toBe(700);
  });

  it('B cannot reference A\'s customer or product', async () => {
    expectError(await asB('/v1/orders', { body: { currency: 'usd', customer: a.customer.id, items: [{ name: 'x', quantity: 1, unit_amount: 1 }] } }), 404, 'PARENT_NOT_FOUND');
    const withProduct = await asB('/v1/orders', { body: { currency: 'usd', items: [{ product: a.product.id, quantity: 1 }] } });
    expectError(withProduct, 400, 'VALIDATION_ERROR');
    expect(withProduct.body.error.details.errors.map((e: any) => e.field)).toContain('items[0].product');
    expectError(await asB(`/v1/orders/${b.order.id}`, { method: 'PATCH', body: { customer: a.customer.id } }), 404, 'PARENT_NOT_FOUND');
  });

  it('X-Account-Id does not open another account: 403, nothing of it shown', async () => {
    const res = await asB('/v1/orders', { headers: { 'x-account-id': A.accountId } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RESOURCE_ACCESS_DENIED');
    expect(res.text).not.toContain(a.order.id);
    const one = await asB(`/v1/orders/${a.order.id}`, { headers: { 'x-account-id': A.accountId } });
    expect(one.status).toBe(403);
    expect(one.text).not.toContain(a.order.id);
  });
});

describe('another account\'s rows through lists and filters', () => {
  const listB = async (path: string) => {
    const res = await asB(path);
    const body = expectList(res);
    const found = ids(res);
    expect(found).not.toContain(a.order.id);
    expect(found).not.toContain(a.customer.id);
    expect(found).not.toContain(a.product.id);
    expect(res.text).not.toContain(a.order.id);
    expect(res.text).not.toContain(a.customer.id);
    expect(res.text).not.toContain('secret-a@example.com');
    expect(body.pagination.total_count).toBe(found.length);
    return found;
  };

  it('B\'s lists hold only B\'s rows', async () => {
    expect(await listB('/v1/orders?limit=100')).toEqual([b.order.id]);
    expect(await listB('/v1/orders/list?limit=100')).toEqual([b.order.id]);
    expect(await listB('/v1/customers?limit=100')).toEqual([b.customer.id]);
    expect(await listB('/v1/products?limit=100')).toEqual([]);
  });

  it.each([
    () => `id_eq=${a.order.id}`,
    () => `id=${a.order.id}`,
    () => `id_in=${a.order.id},${b.order.id}`,
    () => `search=${a.order.id}`,
    () => 'search=ALPHA-TRACK',
    () => `customer_eq=${a.customer.id}`,
    () => 'customer.email_eq=secret-a@example.com',
    () => 'customer.email_like=secret%25',
    () => `items.product_eq=${a.product.id}`,
    () => 'items.product.name_eq=Alpha Widget',
    () => 'amount_eq=700&expand[]=customer&expand[]=items.product',
    () => 'status_in=pending,shipped&sort=amount&order=asc',
  ])('filter %# never shows A\'s rows', async (q) => {
    const found = await listB(`/v1/orders?limit=100&${q()}`);
    expect(found.every((id) => id === b.order.id)).toBe(true);
  });

  it('filters on customers and products stay inside B', async () => {
    expect(await listB(`/v1/customers?id_eq=${a.customer.id}`)).toEqual([]);
    expect(await listB('/v1/customers?search=secret')).toEqual([]);
    expect(await listB('/v1/products?name_eq=Alpha Widget')).toEqual([]);
    expect(await listB(`/v1/customers?expand[]=orders`)).toEqual([b.customer.id]);
  });

  it('starting_after / ending_before with A\'s id is 400', async () => {
    expectError(await asB(`/v1/orders?starting_after=${a.order.id}`), 400, 'INVALID_FIELD_VALUE');
    expectError(await asB(`/v1/orders?ending_before=${a.order.id}`), 400, 'INVALID_FIELD_VALUE');
    expectError(await asB(`/v1/customers?starting_after=${a.customer.id}`), 400, 'INVALID_FIELD_VALUE');
  });

  it('a cursor taken from A\'s list, or forged, still returns only B\'s rows', async () => {
    await createOrder(t.url, A.key, { currency: 'usd', items: [{ name: 'second', quantity: 1, unit_amount: 1 }] });
    const fromA = (await api(t.url, '/v1/orders?limit=1', { key: A.key })).body.pagination.next_cursor;
    expect(typeof fromA).toBe('string');
    const forge = (v: unknown[], d: string) => Buffer.from(JSON.stringify({ s: 'Order|createdAt:desc,id:desc', v, d })).toString('base64url');
    for (const cursor of [fromA, forge(['2999-01-01T00:00:00.000Z', 'ord_z'], 'n'), forge(['2000-01-01T00:00:00.000Z', 'ord_0'], 'p')]) {
      const res = await asB(`/v1/orders?cursor=${encodeURIComponent(cursor)}`);
      expectList(res);
      expect(ids(res).every((id) => id === b.order.id)).toBe(true);
      expect(res.body.pagination.total_count).toBe(1);
      expect(res.text).not.toContain(a.order.id);
    }
    // the forged "everything" cursors do reach B's own order
    expect(ids(await asB(`/v1/orders?cursor=${forge(['2999-01-01T00:00:00.000Z', 'ord_z'], 'n')}`))).toEqual([b.order.id]);
  });
});

describe('test and live mode', () => {
  it('a live key of A does not see A\'s test orders, and a test key does not see live ones', async () => {
    const live = await A.newKey({ mode: 'live' });
    const liveOrder = await createOrder(t.url, live.secret, { currency: 'usd', items: [{ name: 'Live', quantity: 1, unit_amount: 1 }] });
    expect(liveOrder.livemode).toBe(true);
    expect(a.order.livemode).toBe(false);

    const liveList = await api(t.url, '/v1/orders?limit=100', { key: live.secret });
    expect(ids(liveList)).toEqual([liveOrder.id]);
    expect(liveList.body.pagination.total_count).toBe(1);
    expectError(await api(t.url, `/v1/orders/${a.order.id}`, { key: live.secret }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await api(t.url, `/v1/orders/${a.order.id}/cancel`, { method: 'POST', key: live.secret }), 404, 'RESOURCE_NOT_FOUND');
    expect(ids(await api(t.url, `/v1/orders?id_eq=${a.order.id}`, { key: live.secret }))).toEqual([]);

    const testList = await api(t.url, '/v1/orders?limit=100', { key: A.key });
    expect(ids(testList)).not.toContain(liveOrder.id);
    expectError(await api(t.url, `/v1/orders/${liveOrder.id}`, { key: A.key }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await api(t.url, `/v1/orders?starting_after=${liveOrder.id}`, { key: A.key }), 400, 'INVALID_FIELD_VALUE');
  });

  it('a live order cannot reference a test customer or product', async () => {
    const live = await A.newKey({ mode: 'live' });
    expectError(await api(t.url, '/v1/orders', { key: live.secret, body: { currency: 'usd', customer: a.customer.id, items: [{ name: 'x', quantity: 1, unit_amount: 1 }] } }), 404, 'PARENT_NOT_FOUND');
    expectError(await api(t.url, '/v1/orders', { key: live.secret, body: { currency: 'usd', items: [{ product: a.product.id, quantity: 1 }] } }), 400, 'VALIDATION_ERROR');
  });

  it('publishable and restricted keys follow their mode too', async () => {
    const pkLive = await A.newKey({ type: 'publishable', mode: 'live' });
    expect(ids(await api(t.url, '/v1/orders?limit=100', { key: pkLive.secret }))).not.toContain(a.order.id);
    const rkTest = await A.newKey({ type: 'restricted', mode: 'test', permissions: ['orders:read'] });
    expect(ids(await api(t.url, '/v1/orders?limit=100', { key: rkTest.secret }))).toContain(a.order.id);
    const rkB = await B.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect(ids(await api(t.url, '/v1/orders?limit=100', { key: rkB.secret }))).toEqual([b.order.id]);
  });
});
