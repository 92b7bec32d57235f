// Tax of an invoice line: amount x rate / 100, rounded half to even to the currency's minor
// unit. Amounts are already integers of minor units (cents, yen, fils), so the rounding is to
// an integer, whatever the currency's exponent; the arithmetic is exact (BigInt), never a float.
import { z } from 'zod';

/** A percent as a decimal string: "19", "7.25", "0.5"; 0 to 100, at most 4 decimal places. */
export const TAX_RATE_PATTERN = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,4})?$/;
const TAX_RATE_EXPECTED = 'a percent as a decimal string from "0" to "100" with at most 4 decimal places, e.g. "19" or "7.25"';

export const taxRate = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== 'string' || !TAX_RATE_PATTERN.test(value) || rateParts(value).scaled > 100n * 10n ** BigInt(rateParts(value).places)) {
      ctx.addIssue({
        code: 'custom',
        message: typeof value === 'number' ? `tax rates are decimal strings, not numbers: send "${value}"` : `expected ${TAX_RATE_EXPECTED}`,
        params: { expected: TAX_RATE_EXPECTED, code: 'INVALID_FIELD_VALUE' },
      });
      return z.NEVER;
    }
    return value;
  })
  .meta({ type: 'string', description: `Tax rate: ${TAX_RATE_EXPECTED}` });

function rateParts(rate: string): { scaled: bigint; places: number } {
  const [whole, fraction = ''] = rate.split('.');
  return { scaled: BigInt(whole + fraction), places: fraction.length };
}

/** `n / d` rounded half to even (n >= 0, d > 0). */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = 2n * r;
  if (twice > d) return q + 1n;
  if (twice < d) return q;
  return q % 2n === 0n ? q : q + 1n;
}

/** The tax in minor units of `amount` minor units at `rate` percent (a decimal string). */
export function lineTax(amount: number, rate: string | null | undefined): number {
  if (!rate) return 0;
  const { scaled, places } = rateParts(rate);
  return Number(divideHalfEven(BigInt(amount) * scaled, 100n * 10n ** BigInt(places)));
}
