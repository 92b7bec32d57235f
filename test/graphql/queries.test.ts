// Hasura-style list queries of the GraphQL door: every operator of `where` on seeded data
// against the same filter computed here, boolean nesting, relation and JSON filters,
// order_by, limit/offset and the cap, the generic inputs of customers and products,
// order(id), HTTP authentication and account isolation.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { data, failure, send } from './client.js';
import {
  CancelOrderDocument, CreateCustomerDocument, CreateOrderDocument, CreateProductDocument, FulfillOrderDocument,
  GetCustomerDocument, GetOrderDocument, GetProductDocument, ListCustomersDocument, ListOrdersDocument, ListProductsDocument,
  UpdateOrderDocument,
} from '../generated/graphql.js';
import type {
  CreateOrderInputItem, CustomerBoolExp, OrderBoolExp, OrderOrderBy, ProductBoolExp,
} from '../generated/schema-types.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;

interface SeedCustomer { id: string; email: string | null; name: string }
interface SeedProduct { id: string; name: string; sku: string | null; price: number; currency: string; active: boolean }
interface SeedOrder {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer: SeedCustomer | null;
  metadata: Record<string, string>;
  itemNames: string[];
  productNames: string[];
  trackingNumber: string | null;
  fulfilledAt: string | null;
  createdAt: string;
}

const customers: SeedCustomer[] = [];
const products: SeedProduct[] = [];
const orders: SeedOrder[] = [];
let bOrderId: string;
let bAliceId: string;

const STATUS_BY_I = ['pending', 'processing', 'shipped', 'cancelled', 'delivered'] as const;

async function seed() {
  const gqlA = <R, V extends Record<string, unknown>>(doc: TypedDocumentNode<R, V>, vars: V) => data(t.url, a.key, doc, vars);
  for (const c of [
    { email: 'alice@example.com', name: 'Alice', phone: '+15550001' },
    { email: 'bob@shop.io', name: 'Bob' },
    { email: 'carol@Example.COM', name: 'Carol', metadata: { vip: 'yes' } },
    { name: 'Dave' },
  ]) {
    const r = await gqlA(CreateCustomerDocument, { input: c });
    customers.push({ id: r.createCustomer.id, email: r.createCustomer.email, name: r.createCustomer.name! });
  }
  for (const p of [
    { name: 'Tea', sku: 'TEA-1', price: 450, currency: 'usd' },
    { name: 'Coffee', sku: 'COF-1', price: 300, currency: 'usd' },
    { name: 'Mug', price: 1200, currency: 'eur', metadata: { material: 'ceramic' } },
    { name: 'Green Tea', sku: 'TEA-2', price: 500, currency: 'usd', active: false },
  ]) {
    const r = await gqlA(CreateProductDocument, { input: p });
    products.push({ ...r.createProduct });
  }
  const [tea, coffee, mug, greenTea] = products;
  for (let i = 0; i < 20; i++) {
    const currency = ['usd', 'eur', 'gbp'][i % 3];
    const customer = [customers[0], customers[1], customers[2], customers[3], null, customers[0]][i % 6];
    const itemName = ['Scarf', 'Hat', 'Gloves', 'Socks'][i % 4];
    const items: CreateOrderInputItem[] = [{ name: itemName, quantity: (i % 3) + 1, unitAmount: 100 * (i + 1) + 7 * (i % 4) }];
    const productNames: string[] = [];
    let amount = items[0].quantity * items[0].unitAmount!;
    const product = currency === 'usd' ? [tea, coffee, greenTea][Math.floor(i / 3) % 3] : currency === 'eur' && i % 2 === 0 ? mug : undefined;
    if (product) {
      items.push({ product: product.id, quantity: 1 });
      productNames.push(product.name);
      amount += product.price;
    }
    const metadata: Record<string, string> = { channel: i % 2 ? 'web' : 'pos', ...(i % 4 === 0 ? { tier: 'gold' } : {}), ...(i % 7 === 0 ? { campaign: 'spring' } : {}) };
    const created = (await gqlA(CreateOrderDocument, { input: { currency, customer: customer?.id, items, metadata } })).createOrder;
    expect(created.amount).toBe(amount);
    const order: SeedOrder = {
      id: created.id, status: 'pending', amount, currency, customer, metadata, itemNames: [itemName, ...productNames], productNames,
      trackingNumber: null, fulfilledAt: null, createdAt: created.createdAt,
    };
    const status = STATUS_BY_I[i % 5];
    if (status === 'processing') {
      order.status = (await gqlA(UpdateOrderDocument, { id: order.id, input: { status: 'processing' } })).updateOrder.status;
    } else if (status === 'shipped' || status === 'delivered') {
      const trackingNumber = `TRK-${1000 + i}-${i % 2 ? 'US' : 'EU'}`;
      const f = (await gqlA(FulfillOrderDocument, { id: order.id, input: { trackingNumber, shippingCarrier: 'ups' } })).fulfillOrder;
      Object.assign(order, { status: f.status, trackingNumber: f.trackingNumber, fulfilledAt: f.fulfilledAt });
      if (status === 'delivered') order.status = (await gqlA(UpdateOrderDocument, { id: order.id, input: { status: 'delivered' } })).updateOrder.status;
    } else if (status === 'cancelled') {
      order.status = (await gqlA(CancelOrderDocument, { id: order.id, input: { reason: 'duplicate' } })).cancelOrder.status;
    }
    expect(order.status).toBe(status);
    orders.push(order);
  }
  // Account B: the same customer email and product names as A, one order.
  const bAlice = await data(t.url, b.key, CreateCustomerDocument, { input: { email: 'alice@example.com', name: 'Alice B' } });
  bAliceId = bAlice.createCustomer.id;
  await data(t.url, b.key, CreateProductDocument, { input: { name: 'Tea', sku: 'TEA-1', price: 450, currency: 'usd' } });
  const bOrder = await data(t.url, b.key, CreateOrderDocument, {
    input: { currency: 'usd', customer: bAliceId, items: [{ name: 'Hat', quantity: 1, unitAmount: 100 * 5 + 7 }], metadata: { channel: 'web', tier: 'gold' } },
  });
  bOrderId = bOrder.createOrder.id;
}

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  b = await t.newAccount();
  await seed();
}, 180_000);
afterAll(async () => { await t?.stop(); });

