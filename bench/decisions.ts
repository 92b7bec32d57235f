// Benchmark of the decision service (npx tsx bench/decisions.ts):
//
//   1. engine: `decide()` in this process with the local judge, every scenario of every pack
//      round-robin, each call timed with performance.now(). Target: p99 < 2 ms.
//   2. HTTP: POST /api/svc/decisions on our server (bench/server-process.ts, a child process
//      so that the load generator does not share its event loop), local judge, every request
//      with a fresh Idempotency-Key (a real run, never a replay), scenarios round-robin; a
//      sequential run (1 connection, a fixed number of runs), then autocannon with a few
//      connections for a fixed time each. Every response is checked: 200, not replayed, a
//      decision for the scenario that was asked. Target: p99 < 20 ms.
//
// Environment:
//   DATABASE_URL                  default postgresql://root@127.0.0.1:5432/bench (created if
//                                 missing); when that default cannot be reached, the server
//                                 uses embedded PGlite (a note says so). An explicit
//                                 DATABASE_URL that fails is an error.
//   BENCH_DB=pglite               use embedded PGlite even when PostgreSQL is there
//   DECISIONS_ENGINE_ITERATIONS   measured decide() calls (default 20000)
//   DECISIONS_ENGINE_SECONDS      time bound of the measured engine loop (default 10)
//   DECISIONS_SEQUENTIAL          runs of the sequential HTTP run (default 500)
//   DECISIONS_CONNECTIONS         connection counts of the timed HTTP runs (default 4,16)
//   BENCH_SECONDS                 seconds per timed HTTP run (default 10)
//   BENCH_WARMUP                  HTTP warm-up seconds before the runs (default 3)
//   DECISIONS_PARTS               engine,http (default both)
//   BENCH_TRACE=1                 per-SQL-statement counts and times in the server
//   BENCH_PROFILE=1               CPU profiles: bench/profiles/decisions-engine.cpuprofile (an
//                                 extra, unmeasured engine pass) and decisions-<run>.cpuprofile
//                                 of the server during each HTTP run (slower when on);
//                                 summarize with npx tsx bench/profile-summary.ts <file>
//   BENCH_RESULTS                 output file (default bench/decisions-results.md; - for none)
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { RequestSpec } from 'autocannon';
import { runQueueClock, startChild, type Child, type ChildStats, type SqlStat } from './child.js';
import { assertLocalDatabaseUrl, boundedCannon, dist, fmt, type Dist, guardRun, intEnv, joinLines, load1, machineLines, serverChildEnv, sqlTraceTable } from './common.js';
import { ensureDatabase } from './seed.js';
import { decide } from '../src/decision/engine/index.js';
import { loadPacks, type LoadedPack } from '../src/decision/packs/index.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DEFAULT_DATABASE_URL = 'postgresql://root@127.0.0.1:5432/bench';
const KEY_NAME = 'bench-decisions';
const ACCOUNT_NAME = 'bench-decisions';
const ENGINE_TARGET_P99_MS = 2;
const HTTP_TARGET_P99_MS = 20;

const config = {
  databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  explicitDatabase: Boolean(env.DATABASE_URL),
  forcePglite: env.BENCH_DB === 'pglite',
  engineIterations: intEnv('DECISIONS_ENGINE_ITERATIONS', 20_000, 100, 1_000_000),
  engineSeconds: intEnv('DECISIONS_ENGINE_SECONDS', 10, 1, 120),
  sequential: intEnv('DECISIONS_SEQUENTIAL', 500, 10, 100_000),
  connections: (env.DECISIONS_CONNECTIONS || '4,16').split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error('DECISIONS_CONNECTIONS must be integers from 1 to 256, e.g. 4,16');
    return n;
  }),
  seconds: intEnv('BENCH_SECONDS', 10, 1, 600),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 60),
  parts: (env.DECISIONS_PARTS || 'engine,http').split(',').map((s) => s.trim()),
  trace: env.BENCH_TRACE === '1',
  profile: env.BENCH_PROFILE === '1',
  results: env.BENCH_RESULTS || join(benchDir, 'decisions-results.md'),
};
for (const p of config.parts) if (p !== 'engine' && p !== 'http') throw new Error(`DECISIONS_PARTS: unknown part '${p}'`);
assertLocalDatabaseUrl(config.databaseUrl);
const profileDir = join(benchDir, 'profiles');

// ---------------------------------------------------------------- statistics (dist: common.ts)

