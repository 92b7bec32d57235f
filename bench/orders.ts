// Benchmark of order creation with stock reservation (npm run bench:orders): POST /v1/orders
// with 1-3 lines naming tracked products, 50 connections, PostgreSQL, next to a raw-pg
// baseline server sending the same SQL. Target: at least 0.5 of the baseline's orders/s.
//
//   - our server (src/server.ts) runs in a child process (bench/server-process.ts), without
//     the webhook and payment workers and without Redis; the raw-pg baseline
//     (bench/orders-baseline.ts, node:http + pg, the same statements per order in one
//     transaction, the API key looked up by hash and cached like ours) in another; autocannon
//     runs here
//   - seed: one account with an sk_test_ key, on the enterprise plan (whose limits both
//     servers get as PLAN_ENTERPRISE_LIMITS: 100,000,000 units a second, no other window,
//     unless set in the environment: the plan limits are not what is measured); then,
//     straight into the database in one transaction, 1 hot product and BENCH_PRODUCTS spread
//     products (usd), each tracked at the `default` location with BENCH_STOCK units on hand
//     (and its `adjust` movement), so that no reservation runs short
//   - scenarios, each for each server: `hot` (every order names the hot product, plus 0-2
//     distinct spread products: every order locks the one hot inventory row) and `spread`
//     (1-3 distinct random spread products). Quantities 1-3. POST /v1/orders
//     {currency: "usd", items: [{product, quantity}]}, no Idempotency-Key in either server
//   - per run: VACUUM ANALYZE of the tables an order writes, BENCH_WARMUP s of load (not
//     measured), BENCH_SECONDS s measured, then the server is left to finish what it had in
//     flight and the stock is checked: the orders committed match the 2xx answers (committed >=
//     2xx, the difference at most the answers cut off when the load generator stopped); the
//     units reserved during the run equal the units ordered by the run's orders; for every
//     item, reserved = the sum of its holds = the units ordered of its product over all orders,
//     on_hand unchanged, available = on_hand - reserved - allocated, never negative
//
// Environment (or the same as arguments: --seconds 5 is BENCH_SECONDS=5, --database-url URL):
//   DATABASE_URL          default postgresql://postgres@127.0.0.1:5432/bench_orders; that
//                         database is dropped and created anew at the start of every run (only
//                         a database named bench_orders, and only unless BENCH_RESET=0); any
//                         other database is created when missing and used as it is (migrated by
//                         our server at its start)
//   BENCH_SECONDS         measured seconds per run (default 15)
//   BENCH_WARMUP          warm-up seconds before each measured run (default 3)
//   BENCH_CONNECTIONS     concurrent connections (default 50)
//   DATABASE_POOL_SIZE    pool size of both servers (default 20, the server's default)
//   BENCH_SCENARIOS       hot,spread (default both)
//   BENCH_TARGETS         baseline,ours (default both)
//   BENCH_PRODUCTS        spread products (default 1000)
//   BENCH_STOCK           units on hand of each product (default 100000000)
//   BENCH_ORDERS_RESERVE=indexed  the baseline's reservation finds the items by index (the
//                         products also as a text[] parameter; bench/orders-baseline.ts): what
//                         that change to the statement would give. Default: the same text as ours
//   BENCH_PROFILE=1       CPU profile of each server during each measured run:
//                         bench/profiles/orders-<scenario>-<target>.cpuprofile
//                         (npx tsx bench/profile-summary.ts <file>)
//   BENCH_BREAKDOWN       1 (default): after the runs, the statements of one order as each server
//                         sends them, and the cost of one order layer by layer, in this process,
//                         one at a time (below); 0: none; only: no load runs
//   BENCH_BREAKDOWN_OPS   operations per breakdown row and round (default 200; 3 rounds, median)
//   BENCH_RESULTS         report file (default bench/orders-results.md; - for none)
//
// The breakdown (our server started in this process, on the same database, the load servers
// stopped): every statement one 2-line order sends through the pg driver (ours: Prisma's
// driver adapter; baseline: its own pool), then CPU and wall time per operation of POST
// /v1/orders through Fastify (app.inject), of executeMutation(createOrder) alone, of the
// baseline's order on pg, and per statement of Prisma and of pg inside a rolled-back
// transaction; "waiting on SQL" is the time from each pg query call to its result, summed.
// Exit code 1 when an invariant does not hold (the throughput target is reported, not enforced).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Result } from 'autocannon';
import { PrismaPg } from '@prisma/adapter-pg';
import { startChild, type Child, type ChildStats } from './child.js';
import { assertLocalDatabaseUrl, boundedCannon, quiesce, startActivitySampler, type Activity, fmt, guardRun, intEnv, joinLines, machineLines, serverChildEnv, machineCpu, postgresCpu, postgresCpuDelta } from './common.js';
import { ensureDatabase } from './seed.js';
import { rng } from '../test/helpers/rng.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/bench_orders';
const RESETTABLE_DATABASE = 'bench_orders';
const TARGET_RATIO = 0.5;
const ACCOUNT_NAME = 'bench-orders';

