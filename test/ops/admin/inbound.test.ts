// Inbound provider callbacks (src/ops/inbound.ts): POST /v1/inbound/{provider}, signed with the
// provider's secret, resolved to an account through the bounded hint cache, applied through
// the orders and payments modules' own operations; and their diagnostics routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../../helpers/server.js';

const ADMIN = 'inbound-admin-key-0123456789abcdef';
const admin = { 'x-admin-key': ADMIN };
const CARRIER = 'carrier-secret-for-tests-0123456789';
const PROCESSOR = 'processor-secret-for-tests-0123456789';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  t = await startTestServer({
    ADMIN_API_KEY: ADMIN, INBOUND_CARRIER_SECRET: CARRIER, INBOUND_PROCESSOR_SECRET: PROCESSOR,
    INBOUND_HINT_CACHE_MAX: '3', INBOUND_HINT_CACHE_TTL_SECS: '600',
    WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false', PAYMENT_PROCESSING_DELAY_MS: '3600000',
  });
  [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
});
afterAll(async () => { await t?.stop(); });

const usedTimestamps = new Set<number>();
/** A timestamp within the tolerance that no callback of this file used yet. */
function freshTimestamp(): number {
  const now = Math.floor(Date.now() / 1000);
  for (let ts = now; ts > now - 250; ts--) {
    if (!usedTimestamps.has(ts)) {
      usedTimestamps.add(ts);
      return ts;
    }
  }
  throw new Error('no fresh timestamp left');
}
/**
 * A callback signed as the provider signs it: HMAC-SHA256 of "<timestamp>.<raw body>". Each
 * one with its own timestamp (within the 300 s tolerance): a signature is accepted once, and a
 * repeated callback is signed afresh, as a provider's retry is.
 */
