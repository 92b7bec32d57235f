// Stock under concurrency: 100 parallel reservations of 1 against 50 available leave exactly
// 50 reserved, 50 refused (422 INSUFFICIENT_INVENTORY), available 0 — in one server, and on
// PostgreSQL across two server processes (skipped with a reason without DATABASE_URL). Orders
// racing for the last units, and transfers and orders over the same items in opposite orders
// (no deadlock: every answer is a 200/201 or a 422, never a 5xx).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { api, hasPostgres, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { spawnServer, type ServerProcess } from '../helpers/process.js';
import { skipping } from '../helpers/skip.js';
import { counts, itemOf, newProduct, stock } from './helpers.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** The statuses of a batch of answers, counted: {200: 50, 422: 50}. */
function tally(responses: ApiResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

function expectRefusals(responses: ApiResponse[], ok: number) {
  for (const r of responses) {
    if (r.status !== ok) {
      expect(r.status, r.text).toBe(422);
      expect(r.body.error.code).toBe('INSUFFICIENT_INVENTORY');
      expect(typeof r.body.error.details.available).toBe('number');
    }
  }
}

/** The invariant of every item: the counters agree with each other and with the holds. */
async function expectConsistent(db: Database, accountId: string) {
  const items = await db.prisma.inventoryItem.findMany({ where: { accountId }, include: { holds: true } });
  for (const i of items) {
    expect(i.available).toBe(i.onHand - i.reserved - i.allocated);
    expect(i.available).toBeGreaterThanOrEqual(0);
    expect(i.holds.reduce((s, h) => s + h.reserved, 0), `reserved holds of ${i.id}`).toBe(i.reserved);
    expect(i.holds.reduce((s, h) => s + h.allocated, 0), `allocated holds of ${i.id}`).toBe(i.allocated);
    const moves = await db.prisma.inventoryMovement.findMany({ where: { inventoryItemId: i.id } });
    expect(moves.reduce((s, m) => s + m.onHandDelta, 0), `on-hand movements of ${i.id}`).toBe(i.onHand);
    expect(moves.reduce((s, m) => s + m.reservedDelta, 0), `reserved movements of ${i.id}`).toBe(i.reserved);
    expect(moves.reduce((s, m) => s + m.allocatedDelta, 0), `allocated movements of ${i.id}`).toBe(i.allocated);
  }
}

describe('one server', () => {
  let t: TestServer;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestServer();
    ({ key, accountId } = await t.newAccount());
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('100 parallel reservations of 1 against 50 available: exactly 50 reserved, 50 refused, available 0', async () => {
    const p = await newProduct(t.url, key);
    await stock(t.url, key, p, 50);
    const responses = await Promise.all(Array.from({ length: 100 }, () => api(t.url, '/v1/inventory/reserve', { key, body: { product: p, quantity: 1 } })));
    expect(tally(responses)).toEqual({ 200: 50, 422: 50 });
    expectRefusals(responses, 200);
    expect(counts(await itemOf(t.url, key, p))).toEqual({ on_hand: 50, reserved: 50, allocated: 0, available: 0 });
    await expectConsistent(t.server.db, accountId);
  });

  it('parallel adjustments that each set the low-stock threshold: every inventory.updated names the threshold it really replaced', async () => {
    const product = await newProduct(t.url, key, 'Thresholds');
    await stock(t.url, key, product, 10, { low_stock_threshold: 5 });
    const item = await itemOf(t.url, key, product);
    const thresholds = Array.from({ length: 12 }, (_, i) => 100 + i);
    await Promise.all(thresholds.map((low) => stock(t.url, key, product, 1, { low_stock_threshold: low })));
    const res = await api(t.url, '/v1/events?type=inventory.updated&limit=100', { key });
    expect(res.status, res.text).toBe(200);
    // oldest first: each change saw the one committed before it (the row is locked as it is read)
    const changes = (res.body.data as any[]).filter((e) => e.data.object.id === item!.id).reverse().slice(1);
    expect(changes).toHaveLength(thresholds.length);
    let previous = 5;
    let onHand = 10;
    for (const e of changes) {
      expect(e.data.previous_attributes).toMatchObject({ low_stock_threshold: previous, on_hand: onHand });
      previous = e.data.object.low_stock_threshold;
      onHand = e.data.object.on_hand;
    }
    expect(new Set(changes.map((e) => e.data.object.low_stock_threshold))).toEqual(new Set(thresholds));
  });

  it('60 parallel orders of 1 against 50 available: exactly 50 orders', async () => {
    const p = await newProduct(t.url, key);
    await stock(t.url, key, p, 50);
    const responses = await Promise.all(Array.from({ length: 60 }, () =>
      api(t.url, '/v1/orders', { key, body: { currency: 'usd', items: [{ product: p, quantity: 1 }] } })));
    expect(tally(responses)).toEqual({ 201: 50, 422: 10 });
    expectRefusals(responses, 201);
    expect(counts(await itemOf(t.url, key, p))).toEqual({ on_hand: 50, reserved: 50, allocated: 0, available: 0 });
    await expectConsistent(t.server.db, accountId);
  });
});

describe.skipIf(skipping(!hasPostgres, 'inventory across two server processes needs DATABASE_URL (PostgreSQL)'))('two server processes on one PostgreSQL database', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'commerce-inv-a-')), mkdtempSync(join(tmpdir(), 'commerce-inv-b-'))];
  let servers: ServerProcess[] = [];
  let db: Database;
  let accountId: string;
  let key: string;
  const url = (i: number) => servers[i % 2].url;

  beforeAll(async () => {
    const base = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, LOG_LEVEL: 'info', PRINT_SANDBOX_KEY: 'false', WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' };
    servers = await Promise.all(dirs.map((d) => spawnServer({ ...base, DATA_DIR: d })));
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dirs[0], poolSize: 2 });
    const { account } = await findOrCreateAccount(db.prisma, `inventory-mp-${process.pid}-${Date.now()}`);
    accountId = account.id;
    key = (await createApiKey(db.prisma, { accountId, type: 'secret', mode: 'test' })).secret;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('100 parallel reservations of 1 against 50, split over both processes: exactly 50 reserved, 50 refused, available 0', async () => {
    const p = await newProduct(url(0), key);
    await stock(url(0), key, p, 50);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => api(url(i), '/v1/inventory/reserve', { key, body: { product: p, quantity: 1 } })));
    expect(tally(responses)).toEqual({ 200: 50, 422: 50 });
    expectRefusals(responses, 200);
    expect(counts(await itemOf(url(1), key, p))).toEqual({ on_hand: 50, reserved: 50, allocated: 0, available: 0 });
    // one hold (without an order) carries all 50
    const holds = await db.prisma.inventoryHold.findMany({ where: { inventoryItem: { productId: p } } });
    expect(holds.map((h) => [h.orderId, h.reserved])).toEqual([[null, 50]]);
    await expectConsistent(db, accountId);
  });

  it('parallel orders, allocations, releases and adjustments keep every count exact', async () => {
    const p = await newProduct(url(0), key);
    await stock(url(0), key, p, 40);
    const orders = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api(url(i), '/v1/orders', { key, body: { currency: 'usd', items: [{ product: p, quantity: 1 }] } })));
    expect(tally(orders)).toEqual({ 201: 40, 422: 10 });
    const made = orders.filter((r) => r.status === 201).map((r) => r.body.id as string);
    // at once: a third to processing, a third shipped, a third cancelled, while stock is added and taken
    const work = made.map((id, i) =>
      i % 3 === 0 ? api(url(i), `/v1/orders/${id}`, { key, method: 'PATCH', body: { status: 'processing' } })
        : i % 3 === 1 ? api(url(i), `/v1/orders/${id}/fulfill`, { key, body: {} })
          : api(url(i), `/v1/orders/${id}/cancel`, { key, body: {} }));
    const adjust = Array.from({ length: 20 }, (_, i) =>
      api(url(i), '/v1/inventory/adjust', { key, body: { product: p, delta: i % 2 ? 1 : -1, reason: 'race' } }));
    const results = await Promise.all([...work, ...adjust]);
    for (const r of results) expect([200, 422], r.text).toContain(r.status);
    for (const r of results.slice(0, work.length)) expect(r.status, r.text).toBe(200);
    const processing = made.filter((_, i) => i % 3 === 0).length;
    const shipped = made.filter((_, i) => i % 3 === 1).length;
    const netAdjust = results.slice(work.length).reduce((s, r, i) => s + (r.status === 200 ? (i % 2 ? 1 : -1) : 0), 0);
    expect(counts(await itemOf(url(0), key, p))).toEqual({
      on_hand: 40 - shipped + netAdjust, reserved: 0, allocated: processing, available: 40 - shipped + netAdjust - processing,
    });
    await expectConsistent(db, accountId);
  });

  it('transfers both ways and two-product orders in opposite line order never deadlock', async () => {
    const p = await newProduct(url(0), key);
    const q = await newProduct(url(0), key);
    await stock(url(0), key, p, 200);
    await stock(url(0), key, q, 200);
    await stock(url(0), key, p, 200, { location: 'east' });
    const jobs = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return api(url(i), '/v1/inventory/transfer', { key, body: { product: p, from_location: 'default', to_location: 'east', quantity: 1 } });
      if (i % 3 === 1) return api(url(i), '/v1/inventory/transfer', { key, body: { product: p, from_location: 'east', to_location: 'default', quantity: 1 } });
      const items = [{ product: p, quantity: 1 }, { product: q, quantity: 1 }];
      return api(url(i), '/v1/orders', { key, body: { currency: 'usd', items: i % 2 ? items : items.reverse() } });
    });
    const results = await Promise.all(jobs);
    for (const r of results) expect([200, 201], r.text).toContain(r.status);
    const ordersMade = results.filter((r) => r.status === 201).length;
    expect(counts(await itemOf(url(0), key, q))).toEqual({ on_hand: 200, reserved: ordersMade, allocated: 0, available: 200 - ordersMade });
    const def = await itemOf(url(0), key, p);
    const east = await itemOf(url(0), key, p, 'east');
    expect(def!.on_hand + east!.on_hand).toBe(400);
    expect(def!.reserved).toBe(ordersMade);
    await expectConsistent(db, accountId);
  });
});
