// List requests of the REST door: suffix filters (`status_eq`, `amount_gte`, `status_in=a,b`,
// `_like`, `_between`), `created[gte]`, `created_after`, `search`, `sort`/`order`, both
// pagination variants (limit/cursor/offset/page and starting_after/ending_before), sparse
// `fields` and `expand[]`. Filters become the same Hasura expression GraphQL takes.
import { ApiError, printable, TEXT_EXPECTED, unstorable, type FieldError } from '../errors.js';
import { closedValues, dateInRange, modelInfo, scalarFields, type FieldInfo } from '../db/models.js';
import { enumFault, toPrismaWhere, type BoolExp, type CanRead } from '../db/where.js';
import { limitError, limits } from '../limits.js';
import { fieldForRestName, present, restName, snake } from '../representation.js';
import { scopedWhere, type Scope } from '../operations/operation.js';
import type { Database } from '../db/client.js';
import { leanCount, leanFindManyWithCount, type LeanDatabase } from '../db/lean-read.js';

export const REST_LIMIT_DEFAULT = 10;
export const REST_LIMIT_MAX = 100;
export const REST_OFFSET_MAX = 10_000;
/** rows of an expanded list relation (`expand[]=customer.orders`) */
export const EXPAND_LIST_MAX = 100;

const OPS = ['eq', 'ne', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'like', 'ilike', 'between', 'is_null'] as const;
const SUFFIX = new RegExp(`^(.+?)_(${OPS.join('|')})$`);
// every suffix operator has its bracket form too (`created[gte]=`, `amount[between]=1,5`)
const BRACKET = new RegExp(`^([a-z0-9_.]+)\\[(${OPS.join('|')})\\]$`);
/** Query parameters that shape a list (paging, order, fields, expansions) rather than filter it. */
export const LIST_SHAPE_PARAMS: readonly string[] = ['limit', 'cursor', 'offset', 'page', 'starting_after', 'ending_before', 'sort', 'order', 'fields', 'fields[]', 'expand', 'expand[]'];
/** ...and those a list reads apart from the column filters */
const PAGING_KEYS = new Set([...LIST_SHAPE_PARAMS, 'search', 'created_after', 'created_before']);

/** The items of a comma list as sent (`status_in=pending, paid`): each trimmed. */
function commaList(raw: string): string[] {
  return raw.split(',').map((v) => v.trim());
}

type Query = Record<string, string | string[] | undefined>;

