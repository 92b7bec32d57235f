// fuzz: no GraphQL input ever produces an internal error. Seeded random `where` trees,
// `order_by` lists, pages and mutation inputs, sent as variables through both executors (the
// fast path, and yoga with `extensions` set): every answer is below 500 and every error carries
// a catalog code other than INTERNAL_ERROR. Probing like this found a year-0 date and deep
// nesting reaching the database or the stack as internal errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { rng } from '../helpers/rng.js';

let t: TestServer;
let acct: TestAccount;
let orderId: string;

beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  const customer = await api(t.url, '/v1/customers', { key: acct.key, body: { email: 'fuzz@example.com' } });
  for (let i = 0; i < 4; i++) {
    const o = await api(t.url, '/v1/orders', { key: acct.key, body: { ...TEA_ORDER, customer: i % 2 ? customer.body.id : undefined, metadata: { n: String(i) } } });
    orderId = o.body.id;
  }
});
afterAll(async () => { await t?.stop(); });

interface Case { query: string; variables: Record<string, unknown> }

function cases(seed: number): Case[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const int = (n: number) => Math.floor(r() * n);
  const scalar = () => pick([
    'pending', 'shipped', '', '%', '_', '\\', 'a%b', '%x%', 'usd', '\u0000', 'a\ud800', '😀', 'x'.repeat(2000), "'; drop table \"Order\"; --",
    0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e300, true, false, null,
    '2026-01-01', '2026-01-01T00:00:00Z', '0000-01-01', '9999-12-31T23:59:59.999Z', '10000-01-01', 'yesterday', '1970-01-01T00:00:00+14:00',
    [], ['pending', 'shipped'], [1, 2], { a: 1 }, { n: '1' },
  ]);
  const FIELDS = ['status', 'amount', 'currency', 'createdAt', 'fulfilledAt', 'trackingNumber', 'metadata', 'customerId', 'id', 'nope'];
  const OPS = ['_eq', '_ne', '_neq', '_gt', '_gte', '_lt', '_lte', '_in', '_nin', '_like', '_ilike', '_is_null', '_contains', '_has_key', '_bad'];
  const where = (depth: number): unknown => {
    const k = depth > 4 ? int(3) : int(9);
    switch (k) {
      case 0: case 1: case 2: return { [pick(FIELDS)]: { [pick(OPS)]: scalar() } };
      case 3: return { _and: Array.from({ length: int(4) }, () => where(depth + 1)) };
      case 4: return { _or: Array.from({ length: int(4) }, () => where(depth + 1)) };
      case 5: return { _not: where(depth + 1) };
      case 6: return { customer: where(depth + 1) };
      case 7: return { items: { [pick(['name', 'quantity', 'position', 'product'])]: pick([{ _eq: scalar() }, where(depth + 1)]) } };
      default: return pick([{}, null, [], 'x', { [pick(FIELDS)]: scalar() }]);
    }
  };
  const orderBy = () => Array.from({ length: int(4) }, () => ({
    [pick([...FIELDS, 'customer'])]: pick(['asc', 'desc', 'asc_nulls_first', 'desc_nulls_last', 'sideways', { email: 'asc' }, null]),
  }));
  const list = 'query L($w: OrderBoolExp, $o: [OrderOrderBy!], $l: Int, $f: Int) { orders(where: $w, order_by: $o, limit: $l, offset: $f) { id status amount createdAt metadata customer { email } } }';
  const out: Case[] = [];
  for (let i = 0; i < 120; i++) {
    out.push({ query: list, variables: { w: where(0), o: r() < 0.5 ? orderBy() : undefined, l: pick([undefined, 0, 1, 100, 101, -1, 2 ** 31]), f: pick([undefined, 0, 3, 10_000, 10_001, -5]) } });
  }
  const create = 'mutation C($input: CreateOrderInput!) { createOrder(input: $input) { id amount items { name } } }';
  for (let i = 0; i < 40; i++) {
    const input: Record<string, unknown> = { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unitAmount: 450 }], metadata: { a: 'b' } };
    const slot = int(5);
    if (slot === 0) input.currency = scalar();
    else if (slot === 1) (input.items as Record<string, unknown>[])[0][pick(['name', 'quantity', 'unitAmount', 'product'])] = scalar();
    else if (slot === 2) input.customer = scalar();
    else if (slot === 3) input.metadata = pick([scalar(), { [pick(['k', '', '\u0000', 'x'.repeat(50)])]: scalar() }]);
    else input.items = pick([scalar(), Array.from({ length: int(3) }, () => ({ quantity: scalar() }))]);
    out.push({ query: create, variables: { input } });
  }
  const update = 'mutation U($id: ID!, $input: UpdateOrderInput!) { updateOrder(id: $id, input: $input) { id status } }';
  for (let i = 0; i < 20; i++) {
    out.push({ query: update, variables: { id: pick([orderId, 'ord_nope', '', scalar()]), input: { [pick(['status', 'metadata', 'trackingNumber', 'shippingCarrier', 'customer', 'x'])]: scalar() } } });
  }
  return out;
}

describe('fuzz', () => {
  it('~180 random queries and mutations, through the fast path and yoga, never give an internal error', async () => {
    const failures: string[] = [];
    const codes = new Map<string, number>();
    let succeeded = 0;
    const all = cases(20261122);
    for (let i = 0; i < all.length; i += 6) {
      await Promise.all(all.slice(i, i + 6).flatMap((c) => [undefined, {}].map(async (extensions) => {
        const res = await api(t.url, '/graphql', { key: acct.key, body: { ...c, extensions } });
        const errors = (res.body?.errors ?? []) as Array<{ extensions?: { code?: unknown } }>;
        for (const e of errors) codes.set(String(e.extensions?.code), (codes.get(String(e.extensions?.code)) ?? 0) + 1);
        if (!errors.length && res.status === 200) succeeded++;
        const bad = res.status >= 500 || !res.body || errors.some((e) => typeof e.extensions?.code !== 'string' || e.extensions.code === 'INTERNAL_ERROR');
        if (bad) failures.push(`${JSON.stringify(c.variables).slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`);
      })));
    }
    expect(failures).toEqual([]);
    // the cases reach success and the validation paths alike
    expect(succeeded).toBeGreaterThan(5);
    expect((codes.get('VALIDATION_ERROR') ?? 0) + (codes.get('GRAPHQL_VALIDATION_FAILED') ?? 0)).toBeGreaterThan(50);
  }, 120_000);
});