/** Garbage-collection pauses of this process while `observe` is on. */
function gcWatcher() {
  const pauses: number[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push(e.duration);
  });
  obs.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // entries are delivered asynchronously
      await new Promise((resolve) => setTimeout(resolve, 50));
      obs.disconnect();
      return { count: pauses.length, totalMs: pauses.reduce((a, b) => a + b, 0), maxMs: pauses.length ? Math.max(...pauses) : 0 };
    },
  };
}

// ---------------------------------------------------------------- 1. engine in process

interface Pair {
  pack: LoadedPack;
  industry: string;
  scenario: string;
}

interface EngineResult {
  iterations: number;
  seconds: number;
  /** sum of the timed calls, s */
  timedSeconds: number;
  all: Dist;
  /** per call: its time minus the run-queue wait during it (Linux only) */
  running?: Dist;
  /** calls over the target and how many of them waited >= 1 ms in the run queue */
  overTarget: { calls: number; preempted?: number };
  cpuMsPerDecision: number;
  gc: { count: number; totalMs: number; maxMs: number };
  perPack: Array<{ industry: string; scenarios: number; d: Dist }>;
  slowest: Array<{ id: string; p50: number; p99: number }>;
  outcomes: Record<string, number>;
  load: number;
  now: number;
}

async function runEngine(pairs: Pair[]): Promise<EngineResult> {
  // the same instant for every call, as a client would pass it (freshness windows depend on it)
  const now = Date.now();
  const scenarios = pairs.map((p) => p.pack.scenarios.find((s) => s.id === p.scenario)!);
  const call = (i: number) => {
    const k = i % pairs.length;
    return decide({ pack: pairs[k].pack, scenario: scenarios[k], now });
  };
  const warm = Math.min(5_000, Math.max(pairs.length * 20, Math.floor(config.engineIterations / 10)));
  process.stderr.write(`[decisions] engine: ${pairs.length} scenarios in ${new Set(pairs.map((p) => p.industry)).size} packs; warm-up ${warm} calls\n`);
  for (let i = 0; i < warm; i++) await call(i);

  const limit = config.engineIterations;
  const times = new Float64Array(limit);
  const waits = new Float64Array(limit);
  const which = new Uint16Array(limit);
  const runQueue = runQueueClock();
  const outcomes: Record<string, number> = {};
  process.stderr.write(`[decisions] engine: measuring ${limit} calls (at most ${config.engineSeconds} s)\n`);
  const gc = gcWatcher();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const deadline = start + config.engineSeconds * 1000;
  let n = 0;
  for (; n < limit; n++) {
    const k = n % pairs.length;
    const p = pairs[k];
    const q0 = runQueue?.() ?? 0;
    const t0 = performance.now();
    const r = await decide({ pack: p.pack, scenario: scenarios[k], now });
    const t1 = performance.now();
    times[n] = t1 - t0;
    if (runQueue) waits[n] = runQueue() - q0;
    which[n] = k;
    outcomes[r.decision] = (outcomes[r.decision] ?? 0) + 1;
    if (t1 > deadline) {
      n++;
      break;
    }
  }
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const gcStats = await gc.stop();
  const measured = times.subarray(0, n);
  let timed = 0;
  let over = 0;
  let preempted = 0;
  const running = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    timed += measured[i];
    running[i] = Math.max(0, measured[i] - waits[i]);
    if (measured[i] >= ENGINE_TARGET_P99_MS) {
      over++;
      if (waits[i] >= 1) preempted++;
    }
  }

  const perPack = [...new Set(pairs.map((p) => p.industry))].map((industry) => {
    const ks = new Set(pairs.flatMap((p, k) => (p.industry === industry ? [k] : [])));
    const xs: number[] = [];
    for (let i = 0; i < n; i++) if (ks.has(which[i])) xs.push(measured[i]);
    return { industry, scenarios: ks.size, d: dist(xs) };
  });
  const perScenario = pairs.map((p, k) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) if (which[i] === k) xs.push(measured[i]);
    const d = dist(xs);
    return { id: `${p.industry}/${p.scenario}`, p50: d.p50, p99: d.p99 };
  });
  const slowest = perScenario.sort((a, b) => b.p50 - a.p50).slice(0, 3);

  if (config.profile) {
    mkdirSync(profileDir, { recursive: true });
    const file = join(profileDir, 'decisions-engine.cpuprofile');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let i = 0; i < Math.min(n, 10_000); i++) await call(i);
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    process.stderr.write(`[decisions] engine CPU profile: ${relative(process.cwd(), file)}\n`);
  }

  return {
    iterations: n,
    seconds: elapsed / 1000,
    timedSeconds: timed / 1000,
    all: dist(measured),
    running: runQueue ? dist(running) : undefined,
    overTarget: { calls: over, preempted: runQueue ? preempted : undefined },
    cpuMsPerDecision: (cpu.user + cpu.system) / 1000 / n,
    gc: gcStats,
    perPack,
    slowest,
    outcomes,
    load: load1(),
    now,
  };
}

