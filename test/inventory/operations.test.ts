// Inventory operations on both doors (REST /v1/inventory*, GraphQL inventoryItems,
// inventoryItem, adjustInventory, reserveInventory, allocateInventory, releaseInventory,
// transferInventory): the item's representation and counters, the rules of each operation,
// 422 INSUFFICIENT_INVENTORY with details.available, events, movements, permissions,
// isolation between accounts, idempotency and bad input (clear 400s, never a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError, expectList, faultFields } from '../rest/envelope.js';
import { counts, eventsOf, GQL, gqlError, gqlOk, itemOf, newProduct, stock } from './helpers.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
});
afterAll(async () => {
  await t?.stop();
});

const ITEM_KEYS = ['id', 'object', 'livemode', 'product', 'location', 'on_hand', 'reserved', 'allocated', 'available', 'low_stock_threshold', 'created', 'updated'];

function expectItem(item: any, expected: Record<string, unknown>) {
  expect(Object.keys(item).sort()).toEqual([...ITEM_KEYS].sort());
  expect(item.id).toMatch(/^inv_[0-9a-z]{10,40}$/);
  expect(item.object).toBe('inventory_item');
  expect(item.livemode).toBe(false);
  expect(Number.isInteger(item.created)).toBe(true);
  expect(Number.isInteger(item.updated)).toBe(true);
  expect(Math.abs(item.created - Date.now() / 1000)).toBeLessThan(300);
  expect(item.available).toBe(item.on_hand - item.reserved - item.allocated);
  expect(item).toMatchObject(expected);
}

describe('adjust, list and retrieve', () => {
  it('an adjust makes the item on first use (REST) and adds to it after; list and retrieve with the list conventions', async () => {
    const p = await newProduct(t.url, a.key, 'Tea');
    const first = await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: 20, reason: 'first delivery' } });
    expect(first.status, first.text).toBe(200);
    expectItem(first.body, { product: p, location: 'default', on_hand: 20, reserved: 0, allocated: 0, available: 20, low_stock_threshold: 10 });
    const again = await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: 5, reason: 'second', low_stock_threshold: 4 } });
    expect(again.status, again.text).toBe(200);
    expectItem(again.body, { id: first.body.id, on_hand: 25, available: 25, low_stock_threshold: 4 });
    const down = await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: -3, reason: 'damaged' } });
    expectItem(down.body, { id: first.body.id, on_hand: 22, available: 22 });

    const one = await api(t.url, `/v1/inventory/${first.body.id}`, { key: a.key });
    expect(one.status).toBe(200);
    expectItem(one.body, { id: first.body.id, on_hand: 22 });
    const list = expectList(await api(t.url, `/v1/inventory?product=${p}`, { key: a.key }));
    expect(list.data.map((i) => i.id)).toEqual([first.body.id]);
    expect(expectList(await api(t.url, `/v1/inventory/list?on_hand_gte=22&product=${p}`, { key: a.key })).data).toHaveLength(1);
    expect(expectList(await api(t.url, `/v1/inventory/list?on_hand_gt=22&product=${p}`, { key: a.key })).data).toHaveLength(0);
    const expanded = await api(t.url, `/v1/inventory/${first.body.id}?expand[]=product`, { key: a.key });
    expect(expanded.body.product).toMatchObject({ id: p, object: 'product', name: 'Tea' });
    expectError(await api(t.url, '/v1/inventory/inv_0000000000zzzzzzzzzzzzzzzz', { key: a.key }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('GraphQL: adjustInventory at a named location, inventoryItems(where) and inventoryItem(id) with its product', async () => {
    const p = await newProduct(t.url, a.key, 'Coffee');
    const made = await gqlOk(t.url, a.key, GQL.adjust, { input: { product: p, location: 'warehouse-2', delta: 7, reason: 'count', lowStockThreshold: 3 } });
    expect(made.adjustInventory).toMatchObject({ productId: p, location: 'warehouse-2', onHand: 7, reserved: 0, allocated: 0, available: 7, lowStockThreshold: 3 });
    expect(made.adjustInventory.id).toMatch(/^inv_/);
    await gqlOk(t.url, a.key, GQL.adjust, { input: { product: p, delta: 2, reason: 'count' } });
    const items = await gqlOk(t.url, a.key, GQL.items, { where: { productId: { _eq: p } } });
    expect(items.inventoryItems.map((i: any) => [i.location, i.onHand])).toEqual([['default', 2], ['warehouse-2', 7]]);
    const one = await gqlOk(t.url, a.key, GQL.item, { id: made.adjustInventory.id });
    expect(one.inventoryItem).toMatchObject({ id: made.adjustInventory.id, onHand: 7, product: { id: p, name: 'Coffee' } });
    // the same item over REST
    const rest = await api(t.url, `/v1/inventory/${made.adjustInventory.id}`, { key: a.key });
    expectItem(rest.body, { location: 'warehouse-2', on_hand: 7, low_stock_threshold: 3 });
  });

  it('an adjust that would make available negative is 422 INSUFFICIENT_INVENTORY with details.available (both doors); an untracked product has 0', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 5);
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 3 } });
    const e = expectError(await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: -3, reason: 'loss' } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(e.details).toMatchObject({ available: 2, requested: 3, product: p, location: 'default' });
    const g = gqlError(await gql(t.url, a.key, GQL.adjust, { input: { product: p, delta: -4, reason: 'loss' } }));
    expect(g).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', details: { available: 2, requested: 4 } });
    const untracked = await newProduct(t.url, a.key);
    const u = expectError(await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: untracked, delta: -1, reason: 'x' } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(u.details.available).toBe(0);
    expect(await itemOf(t.url, a.key, untracked)).toBeUndefined();
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 3, allocated: 0, available: 2 });
  });
});