function signed(provider: string, body: unknown, opts: { secret?: string; timestamp?: number; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const ts = String(opts.timestamp ?? freshTimestamp());
  const sig = createHmac('sha256', opts.secret ?? (provider === 'processor' ? PROCESSOR : CARRIER)).update(`${ts}.${raw}`).digest('hex');
  return api(t.url, `/v1/inbound/${provider}`, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': sig } });
}
const diagnostics = async () => (await api(t.url, '/admin/telephony/webhook-diagnostics', { headers: admin })).body;

async function shippedOrder(acct: TestAccount, tracking: string) {
  const order = await api(t.url, '/v1/orders', { key: acct.key, body: TEA_ORDER });
  expect(order.status).toBe(201);
  const shipped = await api(t.url, `/v1/orders/${order.body.id}/fulfill`, { key: acct.key, body: { shipping_carrier: 'ups', tracking_number: tracking } });
  expect(shipped.body.status).toBe('shipped');
  return order.body.id as string;
}
const tracking = () => `1Z${randomBytes(8).toString('hex').toUpperCase()}`;

describe('authentication', () => {
  it('refuses unsigned, wrongly signed, stale and replayed callbacks with 401 in the envelope', async () => {
    const before = await diagnostics();
    const body = { tracking_number: 'X', status: 'delivered' };
    const none = await api(t.url, '/v1/inbound/carrier', { body });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 'MISSING_SIGNATURE', type: 'authentication_error', param: 'X-Signature' });
    const wrong = await signed('carrier', body, { secret: PROCESSOR });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_SIGNATURE');
    const stale = await signed('carrier', body, { timestamp: Math.floor(Date.now() / 1000) - 1000 });
    expect(stale.status).toBe(401);
    expect(stale.body.error.details.tolerance_seconds).toBe(300);
    const malformed = await api(t.url, '/v1/inbound/carrier', { body, headers: { 'x-timestamp': 'soon', 'x-signature': 'zz' } });
    expect(malformed.status).toBe(401);
    // a valid signature is accepted once
    const ts = Math.floor(Date.now() / 1000);
    const first = await signed('carrier', { tracking_number: 'NOPE-1', status: 'delivered' }, { timestamp: ts });
    expect(first.status).toBe(404);
    const replay = await signed('carrier', { tracking_number: 'NOPE-1', status: 'delivered' }, { timestamp: ts });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toMatch(/already used/);
    for (const r of [none, wrong, stale, malformed, replay]) expect(r.text).not.toContain(CARRIER);
    const after = await diagnostics();
    expect(after.counters.received - before.counters.received).toBe(6);
    expect(after.counters.unauthorized - before.counters.unauthorized).toBe(5);
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await signed('fax', { status: 'delivered' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', details: { providers: ['carrier', 'processor'] } });
  });
});

describe('bad input', () => {
  it('is a 400 naming each fault, never a 500', async () => {
    const cases: [string, unknown, string][] = [
      ['carrier', [1, 2], 'body'],
      ['carrier', { status: 'delivered' }, 'tracking_number'],
      ['carrier', { tracking_number: 'T', status: 'lost' }, 'status'],
      ['carrier', { tracking_number: 'T' }, 'status'],
      ['carrier', { tracking_number: 'T', order_id: 'ord_0123456789', status: 'delivered' }, 'order_id'],
      ['carrier', { order_id: 'pay_0123456789', status: 'delivered' }, 'order_id'],
      ['carrier', { tracking_number: '', status: 'delivered' }, 'tracking_number'],
      ['carrier', { tracking_number: 'T'.repeat(129), status: 'delivered' }, 'tracking_number'],
      ['carrier', { tracking_number: 'T\u0000', status: 'delivered' }, 'tracking_number'],
      ['carrier', { tracking_number: 7, status: 'delivered' }, 'tracking_number'],
      ['carrier', { tracking_number: 'T', status: 'delivered', extra: true }, 'extra'],
      ['processor', { payment_id: 'pay_0123456789', status: 'failed' }, 'status'],
      ['processor', { status: 'succeeded' }, 'payment_id'],
      ['processor', { payment_id: 'ord_0123456789', status: 'succeeded' }, 'payment_id'],
    ];
    for (const [provider, body, field] of cases) {
      const res = await signed(provider, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.type).toBe('validation_error');
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field), JSON.stringify(body)).toContain(field);
    }
    const empty = await signed('carrier', undefined, { raw: '' });
    expect(empty.status).toBe(400);
    const notJson = await signed('carrier', undefined, { raw: '{"status": ' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('INVALID_JSON');
    const text = await api(t.url, '/v1/inbound/carrier', { rawBody: 'status=delivered', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });
});

describe('carrier', () => {
  it('moves a shipped order to delivered by tracking number, with its events; repeats are unchanged and hit the hint cache', async () => {
    const tn = tracking();
    const id = await shippedOrder(a, tn);
    const before = await diagnostics();
    const transit = await signed('carrier', { tracking_number: tn, status: 'in_transit', event_id: 'evt_carrier_1' });
    expect(transit.status).toBe(200);
    expect(transit.body).toMatchObject({ object: 'inbound_callback', provider: 'carrier', status: 'in_transit', event_id: 'evt_carrier_1', changed: false, results: [{ object: 'order', id, status: 'shipped', changed: false }] });
    const delivered = await signed('carrier', { tracking_number: tn, status: 'delivered' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ changed: true, results: [{ id, status: 'delivered', changed: true }] });
    const order = await api(t.url, `/v1/orders/${id}`, { key: a.key });
    expect(order.body.status).toBe('delivered');
    const events = await api(t.url, `/v1/events?limit=10`, { key: a.key });
    expect(events.body.data.map((e: { type: string }) => e.type)).toContain('order.delivered');
    const again = await signed('carrier', { tracking_number: tn, status: 'delivered' });
    expect(again.body).toMatchObject({ changed: false, results: [{ id, status: 'delivered', changed: false }] });
    const after = await diagnostics();
    expect(after.counters.received - before.counters.received).toBe(3);
    expect(after.counters.resolved - before.counters.resolved).toBe(3);
    expect(after.counters.applied - before.counters.applied).toBe(1);
    expect(after.counters.unchanged - before.counters.unchanged).toBe(2);
    expect(after.counters.cache_misses - before.counters.cache_misses).toBe(1);
    expect(after.counters.cache_hits - before.counters.cache_hits).toBe(2);
  });

  it('delivers an order never marked shipped (through shipped) by order id', async () => {
    const order = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    const res = await signed('carrier', { order_id: order.body.id, status: 'delivered' });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ object: 'order', id: order.body.id, status: 'delivered', changed: true }]);
  });

  it('refuses what it cannot resolve or apply: unknown hints 404, a tracking number of two accounts 409, a cancelled order 422', async () => {
    const before = await diagnostics();
    const unknown = await signed('carrier', { tracking_number: 'NO-SUCH-PARCEL', status: 'delivered' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('RESOURCE_NOT_FOUND');
    const noOrder = await signed('carrier', { order_id: 'ord_0000000000nothing', status: 'delivered' });
    expect(noOrder.status).toBe(404);
    const shared = tracking();
    await shippedOrder(a, shared);
    await shippedOrder(b, shared);
    const ambiguous = await signed('carrier', { tracking_number: shared, status: 'delivered' });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error.message).toMatch(/order_id/);
    const order = await api(t.url, '/v1/orders', { key: b.key, body: TEA_ORDER });
    await api(t.url, `/v1/orders/${order.body.id}/cancel`, { key: b.key, method: 'POST' });
    const cancelled = await signed('carrier', { order_id: order.body.id, status: 'delivered' });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.error).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { current_status: 'cancelled' } });
    const after = await diagnostics();
    expect(after.counters.unresolved - before.counters.unresolved).toBe(3);
    expect(after.counters.failed - before.counters.failed).toBe(1);
  });
});

