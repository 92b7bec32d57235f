// Payments: payments and refunds on the ledger, the simulated test processor and its
// settlement of pending payments, and the account's balance.
import { authorize } from '../../auth/keys.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import { registerCoinCurrency } from '../money/amounts.js';
import { defineModule } from '../module.js';
import { accountBalance } from './balance.js';
import { registerPaymentsGraphQL } from './graphql.js';
import { createPayment, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_STATUSES, refundPayment } from './operations.js';
import { startSettlement } from './settlement.js';

export const paymentsModule = defineModule({
  name: 'payments',
  permissions: { payments: ['read', 'create', 'refund'], balance: ['read'] },
  events: ['payment.created', 'payment.succeeded', 'payment.failed', 'refund.created'],
  enums: { Payment: { status: PAYMENT_STATUSES, paymentMethod: PAYMENT_METHODS }, Refund: { status: REFUND_STATUSES } },
  graphql: registerPaymentsGraphQL,
  rest(app, deps) {
    // the coin's code is a currency a payment may be in (amounts in its hundredths)
    registerCoinCurrency(deps.services.money.coin);
    // before the resource's /:id routes: a static path wins anyway, but reads plainly
    app.post('/v1/payments/refund', { config: { operation: refundPayment, status: 201 } }, async (req, reply) => reply.status(201).send(await runOperation(req, reply, deps, refundPayment, bodyObject(req))));
    registerResource(app, deps, { path: '/v1/payments', model: 'Payment', resource: 'payments', create: createPayment });
    registerResource(app, deps, { path: '/v1/refunds', model: 'Refund', resource: 'payments' });
    app.get('/v1/account/balance', { config: { doc: { summary: "The account's balances per currency, from the ledger (permission balance:read)" } } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'balance:read');
      return accountBalance(deps.services.db.prisma, principal, deps.services.money.coin);
    });
  },
  start({ services, config, logger }) {
    registerCoinCurrency(services.money.coin);
    if (!config.PAYMENT_WORKER) return () => {};
    const worker = startSettlement(services, logger);
    services.money.settlementWake.add(worker.wakeAt);
    return async () => {
      services.money.settlementWake.delete(worker.wakeAt);
      await worker.stop();
    };
  },
});
