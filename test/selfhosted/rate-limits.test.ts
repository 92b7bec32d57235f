// Failed sign-ins are limited per email (LOGIN_FAIL_LIMIT_PER_EMAIL) and per client address
// (LOGIN_FAIL_LIMIT_PER_IP) in a 15-minute window: past either, 429 RATE_LIMITED with
// Retry-After, even for the right password. Invalid access and refresh tokens count as failed
// authentications (AUTH_FAIL_LIMIT_PER_IP); expired access tokens do not. Client addresses come from X-Forwarded-For
// (TRUST_PROXY names the test's own address), fresh ones per test, so counters kept in a
// shared Redis across runs never meet.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { accessClaims, craft, login, newJwtSecret, signUp, uniqueEmail, type SignedIn } from './helpers.js';

const SECRET = newJwtSecret();
let t: TestServer;
let user: SignedIn;

beforeAll(async () => {
  t = await startTestServer({
    JWT_SECRET: SECRET, LOGIN_FAIL_LIMIT_PER_EMAIL: '3', LOGIN_FAIL_LIMIT_PER_IP: '5', TRUST_PROXY: '127.0.0.1', AUTH_FAIL_LIMIT_PER_IP: '3',
  });
  user = await signUp(t.url, { headers: from(freshIp()) });
});
afterAll(async () => { await t?.stop(); });

const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectLimited(res: Awaited<ReturnType<typeof login>>, scope: string, limit: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.body.error).toMatchObject({ code: 'RATE_LIMITED', type: 'rate_limit_error', details: { scope, limit, remaining: 0 } });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.body.error.details.retry_after).toBe(retryAfter);
  expect(res.body.error.details.reset_at).toBeGreaterThan(Date.now() / 1000);
}

describe('failed sign-ins per email', () => {
  it('three failures, then 429 for that email from any address, the right password included', async () => {
    const s = await signUp(t.url, { headers: from(freshIp()) });
    for (let i = 0; i < 3; i++) {
      const res = await login(t.url, s.email, 'wrong password', from(freshIp()));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    expectLimited(await login(t.url, s.email, s.password, from(freshIp())), 'failed_logins_per_email', 3);
    // in any letter case
    expectLimited(await login(t.url, s.email.toUpperCase(), s.password, from(freshIp())), 'failed_logins_per_email', 3);
    // other emails are not affected
    expect((await login(t.url, user.email, user.password, from(freshIp()))).status).toBe(200);
  });

  it('unknown emails are counted as well', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) expect((await login(t.url, email, 'wrong password', from(freshIp()))).status).toBe(401);
    expectLimited(await login(t.url, email, 'wrong password', from(freshIp())), 'failed_logins_per_email', 3);
  });

  it('a success clears the email\'s count', async () => {
    const s = await signUp(t.url, { headers: from(freshIp()) });
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await login(t.url, s.email, 'wrong password', from(ip))).status).toBe(401);
    expect((await login(t.url, s.email, s.password, from(ip))).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(t.url, s.email, 'wrong password', from(freshIp()))).status).toBe(401);
    expect((await login(t.url, s.email, s.password, from(freshIp()))).status).toBe(200);
  });

  it('concurrent guesses cannot slip past the count', async () => {
    const s = await signUp(t.url, { headers: from(freshIp()) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(t.url, s.email, 'wrong password', from(freshIp()))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('failed sign-ins per address', () => {
  it('five failures from one address, whatever the emails, then 429 from it; other addresses sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await login(t.url, uniqueEmail('spray'), 'wrong password', from(ip));
      expect(res.status).toBe(401);
    }
    expectLimited(await login(t.url, user.email, user.password, from(ip)), 'failed_logins_per_ip', 5);
    expect((await login(t.url, user.email, user.password, from(freshIp()))).status).toBe(200);
  });

  it('successes from an address do not count against it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 7; i++) expect((await login(t.url, user.email, user.password, from(ip))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(t.url, uniqueEmail('spray'), 'wrong password', from(ip))).status).toBe(401);
    expectLimited(await login(t.url, user.email, user.password, from(ip)), 'failed_logins_per_ip', 5);
  });
});

describe('tokens and the failed-authentication limit (AUTH_FAIL_LIMIT_PER_IP)', () => {
  it('expired access tokens are not counted; invalid ones are', async () => {
    const ip = freshIp();
    const expired = await craft(SECRET, accessClaims(user.user), { iat: Math.floor(Date.now() / 1000) - 100, ttl: 50 });
    for (let i = 0; i < 6; i++) {
      const res = await api(t.url, '/v1/orders', { key: expired, headers: from(ip) });
      expect(res.body.error.code).toBe('EXPIRED_ACCESS_TOKEN');
    }
    expect((await api(t.url, '/v1/orders', { key: user.access_token, headers: from(ip) })).status).toBe(200);
    const forged = await craft(newJwtSecret(), accessClaims(user.user));
    for (let i = 0; i < 3; i++) expect((await api(t.url, '/v1/orders', { key: forged, headers: from(ip) })).body.error.code).toBe('INVALID_ACCESS_TOKEN');
    const limited = await api(t.url, '/v1/orders', { key: user.access_token, headers: from(ip) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.details.scope).toBe('failed_authentications_per_ip');
  });

  it('wrong refresh tokens are counted', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await api(t.url, '/auth/refresh', { body: { refresh_token: `rt_${'A'.repeat(42)}${i}` }, headers: from(ip) });
      expect(res.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    }
    const limited = await api(t.url, '/auth/refresh', { body: { refresh_token: user.refresh_token }, headers: from(ip) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // the token itself was not used: it still works from elsewhere
    expect((await api(t.url, '/auth/refresh', { body: { refresh_token: user.refresh_token }, headers: from(freshIp()) })).status).toBe(200);
  });
});
