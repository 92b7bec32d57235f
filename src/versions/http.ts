// API versions on the HTTP doors: the Api-Version header, the account's pin, the request and
// answer transforms, and the routes GET /api/versions and POST /admin/accounts/{account}/version.
//
// - onRequest: an Api-Version header naming an unknown or retired version is a 400 before
//   anything else runs.
// - preHandler: routes a version change rewrites (an order's creation, order reads) get their
//   body, or query, brought up from the caller's version; without a header that needs the
//   account's pin, so the caller is authenticated here (cached on the request for the handler).
// - preSerialization: a JSON answer (not an error) is rendered in the caller's version:
//   the header's, else the account's pin. The account is pinned on its first authenticated
//   request, race-safe, and the pin kept on the cached principal.
// - onSend: every answer says its version in Api-Version.
// The GraphQL door (versionless: its schema evolves additively, with deprecations) and the
// decision service (/api/svc, its own document) are outside all this.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { authenticate, type RestDeps } from '../rest/context.js';
import { bodyObject } from '../rest/resources.js';
import { requireAdmin } from '../ops/health.js';
import { ApiError } from '../errors.js';
import { checkVersion, CURRENT_VERSION, defaultVersion, servedVersion, VERSIONS } from './list.js';
import { pinOnFirstRequest, setAccountVersion } from './pin.js';
import { checkVersionList, renderResponse, routeHasRequestChanges, upgradeRequest } from './transform.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the version the Api-Version header selected (validated) */
    apiVersionHeader?: string;
    /** the version this request's answer is in, once decided */
    apiVersionServed?: string;
  }
}

export const API_VERSION_HEADER = 'Api-Version';

/** Doors outside versioning: GraphQL (versionless) and the decision service. */
function versioned(url: string): boolean {
  const path = url.split('?', 1)[0];
  return !(path === '/graphql' || path === '/graphql/' || path.startsWith('/api/svc/') || path === '/api/svc' || path.startsWith('/svc/') || path === '/svc');
}

/** Answers of resources: /v1 and the routes that run operations or read models (the self-hosted door). */
function rendersResources(req: FastifyRequest): boolean {
  const config = req.routeOptions.config as { model?: string; operation?: unknown } | undefined;
  return (req.routeOptions.url ?? '').startsWith('/v1/') || Boolean(config?.model || config?.operation);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
}

export interface VersioningDeps {
  rest: RestDeps;
  config: Config;
}

