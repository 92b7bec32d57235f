// GraphQL door of payments: Payment and Refund types, lists, createPayment, refundPayment,
// and the account's balance.
import { authorize } from '../../auth/keys.js';
import { builder } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures, scopeOf } from '../../graphql/models.js';
import { accountBalance, type AccountBalance, type MoneyAmount } from './balance.js';
import { createPayment, refundPayment } from './operations.js';

export function registerPaymentsGraphQL(): void {
  builder.prismaObject('Payment', {
    description: 'A payment: amount in minor units of currency; amountRefunded adds up its refunds.',
    fields: (t) => ({
      ...scalarExposures(t, 'Payment'),
      customer: t.relation('customer', { nullable: true, query: guardedRelation('customers') }),
      order: t.relation('order', { nullable: true, query: guardedRelation('orders') }),
      // a payment is refunded in at most `amount` refunds of one minor unit each
      refunds: t.relation('refunds', { query: { orderBy: { createdAt: 'asc' } }, extensions: { maxItems: 1000 } }),
    }),
  });
  builder.prismaObject('Refund', {
    description: 'Money returned from a payment, in minor units of its currency',
    fields: (t) => ({
      ...scalarExposures(t, 'Refund'),
      payment: t.relation('payment'),
    }),
  });
  listAndGet('Payment', 'payments', 'payment', 'payments');
  listAndGet('Refund', 'refunds', 'refund', 'payments');
  mutationField('createPayment', createPayment, { inputRequired: true });
  mutationField('refundPayment', refundPayment, { inputRequired: true });

  const Money = builder.objectRef<MoneyAmount>('MoneyAmount').implement({
    description: 'An amount in minor units of a currency',
    fields: (t) => ({ amount: t.exposeInt('amount'), currency: t.exposeString('currency') }),
  });
  const Wallet = builder.objectRef<AccountBalance['stablecoin']>('WalletBalance').implement({
    description: "The account's stablecoin wallet: balance is a decimal string",
    fields: (t) => ({ address: t.exposeString('address'), balance: t.exposeString('balance'), currency: t.exposeString('currency') }),
  });
  const Balance = builder.objectRef<AccountBalance>('AccountBalance').implement({
    description: 'Balances from the ledger: available (succeeded payments less refunds), pending (not settled yet), the wallet',
    fields: (t) => ({
      available: t.field({ type: [Money], resolve: (b) => b.available }),
      pending: t.field({ type: [Money], resolve: (b) => b.pending }),
      stablecoin: t.field({ type: Wallet, resolve: (b) => b.stablecoin }),
      livemode: t.exposeBoolean('livemode'),
    }),
  });
  builder.queryField('accountBalance', (t) =>
    t.field({
      type: Balance,
      description: "The account's balances in the key's mode (GET /v1/account/balance)",
      resolve: (_root, _args, ctx) => {
        authorize(ctx.principal, 'balance:read');
        return accountBalance(ctx.services.db.prisma, scopeOf(ctx), ctx.services.money.coin);
      },
    }),
  );
}
