// The PostgreSQL extensions search needs (pg_trgm, unaccent, fuzzystrmatch), as PGlite takes
// them: its contrib builds, named in the constructor, so that the migration's CREATE
// EXTENSION finds them. PostgreSQL ships the same three in its contrib package.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';

export const PGLITE_SEARCH_EXTENSIONS = { pg_trgm, unaccent, fuzzystrmatch };

/**
 * A PGlite adapter factory for the migration diff (`npm run migrate:create`) whose shadow
 * database has the extensions too: the adapter's own shadow is a bare in-memory PGlite, on
 * which the search migration's CREATE EXTENSION fails (and the diff then sees no search tables).
 */
export async function pgliteDiffAdapterFactory() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const factory = new PrismaPGlite(new PGlite({ extensions: PGLITE_SEARCH_EXTENSIONS }));
  const shadow = new PrismaPGlite(new PGlite({ dataDir: 'memory://shadow', extensions: PGLITE_SEARCH_EXTENSIONS }));
  factory.connectToShadowDb = () => shadow.connect();
  return factory;
}
