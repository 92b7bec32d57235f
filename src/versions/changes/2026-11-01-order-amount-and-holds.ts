// 2026-11-01, for clients of 2026-06-01: an order's `total` is called `amount` (as payments and
// refunds name theirs), an order item's `price` is called `unit_amount` (`amount` being the
// line's total), and orders gained holds (`on_hold`, `hold_reason`, `held_at`) and
// `delivered_at`. A 2026-06-01 client sees none of the new fields, reads `total` and
// `items[].price`, sends `items[].price` when it creates an order, and filters, sorts and
// picks `fields` by `total`.
import { omitKeys, renameKey, renameQueryField, type QueryParams, type VersionChange } from '../change.js';

const ORDER_FIELDS_ADDED = ['on_hold', 'hold_reason', 'held_at', 'delivered_at'] as const;

const CREATE_ORDER = /^POST (\/v1)?\/orders(\/create)?$/;
const READ_ORDERS = /^GET (\/v1)?\/orders(\/list|\/:id)?$/;

export const orderAmountAndHolds: VersionChange = {
  version: '2026-11-01',
  description: "Orders: `total` is renamed `amount`; order items' `price` is renamed `unit_amount`; "
    + 'orders gain `on_hold`, `hold_reason`, `held_at` (holds) and `delivered_at`.',
  objectTypes: ['order', 'order_item'],
  requestRoutes: new RegExp(`${CREATE_ORDER.source}|${READ_ORDERS.source}`),

  response(objectType, body) {
    if (objectType === 'order') return renameKey(omitKeys(body, ORDER_FIELDS_ADDED), 'amount', 'total');
    if (objectType === 'order_item') return renameKey(body, 'unit_amount', 'price');
    return body;
  },

  request(route, body) {
    if (CREATE_ORDER.test(route)) {
      if (!Array.isArray(body.items)) return body;
      const items = body.items.map((item: unknown) => (item && typeof item === 'object' && !Array.isArray(item)
        ? renameKey(item as Record<string, unknown>, 'price', 'unit_amount') : item));
      return { ...body, items };
    }
    if (READ_ORDERS.test(route)) {
      const query = renameQueryField(body as QueryParams, 'total', 'amount');
      return renameQueryField(query, 'items.price', 'items.unit_amount');
    }
    return body;
  },
};
