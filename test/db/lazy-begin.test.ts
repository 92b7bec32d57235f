// A transaction's BEGIN goes out with its first statement, and its COMMIT with the statement
// marked COMMITS_WITH (src/db/lazy-begin.ts): fewer socket writes, and the same transaction
// semantics as sending each on its own. PostgreSQL only (the embedded database's connection is
// not pipelined).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMITS_WITH, deferBegin } from '../../src/db/lazy-begin.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { hasPostgres } from '../helpers/server.js';
import { skipping } from '../helpers/skip.js';

const table = `lazy_begin_${process.pid}_${Date.now()}`;

describe.skipIf(skipping(!hasPostgres, 'lazy BEGIN/COMMIT: DATABASE_URL (PostgreSQL) is not set'))('lazy BEGIN and COMMIT on PostgreSQL', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  let writes = 0;
  let db: Database;
  const other = () => new pg.Client({ connectionString: process.env.DATABASE_URL });

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, pipeline: true } as pg.PoolConfig);
    deferBegin(pool);
    client = await pool.connect();
    // every write of this connection's socket (corked writes leave as one)
    const stream = (client as unknown as { connection: { stream: { _writev: (...a: unknown[]) => unknown; _write: (...a: unknown[]) => unknown } } }).connection.stream;
    const writev = stream._writev.bind(stream);
    const write = stream._write.bind(stream);
    stream._writev = (...a: unknown[]) => { writes++; return writev(...a); };
    stream._write = (...a: unknown[]) => { writes++; return write(...a); };
    await client.query(`CREATE TABLE ${table} (id int PRIMARY KEY, v text NOT NULL)`);
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: mkdtempSync(join(tmpdir(), 'lazy-')), poolSize: 1 });
  });
  afterAll(async () => {
    await client?.query(`DROP TABLE IF EXISTS ${table}`);
    client?.release();
    await pool?.end();
    await db?.close();
  });

  async function seen(id: number): Promise<string | undefined> {
    const c = other();
    await c.connect();
    try {
      return (await c.query(`SELECT v FROM ${table} WHERE id = $1`, [id])).rows[0]?.v;
    } finally {
      await c.end();
    }
  }

  it('BEGIN leaves with the first statement: one write for both, and the statement runs inside the transaction', async () => {
    const before = writes;
    expect((await client.query('BEGIN')).rowCount).toBe(null);
    expect(writes - before).toBe(0);
    await client.query({ text: `INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [1, 'one'] });
    expect(writes - before).toBe(1);
    // inside a transaction: another connection does not see it yet, and ROLLBACK undoes it
    expect(await seen(1)).toBeUndefined();
    const [xid1, xid2] = [(await client.query('SELECT txid_current() AS x')).rows[0].x, (await client.query('SELECT txid_current() AS x')).rows[0].x];
    expect(xid1).toBe(xid2);
    await client.query('ROLLBACK');
    expect(await seen(1)).toBeUndefined();
    expect((await client.query({ text: `SELECT count(*)::int AS n FROM ${table}` })).rows[0].n).toBe(0);
  });

  it('a transaction with no statement sends nothing, COMMIT or ROLLBACK', async () => {
    const before = writes;
    await client.query('BEGIN');
    await client.query('COMMIT');
    await client.query('BEGIN');
    await client.query('ROLLBACK');
    expect(writes - before).toBe(0);
    // and the connection is outside any transaction afterwards
    expect((await client.query('SELECT now() = statement_timestamp() AS outside')).rows[0].outside).toBe(true);
  });

  it('the statement marked COMMITS_WITH leaves with its COMMIT: committed when it is answered; the COMMIT that follows gets that outcome', async () => {
    const before = writes;
    await client.query('BEGIN');
    await client.query({ text: `INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [2, 'two'] });
    await client.query({ text: `${COMMITS_WITH}INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [3, 'three'] });
    // two writes for BEGIN, two statements and COMMIT
    expect(writes - before).toBe(2);
    expect(await seen(2)).toBe('two');
    expect(await seen(3)).toBe('three');
    const commit = await client.query('COMMIT');
    expect(commit.command).toBe('COMMIT');
    expect(writes - before).toBe(2);
  });

  it('a statement after the last one is refused (it would run outside the transaction); the pool hands the client on clean', async () => {
    await client.query('BEGIN');
    await client.query({ text: `${COMMITS_WITH}INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [4, 'four'] });
    await expect(client.query({ text: `INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [5, 'five'] })).rejects.toThrow(/after the transaction's last one/);
    expect(await seen(5)).toBeUndefined();
    expect(await seen(4)).toBe('four');
    client.release();
    client = await pool.connect();
    const again = await client.query({ text: `SELECT v FROM ${table} WHERE id = $1`, values: [4] });
    expect(again.rows[0].v).toBe('four');
  });

  it('a failing last statement rolls back the whole transaction and leaves the connection usable', async () => {
    await client.query('BEGIN');
    await client.query({ text: `INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [6, 'six'] });
    // id 2 exists: a unique violation
    await expect(client.query({ text: `${COMMITS_WITH}INSERT INTO ${table} (id, v) VALUES ($1, $2)`, values: [2, 'again'] })).rejects.toThrow(/duplicate key/);
    await client.query('ROLLBACK');
    expect(await seen(6)).toBeUndefined();
    expect(await seen(2)).toBe('two');
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('through Prisma: an interactive transaction commits what it did, a thrown error rolls back its first statement, an empty one works', async () => {
    const prisma = db.prisma;
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (id, v) VALUES (10, 'ten')`);
      await tx.$executeRawUnsafe(`${COMMITS_WITH}INSERT INTO ${table} (id, v) VALUES (11, 'eleven')`);
    });
    expect(await seen(10)).toBe('ten');
    expect(await seen(11)).toBe('eleven');
    await expect(prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (id, v) VALUES (12, 'twelve')`);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await seen(12)).toBeUndefined();
    await expect(prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (id, v) VALUES (13, 'thirteen')`);
      await tx.$executeRawUnsafe(`${COMMITS_WITH}INSERT INTO ${table} (id, v) VALUES (10, 'ten again')`);
    })).rejects.toThrow();
    expect(await seen(13)).toBeUndefined();
    await prisma.$transaction(async () => undefined);
    expect(await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table} WHERE id >= 10`)).toEqual([{ n: 2 }]);
  });
});
