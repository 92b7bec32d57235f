// The error envelope for every kind of bad request (malformed JSON, wrong types, unknown
// fields, oversize bodies, wrong Content-Type, unknown routes, hostile input), and a seeded
// fuzz: no request input ever produces a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { rng } from '../helpers/rng.js';
import { asApiResponse, createOrder, expectError, faultFields, rawRequest } from './envelope.js';

let t: TestServer;
let acct: TestAccount;
let order: any;
let product: any;
beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  order = await createOrder(t.url, acct.key, TEA_ORDER);
  product = (await api(t.url, '/v1/products', { key: acct.key, body: { name: 'Mug', price: 100, currency: 'usd' } })).body;
});
afterAll(async () => { await t?.stop(); });

const MB = 1024 * 1024;
const post = (path: string, rawBody: string, headers: Record<string, string> = {}) => api(t.url, path, { method: 'POST', key: acct.key, rawBody, headers });

describe('bodies that are not a valid request', () => {
  it.each(['{', '{"currency":', '{"a":1,}', "{'a':1}", 'tru', '{"a":1}}', 'NaN', '{"a":"\\x"}'])('malformed JSON %s is 400 INVALID_JSON', async (raw) => {
    expectError(await post('/v1/orders', raw), 400, 'INVALID_JSON');
  });

  it.each(['[]', '[{"currency":"usd"}]', '"text"', '42', 'true'])('JSON %s (not an object) is 400 naming the body', async (raw) => {
    const res = await post('/v1/orders', raw);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toEqual(['body']);
  });

  it('a wrong type is 400 naming the field in REST spelling', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: '2', unit_amount: 450 }] } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toEqual(['items[0].quantity']);
    expect(res.body.error.param).toBe('items[0].quantity');
  });

  it('a number past both its own bound and the safe-integer range states its own bound (quantity <= 100000)', async () => {
    // zod reports its safe-integer bound of .int() first: the field's real bound is the fault
    for (const quantity of [100_001, 9007199254740993, 1e300]) {
      const res = await post('/v1/orders', `{"currency":"usd","items":[{"name":"Tea","quantity":${quantity === 9007199254740993 ? '9007199254740993' : String(quantity)},"unit_amount":450}]}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      const [fault] = res.body.error.details.errors;
      expect(fault.field, String(quantity)).toBe('items[0].quantity');
      expect(fault.message, String(quantity)).toMatch(/<=100000$/);
      expect(fault.expected, String(quantity)).toBe('a number <= 100000');
      expect(res.text).not.toContain('9007199254740991');
    }
    // below: the schema's own minimum likewise
    const low = await post('/v1/orders', '{"currency":"usd","items":[{"name":"Tea","quantity":-9007199254740993,"unit_amount":450}]}');
    expect(low.body.error.details.errors[0].expected).toBe('a number >= 1');
  });

  it('lists EVERY invalid field at once: wrong types, unknown fields top-level and nested', async () => {
    const res = await api(t.url, '/v1/orders', {
      key: acct.key,
      body: {
        currency: 12, colour: 'blue', metadata: { k: 5 },
        items: [{ name: 'Tea', quantity: '2', unit_amount: -1, colour: 'red' }, { name: 'Cup', quantity: 0, unit_amount: 1 }],
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const fields = new Set(faultFields(res));
    expect([...fields].sort()).toEqual(
      ['colour', 'currency', 'items[0].colour', 'items[0].quantity', 'items[0].unit_amount', 'items[1].quantity', 'metadata.k'].sort(),
    );
    expect(res.body.error.message).toMatch(/fields are invalid/);
  });

  it('lists every missing required field of an empty object', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, body: {} });
    expect(faultFields(res).sort()).toEqual(['currency', 'items']);
  });

  it('refuses a JSON body with a __proto__ or constructor.prototype key: valid JSON, so a VALIDATION_ERROR naming the key', async () => {
    const proto = expectError(await post('/v1/orders', '{"__proto__":{"admin":true},"currency":"usd"}'), 400, 'VALIDATION_ERROR');
    expect(proto.details.errors).toEqual([expect.objectContaining({ field: '__proto__', message: expect.stringContaining('__proto__'), expected: expect.any(String) })]);
    expect(proto.message).not.toMatch(/not valid JSON/);
    const nested = expectError(await post('/v1/orders', '{"currency":"usd","items":[{"name":"Tea","metadata":{"__proto__":{"x":1}}}]}'), 400, 'VALIDATION_ERROR');
    expect(faultFields(await post('/v1/orders', '{"currency":"usd","items":[{"name":"Tea","metadata":{"__proto__":{"x":1}}}]}'))).toEqual(['items[0].metadata.__proto__']);
    expect(nested.param).toBe('items[0].metadata.__proto__');
    const ctor = await post('/v1/customers', '{"constructor":{"prototype":{"x":1}}}');
    expectError(ctor, 400, 'VALIDATION_ERROR');
    expect(faultFields(ctor)).toEqual(['constructor.prototype']);
    // nothing was made of them; malformed JSON stays INVALID_JSON
    expectError(await post('/v1/orders', '{"__proto__":'), 400, 'INVALID_JSON');
  });

  it('refuses NUL characters in strings and keys, naming each (PostgreSQL text cannot hold them)', async () => {
    const res = await api(t.url, '/v1/orders', {
      key: acct.key, body: { currency: 'usd', items: [{ name: 'T\u0000ea', quantity: 1, unit_amount: 1 }], metadata: { ['a\u0000']: 'x', b: '\u0000' } },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res).sort()).toEqual(['items[0].name', 'metadata.a\\u0000', 'metadata.b']);
    const customer = await api(t.url, '/v1/customers', { key: acct.key, body: { name: '\u0000' } });
    expect(faultFields(customer)).toEqual(['name']);
  });

  it('refuses unpaired surrogates (no UTF-8 form: they would be stored changed), naming each; keeps real emoji exactly', async () => {
    const res = await api(t.url, '/v1/orders', {
      key: acct.key, body: { currency: 'usd', items: [{ name: 'Tea \ud800', quantity: 1, unit_amount: 1 }], metadata: { ['k\udc00']: 'x', b: '\udfff\ud800' } },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res).sort()).toEqual(['items[0].name', 'metadata.b', 'metadata.k\ufffd']);
    expect(res.body.error.details.errors.map((e: { message: string }) => e.message)).toContain('contains an unpaired surrogate (not valid Unicode)');
    const ok = await api(t.url, '/v1/orders', { key: acct.key, body: { currency: 'usd', items: [{ name: 'Tea 😀 \u00e9', quantity: 1, unit_amount: 1 }] } });
    expect(ok.status).toBe(201);
    const back = await api(t.url, `/v1/orders/${ok.body.id}`, { key: acct.key });
    expect(back.body.items[0].name).toBe('Tea 😀 \u00e9');
  });

  it('refuses bodies nested deeper than any operation takes, without overflowing', async () => {
    const deep = '{"metadata":'.repeat(5000) + '1' + '}'.repeat(5000);
    expectError(await post('/v1/orders', deep), 400, 'VALIDATION_ERROR');
    const deepArray = '{"items":' + '['.repeat(3000) + ']'.repeat(3000) + '}';
    expectError(await post('/v1/orders', deepArray), 400, 'VALIDATION_ERROR');
  });
});

describe('size and media type', () => {
  it('a body over 10 MB is 413 PAYLOAD_TOO_LARGE in the envelope', async () => {
    const big = `{"metadata":{"k":"${'a'.repeat(10 * MB)}"}}`;
    const e = expectError(await post('/v1/orders', big), 413, 'PAYLOAD_TOO_LARGE');
    expect(e.type).toBe('invalid_request_error');
  });

  it('a chunked body over 10 MB (no Content-Length) is 413 too', async () => {
    const big = `{"metadata":{"k":"${'a'.repeat(10 * MB + 10)}"}}`;
    const raw = await rawRequest(t.url, '/v1/orders', {
      method: 'POST', body: big, chunked: true, headers: { authorization: `Bearer ${acct.key}`, 'content-type': 'application/json' },
    });
    expectError(asApiResponse(raw), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 10 MB is read (and judged by the schema: 400, not 413)', async () => {
    const res = await post('/v1/orders', `{"metadata":{"k":"${'a'.repeat(9.5 * MB)}"}}`);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toEqual(expect.arrayContaining(['currency', 'items', 'metadata.k']));
  });

  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json'])(
    'Content-Type %s is 415 UNSUPPORTED_MEDIA_TYPE',
    async (type) => {
      expectError(await post('/v1/orders', JSON.stringify(TEA_ORDER), { 'content-type': type }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('one field sent twice (snake_case and camelCase) is a 400 naming both; nothing is dropped silently', async () => {
    const res = await api(t.url, `/v1/orders/${order.id}`, { method: 'PATCH', key: acct.key, body: { tracking_number: 'A', trackingNumber: 'B' } });
    const e = expectError(res, 400, 'VALIDATION_ERROR');
    expect(e.details.errors).toEqual([expect.objectContaining({ field: 'tracking_number', expected: expect.stringContaining('tracking_number') })]);
    expect(e.message).toContain("'tracking_number' and 'trackingNumber'");
    const nested = await post('/v1/orders', JSON.stringify({ currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 1, unitAmount: 2 }] }));
    expect(expectError(nested, 400, 'VALIDATION_ERROR').details.errors[0].field).toBe('items[0].unit_amount');
    expect((await api(t.url, `/v1/orders/${order.id}`, { key: acct.key })).body.tracking_number).not.toBe('B');
  });

  it('an unknown product on a line is its one fault, with what was expected', async () => {
    const res = await post('/v1/orders', JSON.stringify({ currency: 'usd', items: [{ product: 'prod_0000000000', quantity: 1 }] }));
    const e = expectError(res, 400, 'VALIDATION_ERROR');
    expect(e.details.errors).toEqual([{ field: 'items[0].product', message: "no such product: 'prod_0000000000'", expected: expect.stringContaining('product') }]);
  });

  it('a body without Content-Type is 415', async () => {
    const raw = await rawRequest(t.url, '/v1/orders', { method: 'POST', body: JSON.stringify(TEA_ORDER), headers: { authorization: `Bearer ${acct.key}` } });
    expectError(asApiResponse(raw), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('415 also for PATCH and actions; application/json with a charset is accepted', async () => {
    expectError(await api(t.url, `/v1/orders/${order.id}`, { method: 'PATCH', key: acct.key, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await post(`/v1/orders/${order.id}/cancel`, 'reason=other', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const ok = await post('/v1/orders', JSON.stringify(TEA_ORDER), { 'content-type': 'application/json; charset=utf-8' });
    expect(ok.status).toBe(201);
  });
});

describe('routes and URLs', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['GET', '/v2/orders'],
    ['POST', '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz/refund'],
    ['PATCH', '/v1/nope/x'],
    ['GET', '/nope'],
  ])('%s %s is 404 ROUTE_NOT_FOUND in the envelope', async (method, path) => {
    const e = expectError(await api(t.url, path, { method, key: acct.key }), 404, 'ROUTE_NOT_FOUND');
    expect(e.details.path).toBe(path);
  });

  it.each([
    ['PUT', '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz', 'GET, HEAD, PATCH, DELETE'],
    ['DELETE', '/v1/payments/pay_0000000000zzzzzzzzzzzzzzzz', 'GET, HEAD'],
    ['PATCH', '/v1/webhooks', 'GET, HEAD, POST'],
    ['DELETE', '/v1/orders/', 'GET, HEAD, POST'],
    ['GET', '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz/cancel', 'POST'],
    ['POST', '/v1/errors?x=1', 'GET, HEAD'],
    ['PUT', '/graphql', 'GET, HEAD, POST, OPTIONS'],
  ])('%s %s (the path exists with other methods) is 405 METHOD_NOT_ALLOWED with Allow: %s', async (method, path, allow) => {
    const res = await api(t.url, path, { method, key: acct.key });
    const e = expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe(allow);
    expect(e.details).toEqual({ method, path: path.split('?')[0], allowed: allow.split(', ') });
    // the methods it names are routes (an unknown id is the route's own 404)
    const again = await api(t.url, path, { method: allow.split(', ')[0], key: acct.key });
    expect(again.status).not.toBe(405);
    expect(again.body?.error?.code).not.toBe('ROUTE_NOT_FOUND');
  });

  it('405 without a key too, with the rate-limit headers of an unknown path; HEAD of a POST-only path is 405', async () => {
    const res = await api(t.url, '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz', { method: 'PUT' });
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('x-ratelimit-bucket')).toBe('unauthenticated');
    const head = await api(t.url, '/v1/orders/ord_0000000000zzzzzzzzzzzzzzzz/cancel', { method: 'HEAD', key: acct.key });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST');
  });

  it('an unknown route answers 404 even without a key', async () => {
    expectError(await api(t.url, '/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
  });

  it('a malformed percent-encoding in the path is 400 in the envelope, with X-Request-Id', async () => {
    const raw = await rawRequest(t.url, '/v1/orders/%E0%A4%A', { headers: { authorization: `Bearer ${acct.key}` } });
    expectError(asApiResponse(raw), 400, 'INVALID_FIELD_FORMAT');
  });

  it('an overlong path parameter is 400 in the envelope (not Fastify\'s raw 414)', async () => {
    expectError(await api(t.url, `/v1/orders/${'x'.repeat(300)}`, { key: acct.key }), 400, 'INVALID_FIELD_VALUE');
  });

  it('a NUL in a path id or query value is 400, not a database error', async () => {
    expect(faultFields(await api(t.url, '/v1/orders/ord_%00', { key: acct.key }))).toEqual(['id']);
    expect(faultFields(await api(t.url, '/v1/orders?status_eq=%00&search=a%00b', { key: acct.key })).sort()).toEqual(['search', 'status_eq']);
    expectError(await api(t.url, '/v1/orders?starting_after=%00', { key: acct.key }), 400, 'VALIDATION_ERROR');
  });

  it('X-Test-Error-Code naming no catalog code (even an Object.prototype name) is 400', async () => {
    for (const code of ['NOPE', 'toString', 'constructor', '__proto__']) {
      expectError(await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': code } }), 400, 'INVALID_FIELD_VALUE');
    }
  });

  it('X-Test-Error-Code forces the spec\'s lowercase invalid_query as search answers it, on REST and GraphQL', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': 'invalid_query' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_query', type: 'validation_error', details: { forced: true, min_query_length: 1, max_query_length: 1000 } });
    expect(res.body.error.documentation_url).toMatch(/#invalid_query$/);
    const gql = await api(t.url, '/graphql', { key: acct.key, body: { query: '{ __typename }' }, headers: { 'x-test-error-code': 'invalid_query' } });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'invalid_query', type: 'validation_error', status: 400 });
    // only the spec's own spelling: the catalogue's codes stay upper-case
    expectError(await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': 'INVALID_QUERY' } }), 400, 'INVALID_FIELD_VALUE');
  });

  it('X-Test-Error-Code takes the spec\'s lowercase style too, answered as the catalogue\'s code', async () => {
    const cases: [string, number, string][] = [
      ['rate_limit_exceeded', 429, 'RATE_LIMITED'], ['invalid_api_key', 401, 'INVALID_API_KEY'], ['missing_api_key', 401, 'MISSING_API_KEY'],
      ['expired_api_key', 401, 'EXPIRED_API_KEY'], ['insufficient_permissions', 403, 'INSUFFICIENT_PERMISSIONS'],
      ['parameter_missing', 400, 'MISSING_REQUIRED_FIELD'], ['resource_not_found', 404, 'RESOURCE_NOT_FOUND'],
    ];
    for (const [sent, status, code] of cases) {
      const res = await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': sent } });
      expect(expectError(res, status, code).details, sent).toMatchObject({ forced: true });
    }
    // mixed case names nothing
    expectError(await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': 'Invalid_Api_Key' } }), 400, 'INVALID_FIELD_VALUE');
  });

  it('every error carries the spec\'s doc_url beside documentation_url (the same link), and status and param', async () => {
    const missing = await api(t.url, `/v1/orders/ord_${'0'.repeat(26)}`, { key: acct.key });
    const e = expectError(missing, 404, 'RESOURCE_NOT_FOUND') as any;
    expect(e.doc_url).toBe(e.documentation_url);
    expect(e.status).toBe(404);
    expect(e.param).toBe('id');
    const unauthenticated = await api(t.url, '/v1/orders', {});
    expect(expectError(unauthenticated, 401, 'MISSING_AUTH_HEADER')).toMatchObject({ doc_url: unauthenticated.body.error.documentation_url });
    const search = await api(t.url, '/v1/search', { key: acct.key, body: { query: '' } });
    expect(search.body.error).toMatchObject({ code: 'invalid_query', doc_url: expect.stringMatching(/#invalid_query$/) });
    expect(search.body.error.doc_url).toBe(search.body.error.documentation_url);
  });

  it('a forced RATE_LIMITED carries the details a real one has, from the caller\'s own window, and Retry-After', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key, headers: { 'x-test-error-code': 'RATE_LIMITED' } });
    const e = expectError(res, 429, 'RATE_LIMITED');
    expect(e.details).toMatchObject({ forced: true });
    for (const k of ['limit', 'remaining', 'reset_at', 'retry_after']) expect(Number.isInteger(e.details[k]), k).toBe(true);
    expect(e.details.limit).toBe(Number(res.headers.get('x-ratelimit-limit')));
    expect(e.details.remaining).toBe(Number(res.headers.get('x-ratelimit-remaining')));
    expect(res.headers.get('retry-after')).toBe(String(e.details.retry_after));
  });

  it('X-Test-Error-Code forces the error on the GraphQL door too, in its shape and status', async () => {
    const res = await api(t.url, '/graphql', { key: acct.key, body: { query: '{ __typename }' }, headers: { 'x-test-error-code': 'RESOURCE_LOCKED' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'RESOURCE_LOCKED', status: 409 });
    const limited = await api(t.url, '/graphql', { key: acct.key, body: { query: '{ __typename }' }, headers: { 'x-test-error-code': 'RATE_LIMITED' } });
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].extensions.details).toMatchObject({ forced: true, limit: expect.any(Number), retry_after: expect.any(Number) });
  });
});

// ---- fuzz (seeded, so a failure replays) ---------------------------------------------------

const KEYS = ['currency', 'items', 'name', 'quantity', 'unit_amount', 'product', 'customer', 'metadata', 'email', 'phone', 'price', 'sku', 'active',
  'description', 'status', 'reason', 'tracking_number', 'shipping_carrier', 'id', 'amount', '__proto__', 'constructor', 'prototype', 'toString', '', 'x'.repeat(60)];
const QUERY_KEYS = ['status_eq', 'status', 'amount_gte', 'amount_between', 'status_in', 'created[gte]', 'created[lt]', 'created_after', 'created_before',
  'currency_like', 'name_ilike', 'search', 'sort', 'order', 'fields', 'expand[]', 'expand', 'cursor', 'limit', 'offset', 'page', 'starting_after',
  'ending_before', 'customer.email_eq', 'items.product.name_eq', 'items.order.customer.orders.amount_gt', 'id_eq', 'id_in', 'customer_is_null',
  'amount_is_null', 'price_lt', 'active_eq', 'email_like', 'colour', 'a[b][c]', '__proto__', 'constructor', 'toString_eq', 'created[foo]', 'metadata_eq', '%00', '%FF'];

function fuzzCases(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const int = (n: number) => Math.floor(r() * n);
  const strings = () => pick([
    '', 'usd', 'USD', 'eu', 'pending', 'shipped', 'a@b.c', 'not-an-email', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '😀', 'x'.repeat(600),
    '%', '_', '\\', "'; drop table orders; --", '__proto__', 'prod_0000000000zzzzzzzzzzzzzz', 'cus_00', 'ord_' + 'z'.repeat(40), order.id, product.id,
    String.fromCharCode(int(0xffff)), Array.from({ length: 1 + int(20) }, () => String.fromCharCode(32 + int(95))).join(''),
  ]);
  const numbers = () => pick([0, -0, 1, -1, 2, 450, 1.5, -2.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e300, -1e300, 99_999_999, 100_000, 100_001, Number.MIN_VALUE]);
  const value = (depth: number): unknown => {
    const kind = depth > 3 ? int(4) : int(7);
    switch (kind) {
      case 0: return null;
      case 1: return r() < 0.5;
      case 2: return numbers();
      case 3: return strings();
      case 4: return Array.from({ length: int(4) }, () => value(depth + 1));
      default: return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(KEYS), value(depth + 1)]));
    }
  };
  /** a valid order with one leaf replaced: reaches the deeper rules */
  const mutated = () => {
    const base: any = { currency: 'usd', customer: undefined, items: [{ name: 'Tea', quantity: 2, unit_amount: 450, product: undefined }], metadata: { a: 'b' } };
    const where = int(6);
    if (where === 0) base.currency = value(2);
    else if (where === 1) base.items[0][pick(['name', 'quantity', 'unit_amount', 'product'])] = value(2);
    else if (where === 2) base.customer = value(2);
    else if (where === 3) base.metadata = value(1);
    else if (where === 4) base.items = value(1);
    else base[pick(KEYS)] = value(1);
    return JSON.stringify(base);
  };
  const garbage = () => pick([
    () => Array.from({ length: int(200) }, () => String.fromCharCode(int(256))).join(''),
    () => JSON.stringify(value(0)).slice(0, int(40)),
    () => pick(['{', '}', '[', '{"a":}', '{"a":1,,}', '1e99999', '-', '"\\u00"', '{"a":"\\ud800"}', '\uFEFF{}', '{}\u0000', 'null']),
  ])();
  const bodyTargets = [
    ['POST', '/v1/orders'], ['POST', '/v1/orders/create'], ['POST', '/v1/customers'], ['POST', '/v1/products/create'],
    ['PATCH', `/v1/orders/${order.id}`], ['PATCH', `/v1/products/${product.id}`], ['POST', `/v1/orders/${order.id}/cancel`],
    ['POST', `/v1/orders/${order.id}/fulfill`], ['PATCH', '/v1/customers/cus_00'],
  ] as const;
  const cases: { method: string; path: string; rawBody?: string; headers?: Record<string, string> }[] = [];
  for (let i = 0; i < 110; i++) {
    const [method, path] = pick(bodyTargets);
    const rawBody = pick([mutated, mutated, () => JSON.stringify(value(0)), garbage])();
    const headers: Record<string, string> = { 'content-type': pick(['application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/octet-stream']) };
    if (r() < 0.3) headers['idempotency-key'] = pick(['k-' + int(5), 'x'.repeat(300), '%00', 'ü'.normalize('NFD').replace(/[^\x20-\x7e]/g, '?'), ' spaced ']);
    cases.push({ method, path, rawBody, headers });
  }
  const qvalues = () => pick([
    strings(), String(numbers()), '%00', '%FF', '%E2%82', '%F0%9F%98%80', '-1', '99999999999999999999', '2147483648', '1,2,3', ',', '', 'null', 'true',
    '%25', '_', '%5C', '2024-13-45', '9999-12-31T23:59:59Z', '0000-01-01', 'amount,-created', 'asc,desc,up', 'items.product', 'customer.orders',
    Buffer.from(JSON.stringify({ s: 'Order|createdAt:desc,id:desc', v: [numbers(), strings()], d: pick(['n', 'p', 'x']) })).toString('base64url'),
  ]);
  const listTargets = ['/v1/orders', '/v1/orders/list', '/v1/customers', '/v1/customers/list', '/v1/products', `/v1/orders/${order.id}`, `/v1/products/${product.id}`];
  for (let i = 0; i < 100; i++) {
    const params = Array.from({ length: 1 + int(4) }, () => {
      const k = pick(QUERY_KEYS);
      const v = qvalues();
      const enc = (s: string) => (/%[0-9A-F]{2}/.test(s) ? s : encodeURIComponent(s));
      return `${enc(k)}=${enc(v)}`;
    });
    cases.push({ method: 'GET', path: `${pick(listTargets)}?${params.join('&')}` });
  }
  for (let i = 0; i < 10; i++) {
    cases.push({ method: pick(['GET', 'PATCH', 'POST']), path: `/v1/orders/${pick(['%00', '%FF', '%', '..%2F..', '%2e%2e', 'ord_%F0%9F', '\u00e9', ' ', '%20', 'list%00'])}`, rawBody: undefined });
  }
  return cases;
}

describe('fuzz', () => {
  it('~220 random bodies, query strings and paths never give a 5xx, and every error is an envelope', async () => {
    const cases = fuzzCases(20261121);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(cases.slice(i, i + 8).map(async (c) => {
        let res: ApiResponse;
        try {
          res = await api(t.url, c.path, { method: c.method, key: acct.key, rawBody: c.rawBody, headers: c.headers });
        } catch (err) {
          failures.push(`${c.method} ${c.path} threw ${(err as Error).message}`);
          return;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const env = res.body?.error;
        const ok = res.status < 500 && (res.status < 400 || (typeof env?.code === 'string' && env.request_id === res.headers.get('x-request-id') && typeof env.documentation_url === 'string'));
        if (!ok) failures.push(`${c.method} ${c.path} ${JSON.stringify(c.rawBody)?.slice(0, 200)} -> ${res.status} ${res.text.slice(0, 200)}`);
      }));
    }
    expect(failures).toEqual([]);
    // the fuzz reaches both success and the validation paths
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
  }, 120_000);
});
