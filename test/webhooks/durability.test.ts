// Durable delivery with real server processes: a server killed with SIGKILL while deliveries
// are in flight loses none of them (the next process makes them again once their leases
// expire), and two processes on one PostgreSQL never make one attempt twice at once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { api, hasPostgres, TEA_ORDER } from '../helpers/server.js';
import { migratedDataDir, spawnServer, type ServerProcess } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { skipping } from '../helpers/skip.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ORDERS = 20;
// small, so the lease (timeout + 5 s) of an attempt lost with its process expires soon
const TIMEOUT_MS = '3000';

async function accountWithKey(db: Database, name: string) {
  const { account } = await findOrCreateAccount(db.prisma, `${name}-${process.pid}-${Date.now()}`);
  return { accountId: account.id, key: (await createApiKey(db.prisma, { accountId: account.id, type: 'secret', mode: 'test' })).secret };
}

async function createEndpoint(url: string, key: string, receiver: Receiver, path: string) {
  const res = await api(url, '/v1/webhooks', { key, body: { url: `${receiver.url}${path}`, events: ['order.created'] } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** SIGKILL mid-delivery, then a new process on the same database: every event arrives. */
async function killAndRecover(database: 'postgres' | 'pglite') {
  // on PGlite, a copy of the migrated empty database: the first process skips initdb and the
  // migrations (what is tested is the second start after a kill, not the first one)
  const dataDir = database === 'pglite' ? migratedDataDir('commerce-kill-') : mkdtempSync(join(tmpdir(), 'commerce-kill-'));
  const rx = await startReceiver();
  const env = { DATA_DIR: dataDir, DATABASE_URL: database === 'postgres' ? process.env.DATABASE_URL : undefined, PRINT_SANDBOX_KEY: 'false', WEBHOOK_TIMEOUT_MS: TIMEOUT_MS };
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  try {
    first = await spawnServer(env);
    // the key is made through the first server's database (for PGlite: its shared socket)
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
    const { key, accountId } = await accountWithKey(db, 'kill');
    await db.close();
    // held past the kill: every attempt of the first process is in flight when it dies
    rx.answer = () => ({ status: 200, delayMs: 30_000 });
    const path = '/killed';
    await createEndpoint(first.url, key, rx, path);
    for (let i = 0; i < ORDERS; i++) expect((await api(first.url, '/v1/orders', { key, body: TEA_ORDER })).status).toBe(201);
    await rx.waitFor(() => rx.arrivals.length >= 1, 20_000, 'a first attempt');
    first.proc.kill('SIGKILL');
    await new Promise((r) => first!.proc.once('exit', r));
    const killedAt = Date.now();
    rx.answer = () => ({ status: 200 });

    second = await spawnServer(env);
    const check = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
    try {
      const events = await check.prisma.event.findMany({ where: { accountId, type: 'order.created' }, select: { id: true } });
      expect(events).toHaveLength(ORDERS);
      const wanted = new Set(events.map((e) => e.id));
      // within WEBHOOK_TIMEOUT_MS + 60 s of the restart, each event answered 200 at least once
      const answered = (got: typeof rx.received, id: string) => got.some((r) => r.path === path && r.at > killedAt && r.headers['webhook-id'] === id);
      await rx.waitFor((got) => [...wanted].every((id) => answered(got, id)), Number(TIMEOUT_MS) + 60_000, 'every event');
      const deliveries = await check.prisma.webhookDelivery.findMany({ where: { accountId }, select: { status: true } });
      expect(deliveries).toHaveLength(ORDERS);
      await expect.poll(async () => check.prisma.webhookDelivery.count({ where: { accountId, status: 'succeeded' } }), { timeout: 20_000 }).toBe(ORDERS);
    } finally {
      await check.close();
    }
  } finally {
    first?.proc.kill('SIGKILL');
    await second?.stop();
    await rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a server killed with SIGKILL mid-delivery loses no delivery', () => {
  it.skipIf(skipping(!hasPostgres, 'SIGKILL mid-delivery on PostgreSQL needs DATABASE_URL'))('on PostgreSQL', () => killAndRecover('postgres'));
  it.skipIf(skipping(hasPostgres, 'SIGKILL mid-delivery on the embedded database runs when DATABASE_URL is unset'))('on the embedded database', () => killAndRecover('pglite'));
});

describe.skipIf(skipping(!hasPostgres, 'webhook delivery from two server processes needs DATABASE_URL (PostgreSQL)'))('two server processes on one PostgreSQL', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'commerce-wa-')), mkdtempSync(join(tmpdir(), 'commerce-wb-'))];
  let servers: ServerProcess[] = [];
  let db: Database;
  let rx: Receiver;

  beforeAll(async () => {
    rx = await startReceiver();
    // replicas share the key that seals webhook secrets, as the README asks
    const SVC_ENCRYPTION_KEY = randomBytes(32).toString('hex');
    servers = await Promise.all(dirs.map((d) => spawnServer({ DATA_DIR: d, DATABASE_URL: process.env.DATABASE_URL, PRINT_SANDBOX_KEY: 'false', SVC_ENCRYPTION_KEY })));
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dirs[0], poolSize: 1 });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await rx?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('deliver each event once, and never the same attempt from both at once', async () => {
    const { key, accountId } = await accountWithKey(db, 'two');
    rx.answer = () => ({ status: 200, delayMs: 20 });
    await createEndpoint(servers[0].url, key, rx, '/both');
    const total = 60;
    const created = await Promise.all(Array.from({ length: total }, (_, i) => api(servers[i % 2].url, '/v1/orders', { key, body: TEA_ORDER })));
    expect(created.map((r) => r.status)).toEqual(Array.from({ length: total }, () => 201));
    await rx.waitFor((got) => got.filter((r) => r.path === '/both').length >= total, 60_000, 'every event');
    // a marker later: anything sent twice would have arrived by now
    await createEndpoint(servers[1].url, key, rx, '/marker');
    await api(servers[1].url, '/v1/orders', { key, body: TEA_ORDER });
    // the marker event goes to both endpoints, each delivery on its own: wait for both (the one
    // to /both can come after the one to /marker)
    await rx.waitFor((got) => got.some((r) => r.path === '/marker') && got.filter((r) => r.path === '/both').length >= total + 1, 30_000, 'the marker at both endpoints');
    const ids = rx.received.filter((r) => r.path === '/both').map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(total + 1);
    expect(ids).toHaveLength(total + 1);
    expect(rx.overlaps).toEqual([]);
    await expect.poll(() => db.prisma.webhookDelivery.count({ where: { accountId, status: 'succeeded' } }), { timeout: 20_000 }).toBe(total + 2);
  });
});
