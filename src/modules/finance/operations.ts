// Finance operations: invoice factoring, purchase-order financing and its repayment, loans.
// Each one underwrites inside its transaction (the finance pack over the ledger's facts, read
// under a per-account advisory lock, so two requests cannot both take the same headroom),
// then funds through one balanced ledger transaction (ledger.ts) with its event.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { defineMutation, scopedWhere, type Scope, type Tx } from '../../operations/operation.js';
import { currency, id, positiveAmount } from '../shared-inputs.js';
import { formatMajor } from '../money/amounts.js';
import { insufficientFundsError } from '../money/ledger.js';
import { assertTestMode, CLOCK_PREFIX, lockClock } from '../invoices/clocks.js';
import { INVOICE_PREFIX, lockInvoice } from '../invoices/operations.js';
import { InsufficientFunds, postFunding, postRepayment } from './ledger.js';
import { floorRate, rateInput, rateLess, roundRate } from './rates.js';
import { INSTALMENT_DAYS, ledgerFacts, offerFor, TERM_DAYS_OPTIONS, type Offer, type Product } from './underwriting.js';

export const FACTORING_PREFIX = 'fac';
export const PO_FINANCING_PREFIX = 'pof';
export const LOAN_PREFIX = 'loan';
/** the highest share of each payment a revenue-share loan may withhold */
export const MAX_WITHHOLD_RATE = '0.5';

/** A factoring's statuses: funded until repaid in full, or defaulted when the invoice went uncollectible. */
export const FACTORING_STATUSES = ['funded', 'repaid', 'defaulted'] as const;
/** A purchase-order financing's statuses. */
export const PO_FINANCING_STATUSES = ['funded', 'repaid'] as const;
/** A loan's statuses. */
export const LOAN_STATUSES = ['active', 'past_due', 'repaid', 'defaulted'] as const;
/** How a loan is repaid: fixed instalments, or a share of each succeeded payment. */
export const LOAN_REPAYMENTS = ['fixed', 'revenue_share'] as const;

const DAY_MS = 86_400_000;
const MAX_UNIX = 253_402_300_799;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export type FactoringRow = Awaited<ReturnType<Tx['invoiceFactoring']['create']>>;
export type PoRow = Awaited<ReturnType<Tx['poFinancing']['create']>>;
export type LoanRow = Awaited<ReturnType<Tx['loan']['create']>>;

export interface ScheduleEntry {
  due_date: number;
  amount: number;
  /** pending | paid | past_due */
  status: string;
  paid_at: number | null;
}

/**
 * One underwriting at a time per account and mode (a transaction-scoped advisory lock), so the
 * outstanding amounts an offer subtracts cannot change under it. Taken after any invoice lock.
 */
async function lockUnderwriting(tx: Tx, scope: Scope): Promise<void> {
  const key = `finance:${scope.accountId}:${scope.livemode ? 'live' : 'test'}`;
  await tx.$queryRaw`SELECT 1 AS "locked" FROM (SELECT pg_advisory_xact_lock(hashtext(${key}))) AS l`;
}

/** The product's offer in `currency` now; 422 FINANCING_NOT_ELIGIBLE with its reasons when refused. */
async function eligibleOffer(tx: Tx, scope: Scope, product: Product, cur: string): Promise<Offer> {
  await lockUnderwriting(tx, scope);
  const now = new Date();
  const offer = await offerFor(product, await ledgerFacts(tx, scope, cur, now), scope.livemode, now);
  if (!offer.eligible) {
    throw new ApiError('FINANCING_NOT_ELIGIBLE', `The account is not eligible for ${product.replace('_', ' ')} in ${cur}: ${offer.reasons.map((r) => r.message).join('; ')}`, {
      product, currency: cur, reasons: offer.reasons, rules: offer.rules, facts: offer.facts,
    });
  }
  return offer;
}

function overLimit(product: Product, requested: number, max: number, cur: string, extra: Record<string, unknown> = {}, param = 'amount'): ApiError {
  return new ApiError('AMOUNT_EXCEEDS_LIMIT', `${formatMajor(requested, cur)} ${cur} is more than the ${formatMajor(max, cur)} ${cur} the ${product.replace('_', ' ')} offer allows`, {
    product, requested, max_amount: max, currency: cur, ...extra,
  }, param);
}

const money = (v: number, cur: string) => formatMajor(v, cur);