describe('reserve, allocate, release', () => {
  it('REST and GraphQL: reserve takes from available; allocate turns reserved into allocated, then takes from available; release frees reserved first, then allocated', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 20);
    const r1 = await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 5 } });
    expect(r1.status, r1.text).toBe(200);
    expectItem(r1.body, { on_hand: 20, reserved: 5, allocated: 0, available: 15 });
    const r2 = await gqlOk(t.url, a.key, GQL.reserve, { input: { product: p, quantity: 2 } });
    expect(counts(r2.reserveInventory)).toEqual({ on_hand: 20, reserved: 7, allocated: 0, available: 13 });

    const a1 = await api(t.url, '/v1/inventory/allocate', { key: a.key, body: { product: p, quantity: 3 } });
    expect(a1.status, a1.text).toBe(200);
    expectItem(a1.body, { on_hand: 20, reserved: 4, allocated: 3, available: 13 });
    // 4 reserved become allocated and 2 more come from available
    const a2 = await gqlOk(t.url, a.key, GQL.allocate, { input: { product: p, quantity: 6 } });
    expect(counts(a2.allocateInventory)).toEqual({ on_hand: 20, reserved: 0, allocated: 9, available: 11 });

    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 1 } });
    // 1 reserved first, then 3 allocated
    const l1 = await api(t.url, '/v1/inventory/release', { key: a.key, body: { product: p, quantity: 4 } });
    expect(l1.status, l1.text).toBe(200);
    expectItem(l1.body, { on_hand: 20, reserved: 0, allocated: 6, available: 14 });
    const l2 = await gqlOk(t.url, a.key, GQL.release, { input: { product: p, quantity: 6 } });
    expect(counts(l2.releaseInventory)).toEqual({ on_hand: 20, reserved: 0, allocated: 0, available: 20 });
    const over = expectError(await api(t.url, '/v1/inventory/release', { key: a.key, body: { product: p, quantity: 1 } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(over.details).toMatchObject({ held: 0, requested: 1, available: 20 });
    // the holds of an item add up to its reserved and allocated counts, and empty ones are gone
    const holds = await t.server.db.prisma.inventoryHold.findMany({ where: { inventoryItem: { productId: p } } });
    expect(holds).toEqual([]);
  });

  it('asking for more than is available is 422 INSUFFICIENT_INVENTORY with details.available (both doors), and changes nothing', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 4);
    const e = expectError(await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 5 } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(e.details).toMatchObject({ available: 4, requested: 5 });
    expect(e.param).toBe('quantity');
    expect(gqlError(await gql(t.url, a.key, GQL.reserve, { input: { product: p, quantity: 9 } }))).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', details: { available: 4 } });
    expect(gqlError(await gql(t.url, a.key, GQL.allocate, { input: { product: p, quantity: 5 } }))).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', details: { available: 4 } });
    expectError(await api(t.url, '/v1/inventory/allocate', { key: a.key, body: { product: p, quantity: 5, location: 'elsewhere' } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 4, reserved: 0, allocated: 0, available: 4 });
  });

  it('with `order`: the stock is held for that order; allocate takes the order\'s reserved first; release frees only what the order holds', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 10);
    const order = (await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd', items: [{ name: 'Manual', quantity: 1, unit_amount: 100 }] } })).body;
    const r = await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 3, order: order.id } });
    expect(r.status, r.text).toBe(200);
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 2 } });
    const al = await gqlOk(t.url, a.key, GQL.allocate, { input: { product: p, quantity: 4, order: order.id } });
    // 3 of the order's reserved + 1 from available; the 2 held without an order stay reserved
    expect(counts(al.allocateInventory)).toEqual({ on_hand: 10, reserved: 2, allocated: 4, available: 4 });
    const tooMuch = expectError(await api(t.url, '/v1/inventory/release', { key: a.key, body: { product: p, quantity: 5, order: order.id } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(tooMuch.details).toMatchObject({ held: 4, held_allocated: 4, held_reserved: 0 });
    // cancelling the order releases what it still holds
    expect((await api(t.url, `/v1/orders/${order.id}/cancel`, { key: a.key, body: {} })).status).toBe(200);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 10, reserved: 2, allocated: 0, available: 8 });
    // a cancelled order cannot hold stock
    expectError(await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 1, order: order.id } }), 422, 'INVALID_STATE_TRANSITION');
    // an unknown order is a 400 naming it
    const unknown = expectError(await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 1, order: 'ord_0000000000zzzzzzzzzzzzzzzz' } }), 400, 'VALIDATION_ERROR');
    expect(unknown.details.errors.map((x: any) => x.field)).toEqual(['order']);
  });
});

