// Webhooks end to end: a real server (WEBHOOK_RETRY_SCALE shrinks the retry schedule to
// milliseconds) delivering to a real HTTP receiver on 127.0.0.1.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { PRODUCTION_ENV } from '../helpers/process.js';
import { loadConfig } from '../../src/config.js';
import { purgeBefore } from '../../src/operations/purge.js';

vi.setConfig({ testTimeout: 60_000 });

let t: TestServer;
let rx: Receiver;
let a: TestAccount;
let b: TestAccount;
let n = 0;

beforeAll(async () => {
  // 16 hours of retries in about 1.7 s; the disabling rule is put out of reach here (30 days,
  // 78 s) so that a slow machine cannot end a schedule early; its own test below runs it at 3 days.
  // A database of its own on PostgreSQL: another file's server would claim these deliveries too,
  // and schedule their retries by its own (unscaled) schedule
  [t, rx] = await Promise.all([startTestServer({ WEBHOOK_RETRY_SCALE: '0.00003', WEBHOOK_DISABLE_AFTER_HOURS: '720', WEBHOOK_TIMEOUT_MS: '2000' }, { ownDatabase: true }), startReceiver()]);
  [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
});
afterAll(async () => {
  await t?.stop();
  await rx?.close();
});

/** A fresh receiver path and an endpoint of `account` pointing at it. */
async function endpoint(account: TestAccount, events: string[] = ['*'], extra: Record<string, unknown> = {}) {
  const path = `/hook-${++n}`;
  const res = await api(t.url, '/v1/webhooks', { key: account.key, body: { url: `${rx.url}${path}`, events, ...extra } });
  expect(res.status, res.text).toBe(201);
  return { path, id: res.body.id as string, secret: res.body.secret as string, body: res.body };
}

async function order(key: string, metadata: Record<string, string> = {}) {
  const res = await api(t.url, '/v1/orders', { key, body: { ...TEA_ORDER, metadata } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function deliveries(key: string, endpointId: string, query = '') {
  const res = await api(t.url, `/v1/webhooks/${endpointId}/deliveries?limit=100${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('endpoint management', () => {
  it('creates an endpoint with its secret shown once; reads never show it; a replay by Idempotency-Key neither', async () => {
    const idem = `we-${Date.now()}`;
    // endpoints that get real events in these tests point at a closed local port: refused at once,
    // never a DNS lookup that cannot succeed here
    const body = { url: 'https://127.0.0.1:9/hooks', events: ['order.*', 'customer.created'], description: 'orders', metadata: { team: 'ops' } };
    const first = await api(t.url, '/v1/webhooks', { key: a.key, body, headers: { 'Idempotency-Key': idem } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      object: 'webhook_endpoint', url: body.url, events: body.events, description: 'orders', metadata: { team: 'ops' },
      active: true, debug: false, livemode: false,
    });
    expect(first.body.id).toMatch(/^we_/);
    expect(first.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(typeof first.body.created).toBe('number');

    const replay = await api(t.url, '/v1/webhooks', { key: a.key, body, headers: { 'Idempotency-Key': idem } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.body).not.toHaveProperty('secret');
    const records = await t.server.db.prisma.idempotencyRecord.findMany({ where: { key: idem } });
    expect(records).toHaveLength(1);
    expect(records[0].responseBody).not.toContain('whsec_');
    const stored = await t.server.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: first.body.id } });
    expect(JSON.stringify(stored)).not.toContain(first.body.secret.slice(6));

    const got = await api(t.url, `/v1/webhooks/${first.body.id}`, { key: a.key });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    expect(got.body).not.toHaveProperty('secrets');
    const list = await api(t.url, '/v1/webhooks?limit=5&active=true', { key: a.key });
    expect(list.body.object).toBe('list');
    expect(list.body.data.map((e: any) => e.id)).toContain(first.body.id);
    expect(list.text).not.toContain('whsec_');
  });

  it('updates with PUT, filters by active, deletes; another account sees none of it', async () => {
    const e = await endpoint(a, ['order.created']);
    const put = await api(t.url, `/v1/webhooks/${e.id}`, { method: 'PUT', key: a.key, body: { events: ['order.*', 'product.created'], active: false, debug: true, description: 'x' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ events: ['order.*', 'product.created'], active: false, debug: true, description: 'x' });
    const inactive = await api(t.url, '/v1/webhooks?active=false&limit=100', { key: a.key });
    expect(inactive.body.data.map((x: any) => x.id)).toContain(e.id);
    const active = await api(t.url, '/v1/webhooks?active=true&limit=100', { key: a.key });
    expect(active.body.data.map((x: any) => x.id)).not.toContain(e.id);

    for (const [method, path, body] of [
      ['GET', `/v1/webhooks/${e.id}`, undefined], ['PUT', `/v1/webhooks/${e.id}`, { active: true }], ['DELETE', `/v1/webhooks/${e.id}`, undefined],
      ['POST', `/v1/webhooks/${e.id}/rotate_secret`, {}], ['POST', `/v1/webhooks/${e.id}/test`, { event_type: 'order.created' }],
      ['GET', `/v1/webhooks/${e.id}/deliveries`, undefined], ['GET', `/v1/webhooks/${e.id}/metrics`, undefined], ['POST', `/v1/webhooks/${e.id}/recover`, { since: 0 }],
    ] as const) {
      const res = await api(t.url, path, { method, key: b.key, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.body.error.code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await api(t.url, '/v1/webhooks?limit=100', { key: b.key })).body.data.map((x: any) => x.id)).not.toContain(e.id);

    const del = await api(t.url, `/v1/webhooks/${e.id}`, { method: 'DELETE', key: a.key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: e.id, object: 'webhook_endpoint', deleted: true });
    expect((await api(t.url, `/v1/webhooks/${e.id}`, { key: a.key })).status).toBe(404);
  });

  it('POST takes the registration\'s active and debug too: an endpoint registered inactive gets no delivery until activated', async () => {
    const off = await endpoint(a, ['customer.created'], { active: false, debug: true, description: 'later', metadata: { team: 'ops' } });
    expect(off.body).toMatchObject({ active: false, debug: true, description: 'later', metadata: { team: 'ops' } });
    const read = await api(t.url, `/v1/webhooks/${off.id}`, { key: a.key });
    expect(read.body).toMatchObject({ active: false, debug: true });
    const on = await endpoint(a, ['customer.created'], { active: true, debug: false });
    expect(on.body).toMatchObject({ active: true, debug: false });
    await api(t.url, '/v1/customers', { key: a.key, body: { name: 'While inactive' } });
    await rx.waitFor(() => rx.at(on.path).length >= 1);
    expect(await deliveries(a.key, off.id)).toHaveLength(0);
    expect((await api(t.url, `/v1/webhooks/${off.id}`, { method: 'PUT', key: a.key, body: { active: true } })).body.active).toBe(true);
    await api(t.url, '/v1/customers', { key: a.key, body: { name: 'After activation' } });
    await rx.waitFor(() => rx.at(off.path).length >= 1);
    expect(rx.at(off.path).map((r) => r.json.data.object.name)).toEqual(['After activation']);
    const bad = await api(t.url, '/v1/webhooks', { key: a.key, body: { url: `${rx.url}/x`, events: ['*'], active: 'yes', debug: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(['active', 'debug']);
    for (const id of [off.id, on.id]) await api(t.url, `/v1/webhooks/${id}`, { method: 'DELETE', key: a.key });
  });

  it('refuses bad input with clear 4xx errors and stores nothing', async () => {
    const before = await t.server.db.prisma.webhookEndpoint.count();
    const cases: [unknown, number, string][] = [
      [{ url: 'not a url', events: ['*'] }, 400, 'INVALID_FIELD_FORMAT'],
      [{ url: 'ftp://example.com/x', events: ['*'] }, 400, 'INVALID_FIELD_FORMAT'],
      [{ url: 'https://user:pw@example.com/x', events: ['*'] }, 400, 'INVALID_FIELD_FORMAT'],
      [{ url: `https://example.com/${'x'.repeat(2048)}`, events: ['*'] }, 400, 'FIELD_TOO_LONG'],
      [{ url: 'https://example.com', events: [] }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com', events: Array.from({ length: 101 }, () => 'order.created') }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com', events: ['*'], description: 'd'.repeat(5001) }, 400, 'FIELD_TOO_LONG'],
      [{ url: 'https://example.com', events: ['*'], metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com', events: ['*'], secret: 'whsec_mine' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com', events: 'order.created' }, 400, 'VALIDATION_ERROR'],
      [{ events: ['*'] }, 400, 'MISSING_REQUIRED_FIELD'],
      [[1, 2], 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const res = await api(t.url, '/v1/webhooks', { key: a.key, body });
      expect(res.status, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.details.errors.length).toBeGreaterThan(0);
    }
    const unknown = await api(t.url, '/v1/webhooks', { key: a.key, body: { url: 'https://example.com', events: ['order.created', 'order.teleported', 'nothing.*', 'bogus'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_ENUM_VALUE');
    expect(unknown.body.error.details.errors.map((e: any) => e.field)).toEqual(['events[1]', 'events[2]', 'events[3]']);
    expect(unknown.body.error.details.errors.map((e: any) => e.message)).toEqual(["'order.teleported' is not an event type", "'nothing.*' is not an event type", "'bogus' is not an event type"]);
    // every invalid field at once: a bad URL, an unknown event and a description of the wrong type
    const several = await api(t.url, '/v1/webhooks', { key: a.key, body: { url: 'ftp://x', events: ['bogus.event'], description: 5 } });
    expect(several.status).toBe(400);
    expect(several.body.error.code).toBe('VALIDATION_ERROR');
    expect(several.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(['description', 'events[0]', 'url']);
    for (const e of several.body.error.details.errors) expect(e.expected, e.field).toBeTruthy();
    const malformed = await api(t.url, '/v1/webhooks', { key: a.key, rawBody: '{"url":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_JSON');
    const live = await a.newKey({ mode: 'live' });
    const http = await api(t.url, '/v1/webhooks', { key: live.secret, body: { url: 'http://example.com/x', events: ['*'] } });
    expect(http.status).toBe(400);
    expect(http.body.error.details.errors[0]).toMatchObject({ field: 'url', code: 'INVALID_FIELD_VALUE', expected: 'https://...' });
    const https = await api(t.url, '/v1/webhooks', { key: live.secret, body: { url: 'https://127.0.0.1:9/x', events: ['*'] } });
    expect(https.status).toBe(201);
    expect(https.body.livemode).toBe(true);
    expect(await t.server.db.prisma.webhookEndpoint.count()).toBe(before + 1);
    const notFound = await api(t.url, '/v1/webhooks/we_0000000000000000000000', { method: 'PUT', key: a.key, body: { active: false } });
    expect(notFound.status).toBe(404);
    const badId = await api(t.url, '/v1/webhooks/we_x%00y', { key: a.key });
    expect(badId.status).toBe(400);
  });

  it('permissions: webhooks:read / webhooks:write and events:read; pk_ keys get 403 on both', async () => {
    const e = await endpoint(a, ['order.created']);
    const pk = await a.newKey({ type: 'publishable' });
    for (const path of ['/v1/webhooks', `/v1/webhooks/${e.id}`, '/v1/events', `/v1/webhooks/${e.id}/deliveries`]) {
      const res = await api(t.url, path, { key: pk.secret });
      expect(res.status, path).toBe(403);
    }
    const reader = await a.newKey({ type: 'restricted', permissions: ['webhooks:read'] });
    expect((await api(t.url, '/v1/webhooks', { key: reader.secret })).status).toBe(200);
    const write = await api(t.url, '/v1/webhooks', { key: reader.secret, body: { url: 'https://example.com', events: ['*'] } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await api(t.url, '/v1/events', { key: reader.secret })).status).toBe(403);
    const events = await a.newKey({ type: 'restricted', permissions: ['events:read'] });
    expect((await api(t.url, '/v1/events', { key: events.secret })).status).toBe(200);
    const writer = await a.newKey({ type: 'restricted', permissions: ['webhooks:write'] });
    expect((await api(t.url, '/v1/webhooks', { key: writer.secret, body: { url: 'https://127.0.0.1:9/', events: ['*'] } })).status).toBe(201);
  });
});

describe('delivery', () => {
  it('delivers a committed event, signed in all three forms, as GET /v1/events/{id} shows it', async () => {
    const e = await endpoint(a, ['order.created']);
    const o = await order(a.key, { case: 'signed' });
    const [got] = (await rx.waitFor(() => rx.at(e.path).length >= 1)).filter((r) => r.path === e.path);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^CommerceAPI-Webhooks\/\d+\.\d+\.\d+$/);
    expect(got.headers['svc-webhook-attempt']).toBe('1');
    expect(got.json).toMatchObject({ object: 'event', type: 'order.created', livemode: false, data: { object: { id: o.id, object: 'order', amount: 900 } } });
    expect(Object.keys(got.json).slice(0, 2)).toEqual(['id', 'object']);
    // Standard Webhooks, verified by the reference library
    expect(got.headers['webhook-id']).toBe(got.json.id);
    expect(new Webhook(e.secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ id: got.json.id });
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 7).toString('base64')).verify(got.body, got.headers as Record<string, string>)).toThrow();
    // X-Svc-Signature and Svc-Signature: hex HMAC-SHA256 of "<t>.<body>" keyed with the whole secret
    const ts = got.headers['x-svc-timestamp'] as string;
    const hex = createHmac('sha256', e.secret).update(`${ts}.${got.body}`).digest('hex');
    expect(got.headers['x-svc-signature']).toBe(hex);
    expect(got.headers['svc-signature']).toBe(`t=${ts} v1=${hex}`);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(300);

    const shown = await api(t.url, `/v1/events/${got.json.id}`, { key: a.key });
    expect(shown.status).toBe(200);
    expect({ ...shown.body, pending_webhooks: 0 }).toEqual({ ...got.json, pending_webhooks: 0 });
    const log = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'succeeded');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ object: 'webhook_delivery', event_id: got.json.id, event_type: 'order.created', status: 'succeeded', next_attempt_at: null });
    expect(log[0].attempts).toEqual([expect.objectContaining({ object: 'webhook_attempt', number: 1, response_status: 200, error: null, outcome: 'succeeded' })]);
    expect(typeof log[0].attempts[0].latency_ms).toBe('number');
  });

  it('delivers only matching types, only to the account and mode of the event', async () => {
    const orders = await endpoint(a, ['order.*']);
    const customers = await endpoint(a, ['customer.created']);
    const other = await endpoint(b, ['*']);
    const live = await a.newKey({ mode: 'live' });
    const liveEndpoint = await api(t.url, '/v1/webhooks', { key: live.secret, body: { url: `https://127.0.0.1:1/never`, events: ['*'] } });
    expect(liveEndpoint.status).toBe(201);
    await order(a.key);
    await api(t.url, '/v1/customers', { key: a.key, body: { name: 'Marker' } });
    await rx.waitFor(() => rx.at(customers.path).length >= 1 && rx.at(orders.path).length >= 1);
    // the marker arrived after the order: nothing else is coming for these
    const marker = await endpoint(a, ['product.created']);
    await api(t.url, '/v1/products', { key: a.key, body: { name: 'Marker', price: 1, currency: 'usd' } });
    await rx.waitFor(() => rx.at(marker.path).length >= 1);
    expect(rx.at(orders.path).map((r) => r.json.type)).toEqual(['order.created']);
    expect(rx.at(customers.path).map((r) => r.json.type)).toEqual(['customer.created']);
    expect(rx.at(other.path)).toHaveLength(0);
    const liveLog = await deliveries(live.secret, liveEndpoint.body.id);
    expect(liveLog).toHaveLength(0);
  });

  it('retries on the scaled schedule until a 2xx, continuing the attempt count', async () => {
    const e = await endpoint(a, ['order.created']);
    let calls = 0;
    const previous = rx.answer;
    rx.answer = (r) => (r.path === e.path ? { status: ++calls <= 2 ? 500 : 200 } : previous(r));
    await order(a.key);
    await rx.waitFor(() => rx.at(e.path).length >= 3);
    const got = rx.at(e.path);
    expect(got.map((r) => r.headers['svc-webhook-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
    const [log] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'succeeded');
    expect(log.attempts.map((x: any) => [x.number, x.response_status, x.outcome])).toEqual([[1, 500, 'failed'], [2, 500, 'failed'], [3, 200, 'succeeded']]);
    expect(log.attempt_count).toBe(3);
    rx.answer = previous;
  });

  it('marks a delivery failed after the 7th failure; pending_webhooks counts down to 0; manual retry and recover', async () => {
    const a = await t.newAccount(); // pending_webhooks counts every endpoint of the account
    const e = await endpoint(a, ['order.created']);
    let ok = false;
    const previous = rx.answer;
    rx.answer = (r) => (r.path === e.path ? { status: ok ? 204 : 503 } : previous(r));
    await order(a.key);
    const [failed] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'failed');
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toHaveLength(7);
    expect(failed.next_attempt_at).toBeNull();
    expect(rx.at(e.path)).toHaveLength(7);
    const event = await api(t.url, `/v1/events/${failed.event_id}`, { key: a.key });
    expect(event.body.pending_webhooks).toBe(0);
    expect((await deliveries(a.key, e.id, '&status=failed')).map((d) => d.id)).toEqual([failed.id]);
    expect(await deliveries(a.key, e.id, '&status=succeeded')).toHaveLength(0);

    // a manual retry that fails leaves it failed, with the count continued
    const again = await api(t.url, `/v1/webhooks/${e.id}/deliveries/${failed.id}/retry`, { key: a.key, body: {} });
    expect(again.status, again.text).toBe(200);
    expect(again.body.status).toBe('failed');
    expect(again.body.attempts.map((x: any) => x.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rx.at(e.path).at(-1)!.headers['svc-webhook-attempt']).toBe('8');

    ok = true;
    const recovered = await api(t.url, `/v1/webhooks/${e.id}/recover`, { key: a.key, body: { since: new Date(Date.now() - 60_000).toISOString() } });
    expect(recovered.status, recovered.text).toBe(200);
    expect(recovered.body.requeued).toBe(1);
    const [done] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'succeeded');
    expect(done.attempts.at(-1)).toMatchObject({ number: 9, response_status: 204, outcome: 'succeeded' });
    const none = await api(t.url, `/v1/webhooks/${e.id}/recover`, { key: a.key, body: { since: Math.floor(Date.now() / 1000) + 3600 } });
    expect(none.body.requeued).toBe(0);
    for (const since of ['yesterday', null, { a: 1 }]) {
      const bad = await api(t.url, `/v1/webhooks/${e.id}/recover`, { key: a.key, body: { since } });
      expect(bad.status, JSON.stringify(since)).toBe(400);
    }
    const missing = await api(t.url, `/v1/webhooks/${e.id}/deliveries/wdl_0000000000000000000000/retry`, { key: a.key, body: {} });
    expect(missing.status).toBe(404);
    rx.answer = previous;
  });

  it('honours Retry-After on 429 as given (unscaled) when longer than the schedule', async () => {
    const e = await endpoint(a, ['order.created']);
    const previous = rx.answer;
    rx.answer = (r) => (r.path === e.path ? (rx.at(e.path).length === 0 ? { status: 429, headers: { 'Retry-After': '2' } } : { status: 200 }) : previous(r));
    await order(a.key);
    const [pending] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.attempts?.length === 1);
    expect(pending.status).toBe('pending');
    expect(pending.attempts[0].response_status).toBe(429);
    // scaled, the second attempt would be due 0.3 ms later; Retry-After asks for 2 s
    expect(pending.next_attempt_at - pending.attempts[0].attempted_at).toBeGreaterThanOrEqual(1);
    const [done] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'succeeded');
    expect(done.attempts).toHaveLength(2);
    rx.answer = previous;
  });

  it('a 410 disables the endpoint at once and records webhook_endpoint.disabled (delivered to others)', async () => {
    const a = await t.newAccount(); // no other endpoint of the account is disabled meanwhile
    const watcher = await endpoint(a, ['webhook_endpoint.*']);
    const e = await endpoint(a, ['order.created']);
    const previous = rx.answer;
    rx.answer = (r) => (r.path === e.path ? { status: 410 } : previous(r));
    await order(a.key);
    const [disabled] = (await rx.waitFor(() => rx.at(watcher.path).length >= 1)).filter((r) => r.path === watcher.path);
    expect(disabled.json.type).toBe('webhook_endpoint.disabled');
    expect(disabled.json.data.reason).toBe('gone');
    expect(disabled.json.data.object).toMatchObject({ id: e.id, object: 'webhook_endpoint', active: false, disabled_reason: 'gone' });
    expect(disabled.body).not.toContain('whsec_');
    expect(disabled.body).not.toContain('secrets');
    const got = await api(t.url, `/v1/webhooks/${e.id}`, { key: a.key });
    expect(got.body).toMatchObject({ active: false, disabled_reason: 'gone' });
    expect(rx.at(e.path)).toHaveLength(1);
    const listed = await api(t.url, '/v1/events?type=webhook_endpoint.disabled&limit=100', { key: a.key });
    expect(listed.body.data.map((x: any) => x.data.object.id)).toContain(e.id);
    // enabled again by hand: delivered again
    rx.answer = previous;
    await api(t.url, `/v1/webhooks/${e.id}`, { method: 'PUT', key: a.key, body: { active: true } });
    expect((await api(t.url, `/v1/webhooks/${e.id}`, { key: a.key })).body.disabled_reason).toBeNull();
    await order(a.key);
    await rx.waitFor(() => rx.at(e.path).length >= 2);
  });

  it('an endpoint failing every delivery for 3 (scaled) days is disabled as failing', async () => {
    // the default WEBHOOK_DISABLE_AFTER_HOURS (72), scaled: 7.8 s
    const s = await startTestServer({ WEBHOOK_RETRY_SCALE: '0.00003', WEBHOOK_TIMEOUT_MS: '2000' }, { ownDatabase: true });
    try {
      const owner = await s.newAccount();
      const path = `/hook-${++n}`;
      const created = await api(s.url, '/v1/webhooks', { key: owner.key, body: { url: `${rx.url}${path}`, events: ['order.created'] } });
      expect(created.status, created.text).toBe(201);
      const previous = rx.answer;
      rx.answer = (r) => (r.path === path ? { status: 500 } : previous(r));
      const end = Date.now() + 30_000;
      let state: any;
      while (Date.now() < end) {
        expect((await api(s.url, '/v1/orders', { key: owner.key, body: TEA_ORDER })).status).toBe(201);
        state = (await api(s.url, `/v1/webhooks/${created.body.id}`, { key: owner.key })).body;
        if (!state.active) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      rx.answer = previous;
      expect(state).toMatchObject({ active: false, disabled_reason: 'failing' });
    } finally {
      await s.stop();
    }
  });

  it('rotating the secret signs with both until the old one expires; X-Svc-Signature uses the new one', async () => {
    const e = await endpoint(a, ['order.created']);
    const rotated = await api(t.url, `/v1/webhooks/${e.id}/rotate_secret`, { key: a.key, body: { expires_in_seconds: 3600 } });
    expect(rotated.status, rotated.text).toBe(200);
    const next = rotated.body.secret as string;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(e.secret);
    await order(a.key);
    const [got] = await rx.waitFor(() => rx.at(e.path).length >= 1).then(() => rx.at(e.path));
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(next).verify(got.body, headers)).toBeTruthy();
    expect(new Webhook(e.secret).verify(got.body, headers)).toBeTruthy();
    const ts = headers['x-svc-timestamp'];
    const sig = (s: string) => createHmac('sha256', s).update(`${ts}.${got.body}`).digest('hex');
    expect(headers['x-svc-signature']).toBe(sig(next));
    expect(headers['svc-signature']).toBe(`t=${ts} v1=${sig(next)} v1=${sig(e.secret)}`);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);

    // expires_in_seconds 0: the old secrets stop at once
    const now = await api(t.url, `/v1/webhooks/${e.id}/rotate_secret`, { key: a.key, body: { expires_in_seconds: 0 } });
    await order(a.key);
    const [second] = await rx.waitFor(() => rx.at(e.path).length >= 2).then(() => rx.at(e.path).slice(1));
    expect(new Webhook(now.body.secret).verify(second.body, second.headers as Record<string, string>)).toBeTruthy();
    expect(() => new Webhook(next).verify(second.body, second.headers as Record<string, string>)).toThrow();
    expect((second.headers['svc-signature'] as string).match(/v1=/g)).toHaveLength(1);
    const bad = await api(t.url, `/v1/webhooks/${e.id}/rotate_secret`, { key: a.key, body: { expires_in_seconds: -1 } });
    expect(bad.status).toBe(400);
  });

  it('metrics over the last 24 hours', async () => {
    const e = await endpoint(a, ['order.created']);
    const empty = await api(t.url, `/v1/webhooks/${e.id}/metrics`, { key: a.key });
    expect(empty.body).toMatchObject({ window_seconds: 86400, deliveries: { succeeded: 0, failed: 0, pending: 0 }, success_rate: null, latency_ms: { p50: null, p95: null } });
    await order(a.key);
    await order(a.key);
    await until(() => deliveries(a.key, e.id), (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'));
    const m = await api(t.url, `/v1/webhooks/${e.id}/metrics`, { key: a.key });
    expect(m.body.deliveries).toEqual({ succeeded: 2, failed: 0, pending: 0 });
    expect(m.body.success_rate).toBe(1);
    expect(Number.isInteger(m.body.latency_ms.p50)).toBe(true);
    expect(m.body.latency_ms.p95).toBeGreaterThanOrEqual(m.body.latency_ms.p50);
  });
});

