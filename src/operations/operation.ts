// A domain operation is declared once (name, permission, input schema, body) and reached
// through both doors. Authorization, validation, idempotency, the transaction, the outbox
// and publication after commit all happen here, so GraphQL and REST cannot disagree.
import { canonicalJson, sha256Hex } from '../canonical.js';
import { z } from 'zod';
import { ApiError, ERROR_CATALOG, textFaults, type ErrorCode, type FieldError } from '../errors.js';
import { authorize, type Principal } from '../auth/keys.js';
import type { Database, Prisma } from '../db/client.js';
import { RawTransactionUnsupported } from '../db/raw-transaction.js';
import { API_ERROR_MODEL, apiErrorEvent, reportsApiError } from '../events/api-error.js';
import type { EventActor, EventBus, EventEnvelope } from '../events/bus.js';
import { deferWrite, newEvent, publishEvents, recordEventsOf, resolvedPlaceholders, withResolved, type DeliveryWake, type EventOrigin } from '../events/outbox.js';
import type { DecisionService } from '../decision/service/service.js';
import type { RecordCipher } from '../decision/service/crypto.js';
import { present, snake } from '../representation.js';
import type { OperationRegistry } from './registry.js';

export type Tx = Parameters<Parameters<Prisma['$transaction']>[0]>[0];

export interface Services {
  db: Database;
  bus: EventBus;
  apiVersion: string;
  decisions: DecisionService;
  /** seals secrets the server must be able to read back (webhook signing secrets) */
  secrets: RecordCipher;
  /** told after a commit that made webhook deliveries */
  deliveryWake: Set<DeliveryWake>;
  /** the money areas' settings */
  money: MoneySettings;
  /** days after delivery (else shipment) within which a return may be requested; 0: none */
  returnWindowDays: number;
  /** every operation with a REST route, by name (filled as the routes register) */
  operations: OperationRegistry;
}

export interface MoneySettings {
  /** the stablecoin's currency code (lowercase) */
  coin: string;
  /** transfers and redemptions of at least this many micro-units must be signed */
  signedThreshold: bigint;
  /** how long the simulated processor keeps a `pm_card_processing` payment pending */
  processingDelayMs: number;
  /** told the due time of a pending payment made here (the settlement worker sets a timer) */
  settlementWake: Set<(at: Date) => void>;
  /** how long the simulated bank payout of a test-mode redemption takes (it is processing until then) */
  redemptionPayoutDelayMs: number;
  /** told the due time of a processing redemption made here (the payout worker sets a timer) */
  payoutWake: Set<(at: Date) => void>;
}

/** Who is calling and on which data: every query is scoped by accountId and livemode. */
export interface Scope {
  accountId: string;
  livemode: boolean;
  /**
   * Reads only: the accounts whose rows are in scope, when more than `accountId` (a platform's
   * event list includes its connected accounts' events). Writes never use it.
   */
  accounts?: string[];
}

export interface CallContext {
  services: Services;
  principal: Principal;
  requestId: string;
  idempotencyKey?: string;
  /** the request carried a valid X-Signature over its raw body (verified by the door) */
  signed?: boolean;
  /** who acts through the key, when not the key itself (an agent): named on the events */
  actor?: EventActor;
  /**
   * the Idempotency-Key the events name, when not the one the operation is deduplicated by (an
   * agent's operation runs under its execution's own key; its events name the key the caller sent)
   */
  eventIdempotencyKey?: string | null;
  /**
   * told when the answer is an idempotent replay, with the id of the request that made it when
   * known (the GraphQL door then says Idempotent-Replayed, and answers with that X-Request-Id)
   */
  onReplay?: (requestId?: string) => void;
}

export interface EmitOptions {
  /** the spec's flat fields of `data`, besides `data.object` */
  data?: Record<string, unknown>;
  /** the account the event belongs to, when not the caller's (the receiver of a transfer) */
  account?: string;
  /**
   * when the event happened, when not now: the test-clock time of a change to an object living
   * on a test clock (its `created`, whichever door or worker made the change)
   */
  created?: Date;
}

