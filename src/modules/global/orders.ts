// Global orders (POST /v1/global/orders/create, GraphQL createGlobalOrder): an order of the
// orders area (same resource, GET /v1/orders/{id}) priced across borders. In one transaction:
//   1. the customer's name is screened (sanctions lists, embargoed ship-to country): `match` is
//      422 COMPLIANCE_BLOCKED and nothing is written; otherwise the check is stored, and a
//      `potential_match` creates the order on hold with the check attached;
//   2. the lines are priced and their stock reserved by the orders area (placeOrder, as
//      orders.create does), which asks this module for the rest before writing anything:
//   3. shipping: one parcel of the lines' weight from the account's country (DE for test
//      accounts without one) to `ship_to`, the cheapest service or the one named, converted
//      into the order's currency;
//   4. tax of the destination on subtotal plus shipping (US state / Canadian province from the
//      postal code when `region` is missing);
//   5. the total converted into the settlement currency with a locked FX quote.
// Rounding is half to even throughout (docs/global.md).
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { ID_PREFIX } from '../../ids.js';
import { defineMutation, scopedWhere, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { currency, id, MAX_AMOUNT, metadata } from '../shared-inputs.js';
import { orderItem, placeOrder, type GlobalOrderColumns, type OrderExtras, type PricedLine } from '../orders/operations.js';
import { country } from './countries.js';
import { screen, storeCheck } from './compliance.js';
import { quoteFx, type FxQuote } from './fx.js';
import { quoteShipping, shippingTablesFor } from './shipping.js';
import { calculateTax } from './tax.js';
import { globalSettings, type GlobalSettings } from './settings.js';

const serviceName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a service name of the shipping tables (e.g. standard, express)');

export const globalOrderInput = z.strictObject({
  currency,
  /** the currency the total settles in; default: the account's default currency, else `currency` */
  settlementCurrency: currency.optional(),
  customer: id(ID_PREFIX.customer),
  shipTo: z.strictObject({
    country,
    region: z.string().trim().min(1).max(10).optional(),
    postalCode: z.string().trim().min(1).max(16),
  }),
  items: z.array(orderItem.extend({ weightGrams: z.number().int().min(0).max(1_000_000) })).min(1).max(1000),
  shippingService: serviceName.optional(),
  metadata: metadata.optional(),
});

export type GlobalOrderInput = z.infer<typeof globalOrderInput>;

/** A value with its object keys in the order PostgreSQL's jsonb keeps them (shorter first, then by bytes), at every depth. */
function jsonbOrdered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(jsonbOrdered) as T;
  if (value === null || typeof value !== 'object') return value;
  const bytes = (k: string) => Buffer.from(k, 'utf8');
  const keys = Object.keys(value).sort((a, b) => bytes(a).length - bytes(b).length || Buffer.compare(bytes(a), bytes(b)));
  return Object.fromEntries(keys.map((k) => [k, jsonbOrdered((value as Record<string, unknown>)[k])])) as T;
}

/**
 * An error of a global function, its `param` named as in this operation's input (with the fault
 * in details.errors, so that REST spells it as sent: ship_to.postal_code).
 */
function renamed(err: unknown, params: Record<string, string>): unknown {
  if (!(err instanceof ApiError) || !err.param || !params[err.param]) return err;
  const field = params[err.param];
  return new ApiError(err.code, err.message, { ...err.details, errors: [{ field, message: err.message }] }, field);
}

async function attempt<T>(fn: () => Promise<T> | T, params: Record<string, string>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw renamed(err, params);
  }
}

/** The account's country (ship-from, the seller) and default currency; test accounts without a country ship from DE. */
async function accountFacts(tx: Tx, scope: Scope): Promise<{ seller: string; defaultCurrency: string | null }> {
  const account = await tx.account.findUnique({ where: { id: scope.accountId }, select: { country: true, defaultCurrency: true } });
  const own = account?.country && /^[A-Za-z]{2}$/.test(account.country) ? account.country.toUpperCase() : undefined;
  const seller = own ?? (scope.livemode ? undefined : 'DE');
  if (!seller) {
    throw new ApiError('SHIPPING_UNAVAILABLE', 'The account has no country on record, so there is no place to ship from: global orders ship from the account\'s country', {
      missing: 'account.country',
    });
  }
  return { seller, defaultCurrency: account?.defaultCurrency ? account.defaultCurrency.toLowerCase() : null };
}

