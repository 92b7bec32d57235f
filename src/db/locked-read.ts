// A row read and locked in one statement, inside a mutation's transaction: what an update
// that computes from the stored row needs (a metadata patch merged into what is stored,
// previous_attributes), without a SELECT ... FOR UPDATE followed by Prisma's read of the row
// and another of its lines (three round trips, two of them through Prisma's client, become one).
//
// The answer is exactly `findFirst({ where: scopedWhere(scope, { id }), include: { <list>:
// { orderBy: { <field>: 'asc' } } } })`: the scalar fields in model order with Prisma's types
// (Date, parsed JSON), then the list. test/db/locked-read.test.ts compares the two on both
// databases. The list's model may only have JSON-native scalar fields (text, integers,
// floats, booleans): json_agg carries them unchanged. Anything else is refused when the
// statement is built, so a model that grows a date or a bigint on its lines fails loudly in
// that test rather than answering a string where Prisma answers a Date.
import { datamodel } from './models.js';

interface Field {
  name: string;
  type: string;
  kind: string;
  isList: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

type Models = Record<string, { fields: Field[] } | undefined>;

/** Whatever runs raw SQL in the transaction (Prisma's interactive transaction client). */
export interface RawQueryable {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface LockedScope {
  accountId: string;
  livemode: boolean;
  /** a platform acting over its connected accounts: any of these */
  accounts?: string[];
}

export interface ListSpec {
  relation: string;
  orderBy: string;
}

const PARENT_TYPES = new Set(['String', 'Int', 'Float', 'Boolean', 'DateTime', 'Json']);
const JSON_NATIVE_TYPES = new Set(['String', 'Int', 'Float', 'Boolean']);
const q = (name: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`locked-read: not an identifier: ${name}`);
  return `"${name}"`;
};

const statements = new Map<string, string>();

function fieldsOf(model: string): Field[] {
  const m = (datamodel().datamodel.models as unknown as Models)[model];
  if (!m) throw new Error(`locked-read: no model ${model}`);
  return m.fields;
}

/** The statement for `model` with `list`; $1 the id, $2 the account ids, $3 the mode. */
function statementFor(model: string, list: ListSpec | undefined): string {
  const cacheKey = `${model} ${list?.relation ?? ''} ${list?.orderBy ?? ''}`;
  const cached = statements.get(cacheKey);
  if (cached) return cached;
  const fields = fieldsOf(model);
  const columns = fields.filter((f) => f.kind === 'scalar');
  for (const f of columns) {
    if (f.isList || !PARENT_TYPES.has(f.type)) throw new Error(`locked-read: ${model}.${f.name} (${f.type}) is not read by this path`);
  }
  const outputs = columns.map((f) => `m.${q(f.name)}`);
  if (list) {
    const relation = fields.find((f) => f.name === list.relation && f.kind === 'object' && f.isList);
    if (!relation) throw new Error(`locked-read: ${model}.${list.relation} is not a list relation`);
    const childFields = fieldsOf(relation.type);
    const back = childFields.find((f) => f.kind === 'object' && f.relationName === relation.relationName && f.relationFromFields?.length === 1);
    if (!back) throw new Error(`locked-read: no foreign key of ${relation.type} for ${model}.${list.relation}`);
    const childColumns = childFields.filter((f) => f.kind === 'scalar');
    for (const f of childColumns) {
      if (f.isList || !JSON_NATIVE_TYPES.has(f.type)) throw new Error(`locked-read: ${relation.type}.${f.name} (${f.type}) does not survive json_agg unchanged`);
    }
    if (!childColumns.some((f) => f.name === list.orderBy)) throw new Error(`locked-read: ${relation.type} has no field ${list.orderBy}`);
    const object = `json_build_object(${childColumns.map((f) => `'${f.name}', c.${q(f.name)}`).join(', ')})`;
    outputs.push(`(SELECT COALESCE(json_agg(${object} ORDER BY c.${q(list.orderBy)}), '[]'::json) FROM ${q(relation.type)} c WHERE c.${q(back.relationFromFields![0])} = m."id") AS ${q(list.relation)}`);
  }
  const sql = `SELECT ${outputs.join(', ')} FROM ${q(model)} m WHERE m."id" = $1 AND m."accountId" = ANY($2::text[]) AND m."livemode" = $3 FOR UPDATE OF m`;
  statements.set(cacheKey, sql);
  return sql;
}

/** The accounts a scope covers: a platform acting over its connected accounts has several. */
export function accountsOf(scope: LockedScope): string[] {
  return scope.accounts && scope.accounts.length > 1 ? scope.accounts : [scope.accountId];
}

/**
 * The cast a parameter for `model.column` takes in a plain statement (timestamps sent as ISO
 * text, Json as JSON text: this schema's Json columns are jsonb unless marked @db.Json); throws
 * for what is not a scalar column of the model.
 */
export function columnCast(model: string, column: string): string {
  const f = fieldsOf(model).find((x) => x.name === column && x.kind === 'scalar');
  if (!f) throw new Error(`locked-read: ${model}.${column} is not a column`);
  return f.type === 'DateTime' ? '::timestamptz' : f.type === 'Json' ? '::jsonb' : '';
}

const columnLists = new Map<string, string>();

/**
 * `model`'s scalar columns, quoted and comma-separated, for a RETURNING or SELECT that gives the
 * row as Prisma reads it. Named, never `*`: a prepared statement whose result type would change
 * with a column added by a migration fails ("cached plan must not change result type").
 */
export function columnList(model: string): string {
  let list = columnLists.get(model);
  if (list === undefined) columnLists.set(model, (list = fieldsOf(model).filter((f) => f.kind === 'scalar').map((f) => q(f.name)).join(', ')));
  return list;
}

/**
 * The row `id` of `model` in the scope's account(s) and mode, with its `list` relation,
 * locked (FOR UPDATE) until the transaction ends; null when there is no such row (then nothing
 * is locked: a row of another account is not touched).
 */
export async function lockedFindById<T>(tx: RawQueryable, model: string, scope: LockedScope, id: string, list?: ListSpec): Promise<T | null> {
  const rows = await tx.$queryRawUnsafe<T[]>(statementFor(model, list), id, accountsOf(scope), scope.livemode);
  return rows[0] ?? null;
}
