// Errors of the decision service, in its own body shape: every error says what to do next
// and is never safe to retry automatically (the spec's rule).
export type SvcErrorCode =
  | 'MISSING_SVC_KEY' | 'INVALID_SVC_KEY' | 'EXPIRED_SVC_KEY' | 'KEY_IN_URL' | 'WRONG_KEY_TYPE' | 'IP_NOT_ALLOWED'
  | 'MISSING_IDEMPOTENCY_KEY' | 'INVALID_IDEMPOTENCY_KEY'
  | 'INVALID_JSON' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR' | 'MESSAGE_TOO_LONG'
  | 'UNKNOWN_INDUSTRY' | 'UNKNOWN_SCENARIO'
  | 'IDEMPOTENCY_KEY_REUSED' | 'REQUEST_IN_PROGRESS' | 'REQUEST_OUTCOME_UNKNOWN'
  | 'REQUEST_NOT_FOUND' | 'ROUTE_NOT_FOUND'
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
