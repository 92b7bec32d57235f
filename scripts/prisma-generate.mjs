// Generates the Prisma client and the Pothos type map with no network access beyond npm.
// `prisma generate` never runs the schema engine, it only checks that one exists; where the
// native binary cannot be downloaded we point it at a file that exists (see
// ../shared/notes/prisma-offline.md). Migrations run through the Wasm engine in src/db/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { delimiter } from 'node:path';

const require = createRequire(import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(new URL('../node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm', import.meta.url));
}
const cli = fileURLToPath(new URL('build/index.js', new URL('.', 'file://' + require.resolve('prisma/package.json'))));
const root = fileURLToPath(new URL('..', import.meta.url));
// generators such as prisma-pothos-types are resolved on PATH
env.PATH = `${root}node_modules/.bin${delimiter}${env.PATH ?? ''}`;
const run = spawnSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema.prisma'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.exit(run.status ?? 1);
