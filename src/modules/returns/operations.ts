// Returns: a customer sends back some items of a shipped or delivered order.
//   requested -> approved | rejected
//   approved  -> received   (the items are back: each line naming a product is restocked)
//   received  -> processed  (refund_amount is refunded through the order's payments)
//   rejected, processed: final
// Any other move is INVALID_STATE_TRANSITION. Each operation works on the return's row locked
// (SELECT ... FOR UPDATE), so two requests never move one return at once; creating a return
// locks its order's row, so two returns of one item never exceed its ordered quantity.
import { z } from 'zod';
import { ApiError, type FieldError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, type Emit, type Scope, type Tx } from '../../operations/operation.js';
import { restock } from '../inventory/stock.js';
import { orderNow } from '../orders/operations.js';
import { refundInTx } from '../payments/operations.js';
import { id, metadata } from '../shared-inputs.js';

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'processed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

const MOVES: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  received: ['processed'],
  rejected: [],
  processed: [],
};

/** Returns in these statuses hold their quantities: a rejected return frees them. */
export const HOLDING_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'processed'];

/** Order statuses a return may be requested for (a refunded order only if it was shipped first). */
export const RETURNABLE_ORDER_STATUSES = ['shipped', 'delivered', 'refunded'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const include = { items: { orderBy: { position: 'asc' } } } as const;

const returnId = id(ID_PREFIX.return);
const reason = z.string().trim().min(1).max(500);

export function assertReturnTransition(from: string, to: ReturnStatus, id: string): void {
  if (!(MOVES[from as ReturnStatus] ?? []).includes(to)) {
    throw new ApiError('INVALID_STATE_TRANSITION', `A return that is ${from} cannot become ${to}`, {
      return_id: id,
      current_status: from,
      requested_status: to,
      allowed: MOVES[from as ReturnStatus] ?? [],
    });
  }
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The order a return is requested for, its row locked until the transaction ends: the
 * quantities already in returns are counted after every earlier return of it has committed.
 */
async function lockOrder(tx: Tx, scope: Scope, orderId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Order" WHERE "id" = ${orderId} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
  if (locked.length === 0) {
    throw new ApiError('PARENT_NOT_FOUND', `No such order: '${orderId}'`, { resource: 'order', id: orderId }, 'order');
  }
  return tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: { orderBy: { position: 'asc' } } } });
}

