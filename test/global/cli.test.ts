// The fx, shipping and compliance CLIs as real processes on a running server's database
// (PGlite through its socket, or PostgreSQL), with real files in the official formats, and
// live-mode answers from what they imported: FX (ECB CSV and XML, stale rates, spread),
// shipping tables, the OFAC SDN list (503 before it is loaded).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, gql, hasPostgres, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { runScript } from '../helpers/process.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let t: TestServer;
let A: TestAccount;
let live: string;
let dir: string;
let env: Record<string, string | undefined>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  // every quote of this file's server carries a 50 bp spread
  t = await startTestServer({ FX_SPREAD_BPS: '50' });
  A = await t.newAccount();
  live = (await A.newKey({ mode: 'live' })).secret;
  dir = mkdtempSync(join(tmpdir(), 'global-cli-'));
  env = hasPostgres ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: t.server.config.DATA_DIR };
  // the server-wide imports of an earlier run on a kept PostgreSQL database
  const prisma = t.server.db.prisma;
  await prisma.globalFxRate.deleteMany({});
  await prisma.globalShippingTable.deleteMany({});
  await prisma.globalSanctionsList.deleteMany({ where: { test: false } });
});
afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// Each CLI call is a process start of 1-4 s. Calls that end before the database (help, bad
// usage, a refused file) are independent of each other and run at once; an import and what
// reads its result run in order, and never two calls that use the database at once.
const runAll = (calls: [cli: string, args: string[]][]) => Promise.all(calls.map(([cli, args]) => runScript(cli, args, env)));

describe('usage', () => {
  it.each(['fx', 'shipping', 'compliance'])('%s: --help and help exit 0 with the usage, an unknown option 2', async (cli) => {
    const [help, helpWord, bad] = await runAll([[cli, ['--help']], [cli, ['help']], [cli, ['import', 'x', '--no-such-flag']]]);
    for (const res of [help, helpWord]) {
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/usage/);
    }
    expect(bad.code).toBe(2);
    expect(bad.stderr.length).toBeGreaterThan(0);
  });
});

