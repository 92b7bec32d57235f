// Load benchmark of the two list doors against a minimal baseline (npm run bench).
//
//   1. GraphQL  POST /graphql  { orders(where: {status: {_eq: "pending"}}, limit: 50) { id status amount currency createdAt } }
//   2. REST     GET  /v1/orders/list?status_eq=pending&limit=50
//
// Our server (bench/server-process.ts) and the baseline (bench/baseline.ts) run as child
// processes; autocannon runs here. Environment:
//   DATABASE_URL          default postgresql://root@127.0.0.1:5432/bench (created if missing)
//   BENCH_SECONDS         measured seconds per run (default 10)
//   BENCH_WARMUP          warm-up seconds before each run (default 3)
//   BENCH_CONNECTIONS     concurrent connections (default 50)
//   DATABASE_POOL_SIZE    pool size of both servers (default 20, the server's default)
//   BENCH_DOORS           graphql,rest (default both)
//   BENCH_TARGETS         baseline,ours (default both)
//   BENCH_TRACE=1         per-SQL-statement counts and times in both children
//   BENCH_PROFILE=1       CPU profile of each server during each measured run, written to
//                         bench/profiles/<door>-<target>.cpuprofile (npx tsx bench/profile-summary.ts);
//                         BENCH_PROFILE=heap: a sampling heap profile of every allocation instead
//                         (<door>-<target>.heapprofile, bench/heap-summary.ts); BENCH_PROFILE=heap-survivors:
//                         only the allocations that outlived a scavenge (what the young generation copies
//                         and promotes)
//   BENCH_RESULTS         output file (default bench/results.md; BENCH_RESULTS=- writes none)
//   BENCH_SERVER_BUILD    dist (default): our server as production runs it, compiled by
//                         `npm run build` (run first) and started from dist/; src: from the
//                         TypeScript sources through tsx, as `npm start` (its esbuild output
//                         names every function it makes, which costs a little per closure)
import { loadavg, tmpdir } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { startChild, type Child, type ChildStats, type SqlStat } from './child.js';
import { assertLocalDatabaseUrl, boundedCannon, fmt, guardRun, intEnv, joinLines, machineLines, postgresCpu, postgresCpuDelta, serverChildEnv, sqlTraceTable } from './common.js';
import { ensureDatabase, seedBench, type Seeded } from './seed.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const env = process.env;

const config = {
  databaseUrl: env.DATABASE_URL || 'postgresql://root@127.0.0.1:5432/bench',
  seconds: intEnv('BENCH_SECONDS', 10, 1, 600),
  warmup: intEnv('BENCH_WARMUP', 3, 0, 60),
  connections: intEnv('BENCH_CONNECTIONS', 50, 1, 1000),
  poolSize: intEnv('DATABASE_POOL_SIZE', 20, 1, 200),
  doors: (env.BENCH_DOORS || 'graphql,nested,relfilter,rest').split(',').map((s) => s.trim()),
  targets: (env.BENCH_TARGETS || 'baseline,ours').split(',').map((s) => s.trim()),
  trace: env.BENCH_TRACE === '1',
  profile: env.BENCH_PROFILE === '1' || env.BENCH_PROFILE === 'heap' || env.BENCH_PROFILE === 'heap-survivors',
  /** Linux perf: on-CPU samples of the server (kernel included), JIT frames named by --perf-basic-prof */
  perf: env.BENCH_PROFILE === 'perf',
  results: env.BENCH_RESULTS || join(benchDir, 'results.md'),
  build: env.BENCH_SERVER_BUILD || 'dist',
};
for (const d of config.doors) if (!['graphql', 'nested', 'relfilter', 'rest'].includes(d)) throw new Error(`BENCH_DOORS: unknown door '${d}'`);
if (config.build !== 'dist' && config.build !== 'src') throw new Error(`BENCH_SERVER_BUILD: 'dist' or 'src', not '${config.build}'`);
for (const t of config.targets) if (t !== 'baseline' && t !== 'ours') throw new Error(`BENCH_TARGETS: unknown target '${t}'`);
assertLocalDatabaseUrl(config.databaseUrl);

const GRAPHQL_QUERY = '{ orders(where: {status: {_eq: "pending"}}, limit: 50) { id status amount currency createdAt } }';
/** issue 14's nested list: the items of every order in the same request */
const NESTED_QUERY = '{ orders(where: {status: {_eq: "pending"}}, limit: 50) { id status items { id name quantity unitAmount } } }';
/** issue 14's relation filter: orders with an item of quantity 2 or more */
const RELFILTER_QUERY = '{ orders(where: {status: {_eq: "pending"}, items: {quantity: {_gte: 2}}}, limit: 50) { id status amount currency createdAt } }';
const QUERIES: Record<Exclude<Door, 'rest'>, string> = { graphql: GRAPHQL_QUERY, nested: NESTED_QUERY, relfilter: RELFILTER_QUERY };
const REST_PATH = '/v1/orders/list?status_eq=pending&limit=50';

