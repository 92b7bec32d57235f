// POST /v1/search and GraphQL `search` against a real server: matching (typos, prefixes,
// accents, phrases, exclusions, field:value), ranking, facets (checked against plain SQL),
// highlights, suggestions, pagination, bad input, permissions, account isolation, freshness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { asciiTokens } from '../../src/search/text.js';

let t: TestServer;
let A: TestAccount;
let B: TestAccount;
const ids: Record<string, string> = {};

const post = (key: string, body: unknown, headers: Record<string, string> = {}) => api(t.url, '/v1/search', { key, body, headers });
const find = async (key: string, body: Record<string, unknown>) => {
  const res = await post(key, body);
  expect(res.status, res.text).toBe(200);
  return res.body as { results: { id: string; resource_type: string; score: number; data: any; highlights?: Record<string, string> }[]; facets: any; suggestions: { text: string; score: number }[]; total_results: number; page: number; per_page: number; query_time_ms: number };
};
const idsOf = (r: { results: { id: string }[] }) => r.results.map((x) => x.id);

async function create(key: string, path: string, body: unknown): Promise<any> {
  const res = await api(t.url, path, { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
  B = await t.newAccount();
  ids.jonathan = (await create(A.key, '/v1/customers', { name: 'Jonathan Smith', email: 'jonathan.smith@example.com', phone: '+1 555 0100' })).id;
  ids.john = (await create(A.key, '/v1/customers', { name: 'John Doe', email: 'jd@example.com' })).id;
  ids.elodie = (await create(A.key, '/v1/customers', { name: 'Élodie Brûlé', email: 'elodie@example.fr' })).id;
  ids.ann = (await create(A.key, '/v1/customers', { name: 'Ann Lee', email: 'ann@shop.test' })).id;
  ids.headphones = (await create(A.key, '/v1/products', { name: 'Wireless Headphones', description: 'Noise <cancelling> & "over-ear"', sku: 'WH-1000', price: 19900, currency: 'usd', metadata: { tags: 'audio, sale', color: 'black' } })).id;
  ids.speaker = (await create(A.key, '/v1/products', { name: 'Wired Speaker', description: 'Loud', price: 5000, currency: 'eur', metadata: { tags: 'audio', color: 'white' } })).id;
  ids.order1 = (await create(A.key, '/v1/orders', { currency: 'usd', customer: ids.jonathan, items: [{ name: 'Wireless Headphones', quantity: 1, unit_amount: 19900 }], metadata: { tags: 'gift' } })).id;
  ids.order2 = (await create(A.key, '/v1/orders', { currency: 'eur', customer: ids.john, items: [{ name: 'Garden Hose', quantity: 2, unit_amount: 1500 }] })).id;
  await api(t.url, `/v1/orders/${ids.order1}`, { method: 'PATCH', key: A.key, body: { tracking_number: 'TRK123456' } });
  // account B: a customer whose name only B has
  ids.bZebulon = (await create(B.key, '/v1/customers', { name: 'Zebulon Quixote', email: 'zq@b.example' })).id;
  ids.bJonathan = (await create(B.key, '/v1/customers', { name: 'Jonathan Other', email: 'other@b.example' })).id;
});
afterAll(async () => { await t?.stop(); });

describe('matching', () => {
  it('finds Jonathan with a typo ("jonathn"); "jonh" (4 letters: no typo) need not find John', async () => {
    const r = await find(A.key, { query: 'jonathn', resources: ['customers'] });
    expect(idsOf(r)).toContain(ids.jonathan);
    expect(idsOf(r)).not.toContain(ids.bJonathan);
    const jonh = await find(A.key, { query: 'jonh', resources: ['customers'] });
    expect(idsOf(jonh)).not.toContain(ids.john);
  });

  it('"wireles hedphones" finds the wireless headphones (product, and the order by its item)', async () => {
    const r = await find(A.key, { query: 'wireles hedphones' });
    expect(idsOf(r)).toEqual(expect.arrayContaining([ids.headphones, ids.order1]));
    expect(idsOf(r)).not.toContain(ids.speaker);
    const product = r.results.find((x) => x.id === ids.headphones)!;
    expect(product.resource_type).toBe('product');
    expect(product.data).toMatchObject({ id: ids.headphones, object: 'product', name: 'Wireless Headphones', price: 19900 });
  });

  it('swaps of adjacent letters are one typo ("wirelses")', async () => {
    expect(idsOf(await find(A.key, { query: 'wirelses', resources: ['products'] }))).toContain(ids.headphones);
  });

  it('is accent and case insensitive both ways', async () => {
    expect(idsOf(await find(A.key, { query: 'ELODIE brule' }))).toContain(ids.elodie);
    expect(idsOf(await find(A.key, { query: 'Jönäthän', resources: ['customers'] }))).toContain(ids.jonathan);
  });

  it('the last word is a prefix; earlier words are not', async () => {
    expect(idsOf(await find(A.key, { query: 'wirel', resources: ['products'] }))).toContain(ids.headphones);
    expect(idsOf(await find(A.key, { query: 'wirel ', resources: ['products'] }))).not.toContain(ids.headphones);
    expect(idsOf(await find(A.key, { query: 'headph wireless', resources: ['products'] }))).not.toContain(ids.headphones);
  });

  it('every word must match', async () => {
    expect(idsOf(await find(A.key, { query: 'wireless speaker', resources: ['products'] }))).toEqual([]);
  });

  it('exact matches rank first', async () => {
    const r = await find(A.key, { query: 'wired', resources: ['products'] });
    // "wired" is exact for the speaker; "wireless" is no typo of it (2 edits) nor a prefix
    expect(r.results[0].id).toBe(ids.speaker);
    const w = await find(A.key, { query: 'wire', resources: ['products'] });
    expect(idsOf(w).sort()).toEqual([ids.headphones, ids.speaker].sort());
  });

  it('scores: 2 exact, 1 prefix, 0 typo (plus the rank under 1), whichever tiers the query can reach', async () => {
    const tierOf = (r: { results: { id: string; score: number }[] }, id: string) => Math.floor(r.results.find((x) => x.id === id)!.score);
    // exact or prefix, no typo candidate ("wire" is under 5 letters): exact is 2, prefix 1
    const wired = await find(A.key, { query: 'wired', resources: ['products'] });
    expect(tierOf(wired, ids.speaker)).toBe(2);
    const wire = await find(A.key, { query: 'wire', resources: ['products'] });
    expect(tierOf(wire, ids.headphones)).toBe(1);
    expect(tierOf(wire, ids.speaker)).toBe(1);
    // no prefix word (trailing space), no typo: every match is exact
    expect(tierOf(await find(A.key, { query: 'wired ', resources: ['products'] }), ids.speaker)).toBe(2);
    // no prefix word, with typo candidates: exact 2, typo 0
    const speakr = await find(A.key, { query: 'speakr ', resources: ['products'] });
    expect(tierOf(speakr, ids.speaker)).toBe(0);
    const speaker = await find(A.key, { query: 'speaker ', resources: ['products'] });
    expect(tierOf(speaker, ids.speaker)).toBe(2);
    // prefix word with typo candidates: all three tiers
    expect(tierOf(await find(A.key, { query: 'headphones', resources: ['products'] }), ids.headphones)).toBe(2);
    expect(tierOf(await find(A.key, { query: 'headphon', resources: ['products'] }), ids.headphones)).toBe(1);
    expect(tierOf(await find(A.key, { query: 'hedphones', resources: ['products'] }), ids.headphones)).toBe(0);
    // a phrase alone is exact
    expect(tierOf(await find(A.key, { query: '"wireless headphones"', resources: ['products'] }), ids.headphones)).toBe(2);
  });

  it('"phrases", -exclusions and field:value', async () => {
    expect(idsOf(await find(A.key, { query: '"wireless headphones"', resources: ['products'] }))).toEqual([ids.headphones]);
    expect(idsOf(await find(A.key, { query: '"headphones wireless"', resources: ['products'] }))).toEqual([]);
    expect(idsOf(await find(A.key, { query: '-speaker wire', resources: ['products'] }))).toEqual([ids.headphones]);
    expect(idsOf(await find(A.key, { query: 'audio -wireless', resources: ['products'] }))).toEqual([]);
    expect(idsOf(await find(A.key, { query: '-"wired speaker" wire', resources: ['products'] }))).toEqual([ids.headphones]);
    expect(idsOf(await find(A.key, { query: 'email:ann@', resources: ['customers'] }))).toEqual([ids.ann]);
    expect(idsOf(await find(A.key, { query: 'status:pending', resources: ['orders'] })).sort()).toEqual([ids.order1, ids.order2].sort());
    expect(idsOf(await find(A.key, { query: 'status:shipped', resources: ['orders'] }))).toEqual([]);
  });

  it('orders by id, tracking number, customer name and email', async () => {
    expect(idsOf(await find(A.key, { query: ids.order1, resources: ['orders'] }))).toEqual([ids.order1]);
    expect(idsOf(await find(A.key, { query: 'TRK123456' }))).toEqual([ids.order1]);
    expect(idsOf(await find(A.key, { query: 'jonathan smith', resources: ['orders'] }))).toEqual([ids.order1]);
    expect(idsOf(await find(A.key, { query: 'jd@example.com', resources: ['orders'] }))).toEqual([ids.order2]);
  });
});

describe('the answer', () => {
  it('has the spec shape; data is the REST representation', async () => {
    const r = await find(A.key, { query: 'garden', resources: ['orders'] });
    expect(Object.keys(r).sort()).toEqual(['facets', 'page', 'per_page', 'query_time_ms', 'results', 'suggestions', 'total_results']);
    expect(r).toMatchObject({ total_results: 1, page: 1, per_page: 20, facets: {}, suggestions: [] });
    const rest = await api(t.url, `/v1/orders/${ids.order2}`, { key: A.key });
    expect(r.results[0]).toMatchObject({ id: ids.order2, resource_type: 'order' });
    expect(r.results[0].data).toEqual(rest.body);
    expect(r.results[0].highlights).toBeUndefined();
    expect(typeof r.results[0].score).toBe('number');
  });

  it('highlights wrap matched words in the stored text, HTML-escaped', async () => {
    const r = await find(A.key, { query: 'noise headphone', resources: ['products'], highlight: true });
    expect(r.results[0].highlights).toEqual({
      name: 'Wireless <em>Headphones</em>',
      description: '<em>Noise</em> &lt;cancelling&gt; &amp; &quot;over-ear&quot;',
    });
    const o = await find(A.key, { query: 'jonathan headphones', resources: ['orders'], highlight: true });
    expect(o.results[0].highlights).toEqual({ 'items[0].name': 'Wireless <em>Headphones</em>', 'customer.name': '<em>Jonathan</em> Smith', 'customer.email': '<em>jonathan</em>.smith@example.com' });
    const e = await find(A.key, { query: 'elodie', highlight: true });
    expect(e.results[0].highlights).toMatchObject({ name: '<em>Élodie</em> Brûlé', email: '<em>elodie</em>@example.fr' });
  });

  it('facets count all matches, as plain SQL does', async () => {
    const r = await find(A.key, { query: 'audio', facets: ['currency', 'metadata.color'], pagination: { per_page: 1 } });
    expect(r.total_results).toBe(0); // tags are metadata, not searchable text
    expect(r.facets).toEqual({ currency: {}, 'metadata.color': {} });
    const all = await find(A.key, { query: 'w', resources: ['products'], facets: ['currency', 'metadata.color'], pagination: { per_page: 1 } });
    const rows = await t.server.db.prisma.$queryRawUnsafe<{ currency: string; n: number }[]>(
      `SELECT currency, count(*)::int AS n FROM "Product" WHERE "accountId" = $1 AND livemode = false AND (name ILIKE 'w%' OR name ILIKE '% w%') GROUP BY currency`, A.accountId);
    expect(all.facets.currency).toEqual(Object.fromEntries(rows.map((x) => [x.currency, x.n])));
    expect(all.facets['metadata.color']).toEqual({ black: 1, white: 1 });
    expect(all.total_results).toBe(2);
    expect(all.results).toHaveLength(1);
  });

  it('facets: resource_type counts every match by its result type, as resource_type reads', async () => {
    const r = await find(A.key, { query: 'wireless', facets: ['resource_type', 'currency'], pagination: { per_page: 1 } });
    expect(r.total_results).toBe(2);
    expect(r.facets.resource_type).toEqual({ product: 1, order: 1 });
    expect(r.facets.currency).toEqual({ usd: 2 });
    const people = await find(A.key, { query: 'j', resources: ['customers'], facets: ['resource_type'] });
    expect(people.facets.resource_type).toEqual({ customer: people.total_results });
    // GraphQL alike
    const g = await gql(t.url, A.key, '{ search(query: "wireless", facets: ["resource_type"]) { facets } }');
    expect(g.body.errors, g.text).toBeUndefined();
    expect(g.body.data.search.facets).toEqual({ resource_type: { product: 1, order: 1 } });
  });

  it('filters: status, tags, custom_fields, date_range; sort', async () => {
    expect(idsOf(await find(A.key, { query: 'w', resources: ['products'], filters: { tags: ['sale'] } }))).toEqual([ids.headphones]);
    expect(idsOf(await find(A.key, { query: 'w', resources: ['products'], filters: { custom_fields: { color: 'white' } } }))).toEqual([ids.speaker]);
    expect(idsOf(await find(A.key, { query: 'w', resources: ['products'], sort: { field: 'price', order: 'asc' } }))).toEqual([ids.speaker, ids.headphones]);
    expect(idsOf(await find(A.key, { query: 'w', resources: ['products'], sort: { field: 'price', order: 'desc' } }))).toEqual([ids.headphones, ids.speaker]);
    expect((await find(A.key, { query: 'w', filters: { date_range: { field: 'created', from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' } } })).total_results).toBe(0);
    // `to` is inclusive as written: the whole second (or day) it names
    const all = await find(A.key, { query: 'garden' });
    const created = all.results[0].data.created as number;
    const second = new Date(created * 1000).toISOString().replace('.000Z', 'Z');
    expect((await find(A.key, { query: 'garden', filters: { date_range: { from: second, to: second } } })).total_results).toBeGreaterThan(0);
    expect((await find(A.key, { query: 'garden', filters: { date_range: { to: second.slice(0, 10) } } })).total_results).toBe(all.total_results);
    expect((await find(A.key, { query: 'garden', filters: { status: ['pending'] } })).total_results).toBe(1);
    expect((await find(A.key, { query: 'garden', filters: { status: ['shipped'] } })).total_results).toBe(0);
  });

  it('suggestions: corrections and completions, from the key\'s own words only', async () => {
    const r = await find(A.key, { query: 'wireles headphnes', suggest: true });
    expect(r.suggestions.map((s) => s.text)).toContain('wireless headphones');
    const c = await find(A.key, { query: 'garde', suggest: true });
    expect(c.suggestions.map((s) => s.text)).toContain('garden');
    // B's words are never suggested to A
    const z = await find(A.key, { query: 'zebulo', suggest: true });
    expect(z.results).toEqual([]);
    expect(JSON.stringify(z.suggestions)).not.toMatch(/zebulon/);
  });

  it('query words folded in the server (lower-case ASCII) are the database\'s words', async () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => !/[A-Z]/.test(c));
    const samples = [...printable.map((c) => `ab${c}cd`), printable.join(''), 'ann@shop.test', 'wire-less_head.phones', '  x  ', '0123 4567', '"quoted" (paren) [b] {c} ~t`', ''];
    for (const text of samples) {
      const [row] = await t.server.db.prisma.$queryRawUnsafe<{ toks: string[]; f: string }[]>(
        `SELECT regexp_split_to_array(search_fold($1), '[^[:alnum:]]+') AS toks, search_fold($1) AS f`, text);
      expect(asciiTokens(text), JSON.stringify(text)).toEqual(row.toks.filter(Boolean));
      expect(row.f, 'the folding leaves such text as it is').toBe(text);
    }
    for (const other of ['Smith', 'élodie', 'tab\there', 'Ⅻ', 'ß']) expect(asciiTokens(other), other).toBeUndefined();
  });

  it('words with digits are found as typed and by prefix, but are neither typo targets nor completions', async () => {
    expect(idsOf(await find(A.key, { query: 'trk1234' }))).toEqual([ids.order1]);
    expect(idsOf(await find(A.key, { query: 'trk123457 ' }))).toEqual([]);
    const s = await find(A.key, { query: 'trk12', suggest: true });
    expect(JSON.stringify(s.suggestions)).not.toMatch(/trk123456/);
    // the dictionary holds none: thousands of near-identical codes made every typo lookup slow
    const [row] = await t.server.db.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "SearchWord" WHERE word ~ '[0-9]'`);
    expect(row.n).toBe(0);
    const [all] = await t.server.db.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "SearchWord" WHERE word IN ('wireless', 'jonathan')`);
    expect(all.n).toBeGreaterThan(0);
  });

  it('pagination: per_page, page; page x per_page over 10,000 is a 400', async () => {
    const p1 = await find(A.key, { query: 'example', pagination: { page: 1, per_page: 1 } });
    const p2 = await find(A.key, { query: 'example', pagination: { page: 2, per_page: 1 } });
    expect(p1.total_results).toBeGreaterThan(1);
    expect(p1.results[0].id).not.toBe(p2.results[0].id);
    const res = await post(A.key, { query: 'x', pagination: { page: 101, per_page: 100 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect((await post(A.key, { query: 'x', pagination: { per_page: 101 } })).status).toBe(400);
  });
});

describe('bad input', () => {
  it('an empty or too long query is invalid_query with the limits', async () => {
    for (const query of ['', '   ', 'x'.repeat(1001), undefined]) {
      const res = await post(A.key, query === undefined ? {} : { query });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_query', details: { min_query_length: 1, max_query_length: 1000 } });
    }
    // 1000 code points (astral characters count once)
    expect((await post(A.key, { query: `${'😀'.repeat(999)}a` })).status).toBe(200);
    expect((await post(A.key, { query: `${'😀'.repeat(1000)}a` })).status).toBe(400);
  });

  it('unknown resources, facets, sort fields: 400 naming them', async () => {
    const r1 = await post(A.key, { query: 'x', resources: ['orders', 'planets'] });
    expect(r1.status).toBe(400);
    expect(r1.text).toMatch(/planets/);
    const r2 = await post(A.key, { query: 'x', resources: ['warranties', 'tickets'] });
    expect(r2.status).toBe(400);
    expect(r2.text).toMatch(/not available on this server: warranties, tickets/);
    const r3 = await post(A.key, { query: 'x', facets: ['colour'] });
    expect(r3.status).toBe(400);
    expect(r3.text).toMatch(/colour/);
    const r4 = await post(A.key, { query: 'x', sort: { field: 'weight' } });
    expect(r4.status).toBe(400);
    expect(r4.text).toMatch(/weight/);
    for (const body of [{ query: 'x', filters: 'no' }, { query: 'x', filters: { date_range: { from: 'yesterday' } } }, { query: 5 }, { query: 'x', highlight: 'yes' }, { query: 'x', resources: 'orders' }, [1, 2], { query: 'a\u0000b' }]) {
      const res = await post(A.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('odd queries never fail: operators, quotes, tsquery syntax; one with no word to look for is invalid_query, not "everything"', async () => {
    for (const query of ['a:b', "o'brien \\ 'x'", 'status:', 'email:', '"unclosed phrase', 'x'.repeat(200), 'ünïcödé ☃ 日本語', '(garden)', 'garden -hose']) {
      const res = await post(A.key, { query, highlight: true, suggest: true, facets: ['status'] });
      expect(res.status, `${query}: ${res.text}`).toBe(200);
    }
    for (const query of ['!!!', '"', '-', '- -x', ':', '&|!()<->', '-"', '((((']) {
      const res = await post(A.key, { query, highlight: true, suggest: true, facets: ['status'] });
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.error.code, query).toBe('invalid_query');
    }
  });

  it('an unknown body field is named; one fault per field', async () => {
    const extra = await post(A.key, { query: 'x', extra: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details.errors.map((e: any) => e.field)).toEqual(['extra']);
    const both = await post(A.key, { query: 'x', resources: ['tickets', 'bogus'] });
    expect(both.body.error.details.errors).toHaveLength(1);
    expect(both.body.error.details.errors[0].message).toMatch(/unknown resources: bogus; not available on this server: tickets/);
  });
});

describe('auth and permissions', () => {
  it('Authorization: Token <key> works as Bearer; no key is a 401', async () => {
    const res = await api(t.url, '/v1/search', { body: { query: 'jonathan' }, headers: { authorization: `Token ${A.key}` } });
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect((await api(t.url, '/v1/search', { body: { query: 'x' } })).status).toBe(401);
  });

  it('another account\'s rows never show, in results, counts, facets or suggestions', async () => {
    const r = await find(A.key, { query: 'jonathan', facets: ['status', 'currency'], suggest: true });
    expect(idsOf(r)).not.toContain(ids.bJonathan);
    const asB = await find(B.key, { query: 'jonathan', facets: ['status', 'currency'] });
    expect(idsOf(asB)).toEqual([ids.bJonathan]);
    expect(asB.total_results).toBe(1);
    expect(asB.facets).toEqual({ status: {}, currency: {} });
    expect((await find(B.key, { query: 'wireless', facets: ['currency'] })).facets.currency).toEqual({});
    const sB = await find(B.key, { query: 'wireles', suggest: true });
    expect(sB.results).toEqual([]);
    expect(JSON.stringify(sB.suggestions)).not.toMatch(/wireless/);
  });

  it('unreadable resources are left out when none are named, 403 when named; related fields need their read', async () => {
    const k = await A.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const r = await find(k.secret, { query: 'jonathan' });
    // customers are unreadable: no customer results, and an order is not found by its customer's name
    expect(r.results.every((x) => x.resource_type === 'order')).toBe(true);
    expect(idsOf(r)).not.toContain(ids.order1);
    expect(idsOf(await find(k.secret, { query: 'garden' }))).toEqual([ids.order2]);
    const named = await post(k.secret, { query: 'jonathan', resources: ['customers'] });
    expect(named.status).toBe(403);
    expect(named.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    const s = await find(k.secret, { query: 'jonatha', suggest: true });
    expect(JSON.stringify(s.suggestions)).not.toMatch(/jonathan/);
    // with customers:read too, the order is found by its customer
    const k2 = await A.newKey({ type: 'restricted', permissions: ['orders:read', 'customers:read'] });
    expect(idsOf(await find(k2.secret, { query: 'jonathan smith', resources: ['orders'] }))).toEqual([ids.order1]);
  });

  it('live keys see live rows only', async () => {
    const live = await A.newKey({ mode: 'live' });
    expect((await find(live.secret, { query: 'jonathan' })).total_results).toBe(0);
  });
});

describe('freshness', () => {
  it('a committed write is searchable by the next request: create, update, delete, item and customer changes', async () => {
    const c = await create(A.key, '/v1/customers', { name: 'Freshly Made' });
    expect(idsOf(await find(A.key, { query: 'freshly' }))).toEqual([c.id]);
    await api(t.url, `/v1/customers/${c.id}`, { method: 'PATCH', key: A.key, body: { name: 'Renamed Person' } });
    expect(idsOf(await find(A.key, { query: 'freshly' }))).toEqual([]);
    expect(idsOf(await find(A.key, { query: 'renamed' }))).toEqual([c.id]);
    const o = await create(A.key, '/v1/orders', { currency: 'usd', customer: c.id, items: [{ name: 'Quokka Plush', quantity: 1, unit_amount: 100 }] });
    expect(idsOf(await find(A.key, { query: 'quokka' }))).toEqual([o.id]);
    // the order follows its customer's name
    await api(t.url, `/v1/customers/${c.id}`, { method: 'PATCH', key: A.key, body: { name: 'Zanzibar Person' } });
    expect(idsOf(await find(A.key, { query: 'zanzibar', resources: ['orders'] }))).toEqual([o.id]);
    const del = await api(t.url, `/v1/orders/${o.id}`, { method: 'DELETE', key: A.key });
    expect(del.status).toBe(200);
    expect(idsOf(await find(A.key, { query: 'quokka' }))).toEqual([]);
  });
});

describe('GraphQL search', () => {
  it('has the same semantics', async () => {
    const q = `query($q: String!) { search(query: $q, resources: ["products"], facets: ["currency"], highlight: true, suggest: true, pagination: {page: 1, perPage: 5}) {
      results { id resourceType score data highlights } facets suggestions { text score } totalResults page perPage queryTimeMs } }`;
    const res = await gql(t.url, A.key, q, { q: 'wireles' });
    expect(res.body.errors).toBeUndefined();
    const rest = await find(A.key, { query: 'wireles', resources: ['products'], facets: ['currency'], highlight: true, suggest: true, pagination: { page: 1, per_page: 5 } });
    const s = res.body.data.search;
    expect(s.results.map((r: any) => [r.id, r.resourceType, r.score, r.data, r.highlights])).toEqual(rest.results.map((r) => [r.id, r.resource_type, r.score, r.data, r.highlights]));
    expect(s.facets).toEqual(rest.facets);
    expect(s.totalResults).toBe(rest.total_results);
    expect(s.suggestions).toEqual(rest.suggestions);
    expect(s.perPage).toBe(5);
  });

  it('invalid_query and permissions in GraphQL', async () => {
    const bad = await gql(t.url, A.key, '{ search(query: "") { totalResults } }');
    expect(bad.body.errors?.[0].extensions).toMatchObject({ code: 'invalid_query', details: { min_query_length: 1, max_query_length: 1000 } });
    const k = await A.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const denied = await gql(t.url, k.secret, '{ search(query: "x", resources: ["customers"]) { totalResults } }');
    expect(denied.body.errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });
});
