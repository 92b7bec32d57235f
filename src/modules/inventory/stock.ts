// Stock: the counters of an inventory item (one product at one location) and every way they
// change — the inventory operations, the order flow (reserve on create, allocate on
// processing, consume on ship, release on cancel, refund or delete) and returns (restock).
//
// Invariants, also checked by the database (InventoryItem_counts_check):
//   available = onHand - reserved - allocated, available >= 0, reserved >= 0, allocated >= 0.
// Every write moves the four counters together, in SQL, relative to the row's current values.
// Concurrency: a change that could take more than is there is one conditional UPDATE
// (`... AND available >= q`), or runs after the item row was locked (`FOR UPDATE`); several
// items are locked in id order, so two changes over the same items cannot deadlock. An
// order's holds are written only by whoever holds the order's row lock (its status move, its
// deletion, an inventory operation naming it) or by the order's creation, before anyone can
// see the order.
// Every change writes an InventoryMovement row (kind, the three deltas, reason, order, return)
// and emits inventory.updated, plus inventory.low_stock / inventory.out_of_stock when
// `available` falls to the threshold / to 0.
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import type { Emit, Scope, Tx } from '../../operations/operation.js';
import { previousAttributes } from '../../representation.js';

export const DEFAULT_LOCATION = 'default';
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
/** At most this many units of one product at one location (the columns are 32-bit). */
export const MAX_ON_HAND = 1_000_000_000;

