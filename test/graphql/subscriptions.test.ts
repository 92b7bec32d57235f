// Subscriptions of the GraphQL door over WebSocket (graphql-ws on /graphql) and SSE: the
// events(types) envelope (spec variant A) for changes made through REST and GraphQL, type
// filtering, orderUpdated(where), connection_init authentication and account isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { data, sleep, subscribe, wsSession, type WsSession } from './client.js';
import { eventReads } from '../../src/graphql/event-reads.js';
import { createApiKey } from '../../src/auth/keys.js';
import type { BusMessage, EventEnvelope } from '../../src/events/bus.js';
import { subscriberSees } from '../../src/modules/events/graphql.js';
import {
  CancelOrderDocument, CreateCustomerDocument, CreateOrderDocument, CreateProductDocument, OnEventsDocument,
  OnOrderUpdatedDocument, UpdateOrderDocument, type OnEventsSubscription,
} from '../generated/graphql.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
const sessions: WsSession[] = [];

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  b = await t.newAccount();
}, 120_000);
afterAll(async () => {
  for (const s of sessions) await s.dispose().catch(() => {});
  await t?.stop();
});

function session(key: string | undefined, params?: Record<string, unknown>): WsSession {
  const s = wsSession(t.url, params ?? (key ? { authorization: `Bearer ${key}` } : {}));
  sessions.push(s);
  return s;
}

const createOrder = (key: string, metadata: Record<string, string> = {}) =>
  data(t.url, key, CreateOrderDocument, { input: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unitAmount: 450 }], metadata } }).then((r) => r.createOrder);

describe('events(types) over WebSocket', () => {
  it('an order created through REST reaches a GraphQL subscriber with the variant A envelope', async () => {
    const sub = await subscribe(session(a.key), OnEventsDocument, { types: ['order.*'] });
    const idempotencyKey = `order-${crypto.randomUUID()}`;
    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(created.status).toBe(201);
    const [{ events: e }] = await sub.waitFor(1);
    const requestId = created.headers.get('x-request-id');
    expect(requestId).toMatch(/^req_/);
    expect(e).toMatchObject({
      object: 'event',
      type: 'order.created',
      livemode: false,
      request: { id: requestId, idempotencyKey },
      apiVersion: t.server.config.API_VERSION,
      pendingWebhooks: expect.any(Number),
    });
    expect(e.id).toMatch(/^evt_/);
    expect(Math.abs(e.created - Date.now() / 1000)).toBeLessThan(60);
    expect(Number.isInteger(e.created)).toBe(true);
    const eventData = e.data as { object: Record<string, unknown> };
    expect(eventData.object.id).toBe(created.body.id);
    // data.object is the REST representation of the order
    expect(eventData.object).toEqual(created.body);
    // `envelope` is exactly variant A: id, object, type, created, data, request, pending_webhooks, api_version (+ livemode)
    expect(e.envelope).toEqual({
      id: e.id,
      object: 'event',
      type: 'order.created',
      created: e.created,
      livemode: false,
      data: e.data,
      request: { id: requestId, idempotency_key: idempotencyKey },
      pending_webhooks: e.pendingWebhooks,
      api_version: e.apiVersion,
    });
    sub.stop();
  });

  it('types filters: an order.* subscriber gets no customer or product events', async () => {
    const orders = await subscribe(session(a.key), OnEventsDocument, { types: ['order.*'] });
    const exact = await subscribe(session(a.key), OnEventsDocument, { types: ['customer.created', 'product.updated'] });
    const all = await subscribe(session(a.key), OnEventsDocument, {});
    await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'filter@example.com' } });
    await data(t.url, a.key, CreateProductDocument, { input: { name: 'Filtered', price: 1, currency: 'usd' } });
    const order = await createOrder(a.key);
    await data(t.url, a.key, CancelOrderDocument, { id: order.id });
    // events of one account arrive in commit order: once a marker committed last has arrived,
    // nothing committed before it can still come (no sleep needed to see that nothing else did)
    const markerOrder = await createOrder(a.key);
    const { createCustomer: markerCustomer } = await data(t.url, a.key, CreateCustomerDocument, { input: { name: 'marker' } });
    const got = await orders.waitFor(4);
    const ids = (xs: typeof got) => xs.map((r) => (r.events.data as { object: { id: string } }).object.id);
    expect(got.map((r) => r.events.type)).toEqual(['order.created', 'order.updated', 'order.cancelled', 'order.created']);
    expect(ids(got)).toEqual([order.id, order.id, order.id, markerOrder.id]);
    const exactGot = await exact.waitFor(2);
    expect(exactGot.map((r) => r.events.type)).toEqual(['customer.created', 'customer.created']);
    expect(ids(exactGot)[1]).toBe(markerCustomer.id);
    const allGot = await all.waitFor(7);
    expect(allGot.map((r) => r.events.type)).toEqual(['customer.created', 'product.created', 'order.created', 'order.updated', 'order.cancelled', 'order.created', 'customer.created']);
    expect(ids(allGot)[6]).toBe(markerCustomer.id);
  });

  it('an unknown type is refused (INVALID_ENUM_VALUE naming types), as REST and webhook endpoints refuse it', async () => {
    const sub = await subscribe(session(a.key), OnEventsDocument, { types: ['order.*', 'bogus.thing'] }, 0);
    expect(await Promise.race([sub.ended, sleep(5000).then(() => 'timeout')])).toBe('complete');
    expect(sub.results).toHaveLength(1);
    expect(sub.results[0].errors?.[0].extensions?.code).toBe('INVALID_ENUM_VALUE');
  });

  it('several subscriptions share one connection', async () => {
    const ws = session(a.key);
    const one = await subscribe(ws, OnEventsDocument, { types: ['customer.*'] });
    const two = await subscribe(ws, OnEventsDocument, { types: ['customer.created'] });
    const { createCustomer } = await data(t.url, a.key, CreateCustomerDocument, { input: { name: 'Shared' } });
    for (const s of [one, two]) {
      const [{ events }] = await s.waitFor(1);
      expect((events.data as { object: { id: string } }).object.id).toBe(createCustomer.id);
    }
  });
});

