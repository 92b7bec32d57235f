// The double-entry ledger every balance comes from. A ledger transaction is a set of postings
// that sum to zero per currency, written in the caller's database transaction (with the
// resource and its events). Each ledger account keeps its balance, the sum of its postings,
// in its row: a debit is one conditional UPDATE that refuses to overdraw, so concurrent
// debits can never take a balance below zero. Transactions are hash-chained per account and
// mode: hash = SHA-256(previous hash + "\n" + canonical content), verified by `ledger -- verify`.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../canonical.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Scope, Tx } from '../../operations/operation.js';
import { newAddress } from './address.js';
import { formatCoin } from './amounts.js';

export const GENESIS_HASH = '0'.repeat(64);

export type LedgerKind =
  | 'available' // the account's money, ready to use or refund
  | 'pending' // payments not settled yet
  | 'refunded' // money returned to payers
  | 'processor' // the card networks' side of the account's payments (may go below zero)
  | 'settlement' // the fiat side of payments made with the coin (may go below zero)
  | 'wallet' // the account's coin
  | 'issuer' // the coin's issuer in one mode: minus the total supply (may go below zero)
  | 'financing' // what the account owes its financing, as a negative balance (src/modules/finance)
  | 'finance_fees'; // the platform's fee income from financing, per mode and currency

const MAY_GO_NEGATIVE = new Set<LedgerKind>(['processor', 'settlement', 'issuer', 'financing']);

export interface LedgerAccountRef {
  id: string;
  code: string;
  kind: LedgerKind;
  currency: string;
}

/** The code of a ledger account: owner (an account id, or "platform"), mode, kind, currency. */
export function ledgerCode(owner: string, livemode: boolean, kind: LedgerKind, currency: string): string {
  return `${owner}:${livemode ? 'live' : 'test'}:${kind}:${currency}`;
}

/** Ids are derived from codes, so that the accounts a movement needs are made in one statement. */
function ledgerAccountId(code: string): string {
  return `lac_${createHash('sha256').update(code).digest('hex').slice(0, 26)}`;
}

export function ledgerAccount(owner: string, livemode: boolean, kind: LedgerKind, currency: string): LedgerAccountRef {
  const code = ledgerCode(owner, livemode, kind, currency);
  return { id: ledgerAccountId(code), code, kind, currency };
}

/** Makes the ledger accounts (not wallets) that do not exist yet: one statement. */
async function ensureAccounts(tx: Tx, refs: LedgerAccountRef[], livemode: boolean): Promise<void> {
  // wallets are made by walletOf (they need an address); a transfer needs no statement here
  const missing = refs.filter((r) => r.kind !== 'wallet');
  if (missing.length === 0) return;
  await tx.ledgerAccount.createMany({
    data: missing.map((r) => ({
      id: r.id, code: r.code, accountId: r.code.startsWith('platform:') ? null : r.code.split(':')[0],
      livemode, kind: r.kind, currency: r.currency, allowNegative: MAY_GO_NEGATIVE.has(r.kind),
    })),
    skipDuplicates: true,
  });
}

export interface Wallet extends LedgerAccountRef {
  address: string;
  accountId: string;
  balance: bigint;
}

/** The account's wallet in this mode, made with a new address on first use. */
export async function walletOf(tx: Tx, scope: Scope, coin: string): Promise<Wallet> {
  const ref = ledgerAccount(scope.accountId, scope.livemode, 'wallet', coin);
  let row = await tx.ledgerAccount.findUnique({ where: { id: ref.id } });
  if (!row) {
    await tx.ledgerAccount.createMany({
      data: [{ id: ref.id, code: ref.code, accountId: scope.accountId, livemode: scope.livemode, kind: 'wallet', currency: coin, address: newAddress() }],
      skipDuplicates: true,
    });
    row = await tx.ledgerAccount.findUniqueOrThrow({ where: { id: ref.id } });
  }
  return { ...ref, address: row.address!, accountId: scope.accountId, balance: row.balance };
}

/** The wallet at `address` in this mode, whoever owns it. */
export async function walletAt(tx: Tx, address: string, livemode: boolean): Promise<Wallet | undefined> {
  const row = await tx.ledgerAccount.findUnique({ where: { address } });
  if (!row || row.livemode !== livemode || row.kind !== 'wallet' || !row.accountId) return undefined;
  return { id: row.id, code: row.code, kind: 'wallet', currency: row.currency, address, accountId: row.accountId, balance: row.balance };
}

export interface Posting {
  account: LedgerAccountRef;
  /** atomic units; positive credits the account */
  amount: bigint;
}

/** Refused debit: the ledger account would go below zero. */
export class InsufficientFunds extends Error {
  constructor(readonly account: LedgerAccountRef, readonly balance: bigint, readonly needed: bigint) {
    super(`insufficient funds in ${account.code}`);
  }
}

/** The API's 422 for a refused debit; amounts in the account's own units. */
export function insufficientFundsError(err: InsufficientFunds, what: string): ApiError {
  const coin = err.account.kind === 'wallet';
  const show = (v: bigint) => (coin ? formatCoin(v) : Number(v));
  return new ApiError('INSUFFICIENT_FUNDS', `${what}: ${show(err.balance)} ${err.account.currency} available, ${show(err.needed)} needed`, {
    available: show(err.balance), requested: show(err.needed), currency: err.account.currency,
  }, 'amount');
}

export interface Recorded {
  id: string;
  hash: string;
  sequence: number;
}

/**
 * Writes one balanced ledger transaction in `tx`, on the chain of `chain` (account and mode).
 * Throws InsufficientFunds, having changed nothing, when a debit would overdraw.
 */
