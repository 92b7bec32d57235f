// Once per run: with DATABASE_URL, apply migrations before any test server starts, so that
// servers started in parallel do not race on the first migration. Prints which databases
// this run uses, so a skipped PostgreSQL or Redis test is explained.
import { openDatabase } from '../../src/db/client.js';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  console.log(`[test] database: ${url ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (set DATABASE_URL for PostgreSQL)'}; redis: ${process.env.REDIS_URL ? 'REDIS_URL' : 'none'}`);
  if (url) {
    const db = await openDatabase({ databaseUrl: url, dataDir: '.', migrate: true, poolSize: 1 });
    await db.close();
  }
}
