// Query cost of the GraphQL door: relations resolve without N+1 queries (SQL statements are
// counted for the whole server, so this file runs nothing concurrently), and the depth and
// cost limits reject abusive documents with QUERY_TOO_COMPLEX over HTTP and WebSocket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { data, failure, send, subscribe, wsSession } from './client.js';
import {
  CostlyOrdersDocument, CreateCustomerDocument, CreateOrderDocument, CreateProductDocument, DeepestAllowedOrderDocument,
  FanOutAtLimitDocument, FanOutOverLimitDocument, ListOrdersDocument, OnEventsDocument, OrdersWithRelationsDocument,
  TooDeepOrdersDocument, GetCustomerDocument, OnOrderUpdatedDocument,
} from '../generated/graphql.js';

let t: TestServer;
let acct: TestAccount;
const orderIds: string[] = [];
let customerId: string;

beforeAll(async () => {
  // statements are counted for the whole server: no delivery worker polling meanwhile
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
  const customers: string[] = [];
  for (let i = 0; i < 4; i++) {
    customers.push((await data(t.url, acct.key, CreateCustomerDocument, { input: { email: `buyer${i}@example.com` } })).createCustomer.id);
  }
  customerId = customers[0];
  const products: string[] = [];
  for (let i = 0; i < 3; i++) {
    products.push((await data(t.url, acct.key, CreateProductDocument, { input: { name: `Product ${i}`, price: 100 + i, currency: 'usd' } })).createProduct.id);
  }
  for (let i = 0; i < 20; i++) {
    const r = await data(t.url, acct.key, CreateOrderDocument, {
      input: {
        currency: 'usd',
        customer: customers[i % customers.length],
        items: [{ product: products[i % 3], quantity: 1 }, { product: products[(i + 1) % 3], quantity: 2 }, { name: 'Gift wrap', quantity: 1, unitAmount: 50 }],
      },
    });
    orderIds.push(r.createOrder.id);
  }
}, 180_000);
afterAll(async () => { await t?.stop(); });

/** A subscription over WebSocket fails with `code`, and the connection survives for the next one. */
async function expectRefusedOverWebSocket(doc: unknown, variables: Record<string, unknown> | undefined, code: string) {
  const ws = wsSession(t.url, { authorization: `Bearer ${acct.key}` });
  try {
    const refused = await subscribe(ws, doc as never, variables as never, 0);
    const ended = (await Promise.race([refused.ended, new Promise((r) => setTimeout(() => r('timeout'), 5000))])) as unknown;
    expect(Array.isArray(ended) ? ended[0]?.extensions?.code : ended).toBe(code);
    const ok = await subscribe(ws, OnEventsDocument, { types: ['order.*'] }, 0);
    const ended2 = await Promise.race([ok.ended, new Promise((r) => setTimeout(() => r('still open'), 300))]);
    expect(ended2).toBe('still open');
    ok.stop();
  } finally {
    await ws.dispose();
  }
}

/** SQL statements the server ran for one request (the key lookup is warmed first). */
async function statementsFor(run: () => Promise<unknown>): Promise<number> {
  const db = t.server.db;
  let best = Infinity;
  // the fewest of three runs: a stray background statement cannot inflate the count
  for (let i = 0; i < 3; i++) {
    await data(t.url, acct.key, ListOrdersDocument, { limit: 1 }); // warms the API key cache
    const before = db.queryCount();
    await run();
    best = Math.min(best, db.queryCount() - before);
  }
  return best;
}

