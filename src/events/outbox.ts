// The outbox: an event is written in the same transaction as the change it records, and so
// are its webhook deliveries (one per active endpoint of the account and mode whose events
// match), so a committed event can never miss a delivery, even if the process dies right
// after the commit. After the commit, events are published to subscribers and the delivery
// worker is woken.
import { ID_PREFIX, newId } from '../ids.js';
import type { Tx } from '../operations/operation.js';
import type { EventActor, EventBus, EventEnvelope } from './bus.js';
import { markConnectedEvents, platformToPublish } from './platforms.js';
import { patternsMatching } from './types.js';
import { COMMITS_WITH } from '../db/lazy-begin.js';

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
 * statement writes the events and their webhook deliveries, whatever the number of accounts.
 * `final`: nothing of the transaction follows this statement, so on PostgreSQL its COMMIT goes
 * out with it (COMMITS_WITH, db/lazy-begin.ts).
 */
export async function recordEventsOf(tx: Tx, byAccount: Map<string, EventEnvelope[]>, final = false): Promise<number> {
  const all = [...byAccount].flatMap(([accountId, events]) => events.map((e) => ({ accountId, e })));
  if (all.length === 0) {
    await flushDeferredWrites(tx, final);
    return 0;
  }
  const livemode = all[0].e.livemode;
  const platformOf = await markConnectedEvents(tx, byAccount);
  // one plain statement (Prisma compiles every createMany afresh: about a millisecond of CPU):
  // the events, and a delivery for every active endpoint of the mode that receives one (an
  // account's own endpoints get its events; a connect endpoint, its connected accounts'), the
  // number of deliveries per event answered. json, not jsonb, all the way: the envelope's keys
  // keep their order. The writes deferred to this statement (a transfer's ledger rows) ride
  // along: $4 on
  const along = takeDeferredWrites(tx, 3);
  const rows = await outboxStatement(tx, along, () => tx.$queryRawUnsafe<{ eventId: string | null; deliveries: number | bigint; resolved?: string[] | null }[]>(
    (final ? COMMITS_WITH : '') + eventsStatement(along.ctes, along.substitutions),
    JSON.stringify(all.map(({ accountId, e }) => ({
      id: e.id, accountId, livemode: e.livemode, type: e.type, data: e.data,
      requestId: e.request.id, idempotencyKey: e.request.idempotency_key, apiVersion: e.api_version, actor: e.actor ?? null, connectedAccount: e.account ?? null, createdAt: new Date(e.created * 1000).toISOString(),
      platform: platformOf.get(accountId) ?? null, patterns: patternsMatching(e.type),
    }))),
    livemode, new Date().toISOString(), ...along.values,
  ));
  if (along.substitutions.length) resolve(tx, along.substitutions, rows.find((r) => r.eventId === null)?.resolved);
  if (rows.length === 0) return 0;
  const byId = new Map(all.map(({ e }) => [e.id, e]));
  let total = 0;
  for (const r of rows) {
    if (r.eventId === null) continue;
    const n = Number(r.deliveries);
    const e = byId.get(r.eventId);
    if (e) e.pending_webhooks += n;
    total += n;
  }
  return total;
}

/**
 * recordEventsOf's statement: the events inserted ($1: the rows as JSON, each with its
 * account's platform and the endpoint patterns its type matches, patternsMatching), and their
 * deliveries to the active endpoints of the mode ($2) that receive them, made at $3; answers
 * the deliveries per event. A delivery's id is the event's time part and a digest of the event
 * and endpoint ids (one delivery per pair is made here), so that the statement needs nothing
 * from the caller per endpoint. `deferred`: WITH parts written first (each ending with a
 * comma); `substitutions`: values those parts compute (a ledger transaction's hash), put in
 * place of their placeholders in the events' data and answered in a last row whose eventId is
 * NULL. The orders benchmark's baseline sends the same text.
 */