function one(q: Query, key: string): string | undefined {
  const v = q[key];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

// Prisma's Int is PostgreSQL's int4, and PostgreSQL has no year 0: values outside these
// ranges reach the database as errors (a 500), so they are refused here as bad input.
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

function isInt4(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= INT4_MIN && (v as number) <= INT4_MAX;
}


function coerce(field: FieldInfo, raw: string, param: string, faults: FieldError[]): unknown {
  switch (field.type) {
    case 'Int': {
      if (!/^-?\d+$/.test(raw) || !isInt4(Number(raw))) {
        faults.push({ field: param, message: `'${raw}' is not an integer from ${INT4_MIN} to ${INT4_MAX}`, expected: 'integer' });
        return undefined;
      }
      return Number(raw);
    }
    case 'Boolean':
      if (raw !== 'true' && raw !== 'false') { faults.push({ field: param, message: `'${raw}' is not a boolean`, expected: 'true or false' }); return undefined; }
      return raw === 'true';
    case 'DateTime': {
      const d = /^\d+$/.test(raw) ? new Date(Number(raw) * 1000) : /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
      if (!dateInRange(d)) {
        faults.push({ field: param, message: `'${raw.slice(0, 100)}' is not a date from year 1 to 9999`, expected: 'Unix seconds or ISO 8601', code: 'INVALID_DATE_FORMAT' });
        return undefined;
      }
      return d;
    }
    case 'String':
      return raw;
    default:
      faults.push({ field: param, message: 'this field cannot be filtered in a query string', expected: 'a filterable field of the resource (GraphQL where for the rest)' });
      return undefined;
  }
}

/** Resolves `customer.email` to the path of model fields, the final scalar field and its model. */
function resolvePath(model: string, name: string): { path: string[]; field: FieldInfo; model: string } | undefined {
  const segments = name.split('.');
  const path: string[] = [];
  let current = model;
  for (let i = 0; i < segments.length - 1; i++) {
    const rel = modelInfo(current).fields.get(segments[i].replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
    if (!rel || rel.kind !== 'object') return undefined;
    path.push(rel.name);
    current = rel.type;
  }
  const field = fieldForRestName(current, segments[segments.length - 1]);
  if (!field || field.kind !== 'scalar' || field.type === 'Json') return undefined;
  return { path: [...path, field.name], field, model: current };
}

function nest(path: string[], leaf: Record<string, unknown>): BoolExp {
  let out: BoolExp = { [path[path.length - 1]]: leaf };
  for (let i = path.length - 2; i >= 0; i--) out = { [path[i]]: out };
  return out;
}

/**
 * A filter on a time field compares in whole seconds, as the field is shown (Unix seconds):
 * `created_eq=T` is every row whose `created` reads T, i.e. T <= created < T+1;
 * `created_gt=T` (and `created_after`) is created >= T+1; `created_lte=T` is created < T+1.
 */
function secondsFilter(path: string[], op: string, values: Date[]): BoolExp | undefined {
  const lo = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
  const hi = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000 + 1000);
  const within = (d: Date) => nest(path, { _gte: lo(d), _lt: hi(d) });
  const outside = (d: Date) => ({ _or: [nest(path, { _lt: lo(d) }), nest(path, { _gte: hi(d) })] });
  const [d] = values;
  switch (op) {
    case 'eq': return within(d!);
    case 'ne': case 'neq': return outside(d!);
    case 'gt': return nest(path, { _gte: hi(d!) });
    case 'gte': return nest(path, { _gte: lo(d!) });
    case 'lt': return nest(path, { _lt: lo(d!) });
    case 'lte': return nest(path, { _lt: hi(d!) });
    case 'in': return { _or: values.map(within) };
    case 'nin': return { _and: values.map(outside) };
    case 'between': return nest(path, { _gte: lo(values[0]!), _lt: hi(values[1]!) });
    default: return undefined;
  }
}

/** The operators that compare a value for equality: a closed set's field takes only its values there. */
const EQUALITY_OPS = new Set(['eq', 'ne', 'neq', 'in', 'nin']);

/** Query-string filters to a Hasura expression for `model`. */
export function parseFilters(model: string, query: Query): BoolExp {
  const faults: FieldError[] = [];
  const and: BoolExp[] = [];
  const add = (name: string, op: string, raw: string, param: string) => {
    const resolved = resolvePath(model, name);
    if (!resolved) {
      faults.push({ field: param, message: `unknown filter field '${name}'`, expected: scalarFields(model).filter((f) => f.type !== 'Json').map((f) => restName(f, model)).join(', ') });
      return;
    }
    const { path, field } = resolved;
    const allowed = closedValues(resolved.model, field.name);
    if (allowed && EQUALITY_OPS.has(op)) {
      // a value outside a closed set (an order status) matches nothing: a typo, said as such
      const given = op === 'in' || op === 'nin' ? commaList(raw) : [raw];
      const unknown = given.filter((v) => !allowed.includes(v));
      if (unknown.length) { faults.push(enumFault(param, name, unknown, allowed)); return; }
    }
    if (field.type === 'DateTime' && op !== 'is_null') {
      const raws = op === 'in' || op === 'nin' || op === 'between' ? commaList(raw) : [raw];
      if (op === 'between' && raws.length !== 2) { faults.push({ field: param, message: 'expected two comma-separated values', expected: 'low,high' }); return; }
      // the first malformed date of the parameter is its fault (one item per parameter)
      const dates: Date[] = [];
      for (const v of raws) {
        const d = coerce(field, v, param, faults);
        if (!(d instanceof Date)) return;
        dates.push(d);
      }
      const exp = secondsFilter(path, op, dates);
      if (exp) and.push(exp);
      else faults.push({ field: param, message: `_${op} does not apply to a time field`, expected: '_eq, _neq, _gt, _gte, _lt, _lte, _in, _nin or _is_null' });
      return;
    }
    if (op === 'in' || op === 'nin') {
      const values = commaList(raw).map((v) => coerce(field, v, param, faults));
      and.push(nest(path, { [`_${op}`]: values }));
    } else if (op === 'between') {
      const parts = commaList(raw);
      if (parts.length !== 2) { faults.push({ field: param, message: 'expected two comma-separated values', expected: 'low,high' }); return; }
      and.push(nest(path, { _gte: coerce(field, parts[0], param, faults), _lte: coerce(field, parts[1], param, faults) }));
    } else if (op === 'is_null') {
      if (raw !== 'true' && raw !== 'false') { faults.push({ field: param, message: 'expected true or false' }); return; }
      and.push(nest(path, { _is_null: raw === 'true' }));
    } else if ((op === 'like' || op === 'ilike') && field.type !== 'String') {
      faults.push({ field: param, message: `_${op} applies to text fields only`, expected: 'an operator of the field\'s type' });
    } else {
      and.push(nest(path, { [`_${op}`]: coerce(field, raw, param, faults) }));
    }
  };

  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || PAGING_KEYS.has(key)) continue;
    for (const raw of Array.isArray(value) ? value : [value]) {
      const bracket = BRACKET.exec(key);
      const suffix = SUFFIX.exec(key);
      if (bracket) add(bracket[1], bracket[2], raw, key);
      else if (suffix && resolvePath(model, suffix[1])) add(suffix[1], suffix[2], raw, key);
      else add(key, 'eq', raw, key);
    }
  }
  const createdAfter = one(query, 'created_after');
  const createdBefore = one(query, 'created_before');
  if (createdAfter !== undefined) add('created', 'gt', createdAfter, 'created_after');
  if (createdBefore !== undefined) add('created', 'lt', createdBefore, 'created_before');
  const search = one(query, 'search');
  if (search !== undefined && search.length > limits.LIKE_PATTERN_MAX_LENGTH) {
    throw limitError('LIKE_PATTERN_MAX_LENGTH', `longer than ${limits.LIKE_PATTERN_MAX_LENGTH} characters`, 'search');
  }
  if (search !== undefined && search.length < 1) faults.push({ field: 'search', message: 'must not be empty', expected: 'text to search for' });
  // one item per parameter: its first fault (`amount_in=1,x,y` is one)
  if (faults.length) throw ApiError.validation(faults.filter((f, i) => faults.findIndex((g) => g.field === f.field) === i));
  return and.length === 1 ? and[0] : { _and: and };
}

