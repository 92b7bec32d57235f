// The self-hosted routes (/orders, /products, /inventory, /returns) end to end with a signed-in
// user: the same operations, representations, errors and events as /v1; PUT and DELETE of
// orders; isolation between organisations on every route; bad input is a clear 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { newJwtSecret, signUp, type SignedIn } from './helpers.js';

let t: TestServer;
let owner: SignedIn;
let colleague: SignedIn;
let stranger: SignedIn;
let product: string;

beforeAll(async () => {
  t = await startTestServer({ JWT_SECRET: newJwtSecret(), LOGIN_FAIL_LIMIT_PER_IP: '1000000' });
  owner = await signUp(t.url);
  colleague = await signUp(t.url, { inviter: owner.access_token });
  stranger = await signUp(t.url);
  const p = await api(t.url, '/v1/products', { key: owner.access_token, body: { name: 'Kettle', price: 2500, currency: 'usd' } });
  expect(p.status, p.text).toBe(201);
  product = p.body.id;
  const stocked = await api(t.url, '/inventory/adjust', { key: owner.access_token, body: { product, delta: 50, reason: 'initial stock' } });
  expect(stocked.status, stocked.text).toBe(200);
});
afterAll(async () => { await t?.stop(); });

type Who = SignedIn | string;
const keyOf = (who: Who) => (typeof who === 'string' ? who : who.access_token);
const get = (who: Who, path: string) => api(t.url, path, { key: keyOf(who) });
const post = (who: Who, path: string, body: unknown = {}, headers: Record<string, string> = {}) => api(t.url, path, { key: keyOf(who), body, headers });
const put = (who: Who, path: string, body: unknown) => api(t.url, path, { key: keyOf(who), body, method: 'PUT' });
const del = (who: Who, path: string) => api(t.url, path, { key: keyOf(who), method: 'DELETE' });

function ok(res: ApiResponse, status = 200) {
  expect(res.status, res.text.slice(0, 600)).toBe(status);
  return res.body;
}

function refused(res: ApiResponse, status: number, code?: string) {
  expect(res.status, res.text.slice(0, 600)).toBe(status);
  expect(res.body?.error, res.text.slice(0, 600)).toBeTruthy();
  if (code) expect(res.body.error.code).toBe(code);
  return res.body.error;
}

async function newOrder(who: Who = owner, quantity = 2) {
  return ok(await post(who, '/orders', { currency: 'usd', items: [{ product, quantity }], metadata: { channel: 'selfhosted' } }), 201);
}

/** The body without what differs between two reads of one resource (nothing, for orders). */
const same = async (path: string, who: Who = owner) => {
  const [a, b] = await Promise.all([get(who, path), get(who, `/v1${path}`)]);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(a.text).toBe(b.text);
  return a.body;
};

