// Payments and refunds on the ledger. Test mode simulates a card processor by payment method;
// live mode has none configured and refuses card payments without creating anything. A
// payment by the account's stablecoin wallet burns the coin and credits the account's balance:
// in usd (`currency: "usd"`), or in the coin's own currency (`currency: "usdx"`, amounts in
// hundredths of the coin, pegged 1:1 to usd), which only the wallet can pay.
// Every movement is one ledger transaction in the same database transaction as the payment
// or refund and its events.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, lockRow, scopedWhere, type Emit, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { currency, CURRENCY_EXPECTED, id, metadata, positiveAmount } from '../shared-inputs.js';
import { formatMajor, isCoinCurrency, MICRO_PER_COIN_MINOR, registeredCoinCurrencies } from '../money/amounts.js';
import { InsufficientFunds, insufficientFundsError, ledgerAccount, post, walletOf } from '../money/ledger.js';
import { reflectPayments } from '../orders/operations.js';

/** The simulated processor's outcome per test payment method. */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: { outcome: 'succeeded' },
  pm_card_mastercard: { outcome: 'succeeded' },
  pm_card_chargeDeclined: { outcome: 'failed', reason: 'card_declined' },
  pm_card_insufficientFunds: { outcome: 'failed', reason: 'insufficient_funds' },
  pm_card_processing: { outcome: 'pending' },
} as const;
export const PAYMENT_METHODS = ['stablecoin', ...Object.keys(TEST_PAYMENT_METHODS)] as [string, ...string[]];
/** A payment's statuses: pending until the processor settles it, then succeeded or failed. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** A refund's statuses: a refund is made in one step, so every refund has succeeded. */
export const REFUND_STATUSES = ['succeeded'] as const;

/**
 * A card processor. Test mode's is the simulation above; live mode has none until one is
 * configured, and a live card payment is refused (nothing pretends to move real money).
 */
export interface CardProcessor {
  charge(method: string, amount: number, currency: string): { outcome: 'succeeded' | 'failed' | 'pending'; reason?: string };
}

const testProcessor: CardProcessor = {
  charge(method) {
    const m = TEST_PAYMENT_METHODS[method as keyof typeof TEST_PAYMENT_METHODS];
    return { outcome: m.outcome, ...('reason' in m ? { reason: m.reason } : {}) };
  },
};

export function processorFor(livemode: boolean): CardProcessor | undefined {
  return livemode ? undefined : testProcessor;
}

type PaymentRow = Awaited<ReturnType<Tx['payment']['create']>>;

/** The spec's flat fields of payment events, besides data.object. */
export function paymentEventData(p: PaymentRow): Record<string, unknown> {
  return {
    payment_id: p.id, amount: formatMajor(p.amount, p.currency), currency: p.currency, status: p.status,
    ...(p.status === 'succeeded' ? { transaction_hash: p.transactionHash } : {}),
    ...(p.status === 'failed' ? { failure_reason: p.failureReason } : {}),
  };
}

function emitPayment(emit: Emit, type: string, p: PaymentRow) {
  emit(type, 'Payment', p, undefined, { data: paymentEventData(p) });
}

/** Minor units of usd, or hundredths of the coin in its own currency -> micro-units of the coin (1 cent = 0.01 coin). */
const MICRO_PER_CENT = MICRO_PER_COIN_MINOR;

/** What a payment is for, when another operation makes it (an invoice's payment). */
export interface PaymentContext { invoice?: string }

/**
 * Told of every payment that succeeded, in its transaction (the finance area: a factored
 * invoice's payment repays the factoring first; revenue-share loans withhold their share).
 */
export type PaymentSucceededHook = (tx: Tx, scope: Scope, payment: PaymentRow, emit: Emit, context: PaymentContext) => Promise<void>;
export const paymentSucceededHooks: PaymentSucceededHook[] = [];

/** What `currency` of a payment may be: an ISO 4217 code, or the stablecoin's code. */
function paymentCurrencyExpected(): string {
  const coins = registeredCoinCurrencies();
  return coins.length ? `${CURRENCY_EXPECTED}, or the stablecoin's code (${coins.join(', ')})` : CURRENCY_EXPECTED;
}

/**
 * A payment's currency: an ISO 4217 code in circulation (the shared rule), or the stablecoin's
 * own code (registered from STABLECOIN_CURRENCY at start: src/modules/money/amounts.ts); any
 * case in, lowercase out.
 */
