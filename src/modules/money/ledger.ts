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
import { newAddress, rememberBounded } from './address.js';
import { formatCoin } from './amounts.js';
import { deferWrite, flushDeferredWrites } from '../../events/outbox.js';

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

/** A wallet without its balance: what never changes once it is made. */
export type WalletRef = Omit<Wallet, 'balance'> & { livemode: boolean };

export const MAX_REMEMBERED_WALLETS = 100_000;
/** Wallets by id and by address, per database (a wallet is never deleted nor re-addressed). */
const rememberedWallets = new WeakMap<object, { byId: Map<string, WalletRef>; byAddress: Map<string, WalletRef> }>();

function walletsOf(db: object) {
  let known = rememberedWallets.get(db);
  if (!known) rememberedWallets.set(db, (known = { byId: new Map(), byAddress: new Map() }));
  return known;
}

/**
 * Remembers a wallet of `db` by id and by address; past `max` wallets, those remembered longest
 * ago are forgotten first (both ways). `max` is for tests.
 */
export function rememberWallet(db: object, w: WalletRef, max = MAX_REMEMBERED_WALLETS): WalletRef {
  const known = walletsOf(db);
  rememberBounded(known.byId, w.id, w, max, (_id, old) => known.byAddress.delete(old.address));
  known.byAddress.set(w.address, w);
  return w;
}

/** The wallet of `db` remembered by that id or address, if any (for tests of the bound). */
export function rememberedWallet(db: object, key: { id: string } | { address: string }): WalletRef | undefined {
  const known = walletsOf(db);
  return 'id' in key ? known.byId.get(key.id) : known.byAddress.get(key.address);
}

/** Forgets the wallets a movement found missing (remembered from a database since reset). */
export function forgetWallets(db: object, ids: string[]): void {
  const known = walletsOf(db);
  for (const id of ids) {
    const w = known.byId.get(id);
    known.byId.delete(id);
    if (w) known.byAddress.delete(w.address);
  }
}

/**
 * The account's own wallet (made on first use) and the wallet at `address` (undefined when no
 * wallet of this mode is there): remembered per database `db` after the first look, so a
 * transfer between known wallets sends no statement here; else one statement for both.
 */
export async function transferWallets(
  tx: Tx, db: object, scope: Scope, coin: string, address: string,
): Promise<{ from: WalletRef; to: WalletRef | undefined }> {
  const ref = ledgerAccount(scope.accountId, scope.livemode, 'wallet', coin);
  const known = walletsOf(db);
  let from = known.byId.get(ref.id);
  let to = known.byAddress.get(address);
  if (!from || !to) {
    const rows = await tx.$queryRawUnsafe<{ id: string; code: string; accountId: string | null; livemode: boolean; kind: string; currency: string; address: string | null }[]>(
      `SELECT "id", "code", "accountId", "livemode", "kind", "currency", "address" FROM "LedgerAccount" WHERE "id" = $1 OR "address" = $2`, ref.id, address);
    for (const r of rows) {
      if (r.kind !== 'wallet' || !r.accountId || !r.address) continue;
      const w = rememberWallet(db, { id: r.id, code: r.code, kind: 'wallet', currency: r.currency, address: r.address, accountId: r.accountId, livemode: r.livemode });
      if (r.id === ref.id) from = w;
      if (r.address === address) to = w;
    }
    if (!from) {
      const made = await walletOf(tx, scope, coin);
      from = rememberWallet(db, { id: made.id, code: made.code, kind: 'wallet', currency: made.currency, address: made.address, accountId: made.accountId, livemode: scope.livemode });
    }
  }
  return { from, to: to && to.livemode === scope.livemode ? to : undefined };
}

export interface Posting {
  account: LedgerAccountRef;
  /** atomic units; positive credits the account */
  amount: bigint;
}

