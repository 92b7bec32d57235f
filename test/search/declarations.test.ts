// The search triggers in the migrations are the SQL the modules' declarations generate: a
// changed or new declaration without a migration fails here (print the SQL with
// `node --import tsx src/search/sql.ts --backfill` and put it in a new migration).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/index.js';
import { resourceSql, commonSql, relatedResources } from '../../src/search/sql.js';

const migrations = readdirSync('prisma/migrations').filter((d) => /^\d/.test(d)).sort()
  .map((d) => readFileSync(`prisma/migrations/${d}/migration.sql`, 'utf8')).join('\n');

describe('search declarations', () => {
  const decls = MODULES.flatMap((m) => (m.search ? [m.search] : []));
  it('orders, customers, products, inventory and returns declare what they search', () => {
    expect(decls.map((d) => d.resource).sort()).toEqual(['customers', 'inventory', 'orders', 'products', 'returns']);
    expect(relatedResources(decls.find((d) => d.resource === 'orders')!)).toEqual(['customers']);
    expect(relatedResources(decls.find((d) => d.resource === 'inventory')!)).toEqual(['products']);
  });
  it('the migrations hold the SQL the declarations generate', () => {
    expect(migrations).toContain(commonSql());
    for (const d of decls) expect(migrations, `search SQL of ${d.resource}`).toContain(resourceSql(d));
  });
  it('no statement of a migration has a semicolon inside (Prisma splits at each)', () => {
    for (const d of decls) expect(resourceSql(d).split('\n').filter((l) => l.includes(';') && !l.trimEnd().endsWith(';'))).toEqual([]);
  });
});
