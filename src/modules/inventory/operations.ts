// Inventory operations: adjust (on hand), reserve, allocate, release (held stock, for an order
// or without one), transfer (between locations). One domain operation each, reached through
// REST (/v1/inventory/*) and GraphQL alike; the counters' rules live in ./stock.ts.
import { z } from 'zod';
import { ID_PREFIX } from '../../ids.js';
import { defineMutation } from '../../operations/operation.js';
import { present } from '../../representation.js';
import { id } from '../shared-inputs.js';
import {
  adjustStock, allocateStock, DEFAULT_LOCATION, lockOrderForStock, MAX_ON_HAND, presentTransfer, releaseStock, reserveStock, transferStock,
  type ItemRow, type TransferResult,
} from './stock.js';

/** A location: free text of 1-64 characters ("default" when not given). */
export const location = z.string().min(1).max(64);
/** Units moved by one operation. */
export const quantity = z.number().int().min(1).max(MAX_ON_HAND);
/** Why stock changed: free text of 1-500 characters, recorded with the movement. */
export const reason = z.string().min(1).max(500);

const product = id(ID_PREFIX.product);
const order = id(ID_PREFIX.order);

export const adjustInventory = defineMutation({
  name: 'inventory.adjust',
  permission: 'inventory:write',
  model: 'InventoryItem',
  input: z.strictObject({
    product,
    location: location.optional(),
    /** added to on_hand (negative removes; only from available stock) */
    delta: z.number().int().min(-MAX_ON_HAND).max(MAX_ON_HAND),
    reason,
    lowStockThreshold: z.number().int().min(0).max(MAX_ON_HAND).optional(),
  }).refine((i) => i.delta !== 0 || i.lowStockThreshold !== undefined, {
    path: ['delta'], message: 'must not be 0 (unless the adjustment only sets low_stock_threshold)',
  }),
  async run(tx, scope, input, emit): Promise<ItemRow> {
    return adjustStock(tx, scope, {
      productId: input.product, location: input.location ?? DEFAULT_LOCATION, delta: input.delta, reason: input.reason, lowStockThreshold: input.lowStockThreshold,
    }, emit);
  },
});

const held = z.strictObject({
  product,
  location: location.optional(),
  quantity,
  /** the order the stock is held for; without one, the item's stock held without an order */
  order: order.optional(),
});

type HeldInput = z.infer<typeof held>;
const heldArgs = (i: HeldInput) => ({ productId: i.product, location: i.location ?? DEFAULT_LOCATION, quantity: i.quantity, orderId: i.order ?? null });

/** reserve, allocate and release: the same input and order lock, each its own stock move */
function heldOperation(name: string, purpose: Parameters<typeof lockOrderForStock>[3], move: typeof reserveStock) {
  return defineMutation({
    name,
    permission: 'inventory:write',
    model: 'InventoryItem',
    input: held,
    async run(tx, scope, input, emit): Promise<ItemRow> {
      if (input.order) await lockOrderForStock(tx, scope, input.order, purpose);
      return move(tx, scope, heldArgs(input), null, emit);
    },
  });
}

export const reserveInventory = heldOperation('inventory.reserve', 'hold', reserveStock);
export const allocateInventory = heldOperation('inventory.allocate', 'hold', allocateStock);
export const releaseInventory = heldOperation('inventory.release', 'release', releaseStock);

export const transferInventory = defineMutation({
  name: 'inventory.transfer',
  permission: 'inventory:write',
  model: 'InventoryItem',
  input: z.strictObject({
    product,
    fromLocation: location,
    toLocation: location,
    quantity,
    reason: reason.optional(),
  }).refine((i) => i.fromLocation !== i.toLocation, { path: ['toLocation'], message: 'must differ from from_location' }),
  async run(tx, scope, input, emit): Promise<TransferResult> {
    return transferStock(tx, scope, {
      productId: input.product, fromLocation: input.fromLocation, toLocation: input.toLocation, quantity: input.quantity, reason: input.reason ?? null,
    }, emit);
  },
  represent: (t) => presentTransfer(t, (row) => present('InventoryItem', row)),
});
