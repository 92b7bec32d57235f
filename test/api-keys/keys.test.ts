// Keys over the API: create (the secret shown once), list, retrieve, update, roll, revoke;
// who may manage keys (secret keys; restricted keys with api_keys:* within their own
// permissions; never publishable or svc_ keys), other accounts' keys 404, bad input 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { createApiKey } from '../../src/auth/keys.js';

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KEY_SHAPE = /^(sk|rk|pk)_(test|live)_[0-9A-Za-z]{32}$/;

async function create(key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api(t.url, '/v1/api_keys', { key, body, headers });
}

/** Polls until `key` gets `status` on /v1/auth/test; returns the answer and the time it took. */
async function waitFor(key: string, status: number, withinMs: number) {
  const start = Date.now();
  for (;;) {
    const res = await api(t.url, '/v1/auth/test', { key });
    if (res.status === status) return { res, ms: Date.now() - start };
    if (Date.now() - start > withinMs) throw new Error(`still ${res.status} after ${withinMs} ms: ${res.text}`);
    await sleep(50);
  }
}

describe('POST /v1/api_keys', () => {
  it('creates a restricted key whose secret is shown once: never in list, retrieve or an idempotent replay', async () => {
    const body = { name: 'orders reader', permissions: ['orders:read'] };
    const res = await create(acct.key, body, { 'idempotency-key': 'create-key-1' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      object: 'api_key', name: 'orders reader', type: 'restricted', mode: 'test', livemode: false,
      permissions: ['orders:read'], allowed_ips: [], expires_at: null, revoked_at: null, last_used_at: null, rolled_from: null,
    });
    expect(res.body.id).toMatch(/^key_/);
    expect(res.body.secret).toMatch(KEY_SHAPE);
    expect(res.body.secret.startsWith('rk_test_')).toBe(true);
    expect(res.body.redacted).toBe(`rk_test_...${res.body.secret.slice(-4)}`);
    expect(res.body.hash).toBeUndefined();
    expect(typeof res.body.created).toBe('number');
    const secret = res.body.secret as string;

    // the new key works, with its permissions only
    expect((await api(t.url, '/v1/orders', { key: secret })).status).toBe(200);
    expect((await api(t.url, '/v1/customers', { key: secret })).status).toBe(403);

    // a replay answers the same key, without the secret
    const replay = await create(acct.key, body, { 'idempotency-key': 'create-key-1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(res.body.id);
    expect(replay.body.secret).toBeUndefined();
    expect(replay.text).not.toContain(secret);

    const one = await api(t.url, `/v1/api_keys/${res.body.id}`, { key: acct.key });
    expect(one.status).toBe(200);
    // as created, but for last_used_at (the key was used meanwhile)
    const { secret: _s, last_used_at: _u, ...shown } = res.body;
    expect(one.body).toEqual({ ...shown, last_used_at: one.body.last_used_at });
    const list = await api(t.url, '/v1/api_keys?limit=100', { key: acct.key });
    expect(list.status).toBe(200);
    for (const text of [one.text, list.text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(8, 30));
      expect(text).not.toMatch(/"hash"/);
    }
  });

  it('makes secret and publishable keys in the mode of the creating key; svc_ keys only by the CLI', async () => {
    const sk = await create(acct.key, { name: 'backend', type: 'secret' });
    expect(sk.status, sk.text).toBe(201);
    expect(sk.body).toMatchObject({ type: 'secret', mode: 'test', permissions: ['*'] });
    expect(sk.body.secret.startsWith('sk_test_')).toBe(true);
    const pk = await create(acct.key, { name: 'storefront', type: 'publishable' });
    expect(pk.status).toBe(201);
    expect(pk.body).toMatchObject({ type: 'publishable', permissions: ['*:read'] });
    expect(pk.body.secret.startsWith('pk_test_')).toBe(true);
    const narrowPk = await create(acct.key, { name: 'catalogue', type: 'publishable', permissions: ['products:read'] });
    expect(narrowPk.body.permissions).toEqual(['products:read']);
    expect((await create(acct.key, { name: 'x', type: 'publishable', permissions: ['products:create'] })).status).toBe(400);

    // a live key makes live keys, and sees only live keys
    const live = await acct.newKey({ mode: 'live' });
    const lk = await create(live.secret, { name: 'live reader', permissions: ['orders:read'] });
    expect(lk.status).toBe(201);
    expect(lk.body).toMatchObject({ mode: 'live', livemode: true });
    expect(lk.body.secret.startsWith('rk_live_')).toBe(true);
    expect((await api(t.url, `/v1/api_keys/${lk.body.id}`, { key: acct.key })).status).toBe(404);
    const liveList = await api(t.url, '/v1/api_keys?limit=100', { key: live.secret });
    expect(liveList.body.data.every((k: { mode: string }) => k.mode === 'live')).toBe(true);

    const svc = await create(acct.key, { name: 'svc', type: 'svc' });
    expect(svc.status).toBe(400);
    expect(JSON.stringify(svc.body.error)).toMatch(/CLI/);
  });

  it('expires_at: ISO 8601 or Unix seconds in the future; the key is refused after it', async () => {
    const at = new Date(Date.now() + 3_000);
    const res = await create(acct.key, { name: 'short', permissions: ['orders:read'], expires_at: at.toISOString() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.expires_at).toBe(Math.floor(at.getTime() / 1000));
    const unix = await create(acct.key, { name: 'unix', permissions: ['orders:read'], expires_at: Math.floor(Date.now() / 1000) + 3600 });
    expect(unix.status).toBe(201);
    expect((await api(t.url, '/v1/auth/test', { key: res.body.secret })).status).toBe(200);
    const { res: refused } = await waitFor(res.body.secret, 401, 6_000);
    expect(refused.body.error.code).toBe('EXPIRED_API_KEY');
    for (const expires_at of [Math.floor(Date.now() / 1000) - 10, 'yesterday', '2020-01-01T00:00:00Z', 1e15]) {
      const bad = await create(acct.key, { name: 'x', permissions: ['orders:read'], expires_at });
      expect(bad.status, JSON.stringify(expires_at)).toBe(400);
      expect(bad.body.error.param).toBe('expires_at');
    }
  });

  it('unknown permissions are a 400 listing the valid ones; bad input is 400, never 500', async () => {
    const bogus = await create(acct.key, { name: 'x', permissions: ['orders:read', 'bogus:thing', 'orders:teleport'] });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.message).toMatch(/bogus:thing, orders:teleport/);
    expect(bogus.body.error.details.unknown).toEqual(['bogus:thing', 'orders:teleport']);
    expect(bogus.body.error.details.valid_permissions.orders).toEqual(expect.arrayContaining(['read', 'create', 'write', '*']));
    expect(bogus.body.error.details.valid_permissions.api_keys).toEqual(['read', 'write', '*']);

    const bad: unknown[] = [
      {},
      { name: '' },
      { name: 'x' }, // restricted (the default) needs permissions
      { name: 'x', permissions: [] },
      { name: 'x', permissions: 'orders:read' },
      { name: 'x', permissions: ['not a permission'] },
      { name: 'x', permissions: [42] },
      { name: 'x', type: 'root', permissions: ['orders:read'] },
      { name: 'x', type: 'secret', permissions: ['orders:read'] },
      { name: 'x', permissions: ['orders:read'], allowed_ips: 'anywhere' },
      { name: 'x', permissions: ['orders:read'], colour: 'red' },
      { name: 'x'.repeat(201), permissions: ['orders:read'] },
      { name: 'x\u0000', permissions: ['orders:read'] },
      { name: 'x', permissions: Array.from({ length: 500 }, () => 'orders:read') },
      [1, 2],
    ];
    for (const body of bad) {
      const res = await create(acct.key, body as Record<string, unknown>);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)} -> ${res.text.slice(0, 300)}`).toBe(400);
    }
    expect((await api(t.url, '/v1/api_keys', { key: acct.key, rawBody: '{"name":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('GET /v1/api_keys', () => {
  it('lists the keys of the account and mode, newest first, with cursor pagination', async () => {
    const a = await t.newAccount();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await create(a.key, { name: `k${i}`, permissions: ['orders:read'] });
      made.push(res.body.id);
    }
    const all = await api(t.url, '/v1/api_keys?limit=100', { key: a.key });
    expect(all.status).toBe(200);
    expect(all.body.object).toBe('list');
    expect(all.body.url).toBe('/v1/api_keys');
    // the five, then the account's first key (made by the test helper)
    expect(all.body.data.map((k: { id: string }) => k.id).slice(0, 5)).toEqual([...made].reverse());
    expect(all.body.pagination.total_count).toBe(6);
    expect(all.body.meta.request_id).toMatch(/^req_/);

    const first = await api(t.url, '/v1/api_keys?limit=2', { key: a.key });
    expect(first.body.data.map((k: { id: string }) => k.id)).toEqual([made[4], made[3]]);
    expect(first.body.pagination).toMatchObject({ has_more: true, total_count: 6, page_count: 3, current_page: 1, limit: 2, previous_cursor: null });
    const second = await api(t.url, `/v1/api_keys?limit=2&cursor=${first.body.pagination.next_cursor}`, { key: a.key });
    expect(second.body.data.map((k: { id: string }) => k.id)).toEqual([made[2], made[1]]);
    expect(second.body.pagination.current_page).toBe(2);
    const back = await api(t.url, `/v1/api_keys?limit=2&cursor=${second.body.pagination.previous_cursor}`, { key: a.key });
    expect(back.body.data.map((k: { id: string }) => k.id)).toEqual([made[4], made[3]]);
    const after = await api(t.url, `/v1/api_keys?limit=10&starting_after=${made[1]}`, { key: a.key });
    expect(after.body.data[0].id).toBe(made[0]);
    expect(after.body.data).toHaveLength(2);
    const before = await api(t.url, `/v1/api_keys?ending_before=${made[1]}`, { key: a.key });
    expect(before.body.data.map((k: { id: string }) => k.id)).toEqual([made[4], made[3], made[2]]);

    const restricted = await api(t.url, '/v1/api_keys?type=restricted&limit=100', { key: a.key });
    expect(restricted.body.data).toHaveLength(5);
    await api(t.url, `/v1/api_keys/${made[0]}`, { key: a.key, method: 'DELETE' });
    const revoked = await api(t.url, '/v1/api_keys?status=revoked', { key: a.key });
    expect(revoked.body.data.map((k: { id: string }) => k.id)).toEqual([made[0]]);
    expect((await api(t.url, '/v1/api_keys?status=active', { key: a.key })).body.pagination.total_count).toBe(5);

    // the other account's keys are not in it
    const other = await api(t.url, '/v1/api_keys?limit=100', { key: acct.key });
    expect(other.body.data.some((k: { id: string }) => made.includes(k.id))).toBe(false);

    for (const q of ['limit=0', 'limit=101', 'limit=x', 'cursor=nope', 'starting_after=key_00000000000000000000', 'type=root', 'status=gone', 'colour=red', 'limit=1&limit=2', `cursor=${first.body.pagination.next_cursor}&starting_after=${made[1]}`]) {
      const res = await api(t.url, `/v1/api_keys?${q}`, { key: a.key });
      expect(res.status, `${q}: ${res.text}`).toBe(400);
    }
  });
});

describe('PATCH /v1/api_keys/{id}', () => {
  it('changes name, permissions and allowed IPs; takes effect on the key at once on this server', async () => {
    const res = await create(acct.key, { name: 'before', permissions: ['orders:read'] });
    const { id, secret } = res.body;
    expect((await api(t.url, '/v1/customers', { key: secret })).status).toBe(403);
    const patched = await api(t.url, `/v1/api_keys/${id}`, { key: acct.key, method: 'PATCH', body: { name: 'after', permissions: ['orders:read', 'customers:read'], allowed_ips: ['127.0.0.1'] } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ id, name: 'after', permissions: ['orders:read', 'customers:read'], allowed_ips: ['127.0.0.1/32'] });
    expect(patched.body.secret).toBeUndefined();
    expect((await api(t.url, '/v1/customers', { key: secret })).status).toBe(200);
    // allowed_ips null or [] clears the list
    const cleared = await api(t.url, `/v1/api_keys/${id}`, { key: acct.key, method: 'PATCH', body: { allowed_ips: null } });
    expect(cleared.body.allowed_ips).toEqual([]);

    for (const body of [{ permissions: [] }, { permissions: ['bogus:x'] }, { id: 'key_other0000000000' }, { name: 5 }, { type: 'secret' }, { allowed_ips: ['10.0.0.0/33'] }]) {
      const bad = await api(t.url, `/v1/api_keys/${id}`, { key: acct.key, method: 'PATCH', body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // a secret key holds '*': no permissions to set
    const sk = await create(acct.key, { name: 'sk', type: 'secret' });
    expect((await api(t.url, `/v1/api_keys/${sk.body.id}`, { key: acct.key, method: 'PATCH', body: { permissions: ['orders:read'] } })).status).toBe(400);
    expect((await api(t.url, `/v1/api_keys/${sk.body.id}`, { key: acct.key, method: 'PATCH', body: { name: 'renamed' } })).body.name).toBe('renamed');
    expect((await api(t.url, '/v1/api_keys/key_doesnotexist00000', { key: acct.key, method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    // an id not even shaped as one names nothing: 404 as for an unknown one
    expect((await api(t.url, '/v1/api_keys/not-a-key', { key: acct.key, method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
  });
});

describe('POST /v1/api_keys/{id}/roll', () => {
  it('makes a new key with the same settings; the old one works until expires_in_seconds, then 401 EXPIRED_API_KEY', async () => {
    const old = await create(acct.key, { name: 'rotating', permissions: ['orders:read', 'products:read'], allowed_ips: ['127.0.0.0/8', '::1/128'] });
    const rolled = await api(t.url, `/v1/api_keys/${old.body.id}/roll`, { key: acct.key, body: { expires_in_seconds: 2 } });
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body).toMatchObject({
      object: 'api_key', name: 'rotating', type: 'restricted', permissions: ['orders:read', 'products:read'],
      allowed_ips: ['127.0.0.0/8', '::1/128'], rolled_from: old.body.id, expires_at: null,
    });
    expect(rolled.body.id).not.toBe(old.body.id);
    expect(rolled.body.secret).toMatch(KEY_SHAPE);
    expect(rolled.body.secret).not.toBe(old.body.secret);
    const oldNow = await api(t.url, `/v1/api_keys/${old.body.id}`, { key: acct.key });
    expect(oldNow.body.expires_at).toBeGreaterThan(Date.now() / 1000 - 1);
    expect(oldNow.body.expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 2);

    // both work during the overlap; then only the new one
    expect((await api(t.url, '/v1/orders', { key: old.body.secret })).status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: rolled.body.secret })).status).toBe(200);
    const { res } = await waitFor(old.body.secret, 401, 5_000);
    expect(res.body.error.code).toBe('EXPIRED_API_KEY');
    expect((await api(t.url, '/v1/orders', { key: rolled.body.secret })).status).toBe(200);

    // an expired key is not rolled again
    expect((await api(t.url, `/v1/api_keys/${old.body.id}/roll`, { key: acct.key, body: {} })).status).toBe(422);
  });

  it('by default the old key stops at once; a replay does not show the secret again; at most 7 days of overlap', async () => {
    const old = await create(acct.key, { name: 'now', permissions: ['orders:read'] });
    const rolled = await api(t.url, `/v1/api_keys/${old.body.id}/roll`, { key: acct.key, method: 'POST', headers: { 'idempotency-key': `roll-${old.body.id}` } });
    expect(rolled.status, rolled.text).toBe(200);
    const { res, ms } = await waitFor(old.body.secret, 401, 2_500);
    expect(res.body.error.code).toBe('EXPIRED_API_KEY');
    expect(ms).toBeLessThan(2_500);
    expect((await api(t.url, '/v1/orders', { key: rolled.body.secret })).status).toBe(200);
    const replay = await api(t.url, `/v1/api_keys/${old.body.id}/roll`, { key: acct.key, method: 'POST', headers: { 'idempotency-key': `roll-${old.body.id}` } });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(rolled.body.id);
    expect(replay.body.secret).toBeUndefined();

    const other = await create(acct.key, { name: 'x', permissions: ['orders:read'] });
    for (const body of [{ expires_in_seconds: 7 * 86400 + 1 }, { expires_in_seconds: -1 }, { expires_in_seconds: 'soon' }, { expires_in_seconds: 1.5 }, { permissions: ['*'] }]) {
      expect((await api(t.url, `/v1/api_keys/${other.body.id}/roll`, { key: acct.key, body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('DELETE /v1/api_keys/{id}', () => {
  it('revokes: the key is refused (401) within 2 s; revoking again changes nothing', async () => {
    const k = await create(acct.key, { name: 'doomed', permissions: ['orders:read'] });
    expect((await api(t.url, '/v1/orders', { key: k.body.secret })).status).toBe(200);
    const res = await api(t.url, `/v1/api_keys/${k.body.id}`, { key: acct.key, method: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.revoked_at).toBeGreaterThan(0);
    const { res: refused, ms } = await waitFor(k.body.secret, 401, 2_500);
    expect(refused.body.error.code).toBe('INVALID_API_KEY');
    expect(ms).toBeLessThan(2_500);
    const again = await api(t.url, `/v1/api_keys/${k.body.id}`, { key: acct.key, method: 'DELETE' });
    expect(again.status).toBe(200);
    expect(again.body.revoked_at).toBe(res.body.revoked_at);
    // a revoked key cannot be rolled back to life
    expect((await api(t.url, `/v1/api_keys/${k.body.id}/roll`, { key: acct.key, body: {} })).status).toBe(422);
  });

  it('a key revoked by a CLI-like change elsewhere (another replica) is refused within 2 s', async () => {
    const k = await create(acct.key, { name: 'elsewhere', permissions: ['orders:read'] });
    expect((await api(t.url, '/v1/orders', { key: k.body.secret })).status).toBe(200);
    await t.server.db.prisma.apiKey.update({ where: { id: k.body.id }, data: { revokedAt: new Date() } });
    const { ms } = await waitFor(k.body.secret, 401, 2_500);
    expect(ms).toBeLessThan(2_500);
  });
});

describe('who manages keys', () => {
  it('publishable and svc_ keys are refused (403); a restricted key needs api_keys:read / api_keys:write', async () => {
    const pk = await acct.newKey({ type: 'publishable' });
    for (const [method, path] of [['GET', '/v1/api_keys'], ['POST', '/v1/api_keys']] as const) {
      const res = await api(t.url, path, { key: pk.secret, method, ...(method === 'POST' ? { body: { name: 'x', permissions: ['orders:read'] } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('RESOURCE_ACCESS_DENIED');
    }
    const svc = await acct.newKey({ type: 'svc' });
    expect((await api(t.url, '/v1/api_keys', { key: svc.secret })).status).toBe(403);
    expect((await create(svc.secret, { name: 'x', permissions: ['orders:read'] })).status).toBe(403);

    const noPerm = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect((await api(t.url, '/v1/api_keys', { key: noPerm.secret })).body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    const reader = await acct.newKey({ type: 'restricted', permissions: ['api_keys:read'] });
    expect((await api(t.url, '/v1/api_keys', { key: reader.secret })).status).toBe(200);
    const refused = await create(reader.secret, { name: 'x', permissions: ['api_keys:read'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('a restricted key cannot create or widen a key past its own permissions, nor touch a stronger key', async () => {
    const rk = await acct.newKey({ type: 'restricted', permissions: ['api_keys:write', 'api_keys:read', 'orders:read', 'customers:write'] });
    const ok = await create(rk.secret, { name: 'sub', permissions: ['orders:read', 'customers:create'] });
    expect(ok.status, ok.text).toBe(201);
    expect((await api(t.url, '/v1/customers', { key: ok.body.secret, body: { email: 'a@example.com' } })).status).toBe(201);

    for (const body of [
      { name: 'more', permissions: ['orders:write'] },
      { name: 'more', permissions: ['orders:*'] },
      { name: 'more', permissions: ['*'] },
      { name: 'more', permissions: ['customers:read'] },
      { name: 'more', type: 'secret' },
      { name: 'more', type: 'publishable' }, // every read
    ]) {
      const res = await create(rk.secret, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    const pk = await create(rk.secret, { name: 'pk', type: 'publishable', permissions: ['orders:read'] });
    expect(pk.status).toBe(201);

    // widening its sub key past itself: 403; narrowing: fine
    const widen = await api(t.url, `/v1/api_keys/${ok.body.id}`, { key: rk.secret, method: 'PATCH', body: { permissions: ['orders:read', 'products:read'] } });
    expect(widen.status).toBe(403);
    const narrow = await api(t.url, `/v1/api_keys/${ok.body.id}`, { key: rk.secret, method: 'PATCH', body: { permissions: ['orders:read'] } });
    expect(narrow.status).toBe(200);
    // nor widen itself
    expect((await api(t.url, `/v1/api_keys/${rk.id}`, { key: rk.secret, method: 'PATCH', body: { permissions: ['*'] } })).status).toBe(403);

    // the account's secret key holds more: not rolled (that would hand out a secret key), revoked or changed
    const sk = await acct.newKey();
    for (const [method, path, body] of [
      ['POST', `/v1/api_keys/${sk.id}/roll`, {}], ['DELETE', `/v1/api_keys/${sk.id}`, undefined], ['PATCH', `/v1/api_keys/${sk.id}`, { name: 'mine' }],
    ] as const) {
      const res = await api(t.url, path, { key: rk.secret, method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect((await api(t.url, '/v1/auth/test', { key: sk.secret })).status).toBe(200);
    // its own sub key: rolled and revoked
    expect((await api(t.url, `/v1/api_keys/${ok.body.id}/roll`, { key: rk.secret, body: {} })).status).toBe(200);
    expect((await api(t.url, `/v1/api_keys/${ok.body.id}`, { key: rk.secret, method: 'DELETE' })).status).toBe(200);
  });

  it("a key's expiry and IP ranges bound the keys it makes (by default they inherit them)", async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const { key: row, secret } = await createApiKey(t.server.db.prisma, {
      accountId: acct.accountId, type: 'secret', mode: 'test', expiresAt, allowedIps: ['127.0.0.0/8', '::1/128'],
    });
    const inherited = await create(secret, { name: 'child', permissions: ['orders:read'] });
    expect(inherited.status, inherited.text).toBe(201);
    expect(inherited.body.expires_at).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(inherited.body.allowed_ips).toEqual(['127.0.0.0/8', '::1/128']);
    const narrower = await create(secret, { name: 'child', permissions: ['orders:read'], allowed_ips: ['127.0.0.1'], expires_at: Math.floor(Date.now() / 1000) + 60 });
    expect(narrower.status, narrower.text).toBe(201);
    expect(narrower.body.allowed_ips).toEqual(['127.0.0.1/32']);
    for (const body of [
      { name: 'later', permissions: ['orders:read'], expires_at: Math.floor(Date.now() / 1000) + 7200 },
      { name: 'anywhere', permissions: ['orders:read'], allowed_ips: [] },
      { name: 'elsewhere', permissions: ['orders:read'], allowed_ips: ['10.0.0.0/8'] },
      { name: 'wider', permissions: ['orders:read'], allowed_ips: ['0.0.0.0/0'] },
    ]) {
      const res = await create(secret, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    // nor freed by an update
    expect((await api(t.url, `/v1/api_keys/${inherited.body.id}`, { key: secret, method: 'PATCH', body: { allowed_ips: null } })).status).toBe(403);
    // a roll of itself keeps its expiry on the new key
    const rolled = await api(t.url, `/v1/api_keys/${row.id}/roll`, { key: secret, body: { expires_in_seconds: 60 } });
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body.expires_at).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(rolled.body.allowed_ips).toEqual(['127.0.0.0/8', '::1/128']);
    // a key usable anywhere, rolled by this IP-limited key: the successor inherits the ranges
    const anywhere = await create(acct.key, { name: 'anywhere', permissions: ['orders:read'] });
    const limited = await createApiKey(t.server.db.prisma, { accountId: acct.accountId, type: 'restricted', mode: 'test', permissions: ['api_keys:write', 'orders:read'], allowedIps: ['127.0.0.0/8'] });
    const heir = await api(t.url, `/v1/api_keys/${anywhere.body.id}/roll`, { key: limited.secret, body: {} });
    expect(heir.status, heir.text).toBe(200);
    expect(heir.body.allowed_ips).toEqual(['127.0.0.0/8']);
  });

  it("another account's key is 404 on every route", async () => {
    const other = await t.newAccount();
    const theirs = await create(other.key, { name: 'theirs', permissions: ['orders:read'] });
    const id = theirs.body.id as string;
    const calls = [
      api(t.url, `/v1/api_keys/${id}`, { key: acct.key }),
      api(t.url, `/v1/api_keys/${id}/usage`, { key: acct.key }),
      api(t.url, `/v1/api_keys/${id}`, { key: acct.key, method: 'PATCH', body: { name: 'mine' } }),
      api(t.url, `/v1/api_keys/${id}/roll`, { key: acct.key, body: {} }),
      api(t.url, `/v1/api_keys/${id}`, { key: acct.key, method: 'DELETE' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await api(t.url, '/v1/auth/test', { key: theirs.body.secret })).status).toBe(200);
    expect((await api(t.url, `/v1/api_keys/${id}`, { key: other.key })).body.name).toBe('theirs');
  });
});

describe('the description', () => {
  it('documents the routes, and never a hash', async () => {
    const doc = (await api(t.url, '/openapi.json')).body;
    expect(doc.paths['/v1/api_keys'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    for (const [path, method] of [['/v1/api_keys', 'get'], ['/v1/api_keys/{id}', 'get'], ['/v1/api_keys/{id}', 'patch'], ['/v1/api_keys/{id}', 'delete'], ['/v1/api_keys/{id}/roll', 'post'], ['/v1/api_keys/{id}/usage', 'get']]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/v1/api_keys'])).not.toMatch(/"hash"/);
  });
});
