// Currency exponents from ISO 4217 (the `currency-codes` package: JPY 0, EUR 2, KWD 3) and
// exact decimal arithmetic for rates and amounts: rates are decimal strings, amounts integer
// minor units, every rounding half to even (banker's rounding), never a float in between.
import currencyCodes from 'currency-codes';
import { z } from 'zod';

/** Digits after the decimal point of an ISO 4217 currency (its minor unit), or undefined when unknown. */
export function currencyExponent(code: string): number | undefined {
  const record = currencyCodes.code(code.toUpperCase());
  if (!record || typeof record.digits !== 'number' || !Number.isInteger(record.digits)) return undefined;
  return record.digits;
}

/** A currency of ISO 4217 with a known minor unit; any case in, lowercase out (the API's spelling). */
export const isoCurrency = z
  .string()
  .superRefine((c, ctx) => {
    if (!/^[A-Za-z]{3}$/.test(c)) ctx.addIssue({ code: 'custom', message: 'expected a three-letter ISO 4217 currency code', params: { expected: 'ISO 4217 code, e.g. eur' } });
    else if (currencyExponent(c) === undefined) ctx.addIssue({ code: 'custom', message: `'${c}' is not an ISO 4217 currency code`, params: { expected: 'ISO 4217 code, e.g. eur' } });
  })
  .transform((c) => c.toLowerCase());

/** An exact decimal: value = int / 10^scale. */
export interface Decimal {
  int: bigint;
  scale: number;
}

const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

/** "1.0845" -> {int: 10845n, scale: 4}; undefined unless a plain non-negative decimal. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  return { int: BigInt(m[1] + fraction), scale: fraction.length };
}

/** The decimal text without trailing zeros ("1.0800" -> "1.08", "2.0" -> "2"). */
export function formatDecimal(d: Decimal): string {
  const neg = d.int < 0n;
  const digits = (neg ? -d.int : d.int).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** num / den rounded half to even to an integer (den > 0). */
export function divideHalfEven(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError('divisor must be positive');
  const neg = num < 0n;
  const n = neg ? -num : num;
  let q = n / den;
  const r = n % den;
  const twice = r * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return neg ? -q : q;
}

/**
 * The rational num/den as a decimal of `significant` significant digits, rounded half to
 * even (num, den > 0).
 */
export function toSignificant(num: bigint, den: bigint, significant: number): Decimal {
  if (num === 0n) return { int: 0n, scale: 0 };
  // the integer part's digit count decides the scale
  let scale = significant - (num / den).toString().length;
  if (num < den) {
    // 0.00xyz: count the leading zeros after the point
    let zeros = 0;
    let n = num * 10n;
    while (n < den) { n *= 10n; zeros++; }
    scale = significant + zeros;
  }
  const int = scale >= 0 ? divideHalfEven(num * 10n ** BigInt(scale), den) : divideHalfEven(num, den * 10n ** BigInt(-scale)) * 10n ** BigInt(-scale);
  return { int, scale: Math.max(scale, 0) };
}

/**
 * An amount in minor units of one currency converted at `rate` into minor units of another,
 * half to even: amount x rate x 10^(toExponent - fromExponent), exactly.
 */
export function convertMinor(amount: bigint, rate: Decimal, fromExponent: number, toExponent: number): bigint {
  let num = amount * rate.int;
  let den = 10n ** BigInt(rate.scale);
  const shift = toExponent - fromExponent;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  return divideHalfEven(num, den);
}

/** amount x rate, half to even, in the same currency (tax). */
export function applyRate(amount: bigint, rate: Decimal): bigint {
  return divideHalfEven(amount * rate.int, 10n ** BigInt(rate.scale));
}
