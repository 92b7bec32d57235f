// How GraphQL streams (SSE and WebSocket) authenticate, and the operator routes over it.
//
// Streams authenticate as every request does: the Authorization header (SSE: POST or GET
// /graphql with Accept: text/event-stream) or `authorization` / `apiKey` in graphql-ws's
// connection_init payload (WebSocket). The legacy fallback `?access_token=<key or token>` on
// the stream's URL (clients that cannot set headers: browsers' EventSource and WebSocket) is
// OFF by default (STREAM_LEGACY_QUERY_AUTH=false) and switched at run time by
// POST /admin/auth/transport (per process: each replica has its own switch, started from the
// configuration). While off, a stream URL carrying `access_token` is refused with 401
// (INVALID_TOKEN_FORMAT), never ignored; while on, it is used only when the request carries no
// header or connection parameter, and only on streams (a plain GraphQL request with it is
// refused too). The URL's token is never logged (src/ops/logging.ts replaces `*token*` query
// values).
//
// "The stream secret" is JWT_SECRET: the HS256 key of the access tokens that streams accept
// beside API keys (src/auth/tokens.ts). Unset, each server generates one into DATA_DIR: tokens
// signed by one replica fail on every other, so a stream reconnecting through a load
// balancer is refused. Production refuses to start without it (src/config.ts); the alert
// below reports it anyway (error in production, warning where a shared database suggests
// replicas).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';
import { requireAdmin } from '../health.js';

export type StreamAuthMethod = 'header' | 'connection_params' | 'legacy_query';
export type StreamKind = 'sse' | 'websocket';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StreamTransportOptions {
  legacyQueryAuth: boolean;
  production: boolean;
  /** JWT_SECRET is set */
  streamSecretConfigured: boolean;
  /** the database is shared (DATABASE_URL), so there may be replicas */
  sharedDatabase: boolean;
}

export interface TransportAlert {
  code: string;
  severity: 'warn' | 'error';
  message: string;
  [detail: string]: unknown;
}

/** An alert of the rollout state (its code is an alert code, not an error code of the API). */
function alert(code: string, severity: TransportAlert['severity'], fields: { message: string } & Record<string, unknown>): TransportAlert {
  return { code, severity, ...fields };
}

/** The value of `access_token` in a URL's query: undefined when absent, an array when repeated. */
export function accessTokenOf(url: string | undefined): string | string[] | undefined {
  const q = (url ?? '').indexOf('?');
  if (q < 0) return undefined;
  const all = new URLSearchParams((url ?? '').slice(q + 1)).getAll('access_token');
  if (all.length === 0) return undefined;
  return all.length === 1 ? all[0] : all;
}

export class StreamTransport {
  private enabled: boolean;
  private changedAt: Date | null = null;
  private changedBy: 'config' | 'admin' = 'config';
  /** monotonic counts for /metrics (`stream_auth_total{method}`) */
  readonly counts: Record<StreamAuthMethod, number> = { header: 0, connection_params: 0, legacy_query: 0 };
  readonly legacyByKind: Record<StreamKind, number> = { sse: 0, websocket: 0 };
  /** refused uses of `?access_token=` (`stream_auth_legacy_refused_total{reason}`) */
  readonly refused: Record<'disabled' | 'not_a_stream', number> = { disabled: 0, not_a_stream: 0 };
  private lastLegacyUse: number | undefined;
  private lastRefused: number | undefined;

  constructor(private readonly opts: StreamTransportOptions) {
    this.enabled = opts.legacyQueryAuth;
  }

  get legacyEnabled(): boolean {
    return this.enabled;
  }

  setLegacy(enabled: boolean): void {
    if (enabled !== this.enabled) {
      this.enabled = enabled;
      this.changedAt = new Date();
      this.changedBy = 'admin';
    }
  }

  /** A stream authenticated (call once per stream, on success). */
  record(method: StreamAuthMethod, kind: StreamKind): void {
    this.counts[method]++;
    if (method === 'legacy_query') {
      this.legacyByKind[kind]++;
      this.lastLegacyUse = Date.now();
    }
  }

  /**
   * The credential a request's `?access_token=` stands for (`Bearer <token>`), or a 401 when
   * it may not be used: the fallback is off, the request is no stream, or it is repeated.
   */
  admit(token: string | string[], stream: boolean): string {
    if (!this.enabled) {
      this.refused.disabled++;
      this.lastRefused = Date.now();
      throw new ApiError('INVALID_TOKEN_FORMAT', 'Query-parameter authentication (?access_token=) is disabled on this server: send the key in the Authorization header (SSE) or in connection_init\'s `authorization` (WebSocket), and take it out of the URL', {
        parameter: 'access_token', legacy_query_auth: 'disabled',
      }, 'access_token');
    }
    if (!stream) {
      this.refused.not_a_stream++;
      this.lastRefused = Date.now();
      throw new ApiError('INVALID_TOKEN_FORMAT', '?access_token= is accepted on streams only (Accept: text/event-stream, or the WebSocket): send this request\'s key in the Authorization header', {
        parameter: 'access_token', legacy_query_auth: 'streams_only',
      }, 'access_token');
    }
    if (Array.isArray(token)) {
      throw new ApiError('INVALID_TOKEN_FORMAT', 'access_token is given more than once: send one credential', { parameter: 'access_token' }, 'access_token');
    }
    return `Bearer ${token}`;
  }

