// Benchmark of outbound webhook delivery (npm run bench:webhooks): deliveries per second from
// committed events to a local receiver, and the time from an event's commit to its receipt.
// Target: at least 2,000 deliveries/s with none lost, p99 under 1 s at that rate.
//
//   - our server (src/server.ts) runs in a child process (bench/server-process.ts) on
//     PostgreSQL; its delivery worker does the delivering, nothing else in it is used
//   - the receiver runs in this process: one node:http server per endpoint, each on its own
//     port of 127.0.0.1 (each endpoint is its own origin, as real endpoints are, so each gets
//     the sender's own connection pool), answering 200 at once and recording per request the
//     event id (webhook-id), the endpoint and the time of arrival
//   - a fresh account per run with BENCH_ENDPOINTS endpoints subscribed to order.created,
//     made through the child's REST API (so the child seals their secrets)
//   - events are committed by this process straight into the database at a fixed rate, every
//     10 ms one atomic write of the events and their deliveries (the rows recordEvents() of
//     src/events/outbox.ts writes). By default that write is one SQL statement on a plain pg
//     pool (BENCH_PRODUCER=sql): recordEvents() through Prisma costs this process about 0.8 ms
//     of CPU per delivery (Prisma's createMany), which at 2,000/s would take most of this
//     2-core machine away from the server under test. BENCH_PRODUCER=outbox uses
//     recordEvents() in a Prisma transaction, as the API's mutations do. The commit time of
//     each event is taken right after its write resolves. The child's worker is not woken by
//     these commits (another process): it finds them by claiming again after an attempt
//     finishes, or by polling every 500 ms when idle
//   - per rate: a VACUUM of the delivery tables, BENCH_WARMUP s of the same load (not
//     measured), BENCH_SECONDS s measured, then a drain (until every delivery of the run
//     arrived, at most BENCH_DRAIN + BENCH_SETTLE s); then a backlog run: BENCH_BACKLOG
//     deliveries committed in one write at once, timed to the last receipt
//   - then a breakdown of the CPU time of each call the worker and the outbox make (below)
//
// Environment:
//   DATABASE_URL          default postgresql://root@127.0.0.1:5432/bench (created if missing)
//   BENCH_RATES           offered deliveries/s (events/s x endpoints), default 500,1000,2000,3000
//   BENCH_ENDPOINTS       endpoints of the account, default 4
//   BENCH_SECONDS         measured seconds per rate, default 10
//   BENCH_WARMUP          warm-up seconds before each measured window, default 2
//   BENCH_DRAIN           at most this long to wait for the last deliveries, default 30; what
//                         has not arrived by then is reported as undelivered at the drain
//   BENCH_SETTLE          then at most this much longer, so that the next run starts on an empty
//                         queue, default 120; what never arrives by the end is reported as lost
//   BENCH_BACKLOG         deliveries of the backlog run, default 20000 (0: no backlog run)
//   BENCH_PRODUCER        sql (default) or outbox: how the events are committed (see above)
//   BENCH_BREAKDOWN=0     skip the breakdown: after the runs (server stopped), the CPU time in
//                         this process of each call the worker and the outbox make, for a
//                         batch of BENCH_BREAKDOWN_BATCH (default 25, about what one claim
//                         took in the runs) deliveries, next to the same rows in raw SQL
//   BENCH_TRACE=1         per-SQL-statement counts and times in the server, per delivery
//   BENCH_PROFILE=1       CPU profile of the server during each measured window:
//                         bench/profiles/webhooks-<rate>.cpuprofile, webhooks-backlog.cpuprofile
//   BENCH_RESULTS         report file, default bench/webhooks-results.md (- for none)
//   plus the server's own: WEBHOOK_CONCURRENCY, WEBHOOK_ENDPOINT_CONCURRENCY, DATABASE_POOL_SIZE
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startChild, type Child, type ChildStats } from './child.js';
import { assertLocalDatabaseUrl, dist, fmt, type Dist, guardRun, intEnv, joinLines, load1, machineLines, serverChildEnv, sqlTraceTable, machineCpu, postgresCpu, postgresCpuDelta } from './common.js';
import { ensureDatabase } from './seed.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { findOrCreateAccount } from '../src/accounts.js';
import { createApiKey } from '../src/auth/keys.js';
import { newEvent, recordEvents, type EventOrigin } from '../src/events/outbox.js';
import type { EventEnvelope } from '../src/events/bus.js';
import { ID_PREFIX, newId } from '../src/ids.js';
import { signatureHeaders, verifySvcSignature } from '../src/modules/webhooks/signing.js';
import { createSender } from '../src/modules/webhooks/sender.js';
import { signingSecrets } from '../src/modules/webhooks/operations.js';
import { envelopeOf } from '../src/events/envelope.js';
import { loadRecordCipher } from '../src/decision/service/crypto.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DEFAULT_DATABASE_URL = 'postgresql://root@127.0.0.1:5432/bench';
const ACCOUNT_PREFIX = 'bench-webhooks-';
const TICK_MS = 10;
const TARGET_RATE = 2000;
const TARGET_P99_MS = 1000;
/** the worker's idle poll (src/modules/webhooks/worker.ts POLL_MS), for the report */
const WORKER_POLL_MS = 500;

const config = {
  databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  rates: (env.BENCH_RATES || '500,1000,2000,3000').split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error('BENCH_RATES must be integers from 1 to 100000, e.g. 500,2000');
    return n;
  }),
  endpoints: intEnv('BENCH_ENDPOINTS', 4, 1, 64),
  seconds: intEnv('BENCH_SECONDS', 10, 1, 300),
  warmup: intEnv('BENCH_WARMUP', 2, 0, 60),
  drain: intEnv('BENCH_DRAIN', 30, 1, 600),
  settle: intEnv('BENCH_SETTLE', 120, 0, 1200),
  backlog: intEnv('BENCH_BACKLOG', 20_000, 0, 1_000_000),
  producer: (env.BENCH_PRODUCER || 'sql') as 'sql' | 'outbox',
  breakdown: env.BENCH_BREAKDOWN !== '0',
  breakdownBatch: intEnv('BENCH_BREAKDOWN_BATCH', 25, 1, 1000),
  trace: env.BENCH_TRACE === '1',
  profile: env.BENCH_PROFILE === '1',
  results: env.BENCH_RESULTS || join(benchDir, 'webhooks-results.md'),
};
if (config.producer !== 'sql' && config.producer !== 'outbox') throw new Error('BENCH_PRODUCER must be sql or outbox');
assertLocalDatabaseUrl(config.databaseUrl);
const profileDir = join(benchDir, 'profiles');

