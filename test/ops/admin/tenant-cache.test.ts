// The tenant cache (src/auth/keys.ts) and its operator routes (src/ops/admin/tenants.ts), on a
// real server: counters of hits, misses, revalidations (reloads) and evictions, per-key
// counters that never show a secret, the idle expiry, evict-idle, and reload-cached taking a
// suspension or a revocation at once while an open GraphQL WebSocket subscription keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { api, startTestServer, type TestServer } from '../../helpers/server.js';

const ADMIN = 'tenant-cache-admin-key-0123456789';
const admin = { 'x-admin-key': ADMIN };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
});
afterAll(async () => { await t?.stop(); });

const metrics = async () => {
  const res = await api(t.url, '/admin/tenants/cache-metrics', { headers: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const whoami = (key: string) => api(t.url, '/v1/auth/test', { key });

describe('admin routes need x-admin-key', () => {
  it('answers 401 in the envelope without it or with a wrong one', async () => {
    const routes: [string, string][] = [
      ['GET', '/admin/tenants/cache-metrics'],
      ['GET', '/admin/tenants/cache-metrics/by-token'],
      ['POST', '/admin/tenants/reload-cached'],
      ['POST', '/admin/tenants/evict-idle?max_idle_secs=10'],
    ];
    for (const [method, path] of routes) {
      const none = await api(t.url, path, { method });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toMatchObject({ code: 'MISSING_API_KEY', type: 'authentication_error', status: 401 });
      expect(none.body.error.request_id).toMatch(/^req_/);
      const wrong = await api(t.url, path, { method, headers: { 'x-admin-key': `${ADMIN}-not` } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('INVALID_API_KEY');
    }
  });
});

describe('counters', () => {
  it('a new key is a miss, then hits; past 2 s its account is revalidated (a reload, not a miss)', async () => {
    const a = await t.newAccount();
    const m0 = await metrics();
    expect(m0).toMatchObject({ object: 'tenant_cache_metrics', idle_ttl_secs: 3600, revalidate_after_ms: 2000 });
    expect((await whoami(a.key)).status).toBe(200);
    const m1 = await metrics();
    expect(m1.misses - m0.misses).toBe(1);
    expect(m1.entries).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) expect((await whoami(a.key)).status).toBe(200);
    const m2 = await metrics();
    expect(m2.hits - m1.hits).toBe(3);
    expect(m2.misses).toBe(m1.misses);
    expect(m2.hit_rate).toBeGreaterThan(0);
    expect(m2.hit_rate).toBeLessThanOrEqual(1);
    await sleep(2100);
    expect((await whoami(a.key)).status).toBe(200);
    const m3 = await metrics();
    expect(m3.reloads - m2.reloads).toBe(1);
    expect(m3.hits - m2.hits).toBe(1);
    expect(m3.misses).toBe(m2.misses);
  });

  it('by-token lists key ids and redacted forms, most hits first, never a secret or hash', async () => {
    const a = await t.newAccount();
    const busy = await a.newKey();
    for (let i = 0; i < 30; i++) await whoami(busy.secret);
    const res = await api(t.url, '/admin/tenants/cache-metrics/by-token?limit=5', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    expect(res.body.data.length).toBeLessThanOrEqual(5);
    const hits = res.body.data.map((d: { hits: number }) => d.hits);
    expect([...hits].sort((x: number, y: number) => y - x)).toEqual(hits);
    const row = res.body.data.find((d: { key_id: string }) => d.key_id === busy.id);
    expect(row).toMatchObject({ key_id: busy.id, account_id: a.accountId, type: 'secret', mode: 'test', misses: 1 });
    expect(row.hits).toBeGreaterThanOrEqual(29);
    expect(row.redacted).toMatch(/^sk_test_\.\.\.[0-9A-Za-z]{4}$/);
    expect(busy.secret.endsWith(row.redacted.slice(-4))).toBe(true);
    expect(res.text).not.toContain(busy.secret);
    expect(res.text).not.toContain(busy.secret.slice(8));
    const { hashKey } = await import('../../../src/auth/keys.js');
    expect(res.text).not.toContain(hashKey(busy.secret));
  });

  it('refuses a bad limit with a 400 VALIDATION error in the envelope', async () => {
    for (const q of ['limit=0', 'limit=abc', 'limit=1001', 'limit=-3', 'limit=2.5', 'limit=1&limit=2', 'other=1']) {
      const res = await api(t.url, `/admin/tenants/cache-metrics/by-token?${q}`, { headers: admin });
      expect(res.status, q).toBe(400);
      expect(res.body.error.type).toBe('validation_error');
      expect(res.body.error.details.errors[0].field).toMatch(/^(limit|other)$/);
    }
  });
});

describe('evict-idle', () => {
  it('evicts the accounts idle at least max_idle_secs, answers how many, counts them; the next use is a miss', async () => {
    const a = await t.newAccount();
    await whoami(a.key);
    const before = await metrics();
    const none = await api(t.url, '/admin/tenants/evict-idle?max_idle_secs=3600', { method: 'POST', headers: admin });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ evicted: 0, max_idle_secs: 3600 });
    await sleep(1100);
    const res = await api(t.url, '/admin/tenants/evict-idle?max_idle_secs=1', { method: 'POST', headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.evicted).toBe(before.entries);
    expect(res.body.entries).toBe(0);
    const after = await metrics();
    expect(after.evictions - before.evictions).toBe(before.entries);
    expect(after.evictions_by_reason.admin - before.evictions_by_reason.admin).toBe(before.entries);
    expect(after.entries).toBe(0);
    expect((await whoami(a.key)).status).toBe(200);
    expect((await metrics()).misses - after.misses).toBe(1);
  });

  it('takes max_idle_secs in a JSON body too (not in both places)', async () => {
    const a = await t.newAccount();
    await whoami(a.key);
    const res = await api(t.url, '/admin/tenants/evict-idle', { method: 'POST', headers: admin, body: { max_idle_secs: 3600 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'tenant_cache_eviction', evicted: 0, max_idle_secs: 3600 });
    const all = await api(t.url, '/admin/tenants/evict-idle', { method: 'POST', headers: admin, body: { max_idle_secs: 0 } });
    expect(all.status, all.text).toBe(200);
    expect(all.body.entries).toBe(0);
    for (const [q, body] of [['', { max_idle_secs: -1 }], ['', { max_idle_secs: 1.5 }], ['', { max_idle_secs: true }], ['', { max_idle_secs: null }], ['', { other: 1 }], ['?max_idle_secs=5', { max_idle_secs: 5 }]] as const) {
      const bad = await api(t.url, `/admin/tenants/evict-idle${q}`, { method: 'POST', headers: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatchObject({ type: 'validation_error', status: 400 });
    }
  });

  it('refuses a missing or bad max_idle_secs with a 400 VALIDATION error', async () => {
    for (const q of ['', '?max_idle_secs=', '?max_idle_secs=-1', '?max_idle_secs=abc', '?max_idle_secs=1e3', '?max_idle_secs=99999999999', '?max_idle_secs=1&max_idle_secs=2']) {
      const res = await api(t.url, `/admin/tenants/evict-idle${q}`, { method: 'POST', headers: admin });
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'validation_error', status: 400 });
      expect(res.body.error.details.errors[0].field).toBe('max_idle_secs');
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describe('idle expiry (TENANT_CACHE_IDLE_TTL_SECS)', () => {
  it('drops an account unused for the idle TTL, counted as an idle eviction', async () => {
    const s = await startTestServer({ ADMIN_API_KEY: ADMIN, TENANT_CACHE_IDLE_TTL_SECS: '1', WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
    try {
      const a = await s.newAccount();
      expect((await api(s.url, '/v1/auth/test', { key: a.key })).status).toBe(200);
      const m1 = (await api(s.url, '/admin/tenants/cache-metrics', { headers: admin })).body;
      expect(m1).toMatchObject({ entries: 1, idle_ttl_secs: 1 });
      await sleep(1300);
      const m2 = (await api(s.url, '/admin/tenants/cache-metrics', { headers: admin })).body;
      expect(m2.entries).toBe(0);
      expect(m2.evictions_by_reason.idle).toBe(1);
      expect(m2.evictions).toBe(1);
      expect((await api(s.url, '/v1/auth/test', { key: a.key })).status).toBe(200);
      const m3 = (await api(s.url, '/admin/tenants/cache-metrics', { headers: admin })).body;
      expect(m3.misses - m2.misses).toBe(1);
      const prom = await api(s.url, '/metrics', { headers: admin });
      expect(prom.text).toMatch(/tenant_cache_events_total\{event="eviction"\} 1/);
      expect(prom.text).toMatch(/tenant_cache_entries 1/);
    } finally {
      await s.stop();
    }
  });
});

describe('reload-cached', () => {
  it('takes a suspension, a revocation and a plan change at once', async () => {
    const a = await t.newAccount();
    const b = await t.newAccount();
    const bKey = await b.newKey();
    for (const k of [a.key, b.key, bKey.secret]) expect((await whoami(k)).status).toBe(200);
    const prisma = t.server.db.prisma;
    await prisma.account.update({ where: { id: a.accountId }, data: { status: 'suspended' } });
    await prisma.apiKey.update({ where: { id: bKey.id }, data: { revokedAt: new Date() } });
    await prisma.account.update({ where: { id: b.accountId }, data: { plan: 'growth' } });
    // still cached (revalidated only after 2 s)...
    expect((await whoami(a.key)).status).toBe(200);
    // ...until the reload
    const res = await api(t.url, '/admin/tenants/reload-cached', { method: 'POST', headers: admin });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('tenant_cache_reload');
    expect(res.body.reloaded).toBeGreaterThanOrEqual(2);
    expect(res.body.keys_refused).toBeGreaterThanOrEqual(2);
    const suspended = await whoami(a.key);
    expect(suspended.status).toBe(401);
    expect(suspended.body.error.code).toBe('INACTIVE_ACCOUNT');
    const revoked = await whoami(bKey.secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('INVALID_API_KEY');
    const still = await api(t.url, '/v1/orders?limit=1', { key: b.key });
    expect(still.status).toBe(200);
    // growth: 1000 a minute (set A); the header shows the tightest window
    expect(Number(still.headers.get('x-ratelimit-limit'))).toBeGreaterThan(60);
    // a resumed account is looked up again at once (cached refusals are dropped by a reload)
    await prisma.account.update({ where: { id: a.accountId }, data: { status: 'active' } });
    await api(t.url, '/admin/tenants/reload-cached', { method: 'POST', headers: admin });
    expect((await whoami(a.key)).status).toBe(200);
  });

  it('an open GraphQL WebSocket subscription keeps working across a reload', async () => {
    const a = await t.newAccount();
    const received: { type: string }[] = [];
    let connected!: () => void;
    const ready = new Promise<void>((r) => { connected = r; });
    let closedCode: number | undefined;
    const client = createClient({
      url: `${t.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${a.key}` },
      on: { connected: () => connected(), closed: (e) => { closedCode = (e as { code?: number }).code; } },
      onNonLazyError: () => {},
    });
    try {
      await ready;
      let ended: unknown;
      client.subscribe<{ events: { type: string } }>({ query: 'subscription { events(types: ["customer.*"]) { id type } }' }, {
        next: (v) => { if (v.data) received.push(v.data.events); },
        error: (e) => { ended = e; },
        complete: () => { ended = 'complete'; },
      });
      await sleep(400);
      const reload = await api(t.url, '/admin/tenants/reload-cached', { method: 'POST', headers: admin });
      expect(reload.status).toBe(200);
      // past the revalidation period too, so the sessions' own re-checks run against the reloaded entry
      await sleep(2200);
      await api(t.url, '/admin/tenants/reload-cached', { method: 'POST', headers: admin });
      const made = await api(t.url, '/v1/customers', { key: a.key, body: { name: 'after the reload' } });
      expect(made.status).toBe(201);
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await sleep(50);
      expect(received).toEqual([expect.objectContaining({ type: 'customer.created' })]);
      expect(ended).toBeUndefined();
      expect(closedCode).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });
});
