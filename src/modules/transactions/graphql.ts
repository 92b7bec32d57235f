// GraphQL door of the ledger: ledgerTransactions(where, order_by, limit, offset),
// ledgerTransaction(id) and ledgerTransactionsAggregate, each transaction with its postings.
import { builder } from '../../graphql/builder.js';
import { listAndGet, scalarExposures } from '../../graphql/models.js';
import { postingView } from './presenters.js';

/** What a posting's fields read: its ledger account, and whose chain its transaction is in. */
const POSTING_SELECT = { ledgerAccount: { select: { kind: true, accountId: true, address: true } }, transaction: { select: { accountId: true } } } as const;
const view = (p: { transaction: { accountId: string } }) => postingView(p as never, p.transaction.accountId);

export function registerTransactionsGraphQL(): void {
  builder.prismaObject('LedgerPosting', {
    description: 'One line of a ledger transaction: a credit (positive) or a debit (negative) of one ledger account',
    fields: (t) => ({
      id: t.exposeID('id'),
      position: t.exposeInt('position'),
      currency: t.exposeString('currency'),
      ledgerAccount: t.string({
        description: 'the kind of ledger account: available, pending, refunded, processor, settlement, wallet, issuer, financing',
        select: POSTING_SELECT,
        resolve: (p) => view(p).ledger_account,
      }),
      owner: t.string({
        description: 'self (the caller\'s own ledger account), platform (the coin\'s issuer, the platform\'s fee accounts) or counterparty (another account\'s wallet: the other side of a transfer)',
        select: POSTING_SELECT,
        resolve: (p) => view(p).owner,
      }),
      amount: t.string({
        description: 'signed: the coin itself (wallet and issuer postings) as a decimal string ("12.5"); every other ledger account in integer minor units of its currency ("1250"), the coin\'s currency included',
        select: POSTING_SELECT,
        resolve: (p) => String(postingView(p as never, p.transaction.accountId).amount),
      }),
      address: t.string({
        nullable: true,
        description: 'the wallet\'s address (EIP-55 checksum case) for wallet postings, else null',
        select: POSTING_SELECT,
        resolve: (p) => view(p).address,
      }),
    }),
  });
  builder.prismaObject('LedgerTransaction', {
    description: 'A balanced movement of the ledger (postings sum to zero per currency and unit), chained per account and mode: transactionHash = SHA-256 over previousHash and the canonical content',
    fields: (t) => ({
      ...scalarExposures(t, 'LedgerTransaction'),
      livemode: t.exposeBoolean('livemode'),
      transactionHash: t.exposeString('hash', { description: 'the same as hash: the name payments and transfers use' }),
      postings: t.relation('postings', { query: { orderBy: { position: 'asc' } } }),
    }),
  });
  listAndGet('LedgerTransaction', 'ledgerTransactions', 'ledgerTransaction', 'transactions');
}
