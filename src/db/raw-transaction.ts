// A transaction for operations whose statements are all plain SQL ($queryRawUnsafe and
// $executeRawUnsafe), run on a pooled `pg` connection without Prisma's client (PostgreSQL only).
//
// Prisma's interactive transaction costs about 0.3 ms of CPU of its own and each raw statement
// through its client about twice the statement's cost on `pg` (bench/ledger-results.md). A
// stablecoin transfer without an Idempotency-Key is nothing but raw statements: it runs here.
// The transaction keeps what the pool's connections do (src/db/lazy-begin.ts): BEGIN goes out
// with the first statement, COMMIT with a statement marked COMMITS_WITH.
//
// The transaction object offers those two methods only. Anything else an operation reaches for
// (a model delegate such as `tx.ledgerAccount`) throws RawTransactionUnsupported before any SQL
// is sent for it: the transaction is rolled back and the caller runs the operation again on
// Prisma (executeMutation does), so an operation's rarer branches need no second version.
//
// Values and rows as Prisma's raw queries have them (pg-rows.ts): a bigint or Date parameter is
// sent as text (a decimal, an ISO 8601 instant); in rows, int8 comes back as bigint, json and
// jsonb parsed, timestamps as Date, booleans and int4 as such.
//
// Group commit (CommitGroups below): a transaction made of one statement that takes its row
// locks first (a stablecoin transfer between known wallets) may share one database transaction,
// and so one commit, with other such transactions waiting at the same time.
import pg from 'pg';
import { COMMITS_WITH } from './lazy-begin.js';
import { rowTypes, sqlParam, statementNames } from './pg-rows.js';

export interface RawTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** An operation asked a raw transaction for something only Prisma's client has. */
export class RawTransactionUnsupported extends Error {
  constructor(readonly what: string) {
    super(`a raw transaction has no ${what}: run the operation on Prisma`);
  }
}

/**
 * The statements of raw transactions are prepared once per connection and run by name: their
 * texts are the operations' own (a transfer sends the same two texts every time), so PostgreSQL
 * parses and plans each once per connection instead of once per call (parse and plan were most
 * of its CPU for a transfer's statements, bench/ledger-results.md). At most MAX_PREPARED texts
 * get a name; any text past them runs unnamed, as before. DATABASE_PREPARED_STATEMENTS=false
 * turns names off (a pooler that hands one session's statements to another connection).
 */
const MAX_PREPARED = 64;
const statementName = statementNames('raw_', MAX_PREPARED);

/** One statement of a raw transaction on `client`, counted; values and rows as pg-rows.ts has them. */
function send(client: pg.PoolClient, counter: { n: number }, prepared: boolean, text: string, values: unknown[]): Promise<pg.QueryResult> {
  counter.n++;
  return client.query({ text, values: values.map(sqlParam), types: rowTypes, name: prepared ? statementName(text) : undefined });
}

