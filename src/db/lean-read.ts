// The lean read path: list reads compiled straight to SQL and run on the pool Prisma's driver
// adapter uses, without the adapter (pg-rows.ts; same pool or PGlite instance, same statement
// counter).
//
// Why: a Prisma findMany costs about 0.45 ms of CPU more than its SQL on a 50-row page
// (query-plan lookup, the query interpreter, tagged-value (de)serialization of every row).
// The list doors are the hot path, so their common shapes skip that layer.
//
// Exactness: this is an optimization of Prisma calls, not a second query language. It takes
// the very arguments the doors would hand to Prisma (built by the one where translator,
// src/db/where.ts), compiles only the subset whose SQL semantics it reproduces exactly —
// the SQL Prisma 7 generates for these filters was read off its query log — and returns
// undefined for anything else (JSON paths, relation conditions other than `some`/`is`, Prisma's
// quirks with empty conditions inside OR/NOT), so that the caller runs Prisma instead.
// Rows come back as Prisma returns them: the same keys in the same order, Date, parsed JSON,
// bigint. test/db/lean-read.test.ts runs a corpus of arguments through both paths and
// requires identical results on both databases.
//
// Tables and columns are the model and field names: the schema uses no @map/@@map (a test
// fails if it starts to). Tables are qualified with the adapter's PostgreSQL schema (`public`
// unless configured), as Prisma qualifies them, whatever the connection's search_path.
import type { LeanStatement } from './pg-rows.js';
import type { Database } from './client.js';
import { datamodel, fitsScalarType } from './models.js';

export type Args = Record<string, unknown>;
export type LeanDatabase = Pick<Database, 'sql' | 'readPaths'>;
type Row = Record<string, unknown>;

