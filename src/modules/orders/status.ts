// The order state machine. Moves not listed here are INVALID_STATE_TRANSITION.
//   pending -> paid | processing | shipped | cancelled
//   paid -> processing | shipped | cancelled | refunded
//   processing -> shipped | cancelled | refunded
//   shipped -> delivered | refunded
//   delivered -> refunded
//   cancelled, refunded: final
// `paid` and `refunded` are reached through payments only: an order moves to paid when its
// succeeded payments cover its amount, and to refunded when every succeeded payment of it is
// fully refunded. A merchant sets the others (update, fulfill, cancel).
// On hold (orders.hold, only from pending, paid or processing; orders.release lifts it): the
// order keeps its status but cannot move to processing or shipped; cancelled and refunded
// clear the hold.
import { ApiError } from '../../errors.js';

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Why an order was cancelled (`POST /v1/orders/{id}/cancel {reason}`, the order's `cancellation_reason`). */
export const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned', 'other'] as const;
/** The statuses an update may ask for; paid and refunded follow the order's payments. */
export const MERCHANT_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'processing', 'shipped', 'cancelled'],
  paid: ['processing', 'shipped', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canMove(from: string, to: OrderStatus): boolean {
  return (MOVES[from as OrderStatus] ?? []).includes(to);
}

export function assertTransition(from: string, to: OrderStatus, orderId: string): void {
  if (!canMove(from, to)) {
    throw new ApiError('INVALID_STATE_TRANSITION', `An order that is ${from} cannot become ${to}`, {
      order_id: orderId,
      current_status: from,
      requested_status: to,
      allowed: MOVES[from as OrderStatus] ?? [],
    });
  }
}

/** The event each status change emits besides order.updated. */
export const STATUS_EVENT: Record<OrderStatus, string | undefined> = {
  pending: undefined,
  paid: 'order.paid',
  processing: 'order.processing',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  refunded: 'order.refunded',
};

/** Statuses an order can be put on hold from. */
export const HOLDABLE_STATUSES = ['pending', 'paid', 'processing'] as const;
/** Moves a held order cannot make until it is released. */
const BLOCKED_WHILE_HELD: readonly OrderStatus[] = ['processing', 'shipped'];

export function assertNotHeld(order: { id: string; status: string; onHold: boolean; holdReason: string | null }, to: OrderStatus): void {
  if (!order.onHold || !BLOCKED_WHILE_HELD.includes(to)) return;
  throw new ApiError('INVALID_STATE_TRANSITION', `Order ${order.id} is on hold${order.holdReason ? ` (${order.holdReason})` : ''}: release it (POST /v1/orders/${order.id}/release) before it can become ${to}`, {
    order_id: order.id,
    current_status: order.status,
    requested_status: to,
    on_hold: true,
    hold_reason: order.holdReason,
    allowed: (MOVES[order.status as OrderStatus] ?? []).filter((s) => !BLOCKED_WHILE_HELD.includes(s)),
  });
}
