// The double-entry ledger every balance comes from. A ledger transaction is a set of postings
// that sum to zero per currency and unit (balanceKey: the coin's own accounts count micro-units,
// every other account minor units of its currency, the coin's currency too), written in the
// caller's database transaction (with the resource and its events). Each ledger account keeps
// its balance, the sum of its postings, in its row: a debit is one conditional UPDATE that
// refuses to overdraw, so concurrent debits can never take a balance below zero. Transactions
// are hash-chained per account and mode: hash = SHA-256(previous hash + "\n" + canonical
// content), verified by `ledger -- verify`.
import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '../../canonical.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Scope, Tx } from '../../operations/operation.js';
import { newAddress, rememberBounded } from './address.js';
import { formatCoin } from './amounts.js';
import { deferWrite, flushDeferredWrites } from '../../events/outbox.js';
import { declareLocks } from '../../db/raw-transaction.js';

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

/**
 * Ledger accounts that hold the coin itself, in micro-units of it; every other kind counts
 * integer minor units of its currency, the coin's own currency included (hundredths of the coin,
 * as usd cents: the account's balance from payments in `usdx`).
 */
export const COIN_KINDS: ReadonlySet<string> = new Set<LedgerKind>(['wallet', 'issuer']);

/**
 * What a transaction's postings must sum to zero over: one currency in one unit. The coin's
 * accounts (micro-units) and balances in the coin's currency (hundredths) share a currency code
 * but never net against each other: a stablecoin payment in `usdx` balances wallet against
 * issuer and settlement against available.
 */
export function balanceKey(kind: string, currency: string): string {
  return `${COIN_KINDS.has(kind) ? 'coin' : 'minor'}:${currency}`;
}

/** Each unbalanced (currency, unit) of `sums` (by balanceKey) as "<currency> postings sum to <sum>". */
export function unbalanced(sums: Map<string, bigint>): string[] {
  const currencies = [...sums.keys()].map((k) => k.slice(k.indexOf(':') + 1));
  return [...sums].filter(([, sum]) => sum !== 0n).map(([key, sum]) => {
    const [unit, currency] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    // the unit is named only where one currency is in both units in this transaction
    const label = currencies.filter((c) => c === currency).length > 1 ? `${currency} (${unit === 'coin' ? 'coin micro-units' : 'minor units'})` : currency;
    return `${label} postings sum to ${sum}`;
  });
}

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
}

/**
 * Writes one balanced ledger transaction in `tx`, on the chain of `chain` (account and mode).
 * Throws InsufficientFunds, having changed nothing, when a debit would overdraw.
 */
export async function post(
  tx: Tx, chain: Scope, kind: string, resourceId: string, postings: Posting[], now = new Date(),
): Promise<Recorded> {
  // a movement deferred earlier in this transaction is written first: this one reads its chain
  await flushDeferredWrites(tx);
  const ordered = changesOf(postings);
  await ensureAccounts(tx, postings.map((p) => p.account), chain.livemode);

  // One change per ledger account. The accounts are locked in id order (two movements over
  // the same accounts cannot deadlock), checked on the balances that hold under the lock (a
  // credit committed meanwhile counts), changed only if every debit is covered, and the chain's
  // head taken and locked until commit (one writer per chain at a time): one statement.
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
  const lines = linesOf(postings);
  const hash = transactionHash(head.headHash, {
    id, accountId: chain.accountId, livemode: chain.livemode, sequence: head.sequence, kind, resourceId, createdAt: now,
    postings: lines.map((l) => ({ ledgerAccountId: l.ledgerAccountId, currency: l.currency, amount: l.amount })),
  });
  // the transaction, its postings and the chain's new head: one statement
  await tx.$executeRawUnsafe(`WITH t AS (${INSERT_TRANSACTION}), p AS (${INSERT_POSTINGS})
    UPDATE "LedgerChain" SET "headHash" = $8, "previousHash" = $7 WHERE "accountId" = $2 AND "livemode" = $3`,
  id, chain.accountId, chain.livemode, head.sequence, kind, resourceId, head.headHash, hash, now.toISOString(), postingsJson(lines));
  return { id, hash, sequence: head.sequence };
}

/** The ledger transaction's row: $1 id, $2/$3 the chain, $4 sequence, $5 kind, $6 resource, $7 previous hash, $8 hash, $9 time. */
const INSERT_TRANSACTION = `INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)`;
/** Its postings: $1 the transaction, $10 the lines (postingsJson). */
const INSERT_POSTINGS = `INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
     SELECT d.id, $1, d.account, d.currency, d.amount::bigint, d.position
     FROM jsonb_to_recordset($10::jsonb) AS d(id text, account text, currency text, amount text, position int)`;

interface Line {
  id: string;
  ledgerAccountId: string;
  currency: string;
  amount: bigint;
  position: number;
}

function linesOf(postings: Posting[]): Line[] {
  return postings.map((p, position) => ({ id: newId('lpo'), ledgerAccountId: p.account.id, currency: p.account.currency, amount: p.amount, position }));
}

