// Orders and stock agree: an order's lines naming tracked products reserve stock at the
// default location when it is created (all or nothing), are allocated when it moves to
// processing, leave on_hand when it ships (from pending both at once), and are released when
// it is cancelled, refunded before shipping or deleted. Holds (hold/release), deletion and
// deliveredAt, on both doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError } from '../rest/envelope.js';
import { counts, eventsOf, gqlError, gqlOk, itemOf, newProduct, stock } from './helpers.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const line = (product: string, quantity: number) => ({ product, quantity });
async function order(items: unknown[], key = a.key) {
  const res = await api(t.url, '/v1/orders', { key, body: { currency: 'usd', items } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const post = (path: string, body: unknown = {}) => api(t.url, path, { key: a.key, body });
const patch = (path: string, body: unknown) => api(t.url, path, { key: a.key, method: 'PATCH', body });

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { id status } }`;
const HOLD = `mutation($id: ID!, $input: HoldOrderInput) { holdOrder(id: $id, input: $input) { id status onHold holdReason heldAt } }`;
const RELEASE = `mutation($id: ID!) { releaseOrder(id: $id) { id status onHold holdReason heldAt } }`;
const DELETE = `mutation($id: ID!) { deleteOrder(id: $id) { id deleted } }`;

describe('the order flow', () => {
  it('create reserves (lines of one product summed), processing allocates, ship consumes; an untracked product is unaffected', async () => {
    const p = await newProduct(t.url, a.key, 'Tracked');
    const u = await newProduct(t.url, a.key, 'Untracked');
    await stock(t.url, a.key, p, 10);
    const o = await order([line(p, 2), { name: 'Gift wrap', quantity: 1, unit_amount: 100 }, line(p, 3), line(u, 4)]);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 10, reserved: 5, allocated: 0, available: 5 });
    expect(await itemOf(t.url, a.key, u)).toBeUndefined();
    const holds = await t.server.db.prisma.inventoryHold.findMany({ where: { orderId: o.id } });
    expect(holds.map((h) => [h.reserved, h.allocated])).toEqual([[5, 0]]);

    expect((await patch(`/v1/orders/${o.id}`, { status: 'processing' })).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 10, reserved: 0, allocated: 5, available: 5 });

    const shipped = await post(`/v1/orders/${o.id}/fulfill`, { shipping_carrier: 'ups' });
    expect(shipped.status, shipped.text).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 0, allocated: 0, available: 5 });
    expect(await t.server.db.prisma.inventoryHold.count({ where: { orderId: o.id } })).toBe(0);
    expect(await itemOf(t.url, a.key, u)).toBeUndefined();

    // delivered: deliveredAt is set (returns count their window from it)
    const delivered = await patch(`/v1/orders/${o.id}`, { status: 'delivered' });
    expect(delivered.status, delivered.text).toBe(200);
    expect(Math.abs(delivered.body.delivered_at - Date.now() / 1000)).toBeLessThan(300);

    const moves = await t.server.db.prisma.inventoryMovement.findMany({ where: { orderId: o.id }, orderBy: { id: 'asc' } });
    expect(moves.map((m) => [m.kind, m.onHandDelta, m.reservedDelta, m.allocatedDelta])).toEqual([
      ['reserve', 0, 5, 0], ['allocate', 0, -5, 5], ['ship', -5, 0, -5],
    ]);
  });

  it('pending -> shipped allocates and consumes at once; paid -> processing -> shipped too', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 6);
    const o1 = await order([line(p, 2)]);
    expect((await post(`/v1/orders/${o1.id}/fulfill`)).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 4, reserved: 0, allocated: 0, available: 4 });
    const o2 = await order([line(p, 1)]);
    expect((await patch(`/v1/orders/${o2.id}`, { status: 'shipped' })).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 3, reserved: 0, allocated: 0, available: 3 });
  });

  it('cancel releases the reservation (pending) and the allocation (processing)', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 8);
    const o1 = await order([line(p, 3)]);
    const o2 = await order([line(p, 4)]);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 8, reserved: 7, allocated: 0, available: 1 });
    expect((await post(`/v1/orders/${o1.id}/cancel`, { reason: 'requested_by_customer' })).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 8, reserved: 4, allocated: 0, available: 4 });
    await patch(`/v1/orders/${o2.id}`, { status: 'processing' });
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 8, reserved: 0, allocated: 4, available: 4 });
    const cancelled = await gqlOk(t.url, a.key, `mutation($id: ID!) { cancelOrder(id: $id) { status } }`, { id: o2.id });
    expect(cancelled.cancelOrder.status).toBe('cancelled');
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 8, reserved: 0, allocated: 0, available: 8 });
    const released = (await eventsOf(t.url, a.key, 'inventory.updated')).filter((ev) => ev.data.object.product === p);
    expect(released.map((ev) => ev.data.object.available)).toEqual([8, 5, 1, 4, 4, 8]);
  });

  it('a line short of stock refuses the whole order: 422 INSUFFICIENT_INVENTORY with details.available, nothing reserved, no order (both doors)', async () => {
    const p = await newProduct(t.url, a.key, 'Plenty');
    const q = await newProduct(t.url, a.key, 'Scarce');
    await stock(t.url, a.key, p, 50);
    await stock(t.url, a.key, q, 3);
    const before = await t.server.db.prisma.order.count({ where: { accountId: a.accountId } });
    const res = await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd', items: [line(p, 5), { name: 'Note', quantity: 1, unit_amount: 0 }, line(q, 2), line(q, 2)] } });
    const e = expectError(res, 422, 'INSUFFICIENT_INVENTORY');
    expect(e.details).toMatchObject({ available: 3, requested: 4, product: q, location: 'default' });
    expect(e.details.shortages).toEqual([{ product: q, location: 'default', requested: 4, available: 3, line: 2 }]);
    expect(e.param).toBe('items[2].quantity');
    const g = gqlError(await gql(t.url, a.key, CREATE, { input: { currency: 'usd', items: [line(q, 9), line(p, 51)] } }));
    expect(g).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', details: { available: 3, requested: 9, product: q } });
    expect(g.details!.shortages.map((s: any) => [s.product, s.available])).toEqual([[q, 3], [p, 50]]);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 50, reserved: 0, allocated: 0, available: 50 });
    expect(counts(await itemOf(t.url, a.key, q))).toEqual({ on_hand: 3, reserved: 0, allocated: 0, available: 3 });
    expect(await t.server.db.prisma.order.count({ where: { accountId: a.accountId } })).toBe(before);
    // exactly what is there is fine (GraphQL)
    const ok = await gqlOk(t.url, a.key, CREATE, { input: { currency: 'usd', items: [line(q, 1), line(q, 2)] } });
    expect(ok.createOrder.status).toBe('pending');
    expect(counts(await itemOf(t.url, a.key, q))).toEqual({ on_hand: 3, reserved: 3, allocated: 0, available: 0 });
    const out = (await eventsOf(t.url, a.key, 'inventory.out_of_stock')).filter((ev) => ev.data.object.product === q);
    expect(out).toHaveLength(1);
  });

  it('stock at other locations does not serve orders (they reserve at "default")', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 9, { location: 'back-room' });
    // untracked at default: the order goes through and nothing moves
    await order([line(p, 2)]);
    expect(counts(await itemOf(t.url, a.key, p, 'back-room'))).toEqual({ on_hand: 9, reserved: 0, allocated: 0, available: 9 });
    await stock(t.url, a.key, p, 1);
    expectError(await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd', items: [line(p, 2)] } }), 422, 'INSUFFICIENT_INVENTORY');
  });

  it('an order refunded before shipping releases its stock', async () => {
    const p = await newProduct(t.url, a.key, 'Paid thing', 700);
    await stock(t.url, a.key, p, 5);
    const o = await order([line(p, 2)]);
    const pay = await api(t.url, '/v1/payments', { key: a.key, body: { amount: 1400, currency: 'usd', payment_method: 'pm_card_visa', order: o.id } });
    expect(pay.status, pay.text).toBe(201);
    expect((await api(t.url, `/v1/orders/${o.id}`, { key: a.key })).body.status).toBe('paid');
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 2, allocated: 0, available: 3 });
    const refund = await api(t.url, '/v1/payments/refund', { key: a.key, body: { payment: pay.body.id } });
    expect(refund.status, refund.text).toBe(201);
    expect((await api(t.url, `/v1/orders/${o.id}`, { key: a.key })).body.status).toBe('refunded');
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 0, allocated: 0, available: 5 });
  });
});

describe('hold and release', () => {
  it('REST: a held order cannot be fulfilled or moved to processing/shipped (422 naming the hold); hold twice or release an unheld order is 422; release lifts it', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 4);
    const o = await order([line(p, 1)]);
    const held = await post(`/v1/orders/${o.id}/hold`, { reason: 'address check' });
    expect(held.status, held.text).toBe(200);
    expect(held.body).toMatchObject({ id: o.id, status: 'pending', on_hold: true, hold_reason: 'address check' });
    expect(Math.abs(held.body.held_at - Date.now() / 1000)).toBeLessThan(300);

    const f = expectError(await post(`/v1/orders/${o.id}/fulfill`), 422, 'INVALID_STATE_TRANSITION');
    expect(f.details).toMatchObject({ on_hold: true, hold_reason: 'address check', requested_status: 'shipped', current_status: 'pending' });
    expect(f.message).toMatch(/on hold/);
    expect(f.details.allowed).toEqual(['paid', 'cancelled']);
    for (const status of ['processing', 'shipped']) {
      expect(expectError(await patch(`/v1/orders/${o.id}`, { status }), 422, 'INVALID_STATE_TRANSITION').details.on_hold).toBe(true);
    }
    expectError(await post(`/v1/orders/${o.id}/hold`), 422, 'INVALID_STATE_TRANSITION');
    // other changes are allowed while held
    expect((await patch(`/v1/orders/${o.id}`, { metadata: { note: 'checking' } })).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 4, reserved: 1, allocated: 0, available: 3 });

    const released = await post(`/v1/orders/${o.id}/release`);
    expect(released.status, released.text).toBe(200);
    expect(released.body).toMatchObject({ on_hold: false, hold_reason: null, held_at: null, status: 'pending' });
    expectError(await post(`/v1/orders/${o.id}/release`), 422, 'INVALID_STATE_TRANSITION');
    expect((await post(`/v1/orders/${o.id}/fulfill`)).status).toBe(200);
    // only pending, paid and processing orders can be held
    const e = expectError(await post(`/v1/orders/${o.id}/hold`), 422, 'INVALID_STATE_TRANSITION');
    expect(e.details.current_status).toBe('shipped');

    const upd = (await eventsOf(t.url, a.key, 'order.updated')).filter((ev) => ev.data.object.id === o.id);
    expect(upd[0].data.previous_attributes).toEqual({ on_hold: false, hold_reason: null, held_at: null });
    const releasedEvent = upd.find((ev) => ev.data.previous_attributes?.on_hold === true);
    expect(releasedEvent?.data.object.on_hold).toBe(false);
  });

  it('GraphQL: holdOrder and releaseOrder; a processing order can be held; cancel is allowed while held and clears the hold, releasing the stock', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 4);
    const o = await order([line(p, 2)]);
    await patch(`/v1/orders/${o.id}`, { status: 'processing' });
    const h = await gqlOk(t.url, a.key, HOLD, { id: o.id, input: { reason: 'fraud review' } });
    expect(h.holdOrder).toMatchObject({ id: o.id, status: 'processing', onHold: true, holdReason: 'fraud review' });
    expect(typeof h.holdOrder.heldAt).toBe('string');
    expect(gqlError(await gql(t.url, a.key, `mutation($id: ID!) { fulfillOrder(id: $id) { id } }`, { id: o.id })))
      .toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { on_hold: true } });
    expect(gqlError(await gql(t.url, a.key, HOLD, { id: o.id })).code).toBe('INVALID_STATE_TRANSITION');
    const r = await gqlOk(t.url, a.key, RELEASE, { id: o.id });
    expect(r.releaseOrder).toMatchObject({ onHold: false, holdReason: null, heldAt: null });
    expect(gqlError(await gql(t.url, a.key, RELEASE, { id: o.id })).code).toBe('INVALID_STATE_TRANSITION');
    await gqlOk(t.url, a.key, HOLD, { id: o.id });
    const c = await post(`/v1/orders/${o.id}/cancel`);
    expect(c.status, c.text).toBe(200);
    expect(c.body).toMatchObject({ status: 'cancelled', on_hold: false, hold_reason: null, held_at: null });
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 4, reserved: 0, allocated: 0, available: 4 });
    // hold with a bad reason, and on another account's order
    expectError(await post(`/v1/orders/${o.id}/hold`, { reason: '' }), 400, 'VALIDATION_ERROR');
    expectError(await post(`/v1/orders/${o.id}/hold`, { reason: 'x'.repeat(501) }), 400, 'FIELD_TOO_LONG');
    const b = await t.newAccount();
    expectError(await api(t.url, `/v1/orders/${o.id}/hold`, { key: b.key, body: {} }), 404, 'RESOURCE_NOT_FOUND');
    const reader = (await a.newKey({ type: 'restricted', permissions: ['orders:read'] })).secret;
    expectError(await api(t.url, `/v1/orders/${o.id}/release`, { key: reader, body: {} }), 403, 'INSUFFICIENT_PERMISSIONS');
  });
});

describe('delete', () => {
  it('REST: a pending order without payments is deleted, its reservation released; order.deleted is emitted', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 5);
    const o = await order([line(p, 3), { name: 'extra', quantity: 1, unit_amount: 5 }]);
    const res = await api(t.url, `/v1/orders/${o.id}`, { key: a.key, method: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: o.id, object: 'order', deleted: true });
    expectError(await api(t.url, `/v1/orders/${o.id}`, { key: a.key }), 404, 'RESOURCE_NOT_FOUND');
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 0, allocated: 0, available: 5 });
    expect(await t.server.db.prisma.orderItem.count({ where: { orderId: o.id } })).toBe(0);
    const deleted = (await eventsOf(t.url, a.key, 'order.deleted')).filter((ev) => ev.data.object.id === o.id);
    expect(deleted).toHaveLength(1);
    expect(deleted[0].data.object).toMatchObject({ object: 'order', status: 'pending', amount: o.amount });
    expectError(await api(t.url, `/v1/orders/${o.id}`, { key: a.key, method: 'DELETE' }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('GraphQL deleteOrder; anything but a pending order without payments is 422 telling to cancel instead', async () => {
    const o = await order([{ name: 'x', quantity: 1, unit_amount: 100 }]);
    const d = await gqlOk(t.url, a.key, DELETE, { id: o.id });
    expect(d.deleteOrder).toEqual({ id: o.id, deleted: true });

    const processing = await order([{ name: 'x', quantity: 1, unit_amount: 100 }]);
    await patch(`/v1/orders/${processing.id}`, { status: 'processing' });
    const e = expectError(await api(t.url, `/v1/orders/${processing.id}`, { key: a.key, method: 'DELETE' }), 422, 'INVALID_STATE_TRANSITION');
    expect(e.message).toMatch(/cancel/);
    expect(gqlError(await gql(t.url, a.key, DELETE, { id: processing.id })).code).toBe('INVALID_STATE_TRANSITION');

    // a failed payment is a payment too
    const withPayment = await order([{ name: 'x', quantity: 1, unit_amount: 100 }]);
    const pay = await api(t.url, '/v1/payments', { key: a.key, body: { amount: 100, currency: 'usd', payment_method: 'pm_card_chargeDeclined', order: withPayment.id } });
    expect(pay.body.status).toBe('failed');
    const ep = expectError(await api(t.url, `/v1/orders/${withPayment.id}`, { key: a.key, method: 'DELETE' }), 422, 'INVALID_STATE_TRANSITION');
    expect(ep.details).toMatchObject({ payments: 1, current_status: 'pending' });
    expect((await api(t.url, `/v1/orders/${withPayment.id}`, { key: a.key })).status).toBe(200);

    // another account's order is not there for you
    const b = await t.newAccount();
    expectError(await api(t.url, `/v1/orders/${withPayment.id}`, { key: b.key, method: 'DELETE' }), 404, 'RESOURCE_NOT_FOUND');
    // deleting needs orders:cancel
    const updater = (await a.newKey({ type: 'restricted', permissions: ['orders:update'] })).secret;
    expectError(await api(t.url, `/v1/orders/${withPayment.id}`, { key: updater, method: 'DELETE' }), 403, 'INSUFFICIENT_PERMISSIONS');
  });
});

describe('statements', () => {
  it('stock costs an order with products one statement (the reservation, whether or not they are tracked); an order without products none', async () => {
    const u = await newProduct(t.url, a.key);
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 100);
    // the counter is the server's: background work (webhook and settlement pollers) may add to
    // one measurement, never take from it, so the least of a few is the order's own count
    const cost = async (items: unknown[]) => {
      let least = Infinity;
      for (let i = 0; i < 5; i++) {
        const n0 = t.server.db.queryCount();
        await order(items);
        least = Math.min(least, t.server.db.queryCount() - n0);
      }
      return least;
    };
    // warm up
    await order([{ name: 'x', quantity: 1, unit_amount: 1 }]);
    const plain = await cost([{ name: 'x', quantity: 1, unit_amount: 1 }]);
    const untracked = await cost([line(u, 1)]);
    const tracked = await cost([line(p, 1), line(p, 2)]);
    console.log(`[inventory] statements per order: no product ${plain}, untracked product ${untracked}, tracked product ${tracked}`);
    // the product lookup and the one reservation statement
    expect(untracked).toBe(plain + 2);
    expect(tracked).toBe(untracked);
  });
});
