// Opens the database: embedded PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL
// through a pg pool when it is set. Both go through Prisma driver adapters, so the same
// migrations and queries run on both.
//
// PGlite allows one process per data folder. The process that owns it runs it in a worker
// thread (embedded-worker.ts), so that SQL never runs on the thread that answers requests, and
// serves it on a Unix socket in the folder (or in a private temporary folder when the path is
// too long for a socket); the server connects through that socket like to PostgreSQL. The
// server records the socket in `server.json`, so that the key CLI can work while it runs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { deferBegin } from './lazy-begin.js';
import { CommitGroups, rawTransaction, type RawTx } from './raw-transaction.js';
import { leanQueryable, type LeanQueryable } from './pg-rows.js';
import type { EmbeddedWorkerData } from './embedded-worker.js';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQueryable,
  Transaction,
} from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../generated/prisma/client.js';
import { applyMigrations, readMigrationsList } from './schema-engine.js';

export type Prisma = InstanceType<typeof PrismaClient>;

export interface Database {
  prisma: Prisma;
  kind: 'pglite' | 'postgres';
  /** SQL statements sent since the database was opened (for N+1 tests and metrics). */
  queryCount(): number;
  /** the pool Prisma's driver adapter runs on, for the lean read path (lean-read.ts; counted too) */
  sql(): LeanQueryable;
  /** list reads answered by the lean path and by Prisma (the /metrics counter db_list_reads_total) */
  readPaths: { lean: number; prisma: number };
  /**
   * The client subscriptions read their events' rows with (orderUpdated): on PostgreSQL its own
   * small pool (STREAM_READ_POOL_SIZE connections, opened on first use), so that a subscriber's
   * read never queues behind the writes that hold the main pool's connections; on the embedded
   * database, which runs one statement at a time, the main client.
   */
  streamReads(): Prisma;
  /** The pool of streamReads() for the lean read path; on the embedded database, sql(). */
  streamSql(): LeanQueryable;
  /**
   * On PostgreSQL: a transaction of plain SQL statements without Prisma's client
   * (raw-transaction.ts), on the main pool. Undefined on the embedded database.
   */
  rawTransaction?: <T>(fn: (tx: RawTx) => Promise<T>, options?: { shareCommit?: boolean }) => Promise<T>;
  /** group commit for raw transactions told `shareCommit` (raw-transaction.ts); undefined when off */
  commitGroups?: CommitGroups;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** apply pending migrations before returning (the server does; the CLI does too) */
  migrate?: boolean;
  /** owner of an embedded database: serve it on a socket for the CLI */
  shareEmbedded?: boolean;
  /** PostgreSQL cancels statements running longer (0 or unset: no limit); PGlite has no such limit */
  statementTimeoutMs?: number;
  /** raw transactions run named prepared statements (default true; see raw-transaction.ts) */
  preparedStatements?: boolean;
  /**
   * group commit (raw-transaction.ts CommitGroups): groups running at once (0: off) and members
   * per group at most; default 2 and 32. PostgreSQL only.
   */
  commitGroups?: { inFlight: number; size: number };
}

interface SharedInfo {
  pid: number;
  socketDir: string;
  port: number;
}

export const SOCKET_PORT = 5432;
/** connections of the subscriptions' read pool (PostgreSQL): reads of one row by id, a few at a time */
const STREAM_READ_POOL_SIZE = 10;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server that owns this data folder, if any. */
export function readSharedEmbedded(dataDir: string): SharedInfo | undefined {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return undefined;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as SharedInfo;
    if (info.pid !== process.pid && processAlive(info.pid)) return info;
  } catch {
    // a torn or stale file: nobody owns the folder
  }
  return undefined;
}

/** Wraps an adapter factory so that every SQL statement, inside transactions too, is counted. */
function countingFactory(inner: SqlMigrationAwareDriverAdapterFactory, counter: { n: number }): SqlMigrationAwareDriverAdapterFactory {
  const wrapQueryable = <T extends SqlQueryable>(q: T): T => {
    // one wrapper per method and target, made on first use: every query passes through here
    const methods = new Map<PropertyKey, unknown>();
    return new Proxy(q, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        let method = methods.get(prop);
        if (method) return method;
        if (prop === 'queryRaw' || prop === 'executeRaw') {
          method = (...args: unknown[]) => {
            counter.n++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        } else if (prop === 'startTransaction') {
          method = async (...args: unknown[]) =>
            wrapQueryable((await (value as (...a: unknown[]) => Promise<Transaction>).apply(target, args)) as Transaction);
        } else {
          method = value.bind(target);
        }
        methods.set(prop, method);
        return method;
      },
    });
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => wrapQueryable((await inner.connect()) as SqlDriverAdapter),
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}