const paymentCurrency = z
  .string()
  .superRefine((c, ctx) => {
    if (isCoinCurrency(c.toLowerCase())) return;
    const iso = currency.safeParse(c);
    if (iso.success) return;
    const first = iso.error.issues[0];
    ctx.addIssue({ code: 'custom', message: first?.message ?? 'not a currency code', params: { expected: paymentCurrencyExpected() } });
  })
  .transform((c) => c.toLowerCase())
  .meta({ description: `ISO 4217 code (usd, eur), or the stablecoin's code (usdx by default): a payment in the coin's currency is paid from the account's wallet` });

const STABLECOIN_ONLY = "a payment in the stablecoin's currency is paid from the account's stablecoin wallet: payment_method must be stablecoin (or omitted); card payments are made in a fiat currency such as usd";

const createPaymentInput = z.strictObject({
  amount: positiveAmount,
  currency: paymentCurrency,
  // a string, not an enum: processors plugged in later take their own payment method ids
  paymentMethod: z.string().superRefine((m, ctx) => {
    if (!PAYMENT_METHODS.includes(m)) {
      ctx.addIssue({ code: 'custom', message: `unknown payment method '${m.slice(0, 100)}'`, params: { expected: `one of ${PAYMENT_METHODS.join(', ')}`, code: 'INVALID_ENUM_VALUE' } });
    }
  }).optional().meta({ description: "stablecoin or a card payment method; required, but for a payment in the stablecoin's currency (then stablecoin, the only one it takes)" }),
  customer: id(ID_PREFIX.customer).nullable().optional(),
  order: id(ID_PREFIX.order).nullable().optional(),
  description: z.string().max(1000).nullable().optional(),
  metadata: metadata.optional(),
}).check(z.superRefine((input, ctx) => {
  // how currency and payment method go together; run with other faults too (`when`), so that
  // one answer names every field at fault
  const raw = input as { currency?: unknown; paymentMethod?: unknown };
  const inCoin = typeof raw.currency === 'string' && isCoinCurrency(raw.currency.toLowerCase());
  if (raw.paymentMethod === undefined && !inCoin) {
    ctx.addIssue({ code: 'custom', path: ['paymentMethod'], input: undefined, message: 'is required', params: { expected: `one of ${PAYMENT_METHODS.join(', ')}`, code: 'MISSING_REQUIRED_FIELD' } });
  } else if (inCoin && typeof raw.paymentMethod === 'string' && raw.paymentMethod !== 'stablecoin' && PAYMENT_METHODS.includes(raw.paymentMethod)) {
    ctx.addIssue({ code: 'custom', path: ['paymentMethod'], input: raw.paymentMethod, message: STABLECOIN_ONLY, params: { expected: 'stablecoin (or no payment_method)', code: 'INVALID_FIELD_VALUE' } });
  }
}, { when: () => true }));

export const createPayment = defineMutation({
  name: 'payments.create',
  permission: 'payments:create',
  model: 'Payment',
  input: createPaymentInput,
  run: (tx, scope, input, emit, services) => createPaymentInTx(tx, scope, input, emit, services),
});

/** createPayment's body, for an operation that makes a payment in its own transaction (an invoice's). */
/**
 * An order's status, total, and what its payments already cover: the amount of every succeeded
 * or pending payment less what was refunded of it (`lock`: the order's row locked until commit).
 */
async function orderDue(tx: Tx, scope: Scope, orderId: string, lock: boolean): Promise<{ id: string; status: string; amount: number; covered: number } | undefined> {
  const [o] = await tx.$queryRawUnsafe<{ status: string; amount: number; covered: number }[]>(
    `SELECT o."status", o."amount", (SELECT coalesce(sum(p."amount" - p."amountRefunded"), 0)::int FROM "Payment" p
       WHERE p."orderId" = o."id" AND p."status" IN ('succeeded', 'pending')) AS "covered"
     FROM "Order" o WHERE o."id" = $1 AND o."accountId" = $2 AND o."livemode" = $3${lock ? ' FOR UPDATE OF o' : ''}`,
    orderId, scope.accountId, scope.livemode);
  return o ? { id: orderId, ...o } : undefined;
}

/**
 * Refuses a payment its order cannot take: a cancelled or refunded order (422
 * INVALID_STATE_TRANSITION), or more than the order still has due once its succeeded and
 * pending payments are counted (422 AMOUNT_EXCEEDS_DUE with `amount_due`): an order is never
 * charged twice nor beyond its total.
 */
