// What the logs may hold: never a key, secret, token, cookie or idempotency key, wherever it
// sits (headers, query strings, WebSocket connection parameters, error objects). pino redacts
// known paths; URLs are logged with sensitive query values replaced.
import { pino, type Bindings, type ChildLoggerOptions, type Logger } from 'pino';

const CENSOR = '[redacted]';

/** Headers and fields that carry credentials, as pino paths (headers also inside req/request objects). */
const SENSITIVE_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-svc-api-key', 'x-admin-key', 'idempotency-key', 'x-signature', 'proxy-authorization'];
const SENSITIVE_FIELDS = ['secret', 'secrets', 'apiKey', 'api_key', 'password', 'token', 'access_token', 'refresh_token', 'client_secret', 'connectionParams', 'idempotencyKey', 'idempotency_key'];

export const REDACT_PATHS = [
  ...SENSITIVE_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `request.headers["${h}"]`, `headers["${h}"]`, `res.headers["${h}"]`]),
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters whose values are never logged (keys, tokens, codes, signatures). */
const SENSITIVE_QUERY = /key|token|secret|auth|password|signature|code|session|cookie|idempotency/i;
/** Values that are credentials whatever their parameter's name. */
const CREDENTIAL_VALUE = /^(sk|rk|pk|svc)_(test|live)_|^whsec_|^Bearer\s/i;

/** Paths whose last segment is an idempotency key (the decision service's lookup). */
const IDEMPOTENCY_KEY_PATH = /^(\/api\/svc\/requests\/)[^/?]+/;

/** A path segment that is a credential (a key sent where it does not belong), decoded or not. */
function credentialSegment(segment: string): boolean {
  if (CREDENTIAL_VALUE.test(segment)) return true;
  try {
    return CREDENTIAL_VALUE.test(decodeURIComponent(segment));
  } catch {
    return false;
  }
}

/**
 * A URL for the log: its path with credential-shaped segments (and the decision service's
 * idempotency keys) replaced, and its query with sensitive values replaced.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  path = path.replace(IDEMPOTENCY_KEY_PATH, `$1${CENSOR}`);
  if (/(sk|rk|pk|svc)(_|%5f)|whsec|bearer/i.test(path)) path = path.split('/').map((seg) => (credentialSegment(seg) ? CENSOR : seg)).join('/');
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const out = new URLSearchParams();
  for (const [k, v] of params) out.append(k, SENSITIVE_QUERY.test(k) || CREDENTIAL_VALUE.test(v) ? CENSOR : v.length > 200 ? `${v.slice(0, 200)}...` : v);
  return `${path}?${out.toString()}`;
}

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: CENSOR } });
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's childLoggerFactory: a request's logger, made on its first line at an enabled level.
 * pino runs a child's bindings (the request id) through the redaction, whose wildcard paths
 * (`*.secret`) cost about 5 µs and 13 KB of garbage a child, and most requests log nothing at
 * the configured level (LOG_LEVEL=warn, or silent). What it logs, and how, is unchanged.
 */
export function lazyChildLogger(parent: Logger, bindings: Bindings, options?: ChildLoggerOptions): Logger {
  if (options && Object.keys(options).length > 0) return parent.child(bindings, options);
  return new LazyChild(parent, bindings) as unknown as Logger;
}

type Level = (typeof LEVELS)[number];

/**
 * The lazy child: its methods live on the prototype, so a request that logs nothing costs one
 * small object (it used to be a dozen closures and an accessor, about 2.7 KB a request).
 */
class LazyChild {
  private made: Logger | undefined;

  constructor(private readonly parent: Logger, private readonly childBindings: Bindings) {}

  private real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings));
  }

  private write(level: Level, args: unknown[]): void {
    if (!(this.made ?? this.parent).isLevelEnabled(level)) return;
    const logger = this.real();
    (logger[level] as (...a: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void { this.write('fatal', args); }
  error(...args: unknown[]): void { this.write('error', args); }
  warn(...args: unknown[]): void { this.write('warn', args); }
  info(...args: unknown[]): void { this.write('info', args); }
  debug(...args: unknown[]): void { this.write('debug', args); }
  trace(...args: unknown[]): void { this.write('trace', args); }
  child(b: Bindings, o?: ChildLoggerOptions): Logger { return this.real().child(b, o); }
  bindings(): Bindings { return this.real().bindings(); }
  setBindings(b: Bindings): void { this.real().setBindings(b); }
  isLevelEnabled(level: string): boolean { return (this.made ?? this.parent).isLevelEnabled(level); }
  flush(cb?: (err?: Error) => void): void { (this.made ?? this.parent).flush(cb); }
  silent(): void {}
  get level(): string { return (this.made ?? this.parent).level; }
  set level(value: string) { this.real().level = value; }
}
