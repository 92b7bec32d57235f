// Optional SQL tracing for the benchmark's child processes (BENCH_TRACE=1): wraps
// pg.Pool.prototype.query, which both @prisma/adapter-pg and the baseline use, and records
// per SQL text how often it ran and the total time from the call to the result (pool wait
// included). Parameter lists `$1,$2,...` are folded so that `IN (...)` of any length counts
// as one statement shape.
import pg from 'pg';
import type { SqlStat } from './child.js';

const stats = new Map<string, SqlStat>();
let installed = false;

function shape(text: string): string {
  return text.replace(/\$\d+(\s*,\s*\$\d+)+/g, '$n,...').replace(/\s+/g, ' ').trim();
}

export function installSqlTrace() {
  if (installed) return;
  installed = true;
  type QueryFn = (this: pg.Pool, ...args: unknown[]) => unknown;
  const proto = pg.Pool.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = shape(typeof config === 'string' ? config : config?.text ?? '?');
    const t0 = performance.now();
    const result = original.apply(this, args);
    const done = () => {
      const s = stats.get(text) ?? { count: 0, totalMs: 0 };
      s.count++;
      s.totalMs += performance.now() - t0;
      stats.set(text, s);
    };
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    else done();
    return result;
  };
}

export function sqlTraceEnabled(): boolean {
  return process.env.BENCH_TRACE === '1';
}

export function sqlStatements(): Record<string, SqlStat> | undefined {
  return installed ? Object.fromEntries(stats) : undefined;
}

export function resetSqlTrace() {
  stats.clear();
}