/**
 * `search` (checked by parseFilters): a case-insensitive substring of any text field, as a
 * Prisma where. Built here rather than as `_ilike`, because Prisma's `contains` hands its
 * operand to (I)LIKE without escaping `%` and `_` (prisma/prisma#19506): `search=%` would
 * match every row. The escapes below are PostgreSQL's default LIKE escapes.
 */
function searchWhere(model: string, query: Query): Record<string, unknown> | undefined {
  const search = one(query, 'search');
  if (!search) return undefined;
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const text = scalarFields(model).filter((f) => f.type === 'String');
  return { OR: text.map((f) => ({ [f.name]: { contains: escaped, mode: 'insensitive' } })) };
}

interface SortKey {
  field: FieldInfo;
  dir: 'asc' | 'desc';
}

function parseSort(model: string, query: Query): SortKey[] {
  const sort = one(query, 'sort');
  const order = one(query, 'order');
  const faults: FieldError[] = [];
  const keys: SortKey[] = [];
  const names = sort ? sort.split(',').map((s) => s.trim()) : ['created'];
  const dirs = order ? order.split(',').map((s) => s.trim()) : [];
  names.forEach((raw, i) => {
    const descPrefix = raw.startsWith('-');
    const name = descPrefix ? raw.slice(1) : raw;
    const field = fieldForRestName(model, name);
    const dir = dirs[i] ?? dirs[0] ?? (descPrefix || !sort ? 'desc' : 'asc');
    if (!field || field.kind !== 'scalar' || field.type === 'Json') {
      faults.push({ field: 'sort', message: `cannot sort by '${name}'`, expected: 'a sortable field of the resource, optionally prefixed with -' });
    } else if (field.nullable) {
      faults.push({ field: 'sort', message: `'${name}' can be null and cannot be used for cursor pagination; use GraphQL order_by`, expected: 'a field that is never null' });
    } else if (dir !== 'asc' && dir !== 'desc') {
      faults.push({ field: 'order', message: `'${dir}' is not a direction`, expected: 'asc or desc' });
    } else {
      keys.push({ field, dir });
    }
  });
  if (faults.length) throw ApiError.validation(faults);
  if (!keys.some((k) => k.field.name === 'id')) keys.push({ field: modelInfo(model).fields.get('id')!, dir: keys[keys.length - 1]?.dir ?? 'desc' });
  return keys;
}

