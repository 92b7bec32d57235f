// The version machinery without a server: the list's consistency, answers walked down (list
// envelopes, nesting, events, the client's own data left alone), requests brought up.
import { describe, expect, it } from 'vitest';
import { checkVersion, CURRENT_VERSION, NEWEST_STABLE, servedVersion, SUPPORTED_VERSIONS, VERSIONS } from '../../src/versions/list.js';
import { changesAfter, checkVersionList, renderResponse, upgradeRequest } from '../../src/versions/transform.js';
import { CHANGES, PREVIEWS } from '../../src/versions/changes/index.js';
import { renameQueryField } from '../../src/versions/change.js';
import { loadConfig } from '../../src/config.js';
import { ApiError } from '../../src/errors.js';

const OLD = '2026-06-01';
const ALPHA = '2026-11-15';

const order = () => ({
  id: 'ord_1', object: 'order', livemode: false, customer: null, status: 'pending', currency: 'usd', amount: 900,
  metadata: { object: 'order', amount: '1' }, delivered_at: null, on_hold: false, hold_reason: null, held_at: null, created: 1, updated: 1,
  items: [{ id: 'oi_1', object: 'order_item', product: null, name: 'Tea', quantity: 2, unit_amount: 450, amount: 900 }],
});

describe('the version list', () => {
  it('is consistent: newest first, a change module for each step, the newest supported and stable by default', () => {
    expect(() => checkVersionList()).not.toThrow();
    expect(VERSIONS.map((v) => v.version)).toEqual([...VERSIONS.map((v) => v.version)].sort().reverse());
    // the native version is the newest stable; the one preview (alpha) is newer
    expect(CURRENT_VERSION).toBe(NEWEST_STABLE);
    expect(NEWEST_STABLE).toBe('2026-11-01');
    expect(VERSIONS[0]).toMatchObject({ version: ALPHA, status: 'alpha', end_of_life: null });
    expect(SUPPORTED_VERSIONS).toEqual([ALPHA, '2026-11-01', '2026-06-01']);
    expect(SUPPORTED_VERSIONS.length).toBeGreaterThanOrEqual(2);
    for (const c of [...CHANGES, ...PREVIEWS]) {
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.objectTypes.length).toBeGreaterThan(0);
    }
  });

  it('checkVersion takes supported versions only, naming the supported ones', () => {
    expect(checkVersion(' 2026-06-01 ', 'Api-Version')).toBe(OLD);
    for (const bad of ['2025-12-01', '2026-13-45', 'x', '', 20260601, null]) {
      try {
        checkVersion(bad, 'Api-Version');
        expect.unreachable(String(bad));
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).code).toBe('INVALID_FIELD_VALUE');
        expect((err as ApiError).param).toBe('Api-Version');
        expect((err as ApiError).details.supported_versions).toEqual(SUPPORTED_VERSIONS);
      }
    }
  });

  it('a stored pin no longer supported is served in the closest version still supported', () => {
    expect(servedVersion(OLD)).toBe(OLD);
    expect(servedVersion('2025-12-01')).toBe(OLD);
    expect(servedVersion('2099-01-01')).toBe(CURRENT_VERSION);
    // a preview stays what it is while listed
    expect(servedVersion(ALPHA)).toBe(ALPHA);
  });

  it('configuration: API_VERSION is the native version only; DEFAULT_API_VERSION a supported one', () => {
    expect(loadConfig({}).API_VERSION).toBe(CURRENT_VERSION);
    expect(() => loadConfig({ API_VERSION: OLD })).toThrow(/API_VERSION/);
    expect(loadConfig({ DEFAULT_API_VERSION: OLD }).DEFAULT_API_VERSION).toBe(OLD);
    expect(() => loadConfig({ DEFAULT_API_VERSION: '2025-12-01' })).toThrow(/DEFAULT_API_VERSION/);
  });
});