function postingsJson(lines: Line[]): string {
  return JSON.stringify(lines.map((l) => ({ id: l.id, account: l.ledgerAccountId, currency: l.currency, amount: l.amount.toString(), position: l.position })));
}

/** The postings' net change per ledger account, in id order (the lock order); throws unless they sum to zero per currency and unit (balanceKey). */
function changesOf(postings: Posting[]): { account: LedgerAccountRef; delta: bigint }[] {
  const sums = new Map<string, bigint>();
  for (const p of postings) {
    const key = balanceKey(p.account.kind, p.account.currency);
    sums.set(key, (sums.get(key) ?? 0n) + p.amount);
  }
  const faults = unbalanced(sums);
  if (faults.length) throw new Error(`unbalanced ledger transaction: ${faults.join('; ')}`);
  const deltas = new Map<string, { account: LedgerAccountRef; delta: bigint }>();
  for (const p of postings) {
    const d = deltas.get(p.account.id) ?? { account: p.account, delta: 0n };
    d.delta += p.amount;
    deltas.set(p.account.id, d);
  }
  return [...deltas.values()].filter((d) => d.delta !== 0n).sort((a, b) => (a.account.id < b.account.id ? -1 : 1));
}

/**
 * The row of the resource a ledger transaction records (a transfer), written in the same
 * statement: every column given (bigints and dates as JSON strings), `hash` the transaction's.
 */
export interface ResourceRow {
  table: string;
  row(hash: string): Record<string, unknown>;
}

export interface DeferredPost {
  id: string;
  /** stands for the transaction's hash until the statement has run (see outbox.ts deferWrite) */
  hash: string;
  /** the resource's row as written, its hash the placeholder */
  row?: Record<string, unknown>;
}

/**
 * post() folded into the outbox's statement: the whole ledger transaction (locks, the check of
 * every debit, the balances, the chain's new head, the transaction, its postings and the
 * resource's row) is written by the statement that writes the events and carries the COMMIT
 * (events/outbox.ts deferWrite), so the row locks are held for that one statement and its
 * commit, not across a trip through the server. The hash depends on the chain's head, known
 * only under its lock: PostgreSQL computes it, `sha256(previous || "\n" || canonical JSON)`
 * exactly as transactionHash() does (the canonical JSON is built here around the sequence
 * number, its last key), and the caller's row, events and response carry a placeholder that
 * the statement and executeMutation replace. Sends nothing now. Every ledger account must
 * exist already (wallets: transferWallets). A refusal (a debit not covered, an account
 * missing) fails the statement, so its transaction rolls back: `refused` maps it to the error
 * to throw.
 */