/**
 * A pool whose connections cannot end the process: a connection the server drops (a restart, a
 * terminated backend) or that loses its place in the protocol emits 'error'. pg-pool listens
 * while a connection is idle; while it is checked out nobody did, and an unheard 'error' event
 * ends a Node process. Heard here, the query in flight fails (its request answers with an
 * error), and the pool drops the connection when it is released (it is no longer queryable).
 */
function survivesConnectionErrors(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const counter = { n: 0 };
  let factory: SqlMigrationAwareDriverAdapterFactory;
  let migrationFactory: SqlMigrationAwareDriverAdapterFactory | undefined;
  let mainPool: pg.Pool | undefined;
  /** the pool Prisma's adapter runs on, whichever database: the lean read path's too */
  let leanPool: pg.Pool;
  let kind: Database['kind'];
  const cleanups: Array<() => Promise<void> | void> = [];

  const shared = opts.databaseUrl ? undefined : readSharedEmbedded(opts.dataDir);
  if (opts.databaseUrl || shared) {
    kind = opts.databaseUrl ? 'postgres' : 'pglite';
    if (opts.databaseUrl) {
      // pipeline mode lets a transaction's BEGIN go out with its first statement (lazy-begin.ts)
      const pool = new pg.Pool({
        connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, pipeline: true,
        ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      } as pg.PoolConfig);
      deferBegin(pool);
      // an idle connection the server dropped (a restart, a terminated backend, a dropped
      // database while closing) is replaced by the pool; without a listener its 'error' would
      // end the process (the adapter's own listener goes with Prisma's disconnect)
      survivesConnectionErrors(pool);
      mainPool = pool;
      leanPool = pool;
      factory = new PrismaPg(pool);
      cleanups.push(() => pool.end());
      // the schema engine connects and disposes on its own: its own small pool
      migrationFactory = new PrismaPg({ connectionString: opts.databaseUrl, max: 2 });
    } else {
      // one connection: PGlite runs one statement at a time anyway
      const pool = survivesConnectionErrors(new pg.Pool({ host: shared!.socketDir, port: shared!.port, user: 'postgres', database: 'postgres', max: 1 }));
      leanPool = pool;
      factory = new PrismaPg(pool);
      cleanups.push(() => pool.end());
    }
  } else {
    kind = 'pglite';
    mkdirSync(opts.dataDir, { recursive: true });
    chmodSync(opts.dataDir, 0o700);
    const embedded = await startEmbedded(opts.dataDir);
    cleanups.push(embedded.close);
    // One connection: PGlite runs one statement at a time, and the socket server's queue does
    // not keep two connections' transactions apart reliably; requests wait for it in the pool.
    const pool = survivesConnectionErrors(new pg.Pool({ host: embedded.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1 }));
    leanPool = pool;
    factory = new PrismaPg(pool);
    cleanups.unshift(() => pool.end());
    if (opts.shareEmbedded) cleanups.unshift(recordShared(opts.dataDir, embedded.socketDir));
  }

  const prisma = new PrismaClient({ adapter: countingFactory(factory, counter) });
  await prisma.$connect();
  // named prepared statements on PostgreSQL (the embedded database plans each statement anew)
  const preparedReads = Boolean(opts.databaseUrl) && (opts.preparedStatements ?? true);
  const sql = leanQueryable(leanPool, counter, { prepared: preparedReads });
  let streamClient: Prisma | undefined;
  let streamSql: LeanQueryable | undefined;
  const streamReads = (): Prisma => {
    if (!opts.databaseUrl) return prisma;
    if (!streamClient) {
      const streamPool = survivesConnectionErrors(new pg.Pool({
        connectionString: opts.databaseUrl, max: STREAM_READ_POOL_SIZE,
        ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      }));
      streamClient = new PrismaClient({ adapter: countingFactory(new PrismaPg(streamPool), counter) });
      streamSql = leanQueryable(streamPool, counter, { prepared: preparedReads });
      cleanups.unshift(() => streamPool.end());
    }
    return streamClient;
  };
  const groups = mainPool && (opts.commitGroups?.inFlight ?? 2) > 0
    ? new CommitGroups(mainPool, counter, opts.preparedStatements ?? true, opts.commitGroups?.inFlight ?? 2, opts.commitGroups?.size ?? 32)
    : undefined;
  // Loading the Wasm schema engine costs time: only when a committed migration is not applied.
  if (opts.migrate && (await pendingMigrations(prisma)).length > 0) await applyMigrations(migrationFactory ?? factory);
  return {
    prisma,
    kind,
    queryCount: () => counter.n,
    readPaths: { lean: 0, prisma: 0 },
    sql: () => sql,
    streamReads,
    streamSql: () => {
      if (!opts.databaseUrl) return sql;
      streamReads();
      return streamSql ?? sql;
    },
    ...(mainPool ? {
      rawTransaction: <T>(fn: (tx: RawTx) => Promise<T>, options?: { shareCommit?: boolean }) =>
        rawTransaction(mainPool!, counter, fn, opts.preparedStatements ?? true, options?.shareCommit ? groups : undefined),
      commitGroups: groups,
    } : {}),
    async close() {
      await streamClient?.$disconnect();
      await prisma.$disconnect();
      for (const fn of cleanups) await fn();
    },
  };
}

