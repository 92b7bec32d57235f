// Stream authentication (src/ops/admin/transport.ts, src/graphql/http.ts): the legacy
// `?access_token=` on SSE and WebSocket is off by default and refused with 401 (never
// ignored), switched on and off at run time by POST /admin/auth/transport, counted by method,
// and reported by /admin/alerts/auth-transport; the token never reaches the logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, hasPostgres, startTestServer, type TestAccount, type TestServer } from '../../helpers/server.js';
import { spawnServer } from '../../helpers/process.js';
import { StreamTransport } from '../../../src/ops/admin/transport.js';

const ADMIN = 'stream-transport-admin-key-0123456789';
const admin = { 'x-admin-key': ADMIN };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SUBSCRIPTION = 'subscription { events(types: ["customer.*"]) { id type } }';

let t: TestServer;
let a: TestAccount;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  a = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const status = async (base = t.url) => (await api(base, '/admin/auth/transport', { headers: admin })).body;
const alerts = async (base = t.url) => (await api(base, '/admin/alerts/auth-transport', { headers: admin })).body;
const toggle = (enabled: unknown, base = t.url) => api(base, '/admin/auth/transport', { headers: admin, body: { legacy_query_auth: enabled } });
const customer = (name: string) => api(t.url, '/v1/customers', { key: a.key, body: { name } });

/** An SSE subscription; resolves with the first `next` payload (or the refusal's answer). */
async function sse(base: string, path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, {
    method: 'POST', signal: controller.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query: SUBSCRIPTION }),
  });
  return { res, controller };
}

async function firstEvent(res: Response, timeoutMs = 8000): Promise<any> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => ({ done: true, value: undefined }))]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const m = /event: next\ndata: (.*)\n/.exec(buffer);
      if (m) return JSON.parse(m[1]!);
    }
    throw new Error(`no event: ${buffer}`);
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A WebSocket upgrade's refusal: status and body. */
function refusedUpgrade(url: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'graphql-transport-ws');
    ws.on('open', () => { ws.close(); reject(new Error('the upgrade was accepted')); });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.on('error', () => {});
  });
}

function wsClient(url: string, connectionParams: Record<string, unknown>) {
  let connected!: () => void;
  let closed!: (code: number) => void;
  const ready = new Promise<void>((r) => { connected = r; });
  const closedP = new Promise<number>((r) => { closed = r; });
  const client = createClient({
    url, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, connectionParams,
    on: { connected: () => connected(), closed: (e) => closed((e as { code?: number }).code ?? -1) },
    onNonLazyError: () => {},
  });
  return { client, ready, closed: closedP };
}