export function eventsStatement(deferred = '', substitutions: Substitution[] = []): string {
  const data = substitutions.length ? `${substituted('d.data::text', substitutions)}::json` : 'd.data';
  const resolvedRow = substitutions.length
    ? ` UNION ALL SELECT NULL, 0, ARRAY[${substitutions.map((x) => x.sql).join(', ')}]::text[]`
    : '';
  return `WITH ${deferred}d AS MATERIALIZED (
       SELECT * FROM json_to_recordset($1::json) AS d(id text, "accountId" text, livemode boolean, type text, data json, "requestId" text, "idempotencyKey" text, "apiVersion" text, actor jsonb, "connectedAccount" text, "createdAt" timestamptz, platform text, patterns text[])
     ), ins AS (
       INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "actor", "connectedAccount", "createdAt")
       SELECT d.id, d."accountId", d.livemode, d.type, ${data}, d."requestId", d."idempotencyKey", d."apiVersion", d.actor, d."connectedAccount", d."createdAt" FROM d
     ), dl AS (
       INSERT INTO "WebhookDelivery" ("id", "accountId", "livemode", "endpointId", "eventId", "eventType", "status", "nextAttemptAt", "createdAt", "updatedAt")
       SELECT '${ID_PREFIX.webhookDelivery}_' || substr(d.id, ${ID_PREFIX.event.length + 2}, 10) || substr(md5(d.id || ' ' || w."id"), 1, 16),
              w."accountId", $2, w."id", d.id, d.type, 'pending', $3::timestamptz, $3::timestamptz, $3::timestamptz
       FROM d JOIN "WebhookEndpoint" w
         ON w."accountId" = ANY(ARRAY[d."accountId", d.platform]) AND w."livemode" = $2 AND w."active"
        AND w."connect" = (w."accountId" IS NOT DISTINCT FROM d.platform)
       WHERE cardinality(w."events") = 0 OR w."events" && d.patterns
       RETURNING "eventId"
     )
     SELECT "eventId", count(*)::int AS deliveries${substitutions.length ? ', NULL::text[] AS resolved' : ''} FROM dl GROUP BY "eventId"${resolvedRow}`;
}

/**
 * Writes deferred to the outbox's statement, per transaction: each a list of WITH parts
 * (data-modifying statements, or SELECTs the later parts read) numbering their own parameters
 * from $1. Part j of a write is named `{w}j` in the write's own text (each write gets its own
 * prefix). They run as the first parts of the outbox's WITH statement, in the same
 * transaction, one round trip less; a transaction whose outbox never runs must call
 * flushDeferredWrites before anything reads what they write (post() does, so does
 * recordEventsOf with no events). Dropped with the transaction when it fails.
 *
 * A write may compute a value the caller had to name before it existed (a transfer's ledger
 * hash, which depends on the chain's head it locks): the caller wrote `placeholder` where the
 * value goes (in its row, its events, its response), and `substitute.sql` (an expression over
 * the write's parts) gives the value. The statement puts the value in place of the placeholder
 * in the events' data and wherever a part wrote `SUBSTITUTED(<text expression>)`; the values
 * are answered, and resolvedPlaceholders(tx) hands them to the caller for the rest.
 * `onError`: maps the statement's failure (a refusal the write raised) to the error to throw.
 */
export interface DeferredWriteOptions {
  substitute?: { placeholder: string; sql: string };
  onError?: (err: unknown) => unknown;
}

interface DeferredWrite extends DeferredWriteOptions {
  statements: string[];
  values: unknown[];
}

/** A value computed by the statement: its placeholder's parameter and the SQL giving it. */
export interface Substitution {
  placeholder: string;
  param: string;
  sql: string;
}

const deferredWrites = new WeakMap<object, DeferredWrite[]>();
const resolvedValues = new WeakMap<object, Map<string, string>>();

export function deferWrite(tx: Tx, statements: string[], values: unknown[], options: DeferredWriteOptions = {}): void {
  const list = deferredWrites.get(tx) ?? [];
  list.push({ statements, values, ...options });
  deferredWrites.set(tx, list);
}

