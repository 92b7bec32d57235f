// Usage counters: requests per key, day and route group, counted off the request path and
// written within a second or so (visible within 5 s), adding up across servers on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { routeGroup, UsageRecorder, utcDay } from '../../src/modules/api-keys/usage.js';

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const today = () => utcDay(Date.now());

describe('GET /v1/api_keys/{id}/usage', () => {
  it('counts requests per day and route group, visible within 5 s without reading through the API', async () => {
    const k = await api(t.url, '/v1/api_keys', { key: acct.key, body: { name: 'counted', permissions: ['orders:write', 'orders:read', 'customers:read'] } });
    const { id, secret } = k.body;
    for (let i = 0; i < 3; i++) expect((await api(t.url, '/v1/orders', { key: secret })).status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: secret, body: TEA_ORDER })).status).toBe(201);
    expect((await api(t.url, '/v1/customers?limit=1', { key: secret })).status).toBe(200);
    // refused by permission, after authentication: a request of the key all the same
    expect((await api(t.url, '/v1/products', { key: secret })).status).toBe(403);
    expect((await gql(t.url, secret, '{ orders(limit: 1) { id } }')).status).toBe(200);
    // not the key's: unauthenticated
    expect((await api(t.url, '/v1/orders', { key: 'rk_test_0000000000000000000000000000000x' })).status).toBe(401);

    // the flush writes the table on its own (no API read forces it)
    const start = Date.now();
    let rows: { routeGroup: string; requests: number }[] = [];
    while (Date.now() - start < 5_000) {
      rows = await t.server.db.prisma.apiKeyUsage.findMany({ where: { apiKeyId: id } });
      if (rows.reduce((n, r) => n + r.requests, 0) >= 7) break;
      await sleep(100);
    }
    expect(Object.fromEntries(rows.map((r) => [r.routeGroup, r.requests]))).toEqual({ orders: 4, customers: 1, products: 1, graphql: 1 });
    expect(Date.now() - start).toBeLessThan(5_000);

    const res = await api(t.url, `/v1/api_keys/${id}/usage?start_date=${today()}&end_date=${today()}`, { key: acct.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'api_key_usage', api_key: id, start_date: today(), end_date: today(), total_requests: 7 });
    expect(res.body.data).toEqual([{ date: today(), requests: 7, by_route_group: { customers: 1, graphql: 1, orders: 4, products: 1 } }]);

    // last_used_at is set by the same rounds
    const shown = await api(t.url, `/v1/api_keys/${id}`, { key: acct.key });
    expect(shown.body.last_used_at).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('defaults to the last 30 days, one entry per day; the reads of usage count for the key that reads', async () => {
    const a = await t.newAccount();
    const keyRow = await t.server.db.prisma.apiKey.findFirstOrThrow({ where: { accountId: a.accountId } });
    const first = await api(t.url, `/v1/api_keys/${keyRow.id}/usage`, { key: a.key });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(30);
    expect(first.body.end_date).toBe(today());
    expect(first.body.data[29].date).toBe(today());
    // its own earlier request (this one's is counted after the answer): api_keys
    const second = await api(t.url, `/v1/api_keys/${keyRow.id}/usage`, { key: a.key });
    expect(second.body.data[29].by_route_group.api_keys).toBeGreaterThanOrEqual(1);
    expect(second.body.data.slice(0, 29).every((d: { requests: number }) => d.requests === 0)).toBe(true);

    // counters of other days are placed on their day
    await t.server.db.prisma.apiKeyUsage.create({ data: { apiKeyId: keyRow.id, day: '2026-01-15', routeGroup: 'orders', requests: 12 } });
    const jan = await api(t.url, `/v1/api_keys/${keyRow.id}/usage?start_date=2026-01-14&end_date=2026-01-16`, { key: a.key });
    expect(jan.body.data).toEqual([
      { date: '2026-01-14', requests: 0, by_route_group: {} },
      { date: '2026-01-15', requests: 12, by_route_group: { orders: 12 } },
      { date: '2026-01-16', requests: 0, by_route_group: {} },
    ]);
    expect(jan.body.total_requests).toBe(12);
  });

  it('takes the SDK\'s startDate/endDate spelling and ISO 8601 date-times (their UTC day)', async () => {
    const keyRow = await t.server.db.prisma.apiKey.findFirstOrThrow({ where: { accountId: acct.accountId } });
    const want = { start_date: '2026-01-14', end_date: '2026-01-16' };
    for (const q of ['startDate=2026-01-14&endDate=2026-01-16', 'start_date=2026-01-14T00:00:00Z&end_date=2026-01-16T23:59:59.999Z',
      'startDate=2026-01-14T10:00:00%2B02:00&endDate=2026-01-17T01:00:00%2B02:00']) {
      const res = await api(t.url, `/v1/api_keys/${keyRow.id}/usage?${q}`, { key: acct.key });
      expect(res.status, `${q}: ${res.text}`).toBe(200);
      expect(res.body, q).toMatchObject(want);
      expect(res.body.data.map((d: { date: string }) => d.date), q).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
    }
    // one parameter under both spellings names it; a bad date-time is still a bad date
    for (const q of ['startDate=2026-01-14&start_date=2026-01-14', 'endDate=2026-02-30T00:00:00Z', 'start_date=2026-01-14T25:00:00Z']) {
      const res = await api(t.url, `/v1/api_keys/${keyRow.id}/usage?${q}`, { key: acct.key });
      expect(res.status, `${q}: ${res.text}`).toBe(400);
    }
  });

  it('bad dates are 400; another account\'s key is 404', async () => {
    const keyRow = await t.server.db.prisma.apiKey.findFirstOrThrow({ where: { accountId: acct.accountId } });
    for (const q of ['start_date=2026-02-30', 'end_date=yesterday', 'start_date=2026-03-02&end_date=2026-03-01', 'start_date=2020-01-01&end_date=2026-01-01', 'start=2026-01-01', 'start_date=2026-01-01&start_date=2026-01-02', 'end_date=1700000000']) {
      const res = await api(t.url, `/v1/api_keys/${keyRow.id}/usage?${q}`, { key: acct.key });
      expect(res.status, `${q}: ${res.text}`).toBe(400);
    }
    const other = await t.newAccount();
    expect((await api(t.url, `/v1/api_keys/${keyRow.id}/usage`, { key: other.key })).status).toBe(404);
  });
});

