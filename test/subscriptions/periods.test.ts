// Billing periods (src/modules/subscriptions/periods.ts): anchored on the start, clamped at the
// month's end without sticking, UTC, the start's time of day kept; years across Feb 29.
import { describe, expect, it } from 'vitest';
import { addIntervals, periodOf } from '../../src/modules/subscriptions/periods.js';

const iso = (d: Date) => d.toISOString();
const ends = (anchor: string, interval: 'day' | 'week' | 'month' | 'year', count: number, n: number) =>
  Array.from({ length: n }, (_, k) => iso(addIntervals(new Date(anchor), interval, count, k + 1)));

describe('billing periods', () => {
  it('months anchor on the start day and clamp at month end: Jan 31 -> Feb 29 -> Mar 31 (time of day kept)', () => {
    expect(ends('2027-01-31T09:30:15.250Z', 'month', 1, 14)).toEqual([
      '2027-02-28T09:30:15.250Z', '2027-03-31T09:30:15.250Z', '2027-04-30T09:30:15.250Z', '2027-05-31T09:30:15.250Z',
      '2027-06-30T09:30:15.250Z', '2027-07-31T09:30:15.250Z', '2027-08-31T09:30:15.250Z', '2027-09-30T09:30:15.250Z',
      '2027-10-31T09:30:15.250Z', '2027-11-30T09:30:15.250Z', '2027-12-31T09:30:15.250Z', '2028-01-31T09:30:15.250Z',
      '2028-02-29T09:30:15.250Z', '2028-03-31T09:30:15.250Z',
    ]);
    expect(ends('2028-01-30T00:00:00.000Z', 'month', 1, 3)).toEqual(['2028-02-29T00:00:00.000Z', '2028-03-30T00:00:00.000Z', '2028-04-30T00:00:00.000Z']);
    expect(ends('2027-01-29T23:59:59.999Z', 'month', 1, 2)).toEqual(['2027-02-28T23:59:59.999Z', '2027-03-29T23:59:59.999Z']);
  });

  it('every n months, and across years', () => {
    expect(ends('2027-08-31T12:00:00.000Z', 'month', 3, 4)).toEqual([
      '2027-11-30T12:00:00.000Z', '2028-02-29T12:00:00.000Z', '2028-05-31T12:00:00.000Z', '2028-08-31T12:00:00.000Z',
    ]);
    expect(ends('2027-12-15T06:00:00.000Z', 'month', 1, 2)).toEqual(['2028-01-15T06:00:00.000Z', '2028-02-15T06:00:00.000Z']);
    expect(ends('2027-05-31T00:00:00.000Z', 'month', 36, 1)).toEqual(['2030-05-31T00:00:00.000Z']);
  });

  it('years: Feb 29 -> Feb 28 in common years -> Feb 29 in leap years', () => {
    expect(ends('2028-02-29T08:00:00.000Z', 'year', 1, 5)).toEqual([
      '2029-02-28T08:00:00.000Z', '2030-02-28T08:00:00.000Z', '2031-02-28T08:00:00.000Z', '2032-02-29T08:00:00.000Z', '2033-02-28T08:00:00.000Z',
    ]);
    expect(ends('2099-02-28T00:00:00.000Z', 'year', 1, 2)).toEqual(['2100-02-28T00:00:00.000Z', '2101-02-28T00:00:00.000Z']);
    // 2100 is not a leap year
    expect(ends('2096-02-29T00:00:00.000Z', 'year', 2, 2)).toEqual(['2098-02-28T00:00:00.000Z', '2100-02-28T00:00:00.000Z']);
    expect(ends('2027-03-01T00:00:00.000Z', 'year', 3, 1)).toEqual(['2030-03-01T00:00:00.000Z']);
  });

  it('days and weeks are exact multiples of 24 h (UTC: no daylight saving)', () => {
    expect(ends('2027-03-27T10:00:00.000Z', 'day', 1, 2)).toEqual(['2027-03-28T10:00:00.000Z', '2027-03-29T10:00:00.000Z']);
    expect(ends('2028-02-26T10:00:00.000Z', 'week', 2, 2)).toEqual(['2028-03-11T10:00:00.000Z', '2028-03-25T10:00:00.000Z']);
    expect(ends('2028-02-28T00:00:00.000Z', 'day', 3, 1)).toEqual(['2028-03-02T00:00:00.000Z']);
  });

  it('period k is [anchor + (k-1) intervals, anchor + k intervals); n = 0 is the anchor', () => {
    const anchor = new Date('2027-01-31T09:30:00.000Z');
    expect(iso(addIntervals(anchor, 'month', 1, 0))).toBe(iso(anchor));
    const p = periodOf(anchor, 'month', 1, 2);
    expect([iso(p.start), iso(p.end)]).toEqual(['2027-02-28T09:30:00.000Z', '2027-03-31T09:30:00.000Z']);
    const q = periodOf(anchor, 'month', 1, 13);
    expect([iso(q.start), iso(q.end)]).toEqual(['2028-01-31T09:30:00.000Z', '2028-02-29T09:30:00.000Z']);
  });
});