interface Field {
  name: string;
  type: string;
  kind: string;
  isList: boolean;
  isRequired?: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

interface Table {
  name: string;
  fields: Map<string, Field>;
  /** scalar, non-list fields in model order: what a row without `select` carries */
  columns: Field[];
  /** whether every scalar field is a plain column this module can read */
  plain: boolean;
}

const READABLE_TYPES = new Set(['String', 'Int', 'Float', 'Boolean', 'DateTime', 'Json', 'BigInt']);
const tables = new Map<string, Table>();

function table(model: string): Table | undefined {
  let t = tables.get(model);
  if (t) return t;
  const raw = (datamodel().datamodel.models as unknown as Record<string, { fields: Field[] } | undefined>)[model];
  if (!raw) return undefined;
  const fields = new Map(raw.fields.map((f) => [f.name, f]));
  const scalars = raw.fields.filter((f) => f.kind === 'scalar');
  t = {
    name: model,
    fields,
    columns: scalars.filter((f) => !f.isList),
    plain: scalars.every((f) => !f.isList && READABLE_TYPES.has(f.type)),
  };
  tables.set(model, t);
  return t;
}

/** A compiled statement; `$n` placeholders. */
type Statement = LeanStatement;

/** The field types a parameter may have (sent as Prisma sends them, pg-rows.ts sqlParam). */
const PARAMETER_TYPES = new Set(['String', 'Int', 'Float', 'Boolean', 'DateTime', 'BigInt']);

// Thrown inside the compiler for a shape it does not reproduce; never escapes this module. One
// value, thrown each time: a refused shape is routine (every relation query), and a new Error
// would capture a stack trace per request for nothing.
const UNSUPPORTED = Symbol('unsupported');
const unsupported = (): never => {
  throw UNSUPPORTED;
};

const q = (name: string) => `"${name}"`;

const DEFAULT_SCHEMA = 'public';

class Params {
  args: unknown[] = [];
  add(field: Field, value: unknown): string {
    if (!PARAMETER_TYPES.has(field.type)) unsupported();
    this.args.push(value);
    return `$${this.args.length}`;
  }
}

/** A value Prisma accepts for this field without conversion, exactly as Prisma would send it. */
function checkValue(field: Field, v: unknown): void {
  if (fitsScalarType(field.type, v) !== true) unsupported();
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && Object.getPrototypeOf(v) === Object.prototype;

const COMPARE: Record<string, string> = { equals: '=', not: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function scalarFilter(t: Table, field: Field, filter: unknown, p: Params, alias = t.name): string {
  const col = `${q(alias)}.${q(field.name)}`;
  if (filter === null) return `${col} IS NULL`;
  if (!isPlainObject(filter)) {
    checkValue(field, filter);
    return `${col} = ${p.add(field, filter)}`;
  }
  const insensitive = filter.mode === 'insensitive';
  if (filter.mode !== undefined && ((!insensitive && filter.mode !== 'default') || field.type !== 'String')) unsupported();
  const parts: string[] = [];
  for (const [op, value] of Object.entries(filter)) {
    if (op === 'mode' || value === undefined) continue;
    if (Object.hasOwn(COMPARE, op)) {
      if (value === null) {
        if (op === 'equals') parts.push(`${col} IS NULL`);
        else if (op === 'not') parts.push(`${col} IS NOT NULL`);
        else unsupported();
        continue;
      }
      if (isPlainObject(value)) unsupported(); // nested filters (`not: {...}`), field references
      checkValue(field, value);
      if (insensitive) {
        if (op !== 'equals') unsupported();
        parts.push(`${col} ILIKE ${p.add(field, value)}`);
      } else {
        parts.push(`${col} ${COMPARE[op]} ${p.add(field, value)}`);
      }
    } else if (op === 'in' || op === 'notIn') {
      if (!Array.isArray(value)) unsupported();
      const list = value as unknown[];
      if (list.length === 0) {
        parts.push(op === 'in' ? '1=0' : '1=1');
        continue;
      }
      for (const v of list) checkValue(field, v);
      parts.push(`${col} ${op === 'in' ? 'IN' : 'NOT IN'} (${list.map((v) => p.add(field, v)).join(',')})`);
    } else if (op === 'startsWith' || op === 'endsWith' || op === 'contains') {
      if (field.type !== 'String' || typeof value !== 'string') unsupported();
      const ph = p.add(field, value);
      const pattern = op === 'startsWith' ? `(${ph} || '%')` : op === 'endsWith' ? `('%' || ${ph})` : `('%' || ${ph} || '%')`;
      parts.push(insensitive ? `${col} ILIKE ${pattern}` : `${col}::text LIKE ${pattern}`);
    } else {
      unsupported();
    }
  }
  if (parts.length === 0) unsupported();
  return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

/** What a condition on a relation needs: the tables' schema and fresh aliases. */
interface WhereContext {
  schema: string;
  aliases: Aliases;
  /** relation conditions nested so far (bounded as relation reads are) */
  depth?: number;
}

/**
 * A relation condition as the where translator writes it (src/db/where.ts): a list relation
 * with `some` (at least one related row matches), a to-one with `is` (the related row exists
 * and matches), as an EXISTS over the related table. Other forms (every, none, isNot, `is:
 * null`, a to-one written without `is`) are left to Prisma.
 */
function relationFilter(parent: Table, field: Field, filter: unknown, p: Params, parentAlias: string, ctx: WhereContext): string {
  const depth = (ctx.depth ?? 0) + 1;
  if (depth > MAX_RELATION_DEPTH || !isPlainObject(filter)) return unsupported();
  const keys = Object.keys(filter);
  const op = field.isList ? 'some' : 'is';
  if (keys.length !== 1 || keys[0] !== op || !isPlainObject(filter[op])) return unsupported();
  const child = table(field.type) ?? unsupported();
  const alias = ctx.aliases.next();
  let join: string;
  if (field.isList) {
    // the child's foreign key to the parent's id (Order.items: OrderItem.orderId)
    const back = [...child.fields.values()].find((f) => f.relationName === field.relationName && f.kind === 'object' && f.relationFromFields?.length === 1);
    if (!back || !parent.fields.get('id')) return unsupported();
    join = `${q(alias)}.${q(back.relationFromFields![0])} = ${q(parentAlias)}."id"`;
  } else {
    // this model holds the foreign key, to the child's id (a test checks every relation of the schema is so)
    if (field.relationFromFields?.length !== 1 || !child.fields.get('id')) return unsupported();
    join = `${q(alias)}."id" = ${q(parentAlias)}.${q(field.relationFromFields[0])}`;
  }
  const inner = whereSql(child, filter[op], p, true, alias, { ...ctx, depth });
  return `EXISTS (SELECT 1 FROM ${q(ctx.schema)}.${q(child.name)} AS ${q(alias)} WHERE ${join}${inner ? ` AND ${inner}` : ''})`;
}

/**
 * A Prisma where as SQL. `inAnd`: an empty object is true (Prisma drops it from an AND); in
 * OR and NOT Prisma gives it other meanings, so it is left to Prisma there.
 */
function whereSql(t: Table, where: unknown, p: Params, inAnd: boolean, alias: string, ctx: WhereContext): string | undefined {
  if (!isPlainObject(where)) return unsupported();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'AND') {
      const list = Array.isArray(value) ? value : [value];
      for (const sub of list) {
        const s = whereSql(t, sub, p, true, alias, ctx);
        if (s) parts.push(s);
      }
    } else if (key === 'OR') {
      if (!Array.isArray(value) || value.length === 0) unsupported();
      parts.push(`(${(value as unknown[]).map((sub) => whereSql(t, sub, p, false, alias, ctx) ?? unsupported()).join(' OR ')})`);
    } else if (key === 'NOT') {
      if (!isPlainObject(value)) unsupported();
      parts.push(`(NOT ${whereSql(t, value, p, false, alias, ctx) ?? unsupported()})`);
    } else {
      const field = t.fields.get(key);
      if (field?.kind === 'object') {
        parts.push(relationFilter(t, field, value, p, alias, ctx));
        continue;
      }
      if (!field || field.kind !== 'scalar' || field.isList || field.type === 'Json') unsupported();
      parts.push(scalarFilter(t, field!, value, p, alias));
    }
  }
  if (parts.length === 0) return inAnd ? undefined : unsupported();
  return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

function orderSql(t: Table, orderBy: unknown, alias = t.name): string {
  const list = Array.isArray(orderBy) ? orderBy : [orderBy];
  if (list.length === 0) unsupported();
  return list
    .map((item) => {
      if (!isPlainObject(item)) return unsupported();
      const entries = Object.entries(item);
      if (entries.length !== 1) unsupported();
      const [name, spec] = entries[0];
      const field = t.fields.get(name);
      if (!field || field.kind !== 'scalar' || field.isList || field.type === 'Json') unsupported();
      const col = `${q(alias)}.${q(name)}`;
      if (spec === 'asc' || spec === 'desc') return `${col} ${spec.toUpperCase()}`;
      if (isPlainObject(spec) && (spec.sort === 'asc' || spec.sort === 'desc') && Object.keys(spec).every((k) => k === 'sort' || k === 'nulls')) {
        // Prisma takes `nulls` on nullable fields only
        if (spec.nulls !== undefined && field!.isRequired) unsupported();
        const nulls = spec.nulls === 'first' ? ' NULLS FIRST' : spec.nulls === 'last' ? ' NULLS LAST' : spec.nulls === undefined ? '' : unsupported();
        return `${col} ${(spec.sort as string).toUpperCase()}${nulls}`;
      }
      return unsupported();
    })
    .join(', ');
}

const count = (v: unknown, min: number): number | undefined => {
  if (v === undefined) return undefined;
  if (!Number.isSafeInteger(v) || (v as number) < min) unsupported();
  return v as number;
};

/** Reads one value of the result into Prisma's shape (the compiled row makers' decoders). */
function decode(field: Field, v: unknown): unknown {
  return decoders[DECODER_OF[field.type] ?? 'S'](v);
}

/**
 * What a row carries, in Prisma's key order: scalar columns, and relations read in the same
 * statement as JSON (a list relation as an array of child rows, a to-one as one row or null).
 */
type Output =
  | { kind: 'scalar'; field: Field }
  | { kind: 'many' | 'one'; name: string; shape: Shape };

interface Shape {
  table: Table;
  outputs: Output[];
}

/** Aliases of the tables a statement reads: r1, r2, ... (a relation may come back to its own table). */
class Aliases {
  private n = 0;
  next(): string {
    return `r${++this.n}`;
  }
}

/** Nesting deeper than this is left to Prisma (the GraphQL depth limit is lower anyway). */
const MAX_RELATION_DEPTH = 6;

/** A scalar column as a JSON value that decodes exactly: text for JSON and bigint, the rest as they are. */
function jsonColumn(alias: string, f: Field): string {
  const col = `${q(alias)}.${q(f.name)}`;
  return f.type === 'Json' || f.type === 'BigInt' ? `${col}::text` : col;
}

/** The SQL expressions of a shape's outputs over `alias`, relations as correlated subqueries. */
function outputSql(shape: Shape, alias: string, json: boolean, ctx: { p: Params; aliases: Aliases; schema: string }, relSql: Map<Output, string>): string[] {
  return shape.outputs.map((o) => (o.kind === 'scalar' ? (json ? jsonColumn(alias, o.field) : `${q(alias)}.${q(o.field.name)}`) : relSql.get(o)!));
}

interface RelationSpec {
  where?: unknown;
  orderBy?: unknown;
  take?: unknown;
  skip?: unknown;
  select?: unknown;
  include?: unknown;
}

/**
 * The shape of `select` or `include` on table `t` (aliased `alias`), with the SQL of each
 * relation it reads: relations become subqueries that the caller places in its select list.
 */
function compileShape(t: Table, args: RelationSpec, alias: string, ctx: { p: Params; aliases: Aliases; schema: string }, depth: number, relSql: Map<Output, string>): Shape {
  if (args.select !== undefined && args.include !== undefined) unsupported();
  const outputs: Output[] = [];
  const relation = (name: string, spec: unknown) => {
    const field = t.fields.get(name);
    if (!field || field.kind !== 'object') return unsupported();
    const out = compileRelation(t, field, spec, alias, ctx, depth + 1, relSql);
    outputs.push(out);
  };
  if (args.select !== undefined) {
    if (!isPlainObject(args.select)) unsupported();
    // in the select's order, as Prisma returns them
    for (const [name, on] of Object.entries(args.select as Row)) {
      if (on === false || on === undefined) continue;
      const f = t.fields.get(name);
      if (!f) unsupported();
      if (f!.kind === 'object') {
        relation(name, on);
        continue;
      }
      if (on !== true || f!.kind !== 'scalar' || f!.isList || !READABLE_TYPES.has(f!.type)) unsupported();
      outputs.push({ kind: 'scalar', field: f! });
    }
    if (!outputs.some((o) => o.kind === 'scalar')) unsupported();
  } else {
    // every scalar column in model order, then the included relations in the include's order
    if (!t.plain) unsupported();
    for (const f of t.columns) outputs.push({ kind: 'scalar', field: f });
    if (args.include !== undefined) {
      if (!isPlainObject(args.include)) unsupported();
      for (const [name, spec] of Object.entries(args.include as Row)) {
        if (spec === false || spec === undefined) continue;
        relation(name, spec);
      }
    }
  }
  return { table: t, outputs };
}

/** A relation of `parent` as a subquery giving JSON: an array of rows (a list relation), or a row or null (to-one). */
function compileRelation(parent: Table, field: Field, spec: unknown, parentAlias: string, ctx: { p: Params; aliases: Aliases; schema: string }, depth: number, relSql: Map<Output, string>): Output {
  if (depth > MAX_RELATION_DEPTH) unsupported();
  const child = table(field.type);
  if (!child) return unsupported();
  const s: RelationSpec = spec === true ? {} : isPlainObject(spec) ? spec as RelationSpec : unsupported();
  for (const key of Object.keys(s)) if (!['where', 'orderBy', 'take', 'skip', 'select', 'include'].includes(key)) unsupported();
  const alias = ctx.aliases.next();
  const from = `${q(ctx.schema)}.${q(child.name)} AS ${q(alias)}`;
  if (field.isList) {
    // the child's foreign key to the parent's id (Order.items: OrderItem.orderId)
    const back = [...child.fields.values()].find((f) => f.relationName === field.relationName && f.kind === 'object' && f.relationFromFields?.length === 1);
    if (!back || !parent.fields.get('id')) return unsupported();
    // without an orderBy Prisma picks the child order itself: only ordered relations are compiled
    if (s.orderBy === undefined) unsupported();
    const conditions = [`${q(alias)}.${q(back.relationFromFields![0])} = ${q(parentAlias)}."id"`];
    const where = s.where === undefined ? undefined : whereSql(child, s.where, ctx.p, true, alias, ctx);
    if (where) conditions.push(where);
    const take = count(s.take, 0);
    const skip = count(s.skip, 0);
    const order = orderSql(child, s.orderBy, alias);
    const shape = compileShape(child, s, alias, ctx, depth, relSql);
    const out: Output = { kind: 'many', name: field.name, shape };
    const inner = outputSql(shape, alias, true, ctx, relSql);
    // the page of children first (order, offset, limit), then aggregated in that order
    let page = `SELECT ${q(alias)}.* FROM ${from} WHERE ${conditions.join(' AND ')} ORDER BY ${order}`;
    if (take !== undefined) page += ` LIMIT ${take}`;
    if (skip) page += ` OFFSET ${skip}`;
    relSql.set(out, `(SELECT coalesce(json_agg(json_build_array(${inner.join(', ')}) ORDER BY ${order}), '[]'::json) FROM (${page}) AS ${q(alias)})`);
    return out;
  }
  // to-one: this model holds the foreign key, to the child's id (a test checks every relation of the schema is so)
  if (field.relationFromFields?.length !== 1 || !child.fields.get('id')) return unsupported();
  if (s.where !== undefined || s.orderBy !== undefined || s.take !== undefined || s.skip !== undefined) unsupported();
  const shape = compileShape(child, s, alias, ctx, depth, relSql);
  const out: Output = { kind: 'one', name: field.name, shape };
  const inner = outputSql(shape, alias, true, ctx, relSql);
  relSql.set(out, `(SELECT json_build_array(${inner.join(', ')}) FROM ${from} WHERE ${q(alias)}."id" = ${q(parentAlias)}.${q(field.relationFromFields[0])})`);
  return out;
}

interface Plan {
  shape: Shape;
  statement: Statement;
}

function compileFindMany(model: string, args: Args, schema: string, countWhere?: unknown): Plan {
  const t = table(model);
  if (!t) return unsupported();
  for (const key of Object.keys(args)) {
    if (!['where', 'orderBy', 'take', 'skip', 'select', 'include'].includes(key)) unsupported();
  }
  if (args.orderBy === undefined) unsupported(); // Prisma then orders by its own rules
  const ctx = { p: new Params(), aliases: new Aliases(), schema };
  const relSql = new Map<Output, string>();
  const where = args.where === undefined ? undefined : whereSql(t, args.where, ctx.p, true, t.name, ctx);
  const take = count(args.take, 0);
  const skip = count(args.skip, 0);
  const shape = compileShape(t, args as RelationSpec, t.name, ctx, 0, relSql);
  const outputs = outputSql(shape, t.name, false, ctx, relSql);
  if (countWhere !== undefined) {
    // the count of every row matching countWhere, as the first column: an uncorrelated scalar
    // subquery, which PostgreSQL evaluates once (an InitPlan) whatever the number of rows. Its
    // own FROM names the table again, so the where's table-qualified columns are its own rows.
    const w = whereSql(t, countWhere, ctx.p, true, t.name, ctx);
    outputs.unshift(`(SELECT COUNT(*) FROM ${q(schema)}.${q(t.name)}${w ? ` WHERE ${w}` : ''})`);
  }
  let sql = `SELECT ${outputs.join(', ')} FROM ${q(schema)}.${q(t.name)}`;
  if (where) sql += ` WHERE ${where}`;
  sql += ` ORDER BY ${orderSql(t, args.orderBy)}`;
  if (take !== undefined) sql += ` LIMIT ${take}`;
  if (skip) sql += ` OFFSET ${skip}`;
  return { shape, statement: { sql, args: ctx.p.args } };
}

/** One row of a shape from its values (top level: columns from `offset`; nested: a JSON array). */
type RowMaker = (values: unknown[], offset: number) => Row;

/**
 * Rows are built by a function compiled once per shape, which writes every key in one object
 * literal. Built key by key, a row of more than about 16 columns turns into a dictionary-mode
 * object in V8 (keyed stores past its fast-property limit): several times the memory and the
 * garbage, and slower to read and to serialize. A REST page of orders allocated about 6 KB per
 * row that way. Shapes come from requests (a GraphQL selection is one), so the compiled makers
 * are bounded; past the bound, or for a name a literal cannot carry, rows are built generically.
 */
const MAX_ROW_MAKERS = 500;
const rowMakers = new Map<string, RowMaker>();

/** A column's value as Prisma has it, by its field type (DECODER_OF; anything else as it is). */
const decoders = {
  S: (v: unknown) => (v === undefined ? null : v),
  D: (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string)),
  J: (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? JSON.parse(v) : v),
  B: (v: unknown) => (v === null || v === undefined ? null : typeof v === 'bigint' ? v : BigInt(v as string)),
  N: (v: unknown) => (v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v)),
};
const DECODER_OF: Record<string, keyof typeof decoders> = { DateTime: 'D', Json: 'J', BigInt: 'B', Int: 'N', Float: 'N' };

function children(make: RowMaker, raw: unknown): Row[] {
  const list = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []) as unknown[][];
  const out = new Array<Row>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = make(list[i], 0);
  return out;
}
function child(make: RowMaker, raw: unknown): Row | null {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value === null || value === undefined ? null : make(value as unknown[], 0);
}

