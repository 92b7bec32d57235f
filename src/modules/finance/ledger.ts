// The finance area's ledger movements. Per account, mode and currency a `financing` ledger
// account holds what the account owes its financing, as a negative balance (it may go below
// zero); the platform's `finance_fees` account collects the fees charged. Every movement is one
// balanced ledger transaction in the caller's database transaction:
//   funding    financing -(amount + fee)   available +amount   finance_fees +fee
//   repayment  available -amount            financing +amount
import { InsufficientFunds, ledgerAccount, post, type LedgerAccountRef, type Recorded } from '../money/ledger.js';
import type { Scope, Tx } from '../../operations/operation.js';

export { InsufficientFunds };

/** The merchant's debt to its financing (may go below zero: that is the debt). */
export function financingAccount(scope: Scope, currency: string): LedgerAccountRef {
  return ledgerAccount(scope.accountId, scope.livemode, 'financing', currency);
}

/** The platform's fee income from financing, per mode and currency. */
export function feesAccount(livemode: boolean, currency: string): LedgerAccountRef {
  return ledgerAccount('platform', livemode, 'finance_fees', currency);
}

export function availableAccount(scope: Scope, currency: string): LedgerAccountRef {
  return ledgerAccount(scope.accountId, scope.livemode, 'available', currency);
}

/** Advances `amount` into the available balance and records `amount + fee` as owed. */
export async function postFunding(tx: Tx, scope: Scope, resourceId: string, currency: string, amount: number, fee: number, now: Date): Promise<Recorded> {
  const financing = financingAccount(scope, currency);
  return post(tx, scope, 'finance_funding', resourceId, [
    { account: financing, amount: -BigInt(amount + fee) },
    { account: availableAccount(scope, currency), amount: BigInt(amount) },
    ...(fee > 0 ? [{ account: feesAccount(scope.livemode, currency), amount: BigInt(fee) }] : []),
  ], now);
}

/** Repays `amount` from the available balance; throws InsufficientFunds (nothing changed) when it is short. */
export async function postRepayment(tx: Tx, scope: Scope, kind: 'finance_repayment' | 'finance_recourse', resourceId: string, currency: string, amount: number, now: Date): Promise<Recorded> {
  const financing = financingAccount(scope, currency);
  return post(tx, scope, kind, resourceId, [
    { account: availableAccount(scope, currency), amount: -BigInt(amount) },
    { account: financing, amount: BigInt(amount) },
  ], now);
}

/** The available balance, its ledger row locked until the transaction ends (0 when it never moved). */
export async function lockedAvailable(tx: Tx, scope: Scope, currency: string): Promise<number> {
  const rows = await tx.$queryRaw<{ balance: bigint }[]>`
    SELECT "balance" FROM "LedgerAccount" WHERE "id" = ${availableAccount(scope, currency).id} FOR UPDATE`;
  return rows[0] ? Number(rows[0].balance) : 0;
}
