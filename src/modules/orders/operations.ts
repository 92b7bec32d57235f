// Orders: create, update, fulfill, cancel. An order's amount is the sum of its items;
// status moves only along src/modules/orders/status.ts. Every change writes its events.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, found, scopedWhere, type Scope, type Tx, type Emit } from '../../operations/operation.js';
import { previousAttributes } from '../../representation.js';
import { amount, currency, id, MAX_AMOUNT, mergeMetadata, metadata, metadataPatch } from '../shared-inputs.js';
import { assertTransition, canMove, MERCHANT_STATUSES, STATUS_EVENT, type OrderStatus } from './status.js';

const include = { items: { orderBy: { position: 'asc' } } } as const;

const item = z.strictObject({
  product: id(ID_PREFIX.product).optional(),
  name: z.string().min(1).max(256).optional(),
  quantity: z.number().int().min(1).max(100_000),
  unitAmount: amount.optional(),
});

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
  async run(tx, scope, input, emit) {
    if (input.customer) {
      const c = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true } });
      if (!c) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
    }
    const productIds = [...new Set(input.items.flatMap((i) => (i.product ? [i.product] : [])))];
    const products = productIds.length
      ? await tx.product.findMany({ where: scopedWhere(scope, { id: { in: productIds } }) })
      : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    const faults: { field: string; message: string; expected?: string }[] = [];
    const lines = input.items.map((i, n) => {
      const product = i.product ? byId.get(i.product) : undefined;
      if (i.product && !product) faults.push({ field: `items.${n}.product`, message: `no such product: '${i.product}'` });
      if (product && product.currency !== input.currency) {
        faults.push({ field: `items.${n}.product`, message: `the product is priced in ${product.currency}`, expected: input.currency });
      }
      const name = i.name ?? product?.name;
      const unitAmount = i.unitAmount ?? product?.price;
      if (name === undefined) faults.push({ field: `items.${n}.name`, message: 'required unless the item names a product' });
      if (unitAmount === undefined) faults.push({ field: `items.${n}.unitAmount`, message: 'required unless the item names a product' });
      return { id: newId(ID_PREFIX.orderItem), productId: product?.id ?? null, name: name ?? '', quantity: i.quantity, unitAmount: unitAmount ?? 0, amount: (unitAmount ?? 0) * i.quantity, position: n };
    });
    const total = lines.reduce((s, l) => s + l.amount, 0);
    if (total > MAX_AMOUNT) faults.push({ field: 'items', message: `the order total ${total} exceeds ${MAX_AMOUNT}`, expected: `<= ${MAX_AMOUNT}` });
    if (faults.length) throw ApiError.validation(faults);
    const row = await tx.order.create({
      data: {
        id: newId(ID_PREFIX.order), accountId: scope.accountId, livemode: scope.livemode,
        customerId: input.customer ?? null, currency: input.currency, amount: total, metadata: input.metadata ?? {},
        // one INSERT for every line (a nested create was one statement per line)
        items: { createMany: { data: lines } },
      },
      include,
    });
    emit('order.created', 'Order', row);
    return row;
  },
});

async function loadOrder(tx: Tx, scope: Scope, orderId: string) {
  return found(await tx.order.findFirst({ where: scopedWhere(scope, { id: orderId }), include }), 'order', orderId);
}

/** Moves an order to `to`, guarding against a concurrent move with a conditional update. */
async function moveOrder(
  tx: Tx, scope: Scope, orderId: string, to: OrderStatus, data: Record<string, unknown>, emit: Emit, extraEvent?: string,
) {
  const before = await loadOrder(tx, scope, orderId);
  assertTransition(before.status, to, orderId);
  const moved = await tx.order.updateMany({ where: { id: orderId, status: before.status }, data: { ...data, status: to } });
  if (moved.count === 0) throw new ApiError('RESOURCE_CONFLICT', 'The order changed during this request; retry', { order_id: orderId });
  const row = await loadOrder(tx, scope, orderId);
  emit('order.updated', 'Order', row, previousAttributes('Order', before, row));
  if (extraEvent) emit(extraEvent, 'Order', row);
  if (STATUS_EVENT[to] && STATUS_EVENT[to] !== extraEvent) emit(STATUS_EVENT[to]!, 'Order', row);
  return row;
}

const orderId = id(ID_PREFIX.order);

/**
 * Brings an order's status in line with its payments, in the payment's transaction: paid once
 * its succeeded payments cover its amount (from pending), refunded once every succeeded
 * payment of it is fully refunded (from paid or later).
 */
export async function reflectPayments(tx: Tx, scope: Scope, id: string, emit: Emit): Promise<void> {
  // locked first: two payments of one order settling at once each see the other's commit
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${id} FOR UPDATE`;
  const order = await tx.order.findFirst({ where: scopedWhere(scope, { id }), select: { status: true, amount: true } });
  if (!order) return;
  const payments = await tx.payment.findMany({ where: { orderId: id, status: 'succeeded' }, select: { amount: true, amountRefunded: true } });
  if (payments.length === 0) return;
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const kept = payments.reduce((s, p) => s + p.amount - p.amountRefunded, 0);
  if (order.status === 'pending' && paid >= order.amount && kept > 0) {
    await moveOrder(tx, scope, id, 'paid', {}, emit);
  } else if (kept === 0 && order.status !== 'pending' && canMove(order.status, 'refunded')) {
    await moveOrder(tx, scope, id, 'refunded', {}, emit);
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
  async run(tx, scope, input, emit) {
    const before = await loadOrder(tx, scope, input.id);
    if (input.customer) {
      const c = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true } });
      if (!c) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
    }
    const data: Record<string, unknown> = {};
    if (input.customer !== undefined) data.customerId = input.customer;
    if (input.shippingCarrier !== undefined) data.shippingCarrier = input.shippingCarrier;
    if (input.trackingNumber !== undefined) data.trackingNumber = input.trackingNumber;
    if (input.metadata) data.metadata = mergeMetadata(before.metadata, input.metadata);
    if (input.status && input.status !== before.status) {
      if (input.status === 'shipped') data.fulfilledAt = new Date();
      if (input.status === 'cancelled') data.cancelledAt = new Date();
      return moveOrder(tx, scope, input.id, input.status, data, emit);
    }
    if (Object.keys(data).length === 0) return before;
    await tx.order.update({ where: { id: before.id }, data });
    const row = await loadOrder(tx, scope, input.id);
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
    reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned', 'other']).optional(),
  }),
  async run(tx, scope, input, emit) {
    return moveOrder(tx, scope, input.id, 'cancelled', { cancelledAt: new Date(), cancellationReason: input.reason ?? null }, emit);
  },
});
