// When and how long to wait before a retry.
/** The longest wait a Retry-After can ask for (seconds). */
export const MAX_RETRY_AFTER_SECONDS = 60;
const INITIAL_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/**
 * Whether an answer is worth another attempt: 429, any 5xx, and a 409 RESOURCE_LOCKED on the
 * request's own Idempotency-Key (its first attempt is still running: a retry replays its answer).
 */
export function shouldRetryStatus(status, body) {
    if (status === 429 || status >= 500)
        return true;
    if (status === 409 && body && typeof body === 'object') {
        const error = body.error;
        return error?.code === 'RESOURCE_LOCKED' && error.details?.idempotency_key !== undefined;
    }
    return false;
}
/** Seconds of a Retry-After header (delta-seconds or an HTTP-date), undefined when absent or unreadable. */
export function parseRetryAfter(value, now = Date.now()) {
    if (value === null || value === undefined)
        return undefined;
    const v = value.trim();
    if (/^\d+(\.\d+)?$/.test(v))
        return Number(v);
    const at = Date.parse(v);
    return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
/**
 * Milliseconds to wait before retry number `attempt + 1`: the answer's Retry-After (at most
 * 60 s), else exponential backoff from 0.5 s (at most 8 s) with jitter (half to all of it).
 */
export function retryDelayMs(attempt, retryAfter, random = Math.random) {
    const seconds = parseRetryAfter(retryAfter);
    if (seconds !== undefined)
        return Math.round(Math.min(seconds, MAX_RETRY_AFTER_SECONDS) * 1000);
    const backoff = Math.min(INITIAL_DELAY_MS * 2 ** attempt, MAX_BACKOFF_MS);
    return Math.round(backoff * (0.5 + random() * 0.5));
}
/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal.reason);
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
