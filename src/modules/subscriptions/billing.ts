// What happens to a subscription over time: each period is invoiced in advance (the invoice
// created, finalized and paid with the subscription's payment method), a trial ends, a failed
// payment is retried, an incomplete subscription expires, a cancellation at the period end
// takes effect. A subscription's next moment is `nextActionAt`; it is run
//   - for subscriptions without a test clock by a durable worker (start-up and every
//     INVOICE_SWEEP_INTERVAL_SECS): each due subscription claimed FOR UPDATE SKIP LOCKED with
//     the condition checked under the lock, and its action and its next moment written in one
//     transaction with the events (the outbox), so a restart neither loses nor repeats one and
//     two processes never both run it;
//   - for subscriptions on a test clock by the clock's advance (ClockWork), at the clock time it
//     fell due, events created at that time.
import { startPeriodic, type Periodic } from '../../operations/periodic.js';
import type { Logger } from 'pino';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Emit, Scope, Services, Tx } from '../../operations/operation.js';
import { previousAttributes } from '../../representation.js';
import { registerClockWork, type ClockRow } from '../invoices/clocks.js';
import {
  emitInvoice, include as invoiceInclude, INVOICE_ITEM_PREFIX, INVOICE_PREFIX, invoicePaidHooks, invoiceUnpaidHooks, nextInvoiceNumber, payInvoiceInTx,
} from '../invoices/operations.js';
import { runAt } from '../invoices/system.js';
import { periodOf, type Interval } from './periods.js';

export const include = { items: { orderBy: { position: 'asc' }, include: { price: true } } } as const;

export type SubscriptionRow = Awaited<ReturnType<typeof loadSubscription>>;
type InvoiceRow = Awaited<ReturnType<Tx['invoice']['findUniqueOrThrow']>> & { items: unknown[] };

/** Statuses after which nothing happens any more. */
export const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The retries of a failed payment, in days after the first failure: 4 attempts in all, the last 7 days after the first. */
export const RETRY_DAYS = [1, 3, 7] as const;
/** How long an incomplete subscription (its first payment failed) waits to be paid: Stripe's 23 hours. */
export const INCOMPLETE_EXPIRES_MS = 23 * HOUR_MS;
/** days_until_due of the invoices of a subscription without a payment method (they are sent): Stripe's default */
export const SEND_INVOICE_DAYS = 30;

function loadSubscription(tx: Tx, id: string) {
  return tx.subscription.findUniqueOrThrow({ where: { id }, include });
}

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The flat fields of subscription events, besides data.object. */
export function subscriptionEventData(s: SubscriptionRow) {
  return {
    subscription_id: s.id, customer: s.customerId, status: s.status, currency: s.currency,
    current_period_start: unix(s.currentPeriodStart), current_period_end: unix(s.currentPeriodEnd), cancel_at_period_end: s.cancelAtPeriodEnd,
  };
}

/** `at`: when it happened; a subscription on a test clock has its events created at that (clock) time. */
export function emitSubscription(emit: Emit, type: string, row: SubscriptionRow, before?: SubscriptionRow, at?: Date): void {
  const previous = before ? previousAttributes('Subscription', before as never, row as never) : undefined;
  emit(type, 'Subscription', row, previous, { data: subscriptionEventData(row), ...(at && row.testClockId ? { created: at } : {}) });
}

function update(tx: Tx, id: string, data: Record<string, unknown>) {
  return tx.subscription.update({ where: { id }, data, include });
}