export interface ItemRow {
  id: string;
  accountId: string;
  livemode: boolean;
  productId: string;
  location: string;
  onHand: number;
  reserved: number;
  allocated: number;
  available: number;
  lowStockThreshold: number;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

/** The item's columns in model order (the representation follows the datamodel anyway). */
const COLUMNS = ['id', 'accountId', 'livemode', 'productId', 'location', 'onHand', 'reserved', 'allocated', 'available', 'lowStockThreshold', 'createdAt', 'updatedAt'];
const cols = (alias?: string) => COLUMNS.map((c) => (alias ? `${alias}."${c}"` : `"${c}"`)).join(', ');

/** An item row from SQL (plain columns or json): numbers as numbers, times as Dates. */
function toItem(r: Record<string, unknown>): ItemRow {
  return {
    id: String(r.id), accountId: String(r.accountId), livemode: Boolean(r.livemode), productId: String(r.productId), location: String(r.location),
    onHand: Number(r.onHand), reserved: Number(r.reserved), allocated: Number(r.allocated), available: Number(r.available),
    lowStockThreshold: Number(r.lowStockThreshold),
    createdAt: r.createdAt instanceof Date ? r.createdAt : new Date(String(r.createdAt)),
    updatedAt: r.updatedAt instanceof Date ? r.updatedAt : new Date(String(r.updatedAt)),
  };
}

function jsonValue<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** inventory.updated, and low_stock / out_of_stock when `available` falls to the threshold / to 0. */
export function emitItemChange(emit: Emit, before: ItemRow | null, after: ItemRow): void {
  emit('inventory.updated', 'InventoryItem', after, before ? previousAttributes('InventoryItem', before, after) : undefined);
  // a new item comes from nothing (0 available): it is never "falling"
  const was = before ?? { available: 0, lowStockThreshold: after.lowStockThreshold };
  const wasLow = was.available <= was.lowStockThreshold;
  const isLow = after.available <= after.lowStockThreshold;
  if (!wasLow && isLow) {
    emit('inventory.low_stock', 'InventoryItem', after, undefined, { data: { available: after.available, low_stock_threshold: after.lowStockThreshold } });
  }
  if (was.available > 0 && after.available === 0) emit('inventory.out_of_stock', 'InventoryItem', after);
}

/** The item counters before a change, from the row after it and the deltas. */
function beforeOf(after: ItemRow, d: { onHand: number; reserved: number; allocated: number }, threshold = after.lowStockThreshold): ItemRow {
  return {
    ...after,
    onHand: after.onHand - d.onHand, reserved: after.reserved - d.reserved, allocated: after.allocated - d.allocated,
    available: after.available - (d.onHand - d.reserved - d.allocated), lowStockThreshold: threshold,
  };
}

export function insufficient(message: string, details: Record<string, unknown>, param = 'quantity'): ApiError {
  return new ApiError('INSUFFICIENT_INVENTORY', message, details, param);
}

/** A reference to a row that is not there (another account's too): a 400 naming the field. */
export function noSuch(field: string, what: string, id: string): ApiError {
  return ApiError.validation([{ field, message: `no such ${what}: '${id}'`, expected: `the id of a ${what} of this account and mode` }]);
}

async function productExists(tx: Tx, scope: Scope, productId: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(
    `SELECT 1 FROM "Product" WHERE "id" = $1 AND "accountId" = $2 AND "livemode" = $3`, productId, scope.accountId, scope.livemode,
  );
  return rows.length > 0;
}

/** The item of a product at a location, optionally locked until commit. */
export async function findItem(tx: Tx, scope: Scope, productId: string, location: string, lock = false): Promise<ItemRow | null> {
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT ${cols()} FROM "InventoryItem" WHERE "accountId" = $1 AND "livemode" = $2 AND "productId" = $3 AND "location" = $4${lock ? ' FOR UPDATE' : ''}`,
    scope.accountId, scope.livemode, productId, location,
  );
  return rows[0] ? toItem(rows[0]) : null;
}

/**
 * The item to change, locked; when there is none, the error that says why: 400 for a product
 * that does not exist (in this account and mode), else `untracked`'s error.
 */
async function lockedItemOr(tx: Tx, scope: Scope, productId: string, location: string, untracked: () => ApiError): Promise<ItemRow> {
  const item = await findItem(tx, scope, productId, location, true);
  if (item) return item;
  if (!(await productExists(tx, scope, productId))) throw noSuch('product', 'product', productId);
  throw untracked();
}

interface Deltas { onHand: number; reserved: number; allocated: number }

interface Movement {
  kind: string;
  reason?: string | null;
  orderId?: string | null;
  returnId?: string | null;
}

/** What happens to the hold (of an order, or without one) beside an item change. */
type HoldChange =
  | { op: 'none' }
  /** add to the hold of (item, order), made when missing: safe because the item row is locked */
  | { op: 'add'; orderId: string | null; reserved: number; allocated: number }
  /** the hold's new counts (computed under the item's lock); deleted when both are 0 */
  | { op: 'set'; id: string | null; orderId: string | null; reserved: number; allocated: number };

/**
 * One statement: the item's counters move by `d` (available with them), the hold changes,
 * the movement is written (with `recorded`, the deltas it records, when the counters were
 * already moved by a conditional update). Returns the item after the change.
 */
async function applyChange(
  tx: Tx, scope: Scope, itemId: string, d: Deltas, hold: HoldChange, mv: Movement, opts: { threshold?: number; recorded?: Deltas } = {},
): Promise<ItemRow> {
  const args: unknown[] = [];
  const p = (v: unknown, cast = '') => { args.push(v); return `$${args.length}${cast}`; };
  const item = p(itemId);
  const [o, r, a] = [p(d.onHand, '::int'), p(d.reserved, '::int'), p(d.allocated, '::int')];
  const rec = opts.recorded ?? d;
  let holdSql = '';
  if (hold.op === 'add') {
    const order = p(hold.orderId, '::text');
    const [hr, ha] = [p(hold.reserved, '::int'), p(hold.allocated, '::int')];
    holdSql = `, hu AS (
        UPDATE "InventoryHold" SET "reserved" = "reserved" + ${hr}, "allocated" = "allocated" + ${ha}, "updatedAt" = now()
        WHERE "id" = (SELECT "id" FROM "InventoryHold" WHERE "inventoryItemId" = ${item} AND "orderId" IS NOT DISTINCT FROM ${order} ORDER BY "createdAt", "id" LIMIT 1)
        RETURNING "id"
      ), hi AS (
        INSERT INTO "InventoryHold" ("id", "inventoryItemId", "orderId", "reserved", "allocated", "createdAt", "updatedAt")
        SELECT ${p(newId(ID_PREFIX.inventoryHold))}, ${item}, ${order}, ${hr}, ${ha}, now(), now() WHERE NOT EXISTS (SELECT 1 FROM hu)
      )`;
  } else if (hold.op === 'set' && hold.reserved === 0 && hold.allocated === 0) {
    if (hold.id) holdSql = `, hd AS (DELETE FROM "InventoryHold" WHERE "id" = ${p(hold.id)})`;
  } else if (hold.op === 'set' && hold.id) {
    holdSql = `, hs AS (UPDATE "InventoryHold" SET "reserved" = ${p(hold.reserved, '::int')}, "allocated" = ${p(hold.allocated, '::int')}, "updatedAt" = now() WHERE "id" = ${p(hold.id)})`;
  } else if (hold.op === 'set') {
    holdSql = `, hi AS (
        INSERT INTO "InventoryHold" ("id", "inventoryItemId", "orderId", "reserved", "allocated", "createdAt", "updatedAt")
        VALUES (${p(newId(ID_PREFIX.inventoryHold))}, ${item}, ${p(hold.orderId, '::text')}, ${p(hold.reserved, '::int')}, ${p(hold.allocated, '::int')}, now(), now())
      )`;
  }
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `WITH upd AS (
       UPDATE "InventoryItem" SET "onHand" = "onHand" + ${o}, "reserved" = "reserved" + ${r}, "allocated" = "allocated" + ${a},
         "available" = "available" + ${o} - ${r} - ${a}, "lowStockThreshold" = COALESCE(${p(opts.threshold ?? null, '::int')}, "lowStockThreshold"), "updatedAt" = now()
       WHERE "id" = ${item}
       RETURNING ${cols()}
     ), mv AS (
       INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "onHandDelta", "reservedDelta", "allocatedDelta", "reason", "orderId", "returnId", "createdAt")
       SELECT ${p(newId(ID_PREFIX.inventoryMovement))}, "accountId", "livemode", "id", ${p(mv.kind)}, ${p(rec.onHand, '::int')}, ${p(rec.reserved, '::int')}, ${p(rec.allocated, '::int')},
         ${p(mv.reason ?? null, '::text')}, ${p(mv.orderId ?? null, '::text')}, ${p(mv.returnId ?? null, '::text')}, now() FROM upd
     )${holdSql}
     SELECT * FROM upd`,
    ...args,
  );
  if (!rows[0]) throw new Error(`inventory item ${itemId} vanished during a change`);
  return toItem(rows[0]);
}

async function holdOf(tx: Tx, itemId: string, orderId: string | null): Promise<{ id: string | null; reserved: number; allocated: number }> {
  const rows = await tx.$queryRawUnsafe<{ id: string; reserved: number; allocated: number }[]>(
    `SELECT "id", "reserved", "allocated" FROM "InventoryHold" WHERE "inventoryItemId" = $1 AND "orderId" IS NOT DISTINCT FROM $2::text ORDER BY "createdAt", "id"`,
    itemId, orderId,
  );
  if (rows.length === 0) return { id: null, reserved: 0, allocated: 0 };
  // one hold per (item, order) is what this module writes; should there be more, they count together
  return { id: rows[0].id, reserved: rows.reduce((s, r) => s + Number(r.reserved), 0), allocated: rows.reduce((s, r) => s + Number(r.allocated), 0) };
}

// ---------------------------------------------------------------------------------------
// The inventory operations' changes (src/modules/inventory/operations.ts runs them).

export interface AdjustInput { productId: string; location: string; delta: number; reason: string; lowStockThreshold?: number }

/** on_hand += delta (creating the item on first use with delta >= 0); available may not go below 0. */
export async function adjustStock(tx: Tx, scope: Scope, input: AdjustInput, emit: Emit): Promise<ItemRow> {
  const { productId, location, delta } = input;
  const threshold = input.lowStockThreshold ?? null;
  let after: ItemRow | undefined;
  let before: ItemRow | null = null;
  if (delta >= 0) {
    // one statement: made on first use (only for a product of this account and mode), else added to
    const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
      // the threshold it replaces, read under the row's lock before the upsert (the join makes
      // it run first): a concurrent change commits first and is what this one reports as
      // previous (a plain read would see the statement's snapshot, from before that change)
      `WITH prev AS (
         SELECT "lowStockThreshold" FROM "InventoryItem" WHERE "accountId" = $2 AND "livemode" = $3 AND "productId" = $4 AND "location" = $5
         FOR UPDATE
       )
       INSERT INTO "InventoryItem" AS i ("id", "accountId", "livemode", "productId", "location", "onHand", "reserved", "allocated", "available", "lowStockThreshold", "createdAt", "updatedAt")
       SELECT $1, $2, $3, p."id", $5, $6::int, 0, 0, $6::int, COALESCE($7::int, ${DEFAULT_LOW_STOCK_THRESHOLD}), now(), now()
       FROM "Product" p LEFT JOIN prev ON true WHERE p."id" = $4 AND p."accountId" = $2 AND p."livemode" = $3
       ON CONFLICT ("accountId", "livemode", "productId", "location") DO UPDATE SET
         "onHand" = i."onHand" + $6::int, "available" = i."available" + $6::int,
         "lowStockThreshold" = COALESCE($7::int, i."lowStockThreshold"), "updatedAt" = now()
       WHERE i."onHand" + $6::int <= ${MAX_ON_HAND}
       RETURNING ${cols('i')}, (xmax = 0) AS "inserted", (SELECT "lowStockThreshold" FROM prev) AS "previousThreshold"`,
      newId(ID_PREFIX.inventoryItem), scope.accountId, scope.livemode, productId, location, delta, threshold,
    );
    if (rows[0]) {
      after = toItem(rows[0]);
      before = rows[0].inserted ? null : beforeOf(after, { onHand: delta, reserved: 0, allocated: 0 }, Number(rows[0].previousThreshold ?? after.lowStockThreshold));
      await tx.$executeRawUnsafe(
        `INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "onHandDelta", "reason", "createdAt")
         VALUES ($1, $2, $3, $4, 'adjust', $5::int, $6, now())`,
        newId(ID_PREFIX.inventoryMovement), scope.accountId, scope.livemode, after.id, delta, input.reason,
      );
    } else {
      if (!(await productExists(tx, scope, productId))) throw noSuch('product', 'product', productId);
      const item = await findItem(tx, scope, productId, location);
      throw ApiError.validation([{
        field: 'delta', message: `on_hand would be ${(item?.onHand ?? 0) + delta}; at most ${MAX_ON_HAND} units of a product at one location`,
        expected: `<= ${MAX_ON_HAND - (item?.onHand ?? 0)}`,
      }]);
    }
  } else {
    // a decrease: only from stock that is available (one conditional statement)
    const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
      `UPDATE "InventoryItem" SET "onHand" = "onHand" + $5::int, "available" = "available" + $5::int,
         "lowStockThreshold" = COALESCE($6::int, "lowStockThreshold"), "updatedAt" = now()
       WHERE "accountId" = $1 AND "livemode" = $2 AND "productId" = $3 AND "location" = $4 AND "available" + $5::int >= 0
       RETURNING ${cols()}, (SELECT "lowStockThreshold" FROM "InventoryItem" p WHERE p."accountId" = $1 AND p."livemode" = $2 AND p."productId" = $3 AND p."location" = $4) AS "previousThreshold"`,
      scope.accountId, scope.livemode, productId, location, delta, threshold,
    );
    if (!rows[0]) {
      const item = await findItem(tx, scope, productId, location);
      if (!item && !(await productExists(tx, scope, productId))) throw noSuch('product', 'product', productId);
      const available = item?.available ?? 0;
      throw insufficient(
        item
          ? `Cannot remove ${-delta} of ${productId} at '${location}': only ${available} available (on hand ${item.onHand}, reserved ${item.reserved}, allocated ${item.allocated})`
          : `Cannot remove ${-delta} of ${productId} at '${location}': it has no stock there`,
        { available, requested: -delta, product: productId, location, on_hand: item?.onHand ?? 0 },
        'delta',
      );
    }
    after = toItem(rows[0]);
    before = beforeOf(after, { onHand: delta, reserved: 0, allocated: 0 }, Number(rows[0].previousThreshold ?? after.lowStockThreshold));
    await tx.$executeRawUnsafe(
      `INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "onHandDelta", "reason", "createdAt")
       VALUES ($1, $2, $3, $4, 'adjust', $5::int, $6, now())`,
      newId(ID_PREFIX.inventoryMovement), scope.accountId, scope.livemode, after.id, delta, input.reason,
    );
  }
  emitItemChange(emit, before, after);
  return after;
}

export interface QuantityInput { productId: string; location: string; quantity: number; orderId: string | null }

/**
 * Locks the order an operation names (its holds change only under this lock) and checks it
 * may hold stock; a missing order is a 400 naming `order`.
 */
export async function lockOrderForStock(tx: Tx, scope: Scope, orderId: string, purpose: 'hold' | 'release'): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ status: string }[]>(
    `SELECT "status" FROM "Order" WHERE "id" = $1 AND "accountId" = $2 AND "livemode" = $3 FOR UPDATE`, orderId, scope.accountId, scope.livemode,
  );
  if (!rows[0]) throw noSuch('order', 'order', orderId);
  const status = rows[0].status;
  if (purpose === 'hold' && !['pending', 'paid', 'processing'].includes(status)) {
    throw new ApiError('INVALID_STATE_TRANSITION', `An order that is ${status} cannot hold stock: only pending, paid and processing orders do`, {
      order_id: orderId, current_status: status, allowed_statuses: ['pending', 'paid', 'processing'],
    }, 'order');
  }
}

/** reserved += q from available, held for the order (or without one). */
export async function reserveStock(tx: Tx, scope: Scope, input: QuantityInput, reason: string | null, emit: Emit): Promise<ItemRow> {
  const { productId, location, quantity: q, orderId } = input;
  // the conditional update is the whole check: 100 parallel reservations of 1 against 50
  // available leave exactly 50 reserved
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `UPDATE "InventoryItem" SET "reserved" = "reserved" + $5::int, "available" = "available" - $5::int, "updatedAt" = now()
     WHERE "accountId" = $1 AND "livemode" = $2 AND "productId" = $3 AND "location" = $4 AND "available" >= $5::int
     RETURNING "id"`,
    scope.accountId, scope.livemode, productId, location, q,
  );
  if (!rows[0]) {
    const item = await findItem(tx, scope, productId, location);
    if (!item && !(await productExists(tx, scope, productId))) throw noSuch('product', 'product', productId);
    const available = item?.available ?? 0;
    throw insufficient(`Cannot reserve ${q} of ${productId} at '${location}': only ${available} available`, {
      available, requested: q, product: productId, location,
    });
  }
  // the counters were moved above (under the row's lock now): this records the hold and the
  // movement, and reads the row back (a no-op change of the counters)
  const after = await applyChange(tx, scope, String(rows[0].id), { onHand: 0, reserved: 0, allocated: 0 },
    { op: 'add', orderId, reserved: q, allocated: 0 }, { kind: 'reserve', reason, orderId }, { recorded: { onHand: 0, reserved: q, allocated: 0 } });
  emitItemChange(emit, beforeOf(after, { onHand: 0, reserved: q, allocated: 0 }), after);
  return after;
}

/**
 * allocated += q: first from what the hold (the order's, or the one without an order) has
 * reserved, the rest from available.
 */
export async function allocateStock(tx: Tx, scope: Scope, input: QuantityInput, reason: string | null, emit: Emit): Promise<ItemRow> {
  const { productId, location, quantity: q, orderId } = input;
  const item = await lockedItemOr(tx, scope, productId, location, () =>
    insufficient(`Cannot allocate ${q} of ${productId} at '${location}': it has no stock there`, { available: 0, requested: q, product: productId, location }));
  const hold = await holdOf(tx, item.id, orderId);
  const fromReserved = Math.min(q, hold.reserved);
  const fromAvailable = q - fromReserved;
  if (fromAvailable > item.available) {
    throw insufficient(
      `Cannot allocate ${q} of ${productId} at '${location}': ${fromReserved} reserved ${orderId ? `for ${orderId}` : 'without an order'} and only ${item.available} available`,
      { available: item.available, requested: q, reserved_for_hold: hold.reserved, product: productId, location, ...(orderId ? { order: orderId } : {}) },
    );
  }
  const d = { onHand: 0, reserved: -fromReserved, allocated: q };
  const after = await applyChange(tx, scope, item.id, d,
    { op: 'set', id: hold.id, orderId, reserved: hold.reserved - fromReserved, allocated: hold.allocated + q }, { kind: 'allocate', reason, orderId });
  emitItemChange(emit, item, after);
  return after;
}

/** Frees q of what the hold (the order's, or the one without an order) has: reserved first, then allocated. */
export async function releaseStock(tx: Tx, scope: Scope, input: QuantityInput, reason: string | null, emit: Emit): Promise<ItemRow> {
  const { productId, location, quantity: q, orderId } = input;
  const item = await lockedItemOr(tx, scope, productId, location, () =>
    insufficient(`Cannot release ${q} of ${productId} at '${location}': nothing is held there`, { available: 0, requested: q, held: 0, product: productId, location }));
  const hold = await holdOf(tx, item.id, orderId);
  const held = hold.reserved + hold.allocated;
  if (q > held) {
    throw insufficient(
      `Cannot release ${q} of ${productId} at '${location}': ${held} held ${orderId ? `for ${orderId}` : 'without an order'} (reserved ${hold.reserved}, allocated ${hold.allocated})`,
      { available: item.available, requested: q, held, held_reserved: hold.reserved, held_allocated: hold.allocated, product: productId, location, ...(orderId ? { order: orderId } : {}) },
    );
  }
  const fromReserved = Math.min(q, hold.reserved);
  const fromAllocated = q - fromReserved;
  const after = await applyChange(tx, scope, item.id, { onHand: 0, reserved: -fromReserved, allocated: -fromAllocated },
    { op: 'set', id: hold.id, orderId, reserved: hold.reserved - fromReserved, allocated: hold.allocated - fromAllocated }, { kind: 'release', reason, orderId });
  emitItemChange(emit, item, after);
  return after;
}

export interface TransferResult { id: string; from: ItemRow; to: ItemRow; quantity: number; productId: string; fromLocation: string; toLocation: string; createdAt: Date }

/** Moves q available units (on hand) from one location to another, made there on first use. */
export async function transferStock(
  tx: Tx, scope: Scope, input: { productId: string; fromLocation: string; toLocation: string; quantity: number; reason: string | null }, emit: Emit,
): Promise<TransferResult> {
  const { productId, fromLocation, toLocation, quantity: q } = input;
  if (!(await productExists(tx, scope, productId))) throw noSuch('product', 'product', productId);
  // the destination exists before both rows are locked, in id order (no deadlock with a
  // transfer the other way); made only when the source has the stock
  const source = await findItem(tx, scope, productId, fromLocation);
  if (!source || source.available < q) {
    throw insufficient(`Cannot transfer ${q} of ${productId} from '${fromLocation}': only ${source?.available ?? 0} available`, {
      available: source?.available ?? 0, requested: q, product: productId, location: fromLocation,
    });
  }
  const madeNow = await tx.$executeRawUnsafe(
    `INSERT INTO "InventoryItem" ("id", "accountId", "livemode", "productId", "location", "onHand", "reserved", "allocated", "available", "lowStockThreshold", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, ${DEFAULT_LOW_STOCK_THRESHOLD}, now(), now())
     ON CONFLICT ("accountId", "livemode", "productId", "location") DO NOTHING`,
    newId(ID_PREFIX.inventoryItem), scope.accountId, scope.livemode, productId, toLocation,
  );
  const locked = (await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT ${cols()} FROM "InventoryItem"
     WHERE "accountId" = $1 AND "livemode" = $2 AND "productId" = $3 AND "location" IN ($4, $5) ORDER BY "id" FOR UPDATE`,
    scope.accountId, scope.livemode, productId, fromLocation, toLocation,
  ));
  const fromRow = locked.find((r) => r.location === fromLocation);
  const toRow = locked.find((r) => r.location === toLocation);
  if (!fromRow || !toRow) throw new Error('inventory transfer: an item vanished');
  const from = toItem(fromRow);
  const to = toItem(toRow);
  if (from.available < q) {
    throw insufficient(`Cannot transfer ${q} of ${productId} from '${fromLocation}': only ${from.available} available`, {
      available: from.available, requested: q, product: productId, location: fromLocation,
    });
  }
  if (to.onHand + q > MAX_ON_HAND) {
    throw ApiError.validation([{ field: 'quantity', message: `on_hand at '${toLocation}' would be ${to.onHand + q}; at most ${MAX_ON_HAND}`, expected: `<= ${MAX_ON_HAND - to.onHand}` }]);
  }
  const reason = input.reason ?? `transfer from '${fromLocation}' to '${toLocation}'`;
  const fromAfter = await applyChange(tx, scope, from.id, { onHand: -q, reserved: 0, allocated: 0 }, { op: 'none' }, { kind: 'transfer_out', reason });
  const toAfter = await applyChange(tx, scope, to.id, { onHand: q, reserved: 0, allocated: 0 }, { op: 'none' }, { kind: 'transfer_in', reason });
  const result: TransferResult = { id: newId(ID_PREFIX.inventoryMovement), from: fromAfter, to: toAfter, quantity: q, productId, fromLocation, toLocation, createdAt: new Date() };
  emit('inventory.transfer', 'InventoryItem', fromAfter, undefined, {
    data: { transfer: presentTransfer(result) },
  });
  emitItemChange(emit, from, fromAfter);
  emitItemChange(emit, madeNow > 0 ? null : to, toAfter);
  return result;
}

