// REST door of the decision service: /api/svc/catalog, /api/svc/decisions,
// /api/svc/requests/{idempotencyKey}, the OpenAPI description, the static helpers under
// /svc/, and the operators' usage report. Errors use the service's own body shape.
import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { KeyAuthenticator, Principal } from '../../auth/keys.js';
import { requireAdmin } from '../../ops/health.js';
import { SvcError, svcErrorOf } from './errors.js';
import type { DecisionService } from './service.js';

const STATIC_DIR = new URL('../static/', import.meta.url);
const KEY_LIKE = /^(sk|rk|pk|svc)_(test|live)_/;

function staticFile(name: string): string {
  return readFileSync(new URL(name, STATIC_DIR), 'utf8');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The public origin for the links the catalog hands out (scripts agents are told to run):
 * PUBLIC_BASE_URL when set; else the request's own Host (X-Forwarded-Host only counts from a
 * trusted proxy, see TRUST_PROXY).
 */
export function baseUrl(req: FastifyRequest, publicBaseUrl?: string): string {
  return publicBaseUrl ? publicBaseUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}

/** A service key, from its header only; from `ip`, when the key is limited to IP ranges. */
export async function svcPrincipal(auth: KeyAuthenticator, raw: string | undefined, ip?: string): Promise<Principal> {
  if (!raw) throw new SvcError(401, 'MISSING_SVC_KEY', 'Send your service key in the X-Svc-Api-Key header', 'Create one with `npm run --silent keys -- create --type svc` and send it as X-Svc-Api-Key');
  let principal: Principal;
  try {
    principal = await auth.fromSecret(raw.trim(), ip);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'IP_NOT_ALLOWED') throw new SvcError(403, 'IP_NOT_ALLOWED', err.message, 'Call from an address in the key\'s allowed IP ranges, or change them');
    if (err instanceof ApiError && err.code === 'EXPIRED_API_KEY') throw new SvcError(401, 'EXPIRED_SVC_KEY', 'This service key has expired', 'Create a new service key');
    if (err instanceof ApiError) throw new SvcError(401, 'INVALID_SVC_KEY', 'This service key is not valid (unknown, revoked or of an inactive account)', 'Check the X-Svc-Api-Key header or create a new service key');
    throw err;
  }
  if (principal.type !== 'svc') {
    throw new SvcError(403, 'WRONG_KEY_TYPE', 'The decision service takes a service key (svc_), not an API key of the commerce API', 'Create a service key with `npm run --silent keys -- create --type svc`');
  }
  return principal;
}

/** Keys are never accepted in a URL: refuse one rather than use it. */
function refuseKeyInUrl(req: FastifyRequest) {
  const query = req.query as Record<string, unknown>;
  // a repeated parameter comes as an array: every value is looked at
  const suspicious = Object.entries(query ?? {}).some(
    ([k, v]) => /key|token|secret|auth/i.test(k) || [v].flat().some((x) => typeof x === 'string' && KEY_LIKE.test(x)),
  );
  const params = req.params as Record<string, string> | undefined;
  if (suspicious || Object.values(params ?? {}).some((v) => KEY_LIKE.test(v))) {
    throw new SvcError(400, 'KEY_IN_URL', 'Keys are never accepted in a URL; this request was not processed', 'Send the key only in the X-Svc-Api-Key header, and consider rotating a key that was put in a URL');
  }
}

const KEY_ID = /^key_[0-9A-Za-z_]{1,64}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function badQuery(field: string, message: string, expected: string): SvcError {
  return new SvcError(400, 'VALIDATION_ERROR', `${field}: ${message}`, `Send ${field} once, as ${expected}`, {
    details: { errors: [{ field, message, expected }] },
  });
}

/** One string value of a query parameter: a repeated parameter (an array) is refused by name. */
function single(query: Record<string, unknown>, field: string, expected: string): string | undefined {
  const v = query[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badQuery(field, 'the parameter is given more than once', expected);
  return v;
}

function isDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

/** The usage report's query: `key_id` (a key id) and `since` (a UTC day), each at most once. */
export function usageFilter(raw: unknown): { apiKeyId?: string; since?: string } {
  const query = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const keyId = single(query, 'key_id', 'a key id (key_...)');
  if (keyId !== undefined && !KEY_ID.test(keyId)) throw badQuery('key_id', 'the value is not a key id', 'a key id (key_...)');
  const since = single(query, 'since', 'a day YYYY-MM-DD (UTC)');
  if (since !== undefined && !isDay(since)) throw badQuery('since', 'the value is not a day', 'a day YYYY-MM-DD (UTC)');
  return { ...(keyId !== undefined ? { apiKeyId: keyId } : {}), ...(since !== undefined ? { since } : {}) };
}

function fromFastifyError(err: FastifyError): SvcError | undefined {
  // the server's own refusals (a body parser's: text/plain, a __proto__ key) in this shape
  if (err instanceof ApiError) return svcErrorOf(err);
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) return new SvcError(413, 'PAYLOAD_TOO_LARGE', 'The body is too large', 'Send at most 4000 characters of message');
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) return new SvcError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON', 'Set Content-Type: application/json');
  if (err.statusCode === 400 || err instanceof SyntaxError) return new SvcError(400, 'INVALID_JSON', `The body is not valid JSON: ${err.message}`, 'Send a JSON object {industry, scenario, message?}');
  return undefined;
}

