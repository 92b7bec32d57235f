// IP allowlists: a key limited to CIDR ranges is 403 IP_NOT_ALLOWED from any other address,
// on REST and GraphQL, with no query added per request (the cached principal keeps the list);
// IPv4 and IPv6 ranges; a bad range is a 400 (API) or exit 2 (CLI).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { runKeys } from '../helpers/process.js';
import { compileAllowlist, normalizeAllowedIps } from '../../src/auth/ip-allowlist.js';
import { ApiError } from '../../src/errors.js';
import { createApiKey, KeyAuthenticator } from '../../src/auth/keys.js';
import { usageRecorder } from '../../src/modules/api-keys/usage.js';

vi.setConfig({ testTimeout: 180_000 });

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

async function keyWith(allowed_ips: string[]) {
  const res = await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'limited', permissions: ['orders:read'], allowed_ips } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string; allowed_ips: string[] };
}

describe('allowed_ips', () => {
  it('a key limited to 10.0.0.0/8 is 403 IP_NOT_ALLOWED from 127.0.0.1, on REST and GraphQL', async () => {
    const k = await keyWith(['10.0.0.0/8']);
    const res = await api(t.url, '/v1/orders', { key: k.secret });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'IP_NOT_ALLOWED', type: 'permission_error', details: { ip: '127.0.0.1' } });
    const g = await gql(t.url, k.secret, '{ orders(limit: 1) { id } }');
    expect(g.status).toBe(403);
    expect(g.body.errors?.[0]?.extensions?.code).toBe('IP_NOT_ALLOWED');
  });

  it('127.0.0.1/32, ::1/128 or a range holding 127.0.0.1 work; no query per request', async () => {
    for (const list of [['127.0.0.1/32'], ['10.0.0.0/8', '127.0.0.0/8'], ['::1/128', '127.0.0.1'], ['0.0.0.0/0']]) {
      const k = await keyWith(list);
      const res = await api(t.url, '/v1/orders', { key: k.secret });
      expect(res.status, `${list}: ${res.text}`).toBe(200);
    }
    // cached: the allowlist costs no statement, allowed or refused (the server's usage counters
    // are written first, so that no round of theirs falls into the count)
    const k = await keyWith(['127.0.0.1/32']);
    const auth = new KeyAuthenticator(t.server.db.prisma);
    await auth.fromRequest(`Bearer ${k.secret}`, '127.0.0.1');
    await usageRecorder(t.server.services).flush();
    const before = t.server.db.queryCount();
    for (let i = 0; i < 5; i++) {
      expect((await auth.fromRequest(`Bearer ${k.secret}`, '127.0.0.1')).keyId).toBe(k.id);
      await expect(auth.fromRequest(`Bearer ${k.secret}`, '10.1.1.1')).rejects.toMatchObject({ code: 'IP_NOT_ALLOWED', status: 403 });
      await expect(auth.fromRequest(`Bearer ${k.secret}`, '::ffff:127.0.0.1')).resolves.toMatchObject({ keyId: k.id });
    }
    expect(t.server.db.queryCount() - before).toBe(0);
  });

  it('IPv6 ranges are accepted and stored canonically; bare addresses are single-host ranges', async () => {
    const k = await keyWith(['2001:DB8::1/32', '::1', '203.0.113.7/24', '203.0.113.0/24']);
    expect(k.allowed_ips).toEqual(['2001:db8::/32', '::1/128', '203.0.113.0/24']);
    // an IPv6-only list refuses an IPv4 client
    const v6 = await keyWith(['2001:db8::/32']);
    expect((await api(t.url, '/v1/orders', { key: v6.secret })).body.error.code).toBe('IP_NOT_ALLOWED');
  });

  it('a bad range is a 400 naming the entry, never a 500', async () => {
    for (const bad of ['10.0.0.0/33', '10.1/8', '0x0a.0.0.0/8', 'localhost', '', '::1/129', 'fe80::1%eth0/64', '10.0.0.0/', '10.0.0.0/8/8', '1.2.3.4.5', '10.0.0.256/32', '10.0.0.0/-1', '10.0.0.0/ 8']) {
      const res = await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'x', permissions: ['orders:read'], allowed_ips: ['127.0.0.1/32', bad] } });
      expect(res.status, `${JSON.stringify(bad)}: ${res.text}`).toBe(400);
      expect(res.body.error.param ?? res.body.error.details.errors[0].field).toBe('allowed_ips[1]');
    }
    const many = Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`);
    expect((await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'x', permissions: ['orders:read'], allowed_ips: many } })).status).toBe(400);
    expect((await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'x', permissions: ['orders:read'], allowed_ips: [42] } })).status).toBe(400);
    // every fault at once: a bad name, a past expiry and a bad range
    const several = await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 5, permissions: ['orders:read'], expires_at: '2020-01-01', allowed_ips: ['bad'] } });
    expect(several.status, several.text).toBe(400);
    expect(several.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(['allowed_ips[0]', 'expires_at', 'name']);
  });

  it("the decision service's X-Svc-Api-Key obeys the list too (in its own error shape)", async () => {
    const far = await createApiKey(t.server.db.prisma, { accountId: acct.accountId, type: 'svc', mode: 'test', allowedIps: ['10.0.0.0/8'] });
    const near = await createApiKey(t.server.db.prisma, { accountId: acct.accountId, type: 'svc', mode: 'test', allowedIps: ['127.0.0.1/32'] });
    const refused = await api(t.url, '/api/svc/requests/some-key-1', { headers: { 'x-svc-api-key': far.secret } });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('IP_NOT_ALLOWED');
    const allowed = await api(t.url, '/api/svc/requests/some-key-1', { headers: { 'x-svc-api-key': near.secret } });
    expect(allowed.status).toBe(404); // authenticated: no such request
  });

  it('a key whose list changes is limited (or freed) at once on this server', async () => {
    const k = await keyWith(['127.0.0.1/32']);
    expect((await api(t.url, '/v1/orders', { key: k.secret })).status).toBe(200);
    await api(t.url, `/v1/api_keys/${k.id}`, { key: acct.key, method: 'PATCH', body: { allowed_ips: ['192.168.0.0/16'] } });
    expect((await api(t.url, '/v1/orders', { key: k.secret })).body.error.code).toBe('IP_NOT_ALLOWED');
    await api(t.url, `/v1/api_keys/${k.id}`, { key: acct.key, method: 'PATCH', body: { allowed_ips: [] } });
    expect((await api(t.url, '/v1/orders', { key: k.secret })).status).toBe(200);
  });
});

describe('the allowlist matcher', () => {
  it('matches IPv4, IPv6 and IPv4-mapped addresses; refuses garbage', () => {
    const m = compileAllowlist(normalizeAllowedIps(['10.0.0.0/8', '2001:db8::/32']))!;
    expect(m('10.1.2.3')).toBe(true);
    expect(m('::ffff:10.1.2.3')).toBe(true);
    expect(m('11.0.0.1')).toBe(false);
    expect(m('2001:db8:1::5')).toBe(true);
    expect(m('2001:db9::1')).toBe(false);
    expect(m('not an address')).toBe(false);
    expect(compileAllowlist([])).toBeUndefined();
    expect(() => normalizeAllowedIps(['nope'])).toThrow(ApiError);
  });

  it('an IPv4-mapped IPv6 range is stored as the IPv4 range it maps, and matches it', () => {
    expect(normalizeAllowedIps(['::ffff:127.0.0.1', '::ffff:10.0.0.0/104'])).toEqual(['127.0.0.1/32', '10.0.0.0/8']);
    const m = compileAllowlist(normalizeAllowedIps(['::ffff:127.0.0.1']))!;
    expect(m('127.0.0.1')).toBe(true);
    expect(m('::ffff:127.0.0.1')).toBe(true);
    expect(m('127.0.0.2')).toBe(false);
  });
});

describe('keys -- create --allowed-ips', () => {
  it('stores the ranges; a bad one exits 2 naming it', async () => {
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL };
    const ok = await runKeys(['create', '--type', 'restricted', '--permissions', 'orders:read', '--allowed-ips', '10.0.0.0/8, ::1/128', '--account', 'cli-ips'], env);
    expect(ok.code, ok.stderr).toBe(0);
    const secret = ok.stdout.trim();
    const row = await t.server.db.prisma.apiKey.findFirstOrThrow({ where: { account: { name: 'cli-ips' } }, orderBy: { createdAt: 'desc' } });
    expect(row.allowedIps).toEqual(['10.0.0.0/8', '::1/128']);
    expect((await api(t.url, '/v1/orders', { key: secret })).body.error.code).toBe('IP_NOT_ALLOWED');
    const bad = await runKeys(['create', '--type', 'restricted', '--permissions', 'orders:read', '--allowed-ips', '10.0.0.0/99'], env);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/10\.0\.0\.0\/99/);
  });
});