type Door = 'graphql' | 'nested' | 'relfilter' | 'rest';
const DOOR_LABEL: Record<Door, string> = {
  graphql: 'GraphQL flat list `POST /graphql`', nested: 'GraphQL nested (orders with items)', relfilter: 'GraphQL relation filter (items.quantity >= 2)', rest: 'REST `GET /v1/orders/list`',
};
type Target = 'baseline' | 'ours';

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function requestFor(door: Door, secret: string): Request {
  const auth = { authorization: `Bearer ${secret}` };
  return door !== 'rest'
    ? { method: 'POST', path: '/graphql', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERIES[door] }) }
    : { method: 'GET', path: REST_PATH, headers: auth };
}

interface Measured {
  door: Door;
  target: Target;
  result: Result;
  sqlPerRequest: number;
  /** CPU time of the server process per request (user + system), ms */
  cpuPerRequest: number;
  /** CPU time of the PostgreSQL processes of the bench database per request, ms */
  pgCpuPerRequest: number;
  /** CPU time of this process (autocannon) per request, ms */
  loadCpuPerRequest: number;
  statements?: Record<string, SqlStat>;
  requests: number;
  /** 1-minute load average of the machine when the measured run ended */
  load: number;
}

/** One bounded autocannon run (its own duration, plus a hard stop 30 s later). */
function cannon(url: string, req: Request, seconds: number): Promise<Result> {
  return boundedCannon(
    { url: url + req.path, method: req.method, headers: req.headers, body: req.body, connections: config.connections, duration: seconds, timeout: 10 },
    seconds + 30,
  );
}

async function fetchOnce(url: string, req: Request): Promise<{ status: number; bytes: number; json: unknown }> {
  const res = await fetch(url + req.path, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, bytes: Buffer.byteLength(text), json };
}

type Json = Record<string, unknown>;
const ids = (rows: unknown): string[] => (Array.isArray(rows) ? rows.map((r) => String((r as Json).id)) : []);
const keysOf = (o: unknown): string => (o && typeof o === 'object' ? Object.keys(o).sort().join(',') : '');

/** Both servers must give the same answer before their speed is compared. */
async function checkEquivalence(door: Door, ours: Child | undefined, baseline: Child | undefined, secret: string, notes: string[]) {
  const req = requestFor(door, secret);
  const answers: Partial<Record<Target, Awaited<ReturnType<typeof fetchOnce>>>> = {};
  for (const [target, child] of [['ours', ours], ['baseline', baseline]] as const) {
    if (!child) continue;
    const a = await fetchOnce(child.url, req);
    if (a.status !== 200) throw new Error(`${door} on ${target}: HTTP ${a.status}: ${JSON.stringify(a.json).slice(0, 500)}`);
    answers[target] = a;
  }
  const rows = (a: (typeof answers)[Target]) => (door !== 'rest' ? ((a?.json as Json)?.data as Json)?.orders : (a?.json as Json)?.data);
  for (const [target, a] of Object.entries(answers)) {
    const r = rows(a);
    if (!Array.isArray(r) || r.length !== 50) throw new Error(`${door} on ${target}: expected 50 orders, got ${JSON.stringify(a?.json).slice(0, 300)}`);
    if ((r as Json[]).some((o) => o.status !== 'pending')) throw new Error(`${door} on ${target}: an order is not pending`);
  }
  if (answers.ours && answers.baseline) {
    const [o, b] = [rows(answers.ours), rows(answers.baseline)];
    if (ids(o).join() !== ids(b).join()) throw new Error(`${door}: our server and the baseline return different orders`);
    if (door === 'nested') {
      const itemIds = (x: unknown) => (x as Json[]).flatMap((r) => ids(r.items)).sort().join();
      if (itemIds(o) !== itemIds(b)) throw new Error('nested: the orders\' items differ between our server and the baseline');
    }
    if (door === 'rest') {
      const total = (a: (typeof answers)[Target]) => ((a?.json as Json).pagination as Json).total_count;
      if (total(answers.ours) !== total(answers.baseline)) throw new Error(`rest: total_count differs (${total(answers.ours)} vs ${total(answers.baseline)})`);
      const first = (x: unknown) => (x as Json[])[0];
      if (keysOf(first(o)) !== keysOf(first(b))) notes.push(`rest: order keys differ: ours [${keysOf(first(o))}] vs baseline [${keysOf(first(b))}]`);
      const items = (x: unknown) => ((x as Json[]).flatMap((r) => (r.items as Json[]) ?? []));
      if (items(o).length !== items(b).length) throw new Error(`rest: item count differs (${items(o).length} vs ${items(b).length})`);
    }
    notes.push(`${door}: same ${ids(o).length} orders from both; response ${answers.ours.bytes} B (ours) vs ${answers.baseline.bytes} B (baseline)`);
  }
}