interface CursorState {
  s: string; // sort signature
  v: unknown[]; // sort values of the row
  d: 'n' | 'p'; // page after (next) or before (previous) the row
}

/** What a cursor is valid for: its list (the model) and sort order. */
function sortSignature(model: string, keys: SortKey[]): string {
  return `${model}|${keys.map((k) => `${k.field.name}:${k.dir}`).join(',')}`;
}

function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** Is `v` a sort value of this key as rowValues wrote it? A cursor is client input. */
function validCursorValue(key: SortKey, v: unknown): boolean {
  switch (key.field.type) {
    case 'Int': return isInt4(v);
    case 'Float': return typeof v === 'number' && Number.isFinite(v);
    case 'Boolean': return typeof v === 'boolean';
    case 'DateTime': return typeof v === 'string' && dateInRange(new Date(v));
    case 'String': return typeof v === 'string' && !v.includes('\u0000');
    default: return false;
  }
}

function decodeCursor(raw: string, model: string, keys: SortKey[]): CursorState {
  try {
    const state = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorState;
    if (
      state.s !== sortSignature(model, keys) || !Array.isArray(state.v) || state.v.length !== keys.length || (state.d !== 'n' && state.d !== 'p')
      || !keys.every((k, i) => validCursorValue(k, state.v[i]))
    ) {
      throw new Error('mismatch');
    }
    return state;
  } catch {
    throw new ApiError('INVALID_FIELD_VALUE', 'This cursor is not valid for this list and sort order; start again without it', {}, 'cursor');
  }
}

function rowValues(row: Record<string, unknown>, keys: SortKey[]): unknown[] {
  return keys.map((k) => {
    const v = row[k.field.name];
    return v instanceof Date ? v.toISOString() : v;
  });
}

/** Keyset condition: rows strictly after (or before) the given sort values. */
function keyset(keys: SortKey[], values: unknown[], direction: 'n' | 'p'): Record<string, unknown> {
  const hydrate = (k: SortKey, v: unknown) => (k.field.type === 'DateTime' ? new Date(String(v)) : v);
  const or = keys.map((k, i) => {
    const ascending = (k.dir === 'asc') === (direction === 'n');
    const eqs = keys.slice(0, i).map((p, j) => ({ [p.field.name]: hydrate(p, values[j]) }));
    return { AND: [...eqs, { [k.field.name]: { [ascending ? 'gt' : 'lt']: hydrate(k, values[i]) } }] };
  });
  return { OR: or };
}

function intParam(query: Query, key: string, min: number, max: number, faults: FieldError[]): number | undefined {
  const raw = one(query, key);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    faults.push({ field: key, message: `must be an integer from ${min} to ${max}`, expected: `${min}..${max}` });
    return undefined;
  }
  return Number(raw);
}

