// One request must not stall the server for every tenant: filters, patterns, GraphQL
// documents and their fan-out are bounded on both doors, refused as 400 with the limit named,
// and a database that cannot answer fails readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, hasPostgres, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { openDatabase } from '../../src/db/client.js';
import { databaseFault } from '../../src/errors.js';
import { skipping } from '../helpers/skip.js';

let t: TestServer;
let a: TestAccount;
let pk: string;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  pk = (await a.newKey({ type: 'publishable' })).secret;
  await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
});
afterAll(async () => { await t?.stop(); });

function expectLimit(res: { status: number; body: any; text: string }, name: string, value: number) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  const error = res.body.error ?? res.body.errors?.[0]?.extensions;
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.details.limit).toEqual({ name, value });
}

const ids = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => `ord_${String(i + offset).padStart(26, '0')}`);

describe('filters are bounded on both doors', () => {
  it('values: 40 x _in of 1,000 ids (the reported stall) is refused, with a publishable key too', async () => {
    const where = { _or: Array.from({ length: 40 }, (_, i) => ({ id: { _in: ids(1000, i * 1000) } })) };
    // 40,000 values in the variables: refused before graphql-js coerces them
    for (const key of [a.key, pk]) {
      expectLimit(await gql(t.url, key, 'query($w: OrderBoolExp) { orders(where: $w) { id } }', { w: where }), 'INPUT_MAX_VALUES', 20000);
    }
    // within the input limit, the filter's own: 1,200 values
    const two = { _or: [{ id: { _in: ids(600) } }, { id: { _in: ids(600, 600) } }] };
    expectLimit(await gql(t.url, pk, 'query($w: OrderBoolExp) { orders(where: $w) { id } }', { w: two }), 'WHERE_MAX_VALUES', 1000);
    expectLimit(await api(t.url, `/v1/orders?tracking_number_in=${Array.from({ length: 1001 }, (_, i) => `s${i}`).join(',')}`, { key: a.key }), 'WHERE_MAX_VALUES', 1000);
    // at the limit it runs
    const ok = await gql(t.url, a.key, 'query($w: OrderBoolExp) { orders(where: $w) { id } }', { w: { id: { _in: ids(999) } } });
    expect(ok.body.errors).toBeUndefined();
    expect((await api(t.url, '/health/live')).status).toBe(200);
  });

  it('conditions and nesting', async () => {
    const many = { _and: Array.from({ length: 201 }, () => ({ status: { _eq: 'pending' } })) };
    expectLimit(await gql(t.url, a.key, 'query($w: OrderBoolExp) { orders(where: $w) { id } }', { w: many }), 'WHERE_MAX_CONDITIONS', 200);
    const query = Array.from({ length: 201 }, (_, i) => `amount_gte=${i}`).join('&');
    expectLimit(await api(t.url, `/v1/orders?${query}`, { key: a.key }), 'WHERE_MAX_CONDITIONS', 200);
    let deep: Record<string, unknown> = { status: { _eq: 'pending' } };
    for (let i = 0; i < 40; i++) deep = { _not: deep };
    const literal = `{ orders(where: ${JSON.stringify(deep).replace(/"([a-z_]+)":/g, '$1:')}) { id } }`;
    expectLimit(await gql(t.url, a.key, literal), 'WHERE_MAX_DEPTH', 32);
  });

  it('LIKE patterns and search text are at most 256 characters', async () => {
    const long = `%${'a'.repeat(10 * 1024)}%`;
    expectLimit(await gql(t.url, a.key, 'query($p: String!) { orders(where: {status: {_like: $p}}) { id } }', { p: long }), 'LIKE_PATTERN_MAX_LENGTH', 256);
    expectLimit(await gql(t.url, a.key, 'query($p: String!) { customers(where: {email: {_ilike: $p}}) { id } }', { p: long }), 'LIKE_PATTERN_MAX_LENGTH', 256);
    expectLimit(await api(t.url, `/v1/orders?status_like=${'a'.repeat(257)}`, { key: a.key }), 'LIKE_PATTERN_MAX_LENGTH', 256);
    expectLimit(await api(t.url, `/v1/customers?search=${'a'.repeat(257)}`, { key: a.key }), 'LIKE_PATTERN_MAX_LENGTH', 256);
    const at = await api(t.url, `/v1/orders?status_like=${'a'.repeat(256)}`, { key: a.key });
    expect(at.status).toBe(200);
  });
});

