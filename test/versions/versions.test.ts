// API versions end to end: GET /api/versions, the Api-Version header, the account's pin (first
// request, the key CLI, the admin route), old-version clients of orders on /v1 and the
// self-hosted door, idempotent replays, events and webhooks in an endpoint's version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { root, runKeys } from '../helpers/process.js';
import { signUp } from '../selfhosted/helpers.js';
import { CURRENT_VERSION, SUPPORTED_VERSIONS, VERSIONS } from '../../src/versions/list.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const OLD = '2026-06-01';
const NEW = '2026-11-01';
const RETIRED = '2025-12-01';
const ALPHA = '2026-11-15';
const ADMIN_KEY = 'versions-test-admin-key-7d1c9e0b';
/** an order of the old version's request shape: items name their unit price `price` */
const OLD_TEA_ORDER = { currency: 'usd', items: [{ name: 'Tea', quantity: 2, price: 450 }] };

let t: TestServer;
let rx: Receiver;
let a: TestAccount;

beforeAll(async () => {
  [t, rx] = await Promise.all([startTestServer({ ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_RETRY_SCALE: '0.00003' }, { ownDatabase: true }), startReceiver()]);
  a = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
  await rx?.close();
});

const old = { 'Api-Version': OLD };
const pinOf = async (accountId: string) => (await t.server.db.prisma.account.findUniqueOrThrow({ where: { id: accountId } })).apiVersion;

/** An order as 2026-06-01 shows it. */
function expectOldOrder(order: Record<string, any>) {
  expect(order.object).toBe('order');
  expect(order).toHaveProperty('total');
  for (const k of ['amount', 'on_hold', 'hold_reason', 'held_at', 'delivered_at']) expect(order).not.toHaveProperty(k);
  for (const item of order.items ?? []) {
    expect(item.object).toBe('order_item');
    expect(item).toHaveProperty('price');
    expect(item).not.toHaveProperty('unit_amount');
    expect(item).toHaveProperty('amount'); // the line's total kept its name
  }
}

/** An order as 2026-11-01 shows it. */
function expectNewOrder(order: Record<string, any>) {
  expect(order.object).toBe('order');
  expect(order).not.toHaveProperty('total');
  for (const k of ['amount', 'on_hold', 'hold_reason', 'held_at', 'delivered_at']) expect(order).toHaveProperty(k);
  for (const item of order.items ?? []) {
    expect(item).toHaveProperty('unit_amount');
    expect(item).not.toHaveProperty('price');
  }
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /api/versions', () => {
  it('lists every version with all five fields', async () => {
    const res = await api(t.url, '/api/versions', { key: a.key });
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((v: { version: string }) => v.version)).toEqual(VERSIONS.map((v) => v.version));
    for (const v of res.body) {
      expect(Object.keys(v).sort()).toEqual(['documentation_url', 'end_of_life', 'release_date', 'status', 'version']);
      expect(v.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['alpha', 'beta', 'stable', 'deprecated', 'retired']).toContain(v.status);
      expect(v.documentation_url).toMatch(/^https:\/\//);
      expect(new Date(v.release_date).toISOString()).toBe(v.release_date);
      if (v.end_of_life !== null) expect(new Date(v.end_of_life).toISOString()).toBe(v.end_of_life);
    }
    const by = Object.fromEntries(res.body.map((v: { version: string }) => [v.version, v]));
    expect(by[NEW]).toMatchObject({ status: 'stable', end_of_life: null });
    expect(by[OLD].status).toBe('deprecated');
    expect(by[OLD].end_of_life).not.toBeNull();
    expect(by[RETIRED].status).toBe('retired');
    // a preview: newer than the stable one, never anyone's default
    expect(by[ALPHA]).toMatchObject({ status: 'alpha', end_of_life: null });
    expect(res.body[0].version).toBe(ALPHA);
  });

  it('needs Authorization: 401 in the error envelope without it or with a bad key', async () => {
    const none = await api(t.url, '/api/versions');
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 'MISSING_AUTH_HEADER', type: 'authentication_error', status: 401 });
    expect(none.headers.get('api-version')).toBe(NEW);
    const bad = await api(t.url, '/api/versions', { key: 'sk_test_' + '0'.repeat(32) });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('INVALID_API_KEY');
  });

  it('answers any kind of key (publishable too)', async () => {
    const pk = await a.newKey({ type: 'publishable' });
    expect((await api(t.url, '/api/versions', { key: pk.secret })).status).toBe(200);
  });
});

