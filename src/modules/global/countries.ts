// ISO 3166-1 alpha-2 country codes as Node's ICU (CLDR) knows them, less CLDR's codes that
// are no country: ZZ (unknown), EU/EZ/UN (groupings), QO (outlying Oceania) and the
// user-assigned ranges AA, QM-QZ, XA-XZ (XK, Kosovo, is kept as the lists use it).
import { z } from 'zod';

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_COUNTRIES = /^(ZZ|EU|EZ|UN|AA|Q[M-Z]|X[A-JL-Z])$/;

/** Whether a two-letter code (any case) is a country or territory of ISO 3166-1. */
export function isCountry(code: string): boolean {
  const c = code.toUpperCase();
  return /^[A-Z]{2}$/.test(c) && !NOT_COUNTRIES.test(c) && names.of(c) !== undefined;
}

/** The English name of a country code (CLDR), or the code itself. */
export function countryName(code: string): string {
  return names.of(code.toUpperCase()) ?? code.toUpperCase();
}

/** An ISO 3166-1 alpha-2 code in a request; any case in, uppercase out. */
export const country = z
  .string()
  .refine(isCountry, { message: 'expected an ISO 3166-1 alpha-2 country code (e.g. DE, US)', params: { expected: 'ISO 3166-1 alpha-2, e.g. DE' } })
  .transform((c) => c.toUpperCase());
