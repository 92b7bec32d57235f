// Benchmark of stablecoin transfers on the double-entry ledger (npm run bench:ledger), issue 9:
// transfers per second between a few hot wallets and between many wallets, 50 connections,
// PostgreSQL, the ledger verified after every run. Target: at least 1,000 transfers/s with
// the invariants holding, next to a raw-pg baseline doing the same SQL.
//
//   - ours sends one statement per transfer, with BEGIN and COMMIT in the same write (the
//     outbox's statement, which also locks and checks the wallets, moves the balances, advances
//     the chain with its hash computed in SQL and writes the ledger rows, the transfer's row and
//     the events: src/modules/money/ledger.ts postWithEvents, src/db/lazy-begin.ts); transfers
//     that wait at the same time share one transaction and one commit (group commit,
//     src/db/raw-transaction.ts CommitGroups; `solo` is the same server with it off); the
//     baseline below sends the ten statements ours sent before (one per round trip), the compact
//     one the same rows in two round trips of several statements each
//   - our server (src/server.ts) runs in a child process (bench/server-process.ts), without
//     the webhook and payment workers and without Redis; the raw-pg baseline
//     (bench/ledger-baseline.ts, node:http + pg, the same ledger SQL per transfer in one
//     transaction) in another; autocannon runs here
//   - setup, through our server's API: BENCH_HOT_WALLETS + BENCH_SPREAD_WALLETS new accounts,
//     each with an sk_test_ key and a signing secret, each wallet funded by a signed
//     POST /v1/stablecoin/issue of BENCH_FUND coins
//   - scenarios, each for each server: `hot` (the hot wallets send to each other: every
//     request a random sender and a random other recipient among them) and `spread` (random
//     pairs of the spread wallets). POST /v1/stablecoin/transfer {amount, to} with the
//     sender's key, a random amount from 0.000001 to 1 (below SIGNED_REQUEST_THRESHOLD: no
//     signature), no Idempotency-Key unless BENCH_IDEMPOTENCY=1 (ours only)
//   - per run: VACUUM ANALYZE of the ledger tables, BENCH_WARMUP s of load (not measured),
//     BENCH_SECONDS s measured, then the server is left to finish what it had in flight and
//     the ledger is checked: verifyLedger() (every transaction sums to zero, the hash chains,
//     every balance equals its postings, nothing below zero unless allowed), the coin in the
//     scenario's wallets is the same as before the run, no wallet is below zero, the total
//     supply did not move, and the transfers committed match the 2xx answers (committed >= 2xx,
//     the difference at most the answers cut off when the load generator stopped)
//
// Environment (or the same as arguments: --seconds 5 is BENCH_SECONDS=5, --database-url URL):
//   DATABASE_URL          default postgresql://postgres@127.0.0.1:5432/bench_ledger; that
//                         database is dropped and created anew at the start of every run (only
//                         a database named bench_ledger, and only unless BENCH_RESET=0); any
//                         other database is created when missing and used as it is
//   BENCH_SECONDS         measured seconds per run (default 10)
//   BENCH_WARMUP          warm-up seconds before each measured run (default 2)
//   BENCH_CONNECTIONS     concurrent connections (default 50)
//   DATABASE_POOL_SIZE    pool size of both servers (default 20, the server's default)
//   BENCH_SCENARIOS       hot,spread (default both)
//   BENCH_TARGETS         baseline,compact,solo,ours (default all four): baseline is the raw-pg server
//                         with the ten statements ours sent before; compact is the same server writing the same
//                         rows in two round trips per transfer (bench/ledger-baseline.ts,
//                         compactTransfer): what the database allows with the SQL reshaped, one
//                         commit per transfer; solo is our server with DATABASE_COMMIT_GROUPS=0
//   BENCH_HOT_WALLETS     wallets of the hot scenario (default 4)
//   BENCH_SPREAD_WALLETS  wallets of the spread scenario (default 200)
//   BENCH_FUND            coins issued to each wallet (default 1000000)
//   BENCH_IDEMPOTENCY=1   our requests carry a fresh Idempotency-Key each (the baseline none)
//   BENCH_LEDGER_PREPARED=1  the baseline sends named prepared statements (parsed and planned
//                         once per connection; our server's driver sends unnamed ones)
//   BENCH_PROFILE=1       CPU profile of each server during each measured run:
//                         bench/profiles/ledger-<scenario>-<target>.cpuprofile
//   BENCH_BREAKDOWN       1 (default): after the runs, the cost of one transfer layer by layer,
//                         in this process, one at a time (below); 0: none; only: no load runs
//   BENCH_BREAKDOWN_OPS   operations per breakdown row and round (default 300; 3 rounds, median)
//   BENCH_RESULTS         report file (default bench/ledger-results.md; - for none)
//
// The breakdown (our server started in this process, on the same database, the load servers
// stopped): CPU and wall time per operation of a REST transfer through Fastify (app.inject),
// of executeMutation(transferStablecoin) alone, of the baseline's SQL on pg, and per statement
// of Prisma and of pg inside a transaction; "waiting on SQL" is the time from each pg query
// call to its result, summed (the round trips, PostgreSQL's work included).
// Exit code 1 when an invariant does not hold (the throughput target is reported, not enforced).
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Result } from 'autocannon';
import { startChild, type Child, type ChildStats } from './child.js';
import { assertLocalDatabaseUrl, boundedCannon, quiesce, startActivitySampler, type Activity, fmt, guardRun, intEnv, joinLines, machineLines, serverChildEnv, machineCpu, postgresCpu, postgresCpuDelta } from './common.js';
import { ensureDatabase } from './seed.js';
import { rng } from '../test/helpers/rng.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/bench_ledger';
const RESETTABLE_DATABASE = 'bench_ledger';
const TARGET = 1000;
const COIN_SCALE = 1_000_000n;

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