describe('test and simulate', () => {
  it('POST /v1/webhooks/{id}/test sends one signed sample event now and answers with the attempt', async () => {
    const e = await endpoint(a, ['order.created']);
    const res = await api(t.url, `/v1/webhooks/${e.id}/test`, { key: a.key, body: { event_type: 'customer.updated' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_attempt', number: 1, response_status: 200, error: null, outcome: 'succeeded' });
    expect(typeof res.body.attempted_at).toBe('number');
    const got = rx.at(e.path).at(-1)!;
    expect(got.json.type).toBe('customer.updated');
    expect(new Webhook(e.secret).verify(got.body, got.headers as Record<string, string>)).toBeTruthy();
    expect(await t.server.db.prisma.event.count({ where: { id: got.json.id } })).toBe(0);
    expect(await deliveries(a.key, e.id)).toHaveLength(0);
    for (const event_type of ['order.*', 'nope', undefined, 5]) {
      const bad = await api(t.url, `/v1/webhooks/${e.id}/test`, { key: a.key, body: { event_type } });
      expect(bad.status, String(event_type)).toBe(400);
    }
    const refused = await api(t.url, `/v1/webhooks/${e.id}/test`, { key: a.key, body: { event_type: 'order.created' } });
    expect(refused.status).toBe(200);
    const failing = await endpoint(a, ['*']);
    const previous = rx.answer;
    rx.answer = (r) => (r.path === failing.path ? { status: 500 } : previous(r));
    const failed = await api(t.url, `/v1/webhooks/${failing.id}/test`, { key: a.key, body: { event_type: 'order.created' } });
    expect(failed.body).toMatchObject({ response_status: 500, outcome: 'failed' });
    expect(rx.at(failing.path)).toHaveLength(1); // never retried
    rx.answer = previous;
  });

  it('POST /v1/webhooks/simulate takes form fields or JSON, signs with a one-time secret, test mode only', async () => {
    const form = await api(t.url, '/v1/webhooks/simulate', {
      key: a.key, rawBody: new URLSearchParams({ event_type: 'order.shipped', endpoint_url: `${rx.url}/simulated-form` }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body).toMatchObject({ object: 'webhook_attempt', response_status: 200, outcome: 'succeeded', event_type: 'order.shipped' });
    const got = rx.at('/simulated-form').at(-1)!;
    expect(new Webhook(form.body.secret).verify(got.body, got.headers as Record<string, string>)).toBeTruthy();
    const json = await api(t.url, '/v1/webhooks/simulate', { key: a.key, body: { event_type: 'customer.created', endpoint_url: `${rx.url}/simulated-json` } });
    expect(json.status).toBe(200);
    expect(json.body.secret).not.toBe(form.body.secret);
    const live = await a.newKey({ mode: 'live' });
    const refused = await api(t.url, '/v1/webhooks/simulate', { key: live.secret, body: { event_type: 'order.created', endpoint_url: `${rx.url}/x` } });
    expect(refused.status).toBe(403);
    for (const body of [{ event_type: 'order.created' }, { event_type: 'order.created', endpoint_url: 'nope' }, { endpoint_url: `${rx.url}/x` }, { event_type: 'x.y', endpoint_url: `${rx.url}/x` }]) {
      const bad = await api(t.url, '/v1/webhooks/simulate', { key: a.key, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // payment and stablecoin samples carry the spec's flat data fields, as the real events do
    const flat: Record<string, string[]> = {
      'payment.succeeded': ['payment_id', 'amount', 'currency', 'status', 'transaction_hash'],
      'payment.failed': ['payment_id', 'amount', 'currency', 'status', 'failure_reason'],
      'stablecoin.issued': ['issuance_id', 'amount', 'recipient', 'total_supply'],
      'stablecoin.redeemed': ['redemption_id', 'amount', 'bank_account', 'status'],
      'stablecoin.transferred': ['transfer_id', 'from', 'to', 'amount'],
    };
    for (const [type, fields] of Object.entries(flat)) {
      const path = `/simulated-${type}`;
      const sent = await api(t.url, '/v1/webhooks/simulate', { key: a.key, body: { event_type: type, endpoint_url: `${rx.url}${path}` } });
      expect(sent.status, sent.text).toBe(200);
      const event = JSON.parse(rx.at(path).at(-1)!.body);
      expect(Object.keys(event.data).sort(), type).toEqual(['object', ...fields].sort());
      expect(event.data.object.metadata).toEqual({ sample: 'true' });
      const id = event.data[fields[0]];
      expect(event.data.object.id).toBe(id);
      expect(typeof event.data.amount).toBe('string');
    }
    const badForm = await api(t.url, '/v1/webhooks/simulate', { key: a.key, rawBody: 'event_type=order.created', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(badForm.status).toBe(400);
    // forms are read by this route only
    const elsewhere = await api(t.url, '/v1/orders', { key: a.key, rawBody: 'currency=usd', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(elsewhere.status).toBe(415);
  });

  it('test and simulate name each fault with its precise code, as POST /v1/webhooks does, in JSON and form bodies', async () => {
    const e = await endpoint(a, ['order.created']);
    /** the error's code and its faults as [field, code], every fault with `expected` */
    const faults = (res: ApiResponse) => {
      expect(res.status, res.text).toBe(400);
      const errors = res.body.error.details.errors as { field: string; code?: string; message: string; expected?: string }[];
      for (const f of errors) expect(typeof f.expected, JSON.stringify(f)).toBe('string');
      return { code: res.body.error.code, faults: errors.map((f) => [f.field, f.code]).sort(), messages: errors.map((f) => f.message) };
    };
    const test = (body: unknown) => api(t.url, `/v1/webhooks/${e.id}/test`, { key: a.key, body });
    const simulate = (body: Record<string, string>, form = false) => api(t.url, '/v1/webhooks/simulate', form
      ? { key: a.key, rawBody: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { key: a.key, body });

    expect(faults(await test({}))).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', faults: [['event_type', 'MISSING_REQUIRED_FIELD']] });
    const unknown = await test({ event_type: 'nope' });
    expect(faults(unknown)).toMatchObject({ code: 'INVALID_ENUM_VALUE', faults: [['event_type', 'INVALID_ENUM_VALUE']] });
    expect(unknown.body.error.details.allowed).toContain('order.created');
    expect(faults(await test({ event_type: 'order.*' }))).toMatchObject({ code: 'INVALID_ENUM_VALUE', faults: [['event_type', 'INVALID_ENUM_VALUE']] });
    expect(faults(await test({ event_type: 5 })).code).toBe('VALIDATION_ERROR');
    expect(faults(await test({ event_type: 'order.created', colour: 'red' })).faults).toEqual([['colour', undefined]]);

    const url = `${rx.url}/never-sent`;
    for (const form of [false, true]) {
      const how = form ? 'form' : 'JSON';
      expect(faults(await simulate({ event_type: 'order.created' }, form)), how).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', faults: [['endpoint_url', 'MISSING_REQUIRED_FIELD']] });
      expect(faults(await simulate({ endpoint_url: url }, form)), how).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', faults: [['event_type', 'MISSING_REQUIRED_FIELD']] });
      expect(faults(await simulate({}, form)), how).toMatchObject({
        code: 'MISSING_REQUIRED_FIELD', faults: [['endpoint_url', 'MISSING_REQUIRED_FIELD'], ['event_type', 'MISSING_REQUIRED_FIELD']],
      });
      const malformed = faults(await simulate({ event_type: 'order.created', endpoint_url: 'notaurl' }, form));
      expect(malformed, how).toMatchObject({ code: 'INVALID_FIELD_FORMAT', faults: [['endpoint_url', 'INVALID_FIELD_FORMAT']] });
      expect(malformed.messages[0]).not.toMatch(/required/);
      expect(faults(await simulate({ event_type: 'x.y', endpoint_url: url }, form)), how).toMatchObject({ code: 'INVALID_ENUM_VALUE', faults: [['event_type', 'INVALID_ENUM_VALUE']] });
      // faults of different kinds, all at once
      expect(faults(await simulate({ event_type: 'x.y', endpoint_url: 'ftp://files' }, form)), how).toMatchObject({
        code: 'VALIDATION_ERROR', faults: [['endpoint_url', 'INVALID_FIELD_FORMAT'], ['event_type', 'INVALID_ENUM_VALUE']],
      });
    }
    expect(rx.at('/never-sent')).toHaveLength(0);
  });
});

describe('events API', () => {
  it('lists events with type (exact or group.*) and created filters; keeps each account to itself', async () => {
    const o = await order(a.key);
    await api(t.url, `/v1/orders/${o.id}/cancel`, { key: a.key, body: {} });
    const all = await api(t.url, '/v1/events?limit=100', { key: a.key });
    expect(all.status).toBe(200);
    expect(all.body.object).toBe('list');
    expect(all.body.pagination).toHaveProperty('has_more');
    expect(all.body.meta).toHaveProperty('request_id');
    const types = await api(t.url, `/v1/events?type=order.*&limit=100&created[gte]=${o.created}`, { key: a.key });
    expect(types.body.data.length).toBeGreaterThanOrEqual(3);
    expect(types.body.data.every((e: any) => e.type.startsWith('order.'))).toBe(true);
    expect(types.body.data.map((e: any) => e.type)).toEqual(expect.arrayContaining(['order.created', 'order.updated', 'order.cancelled']));
    const exact = await api(t.url, '/v1/events?type=order.cancelled&limit=100', { key: a.key });
    expect(exact.body.data.every((e: any) => e.type === 'order.cancelled')).toBe(true);
    const first = exact.body.data[0];
    expect(Object.keys(first)).toEqual(['id', 'object', 'type', 'created', 'livemode', 'data', 'request', 'pending_webhooks', 'api_version']);
    expect(first.request.id).toMatch(/^req_/);
    const other = await api(t.url, `/v1/events/${first.id}`, { key: b.key });
    expect(other.status).toBe(404);
    expect((await api(t.url, '/v1/events?limit=100', { key: b.key })).body.data.map((e: any) => e.id)).not.toContain(first.id);
    for (const q of ['type=bogus', 'limit=1000', 'created[gte]=yesterday', 'cursor=zzz']) {
      expect((await api(t.url, `/v1/events?${q}`, { key: a.key })).status, q).toBe(400);
    }
  });
});

describe('retention', () => {
  it('events older than the retention are purged with their deliveries; newer ones stay', async () => {
    const e = await endpoint(a, ['order.created']);
    const o = await order(a.key);
    const [delivery] = await until(() => deliveries(a.key, e.id), (d) => d[0]?.status === 'succeeded');
    const prisma = t.server.db.prisma;
    // an event of 31 days ago, with its delivery (written as the outbox would have)
    const old = await prisma.event.findUniqueOrThrow({ where: { id: delivery.event_id } });
    const oldId = `evt_old${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await prisma.event.create({ data: { ...old, id: oldId, seq: undefined, actor: undefined, connectedAccount: undefined, data: old.data as object, createdAt: new Date(Date.now() - 31 * 86400_000) } });
    await prisma.webhookDelivery.create({ data: { id: `wdl_old${Date.now()}`, accountId: a.accountId, livemode: false, endpointId: e.id, eventId: oldId, eventType: 'order.created', status: 'succeeded' } });
    const purged = await purgeBefore(prisma, 'Event', new Date(Date.now() - 30 * 86400_000));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await prisma.event.count({ where: { id: oldId } })).toBe(0);
    expect(await prisma.webhookDelivery.count({ where: { eventId: oldId } })).toBe(0);
    expect((await api(t.url, `/v1/events/${delivery.event_id}`, { key: a.key })).status).toBe(200);
    expect(o.id).toMatch(/^ord_/);
  });
});

describe('GraphQL', () => {
  it('manages endpoints and reads deliveries through the same operations', async () => {
    const created = await gql(t.url, a.key, `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id url events active } } }`, {
      input: { url: `${rx.url}/gql-hook`, events: ['order.created'] },
    });
    expect(created.body.errors).toBeUndefined();
    const { secret, endpoint: ep } = created.body.data.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    expect(ep).toMatchObject({ url: `${rx.url}/gql-hook`, events: ['order.created'], active: true });
    const unknown = await gql(t.url, a.key, `mutation { createWebhookEndpoint(input: {url: "https://example.com", events: ["nope"]}) { secret } }`);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('INVALID_ENUM_VALUE');
    await order(a.key);
    await rx.waitFor(() => rx.at('/gql-hook').length >= 1);
    const read = await until(
      () => gql(t.url, a.key, `query($id: ID!) { webhookEndpoint(id: $id) { id debug } webhookDeliveries(endpoint: $id, where: {status: {_eq: "succeeded"}}) { eventType status attempts { number responseStatus outcome } } }`, { id: ep.id }),
      (r) => r.body.data?.webhookDeliveries?.length === 1,
    );
    expect(read.body.data.webhookDeliveries[0]).toMatchObject({ eventType: 'order.created', status: 'succeeded', attempts: [{ number: 1, responseStatus: 200, outcome: 'succeeded' }] });
    const list = await gql(t.url, a.key, `{ webhookEndpoints(where: {id: {_eq: "${ep.id}"}}) { id events } }`);
    expect(list.body.data.webhookEndpoints).toEqual([{ id: ep.id, events: ['order.created'] }]);
    const one = await gql(t.url, a.key, `{ webhookEndpoint(id: "${ep.id}") { events url } }`);
    expect(one.body.data.webhookEndpoint).toEqual({ events: ['order.created'], url: `${rx.url}/gql-hook` });
    const updated = await gql(t.url, a.key, `mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: {debug: true}) { debug } }`, { id: ep.id });
    expect(updated.body.data.updateWebhookEndpoint.debug).toBe(true);
    const rotated = await gql(t.url, a.key, `mutation($id: ID!) { rotateWebhookSecret(id: $id, input: {expiresInSeconds: 0}) { secret endpoint { id } } }`, { id: ep.id });
    expect(rotated.body.data.rotateWebhookSecret.secret).toMatch(/^whsec_/);
    const otherAccount = await gql(t.url, b.key, `query($id: ID!) { webhookEndpoint(id: $id) { id } webhookDeliveries(endpoint: $id) { id } }`, { id: ep.id });
    expect(otherAccount.body.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_FOUND');
    const deleted = await gql(t.url, a.key, `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id deleted } }`, { id: ep.id });
    expect(deleted.body.data.deleteWebhookEndpoint).toEqual({ id: ep.id, deleted: true });
    const pk = await a.newKey({ type: 'publishable' });
    const denied = await gql(t.url, pk.secret, '{ webhookEndpoints { id } }');
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('RESOURCE_ACCESS_DENIED');
  });
});

describe('SSRF guard', () => {
  it('production refuses private targets by default; WEBHOOK_ALLOW_PRIVATE lifts it', () => {
    expect(loadConfig({ ...PRODUCTION_ENV }).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).webhookAllowPrivate).toBe(true);
  });

  it('a delivery to a loopback address is a failed attempt with error blocked_address; nothing is sent', async () => {
    // its own database: on the shared one it would take other servers' loopback deliveries and block them
    const guarded = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_RETRY_SCALE: '0.00001' }, { ownDatabase: true });
    try {
      const acct = await guarded.newAccount();
      const res = await api(guarded.url, '/v1/webhooks', { key: acct.key, body: { url: `${rx.url}/blocked`, events: ['order.created'] } });
      expect(res.status).toBe(201);
      await api(guarded.url, '/v1/orders', { key: acct.key, body: TEA_ORDER });
      const log = await until(async () => (await api(guarded.url, `/v1/webhooks/${res.body.id}/deliveries`, { key: acct.key })).body.data, (d: any[]) => d[0]?.attempts?.length >= 1);
      expect(log[0].attempts[0]).toMatchObject({ response_status: null, error: 'blocked_address', outcome: 'failed' });
      const test = await api(guarded.url, `/v1/webhooks/${res.body.id}/test`, { key: acct.key, body: { event_type: 'order.created' } });
      expect(test.body.error).toBe('blocked_address');
      const sim = await api(guarded.url, '/v1/webhooks/simulate', { key: acct.key, body: { event_type: 'order.created', endpoint_url: 'http://169.254.169.254/latest/meta-data' } });
      expect(sim.body.error).toBe('blocked_address');
      expect(rx.at('/blocked')).toHaveLength(0);
    } finally {
      await guarded.stop();
    }
  });
});