function send(reply: FastifyReply, err: SvcError) {
  if (err.extra.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
  return reply.status(err.status).send(err.toBody(reply.request.id));
}

/**
 * Every error of a scope of the service (/api/svc, the /svc downloads) in the service's shape:
 * its own errors, the server's, and an unknown route (405 with Allow when the path takes other
 * methods, else 404).
 */
function answerInServiceShape(scope: FastifyInstance, allowedMethods: (method: string, url: string) => string[], seeAlso: string) {
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof SvcError) return send(reply, err);
    const mapped = fromFastifyError(err);
    if (mapped) return send(reply, mapped);
    req.log.error({ err }, 'unhandled error in the decision service');
    return send(reply, new SvcError(500, 'INTERNAL_ERROR', 'An unexpected error occurred', 'Report the request_id; do not retry automatically'));
  });
  scope.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const allowed = allowedMethods(req.method, req.url);
    if (allowed.length === 0) return send(reply, new SvcError(404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${path}`, seeAlso));
    reply.header('Allow', allowed.join(', '));
    return send(reply, new SvcError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`, `Use ${allowed.join(' or ')}; ${seeAlso.replace(/^See/, 'see')}`, {
      details: { method: req.method, path, allowed },
    }));
  });
}

/** A static download's answer to a key in its URL: the service's KEY_IN_URL, else undefined. */
function refusingKeyInUrl(req: FastifyRequest, reply: FastifyReply) {
  try {
    refuseKeyInUrl(req);
    return undefined;
  } catch (err) {
    if (err instanceof SvcError) return send(reply, err);
    throw err;
  }
}

export function registerDecisionRoutes(app: FastifyInstance, deps: { service: DecisionService; auth: KeyAuthenticator; adminKey?: string; publicBaseUrl?: string }) {
  const { service, auth } = deps;
  const starterPy = staticFile('starter.py');
  const starterMjs = staticFile('starter.mjs');
  const example = staticFile('example.json');
  const openapi = staticFile('openapi.json');

  // the downloads answer every error in the service's shape too
  void app.register(async (downloads) => {
    answerInServiceShape(downloads, app.allowedMethods, 'See GET /api/svc/catalog for the downloads (starter_kits, example)');
    downloads.get('/starter.py', { config: { doc: { summary: 'Starter client of the decision service (Python)', tag: 'decision service', auth: 'none', produces: 'text/x-python' } } }, async (req, reply) => refusingKeyInUrl(req, reply) ?? reply.type('text/x-python; charset=utf-8').send(starterPy));
    downloads.get('/starter.mjs', { config: { doc: { summary: 'Starter client of the decision service (JavaScript)', tag: 'decision service', auth: 'none', produces: 'text/javascript' } } }, async (req, reply) => refusingKeyInUrl(req, reply) ?? reply.type('text/javascript; charset=utf-8').send(starterMjs));
    downloads.get('/example.json', { config: { doc: { summary: 'An example decision request', tag: 'decision service', auth: 'none' } } }, async (req, reply) => refusingKeyInUrl(req, reply) ?? reply.type('application/json; charset=utf-8').send(example));
  }, { prefix: '/svc' });
  app.get('/admin/svc/usage', { config: { doc: { summary: "The decision service's usage per key and day (x-admin-key)", tag: 'decision service' } } }, async (req, reply) => {
    requireAdmin(req.headers['x-admin-key'], deps.adminKey);
    let filter: { apiKeyId?: string; since?: string };
    try {
      filter = usageFilter(req.query);
    } catch (err) {
      if (err instanceof SvcError) return send(reply, err);
      throw err;
    }
    return { object: 'list', data: await service.usage(filter) };
  });

  void app.register(async (svc) => {
    answerInServiceShape(svc, app.allowedMethods, 'See GET /api/svc/catalog and /api/svc/openapi.json');

    // no key is needed here, and one put in the URL is refused all the same (it has leaked)
    svc.get('/catalog', async (req) => {
      refuseKeyInUrl(req);
      return service.catalog(baseUrl(req, deps.publicBaseUrl));
    });
    svc.get('/openapi.json', { config: { doc: { summary: "The decision service's own OpenAPI document", auth: 'none' } } }, async (req, reply) => {
      refuseKeyInUrl(req);
      return reply.type('application/json; charset=utf-8').send(openapi);
    });

    svc.post('/decisions', async (req, reply) => {
      refuseKeyInUrl(req);
      const principal = await svcPrincipal(auth, header(req, 'x-svc-api-key'), req.ip);
      service.countAttempt(principal.keyId);
      const idem = service.checkIdempotencyKey(header(req, 'idempotency-key'));
      const input = service.parseRequest(req.body);
      const outcome = await service.run(principal.keyId, idem, input, req.id);
      if (outcome.replayed) {
        reply.header('Idempotent-Replayed', 'true');
        // the replayed decision is the original run's, and so is its correlation id: the
        // header says the same as the body's request_id
        const original = (outcome.body as { request_id?: unknown }).request_id;
        if (typeof original === 'string') reply.header('X-Request-Id', original);
      }
      return reply.status(outcome.status).send(outcome.body);
    });

    svc.get('/requests/:idempotencyKey', async (req) => {
      refuseKeyInUrl(req);
      const principal = await svcPrincipal(auth, header(req, 'x-svc-api-key'), req.ip);
      return service.lookup(principal.keyId, (req.params as { idempotencyKey: string }).idempotencyKey);
    });
  }, { prefix: '/api/svc' });
}
