// The shipped test sanctions list at start-up: the first start stores it, a restart finds the
// same version stored and writes nothing, and a changed list is imported again (over the old one).
// Always on a PGlite database of its own: replacing the test list on a shared PostgreSQL database
// would change what the other test files screen against while they run.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { ensureTestList, TEST_LIST_NAME, testListId } from '../../src/modules/global/compliance.js';
import { testEnv } from '../helpers/server.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const { dataDir, env } = testEnv({ DATABASE_URL: undefined, REDIS_URL: undefined });
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const shipped = {
  sdn: readFileSync(new URL('../../src/modules/global/data/test-sanctions-sdn.csv', import.meta.url), 'utf8'),
  alt: readFileSync(new URL('../../src/modules/global/data/test-sanctions-alt.csv', import.meta.url), 'utf8'),
};

/** The stored test list: its row (xmin changes with any write to it), its entries' row ids and names. */
async function stored(server: RunningServer) {
  const prisma = server.db.prisma;
  const rows = await prisma.$queryRaw<{ id: string; entryCount: number; importedAt: Date; xmin: string }[]>`
    SELECT id, "entryCount", "importedAt", xmin::text AS xmin FROM "GlobalSanctionsList" WHERE name = ${TEST_LIST_NAME} AND test`;
  const entries = await prisma.globalSanctionsEntry.findMany({ where: { list: { name: TEST_LIST_NAME, test: true } }, select: { id: true, name: true }, orderBy: { id: 'asc' } });
  return { rows, entryIds: entries.map((e) => e.id), names: entries.map((e) => e.name).sort() };
}

async function start(): Promise<RunningServer> {
  const server = await startServer(env as NodeJS.ProcessEnv);
  servers.push(server);
  return server;
}

describe('the shipped test sanctions list at start-up', () => {
  it('a restart writes nothing; a changed list is imported again, replacing the old one', async () => {
    const first = await start();
    // the start-up load may still be running: this call waits for its row, or writes the list itself
    await ensureTestList(first.db.prisma);
    const before = await stored(first);
    expect(before.rows).toHaveLength(1);
    expect(before.rows[0].id).toBe(testListId(shipped));
    expect(before.rows[0].entryCount).toBeGreaterThan(0);
    expect(before.entryIds).toHaveLength(before.rows[0].entryCount);
    expect(await ensureTestList(first.db.prisma)).toBe(false);
    await first.stop();
    servers.pop();

    const second = await start();
    expect(await ensureTestList(second.db.prisma)).toBe(false);
    // nothing rewritten: the same row version, the same import time, the same entry rows
    expect(await stored(second)).toEqual(before);

    // a new version of the list with as many entries (what a count would not notice)
    const changed = { ...shipped, sdn: shipped.sdn.replace('"SMITH, John"', '"SMYTHE, Joan"') };
    expect(changed.sdn).not.toBe(shipped.sdn);
    expect(testListId(changed)).not.toBe(testListId(shipped));
    expect(await ensureTestList(second.db.prisma, changed)).toBe(true);
    const after = await stored(second);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toMatchObject({ id: testListId(changed), entryCount: before.rows[0].entryCount });
    expect(after.names).toContain('SMYTHE, Joan');
    expect(after.names).not.toContain('SMITH, John');
    // the old version's entries went with it
    expect(await second.db.prisma.globalSanctionsEntry.count({ where: { listId: testListId(shipped) } })).toBe(0);
    expect(after.entryIds).toHaveLength(before.rows[0].entryCount);

    // and back to the shipped files: imported once, then current again
    expect(await ensureTestList(second.db.prisma)).toBe(true);
    expect(await ensureTestList(second.db.prisma)).toBe(false);
    expect((await stored(second)).names).toEqual(before.names);
  });
});