const sorted = (ids: string[]) => [...ids].sort();

async function orderIds(where: OrderBoolExp, key = a.key): Promise<string[]> {
  const r = await data(t.url, key, ListOrdersDocument, { where, limit: 100 });
  return r.orders.map((o) => o.id);
}

/** SQL LIKE for the patterns the API supports (no `_`, `%` only at the ends). */
function like(value: string | null, pattern: string, insensitive = false): boolean {
  if (value === null) return false;
  const v = insensitive ? value.toLowerCase() : value;
  const p = insensitive ? pattern.toLowerCase() : pattern;
  const starts = p.startsWith('%');
  const ends = p.endsWith('%') && p.length > 1;
  const core = p.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (starts && ends) return v.includes(core);
  if (starts) return v.endsWith(core);
  if (ends) return v.startsWith(core);
  return v === core;
}

const at = (iso: string) => new Date(iso).getTime();

describe('orders(where): every operator against a filter computed over the seed', () => {
  // pivot values chosen from the seed so that every case selects some orders but not all
  const pivotAmount = () => [...orders].sort((x, y) => x.amount - y.amount)[9].amount;
  const pivotTime = () => orders[9].createdAt;
  const bob = () => customers[1];

  const cases: [string, () => OrderBoolExp, (o: SeedOrder) => boolean][] = [
    ['status _eq', () => ({ status: { _eq: 'pending' } }), (o) => o.status === 'pending'],
    ['status _ne', () => ({ status: { _ne: 'pending' } }), (o) => o.status !== 'pending'],
    ['status _neq (Hasura spelling)', () => ({ status: { _neq: 'cancelled' } }), (o) => o.status !== 'cancelled'],
    ['status _in', () => ({ status: { _in: ['shipped', 'delivered'] } }), (o) => ['shipped', 'delivered'].includes(o.status)],
    ['status _nin', () => ({ status: { _nin: ['shipped', 'delivered', 'cancelled'] } }), (o) => !['shipped', 'delivered', 'cancelled'].includes(o.status)],
    ['currency _gt (text)', () => ({ currency: { _gt: 'eur' } }), (o) => o.currency > 'eur'],
    ['currency _lte (text)', () => ({ currency: { _lte: 'gbp' } }), (o) => o.currency <= 'gbp'],
    ['amount _eq', () => ({ amount: { _eq: pivotAmount() } }), (o) => o.amount === pivotAmount()],
    ['amount _ne', () => ({ amount: { _ne: pivotAmount() } }), (o) => o.amount !== pivotAmount()],
    ['amount _neq', () => ({ amount: { _neq: pivotAmount() } }), (o) => o.amount !== pivotAmount()],
    ['amount _gt', () => ({ amount: { _gt: pivotAmount() } }), (o) => o.amount > pivotAmount()],
    ['amount _gte', () => ({ amount: { _gte: pivotAmount() } }), (o) => o.amount >= pivotAmount()],
    ['amount _lt', () => ({ amount: { _lt: pivotAmount() } }), (o) => o.amount < pivotAmount()],
    ['amount _lte', () => ({ amount: { _lte: pivotAmount() } }), (o) => o.amount <= pivotAmount()],
    ['amount _gt and _lt on one field', () => ({ amount: { _gt: 1000, _lt: 3000 } }), (o) => o.amount > 1000 && o.amount < 3000],
    ['amount _in', () => ({ amount: { _in: [orders[0].amount, orders[5].amount, 1] } }), (o) => [orders[0].amount, orders[5].amount].includes(o.amount)],
    ['amount _nin', () => ({ amount: { _nin: [orders[0].amount, orders[5].amount] } }), (o) => ![orders[0].amount, orders[5].amount].includes(o.amount)],
    ['trackingNumber _like prefix%', () => ({ trackingNumber: { _like: 'TRK-100%' } }), (o) => like(o.trackingNumber, 'TRK-100%')],
    ['trackingNumber _like %suffix', () => ({ trackingNumber: { _like: '%-US' } }), (o) => like(o.trackingNumber, '%-US')],
    ['trackingNumber _like %infix%', () => ({ trackingNumber: { _like: '%01%' } }), (o) => like(o.trackingNumber, '%01%')],
    ['trackingNumber _like literal', () => ({ trackingNumber: { _like: 'TRK-1007-US' } }), (o) => o.trackingNumber === 'TRK-1007-US'],
    ['trackingNumber _like is case-sensitive', () => ({ trackingNumber: { _like: '%-us' } }), () => false],
    ['trackingNumber _ilike %suffix', () => ({ trackingNumber: { _ilike: '%-us' } }), (o) => like(o.trackingNumber, '%-us', true)],
    ['trackingNumber _ilike prefix%', () => ({ trackingNumber: { _ilike: 'trk-101%' } }), (o) => like(o.trackingNumber, 'trk-101%', true)],
    ['customerId _is_null true', () => ({ customerId: { _is_null: true } }), (o) => o.customer === null],
    ['customerId _is_null false', () => ({ customerId: { _is_null: false } }), (o) => o.customer !== null],
    ['fulfilledAt _is_null false', () => ({ fulfilledAt: { _is_null: false } }), (o) => o.fulfilledAt !== null],
    ['trackingNumber _is_null true', () => ({ trackingNumber: { _is_null: true } }), (o) => o.trackingNumber === null],
    ['customerId _eq', () => ({ customerId: { _eq: bob().id } }), (o) => o.customer?.id === bob().id],
    // SQL semantics (as in Hasura): <> and NOT IN never match NULL
    ['customerId _neq excludes NULL', () => ({ customerId: { _neq: bob().id } }), (o) => o.customer !== null && o.customer.id !== bob().id],
    ['customerId _nin excludes NULL', () => ({ customerId: { _nin: [bob().id] } }), (o) => o.customer !== null && o.customer.id !== bob().id],
    ['createdAt _eq', () => ({ createdAt: { _eq: pivotTime() } }), (o) => at(o.createdAt) === at(pivotTime())],
    ['createdAt _gt', () => ({ createdAt: { _gt: pivotTime() } }), (o) => at(o.createdAt) > at(pivotTime())],
    ['createdAt _gte', () => ({ createdAt: { _gte: pivotTime() } }), (o) => at(o.createdAt) >= at(pivotTime())],
    ['createdAt _lt', () => ({ createdAt: { _lt: pivotTime() } }), (o) => at(o.createdAt) < at(pivotTime())],
    ['createdAt _lte', () => ({ createdAt: { _lte: pivotTime() } }), (o) => at(o.createdAt) <= at(pivotTime())],
    ['createdAt between (_gte and _lt)', () => ({ createdAt: { _gte: orders[4].createdAt, _lt: orders[12].createdAt } }), (o) => at(o.createdAt) >= at(orders[4].createdAt) && at(o.createdAt) < at(orders[12].createdAt)],
    ['createdAt _in', () => ({ createdAt: { _in: [orders[3].createdAt, orders[17].createdAt] } }), (o) => [at(orders[3].createdAt), at(orders[17].createdAt)].includes(at(o.createdAt))],
    ['metadata _contains one key', () => ({ metadata: { _contains: { channel: 'web' } } }), (o) => o.metadata.channel === 'web'],
    ['metadata _contains two keys', () => ({ metadata: { _contains: { channel: 'pos', campaign: 'spring' } } }), (o) => o.metadata.channel === 'pos' && o.metadata.campaign === 'spring'],
    ['metadata _has_key', () => ({ metadata: { _has_key: 'tier' } }), (o) => 'tier' in o.metadata],
    // JSON conditions are two-valued: a row without the key is false, so _not keeps it
    ['_not metadata _has_key', () => ({ _not: { metadata: { _has_key: 'tier' } } }), (o) => !('tier' in o.metadata)],
    ['_not metadata _contains (rows without the key included)', () => ({ _not: { metadata: { _contains: { channel: 'web' } } } }), (o) => o.metadata.channel !== 'web'],
    ['JSON _is_null true on a nullable column (SQL NULL)', () => ({ compliance: { _is_null: true }, currency: { _eq: 'eur' } }), (o) => o.currency === 'eur'],
    ['JSON _is_null false on a nullable column, inside _or', () => ({ _or: [{ compliance: { _is_null: false } }, { currency: { _eq: 'gbp' } }] }), (o) => o.currency === 'gbp'],
    ['_not JSON _is_null true', () => ({ _not: { compliance: { _is_null: true } } }), () => false],
    ['relation: customer.email _eq', () => ({ customer: { email: { _eq: 'bob@shop.io' } } }), (o) => o.customer?.email === 'bob@shop.io'],
    ['relation: customer.email _ilike', () => ({ customer: { email: { _ilike: '%@example.com' } } }), (o) => like(o.customer?.email ?? null, '%@example.com', true)],
    ['relation: customer.email _is_null (customer without email)', () => ({ customer: { email: { _is_null: true } } }), (o) => o.customer !== null && o.customer.email === null],
    ['relation: items.name _eq (any item)', () => ({ items: { name: { _eq: 'Hat' } } }), (o) => o.itemNames.includes('Hat')],
    ['relation: items.product.name _eq', () => ({ items: { product: { name: { _eq: 'Mug' } } } }), (o) => o.productNames.includes('Mug')],
    ['relation: customer with _or inside', () => ({ customer: { _or: [{ name: { _eq: 'Dave' } }, { email: { _like: 'bob%' } }] } }), (o) => o.customer?.name === 'Dave' || (o.customer?.email ?? '').startsWith('bob')],
    [
      '_and of _or (two levels)',
      () => ({ _and: [{ _or: [{ currency: { _eq: 'usd' } }, { currency: { _eq: 'gbp' } }] }, { _or: [{ status: { _eq: 'pending' } }, { amount: { _gt: pivotAmount() } }] }] }),
      (o) => (o.currency === 'usd' || o.currency === 'gbp') && (o.status === 'pending' || o.amount > pivotAmount()),
    ],
    [
      '_or of _and and _not (two levels)',
      () => ({ _or: [{ _and: [{ currency: { _eq: 'usd' } }, { amount: { _gt: pivotAmount() } }] }, { _not: { _or: [{ status: { _eq: 'pending' } }, { currency: { _neq: 'gbp' } }] } }] }),
      (o) => (o.currency === 'usd' && o.amount > pivotAmount()) || !(o.status === 'pending' || o.currency !== 'gbp'),
    ],
    [
      '_not of _and with a nested _not and a relation',
      () => ({ _not: { _and: [{ status: { _in: ['pending', 'shipped', 'cancelled'] } }, { _not: { items: { name: { _in: ['Hat', 'Socks'] } } } }] } }),
      (o) => !(['pending', 'shipped', 'cancelled'].includes(o.status) && !o.itemNames.some((n) => n === 'Hat' || n === 'Socks')),
    ],
    ['_and with fields beside it (implicit AND)', () => ({ currency: { _eq: 'eur' }, _and: [{ status: { _ne: 'cancelled' } }] }), (o) => o.currency === 'eur' && o.status !== 'cancelled'],
    // empty expressions keep their logical meaning (Hasura's too): {} is true, _or [] is false
    ['empty _or matches nothing', () => ({ _or: [] }), () => false],
    ['empty _and matches everything', () => ({ _and: [] }), () => true],
    ['_not of the empty expression matches nothing', () => ({ _not: {} }), () => false],
    ['_or with an empty expression matches everything', () => ({ _or: [{ currency: { _eq: 'nope' } }, {}] }), () => true],
    ['relation exists: customer: {}', () => ({ customer: {} }), (o) => o.customer !== null],
    ['relation absent: _not customer: {}', () => ({ _not: { customer: {} } }), (o) => o.customer === null],
    ['relation: _or [] inside a relation', () => ({ customer: { _or: [] } }), () => false],
    // _is_null on a required field is a constant; it keeps that meaning inside _or and _not
    ['_is_null false on a required field, inside _or, matches everything', () => ({ _or: [{ currency: { _eq: 'nope' } }, { status: { _is_null: false } }] }), () => true],
    ['_is_null true on a required field, inside _or, adds nothing', () => ({ _or: [{ status: { _is_null: true } }, { currency: { _eq: 'gbp' } }] }), (o) => o.currency === 'gbp'],
    ['_not of _is_null false on a required field matches nothing', () => ({ _not: { amount: { _is_null: false } } }), () => false],
    ['_in [] matches nothing, _nin [] everything', () => ({ _or: [{ amount: { _in: [] } }, { status: { _nin: [] }, currency: { _eq: 'gbp' } }] }), (o) => o.currency === 'gbp'],
  ];

  it('seeded 20 orders in account A', () => {
    expect(orders).toHaveLength(20);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(STATUS_BY_I));
  });

  it.each(cases)('%s', async (_name, where, predicate) => {
    const expected = orders.filter(predicate).map((o) => o.id);
    const got = await orderIds(where());
    expect(sorted(got)).toEqual(sorted(expected));
  });

  it('the cases discriminate: each operator case selects some but not all orders', () => {
    const trivial = new Set([
      'trackingNumber _like is case-sensitive', 'empty _or matches nothing', 'empty _and matches everything',
      '_not of the empty expression matches nothing', '_or with an empty expression matches everything', 'relation: _or [] inside a relation',
      '_is_null false on a required field, inside _or, matches everything', '_not of _is_null false on a required field matches nothing',
      '_not JSON _is_null true',
    ]);
    for (const [name, , predicate] of cases) {
      if (trivial.has(name)) continue;
      const n = orders.filter(predicate).length;
      expect(n, name).toBeGreaterThan(0);
      expect(n, name).toBeLessThan(orders.length);
    }
  });

  it('an unsupported LIKE pattern is a clear VALIDATION_ERROR', async () => {
    for (const pattern of ['a%b', 'TRK_1002%']) {
      const err = await failure(t.url, a.key, ListOrdersDocument, { where: { trackingNumber: { _like: pattern } } });
      expect(err.extensions?.code).toBe('VALIDATION_ERROR');
      expect(err.message).toMatch(/LIKE pattern is not supported/);
      expect(err.extensions?.details?.errors?.[0]).toMatchObject({ field: 'where.trackingNumber._like', expected: expect.stringMatching(/prefix%/) });
    }
  });

  it('null in a comparison says to use _is_null; a bad operator value is a VALIDATION_ERROR', async () => {
    const err = await failure(t.url, a.key, ListOrdersDocument, { where: { status: { _eq: null } } });
    // explicit null in a variable reaches the translator as null
    expect(err.extensions?.code).toBe('VALIDATION_ERROR');
    expect(err.message).toMatch(/_is_null/);
  });

  it('a malformed DateTime is INVALID_DATE_FORMAT, naming the variable path', async () => {
    const err = await failure(t.url, a.key, ListOrdersDocument, { where: { createdAt: { _gt: 'yesterday' } } });
    expect(err.extensions?.code).toBe('INVALID_DATE_FORMAT');
    expect(err.message).toMatch(/where\.createdAt\._gt.*ISO 8601/);
  });

  it('a DateTime outside the years 1-9999 (PostgreSQL has no year 0) is INVALID_DATE_FORMAT, not an internal error', async () => {
    for (const value of ['0000-01-01', '0000-12-31T23:59:59Z', '+010000-01-01T00:00:00Z']) {
      const err = await failure(t.url, a.key, ListOrdersDocument, { where: { createdAt: { _gt: value } } });
      expect(err.extensions?.code, value).toBe('INVALID_DATE_FORMAT');
      expect(err.message).toMatch(/year 1 to 9999/);
    }
    const literal = await api(t.url, '/graphql', { key: a.key, body: { query: '{ orders(where: {createdAt: {_gt: "0000-01-01"}}) { id } }' } });
    expect(literal.body.errors[0].extensions.code).toBe('INVALID_DATE_FORMAT');
    const edges = await data(t.url, a.key, ListOrdersDocument, { where: { createdAt: { _gt: '0001-01-01T00:00:00Z', _lt: '9999-12-31T23:59:59.999Z' } } });
    expect(edges.orders.length).toBeGreaterThan(0);
    // in a list of dates too, and through a relation
    for (const where of [{ createdAt: { _in: ['2026-01-01T00:00:00Z', 'never'] } }, { customer: { createdAt: { _lt: '2026-13-45' } } }] as OrderBoolExp[]) {
      expect((await failure(t.url, a.key, ListOrdersDocument, { where })).extensions?.code, JSON.stringify(where)).toBe('INVALID_DATE_FORMAT');
    }
  });

  it('an invalid inline DateTime literal answers as the same value in a variable: 400, the full extensions, with locations', async () => {
    const variable = await api(t.url, '/graphql', { key: a.key, body: { query: 'query($w: OrderBoolExp) { orders(where: $w) { id } }', variables: { w: { createdAt: { _gt: 'not-a-date' } } } } });
    const literal = await api(t.url, '/graphql', { key: a.key, body: { query: '{ orders(where: {createdAt: {_gt: "not-a-date"}}) { id } }' } });
    expect(variable.status).toBe(400);
    expect(literal.status).toBe(400);
    const [v] = variable.body.errors;
    const [l] = literal.body.errors;
    expect(l.extensions).toMatchObject({ code: v.extensions.code, type: 'validation_error', status: 400 });
    expect(Object.keys(l.extensions).sort()).toEqual(Object.keys(v.extensions).sort());
    expect(l.message).toMatch(/ISO 8601/);
    expect(l.locations).toEqual([{ line: 1, column: 35 }]); // the literal itself
  });

  it('a value outside a closed set (an order status) is INVALID_ENUM_VALUE naming the path, with the allowed values, as REST', async () => {
    const statuses = 'one of pending, paid, processing, shipped, delivered, cancelled, refunded';
    for (const [where, field, message] of [
      [{ status: { _eq: 'bogus' } }, 'where.status._eq', "'bogus' is not a value of status"],
      [{ status: { _neq: 'bogus' } }, 'where.status._neq', "'bogus' is not a value of status"],
      [{ status: { _in: ['pending', 'bogus', 'nope'] } }, 'where.status._in', "'bogus', 'nope' are not values of status"],
      [{ status: { _nin: ['PENDING'] } }, 'where.status._nin', "'PENDING' is not a value of status"],
      [{ _or: [{ currency: { _eq: 'usd' } }, { status: { _eq: 'bogus' } }] }, 'where._or[1].status._eq', "'bogus' is not a value of status"],
    ] as [OrderBoolExp, string, string][]) {
      const err = await failure(t.url, a.key, ListOrdersDocument, { where });
      expect(err.extensions?.code, field).toBe('INVALID_ENUM_VALUE');
      expect(err.extensions?.details?.errors, field).toEqual([{ field, message, expected: statuses, code: 'INVALID_ENUM_VALUE' }]);
    }
    // through a relation (a customer's orders' cancellation reason)
    const viaCustomer = await send(t.url, a.key, ListCustomersDocument, { where: { orders: { cancellationReason: { _eq: 'whim' } } } });
    expect(viaCustomer.body.errors?.[0]?.extensions?.code).toBe('INVALID_ENUM_VALUE');
    // the REST door answers the same filter the same way
    const rest = await api(t.url, '/v1/orders?status_in=pending,bogus', { key: a.key });
    expect(rest.body.error).toMatchObject({ code: 'INVALID_ENUM_VALUE', details: { errors: [{ field: 'status_in', expected: statuses, code: 'INVALID_ENUM_VALUE' }] } });
    // valid values filter as before; _like and ordering comparisons are not checked
    const pending = await data(t.url, a.key, ListOrdersDocument, { where: { status: { _in: ['pending', 'paid'] } } });
    expect(pending.orders.map((o) => o.id).sort()).toEqual(orders.filter((o) => o.status === 'pending' || o.status === 'paid').map((o) => o.id).sort());
    expect((await data(t.url, a.key, ListOrdersDocument, { where: { status: { _like: 'pend%' } } })).orders.length).toBe(orders.filter((o) => o.status === 'pending').length);
  });
});