const config = {
  databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  reset: env.BENCH_RESET !== '0',
  seconds: intEnv('BENCH_SECONDS', 10, 1, 600),
  warmup: intEnv('BENCH_WARMUP', 2, 0, 60),
  connections: intEnv('BENCH_CONNECTIONS', 50, 1, 1000),
  poolSize: intEnv('DATABASE_POOL_SIZE', 20, 1, 200),
  scenarios: list(env.BENCH_SCENARIOS, 'hot,spread', ['hot', 'spread'], 'BENCH_SCENARIOS') as Scenario[],
  targets: list(env.BENCH_TARGETS, 'baseline,compact,solo,ours', ['baseline', 'compact', 'solo', 'ours'], 'BENCH_TARGETS') as Target[],
  hotWallets: intEnv('BENCH_HOT_WALLETS', 4, 2, 1000),
  spreadWallets: intEnv('BENCH_SPREAD_WALLETS', 200, 2, 5000),
  fund: intEnv('BENCH_FUND', 1_000_000, 1000, 1_000_000_000),
  idempotency: env.BENCH_IDEMPOTENCY === '1',
  profile: env.BENCH_PROFILE === '1',
  breakdown: list(env.BENCH_BREAKDOWN, '1', ['0', '1', 'only'], 'BENCH_BREAKDOWN')[0],
  breakdownOps: intEnv('BENCH_BREAKDOWN_OPS', 300, 10, 100_000),
  results: env.BENCH_RESULTS || join(benchDir, 'ledger-results.md'),
};
assertLocalDatabaseUrl(config.databaseUrl);
const coin = env.STABLECOIN_CURRENCY || 'usdx';

type Scenario = 'hot' | 'spread';
/** solo: our server without group commit (DATABASE_COMMIT_GROUPS=0), each transfer its own commit */
type Target = 'baseline' | 'compact' | 'solo' | 'ours';
const TARGETS: Target[] = ['baseline', 'compact', 'solo', 'ours'];
/** our server's API, with or without group commit */
const ourApi = (t: Target) => t === 'ours' || t === 'solo';

interface Wallet {
  accountId: string;
  /** sk_test_ key of the account (ours); the baseline's bearer token is the account id */
  key: string;
  /** the wallet's ledger account id */
  ledgerId: string;
  /** EIP-55 address as the API shows it */
  address: string;
}

// ---------------------------------------------------------------- small helpers

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function signed(secret: string, raw: string): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  return { 'x-timestamp': ts, 'x-signature': createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex') };
}

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: any; text: string }> {
  const raw = JSON.stringify(body);
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** Runs `fn` over `items`, `n` at a time. */
async function eachLimited<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  }));
}


// ---------------------------------------------------------------- database

/** Drops and creates the benchmark's own database (bench_ledger), or creates another when missing. */
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

// ---------------------------------------------------------------- setup through our API

interface Setup {
  hot: Wallet[];
  spread: Wallet[];
  issuerLedgerId: string;
}

async function setUp(ours: Child, dataDir: string, encryptionKey: string | undefined): Promise<Setup> {
  const { openDatabase } = await import('../src/db/client.js');
  const { findOrCreateAccount } = await import('../src/accounts.js');
  const { createApiKey } = await import('../src/auth/keys.js');
  const { createSigningSecret } = await import('../src/modules/money/signatures.js');
  const { loadRecordCipher } = await import('../src/decision/service/crypto.js');
  const { ledgerAccount } = await import('../src/modules/money/ledger.js');
  // the server's secrets cipher: the same key as the child's (serverChildEnv gives it a
  // throwaway SVC_ENCRYPTION_KEY; else the file in its DATA_DIR)
  const cipher = loadRecordCipher(encryptionKey || undefined, dataDir, 'webhook-secret').cipher;
  const setupDir = mkdtempSync(join(tmpdir(), 'bench-ledger-setup-'));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: setupDir, migrate: false, poolSize: 8 });
  const run = Date.now().toString(36);
  const make = async (group: string, n: number): Promise<Wallet[]> => {
    const out: Wallet[] = new Array(n);
    await eachLimited(Array.from({ length: n }, (_, i) => i), 8, async (i) => {
      const { account } = await findOrCreateAccount(db.prisma, `bench-ledger-${run}-${group}-${i}`);
      // the enterprise plan, whose limits serverChildEnv lifts: the plan limits are not what is measured
      await db.prisma.account.update({ where: { id: account.id }, data: { plan: 'enterprise' } });
      const { secret: key } = await createApiKey(db.prisma, { accountId: account.id, type: 'secret', mode: 'test', name: 'bench-ledger' });
      const signingSecret = await createSigningSecret(db.prisma, cipher, account.id);
      const body = { amount: String(config.fund) };
      const raw = JSON.stringify(body);
      const res = await postJson(`${ours.url}/v1/stablecoin/issue`, { authorization: `Bearer ${key}`, ...signed(signingSecret, raw) }, body);
      if (res.status !== 201) throw new Error(`funding ${group} ${i}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      out[i] = { accountId: account.id, key, ledgerId: ledgerAccount(account.id, false, 'wallet', coin).id, address: res.json.recipient };
    });
    return out;
  };
  try {
    const started = Date.now();
    const hot = config.scenarios.includes('hot') ? await make('hot', config.hotWallets) : [];
    const spread = config.scenarios.includes('spread') ? await make('spread', config.spreadWallets) : [];
    process.stderr.write(`[ledger] ${hot.length + spread.length} accounts made and funded with ${config.fund} ${coin} each in ${Date.now() - started} ms\n`);
    return { hot, spread, issuerLedgerId: ledgerAccount('platform', false, 'issuer', coin).id };
  } finally {
    await db.close();
    rmSync(setupDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- load

/** A random sender and a random other recipient among `wallets`, a random amount up to 1 coin. */
function transferPicker(wallets: Wallet[], seed: number) {
  const rand = rng(seed);
  return () => {
    const a = Math.floor(rand() * wallets.length);
    let b = Math.floor(rand() * (wallets.length - 1));
    if (b >= a) b++;
    const micro = 1 + Math.floor(rand() * Number(COIN_SCALE));
    const fraction = String(micro % 1e6).padStart(6, '0').replace(/0+$/, '');
    const amount = `${Math.floor(micro / 1e6)}${fraction ? `.${fraction}` : ''}`;
    return { from: wallets[a], to: wallets[b], amount };
  };
}

let idempotencyCounter = 0;

function cannon(target: Target, url: string, wallets: Wallet[], seconds: number, seed: number): Promise<Result> {
  const pick = transferPicker(wallets, seed);
  const path = ourApi(target) ? '/v1/stablecoin/transfer' : '/transfer';
  return boundedCannon({
    url: url + path,
    connections: config.connections,
    duration: seconds,
    timeout: 10,
    requests: [{
      method: 'POST',
      path,
      setupRequest: (req) => {
        const t = pick();
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          authorization: `Bearer ${ourApi(target) ? t.from.key : t.from.accountId}`,
        };
        if (ourApi(target) && config.idempotency) headers['idempotency-key'] = `bench-${process.pid}-${Date.now().toString(36)}-${++idempotencyCounter}`;
        return { ...req, headers, body: JSON.stringify({ amount: t.amount, to: t.to.address }) };
      },
    }],
  }, seconds + 30);
}

// ---------------------------------------------------------------- one run and its checks

interface Snapshot {
  coin: bigint;
  min: bigint;
  supply: bigint;
  committed: number;
}

async function snapshot(pool: pg.Pool, wallets: Wallet[], issuerLedgerId: string): Promise<Snapshot> {
  const ids = wallets.map((w) => w.ledgerId);
  const [sums, supply, committed] = await Promise.all([
    pool.query<{ sum: string; min: string; n: string }>(`SELECT COALESCE(SUM("balance"), 0)::text AS sum, COALESCE(MIN("balance"), 0)::text AS min, COUNT(*)::text AS n FROM "LedgerAccount" WHERE "id" = ANY($1)`, [ids]),
    pool.query<{ balance: string }>(`SELECT "balance"::text AS balance FROM "LedgerAccount" WHERE "id" = $1`, [issuerLedgerId]),
    pool.query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM "StablecoinTransfer" WHERE "accountId" = ANY($1)`, [wallets.map((w) => w.accountId)]),
  ]);
  if (Number(sums.rows[0].n) !== wallets.length) throw new Error(`expected ${wallets.length} wallets, found ${sums.rows[0].n}`);
  return { coin: BigInt(sums.rows[0].sum), min: BigInt(sums.rows[0].min), supply: -BigInt(supply.rows[0]?.balance ?? '0'), committed: Number(committed.rows[0].n) };
}