/**
 * `expand[]=customer&expand[]=items.product` to a Prisma include merged into `base`. On a list
 * (`list`), Stripe's spelling `expand[]=data.customer` names the same path as `customer`.
 */
export function parseExpand(model: string, query: Query, base: Record<string, unknown>, canRead?: CanRead, list = false): Record<string, unknown> {
  const raw = [query['expand[]'], query.expand].flat().filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(',')).map((v) => v.trim())
    .map((v) => (list && v.startsWith('data.') ? v.slice('data.'.length) : v));
  if (raw.length === 0) return base; // the common case: nothing to copy or check
  const include: Record<string, unknown> = structuredClone(base);
  const faults: FieldError[] = [];
  for (const path of raw) {
    let current = model;
    let node = include;
    let lists = 0;
    const segments = path.split('.');
    for (const [i, seg] of segments.entries()) {
      const rel = modelInfo(current).fields.get(seg.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
      // a path may cross one list relation (its first 100 rows): lists under lists multiply
      if (!rel || rel.kind !== 'object' || i >= 4 || (rel.isList && ++lists > 1)) {
        faults.push({ field: 'expand[]', message: `cannot expand '${path}'`, expected: 'a relation path of up to 4 steps crossing at most one list' });
        break;
      }
      if (canRead && !canRead(rel.type)) {
        throw new ApiError('INSUFFICIENT_PERMISSIONS', `Expanding '${path}' needs the permission to read ${rel.type} rows`, { expand: path, model: rel.type });
      }
      const existing = node[rel.name];
      const next: Record<string, unknown> = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
      if (rel.isList && existing === undefined) next.take = EXPAND_LIST_MAX;
      next.include ??= {};
      node[rel.name] = next;
      node = next.include as Record<string, unknown>;
      current = rel.type;
    }
  }
  if (faults.length) throw ApiError.validation(faults);
  return include;
}

/** The names a representation of `model` can carry (see present()). */
function representationNames(model: string): Set<string> {
  const names = new Set(['id', 'object', 'livemode']);
  for (const f of modelInfo(model).fields.values()) names.add(f.kind === 'scalar' ? restName(f, model) : snake(f.name));
  return names;
}

/**
 * `fields=id,status` (also `fields[]=id&fields[]=status`, or `fields` repeated: every value
 * counts), checked against the model so that an empty page refuses a typo too.
 */
export function parseFields(model: string, query: Query): string[] | undefined {
  const raw = [query.fields, query['fields[]']].flat().filter((v): v is string => typeof v === 'string');
  if (raw.length === 0) return undefined;
  const fields = [...new Set(raw.flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean))];
  const known = representationNames(model);
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length) {
    throw ApiError.validation(unknown.map((f) => ({ field: 'fields', message: `unknown field '${f}'`, expected: [...known].join(', ') })));
  }
  return fields;
}

export function pickFields(obj: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields) return obj;
  const out: Record<string, unknown> = { id: obj.id, object: obj.object };
  // names were checked by parseFields; a relation that was not loaded is simply absent
  for (const f of fields) if (Object.hasOwn(obj, f)) out[f] = obj[f];
  return out;
}

/**
 * Query values (and path ids) with text the database cannot store (U+0000; see unstorable())
 * would fail there as a 500; they are refused as bad input instead, every offending name listed.
 */
export function assertStorableText(values: Record<string, string | string[] | undefined>): void {
  const faults: FieldError[] = [];
  for (const [key, value] of Object.entries(values)) {
    const problem = unstorable(key) ?? (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? unstorable(v) : undefined)).find(Boolean);
    if (problem) faults.push({ field: printable(key), message: `contains ${problem}`, expected: TEXT_EXPECTED });
  }
  if (faults.length) throw ApiError.validation(faults);
}

/**
 * The Prisma where of a REST list request: its query-string filters (parseFilters, through the
 * one where translator), `search`, a route's own condition, scoped to the caller's account and
 * mode. The list and the aggregate routes (src/rest/aggregate.ts) of a resource both read it,
 * so an aggregate covers exactly the rows its list would page through.
 */
