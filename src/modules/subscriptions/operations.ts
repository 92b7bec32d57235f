// Prices and subscriptions (issue 15; docs/subscriptions.md). A price is a product's recurring
// amount (unit_amount every interval_count intervals). A subscription bills a customer in
// advance for its items, one invoice per period (billing.ts): created, finalized and paid with
// the subscription's payment method; a failed payment makes it past_due and is retried (+1, +3,
// +7 days after the first failure), then the subscription is canceled. Time is the customer's
// test clock's when it has one (clockNow), else the real time; every event of a change to a
// clocked subscription carries the clock's time as `created`.
import { z } from 'zod';
import { ApiError, type FieldError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, scopedWhere, type Scope, type Tx } from '../../operations/operation.js';
import { amount as amountInput, currency, id, MAX_AMOUNT, metadata, metadataPatch, mergeMetadata } from '../shared-inputs.js';
import { clockNow } from '../invoices/clocks.js';
import { clockEmit, paymentMethod } from '../invoices/operations.js';
import { INTERVALS, MAX_INTERVAL_COUNT, periodOf, type Interval } from './periods.js';
import { billPeriod, cancelNow, emitSubscription, ENDED, include, type SubscriptionRow } from './billing.js';

export const PRICE_PREFIX = 'price';
export const SUBSCRIPTION_PREFIX = 'sub';
export const SUBSCRIPTION_ITEM_PREFIX = 'si';

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired'] as const;

const DAY_MS = 86_400_000;
const MAX_ITEMS = 20;
const MAX_TRIAL_DAYS = 730;

const subscriptionId = id(SUBSCRIPTION_PREFIX);

// ---- prices --------------------------------------------------------------------------------

