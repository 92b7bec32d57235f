// Query-string filters (suffix operators, created[gte], created_after, search, relation
// paths, plain equality), sort/order, sparse fields and expand[] on the REST lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, expectError, expectList, faultFields, ids } from './envelope.js';

let t: TestServer;
let acct: TestAccount;
const o: Record<string, any> = {};
let alice: any;
let bob: any;
let mug: any;
let startedAt: number;

const item = (amount: number) => [{ name: 'Thing', quantity: 1, unit_amount: amount }];

beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  startedAt = Math.floor(Date.now() / 1000) - 1;
  const post = (path: string, body: unknown) => api(t.url, path, { key: acct.key, body });
  alice = (await post('/v1/customers', { email: 'alice@example.com', name: 'Alice' })).body;
  bob = (await post('/v1/customers', { email: 'bob@example.com', name: 'Bob' })).body;
  mug = (await post('/v1/products', { name: 'Mug', price: 4500, currency: 'eur' })).body;
  o.o1 = await createOrder(t.url, acct.key, { currency: 'usd', customer: alice.id, items: item(500) });
  o.o2 = await createOrder(t.url, acct.key, { currency: 'usd', customer: bob.id, items: item(1500) });
  o.o3 = await createOrder(t.url, acct.key, { currency: 'eur', items: item(2500) });
  o.o4 = await createOrder(t.url, acct.key, { currency: 'usd', customer: alice.id, items: item(3500) });
  o.o5 = await createOrder(t.url, acct.key, { currency: 'eur', items: [{ product: mug.id, quantity: 1 }] });
  await api(t.url, `/v1/orders/${o.o2.id}/fulfill`, { key: acct.key, body: { shipping_carrier: 'ups', tracking_number: 'TRACK-XYZ-123' } });
  await api(t.url, `/v1/orders/${o.o3.id}/cancel`, { key: acct.key, body: { reason: 'other' } });
  await api(t.url, `/v1/orders/${o.o4.id}`, { method: 'PATCH', key: acct.key, body: { status: 'processing' } });
  await api(t.url, `/v1/orders/${o.o1.id}`, { method: 'PATCH', key: acct.key, body: { shipping_carrier: 'Carrier 50%_off' } });
});
afterAll(async () => { await t?.stop(); });

const list = (query: string) => api(t.url, `/v1/orders?limit=100&${query}`, { key: acct.key });

/** The names (o1..o5) of the orders a filtered list returns, sorted. */
async function names(query: string): Promise<string[]> {
  const res = await list(query);
  const b = expectList(res);
  expect(b.pagination.total_count).toBe(b.data.length);
  const byId = new Map(Object.entries(o).map(([k, v]) => [v.id, k]));
  return ids(res).map((id) => byId.get(id) ?? id).sort();
}