export function factoringEventData(f: FactoringRow, extra: Record<string, unknown> = {}) {
  return {
    factoring_id: f.id, invoice: f.invoiceId, currency: f.currency, status: f.status, advance_amount: money(f.advanceAmount, f.currency),
    fee_amount: money(f.feeAmount, f.currency), outstanding: money(f.outstanding, f.currency), ...extra,
  };
}
export function poEventData(f: PoRow, extra: Record<string, unknown> = {}) {
  return { po_financing_id: f.id, currency: f.currency, status: f.status, amount: money(f.amount, f.currency), fee_amount: money(f.feeAmount, f.currency), outstanding: money(f.outstanding, f.currency), ...extra };
}
export function loanEventData(l: LoanRow, extra: Record<string, unknown> = {}) {
  return {
    loan_id: l.id, currency: l.currency, status: l.status, repayment: l.repayment, principal: money(l.principal, l.currency),
    fee_amount: money(l.feeAmount, l.currency), total_repayable: money(l.totalRepayable, l.currency), outstanding: money(l.outstanding, l.currency), ...extra,
  };
}

// ---- invoice factoring --------------------------------------------------------------------

export const factorInvoice = defineMutation({
  name: 'finance.invoices.factor',
  permission: 'finance:write',
  model: 'InvoiceFactoring',
  input: z.strictObject({ invoice: id(INVOICE_PREFIX) }),
  async run(tx, scope, input, emit) {
    const known = await tx.invoice.findFirst({ where: scopedWhere(scope, { id: input.invoice }), select: { id: true } });
    if (!known) throw new ApiError('PARENT_NOT_FOUND', `No such invoice: '${input.invoice}'`, { resource: 'invoice', id: input.invoice }, 'invoice');
    // the invoice's row locked: a second request for it waits here, then finds the factoring (409)
    const { inv, now } = await lockInvoice(tx, scope, input.invoice);
    const existing = await tx.invoiceFactoring.findUnique({ where: { invoiceId: inv.id }, select: { id: true, status: true } });
    if (existing) {
      throw new ApiError('RESOURCE_CONFLICT', `Invoice ${inv.id} is already factored (${existing.id}, ${existing.status})`, {
        invoice: inv.id, factoring: existing.id, status: existing.status,
      }, 'invoice');
    }
    if (inv.status !== 'open') {
      throw new ApiError('INVALID_STATE_TRANSITION', `Only an open invoice can be factored; ${inv.id} is ${inv.status}`, {
        invoice_id: inv.id, current_status: inv.status, requested_status: 'factored', allowed: ['open'],
      }, 'invoice');
    }
    const refuse = (code: string, message: string) => new ApiError('FINANCING_NOT_ELIGIBLE', message, { product: 'invoice_factoring', invoice: inv.id, reasons: [{ code, message }] }, 'invoice');
    if (inv.dueDate && inv.dueDate.getTime() <= now.getTime()) throw refuse('invoice_overdue', `Invoice ${inv.id} was due at ${unix(inv.dueDate)} and is overdue; only an invoice not yet due can be factored`);
    if (inv.amountPaid > 0) throw refuse('invoice_partially_paid', `Invoice ${inv.id} is partly paid (${inv.amountPaid}); only an invoice with nothing paid yet can be factored`);

    const offer = await eligibleOffer(tx, scope, 'invoice_factoring', inv.currency);
    const advanceAmount = floorRate(inv.total, offer.advance_rate!);
    if (advanceAmount <= 0) throw refuse('advance_zero', `An advance of ${offer.advance_rate} of ${inv.total} rounds down to nothing`);
    // the fee is repaid with the advance out of the invoice's payments: it never takes them past the total
    const feeAmount = Math.min(roundRate(advanceAmount, offer.fee_rate!), inv.total - advanceAmount);
    if (advanceAmount > offer.max_amount) throw overLimit('invoice_factoring', advanceAmount, offer.max_amount, inv.currency, { invoice: inv.id, invoice_total: inv.total }, 'invoice');

    const factoringId = newId(FACTORING_PREFIX);
    const rec = await postFunding(tx, scope, factoringId, inv.currency, advanceAmount, feeAmount, new Date());
    const row = await tx.invoiceFactoring.create({
      data: {
        id: factoringId, accountId: scope.accountId, livemode: scope.livemode, invoiceId: inv.id, currency: inv.currency,
        invoiceTotal: inv.total, advanceRate: offer.advance_rate!, feeRate: offer.fee_rate!, advanceAmount, feeAmount,
        outstanding: advanceAmount + feeAmount, status: 'funded', transactionHash: rec.hash,
        underwriting: { rules: offer.rules, facts: offer.facts }, createdAt: now,
      },
    });
    emit('finance.factoring.funded', 'InvoiceFactoring', row, undefined, { data: factoringEventData(row, { transaction_hash: rec.hash }), ...(inv.testClockId ? { created: now } : {}) });
    return row;
  },
});

