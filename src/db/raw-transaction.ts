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
import pg from 'pg';
import { rowTypes, sqlParam } from './pg-rows.js';

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
const preparedNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) preparedNames.set(text, (name = `raw_${preparedNames.size}`));
  return name;
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

/**
 * Runs `fn` in one transaction on a connection of `pool`; `counter` counts the statements as the
 * database's queryCount() does (COMMIT included, BEGIN not).
 */
export async function rawTransaction<T>(pool: pg.Pool, counter: { n: number }, fn: (tx: RawTx) => Promise<T>, prepared = true): Promise<T> {
  const client = await connect(pool);
  let broken: Error | undefined;
  // a checked-out client has no listener of the pool's: a connection error (a terminated
  // backend) would otherwise end the process; the statement in flight fails with it
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  const run = async (text: string, values: unknown[]) => {
    counter.n++;
    try {
      return await client.query({ text, values: values.map(sqlParam), types: rowTypes, name: prepared ? statementName(text) : undefined });
    } catch (err) {
      // an error the server did not send (a broken socket, a refused statement) leaves the
      // connection in an unknown state: it is dropped, not pooled
      if (!(err instanceof pg.DatabaseError)) broken = err as Error;
      throw err;
    }
  };
  const methods: RawTx = {
    $queryRawUnsafe: async <R>(query: string, ...values: unknown[]) => (await run(query, values)).rows as R,
    $executeRawUnsafe: async (query: string, ...values: unknown[]) => (await run(query, values)).rowCount ?? 0,
  };
  const tx = new Proxy(methods, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver);
      // awaiting or inspecting the object is not a use of Prisma's client
      if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') return undefined;
      throw new RawTransactionUnsupported(String(prop));
    },
  });
  try {
    await client.query('BEGIN');
    const out = await fn(tx);
    counter.n++;
    await client.query('COMMIT');
    return out;
  } catch (err) {
    if (!broken) {
      await client.query('ROLLBACK').catch((e: Error) => {
        broken = e;
      });
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
