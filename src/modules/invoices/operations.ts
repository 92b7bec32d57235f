// Invoices a merchant sends its customers.
//   draft -> open          finalize (the number INV-000001 is taken; due_date set)
//   open  -> paid          the whole amount due paid (pay, or payments reaching it)
//   open  -> void          nothing paid yet: the invoice is cancelled, nothing is due
//   open  -> uncollectible the merchant gives up on it
//   uncollectible -> paid  a late payment
//   draft: deleted (DELETE), never voided
// Any other move is INVALID_STATE_TRANSITION. Every operation works on the invoice's row
// locked (SELECT ... FOR UPDATE), so two requests never move one invoice at once. Time is the
// customer's test clock's when it has one (clocks.ts), else the real time.
import { z } from 'zod';
import { ApiError, type FieldError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, parseInput, scopedWhere, type Emit, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { amount as amountInput, currency, id, MAX_AMOUNT, metadata, positiveAmount } from '../shared-inputs.js';
import { formatMajor } from '../money/amounts.js';
import { createPayment, createPaymentInTx, PAYMENT_METHODS, TEST_PAYMENT_METHODS } from '../payments/operations.js';
import { clockNow } from './clocks.js';
import { lineTax, taxRate } from './tax.js';

export const INVOICE_PREFIX = 'in';
export const INVOICE_ITEM_PREFIX = 'il';
export const INVOICE_PAYMENT_PREFIX = 'inpay';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const MOVES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['open'],
  open: ['paid', 'void', 'uncollectible'],
  uncollectible: ['paid'],
  paid: [],
  void: [],
};

const DAY_MS = 86_400_000;
/** The latest due date taken (PostgreSQL and JavaScript both hold it): 9999-12-31. */
const MAX_UNIX = 253_402_300_799;

export const include = { items: { orderBy: { position: 'asc' } } } as const;

const invoiceId = id(INVOICE_PREFIX);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

type InvoiceRow = Awaited<ReturnType<typeof loadInvoice>>;

function loadInvoice(tx: Tx, id: string) {
  return tx.invoice.findUniqueOrThrow({ where: { id }, include });
}

/** The spec's flat fields of invoice events, besides data.object. */
export function invoiceEventData(inv: { id: string; number: string | null; customerId: string; currency: string; total: number; amountPaid: number; amountDue: number; status: string; dueDate: Date | null }) {
  return {
    invoice_id: inv.id, number: inv.number, customer: inv.customerId, currency: inv.currency, status: inv.status,
    total: formatMajor(inv.total, inv.currency), amount_paid: formatMajor(inv.amountPaid, inv.currency), amount_due: formatMajor(inv.amountDue, inv.currency),
    due_date: inv.dueDate ? unix(inv.dueDate) : null,
  };
}

/** `at`: when it happened; an invoice on a test clock has its events created at that (clock) time. */
export function emitInvoice(emit: Emit, type: string, row: InvoiceRow, data?: Record<string, unknown>, at?: Date) {
  emit(type, 'Invoice', row, undefined, { data: { ...invoiceEventData(row), ...data }, ...(at && row.testClockId ? { created: at } : {}) });
}

/** An emitter whose events are created at `at` when `clockId` is set (a change on a test clock, made by a request). */
export function clockEmit(emit: Emit, clockId: string | null, at: Date): Emit {
  return clockId ? (type, model, row, previous, options) => emit(type, model, row, previous, { created: at, ...options }) : emit;
}

/**
 * Told, inside the paying transaction, that an invoice became paid (by a request or a worker):
 * the subscriptions area settles a past-due subscription whose invoice it was.
 */
export const invoicePaidHooks: Array<(tx: Tx, scope: Scope, invoice: InvoiceRow, now: Date, emit: Emit, services: Services) => Promise<void>> = [];

/**
 * Told, inside its transaction, that an invoice will not be paid as billed (marked uncollectible,
 * or voided): the finance area defaults a factoring of it.
 */
export const invoiceUnpaidHooks: Array<(tx: Tx, scope: Scope, invoice: InvoiceRow, now: Date, emit: Emit) => Promise<void>> = [];

