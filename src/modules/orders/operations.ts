// Orders: create, update, fulfill, cancel, hold, release, delete. An order's amount is the sum
// of its items; status moves only along src/modules/orders/status.ts. Every change writes its
// events. Stock follows the order (src/modules/inventory/stock.ts): reserved when it is
// created, allocated when it moves to processing, consumed when it ships, released when it is
// cancelled, refunded before shipping, or deleted.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, found, scopedWhere, type Scope, type Tx, type Emit } from '../../operations/operation.js';
import { accountsOf, columnCast, columnList, lockedFindById } from '../../db/locked-read.js';
import type { OrderGetPayload } from '../../generated/prisma/models/Order.js';
import { previousAttributes } from '../../representation.js';
import { amount, currency, id, inJsonbOrder, MAX_AMOUNT, mergeMetadata, metadata, metadataPatch } from '../shared-inputs.js';
import { reserveForOrder, settleOrderStock } from '../inventory/stock.js';
import { clockNow } from '../invoices/clocks.js';
import { assertNotHeld, assertTransition, CANCELLATION_REASONS, canMove, HOLDABLE_STATUSES, MERCHANT_STATUSES, STATUS_EVENT, type OrderStatus } from './status.js';

/** what every answer about an order includes: its items in order (both REST doors use it) */
export const include = { items: { orderBy: { position: 'asc' } } } as const;

/** a line as orders.create takes it (global orders extend it with weightGrams) */
export const orderItem = z.strictObject({
  product: id(ID_PREFIX.product).optional(),
  name: z.string().min(1).max(256).optional(),
  quantity: z.number().int().min(1).max(100_000),
  unitAmount: amount.optional(),
});
const item = orderItem;

/** An order's input as placeOrder takes it: orders.create's, lines possibly with their weight. */
export interface OrderInput {
  currency: string;
  customer?: string | null;
  items: (z.infer<typeof orderItem> & { weightGrams?: number })[];
  metadata?: Record<string, string>;
}

/** A line of a new order, priced. */
export interface PricedLine {
  id: string; productId: string | null; name: string; quantity: number; unitAmount: number; amount: number; position: number; weightGrams: number | null;
}

/** The columns only global orders fill (src/modules/global/orders.ts); null on other orders. */
export interface GlobalOrderColumns {
  amountSubtotal: number | null; amountShipping: number | null; amountTax: number | null; amountTotal: number | null;
  fx: unknown; settlement: unknown; shipTo: unknown; shipping: unknown; tax: unknown; compliance: unknown;
}
const NO_GLOBAL: GlobalOrderColumns = {
  amountSubtotal: null, amountShipping: null, amountTax: null, amountTotal: null, fx: null, settlement: null, shipTo: null, shipping: null, tax: null, compliance: null,
};

/** What an extension of orders.create (a global order) makes of the priced lines: the amount, its columns, a hold. */
export interface OrderExtras {
  amount: number;
  columns: GlobalOrderColumns;
  /** created on hold with this reason */
  hold?: string;
}

export const createOrder = defineMutation({
  name: 'orders.create',
  permission: 'orders:create',
  model: 'Order',
  input: z.strictObject({
    currency,
    customer: id(ID_PREFIX.customer).nullable().optional(),
    items: z.array(item).min(1).max(1000),
    metadata: metadata.optional(),
  }),
  // plain statements only: it runs without Prisma's client (PostgreSQL; src/db/raw-transaction.ts)
  rawStatementsOnly: true,
  run: (tx, scope, input, emit) => placeOrder(tx, scope, input, emit),
});

/**
 * Creates an order with its lines and reserves their stock (orders.create). `extend` (global
 * orders) turns the priced lines and their subtotal into the order's amount and extra columns
 * before anything is written.
 */
