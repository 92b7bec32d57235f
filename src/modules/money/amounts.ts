// Amounts of money. Fiat: integer minor units (cents), as everywhere in the API. The coin:
// exact decimal strings with at most 6 decimal places ("12.5", "0.000001"), held as integer
// micro-units (BigInt) in the ledger, never as floats. A payment in the coin's own currency
// (`usdx`) counts integer hundredths of the coin, as usd cents (registerCoinCurrency).
import { z } from 'zod';

export const COIN_DECIMALS = 6;
const COIN_SCALE = 10n ** BigInt(COIN_DECIMALS);
/** The largest coin amount one request may move: one trillion coins. */
export const COIN_MAX_MICRO = 1_000_000_000_000n * COIN_SCALE;
const COIN_PATTERN = /^(0|[1-9][0-9]{0,12})(\.[0-9]{1,6})?$/;

/** "12.5" -> 12500000n; undefined when the text is not a plain positive decimal of at most 6 places. */
export function parseCoin(text: string): bigint | undefined {
  if (!COIN_PATTERN.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  const micro = BigInt(whole) * COIN_SCALE + BigInt(fraction.padEnd(COIN_DECIMALS, '0'));
  return micro > 0n && micro <= COIN_MAX_MICRO ? micro : undefined;
}

/** 12500000n -> "12.5"; 0n -> "0"; negative amounts keep their sign. */
export function formatCoin(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / COIN_SCALE;
  const fraction = (abs % COIN_SCALE).toString().padStart(COIN_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const COIN_EXPECTED = 'a positive decimal string with at most 6 decimal places, e.g. "12.5"';

/**
 * A coin amount in a request: a JSON string, parsed to micro-units. Anything else (a number,
 * more decimals, zero, negative, exponent forms) is INVALID_FIELD_VALUE naming the field.
 */
export const coinAmount = z
  .unknown()
  .transform((value, ctx) => {
    const micro = typeof value === 'string' ? parseCoin(value) : undefined;
    if (micro === undefined) {
      const message = value === undefined || value === null ? 'required'
        : typeof value === 'number' ? `amounts of the coin are strings, not numbers: send "${value}"`
          : `expected ${COIN_EXPECTED}, greater than 0 and at most ${formatCoin(COIN_MAX_MICRO)}`;
      ctx.addIssue({
        code: 'custom', message,
        params: { expected: COIN_EXPECTED, code: value === undefined || value === null ? 'MISSING_REQUIRED_FIELD' : 'INVALID_FIELD_VALUE' },
      });
      return z.NEVER;
    }
    return micro;
  })
  .meta({ type: 'string', description: `Amount of the coin: ${COIN_EXPECTED}` });

/** ISO 4217 currencies without minor units (amounts are whole units). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
/** ISO 4217 currencies with three decimal places. */
const THREE_DECIMAL = new Set(['bhd', 'iqd', 'jod', 'kwd', 'lyd', 'omr', 'tnd']);

/** The ISO 4217 codes in circulation, as Node's ICU knows them (the list shared-inputs.ts checks). */
const ISO_4217 = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));

/**
 * The stablecoin's code as a currency of payments and balances: pegged 1:1 to usd, its amounts
 * in integer hundredths of the coin, exactly as usd cents (1250 usdx = 12.50 usdx). In the
 * ledger the coin itself (wallets, the issuer) counts micro-units (COIN_DECIMALS); the account's
 * balances in the coin's currency (available, refunded, the settlement side) count hundredths.
 */
export const COIN_CURRENCY_EXPONENT = 2;
/** Hundredths of the coin (or usd cents) -> micro-units of the coin: 1 = 0.01 coin. */
export const MICRO_PER_COIN_MINOR = 10n ** BigInt(COIN_DECIMALS - COIN_CURRENCY_EXPONENT);

/** The coin codes this process's servers run with (STABLECOIN_CURRENCY), as currencies. */
const coinCurrencies = new Set<string>();

/**
 * Makes the stablecoin's code (`services.money.coin`) a currency payments may be in, with
 * exponent 2: the one place the coin becomes a currency. A code that is also an ISO 4217 code
 * stays that fiat currency (a coin configured as `usd` pays in usd as a stablecoin payment).
 */
export function registerCoinCurrency(code: string): void {
  const c = code.toLowerCase();
  if (!ISO_4217.has(c)) coinCurrencies.add(c);
}

/** Whether `code` (lowercase) is a registered coin code, not an ISO 4217 one. */
export function isCoinCurrency(code: string): boolean {
  return coinCurrencies.has(code);
}

/** The registered coin codes (for the text of a validation fault). */
export function registeredCoinCurrencies(): string[] {
  return [...coinCurrencies].sort();
}

/** Digits after the decimal point of an amount in `currency` (a registered coin code: 2). */
export function currencyExponent(currency: string): number {
  if (coinCurrencies.has(currency)) return COIN_CURRENCY_EXPONENT;
  return ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
}

/** 900 usd -> "9.00"; 500 jpy -> "500": the major unit as a decimal string (event fields). */
export function formatMajor(minor: number | bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  if (exponent === 0) return `${negative ? '-' : ''}${abs}`;
  const scale = 10n ** BigInt(exponent);
  return `${negative ? '-' : ''}${abs / scale}.${(abs % scale).toString().padStart(exponent, '0')}`;
}
