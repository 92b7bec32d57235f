// The ledger, read: every ledger transaction of the caller's account and mode with its postings
// (GET /v1/transactions, GraphQL ledgerTransactions), behind `transactions:read`. Nothing here
// writes: payments, refunds, the stablecoin and finance post to the ledger (src/modules/money).
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerTransactionsGraphQL } from './graphql.js';
import { registerTransactionPresenters } from './presenters.js';

registerTransactionPresenters();

/** Every transaction is shown with its postings, in order, and the ledger accounts they move. */
const POSTINGS = { postings: { orderBy: { position: 'asc' }, include: { ledgerAccount: { select: { kind: true, accountId: true, address: true } } } } };

export const transactionsModule = defineModule({
  name: 'transactions',
  permissions: { transactions: ['read'] },
  graphql: registerTransactionsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, { path: '/v1/transactions', model: 'LedgerTransaction', resource: 'transactions', include: POSTINGS });
  },
});