/** Ends a subscription now (a request, or the last failed retry). */
export async function cancelNow(tx: Tx, sub: SubscriptionRow, now: Date, emit: Emit): Promise<SubscriptionRow> {
  const row = await update(tx, sub.id, {
    status: 'canceled', canceledAt: now, endedAt: now, cancelAtPeriodEnd: false, nextActionAt: null, nextPaymentAttempt: null,
  });
  emitSubscription(emit, 'customer.subscription.cancelled', row, sub, now);
  return row;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The invoice of the subscription's current period: created (invoice.created), then finalized (invoice.finalized). */
async function invoicePeriod(tx: Tx, scope: Scope, sub: SubscriptionRow, now: Date, emit: Emit): Promise<InvoiceRow> {
  const products = await tx.product.findMany({ where: { id: { in: sub.items.map((i) => i.price.productId) } }, select: { id: true, name: true } });
  const names = new Map(products.map((p) => [p.id, p.name]));
  const span = `${isoDay(sub.currentPeriodStart)} to ${isoDay(sub.currentPeriodEnd)}`;
  const lines = sub.items.map((item, n) => ({
    id: newId(INVOICE_ITEM_PREFIX), description: `${names.get(item.price.productId) ?? item.price.productId} (${span})`,
    quantity: item.quantity, unitAmount: item.price.unitAmount, amount: item.quantity * item.price.unitAmount, taxRate: null, tax: 0, position: n,
  }));
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const daysUntilDue = sub.paymentMethod ? 0 : SEND_INVOICE_DAYS;
  const draft = await tx.invoice.create({
    data: {
      id: newId(INVOICE_PREFIX), accountId: scope.accountId, livemode: scope.livemode, customerId: sub.customerId, testClockId: sub.testClockId,
      subscriptionId: sub.id, currency: sub.currency, subtotal: total, tax: 0, total, amountPaid: 0, amountDue: total, status: 'draft',
      daysUntilDue, metadata: {}, createdAt: now, items: { createMany: { data: lines } },
    },
    include: invoiceInclude,
  });
  emitInvoice(emit, 'invoice.created', draft, undefined, now);
  const number = await nextInvoiceNumber(tx, scope);
  const open = await tx.invoice.update({
    where: { id: draft.id },
    data: {
      number, status: 'open', finalizedAt: now, dueDate: new Date(now.getTime() + daysUntilDue * DAY_MS),
      ...(total === 0 ? { status: 'paid', paidAt: now, amountDue: 0 } : {}),
    },
    include: invoiceInclude,
  });
  emitInvoice(emit, 'invoice.finalized', open, undefined, now);
  if (open.status === 'paid') emitInvoice(emit, 'invoice.paid', open, undefined, now);
  return open;
}

/** Pays what is due on an invoice with the subscription's payment method: whether it succeeded. */
async function attempt(tx: Tx, scope: Scope, sub: SubscriptionRow, inv: InvoiceRow, now: Date, emit: Emit, services: Services): Promise<boolean> {
  try {
    const result = await payInvoiceInTx(tx, scope, inv as never, { amount: inv.amountDue, paymentMethod: sub.paymentMethod! }, now, emit, services);
    return result.payment.status === 'succeeded';
  } catch (err) {
    // refused before anything was written (live mode has no card processor): a failed attempt
    if (err instanceof ApiError && err.code === 'PAYMENT_FAILED') return false;
    throw err;
  }
}

/**
 * Invoices the subscription's current period (already set on the row) and pays it with its
 * payment method. `first`: the period at creation (a failure makes it incomplete, as in
 * Stripe); otherwise a renewal or the trial's end (a failure makes it past_due and starts the
 * retries). Emits no subscription event (the caller does, once, with the result).
 */
export async function billPeriod(
  tx: Tx, scope: Scope, sub: SubscriptionRow, now: Date, emit: Emit, services: Services, kind: 'first' | 'renewal',
): Promise<SubscriptionRow> {
  const inv = await invoicePeriod(tx, scope, sub, now, emit);
  const linked = await update(tx, sub.id, { latestInvoiceId: inv.id, paymentAttempts: 0, firstFailedAt: null, nextPaymentAttempt: null, nextActionAt: sub.currentPeriodEnd });
  // nothing to pay, or nothing to pay with (the invoice is sent: paid through the invoices API)
  if (inv.status === 'paid' || !sub.paymentMethod) return linked;
  if (await attempt(tx, scope, linked, inv, now, emit, services)) return loadSubscription(tx, sub.id);
  if (kind === 'first') {
    return update(tx, sub.id, { status: 'incomplete', paymentAttempts: 1, nextActionAt: new Date(now.getTime() + INCOMPLETE_EXPIRES_MS) });
  }
  const retry = new Date(now.getTime() + RETRY_DAYS[0] * DAY_MS);
  return update(tx, sub.id, { status: 'past_due', paymentAttempts: 1, firstFailedAt: now, nextPaymentAttempt: retry, nextActionAt: retry });
}

/** The latest invoice, its row locked; null when another transaction holds it and `skipLocked` (the worker tries later). */
async function lockLatestInvoice(tx: Tx, sub: SubscriptionRow, skipLocked: boolean): Promise<InvoiceRow | null | undefined> {
  if (!sub.latestInvoiceId) return undefined;
  const rows = skipLocked
    ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Invoice" WHERE "id" = ${sub.latestInvoiceId} FOR UPDATE SKIP LOCKED`
    : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Invoice" WHERE "id" = ${sub.latestInvoiceId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.invoice.findUniqueOrThrow({ where: { id: sub.latestInvoiceId }, include: invoiceInclude });
}

/** A past-due or incomplete subscription whose latest invoice is settled (paid, or voided by hand): active again, until its period's end. */
async function settle(tx: Tx, sub: SubscriptionRow, now: Date, emit: Emit): Promise<SubscriptionRow> {
  const row = await update(tx, sub.id, { status: 'active', paymentAttempts: 0, firstFailedAt: null, nextPaymentAttempt: null, nextActionAt: sub.currentPeriodEnd });
  emitSubscription(emit, 'customer.subscription.updated', row, sub, now);
  return row;
}

/**
 * Runs the subscription's due action at `now` (its row locked by the caller): one of trial end,
 * renewal, cancellation at the period end, payment retry, expiry. 'busy': its invoice is held by
 * another transaction (a payment by a request); nothing was done, the worker tries again later.
 */
export async function runDue(
  tx: Tx, scope: Scope, sub: SubscriptionRow, now: Date, emit: Emit, services: Services, skipLocked: boolean,
): Promise<SubscriptionRow | 'busy'> {
  if (!sub.nextActionAt || sub.nextActionAt > now || ENDED.includes(sub.status)) return sub;

  if (sub.status === 'incomplete') {
    // the first payment was not made within 23 hours: the subscription expires, its invoice is voided
    const inv = await lockLatestInvoice(tx, sub, skipLocked);
    if (inv === null) return 'busy';
    if (inv && inv.status === 'open' && inv.amountPaid === 0) {
      const voided = await tx.invoice.update({ where: { id: inv.id }, data: { status: 'void', voidedAt: now, amountDue: 0 }, include: invoiceInclude });
      emitInvoice(emit, 'invoice.voided', voided, undefined, now);
      for (const hook of invoiceUnpaidHooks) await hook(tx, scope, voided, now, emit);
    }
    const row = await update(tx, sub.id, { status: 'incomplete_expired', endedAt: now, nextActionAt: null, nextPaymentAttempt: null });
    emitSubscription(emit, 'customer.subscription.updated', row, sub, now);
    return row;
  }

  if (sub.status === 'past_due') {
    const inv = await lockLatestInvoice(tx, sub, skipLocked);
    if (inv === null) return 'busy';
    // paid or voided by hand meanwhile: nothing is owed any more
    if (!inv || inv.status === 'paid' || inv.status === 'void') return settle(tx, sub, now, emit);
    // a successful retry settles the subscription through the invoice-paid hook (below)
    if (await attempt(tx, scope, sub, inv, now, emit, services)) return loadSubscription(tx, sub.id);
    const attempts = sub.paymentAttempts + 1;
    if (attempts > RETRY_DAYS.length) {
      // the fourth attempt failed: the invoice is written off and the subscription canceled
      if (inv.status === 'open') {
        const written = await tx.invoice.update({ where: { id: inv.id }, data: { status: 'uncollectible', markedUncollectibleAt: now }, include: invoiceInclude });
        emitInvoice(emit, 'invoice.marked_uncollectible', written, undefined, now);
        for (const hook of invoiceUnpaidHooks) await hook(tx, scope, written, now, emit);
      }
      const row = await update(tx, sub.id, { paymentAttempts: attempts });
      return cancelNow(tx, row, now, emit);
    }
    const next = new Date((sub.firstFailedAt ?? now).getTime() + RETRY_DAYS[attempts - 1] * DAY_MS);
    return update(tx, sub.id, { paymentAttempts: attempts, nextPaymentAttempt: next, nextActionAt: next });
  }

  // trialing or active: the period (or the trial) ends
  if (sub.cancelAtPeriodEnd) {
    const row = await update(tx, sub.id, { status: 'canceled', endedAt: sub.currentPeriodEnd, nextActionAt: null, nextPaymentAttempt: null });
    emitSubscription(emit, 'customer.subscription.cancelled', row, sub, now);
    return row;
  }
  const index = sub.periodIndex + 1;
  const period = periodOf(sub.billingCycleAnchor, sub.interval as Interval, sub.intervalCount, index);
  const moved = await update(tx, sub.id, { status: 'active', periodIndex: index, currentPeriodStart: period.start, currentPeriodEnd: period.end });
  const row = await billPeriod(tx, scope, moved, now, emit, services, 'renewal');
  emitSubscription(emit, 'customer.subscription.updated', row, sub, now);
  return row;
}

// a past-due or incomplete subscription whose latest invoice gets paid (a retry, or a payment
// through POST /v1/invoices/{id}/pay) is active again, in the paying transaction
invoicePaidHooks.push(async (tx, scope, invoice, now, emit) => {
  const subscriptionId = (invoice as { subscriptionId?: string | null }).subscriptionId;
  if (!subscriptionId) return;
  await tx.$queryRaw`SELECT "id" FROM "Subscription" WHERE "id" = ${subscriptionId} FOR UPDATE`;
  const sub = await loadSubscription(tx, subscriptionId);
  if (sub.latestInvoiceId !== invoice.id || (sub.status !== 'past_due' && sub.status !== 'incomplete')) return;
  await settle(tx, sub, now, emit);
});

// ---- real time: the worker -----------------------------------------------------------------

const BATCH = 100;
/** the most actions one subscription runs in one round (periods missed while the server was down) */
const MAX_CATCH_UP = 50;

/** Runs one real-time subscription's due actions; false when another got there first or nothing was due. */
async function runOne(services: Services, s: { id: string; accountId: string; livemode: boolean }): Promise<boolean> {
  const scope = { accountId: s.accountId, livemode: s.livemode };
  let now = new Date();
  return runAt(services, scope, () => now, async (tx, emit) => {
    now = new Date();
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Subscription"
      WHERE "id" = ${s.id} AND "testClockId" IS NULL AND "nextActionAt" <= ${now} AND "status" NOT IN ('canceled', 'incomplete_expired')
      FOR UPDATE SKIP LOCKED`;
    if (claimed.length === 0) return false;
    let sub = await loadSubscription(tx, s.id);
    for (let i = 0; i < MAX_CATCH_UP && sub.nextActionAt && sub.nextActionAt <= now && !ENDED.includes(sub.status); i++) {
      const next = await runDue(tx, scope, sub, now, emit, services, true);
      if (next === 'busy') break;
      // a retry not yet due (nextActionAt moved forward) ends the loop by the condition
      if (next.nextActionAt && sub.nextActionAt && next.nextActionAt.getTime() === sub.nextActionAt.getTime() && next.status === sub.status) break;
      sub = next;
    }
    return true;
  });
}

/** One round: every subscription without a test clock whose next moment has come, earliest first. */
export async function sweepSubscriptions(services: Services, stopping: () => boolean = () => false): Promise<number> {
  let ran = 0;
  let after = new Date(0);
  let afterId = '';
  for (;;) {
    const now = new Date();
    const due = await services.db.prisma.subscription.findMany({
      where: {
        testClockId: null, nextActionAt: { lte: now }, status: { notIn: [...ENDED] },
        OR: [{ nextActionAt: { gt: after } }, { nextActionAt: after, id: { gt: afterId } }],
      },
      select: { id: true, accountId: true, livemode: true, nextActionAt: true },
      orderBy: [{ nextActionAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
    });
    for (const s of due) {
      if (stopping()) return ran;
      if (await runOne(services, s)) ran++;
      after = s.nextActionAt!;
      afterId = s.id;
    }
    if (due.length < BATCH) return ran;
  }
}

/** The worker at start-up and every `intervalMs`, one round at a time. */
export function startSubscriptionWorker(services: Services, logger: Logger, intervalMs: number): Periodic {
  return startPeriodic((stopping) => sweepSubscriptions(services, stopping), logger, intervalMs, 'the subscriptions worker failed; the next round retries');
}

// ---- test clocks ---------------------------------------------------------------------------

registerClockWork({
  name: 'subscriptions',
  async nextDue(tx: Tx, clock: ClockRow, until: Date) {
    const [row] = await tx.$queryRaw<{ due: Date | null }[]>`
      SELECT min("nextActionAt") AS "due" FROM "Subscription"
      WHERE "testClockId" = ${clock.id} AND "nextActionAt" <= ${until} AND "status" NOT IN ('canceled', 'incomplete_expired')`;
    return row?.due ? new Date(row.due) : null;
  },
  async run(tx: Tx, clock: ClockRow, at: Date, emit: Emit, services: Services) {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Subscription"
      WHERE "testClockId" = ${clock.id} AND "nextActionAt" <= ${at} AND "status" NOT IN ('canceled', 'incomplete_expired')
      ORDER BY "nextActionAt", "id" FOR UPDATE`;
    const scope = { accountId: clock.accountId, livemode: clock.livemode };
    // one action each per step: what falls due again at this moment runs in the next step
    for (const { id } of due) await runDue(tx, scope, await loadSubscription(tx, id), at, emit, services, false);
  },
});
