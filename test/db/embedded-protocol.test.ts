// The embedded database answers errors of the extended query protocol as PostgreSQL does
// (src/db/embedded-worker.ts): one ErrorResponse, the messages up to Sync discarded, one
// ReadyForQuery. Without that, a statement failing at Execute (a trigger's RAISE) desynchronized
// node-postgres and the server process ended on the connection's 'error'.
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, SOCKET_PORT } from '../../src/db/client.js';

let dir: string;
let embedded: Awaited<ReturnType<typeof startEmbedded>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedded-protocol-'));
  embedded = await startEmbedded(dir);
});
afterAll(async () => {
  await embedded?.close();
  rmSync(dir, { recursive: true, force: true });
});

function frame(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`);

/** The backend message types answered to `messages`, read until the `count`-th ReadyForQuery or a quiet 500 ms. */
async function exchange(messages: Buffer[], readyCount: number): Promise<string[]> {
  const socket = net.connect(join(embedded.socketDir, `.s.PGSQL.${SOCKET_PORT}`));
  await new Promise((resolve) => socket.once('connect', resolve));
  let buf = Buffer.alloc(0);
  const types: string[] = [];
  const startup = Buffer.concat([Buffer.alloc(8), cstr('user'), cstr('postgres'), cstr('database'), cstr('postgres'), Buffer.from([0])]);
  startup.writeInt32BE(startup.length, 0);
  startup.writeInt32BE(196608, 4);
  let phase: 'startup' | 'query' = 'startup';
  let ready = 0;
  return new Promise((resolve, reject) => {
    let quiet = setTimeout(() => finish(), 3000);
    const finish = () => { clearTimeout(quiet); socket.destroy(); resolve(types); };
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 5) {
        const length = buf.readInt32BE(1);
        if (buf.length < 1 + length) break;
        const type = String.fromCharCode(buf[0]);
        buf = buf.subarray(1 + length);
        if (phase === 'startup') {
          if (type === 'Z') {
            phase = 'query';
            socket.write(Buffer.concat(messages));
          }
          continue;
        }
        if (type === 'S' || type === 'N') continue; // ParameterStatus and notices, whenever they come
        types.push(type);
        if (type === 'Z' && ++ready >= readyCount) {
          clearTimeout(quiet);
          quiet = setTimeout(() => finish(), 500); // a second ReadyForQuery would come now
        }
      }
    });
    socket.write(startup);
  });
}

describe('the embedded database and the extended query protocol', () => {
  it('a failing Parse: ErrorResponse, the rest discarded up to Sync, one ReadyForQuery', async () => {
    const types = await exchange([
      frame('P', Buffer.concat([cstr(''), cstr('SELECT syntax error'), Buffer.from([0, 0])])),
      frame('B', Buffer.concat([cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0])])),
      frame('E', Buffer.concat([cstr(''), Buffer.from([0, 0, 0, 0])])),
      frame('S', Buffer.alloc(0)),
    ], 1);
    expect(types).toEqual(['E', 'Z']);
  });

  it('a statement failing at Bind (1/0, folded when planned) then a good one, in one write: each answered once', async () => {
    const query = (sql: string) => [
      frame('P', Buffer.concat([cstr(''), cstr(sql), Buffer.from([0, 0])])),
      frame('B', Buffer.concat([cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0])])),
      frame('E', Buffer.concat([cstr(''), Buffer.from([0, 0, 0, 0])])),
      frame('S', Buffer.alloc(0)),
    ];
    const types = await exchange([...query('SELECT 1/0'), ...query('SELECT 1')], 2);
    // ParseComplete, then the error (Execute discarded); the good one: ParseComplete, BindComplete, DataRow, CommandComplete
    expect(types).toEqual(['1', 'E', 'Z', '1', '2', 'D', 'C', 'Z']);
  });

  it('node-postgres keeps its connection through failing statements inside transactions', async () => {
    const client = new pg.Client({ host: embedded.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
    const errors: Error[] = [];
    client.on('error', (e) => errors.push(e));
    await client.connect();
    try {
      await client.query(`CREATE OR REPLACE FUNCTION protocol_test_refuse() RETURNS trigger AS $$ BEGIN
        IF NEW.v = 'boom' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await client.query('CREATE TABLE IF NOT EXISTS protocol_test (v text)');
      await client.query('CREATE OR REPLACE TRIGGER protocol_test_t BEFORE INSERT ON protocol_test FOR EACH ROW EXECUTE FUNCTION protocol_test_refuse()');
      for (let i = 0; i < 20; i++) {
        await client.query('BEGIN');
        await expect(client.query('INSERT INTO protocol_test (v) VALUES ($1)', ['boom'])).rejects.toThrow(/refused/);
        await client.query('ROLLBACK');
        const ok = await client.query('INSERT INTO protocol_test (v) VALUES ($1) RETURNING v', [`ok-${i}`]);
        expect(ok.rows).toEqual([{ v: `ok-${i}` }]);
      }
      expect((await client.query('SELECT count(*)::int AS n FROM protocol_test')).rows[0].n).toBe(20);
      expect(errors).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
