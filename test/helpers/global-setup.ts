// Once per run: with DATABASE_URL, apply migrations before any test server starts, so that
// servers started in parallel do not race on the first migration. Without it, build one
// migrated PGlite data folder that every test server copies (initdb costs seconds each).
// Prints which databases this run uses, so a skipped PostgreSQL or Redis test is explained.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/client.js';
import { TEST_LIMITS_ENV } from './limits-env.js';

export default async function setup() {
  // accounts the tests create themselves start on the generous test plan (limits-env.ts);
  // the test processes inherit this environment
  for (const [name, value] of Object.entries(TEST_LIMITS_ENV)) process.env[name] ??= value;
  const url = process.env.DATABASE_URL;
  console.log(`[test] database: ${url ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (set DATABASE_URL for PostgreSQL)'}; redis: ${process.env.REDIS_URL ? 'REDIS_URL' : 'none'}`);
  if (url) {
    const db = await openDatabase({ databaseUrl: url, dataDir: '.', migrate: true, poolSize: 1 });
    await db.close();
    return;
  }
  const template = mkdtempSync(join(tmpdir(), 'commerce-template-'));
  const db = await openDatabase({ dataDir: template, migrate: true });
  await db.close();
  process.env.TEST_PGLITE_TEMPLATE = join(template, 'pgdata');
  return () => rmSync(template, { recursive: true, force: true });
}
