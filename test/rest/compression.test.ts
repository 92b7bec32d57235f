// Compressed responses on Accept-Encoding (spec: `gzip, deflate, br`), read as raw bytes
// through node:http (fetch would decode them silently).
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, rawRequest } from './envelope.js';

let t: TestServer;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  for (let i = 0; i < 30; i++) await createOrder(t.url, acct.key, { ...TEA_ORDER, metadata: { n: String(i) } });
});
afterAll(async () => { await t?.stop(); });

const get = (encoding?: string) =>
  rawRequest(t.url, '/v1/orders?limit=100', { headers: { authorization: `Bearer ${acct.key}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

function expectFullList(json: string) {
  const body = JSON.parse(json);
  expect(body.data).toHaveLength(30);
  expect(body.pagination.total_count).toBe(30);
}

describe('compression', () => {
  it('without Accept-Encoding the list is plain JSON', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(4096);
    expectFullList(res.body.toString('utf8'));
  });

  it('gzip: content-encoding gzip and a body that gunzips to the list', async () => {
    const res = await get('gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body[0]).toBe(0x1f);
    expect(res.body[1]).toBe(0x8b);
    const plain = gunzipSync(res.body);
    expect(res.body.length).toBeLessThan(plain.length);
    expectFullList(plain.toString('utf8'));
  });

  it('br: content-encoding br and a body that decompresses to the list', async () => {
    const res = await get('br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = brotliDecompressSync(res.body);
    expect(res.body.length).toBeLessThan(plain.length);
    expectFullList(plain.toString('utf8'));
  });

  it('deflate, and the spec\'s "gzip, deflate, br" picks one of them', async () => {
    const deflated = await get('deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expectFullList(inflateSync(deflated.body).toString('utf8'));
    const any = await get('gzip, deflate, br');
    const enc = any.headers['content-encoding'];
    expect(['gzip', 'deflate', 'br']).toContain(enc);
    const decode = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[enc as 'gzip' | 'deflate' | 'br'];
    expectFullList(decode(any.body).toString('utf8'));
  });

  it('keeps X-Request-Id and the list meta on a compressed response', async () => {
    const res = await get('gzip');
    const body = JSON.parse(gunzipSync(res.body).toString('utf8'));
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(body.meta.request_id).toBe(res.headers['x-request-id']);
  });

  it('fetch with a manual Accept-Encoding sees the header and a decodable body', async () => {
    const res = await fetch(`${t.url}/v1/orders?limit=100`, { headers: { authorization: `Bearer ${acct.key}`, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expectFullList(await res.text());
  });

  it('a GraphQL answer (the fast path sends bytes) is compressed and decodes to the same JSON', async () => {
    const body = JSON.stringify({ query: '{ orders(limit: 50) { id status amount currency createdAt metadata items { id name quantity } } }' });
    const post = (encoding?: string) => rawRequest(t.url, '/graphql', {
      method: 'POST', body,
      headers: { authorization: `Bearer ${acct.key}`, 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
    const plain = await post();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const data = JSON.parse(plain.body.toString('utf8'));
    expect(data.data.orders).toHaveLength(30);
    const gz = await post('gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(data);
  });

  it('a single order (small body) may go uncompressed but is still valid', async () => {
    const o = (await api(t.url, '/v1/orders?limit=1', { key: acct.key })).body.data[0];
    const res = await rawRequest(t.url, `/v1/orders/${o.id}`, { headers: { authorization: `Bearer ${acct.key}`, 'accept-encoding': 'gzip' } });
    const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body).toString() : res.body.toString();
    expect(JSON.parse(text).id).toBe(o.id);
  });
});