// --name value / --name=value: BENCH_NAME (DATABASE_URL and DATABASE_POOL_SIZE by their names)
function argsToEnv(argv: string[], env: NodeJS.ProcessEnv) {
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unknown argument '${argv[i]}' (use --seconds 5, --scenarios hot, ...)`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    const name = m[1].toUpperCase().replace(/-/g, '_');
    env[name === 'DATABASE_URL' || name === 'DATABASE_POOL_SIZE' ? name : name === 'POOL_SIZE' ? 'DATABASE_POOL_SIZE' : `BENCH_${name}`] = value;
  }
}
argsToEnv(process.argv.slice(2), process.env);
const env = process.env;

const list = (raw: string | undefined, def: string, allowed: string[], name: string) => {
  const out = (raw || def).split(',').map((s) => s.trim()).filter(Boolean);
  for (const x of out) if (!allowed.includes(x)) throw new Error(`${name}: unknown value '${x}' (${allowed.join(', ')})`);
  return out;
};

type Scenario = 'hot' | 'spread';
type Target = 'baseline' | 'ours';
const TARGETS: Target[] = ['baseline', 'ours'];

const config = {
  databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  reset: env.BENCH_RESET !== '0',
  seconds: intEnv('BENCH_SECONDS', 15, 1, 600),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 60),
  connections: intEnv('BENCH_CONNECTIONS', 50, 1, 1000),
  poolSize: intEnv('DATABASE_POOL_SIZE', 20, 1, 200),
  scenarios: list(env.BENCH_SCENARIOS, 'hot,spread', ['hot', 'spread'], 'BENCH_SCENARIOS') as Scenario[],
  targets: list(env.BENCH_TARGETS, 'baseline,ours', TARGETS, 'BENCH_TARGETS') as Target[],
  products: intEnv('BENCH_PRODUCTS', 1000, 3, 100_000),
  stock: intEnv('BENCH_STOCK', 100_000_000, 1000, 1_000_000_000),
  profile: env.BENCH_PROFILE === '1',
  breakdown: list(env.BENCH_BREAKDOWN, '1', ['0', '1', 'only'], 'BENCH_BREAKDOWN')[0],
  breakdownOps: intEnv('BENCH_BREAKDOWN_OPS', 200, 10, 100_000),
  results: env.BENCH_RESULTS || join(benchDir, 'orders-results.md'),
};
assertLocalDatabaseUrl(config.databaseUrl);

/**
 * The servers' environment beyond serverChildEnv(): no webhook or payment workers, and the
 * secrets NODE_ENV=production requires (from the environment, else random for this run).
 */
const serverSettings: NodeJS.ProcessEnv = {
  DATABASE_URL: config.databaseUrl, DATABASE_POOL_SIZE: String(config.poolSize), WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false',
  SVC_ENCRYPTION_KEY: env.SVC_ENCRYPTION_KEY || randomBytes(32).toString('hex'),
  JWT_SECRET: env.JWT_SECRET || randomBytes(32).toString('hex'),
  // the benchmark's account is on the enterprise plan, limited here to 100,000,000 units a
  // second only: the benchmark measures the order path, not the plan limits
  PLAN_ENTERPRISE_LIMITS: env.PLAN_ENTERPRISE_LIMITS || JSON.stringify({ burst: 100_000_000, minute: null, hour: null, day: null, concurrent: null }),
};

interface Setup {
  accountId: string;
  key: string;
  hot: string;
  spread: string[];
}

// ---------------------------------------------------------------- small helpers

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const n0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

// ---------------------------------------------------------------- database and seed

/** Drops and creates the benchmark's own database (bench_orders), or creates another when missing. */
async function prepareDatabase(): Promise<string> {
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (config.reset && name === RESETTABLE_DATABASE) {
    const admin = new URL(config.databaseUrl);
    admin.pathname = '/test';
    const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${RESETTABLE_DATABASE}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  return ensureDatabase(config.databaseUrl);
}

/**
 * The account (found or made) and a fresh sk_test_ key through the server's own functions;
 * then, in one SQL transaction, the products and their stock at `default` (each with the
 * `adjust` movement an API adjust writes). Runs after our server started (it migrates).
 */
async function setUp(pool: pg.Pool): Promise<Setup> {
  const { openDatabase } = await import('../src/db/client.js');
  const { findOrCreateAccount } = await import('../src/accounts.js');
  const { createApiKey } = await import('../src/auth/keys.js');
  const { ID_PREFIX, newId } = await import('../src/ids.js');
  const setupDir = mkdtempSync(join(tmpdir(), 'bench-orders-setup-'));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: setupDir, migrate: false, poolSize: 2 });
  let accountId: string;
  let key: string;
  try {
    const { account } = await findOrCreateAccount(db.prisma, ACCOUNT_NAME);
    accountId = account.id;
    await db.prisma.apiKey.deleteMany({ where: { accountId, name: ACCOUNT_NAME } });
    key = (await createApiKey(db.prisma, { accountId, type: 'secret', mode: 'test', name: ACCOUNT_NAME })).secret;
  } finally {
    await db.close();
    rmSync(setupDir, { recursive: true, force: true });
  }
  await pool.query(`UPDATE "Account" SET "plan" = 'enterprise' WHERE "id" = $1`, [accountId]);
  const started = Date.now();
  const rand = rng(7);
  const products = Array.from({ length: config.products + 1 }, (_, i) => ({
    id: newId(ID_PREFIX.product), name: i === 0 ? 'Hot product' : `Product ${i}`, price: 100 + Math.floor(rand() * 9900),
    item: newId(ID_PREFIX.inventoryItem), movement: newId(ID_PREFIX.inventoryMovement),
  }));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `WITH d AS (SELECT * FROM json_to_recordset($1::json) AS d(id text, name text, price int, item text, movement text)),
       p AS (
         INSERT INTO "Product" ("id", "accountId", "livemode", "name", "price", "currency", "active", "metadata", "createdAt", "updatedAt")
         SELECT d.id, $2, false, d.name, d.price, 'usd', true, '{}', now(), now() FROM d
       ), i AS (
         INSERT INTO "InventoryItem" ("id", "accountId", "livemode", "productId", "location", "onHand", "reserved", "allocated", "available", "lowStockThreshold", "createdAt", "updatedAt")
         SELECT d.item, $2, false, d.id, 'default', $3, 0, 0, $3, 10, now(), now() FROM d
       )
       INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "onHandDelta", "reason", "createdAt")
       SELECT d.movement, $2, false, d.item, 'adjust', $3, 'benchmark stock', now() FROM d`,
      [JSON.stringify(products), accountId, config.stock],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  process.stderr.write(`[orders] account ${accountId}: ${products.length} products with ${n0(config.stock)} units each at 'default' in ${Date.now() - started} ms\n`);
  return { accountId, key, hot: products[0].id, spread: products.slice(1).map((p) => p.id) };
}

// ---------------------------------------------------------------- load

interface Line { product: string; quantity: number }

/** The lines of one order: 1-3 distinct products (the hot one first in `hot`), 1-3 units each. */
function orderPicker(scenario: Scenario, setup: Setup, seed: number): () => Line[] {
  const rand = rng(seed);
  const { spread } = setup;
  return () => {
    const n = 1 + Math.floor(rand() * 3);
    const chosen: string[] = scenario === 'hot' ? [setup.hot] : [];
    while (chosen.length < n) {
      const p = spread[Math.floor(rand() * spread.length)];
      if (!chosen.includes(p)) chosen.push(p);
    }
    return chosen.map((product) => ({ product, quantity: 1 + Math.floor(rand() * 3) }));
  };
}

function cannon(child: Child, scenario: Scenario, setup: Setup, seconds: number, seed: number): Promise<Result> {
  const pick = orderPicker(scenario, setup, seed);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${setup.key}` };
  return boundedCannon({
    url: `${child.url}/v1/orders`,
    connections: config.connections,
    duration: seconds,
    timeout: 10,
    requests: [{
      method: 'POST',
      path: '/v1/orders',
      setupRequest: (req) => ({ ...req, headers, body: JSON.stringify({ currency: 'usd', items: pick() }) }),
    }],
  }, seconds + 30);
}