describe('transfer', () => {
  it('moves available stock between locations, making the destination on first use (REST, GraphQL); more than available is 422', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 12);
    const res = await api(t.url, '/v1/inventory/transfer', { key: a.key, body: { product: p, from_location: 'default', to_location: 'shelf', quantity: 5 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ object: 'inventory_transfer', product: p, from_location: 'default', to_location: 'shelf', quantity: 5 });
    expect(res.body.id).toMatch(/^imv_/);
    expectItem(res.body.from, { location: 'default', on_hand: 7, available: 7 });
    expectItem(res.body.to, { location: 'shelf', on_hand: 5, available: 5, low_stock_threshold: 10 });
    const back = await gqlOk(t.url, a.key, GQL.transfer, { input: { product: p, fromLocation: 'shelf', toLocation: 'default', quantity: 2, reason: 'restock the front' } });
    expect(back.transferInventory).toMatchObject({ productId: p, fromLocation: 'shelf', toLocation: 'default', quantity: 2, from: { location: 'shelf', onHand: 3 }, to: { location: 'default', onHand: 9 } });
    const e = expectError(await api(t.url, '/v1/inventory/transfer', { key: a.key, body: { product: p, from_location: 'shelf', to_location: 'default', quantity: 4 } }), 422, 'INSUFFICIENT_INVENTORY');
    expect(e.details).toMatchObject({ available: 3, requested: 4, location: 'shelf' });
    expect(gqlError(await gql(t.url, a.key, GQL.transfer, { input: { product: p, fromLocation: 'nowhere', toLocation: 'default', quantity: 1 } }))).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', details: { available: 0 } });
    // a failed transfer makes no destination
    expect(await itemOf(t.url, a.key, p, 'nowhere')).toBeUndefined();
    const events = (await eventsOf(t.url, a.key, 'inventory.transfer')).filter((ev) => ev.data.object.product === p);
    expect(events.map((ev) => [ev.data.transfer.from_location, ev.data.transfer.to_location, ev.data.transfer.quantity])).toEqual([['default', 'shelf', 5], ['shelf', 'default', 2]]);
  });
});

