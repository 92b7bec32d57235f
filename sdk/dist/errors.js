/** The base class of every error the SDK throws. */
export class CommerceError extends Error {
    name = 'CommerceError';
}
function envelopeOf(body) {
    if (!body || typeof body !== 'object')
        return undefined;
    const error = body.error;
    if (!error || typeof error !== 'object')
        return undefined;
    return error;
}
/** The API answered with an error. */
export class ApiError extends CommerceError {
    name = 'ApiError';
    /** HTTP status */
    status;
    /** the catalogue code (`VALIDATION_ERROR`, `RESOURCE_NOT_FOUND`, ...); undefined when the body was not the API's envelope */
    code;
    /** the lowercase family (`validation_error`, `not_found_error`, ...) */
    type;
    /** the request field at fault, when one is */
    param;
    /** `details` of the envelope (`errors` of a validation error, `retry_after` of a rate limit...) */
    details;
    /** X-Request-Id of the answer (else the envelope's request_id): quote it to support */
    requestId;
    /** the envelope as received (undefined when the body was something else) */
    envelope;
    /** the body as received */
    raw;
    headers;
    idempotencyKey;
    documentationUrl;
    constructor(init) {
        const error = envelopeOf(init.body);
        const text = typeof init.body === 'string' && init.body ? `: ${init.body.slice(0, 200)}` : '';
        super(error?.message ?? `HTTP ${init.status}${text}`);
        this.status = init.status;
        this.code = error?.code;
        this.type = error?.type;
        this.param = error?.param;
        this.details = error?.details ?? {};
        this.requestId = init.headers.get('x-request-id') ?? error?.request_id ?? undefined;
        this.envelope = error ? init.body : undefined;
        this.raw = init.body;
        this.headers = init.headers;
        this.idempotencyKey = init.idempotencyKey;
        this.documentationUrl = error?.documentation_url;
    }
    /** The subclass for an answer's status. */
    static from(init) {
        const s = init.status;
        if (s === 400 || s === 413 || s === 415 || s === 422 || s === 431)
            return new InvalidRequestError(init);
        if (s === 401)
            return new AuthenticationError(init);
        if (s === 403)
            return new PermissionError(init);
        if (s === 404)
            return new NotFoundError(init);
        if (s === 409)
            return new ConflictError(init);
        if (s === 429)
            return new RateLimitError(init);
        if (s >= 500)
            return new ServerError(init);
        return new ApiError(init);
    }
}
/** 400, 413, 415, 422, 431: the request is wrong (a validation error names the field in `param` and `details.errors`). */
export class InvalidRequestError extends ApiError {
    name = 'InvalidRequestError';
}
/** 401: no key, or a key or token that is not valid. */
export class AuthenticationError extends ApiError {
    name = 'AuthenticationError';
}
/** 403: the key may not do this. */
export class PermissionError extends ApiError {
    name = 'PermissionError';
}
/** 404: no such object (or route). */
export class NotFoundError extends ApiError {
    name = 'NotFoundError';
}
/** 409: a conflict (an Idempotency-Key reused with another request, an object that exists...). */
export class ConflictError extends ApiError {
    name = 'ConflictError';
}
/** 429: too many requests, still so after the retries. `retryAfter` is in seconds. */
export class RateLimitError extends ApiError {
    name = 'RateLimitError';
    get retryAfter() {
        const v = Number(this.headers.get('retry-after') ?? this.details.retry_after);
        return Number.isFinite(v) ? v : undefined;
    }
}
/** 5xx: the server could not answer, still so after the retries. */
export class ServerError extends ApiError {
    name = 'ServerError';
}
/** No answer: the connection failed or the request timed out, still so after the retries. */
export class ConnectionError extends CommerceError {
    name = 'ConnectionError';
    /** whether the last attempt ran out of time (the `timeout` option) */
    timedOut;
    idempotencyKey;
    constructor(message, opts = {}) {
        super(message, { cause: opts.cause });
        this.timedOut = opts.timedOut ?? false;
        this.idempotencyKey = opts.idempotencyKey;
    }
}
/** A webhook delivery whose signature or timestamp did not verify (webhooks.constructEvent). */
export class SignatureVerificationError extends CommerceError {
    name = 'SignatureVerificationError';
    /** why: `no_signature`, `signature_mismatch`, `timestamp_outside_tolerance`, `invalid_payload` */
    reason;
    constructor(reason, message) {
        super(message);
        this.reason = reason;
    }
}
