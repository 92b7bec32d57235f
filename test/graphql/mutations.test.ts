// Mutations of the GraphQL door: orders (create, update, fulfill, cancel along the state
// machine), customers and products (create, update), nested selections in the results,
// validation errors, INVALID_STATE_TRANSITION, Idempotency-Key and account isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { data, failure } from './client.js';
import {
  CancelOrderDocument, CreateCustomerDocument, CreateOrderDocument, CreateProductDocument, FulfillOrderDocument,
  GetOrderDocument, ListOrdersDocument, UpdateCustomerDocument, UpdateOrderDocument, UpdateProductDocument,
} from '../generated/graphql.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  b = await t.newAccount();
}, 120_000);
afterAll(async () => { await t?.stop(); });

const newOrder = async (key: string, extra: { customer?: string; metadata?: Record<string, string> } = {}) =>
  (await data(t.url, key, CreateOrderDocument, { input: { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unitAmount: 450 }], ...extra } })).createOrder;

describe('customers and products', () => {
  it('createCustomer and updateCustomer, with the orders relation in the result', async () => {
    const { createCustomer: c } = await data(t.url, a.key, CreateCustomerDocument, {
      input: { email: 'ada@example.com', name: 'Ada', phone: '+44 20 7946 0000', metadata: { segment: 'b2b', vip: 'yes' } },
    });
    expect(c).toMatchObject({ email: 'ada@example.com', name: 'Ada', phone: '+44 20 7946 0000', metadata: { segment: 'b2b', vip: 'yes' }, orders: [] });
    expect(c.id).toMatch(/^cus_/);
    expect(new Date(c.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const order = await newOrder(a.key, { customer: c.id });
    const { updateCustomer: u } = await data(t.url, a.key, UpdateCustomerDocument, {
      id: c.id, input: { name: 'Ada L.', phone: null, metadata: { vip: null, tier: 'gold' } },
    });
    expect(u).toEqual({
      id: c.id, email: 'ada@example.com', name: 'Ada L.', phone: null, metadata: { segment: 'b2b', tier: 'gold' },
      orders: [{ id: order.id, status: 'pending' }],
    });
  });

  it('createCustomer takes no input at all', async () => {
    const { createCustomer: c } = await data(t.url, a.key, CreateCustomerDocument, {});
    expect(c).toMatchObject({ email: null, name: null, metadata: {} });
  });

  it('createProduct and updateProduct', async () => {
    const { createProduct: p } = await data(t.url, a.key, CreateProductDocument, {
      input: { name: 'Kettle', description: 'Steel', sku: 'KET-1', price: 2599, currency: 'EUR', metadata: { color: 'red' } },
    });
    // currency is stored in the spec's lowercase; active defaults to true
    expect(p).toMatchObject({ name: 'Kettle', description: 'Steel', sku: 'KET-1', price: 2599, currency: 'eur', active: true, metadata: { color: 'red' } });
    const { updateProduct: u } = await data(t.url, a.key, UpdateProductDocument, {
      id: p.id, input: { price: 2799, active: false, sku: null, metadata: { size: 'L' } },
    });
    expect(u).toEqual({ ...p, price: 2799, active: false, sku: null, metadata: { color: 'red', size: 'L' } });
  });

  it('validation errors carry VALIDATION_ERROR (a single fault its precise code) and details.errors', async () => {
    const email = await failure(t.url, a.key, CreateCustomerDocument, { input: { email: 'not-an-email' } });
    expect(email.extensions?.code).toBe('INVALID_FIELD_FORMAT');
    expect(email.extensions?.details?.errors).toEqual([expect.objectContaining({ field: 'email', expected: 'a valid email' })]);
    const product = await failure(t.url, a.key, CreateProductDocument, { input: { name: '', price: -1, currency: 'euro' } });
    expect(product.extensions?.code).toBe('VALIDATION_ERROR');
    expect(product.extensions?.details?.errors?.map((e) => e.field).sort()).toEqual(['currency', 'name', 'price']);
    expect(product.message).toBe('3 fields are invalid');
    const meta = await failure(t.url, a.key, UpdateProductDocument, { id: 'prod_doesnotexist000', input: { metadata: { k: 5 } } });
    expect(meta.extensions?.code).toBe('VALIDATION_ERROR');
    expect(meta.extensions?.details?.errors?.[0].field).toMatch(/^metadata\.k$/);
  });
});

describe('orders', () => {
  it('createOrder resolves nested customer, items and products; amount is the sum of the items', async () => {
    const { createCustomer: c } = await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'buyer@example.com' } });
    const { createProduct: p } = await data(t.url, a.key, CreateProductDocument, { input: { name: 'Mug', price: 1200, currency: 'usd' } });
    const { createOrder: o } = await data(t.url, a.key, CreateOrderDocument, {
      input: { currency: 'USD', customer: c.id, metadata: { ref: 'gql-1' }, items: [{ product: p.id, quantity: 2 }, { name: 'Gift wrap', quantity: 1, unitAmount: 150 }] },
    });
    expect(o).toMatchObject({ status: 'pending', currency: 'usd', amount: 2 * 1200 + 150, metadata: { ref: 'gql-1' }, customer: { id: c.id, email: 'buyer@example.com' } });
    expect(o.items).toEqual([
      { name: 'Mug', quantity: 2, unitAmount: 1200, amount: 2400, position: 0, product: { id: p.id, name: 'Mug', price: 1200 } },
      { name: 'Gift wrap', quantity: 1, unitAmount: 150, amount: 150, position: 1, product: null },
    ]);
    const { order } = await data(t.url, a.key, GetOrderDocument, { id: o.id });
    expect(order?.amount).toBe(2550);
  });

  it('createOrder validation: several faults at once in details.errors', async () => {
    const err = await failure(t.url, a.key, CreateOrderDocument, { input: { currency: 'dollars', items: [] } });
    expect(err.extensions?.code).toBe('VALIDATION_ERROR');
    expect(err.extensions?.type).toBe('validation_error');
    expect(err.extensions?.details?.errors?.map((e) => e.field).sort()).toEqual(['currency', 'items']);
    for (const e of err.extensions!.details!.errors!) expect(e.message).toEqual(expect.any(String));
    const unnamed = await failure(t.url, a.key, CreateOrderDocument, { input: { currency: 'usd', items: [{ quantity: 1 }] } });
    expect(unnamed.extensions?.code).toBe('VALIDATION_ERROR');
    expect(unnamed.extensions?.details?.errors?.map((e) => e.field)).toContain('items.0.name');
    const mismatch = await data(t.url, a.key, CreateProductDocument, { input: { name: 'Euro thing', price: 5, currency: 'eur' } });
    const cur = await failure(t.url, a.key, CreateOrderDocument, { input: { currency: 'usd', items: [{ product: mismatch.createProduct.id, quantity: 1 }] } });
    expect(cur.extensions?.details?.errors).toEqual([expect.objectContaining({ field: 'items.0.product', expected: 'usd' })]);
  });

  it('text PostgreSQL cannot store as given (U+0000, unpaired surrogates) is a VALIDATION_ERROR in inputs and filters', async () => {
    const count = async () => (await api(t.url, '/v1/orders?limit=1', { key: a.key })).body.pagination.total_count as number;
    const before = await count();
    const err = await failure(t.url, a.key, CreateOrderDocument, {
      input: { currency: 'usd', items: [{ name: 'Tea \ud800', quantity: 1, unitAmount: 5 }, { name: 'Cake\u0000', quantity: 1, unitAmount: 5 }] },
    });
    expect(err.extensions?.code).toBe('VALIDATION_ERROR');
    expect(err.extensions?.details?.errors?.map((e) => e.field).sort()).toEqual(['items.0.name', 'items.1.name']);
    const filter = await api(t.url, '/graphql', { key: a.key, body: { query: 'query Q($s: String!) { orders(where: {status: {_eq: $s}}) { id } }', variables: { s: '\udfff' } } });
    expect(filter.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(filter.body.errors[0].message).toMatch(/where\.status\._eq: contains an unpaired surrogate/);
    expect(await count()).toBe(before); // nothing was written
  });

  it('a GraphQL type error (missing required quantity) is rejected before the operation runs', async () => {
    const err = await failure(t.url, a.key, CreateOrderDocument, { input: { currency: 'usd', items: [{ name: 'x' }] } as never });
    expect(err.message).toMatch(/quantity/);
  });

  it('updateOrder changes fields, merges metadata, and moves status along allowed transitions', async () => {
    const { createCustomer: c } = await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'new-owner@example.com' } });
    const o = await newOrder(a.key, { metadata: { keep: '1', drop: '2' } });
    const { updateOrder: u } = await data(t.url, a.key, UpdateOrderDocument, {
      id: o.id, input: { customer: c.id, shippingCarrier: 'dhl', metadata: { drop: null, add: '3' } },
    });
    expect(u).toMatchObject({ id: o.id, status: 'pending', shippingCarrier: 'dhl', metadata: { keep: '1', add: '3' }, customer: { id: c.id, email: 'new-owner@example.com' } });
    const processing = (await data(t.url, a.key, UpdateOrderDocument, { id: o.id, input: { status: 'processing' } })).updateOrder;
    expect(processing.status).toBe('processing');
    const back = await failure(t.url, a.key, UpdateOrderDocument, { id: o.id, input: { status: 'pending' } });
    expect(back.extensions?.code).toBe('INVALID_STATE_TRANSITION');
    expect(back.extensions?.details).toMatchObject({ current_status: 'processing', requested_status: 'pending', allowed: ['shipped', 'cancelled', 'refunded'] });
    const unset = (await data(t.url, a.key, UpdateOrderDocument, { id: o.id, input: { customer: null } })).updateOrder;
    expect(unset.customer).toBeNull();
  });

  it('fulfillOrder ships; then only delivered is allowed; cancelling a shipped order is INVALID_STATE_TRANSITION', async () => {
    const o = await newOrder(a.key);
    const { fulfillOrder: f } = await data(t.url, a.key, FulfillOrderDocument, { id: o.id, input: { trackingNumber: '1Z999', shippingCarrier: 'ups' } });
    expect(f).toMatchObject({ id: o.id, status: 'shipped', trackingNumber: '1Z999', shippingCarrier: 'ups', items: [{ name: 'Tea' }] });
    expect(f.fulfilledAt).not.toBeNull();
    const cancel = await failure(t.url, a.key, CancelOrderDocument, { id: o.id });
    expect(cancel.extensions?.code).toBe('INVALID_STATE_TRANSITION');
    expect(cancel.extensions?.status).toBe(422);
    expect(cancel.extensions?.details).toMatchObject({ order_id: o.id, current_status: 'shipped', requested_status: 'cancelled', allowed: ['delivered', 'refunded'] });
    expect(cancel.message).toMatch(/shipped cannot become cancelled/);
    const again = await failure(t.url, a.key, FulfillOrderDocument, { id: o.id });
    expect(again.extensions?.code).toBe('INVALID_STATE_TRANSITION');
    const delivered = (await data(t.url, a.key, UpdateOrderDocument, { id: o.id, input: { status: 'delivered' } })).updateOrder;
    expect(delivered.status).toBe('delivered');
    const afterDelivered = await failure(t.url, a.key, UpdateOrderDocument, { id: o.id, input: { status: 'shipped' } });
    expect(afterDelivered.extensions?.code).toBe('INVALID_STATE_TRANSITION');
    // the failed moves changed nothing
    expect((await data(t.url, a.key, GetOrderDocument, { id: o.id })).order?.status).toBe('delivered');
  });

  it('cancelOrder cancels a pending order once', async () => {
    const o = await newOrder(a.key, { customer: (await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'c@example.com' } })).createCustomer.id });
    const { cancelOrder: c } = await data(t.url, a.key, CancelOrderDocument, { id: o.id, input: { reason: 'requested_by_customer' } });
    expect(c).toMatchObject({ id: o.id, status: 'cancelled', cancellationReason: 'requested_by_customer', customer: { email: 'c@example.com' } });
    expect(c.cancelledAt).not.toBeNull();
    const twice = await failure(t.url, a.key, CancelOrderDocument, { id: o.id });
    expect(twice.extensions?.code).toBe('INVALID_STATE_TRANSITION');
    const fulfil = await failure(t.url, a.key, FulfillOrderDocument, { id: o.id });
    expect(fulfil.extensions?.code).toBe('INVALID_STATE_TRANSITION');
  });

  it('an unknown order id is RESOURCE_NOT_FOUND', async () => {
    const err = await failure(t.url, a.key, CancelOrderDocument, { id: 'ord_doesnotexist0000' });
    expect(err.extensions?.code).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('Idempotency-Key on GraphQL mutations', () => {
  const input = (ref: string) => ({ currency: 'usd', metadata: { ref }, items: [{ name: 'Tea', quantity: 1, unitAmount: 450 }] });
  const countByRef = async (ref: string) =>
    (await data(t.url, a.key, ListOrdersDocument, { where: { metadata: { _contains: { ref } } } })).orders.length;

  it('a replay returns the same order and creates nothing; different input with the key is IDEMPOTENCY_KEY_REUSED', async () => {
    const key = `order-${crypto.randomUUID()}`;
    const first = await data(t.url, a.key, CreateOrderDocument, { input: input('idem-1') }, { 'Idempotency-Key': key });
    const replay = await data(t.url, a.key, CreateOrderDocument, { input: input('idem-1') }, { 'Idempotency-Key': key });
    expect(replay.createOrder.id).toBe(first.createOrder.id);
    expect(replay.createOrder.items).toEqual(first.createOrder.items);
    expect(await countByRef('idem-1')).toBe(1);
    const reused = await failure(t.url, a.key, CreateOrderDocument, { input: input('idem-2') }, { 'Idempotency-Key': key });
    expect(reused.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.extensions?.details).toMatchObject({ idempotency_key: key });
    expect(await countByRef('idem-2')).toBe(0);
    // another operation with the same key is a different request too
    const other = await failure(t.url, a.key, CreateCustomerDocument, { input: { email: 'x@example.com' } }, { 'Idempotency-Key': key });
    expect(other.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // without a key, the same input makes a new order
    await data(t.url, a.key, CreateOrderDocument, { input: input('idem-1') });
    expect(await countByRef('idem-1')).toBe(2);
  });

  it('a replay says so in Idempotent-Replayed, as REST does; the first answer does not', async () => {
    const key = `customer-${crypto.randomUUID()}`;
    const doc = 'mutation { createCustomer(input: { name: "Bob", email: "bob@example.com" }) { id } }';
    const first = await gql(t.url, a.key, doc, undefined, { 'Idempotency-Key': key });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await gql(t.url, a.key, doc, undefined, { 'Idempotency-Key': key });
    expect(again.body.data.createCustomer.id).toBe(first.body.data.createCustomer.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a failed request replays its failure; a malformed key is rejected', async () => {
    const key = `order-${crypto.randomUUID()}`;
    const bad = { currency: 'usd', items: [] };
    expect((await failure(t.url, a.key, CreateOrderDocument, { input: bad }, { 'Idempotency-Key': key })).extensions?.code).toBe('VALIDATION_ERROR');
    expect((await failure(t.url, a.key, CreateOrderDocument, { input: bad }, { 'Idempotency-Key': key })).extensions?.code).toBe('VALIDATION_ERROR');
    const malformed = await failure(t.url, a.key, CreateOrderDocument, { input: input('idem-3') }, { 'Idempotency-Key': 'x'.repeat(300) });
    expect(malformed.extensions?.code).toBe('INVALID_FIELD_FORMAT');
  });

  it('keys belong to one API key: another key of the account may reuse the value', async () => {
    const key = `order-${crypto.randomUUID()}`;
    const second = await a.newKey();
    const one = await data(t.url, a.key, CreateOrderDocument, { input: input('idem-4') }, { 'Idempotency-Key': key });
    const two = await data(t.url, second.secret, CreateOrderDocument, { input: input('idem-4') }, { 'Idempotency-Key': key });
    expect(two.createOrder.id).not.toBe(one.createOrder.id);
  });
});

describe('account isolation in mutations', () => {
  it("B cannot touch A's orders, nor attach A's customers or products", async () => {
    const { createCustomer: ac } = await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'a-only@example.com' } });
    const { createProduct: ap } = await data(t.url, a.key, CreateProductDocument, { input: { name: 'A thing', price: 100, currency: 'usd' } });
    const ao = await newOrder(a.key);
    for (const res of [
      await failure(t.url, b.key, CancelOrderDocument, { id: ao.id }),
      await failure(t.url, b.key, FulfillOrderDocument, { id: ao.id }),
      await failure(t.url, b.key, UpdateOrderDocument, { id: ao.id, input: { metadata: { x: 'y' } } }),
      await failure(t.url, b.key, UpdateCustomerDocument, { id: ac.id, input: { name: 'mine' } }),
      await failure(t.url, b.key, UpdateProductDocument, { id: ap.id, input: { price: 1 } }),
    ]) {
      expect(res.extensions?.code).toBe('RESOURCE_NOT_FOUND');
    }
    const withCustomer = await failure(t.url, b.key, CreateOrderDocument, { input: { currency: 'usd', customer: ac.id, items: [{ name: 'x', quantity: 1, unitAmount: 1 }] } });
    expect(withCustomer.extensions?.code).toBe('PARENT_NOT_FOUND');
    const withProduct = await failure(t.url, b.key, CreateOrderDocument, { input: { currency: 'usd', items: [{ product: ap.id, quantity: 1 }] } });
    expect(withProduct.extensions?.code).toBe('VALIDATION_ERROR');
    const bo = await newOrder(b.key);
    const attach = await failure(t.url, b.key, UpdateOrderDocument, { id: bo.id, input: { customer: ac.id } });
    expect(attach.extensions?.code).toBe('PARENT_NOT_FOUND');
    // A's rows are unchanged
    const { order } = await data(t.url, a.key, GetOrderDocument, { id: ao.id });
    expect(order).toMatchObject({ status: 'pending', metadata: {} });
  });

  it('a GraphQL mutation and the REST door see the same order', async () => {
    const o = await newOrder(a.key, { metadata: { door: 'graphql' } });
    const rest = await api(t.url, `/v1/orders/${o.id}`, { key: a.key });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: o.id, object: 'order', status: 'pending', amount: 900, currency: 'usd', metadata: { door: 'graphql' } });
    const cancelled = await api(t.url, `/v1/orders/${o.id}/cancel`, { key: a.key, method: 'POST' });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await data(t.url, a.key, GetOrderDocument, { id: o.id })).order?.status).toBe('cancelled');
    expect((await api(t.url, `/v1/orders/${o.id}`, { key: b.key })).status).toBe(404);
  });
});
