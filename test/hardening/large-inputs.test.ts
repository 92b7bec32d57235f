// Fuzz with large inputs on both doors: lists of thousands, long strings, deep nesting, wide
// documents, big bodies. Every answer is below 500 with a catalog code, and a prober of
// /health/live, running throughout, keeps getting answers: no single request stalls the server.
// (The prober's figures are printed. The embedded database runs in a thread of its own, so SQL
// never holds up /health/live; what remains is this thread's share (parsing, validation,
// mapping rows), well under 200 ms on an idle machine. It is checked loosely here, since test
// files run in parallel on a shared machine.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { rng } from '../helpers/rng.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  for (let i = 0; i < 3; i++) await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
});
afterAll(async () => { await t?.stop(); });

/** Polls /health/live until stopped; reports the slowest answer. */
function healthProber(url: string) {
  let running = true;
  let worst = 0;
  let count = 0;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${url}/health/live`);
      await res.text();
      worst = Math.max(worst, performance.now() - start);
      count++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { async stop() { running = false; await done; return { worst, count }; } };
}

function largeCases(seed: number) {
  const r = rng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const longString = () => 'x'.repeat([300, 5_000, 100_000, 1_000_000][int(4)]);
  const bigList = () => Array.from({ length: [999, 1_001, 5_000, 50_000][int(4)] }, (_, i) => `v${i}`);
  const deep = (n: number) => { let w: unknown = { status: { _eq: 'pending' } }; for (let i = 0; i < n; i++) w = [{ _not: w }, { _and: [w] }][int(2)]; return w; };
  const wide = (n: number) => ({ _or: Array.from({ length: n }, (_, i) => ({ amount: { _gte: i } })) });
  const graphql: { query: string; variables?: Record<string, unknown> }[] = [
    { query: 'query($w: OrderBoolExp) { orders(where: $w) { id } }', variables: { w: { id: { _in: bigList() } } } },
    { query: 'query($w: OrderBoolExp) { orders(where: $w) { id } }', variables: { w: { status: { _like: longString() } } } },
    { query: 'query($w: OrderBoolExp) { orders(where: $w) { id } }', variables: { w: deep([10, 31, 40, 200][int(4)]) } },
    { query: 'query($w: OrderBoolExp) { orders(where: $w) { id } }', variables: { w: wide([150, 250, 5_000][int(3)]) } },
    { query: `{ ${Array.from({ length: [10, 40, 3_000][int(3)] }, (_, i) => `a${i}: orders(limit: 100) { items { id } }`).join(' ')} }` },
    { query: `{ orders { ${'id '.repeat([100, 6_000, 50_000][int(3)])}} }` },
    { query: 'mutation($i: CreateOrderInput!) { createOrder(input: $i) { id } }', variables: { i: { currency: 'usd', items: Array.from({ length: [1_000, 1_001, 20_000][int(3)] }, () => ({ name: 'Tea', quantity: 1, unitAmount: 1 })) } } },
    { query: 'mutation($i: CreateCustomerInput) { createCustomer(input: $i) { id } }', variables: { i: { name: longString(), metadata: Object.fromEntries(Array.from({ length: [50, 51, 5_000][int(3)] }, (_, k) => [`k${k}`, 'v'])) } } },
  ];
  const rest: { path: string; body?: unknown; method?: string }[] = [
    { path: `/v1/orders?status_in=${bigList().slice(0, 3_000).join(',')}` },
    { path: `/v1/orders?status_like=${'x'.repeat(int(2) ? 257 : 5_000)}` },
    { path: `/v1/customers?search=${'y'.repeat(int(2) ? 300 : 6_000)}` },
    { path: `/v1/orders?${Array.from({ length: [150, 250] [int(2)] }, (_, i) => `amount_gte=${i}`).join('&')}` },
    { path: '/v1/orders', body: { ...TEA_ORDER, items: Array.from({ length: [1_001, 30_000][int(2)] }, () => ({ name: 'Tea', quantity: 1, unit_amount: 1 })) } },
    { path: '/v1/customers', body: { name: longString() } },
    { path: '/v1/customers', body: { name: 'n', metadata: Object.fromEntries(Array.from({ length: 5_000 }, (_, k) => [`k${k}`, 'v'])) } },
    { path: '/v1/webhooks', body: { url: `https://example.com/${'p'.repeat(int(2) ? 2_100 : 200_000)}`, events: bigList().slice(0, 101) } },
    { path: '/v1/orders', body: JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`) },
  ];
  return { graphql, rest };
}

describe('large inputs', () => {
  it('never a 5xx or an uncoded error, and /health/live keeps answering throughout', async () => {
    const prober = healthProber(t.url);
    const failures: string[] = [];
    for (const seed of [1, 2, 3]) {
      const { graphql, rest } = largeCases(seed);
      for (const c of graphql) {
        const res = await gql(t.url, a.key, c.query, c.variables);
        const codes = (res.body?.errors ?? []).map((e: any) => e.extensions?.code);
        if (res.status >= 500 || codes.some((code: unknown) => !code || code === 'INTERNAL_ERROR')) failures.push(`graphql ${c.query.slice(0, 60)}: ${res.status} ${res.text.slice(0, 200)}`);
      }
      for (const c of rest) {
        const res = await api(t.url, c.path, { key: a.key, body: c.body, method: c.method });
        if (res.status >= 500 || (res.status >= 400 && !res.body?.error?.code)) failures.push(`rest ${c.path.slice(0, 60)}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    const { worst, count } = await prober.stop();
    console.log(`[test] /health/live during large inputs: ${count} probes, slowest ${Math.round(worst)} ms`);
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(10);
    // loose on a shared CI machine: the reported stalls of 4.4 to 47 s fail this
    expect(worst).toBeLessThan(2000);
  });
});
