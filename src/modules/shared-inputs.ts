// Input rules shared by the domain areas: currencies, metadata, amounts.
import { z } from 'zod';
import { ApiError } from '../errors.js';

/** The ISO 4217 codes in circulation, as Node's ICU knows them (usd, eur, jpy, ...). */
const ISO_4217 = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));

/** ISO 4217 code, any case in; lowercase out (the spec's representation). Unknown codes are refused. */
export const CURRENCY_EXPECTED = 'a three-letter ISO 4217 currency code in circulation, e.g. usd';

export const currency = z
  .string()
  .superRefine((c, ctx) => {
    // one fault per field: the shape first, then whether the code exists
    if (!/^[A-Za-z]{3}$/.test(c)) ctx.addIssue({ code: 'custom', message: 'expected a three-letter ISO 4217 currency code', params: { expected: CURRENCY_EXPECTED } });
    else if (!ISO_4217.has(c.toLowerCase())) ctx.addIssue({ code: 'custom', message: 'not an ISO 4217 currency code in circulation (e.g. usd, eur, jpy)', params: { expected: CURRENCY_EXPECTED } });
  })
  .transform((c) => c.toLowerCase());

/** Stripe's metadata rules: up to 50 keys, keys up to 40 characters, string values up to 500. */
export const metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys');

/**
 * Metadata with its keys in the order PostgreSQL's jsonb keeps them (shorter keys first, then
 * by bytes), so that an answer built without reading the row back is the one a read gives.
 */
export function inJsonbOrder(m: Record<string, string>): Record<string, string> {
  const bytes = (k: string) => Buffer.from(k, 'utf8');
  const keys = Object.keys(m).sort((a, b) => {
    const ba = bytes(a);
    const bb = bytes(b);
    return ba.length - bb.length || Buffer.compare(ba, bb);
  });
  return Object.fromEntries(keys.map((k) => [k, m[k]!]));
}

/** A metadata update: a key set to '' or null is removed. */
export const metadataPatch = z
  .record(z.string().min(1).max(40), z.string().max(500).nullable())
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 keys');

export const METADATA_MAX_KEYS = 50;

/** The metadata after an update; the merged result obeys the same limits as a new one. */
export function mergeMetadata(current: unknown, patch: Record<string, string | null> | undefined): Record<string, string> {
  const out = { ...((current as Record<string, string>) ?? {}) };
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null || v === '') delete out[k];
    else out[k] = v;
  }
  const keys = Object.keys(out).length;
  if (keys > METADATA_MAX_KEYS) {
    throw ApiError.validation([{
      field: 'metadata', message: `the update would leave ${keys} keys; at most ${METADATA_MAX_KEYS} (remove keys by setting them to '' or null)`, expected: `at most ${METADATA_MAX_KEYS} keys`,
    }]);
  }
  return out;
}

/** Largest amount in minor units one order or price may carry (Stripe's 8-digit limit). */
export const MAX_AMOUNT = 99_999_999;
export const amount = z.number().int().min(0).max(MAX_AMOUNT);
/** An amount that moves money: at least one minor unit. */
export const positiveAmount = z.number().int().min(1).max(MAX_AMOUNT);

export const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[0-9a-z]{10,40}$`), `expected an id: ${prefix}_ and 10 to 40 lowercase letters or digits`);
