// REST door of webhooks: endpoint management (/v1/webhooks), a signed test or simulated
// event, the delivery log, manual retry, recovery of failed deliveries, and metrics.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorize, type Principal } from '../../auth/keys.js';
import { ApiError, type FieldError } from '../../errors.js';
import { parseInput, scopedWhere } from '../../operations/operation.js';
import { present } from '../../representation.js';
import { authenticate } from '../../rest/context.js';
import { assertStorableText, listResource } from '../../rest/list.js';
import { restError } from '../../rest/naming.js';
import { bodySchemaOf } from '../../rest/openapi.js';
import { bodyObject, readable, registerResource } from '../../rest/resources.js';
import type { ModuleRestDeps } from '../module.js';
import { createWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret, signingSecrets, updateWebhookEndpoint, URL_MAX } from './operations.js';
import { webhookRuntime } from './runtime.js';
import { knownEventTypes } from '../catalog.js';
import { concreteEventType, sampleEvent } from './samples.js';
import { generateWebhookSecret } from './signing.js';
import { LEASE_MARGIN_MS, presentAttempt, sendSigned, type ClaimedDelivery } from './worker.js';
import { defaultVersion, servedVersion } from '../../versions/list.js';
import { renderResponse } from '../../versions/transform.js';

const METRICS_WINDOW_S = 24 * 60 * 60;
const ATTEMPTS_INCLUDE = { attempts: { orderBy: { number: 'asc' } } } as const;

type Query = Record<string, string | string[] | undefined>;

async function caller(req: FastifyRequest, deps: ModuleRestDeps, permission: 'webhooks:read' | 'webhooks:write'): Promise<Principal> {
  const principal = await authenticate(req, deps);
  authorize(principal, permission);
  return principal;
}

/** The caller's endpoint named in the path, or 404 (another account's id too). */
async function ownEndpoint(req: FastifyRequest, deps: ModuleRestDeps, principal: Principal) {
  const { id } = req.params as { id: string };
  assertStorableText({ id });
  const endpoint = await deps.services.db.prisma.webhookEndpoint.findFirst({ where: scopedWhere(principal, { id }) });
  if (!endpoint) throw ApiError.notFound('webhook_endpoint', id);
  return endpoint;
}

/**
 * The body of POST /v1/webhooks/{id}/test and of POST /v1/webhooks/simulate, as validated:
 * every fault at once, each with its precise code (parseInput), fields in REST spelling, and
 * the known event types in `details.allowed` when `event_type` is not one of them.
 */
function parseSampleRequest<T>(schema: z.ZodType<T>, body: Record<string, unknown>): T {
  try {
    return parseInput(schema, body);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const rest = restError(err);
    const faults = (rest.details.errors ?? []) as FieldError[];
    if (!faults.some((f) => f.field === 'event_type' && f.code === 'INVALID_ENUM_VALUE')) throw rest;
    throw new ApiError(rest.code, rest.message, { ...rest.details, allowed: knownEventTypes() }, rest.param);
  }
}

/** The body of POST /v1/webhooks/{id}/test. */
const testRequest = z.strictObject({ eventType: concreteEventType.describe('the event type of the sample, such as order.created') });

/** The body of POST /v1/webhooks/simulate (form fields or JSON). */
const simulateRequest = z.strictObject({
  eventType: concreteEventType.describe('the event type of the sample, such as order.created'),
  endpointUrl: z.string().max(URL_MAX).superRefine((raw, ctx) => {
    if (!/^https?:\/\/[^/]/i.test(raw) || !URL.canParse(raw)) {
      ctx.addIssue({ code: 'custom', message: 'not an absolute http(s) URL', params: { code: 'INVALID_FIELD_FORMAT', expected: 'an absolute http(s) URL (https://...)' } });
    }
  }).describe('where to send it: an absolute http(s) URL'),
});

/** `since` as Unix seconds or ISO 8601. */
function parseSince(raw: unknown): Date {
  const d = typeof raw === 'number' && Number.isSafeInteger(raw) ? new Date(raw * 1000)
    : typeof raw === 'string' && /^\d+$/.test(raw) ? new Date(Number(raw) * 1000)
    : typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999) {
    throw new ApiError('INVALID_DATE_FORMAT', '`since` must be Unix seconds or an ISO 8601 date-time', { errors: [{ field: 'since', message: 'not a date', expected: 'Unix seconds or ISO 8601' }] }, 'since');
  }
  return d;
}