export async function placeOrder(
  tx: Tx, scope: Scope, input: OrderInput, emit: Emit, extend?: (lines: PricedLine[], subtotal: number) => Promise<OrderExtras>,
) {
    if (input.customer) await assertCustomer(tx, scope, input.customer);
    const productIds = [...new Set(input.items.flatMap((i) => (i.product ? [i.product] : [])))];
    // the four columns a line needs, in one plain statement (a Prisma findMany costs three
    // times the CPU of the same SELECT: bench/orders-results.md)
    const products = productIds.length
      ? await tx.$queryRawUnsafe<{ id: string; name: string; price: number; currency: string }[]>(
        `SELECT "id", "name", "price", "currency" FROM "Product"
         WHERE "accountId" = $1 AND "livemode" = $2 AND "id" IN (SELECT json_array_elements_text($3::json))`,
        scope.accountId, scope.livemode, JSON.stringify(productIds),
      )
      : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    const faults: { field: string; message: string; expected?: string }[] = [];
    const lines = input.items.map((i, n) => {
      const product = i.product ? byId.get(i.product) : undefined;
      if (i.product && !product) faults.push({ field: `items.${n}.product`, message: `no such product: '${i.product}'`, expected: 'the id of a product of this account and mode (GET /v1/products)' });
      if (product && product.currency !== input.currency) {
        faults.push({ field: `items.${n}.product`, message: `the product is priced in ${product.currency}`, expected: input.currency });
      }
      const name = i.name ?? product?.name;
      const unitAmount = i.unitAmount ?? product?.price;
      // a line naming a product the account lacks has one fault, the product's
      if (!i.product) {
        if (name === undefined) faults.push({ field: `items.${n}.name`, message: 'required unless the item names a product', expected: 'a name (1 to 256 characters) or a product' });
        if (unitAmount === undefined) faults.push({ field: `items.${n}.unitAmount`, message: 'required unless the item names a product', expected: 'an integer amount in minor units, or a product' });
      }
      return { id: newId(ID_PREFIX.orderItem), productId: product?.id ?? null, name: name ?? '', quantity: i.quantity, unitAmount: unitAmount ?? 0, amount: (unitAmount ?? 0) * i.quantity, position: n, weightGrams: i.weightGrams ?? null };
    });
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    if (subtotal > MAX_AMOUNT) faults.push({ field: 'items', message: `the order total ${subtotal} exceeds ${MAX_AMOUNT}`, expected: `<= ${MAX_AMOUNT}` });
    if (faults.length) throw ApiError.validation(faults);
    const extras = extend ? await extend(lines, subtotal) : undefined;
    const total = extras?.amount ?? subtotal;
    const g = extras?.columns ?? NO_GLOBAL;
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const orderId = newId(ID_PREFIX.order);
    // the order and its lines in one statement, nothing read back: every column's value is
    // known here (Prisma's create with items and include was four statements and about a
    // millisecond of CPU). The row has the shape Prisma reads (`include`: items by position).
    const now = new Date();
    const row = {
      id: orderId, accountId: scope.accountId, livemode: scope.livemode, customerId: input.customer ?? null,
      status: 'pending', currency: input.currency, amount: total, metadata: inJsonbOrder(input.metadata ?? {}),
      shippingCarrier: null, trackingNumber: null, cancellationReason: null, fulfilledAt: null, deliveredAt: null, cancelledAt: null,
      onHold: extras?.hold !== undefined, holdReason: extras?.hold ?? null, heldAt: extras?.hold !== undefined ? now : null, createdAt: now, updatedAt: now,
      ...g,
      items: lines.map((l) => ({ id: l.id, orderId, productId: l.productId, name: l.name, quantity: l.quantity, unitAmount: l.unitAmount, amount: l.amount, position: l.position, weightGrams: l.weightGrams })),
    };
    await tx.$executeRawUnsafe(
      `WITH o AS (
         INSERT INTO "Order" ("id", "accountId", "livemode", "customerId", "status", "currency", "amount", "metadata", "onHold", "createdAt", "updatedAt"${extras ? `,
           "holdReason", "heldAt", "amountSubtotal", "amountShipping", "amountTax", "amountTotal", "fx", "settlement", "shipTo", "shipping", "tax", "compliance"` : ''})
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7::jsonb, $10, $8::timestamptz, $8::timestamptz${extras ? `,
           $11, $12::timestamptz, $13, $14, $15, $16, $17::jsonb, $18::jsonb, $19::jsonb, $20::jsonb, $21::jsonb, $22::jsonb` : ''})
         RETURNING "id"
       )
       INSERT INTO "OrderItem" ("id", "orderId", "productId", "name", "quantity", "unitAmount", "amount", "position", "weightGrams")
       SELECT l.id, (SELECT "id" FROM o), l."productId", l.name, l.quantity, l."unitAmount", l.amount, l.position, l."weightGrams"
       FROM json_to_recordset($9::json) AS l(id text, "productId" text, name text, quantity int, "unitAmount" int, amount int, position int, "weightGrams" int)`,
      orderId, scope.accountId, scope.livemode, row.customerId, input.currency, total, JSON.stringify(row.metadata), now.toISOString(),
      JSON.stringify(lines), row.onHold,
      ...(extras ? [row.holdReason, row.heldAt?.toISOString() ?? null, g.amountSubtotal, g.amountShipping, g.amountTax, g.amountTotal,
        json(g.fx), json(g.settlement), json(g.shipTo), json(g.shipping), json(g.tax), json(g.compliance)] : []),
    );
    emit('order.created', 'Order', row);
    // tracked products reserve their stock, all lines or none (one statement; none without products)
    const stocked = lines.flatMap((l) => (l.productId ? [{ productId: l.productId, quantity: l.quantity, position: l.position }] : []));
    if (stocked.length) await reserveForOrder(tx, scope, orderId, stocked, emit);
    return row;
}