async function pendingMigrations(prisma: Prisma): Promise<string[]> {
  const committed = (await readMigrationsList()).migrationDirectories.map((d) => d.path);
  let applied: string[] = [];
  try {
    const rows = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    applied = rows.map((r) => r.migration_name);
  } catch {
    // no migrations table yet: everything is pending
  }
  return committed.filter((name) => !applied.includes(name));
}

interface Embedded {
  socketDir: string;
  close(): Promise<void>;
}

/** Starts PGlite in its worker thread, serving the data folder's database on a Unix socket. */
export async function startEmbedded(dataDir: string): Promise<Embedded> {
  // Unix socket paths are limited to about 107 bytes: a long data folder path gets its socket
  // in a private (0700) temporary folder instead.
  let socketDir = dataDir;
  let ownDir = false;
  if (Buffer.byteLength(join(dataDir, `.s.PGSQL.${SOCKET_PORT}`)) > 100) {
    socketDir = mkdtempSync(join(tmpdir(), 'pgl-'));
    ownDir = true;
  }
  const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (existsSync(socketPath)) rmSync(socketPath);
  // Run from TypeScript sources (tsx, tests), the worker registers the same loader first.
  const typescript = import.meta.url.endsWith('.ts');
  const file = new URL(`./embedded-worker.${typescript ? 'ts' : 'js'}`, import.meta.url);
  const workerData = { pgdata: join(dataDir, 'pgdata'), socketPath, maxConnections: 64 } satisfies EmbeddedWorkerData;
  const worker = typescript
    ? new Worker(
      `import(${JSON.stringify(pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href)})`
        + `.then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`,
      { eval: true, workerData },
    )
    : new Worker(file, { workerData });
  let exited = false;
  const exit = new Promise<void>((resolve) => worker.once('exit', () => { exited = true; resolve(); }));
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean; error?: string }) => {
      if (m.ready) resolve();
      else if (m.error) reject(new Error(`the embedded database did not open: ${m.error}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    void exit.then(() => reject(new Error('the embedded database thread ended while opening')));
  });
  return {
    socketDir,
    async close() {
      if (!exited) {
        const closed = new Promise<void>((resolve) => worker.on('message', (m: { closed?: boolean }) => m.closed && resolve()));
        worker.postMessage('close');
        await Promise.race([closed, exit]);
        await worker.terminate();
      }
      if (ownDir) rmSync(socketDir, { recursive: true, force: true });
      else rmSync(socketPath, { force: true });
    },
  };
}

/** Records the owner's socket so that the key CLI connects through it while the server runs. */
function recordShared(dataDir: string, socketDir: string): () => void {
  const infoFile = join(dataDir, 'server.json');
  writeFileSync(infoFile, JSON.stringify({ pid: process.pid, socketDir, port: SOCKET_PORT } satisfies SharedInfo));
  return () => rmSync(infoFile, { force: true });
}
