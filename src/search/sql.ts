// The SQL that keeps search documents fresh, generated from the modules' search declarations:
// per resource a function search_reindex_<resource>(ids) that (re)writes the documents of
// those rows and their words, and statement-level AFTER triggers (transition tables) on the
// resource's table, on the tables of its list relations (an order's items) and on the tables
// of its to-one relations (an order's customer), so that every write path, raw SQL included,
// indexes in its own transaction. The migration that creates the search tables carries this
// SQL; a test checks that the migrations hold what the declarations generate today.
//
//   node --import tsx src/search/sql.ts   prints it (paste it into a new migration after a
//                                         change to a declaration)
import { fieldForRestName } from '../representation.js';
import { datamodel, resourceOfModel } from '../db/models.js';
import type { SearchDeclaration, SearchField } from './declaration.js';

interface RawField {
  name: string;
  kind: string;
  type: string;
  isList: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

function rawFields(model: string): RawField[] {
  const m = datamodel().datamodel.models[model] as unknown as { fields: RawField[] } | undefined;
  if (!m) throw new Error(`search: unknown model ${model}`);
  return m.fields;
}

/**
 * A function body as an E'' literal with its semicolons written \\073: Prisma's migration
 * runner (the driver adapter's executeScript) splits a migration at every ';', dollar quotes
 * and comments included, so no ';' may appear inside a statement of a migration.
 */
function body(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/;/g, '\\073')}'`;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A REST field name of a model -> its column. */
function columnOf(model: string, restName: string): string {
  const f = fieldForRestName(model, restName);
  if (!f || f.kind !== 'scalar') throw new Error(`search: ${model} has no field '${restName}'`);
  return f.name;
}

/** How a declared field is read in SQL, and what else changes it. */
export interface ResolvedField extends SearchField {
  /** SQL over the resource's row `t` (and its joins) giving the text */
  sql: string;
  /** the permission resource whose read it needs besides the own (a to-one relation's) */
  via?: string;
  kind: 'own' | 'list' | 'ref';
  /** list relation: child model, its foreign key to the row, and the child's field */
  child?: { model: string; fk: string; field: string; relation: string };
  /** to-one relation: related model, the row's foreign key, the related field */
  ref?: { model: string; fk: string; field: string; relation: string; alias: string };
}

/** resolved once per declaration (they are static): every search request reads them */
const resolvedCache = new WeakMap<SearchDeclaration, readonly ResolvedField[]>();

export function resolveFields(d: SearchDeclaration): readonly ResolvedField[] {
  let cached = resolvedCache.get(d);
  if (!cached) {
    cached = Object.freeze(resolveFieldsOnce(d).map((f) => Object.freeze(f)));
    resolvedCache.set(d, cached);
  }
  return cached;
}

function resolveFieldsOnce(d: SearchDeclaration): ResolvedField[] {
  const own = resourceOfModel(d.model) ?? d.resource;
  const joins = new Map<string, string>();
  return d.fields.map((f): ResolvedField => {
    const parts = f.path.split('.');
    if (parts.length === 1) return { ...f, kind: 'own', sql: `t.${q(columnOf(d.model, parts[0]))}` };
    if (parts.length !== 2) throw new Error(`search: ${d.resource} field '${f.path}' is deeper than one relation`);
    const rel = rawFields(d.model).find((x) => x.kind === 'object' && x.name === parts[0]);
    if (!rel) throw new Error(`search: ${d.model} has no relation '${parts[0]}'`);
    const col = columnOf(rel.type, parts[1]);
    if (rel.isList) {
      const back = rawFields(rel.type).find((x) => x.kind === 'object' && x.relationName === rel.relationName && x.relationFromFields?.length);
      if (!back) throw new Error(`search: no foreign key of ${rel.type} to ${d.model}`);
      const fk = back.relationFromFields![0];
      const ordered = rawFields(rel.type).some((x) => x.name === 'position') ? ` ORDER BY c.${q('position')}` : '';
      return {
        ...f, kind: 'list', child: { model: rel.type, fk, field: col, relation: rel.name },
        sql: `(SELECT string_agg(c.${q(col)}, ' '${ordered}) FROM ${q(rel.type)} c WHERE c.${q(fk)} = t.${q('id')})`,
      };
    }
    const fk = rel.relationFromFields?.[0];
    if (!fk) throw new Error(`search: ${d.model}.${rel.name} holds no foreign key`);
    let alias = joins.get(rel.name);
    if (!alias) {
      alias = `j${joins.size + 1}`;
      joins.set(rel.name, alias);
    }
    const target = resourceOfModel(rel.type);
    return {
      ...f, kind: 'ref', ref: { model: rel.type, fk, field: col, relation: rel.name, alias },
      via: target && target !== own ? target : undefined,
      sql: `${alias}.${q(col)}`,
    };
  });
}

