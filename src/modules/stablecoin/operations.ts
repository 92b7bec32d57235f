// The stablecoin: every account has a wallet per mode; issue mints to a wallet, redeem burns
// from the account's wallet at once and pays out to a bank account (test mode: simulated, the
// redemption processing until the payout completes, payout.ts), transfer
// moves coin to any wallet of the platform in the same mode. Each is one ledger transaction
// on the calling account's chain. Issuance is always signed; redemptions and transfers at or
// above SIGNED_REQUEST_THRESHOLD are too.
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { defineMutation, RunAgain, type Emit, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { checksumAddress, readAddress } from '../money/address.js';
import { coinAmount, formatCoin } from '../money/amounts.js';
import { forgetWallets, InsufficientFunds, insufficientFundsError, ledgerAccount, post, postWithEvents, totalSupply, transferWallets, walletAt, walletOf, type Wallet } from '../money/ledger.js';

export const STABLECOIN_ID_PREFIX = { issuance: 'iss', redemption: 'rdm', transfer: 'xfr' } as const;

const address = z.string().superRefine((text, ctx) => {
  const check = readAddress(text);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message, params: { code: 'INVALID_FIELD_FORMAT', expected: '0x and 40 hex digits, lowercase or EIP-55 checksummed' } });
});

/** Bank account numbers and IBANs: letters, digits and spaces, 4 to 34 characters. */
const bankAccount = z.string().superRefine((text, ctx) => {
  const compact = text.replace(/ /g, '');
  if (!/^[A-Za-z0-9 ]*$/.test(text) || compact.length < 4 || compact.length > 34 || text.length > 42) {
    ctx.addIssue({ code: 'custom', message: 'expected a bank account number or IBAN: 4 to 34 letters and digits (spaces allowed)', params: { code: 'INVALID_FIELD_FORMAT', expected: 'e.g. DE89 3704 0044 0532 0130 00' } });
  }
});

export function maskBankAccount(text: string): string {
  return `****${text.replace(/ /g, '').slice(-4)}`;
}

/** The wallet at `to` in this mode, or the API's 404 naming `to`. */
async function recipientWallet(tx: Tx, to: string, livemode: boolean): Promise<Wallet> {
  const lower = to.toLowerCase();
  const wallet = await walletAt(tx, lower, livemode);
  if (!wallet) throw recipientNotFound(to, livemode);
  return wallet;
}

