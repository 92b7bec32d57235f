// METRICS_PORT (src/ops/metrics-listener.ts): a second listener serving /metrics from the same
// registry without authentication, started and stopped with the server; and the escalation
// bridge's failures (src/ops/bridge.ts) in escalation_bridge_failed_total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { api, startTestServer, type TestServer } from '../../helpers/server.js';
import { instrumentBus, newBridgeFailures } from '../../../src/ops/bridge.js';
import { SUBSCRIBER_BACKLOG, type EventBus, type EventEnvelope } from '../../../src/events/bus.js';

const ADMIN = 'metrics-port-admin-key-0123456789';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, METRICS_PORT: '0', WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
});
afterAll(async () => { await t?.stop(); });

const fakeEvent = (n: number): EventEnvelope => ({
  id: `evt_test${n}`, object: 'event', type: 'customer.created', created: 0, livemode: false,
  data: { object: {} }, request: { id: null, idempotency_key: null }, pending_webhooks: 0, api_version: '2026-01-01',
});

describe('METRICS_PORT', () => {
  it('serves /metrics without authentication from the same registry; nothing else', async () => {
    const base = t.server.metricsUrl!;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(base).not.toBe(t.url);
    const key = (await t.newAccount()).key;
    await api(t.url, '/v1/auth/test', { key });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const name of ['http_requests_total', 'tenant_cache_events_total', 'tenant_cache_entries', 'stream_auth_total', 'stream_auth_legacy_refused_total',
      'inbound_callbacks_total', 'inbound_hint_cache_entries', 'escalation_bridge_failed_total']) {
      expect(text, name).toContain(`# TYPE ${name}`);
    }
    expect(text).toMatch(/escalation_bridge_failed_total\{stage="publish"\} 0/);
    expect(text).toMatch(/tenant_cache_events_total\{event="miss"\} [1-9]/);
    // the same registry as the main port's (which still needs x-admin-key)
    expect((await api(t.url, '/metrics')).status).toBe(401);
    expect((await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } })).text).toContain('tenant_cache_events_total{event="miss"}');

    const other = await api(base, '/admin/tenants/cache-metrics');
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('ROUTE_NOT_FOUND');
    const post = await api(base, '/metrics', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('is not started without METRICS_PORT, and stops with the server', async () => {
    const s = await startTestServer({ METRICS_PORT: '0' });
    const url = s.server.metricsUrl!;
    expect((await fetch(`${url}/metrics`)).status).toBe(200);
    await s.stop();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
    const plain = await startTestServer();
    try {
      expect(plain.server.metricsUrl).toBeUndefined();
      // no inbound provider secret set: the providers are off
      const inbound = await api(plain.url, '/v1/inbound/carrier', { body: { tracking_number: 'T', status: 'delivered' } });
      expect(inbound.status).toBe(404);
      expect(inbound.body.error.message).toMatch(/not enabled/);
    } finally {
      await plain.stop();
    }
  });

  it('refuses to start when METRICS_PORT is taken, naming it', async () => {
    const port = Number(new URL(t.server.metricsUrl!).port);
    await expect(startTestServer({ METRICS_PORT: String(port) })).rejects.toThrow(new RegExp(`METRICS_PORT ${port}`));
  });
});

describe('escalation_bridge_failed_total', () => {
  it('counts a subscription that ended with an error (a subscriber fallen too far behind the bus)', async () => {
    const bus = t.server.services.bus;
    const topics = bus.activeTopics();
    const stuck = bus.subscribe('acct_bridge_test', false);
    expect(bus.activeTopics()).toBe(topics + 1);
    for (let i = 0; i <= SUBSCRIBER_BACKLOG; i++) bus.publish('acct_bridge_test', fakeEvent(i));
    // the bridge hands the burst over in batches; once 10,000 wait unread the subscriber fails
    // and leaves its topic
    const deadline = Date.now() + 10_000;
    while (bus.activeTopics() > topics && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await expect(stuck.next()).rejects.toThrow(/behind/);
    const text = await (await fetch(`${t.server.metricsUrl}/metrics`)).text();
    expect(text).toMatch(/escalation_bridge_failed_total\{stage="subscriber"\} 1/);
  });

  it("a burst of events larger than the bus's listener queue (1024) reaches a live subscriber whole and in order", async () => {
    const bus = t.server.services.bus;
    const reader = bus.subscribe('acct_burst_test', false);
    const got: string[] = [];
    const reading = (async () => {
      for (;;) {
        const r = await reader.next();
        if (r.done) return;
        got.push(r.value.event.id);
        if (got.length === 3000) return;
      }
    })();
    const before = await (await fetch(`${t.server.metricsUrl}/metrics`)).text();
    for (let i = 0; i < 3000; i++) bus.publish('acct_burst_test', fakeEvent(i));
    await reading;
    await reader.return?.();
    expect(got).toEqual(Array.from({ length: 3000 }, (_, i) => `evt_test${i}`));
    const after = await (await fetch(`${t.server.metricsUrl}/metrics`)).text();
    const publishFailed = (text: string) => /escalation_bridge_failed_total\{stage="publish"\} (\d+)/.exec(text)?.[1];
    expect(publishFailed(after)).toBe(publishFailed(before));
  });

  it('counts a committed event the bus could not take, without failing the caller', () => {
    const failures = newBridgeFailures();
    const inner = { publish: () => { throw new TypeError('Do not know how to serialize a BigInt'); } } as unknown as EventBus;
    const bus = instrumentBus(inner, failures, pino({ level: 'silent' }));
    expect(() => bus.publish('acct_x', fakeEvent(1))).not.toThrow();
    expect(failures).toEqual({ publish: 1, subscriber: 0 });
  });
});
