// Every request is logged, and no key, secret, token, cookie or idempotency key reaches the
// log, whatever the path it came in by (headers, query strings, bodies, WebSocket parameters).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { openDatabase } from '../../src/db/client.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { pino } from 'pino';
import { lazyChildLogger, loggableUrl, REDACT_PATHS } from '../../src/ops/logging.js';
import { api } from '../helpers/server.js';
import { spawnServer, type ServerProcess } from '../helpers/process.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('request logs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-log-'));
  let server: ServerProcess;
  let key: string;
  const ADMIN = 'admin-0f3b9c2d7e1a4b6c8d0e2f4a6b8c0d1e';

  beforeAll(async () => {
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', PRINT_SANDBOX_KEY: 'false', ADMIN_API_KEY: ADMIN, DATABASE_URL: undefined });
    const db = await openDatabase({ dataDir, poolSize: 1 });
    const { account } = await findOrCreateAccount(db.prisma, 'logging');
    key = (await createApiKey(db.prisma, { accountId: account.id, type: 'secret', mode: 'test' })).secret;
    await db.close();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs each request with method, path, status and time, and never a credential', async () => {
    const idem = 'idem-log-test-7c1e2f';
    const secrets: string[] = [key, idem, ADMIN, 'cookie-value-91ab'];
    await api(server.url, '/v1/orders', { key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] }, headers: { 'Idempotency-Key': idem, cookie: 'session=cookie-value-91ab' } });
    await api(server.url, `/v1/orders?limit=2&api_key=${key}&token=${key}&status_eq=pending`, { key });
    await api(server.url, `/v1/customers?search=${encodeURIComponent(key)}`);
    await api(server.url, '/v1/orders', { headers: { authorization: `Bearer ${key}x` } });
    await api(server.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
    await api(server.url, '/api/svc/decisions', { body: {}, headers: { 'x-svc-api-key': key } });
    const hook = await api(server.url, '/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] } });
    expect(hook.status).toBe(201);
    secrets.push(hook.body.secret);
    // a WebSocket with the key in its connection parameters
    const client = createClient({ url: `${server.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` }, retryAttempts: 0 });
    await new Promise<void>((resolve) => {
      const stop = client.subscribe({ query: '{ __typename }' }, { next: () => {}, error: () => resolve(), complete: () => resolve() });
      setTimeout(() => { stop(); resolve(); }, 3000);
    });
    await client.dispose();
    await new Promise((r) => setTimeout(r, 300));

    const log = server.stdout();
    const lines = log.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(7);
    expect(requests.find((r) => r.method === 'POST' && r.url === '/v1/orders')).toMatchObject({ status: 201 });
    expect(requests.find((r) => String(r.url).startsWith('/v1/orders?'))?.url).toBe('/v1/orders?limit=2&api_key=%5Bredacted%5D&token=%5Bredacted%5D&status_eq=pending');
    for (const r of requests) {
      expect(typeof r.ms).toBe('number');
      expect(r.request_id).toMatch(/^req_/);
    }
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 8)}...`).not.toContain(secret);
    expect(log).not.toContain(key.slice(8)); // not even the key without its prefix
  });
});

describe('loggableUrl', () => {
  it('redacts sensitive parameter names and credential-looking values, keeps the rest', () => {
    expect(loggableUrl('/v1/orders')).toBe('/v1/orders');
    expect(loggableUrl('/x?access_token=abc&limit=5')).toBe('/x?access_token=%5Bredacted%5D&limit=5');
    expect(loggableUrl('/x?q=sk_test_abcdefabcdefabcdefabcdefabcdefab')).toBe('/x?q=%5Bredacted%5D');
    expect(loggableUrl('/x?q=whsec_abc')).toBe('/x?q=%5Bredacted%5D');
    expect(loggableUrl('/oauth/callback?code=xyz&state=1')).toBe('/oauth/callback?code=%5Bredacted%5D&state=1');
  });

  it('redacts credential-shaped path segments and the decision service\'s idempotency keys', () => {
    expect(loggableUrl('/api/svc/requests/svc_test_abcdefabcdefabcdefabcdef')).toBe('/api/svc/requests/[redacted]');
    expect(loggableUrl('/api/svc/requests/0b8d6c1e-5b1f-4d1e-9a55-5f6e1c2d3b4a?x=1')).toBe('/api/svc/requests/[redacted]?x=1');
    expect(loggableUrl('/v1/orders/sk_live_abcdefabcdefabcdefabcdef')).toBe('/v1/orders/[redacted]');
    expect(loggableUrl('/v1/orders/sk%5Ftest%5Fabcdefabcdef')).toBe('/v1/orders/[redacted]');
    expect(loggableUrl('/v1/orders/ord_123/cancel')).toBe('/v1/orders/ord_123/cancel');
  });
});

describe('lazyChildLogger (a request\'s logger)', () => {
  function logger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const parent = pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const child = vi.spyOn(parent, 'child');
    return { parent, lines, child };
  }

  it('makes the child on the first line at an enabled level; the line carries the bindings and is redacted as the parent\'s', () => {
    const { parent, lines, child } = logger('warn');
    const log = lazyChildLogger(parent, { request_id: 'req_1' });
    log.info({ a: 1 }, 'not logged');
    log.debug('nor this');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    log.warn({ secret: 'sk_test_x', nested: { token: 't' }, n: 2 }, 'kept');
    log.error('again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, request_id: 'req_1', msg: 'kept', secret: '[redacted]', nested: { token: '[redacted]' }, n: 2 });
    expect(lines[1]).toMatchObject({ level: 50, request_id: 'req_1', msg: 'again' });
    // a grandchild carries both bindings; a level set on the request's logger is its own
    log.child({ step: 'x' }).warn('deeper');
    expect(lines[2]).toMatchObject({ request_id: 'req_1', step: 'x', msg: 'deeper' });
    log.level = 'info';
    log.info('now');
    expect(lines[3]).toMatchObject({ request_id: 'req_1', msg: 'now', level: 30 });
    expect(parent.level).toBe('warn');
  });

  it('with options (a route\'s own log level) it is pino\'s child at once', () => {
    const { parent, lines } = logger('warn');
    const log = lazyChildLogger(parent, { request_id: 'req_2' }, { level: 'info' });
    log.info('route level');
    expect(lines[0]).toMatchObject({ request_id: 'req_2', msg: 'route level' });
  });
});
