// Two server processes on one PostgreSQL database and one Redis: an account's plan budget is
// one budget, whichever replica answers (the counters are in Redis).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { api, hasPostgres, hasRedis } from '../helpers/server.js';
import { spawnServer, type ServerProcess } from '../helpers/process.js';
import { skipping } from '../helpers/skip.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.skipIf(skipping(!hasPostgres || !hasRedis, 'a budget shared by two server processes needs DATABASE_URL (PostgreSQL) and REDIS_URL'))('two server processes on one Redis', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'commerce-limits-a-')), mkdtempSync(join(tmpdir(), 'commerce-limits-b-'))];
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let key: string;

  beforeAll(async () => {
    const base = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, PRINT_SANDBOX_KEY: 'false', DEFAULT_PLAN: 'free' };
    [a, b] = await Promise.all(dirs.map((d) => spawnServer({ ...base, DATA_DIR: d })));
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dirs[0], poolSize: 2 });
    const { account } = await findOrCreateAccount(db.prisma, `limits-multiprocess-${process.pid}-${Date.now()}`, 'free');
    key = (await createApiKey(db.prisma, { accountId: account.id, type: 'secret', mode: 'test' })).secret;
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('counts the free plan\'s 60 a minute across both, exactly, and refuses on either past it', async () => {
    for (let left = 59; left >= 0; left--) {
      const res = await api(left % 2 ? a.url : b.url, '/v1/customers', { key });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(left));
      expect(res.headers.get('x-ratelimit-bucket')).toBe('minute');
    }
    for (const url of [a.url, b.url]) {
      const res = await api(url, '/v1/customers', { key });
      expect(res.status).toBe(429);
      expect(res.body.error.details).toMatchObject({ limit: 60, remaining: 0, bucket: 'minute' });
    }
  });

  it('holds concurrency across both: at most 10 requests in flight for the account', async () => {
    const { account } = await findOrCreateAccount(db.prisma, `limits-multiprocess-c-${process.pid}-${Date.now()}`, 'free');
    const k = (await createApiKey(db.prisma, { accountId: account.id, type: 'secret', mode: 'test' })).secret;
    const streams = Array.from({ length: 10 }, (_, i) => {
      const controller = new AbortController();
      const res = fetch(`${i % 2 ? a.url : b.url}/graphql`, {
        method: 'POST', signal: controller.signal,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${k}` },
        body: JSON.stringify({ query: 'subscription { events(types: ["order.created"]) { id } }' }),
      });
      return { res, controller };
    });
    try {
      expect((await Promise.all(streams.map((s) => s.res))).map((r) => r.status)).toEqual(Array(10).fill(200));
      for (const url of [a.url, b.url]) {
        const res = await api(url, '/v1/orders', { key: k });
        expect(res.status).toBe(429);
        expect(res.body.error.details).toMatchObject({ bucket: 'concurrent', limit: 10 });
      }
    } finally {
      for (const s of streams) s.controller.abort();
    }
  });
});
