// Shared pieces of the inventory tests: products, stock reads, GraphQL documents.
import { expect } from 'vitest';
import { api, gql, type ApiResponse } from '../helpers/server.js';

export const ITEM_FIELDS = 'id productId location onHand reserved allocated available lowStockThreshold createdAt updatedAt';

export const GQL = {
  adjust: `mutation($input: AdjustInventoryInput!) { adjustInventory(input: $input) { ${ITEM_FIELDS} } }`,
  reserve: `mutation($input: ReserveInventoryInput!) { reserveInventory(input: $input) { ${ITEM_FIELDS} } }`,
  allocate: `mutation($input: AllocateInventoryInput!) { allocateInventory(input: $input) { ${ITEM_FIELDS} } }`,
  release: `mutation($input: ReleaseInventoryInput!) { releaseInventory(input: $input) { ${ITEM_FIELDS} } }`,
  transfer: `mutation($input: TransferInventoryInput!) { transferInventory(input: $input) {
    id productId fromLocation toLocation quantity createdAt from { ${ITEM_FIELDS} } to { ${ITEM_FIELDS} } } }`,
  items: `query($where: InventoryItemBoolExp, $limit: Int) { inventoryItems(where: $where, limit: $limit, order_by: [{location: asc}]) { ${ITEM_FIELDS} } }`,
  item: `query($id: ID!) { inventoryItem(id: $id) { ${ITEM_FIELDS} product { id name } } }`,
};

/** A product of the account (REST), returning its id. */
export async function newProduct(url: string, key: string, name = 'Widget', price = 500): Promise<string> {
  const res = await api(url, '/v1/products', { key, body: { name, price, currency: 'usd' } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** Adjusts stock (REST), asserting success; returns the item. */
export async function stock(url: string, key: string, product: string, delta: number, extra: Record<string, unknown> = {}) {
  const res = await api(url, '/v1/inventory/adjust', { key, body: { product, delta, reason: 'test stock', ...extra } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The inventory item of a product at a location (REST list), or undefined when untracked. */
export async function itemOf(url: string, key: string, product: string, location = 'default') {
  const res = await api(url, `/v1/inventory?product=${product}&location=${encodeURIComponent(location)}`, { key });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.length).toBeLessThanOrEqual(1);
  return res.body.data[0] as Record<string, any> | undefined;
}

/** The counters of an item, for compact assertions. */
export function counts(item: Record<string, any> | undefined) {
  if (!item) return undefined;
  return {
    on_hand: item.on_hand ?? item.onHand, reserved: item.reserved, allocated: item.allocated, available: item.available,
  };
}

/** The error of a GraphQL answer: its code and details. */
export function gqlError(res: ApiResponse) {
  const e = res.body?.errors?.[0];
  expect(e, JSON.stringify(res.body).slice(0, 800)).toBeTruthy();
  return { code: e.extensions?.code as string, details: e.extensions?.details as Record<string, any> | undefined, message: e.message as string, status: res.status };
}

export async function gqlOk<T = any>(url: string, key: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await gql<T>(url, key, query, variables);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data as T;
}

/** Events of the account (REST /v1/events), oldest first. */
export async function eventsOf(url: string, key: string, type: string) {
  const res = await api(url, `/v1/events?type=${encodeURIComponent(type)}&limit=100`, { key });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as any[]).slice().reverse();
}