function shapeKey(shape: Shape): string {
  return `${shape.table.name}(${shape.outputs.map((o) => (o.kind === 'scalar' ? o.field.name : `${o.kind}:${o.name}=${shapeKey(o.shape)}`)).join(',')})`;
}

function rowMaker(shape: Shape): RowMaker {
  const key = shapeKey(shape);
  let make = rowMakers.get(key);
  if (!make) {
    const names = shape.outputs.map((o) => (o.kind === 'scalar' ? o.field.name : o.name));
    if (rowMakers.size >= MAX_ROW_MAKERS || names.includes('__proto__')) {
      make = (values, offset) => rowOf(shape, offset ? values.slice(offset) : values);
    } else {
      const kids = shape.outputs.map((o) => (o.kind === 'scalar' ? undefined : rowMaker(o.shape)));
      const body = shape.outputs.map((o, i) => {
        const value = `v[o + ${i}]`;
        if (o.kind === 'scalar') return `${JSON.stringify(o.field.name)}: d.${DECODER_OF[o.field.type] ?? 'S'}(${value})`;
        return `${JSON.stringify(o.name)}: ${o.kind === 'many' ? 'children' : 'child'}(k[${i}], ${value})`;
      });
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- names are the datamodel's, quoted by JSON.stringify
      make = new Function('d', 'k', 'children', 'child', `return function (v, o) { return { ${body.join(', ')} }; };`)(decoders, kids, children, child) as RowMaker;
      rowMakers.set(key, make);
    }
  }
  return make;
}

