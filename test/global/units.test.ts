// The pure parts of global commerce, by hand-computed cases: exponents, exact decimals and
// half-to-even rounding, ECB file parsing, tax lines, dimensional weight, name folding and
// scoring, the OFAC CSV reader.
import { describe, expect, it } from 'vitest';
import { applyRate, convertMinor, currencyExponent, divideHalfEven, formatDecimal, parseDecimal, toSignificant } from '../../src/modules/global/currency.js';
import { FxFileError, pairRate, parseEcbFile, testRateTable } from '../../src/modules/global/fx.js';
import { calculateTax } from '../../src/modules/global/tax.js';
import { billableWeightGrams, dimensionalWeightGrams, ShippingFileError, parseShippingTables, defaultShippingTables } from '../../src/modules/global/shipping.js';
import { birthDatesOf, countryCodeOf, jaroWinkler, nameScore, nameTokens, parseCsv, parseOfacSdn, SanctionsFileError } from '../../src/modules/global/compliance.js';
import { isCountry } from '../../src/modules/global/countries.js';

describe('currency exponents and rounding', () => {
  it('ISO 4217 exponents from currency-codes', () => {
    expect([currencyExponent('JPY'), currencyExponent('eur'), currencyExponent('KWD'), currencyExponent('bhd'), currencyExponent('krw')]).toEqual([0, 2, 3, 3, 0]);
    expect(currencyExponent('xyz')).toBeUndefined();
  });
  it('half to even', () => {
    expect([5n, 15n, 25n, -25n, 26n, 24n].map((n) => divideHalfEven(n, 10n))).toEqual([0n, 2n, 2n, -2n, 3n, 2n]);
    expect(applyRate(150n, parseDecimal('0.19')!)).toBe(28n); // 28.5 -> 28
    expect(applyRate(50n, parseDecimal('0.19')!)).toBe(10n); // 9.5 -> 10
  });
  it('decimals: parse, format, significant digits', () => {
    expect(formatDecimal(parseDecimal('1.0800')!)).toBe('1.08');
    expect(formatDecimal(parseDecimal('160')!)).toBe('160');
    expect(parseDecimal('1e5')).toBeUndefined();
    expect(parseDecimal('-1')).toBeUndefined();
    expect(formatDecimal(toSignificant(16000n, 108n, 10))).toBe('148.1481481');
    expect(formatDecimal(toSignificant(33n, 16000n, 10))).toBe('0.0020625');
    expect(formatDecimal(toSignificant(2n, 3n, 10))).toBe('0.6666666667');
    // more integer digits than significant ones
    expect(formatDecimal(toSignificant(123456789012n, 1n, 10))).toBe('123456789000');
  });
  it('conversions across exponents', () => {
    // 10.00 USD at 148.1481481 -> 1481.481481 yen -> 1481
    expect(convertMinor(1000n, parseDecimal('148.1481481')!, 2, 0)).toBe(1481n);
    // 1000 yen at 0.0020625 -> 2.0625 KWD = 2062.5 fils -> 2062; 3000 yen -> 6187.5 -> 6188
    expect(convertMinor(1000n, parseDecimal('0.0020625')!, 0, 3)).toBe(2062n);
    expect(convertMinor(3000n, parseDecimal('0.0020625')!, 0, 3)).toBe(6188n);
    // 1.234 KWD at 3 -> 3.702 EUR... = 370.2 cents -> 370
    expect(convertMinor(1234n, parseDecimal('3')!, 3, 2)).toBe(370n);
  });
});