/** Shipping, tax and the settlement quote of a global order whose lines are priced. */
async function price(
  tx: Tx, scope: Scope, settings: GlobalSettings, input: GlobalOrderInput, lines: PricedLine[], subtotal: number, screening: GlobalOrderColumns['compliance'], hold?: string,
): Promise<OrderExtras> {
  const weight = lines.reduce((s, l) => s + (l.weightGrams ?? 0) * l.quantity, 0);
  if (weight === 0) throw ApiError.validation([{ field: 'items', message: 'the items weigh 0 g: a global order ships at least one item with a weight', expected: 'weightGrams > 0 on an item' }]);
  const { seller, defaultCurrency } = await accountFacts(tx, scope);

  // shipping: one parcel of the lines' weight (no dimensions are known), cheapest service first
  const { tables, source } = await shippingTablesFor(tx, scope.livemode);
  const quote = await attempt(() => quoteShipping(tables, {
    from: { country: seller, postal_code: null },
    to: { country: input.shipTo.country, postal_code: input.shipTo.postalCode },
    parcels: [{ weight_grams: weight }],
    ...(input.shippingService ? { services: [input.shippingService] } : {}),
  }, source), { services: 'shippingService', 'to.country': 'shipTo.country', 'from.country': 'shipTo.country' });
  const chosen = quote.quotes[0];
  // the service's price in the order's currency (the tables price in the origin's currency)
  const shipFx = await attempt(() => quoteFx(tx, scope.livemode, settings, { from: chosen.currency, to: input.currency, amount: chosen.amount }), { from: 'currency', to: 'currency' });
  const amountShipping = shipFx.converted_amount;

  // tax of the destination on subtotal plus shipping
  const tax = await attempt(() => calculateTax({
    amount: subtotal + amountShipping, currency: input.currency, country: input.shipTo.country, region: input.shipTo.region,
    postalCode: input.shipTo.postalCode, customerType: 'b2c', sellerCountry: seller,
  }), { country: 'shipTo.country', region: 'shipTo.region', postal_code: 'shipTo.postalCode', currency: 'currency', seller_country: 'shipTo.country' });

  const total = subtotal + amountShipping + tax.tax_amount;
  if (total > MAX_AMOUNT) {
    throw ApiError.validation([{ field: 'items', message: `the order total ${total} (subtotal ${subtotal}, shipping ${amountShipping}, tax ${tax.tax_amount}) exceeds ${MAX_AMOUNT}`, expected: `<= ${MAX_AMOUNT}` }]);
  }
  const settlementCurrency = input.settlementCurrency ?? defaultCurrency ?? input.currency;
  const fx: FxQuote = await attempt(() => quoteFx(tx, scope.livemode, settings, { from: input.currency, to: settlementCurrency, amount: total }), {
    from: 'currency', to: input.settlementCurrency ? 'settlementCurrency' : 'currency',
  });

  const columns: GlobalOrderColumns = {
    amountSubtotal: subtotal,
    amountShipping,
    amountTax: tax.tax_amount,
    amountTotal: total,
    fx: jsonbOrdered(fx),
    settlement: jsonbOrdered({ currency: settlementCurrency, amount_total: fx.converted_amount }),
    shipTo: jsonbOrdered({ country: input.shipTo.country, region: tax.jurisdiction.region, postal_code: input.shipTo.postalCode }),
    shipping: jsonbOrdered({
      carrier: chosen.carrier, service: chosen.service, zone: quote.zone, from_country: seller, estimated_days: chosen.estimated_days,
      billable_weight_grams: chosen.billable_weight_grams, amount: amountShipping,
      quoted: { amount: chosen.amount, currency: chosen.currency, rate: shipFx.rate }, rates_source: quote.rates_source,
    }),
    tax: jsonbOrdered({
      rate: tax.rate, amount: tax.amount, tax_amount: tax.tax_amount, jurisdiction: tax.jurisdiction, seller_country: tax.seller_country,
      reverse_charge: tax.reverse_charge, breakdown: tax.breakdown, rates_as_of: tax.rates_as_of, rates_source: tax.rates_source,
    }),
    compliance: screening,
  };
  return { amount: total, columns, ...(hold ? { hold } : {}) };
}

