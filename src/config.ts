// Every environment variable the server reads, parsed and typed in one place.
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseCoin } from './modules/money/amounts.js';
import { CURRENT_VERSION, SUPPORTED_VERSIONS } from './versions/list.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** secrets that appear in examples and templates: never accepted as real ones */
const KNOWN_DEFAULT_SECRETS = /^(change-?me.*|changeme.*|secret|password|admin|example.*|your-.*|replace-?me.*|x+|0+)$/i;

/** Secrets a production server must be given (a generated one would differ per replica). */
export const PRODUCTION_SECRETS: Record<string, string> = {
  SVC_ENCRYPTION_KEY: '32 random bytes as hex or base64 (openssl rand -hex 32), the same on every replica: it seals decision records and webhook secrets',
  JWT_SECRET: 'at least 32 characters of random text (openssl rand -hex 32), the same on every replica: it signs the self-hosted sign-in tokens',
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_API_KEY: z.string().min(16).refine((v) => !KNOWN_DEFAULT_SECRETS.test(v), {
    message: 'is a published example value: set a long random secret (e.g. `openssl rand -hex 32`), or leave it unset to run without admin routes',
  }).optional(),
  /**
   * Proxies whose X-Forwarded-* and Forwarded headers are believed: comma-separated addresses or
   * CIDRs, or a hop count; unset, none (clients cannot spoof their address or the public host)
   */
  TRUST_PROXY: z.string().refine((v) => v !== 'true', { message: "trusting every proxy lets any client spoof its address: list the proxies' addresses or give a hop count" }).optional(),
  /** the server's public origin (https://api.example.com) for links it hands out; else the request's Host */
  PUBLIC_BASE_URL: z.string().url().refine((v) => /^https?:\/\//.test(v), { message: 'must be an http(s) URL' }).optional(),
  /** browser origins allowed to call /v1 and /graphql (comma-separated exact origins); unset, none */
  CORS_ORIGINS: z.string().optional(),
  /** GraphiQL and introspection: on outside production, off in it unless set */
  GRAPHIQL: bool.optional(),
  GRAPHQL_INTROSPECTION: bool.optional(),
  /** the version the server renders natively (events are stored in it): the newest in src/versions/list.ts, nothing else */
  API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).default(CURRENT_VERSION)
    .refine((v) => v === CURRENT_VERSION, { message: `is the version this server renders natively: ${CURRENT_VERSION} (pin accounts to older ones with DEFAULT_API_VERSION or the key CLI's \`version pin\`)` }),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(50).default(8),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(5000),
  SVC_ENCRYPTION_KEY: z.string().optional(),
  SVC_RATE_PER_KEY: z.coerce.number().int().min(1).default(6),
  SVC_RATE_TOTAL: z.coerce.number().int().min(1).default(30),
  SVC_MAX_CONCURRENT: z.coerce.number().int().min(1).default(4),
  SVC_RUN_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** the stablecoin's currency code: 3 to 10 lowercase letters */
  STABLECOIN_CURRENCY: z.string().regex(/^[a-z]{3,10}$/, 'expected 3 to 10 lowercase letters').default('usdx'),
  /** stablecoin transfers and redemptions of at least this amount (a decimal string) must be signed; issuance always */
  SIGNED_REQUEST_THRESHOLD: z.string().regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,6})?$/, 'expected a decimal amount of the coin, e.g. "10000"').default('10000')
    // in micro-units of the coin ("0": every transfer and redemption is signed)
    .transform((text) => parseCoin(text) ?? 0n),
  /** how long the test processor keeps a pm_card_processing payment pending before it succeeds */
  PAYMENT_PROCESSING_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  /** how long the simulated bank payout of a test-mode stablecoin redemption takes: the redemption is processing until then, then succeeded */
  REDEMPTION_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** run the settlement of pending payments and the payout of processing redemptions in this process (false: another process does) */
  PAYMENT_WORKER: bool.default(true),
  /** run the delivery worker in this process (false: an API-only replica; another process delivers) */
  WEBHOOK_WORKER: bool.default(true),
  /** how long a webhook endpoint has to answer an attempt */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** multiplies every retry delay and the 3-day disabling rule (tests and demos run the schedule in seconds) */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1000).default(1),
  /** an endpoint whose every delivery failed for this many hours is disabled (scaled like the retries) */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(8760).default(72),
  /** deliveries to loopback, private, link-local and metadata addresses; default: allowed outside production */
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  /** attempts in flight at once, in all, and to one endpoint */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(1000),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  /** events are kept this many days, then purged with their deliveries */
  EVENT_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
  /** bounds on one request (src/limits.ts) */
  WHERE_MAX_VALUES: z.coerce.number().int().min(1).max(100_000).default(1000),
  WHERE_MAX_CONDITIONS: z.coerce.number().int().min(1).max(10_000).default(200),
  WHERE_MAX_DEPTH: z.coerce.number().int().min(2).max(64).default(32),
  LIKE_PATTERN_MAX_LENGTH: z.coerce.number().int().min(1).max(100_000).default(256),
  GRAPHQL_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(64 * 1024),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(1_000_000).default(5000),
  GRAPHQL_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(110_000),
  INPUT_MAX_VALUES: z.coerce.number().int().min(100).max(10_000_000).default(20_000),
  /** failed authentications a client address may make per minute before 429 (every door) */
  AUTH_FAIL_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** subscriptions per GraphQL WebSocket, and WebSockets per API key */
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(100_000).default(100),
  WS_MAX_SOCKETS_PER_KEY: z.coerce.number().int().min(1).max(100_000).default(20),
  /** seconds between two keep-alive pings of a WebSocket; one unanswered for that long is closed (0: no pings) */
  WS_KEEPALIVE_SECS: z.coerce.number().int().min(0).max(3600).default(30),
  /** PostgreSQL cancels a statement running longer (503 DATABASE_ERROR); 0 turns it off */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * raw transactions (a stablecoin transfer) run named prepared statements, parsed and planned
   * once per connection; false behind a pooler that cannot keep them (PgBouncer in transaction
   * mode before 1.21)
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /**
   * V8's allocation-site pretenuring (src/server.ts applyV8Tuning): off unless true. Under list
   * reads V8 sometimes pretenured a site on the read path, and the rows' young strings and dates
   * then survived every scavenge until a full collection (README "Benchmarks").
   */
  V8_PRETENURING: bool.default(false),
  /**
   * group commit on PostgreSQL: stablecoin transfers that wait at the same time share one
   * transaction and one commit (src/db/raw-transaction.ts CommitGroups); this many groups run at
   * once, 0 turns it off
   */
  DATABASE_COMMIT_GROUPS: z.coerce.number().int().min(0).max(64).default(2),
  /** members of one commit group at most */
  DATABASE_COMMIT_GROUP_SIZE: z.coerce.number().int().min(1).max(1000).default(32),
  /** /health/ready fails when Redis (the broker) is down, not only reports it */
  HEALTH_READY_REQUIRE_BROKER: bool.default(false),
  /** /health/ready fails when the database does not answer a query within this */
  HEALTH_READY_QUERY_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** days after delivery (or shipment) within which a return may be requested; 0 refuses every return */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** HS256 key of the self-hosted routes' access tokens, as UTF-8 text (at least 32 characters); unset: a key generated once into DATA_DIR */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** access-token lifetime in seconds */
  JWT_EXPIRATION: z.coerce.number().int().min(1).max(31_536_000).default(3600),
  /** refresh-token lifetime in seconds */
  JWT_REFRESH_EXPIRATION: z.coerce.number().int().min(1).max(31_536_000 * 5).default(604_800),
  /** failed sign-ins allowed per email and per client address in 15 minutes */
  LOGIN_FAIL_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
  LOGIN_FAIL_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** serve /openapi.json and Swagger UI at /swagger-ui (default: outside production) */
  API_DOCS: bool.optional(),
  /** the plan a new account starts on (free, starter, growth, scale, enterprise) */
  DEFAULT_PLAN: z.enum(['free', 'starter', 'growth', 'scale', 'enterprise']).default('free'),
  /** the enterprise plan's limits as JSON: {"minute":..,"hour":..,"day":..,"burst":..,"concurrent":..} */
  PLAN_ENTERPRISE_LIMITS: z.string().optional(),
  /** unauthenticated requests a client address may make per minute */
  UNAUTHENTICATED_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** the API version an account is pinned to on its first request (default: the newest stable) */
  DEFAULT_API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => SUPPORTED_VERSIONS.includes(v), { message: `must be a supported API version: ${SUPPORTED_VERSIONS.join(', ')}` }).optional(),
  /** OAuth 2.0 (src/oauth/): an authorization code's lifetime in seconds (single-use) */
  OAUTH_CODE_TTL_SECS: z.coerce.number().int().min(1).max(600).default(60),
  /** OAuth 2.0 access-token lifetime in seconds */
  OAUTH_ACCESS_TOKEN_TTL_SECS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** OAuth 2.0 refresh-token lifetime in seconds (each refresh rotates it) */
  OAUTH_REFRESH_TOKEN_TTL_SECS: z.coerce.number().int().min(1).max(31_536_000).default(2_592_000),
  /** a separate listener serving /metrics without authentication (network-restrict it); unset: none */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** idle entries of the per-account cache (keys, plans, settings) are dropped after this many seconds */
  TENANT_CACHE_IDLE_TTL_SECS: z.coerce.number().int().min(1).max(31_536_000).default(3600),
  /** the embedded database (no autovacuum): seconds between two rounds of vacuum and analyze of the tables that need it (0: none) */
  EMBEDDED_MAINTENANCE_SECS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** streams (GraphQL over SSE and WebSocket) also take `?access_token=`: the legacy fallback, off by default; POST /admin/auth/transport switches it at run time */
  STREAM_LEGACY_QUERY_AUTH: bool.default(false),
  /** HMAC-SHA256 secret of the carrier's status callbacks (POST /v1/inbound/carrier); unset: that provider is off */
  INBOUND_CARRIER_SECRET: z.string().min(24, 'must be at least 24 characters').refine((v) => !KNOWN_DEFAULT_SECRETS.test(v), { message: 'is a published example value: set a long random secret' }).optional(),
  /** HMAC-SHA256 secret of the payment processor's status callbacks (POST /v1/inbound/processor); unset: that provider is off */
  INBOUND_PROCESSOR_SECRET: z.string().min(24, 'must be at least 24 characters').refine((v) => !KNOWN_DEFAULT_SECRETS.test(v), { message: 'is a published example value: set a long random secret' }).optional(),
  /** the inbound callbacks' hint cache (tracking number or payment id -> account): entries at most, and their lifetime */
  INBOUND_HINT_CACHE_MAX: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  INBOUND_HINT_CACHE_TTL_SECS: z.coerce.number().int().min(1).max(86_400 * 30).default(600),
  /** search highlights: the markup around matched words (default <em> and </em>) */
  SEARCH_HIGHLIGHT_PRE: z.string().max(100).optional(),
  SEARCH_HIGHLIGHT_POST: z.string().max(100).optional(),
  /** live FX rates older than this many hours are refused (422 FX_RATE_STALE) */
  FX_MAX_AGE_HOURS: z.coerce.number().min(1).max(24 * 365).default(48),
  /** spread added to every FX rate, in basis points (1 = 0.01%) */
  FX_SPREAD_BPS: z.coerce.number().int().min(0).max(5000).default(0),
  /** compliance screening: a score at least this is a match, at least the second a potential match */
  COMPLIANCE_MATCH_SCORE: z.coerce.number().min(0).max(1).default(0.95),
  COMPLIANCE_POTENTIAL_MATCH_SCORE: z.coerce.number().min(0).max(1).default(0.8),
  /** ISO 3166 alpha-2 country codes refused by compliance checks and global orders, comma-separated */
  COMPLIANCE_EMBARGOED_COUNTRIES: z.string().max(1000).default('CU,IR,KP,SY'),
  /** seconds between sweeps for invoices past due (at most 30) */
  INVOICE_SWEEP_INTERVAL_SECS: z.coerce.number().int().min(1).max(30).default(30),
  /** print the first-start sandbox key; off in tests that start many servers */
  PRINT_SANDBOX_KEY: bool.default(true),
});