/** an order as every answer about it carries it: its row and its items in order */
type OrderWithItems = OrderGetPayload<{ include: typeof include }>;

/** The order in the scope with its items, its row locked until the transaction ends; null when none. */
function findLocked(tx: Tx, scope: Scope, orderId: string): Promise<OrderWithItems | null> {
  return lockedFindById<OrderWithItems>(tx, 'Order', scope, orderId, { relation: 'items', orderBy: 'position' });
}

/**
 * The order in the scope (404 otherwise) with its items, its row locked until the transaction
 * ends, in one statement: every change reads the order this way, so that changes of one order
 * run one at a time (a metadata patch merged into what is stored, previous_attributes, a status
 * move, a payment moving it to paid) and each sees the one before it.
 */
async function lockOrder(tx: Tx, scope: Scope, orderId: string): Promise<OrderWithItems> {
  return found(await findLocked(tx, scope, orderId), 'order', orderId);
}

/** What a status move does to the stock the order holds. */
const STOCK_ON_MOVE: Partial<Record<OrderStatus, 'allocate' | 'consume' | 'release'>> = {
  processing: 'allocate', shipped: 'consume', cancelled: 'release', refunded: 'release',
};

/**
 * Moves an order to `to`, guarding against a concurrent move with a conditional update (which
 * also locks the order's row for the stock change that follows). A held order cannot move to
 * processing or shipped; a move to a final state clears the hold.
 */
async function moveOrder(
  tx: Tx, scope: Scope, orderId: string, to: OrderStatus, data: Record<string, unknown>, emit: Emit, extraEvent?: string, locked?: OrderWithItems,
) {
  // locked as it is read: a concurrent change (a payment moving it to paid, another move) waits
  // for this one, or this one for it, and then sees its outcome; never a conflict to retry
  const before = locked ?? await lockOrder(tx, scope, orderId);
  assertTransition(before.status, to, orderId);
  assertNotHeld(before, to);
  const changes: Record<string, unknown> = { ...data, status: to };
  // the moment of the move: the test clock's for an order of a customer living on one
  const now = await orderNow(tx, scope, before.customerId);
  for (const stamp of ['fulfilledAt', 'cancelledAt'] as const) if (stamp in changes) changes[stamp] = now;
  if (to === 'delivered') changes.deliveredAt = now;
  if (before.onHold && (to === 'cancelled' || to === 'refunded')) Object.assign(changes, { onHold: false, holdReason: null, heldAt: null });
  // conditional on the status and hold read above: a concurrent move makes this one a conflict
  const row = await updateIfUnchanged(tx, before, { status: before.status, onHold: before.onHold }, changes);
  const stock = STOCK_ON_MOVE[to];
  if (stock) await settleOrderStock(tx, scope, orderId, stock, emit);
  emit('order.updated', 'Order', row, previousAttributes('Order', before, row));
  if (extraEvent) emit(extraEvent, 'Order', row);
  if (STATUS_EVENT[to] && STATUS_EVENT[to] !== extraEvent) emit(STATUS_EVENT[to]!, 'Order', row);
  return row;
}