/**
 * What a global order of `input` would cost in its currency (items, shipping and tax), for an
 * agent's spending limits (src/modules/agents): the lines priced as placeOrder prices them, then
 * the same shipping and tax as the order itself. An input the order would refuse costs its
 * items' subtotal (the order then fails as it would through REST).
 */
export async function globalOrderTotal(tx: Tx, scope: Scope, services: Services, input: GlobalOrderInput): Promise<number> {
  const productIds = [...new Set(input.items.flatMap((i) => (i.product && i.unitAmount === undefined ? [i.product] : [])))];
  const prices = productIds.length ? await tx.product.findMany({ where: scopedWhere(scope, { id: { in: productIds } }), select: { id: true, price: true } }) : [];
  const byId = new Map(prices.map((p) => [p.id, p.price]));
  const lines: PricedLine[] = input.items.map((i, n) => {
    const unitAmount = i.unitAmount ?? byId.get(i.product ?? '') ?? 0;
    return { id: '', productId: i.product ?? null, name: i.name ?? '', quantity: i.quantity, unitAmount, amount: unitAmount * i.quantity, position: n, weightGrams: i.weightGrams ?? null };
  });
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  try {
    return (await price(tx, scope, globalSettings(services), input, lines, subtotal, null)).amount;
  } catch (err) {
    if (err instanceof ApiError) return subtotal;
    throw err;
  }
}

export const createGlobalOrder = defineMutation({
  name: 'global.orders.create',
  permission: 'orders:create',
  model: 'Order',
  input: globalOrderInput,
  async run(tx, scope, input, emit, services) {
    const settings = globalSettings(services);
    const customer = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true, name: true } });
    if (!customer) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
    const name = customer.name?.trim();
    if (!name || !/[\p{L}\p{N}]/u.test(name)) {
      throw new ApiError('INVALID_FIELD_VALUE', `Customer ${customer.id} has no name: a global order screens the customer's name against the sanctions lists; set one (POST /v1/customers/${customer.id})`, {
        customer: customer.id,
      }, 'customer');
    }
    // screened first: a match writes nothing (the transaction rolls back with the error)
    const request = { name: name.slice(0, 300), type: 'individual' as const, country: input.shipTo.country };
    const screening = await screen(tx, scope.livemode, settings, request);
    if (screening.result === 'match') {
      throw new ApiError('COMPLIANCE_BLOCKED', `The customer ${customer.id} ('${name}') matches a sanctions list entry or ships to an embargoed country: the order is refused`, {
        customer: customer.id, result: screening.result, matches: screening.matches, lists: screening.lists,
      }, 'customer');
    }
    const check = await storeCheck(tx, scope, request, screening);
    const attached = jsonbOrdered({ check: check.id, result: screening.result, matches: screening.matches });
    const hold = screening.result === 'potential_match'
      ? `compliance: potential sanctions match (check ${check.id}, score ${screening.matches[0]?.score}, ${screening.matches[0]?.list} entry ${screening.matches[0]?.entry_id}); review and release`
      : undefined;
    return placeOrder(tx, scope, {
      currency: input.currency, customer: customer.id, items: input.items, ...(input.metadata ? { metadata: input.metadata } : {}),
    }, emit, (lines, subtotal) => price(tx, scope, settings, input, lines, subtotal, attached, hold));
  },
});
