// isoString (src/iso-time.ts) writes exactly what Date.prototype.toISOString writes.
import { describe, expect, it } from 'vitest';
import { isoString } from '../src/iso-time.js';

describe('isoString', () => {
  it('equals toISOString across years 1000-9999, every field width, and the edges it hands over', () => {
    const times = [Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 2, 1, 9, 5, 7, 3), Date.UTC(2026, 9, 10, 10, 10, 10, 10)];
    let t = Date.UTC(1000, 0, 1);
    for (let i = 0; i < 20_000; i++) times.push((t += 15_778_463_123 + i)); // steps of about half a year, odd milliseconds
    for (const time of times) {
      const date = new Date(time);
      expect(isoString(date)).toBe(date.toISOString());
    }
    for (const time of [Date.UTC(999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), Date.UTC(-5, 0, 1), 0]) {
      expect(isoString(new Date(time))).toBe(new Date(time).toISOString());
    }
    expect(() => isoString(new Date(NaN))).toThrow(RangeError);
  });
});