/** Refused debit: the ledger account would go below zero. */
export class InsufficientFunds extends Error {
  /** `missing`: the ledger account does not exist (a wallet of another database, say) */
  constructor(readonly account: LedgerAccountRef, readonly balance: bigint, readonly needed: bigint, readonly missing = false) {
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
  /** the resource's row as written (when post() was given one) */
  row?: Record<string, unknown>;
}

/**
 * The row of the resource a ledger transaction records (a transfer), written in post()'s last
 * statement: every column given (bigints and dates as JSON strings), `hash` the transaction's.
 */
export interface ResourceRow {
  table: string;
  row(hash: string): Record<string, unknown>;
}

export interface PostOptions {
  /** the resource's row, written with the ledger transaction */
  resource?: ResourceRow;
  /**
   * The ledger transaction's rows (and the resource's) are written with the events, by the
   * outbox's statement in the same database transaction (events/outbox.ts deferWrite): for an
   * operation whose events are recorded by executeMutation right after it posts once.
   */
  deferToOutbox?: boolean;
}

/**
 * Writes one balanced ledger transaction in `tx`, on the chain of `chain` (account and mode).
 * Throws InsufficientFunds, having changed nothing, when a debit would overdraw.
 */
export async function post(
  tx: Tx, chain: Scope, kind: string, resourceId: string, postings: Posting[], now = new Date(), options: PostOptions = {},
): Promise<Recorded> {
  const { resource } = options;
  // a movement deferred earlier in this transaction is written first: this one reads its chain
  await flushDeferredWrites(tx);
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${currency} postings sum to ${sum}`);
  }
  await ensureAccounts(tx, postings.map((p) => p.account), chain.livemode);

  // One change per ledger account. The accounts are locked in id order (two movements over
  // the same accounts cannot deadlock), checked on the balances that hold under the lock (a
  // credit committed meanwhile counts), changed only if every debit is covered, and the chain's
  // head taken and locked until commit (one writer per chain at a time): one statement.
  const deltas = new Map<string, { account: LedgerAccountRef; delta: bigint }>();
  for (const p of postings) {
    const d = deltas.get(p.account.id) ?? { account: p.account, delta: 0n };
    d.delta += p.amount;
    deltas.set(p.account.id, d);
  }
  const ordered = [...deltas.values()].filter((d) => d.delta !== 0n).sort((a, b) => (a.account.id < b.account.id ? -1 : 1));
  const [moved] = await tx.$queryRawUnsafe<{ ok: boolean; moved: number; locked: { id: string; balance: string; allowNegative: boolean }[] | null; sequence: number | null; headHash: string | null }[]>(
    LEDGER_MOVE_SQL, JSON.stringify(ordered.map((d) => ({ id: d.account.id, delta: d.delta.toString() }))), ordered.length, chain.accountId, chain.livemode, GENESIS_HASH,
    ordered.map((d) => d.account.id).join(','),
  );
  if (!moved.ok) {
    // nothing changed: the caller may go on in the same transaction
    const locked = new Map((moved.locked ?? []).map((l) => [l.id, l]));
    for (const d of ordered) {
      const row = locked.get(d.account.id);
      const balance = row ? BigInt(row.balance) : 0n;
      if (!row || (!row.allowNegative && balance + d.delta < 0n)) throw new InsufficientFunds(d.account, balance, -d.delta, !row);
    }
    throw new Error('ledger: a movement was refused with every debit covered');
  }
  if (moved.moved !== ordered.length || moved.sequence === null || moved.headHash === null) {
    throw new Error(`ledger: ${moved.moved} of ${ordered.length} balances changed`);
  }
  const head = { sequence: moved.sequence, headHash: moved.headHash };
  const id = newId('ltx');
  const lines = postings.map((p, position) => ({ id: newId('lpo'), ledgerAccountId: p.account.id, currency: p.account.currency, amount: p.amount, position }));
  const content = {
    id, accountId: chain.accountId, livemode: chain.livemode, sequence: head.sequence, kind, resourceId, createdAt: now,
    postings: lines.map((l) => ({ ledgerAccountId: l.ledgerAccountId, currency: l.currency, amount: l.amount })),
  };
  const hash = transactionHash(head.headHash, content);
  // the transaction, its postings, the chain's new head (and the resource's row): one statement
  const values: unknown[] = [
    id, chain.accountId, chain.livemode, head.sequence, kind, resourceId, head.headHash, hash, now.toISOString(),
    JSON.stringify(lines.map((l) => ({ id: l.id, account: l.ledgerAccountId, currency: l.currency, amount: l.amount.toString(), position: l.position }))),
  ];
  const statements = [
    `INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)`,
    `INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
     SELECT d.id, $1, d.account, d.currency, d.amount::bigint, d.position
     FROM jsonb_to_recordset($10::jsonb) AS d(id text, account text, currency text, amount text, position int)`,
  ];
  let row: Record<string, unknown> | undefined;
  if (resource) {
    row = resource.row(hash);
    const columns = Object.keys(row);
    if (!/^[A-Za-z]+$/.test(resource.table) || !columns.every((c) => /^[A-Za-z]+$/.test(c))) throw new Error(`ledger: bad resource table ${resource.table}`);
    const list = columns.map((c) => `"${c}"`).join(', ');
    statements.push(`INSERT INTO "${resource.table}" (${list}) SELECT ${list} FROM json_populate_record(NULL::"${resource.table}", $11::json)`);
    values.push(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  }
  const advance = `UPDATE "LedgerChain" SET "headHash" = $8 WHERE "accountId" = $2 AND "livemode" = $3`;
  if (options.deferToOutbox) {
    // written with the events, in the outbox's statement (same transaction, one round trip less)
    deferWrite(tx, [...statements, advance], values);
  } else {
    await tx.$executeRawUnsafe(`WITH ${statements.map((sql, i) => `w${i} AS (${sql})`).join(', ')} ${advance}`, ...values);
  }
  return { id, hash, sequence: head.sequence, ...(row ? { row } : {}) };
}

/**
 * post()'s first statement. $1: the changes [{id, delta}], $2: how many, $3/$4: the chain
 * (account, mode), $5: the genesis hash, $6: the accounts' ids joined by commas (an array the
 * planner sees the size of: the rows are found by the primary key, not by a scan) `locked` takes the row locks in id order (the sort
 * runs before the locking); `verdict` sees the balances as they are under the lock (in READ
 * COMMITTED a locked row is the newest version); `moved` and `head` change nothing unless
 * every account exists and every debit is covered. Answers the verdict, the balances seen
 * (for a refusal) and the chain's head before this transaction.
 */
export const LEDGER_MOVE_SQL = `WITH d AS (
    SELECT x.id, x.delta::bigint AS delta FROM jsonb_to_recordset($1::jsonb) AS x(id text, delta text)
  ), locked AS (
    SELECT a."id", a."balance", a."allowNegative" FROM "LedgerAccount" a
    WHERE a."id" = ANY (string_to_array($6::text, ',')) ORDER BY a."id" COLLATE "C" FOR UPDATE OF a
  ), verdict AS (
    SELECT count(*) = $2::int AND coalesce(bool_and(l."allowNegative" OR l."balance" + d.delta >= 0), true) AS ok
    FROM locked l JOIN d ON d.id = l."id"
  ), moved AS (
    UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta FROM d
    WHERE a."id" = ANY (string_to_array($6::text, ',')) AND a."id" = d.id AND (SELECT v.ok FROM verdict v)
    RETURNING a."id"
  ), head AS (
    INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash")
    SELECT $3::text, $4::boolean, 1, $5::text WHERE (SELECT v.ok FROM verdict v)
    ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1
    RETURNING "sequence", "headHash"
  )
  SELECT (SELECT v.ok FROM verdict v) AS ok, (SELECT count(*) FROM moved)::int AS moved,
    (SELECT json_agg(json_build_object('id', l."id", 'balance', l."balance"::text, 'allowNegative', l."allowNegative")) FROM locked l) AS locked,
    h."sequence", h."headHash"
  FROM (SELECT 1) AS one LEFT JOIN head h ON true`;

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