function payableOrder(o: { id: string; status: string; amount: number; covered: number } | undefined, input: { order?: string | null; amount: number; currency: string }): void {
  if (!o) throw new ApiError('PARENT_NOT_FOUND', `No such order: '${input.order}'`, { resource: 'order', id: input.order }, 'order');
  if (o.status === 'cancelled' || o.status === 'refunded') {
    throw new ApiError('INVALID_STATE_TRANSITION', `An order that is ${o.status} cannot be paid`, { order_id: o.id, current_status: o.status }, 'order');
  }
  const due = Math.max(0, o.amount - o.covered);
  if (input.amount > due) {
    throw new ApiError('AMOUNT_EXCEEDS_DUE', due === 0
      ? `Order ${o.id} is covered in full by its payments: nothing is due`
      : `${input.amount} is more than the ${due} still due on order ${o.id}`, {
      amount_due: due, amount: input.amount, currency: input.currency, order_id: o.id, order_amount: o.amount,
    }, 'amount');
  }
}

export async function createPaymentInTx(
  tx: Tx, scope: Scope, input: z.infer<typeof createPaymentInput>, emit: Emit, services: Services, context: PaymentContext = {},
): Promise<PaymentRow> {
  const coin = services.money.coin;
  // a payment in the coin's own currency: amount in hundredths of the coin, paid from the wallet
  const inCoin = input.currency === coin && isCoinCurrency(coin);
  if (!inCoin && isCoinCurrency(input.currency)) {
    // the code of another server's coin (several servers in one process, as in tests)
    throw ApiError.validation([{ field: 'currency', message: `not a currency of this server: an ISO 4217 code or ${coin}`, expected: `${CURRENCY_EXPECTED}, or ${coin}` }]);
  }
  const method = input.paymentMethod ?? (inCoin ? 'stablecoin' : undefined);
  if (method === undefined) {
    throw ApiError.validation([{ field: 'paymentMethod', message: 'is required', expected: `one of ${PAYMENT_METHODS.join(', ')}`, code: 'MISSING_REQUIRED_FIELD' }]);
  }
  if (inCoin && method !== 'stablecoin') {
    throw ApiError.validation([{ field: 'paymentMethod', message: STABLECOIN_ONLY, expected: 'stablecoin (or no payment_method)', code: 'INVALID_FIELD_VALUE' }]);
  }
  if (method === 'stablecoin' && input.currency !== 'usd' && !inCoin) {
    throw ApiError.validation([{ field: 'currency', message: `a stablecoin payment is made in usd or in ${coin} (1 ${coin} = 1 usd)`, expected: `usd or ${coin}` }]);
  }
  const processor = method === 'stablecoin' ? undefined : processorFor(scope.livemode);
  if (method !== 'stablecoin' && !processor) {
    throw new ApiError('PAYMENT_FAILED', 'No card processor is configured for live mode: live card payments cannot be made on this server', {
      reason: 'no_processor_configured', payment_method: method,
    }, 'payment_method');
  }
  if (input.customer) {
    const c = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true } });
    if (!c) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
  }
  if (input.order) {
    const o = await tx.order.findFirst({ where: scopedWhere(scope, { id: input.order }), select: { id: true, currency: true, status: true } });
    if (!o) throw new ApiError('PARENT_NOT_FOUND', `No such order: '${input.order}'`, { resource: 'order', id: input.order }, 'order');
    if (o.currency !== input.currency) {
      // orders are in ISO 4217 currencies only: the coin pays a usd order as a stablecoin payment in usd
      const hint = inCoin && o.currency === 'usd' ? `; pay it in usd with payment_method stablecoin (1 ${coin} = 1 usd)` : '';
      throw ApiError.validation([{ field: 'currency', message: `the order is in ${o.currency}${hint}`, expected: o.currency }]);
    }
    // checked before the processor is asked, and again under the order's lock below
    payableOrder(await orderDue(tx, scope, input.order, false), input);
  }

  const now = new Date();
  const paymentId = newId(ID_PREFIX.payment);
  const money = (kind: 'available' | 'pending' | 'processor' | 'settlement') => ledgerAccount(scope.accountId, scope.livemode, kind, input.currency);
  let status: (typeof PAYMENT_STATUSES)[number];
  let failureReason: string | null = null;
  let transactionHash: string | null = null;
  let settleAt: Date | null = null;

  if (method === 'stablecoin') {
    // the coin is burnt and the account's balance credited in the payment's currency (usd, or
    // the coin's own: its hundredths, as usd cents); each currency's postings in one unit each
    // (src/modules/money/ledger.ts: the coin's accounts count micro-units, the others minor units)
    const wallet = await walletOf(tx, scope, coin);
    const micro = BigInt(input.amount) * MICRO_PER_CENT;
    try {
      const rec = await post(tx, scope, 'stablecoin_payment', paymentId, [
        { account: wallet, amount: -micro },
        { account: ledgerAccount('platform', scope.livemode, 'issuer', coin), amount: micro },
        { account: money('settlement'), amount: -BigInt(input.amount) },
        { account: money('available'), amount: BigInt(input.amount) },
      ], now);
      status = 'succeeded';
      transactionHash = rec.hash;
    } catch (err) {
      if (!(err instanceof InsufficientFunds)) throw err;
      status = 'failed';
      failureReason = 'insufficient_funds';
    }
  } else {
    const result = processor!.charge(method, input.amount, input.currency);
    status = result.outcome;
    if (result.outcome === 'failed') failureReason = result.reason ?? 'processing_error';
    if (result.outcome === 'succeeded') {
      transactionHash = (await post(tx, scope, 'payment', paymentId, [
        { account: money('processor'), amount: -BigInt(input.amount) },
        { account: money('available'), amount: BigInt(input.amount) },
      ], now)).hash;
    } else if (result.outcome === 'pending') {
      await post(tx, scope, 'payment', paymentId, [
        { account: money('processor'), amount: -BigInt(input.amount) },
        { account: money('pending'), amount: BigInt(input.amount) },
      ], now);
      settleAt = new Date(now.getTime() + services.money.processingDelayMs);
      for (const wake of services.money.settlementWake) wake(settleAt);
    }
  }

  if (input.order) {
    // the order again, its row locked now (after the ledger, as reflectPayments locks it): a
    // deletion, cancellation or payment that committed since the check above refuses this
    // payment (the money moved above is rolled back with it), and one that comes later waits
    payableOrder(await orderDue(tx, scope, input.order, true), input);
  }

  const row = await tx.payment.create({
    data: {
      id: paymentId, accountId: scope.accountId, livemode: scope.livemode, amount: input.amount, currency: input.currency,
      status, paymentMethod: method, customerId: input.customer ?? null, orderId: input.order ?? null,
      description: input.description ?? null, metadata: input.metadata ?? {}, failureReason, transactionHash, settleAt,
      createdAt: now,
    },
  });
  // payment.created shows the payment as it began (pending), then its outcome follows
  emitPayment(emit, 'payment.created', { ...row, status: 'pending', failureReason: null, transactionHash: null });
  if (status === 'succeeded') emitPayment(emit, 'payment.succeeded', row);
  if (status === 'failed') emitPayment(emit, 'payment.failed', row);
  if (status === 'succeeded' && row.orderId) await reflectPayments(tx, scope, row.orderId, emit);
  if (status === 'succeeded') for (const hook of paymentSucceededHooks) await hook(tx, scope, row, emit, context);
  return row;
}

