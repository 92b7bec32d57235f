// Delivery of webhooks: a worker in every server process claims due deliveries from the
// database, sends them, and records each attempt. Deliveries live in the database, so they
// survive restarts. A claim is a lease (a token and an expiry of WEBHOOK_TIMEOUT_MS + 30 s):
// claims use FOR UPDATE SKIP LOCKED, so two processes never hold one delivery at once, and a
// delivery whose process died mid-attempt is claimed again when its lease expires
// (at-least-once; receivers de-duplicate by the event id, which webhook-id carries too).
//
// Sending is bounded overall (WEBHOOK_CONCURRENCY) and per endpoint
// (WEBHOOK_ENDPOINT_CONCURRENCY), and a claim never takes more of an endpoint's deliveries
// than it has free slots, so a slow endpoint holds only its own slots. Results are written in
// batches: a few statements per batch, not per delivery.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { envelopeOf } from '../../events/envelope.js';
import { newEvent, pendingWebhooks, publishEvents, recordEvents } from '../../events/outbox.js';
import { ID_PREFIX, newId } from '../../ids.js';
import type { Services } from '../../operations/operation.js';
import { presentEndpoint, signingSecrets } from './operations.js';
import { failedTooLong, nextAttemptAt } from './schedule.js';
import type { AttemptOutcome, Sender } from './sender.js';
import { signatureHeaders } from './signing.js';
import { CURRENT_VERSION, defaultVersion, servedVersion } from '../../versions/list.js';
import { renderResponse } from '../../versions/transform.js';

/** at most this many deliveries per claim */
const CLAIM_BATCH = 500;
/** with nothing due, look again this often (other processes' commits do not wake this one) */
const POLL_MS = 250;
/** results are written after this long, or at once when this many wait */
const FLUSH_MS = 5;
const FLUSH_BATCH = 500;
/** a lease outlasts the attempt's timeout by this much: the time to start it and record it */
export const LEASE_MARGIN_MS = 5_000;
/** a claim given back (its secret unreadable here) waits this long before anyone claims it again */
const RELEASE_BACKOFF_MS = 1_000;

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attemptCount: number;
  scheduleAttempts: number;
  status: string;
  nextAttemptAt: Date | null;
}

/** A delivery's statuses: pending (waiting or in flight), then succeeded or failed. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** An attempt's outcomes. */
export const ATTEMPT_OUTCOMES = ['succeeded', 'failed'] as const;

export interface AttemptResult {
  delivery: ClaimedDelivery;
  token: string;
  /** scheduled attempts follow the retry schedule; a manual one only records itself */
  manual: boolean;
  number: number;
  attemptedAt: Date;
  outcome: AttemptOutcome;
}

/** The attempt as the API shows it (the delivery log, /test, /simulate). */
export function presentAttempt(a: { number: number; attemptedAt: Date; outcome: AttemptOutcome }) {
  return {
    object: 'webhook_attempt',
    number: a.number,
    attempted_at: Math.floor(a.attemptedAt.getTime() / 1000),
    response_status: a.outcome.status,
    latency_ms: a.outcome.latencyMs,
    error: a.outcome.error,
    outcome: a.outcome.succeeded ? 'succeeded' : 'failed',
  };
}

/** Signs `body` with the given secrets and sends it as attempt `number` of event `eventId`. */
export function sendSigned(sender: Sender, url: string, eventId: string, body: string, secrets: string[], number: number) {
  const headers = signatureHeaders({ eventId, body, timestamp: Math.floor(Date.now() / 1000), secrets });
  headers['Svc-Webhook-Attempt'] = String(number);
  return sender.send(url, headers, body);
}

export interface WorkerDeps {
  services: Services;
  config: Config;
  logger: Logger;
  sender: Sender;
}

