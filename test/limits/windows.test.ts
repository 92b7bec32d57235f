// The other windows and concurrency, with small limits from configuration: accounts on the
// enterprise plan of servers whose PLAN_ENTERPRISE_LIMITS are tiny. Per hour, per day (and an
// unlimited window left out of the headers), the burst per second, and requests in flight,
// released when a response ends or its client goes away.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bucket = (res: ApiResponse) => res.headers.get('x-ratelimit-bucket');
const remaining = (res: ApiResponse) => Number(res.headers.get('x-ratelimit-remaining'));

let hourly: TestServer;
let daily: TestServer;

beforeAll(async () => {
  [hourly, daily] = await Promise.all([
    startTestServer({ DEFAULT_PLAN: 'enterprise', PLAN_ENTERPRISE_LIMITS: JSON.stringify({ minute: 1000, hour: 3, day: 'unlimited', burst: 1000, concurrent: 2 }) }),
    startTestServer({ DEFAULT_PLAN: 'enterprise', PLAN_ENTERPRISE_LIMITS: JSON.stringify({ minute: 1000, hour: 1000, day: 5, burst: 3, concurrent: null }) }),
  ]);
});
afterAll(() => Promise.all([hourly?.stop(), daily?.stop()]));

describe('per hour', () => {
  it('refuses past the hour limit until the hour is over; an unlimited day is not announced', async () => {
    const a = await hourly.newAccount();
    for (let left = 2; left >= 0; left--) {
      const res = await api(hourly.url, '/v1/customers', { key: a.key });
      expect(res.status).toBe(200);
      expect({ bucket: bucket(res), remaining: remaining(res), limit: res.headers.get('x-ratelimit-limit') }).toEqual({ bucket: 'hour', remaining: left, limit: '3' });
    }
    const refused = await api(hourly.url, '/v1/customers', { key: a.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ limit: 3, remaining: 0, bucket: 'hour' });
    expect(refused.body.error.details.retry_after).toBeGreaterThan(3500);
    expect(refused.body.error.details.retry_after).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('ratelimit-policy')).toBe('"second";q=1000;w=1, "minute";q=1000;w=60, "hour";q=3;w=3600, "concurrent";q=2;qu="concurrent-requests"');
    expect(refused.headers.get('ratelimit')).toMatch(/"hour";r=0;t=3[56]\d\d/);
  });
});

describe('concurrency', () => {
  it('refuses a request over the requests in flight (bucket concurrent), and frees the slot when a client goes away', async () => {
    const a = await hourly.newAccount();
    // subscriptions over SSE stay in flight until their client closes them
    const open = () => {
      const controller = new AbortController();
      const res = fetch(`${hourly.url}/graphql`, {
        method: 'POST', signal: controller.signal,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${a.key}` },
        body: JSON.stringify({ query: 'subscription { events(types: ["order.created"]) { id } }' }),
      });
      return { res, controller };
    };
    const first = open();
    const second = open();
    const [r1, r2] = await Promise.all([first.res, second.res]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.headers.get('ratelimit')).toMatch(/"concurrent";r=[01]$/);

    const refused = await api(hourly.url, '/v1/orders', { key: a.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ limit: 2, remaining: 0, bucket: 'concurrent', retry_after: 1 });
    expect(bucket(refused)).toBe('concurrent');
    expect(refused.headers.get('retry-after')).toBe('1');
    // the refusal cost nothing: two of the three units of the hour are used
    expect(refused.headers.get('ratelimit')).toContain('"hour";r=1;');

    first.controller.abort();
    let after: ApiResponse | undefined;
    for (let i = 0; i < 50; i++) {
      after = await api(hourly.url, '/v1/orders', { key: a.key });
      if (after.status !== 429 || after.body.error.details.bucket !== 'concurrent') break;
      await sleep(100);
    }
    expect(after!.status, after!.text).toBe(200);
    // this request and the other subscription are in flight
    expect(after!.headers.get('ratelimit')).toMatch(/"concurrent";r=0$/);
    second.controller.abort();
  });
});

describe('per second (burst) and per day', () => {
  it('refuses the fourth request of a second, then the sixth of the day', async () => {
    const a = await daily.newAccount();
    // four at once: one of them is over the burst of 3
    const burst = await Promise.all(Array.from({ length: 4 }, () => api(daily.url, '/v1/products', { key: a.key })));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body.error.details).toMatchObject({ limit: 3, bucket: 'second', retry_after: 1 });
    expect(bucket(refused)).toBe('second');
    expect(refused.headers.get('retry-after')).toBe('1');

    await sleep(1100);
    const fourth = await api(daily.url, '/v1/products', { key: a.key });
    expect(fourth.status).toBe(200);
    expect({ bucket: bucket(fourth), remaining: remaining(fourth) }).toEqual({ bucket: 'day', remaining: 1 });
    const fifth = await api(daily.url, '/v1/products', { key: a.key });
    expect(fifth.status).toBe(200);
    expect({ bucket: bucket(fifth), remaining: remaining(fifth) }).toEqual({ bucket: 'day', remaining: 0 });
    const sixth = await api(daily.url, '/v1/products', { key: a.key });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.details).toMatchObject({ limit: 5, remaining: 0, bucket: 'day' });
    expect(sixth.body.error.details.retry_after).toBeGreaterThan(86_000);
    expect(sixth.body.error.details.retry_after).toBeLessThanOrEqual(86_400);
    expect(sixth.headers.get('ratelimit-policy')).not.toContain('concurrent');
  });
});

describe('the self-hosted door', () => {
  it('a registered organisation starts on DEFAULT_PLAN; its access token is limited on the self-hosted routes', async () => {
    const email = `limits-${process.pid}-${Date.now()}@example.com`;
    const password = 'a long enough password';
    const registered = await api(hourly.url, '/auth/register', { body: { email, password } });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.headers.get('x-ratelimit-limit')).toBeNull(); // /auth has limits of its own
    const account = await hourly.server.db.prisma.account.findUniqueOrThrow({ where: { id: registered.body.account } });
    expect(account.plan).toBe('enterprise');
    const login = await api(hourly.url, '/auth/login', { body: { email, password } });
    expect(login.status, login.text).toBe(200);
    const token = login.body.access_token as string;
    const orders = await api(hourly.url, '/orders', { key: token });
    expect(orders.status, orders.text).toBe(200);
    expect({ bucket: bucket(orders), remaining: remaining(orders) }).toEqual({ bucket: 'hour', remaining: 2 });
    const created = await api(hourly.url, '/orders', { key: token, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] } });
    expect(created.status, created.text).toBe(201);
    expect(remaining(created)).toBe(0);
    const refused = await api(hourly.url, `/orders/${created.body.id}`, { key: token });
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ bucket: 'hour', limit: 3 });
  });
});