/** One row built key by key: the reference for the compiled makers, and their fallback. */
function rowOf(shape: Shape, values: unknown[]): Row {
  const row: Row = {};
  const outputs = shape.outputs;
  for (let i = 0; i < outputs.length; i++) {
    const o = outputs[i];
    if (o.kind === 'scalar') {
      row[o.field.name] = decode(o.field, values[i]);
      continue;
    }
    const raw = typeof values[i] === 'string' ? JSON.parse(values[i] as string) : values[i];
    if (o.kind === 'many') row[o.name] = ((raw ?? []) as unknown[][]).map((child) => rowOf(o.shape, child));
    else row[o.name] = raw === null || raw === undefined ? null : rowOf(o.shape, raw as unknown[]);
  }
  return row;
}

function attempt<T>(compile: () => T): T | undefined {
  try {
    return compile();
  } catch (err) {
    if (err === UNSUPPORTED) return undefined;
    throw err;
  }
}

/**
 * `findMany(args)` of `model` as Prisma would answer it, or undefined when the arguments
 * use anything this path does not reproduce exactly (then call Prisma).
 */
export function leanFindMany(db: LeanDatabase, model: string, args: Args): Promise<Row[]> | undefined {
  const sql = db.sql();
  const schema = sql.schemaName;
  const plan = attempt(() => compileFindMany(model, args, schema));
  if (!plan) {
    db.readPaths.prisma++;
    return undefined;
  }
  db.readPaths.lean++;
  const make = rowMaker(plan.shape);
  return sql.query(plan.statement).then((rows) => rows.map((values) => make(values, 0)));
}

