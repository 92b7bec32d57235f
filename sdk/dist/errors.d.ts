import type { components } from './generated/openapi.js';
/** The API's error envelope: `{ error: { code, message, type, status, ... } }`. */
export type ErrorEnvelope = components['schemas']['Error'];
/** A code of the error catalogue (GET /v1/errors). */
export type ErrorCode = ErrorEnvelope['error']['code'];
/** The base class of every error the SDK throws. */
export declare class CommerceError extends Error {
    readonly name: string;
}
export interface ApiErrorInit {
    status: number;
    headers: Headers;
    /** the parsed body: the envelope, or whatever the server (or a proxy) sent */
    body: unknown;
    /** the Idempotency-Key the request carried */
    idempotencyKey?: string;
}
/** The API answered with an error. */
export declare class ApiError extends CommerceError {
    readonly name: string;
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
    constructor(init: ApiErrorInit);
    /** The subclass for an answer's status. */
    static from(init: ApiErrorInit): ApiError;
}
/** 400, 413, 415, 422, 431: the request is wrong (a validation error names the field in `param` and `details.errors`). */
export declare class InvalidRequestError extends ApiError {
    readonly name: string;
}
/** 401: no key, or a key or token that is not valid. */
export declare class AuthenticationError extends ApiError {
    readonly name: string;
}
/** 403: the key may not do this. */
export declare class PermissionError extends ApiError {
    readonly name: string;
}
/** 404: no such object (or route). */
export declare class NotFoundError extends ApiError {
    readonly name: string;
}
/** 409: a conflict (an Idempotency-Key reused with another request, an object that exists...). */
export declare class ConflictError extends ApiError {
    readonly name: string;
}
/** 429: too many requests, still so after the retries. `retryAfter` is in seconds. */
export declare class RateLimitError extends ApiError {
    readonly name: string;
    get retryAfter(): number | undefined;
}
/** 5xx: the server could not answer, still so after the retries. */
export declare class ServerError extends ApiError {
    readonly name: string;
}
/** No answer: the connection failed or the request timed out, still so after the retries. */
export declare class ConnectionError extends CommerceError {
    readonly name: string;
    /** whether the last attempt ran out of time (the `timeout` option) */
    readonly timedOut: boolean;
    readonly idempotencyKey: string | undefined;
    constructor(message: string, opts?: {
        cause?: unknown;
        timedOut?: boolean;
        idempotencyKey?: string;
    });
}
/** A webhook delivery whose signature or timestamp did not verify (webhooks.constructEvent). */
export declare class SignatureVerificationError extends CommerceError {
    readonly name: string;
    /** why: `no_signature`, `signature_mismatch`, `timestamp_outside_tolerance`, `invalid_payload` */
    readonly reason: 'no_signature' | 'signature_mismatch' | 'timestamp_outside_tolerance' | 'invalid_payload';
    constructor(reason: SignatureVerificationError['reason'], message: string);
}