describe('health', () => {
  it('GET /health still answers status healthy', async () => {
    const res = await api(t.url, '/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('healthy');
  });
});

describe('an order\'s life on the self-hosted routes', () => {
  it('create, hold, release, fulfill, deliver (PUT), return, approve, receive, process: as /v1 would', async () => {
    const order = await newOrder();
    expect(order).toMatchObject({ object: 'order', status: 'pending', amount: 5000, livemode: false, on_hold: false, metadata: { channel: 'selfhosted' } });
    expect(await same(`/orders/${order.id}`)).toEqual(order);

    const held = ok(await post(owner, `/orders/${order.id}/hold`, { reason: 'address check' }));
    expect(held).toMatchObject({ on_hold: true, hold_reason: 'address check' });
    // a held order cannot ship: the operation's own rule, its own error
    refused(await post(owner, `/orders/${order.id}/fulfill`, {}), 422, 'INVALID_STATE_TRANSITION');
    refused(await post(owner, `/orders/${order.id}/hold`, {}), 422, 'INVALID_STATE_TRANSITION');
    const released = ok(await post(colleague, `/orders/${order.id}/release`));
    expect(released).toMatchObject({ on_hold: false, hold_reason: null });

    const shipped = ok(await post(owner, `/orders/${order.id}/fulfill`, { shipping_carrier: 'ups', tracking_number: '1Z999' }));
    expect(shipped).toMatchObject({ status: 'shipped', shipping_carrier: 'ups', tracking_number: '1Z999' });
    const delivered = ok(await put(owner, `/orders/${order.id}`, { status: 'delivered' }));
    expect(delivered.status).toBe('delivered');
    expect(delivered.delivered_at).toBeGreaterThan(0);
    // PUT left what it was not given as it was
    expect(delivered).toMatchObject({ shipping_carrier: 'ups', tracking_number: '1Z999', metadata: { channel: 'selfhosted' } });
    expect(await same(`/orders/${order.id}`)).toEqual(delivered);

    const ret = ok(await post(owner, '/returns', { order: order.id, items: [{ order_item: order.items[0].id, quantity: 1, reason: 'dented' }] }), 201);
    expect(ret).toMatchObject({ object: 'return', status: 'requested', order: order.id, refund_amount: 2500 });
    expect(await same(`/returns/${ret.id}`)).toEqual(ret);
    const listed = ok(await get(owner, '/returns'));
    expect(listed.url).toBe('/returns');
    expect(listed.data.map((r: { id: string }) => r.id)).toContain(ret.id);

    expect(ok(await post(owner, `/returns/${ret.id}/approve`)).status).toBe('approved');
    expect(ok(await post(owner, `/returns/${ret.id}/receive`)).status).toBe('received');
    expect(ok(await post(owner, `/returns/${ret.id}/process`)).status).toBe('processed');
    refused(await post(owner, `/returns/${ret.id}/approve`), 422, 'INVALID_STATE_TRANSITION');

    // the events are those of the operations, with this door's request ids
    const events = ok(await get(owner, '/v1/events?limit=100')).data as { type: string; data: { object: { id: string } } }[];
    const mine = events.filter((e) => e.data.object.id === order.id || e.data.object.id === ret.id).map((e) => e.type).reverse();
    for (const type of ['order.created', 'order.shipped', 'order.fulfilled', 'order.delivered', 'return.created', 'return.approved', 'return.received', 'return.processed']) {
      expect(mine, type).toContain(type);
    }
  });

  it('a rejected return', async () => {
    const order = await newOrder();
    ok(await post(owner, `/orders/${order.id}/fulfill`));
    const ret = ok(await post(owner, '/returns', { order: order.id, items: [{ order_item: order.items[0].id, quantity: 2, reason: 'wrong size' }] }), 201);
    refused(await post(owner, `/returns/${ret.id}/reject`, {}), 400, undefined);
    expect(ok(await post(owner, `/returns/${ret.id}/reject`, { reason: 'worn' }))).toMatchObject({ status: 'rejected', rejection_reason: 'worn' });
  });

  it('cancel, and a request replayed by Idempotency-Key', async () => {
    const order = await newOrder();
    const headers = { 'idempotency-key': `cancel-${order.id}` };
    const cancelled = await post(owner, `/orders/${order.id}/cancel`, { reason: 'requested_by_customer' }, headers);
    expect(ok(cancelled)).toMatchObject({ status: 'cancelled', cancellation_reason: 'requested_by_customer' });
    const replay = await post(owner, `/orders/${order.id}/cancel`, { reason: 'requested_by_customer' }, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(cancelled.text);
    refused(await post(owner, `/orders/${order.id}/cancel`, { reason: 'requested_by_customer' }), 422, 'INVALID_STATE_TRANSITION');
    refused(await post(owner, `/orders/${order.id}/cancel`, { reason: 'bored' }), 400);
  });

  it('lists answer as /v1 lists do', async () => {
    await newOrder();
    const [mine, v1] = await Promise.all([get(owner, '/orders?limit=5&sort=-amount'), get(owner, '/v1/orders?limit=5&sort=-amount')]);
    expect(ok(mine).data).toEqual(ok(v1).data);
    expect(mine.body.url).toBe('/orders');
    expect(mine.body.pagination).toEqual(v1.body.pagination);
    refused(await get(owner, '/orders?colour_eq=red'), 400);
  });
});

describe('PUT /orders/:id updates the fields it is given (orders.update)', () => {
  it('metadata, carrier, status; unknown fields, the id and bad values are refused', async () => {
    const order = await newOrder();
    const updated = ok(await put(owner, `/orders/${order.id}`, { metadata: { gift: 'yes' }, shipping_carrier: 'dhl' }));
    expect(updated).toMatchObject({ status: 'pending', shipping_carrier: 'dhl', metadata: { channel: 'selfhosted', gift: 'yes' } });
    refused(await put(owner, `/orders/${order.id}`, { status: 'refunded' }), 400);
    refused(await put(owner, `/orders/${order.id}`, { status: 'delivered' }), 422, 'INVALID_STATE_TRANSITION');
    refused(await put(owner, `/orders/${order.id}`, { id: 'ord_other' }), 400);
    refused(await put(owner, `/orders/${order.id}`, { amount: 1 }), 400);
    refused(await put(owner, `/orders/${order.id}`, 'text'), 400);
    // PATCH is the /v1 spelling; this door takes PUT: the path exists, so 405 naming its methods
    const patch = await api(t.url, `/orders/${order.id}`, { key: owner.access_token, method: 'PATCH', body: { metadata: { a: 'b' } } });
    expect(refused(patch, 405, 'METHOD_NOT_ALLOWED').details.allowed).toContain('PUT');
    expect(patch.headers.get('allow')).toContain('PUT');
  });
});

describe('DELETE /orders/:id (orders.delete)', () => {
  it('deletes a pending order without payments; anything else is 422', async () => {
    const order = await newOrder();
    const stockBefore = ok(await get(owner, `/inventory?product=${product}`)).data[0];
    const gone = ok(await del(owner, `/orders/${order.id}`));
    expect(gone).toEqual({ id: order.id, object: 'order', deleted: true });
    refused(await get(owner, `/orders/${order.id}`), 404, 'RESOURCE_NOT_FOUND');
    refused(await del(owner, `/orders/${order.id}`), 404, 'RESOURCE_NOT_FOUND');
    // its reserved stock went back
    const stockAfter = ok(await get(owner, `/inventory?product=${product}`)).data[0];
    expect(stockAfter.reserved).toBe(stockBefore.reserved - 2);

    const shipped = await newOrder();
    ok(await post(owner, `/orders/${shipped.id}/fulfill`));
    const err = refused(await del(owner, `/orders/${shipped.id}`), 422, 'INVALID_STATE_TRANSITION');
    expect(err.details).toMatchObject({ current_status: 'shipped' });

    const paid = await newOrder();
    const payment = await post(owner, '/v1/payments', { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa', order: paid.id });
    expect(payment.status, payment.text).toBe(201);
    expect(ok(await get(owner, `/orders/${paid.id}`)).status).toBe('pending'); // partly paid
    refused(await del(owner, `/orders/${paid.id}`), 422, 'INVALID_STATE_TRANSITION');
  });
});

describe('products and inventory', () => {
  it('GET /products and /products/:id as /v1; no writes on this door', async () => {
    const one = await same(`/products/${product}`);
    expect(one).toMatchObject({ id: product, name: 'Kettle' });
    expect(ok(await get(owner, '/products')).data.map((p: { id: string }) => p.id)).toContain(product);
    const write = await post(owner, '/products', { name: 'x', price: 1, currency: 'usd' });
    refused(write, 405, 'METHOD_NOT_ALLOWED');
    expect(write.headers.get('allow')).toBe('GET, HEAD');
  });

  it('GET /inventory and the stock operations', async () => {
    const item = ok(await get(owner, `/inventory?product=${product}`)).data[0];
    expect(item).toMatchObject({ object: 'inventory_item', product, location: 'default' });
    expect(await same(`/inventory/${item.id}`)).toMatchObject({ id: item.id });
    const reserved = ok(await post(owner, '/inventory/reserve', { product, quantity: 3 }));
    expect(reserved.reserved).toBe(item.reserved + 3);
    const allocated = ok(await post(owner, '/inventory/allocate', { product, quantity: 1 }));
    expect(allocated.allocated).toBe(item.allocated + 1);
    const releasedStock = ok(await post(owner, '/inventory/release', { product, quantity: 2 }));
    expect(releasedStock.reserved + releasedStock.allocated).toBe(allocated.reserved + allocated.allocated - 2);
    // each answer is the item as /v1 shows it afterwards
    expect(await same(`/inventory/${item.id}`)).toEqual(releasedStock);
    const adjusted = ok(await post(owner, '/inventory/adjust', { product, delta: -1, reason: 'breakage' }));
    expect(adjusted.on_hand).toBe(item.on_hand - 1);
    const transfer = ok(await post(owner, '/inventory/transfer', { product, from_location: 'default', to_location: 'backroom', quantity: 2 }));
    expect(transfer).toMatchObject({ object: 'inventory_transfer', quantity: 2 });
    refused(await post(owner, '/inventory/reserve', { product, quantity: 1_000_000 }), 422, 'INSUFFICIENT_INVENTORY');
    refused(await post(owner, '/inventory/adjust', { product, delta: 0, reason: 'x' }), 400);
    refused(await post(owner, '/inventory/adjust', { product }), 400);
  });
});

describe('isolation between organisations', () => {
  it('another organisation gets 404 on every route of an order, return, product and inventory item it does not own', async () => {
    const order = await newOrder();
    ok(await post(owner, `/orders/${order.id}/fulfill`));
    const ret = ok(await post(owner, '/returns', { order: order.id, items: [{ order_item: order.items[0].id, quantity: 1, reason: 'x' }] }), 201);
    const item = ok(await get(owner, `/inventory?product=${product}`)).data[0];

    const attempts: [string, Promise<ApiResponse>][] = [
      ['GET order', get(stranger, `/orders/${order.id}`)],
      ['PUT order', put(stranger, `/orders/${order.id}`, { metadata: { x: 'y' } })],
      ['DELETE order', del(stranger, `/orders/${order.id}`)],
      ...(['cancel', 'hold', 'release', 'fulfill'] as const).map((a) => [`${a} order`, post(stranger, `/orders/${order.id}/${a}`)] as [string, Promise<ApiResponse>]),
      ['GET return', get(stranger, `/returns/${ret.id}`)],
      ...(['approve', 'receive', 'process'] as const).map((a) => [`${a} return`, post(stranger, `/returns/${ret.id}/${a}`)] as [string, Promise<ApiResponse>]),
      ['reject return', post(stranger, `/returns/${ret.id}/reject`, { reason: 'no' })],
      ['create return', post(stranger, '/returns', { order: order.id, items: [{ order_item: order.items[0].id, quantity: 1, reason: 'x' }] })],
      ['GET product', get(stranger, `/products/${product}`)],
      ['GET inventory item', get(stranger, `/inventory/${item.id}`)],
      ['adjust', post(stranger, '/inventory/adjust', { product, delta: 1, reason: 'x' })],
      ['reserve', post(stranger, '/inventory/reserve', { product, quantity: 1 })],
      ['order of a foreign product', post(stranger, '/orders', { currency: 'usd', items: [{ product, quantity: 1 }] })],
    ];
    const BODY_REFERENCES = new Set(['create return', 'adjust', 'reserve', 'order of a foreign product']);
    for (const [name, attempt] of attempts) {
      const res = await attempt;
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      // an id in the path is 404; a foreign id in a body is the operation's own refusal (404 or 400)
      if (!BODY_REFERENCES.has(name)) expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(404);
    }
    // nothing changed
    expect(ok(await get(owner, `/orders/${order.id}`))).toMatchObject({ status: 'shipped', on_hold: false, metadata: { channel: 'selfhosted' } });
    expect(ok(await get(owner, `/returns/${ret.id}`)).status).toBe('requested');
    // and lists show only one's own rows
    for (const path of ['/orders', '/returns', '/products', '/inventory']) {
      const rows = ok(await get(stranger, `${path}?limit=100`)).data as { id: string }[];
      expect(rows.map((r) => r.id), path).not.toContain(order.id);
      expect(rows.map((r) => r.id), path).not.toContain(ret.id);
      expect(rows.map((r) => r.id), path).not.toContain(product);
      expect(rows.map((r) => r.id), path).not.toContain(item.id);
    }
  });

  it('a colleague sees and acts on the organisation\'s orders', async () => {
    const order = await newOrder(colleague);
    expect(ok(await get(owner, `/orders/${order.id}`)).id).toBe(order.id);
    expect(ok(await post(owner, `/orders/${order.id}/cancel`)).status).toBe('cancelled');
  });
});

describe('credentials and bad input', () => {
  it('API keys work on this door with their permissions; no credential is 401', async () => {
    const acct = await t.newAccount();
    const created = ok(await post(acct.key, '/orders', { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] }), 201);
    expect(ok(await get(acct.key, `/orders/${created.id}`)).id).toBe(created.id);
    const reader = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect(ok(await get(reader.secret, '/orders')).object).toBe('list');
    refused(await post(reader.secret, '/orders', { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] }), 403, 'INSUFFICIENT_PERMISSIONS');
    refused(await post(reader.secret, `/orders/${created.id}/cancel`), 403, 'INSUFFICIENT_PERMISSIONS');
    for (const path of ['/orders', '/products', '/inventory', '/returns']) refused(await api(t.url, path), 401, 'MISSING_AUTH_HEADER');
    refused(await api(t.url, '/orders', { body: {} }), 401, 'MISSING_AUTH_HEADER');
    refused(await api(t.url, '/orders', { key: 'rt_' + 'x'.repeat(43) }), 401, 'INVALID_ACCESS_TOKEN');
  });

  it('every bad input is a clear 4xx in the error envelope', async () => {
    const order = await newOrder();
    const cases: [string, Promise<ApiResponse>, number][] = [
      ['empty order', post(owner, '/orders', {}), 400],
      ['bad currency', post(owner, '/orders', { currency: 'xyz', items: [{ name: 'a', quantity: 1, unit_amount: 1 }] }), 400],
      ['no items', post(owner, '/orders', { currency: 'usd', items: [] }), 400],
      ['negative quantity', post(owner, '/orders', { currency: 'usd', items: [{ name: 'a', quantity: -1, unit_amount: 1 }] }), 400],
      ['unknown product', post(owner, '/orders', { currency: 'usd', items: [{ product: 'prod_nope', quantity: 1 }] }), 400],
      ['array body', post(owner, '/orders', [1]), 400],
      ['bad JSON', api(t.url, '/orders', { key: owner.access_token, rawBody: '{"currency":' }), 400],
      ['text body', api(t.url, '/orders', { key: owner.access_token, rawBody: 'hello', headers: { 'content-type': 'text/plain' } }), 415], // JSON only, as on /v1
      ['unknown order', get(owner, '/orders/ord_00000000000000000000000000'), 404],
      ['malformed id', get(owner, '/orders/%E0%A4%A'), 400],
      ['hold, unknown field', post(owner, `/orders/${order.id}/hold`, { until: 'tomorrow' }), 400],
      ['id in an action body', post(owner, `/orders/${order.id}/release`, { id: order.id }), 400],
      ['return of a pending order', post(owner, '/returns', { order: order.id, items: [{ order_item: order.items[0].id, quantity: 1, reason: 'x' }] }), 422],
      ['return, no items', post(owner, '/returns', { order: order.id, items: [] }), 400],
      ['unknown return', get(owner, '/returns/ret_00000000000000000000000000'), 404],
      ['unknown action', post(owner, `/orders/${order.id}/refund`), 404],
      ['unknown route', get(owner, '/orders/a/b/c'), 404],
      ['unknown inventory action', post(owner, '/inventory/steal', { product, quantity: 1 }), 405], // GET /inventory/{id} is the path's one method
      ['bad Idempotency-Key', post(owner, `/orders/${order.id}/release`, {}, { 'idempotency-key': 'x'.repeat(300) }), 400],
    ];
    for (const [name, attempt, status] of cases) {
      const res = await attempt;
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(status);
      expect(res.headers.get('content-type'), name).toContain('application/json');
      expect(res.body?.error?.code, name).toMatch(/^[A-Z_]+$/);
      expect(res.body.error.request_id, name).toMatch(/^req_/);
    }
  });
});

describe('route configs (read by the OpenAPI document)', () => {
  it('each self-hosted route names its operation or its model', async () => {
    const doc = await api(t.url, '/openapi.json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<string, Record<string, { operationId: string }>>;
    const expected: [string, string, string][] = [
      ['post', '/auth/register', 'selfhosted_auth_register'],
      ['post', '/auth/login', 'selfhosted_auth_login'],
      ['post', '/auth/refresh', 'selfhosted_auth_refresh'],
      ['post', '/orders', 'selfhosted_orders_create'],
      ['get', '/orders', 'selfhosted_orders_list'],
      ['get', '/orders/{id}', 'selfhosted_orders_retrieve'],
      ['put', '/orders/{id}', 'selfhosted_orders_update'],
      ['delete', '/orders/{id}', 'selfhosted_orders_delete'],
      ['post', '/orders/{id}/cancel', 'selfhosted_orders_cancel'],
      ['post', '/orders/{id}/hold', 'selfhosted_orders_hold'],
      ['post', '/orders/{id}/release', 'selfhosted_orders_release'],
      ['post', '/orders/{id}/fulfill', 'selfhosted_orders_fulfill'],
      ['get', '/products', 'selfhosted_products_list'],
      ['get', '/products/{id}', 'selfhosted_products_retrieve'],
      ['get', '/inventory', 'selfhosted_inventory_list'],
      ['post', '/inventory/adjust', 'selfhosted_inventory_adjust'],
      ['post', '/inventory/allocate', 'selfhosted_inventory_allocate'],
      ['post', '/inventory/reserve', 'selfhosted_inventory_reserve'],
      ['post', '/inventory/release', 'selfhosted_inventory_release'],
      ['post', '/inventory/transfer', 'selfhosted_inventory_transfer'],
      ['post', '/returns', 'selfhosted_returns_create'],
      ['get', '/returns', 'selfhosted_returns_list'],
      ['get', '/returns/{id}', 'selfhosted_returns_retrieve'],
      ['post', '/returns/{id}/approve', 'selfhosted_returns_approve'],
      ['post', '/returns/{id}/reject', 'selfhosted_returns_reject'],
      ['post', '/returns/{id}/receive', 'selfhosted_returns_receive'],
      ['post', '/returns/{id}/process', 'selfhosted_returns_process'],
    ];
    for (const [method, path, operationId] of expected) {
      expect(paths[path]?.[method]?.operationId, `${method} ${path}`).toBe(operationId);
    }
    for (const path of ['/auth/register', '/auth/login', '/auth/refresh']) expect(paths[path]?.post, path).toBeTruthy();
  });
});