describe('events and movements', () => {
  it('inventory.updated on every change (with previous_attributes); low_stock when available falls to the threshold; out_of_stock at 0', async () => {
    const p = await newProduct(t.url, a.key);
    const item = await stock(t.url, a.key, p, 15, { low_stock_threshold: 5 });
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 9 } }); // 6 available: not low
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 1 } }); // 5: low
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 1 } }); // 4: still low, no second event
    await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: -4, reason: 'shrinkage' } }); // 0: out of stock
    await api(t.url, '/v1/inventory/adjust', { key: a.key, body: { product: p, delta: 10, reason: 'delivery' } }); // 10
    await api(t.url, '/v1/inventory/release', { key: a.key, body: { product: p, quantity: 11 } }); // 21

    const mine = (evs: any[]) => evs.filter((ev) => ev.data.object.id === item.id);
    const updated = mine(await eventsOf(t.url, a.key, 'inventory.updated'));
    expect(updated.map((ev) => ev.data.object.available)).toEqual([15, 6, 5, 4, 0, 10, 21]);
    expect(updated[0].data.previous_attributes).toBeUndefined();
    expect(updated[1].data.previous_attributes).toMatchObject({ reserved: 0, available: 15 });
    expect(updated[1].data.object.object).toBe('inventory_item');
    const low = mine(await eventsOf(t.url, a.key, 'inventory.low_stock'));
    expect(low.map((ev) => ev.data.object.available)).toEqual([5]);
    expect(low[0].data).toMatchObject({ available: 5, low_stock_threshold: 5 });
    const out = mine(await eventsOf(t.url, a.key, 'inventory.out_of_stock'));
    expect(out.map((ev) => ev.data.object.available)).toEqual([0]);
    // the events API's group filter knows the inventory group
    const all = mine(await eventsOf(t.url, a.key, 'inventory.*'));
    expect(all.length).toBe(updated.length + low.length + out.length);

    // every change is a movement with its reason
    const movements = await t.server.db.prisma.inventoryMovement.findMany({ where: { inventoryItemId: item.id }, orderBy: { id: 'asc' } });
    expect(movements.map((m) => [m.kind, m.onHandDelta, m.reservedDelta, m.allocatedDelta])).toEqual([
      ['adjust', 15, 0, 0], ['reserve', 0, 9, 0], ['reserve', 0, 1, 0], ['reserve', 0, 1, 0], ['adjust', -4, 0, 0], ['adjust', 10, 0, 0], ['release', 0, -11, 0],
    ]);
    expect(movements.find((m) => m.onHandDelta === -4)?.reason).toBe('shrinkage');
  });

  it('a fall from above the threshold straight to 0 emits low_stock and out_of_stock', async () => {
    const p = await newProduct(t.url, a.key);
    const item = await stock(t.url, a.key, p, 20);
    await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 20 } });
    // one request's events share their millisecond: their order in the list is not theirs
    const types = (await eventsOf(t.url, a.key, 'inventory.*')).filter((ev) => ev.data.object.id === item.id).map((ev) => ev.type).sort();
    expect(types).toEqual(['inventory.low_stock', 'inventory.out_of_stock', 'inventory.updated', 'inventory.updated']);
  });

  it('raising the threshold above what is available is a fall into low stock (low_stock)', async () => {
    const p = await newProduct(t.url, a.key);
    const item = await stock(t.url, a.key, p, 8, { low_stock_threshold: 2 });
    await stock(t.url, a.key, p, 0, { low_stock_threshold: 8 });
    const low = (await eventsOf(t.url, a.key, 'inventory.low_stock')).filter((ev) => ev.data.object.id === item.id);
    expect(low).toHaveLength(1);
    const upd = (await eventsOf(t.url, a.key, 'inventory.updated')).filter((ev) => ev.data.object.id === item.id);
    expect(upd.at(-1).data.previous_attributes).toEqual({ low_stock_threshold: 2 });
  });
});