describe('orderUpdated(where)', () => {
  it('fires only for orders matching where (status _eq cancelled)', async () => {
    const sub = await subscribe(session(a.key), OnOrderUpdatedDocument, { where: { status: { _eq: 'cancelled' } } });
    const o1 = await createOrder(a.key);
    const o2 = await createOrder(a.key);
    await data(t.url, a.key, UpdateOrderDocument, { id: o1.id, input: { status: 'processing' } });
    await data(t.url, a.key, CancelOrderDocument, { id: o2.id }); // the first match
    await api(t.url, `/v1/orders/${o1.id}/cancel`, { key: a.key, method: 'POST' }); // the second, through REST
    // a third match committed last: when it arrives, nothing unmatched came before it
    const o3 = await createOrder(a.key);
    await data(t.url, a.key, CancelOrderDocument, { id: o3.id });
    const got = await sub.waitFor(3);
    expect(got.map((r) => r.orderUpdated?.id)).toEqual([o2.id, o1.id, o3.id]);
    expect(got.map((r) => r.orderUpdated?.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(got[0].orderUpdated?.items).toEqual([{ name: 'Tea' }]);
  });

  it('relation filters work in where (customer email)', async () => {
    const { createCustomer: vip } = await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'vip@example.com' } });
    const sub = await subscribe(session(a.key), OnOrderUpdatedDocument, { where: { customer: { email: { _eq: 'vip@example.com' } } } });
    await createOrder(a.key);
    const mine = await data(t.url, a.key, CreateOrderDocument, { input: { currency: 'usd', customer: vip.id, items: [{ name: 'Gold', quantity: 1, unitAmount: 9999 }] } });
    const marker = await data(t.url, a.key, CreateOrderDocument, { input: { currency: 'usd', customer: vip.id, items: [{ name: 'Marker', quantity: 1, unitAmount: 1 }] } });
    const got = await sub.waitFor(2);
    expect(got[0].orderUpdated).toMatchObject({ id: mine.createOrder.id, status: 'pending', amount: 9999, customer: { email: 'vip@example.com' } });
    expect(got.map((r) => r.orderUpdated?.id)).toEqual([mine.createOrder.id, marker.createOrder.id]);
  });

  it('executes once per event for all subscribers with one filter, yet each gets what its own filter and permissions allow', async () => {
    const acct = await t.newAccount();
    const reads = eventReads(t.server.services);
    const same = { where: { status: { _eq: 'pending' } } };
    const subs = await Promise.all(Array.from({ length: 6 }, () => subscribe(session(acct.key), OnOrderUpdatedDocument, same, 0)));
    // one subscriber with another filter, one whose key cannot read customers (the document selects them)
    const cancelled = await subscribe(session(acct.key), OnOrderUpdatedDocument, { where: { status: { _eq: 'cancelled' } } }, 0);
    const narrow = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const guarded = await subscribe(session(narrow.secret), OnOrderUpdatedDocument, same, 400);
    const { createCustomer: c } = await data(t.url, acct.key, CreateCustomerDocument, { input: { email: 'shared@example.com' } });
    const before = { ...reads.counts };
    const paths = { ...t.server.services.db.readPaths };
    const order = await data(t.url, acct.key, CreateOrderDocument, { input: { currency: 'usd', customer: c.id, items: [{ name: 'Tea', quantity: 1, unitAmount: 450 }] } });
    for (const sub of subs) {
      const [got] = await sub.waitFor(1);
      expect(got.orderUpdated).toMatchObject({ id: order.createOrder.id, status: 'pending', customer: { email: 'shared@example.com' } });
    }
    // the shared order read never reaches a subscriber whose key may not read its customer
    await guarded.waitFor(1);
    expect(guarded.results[0].data?.orderUpdated ?? null).toBeNull();
    expect(guarded.results[0].errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(JSON.stringify(guarded.results)).not.toContain('shared@example.com');
    // the cancelled-only subscriber gets nothing for this event; its cancellation later reaches it
    await data(t.url, acct.key, CancelOrderDocument, { id: order.createOrder.id });
    const [gone] = await cancelled.waitFor(1);
    expect(gone.orderUpdated).toMatchObject({ id: order.createOrder.id, status: 'cancelled' });
    expect(cancelled.results).toHaveLength(1);
    // the six identical subscribers are one group (src/graphql/subscription-groups.ts): their
    // execution runs once per event. Reads asked for, per event and per group (pending, cancelled,
    // the restricted key's): one each, the order as selected if it matches the group's `where`:
    // 3 for the creation, 3 for the cancellation (by now at least the cancelled group's).
    // Executed per subscriber it was 19 or more; with a match read before the order read, 9.
    const made = reads.counts.made - before.made;
    const shared = reads.counts.shared - before.shared;
    expect(made + shared).toBeGreaterThanOrEqual(4);
    expect(made + shared).toBeLessThanOrEqual(6);
    expect(made).toBeGreaterThanOrEqual(2);
    // each of those reads is one statement on the lean path (src/db/lean-read.ts), nested
    // customer and items included; Prisma would answer none of them here
    expect(t.server.services.db.readPaths.lean - paths.lean).toBeGreaterThanOrEqual(made);
    expect(t.server.services.db.readPaths.prisma - paths.prisma).toBe(0);
  });

  it('needs orders:read', async () => {
    const rk = await a.newKey({ type: 'restricted', permissions: ['customers:read'] });
    const sub = await subscribe(session(rk.secret), OnOrderUpdatedDocument, {}, 0);
    // a refused subscription is one `next` with the error, then `complete`
    expect(await Promise.race([sub.ended, sleep(5000).then(() => 'timeout')])).toBe('complete');
    expect(sub.results).toHaveLength(1);
    expect(sub.results[0].errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('variables that do not fit their types fail that subscription with VALIDATION_ERROR, as over HTTP', async () => {
    const sub = await subscribe(session(a.key), OnEventsDocument, { types: [5, { x: 1 }] } as never, 0);
    const ended = (await Promise.race([sub.ended, sleep(5000).then(() => 'timeout')])) as Array<{ message: string; extensions?: { code?: string } }>;
    expect(Array.isArray(ended)).toBe(true);
    expect(ended.length).toBeGreaterThan(0);
    for (const e of ended) expect(e.extensions?.code).toBe('VALIDATION_ERROR');
    expect(ended[0].message).toMatch(/\$types/);
  });
});

describe('connection_init authentication', () => {
  it('a missing, malformed or unknown key is refused with close code 4403', async () => {
    for (const params of [{}, { authorization: 'Bearer nope' }, { authorization: `Bearer sk_test_${'0'.repeat(32)}` }, { apiKey: `sk_test_${'1'.repeat(32)}` }]) {
      const s = session(undefined, params);
      const code = await Promise.race([s.closed, sleep(5000).then(() => -2)]);
      expect(code, JSON.stringify(params)).toBe(4403);
    }
  });

  it('the apiKey form of connection_init is accepted like the authorization form', async () => {
    const sub = await subscribe(session(undefined, { apiKey: a.key }), OnEventsDocument, { types: ['product.created'] });
    await data(t.url, a.key, CreateProductDocument, { input: { name: 'Via apiKey', price: 1, currency: 'usd' } });
    expect((await sub.waitFor(1))[0].events.type).toBe('product.created');
  });

  it('the key rules of HTTP apply over WebSocket: events needs events:read, a pk_ key never reads it', async () => {
    const rk = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const refused = await subscribe(session(rk.secret), OnEventsDocument, {}, 0);
    expect(await Promise.race([refused.ended, sleep(5000).then(() => 'timeout')])).toBe('complete');
    expect(refused.results[0]?.errors?.[0].extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
    const reader = await a.newKey({ type: 'restricted', permissions: ['events:read'] });
    const allowed = await subscribe(session(reader.secret), OnEventsDocument, { types: ['customer.created'] });
    await data(t.url, a.key, CreateCustomerDocument, { input: { name: 'Seen by events:read' } });
    expect((await allowed.waitFor(1))[0].events.type).toBe('customer.created');
    // events carry every resource in full: not for keys embedded in browsers (as GET /v1/events)
    const pk = await a.newKey({ type: 'publishable' });
    const denied = await subscribe(session(pk.secret), OnEventsDocument, { types: ['order.created'] }, 0);
    expect(await Promise.race([denied.ended, sleep(5000).then(() => 'timeout')])).toBe('complete');
    expect(denied.results[0]?.errors?.[0].extensions?.code).toBe('RESOURCE_ACCESS_DENIED');
  });
});

describe('account isolation in subscriptions', () => {
  it("B's subscribers never receive A's events: only B's own marker arrives", async () => {
    const events = await subscribe(session(b.key), OnEventsDocument, {});
    const orderUpdates = await subscribe(session(b.key), OnOrderUpdatedDocument, {});
    const live = await a.newKey({ mode: 'live' });
    const aLive = await subscribe(session(live.secret), OnEventsDocument, {});
    // A's changes through both doors, then B's marker
    const aOrder = await createOrder(a.key, { secret: 'a' });
    await data(t.url, a.key, CancelOrderDocument, { id: aOrder.id });
    await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    await data(t.url, a.key, CreateCustomerDocument, { input: { email: 'a-secret@example.com' } });
    const marker = await createOrder(b.key, { marker: 'b' });
    // A's events were published before B's marker: had any reached B, it would be here first
    const got = await events.waitFor(1);
    const gotOrders = await orderUpdates.waitFor(1);
    expect(events.results).toHaveLength(1);
    expect(got[0].events.type).toBe('order.created');
    expect((got[0].events.data as { object: { id: string } }).object.id).toBe(marker.id);
    expect(orderUpdates.results).toHaveLength(1);
    expect(gotOrders[0].orderUpdated?.id).toBe(marker.id);
    // A's live mode does not see A's test events either
    expect(aLive.results).toHaveLength(0);
  });

  it("orderUpdated(where: {id: {_eq: A's order}}) from B stays silent", async () => {
    const aOrder = await createOrder(a.key);
    const spy = await subscribe(session(b.key), OnOrderUpdatedDocument, { where: { id: { _eq: aOrder.id } } });
    await data(t.url, a.key, UpdateOrderDocument, { id: aOrder.id, input: { metadata: { touched: 'yes' } } });
    await data(t.url, a.key, CancelOrderDocument, { id: aOrder.id });
    const bOrder = await createOrder(b.key);
    const sameB = await subscribe(session(b.key), OnOrderUpdatedDocument, { where: { id: { _eq: bOrder.id } } });
    await data(t.url, b.key, CancelOrderDocument, { id: bOrder.id });
    // B's topic hands each event to both subscriptions of B at once: when sameB has B's
    // cancellation, spy has had every event before it (A's never enter B's topic)
    await sameB.waitFor(1);
    expect(spy.results).toHaveLength(0);
  });
});

describe('connected accounts in subscriptions', () => {
  it("a connected account's subscribers (its own key, the platform acting for it) never see the platform's nor a sibling's events", async () => {
    const platform = await t.newAccount();
    const connect = async (name: string) => {
      const res = await api(t.url, '/v1/accounts', { key: platform.key, body: { name, country: 'DE', default_currency: 'eur' } });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const c1 = await connect('Connected One');
    const c2 = await connect('Connected Two');
    const c1Key = (await createApiKey(t.server.db.prisma, { accountId: c1, type: 'secret', mode: 'test' })).secret;
    const doc = OnEventsDocument;
    const types = { types: ['customer.created'] };
    const own = await subscribe(session(c1Key), doc, types);
    const acting = await subscribe(session(undefined, { authorization: `Bearer ${platform.key}`, 'X-Account-Id': c1 }), doc, types);
    const platformSub = await subscribe(session(platform.key), doc, types);
    const name = (r: OnEventsSubscription) => (r.events.data as { object: { name: string } }).object.name;

    // the platform's own event and the sibling's (made by the platform acting for it), then c1's marker
    expect((await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Platform own' } })).status).toBe(201);
    expect((await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Sibling' }, headers: { 'X-Account-Id': c2 } })).status).toBe(201);
    expect((await api(t.url, '/v1/customers', { key: c1Key, body: { name: 'C1 marker' } })).status).toBe(201);
    // published in that order: had either earlier event reached c1's subscribers, it would be here first
    expect((await own.waitFor(1)).map(name)).toEqual(['C1 marker']);
    expect((await acting.waitFor(1)).map(name)).toEqual(['C1 marker']);
    // the platform's own key sees all three, its connected accounts' marked with `account`
    const all = await platformSub.waitFor(3);
    expect(all.map(name)).toEqual(['Platform own', 'Sibling', 'C1 marker']);
    expect(all.map((r) => (r.events.envelope as { account?: string }).account ?? null)).toEqual([null, c2, c1]);
    expect(own.results).toHaveLength(1);
    expect(acting.results).toHaveLength(1);
  });

  it('subscriberSees: own events of its mode; connected accounts\' only for a platform\'s own key', () => {
    const envelope = (over: Partial<EventEnvelope>): EventEnvelope => ({
      id: 'evt_1', object: 'event', type: 'customer.created', created: 0, livemode: false, data: { object: {} },
      request: { id: null, idempotency_key: null }, pending_webhooks: 0, api_version: '2025-01-01', ...over,
    });
    const platformKey = { accountId: 'acct_p', livemode: false, readsConnected: true };
    const connectedKey = { accountId: 'acct_c1', livemode: false, readsConnected: false };
    const platformOwn: BusMessage = { accountId: 'acct_p', event: envelope({}) };
    const ofC1: BusMessage = { accountId: 'acct_c1', event: envelope({ account: 'acct_c1' }) };
    const ofC2: BusMessage = { accountId: 'acct_c2', event: envelope({ account: 'acct_c2' }) };
    expect([platformOwn, ofC1, ofC2].map((m) => subscriberSees(platformKey, m))).toEqual([true, true, true]);
    expect([platformOwn, ofC1, ofC2].map((m) => subscriberSees(connectedKey, m))).toEqual([false, true, false]);
    // another mode, an unmarked event of another account, an event naming another account on one's own topic
    expect(subscriberSees(platformKey, { accountId: 'acct_p', event: envelope({ livemode: true }) })).toBe(false);
    expect(subscriberSees(platformKey, { accountId: 'acct_c2', event: envelope({}) })).toBe(false);
    expect(subscriberSees(platformKey, { accountId: 'acct_c2', event: envelope({ account: 'acct_c3' }) })).toBe(false);
    expect(subscriberSees(connectedKey, { accountId: 'acct_c1', event: envelope({ account: 'acct_c2' }) })).toBe(false);
  });
});

describe('SSE', () => {
  /** Reads `event:` / `data:` frames from a text/event-stream response until `stop` says so. */
  async function readFrames(res: Response, stop: (frames: { event: string; data: any }[]) => boolean, timeoutMs = 10_000) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const frames: { event: string; data: any }[] = [];
    let buffer = '';
    const deadline = Date.now() + timeoutMs;
    while (!stop(frames)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: timed out with frames ${JSON.stringify(frames)}`);
      const chunk = await Promise.race([reader.read(), sleep(left).then(() => ({ done: true, value: undefined }))]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const dataLines: string[] = [];
        for (const line of raw.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) dataLines.push(line.slice(5).trimStart());
        }
        if (dataLines.length) frames.push({ event, data: JSON.parse(dataLines.join('\n')) });
      }
    }
    await reader.cancel().catch(() => {});
    return frames;
  }

  it('POST /graphql with Accept: text/event-stream streams events for a mutation made meanwhile', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${a.key}` },
      body: JSON.stringify({ query: print(OnEventsDocument), variables: { types: ['product.*'] } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const framesPromise = readFrames(res, (f) => f.some((x) => x.event === 'next'));
    await sleep(400);
    await data(t.url, a.key, CreateCustomerDocument, { input: { name: 'not a product' } });
    const { createProduct } = await data(t.url, a.key, CreateProductDocument, { input: { name: 'Streamed', price: 5, currency: 'usd' } });
    const frames = await framesPromise;
    controller.abort();
    const next = frames.filter((f) => f.event === 'next');
    expect(next).toHaveLength(1);
    const event = (next[0].data as { data: OnEventsSubscription }).data.events;
    expect(event).toMatchObject({ object: 'event', type: 'product.created' });
    expect((event.data as { object: { id: string } }).object.id).toBe(createProduct.id);
  });

  it('SSE without a key is refused with MISSING_AUTH_HEADER', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: print(OnEventsDocument) }),
    });
    const text = await res.text();
    expect(text).toMatch(/MISSING_AUTH_HEADER/);
    expect(text).not.toMatch(/"event":\s*\{"id"/);
  });

  it("SSE isolation: B's stream does not carry A's events", async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${b.key}` },
      body: JSON.stringify({ query: print(OnEventsDocument), variables: {} }),
    });
    const framesPromise = readFrames(res, (f) => f.some((x) => x.event === 'next'));
    await sleep(400);
    await createOrder(a.key);
    const marker = await data(t.url, b.key, CreateCustomerDocument, { input: { name: 'B marker' } });
    const frames = await framesPromise;
    controller.abort();
    const next = frames.filter((f) => f.event === 'next');
    expect(next).toHaveLength(1);
    expect(next[0].data.data.events.type).toBe('customer.created');
    expect(next[0].data.data.events.data.object.id).toBe(marker.createCustomer.id);
  });
});
