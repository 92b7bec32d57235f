// The SDK against a live server: resources, auto-paging over many pages, idempotency (the
// automatic key, an override, a replay), typed errors with the request id, Api-Version, the
// request() and paginate() escape hatches, and webhooks.constructEvent on real deliveries
// received by a real HTTP receiver.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_VERSION, ApiError, AuthenticationError, Client, ConflictError, InvalidRequestError, NotFoundError, SignatureVerificationError,
  webhooks, type OrdersCreateParams, type WebhookEvent,
} from '@commerce-api/sdk';
import { startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

vi.setConfig({ testTimeout: 120_000 });

let t: TestServer;
let rx: Receiver;
let a: TestAccount;
let client: Client;
/** Api-Version of every request the client sent */
const sentVersions: (string | null)[] = [];

beforeAll(async () => {
  [t, rx] = await Promise.all([startTestServer({ WEBHOOK_TIMEOUT_MS: '2000' }), startReceiver()]);
  a = await t.newAccount();
  client = new Client({
    apiKey: a.key,
    baseUrl: t.url,
    fetch: (request) => {
      sentVersions.push(request.headers.get('api-version'));
      return fetch(request);
    },
  });
});
afterAll(async () => {
  await t?.stop();
  await rx?.close();
});

const ORDER: OrdersCreateParams = TEA_ORDER as OrdersCreateParams;

describe('resources', () => {
  it('creates, retrieves, updates, lists and cancels an order', async () => {
    const order = await client.orders.create({ ...ORDER, metadata: { ref: 'sdk-1' } });
    expect(order.id).toMatch(/^ord_/);
    expect(order.object).toBe('order');
    expect(order.lastResponse.status).toBe(201);
    expect(order.lastResponse.requestId).toBeTruthy();
    expect(order.lastResponse.idempotencyKey).toMatch(/^sdk_/);
    expect(order.lastResponse.replayed).toBe(false);
    // lastResponse is not part of the object's JSON
    expect(Object.keys(order)).not.toContain('lastResponse');

    const got = await client.orders.retrieve(order.id);
    expect(got.id).toBe(order.id);
    expect(got.metadata).toEqual({ ref: 'sdk-1' });
    const updated = await client.orders.update(order.id, { metadata: { ref: 'sdk-2' } });
    expect(updated.metadata).toEqual({ ref: 'sdk-2' });
    const cancelled = await client.orders.cancel(order.id, { reason: 'requested_by_customer' });
    expect(cancelled.status).toBe('cancelled');

    const page = await client.orders.list({ status: 'cancelled', limit: 5 });
    expect(page.object).toBe('list');
    expect(page.data.map((o) => o.id)).toContain(order.id);
    expect(page.data.every((o) => o.status === 'cancelled')).toBe(true);

    // the escape hatch, typed by the document's path template
    const raw = await client.request('GET', '/v1/orders/{id}', { path: { id: order.id } });
    expect(raw.id).toBe(order.id);
    const untyped = await client.request<{ id: string }>('GET', `/v1/orders/${order.id}`);
    expect(untyped.id).toBe(order.id);
  });

  it('auto-pages: every item of many pages forward, backward from ending_before, toArray, and await for the first page', async () => {
    const b = await t.newAccount();
    const own = new Client({ apiKey: b.key, baseUrl: t.url });
    const created: string[] = [];
    for (let i = 0; i < 23; i++) {
      const o = await own.orders.create({ ...ORDER, currency: i % 3 === 0 ? 'eur' : 'usd' });
      created.push(o.id);
    }
    const first = await own.orders.list({ limit: 5 });
    expect(first.data).toHaveLength(5);
    expect(first.pagination.has_more).toBe(true);
    expect(first.pagination.total_count).toBe(23);

    const forward: string[] = [];
    for await (const o of own.orders.list({ limit: 5 })) forward.push(o.id);
    expect(forward).toHaveLength(23);
    expect(new Set(forward)).toEqual(new Set(created));
    // the items are the pages' items, in order
    const paged: string[] = [];
    let pages = 0;
    for await (const page of own.orders.list({ limit: 5 }).pages()) {
      pages++;
      expect(page.lastResponse.status).toBe(200);
      expect(page.data.length).toBeLessThanOrEqual(5);
      paged.push(...page.data.map((o) => o.id));
    }
    expect(paged).toEqual(forward);
    expect(pages).toBe(5);

    const eur: string[] = [];
    for await (const o of own.orders.list({ currency: 'eur', limit: 2 })) {
      expect(o.currency).toBe('eur');
      eur.push(o.id);
    }
    expect(eur).toHaveLength(8);

    // backward from the oldest: every other order, oldest first
    const backward: string[] = [];
    for await (const o of own.orders.list({ ending_before: forward[forward.length - 1], limit: 4 })) backward.push(o.id);
    expect(backward).toEqual(forward.slice(0, -1).reverse());

    expect((await own.orders.list({ limit: 3 }).toArray({ limit: 7 })).map((o) => o.id)).toEqual(forward.slice(0, 7));
    // offset first, cursors after
    const fromOffset: string[] = [];
    for await (const o of own.orders.list({ offset: 20, limit: 2 })) fromOffset.push(o.id);
    expect(fromOffset).toEqual(forward.slice(20));
  });

  it('other areas: customers and their events', async () => {
    const customer = await client.customers.create({ email: `sdk-${Date.now()}@example.com`, name: 'SDK Test' });
    expect(customer.id).toMatch(/^cus_/);
    expect((await client.customers.retrieve(customer.id)).email).toBe(customer.email);
    const events: WebhookEvent[] = [];
    for await (const e of client.events.list({ type: 'customer.created', limit: 100 })) events.push(e as unknown as WebhookEvent);
    expect(events.some((e) => (e.data.object as { id?: string }).id === customer.id)).toBe(true);
  });
});

describe('idempotency', () => {
  it('an automatic key per POST, recorded by the server with the request', async () => {
    const one = await client.orders.create(ORDER);
    const two = await client.orders.create(ORDER);
    expect(one.id).not.toBe(two.id);
    expect(one.lastResponse.idempotencyKey).not.toBe(two.lastResponse.idempotencyKey);
    const event = (await client.events.list({ type: 'order.created', limit: 100 })).data
      .find((e) => ((e as { data: { object: { id: string } } }).data.object.id === one.id)) as unknown as WebhookEvent | undefined;
    expect(event?.request.idempotency_key).toBe(one.lastResponse.idempotencyKey);
  });

  it('an overriding key replays the first answer; the same key with another body is a ConflictError', async () => {
    const key = `sdk-override-${Date.now()}`;
    const first = await client.orders.create(ORDER, { idempotencyKey: key });
    const replay = await client.orders.create(ORDER, { idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.replayed).toBe(true);
    expect(replay.lastResponse.idempotencyKey).toBe(key);
    const err = await client.orders.create({ ...ORDER, currency: 'eur' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED', idempotencyKey: key });
  });
});

describe('typed errors', () => {
  it('404 NotFoundError with the envelope, status, code and the request id of X-Request-Id', async () => {
    const err = await client.orders.retrieve('ord_doesnotexist').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as NotFoundError;
    expect(e.status).toBe(404);
    expect(e.code).toBe('RESOURCE_NOT_FOUND');
    expect(e.type).toBe('not_found_error');
    expect(e.requestId).toBeTruthy();
    expect(e.requestId).toBe(e.headers.get('x-request-id'));
    expect(e.envelope?.error.request_id).toBe(e.requestId);
    expect(e.message).toContain('ord_doesnotexist');
  });

  it('a validation error names the field; a bad key is an AuthenticationError', async () => {
    const err = await client.orders.create({ currency: 'usd', items: [] } as unknown as OrdersCreateParams).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidRequestError);
    const e = err as InvalidRequestError;
    expect(e.status).toBe(400);
    expect(JSON.stringify(e.details)).toContain('items');
    const bad = new Client({ apiKey: 'sk_test_notarealkey', baseUrl: t.url });
    const auth = await bad.orders.list().catch((x: unknown) => x);
    expect(auth).toBeInstanceOf(AuthenticationError);
    expect((auth as AuthenticationError).status).toBe(401);
  });
});

describe('Api-Version', () => {
  it('is sent on every request: the generated version, or the apiVersion option', async () => {
    expect(sentVersions.length).toBeGreaterThan(5);
    expect(sentVersions.every((v) => v === API_VERSION)).toBe(true);
    const page = await client.orders.list({ limit: 1 });
    expect(page.lastResponse.apiVersion).toBe(API_VERSION);
    const old = new Client({ apiKey: a.key, baseUrl: t.url, apiVersion: '2026-06-01' });
    expect((await old.orders.list({ limit: 1 })).lastResponse.apiVersion).toBe('2026-06-01');
    expect((await client.orders.list({ limit: 1 }, { apiVersion: '2026-06-01' })).lastResponse.apiVersion).toBe('2026-06-01');
    const err = await client.orders.list({}, { apiVersion: '1999-01-01' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidRequestError);
  });
});

describe('webhooks.constructEvent on real deliveries', () => {
  it('verifies each of the three signature forms, with Node headers or Headers, a string or a Buffer body', async () => {
    const endpoint = await client.webhooks.create({ url: `${rx.url}/sdk-hook`, events: ['order.created'] });
    const secret = (endpoint as { secret?: string }).secret!;
    expect(secret).toMatch(/^whsec_/);
    const order = await client.orders.create(ORDER);
    const [delivery] = (await rx.waitFor((r) => r.some((x) => x.path === '/sdk-hook' && x.json?.data?.object?.id === order.id), 30_000, 'the order.created delivery'))
      .filter((x) => x.path === '/sdk-hook' && x.json?.data?.object?.id === order.id);
    const { body, headers } = delivery!;

    const event = client.webhooks.constructEvent(body, headers, secret);
    expect(event.type).toBe('order.created');
    expect(event.object).toBe('event');
    expect(event.data.object.id).toBe(order.id);
    expect(webhooks.constructEvent(Buffer.from(body), new Headers(headers as Record<string, string>), secret).id).toBe(event.id);

    // each form alone
    const only = (names: string[]) => Object.fromEntries(Object.entries(headers).filter(([k]) => names.includes(k)));
    const forms = [['svc-signature'], ['x-svc-signature', 'x-svc-timestamp'], ['webhook-id', 'webhook-timestamp', 'webhook-signature']];
    for (const form of forms) {
      expect(Object.keys(only(form)).sort(), `the delivery carries ${form.join(', ')}`).toEqual([...form].sort());
      expect(client.webhooks.constructEvent(body, only(form), secret).id).toBe(event.id);
      // upper-case names, as a plain object from elsewhere
      expect(client.webhooks.constructEvent(body, Object.fromEntries(Object.entries(only(form)).map(([k, v]) => [k.toUpperCase(), v])), secret).id).toBe(event.id);
    }

    // a wrong secret, a changed body, no signature: all refused, with the reason
    const expectRefused = (fn: () => unknown, reason: SignatureVerificationError['reason']) => {
      let caught: unknown;
      try {
        fn();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SignatureVerificationError);
      expect((caught as SignatureVerificationError).reason).toBe(reason);
    };
    const wrong = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expectRefused(() => client.webhooks.constructEvent(body, headers, wrong), 'signature_mismatch');
    for (const form of forms) expectRefused(() => client.webhooks.constructEvent(body, only(form), wrong), 'signature_mismatch');
    expectRefused(() => client.webhooks.constructEvent(body.replace(order.id, 'ord_forged'), headers, secret), 'signature_mismatch');
    expectRefused(() => client.webhooks.constructEvent(body, { 'content-type': 'application/json' }, secret), 'no_signature');
    // the right secret among others (a receiver rotating its secret)
    expect(client.webhooks.constructEvent(body, headers, [wrong, secret]).id).toBe(event.id);

    // 300 s tolerance around the delivery's own timestamp
    const ts = Number(headers['webhook-timestamp']);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(120);
    expect(client.webhooks.constructEvent(body, headers, secret, { now: ts + 299 }).id).toBe(event.id);
    expectRefused(() => client.webhooks.constructEvent(body, headers, secret, { now: ts + 301 }), 'timestamp_outside_tolerance');
    expectRefused(() => client.webhooks.constructEvent(body, headers, secret, { now: ts - 301 }), 'timestamp_outside_tolerance');
    for (const form of forms) expectRefused(() => client.webhooks.constructEvent(body, only(form), secret, { now: ts + 301 }), 'timestamp_outside_tolerance');
    expect(client.webhooks.constructEvent(body, headers, secret, { now: ts + 500, tolerance: 600 }).id).toBe(event.id);
    // a timestamp moved forward no longer matches its signature
    expectRefused(() => client.webhooks.constructEvent(body, { ...only(forms[1]!), 'x-svc-timestamp': String(ts + 1000) }, secret, { now: ts + 1000 }), 'signature_mismatch');

    // the endpoint's deliveries through paginate(), the escape hatch for any list route
    const seen: string[] = [];
    for await (const d of client.paginate<{ id: string; event_id?: string; event?: string }>(`/v1/webhooks/${endpoint.id}/deliveries`, { limit: 1 })) seen.push(d.id);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    await client.webhooks.delete(endpoint.id);
  });
});