export type Emit = (type: string, model: string, row: Record<string, unknown>, previous?: Record<string, unknown>, options?: EmitOptions) => void;

export interface MutationOperation<I, R extends { id: string }> {
  name: string;
  permission: string;
  input: z.ZodType<I>;
  /** the model of the returned row, for its representation */
  model: string;
  /** `services` for what a rule needs beyond the database (the secrets cipher) */
  run(tx: Tx, scope: Scope, input: I, emit: Emit, services: Services): Promise<R>;
  /**
   * Whether this input must come signed (X-Signature): checked before anything else, an
   * idempotent replay included.
   */
  signatureRequired?(input: I, services: Services): boolean;
  /**
   * Whether `run` sends plain SQL only ($queryRawUnsafe, $executeRawUnsafe) on its usual path:
   * then it runs on a raw transaction without Prisma's client, Idempotency-Key or not
   * (PostgreSQL; src/db/raw-transaction.ts), and again on Prisma should it reach for more.
   */
  rawStatementsOnly?: boolean;
  /**
   * Whether, on that raw path, a transaction of one statement that declared its locks
   * (declareLocks) may share its commit with others (group commit, src/db/raw-transaction.ts
   * CommitGroups): its statement must lock every row another writer locks first, in id order,
   * before anything else of that kind.
   */
  sharesCommit?: boolean;
  /** the response body, when it is not the model's representation of the row (a deletion) */
  represent?(row: R): Record<string, unknown>;
  /**
   * Fields shown in the first response only (a new signing secret): never recorded for an
   * idempotent replay, so a replay answers without them.
   */
  reveal?(row: R): Record<string, unknown>;
}

export function defineMutation<I, R extends { id: string }>(op: MutationOperation<I, R>): MutationOperation<I, R> {
  return op;
}

export interface MutationResult {
  id: string;
  /** the REST representation */
  body: Record<string, unknown>;
  /** that representation serialized, exactly as recorded for idempotent replay */
  json: string;
  replayed: boolean;
  /**
   * on a replay, the id of the request that made the answer (its X-Request-Id, which the doors
   * answer with again); absent for records made before it was kept
   */
  requestId?: string;
  /** the operation's one-time fields (see MutationOperation.reveal); absent on a replay */
  reveal?: Record<string, unknown>;
}

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** An Idempotency-Key's claim: 1 row, or 0 when the key has a record (a replay, a request in flight waited for, an expired one). */
const CLAIM_IDEMPOTENCY = `INSERT INTO "IdempotencyRecord" ("apiKeyId", "key", "method", "path", "requestHash", "state", "requestId", "expiresAt")
  VALUES ($1, $2, 'POST', $3, $4, 'in_progress', $5, $6::timestamptz) ON CONFLICT DO NOTHING`;
/** an idempotency record's response, written with the events (deferWrite) */
const COMPLETE_IDEMPOTENCY = `UPDATE "IdempotencyRecord" SET "state" = 'completed', "responseStatus" = $3::int, "responseBody" = SUBSTITUTED($4::text) WHERE "apiKeyId" = $1 AND "key" = $2`;
/**
 * The whole record, claim and response at once, written with the events by an operation that
 * shares commits (a transfer: its transaction must be that one statement): no ON CONFLICT, so a
 * key already taken (or being taken by a request not yet committed, which it waits for) fails
 * the statement with a unique violation and nothing of it is kept; the operation then runs
 * again with the claim first (as after any failure of such an attempt: see attempt()).
 */
const RECORD_IDEMPOTENCY = `INSERT INTO "IdempotencyRecord" ("apiKeyId", "key", "method", "path", "requestHash", "state", "requestId", "expiresAt", "responseStatus", "responseBody")
  VALUES ($1, $2, 'POST', $3, $4, 'completed', $5, $6::timestamptz, $7::int, SUBSTITUTED($8::text))`;

/**
 * Thrown by an operation whose attempt failed for a reason a second attempt can cure (a wallet
 * remembered from a database since reset): nothing was kept, and executeMutation runs the
 * operation once more; should that attempt ask again, `error` is the answer.
 */
export class RunAgain extends Error {
  constructor(readonly error: unknown) {
    super('run the operation again');
  }
}

