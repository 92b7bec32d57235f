// Global commerce against a real server, both doors: FX quotes (JPY and KWD exponents, half to
// even, spread), tax (DE, reverse charge, US state), shipping (dimensional weight, tiers,
// zones), compliance screening against the shipped test list (Jon Smyth, Smith John, accents,
// Cyrillic, aliases, embargo), stored checks, permissions and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let A: TestAccount;
let B: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
  B = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const get = (key: string, path: string) => api(t.url, path, { key });
const expect400 = (res: { status: number; body: any; text: string }, param: string) => {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error.type).toBe('validation_error');
  expect(res.body.error.param ?? res.body.error.details?.errors?.[0]?.field).toBe(param);
};

describe('FX quotes (test-mode table: EUR=1, USD 1.08, JPY 160, KWD 0.33)', () => {
  it('USD -> JPY: 10.00 USD at 160/1.08 = 148.1481481 (10 significant digits) is 1481 yen', async () => {
    const res = await get(A.key, '/v1/global/fx/quote?from=usd&to=JPY&amount=1000');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'fx_quote', from: 'usd', to: 'jpy', rate: '148.1481481', amount: 1000, converted_amount: 1481, source: 'test_table' });
    expect(res.body.as_of).toBe(Date.UTC(2026, 0, 2) / 1000);
    expect(res.body.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });

  it('JPY -> KWD: rate 0.33/160 = 0.0020625; 1000 yen is 2.0625 KWD = 2062.5 fils, half to even 2062', async () => {
    const res = await get(A.key, '/v1/global/fx/quote?from=jpy&to=kwd&amount=1000');
    expect(res.body).toMatchObject({ rate: '0.0020625', converted_amount: 2062 });
    // 3000 yen: 6187.5 fils -> 6188 (to even)
    expect((await get(A.key, '/v1/global/fx/quote?from=jpy&to=kwd&amount=3000')).body.converted_amount).toBe(6188);
  });

  it('EUR -> KWD 100.00 EUR is 33.000 KWD (33000 fils); KWD -> JPY 1.000 KWD is 485 yen', async () => {
    expect((await get(A.key, '/v1/global/fx/quote?from=eur&to=kwd&amount=10000')).body).toMatchObject({ rate: '0.33', converted_amount: 33000 });
    // 160/0.33 = 484.8484848...; 1000 fils = 1 KWD -> 484.8484848 -> 485
    expect((await get(A.key, '/v1/global/fx/quote?from=kwd&to=jpy&amount=1000')).body).toMatchObject({ rate: '484.8484848', converted_amount: 485 });
  });

  it('the same currency is rate "1"', async () => {
    expect((await get(A.key, '/v1/global/fx/quote?from=eur&to=eur&amount=777')).body).toMatchObject({ rate: '1', converted_amount: 777, source: 'same_currency' });
  });

  it('GraphQL fxQuote answers the same', async () => {
    const res = await gql(t.url, A.key, '{ fxQuote(from: "usd", to: "jpy", amount: 1000) { from to rate amount convertedAmount source asOf } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ fxQuote: { from: 'usd', to: 'jpy', rate: '148.1481481', amount: 1000, convertedAmount: 1481, source: 'test_table', asOf: Date.UTC(2026, 0, 2) / 1000 } });
  });

  it('bad input is a 400 naming the field', async () => {
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&to=xyz&amount=1'), 'to');
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&to=eur&amount=-5'), 'amount');
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&to=eur&amount=1.5'), 'amount');
    expect400(await get(A.key, '/v1/global/fx/quote?to=eur&amount=1'), 'from');
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&to=eur&amount=1&bogus=1'), 'bogus');
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&from=eur&to=eur&amount=1'), 'from');
    expect400(await get(A.key, '/v1/global/fx/quote?from=usd&to=eur&amount=99999999999999999999'), 'amount');
    expect400(await get(A.key, '/v1/global/fx/quote?from=us%00d&to=eur&amount=1'), 'from');
    // a real currency the table does not quote
    const ars = await get(A.key, '/v1/global/fx/quote?from=usd&to=ars&amount=1');
    expect(ars.status).toBe(400);
    expect(ars.body.error.param).toBe('to');
    const g = await gql(t.url, A.key, '{ fxQuote(from: "usd", to: "nope", amount: 1) { rate } }');
    expect(g.body.errors?.[0]?.extensions?.code).toMatch(/VALIDATION_ERROR|INVALID_FIELD_VALUE/);
  });

  it('live mode with no imported rates is 503 (or quotes from an import: test/global/cli.test.ts)', async () => {
    // another test file may have imported live rates into a shared database: either answer is documented
    const live = await A.newKey({ mode: 'live' });
    const res = await get(live.secret, '/v1/global/fx/quote?from=usd&to=jpy&amount=1000');
    expect([200, 422, 503]).toContain(res.status);
    if (res.status === 503) expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('tax', () => {
  it('DE seller (test default), German consumer: 19%, half to even (150 -> 28.5 -> 28; 50 -> 9.5 -> 10)', async () => {
    const res = await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=DE');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      object: 'tax_calculation', amount: 10000, currency: 'eur', tax_amount: 1900, rate: '0.19', reverse_charge: false, seller_country: 'DE',
      jurisdiction: { country: 'DE', region: null }, breakdown: [{ type: 'vat', jurisdiction: 'DE', rate: '0.19', amount: 1900 }],
    });
    expect(typeof res.body.rates_as_of).toBe('number');
    expect((await get(A.key, '/v1/global/tax/calculate?amount=150&currency=eur&country=de')).body.tax_amount).toBe(28);
    expect((await get(A.key, '/v1/global/tax/calculate?amount=50&currency=eur&country=DE')).body.tax_amount).toBe(10);
  });

  it('EU B2C across borders: the destination rate (FR 20%)', async () => {
    expect((await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=FR&customer_type=b2c')).body).toMatchObject({ rate: '0.2', tax_amount: 2000, reverse_charge: false });
  });

  it('EU B2B across borders with a valid VAT id: reverse charge at 0', async () => {
    const res = await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=AT&customer_type=b2b&vat_id=ATU13585627');
    expect(res.body).toMatchObject({ rate: '0', tax_amount: 0, reverse_charge: true, breakdown: [], vat_id: { value: 'ATU13585627', country: 'AT', valid: true } });
    // the same business in the seller's own country pays VAT
    const domestic = await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=DE&customer_type=b2b&vat_id=DE136695976');
    expect(domestic.body).toMatchObject({ rate: '0.19', tax_amount: 1900, reverse_charge: false });
    // B2B without a VAT id: no reverse charge (AT 20%)
    expect((await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=AT&customer_type=b2b')).body).toMatchObject({ tax_amount: 2000, reverse_charge: false });
    // a seller outside the EU: no EU reverse charge
    expect((await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=AT&customer_type=b2b&vat_id=ATU13585627&seller_country=US')).body).toMatchObject({ tax_amount: 2000, reverse_charge: false, seller_country: 'US' });
  });

  it('a malformed VAT id is a 400 naming vat_id', async () => {
    const res = await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=eur&country=AT&customer_type=b2b&vat_id=ATU1234');
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('vat_id');
    // a valid id of another country than the customer's
    expect((await get(A.key, '/v1/global/tax/calculate?amount=1&currency=eur&country=FR&customer_type=b2b&vat_id=ATU13585627')).body.error.param).toBe('vat_id');
  });

  it('US by state: TX 6.25%, NY 4% (1999 -> 79.96 -> 80), OR no sales tax; the state is required', async () => {
    const tx = await get(A.key, '/v1/global/tax/calculate?amount=10000&currency=usd&country=US&region=TX&postal_code=73301');
    expect(tx.body).toMatchObject({ rate: '0.0625', tax_amount: 625, jurisdiction: { country: 'US', region: 'TX', postal_code: '73301' }, breakdown: [{ type: 'sales_tax', jurisdiction: 'US-TX', amount: 625 }] });
    expect((await get(A.key, '/v1/global/tax/calculate?amount=1999&currency=usd&country=US&region=ny')).body).toMatchObject({ rate: '0.04', tax_amount: 80 });
    expect((await get(A.key, '/v1/global/tax/calculate?amount=1999&currency=usd&country=US&region=OR')).body).toMatchObject({ rate: '0', tax_amount: 0, breakdown: [] });
    const none = await get(A.key, '/v1/global/tax/calculate?amount=1999&currency=usd&country=US');
    expect(none.status).toBe(400);
    expect(none.body.error.param).toBe('region');
    expect((await get(A.key, '/v1/global/tax/calculate?amount=1999&currency=usd&country=US&region=ZZ')).body.error.param).toBe('region');
  });

  it('Canada: GST plus the province (ON 5% + 8%), lines summing to tax_amount', async () => {
    const res = await get(A.key, '/v1/global/tax/calculate?amount=10001&currency=cad&country=CA&region=ON');
    expect(res.body.rate).toBe('0.13');
    // 10001 x 0.13 = 1300.13 -> 1300; GST 500.05 -> 500, the provincial line the rest: 800
    expect(res.body.tax_amount).toBe(1300);
    expect(res.body.breakdown.map((l: any) => l.amount)).toEqual([500, 800]);
  });

  it('unknown country, currency or customer type: 400', async () => {
    expect400(await get(A.key, '/v1/global/tax/calculate?amount=100&currency=eur&country=XX'), 'country');
    expect400(await get(A.key, '/v1/global/tax/calculate?amount=100&currency=eur&country=DEU'), 'country');
    expect400(await get(A.key, '/v1/global/tax/calculate?amount=100&currency=zzz&country=DE'), 'currency');
    expect400(await get(A.key, '/v1/global/tax/calculate?amount=100&currency=eur&country=DE&customer_type=b2g'), 'customer_type');
    expect400(await get(A.key, '/v1/global/tax/calculate?amount=100&currency=eur&country=DE&seller_country=QQ'), 'seller_country');
  });

  it('GraphQL taxCalculation: reverse charge and US state', async () => {
    const res = await gql(t.url, A.key, `{
      rc: taxCalculation(amount: 10000, currency: "eur", country: "AT", customerType: "b2b", vatId: "ATU13585627") { taxAmount rate reverseCharge sellerCountry }
      tx: taxCalculation(amount: 10000, currency: "usd", country: "US", region: "TX") { taxAmount rate breakdown { type jurisdiction rate amount } }
    }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      rc: { taxAmount: 0, rate: '0', reverseCharge: true, sellerCountry: 'DE' },
      tx: { taxAmount: 625, rate: '0.0625', breakdown: [{ type: 'sales_tax', jurisdiction: 'US-TX', rate: '0.0625', amount: 625 }] },
    });
    const bad = await gql(t.url, A.key, '{ taxCalculation(amount: 1, currency: "eur", country: "AT", customerType: "b2b", vatId: "ATU1") { rate } }');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('INVALID_FIELD_VALUE');
  });
});

describe('shipping quotes (shipped default tables)', () => {
  const box = { weight_grams: 800, length_cm: 40, width_cm: 30, height_cm: 20 };
  const quote = (body: unknown, key = A.key) => api(t.url, '/v1/global/shipping/quote', { key, body });

  it('dimensional weight: 40 x 30 x 20 / 5000 = 4.8 kg bills over 0.8 kg; DE -> FR in EUR', async () => {
    const res = await quote({ from: { country: 'DE', postal_code: '10115' }, to: { country: 'FR', postal_code: '75001' }, parcels: [box] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.object).toBe('shipping_quote');
    expect(res.body.zone).toBe('eu');
    // eu zone, tier <= 5000 g: standard 17.99, express 44.90
    expect(res.body.quotes).toEqual([
      { carrier: 'parcel_post', service: 'standard', amount: 1799, currency: 'eur', estimated_days: 5, billable_weight_grams: 4800 },
      { carrier: 'courier', service: 'express', amount: 4490, currency: 'eur', estimated_days: 2, billable_weight_grams: 4800 },
    ]);
  });

  it('rounds up to 100 g per parcel and sums the parcels; the heavier of weight and volume', async () => {
    // parcel 1: 1001 g -> 1100 g (volume 10x10x10/5 = 200 g); parcel 2: 300 g, 25.5 x 20 x 10 / 5 = 1020 g -> 1100 g
    const res = await quote({
      from: { country: 'DE', postal_code: '10115' }, to: { country: 'DE', postal_code: '80331' },
      parcels: [{ weight_grams: 1001, length_cm: 10, width_cm: 10, height_cm: 10 }, { weight_grams: 300, length_cm: 25.5, width_cm: 20, height_cm: 10 }],
      services: ['standard'],
    });
    expect(res.status, res.text).toBe(200);
    // domestic standard: each 1100 g parcel is in the <= 5000 g tier (6.99): 13.98
    expect(res.body.quotes).toEqual([{ carrier: 'parcel_post', service: 'standard', amount: 1398, currency: 'eur', estimated_days: 2, billable_weight_grams: 2200 }]);
    expect(res.body.parcels).toEqual([{ billable_weight_grams: 1100, dimensional_weight_grams: 200 }, { billable_weight_grams: 1100, dimensional_weight_grams: 1100 }]);
  });

  it('quotes in the origin country\'s currency (US -> CA in USD), world zone for the rest', async () => {
    const res = await quote({ from: { country: 'US', postal_code: '10001' }, to: { country: 'CA', postal_code: 'M5V 2T6' }, parcels: [{ weight_grams: 450, length_cm: 10, width_cm: 10, height_cm: 10 }] });
    expect(res.body.quotes.map((q: any) => [q.service, q.amount, q.currency])).toEqual([['standard', 1595, 'usd'], ['express', 3495, 'usd']]);
    const world = await quote({ from: { country: 'GB', postal_code: 'SW1A 1AA' }, to: { country: 'JP', postal_code: '100-0001' }, parcels: [{ weight_grams: 450, length_cm: 10, width_cm: 10, height_cm: 10 }] });
    expect(world.body.zone).toBe('world');
    expect(world.body.quotes[0]).toMatchObject({ amount: 1899, currency: 'gbp', estimated_days: 9 });
  });

  it('postal codes and dimensions are optional: the weight alone bills; postal codes echo as null', async () => {
    const res = await quote({ from: { country: 'DE' }, to: { country: 'FR' }, parcels: [{ weight_grams: 800 }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.from).toEqual({ country: 'DE', postal_code: null });
    expect(res.body.to).toEqual({ country: 'FR', postal_code: null });
    expect(res.body.parcels).toEqual([{ billable_weight_grams: 800, dimensional_weight_grams: 0 }]);
    expect(res.body.quotes[0]).toMatchObject({ service: 'standard', currency: 'eur', billable_weight_grams: 800 });
    const g = await gql(t.url, A.key, '{ shippingQuote(input: { from: { country: "DE" }, to: { country: "FR" }, parcels: [{ weightGrams: 800 }] }) { quotes { amount billableWeightGrams } } }');
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.shippingQuote.quotes[0]).toEqual({ amount: res.body.quotes[0].amount, billableWeightGrams: 800 });
  });

  it('GraphQL shippingQuote answers the same', async () => {
    const res = await gql(t.url, A.key, `{ shippingQuote(input: { from: { country: "DE", postalCode: "10115" }, to: { country: "FR", postalCode: "75001" },
      parcels: [{ weightGrams: 800, lengthCm: 40, widthCm: 30, heightCm: 20 }] }) { zone quotes { carrier service amount currency estimatedDays billableWeightGrams } } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.shippingQuote.quotes[0]).toEqual({ carrier: 'parcel_post', service: 'standard', amount: 1799, currency: 'eur', estimatedDays: 5, billableWeightGrams: 4800 });
    // a fault names the field as this input spells it
    const bad = await gql(t.url, A.key, '{ shippingQuote(input: { from: { country: "DE" }, to: { country: "JP" }, parcels: [{ weightGrams: 100, lengthCm: 10 }] }) { zone } }');
    const faults = (bad.body.errors as any)[0].extensions.details.errors as { field: string }[];
    expect(faults.map((e) => e.field)).toEqual(expect.arrayContaining(['parcels.0.widthCm']));
  });

  it('bad input: 400 naming the field; uncovered origin or too heavy: 422 SHIPPING_UNAVAILABLE', async () => {
    const from = { country: 'DE', postal_code: '10115' };
    const to = { country: 'FR', postal_code: '75001' };
    expect400(await quote({ from, to, parcels: [] }), 'parcels');
    expect400(await quote({ from, to, parcels: [{ ...box, weight_grams: 0 }] }), 'parcels[0].weight_grams');
    expect400(await quote({ from, to, parcels: [{ ...box, length_cm: 10.25 }] }), 'parcels[0].length_cm');
    // dimensions: all three or none
    const partial = await quote({ from, to, parcels: [{ weight_grams: 800, length_cm: 40 }] });
    expect(partial.status, partial.text).toBe(400);
    expect(partial.body.error.details.errors.map((e: any) => e.field)).toEqual(['parcels[0].width_cm', 'parcels[0].height_cm']);
    expect400(await quote({ from: { country: 'XX', postal_code: '1' }, to, parcels: [box] }), 'from.country');
    expect400(await quote({ from, to, parcels: [box], services: ['teleport'] }), 'services');
    expect((await api(t.url, '/v1/global/shipping/quote', { key: A.key, rawBody: '[1]' })).status).toBe(400);
    const far = await quote({ from: { country: 'JP', postal_code: '100-0001' }, to, parcels: [box] });
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe('SHIPPING_UNAVAILABLE');
    const heavy = await quote({ from, to, parcels: [{ ...box, weight_grams: 40_000 }] });
    expect(heavy.status).toBe(422);
    expect(heavy.body.error.code).toBe('SHIPPING_UNAVAILABLE');
  });
});

describe('compliance screening (shipped test list)', () => {
  const check = (body: unknown, key = A.key) => api(t.url, '/v1/global/compliance/check', { key, body });

  it('concurrent first checks load the test list once', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => check({ name: 'John Smith', type: 'individual' })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(all.every((r) => r.body.lists[0].entries === 6 && r.body.result === 'match')).toBe(true);
    expect(new Set(all.map((r) => r.body.id)).size).toBe(6);
  });

  it('"John Smith" is a match; the lists screened are the test list', async () => {
    const res = await check({ name: 'John Smith', type: 'individual' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'compliance_check', result: 'match', name: 'John Smith', type: 'individual' });
    expect(res.body.id).toMatch(/^cc_/);
    expect(res.body.matches[0]).toMatchObject({ list: 'Test list', entry_id: '9001', name: 'SMITH, John', score: 1, matched_on: ['name'] });
    expect(res.body.lists).toEqual([{ name: 'Test list', as_of: Date.UTC(2026, 0, 1) / 1000, entries: 6, test: true }]);
  });

  it('"Jon Smyth" finds John Smith (typos that sound alike) as a potential match', async () => {
    const res = await check({ name: 'Jon Smyth', type: 'individual' });
    expect(res.body.result).toBe('potential_match');
    expect(res.body.matches[0]).toMatchObject({ entry_id: '9001', name: 'SMITH, John' });
    // against the name: jon/john Jaro-Winkler 0.9333, smyth/smith sound alike 0.9: 2 x 1.8333 / 4 = 0.9167;
    // against the alias SMYTHE, Johnny: smyth/smythe 0.9667, jon/johnny sound alike 0.9: 0.9333, the better
    expect(res.body.matches[0]).toMatchObject({ score: 0.9333, matched_on: ['alias'], matched_name: 'SMYTHE, Johnny' });
    // a middle name the list does not have: 2 x 2 / 5 = 0.8
    const middle = await check({ name: 'John Michael Smith', type: 'individual' });
    expect(middle.body).toMatchObject({ result: 'potential_match', matches: [{ entry_id: '9001', score: 0.8 }] });
  });

  it('"Smith John" (tokens reordered) is a match; accents, case and punctuation do not matter', async () => {
    expect((await check({ name: 'Smith John', type: 'individual' })).body).toMatchObject({ result: 'match', matches: [{ entry_id: '9001', score: 1 }] });
    expect((await check({ name: 'SMITH,   john.', type: 'individual' })).body.result).toBe('match');
    expect((await check({ name: 'Jurgen Muller', type: 'individual' })).body).toMatchObject({ result: 'match', matches: [{ entry_id: '9002', name: 'MÜLLER, Jürgen' }] });
  });

  it('aliases and transliteration: Cyrillic spelling, alias spelling', async () => {
    const cyr = await check({ name: 'Сергей Петрович Иванов', type: 'individual' });
    expect(cyr.body).toMatchObject({ result: 'match', matches: [{ entry_id: '9003' }] });
    const alias = await check({ name: 'Ahmed Al Testy', type: 'individual' });
    expect(alias.body.result).toBe('match');
    expect(alias.body.matches[0]).toMatchObject({ entry_id: '9004', matched_on: ['alias'] });
    const fka = await check({ name: 'Zephyrine Test Import Export FZE', type: 'entity' });
    expect(fka.body.matches[0]).toMatchObject({ entry_id: '9005', matched_on: ['alias'] });
  });

  it('date of birth and country: agreeing adds to matched_on, a different date of birth lowers the score', async () => {
    const same = await check({ name: 'John Smith', type: 'individual', date_of_birth: '1970-01-01', country: 'GB' });
    expect(same.body.matches[0]).toMatchObject({ score: 1, matched_on: ['name', 'date_of_birth', 'country'] });
    const other = await check({ name: 'John Smith', type: 'individual', date_of_birth: '1991-05-05' });
    expect(other.body.result).toBe('potential_match');
    expect(other.body.matches[0].score).toBe(0.9);
  });

  it('unrelated names are clear; people are not matched against entities', async () => {
    const clear = await check({ name: 'Maria Garcia Lopez', type: 'individual' });
    expect(clear.body).toMatchObject({ result: 'clear', matches: [] });
    expect((await check({ name: 'Smith', type: 'individual' })).body.result).toBe('clear');
    expect((await check({ name: 'John Smith', type: 'entity' })).body.result).toBe('clear');
  });

  it('without a type (or with any), a name is screened against people and organizations alike', async () => {
    const person = await check({ name: 'John Smith' });
    expect(person.status, person.text).toBe(200);
    expect(person.body).toMatchObject({ type: 'any', result: 'match', matches: [{ entry_id: '9001', type: 'individual' }] });
    const company = await check({ name: 'Zephyrine Test Import Export FZE', type: 'any' });
    expect(company.body).toMatchObject({ type: 'any', matches: [{ entry_id: '9005' }] });
    expect(company.body.matches[0].type).not.toBe('individual');
    const bad = await check({ name: 'John Smith', type: 'person' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_ENUM_VALUE', param: 'type' });
  });

  it('an embargoed country (configuration) is a match on the country', async () => {
    const res = await check({ name: 'Maria Garcia Lopez', type: 'individual', country: 'ir' });
    expect(res.body.result).toBe('match');
    expect(res.body.matches[0]).toMatchObject({ list: 'embargoed_countries', entry_id: 'IR', score: 1, matched_on: ['country'] });
  });

  it('every check is stored and listable, per account', async () => {
    const made = await check({ name: 'Jon Smyth', type: 'individual' }, B.key);
    const list = await get(B.key, '/v1/global/compliance/checks');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((c: any) => c.id)).toEqual([made.body.id]);
    expect(list.body.data[0]).toEqual(made.body);
    const one = await get(B.key, `/v1/global/compliance/checks/${made.body.id}`);
    expect(one.body).toEqual(made.body);
    expect((await get(A.key, `/v1/global/compliance/checks/${made.body.id}`)).status).toBe(404);
    const matches = await get(A.key, '/v1/global/compliance/checks?result=match&limit=100');
    expect(matches.body.data.length).toBeGreaterThan(3);
    expect(matches.body.data.every((c: any) => c.result === 'match')).toBe(true);
  });

  it('GET /v1/global/compliance/lists shows the loaded lists', async () => {
    const res = await get(A.key, '/v1/global/compliance/lists');
    expect(res.body.data).toEqual([{ object: 'sanctions_list', name: 'Test list', as_of: Date.UTC(2026, 0, 1) / 1000, entries: 6, test: true }]);
    // the list shape of every other list
    expect(res.body.has_more).toBeUndefined();
    expect(res.body.pagination).toEqual({ has_more: false, next_cursor: null, previous_cursor: null, total_count: 1, page_count: 1, current_page: 1, limit: 1 });
  });

  it('an impossible date of birth is INVALID_DATE_FORMAT; a future one INVALID_FIELD_VALUE', async () => {
    const impossible = await api(t.url, '/v1/global/compliance/check', { key: A.key, body: { name: 'X', type: 'individual', date_of_birth: '1970-13-45' } });
    expect(impossible.status, impossible.text).toBe(400);
    expect(impossible.body.error).toMatchObject({ code: 'INVALID_DATE_FORMAT', details: { errors: [{ field: 'date_of_birth', expected: expect.stringContaining('YYYY-MM-DD') }] } });
    const future = await api(t.url, '/v1/global/compliance/check', { key: A.key, body: { name: 'X', type: 'individual', date_of_birth: '2999-01-01' } });
    expect(future.body.error.code).toBe('INVALID_FIELD_VALUE');
  });

  it('GraphQL complianceCheck stores a check that complianceChecks lists', async () => {
    const res = await gql(t.url, B.key, 'mutation { complianceCheck(input: { name: "Smith John", type: individual }) { id result matches lists } }');
    expect(res.body.errors).toBeUndefined();
    const c = res.body.data.complianceCheck;
    expect(c.result).toBe('match');
    expect(c.matches[0]).toMatchObject({ entry_id: '9001', score: 1 });
    const listed = await gql(t.url, B.key, `{ complianceChecks(where: { id: { _eq: "${c.id}" } }) { id name result } complianceLists { name entries test } }`);
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data).toEqual({ complianceChecks: [{ id: c.id, name: 'Smith John', result: 'match' }], complianceLists: [{ name: 'Test list', entries: 6, test: true }] });
    const bad = await gql(t.url, B.key, 'mutation { complianceCheck(input: { name: "---", type: entity, country: "XX" }) { id } }');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(bad.body.errors?.[0]?.extensions?.details?.errors?.map((e: any) => e.field).sort()).toEqual(['country', 'name']);
  });

  it('an Idempotency-Key replays the stored check', async () => {
    const headers = { 'Idempotency-Key': `cc-${Date.now()}` };
    const first = await api(t.url, '/v1/global/compliance/check', { key: A.key, body: { name: 'Jon Smyth', type: 'individual' }, headers });
    const again = await api(t.url, '/v1/global/compliance/check', { key: A.key, body: { name: 'Jon Smyth', type: 'individual' }, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await api(t.url, '/v1/global/compliance/check', { key: A.key, body: { name: 'John Smith', type: 'individual' }, headers });
    expect(reused.status).toBe(409);
  });

  it('bad input is a 400 naming the field, and stores nothing', async () => {
    const before = (await get(A.key, '/v1/global/compliance/checks?limit=100')).body.data.length;
    expect400(await check({ type: 'individual' }), 'name');
    expect400(await check({ name: '  ', type: 'individual' }), 'name');
    expect400(await check({ name: '---', type: 'individual' }), 'name');
    expect400(await check({ name: 'A', type: 'robot' }), 'type');
    expect400(await check({ name: 'A', type: 'individual', country: 'XX' }), 'country');
    expect400(await check({ name: 'A', type: 'individual', date_of_birth: '1970-02-30' }), 'date_of_birth');
    expect400(await check({ name: 'A', type: 'individual', extra: 1 }), 'extra');
    expect400(await check({ name: 'John\u0000Smith', type: 'individual' }), 'name');
    expect((await api(t.url, '/v1/global/compliance/check', { key: A.key, rawBody: '"John Smith"' })).status).toBe(400);
    expect((await get(A.key, '/v1/global/compliance/checks?limit=100')).body.data.length).toBe(before);
  });
});

describe('permissions', () => {
  it('global:read reads quotes and checks but cannot run a check; global:write can', async () => {
    const reader = await A.newKey({ type: 'restricted', permissions: ['global:read'] });
    expect((await get(reader.secret, '/v1/global/fx/quote?from=usd&to=eur&amount=100')).status).toBe(200);
    expect((await get(reader.secret, '/v1/global/tax/calculate?amount=100&currency=eur&country=DE')).status).toBe(200);
    expect((await get(reader.secret, '/v1/global/compliance/checks')).status).toBe(200);
    const refused = await api(t.url, '/v1/global/compliance/check', { key: reader.secret, body: { name: 'John Smith', type: 'individual' } });
    expect(refused.status).toBe(403);
    const other = await A.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect((await get(other.secret, '/v1/global/fx/quote?from=usd&to=eur&amount=100')).status).toBe(403);
    const g = await gql(t.url, other.secret, '{ fxQuote(from: "usd", to: "eur", amount: 1) { rate } }');
    expect(g.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    const writer = await A.newKey({ type: 'restricted', permissions: ['global:write'] });
    expect((await api(t.url, '/v1/global/compliance/check', { key: writer.secret, body: { name: 'John Smith', type: 'individual' } })).status).toBe(200);
    // a wrong key (its last character changed; a key may end in x already)
    expect((await get(A.key.slice(0, -1) + (A.key.endsWith('x') ? 'y' : 'x'), '/v1/global/fx/quote?from=usd&to=eur&amount=1')).status).toBe(401);
  });
});
