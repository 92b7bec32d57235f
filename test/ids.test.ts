// Object ids (src/ids.ts): prefix, 10 characters of millisecond time, 16 of randomness drawn
// from a pooled CSPRNG buffer (counting up within one millisecond); unique across pool refills,
// ordered by time, every symbol used.
import { describe, expect, it } from 'vitest';
import { newId } from '../src/ids.js';

describe('newId', () => {
  it('is the prefix and 26 Crockford base32 characters, unique across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = newId('ord', 1_700_000_000_000);
      expect(id).toMatch(/^ord_[0-9a-hjkmnp-tv-z]{26}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it('sorts by creation time', () => {
    const ids = Array.from({ length: 50 }, (_, i) => newId('evt', 1_700_000_000_000 + i * 1000));
    expect([...ids].sort()).toEqual(ids);
  });

  it('ids made in one millisecond increase in the order they were made (events of one transaction sort as written)', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => newId(i % 2 ? 'evt' : 'pay', 1_700_000_000_123).slice(4));
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(2000);
    // a later millisecond starts afresh (random), still after them
    expect(newId('evt', 1_700_000_000_124).slice(4) > ids[ids.length - 1]).toBe(true);
  });

  it('spreads the random part over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const c of newId('x', i).slice(12)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 80,000 symbols over 32: 2,500 each on average; a broken bit extraction skews this far
    for (const n of counts.values()) expect(n).toBeGreaterThan(2000);
  });
});
