// Assembles the HTTP server: Fastify with the REST facade, the GraphQL door (HTTP, SSE,
// WebSocket), health and metrics. No business logic lives here.
import { Gauge } from 'prom-client';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import { clientIpOf } from './http/client-ip.js';
import { registerAllowedMethods } from './http/allowed-methods.js';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { ApiError, databaseFault } from './errors.js';
import { ID_PREFIX, newId } from './ids.js';
import { KeyAuthenticator } from './auth/keys.js';
import { AuthFailureLimiter } from './auth/throttle.js';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { reportServerFailure, type Services } from './operations/operation.js';
import { createGraphQL } from './graphql/http.js';
import { authenticate, sendError, type RestDeps } from './rest/context.js';
import { createMetrics, registerHealth } from './ops/health.js';
import { lazyChildLogger, loggableUrl } from './ops/logging.js';
import { MODULES } from './modules/index.js';
import type { AnyOperation } from './operations/registry.js';
import { registerOpenApi } from './rest/openapi.js';
import { errorReference } from './error-reference.js';
import { registerLanding } from './ops/landing.js';
import { RATE_LIMIT_HEADERS, registerRateLimits } from './ratelimit/http.js';
import { registerPlanAdmin } from './ratelimit/admin.js';
import { registerVersioning, registerVersionRoutes } from './versions/http.js';
import { registerTenantAdmin } from './ops/admin/tenants.js';
import { registerTransportAdmin, StreamTransport } from './ops/admin/transport.js';
import { registerOpsMetrics } from './ops/admin/prom.js';
import { InboundCallbacks, registerInbound } from './ops/inbound.js';
import { newBridgeFailures, type BridgeFailures } from './ops/bridge.js';
import type { Metrics } from './ops/health.js';

/**
 * nosniff, Referrer-Policy, frame and cross-origin policies, as helmet sets them (the CSP is set
 * on HTML pages only, below; HSTS is the TLS terminator's). They do not vary by request, so
 * helmet's middleware runs once here and every answer gets its headers in one call, instead of
 * its chain of a dozen middlewares per request (about 3% of a list request's CPU).
 */
const SECURITY_HEADERS: Record<string, string> = (() => {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: unknown) => { headers[name] = String(value); }, removeHeader: () => undefined };
  let ran = false;
  helmet({ contentSecurityPolicy: false, strictTransportSecurity: false })({} as never, res as never, () => { ran = true; });
  if (!ran || !headers['X-Content-Type-Options']) throw new Error('helmet did not produce its headers synchronously');
  return headers;
})();

export const BODY_LIMIT = 10 * 1024 * 1024;
/** an oversize body is read away up to this many bytes before its 413; past that the connection is closed */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
/**
 * The pages (GraphiQL, Swagger UI, /svc/) load everything from this server: GraphiQL inlines its
 * scripts and styles and starts its editor workers from blob: URLs; they talk only to this server
 */
const HTML_CSP = [
  "default-src 'self'", "script-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:", "font-src 'self' data:", "connect-src 'self'", "worker-src 'self' blob:",
  "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
].join('; ');
const MAX_PARAM_LENGTH = 200;
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH };

/** Fastify's own errors (parsing, limits) in the spec's envelope. */
function fromFastifyError(err: FastifyError): ApiError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('INVALID_JSON', `The body is not valid JSON: ${err.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE', `The body exceeds the limit of ${BODY_LIMIT} bytes`, { limit_bytes: BODY_LIMIT });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The Content-Type header is not valid');
    // router errors, reported through the frameworkErrors option (else Fastify answers them raw)
    case 'FST_ERR_BAD_URL':
      return new ApiError('INVALID_FIELD_FORMAT', 'The request path is not a valid URL (a percent-encoding is malformed)', {}, 'path');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('INVALID_FIELD_VALUE', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`, { max_length: MAX_PARAM_LENGTH }, 'path');
    default:
      break;
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return new ApiError('INVALID_JSON', `The request could not be read: ${err.message}`);
  }
  if (err.statusCode === 413) return new ApiError('PAYLOAD_TOO_LARGE', `The body exceeds the limit of ${BODY_LIMIT} bytes`);
  if (err.statusCode === 415) return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
  return undefined;
}