const orderId = id(ID_PREFIX.order);

/**
 * "Now" for an order: the frozen time of its customer's test clock when the customer lives on
 * one (its shipment, delivery and return window then follow the clock), else the real time.
 */
export async function orderNow(tx: Tx, scope: Scope, customerId: string | null): Promise<Date> {
  if (!customerId) return new Date();
  const customer = await customerOf(tx, scope, customerId);
  return clockNow(tx, scope, customer?.testClockId ?? null);
}

/** The scope's customer `customerId` (its test clock), in a plain statement: raw transactions run it. */
async function customerOf(tx: Tx, scope: Scope, customerId: string): Promise<{ testClockId: string | null } | undefined> {
  const [customer] = await tx.$queryRawUnsafe<{ testClockId: string | null }[]>(
    'SELECT "testClockId" FROM "Customer" WHERE "id" = $1 AND "accountId" = ANY($2::text[]) AND "livemode" = $3', customerId, accountsOf(scope), scope.livemode,
  );
  return customer;
}

/** PARENT_NOT_FOUND unless the customer is the scope's. */
async function assertCustomer(tx: Tx, scope: Scope, customerId: string): Promise<void> {
  if (!(await customerOf(tx, scope, customerId))) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${customerId}'`, { resource: 'customer', id: customerId }, 'customer');
}

function orderParam(value: unknown, cast: string): unknown {
  if (value instanceof Date) return value.toISOString();
  if (cast === '::jsonb' && value !== null) return JSON.stringify(value);
  return value;
}

/**
 * UPDATE "Order" SET `data` (undefined values left out, as Prisma does; `updatedAt` now) WHERE
 * the id and every column of `where` match, RETURNING the row as Prisma reads it (its columns
 * named: src/db/locked-read.ts columnList); undefined when no row matched. One plain
 * statement, so raw transactions run it.
 */
