// GraphQL door of finance: InvoiceFactoring, PoFinancing and Loan types with their lists
// (invoiceFactorings, poFinancings, loans) and single reads; financeOptions(currency); the
// mutations factorInvoice, financePurchaseOrder, repayPurchaseOrder, createLoan.
import { authorize } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { builder } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures, scopeOf } from '../../graphql/models.js';
import { parseInput } from '../../operations/operation.js';
import { z } from 'zod';
import { currency, CURRENCY_EXPECTED } from '../shared-inputs.js';
import { createLoan, factorInvoice, financePurchaseOrder, repayPurchaseOrder } from './operations.js';
import { financeOptions, type FinanceOptions, type Offer } from './underwriting.js';

const guardedToOne = (resource: string) => guardedRelation(resource) as unknown as undefined;

export function registerFinanceGraphQL(): void {
  builder.prismaObject('InvoiceFactoring', {
    description: 'An advance against an open invoice: funded -> repaid (from the invoice\'s payments, first) | defaulted (the invoice uncollectible or void; recourse)',
    fields: (t) => ({
      ...scalarExposures(t, 'InvoiceFactoring'),
      invoice: t.relation('invoice', { query: guardedToOne('invoices') }),
    }),
  });
  builder.prismaObject('PoFinancing', {
    description: 'Purchase-order financing: amount advanced, amount + feeAmount owed, repaid by repayPurchaseOrder',
    fields: (t) => ({ ...scalarExposures(t, 'PoFinancing') }),
  });
  builder.prismaObject('Loan', {
    description: 'A loan: fixed (instalments debited on their due dates) or revenue_share (withholdRate of every succeeded payment). Statuses active, past_due, repaid, defaulted.',
    fields: (t) => ({
      ...scalarExposures(t, 'Loan'),
      testClock: t.relation('testClock', { nullable: true, query: guardedRelation('test_clocks') }),
    }),
  });
  listAndGet('InvoiceFactoring', 'invoiceFactorings', 'invoiceFactoring', 'finance');
  listAndGet('PoFinancing', 'poFinancings', 'poFinancing', 'finance');
  listAndGet('Loan', 'loans', 'loan', 'finance');
  mutationField('factorInvoice', factorInvoice, { inputRequired: true });
  mutationField('financePurchaseOrder', financePurchaseOrder, { inputRequired: true });
  mutationField('repayPurchaseOrder', repayPurchaseOrder, { byId: true, inputRequired: true });
  mutationField('createLoan', createLoan, { inputRequired: true });

  const Reason = builder.objectRef<{ code: string; message: string }>('FinanceReason').implement({
    description: 'Why an offer is refused: the underwriting rule (code) and what it found',
    fields: (t) => ({ code: t.exposeString('code'), message: t.exposeString('message') }),
  });
  const OfferRef = builder.objectRef<Offer>('FinanceOffer').implement({
    description: 'One product\'s offer: rates are decimal strings of fractions; maxAmount in minor units; rules fired and facts used by the finance pack',
    fields: (t) => ({
      eligible: t.exposeBoolean('eligible'),
      advanceRate: t.string({ nullable: true, resolve: (o) => o.advance_rate ?? null }),
      feeRate: t.string({ nullable: true, resolve: (o) => o.fee_rate }),
      withholdRate: t.string({ nullable: true, resolve: (o) => o.withhold_rate ?? null }),
      maxAmount: t.int({ resolve: (o) => o.max_amount }),
      termDaysOptions: t.intList({ nullable: true, resolve: (o) => o.term_days_options ?? null }),
      reasons: t.field({ type: [Reason], resolve: (o) => o.reasons }),
      rules: t.stringList({ resolve: (o) => o.rules }),
      facts: t.stringList({ resolve: (o) => o.facts }),
    }),
  });
  const ComputedFrom = builder.objectRef<FinanceOptions['computed_from']>('FinanceComputedFrom').implement({
    description: 'The facts the offers were computed from: the last windowDays of the ledger in currency',
    fields: (t) => ({
      windowDays: t.int({ resolve: (c) => c.window_days }),
      currency: t.exposeString('currency'),
      volume: t.exposeInt('volume'),
      payments: t.exposeInt('payments'),
      refunded: t.exposeInt('refunded'),
      refundRate: t.string({ resolve: (c) => c.refund_rate }),
      accountAgeDays: t.int({ resolve: (c) => c.account_age_days }),
      outstanding: t.field({ type: 'JSON', resolve: (c) => c.outstanding }),
    }),
  });
  const Options = builder.objectRef<FinanceOptions>('FinanceOptions').implement({
    description: 'Financing offers of the account in one currency (GET /v1/finance/options)',
    fields: (t) => ({
      currency: t.exposeString('currency'),
      livemode: t.exposeBoolean('livemode'),
      invoiceFactoring: t.field({ type: OfferRef, resolve: (o) => o.invoice_factoring }),
      poFinancing: t.field({ type: OfferRef, resolve: (o) => o.po_financing }),
      loan: t.field({ type: OfferRef, resolve: (o) => o.loan }),
      computedFrom: t.field({ type: ComputedFrom, resolve: (o) => o.computed_from }),
    }),
  });
  builder.queryField('financeOptions', (t) =>
    t.field({
      type: Options,
      description: 'Financing offers computed by the finance pack from the account\'s ledger; currency: the account\'s default, else its largest 90-day volume, else usd',
      args: { currency: t.arg.string() },
      resolve: (_root, args, ctx) => {
        authorize(ctx.principal, 'finance:read');
        return financeOptions(ctx.services.db.prisma, scopeOf(ctx), optionsCurrency(args.currency));
      },
    }),
  );
}

/** The currency asked for, checked as every currency input is (undefined: the default). */
export function optionsCurrency(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw ApiError.validation([{ field: 'currency', message: 'expected a three-letter ISO 4217 currency code', expected: CURRENCY_EXPECTED }]);
  // parsed as the field it is, so that a fault names `currency`
  return parseInput(z.object({ currency }), { currency: value }).currency;
}