// ---------------------------------------------------------------- checks

interface Snapshot {
  orders: number;
  /** units ordered over all the account's order lines that name a product */
  ordered: number;
  reserved: number;
  held: number;
  onHand: number;
  minAvailable: number;
  items: number;
}

async function snapshot(pool: pg.Pool, accountId: string): Promise<Snapshot> {
  const [o, i] = await Promise.all([
    pool.query<{ orders: string; ordered: string }>(
      `SELECT (SELECT COUNT(*) FROM "Order" WHERE "accountId" = $1)::text AS orders,
              (SELECT COALESCE(SUM(oi."quantity"), 0) FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId" WHERE o."accountId" = $1 AND oi."productId" IS NOT NULL)::text AS ordered`, [accountId]),
    pool.query<{ reserved: string; held: string; on_hand: string; min_available: string; items: string }>(
      `SELECT COALESCE(SUM(i."reserved"), 0)::text AS reserved, COALESCE(SUM(i."onHand"), 0)::text AS on_hand, COALESCE(MIN(i."available"), 0)::text AS min_available, COUNT(*)::text AS items,
              (SELECT COALESCE(SUM(h."reserved"), 0) FROM "InventoryHold" h JOIN "InventoryItem" x ON x."id" = h."inventoryItemId" WHERE x."accountId" = $1)::text AS held
       FROM "InventoryItem" i WHERE i."accountId" = $1`, [accountId]),
  ]);
  return {
    orders: Number(o.rows[0].orders), ordered: Number(o.rows[0].ordered), reserved: Number(i.rows[0].reserved), held: Number(i.rows[0].held),
    onHand: Number(i.rows[0].on_hand), minAvailable: Number(i.rows[0].min_available), items: Number(i.rows[0].items),
  };
}

/** Items whose counters disagree with their holds or with the units ordered of their product. */
async function itemProblems(pool: pg.Pool, accountId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; reserved: number; held: string; ordered: string; on_hand: number; available: number; allocated: number }>(
    `WITH q AS (
       SELECT oi."productId", SUM(oi."quantity") AS s FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
       WHERE o."accountId" = $1 AND oi."productId" IS NOT NULL GROUP BY oi."productId"
     ), h AS (
       SELECT h."inventoryItemId", SUM(h."reserved") AS s FROM "InventoryHold" h GROUP BY h."inventoryItemId"
     )
     SELECT i."id", i."reserved", COALESCE(h.s, 0)::text AS held, COALESCE(q.s, 0)::text AS ordered, i."onHand" AS on_hand, i."available", i."allocated"
     FROM "InventoryItem" i LEFT JOIN q ON q."productId" = i."productId" LEFT JOIN h ON h."inventoryItemId" = i."id"
     WHERE i."accountId" = $1 AND (
       i."reserved" <> COALESCE(h.s, 0) OR i."reserved" <> COALESCE(q.s, 0) OR i."onHand" <> $2 OR i."available" < 0
       OR i."available" <> i."onHand" - i."reserved" - i."allocated")
     LIMIT 5`, [accountId, config.stock]);
  return rows.map((r) => `${r.id}: on_hand ${r.on_hand}, reserved ${r.reserved}, allocated ${r.allocated}, available ${r.available}, held ${r.held}, ordered ${r.ordered}`);
}

interface Checks {
  before: Snapshot;
  after: Snapshot;
  answered2xx: number;
  problems: string[];
  ok: boolean;
  failures: string[];
}

interface Measured {
  scenario: Scenario;
  target: Target;
  result: Result;
  /** 2xx answers in the measured window per second */
  ordersPerSecond: number;
  statuses: Record<string, number>;
  sqlPerRequest: number;
  cpuPerRequest: number;
  runQueuePerRequest: number;
  pgCpuPerRequest: number;
  machineBusy: number;
  load: number;
  activity: Activity;
  checks: Checks;
}

async function measure(scenario: Scenario, target: Target, child: Child, setup: Setup, pool: pg.Pool, seed: number): Promise<Measured> {
  await pool.query('VACUUM ANALYZE "Order", "OrderItem", "InventoryItem", "InventoryHold", "InventoryMovement", "Event", "Product"');
  const before = await snapshot(pool, setup.accountId);
  let answered2xx = 0;
  if (config.warmup > 0) {
    process.stderr.write(`[orders] ${scenario} / ${target}: warm-up ${config.warmup} s\n`);
    answered2xx += (await cannon(child, scenario, setup, config.warmup, seed))['2xx'];
  }
  const s0: ChildStats = await child.stats();
  const pg0 = await postgresCpu(pool);
  const m0 = machineCpu();
  if (config.profile) await child.profileStart();
  process.stderr.write(`[orders] ${scenario} / ${target}: measuring ${config.seconds} s\n`);
  const sampler = startActivitySampler(config.databaseUrl);
  const result = await cannon(child, scenario, setup, config.seconds, seed + 1);
  const activity = await sampler.stop();
  const s1 = await child.stats();
  const pg1 = await postgresCpu(pool);
  const m1 = machineCpu();
  const load = loadavg()[0];
  if (config.profile) {
    mkdirSync(join(benchDir, 'profiles'), { recursive: true });
    await child.profileStop(join(benchDir, 'profiles', `orders-${scenario}-${target}.cpuprofile`));
  }
  answered2xx += result['2xx'];
  await quiesce(pool);
  const after = await snapshot(pool, setup.accountId);
  const problems = await itemProblems(pool, setup.accountId);
  const failures: string[] = [];
  const committed = after.orders - before.orders;
  // each stop of the load generator cuts off at most one answer per connection
  const cutOff = config.connections * (config.warmup > 0 ? 2 : 1);
  if (committed < answered2xx) failures.push(`${answered2xx} orders answered 2xx but only ${committed} committed`);
  if (committed - answered2xx > cutOff) failures.push(`${committed - answered2xx} more orders committed than answered 2xx (more than the ${cutOff} answers the stops can cut off)`);
  if (after.reserved - before.reserved !== after.ordered - before.ordered) failures.push(`reserved moved by ${after.reserved - before.reserved} units, the run's orders ordered ${after.ordered - before.ordered}`);
  if (after.held !== after.reserved) failures.push(`the holds sum to ${after.held}, the items' reserved to ${after.reserved}`);
  if (after.onHand !== before.onHand) failures.push(`on_hand moved: ${before.onHand} -> ${after.onHand}`);
  if (after.minAvailable < 0) failures.push(`an item has available ${after.minAvailable}`);
  if (problems.length) failures.push(`items out of line: ${problems.join('; ')}`);

  const requests = s1.requests - s0.requests;
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = s.count;
  return {
    scenario, target, result,
    ordersPerSecond: result['2xx'] / result.duration,
    statuses,
    sqlPerRequest: requests ? (s1.queries - s0.queries) / requests : 0,
    cpuPerRequest: requests ? (s1.cpuMs - s0.cpuMs) / requests : 0,
    runQueuePerRequest: requests && s1.runQueueMs !== undefined && s0.runQueueMs !== undefined ? (s1.runQueueMs - s0.runQueueMs) / requests : NaN,
    pgCpuPerRequest: requests ? postgresCpuDelta(pg0, pg1) / requests : 0,
    machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total),
    load,
    activity,
    checks: { before, after, answered2xx, problems, ok: failures.length === 0, failures },
  };
}

