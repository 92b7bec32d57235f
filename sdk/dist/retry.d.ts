/** The longest wait a Retry-After can ask for (seconds). */
export declare const MAX_RETRY_AFTER_SECONDS = 60;
/**
 * Whether an answer is worth another attempt: 429, any 5xx, and a 409 RESOURCE_LOCKED on the
 * request's own Idempotency-Key (its first attempt is still running: a retry replays its answer).
 */
export declare function shouldRetryStatus(status: number, body: unknown): boolean;
/** Seconds of a Retry-After header (delta-seconds or an HTTP-date), undefined when absent or unreadable. */
export declare function parseRetryAfter(value: string | null | undefined, now?: number): number | undefined;
/**
 * Milliseconds to wait before retry number `attempt + 1`: the answer's Retry-After (at most
 * 60 s), else exponential backoff from 0.5 s (at most 8 s) with jitter (half to all of it).
 */
export declare function retryDelayMs(attempt: number, retryAfter: string | null | undefined, random?: () => number): number;
/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