describe('ECB files', () => {
  it('daily CSV: "24 November 2026", trailing comma, N/A skipped', () => {
    const t = parseEcbFile('Date, USD, JPY, BGN, \n24 November 2026, 1.0845, 162.34, N/A, \n');
    expect(t.asOf.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(Object.fromEntries(t.rates)).toEqual({ usd: '1.0845', jpy: '162.34', eur: '1' });
  });
  it('historical CSV: the latest day wins, whatever the order', () => {
    const t = parseEcbFile('Date,USD,JPY,\n2026-11-20,1.05,150,\n2026-11-24,1.10,170,\n2026-11-21,1.07,160,\n');
    expect(t.asOf.toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(t.rates.get('usd')).toBe('1.1');
  });
  it('historical XML: the latest <Cube time>', () => {
    const t = parseEcbFile(`<gesmes:Envelope><Cube><Cube time="2026-11-24"><Cube currency="USD" rate="1.1"/></Cube><Cube time="2026-11-23"><Cube currency="USD" rate="1.2"/></Cube></Cube></gesmes:Envelope>`);
    expect(t.rates.get('usd')).toBe('1.1');
  });
  it('refuses what is not a rate file', () => {
    expect(() => parseEcbFile('Day,USD\n2026-01-01,1\n')).toThrow(FxFileError);
    expect(() => parseEcbFile('Date,USD\n2026-02-30,1\n')).toThrow(/not a date/);
    expect(() => parseEcbFile('Date,XXQ\n2026-01-01,1\n')).toThrow(/ISO 4217/);
    expect(() => parseEcbFile('Date,USD\n2026-01-01,0\n')).toThrow(/positive/);
    expect(() => parseEcbFile('<html></html>')).toThrow(FxFileError);
  });
  it('the test table and the spread', () => {
    const t = testRateTable();
    expect(formatDecimal(pairRate(t, 'usd', 'jpy', 0))).toBe('148.1481481');
    expect(formatDecimal(pairRate(t, 'usd', 'jpy', 50))).toBe('147.4074074');
    expect(formatDecimal(pairRate(t, 'eur', 'usd', 100))).toBe('1.0692');
  });
});

describe('tax', () => {
  const tax = (country: string, region?: string, extra: Record<string, unknown> = {}) =>
    calculateTax({ amount: 10000, currency: 'eur', country, region, customerType: 'b2c', sellerCountry: 'DE', ...extra });
  it('a region whose tax replaces the national one: the Canary Islands pay 7% IGIC, Ceuta none', async () => {
    expect(await tax('ES', 'GC')).toMatchObject({ rate: '0.07', tax_amount: 700, breakdown: [{ type: 'igic', jurisdiction: 'ES-GC', rate: '0.07', amount: 700 }] });
    expect(await tax('ES', 'CE')).toMatchObject({ rate: '0', tax_amount: 0, breakdown: [] });
    expect(await tax('ES')).toMatchObject({ rate: '0.21', tax_amount: 2100 });
  });
  it('reverse charge needs both parties in the EU and in different countries', async () => {
    expect(await tax('FR', undefined, { customerType: 'b2b', vatId: 'FR40303265045' })).toMatchObject({ reverse_charge: true, tax_amount: 0 });
    expect(await tax('FR', undefined, { customerType: 'b2c', vatId: 'FR40303265045' })).toMatchObject({ reverse_charge: false, tax_amount: 2000 });
    expect(await tax('FR', undefined, { customerType: 'b2b', vatId: 'FR40303265045', sellerCountry: 'FR' })).toMatchObject({ reverse_charge: false });
    // Greece's VAT ids carry EL
    expect(await tax('GR', undefined, { customerType: 'b2b', vatId: 'EL094259216' })).toMatchObject({ reverse_charge: true });
    await expect(tax('FR', undefined, { customerType: 'b2b', vatId: 'FR4030326504' })).rejects.toMatchObject({ code: 'INVALID_FIELD_VALUE', param: 'vat_id' });
  });
});

describe('shipping', () => {
  it('dimensional weight L x W x H / 5 g, up to the next 100 g', () => {
    expect(dimensionalWeightGrams(40, 30, 20)).toBe(4800);
    expect(dimensionalWeightGrams(10, 10, 10)).toBe(200);
    expect(dimensionalWeightGrams(25.5, 20, 10)).toBe(1100); // 1020 g -> 1100
    expect(dimensionalWeightGrams(10, 10, 5)).toBe(100);
    expect(dimensionalWeightGrams(10, 10, 5.1)).toBe(200); // 102 g -> 200
    expect(billableWeightGrams({ weight_grams: 4801, length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(4900);
    expect(billableWeightGrams({ weight_grams: 100, length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(4800);
  });
  it('the shipped default tables are valid; a broken table names the fault', () => {
    expect(Object.keys(defaultShippingTables().origins)).toEqual(['DE', 'US', 'GB']);
    const broken = JSON.stringify({ version: 1, origins: { DE: { currency: 'eur', zones: [{ zone: 'a', countries: ['DE'] }], services: [{ carrier: 'c', service: 's', rates: { b: { estimated_days: 1, tiers: [{ max_grams: 10, amount: 1 }] } } }] } } });
    expect(() => parseShippingTables(broken)).toThrow(/no zone 'b'/);
    const unordered = JSON.stringify({ version: 1, origins: { DE: { currency: 'eur', zones: [{ zone: 'a', countries: ['*'] }], services: [{ carrier: 'c', service: 's', rates: { a: { estimated_days: 1, tiers: [{ max_grams: 10, amount: 1 }, { max_grams: 5, amount: 2 }] } } }] } } });
    expect(() => parseShippingTables(unordered)).toThrow(ShippingFileError);
  });
});

describe('names', () => {
  it('folding: order, accents, case, punctuation, ICAO transliteration', () => {
    expect(nameTokens('SMITH, John')).toEqual(['john', 'smith']);
    expect(nameTokens('MÜLLER, Jürgen')).toEqual(['jurgen', 'muller']);
    expect(nameTokens('Сергей Петрович Иванов')).toEqual(['ivanov', 'petrovich', 'sergei']);
    expect(nameTokens('Straße Øresund Łódź')).toEqual(['lodz', 'oresund', 'strasse']);
    expect(nameTokens('---')).toEqual([]);
  });
  it('Jaro-Winkler', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('jon', 'john')).toBeCloseTo(0.9333, 4);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
  it('scores: one-to-one pairs, sound-alike tokens, initials, extra tokens', () => {
    const q = ['jon', 'smyth'];
    expect(nameScore(q, ['JN', 'SM0'], ['john', 'smith'], ['JN', 'SM0'])).toBeCloseTo(0.9167, 4);
    expect(nameScore(['john', 'smith'], [], ['john', 'smith'], [])).toBe(1);
    expect(nameScore(['smith'], [], ['john', 'smith'], [])).toBeCloseTo(2 / 3, 6);
    expect(nameScore(['j', 'smith'], [], ['john', 'smith'], [])).toBeCloseTo(0.95, 6);
    // one listed token cannot pair twice
    expect(nameScore(['john', 'john'], [], ['john', 'smith'], [])).toBe(0.5);
  });
});

describe('OFAC SDN CSV', () => {
  it('reads quoted fields, doubled quotes, CRLF and the EOF mark', () => {
    expect(parseCsv('1,"a, ""b""",c\r\n2,,"x\ny"\r\n\x1a')).toEqual([['1', 'a, "b"', 'c'], ['2', '', 'x\ny']]);
    expect(() => parseCsv('1,"open')).toThrow(SanctionsFileError);
  });
  it('entries with types, programs, dates of birth, countries and aliases', () => {
    const sdn = '10,"DOE, Jane","individual","SDGT] [IRGC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 05 Feb 1975; alt. DOB 1976; nationality Iran; citizen Korea, North."\n11,"SHIP ONE","vessel","CUBA",-0- ,-0- ,"Cargo",-0- ,-0- ,"Cuba",-0- ,-0- \n';
    const entries = parseOfacSdn(sdn, '10,1,"aka","DOE, J.",-0- \n99,2,"aka","NOBODY",-0- \n', '11,5,-0- ,-0- ,"Panama",-0- \n');
    expect(entries).toEqual([
      { entryId: '10', name: 'DOE, Jane', type: 'individual', programs: ['SDGT', 'IRGC'], countries: ['IR', 'KP'], birthDates: ['1975-02-05', '1976'], aliases: ['DOE, J.'] },
      { entryId: '11', name: 'SHIP ONE', type: 'vessel', programs: ['CUBA'], countries: ['CU', 'PA'], birthDates: [], aliases: [] },
    ]);
    expect(birthDatesOf('DOB circa 1980; DOB 1960 to 1962')).toEqual(['1980', '1960', '1961', '1962']);
    expect(countryCodeOf("Cote d'Ivoire")).toBe('CI');
    expect(() => parseOfacSdn('1,"X"\n')).toThrow(/12/);
  });
  it('country codes: ISO 3166 only', () => {
    expect(['DE', 'us', 'XK'].map(isCountry)).toEqual([true, true, true]);
    expect(['XX', 'EU', 'ZZ', 'UN', 'D', 'DEU'].map(isCountry)).toEqual([false, false, false, false, false, false]);
  });
});