// ---------------------------------------------------------------- 2. HTTP against a child server

interface Database {
  kind: 'postgres' | 'pglite';
  url?: string;
  version: string;
  note?: string;
}

async function chooseDatabase(): Promise<Database> {
  if (config.forcePglite) return { kind: 'pglite', version: 'embedded PGlite', note: 'BENCH_DB=pglite: the server used embedded PGlite (one connection)' };
  try {
    const version = await ensureDatabase(config.databaseUrl);
    return { kind: 'postgres', url: config.databaseUrl, version: `PostgreSQL ${version}` };
  } catch (err) {
    if (config.explicitDatabase) throw err;
    const note = `PostgreSQL at ${config.databaseUrl} was not reachable (${(err as Error).message}); the server used embedded PGlite (one connection) instead, so the HTTP figures are not comparable with PostgreSQL runs`;
    process.stderr.write(`[decisions] note: ${note}\n`);
    return { kind: 'pglite', version: 'embedded PGlite', note };
  }
}

type Prisma = Awaited<ReturnType<typeof import('../src/db/client.js')['openDatabase']>>['prisma'];

/**
 * Opens the server's database from this process (PostgreSQL directly; PGlite through the
 * socket the running server shares for its DATA_DIR), makes a fresh svc test key of the
 * bench account, and removes earlier bench keys with their records.
 */
async function prepareKey(db: Database, dataDir: string) {
  const { openDatabase, readSharedEmbedded } = await import('../src/db/client.js');
  const { findOrCreateAccount } = await import('../src/accounts.js');
  const { createApiKey } = await import('../src/auth/keys.js');
  if (db.kind === 'pglite' && !readSharedEmbedded(dataDir)) throw new Error(`the server does not share its embedded database in ${dataDir}`);
  const handle = await openDatabase({ databaseUrl: db.url, dataDir, migrate: false, poolSize: 2 });
  const prisma = handle.prisma;
  const { account } = await findOrCreateAccount(prisma, ACCOUNT_NAME);
  await removeKeys(prisma, account.id);
  const { key, secret } = await createApiKey(prisma, { accountId: account.id, type: 'svc', mode: 'test', name: KEY_NAME });
  return { handle, prisma, accountId: account.id, keyId: key.id, secret };
}

/** Deletes the bench keys of the account and the decision records and usage they made. */
async function removeKeys(prisma: Prisma, accountId: string) {
  const old = await prisma.apiKey.findMany({ where: { accountId, name: KEY_NAME }, select: { id: true } });
  if (!old.length) return;
  const ids = old.map((k) => k.id);
  await prisma.svcRequest.deleteMany({ where: { apiKeyId: { in: ids } } });
  await prisma.svcUsage.deleteMany({ where: { apiKeyId: { in: ids } } });
  await prisma.apiKey.deleteMany({ where: { id: { in: ids } } });
}

interface Checks {
  sent: number;
  ok: number;
  failures: Record<string, number>;
  example?: string;
}

/** The request every connection sends: fresh Idempotency-Key, next scenario round-robin. */
function decisionRequests(pairs: Pair[], secret: string, checks: Checks, tag: string): () => RequestSpec[] {
  const bodies = pairs.map((p) => JSON.stringify({ industry: p.industry, scenario: p.scenario }));
  let seq = 0;
  const fail = (why: string, body: string) => {
    checks.failures[why] = (checks.failures[why] ?? 0) + 1;
    checks.example ??= `${why}: ${body.slice(0, 300)}`;
  };
  return () => [{
    method: 'POST',
    path: '/api/svc/decisions',
    headers: { 'content-type': 'application/json', 'x-svc-api-key': secret },
    setupRequest: (req, context) => {
      const n = seq++;
      const k = n % pairs.length;
      context.industry = pairs[k].industry;
      context.scenario = pairs[k].scenario;
      return { ...req, headers: { ...req.headers, 'idempotency-key': `bench-${tag}-${n}` }, body: bodies[k] };
    },
    onResponse: (status, body, context, headers) => {
      checks.sent++;
      if (status !== 200) return fail(`HTTP ${status}`, body);
      if (headers['idempotent-replayed']) return fail('replayed', body);
      let json: { industry?: string; scenario?: string; result?: { decision?: string } };
      try {
        json = JSON.parse(body) as typeof json;
      } catch {
        return fail('not JSON', body);
      }
      const decision = json.result?.decision;
      if (decision !== 'approved' && decision !== 'denied' && decision !== 'refused') return fail('no decision', body);
      if (json.industry !== context.industry || json.scenario !== context.scenario) return fail('another scenario', body);
      checks.ok++;
    },
  }];
}