describe('orders(order_by, limit, offset)', () => {
  type Key = (o: SeedOrder) => string | number | null;
  /** Sort like PostgreSQL: NULLS LAST for asc, NULLS FIRST for desc unless told. */
  function sortBy(list: SeedOrder[], keys: [Key, 'asc' | 'desc', ('first' | 'last')?][]): string[] {
    return [...list].sort((x, y) => {
      for (const [key, dir, nullsOpt] of keys) {
        const nulls = nullsOpt ?? (dir === 'asc' ? 'last' : 'first');
        const vx = key(x);
        const vy = key(y);
        if (vx === vy) continue;
        if (vx === null) return nulls === 'first' ? -1 : 1;
        if (vy === null) return nulls === 'first' ? 1 : -1;
        const c = vx < vy ? -1 : 1;
        return dir === 'asc' ? c : -c;
      }
      return 0;
    }).map((o) => o.id);
  }
  const list = async (orderBy: OrderOrderBy[] | undefined, limit?: number, offset?: number) =>
    (await data(t.url, a.key, ListOrdersDocument, { orderBy, limit, offset })).orders.map((o) => o.id);

  it('default order is newest first', async () => {
    expect(await list(undefined)).toEqual(sortBy(orders, [[(o) => at(o.createdAt), 'desc'], [(o) => o.id, 'desc']]));
  });

  it('single key: amount asc (id breaks ties)', async () => {
    expect(await list([{ amount: 'asc' }])).toEqual(sortBy(orders, [[(o) => o.amount, 'asc'], [(o) => o.id, 'asc']]));
  });

  it('single key: amount desc', async () => {
    expect(await list([{ amount: 'desc' }])).toEqual(sortBy(orders, [[(o) => o.amount, 'desc'], [(o) => o.id, 'desc']]));
  });

  it('list of keys: currency asc, then amount desc', async () => {
    expect(await list([{ currency: 'asc' }, { amount: 'desc' }])).toEqual(
      sortBy(orders, [[(o) => o.currency, 'asc'], [(o) => o.amount, 'desc'], [(o) => o.id, 'desc']]),
    );
  });

  it('relation key: customer.email asc (orders without customer or email last), then amount', async () => {
    expect(await list([{ customer: { email: 'asc' } }, { amount: 'asc' }])).toEqual(
      sortBy(orders, [[(o) => o.customer?.email ?? null, 'asc'], [(o) => o.amount, 'asc'], [(o) => o.id, 'asc']]),
    );
  });

  it('desc_nulls_last and asc_nulls_first on a nullable field', async () => {
    expect(await list([{ fulfilledAt: 'desc_nulls_last' }, { id: 'asc' }])).toEqual(
      sortBy(orders, [[(o) => (o.fulfilledAt ? at(o.fulfilledAt) : null), 'desc', 'last'], [(o) => o.id, 'asc']]),
    );
    expect(await list([{ trackingNumber: 'asc_nulls_first' }, { id: 'desc' }])).toEqual(
      sortBy(orders, [[(o) => o.trackingNumber, 'asc', 'first'], [(o) => o.id, 'desc']]),
    );
    // and the default places differ: desc puts NULLs first
    const plainDesc = await list([{ fulfilledAt: 'desc' }, { id: 'asc' }]);
    expect(plainDesc).toEqual(sortBy(orders, [[(o) => (o.fulfilledAt ? at(o.fulfilledAt) : null), 'desc', 'first'], [(o) => o.id, 'asc']]));
  });

  it('limit and offset page through a stable order', async () => {
    const all = sortBy(orders, [[(o) => o.amount, 'asc'], [(o) => o.id, 'asc']]);
    expect(await list([{ amount: 'asc' }], 5)).toEqual(all.slice(0, 5));
    expect(await list([{ amount: 'asc' }], 5, 5)).toEqual(all.slice(5, 10));
    expect(await list([{ amount: 'asc' }], 7, 18)).toEqual(all.slice(18));
    expect(await list([{ amount: 'asc' }], 0)).toEqual([]);
    expect(await list([{ amount: 'asc' }], 100)).toEqual(all);
  });

  it('limit over the documented cap of 100 is a VALIDATION_ERROR', async () => {
    const err = await failure(t.url, a.key, ListOrdersDocument, { limit: 101 });
    expect(err.extensions?.code).toBe('VALIDATION_ERROR');
    expect(err.extensions?.details?.errors).toEqual([expect.objectContaining({ field: 'limit', expected: '0..100' })]);
    expect(err.message).toMatch(/limit/);
    const negative = await failure(t.url, a.key, ListOrdersDocument, { limit: -1, offset: -5 });
    expect(negative.extensions?.code).toBe('VALIDATION_ERROR');
    expect(negative.extensions?.details?.errors?.map((e) => e.field).sort()).toEqual(['limit', 'offset']);
  });

  it('the cap is documented in the schema', async () => {
    const res = await send(t.url, a.key, ListOrdersDocument, {});
    expect(res.status).toBe(200);
    const intro = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.key}` },
      body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name description } } }' }),
    }).then((r) => r.json() as Promise<{ data: { __type: { fields: { name: string; description: string | null }[] } } }>);
    for (const name of ['orders', 'customers', 'products']) {
      expect(intro.data.__type.fields.find((f) => f.name === name)?.description).toMatch(/limit at most 100/);
    }
  });
});

describe('order(id)', () => {
  it('returns the order with its customer and items in position order', async () => {
    const seeded = orders.find((o) => o.productNames.length && o.customer)!;
    const { order } = await data(t.url, a.key, GetOrderDocument, { id: seeded.id });
    expect(order).toMatchObject({ id: seeded.id, status: seeded.status, amount: seeded.amount, currency: seeded.currency, metadata: seeded.metadata });
    expect(order!.customer).toEqual({ id: seeded.customer!.id, email: seeded.customer!.email });
    expect(order!.items.map((i) => i.name)).toEqual(seeded.itemNames);
    expect(order!.items.map((i) => i.position)).toEqual([0, 1]);
    expect(order!.items[1].product?.name).toBe(seeded.productNames[0]);
    expect(order!.items.reduce((s, i) => s + i.amount, 0)).toBe(seeded.amount);
  });

  it('is null for an unknown id', async () => {
    expect((await data(t.url, a.key, GetOrderDocument, { id: 'ord_doesnotexist0000' })).order).toBeNull();
  });
});

describe('the same generic inputs on customers and products', () => {
  const customerIds = async (where: CustomerBoolExp) =>
    (await data(t.url, a.key, ListCustomersDocument, { where, limit: 100 })).customers.map((c) => c.id);
  const productIds = async (where: ProductBoolExp) => (await data(t.url, a.key, ListProductsDocument, { where, limit: 100 })).products.map((p) => p.id);
  const ids = (list: { id: string }[]) => sorted(list.map((x) => x.id));

  it('customers: _ilike vs _like, _is_null, _in, _nin, metadata and a relation to orders', async () => {
    expect(sorted(await customerIds({ email: { _ilike: '%@example.com' } }))).toEqual(ids(customers.filter((c) => like(c.email, '%@example.com', true))));
    expect(sorted(await customerIds({ email: { _like: '%@example.com' } }))).toEqual(ids([customers[0]]));
    expect(sorted(await customerIds({ email: { _is_null: true } }))).toEqual(ids([customers[3]]));
    expect(sorted(await customerIds({ email: { _is_null: false } }))).toEqual(ids(customers.slice(0, 3)));
    expect(sorted(await customerIds({ name: { _in: ['Bob', 'Dave', 'Zed'] } }))).toEqual(ids([customers[1], customers[3]]));
    expect(sorted(await customerIds({ name: { _nin: ['Bob', 'Dave'] } }))).toEqual(ids([customers[0], customers[2]]));
    expect(sorted(await customerIds({ metadata: { _contains: { vip: 'yes' } } }))).toEqual(ids([customers[2]]));
    // customers with any cancelled order in gbp
    const withCancelledGbp = customers.filter((c) => orders.some((o) => o.customer?.id === c.id && o.status === 'cancelled' && o.currency === 'gbp'));
    expect(withCancelledGbp.length).toBeGreaterThan(0);
    expect(withCancelledGbp.length).toBeLessThan(customers.length);
    expect(sorted(await customerIds({ orders: { status: { _eq: 'cancelled' }, currency: { _eq: 'gbp' } } }))).toEqual(ids(withCancelledGbp));
    expect(sorted(await customerIds({ _not: { orders: {} } }))).toEqual(ids(customers.filter((c) => !orders.some((o) => o.customer?.id === c.id))));
  });

  it('customers: order_by email asc_nulls_first, limit and offset', async () => {
    const r = await data(t.url, a.key, ListCustomersDocument, { orderBy: [{ email: 'asc_nulls_first' }], limit: 3, offset: 1 });
    expect(r.customers.map((c) => c.email)).toEqual(['alice@example.com', 'bob@shop.io', 'carol@Example.COM']);
    const over = await failure(t.url, a.key, ListCustomersDocument, { limit: 1000 });
    expect(over.extensions?.code).toBe('VALIDATION_ERROR');
  });

  it('products: Int, Boolean and text operators, _or, order_by price desc', async () => {
    expect(sorted(await productIds({ price: { _gte: 450, _lt: 1200 } }))).toEqual(ids(products.filter((p) => p.price >= 450 && p.price < 1200)));
    expect(sorted(await productIds({ active: { _eq: false } }))).toEqual(ids(products.filter((p) => !p.active)));
    expect(sorted(await productIds({ active: { _neq: false } }))).toEqual(ids(products.filter((p) => p.active)));
    expect(sorted(await productIds({ sku: { _is_null: true } }))).toEqual(ids(products.filter((p) => p.sku === null)));
    expect(sorted(await productIds({ name: { _like: '%Tea' } }))).toEqual(ids(products.filter((p) => p.name.endsWith('Tea'))));
    expect(sorted(await productIds({ currency: { _nin: ['eur'] }, sku: { _like: 'TEA%' } }))).toEqual(ids(products.filter((p) => p.currency !== 'eur' && (p.sku ?? '').startsWith('TEA'))));
    expect(sorted(await productIds({ _or: [{ price: { _lt: 400 } }, { metadata: { _has_key: 'material' } }] }))).toEqual(ids(products.filter((p) => p.price < 400 || p.name === 'Mug')));
    // products sold in an order of a customer whose email ends in shop.io
    const soldToBob = products.filter((p) => orders.some((o) => o.customer?.email === 'bob@shop.io' && o.productNames.includes(p.name)));
    expect(sorted(await productIds({ orderItems: { order: { customer: { email: { _like: '%shop.io' } } } } }))).toEqual(ids(soldToBob));
    const byPrice = await data(t.url, a.key, ListProductsDocument, { orderBy: [{ price: 'desc' }] });
    expect(byPrice.products.map((p) => p.price)).toEqual(products.map((p) => p.price).sort((x, y) => y - x));
  });

  it('customer(id) and product(id)', async () => {
    const { customer } = await data(t.url, a.key, GetCustomerDocument, { id: customers[1].id });
    expect(customer).toMatchObject({ id: customers[1].id, email: 'bob@shop.io', name: 'Bob' });
    expect(sorted(customer!.orders.map((o) => o.id))).toEqual(sorted(orders.filter((o) => o.customer?.id === customers[1].id).map((o) => o.id)));
    const { product } = await data(t.url, a.key, GetProductDocument, { id: products[2].id });
    expect(product).toEqual({ id: products[2].id, name: 'Mug', price: 1200, currency: 'eur', active: true });
  });

  it('unknown where fields are rejected by GraphQL validation', async () => {
    const res = await send(t.url, a.key, ListOrdersDocument, { where: { accountId: { _eq: b.accountId } } as OrderBoolExp });
    expect(res.body.errors?.[0].message).toMatch(/accountId/);
    expect(res.body.data ?? null).toBeNull();
  });
});

describe('authentication over HTTP', () => {
  it('a missing key is MISSING_AUTH_HEADER with HTTP 401', async () => {
    const res = await send(t.url, undefined, ListOrdersDocument, {});
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0].extensions?.code).toBe('MISSING_AUTH_HEADER');
    expect(res.body.data ?? null).toBeNull();
  });

  it('an unknown key is INVALID_API_KEY with HTTP 401', async () => {
    const res = await send(t.url, `sk_test_${'x'.repeat(32)}`, ListOrdersDocument, {});
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0].extensions?.code).toBe('INVALID_API_KEY');
  });

  it('a pk_ key can query but not mutate (RESOURCE_ACCESS_DENIED)', async () => {
    const pk = await a.newKey({ type: 'publishable' });
    expect(pk.secret).toMatch(/^pk_test_/);
    const listed = await data(t.url, pk.secret, ListOrdersDocument, { limit: 100 });
    expect(listed.orders).toHaveLength(20);
    const err = await failure(t.url, pk.secret, CreateOrderDocument, { input: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unitAmount: 1 }] } });
    expect(err.extensions?.code).toBe('RESOURCE_ACCESS_DENIED');
    expect(err.extensions?.status).toBe(403);
  });

  it('an rk_ key with orders:read reads orders, but cannot createOrder or list customers (INSUFFICIENT_PERMISSIONS)', async () => {
    const rk = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect((await data(t.url, rk.secret, ListOrdersDocument, { limit: 3 })).orders).toHaveLength(3);
    const create = await failure(t.url, rk.secret, CreateOrderDocument, { input: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unitAmount: 1 }] } });
    expect(create.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    const cust = await failure(t.url, rk.secret, ListCustomersDocument, {});
    expect(cust.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });
});

describe('account isolation in queries', () => {
  it("B's orders never include A's, whatever the filter", async () => {
    const aIds = new Set(orders.map((o) => o.id));
    expect(await orderIds({}, b.key)).toEqual([bOrderId]);
    expect(await orderIds({ id: { _eq: orders[0].id } }, b.key)).toEqual([]);
    expect(await orderIds({ id: { _in: [...aIds] } }, b.key)).toEqual([]);
    expect(await orderIds({ _or: [{ id: { _in: [...aIds] } }, { amount: { _gte: 0 } }] }, b.key)).toEqual([bOrderId]);
    expect(await orderIds({ _not: { id: { _eq: bOrderId } } }, b.key)).toEqual([]);
    expect(await orderIds({ customer: { email: { _eq: 'alice@example.com' } } }, b.key)).toEqual([bOrderId]);
    expect(await orderIds({ customerId: { _eq: customers[0].id } }, b.key)).toEqual([]);
    expect(await orderIds({ metadata: { _contains: { tier: 'gold' } } }, b.key)).toEqual([bOrderId]);
    expect((await data(t.url, b.key, GetOrderDocument, { id: orders[0].id })).order).toBeNull();
    expect((await data(t.url, b.key, GetCustomerDocument, { id: customers[0].id })).customer).toBeNull();
    expect((await data(t.url, b.key, GetProductDocument, { id: products[0].id })).product).toBeNull();
    const bProducts = await data(t.url, b.key, ListProductsDocument, { where: { name: { _eq: 'Tea' } } });
    expect(bProducts.products).toHaveLength(1);
    expect(bProducts.products[0].id).not.toBe(products[0].id);
  });

  it("A's relation filters do not reach B's rows", async () => {
    const aliceOrders = orders.filter((o) => o.customer?.email === 'alice@example.com').map((o) => o.id);
    expect(sorted(await orderIds({ customer: { email: { _eq: 'alice@example.com' } } }))).toEqual(sorted(aliceOrders));
    const aliceCustomers = await data(t.url, a.key, ListCustomersDocument, { where: { email: { _eq: 'alice@example.com' } } });
    expect(aliceCustomers.customers.map((c) => c.id)).toEqual([customers[0].id]);
    expect((await data(t.url, a.key, GetCustomerDocument, { id: bAliceId })).customer).toBeNull();
  });

  it("A's live key does not see A's test rows", async () => {
    const live = await a.newKey({ mode: 'live' });
    expect((await data(t.url, live.secret, ListOrdersDocument, {})).orders).toEqual([]);
    expect((await data(t.url, live.secret, GetOrderDocument, { id: orders[0].id })).order).toBeNull();
  });
});
