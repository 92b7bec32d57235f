// Aggregates of a public model's rows: count, sum, avg, min, max, over all the rows a filter
// matches or per group of equal column values. One mechanism for every list model and both
// doors: GraphQL `<list>Aggregate(where)` (src/graphql/aggregate.ts) and REST
// `GET /v1/<resource>/aggregate` (src/rest/aggregate.ts). Each door hands in the very Prisma
// where its list read builds (the one where translator, src/db/where.ts, scoped to the
// caller's account and mode with scopedWhere), so an aggregate covers exactly the rows its list
// would page through; this module runs Prisma's `aggregate` and `groupBy` with it (one SQL
// statement each, relation filters included).
//
// Which columns take what, from the datamodel (models.ts: tenant and @internal fields are not
// there): `sum`/`avg` the numeric columns (Int, Float); `min`/`max` those and the date-times;
// group keys the text and boolean columns (status, currency, on_hold, a foreign key such as
// customer, ...) but `id`. Groups are ordered by their keys (in the order of `by`) ascending,
// in code-unit order whatever the database's collation, false before true, null last; rows
// whose key is null form one group with a null key (SQL's GROUP BY). At most
// AGGREGATE_MAX_GROUPS groups: more is a VALIDATION_ERROR (filter first, or group by fewer
// columns), never a truncated answer.
import { ApiError } from '../errors.js';
import type { Database } from './client.js';
import { scalarFields, type FieldInfo } from './models.js';

/** The most groups one grouping may return. */
export const AGGREGATE_MAX_GROUPS = 1000;

const NUMERIC_TYPES = new Set(['Int', 'Float']);
const ORDERED_TYPES = new Set(['Int', 'Float', 'DateTime']);
const GROUP_TYPES = new Set(['String', 'Boolean']);

export interface AggregateColumns {
  /** columns of `sum` and `avg` */
  numeric: FieldInfo[];
  /** columns of `min` and `max` */
  ordered: FieldInfo[];
  /** columns a grouping may use as keys */
  groupable: FieldInfo[];
}

const columnsCache = new Map<string, AggregateColumns>();

/** What each aggregate of `model` may take, from its public scalar columns. */
export function aggregateColumns(model: string): AggregateColumns {
  let c = columnsCache.get(model);
  if (!c) {
    const fields = scalarFields(model);
    c = {
      numeric: fields.filter((f) => NUMERIC_TYPES.has(f.type)),
      ordered: fields.filter((f) => ORDERED_TYPES.has(f.type)),
      groupable: fields.filter((f) => GROUP_TYPES.has(f.type) && f.name !== 'id'),
    };
    columnsCache.set(model, c);
  }
  return c;
}

export type AggregateKind = 'sum' | 'avg' | 'min' | 'max';
export const AGGREGATE_KINDS: readonly AggregateKind[] = ['sum', 'avg', 'min', 'max'];

/** The columns (model field names, already checked by the door) each aggregate is asked for. */
export type AggregateRequest = Record<AggregateKind, string[]>;

export type AggregateValue = number | Date | null;

export interface Aggregates {
  count: number;
  sum: Record<string, number | null>;
  avg: Record<string, number | null>;
  min: Record<string, AggregateValue>;
  max: Record<string, AggregateValue>;
}

export type GroupKey = string | boolean | null;

export interface AggregateGroup extends Aggregates {
  /** the value of each `by` column in this group */
  keys: Record<string, GroupKey>;
}

export const emptyRequest = (): AggregateRequest => ({ sum: [], avg: [], min: [], max: [] });

type Row = Record<string, unknown>;
type Delegate = { aggregate(args: Row): Promise<Row>; groupBy(args: Row): Promise<Row[]> };

function delegate(db: Pick<Database, 'prisma'>, model: string): Delegate {
  return (db.prisma as unknown as Record<string, Delegate>)[model[0].toLowerCase() + model.slice(1)];
}

/** Prisma's `_count`, `_sum`, ... selections of a request (an aggregate nobody asked for is left out). */
function prismaSelection(req: AggregateRequest): Row {
  const out: Row = { _count: { _all: true } };
  for (const kind of AGGREGATE_KINDS) {
    if (req[kind].length) out[`_${kind}`] = Object.fromEntries(req[kind].map((name) => [name, true]));
  }
  return out;
}

/** A Prisma aggregate row in our shape: every requested column present, null when SQL says so (no rows, all null). */
function shape(row: Row, req: AggregateRequest): Aggregates {
  const pick = (kind: AggregateKind) => {
    const values = (row[`_${kind}`] ?? {}) as Row;
    return Object.fromEntries(req[kind].map((name) => [name, toValue(values[name])]));
  };
  const count = (row._count as { _all?: unknown } | undefined)?._all;
  return {
    count: Number(count ?? 0),
    sum: pick('sum') as Record<string, number | null>,
    avg: pick('avg') as Record<string, number | null>,
    min: pick('min'),
    max: pick('max'),
  };
}

function toValue(v: unknown): AggregateValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'number') return v;
  // numeric or bigint results (a driver's string for PostgreSQL numeric, a bigint): as a number
  return Number(v);
}

/** count, sum, avg, min, max of the rows `where` matches. */
export async function aggregateRows(db: Pick<Database, 'prisma'>, model: string, where: Row, req: AggregateRequest): Promise<Aggregates> {
  const row = await delegate(db, model).aggregate({ where, ...prismaSelection(req) });
  return shape(row, req);
}

function compareKey(a: GroupKey, b: GroupKey): number {
  if (a === b) return 0;
  if (a === null) return 1; // nulls last
  if (b === null) return -1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === false ? -1 : 1;
  return a < b ? -1 : 1;
}

/** The refusal of a grouping with more than AGGREGATE_MAX_GROUPS groups. */
export function tooManyGroups(field: string): ApiError {
  const value = AGGREGATE_MAX_GROUPS;
  return new ApiError(
    'VALIDATION_ERROR',
    `${field}: more than ${value} groups; filter the rows or group by fewer columns`,
    { limit: { name: 'AGGREGATE_MAX_GROUPS', value }, errors: [{ field, message: `more than ${value} groups`, expected: `at most ${value} groups (AGGREGATE_MAX_GROUPS)` }] },
    field,
  );
}

/**
 * The aggregates per group of equal `by` values (model field names, checked by the door; at
 * least one) of the rows `where` matches, ordered by their keys. `field` names the grouping in
 * the refusal when there are more than AGGREGATE_MAX_GROUPS groups.
 */
export async function aggregateGroups(
  db: Pick<Database, 'prisma'>, model: string, where: Row, by: string[], req: AggregateRequest, field: string,
): Promise<AggregateGroup[]> {
  const rows = await delegate(db, model).groupBy({
    by,
    where,
    ...prismaSelection(req),
    // Prisma takes a limit only with an order; the order of the answer is set below
    orderBy: by.map((name) => ({ [name]: 'asc' })),
    take: AGGREGATE_MAX_GROUPS + 1,
  });
  if (rows.length > AGGREGATE_MAX_GROUPS) throw tooManyGroups(field);
  const groups = rows.map((row) => ({
    keys: Object.fromEntries(by.map((name) => [name, (row[name] ?? null) as GroupKey])),
    ...shape(row, req),
  }));
  groups.sort((x, y) => {
    for (const name of by) {
      const c = compareKey(x.keys[name], y.keys[name]);
      if (c) return c;
    }
    return 0;
  });
  return groups;
}
