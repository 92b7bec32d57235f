// Aggregates through both doors (issue 12, "Aggregates"): GraphQL `<list>Aggregate(where)` and
// REST `GET /v1/<resource>/aggregate`, every value compared with plain SQL over the same rows;
// scoping to the account and mode (another account's rows never count), permissions, the list's
// filters and limits, groups (order, null keys, the group limit) and bad input (400, never 500).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATE_MAX_GROUPS } from '../../src/db/aggregate.js';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let A: TestAccount;
let B: TestAccount;
let aLive: string;
let ordersOnly: string;
let customersOnly: string;

const STATUSES = ['pending', 'paid', 'shipped', 'cancelled'];
const CURRENCIES = ['usd', 'eur'];
const BASE_MS = Date.parse('2026-03-01T10:00:00.000Z');
const p = () => t.server.db.prisma as any;
const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/** Orders (and customers) of an account and mode, written directly: statuses, currencies, amounts, dates with milliseconds, null customers. */
async function seed(accountId: string, livemode: boolean, n: number, salt: number) {
  const customers = [];
  for (let i = 0; i < 3; i++) {
    customers.push(await p().customer.create({ data: { id: id('cus'), accountId, livemode, email: `c${i}-${salt}@example.com`, name: `Customer ${i}` } }));
  }
  const orders = [];
  for (let i = 0; i < n; i++) {
    orders.push({
      id: id('ord'), accountId, livemode,
      status: STATUSES[(i * 7 + salt) % STATUSES.length],
      currency: CURRENCIES[(i + salt) % 2],
      amount: ((i * 7919 + salt * 104729) % 99_999) + 1 + (i % 2 === 0 ? 90_000_000 : 0),
      customerId: i % 4 === 3 ? null : customers[i % 3].id,
      trackingNumber: i % 3 === 0 ? `TRK-${salt}-${i}` : null,
      createdAt: new Date(BASE_MS + i * 3_600_123 + salt * 17),
      fulfilledAt: i % 2 ? new Date(BASE_MS + i * 86_400_777) : null,
    });
  }
  await p().order.createMany({ data: orders });
  return { customers, orders };
}

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
  B = await t.newAccount();
  aLive = (await A.newKey({ mode: 'live' })).secret;
  ordersOnly = (await A.newKey({ type: 'restricted', permissions: ['orders:read'] })).secret;
  customersOnly = (await A.newKey({ type: 'restricted', permissions: ['customers:read'] })).secret;
  await seed(A.accountId, false, 60, 1);
  await seed(A.accountId, true, 9, 2); // A's live mode: never in a test key's aggregate
  await seed(B.accountId, false, 25, 3); // another account: never in A's
  const product = await p().product.create({ data: { id: id('prod'), accountId: A.accountId, livemode: false, name: 'Tea', price: 450, currency: 'usd' } });
  await p().product.create({ data: { id: id('prod'), accountId: A.accountId, livemode: false, name: 'Pot', price: 3900, currency: 'eur', active: false } });
  await p().inventoryItem.create({ data: { id: id('inv'), accountId: A.accountId, livemode: false, productId: product.id, onHand: 10, available: 10 } });
});
afterAll(() => t?.stop());

// ---- plain SQL over the same rows ----

type SqlRow = Record<string, unknown>;
async function sql(query: string, ...args: unknown[]): Promise<SqlRow[]> {
  const rows = (await p().$queryRawUnsafe(query, ...args)) as SqlRow[];
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
}
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const secs = (v: unknown) => (v === null || v === undefined ? null : Math.floor(new Date(v as string).getTime() / 1000));

const TOTALS = `count(*)::int AS count, sum(amount)::bigint AS sum, avg(amount)::float8 AS avg, min(amount) AS min, max(amount) AS max,
  min("createdAt") AS min_created, max("createdAt") AS max_created, min("fulfilledAt") AS min_fulfilled, max("fulfilledAt") AS max_fulfilled`;

