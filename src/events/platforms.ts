// Connected accounts' events reach their platform: every event of a connected account carries
// `account` (whoever made it: the platform acting with X-Account-Id, the connected account's own
// key, or a background worker), is published to the platform's subscribers too, and is listed in
// the platform's GET /v1/events, and is delivered to the platform's `connect` webhook endpoints.
// An account's platform is set when it is created and never
// changes, so it is remembered per process.
import type { EventEnvelope } from './bus.js';

interface RawQuery {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

const MAX_REMEMBERED = 100_000;
const platformOf = new Map<string, string | null>();
/** the platform an event must also be published to (kept beside the envelope, never serialized) */
const publishedAlsoTo = new WeakMap<EventEnvelope, string>();

/** Each account's platform (null for an account that is nobody's connected account). */
export async function platformsOf(db: RawQuery, accountIds: string[]): Promise<Map<string, string | null>> {
  const missing = accountIds.filter((id) => !platformOf.has(id));
  if (missing.length) {
    const rows = await db.$queryRawUnsafe<{ id: string; platformId: string | null }[]>(
      `SELECT "id", "platformId" FROM "Account" WHERE "id" IN (SELECT json_array_elements_text($1::json))`, JSON.stringify(missing));
    for (const r of rows) platformOf.set(r.id, r.platformId);
  }
  const answer = new Map(accountIds.map((id) => [id, platformOf.get(id) ?? null]));
  // past the bound, the accounts remembered longest ago go first (a Map keeps insertion order)
  for (const id of platformOf.keys()) {
    if (platformOf.size <= MAX_REMEMBERED) break;
    platformOf.delete(id);
  }
  return answer;
}

/**
 * Marks the events of connected accounts: `account` names the connected account, and the
 * platform is remembered for publication after the commit.
 */
export async function markConnectedEvents(db: RawQuery, byAccount: Map<string, EventEnvelope[]>): Promise<Map<string, string | null>> {
  const platforms = await platformsOf(db, [...byAccount.keys()]);
  for (const [accountId, events] of byAccount) {
    const platform = platforms.get(accountId);
    if (!platform) continue;
    for (const e of events) {
      e.account ??= accountId;
      publishedAlsoTo.set(e, platform);
    }
  }
  return platforms;
}

/** The platform an event of a connected account is published to as well, if any. */
export function platformToPublish(event: EventEnvelope): string | undefined {
  return publishedAlsoTo.get(event);
}