/**
 * SQL statements of one order, counted by the server: orders of 1, 2 and 3 lines; the first
 * also looks the API key up (both servers cache it for 2 s), the others do not. Returns
 * [with the key cached, with the key lookup] and the answer to the 2-line order.
 */
async function statementsPerOrder(child: Child, setup: Setup): Promise<{ counts: [number, number]; body: Record<string, unknown> }> {
  const counts: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i < 3; i++) {
    const items = setup.spread.slice(10 * i, 10 * i + i + 1).map((product) => ({ product, quantity: 1 }));
    const s0 = await child.stats();
    const res = await postJson(`${child.url}/v1/orders`, { authorization: `Bearer ${setup.key}` }, { currency: 'usd', items });
    const s1 = await child.stats();
    if (res.status !== 201) throw new Error(`a single order on ${child.name}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
    if (i === 1) body = res.json as Record<string, unknown>;
    counts.push(s1.queries - s0.queries);
  }
  return { counts: [Math.min(...counts.slice(1)), counts[0]], body };
}

/** The two servers answer with the same fields (the order and its items). */
function sameShape(a: Record<string, unknown>, b: Record<string, unknown>): string | undefined {
  const keys = (o: unknown) => Object.keys((o ?? {}) as object).join(',');
  if (keys(a) !== keys(b)) return `order fields differ: ours ${keys(a)} / baseline ${keys(b)}`;
  const ia = a.items as unknown[];
  const ib = b.items as unknown[];
  if (!Array.isArray(ia) || !Array.isArray(ib) || ia.length !== ib.length) return 'item counts differ';
  if (keys(ia[0]) !== keys(ib[0])) return `item fields differ: ours ${keys(ia[0])} / baseline ${keys(ib[0])}`;
  for (const k of ['status', 'currency', 'livemode', 'metadata', 'customer']) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return `${k} differs`;
  return undefined;
}

// ---------------------------------------------------------------- breakdown (in process)

interface BreakdownRow {
  step: string;
  cpu: number;
  wall: number;
  sqlWait: number;
  sql: number;
}

interface StatementRow {
  statement: string;
  prisma: number;
  /** the same SQL on Prisma's driver adapter, without Prisma's client */
  adapter: number;
  pg: number;
}

interface Traced { text: string; ms: number }

/** Every pg Client query while `on` (text and time to its result), and the total waiting time. */
const pgWatch = { on: false, ms: 0, record: undefined as Traced[] | undefined };
let pgWatchInstalled = false;
function installPgWatch() {
  if (pgWatchInstalled) return;
  pgWatchInstalled = true;
  type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (pgWatch.on && result && typeof (result as Promise<unknown>).then === 'function') {
      const t0 = performance.now();
      const cfg = args[0] as string | { text?: string };
      const entry = pgWatch.record ? { text: typeof cfg === 'string' ? cfg : cfg?.text ?? '?', ms: 0 } : undefined;
      if (entry) pgWatch.record!.push(entry);
      const done = () => {
        const ms = performance.now() - t0;
        pgWatch.ms += ms;
        if (entry) entry.ms = ms;
      };
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

const TRACE_ORDERS = 21;
const shapeOf = (text: string) => text.replace(/"public"\./g, '').replace(/\$\d+(\s*,\s*\$\d+)+/g, '$n,...').replace(/\s+/g, ' ').trim();

async function breakdown(setup: Setup): Promise<{ rows: BreakdownRow[]; statements: StatementRow[]; traces: Record<Target, Traced[]> }> {
  installPgWatch();
  const { startServer } = await import('../src/server.js');
  const { executeMutation } = await import('../src/operations/operation.js');
  const { createOrder } = await import('../src/modules/orders/operations.js');
  const { KeyAuthenticator } = await import('../src/auth/keys.js');
  const { baselineOrder, authenticate, counters } = await import('./orders-baseline.js');
  const dir = mkdtempSync(join(tmpdir(), 'bench-orders-breakdown-'));
  const server = await startServer(serverChildEnv(dir, serverSettings));
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  const rows: BreakdownRow[] = [];
  let statements: StatementRow[] = [];
  const traces: Record<Target, Traced[]> = { ours: [], baseline: [] };
  try {
    const principal = await new KeyAuthenticator(server.db.prisma).fromSecret(setup.key);
    const basePrincipal = await authenticate(pool, `Bearer ${setup.key}`);
    const ops = config.breakdownOps;
    // 2-line orders over the spread products, one at a time
    let turn = 0;
    const lines = () => {
      const a = (turn += 2) % setup.spread.length;
      return [{ product: setup.spread[a], quantity: 1 }, { product: setup.spread[(a + 1) % setup.spread.length], quantity: 2 }];
    };
    const restOrder = async () => {
      const res = await server.app.inject({
        method: 'POST', url: '/v1/orders', payload: JSON.stringify({ currency: 'usd', items: lines() }),
        headers: { authorization: `Bearer ${setup.key}`, 'content-type': 'application/json' },
      });
      if (res.statusCode !== 201) throw new Error(`breakdown order: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    let request = 0;
    const mutation = () => executeMutation(createOrder, { services: server.services, principal, requestId: `req_breakdown_${++request}` }, { currency: 'usd', items: lines() });
    const baseline = () => baselineOrder(pool, basePrincipal, { currency: 'usd', items: lines() }, `req_breakdown_${++request}`);

    // the statements of one order, as each server sends them (each one's median time over
    // TRACE_ORDERS orders, after a warm-up)
    for (const [target, fn] of [['ours', restOrder], ['baseline', baseline]] as const) {
      for (let i = 0; i < 50; i++) await fn();
      const runs: Traced[][] = [];
      for (let i = 0; i < TRACE_ORDERS; i++) {
        pgWatch.record = [];
        pgWatch.on = true;
        await fn();
        pgWatch.on = false;
        runs.push(pgWatch.record);
        pgWatch.record = undefined;
      }
      traces[target] = runs[0].map((t, i) => ({ text: t.text, ms: runs.map((r) => r[i]?.ms ?? NaN).sort((a, b) => a - b)[runs.length >> 1] }));
    }

    const time = async (step: string, sqlCount: () => number, fn: () => Promise<unknown>) => {
      for (let i = 0; i < Math.min(100, ops); i++) await fn();
      const rounds: BreakdownRow[] = [];
      for (let r = 0; r < 3; r++) {
        const q0 = sqlCount();
        pgWatch.ms = 0;
        pgWatch.on = true;
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < ops; i++) await fn();
        const wall = performance.now() - t0;
        const c = process.cpuUsage(c0);
        pgWatch.on = false;
        rounds.push({ step, cpu: (c.user + c.system) / 1000 / ops, wall: wall / ops, sqlWait: pgWatch.ms / ops, sql: (sqlCount() - q0) / ops });
      }
      const row = rounds.sort((x, y) => x.cpu - y.cpu)[1];
      rows.push(row);
      process.stderr.write(`[orders] breakdown: ${step}: ${fmt(row.cpu, 3)} ms CPU/op\n`);
    };
    const ours = () => server.db.queryCount();
    const raw = () => counters.queries;
    await time('REST POST /v1/orders through Fastify (app.inject, no TCP): routing, auth (cached key), executeMutation, JSON', ours, restOrder);
    await time('executeMutation(createOrder) alone: validation, Prisma interactive transaction (products, order + items with read-back, reservation, events, endpoints), representation', ours, mutation);
    await time('pg: the baseline order (the same statements on one client in one transaction; bench/orders-baseline.ts)', raw, baseline);
    const prisma = server.db.prisma;
    await time('Prisma: an empty interactive transaction ($transaction(async () => {}): BEGIN, COMMIT)', ours, () => prisma.$transaction(async () => undefined));
    // the driver adapter as the server's Prisma client has it, on the benchmark's own pool
    const adapter = await new PrismaPg(pool).connect();
    await time('driver adapter: an empty transaction (startTransaction, COMMIT), without Prisma\'s client', ours, async () => {
      const tx = await adapter.startTransaction();
      await tx.executeRaw({ sql: 'COMMIT', args: [], argTypes: [] });
      await tx.commit();
    });
    const client = await pool.connect();
    let sent = 0;
    try {
      await time('pg: an empty transaction (BEGIN, COMMIT) on one client', () => sent, async () => {
        sent++; // COMMIT (BEGIN not counted, as above)
        await client.query('BEGIN');
        await client.query('COMMIT');
      });
    } finally {
      client.release();
    }
    statements = await statementCosts(server.db, pool, setup);
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, statements, traces };
}

