// The error catalog of the spec. Codes are UPPER_SNAKE_CASE everywhere (REST `error.code`,
// GraphQL `extensions.code`); `type` carries the lowercase family, as the spec's variants do.
export type ErrorType =
  | 'authentication_error'
  | 'permission_error'
  | 'invalid_request_error'
  | 'validation_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'state_error'
  | 'rate_limit_error'
  | 'api_error';

export const ERROR_CATALOG = {
  MISSING_AUTH_HEADER: [401, 'authentication_error'],
  MISSING_API_KEY: [401, 'authentication_error'],
  INVALID_API_KEY: [401, 'authentication_error'],
  EXPIRED_API_KEY: [401, 'authentication_error'],
  INVALID_TOKEN_FORMAT: [401, 'authentication_error'],
  INACTIVE_ACCOUNT: [401, 'authentication_error'],
  MISSING_SIGNATURE: [401, 'authentication_error'],
  INVALID_SIGNATURE: [401, 'authentication_error'],
  INVALID_CREDENTIALS: [401, 'authentication_error'],
  INVALID_ACCESS_TOKEN: [401, 'authentication_error'],
  EXPIRED_ACCESS_TOKEN: [401, 'authentication_error'],
  INVALID_REFRESH_TOKEN: [401, 'authentication_error'],
  INSUFFICIENT_PERMISSIONS: [403, 'permission_error'],
  RESOURCE_ACCESS_DENIED: [403, 'permission_error'],
  PLAN_LIMIT_EXCEEDED: [403, 'permission_error'],
  IP_NOT_ALLOWED: [403, 'permission_error'],
  VALIDATION_ERROR: [400, 'validation_error'],
  MISSING_REQUIRED_FIELD: [400, 'validation_error'],
  INVALID_FIELD_VALUE: [400, 'validation_error'],
  INVALID_ENUM_VALUE: [400, 'validation_error'],
  FIELD_TOO_LONG: [400, 'validation_error'],
  INVALID_DATE_FORMAT: [400, 'validation_error'],
  INVALID_FIELD_FORMAT: [400, 'validation_error'],
  INVALID_JSON: [400, 'invalid_request_error'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'invalid_request_error'],
  PAYLOAD_TOO_LARGE: [413, 'invalid_request_error'],
  HEADERS_TOO_LARGE: [431, 'invalid_request_error'],
  ROUTE_NOT_FOUND: [404, 'invalid_request_error'],
  METHOD_NOT_ALLOWED: [405, 'invalid_request_error'],
  RESOURCE_NOT_FOUND: [404, 'not_found_error'],
  RESOURCE_ALREADY_EXISTS: [409, 'conflict_error'],
  RESOURCE_LOCKED: [409, 'conflict_error'],
  RESOURCE_ARCHIVED: [409, 'conflict_error'],
  PARENT_NOT_FOUND: [404, 'not_found_error'],
  RESOURCE_CONFLICT: [409, 'conflict_error'],
  IDEMPOTENCY_KEY_REUSED: [409, 'conflict_error'],
  INSUFFICIENT_INVENTORY: [422, 'state_error'],
  PAYMENT_FAILED: [422, 'state_error'],
  INSUFFICIENT_FUNDS: [422, 'state_error'],
  REFUND_EXCEEDS_PAYMENT: [422, 'state_error'],
  AMOUNT_EXCEEDS_DUE: [422, 'state_error'],
  INVALID_STATE_TRANSITION: [422, 'state_error'],
  OUTSIDE_RETURN_WINDOW: [422, 'state_error'],
  DUPLICATE_REQUEST: [422, 'state_error'],
  FX_RATE_STALE: [422, 'state_error'],
  SHIPPING_UNAVAILABLE: [422, 'state_error'],
  COMPLIANCE_BLOCKED: [422, 'state_error'],
  QUERY_TOO_COMPLEX: [400, 'invalid_request_error'],
  RATE_LIMITED: [429, 'rate_limit_error'],
  SERVICE_UNAVAILABLE: [503, 'api_error'],
  DATABASE_ERROR: [503, 'api_error'],
  FINANCING_NOT_ELIGIBLE: [422, 'state_error'],
  AMOUNT_EXCEEDS_LIMIT: [422, 'state_error'],
  AMOUNT_EXCEEDS_OUTSTANDING: [422, 'state_error'],
  INTERNAL_ERROR: [500, 'api_error'],
} as const satisfies Record<string, readonly [number, ErrorType]>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/**
 * The spec's codes outside the catalogue's letter case: `invalid_query` (search's empty or too
 * long query, src/search/engine.ts), answered as a 400 validation_error. Listed by GET
 * /v1/errors and docs/errors.md, and forceable with X-Test-Error-Code as the catalogue's are.
 */
