// Health and metrics: /health, /health/live, /health/ready (database probed; the broker,
// Redis, probed and reported, failing readiness only with HEALTH_READY_REQUIRE_BROKER=true),
// /metrics behind x-admin-key.
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { ApiError } from '../errors.js';
import type { Services } from '../operations/operation.js';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  /** exports plain counters kept elsewhere (`{lean: 3, prisma: 1}`) as a Prometheus counter, one label */
  addCounts(name: string, help: string, label: string, counts: Record<string, number>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    latency: new Histogram({
      name: 'http_request_duration_seconds', help: 'HTTP request latency', labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [registry],
    }),
    addCounts(name, help, label, counts) {
      const reported: Record<string, number> = {};
      new Counter({
        name, help, labelNames: [label], registers: [registry],
        collect() {
          for (const [value, n] of Object.entries(counts)) {
            this.inc({ [label]: value }, n - (reported[value] ?? 0));
            reported[value] = n;
          }
        },
      });
    },
  };
}

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Admin and metrics routes need `x-admin-key` equal to ADMIN_API_KEY; without one set they are off. */
export function requireAdmin(given: string | string[] | undefined, adminKey: string | undefined): void {
  if (!adminKey) throw new ApiError('RESOURCE_ACCESS_DENIED', 'Admin routes are disabled: set ADMIN_API_KEY to enable them');
  if (typeof given !== 'string' || !sameSecret(given, adminKey)) {
    throw new ApiError(given ? 'INVALID_API_KEY' : 'MISSING_API_KEY', 'This route needs a valid x-admin-key header');
  }
}

export function registerHealth(
  app: FastifyInstance,
  opts: {
    services: Services; metrics: Metrics; adminKey?: string; probeBroker?: () => Promise<boolean>; requireBroker: boolean;
    activeSessions: () => number; queryTimeoutMs: number;
  },
) {
  const started = Date.now();
  app.get('/health', { config: { doc: { summary: 'Overall health: {status: "healthy", ...}', auth: 'none' } } }, async () => ({
    status: 'healthy',
    uptime_seconds: Math.round((Date.now() - started) / 1000),
    database: opts.services.db.kind,
    active_sessions: opts.activeSessions(),
  }));
  app.get('/health/live', { config: { doc: { summary: 'Liveness: the process answers', auth: 'none' } } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { doc: { summary: 'Readiness: the database (and broker) answer; 503 otherwise', auth: 'none' } } }, async (_req, reply) => {
    // each probe must answer within HEALTH_READY_QUERY_TIMEOUT_MS: late is not ready
    const probe = async (check: () => Promise<unknown>): Promise<boolean> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), opts.queryTimeoutMs);
      });
      try {
        return (await Promise.race([check(), timeout])) !== false;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    };
    const [dbOk, brokerOk] = await Promise.all([
      probe(() => opts.services.db.prisma.$queryRawUnsafe('SELECT 1')),
      opts.probeBroker ? probe(opts.probeBroker) : Promise.resolve(undefined),
    ]);
    const database = dbOk ? 'ok' : 'unavailable';
    const broker = brokerOk === undefined ? 'not_configured' : brokerOk ? 'ok' : 'unavailable';
    const ready = database === 'ok' && (!opts.requireBroker || broker === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: { database, broker } });
  });
  app.get('/metrics', { config: { doc: { summary: 'Prometheus metrics (x-admin-key)', auth: 'admin', produces: 'text/plain' } } }, async (req, reply) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    reply.header('Content-Type', opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}
