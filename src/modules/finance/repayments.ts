// Repayments the server takes by itself, each in the transaction of what caused it:
// - a succeeded payment of a factored invoice repays the factoring first (advance and fee),
//   the rest is the merchant's;
// - of every succeeded payment (after the factoring's part), each active revenue-share loan in
//   the payment's currency withholds floor(amount x withhold_rate), never beyond what it is owed;
// - an invoice marked uncollectible (or voided) defaults its factoring: recourse, the merchant
//   owes what is outstanding, taken at once from its available balance as far as that goes;
// - a fixed loan's instalments are debited on their due dates (debitDueInstalments, run by the
//   loan worker, or by the test clock the loan lives on).
import type { Emit, Scope, Tx } from '../../operations/operation.js';
import type { PaymentContext } from '../payments/operations.js';
import { formatMajor } from '../money/amounts.js';
import { InsufficientFunds, lockedAvailable, postRepayment } from './ledger.js';
import { factoringEventData, loanEventData, type LoanRow, type ScheduleEntry } from './operations.js';
import { floorRate } from './rates.js';

const DAY_MS = 86_400_000;
/** a short balance is retried this often */
export const RETRY_AFTER_MS = DAY_MS;
/** an instalment still unpaid this long after its due date defaults the loan */
export const DEFAULT_AFTER_DAYS = 30;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

interface PaymentLike { id: string; amount: number; currency: string }

/** The finance area's part of every succeeded payment (src/modules/payments: paymentSucceededHooks). */
export async function onPaymentSucceeded(tx: Tx, scope: Scope, payment: PaymentLike, emit: Emit, context: PaymentContext): Promise<void> {
  let rest = payment.amount;
  const now = new Date();
  if (context.invoice) {
    const [claimed] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "InvoiceFactoring" WHERE "invoiceId" = ${context.invoice} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode}
        AND "outstanding" > 0 AND "status" IN ('funded', 'defaulted') FOR UPDATE`;
    if (claimed) {
      const f = await tx.invoiceFactoring.findUniqueOrThrow({ where: { id: claimed.id } });
      const take = Math.min(f.outstanding, payment.amount);
      // the payment has just credited at least `take` to the available balance
      const rec = await postRepayment(tx, scope, 'finance_repayment', f.id, f.currency, take, now);
      const outstanding = f.outstanding - take;
      const row = await tx.invoiceFactoring.update({
        where: { id: f.id },
        data: { amountRepaid: f.amountRepaid + take, outstanding, ...(outstanding === 0 ? { status: 'repaid', repaidAt: now } : {}) },
      });
      const repaid = formatMajor(take, f.currency);
      const data = factoringEventData(row, { payment: payment.id, repayment: repaid, repayment_amount: repaid, transaction_hash: rec.hash });
      if (outstanding === 0) emit('finance.factoring.repaid', 'InvoiceFactoring', row, undefined, { data });
      rest -= take;
    }
  }
  if (rest <= 0) return;
  const loans = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Loan" WHERE "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} AND "currency" = ${payment.currency}
      AND "repayment" = 'revenue_share' AND "status" = 'active' AND "outstanding" > 0
    ORDER BY "createdAt", "id" FOR UPDATE`;
  const base = rest;
  for (const { id } of loans) {
    if (rest <= 0) break;
    const loan = await tx.loan.findUniqueOrThrow({ where: { id } });
    const withheld = Math.min(floorRate(base, loan.withholdRate!), loan.outstanding, rest);
    if (withheld <= 0) continue;
    const rec = await postRepayment(tx, scope, 'finance_repayment', loan.id, loan.currency, withheld, now);
    rest -= withheld;
    await recordLoanRepayment(tx, loan, withheld, now, emit, { payment: payment.id, transaction_hash: rec.hash });
  }
}

/** Applies a repayment to a loan's row; emits finance.loan.repayment, and finance.loan.repaid at zero. */
async function recordLoanRepayment(tx: Tx, loan: LoanRow, amount: number, at: Date, emit: Emit, extra: Record<string, unknown>, schedule?: ScheduleEntry[]): Promise<LoanRow> {
  const outstanding = loan.outstanding - amount;
  const row = await tx.loan.update({
    where: { id: loan.id },
    data: {
      amountRepaid: loan.amountRepaid + amount, outstanding,
      ...(schedule ? { schedule: schedule as unknown as object } : {}),
      ...(outstanding === 0 ? { status: 'repaid', repaidAt: at, nextDebitAt: null, failedAttempts: 0 } : {}),
    },
  });
  const created = loan.testClockId ? { created: at } : {};
  // `repayment` of a loan is its repayment method (fixed, revenue_share): the amount is `amount`,
  // and `repayment_amount` as in the other financings' repayment events
  const repaid = formatMajor(amount, loan.currency);
  emit('finance.loan.repayment', 'Loan', row, undefined, { data: loanEventData(row, { amount: repaid, repayment_amount: repaid, ...extra }), ...created });
  // the last repayment's movement
  if (outstanding === 0) emit('finance.loan.repaid', 'Loan', row, undefined, { data: loanEventData(row, { transaction_hash: extra.transaction_hash ?? null }), ...created });
  return row;
}