type Issue = z.core.$ZodIssue & { input?: unknown };

/** What a field must be, said from a zod issue (spec Errors rule 1: every fault names `expected`). */
function expectedOf(issue: Issue): string {
  const params = issue.code === 'custom' ? (issue.params as { expected?: string } | undefined) : undefined;
  if (params?.expected) return params.expected;
  // a schema's own message of the form "expected ..." says it best (ids: "expected an id ...")
  if (issue.code !== 'invalid_type' && issue.message.startsWith('expected ')) return issue.message.slice('expected '.length);
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'an integer' : String(issue.expected);
    case 'invalid_value':
      return issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = String(small ? issue.minimum : issue.maximum);
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'string') return `${small ? 'at least' : 'at most'} ${bound} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${small ? 'at least' : 'at most'} ${bound} items`;
      if (issue.origin === 'date') return `${small ? 'on or after' : 'on or before'} ${bound}`;
      return `a number ${small ? (inclusive ? '>=' : '>') : (inclusive ? '<=' : '<')} ${bound}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && issue.pattern ? `text matching ${String(issue.pattern)}` : `a valid ${issue.format}`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    default:
      return 'a valid value';
  }
}

/** The catalogue's code for one fault, where one is more precise than VALIDATION_ERROR. */
function codeOf(issue: Issue, missing: boolean): ErrorCode | undefined {
  if (issue.code === 'custom') {
    const code = (issue.params as { code?: string } | undefined)?.code;
    return code && code in ERROR_CATALOG ? (code as ErrorCode) : undefined;
  }
  if (missing) return 'MISSING_REQUIRED_FIELD';
  if (issue.code === 'invalid_value') return 'INVALID_ENUM_VALUE';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'FIELD_TOO_LONG';
  if (issue.code === 'invalid_format') return ['datetime', 'date', 'time', 'duration'].includes(issue.format) ? 'INVALID_DATE_FORMAT' : 'INVALID_FIELD_FORMAT';
  return undefined;
}

/**
 * Whether `issue` is zod's own safe-integer bound of `.int()` (9007199254740991) on a field whose
 * schema sets a tighter bound of its own, also reported: the schema's bound is the real one
 * (`quantity: 9007199254740993` is "<=100000", as 100001 is), so that issue is the fault.
 */
function outboundBySchema(issue: Issue, all: Issue[]): boolean {
  if ((issue.code !== 'too_big' && issue.code !== 'too_small') || issue.origin !== 'int') return false;
  const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  if (Math.abs(bound) !== Number.MAX_SAFE_INTEGER) return false;
  const path = issue.path.join('.');
  return all.some((other) => other !== issue && other.code === issue.code && other.origin === 'number' && other.path.join('.') === path);
}

/**
 * Field faults from a zod error: one per field (the first zod reports: `1e300` is not also
 * "too big" once it is not an integer), each with `expected` and, where the catalogue has a
 * precise one, its code (a missing field MISSING_REQUIRED_FIELD, a value outside an enum
 * INVALID_ENUM_VALUE, text too long FIELD_TOO_LONG, a malformed date INVALID_DATE_FORMAT, any
 * other format INVALID_FIELD_FORMAT); unknown fields each on their own.
 */
export function zodFaults(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const issues = error.issues as Issue[];
  for (const issue of issues.filter((i) => !outboundBySchema(i, issues))) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = base ? `${base}.${key}` : key;
        if (seen.has(field)) continue;
        seen.add(field);
        out.push({ field, message: 'unknown field', expected: 'no such field' });
      }
      continue;
    }
    const field = base === '' ? 'body' : base;
    if (seen.has(field)) continue;
    seen.add(field);
    // parseInput asks zod to report the input: a required field left out is `undefined` there
    // (an enum or literal field left out is zod's invalid_value: missing all the same)
    const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_value') && 'input' in issue && issue.input === undefined && base !== '';
    const code = codeOf(issue, missing);
    out.push({ field, message: missing ? 'is required' : issue.message, expected: expectedOf(issue), ...(code ? { code } : {}) });
  }
  return out;
}

export function parseInput<I>(schema: z.ZodType<I>, raw: unknown): I {
  const nul = textFaults(raw);
  if (nul.length) throw ApiError.validation(nul);
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw ApiError.validation(zodFaults(parsed.error));
  return parsed.data;
}

interface RecordedError {
  error: { code: ErrorCode; message: string; details: Record<string, unknown>; param?: string; request_id?: string; timestamp?: string };
}

function replay(record: { state: string; requestHash: string; responseBody: string | null; requestId: string | null }, hash: string, key: string): MutationResult {
  if (record.requestHash !== hash) {
    throw new ApiError(
      'IDEMPOTENCY_KEY_REUSED',
      `Idempotency-Key '${key}' was already used with a different request; use a new key for a new request`,
      { idempotency_key: key },
    );
  }
  if (record.state !== 'completed') {
    throw new ApiError('RESOURCE_LOCKED', `A request with Idempotency-Key '${key}' is still in progress`, { idempotency_key: key });
  }
  const json = record.responseBody ?? '{}';
  const body = JSON.parse(json) as Record<string, unknown> | RecordedError;
  if ('error' in body && body.error && typeof body.error === 'object' && 'code' in body.error) {
    const e = (body as RecordedError).error;
    const err = new ApiError(e.code, e.message, e.details, e.param);
    // the first answer's request id and time (records made before 2026-11-25 have neither)
    if (e.timestamp) err.stamp = { requestId: e.request_id, timestamp: e.timestamp };
    err.replayed = true;
    throw err;
  }
  return {
    id: String((body as Record<string, unknown>).id), body: body as Record<string, unknown>, json, replayed: true,
    ...(record.requestId ? { requestId: record.requestId } : {}),
  };
}

/**
 * Runs a mutation on the resource an `id` names (from a REST path or a GraphQL `id` argument):
 * an id that is not even shaped as one names nothing, so it is 404 `RESOURCE_NOT_FOUND`, as a
 * retrieve answers it (`GET /v1/orders/nope`), on both doors alike; ids inside bodies and inputs
 * keep their 400.
 */
export async function executeMutationById<I, R extends { id: string }>(
  op: MutationOperation<I, R>,
  ctx: CallContext,
  rawInput: Record<string, unknown> & { id: string },
): Promise<MutationResult> {
  try {
    return await executeMutation(op, ctx, rawInput);
  } catch (err) {
    if (err instanceof ApiError && idMalformed(err)) throw ApiError.notFound(snake(op.model).slice(1), rawInput.id);
    throw err;
  }
}

/** Whether a validation error blames the `id` for its format. */
function idMalformed(err: ApiError): boolean {
  const faults = err.details.errors as FieldError[] | undefined;
  return Array.isArray(faults) && faults.some((f) => f.field === 'id' && f.code === 'INVALID_FIELD_FORMAT');
}

/**
 * Runs a mutation: authorize, validate, then in one transaction claim the idempotency key,
 * apply the change, write its events and record the response; publish after commit.
 * Two requests with one key: the second blocks on the key's row until the first commits,
 * then replays its recorded response, so the change happens exactly once.
 */
export async function executeMutation<I, R extends { id: string }>(
  op: MutationOperation<I, R>,
  ctx: CallContext,
  rawInput: unknown,
): Promise<MutationResult> {
  const { principal, services, requestId, idempotencyKey } = ctx;
  authorize(principal, op.permission);
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new ApiError('INVALID_FIELD_FORMAT', 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)', {}, 'Idempotency-Key');
  }
  // the request's digest, compared on an idempotent replay (only then: canonical JSON and SHA-256 cost)
  const hash = idempotencyKey === undefined ? '' : sha256Hex(`${op.name}\n${canonicalJson(rawInput)}`);
  const scope: Scope = { accountId: principal.accountId, livemode: principal.livemode };
  if (op.signatureRequired && !ctx.signed && op.signatureRequired(parseInput(op.input, rawInput), services)) {
    throw new ApiError('MISSING_SIGNATURE', `${op.name} must be signed: send X-Timestamp (Unix seconds) and X-Signature, the hex HMAC-SHA256 of "<timestamp>.<raw body>" with the account's signing secret`, {
      operation: op.name,
    }, 'X-Signature');
  }
  const prisma = services.db.prisma;
  let events = new EventsByAccount(scope.accountId);
  let deliveries = 0;

  // An operation that shares commits (a transfer) writes its idempotency record whole with its
  // events, without claiming the key first, so that its transaction stays one statement and can
  // join a commit group; should the key be taken, it runs again the usual way (claim first).
  let recordWithEvents = op.sharesCommit === true && idempotencyKey !== undefined;
  const run = async (tx: Tx, onRaw = false): Promise<MutationResult> => {
    // each attempt starts afresh (a raw transaction's attempt may be run again on Prisma)
    events = new EventsByAccount(scope.accountId);
    deliveries = 0;
    const whole = onRaw && recordWithEvents;
    if (idempotencyKey !== undefined && !whole) {
      // a plain statement, so that a raw transaction runs it (the rarer branches below, a replay
      // or an expired record, reach for Prisma's client: a raw attempt then runs again there);
      // the record names the request whose answer it will hold: a replay answers with its X-Request-Id
      const claim = () => tx.$executeRawUnsafe(CLAIM_IDEMPOTENCY, principal.keyId, idempotencyKey, op.name, hash, requestId, new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString());
      let claimed = await claim();
      if (claimed === 0) {
        const existing = await tx.idempotencyRecord.findUnique({
          where: { apiKeyId_key: { apiKeyId: principal.keyId, key: idempotencyKey } },
        });
        if (existing && existing.expiresAt < new Date()) {
          // an expired record the purge has not reached yet: the key is free again (an expired
          // record is deleted only here, not by every request as before: one statement less)
          await tx.idempotencyRecord.deleteMany({ where: { apiKeyId: principal.keyId, key: idempotencyKey, expiresAt: { lt: new Date() } } });
          claimed = await claim();
        } else {
          if (!existing) throw new ApiError('RESOURCE_LOCKED', 'The idempotency key is busy; retry shortly', { idempotency_key: idempotencyKey });
          let replayed: MutationResult;
          try {
            replayed = replay(existing, hash, idempotencyKey);
          } catch (err) {
            if (err instanceof ApiError && err.replayed) ctx.onReplay?.(err.stamp?.requestId);
            throw err;
          }
          ctx.onReplay?.(replayed.requestId);
          return replayed;
        }
        if (claimed === 0) throw new ApiError('RESOURCE_LOCKED', 'The idempotency key is busy; retry shortly', { idempotency_key: idempotencyKey });
      }
    }
    const input = parseInput(op.input, rawInput);
    const origin = { requestId, idempotencyKey: ctx.eventIdempotencyKey !== undefined ? ctx.eventIdempotencyKey : idempotencyKey ?? null, apiVersion: services.apiVersion, livemode: scope.livemode, ...(ctx.actor ? { actor: ctx.actor } : {}),
      ...(principal.platformAccountId ? { connectedAccount: principal.accountId } : {}) };
    const row = await op.run(tx, scope, input, events.emitter(origin), services);
    const body = op.represent ? op.represent(row) : present(op.model, row as unknown as Record<string, unknown>);
    const json = JSON.stringify(body);
    const reveal = op.reveal?.(row);
    if (idempotencyKey !== undefined) {
      // the recorded response goes with the events, in their statement
      const status = op.name.endsWith('.create') ? 201 : 200;
      if (whole) {
        deferWrite(tx, [RECORD_IDEMPOTENCY], [principal.keyId, idempotencyKey, op.name, hash, requestId, new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString(), status, json]);
      } else {
        deferWrite(tx, [COMPLETE_IDEMPOTENCY], [principal.keyId, idempotencyKey, status, json]);
      }
    }
    // the transaction's last statement (nothing here can fail after it): its COMMIT goes with it
    deliveries = await events.record(tx, true);
    // values the statement computed in place of their placeholders (a transfer's ledger hash)
    const resolved = resolvedPlaceholders(tx);
    if (resolved) {
      const text = withResolved(json, resolved);
      events.resolve(resolved);
      return { id: row.id, body: JSON.parse(text) as Record<string, unknown>, json: text, replayed: false, ...(reveal ? { reveal } : {}) };
    }
    return { id: row.id, body, json, replayed: false, ...(reveal ? { reveal } : {}) };
  };

  const attempt = (): Promise<MutationResult> => {
    const raw = op.rawStatementsOnly ? services.db.rawTransaction : undefined;
    return raw
      ? raw((tx) => run(tx as unknown as Tx, true), { shareCommit: op.sharesCommit }).catch((err: unknown) => {
        // the operation reached for Prisma's client: nothing was kept, run it there
        if (err instanceof RawTransactionUnsupported) return prisma.$transaction((tx) => run(tx), { timeout: 30_000, maxWait: 10_000 });
        // without its claim first, any failure may hide a taken Idempotency-Key (a refusal is
        // raised before the record's unique violation, and a replay must answer as the first
        // request did, not as the operation would now): nothing was kept, so it runs again the
        // usual way, claim first (a replay, busy, or the failure again)
        if (recordWithEvents) {
          recordWithEvents = false;
          return attempt();
        }
        throw err;
      })
      : prisma.$transaction((tx) => run(tx), { timeout: 30_000, maxWait: 10_000 });
  };
  let result: MutationResult;
  try {
    result = await attempt().catch((err: unknown) => {
      if (!(err instanceof RunAgain)) throw err;
      return attempt().catch((again: unknown) => {
        throw again instanceof RunAgain ? again.error : again;
      });
    });
  } catch (err) {
    // A request that failed its rules is recorded too, so its replay fails the same way; a
    // server-side failure (5xx: a dependency or the database unavailable) is not: a retry with
    // the same key must get to run
    if (err instanceof ApiError && idempotencyKey !== undefined && err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_REUSED' && err.code !== 'RESOURCE_LOCKED' && !err.replayed) {
      // this answer's time, recorded with it: a replay's body is this body
      err.stamp = { requestId, timestamp: new Date().toISOString() };
      await prisma.idempotencyRecord.createMany({
        data: [{
          apiKeyId: principal.keyId, key: idempotencyKey, method: 'POST', path: op.name, requestHash: hash, state: 'completed',
          requestId, responseStatus: err.status,
          responseBody: JSON.stringify({ error: { code: err.code, message: err.message, details: err.details, param: err.param, request_id: requestId, timestamp: err.stamp.timestamp } }),
          expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
        }],
        skipDuplicates: true,
      });
    }
    if (reportsApiError(err) && !(err instanceof ApiError && err.replayed)) reportFailure(services, scope, ctx, op, err, rawInput);
    throw err;
  }
  events.publish(services, deliveries);
  return result;
}