describe('processor', () => {
  it('settles a pending payment now, and its order becomes paid', async () => {
    const order = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    const payment = await api(t.url, '/v1/payments', { key: a.key, body: { amount: order.body.amount, currency: 'usd', payment_method: 'pm_card_processing', order: order.body.id } });
    expect(payment.status).toBe(201);
    expect(payment.body.status).toBe('pending');
    const res = await signed('processor', { payment_id: payment.body.id, status: 'succeeded' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'processor', changed: true, results: [{ object: 'payment', id: payment.body.id, status: 'succeeded', changed: true }] });
    expect((await api(t.url, `/v1/payments/${payment.body.id}`, { key: a.key })).body.status).toBe('succeeded');
    expect((await api(t.url, `/v1/orders/${order.body.id}`, { key: a.key })).body.status).toBe('paid');
    const again = await signed('processor', { payment_id: payment.body.id, status: 'succeeded' });
    expect(again.body).toMatchObject({ changed: false });
    const missing = await signed('processor', { payment_id: 'pay_0000000000nothing', status: 'succeeded' });
    expect(missing.status).toBe(404);
  });
});

describe('diagnostics', () => {
  it('reports the hint cache, counters and rates; clears the cache and resets the counters; needs x-admin-key', async () => {
    const d = await diagnostics();
    expect(d).toMatchObject({
      object: 'inbound_callback_diagnostics',
      providers: { carrier: { enabled: true }, processor: { enabled: true } },
      hint_cache: { max_entries: 3, ttl_secs: 600 },
    });
    expect(d.hint_cache.size).toBeGreaterThan(0);
    expect(d.hint_cache.size).toBeLessThanOrEqual(3);
    expect(d.success_rate).toBeGreaterThan(0);
    expect(d.success_rate).toBeLessThan(1);
    expect(d.cache_hit_rate).toBeGreaterThan(0);
    for (const k of ['received', 'resolved', 'unresolved', 'cache_hits', 'cache_misses', 'failed', 'unauthorized', 'invalid', 'applied', 'unchanged']) expect(typeof d.counters[k]).toBe('number');

    const prom = await api(t.url, '/metrics', { headers: admin });
    expect(prom.text).toMatch(new RegExp(`inbound_callbacks_total\\{outcome="received"\\} ${d.counters.received}`));
    expect(prom.text).toMatch(/escalation_bridge_failed_total\{stage="publish"\} 0/);

    const cleared = await api(t.url, '/admin/telephony/webhook-diagnostics/cache/clear', { method: 'POST', headers: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ cleared: d.hint_cache.size, size: 0 });
    const reset = await api(t.url, '/admin/telephony/webhook-diagnostics/counters/reset', { method: 'POST', headers: admin });
    expect(reset.status).toBe(200);
    expect(reset.body.counters.received).toBe(0);
    expect(reset.body.success_rate).toBeNull();
    // /metrics keeps counting (a Prometheus counter never goes back)
    const prom2 = await api(t.url, '/metrics', { headers: admin });
    expect(prom2.text).toMatch(new RegExp(`inbound_callbacks_total\\{outcome="received"\\} ${d.counters.received}`));

    for (const [method, path] of [['GET', ''], ['POST', '/cache/clear'], ['POST', '/counters/reset']]) {
      const res = await api(t.url, `/admin/telephony/webhook-diagnostics${path}`, { method });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('MISSING_API_KEY');
    }
  });
});