describe('idempotency', () => {
  it('a reservation replayed with its Idempotency-Key reserves once', async () => {
    const p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 10);
    const headers = { 'Idempotency-Key': `reserve-${p}` };
    const [one, two] = await Promise.all([1, 2].map(() => api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: p, quantity: 4 }, headers })));
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.text).toBe(two.text);
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 10, reserved: 4, allocated: 0, available: 6 });
  });
});

describe('permissions and isolation', () => {
  it('inventory:read lists but cannot write; inventory:write writes; reading the product needs products:read; pk_ reads only', async () => {
    const p = await newProduct(t.url, a.key);
    const item = await stock(t.url, a.key, p, 3);
    const reader = (await a.newKey({ type: 'restricted', permissions: ['inventory:read'] })).secret;
    const writer = (await a.newKey({ type: 'restricted', permissions: ['inventory:write'] })).secret;
    const publishable = (await a.newKey({ type: 'publishable' })).secret;
    expect((await api(t.url, `/v1/inventory/${item.id}`, { key: reader })).status).toBe(200);
    expectError(await api(t.url, '/v1/inventory/adjust', { key: reader, body: { product: p, delta: 1, reason: 'x' } }), 403, 'INSUFFICIENT_PERMISSIONS');
    expect(gqlError(await gql(t.url, reader, GQL.reserve, { input: { product: p, quantity: 1 } })).code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await api(t.url, '/v1/inventory/adjust', { key: writer, body: { product: p, delta: 1, reason: 'x' } })).status).toBe(200);
    expectError(await api(t.url, '/v1/inventory', { key: writer }), 403, 'INSUFFICIENT_PERMISSIONS');
    // the product through the item: products:read too
    expect(gqlError(await gql(t.url, reader, GQL.item, { id: item.id })).code).toBe('INSUFFICIENT_PERMISSIONS');
    expectError(await api(t.url, `/v1/inventory/${item.id}?expand[]=product`, { key: reader }), 403, 'INSUFFICIENT_PERMISSIONS');
    const plain = await gqlOk(t.url, reader, `query($id: ID!) { inventoryItem(id: $id) { id onHand } }`, { id: item.id });
    expect(plain.inventoryItem.onHand).toBe(4);
    expect((await api(t.url, `/v1/inventory/${item.id}`, { key: publishable })).status).toBe(200);
    expectError(await api(t.url, '/v1/inventory/reserve', { key: publishable, body: { product: p, quantity: 1 } }), 403, 'RESOURCE_ACCESS_DENIED');
  });

  it('another account neither sees nor touches your inventory, and cannot stock your products', async () => {
    const p = await newProduct(t.url, a.key);
    const item = await stock(t.url, a.key, p, 6);
    expectError(await api(t.url, `/v1/inventory/${item.id}`, { key: b.key }), 404, 'RESOURCE_NOT_FOUND');
    expect(expectList(await api(t.url, `/v1/inventory?product=${p}`, { key: b.key })).data).toEqual([]);
    expect((await gqlOk(t.url, b.key, GQL.item, { id: item.id })).inventoryItem).toBeNull();
    expect((await gqlOk(t.url, b.key, GQL.items, { where: { productId: { _eq: p } } })).inventoryItems).toEqual([]);
    for (const [path, body] of [
      ['/v1/inventory/adjust', { product: p, delta: 5, reason: 'theirs' }],
      ['/v1/inventory/adjust', { product: p, delta: -1, reason: 'theirs' }],
      ['/v1/inventory/reserve', { product: p, quantity: 1 }],
      ['/v1/inventory/allocate', { product: p, quantity: 1 }],
      ['/v1/inventory/release', { product: p, quantity: 1 }],
      ['/v1/inventory/transfer', { product: p, from_location: 'default', to_location: 'x', quantity: 1 }],
    ] as const) {
      const res = await api(t.url, path, { key: b.key, body });
      const e = expectError(res, 400, 'VALIDATION_ERROR');
      expect(e.details.errors.map((x: any) => x.field), path).toEqual(['product']);
    }
    expect(gqlError(await gql(t.url, b.key, GQL.reserve, { input: { product: p, quantity: 1 } }))).toMatchObject({ code: 'VALIDATION_ERROR' });
    // nothing changed, and b has no inventory item for a's product
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 6, reserved: 0, allocated: 0, available: 6 });
    expect(await t.server.db.prisma.inventoryItem.count({ where: { accountId: b.accountId } })).toBe(0);
    // nor a's order
    const order = (await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd', items: [{ name: 'x', quantity: 1, unit_amount: 1 }] } })).body;
    const bp = await newProduct(t.url, b.key);
    await stock(t.url, b.key, bp, 2);
    const e = expectError(await api(t.url, '/v1/inventory/reserve', { key: b.key, body: { product: bp, quantity: 1, order: order.id } }), 400, 'VALIDATION_ERROR');
    expect(e.details.errors.map((x: any) => x.field)).toEqual(['order']);
    // a live key of the same account sees none of the test-mode stock
    const live = (await a.newKey({ mode: 'live' })).secret;
    expectError(await api(t.url, `/v1/inventory/${item.id}`, { key: live }), 404, 'RESOURCE_NOT_FOUND');
  });
});

