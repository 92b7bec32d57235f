// Finance (issue 15; docs/finance.md): offers underwritten by the finance pack from the
// account's own ledger, invoice factoring, purchase-order financing, loans (fixed instalments
// or a revenue share). Every advance, fee and repayment is a balanced ledger transaction.
// Permissions finance:read|write.
import { authorize } from '../../auth/keys.js';
import { paymentSucceededHooks } from '../payments/operations.js';
import { invoiceUnpaidHooks } from '../invoices/operations.js';
import { authenticate } from '../../rest/context.js';
import { assertStorableText } from '../../rest/list.js';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import { defineModule } from '../module.js';
import { optionsCurrency, registerFinanceGraphQL } from './graphql.js';
import {
  createLoan, FACTORING_STATUSES, factorInvoice, financePurchaseOrder, LOAN_REPAYMENTS, LOAN_STATUSES, PO_FINANCING_STATUSES, repayPurchaseOrder,
} from './operations.js';
import { onInvoiceUnpaid, onPaymentSucceeded } from './repayments.js';
import { financeOptions } from './underwriting.js';
import { startLoanWorker } from './worker.js';

paymentSucceededHooks.push(onPaymentSucceeded);
invoiceUnpaidHooks.push(onInvoiceUnpaid);

export const financeModule = defineModule({
  name: 'finance',
  permissions: { finance: ['read', 'write'] },
  enums: {
    InvoiceFactoring: { status: FACTORING_STATUSES }, PoFinancing: { status: PO_FINANCING_STATUSES },
    Loan: { status: LOAN_STATUSES, repayment: LOAN_REPAYMENTS },
  },
  events: [
    'finance.factoring.funded', 'finance.factoring.repaid', 'finance.factoring.defaulted',
    'finance.po.funded', 'finance.po.repayment', 'finance.po.repaid',
    'finance.loan.disbursed', 'finance.loan.repayment', 'finance.loan.past_due', 'finance.loan.repaid', 'finance.loan.defaulted',
  ],
  graphql: registerFinanceGraphQL,
  rest(app, deps) {
    app.get('/v1/finance/options', {
      config: { doc: { summary: "Financing offers computed by the finance pack from the account's ledger (permission finance:read); ?currency=, default: the account's default currency, else its largest 90-day volume, else usd" } },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'finance:read');
      const query = req.query as Record<string, unknown>;
      assertStorableText(query as Record<string, string>);
      return financeOptions(deps.services.db.prisma, principal, optionsCurrency(query.currency));
    });
    app.post('/v1/finance/invoices/factor', { config: { operation: factorInvoice, status: 201 } }, async (req, reply) =>
      reply.status(201).send(await runOperation(req, reply, deps, factorInvoice, bodyObject(req))));
    app.post('/v1/finance/po/finance', { config: { operation: financePurchaseOrder, status: 201 } }, async (req, reply) =>
      reply.status(201).send(await runOperation(req, reply, deps, financePurchaseOrder, bodyObject(req))));
    registerResource(app, deps, { path: '/v1/finance/factorings', model: 'InvoiceFactoring', resource: 'finance' });
    registerResource(app, deps, { path: '/v1/finance/po', model: 'PoFinancing', resource: 'finance', actions: { repay: repayPurchaseOrder } });
    registerResource(app, deps, { path: '/v1/finance/loans', model: 'Loan', resource: 'finance', create: createLoan });
  },
  start({ services, config, logger }) {
    const worker = startLoanWorker(services, logger, config.INVOICE_SWEEP_INTERVAL_SECS * 1000);
    return () => worker.stop();
  },
});