export const SPEC_LOWERCASE_CODES = {
  invalid_query: [400, 'validation_error'],
} as const satisfies Record<string, readonly [number, ErrorType]>;

export type SpecLowercaseCode = keyof typeof SPEC_LOWERCASE_CODES;

export interface FieldError {
  field: string;
  message: string;
  expected?: string;
  /** the catalogue's code for this fault, when more precise than VALIDATION_ERROR */
  code?: ErrorCode;
}

export const DOCS_BASE = 'https://docs.commerce-api.dev/errors';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: ErrorType;
  readonly details: Record<string, unknown>;
  readonly param?: string;
  /**
   * The request id and time the body carries when they are not this request's and now: an
   * error recorded for an Idempotency-Key is answered again exactly as it was the first time.
   */
  stamp?: { requestId?: string; timestamp: string };
  /** answered from an Idempotency-Key's record (the doors add `Idempotent-Replayed: true`) */
  replayed = false;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, param?: string) {
    super(message);
    this.code = code;
    this.status = ERROR_CATALOG[code][0];
    this.type = ERROR_CATALOG[code][1];
    this.details = details;
    this.param = param;
  }

  static validation(errors: FieldError[], message?: string): ApiError {
    const first = errors[0];
    return new ApiError(
      // faults that all have the same precise code (INVALID_FIELD_VALUE for `amount`, three
      // unknown event types) answer with it; mixed faults are a VALIDATION_ERROR
      first?.code && errors.every((e) => e.code === first.code) ? first.code : 'VALIDATION_ERROR',
      message ?? (errors.length === 1 ? `${first.field}: ${first.message}` : `${errors.length} fields are invalid`),
      { errors },
      errors.length === 1 ? first.field : undefined,
    );
  }

  static notFound(resource: string, id: string): ApiError {
    return new ApiError('RESOURCE_NOT_FOUND', `No such ${resource}: '${id}'`, { resource, id }, 'id');
  }

  /** The spec's error body. */
  toBody(requestId: string) {
    return {
      error: {
        code: this.code,
        message: this.message,
        type: this.type,
        status: this.status,
        ...(this.param ? { param: this.param } : {}),
        details: this.details,
        request_id: this.stamp?.requestId ?? requestId,
        timestamp: this.stamp?.timestamp ?? new Date().toISOString(),
        documentation_url: `${DOCS_BASE}#${this.code.toLowerCase()}`,
        // the spec's variant spelling of the same link (Stripe's name)
        doc_url: `${DOCS_BASE}#${this.code.toLowerCase()}`,
      },
    };
  }
}

/** PostgreSQL's SQLSTATE of a statement cancelled by statement_timeout */
const QUERY_CANCELED = '57014';
/** PostgreSQL's SQLSTATE of a row referring to one that is gone (Prisma: P2003) */
const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL's SQLSTATEs of text it cannot store or compare (a NUL: "invalid byte sequence") */
const UNSTORABLE_TEXT = ['22021', '22P05'];

/** Whether the database answered `sqlstate` (or Prisma `prismaCode`), wherever the driver put the code. */
function hasDatabaseCode(err: unknown, sqlstate: string, prismaCode?: string): boolean {
  const stack: unknown[] = [err];
  for (let i = 0; stack.length && i < 20; i++) {
    const e = stack.pop();
    if (!e || typeof e !== 'object') continue;
    const o = e as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: unknown; driverAdapterError?: unknown };
    if (o.code === sqlstate || o.originalCode === sqlstate || (prismaCode !== undefined && o.code === prismaCode)) return true;
    stack.push(o.cause, o.meta, o.driverAdapterError);
  }
  return false;
}

/** Whether the database cancelled a statement (statement_timeout). */
function cancelledByTimeout(err: unknown): boolean {
  return hasDatabaseCode(err, QUERY_CANCELED);
}

/**
 * Prisma's codes for a database too busy to take the request: no transaction could start in
 * time (P2028) or no pooled connection came free (P2024). Nothing was written.
 */
const BUSY_CODES = new Set(['P2028', 'P2024']);