/** How long to wait for a pooled connection (as Prisma's transaction `maxWait`). */
const MAX_WAIT_MS = 10_000;

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  let timer: NodeJS.Timeout | undefined;
  const pending = pool.connect();
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Unable to start a transaction in the given time (${MAX_WAIT_MS} ms): no pooled connection came free`)), MAX_WAIT_MS);
  });
  try {
    return await Promise.race([pending, timeout]);
  } catch (err) {
    // a connection that comes free after all goes back to the pool
    void pending.then((client) => client.release(), () => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The raw transaction's own method for CommitGroups: a statement's whole answer. */
const RESULT = Symbol('result');
type Internal = RawTx & { [RESULT](text: string, values: unknown[]): Promise<pg.QueryResult> };

/**
 * Runs `fn` in one transaction on a connection of `pool`; `counter` counts the statements as the
 * database's queryCount() does (COMMIT included, BEGIN not). A connection is taken with the
 * first statement. With `groups`, a first statement that ends the transaction (COMMITS_WITH)
 * and whose transaction declared its locks (declareLocks) is handed to the groups instead, and
 * shares its commit with others (CommitGroups).
 */
export async function rawTransaction<T>(pool: pg.Pool, counter: { n: number }, fn: (tx: RawTx) => Promise<T>, prepared = true, groups?: CommitGroups): Promise<T> {
  let client: pg.PoolClient | undefined;
  let shared = false;
  let broken: Error | undefined;
  // a checked-out client has no listener of the pool's: a connection error (a terminated
  // backend) would otherwise end the process; the statement in flight fails with it
  const onError = (err: Error) => {
    broken = err;
  };
  const clientOf = async (): Promise<pg.PoolClient> => {
    if (client) return client;
    const c = await connect(pool);
    c.on('error', onError);
    client = c;
    // lazy-begin.ts: goes out with the first statement
    await c.query('BEGIN');
    return c;
  };
  const run = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    if (shared) throw new Error('a statement after the transaction\'s last one (COMMITS_WITH): it would run outside the transaction');
    if (!client && groups && text.startsWith(COMMITS_WITH)) {
      const locks = declaredLocks.get(tx);
      if (locks) {
        shared = true;
        return groups.share(text, values, locks);
      }
    }
    const c = await clientOf();
    try {
      return await send(c, counter, prepared, text, values);
    } catch (err) {
      // an error the server did not send (a broken socket, a refused statement) leaves the
      // connection in an unknown state: it is dropped, not pooled
      if (!(err instanceof pg.DatabaseError)) broken = err as Error;
      throw err;
    }
  };
  const methods: Internal = {
    $queryRawUnsafe: async <R>(query: string, ...values: unknown[]) => (await run(query, values)).rows as R,
    $executeRawUnsafe: async (query: string, ...values: unknown[]) => (await run(query, values)).rowCount ?? 0,
    [RESULT]: run,
  };
  const tx: RawTx = new Proxy(methods, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver);
      // awaiting or inspecting the object is not a use of Prisma's client
      if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') return undefined;
      throw new RawTransactionUnsupported(String(prop));
    },
  });
  try {
    const out = await fn(tx);
    if (client) {
      counter.n++;
      await client.query('COMMIT');
    }
    return out;
  } catch (err) {
    if (client && !broken) {
      await client.query('ROLLBACK').catch((e: Error) => {
        broken = e;
      });
    }
    throw err;
  } finally {
    if (client) {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}

/**
 * The rows a transaction's statements lock, per table, declared before its last statement is
 * sent (postWithEvents declares a transfer's wallets). Only a transaction that declared them can
 * share a commit, and it must lock nothing else that another writer locks first.
 */
const declaredLocks = new WeakMap<object, Map<string, string[]>>();

export function declareLocks(tx: object, table: string, ids: string[]): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`declareLocks: bad table ${table}`);
  if (ids.some((id) => id.includes(','))) throw new Error('declareLocks: an id with a comma');
  const locks = declaredLocks.get(tx) ?? new Map<string, string[]>();
  locks.set(table, [...(locks.get(table) ?? []), ...ids]);
  declaredLocks.set(tx, locks);
}

interface Shared {
  /** the statement as its transaction sent it (COMMITS_WITH first) */
  text: string;
  values: unknown[];
  locks: Map<string, string[]>;
  resolve(result: pg.QueryResult): void;
  reject(err: unknown): void;
}

/**
 * Group commit for transactions of one statement (a stablecoin transfer between known wallets).
 *
 * A transfer holds its wallets' row locks from its statement until its commit is flushed to the
 * write-ahead log. Between a few hot wallets every transfer waits for the one before it, so the
 * rate is bounded by statements plus WAL flushes in a row, whatever the pool's size
 * (bench/ledger-results.md: lock waits were 16 of the 20 connections). Here the transfers that
 * arrive while `inFlight` groups are running wait, and go as the next group: one connection,
 * one database transaction, one write and one commit for all of them:
 *
 *   BEGIN; lock every row the group declared, per table in id order; statement 1; ...;
 *   statement n; COMMIT
 *
 * - Deadlocks: every row a member locks is locked by the group's first statement, in id order,
 *   as every single transfer locks its own; nothing waits for a lock while holding one taken
 *   out of that order. (A member advances its account's chain after its wallet locks, as a
 *   single transfer does; a chain's account is the wallet's owner, so two groups that share a
 *   chain share its wallet and wait for each other at the first statement.)
 * - Refusals: a member that fails (a debit not covered) aborts the group's transaction: nothing
 *   of the group is kept, and every member then runs alone, in its own transaction, and gets
 *   its own answer. A refusal costs the group a second round; money cannot move twice, since
 *   nothing of the first round committed.
 * - A lost connection fails every member of the group, as it fails a single transaction: the
 *   caller cannot know whether its commit happened (the API answers 5xx).
 * - A group of one runs alone, exactly as without groups.
 */
export class CommitGroups {
  private readonly waiting: Shared[] = [];
  private running = 0;
  /**
   * Members of the next group at most: halved when a group rolls back, doubled (up to `size`)
   * when one commits or a transaction alone does. A wallet being drained, or a burst of
   * replayed keys, would otherwise roll back group after group and run every member twice;
   * this way they soon run alone, and groups grow back once transfers go through again.
   */
  private limit: number;
  /** groups committed, the transactions they carried, transactions that ran alone (a group of one), and those of a failed group run again alone (/metrics db_commit_groups_total) */
  readonly stats = { groups: 0, grouped: 0, alone: 0, retried: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly counter: { n: number },
    private readonly prepared: boolean,
    /** groups running at once (each on its own connection) */
    readonly inFlight: number,
    /** members of one group at most */
    readonly size: number,
  ) {
    if (inFlight < 1 || size < 1) throw new Error('CommitGroups: inFlight and size must be at least 1');
    this.limit = size;
  }

  private grow(): void {
    this.limit = Math.min(this.size, this.limit * 2);
  }

  /** Runs `text` (a transaction's only statement, COMMITS_WITH first) in the next group; its answer. */
  share(text: string, values: unknown[], locks: Map<string, string[]>): Promise<pg.QueryResult> {
    return new Promise<pg.QueryResult>((resolve, reject) => {
      this.waiting.push({ text, values, locks, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.limit);
      this.running++;
      void this.commit(group).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** A member in a transaction of its own (the statement carries its COMMIT, lazy-begin.ts); whether it committed. */
  private alone(s: Shared): Promise<boolean> {
    return rawTransaction(this.pool, this.counter, (tx) => (tx as Internal)[RESULT](s.text, s.values), this.prepared).then((result) => {
      s.resolve(result);
      return true;
    }, (err: unknown) => {
      s.reject(err);
      return false;
    });
  }

  private async commit(group: Shared[]): Promise<void> {
    if (group.length === 1) {
      this.stats.alone++;
      if (await this.alone(group[0])) this.grow();
      return;
    }
    let client: pg.PoolClient;
    try {
      client = await connect(this.pool);
    } catch (err) {
      for (const s of group) s.reject(err);
      return;
    }
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    // the whole group in one write (pipeline mode: every statement in flight at once)
    stream?.cork?.();
    let locked: Promise<pg.QueryResult>[];
    let answers: Promise<pg.QueryResult>[];
    let committed: Promise<pg.QueryResult>;
    try {
      void client.query('BEGIN');
      locked = lockStatements(group).map((l) => send(client, this.counter, this.prepared, l.text, l.values));
      answers = group.map((s) => send(client, this.counter, this.prepared, s.text.slice(COMMITS_WITH.length), s.values));
      this.counter.n++;
      committed = client.query('COMMIT');
    } finally {
      stream?.uncork?.();
    }
    const [commit, ...rest] = await Promise.allSettled([committed, ...answers, ...locked]);
    const members = rest.slice(0, answers.length);
    client.removeListener('error', onError);
    const lost = broken ?? [commit, ...rest].map((r) => (r.status === 'rejected' ? r.reason as unknown : undefined)).find((e) => e !== undefined && !(e instanceof pg.DatabaseError));
    client.release(lost === undefined ? undefined : lost instanceof Error ? lost : new Error(String(lost)));
    if (commit.status === 'fulfilled' && commit.value.command === 'COMMIT') {
      // committed: every member the database ran is in it; one refused before it was sent
      // (its values could not be bound) ran nowhere, and runs alone
      this.stats.groups++;
      this.grow();
      const again: Shared[] = [];
      group.forEach((s, i) => {
        const answer = members[i];
        if (answer.status === 'fulfilled') {
          this.stats.grouped++;
          s.resolve(answer.value);
        } else {
          again.push(s);
        }
      });
      this.stats.retried += again.length;
      await Promise.all(again.map((s) => this.alone(s)));
      return;
    }
    if (commit.status === 'rejected' && !(commit.reason instanceof pg.DatabaseError)) {
      // the connection went before the COMMIT was answered: whether it happened is unknown,
      // as for a single transaction that loses its connection
      for (const s of group) s.reject(commit.reason);
      return;
    }
    // the database rolled the group back (a member failed, or the commit did): nothing of it
    // was kept; each member runs alone, and the next groups are smaller
    this.limit = Math.max(1, this.limit >> 1);
    this.stats.retried += group.length;
    await Promise.all(group.map((s) => this.alone(s)));
  }
}

/**
 * The group's first statements: every row its members declared, one statement per table (in
 * name order), each locking its rows in id order (COLLATE "C", as the ledger's statements lock
 * theirs). The ids go as one parameter, joined by commas (ids have none), so the text is the
 * same for every group and is prepared once.
 */
function lockStatements(group: Shared[]): { text: string; values: unknown[] }[] {
  const byTable = new Map<string, Set<string>>();
  for (const s of group) {
    for (const [table, ids] of s.locks) {
      const set = byTable.get(table) ?? new Set<string>();
      for (const id of ids) set.add(id);
      byTable.set(table, set);
    }
  }
  return [...byTable.keys()].sort().map((table) => ({
    text: `SELECT count(*)::int AS locked FROM (SELECT 1 FROM "${table}" WHERE "id" = ANY (string_to_array($1::text, ',')) ORDER BY "id" COLLATE "C" FOR UPDATE) l`,
    values: [[...byTable.get(table)!].join(',')],
  }));
}
