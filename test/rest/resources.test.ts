// Every REST route of orders, customers and products: status codes, shapes, PATCH
// semantics, order actions and the order state machine, references to products and customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, expectError, expectList, faultFields, ids } from './envelope.js';

let t: TestServer;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const nowSeconds = () => Math.floor(Date.now() / 1000);
const MISSING_PRODUCT = 'prod_0000000000zzzzzzzzzzzzzzzz';
const MISSING_CUSTOMER = 'cus_0000000000zzzzzzzzzzzzzzzz';

function expectOrderShape(o: any) {
  expect(o.id).toMatch(/^ord_[0-9a-z]{10,40}$/);
  expect(o.object).toBe('order');
  expect(typeof o.status).toBe('string');
  expect(o.currency).toMatch(/^[a-z]{3}$/);
  expect(Number.isInteger(o.amount)).toBe(true);
  expect(Number.isInteger(o.created)).toBe(true);
  expect(Math.abs(o.created - nowSeconds())).toBeLessThan(300);
  expect(o.metadata !== null && typeof o.metadata === 'object').toBe(true);
  expect(Array.isArray(o.items)).toBe(true);
}

describe('orders', () => {
  it('POST /v1/orders accepts the minimal body: 201 with the order representation', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: TEA_ORDER });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expectOrderShape(res.body);
    expect(res.body).toMatchObject({ status: 'pending', currency: 'usd', amount: 900, metadata: {}, customer: null, livemode: false });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ object: 'order_item', name: 'Tea', quantity: 2, unit_amount: 450, amount: 900, product: null });
  });

  it('POST /v1/orders/create is the same operation; currency comes back lowercase', async () => {
    const res = await api(t.url, '/v1/orders/create', {
      key: acct.key, body: { currency: 'EUR', items: [{ name: 'A', quantity: 1, unit_amount: 100 }, { name: 'B', quantity: 3, unit_amount: 250 }], metadata: { ref: 'x1' } },
    });
    expect(res.status).toBe(201);
    expectOrderShape(res.body);
    expect(res.body).toMatchObject({ currency: 'eur', amount: 850, metadata: { ref: 'x1' } });
    expect(res.body.items.map((i: any) => [i.name, i.amount])).toEqual([['A', 100], ['B', 750]]);
  });

  it('GET /v1/orders, /v1/orders/list and /v1/orders/{id} read what was created', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    for (const path of ['/v1/orders', '/v1/orders/list']) {
      const list = await api(t.url, `${path}?limit=100`, { key: acct.key });
      expectList(list);
      expect(ids(list)).toContain(o.id);
      expect(list.body.data.find((x: any) => x.id === o.id)).toEqual(o);
    }
    const got = await api(t.url, `/v1/orders/${o.id}`, { key: acct.key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(o);
  });

  it('GET of an unknown order is 404 RESOURCE_NOT_FOUND', async () => {
    expectError(await api(t.url, '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz', { key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('PATCH merges metadata: a key set to "" or null is removed, others kept or added', async () => {
    const o = await createOrder(t.url, acct.key, { ...TEA_ORDER, metadata: { a: '1', b: '2', c: '3' } });
    const res = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { metadata: { b: '', c: null, d: '4', a: '1b' } } });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ a: '1b', d: '4' });
    expect(res.body.amount).toBe(900);
    const got = await api(t.url, `/v1/orders/${o.id}`, { key: acct.key });
    expect(got.body.metadata).toEqual({ a: '1b', d: '4' });
  });

  it('PATCH sets shipping fields and leaves what is absent', async () => {
    const o = await createOrder(t.url, acct.key, { ...TEA_ORDER, metadata: { keep: 'yes' } });
    const res = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { shipping_carrier: 'ups', tracking_number: '1Z999' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shipping_carrier: 'ups', tracking_number: '1Z999', metadata: { keep: 'yes' }, status: 'pending' });
  });

  it('PATCH refuses unknown fields and an id in the body, listing them', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    const bad = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { colour: 'red', amount: 5 } });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(faultFields(bad).sort()).toEqual(['amount', 'colour']);
    const withId = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { id: o.id } });
    expectError(withId, 400, 'VALIDATION_ERROR');
    expect(faultFields(withId)).toEqual(['id']);
  });

  it('fulfill without a body ships the order', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    const res = await api(t.url, `/v1/orders/${o.id}/fulfill`, { method: 'POST', key: acct.key });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('shipped');
    expect(Number.isInteger(res.body.fulfilled_at)).toBe(true);
  });

  it('fulfill with an empty JSON body, and with carrier and tracking number', async () => {
    const a = await createOrder(t.url, acct.key, TEA_ORDER);
    const empty = await api(t.url, `/v1/orders/${a.id}/fulfill`, { method: 'POST', key: acct.key, rawBody: '' , headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(200);
    expect(empty.body.status).toBe('shipped');
    const b = await createOrder(t.url, acct.key, TEA_ORDER);
    const res = await api(t.url, `/v1/orders/${b.id}/fulfill`, { key: acct.key, body: { shipping_carrier: 'dhl', tracking_number: 'JD0001' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'shipped', shipping_carrier: 'dhl', tracking_number: 'JD0001' });
  });

  it('cancel without a body, with {} and with a reason', async () => {
    const a = await createOrder(t.url, acct.key, TEA_ORDER);
    const res = await api(t.url, `/v1/orders/${a.id}/cancel`, { method: 'POST', key: acct.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancellation_reason: null });
    expect(Number.isInteger(res.body.cancelled_at)).toBe(true);
    const b = await createOrder(t.url, acct.key, TEA_ORDER);
    const emptyObject = await api(t.url, `/v1/orders/${b.id}/cancel`, { key: acct.key, body: {} });
    expect(emptyObject.status).toBe(200);
    expect(emptyObject.body.status).toBe('cancelled');
    const c = await createOrder(t.url, acct.key, TEA_ORDER);
    const reason = await api(t.url, `/v1/orders/${c.id}/cancel`, { key: acct.key, body: { reason: 'requested_by_customer' } });
    expect(reason.status).toBe(200);
    expect(reason.body).toMatchObject({ status: 'cancelled', cancellation_reason: 'requested_by_customer' });
  });

  it('cancel with an unknown reason is 400 naming reason', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    const res = await api(t.url, `/v1/orders/${o.id}/cancel`, { key: acct.key, body: { reason: 'bored' } });
    const e = expectError(res, 400, 'INVALID_ENUM_VALUE');
    expect(e.details.errors[0].expected).toBe('one of duplicate, fraudulent, requested_by_customer, abandoned, other');
    expect(faultFields(res)).toEqual(['reason']);
  });

  it('cancelling a shipped order is 422 INVALID_STATE_TRANSITION with details, and changes nothing', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    expect((await api(t.url, `/v1/orders/${o.id}/fulfill`, { method: 'POST', key: acct.key })).status).toBe(200);
    const res = await api(t.url, `/v1/orders/${o.id}/cancel`, { method: 'POST', key: acct.key });
    const e = expectError(res, 422, 'INVALID_STATE_TRANSITION');
    expect(e.details).toMatchObject({ order_id: o.id, current_status: 'shipped', requested_status: 'cancelled' });
    // refunded is reached through refunds of its payments, never by an update
    expect(e.details.allowed).toEqual(['delivered', 'refunded']);
    expect((await api(t.url, `/v1/orders/${o.id}`, { key: acct.key })).body.status).toBe('shipped');
  });

  it('follows the state machine: pending -> processing -> shipped -> delivered, then final', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    const processing = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { status: 'processing' } });
    expect(processing.body.status).toBe('processing');
    const shipped = await api(t.url, `/v1/orders/${o.id}/fulfill`, { method: 'POST', key: acct.key });
    expect(shipped.body.status).toBe('shipped');
    expectError(await api(t.url, `/v1/orders/${o.id}/fulfill`, { method: 'POST', key: acct.key }), 422, 'INVALID_STATE_TRANSITION');
    const back = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { status: 'pending' } });
    expectError(back, 422, 'INVALID_STATE_TRANSITION');
    const delivered = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { status: 'delivered' } });
    expect(delivered.body.status).toBe('delivered');
    const cancel = await api(t.url, `/v1/orders/${o.id}/cancel`, { method: 'POST', key: acct.key });
    expect(expectError(cancel, 422, 'INVALID_STATE_TRANSITION').details).toMatchObject({ current_status: 'delivered', allowed: ['refunded'] });
  });

  it('a cancelled order cannot be fulfilled or cancelled again', async () => {
    const o = await createOrder(t.url, acct.key, TEA_ORDER);
    expect((await api(t.url, `/v1/orders/${o.id}/cancel`, { method: 'POST', key: acct.key })).status).toBe(200);
    expectError(await api(t.url, `/v1/orders/${o.id}/fulfill`, { method: 'POST', key: acct.key }), 422, 'INVALID_STATE_TRANSITION');
    expectError(await api(t.url, `/v1/orders/${o.id}/cancel`, { method: 'POST', key: acct.key }), 422, 'INVALID_STATE_TRANSITION');
  });

  it('actions on an unknown order are 404', async () => {
    for (const action of ['fulfill', 'cancel']) {
      expectError(await api(t.url, `/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz/${action}`, { method: 'POST', key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
    }
    expectError(await api(t.url, '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz', { method: 'PATCH', key: acct.key, body: { metadata: { a: 'b' } } }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('items referencing a product take its name and price', async () => {
    const p = await api(t.url, '/v1/products', { key: acct.key, body: { name: 'Mug', price: 1299, currency: 'usd' } });
    expect(p.status).toBe(201);
    const o = await createOrder(t.url, acct.key, { currency: 'usd', items: [{ product: p.body.id, quantity: 3 }, { name: 'Gift wrap', quantity: 1, unit_amount: 200 }] });
    expect(o.items[0]).toMatchObject({ product: p.body.id, name: 'Mug', unit_amount: 1299, quantity: 3, amount: 3897 });
    expect(o.amount).toBe(3897 + 200);
  });

  it('an unknown product is 400 naming items[0].product', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: { currency: 'usd', items: [{ product: MISSING_PRODUCT, quantity: 1 }] } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toContain('items[0].product');
    expect(faultFields(res).every((f) => f.startsWith('items[0].'))).toBe(true);
  });

  it('a product priced in another currency is 400 naming the item', async () => {
    const p = await api(t.url, '/v1/products', { key: acct.key, body: { name: 'Euro mug', price: 900, currency: 'eur' } });
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: { currency: 'usd', items: [TEA_ORDER.items[0], { product: p.body.id, quantity: 1 }] } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toEqual(['items[1].product']);
  });

  it('an order for a customer carries the customer id; an unknown customer is 404 PARENT_NOT_FOUND', async () => {
    const c = await api(t.url, '/v1/customers', { key: acct.key, body: { email: 'buyer@example.com' } });
    const o = await createOrder(t.url, acct.key, { ...TEA_ORDER, customer: c.body.id });
    expect(o.customer).toBe(c.body.id);
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: { ...TEA_ORDER, customer: MISSING_CUSTOMER } });
    const e = expectError(res, 404, 'PARENT_NOT_FOUND');
    expect(e.details).toMatchObject({ resource: 'customer', id: MISSING_CUSTOMER });
    const patch = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { customer: MISSING_CUSTOMER } });
    expectError(patch, 404, 'PARENT_NOT_FOUND');
    const detach = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: acct.key, body: { customer: null } });
    expect(detach.status).toBe(200);
    expect(detach.body.customer).toBeNull();
  });
});

