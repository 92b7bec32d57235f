// `api.error` (the spec's error event: `error_code`, `request_id`, `customer_id`, `order_id`,
// `amount`, `currency`): a write request that failed in a way the merchant's operations want
// to hear about, recorded as an event of its own (its own transaction: the failed one rolled
// back) and delivered to webhooks and subscribers like any other. Which failures: every
// server-side one (5xx, the request changed nothing) and the refusals of money and stock that
// a shop reacts to (PAYMENT_FAILED, INSUFFICIENT_FUNDS, INSUFFICIENT_INVENTORY). Validation
// errors and the other 4xx are the caller's to fix and are answered only.
import { ApiError, databaseFault } from '../errors.js';
import { formatMajor } from '../modules/money/amounts.js';
import { registerPresenter } from '../representation.js';

/** The pseudo-model of the event's `data.object`: the error as the request got it. */
export const API_ERROR_MODEL = 'ApiErrorEvent';

registerPresenter(API_ERROR_MODEL, (row) => ({ ...row }));

const REPORTED_REFUSALS = new Set(['PAYMENT_FAILED', 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_INVENTORY']);

/** Whether a failed write is reported as `api.error`. */
export function reportsApiError(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true; // an unexpected failure: a 500
  return err.status >= 500 || REPORTED_REFUSALS.has(err.code);
}

const coinOperation = (operation: string) => operation.startsWith('stablecoin.');
const COIN_AMOUNT = /^\d{1,13}(\.\d{1,6})?$/;

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null);

/**
 * The event's object and flat fields. `input` is the request's input as sent (camelCase):
 * `customer` and `order` (or the id of an order being changed), `amount` and `currency` when
 * the request names them (`amount` as the payment events give it: the major unit as a string;
 * a stablecoin operation's amount as sent, in `coin`).
 */
export function apiErrorEvent(err: unknown, requestId: string, operation: string, model: string, input: unknown, coin: string) {
  // the error as the doors answer it: a database fault is its 503 DATABASE_ERROR, not a 500
  const e = err instanceof ApiError ? err : databaseFault(err) ?? new ApiError('INTERNAL_ERROR', 'An unexpected error occurred; it has been logged with this request id');
  const i = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  let currency = text(i.currency)?.toLowerCase() ?? null;
  // an ISO code, or the coin's own (a payment in usdx counts hundredths of the coin, as cents)
  let amount = Number.isSafeInteger(i.amount) && currency && (/^[a-z]{3}$/.test(currency) || currency === coin) ? formatMajor(i.amount as number, currency) : null;
  // a coin amount (stablecoin operations: a decimal string of the coin, which has no currency
  // field in the request) is given as sent, in the coin
  if (amount === null && coinOperation(operation) && typeof i.amount === 'string' && COIN_AMOUNT.test(i.amount)) {
    amount = i.amount;
    currency = coin;
  }
  const orderId = text(i.order) ?? (model === 'Order' ? text(i.id) : null);
  return {
    object: {
      id: requestId, object: 'api_error', code: e.code, type: e.type, status: e.status, message: e.message, operation,
      ...(e.param ? { param: e.param } : {}),
    },
    data: { error_code: e.code, request_id: requestId, customer_id: text(i.customer), order_id: orderId, amount, currency },
  };
}