export const createPrice = defineMutation({
  name: 'prices.create',
  permission: 'prices:write',
  model: 'Price',
  input: z.strictObject({
    product: id(ID_PREFIX.product),
    currency,
    unitAmount: amountInput,
    recurring: z.strictObject({
      interval: z.enum(INTERVALS),
      intervalCount: z.number().int().min(1).max(1095).optional(),
    }),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input) {
    const product = await tx.product.findFirst({ where: scopedWhere(scope, { id: input.product }), select: { id: true } });
    if (!product) throw new ApiError('PARENT_NOT_FOUND', `No such product: '${input.product}'`, { resource: 'product', id: input.product }, 'product');
    const count = input.recurring.intervalCount ?? 1;
    const max = MAX_INTERVAL_COUNT[input.recurring.interval];
    if (count > max) {
      throw ApiError.validation([{
        field: 'recurring.interval_count', message: `a price recurs at most every three years: at most ${max} for interval ${input.recurring.interval}`, expected: `1 to ${max}`,
      }]);
    }
    return tx.price.create({
      data: {
        id: newId(PRICE_PREFIX), accountId: scope.accountId, livemode: scope.livemode, productId: product.id, currency: input.currency,
        unitAmount: input.unitAmount, interval: input.recurring.interval, intervalCount: count, metadata: input.metadata ?? {},
      },
    });
  },
});

// ---- subscriptions -------------------------------------------------------------------------

/** The subscription, its row locked, and "now" for it (its clock's row share-locked first: the clock's advance locks the clock, then subscriptions). */
export async function lockSubscription(tx: Tx, scope: Scope, id: string): Promise<{ sub: SubscriptionRow; now: Date }> {
  const found = await tx.subscription.findFirst({ where: scopedWhere(scope, { id }), select: { testClockId: true } });
  if (!found) throw ApiError.notFound('subscription', id);
  const now = await clockNow(tx, scope, found.testClockId);
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Subscription" WHERE "id" = ${id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
  if (locked.length === 0) throw ApiError.notFound('subscription', id);
  return { sub: await tx.subscription.findUniqueOrThrow({ where: { id }, include }), now };
}

function assertNotEnded(sub: SubscriptionRow, requested: string): void {
  if (ENDED.includes(sub.status)) {
    throw new ApiError('INVALID_STATE_TRANSITION', `Subscription ${sub.id} is ${sub.status}: it can no longer change`, {
      subscription_id: sub.id, current_status: sub.status, requested, allowed: [],
    });
  }
}

const itemInput = z.strictObject({
  price: id(PRICE_PREFIX),
  quantity: z.number().int().min(1).max(1_000_000).optional(),
});

export const createSubscription = defineMutation({
  name: 'subscriptions.create',
  permission: 'subscriptions:write',
  model: 'Subscription',
  input: z.strictObject({
    customer: id(ID_PREFIX.customer),
    items: z.array(itemInput).min(1).max(MAX_ITEMS),
    paymentMethod: paymentMethod.nullable().optional(),
    trialPeriodDays: z.number().int().min(1).max(MAX_TRIAL_DAYS).optional(),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input, emitRaw, services) {
    const customer = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true, testClockId: true } });
    if (!customer) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
    const now = await clockNow(tx, scope, customer.testClockId);
    const emit = clockEmit(emitRaw, customer.testClockId, now);

    // the prices: of this account and mode, active, one currency, one interval, each once
    const priceIds = input.items.map((i) => i.price);
    const prices = await tx.price.findMany({ where: scopedWhere(scope, { id: { in: priceIds } }) });
    const byId = new Map(prices.map((p) => [p.id, p]));
    const missing = priceIds.find((p) => !byId.has(p));
    if (missing) throw new ApiError('PARENT_NOT_FOUND', `No such price: '${missing}'`, { resource: 'price', id: missing }, `items.${priceIds.indexOf(missing)}.price`);
    const faults: FieldError[] = [];
    const first = byId.get(priceIds[0])!;
    let periodTotal = 0;
    input.items.forEach((item, n) => {
      const price = byId.get(item.price)!;
      const field = `items.${n}.price`;
      if (priceIds.indexOf(item.price) !== n) faults.push({ field, message: `price ${price.id} is already item ${priceIds.indexOf(item.price)}; give it once with a quantity`, expected: 'each price once' });
      if (!price.active) faults.push({ field, message: `price ${price.id} is not active`, expected: 'an active price' });
      if (price.currency !== first.currency) faults.push({ field, message: `price ${price.id} is in ${price.currency}, item 0's in ${first.currency}: a subscription bills one currency`, expected: `a price in ${first.currency}` });
      if (price.interval !== first.interval || price.intervalCount !== first.intervalCount) {
        faults.push({ field, message: `price ${price.id} recurs every ${price.intervalCount} ${price.interval}, item 0's every ${first.intervalCount} ${first.interval}: a subscription has one billing period`, expected: `a price recurring every ${first.intervalCount} ${first.interval}` });
      }
      const line = price.unitAmount * (item.quantity ?? 1);
      if (line > MAX_AMOUNT) faults.push({ field: `items.${n}.quantity`, message: `quantity x unit_amount is ${line}, more than ${MAX_AMOUNT}`, expected: `at most ${MAX_AMOUNT} minor units per item` });
      periodTotal += line;
    });
    if (!faults.length && periodTotal > MAX_AMOUNT) faults.push({ field: 'items', message: `a period would cost ${periodTotal}, more than ${MAX_AMOUNT}`, expected: `at most ${MAX_AMOUNT} minor units per period` });
    if (input.paymentMethod === 'stablecoin' && first.currency !== 'usd') {
      faults.push({ field: 'payment_method', message: `a stablecoin payment is made in usd; the prices are in ${first.currency}`, expected: 'a card payment method' });
    }
    if (faults.length) throw ApiError.validation(faults);

    const interval = first.interval as Interval;
    const trialEnd = input.trialPeriodDays ? new Date(now.getTime() + input.trialPeriodDays * DAY_MS) : null;
    const anchor = trialEnd ?? now;
    const firstPeriod = trialEnd ? { start: now, end: trialEnd } : periodOf(anchor, interval, first.intervalCount, 1);
    let sub = await tx.subscription.create({
      data: {
        id: newId(SUBSCRIPTION_PREFIX), accountId: scope.accountId, livemode: scope.livemode, customerId: customer.id,
        testClockId: customer.testClockId, currency: first.currency, paymentMethod: input.paymentMethod ?? null,
        status: trialEnd ? 'trialing' : 'active', interval, intervalCount: first.intervalCount, billingCycleAnchor: anchor,
        currentPeriodStart: firstPeriod.start, currentPeriodEnd: firstPeriod.end, trialStart: trialEnd ? now : null, trialEnd,
        periodIndex: trialEnd ? 0 : 1, nextActionAt: firstPeriod.end, metadata: input.metadata ?? {}, createdAt: now,
        items: { createMany: { data: input.items.map((item, n) => ({ id: newId(SUBSCRIPTION_ITEM_PREFIX), priceId: item.price, quantity: item.quantity ?? 1, position: n })) } },
      },
      include,
    });
    // the first period is invoiced now, unless it is a trial (invoiced when the trial ends)
    if (!trialEnd) sub = await billPeriod(tx, scope, sub, now, emit, services, 'first');
    emitSubscription(emit, 'customer.subscription.created', sub, undefined, now);
    return sub;
  },
});

