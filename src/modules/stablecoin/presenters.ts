// How the stablecoin's resources look in REST bodies and events: amounts as decimal strings,
// addresses in EIP-55 checksum case, the coin's currency code. `present()` uses these.
import { registerPresenter } from '../../representation.js';
import { checksumAddress } from '../money/address.js';
import { formatCoin } from '../money/amounts.js';

type Row = Record<string, unknown>;
const unix = (d: unknown) => Math.floor((d as Date).getTime() / 1000);

export function registerStablecoinPresenters(coin: () => string): void {
  const common = (object: string, r: Row) => ({
    id: r.id, object, amount: formatCoin(r.amount as bigint), currency: coin(), status: r.status,
    transaction_hash: r.transactionHash, created: unix(r.createdAt), livemode: r.livemode,
  });
  registerPresenter('StablecoinIssuance', (r) => ({ ...common('issuance', r), recipient: checksumAddress(r.recipient as string) }));
  registerPresenter('StablecoinRedemption', (r) => ({ ...common('redemption', r), bank_account: r.bankAccount }));
  registerPresenter('StablecoinTransfer', (r) => ({
    ...common('transfer', r), from: checksumAddress(r.fromAddress as string), to: checksumAddress(r.toAddress as string),
  }));
}