export function registerVersioning(app: FastifyInstance, deps: VersioningDeps): void {
  checkVersionList();
  const { rest, config } = deps;
  const prisma = rest.services.db.prisma;
  const fallback = defaultVersion(config);

  /**
   * The version this request's answer is in, decided once: the header's, else the account's
   * pin, else (unauthenticated, or the account's first request) the default.
   */
  const decide = (req: FastifyRequest): string => {
    req.apiVersionServed ??= req.apiVersionHeader
      ?? (req.principal?.apiVersion != null ? servedVersion(req.principal.apiVersion) : fallback);
    return req.apiVersionServed;
  };

  /**
   * Runs `next` once the caller's account is pinned: at once, with no I/O, unless this is its
   * first authenticated request (callback style: most requests cost no promise here).
   */
  const afterPin = (req: FastifyRequest, next: () => void): void => {
    const principal = req.principal;
    if (!principal || principal.apiVersion != null) return next();
    pinOnFirstRequest(prisma, principal, fallback).then(next, (err: unknown) => {
      // the answer does not depend on it: a later request pins
      req.log.warn({ err }, 'pinning the account to an API version failed');
      next();
    });
  };

  app.addHook('onRequest', (req, _reply, done) => {
    if (!versioned(req.url)) return done();
    const raw = req.headers['api-version'];
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (value === undefined || value.trim() === '') return done(); // an empty header is no header
    try {
      req.apiVersionHeader = checkVersion(value, API_VERSION_HEADER);
    } catch (err) {
      req.refusedBeforeWork = true;
      return done(err as Error);
    }
    done();
  });

  app.addHook('preHandler', (req, _reply, done) => {
    // a HEAD is its GET without the body (Fastify's automatic HEAD routes)
    const route = `${req.method === 'HEAD' ? 'GET' : req.method} ${req.routeOptions.url}`;
    if (!req.routeOptions.url || !versioned(req.url) || !routeHasRequestChanges(route)) return done();
    const upgrade = (from: string) => {
      if (from === CURRENT_VERSION) return;
      if (req.method === 'GET' || req.method === 'HEAD') {
        req.query = upgradeRequest(route, req.query as Record<string, unknown>, from);
      } else if (isPlainObject(req.body)) {
        req.body = upgradeRequest(route, req.body, from);
      }
    };
    if (req.apiVersionHeader) {
      upgrade(req.apiVersionHeader);
      return done();
    }
    // no header: the account's pin decides; without credentials the handler answers the 401
    if (req.headers.authorization === undefined) return done();
    authenticate(req, rest).then(() => afterPin(req, () => { upgrade(decide(req)); done(); }), (err: Error) => done(err));
  });

  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (!versioned(req.url)) return done(null, payload);
    afterPin(req, () => {
      const version = decide(req);
      if (reply.statusCode >= 400 || version === CURRENT_VERSION || !rendersResources(req)) return done(null, payload);
      done(null, renderResponse(payload, version));
    });
  });

  app.addHook('onSend', (req, reply: FastifyReply, payload, done) => {
    if (!versioned(req.url)) return done(null, payload);
    afterPin(req, () => {
      reply.header(API_VERSION_HEADER, decide(req));
      done(null, payload);
    });
  });
}

/** GET /api/versions and POST /admin/accounts/{account}/version (registered with the REST door, for the OpenAPI document). */
export function registerVersionRoutes(app: FastifyInstance, deps: VersioningDeps): void {
  const { rest, config } = deps;
  const prisma = rest.services.db.prisma;

  // GET /api/versions: the spec's list of API version info (any valid key or access token)
  app.get('/api/versions', {
    config: {
      doc: {
        summary: 'The API versions: version, status (alpha, beta, stable, deprecated, retired), documentation_url, end_of_life, release_date',
        tag: 'versions',
        response: {
          type: 'array',
          items: {
            type: 'object',
            required: ['version', 'status', 'documentation_url', 'end_of_life', 'release_date'],
            properties: {
              version: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              status: { type: 'string', enum: ['alpha', 'beta', 'stable', 'deprecated', 'retired'] },
              documentation_url: { type: 'string' },
              end_of_life: { type: ['string', 'null'], format: 'date-time' },
              release_date: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
    },
  }, async (req) => {
    await authenticate(req, rest);
    return VERSIONS.map((v) => ({ ...v }));
  });

  // an operator changes an account's pin; its keys see it within 2 s (the principal cache)
  app.post('/admin/accounts/:account/version', {
    config: {
      doc: {
        summary: "Pin an account to an API version: its requests without Api-Version, and its webhook endpoints without a version, are answered in it (x-admin-key)",
        tag: 'admin',
        auth: 'admin',
        body: { type: 'object', required: ['version'], properties: { version: { type: 'string', description: 'a supported version (GET /api/versions)' } }, additionalProperties: false },
      },
    },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], config.ADMIN_API_KEY);
    const body = bodyObject(req);
    const unknown = Object.keys(body).filter((k) => k !== 'version');
    if (unknown.length) throw ApiError.validation(unknown.map((k) => ({ field: k, message: 'unknown field', expected: 'version' })));
    const { account } = req.params as { account: string };
    const pinned = await setAccountVersion(prisma, account, body.version);
    return { id: pinned.id, object: 'account', name: pinned.name, api_version: pinned.apiVersion, previous_api_version: pinned.previous };
  });
}