export function assertInvoiceTransition(from: string, to: InvoiceStatus, id: string, why?: string): void {
  if (!(MOVES[from as InvoiceStatus] ?? []).includes(to)) {
    throw new ApiError('INVALID_STATE_TRANSITION', why ?? `An invoice that is ${from} cannot become ${to}`, {
      invoice_id: id, current_status: from, requested_status: to, allowed: MOVES[from as InvoiceStatus] ?? [],
    });
  }
}

/**
 * The invoice, its row locked until the transaction ends, and "now" for it (its test clock's
 * time, the clock's row share-locked first: a clock's advance locks the clock, then its
 * invoices, and so does this, in that order). 404 outside the caller's account and mode.
 */
export async function lockInvoice(tx: Tx, scope: Scope, id: string): Promise<{ inv: InvoiceRow; now: Date }> {
  const found = await tx.invoice.findFirst({ where: scopedWhere(scope, { id }), select: { testClockId: true } });
  if (!found) throw ApiError.notFound('invoice', id);
  const now = await clockNow(tx, scope, found.testClockId);
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Invoice" WHERE "id" = ${id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
  if (locked.length === 0) throw ApiError.notFound('invoice', id);
  return { inv: await loadInvoice(tx, id), now };
}

/**
 * The next invoice number of the account and mode. The counter's row is locked by this
 * statement until the transaction ends: a concurrent finalization waits, and a rolled-back one
 * gives its number back, so numbers have neither gaps nor duplicates.
 */
export async function nextInvoiceNumber(tx: Tx, scope: Scope): Promise<string> {
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "InvoiceNumberSequence" ("accountId", "livemode", "last") VALUES (${scope.accountId}, ${scope.livemode}, 1)
    ON CONFLICT ("accountId", "livemode") DO UPDATE SET "last" = "InvoiceNumberSequence"."last" + 1
    RETURNING "last"`;
  return `INV-${String(row.last).padStart(6, '0')}`;
}

// ---- create --------------------------------------------------------------------------------

const itemInput = z.strictObject({
  description: z.string().trim().min(1).max(500),
  quantity: z.number().int().min(1).max(1_000_000),
  unitAmount: amountInput,
  taxRate: taxRate.nullable().optional(),
});

export const createInvoice = defineMutation({
  name: 'invoices.create',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({
    customer: id(ID_PREFIX.customer),
    currency,
    items: z.array(itemInput).min(1).max(250),
    dueDate: z.number().int().min(0).max(MAX_UNIX).optional(),
    daysUntilDue: z.number().int().min(0).max(3650).optional(),
    order: id(ID_PREFIX.order).nullable().optional(),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input, emit) {
    if ((input.dueDate === undefined) === (input.daysUntilDue === undefined)) {
      throw ApiError.validation([{
        field: input.dueDate === undefined ? 'due_date' : 'days_until_due',
        message: input.dueDate === undefined ? 'give due_date (Unix seconds) or days_until_due' : 'give due_date or days_until_due, not both',
        expected: 'exactly one of due_date and days_until_due',
      }]);
    }
    const customer = await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.customer }), select: { id: true, testClockId: true } });
    if (!customer) throw new ApiError('PARENT_NOT_FOUND', `No such customer: '${input.customer}'`, { resource: 'customer', id: input.customer }, 'customer');
    const now = await clockNow(tx, scope, customer.testClockId);

    if (input.order) {
      // key-share locked until commit: a deletion of the order waits for this invoice (then leaves
      // it without the order), or has committed before it (then the order is not found here)
      const [order] = await tx.$queryRaw<{ id: string; currency: string; customerId: string | null }[]>`
        SELECT "id", "currency", "customerId" FROM "Order" WHERE "id" = ${input.order} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR KEY SHARE`;
      if (!order) throw new ApiError('PARENT_NOT_FOUND', `No such order: '${input.order}'`, { resource: 'order', id: input.order }, 'order');
      const faults: FieldError[] = [];
      if (order.currency !== input.currency) faults.push({ field: 'order', message: `order ${order.id} is in ${order.currency}, the invoice in ${input.currency}`, expected: `an order in ${input.currency}` });
      if (order.customerId && order.customerId !== customer.id) faults.push({ field: 'order', message: `order ${order.id} belongs to customer ${order.customerId}`, expected: `an order of ${customer.id}` });
      if (faults.length) throw ApiError.validation(faults);
    }
    if (input.dueDate !== undefined && input.dueDate * 1000 <= now.getTime()) {
      throw new ApiError('INVALID_FIELD_VALUE', `due_date must be in the future (now is ${unix(now)}${customer.testClockId ? ` on test clock ${customer.testClockId}` : ''})`, {
        due_date: input.dueDate, now: unix(now),
      }, 'due_date');
    }

    const faults: FieldError[] = [];
    const lines = input.items.map((item, n) => {
      const amount = item.quantity * item.unitAmount;
      if (amount > MAX_AMOUNT) faults.push({ field: `items.${n}`, message: `quantity x unit_amount is ${amount}, more than ${MAX_AMOUNT}`, expected: `at most ${MAX_AMOUNT} minor units per line` });
      const tax = amount > MAX_AMOUNT ? 0 : lineTax(amount, item.taxRate);
      return {
        id: newId(INVOICE_ITEM_PREFIX), description: item.description, quantity: item.quantity, unitAmount: item.unitAmount,
        amount, taxRate: item.taxRate ?? null, tax, position: n,
      };
    });
    if (faults.length) throw ApiError.validation(faults);
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    const tax = lines.reduce((s, l) => s + l.tax, 0);
    const total = subtotal + tax;
    if (total > MAX_AMOUNT) {
      throw ApiError.validation([{ field: 'items', message: `the invoice's total would be ${total}, more than ${MAX_AMOUNT}`, expected: `a total of at most ${MAX_AMOUNT} minor units` }]);
    }

    const row = await tx.invoice.create({
      data: {
        id: newId(INVOICE_PREFIX), accountId: scope.accountId, livemode: scope.livemode, customerId: customer.id,
        orderId: input.order ?? null, testClockId: customer.testClockId, currency: input.currency,
        subtotal, tax, total, amountPaid: 0, amountDue: total, status: 'draft',
        dueDate: input.dueDate !== undefined ? new Date(input.dueDate * 1000) : null, daysUntilDue: input.daysUntilDue ?? null,
        metadata: input.metadata ?? {}, createdAt: now,
        items: { createMany: { data: lines } },
      },
      include,
    });
    emitInvoice(emit, 'invoice.created', row, undefined, now);
    return row;
  },
});

