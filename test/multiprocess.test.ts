// Two server processes on one PostgreSQL database (and one Redis): an Idempotency-Key used
// on both executes once, and a subscriber on one process sees a mutation made on the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { createApiKey } from '../src/auth/keys.js';
import { findOrCreateAccount } from '../src/accounts.js';
import { api, hasPostgres, hasRedis, TEA_ORDER } from './helpers/server.js';
import { spawnServer, type ServerProcess } from './helpers/process.js';
import { skipping } from './helpers/skip.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.skipIf(skipping(!hasPostgres, 'two server processes need DATABASE_URL (PostgreSQL)'))('two server processes on one PostgreSQL database', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'commerce-a-')), mkdtempSync(join(tmpdir(), 'commerce-b-'))];
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let accountId: string;
  let key: string;

  beforeAll(async () => {
    const base = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, LOG_LEVEL: 'info', PRINT_SANDBOX_KEY: 'false' };
    [a, b] = await Promise.all(dirs.map((d) => spawnServer({ ...base, DATA_DIR: d })));
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dirs[0], poolSize: 2 });
    const { account } = await findOrCreateAccount(db.prisma, `multiprocess-${Date.now()}`);
    accountId = account.id;
    key = (await createApiKey(db.prisma, { accountId, type: 'secret', mode: 'test' })).secret;
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('executes one Idempotency-Key once across both processes', async () => {
    const idem = `order-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api(i % 2 ? a.url : b.url, '/v1/orders', { key, body: TEA_ORDER, headers: { 'Idempotency-Key': idem } })),
    );
    for (const r of responses) expect(r.status, r.text).toBe(201);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(await db.prisma.order.count({ where: { accountId } })).toBe(1);
    expect(await db.prisma.event.count({ where: { accountId, type: 'order.created' } })).toBe(1);
  });

  it.skipIf(skipping(!hasRedis, 'cross-process subscriptions need REDIS_URL and DATABASE_URL'))('delivers a mutation on one process to a subscriber on the other (Redis)', async () => {
    const client = createClient({
      url: `${a.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    try {
      const received = new Promise<any>((resolve, reject) => {
        client.subscribe(
          { query: 'subscription { events(types: ["order.created"]) { id type data } }' },
          { next: (msg) => resolve(msg), error: reject, complete: () => {} },
        );
      });
      // the subscription is registered once the server acknowledged it; give Redis a moment
      await new Promise((r) => setTimeout(r, 500));
      const created = await api(b.url, '/v1/orders', { key, body: { ...TEA_ORDER, metadata: { via: 'b' } } });
      expect(created.status).toBe(201);
      const msg = await received;
      expect(msg.data.events.type).toBe('order.created');
      expect(msg.data.events.data.object.id).toBe(created.body.id);
    } finally {
      await client.dispose();
    }
  });
});
