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
const port = parentPort!;

try {
  // search's extensions (pg_trgm, unaccent, fuzzystrmatch): CREATE EXTENSION needs them loaded
  const pg = new PGlite(pgdata, { extensions: PGLITE_SEARCH_EXTENSIONS });
  await pg.waitReady;
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