export async function post(
  tx: Tx, chain: Scope, kind: string, resourceId: string, postings: Posting[], now = new Date(),
): Promise<Recorded> {
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${currency} postings sum to ${sum}`);
  }
  await ensureAccounts(tx, postings.map((p) => p.account), chain.livemode);

  // One change per ledger account, applied in id order: two movements over the same
  // accounts lock their rows in the same order and cannot deadlock.
  const deltas = new Map<string, { account: LedgerAccountRef; delta: bigint }>();
  for (const p of postings) {
    const d = deltas.get(p.account.id) ?? { account: p.account, delta: 0n };
    d.delta += p.amount;
    deltas.set(p.account.id, d);
  }
  const ordered = [...deltas.values()].filter((d) => d.delta !== 0n).sort((a, b) => (a.account.id < b.account.id ? -1 : 1));
  const applied: typeof ordered = [];
  for (const d of ordered) {
    const changed = await tx.$executeRaw`
      UPDATE "LedgerAccount" SET "balance" = "balance" + ${d.delta}
      WHERE "id" = ${d.account.id} AND ("allowNegative" OR "balance" + ${d.delta} >= 0)`;
    if (changed === 0) {
      // Refused on the balance it saw. Lock the row and look again: a credit may have committed
      // since, and the balance named in the refusal must be the one that held while refusing.
      const [row] = await tx.$queryRaw<{ balance: bigint; allowNegative: boolean }[]>`
        SELECT "balance", "allowNegative" FROM "LedgerAccount" WHERE "id" = ${d.account.id} FOR UPDATE`;
      const balance = row ? BigInt(row.balance) : 0n;
      if (row && (row.allowNegative || balance + d.delta >= 0n)) {
        await tx.$executeRaw`UPDATE "LedgerAccount" SET "balance" = "balance" + ${d.delta} WHERE "id" = ${d.account.id}`;
        applied.push(d);
        continue;
      }
      // undo this call's earlier changes: the caller may go on in the same transaction
      for (const u of applied.reverse()) {
        await tx.$executeRaw`UPDATE "LedgerAccount" SET "balance" = "balance" - ${u.delta} WHERE "id" = ${u.account.id}`;
      }
      throw new InsufficientFunds(d.account, balance, -d.delta);
    }
    applied.push(d);
  }

  // The chain's head, locked until commit: one writer per chain at a time.
  const [head] = await tx.$queryRaw<{ sequence: number; headHash: string }[]>`
    INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash")
    VALUES (${chain.accountId}, ${chain.livemode}, 1, ${GENESIS_HASH})
    ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1
    RETURNING "sequence", "headHash"`;
  const id = newId('ltx');
  const lines = postings.map((p, position) => ({ id: newId('lpo'), ledgerAccountId: p.account.id, currency: p.account.currency, amount: p.amount, position }));
  const content = {
    id, accountId: chain.accountId, livemode: chain.livemode, sequence: head.sequence, kind, resourceId, createdAt: now,
    postings: lines.map((l) => ({ ledgerAccountId: l.ledgerAccountId, currency: l.currency, amount: l.amount })),
  };
  const hash = transactionHash(head.headHash, content);
  // the transaction, its postings and the chain's new head: one statement
  await tx.$executeRawUnsafe(
    `WITH t AS (
       INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)
     ), p AS (
       INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
       SELECT d.id, $1, d.account, d.currency, d.amount::bigint, d.position
       FROM jsonb_to_recordset($10::jsonb) AS d(id text, account text, currency text, amount text, position int)
     )
     UPDATE "LedgerChain" SET "headHash" = $8 WHERE "accountId" = $2 AND "livemode" = $3`,
    id, chain.accountId, chain.livemode, head.sequence, kind, resourceId, head.headHash, hash, now.toISOString(),
    JSON.stringify(lines.map((l) => ({ id: l.id, account: l.ledgerAccountId, currency: l.currency, amount: l.amount.toString(), position: l.position }))),
  );
  return { id, hash, sequence: head.sequence };
}

export interface HashContent {
  id: string;
  accountId: string;
  livemode: boolean;
  sequence: number;
  kind: string;
  resourceId: string;
  createdAt: Date;
  postings: { ledgerAccountId: string; currency: string; amount: bigint }[];
}

/** SHA-256 over the previous hash and the canonical JSON of the transaction (postings in order). */
export function transactionHash(previous: string, c: HashContent): string {
  const canonical = canonicalJson({
    id: c.id, account: c.accountId, livemode: c.livemode, sequence: c.sequence, kind: c.kind, resource: c.resourceId,
    created: c.createdAt.toISOString(),
    postings: c.postings.map((p) => ({ ledger_account: p.ledgerAccountId, currency: p.currency, amount: p.amount.toString() })),
  });
  return createHash('sha256').update(`${previous}\n${canonical}`).digest('hex');
}

/** A balance of the account in one mode, by kind and currency (0 when the account never moved). */
export async function balances(tx: Tx, scope: Scope, kinds: LedgerKind[]): Promise<{ kind: string; currency: string; balance: bigint }[]> {
  return tx.ledgerAccount.findMany({
    where: { accountId: scope.accountId, livemode: scope.livemode, kind: { in: kinds } },
    select: { kind: true, currency: true, balance: true },
    orderBy: { currency: 'asc' },
  });
}

/** The coin in circulation in one mode: what the issuer has minted less what was burnt. */
export async function totalSupply(tx: Tx, livemode: boolean, coin: string): Promise<bigint> {
  const issuer = await tx.ledgerAccount.findUnique({ where: { id: ledgerAccount('platform', livemode, 'issuer', coin).id }, select: { balance: true } });
  return issuer ? -issuer.balance : 0n;
}