// ---- moves ---------------------------------------------------------------------------------

/** Marks an invoice paid when nothing remains due (a payment reaching the total, or a total of 0). */
function paidData(now: Date) {
  return { status: 'paid', paidAt: now, amountDue: 0 };
}

export const finalizeInvoice = defineMutation({
  name: 'invoices.finalize',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId }),
  async run(tx, scope, input, emit) {
    const { inv, now } = await lockInvoice(tx, scope, input.id);
    assertInvoiceTransition(inv.status, 'open', inv.id, inv.status === 'draft' ? undefined : `Only a draft invoice can be finalized; ${inv.id} is ${inv.status}`);
    const number = await nextInvoiceNumber(tx, scope);
    const dueDate = inv.dueDate ?? new Date(now.getTime() + (inv.daysUntilDue ?? 0) * DAY_MS);
    // nothing to pay (a total of 0): paid at once, as Stripe does
    const row = await tx.invoice.update({
      where: { id: inv.id },
      data: { number, status: 'open', finalizedAt: now, dueDate, ...(inv.total === 0 ? paidData(now) : {}) },
      include,
    });
    emitInvoice(emit, 'invoice.finalized', row, undefined, now);
    if (row.status === 'paid') emitInvoice(emit, 'invoice.paid', row, undefined, now);
    return row;
  },
});

/** What the invoice's payments still hold: their amounts less what was refunded of them. */
async function heldFor(tx: Tx, invoiceId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ held: bigint | null }[]>`
    SELECT sum(ip."amount" - LEAST(p."amountRefunded", ip."amount"))::bigint AS held
    FROM "InvoicePayment" ip JOIN "Payment" p ON p."id" = ip."paymentId" WHERE ip."invoiceId" = ${invoiceId}`;
  return Number(row?.held ?? 0n);
}

