// 2026-11-15 (alpha preview), for clients that opt in: every order carries one set of money
// fields. In 2026-11-01 an order's total is `amount`, and `amount_subtotal`, `amount_shipping`,
// `amount_tax` and `amount_total` are set on global orders only (null on the others). In this
// preview `amount` is gone and the four are set on every order: one that is not global has a
// subtotal and a total of its amount, and no shipping or tax (0). Requests: order lists and
// reads filter, sort and pick `fields` by `amount_total` where 2026-11-01 says `amount`.
// A preview change (./change.ts PreviewChange): `response` goes up from 2026-11-01, `request`
// down to it.
import { renameQueryField, type PreviewChange, type QueryParams } from '../change.js';

const READ_ORDERS = /^GET (\/v1)?\/orders(\/list|\/:id)?$/;
const FROM_AMOUNT = new Set(['amount_subtotal', 'amount_total']);
const ZERO_UNLESS_SET = new Set(['amount_shipping', 'amount_tax']);

export const orderAmounts: PreviewChange = {
  version: '2026-11-15',
  description: 'Orders: `amount` is removed; `amount_subtotal`, `amount_shipping`, `amount_tax` and `amount_total` are set on every order '
    + '(an order that is not global: subtotal and total its amount, shipping and tax 0); lists filter, sort and pick `fields` by `amount_total`.',
  objectTypes: ['order'],
  requestRoutes: READ_ORDERS,

  response(objectType, body) {
    if (objectType !== 'order' || !Object.hasOwn(body, 'amount')) return body;
    const total = body.amount;
    // a whole order (not a partial such as previous_attributes): its null money fields are filled
    const whole = Object.hasOwn(body, 'object');
    // built in one call, not key by key (a dictionary-mode object past about 16 keys in V8)
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'amount').map(([k, v]) => [k,
      whole && v === null && FROM_AMOUNT.has(k) ? total : whole && v === null && ZERO_UNLESS_SET.has(k) ? 0 : v]));
    // a partial, or an answer whose `fields` picked the amount only
    if (!Object.hasOwn(out, 'amount_total')) out.amount_total = total;
    return out;
  },

  request(route, body) {
    if (!READ_ORDERS.test(route)) return body;
    const query = renameQueryField(body as QueryParams, 'amount_total', 'amount');
    // `fields` picking a money field gets `amount` too: the answer's fields are filled from it
    const fields = query.fields;
    const picks = (Array.isArray(fields) ? fields.join(',') : fields ?? '').split(',').map((f) => f.trim());
    if (fields !== undefined && !picks.includes('amount') && picks.some((f) => FROM_AMOUNT.has(f) || ZERO_UNLESS_SET.has(f))) {
      return { ...query, fields: Array.isArray(fields) ? [...fields, 'amount'] : `${fields},amount` };
    }
    return query;
  },
};