describe('the Api-Version header', () => {
  it('selects the version of the answer, and every answer says its version', async () => {
    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('api-version')).toBe(NEW);
    expectNewOrder(created.body);

    const asOld = await api(t.url, `/v1/orders/${created.body.id}`, { key: a.key, headers: old });
    expect(asOld.status).toBe(200);
    expect(asOld.headers.get('api-version')).toBe(OLD);
    expectOldOrder(asOld.body);
    expect(asOld.body.total).toBe(900);
    expect(asOld.body.items[0].price).toBe(450);

    const asNew = await api(t.url, `/v1/orders/${created.body.id}`, { key: a.key, headers: { 'Api-Version': NEW } });
    expect(asNew.headers.get('api-version')).toBe(NEW);
    expectNewOrder(asNew.body);
    expect(asNew.body.amount).toBe(900);
  });

  it('is on every answer: lists, errors, unknown routes, health, the error catalogue', async () => {
    const answers = await Promise.all([
      api(t.url, '/v1/orders', { key: a.key, headers: old }),
      api(t.url, '/v1/orders/ord_doesnotexist', { key: a.key, headers: old }),
      api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd' }, headers: old }),
      api(t.url, '/v1/nothing-here', { headers: old }),
      api(t.url, '/v1/orders'),
      api(t.url, '/health'),
      api(t.url, '/v1/errors', { headers: old }),
      api(t.url, '/v1/auth/test', { key: a.key }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 400, 404, 401, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get('api-version'))).toEqual([OLD, OLD, OLD, OLD, NEW, NEW, OLD, NEW]);
  });

  it('errors are not transformed', async () => {
    const res = await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd' }, headers: old });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MISSING_REQUIRED_FIELD');
    expect(res.body.error.details.errors[0].field).toBe('items');
  });

  it('an unknown or retired version is a 400 naming the supported ones, before any work', async () => {
    const before = await t.server.db.prisma.order.count({ where: { accountId: a.accountId } });
    for (const [value, retired] of [['2020-01-01', false], [RETIRED, true], ['latest', false], ['2026-11-01, 2026-06-01', false]] as const) {
      const res = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER, headers: { 'Api-Version': value } });
      expect(res.status, value).toBe(400);
      expect(res.headers.get('api-version')).toBe(NEW);
      expect(res.body.error).toMatchObject({ code: 'INVALID_FIELD_VALUE', type: 'validation_error', param: 'Api-Version' });
      expect(res.body.error.details.supported_versions).toEqual([...SUPPORTED_VERSIONS]);
      // not charged to the account either: the rate limit did not run (it writes its headers when it does)
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      for (const v of SUPPORTED_VERSIONS) expect(res.body.error.message).toContain(v);
      if (retired) {
        expect(res.body.error.details.retired).toBe(true);
        expect(res.body.error.message).toMatch(/retired/);
      }
    }
    // checked before authentication too
    const anonymous = await api(t.url, '/v1/orders', { headers: { 'Api-Version': '1999-01-01' } });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.error.param).toBe('Api-Version');
    expect(await t.server.db.prisma.order.count({ where: { accountId: a.accountId } })).toBe(before);
  });

  it('GraphQL is versionless: no Api-Version, and the header is ignored there', async () => {
    const res = await gql(t.url, a.key, '{ orders(limit: 1) { id amount onHold } }', undefined, { 'Api-Version': '1999-01-01' });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.headers.get('api-version')).toBeNull();
  });
});