describe('fx -- import', () => {
  it('usage: --help exits 0, bad usage 2, a bad file 1 with the reason', async () => {
    const [help, usage, bad, badRate] = await runAll([
      ['fx', ['--help']],
      ['fx', ['export']],
      ['fx', ['import', file('bad.csv', 'Date, USD,\n2026-13-40, 1.1,\n')]],
      ['fx', ['import', file('bad2.csv', 'Date, USD,\n2026-01-05, abc,\n')]],
    ]);
    expect(help.code).toBe(0);
    expect(usage.code).toBe(2);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a date/);
    expect(badRate.code).toBe(1);
    expect(badRate.stderr).toMatch(/USD/);
  });

  it('an ECB XML file older than FX_MAX_AGE_HOURS: live quotes are 422 FX_RATE_STALE', async () => {
    const old = isoDay(daysAgo(5));
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
\t<Cube>
\t\t<Cube time='${old}'>
\t\t\t<Cube currency='USD' rate='1.1000'/>
\t\t\t<Cube currency='JPY' rate='170.00'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
    const res = await runScript('fx', ['import', file('eurofxref-daily.xml', xml), '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ as_of: Date.parse(`${old}T00:00:00Z`) / 1000, currencies: 3, source: 'ecb' });
    const quote = await api(t.url, '/v1/global/fx/quote?from=usd&to=jpy&amount=1000', { key: live });
    expect(quote.status, quote.text).toBe(422);
    expect(quote.body.error).toMatchObject({ code: 'FX_RATE_STALE', details: { max_age_hours: 48 } });
    // test mode never goes stale: the fixed table, with this server's 50 bp spread:
    // 160 / 1.08 x 0.995 = 147.4074074; 1000 cents -> 1474.074074 -> 1474 yen
    const test = await api(t.url, '/v1/global/fx/quote?from=usd&to=jpy&amount=1000', { key: A.key });
    expect(test.body).toMatchObject({ rate: '147.4074074', converted_amount: 1474, source: 'test_table' });
  });

  it('an ECB CSV file of today (the daily file\'s date spelling, N/A skipped): live quotes from it, spread included', async () => {
    const today = new Date();
    const csv = `Date, USD, JPY, KWD, BGN, \n${today.getUTCDate()} ${MONTHS[today.getUTCMonth()]} ${today.getUTCFullYear()}, 1.1000, 170.00, 0.3400, N/A, \n`;
    const res = await runScript('fx', ['import', file('eurofxref.csv', csv)], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/imported 4 rates per EUR/);
    // 170 / 1.1 x 0.995 = 153.77272727... -> "153.7727273"; 1000 cents -> 1537.727273 -> 1538 yen
    const quote = await api(t.url, '/v1/global/fx/quote?from=usd&to=jpy&amount=1000', { key: live });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toMatchObject({ rate: '153.7727273', converted_amount: 1538, source: 'ecb', as_of: Date.parse(`${isoDay(today)}T00:00:00Z`) / 1000 });
    expect(quote.body.expires_at).toBeLessThanOrEqual(quote.body.as_of + 48 * 3600);
    // EUR -> KWD: 0.34 x 0.995 = 0.3383; 100.00 EUR -> 33.830 KWD
    expect((await api(t.url, '/v1/global/fx/quote?from=eur&to=kwd&amount=10000', { key: live })).body).toMatchObject({ rate: '0.3383', converted_amount: 33830 });
    // a currency of the test table that the imported file does not quote
    const gbp = await api(t.url, '/v1/global/fx/quote?from=eur&to=gbp&amount=100', { key: live });
    expect(gbp.status).toBe(400);
    expect(gbp.body.error.param).toBe('to');
    const g = await gql(t.url, live, '{ fxQuote(from: "usd", to: "jpy", amount: 1000) { rate convertedAmount source } }');
    expect(g.body.data).toEqual({ fxQuote: { rate: '153.7727273', convertedAmount: 1538, source: 'ecb' } });
  });
});

describe('tax in live mode', () => {
  it('needs seller_country when the account has no country on record', async () => {
    const none = await api(t.url, '/v1/global/tax/calculate?amount=10000&currency=eur&country=FR', { key: live });
    expect(none.status).toBe(400);
    expect(none.body.error.param).toBe('seller_country');
    const fr = await api(t.url, '/v1/global/tax/calculate?amount=10000&currency=eur&country=FR&seller_country=FR', { key: live });
    expect(fr.body).toMatchObject({ tax_amount: 2000, seller_country: 'FR' });
  });
});

describe('shipping -- import', () => {
  const TABLE = {
    version: 1,
    origins: {
      DE: {
        currency: 'eur',
        zones: [{ zone: 'domestic', countries: ['DE'] }, { zone: 'world', countries: ['*'] }],
        services: [{ carrier: 'freight_co', service: 'economy', rates: { domestic: { estimated_days: 3, tiers: [{ max_grams: 2000, amount: 300 }, { max_grams: 20000, amount: 800 }] } } }],
      },
    },
  };
  const body = { from: { country: 'DE', postal_code: '10115' }, to: { country: 'DE', postal_code: '80331' }, parcels: [{ weight_grams: 2500, length_cm: 10, width_cm: 10, height_cm: 10 }] };

  it('refuses a malformed table, naming the place', async () => {
    const [bad, notJson, usage, dflt] = await runAll([
      ['shipping', ['import', file('bad.json', JSON.stringify({ ...TABLE, origins: { DE: { ...TABLE.origins.DE, currency: 'xyz' } } }))]],
      ['shipping', ['import', file('notjson.json', '{')]],
      ['shipping', ['import']],
      ['shipping', ['default']],
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/origins\.DE\.currency/);
    expect(notJson.code).toBe(1);
    expect(usage.code).toBe(2);
    expect(dflt.code).toBe(0);
    expect(JSON.parse(dflt.stdout).origins.DE.currency).toBe('eur');
  });

  it('live mode quotes from the imported table; test mode keeps the default', async () => {
    const res = await runScript('shipping', ['import', file('rates.json', JSON.stringify(TABLE))], env);
    expect(res.code, res.stderr).toBe(0);
    const q = await api(t.url, '/v1/global/shipping/quote', { key: live, body });
    expect(q.status, q.text).toBe(200);
    expect(q.body).toMatchObject({ rates_source: 'imported', quotes: [{ carrier: 'freight_co', service: 'economy', amount: 800, currency: 'eur', estimated_days: 3, billable_weight_grams: 2500 }] });
    // the imported table has no world rates: nothing serves DE -> FR
    const none = await api(t.url, '/v1/global/shipping/quote', { key: live, body: { ...body, to: { country: 'FR', postal_code: '75001' } } });
    expect(none.status).toBe(422);
    const test = await api(t.url, '/v1/global/shipping/quote', { key: A.key, body });
    expect(test.body.rates_source).toBe('default');
    expect(test.body.quotes[0]).toMatchObject({ carrier: 'parcel_post', amount: 699 });
  });
});

describe('compliance -- import (OFAC SDN CSV)', () => {
  const SDN = [
    '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Havana, Cuba."',
    '7001,"DOE, Jane Alexandra","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 05 Feb 1975; nationality Iran; Gender Female."',
    '7002,"PETROV, Dmitri","individual","RUSSIA-EO14024",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1960 to 1962; citizen Russia."',
  ].join('\r\n') + '\r\n\x1a';
  const ALT = '7001,201,"aka","DOE, Janie","-0- "\r\n7002,202,"aka","ПЕТРОВ, Дмитрий","-0- "\r\n';

  it('live mode with no list loaded is 503 naming the missing list', async () => {
    const res = await api(t.url, '/v1/global/compliance/check', { key: live, body: { name: 'Jane Doe', type: 'individual' } });
    expect(res.status, res.text).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { missing: 'OFAC SDN' } });
    expect(res.body.error.message).toMatch(/OFAC SDN/);
    expect((await api(t.url, '/v1/global/compliance/lists', { key: live })).body.data).toEqual([]);
  });

  it('refuses bad files and usage', async () => {
    const [short, xml, asOf, unknown] = await runAll([
      ['compliance', ['import', file('short.csv', '1,"X"\n')]],
      ['compliance', ['import', file('eu.xml', '<export/>')]],
      ['compliance', ['import', file('sdn0.csv', SDN), '--as-of', 'yesterday']],
      ['compliance', ['frobnicate']],
    ]);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/12/);
    expect(xml.code).toBe(1);
    expect(asOf.code).toBe(2);
    expect(unknown.code).toBe(2);
  });

  it('imports sdn.csv with alt.csv; live checks screen against it', async () => {
    const res = await runScript('compliance', ['import', file('sdn.csv', SDN), '--alt', file('alt.csv', ALT), '--as-of', '2026-11-20', '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'OFAC SDN', test: false, entries: 3, as_of: Date.UTC(2026, 10, 20) / 1000 });
    const lists = await runScript('compliance', ['lists', '--json'], env);
    expect(JSON.parse(lists.stdout).filter((l: any) => !l.test)).toEqual([expect.objectContaining({ name: 'OFAC SDN', entries: 3, format: 'ofac_sdn_csv' })]);

    const check = (body: unknown) => api(t.url, '/v1/global/compliance/check', { key: live, body });
    const jane = await check({ name: 'Jane Alexandra Doe', type: 'individual', date_of_birth: '1975-02-05', country: 'US' });
    expect(jane.status, jane.text).toBe(200);
    expect(jane.body).toMatchObject({ livemode: true, result: 'match', lists: [{ name: 'OFAC SDN', as_of: Date.UTC(2026, 10, 20) / 1000, entries: 3, test: false }] });
    expect(jane.body.matches[0]).toMatchObject({ list: 'OFAC SDN', entry_id: '7001', name: 'DOE, Jane Alexandra', score: 1, matched_on: ['name', 'date_of_birth'] });
    // the shipped test list is not screened in live mode
    expect((await check({ name: 'John Smith', type: 'individual' })).body.result).toBe('clear');
    // a year range of birth, and a Cyrillic alias
    const petrov = await check({ name: 'Дмитрий Петров', type: 'individual', date_of_birth: '1961-07-01', country: 'RU' });
    expect(petrov.body.matches[0]).toMatchObject({ entry_id: '7002', score: 1, matched_on: ['alias', 'date_of_birth', 'country'] });
    // an entity with one letter missing of 22: Jaro-Winkler 0.98 for the token, 0.99 in all, a match
    const airline = await check({ name: 'Aerocaribean Airlines', type: 'entity' });
    expect(airline.body).toMatchObject({ result: 'match', matches: [{ entry_id: '36', matched_on: ['name'] }] });
    expect(airline.body.matches[0].score).toBeGreaterThan(0.95);
    expect(airline.body.matches[0].score).toBeLessThan(1);
    const listed = await api(t.url, '/v1/global/compliance/lists', { key: live });
    expect(listed.body.data).toEqual([{ object: 'sanctions_list', name: 'OFAC SDN', as_of: Date.UTC(2026, 10, 20) / 1000, entries: 3, test: false }]);

    // importing again replaces the list
    const again = await runScript('compliance', ['import', file('sdn2.csv', SDN.split('\r\n').slice(0, 2).join('\r\n') + '\r\n'), '--as-of', '2026-11-21'], env);
    expect(again.code, again.stderr).toBe(0);
    expect((await api(t.url, '/v1/global/compliance/lists', { key: live })).body.data[0]).toMatchObject({ entries: 2, as_of: Date.UTC(2026, 10, 21) / 1000 });
    expect((await check({ name: 'Dmitri Petrov', type: 'individual' })).body.result).toBe('clear');
  });
});

describe('compliance -- import (EU and UN consolidated XML)', () => {
  const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
  const check = (body: unknown) => api(t.url, '/v1/global/compliance/check', { key: live, body });

  it('refuses malformed or unsafe XML with a clear message and changes nothing', async () => {
    const before = await runScript('compliance', ['lists', '--json'], env);
    const cases: [string, string, RegExp][] = [
      ['broken.xml', '<export><sanctionEntity logicalId="1"><nameAlias wholeName="X"/></export>', /malformed XML at line 1/],
      ['doctype.xml', '<?xml version="1.0"?>\n<!DOCTYPE export [<!ENTITY boom "boom">]>\n<export><sanctionEntity logicalId="1"><nameAlias wholeName="&boom;"/></sanctionEntity></export>', /DOCTYPE/],
      ['entity.xml', '<export><sanctionEntity logicalId="1"><nameAlias wholeName="&boom;"/></sanctionEntity></export>', /undeclared entity &boom;/],
      ['noid.xml', '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>X</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>', /INDIVIDUAL #1: no DATAID/],
      ['other.xml', '<rss/>', /root element is <rss>/],
      ['empty-eu.xml', '<export generationDate="2026-11-20T00:00:00Z"/>', /no entry/],
    ];
    // refused before the database: all at once, then the lists once more
    const [alt, ...refused] = await runAll([
      // --alt belongs to OFAC's CSV
      ['compliance', ['import', fixture('eu-consolidated.xml'), '--alt', fixture('un-consolidated.xml')]],
      ...cases.map(([name, xml]): [string, string[]] => ['compliance', ['import', file(name, xml)]]),
    ]);
    cases.forEach(([name, , message], i) => {
      const res = refused[i]!;
      expect(res.code, `${name}: ${res.stderr}`).toBe(1);
      expect(res.stderr).toMatch(message);
    });
    expect(alt.code).toBe(2);
    expect((await runScript('compliance', ['lists', '--json'], env)).stdout).toBe(before.stdout);
  });

  it('imports the EU list (format detected, date from the file): names, aliases, dates of birth, countries', async () => {
    const res = await runScript('compliance', ['import', fixture('eu-consolidated.xml'), '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'EU consolidated', test: false, entries: 2, as_of: Date.parse('2026-11-20T07:30:00Z') / 1000 });
    const lists = JSON.parse((await runScript('compliance', ['lists', '--json'], env)).stdout);
    expect(lists.find((l: any) => l.name === 'EU consolidated')).toMatchObject({ format: 'eu_consolidated_xml', entries: 2 });

    // a strong alias is found, with the date of birth and citizenship
    const alias = await check({ name: 'Johann Beispielmann', type: 'individual', date_of_birth: '1968-05-14', country: 'RU' });
    expect(alias.status, alias.text).toBe(200);
    expect(alias.body.result).toBe('match');
    expect(alias.body.matches[0]).toMatchObject({ list: 'EU consolidated', entry_id: '900101', name: 'Ivan Petrovich SAMPLEOV', matched_name: 'Johann Beispielmann', score: 1, matched_on: ['alias', 'date_of_birth', 'country'], programs: ['TEST-EU'] });
    // the Cyrillic alias, by transliteration; the entity with its &amp; decoded
    expect((await check({ name: 'Ivan Petrovich Sampleov', type: 'individual' })).body.matches[0]).toMatchObject({ entry_id: '900101', matched_on: ['name'] });
    const firm = await check({ name: 'Northwind Example Shipping and Trading LLC', type: 'entity' });
    expect(firm.body.matches[0]).toMatchObject({ entry_id: '900102', name: 'Northwind Example Shipping & Trading LLC' });
    expect((await check({ name: 'NW Example Trading', type: 'entity' })).body.matches[0]).toMatchObject({ entry_id: '900102', matched_on: ['alias'], score: 1 });
    // a weak alias (strong="false") is not screened
    expect((await check({ name: 'Hans Q', type: 'individual' })).body.result).toBe('clear');
  });

  it('imports the UN list: individuals and entities, good aliases, original script, date ranges', async () => {
    const res = await runScript('compliance', ['import', fixture('un-consolidated.xml'), '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ name: 'UN consolidated', test: false, entries: 3, as_of: Math.floor(Date.parse('2026-11-19T00:00:03.24Z') / 1000) });

    const alias = await check({ name: 'Kareem Examplar', type: 'individual', date_of_birth: '1971-02-02', country: 'JO' });
    expect(alias.body.result).toBe('match');
    expect(alias.body.matches[0]).toMatchObject({ list: 'UN consolidated', entry_id: '6900001', name: 'KARIM ABDUL EXAMPLAR', matched_name: 'Kareem Examplar', matched_on: ['alias', 'date_of_birth', 'country'] });
    // the name in original script as an alias; a year of birth "approximately"
    expect((await check({ name: 'Тестов Олег', type: 'individual', date_of_birth: '1965-06-01' })).body.matches[0]).toMatchObject({ entry_id: '6900002', score: 1, matched_on: ['name', 'date_of_birth'] });
    expect((await check({ name: 'Blue Lagoon Example Freight', type: 'entity', country: 'PA' })).body.matches[0]).toMatchObject({ entry_id: '6900100', matched_on: ['alias', 'country'] });
    // a low-quality alias is not screened
    expect((await check({ name: 'Abu Test', type: 'individual' })).body.result).toBe('clear');
    // every imported list is screened and shown
    const listed = await api(t.url, '/v1/global/compliance/lists', { key: live });
    expect(listed.body.data.map((l: any) => l.name).sort()).toEqual(['EU consolidated', 'OFAC SDN', 'UN consolidated']);
  });
});