/**
 * leanFindMany and `count({ where: countWhere })` in one statement (a REST list page and its
 * total_count: one round trip instead of two). `total` is undefined when the page is empty
 * (no row carried it): then it is 0 if the page's own filter is countWhere with no offset,
 * else the caller counts.
 */
export function leanFindManyWithCount(
  db: LeanDatabase, model: string, args: Args, countWhere: unknown,
): Promise<{ rows: Row[]; total: number | undefined }> | undefined {
  const sql = db.sql();
  const schema = sql.schemaName;
  const plan = attempt(() => compileFindMany(model, args, schema, countWhere ?? {}));
  if (!plan) {
    db.readPaths.prisma++;
    return undefined;
  }
  db.readPaths.lean++;
  const make = rowMaker(plan.shape);
  return sql.query(plan.statement).then((rows) => ({
    rows: rows.map((values) => make(values, 1)),
    total: rows.length ? Number(rows[0][0]) : undefined,
  }));
}

/**
 * `findFirst({ where, select | include })` for a `where` that pins one row by its id (the
 * doors' `scopedWhere(scope, { id })`), as Prisma would answer it, or undefined as for
 * leanFindMany. The id is unique, so the order and the limit only make the statement explicit.
 */
export function leanFindById(db: LeanDatabase, model: string, where: Record<string, unknown>, shape: Args = {}): Promise<Row | null> | undefined {
  return leanFindMany(db, model, { where, ...shape, orderBy: [{ id: 'asc' }], take: 1 })?.then((rows) => rows[0] ?? null);
}

/** `count({ where })` of `model`, or undefined as for leanFindMany. */
export function leanCount(db: LeanDatabase, model: string, where: unknown): Promise<number> | undefined {
  const sql = db.sql();
  const statement = attempt((): Statement => {
    const t = table(model) ?? unsupported();
    const p = new Params();
    const schema = sql.schemaName;
    const w = where === undefined ? undefined : whereSql(t, where, p, true, t.name, { schema, aliases: new Aliases() });
    return { sql: `SELECT COUNT(*) FROM ${q(schema)}.${q(t.name)}${w ? ` WHERE ${w}` : ''}`, args: p.args };
  });
  if (!statement) return undefined;
  return sql.query(statement).then((rows) => Number(rows[0][0]));
}

/** The SQL leanFindMany would run (for tests and the benchmark notes), or undefined. */
export function leanFindManySql(model: string, args: Args): string | undefined {
  return attempt(() => compileFindMany(model, args, DEFAULT_SCHEMA).statement.sql);
}