/**
 * Why a body Fastify's JSON parser refused is unsafe rather than malformed: valid JSON with a
 * `__proto__` key, or a `constructor` key holding `prototype` (onProtoPoisoning and
 * onConstructorPoisoning: 'error'), at any depth. Still refused, as a VALIDATION_ERROR naming the
 * key; undefined when the text is not JSON at all. Runs on a refused body only.
 */
function prototypeKeyFault(text: string): ApiError | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => stack.push({ value: v, path: `${item.path}[${i}]` }));
      continue;
    }
    for (const [key, v] of Object.entries(item.value)) {
      const field = item.path ? `${item.path}.${key}` : key;
      const proto = key === '__proto__';
      if (proto || (key === 'constructor' && v !== null && typeof v === 'object' && Object.hasOwn(v, 'prototype'))) {
        return ApiError.validation([{
          field: proto ? field : `${field}.prototype`,
          message: `the key '${proto ? '__proto__' : 'constructor.prototype'}' is not accepted (it could reach the prototype of objects)`,
          expected: 'no __proto__ key, and no prototype key inside a constructor key',
        }]);
      }
      stack.push({ value: v, path: field });
    }
  }
  return undefined;
}

/** A request of the GraphQL door (the router ignores a trailing slash). */
function isGraphQLPath(url: string): boolean {
  const path = url.split('?')[0];
  return path === '/graphql' || path === '/graphql/';
}

/** An error answered before any route ran: in the shape of the area the URL belongs to, else the envelope. */
function sendAreaError(url: string, reply: FastifyReply, err: ApiError) {
  const area = MODULES.find((m) => m.routerErrors && [m.routerErrors.prefix].flat().some((prefix) => url.startsWith(prefix)));
  return area ? area.routerErrors!.send(reply, err) : sendError(reply, err);
}

