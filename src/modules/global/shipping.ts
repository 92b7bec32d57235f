// Shipping quotes from rate tables: per origin country a currency, zones (destination
// countries, '*' for the rest of the world; the first zone naming the destination wins) and
// services with, per zone, estimated days and weight tiers. The shipped default tables
// (data/shipping-rates-default.json) apply in test mode always and in live mode until a table is
// imported with `npm run shipping -- import FILE` (same format).
//
// Each parcel bills the larger of its weight and its dimensional weight (L x W x H cm / 5000 =
// kg, i.e. L x W x H / 5 grams), rounded up to 100 g; it is priced at the first tier whose
// max_grams holds it; a quote is the sum over the parcels, in the origin's currency.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import type { Prisma } from '../../db/client.js';
import { zodFaults, type Tx } from '../../operations/operation.js';
import { country, isCountry } from './countries.js';
import { currencyExponent } from './currency.js';

const name = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lowercase letters, digits, _ and -, at most 40');
const tier = z.object({ max_grams: z.number().int().min(1).max(10_000_000), amount: z.number().int().min(0).max(99_999_999) }).strict();
const zoneRates = z.object({ estimated_days: z.number().int().min(0).max(365), tiers: z.array(tier).min(1).max(100) }).strict()
  .refine((r) => r.tiers.every((t, i) => i === 0 || t.max_grams > r.tiers[i - 1].max_grams), 'tiers must be in increasing max_grams');
const origin = z.object({
  currency: z.string().refine((c) => currencyExponent(c) !== undefined, 'an ISO 4217 currency code').transform((c) => c.toLowerCase()),
  zones: z.array(z.object({
    zone: name,
    countries: z.array(z.string().refine((c) => c === '*' || isCountry(c), 'an ISO 3166-1 alpha-2 code or *').transform((c) => c.toUpperCase())).min(1).max(300),
  }).strict()).min(1).max(100),
  services: z.array(z.object({ carrier: name, service: name, rates: z.record(name, zoneRates) }).strict()).min(1).max(50),
}).strict().superRefine((o, ctx) => {
  const zones = new Set(o.zones.map((zn) => zn.zone));
  o.services.forEach((s, i) => {
    for (const zn of Object.keys(s.rates)) if (!zones.has(zn)) ctx.addIssue({ code: 'custom', path: ['services', i, 'rates', zn], message: `no zone '${zn}' in zones` });
  });
});

export const shippingTablesSchema = z.object({
  object: z.literal('shipping_rate_tables').optional(),
  version: z.literal(1),
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional(),
  description: z.string().max(2000).optional(),
  origins: z.record(z.string(), origin).refine((o) => Object.keys(o).length > 0 && Object.keys(o).every(isCountry), 'keys are ISO 3166-1 alpha-2 codes of origin countries, at least one'),
}).strict();

export type ShippingTables = z.infer<typeof shippingTablesSchema>;

export class ShippingFileError extends Error {}

/** A table file checked against the format; its faults named by path. */
export function parseShippingTables(text: string): ShippingTables {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ShippingFileError(`not JSON: ${(err as Error).message}`);
  }
  const parsed = shippingTablesSchema.safeParse(json);
  if (!parsed.success) {
    throw new ShippingFileError(zodFaults(parsed.error).slice(0, 10).map((f) => `${f.field}: ${f.message}`).join('; '));
  }
  const origins = Object.fromEntries(Object.entries(parsed.data.origins).map(([k, v]) => [k.toUpperCase(), v]));
  return { ...parsed.data, origins };
}

let defaults: ShippingTables | undefined;
export function defaultShippingTables(): ShippingTables {
  defaults ??= parseShippingTables(readFileSync(new URL('./data/shipping-rates-default.json', import.meta.url), 'utf8'));
  return defaults;
}

const CURRENT = 'current';

export async function importShippingTables(prisma: Prisma, tables: ShippingTables, source: string): Promise<{ origins: string[]; services: number }> {
  await prisma.globalShippingTable.upsert({
    where: { id: CURRENT },
    create: { id: CURRENT, source, tables: tables as object },
    update: { source, tables: tables as object, importedAt: new Date() },
  });
  return { origins: Object.keys(tables.origins), services: Object.values(tables.origins).reduce((n, o) => n + o.services.length, 0) };
}

/** The tables a quote uses: the default in test mode, the imported one (else the default) in live mode. */
export async function shippingTablesFor(prisma: Prisma | Tx, livemode: boolean): Promise<{ tables: ShippingTables; source: 'default' | 'imported' }> {
  if (!livemode) return { tables: defaultShippingTables(), source: 'default' };
  const row = await prisma.globalShippingTable.findUnique({ where: { id: CURRENT } });
  if (!row) return { tables: defaultShippingTables(), source: 'default' };
  return { tables: row.tables as unknown as ShippingTables, source: 'imported' };
}