export class DeliveryWorker {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  /** a wake-up that came while the loop was busy claiming: claim again instead of sleeping */
  private wakePending = false;
  /** endpoints seen failing (their failingSince was set when last loaded or by this process) */
  private readonly failing = new Set<string>();
  private inFlight = 0;
  private readonly perEndpoint = new Map<string, number>();
  private results: AttemptResult[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly sends = new Set<Promise<void>>();
  /** a wake-up at the soonest retry this process scheduled, so a retry is not late by a poll */
  private retryTimer: NodeJS.Timeout | undefined;
  private retryAt = Infinity;
  /** counts for /metrics */
  readonly counts = { succeeded: 0, failed: 0 };

  constructor(private readonly deps: WorkerDeps) {}

  private get prisma() {
    return this.deps.services.db.prisma;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.deps.services.deliveryWake.add(this.wake);
    this.loopDone = this.loop();
  }

  /** Stops claiming; waits briefly for attempts in flight and writes their results. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.deps.services.deliveryWake.delete(this.wake);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.wake();
    await this.loopDone;
    // attempts still out after this are simply not recorded: their leases expire and they are made again
    await Promise.race([Promise.allSettled([...this.sends]), new Promise((r) => setTimeout(r, 2000).unref())]);
    await this.flush();
  }

  readonly wake = (): void => {
    const w = this.wakeUp;
    this.wakeUp = undefined;
    if (w) w();
    else this.wakePending = true;
  };

  private wakeAt(at: number): void {
    if (!this.running || at >= this.retryAt) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryAt = at;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.retryAt = Infinity;
      this.wake();
    }, Math.max(0, at - Date.now()));
    this.retryTimer.unref();
  }

  private free(): number {
    return this.deps.config.WEBHOOK_CONCURRENCY - this.inFlight;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.wakePending = false;
      let claimed = 0;
      let limit = 0;
      if (this.free() > 0) {
        limit = Math.min(this.free(), CLAIM_BATCH);
        try {
          claimed = await this.claimAndSend(limit);
        } catch (err) {
          this.deps.logger.warn({ err }, 'claiming webhook deliveries failed; retrying shortly');
        }
      }
      if (!this.running) break;
      // a full claim may leave more due; a wake-up during the claim may have brought more
      if ((claimed > 0 && claimed === limit && this.free() > 0) || this.wakePending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { this.wakeUp = undefined; resolve(); }, POLL_MS);
        timer.unref();
        this.wakeUp = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** Claims due deliveries (respecting free slots) and starts their attempts; returns how many. */
  private async claimAndSend(limit: number): Promise<number> {
    const { config } = this.deps;
    const now = new Date();
    const busy: Record<string, number> = {};
    for (const [id, n] of this.perEndpoint) busy[id] = Math.max(0, config.WEBHOOK_ENDPOINT_CONCURRENCY - n);
    const token = randomBytes(12).toString('base64url');
    const leaseUntil = new Date(now.getTime() + config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
    const claimed = await this.prisma.$queryRawUnsafe<ClaimedDelivery[]>(
      `WITH candidates AS (
         SELECT d.id, d."endpointId", d."nextAttemptAt"
         FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
         WHERE d.status = 'pending' AND d."nextAttemptAt" <= $1::timestamptz
           AND (d."leaseExpiresAt" IS NULL OR d."leaseExpiresAt" < $1::timestamptz)
           AND e.active
           AND COALESCE(($3::jsonb ->> d."endpointId")::int, $4::int) > 0
         ORDER BY d."nextAttemptAt"
         LIMIT $2
         FOR UPDATE OF d SKIP LOCKED
       ), ranked AS (
         SELECT id, row_number() OVER (PARTITION BY "endpointId" ORDER BY "nextAttemptAt", id) AS rn,
                COALESCE(($3::jsonb ->> "endpointId")::int, $4::int) AS slots
         FROM candidates
       )
       UPDATE "WebhookDelivery" w SET "leaseToken" = $5, "leaseExpiresAt" = $6::timestamptz
       FROM ranked r WHERE w.id = r.id AND r.rn <= r.slots
       RETURNING w.id, w."endpointId", w."eventId", w."attemptCount", w."scheduleAttempts", w.status, w."nextAttemptAt"`,
      now.toISOString(), limit, JSON.stringify(busy), config.WEBHOOK_ENDPOINT_CONCURRENCY, token, leaseUntil.toISOString(),
    );
    if (claimed.length === 0) return 0;
    await this.sendAll(claimed, token, false);
    return claimed.length;
  }

  /**
   * Loads what the claimed deliveries need (endpoints, events, pending counts: one statement
   * each) and starts every attempt. With `wait`, resolves when the attempts are recorded.
   */
  async sendAll(claimed: ClaimedDelivery[], token: string, manual: boolean): Promise<AttemptResult[]> {
    if (claimed.length === 0) return [];
    const endpointIds = [...new Set(claimed.map((d) => d.endpointId))];
    const eventIds = [...new Set(claimed.map((d) => d.eventId))];
    const [endpoints, events, pending] = await Promise.all([
      this.prisma.webhookEndpoint.findMany({
        where: { id: { in: endpointIds } },
        select: { id: true, url: true, secrets: true, debug: true, failingSince: true, apiVersion: true, account: { select: { apiVersion: true } } },
      }),
      this.prisma.event.findMany({ where: { id: { in: eventIds } } }),
      pendingWebhooks(this.prisma, eventIds),
    ]);
    for (const e of endpoints) {
      if (e.failingSince) this.failing.add(e.id);
      else this.failing.delete(e.id);
    }
    const endpointById = new Map(endpoints.map((e) => {
      let signing: string[] | undefined;
      try {
        signing = signingSecrets(this.deps.services.secrets, e);
      } catch (err) {
        // sealed under another key: replicas on one database must share SVC_ENCRYPTION_KEY
        this.deps.logger.error({ err, endpoint: e.id }, 'cannot open the signing secret of a webhook endpoint (is SVC_ENCRYPTION_KEY the same on every replica?)');
      }
      // the endpoint's API version, else its account's pin, else the default
      const version = servedVersion(e.apiVersion ?? e.account.apiVersion ?? defaultVersion(this.deps.config));
      return [e.id, { ...e, signing, version }];
    }));
    const envelopeByEvent = new Map(events.map((e) => [e.id, envelopeOf(e, pending.get(e.id) ?? 0)]));
    // an event's body per API version it goes out in (stored in the newest; older ones rendered once each)
    const bodies = new Map<string, string>();
    const bodyOf = (eventId: string, version: string): string | undefined => {
      const envelope = envelopeByEvent.get(eventId);
      if (!envelope) return undefined;
      const key = `${version} ${eventId}`;
      let body = bodies.get(key);
      if (body === undefined) {
        body = JSON.stringify(version === CURRENT_VERSION ? envelope : renderResponse(envelope, version));
        bodies.set(key, body);
      }
      return body;
    };
    // A secret this process cannot open (sealed under another SVC_ENCRYPTION_KEY) costs no
    // attempt: the claim is given back, to be taken in a second by a process that can (replicas
    // must share the key; until they do, the deliveries wait rather than fail).
    const unreadable = claimed.filter((d) => endpointById.get(d.endpointId) && !endpointById.get(d.endpointId)!.signing);
    if (unreadable.length) {
      await this.prisma.webhookDelivery.updateMany({
        where: { id: { in: unreadable.map((d) => d.id) }, leaseToken: token },
        data: { leaseToken: null, leaseExpiresAt: new Date(Date.now() + RELEASE_BACKOFF_MS) },
      });
      claimed = claimed.filter((d) => !unreadable.includes(d));
    }
    const attempts = claimed.map((d) => {
      const endpoint = endpointById.get(d.endpointId);
      const body = endpoint ? bodyOf(d.eventId, endpoint.version) : undefined;
      const number = d.attemptCount + 1;
      this.inFlight++;
      this.perEndpoint.set(d.endpointId, (this.perEndpoint.get(d.endpointId) ?? 0) + 1);
      const attemptedAt = new Date();
      // an endpoint or event deleted since the claim: nothing to send, the cascade removes the delivery
      const sent: Promise<AttemptOutcome> = !endpoint || body === undefined || !endpoint.signing
        ? Promise.resolve({ status: null, latencyMs: 0, error: 'endpoint_deleted', succeeded: false })
        // signing runs inside the promise: a throw there must still free the slot below
        : Promise.resolve().then(() => sendSigned(this.deps.sender, endpoint.url, d.eventId, body, endpoint.signing!, number));
      const done = sent.then((outcome) => {
        const result: AttemptResult = { delivery: d, token, manual, number, attemptedAt, outcome };
        if (endpoint?.debug) {
          this.deps.logger.info({ endpoint: d.endpointId, delivery: d.id, event: d.eventId, attempt: number, status: outcome.status, latency_ms: outcome.latencyMs, error: outcome.error }, 'webhook attempt');
        }
        return result;
      }).finally(() => {
        this.inFlight--;
        const n = (this.perEndpoint.get(d.endpointId) ?? 1) - 1;
        if (n <= 0) this.perEndpoint.delete(d.endpointId);
        else this.perEndpoint.set(d.endpointId, n);
        this.wake();
      });
      return done;
    });
    if (manual) {
      const results = await Promise.all(attempts);
      await this.record(results);
      return results;
    }
    for (const attempt of attempts) {
      const tracked: Promise<void> = attempt.then((r) => this.queue(r), () => undefined).finally(() => this.sends.delete(tracked));
      this.sends.add(tracked);
    }
    return [];
  }

  private queue(result: AttemptResult): void {
    this.results.push(result);
    if (this.results.length >= FLUSH_BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.results;
    this.results = [];
    if (batch.length === 0) return this.flushing;
    // one batch at a time, in order
    this.flushing = this.flushing.then(() => this.record(batch)).catch((err) => {
      this.deps.logger.error({ err, attempts: batch.length }, 'recording webhook attempts failed; their leases expire and they are made again');
    });
    return this.flushing;
  }

  /** Writes attempts, moves their deliveries along the schedule, and tracks failing endpoints. */
  async record(batch: AttemptResult[]): Promise<void> {
    const { config } = this.deps;
    const now = Date.now();
    const rows = batch.map((r) => {
      const d = r.delivery;
      let status: string;
      let next: Date | null;
      if (r.outcome.succeeded) {
        status = 'succeeded';
        next = null;
      } else if (r.manual) {
        // a manual retry that failed leaves the delivery as it was
        status = d.status;
        next = d.nextAttemptAt;
      } else if (r.outcome.status === 410) {
        // Gone: the endpoint is disabled below; no retry may be claimed in between
        status = 'failed';
        next = null;
      } else {
        next = nextAttemptAt(d.scheduleAttempts + 1, now, config.WEBHOOK_RETRY_SCALE, r.outcome.retryAfterSeconds);
        status = next ? 'pending' : 'failed';
      }
      if (r.outcome.succeeded) this.counts.succeeded++;
      else this.counts.failed++;
      if (status === 'pending' && next) this.wakeAt(new Date(next).getTime());
      return { id: d.id, token: r.token, status, next: next ? new Date(next).toISOString() : null, sched: r.manual ? 0 : 1 };
    });
    const attempts = batch.map((r) => ({
      id: newId(ID_PREFIX.webhookAttempt), deliveryId: r.delivery.id, endpointId: r.delivery.endpointId, number: r.number,
      attemptedAt: r.attemptedAt.toISOString(), responseStatus: r.outcome.status, latencyMs: r.outcome.latencyMs, error: r.outcome.error,
      outcome: r.outcome.succeeded ? 'succeeded' : 'failed',
    }));
    // One statement per batch: the attempts are recorded, and each delivery moves along the
    // schedule only under its own lease; an endpoint disabled meanwhile ends its deliveries.
    await this.prisma.$executeRawUnsafe(
      `WITH recorded AS (
         INSERT INTO "WebhookAttempt" (id, "deliveryId", "endpointId", number, "attemptedAt", "responseStatus", "latencyMs", error, outcome)
         SELECT id, "deliveryId", "endpointId", number, "attemptedAt", "responseStatus", "latencyMs", error, outcome
         FROM jsonb_to_recordset($3::jsonb) AS a(id text, "deliveryId" text, "endpointId" text, number int, "attemptedAt" timestamptz,
           "responseStatus" int, "latencyMs" int, error text, outcome text)
       )
       UPDATE "WebhookDelivery" d SET
         status = CASE WHEN v.status = 'pending' AND NOT e.active THEN 'failed' ELSE v.status END,
         "nextAttemptAt" = CASE WHEN v.status = 'pending' AND NOT e.active THEN NULL ELSE v.next END,
         "attemptCount" = d."attemptCount" + 1,
         "scheduleAttempts" = d."scheduleAttempts" + v.sched,
         "leaseToken" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = $2::timestamptz
       FROM jsonb_to_recordset($1::jsonb) AS v(id text, token text, status text, next timestamptz, sched int), "WebhookEndpoint" e
       WHERE d.id = v.id AND d."leaseToken" = v.token AND e.id = d."endpointId"`,
      JSON.stringify(rows), new Date(now).toISOString(), JSON.stringify(attempts),
    );
    await this.trackEndpoints(batch, now);
  }

  /** A success ends an endpoint's failure streak; a 410 or 3 days of failures disable it. */
  private async trackEndpoints(batch: AttemptResult[], now: number): Promise<void> {
    const ok = new Set<string>();
    const gone = new Set<string>();
    const failing = new Set<string>();
    for (const r of batch) {
      const id = r.delivery.endpointId;
      if (r.outcome.succeeded) ok.add(id);
      else if (r.outcome.status === 410) gone.add(id);
      else failing.add(id);
    }
    for (const id of ok) failing.delete(id);
    // a success ends a failure streak: a write only for endpoints known to have one
    const recovered = [...ok].filter((id) => this.failing.has(id));
    if (recovered.length) {
      await this.prisma.webhookEndpoint.updateMany({ where: { id: { in: recovered }, failingSince: { not: null } }, data: { failingSince: null } });
      for (const id of recovered) this.failing.delete(id);
    }
    for (const id of failing) this.failing.add(id);
    for (const id of gone) await this.disable(id, 'gone');
    if (failing.size) {
      await this.prisma.webhookEndpoint.updateMany({ where: { id: { in: [...failing] }, failingSince: null, active: true }, data: { failingSince: new Date(now) } });
      const streaks = await this.prisma.webhookEndpoint.findMany({ where: { id: { in: [...failing] }, active: true }, select: { id: true, failingSince: true } });
      for (const s of streaks) {
        if (!gone.has(s.id) && failedTooLong(s.failingSince, now, this.deps.config.WEBHOOK_RETRY_SCALE, this.deps.config.WEBHOOK_DISABLE_AFTER_HOURS)) await this.disable(s.id, 'failing');
      }
    }
  }

  /** Disables an endpoint, ends its waiting deliveries, and records webhook_endpoint.disabled. */
  async disable(endpointId: string, reason: 'gone' | 'failing'): Promise<void> {
    const { services } = this.deps;
    const now = new Date();
    const outcome = await this.prisma.$transaction(async (tx) => {
      const changed = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, active: true }, data: { active: false, disabledReason: reason, failingSince: null } });
      if (changed.count === 0) return undefined; // disabled (or deleted) already
      const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      await tx.webhookDelivery.updateMany({
        where: { endpointId, status: 'pending', OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] },
        data: { status: 'failed', nextAttemptAt: null },
      });
      const origin = { requestId: null, idempotencyKey: null, apiVersion: services.apiVersion, livemode: endpoint.livemode };
      const events = [newEvent('webhook_endpoint.disabled', presentEndpoint(endpoint), origin, undefined, { reason })];
      const deliveries = await recordEvents(tx, endpoint.accountId, events);
      return { accountId: endpoint.accountId, events, deliveries };
    });
    if (!outcome) return;
    this.deps.logger.warn({ endpoint: endpointId, reason }, 'webhook endpoint disabled');
    publishEvents(services, outcome.accountId, outcome.events, outcome.deliveries);
  }
}
