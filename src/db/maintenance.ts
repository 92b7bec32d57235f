// Vacuum and analyze for the embedded database. PostgreSQL runs autovacuum in the background;
// PGlite, a single-user PostgreSQL in this process, has no such worker, so without this its
// tables would keep every dead row version (each update of an order leaves one, and each write
// of an indexed resource rewrites its search document), its GIN indexes' pending lists would
// grow without bound (every search scans them), and the planner would keep the statistics of
// an empty database. Measured on the search benchmark (10,000 records, just loaded): p50s of
// 20-31 ms before a vacuum, 8-18 ms after it.
//
// The rule is autovacuum's, with its default settings, per table, from the database's own
// cumulative statistics (pg_stat_user_tables): vacuum (with analyze) when the dead rows exceed
// 50 + 20% of the live ones, or the rows inserted since the last vacuum exceed 1,000 + 20%
// (which also flushes the GIN pending lists); analyze alone when the rows changed since the
// last analyze exceed 50 + 10%. Tables are done one at a time. PGlite runs one statement at a
// time, so requests wait while a table is vacuumed (milliseconds for thousands of rows).
import type { Logger } from 'pino';
import type { Database } from './client.js';

const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

interface TableStats {
  relname: string;
  live: number;
  dead: number;
  inserted: number;
  modified: number;
}

export interface MaintenanceRound {
  vacuumed: string[];
  analyzed: string[];
}

/** The tables autovacuum's rule would vacuum or analyze now, from their statistics. */
export function due(tables: TableStats[]): MaintenanceRound {
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of tables) {
    if (t.dead > VACUUM_THRESHOLD + VACUUM_SCALE * t.live || t.inserted > INSERT_THRESHOLD + INSERT_SCALE * t.live) vacuumed.push(t.relname);
    else if (t.modified > ANALYZE_THRESHOLD + ANALYZE_SCALE * t.live) analyzed.push(t.relname);
  }
  return { vacuumed, analyzed };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One round: every table that is due is vacuumed (with analyze) or analyzed. */
export async function runMaintenance(db: Pick<Database, 'prisma'>): Promise<MaintenanceRound> {
  const rows = await db.prisma.$queryRawUnsafe<{ relname: string; live: bigint; dead: bigint; inserted: bigint; modified: bigint }[]>(
    `SELECT relname, n_live_tup AS live, n_dead_tup AS dead, n_ins_since_vacuum AS inserted, n_mod_since_analyze AS modified
     FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
  );
  const round = due(rows.map((r) => ({ relname: r.relname, live: Number(r.live), dead: Number(r.dead), inserted: Number(r.inserted), modified: Number(r.modified) })));
  for (const table of round.vacuumed) await db.prisma.$executeRawUnsafe(`VACUUM (ANALYZE) ${quote(table)}`);
  for (const table of round.analyzed) await db.prisma.$executeRawUnsafe(`ANALYZE ${quote(table)}`);
  return round;
}

/**
 * Runs a maintenance round every `intervalMs` on the embedded database (nothing on PostgreSQL,
 * whose autovacuum does it, nor with an interval of 0). Returns the stop function.
 */
export function startEmbeddedMaintenance(db: Database, intervalMs: number, logger: Logger): () => Promise<void> {
  if (db.kind !== 'pglite' || intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    const started = performance.now();
    running = runMaintenance(db)
      .then((round) => {
        if (round.vacuumed.length || round.analyzed.length) {
          logger.debug({ vacuumed: round.vacuumed, analyzed: round.analyzed, ms: Math.round(performance.now() - started) }, 'embedded database maintenance');
        }
      })
      .catch((err: unknown) => {
        if (!stopped) logger.warn({ err }, 'embedded database maintenance failed; the next round retries');
      })
      .finally(() => { running = undefined; });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
