// Expired Idempotency-Key records are deleted in the background: a key is kept 24 hours, and
// without this a record only went away when its own key was used again, so the table grew
// with every keyed POST. Every replica purges (deleting is idempotent); each round deletes in
// batches, so no statement holds many row locks or runs long.
import type { Prisma } from '../db/client.js';

export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 5_000;
/** at most this many batches per round; the next round takes the rest */
const MAX_BATCHES = 100;

/** Deletes records that expired before `now`; returns how many. */
export async function purgeExpiredIdempotencyRecords(prisma: Prisma, now = new Date()): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await prisma.$executeRaw`
      DELETE FROM "IdempotencyRecord" WHERE ctid IN (
        SELECT ctid FROM "IdempotencyRecord" WHERE "expiresAt" < ${now} LIMIT ${BATCH}
      )`;
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/** Purges now and then every `intervalMs`; the returned function stops it. Failures wait for the next round. */
export function startIdempotencyPurge(prisma: Prisma, onError: (err: unknown) => void, intervalMs = IDEMPOTENCY_PURGE_INTERVAL_MS): () => void {
  let running: Promise<unknown> | undefined;
  const round = () => {
    running ??= purgeExpiredIdempotencyRecords(prisma).catch(onError).finally(() => { running = undefined; });
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
