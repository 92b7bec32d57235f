// Test harness: a real server on a free port (PGlite in a temp folder, or PostgreSQL/Redis
// when DATABASE_URL/REDIS_URL are set), accounts and keys made for each test, and a small
// HTTP client over fetch.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../../src/server.js';
import { createApiKey, type KeyMode, type KeyType } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { TEST_LIMITS_ENV } from './limits-env.js';

export const hasPostgres = Boolean(process.env.DATABASE_URL);
export const hasRedis = Boolean(process.env.REDIS_URL);

export interface TestAccount {
  accountId: string;
  /** sk_test_ key of this account */
  key: string;
  /** make another key of this account */
  newKey(opts?: { type?: KeyType; mode?: KeyMode; permissions?: string[]; expiresAt?: Date }): Promise<{ id: string; secret: string }>;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  newAccount(name?: string): Promise<TestAccount>;
  stop(): Promise<void>;
}

let counter = 0;

export function testEnv(extra: Record<string, string | undefined> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-test-'));
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (!process.env.DATABASE_URL && template && existsSync(template)) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  return {
    dataDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PRINT_SANDBOX_KEY: 'false',
      // the embedded database's vacuum rounds (src/db/maintenance.ts) would add statements to
      // tests that count them: on in test/db/maintenance.test.ts only
      EMBEDDED_MAINTENANCE_SECS: '0',
      // new accounts on an enterprise plan no test reaches (test/limits/ opts into `free`); every
      // test server sees one client address (127.0.0.1), and bad keys are what many tests send:
      // the throttle of failed authentications is lifted, and tested on its own
      // (test/hardening/auth-throttle)
      ...TEST_LIMITS_ENV,
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      ...extra,
    } as Record<string, string | undefined>,
  };
}

export interface TestServerOptions {
  /**
   * On PostgreSQL, a new database of its own (migrated by the server, dropped by stop()) instead
   * of the one every test server shares. For servers whose background workers must not meet the
   * others': the webhook worker of any server claims every due delivery of its database and
   * schedules the retry by its own WEBHOOK_RETRY_SCALE, refuses loopback targets when
   * WEBHOOK_ALLOW_PRIVATE is off, and so on; and for tests that damage rows on purpose.
   * On PGlite every server has its own database already.
   */
  ownDatabase?: boolean;
}

let ownDatabases = 0;

/** Runs `sql` on the shared PostgreSQL database (CREATE/DROP DATABASE need a connection elsewhere). */
async function onSharedPostgres(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function startTestServer(extra: Record<string, string | undefined> = {}, opts: TestServerOptions = {}): Promise<TestServer> {
  let dropDatabase: (() => Promise<void>) | undefined;
  if (opts.ownDatabase && process.env.DATABASE_URL && !('DATABASE_URL' in extra)) {
    const name = `test_own_${process.pid}_${Date.now()}_${++ownDatabases}`;
    await onSharedPostgres(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    extra = { ...extra, DATABASE_URL: url.toString() };
    dropDatabase = () => onSharedPostgres(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const { dataDir, env } = testEnv(extra);
  let server: RunningServer;
  try {
    server = await startServer(env as NodeJS.ProcessEnv);
  } catch (err) {
    await dropDatabase?.();
    throw err;
  }
  return {
    url: server.url,
    server,
    async newAccount(name) {
      const { account } = await findOrCreateAccount(server.db.prisma, name ?? `test-${process.pid}-${Date.now()}-${++counter}`, server.config.DEFAULT_PLAN);
      const newKey: TestAccount['newKey'] = async (opts = {}) => {
        const { key, secret } = await createApiKey(server.db.prisma, {
          accountId: account.id, type: opts.type ?? 'secret', mode: opts.mode ?? 'test', permissions: opts.permissions, expiresAt: opts.expiresAt,
        });
        return { id: key.id, secret };
      };
      return { accountId: account.id, key: (await newKey()).secret, newKey };
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A request with a JSON body (or raw string body) and a bearer key. */
export async function api<T = any>(
  base: string,
  path: string,
  opts: { method?: string; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method: opts.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** A GraphQL request over HTTP. */
export async function gql<T = any>(
  base: string, key: string | undefined, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {},
): Promise<ApiResponse<{ data?: T; errors?: { message: string; extensions?: Record<string, any> }[] }>> {
  return api(base, '/graphql', { method: 'POST', key, body: { query, variables }, headers });
}

export const TEA_ORDER = { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unit_amount: 450 }] };
