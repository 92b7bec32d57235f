// Runs Prisma's schema engine offline: the Wasm build from npm, driven through a driver
// adapter, applies the committed migrations (like `prisma migrate deploy`) and writes the
// SQL of the next migration (like `prisma migrate dev --create-only`) without the native
// binary that Prisma's CLI would download (it cannot download anything offline).
import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const migrationsDir = join(projectRoot, 'prisma', 'migrations');
export const schemaPath = join(projectRoot, 'prisma', 'schema.prisma');

interface WasmSchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}
interface SchemaEngineModule {
  SchemaEngine: { new: (options: unknown, log: (msg: string) => void, adapter: unknown) => Promise<WasmSchemaEngine> };
}

let enginePromise: Promise<SchemaEngineModule> | undefined;

/** The package entry imports its .wasm as an ES module, which Node rejects: instantiate it by hand. */
function loadEngineModule(): Promise<SchemaEngineModule> {
  enginePromise ??= (async () => {
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as Record<string, unknown> & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmBytes = await readFile(join(dirname(bgPath), 'schema_engine_bg.wasm'));
    // The engine arms timers it never clears; unref them so a finished migration lets the
    // process exit.
    const imports: Record<string, unknown> = { ...bg };
    for (const name of Object.keys(bg).filter((k) => k.startsWith('__wbg_setTimeout_'))) {
      const original = bg[name] as (...args: unknown[]) => unknown;
      imports[name] = (...args: unknown[]) => {
        const timer = original(...args) as { unref?: () => void } | undefined;
        timer?.unref?.();
        return timer;
      };
    }
    const { instance } = await WebAssembly.instantiate(wasmBytes, { './schema_engine_bg.js': imports as WebAssembly.ModuleImports });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg as unknown as SchemaEngineModule;
  })();
  return enginePromise;
}

export async function readMigrationsList(dir = migrationsDir) {
  const lockPath = join(dir, 'migration_lock.toml');
  const entries = existsSync(dir) ? await readdir(dir, { withFileTypes: true }) : [];
  const migrationDirectories = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(dir, entry.name, 'migration.sql');
    const content = existsSync(file)
      ? { tag: 'ok', value: await readFile(file, 'utf8') }
      : { tag: 'error', value: `missing ${file}` };
    migrationDirectories.push({ path: entry.name, migrationFile: { path: 'migration.sql', content } });
  }
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

const filters = { externalTables: [], externalEnums: [] };

async function withEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  fn: (engine: WasmSchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readFile(schemaPath, 'utf8');
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}

/** Applies every committed migration not yet recorded in `_prisma_migrations`. */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrationsList();
  const out = await withEngine(adapterFactory, (engine) => engine.applyMigrations({ migrationsList, filters }));
  return out.appliedMigrationNames;
}

/** The SQL that takes the committed migrations to the current prisma/schema.prisma ('' when in step). */
export async function diffSchemaAgainstMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const migrationsList = await readMigrationsList();
  const schema = await readFile(schemaPath, 'utf8');
  const result = await withEngine(adapterFactory, (engine) =>
    engine.diff({
      from: { tag: 'migrations', ...migrationsList },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters,
    }),
  );
  const sql = result.stdout ?? '';
  // An empty diff is a comment-only script.
  return sql.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')) ? sql : '';
}
