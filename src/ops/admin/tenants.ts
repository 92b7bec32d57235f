// The tenant cache's operator routes (x-admin-key): its counters, per-key counters, a reload of
// every cached account from the database, and the eviction of idle accounts. The cache itself
// is KeyAuthenticator's (src/auth/keys.ts): per account, its status, plan, pinned API version
// and the keys of it in use; revalidated once older than 2 s, dropped when idle for
// TENANT_CACHE_IDLE_TTL_SECS.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';
import type { KeyAuthenticator } from '../../auth/keys.js';
import { requireAdmin } from '../health.js';

const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 20;
/** evict-idle's max_idle_secs: at most a year */
const MAX_IDLE_SECS = 31_536_000;

/** A non-negative integer query parameter (digits only), or a 400 naming it. */
function integerParam(raw: unknown, name: string, min: number, max: number, fallback?: number): number {
  if (raw === undefined && fallback !== undefined) return fallback;
  if (raw === undefined) {
    throw ApiError.validation([{ field: name, code: 'MISSING_REQUIRED_FIELD', message: 'is required', expected: `an integer from ${min} to ${max}` }]);
  }
  const text = Array.isArray(raw) ? undefined : String(raw);
  const n = text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw ApiError.validation([{
      field: name, code: 'INVALID_FIELD_VALUE',
      message: Array.isArray(raw) ? 'is given more than once' : `'${String(raw).slice(0, 40)}' is not an integer from ${min} to ${max}`,
      expected: `an integer from ${min} to ${max}`,
    }]);
  }
  return n;
}

function noOtherParams(query: unknown, allowed: string[]) {
  const extra = Object.keys((query ?? {}) as Record<string, unknown>).filter((k) => !allowed.includes(k));
  if (extra.length) {
    throw ApiError.validation(extra.map((k) => ({ field: k, message: 'is not a parameter of this route', expected: allowed.length ? `only ${allowed.join(', ')}` : 'no parameters' })));
  }
}

export function registerTenantAdmin(app: FastifyInstance, opts: { auth: KeyAuthenticator; adminKey?: string }) {
  const { auth } = opts;
  app.get('/admin/tenants/cache-metrics', {
    config: { doc: { summary: 'The tenant cache (accounts, their keys, plans and settings): entries, hits, misses, reloads, evictions (x-admin-key)', auth: 'admin', tag: 'admin' } },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    return { object: 'tenant_cache_metrics', ...auth.cacheMetrics() };
  });

  app.get('/admin/tenants/cache-metrics/by-token', {
    config: {
      doc: {
        summary: 'Per-key counters of the tenant cache, most hits first: key id and redacted form, never the secret (x-admin-key)', auth: 'admin', tag: 'admin',
        query: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } } },
      },
    },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    const query = req.query as Record<string, unknown>;
    noOtherParams(query, ['limit']);
    const limit = integerParam(query.limit, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
    const data = auth.tokenMetrics(limit).map((t) => ({
      key_id: t.keyId, redacted: t.redacted, account_id: t.accountId, type: t.type, mode: t.mode,
      hits: t.hits, misses: t.misses, last_used_at: new Date(t.lastUsedAt).toISOString(),
    }));
    return { object: 'list', data, tracked_keys: auth.trackedTokens, limit };
  });

  app.post('/admin/tenants/reload-cached', {
    config: { doc: { summary: 'Revalidate every cached account and key against the database now; open sessions and counters are kept (x-admin-key)', auth: 'admin', tag: 'admin' } },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    noOtherParams(req.query, []);
    const started = performance.now();
    const result = await auth.reloadAll();
    return { object: 'tenant_cache_reload', ...result, duration_ms: Math.round(performance.now() - started), metrics: auth.cacheMetrics() };
  });

  app.post('/admin/tenants/evict-idle', {
    config: {
      doc: {
        summary: 'Drop cached accounts unused for at least max_idle_secs seconds; answers how many (x-admin-key)', auth: 'admin', tag: 'admin',
        query: { type: 'object', properties: { max_idle_secs: { type: 'integer', minimum: 0, maximum: MAX_IDLE_SECS, description: 'also taken from a JSON body {"max_idle_secs": N}' } } },
      },
    },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    const query = req.query as Record<string, unknown>;
    noOtherParams(query, ['max_idle_secs']);
    // the parameter in the query string, or in a JSON body (`{"max_idle_secs": 600}`), not both
    const body = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    noOtherParams(body, ['max_idle_secs']);
    if (query.max_idle_secs !== undefined && body.max_idle_secs !== undefined) {
      throw ApiError.validation([{ field: 'max_idle_secs', code: 'INVALID_FIELD_VALUE', message: 'is given both in the query and in the body', expected: `one integer from 0 to ${MAX_IDLE_SECS}, in the query or in the body` }]);
    }
    const fromBody = body.max_idle_secs;
    if (fromBody !== undefined && typeof fromBody !== 'number' && typeof fromBody !== 'string') {
      throw ApiError.validation([{ field: 'max_idle_secs', code: 'INVALID_FIELD_VALUE', message: 'is not an integer', expected: `an integer from 0 to ${MAX_IDLE_SECS}` }]);
    }
    const raw = query.max_idle_secs ?? fromBody;
    const maxIdle = integerParam(raw, 'max_idle_secs', 0, MAX_IDLE_SECS);
    const evicted = auth.evictIdle(maxIdle * 1000);
    return { object: 'tenant_cache_eviction', evicted, max_idle_secs: maxIdle, entries: auth.cacheMetrics().entries };
  });
}
