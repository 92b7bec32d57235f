// Helpers shared by the benchmark scripts (bench/run.ts, bench/decisions.ts): integer
// settings from the environment, number formatting, the machine description of a report,
// a bounded autocannon run, the SQL-trace table, and the guard that bounds a whole run in
// time and never leaves a child process behind.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import pg from 'pg';
import autocannon, { type Options, type Result, type Instance } from 'autocannon';
import { killAllChildren, type SqlStat } from './child.js';

/** An integer setting from the environment, with its default and bounds. */
export function intEnv(name: string, def: number, min: number, max: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** `postgresql://...@127.0.0.1/...` or localhost: the benchmarks only talk to this machine. */
export function assertLocalDatabaseUrl(url: string) {
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) {
    throw new Error('DATABASE_URL must point at 127.0.0.1 (the benchmark only talks to this machine)');
  }
}

/** The date, machine and node lines of a report (markdown list items). */
export function machineLines(startedAt: Date): string[] {
  const cpu = cpus();
  return [
    `- date: ${startedAt.toISOString()}`,
    `- machine: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length} (${platform()} ${release()})`,
    `- node: ${process.version}`,
  ];
}

/** 1-minute load average of the machine. */
export const load1 = () => loadavg()[0];

/**
 * One bounded autocannon run: its own duration (or amount), plus a hard stop `graceSeconds`
 * later. `onInstance` sees the instance before it starts (e.g. to listen to 'response').
 */
export function boundedCannon(opts: Options, hardStopSeconds: number, onInstance?: (i: Instance) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    let hardStop: NodeJS.Timeout | undefined;
    const instance = autocannon(opts, (err, result) => {
      clearTimeout(hardStop);
      if (err) reject(err);
      else resolve(result);
    });
    onInstance?.(instance);
    hardStop = setTimeout(() => instance.stop(), hardStopSeconds * 1000);
  });
}

/** Markdown table of traced SQL statements (BENCH_TRACE=1), per request. */
export function sqlTraceTable(title: string, statements: Record<string, SqlStat> | undefined, requests: number): string {
  if (!statements || !requests) return '';
  const rows = Object.entries(statements).sort((a, b) => b[1].count - a[1].count);
  const lines = [`#### ${title} (${requests} requests)`, '', '| per request | mean ms (incl. pool wait) | statement |', '|---:|---:|---|'];
  for (const [text, s] of rows) lines.push(`| ${fmt(s.count / requests, 3)} | ${fmt(s.totalMs / s.count, 2)} | \`${text.slice(0, 200).replace(/\|/g, '\\|')}${text.length > 200 ? '…' : ''}\` |`);
  return lines.join('\n');
}

/** Joins report lines, dropping repeated blank lines. */
export function joinLines(lines: string[]): string {
  return lines.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n');
}

/**
 * Runs `main` under a time limit: on the limit, an error, SIGINT or SIGTERM every child is
 * SIGKILLed and the process exits (2, 1, 130); on success it exits 0. No child outlives it.
 */
export function guardRun(name: string, limitMs: number, main: () => Promise<void>) {
  const watchdog = setTimeout(() => {
    console.error(`[${name}] time limit of ${Math.round(limitMs / 1000)} s reached; stopping`);
    killAllChildren();
    process.exit(2);
  }, limitMs);
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killAllChildren();
      process.exit(130);
    });
  }
  main()
    .then(() => {
      clearTimeout(watchdog);
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(`[${name}] failed:`, err instanceof Error ? err.stack ?? err.message : err);
      killAllChildren();
      process.exit(1);
    });
}

/**
 * The environment of a server child process: `src/server.ts` on a free port of 127.0.0.1 with
 * its own data folder, silent, in production mode, without Redis (the in-process event bus;
 * the benchmarks measure the HTTP doors), plus `extra`.
 */
export function serverChildEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PRINT_SANDBOX_KEY: 'false',
    NODE_ENV: 'production',
    // production refuses to start without its secrets; a benchmark's are throwaway
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    // the plan limits (a new account starts on free: 60 a minute) must not throttle a benchmark
    DEFAULT_PLAN: 'enterprise',
    PLAN_ENTERPRISE_LIMITS: JSON.stringify({ minute: 1e9, hour: 1e9, day: null, burst: 1e9, concurrent: null }),
    REDIS_URL: '',
    ...extra,
  };
}

/** Percentiles of a sample (nearest rank), its maximum and mean. */
export interface Dist {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function dist(values: ArrayLike<number>): Dist {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const at = (q: number) => (n ? sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))] : NaN);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  return { n, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: n ? sorted[n - 1] : NaN, mean: n ? sum / n : NaN };
}

/**
 * CPU time (ms) by pid of the PostgreSQL processes that work for this benchmark: the backends
 * connected to its database and the background processes (WAL writer, checkpointer, ...), not
 * the backends of other databases (other test suites on the same server).
 */
export async function postgresCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  let pids: Set<string>;
  try {
    const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL');
    pids = new Set(rows.map((r) => String(r.pid)));
  } catch {
    return out;
  }
  for (const name of readdirSync('/proc')) {
    if (!pids.has(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // fields[11], [12]: utime, stime in clock ticks (100 per second on Linux)
      out.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // the process went away
    }
  }
  return out;
}

export function postgresCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

/** busy and total jiffies of the whole machine (/proc/stat) */
export function machineCpu(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'latin1').split('\n')[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Waits (bounded) until no backend of this database is in a statement or a transaction. */
export async function quiesce(pool: pg.Pool): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    const { rows } = await pool.query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle' AND backend_type = 'client backend'`);
    if (rows[0].n === '0') return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the database did not become idle within 20 s of the end of the load');
}

/** What the benchmark's database backends are doing, sampled every 100 ms during a measured run. */
export interface Activity {
  samples: number;
  /** mean number of backends per state */
  idleInTransaction: number;
  lockWait: number;
  walOrIo: number;
  running: number;
}

export function startActivitySampler(databaseUrl: string): { stop(): Promise<Activity> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const totals = { samples: 0, idleInTransaction: 0, lockWait: 0, walOrIo: 0, running: 0 };
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ state: string | null; wait_event_type: string | null; wait_event: string | null }>(
        `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`);
      totals.samples++;
      for (const r of rows) {
        if (r.state === 'idle in transaction') totals.idleInTransaction++;
        else if (r.state === 'active') {
          if (r.wait_event_type === 'Lock') totals.lockWait++;
          else if (r.wait_event_type === 'IO' || (r.wait_event ?? '').startsWith('WAL')) totals.walOrIo++;
          else totals.running++;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => undefined);
      await client.end().catch(() => undefined);
      const n = Math.max(1, totals.samples);
      return {
        samples: totals.samples, idleInTransaction: totals.idleInTransaction / n, lockWait: totals.lockWait / n,
        walOrIo: totals.walOrIo / n, running: totals.running / n,
      };
    },
  };
}