/** Failures already recorded as `api.error` (an operation's, before the door that answers it sees it). */
const reported = new WeakSet<object>();

/**
 * Records `api.error` for a write that failed server-side outside any operation's own report
 * (the agents' decision step, a route's own code): the doors call it for a 5xx answer to a
 * write. Once per failure.
 */
export function reportServerFailure(services: Services, principal: { accountId: string; livemode: boolean }, requestId: string, operation: string, err: unknown, rawInput: unknown): void {
  if (typeof err === 'object' && err !== null && reported.has(err)) return;
  reportFailure(services, { accountId: principal.accountId, livemode: principal.livemode }, { services, principal: principal as Principal, requestId }, { name: operation, model: API_ERROR_MODEL }, err, rawInput);
}

/** Records `api.error` for a failed write (src/events/api-error.ts), after the fact and apart from it. */
function reportFailure(services: Services, scope: Scope, ctx: CallContext, op: { name: string; model: string }, err: unknown, rawInput: unknown): void {
  if (typeof err === 'object' && err !== null) {
    if (reported.has(err)) return;
    reported.add(err);
  }
  const { object, data } = apiErrorEvent(err, ctx.requestId, op.name, op.model, rawInput, services.money.coin);
  runSystemChange(services, scope, async (_tx, emit) => emit('api.error', API_ERROR_MODEL, object, undefined, { data }), {
    requestId: ctx.requestId, ...(ctx.actor ? { actor: ctx.actor } : {}),
  }).catch(() => undefined); // the database that failed the request may fail this too: the answer stands
}