  status() {
    const refused = this.refused.disabled + this.refused.not_a_stream;
    return {
      legacy_query_auth: {
        enabled: this.enabled,
        parameter: 'access_token',
        applies_to: ['sse', 'websocket'],
        source: this.changedBy,
        changed_at: this.changedAt?.toISOString() ?? null,
        configured_default: this.opts.legacyQueryAuth,
        scope: 'this process (each replica has its own switch; STREAM_LEGACY_QUERY_AUTH sets it at start)',
      },
      counters: {
        header: this.counts.header,
        connection_params: this.counts.connection_params,
        legacy_query: this.counts.legacy_query,
        legacy_query_by_transport: { ...this.legacyByKind },
        legacy_refused: refused,
        legacy_refused_by_reason: { ...this.refused },
        last_legacy_use_at: this.lastLegacyUse ? new Date(this.lastLegacyUse).toISOString() : null,
        last_legacy_refused_at: this.lastRefused ? new Date(this.lastRefused).toISOString() : null,
      },
      stream_secret: {
        configured: this.opts.streamSecretConfigured,
        source: this.opts.streamSecretConfigured ? 'JWT_SECRET' : 'generated (DATA_DIR/jwt-secret.key, this server only)',
        signs: 'the access tokens (POST /auth/login) that streams accept beside API keys',
        shared_by_replicas: this.opts.streamSecretConfigured,
      },
    };
  }

  /** The rollout state: `error` beats `warn` beats `ok`. */
  alerts(now = Date.now()): { state: 'ok' | 'warn' | 'error'; alerts: TransportAlert[] } {
    const alerts: TransportAlert[] = [];
    if (!this.opts.streamSecretConfigured && this.opts.production) {
      alerts.push(alert('STREAM_SECRET_MISSING', 'error', { message: 'JWT_SECRET is unset in production: access tokens are signed with a key generated into this server\'s DATA_DIR, which no other replica shares; set JWT_SECRET (the same on every replica)' }));
    } else if (!this.opts.streamSecretConfigured && this.opts.sharedDatabase) {
      alerts.push(alert('STREAM_SECRET_NOT_SHARED', 'warn', { message: 'JWT_SECRET is unset while the database is shared (DATABASE_URL): a token from one replica is refused by the others; set JWT_SECRET on every replica' }));
    }
    if (this.enabled) {
      alerts.push(alert('LEGACY_QUERY_AUTH_ENABLED', 'warn', { message: 'Streams accept ?access_token= (keys in URLs end up in proxy and browser histories); switch it off once clients send headers', since: this.changedAt?.toISOString() ?? 'start' }));
    }
    if (this.lastLegacyUse && now - this.lastLegacyUse < DAY_MS) {
      alerts.push(alert('LEGACY_QUERY_AUTH_USED', 'warn', { message: 'Streams authenticated with ?access_token= in the last 24 hours: those clients must move to the Authorization header or connection_init before the fallback is switched off', count: this.counts.legacy_query, last_used_at: new Date(this.lastLegacyUse).toISOString() }));
    }
    if (this.lastRefused && now - this.lastRefused < DAY_MS) {
      alerts.push(alert('LEGACY_QUERY_AUTH_REFUSED', 'warn', { message: 'Requests with ?access_token= were refused in the last 24 hours: clients still put keys in URLs, and they fail', count: this.refused.disabled + this.refused.not_a_stream, last_refused_at: new Date(this.lastRefused).toISOString() }));
    }
    const state = alerts.some((a) => a.severity === 'error') ? 'error' : alerts.length ? 'warn' : 'ok';
    return { state, alerts };
  }
}

const TOGGLE_BODY = {
  type: 'object', properties: { legacy_query_auth: { type: 'boolean' } }, required: ['legacy_query_auth'], additionalProperties: false,
} as const;

export function registerTransportAdmin(app: FastifyInstance, opts: { transport: StreamTransport; adminKey?: string }) {
  const { transport } = opts;
  app.get('/admin/auth/transport', {
    config: { doc: { summary: 'Stream authentication: the ?access_token= fallback switch, counts of each method, the stream secret (x-admin-key)', auth: 'admin', tag: 'admin' } },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    return transport.status();
  });
  app.post('/admin/auth/transport', {
    config: { doc: { summary: 'Switch the streams\' ?access_token= fallback on this server: {"legacy_query_auth": false} (x-admin-key)', auth: 'admin', tag: 'admin', body: TOGGLE_BODY } },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    const body = req.body as Record<string, unknown> | undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw ApiError.validation([{ field: 'legacy_query_auth', code: 'MISSING_REQUIRED_FIELD', message: 'is required', expected: 'true or false' }]);
    }
    const extra = Object.keys(body).filter((k) => k !== 'legacy_query_auth');
    if (extra.length) throw ApiError.validation(extra.map((k) => ({ field: k, message: 'is not a field of this request', expected: 'only legacy_query_auth' })));
    if (typeof body.legacy_query_auth !== 'boolean') {
      throw ApiError.validation([{
        field: 'legacy_query_auth', code: body.legacy_query_auth === undefined ? 'MISSING_REQUIRED_FIELD' : 'INVALID_FIELD_VALUE',
        message: body.legacy_query_auth === undefined ? 'is required' : 'must be a boolean', expected: 'true or false',
      }]);
    }
    transport.setLegacy(body.legacy_query_auth);
    return transport.status();
  });
  app.get('/admin/alerts/auth-transport', {
    config: { doc: { summary: 'Rollout state of stream authentication: ok, warn or error, with alert codes (x-admin-key)', auth: 'admin', tag: 'admin' } },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    return transport.alerts();
  });
}
