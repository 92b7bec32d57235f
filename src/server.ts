// Starts and stops a whole server: database, migrations, event bus, HTTP. main.ts and the
// tests both use it.
import { setFlagsFromString } from 'node:v8';
import { OperationRegistry } from './operations/registry.js';
import type { Logger } from 'pino';
import { createLogger as createRedactingLogger } from './ops/logging.js';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { startEmbeddedMaintenance } from './db/maintenance.js';
import { openDatabase, type Database } from './db/client.js';
import { createEventBus, type EventBus } from './events/bus.js';
import { buildApp } from './app.js';
import { bootstrapSandbox } from './accounts.js';
import { DecisionService } from './decision/service/service.js';
import { loadRecordCipher } from './decision/service/crypto.js';
import { judgeFromEnv } from './decision/judge/index.js';
import { startIdempotencyPurge } from './operations/purge.js';
import type { Services } from './operations/operation.js';
import { MODULES } from './modules/index.js';
import { applyLimits } from './limits.js';
import { instrumentBus, newBridgeFailures } from './ops/bridge.js';
import { startMetricsListener, type MetricsListener } from './ops/metrics-listener.js';

export interface RunningServer {
  config: Config;
  db: Database;
  bus: EventBus;
  app: FastifyInstance;
  /** every route the server answers (method and Fastify URL pattern), as registered */
  routes: { method: string; url: string }[];
  url: string;
  port: number;
  /** the sandbox key created on first start, if this start created it */
  sandboxKey?: string;
  /** the METRICS_PORT listener's URL (GET /metrics without authentication), when set */
  metricsUrl?: string;
  logger: Logger;
  /** what operations run with (tests make signing secrets through it) */
  services: Services;
  stop(): Promise<void>;
}

export function createLogger(config: Config): Logger {
  return createRedactingLogger(config.LOG_LEVEL);
}

/**
 * V8's allocation-site pretenuring off (V8_PRETENURING=false, the default). V8 decides per
 * allocation site, from what survived the early collections, to allocate its objects straight
 * in the old generation. Under list reads it sometimes made that decision for a site on the read
 * path, and the rows' strings and dates, still young, were then held by old objects nobody used
 * any more: copied at every scavenge and promoted, until a full collection. In
 * the processes where this happened (about one in three) each scavenge kept 2.2 MB instead of
 * 0.5 and paused 3-4 ms instead of 1.1-1.4, and a flat list request cost 0.22-0.25 ms of CPU
 * instead of 0.18-0.19, for the life of the process. V8 reads the flag at each collection, so
 * setting it here, before the server takes requests, covers every entry point.
 */