/** The related resources (besides its own) whose read a resource's full matching needs. */
export function relatedResources(d: SearchDeclaration): string[] {
  return [...new Set(resolveFields(d).flatMap((f) => (f.via ? [f.via] : [])))];
}

/** Helpers shared by every resource: folding and the tsvector of one field. */
export function commonSql(): string {
  return `-- search: text folding (lower-case, accents off) and the words of a text
CREATE OR REPLACE FUNCTION search_fold(p text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT lower(unaccent(p)) $$;

CREATE OR REPLACE FUNCTION search_vec(p_folded text, p_weight "char") RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT setweight(to_tsvector('simple', regexp_replace(coalesce(p_folded, ''), '[^[:alnum:]]+', ' ', 'g')), p_weight) $$;

-- the dictionary's words of a text: typo targets and completions, so never words with digits
-- (codes, phone numbers, e-mail local parts like ann1987: thousands of near-identical words)
CREATE OR REPLACE FUNCTION search_words(p_folded text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT DISTINCT w FROM regexp_split_to_table(coalesce(p_folded, ''), '[^[:alnum:]]+') w WHERE char_length(w) BETWEEN 2 AND 64 AND w !~ '[0-9]' $$;

-- typo candidates of a query word from the dictionary of an account, mode and the resources a
-- key may read: words sharing trigrams with it (index), within twice the allowed edits by
-- Levenshtein (the exact Damerau/OSA check runs on these few in the server), p_prefix: a
-- word whose beginning is within reach (the last word of a query)
CREATE OR REPLACE FUNCTION search_typo_candidates(p_account text, p_live boolean, p_resources text[], p_word text, p_max int, p_prefix boolean)
RETURNS TABLE(word text) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.2 SET pg_trgm.word_similarity_threshold = 0.4 AS
$$
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND d.word % p_word AND levenshtein_less_equal(d.word, p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
  UNION
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE p_prefix AND d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND p_word <% d.word AND char_length(d.word) > char_length(p_word)
      AND levenshtein_less_equal(left(d.word, char_length(p_word)), p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
$$;

-- the nearest words (suggestions), whatever the distance
CREATE OR REPLACE FUNCTION search_nearest_words(p_account text, p_live boolean, p_resources text[], p_word text, p_limit int)
RETURNS TABLE(word text, score real) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.3 AS
$$
  SELECT w.word, max(similarity(w.word, p_word)) FROM "SearchWord" w
  WHERE w."accountId" = p_account AND w.livemode = p_live AND w.resource = ANY(p_resources) AND w.word % p_word
  GROUP BY w.word ORDER BY 2 DESC, 1 LIMIT p_limit
$$;
`;
}

