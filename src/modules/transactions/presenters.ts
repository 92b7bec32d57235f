// How ledger transactions look in REST bodies: the chain fields under the names the rest of
// the money API uses (`transaction_hash`, as on a payment or a transfer), and each posting with
// the kind of ledger account it moves, whose account that is, and its amount in the unit's
// usual form: the coin itself (wallets, the issuer) as a decimal string, as every coin amount;
// every other ledger account in integer minor units of its currency (the coin's currency too:
// hundredths, as a payment in usdx counts them).
import { registerPresenter } from '../../representation.js';
import { checksumAddress } from '../money/address.js';
import { formatCoin } from '../money/amounts.js';
import { COIN_KINDS } from '../money/ledger.js';

type Row = Record<string, unknown>;
const unix = (d: unknown) => Math.floor((d as Date).getTime() / 1000);

export interface PostingView {
  ledger_account: string;
  owner: 'self' | 'platform' | 'counterparty';
  currency: string;
  amount: number | string;
  address: string | null;
}

/** A posting as the caller may see it: the other side of a transfer is only `counterparty` and its wallet address. */
export function postingView(posting: Row, caller: unknown): PostingView {
  const account = posting.ledgerAccount as { kind: string; accountId: string | null; address: string | null };
  const coin = COIN_KINDS.has(account.kind);
  const atomic = posting.amount as bigint;
  return {
    ledger_account: account.kind,
    owner: account.accountId === null || account.accountId === 'platform' ? 'platform' : account.accountId === caller ? 'self' : 'counterparty',
    currency: posting.currency as string,
    amount: coin ? formatCoin(atomic) : Number(atomic),
    address: account.address ? checksumAddress(account.address) : null,
  };
}

export function registerTransactionPresenters(): void {
  registerPresenter('LedgerTransaction', (r) => ({
    id: r.id,
    object: 'ledger_transaction',
    kind: r.kind,
    resource_id: r.resourceId,
    sequence: r.sequence,
    transaction_hash: r.hash,
    previous_hash: r.previousHash,
    postings: Array.isArray(r.postings) ? (r.postings as Row[]).map((p) => postingView(p, r.accountId)) : undefined,
    created: unix(r.createdAt),
    livemode: r.livemode,
  }));
}