async function measure(door: Door, target: Target, child: Child, secret: string, pool: pg.Pool): Promise<Measured> {
  const req = requestFor(door, secret);
  if (config.warmup > 0) {
    process.stderr.write(`[bench] ${door} / ${target}: warm-up ${config.warmup} s\n`);
    await cannon(child.url, req, config.warmup);
  }
  const before: ChildStats = await child.reset();
  const pg0 = await postgresCpu(pool);
  const load0 = process.cpuUsage();
  if (config.profile) await child.profileStart();
  const perf = config.perf ? startPerf(child, join(benchDir, 'profiles', `${door}-${target}.perf.data`)) : undefined;
  process.stderr.write(`[bench] ${door} / ${target}: measuring ${config.seconds} s\n`);
  const result = await cannon(child.url, req, config.seconds);
  const after = await child.stats();
  const loadCpu = process.cpuUsage(load0);
  const pg1 = await postgresCpu(pool);
  await perf?.stop();
  if (config.profile) await child.profileStop(join(benchDir, 'profiles', `${door}-${target}.cpuprofile`));
  // counted by the server, so requests still in flight when autocannon stopped count too
  const requests = after.requests - before.requests;
  return {
    door, target, result, requests,
    sqlPerRequest: requests ? (after.queries - before.queries) / requests : 0,
    cpuPerRequest: requests ? (after.cpuMs - before.cpuMs) / requests : 0,
    pgCpuPerRequest: requests ? postgresCpuDelta(pg0, pg1) / requests : 0,
    loadCpuPerRequest: requests ? (loadCpu.user + loadCpu.system) / 1000 / requests : 0,
    statements: after.statements,
    load: loadavg()[0],
  };
}


/**
 * `perf record` of the child for the measured run: only on-CPU samples, so unlike the V8
 * profile a process waiting for the CPU on a loaded machine adds nothing (writev's share in a
 * V8 profile is mostly that). Needs perf (Debian's linux-perf) and perf_event_paranoid <= 2.
 */
function startPerf(child: Child, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  const proc = spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '999', '-g', '-p', String(child.proc.pid), '-o', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => { proc.once('exit', () => resolve()); proc.once('error', (err) => { process.stderr.write(`[bench] perf: ${err.message}\n`); resolve(); }); });
  return {
    async stop() {
      proc.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      process.stderr.write(`[bench] perf data in ${file} (perf report -i ${file} --no-children --sort dso,sym)\n`);
    },
  };
}

function table(runs: Measured[]): string {
  const lines = [
    '| Door | Server | req/s | p50 ms | p99 ms | errors | non-2xx | ours / baseline req/s | SQL/req | server CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req | load avg |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of runs) {
    const base = runs.find((b) => b.door === m.door && b.target === 'baseline');
    const ratio = m.target === 'ours' && base ? m.result.requests.average / base.result.requests.average : undefined;
    const verdict = ratio === undefined ? '' : m.result.non2xx > 0 ? 'not comparable (non-2xx answers)' : `${fmt(ratio, 2)} ${ratio >= 0.8 ? '(>= 0.8 ok)' : '(< 0.8 target)'}`;
    const errors = m.result.errors + m.result.timeouts;
    lines.push(`| ${DOOR_LABEL[m.door]} | ${m.target} | ${fmt(m.result.requests.average)} | ${fmt(m.result.latency.p50, 1)} | ${fmt(m.result.latency.p99, 1)} | ${errors} | ${m.result.non2xx} | ${verdict} | ${fmt(m.sqlPerRequest, 2)} | ${fmt(m.cpuPerRequest, 2)} | ${fmt(m.pgCpuPerRequest, 2)} | ${fmt(m.loadCpuPerRequest, 2)} | ${fmt(m.load, 1)} |`);
  }
  return lines.join('\n');
}

function traceTable(m: Measured): string {
  return sqlTraceTable(`SQL of ${m.door} / ${m.target}`, m.statements, m.requests);
}

