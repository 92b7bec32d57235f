// Plan limits at the HTTP doors. Every route of /v1 (but the public ones), /graphql and the
// self-hosted resource routes (/orders, ...) gets a preHandler that authenticates the request
// (the body is parsed by then: a signature covers it), charges the account's plan and sets the
// rate-limit headers, before the route does anything: a 429 runs nothing and records no
// Idempotency-Key. A request whose credentials fail is charged to its client address
// (UNAUTHENTICATED_LIMIT_PER_IP a minute) and answered with its 401/403, headers included.
// The routes that need no credentials under /v1 (/v1/errors, an unknown path's 404) count
// against the address too. Not limited: health, metrics, the documentation, /, /admin, /auth
// (the sign-in has limits of its own) and the decision service (/api/svc, limits of its own).
//
// The principal is the one the route then uses (req.principal; the key cache holds it, with
// its account's plan, 2 s at most): no database query is added to a request.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, onResponseHookHandler, onRequestAbortHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import type { Config } from '../config.js';
import { authenticate, type RestDeps } from '../rest/context.js';
import { COST, graphqlCost, routeClass, type CostClass } from './cost.js';
import { PlanLimiter, type BucketState, type Verdict } from './limiter.js';
import { parseEnterpriseLimits } from './plans.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a request of this route costs (default: by its method; src/ratelimit/cost.ts), or false: not plan-limited */
    rateCost?: CostClass | false;
  }
  interface FastifyRequest {
    /** the plan limiter ran for this request */
    rateLimited?: boolean;
    /** refused before any work, the limit's included (an unknown Api-Version): not charged */
    refusedBeforeWork?: boolean;
    /** frees the request's concurrency slot */
    rateLimitRelease?: () => void;
  }
}

/** Headers a browser may read (CORS `exposedHeaders`). */
export const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Reset-After', 'X-RateLimit-Bucket',
  'X-RateLimit-Retry-After', 'RateLimit-Policy', 'RateLimit',
];

/** The GraphQL door's authentication and error answer (src/graphql/http.ts). */
export interface GraphQLDoor {
  /** the caller of an HTTP request; sets req.principal (and req.signed); throws ApiError */
  authenticate(req: FastifyRequest): Promise<Principal>;
  /** answers an error in the GraphQL shape */
  refuse(reply: FastifyReply, err: ApiError, requestId: string): FastifyReply;
}

type Scope = 'account' | 'graphql' | 'address';
type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Which limit a route is under, from its URL and config (none: not limited). */
export function scopeOf(url: string, config: RouteOptions['config']): Scope | undefined {
  const c = (config ?? {}) as { rateCost?: CostClass | false; doc?: { auth?: string }; operation?: unknown; model?: unknown };
  if (c.rateCost === false) return undefined;
  const v1 = url.startsWith('/v1/');
  // the OAuth endpoints take client credentials or a consent, no API key: the client address's
  // limit, as requests without credentials on /v1 (a token endpoint open without end would let
  // client secrets and codes be guessed at any rate)
  if (url.startsWith('/oauth/')) return 'address';
  if (c.doc?.auth === 'none' || c.doc?.auth === 'admin') return v1 ? 'address' : undefined;
  if (url === '/graphql') return 'graphql';
  if (v1 || typeof c.rateCost === 'string') return 'account';
  // the decision service keeps its own limits (per key and replica); the rest of /api
  // (GET /api/versions) takes a key as /v1 does
  if (url.startsWith('/api/')) return /^\/api\/svc(\/|$)/.test(url) ? undefined : 'account';
  // the self-hosted door's resource routes (registered as /v1's, from operations and models)
  if ((c.operation || c.model) && !/^\/(auth|admin|svc|health)(\/|$)/.test(url)) return 'account';
  return undefined;
}

function rateLimited(verdict: Verdict, message: string): ApiError {
  const b = verdict.refusedBy!;
  const retryAfter = verdict.retryAfter ?? 1;
  return new ApiError('RATE_LIMITED', message, {
    limit: b.limit, remaining: b.remaining, reset_at: b.resetAt ?? Math.ceil(Date.now() / 1000) + retryAfter, retry_after: retryAfter, bucket: b.bucket,
  });
}

