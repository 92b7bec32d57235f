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
  // both lists name the same currencies, every one the account ever had money in (0 where
  // nothing is there now), as Stripe's balance does: a currency does not appear in `pending`
  // only once a payment there was slow to settle
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const of = (kind: string) => currencies.map((currency) => ({
    amount: Number(rows.find((r) => r.kind === kind && r.currency === currency)?.balance ?? 0n), currency,
  }));
  return {
    object: 'balance',
    available: of('available'),
    pending: of('pending'),
    stablecoin: { address: checksumAddress(wallet.address), balance: formatCoin(wallet.balance), currency: coin },
    livemode: scope.livemode,
  };
}