function report(runs: Measured[], seeded: Seeded, pgVersion: string, notes: string[], startedAt: Date, startLoad: number): string {
  const dbName = new URL(config.databaseUrl).pathname.slice(1);
  return joinLines([
    '# Benchmark results',
    '',
    ...machineLines(startedAt),
    `- database: PostgreSQL ${pgVersion} at 127.0.0.1, database \`${dbName}\`, pool size ${config.poolSize} in both servers`,
    `- data: account \`bench\`, ${seeded.orders} test-mode orders (${Object.entries(seeded.perStatus).map(([s, n]) => `${n} ${s}`).join(', ')}), ${seeded.items} items`,
    `- our server: ${config.build === 'dist' ? 'the production build (`npm run build`, started from dist/ as `npm run start:prod` does)' : 'from the TypeScript sources through tsx (as `npm start`)'}; NODE_ENV=production`,
    `- load: autocannon, ${config.connections} connections, ${config.warmup} s warm-up then ${config.seconds} s measured per row; load generator, servers and PostgreSQL share the machine (load average at start ${fmt(startLoad, 1)})`,
    config.trace ? '- BENCH_TRACE=1: SQL tracing on (adds a little overhead to both servers)' : '',
    config.profile ? `- BENCH_PROFILE=${env.BENCH_PROFILE}: both servers were ${env.BENCH_PROFILE === '1' ? 'CPU-profiled' : 'heap-profiled'} during the measured runs (slower than normal)` : '',
    '',
    table(runs),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    ...(config.trace ? runs.map(traceTable).filter(Boolean).flatMap((t) => [t, '']) : []),
  ]);
}

/** `npm run build`: the server's dist/ from the current sources. */
function buildDist(): void {
  process.stderr.write('[bench] npm run build (BENCH_SERVER_BUILD=src skips it)\n');
  const made = spawnSync('npm', ['run', '--silent', 'build'], { cwd: join(benchDir, '..'), stdio: ['ignore', 'ignore', 'inherit'] });
  if (made.status !== 0) throw new Error(`npm run build failed (exit ${made.status ?? made.signal})`);
}

async function main() {
  const startedAt = new Date();
  const startLoad = loadavg()[0];
  const pgVersion = await ensureDatabase(config.databaseUrl);
  const seeded = await seedBench(config.databaseUrl);
  process.stderr.write(`[bench] data: ${seeded.reused ? 'reused' : 'new'} seed, ${seeded.orders} orders, ${seeded.items} items\n`);

  if (config.build === 'dist' && config.targets.includes('ours')) buildDist();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const profileDir = join(benchDir, 'profiles');
  if (config.profile) mkdirSync(profileDir, { recursive: true });
  const childEnv = serverChildEnv(dataDir, { DATABASE_URL: config.databaseUrl, DATABASE_POOL_SIZE: String(config.poolSize), BENCH_SERVER_BUILD: config.build });
  const children: Child[] = [];
  let pool: pg.Pool | undefined;
  try {
    const nodeArgs = [...(config.perf ? ['--perf-basic-prof'] : []), ...(env.BENCH_NODE_ARGS ? env.BENCH_NODE_ARGS.split(' ') : [])];
    const ours = config.targets.includes('ours') ? await startChild('server', join(benchDir, 'server-process.ts'), childEnv, { nodeArgs }) : undefined;
    if (ours) children.push(ours);
    const baseline = config.targets.includes('baseline')
      ? await startChild('baseline', join(benchDir, 'baseline.ts'), { ...childEnv, BENCH_ACCOUNT_ID: seeded.accountId, BENCH_LIVEMODE: 'false' }, { nodeArgs })
      : undefined;
    if (baseline) children.push(baseline);

    const notes: string[] = [];
    for (const door of config.doors as Door[]) await checkEquivalence(door, ours, baseline, seeded.secret, notes);

    const runs: Measured[] = [];
    pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    for (const door of config.doors as Door[]) {
      for (const [target, child] of [['baseline', baseline], ['ours', ours]] as const) {
        if (child) runs.push(await measure(door, target, child, seeded.secret, pool!));
      }
    }
    const md = report(runs, seeded, pgVersion, notes, startedAt, startLoad);
    if (config.trace) {
      const file = join(benchDir, 'profiles', 'sql-trace.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(runs.map((m) => ({ door: m.door, target: m.target, requests: m.requests, statements: m.statements })), null, 2));
      process.stderr.write(`[bench] full SQL texts in ${relative(process.cwd(), file)}\n`);
    }
    process.stdout.write(`${md}\n`);
    if (config.results !== '-') {
      writeFileSync(config.results, `${md}\n`);
      process.stderr.write(`[bench] wrote ${relative(process.cwd(), config.results)}\n`);
    }
  } finally {
    await pool?.end();
    for (const c of children) await c.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (config.profile) process.stderr.write(`[bench] CPU profiles in ${relative(process.cwd(), profileDir)}/ (summarize: npx tsx bench/profile-summary.ts <file>)\n`);
  }
}

// Bounded: the whole run has a time limit, and no child outlives this process.
const limitMs = (120 + (config.doors.length * config.targets.length) * (config.seconds + config.warmup + 60)) * 1000;
guardRun('bench', limitMs, main);