describe('description', () => {
  it('the OpenAPI document describes the inventory routes and the new order routes', async () => {
    const res = await api(t.url, '/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, any>>;
    for (const action of ['adjust', 'reserve', 'allocate', 'release', 'transfer']) {
      const op = paths[`/v1/inventory/${action}`]?.post;
      expect(op?.operationId, action).toBe(`inventory_${action}`);
      expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toContain('product');
    }
    expect(Object.keys(paths['/v1/inventory/transfer'].post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['from_location', 'to_location', 'quantity']));
    expect(JSON.stringify(paths['/v1/inventory/transfer'].post.responses['200'])).toContain('InventoryItem');
    expect(paths['/v1/inventory']?.get).toBeTruthy();
    expect(paths['/v1/inventory/{id}']?.get).toBeTruthy();
    expect(paths['/v1/orders/{id}']?.delete?.operationId).toBe('orders_delete');
    expect(paths['/v1/orders/{id}/hold']?.post?.operationId).toBe('orders_hold');
    expect(paths['/v1/orders/{id}/release']?.post?.operationId).toBe('orders_release');
  });
});

describe('bad input is a clear 400, never a 500', () => {
  let p: string;
  beforeAll(async () => {
    p = await newProduct(t.url, a.key);
    await stock(t.url, a.key, p, 5);
  });

  const cases: [string, string, Record<string, unknown>, string][] = [
    ['negative quantity', '/v1/inventory/reserve', { quantity: -1 }, 'quantity'],
    ['zero quantity', '/v1/inventory/allocate', { quantity: 0 }, 'quantity'],
    ['non-integer quantity', '/v1/inventory/release', { quantity: 1.5 }, 'quantity'],
    ['quantity as text', '/v1/inventory/reserve', { quantity: '2' }, 'quantity'],
    ['location of 65 characters', '/v1/inventory/reserve', { quantity: 1, location: 'l'.repeat(65) }, 'location'],
    ['empty location', '/v1/inventory/reserve', { quantity: 1, location: '' }, 'location'],
    ['unknown field', '/v1/inventory/reserve', { quantity: 1, colour: 'red' }, 'colour'],
    ['malformed order id', '/v1/inventory/reserve', { quantity: 1, order: 'nope' }, 'order'],
    ['reason missing', '/v1/inventory/adjust', { delta: 1, reason: undefined }, 'reason'],
    ['reason too long', '/v1/inventory/adjust', { delta: 1, reason: 'r'.repeat(501) }, 'reason'],
    ['delta 0', '/v1/inventory/adjust', { delta: 0, reason: 'nothing' }, 'delta'],
    ['non-integer delta', '/v1/inventory/adjust', { delta: 0.5, reason: 'half' }, 'delta'],
    ['huge delta', '/v1/inventory/adjust', { delta: 1e12, reason: 'many' }, 'delta'],
    ['negative threshold', '/v1/inventory/adjust', { delta: 1, reason: 'x', low_stock_threshold: -1 }, 'low_stock_threshold'],
    ['transfer to the same location', '/v1/inventory/transfer', { from_location: 'a', to_location: 'a', quantity: 1 }, 'to_location'],
    ['transfer without from_location', '/v1/inventory/transfer', { to_location: 'a', quantity: 1 }, 'from_location'],
    ['location of 65 characters in a transfer', '/v1/inventory/transfer', { from_location: 'default', to_location: 'x'.repeat(65), quantity: 1 }, 'to_location'],
  ];
  it.each(cases)('REST: %s', async (_name, path, extra, field) => {
    const body = { product: p, ...extra };
    for (const k of Object.keys(body)) if ((body as any)[k] === undefined) delete (body as any)[k];
    const res = await api(t.url, path, { key: a.key, body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.type).toBe('validation_error');
    expect(faultFields(res)).toContain(field);
  });

  it('REST: an unknown product (well-formed id) or a malformed one is a 400 naming product', async () => {
    for (const product of ['prod_0000000000zzzzzzzzzzzzzzzz', 'cus_0000000000zzzzzzzzzzzzzzzz', 42]) {
      for (const [path, body] of [
        ['/v1/inventory/adjust', { product, delta: 1, reason: 'x' }],
        ['/v1/inventory/reserve', { product, quantity: 1 }],
        ['/v1/inventory/transfer', { product, from_location: 'default', to_location: 'b', quantity: 1 }],
      ] as const) {
        const res = await api(t.url, path, { key: a.key, body });
        expect(res.status, `${path} ${product}: ${res.text}`).toBe(400);
        expect(faultFields(res)).toEqual(['product']);
      }
    }
    expect((await api(t.url, '/v1/inventory/reserve', { key: a.key, rawBody: '[1]' })).status).toBe(400);
    expect((await api(t.url, '/v1/inventory/adjust', { key: a.key, rawBody: '{"product": "' })).status).toBe(400);
  });

  it('GraphQL: the same faults are 400 VALIDATION_ERROR or its precise code (types, bounds, unknown product, missing reason)', async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      [GQL.reserve, { product: p, quantity: -1 }, 'VALIDATION_ERROR'],
      [GQL.reserve, { product: p, quantity: 0 }, 'VALIDATION_ERROR'],
      [GQL.reserve, { product: p, quantity: 1.5 }, 'VALIDATION_ERROR'],
      [GQL.allocate, { product: p, quantity: 1, location: 'l'.repeat(65) }, 'FIELD_TOO_LONG'],
      [GQL.adjust, { product: p, delta: 1 }, 'VALIDATION_ERROR'],
      [GQL.adjust, { product: p, delta: 1, reason: 'r'.repeat(501) }, 'FIELD_TOO_LONG'],
      [GQL.adjust, { product: 'prod_0000000000zzzzzzzzzzzzzzzz', delta: 1, reason: 'x' }, 'VALIDATION_ERROR'],
      [GQL.release, { product: 'prod_0000000000zzzzzzzzzzzzzzzz', quantity: 1 }, 'VALIDATION_ERROR'],
      [GQL.transfer, { product: p, fromLocation: 'a', toLocation: 'a', quantity: 1 }, 'VALIDATION_ERROR'],
    ];
    for (const [query, input, code] of bad) {
      const res = await gql(t.url, a.key, query, { input });
      const e = gqlError(res);
      expect(e.code, `${JSON.stringify(input)}: ${e.message}`).toBe(code);
      expect(res.status).toBeLessThan(500);
    }
    expect(counts(await itemOf(t.url, a.key, p))).toEqual({ on_hand: 5, reserved: 0, allocated: 0, available: 5 });
  });
});