describe('filters', () => {
  it.each([
    ['status_eq=pending', ['o1', 'o5']],
    ['status=pending', ['o1', 'o5']],
    ['status_ne=pending', ['o2', 'o3', 'o4']],
    ['amount_gte=1500&amount_lt=3500', ['o2', 'o3']],
    ['amount_gt=1500&amount_lte=3500', ['o3', 'o4']],
    ['status_in=shipped,cancelled', ['o2', 'o3']],
    ['status_nin=shipped,cancelled', ['o1', 'o4', 'o5']],
    ['amount_between=1000,3000', ['o2', 'o3']],
    ['currency_like=eu%25', ['o3', 'o5']],
    ['currency_like=%25sd', ['o1', 'o2', 'o4']],
    ['currency_eq=usd&status_eq=pending', ['o1']],
    // currencies in any case, as bodies take them
    ['currency=EUR', ['o3', 'o5']],
    ['currency_in=USD,Eur&status_eq=pending', ['o1', 'o5']],
    ['search=xyz-12', ['o2']],
    ['search=TRACK', ['o2']],
    // % and _ are literal text in a search, not LIKE wildcards
    ['search=%25', ['o1']],
    ['search=%25_', ['o1']],
    ['search=50%25_OFF', ['o1']],
    ['search=r_5', []],
    ['search=%5C', []],
    ['customer.email_eq=alice@example.com', ['o1', 'o4']],
    ['customer.name_in=Bob', ['o2']],
    ['customer_is_null=true', ['o3', 'o5']],
    ['items.unit_amount_gte=4000', ['o5']],
    ['cancellation_reason_eq=other', ['o3']],
  ])('%s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('every suffix operator has its bracket form, and comma lists take spaces after the commas', async () => {
    expect(await names('amount[between]=1000,3000')).toEqual(['o2', 'o3']);
    expect(await names('amount[ne]=500&currency[eq]=usd')).toEqual(['o2', 'o4']);
    expect(await names('status[nin]=shipped,cancelled')).toEqual(['o1', 'o4', 'o5']);
    expect(await names('customer[is_null]=true')).toEqual(['o3', 'o5']);
    expect(await names('status_in=shipped,%20cancelled')).toEqual(['o2', 'o3']);
    expect(await names('amount_in=500,%201500')).toEqual(['o1', 'o2']);
    expect(await names('amount_between=1000,%203000')).toEqual(['o2', 'o3']);
    expectError(await list('amount[between]=1000'), 400, 'VALIDATION_ERROR');
  });

  it('customer_eq=<id> filters by the customer reference', async () => {
    expect(await names(`customer_eq=${alice.id}`)).toEqual(['o1', 'o4']);
    expect(await names(`customer=${bob.id}`)).toEqual(['o2']);
  });

  it('created[gte], created[lt], created_after take Unix seconds and ISO 8601', async () => {
    const future = startedAt + 3600;
    expect(await names(`created[gte]=${startedAt}`)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(await names(`created[gte]=${future}`)).toEqual([]);
    expect(await names(`created[lt]=${startedAt}`)).toEqual([]);
    expect(await names(`created_after=${startedAt}`)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(await names(`created_after=${future}`)).toEqual([]);
    expect(await names(`created_after=${new Date((startedAt - 60) * 1000).toISOString()}`)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(await names(`created_before=${startedAt}`)).toEqual([]);
    // created_after excludes the given instant: o5's created second plus one leaves none newer than o5
    expect(await names(`created_after=${o.o5.created + 1}`)).toEqual([]);
  });

  it('time filters compare in whole seconds, as times are shown', async () => {
    // rows within one second of the boundary: o1 at T.999, o2 at T.000, o3 at T+1.000
    const T = startedAt - 100;
    const prisma = t.server.services.db.prisma;
    await prisma.order.update({ where: { id: o.o1.id }, data: { createdAt: new Date(T * 1000 + 999) } });
    await prisma.order.update({ where: { id: o.o2.id }, data: { createdAt: new Date(T * 1000) } });
    await prisma.order.update({ where: { id: o.o3.id }, data: { createdAt: new Date((T + 1) * 1000) } });
    try {
      const shown = (await api(t.url, `/v1/orders/${o.o1.id}`, { key: acct.key })).body.created;
      expect(shown).toBe(T);
      expect(await names(`created_eq=${T}`)).toEqual(['o1', 'o2']);
      expect(await names(`created=${T}`)).toEqual(['o1', 'o2']);
      expect(await names(`created_after=${T}`)).toEqual(['o3', 'o4', 'o5']);
      expect(await names(`created_gt=${T}`)).toEqual(['o3', 'o4', 'o5']);
      expect(await names(`created[gte]=${T}`)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
      expect(await names(`created[lte]=${T}`)).toEqual(['o1', 'o2']);
      expect(await names(`created_lt=${T + 1}`)).toEqual(['o1', 'o2']);
      expect(await names(`created_before=${T}`)).toEqual([]);
      expect(await names(`created_ne=${T}`)).toEqual(['o3', 'o4', 'o5']);
      expect(await names(`created_between=${T},${T}`)).toEqual(['o1', 'o2']);
      expect(await names(`created_in=${T},${T + 1}`)).toEqual(['o1', 'o2', 'o3']);
      expect(await names(`created_nin=${T},${T + 1}`)).toEqual(['o4', 'o5']);
      // ISO 8601 alike, at the second
      expect(await names(`created_after=${new Date(T * 1000).toISOString()}`)).toEqual(['o3', 'o4', 'o5']);
      expect((await list(`created_between=${T}`)).status).toBe(400);
    } finally {
      for (const k of ['o1', 'o2', 'o3'] as const) await prisma.order.update({ where: { id: o[k].id }, data: { createdAt: new Date(o[k].created * 1000) } });
    }
  });

  it('an unknown filter field is 400 listing every one', async () => {
    const res = await list('colour=red&status_eq=pending&size_gte=3');
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res).sort()).toEqual(['colour', 'size_gte']);
    expect(res.body.error.details.errors[0].message).toMatch(/unknown filter field/);
  });

  it('hidden and JSON fields are not filterable', async () => {
    for (const q of ['account_id_eq=x', 'livemode_eq=true', 'metadata_eq=x', 'account.name_eq=x']) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });

  it.each([
    ['amount_gte=abc', 'amount_gte', 'VALIDATION_ERROR'],
    ['amount_in=1,x', 'amount_in', 'VALIDATION_ERROR'],
    ['amount_between=1', 'amount_between', 'VALIDATION_ERROR'],
    ['created[gte]=yesterday', 'created[gte]', 'INVALID_DATE_FORMAT'],
    ['created_after=abc', 'created_after', 'INVALID_DATE_FORMAT'],
    ['amount_like=1%25', 'amount_like', 'VALIDATION_ERROR'],
    ['currency_like=u_d', 'currency_like', 'VALIDATION_ERROR'],
    ['customer.email_like=a_b%25', 'customer.email_like', 'VALIDATION_ERROR'],
    ['amount_gte=99999999999', 'amount_gte', 'VALIDATION_ERROR'],
    ['created_after=0000-01-01', 'created_after', 'INVALID_DATE_FORMAT'],
    ['search=', 'search', 'VALIDATION_ERROR'],
  ])('%s is 400 naming the parameter', async (query, param, code) => {
    const res = await list(query);
    expectError(res, 400, code);
    if (param) expect(faultFields(res)).toContain(param);
  });

  it('a malformed date is INVALID_DATE_FORMAT naming the parameter as sent, its fault carrying the code, on every list', async () => {
    for (const [path, query, param] of [
      ['/v1/orders', 'created_after=notadate', 'created_after'],
      ['/v1/orders', 'created[gte]=2026-13-45', 'created[gte]'],
      ['/v1/orders', 'created_before=2026-13-45T00:00:00Z', 'created_before'],
      ['/v1/orders', 'fulfilled_at_lt=soon', 'fulfilled_at_lt'],
      ['/v1/orders', 'created_in=1700000000,never', 'created_in'],
      ['/v1/orders', 'created_between=nope,1700000000', 'created_between'],
      ['/v1/orders/list', 'created_after=notadate', 'created_after'],
      ['/v1/orders/aggregate', 'created_after=notadate', 'created_after'],
      ['/v1/customers', 'created[lte]=2026-13-45', 'created[lte]'],
      ['/v1/products', 'updated_gte=x', 'updated_gte'],
      ['/v1/events', 'created_after=notadate', 'created_after'],
      ['/v1/payments', 'created_after=notadate', 'created_after'],
      ['/v1/orders', 'customer.created_gt=notadate', 'customer.created_gt'],
    ] as const) {
      const res = await api(t.url, `${path}?${query}`, { key: acct.key });
      const e = expectError(res, 400, 'INVALID_DATE_FORMAT');
      expect(e.param, query).toBe(param);
      expect(e.details.errors, query).toEqual([{ field: param, message: expect.stringContaining('is not a date'), expected: 'Unix seconds or ISO 8601', code: 'INVALID_DATE_FORMAT' }]);
    }
    // as a body's malformed date is
    expectError(await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'k', permissions: ['orders:read'], expires_at: '2026-13-45' } }), 400, 'INVALID_DATE_FORMAT');
    // two parameters each with a malformed date: one code; with another fault beside: VALIDATION_ERROR, each fault its own code
    const both = await list('created_after=x&created[lt]=y');
    expectError(both, 400, 'INVALID_DATE_FORMAT');
    expect(faultFields(both).sort()).toEqual(['created[lt]', 'created_after']);
    const mixed = await list('created_after=x&colour=red');
    expectError(mixed, 400, 'VALIDATION_ERROR');
    const byField = Object.fromEntries(mixed.body.error.details.errors.map((f: any) => [f.field, f.code]));
    expect(byField).toEqual({ created_after: 'INVALID_DATE_FORMAT', colour: undefined });
  });

  it('a value outside a closed set (an order status) is 400 INVALID_ENUM_VALUE naming the parameter as sent, with the allowed values', async () => {
    const statuses = 'one of pending, paid, processing, shipped, delivered, cancelled, refunded';
    for (const [query, param] of [
      ['status_eq=bogus', 'status_eq'],
      ['status=bogus', 'status'],
      ['status_neq=bogus', 'status_neq'],
      ['status_ne=bogus', 'status_ne'],
      ['status_in=pending,bogus', 'status_in'],
      ['status_nin=bogus', 'status_nin'],
      ['status[eq]=bogus', 'status[eq]'],
      ['status[in]=bogus', 'status[in]'],
      ['status=PENDING', 'status'],
    ] as const) {
      const res = await list(query);
      const e = expectError(res, 400, 'INVALID_ENUM_VALUE');
      expect(e.param, query).toBe(param);
      expect(e.details.errors, query).toEqual([{ field: param, message: expect.stringMatching(/^'(bogus|PENDING)' is not a value of status$/), expected: statuses, code: 'INVALID_ENUM_VALUE' }]);
    }
    const many = expectError(await list('status_in=x,pending,y'), 400, 'INVALID_ENUM_VALUE');
    expect(many.details.errors[0].message).toBe("'x', 'y' are not values of status");
    // the cancellation reason, and other areas' statuses, through every list route
    const reason = expectError(await list('cancellation_reason=typo'), 400, 'INVALID_ENUM_VALUE');
    expect(reason.details.errors[0].expected).toBe('one of duplicate, fraudulent, requested_by_customer, abandoned, other');
    for (const [path, query, expected] of [
      ['/v1/orders/aggregate', 'status=bogus', statuses],
      ['/v1/payments', 'status=bogus', 'one of pending, succeeded, failed'],
      ['/v1/payments', 'order.status_eq=bogus', statuses],
      ['/v1/returns', 'status_in=requested,bogus', 'one of requested, approved, rejected, received, processed'],
      ['/v1/invoices', 'status=paid_out', 'one of draft, open, paid, void, uncollectible'],
      ['/v1/subscriptions', 'status=cancelled', 'one of trialing, active, past_due, canceled, incomplete, incomplete_expired'],
      ['/v1/prices', 'interval=fortnight', 'one of day, week, month, year'],
      ['/v1/agents', 'status=stopped', 'one of active, paused'],
      ['/v1/finance/loans', 'repayment=balloon', 'one of fixed, revenue_share'],
    ] as const) {
      const e = expectError(await api(t.url, `${path}?${query}`, { key: acct.key }), 400, 'INVALID_ENUM_VALUE');
      expect(e.details.errors[0].expected, `${path}?${query}`).toBe(expected);
      expect(e.param, `${path}?${query}`).toBe(query.split('=')[0]);
    }
    // valid values filter as before; operators that do not compare for equality are not checked
    expect(await names('status=cancelled')).toEqual(['o3']);
    expect(await names('status_in=shipped,cancelled')).toEqual(['o2', 'o3']);
    expect(await names('status_like=pend%25')).toEqual(['o1', 'o5']);
    expect(await names('status_gt=shipped')).toEqual([]);
    expect(await names('cancellation_reason=other')).toEqual(['o3']);
    expect((await api(t.url, '/v1/payments?status=pending', { key: acct.key })).status).toBe(200);
    // with another fault beside it: VALIDATION_ERROR, each fault with its own code
    const mixed = await list('status=bogus&created_after=x&colour=red');
    expectError(mixed, 400, 'VALIDATION_ERROR');
    expect(Object.fromEntries(mixed.body.error.details.errors.map((f: any) => [f.field, f.code])))
      .toEqual({ status: 'INVALID_ENUM_VALUE', created_after: 'INVALID_DATE_FORMAT', colour: undefined });
  });

  it('_is_null on a required field is false for every row, as in GraphQL (src/db/where.ts)', async () => {
    const none = await list('status_is_null=true');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const all = await list('status_is_null=false&limit=1');
    expect(all.status).toBe(200);
    expect(all.body.pagination.total_count).toBeGreaterThan(0);
  });

  it('reports every bad parameter of one request', async () => {
    const res = await list('amount_gte=abc&created[gte]=nope&colour=1');
    expect(faultFields(res).sort()).toEqual(['amount_gte', 'colour', 'created[gte]']);
  });
});