const cm = z.number().positive().max(1000).refine((v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'at most one decimal place (millimetres)');
// the postal code is echoed, not used for zoning (zones are by country): optional, null when left out
const place = z.object({ country, postal_code: z.string().trim().min(1).max(16).nullable().optional() }).strict()
  .transform((p) => ({ country: p.country, postal_code: p.postal_code ?? null }));

export const shippingQuoteInput = z.object({
  from: place,
  to: place,
  parcels: z.array(z.object({
    weight_grams: z.number().int().min(1).max(1_000_000),
    length_cm: cm.optional(),
    width_cm: cm.optional(),
    height_cm: cm.optional(),
  }).strict().superRefine((p, ctx) => {
    // dimensions bill a dimensional weight: all three or none (then the weight alone bills)
    const given = (['length_cm', 'width_cm', 'height_cm'] as const).filter((k) => p[k] !== undefined);
    if (given.length > 0 && given.length < 3) {
      for (const k of (['length_cm', 'width_cm', 'height_cm'] as const).filter((k) => p[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'is required with the other dimensions (give all three, or none)', params: { expected: 'a number of centimetres, with length_cm, width_cm and height_cm', code: 'MISSING_REQUIRED_FIELD' } });
      }
    }
  })).min(1).max(50),
  services: z.array(name).min(1).max(20).optional(),
}).strict();

export type ShippingQuoteInput = z.infer<typeof shippingQuoteInput>;

/** A parcel as quoteShipping takes it: a global order's single parcel has a weight and no dimensions. */
export interface ShippingParcel {
  weight_grams: number;
  length_cm?: number;
  width_cm?: number;
  height_cm?: number;
}

/** What quoteShipping takes: the REST input, or a global order's shipment (parcels without dimensions). */
export type ShippingRequest = Omit<ShippingQuoteInput, 'parcels'> & { parcels: ShippingParcel[] };

export interface ShippingRate {
  carrier: string;
  service: string;
  amount: number;
  currency: string;
  estimated_days: number;
  billable_weight_grams: number;
}

export interface ShippingQuote {
  object: 'shipping_quote';
  from: { country: string; postal_code: string | null };
  to: { country: string; postal_code: string | null };
  zone: string;
  parcels: { billable_weight_grams: number; dimensional_weight_grams: number }[];
  quotes: ShippingRate[];
  rates_source: 'default' | 'imported';
}

/** L x W x H / 5 grams (cm), rounded up to 100 g, exactly (dimensions in whole millimetres). */
export function dimensionalWeightGrams(lengthCm: number, widthCm: number, heightCm: number): number {
  const mm3 = BigInt(Math.round(lengthCm * 10)) * BigInt(Math.round(widthCm * 10)) * BigInt(Math.round(heightCm * 10));
  // grams = cm3 / 5 = mm3 / 5000; in 100 g steps: mm3 / 500000, rounded up
  return Number((mm3 + 499_999n) / 500_000n) * 100;
}

/** The weight a parcel bills: the larger of its weight and its dimensional weight, in 100 g steps, rounded up. */
export function billableWeightGrams(p: ShippingParcel): number {
  return Math.max(Math.ceil(p.weight_grams / 100) * 100, dimensionalWeightOf(p));
}

/** A parcel's dimensional weight; 0 without dimensions. */
function dimensionalWeightOf(p: ShippingParcel): number {
  return p.length_cm === undefined || p.width_cm === undefined || p.height_cm === undefined ? 0 : dimensionalWeightGrams(p.length_cm, p.width_cm, p.height_cm);
}

/** The quotes for a shipment, cheapest first. Global orders call this. */
export function quoteShipping(tables: ShippingTables, input: ShippingRequest, source: 'default' | 'imported' = 'default'): ShippingQuote {
  const from = input.from.country;
  const to = input.to.country;
  const o = tables.origins[from];
  if (!o) {
    throw new ApiError('SHIPPING_UNAVAILABLE', `No shipping rates from ${from}: the rate tables cover shipments from ${Object.keys(tables.origins).join(', ')}`, {
      origins: Object.keys(tables.origins),
    }, 'from.country');
  }
  const zone = o.zones.find((zn) => zn.countries.includes(to)) ?? o.zones.find((zn) => zn.countries.includes('*'));
  if (!zone) throw new ApiError('SHIPPING_UNAVAILABLE', `No shipping zone from ${from} covers ${to}`, {}, 'to.country');
  const serviceNames = [...new Set(o.services.map((s) => s.service))];
  if (input.services) {
    const unknown = input.services.filter((s) => !serviceNames.includes(s));
    if (unknown.length) {
      throw new ApiError('INVALID_FIELD_VALUE', `Unknown service '${unknown[0]}' from ${from}; the services are ${serviceNames.join(', ')}`, { services: serviceNames }, 'services');
    }
  }
  const parcels = input.parcels.map((p) => ({ billable_weight_grams: billableWeightGrams(p), dimensional_weight_grams: dimensionalWeightOf(p) }));
  const billable = parcels.reduce((s, p) => s + p.billable_weight_grams, 0);
  const quotes: ShippingRate[] = [];
  for (const s of o.services) {
    if (input.services && !input.services.includes(s.service)) continue;
    const rates = s.rates[zone.zone];
    if (!rates) continue;
    let amount = 0;
    let fits = true;
    for (const p of parcels) {
      const t = rates.tiers.find((x) => p.billable_weight_grams <= x.max_grams);
      if (!t) { fits = false; break; }
      amount += t.amount;
    }
    if (fits) quotes.push({ carrier: s.carrier, service: s.service, amount, currency: o.currency, estimated_days: rates.estimated_days, billable_weight_grams: billable });
  }
  if (!quotes.length) {
    throw new ApiError('SHIPPING_UNAVAILABLE', `No service ships this from ${from} to ${to} (zone ${zone.zone}): a parcel is heavier than every tier, or no requested service serves the zone`, {
      zone: zone.zone, billable_weight_grams: parcels.map((p) => p.billable_weight_grams),
    });
  }
  quotes.sort((a, b) => a.amount - b.amount || a.estimated_days - b.estimated_days || a.carrier.localeCompare(b.carrier) || a.service.localeCompare(b.service));
  return { object: 'shipping_quote', from: input.from, to: input.to, zone: zone.zone, parcels, quotes, rates_source: source };
}
