// The outbox: an event is written in the same transaction as the change it records, and so
// are its webhook deliveries (one per active endpoint of the account and mode whose events
// match), so a committed event can never miss a delivery, even if the process dies right
// after the commit. After the commit, events are published to subscribers and the delivery
// worker is woken.
import { ID_PREFIX, newId } from '../ids.js';
import type { Tx } from '../operations/operation.js';
import type { EventActor, EventBus, EventEnvelope } from './bus.js';
import { markConnectedEvents, platformToPublish } from './platforms.js';
import { typeMatches } from './types.js';

export interface EventOrigin {
  requestId: string | null;
  idempotencyKey: string | null;
  apiVersion: string;
  livemode: boolean;
  /** who acted, when not the key itself (an agent) */
  actor?: EventActor;
  /** the connected account acted for, when the caller is its platform (X-Account-Id) */
  connectedAccount?: string;
}

/** A new event envelope (variant A) carrying `object` (a REST representation). */
export function newEvent(
  type: string, object: Record<string, unknown>, origin: EventOrigin, previous?: Record<string, unknown>, extra?: Record<string, unknown>,
): EventEnvelope {
  return {
    id: newId(ID_PREFIX.event),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: origin.livemode,
    data: { object, ...(previous ? { previous_attributes: previous } : {}), ...extra },
    request: { id: origin.requestId, idempotency_key: origin.idempotencyKey },
    ...(origin.actor ? { actor: origin.actor } : {}),
    ...(origin.connectedAccount ? { account: origin.connectedAccount } : {}),
    pending_webhooks: 0,
    api_version: origin.apiVersion,
  };
}

/**
 * Writes events and their deliveries inside `tx`. Sets each envelope's pending_webhooks to
 * the number of deliveries made for it; returns the total.
 */
export async function recordEvents(tx: Tx, accountId: string, events: EventEnvelope[]): Promise<number> {
  return recordEventsOf(tx, new Map([[accountId, events]]));
}

/**
 * recordEvents for the events of several accounts (a transfer's sender and receiver): one
 * insert of the events and one lookup of the endpoints, whatever the number of accounts.
 */