/**
 * CPU per call of each statement an order sends: as our server sends it through Prisma (in an
 * interactive transaction), the same SQL on Prisma's driver adapter without the client (what a
 * lean write path, like the lean read path, would run; in an adapter transaction), and as the
 * baseline sends it on pg (in a transaction); every transaction is rolled back. Median of 3
 * rounds after a warm-up.
 */
async function statementCosts(db: import('../src/db/client.js').Database, pool: pg.Pool, setup: Setup): Promise<StatementRow[]> {
  const { ID_PREFIX, newId } = await import('../src/ids.js');
  const { RESERVE_SQL } = await import('./orders-baseline.js');
  const prisma = db.prisma;
  const ops = config.breakdownOps;
  const cpuPerCall = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < Math.max(ops, 200); i++) await fn();
    const rounds: number[] = [];
    for (let r = 0; r < 3; r++) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < ops; i++) await fn();
      const c = process.cpuUsage(c0);
      rounds.push((c.user + c.system) / 1000 / ops);
    }
    return rounds.sort((x, y) => x - y)[1];
  };
  const acct = setup.accountId;
  const [p1, p2] = setup.spread.slice(-2);
  const now = new Date();
  const itemCols = `"id", "orderId", "productId", "name", "quantity", "unitAmount", "amount", "position"`;
  const orderCols = `"id", "accountId", "livemode", "customerId", "status", "currency", "amount", "metadata", "shippingCarrier", "trackingNumber", "cancellationReason", "fulfilledAt", "deliveredAt", "cancelledAt", "onHold", "holdReason", "heldAt", "createdAt", "updatedAt"`;
  const lines = (orderId: string) => [p1, p2].map((productId, position) => ({ id: newId(ID_PREFIX.orderItem), orderId, productId, name: 'x', quantity: 1, unitAmount: 100, amount: 100, position }));
  const want = (orderId: string) => [acct, false, JSON.stringify([p1, p2].map((product) => ({ product, quantity: 1, hold: newId(ID_PREFIX.inventoryHold), movement: newId(ID_PREFIX.inventoryMovement) }))), orderId];
  const EVENT_SQL = `INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "createdAt")
     SELECT d.id, d."accountId", d.livemode, d.type, d.data, d."requestId", d."idempotencyKey", d."apiVersion", d."createdAt"
     FROM json_to_recordset($1::json) AS d(id text, "accountId" text, livemode boolean, type text, data json, "requestId" text, "idempotencyKey" text, "apiVersion" text, "createdAt" timestamptz)`;
  const events = () => JSON.stringify([0, 1, 2].map((i) => ({
    id: newId(ID_PREFIX.event), accountId: acct, livemode: false, type: i ? 'inventory.updated' : 'order.created', data: { object: { id: 'x', object: 'order', n: i } },
    requestId: 'req_bench', idempotencyKey: null, apiVersion: '2026-11-01', createdAt: now.toISOString(),
  })));
  // each shape needs an order row to point at (the reservation's holds reference it)
  let lastOrder = '';
  type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];
  /** one statement on pg or on the driver adapter */
  type Exec = (text: string, values: unknown[]) => Promise<unknown>;
  const shapes: { statement: string; prisma: (tx: Tx) => Promise<unknown>; sql: (exec: Exec) => Promise<unknown> }[] = [
    {
      statement: 'the order\'s products (product.findMany, id IN 2)',
      prisma: (tx) => tx.product.findMany({ where: { AND: [{ accountId: acct, livemode: false }, { id: { in: [p1, p2] } }] } }),
      sql: (exec) => exec(`SELECT "id", "accountId", "livemode", "name", "description", "sku", "price", "currency", "active", "metadata", "createdAt", "updatedAt" FROM "Product" WHERE "accountId" = $1 AND "livemode" = $2 AND "id" IN ($3, $4)`, [acct, false, p1, p2]),
    },
    {
      statement: 'the order and its 2 items, read back (order.create with items.createMany and include: 4 statements)',
      prisma: (tx) => {
        const id = (lastOrder = newId(ID_PREFIX.order));
        return tx.order.create({
          data: { id, accountId: acct, livemode: false, customerId: null, currency: 'usd', amount: 200, metadata: {}, items: { createMany: { data: lines(id).map(({ orderId: _o, ...l }) => l) } } },
          include: { items: { orderBy: { position: 'asc' } } },
        });
      },
      sql: async (exec) => {
        const id = (lastOrder = newId(ID_PREFIX.order));
        await exec(`INSERT INTO "Order" ("id", "accountId", "livemode", "customerId", "status", "currency", "amount", "metadata", "onHold", "createdAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING "id"`,
          [id, acct, false, null, 'pending', 'usd', 200, '{}', false, now, now]);
        const ls = lines(id);
        await exec(`INSERT INTO "OrderItem" (${itemCols}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)`,
          ls.flatMap((l) => [l.id, l.orderId, l.productId, l.name, l.quantity, l.unitAmount, l.amount, l.position]));
        await exec(`SELECT ${orderCols} FROM "Order" WHERE "id" = $1 LIMIT $2 OFFSET $3`, [id, 1, 0]);
        await exec(`SELECT ${itemCols} FROM "OrderItem" WHERE "orderId" = $1 ORDER BY "position" ASC OFFSET $2`, [id, 0]);
      },
    },
    {
      statement: 'the reservation of 2 products ($queryRawUnsafe; the same text)',
      prisma: (tx) => tx.$queryRawUnsafe(RESERVE_SQL, ...want(lastOrder)),
      sql: (exec) => exec(RESERVE_SQL, want(lastOrder)),
    },
    {
      statement: 'the events INSERT, 3 events ($executeRawUnsafe; the outbox)',
      prisma: (tx) => tx.$executeRawUnsafe(EVENT_SQL, events()),
      sql: (exec) => exec(EVENT_SQL, [events()]),
    },
    {
      statement: 'the active webhook endpoints (webhookEndpoint.findMany; the outbox)',
      prisma: (tx) => tx.webhookEndpoint.findMany({ where: { accountId: acct, livemode: false, active: true }, select: { id: true, accountId: true, events: true } }),
      sql: (exec) => exec('SELECT "id", "accountId", "events" FROM "WebhookEndpoint" WHERE "accountId" = $1 AND "livemode" = $2 AND "active" = $3 OFFSET $4', [acct, false, true, 0]),
    },
  ];
  const out: StatementRow[] = shapes.map((sh) => ({ statement: sh.statement, prisma: NaN, adapter: NaN, pg: NaN }));
  const rollback = new Error('rollback');
  await prisma.$transaction(async (tx) => {
    for (let i = 0; i < shapes.length; i++) out[i].prisma = await cpuPerCall(() => shapes[i].prisma(tx));
    throw rollback;
  }, { timeout: 600_000, maxWait: 10_000 }).catch((err: unknown) => { if (err !== rollback) throw err; });
  // the driver adapter: its transaction sends BEGIN; COMMIT and ROLLBACK are statements of their own
  // the driver adapter as the server's Prisma client has it, on the benchmark's own pool
  const adapterTx = await (await new PrismaPg(pool).connect()).startTransaction();
  const argType = (v: unknown) => ({
    scalarType: (typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'int' : v instanceof Date ? 'datetime' : 'string') as 'boolean' | 'int' | 'datetime' | 'string',
    arity: 'scalar' as const,
  });
  try {
    const exec: Exec = (text, values) => adapterTx.queryRaw({ sql: text, args: values, argTypes: values.map(argType) });
    for (let i = 0; i < shapes.length; i++) out[i].adapter = await cpuPerCall(() => shapes[i].sql(exec));
  } finally {
    await adapterTx.executeRaw({ sql: 'ROLLBACK', args: [], argTypes: [] }).catch(() => undefined);
    await adapterTx.rollback();
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const exec: Exec = (text, values) => client.query(text, values);
    for (let i = 0; i < shapes.length; i++) out[i].pg = await cpuPerCall(() => shapes[i].sql(exec));
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
  for (const r of out) process.stderr.write(`[orders] breakdown: ${r.statement}: Prisma ${fmt(r.prisma, 3)}, driver adapter ${fmt(r.adapter, 3)}, pg ${fmt(r.pg, 3)} ms CPU/call\n`);
  return out;
}

