// Billing periods, in UTC, anchored on the billing cycle anchor (the start of the first paid
// period) and always computed from it, never from the previous period, so that a clamp does
// not stick: a month period started Jan 31 ends Feb 28/29, Mar 31, Apr 30, May 31, ...; a year
// period started Feb 29 ends Feb 28 in common years and Feb 29 in leap years. The anchor's time
// of day (to the millisecond) is kept. day and week periods are exact multiples of 24 h.
export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The longest period a price may have: three years (Stripe's limit), per interval. */
export const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 1095, week: 156, month: 36, year: 3 };

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/**
 * The moment `n` intervals of `count` after `anchor` (n >= 0): the end of the n-th period. Months
 * and years keep the anchor's day of month, clamped to the month's last day.
 */
export function addIntervals(anchor: Date, interval: Interval, count: number, n: number): Date {
  const steps = count * n;
  switch (interval) {
    case 'day':
      return new Date(anchor.getTime() + steps * DAY_MS);
    case 'week':
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case 'month':
    case 'year': {
      const months = interval === 'month' ? steps : steps * 12;
      const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
      const year = Math.floor(total / 12);
      const month0 = total - year * 12;
      const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month0));
      const timeOfDay = anchor.getTime() - Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
      return new Date(Date.UTC(year, month0, day) + timeOfDay);
    }
  }
}

/** The k-th paid period (k >= 1): [anchor + (k-1) intervals, anchor + k intervals). */
export function periodOf(anchor: Date, interval: Interval, count: number, k: number): { start: Date; end: Date } {
  return { start: addIntervals(anchor, interval, count, k - 1), end: addIntervals(anchor, interval, count, k) };
}