describe('sort and order', () => {
  const amounts = (res: any) => res.body.data.map((x: any) => x.amount);

  it('sort=amount&order=asc and desc, and -amount', async () => {
    expect(amounts(await list('sort=amount&order=asc'))).toEqual([500, 1500, 2500, 3500, 4500]);
    expect(amounts(await list('sort=amount&order=desc'))).toEqual([4500, 3500, 2500, 1500, 500]);
    expect(amounts(await list('sort=-amount'))).toEqual([4500, 3500, 2500, 1500, 500]);
  });

  it('several fields with one direction each', async () => {
    const res = await list('sort=currency,amount&order=asc,desc');
    expect(res.body.data.map((x: any) => [x.currency, x.amount])).toEqual([
      ['eur', 4500], ['eur', 2500], ['usd', 3500], ['usd', 1500], ['usd', 500],
    ]);
  });

  it('an unknown, JSON or nullable sort field, or an unknown direction, is 400', async () => {
    for (const q of ['sort=bogus', 'sort=metadata', 'sort=customer', 'sort=amount&order=sideways']) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('sparse fields', () => {
  it('fields=id,status returns only those (and object)', async () => {
    const res = await list('fields=id,status');
    expectList(res);
    for (const x of res.body.data) expect(Object.keys(x).sort()).toEqual(['id', 'object', 'status']);
    const one = await api(t.url, `/v1/orders/${o.o1.id}?fields=amount,currency`, { key: acct.key });
    expect(one.body).toEqual({ id: o.o1.id, object: 'order', amount: 500, currency: 'usd' });
  });

  it('fields[]=a&fields[]=b and a repeated fields= list the same fields', async () => {
    for (const q of ['fields[]=id&fields[]=status', 'fields=id&fields=status', 'fields[]=id,status']) {
      const res = await list(q);
      expectList(res);
      for (const x of res.body.data) expect(Object.keys(x).sort(), q).toEqual(['id', 'object', 'status']);
    }
    const one = await api(t.url, `/v1/orders/${o.o1.id}?fields[]=amount&fields[]=currency`, { key: acct.key });
    expect(one.body).toEqual({ id: o.o1.id, object: 'order', amount: 500, currency: 'usd' });
    expectError(await list('fields[]=id&fields[]=colour'), 400, 'VALIDATION_ERROR');
  });

  it('an unknown field is 400, also on an empty page and on a single object', async () => {
    const res = await list('fields=id,colour');
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.errors.map((e: any) => e.message)).toEqual(["unknown field 'colour'"]);
    expectError(await list('status_eq=delivered&fields=colour'), 400, 'VALIDATION_ERROR');
    expectError(await list('fields=constructor'), 400, 'VALIDATION_ERROR');
    expectError(await api(t.url, `/v1/orders/${o.o1.id}?fields=nope`, { key: acct.key }), 400, 'VALIDATION_ERROR');
  });
});

describe('expand[]', () => {
  it('expand[]=customer replaces the customer id by the customer object', async () => {
    const plain = (await list(`id_eq=${o.o1.id}`)).body.data[0];
    expect(plain.customer).toBe(alice.id);
    const res = await list('expand[]=customer');
    const byId = new Map(res.body.data.map((x: any) => [x.id, x]));
    expect((byId.get(o.o1.id) as any).customer).toMatchObject({ id: alice.id, object: 'customer', email: 'alice@example.com' });
    expect((byId.get(o.o3.id) as any).customer).toBeNull();
    const one = await api(t.url, `/v1/orders/${o.o2.id}?expand[]=customer`, { key: acct.key });
    expect(one.body.customer).toMatchObject({ id: bob.id, name: 'Bob' });
  });

  it('expand[]=items.product expands the product of each item', async () => {
    const plain = await api(t.url, `/v1/orders/${o.o5.id}`, { key: acct.key });
    expect(plain.body.items[0].product).toBe(mug.id);
    const res = await api(t.url, `/v1/orders/${o.o5.id}?expand[]=items.product`, { key: acct.key });
    expect(res.body.items[0].product).toMatchObject({ id: mug.id, object: 'product', name: 'Mug', price: 4500 });
    const both = await list('expand[]=items.product&expand[]=customer&customer_eq=' + alice.id);
    expect(both.body.data.every((x: any) => x.customer.id === alice.id && x.items[0].product === null)).toBe(true);
  });

  it("on a list, Stripe's expand[]=data.customer is expand[]=customer", async () => {
    const res = await list(`expand[]=data.customer&customer_eq=${alice.id}`);
    expectList(res);
    expect(res.body.data.length).toBe(2);
    for (const x of res.body.data) expect(x.customer).toMatchObject({ id: alice.id, object: 'customer' });
    const nested = await list(`expand[]=data.items.product&id_eq=${o.o5.id}`);
    expect(nested.body.data[0].items[0].product).toMatchObject({ id: mug.id, object: 'product' });
  });

  it('an unknown expansion is 400', async () => {
    for (const q of ['expand[]=bogus', 'expand[]=account', 'expand[]=items.colour', 'expand[]=']) {
      expectError(await list(q), 400, 'VALIDATION_ERROR');
    }
  });
});