/** ms on one clock for commits and receipts (both in this process), sub-millisecond */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- statistics (dist: common.ts)


// ---------------------------------------------------------------- receiver

/** Every request that arrived, in order of arrival (parallel arrays). */
const receipts = { ids: [] as string[], eps: [] as number[], at: [] as number[], malformed: 0 };
const signatureChecks = { checked: 0, failed: 0, example: '' };

interface Receiver {
  urls: string[];
  /** the endpoints' signing secrets, once they are made (for the sampled checks) */
  setSecrets(list: string[]): void;
  close(): Promise<void>;
}

async function startReceiver(endpoints: number): Promise<Receiver> {
  const servers: Server[] = [];
  const urls: string[] = [];
  const secrets: string[] = [];
  const seen: number[] = [];
  for (let ep = 0; ep < endpoints; ep++) {
    seen.push(0);
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const at = now();
      const id = req.headers['webhook-id'];
      if (typeof id !== 'string') receipts.malformed++;
      else {
        receipts.ids.push(id);
        receipts.eps.push(ep);
        receipts.at.push(at);
      }
      // a sample of the bodies is checked: signed with the endpoint's secret, the same event id
      const check = secrets[ep] !== undefined && seen[ep]++ % 200 === 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => { if (check) chunks.push(c); });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
        res.end('ok');
        if (check) {
          const body = Buffer.concat(chunks).toString('utf8');
          signatureChecks.checked++;
          let ok = verifySvcSignature({ body, timestamp: req.headers['x-svc-timestamp'] as string | undefined, signature: req.headers['x-svc-signature'] as string | undefined, secret: secrets[ep] });
          try {
            const json = JSON.parse(body) as { id?: string; type?: string };
            ok &&= json.id === id && json.type === 'order.created';
          } catch {
            ok = false;
          }
          if (!ok) {
            signatureChecks.failed++;
            signatureChecks.example ||= body.slice(0, 300);
          }
        }
      });
    };
    const server = createServer({ keepAliveTimeout: 60_000 }, handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ep/${ep}`);
    servers.push(server);
  }
  return {
    urls,
    close: async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
    setSecrets: (list) => void secrets.push(...list),
  };
}

// ---------------------------------------------------------------- bookkeeping per run

interface CommittedEvent {
  run: number;
  at: number;
  measured: boolean;
}

interface RunBook {
  name: string;
  /** events committed for this run, and of those in the measured window */
  committed: number;
  measuredCommitted: number;
  /** distinct (event, endpoint) received, and repeats */
  distinct: number;
  duplicates: number;
  /** commit -> first receipt of each measured (event, endpoint), ms */
  latencies: number[];
  /** receipt times of the run's first receipts (for the backlog figures) */
  firstAt: number;
  lastAt: number;
}

const committedEvents = new Map<string, CommittedEvent>();
const books: RunBook[] = [];
const seenPairs = new Set<string>();
let cursor = 0;
let unresolved: number[] = [];
/** requests for events this benchmark did not commit (another account's, or a run before) */
let foreign = 0;

function place(i: number): boolean {
  const id = receipts.ids[i];
  const ev = committedEvents.get(id);
  if (!ev) return false;
  const book = books[ev.run];
  const key = `${receipts.eps[i]}|${id}`;
  if (seenPairs.has(key)) {
    book.duplicates++;
    return true;
  }
  seenPairs.add(key);
  book.distinct++;
  const at = receipts.at[i];
  if (ev.measured) book.latencies.push(at - ev.at);
  book.firstAt = Math.min(book.firstAt, at);
  book.lastAt = Math.max(book.lastAt, at);
  return true;
}

/**
 * Takes in the receipts since the last call. A receipt can come before this process has seen
 * its commit resolve (the worker is another process): it is placed on a later call.
 */
function ingest(final = false) {
  const retry = unresolved;
  unresolved = [];
  for (const i of retry) if (!place(i)) unresolved.push(i);
  const end = receipts.ids.length;
  for (; cursor < end; cursor++) if (!place(cursor)) unresolved.push(cursor);
  if (final) {
    foreign += unresolved.length;
    unresolved = [];
  }
}

/** a gap this long with no request arriving while deliveries are due: the worker sat idle */
const STALL_MS = 250;

/** The longest gap between receipts i0..i1 (within from..to), and the gaps of STALL_MS or more. */
function gaps(i0: number, i1: number, from: number, to: number) {
  let longest = 0;
  const stalls = { count: 0, totalMs: 0 };
  let prev = from;
  const see = (gap: number) => {
    longest = Math.max(longest, gap);
    if (gap >= STALL_MS) {
      stalls.count++;
      stalls.totalMs += gap;
    }
  };
  for (let i = i0; i < i1; i++) {
    see(receipts.at[i] - prev);
    prev = receipts.at[i];
  }
  see(to - prev);
  return { longest, stalls };
}

/** index of the first receipt at or after `t` (receipt times only grow) */
function receiptIndexAt(t: number): number {
  const at = receipts.at;
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------- database

type Prisma = Database['prisma'];

/** Deletes the benchmark accounts (earlier runs' too) with their endpoints, deliveries, attempts, events and keys. */
async function removeAccounts(prisma: Prisma, only?: string): Promise<number> {
  const accounts = await prisma.account.findMany({ where: only ? { id: only } : { name: { startsWith: ACCOUNT_PREFIX } }, select: { id: true } });
  for (const { id } of accounts) {
    // disabled first, so that a worker still running elsewhere stops claiming their deliveries
    await prisma.webhookEndpoint.updateMany({ where: { accountId: id }, data: { active: false } });
    await prisma.webhookEndpoint.deleteMany({ where: { accountId: id } }); // deliveries and attempts by cascade
    await prisma.event.deleteMany({ where: { accountId: id } });
    const keys = await prisma.apiKey.findMany({ where: { accountId: id }, select: { id: true } });
    await prisma.idempotencyRecord.deleteMany({ where: { apiKeyId: { in: keys.map((k) => k.id) } } });
    await prisma.apiKey.deleteMany({ where: { accountId: id } });
    await prisma.account.delete({ where: { id } }).catch(() => undefined);
  }
  return accounts.length;
}

const origin: EventOrigin = { requestId: null, idempotencyKey: null, apiVersion: '2026-11-01', livemode: false };

function orderEvent(): EventEnvelope {
  const created = Math.floor(Date.now() / 1000);
  const amount = 100 * (1 + Math.floor(Math.random() * 200));
  return newEvent('order.created', {
    id: newId(ID_PREFIX.order), object: 'order', livemode: false, status: 'pending', currency: 'usd', amount,
    customer: null, metadata: { channel: 'web', bench: 'webhooks' }, shipping_carrier: null, tracking_number: null,
    items: [{ id: newId(ID_PREFIX.orderItem), object: 'order_item', name: 'Item 1', quantity: 1, unit_amount: amount, amount }],
    created, updated: created,
  }, origin);
}

// ---------------------------------------------------------------- one rate

interface ServerSample {
  stats: ChildStats;
  pg: Map<number, number>;
  machine: { busy: number; total: number };
  benchCpu: NodeJS.CpuUsage;
}

interface RunResult {
  name: string;
  offered: number;
  seconds: number;
  events: number;
  /** deliveries committed per second in the measured window */
  committedRate: number;
  /** receipts in the measured window per second */
  achieved: number;
  /** lowest receipts in one second of the window */
  lowestSecond: number;
  /** deliveries committed but not yet received at the end of the window */
  behindAtEnd: number;
  /** longest time with no receipt at all in the window, ms */
  longestGap: number;
  /** gaps of STALL_MS or more with no request arriving while deliveries were due: how many, and their total ms */
  stalls: { count: number; totalMs: number };
  /** deliveries of the run not received when the drain timed out (BENCH_DRAIN) */
  undelivered: number;
  /** from the last commit until every delivery of the run arrived, ms (NaN: not within BENCH_DRAIN + BENCH_SETTLE) */
  settledMs: number;
  /** the run's bookkeeping: lost and duplicates are read from it at the end of the benchmark */
  book: RunBook;
  latency: Dist;
  /** transaction time of the commits (BEGIN .. COMMIT), ms */
  commitTx: Dist;
  /** the bench process' event-loop delay in the window (receipt times are taken on it), ms */
  loopDelayP99: number;
  drainMs: number;
  sqlPerDelivery: number;
  serverCpuPerDelivery: number;
  serverRunQueuePerDelivery?: number;
  pgCpuPerDelivery: number;
  benchCpuPerDelivery: number;
  machineBusy: number;
  load: number;
  statements?: ChildStats['statements'];
  windowDeliveries: number;
  /** backlog run only */
  backlog?: { deliveries: number; firstMs: number; lastMs: number; rate: number; rateFromFirst: number };
}

async function sample(ctx: Context): Promise<ServerSample> {
  return { stats: await ctx.child.stats(), pg: await postgresCpu(ctx.pool), machine: machineCpu(), benchCpu: process.cpuUsage() };
}

function usage(a: ServerSample, b: ServerSample, deliveries: number) {
  const per = (x: number) => (deliveries ? x / deliveries : NaN);
  const cpu = process.cpuUsage(a.benchCpu);
  return {
    sqlPerDelivery: per(b.stats.queries - a.stats.queries),
    serverCpuPerDelivery: per(b.stats.cpuMs - a.stats.cpuMs),
    serverRunQueuePerDelivery: b.stats.runQueueMs !== undefined && a.stats.runQueueMs !== undefined ? per(b.stats.runQueueMs - a.stats.runQueueMs) : undefined,
    pgCpuPerDelivery: per(postgresCpuDelta(a.pg, b.pg)),
    benchCpuPerDelivery: per((cpu.user + cpu.system) / 1000),
    machineBusy: (100 * (b.machine.busy - a.machine.busy)) / (b.machine.total - a.machine.total),
  };
}

async function waitDrained(book: RunBook, expected: number, deadline: number): Promise<void> {
  for (;;) {
    ingest();
    if (book.distinct >= expected || now() > deadline) return;
    await sleep(20);
  }
}

/**
 * The events and their deliveries in one statement (atomic on its own): the rows
 * recordEvents() writes for events of one type to the account's endpoints, which all match.
 */
const PRODUCER_SQL = `WITH ev AS (
  INSERT INTO "Event" (id, "accountId", livemode, type, data, "requestId", "idempotencyKey", "apiVersion", "createdAt")
  SELECT v.id, $1, false, v.type, v.data, NULL, NULL, $2, v."createdAt"
  FROM json_to_recordset($3::json) AS v(id text, type text, data json, "createdAt" timestamptz)
  RETURNING id
)
INSERT INTO "WebhookDelivery" (id, "accountId", livemode, "endpointId", "eventId", "eventType", status, "nextAttemptAt", "updatedAt")
SELECT d.id, $1, false, d."endpointId", ev.id, 'order.created', 'pending', $4::timestamptz, $4::timestamptz
FROM json_to_recordset($5::json) AS d(id text, "endpointId" text, "eventId" text) JOIN ev ON ev.id = d."eventId"`;

async function commitBatch(ctx: Context, count: number): Promise<{ events: EventEnvelope[]; txMs: number; at: number }> {
  const events: EventEnvelope[] = [];
  for (let i = 0; i < count; i++) events.push(orderEvent());
  const t0 = now();
  if (config.producer === 'outbox') {
    await ctx.prisma.$transaction(async (tx) => {
      // chunks keep each INSERT under PostgreSQL's 65,535 bind parameters
      for (let i = 0; i < events.length; i += 1000) await recordEvents(tx, ctx.accountId, events.slice(i, i + 1000));
    }, { timeout: 120_000, maxWait: 10_000 });
  } else {
    const nowIso = new Date().toISOString();
    const eventRows = events.map((e) => ({ id: e.id, type: e.type, data: e.data, createdAt: new Date(e.created * 1000).toISOString() }));
    const deliveryRows = [];
    for (const e of events) {
      for (const endpointId of ctx.endpointIds) deliveryRows.push({ id: newId(ID_PREFIX.webhookDelivery), endpointId, eventId: e.id });
      e.pending_webhooks = ctx.endpointIds.length;
    }
    await ctx.pool.query(PRODUCER_SQL, [ctx.accountId, origin.apiVersion, JSON.stringify(eventRows), nowIso, JSON.stringify(deliveryRows)]);
  }
  const at = now();
  return { events, txMs: at - t0, at };
}

/**
 * VACUUM of the delivery tables before each run (ANALYZE too at the start): every delivery
 * leaves dead row versions behind (the claim and the result each update its row), and the
 * claim's index scan walks past them. Autovacuum would clean them up in production; on a
 * server where it is off (see the report) they pile up from run to run and every later run
 * would pay for the earlier ones.
 */
async function vacuum(pool: pg.Pool, analyze = false) {
  await pool.query(`VACUUM ${analyze ? '(ANALYZE) ' : ''}"WebhookDelivery", "WebhookAttempt", "Event", "WebhookEndpoint"`);
}

async function rateRun(ctx: Context, offered: number): Promise<RunResult> {
  const { child } = ctx;
  const E = config.endpoints;
  const eventsPerSecond = offered / E;
  const run = books.length;
  const book: RunBook = { name: `${offered}/s`, committed: 0, measuredCommitted: 0, distinct: 0, duplicates: 0, latencies: [], firstAt: Infinity, lastAt: -Infinity };
  books.push(book);
  process.stderr.write(`[webhooks] ${offered} deliveries/s (${fmt(eventsPerSecond, 1)} events/s x ${E} endpoints): ${config.warmup} s warm-up + ${config.seconds} s\n`);
  await vacuum(ctx.pool);

  const start = now();
  const windowStart = start + config.warmup * 1000;
  const windowEnd = windowStart + config.seconds * 1000;
  const txTimes: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let before: ServerSample | undefined;
  let after: ServerSample | undefined;
  let tick = 0;
  let made = 0;
  for (;;) {
    const t = now();
    if (!before && t >= windowStart) {
      if (config.trace) await child.reset();
      if (config.profile) await child.profileStart();
      before = await sample(ctx);
      loop.enable();
    }
    if (t >= windowEnd) break;
    // catch up when a commit took longer than a tick: the offered rate is kept
    const due = Math.floor((eventsPerSecond * (t - start)) / 1000) - made;
    if (due > 0) {
      const { events, txMs, at } = await commitBatch(ctx, due);
      const measured = at >= windowStart && at < windowEnd;
      for (const e of events) committedEvents.set(e.id, { run, at, measured });
      made += events.length;
      book.committed += events.length;
      if (measured) {
        book.measuredCommitted += events.length;
        txTimes.push(txMs);
      }
    }
    tick++;
    await sleep(Math.max(0, start + tick * TICK_MS - now()));
  }
  loop.disable();
  after = await sample(ctx);
  ingest();
  const atEnd = book.distinct;
  const drainStart = now();
  const expected = book.committed * E;
  await waitDrained(book, expected, drainStart + config.drain * 1000);
  const drainMs = now() - drainStart;
  const undelivered = expected - book.distinct;
  // the next run starts on an empty queue
  if (undelivered > 0) await waitDrained(book, expected, drainStart + (config.drain + config.settle) * 1000);
  const settledMs = book.distinct >= expected ? book.lastAt - drainStart : NaN;
  if (config.profile) {
    const file = join(profileDir, `webhooks-${offered}.cpuprofile`);
    await child.profileStop(file);
    process.stderr.write(`[webhooks] server CPU profile: ${relative(process.cwd(), file)}\n`);
  }

  const i0 = receiptIndexAt(windowStart);
  const i1 = receiptIndexAt(windowEnd);
  const windowDeliveries = i1 - i0;
  let lowestSecond = Infinity;
  for (let s = 0; s < config.seconds; s++) {
    lowestSecond = Math.min(lowestSecond, receiptIndexAt(windowStart + (s + 1) * 1000) - receiptIndexAt(windowStart + s * 1000));
  }
  const { longest: longestGap, stalls } = gaps(i0, i1, windowStart, windowEnd);
  // committed up to the end of the window x endpoints, minus the distinct received by then
  const committedByEnd = book.committed * E;
  return {
    name: book.name,
    offered,
    seconds: config.seconds,
    events: book.committed,
    committedRate: (book.measuredCommitted * E) / config.seconds,
    achieved: windowDeliveries / config.seconds,
    lowestSecond,
    behindAtEnd: committedByEnd - atEnd,
    longestGap,
    stalls,
    undelivered,
    settledMs,
    book,
    latency: dist(book.latencies),
    commitTx: dist(txTimes),
    loopDelayP99: loop.percentile(99) / 1e6,
    drainMs,
    ...usage(before!, after, windowDeliveries),
    load: load1(),
    statements: after.stats.statements,
    windowDeliveries,
  };
}

/** BENCH_BACKLOG deliveries committed in one transaction while the worker is idle, timed to the last receipt. */
async function backlogRun(ctx: Context): Promise<RunResult> {
  const { child } = ctx;
  const E = config.endpoints;
  const count = Math.ceil(config.backlog / E);
  const run = books.length;
  const book: RunBook = { name: 'backlog', committed: 0, measuredCommitted: 0, distinct: 0, duplicates: 0, latencies: [], firstAt: Infinity, lastAt: -Infinity };
  books.push(book);
  process.stderr.write(`[webhooks] backlog: ${count * E} deliveries (${count} events x ${E} endpoints) in one write\n`);
  await vacuum(ctx.pool);
  if (config.trace) await child.reset();
  if (config.profile) await child.profileStart();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const before = await sample(ctx);
  const { events, txMs, at } = await commitBatch(ctx, count);
  for (const e of events) committedEvents.set(e.id, { run, at, measured: true });
  book.committed = book.measuredCommitted = count;
  loop.enable();
  await waitDrained(book, count * E, at + Math.max(config.drain, 60) * 1000);
  loop.disable();
  const drainMs = now() - at;
  const undelivered = count * E - book.distinct;
  if (undelivered > 0) await waitDrained(book, count * E, at + (Math.max(config.drain, 60) + config.settle) * 1000);
  const settledMs = book.distinct >= count * E ? book.lastAt - at : NaN;
  const after = await sample(ctx);
  if (config.profile) {
    const file = join(profileDir, 'webhooks-backlog.cpuprofile');
    await child.profileStop(file);
    process.stderr.write(`[webhooks] server CPU profile: ${relative(process.cwd(), file)}\n`);
  }
  const delivered = book.distinct;
  const backlogGaps = gaps(receiptIndexAt(book.firstAt), receiptIndexAt(book.lastAt) + 1, book.firstAt, book.lastAt);
  const lastMs = book.lastAt - at;
  const firstMs = book.firstAt - at;
  const seconds = lastMs / 1000;
  return {
    name: 'backlog',
    offered: NaN,
    seconds,
    events: count,
    committedRate: NaN,
    achieved: delivered / seconds,
    lowestSecond: NaN,
    behindAtEnd: NaN,
    longestGap: backlogGaps.longest,
    stalls: backlogGaps.stalls,
    undelivered,
    settledMs,
    book,
    latency: dist(book.latencies),
    commitTx: dist([txMs]),
    loopDelayP99: loop.percentile(99) / 1e6,
    drainMs,
    ...usage(before, after, delivered),
    load: load1(),
    statements: after.stats.statements,
    windowDeliveries: delivered,
    backlog: { deliveries: count * E, firstMs, lastMs, rate: delivered / seconds, rateFromFirst: delivered / ((book.lastAt - book.firstAt) / 1000) },
  };
}


// ---------------------------------------------------------------- breakdown

interface Step {
  name: string;
  /** CPU ms of this process per call, and per delivery (the call serves `per` deliveries) */
  cpuPerCall: number;
  wallPerCall: number;
  cpuPerDelivery: number;
}

/**
 * CPU time of each call the worker (src/modules/webhooks/worker.ts) and the outbox
 * (src/events/outbox.ts) make, in this process, one call at a time, with the server stopped:
 * a claim of `batch` deliveries of the account's endpoints, the three loads of sendAll(), the
 * signing and sending, the writes of record(), and recordEvents(); each Prisma write next to
 * the same rows in one raw statement on the same driver adapter.
 */
async function breakdown(ctx: Context, dataDir: string, batch: number): Promise<Step[]> {
  const { prisma, accountId, endpointIds } = ctx;
  const E = endpointIds.length;
  const steps: Step[] = [];
  const iterations = 60;
  const time = async (name: string, per: number, f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await f(i);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) await f(i + 5);
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 / iterations;
    steps.push({ name, cpuPerCall: cpu, wallPerCall: (performance.now() - t0) / iterations, cpuPerDelivery: cpu / per });
  };
  process.stderr.write(`[webhooks] breakdown: batch of ${batch} deliveries, ${iterations} calls per step\n`);
  // deliveries to work on: the runs' (all succeeded by now)
  const deliveries = await prisma.webhookDelivery.findMany({ where: { accountId }, select: { id: true, eventId: true, endpointId: true }, take: 20_000 });
  if (deliveries.length < batch * 2) return steps;
  const slice = (i: number) => {
    const at = (i * batch) % (deliveries.length - batch);
    return deliveries.slice(at, at + batch);
  };
  const eventIdsOf = (i: number) => [...new Set(slice(i).map((d) => d.eventId))];
  const events = Math.max(1, Math.round(batch / E));

  await time(`claim: the claim CTE shape (FOR UPDATE SKIP LOCKED, RETURNING ${batch} rows)`, batch, (i) => prisma.$queryRawUnsafe(
    `WITH c AS (SELECT d.id FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
       WHERE d.id = ANY($1::text[]) ORDER BY d."nextAttemptAt" FOR UPDATE OF d SKIP LOCKED)
     UPDATE "WebhookDelivery" w SET "leaseToken" = w."leaseToken" FROM c WHERE w.id = c.id
     RETURNING w.id, w."endpointId", w."eventId", w."attemptCount", w."scheduleAttempts", w.status, w."nextAttemptAt"`,
    slice(i).map((d) => d.id),
  ));
  await time(`sendAll: webhookEndpoint.findMany (${E} endpoints with secrets)`, batch, () => prisma.webhookEndpoint.findMany({ where: { id: { in: endpointIds } }, select: { id: true, url: true, secrets: true, debug: true } }));
  await time(`sendAll: event.findMany (${events} events, whole rows)`, batch, (i) => prisma.event.findMany({ where: { id: { in: eventIdsOf(i) } } }));
  await time(`sendAll: webhookDelivery.groupBy (pending per event)`, batch, (i) => prisma.webhookDelivery.groupBy({ by: ['eventId'], where: { eventId: { in: eventIdsOf(i) }, status: 'pending' }, _count: { _all: true } }));
  const cipher = loadRecordCipher(undefined, dataDir, 'webhook-secret').cipher;
  const endpointRows = await prisma.webhookEndpoint.findMany({ where: { id: { in: endpointIds } }, select: { id: true, secrets: true } });
  await time(`sendAll: signingSecrets() of ${E} endpoints (open the sealed secrets)`, batch, async () => { for (const e of endpointRows) signingSecrets(cipher, e); });
  const eventRows = await prisma.event.findMany({ where: { accountId }, take: 200 });
  const secret = signingSecrets(cipher, endpointRows[0])[0];
  await time(`sendAll: envelopeOf + JSON.stringify + signatureHeaders, x ${batch}`, batch, async (i) => {
    for (let k = 0; k < batch; k++) {
      const row = eventRows[(i + k) % eventRows.length];
      const body = JSON.stringify(envelopeOf(row, 0));
      signatureHeaders({ eventId: row.id, body, timestamp: Math.floor(Date.now() / 1000), secrets: [secret] });
    }
  });
  // the sender to a receiver in this process: half of this is the receiver's own work
  const rx = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-length': '2' }); res.end('ok'); }); });
  await new Promise<void>((resolve) => rx.listen(0, '127.0.0.1', resolve));
  const rxUrl = `http://127.0.0.1:${(rx.address() as { port: number }).port}/`;
  const sender = createSender({ timeoutMs: 30_000, allowPrivate: true, userAgent: 'bench' });
  const body = JSON.stringify(envelopeOf(eventRows[0], 0));
  const headers = signatureHeaders({ eventId: eventRows[0].id, body, timestamp: Math.floor(Date.now() / 1000), secrets: [secret] });
  await time(`send: sender.send() x ${batch} at once, receiver in this process (node:http, both sides)`, batch, () => Promise.all(Array.from({ length: batch }, () => sender.send(rxUrl, headers, body))));
  await sender.close();
  rx.closeAllConnections();
  await new Promise<void>((resolve) => rx.close(() => resolve()));

  const attemptRows = (i: number) => slice(i).map((d) => ({
    id: newId(ID_PREFIX.webhookAttempt), deliveryId: d.id, endpointId: d.endpointId, number: 99, attemptedAt: new Date(),
    responseStatus: 200, latencyMs: 3, error: null, outcome: 'succeeded',
  }));
  await time(`record: webhookAttempt.createMany (${batch} rows, Prisma)`, batch, (i) => prisma.webhookAttempt.createMany({ data: attemptRows(i) }));
  await time(`record: the same ${batch} attempt rows as one raw INSERT ... SELECT FROM json_to_recordset`, batch, (i) => prisma.$executeRawUnsafe(
    `INSERT INTO "WebhookAttempt" (id, "deliveryId", "endpointId", number, "attemptedAt", "responseStatus", "latencyMs", error, outcome)
     SELECT id, "deliveryId", "endpointId", number, "attemptedAt", "responseStatus", "latencyMs", error, outcome
     FROM json_to_recordset($1::json) AS v(id text, "deliveryId" text, "endpointId" text, number int, "attemptedAt" timestamptz, "responseStatus" int, "latencyMs" int, error text, outcome text)`,
    JSON.stringify(attemptRows(i)),
  ));
  await time(`record: the delivery UPDATE ... FROM jsonb_to_recordset (${batch} rows; lease token not matching: no row changes)`, batch, (i) => prisma.$executeRawUnsafe(
    `UPDATE "WebhookDelivery" d SET "attemptCount" = d."attemptCount" + 1
     FROM jsonb_to_recordset($1::jsonb) AS v(id text, token text, status text, next timestamptz, sched int), "WebhookEndpoint" e
     WHERE d.id = v.id AND d."leaseToken" = v.token AND e.id = d."endpointId"`,
    JSON.stringify(slice(i).map((d) => ({ id: d.id, token: 'none', status: 'succeeded', next: null, sched: 1 }))),
  ));
  await time(`record: trackEndpoints' webhookEndpoint.updateMany (failingSince: null; changes nothing)`, batch, () => prisma.webhookEndpoint.updateMany({ where: { id: { in: endpointIds }, failingSince: { not: null } }, data: { failingSince: null } }));

  // the outbox: inactive endpoints would make no deliveries, so these run with the endpoints active and no server
  await time(`outbox: recordEvents() of ${events} events x ${E} endpoints in a Prisma transaction`, events * E, () => prisma.$transaction((tx) => recordEvents(tx, accountId, Array.from({ length: events }, orderEvent))));
  await time(`outbox: a Prisma transaction with nothing in it (BEGIN, SELECT 1, COMMIT)`, events * E, () => prisma.$transaction((tx) => tx.$queryRawUnsafe('SELECT 1')));
  await time(`outbox: the same rows as one raw statement on the driver adapter (the benchmark's producer SQL)`, events * E, () => {
    const evs = Array.from({ length: events }, orderEvent);
    const rows = evs.map((e) => ({ id: e.id, type: e.type, data: e.data, createdAt: new Date(e.created * 1000).toISOString() }));
    const ds = evs.flatMap((e) => endpointIds.map((endpointId) => ({ id: newId(ID_PREFIX.webhookDelivery), endpointId, eventId: e.id })));
    return prisma.$executeRawUnsafe(PRODUCER_SQL, accountId, origin.apiVersion, JSON.stringify(rows), new Date().toISOString(), JSON.stringify(ds));
  });
  return steps;
}

