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
import { ApiError } from '../../errors.js';

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
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
