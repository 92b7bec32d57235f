// Plan rate limits on one server (issue 11): a `free` account's 60 units a minute counted down
// exactly in the headers (reads 1, writes 2, search 5, webhook simulation 0.5), the 429's body
// and headers, a refused request that changes nothing (its Idempotency-Key is not recorded),
// GraphQL costs by operation type and root fields, the unauthenticated limit per address,
// the decision service left alone, and plan changes by the admin route and the key CLI that
// reach the server within 2 s.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api as rawApi, startTestServer, TEA_ORDER, type ApiResponse, type TestServer } from '../helpers/server.js';
import { runKeys } from '../helpers/process.js';
import { wsSession, type WsSession } from '../graphql/client.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ADMIN = 'limits-admin-key-0123456789abcdef';
let t: TestServer;

beforeAll(async () => {
  // new accounts on `free`; client addresses from X-Forwarded-For (each test its own: with
  // REDIS_URL, every test server's unauthenticated count of 127.0.0.1 is one count)
  t = await startTestServer({ DEFAULT_PLAN: 'free', ADMIN_API_KEY: ADMIN, UNAUTHENTICATED_LIMIT_PER_IP: '5', AUTH_FAIL_LIMIT_PER_IP: '4', TRUST_PROXY: '127.0.0.1', CORS_ORIGINS: 'https://shop.example' });
});
afterAll(() => t?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * This file's own client address (through TRUST_PROXY): with REDIS_URL every test server of the
 * suite counts 127.0.0.1's failed authentications in one Redis counter, which this server's
 * small AUTH_FAIL_LIMIT_PER_IP would otherwise meet through other files' bad keys.
 */
const FILE_ADDRESS = `10.250.${randomInt(256)}.${randomInt(1, 255)}`;
const api: typeof rawApi = (base, path, opts = {}) => rawApi(base, path, { ...opts, headers: { 'x-forwarded-for': FILE_ADDRESS, ...opts.headers } });
const gql = (base: string, key: string | undefined, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(base, '/graphql', { method: 'POST', key, body: { query, variables }, headers });
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function rate(res: ApiResponse) {
  const h = (name: string) => res.headers.get(name);
  return {
    limit: Number(h('x-ratelimit-limit')), remaining: Number(h('x-ratelimit-remaining')), reset: Number(h('x-ratelimit-reset')),
    resetAfter: Number(h('x-ratelimit-reset-after')), bucket: h('x-ratelimit-bucket'), retryAfter: h('x-ratelimit-retry-after'),
    policy: h('ratelimit-policy'), now: h('ratelimit'),
  };
}

/** Reads until `remaining` is left in the minute bucket, checking each step's count. */
async function readDownTo(key: string, from: number, to: number) {
  for (let left = from - 1; left >= to; left--) {
    const res = await api(t.url, '/v1/orders?limit=1', { key });
    expect(res.status, res.text).toBe(200);
    expect(rate(res)).toMatchObject({ limit: 60, remaining: left, bucket: 'minute' });
  }
}

/** Polls until `check` holds on a GET /v1/auth/test answer; returns the seconds it took. */
async function until(key: string, check: (res: ApiResponse) => boolean, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await api(t.url, '/v1/auth/test', { key });
    if (check(res)) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${res.status} ${JSON.stringify(rate(res))}`);
    await sleep(100);
  }
}

describe('the free plan: 60 units a minute', () => {
  it('counts reads as 1 and writes as 2 in the headers, then refuses with 429 RATE_LIMITED', async () => {
    const a = await t.newAccount();
    const started = Math.floor(Date.now() / 1000);
    const first = await api(t.url, '/v1/orders', { key: a.key });
    expect(first.status).toBe(200);
    const r = rate(first);
    // X-RateLimit-Retry-After is on every response: 0 while the window has units left
    expect(r).toMatchObject({ limit: 60, remaining: 59, bucket: 'minute', retryAfter: '0' });
    expect(r.resetAfter).toBeGreaterThanOrEqual(59);
    expect(r.resetAfter).toBeLessThanOrEqual(60);
    expect(r.reset).toBeGreaterThanOrEqual(started + 59);
    expect(r.reset).toBeLessThanOrEqual(started + 62);
    // the IETF draft's fields, every window and the concurrency of the plan
    expect(r.policy).toBe('"second";q=100;w=1, "minute";q=60;w=60, "hour";q=1000;w=3600, "day";q=10000;w=86400, "concurrent";q=10;qu="concurrent-requests"');
    expect(r.now).toMatch(/^"second";r=99;t=1, "minute";r=59;t=(59|60), "hour";r=999;t=36\d\d, "day";r=9999;t=864\d\d, "concurrent";r=9$/);
    expect(first.headers.get('retry-after')).toBeNull();

    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(created.status).toBe(201);
    expect(rate(created).remaining).toBe(57);
    // a body that does not parse is answered with the headers, and costs a write
    const broken = await api(t.url, '/v1/orders', { key: a.key, rawBody: '{"currency":' });
    expect(broken.status).toBe(400);
    expect(rate(broken).remaining).toBe(55);
    // a 404 costs too; a search costs 5
    const missing = await api(t.url, '/v1/orders/ord_00000000000000000000000000', { key: a.key });
    expect(missing.status).toBe(404);
    expect(rate(missing).remaining).toBe(54);
    const search = await api(t.url, '/v1/orders?search=tea', { key: a.key });
    expect(search.status).toBe(200);
    expect(rate(search).remaining).toBe(49);
    await readDownTo(a.key, 49, 1);

    // a write needs 2: refused, and nothing is created
    const refused = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', type: 'rate_limit_error', status: 429 });
    const d = refused.body.error.details;
    expect(d).toMatchObject({ limit: 60, remaining: 1, bucket: 'minute' });
    expect(d.retry_after).toBeGreaterThanOrEqual(1);
    expect(d.retry_after).toBeLessThanOrEqual(60);
    expect(d.reset_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(d.reset_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    const rr = rate(refused);
    expect(rr).toMatchObject({ limit: 60, remaining: 1, bucket: 'minute', retryAfter: String(d.retry_after), reset: d.reset_at });
    expect(refused.headers.get('retry-after')).toBe(String(d.retry_after));
    expect(await t.server.db.prisma.order.count({ where: { accountId: a.accountId } })).toBe(1);

    // the refusal cost nothing: the last unit is still there for a read
    const last = await api(t.url, '/v1/orders', { key: a.key });
    expect(last.status).toBe(200);
    expect(rate(last)).toMatchObject({ remaining: 0, bucket: 'minute' });
    // the window is spent: the next request can pass once it resets
    expect(rate(last).retryAfter).toBe(String(rate(last).resetAfter));
    expect(last.headers.get('retry-after')).toBeNull();
    const over = await api(t.url, '/v1/orders', { key: a.key });
    expect(over.status).toBe(429);
    expect(over.body.error.details).toMatchObject({ limit: 60, remaining: 0 });

    // live mode is counted apart
    const live = await a.newKey({ mode: 'live' });
    const liveRes = await api(t.url, '/v1/orders', { key: live.secret });
    expect(liveRes.status).toBe(200);
    expect(rate(liveRes)).toMatchObject({ limit: 60, remaining: 59 });
  });

  it('a forced RATE_LIMITED (X-Test-Error-Code) answers with the headers and details of a real 429', async () => {
    const a = await t.newAccount();
    const rateHeaders = (res: ApiResponse) => [...res.headers.keys()].filter((h) => /^(x-ratelimit-|ratelimit|retry-after)/.test(h)).sort();
    /** the headers and the body say the same refusal: the shown window spent, retry when it resets */
    const expectRefusal = (res: ApiResponse, details: Record<string, any>) => {
      const r = rate(res);
      expect(r).toMatchObject({ limit: details.limit, remaining: 0, bucket: details.bucket, reset: details.reset_at, retryAfter: String(details.retry_after) });
      expect(details.remaining).toBe(0);
      expect(res.headers.get('retry-after')).toBe(String(details.retry_after));
      expect(r.now).toContain(`"${details.bucket}";r=0;`);
    };
    const forced = await api(t.url, '/v1/orders', { key: a.key, headers: { 'x-test-error-code': 'RATE_LIMITED' } });
    expect(forced.status).toBe(429);
    expect(forced.body.error.details).toMatchObject({ forced: true, limit: 60, bucket: 'minute' });
    expect(forced.body.error.details.retry_after).toBeGreaterThanOrEqual(50);
    expectRefusal(forced, forced.body.error.details);
    // GraphQL alike
    const viaGraphQL = await gql(t.url, a.key, '{ __typename }', undefined, { 'x-test-error-code': 'RATE_LIMITED' });
    expect(viaGraphQL.status).toBe(429);
    expectRefusal(viaGraphQL, viaGraphQL.body.errors[0].extensions.details);
    // the forced one cost a read (as any answered request); the window really is not spent
    const next = await api(t.url, '/v1/orders', { key: a.key });
    expect(rate(next)).toMatchObject({ remaining: 57, retryAfter: '0' });

    // a real refusal has the same headers
    await readDownTo(a.key, 57, 0);
    const real = await api(t.url, '/v1/orders', { key: a.key });
    expect(real.status).toBe(429);
    expectRefusal(real, real.body.error.details);
    expect(rateHeaders(forced)).toEqual(rateHeaders(real));
    expect(rateHeaders(viaGraphQL)).toEqual(rateHeaders(real));
  });

  it('counts 403s, HEAD and GraphQL GETs, and says so in their headers', async () => {
    const a = await t.newAccount();
    const rk = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const denied = await api(t.url, '/v1/customers', { key: rk.secret, body: { name: 'x' } });
    expect(denied.status).toBe(403);
    expect(rate(denied)).toMatchObject({ limit: 60, remaining: 58, bucket: 'minute' });
    const read = await api(t.url, '/v1/orders', { key: a.key });
    expect(rate(read).remaining).toBe(57);
    // HEAD is a read; so is a GraphQL query in the query string
    const head = await api(t.url, '/v1/orders', { key: a.key, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(rate(head).remaining).toBe(56);
    const viaGet = await api(t.url, `/graphql?query=${encodeURIComponent('{ orders { id } customers { id } }')}`, { key: a.key });
    expect(viaGet.status, viaGet.text).toBe(200);
    expect(rate(viaGet).remaining).toBe(54);
  });

  it('a webhook simulation costs half a unit; remaining is rounded down', async () => {
    const a = await t.newAccount();
    const endpoint = await api(t.url, '/v1/webhooks', { key: a.key, body: { url: 'http://127.0.0.1:9/hook', events: ['order.created'] } });
    expect(endpoint.status, endpoint.text).toBe(201);
    expect(rate(endpoint).remaining).toBe(58);
    const sim = await api(t.url, `/v1/webhooks/${endpoint.body.id}/test`, { key: a.key, body: {} });
    expect(rate(sim).remaining).toBe(57); // 57.5
    const sim2 = await api(t.url, `/v1/webhooks/${endpoint.body.id}/test`, { key: a.key, body: {} });
    expect(rate(sim2).remaining).toBe(57);
    expect(rate(sim2).now).toContain('"minute";r=57;');
  });

  it('a refused POST records no Idempotency-Key: the same key succeeds once the plan allows it (admin route, within 2 s)', async () => {
    const a = await t.newAccount();
    await readDownTo(a.key, 60, 0);
    const idem = `limits-${Date.now()}`;
    const refused = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER, headers: { 'Idempotency-Key': idem } });
    expect(refused.status).toBe(429);
    expect(await t.server.db.prisma.order.count({ where: { accountId: a.accountId } })).toBe(0);

    // the admin route: by id
    const noKey = await api(t.url, `/admin/accounts/${a.accountId}/plan`, { body: { plan: 'starter' } });
    expect(noKey.status).toBe(401);
    const set = await api(t.url, `/admin/accounts/${a.accountId}/plan`, { body: { plan: 'starter' }, headers: { 'x-admin-key': ADMIN } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ object: 'account', id: a.accountId, plan: 'starter', limits: { minute: 100, hour: 5000, day: 50000, burst: 200, concurrent: 25 } });
    expect(set.headers.get('x-ratelimit-limit')).toBeNull();
    const took = await until(a.key, (res) => res.status === 200 && rate(res).limit === 100);
    expect(took).toBeLessThanOrEqual(2.5);

    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER, headers: { 'Idempotency-Key': idem } });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    const replay = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER, headers: { 'Idempotency-Key': idem } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(created.body.id);
    // idempotent replays cost as any request: 60 + the auth/test polls + 2 + 2 of 100
    expect(rate(replay).remaining).toBe(rate(created).remaining - 2);
    expect(await t.server.db.prisma.order.count({ where: { accountId: a.accountId } })).toBe(1);
  });

  it('the admin route takes an account name, refuses unknown plans and accounts', async () => {
    const name = `limits-admin-${Date.now()}`;
    const a = await t.newAccount(name);
    const headers = { 'x-admin-key': ADMIN };
    const byName = await api(t.url, `/admin/accounts/${encodeURIComponent(name)}/plan`, { body: { plan: 'enterprise' }, headers });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ id: a.accountId, name, plan: 'enterprise' });
    const bad = await api(t.url, `/admin/accounts/${a.accountId}/plan`, { body: { plan: 'platinum' }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_ENUM_VALUE', param: 'plan' });
    const missing = await api(t.url, '/admin/accounts/acct_nobody/plan', { body: { plan: 'free' }, headers });
    expect(missing.status).toBe(404);
    const wrongKey = await api(t.url, `/admin/accounts/${a.accountId}/plan`, { body: { plan: 'free' }, headers: { 'x-admin-key': `${ADMIN}x` } });
    expect(wrongKey.status).toBe(401);
  });

  it('the key CLI sets a plan; the running server applies it within 2 s', async () => {
    const name = `limits-cli-${Date.now()}`;
    const a = await t.newAccount(name);
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'warn' };
    expect(rate(await api(t.url, '/v1/auth/test', { key: a.key })).limit).toBe(60);
    const set = await runKeys(['plan', 'set', '--account', name, 'growth'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('growth');
    const took = await until(a.key, (res) => rate(res).limit === 1000);
    expect(took).toBeLessThanOrEqual(2.5);
    const shown = await runKeys(['plan', 'show', '--account', name, '--json'], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ name, plan: 'growth', limits: { minute: 1000, hour: 30000, day: 500000, burst: 1000, concurrent: 100 } });
    const bad = await runKeys(['plan', 'set', '--account', name, 'platinum'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a plan/);
  });
});

describe('GraphQL', () => {
  const orders = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `o${i}: orders(limit: 1) { id }`).join(' ')} }`;

  it('a query costs a read per root field, a mutation a write per root field', async () => {
    const a = await t.newAccount();
    const one = await gql(t.url, a.key, '{ orders { id } }');
    expect(one.status, one.text).toBe(200);
    expect(rate(one)).toMatchObject({ limit: 60, remaining: 59, bucket: 'minute' });
    const two = await gql(t.url, a.key, '{ orders { id } customers { id } __typename }');
    expect(rate(two).remaining).toBe(57);
    const fragment = await gql(t.url, a.key, 'query Q { ...F } fragment F on Query { orders { id } products { id } customers { id } }');
    expect(rate(fragment).remaining).toBe(54);
    const mutation = await gql(t.url, a.key, 'mutation { createCustomer(input: {name: "A"}) { id } }');
    expect(mutation.body.errors).toBeUndefined();
    expect(rate(mutation).remaining).toBe(52);
    const twoMutations = await gql(t.url, a.key, 'mutation { a: createCustomer(input: {name: "B"}) { id } b: createCustomer(input: {name: "C"}) { id } }');
    expect(twoMutations.body.errors).toBeUndefined();
    expect(rate(twoMutations).remaining).toBe(48);
    // the operation named picks the cost; at most 10 root fields count
    const named = await api(t.url, '/graphql', { key: a.key, body: { query: `query R { orders { id } } mutation W { createCustomer(input: {name: "D"}) { id } }`, operationName: 'W' } });
    expect(named.body.errors, named.text).toBeUndefined();
    expect(rate(named).remaining).toBe(46);
    const wide = await gql(t.url, a.key, orders(12));
    expect(wide.body.errors, wide.text).toBeUndefined();
    expect(rate(wide).remaining).toBe(36);
  });

  it('a search costs 5 on both doors: POST /v1/search and the GraphQL search field', async () => {
    const a = await t.newAccount();
    const rest = await api(t.url, '/v1/search', { key: a.key, body: { query: 'tea' } });
    expect(rest.status, rest.text).toBe(200);
    expect(rate(rest).remaining).toBe(55);
    const graphql = await gql(t.url, a.key, '{ search(query: "tea") { totalResults } }');
    expect(graphql.body.errors, graphql.text).toBeUndefined();
    expect(rate(graphql).remaining).toBe(50);
  });

  it('a refused GraphQL request is a 429 RATE_LIMITED in the GraphQL shape, and changes nothing', async () => {
    const a = await t.newAccount();
    for (let left = 50; left >= 0; left -= 10) expect(rate(await gql(t.url, a.key, orders(10))).remaining).toBe(left);
    const before = await t.server.db.prisma.customer.count({ where: { accountId: a.accountId } });
    const refused = await gql(t.url, a.key, 'mutation { createCustomer(input: {name: "Refused"}) { id } }');
    expect(refused.status).toBe(429);
    expect(refused.body.data).toBeUndefined();
    const ext = refused.body.errors?.[0]?.extensions;
    expect(ext?.code).toBe('RATE_LIMITED');
    expect(ext?.details).toMatchObject({ limit: 60, remaining: 0, bucket: 'minute' });
    expect(ext?.details.retry_after).toBeGreaterThan(0);
    expect(ext?.details.reset_at).toBeGreaterThan(Date.now() / 1000);
    expect(refused.headers.get('retry-after')).toBe(String(ext?.details.retry_after));
    expect(rate(refused)).toMatchObject({ limit: 60, remaining: 0, bucket: 'minute' });
    expect(await t.server.db.prisma.customer.count({ where: { accountId: a.accountId } })).toBe(before);
  });
});

describe('GraphQL over WebSocket', () => {
  /** one operation over the socket: its results, or the errors it failed with */
  function run(ws: WsSession, query: string): Promise<{ results: any[]; errors?: any[] }> {
    return new Promise((resolve) => {
      const results: any[] = [];
      ws.client.subscribe({ query }, {
        next: (v) => results.push(v),
        error: (e) => resolve({ results, errors: Array.isArray(e) ? e : [e] }),
        complete: () => resolve({ results }),
      });
    });
  }

  it('each operation on the socket costs as over HTTP; past the limit one fails RATE_LIMITED and changes nothing, the socket goes on', async () => {
    const a = await t.newAccount();
    // from this file's own address (the server trusts 127.0.0.1 as a proxy): on Redis, 127.0.0.1's
    // failed authentications are one count for every test server of the suite
    const ws = wsSession(t.url, { authorization: `Bearer ${a.key}` }, { 'x-forwarded-for': FILE_ADDRESS });
    try {
      await ws.connected;
      const query = await run(ws, '{ orders(limit: 1) { id } customers(limit: 1) { id } }');
      expect(query.errors).toBeUndefined();
      expect(query.results[0].data.orders).toEqual([]);
      // two root fields over the socket: two reads, then one over HTTP
      expect(rate(await api(t.url, '/v1/orders?limit=1', { key: a.key })).remaining).toBe(57);
      const created = await run(ws, 'mutation { createCustomer(input: {name: "Over the socket"}) { id } }');
      expect(created.errors).toBeUndefined();
      expect(rate(await api(t.url, '/v1/orders?limit=1', { key: a.key })).remaining).toBe(54);
      await readDownTo(a.key, 54, 0);
      const before = await t.server.db.prisma.customer.count({ where: { accountId: a.accountId } });
      const refused = await run(ws, 'mutation { createCustomer(input: {name: "Refused"}) { id } }');
      expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(refused.errors?.[0]?.extensions?.details).toMatchObject({ limit: 60, remaining: 0, bucket: 'minute' });
      const subscription = await run(ws, 'subscription { events { id } }');
      expect(subscription.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(await t.server.db.prisma.customer.count({ where: { accountId: a.accountId } })).toBe(before);
      // the socket is still open: the refusals were per operation
      const open = await Promise.race([ws.closed.then(() => 'closed'), sleep(200).then(() => 'open')]);
      expect(open).toBe('open');
    } finally {
      await ws.dispose();
    }
  });
});

describe('requests without valid credentials', () => {
  it(`are limited per client address (UNAUTHENTICATED_LIMIT_PER_IP), on every door, with the headers`, async () => {
    const ip = address();
    const headers = { 'x-forwarded-for': ip };
    for (let left = 4; left >= 0; left--) {
      const res = left % 2 ? await api(t.url, '/v1/orders', { headers }) : await api(t.url, '/v1/orders', { key: `sk_test_${'x'.repeat(32)}`, headers });
      expect(res.status).toBe(401);
      expect(rate(res)).toMatchObject({ limit: 5, remaining: left, bucket: 'unauthenticated' });
      expect(rate(res).policy).toBe('"unauthenticated";q=5;w=60');
    }
    const refused = await api(t.url, '/v1/orders', { headers });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.details).toMatchObject({ limit: 5, remaining: 0, bucket: 'unauthenticated' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const viaGraphql = await gql(t.url, undefined, '{ orders { id } }', undefined, headers);
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(rate(viaGraphql).bucket).toBe('unauthenticated');
    // a valid key from that address is not held back: the account's budget applies
    const a = await t.newAccount();
    const valid = await api(t.url, '/v1/orders', { key: a.key, headers });
    expect(valid.status).toBe(200);
    expect(rate(valid)).toMatchObject({ limit: 60, bucket: 'minute' });
    // another address has its own count
    const other = await api(t.url, '/v1/orders', { headers: { 'x-forwarded-for': address() } });
    expect(other.status).toBe(401);
    expect(rate(other)).toMatchObject({ limit: 5, remaining: 4 });
  });

  it('the OAuth endpoints are limited per client address too, with the headers', async () => {
    const headers = { 'x-forwarded-for': address() };
    const token = (n: number) => api(t.url, '/oauth/token', { method: 'POST', body: { grant_type: 'client_credentials', client_id: `client_${n}`, client_secret: 'wrong' }, headers });
    for (let left = 4; left >= 0; left--) {
      const res = left === 2 ? await api(t.url, '/oauth/authorize?response_type=code', { headers }) : await token(left);
      expect(res.status).toBeLessThan(500);
      expect(res.status).not.toBe(429);
      expect(rate(res)).toMatchObject({ limit: 5, remaining: left, bucket: 'unauthenticated' });
    }
    const refused = await token(9);
    expect(refused.status).toBe(429);
    // in the OAuth error shape of these endpoints (RFC 6749's code for a server that cannot take the request now)
    expect(refused.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect(refused.body.error_description).toMatch(/Too many requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // another address is not held back
    const other = await api(t.url, '/oauth/token', { method: 'POST', body: { grant_type: 'client_credentials' }, headers: { 'x-forwarded-for': address() } });
    expect(other.status).not.toBe(429);
    expect(rate(other)).toMatchObject({ limit: 5, remaining: 4 });
  });

  it('past AUTH_FAIL_LIMIT_PER_IP failures, the 429 describes that limit (bucket failed_authentications)', async () => {
    const headers = { 'x-forwarded-for': address() };
    const bad = `sk_test_${'y'.repeat(32)}`;
    for (let left = 4; left >= 1; left--) {
      const res = await api(t.url, '/v1/orders', { key: bad, headers });
      expect(res.status).toBe(401);
      expect(rate(res)).toMatchObject({ bucket: 'unauthenticated', remaining: left });
    }
    const refused = await api(t.url, '/v1/orders', { key: bad, headers });
    expect(refused.status).toBe(429);
    const d = refused.body.error.details;
    expect(d).toMatchObject({ limit: 4, remaining: 0, scope: 'failed_authentications_per_ip' });
    expect(rate(refused)).toMatchObject({ limit: 4, remaining: 0, bucket: 'failed_authentications', retryAfter: String(d.retry_after), reset: d.reset_at });
    expect(refused.headers.get('retry-after')).toBe(String(d.retry_after));
    // that refusal took nothing from the unauthenticated budget
    const viaGraphql = await gql(t.url, undefined, '{ orders { id } }', undefined, headers);
    expect(viaGraphql.status).toBe(429);
    expect(rate(viaGraphql).bucket).toBe('failed_authentications');
    // a WebSocket is counted by the same client address (X-Forwarded-For from the trusted
    // proxy), not by the proxy's: refused (4429) from the throttled address, even with a valid
    // key; another client behind the same proxy connects
    const a = await t.newAccount();
    const throttled = wsSession(t.url, { authorization: `Bearer ${a.key}` }, headers);
    expect(await Promise.race([throttled.closed, sleep(5000).then(() => -1)])).toBe(4429);
    await throttled.dispose();
    const other = wsSession(t.url, { authorization: `Bearer ${a.key}` }, { 'x-forwarded-for': address() });
    try {
      expect(await Promise.race([other.connected.then(() => 'connected'), sleep(5000).then(() => 'timeout')])).toBe('connected');
    } finally {
      await other.dispose();
    }
  });

  it('/v1 routes that take no key count against the address; health and the docs are not limited', async () => {
    const headers = { 'x-forwarded-for': address() };
    const errors = await api(t.url, '/v1/errors', { headers });
    expect(errors.status).toBe(200);
    expect(rate(errors)).toMatchObject({ limit: 5, remaining: 4, bucket: 'unauthenticated' });
    const unknown = await api(t.url, '/v1/nothing-here', { headers });
    expect(unknown.status).toBe(404);
    expect(rate(unknown)).toMatchObject({ remaining: 3 });
    for (const path of ['/health', '/health/live', '/openapi.json', '/']) {
      const res = await api(t.url, path, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-ratelimit-limit'), path).toBeNull();
    }
  });

  it('CORS exposes the headers to browsers', async () => {
    const a = await t.newAccount();
    const res = await api(t.url, '/v1/orders', { key: a.key, headers: { origin: 'https://shop.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-reset-after', 'x-ratelimit-bucket', 'x-ratelimit-retry-after', 'retry-after', 'ratelimit-policy', 'ratelimit']) {
      expect(exposed).toContain(h);
    }
  });
});

describe('the decision service', () => {
  it('keeps its own limits: its requests neither cost plan units nor carry the headers', async () => {
    const a = await t.newAccount();
    const svc = await a.newKey({ type: 'svc' });
    expect(rate(await api(t.url, '/v1/orders', { key: a.key })).remaining).toBe(59);
    for (let i = 0; i < 3; i++) {
      const res = await api(t.url, `/api/svc/requests/none-${i}`, { headers: { 'x-svc-api-key': svc.secret } });
      expect(res.status).not.toBe(429);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const catalog = await api(t.url, '/api/svc/catalog');
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('x-ratelimit-limit')).toBeNull();
    expect(rate(await api(t.url, '/v1/orders', { key: a.key })).remaining).toBe(58);
  });
});