export function applyV8Tuning(config: Config, setFlags: (flags: string) => void = setFlagsFromString): void {
  if (!config.V8_PRETENURING) setFlags('--no-allocation-site-pretenuring');
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  applyLimits(config);
  applyV8Tuning(config);
  const logger = createLogger(config);
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE, migrate: true, shareEmbedded: true,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS, preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    commitGroups: { inFlight: config.DATABASE_COMMIT_GROUPS, size: config.DATABASE_COMMIT_GROUP_SIZE },
  });
  // the escalation bridge (committed events to live subscribers) counts its failures (src/ops/bridge.ts)
  const bridgeFailures = newBridgeFailures();
  const bus = instrumentBus(await createEventBus(
    config.REDIS_URL,
    // ioredis retries every couple of seconds while the broker is away: one line a minute at most
    throttled(60_000, (err: Error) => logger.warn({ err: err.message }, 'redis connection error; reconnecting (events reach other processes again once it is back)')),
    (err) => {
      bridgeFailures.publish++;
      logger.warn({ err: err.message }, 'publishing a committed event to Redis failed; live subscribers miss it (webhooks are unaffected)');
    },
  ), bridgeFailures, logger);
  let probeClient: Redis | undefined;
  const probeBroker = config.REDIS_URL
    ? async () => {
        probeClient ??= new Redis(config.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 }).on('error', () => {});
        if (probeClient.status === 'wait') await probeClient.connect();
        return (await probeClient.ping()) === 'PONG';
      }
    : undefined;
  const decisions = new DecisionService({
    prisma: db.prisma,
    cipher: loadRecordCipher(config.SVC_ENCRYPTION_KEY, config.dataDir).cipher,
    judge: judgeFromEnv(env),
    limits: { perKeyPerMinute: config.SVC_RATE_PER_KEY, totalPerMinute: config.SVC_RATE_TOTAL, concurrent: config.SVC_MAX_CONCURRENT },
    runTimeoutMs: config.SVC_RUN_TIMEOUT_MS,
    // the judge's own error text can name internal hosts: logged, never answered
    log: (failure) => logger.warn(failure, 'decision run failed'),
  });
  if (config.DATABASE_URL && !config.SVC_ENCRYPTION_KEY) {
    logger.warn('SVC_ENCRYPTION_KEY is unset: decision records are sealed with a key in DATA_DIR; replicas sharing this database must share SVC_ENCRYPTION_KEY');
  }
  const stopIdempotencyPurge = startIdempotencyPurge(db.prisma, (err) => logger.warn({ err }, 'purging expired idempotency records failed; the next round retries'));
  // the embedded database has no autovacuum: the server vacuums and analyzes it (src/db/maintenance.ts)
  const stopMaintenance = startEmbeddedMaintenance(db, config.EMBEDDED_MAINTENANCE_SECS * 1000, logger);
  // one master key (SVC_ENCRYPTION_KEY or DATA_DIR/svc-record.key), a derived key per purpose
  const secrets = loadRecordCipher(config.SVC_ENCRYPTION_KEY, config.dataDir, 'webhook-secret').cipher;
  const money = {
    coin: config.STABLECOIN_CURRENCY,
    signedThreshold: config.SIGNED_REQUEST_THRESHOLD,
    processingDelayMs: config.PAYMENT_PROCESSING_DELAY_MS,
    settlementWake: new Set<(at: Date) => void>(),
    redemptionPayoutDelayMs: config.REDEMPTION_PAYOUT_DELAY_MS,
    payoutWake: new Set<(at: Date) => void>(),
  };
  const services = { db, bus, apiVersion: config.API_VERSION, decisions, secrets, deliveryWake: new Set<() => void>(), money, returnWindowDays: config.RETURN_WINDOW_DAYS, operations: new OperationRegistry() };
  // shared counters; without the offline queue a Redis outage falls back to in-process counting at once
  const limiterRedis = config.REDIS_URL ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }).on('error', () => {}) : undefined;
  const { app, close, routes, metrics } = await buildApp({ config, services, logger, probeBroker, redis: limiterRedis, bridgeFailures });
  const stopModules = MODULES.flatMap((m) => (m.start ? [m.start({ services, config, logger })] : []));
  // a key printed to a production server's stdout would end up in its logs: there, keys come
  // from the key CLI only
  const sandboxKey = config.NODE_ENV === 'production' ? undefined : await bootstrapSandbox(db.prisma, config.DEFAULT_PLAN);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  let stopped = false;
  let metricsListener: MetricsListener | undefined;
  const running: RunningServer = {
    config, db, bus, app, logger, port, sandboxKey, services, routes,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await metricsListener?.close();
      await close();
      for (const stop of stopModules) await stop();
      stopIdempotencyPurge();
      await stopMaintenance();
      await bus.close();
      probeClient?.disconnect();
      limiterRedis?.disconnect();
      await db.close();
    },
  };
  // METRICS_PORT: /metrics without authentication on a port of its own (network-restrict it)
  if (config.METRICS_PORT !== undefined) {
    try {
      metricsListener = await startMetricsListener(metrics.registry, config.METRICS_PORT, config.HOST, (err) => logger.warn({ err: err.message }, 'metrics listener error'));
    } catch (err) {
      await running.stop();
      throw new Error(`METRICS_PORT ${config.METRICS_PORT}: cannot listen (${(err as Error).message})`);
    }
    running.metricsUrl = `http://127.0.0.1:${metricsListener.port}`;
  }
  return running;
}

/** `fn`, called at most once per `ms` (later calls within the window are dropped). */
function throttled<A extends unknown[]>(ms: number, fn: (...args: A) => void): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn(...args);
  };
}
