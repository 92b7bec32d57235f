// Connected accounts (issue 16): a platform's key creates accounts and acts for them with
// X-Account-Id (their rows, their events, the key's mode); any other account is 403; keys made
// for a connected account with the key CLI never see the platform's rows; both doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { runKeys } from '../helpers/process.js';
import { parse } from 'graphql';
import { subscribe, wsSession } from '../graphql/client.js';
import { startReceiver } from '../helpers/receiver.js';

let t: TestServer;
let platform: TestAccount;
let other: TestAccount;

async function connect(key: string, body: Record<string, unknown> = { name: 'Berlin Tea GmbH', country: 'de', default_currency: 'EUR' }) {
  return api(t.url, '/v1/accounts', { key, body });
}

beforeAll(async () => {
  t = await startTestServer();
  platform = await t.newAccount();
  other = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

describe('creating connected accounts', () => {
  it('answers the account; lists and retrieves it for its platform only', async () => {
    const res = await connect(platform.key);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ object: 'account', name: 'Berlin Tea GmbH', country: 'DE', default_currency: 'eur', platform: platform.accountId, status: 'active' });
    expect(res.body.id).toMatch(/^acct_/);
    const list = await api(t.url, '/v1/accounts', { key: platform.key });
    expect(list.body.data.map((a: { id: string }) => a.id)).toContain(res.body.id);
    expect((await api(t.url, `/v1/accounts/${res.body.id}`, { key: platform.key })).body.id).toBe(res.body.id);
    expect((await api(t.url, `/v1/accounts/${res.body.id}`, { key: other.key })).status).toBe(404);
    expect((await api(t.url, '/v1/accounts', { key: other.key })).body.data).toEqual([]);
  });

  it('refuses bad input naming the field, and restricted keys without accounts:write', async () => {
    for (const [body, field] of [
      [{ country: 'DE', default_currency: 'eur' }, 'name'],
      [{ name: 'x', country: 'XX', default_currency: 'eur' }, 'country'],
      [{ name: 'x', country: 'DE', default_currency: 'euro' }, 'default_currency'],
    ] as const) {
      const res = await connect(platform.key, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const rk = (await platform.newKey({ type: 'restricted', permissions: ['orders:write'] })).secret;
    expect((await connect(rk)).status).toBe(403);
    const rkw = (await platform.newKey({ type: 'restricted', permissions: ['accounts:write'] })).secret;
    expect((await connect(rkw)).status).toBe(201);
  });
});

describe('X-Account-Id', () => {
  let connected: string;
  beforeAll(async () => {
    connected = (await connect(platform.key)).body.id;
  });
  const as = (id: string) => ({ 'X-Account-Id': id });

  it('acts on the connected account\'s rows, in the key\'s mode; the platform\'s own rows stay apart', async () => {
    const mine = await api(t.url, '/v1/orders', { key: platform.key, body: TEA_ORDER });
    const theirs = await api(t.url, '/v1/orders', { key: platform.key, body: TEA_ORDER, headers: as(connected) });
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.body.livemode).toBe(false);
    const listed = await api(t.url, '/v1/orders?limit=100', { key: platform.key, headers: as(connected) });
    const ids = listed.body.data.map((o: { id: string }) => o.id);
    expect(ids).toContain(theirs.body.id);
    expect(ids).not.toContain(mine.body.id);
    const own = (await api(t.url, '/v1/orders?limit=100', { key: platform.key })).body.data.map((o: { id: string }) => o.id);
    expect(own).toContain(mine.body.id);
    expect(own).not.toContain(theirs.body.id);
    expect((await api(t.url, `/v1/orders/${theirs.body.id}`, { key: platform.key })).status).toBe(404);
  });

  it('events made for a connected account carry `account`', async () => {
    const order = await api(t.url, '/v1/orders', { key: platform.key, body: TEA_ORDER, headers: as(connected) });
    const events = await api(t.url, '/v1/events?type=order.created&limit=20', { key: platform.key, headers: as(connected) });
    const ev = events.body.data.find((e: any) => e.data.object.id === order.body.id);
    expect(ev.account).toBe(connected);
    const plain = await api(t.url, '/v1/orders', { key: platform.key, body: TEA_ORDER });
    const own = (await api(t.url, '/v1/events?type=order.created&limit=20', { key: platform.key })).body.data.find((e: any) => e.data.object.id === plain.body.id);
    expect(own).toBeDefined();
    expect('account' in own).toBe(false);
  });

  it('any other account id is 403 RESOURCE_ACCESS_DENIED', async () => {
    const foreign = (await connect(other.key)).body.id;
    for (const id of [foreign, other.accountId, 'acct_nope', 'not-an-id']) {
      const res = await api(t.url, '/v1/orders', { key: platform.key, headers: as(id) });
      expect(res.status, `${id}: ${res.text}`).toBe(403);
      expect(res.body.error.code).toBe('RESOURCE_ACCESS_DENIED');
    }
    // no managing accounts while acting for one
    expect((await connect(platform.key)).status).toBe(201);
    const nested = await api(t.url, '/v1/accounts', { key: platform.key, body: { name: 'x', country: 'DE', default_currency: 'eur' }, headers: as(connected) });
    expect(nested.status).toBe(403);
  });

  it('GraphQL takes the header too; createAccount and accounts', async () => {
    const created = await gql(t.url, platform.key, 'mutation { createAccount(input: { name: "Lyon Café", country: "FR", defaultCurrency: "eur" }) { id name country defaultCurrency } }');
    expect(created.body.errors, JSON.stringify(created.body)).toBeUndefined();
    const id = created.body.data.createAccount.id;
    expect(created.body.data.createAccount).toMatchObject({ name: 'Lyon Café', country: 'FR', defaultCurrency: 'eur' });
    const accounts = await gql(t.url, platform.key, '{ accounts(limit: 100) { id } }');
    expect(accounts.body.data.accounts.map((a: { id: string }) => a.id)).toContain(id);
    await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Only in Lyon' }, headers: as(id) });
    const seen = await gql(t.url, platform.key, '{ customers(limit: 100) { name } }', {}, as(id));
    expect(seen.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Only in Lyon']);
    const denied = await gql(t.url, platform.key, '{ customers(limit: 1) { id } }', {}, as('acct_01m8000000000000000000'));
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('RESOURCE_ACCESS_DENIED');
  });

  it('a key made for the connected account with the key CLI sees its rows only, never the platform\'s', async () => {
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: undefined };
    const created = await runKeys(['create', '--account', connected], env);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^sk_test_/);
    const auth = await api(t.url, '/v1/auth/test', { key });
    expect(auth.body.account_id).toBe(connected);
    const orders = (await api(t.url, '/v1/orders?limit=100', { key })).body.data;
    expect(orders.length).toBeGreaterThan(0);
    const platformOrders = (await api(t.url, '/v1/orders?limit=100', { key: platform.key })).body.data.map((o: { id: string }) => o.id);
    for (const o of orders) expect(platformOrders).not.toContain(o.id);
    // it cannot reach the platform through the header either
    expect((await api(t.url, '/v1/orders', { key, headers: as(platform.accountId) })).status).toBe(403);
    const missing = await runKeys(['create', '--account', 'acct_01m8000000000000000000'], env);
    expect(missing.code).not.toBe(0);
  });

  it('the platform\'s event list and subscriptions include its connected accounts\' events, marked `account`; nobody else\'s', async () => {
    const session = wsSession(t.url, { authorization: `Bearer ${platform.key}` });
    const otherSession = wsSession(t.url, { authorization: `Bearer ${other.key}` });
    try {
      const doc = parse('subscription { events(types: ["customer.created"]) { id account envelope } }');
      const sub = await subscribe(session, doc as never);
      const otherSub = await subscribe(otherSession, doc as never);
      // made by the platform acting for it, and by the connected account's own key
      const viaHeader = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Via header' }, headers: as(connected) });
      const ownKey = (await runKeys(['create', '--account', connected], { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: undefined })).stdout.trim();
      const byOwnKey = await api(t.url, '/v1/customers', { key: ownKey, body: { name: 'Own key' } });
      const mine = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Platform own' } });
      const got = (await sub.waitFor(3)).map((r: any) => r.events);
      const byObject = new Map(got.map((e: any) => [e.envelope.data.object.id, e]));
      expect((byObject.get(viaHeader.body.id) as any).account).toBe(connected);
      expect((byObject.get(byOwnKey.body.id) as any).account).toBe(connected);
      expect((byObject.get(byOwnKey.body.id) as any).envelope.account).toBe(connected);
      expect((byObject.get(mine.body.id) as any).account).toBeNull();
      // the other account's subscriber saw none of them
      await api(t.url, '/v1/customers', { key: other.key, body: { name: 'Marker' } });
      const theirs = (await otherSub.waitFor(1)).map((r: any) => r.events.envelope.data.object.name);
      expect(theirs).toEqual(['Marker']);

      const listed = (await api(t.url, '/v1/events?type=customer.created&limit=100', { key: platform.key })).body.data;
      const listedIds = new Map(listed.map((e: any) => [e.data.object.id, e.account ?? null]));
      expect(listedIds.get(viaHeader.body.id)).toBe(connected);
      expect(listedIds.get(byOwnKey.body.id)).toBe(connected);
      expect(listedIds.get(mine.body.id)).toBeNull();
      const one = listed.find((e: any) => e.data.object.id === byOwnKey.body.id);
      expect((await api(t.url, `/v1/events/${one.id}`, { key: platform.key })).body.account).toBe(connected);
      // the connected account sees its own events only, the other platform none of them
      const theirList = (await api(t.url, '/v1/events?type=customer.created&limit=100', { key: ownKey })).body.data.map((e: any) => e.data.object.id);
      expect(theirList).toContain(byOwnKey.body.id);
      expect(theirList).not.toContain(mine.body.id);
      expect((await api(t.url, `/v1/events/${one.id}`, { key: other.key })).status).toBe(404);
      const otherList = (await api(t.url, '/v1/events?type=customer.created&limit=100', { key: other.key })).body.data.map((e: any) => e.data.object.id);
      expect(otherList).not.toContain(byOwnKey.body.id);
      // acting for it, the platform sees the connected account's events, not its own
      const acting = (await api(t.url, '/v1/events?type=customer.created&limit=100', { key: platform.key, headers: as(connected) })).body.data.map((e: any) => e.data.object.id);
      expect(acting).toContain(byOwnKey.body.id);
      expect(acting).not.toContain(mine.body.id);
    } finally {
      await session.dispose();
      await otherSession.dispose();
    }
  });

  it('a connect webhook endpoint of the platform receives its connected accounts\' events, and none of its own', async () => {
    const rx = await startReceiver();
    try {
      const hook = (path: string, extra: Record<string, unknown> = {}) =>
        api(t.url, '/v1/webhooks', { key: platform.key, body: { url: `${rx.url}${path}`, events: ['customer.created'], ...extra } });
      const connectEndpoint = await hook('/connect', { connect: true });
      expect(connectEndpoint.status, connectEndpoint.text).toBe(201);
      expect(connectEndpoint.body.connect).toBe(true);
      const own = await hook('/own');
      expect(own.body.connect).toBe(false);
      expect((await hook('/bad', { connect: 'yes' })).status).toBe(400);
      const theirs = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Connected customer' }, headers: as(connected) });
      const mine = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Own customer' } });
      const foreign = await api(t.url, '/v1/customers', { key: other.key, body: { name: 'Foreign customer' } });
      expect(foreign.status).toBe(201);
      await rx.waitFor(() => rx.at('/connect').length >= 1 && rx.at('/own').length >= 1);
      // a marker after both: anything else would have arrived by now
      const marker = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Marker' } });
      await rx.waitFor(() => rx.at('/own').some((r) => r.json.data.object.id === marker.body.id));
      expect(rx.at('/connect').map((r) => [r.json.data.object.id, r.json.account])).toEqual([[theirs.body.id, connected]]);
      expect(rx.at('/own').map((r) => r.json.data.object.id)).toEqual([mine.body.id, marker.body.id]);
      const deliveries = await api(t.url, `/v1/webhooks/${connectEndpoint.body.id}/deliveries`, { key: platform.key });
      expect(deliveries.status, deliveries.text).toBe(200);
      expect(deliveries.body.data.map((d: any) => d.event_id)).toEqual([rx.at('/connect')[0]!.json.id]);
      for (const id of [connectEndpoint.body.id, own.body.id]) await api(t.url, `/v1/webhooks/${id}`, { method: 'DELETE', key: platform.key });
    } finally {
      await rx.close();
    }
  });
});