describe('relations resolve without N+1 queries', () => {
  it('orders with customer, items and items.product: the same small number of statements for 5 and 20 orders', async () => {
    const q = (limit: number) => async () => {
      const r = await data(t.url, acct.key, OrdersWithRelationsDocument, { limit });
      expect(r.orders).toHaveLength(limit);
      for (const o of r.orders) {
        expect(o.customer?.email).toMatch(/^buyer\d@example\.com$/);
        expect(o.items.map((i) => i.name)).toHaveLength(3);
        expect(o.items[0].product?.name).toMatch(/^Product \d$/);
        expect(o.items[2].product).toBeNull();
      }
    };
    const one = await statementsFor(q(1));
    const five = await statementsFor(q(5));
    const twenty = await statementsFor(q(20));
    expect(twenty).toBe(five);
    expect(five).toBe(one);
    // orders, customers, items, products: one statement each (a little slack for the plan)
    expect(twenty).toBeGreaterThanOrEqual(1);
    expect(twenty).toBeLessThanOrEqual(5);
  });

  it('a customer with its orders costs a constant number of statements', async () => {
    const n = await statementsFor(async () => {
      const r = await data(t.url, acct.key, GetCustomerDocument, { id: customerId });
      expect(r.customer?.orders).toHaveLength(5);
    });
    expect(n).toBeLessThanOrEqual(3);
  });

  it('counting works: one statement per order when each order is fetched by id', async () => {
    // guards the measure itself: separate requests must show up as separate statements
    const n = await statementsFor(async () => {
      for (const id of orderIds.slice(0, 5)) await send(t.url, acct.key, ListOrdersDocument, { where: { id: { _eq: id } } });
    });
    expect(n).toBeGreaterThanOrEqual(5);
  });
});

describe('depth and cost limits', () => {
  it('a query deeper than the limit (8) is QUERY_TOO_COMPLEX with a clear message, before it runs', async () => {
    // rejected during validation: only the API key lookup may touch the database
    const statements = await statementsFor(async () => {
      const err = await failure(t.url, acct.key, TooDeepOrdersDocument, {});
      expect(err.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      expect(err.message).toMatch(/depth limit of 8 exceeded, found 9/i);
      expect(err.message).not.toMatch(/syntax error/i);
      expect(err.status).toBe(400);
    });
    expect(statements).toBeLessThanOrEqual(1);
  });

  it('a query at exactly the depth limit passes', async () => {
    const r = await data(t.url, acct.key, DeepestAllowedOrderDocument, { id: orderIds[0] });
    expect(r.order?.customer?.orders).toHaveLength(5);
  });

  it('a query costing more than the limit (5000) is QUERY_TOO_COMPLEX with a clear message', async () => {
    const err = await failure(t.url, acct.key, CostlyOrdersDocument, {});
    expect(err.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(err.message).toMatch(/cost limit of 5000 exceeded, found \d+/i);
    expect(err.message).not.toMatch(/syntax error/i);
    expect(err.status).toBe(400);
  });

  it('nested lists are limited by the rows they may return, not just by depth and cost', async () => {
    // orders -> customer -> orders -> customer -> orders: shallow and cheap by cost, yet
    // 11 x 100 x 100 rows may come back (a customer's orders are capped at 100)
    const statements = await statementsFor(async () => {
      const err = await failure(t.url, acct.key, FanOutOverLimitDocument, {});
      expect(err.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      // 11 + 11 x 100 + 11 x 100 x 100 rows in all
      expect(err.message).toBe(
        'Query may return more than 110000 rows through its lists (the most through orders > customer > orders > customer > orders), over the limit of 110000 (GRAPHQL_MAX_ROWS); lower `limit` or ask for fewer lists',
      );
      expect(err.status).toBe(400);
    });
    expect(statements).toBeLessThanOrEqual(1);
    const at = await data(t.url, acct.key, FanOutAtLimitDocument, {});
    expect(at.orders).toHaveLength(10);
    expect(at.orders[0].customer?.orders[0].customer?.orders).toHaveLength(5);
  });

  it('a normal query passes', async () => {
    const r = await data(t.url, acct.key, OrdersWithRelationsDocument, { limit: 100 });
    expect(r.orders).toHaveLength(20);
  });

  it('more than 30 aliases are rejected', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: orders(limit: 1) { id }`).join('\n');
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acct.key}` },
      body: JSON.stringify({ query: `{ ${aliases} }` }),
    });
    const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
    expect(body.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors?.[0].message).toMatch(/aliases limit of 30 exceeded/i);
  });

  it('the limits apply to documents sent over WebSocket too', async () => {
    await expectRefusedOverWebSocket(TooDeepOrdersDocument, undefined, 'QUERY_TOO_COMPLEX');
  });
});

/** `_not` nested `levels` deep around one comparison, as JSON text (too deep for JSON.stringify's recursion at the top end). */
const deepWhereJson = (levels: number) => '{"_not":'.repeat(levels) + '{"currency":{"_eq":"none"}}' + '}'.repeat(levels);
const LIST_BY_WHERE = 'query Q($w: OrderBoolExp) { orders(where: $w) { id } }';