/** SQL giving `text` with every placeholder replaced by its value. */
function substituted(text: string, substitutions: Substitution[]): string {
  return substitutions.reduce((sql, x) => `replace(${sql}, ${x.param}::text, ${x.sql})`, text);
}

interface TakenWrites {
  ctes: string;
  values: unknown[];
  substitutions: Substitution[];
  onErrors: ((err: unknown) => unknown)[];
}

/** The deferred writes of `tx` as WITH parts (each followed by a comma), their parameters from $offset+1. */
function takeDeferredWrites(tx: Tx, offset: number): TakenWrites {
  const list = deferredWrites.get(tx);
  if (!list?.length) return { ctes: '', values: [], substitutions: [], onErrors: [] };
  deferredWrites.delete(tx);
  let ctes = '';
  const values: unknown[] = [];
  const substitutions: Substitution[] = [];
  const onErrors: ((err: unknown) => unknown)[] = [];
  const renumber = (sql: string, base: number, i: number) =>
    sql.replace(/\$(\d+)/g, (_m, n: string) => `$${base + Number(n)}`).replace(/\{w\}/g, `deferred_${i}_`);
  list.forEach((w, i) => {
    const base = offset + values.length;
    w.statements.forEach((sql, j) => {
      ctes += `deferred_${i}_${j} AS (${renumber(sql, base, i)}), `;
    });
    values.push(...w.values);
    if (w.substitute) {
      values.push(w.substitute.placeholder);
      substitutions.push({ placeholder: w.substitute.placeholder, param: `$${offset + values.length}`, sql: renumber(w.substitute.sql, base, i) });
    }
    if (w.onError) onErrors.push(w.onError);
  });
  ctes = ctes.replace(/SUBSTITUTED\(([^()]*)\)/g, (_m, text: string) => substituted(text, substitutions));
  return { ctes, values, substitutions, onErrors };
}

/** Runs the outbox's statement, its failure mapped by the deferred writes' onError. */
async function outboxStatement<T>(tx: Tx, along: TakenWrites, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    for (const map of along.onErrors) {
      const mapped = map(err);
      if (mapped !== undefined) throw mapped;
    }
    throw err;
  }
}

function resolve(tx: Tx, substitutions: Substitution[], values: string[] | null | undefined): void {
  if (!values || values.length !== substitutions.length || values.some((v) => typeof v !== 'string')) {
    throw new Error('outbox: the statement did not answer the values of its placeholders');
  }
  const known = resolvedValues.get(tx) ?? new Map<string, string>();
  substitutions.forEach((x, i) => known.set(x.placeholder, values[i]));
  resolvedValues.set(tx, known);
}

/** The values that took their placeholders' place in `tx`'s statements (once; undefined if none). */
export function resolvedPlaceholders(tx: Tx): Map<string, string> | undefined {
  const known = resolvedValues.get(tx);
  resolvedValues.delete(tx);
  return known;
}

/** `text` with each placeholder of `values` replaced by its value. */
export function withResolved(text: string, values: Map<string, string>): string {
  let out = text;
  for (const [placeholder, value] of values) out = out.replaceAll(placeholder, value);
  return out;
}

/** Runs the deferred writes of `tx` now (one statement), if any; `final` as recordEventsOf's. */
export async function flushDeferredWrites(tx: Tx, final = false): Promise<void> {
  const along = takeDeferredWrites(tx, 0);
  if (!along.ctes) return;
  const head = `${final ? COMMITS_WITH : ''}WITH ${along.ctes.slice(0, -2)} `;
  if (!along.substitutions.length) {
    await outboxStatement(tx, along, () => tx.$executeRawUnsafe(`${head}SELECT 1`, ...along.values));
    return;
  }
  const [row] = await outboxStatement(tx, along, () => tx.$queryRawUnsafe<{ resolved: string[] }[]>(
    `${head}SELECT ARRAY[${along.substitutions.map((x) => x.sql).join(', ')}]::text[] AS resolved`, ...along.values));
  resolve(tx, along.substitutions, row?.resolved);
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
