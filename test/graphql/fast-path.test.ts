// The lean path for successful JSON queries must answer exactly as yoga does. A body with
// `extensions` always goes through yoga, so the same query is compared both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';

const ADMIN = 'admin-key-for-fast-path-tests';
let t: TestServer;
let key: string;
beforeAll(async () => {
  // statements are counted for the whole server: no delivery worker polling meanwhile
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  key = (await t.newAccount()).key;
  for (let i = 0; i < 3; i++) await api(t.url, '/v1/orders', { key, body: { ...TEA_ORDER, metadata: { n: String(i) } } });
});
afterAll(async () => { await t?.stop(); });

async function fastPathCount(outcome: 'answered' | 'declined'): Promise<number> {
  const metrics = await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
  const m = new RegExp(`graphql_fast_path_total\\{outcome="${outcome}"\\} (\\d+)`).exec(metrics.text);
  return m ? Number(m[1]) : 0;
}

async function both(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const answered = await fastPathCount('answered');
  const fast = await api(t.url, '/graphql', { key, body: { query, variables, operationName } });
  /** whether the first request was answered by the fast path (not left to yoga) */
  const tookFastPath = (await fastPathCount('answered')) === answered + 1;
  const yoga = await api(t.url, '/graphql', { key, body: { query, variables, operationName, extensions: {} } });
  // an error names its own request (extensions.request_id, the answer's X-Request-Id): the
  // bytes compared are the rest, each answer's id checked and set aside
  for (const res of [fast, yoga]) {
    const id = res.headers.get('x-request-id')!;
    if (res.body.errors) for (const e of res.body.errors) expect(e.extensions.request_id).toBe(id);
    res.text = res.text.replaceAll(id, '<request id>');
  }
  return { fast, yoga, tookFastPath };
}

describe('GraphQL fast path', () => {
  it('answers a query byte for byte as yoga does', async () => {
    const { fast, yoga, tookFastPath } = await both('query Q($n: Int) { orders(limit: $n, order_by: [{createdAt: asc}]) { id amount metadata createdAt items { name unitAmount } customer { id } } }', { n: 2 }, 'Q');
    expect(tookFastPath).toBe(true);
    expect(fast.status).toBe(200);
    expect(fast.text).toBe(yoga.text);
    expect(fast.body.data.orders).toHaveLength(2);
    expect(fast.headers.get('content-type')).toBe(yoga.headers.get('content-type'));
  });

  // graphql-jit's own variable parser never finished on recursive input types (a stack
  // overflow after seconds of blocked event loop), so these documents used to fall to yoga
  it('takes variables of recursive input types ($where: OrderBoolExp), coerced as yoga coerces them', async () => {
    const doc = `query L($where: OrderBoolExp, $orderBy: [OrderOrderBy!], $limit: Int = 2) {
      orders(where: $where, order_by: $orderBy, limit: $limit) { id amount metadata } }`;
    const cases: Array<Record<string, unknown>> = [
      { where: { _and: [{ amount: { _gt: 0 } }, { _or: [{ status: { _eq: 'pending' } }, { _not: { currency: { _eq: 'eur' } } }] }] } },
      { where: { metadata: { _contains: { n: '1' } } }, orderBy: { amount: 'desc' } }, // a single object for a list
      { where: { items: { name: { _eq: 'Tea' } } }, orderBy: [{ createdAt: 'asc' }], limit: 3 },
      { where: null, limit: null },
      {},
    ];
    for (const variables of cases) {
      const { fast, yoga, tookFastPath } = await both(doc, variables, 'L');
      expect(tookFastPath, JSON.stringify(variables)).toBe(true);
      expect(fast.status).toBe(200);
      expect(fast.text).toBe(yoga.text);
    }
    const nested = await both(doc, { where: { _or: [{ metadata: { _contains: { n: '2' } } }] } }, 'L');
    expect(nested.fast.body.data.orders).toHaveLength(1);
  });

  it('variables that do not coerce are left to yoga, with its errors', async () => {
    const doc = 'query L($where: OrderBoolExp, $id: ID!) { orders(where: $where) { id } order(id: $id) { id } }';
    for (const variables of [{ where: { nope: { _eq: 1 } }, id: 'x' }, { where: { amount: { _gt: 'ten' } }, id: 'x' }, {}]) {
      const { fast, yoga, tookFastPath } = await both(doc, variables, 'L');
      expect(tookFastPath).toBe(false);
      expect(fast.status).toBe(yoga.status);
      expect(fast.text).toBe(yoga.text);
      expect(fast.body.errors.length).toBeGreaterThan(0);
    }
  });

  it('leaves documents nesting objects three deep to yoga, which loads them in fewer statements', async () => {
    // the fewest of three: a key lookup (its cache lasts 2 s) or a background purge may add one
    const count = async (query: string, extensions?: object) => {
      let fewest = Infinity;
      for (let i = 0; i < 3; i++) {
        const before = t.server.db.queryCount();
        const r = await api(t.url, '/graphql', { key, body: { query, extensions } });
        expect(r.body.errors).toBeUndefined();
        fewest = Math.min(fewest, t.server.db.queryCount() - before);
      }
      return fewest;
    };
    const two = '{ orders(limit: 3) { id customer { id } items { name } } }';
    const twoFast = await both(two);
    expect(twoFast.tookFastPath).toBe(true);
    expect(twoFast.fast.text).toBe(twoFast.yoga.text);
    expect(await count(two)).toBe(await count(two, {}));
    const three = '{ orders(limit: 3) { id items { name product { id } } } }';
    const threeDeep = await both(three);
    expect(threeDeep.tookFastPath).toBe(false);
    expect(threeDeep.fast.text).toBe(threeDeep.yoga.text);
    const viaFragment = await both('query F { orders(limit: 3) { ...O } } fragment O on Order { items { product { id } } }', undefined, 'F');
    expect(viaFragment.tookFastPath).toBe(false);
  });

  it('leaves errors, limits and authentication to yoga', async () => {
    const bad = await both('{ orders(limit: 500) { id } }');
    expect(bad.fast.text).toBe(bad.yoga.text);
    expect(bad.fast.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    const unknown = await both('{ orders { nope } }');
    expect(unknown.fast.status).toBe(unknown.yoga.status);
    expect(unknown.fast.body.errors[0].message).toBe(unknown.yoga.body.errors[0].message);
    const deep = await both('{ orders { customer { orders { customer { orders { customer { orders { customer { id } } } } } } } } }');
    expect(deep.fast.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const anonymous = await api(t.url, '/graphql', { body: { query: '{ orders { id } }' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('MISSING_AUTH_HEADER');
  });

  it('picks the named operation of a document with several', async () => {
    const doc = 'query A { orders(limit: 1) { id } } query B { products { id } }';
    const { fast, yoga } = await both(doc, undefined, 'B');
    expect(fast.text).toBe(yoga.text);
    expect(fast.body.data).toEqual({ products: [] });
  });
});