export const createReturn = defineMutation({
  name: 'returns.create',
  permission: 'returns:write',
  model: 'Return',
  input: z.strictObject({
    order: id(ID_PREFIX.order),
    items: z.array(z.strictObject({
      orderItem: id(ID_PREFIX.orderItem),
      quantity: z.number().int().min(1).max(100_000),
      reason,
    })).min(1).max(1000),
    note: z.string().max(5000).nullable().optional(),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input, emit, services) {
    const order = await lockOrder(tx, scope, input.order);

    // the request itself: each line an item of this order, once, at most its ordered quantity
    const byId = new Map(order.items.map((i) => [i.id, i]));
    const firstLine = new Map<string, number>();
    const faults: FieldError[] = [];
    input.items.forEach((line, n) => {
      const item = byId.get(line.orderItem);
      if (!item) {
        faults.push({ field: `items.${n}.orderItem`, message: `'${line.orderItem}' is not an item of order ${order.id}`, expected: `an item of order ${order.id}` });
        return;
      }
      const first = firstLine.get(line.orderItem);
      if (first !== undefined) {
        faults.push({ field: `items.${n}.orderItem`, message: `'${line.orderItem}' is already on line ${first}; one line per order item`, expected: 'each order item once' });
        return;
      }
      firstLine.set(line.orderItem, n);
      if (line.quantity > item.quantity) {
        faults.push({ field: `items.${n}.quantity`, message: `${line.quantity} exceeds the ${item.quantity} ordered of '${item.id}'`, expected: `<= ${item.quantity}` });
      }
    });
    if (faults.length) throw ApiError.validation(faults);

    // the order: shipped or delivered (or refunded after it shipped)
    const shipped = order.status === 'shipped' || order.status === 'delivered' || (order.status === 'refunded' && order.fulfilledAt !== null);
    if (!shipped) {
      throw new ApiError('INVALID_STATE_TRANSITION', `Only a shipped or delivered order can be returned; order ${order.id} is ${order.status}`, {
        order_id: order.id, current_status: order.status, allowed_statuses: RETURNABLE_ORDER_STATUSES,
      }, 'order');
    }

    // the window: RETURN_WINDOW_DAYS from delivery, else from shipment
    const days = services.returnWindowDays;
    // (an order with neither date, moved along by hand: from its creation, the earliest it could have shipped)
    const start = order.deliveredAt ?? order.fulfilledAt ?? order.createdAt;
    const startsAt = order.deliveredAt ? 'delivered_at' : order.fulfilledAt ? 'fulfilled_at' : 'created';
    const end = new Date(start.getTime() + days * DAY_MS);
    const now = await orderNow(tx, scope, order.customerId);
    if (days === 0 || now > end) {
      throw new ApiError('OUTSIDE_RETURN_WINDOW', days === 0
        ? 'Returns are not accepted (the return window is 0 days)'
        : `The return window of order ${order.id} closed on ${end.toISOString()} (${days} days after its ${{ delivered_at: 'delivery', fulfilled_at: 'shipment', created: 'creation' }[startsAt]})`, {
        order_id: order.id, window_days: days, window_start: unix(start), window_end: unix(end),
        window_starts_at: startsAt,
      }, 'order');
    }

    // what remains returnable: the ordered quantity less what other returns hold
    const held = await tx.returnItem.findMany({
      where: { orderItemId: { in: [...firstLine.keys()] }, return: { status: { in: [...HOLDING_STATUSES] } } },
      select: { orderItemId: true, quantity: true, returnId: true },
    });
    const heldOf = new Map<string, { quantity: number; returns: Set<string> }>();
    for (const h of held) {
      const e = heldOf.get(h.orderItemId) ?? { quantity: 0, returns: new Set<string>() };
      e.quantity += h.quantity;
      e.returns.add(h.returnId);
      heldOf.set(h.orderItemId, e);
    }
    const taken: (FieldError & { order_item: string; ordered: number; in_other_returns: number; returnable: number; returns: string[] })[] = [];
    input.items.forEach((line, n) => {
      const item = byId.get(line.orderItem)!;
      const h = heldOf.get(item.id);
      const returnable = item.quantity - (h?.quantity ?? 0);
      if (line.quantity > returnable) {
        taken.push({
          field: `items.${n}.quantity`,
          message: `only ${returnable} of '${item.id}' can still be returned: ${h?.quantity ?? 0} of the ${item.quantity} ordered are in other returns`,
          expected: `<= ${returnable}`,
          order_item: item.id, ordered: item.quantity, in_other_returns: h?.quantity ?? 0, returnable, returns: [...(h?.returns ?? [])],
        });
      }
    });
    if (taken.length) {
      const first = taken[0];
      throw new ApiError('DUPLICATE_REQUEST', taken.length === 1
        ? `${first.field}: ${first.message}`
        : `${taken.length} items are already in other returns: ${taken.map((x) => `'${x.order_item}' (${x.returnable} returnable)`).join(', ')}`,
      { order_id: order.id, errors: taken }, first.field);
    }

    const lines = input.items.map((line, n) => {
      const item = byId.get(line.orderItem)!;
      return {
        id: newId(ID_PREFIX.returnItem), orderItemId: item.id, quantity: line.quantity, reason: line.reason,
        unitAmount: item.unitAmount, amount: item.unitAmount * line.quantity, position: n,
      };
    });
    const row = await tx.return.create({
      data: {
        id: newId(ID_PREFIX.return), accountId: scope.accountId, livemode: scope.livemode, orderId: order.id, status: 'requested', currency: order.currency,
        refundAmount: lines.reduce((s, l) => s + l.amount, 0), note: input.note ?? null, metadata: input.metadata ?? {},
        items: { createMany: { data: lines } },
      },
      include,
    });
    emit('return.created', 'Return', row);
    return row;
  },
});

/**
 * Moves a return to `to` with its row locked (a concurrent move waits, then sees the new
 * status); `work` runs in between (restocking, refunding) and may add to the update.
 */
async function moveReturn(
  tx: Tx, scope: Scope, returnId: string, to: ReturnStatus, data: Record<string, unknown>, emit: Emit,
  work?: (ret: Awaited<ReturnType<typeof loadReturn>>) => Promise<{ data?: Record<string, unknown>; eventData?: Record<string, unknown> } | void>,
) {
  const locked = await tx.$queryRaw<{ status: string }[]>`
    SELECT "status" FROM "Return" WHERE "id" = ${returnId} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
  if (locked.length === 0) throw ApiError.notFound('return', returnId);
  assertReturnTransition(locked[0].status, to, returnId);
  const before = await loadReturn(tx, returnId);
  const extra = (await work?.(before)) ?? {};
  const row = await tx.return.update({ where: { id: returnId }, data: { ...data, ...extra.data, status: to }, include });
  emit(`return.${to}`, 'Return', row, undefined, extra.eventData ? { data: extra.eventData } : undefined);
  return row;
}

function loadReturn(tx: Tx, id: string) {
  return tx.return.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { position: 'asc' }, include: { orderItem: true } } } });
}

export const approveReturn = defineMutation({
  name: 'returns.approve',
  permission: 'returns:write',
  model: 'Return',
  input: z.strictObject({ id: returnId }),
  run: (tx, scope, input, emit) => moveReturn(tx, scope, input.id, 'approved', { approvedAt: new Date() }, emit),
});

export const rejectReturn = defineMutation({
  name: 'returns.reject',
  permission: 'returns:write',
  model: 'Return',
  input: z.strictObject({ id: returnId, reason }),
  run: (tx, scope, input, emit) => moveReturn(tx, scope, input.id, 'rejected', { rejectedAt: new Date(), rejectionReason: input.reason }, emit),
});

export const receiveReturn = defineMutation({
  name: 'returns.receive',
  permission: 'returns:write',
  model: 'Return',
  input: z.strictObject({ id: returnId }),
  run: (tx, scope, input, emit) => moveReturn(tx, scope, input.id, 'received', { receivedAt: new Date() }, emit, async (ret) => {
    // the goods are back: each line of a product goes back on hand (when its stock is tracked)
    for (const line of ret.items) {
      if (!line.orderItem.productId) continue;
      await restock(tx, scope, {
        productId: line.orderItem.productId, quantity: line.quantity, orderId: ret.orderId, returnId: ret.id, reason: 'return received',
      }, emit);
    }
  }),
});

/**
 * Refunds a processed return's refund_amount through the order's succeeded payments, oldest
 * first, each up to what remains refundable on it. Returns the refunds made (none when the
 * order has no payment left to refund).
 */
async function refundReturn(tx: Tx, scope: Scope, ret: { id: string; orderId: string; refundAmount: number }, emit: Emit) {
  // the payments locked, always in this order (oldest first): a concurrent refund of one of
  // them, or the processing of another return of the order, waits for this one
  const payments = await tx.$queryRaw<{ id: string; amount: number; amountRefunded: number }[]>`
    SELECT "id", "amount", "amountRefunded" FROM "Payment"
    WHERE "orderId" = ${ret.orderId} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} AND "status" = 'succeeded'
    ORDER BY "createdAt", "id" FOR UPDATE`;
  const refunds: { id: string; amount: number; payment: string }[] = [];
  let left = ret.refundAmount;
  for (const p of payments) {
    if (left === 0) break;
    const amount = Math.min(left, Number(p.amount) - Number(p.amountRefunded));
    if (amount <= 0) continue;
    const refund = await refundInTx(tx, scope, { payment: p.id, amount, reason: `return ${ret.id}` }, emit);
    refunds.push({ id: refund.id, amount, payment: p.id });
    left -= amount;
  }
  return refunds;
}

export const processReturn = defineMutation({
  name: 'returns.process',
  permission: 'returns:write',
  model: 'Return',
  input: z.strictObject({ id: returnId }),
  run: (tx, scope, input, emit) => moveReturn(tx, scope, input.id, 'processed', { processedAt: new Date() }, emit, async (ret) => {
    const refunds = await refundReturn(tx, scope, ret, emit);
    return {
      data: { refundId: refunds[0]?.id ?? null },
      eventData: {
        return_id: ret.id, order_id: ret.orderId, refund_amount: ret.refundAmount,
        amount_refunded: refunds.reduce((s, r) => s + r.amount, 0), refunds: refunds.map((r) => r.id),
      },
    };
  }),
});
