import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestServer } from './helpers/server.js';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.stop(); });

describe('smoke', () => {
  it('creates an order with the minimal body and reads it back', async () => {
    const acct = await t.newAccount();
    const created = await api(t.url, '/v1/orders', { key: acct.key, body: TEA_ORDER });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'order', status: 'pending', currency: 'usd', amount: 900, metadata: {} });
    expect(created.headers.get('x-request-id')).toMatch(/^req_/);
    const got = await api(t.url, `/v1/orders/${created.body.id}`, { key: acct.key });
    expect(got.body).toEqual(created.body);
  });
});
