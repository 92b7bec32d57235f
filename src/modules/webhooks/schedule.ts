// The retry schedule of the spec: attempt 1 at once, then +10 s, +1 min, +10 min, +1 h, +3 h,
// +12 h; after the 7th failure the delivery has failed. WEBHOOK_RETRY_SCALE multiplies the
// delays (and the 3-day rule, WEBHOOK_DISABLE_AFTER_HOURS), each varied by up to 10% so that retries of many deliveries
// that failed together do not arrive together. A receiver's Retry-After (429/503) is taken
// as given, unscaled, when it asks for longer, up to 12 hours.

export const RETRY_DELAYS_S = [10, 60, 600, 3600, 3 * 3600, 12 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
export const RETRY_AFTER_CAP_S = 12 * 3600;
export const JITTER = 0.1;

/**
 * When the next attempt is due after the `attempt`-th of the schedule failed, or null when
 * that was the last one. `random` in [0, 1).
 */
export function nextAttemptAt(
  attempt: number, now: number, scale: number, retryAfterSeconds?: number, random: () => number = Math.random,
): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_S[attempt - 1] * 1000 * scale;
  let delay = base * (1 + (random() * 2 - 1) * JITTER);
  if (retryAfterSeconds !== undefined) {
    const asked = Math.min(retryAfterSeconds, RETRY_AFTER_CAP_S) * 1000;
    if (asked > delay) delay = asked;
  }
  return new Date(now + Math.round(delay));
}

/**
 * Whether an endpoint failing since `failingSince` has failed long enough to be disabled:
 * `hours` (WEBHOOK_DISABLE_AFTER_HOURS, 72 by default) multiplied by `scale`.
 */
export function failedTooLong(failingSince: Date | null, now: number, scale: number, hours: number): boolean {
  return failingSince !== null && now - failingSince.getTime() >= hours * 3600 * 1000 * scale;
}