describe('the account pin', () => {
  it("pins a new account on its first request to the newest stable version, whatever that request's header", async () => {
    const b = await t.newAccount();
    expect(await pinOf(b.accountId)).toBeNull();
    const first = await api(t.url, '/v1/orders', { key: b.key, body: OLD_TEA_ORDER, headers: old });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('api-version')).toBe(OLD);
    expectOldOrder(first.body);
    expect(await pinOf(b.accountId)).toBe(NEW);
    // without a header: the pin
    const later = await api(t.url, `/v1/orders/${first.body.id}`, { key: b.key });
    expect(later.headers.get('api-version')).toBe(NEW);
    expectNewOrder(later.body);
  });

  it('pins on a first request that fails too, once, under concurrency', async () => {
    const c = await t.newAccount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(t.url, '/v1/orders/ord_nope', { key: c.key })));
    expect(answers.every((r) => r.status === 404 && r.headers.get('api-version') === NEW)).toBe(true);
    expect(await pinOf(c.accountId)).toBe(NEW);
  });

  it('the admin route changes the pin (401 without x-admin-key); keys see it within 2 s', async () => {
    const d = await t.newAccount();
    const order = await api(t.url, '/v1/orders', { key: d.key, body: TEA_ORDER });
    expect(await pinOf(d.accountId)).toBe(NEW);

    const path = `/admin/accounts/${d.accountId}/version`;
    const none = await api(t.url, path, { body: { version: OLD } });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('MISSING_API_KEY');
    const wrong = await api(t.url, path, { body: { version: OLD }, headers: { 'x-admin-key': 'not-the-admin-key-at-all' } });
    expect(wrong.status).toBe(401);
    // an account key is not the admin key
    expect((await api(t.url, path, { key: d.key, body: { version: OLD } })).status).toBe(401);

    const admin = { 'x-admin-key': ADMIN_KEY };
    const retired = await api(t.url, path, { body: { version: RETIRED }, headers: admin });
    expect(retired.status).toBe(400);
    expect(retired.body.error).toMatchObject({ code: 'INVALID_FIELD_VALUE', param: 'version' });
    expect(retired.body.error.details.supported_versions).toEqual([...SUPPORTED_VERSIONS]);
    expect((await api(t.url, path, { body: {}, headers: admin })).body.error.code).toBe('MISSING_REQUIRED_FIELD');
    expect((await api(t.url, '/admin/accounts/acct_nobody/version', { body: { version: OLD }, headers: admin })).status).toBe(404);

    const pinned = await api(t.url, path, { body: { version: OLD }, headers: admin });
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body).toMatchObject({ id: d.accountId, object: 'account', api_version: OLD, previous_api_version: NEW });
    expect(await pinOf(d.accountId)).toBe(OLD);

    const seen = await until(() => api(t.url, `/v1/orders/${order.body.id}`, { key: d.key }), (r) => r.headers.get('api-version') === OLD, 3000);
    expect(seen.headers.get('api-version')).toBe(OLD);
    expectOldOrder(seen.body);
    // a header still wins over the pin
    const asNew = await api(t.url, `/v1/orders/${order.body.id}`, { key: d.key, headers: { 'Api-Version': NEW } });
    expectNewOrder(asNew.body);

    // by name too
    const name = (await t.server.db.prisma.account.findUniqueOrThrow({ where: { id: d.accountId } })).name;
    const back = await api(t.url, `/admin/accounts/${encodeURIComponent(name)}/version`, { body: { version: NEW }, headers: admin });
    expect(back.body).toMatchObject({ api_version: NEW, previous_api_version: OLD });
  });

  it('the key CLI pins an account (`version pin`), refuses unsupported versions, and keys see it within 2 s', async () => {
    const e = await t.newAccount();
    const order = await api(t.url, '/v1/orders', { key: e.key, body: TEA_ORDER });
    expectNewOrder(order.body);
    const name = (await t.server.db.prisma.account.findUniqueOrThrow({ where: { id: e.accountId } })).name;
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: t.server.config.DATABASE_URL };

    const bad = await runKeys(['version', 'pin', '--account', name, RETIRED], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/retired/);
    for (const v of SUPPORTED_VERSIONS) expect(bad.stderr).toContain(v);
    expect((await runKeys(['version', 'pin', '--account', 'no-such-account-here', OLD], env)).code).toBe(2);
    expect((await runKeys(['version', 'pin', OLD], env)).code).toBe(2);

    const res = await runKeys(['version', 'pin', '--account', name, OLD], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${OLD}\n`);
    expect(await pinOf(e.accountId)).toBe(OLD);
    const shown = await runKeys(['version', 'show', '--account', name], env);
    expect(shown.stdout).toBe(`${OLD}\n`);

    const seen = await until(() => api(t.url, `/v1/orders/${order.body.id}`, { key: e.key }), (r) => r.headers.get('api-version') === OLD, 3000);
    expect(seen.headers.get('api-version')).toBe(OLD);
    expectOldOrder(seen.body);
  }, 180_000);
});

describe('an old-version client of orders', () => {
  let f: TestAccount;
  beforeAll(async () => {
    f = await t.newAccount();
  });

  it('creates orders with the old request shape and reads the old shape back', async () => {
    const res = await api(t.url, '/v1/orders', { key: f.key, body: { ...OLD_TEA_ORDER, metadata: { object: 'order', amount: 'mine' } }, headers: old });
    expect(res.status, res.text).toBe(201);
    expectOldOrder(res.body);
    expect(res.body.total).toBe(900);
    expect(res.body.items).toEqual([expect.objectContaining({ object: 'order_item', name: 'Tea', quantity: 2, price: 450, amount: 900 })]);
    // the client's own data is never rewritten, whatever it looks like
    expect(res.body.metadata).toEqual({ object: 'order', amount: 'mine' });
    // the /create alias, and the new name sent by an old client, are taken too
    const alias = await api(t.url, '/v1/orders/create', { key: f.key, body: { currency: 'usd', items: [{ name: 'Jam', quantity: 1, unit_amount: 300 }] }, headers: old });
    expect(alias.status, alias.text).toBe(201);
    expect(alias.body.total).toBe(300);
    // stored as the current version has it
    const row = await t.server.db.prisma.order.findUniqueOrThrow({ where: { id: res.body.id }, include: { items: true } });
    expect(row.amount).toBe(900);
    expect(row.items[0].unitAmount).toBe(450);
  });

  it('a new-version client sending the old shape is refused', async () => {
    const res = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: { 'Api-Version': NEW } });
    expect(res.status).toBe(400);
  });

  it('lists in the old shape, each item of data, and filters, sorts and picks fields by the old names', async () => {
    await api(t.url, '/v1/orders', { key: f.key, body: { currency: 'usd', items: [{ name: 'Cake', quantity: 1, price: 5000 }] }, headers: old });
    const list = await api(t.url, '/v1/orders?limit=100', { key: f.key, headers: old });
    expect(list.status).toBe(200);
    expect(list.body.object).toBe('list');
    expect(list.body.data.length).toBeGreaterThanOrEqual(3);
    for (const o of list.body.data) expectOldOrder(o);
    expect(list.body.meta.request_id).toMatch(/^req_/);

    const sorted = await api(t.url, '/v1/orders/list?sort=-total&total_gte=300&fields=total,status', { key: f.key, headers: old });
    expect(sorted.status, sorted.text).toBe(200);
    const totals = sorted.body.data.map((o: { total: number }) => o.total);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    expect(totals.every((n: number) => n >= 300)).toBe(true);
    expect(Object.keys(sorted.body.data[0]).sort()).toEqual(['id', 'object', 'status', 'total']);
    const bracket = await api(t.url, '/v1/orders?total[lt]=1000&items.price_eq=450', { key: f.key, headers: old });
    expect(bracket.status, bracket.text).toBe(200);
    expect(bracket.body.data.map((o: { total: number }) => o.total)).toEqual([900]);
  });

  it('expanded orders are in the old shape too', async () => {
    const order = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: old });
    const pay = await api(t.url, '/v1/payments', { key: f.key, body: { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: order.body.id } });
    expect(pay.status, pay.text).toBe(201);
    const expanded = await api(t.url, `/v1/payments/${pay.body.id}?expand[]=order`, { key: f.key, headers: old });
    expect(expanded.status, expanded.text).toBe(200);
    expect(expanded.body.amount).toBe(900); // a payment's amount is not an order's
    expectOldOrder(expanded.body.order);
    expect(expanded.body.order.status).toBe('paid');
    const asNew = await api(t.url, `/v1/payments/${pay.body.id}?expand[]=order`, { key: f.key });
    expectNewOrder(asNew.body.order);
  });

  it('an idempotent replay answers in the version of the replaying request', async () => {
    const key = `ver-${Date.now()}`;
    const first = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: { ...old, 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expectOldOrder(first.body);
    // the same request in the new shape is the same request
    const asNew = await api(t.url, '/v1/orders', { key: f.key, body: TEA_ORDER, headers: { 'Api-Version': NEW, 'Idempotency-Key': key } });
    expect(asNew.status).toBe(201);
    expect(asNew.headers.get('idempotent-replayed')).toBe('true');
    expect(asNew.body.id).toBe(first.body.id);
    expectNewOrder(asNew.body);
    const asOld = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: { ...old, 'Idempotency-Key': key } });
    expect(asOld.headers.get('idempotent-replayed')).toBe('true');
    expect(asOld.body).toEqual(first.body);
  });

  it('actions and updates answer in the old shape', async () => {
    const order = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: old });
    const held = await api(t.url, `/v1/orders/${order.body.id}/hold`, { key: f.key, body: { reason: 'check' }, headers: old });
    expect(held.status, held.text).toBe(200);
    expectOldOrder(held.body);
    const updated = await api(t.url, `/v1/orders/${order.body.id}`, { method: 'PATCH', key: f.key, body: { metadata: { a: 'b' } }, headers: old });
    expectOldOrder(updated.body);
  });

  it('the self-hosted /orders routes speak the old version too', async () => {
    const created = await api(t.url, '/orders', { key: f.key, body: OLD_TEA_ORDER, headers: old });
    expect(created.status, created.text).toBe(201);
    expectOldOrder(created.body);
    expect(created.headers.get('api-version')).toBe(OLD);
    const one = await api(t.url, `/orders/${created.body.id}`, { key: f.key, headers: old });
    expectOldOrder(one.body);
    const list = await api(t.url, '/orders?sort=total', { key: f.key, headers: old });
    expect(list.status, list.text).toBe(200);
    for (const o of list.body.data) expectOldOrder(o);
    const current = await api(t.url, `/orders/${created.body.id}`, { key: f.key, headers: { 'Api-Version': NEW } });
    expectNewOrder(current.body);
  });

  it("a signed-in user's access token: its account is pinned on its first request, and follows the pin", async () => {
    const user = await signUp(t.url);
    const accountId = user.user.account;
    expect(await pinOf(accountId)).toBeNull();
    const created = await api(t.url, '/orders', { key: user.access_token, body: OLD_TEA_ORDER, headers: old });
    expect(created.status, created.text).toBe(201);
    expectOldOrder(created.body);
    expect(await pinOf(accountId)).toBe(NEW);
    expectNewOrder((await api(t.url, `/orders/${created.body.id}`, { key: user.access_token })).body);
    const admin = await api(t.url, `/admin/accounts/${accountId}/version`, { body: { version: OLD }, headers: { 'x-admin-key': ADMIN_KEY } });
    expect(admin.status).toBe(200);
    const seen = await until(() => api(t.url, `/orders/${created.body.id}`, { key: user.access_token }), (r) => r.headers.get('api-version') === OLD, 3000);
    expectOldOrder(seen.body);
  });

  it('events read through /v1/events are rendered in the old version, api_version included', async () => {
    const order = await api(t.url, '/v1/orders', { key: f.key, body: OLD_TEA_ORDER, headers: old });
    const events = await api(t.url, '/v1/events?type=order.created&limit=100', { key: f.key, headers: old });
    const event = events.body.data.find((e: { data: { object: { id: string } } }) => e.data.object.id === order.body.id);
    expect(event.api_version).toBe(OLD);
    expectOldOrder(event.data.object);
    const one = await api(t.url, `/v1/events/${event.id}`, { key: f.key });
    expect(one.body.api_version).toBe(NEW);
    expectNewOrder(one.body.data.object);
  });
});

describe('the alpha preview (2026-11-15) on /v1 and the self-hosted door', () => {
  let p: TestAccount;
  const alpha = { 'Api-Version': ALPHA };
  beforeAll(async () => {
    p = await t.newAccount();
  });

  function expectAlphaOrder(order: Record<string, any>, total: number) {
    expect(order.object).toBe('order');
    expect(order).not.toHaveProperty('amount');
    expect(order).toMatchObject({ amount_subtotal: total, amount_shipping: 0, amount_tax: 0, amount_total: total });
    for (const k of ['on_hold', 'hold_reason', 'held_at', 'delivered_at']) expect(order).toHaveProperty(k);
    for (const item of order.items ?? []) expect(item).toHaveProperty('unit_amount');
  }

  it('only when asked: an account is never pinned to it by default; answers say Api-Version 2026-11-15', async () => {
    const created = await api(t.url, '/v1/orders', { key: p.key, body: TEA_ORDER, headers: alpha });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('api-version')).toBe(ALPHA);
    expectAlphaOrder(created.body, 900);
    expect(await pinOf(p.accountId)).toBe(NEW);
    const plain = await api(t.url, `/v1/orders/${created.body.id}`, { key: p.key });
    expect(plain.headers.get('api-version')).toBe(NEW);
    expectNewOrder(plain.body);
    expect(plain.body).toMatchObject({ amount: 900, amount_total: null });
    // GraphQL stays versionless
    const g = await gql(t.url, p.key, `{ order(id: "${created.body.id}") { id amount } }`);
    expect(g.body.data?.order?.amount ?? g.body.errors, g.text).toBe(900);
  });

  it('lists filter, sort and pick fields by amount_total; events and actions answer in it', async () => {
    for (const n of [1, 3]) await api(t.url, '/v1/orders', { key: p.key, body: { currency: 'usd', items: [{ name: 'Jam', quantity: n, unit_amount: 400 }] } });
    const sorted = await api(t.url, '/v1/orders/list?sort=-amount_total&amount_total_gte=800&fields=amount_total,status', { key: p.key, headers: alpha });
    expect(sorted.status, sorted.text).toBe(200);
    const totals = sorted.body.data.map((o: { amount_total: number }) => o.amount_total);
    expect(totals).toEqual([1200, 900]);
    expect(Object.keys(sorted.body.data[0]).sort()).toEqual(['amount_total', 'id', 'object', 'status']);
    const list = await api(t.url, '/v1/orders?limit=100', { key: p.key, headers: alpha });
    for (const o of list.body.data) expectAlphaOrder(o, o.amount_total);
    const order = list.body.data[0];
    const held = await api(t.url, `/v1/orders/${order.id}/hold`, { key: p.key, body: {}, headers: alpha });
    expect(held.status, held.text).toBe(200);
    expectAlphaOrder(held.body, order.amount_total);
    const events = await api(t.url, '/v1/events?type=order.created&limit=100', { key: p.key, headers: alpha });
    expect(events.body.data.length).toBeGreaterThanOrEqual(3);
    for (const e of events.body.data) {
      expect(e.api_version).toBe(ALPHA);
      expectAlphaOrder(e.data.object, e.data.object.amount_total);
    }
    // the self-hosted door reads orders in it too
    const selfHosted = await api(t.url, `/orders/${order.id}`, { key: p.key, headers: alpha });
    expect(selfHosted.status, selfHosted.text).toBe(200);
    expectAlphaOrder(selfHosted.body, order.amount_total);
  });

  it('an account or an endpoint pinned to it explicitly gets it', async () => {
    const q = await t.newAccount();
    const res = await api(t.url, `/admin/accounts/${q.accountId}/version`, { body: { version: ALPHA }, headers: { 'x-admin-key': ADMIN_KEY } });
    expect(res.status, res.text).toBe(200);
    const stamp = Date.now();
    const hook = await api(t.url, '/v1/webhooks', { key: q.key, body: { url: `${rx.url}/alpha-${stamp}`, events: ['order.*'] } });
    expect(hook.status, hook.text).toBe(201);
    const created = await until(() => api(t.url, '/v1/orders', { key: q.key, body: TEA_ORDER }), (r) => r.headers.get('api-version') === ALPHA);
    expect(created.status, created.text).toBe(201);
    expectAlphaOrder(created.body, 900);
    const delivered = () => rx.at(`/alpha-${stamp}`).map((r) => r.json).find((e) => e.type === 'order.created' && e.data.object.id === created.body.id);
    await rx.waitFor(() => Boolean(delivered()), 20_000, 'the alpha order event');
    expect(delivered().api_version).toBe(ALPHA);
    expectAlphaOrder(delivered().data.object, 900);
  });
});

describe('webhook endpoints pinned to a version', () => {
  let g: TestAccount;
  beforeAll(async () => {
    g = await t.newAccount();
  });

  it('take api_version on create and update, and refuse unsupported ones naming the supported', async () => {
    const bad = await api(t.url, '/v1/webhooks', { key: g.key, body: { url: `${rx.url}/nope`, events: ['*'], api_version: RETIRED } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_FIELD_VALUE', param: 'api_version' });
    expect(bad.body.error.details.supported_versions).toEqual([...SUPPORTED_VERSIONS]);
    const made = await api(t.url, '/v1/webhooks', { key: g.key, body: { url: 'https://127.0.0.1:9/x', events: ['customer.created'], api_version: OLD } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.api_version).toBe(OLD);
    const cleared = await api(t.url, `/v1/webhooks/${made.body.id}`, { method: 'PATCH', key: g.key, body: { api_version: null } });
    expect(cleared.body.api_version).toBeNull();
    const set = await api(t.url, `/v1/webhooks/${made.body.id}`, { method: 'PATCH', key: g.key, body: { api_version: NEW } });
    expect(set.body.api_version).toBe(NEW);
    expect((await api(t.url, `/v1/webhooks/${made.body.id}`, { method: 'PATCH', key: g.key, body: { api_version: 'soon' } })).status).toBe(400);
  });

  it("an endpoint pinned to the old version receives old-shaped events; the others the current shape", async () => {
    const mk = async (path: string, extra: Record<string, unknown>) => {
      const res = await api(t.url, '/v1/webhooks', { key: g.key, body: { url: `${rx.url}${path}`, events: ['order.*'], ...extra } });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const stamp = Date.now();
    await mk(`/old-${stamp}`, { api_version: OLD });
    await mk(`/new-${stamp}`, { api_version: NEW });
    await mk(`/account-${stamp}`, {}); // the account's pin: the newest stable here
    const order = await api(t.url, '/v1/orders', { key: g.key, body: TEA_ORDER });
    expect(order.status).toBe(201);
    await api(t.url, `/v1/orders/${order.body.id}`, { method: 'PATCH', key: g.key, body: { metadata: { note: 'x' } } });
    const created = (path: string) => rx.at(path).map((r) => r.json).find((e) => e.type === 'order.created' && e.data.object.id === order.body.id);
    const updated = (path: string) => rx.at(path).map((r) => r.json).find((e) => e.type === 'order.updated' && e.data.object.id === order.body.id);
    await rx.waitFor(() => [`/old-${stamp}`, `/new-${stamp}`, `/account-${stamp}`].every((p) => created(p) && updated(p)), 20_000, 'the order events');

    const oldEvent = created(`/old-${stamp}`);
    expect(oldEvent.api_version).toBe(OLD);
    expectOldOrder(oldEvent.data.object);
    expect(oldEvent.data.object.total).toBe(900);
    const newEvent = created(`/new-${stamp}`);
    expect(newEvent.api_version).toBe(NEW);
    expectNewOrder(newEvent.data.object);
    expect(newEvent.id).toBe(oldEvent.id);
    expect(created(`/account-${stamp}`).api_version).toBe(NEW);
    // previous_attributes in the endpoint's version as well
    expectOldOrder(updated(`/old-${stamp}`).data.object);
    expect(updated(`/old-${stamp}`).data.previous_attributes).toEqual({ metadata: {} });
    // the signature covers the body as sent (the receiver got valid JSON of the old shape)
    expect(rx.at(`/old-${stamp}`)[0].headers['webhook-signature']).toBeTruthy();
  });

  it("an endpoint without a version follows its account's pin", async () => {
    const h = await t.newAccount();
    await api(t.url, '/v1/auth/test', { key: h.key });
    const admin = await api(t.url, `/admin/accounts/${h.accountId}/version`, { body: { version: OLD }, headers: { 'x-admin-key': ADMIN_KEY } });
    expect(admin.status).toBe(200);
    const path = `/follow-${Date.now()}`;
    const ep = await api(t.url, '/v1/webhooks', { key: h.key, body: { url: `${rx.url}${path}`, events: ['order.created'] }, headers: { 'Api-Version': NEW } });
    expect(ep.status).toBe(201);
    expect(ep.body.api_version).toBeNull();
    await api(t.url, '/v1/orders', { key: h.key, body: TEA_ORDER, headers: { 'Api-Version': NEW } });
    const [got] = await rx.waitFor((r) => r.some((x) => x.path === path), 20_000).then((r) => r.filter((x) => x.path === path));
    expect(got.json.api_version).toBe(OLD);
    expectOldOrder(got.json.data.object);
  });

  it('/test sends a sample event in the endpoint version', async () => {
    const path = `/sample-${Date.now()}`;
    const ep = await api(t.url, '/v1/webhooks', { key: g.key, body: { url: `${rx.url}${path}`, events: ['order.*'], api_version: OLD } });
    const res = await api(t.url, `/v1/webhooks/${ep.body.id}/test`, { key: g.key, body: { event_type: 'order.created' } });
    expect(res.status, res.text).toBe(200);
    const got = rx.at(path)[0].json;
    expect(got.api_version).toBe(OLD);
    expect(got.data.object.total).toBe(900);
    expect(got.data.object.items[0].price).toBe(450);
  });
});

describe('documentation', () => {
  it('the changelog has an entry for every version, and README a Versions section', () => {
    const changelog = readFileSync(join(root, 'docs', 'changelog.md'), 'utf8');
    for (const v of VERSIONS) expect(changelog).toContain(`## ${v.version}`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^## Versions$/m);
    expect(CURRENT_VERSION).toBe(NEW);
  });
});