// ---- purchase-order financing ---------------------------------------------------------------

export const financePurchaseOrder = defineMutation({
  name: 'finance.po.finance',
  permission: 'finance:write',
  model: 'PoFinancing',
  input: z.strictObject({
    purchaseOrder: z.strictObject({
      number: z.string().trim().min(1).max(100),
      supplier: z.string().trim().min(1).max(300),
      amount: positiveAmount,
      currency,
      expectedDelivery: z.number().int().min(0).max(MAX_UNIX),
    }),
    amount: positiveAmount,
  }),
  async run(tx, scope, input, emit) {
    const po = input.purchaseOrder;
    const now = new Date();
    if (po.expectedDelivery * 1000 <= now.getTime()) {
      throw new ApiError('INVALID_FIELD_VALUE', `purchase_order.expected_delivery must be in the future (now is ${unix(now)})`, {
        expected_delivery: po.expectedDelivery, now: unix(now),
      }, 'purchase_order.expected_delivery');
    }
    if (input.amount > po.amount) {
      throw new ApiError('AMOUNT_EXCEEDS_LIMIT', `amount ${input.amount} is more than the purchase order's ${po.amount}`, {
        product: 'po_financing', requested: input.amount, max_amount: po.amount, po_amount: po.amount, currency: po.currency,
      }, 'amount');
    }
    const offer = await eligibleOffer(tx, scope, 'po_financing', po.currency);
    const ofPo = floorRate(po.amount, offer.advance_rate!);
    const max = Math.min(ofPo, offer.max_amount);
    if (input.amount > max) throw overLimit('po_financing', input.amount, max, po.currency, { po_amount: po.amount, advance_rate: offer.advance_rate, offer_max_amount: offer.max_amount });
    const feeAmount = roundRate(input.amount, offer.fee_rate!);
    const pofId = newId(PO_FINANCING_PREFIX);
    const rec = await postFunding(tx, scope, pofId, po.currency, input.amount, feeAmount, now);
    const row = await tx.poFinancing.create({
      data: {
        id: pofId, accountId: scope.accountId, livemode: scope.livemode,
        purchaseOrder: { number: po.number, supplier: po.supplier, amount: po.amount, currency: po.currency, expected_delivery: po.expectedDelivery },
        currency: po.currency, amount: input.amount, feeRate: offer.fee_rate!, feeAmount, outstanding: input.amount + feeAmount,
        status: 'funded', transactionHash: rec.hash, underwriting: { rules: offer.rules, facts: offer.facts }, createdAt: now,
      },
    });
    emit('finance.po.funded', 'PoFinancing', row, undefined, { data: poEventData(row, { transaction_hash: rec.hash }) });
    return row;
  },
});

export const repayPurchaseOrder = defineMutation({
  name: 'finance.po.repay',
  permission: 'finance:write',
  model: 'PoFinancing',
  input: z.strictObject({ id: id(PO_FINANCING_PREFIX), amount: positiveAmount }),
  async run(tx, scope, input, emit) {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "PoFinancing" WHERE "id" = ${input.id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
    if (!locked.length) throw ApiError.notFound('po_financing', input.id);
    const pof = await tx.poFinancing.findUniqueOrThrow({ where: { id: input.id } });
    if (input.amount > pof.outstanding) {
      throw new ApiError('AMOUNT_EXCEEDS_OUTSTANDING', pof.outstanding === 0
        ? `PO financing ${pof.id} is already repaid`
        : `${input.amount} is more than the ${pof.outstanding} outstanding on PO financing ${pof.id}`, {
        po_financing: pof.id, amount: input.amount, outstanding: pof.outstanding, currency: pof.currency, status: pof.status,
      }, 'amount');
    }
    const now = new Date();
    let rec;
    try {
      rec = await postRepayment(tx, scope, 'finance_repayment', pof.id, pof.currency, input.amount, now);
    } catch (err) {
      if (err instanceof InsufficientFunds) throw insufficientFundsError(err, 'The available balance cannot cover this repayment');
      throw err;
    }
    const outstanding = pof.outstanding - input.amount;
    const row = await tx.poFinancing.update({
      where: { id: pof.id },
      data: { amountRepaid: pof.amountRepaid + input.amount, outstanding, ...(outstanding === 0 ? { status: 'repaid', repaidAt: now } : {}) },
    });
    const repaid = money(input.amount, row.currency);
    emit('finance.po.repayment', 'PoFinancing', row, undefined, { data: poEventData(row, { repayment: repaid, repayment_amount: repaid, transaction_hash: rec.hash }) });
    // the last repayment's movement
    if (outstanding === 0) emit('finance.po.repaid', 'PoFinancing', row, undefined, { data: poEventData(row, { transaction_hash: rec.hash }) });
    return row;
  },
});

// ---- loans --------------------------------------------------------------------------------

/** A fixed loan's schedule: one instalment every INSTALMENT_DAYS, equal, the remainder in the last. */
export function fixedSchedule(total: number, termDays: number, start: Date): ScheduleEntry[] {
  const n = Math.max(1, Math.floor(termDays / INSTALMENT_DAYS));
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, k) => ({
    due_date: unix(new Date(start.getTime() + (k + 1) * INSTALMENT_DAYS * DAY_MS)),
    amount: k === n - 1 ? total - each * (n - 1) : each,
    status: 'pending',
    paid_at: null,
  }));
}