/** The reindex function and the triggers of one resource. */
export function resourceSql(d: SearchDeclaration): string {
  const fields = resolveFields(d);
  const table = q(d.model);
  const r = d.resource;
  const fn = `search_reindex_${r}`;
  const col = (rest: string | undefined, cast: string) => (rest ? `t.${q(columnOf(d.model, rest))}::${cast}` : `NULL::${cast}`);
  const joins = new Map<string, string>();
  for (const f of fields) if (f.ref) joins.set(f.ref.alias, `LEFT JOIN ${q(f.ref.model)} ${f.ref.alias} ON ${f.ref.alias}.${q('id')} = t.${q(f.ref.fk)}`);
  const folded = fields.map((f, i) => `search_fold(${f.sql}) AS f${i}`).join(',\n      ');
  const vec = (list: readonly ResolvedField[]) => (list.length ? list.map((f) => `search_vec(f${fields.indexOf(f)}, ${lit(f.weight)})`).join(' || ') : `''::tsvector`);
  const ownFields = fields.filter((f) => !f.via);
  const dictFields = ownFields.filter((f) => f.typos !== false);
  const words = dictFields.length
    ? dictFields.map((f) => `SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f${fields.indexOf(f)}) w`).join('\n      UNION ')
    : `SELECT NULL::text, NULL::boolean, NULL::text WHERE false`;
  const fieldsJson = `jsonb_strip_nulls(jsonb_build_object(${fields.map((f, i) => `${lit(f.path)}, f${i}`).join(', ')}))`;
  let sql = `-- search: ${r} (${d.model})
CREATE OR REPLACE FUNCTION ${fn}(p_ids text[]) RETURNS void LANGUAGE plpgsql AS ${body(`
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  DELETE FROM "SearchDocument" d WHERE d.resource = ${lit(r)} AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${q('id')} = d.id);
  WITH src AS MATERIALIZED (
    SELECT t.${q('id')} AS id, t.${q('accountId')} AS account_id, t.${q('livemode')} AS livemode,
      ${col(d.status, 'text')} AS status, ${col(d.currency, 'text')} AS currency, ${col(d.amount, 'int')} AS amount,
      ${d.metadata ? `t.${q('metadata')}` : `'{}'::jsonb`} AS metadata, t.${q('createdAt')} AS created_at, t.${q('updatedAt')} AS updated_at,
      ${folded}
    FROM ${table} t${joins.size ? '\n    ' + [...joins.values()].join('\n    ') : ''}
    WHERE t.${q('id')} = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ${lit(r)}, id, account_id, livemode, status, currency, amount, coalesce(metadata, '{}'::jsonb), ${fieldsJson},
      ${vec(ownFields)},
      ${vec(fields)},
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ${lit(r)}, x.w FROM (
      ${words}
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING;
END
`)};
`;
  const trigger = (name: string, on: string, event: 'INSERT' | 'UPDATE' | 'DELETE', ids: string) => {
    const transition = event === 'DELETE' ? 'OLD TABLE AS search_rows' : 'NEW TABLE AS search_rows';
    const tf = `search_trg_${r}_${name}_${event.toLowerCase()}`;
    return `CREATE OR REPLACE FUNCTION ${tf}() RETURNS trigger LANGUAGE plpgsql AS ${body(`BEGIN PERFORM ${fn}(ARRAY(${ids})); RETURN NULL; END`)};
DROP TRIGGER IF EXISTS ${tf} ON ${q(on)};
CREATE TRIGGER ${tf} AFTER ${event} ON ${q(on)} REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${tf}();
`;
  };
  const self = 'self';
  sql += trigger(self, d.model, 'INSERT', `SELECT ${q('id')} FROM search_rows`);
  sql += trigger(self, d.model, 'UPDATE', `SELECT ${q('id')} FROM search_rows`);
  sql += trigger(self, d.model, 'DELETE', `SELECT ${q('id')} FROM search_rows`);
  const seen = new Set<string>();
  for (const f of fields) {
    if (f.child && !seen.has(f.child.model)) {
      seen.add(f.child.model);
      const ids = `SELECT DISTINCT ${q(f.child.fk)} FROM search_rows`;
      for (const ev of ['INSERT', 'UPDATE', 'DELETE'] as const) sql += trigger(f.child.relation, f.child.model, ev, ids);
    }
    if (f.ref && !seen.has(f.ref.model)) {
      seen.add(f.ref.model);
      sql += trigger(f.ref.relation, f.ref.model, 'UPDATE', `SELECT t.${q('id')} FROM ${table} t WHERE t.${q(f.ref.fk)} IN (SELECT ${q('id')} FROM search_rows)`);
    }
  }
  return sql;
}

/** Everything: helpers, each resource's functions and triggers, and a backfill of existing rows. */
export function searchSql(declarations: readonly SearchDeclaration[], opts: { backfill?: boolean } = {}): string {
  let sql = commonSql();
  for (const d of declarations) sql += '\n' + resourceSql(d);
  if (opts.backfill) {
    sql += '\n-- search: documents of the rows already there\n';
    for (const d of declarations) sql += `SELECT search_reindex_${d.resource}(ARRAY(SELECT ${q('id')} FROM ${q(d.model)}));\n`;
  }
  return sql;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { MODULES } = await import('../modules/index.js');
  const decls = MODULES.flatMap((m) => (m.search ? [m.search] : []));
  process.stdout.write(searchSql(decls, { backfill: process.argv.includes('--backfill') }));
}