describe('off by default', () => {
  it('reports the switch off, no uses, and the stream secret (JWT_SECRET) as not configured', async () => {
    const s = await status();
    expect(s.legacy_query_auth).toMatchObject({ enabled: false, parameter: 'access_token', configured_default: false, source: 'config' });
    expect(s.counters).toMatchObject({ header: 0, connection_params: 0, legacy_query: 0, legacy_refused: 0 });
    expect(s.stream_secret).toMatchObject({ configured: false, shared_by_replicas: false });
    expect(s.stream_secret.source).toMatch(/generated/);
    const al = await alerts();
    expect(al.state).toBe(hasPostgres ? 'warn' : 'ok');
    expect(al.alerts.map((x: { code: string }) => x.code)).toEqual(hasPostgres ? ['STREAM_SECRET_NOT_SHARED'] : []);
  });

  it('SSE with ?access_token= is refused with 401, even beside a valid header; SSE with the header streams', async () => {
    const { res } = await sse(t.url, `/graphql?access_token=${a.key}`);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.errors[0].extensions).toMatchObject({ code: 'INVALID_TOKEN_FORMAT', status: 401 });
    expect(body.errors[0].message).toMatch(/disabled/);
    expect(JSON.stringify(body)).not.toContain(a.key);
    const both = await sse(t.url, `/graphql?access_token=${a.key}`, { authorization: `Bearer ${a.key}` });
    expect(both.res.status).toBe(401);
    await both.res.text();

    const ok = await sse(t.url, '/graphql', { authorization: `Bearer ${a.key}` });
    expect(ok.res.status).toBe(200);
    const event = firstEvent(ok.res);
    await sleep(400);
    await customer('via header');
    expect((await event).data.events.type).toBe('customer.created');
    ok.controller.abort();
    const s = await status();
    expect(s.counters.header).toBe(1);
    expect(s.counters.legacy_refused_by_reason.disabled).toBe(2);
  });

  it('a WebSocket upgrade with ?access_token= is refused with 401 in the envelope; connectionParams work', async () => {
    const refused = await refusedUpgrade(`${t.url.replace(/^http/, 'ws')}/graphql?access_token=${a.key}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_TOKEN_FORMAT', status: 401, param: 'access_token' });
    const c = wsClient(`${t.url.replace(/^http/, 'ws')}/graphql`, { authorization: `Bearer ${a.key}` });
    await c.ready;
    await c.client.dispose();
    const s = await status();
    expect(s.counters.connection_params).toBe(1);
    expect(s.counters.legacy_refused).toBe(3);
    const al = await alerts();
    expect(al.state).toBe('warn');
    expect(al.alerts.map((x: { code: string }) => x.code)).toContain('LEGACY_QUERY_AUTH_REFUSED');
  });
});

describe('the switch', () => {
  it('refuses bad bodies with 400 and needs x-admin-key', async () => {
    for (const body of [{}, { legacy_query_auth: 'yes' }, { legacy_query_auth: 1 }, { legacy_query_auth: true, other: 1 }, [true]]) {
      const res = await api(t.url, '/admin/auth/transport', { headers: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.type).toBe('validation_error');
    }
    const bad = await api(t.url, '/admin/auth/transport', { headers: admin, rawBody: '{"legacy_query_auth": tru' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_JSON');
    for (const [method, path] of [['GET', '/admin/auth/transport'], ['POST', '/admin/auth/transport'], ['GET', '/admin/alerts/auth-transport']]) {
      const res = await api(t.url, path!, { method, body: method === 'POST' ? { legacy_query_auth: true } : undefined });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('MISSING_API_KEY');
    }
    expect((await status()).legacy_query_auth.enabled).toBe(false);
  });

  it('on: SSE and WebSocket authenticate with ?access_token=, counted as legacy; a plain request with it is refused', async () => {
    const on = await toggle(true);
    expect(on.status).toBe(200);
    expect(on.body.legacy_query_auth).toMatchObject({ enabled: true, source: 'admin' });
    expect(on.body.legacy_query_auth.changed_at).toBeTruthy();

    const stream = await sse(t.url, `/graphql?access_token=${a.key}`);
    expect(stream.res.status).toBe(200);
    const event = firstEvent(stream.res);
    const ws = wsClient(`${t.url.replace(/^http/, 'ws')}/graphql?access_token=${a.key}`, {});
    await ws.ready;
    const wsEvents: string[] = [];
    ws.client.subscribe<{ events: { type: string } }>({ query: SUBSCRIPTION }, { next: (v) => { if (v.data) wsEvents.push(v.data.events.type); }, error: () => {}, complete: () => {} });
    await sleep(400);
    await customer('via query');
    expect((await event).data.events.type).toBe('customer.created');
    stream.controller.abort();
    const deadline = Date.now() + 5000;
    while (wsEvents.length === 0 && Date.now() < deadline) await sleep(50);
    expect(wsEvents).toEqual(['customer.created']);
    await ws.client.dispose();

    // a bad token in the URL is a 401 like a bad header
    const wrong = await sse(t.url, '/graphql?access_token=sk_test_nope');
    expect(wrong.res.status).toBe(401);
    expect((await wrong.res.json()).errors[0].extensions.code).toBe('INVALID_API_KEY');
    // not a stream: refused, the key goes in the header
    const plain = await api(t.url, `/graphql?access_token=${a.key}`, { body: { query: '{ __typename }' } });
    expect(plain.status).toBe(401);
    expect(plain.body.errors[0].extensions.code).toBe('INVALID_TOKEN_FORMAT');
    expect(plain.body.errors[0].message).toMatch(/streams only/);

    const s = await status();
    expect(s.counters.legacy_query).toBe(2);
    expect(s.counters.legacy_query_by_transport).toEqual({ sse: 1, websocket: 1 });
    expect(s.counters.legacy_refused_by_reason.not_a_stream).toBe(1);
    const al = await alerts();
    expect(al.state).toBe('warn');
    const codes = al.alerts.map((x: { code: string }) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['LEGACY_QUERY_AUTH_ENABLED', 'LEGACY_QUERY_AUTH_USED']));
    for (const x of al.alerts) expect(x).toMatchObject({ code: expect.any(String), message: expect.any(String), severity: expect.stringMatching(/^(warn|error)$/) });

    const prom = await api(t.url, '/metrics', { headers: admin });
    expect(prom.text).toMatch(/stream_auth_total\{method="legacy_query"\} 2/);
    expect(prom.text).toMatch(/stream_auth_legacy_refused_total\{reason="disabled"\} 3/);
    expect(prom.text).toMatch(/stream_legacy_query_auth_enabled 1/);

    // off again: refused at once
    expect((await toggle(false)).body.legacy_query_auth.enabled).toBe(false);
    const again = await sse(t.url, `/graphql?access_token=${a.key}`);
    expect(again.res.status).toBe(401);
    await again.res.text();
  });
});

describe('the rollout state', () => {
  it('is error when the stream secret is missing in production, warn where replicas may not share it', () => {
    const prod = new StreamTransport({ legacyQueryAuth: false, production: true, streamSecretConfigured: false, sharedDatabase: true }).alerts();
    expect(prod.state).toBe('error');
    expect(prod.alerts[0]).toMatchObject({ code: 'STREAM_SECRET_MISSING', severity: 'error' });
    const shared = new StreamTransport({ legacyQueryAuth: false, production: false, streamSecretConfigured: false, sharedDatabase: true }).alerts();
    expect(shared).toMatchObject({ state: 'warn', alerts: [{ code: 'STREAM_SECRET_NOT_SHARED' }] });
    const fine = new StreamTransport({ legacyQueryAuth: false, production: true, streamSecretConfigured: true, sharedDatabase: true }).alerts();
    expect(fine).toEqual({ state: 'ok', alerts: [] });
    const enabled = new StreamTransport({ legacyQueryAuth: true, production: true, streamSecretConfigured: true, sharedDatabase: true }).alerts();
    expect(enabled).toMatchObject({ state: 'warn', alerts: [{ code: 'LEGACY_QUERY_AUTH_ENABLED' }] });
  });
});

describe('logs', () => {
  it('never carry the token of ?access_token=, refused or accepted (a real server process, LOG_LEVEL=info)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'commerce-transport-'));
    const p = await spawnServer({ DATA_DIR: dataDir, ADMIN_API_KEY: ADMIN, PRINT_SANDBOX_KEY: 'true', WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
    try {
      const key = /(sk_test_[0-9A-Za-z]{32,64})/.exec(p.stdout())?.[1];
      expect(key).toBeTruthy();
      const ws = p.url.replace(/^http/, 'ws');
      const refused = await sse(p.url, `/graphql?access_token=${key}`);
      expect(refused.res.status).toBe(401);
      await refused.res.text();
      expect((await refusedUpgrade(`${ws}/graphql?access_token=${key}`)).status).toBe(401);
      expect((await toggle(true, p.url)).status).toBe(200);
      const accepted = await sse(p.url, `/graphql?access_token=${key}`);
      expect(accepted.res.status).toBe(200);
      accepted.controller.abort();
      const c = wsClient(`${ws}/graphql?access_token=${key}`, {});
      await c.ready;
      await c.client.dispose();
      const bad = await sse(p.url, `/graphql?access_token=${key}x`);
      expect(bad.res.status).toBe(401);
      await bad.res.text();
      await sleep(300);
      const logLines = p.stdout().split('\n').filter((l) => l.startsWith('{'));
      const requestLines = logLines.filter((l) => l.includes('"msg":"request"') && l.includes('/graphql'));
      // the refused and the wrong-key streams (an aborted stream ends without a response line)
      expect(requestLines.length).toBeGreaterThanOrEqual(2);
      expect(requestLines.some((l) => l.includes('access_token=%5Bredacted%5D'))).toBe(true);
      for (const line of logLines) {
        expect(line).not.toContain(key!);
        expect(line).not.toContain(key!.slice(8));
      }
    } finally {
      await p.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
