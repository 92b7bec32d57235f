// What other areas (global orders) and both doors use of global commerce: quote FX, calculate
// tax, quote shipping, screen a name. Each is the function the REST and GraphQL doors call.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import type { Services } from '../../operations/operation.js';
import { FX_MAX_AMOUNT } from './fx.js';
import { calculateTax } from './tax.js';
import { isoCurrency } from './currency.js';
import { country } from './countries.js';

export { quoteFx, type FxQuote } from './fx.js';
export { calculateTax, type TaxCalculation, type TaxRequest } from './tax.js';
export { quoteShipping, shippingTablesFor, billableWeightGrams, shippingQuoteInput, type ShippingQuote, type ShippingQuoteInput, type ShippingRate } from './shipping.js';
export { prepareScreening, recordCheck, storeCheck, screen, complianceCheckInput, type ComplianceCheckInput, type Screening } from './compliance.js';
export { currencyExponent, convertMinor, parseDecimal, formatDecimal, divideHalfEven } from './currency.js';
export { globalSettings, type GlobalSettings } from './settings.js';

const minorAmount = (max: number) => z.string().regex(/^\d{1,15}$/, 'an integer amount in minor units (e.g. 1000 for 10.00 EUR)').transform(Number).refine((n) => n <= max, `at most ${max}`);

export const fxQuoteQuery = z.object({ from: isoCurrency, to: isoCurrency, amount: minorAmount(FX_MAX_AMOUNT) }).strict();

export const taxQuery = z.object({
  amount: minorAmount(99_999_999_999),
  currency: isoCurrency,
  country: z.string().regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code'),
  region: z.string().trim().min(1).max(10).optional(),
  postal_code: z.string().trim().min(1).max(16).optional(),
  customer_type: z.enum(['b2c', 'b2b']).default('b2c'),
  vat_id: z.string().trim().min(2).max(30).optional(),
  seller_country: country.optional(),
}).strict();

export type TaxQuery = z.infer<typeof taxQuery>;

/**
 * The seller's country: `seller_country`, else the account's country when accounts carry one,
 * else DE for test mode; live mode without either is a 400.
 */
export async function sellerCountryFor(services: Services, scope: { accountId: string; livemode: boolean }, given?: string): Promise<string> {
  if (given) return given;
  const account = await services.db.prisma.account.findUnique({ where: { id: scope.accountId } });
  const own = (account as Record<string, unknown> | null)?.country;
  if (typeof own === 'string' && /^[A-Za-z]{2}$/.test(own)) return own.toUpperCase();
  if (!scope.livemode) return 'DE';
  throw new ApiError('MISSING_REQUIRED_FIELD', 'seller_country is required: the account has no country on record', {}, 'seller_country');
}

/** GET /v1/global/tax/calculate and GraphQL taxCalculation. */
export async function taxFor(services: Services, scope: { accountId: string; livemode: boolean }, q: TaxQuery) {
  return calculateTax({
    amount: q.amount, currency: q.currency, country: q.country, region: q.region, postalCode: q.postal_code,
    customerType: q.customer_type, vatId: q.vat_id, sellerCountry: await sellerCountryFor(services, scope, q.seller_country),
  });
}