export const updateSubscription = defineMutation({
  name: 'subscriptions.update',
  permission: 'subscriptions:write',
  model: 'Subscription',
  input: z.strictObject({
    id: subscriptionId,
    paymentMethod: paymentMethod.nullable().optional(),
    cancelAtPeriodEnd: z.boolean().optional(),
    metadata: metadataPatch.optional(),
  }),
  async run(tx, scope, input, emitRaw) {
    const { sub, now } = await lockSubscription(tx, scope, input.id);
    const emit = clockEmit(emitRaw, sub.testClockId, now);
    if (input.paymentMethod !== undefined || input.cancelAtPeriodEnd !== undefined) assertNotEnded(sub, 'update');
    if (input.paymentMethod === 'stablecoin' && sub.currency !== 'usd') {
      throw ApiError.validation([{ field: 'payment_method', message: `a stablecoin payment is made in usd; subscription ${sub.id} bills ${sub.currency}`, expected: 'a card payment method' }]);
    }
    if (input.cancelAtPeriodEnd === true && sub.status === 'incomplete') {
      throw new ApiError('INVALID_STATE_TRANSITION', `Subscription ${sub.id} is incomplete: it has no paid period to end; cancel it now instead`, {
        subscription_id: sub.id, current_status: sub.status, requested: 'cancel_at_period_end', allowed: ['canceled'],
      }, 'cancel_at_period_end');
    }
    const data: Record<string, unknown> = {};
    if (input.paymentMethod !== undefined) data.paymentMethod = input.paymentMethod;
    if (input.metadata !== undefined) data.metadata = mergeMetadata(sub.metadata, input.metadata);
    if (input.cancelAtPeriodEnd !== undefined && input.cancelAtPeriodEnd !== sub.cancelAtPeriodEnd) {
      data.cancelAtPeriodEnd = input.cancelAtPeriodEnd;
      // Stripe's canceled_at: when the cancellation was asked for; cleared when it is taken back
      data.canceledAt = input.cancelAtPeriodEnd ? now : null;
    }
    if (Object.keys(data).length === 0) return sub;
    const row = await tx.subscription.update({ where: { id: sub.id }, data, include });
    emitSubscription(emit, 'customer.subscription.updated', row, sub, now);
    return row;
  },
});

export const cancelSubscription = defineMutation({
  name: 'subscriptions.cancel',
  permission: 'subscriptions:write',
  model: 'Subscription',
  input: z.strictObject({ id: subscriptionId, atPeriodEnd: z.boolean().optional() }),
  async run(tx, scope, input, emitRaw) {
    const { sub, now } = await lockSubscription(tx, scope, input.id);
    const emit = clockEmit(emitRaw, sub.testClockId, now);
    assertNotEnded(sub, 'canceled');
    if (!input.atPeriodEnd) return cancelNow(tx, sub, now, emit);
    if (sub.status === 'incomplete') {
      throw new ApiError('INVALID_STATE_TRANSITION', `Subscription ${sub.id} is incomplete: it has no paid period to end; cancel it now instead`, {
        subscription_id: sub.id, current_status: sub.status, requested: 'cancel_at_period_end', allowed: ['canceled'],
      }, 'at_period_end');
    }
    // already to end with its period: nothing changes
    if (sub.cancelAtPeriodEnd) return sub;
    const row = await tx.subscription.update({ where: { id: sub.id }, data: { cancelAtPeriodEnd: true, canceledAt: now }, include });
    emitSubscription(emit, 'customer.subscription.updated', row, sub, now);
    return row;
  },
});
