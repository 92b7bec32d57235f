// FX quotes. Rates come from a file in the ECB's reference-rate formats (eurofxref CSV, daily
// or historical; eurofxref XML, daily or historical), imported with `npm run fx -- import FILE`
// into GlobalFxRate for live mode. Test mode quotes from a fixed table shipped in the same XML
// format (data/fx-test-rates.xml, documented in docs/global.md), never stale. Nothing is fetched
// at run time.
//
// A quote: rate = to-per-EUR / from-per-EUR x (1 - FX_SPREAD_BPS / 10000), rounded half to even
// to 10 significant digits and shown as that decimal string; converted_amount = amount x rate x
// 10^(exponent(to) - exponent(from)), exactly from that string, rounded half to even.
import { readFileSync } from 'node:fs';
import { ApiError } from '../../errors.js';
import type { Prisma } from '../../db/client.js';
import type { Tx } from '../../operations/operation.js';
import { convertMinor, currencyExponent, formatDecimal, parseDecimal, toSignificant, type Decimal } from './currency.js';
import type { GlobalSettings } from './settings.js';

export const RATE_SIGNIFICANT_DIGITS = 10;
/** how long a quote is honoured (expires_at), at most; a live quote also not past the rates' age limit */
export const QUOTE_TTL_SECONDS = 15 * 60;
/** the largest amount (minor units) a quote converts */
export const FX_MAX_AMOUNT = 999_999_999_999;

export interface RateTable {
  /** lowercase ISO 4217 code the rates are quoted against */
  base: string;
  /** currency -> units of it per one unit of base (the base itself included, "1") */
  rates: Map<string, string>;
  asOf: Date;
  source: string;
}

export interface FxQuote {
  object: 'fx_quote';
  from: string;
  to: string;
  rate: string;
  amount: number;
  converted_amount: number;
  source: string;
  as_of: number;
  expires_at: number;
}

export class FxFileError extends Error {}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "2026-11-24" or "24 November 2026" (the daily CSV's spelling) -> that day, 00:00 UTC. */
function parseEcbDate(text: string): Date | undefined {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCDate() === Number(m[3]) ? d : undefined;
  }
  m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2].toLowerCase());
    if (month < 0) return undefined;
    const d = new Date(Date.UTC(Number(m[3]), month, Number(m[1])));
    return d.getUTCDate() === Number(m[1]) ? d : undefined;
  }
  return undefined;
}

function checkedRate(currency: string, rate: string, where: string): [string, string] {
  const code = currency.trim().toLowerCase();
  if (!/^[a-z]{3}$/.test(code) || currencyExponent(code) === undefined) throw new FxFileError(`${where}: '${currency}' is not an ISO 4217 currency code`);
  const d = parseDecimal(rate.trim());
  if (!d || d.int === 0n) throw new FxFileError(`${where}: the rate of ${code.toUpperCase()} ('${rate}') is not a positive decimal`);
  return [code, formatDecimal(d)];
}

/** The ECB's CSV (eurofxref.csv or eurofxref-hist.csv): the latest date's row. */
function parseEcbCsv(text: string): { asOf: Date; rates: Map<string, string> } {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length);
  if (lines.length < 2) throw new FxFileError('the CSV has no rates: expected a header "Date, USD, JPY, ..." and at least one row');
  const header = lines[0].split(',').map((h) => h.trim());
  if (header[0].toLowerCase() !== 'date') throw new FxFileError(`the CSV's first column is '${header[0]}', expected 'Date' (the ECB reference-rate CSV)`);
  let best: { date: Date; cells: string[]; line: number } | undefined;
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i].split(',').map((c) => c.trim());
    const date = parseEcbDate(cells[0]);
    if (!date) throw new FxFileError(`line ${i + 1}: '${cells[0]}' is not a date (YYYY-MM-DD or "24 November 2026")`);
    if (!best || date > best.date) best = { date, cells, line: i + 1 };
  }
  const rates = new Map<string, string>();
  for (let c = 1; c < header.length; c++) {
    if (!header[c]) continue; // the trailing comma of the ECB's files
    const value = best!.cells[c] ?? '';
    if (value === '' || value.toUpperCase() === 'N/A') continue; // a currency not quoted that day
    const [code, rate] = checkedRate(header[c], value, `line ${best!.line}`);
    rates.set(code, rate);
  }
  return { asOf: best!.date, rates };
}

