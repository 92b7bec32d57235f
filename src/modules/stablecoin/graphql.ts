// GraphQL door of the stablecoin: issue, redeem, transfer, a redemption by id (processing until
// its payout completes, then succeeded), the wallet's balance and any wallet's public balance.
import { authorize } from '../../auth/keys.js';
import { ApiError, textFaults } from '../../errors.js';
import { scopedWhere } from '../../operations/operation.js';
import { builder } from '../../graphql/builder.js';
import { mutationField, scopeOf } from '../../graphql/models.js';
import { checksumAddress } from '../money/address.js';
import { formatCoin } from '../money/amounts.js';
import { authorizePublic, issueStablecoin, publicBalance, redeemStablecoin, stablecoinBalance, transferStablecoin } from './operations.js';

export function registerStablecoinGraphQL(): void {
  builder.prismaObject('StablecoinIssuance', {
    description: 'Coins minted to a wallet; amount is a decimal string',
    fields: (t) => ({
      id: t.exposeID('id'),
      amount: t.string({ resolve: (r) => formatCoin(r.amount) }),
      currency: t.string({ resolve: (_r, _a, ctx) => ctx.services.money.coin }),
      recipient: t.string({ resolve: (r) => checksumAddress(r.recipient) }),
      status: t.exposeString('status'),
      transactionHash: t.exposeString('transactionHash'),
      livemode: t.exposeBoolean('livemode'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });
  builder.prismaObject('StablecoinRedemption', {
    description: 'Coins burnt from the wallet and paid out to a bank account; status processing until the payout completes, then succeeded; bankAccount shows the last four characters only',
    fields: (t) => ({
      id: t.exposeID('id'),
      amount: t.string({ resolve: (r) => formatCoin(r.amount) }),
      currency: t.string({ resolve: (_r, _a, ctx) => ctx.services.money.coin }),
      bankAccount: t.exposeString('bankAccount'),
      status: t.exposeString('status'),
      transactionHash: t.exposeString('transactionHash'),
      livemode: t.exposeBoolean('livemode'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });
  builder.prismaObject('StablecoinTransfer', {
    description: 'Coins moved from the wallet to another wallet on this platform',
    fields: (t) => ({
      id: t.exposeID('id'),
      amount: t.string({ resolve: (r) => formatCoin(r.amount) }),
      currency: t.string({ resolve: (_r, _a, ctx) => ctx.services.money.coin }),
      from: t.string({ resolve: (r) => checksumAddress(r.fromAddress) }),
      to: t.string({ resolve: (r) => checksumAddress(r.toAddress) }),
      status: t.exposeString('status'),
      transactionHash: t.exposeString('transactionHash'),
      livemode: t.exposeBoolean('livemode'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });
  mutationField('issueStablecoin', issueStablecoin, { inputRequired: true });
  mutationField('redeemStablecoin', redeemStablecoin, { inputRequired: true });
  mutationField('transferStablecoin', transferStablecoin, { inputRequired: true });
  // as the by-id fields of listAndGet (src/graphql/models.ts): the caller's account and mode, null otherwise
  builder.queryField('stablecoinRedemption', (t) =>
    t.prismaField({
      type: 'StablecoinRedemption',
      nullable: true,
      description: 'A redemption of the caller\'s account and mode by id (as GET /v1/stablecoin/redemptions/{id}, stablecoin:read); null when there is none',
      args: { id: t.arg.id({ required: true }) },
      resolve: (query, _root, args, ctx) => {
        authorize(ctx.principal, 'stablecoin:read');
        // text the database cannot take (a NUL) names the argument, as every input's does
        const faults = textFaults(String(args.id), 'id');
        if (faults.length) throw ApiError.validation(faults);
        return ctx.services.db.prisma.stablecoinRedemption.findFirst({ ...query, where: scopedWhere(scopeOf(ctx), { id: String(args.id) }) });
      },
    }),
  );

  type Balance = Awaited<ReturnType<typeof stablecoinBalance>>;
  const StablecoinBalance = builder.objectRef<Balance>('StablecoinBalance').implement({
    description: "The account's wallet in the key's mode; balance and totalSupply are decimal strings",
    fields: (t) => ({
      address: t.exposeString('address'),
      balance: t.exposeString('balance'),
      currency: t.exposeString('currency'),
      totalSupply: t.string({ resolve: (b) => b.total_supply }),
      livemode: t.exposeBoolean('livemode'),
    }),
  });
  type Public = Awaited<ReturnType<typeof publicBalance>>;
  const PublicBalance = builder.objectRef<Public>('PublicBalance').implement({
    description: 'Any wallet of the same mode, read-only: readable with a publishable key',
    fields: (t) => ({ address: t.exposeString('address'), balance: t.exposeString('balance'), currency: t.exposeString('currency') }),
  });
  builder.queryField('stablecoinBalance', (t) =>
    t.field({
      type: StablecoinBalance,
      resolve: (_root, _args, ctx) => {
        authorize(ctx.principal, 'stablecoin:read');
        return stablecoinBalance(ctx.services.db.prisma, scopeOf(ctx), ctx.services.money.coin);
      },
    }),
  );
  builder.queryField('publicBalance', (t) =>
    t.field({
      type: PublicBalance,
      args: { address: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) => {
        authorizePublic(ctx.principal.type);
        return publicBalance(ctx.services.db.prisma, args.address, ctx.principal.livemode, ctx.services.money.coin);
      },
    }),
  );
}