/** The totals of A's test-mode orders matching `cond` (SQL over "Order" o). */
async function sqlTotals(accountId: string, livemode: boolean, cond = 'true', ...args: unknown[]) {
  const [r] = await sql(`SELECT ${TOTALS} FROM "Order" o WHERE o."accountId" = $1 AND o.livemode = $2 AND (${cond})`, accountId, livemode, ...args);
  return r;
}

function expectGraphQLTotals(got: any, want: SqlRow) {
  expect(got.count).toBe(want.count);
  expect(got.sum.amount).toBe(num(want.sum));
  if (want.avg === null) expect(got.avg.amount).toBeNull();
  else expect(got.avg.amount).toBeCloseTo(want.avg as number, 6);
  expect(got.min).toEqual({ amount: num(want.min), createdAt: iso(want.min_created), fulfilledAt: iso(want.min_fulfilled) });
  expect(got.max).toEqual({ amount: num(want.max), createdAt: iso(want.max_created), fulfilledAt: iso(want.max_fulfilled) });
}

const TOTALS_DOC = `count sum { amount } avg { amount } min { amount createdAt fulfilledAt } max { amount createdAt fulfilledAt }`;

async function ordersAggregate(key: string, where: unknown, selection = TOTALS_DOC) {
  const res = await gql(t.url, key, `query Agg($where: OrderBoolExp) { ordersAggregate(where: $where) { ${selection} } }`, { where });
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data.ordersAggregate;
}