interface HttpRun {
  name: string;
  connections: number;
  mode: string;
  responses: number;
  seconds: number;
  rps: number;
  latency: Dist;
  checks: Checks;
  serverRequests: number;
  sqlPerRequest: number;
  cpuPerRequest: number;
  /** time the server's main thread waited for a CPU, per request (Linux) */
  runQueuePerRequest?: number;
  statements?: Record<string, SqlStat>;
  load: number;
}

let runCounter = 0;
const runTag = randomBytes(4).toString('hex');

/** One bounded autocannon run; latencies from autocannon's per-response timer (sub-ms). */
async function httpRun(child: Child, pairs: Pair[], secret: string, name: string, connections: number, limit: { seconds: number } | { amount: number }, measure = true): Promise<HttpRun> {
  const checks: Checks = { sent: 0, ok: 0, failures: {} };
  const requests = decisionRequests(pairs, secret, checks, `${runTag}-${++runCounter}`);
  const latencies: number[] = [];
  const before: ChildStats = await child.reset();
  const profiling = measure && config.profile;
  if (profiling) await child.profileStart();
  const mode = 'seconds' in limit ? `${limit.seconds} s` : `${limit.amount} runs`;
  process.stderr.write(`[decisions] http: ${name}, ${connections} connection(s), ${mode}\n`);
  const t0 = performance.now();
  await boundedCannon(
    {
      url: child.url,
      connections,
      timeout: 10,
      ...('seconds' in limit ? { duration: limit.seconds } : { amount: limit.amount }),
      requests: requests(),
      // each connection gets its own request objects: autocannon otherwise shares the built
      // request (and its Idempotency-Key) between connections for their first send
      setupClient: (client) => client.setRequests(requests()),
    },
    ('seconds' in limit ? limit.seconds : 120) + 30,
    (instance) => instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms)),
  );
  const seconds = (performance.now() - t0) / 1000;
  const after = await child.stats();
  if (profiling) {
    const file = join(profileDir, `decisions-${name}.cpuprofile`);
    await child.profileStop(file);
    process.stderr.write(`[decisions] server CPU profile: ${relative(process.cwd(), file)}\n`);
  }
  const serverRequests = after.requests - before.requests;
  return {
    name, connections, mode, seconds, checks,
    responses: latencies.length,
    rps: latencies.length / seconds,
    latency: dist(latencies),
    serverRequests,
    sqlPerRequest: serverRequests ? (after.queries - before.queries) / serverRequests : 0,
    cpuPerRequest: serverRequests ? (after.cpuMs - before.cpuMs) / serverRequests : 0,
    runQueuePerRequest: serverRequests && after.runQueueMs !== undefined && before.runQueueMs !== undefined ? (after.runQueueMs - before.runQueueMs) / serverRequests : undefined,
    statements: after.statements,
    load: load1(),
  };
}

interface HttpResult {
  db: Database;
  runs: HttpRun[];
  responseBytes: number;
}

