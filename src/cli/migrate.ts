// `npm run migrate` applies committed migrations; `npm run migrate:create -- <name>` writes
// the next migration from the change in prisma/schema.prisma. Both run offline.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pgliteDiffAdapterFactory } from '../search/pglite-extensions.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { diffSchemaAgainstMigrations, migrationsDir } from '../db/schema-engine.js';

const USAGE = 'usage: npm run --silent migrate   (applies committed migrations)\n       npm run --silent migrate:create -- <snake_case_name>   (writes the next migration from prisma/schema.prisma)';

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h') || argv.includes('help')) {
    console.log(USAGE);
    return;
  }
  const [command, name, ...extra] = argv;
  if (command === 'deploy' && (name !== undefined || extra.length)) {
    console.error(`unknown argument '${name ?? extra[0]}'\n${USAGE}`);
    process.exit(2);
  }
  if (command === 'deploy') {
    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true });
    await db.close();
    console.log(`migrations applied (${db.kind})`);
    return;
  }
  if (command === 'create') {
    if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('usage: npm run migrate:create -- <snake_case_name>');
    // The diff replays the committed migrations on a throwaway in-memory PGlite.
    const sql = await diffSchemaAgainstMigrations(await pgliteDiffAdapterFactory());
    if (!sql) {
      console.log('prisma/schema.prisma matches the committed migrations: nothing to write');
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = join(migrationsDir, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'migration.sql'), sql);
    console.log(`wrote ${join(dir, 'migration.sql')}`);
    return;
  }
  throw new Error('usage: migrate deploy | migrate create <name>');
}

// exit at once: the Wasm schema engine leaves timers behind after a migration
main().then(() => process.exit(0), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
