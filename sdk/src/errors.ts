// Typed errors. Every error the SDK throws is a CommerceError; an answer of the API in its error
// envelope is an ApiError (or one of its subclasses, chosen by the HTTP status), carrying the
// envelope, the status, the catalogue code and the request id (X-Request-Id).
import type { components } from './generated/openapi.js';

/** The API's error envelope: `{ error: { code, message, type, status, ... } }`. */
export type ErrorEnvelope = components['schemas']['Error'];
/** A code of the error catalogue (GET /v1/errors). */
export type ErrorCode = ErrorEnvelope['error']['code'];

/** The base class of every error the SDK throws. */
export class CommerceError extends Error {
  override readonly name: string = 'CommerceError';
}

export interface ApiErrorInit {
  status: number;
  headers: Headers;
  /** the parsed body: the envelope, or whatever the server (or a proxy) sent */
  body: unknown;
  /** the Idempotency-Key the request carried */
  idempotencyKey?: string;
}

function envelopeOf(body: unknown): ErrorEnvelope['error'] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return undefined;
  return error as ErrorEnvelope['error'];
}

/** The API answered with an error. */
export class ApiError extends CommerceError {
  override readonly name: string = 'ApiError';
  /** HTTP status */
  readonly status: number;
  /** the catalogue code (`VALIDATION_ERROR`, `RESOURCE_NOT_FOUND`, ...); undefined when the body was not the API's envelope */
  readonly code: ErrorCode | undefined;
  /** the lowercase family (`validation_error`, `not_found_error`, ...) */
  readonly type: string | undefined;
  /** the request field at fault, when one is */
  readonly param: string | undefined;
  /** `details` of the envelope (`errors` of a validation error, `retry_after` of a rate limit...) */
  readonly details: Record<string, unknown>;
  /** X-Request-Id of the answer (else the envelope's request_id): quote it to support */
  readonly requestId: string | undefined;
  /** the envelope as received (undefined when the body was something else) */
  readonly envelope: ErrorEnvelope | undefined;
  /** the body as received */
  readonly raw: unknown;
  readonly headers: Headers;
  readonly idempotencyKey: string | undefined;
  readonly documentationUrl: string | undefined;

  constructor(init: ApiErrorInit) {
    const error = envelopeOf(init.body);
    const text = typeof init.body === 'string' && init.body ? `: ${init.body.slice(0, 200)}` : '';
    super(error?.message ?? `HTTP ${init.status}${text}`);
    this.status = init.status;
    this.code = error?.code;
    this.type = error?.type;
    this.param = error?.param;
    this.details = (error?.details as Record<string, unknown> | undefined) ?? {};
    this.requestId = init.headers.get('x-request-id') ?? error?.request_id ?? undefined;
    this.envelope = error ? (init.body as ErrorEnvelope) : undefined;
    this.raw = init.body;
    this.headers = init.headers;
    this.idempotencyKey = init.idempotencyKey;
    this.documentationUrl = error?.documentation_url;
  }

  /** The subclass for an answer's status. */
  static from(init: ApiErrorInit): ApiError {
    const s = init.status;
    if (s === 400 || s === 413 || s === 415 || s === 422 || s === 431) return new InvalidRequestError(init);
    if (s === 401) return new AuthenticationError(init);
    if (s === 403) return new PermissionError(init);
    if (s === 404) return new NotFoundError(init);
    if (s === 409) return new ConflictError(init);
    if (s === 429) return new RateLimitError(init);
    if (s >= 500) return new ServerError(init);
    return new ApiError(init);
  }
}

/** 400, 413, 415, 422, 431: the request is wrong (a validation error names the field in `param` and `details.errors`). */
export class InvalidRequestError extends ApiError {
  override readonly name: string = 'InvalidRequestError';
}
/** 401: no key, or a key or token that is not valid. */
export class AuthenticationError extends ApiError {
  override readonly name: string = 'AuthenticationError';
}
/** 403: the key may not do this. */
export class PermissionError extends ApiError {
  override readonly name: string = 'PermissionError';
}
/** 404: no such object (or route). */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
}
/** 409: a conflict (an Idempotency-Key reused with another request, an object that exists...). */
export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
}
/** 429: too many requests, still so after the retries. `retryAfter` is in seconds. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  get retryAfter(): number | undefined {
    const v = Number(this.headers.get('retry-after') ?? this.details.retry_after);
    return Number.isFinite(v) ? v : undefined;
  }
}
/** 5xx: the server could not answer, still so after the retries. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/** No answer: the connection failed or the request timed out, still so after the retries. */
export class ConnectionError extends CommerceError {
  override readonly name: string = 'ConnectionError';
  /** whether the last attempt ran out of time (the `timeout` option) */
  readonly timedOut: boolean;
  readonly idempotencyKey: string | undefined;
  constructor(message: string, opts: { cause?: unknown; timedOut?: boolean; idempotencyKey?: string } = {}) {
    super(message, { cause: opts.cause });
    this.timedOut = opts.timedOut ?? false;
    this.idempotencyKey = opts.idempotencyKey;
  }
}

/** A webhook delivery whose signature or timestamp did not verify (webhooks.constructEvent). */
export class SignatureVerificationError extends CommerceError {
  override readonly name: string = 'SignatureVerificationError';
  /** why: `no_signature`, `signature_mismatch`, `timestamp_outside_tolerance`, `invalid_payload` */
  readonly reason: 'no_signature' | 'signature_mismatch' | 'timestamp_outside_tolerance' | 'invalid_payload';
  constructor(reason: SignatureVerificationError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}
