// `npm run seed`: demo data through the API, a working key printed, nothing duplicated on a
// second run; `npm start -- --demo` seeds at start-up.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, runScript, spawnServer } from '../helpers/process.js';
import { embeddedOnly } from '../helpers/skip.js';

// a new folder with the migrated, empty database (the very first start is not what these test)
const dir = migratedDataDir('commerce-seed-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// the seed and the server below use this folder's embedded database (never a shared PostgreSQL)
const env = { DATA_DIR: dir, DATABASE_URL: undefined, REDIS_URL: undefined, LOG_LEVEL: 'warn' };

describe.skipIf(embeddedOnly('npm run seed'))('npm run seed', () => {
  it('--help prints usage and exits 0; an unknown argument exits 2', async () => {
    const [help, bad] = await Promise.all([runScript('seed', ['--help'], env), runScript('seed', ['--bogus'], env)]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown argument/);
  }, 60_000);

  it('seeds once, prints a working key, and a second run adds nothing', async () => {
    const first = await runScript('seed', [], env);
    expect(first.code, first.stderr).toBe(0);
    const key = first.stdout.trim();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(first.stderr).toMatch(/30 customers, 12 products, 40 orders/);
    const second = await runScript('seed', [], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/nothing added/);
    const key2 = second.stdout.trim();

    // the data is real: a server on the folder answers with it, for both keys
    const server = await spawnServer({ ...env, LOG_LEVEL: 'info', PRINT_SANDBOX_KEY: 'false' });
    // the seed beside the running server (checked below) is a process start: under way meanwhile
    const busyRun = runScript('seed', [], env);
    try {
      for (const k of [key, key2]) {
        const res = await fetch(`${server.url}/v1/orders?limit=1`, { headers: { authorization: `Bearer ${k}` } });
        expect(res.status).toBe(200);
        expect((await res.json()).pagination.total_count).toBe(40);
      }
      const statuses = new Set<string>();
      const page = await (await fetch(`${server.url}/v1/orders?limit=100`, { headers: { authorization: `Bearer ${key}` } })).json();
      for (const o of page.data) statuses.add(o.status);
      expect([...statuses].sort()).toEqual(['cancelled', 'delivered', 'paid', 'pending', 'processing', 'refunded', 'shipped']);
      const customers = await (await fetch(`${server.url}/v1/customers?limit=1`, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(customers.pagination.total_count).toBe(30);
      const returns = await (await fetch(`${server.url}/v1/returns?limit=10`, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(returns.data.length).toBe(5);
      // and the seed refuses to run beside a server that owns the embedded database
      const busy = await busyRun;
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/a server is running/);
    } finally {
      await busyRun;
      await server.stop();
    }
  }, 240_000);
});