async function runHttp(pairs: Pair[]): Promise<HttpResult> {
  const db = await chooseDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-decisions-'));
  if (config.profile) mkdirSync(profileDir, { recursive: true });
  const childEnv = serverChildEnv(dataDir, {
    // raised for the benchmark only (the defaults are 6 / 30 a minute and 4 at once)
    SVC_RATE_PER_KEY: '1000000',
    SVC_RATE_TOTAL: '1000000',
    SVC_MAX_CONCURRENT: '64',
  });
  // the local judge: no model endpoint
  delete childEnv.SVC_JUDGE_BASE_URL;
  if (db.url) childEnv.DATABASE_URL = db.url;
  else delete childEnv.DATABASE_URL;

  let child: Child | undefined;
  let key: Awaited<ReturnType<typeof prepareKey>> | undefined;
  try {
    child = await startChild('server', join(benchDir, 'server-process.ts'), childEnv);
    key = await prepareKey(db, dataDir);

    // one run by hand: a decision, and the same key again is a replay (so fresh keys matter)
    const [first] = pairs;
    const post = (idem: string) =>
      fetch(`${child!.url}/api/svc/decisions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-svc-api-key': key!.secret, 'idempotency-key': idem },
        body: JSON.stringify({ industry: first.industry, scenario: first.scenario }),
        signal: AbortSignal.timeout(15_000),
      });
    const idem = `bench-${runTag}-check`;
    const a = await post(idem);
    const text = await a.text();
    if (a.status !== 200 || !(JSON.parse(text) as { result?: { decision?: string } }).result?.decision) throw new Error(`POST /api/svc/decisions: HTTP ${a.status}: ${text.slice(0, 500)}`);
    const b = await post(idem);
    await b.text();
    if (b.headers.get('idempotent-replayed') !== 'true') throw new Error('the same Idempotency-Key again was not a replay');

    if (config.warmup > 0) await httpRun(child, pairs, key.secret, 'warm-up', Math.max(...config.connections), { seconds: config.warmup }, false);
    const runs: HttpRun[] = [];
    runs.push(await httpRun(child, pairs, key.secret, 'sequential', 1, { amount: config.sequential }));
    for (const c of config.connections) runs.push(await httpRun(child, pairs, key.secret, `c${c}`, c, { seconds: config.seconds }));

    if (db.kind === 'postgres') {
      // the server finishes the runs still in flight when it stops; then their records go
      await child.stop();
      await removeKeys(key.prisma, key.accountId);
    }
    return { db, runs, responseBytes: Buffer.byteLength(text) };
  } finally {
    // PGlite: this handle talks through the server's socket, so it closes first
    await key?.handle.close().catch(() => undefined);
    await child?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const ms = (x: number) => fmt(x, x < 10 ? 2 : 1);
const verdict = (p99: number, target: number) => (p99 < target ? `ok (< ${target} ms)` : `**missed** (target < ${target} ms)`);

function engineSection(e: EngineResult): string[] {
  return [
    '## Engine: `decide()` in process, local judge',
    '',
    `${e.iterations} calls round-robin over every scenario of every pack (after a warm-up), ${fmt(e.seconds, 1)} s, one \`now\` for all; load average ${fmt(e.load, 1)} at the end.`,
    '',
    '| decisions/s | p50 ms | p90 ms | p99 ms | max ms | p99 ms without run-queue wait | CPU ms/decision | GC pauses | p99 target |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${fmt(e.iterations / e.timedSeconds)} | ${ms(e.all.p50)} | ${ms(e.all.p90)} | ${ms(e.all.p99)} | ${ms(e.all.max)} | ${e.running ? ms(e.running.p99) : '-'} | ${fmt(e.cpuMsPerDecision, 3)} | ${e.gc.count} (${fmt(e.gc.totalMs, 0)} ms, longest ${fmt(e.gc.maxMs, 1)}) | ${verdict(e.all.p99, ENGINE_TARGET_P99_MS)} |`,
    '',
    `- decisions/s: calls / the sum of their timed durations (the loop also reads the run-queue clock between calls); p99 without run-queue wait: each call's time minus the time this thread waited for a CPU during it (/proc/thread-self/schedstat); CPU ms/decision: process CPU time (all threads: GC, JIT) per call`,
    `- ${e.overTarget.calls} of ${e.iterations} calls took ${ENGINE_TARGET_P99_MS} ms or more${e.overTarget.preempted !== undefined ? `; ${e.overTarget.preempted} of them waited 1 ms or more for a CPU (preempted by other processes)` : ''}`,
    '',
    '| pack | scenarios | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    ...e.perPack.map((p) => `| ${p.industry} | ${p.scenarios} | ${ms(p.d.p50)} | ${ms(p.d.p99)} | ${ms(p.d.max)} |`),
    '',
    `- outcomes: ${Object.entries(e.outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `- slowest scenarios (median): ${e.slowest.map((s) => `${s.id} ${ms(s.p50)} ms (p99 ${ms(s.p99)})`).join('; ')}`,
    '',
  ];
}

function httpSection(h: HttpResult): string[] {
  const lines = [
    '## HTTP: `POST /api/svc/decisions`, local judge',
    '',
    `Server in a child process on ${h.db.version}${h.db.kind === 'postgres' ? ` (pool ${env.DATABASE_POOL_SIZE || 20})` : ''}; rate limits raised for the benchmark (SVC_RATE_PER_KEY=1000000, SVC_RATE_TOTAL=1000000, SVC_MAX_CONCURRENT=64). Every request has a fresh Idempotency-Key (a real run: the record is claimed, the decision made, sealed and stored, usage counted), scenarios round-robin; response about ${fmt(h.responseBytes / 1024, 1)} KB. ${config.warmup} s warm-up with ${Math.max(...config.connections)} connections before the runs.`,
    '',
    '| run | connections | responses | req/s | p50 ms | p90 ms | p99 ms | max ms | checked ok | SQL/req | server CPU ms/req | server run-queue wait ms/req | load avg | p99 target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of h.runs) {
    const bad = Object.entries(r.checks.failures).map(([k, v]) => `${k}: ${v}`).join(', ');
    lines.push(`| ${r.name === 'sequential' ? `sequential (${r.mode})` : r.mode} | ${r.connections} | ${r.responses} | ${fmt(r.rps)} | ${ms(r.latency.p50)} | ${ms(r.latency.p90)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${r.checks.ok}/${r.checks.sent}${bad ? ` (${bad})` : ''} | ${fmt(r.sqlPerRequest, 2)} | ${fmt(r.cpuPerRequest, 2)} | ${r.runQueuePerRequest === undefined ? '-' : fmt(r.runQueuePerRequest, 2)} | ${fmt(r.load, 1)} | ${verdict(r.latency.p99, HTTP_TARGET_P99_MS)} |`);
  }
  lines.push('');
  if (h.db.note) lines.push(`- ${h.db.note}`);
  for (const r of h.runs) if (r.checks.example) lines.push(`- ${r.name}: first failed check: \`${r.checks.example.replace(/`/g, "'")}\``);
  lines.push('- latency: client-side, from the request being written to the response being complete (autocannon per-response timer); req/s: checked responses / wall time of the run');
  lines.push('- SQL/req and server CPU ms/req (all threads) are counted inside the server process (requests it received during the run); server run-queue wait: time its main thread was runnable but had no CPU (other processes on the machine), per request');
  lines.push('');
  if (config.trace) for (const r of h.runs) lines.push(sqlTraceTable(`SQL of ${r.name}`, r.statements, r.serverRequests), '');
  return lines;
}