/** The events of one change, grouped by the account they belong to. */
class EventsByAccount {
  private readonly byAccount = new Map<string, EventEnvelope[]>();
  constructor(private readonly caller: string) {}

  emitter(origin: EventOrigin): Emit {
    return (type, model, row, previous, options) => {
      const account = options?.account ?? this.caller;
      const list = this.byAccount.get(account) ?? [];
      // another account's copy (the receiver of a transfer) names no request: the request id
      // and Idempotency-Key are the caller's, not theirs to see
      const from = account === this.caller ? origin : { ...origin, requestId: null, idempotencyKey: null };
      const event = newEvent(type, present(model, row), from, previous, options?.data);
      if (options?.created) event.created = Math.floor(options.created.getTime() / 1000);
      list.push(event);
      this.byAccount.set(account, list);
    };
  }

  /** `final`: the transaction's last statement (see recordEventsOf) */
  async record(tx: Tx, final = false): Promise<number> {
    return recordEventsOf(tx, this.byAccount, final);
  }

  /** Puts the values the statement computed in place of their placeholders, in every event's data. */
  resolve(values: Map<string, string>): void {
    for (const list of this.byAccount.values()) {
      for (const e of list) e.data = JSON.parse(withResolved(JSON.stringify(e.data), values)) as EventEnvelope['data'];
    }
  }