/**
 * A RATE_LIMITED forced by X-Test-Error-Code answers as a real one would (spec: `limit`,
 * `remaining`, `reset_at`, `retry_after`): the caller's own tightest window as just charged,
 * taken as spent (remaining 0) until it resets, in the body and in every header
 * (X-RateLimit-*, Retry-After, RateLimit), as the window that refused it. Any other failure
 * is returned as it is.
 */
function forcedRefusal(failure: unknown, reply: FastifyReply, verdict: Verdict | undefined): unknown {
  if (!(failure instanceof ApiError) || failure.code !== 'RATE_LIMITED' || failure.details.forced !== true) return failure;
  const shown = verdict && tightest(verdict.buckets);
  const spent: BucketState = shown ? { ...shown, remaining: 0 } : { bucket: 'second', limit: 0, remaining: 0, resetMs: 1000, windowSeconds: 1 };
  const refusal: Verdict = {
    buckets: verdict && shown ? verdict.buckets.map((b) => (b === shown ? spent : b)) : [spent],
    refusedBy: spent,
    retryAfter: Math.max(1, Math.ceil((spent.resetMs ?? 1000) / 1000)),
  };
  writeRateHeaders(reply, refusal);
  const real = rateLimited(refusal, failure.message);
  return new ApiError('RATE_LIMITED', failure.message, { ...real.details, forced: true }, failure.param);
}

/** The window with the fewest units left; on a tie the longer one. */
function tightest(buckets: BucketState[]): BucketState | undefined {
  let best: BucketState | undefined;
  for (const b of buckets) if (b.windowSeconds !== undefined && (!best || b.remaining <= best.remaining)) best = b;
  return best;
}

/** The X-RateLimit-* headers and the IETF draft's RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10). */
export function writeRateHeaders(reply: FastifyReply, verdict: Verdict): void {
  const shown = verdict.refusedBy ?? tightest(verdict.buckets);
  if (shown) {
    const resetAfter = shown.resetMs !== undefined ? Math.max(0, Math.ceil(shown.resetMs / 1000)) : verdict.retryAfter ?? 1;
    reply.header('X-RateLimit-Limit', String(shown.limit));
    reply.header('X-RateLimit-Remaining', String(shown.remaining));
    reply.header('X-RateLimit-Reset', String(shown.resetAt ?? Math.ceil(Date.now() / 1000) + resetAfter));
    reply.header('X-RateLimit-Reset-After', String(resetAfter));
    reply.header('X-RateLimit-Bucket', shown.bucket);
    // on every response, as the spec lists it: the seconds to wait before the next request can
    // pass: on a 429 its retry_after; else 0 while the window has units left, and its
    // reset-after once this request spent the last of them. Retry-After is on a 429 only (RFC 9110)
    reply.header('X-RateLimit-Retry-After', String(verdict.refusedBy ? verdict.retryAfter ?? 1 : shown.remaining > 0 ? 0 : resetAfter));
  }
  if (verdict.refusedBy && verdict.retryAfter !== undefined) reply.header('Retry-After', String(verdict.retryAfter));
  if (verdict.buckets.length) {
    reply.header('RateLimit-Policy', verdict.buckets.map((b) => (b.windowSeconds !== undefined
      ? `"${b.bucket}";q=${b.limit};w=${b.windowSeconds}`
      : `"${b.bucket}";q=${b.limit};qu="concurrent-requests"`)).join(', '));
    reply.header('RateLimit', verdict.buckets.map((b) => `"${b.bucket}";r=${b.remaining}${b.resetMs !== undefined ? `;t=${Math.max(0, Math.ceil(b.resetMs / 1000))}` : ''}`).join(', '));
  }
}

export interface RateLimitDeps {
  config: Config;
  redis?: Redis;
  rest: RestDeps;
}

