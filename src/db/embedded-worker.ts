// The embedded database's own thread. PGlite executes SQL synchronously in WebAssembly: run in
// the server's thread, one long statement (a large insert, a wide scan) held up every request,
// /health/live included. Here it runs in a worker thread and serves the PostgreSQL wire protocol
// on a Unix socket; the server, and the key CLI while the server runs, connect to it through
// node-postgres like to any PostgreSQL. The socket server queues statements and keeps a
// connection's transaction whole: one statement at a time, as PGlite allows.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGLITE_SEARCH_EXTENSIONS } from '../search/pglite-extensions.js';

export interface EmbeddedWorkerData {
  pgdata: string;
  socketPath: string;
  maxConnections: number;
}

const { pgdata, socketPath, maxConnections } = workerData as EmbeddedWorkerData;

// Frontend messages of the extended query protocol (Parse, Bind, Describe, Execute, Close, Flush)
// and Sync; backend ErrorResponse and ReadyForQuery.
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC = 0x53;
const ERROR_RESPONSE = 0x45;
const READY_FOR_QUERY = 0x5a;

/**
 * PostgreSQL's rule for an error in the extended query protocol: the backend answers
 * ErrorResponse, then discards every message until Sync, and answers the Sync with the one
 * ReadyForQuery. PGlite (0.4, through pglite-socket 0.1) answers the failing message with
 * ErrorResponse *and* ReadyForQuery at once, and goes on to run the Bind, Describe and Execute
 * that follow (electric-sql/pglite issue 958). node-postgres then reads the early ReadyForQuery as
 * the end of its query, the next answer as out of place ("unexpected parseComplete"), and drops
 * the connection with an 'error' that, on a checked-out client, ended the process: a trigger's
 * RAISE, a constraint violation reported at Execute, any failing statement of a transaction.
 * This wraps the one call pglite-socket makes per frontend message so that PGlite follows the
 * rule: after a failing extended message, its ReadyForQuery is held back and the messages up to
 * Sync are discarded; the Sync goes through and gets the one ReadyForQuery.
 */
function keepExtendedProtocolErrorsWhole(db: PGlite): void {
  type Options = { onRawData?: (chunk: Uint8Array) => void };
  const target = db as unknown as { execProtocolRawStream: (message: Uint8Array, options?: Options) => Promise<unknown> };
  const original = target.execProtocolRawStream.bind(db);
  let discarding = false;
  target.execProtocolRawStream = async (message: Uint8Array, options: Options = {}) => {
    const type = message[0];
    if (discarding) {
      if (type !== SYNC) return undefined; // discarded, as PostgreSQL discards it
      discarding = false;
      return original(message, options);
    }
    if (!EXTENDED.has(type) || !options.onRawData) return original(message, options);
    const chunks: Uint8Array[] = [];
    const result = await original(message, { ...options, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const out = Buffer.concat(chunks);
    // the answer's messages: type byte and length; a ReadyForQuery after an ErrorResponse is held back
    const kept: Buffer[] = [];
    let failed = false;
    let at = 0;
    while (at + 5 <= out.length) {
      const length = out.readInt32BE(at + 1);
      const end = at + 1 + length;
      if (length < 4 || end > out.length) break;
      const kind = out[at];
      if (kind === ERROR_RESPONSE) failed = true;
      if (!(failed && kind === READY_FOR_QUERY)) kept.push(out.subarray(at, end));
      at = end;
    }
    if (at < out.length) kept.push(out.subarray(at)); // not whole messages: passed on as they came
    if (failed) discarding = true;
    const answer = Buffer.concat(kept);
    if (answer.length) options.onRawData(answer);
    return result;
  };
}
const port = parentPort!;

try {
  // search's extensions (pg_trgm, unaccent, fuzzystrmatch): CREATE EXTENSION needs them loaded
  const pg = new PGlite(pgdata, { extensions: PGLITE_SEARCH_EXTENSIONS });
  await pg.waitReady;
  keepExtendedProtocolErrorsWhole(pg);
  const server = new PGLiteSocketServer({ db: pg, path: socketPath, maxConnections });
  await server.start();
  port.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await pg.close();
    } finally {
      port.postMessage({ closed: true });
    }
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
