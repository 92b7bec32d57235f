// Authentication and authorization of the REST door: the spec's 401 and 403 codes, key
// prefixes and hashed storage, key types (sk_, pk_, rk_, svc_), expiry, revocation,
// GET /v1/auth/test and X-Test-Error-Code.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, expectError, expectList } from './envelope.js';

let t: TestServer;
let acct: TestAccount;
let order: any;
beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  order = await createOrder(t.url, acct.key, TEA_ORDER);
});
afterAll(async () => { await t?.stop(); });

const withAuth = (authorization: string, path = '/v1/orders', method = 'GET') => api(t.url, path, { method, headers: { authorization } });

describe('401: the Authorization header', () => {
  it('no header is MISSING_AUTH_HEADER, on reads and writes', async () => {
    expectError(await api(t.url, '/v1/orders'), 401, 'MISSING_AUTH_HEADER');
    expectError(await api(t.url, '/v1/orders', { body: TEA_ORDER }), 401, 'MISSING_AUTH_HEADER');
    expectError(await api(t.url, '/v1/auth/test'), 401, 'MISSING_AUTH_HEADER');
  });

  it.each(['Basic x', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearerx', 'sk_test_0123456789abcdefghijklmnopqrstuv'])(
    '"%s" is INVALID_TOKEN_FORMAT', async (header) => {
      expectError(await withAuth(header), 401, 'INVALID_TOKEN_FORMAT');
    },
  );

  it('a secret key without the Bearer prefix is INVALID_TOKEN_FORMAT', async () => {
    expectError(await withAuth(acct.key), 401, 'INVALID_TOKEN_FORMAT');
  });

  it('"Bearer " with no key is MISSING_API_KEY', async () => {
    expectError(await withAuth('Bearer '), 401, 'MISSING_API_KEY');
    expectError(await withAuth('Bearer'), 401, 'MISSING_API_KEY');
  });

  it('an unknown key is INVALID_API_KEY, well-formed or not', async () => {
    expectError(await withAuth('Bearer sk_test_00000000000000000000000000000000'), 401, 'INVALID_API_KEY');
    expectError(await withAuth('Bearer hello'), 401, 'INVALID_API_KEY');
    expectError(await withAuth(`Bearer ${acct.key}x`), 401, 'INVALID_API_KEY');
    expectError(await withAuth(`Bearer ${acct.key.replace('sk_test_', 'sk_live_')}`), 401, 'INVALID_API_KEY');
  });

  it('the scheme is case-insensitive', async () => {
    expect((await withAuth(`bearer ${acct.key}`)).status).toBe(200);
  });

  it('an expired key is EXPIRED_API_KEY', async () => {
    const k = await acct.newKey({ expiresAt: new Date(Date.now() - 1000) });
    expectError(await withAuth(`Bearer ${k.secret}`), 401, 'EXPIRED_API_KEY');
  });

  it('a key expires while cached: works before, EXPIRED_API_KEY after', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const k = await acct.newKey({ expiresAt });
    expect((await withAuth(`Bearer ${k.secret}`)).status).toBe(200);
    // the clock moves past the expiry (only Date is faked: sockets and timers stay real)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      vi.setSystemTime(expiresAt.getTime() + 1);
      expectError(await withAuth(`Bearer ${k.secret}`), 401, 'EXPIRED_API_KEY');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a revoked key stops working within the 2-second cache', async () => {
    const k = await acct.newKey();
    expect((await withAuth(`Bearer ${k.secret}`)).status).toBe(200);
    await t.server.db.prisma.apiKey.update({ where: { id: k.id }, data: { revokedAt: new Date() } });
    // once the 2 s cache period has passed (a faked clock), the next request looks the key up again
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let res;
    try {
      vi.setSystemTime(Date.now() + 2001);
      res = await withAuth(`Bearer ${k.secret}`);
    } finally {
      vi.useRealTimers();
    }
    expectError(res, 401, 'INVALID_API_KEY');
    expect(res.body.error.message).toMatch(/revoked/);
    // and it stays refused for writes too
    expectError(await api(t.url, '/v1/orders', { key: k.secret, body: TEA_ORDER }), 401, 'INVALID_API_KEY');
  });

  it('a key of an inactive account is INACTIVE_ACCOUNT', async () => {
    const other = await t.newAccount();
    await t.server.db.prisma.account.update({ where: { id: other.accountId }, data: { status: 'suspended' } });
    expectError(await withAuth(`Bearer ${other.key}`), 401, 'INACTIVE_ACCOUNT');
  });
});

