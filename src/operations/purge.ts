// Rows past their time are deleted in the background: expired Idempotency-Key records (kept
// 24 hours) and events past their retention (30 days; their deliveries go with them). Without
// this the tables grow with every request. Every replica purges (deleting is idempotent); each
// round deletes in batches, so no statement holds many row locks or runs long.
import type { Prisma } from '../db/client.js';

export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** kept for the name other code knows */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = PURGE_INTERVAL_MS;
const BATCH = 5_000;
/** at most this many batches per round; the next round takes the rest */
const MAX_BATCHES = 100;

/** The tables purged, each with the column that says when a row may go. */
const PURGEABLE = { IdempotencyRecord: 'expiresAt', Event: 'createdAt' } as const;

/** Deletes rows of `table` whose time column is before `cutoff`; returns how many. */
export async function purgeBefore(prisma: Prisma, table: keyof typeof PURGEABLE, cutoff: Date): Promise<number> {
  const column = PURGEABLE[table];
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    // table and column come from PURGEABLE above, never from input
    const n = await prisma.$executeRawUnsafe(
      `DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "${column}" < $1::timestamptz LIMIT ${BATCH})`,
      cutoff.toISOString(),
    );
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/** Deletes idempotency records that expired before `now`; returns how many. */
export function purgeExpiredIdempotencyRecords(prisma: Prisma, now = new Date()): Promise<number> {
  return purgeBefore(prisma, 'IdempotencyRecord', now);
}

/** Runs `round` now and then every `intervalMs`, one at a time; the returned function stops it. */
export function startPurging(round: () => Promise<unknown>, onError: (err: unknown) => void, intervalMs = PURGE_INTERVAL_MS): () => void {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= round().catch(onError).finally(() => { running = undefined; });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function startIdempotencyPurge(prisma: Prisma, onError: (err: unknown) => void, intervalMs = PURGE_INTERVAL_MS): () => void {
  return startPurging(() => purgeExpiredIdempotencyRecords(prisma), onError, intervalMs);
}