  publish(services: Services, deliveries: number): void {
    let first = true;
    for (const [account, list] of this.byAccount) {
      publishEvents(services, account, list, first ? deliveries : 0);
      first = false;
    }
  }
}

/**
 * A change the server makes by itself (a pending payment settling): its own transaction, its
 * events recorded with it and published after commit, like an operation's.
 */
export async function runSystemChange<T>(
  services: Services, scope: Scope, fn: (tx: Tx, emit: Emit) => Promise<T>, cause?: { requestId: string; idempotencyKey?: string | null; actor?: EventActor },
): Promise<T> {
  const events = new EventsByAccount(scope.accountId);
  let deliveries = 0;
  // no request caused it: request.id is null, as Stripe's automatic events; a change a request
  // made outside an operation (an agent's execution record) names that request
  const origin = { requestId: cause?.requestId ?? null, idempotencyKey: cause?.idempotencyKey ?? null, apiVersion: services.apiVersion, livemode: scope.livemode, ...(cause?.actor ? { actor: cause.actor } : {}) };
  const result = await services.db.prisma.$transaction(async (tx) => {
    const out = await fn(tx, events.emitter(origin));
    deliveries = await events.record(tx, true);
    return out;
  }, { timeout: 30_000, maxWait: 10_000 });
  events.publish(services, deliveries);
  return result;
}

/** Throws 404 unless `row` exists in the caller's scope. */
export function found<T>(row: T | null | undefined, resource: string, id: string): T {
  if (!row) throw ApiError.notFound(resource, id);
  return row;
}

/**
 * Locks the row `id` of `model` (SELECT ... FOR UPDATE) until the transaction ends: an update
 * that reads a row and writes what it computed from it (a metadata patch merged into the
 * stored metadata, previous_attributes) runs one at a time per row, so that two concurrent
 * updates never lose each other's changes. Scoping is left to the read that follows (a row of
 * another account is locked for an instant, then answered 404 by that read).
 */
export async function lockRow(tx: Tx, model: string, id: string): Promise<void> {
  if (!/^[A-Za-z]+$/.test(model)) throw new Error(`lockRow: not a model name: ${model}`);
  await tx.$queryRawUnsafe(`SELECT 1 FROM "${model}" WHERE "id" = $1 FOR UPDATE`, id);
}

export function scopedWhere(scope: Scope, where: Record<string, unknown> = {}): Record<string, unknown> {
  const own = { accountId: scope.accounts && scope.accounts.length > 1 ? { in: scope.accounts } : scope.accountId, livemode: scope.livemode };
  return Object.keys(where).length ? { AND: [own, where] } : own;
}