describe('keys', () => {
  it('carry the spec\'s prefixes and are stored only as a SHA-256 hash', async () => {
    const made = [
      ['secret', 'test', /^sk_test_[0-9A-Za-z]{32,}$/], ['secret', 'live', /^sk_live_/],
      ['restricted', 'test', /^rk_test_/], ['restricted', 'live', /^rk_live_/],
      ['publishable', 'test', /^pk_test_/], ['publishable', 'live', /^pk_live_/],
    ] as const;
    for (const [type, mode, pattern] of made) {
      const k = await acct.newKey({ type, mode, permissions: type === 'restricted' ? ['orders:read'] : undefined });
      expect(k.secret).toMatch(pattern);
      const row = await t.server.db.prisma.apiKey.findUniqueOrThrow({ where: { id: k.id } });
      expect(row.hash).toBe(createHash('sha256').update(k.secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(k.secret.slice(8));
      expect(row.redacted.endsWith(k.secret.slice(-4))).toBe(true);
    }
  });
});

describe('403: key types and permissions', () => {
  it('pk_ keys read but cannot write: RESOURCE_ACCESS_DENIED', async () => {
    const pk = await acct.newKey({ type: 'publishable' });
    expectList(await api(t.url, '/v1/orders', { key: pk.secret }));
    expect((await api(t.url, `/v1/orders/${order.id}`, { key: pk.secret })).status).toBe(200);
    expectError(await api(t.url, '/v1/orders', { key: pk.secret, body: TEA_ORDER }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, `/v1/orders/${order.id}`, { method: 'PATCH', key: pk.secret, body: { metadata: { a: 'b' } } }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, `/v1/orders/${order.id}/cancel`, { method: 'POST', key: pk.secret }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, '/v1/customers', { key: pk.secret, body: {} }), 403, 'RESOURCE_ACCESS_DENIED');
    expect((await api(t.url, `/v1/orders/${order.id}`, { key: acct.key })).body.status).toBe('pending');
  });

  it('rk_ with orders:read lists and reads orders; create is INSUFFICIENT_PERMISSIONS; other resources too', async () => {
    const rk = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect(expectList(await api(t.url, '/v1/orders', { key: rk.secret })).data.map((o: any) => o.id)).toContain(order.id);
    const denied = expectError(await api(t.url, '/v1/orders', { key: rk.secret, body: TEA_ORDER }), 403, 'INSUFFICIENT_PERMISSIONS');
    expect(denied.details).toMatchObject({ required: 'orders:create', granted: ['orders:read'] });
    expectError(await api(t.url, '/v1/customers', { key: rk.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await api(t.url, `/v1/orders/${order.id}/fulfill`, { method: 'POST', key: rk.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('rk_ with orders:write creates and acts on orders, but cannot read without orders:read', async () => {
    const rk = await acct.newKey({ type: 'restricted', permissions: ['orders:write'] });
    const created = await api(t.url, '/v1/orders', { key: rk.secret, body: TEA_ORDER });
    expect(created.status).toBe(201);
    expect((await api(t.url, `/v1/orders/${created.body.id}/cancel`, { method: 'POST', key: rk.secret })).status).toBe(200);
    expectError(await api(t.url, '/v1/orders', { key: rk.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await api(t.url, '/v1/products', { key: rk.secret, body: { name: 'x', price: 1, currency: 'usd' } }), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('rk_ with orders:create only cannot cancel', async () => {
    const rk = await acct.newKey({ type: 'restricted', permissions: ['orders:create'] });
    const created = await api(t.url, '/v1/orders', { key: rk.secret, body: TEA_ORDER });
    expect(created.status).toBe(201);
    expectError(await api(t.url, `/v1/orders/${created.body.id}/cancel`, { method: 'POST', key: rk.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('svc_ keys are refused on /v1 with RESOURCE_ACCESS_DENIED', async () => {
    const svc = await acct.newKey({ type: 'svc' });
    expect(svc.secret).toMatch(/^svc_test_/);
    expectError(await api(t.url, '/v1/orders', { key: svc.secret }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, '/v1/orders', { key: svc.secret, body: TEA_ORDER }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, `/v1/customers`, { key: svc.secret }), 403, 'RESOURCE_ACCESS_DENIED');
  });
});

describe('GET /v1/auth/test', () => {
  it('returns the authentication test result of a secret test key', async () => {
    const k = await acct.newKey();
    const res = await api(t.url, '/v1/auth/test', { key: k.secret });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authenticated: true, key_id: k.id, permissions: ['*'], mode: 'test' });
  });

  it('reports a restricted live key\'s permissions and mode', async () => {
    const k = await acct.newKey({ type: 'restricted', mode: 'live', permissions: ['orders:read', 'customers:write'] });
    const res = await api(t.url, '/v1/auth/test', { key: k.secret });
    expect(res.body).toMatchObject({ authenticated: true, key_id: k.id, mode: 'live' });
    expect([...res.body.permissions].sort()).toEqual(['customers:write', 'orders:read']);
  });

  it('refuses a bad key with the same 401 codes', async () => {
    expectError(await api(t.url, '/v1/auth/test', { key: 'sk_test_00000000000000000000000000000000' }), 401, 'INVALID_API_KEY');
  });
});

describe('X-Test-Error-Code', () => {
  it.each([
    ['INSUFFICIENT_INVENTORY', 422], ['RATE_LIMITED', 429], ['RESOURCE_LOCKED', 409], ['IP_NOT_ALLOWED', 403], ['SERVICE_UNAVAILABLE', 503], ['EXPIRED_API_KEY', 401],
  ])('a test key with %s gets its status and envelope', async (code, status) => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': code } });
    expect(expectError(res, status, code).details).toMatchObject({ forced: true });
  });

  it('forces errors on writes too, without executing them', async () => {
    const fresh = await t.newAccount();
    expectError(await api(t.url, '/v1/orders', { key: fresh.key, body: TEA_ORDER, headers: { 'x-test-error-code': 'PAYMENT_FAILED' } }), 422, 'PAYMENT_FAILED');
    expect(expectList(await api(t.url, '/v1/orders', { key: fresh.key })).pagination.total_count).toBe(0);
  });

  it('is ignored with a live key', async () => {
    const live = await acct.newKey({ mode: 'live' });
    expectList(await api(t.url, '/v1/orders', { key: live.secret, headers: { 'x-test-error-code': 'RATE_LIMITED' } }));
    const created = await api(t.url, '/v1/orders', { key: live.secret, body: TEA_ORDER, headers: { 'x-test-error-code': 'PAYMENT_FAILED' } });
    expect(created.status).toBe(201);
    expect(created.body.livemode).toBe(true);
  });
});