describe('rendering an answer in an older version', () => {
  it('the newest version is the answer itself, untouched', () => {
    const body = order();
    expect(renderResponse(body, CURRENT_VERSION)).toBe(body);
    expect(changesAfter(CURRENT_VERSION)).toEqual([]);
  });

  it('walks a list envelope, nested objects and expansions, keeping key order, never mutating', () => {
    const list = { object: 'list', data: [order(), { id: 'pay_1', object: 'payment', amount: 900, order: order() }], url: '/v1/orders' };
    const before = JSON.stringify(list);
    const out = renderResponse(list, OLD) as { data: Record<string, any>[] };
    expect(JSON.stringify(list)).toBe(before);
    expect(Object.keys(out.data[0])).toEqual(['id', 'object', 'livemode', 'customer', 'status', 'currency', 'total', 'metadata', 'created', 'updated', 'items']);
    expect(out.data[0].items[0]).toEqual({ id: 'oi_1', object: 'order_item', product: null, name: 'Tea', quantity: 2, price: 450, amount: 900 });
    // a payment's amount is its own; its expanded order is rendered
    expect(out.data[1].amount).toBe(900);
    expect(out.data[1].order.total).toBe(900);
    expect(out.data[1].order).not.toHaveProperty('on_hold');
    // the client's metadata is never rewritten, whatever it looks like
    expect(out.data[0].metadata).toEqual({ object: 'order', amount: '1' });
  });

  it('an event: data.object, previous_attributes as a partial of it, and api_version', () => {
    const event = {
      id: 'evt_1', object: 'event', type: 'order.updated', created: 1, livemode: false,
      data: { object: order(), previous_attributes: { amount: 800, on_hold: true, status: 'paid' } },
      request: { id: null, idempotency_key: null }, pending_webhooks: 1, api_version: CURRENT_VERSION,
    };
    const out = renderResponse(event, OLD);
    expect(out.api_version).toBe(OLD);
    expect(out.data.object).toHaveProperty('total', 900);
    expect(out.data.previous_attributes).toEqual({ total: 800, status: 'paid' });
    expect(event.api_version).toBe(CURRENT_VERSION);
  });

  it('leaves other shapes alone: errors, arrays of versions, scalars', () => {
    const error = { error: { code: 'VALIDATION_ERROR', details: { errors: [{ field: 'amount' }] } } };
    expect(renderResponse(error, OLD)).toEqual(error);
    expect(renderResponse([1, 'a', null], OLD)).toEqual([1, 'a', null]);
    expect(renderResponse('text', OLD)).toBe('text');
  });
});