/** The REST answer of a transfer (and the `transfer` of its inventory.transfer event). */
export function presentTransfer(t: TransferResult, present?: (row: ItemRow) => Record<string, unknown>): Record<string, unknown> {
  return {
    id: t.id, object: 'inventory_transfer', product: t.productId, from_location: t.fromLocation, to_location: t.toLocation, quantity: t.quantity,
    ...(present ? { from: present(t.from), to: present(t.to) } : { from: t.from.id, to: t.to.id }),
    created: Math.floor(t.createdAt.getTime() / 1000),
  };
}

// ---------------------------------------------------------------------------------------
// Orders and stock.

export interface OrderLine { productId: string; quantity: number; position: number }

/**
 * At order creation: every line naming a tracked product reserves its quantity at the
 * default location (lines of one product summed), all or nothing, in one statement. A line
 * short of stock refuses the whole order (422 INSUFFICIENT_INVENTORY, details.available).
 * Untracked products change nothing.
 */
export async function reserveForOrder(tx: Tx, scope: Scope, orderId: string, lines: OrderLine[], emit: Emit): Promise<void> {
  const want = new Map<string, { product: string; quantity: number; position: number; hold: string; movement: string }>();
  for (const l of lines) {
    const w = want.get(l.productId);
    if (w) w.quantity += l.quantity;
    else want.set(l.productId, { product: l.productId, quantity: l.quantity, position: l.position, hold: newId(ID_PREFIX.inventoryHold), movement: newId(ID_PREFIX.inventoryMovement) });
  }
  if (want.size === 0) return;
  // locked in id order (no deadlock between two orders of the same products); nothing moves
  // unless every tracked line has enough
  const [result] = await tx.$queryRawUnsafe<{ updated: unknown; short: unknown }[]>(
    `WITH want AS (
       SELECT * FROM json_to_recordset($3::json) AS w(product text, quantity int, hold text, movement text)
     ), locked AS MATERIALIZED (
       SELECT i."id", i."productId", i."available" FROM "InventoryItem" i JOIN want w ON w.product = i."productId"
       WHERE i."accountId" = $1 AND i."livemode" = $2 AND i."location" = '${DEFAULT_LOCATION}'
       ORDER BY i."id" FOR UPDATE OF i
     ), short AS MATERIALIZED (
       SELECT l."productId" AS product, l."available", w.quantity FROM locked l JOIN want w ON w.product = l."productId" WHERE l."available" < w.quantity
     ), upd AS (
       UPDATE "InventoryItem" i SET "reserved" = i."reserved" + w.quantity, "available" = i."available" - w.quantity, "updatedAt" = now()
       FROM locked l JOIN want w ON w.product = l."productId"
       WHERE i."id" = l."id" AND NOT EXISTS (SELECT 1 FROM short)
       RETURNING ${cols('i')}, w.quantity AS "moved", w.hold, w.movement
     ), h AS (
       INSERT INTO "InventoryHold" ("id", "inventoryItemId", "orderId", "reserved", "allocated", "createdAt", "updatedAt")
       SELECT u.hold, u."id", $4, u."moved", 0, now(), now() FROM upd u
     ), m AS (
       INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "reservedDelta", "reason", "orderId", "createdAt")
       SELECT u.movement, $1, $2, u."id", 'reserve', u."moved", 'order created', $4, now() FROM upd u
     )
     SELECT (SELECT coalesce(json_agg(u ORDER BY u."id"), '[]') FROM upd u) AS updated,
            (SELECT coalesce(json_agg(s), '[]') FROM short s) AS short`,
    scope.accountId, scope.livemode, JSON.stringify([...want.values()].map(({ position: _p, ...w }) => w)), orderId,
  );
  const short = jsonValue<{ product: string; available: number; quantity: number }[]>(result.short);
  if (short.length) {
    const shortages = short
      .map((s) => ({ product: s.product, location: DEFAULT_LOCATION, requested: s.quantity, available: s.available, position: want.get(s.product)!.position }))
      .sort((a, b) => a.position - b.position);
    const first = shortages[0];
    throw insufficient(
      shortages.length === 1
        ? `Not enough stock of ${first.product}: ${first.requested} ordered, ${first.available} available`
        : `Not enough stock for ${shortages.length} products of this order (first ${first.product}: ${first.requested} ordered, ${first.available} available)`,
      {
        available: first.available, requested: first.requested, product: first.product, location: DEFAULT_LOCATION,
        shortages: shortages.map(({ position, ...s }) => ({ ...s, line: position })),
      },
      // the REST spelling (restError maps only field errors' paths)
      `items[${first.position}].quantity`,
    );
  }
  for (const u of jsonValue<Record<string, unknown>[]>(result.updated)) {
    const after = toItem(u);
    emitItemChange(emit, beforeOf(after, { onHand: 0, reserved: Number(u.moved), allocated: 0 }), after);
  }
}