describe('metadata', () => {
  it('an update may not leave more than 50 keys, on every resource with metadata', async () => {
    const keys = (from: number) => Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${from + i}`, 'v']));
    const customer = await api(t.url, '/v1/customers', { key: a.key, body: { name: 'm', metadata: keys(0) } });
    const more = await api(t.url, `/v1/customers/${customer.body.id}`, { method: 'PATCH', key: a.key, body: { metadata: keys(50) } });
    expect(more.status).toBe(400);
    expect(more.body.error.details.errors[0].field).toBe('metadata');
    expect((await api(t.url, `/v1/customers/${customer.body.id}`, { key: a.key })).body.metadata).toEqual(keys(0));
    // replacing keys (removing some with '') stays within the limit
    const swap = { ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, ''])), ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`n${i}`, 'v'])) };
    expect((await api(t.url, `/v1/customers/${customer.body.id}`, { method: 'PATCH', key: a.key, body: { metadata: swap } })).status).toBe(200);
    const product = await api(t.url, '/v1/products', { key: a.key, body: { name: 'p', price: 1, currency: 'usd', metadata: keys(0) } });
    expect((await api(t.url, `/v1/products/${product.body.id}`, { method: 'PATCH', key: a.key, body: { metadata: { extra: 'x' } } })).status).toBe(400);
    const order = await api(t.url, '/v1/orders', { key: a.key, body: { ...TEA_ORDER, metadata: keys(0) } });
    expect((await api(t.url, `/v1/orders/${order.body.id}`, { method: 'PATCH', key: a.key, body: { metadata: { extra: 'x' } } })).status).toBe(400);
    const hook = await api(t.url, '/v1/webhooks', { key: a.key, body: { url: 'https://127.0.0.1:9/', events: ['product.created'], metadata: keys(0) } });
    expect((await api(t.url, `/v1/webhooks/${hook.body.id}`, { method: 'PUT', key: a.key, body: { metadata: { extra: 'x' } } })).status).toBe(400);
    const viaGraphql = await gql(t.url, a.key, 'mutation($id: ID!) { updateCustomer(id: $id, input: {metadata: {extra: "x", more: "y"}}) { id } }', { id: customer.body.id });
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
  });
});

describe('GraphQL documents', () => {
  it('a 1 MB document is refused, and so is one of more than 5,000 tokens', async () => {
    const big = `{ ${'__typename '.repeat(100_000)}}`;
    expectLimit(await gql(t.url, a.key, big), 'GRAPHQL_MAX_DOCUMENT_BYTES', 65536);
    const tokens = `{ orders(limit: 1) { ${'id '.repeat(6000)}} }`;
    expect(Buffer.byteLength(tokens)).toBeLessThan(65536);
    expectLimit(await gql(t.url, a.key, tokens), 'GRAPHQL_MAX_TOKENS', 5000);
  });

  it('without a key nothing about the document is looked at: 401 even for a huge one', async () => {
    const huge = `{ ${'__typename '.repeat(500_000)}}`; // 5.5 MB, under the 10 MB body limit
    const res = await api(t.url, '/graphql', { body: { query: huge } });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('MISSING_AUTH_HEADER');
    const bad = await api(t.url, '/graphql', { body: { query: huge }, key: 'sk_test_' + 'x'.repeat(32) });
    expect(bad.status).toBe(401);
  });

  it('rows are summed over aliases and siblings: 30 aliases of orders { items } are QUERY_TOO_COMPLEX', async () => {
    const aliased = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: orders(limit: 100) { items { id } }`).join(' ')} }`;
    const res = await gql(t.url, a.key, aliased);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.errors?.[0]?.message).toMatch(/GRAPHQL_MAX_ROWS/);
    // one page of orders with their items, at the default limit, still passes
    const one = await gql(t.url, a.key, '{ orders { id items { id name } } }');
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.orders.length).toBeGreaterThan(0);
  });

  it('a failing query runs once: its errors come from the first run', async () => {
    const before = t.server.db.readPaths.lean + t.server.db.readPaths.prisma;
    const res = await gql(t.url, a.key, '{ orders(limit: 500) { id } products { id } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    // products was read once (orders refused its limit before reading)
    expect(t.server.db.readPaths.lean + t.server.db.readPaths.prisma - before).toBe(1);
  });
});

describe('the database', () => {
  it.skipIf(skipping(!hasPostgres, 'statement_timeout is a PostgreSQL setting: needs DATABASE_URL'))('a statement cancelled by statement_timeout is a 503 DATABASE_ERROR, not a 500', async () => {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '.', poolSize: 1, statementTimeoutMs: 50 });
    try {
      const err = await db.prisma.$queryRawUnsafe('SELECT pg_sleep(1)').then(() => undefined, (e: unknown) => e);
      const fault = databaseFault(err);
      expect(fault?.code).toBe('DATABASE_ERROR');
      expect(fault?.status).toBe(503);
      expect(await db.prisma.$queryRawUnsafe('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it.skipIf(skipping(!hasPostgres, 'a pool of one PostgreSQL connection: needs DATABASE_URL'))('a transaction that cannot start in time (the pool is taken) is a 503 DATABASE_ERROR, not a 500', async () => {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '.', poolSize: 1 });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => { release = r; });
      const holder = db.prisma.$transaction(async (tx) => { await tx.$queryRawUnsafe('SELECT 1'); await held; }, { timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 100));
      const err = await db.prisma.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'), { maxWait: 100 }).then(() => undefined, (e: unknown) => e);
      release();
      await holder;
      expect(err, 'the second transaction should have failed to start').toBeDefined();
      const fault = databaseFault(err);
      expect(fault?.code, String(err)).toBe('DATABASE_ERROR');
      expect(fault?.status).toBe(503);
      expect(fault?.details).toEqual({ reason: 'busy' });
    } finally {
      await db.close();
    }
  });

  it('/health/ready fails when the database cannot answer', async () => {
    // an embedded database, closed under the server (a PostgreSQL pool would reconnect)
    const s = await startTestServer({ DATABASE_URL: undefined, REDIS_URL: undefined });
    try {
      expect((await api(s.url, '/health/ready')).status).toBe(200);
      await s.server.db.close();
      const res = await api(s.url, '/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.database).toBe('unavailable');
      expect((await api(s.url, '/health/live')).status).toBe(200);
    } finally {
      await s.server.app.close();
    }
  });
});