describe('customers', () => {
  it('POST /v1/customers and /v1/customers/create: 201 with email, name, phone, metadata', async () => {
    const body = { email: 'ada@example.com', name: 'Ada', phone: '+44 20 7946 0000', metadata: { tier: 'gold' } };
    for (const path of ['/v1/customers', '/v1/customers/create']) {
      const res = await api(t.url, path, { key: acct.key, body });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ object: 'customer', ...body });
      expect(res.body.id).toMatch(/^cus_/);
      expect(Number.isInteger(res.body.created)).toBe(true);
    }
  });

  it('lists on both paths, reads by id, 404 for unknown', async () => {
    const c = (await api(t.url, '/v1/customers', { key: acct.key, body: { name: 'Listed' } })).body;
    for (const path of ['/v1/customers', '/v1/customers/list']) {
      const list = await api(t.url, `${path}?limit=100`, { key: acct.key });
      expectList(list);
      expect(ids(list)).toContain(c.id);
      expect(list.body.data.every((x: any) => x.object === 'customer')).toBe(true);
    }
    expect((await api(t.url, `/v1/customers/${c.id}`, { key: acct.key })).body).toEqual(c);
    expectError(await api(t.url, `/v1/customers/${MISSING_CUSTOMER}`, { key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('PATCH updates fields and merges metadata', async () => {
    const c = (await api(t.url, '/v1/customers', { key: acct.key, body: { name: 'Old', email: 'old@example.com', metadata: { a: '1', b: '2' } } })).body;
    const res = await api(t.url, `/v1/customers/${c.id}`, { method: 'PATCH', key: acct.key, body: { name: 'New', phone: '555', metadata: { a: null, c: '3' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, name: 'New', email: 'old@example.com', phone: '555', metadata: { b: '2', c: '3' } });
    expect(Object.keys(res.body.metadata).sort()).toEqual(['b', 'c']);
  });

  it('refuses an invalid email and unknown fields together', async () => {
    const res = await api(t.url, '/v1/customers', { key: acct.key, body: { email: 'not-an-email', nickname: 'x' } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res).sort()).toEqual(['email', 'nickname']);
  });

  it('has no order actions', async () => {
    const c = (await api(t.url, '/v1/customers', { key: acct.key, body: {} })).body;
    expectError(await api(t.url, `/v1/customers/${c.id}/cancel`, { method: 'POST', key: acct.key }), 404, 'ROUTE_NOT_FOUND');
  });

  it('DELETE: a customer nothing refers to is deleted (customer.deleted); one with orders is 409 and stays', async () => {
    const lone = (await api(t.url, '/v1/customers', { key: acct.key, body: { name: 'Gone', email: 'gone@example.com' } })).body;
    const del = await api(t.url, `/v1/customers/${lone.id}`, { method: 'DELETE', key: acct.key });
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ id: lone.id, object: 'customer', deleted: true });
    expectError(await api(t.url, `/v1/customers/${lone.id}`, { key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await api(t.url, `/v1/customers/${lone.id}`, { method: 'DELETE', key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
    // a path id not even shaped as one names nothing either: 404, as GET answers it
    for (const [method, path] of [['DELETE', '/v1/customers/nope'], ['PATCH', '/v1/customers/nope'], ['PUT', '/v1/webhooks/we_nope'], ['POST', '/v1/orders/ord_x/cancel']]) {
      expectError(await api(t.url, path, { method, key: acct.key, body: method === 'DELETE' ? undefined : {} }), 404, 'RESOURCE_NOT_FOUND');
    }
    const events = (await api(t.url, '/v1/events?type=customer.deleted&limit=100', { key: acct.key })).body.data;
    const deleted = events.find((e: any) => e.data.object.id === lone.id);
    expect(deleted.data.object).toMatchObject({ id: lone.id, object: 'customer', name: 'Gone', email: 'gone@example.com' });

    const buyer = (await api(t.url, '/v1/customers', { key: acct.key, body: { name: 'Buyer' } })).body;
    await createOrder(t.url, acct.key, { ...TEA_ORDER, customer: buyer.id });
    const refused = await api(t.url, `/v1/customers/${buyer.id}`, { method: 'DELETE', key: acct.key });
    const e = expectError(refused, 409, 'RESOURCE_CONFLICT');
    expect(e.details).toMatchObject({ customer_id: buyer.id, orders: 1, payments: 0, invoices: 0, subscriptions: 0 });
    expect((await api(t.url, `/v1/customers/${buyer.id}`, { key: acct.key })).status).toBe(200);

    // another account's customer is not found; a read-only key may not delete
    const other = await t.newAccount();
    expectError(await api(t.url, `/v1/customers/${buyer.id}`, { method: 'DELETE', key: other.key }), 404, 'RESOURCE_NOT_FOUND');
    const reader = (await acct.newKey({ type: 'restricted', permissions: ['customers:read'] })).secret;
    expectError(await api(t.url, `/v1/customers/${buyer.id}`, { method: 'DELETE', key: reader }), 403, 'INSUFFICIENT_PERMISSIONS');

    // GraphQL deleteCustomer: the same operation
    const g = (await api(t.url, '/v1/customers', { key: acct.key, body: { name: 'Gql' } })).body;
    const res = await api(t.url, '/graphql', { key: acct.key, body: { query: `mutation { deleteCustomer(id: "${g.id}") { id deleted } }` } });
    expect(res.body.data.deleteCustomer).toEqual({ id: g.id, deleted: true });
    const again = await api(t.url, '/graphql', { key: acct.key, body: { query: `mutation { deleteCustomer(id: "${buyer.id}") { id } }` } });
    expect(again.body.errors[0].extensions.code).toBe('RESOURCE_CONFLICT');
    // GraphQL answers a malformed id the way REST does: nothing by that id, 404; an id inside an
    // input keeps its 400
    for (const query of [
      'mutation { deleteCustomer(id: "nope") { id } }',
      'mutation { updateCustomer(id: "nope", input: {name: "x"}) { id } }',
      'mutation { cancelOrder(id: "ord_x") { id } }',
      'mutation { rotateWebhookSecret(id: "we_nope") { secret } }',
    ]) {
      const r = await api(t.url, '/graphql', { key: acct.key, body: { query } });
      expect(r.body.errors?.[0]?.extensions, `${query}: ${r.text}`).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    }
    const inBody = await api(t.url, '/graphql', { key: acct.key, body: { query: 'mutation { createOrder(input: {currency: "usd", customer: "nope", items: [{name: "t", quantity: 1, unitAmount: 100}]}) { id } }' } });
    expect(inBody.body.errors?.[0]?.extensions?.code, inBody.text).toBe('INVALID_FIELD_FORMAT');
  });
});

describe('products', () => {
  it('POST /v1/products and /v1/products/create: 201 with every field', async () => {
    const body = { name: 'Kettle', description: 'Steel, 1.7 l', sku: 'KET-1', price: 4999, currency: 'USD', active: false, metadata: { color: 'steel' } };
    for (const path of ['/v1/products', '/v1/products/create']) {
      const res = await api(t.url, path, { key: acct.key, body });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...body, object: 'product', currency: 'usd' });
      expect(res.body.id).toMatch(/^prod_/);
    }
  });

  it('active defaults to true; lists on both paths; reads by id', async () => {
    const p = (await api(t.url, '/v1/products', { key: acct.key, body: { name: 'Cup', price: 300, currency: 'usd' } })).body;
    expect(p.active).toBe(true);
    for (const path of ['/v1/products', '/v1/products/list']) {
      const list = await api(t.url, `${path}?limit=100`, { key: acct.key });
      expectList(list);
      expect(ids(list)).toContain(p.id);
    }
    expect((await api(t.url, `/v1/products/${p.id}`, { key: acct.key })).body).toEqual(p);
  });

  it('PATCH changes price and active, merges metadata, keeps the rest', async () => {
    const p = (await api(t.url, '/v1/products', { key: acct.key, body: { name: 'Pot', price: 1000, currency: 'usd', metadata: { x: '1', y: '2' } } })).body;
    const res = await api(t.url, `/v1/products/${p.id}`, { method: 'PATCH', key: acct.key, body: { price: 1200, active: false, metadata: { x: '' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Pot', price: 1200, active: false, currency: 'usd', metadata: { y: '2' } });
    expect(res.body.metadata).not.toHaveProperty('x');
  });

  it('lists every missing required field at once', async () => {
    const res = await api(t.url, '/v1/products', { key: acct.key, body: {} });
    expectError(res, 400, 'MISSING_REQUIRED_FIELD');
    expect(faultFields(res).sort()).toEqual(['currency', 'name', 'price']);
  });

  it('refuses a fractional or negative price', async () => {
    const res = await api(t.url, '/v1/products', { key: acct.key, body: { name: 'X', price: 1.5, currency: 'usd' } });
    expect(faultFields(res)).toEqual(['price']);
    const neg = await api(t.url, '/v1/products', { key: acct.key, body: { name: 'X', price: -1, currency: 'usd' } });
    expect(faultFields(neg)).toEqual(['price']);
  });
});