function recipientNotFound(to: string, livemode: boolean): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No wallet with address ${to} in ${livemode ? 'live' : 'test'} mode on this platform`, { resource: 'wallet', address: to }, 'to');
}

function moveOrRefuse<T>(what: string) {
  return (err: unknown): T => {
    if (err instanceof InsufficientFunds) throw insufficientFundsError(err, what);
    throw err;
  };
}

const atOrAbove = (services: Services) => (input: { amount: bigint }) => input.amount >= services.money.signedThreshold;

export const issueStablecoin = defineMutation({
  name: 'stablecoin.issue',
  permission: 'stablecoin:issue',
  model: 'StablecoinIssuance',
  input: z.strictObject({ amount: coinAmount, to: address.optional() }),
  signatureRequired: () => true,
  async run(tx, scope, input, emit, services) {
    const coin = services.money.coin;
    const wallet = input.to ? await recipientWallet(tx, input.to, scope.livemode) : await walletOf(tx, scope, coin);
    const id = newId(STABLECOIN_ID_PREFIX.issuance);
    const now = new Date();
    const rec = await post(tx, scope, 'issue', id, [
      { account: ledgerAccount('platform', scope.livemode, 'issuer', coin), amount: -input.amount },
      { account: wallet, amount: input.amount },
    ], now);
    const row = await tx.stablecoinIssuance.create({
      data: { id, accountId: scope.accountId, livemode: scope.livemode, amount: input.amount, recipient: wallet.address, status: 'succeeded', transactionHash: rec.hash, createdAt: now },
    });
    const data = { issuance_id: id, amount: formatCoin(input.amount), recipient: checksumAddress(wallet.address), total_supply: formatCoin(await totalSupply(tx, scope.livemode, coin)) };
    emit('stablecoin.issued', 'StablecoinIssuance', row, undefined, { data });
    if (wallet.accountId !== scope.accountId) emit('stablecoin.issued', 'StablecoinIssuance', row, undefined, { data, account: wallet.accountId });
    return row;
  },
});

// A redemption is processing from the burn until the bank payout completes, then succeeded
// (settleRedemption). A payout cannot fail in test mode; live mode has no payout processor and
// refuses before anything is burnt.
type RedemptionRow = Awaited<ReturnType<Tx['stablecoinRedemption']['create']>>;

/** The flat `data` of the redemption events: the spec's fields of `stablecoin.redeemed`. */
function redemptionEventData(row: RedemptionRow) {
  return { redemption_id: row.id, amount: formatCoin(row.amount), bank_account: row.bankAccount, status: row.status };
}

export const redeemStablecoin = defineMutation({
  name: 'stablecoin.redeem',
  permission: 'stablecoin:redeem',
  model: 'StablecoinRedemption',
  input: z.strictObject({ amount: coinAmount, bankAccount }),
  signatureRequired: (input, services) => atOrAbove(services)(input),
  async run(tx, scope, input, emit, services) {
    if (scope.livemode) {
      throw new ApiError('PAYMENT_FAILED', 'No payout processor is configured for live mode: live redemptions cannot be paid out on this server', {
        reason: 'no_payout_processor_configured',
      }, 'bank_account');
    }
    const coin = services.money.coin;
    const wallet = await walletOf(tx, scope, coin);
    const id = newId(STABLECOIN_ID_PREFIX.redemption);
    const now = new Date();
    const rec = await post(tx, scope, 'redeem', id, [
      { account: wallet, amount: -input.amount },
      { account: ledgerAccount('platform', scope.livemode, 'issuer', coin), amount: input.amount },
    ], now).catch(moveOrRefuse<never>('The wallet cannot cover this redemption'));
    const masked = maskBankAccount(input.bankAccount);
    // the coin is burnt now; the (simulated) bank payout completes at settleAt, when the payout
    // worker (payout.ts) moves the redemption to succeeded. The due time is in the row: a
    // restart does not lose it, and any process running the worker completes it.
    const settleAt = new Date(now.getTime() + services.money.redemptionPayoutDelayMs);
    const row = await tx.stablecoinRedemption.create({
      data: {
        id, accountId: scope.accountId, livemode: scope.livemode, amount: input.amount, bankAccount: masked,
        bankAccountSealed: services.secrets.seal(input.bankAccount, `bank-account:${id}`),
        status: 'processing', transactionHash: rec.hash, settleAt, createdAt: now,
      },
    });
    for (const wake of services.money.payoutWake) wake(settleAt);
    emit('stablecoin.redeemed', 'StablecoinRedemption', row, undefined, { data: redemptionEventData(row) });
    return row;
  },
});

/**
 * Completes the bank payout of a processing redemption (the simulated bank's later answer):
 * processing -> succeeded, with its `stablecoin.redemption.succeeded` event. The row is claimed
 * with FOR UPDATE SKIP LOCKED and must still be processing, so two processes (or two rounds of
 * one) never complete it twice. No coin moves: it was burnt when the redemption was made.
 */
export async function settleRedemption(tx: Tx, redemptionId: string, emit: Emit): Promise<RedemptionRow | undefined> {
  const [claimed] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "StablecoinRedemption" WHERE "id" = ${redemptionId} AND "status" = 'processing' FOR UPDATE SKIP LOCKED`;
  if (!claimed) return undefined;
  const row = await tx.stablecoinRedemption.update({ where: { id: redemptionId }, data: { status: 'succeeded', settleAt: null } });
  emit('stablecoin.redemption.succeeded', 'StablecoinRedemption', row, undefined, { data: redemptionEventData(row) });
  return row;
}