// ---------------------------------------------------------------- report

const serverLabel = (t: Target) => (t === 'ours' ? 'ours' : 'baseline (raw pg, same SQL)');
const scenarioLabel = (s: Scenario) => (s === 'hot' ? 'hot (1 product in every order)' : `spread (${n0(config.products)} products)`);

function table(runs: Measured[]): string {
  const lines = [
    '| Scenario | Server | orders/s (2xx) | p50 ms | p99 ms | non-2xx by status | errors | / baseline | SQL/order | server CPU ms/order | server run-queue wait ms/order | PostgreSQL CPU ms/order | machine busy | load avg |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of runs) {
    const base = runs.find((b) => b.scenario === m.scenario && b.target === 'baseline');
    const ratio = m.target !== 'baseline' && base ? `**${fmt(m.ordersPerSecond / base.ordersPerSecond, 2)}**` : '';
    const non2xx = Object.entries(m.statuses).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${c}: ${n}`).join(', ') || '0';
    lines.push(`| ${scenarioLabel(m.scenario)} | ${serverLabel(m.target)} | ${n0(m.ordersPerSecond)} | ${fmt(m.result.latency.p50, 1)} | ${fmt(m.result.latency.p99, 1)} | ${non2xx} | ${m.result.errors + m.result.timeouts} | ${ratio} | ${fmt(m.sqlPerRequest, 2)} | ${fmt(m.cpuPerRequest, 2)} | ${fmt(m.runQueuePerRequest, 2)} | ${fmt(m.pgCpuPerRequest, 2)} | ${fmt(m.machineBusy * 100)}% | ${fmt(m.load, 1)} |`);
  }
  return lines.join('\n');
}

function activityTable(runs: Measured[]): string {
  const lines = [
    '| Scenario | Server | idle in transaction (waiting for the server) | waiting for a row lock | waiting for WAL / IO | running |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const m of runs) {
    const a = m.activity;
    lines.push(`| ${m.scenario} | ${m.target} | ${fmt(a.idleInTransaction, 1)} | ${fmt(a.lockWait, 1)} | ${fmt(a.walOrIo, 1)} | ${fmt(a.running, 1)} |`);
  }
  return lines.join('\n');
}

function checksTable(runs: Measured[]): string {
  const lines = [
    '| Scenario | Server | orders committed (warm-up + measured) | answered 2xx | units ordered | units reserved | holds = reserved (all items, totals) | on_hand unchanged | lowest available | invariants |',
    '|---|---|---:|---:|---:|---:|---|---|---:|---|',
  ];
  for (const m of runs) {
    const { before: b, after: a } = m.checks;
    lines.push(`| ${m.scenario} | ${m.target} | ${n0(a.orders - b.orders)} | ${n0(m.checks.answered2xx)} | ${n0(a.ordered - b.ordered)} | ${n0(a.reserved - b.reserved)} | ${a.held === a.reserved ? `yes (${n0(a.held)})` : `**no** (${n0(a.held)} vs ${n0(a.reserved)})`} | ${a.onHand === b.onHand ? 'yes' : '**no**'} | ${n0(a.minAvailable)} | ${m.checks.ok ? 'hold' : `**BROKEN**: ${m.checks.failures.join('; ')}`} |`);
  }
  return lines.join('\n');
}

function breakdownTable(rows: BreakdownRow[]): string {
  const lines = [
    `| Step | CPU ms/op | wall ms/op | waiting on SQL ms/op | SQL/op |`,
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.step} | ${fmt(r.cpu, 3)} | ${fmt(r.wall, 3)} | ${fmt(r.sqlWait, 3)} | ${fmt(r.sql, 2)} |`),
  ];
  const [rest, op, base] = rows;
  if (rest && op && base) {
    lines.push('', `- one order costs our server ${fmt(rest.cpu, 2)} ms of CPU through HTTP (at most ${n0(1000 / rest.cpu)} orders/s on one fully busy core), ${fmt(op.cpu, 2)} ms in executeMutation alone; the baseline's SQL on pg ${fmt(base.cpu, 2)} ms (${n0(1000 / base.cpu)}/s): ${fmt(op.cpu / base.cpu, 1)}x`);
    lines.push(`- one at a time, an order waits on SQL round trips ${fmt(op.sqlWait, 2)} of ${fmt(op.wall, 2)} ms (ours, ${fmt(op.sql, 1)} statements) vs ${fmt(base.sqlWait, 2)} of ${fmt(base.wall, 2)} ms (baseline, ${fmt(base.sql, 1)} statements)`);
  }
  return lines.join('\n');
}

