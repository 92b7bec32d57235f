// The lean path for successful JSON queries must answer exactly as yoga does. A body with
// `extensions` always goes through yoga, so the same query is compared both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await startTestServer();
  key = (await t.newAccount()).key;
  for (let i = 0; i < 3; i++) await api(t.url, '/v1/orders', { key, body: { ...TEA_ORDER, metadata: { n: String(i) } } });
});
afterAll(async () => { await t?.stop(); });

async function both(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const fast = await api(t.url, '/graphql', { key, body: { query, variables, operationName } });
  const yoga = await api(t.url, '/graphql', { key, body: { query, variables, operationName, extensions: {} } });
  return { fast, yoga };
}

describe('GraphQL fast path', () => {
  it('answers a query byte for byte as yoga does', async () => {
    const { fast, yoga } = await both('query Q($n: Int) { orders(limit: $n, order_by: [{createdAt: asc}]) { id amount metadata createdAt items { name unitAmount } customer { id } } }', { n: 2 }, 'Q');
    expect(fast.status).toBe(200);
    expect(fast.text).toBe(yoga.text);
    expect(fast.body.data.orders).toHaveLength(2);
    expect(fast.headers.get('content-type')).toBe(yoga.headers.get('content-type'));
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