interface Checks {
  before: Snapshot;
  after: Snapshot;
  answered2xx: number;
  verify: { transactions: number; postings: number; accounts: number; chains: number; problems: string[] };
  verifyMs: number;
  negativeAnywhere: number;
  ok: boolean;
  failures: string[];
}

interface Measured {
  scenario: Scenario;
  target: Target;
  result: Result;
  /** 2xx answers in the measured window per second */
  transfersPerSecond: number;
  statuses: Record<string, number>;
  sqlPerRequest: number;
  /** transfers per database commit (group commit; 1 for the baselines) */
  perCommit: number | undefined;
  cpuPerRequest: number;
  pgCpuPerRequest: number;
  machineBusy: number;
  load: number;
  activity: Activity;
  checks: Checks;
}

async function measure(scenario: Scenario, target: Target, child: Child, wallets: Wallet[], setup: Setup, pool: pg.Pool, verify: () => Promise<Checks['verify']>, seed: number): Promise<Measured> {
  await pool.query('VACUUM ANALYZE "LedgerAccount", "LedgerChain", "LedgerTransaction", "LedgerPosting", "StablecoinTransfer", "Event"');
  const before = await snapshot(pool, wallets, setup.issuerLedgerId);
  let answered2xx = 0;
  if (config.warmup > 0) {
    process.stderr.write(`[ledger] ${scenario} / ${target}: warm-up ${config.warmup} s\n`);
    answered2xx += (await cannon(target, child.url, wallets, config.warmup, seed))['2xx'];
  }
  const s0: ChildStats = await child.stats();
  const pg0 = await postgresCpu(pool);
  const m0 = machineCpu();
  if (config.profile) await child.profileStart();
  process.stderr.write(`[ledger] ${scenario} / ${target}: measuring ${config.seconds} s\n`);
  const sampler = startActivitySampler(config.databaseUrl);
  const result = await cannon(target, child.url, wallets, config.seconds, seed + 1);
  const activity = await sampler.stop();
  const s1 = await child.stats();
  const pg1 = await postgresCpu(pool);
  const m1 = machineCpu();
  const load = loadavg()[0];
  if (config.profile) {
    mkdirSync(join(benchDir, 'profiles'), { recursive: true });
    await child.profileStop(join(benchDir, 'profiles', `ledger-${scenario}-${target}.cpuprofile`));
  }
  answered2xx += result['2xx'];
  await quiesce(pool);
  const after = await snapshot(pool, wallets, setup.issuerLedgerId);
  const t0 = performance.now();
  const report = await verify();
  const verifyMs = performance.now() - t0;
  const negativeAnywhere = Number((await pool.query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM "LedgerAccount" WHERE "balance" < 0 AND NOT "allowNegative"`)).rows[0].n);
  const failures: string[] = [];
  if (report.problems.length) failures.push(`verifyLedger: ${report.problems.length} problems, e.g. ${report.problems.slice(0, 3).join('; ')}`);
  if (after.coin !== before.coin) failures.push(`coin in the ${wallets.length} wallets changed: ${before.coin} -> ${after.coin} micro-units`);
  if (after.min < 0n) failures.push(`a wallet is below zero: ${after.min}`);
  if (negativeAnywhere) failures.push(`${negativeAnywhere} ledger accounts below zero that may not be`);
  if (after.supply !== before.supply) failures.push(`total supply moved: ${before.supply} -> ${after.supply}`);
  const committed = after.committed - before.committed;
  // each stop of the load generator cuts off at most one answer per connection
  const cutOff = config.connections * (config.warmup > 0 ? 2 : 1);
  if (committed < answered2xx) failures.push(`${answered2xx} transfers answered 2xx but only ${committed} committed`);
  if (committed - answered2xx > cutOff) failures.push(`${committed - answered2xx} more transfers committed than answered 2xx (more than the ${cutOff} answers the stops can cut off)`);

  const requests = s1.requests - s0.requests;
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = s.count;
  return {
    scenario, target, result,
    transfersPerSecond: result['2xx'] / result.duration,
    statuses,
    sqlPerRequest: requests ? (s1.queries - s0.queries) / requests : 0,
    perCommit: s1.commits && s0.commits && s1.commits.commits > s0.commits.commits
      ? (s1.commits.transactions - s0.commits.transactions) / (s1.commits.commits - s0.commits.commits)
      : ourApi(target) ? (target === 'solo' ? 1 : undefined) : 1,
    cpuPerRequest: requests ? (s1.cpuMs - s0.cpuMs) / requests : 0,
    pgCpuPerRequest: requests ? postgresCpuDelta(pg0, pg1) / requests : 0,
    machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total),
    load,
    activity,
    checks: { before, after, answered2xx, verify: report, verifyMs, negativeAnywhere, ok: failures.length === 0, failures },
  };
}

/**
 * SQL statements of one transfer, counted by the server: three transfers from one wallet in a
 * row; the first also looks the API key up (ours caches it for 2 s), the others do not.
 * Returns [with the key cached, with the key lookup].
 */
async function statementsPerTransfer(target: Target, child: Child, wallets: Wallet[]): Promise<[number, number]> {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    // recipients 1, 2, 1: the compact baseline looks a wallet up on its first use only
    const [from, to] = [wallets[0], wallets[1 + (i % Math.min(2, wallets.length - 1))]];
    const s0 = await child.stats();
    const res = ourApi(target)
      ? await postJson(`${child.url}/v1/stablecoin/transfer`, { authorization: `Bearer ${from.key}` }, { amount: '0.01', to: to.address })
      : await postJson(`${child.url}/transfer`, { authorization: `Bearer ${from.accountId}` }, { amount: '0.01', to: to.address });
    const s1 = await child.stats();
    if (res.status !== 201) throw new Error(`a single transfer on ${target}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
    counts.push(s1.queries - s0.queries);
  }
  return [Math.min(...counts.slice(1)), counts[0]];
}

// ---------------------------------------------------------------- breakdown (in process)

interface BreakdownRow {
  step: string;
  cpu: number;
  wall: number;
  sqlWait: number;
  sql: number;
}

/** Time spent from each pg query call to its result, summed (while `on`). */
const pgWait = { on: false, ms: 0, calls: 0 };
let pgWaitInstalled = false;
function installPgWait() {
  if (pgWaitInstalled) return;
  pgWaitInstalled = true;
  type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (pgWait.on && result && typeof (result as Promise<unknown>).then === 'function') {
      const t0 = performance.now();
      pgWait.calls++;
      const done = () => { pgWait.ms += performance.now() - t0; };
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

async function breakdown(wallets: Wallet[]): Promise<{ rows: BreakdownRow[]; statements: StatementRow[] }> {
  installPgWait();
  const { startServer } = await import('../src/server.js');
  const { executeMutation } = await import('../src/operations/operation.js');
  const { transferStablecoin } = await import('../src/modules/stablecoin/operations.js');
  const { KeyAuthenticator } = await import('../src/auth/keys.js');
  const { baselineTransfer, counters } = await import('./ledger-baseline.js');
  const dir = mkdtempSync(join(tmpdir(), 'bench-ledger-breakdown-'));
  const server = await startServer(serverChildEnv(dir, {
    DATABASE_URL: config.databaseUrl, DATABASE_POOL_SIZE: String(config.poolSize), WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false',
  }));
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  const rows: BreakdownRow[] = [];
  const statementRows: StatementRow[] = [];
  try {
    const [a, b] = wallets;
    const auth = new KeyAuthenticator(server.db.prisma);
    const principals = [await auth.fromSecret(a.key), await auth.fromSecret(b.key)];
    const ops = config.breakdownOps;
    // every op moves 0.000001 back and forth between two wallets
    let flip = 0;
    const pair = () => ((flip ^= 1) ? [a, b, principals[0]] as const : [b, a, principals[1]] as const);
    const time = async (step: string, sqlCount: () => number, fn: () => Promise<unknown>) => {
      for (let i = 0; i < Math.min(100, ops); i++) await fn();
      const rounds: BreakdownRow[] = [];
      for (let r = 0; r < 3; r++) {
        const q0 = sqlCount();
        pgWait.ms = 0;
        pgWait.on = true;
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < ops; i++) await fn();
        const wall = performance.now() - t0;
        const c = process.cpuUsage(c0);
        pgWait.on = false;
        rounds.push({ step, cpu: (c.user + c.system) / 1000 / ops, wall: wall / ops, sqlWait: pgWait.ms / ops, sql: (sqlCount() - q0) / ops });
      }
      const row = rounds.sort((x, y) => x.cpu - y.cpu)[1];
      rows.push(row);
      process.stderr.write(`[ledger] breakdown: ${step}: ${fmt(row.cpu, 3)} ms CPU/op\n`);
    };
    const ours = () => server.db.queryCount();
    const raw = () => counters.queries;

    await time('REST POST /v1/stablecoin/transfer through Fastify (app.inject, no TCP): routing, auth (cached key), executeMutation, JSON', ours, async () => {
      const [from, to] = pair();
      const res = await server.app.inject({
        method: 'POST', url: '/v1/stablecoin/transfer', payload: JSON.stringify({ amount: '0.000001', to: to.address }),
        headers: { authorization: `Bearer ${from.key}`, 'content-type': 'application/json' },
      });
      if (res.statusCode !== 201) throw new Error(`breakdown transfer: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
    });
    let request = 0;
    await time('executeMutation(transferStablecoin) alone: validation, the transaction (raw pg without an Idempotency-Key, src/db/raw-transaction.ts; wallets, ledger post, transfer row, events and their webhook deliveries), representation', ours, async () => {
      const [, to, principal] = pair();
      await executeMutation(transferStablecoin, { services: server.services, principal, requestId: `req_breakdown_${++request}`, signed: false }, { amount: '0.000001', to: to.address });
    });
    await time('pg: the baseline transfer (the ten statements ours sent before, on one client in one transaction; bench/ledger-baseline.ts)', raw, async () => {
      const [from, to] = pair();
      await baselineTransfer(pool, from.accountId, { amount: '0.000001', to: to.address }, `req_breakdown_${++request}`);
    });
    const { compactTransfer } = await import('./ledger-baseline.js');
    await time('pg: the compact transfer (the same rows in 2 round trips; bench/ledger-baseline.ts compactTransfer)', raw, async () => {
      const [from, to] = pair();
      await compactTransfer(pool, from.accountId, { amount: '0.000001', to: to.address }, `req_breakdown_${++request}`);
    });
    const prisma = server.db.prisma;
    await time('Prisma: an empty interactive transaction ($transaction(async () => {}): BEGIN, COMMIT)', ours, () => prisma.$transaction(async () => undefined));
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
    statementRows.push(...(await statementCosts(prisma, pool, a)));
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, statements: statementRows };
}

interface StatementRow {
  statement: string;
  /** how many times one transfer sends it */
  perTransfer: number;
  prisma: number;
  pg: number;
}

/**
 * CPU per call of each statement a transfer sends, as our server sends it through Prisma (in
 * an interactive transaction) and as the baseline sends it on pg (in a transaction); both
 * transactions are rolled back. Median of 3 rounds after a warm-up.
 */
async function statementCosts(prisma: import('../src/db/client.js').Prisma, pool: pg.Pool, w: Wallet): Promise<StatementRow[]> {
  const { newId } = await import('../src/ids.js');
  const ops = config.breakdownOps;
  const cpuPerCall = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < Math.max(ops, 300); i++) await fn();
    const rounds: number[] = [];
    for (let r = 0; r < 3; r++) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < ops; i++) await fn();
      const c = process.cpuUsage(c0);
      rounds.push((c.user + c.system) / 1000 / ops);
    }
    return rounds.sort((x, y) => x - y)[1];
  };
  const now = new Date();
  const data = { object: { id: 'xfr_bench', object: 'transfer', amount: '1', from: w.address, to: w.address }, transfer_id: 'xfr_bench', from: w.address, to: w.address, amount: '1' };
  const fake = `bench-statements-${process.pid}`;
  let sequence = 0;
  // post()'s statement (src/modules/money/ledger.ts) on the chain of a made-up account
  const POST_SQL = `WITH t AS (
       INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)
     ), p AS (
       INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
       SELECT d.id, $1, d.account, d.currency, d.amount::bigint, d.position
       FROM jsonb_to_recordset($10::jsonb) AS d(id text, account text, currency text, amount text, position int)
     )
     UPDATE "LedgerChain" SET "headHash" = $8 WHERE "accountId" = $2 AND "livemode" = $3`;
  const postValues = () => {
    const id = newId('ltx');
    return [id, fake, false, ++sequence, 'transfer', 'xfr_bench', '0', newId('hsh'), now.toISOString(),
      JSON.stringify([0, 1].map((position) => ({ id: newId('lpo'), account: w.ledgerId, currency: coin, amount: position ? '1' : '-1', position })))];
  };
  type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];
  // what a transfer sends now (src/modules/money/ledger.ts postWithEvents() and
  // src/events/outbox.ts), captured from the real functions on a recording transaction, then
  // sent for real
  const { LEDGER_MOVE_SQL, postWithEvents, ledgerAccount: ledgerRef } = await import('../src/modules/money/ledger.js');
  const { newEvent, recordEventsOf } = await import('../src/events/outbox.js');
  const moveValues = () => [JSON.stringify([{ id: w.ledgerId, delta: '0' }]), 1, fake, false, '0'.repeat(64), w.ledgerId];
  let captured: { sql: string; values: unknown[] } | undefined;
  const recording = {
    $queryRawUnsafe: async (sql: string, ...values: unknown[]) => {
      captured = { sql, values };
      return [{ eventId: null, deliveries: 0, resolved: ['0'.repeat(64)] }];
    },
    $executeRawUnsafe: async (sql: string, ...values: unknown[]) => { captured = { sql, values }; return 0; },
  } as unknown as Tx;
  const outboxStatement = async () => {
    const id = newId('xfr');
    const walletRef = { ...ledgerRef(w.accountId, false, 'wallet', coin), id: w.ledgerId };
    // to and from one wallet (a net change of 0: nothing moves), on the chain of a made-up account
    // (another than the [before] rows' one: both write its ledger transactions, by sequence)
    postWithEvents(recording, { accountId: `${fake}-one`, livemode: false }, 'transfer', id, [{ account: walletRef, amount: -1n }, { account: walletRef, amount: 1n }], now, {
      resource: { table: 'StablecoinTransfer', row: (hash) => ({ id, accountId: w.accountId, livemode: false, fromAddress: w.address.toLowerCase(), toAddress: w.address.toLowerCase(), recipientAccountId: w.accountId, amount: 1n, status: 'succeeded', transactionHash: hash, createdAt: now }) },
      refused: (err) => err,
    });
    const origin = { requestId: 'req_bench', idempotencyKey: null, apiVersion: '2026-11-01', livemode: false };
    // two events, as a transfer between two accounts makes (both on this account: an event's account must exist)
    const events = new Map([[w.accountId, [newEvent('stablecoin.transferred', { ...data.object, id }, origin, undefined, data), newEvent('stablecoin.transferred', { ...data.object, id }, { ...origin, requestId: null }, undefined, data)]]]);
    await recordEventsOf(recording, events);
    return captured!;
  };
  const shapes: { statement: string; perTransfer: number; prisma: (tx: Tx) => Promise<unknown>; pg: (c: pg.PoolClient) => Promise<unknown> }[] = [
    {
      statement: 'the balances locked in id order, checked and changed, and the chain head taken (post()\'s first statement; $queryRawUnsafe; by 0 here) [before]', perTransfer: 0,
      prisma: (tx) => tx.$queryRawUnsafe(LEDGER_MOVE_SQL, ...moveValues()),
      pg: (c) => c.query(LEDGER_MOVE_SQL, moveValues()),
    },
    {
      statement: 'the whole transfer: the balances locked, checked and changed, the chain advanced with the hash computed in SQL, the ledger transaction, its 2 postings, the transfer row, both events and their webhook deliveries (the outbox statement; $queryRawUnsafe)', perTransfer: 1,
      prisma: async (tx) => { const st = await outboxStatement(); return tx.$queryRawUnsafe(st.sql, ...st.values); },
      pg: async (c) => { const st = await outboxStatement(); return c.query(st.sql, st.values); },
    },
    {
      statement: 'the sender\'s wallet by id (ledgerAccount.findUnique) [before]', perTransfer: 0,
      prisma: (tx) => tx.ledgerAccount.findUnique({ where: { id: w.ledgerId } }),
      pg: (c) => c.query('SELECT "id", "code", "accountId", "livemode", "kind", "currency", "address", "balance", "allowNegative", "createdAt" FROM "LedgerAccount" WHERE "id" = $1 LIMIT $2 OFFSET $3', [w.ledgerId, 1, 0]),
    },
    {
      statement: 'the recipient\'s wallet by address (ledgerAccount.findUnique) [before]', perTransfer: 0,
      prisma: (tx) => tx.ledgerAccount.findUnique({ where: { address: w.address.toLowerCase() } }),
      pg: (c) => c.query('SELECT "id", "code", "accountId", "livemode", "kind", "currency", "address", "balance", "allowNegative", "createdAt" FROM "LedgerAccount" WHERE "address" = $1 LIMIT $2 OFFSET $3', [w.address.toLowerCase(), 1, 0]),
    },
    {
      statement: 'the conditional balance UPDATE ($executeRaw; by 0 here) [before]', perTransfer: 0,
      prisma: (tx) => tx.$executeRaw`UPDATE "LedgerAccount" SET "balance" = "balance" + ${0n} WHERE "id" = ${w.ledgerId} AND ("allowNegative" OR "balance" + ${0n} >= 0)`,
      pg: (c) => c.query('UPDATE "LedgerAccount" SET "balance" = "balance" + $1 WHERE "id" = $2 AND ("allowNegative" OR "balance" + $3 >= 0)', [0, w.ledgerId, 0]),
    },
    {
      statement: 'the chain upsert RETURNING the head ($queryRaw) [before]', perTransfer: 0,
      prisma: (tx) => tx.$queryRaw`INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash") VALUES (${fake}, ${false}, 1, ${'0'}) ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1 RETURNING "sequence", "headHash"`,
      pg: (c) => c.query('INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash") VALUES ($1, $2, 1, $3) ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1 RETURNING "sequence", "headHash"', [fake, false, '0']),
    },
    {
      statement: 'the ledger transaction, its 2 postings and the chain head in one statement (WITH ... INSERT ... UPDATE; $executeRawUnsafe) [before]', perTransfer: 0,
      prisma: (tx) => tx.$executeRawUnsafe(POST_SQL, ...postValues()),
      pg: (c) => c.query(POST_SQL, postValues()),
    },
    {
      statement: 'the transfer row INSERT (stablecoinTransfer.create, reads the row back) [before]', perTransfer: 0,
      prisma: (tx) => tx.stablecoinTransfer.create({ data: { id: newId('xfr'), accountId: w.accountId, livemode: false, fromAddress: w.address, toAddress: w.address, recipientAccountId: w.accountId, amount: 1n, status: 'succeeded', transactionHash: '0', createdAt: now } }),
      pg: (c) => c.query('INSERT INTO "StablecoinTransfer" ("id", "accountId", "livemode", "fromAddress", "toAddress", "recipientAccountId", "amount", "status", "transactionHash", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *', [newId('xfr'), w.accountId, false, w.address, w.address, w.accountId, 1, 'succeeded', '0', now]),
    },
    {
      statement: 'both events INSERT (event.createMany, 2 rows; the outbox) [before]', perTransfer: 0,
      prisma: (tx) => tx.event.createMany({ data: [0, 1].map(() => ({ id: newId('evt'), accountId: w.accountId, livemode: false, type: 'stablecoin.transferred', data, requestId: 'req_bench', idempotencyKey: null, apiVersion: '2026-11-01', createdAt: now })) }),
      pg: (c) => c.query('INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11, $12, $13, $14, $15, $16, $17, $18)',
        [0, 1].flatMap(() => [newId('evt'), w.accountId, false, 'stablecoin.transferred', JSON.stringify(data), 'req_bench', null, '2026-11-01', now])),
    },
    {
      statement: 'the active webhook endpoints of both accounts (webhookEndpoint.findMany; the outbox) [before]', perTransfer: 0,
      prisma: (tx) => tx.webhookEndpoint.findMany({ where: { accountId: { in: [w.accountId, fake] }, livemode: false, active: true }, select: { id: true, accountId: true, events: true } }),
      pg: (c) => c.query('SELECT "id", "accountId", "events" FROM "WebhookEndpoint" WHERE "accountId" IN ($1, $2) AND "livemode" = $3 AND "active" = $4', [w.accountId, fake, false, true]),
    },
  ];
  const out: StatementRow[] = shapes.map((sh) => ({ statement: sh.statement, perTransfer: sh.perTransfer, prisma: NaN, pg: NaN }));
  const rollback = new Error('rollback');
  await prisma.$transaction(async (tx) => {
    for (let i = 0; i < shapes.length; i++) out[i].prisma = await cpuPerCall(() => shapes[i].prisma(tx));
    throw rollback;
  }, { timeout: 600_000, maxWait: 10_000 }).catch((err: unknown) => { if (err !== rollback) throw err; });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < shapes.length; i++) out[i].pg = await cpuPerCall(() => shapes[i].pg(client));
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
  for (const r of out) process.stderr.write(`[ledger] breakdown: ${r.statement}: Prisma ${fmt(r.prisma, 3)} vs pg ${fmt(r.pg, 3)} ms CPU/call\n`);
  return out;
}

function statementTable(rows: StatementRow[]): string {
  const lines = [
    '| Statement | per transfer | Prisma CPU ms/call | pg CPU ms/call | Prisma / pg |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.statement} | ${r.perTransfer} | ${fmt(r.prisma, 3)} | ${fmt(r.pg, 3)} | ${fmt(r.prisma / r.pg, 1)}x |`),
  ];
  const sum = (k: 'prisma' | 'pg') => rows.reduce((a, r) => a + r.perTransfer * r[k], 0);
  lines.push('', `- the statements of one transfer (BEGIN and COMMIT aside), summed: ${fmt(sum('prisma'), 2)} ms of CPU through Prisma, ${fmt(sum('pg'), 2)} ms on pg (the outbox statement's row includes building it: post() and recordEventsOf on a recording transaction, the same on both sides)`);
  lines.push('- [before]: the statements a transfer sent before they were folded into the two above (0 per transfer now), for the cost of a statement through Prisma against pg');
  return lines.join('\n');
}

function breakdownTable(rows: BreakdownRow[]): string {
  const lines = [
    `| Step | CPU ms/op | wall ms/op | waiting on SQL ms/op | SQL/op |`,
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.step} | ${fmt(r.cpu, 3)} | ${fmt(r.wall, 3)} | ${fmt(r.sqlWait, 3)} | ${fmt(r.sql, 2)} |`),
  ];
  const rest = rows[0];
  const op = rows[1];
  const base = rows[2];
  if (rest && op && base) {
    lines.push('', `- one transfer costs our server ${fmt(rest.cpu, 2)} ms of CPU through HTTP (at most ${n0(1000 / rest.cpu)} transfers/s on one fully busy core), ${fmt(op.cpu, 2)} ms in executeMutation alone; the baseline's SQL on pg ${fmt(base.cpu, 2)} ms (${n0(1000 / base.cpu)}/s): ${fmt(op.cpu / base.cpu, 1)}x`);
    lines.push(`- one at a time, a transfer waits on SQL round trips ${fmt(op.sqlWait, 2)} of ${fmt(op.wall, 2)} ms (ours, ${fmt(op.sql, 1)} statements) vs ${fmt(base.sqlWait, 2)} of ${fmt(base.wall, 2)} ms (baseline, ${fmt(base.sql, 1)} statements)`);
    const compact = rows.find((r) => r.step.startsWith('pg: the compact'));
    if (compact) lines.push(`- the compact shape (2 round trips): ${fmt(compact.cpu, 2)} ms of CPU, ${fmt(compact.sqlWait, 2)} of ${fmt(compact.wall, 2)} ms waiting on SQL`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- report

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
const coins = (micro: bigint) => `${micro / COIN_SCALE}.${String(micro % COIN_SCALE).padStart(6, '0')}`;

const serverLabel = (t: Target) => (t === 'ours' ? `ours${config.idempotency ? ' (Idempotency-Key)' : ''}` : t === 'solo' ? `ours, no group commit${config.idempotency ? ' (Idempotency-Key)' : ''}` : t === 'compact' ? 'compact (raw pg, 2 round trips)' : 'baseline (raw pg, 10 statements)');

function table(runs: Measured[]): string {
  const lines = [
    '| Scenario | Server | transfers/s (2xx) | p50 ms | p99 ms | non-2xx by status | errors | / baseline | SQL/transfer | transfers/commit | server CPU ms/transfer | PostgreSQL CPU ms/transfer | machine busy | load avg |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of runs) {
    const base = runs.find((b) => b.scenario === m.scenario && b.target === 'baseline');
    const ratio = m.target !== 'baseline' && base ? fmt(m.transfersPerSecond / base.transfersPerSecond, 2) : '';
    const non2xx = Object.entries(m.statuses).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${c}: ${n}`).join(', ') || '0';
    const label = m.scenario === 'hot' ? `hot (${config.hotWallets} wallets)` : `spread (${config.spreadWallets} wallets)`;
    lines.push(`| ${label} | ${serverLabel(m.target)} | ${n0(m.transfersPerSecond)} | ${fmt(m.result.latency.p50, 1)} | ${fmt(m.result.latency.p99, 1)} | ${non2xx} | ${m.result.errors + m.result.timeouts} | ${ratio} | ${fmt(m.sqlPerRequest, 2)} | ${m.perCommit === undefined ? '-' : fmt(m.perCommit, 2)} | ${fmt(m.cpuPerRequest, 2)} | ${fmt(m.pgCpuPerRequest, 2)} | ${fmt(m.machineBusy * 100)}% | ${fmt(m.load, 1)} |`);
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
    '| Scenario | Server | committed (warm-up + measured) | answered 2xx | coin in the wallets before = after | lowest wallet after | total supply | verifyLedger (transactions, problems, ms) | invariants |',
    '|---|---|---:|---:|---|---:|---|---|---|',
  ];
  for (const m of runs) {
    const c = m.checks;
    lines.push(`| ${m.scenario} | ${m.target} | ${n0(c.after.committed - c.before.committed)} | ${n0(c.answered2xx)} | ${coins(c.before.coin)} ${c.before.coin === c.after.coin ? '=' : '≠'} ${coins(c.after.coin)} | ${coins(c.after.min)} | ${c.before.supply === c.after.supply ? 'unchanged' : 'MOVED'} | ${n0(c.verify.transactions)}, ${c.verify.problems.length}, ${n0(c.verifyMs)} | ${c.ok ? 'hold' : `**BROKEN**: ${c.failures.join('; ')}`} |`);
  }
  return lines.join('\n');
}

interface Final {
  rows: BreakdownRow[];
  statements: StatementRow[];
  verify: { transactions: number; problems: string[] };
}

function report(runs: Measured[], statements: Partial<Record<Target, [number, number]>>, pgVersion: string, startedAt: Date, startLoad: number, settings: Record<string, string>, final?: Final): string {
  const ours = runs.filter((m) => m.target === 'ours');
  const verdicts = ours.map((m) => `${m.scenario}: ${n0(m.transfersPerSecond)}/s ${m.transfersPerSecond >= TARGET ? '>=' : '<'} ${n0(TARGET)} ${m.transfersPerSecond >= TARGET ? '(target met)' : '(target missed)'}, invariants ${m.checks.ok ? 'hold' : 'BROKEN'}`);
  return joinLines([
    '# Ledger benchmark results (stablecoin transfers)',
    '',
    ...machineLines(startedAt),
    `- database: PostgreSQL ${pgVersion} at 127.0.0.1, database \`${new URL(config.databaseUrl).pathname.slice(1)}\` (${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(', ')}), pool size ${config.poolSize} in both servers`,
    `- wallets: hot ${config.hotWallets}, spread ${config.spreadWallets}, one account each, funded with ${n0(config.fund)} ${coin}; amounts 0.000001 to 1 ${coin}, unsigned (below SIGNED_REQUEST_THRESHOLD), ${config.idempotency ? 'ours with a fresh Idempotency-Key per request' : 'no Idempotency-Key'}`,
    `- load: autocannon, ${config.connections} connections, ${config.warmup} s warm-up then ${config.seconds} s measured per row; load generator, servers and PostgreSQL share the machine (${cpus().length} CPUs, load average at start ${fmt(startLoad, 1)})`,
    `- SQL statements of one transfer, counted by the server: ours ${statements.ours ? `${statements.ours[0]} with its API key cached, ${statements.ours[1]} when the key is looked up (at most every 2 s per key)` : '-'} (db.queryCount(): every statement Prisma sends, COMMIT included, BEGIN not); baseline ${statements.baseline?.[0] ?? '-'} (BEGIN not counted either); compact ${statements.compact?.[0] ?? '-'} statements in 2 round trips (and a lookup on a wallet's first use)`,
    config.profile ? '- BENCH_PROFILE=1: the servers were CPU-profiled during the measured runs (slower than normal)' : '',
    env.BENCH_LEDGER_PREPARED === '1' ? '- BENCH_LEDGER_PREPARED=1: the baseline sent named prepared statements (ours sends unnamed ones)' : '',
    '',
    ...(runs.length ? [
      table(runs),
      '',
      'What the database connections did during the measured runs (pg_stat_activity every 100 ms; mean number of backends in each state):',
      '',
      activityTable(runs),
      '',
      'Ledger checks after each run (the server finished its in-flight requests first):',
      '',
      checksTable(runs),
      '',
      ...verdicts.map((v) => `- ${v}`),
      '',
    ] : []),
    ...(final?.rows.length ? [
      `## Where a transfer's time goes (in this process, one at a time, ${config.breakdownOps} operations per row, median of 3 rounds)`,
      '',
      breakdownTable(final.rows),
      '',
      'CPU per call of each statement a transfer sends, as our server sends it through Prisma (in an interactive transaction) and as the baseline sends it on pg (in a transaction); both rolled back:',
      '',
      statementTable(final.statements),
      '',
      `verifyLedger after the breakdown: ${n0(final.verify.transactions)} transactions, ${final.verify.problems.length} problems`,
      '',
    ] : []),
  ]);
}

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const startLoad = loadavg()[0];
  const pgVersion = await prepareDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ledger-server-'));
  const childEnv = serverChildEnv(dataDir, {
    DATABASE_URL: config.databaseUrl, DATABASE_POOL_SIZE: String(config.poolSize), WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false',
  });
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  const children: Child[] = [];
  let verifyDb: { close(): Promise<void> } | undefined;
  try {
    // our server also does the setup (issuance through its API), so it starts either way
    const ours = await startChild('server', join(benchDir, 'server-process.ts'), childEnv);
    children.push(ours);
    const setup = await setUp(ours, dataDir, childEnv.SVC_ENCRYPTION_KEY);
    const { openDatabase } = await import('../src/db/client.js');
    const { verifyLedger } = await import('../src/modules/money/verify.js');
    const verifyDir = mkdtempSync(join(tmpdir(), 'bench-ledger-verify-'));
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: verifyDir, migrate: false, poolSize: 2 });
    verifyDb = { close: async () => { await db.close(); rmSync(verifyDir, { recursive: true, force: true }); } };
    const verify = () => verifyLedger(db.prisma);
    const first = await verify();
    if (first.problems.length) throw new Error(`the ledger does not verify before the benchmark: ${first.problems.slice(0, 5).join('; ')}`);

    const servers: Partial<Record<Target, Child>> = {};
    for (const shape of ['baseline', 'compact'] as const) {
      if (!config.targets.includes(shape)) continue;
      const child = await startChild(shape, join(benchDir, 'ledger-baseline.ts'), { ...childEnv, BENCH_LEDGER_ROLE: 'baseline', BENCH_LEDGER_SHAPE: shape });
      children.push(child);
      servers[shape] = child;
    }
    if (config.targets.includes('solo')) {
      const solo = await startChild('solo', join(benchDir, 'server-process.ts'), { ...childEnv, DATABASE_COMMIT_GROUPS: '0' });
      children.push(solo);
      servers.solo = solo;
    }
    if (config.targets.includes('ours')) servers.ours = ours;
    else {
      await ours.stop();
      children.splice(children.indexOf(ours), 1);
    }

    const sample = setup.hot.length ? setup.hot : setup.spread;
    const statements: Partial<Record<Target, [number, number]>> = {};
    for (const target of TARGETS) if (servers[target]) statements[target] = await statementsPerTransfer(target, servers[target]!, sample);
    const settings: Record<string, string> = {};
    for (const name of ['synchronous_commit', 'fsync', 'shared_buffers', 'max_connections']) {
      settings[name] = (await pool.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0].v;
    }

    const runs: Measured[] = [];
    let seed = 1;
    for (const scenario of config.breakdown === 'only' ? [] : config.scenarios) {
      const wallets = scenario === 'hot' ? setup.hot : setup.spread;
      for (const target of TARGETS) {
        const child = servers[target];
        if (!child) continue;
        const m = await measure(scenario, target, child, wallets, setup, pool, verify, (seed += 10));
        process.stderr.write(`[ledger] ${scenario} / ${target}: ${n0(m.transfersPerSecond)} transfers/s, p99 ${fmt(m.result.latency.p99, 1)} ms, invariants ${m.checks.ok ? 'hold' : 'BROKEN'}\n`);
        runs.push(m);
      }
    }

    let final: Final | undefined;
    if (config.breakdown !== '0') {
      // the load servers stop first: the breakdown measures one process alone
      for (const c of children.splice(0)) await c.stop();
      const { rows, statements: statementRows } = await breakdown(sample);
      const after = await verify();
      final = { rows, statements: statementRows, verify: after };
      if (after.problems.length) process.stderr.write(`[ledger] verifyLedger after the breakdown: ${after.problems.slice(0, 5).join('; ')}\n`);
    }

    const md = report(runs, statements, pgVersion, startedAt, startLoad, settings, final);
    process.stdout.write(`${md}\n`);
    if (config.results !== '-') {
      writeFileSync(config.results, `${md}\n`);
      process.stderr.write(`[ledger] wrote ${relative(process.cwd(), config.results)}\n`);
    }
    const broken = runs.filter((m) => !m.checks.ok);
    if (broken.length) throw new Error(`invariants broken in ${broken.map((m) => `${m.scenario}/${m.target}`).join(', ')}`);
    if (final?.verify.problems.length) throw new Error('the ledger does not verify after the breakdown');
  } finally {
    for (const c of children) await c.stop();
    await verifyDb?.close();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Bounded: the whole run has a time limit, and no child outlives this process.
const limitMs = (600 + config.scenarios.length * config.targets.length * (config.seconds + config.warmup + 120)) * 1000;
guardRun('ledger', limitMs, main);