export function createRateLimits(deps: RateLimitDeps) {
  const limiter = new PlanLimiter({
    redis: deps.redis,
    enterprise: parseEnterpriseLimits(deps.config.PLAN_ENTERPRISE_LIMITS),
    unauthenticatedPerIp: deps.config.UNAUTHENTICATED_LIMIT_PER_IP,
    defaultPlan: deps.config.DEFAULT_PLAN,
  });
  let graphql: GraphQLDoor | undefined;

  /** Charges the client address of a request without (valid) credentials; throws RATE_LIMITED past its limit. */
  async function chargeAddress(req: FastifyRequest, reply: FastifyReply, failure?: unknown): Promise<void> {
    // refused by the failed-authentication limit (AUTH_FAIL_LIMIT_PER_IP): a 429 costs nothing,
    // and its headers describe that limit
    if (failure instanceof ApiError && failure.code === 'RATE_LIMITED') {
      const d = failure.details as { limit?: number; retry_after?: number };
      const retryAfter = d.retry_after ?? 1;
      const bucket: BucketState = { bucket: 'failed_authentications', limit: d.limit ?? 0, remaining: 0, resetMs: retryAfter * 1000, resetAt: (failure.details as { reset_at?: number }).reset_at, windowSeconds: 60 };
      writeRateHeaders(reply, { buckets: [bucket], refusedBy: bucket, retryAfter });
      return;
    }
    const verdict = await limiter.chargeAddress(req.ip);
    writeRateHeaders(reply, verdict);
    if (verdict.refusedBy) {
      throw rateLimited(verdict, `Too many requests without valid credentials from this address (${limiter.unauthenticatedLimit} a minute); retry in ${verdict.retryAfter} s`);
    }
  }

  /** Charges an authenticated request to its account and mode; throws RATE_LIMITED when a limit refuses it. */
  async function chargeAccount(req: FastifyRequest, reply: FastifyReply, principal: Principal, units: number): Promise<Verdict> {
    const verdict = await limiter.charge(principal.accountId, principal.mode, principal.plan, units);
    writeRateHeaders(reply, verdict);
    if (verdict.refusedBy) {
      const b = verdict.refusedBy;
      throw rateLimited(verdict, b.bucket === 'concurrent'
        ? `Too many requests in flight for this account (${b.limit} at once on its plan); retry when one has finished`
        : `Rate limit of the account's plan reached (${b.limit} units per ${b.bucket}); retry in ${verdict.retryAfter} s`);
    }
    if (verdict.release) {
      req.rateLimitRelease = verdict.release;
      // a response that ends without finishing (its client went away mid-stream: an SSE
      // subscription closed) frees the slot too
      reply.raw.once('close', verdict.release);
    }
    return verdict;
  }

  const release: onResponseHookHandler = (req, _reply, done) => {
    req.rateLimitRelease?.();
    done();
  };
  const releaseOnAbort: onRequestAbortHookHandler = (req, done) => {
    req.rateLimitRelease?.();
    done();
  };

  const addressHandler: Handler = async (req, reply) => {
    req.rateLimited = true;
    await chargeAddress(req, reply);
  };

  function restHandler(cls: CostClass, list: boolean): Handler {
    return async (req, reply) => {
      req.rateLimited = true;
      let principal: Principal | undefined;
      let failure: unknown;
      try {
        principal = await authenticate(req, deps.rest);
      } catch (err) {
        failure = err;
        // authenticated, then refused (a forced test error, a bad signature): the account pays
        principal = req.principal;
      }
      if (!principal) {
        await chargeAddress(req, reply, failure);
        throw failure;
      }
      const search = list && cls === 'read' && (req.query as Record<string, unknown> | undefined)?.search !== undefined;
      const verdict = await chargeAccount(req, reply, principal, COST[search ? 'search' : cls]);
      if (failure) throw forcedRefusal(failure, reply, verdict);
    };
  }

  const graphqlHandler: Handler = async (req, reply) => {
    // GraphiQL's page is no API request
    if (req.method === 'GET' && /text\/html/.test(req.headers.accept ?? '')) return;
    req.rateLimited = true;
    const door = graphql!;
    let principal: Principal | undefined;
    let failure: unknown;
    try {
      principal = await door.authenticate(req);
    } catch (err) {
      failure = err;
      principal = req.principal;
    }
    let verdict: Verdict | undefined;
    try {
      if (!principal) await chargeAddress(req, reply, failure);
      else verdict = await chargeAccount(req, reply, principal, graphqlCost((req.method === 'POST' ? req.body : req.query) as { query?: unknown; operationName?: unknown }).units);
    } catch (err) {
      failure = err;
    }
    if (failure instanceof ApiError) return door.refuse(reply, forcedRefusal(failure, reply, verdict) as ApiError, req.id);
    if (failure) throw failure;
  };

  /** the limit of each limited route, by `METHOD url` */
  const handlers = new Map<string, Handler>();

  return {
    limiter,
    /** set once the GraphQL door exists */
    setGraphQL(door: GraphQLDoor) {
      graphql = door;
    },
    /** an onRoute hook: notes the limit of each route it applies to, and frees its concurrency slot at the end */
    onRoute(opts: RouteOptions) {
      const scope = scopeOf(opts.url, opts.config);
      if (!scope) return;
      const config = (opts.config ?? {}) as { rateCost?: CostClass; kind?: string };
      for (const m of [opts.method].flat()) {
        const method = m.toUpperCase();
        handlers.set(`${method} ${opts.url}`, scope === 'address' ? addressHandler
          : scope === 'graphql' ? graphqlHandler
            : restHandler(routeClass(method, opts.url, config.rateCost), config.kind === 'list'));
      }
      if (scope !== 'address') {
        opts.onResponse = [release, ...[opts.onResponse ?? []].flat()] as RouteOptions['onResponse'];
        opts.onRequestAbort = [releaseOnAbort, ...[opts.onRequestAbort ?? []].flat()] as RouteOptions['onRequestAbort'];
      }
    },
    /**
     * Charges one operation sent over a GraphQL WebSocket (a subscribe message: a subscription,
     * or a query or mutation over the socket) as an HTTP request of the same document costs;
     * the socket is no request in flight, so no concurrency slot is held. Returns the refusal
     * (RATE_LIMITED), which fails that operation alone.
     */
    async chargeOperation(principal: Principal, params: { query?: unknown; operationName?: unknown }): Promise<ApiError | undefined> {
      const verdict = await limiter.charge(principal.accountId, principal.mode, principal.plan, graphqlCost(params).units);
      verdict.release?.();
      if (!verdict.refusedBy) return undefined;
      return rateLimited(verdict, `Rate limit of the account's plan reached (${verdict.refusedBy.limit} units per ${verdict.refusedBy.bucket}); retry in ${verdict.retryAfter} s`);
    },
    /** The limit of a request's route (an unknown /v1 path: the client address's), if any. */
    handlerOf(req: FastifyRequest): Handler | undefined {
      const url = req.routeOptions.url;
      if (url === undefined) return req.url.startsWith('/v1/') ? addressHandler : undefined;
      return handlers.get(`${req.method} ${url}`) ?? (req.method === 'HEAD' ? handlers.get(`GET ${url}`) : undefined);
    },
    /**
     * For an error raised before a limited REST route's preHandler (a body that does not parse):
     * charges the request then, so that its answer carries the headers too. Returns the 429 to
     * answer instead when the limit refuses it.
     */
    async beforeError(req: FastifyRequest, reply: FastifyReply): Promise<ApiError | undefined> {
      if (req.rateLimited || req.refusedBeforeWork || req.routeOptions.url === undefined || !req.url.startsWith('/v1/')) return undefined;
      const handler = handlers.get(`${req.method} ${req.routeOptions.url}`);
      if (!handler || handler === graphqlHandler) return undefined;
      try {
        await handler(req, reply);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'RATE_LIMITED') return err;
      }
      return undefined;
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/**
 * Registers the limits on an app, before any route and before the other preHandler hooks: the
 * limit is the first thing a request meets once its body is read.
 */
export function registerRateLimits(app: FastifyInstance, deps: RateLimitDeps): RateLimits {
  const limits = createRateLimits(deps);
  app.addHook('onRoute', (opts) => limits.onRoute(opts));
  // callback style: requests of unlimited routes cost no promise here
  app.addHook('preHandler', (req, reply, done) => {
    const handler = limits.handlerOf(req);
    if (!handler) return done();
    handler(req, reply).then((answered) => {
      // the GraphQL door answered its refusal itself
      if (answered !== reply) done();
    }, done);
  });
  return limits;
}
