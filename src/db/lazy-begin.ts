// A transaction's BEGIN rides with its first statement, and its COMMIT with its last one when
// the caller says which that is (PostgreSQL pool only).
//
// Prisma's driver adapter opens an interactive transaction by sending BEGIN and waiting for its
// answer before the first statement goes out, and ends it by sending COMMIT after the last
// statement's answer: two round trips, and two socket writes on each side, that carry nothing.
// On this kind of machine a write to a local socket costs about 0.2 ms of CPU (the kernel
// delivers to the receiving process inside the sender's call), so a transfer's four writes
// (BEGIN, two statements, COMMIT) were a third of the server's CPU.
//
// - BEGIN: a pooled client answers it at once without sending it and remembers it is owed;
//   the next statement on that client goes out right behind a BEGIN, in the same write (pg's
//   pipeline mode lets two queries be in flight; cork/uncork makes them one write). Both are
//   answered in order, so the statement runs inside the transaction exactly as before. A
//   transaction that ends before any statement sends nothing at all.
// - COMMIT: a statement whose text starts with COMMITS_WITH is the transaction's last; a COMMIT
//   goes out right behind it, in the same write. When the statement fails, PostgreSQL ends the
//   aborted transaction at that COMMIT (answering ROLLBACK) and the statement's error is
//   reported as always. The COMMIT (or ROLLBACK) the adapter sends afterwards is answered with
//   that COMMIT's own outcome, without sending anything. The caller must not fail between that
//   statement and the end of its transaction: its change is committed by then. Any other
//   statement on the connection before that COMMIT (or ROLLBACK) is refused: it would run
//   outside the transaction.
//
// BEGIN itself cannot fail on a healthy connection; should the connection break, the statement
// sent with it fails as well and the adapter reports that error, as it would have reported
// BEGIN's.
import type pg from 'pg';

/** Prefix of a transaction's last statement: its COMMIT goes out with it. */
export const COMMITS_WITH = '/* commits */ ';

const owed = Symbol('begin owed');
const ended = Symbol('committed with its last statement');

type Queryable = pg.PoolClient & {
  [owed]?: boolean;
  [ended]?: Promise<pg.QueryResult>;
  connection?: { stream?: { cork?(): void; uncork?(): void } };
};

function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text;
  return undefined;
}

function hasValues(config: unknown): boolean {
  return !!config && typeof config === 'object' && ((config as { values?: unknown[] }).values?.length ?? 0) > 0;
}

/** What pg answers for BEGIN, COMMIT and ROLLBACK (the adapter reads rowCount only). */
function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] } as unknown as pg.QueryResult;
}

/** The transaction-control statement `config` is, if it is one (no parameters). */
function control(config: unknown): 'BEGIN' | 'COMMIT' | 'ROLLBACK' | undefined {
  if (hasValues(config)) return undefined;
  const text = textOf(config);
  if (!text || text.length > 12) return undefined;
  const word = text.trim().toUpperCase();
  return word === 'BEGIN' || word === 'COMMIT' || word === 'ROLLBACK' ? word : undefined;
}

/** Makes `pool`'s clients (created with `pipeline: true`) defer BEGIN, and COMMIT where told. */
export function deferBegin(pool: pg.Pool): void {
  pool.on('connect', (raw) => {
    const client = raw as Queryable;
    const send = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      // callback-style calls (none from the adapter) go out unchanged, after an owed BEGIN
      if (args.some((a) => typeof a === 'function')) {
        if (client[owed]) {
          client[owed] = false;
          void send('BEGIN').catch(() => undefined);
        }
        return send(...args);
      }
      const word = control(args[0]);
      const last = textOf(args[0])?.startsWith(COMMITS_WITH) ?? false;
      const done = client[ended];
      if (done) {
        // the transaction ended with its last statement: its COMMIT's outcome, and the
        // connection is outside any transaction again
        if (word === 'COMMIT' || word === 'ROLLBACK') client[ended] = undefined;
        if (word === 'COMMIT') return done;
        if (word === 'ROLLBACK') return done.then(() => emptyResult('ROLLBACK'), () => emptyResult('ROLLBACK'));
        return Promise.reject(new Error('a statement after the transaction\'s last one (COMMITS_WITH): it would run outside the transaction'));
      }
      if (!client[owed]) {
        if (word === 'BEGIN') {
          client[owed] = true;
          return Promise.resolve(emptyResult('BEGIN'));
        }
        if (!last) return send(...args);
      } else if (word === 'COMMIT' || word === 'ROLLBACK') {
        // a transaction that ends before its first statement: nothing was begun, nothing to end
        client[owed] = false;
        return Promise.resolve(emptyResult(word));
      }
      const begin = client[owed];
      client[owed] = false;
      const stream = client.connection?.stream;
      stream?.cork?.();
      try {
        // BEGIN's failure (a broken connection) is the statement's failure too, reported there
        if (begin) void send('BEGIN').catch(() => undefined);
        const result = send(...args);
        if (last) {
          const commit = send('COMMIT');
          commit.catch(() => undefined);
          client[ended] = commit;
        }
        return result;
      } finally {
        stream?.uncork?.();
      }
    };
  });
  // a client back in the pool owes nothing and has nothing ended
  pool.on('release', (_err, raw) => {
    const client = raw as Queryable;
    client[owed] = false;
    client[ended] = undefined;
  });
}
