// The raw transaction (src/db/raw-transaction.ts): plain SQL on a pooled pg connection without
// Prisma's client, values and rows as Prisma's raw queries have them; anything else rolls it
// back with RawTransactionUnsupported, and executeMutation then runs the operation on Prisma.
// PostgreSQL only (the embedded database has no raw transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawTransactionUnsupported } from '../../src/db/raw-transaction.js';
import { api, hasPostgres, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { fundWallet, newSigningSecret } from '../helpers/money.js';
import { skipping } from '../helpers/skip.js';
import { newProduct, stock } from '../inventory/helpers.js';

const table = `raw_tx_${process.pid}_${Date.now()}`;

describe.skipIf(skipping(!hasPostgres, 'raw transactions: DATABASE_URL (PostgreSQL) is not set'))('raw transactions on PostgreSQL', () => {
  let t: TestServer;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
    [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
    await t.server.db.prisma.$executeRawUnsafe(`CREATE TABLE ${table} (id int PRIMARY KEY, big bigint, doc jsonb, at timestamptz)`);
  });
  afterAll(async () => {
    await t?.server.db.prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS ${table}`);
    await t?.stop();
  });

  const raw = () => t.server.db.rawTransaction!;
  const rows = () => t.server.db.prisma.$queryRawUnsafe<{ id: number; big: bigint; doc: unknown; at: Date }[]>(`SELECT * FROM ${table} ORDER BY id`);

  /** Runs `fn` counting the transactions opened on Prisma's client meanwhile (the raw path opens none). */
  async function countingPrismaTransactions(fn: (count: { n: number }) => Promise<void>): Promise<void> {
    const prisma = t.server.db.prisma;
    const count = { n: 0 };
    const original = prisma.$transaction.bind(prisma);
    (prisma as unknown as { $transaction: unknown }).$transaction = (...args: Parameters<typeof original>) => {
      count.n++;
      return original(...args);
    };
    try {
      await fn(count);
    } finally {
      (prisma as unknown as { $transaction: unknown }).$transaction = original;
    }
  }

  it('commits its statements; values and rows as through Prisma (bigint, json, Date)', async () => {
    const at = new Date('2026-11-25T10:11:12.345Z');
    const out = await raw()(async (tx) => {
      expect(await tx.$executeRawUnsafe(`INSERT INTO ${table} VALUES ($1, $2, $3::jsonb, $4)`, 1, 9007199254740993n, JSON.stringify({ k: ['v'] }), at)).toBe(1);
      return tx.$queryRawUnsafe<{ id: number; big: bigint; doc: unknown; at: Date }[]>(`SELECT * FROM ${table} WHERE id = $1`, 1);
    });
    const viaPrisma = await rows();
    expect(out).toEqual(viaPrisma);
    expect(out[0]).toEqual({ id: 1, big: 9007199254740993n, doc: { k: ['v'] }, at });
  });

  it('rolls back when its function throws, and when it reaches for a model delegate', async () => {
    await expect(raw()(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (id) VALUES (2)`);
      throw new Error('no');
    })).rejects.toThrow('no');
    await expect(raw()(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (id) VALUES (3)`);
      (tx as unknown as { account: { findMany(): unknown } }).account.findMany();
    })).rejects.toBeInstanceOf(RawTransactionUnsupported);
    expect((await rows()).map((r) => r.id)).toEqual([1]);
  });

  it('a backend terminated in the middle fails that transaction only (no uncaught error); the next one gets a new connection', async () => {
    await expect(raw()(async (tx) => {
      const [{ pid }] = await tx.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
      await t.server.db.prisma.$queryRawUnsafe('SELECT pg_terminate_backend($1::int)', pid);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.$queryRawUnsafe(`INSERT INTO ${table} (id) VALUES (4)`);
    })).rejects.toThrow();
    expect(await raw()((tx) => tx.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    expect((await rows()).map((r) => r.id)).toEqual([1]);
  });

  it('runs named prepared statements (parsed once per connection), or unnamed ones when told not to', async () => {
    const pool = new (await import('pg')).default.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const { rawTransaction } = await import('../../src/db/raw-transaction.js');
      const counter = { n: 0 };
      const text = `SELECT count(*)::int AS n FROM ${table} WHERE id > $1`;
      for (const prepared of [true, false]) {
        await rawTransaction(pool, counter, (tx) => tx.$queryRawUnsafe(text, 0), prepared);
        const names = await pool.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
        expect(names.rows.some((r) => r.statement === text)).toBe(prepared);
        await pool.query('DEALLOCATE ALL');
        // pg remembers what it parsed on this connection: forget it with the server's copy
        const client = await pool.connect();
        (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements = {};
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('a transfer between known wallets runs without Prisma\'s transaction, with an Idempotency-Key too; its replay, and one from a wallet never used, on Prisma; all move the coin once', async () => {
    await countingPrismaTransactions(async (count) => {
      const secret = await newSigningSecret(t, a);
      await fundWallet(t, a, secret, '10');
      const to = (await api(t.url, '/v1/stablecoin/balance', { key: b.key })).body.address as string;
      count.n = 0;
      const first = await api(t.url, '/v1/stablecoin/transfer', { key: a.key, body: { amount: '1', to } });
      expect(first.status, first.text).toBe(201);
      // between known wallets the whole transfer is one statement, sent with BEGIN and COMMIT
      // (counted: the statement and its COMMIT; the key is cached by now). Four transfers, the
      // fewest statements of them: the key cache may revalidate in the background meanwhile
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) {
        const before = t.server.db.queryCount();
        const second = await api(t.url, '/v1/stablecoin/transfer', { key: a.key, body: { amount: '0.5', to } });
        expect(second.status, second.text).toBe(201);
        counts.push(t.server.db.queryCount() - before);
      }
      expect(Math.min(...counts)).toBe(2);
      expect(count.n).toBe(0);
      // with an Idempotency-Key too (its claim is a plain statement); its replay reads the
      // record through Prisma's client: the raw attempt rolls back and the replay runs there
      const idempotencyKey = `raw-${Date.now()}`;
      const keyed = await api(t.url, '/v1/stablecoin/transfer', { key: a.key, body: { amount: '3', to }, headers: { 'idempotency-key': idempotencyKey } });
      expect(keyed.status, keyed.text).toBe(201);
      expect(count.n).toBe(0);
      const replay = await api(t.url, '/v1/stablecoin/transfer', { key: a.key, body: { amount: '3', to }, headers: { 'idempotency-key': idempotencyKey } });
      expect(replay.status, replay.text).toBe(201);
      expect(replay.body).toEqual(keyed.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(count.n).toBe(1);
      count.n = 0;
      // a refusal on the raw path: 422, nothing moved
      const over = await api(t.url, '/v1/stablecoin/transfer', { key: a.key, body: { amount: '5', to } });
      expect(over.status, over.text).toBe(422);
      expect(over.body.error.code).toBe('INSUFFICIENT_FUNDS');
      // b's wallet is known once read: its transfer back runs raw too
      count.n = 0;
      const from = (await api(t.url, '/v1/stablecoin/balance', { key: a.key })).body.address as string;
      const back = await api(t.url, '/v1/stablecoin/transfer', { key: b.key, body: { amount: '0.5', to: from } });
      expect(back.status, back.text).toBe(201);
      expect(count.n).toBe(0);
      // an account that never had a wallet: the raw attempt reaches for Prisma (the wallet is
      // made on first use), rolls back, and the operation runs again there: 422, nothing kept
      const c = await t.newAccount();
      const none = await api(t.url, '/v1/stablecoin/transfer', { key: c.key, body: { amount: '1', to } });
      expect(none.status, none.text).toBe(422);
      expect(none.body.error.code).toBe('INSUFFICIENT_FUNDS');
      // the refusal is reported as api.error, in a transaction of its own once it is answered:
      // with it recorded, two Prisma transactions in all (the operation's rerun and that one)
      for (let i = 0; i < 100; i++) {
        const reported = await api(t.url, '/v1/events?type=api.error', { key: c.key });
        if (reported.body.data.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(count.n).toBe(2);
      const balances = await Promise.all([a, b, c].map(async (x) => (await api(t.url, '/v1/stablecoin/balance', { key: x.key })).body.balance));
      expect(balances).toEqual(['4.5', '5.5', '0']);
      const events = await api(t.url, '/v1/events?limit=100', { key: b.key });
      expect(events.body.data.filter((e: { type: string }) => e.type === 'stablecoin.transferred').length).toBe(7);
    });
  });
  it('orders: create (with a customer and tracked stock), metadata and field updates, hold, release, fulfil and cancel run without Prisma\'s transaction, with the same answers, events and stock; an order on a test clock moves in the clock\'s time, also without Prisma', async () => {
    const call = (path: string, body: unknown = {}, method?: string) => api(t.url, path, { key: a.key, body, ...(method ? { method } : {}) });
    await countingPrismaTransactions(async (count) => {
      const product = await newProduct(t.url, a.key, 'Raw widget', 700);
      await stock(t.url, a.key, product, 10);
      const customer = (await call('/v1/customers', { name: 'Raw buyer' })).body.id as string;
      count.n = 0;
      const created = await call('/v1/orders', { currency: 'usd', customer, items: [{ product, quantity: 3 }, { name: 'Gift wrap', quantity: 1, unit_amount: 150 }], metadata: { a: '1' } });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({ object: 'order', status: 'pending', customer, amount: 2250, metadata: { a: '1' }, on_hold: false });
      expect(created.body.items.map((i: { name: string; amount: number }) => [i.name, i.amount])).toEqual([['Raw widget', 2100], ['Gift wrap', 150]]);
      const id = created.body.id as string;
      const patched = await call(`/v1/orders/${id}`, { metadata: { b: '2' }, tracking_number: 'TRK1' }, 'PATCH');
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body).toMatchObject({ id, metadata: { a: '1', b: '2' }, tracking_number: 'TRK1', status: 'pending' });
      expect(patched.body.updated).toBeGreaterThanOrEqual(created.body.updated);
      const held = await call(`/v1/orders/${id}/hold`, { reason: 'fraud review' });
      expect(held.status, held.text).toBe(200);
      expect(held.body).toMatchObject({ on_hold: true, hold_reason: 'fraud review' });
      expect(typeof held.body.held_at).toBe('number');
      const released = await call(`/v1/orders/${id}/release`);
      expect(released.body).toMatchObject({ on_hold: false, hold_reason: null, held_at: null });
      const moved = await call(`/v1/orders/${id}`, { status: 'processing' }, 'PATCH');
      expect(moved.body.status, moved.text).toBe('processing');
      const shipped = await call(`/v1/orders/${id}/fulfill`, { shipping_carrier: 'UPS', tracking_number: 'TRK2' });
      expect(shipped.body, shipped.text).toMatchObject({ status: 'shipped', shipping_carrier: 'UPS', tracking_number: 'TRK2' });
      expect(typeof shipped.body.fulfilled_at).toBe('number');
      const other = await call('/v1/orders', { currency: 'usd', items: [{ product, quantity: 2 }] });
      const cancelled = await call(`/v1/orders/${other.body.id}/cancel`, { reason: 'requested_by_customer' });
      expect(cancelled.body, cancelled.text).toMatchObject({ status: 'cancelled', cancellation_reason: 'requested_by_customer' });
      // a missing customer, a conflicting move: the same errors as on Prisma
      const orphan = await call('/v1/orders', { currency: 'usd', customer: 'cus_missing000000000000', items: [{ name: 'x', quantity: 1, unit_amount: 1 }] });
      expect(orphan.status, orphan.text).toBe(404);
      expect(orphan.body.error).toMatchObject({ code: 'PARENT_NOT_FOUND', param: 'customer' });
      const again = await call(`/v1/orders/${other.body.id}/cancel`);
      expect(again.status, again.text).toBe(422);
      expect(again.body.error.code).toBe('INVALID_STATE_TRANSITION');
      expect(count.n).toBe(0);
      // stock: 3 consumed by the shipped order, 2 released by the cancelled one
      const item = (await api(t.url, `/v1/inventory?product=${product}`, { key: a.key })).body.data[0];
      expect(item).toMatchObject({ on_hand: 7, reserved: 0, allocated: 0, available: 7 });
      // the events, with previous_attributes, as Prisma's path writes them
      const events = (await api(t.url, `/v1/events?limit=100&type=order.*`, { key: a.key })).body.data
        .filter((e: { data: { object: { id: string } } }) => e.data.object.id === id).reverse();
      expect(events.slice(0, 2).map((e: { type: string }) => e.type)).toEqual(['order.created', 'order.updated']);
      expect(events.map((e: { type: string }) => e.type)).toContain('order.fulfilled');
      expect(events[1].data.previous_attributes).toMatchObject({ metadata: { a: '1' }, tracking_number: null });
      // an order of a customer on a test clock: its status move reads the clock, in a plain statement too
      const clock = (await call('/v1/test_helpers/test_clocks', { frozen_time: 1_900_000_000 })).body.id as string;
      const clocked = (await call('/v1/customers', { name: 'Clocked', test_clock: clock })).body.id as string;
      const late = await call('/v1/orders', { currency: 'usd', customer: clocked, items: [{ name: 'x', quantity: 1, unit_amount: 100 }] });
      expect(late.status, late.text).toBe(201);
      count.n = 0;
      const clockedShip = await call(`/v1/orders/${late.body.id}/fulfill`);
      expect(clockedShip.body, clockedShip.text).toMatchObject({ status: 'shipped', fulfilled_at: 1_900_000_000 });
      expect(count.n).toBe(0);
    });
  });
});
