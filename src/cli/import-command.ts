// What the data-import CLIs (fx, shipping, compliance) share: reading a file that may be
// refused (exit 1 naming it), the database for the import, and the process's exit code.
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

/** Runs `parse`; a refusal of the file (an error `refused` recognises, or a missing file) prints `label: message` and answers exit code 1. */
export function parseFile<T>(label: string, parse: () => T, refused: (err: unknown) => boolean): { value: T } | { exit: number } {
  try {
    return { value: parse() };
  } catch (err) {
    if (refused(err) || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`${label ? `${label}: ` : ''}${(err as Error).message}\n`);
      return { exit: 1 };
    }
    throw err;
  }
}

/** The configured database (DATA_DIR or DATABASE_URL, migrated) for the length of `fn`. */
export async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Exits with `main`'s code; an error exits 2 when it is bad usage (parseArgs), else 1. */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(String((err as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  });
}
