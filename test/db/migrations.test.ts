// prisma/schema.prisma and the committed migrations describe one database: a model or column
// added to the schema without its migration (or a hand-written migration that differs from the
// schema) fails here, before it can fail at a user's start-up.
import { describe, expect, it } from 'vitest';
import { diffSchemaAgainstMigrations } from '../../src/db/schema-engine.js';
import { pgliteDiffAdapterFactory } from '../../src/search/pglite-extensions.js';
import { embeddedOnly } from '../helpers/skip.js';

// The diff replays the migrations on in-memory PGlite databases (as `migrate:create` does),
// whatever DATABASE_URL says: the same work on every run, and CI's run against PostgreSQL
// would only repeat what its PGlite run did.
describe.skipIf(embeddedOnly('the migrations diff'))('migrations', () => {
  it('replaying every migration gives exactly prisma/schema.prisma (regenerate: npm run --silent migrate:create -- <name>)', async () => {
    const sql = await diffSchemaAgainstMigrations(await pgliteDiffAdapterFactory());
    expect(sql, `the schema differs from the migrations by:\n${sql}`).toBe('');
  });
});