export const voidInvoice = defineMutation({
  name: 'invoices.void',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId }),
  async run(tx, scope, input, emit) {
    const { inv, now } = await lockInvoice(tx, scope, input.id);
    assertInvoiceTransition(inv.status, 'void', inv.id, inv.status === 'draft' ? `A draft invoice is deleted (DELETE /v1/invoices/${inv.id}), not voided` : undefined);
    // money still held for it: its payments less what was refunded of them (an invoice whose
    // payments were all refunded in full can be voided, as the refusal below advises)
    const held = inv.amountPaid > 0 ? await heldFor(tx, inv.id) : 0;
    if (held > 0) {
      throw new ApiError('INVALID_STATE_TRANSITION', `Invoice ${inv.id} has payments (${inv.amountPaid} paid, ${held} not refunded) and cannot be voided; refund them first or mark it uncollectible`, {
        invoice_id: inv.id, current_status: inv.status, requested_status: 'void', amount_paid: inv.amountPaid, amount_held: held,
        // with money taken, void is no longer one of its moves
        allowed: (MOVES[inv.status as InvoiceStatus] ?? []).filter((m) => m !== 'void'),
      });
    }
    const row = await tx.invoice.update({ where: { id: inv.id }, data: { status: 'void', voidedAt: now, amountDue: 0 }, include });
    emitInvoice(emit, 'invoice.voided', row, undefined, now);
    for (const hook of invoiceUnpaidHooks) await hook(tx, scope, row, now, emit);
    return row;
  },
});

export const markInvoiceUncollectible = defineMutation({
  name: 'invoices.mark_uncollectible',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId }),
  async run(tx, scope, input, emit) {
    const { inv, now } = await lockInvoice(tx, scope, input.id);
    assertInvoiceTransition(inv.status, 'uncollectible', inv.id);
    const row = await tx.invoice.update({ where: { id: inv.id }, data: { status: 'uncollectible', markedUncollectibleAt: now }, include });
    emitInvoice(emit, 'invoice.marked_uncollectible', row, undefined, now);
    for (const hook of invoiceUnpaidHooks) await hook(tx, scope, row, now, emit);
    return row;
  },
});

export const deleteInvoice = defineMutation({
  name: 'invoices.delete',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId }),
  async run(tx, scope, input, emit) {
    const { inv, now } = await lockInvoice(tx, scope, input.id);
    if (inv.status !== 'draft') {
      throw new ApiError('INVALID_STATE_TRANSITION', `Only a draft invoice can be deleted; ${inv.id} is ${inv.status}${inv.status === 'open' ? ` (void it instead: POST /v1/invoices/${inv.id}/void)` : ''}`, {
        invoice_id: inv.id, current_status: inv.status, requested_status: 'deleted', allowed: [],
      });
    }
    // its items go with it (ON DELETE CASCADE)
    await tx.invoice.delete({ where: { id: inv.id } });
    emitInvoice(emit, 'invoice.deleted', inv, undefined, now);
    return inv;
  },
  represent: (row) => ({ id: row.id, object: 'invoice', deleted: true }),
});

// ---- payments ------------------------------------------------------------------------------

const PAYABLE: readonly string[] = ['open', 'uncollectible'];

/** Payment methods an invoice takes: those whose outcome is known at once (not `pm_card_processing`). */
export const paymentMethod = z.string().superRefine((m, ctx) => {
  if (!PAYMENT_METHODS.includes(m)) {
    ctx.addIssue({ code: 'custom', message: `unknown payment method '${m.slice(0, 100)}'`, params: { expected: `one of ${PAYMENT_METHODS.join(', ')}`, code: 'INVALID_ENUM_VALUE' } });
  } else if (TEST_PAYMENT_METHODS[m as keyof typeof TEST_PAYMENT_METHODS]?.outcome === 'pending') {
    ctx.addIssue({ code: 'custom', message: `'${m}' settles later; an invoice is paid with a method whose outcome is known at once`, params: { expected: 'pm_card_visa, pm_card_mastercard, stablecoin (usd), or a declining test card' } });
  }
});

export interface InvoicePaymentResult {
  invoice: InvoiceRow;
  payment: { id: string; status: string; failureReason: string | null };
}

/**
 * Pays `amount` of an invoice locked by the caller through the payments operation (the same
 * payment, ledger transaction and payment.* events as POST /v1/payments). A failed payment
 * leaves the invoice as it was and is returned as such: the caller decides (the REST and
 * GraphQL doors answer PAYMENT_FAILED; a subscription's renewal would keep the attempt).
 */