export async function recordEventsOf(tx: Tx, byAccount: Map<string, EventEnvelope[]>): Promise<number> {
  const all = [...byAccount].flatMap(([accountId, events]) => events.map((e) => ({ accountId, e })));
  if (all.length === 0) {
    await flushDeferredWrites(tx);
    return 0;
  }
  const livemode = all[0].e.livemode;
  const accounts = [...byAccount.keys()];
  const platformOf = await markConnectedEvents(tx, byAccount);
  // a connected account's events also go to its platform's connect endpoints
  const platforms = [...new Set([...platformOf.values()].filter((p): p is string => p !== null))];
  // one plain statement (Prisma compiles every createMany afresh: about a millisecond of CPU)
  // that also answers the active endpoints the deliveries go to (a data-modifying WITH runs
  // whether or not it is read); json, not jsonb, all the way: the envelope's keys keep their order
  // the writes deferred to this statement (a transfer's ledger rows) ride along: $5 on
  const along = takeDeferredWrites(tx, 4);
  const endpoints = await tx.$queryRawUnsafe<{ id: string; accountId: string; events: string[]; connect: boolean }[]>(
    eventsStatement(along.ctes),
    JSON.stringify(all.map(({ accountId, e }) => ({
      id: e.id, accountId, livemode: e.livemode, type: e.type, data: e.data,
      requestId: e.request.id, idempotencyKey: e.request.idempotency_key, apiVersion: e.api_version, actor: e.actor ?? null, connectedAccount: e.account ?? null, createdAt: new Date(e.created * 1000).toISOString(),
    }))),
    JSON.stringify(accounts), livemode, JSON.stringify(platforms), ...along.values,
  );
  if (endpoints.length === 0) return 0;
  const now = new Date();
  const deliveries = [];
  for (const { accountId, e } of all) {
    for (const endpoint of endpoints) {
      // an account's own endpoints get its events; a connect endpoint only its connected accounts'
      const receives = endpoint.connect ? endpoint.accountId === platformOf.get(accountId) : endpoint.accountId === accountId;
      if (!receives || !typeMatches(endpoint.events, e.type)) continue;
      // the delivery belongs to the endpoint's account (listed and retried by it)
      deliveries.push({ id: newId(ID_PREFIX.webhookDelivery), accountId: endpoint.accountId, livemode, endpointId: endpoint.id, eventId: e.id, eventType: e.type });
      e.pending_webhooks++;
    }
  }
  // one plain statement: Prisma's createMany costs about a millisecond of CPU per row here
  if (deliveries.length) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "WebhookDelivery" (id, "accountId", livemode, "endpointId", "eventId", "eventType", status, "nextAttemptAt", "createdAt", "updatedAt")
       SELECT id, "accountId", livemode, "endpointId", "eventId", "eventType", 'pending', $2::timestamptz, $2::timestamptz, $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS d(id text, "accountId" text, livemode boolean, "endpointId" text, "eventId" text, "eventType" text)`,
      JSON.stringify(deliveries), now.toISOString(),
    );
  }
  return deliveries.length;
}

/**
 * recordEventsOf's statement: the events inserted ($1: the rows as JSON; $2 the accounts, $3 the
 * mode, $4 the platforms whose connect endpoints also receive them), answering the active
 * endpoints; `deferred`: WITH parts written first (each ending with a comma). The orders
 * benchmark's baseline sends the same text.
 */
export function eventsStatement(deferred = ''): string {
  return `WITH ${deferred}ins AS (
       INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "actor", "connectedAccount", "createdAt")
       SELECT d.id, d."accountId", d.livemode, d.type, d.data, d."requestId", d."idempotencyKey", d."apiVersion", d.actor, d."connectedAccount", d."createdAt"
       FROM json_to_recordset($1::json) AS d(id text, "accountId" text, livemode boolean, type text, data json, "requestId" text, "idempotencyKey" text, "apiVersion" text, actor jsonb, "connectedAccount" text, "createdAt" timestamptz)
     )
     SELECT w."id", w."accountId", w."events", w."connect" FROM "WebhookEndpoint" w
     WHERE (w."accountId" IN (SELECT json_array_elements_text($2::json)) OR (w."connect" AND w."accountId" IN (SELECT json_array_elements_text($4::json))))
       AND w."livemode" = $3 AND w."active"
     ORDER BY w."id"`;
}

/**
 * Writes deferred to the outbox's statement, per transaction: each a list of data-modifying
 * statements (INSERT, UPDATE; no WITH of their own, no RETURNING read) numbering their own
 * parameters from $1. They run as the first parts of the outbox's WITH statement, in the same
 * transaction, one round trip less; a transaction whose outbox never runs must call
 * flushDeferredWrites before anything reads what they write (post() does, so does
 * recordEventsOf with no events). Dropped with the transaction when it fails.
 */
const deferredWrites = new WeakMap<object, { statements: string[]; values: unknown[] }[]>();

export function deferWrite(tx: Tx, statements: string[], values: unknown[]): void {
  const list = deferredWrites.get(tx) ?? [];
  list.push({ statements, values });
  deferredWrites.set(tx, list);
}

/** The deferred writes of `tx` as WITH parts (each followed by a comma), their parameters from $offset+1. */
function takeDeferredWrites(tx: Tx, offset: number): { ctes: string; values: unknown[] } {
  const list = deferredWrites.get(tx);
  if (!list?.length) return { ctes: '', values: [] };
  deferredWrites.delete(tx);
  let ctes = '';
  const values: unknown[] = [];
  list.forEach((w, i) => {
    const base = offset + values.length;
    w.statements.forEach((sql, j) => {
      ctes += `deferred_${i}_${j} AS (${sql.replace(/\$(\d+)/g, (_m, n: string) => `$${base + Number(n)}`)}), `;
    });
    values.push(...w.values);
  });
  return { ctes, values };
}

/** Runs the deferred writes of `tx` now (one statement), if any. */
export async function flushDeferredWrites(tx: Tx): Promise<void> {
  const along = takeDeferredWrites(tx, 0);
  if (!along.ctes) return;
  await tx.$executeRawUnsafe(`WITH ${along.ctes.slice(0, -2)} SELECT 1`, ...along.values);
}

/** Deliveries still to be made, per event (an envelope's pending_webhooks). */
export async function pendingWebhooks(db: Pick<Tx, 'webhookDelivery'>, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db.webhookDelivery.groupBy({ by: ['eventId'], where: { eventId: { in: eventIds }, status: 'pending' }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.eventId, r._count._all]));
}

/** Listeners told after a commit that made deliveries (the delivery worker wakes). */
export type DeliveryWake = () => void;

/** After the commit: subscribers get the events, the delivery worker wakes when there are deliveries. */
export function publishEvents(
  services: { bus: EventBus; deliveryWake: Set<DeliveryWake> }, accountId: string, events: EventEnvelope[], deliveries: number,
): void {
  for (const event of events) {
    services.bus.publish(accountId, event);
    // a connected account's event reaches its platform's subscribers too (as its own account's)
    const platform = platformToPublish(event);
    if (platform) services.bus.publish(platform, event, accountId);
  }
  if (deliveries > 0) for (const wake of services.deliveryWake) wake();
}