/** The ECB's XML (eurofxref-daily.xml, -hist.xml): the latest <Cube time=...>. */
function parseEcbXml(text: string): { asOf: Date; rates: Map<string, string>; sender?: string } {
  const sender = /<gesmes:name>([^<]*)<\/gesmes:name>/.exec(text)?.[1]?.trim();
  const dayPattern = /<Cube\s+time\s*=\s*["']([^"']+)["']\s*>([\s\S]*?)<\/Cube>/g;
  let best: { date: Date; body: string } | undefined;
  for (const m of text.matchAll(dayPattern)) {
    const date = parseEcbDate(m[1]);
    if (!date) throw new FxFileError(`<Cube time='${m[1]}'>: not a date (YYYY-MM-DD)`);
    if (!best || date > best.date) best = { date, body: m[2] };
  }
  if (!best) throw new FxFileError("the XML has no <Cube time='YYYY-MM-DD'> element (the ECB reference-rate XML)");
  const rates = new Map<string, string>();
  const ratePattern = /<Cube\s+([^>]*?)\/>/g;
  for (const m of best.body.matchAll(ratePattern)) {
    const attrs = Object.fromEntries([...m[1].matchAll(/(\w+)\s*=\s*["']([^"']*)["']/g)].map((a) => [a[1], a[2]]));
    if (attrs.currency === undefined || attrs.rate === undefined) throw new FxFileError(`<Cube ${m[1].trim()}/>: expected currency='...' and rate='...'`);
    const [code, rate] = checkedRate(attrs.currency, attrs.rate, `<Cube time='${best.date.toISOString().slice(0, 10)}'>`);
    rates.set(code, rate);
  }
  return { asOf: best.date, rates, sender };
}

/** A rate file in either ECB format (told apart by its first character), EUR-based. */
export function parseEcbFile(text: string, source = 'ecb'): RateTable {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  const parsed = body.startsWith('<') ? parseEcbXml(body) : parseEcbCsv(body);
  if (parsed.rates.size === 0) throw new FxFileError('the file quotes no currency');
  if (parsed.rates.has('eur')) throw new FxFileError('the file quotes EUR against itself: the ECB files are EUR-based and do not list EUR');
  const rates = new Map(parsed.rates);
  rates.set('eur', '1');
  return { base: 'eur', rates, asOf: parsed.asOf, source };
}

let testTable: RateTable | undefined;

/** The fixed test-mode table (data/fx-test-rates.xml). */
export function testRateTable(): RateTable {
  testTable ??= parseEcbFile(readFileSync(new URL('./data/fx-test-rates.xml', import.meta.url), 'utf8'), 'test_table');
  return testTable;
}

/** Replaces the live rates with a file's (one transaction); returns what was imported. */
export async function importRates(prisma: Prisma, table: RateTable): Promise<{ as_of: number; currencies: number; source: string }> {
  const rows = [...table.rates].map(([currency, rate]) => ({ currency, base: table.base, rate, asOf: table.asOf, source: table.source }));
  await prisma.$transaction(async (tx) => {
    await tx.globalFxRate.deleteMany({});
    await tx.globalFxRate.createMany({ data: rows });
  });
  return { as_of: Math.floor(table.asOf.getTime() / 1000), currencies: rows.length, source: table.source };
}

/** The live table as last imported, or undefined when none was. */
export async function liveRateTable(prisma: Prisma | Tx): Promise<RateTable | undefined> {
  const rows = await prisma.globalFxRate.findMany();
  if (!rows.length) return undefined;
  const asOf = new Date(Math.min(...rows.map((r) => r.asOf.getTime())));
  return { base: rows[0].base, rates: new Map(rows.map((r) => [r.currency, r.rate])), asOf, source: rows[0].source };
}