describe('nesting limits: deep input is a 400, never an internal error', () => {
  it('a document nesting brackets past 64 levels is QUERY_TOO_COMPLEX', async () => {
    for (const levels of [70, 3000]) {
      const literal = deepWhereJson(levels).replace(/"(_not|currency|_eq)"/g, '$1');
      const r = await api(t.url, '/graphql', { key: acct.key, body: { query: `{ orders(where: ${literal}) { id } }` } });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
      expect(r.body.errors[0].message).toMatch(/64 levels/);
    }
  });

  it('variables nested past 32 levels are a VALIDATION_ERROR naming them, on the fast path and in yoga alike (used or not)', async () => {
    for (const [levels, query] of [[40, LIST_BY_WHERE], [5000, LIST_BY_WHERE], [50_000, LIST_BY_WHERE], [5000, '{ orders { id } }']] as const) {
      for (const extensions of ['', ',"extensions":{}']) {
        const rawBody = `{"query":${JSON.stringify(query)},"variables":{"w":${deepWhereJson(levels)}}${extensions}}`;
        const r = await api(t.url, '/graphql', { key: acct.key, rawBody });
        expect(r.status).toBe(400);
        expect(r.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
        expect(r.body.errors[0].extensions.details.errors[0].field).toBe('variables');
      }
    }
  });

  it('one limit for a where, written into the document or passed as a variable (the variables object is no level)', async () => {
    for (const [levels, ok] of [[30, true], [31, false]] as const) {
      const asVariable = await api(t.url, '/graphql', { key: acct.key, rawBody: `{"query":${JSON.stringify(LIST_BY_WHERE)},"variables":{"w":${deepWhereJson(levels)}}}` });
      const literal = deepWhereJson(levels).replace(/"(_not|currency|_eq)"/g, '$1');
      const inline = await api(t.url, '/graphql', { key: acct.key, body: { query: `{ orders(where: ${literal}) { id } }` } });
      for (const [door, r] of [['variable', asVariable], ['inline', inline]] as const) {
        if (ok) expect(r.body.errors, `${levels} ${door}: ${r.text}`).toBeUndefined();
        else expect(r.body.errors?.[0]?.extensions?.code, `${levels} ${door}: ${r.text}`).toBe('VALIDATION_ERROR');
      }
    }
  });

  it('a where within the limits works, and the translator bounds what the document limit lets through', async () => {
    const ok = await api(t.url, '/graphql', { key: acct.key, rawBody: `{"query":${JSON.stringify(LIST_BY_WHERE)},"variables":{"w":${deepWhereJson(25)}}}` });
    expect(ok.status).toBe(200);
    expect(ok.body.data.orders).toHaveLength(20); // an odd number of _not: currency is not 'none'
    const literal = deepWhereJson(40).replace(/"(_not|currency|_eq)"/g, '$1'); // 44 brackets, 42 levels of where
    const r = await api(t.url, '/graphql', { key: acct.key, body: { query: `{ orders(where: ${literal}) { id } }` } });
    expect(r.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(r.body.errors[0].message).toMatch(/nested deeper than 32 levels/);
  });

  it('over WebSocket, too deep variables fail that one subscription and the connection stays', async () => {
    let where: Record<string, unknown> = { currency: { _eq: 'none' } };
    for (let i = 0; i < 40; i++) where = { _not: where };
    await expectRefusedOverWebSocket(OnOrderUpdatedDocument, { where }, 'VALIDATION_ERROR');
  });
});

describe('malformed requests are 4xx in the GraphQL error shape, never a 500 or a parser message', () => {
  const auth = () => ({ authorization: `Bearer ${acct.key}` });

  it('a GET whose variables or extensions are not JSON is 400 INVALID_JSON naming the parameter', async () => {
    for (const name of ['variables', 'extensions']) {
      const res = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ __typename }')}&${name}=notjson`, { headers: { ...auth(), accept: 'application/json' } });
      expect(res.status, name).toBe(400);
      const body = await res.json();
      expect(body.errors[0].extensions).toMatchObject({ code: 'INVALID_JSON', status: 400 });
      expect(body.errors[0].message).toContain(name);
    }
  });

  it('a POST without a query string is 400 naming query; a text/plain body is 415', async () => {
    for (const body of ['{}', '{"variables":{}}']) {
      const res = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(400);
      const json = await res.json();
      expect(json.errors[0].extensions.code).toBe('MISSING_REQUIRED_FIELD');
      expect(JSON.stringify(json)).not.toContain('originalError');
    }
    const plain = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...auth(), 'content-type': 'text/plain' }, body: '{"query":"{ __typename }"}' });
    expect(plain.status).toBe(415);
    expect((await plain.json()).errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body that is not JSON, or too large, is answered in the GraphQL shape with the full extensions', async () => {
    const post = (body: string, headers: Record<string, string> = {}) => fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json', ...headers }, body });
    const malformed = await post('{"query":"{orders{id}}",');
    expect(malformed.status).toBe(400);
    const bad = await malformed.json();
    expect(bad.error).toBeUndefined();
    expect(bad.errors[0].extensions).toMatchObject({ code: 'INVALID_JSON', type: 'invalid_request_error', status: 400, request_id: malformed.headers.get('x-request-id') });
    const large = await post(JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(11 * 1024 * 1024) } }));
    expect(large.status).toBe(413);
    const big = await large.json();
    expect(big.error).toBeUndefined();
    expect(big.errors[0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', type: 'invalid_request_error', status: 413, request_id: large.headers.get('x-request-id') });
  });

  it('every error names its request in extensions.request_id, the X-Request-Id of its answer: validation, parse, resolver and fast-path errors', async () => {
    const post = (query: string) => fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const seen = new Set<string>();
    // the same invalid document twice: yoga caches its validation errors, and each answer must
    // name its own request, not the first one's
    for (const query of ['{ orders { nosuch } }', '{ orders { nosuch } }', '{ orders { id ', 'mutation { createOrder(input: {currency: "usd", items: []}) { id } }', '{ orders(where: {createdAt: {_gt: "nope"}}) { id } }', '{ order(id: "ord_\\u0000") { id } }']) {
      const res = await post(query);
      const id = res.headers.get('x-request-id')!;
      expect(id, query).toMatch(/^req_/);
      const json = await res.json();
      expect(json.errors.length, query).toBeGreaterThan(0);
      for (const e of json.errors) expect(e.extensions.request_id, query).toBe(id);
      seen.add(id);
    }
    expect(seen.size).toBe(6);
  });

  it('variables that are not an object, and a batch, are VALIDATION_ERRORs of the catalogue (no BAD_REQUEST)', async () => {
    const post = (body: unknown) => fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const [body, field] of [[{ query: '{ __typename }', variables: 'x' }, 'variables'], [{ query: '{ __typename }', extensions: 1 }, 'extensions']] as const) {
      const res = await post(body);
      expect(res.status, field).toBe(400);
      const json = await res.json();
      expect(json.errors[0].extensions, field).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation_error', status: 400, details: { errors: [{ field }] } });
    }
    const batch = await post([{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(batch.status).toBe(400);
    const json = await batch.json();
    expect(json.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation_error', status: 400 });
    expect(json.errors[0].message).toMatch(/one operation per request/);
    // a GET mutation: yoga's refusal, with a catalogue code
    const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent('mutation { __typename }')}`, { headers: { ...auth(), accept: 'application/json' } });
    expect(get.status).toBe(405);
    expect((await get.json()).errors[0].extensions).toMatchObject({ code: 'METHOD_NOT_ALLOWED', type: 'invalid_request_error', status: 405 });
  });

  it('an invalid inline DateTime literal fails only its subscription over WebSocket, with INVALID_DATE_FORMAT', async () => {
    await expectRefusedOverWebSocket(parse('subscription { orderUpdated(where: {createdAt: {_gt: "not-a-date"}}) { id } }'), undefined, 'INVALID_DATE_FORMAT');
  });

  it('a NUL in a by-id argument is a VALIDATION_ERROR naming id', async () => {
    const res = await api(t.url, '/graphql', { key: acct.key, body: { query: 'query($id: ID!) { order(id: $id) { id } }', variables: { id: 'ord_\u0000' } } });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(res.body.errors[0].extensions.details.errors[0].field).toBe('id');
  });
});
