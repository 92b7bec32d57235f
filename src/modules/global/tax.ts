// Tax calculation from the offline rate tables of the `sales-tax` package (no network: its
// online VAT check is never enabled) and VAT id format checks with `jsvat`.
//
// Rules (docs/global.md): the tax is the destination's (the customer's country, and US state or
// Canadian province by `region`); `amount` excludes tax; `tax_amount` = amount x rate rounded
// half to even. An EU seller selling to a business in another EU member state that gives a VAT
// id valid for that country is reverse charge: rate 0, `reverse_charge: true`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import salesTax from 'sales-tax';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { ApiError } from '../../errors.js';
import { applyRate, currencyExponent, formatDecimal, parseDecimal, type Decimal } from './currency.js';
import { regionOfPostalCode } from './postal.js';

const require = createRequire(import.meta.url);

const RATE_TABLE = require('sales-tax/res/sales_tax_rates.json') as Record<string, unknown>;
const EU = new Set((require('sales-tax/res/region_countries.json') as { EU: string[] }).EU);

/** The package's version and the release date its changelog gives it: what `rates_as_of` says. */
function ratesRelease(): { version: string; asOf: number | null } {
  const pkgPath = require.resolve('sales-tax/package.json');
  const { version } = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
  let asOf: number | null = null;
  try {
    const changelog = readFileSync(pkgPath.replace(/package\.json$/, 'CHANGELOG.md'), 'utf8');
    const m = new RegExp(`^## ${version.replace(/\./g, '\\.')} \\((\\d{4}-\\d{2}-\\d{2})\\)`, 'm').exec(changelog);
    if (m) asOf = Math.floor(Date.parse(`${m[1]}T00:00:00Z`) / 1000);
  } catch {
    asOf = null;
  }
  return { version, asOf };
}
const RELEASE = ratesRelease();

/** USPS codes of the 50 states and DC: a state without a sales tax (OR, NH, ...) is valid at 0. */
const US_STATES = new Set(('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY').split(' '));
/** Canada's provinces and territories (ISO 3166-2:CA). */
const CA_PROVINCES = new Set(('AB BC MB NB NL NS NT NU ON PE QC SK YT').split(' '));
const REGIONS_REQUIRED: Record<string, Set<string>> = { US: US_STATES, CA: CA_PROVINCES };

export type CustomerType = 'b2c' | 'b2b';

export interface TaxRequest {
  amount: number;
  currency: string;
  country: string;
  region?: string;
  postalCode?: string;
  customerType: CustomerType;
  vatId?: string;
  sellerCountry: string;
}

export interface TaxLine {
  type: string;
  jurisdiction: string;
  rate: string;
  amount: number;
}

export interface TaxCalculation {
  object: 'tax_calculation';
  amount: number;
  currency: string;
  tax_amount: number;
  rate: string;
  jurisdiction: { country: string; region: string | null; postal_code: string | null };
  reverse_charge: boolean;
  customer_type: CustomerType;
  seller_country: string;
  vat_id: { value: string; country: string; valid: true } | null;
  breakdown: TaxLine[];
  rates_as_of: number | null;
  rates_source: string;
}

/** Whether the package's tables know this country (the countries tax can be calculated for). */
export function taxCountryKnown(country: string): boolean {
  return Object.hasOwn(RATE_TABLE, country.toUpperCase());
}

function decimalRate(rate: number): Decimal {
  // the package's rates have at most 6 decimals (it rounds sums with toFixed(6) itself)
  return parseDecimal(rate.toFixed(6))!;
}

function typeName(country: string, type: string, level: 'country' | 'region'): string {
  // the package calls US state taxes 'vat'; they are sales taxes
  if (country === 'US' && level === 'region') return 'sales_tax';
  return type;
}

/** A VAT id checked by jsvat: 400 naming vat_id when malformed or of another country. */
function checkVatId(vatId: string, country: string): { value: string; country: string } | undefined {
  const result = checkVAT(vatId, vatCountries);
  if (!result.isSupportedCountry) {
    // ids of countries jsvat does not know (a US EIN) cannot be checked; they matter only in the EU
    if (EU.has(country)) throw new ApiError('INVALID_FIELD_VALUE', `vat_id '${vatId}' is not a VAT id of an EU member state (expected the country prefix, e.g. DE136695976)`, {}, 'vat_id');
    return undefined;
  }
  if (!result.isValid) throw new ApiError('INVALID_FIELD_VALUE', `vat_id '${vatId}' is malformed: its format or check digits are wrong for ${result.country?.name ?? 'its country'}`, {}, 'vat_id');
  const of = result.country!.isoCode.short;
  if (of !== country) throw new ApiError('INVALID_FIELD_VALUE', `vat_id '${vatId}' is a VAT id of ${of}, not of the customer's country ${country}`, {}, 'vat_id');
  return { value: result.value ?? vatId, country: of };
}

/**
 * The region of a US or Canadian destination: `region` as given, else the state or province its
 * postal code names (src/modules/global/postal.ts). A postal code of the wrong format for the
 * country, or naming another region than `region`, is a 400 naming postal_code.
 */