/** Every environment variable the server reads (.env.example lists each; a test checks). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  webhookAllowPrivate: boolean;
  /** Fastify's trustProxy: false, a hop count, or the trusted addresses */
  trustProxy: false | number | string;
  corsOrigins: string[];
  graphiql: boolean;
  introspection: boolean;
  apiDocs: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  const production = d.NODE_ENV === 'production';
  if (production) {
    const missing = Object.entries(PRODUCTION_SECRETS).filter(([name]) => !d[name as keyof typeof d]);
    if (missing.length) {
      throw new Error(`Invalid configuration: NODE_ENV=production needs its secrets set, not generated:\n${missing.map(([name, what]) => `  ${name}: missing; set ${what}`).join('\n')}`);
    }
  }
  return {
    ...d,
    dataDir: resolve(d.DATA_DIR),
    webhookAllowPrivate: d.WEBHOOK_ALLOW_PRIVATE ?? !production,
    trustProxy: d.TRUST_PROXY === undefined ? false : /^\d+$/.test(d.TRUST_PROXY) ? Number(d.TRUST_PROXY) : d.TRUST_PROXY,
    corsOrigins: (d.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    graphiql: d.GRAPHIQL ?? !production,
    introspection: d.GRAPHQL_INTROSPECTION ?? !production,
    apiDocs: d.API_DOCS ?? !production,
  };
}
