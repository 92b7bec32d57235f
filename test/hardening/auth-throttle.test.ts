// Failed authentications are limited per client address: past AUTH_FAIL_LIMIT_PER_IP a minute
// the address gets 429 RATE_LIMITED (with Retry-After) on every door, before any key lookup;
// a missing header is not a failure, and the limit is per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { wsSession, sleep } from '../graphql/client.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  // in-process counters (no REDIS_URL): this server's count is its own
  t = await startTestServer({ AUTH_FAIL_LIMIT_PER_IP: '5', REDIS_URL: undefined });
  a = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const bad = (i: number) => `sk_test_${String(i).padStart(32, 'x')}`;

describe('failed authentications per address', () => {
  it('five failures, then 429 on REST, GraphQL and WebSocket, even for a valid key; missing headers do not count', async () => {
    for (let i = 0; i < 3; i++) expect((await api(t.url, '/v1/orders')).status).toBe(401); // no header: not counted
    for (let i = 0; i < 5; i++) {
      const res = await api(t.url, '/v1/orders', { key: bad(i) });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_API_KEY');
    }
    const limited = await api(t.url, '/v1/orders', { key: bad(99) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.body.error.details).toMatchObject({ limit: 5, remaining: 0 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // the address is limited, whatever key it sends now
    expect((await api(t.url, '/v1/orders', { key: a.key })).status).toBe(429);
    const viaGraphql = await gql(t.url, a.key, '{ orders { id } }');
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const ws = wsSession(t.url, { authorization: `Bearer ${a.key}` });
    expect(await Promise.race([ws.closed, sleep(5000).then(() => 'open')])).toBe(4429);
  });
});