export async function payInvoiceInTx(
  tx: Tx, scope: Scope, inv: InvoiceRow, input: { amount: number; paymentMethod: string }, now: Date, emit: Emit, services: Services,
): Promise<InvoicePaymentResult> {
  if (!PAYABLE.includes(inv.status)) {
    throw new ApiError('INVALID_STATE_TRANSITION', inv.status === 'paid' ? `Invoice ${inv.id} is already paid` : `An invoice that is ${inv.status} cannot be paid${inv.status === 'draft' ? ` (finalize it first: POST /v1/invoices/${inv.id}/finalize)` : ''}`, {
      invoice_id: inv.id, current_status: inv.status, requested_status: 'paid', allowed: MOVES[inv.status as InvoiceStatus] ?? [],
    });
  }
  if (input.amount > inv.amountDue) {
    throw new ApiError('AMOUNT_EXCEEDS_DUE', `${input.amount} is more than the ${inv.amountDue} due on invoice ${inv.id}`, {
      invoice_id: inv.id, amount: input.amount, amount_due: inv.amountDue, currency: inv.currency,
    }, 'amount');
  }
  if (input.paymentMethod === 'stablecoin' && inv.currency !== 'usd') {
    throw ApiError.validation([{ field: 'payment_method', message: `a stablecoin payment is made in usd; invoice ${inv.id} is in ${inv.currency}`, expected: 'a card payment method' }]);
  }
  const paymentInput = parseInput(createPayment.input, {
    amount: input.amount, currency: inv.currency, paymentMethod: input.paymentMethod, customer: inv.customerId,
    description: `Invoice ${inv.number ?? inv.id}`, metadata: { invoice: inv.id, ...(inv.number ? { invoice_number: inv.number } : {}) },
  });
  // the payment's events too are created at the clock's time for an invoice on a test clock
  // the payment knows its invoice: a factored invoice's payment repays the factoring first (finance)
  const payment = await createPaymentInTx(tx, scope, paymentInput, clockEmit(emit, inv.testClockId, now), services, { invoice: inv.id });
  if (payment.status !== 'succeeded') return { invoice: inv, payment };

  await tx.invoicePayment.create({ data: { id: newId(INVOICE_PAYMENT_PREFIX), invoiceId: inv.id, paymentId: payment.id, amount: input.amount, createdAt: now } });
  const amountPaid = inv.amountPaid + input.amount;
  const amountDue = inv.total - amountPaid;
  const row = await tx.invoice.update({
    where: { id: inv.id },
    data: amountDue === 0 ? { amountPaid, ...paidData(now) } : { amountPaid, amountDue },
    include,
  });
  const data = { payment_id: payment.id, amount: formatMajor(input.amount, inv.currency) };
  emitInvoice(emit, amountDue === 0 ? 'invoice.paid' : 'invoice.partially_paid', row, data, now);
  if (amountDue === 0) for (const hook of invoicePaidHooks) await hook(tx, scope, row, now, emit, services);
  return { invoice: row, payment };
}

async function payAndAnswer(tx: Tx, scope: Scope, id: string, amount: number | undefined, method: string, emit: Emit, services: Services) {
  const { inv, now } = await lockInvoice(tx, scope, id);
  const result = await payInvoiceInTx(tx, scope, inv, { amount: amount ?? inv.amountDue, paymentMethod: method }, now, emit, services);
  if (result.payment.status !== 'succeeded') {
    // the whole request is undone (no payment is recorded): the invoice stays as it was
    throw new ApiError('PAYMENT_FAILED', `The payment of invoice ${inv.id} was declined (${result.payment.failureReason ?? 'failed'}); it is still ${inv.status}`, {
      invoice_id: inv.id, reason: result.payment.failureReason, payment_method: method, amount: amount ?? inv.amountDue, amount_due: inv.amountDue, status: inv.status,
    }, 'payment_method');
  }
  return result.invoice;
}

export const payInvoice = defineMutation({
  name: 'invoices.pay',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId, paymentMethod }),
  run: (tx, scope, input, emit, services) => payAndAnswer(tx, scope, input.id, undefined, input.paymentMethod, emit, services),
});

export const createInvoicePayment = defineMutation({
  name: 'invoices.payments',
  permission: 'invoices:write',
  model: 'Invoice',
  input: z.strictObject({ id: invoiceId, amount: positiveAmount, paymentMethod }),
  run: (tx, scope, input, emit, services) => payAndAnswer(tx, scope, input.id, input.amount, input.paymentMethod, emit, services),
});
