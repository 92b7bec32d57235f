// Health, readiness and metrics routes.
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, hasRedis, startTestServer, type TestServer } from '../helpers/server.js';

const ADMIN = 'admin-key-for-tests-0123456789';
let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN });
  key = (await t.newAccount()).key;
});
afterAll(async () => { await t?.stop(); });

describe('health', () => {
  it('/health is healthy and counts open WebSocket sessions', async () => {
    const before = await api(t.url, '/health');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: 'healthy', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(before.body.uptime_seconds).toBeGreaterThanOrEqual(0);
    const client = createClient({ url: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` }, lazy: false, retryAttempts: 0 });
    try {
      await new Promise<void>((resolve, reject) => { client.on('connected', () => resolve()); client.on('error', reject); });
      const during = await api(t.url, '/health');
      expect(during.body.active_sessions).toBe(before.body.active_sessions + 1);
    } finally {
      await client.dispose();
    }
  });

  it('/health/live and /health/ready report their checks', async () => {
    expect((await api(t.url, '/health/live')).body).toEqual({ status: 'ok' });
    const ready = await api(t.url, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', broker: hasRedis ? 'ok' : 'not_configured' } });
  });

  it('/metrics needs x-admin-key and serves Prometheus text', async () => {
    const none = await api(t.url, '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('MISSING_API_KEY');
    const wrong = await api(t.url, '/metrics', { headers: { 'x-admin-key': 'nope' } });
    expect(wrong.status).toBe(401);
    const ok = await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_requests_total');
    expect(ok.text).toContain('http_request_duration_seconds_bucket');
  });
});
