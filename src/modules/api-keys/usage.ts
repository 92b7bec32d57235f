// Requests per API key, day (UTC) and route group, counted off the request path: a response
// adds one to a counter in memory, and every second the counters are written to ApiKeyUsage in
// one upsert that increments (so replicas add up), with the keys' lastUsedAt. A request never
// waits for a write; a failed write keeps its counts for the next round.
import type { Logger } from 'pino';
import type { Prisma } from '../../db/client.js';
import type { Services } from '../../operations/operation.js';

export const USAGE_FLUSH_MS = 1000;
/** counters kept while the database cannot take them; past this, new ones are dropped */
const MAX_PENDING = 100_000;
/** rows per statement (4 parameters each) */
const ROWS_PER_STATEMENT = 500;
const GROUP_MAX_LENGTH = 64;

/** The route group of a path: the segment after /v1, `graphql` for /graphql, else the first segment. */
export function routeGroup(url: string): string {
  const segments = url.split('?')[0]!.split('/').filter(Boolean);
  const group = segments[0] === 'v1' ? (segments[1] ?? 'v1') : (segments[0] ?? 'root');
  return group.slice(0, GROUP_MAX_LENGTH);
}

/** 'YYYY-MM-DD' of a time, in UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class UsageRecorder {
  private pending = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** counters dropped because the database was away too long (for the log) */
  dropped = 0;

  constructor(private readonly prisma: Prisma, private readonly logger?: Pick<Logger, 'warn'>) {}

  /** One request of `keyId` to `group`, now. */
  record(keyId: string, group: string, at = Date.now()): void {
    const k = `${keyId}\n${utcDay(at)}\n${group}`;
    const n = this.pending.get(k);
    if (n !== undefined) this.pending.set(k, n + 1);
    else if (this.pending.size < MAX_PENDING) this.pending.set(k, 1);
    else this.dropped++;
  }

  start(intervalMs = USAGE_FLUSH_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => {});
  }

  /** Writes the counters gathered so far (one flush at a time; a caller waits for its own). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    this.flushing = next.catch(() => {});
    return next;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // one order for every writer: two replicas' upserts of the same rows cannot deadlock
    const rows = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => [...k.split('\n'), n] as [string, string, string, number]);
    let written = 0;
    try {
      for (; written < rows.length; written += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(written, written + ROWS_PER_STATEMENT);
        const values = chunk.map((_, j) => `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4}::int)`).join(', ');
        await this.prisma.$executeRawUnsafe(
          `INSERT INTO "ApiKeyUsage" ("apiKeyId", "day", "routeGroup", "requests") VALUES ${values}
           ON CONFLICT ("apiKeyId", "day", "routeGroup") DO UPDATE SET "requests" = "ApiKeyUsage"."requests" + EXCLUDED."requests"`,
          ...chunk.flat(),
        );
      }
    } catch (err) {
      // the rows not written yet are kept for the next round (a statement that failed wrote nothing)
      for (const [keyId, day, group, n] of rows.slice(written)) {
        const k = `${keyId}\n${day}\n${group}`;
        const now = this.pending.get(k);
        if (now !== undefined) this.pending.set(k, now + n);
        else if (this.pending.size < MAX_PENDING) this.pending.set(k, n);
        else this.dropped += n;
      }
      this.logger?.warn({ err: (err as Error).message, counters: rows.length - written }, 'writing API key usage failed; retrying');
      throw err;
    }
    const keys = [...new Set(rows.map((r) => r[0]))];
    try {
      for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
        const chunk = keys.slice(i, i + ROWS_PER_STATEMENT);
        await this.prisma.$executeRawUnsafe(`UPDATE "ApiKey" SET "lastUsedAt" = now() WHERE id IN (${chunk.map((_, j) => `$${j + 1}`).join(', ')})`, ...chunk);
      }
    } catch (err) {
      // only a convenience: the next request's round sets it
      this.logger?.warn({ err: (err as Error).message }, 'updating API keys\' last use failed');
    }
  }
}

const recorders = new WeakMap<Services, UsageRecorder>();

/** The recorder of a server (one per Services). */
export function usageRecorder(services: Services, logger?: Pick<Logger, 'warn'>): UsageRecorder {
  let r = recorders.get(services);
  if (!r) recorders.set(services, (r = new UsageRecorder(services.db.prisma, logger)));
  return r;
}