export function registerWebhookRoutes(app: FastifyInstance, deps: ModuleRestDeps): void {
  const prisma = deps.services.db.prisma;
  const runtime = () => webhookRuntime(deps.services, deps.config, app.log as never);
  deps.metrics.addCounts('webhook_attempts_total', 'Webhook delivery attempts made by the worker of this process, by outcome', 'outcome', runtime().worker.counts);

  registerResource(app, deps, {
    path: '/v1/webhooks', model: 'WebhookEndpoint', resource: 'webhooks',
    create: createWebhookEndpoint, update: updateWebhookEndpoint, updateMethods: ['PUT', 'PATCH'], remove: deleteWebhookEndpoint,
    actions: { rotate_secret: rotateWebhookSecret },
  });

  // one signed sample event to the endpoint, now: one attempt, never retried, not stored
  app.post('/v1/webhooks/:id/test', { config: { doc: { summary: 'Send one signed sample event to the endpoint now (permission webhooks:write)', body: bodySchemaOf(testRequest) } } }, async (req) => {
    const principal = await caller(req, deps, 'webhooks:write');
    const body = bodyObject(req);
    const endpoint = await ownEndpoint(req, deps, principal);
    const { eventType: type } = parseSampleRequest(testRequest, body);
    // in the endpoint's API version, as its real events
    const version = servedVersion(endpoint.apiVersion ?? principal.apiVersion ?? defaultVersion(deps.config));
    const event = renderResponse(sampleEvent(type, principal.livemode, deps.services.apiVersion), version);
    const attemptedAt = new Date();
    const outcome = await sendSigned(runtime().sender, endpoint.url, event.id, JSON.stringify(event), signingSecrets(deps.services.secrets, endpoint), 1);
    return { ...presentAttempt({ number: 1, attemptedAt, outcome }), event_id: event.id, event_type: type };
  });

  // simulate: a sample event to any URL, signed with a one-time secret (test mode only);
  // the spec sends it as form fields, so this route alone also reads forms
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(raw as string)));
    });
    scope.post('/v1/webhooks/simulate', { config: { doc: { summary: 'Send a sample event to any URL, signed with a one-time secret (permission webhooks:write; test mode only); form fields or JSON', body: bodySchemaOf(simulateRequest) } } }, async (req) => {
      const principal = await caller(req, deps, 'webhooks:write');
      if (principal.livemode) {
        throw new ApiError('RESOURCE_ACCESS_DENIED', 'Simulated webhooks are for test mode: use a test key', { required_mode: 'test' });
      }
      const { eventType: type, endpointUrl: url } = parseSampleRequest(simulateRequest, bodyObject(req));
      const secret = generateWebhookSecret();
      // in the caller's API version (its Api-Version header, else its account's)
      const event = renderResponse(sampleEvent(type, false, deps.services.apiVersion), req.apiVersionServed ?? req.apiVersionHeader ?? servedVersion(principal.apiVersion ?? defaultVersion(deps.config)));
      const attemptedAt = new Date();
      const outcome = await sendSigned(runtime().sender, url, event.id, JSON.stringify(event), [secret], 1);
      return { ...presentAttempt({ number: 1, attemptedAt, outcome }), event_id: event.id, event_type: type, secret };
    });
  });

  app.get('/v1/webhooks/:id/deliveries', { config: { doc: { summary: "An endpoint's deliveries and their attempts (permission webhooks:read)" } } }, async (req) => {
    const principal = await caller(req, deps, 'webhooks:read');
    const endpoint = await ownEndpoint(req, deps, principal);
    const page = await listResource(deps.services.db, 'WebhookDelivery', principal, req.query as Query, ATTEMPTS_INCLUDE,
      readable(principal), { where: { endpointId: endpoint.id } });
    return { ...page, url: `/v1/webhooks/${endpoint.id}/deliveries` };
  });

  // send again now: continues the attempt count; a failure is not retried further
  app.post('/v1/webhooks/:id/deliveries/:deliveryId/retry', { config: { doc: { summary: 'Retry a delivery now (permission webhooks:write)' } } }, async (req) => {
    const principal = await caller(req, deps, 'webhooks:write');
    const endpoint = await ownEndpoint(req, deps, principal);
    const { deliveryId } = req.params as { deliveryId: string };
    assertStorableText({ deliveryId });
    const exists = await prisma.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id }, select: { id: true } });
    if (!exists) throw ApiError.notFound('webhook_delivery', deliveryId);
    const now = new Date();
    const token = randomBytes(12).toString('base64url');
    const lease = new Date(now.getTime() + deps.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
    const claimed = await prisma.$queryRawUnsafe<ClaimedDelivery[]>(
      `UPDATE "WebhookDelivery" SET "leaseToken" = $1, "leaseExpiresAt" = $2::timestamptz
       WHERE id = $3 AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < $4::timestamptz)
       RETURNING id, "endpointId", "eventId", "attemptCount", "scheduleAttempts", status, "nextAttemptAt"`,
      token, lease.toISOString(), deliveryId, now.toISOString(),
    );
    if (claimed.length === 0) {
      throw new ApiError('RESOURCE_LOCKED', 'An attempt of this delivery is in flight; retry when it has finished', { delivery_id: deliveryId });
    }
    await runtime().worker.sendAll(claimed, token, true);
    const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: ATTEMPTS_INCLUDE });
    return present('WebhookDelivery', row);
  });

  app.post('/v1/webhooks/:id/recover', { config: { doc: { summary: 'Re-enable a disabled endpoint and redeliver what it missed (permission webhooks:write)' } } }, async (req) => {
    const principal = await caller(req, deps, 'webhooks:write');
    const body = bodyObject(req);
    const endpoint = await ownEndpoint(req, deps, principal);
    const unknown = Object.keys(body).filter((k) => k !== 'since');
    if (unknown.length) throw ApiError.validation(unknown.map((k) => ({ field: k, message: 'unknown field', expected: 'since' })));
    if (body.since === undefined) throw new ApiError('MISSING_REQUIRED_FIELD', '`since` is required', { errors: [{ field: 'since', message: 'required', expected: 'Unix seconds or ISO 8601' }] }, 'since');
    const since = parseSince(body.since);
    const { count } = await prisma.webhookDelivery.updateMany({
      where: { endpointId: endpoint.id, status: 'failed', event: { createdAt: { gte: since } } },
      data: { status: 'pending', nextAttemptAt: new Date(), scheduleAttempts: 0 },
    });
    if (count > 0) for (const wake of deps.services.deliveryWake) wake();
    return { object: 'webhook_recovery', requeued: count };
  });

  app.get('/v1/webhooks/:id/metrics', { config: { doc: { summary: "An endpoint's delivery figures (permission webhooks:read)" } } }, async (req) => {
    const principal = await caller(req, deps, 'webhooks:read');
    const endpoint = await ownEndpoint(req, deps, principal);
    const from = new Date(Date.now() - METRICS_WINDOW_S * 1000);
    const [byStatus, latency] = await Promise.all([
      prisma.webhookDelivery.groupBy({ by: ['status'], where: { endpointId: endpoint.id, createdAt: { gte: from } }, _count: { _all: true } }),
      prisma.$queryRawUnsafe<{ p50: number | null; p95: number | null }[]>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY "latencyMs") AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY "latencyMs") AS p95
         FROM "WebhookAttempt" WHERE "endpointId" = $1 AND "attemptedAt" >= $2::timestamptz`,
        endpoint.id, from.toISOString(),
      ),
    ]);
    const count = (s: string) => byStatus.find((b) => b.status === s)?._count._all ?? 0;
    const deliveries = { succeeded: count('succeeded'), failed: count('failed'), pending: count('pending') };
    const finished = deliveries.succeeded + deliveries.failed;
    const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
    return {
      object: 'webhook_metrics',
      endpoint: endpoint.id,
      window_seconds: METRICS_WINDOW_S,
      deliveries,
      success_rate: finished === 0 ? null : deliveries.succeeded / finished,
      latency_ms: { p50: ms(latency[0]?.p50), p95: ms(latency[0]?.p95) },
    };
  });
}