export function listWhere(model: string, scope: Scope, query: Query, canRead?: CanRead, extra?: Record<string, unknown>): Record<string, unknown> {
  let filters: Record<string, unknown>;
  try {
    filters = toPrismaWhere(model, parseFilters(model, query), 'where', canRead);
  } catch (err) {
    throw err instanceof ApiError ? asQueryParams(model, err) : err;
  }
  const search = searchWhere(model, query);
  const conditions = [filters, ...(extra ? [extra] : []), ...(search ? [search] : [])];
  return scopedWhere(scope, conditions.length > 1 ? { AND: conditions } : filters);
}

/**
 * The translator's faults named by the query parameters that were sent: `where.shippingCarrier._like`
 * is `shipping_carrier_like`, `where.customer.email._eq` is `customer.email_eq`, and the
 * expression as a whole (a size limit) is `filters`.
 */
function asQueryParams(model: string, err: ApiError): ApiError {
  const rename = (field: string): string => {
    if (field === 'where') return 'filters';
    if (!field.startsWith('where.')) return field;
    const parts = field.slice('where.'.length).split('.');
    const op = parts[parts.length - 1]?.startsWith('_') ? parts.pop()!.slice(1) : undefined;
    // each field as REST spells it on its own model (createdAt is `created`)
    let current: string | undefined = model;
    const names = parts.map((p) => {
      const info = current ? modelInfo(current).fields.get(p) : undefined;
      const name = info && current ? restName(info, current) : snake(p).replace(/^_/, '');
      current = info?.kind === 'object' ? info.type : undefined;
      return name;
    });
    return op ? `${names.join('.')}_${op}` : names.join('.');
  };
  const errors = err.details.errors as FieldError[] | undefined;
  if (!errors && !err.param) return err;
  const renamed = errors?.map((e) => ({ ...e, field: rename(e.field) }));
  const message = renamed?.length === 1 ? `${renamed[0].field}: ${renamed[0].message}` : err.message;
  return new ApiError(err.code, message, { ...err.details, ...(renamed ? { errors: renamed } : {}) }, err.param ? rename(err.param) : undefined);
}

export interface ListPage {
  object: 'list';
  data: Record<string, unknown>[];
  pagination: {
    has_more: boolean;
    next_cursor: string | null;
    previous_cursor: string | null;
    total_count: number;
    page_count: number;
    current_page: number;
    limit: number;
  };
}