async function updateOrderRow(tx: Tx, id: string, where: Record<string, unknown>, data: Record<string, unknown>): Promise<OrderWithItems | undefined> {
  const values: unknown[] = [id];
  const set: string[] = [];
  for (const [column, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const cast = columnCast('Order', column);
    values.push(orderParam(value, cast));
    set.push(`"${column}" = $${values.length}${cast}`);
  }
  values.push(new Date().toISOString());
  set.push(`"updatedAt" = $${values.length}::timestamptz`);
  const conditions = ['"id" = $1'];
  for (const [column, value] of Object.entries(where)) {
    const cast = columnCast('Order', column);
    values.push(orderParam(value, cast));
    conditions.push(`"${column}" = $${values.length}${cast}`);
  }
  const [row] = await tx.$queryRawUnsafe<OrderWithItems[]>(`UPDATE "Order" SET ${set.join(', ')} WHERE ${conditions.join(' AND ')} RETURNING ${columnList('Order')}`, ...values);
  return row;
}

/**
 * Applies `data` to the order if it still matches `where` (as read into `before`: a concurrent
 * change makes this a conflict). The row as updated comes back from the UPDATE itself; its
 * lines are `before`'s (nothing here changes them).
 */
async function updateIfUnchanged(tx: Tx, before: OrderWithItems, where: Record<string, unknown>, data: Record<string, unknown>): Promise<OrderWithItems> {
  const updated = await updateOrderRow(tx, before.id, where, data);
  if (!updated) throw new ApiError('RESOURCE_CONFLICT', 'The order changed during this request; retry', { order_id: before.id });
  return { ...updated, items: before.items };
}

/** updateIfUnchanged, then order.updated with previous_attributes. */
async function updateAndEmit(tx: Tx, before: OrderWithItems, where: Record<string, unknown>, data: Record<string, unknown>, emit: Emit): Promise<OrderWithItems> {
  const row = await updateIfUnchanged(tx, before, where, data);
  emit('order.updated', 'Order', row, previousAttributes('Order', before, row));
  return row;
}

/**
 * Brings an order's status in line with its payments, in the payment's transaction: paid once
 * its succeeded payments cover its amount (from pending), refunded once every succeeded
 * payment of it is fully refunded (from paid or later).
 */
export async function reflectPayments(tx: Tx, scope: Scope, id: string, emit: Emit): Promise<void> {
  // locked first, in the read that moveOrder then reuses: two payments of one order settling at
  // once each see the other's commit
  const order = await findLocked(tx, scope, id);
  if (!order) return;
  const payments = await tx.payment.findMany({ where: { orderId: id, status: 'succeeded' }, select: { amount: true, amountRefunded: true } });
  if (payments.length === 0) return;
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const kept = payments.reduce((s, p) => s + p.amount - p.amountRefunded, 0);
  if (order.status === 'pending' && paid >= order.amount && kept > 0) {
    await moveOrder(tx, scope, id, 'paid', {}, emit, undefined, order);
  } else if (kept === 0 && order.status !== 'pending' && canMove(order.status, 'refunded')) {
    await moveOrder(tx, scope, id, 'refunded', {}, emit, undefined, order);
  }
}

export const updateOrder = defineMutation({
  name: 'orders.update',
  permission: 'orders:update',
  model: 'Order',
  input: z.strictObject({
    id: orderId,
    status: z.enum(MERCHANT_STATUSES).optional(),
    customer: id(ID_PREFIX.customer).nullable().optional(),
    shippingCarrier: z.string().max(128).nullable().optional(),
    trackingNumber: z.string().max(128).nullable().optional(),
    metadata: metadataPatch.optional(),
  }),
  // plain statements only: it runs without Prisma's client (PostgreSQL; src/db/raw-transaction.ts)
  rawStatementsOnly: true,
  async run(tx, scope, input, emit) {
    // locked as it is read: the metadata patch is merged into what this update reads
    const before = await lockOrder(tx, scope, input.id);
    if (input.customer) await assertCustomer(tx, scope, input.customer);
    const data: Record<string, unknown> = {};
    if (input.customer !== undefined) data.customerId = input.customer;
    if (input.shippingCarrier !== undefined) data.shippingCarrier = input.shippingCarrier;
    if (input.trackingNumber !== undefined) data.trackingNumber = input.trackingNumber;
    if (input.metadata) data.metadata = mergeMetadata(before.metadata, input.metadata);
    if (input.status && input.status !== before.status) {
      if (input.status === 'shipped') data.fulfilledAt = new Date();
      if (input.status === 'cancelled') data.cancelledAt = new Date();
      return moveOrder(tx, scope, input.id, input.status, data, emit, undefined, before);
    }
    if (Object.keys(data).length === 0) return before;
    // the row as updated (the UPDATE's RETURNING); its lines are unchanged, and locked
    const row = { ...(await updateOrderRow(tx, before.id, {}, data))!, items: before.items };
    emit('order.updated', 'Order', row, previousAttributes('Order', before, row));
    return row;
  },
});

export const fulfillOrder = defineMutation({
  name: 'orders.fulfill',
  permission: 'orders:fulfill',
  model: 'Order',
  input: z.strictObject({
    id: orderId,
    shippingCarrier: z.string().max(128).optional(),
    trackingNumber: z.string().max(128).optional(),
  }),
  rawStatementsOnly: true,
  async run(tx, scope, input, emit) {
    return moveOrder(
      tx, scope, input.id, 'shipped',
      { fulfilledAt: new Date(), shippingCarrier: input.shippingCarrier, trackingNumber: input.trackingNumber },
      emit, 'order.fulfilled',
    );
  },
});

export const cancelOrder = defineMutation({
  name: 'orders.cancel',
  permission: 'orders:cancel',
  model: 'Order',
  input: z.strictObject({
    id: orderId,
    reason: z.enum(CANCELLATION_REASONS).optional(),
  }),
  rawStatementsOnly: true,
  async run(tx, scope, input, emit) {
    return moveOrder(tx, scope, input.id, 'cancelled', { cancelledAt: new Date(), cancellationReason: input.reason ?? null }, emit);
  },
});

export const holdOrder = defineMutation({
  name: 'orders.hold',
  permission: 'orders:update',
  model: 'Order',
  input: z.strictObject({
    id: orderId,
    reason: z.string().min(1).max(500).optional(),
  }),
  rawStatementsOnly: true,
  async run(tx, scope, input, emit) {
    const before = await lockOrder(tx, scope, input.id);
    if (before.onHold) {
      throw new ApiError('INVALID_STATE_TRANSITION', `Order ${before.id} is already on hold; release it first`, {
        order_id: before.id, current_status: before.status, on_hold: true, hold_reason: before.holdReason,
      });
    }
    if (!(HOLDABLE_STATUSES as readonly string[]).includes(before.status)) {
      throw new ApiError('INVALID_STATE_TRANSITION', `An order that is ${before.status} cannot be put on hold: only ${HOLDABLE_STATUSES.join(', ')} orders can`, {
        order_id: before.id, current_status: before.status, allowed_statuses: HOLDABLE_STATUSES,
      });
    }
    return updateAndEmit(tx, before, { status: before.status, onHold: false }, { onHold: true, holdReason: input.reason ?? null, heldAt: new Date() }, emit);
  },
});

export const releaseOrder = defineMutation({
  name: 'orders.release',
  permission: 'orders:update',
  model: 'Order',
  input: z.strictObject({ id: orderId }),
  rawStatementsOnly: true,
  async run(tx, scope, input, emit) {
    const before = await lockOrder(tx, scope, input.id);
    if (!before.onHold) {
      throw new ApiError('INVALID_STATE_TRANSITION', `Order ${before.id} is not on hold`, {
        order_id: before.id, current_status: before.status, on_hold: false,
      });
    }
    return updateAndEmit(tx, before, { onHold: true }, { onHold: false, holdReason: null, heldAt: null }, emit);
  },
});

/**
 * Deletes an order that never went anywhere: pending, with no payments (nor returns). Its
 * reserved stock is released first. Anything else is cancelled instead (422).
 */
export const deleteOrder = defineMutation({
  name: 'orders.delete',
  permission: 'orders:cancel',
  model: 'Order',
  input: z.strictObject({ id: orderId }),
  async run(tx, scope, input, emit) {
    // locked: no payment, move or stock change of this order can slip in before it goes
    await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${input.id} FOR UPDATE`;
    const before = found(await tx.order.findFirst({
      where: scopedWhere(scope, { id: input.id }), include: { ...include, _count: { select: { payments: true, returns: true } } },
    }), 'order', input.id);
    const { _count: counts, ...order } = before;
    if (order.status !== 'pending' || counts.payments > 0 || counts.returns > 0) {
      const why = order.status !== 'pending' ? `it is ${order.status}` : counts.payments > 0 ? 'it has payments' : 'it has returns';
      throw new ApiError('INVALID_STATE_TRANSITION', `Order ${order.id} cannot be deleted because ${why}: only pending orders without payments can be deleted; cancel it instead (POST /v1/orders/${order.id}/cancel)`, {
        order_id: order.id, current_status: order.status, payments: counts.payments, returns: counts.returns,
      });
    }
    await settleOrderStock(tx, scope, order.id, 'release', emit);
    // its items go with it (ON DELETE CASCADE); stock movements keep the order's id as history
    await tx.order.delete({ where: { id: order.id } });
    emit('order.deleted', 'Order', order);
    return order;
  },
  represent: (row) => ({ id: row.id, object: 'order', deleted: true }),
});