/** The finance area's part of an invoice that will not be paid as billed (uncollectible, void). */
export async function onInvoiceUnpaid(tx: Tx, scope: Scope, invoice: { id: string; testClockId: string | null }, now: Date, emit: Emit): Promise<void> {
  const [claimed] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "InvoiceFactoring" WHERE "invoiceId" = ${invoice.id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode}
      AND "status" = 'funded' FOR UPDATE`;
  if (!claimed) return;
  const f = await tx.invoiceFactoring.findUniqueOrThrow({ where: { id: claimed.id } });
  // recourse: what is owed comes from the available balance at once, as far as it goes
  const available = await lockedAvailable(tx, scope, f.currency);
  const recovered = Math.max(0, Math.min(f.outstanding, available));
  let hash: string | null = null;
  if (recovered > 0) hash = (await postRepayment(tx, scope, 'finance_recourse', f.id, f.currency, recovered, new Date())).hash;
  const row = await tx.invoiceFactoring.update({
    where: { id: f.id },
    data: { status: 'defaulted', defaultedAt: now, amountRepaid: f.amountRepaid + recovered, outstanding: f.outstanding - recovered },
  });
  emit('finance.factoring.defaulted', 'InvoiceFactoring', row, undefined, {
    data: factoringEventData(row, { recovered: formatMajor(recovered, f.currency), transaction_hash: hash }),
    ...(invoice.testClockId ? { created: now } : {}),
  });
}

/**
 * Debits a fixed loan's instalments due at `at` (its row locked by the caller), oldest first,
 * each whole or not at all. A short balance leaves the instalment `past_due` and the loan
 * `past_due`, retried every RETRY_AFTER_MS; an instalment still unpaid DEFAULT_AFTER_DAYS after
 * its due date makes the loan `defaulted` (no more debits; what is outstanding stays owed).
 */
export async function debitDueInstalments(tx: Tx, loanId: string, at: Date, emit: Emit): Promise<void> {
  let loan = await tx.loan.findUniqueOrThrow({ where: { id: loanId } });
  if (loan.repayment !== 'fixed' || !['active', 'past_due'].includes(loan.status) || !loan.nextDebitAt || loan.nextDebitAt > at) return;
  const scope: Scope = { accountId: loan.accountId, livemode: loan.livemode };
  const schedule = (loan.schedule as unknown as ScheduleEntry[]).map((e) => ({ ...e }));
  const created = loan.testClockId ? { created: at } : {};
  let short: ScheduleEntry | undefined;
  for (const entry of schedule) {
    if (entry.status === 'paid' || entry.due_date * 1000 > at.getTime()) continue;
    const amount = Math.min(entry.amount, loan.outstanding);
    try {
      const rec = amount > 0 ? await postRepayment(tx, scope, 'finance_repayment', loan.id, loan.currency, amount, new Date()) : null;
      entry.status = 'paid';
      entry.paid_at = unix(at);
      loan = await recordLoanRepayment(tx, loan, amount, at, emit, { due_date: entry.due_date, transaction_hash: rec?.hash ?? null }, schedule);
    } catch (err) {
      if (!(err instanceof InsufficientFunds)) throw err;
      entry.status = 'past_due';
      short = entry;
      break;
    }
  }
  if (loan.status === 'repaid') return;
  const next = schedule.find((e) => e.status !== 'paid');
  if (!short) {
    await tx.loan.update({
      where: { id: loan.id },
      data: { schedule: schedule as unknown as object, status: 'active', failedAttempts: 0, nextDebitAt: next ? new Date(next.due_date * 1000) : null },
    });
    return;
  }
  const defaultAt = (short.due_date + DEFAULT_AFTER_DAYS * 86_400) * 1000;
  const attempts = loan.failedAttempts + 1;
  if (at.getTime() >= defaultAt) {
    const row = await tx.loan.update({
      where: { id: loan.id },
      data: { schedule: schedule as unknown as object, status: 'defaulted', defaultedAt: at, failedAttempts: attempts, nextDebitAt: null },
    });
    emit('finance.loan.defaulted', 'Loan', row, undefined, { data: loanEventData(row, { due_date: short.due_date, amount_due: formatMajor(short.amount, row.currency) }), ...created });
    return;
  }
  const wasPastDue = loan.status === 'past_due';
  const row = await tx.loan.update({
    where: { id: loan.id },
    data: {
      schedule: schedule as unknown as object, status: 'past_due', failedAttempts: attempts,
      nextDebitAt: new Date(Math.min(at.getTime() + RETRY_AFTER_MS, defaultAt)),
    },
  });
  if (!wasPastDue) {
    emit('finance.loan.past_due', 'Loan', row, undefined, { data: loanEventData(row, { due_date: short.due_date, amount_due: formatMajor(short.amount, row.currency) }), ...created });
  }
}