export function postWithEvents(
  tx: Tx, chain: Scope, kind: string, resourceId: string, postings: Posting[], now: Date,
  options: { resource?: ResourceRow; refused: (err: InsufficientFunds) => unknown },
): DeferredPost {
  const ordered = changesOf(postings);
  if (postings.some((p) => p.account.kind !== 'wallet')) throw new Error('postWithEvents: wallets only (other ledger accounts are made on first use by post())');
  const id = newId('ltx');
  const lines = linesOf(postings);
  const { prefix, suffix } = hashParts({
    id, accountId: chain.accountId, livemode: chain.livemode, kind, resourceId, createdAt: now,
    postings: lines.map((l) => ({ ledgerAccountId: l.ledgerAccountId, currency: l.currency, amount: l.amount })),
  });
  const placeholder = `ltxhash_${randomBytes(16).toString('hex')}`;
  const values: unknown[] = [
    id, chain.accountId, chain.livemode, kind, resourceId, now.toISOString(), postingsJson(lines),
    JSON.stringify(ordered.map((d) => ({ id: d.account.id, delta: d.delta.toString() }))), ordered.length,
    ordered.map((d) => d.account.id).join(','), GENESIS_HASH, prefix, suffix,
  ];
  const statements = [...LEDGER_MOVE_IN_OUTBOX];
  let row: Record<string, unknown> | undefined;
  if (options.resource) {
    const { table } = options.resource;
    row = options.resource.row(placeholder);
    const columns = Object.keys(row);
    if (!/^[A-Za-z]+$/.test(table) || !columns.every((c) => /^[A-Za-z]+$/.test(c))) throw new Error(`ledger: bad resource table ${table}`);
    const list = columns.map((c) => `"${c}"`).join(', ');
    values.push(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    statements.push(`INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_record(NULL::"${table}", SUBSTITUTED($${values.length}::text)::json)`);
  }
  // part 1 locks these first: the transaction may share its commit (raw-transaction.ts)
  declareLocks(tx, 'LedgerAccount', ordered.map((d) => d.account.id));
  deferWrite(tx, statements, values, {
    substitute: { placeholder, sql: `(SELECT h."headHash" FROM {w}${HEAD_PART} h)` },
    onError: (err) => {
      const refusal = ledgerRefusal(err, ordered);
      return refusal ? options.refused(refusal) : undefined;
    },
  });
  return { id, hash: placeholder, ...(row ? { row } : {}) };
}

/** The refusal a statement raised through ledger_refuse() (see the migration), as InsufficientFunds. */
function ledgerRefusal(err: unknown, ordered: { account: LedgerAccountRef; delta: bigint }[]): InsufficientFunds | undefined {
  const message = err instanceof Error ? err.message : '';
  const m = /ledger_refused ((?:[A-Za-z0-9_]+:-?\d+:[tf];?)*)/.exec(message);
  if (!m) return undefined;
  const seen = new Map<string, { balance: bigint; allowNegative: boolean }>();
  for (const part of m[1].split(';').filter(Boolean)) {
    const [lid, balance, negative] = part.split(':');
    seen.set(lid, { balance: BigInt(balance), allowNegative: negative === 't' });
  }
  for (const d of ordered) {
    const row = seen.get(d.account.id);
    if (!row) return new InsufficientFunds(d.account, 0n, -d.delta, true);
    if (!row.allowNegative && row.balance + d.delta < 0n) return new InsufficientFunds(d.account, row.balance, -d.delta);
  }
  return undefined;
}

/** The canonical JSON of a transaction (transactionHash's) split around its sequence number. */
export function hashParts(c: Omit<HashContent, 'sequence'>): { prefix: string; suffix: string } {
  const marker = '"sequence":0';
  const text = canonicalOf({ ...c, sequence: 0 });
  // keys are sorted: "sequence" is the last one, and a quote inside a string value is escaped
  const at = text.lastIndexOf(marker);
  if (at < 0 || text.indexOf(marker) !== at) throw new Error('ledger: the canonical JSON has no single sequence');
  return { prefix: text.slice(0, at + marker.length - 1), suffix: text.slice(at + marker.length) };
}

/** The SQL of transactionHash(previous, content with `sequence`): $12 and $13 from hashParts. */
const sqlHash = (previous: string, sequence: string) =>
  `encode(sha256(convert_to(${previous} || chr(10) || $12::text || (${sequence})::text || $13::text, 'UTF8')), 'hex')`;

/** Which part of LEDGER_MOVE_IN_OUTBOX answers the chain's new head. */
const HEAD_PART = 4;

/**
 * postWithEvents' parts of the outbox statement ({w}j: part j). Parameters: $1 the ledger
 * transaction's id, $2/$3 the chain (account, mode), $4 kind, $5 resource id, $6 time, $7 the
 * postings (postingsJson), $8 the changes [{id, delta}], $9 how many, $10 their ids joined by
 * commas, $11 the genesis hash, $12/$13 the canonical JSON around the sequence. Part 1 locks
 * the accounts in id order; part 2 refuses (ledger_refuse raises) unless every account exists
 * and every debit is covered by the balance under the lock; part 4 advances the chain under its
 * row lock (made on first use), computing the hash from the head it replaces, and keeps that
 * head as previousHash.
 */
const LEDGER_MOVE_IN_OUTBOX = [
  `SELECT x.id, x.delta::bigint AS delta FROM jsonb_to_recordset($8::jsonb) AS x(id text, delta text)`,
  `SELECT a."id", a."balance", a."allowNegative" FROM "LedgerAccount" a
   WHERE a."id" = ANY (string_to_array($10::text, ',')) ORDER BY a."id" COLLATE "C" FOR UPDATE OF a`,
  `SELECT CASE WHEN count(*) = $9::int AND coalesce(bool_and(l."allowNegative" OR l."balance" + d.delta >= 0), true) THEN true
     ELSE ledger_refuse((SELECT string_agg(s."id" || ':' || s."balance" || ':' || CASE WHEN s."allowNegative" THEN 't' ELSE 'f' END, ';') FROM {w}1 s)) END AS ok
   FROM {w}1 l JOIN {w}0 d ON d.id = l."id"`,
  `UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta FROM {w}0 d
   WHERE a."id" = ANY (string_to_array($10::text, ',')) AND a."id" = d.id AND (SELECT c.ok FROM {w}2 c)`,
  `INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash", "previousHash")
   SELECT $2::text, $3::boolean, 1, ${sqlHash('$11::text', '1')}, $11::text WHERE (SELECT c.ok FROM {w}2 c)
   ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1, "previousHash" = "LedgerChain"."headHash",
     "headHash" = ${sqlHash('"LedgerChain"."headHash"', '"LedgerChain"."sequence" + 1')}
   RETURNING "sequence", "headHash", "previousHash"`,
  `INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
   SELECT $1::text, $2::text, $3::boolean, h."sequence", $4::text, $5::text, h."previousHash", h."headHash", $6::timestamptz FROM {w}${HEAD_PART} h`,
  `INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
   SELECT p.id, $1::text, p.account, p.currency, p.amount::bigint, p.position
   FROM jsonb_to_recordset($7::jsonb) AS p(id text, account text, currency text, amount text, position int)`,
];

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
  return createHash('sha256').update(`${previous}\n${canonicalOf(c)}`).digest('hex');
}

function canonicalOf(c: HashContent): string {
  return canonicalJson({
    id: c.id, account: c.accountId, livemode: c.livemode, sequence: c.sequence, kind: c.kind, resource: c.resourceId,
    created: c.createdAt.toISOString(),
    postings: c.postings.map((p) => ({ ledger_account: p.ledgerAccountId, currency: p.currency, amount: p.amount.toString() })),
  });
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
