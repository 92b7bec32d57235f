// The benchmark database and its data: creates the database when missing (through a
// connection to the `test` database), applies migrations, and seeds the `bench` account
// with exactly ORDER_COUNT test-mode orders of 1-3 items each. Idempotent: a complete seed
// is reused; anything else (a partial or different seed) is replaced in one transaction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Prisma as P } from '../src/generated/prisma/client.js';
import { rng } from '../test/helpers/rng.js'; // deterministic (mulberry32): every seed has the same shape

export const ORDER_COUNT = 10_000;
export const BENCH_ACCOUNT = 'bench';
export const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** Creates the database of `databaseUrl` when it does not exist. Returns the server version. */
export async function ensureDatabase(databaseUrl: string, adminDatabase = 'test'): Promise<string> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name '${name}' must be [A-Za-z0-9_]+`);
  const admin = new URL(databaseUrl);
  admin.pathname = `/${adminDatabase}`;
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`);
      console.error(`[bench] created database ${name}`);
    }
    const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    return rows[0].v;
  } finally {
    await client.end();
  }
}

export interface Seeded {
  accountId: string;
  /** a fresh sk_test_ key of the bench account (earlier keys of the same name are deleted) */
  secret: string;
  orders: number;
  items: number;
  perStatus: Record<string, number>;
  reused: boolean;
}

export async function seedBench(databaseUrl: string, keyName = 'bench'): Promise<Seeded> {
  const { openDatabase } = await import('../src/db/client.js');
  const { findOrCreateAccount } = await import('../src/accounts.js');
  const { createApiKey } = await import('../src/auth/keys.js');
  const { ID_PREFIX, newId } = await import('../src/ids.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
  const db = await openDatabase({ databaseUrl, dataDir, migrate: true, poolSize: 4 });
  try {
    const prisma = db.prisma;
    const { account } = await findOrCreateAccount(prisma, BENCH_ACCOUNT);
    // the enterprise plan, whose limits the benchmark servers lift (serverChildEnv): the plan
    // limits are not what is measured (a new account starts on free: 60 units a minute)
    await prisma.account.update({ where: { id: account.id }, data: { plan: 'enterprise' } });
    const scope = { accountId: account.id, livemode: false };
    const [orders, withoutItems] = await Promise.all([
      prisma.order.count({ where: scope }),
      prisma.order.count({ where: { ...scope, items: { none: {} } } }),
    ]);
    const reused = orders === ORDER_COUNT && withoutItems === 0;
    if (!reused) {
      const started = Date.now();
      const rand = rng(42);
      const base = Date.UTC(2025, 0, 1);
      const orderRows: P.OrderCreateManyInput[] = [];
      const itemRows: P.OrderItemCreateManyInput[] = [];
      for (let i = 0; i < ORDER_COUNT; i++) {
        // about one order every 50 minutes over a year, never two at the same millisecond
        const createdMs = base + i * 3_000_000 + Math.floor(rand() * 2_000_000);
        const createdAt = new Date(createdMs);
        const id = newId(ID_PREFIX.order, createdMs);
        const status = STATUSES[i % STATUSES.length];
        const currency = rand() < 0.8 ? 'usd' : 'eur';
        const lines = 1 + Math.floor(rand() * 3);
        let amount = 0;
        for (let p = 0; p < lines; p++) {
          const quantity = 1 + Math.floor(rand() * 4);
          const unitAmount = 100 * (1 + Math.floor(rand() * 200));
          amount += quantity * unitAmount;
          itemRows.push({ id: newId(ID_PREFIX.orderItem, createdMs), orderId: id, name: `Item ${1 + Math.floor(rand() * 500)}`, quantity, unitAmount, amount: quantity * unitAmount, position: p });
        }
        const shipped = status === 'shipped' || status === 'delivered';
        const updatedAt = new Date(createdMs + (status === 'pending' ? 0 : 86_400_000));
        orderRows.push({
          id, accountId: account.id, livemode: false, status, currency, amount,
          metadata: { channel: rand() < 0.5 ? 'web' : 'pos', bench: true },
          shippingCarrier: shipped ? 'ups' : null,
          trackingNumber: shipped ? `1Z${String(i).padStart(10, '0')}` : null,
          cancellationReason: status === 'cancelled' ? 'requested_by_customer' : null,
          fulfilledAt: shipped ? updatedAt : null,
          cancelledAt: status === 'cancelled' ? updatedAt : null,
          createdAt, updatedAt,
        });
      }
      await prisma.$transaction(async (tx) => {
        await tx.order.deleteMany({ where: { accountId: account.id } }); // items go by ON DELETE CASCADE
        for (let i = 0; i < orderRows.length; i += 2000) await tx.order.createMany({ data: orderRows.slice(i, i + 2000) });
        for (let i = 0; i < itemRows.length; i += 5000) await tx.orderItem.createMany({ data: itemRows.slice(i, i + 5000) });
      }, { timeout: 120_000, maxWait: 10_000 });
      console.error(`[bench] seeded ${orderRows.length} orders, ${itemRows.length} items in ${Date.now() - started} ms`);
    }
    // the steady state of a table that autovacuum has seen: statistics and visibility map
    // (index-only scans for the COUNT) do not depend on how recently the seed ran
    await prisma.$executeRawUnsafe('VACUUM ANALYZE "Order", "OrderItem"');
    await prisma.apiKey.deleteMany({ where: { accountId: account.id, name: keyName } });
    const { secret } = await createApiKey(prisma, { accountId: account.id, type: 'secret', mode: 'test', name: keyName });
    const [finalOrders, items, groups] = await Promise.all([
      prisma.order.count({ where: scope }),
      prisma.orderItem.count({ where: { order: scope } }),
      prisma.order.groupBy({ by: ['status'], where: scope, _count: { _all: true } }),
    ]);
    if (finalOrders !== ORDER_COUNT) throw new Error(`seed: expected ${ORDER_COUNT} orders, found ${finalOrders}`);
    const perStatus = Object.fromEntries(groups.map((g) => [g.status, g._count._all]));
    return { accountId: account.id, secret, orders: finalOrders, items, perStatus, reused };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
