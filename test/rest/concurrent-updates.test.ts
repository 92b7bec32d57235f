// Concurrent updates of one object never lose each other's changes: twenty PATCHes of one
// object, each setting its own metadata key, all at once, leave all twenty keys (the merge of a
// metadata patch is a read-modify-write: it runs on the row locked). On the embedded database
// the transactions run one at a time anyway; on PostgreSQL they really race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let A: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const N = 20;

async function patchAll(path: string, method: 'PATCH') {
  const answers = await Promise.all(Array.from({ length: N }, (_, i) =>
    api(t.url, path, { method, key: A.key, body: { metadata: { [`k${i}`]: String(i) } } })));
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
  const got = await api(t.url, path, { key: A.key });
  expect(got.status).toBe(200);
  const expected = Object.fromEntries(Array.from({ length: N }, (_, i) => [`k${i}`, String(i)]));
  expect(got.body.metadata).toMatchObject(expected);
  return got.body;
}

describe('concurrent metadata patches of one object keep every key', () => {
  it('orders (PATCH), with one order.updated per patch whose previous_attributes name the keys before it', async () => {
    const order = (await api(t.url, '/v1/orders', { key: A.key, body: TEA_ORDER })).body;
    await patchAll(`/v1/orders/${order.id}`, 'PATCH');
    // each patch's event saw the metadata as the patch before it left it: the key counts
    // before the patches are 0..N-1, each once
    const events = (await api(t.url, `/v1/events?type=order.updated&limit=100`, { key: A.key })).body.data
      .filter((e: any) => e.data.object.id === order.id);
    expect(events).toHaveLength(N);
    const before = events.map((e: any) => Object.keys(e.data.previous_attributes?.metadata ?? {}).length).sort((x: number, y: number) => x - y);
    expect(before).toEqual(Array.from({ length: N }, (_, i) => i));
  });

  it('customers', async () => {
    const c = (await api(t.url, '/v1/customers', { key: A.key, body: { email: 'race@example.com' } })).body;
    await patchAll(`/v1/customers/${c.id}`, 'PATCH');
  });

  it('products', async () => {
    const p = (await api(t.url, '/v1/products', { key: A.key, body: { name: 'Race', price: 100, currency: 'usd' } })).body;
    await patchAll(`/v1/products/${p.id}`, 'PATCH');
  });

  it('webhook endpoints', async () => {
    const w = (await api(t.url, '/v1/webhooks', { key: A.key, body: { url: 'https://example.com/hooks', events: ['order.created'] } })).body;
    expect(w.id).toMatch(/^we_/);
    await patchAll(`/v1/webhooks/${w.id}`, 'PATCH');
  });
});
