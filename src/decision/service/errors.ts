// Errors of the decision service, in its own body shape: every error says what to do next
// and is never safe to retry automatically (the spec's rule).
export type SvcErrorCode =
  | 'MISSING_SVC_KEY' | 'INVALID_SVC_KEY' | 'EXPIRED_SVC_KEY' | 'KEY_IN_URL' | 'WRONG_KEY_TYPE' | 'IP_NOT_ALLOWED'
  | 'MISSING_IDEMPOTENCY_KEY' | 'INVALID_IDEMPOTENCY_KEY'
  | 'INVALID_JSON' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR' | 'MESSAGE_TOO_LONG'
  | 'UNKNOWN_INDUSTRY' | 'UNKNOWN_SCENARIO'
  | 'IDEMPOTENCY_KEY_REUSED' | 'REQUEST_IN_PROGRESS' | 'REQUEST_OUTCOME_UNKNOWN'
  | 'REQUEST_NOT_FOUND' | 'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED'
  | 'RATE_LIMITED' | 'RUN_TIMEOUT' | 'JUDGE_UNAVAILABLE' | 'RECORD_UNREADABLE' | 'INTERNAL_ERROR';

export class SvcError extends Error {
  constructor(
    readonly status: number,
    readonly code: SvcErrorCode,
    message: string,
    readonly nextAction: string,
    readonly extra: { retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
  }

  toBody(requestId: string) {
    return {
      error: {
        code: this.code,
        message: this.message,
        next_action: this.nextAction,
        safe_to_auto_retry: false as const,
        ...(this.extra.retryAfterSeconds !== undefined ? { retry_after_seconds: this.extra.retryAfterSeconds } : {}),
        ...(this.extra.details ? { details: this.extra.details } : {}),
        request_id: requestId,
      },
    };
  }
}

/**
 * An error of the server's own (ApiError: the body parsers, the router, the request limits)
 * raised under the service's paths, in the service's shape: the same status, and the code where
 * the service has it (a validation fault of any kind is its VALIDATION_ERROR, with the faults).
 */
export function svcErrorOf(err: { status: number; code: string; message: string; details?: Record<string, unknown> }): SvcError {
  const faults = err.details?.errors;
  const details = Array.isArray(faults) ? { details: { errors: faults } } : {};
  switch (err.code) {
    case 'PAYLOAD_TOO_LARGE':
      return new SvcError(413, 'PAYLOAD_TOO_LARGE', err.message, 'Send at most 4000 characters of message');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new SvcError(415, 'UNSUPPORTED_MEDIA_TYPE', err.message, 'Send the body as JSON with Content-Type: application/json');
    case 'INVALID_JSON':
      return new SvcError(400, 'INVALID_JSON', err.message, 'Send a JSON object {industry, scenario, message?}');
    default:
      if (err.status >= 500) return new SvcError(500, 'INTERNAL_ERROR', 'An unexpected error occurred', 'Report the request_id; do not retry automatically');
      return new SvcError(400, 'VALIDATION_ERROR', err.message, Array.isArray(faults) ? 'Fix the fields named in details.errors' : 'Fix the request path; see GET /api/svc/catalog', details);
  }
}