/** Whether the database was too busy to start the work (a full pool or no transaction in time). */
function busy(err: unknown): boolean {
  const stack: unknown[] = [err];
  for (let i = 0; stack.length && i < 20; i++) {
    const e = stack.pop();
    if (!e || typeof e !== 'object') continue;
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && BUSY_CODES.has(o.code)) return true;
    // node-postgres' pool, under the driver adapter, when no connection came free in time
    if (typeof o.message === 'string' && /timeout exceeded when trying to connect|Unable to start a transaction in the given time/.test(o.message)) return true;
    stack.push(o.cause);
  }
  return false;
}

/** An error of the database that the caller should see as such (503), rather than as a 500. */
export function databaseFault(err: unknown): ApiError | undefined {
  if (cancelledByTimeout(err)) {
    return new ApiError('DATABASE_ERROR', 'The database took too long to answer and the query was cancelled; narrow the request (filters, limit) or retry later', { reason: 'statement_timeout' });
  }
  if (busy(err)) {
    return new ApiError('DATABASE_ERROR', 'The database is too busy to take this request now; nothing was changed, retry with backoff', { reason: 'busy' });
  }
  // inputs are checked for such text where they enter; any that slips through (an argument
  // read straight into a statement) is the caller's 400 all the same, never a 500
  if (UNSTORABLE_TEXT.some((code) => hasDatabaseCode(err, code))) {
    return ApiError.validation([{ field: 'input', message: 'text the database cannot store: the NUL character (U+0000) or invalid Unicode', expected: TEXT_EXPECTED }]);
  }
  // every reference is checked before it is written; one deleted by a concurrent request
  // between that check and the write (a customer deleted as an order naming it is created)
  if (hasDatabaseCode(err, FOREIGN_KEY_VIOLATION, 'P2003')) {
    return new ApiError('RESOURCE_CONFLICT', 'A resource this request refers to was deleted while it ran; nothing was changed', { reason: 'reference_deleted' });
  }
  return undefined;
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

export interface TextCheckOptions {
  /** how a list element extends a path: `items.0` by default, `items[0]` for REST bodies */
  index?: (path: string, i: number) => string;
  /** nesting past this is a fault of its own (REST bodies); unbounded otherwise */
  maxDepth?: number;
  /** stop after this many faults */
  maxFaults?: number;
}

const dotIndex = (path: string, i: number) => (path ? `${path}.${i}` : String(i));

export const TEXT_EXPECTED = 'valid Unicode text without U+0000';

/** What makes this text unstorable, or undefined. */
export function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'the NUL character (U+0000)';
  if (!text.isWellFormed()) return 'an unpaired surrogate (not valid Unicode)';
  return undefined;
}

/** A name with its NUL characters and unpaired surrogates escaped, to quote it in an error. */
export function printable(text: string): string {
  return text.replace(/\u0000/g, '\\u0000').toWellFormed();
}

/**
 * Text PostgreSQL cannot store as given is refused as invalid input, never a 500 and never
 * silently changed: U+0000 (text cannot hold it) and unpaired UTF-16 surrogates (no UTF-8
 * form; the driver would store U+FFFD instead), in a value or a key, at any depth.
 * Iterative, so no input nests deep enough to overflow the stack; faults come in no
 * particular order.
 */
export function textFaults(value: unknown, path = '', opts: TextCheckOptions = {}): FieldError[] {
  const index = opts.index ?? dotIndex;
  const maxDepth = opts.maxDepth ?? Infinity;
  const maxFaults = opts.maxFaults ?? 100;
  const faults: FieldError[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  while (stack.length && faults.length < maxFaults) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = unstorable(item.value);
      if (problem) faults.push({ field: item.path || 'body', message: `contains ${problem}`, expected: TEXT_EXPECTED });
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) {
      faults.push({ field: item.path || 'body', message: `nested deeper than ${maxDepth} levels`, expected: `at most ${maxDepth} levels` });
      continue;
    }
    if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => stack.push({ value: v, path: index(item.path, i), depth: item.depth + 1 }));
      continue;
    }
    for (const [k, v] of Object.entries(item.value)) {
      const child = item.path ? `${item.path}.${k}` : k;
      const problem = unstorable(k);
      if (problem) faults.push({ field: printable(child), message: `the key contains ${problem}`, expected: TEXT_EXPECTED });
      else stack.push({ value: v, path: child, depth: item.depth + 1 });
    }
  }
  return faults;
}