describe('rendering an answer in the preview (2026-11-15, alpha)', () => {
  const globalOrder = () => ({ ...order(), amount: 1190, amount_subtotal: 900, amount_shipping: 100, amount_tax: 190, amount_total: 1190 });
  const plain = () => ({ ...order(), amount_subtotal: null, amount_shipping: null, amount_tax: null, amount_total: null });

  it('an order without amount: the four money fields set on every order (a plain one: subtotal and total its amount, shipping and tax 0)', () => {
    const list = { object: 'list', data: [plain(), globalOrder()], url: '/v1/orders' };
    const before = JSON.stringify(list);
    const out = renderResponse(list, ALPHA) as { data: Record<string, any>[] };
    expect(JSON.stringify(list)).toBe(before);
    expect(out.data[0]).not.toHaveProperty('amount');
    expect(out.data[0]).toMatchObject({ amount_subtotal: 900, amount_shipping: 0, amount_tax: 0, amount_total: 900, status: 'pending' });
    expect(out.data[1]).not.toHaveProperty('amount');
    expect(out.data[1]).toMatchObject({ amount_subtotal: 900, amount_shipping: 100, amount_tax: 190, amount_total: 1190 });
    // items, other objects and the client's metadata are untouched
    expect(out.data[0].items).toEqual(order().items);
    expect(out.data[0].metadata).toEqual({ object: 'order', amount: '1' });
    expect(renderResponse({ id: 'pay_1', object: 'payment', amount: 5 }, ALPHA)).toEqual({ id: 'pay_1', object: 'payment', amount: 5 });
  });

  it('an event: data.object, previous_attributes (amount_total) and api_version; the native event is not changed', () => {
    const event = { id: 'evt_1', object: 'event', type: 'order.updated', data: { object: plain(), previous_attributes: { amount: 800, status: 'paid' } }, api_version: CURRENT_VERSION };
    const out = renderResponse(event, ALPHA);
    expect(out.api_version).toBe(ALPHA);
    expect(out.data.object).toMatchObject({ amount_total: 900 });
    expect(out.data.previous_attributes).toEqual({ status: 'paid', amount_total: 800 });
    expect(event.data.object).toHaveProperty('amount', 900);
  });

  it('requests: lists and reads filter, sort and pick fields by amount_total; a pick of another money field reads amount too', () => {
    expect(upgradeRequest('GET /v1/orders', { amount_total_gte: '5', 'amount_total[lt]': '9', sort: '-amount_total', fields: 'id,amount_total' }, ALPHA))
      .toEqual({ amount_gte: '5', 'amount[lt]': '9', sort: '-amount', fields: 'id,amount' });
    expect(upgradeRequest('GET /v1/orders/list', { fields: 'amount_tax' }, ALPHA)).toEqual({ fields: 'amount_tax,amount' });
    expect(upgradeRequest('GET /orders/:id', { fields: 'status' }, ALPHA)).toEqual({ fields: 'status' });
    const create = { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 1 }] };
    expect(upgradeRequest('POST /v1/orders', create, ALPHA)).toBe(create);
    // a picked field alone is filled from amount, which goes
    expect(renderResponse({ id: 'ord_1', object: 'order', amount_tax: null, amount: 7 }, ALPHA)).toEqual({ id: 'ord_1', object: 'order', amount_tax: 0, amount_total: 7 });
  });
});

describe('bringing a request up from an older version', () => {
  it("an order's creation: items' price becomes unit_amount", () => {
    const body = { currency: 'usd', items: [{ name: 'Tea', quantity: 2, price: 450 }, { product: 'prod_1', quantity: 1 }] };
    for (const route of ['POST /v1/orders', 'POST /v1/orders/create', 'POST /orders']) {
      expect(upgradeRequest(route, body, OLD)).toEqual({ currency: 'usd', items: [{ name: 'Tea', quantity: 2, unit_amount: 450 }, { product: 'prod_1', quantity: 1 }] });
    }
    expect(body.items[0]).toHaveProperty('price');
    // other routes, and clients of the newest version, are not touched
    expect(upgradeRequest('POST /v1/products', { price: 1 }, OLD)).toEqual({ price: 1 });
    expect(upgradeRequest('POST /v1/orders', body, CURRENT_VERSION)).toBe(body);
  });

  it("order reads: filters, sort and fields by `total` and `items.price`", () => {
    const query = { total_gte: '5', 'total[lt]': '9', total: '7', sort: '-total,created', fields: 'id,total', 'items.price_eq': '4', 'expand[]': ['items'] };
    expect(upgradeRequest('GET /v1/orders', query, OLD)).toEqual({
      amount_gte: '5', 'amount[lt]': '9', amount: '7', sort: '-amount,created', fields: 'id,amount', 'items.unit_amount_eq': '4', 'expand[]': ['items'],
    });
    expect(upgradeRequest('GET /orders/:id', { fields: 'total' }, OLD)).toEqual({ fields: 'amount' });
  });

  it('both spellings sent: the old one is left for the API to refuse', () => {
    expect(renameQueryField({ total: '1', amount: '2' }, 'total', 'amount')).toEqual({ total: '1', amount: '2' });
  });
});
