// The embedded database's vacuum and analyze (src/db/maintenance.ts): autovacuum's default rule
// per table, from pg_stat_user_tables, run by the server at EMBEDDED_MAINTENANCE_SECS. Always
// on the embedded database (PostgreSQL has autovacuum of its own: the server leaves it alone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { due, runMaintenance } from '../../src/db/maintenance.js';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { sleep } from '../graphql/client.js';

describe('autovacuum rule', () => {
  it('vacuums past 50 + 20% dead or 1,000 + 20% inserted rows, analyzes past 50 + 10% changed', () => {
    const round = due([
      { relname: 'dead', live: 1000, dead: 251, inserted: 0, modified: 0 },
      { relname: 'few_dead', live: 1000, dead: 250, inserted: 0, modified: 0 },
      { relname: 'inserted', live: 10_000, dead: 0, inserted: 3001, modified: 3001 },
      { relname: 'changed', live: 1000, dead: 0, inserted: 0, modified: 151 },
      { relname: 'quiet', live: 1000, dead: 10, inserted: 10, modified: 150 },
    ]);
    expect(round).toEqual({ vacuumed: ['dead', 'inserted'], analyzed: ['changed'] });
  });
});

describe('the server maintains its embedded database', () => {
  let t: TestServer;
  let a: TestAccount;
  beforeAll(async () => {
    t = await startTestServer({ DATABASE_URL: undefined, REDIS_URL: undefined, EMBEDDED_MAINTENANCE_SECS: '1' });
    a = await t.newAccount();
  });
  afterAll(async () => { await t?.stop(); });

  it('dead row versions left by updates are vacuumed within a few rounds, and the table analyzed', async () => {
    expect(t.server.db.kind).toBe('pglite');
    // each order write rewrites the order's search document (its GIN-indexed columns change, so
    // the old version stays dead until a vacuum): 3 writes of 60 orders leave about 120
    for (let i = 0; i < 60; i++) {
      const o = (await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER })).body;
      await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: a.key, body: { metadata: { n: String(i) } } });
      await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: a.key, body: { tracking_number: `T${i}` } });
    }
    const stats = () => t.server.db.prisma.$queryRawUnsafe<{ dead: bigint; vacuumed: Date | null; analyzed: Date | null }[]>(
      `SELECT n_dead_tup AS dead, last_vacuum AS vacuumed, last_analyze AS analyzed FROM pg_stat_user_tables WHERE relname = 'SearchDocument'`);
    let row = (await stats())[0];
    const deadline = Date.now() + 15_000;
    while (!row.vacuumed && Date.now() < deadline) {
      await sleep(250);
      row = (await stats())[0];
    }
    expect(row.vacuumed).not.toBeNull();
    expect(row.analyzed).not.toBeNull();
    expect(Number(row.dead)).toBeLessThan(50);
    // the orders are all there, and the API answers as before
    const list = (await api(t.url, '/v1/orders?limit=100', { key: a.key })).body;
    expect(list.data).toHaveLength(60);
  });

  it('a round with nothing due does nothing', async () => {
    await runMaintenance(t.server.db);
    expect(await runMaintenance(t.server.db)).toEqual({ vacuumed: [], analyzed: [] });
  });
});