function statementTable(rows: StatementRow[]): string {
  const lines = [
    '| Statement | Prisma CPU ms/call | driver adapter, no client | pg CPU ms/call | Prisma / pg |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.statement} | ${fmt(r.prisma, 3)} | ${fmt(r.adapter, 3)} | ${fmt(r.pg, 3)} | ${fmt(r.prisma / r.pg, 1)}x |`),
  ];
  const sum = (k: 'prisma' | 'adapter' | 'pg') => rows.reduce((a, r) => a + r[k], 0);
  lines.push('', `- the statements of one order (BEGIN and COMMIT aside), summed: ${fmt(sum('prisma'), 2)} ms of CPU through Prisma, ${fmt(sum('adapter'), 2)} ms on the driver adapter, ${fmt(sum('pg'), 2)} ms on pg`);
  return lines.join('\n');
}

function traceTable(traces: Record<Target, Traced[]>): string {
  const n = Math.max(traces.ours.length, traces.baseline.length);
  const lines = ['| # | ours (Prisma driver adapter) | ms | baseline (pg) | ms |', '|---:|---|---:|---|---:|'];
  const cell = (t: Traced | undefined) => (t ? `\`${shapeOf(t.text).slice(0, 110).replace(/\|/g, '\\|')}${shapeOf(t.text).length > 110 ? '…' : ''}\`` : '');
  for (let i = 0; i < n; i++) {
    const [a, b] = [traces.ours[i], traces.baseline[i]];
    lines.push(`| ${i + 1} | ${cell(a)} | ${a ? fmt(a.ms, 2) : ''} | ${cell(b)} | ${b ? fmt(b.ms, 2) : ''} |`);
  }
  return lines.join('\n');
}

interface Final {
  rows: BreakdownRow[];
  statements: StatementRow[];
  traces: Record<Target, Traced[]>;
}