function report(startedAt: Date, startLoad: number, engine?: EngineResult, http?: HttpResult): string {
  return joinLines([
    '# Decision service benchmark',
    '',
    ...machineLines(startedAt),
    `- database: ${http ? `${http.db.version}${http.db.url ? ` at 127.0.0.1, database \`${new URL(http.db.url).pathname.slice(1)}\`` : ''}` : 'not used (engine only)'}`,
    `- judge: local (lexical, offline); load average at start ${fmt(startLoad, 1)} (the load generator, the server and PostgreSQL share the machine)`,
    config.trace ? '- BENCH_TRACE=1: SQL tracing on in the server (adds a little overhead)' : '',
    config.profile ? '- BENCH_PROFILE=1: the server was CPU-profiled during the HTTP runs (slower than normal)' : '',
    '',
    ...(engine ? engineSection(engine) : []),
    ...(http ? httpSection(http) : []),
  ]);
}

async function main() {
  const startedAt = new Date();
  const startLoad = load1();
  const packs = loadPacks();
  const pairs: Pair[] = packs.flatMap((pack) => pack.scenarios.map((s) => ({ pack, industry: pack.industry, scenario: s.id })));
  if (!pairs.length) throw new Error('no scenarios in the packs');
  const engine = config.parts.includes('engine') ? await runEngine(pairs) : undefined;
  const http = config.parts.includes('http') ? await runHttp(pairs) : undefined;
  const md = report(startedAt, startLoad, engine, http);
  process.stdout.write(`${md}\n`);
  if (config.results !== '-') {
    writeFileSync(config.results, `${md}\n`);
    process.stderr.write(`[decisions] wrote ${relative(process.cwd(), config.results)}\n`);
  }
}

// Bounded: the whole run has a time limit, and no child outlives this process.
const limitMs =
  (60 + config.engineSeconds * 3 + (config.parts.includes('http') ? 180 + config.warmup + 150 + config.connections.length * (config.seconds + 60) : 0)) * 1000;
guardRun('decisions', limitMs, main);