function regionFor(country: string, region: string | undefined, postalCode: string | undefined): string | undefined {
  // without a postal code, or with a region that is none (400 naming region, below)
  if (!postalCode || !REGIONS_REQUIRED[country] || (region && !REGIONS_REQUIRED[country].has(region))) return region;
  const known = regionOfPostalCode(country, postalCode);
  if (!known) return region;
  if (known.malformed) throw new ApiError('INVALID_FIELD_VALUE', `postal_code '${postalCode}' is not ${known.malformed}`, {}, 'postal_code');
  const named = known.region;
  if (named && !REGIONS_REQUIRED[country].has(named)) {
    // a US ZIP of a territory (PR, VI, GU: countries of their own) or of a military post office
    const what = ['PR', 'VI', 'GU'].includes(named) ? `is in ${named}, which is a country code of its own (country=${named})` : `is a military post office (${named}); give the state as region`;
    if (!region) throw new ApiError('INVALID_FIELD_VALUE', `postal_code '${postalCode}' ${what}`, { postal_region: named }, 'postal_code');
    return region;
  }
  if (!region) return named;
  if (named && named !== region) {
    throw new ApiError('INVALID_FIELD_VALUE', `postal_code '${postalCode}' is in ${named}, not in region ${region}`, { postal_region: named, region }, 'postal_code');
  }
  return region;
}

/** The tax on an amount (minor units, tax excluded). Global orders call this for subtotal plus shipping. */
export async function calculateTax(req: TaxRequest): Promise<TaxCalculation> {
  const country = req.country.toUpperCase();
  const seller = req.sellerCountry.toUpperCase();
  const currency = req.currency.toLowerCase();
  if (currencyExponent(currency) === undefined) throw new ApiError('INVALID_FIELD_VALUE', `'${req.currency}' is not an ISO 4217 currency code`, {}, 'currency');
  if (!/^[A-Z]{2}$/.test(country) || !taxCountryKnown(country)) {
    throw new ApiError('INVALID_FIELD_VALUE', `No tax rates are known for country '${req.country}' (expected an ISO 3166 alpha-2 code the rate tables cover, e.g. DE, FR, US)`, {}, 'country');
  }
  if (!/^[A-Z]{2}$/.test(seller) || !taxCountryKnown(seller)) {
    throw new ApiError('INVALID_FIELD_VALUE', `No tax rates are known for seller country '${req.sellerCountry}'`, {}, 'seller_country');
  }
  const region = regionFor(country, req.region?.toUpperCase(), req.postalCode);
  const allowed = REGIONS_REQUIRED[country];
  if (allowed && !region) throw new ApiError('MISSING_REQUIRED_FIELD', `region is required for ${country}: the ${country === 'US' ? 'state' : 'province'} code (e.g. ${country === 'US' ? 'NY' : 'ON'})`, {}, 'region');
  if (allowed && region && !allowed.has(region)) {
    throw new ApiError('INVALID_FIELD_VALUE', `'${req.region}' is not a ${country === 'US' ? 'US state' : 'Canadian province'} code; expected one of ${[...allowed].join(', ')}`, {}, 'region');
  }
  const vat = req.vatId ? checkVatId(req.vatId, country) : undefined;
  const reverseCharge = req.customerType === 'b2b' && vat !== undefined && EU.has(seller) && EU.has(country) && seller !== country;

  // the package's current rates (its dated changes applied) for the destination; no tax number
  // is passed: reverse charge is decided above, and the package's online VAT check stays off
  salesTax.setTaxOriginCountry(seller, true);
  const national = await salesTax.getSalesTax(country, null);
  salesTax.setTaxOriginCountry(seller, true); // read synchronously by the call: no other request's origin in between
  const full = region ? await salesTax.getSalesTax(country, region) : national;
  const lines: { type: string; jurisdiction: string; rate: Decimal }[] = [];
  const regional = region ? `${country}-${region}` : country;
  const detailSum = full.details.reduce((sum, d) => sum + Math.round(d.rate * 1e6), 0);
  if (detailSum === Math.round(full.rate * 1e6)) {
    // the package's lines: the national rate (when above 0), then the regional one
    full.details.forEach((d, i) => {
      const level = i === 0 && national.rate > 0 ? 'country' : 'region';
      lines.push({ type: typeName(country, d.type, level), jurisdiction: level === 'country' ? country : regional, rate: decimalRate(d.rate) });
    });
  } else if (full.rate > 0) {
    // a region whose tax replaces the national one (the Canary Islands' IGIC): one line, the package's total
    lines.push({ type: typeName(country, full.type, 'region'), jurisdiction: regional, rate: decimalRate(full.rate) });
  }

  const amount = BigInt(req.amount);
  let total: Decimal = { int: 0n, scale: 6 };
  const breakdown: TaxLine[] = [];
  if (!reverseCharge) {
    for (const l of lines) total = { int: total.int + l.rate.int * 10n ** BigInt(6 - l.rate.scale), scale: 6 };
    const taxAmount = applyRate(amount, total);
    let left = taxAmount;
    lines.forEach((l, i) => {
      // each line rounded half to even; the last takes what is left so the lines sum to tax_amount
      const part = i === lines.length - 1 ? left : applyRate(amount, l.rate);
      left -= part;
      breakdown.push({ type: l.type, jurisdiction: l.jurisdiction, rate: formatDecimal(l.rate), amount: Number(part) });
    });
  }
  const taxAmount = breakdown.reduce((s, l) => s + l.amount, 0);
  return {
    object: 'tax_calculation',
    amount: req.amount,
    currency,
    tax_amount: taxAmount,
    rate: formatDecimal(total),
    jurisdiction: { country, region: region ?? null, postal_code: req.postalCode ?? null },
    reverse_charge: reverseCharge,
    customer_type: req.customerType,
    seller_country: seller,
    vat_id: vat ? { ...vat, valid: true } : null,
    breakdown,
    rates_as_of: RELEASE.asOf,
    rates_source: `sales-tax ${RELEASE.version}`,
  };
}