export const transferStablecoin = defineMutation({
  name: 'stablecoin.transfer',
  permission: 'stablecoin:transfer',
  model: 'StablecoinTransfer',
  input: z.strictObject({ amount: coinAmount, to: address }),
  signatureRequired: (input, services) => atOrAbove(services)(input),
  // between wallets seen before: one statement, the outbox's, which carries the COMMIT
  rawStatementsOnly: true,
  // that statement locks the two wallets first, in id order: transfers waiting at the same
  // time share one commit (group commit, src/db/raw-transaction.ts)
  sharesCommit: true,
  async run(tx, scope, input, emit, services) {
    const coin = services.money.coin;
    const id = newId(STABLECOIN_ID_PREFIX.transfer);
    const now = new Date();
    // the wallets' ids and addresses are remembered per database after their first use, so a
    // transfer between known wallets sends nothing here: the whole movement (locks, checks,
    // balances, the chain's head and hash, the ledger rows, the transfer's row) is written by
    // the outbox's statement with the events, in one round trip with BEGIN and COMMIT
    // (ledger.ts postWithEvents, db/lazy-begin.ts)
    const { from, to } = await transferWallets(tx, services.db, scope, coin, input.to.toLowerCase());
    if (!to) throw recipientNotFound(input.to, scope.livemode);
    if (to.id === from.id) throw ApiError.validation([{ field: 'to', message: 'this is your own wallet: a transfer goes to another wallet', expected: 'the address of another wallet' }]);
    const rec = postWithEvents(tx, scope, 'transfer', id, [
      { account: from, amount: -input.amount },
      { account: to, amount: input.amount },
    ], now, {
      resource: {
        table: 'StablecoinTransfer',
        row: (hash) => ({
          id, accountId: scope.accountId, livemode: scope.livemode, fromAddress: from.address, toAddress: to.address,
          recipientAccountId: to.accountId, amount: input.amount, status: 'succeeded', transactionHash: hash, createdAt: now,
        }),
      },
      refused: (err) => {
        const refusal = insufficientFundsError(err, 'The wallet cannot cover this transfer');
        // a remembered wallet that is not in this database (nothing was changed): look again
        if (err.missing) {
          forgetWallets(services.db, [from.id, to.id]);
          return new RunAgain(refusal);
        }
        return refusal;
      },
    });
    const row = rec.row as { id: string; accountId: string; livemode: boolean; fromAddress: string; toAddress: string; recipientAccountId: string; amount: bigint; status: string; transactionHash: string; createdAt: Date };
    const data = { transfer_id: id, from: checksumAddress(from.address), to: checksumAddress(to.address), amount: formatCoin(input.amount) };
    emit('stablecoin.transferred', 'StablecoinTransfer', row, undefined, { data });
    // the receiving account sees the transfer in its events too (nothing else of the sender)
    if (to.accountId !== scope.accountId) emit('stablecoin.transferred', 'StablecoinTransfer', row, undefined, { data, account: to.accountId });
    return row;
  },
});

/** GET /v1/stablecoin/balance */
export async function stablecoinBalance(tx: Tx, scope: Scope, coin: string) {
  const wallet = await walletOf(tx, scope, coin);
  return {
    object: 'stablecoin_balance', address: checksumAddress(wallet.address), balance: formatCoin(wallet.balance), currency: coin,
    total_supply: formatCoin(await totalSupply(tx, scope.livemode, coin)), livemode: scope.livemode,
  };
}

/** The public balance is open to every API key of the mode (publishable ones included), not to svc_ keys. */
export function authorizePublic(type: string): void {
  if (type === 'svc') throw new ApiError('RESOURCE_ACCESS_DENIED', 'A decision-service key (svc_) can only call /api/svc endpoints', { required: 'stablecoin:read' });
}

/** GET /v1/public/balance/{address}: any wallet of the caller's mode, read-only. */
export async function publicBalance(tx: Tx, text: string, livemode: boolean, coin: string) {
  const check = readAddress(text);
  if (!check.ok) throw ApiError.validation([{ field: 'address', message: check.message, expected: '0x and 40 hex digits, lowercase or EIP-55 checksummed', code: 'INVALID_FIELD_FORMAT' }]);
  const wallet = await walletAt(tx, check.address, livemode);
  if (!wallet) throw new ApiError('RESOURCE_NOT_FOUND', `No wallet with address ${text} in ${livemode ? 'live' : 'test'} mode`, { resource: 'wallet', address: text }, 'address');
  return { object: 'public_balance', address: checksumAddress(wallet.address), balance: formatCoin(wallet.balance), currency: coin };
}