// ---------------------------------------------------------------- main

interface Context {
  prisma: Prisma;
  /** the producer's own connections (BENCH_PRODUCER=sql) */
  pool: pg.Pool;
  child: Child;
  accountId: string;
  endpointIds: string[];
}

interface Outcome {
  startedAt: Date;
  pgVersion: string;
  runs: RunResult[];
  attempts: Record<string, number>;
  otherClients: number;
  otherPending: number;
  removedEarlier: number;
  autovacuum: string;
  steps: Step[];
}

async function benchmark(): Promise<Outcome> {
  const startedAt = new Date();
  const pgVersion = await ensureDatabase(config.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  if (config.profile) mkdirSync(profileDir, { recursive: true });
  // migrations run here, before the server starts
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, migrate: true, poolSize: 4 });
  const prisma = db.prisma;
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  let child: Child | undefined;
  let receiver: Receiver | undefined;
  let accountId: string | undefined;
  try {
    const removedEarlier = await removeAccounts(prisma);
    await vacuum(pool, true);
    // other servers' workers on this database would claim (and fail to sign) our deliveries
    const [{ n: otherClients }] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    const otherPending = await prisma.webhookDelivery.count({ where: { status: 'pending' } });
    const { rows: [{ autovacuum }] } = await pool.query<{ autovacuum: string }>(`SELECT current_setting('autovacuum') AS autovacuum`);
    if (otherClients > 3) process.stderr.write(`[webhooks] note: ${otherClients} other connections to this database (another benchmark or server?)\n`);

    receiver = await startReceiver(config.endpoints);
    child = await startChild('server', join(benchDir, 'server-process.ts'), serverChildEnv(dataDir, {
      DATABASE_URL: config.databaseUrl,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    }));

    const { account } = await findOrCreateAccount(prisma, `${ACCOUNT_PREFIX}${startedAt.toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(3).toString('hex')}`);
    accountId = account.id;
    const { secret: key } = await createApiKey(prisma, { accountId, type: 'secret', mode: 'test', name: 'bench-webhooks' });
    const secrets: string[] = [];
    const endpointIds: string[] = [];
    for (const url of receiver.urls) {
      const res = await fetch(`${child.url}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url, events: ['order.created'], description: 'bench/webhooks.ts' }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /v1/webhooks: HTTP ${res.status}: ${text.slice(0, 500)}`);
      const made = JSON.parse(text) as { id: string; secret: string };
      secrets.push(made.secret);
      endpointIds.push(made.id);
    }
    receiver.setSecrets(secrets);

    const ctx: Context = { prisma, pool, child, accountId, endpointIds };
    const runs: RunResult[] = [];
    for (const rate of config.rates) {
      const r = await rateRun(ctx, rate);
      runs.push(r);
      process.stderr.write(`[webhooks]   received ${fmt(r.achieved)}/s, undelivered at drain ${r.undelivered}, dup ${r.book.duplicates}, p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms, max ${fmt(r.latency.max, 1)} ms, all arrived ${fmt(r.settledMs)} ms after the last commit\n`);
    }
    if (config.backlog > 0) {
      // the worker is idle now (everything drained): the first claim waits for its poll
      const r = await backlogRun(ctx);
      runs.push(r);
      process.stderr.write(`[webhooks]   ${r.windowDeliveries} in ${fmt(r.backlog!.lastMs)} ms: ${fmt(r.achieved)}/s, undelivered at drain ${r.undelivered}, dup ${r.book.duplicates}\n`);
    }
    // late arrivals (duplicates of a lost lease would take 35 s; none are expected)
    await sleep(500);
    ingest(true);
    await child.stop();
    const steps = config.breakdown ? await breakdown(ctx, dataDir, config.breakdownBatch) : [];

    const groups = await prisma.webhookAttempt.groupBy({
      by: ['outcome', 'error'],
      where: { delivery: { accountId } },
      _count: { _all: true },
    });
    const attempts = Object.fromEntries(groups.map((g) => [`${g.outcome}${g.error ? ` (${g.error})` : ''}`, g._count._all]));
    return { startedAt, pgVersion, runs, attempts, otherClients, otherPending, removedEarlier, autovacuum, steps };
  } finally {
    // the server first, so that nothing is claimed while the account goes
    await child?.stop();
    await receiver?.close();
    if (accountId) await removeAccounts(prisma, accountId).catch((err: unknown) => process.stderr.write(`[webhooks] cleanup failed: ${String(err)}\n`));
    // leave no dead rows behind for the next run or the other benchmarks on this database
    await vacuum(pool).catch(() => undefined);
    await pool.end();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

/** SQL shapes folded further than sql-trace.ts does: multi-row VALUES and one-element IN lists. */
function foldStatements(statements: ChildStats['statements']): ChildStats['statements'] {
  if (!statements) return undefined;
  const out: NonNullable<ChildStats['statements']> = {};
  for (const [text, st] of Object.entries(statements)) {
    const key = text
      .replace(/\$\d+/g, '$n')
      .replace(/\((\$n,\.\.\.|\$n)\)(\s*,\s*\((\$n,\.\.\.|\$n)\))+/g, '($n,...), ...')
      .replace(/IN \(\$n\)/g, 'IN ($n,...)');
    const into = (out[key] ??= { count: 0, totalMs: 0 });
    into.count += st.count;
    into.totalMs += st.totalMs;
  }
  return out;
}

const ms = (x: number) => fmt(x, x < 10 ? 1 : 0);
const n0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');

function report(o: Outcome): string {
  const E = config.endpoints;
  const cores = cpus().length;
  const rated = o.runs.filter((r) => !r.backlog);
  const backlog = o.runs.find((r) => r.backlog);
  const lost = (r: RunResult) => r.book.committed * E - r.book.distinct;
  const target = rated.filter((r) => r.offered >= TARGET_RATE).sort((a, b) => a.offered - b.offered)[0];
  // kept up: received about what was committed in the window, and not falling behind
  const keptUp = (r: RunResult) => r.achieved >= 0.98 * r.committedRate && r.behindAtEnd <= 0.02 * r.committedRate * r.seconds;
  const met = target && keptUp(target) && target.achieved >= 0.98 * TARGET_RATE && lost(target) === 0 && target.latency.p99 < TARGET_P99_MS;
  const serverCeiling = (r: RunResult) => 1000 / r.serverCpuPerDelivery;
  const machineCeiling = (r: RunResult) => (cores * 1000) / (r.serverCpuPerDelivery + r.pgCpuPerDelivery + r.benchCpuPerDelivery);
  const lines = [
    '# Webhook delivery benchmark',
    '',
    ...machineLines(o.startedAt),
    `- PostgreSQL ${o.pgVersion}, \`${config.databaseUrl.replace(/\/\/[^@]*@/, '//')}\`, autovacuum ${o.autovacuum} (the delivery tables are VACUUMed before each run); server pool ${env.DATABASE_POOL_SIZE || 20}, WEBHOOK_CONCURRENCY ${env.WEBHOOK_CONCURRENCY || 1000}, WEBHOOK_ENDPOINT_CONCURRENCY ${env.WEBHOOK_ENDPOINT_CONCURRENCY || 32}`,
    `- producer: ${config.producer === 'sql' ? 'one INSERT statement per tick on a plain pg pool (the rows recordEvents() writes)' : 'recordEvents() in a Prisma transaction per tick'} (BENCH_PRODUCER=${config.producer})`,
    `- ${E} endpoints (each its own port of 127.0.0.1), subscribed to order.created; ${config.warmup} s warm-up + ${config.seconds} s measured per rate; drain at most ${config.drain} s, then up to ${config.settle} s more before the next run`,
    `- load average at the end ${fmt(load1(), 1)} (1 min; ${cores} CPUs); other connections to the database at the start: ${o.otherClients}; pending deliveries of other accounts at the start: ${o.otherPending}`,
    '',
    `Target: at least ${n0(TARGET_RATE)} deliveries/s with none lost, p99 commit -> receipt under ${n0(TARGET_P99_MS)} ms: ${target ? (met ? '**met**' : '**missed**') : 'not measured (no rate >= 2000 in BENCH_RATES)'}${target ? ` (the ${n0(target.offered)}/s run: ${n0(target.achieved)}/s received, ${lost(target)} lost, p99 ${ms(target.latency.p99)} ms)` : ''}.`,
    '',
    '## Fixed rates: delivery',
    '',
    '| offered deliveries/s | committed deliveries/s | received deliveries/s | lowest 1 s | behind at end | p50 ms | p90 ms | p99 ms | max ms | longest gap ms | stalls >= 250 ms (total ms) | undelivered at drain | all arrived after ms | lost | duplicates |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rated.map((r) => `| ${n0(r.offered)} | ${n0(r.committedRate)} | ${n0(r.achieved)} | ${n0(r.lowestSecond)} | ${n0(r.behindAtEnd)} | ${ms(r.latency.p50)} | ${ms(r.latency.p90)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${ms(r.longestGap)} | ${r.stalls.count} (${n0(r.stalls.totalMs)}) | ${n0(r.undelivered)} | ${n0(r.settledMs)} | ${lost(r)} | ${r.book.duplicates} |`),
    '',
    '## Fixed rates: cost',
    '',
    '| offered deliveries/s | commit p99 ms | server SQL/delivery | server CPU ms/delivery | server run-queue wait ms/delivery | PostgreSQL CPU ms/delivery | bench CPU ms/delivery | ceiling: one server process, deliveries/s | ceiling: this machine, deliveries/s | machine busy % | load |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rated.map((r) => `| ${n0(r.offered)} | ${ms(r.commitTx.p99)} | ${fmt(r.sqlPerDelivery, 2)} | ${fmt(r.serverCpuPerDelivery, 3)} | ${r.serverRunQueuePerDelivery === undefined ? '-' : fmt(r.serverRunQueuePerDelivery, 3)} | ${fmt(r.pgCpuPerDelivery, 3)} | ${fmt(r.benchCpuPerDelivery, 3)} | ${n0(serverCeiling(r))} | ${n0(machineCeiling(r))} | ${fmt(r.machineBusy)} | ${fmt(r.load, 1)} |`),
    '',
  ];
  if (backlog?.backlog) {
    const b = backlog.backlog;
    lines.push(
      '## Backlog (maximum throughput)',
      '',
      '| deliveries | commit -> first receipt ms | commit -> last receipt ms | deliveries/s (from commit) | deliveries/s (first to last receipt) | stalls >= 250 ms (total ms) | p50 ms | p99 ms | lost | duplicates | server SQL/delivery | server CPU ms/delivery | server run-queue wait ms/delivery | PostgreSQL CPU ms/delivery | ceiling: one server process | ceiling: this machine | machine busy % | load |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${n0(b.deliveries)} | ${n0(b.firstMs)} | ${n0(b.lastMs)} | ${n0(b.rate)} | ${n0(b.rateFromFirst)} | ${backlog.stalls.count} (${n0(backlog.stalls.totalMs)}) | ${ms(backlog.latency.p50)} | ${ms(backlog.latency.p99)} | ${lost(backlog)} | ${backlog.book.duplicates} | ${fmt(backlog.sqlPerDelivery, 2)} | ${fmt(backlog.serverCpuPerDelivery, 3)} | ${backlog.serverRunQueuePerDelivery === undefined ? '-' : fmt(backlog.serverRunQueuePerDelivery, 3)} | ${fmt(backlog.pgCpuPerDelivery, 3)} | ${n0(serverCeiling(backlog))} | ${n0(machineCeiling(backlog))} | ${fmt(backlog.machineBusy)} | ${fmt(backlog.load, 1)} |`,
      '',
      `The backlog (${n0(backlog.events)} events x ${E} endpoints) is committed in one write (${n0(backlog.commitTx.max)} ms) once the previous runs have drained; the worker is idle then, so the first receipt includes its idle poll (up to ${WORKER_POLL_MS} ms).`,
      '',
    );
  }
  lines.push(
    '## Columns',
    '',
    `- offered: events/s x endpoints that the producer aims at (one write every ${TICK_MS} ms, catching up when a write ran late); committed: deliveries committed in the measured window / its length`,
    '- received: requests that arrived at the receivers in the measured window / its length (duplicates included; deliveries of the warm-up count too); lowest 1 s: the fewest in one second of the window; behind at end: deliveries of the run committed by the end of the window and not yet received then',
    `- p50/p90/p99/max: commit -> receipt of each (event, endpoint) committed in the window, first receipt: from right after the write resolved in this process to the arrival of the request at the receiver (one clock, \`performance.timeOrigin + performance.now()\`). The worker is another process, so a commit does not wake it: with nothing in flight it polls every ${WORKER_POLL_MS} ms, which adds up to ${WORKER_POLL_MS} ms; longest gap: the longest time in the window with no request arriving at all; stalls: gaps of ${STALL_MS} ms or more with no request arriving (in the backlog run: between its first and last receipt, with thousands of deliveries due all along), i.e. the worker sat idle until its poll`,
    `- undelivered at drain: deliveries of the run (warm-up included) not received ${config.drain} s after the last commit; all arrived after: from the last commit until the last delivery of the run arrived (- if not within ${config.drain + config.settle} s); lost: never received by the end of the benchmark; duplicates: repeated (event, endpoint) receipts`,
    '- server SQL/delivery, server CPU ms/delivery (all threads), run-queue wait (its main thread runnable but without a CPU: other work on the machine): counted in the server process over the window, per delivery received in the window; PostgreSQL CPU: the backends connected to this database and the background processes (/proc); bench CPU: this process (producer and receivers); machine busy: all CPUs (/proc/stat), other work included',
    `- ceiling, one server process: 1000 / server CPU ms per delivery, the most one event loop could deliver with a whole core to itself; this machine: ${cores} x 1000 / (server + PostgreSQL + bench CPU ms per delivery), the most all ${cores} CPUs could carry with nothing else running`,
    `- receipts checked: ${signatureChecks.checked} sampled bodies verified against the endpoint's secret (X-Svc-Signature) and the event id, ${signatureChecks.failed} failed${signatureChecks.example ? ` (e.g. \`${signatureChecks.example.replace(/`/g, "'")}\`)` : ''}; requests without webhook-id: ${receipts.malformed}; requests for events not of this benchmark: ${foreign}`,
    `- attempts the server recorded for this account: ${Object.entries(o.attempts).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
    `- event-loop delay p99 of this process in the windows (receipt times are taken on it): ${rated.map((r) => `${ms(r.loopDelayP99)} ms`).join(', ')}`,
    '',
  );
  if (o.steps.length) {
    lines.push(
      `## Where the CPU goes: each call of the worker and the outbox (batch of ${config.breakdownBatch} deliveries)`,
      '',
      'Measured in the benchmark process after the runs, with the server stopped, one call at a time (CPU time of this process: JS, Prisma\'s query compiler, pg; PostgreSQL\'s own time is not in it). Raw-SQL rows are the same rows written by one statement on the same driver adapter, for comparison.',
      '',
      '| step | CPU ms/call | wall ms/call | CPU ms/delivery |',
      '|---|---:|---:|---:|',
      ...o.steps.map((st) => `| ${st.name} | ${fmt(st.cpuPerCall, 3)} | ${fmt(st.wallPerCall, 2)} | ${fmt(st.cpuPerDelivery, 4)} |`),
      '',
    );
  }
  if (config.trace) {
    for (const r of o.runs) lines.push(sqlTraceTable(`SQL of the server, ${r.name} (per delivery received)`, foldStatements(r.statements), r.windowDeliveries).replace('| per request |', '| per delivery |'), '');
  }
  return joinLines(lines);
}

guardRun('webhooks', ((config.rates.length + 1) * (config.warmup + config.seconds + Math.max(config.drain, 60) + config.settle + 30) + 300) * 1000, async () => {
  const outcome = await benchmark();
  const text = report(outcome);
  process.stdout.write(`${text}\n`);
  if (config.results !== '-') {
    writeFileSync(config.results, `${text}\n`);
    process.stderr.write(`[webhooks] wrote ${relative(process.cwd(), config.results)}\n`);
  }
});