export interface AppDeps {
  config: Config;
  services: Services;
  logger: Logger;
  probeBroker?: () => Promise<boolean>;
  /** Redis for counters every replica shares (failed authentications), when REDIS_URL is set */
  redis?: Redis;
  /** failures of the escalation bridge (src/ops/bridge.ts), counted by the bus wrapper */
  bridgeFailures?: BridgeFailures;
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; close: () => Promise<void>; auth: KeyAuthenticator; routes: { method: string; url: string }[]; metrics: Metrics }> {
  const { config, services } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    genReqId: () => newId(ID_PREFIX.request),
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // a request's child logger is made when it first logs (src/ops/logging.ts)
    childLoggerFactory: (logger, bindings, opts) => lazyChildLogger(logger as unknown as Logger, bindings, opts) as unknown as FastifyBaseLogger,
    // X-Forwarded-* and Forwarded only from the proxies named in TRUST_PROXY (none by default)
    // (a number is a hop count: supported by Fastify, missing from its types)
    trustProxy: config.trustProxy as unknown as string | boolean,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: ROUTER_OPTIONS,
    // errors of the HTTP parser (headers or URL too large, malformed requests): the envelope too
    clientErrorHandler: (err, socket) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      const code = (err as NodeJS.ErrnoException).code;
      const mapped = code === 'HPE_HEADER_OVERFLOW'
        ? new ApiError('HEADERS_TOO_LARGE', 'The request line and headers exceed 16 KB; send long filters in a GraphQL query instead of a URL')
        : new ApiError('INVALID_JSON', 'The request could not be read as HTTP');
      const id = newId(ID_PREFIX.request);
      const body = JSON.stringify(mapped.toBody(id));
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${mapped.status} ${mapped.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`);
      }
      socket.destroy(err);
    },
    // a malformed or overlong path is answered before any hook runs: give it the envelope too
    frameworkErrors: (err, req, reply) => {
      req.startedAt = performance.now();
      reply.header('X-Request-Id', req.id);
      const mapped = fromFastifyError(err) ?? new ApiError('INTERNAL_ERROR', 'The request could not be routed');
      return sendAreaError(req.url, reply as FastifyReply, mapped);
    },
  });
  // the methods each path takes, for 405 METHOD_NOT_ALLOWED (every route registers after this)
  registerAllowedMethods(app, ROUTER_OPTIONS);
  // the tenant cache: accounts revalidated after 2 s, dropped when idle for TENANT_CACHE_IDLE_TTL_SECS
  const auth = new KeyAuthenticator(services.db.prisma, 2000, { idleTtlMs: config.TENANT_CACHE_IDLE_TTL_SECS * 1000 });
  auth.failures = new AuthFailureLimiter(config.AUTH_FAIL_LIMIT_PER_IP, deps.redis);
  const rest: RestDeps = { services, auth };
  const metrics = createMetrics();
  const transport = new StreamTransport({
    legacyQueryAuth: config.STREAM_LEGACY_QUERY_AUTH, production: config.NODE_ENV === 'production',
    streamSecretConfigured: Boolean(config.JWT_SECRET), sharedDatabase: Boolean(config.DATABASE_URL),
  });
  const inbound = new InboundCallbacks(
    { carrier: config.INBOUND_CARRIER_SECRET, processor: config.INBOUND_PROCESSOR_SECRET },
    config.INBOUND_HINT_CACHE_MAX, config.INBOUND_HINT_CACHE_TTL_SECS,
  );
  registerOpsMetrics(metrics, { auth, transport, inbound, bridge: deps.bridgeFailures ?? newBridgeFailures() });
  if (services.db.commitGroups) {
    metrics.addCounts('db_commit_groups_total', 'Group commit of stablecoin transfers (PostgreSQL): groups committed (groups), transactions they carried (grouped), transactions that ran alone (alone), transactions of a failed group run again alone (retried)', 'kind', services.db.commitGroups.stats);
  }
  metrics.addCounts('db_list_reads_total', 'List reads by path: lean (compiled SQL) or prisma (shapes the lean path leaves to Prisma)', 'path', services.db.readPaths);

  // An empty JSON body is no body (POST /v1/orders/{id}/cancel with no options).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  // The bytes are kept: a signed request's X-Signature covers the body exactly as received.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const raw = body as Buffer;
    req.rawBody = raw;
    const text = raw.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(req, text, (err, value) => {
      // refused as unsafe (onProtoPoisoning) though valid JSON: said as it is, not as bad JSON
      if (err) return done(prototypeKeyFault(text) ?? err, undefined);
      done(null, value);
    });
  });
  // REST bodies are JSON only: text/plain on /v1 and on the self-hosted door (/auth, /orders,
  // /products, /inventory, /returns) is a 415, as any other type, rather than a string the
  // handlers would refuse as "not an object". Other doors keep Fastify's parser.
  app.removeContentTypeParser('text/plain');
  // The decision service takes JSON only too (its spec: "JSON body Request").
  const jsonOnly = /^\/(v1|auth|orders|products|inventory|returns|api\/svc)(\/|\?|$)/;
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, body, done) => {
    if (jsonOnly.test(req.url)) return done(new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json'), undefined);
    done(null, body);
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // browsers: only the origins in CORS_ORIGINS, for the API doors (none by default)
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id', 'X-Svc-Api-Key', 'Accept', 'Api-Version', 'X-Account-Id', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'],
    exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After', 'Api-Version', 'Mcp-Session-Id', ...RATE_LIMIT_HEADERS],
    maxAge: 600,
  });
  // plan limits (src/ratelimit/): registered before any route and before the other preHandlers
  const rateLimits = registerRateLimits(app, { config, redis: deps.redis, rest });

  // Hooks in callback style: on every request, an async hook costs a promise for nothing.
  app.addHook('onRequest', (req, reply, done) => {
    req.startedAt = performance.now();
    reply.headers(SECURITY_HEADERS);
    reply.header('X-Request-Id', req.id);
    // A body announced larger than the route takes is refused before it is read, and read
    // away after the answer: the client, still writing, then reads the 413 instead of failing
    // on a socket closed under it (EPIPE), and the connection stays usable.
    const declared = Number(req.headers['content-length']);
    const limit = req.routeOptions.bodyLimit ?? BODY_LIMIT;
    if (declared > limit) {
      const err = new ApiError('PAYLOAD_TOO_LARGE', `The body exceeds the limit of ${limit} bytes`, { limit_bytes: limit });
      // the GraphQL door answers in its own shape ({errors: [...]}), as for its other malformed requests
      const answer = () => (isGraphQLPath(req.url) ? graphql.refuse(reply, err, req.id) : sendAreaError(req.url, reply, err));
      // the body is read away (never kept) before the answer, up to a bound past which the
      // connection is simply closed
      let drained = 0;
      req.raw.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAIN_BYTES) req.raw.destroy();
      });
      req.raw.once('end', answer);
      req.raw.resume();
      return;
    }
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = (performance.now() - req.startedAt) / 1000;
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method: req.method, route }, seconds);
    // one line per request; the URL's sensitive query values and every credential header are redacted
    req.log.info({ method: req.method, url: loggableUrl(req.url), status: reply.statusCode, ms: Math.round(seconds * 1000), ip: req.ip }, 'request');
    done();
  });
  // API answers are never cached by browsers or proxies; HTML pages get a CSP that lets
  // GraphiQL load its assets and call this server, and nothing else
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', HTML_CSP);
    // the downloads (/svc/*) may be cached; their errors are not
    else if (!req.url.startsWith('/svc/') || reply.statusCode >= 400) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  // API versions: the Api-Version header, account pins, answers and requests in the caller's
  // version, GET /api/versions (src/versions/)
  registerVersioning(app, { rest, config });
  // The list envelope's meta carries the request id and the time taken.
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    if (payload && typeof payload === 'object' && (payload as { object?: string }).object === 'list') {
      (payload as Record<string, unknown>).meta = { request_id: req.id, response_time_ms: Math.round(performance.now() - req.startedAt) };
    }
    done(null, payload);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const answer = () => {
      if (err instanceof ApiError) return sendError(reply, err);
      const mapped = fromFastifyError(err) ?? databaseFault(err);
      // a /graphql body that does not parse or is too large: the GraphQL door's shape, as its
      // other malformed requests (the same code, status and extensions)
      if (mapped && isGraphQLPath(req.url)) return graphql.refuse(reply, mapped, req.id);
      if (mapped) return sendError(reply, mapped);
      req.log.error({ err }, 'unhandled error');
      // a write that failed server-side is an api.error event of the caller's account (an
      // operation's own failure was recorded by executeMutation already; this is once per failure)
      if (req.principal && req.method !== 'GET' && req.method !== 'HEAD') {
        reportServerFailure(services, req.principal, req.id, `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`, err, req.body);
      }
      return sendError(reply, new ApiError('INTERNAL_ERROR', 'An unexpected error occurred; it has been logged with this request id'));
    };
    // raised before the plan limit ran (a /v1 body that does not parse): it runs now, for the
    // answer's rate-limit headers (and a 429 instead when the account is over its limit)
    if (!req.rateLimited && req.url.startsWith('/v1/')) return rateLimits.beforeError(req, reply).then((refusal) => (refusal ? sendError(reply, refusal) : answer()));
    return answer();
  });
  // a path that exists with other methods is a 405 naming them (Allow), else a 404
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = app.allowedMethods(req.method, req.url);
    if (allowed.length === 0) return sendError(reply, new ApiError('ROUTE_NOT_FOUND', `No route ${req.method} ${path}`, { method: req.method, path }));
    reply.header('Allow', allowed.join(', '));
    return sendError(reply, new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`, { method: req.method, path, allowed }));
  });

  // every route registered from here on is in /openapi.json
  const routes: { method: string; url: string }[] = [];
  const operations = services.operations;
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
    const config = r.config as { operation?: AnyOperation; aliasOf?: string } | undefined;
    if (config?.operation && !config.aliasOf) operations.add(config.operation, [r.method].flat()[0], r.url);
  });
  await registerOpenApi(app, { enabled: config.apiDocs, version: config.API_VERSION, adminKey: config.ADMIN_API_KEY });

  // GraphQL door
  const graphql = createGraphQL({
    services, auth, logger: deps.logger, production: config.NODE_ENV === 'production', graphiql: config.graphiql, introspection: config.introspection,
    maxDepth: config.GRAPHQL_MAX_DEPTH, maxCost: config.GRAPHQL_MAX_COST,
    maxSubscriptionsPerSocket: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET, maxSocketsPerKey: config.WS_MAX_SOCKETS_PER_KEY, keepAliveMs: config.WS_KEEPALIVE_SECS * 1000, clientIp: clientIpOf(config.trustProxy),
    transport,
    chargeOperation: (principal, params) => rateLimits.chargeOperation(principal, params),
  });
  rateLimits.setGraphQL(graphql);
  new Gauge({ name: 'graphql_subscription_groups', help: 'Executions shared by identical WebSocket subscriptions under the same authorization (one per group; each event is executed once per group)', registers: [metrics.registry], collect() { this.set(graphql.subscriptionGroups()); } });
  metrics.addCounts('graphql_fast_path_total', 'GraphQL POSTs answered by the compiled fast path, or declined and left to yoga', 'outcome', graphql.fastPathCounts);
  for (const method of ['GET', 'POST', 'OPTIONS'] as const) {
    app.route({
      url: '/graphql', method, handler: (req, reply) => graphql.handle(req, reply),
      config: { doc: { summary: method === 'OPTIONS' ? 'CORS preflight of the GraphQL door' : `GraphQL over HTTP (${method === 'GET' ? 'queries in the query string; GraphiQL in a browser' : 'queries and mutations'}); subscriptions over WebSocket (graphql-ws) on this path`, auth: method === 'OPTIONS' ? 'none' : 'bearer' } },
    });
  }
  app.server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] === '/graphql') graphql.upgrade(req, socket, head);
    else socket.destroy();
  });

  // REST door
  app.get('/v1/auth/test', { config: { doc: { summary: 'Verify a key or access token: who it is and what it may do' } } }, async (req) => {
    const p = await authenticate(req, rest);
    return { authenticated: true, key_id: p.keyId, key_type: p.type, permissions: p.permissions, mode: p.mode, account_id: p.accountId };
  });
  registerLanding(app, { graphiql: config.graphiql, apiDocs: config.apiDocs, apiVersion: config.API_VERSION });
  registerVersionRoutes(app, { rest, config });
  // the error catalogue: public, as any API's error reference is
  app.get('/v1/errors', { config: { doc: { summary: 'Every error code: HTTP status, type, meaning and what to do', auth: 'none' } } }, async () => ({
    object: 'list', data: errorReference(), url: '/v1/errors',
  }));
  for (const m of MODULES) m.rest?.(app, { ...rest, config, metrics });

  registerPlanAdmin(app, { prisma: services.db.prisma, adminKey: config.ADMIN_API_KEY, enterprise: rateLimits.limiter.enterprise });
  // operator routes over the tenant cache, stream authentication and inbound provider callbacks
  registerTenantAdmin(app, { auth, adminKey: config.ADMIN_API_KEY });
  registerTransportAdmin(app, { transport, adminKey: config.ADMIN_API_KEY });
  registerInbound(app, { services, inbound, adminKey: config.ADMIN_API_KEY, logger: deps.logger });
  registerHealth(app, {
    services, metrics, adminKey: config.ADMIN_API_KEY, probeBroker: deps.probeBroker,
    requireBroker: config.HEALTH_READY_REQUIRE_BROKER,
    activeSessions: graphql.activeSessions, queryTimeoutMs: config.HEALTH_READY_QUERY_TIMEOUT_MS,
  });

  return {
    app,
    auth,
    routes,
    metrics,
    close: async () => {
      await graphql.close();
      await app.close();
    },
  };
}