describe('GraphQL <list>Aggregate', () => {
  it('totals of the account and mode, equal to SQL', async () => {
    const got = await ordersAggregate(A.key, undefined);
    const want = await sqlTotals(A.accountId, false);
    expect(want.count).toBe(60);
    expectGraphQLTotals(got, want);
    // sums pass 32 bits exactly (30 orders of 90,000,000 and more)
    expect(got.sum.amount).toBeGreaterThan(2 ** 31);
    expect(Number.isInteger(got.sum.amount)).toBe(true);
  });

  it('the live key sees the live rows only; another account only its own', async () => {
    expectGraphQLTotals(await ordersAggregate(aLive, undefined), await sqlTotals(A.accountId, true));
    expectGraphQLTotals(await ordersAggregate(B.key, undefined), await sqlTotals(B.accountId, false));
    expect((await ordersAggregate(B.key, undefined, 'count')).count).toBe(25);
  });

  it('where: the list\'s own filters (comparisons, _in, _or, _not, relations), equal to SQL', async () => {
    const cases: [unknown, string, unknown[]][] = [
      [{ status: { _in: ['paid', 'shipped'] } }, `o.status IN ('paid','shipped')`, []],
      [{ amount: { _gte: 50_000 }, currency: { _eq: 'usd' } }, `o.amount >= 50000 AND o.currency = 'usd'`, []],
      [{ _or: [{ status: { _eq: 'pending' } }, { trackingNumber: { _is_null: false } }] }, `(o.status = 'pending' OR o."trackingNumber" IS NOT NULL)`, []],
      [{ _not: { customerId: { _is_null: true } } }, `o."customerId" IS NOT NULL`, []],
      [{ createdAt: { _gte: new Date(BASE_MS + 20 * 3_600_123).toISOString() } }, `o."createdAt" >= $3`, [new Date(BASE_MS + 20 * 3_600_123)]],
      [{ customer: { email: { _like: 'c1-%' } } }, `EXISTS (SELECT 1 FROM "Customer" c WHERE c.id = o."customerId" AND c.email LIKE 'c1-%')`, []],
      [{ currency: { _eq: 'nope' } }, 'false', []],
    ];
    for (const [where, cond, args] of cases) {
      expectGraphQLTotals(await ordersAggregate(A.key, where), await sqlTotals(A.accountId, false, cond, ...args));
    }
  });

  it('never counts another account\'s rows, even named by id', async () => {
    const bIds = (await sql(`SELECT id FROM "Order" WHERE "accountId" = $1`, B.accountId)).map((r) => r.id);
    const got = await ordersAggregate(A.key, { id: { _in: bIds } }, 'count sum { amount } groups(by: [status]) { count }');
    expect(got).toEqual({ count: 0, sum: { amount: null }, groups: [] });
  });

  it('groups: keys, count and aggregates per group equal to SQL, ordered by keys, null last', async () => {
    const res = await gql(t.url, A.key, `{ ordersAggregate {
      byStatus: groups(by: [status]) { keys { status currency } ${TOTALS_DOC} }
      byPair: groups(by: [currency, status]) { keys { currency status } count sum { amount } }
      byCustomer: groups(by: [customerId]) { keys { customerId } count }
    } }`);
    expect(res.body.errors, res.text).toBeUndefined();
    const agg = res.body.data.ordersAggregate;
    const want = await sql(`SELECT status, ${TOTALS} FROM "Order" WHERE "accountId" = $1 AND livemode = false GROUP BY status`, A.accountId);
    want.sort((x, y) => ((x.status as string) < (y.status as string) ? -1 : 1));
    expect(agg.byStatus.map((g: any) => g.keys)).toEqual(want.map((w) => ({ status: w.status, currency: null })));
    agg.byStatus.forEach((g: any, i: number) => expectGraphQLTotals(g, want[i]));

    const pairs = await sql(`SELECT currency, status, count(*)::int AS count, sum(amount)::bigint AS sum FROM "Order" WHERE "accountId" = $1 AND livemode = false GROUP BY 1, 2`, A.accountId);
    pairs.sort((x, y) => `${x.currency} ${x.status}` < `${y.currency} ${y.status}` ? -1 : 1);
    expect(agg.byPair).toEqual(pairs.map((w) => ({ keys: { currency: w.currency, status: w.status }, count: w.count, sum: { amount: w.sum } })));

    const byCustomer = await sql(`SELECT "customerId", count(*)::int AS count FROM "Order" WHERE "accountId" = $1 AND livemode = false GROUP BY 1`, A.accountId);
    byCustomer.sort((x, y) => (x.customerId === null ? 1 : y.customerId === null ? -1 : (x.customerId as string) < (y.customerId as string) ? -1 : 1));
    expect(agg.byCustomer).toEqual(byCustomer.map((w) => ({ keys: { customerId: w.customerId }, count: w.count })));
    expect(agg.byCustomer.at(-1).keys.customerId).toBeNull();
  });

  it('fragments and aliases select what is computed', async () => {
    const res = await gql(t.url, A.key, `
      fragment S on OrderAggregate { total: count sum { ...A } }
      fragment A on OrderAggregateSum { amount }
      { usd: ordersAggregate(where: {currency: {_eq: "usd"}}) { ...S ... on OrderAggregate { max { createdAt } } } }`);
    expect(res.body.errors, res.text).toBeUndefined();
    const want = await sqlTotals(A.accountId, false, `o.currency = 'usd'`);
    expect(res.body.data.usd).toEqual({ total: want.count, sum: { amount: num(want.sum) }, max: { createdAt: iso(want.max_created) } });
  });

  it('the compiled fast path answers byte for byte as yoga does (a body with extensions goes to yoga)', async () => {
    const query = `query Q($w: OrderBoolExp) { ordersAggregate(where: $w) { ${TOTALS_DOC} groups(by: [currency, status]) { keys { currency status } ${TOTALS_DOC} } } }`;
    const variables = { w: { amount: { _gt: 1000 } } };
    const fast = await api(t.url, '/graphql', { key: A.key, body: { query, variables } });
    const yoga = await api(t.url, '/graphql', { key: A.key, body: { query, variables, extensions: {} } });
    expect(fast.body.errors, fast.text).toBeUndefined();
    expect(fast.text).toBe(yoga.text);
  });

  it('every list model has one, from the same mechanism', async () => {
    const res = await gql(t.url, A.key, `{
      customersAggregate { count min { createdAt } groups(by: [name]) { keys { name } count } }
      productsAggregate { count sum { price } avg { price } groups(by: [active, currency]) { keys { active currency } count sum { price } } }
      inventoryItemsAggregate { count sum { onHand available } }
      paymentsAggregate { count sum { amount amountRefunded } }
      refundsAggregate { count sum { amount } }
      returnsAggregate { count sum { refundAmount } }
      webhookEndpointsAggregate { count groups(by: [active]) { count } }
    }`);
    expect(res.body.errors, res.text).toBeUndefined();
    const d = res.body.data;
    expect(d.customersAggregate.count).toBe(3);
    expect(d.customersAggregate.groups).toHaveLength(3);
    expect(d.productsAggregate).toEqual({
      count: 2, sum: { price: 4350 }, avg: { price: 2175 },
      groups: [{ keys: { active: false, currency: 'eur' }, count: 1, sum: { price: 3900 } }, { keys: { active: true, currency: 'usd' }, count: 1, sum: { price: 450 } }],
    });
    expect(d.inventoryItemsAggregate).toEqual({ count: 1, sum: { onHand: 10, available: 10 } });
    expect(d.paymentsAggregate).toEqual({ count: 0, sum: { amount: null, amountRefunded: null } });
    expect(d.refundsAggregate.count).toBe(0);
    expect(d.returnsAggregate.count).toBe(0);
    expect(d.webhookEndpointsAggregate).toEqual({ count: 0, groups: [] });
  });

  it('permissions: the list\'s read permission, and the related resource\'s for a relation filter', async () => {
    const denied = await gql(t.url, customersOnly, '{ ordersAggregate { count } }');
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(denied.body.data).toBeNull();
    expect((await gql(t.url, ordersOnly, '{ ordersAggregate { count } }')).body.data.ordersAggregate.count).toBe(60);
    const through = await gql(t.url, ordersOnly, '{ ordersAggregate(where: {customer: {email: {_eq: "x"}}}) { count } }');
    expect(through.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('bad input: the where limits and types, an empty grouping, a non-groupable column', async () => {
    const many = await gql(t.url, A.key, 'query($w: OrderBoolExp) { ordersAggregate(where: $w) { count } }', { w: { id: { _in: Array.from({ length: 1001 }, (_, i) => `ord_${i}`) } } });
    expect(many.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(many.body.errors?.[0]?.extensions?.details?.limit).toEqual({ name: 'WHERE_MAX_VALUES', value: 1000 });
    let deep: unknown = { status: { _eq: 'paid' } };
    for (let i = 0; i < 40; i++) deep = { _not: deep };
    const deepRes = await gql(t.url, A.key, 'query($w: OrderBoolExp) { ordersAggregate(where: $w) { count } }', { w: deep });
    expect(deepRes.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    const empty = await gql(t.url, A.key, '{ ordersAggregate { groups(by: []) { count } } }');
    expect(empty.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    const notGroupable = await gql(t.url, A.key, '{ ordersAggregate { groups(by: [amount]) { count } } }');
    expect(notGroupable.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const notSummable = await gql(t.url, A.key, '{ ordersAggregate { sum { status } } }');
    expect(notSummable.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    for (const res of [many, deepRes, empty, notGroupable, notSummable]) expect(res.status).toBeLessThan(500);
  });
});

// ---- REST ----

const rest = (key: string, query: string, resource = 'orders') => api(t.url, `/v1/${resource}/aggregate?${query}`, { key });

function expectRestTotals(got: any, want: SqlRow) {
  expect(got.count).toBe(want.count);
  expect(got.sum).toEqual({ amount: num(want.sum) });
  if (want.avg === null) expect(got.avg.amount).toBeNull();
  else expect(got.avg.amount).toBeCloseTo(want.avg as number, 6);
  expect(got.min).toEqual({ amount: num(want.min), created: secs(want.min_created), fulfilled_at: secs(want.min_fulfilled) });
  expect(got.max).toEqual({ amount: num(want.max), created: secs(want.max_created), fulfilled_at: secs(want.max_fulfilled) });
}

const ALL = 'sum=amount&avg=amount&min=amount,created,fulfilled_at&max=amount&max=created,fulfilled_at';

describe('REST GET /v1/<resource>/aggregate', () => {
  it('totals and groups equal to SQL, dates in Unix seconds, keys in REST names', async () => {
    const res = await rest(A.key, `group_by=status&${ALL}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.object).toBe('aggregate');
    expectRestTotals(res.body, await sqlTotals(A.accountId, false));
    const want = await sql(`SELECT status, ${TOTALS} FROM "Order" WHERE "accountId" = $1 AND livemode = false GROUP BY status`, A.accountId);
    want.sort((x, y) => ((x.status as string) < (y.status as string) ? -1 : 1));
    expect(res.body.groups.map((g: any) => g.status)).toEqual(want.map((w) => w.status));
    res.body.groups.forEach((g: any, i: number) => {
      expect(Object.keys(g)).toEqual(['status', 'count', 'sum', 'avg', 'min', 'max']);
      expectRestTotals(g, want[i]);
    });
  });

  it('only what is asked: count alone; group keys named as the representation names them (customer, null last)', async () => {
    const res = await rest(A.key, 'currency=usd');
    expect(res.body).toEqual({ object: 'aggregate', count: (await sqlTotals(A.accountId, false, `o.currency = 'usd'`)).count });
    const byCustomer = await rest(A.key, 'group_by=customer,currency&sum=amount');
    expect(byCustomer.status, byCustomer.text).toBe(200);
    const want = await sql(`SELECT "customerId", currency, count(*)::int AS count, sum(amount)::bigint AS sum FROM "Order" WHERE "accountId" = $1 AND livemode = false GROUP BY 1, 2`, A.accountId);
    const key = (c: unknown) => (c === null ? '\uffff' : String(c));
    want.sort((x, y) => (`${key(x.customerId)} ${x.currency}` < `${key(y.customerId)} ${y.currency}` ? -1 : 1));
    expect(byCustomer.body.groups).toEqual(want.map((w) => ({ customer: w.customerId, currency: w.currency, count: w.count, sum: { amount: w.sum } })));
    expect(byCustomer.body.groups.at(-1).customer).toBeNull();
  });

  it('every list filter, as the list route takes it, with the same rows as the list', async () => {
    const created = Math.floor((BASE_MS + 30 * 3_600_123) / 1000);
    const cases: [string, string, unknown[]][] = [
      ['status_in=paid,shipped', `o.status IN ('paid','shipped')`, []],
      ['amount_gte=50000&currency=eur', `o.amount >= 50000 AND o.currency = 'eur'`, []],
      [`created_after=${created}`, `o."createdAt" >= $3`, [new Date((created + 1) * 1000)]],
      [`created[lte]=${created}`, `o."createdAt" < $3`, [new Date((created + 1) * 1000)]],
      ['tracking_number_is_null=false', `o."trackingNumber" IS NOT NULL`, []],
      ['search=TRK-1-1', `o."trackingNumber" ILIKE '%TRK-1-1%'`, []],
      ['customer.email_eq=c2-1@example.com', `EXISTS (SELECT 1 FROM "Customer" c WHERE c.id = o."customerId" AND c.email = 'c2-1@example.com')`, []],
    ];
    for (const [query, cond, args] of cases) {
      const res = await rest(A.key, `${query}&${ALL}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      const want = await sqlTotals(A.accountId, false, cond, ...args);
      expectRestTotals(res.body, want);
      const list = await api(t.url, `/v1/orders?${query}&limit=1`, { key: A.key });
      expect(list.body.pagination.total_count, query).toBe(want.count);
    }
  });

  it('scoping: another account and the other mode never count', async () => {
    expectRestTotals((await rest(B.key, ALL)).body, await sqlTotals(B.accountId, false));
    expectRestTotals((await rest(aLive, ALL)).body, await sqlTotals(A.accountId, true));
    const bIds = (await sql(`SELECT id FROM "Order" WHERE "accountId" = $1`, B.accountId)).map((r) => r.id);
    expect((await rest(A.key, `id_in=${bIds.join(',')}&group_by=status`)).body).toEqual({ object: 'aggregate', count: 0, groups: [] });
  });

  it('every /v1 list resource has one', async () => {
    const products = await rest(A.key, 'group_by=active&sum=price&min=price,created', 'products');
    expect(products.body).toMatchObject({ object: 'aggregate', count: 2, sum: { price: 4350 }, groups: [{ active: false, count: 1, sum: { price: 3900 } }, { active: true, count: 1, sum: { price: 450 } }] });
    for (const resource of ['customers', 'inventory', 'payments', 'refunds', 'returns', 'webhooks']) {
      const [agg, list] = await Promise.all([rest(A.key, 'min=created', resource), api(t.url, `/v1/${resource}?limit=1`, { key: A.key })]);
      expect(agg.status, `${resource}: ${agg.text}`).toBe(200);
      expect(agg.body.count, resource).toBe(list.body.pagination.total_count);
    }
    expect((await rest(A.key, 'sum=on_hand,available&group_by=location', 'inventory')).body).toEqual({ object: 'aggregate', count: 1, sum: { on_hand: 10, available: 10 }, groups: [{ location: 'default', count: 1, sum: { on_hand: 10, available: 10 } }] });
  });

  it('permissions: the list\'s read permission, and the related resource\'s for a relation filter', async () => {
    const denied = await rest(customersOnly, 'sum=amount');
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await rest(ordersOnly, 'sum=amount')).status).toBe(200);
    expect((await rest(ordersOnly, 'customer.email_eq=x')).status).toBe(403);
    expect((await api(t.url, '/v1/orders/aggregate')).status).toBe(401);
  });

  it('bad input: a 400 in the API envelope naming every fault, never a 500', async () => {
    const fields = async (query: string) => {
      const res = await rest(A.key, query);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.error.type).toBe('validation_error');
      return res.body.error.details.errors.map((e: any) => `${e.field}: ${e.message}`);
    };
    expect(await fields('sum=status&avg=nope&group_by=amount&min=metadata&max=customer'))
      .toEqual(["sum: 'status' is not a numeric field", "avg: unknown field 'nope'", "min: 'metadata' is not a numeric or date-time field", "max: 'customer' is not a numeric or date-time field", "group_by: 'amount' is not a text or boolean field that groups"]);
    expect(await fields('group_by=id')).toEqual(["group_by: 'id' is not a text or boolean field that groups"]);
    expect(await fields('sum=')).toEqual(['sum: empty field name']);
    expect(await fields('limit=5&sort=amount')).toHaveLength(2);
    expect(await fields('foo_eq=1')).toEqual(["foo_eq: unknown filter field 'foo_eq'"]);
    expect(await fields('amount_gte=abc')).toHaveLength(1);
    expect(await fields(`id_in=${Array.from({ length: 1001 }, (_, i) => `o${i}`).join(',')}`)).toHaveLength(1);
    const weird = ['sum=amount%00', 'group_by=%E2%80%AE', 'created_after=99999999999999', 'sum[]=amount', 'group_by=status&group_by=status'];
    for (const q of weird) expect((await rest(A.key, q)).status, q).toBeLessThan(500);
    // a repeated group key counts once
    expect((await rest(A.key, 'group_by=status,status')).body.groups).toHaveLength(4);
  });
});

describe(`the group limit (${AGGREGATE_MAX_GROUPS})`, () => {
  it('more groups than the limit is a 400 naming it, on both doors', async () => {
    const C = await t.newAccount();
    const rows = Array.from({ length: AGGREGATE_MAX_GROUPS + 1 }, (_, i) => ({ id: id('cus'), accountId: C.accountId, livemode: false, email: `u${i}@example.com` }));
    await p().customer.createMany({ data: rows });
    const res = await rest(C.key, 'group_by=email', 'customers');
    expect(res.status).toBe(400);
    expect(res.body.error.details.limit).toEqual({ name: 'AGGREGATE_MAX_GROUPS', value: AGGREGATE_MAX_GROUPS });
    expect(res.body.error.param).toBe('group_by');
    const g = await gql(t.url, C.key, '{ customersAggregate { groups(by: [email]) { count } } }');
    expect(g.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    // filtered below the limit, it answers
    const ok = await rest(C.key, 'group_by=email&email_like=u1%25', 'customers');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.groups.length).toBe((await sql(`SELECT count(*)::int AS n FROM "Customer" WHERE "accountId" = $1 AND email LIKE 'u1%'`, C.accountId))[0].n);
  });
});