/** Settles a pending payment (the simulated processor's later answer): pending -> available. */
export async function settlePayment(tx: Tx, paymentId: string, emit: Emit): Promise<PaymentRow | undefined> {
  const [claimed] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Payment" WHERE "id" = ${paymentId} AND "status" = 'pending' FOR UPDATE SKIP LOCKED`;
  if (!claimed) return undefined;
  const p = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  const scope: Scope = { accountId: p.accountId, livemode: p.livemode };
  const rec = await post(tx, scope, 'settlement', p.id, [
    { account: ledgerAccount(scope.accountId, scope.livemode, 'pending', p.currency), amount: -BigInt(p.amount) },
    { account: ledgerAccount(scope.accountId, scope.livemode, 'available', p.currency), amount: BigInt(p.amount) },
  ]);
  const row = await tx.payment.update({ where: { id: p.id }, data: { status: 'succeeded', transactionHash: rec.hash, settleAt: null } });
  emitPayment(emit, 'payment.succeeded', row);
  if (row.orderId) {
    // The processor took the money, but the order was cancelled (or refunded) while the
    // payment was processing: the customer gets it back at once, in this transaction (a
    // full refund with reason `order_cancelled`); the order keeps its final status. The
    // order's row is locked first, as every change of the order takes it: a cancellation
    // racing this settlement either committed before (seen here) or waits for it and then
    // finds a paid order to cancel.
    const [order] = await tx.$queryRaw<{ status: string }[]>`
      SELECT "status" FROM "Order" WHERE "id" = ${row.orderId} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
    if (order && (order.status === 'cancelled' || order.status === 'refunded')) {
      await refundInTx(tx, scope, { payment: row.id, reason: ORDER_CANCELLED_REFUND_REASON }, emit);
      return tx.payment.findUniqueOrThrow({ where: { id: row.id } });
    }
    await reflectPayments(tx, scope, row.orderId, emit);
  }
  for (const hook of paymentSucceededHooks) await hook(tx, scope, row, emit, {});
  return row;
}

/** The reason of the refund a payment gets when it settles after its order was cancelled. */
export const ORDER_CANCELLED_REFUND_REASON = 'order_cancelled';

type RefundRow = Awaited<ReturnType<Tx['refund']['create']>>;

/**
 * Refunds `amount` of a payment (without one, what remains refundable) in the caller's
 * transaction, on the payment's row locked: the conditional update of amountRefunded, the
 * ledger transaction, the refund, its `refund.created` event and the order's status (reflectPayments). refundPayment runs it;
 * so does the processing of a return (src/modules/returns/operations.ts).
 */
export async function refundInTx(
  tx: Tx, scope: Scope, input: { payment: string; amount?: number; reason?: string | null }, emit: Emit,
): Promise<RefundRow> {
  // the payment's row locked before it is read: a refund of "the rest" (no amount) computes
  // its amount from amountRefunded, which a concurrent refund must not change underneath
  await lockRow(tx, 'Payment', input.payment);
  const p = await tx.payment.findFirst({ where: scopedWhere(scope, { id: input.payment }) });
  // the body's field names it (param `payment`), as an unknown parent is named elsewhere
  if (!p) throw new ApiError('RESOURCE_NOT_FOUND', `No such payment: '${input.payment}'`, { resource: 'payment', id: input.payment }, 'payment');
  if (p.status !== 'succeeded') {
    throw new ApiError('INVALID_STATE_TRANSITION', `Only a succeeded payment can be refunded; this one is ${p.status}`, {
      payment_id: p.id, current_status: p.status,
    }, 'payment');
  }
  const refundable = p.amount - p.amountRefunded;
  const amount = input.amount ?? refundable;
  // one conditional update: concurrent refunds can never add up past the payment
  const taken = amount > 0
    ? await tx.$executeRaw`
        UPDATE "Payment" SET "amountRefunded" = "amountRefunded" + ${amount}, "updatedAt" = now()
        WHERE "id" = ${p.id} AND "status" = 'succeeded' AND "amountRefunded" + ${amount} <= "amount"`
    : 0;
  if (taken === 0) {
    const now = await tx.payment.findUniqueOrThrow({ where: { id: p.id }, select: { amount: true, amountRefunded: true } });
    const left = now.amount - now.amountRefunded;
    throw new ApiError('REFUND_EXCEEDS_PAYMENT', left === 0
      ? `Payment ${p.id} is already fully refunded`
      : `Refund of ${amount} exceeds what remains refundable on ${p.id}: ${left}`, {
      payment_id: p.id, refundable_amount: left, requested_amount: amount, amount_refunded: now.amountRefunded, currency: p.currency,
    }, 'amount');
  }
  const now = new Date();
  const refundId = newId(ID_PREFIX.refund);
  let rec;
  try {
    rec = await post(tx, scope, 'refund', refundId, [
      { account: ledgerAccount(scope.accountId, scope.livemode, 'available', p.currency), amount: -BigInt(amount) },
      { account: ledgerAccount(scope.accountId, scope.livemode, 'refunded', p.currency), amount: BigInt(amount) },
    ], now);
  } catch (err) {
    if (err instanceof InsufficientFunds) throw insufficientFundsError(err, 'The available balance cannot cover this refund');
    throw err;
  }
  const refund = await tx.refund.create({
    data: {
      id: refundId, accountId: scope.accountId, livemode: scope.livemode, paymentId: p.id, amount, currency: p.currency,
      status: 'succeeded' satisfies (typeof REFUND_STATUSES)[number], reason: input.reason ?? null, transactionHash: rec.hash, createdAt: now,
    },
  });
  emit('refund.created', 'Refund', refund, undefined, { data: { refund_id: refund.id, payment_id: p.id, amount: formatMajor(amount, p.currency), currency: p.currency, status: refund.status, transaction_hash: rec.hash } });
  if (p.orderId) await reflectPayments(tx, scope, p.orderId, emit);
  return refund;
}

export const refundPayment = defineMutation({
  name: 'payments.refund',
  permission: 'payments:refund',
  model: 'Refund',
  input: z.strictObject({
    payment: id(ID_PREFIX.payment),
    amount: positiveAmount.optional(),
    reason: z.string().min(1).max(500).nullable().optional(),
  }),
  run: (tx, scope, input, emit) => refundInTx(tx, scope, input, emit),
});
