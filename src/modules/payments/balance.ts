// The account's balance, from the ledger: available (succeeded payments less refunds) and
// pending (payments not settled yet) per currency, and the stablecoin wallet.
import type { Scope, Tx } from '../../operations/operation.js';
import { checksumAddress } from '../money/address.js';
import { formatCoin } from '../money/amounts.js';
import { balances, walletOf } from '../money/ledger.js';

export interface MoneyAmount { amount: number; currency: string }

export interface AccountBalance {
  object: 'balance';
  available: MoneyAmount[];
  pending: MoneyAmount[];
  stablecoin: { address: string; balance: string; currency: string };
  livemode: boolean;
}

export async function accountBalance(tx: Tx, scope: Scope, coin: string): Promise<AccountBalance> {
  const rows = await balances(tx, scope, ['available', 'pending']);
  const wallet = await walletOf(tx, scope, coin);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ amount: Number(r.balance), currency: r.currency }));
  return {
    object: 'balance',
    available: of('available'),
    pending: of('pending'),
    stablecoin: { address: checksumAddress(wallet.address), balance: formatCoin(wallet.balance), currency: coin },
    livemode: scope.livemode,
  };
}