/** Runs a REST list: filters, keyset or offset pagination, total count, representation. */
export async function listResource(
  db: Pick<Database, 'prisma'> & LeanDatabase, model: string, scope: Scope, query: Query, baseInclude: Record<string, unknown>, canRead?: CanRead,
  opts: { where?: Record<string, unknown>; represent?: (row: Record<string, unknown>) => Record<string, unknown> } = {},
): Promise<ListPage> {
  assertStorableText(query);
  const faults: FieldError[] = [];
  const limit = intParam(query, 'limit', 1, REST_LIMIT_MAX, faults) ?? REST_LIMIT_DEFAULT;
  const offsetParam = intParam(query, 'offset', 0, REST_OFFSET_MAX, faults);
  const page = intParam(query, 'page', 1, 1_000_000, faults);
  if (faults.length) throw ApiError.validation(faults);
  const keys = parseSort(model, query);
  const filter = listWhere(model, scope, query, canRead, opts.where);
  const include = parseExpand(model, query, baseInclude, canRead, true);
  const fields = parseFields(model, query);
  const delegate = (db.prisma as unknown as Record<string, { findMany: Function; count: Function; findFirst: Function }>)[model[0].toLowerCase() + model.slice(1)];

  let anchor: { values: unknown[]; direction: 'n' | 'p' } | undefined;
  const cursor = one(query, 'cursor');
  const startingAfter = one(query, 'starting_after');
  const endingBefore = one(query, 'ending_before');
  // the parameters given, each named as sent: the second and later ones are the faults
  const given = ([['cursor', cursor], ['starting_after', startingAfter], ['ending_before', endingBefore], ['offset', offsetParam], ['page', page]] as const)
    .filter(([, v]) => v !== undefined).map(([name]) => name);
  if (given.length > 1) {
    throw ApiError.validation(given.slice(1).map((name) => ({
      field: name, message: `use only one of cursor, starting_after, ending_before, offset and page (${given[0]} is given too)`, expected: `no ${name} beside ${given[0]}`,
    })));
  }
  if (cursor !== undefined) {
    const state = decodeCursor(cursor, model, keys);
    anchor = { values: state.v, direction: state.d };
  } else if (startingAfter !== undefined || endingBefore !== undefined) {
    const id = (startingAfter ?? endingBefore)!;
    const row = await delegate.findFirst({ where: scopedWhere(scope, { id }) });
    if (!row) throw new ApiError('INVALID_FIELD_VALUE', `No such ${snake(model).slice(1)}: '${id}'`, {}, startingAfter !== undefined ? 'starting_after' : 'ending_before');
    anchor = { values: rowValues(row, keys), direction: startingAfter !== undefined ? 'n' : 'p' };
  }
  const offset = offsetParam ?? (page !== undefined ? (page - 1) * limit : 0);
  if (offset > REST_OFFSET_MAX) throw ApiError.validation([{ field: 'page', message: `page reaches past offset ${REST_OFFSET_MAX}`, expected: `page * limit at most ${REST_OFFSET_MAX}` }]);

  const backwards = anchor?.direction === 'p';
  const orderBy = keys.map((k) => ({ [k.field.name]: backwards ? (k.dir === 'asc' ? 'desc' : 'asc') : k.dir }));
  const where = anchor ? { AND: [filter, keyset(keys, anchor.values, anchor.direction)] } : filter;
  const findMany = { where, orderBy, take: limit + 1, skip: anchor ? 0 : offset, include: Object.keys(include).length ? include : undefined };
  if (findMany.include === undefined) delete findMany.include;
  // the page (its expansions included) and the total in one statement where the lean path
  // compiles them; an empty page carries no total: 0 when the page's filter is the count's
  // (no cursor, no offset), else counted apart
  const countOf = (w: Record<string, unknown>) => (leanCount(db, model, w) ?? delegate.count({ where: w })) as Promise<number>;
  let rows: Record<string, unknown>[];
  let total: number;
  const both = leanFindManyWithCount(db, model, findMany, filter);
  if (both) {
    const page = await both;
    rows = page.rows;
    total = page.total ?? (!anchor && offset === 0 ? 0 : await countOf(filter));
  } else {
    [rows, total] = await Promise.all([delegate.findMany(findMany) as Promise<Record<string, unknown>[]>, countOf(filter)]);
  }
  const more = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (backwards) pageRows.reverse();
  const signature = sortSignature(model, keys);
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  // going forward, more rows after the page if we fetched one extra; going backward, there
  // is always a next page (the anchor itself), and a previous one if we fetched one extra
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : anchor !== undefined || offset > 0;
  // current_page is an integer in every mode (the spec's list shape): on a cursor page it is
  // the page that holds the first row, counted from the rows that sort before it
  let before = offset;
  if (anchor) {
    const rowsBefore = first && { AND: [filter, keyset(keys, rowValues(first, keys), 'p')] };
    before = rowsBefore
      ? await countOf(rowsBefore)
      : backwards ? 0 : total;
  }
  return {
    object: 'list',
    data: pageRows.map((r) => pickFields(opts.represent ? opts.represent(r) : present(model, r), fields)),
    pagination: {
      has_more: more, // more rows in the direction of travel
      next_cursor: hasNext && last ? encodeCursor({ s: signature, v: rowValues(last, keys), d: 'n' }) : null,
      previous_cursor: hasPrev && first ? encodeCursor({ s: signature, v: rowValues(first, keys), d: 'p' }) : null,
      total_count: total,
      page_count: Math.max(1, Math.ceil(total / limit)),
      current_page: Math.floor(before / limit) + 1,
      limit,
    },
  };
}