export const createLoan = defineMutation({
  name: 'finance.loans.create',
  permission: 'finance:write',
  model: 'Loan',
  input: z.strictObject({
    amount: positiveAmount,
    currency,
    termDays: z.number().int().superRefine((d, ctx) => {
      if (!(TERM_DAYS_OPTIONS as readonly number[]).includes(d)) {
        ctx.addIssue({ code: 'custom', message: `term_days must be one of ${TERM_DAYS_OPTIONS.join(', ')}`, params: { expected: `one of ${TERM_DAYS_OPTIONS.join(', ')}`, code: 'INVALID_ENUM_VALUE' } });
      }
    }),
    repayment: z.enum(LOAN_REPAYMENTS),
    withholdRate: rateInput.optional(),
    testClock: id(CLOCK_PREFIX).optional(),
  }),
  async run(tx, scope, input, emit) {
    if (input.repayment === 'fixed' && input.withholdRate !== undefined) {
      throw ApiError.validation([{ field: 'withholdRate', message: 'withhold_rate is for revenue_share loans; a fixed loan repays by its schedule', expected: 'no withhold_rate' }]);
    }
    let now = new Date();
    if (input.testClock) {
      assertTestMode(scope);
      const clock = await lockClock(tx, scope, input.testClock, 'share', 'test_clock');
      if (clock.status !== 'ready') {
        throw new ApiError('RESOURCE_LOCKED', `Test clock ${clock.id} is advancing; retry once its status is ready`, { test_clock: clock.id, status: clock.status });
      }
      now = clock.frozenTime;
    }
    const offer = await eligibleOffer(tx, scope, 'loan', input.currency);
    let withholdRate: string | null = null;
    if (input.repayment === 'revenue_share') {
      withholdRate = input.withholdRate ?? offer.withhold_rate!;
      if (rateLess(withholdRate, offer.withhold_rate!) || rateLess(MAX_WITHHOLD_RATE, withholdRate)) {
        throw new ApiError('INVALID_FIELD_VALUE', `withhold_rate must be from the offer's ${offer.withhold_rate} to ${MAX_WITHHOLD_RATE}`, {
          withhold_rate: withholdRate, min: offer.withhold_rate, max: MAX_WITHHOLD_RATE,
        }, 'withhold_rate');
      }
    }
    if (input.amount > offer.max_amount) throw overLimit('loan', input.amount, offer.max_amount, input.currency);
    const feeAmount = roundRate(input.amount, offer.fee_rate!);
    const total = input.amount + feeAmount;
    const schedule = input.repayment === 'fixed' ? fixedSchedule(total, input.termDays, now) : [];
    const loanId = newId(LOAN_PREFIX);
    const rec = await postFunding(tx, scope, loanId, input.currency, input.amount, feeAmount, new Date());
    const row = await tx.loan.create({
      data: {
        id: loanId, accountId: scope.accountId, livemode: scope.livemode, currency: input.currency, principal: input.amount,
        feeRate: offer.fee_rate!, feeAmount, totalRepayable: total, outstanding: total, termDays: input.termDays,
        repayment: input.repayment, withholdRate, schedule: schedule as unknown as object, status: 'active',
        testClockId: input.testClock ?? null, transactionHash: rec.hash, underwriting: { rules: offer.rules, facts: offer.facts },
        nextDebitAt: schedule.length ? new Date(schedule[0].due_date * 1000) : null, createdAt: now,
      },
    });
    emit('finance.loan.disbursed', 'Loan', row, undefined, { data: loanEventData(row, { transaction_hash: rec.hash }), ...(input.testClock ? { created: now } : {}) });
    return row;
  },
});