export interface QuoteRequest {
  from: string;
  to: string;
  amount: number;
}

/** The rate of a pair from a table, spread included, as the decimal the quote shows. */
export function pairRate(table: RateTable, from: string, to: string, spreadBps: number): Decimal {
  const fromRate = parseDecimal(table.rates.get(from)!)!;
  const toRate = parseDecimal(table.rates.get(to)!)!;
  // (to / from) x (10000 - bps) / 10000
  const num = toRate.int * 10n ** BigInt(fromRate.scale) * BigInt(10_000 - spreadBps);
  const den = fromRate.int * 10n ** BigInt(toRate.scale) * 10_000n;
  return toSignificant(num, den, RATE_SIGNIFICANT_DIGITS);
}

/**
 * A quote for converting `amount` minor units of `from` into `to`: from the test table in test
 * mode, from the imported rates in live mode (503 when none were imported, 422 FX_RATE_STALE
 * when older than FX_MAX_AGE_HOURS). Global orders lock a quote through this function.
 */
export async function quoteFx(
  prisma: Prisma | Tx, livemode: boolean, settings: Pick<GlobalSettings, 'fxMaxAgeHours' | 'fxSpreadBps'>, req: QuoteRequest, now = new Date(),
): Promise<FxQuote> {
  const from = req.from.toLowerCase();
  const to = req.to.toLowerCase();
  const fromExp = currencyExponent(from);
  const toExp = currencyExponent(to);
  if (fromExp === undefined) throw new ApiError('INVALID_FIELD_VALUE', `'${req.from}' is not an ISO 4217 currency code`, {}, 'from');
  if (toExp === undefined) throw new ApiError('INVALID_FIELD_VALUE', `'${req.to}' is not an ISO 4217 currency code`, {}, 'to');
  const nowS = Math.floor(now.getTime() / 1000);
  if (from === to) {
    return { object: 'fx_quote', from, to, rate: '1', amount: req.amount, converted_amount: req.amount, source: 'same_currency', as_of: nowS, expires_at: nowS + QUOTE_TTL_SECONDS };
  }
  let table: RateTable;
  let expiresAt = nowS + QUOTE_TTL_SECONDS;
  if (!livemode) table = testRateTable();
  else {
    const live = await liveRateTable(prisma);
    if (!live) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'No FX rates are loaded for live mode: import an ECB reference-rate file with `npm run fx -- import FILE`', { missing: 'fx_rates' });
    }
    const ageLimit = Math.floor(live.asOf.getTime() / 1000) + settings.fxMaxAgeHours * 3600;
    if (nowS > ageLimit) {
      throw new ApiError('FX_RATE_STALE', `The FX rates are older than ${settings.fxMaxAgeHours} hours (as of ${live.asOf.toISOString()}); import a newer file`, {
        as_of: Math.floor(live.asOf.getTime() / 1000), max_age_hours: settings.fxMaxAgeHours,
      });
    }
    table = live;
    expiresAt = Math.min(expiresAt, ageLimit);
  }
  for (const [field, code] of [['from', from], ['to', to]] as const) {
    if (!table.rates.has(code)) {
      throw new ApiError('INVALID_FIELD_VALUE', `No ${livemode ? 'imported' : 'test-mode'} FX rate for '${code}'; rates exist for ${[...table.rates.keys()].sort().join(', ')}`, {
        currencies: [...table.rates.keys()].sort(),
      }, field);
    }
  }
  const rate = pairRate(table, from, to, settings.fxSpreadBps);
  const converted = convertMinor(BigInt(req.amount), rate, fromExp, toExp);
  return {
    object: 'fx_quote', from, to, rate: formatDecimal(rate), amount: req.amount, converted_amount: Number(converted),
    source: table.source, as_of: Math.floor(table.asOf.getTime() / 1000), expires_at: expiresAt,
  };
}
