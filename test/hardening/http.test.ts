// The HTTP surface: proxies are trusted only when named, public links come from
// PUBLIC_BASE_URL or the Host, CORS only for listed origins, security headers everywhere,
// GraphiQL and introspection off in production, and no published default secret accepted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { PRODUCTION_ENV, spawnServer, type ServerProcess } from '../helpers/process.js';
import { loadConfig } from '../../src/config.js';
import { embeddedOnly } from '../helpers/skip.js';

let t: TestServer;
let a: TestAccount;
/** PUBLIC_BASE_URL set; CORS_ORIGINS too (the CORS tests' server: neither setting touches the other) */
let pinned: TestServer;
/** TRUST_PROXY names this client */
let proxied: TestServer;

const ADMIN_DEFAULT = 'change-me-to-a-long-random-secret';
const skipSecrets = embeddedOnly('secrets and first start');
type Settled = { server?: ServerProcess; error?: Error };
const settle = (p: Promise<ServerProcess>): Promise<Settled> => p.then((server) => ({ server }), (error: Error) => ({ error }));
// The real processes of 'secrets and first start' (a Node start-up each, and a first start's initdb
// and migrations) start with the file, beside the servers here; their tests wait for them.
let adminRefused: Promise<Settled> | undefined;
let firstStart: Promise<Settled> | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  if (!skipSecrets) {
    const adminDir = mkdtempSync(join(tmpdir(), 'commerce-admin-'));
    // empty: the very first start
    const prodDir = mkdtempSync(join(tmpdir(), 'commerce-prod-'));
    dirs.push(adminDir, prodDir);
    adminRefused = settle(spawnServer({ DATA_DIR: adminDir, ADMIN_API_KEY: ADMIN_DEFAULT }, 120_000));
    firstStart = settle(spawnServer({ DATA_DIR: prodDir, ...PRODUCTION_ENV }, 120_000));
  }
  [t, pinned, proxied] = await Promise.all([
    startTestServer(),
    startTestServer({ PUBLIC_BASE_URL: 'https://api.example.com/', CORS_ORIGINS: 'https://app.example, https://admin.example' }),
    startTestServer({ TRUST_PROXY: '127.0.0.1' }),
  ]);
  a = await t.newAccount();
});
afterAll(async () => {
  // a process a failed test left running
  await Promise.all([adminRefused, firstStart].map(async (p) => (await p)?.server?.stop()));
  await Promise.all([t, pinned, proxied].map((s) => s?.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('proxies and public links', () => {
  it('X-Forwarded-* from an untrusted client change nothing: links use the Host header', async () => {
    const res = await api(t.url, '/api/svc/catalog', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' } });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('evil.example');
    expect(res.body.openapi).toBe(`${t.url}/api/svc/openapi.json`);
  });

  it('PUBLIC_BASE_URL is used when set; a trusted proxy may name the host', async () => {
    const one = await api(pinned.url, '/api/svc/catalog', { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(one.body.openapi).toBe('https://api.example.com/api/svc/openapi.json');
    expect(one.body.starter_kits.python).toBe('https://api.example.com/svc/starter.py');
    const two = await api(proxied.url, '/api/svc/catalog', { headers: { 'x-forwarded-host': 'public.example', 'x-forwarded-proto': 'https' } });
    expect(two.body.openapi).toBe('https://public.example/api/svc/openapi.json');
  });

  it('TRUST_PROXY=true is refused: list the proxies or give a hop count', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) => fetch(`${url}/v1/orders`, {
    method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

  it('no origin is allowed by default: nothing is reflected', async () => {
    const res = await preflight(t.url, 'https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json', authorization: `Bearer ${a.key}` }, body: '{"query":"{ __typename }"}' });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS_ORIGINS lists exact origins, for /v1 and /graphql', async () => {
    const s = pinned;
    const ok = await preflight(s.url, 'https://app.example');
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight(s.url, 'https://app.example.evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const gqlPreflight = await fetch(`${s.url}/graphql`, { method: 'OPTIONS', headers: { origin: 'https://admin.example', 'access-control-request-method': 'POST' } });
    expect(gqlPreflight.headers.get('access-control-allow-origin')).toBe('https://admin.example');
  });
});

describe('security headers', () => {
  it('API answers: nosniff, no-store, a referrer policy; errors too', async () => {
    for (const [path, key] of [['/v1/auth/test', a.key], ['/v1/nope', a.key], ['/v1/orders', undefined], ['/health', undefined]] as const) {
      const res = await api(t.url, path, { key });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('the GraphiQL page has a CSP; GraphiQL and introspection are on outside production', async () => {
    const page = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    // read to the end: a response left unread holds its connection open, and the server's stop
    // (afterAll) would wait a minute or more for it
    await page.text();
    const intro = await gql(t.url, a.key, '{ __schema { queryType { name } } }');
    expect(intro.body.data?.__schema.queryType.name).toBe('Query');
  });

  it('in production GraphiQL and introspection are off unless GRAPHIQL / GRAPHQL_INTROSPECTION say so', async () => {
    // no workers: production refuses loopback webhook targets, and on the shared PostgreSQL database
    // their workers would take (and block) other test servers' deliveries
    const quiet = { WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' };
    const [prod, opened] = await Promise.all([
      startTestServer({ ...PRODUCTION_ENV, ...quiet }),
      startTestServer({ ...PRODUCTION_ENV, GRAPHIQL: 'true', GRAPHQL_INTROSPECTION: 'true', ...quiet }),
    ]);
    try {
      const pa = await prod.newAccount();
      const page = await fetch(`${prod.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toMatch(/graphiql/i);
      const intro = await gql(prod.url, pa.key, '{ __schema { queryType { name } } }');
      expect(intro.body.errors?.[0]?.message).toMatch(/introspection/i);
      const plain = await gql(prod.url, pa.key, '{ orders { id } }');
      expect(plain.body.errors).toBeUndefined();
      const oa = await opened.newAccount();
      expect((await gql(opened.url, oa.key, '{ __schema { queryType { name } } }')).body.data?.__schema.queryType.name).toBe('Query');
      expect(await (await fetch(`${opened.url}/graphql`, { headers: { accept: 'text/html' } })).text()).toMatch(/graphiql/i);
    } finally {
      await Promise.all([prod.stop(), opened.stop()]);
    }
  });
});

describe.skipIf(skipSecrets)('secrets and first start', () => {
  it('a published default ADMIN_API_KEY is refused: the server exits non-zero naming the variable', async () => {
    expect(() => loadConfig({ ADMIN_API_KEY: ADMIN_DEFAULT })).toThrow(/ADMIN_API_KEY/);
    // the server process started with the file (beforeAll)
    const err = (await adminRefused!).error;
    expect(err?.message).toMatch(/exited with 1/);
    expect(err?.message).toMatch(/ADMIN_API_KEY/);
    expect(loadConfig({ ADMIN_API_KEY: 'a'.repeat(8) + 'b7f3c1d9e2a4f6b8' }).ADMIN_API_KEY).toBeDefined();
  });

  it('a production server prints no key at first start', async () => {
    // the server process started with the file (beforeAll), on an empty folder
    const { server, error } = await firstStart!;
    if (error) throw error;
    await server!.stop();
    expect(server!.stdout()).not.toMatch(/sk_test_/);
  });
});
