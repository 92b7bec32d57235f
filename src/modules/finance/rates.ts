// Rates are decimal strings of fractions ("0.85", "0.025"), never binary floats: every
// amount derived from one is computed exactly with BigInt over integer minor units.
import { z } from 'zod';

const RATE_PATTERN = /^0\.[0-9]{1,4}$/;

/** "0.85" -> [85n, 100n] */
function parts(rate: string): [bigint, bigint] {
  const fraction = rate.split('.')[1] ?? '';
  return [BigInt(fraction || '0'), 10n ** BigInt(fraction.length)];
}

/** floor(amount x rate) */
export function floorRate(amount: number, rate: string): number {
  const [n, d] = parts(rate);
  return Number((BigInt(amount) * n) / d);
}

/** amount x rate rounded half to even to the minor unit (the invoices' rounding of tax) */
export function roundRate(amount: number, rate: string): number {
  const [n, d] = parts(rate);
  const num = BigInt(amount) * n;
  const q = num / d;
  const r = num % d;
  if (r * 2n > d || (r * 2n === d && q % 2n === 1n)) return Number(q + 1n);
  return Number(q);
}

/** a < b for two rate strings */
export function rateLess(a: string, b: string): boolean {
  const [an, ad] = parts(a);
  const [bn, bd] = parts(b);
  return an * bd < bn * ad;
}

/** A rate in a request: a decimal string in (0, 1) with at most 4 decimal places. */
export const rateInput = z.string().superRefine((v, ctx) => {
  if (!RATE_PATTERN.test(v) || /^0\.0+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: `'${v.slice(0, 40)}' is not a rate: a decimal string of a fraction in (0, 1), e.g. "0.1"`, params: { expected: 'a decimal string in (0, 1) with at most 4 decimal places, e.g. "0.1"', code: 'INVALID_FIELD_VALUE' } });
  }
}).meta({ type: 'string', description: 'A fraction in (0, 1) as a decimal string, e.g. "0.1"' });