describe('UsageRecorder', () => {
  it('route groups: the segment after /v1, graphql, else the first segment', () => {
    expect(routeGroup('/v1/orders/:id/fulfill')).toBe('orders');
    expect(routeGroup('/v1/orders?limit=1')).toBe('orders');
    expect(routeGroup('/graphql')).toBe('graphql');
    expect(routeGroup('/orders/:id')).toBe('orders');
    expect(routeGroup('/')).toBe('root');
  });

  it('two recorders (two servers) add up on one row; a batch is one statement', async () => {
    const a = new UsageRecorder(t.server.db.prisma);
    const b = new UsageRecorder(t.server.db.prisma);
    const keyId = `key_usagetest${Date.now()}${process.pid}`; // unique: a PostgreSQL database outlives the run
    for (let i = 0; i < 1000; i++) a.record(keyId, 'orders');
    for (let i = 0; i < 5; i++) b.record(keyId, 'orders');
    b.record(keyId, 'products');
    const before = t.server.db.queryCount();
    await Promise.all([a.flush(), b.flush()]);
    // per recorder: the upsert and the last-use update (and perhaps one round of the server's own)
    expect(t.server.db.queryCount() - before).toBeLessThanOrEqual(6);
    await a.flush(); // nothing pending: no statement
    const rows = await t.server.db.prisma.apiKeyUsage.findMany({ where: { apiKeyId: keyId }, orderBy: { routeGroup: 'asc' } });
    expect(rows.map((r) => [r.routeGroup, r.requests, r.day])).toEqual([['orders', 1005, today()], ['products', 1, today()]]);
  });
});
