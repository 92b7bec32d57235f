import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One copy of graphql, as in production: Vite would give src/ the ESM build while the
    // libraries loaded by Node get the CommonJS one, and graphql rejects mixed copies.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // generous: 2 cores run two test files, their servers and the databases at once
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // a worker keeps its imported modules from one test file to the next: every file starts its
    // own servers on its own databases, and importing the server anew for each of ~110 files
    // cost about 170 s of CPU per run
    isolate: false,
    reporters: ['default'],
  },
});
