// Idempotency-Key on REST POSTs: replay of status and body, reuse with another body (409),
// scope per API key, concurrency (one execution), recorded failures, the 24-hour window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';
import { expectError, expectList } from './envelope.js';
import { purgeExpiredIdempotencyRecords } from '../../src/operations/purge.js';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.stop(); });

const orderCount = async (key: string) => expectList(await api(t.url, '/v1/orders?limit=1', { key })).pagination.total_count as number;
const createWith = (key: string, idem: string, body: unknown = TEA_ORDER, path = '/v1/orders') =>
  api(t.url, path, { key, body, headers: { 'idempotency-key': idem } });

describe('Idempotency-Key', () => {
  it('same key and body: the same 201 and a byte-identical body, marked replayed; one order exists', async () => {
    const acct = await t.newAccount();
    const first = await createWith(acct.key, 'order-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await createWith(acct.key, 'order-1');
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // the first answer again: it names the request that produced it, as a replayed error does
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    const third = await api(t.url, '/v1/orders/create', { key: acct.key, body: TEA_ORDER, headers: { 'idempotency-key': 'order-1' } });
    expect(third.text).toBe(first.text);
    expect(await orderCount(acct.key)).toBe(1);
  });

  it("a replayed success answers with the first request's X-Request-Id, on REST and GraphQL; a record from before that was kept still replays", async () => {
    const acct = await t.newAccount();
    const first = await createWith(acct.key, 'k1', { name: 'x' }, '/v1/customers');
    expect(first.status).toBe(201);
    const firstId = first.headers.get('x-request-id');
    expect(firstId).toMatch(/^req_/);
    for (const path of ['/v1/customers', '/v1/customers/create']) {
      const again = await createWith(acct.key, 'k1', { name: 'x' }, path);
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-request-id'), path).toBe(firstId);
    }
    // an action (200) likewise
    const order = await createWith(acct.key, 'order-rid');
    const cancel = () => api(t.url, `/v1/orders/${order.body.id}/cancel`, { method: 'POST', key: acct.key, headers: { 'idempotency-key': 'cancel-rid' } });
    const c1 = await cancel();
    const c2 = await cancel();
    expect([c1.status, c2.status]).toEqual([200, 200]);
    expect(c2.headers.get('x-request-id')).toBe(c1.headers.get('x-request-id'));
    // the GraphQL door: its replay carries the first request's id too
    const doc = 'mutation { createCustomer(input: {name: "g"}) { id name } }';
    const g1 = await api(t.url, '/graphql', { key: acct.key, body: { query: doc }, headers: { 'idempotency-key': 'gql-rid' } });
    const g2 = await api(t.url, '/graphql', { key: acct.key, body: { query: doc }, headers: { 'idempotency-key': 'gql-rid' } });
    expect(g2.body.data.createCustomer.id).toBe(g1.body.data.createCustomer.id);
    expect(g1.headers.get('idempotent-replayed')).toBeNull();
    expect(g2.headers.get('idempotent-replayed')).toBe('true');
    expect(g2.headers.get('x-request-id')).toBe(g1.headers.get('x-request-id'));
    // and a replayed GraphQL failure
    const bad = 'mutation { createOrder(input: {currency: "usd", customer: "cus_0000000000zzzzzzzzzzzzzzzz", items: [{name: "t", quantity: 1, unitAmount: 100}]}) { id } }';
    const b1 = await api(t.url, '/graphql', { key: acct.key, body: { query: bad }, headers: { 'idempotency-key': 'gql-rid-bad' } });
    const b2 = await api(t.url, '/graphql', { key: acct.key, body: { query: bad }, headers: { 'idempotency-key': 'gql-rid-bad' } });
    expect(b2.body.errors[0].extensions.code).toBe('PARENT_NOT_FOUND');
    expect(b2.headers.get('idempotent-replayed')).toBe('true');
    expect(b2.headers.get('x-request-id')).toBe(b1.headers.get('x-request-id'));
    // a record written before the request id was kept (requestId null) replays as before, under the replay's own id
    const prisma = t.server.db.prisma;
    const keyRow = await prisma.apiKey.findFirstOrThrow({ where: { accountId: acct.accountId } });
    const record = await prisma.idempotencyRecord.findUniqueOrThrow({ where: { apiKeyId_key: { apiKeyId: keyRow.id, key: 'k1' } } });
    expect(record.requestId).toBe(firstId);
    await prisma.idempotencyRecord.update({ where: { apiKeyId_key: { apiKeyId: keyRow.id, key: 'k1' } }, data: { requestId: null } });
    const old = await createWith(acct.key, 'k1', { name: 'x' }, '/v1/customers');
    expect(old.status).toBe(201);
    expect(old.text).toBe(first.text);
    expect(old.headers.get('idempotent-replayed')).toBe('true');
    expect(old.headers.get('x-request-id')).toMatch(/^req_/);
    expect(old.headers.get('x-request-id')).not.toBe(firstId);
  });

  it('the same body with keys in another order is the same request', async () => {
    const acct = await t.newAccount();
    const first = await createWith(acct.key, 'k', { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unit_amount: 450 }] });
    const again = await api(t.url, '/v1/orders', {
      key: acct.key, rawBody: '{"items":[{"unit_amount":450,"quantity":2,"name":"Tea"}],"currency":"usd"}', headers: { 'idempotency-key': 'k' },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await orderCount(acct.key)).toBe(1);
  });

  it('same key with a different body is 409 IDEMPOTENCY_KEY_REUSED in the envelope; nothing more is created', async () => {
    const acct = await t.newAccount();
    expect((await createWith(acct.key, 'reuse')).status).toBe(201);
    const other = await createWith(acct.key, 'reuse', { ...TEA_ORDER, metadata: { different: 'yes' } });
    const e = expectError(other, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(e.details).toMatchObject({ idempotency_key: 'reuse' });
    expect(e.type).toBe('conflict_error');
    // another operation with the key is a different request too
    expectError(await createWith(acct.key, 'reuse', { name: 'x' }, '/v1/customers'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await orderCount(acct.key)).toBe(1);
  });

  it('is scoped to the API key: the same key from two API keys of one account makes two orders', async () => {
    const acct = await t.newAccount();
    const second = await acct.newKey();
    const one = await createWith(acct.key, 'shared-key');
    const two = await createWith(second.secret, 'shared-key');
    expect(one.status).toBe(201);
    expect(two.status).toBe(201);
    expect(two.headers.get('idempotent-replayed')).toBeNull();
    expect(two.body.id).not.toBe(one.body.id);
    expect(await orderCount(acct.key)).toBe(2);
  });

  it('10 parallel requests with one key execute once: one order, one order.created event', async () => {
    const acct = await t.newAccount();
    const results = await Promise.all(Array.from({ length: 10 }, () => createWith(acct.key, 'parallel-1')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const orderIds = new Set(results.map((r) => r.body.id));
    expect(orderIds.size).toBe(1);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await orderCount(acct.key)).toBe(1);
    const prisma = t.server.db.prisma;
    expect(await prisma.event.count({ where: { accountId: acct.accountId, type: 'order.created' } })).toBe(1);
    expect(await prisma.event.count({ where: { accountId: acct.accountId } })).toBe(1);
  });

  it('parallel requests with different keys all execute', async () => {
    const acct = await t.newAccount();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => createWith(acct.key, `distinct-${i}`)));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(5);
    expect(await orderCount(acct.key)).toBe(5);
  });

  it('a request that failed validation replays the same 400; a corrected body needs a new key', async () => {
    const acct = await t.newAccount();
    const bad = { currency: 'usd', items: [{ name: 'Tea', quantity: '2', unit_amount: 450 }] };
    const first = await createWith(acct.key, 'bad-1', bad);
    const e1 = expectError(first, 400, 'VALIDATION_ERROR');
    const again = await createWith(acct.key, 'bad-1', bad);
    const e2 = expectError(again, 400, 'VALIDATION_ERROR');
    expect({ message: e2.message, details: e2.details, param: e2.param }).toEqual({ message: e1.message, details: e1.details, param: e1.param });
    expect(e2.details.errors.map((x: any) => x.field)).toEqual(['items[0].quantity']);
    // the replay is the first answer, byte for byte (its request id and time), marked replayed
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    // the answer names the request that produced it, in its body and in X-Request-Id alike
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expectError(await createWith(acct.key, 'bad-1', TEA_ORDER), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect((await createWith(acct.key, 'bad-2', TEA_ORDER)).status).toBe(201);
    expect(await orderCount(acct.key)).toBe(1);
  });

  it('a failed rule (unknown customer, 404) replays the same failure', async () => {
    const acct = await t.newAccount();
    const body = { ...TEA_ORDER, customer: 'cus_0000000000zzzzzzzzzzzzzzzz' };
    const first = await createWith(acct.key, 'parent-1', body);
    expectError(first, 404, 'PARENT_NOT_FOUND');
    const again = await createWith(acct.key, 'parent-1', body);
    expect(expectError(again, 404, 'PARENT_NOT_FOUND').details).toEqual(first.body.error.details);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // GraphQL replays its failure the same way (the header; the first request's id)
    const doc = 'mutation { createOrder(input: {currency: "usd", customer: "cus_0000000000zzzzzzzzzzzzzzzz", items: [{name: "t", quantity: 1, unitAmount: 100}]}) { id } }';
    const g1 = await api(t.url, '/graphql', { key: acct.key, body: { query: doc }, headers: { 'idempotency-key': 'gql-parent-1' } });
    const g2 = await api(t.url, '/graphql', { key: acct.key, body: { query: doc }, headers: { 'idempotency-key': 'gql-parent-1' } });
    expect(g1.body.errors[0].extensions.code).toBe('PARENT_NOT_FOUND');
    expect(g2.body.errors[0].extensions).toEqual(g1.body.errors[0].extensions);
    // the replay names the first request, in the error and in X-Request-Id alike
    expect(g1.body.errors[0].extensions.request_id).toBe(g1.headers.get('x-request-id'));
    expect(g2.headers.get('x-request-id')).toBe(g1.headers.get('x-request-id'));
    expect(g1.headers.get('idempotent-replayed')).toBeNull();
    expect(g2.headers.get('idempotent-replayed')).toBe('true');
  });

  it('applies to actions: a repeated cancel with one key replays 200 instead of failing the state machine', async () => {
    const acct = await t.newAccount();
    const order = (await createWith(acct.key, 'create-for-cancel')).body;
    const cancel = () => api(t.url, `/v1/orders/${order.id}/cancel`, { method: 'POST', key: acct.key, headers: { 'idempotency-key': 'cancel-1' } });
    const first = await cancel();
    expect(first.status).toBe(200);
    const again = await cancel();
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // without the key the second cancel is a real second attempt
    expectError(await api(t.url, `/v1/orders/${order.id}/cancel`, { method: 'POST', key: acct.key }), 422, 'INVALID_STATE_TRANSITION');
    const patchBody = { metadata: { n: '1' } };
    const p1 = await api(t.url, `/v1/orders/${order.id}`, { method: 'PATCH', key: acct.key, body: patchBody, headers: { 'idempotency-key': 'patch-1' } });
    const p2 = await api(t.url, `/v1/orders/${order.id}`, { method: 'PATCH', key: acct.key, body: patchBody, headers: { 'idempotency-key': 'patch-1' } });
    expect(p2.text).toBe(p1.text);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const acct = await t.newAccount();
    for (const k of ['has space', 'x'.repeat(256)]) expectError(await createWith(acct.key, k), 400, 'INVALID_FIELD_FORMAT');
    expect(await orderCount(acct.key)).toBe(0);
  });

  it('is kept 24 hours: recorded with that expiry, and reusable once expired', async () => {
    const acct = await t.newAccount();
    const first = await createWith(acct.key, 'day-key');
    const prisma = t.server.db.prisma;
    const keyRow = await prisma.apiKey.findFirstOrThrow({ where: { accountId: acct.accountId } });
    const record = await prisma.idempotencyRecord.findUniqueOrThrow({ where: { apiKeyId_key: { apiKeyId: keyRow.id, key: 'day-key' } } });
    const ttl = record.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(24 * 3600_000 - 120_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    await prisma.idempotencyRecord.update({ where: { apiKeyId_key: { apiKeyId: keyRow.id, key: 'day-key' } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const later = await createWith(acct.key, 'day-key', { ...TEA_ORDER, metadata: { later: 'yes' } });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await orderCount(acct.key)).toBe(2);
  });

  it('expired records are purged in the background, in batches; live ones stay and still replay', async () => {
    const acct = await t.newAccount();
    const live = await createWith(acct.key, 'live-key');
    const prisma = t.server.db.prisma;
    const keyRow = await prisma.apiKey.findFirstOrThrow({ where: { accountId: acct.accountId } });
    // records expiring in an hour, purged as of two hours from now: other servers on a shared
    // test database purge as of their now, and leave these alone
    const inAnHour = new Date(Date.now() + 3600_000);
    const expired = Array.from({ length: 5_003 }, (_, i) => ({
      apiKeyId: keyRow.id, key: `old-${i}`, method: 'POST', path: 'order.create', requestHash: 'x', state: 'completed', expiresAt: inAnHour,
    }));
    await prisma.idempotencyRecord.createMany({ data: expired });
    const mine = { apiKeyId: keyRow.id };
    expect(await prisma.idempotencyRecord.count({ where: mine })).toBe(5_004);
    const purged = await purgeExpiredIdempotencyRecords(prisma, new Date(Date.now() + 2 * 3600_000));
    expect(purged).toBeGreaterThanOrEqual(5_003); // more than one batch of 5,000
    expect(await prisma.idempotencyRecord.findMany({ where: mine, select: { key: true } })).toEqual([{ key: 'live-key' }]);
    const replay = await createWith(acct.key, 'live-key');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(live.body.id);
  });
});
