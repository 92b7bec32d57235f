// The order state machine. Moves not listed here are INVALID_STATE_TRANSITION.
//   pending -> processing | shipped | cancelled
//   processing -> shipped | cancelled
//   shipped -> delivered
//   delivered, cancelled: final
import { ApiError } from '../../errors.js';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function assertTransition(from: string, to: OrderStatus, orderId: string): void {
  if (!(MOVES[from as OrderStatus] ?? []).includes(to)) {
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
  processing: 'order.processing',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
};