/**
 * What an order's status move does to the stock it holds (all of its holds, every location):
 * - `allocate` (to processing): its reserved units become allocated;
 * - `consume` (to shipped): its reserved and allocated units leave on_hand (from pending or
 *   paid, reserved stock is allocated and consumed in one step);
 * - `release` (to cancelled or refunded before shipping, or deleted): back to available.
 * The caller holds the order's row lock. Does nothing for an order that holds nothing.
 */
export async function settleOrderStock(tx: Tx, scope: Scope, orderId: string, action: 'allocate' | 'consume' | 'release', emit: Emit): Promise<void> {
  const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT ${cols('i')}, h."reserved" AS "holdReserved", h."allocated" AS "holdAllocated"
     FROM "InventoryHold" h JOIN "InventoryItem" i ON i."id" = h."inventoryItemId"
     WHERE h."orderId" = $1 AND i."accountId" = $2 AND i."livemode" = $3
     ORDER BY i."id" FOR UPDATE OF i`,
    orderId, scope.accountId, scope.livemode,
  );
  if (rows.length === 0) return;
  const byItem = new Map<string, { item: ItemRow; r: number; a: number }>();
  for (const row of rows) {
    const e = byItem.get(String(row.id)) ?? { item: toItem(row), r: 0, a: 0 };
    e.r += Number(row.holdReserved);
    e.a += Number(row.holdAllocated);
    byItem.set(e.item.id, e);
  }
  const changes = [...byItem.values()]
    .map(({ item, r, a }) => ({
      item,
      d: action === 'allocate' ? { onHand: 0, reserved: -r, allocated: r }
        : action === 'consume' ? { onHand: -(r + a), reserved: -r, allocated: -a }
          : { onHand: 0, reserved: -r, allocated: -a },
    }))
    .filter((c) => c.d.onHand !== 0 || c.d.reserved !== 0 || c.d.allocated !== 0);
  const kind = action === 'allocate' ? 'allocate' : action === 'consume' ? 'ship' : 'release';
  const reason = action === 'allocate' ? 'order processing' : action === 'consume' ? 'order shipped' : 'order released';
  const holds = action === 'allocate'
    ? `UPDATE "InventoryHold" SET "allocated" = "allocated" + "reserved", "reserved" = 0, "updatedAt" = now() WHERE "orderId" = $2 AND "reserved" > 0`
    : `DELETE FROM "InventoryHold" WHERE "orderId" = $2`;
  const updated = changes.length === 0
    ? (await tx.$executeRawUnsafe(holds.replace('$2', '$1'), orderId), [])
    : await tx.$queryRawUnsafe<Record<string, unknown>[]>(
      `WITH d AS (
         SELECT * FROM json_to_recordset($1::json) AS d(item text, o int, r int, a int, movement text)
       ), upd AS (
         UPDATE "InventoryItem" i SET "onHand" = i."onHand" + d.o, "reserved" = i."reserved" + d.r, "allocated" = i."allocated" + d.a,
           "available" = i."available" + d.o - d.r - d.a, "updatedAt" = now()
         FROM d WHERE i."id" = d.item
         RETURNING ${cols('i')}
       ), hs AS (${holds}), mv AS (
         INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "onHandDelta", "reservedDelta", "allocatedDelta", "reason", "orderId", "createdAt")
         SELECT d.movement, $3, $4, d.item, $5, d.o, d.r, d.a, $6, $2, now() FROM d
       )
       SELECT * FROM upd ORDER BY "id"`,
      JSON.stringify(changes.map((c) => ({ item: c.item.id, o: c.d.onHand, r: c.d.reserved, a: c.d.allocated, movement: newId(ID_PREFIX.inventoryMovement) }))),
      orderId, scope.accountId, scope.livemode, kind, reason,
    );
  for (const u of updated) {
    const after = toItem(u);
    emitItemChange(emit, byItem.get(after.id)!.item, after);
  }
}

/**
 * A return received: `quantity` goes back on hand (and available) at `location` (default
 * 'default') when the product is tracked there. Returns the item after the change, or null
 * (nothing changes) when it is not tracked there.
 */
export async function restock(
  tx: Tx, scope: Scope,
  input: { productId: string; quantity: number; location?: string; orderId?: string; returnId?: string; reason: string },
  emit: Emit,
): Promise<Record<string, unknown> | null> {
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) throw new Error(`restock: quantity must be a positive integer, got ${input.quantity}`);
  const location = input.location ?? DEFAULT_LOCATION;
  const item = await findItem(tx, scope, input.productId, location, true);
  if (!item) return null;
  if (item.onHand + input.quantity > MAX_ON_HAND) {
    throw ApiError.validation([{ field: 'quantity', message: `on_hand of ${input.productId} at '${location}' would exceed ${MAX_ON_HAND}`, expected: `a quantity that keeps on_hand at most ${MAX_ON_HAND}` }]);
  }
  const after = await applyChange(tx, scope, item.id, { onHand: input.quantity, reserved: 0, allocated: 0 }, { op: 'none' }, {
    kind: 'restock', reason: input.reason, orderId: input.orderId ?? null, returnId: input.returnId ?? null,
  });
  emitItemChange(emit, item, after);
  return after;
}