function report(runs: Measured[], statements: Partial<Record<Target, [number, number]>>, pgVersion: string, startedAt: Date, startLoad: number, settings: Record<string, string>, shape: string | undefined, final?: Final): string {
  const verdicts = config.scenarios.flatMap((s) => {
    const ours = runs.find((m) => m.scenario === s && m.target === 'ours');
    const base = runs.find((m) => m.scenario === s && m.target === 'baseline');
    if (!ours || !base) return [];
    const r = ours.ordersPerSecond / base.ordersPerSecond;
    return [`${s}: ours ${n0(ours.ordersPerSecond)}/s vs baseline ${n0(base.ordersPerSecond)}/s = ${fmt(r, 2)} ${r >= TARGET_RATIO ? `>= ${TARGET_RATIO} (target met)` : `< ${TARGET_RATIO} (target missed)`}; p99 ${fmt(ours.result.latency.p99, 0)} vs ${fmt(base.result.latency.p99, 0)} ms; invariants ${ours.checks.ok && base.checks.ok ? 'hold' : 'BROKEN'}`];
  });
  return joinLines([
    '# Order benchmark results (POST /v1/orders with stock reservation)',
    '',
    ...machineLines(startedAt),
    `- database: PostgreSQL ${pgVersion} at 127.0.0.1, database \`${new URL(config.databaseUrl).pathname.slice(1)}\` (${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(', ')}), pool size ${config.poolSize} in both servers`,
    `- catalogue: 1 hot product and ${n0(config.products)} spread products (usd), each tracked at \`default\` with ${n0(config.stock)} units; orders of 1-3 lines, 1-3 units each, no Idempotency-Key; \`hot\`: every order names the hot product (plus 0-2 spread ones), \`spread\`: 1-3 random spread products`,
    `- load: autocannon, ${config.connections} connections, ${config.warmup} s warm-up then ${config.seconds} s measured per row; load generator, servers and PostgreSQL share the machine (${cpus().length} CPUs, load average at start ${fmt(startLoad, 1)})`,
    `- SQL statements of one order, counted by the server: ours ${statements.ours ? `${statements.ours[0]} with its API key cached, ${statements.ours[1]} when the key is looked up (at most every 2 s)` : '-'} (db.queryCount(): every statement Prisma sends, COMMIT included, BEGIN not); baseline ${statements.baseline ? `${statements.baseline[0]}, ${statements.baseline[1]} with the key lookup` : '-'} (BEGIN not counted either)`,
    shape ? `- **the two servers' answers differ**: ${shape}` : (statements.ours && statements.baseline ? '- both servers answer 201 with the same order fields and items (checked before the runs)' : ''),
    env.BENCH_ORDERS_RESERVE === 'indexed' ? '- BENCH_ORDERS_RESERVE=indexed: the baseline\'s reservation found the items by index (`"productId" = ANY($5)`), not with the statement our server sends' : '',
    config.profile ? '- BENCH_PROFILE=1: the servers were CPU-profiled during the measured runs (slower than normal)' : '',
    '',
    ...(runs.length ? [
      table(runs),
      '',
      'What the database connections did during the measured runs (pg_stat_activity every 100 ms; mean number of backends in each state):',
      '',
      activityTable(runs),
      '',
      'Stock checks after each run (the server finished its in-flight requests first):',
      '',
      checksTable(runs),
      '',
      ...verdicts.map((v) => `- ${v}`),
      '',
    ] : []),
    ...(final ? [
      `## The statements of one 2-line order (traced at the pg driver, in this process; ms: median time to the result over ${TRACE_ORDERS} orders, one at a time)`,
      '',
      traceTable(final.traces),
      '',
      `## Where an order's time goes (in this process, one at a time, ${config.breakdownOps} operations per row, median of 3 rounds)`,
      '',
      breakdownTable(final.rows),
      '',
      'CPU per call of each statement an order sends: as our server sends it through Prisma (in an interactive transaction), the same SQL on Prisma\'s driver adapter without the client (what a lean write path would run), and as the baseline sends it on pg; every transaction rolled back:',
      '',
      statementTable(final.statements),
      '',
    ] : []),
  ]);
}

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const startLoad = loadavg()[0];
  const pgVersion = await prepareDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-server-'));
  const childEnv = serverChildEnv(dataDir, serverSettings);
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  const children: Child[] = [];
  try {
    // our server migrates the database at its start, so it starts first either way
    const ours = await startChild('ours', join(benchDir, 'server-process.ts'), childEnv);
    children.push(ours);
    const setup = await setUp(pool);
    const servers: Partial<Record<Target, Child>> = {};
    if (config.targets.includes('baseline')) {
      const child = await startChild('baseline', join(benchDir, 'orders-baseline.ts'), { ...childEnv, BENCH_ORDERS_ROLE: 'baseline' });
      children.push(child);
      servers.baseline = child;
    }
    if (config.targets.includes('ours')) servers.ours = ours;
    else {
      await ours.stop();
      children.splice(children.indexOf(ours), 1);
    }

    const statements: Partial<Record<Target, [number, number]>> = {};
    const bodies: Partial<Record<Target, Record<string, unknown>>> = {};
    for (const target of TARGETS) {
      if (!servers[target]) continue;
      const { counts, body } = await statementsPerOrder(servers[target]!, setup);
      statements[target] = counts;
      bodies[target] = body;
    }
    const shape = bodies.ours && bodies.baseline ? sameShape(bodies.ours, bodies.baseline) : undefined;
    if (shape) process.stderr.write(`[orders] the servers' answers differ: ${shape}\n`);
    const settings: Record<string, string> = {};
    for (const name of ['synchronous_commit', 'fsync', 'shared_buffers', 'max_connections']) {
      settings[name] = (await pool.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0].v;
    }

    const runs: Measured[] = [];
    let seed = 1;
    for (const scenario of config.breakdown === 'only' ? [] : config.scenarios) {
      for (const target of TARGETS) {
        const child = servers[target];
        if (!child) continue;
        const m = await measure(scenario, target, child, setup, pool, (seed += 10));
        process.stderr.write(`[orders] ${scenario} / ${target}: ${n0(m.ordersPerSecond)} orders/s, p99 ${fmt(m.result.latency.p99, 1)} ms, invariants ${m.checks.ok ? 'hold' : 'BROKEN'}\n`);
        runs.push(m);
      }
    }

    let final: Final | undefined;
    if (config.breakdown !== '0') {
      // the load servers stop first: the breakdown measures one process alone
      for (const c of children.splice(0)) await c.stop();
      final = await breakdown(setup);
      const problems = await itemProblems(pool, setup.accountId);
      if (problems.length) throw new Error(`items out of line after the breakdown: ${problems.join('; ')}`);
    }

    const md = report(runs, statements, pgVersion, startedAt, startLoad, settings, shape, final);
    process.stdout.write(`${md}\n`);
    if (config.results !== '-') {
      writeFileSync(config.results, `${md}\n`);
      process.stderr.write(`[orders] wrote ${relative(process.cwd(), config.results)}\n`);
    }
    const broken = runs.filter((m) => !m.checks.ok);
    if (broken.length) throw new Error(`invariants broken in ${broken.map((m) => `${m.scenario}/${m.target}`).join(', ')}`);
  } finally {
    for (const c of children) await c.stop();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Bounded: the whole run has a time limit, and no child outlives this process.
const limitMs = (600 + config.scenarios.length * config.targets.length * (config.seconds + config.warmup + 120)) * 1000;
guardRun('orders', limitMs, main);
