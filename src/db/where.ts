// Hasura-style boolean expressions (`{status: {_eq: "pending"}, _or: [...]}`) and order_by
// lists, translated into Prisma arguments for any public model. GraphQL inputs and REST
// query strings both end here, so the two doors filter identically.
import { ApiError, textFaults, type ErrorCode, type FieldError } from '../errors.js';
import { limitError, limits } from '../limits.js';
import { closedValues, fitsScalarType, modelInfo, type FieldInfo } from './models.js';
import { Prisma as PrismaNamespace } from '../generated/prisma/client.js';

/** Prisma's SQL NULL for JSON filters: on a path, `(col #> path) IS NULL` (the key is absent). */
const DbNull = PrismaNamespace.DbNull;

export type BoolExp = { [key: string]: unknown };
type PrismaWhere = Record<string, unknown>;

export const COMPARISON_OPERATORS = [
  '_eq', '_ne', '_neq', '_gt', '_gte', '_lt', '_lte', '_in', '_nin', '_like', '_ilike', '_is_null',
] as const;
export const JSON_OPERATORS = ['_contains', '_has_key', '_is_null'] as const;

/**
 * Refuses an expression past the size limits before anything walks it recursively or sends
 * it to the database: nesting, conditions (object keys), values (scalars, list items
 * included). Iterative, and it stops at the first limit passed, so a huge input costs
 * little. (40 `_or` branches of 1,000 ids each once made the embedded database unusable.)
 */
export function checkWhereSize(exp: unknown, path: string): void {
  let values = 0;
  let conditions = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: exp, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') {
      if (++values > limits.WHERE_MAX_VALUES) throw limitError('WHERE_MAX_VALUES', `more than ${limits.WHERE_MAX_VALUES} values in one filter`, path);
      continue;
    }
    if (depth >= limits.WHERE_MAX_DEPTH) throw limitError('WHERE_MAX_DEPTH', `nested deeper than ${limits.WHERE_MAX_DEPTH} levels`, path);
    if (Array.isArray(value)) {
      for (const v of value) stack.push({ value: v, depth: depth + 1 });
      continue;
    }
    for (const v of Object.values(value)) {
      if (++conditions > limits.WHERE_MAX_CONDITIONS) throw limitError('WHERE_MAX_CONDITIONS', `more than ${limits.WHERE_MAX_CONDITIONS} conditions in one filter`, path);
      stack.push({ value: v, depth: depth + 1 });
    }
  }
}

/** A LIKE pattern's length is bounded: matching a long pattern costs the database (or the server, on PGlite) dearly. */
function checkPatternLength(pattern: string, path: string): void {
  if (pattern.length > limits.LIKE_PATTERN_MAX_LENGTH) {
    throw limitError('LIKE_PATTERN_MAX_LENGTH', `the pattern is longer than ${limits.LIKE_PATTERN_MAX_LENGTH} characters`, path);
  }
}

/** Whether the caller may read a model reached through a relation (its resource's read permission). */
export type CanRead = (model: string) => boolean;

class Faults {
  list: FieldError[] = [];
  constructor(private readonly canRead?: CanRead) {}
  /** Filtering or sorting through a relation reveals its rows: it needs their read permission. */
  checkReadable(model: string, path: string) {
    if (this.canRead && !this.canRead(model)) {
      throw new ApiError('INSUFFICIENT_PERMISSIONS', `${path}: filtering or sorting through ${model} needs the permission to read it`, { model, field: path });
    }
  }
  add(field: string, message: string, expected = 'a valid value', code?: ErrorCode) {
    this.list.push({ field, message, expected, ...(code ? { code } : {}) });
  }
  throwIfAny() {
    if (this.list.length) throw ApiError.validation(this.list);
  }
}

/** SQL LIKE to Prisma: literal, `prefix%`, `%suffix`, `%infix%` (with `\%`, `\_` escapes). */
function likeToPrisma(pattern: string, insensitive: boolean, path: string, faults: Faults): PrismaWhere | undefined {
  const parts: string[] = [''];
  let single = false; // `_` matches one character: not expressible in Prisma's filters
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) parts[parts.length - 1] += pattern[++i];
    else if (c === '%') parts.push('');
    else {
      if (c === '_') single = true;
      parts[parts.length - 1] += c;
    }
  }
  const mode = insensitive ? { mode: 'insensitive' } : {};
  // Prisma hands startsWith/endsWith/contains (and case-insensitive equals, an ILIKE) to SQL
  // LIKE without escaping: the literal parts get their wildcards escaped here.
  const lit = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [head, mid, tail] = parts;
  if (!single) {
    if (parts.length === 1) return insensitive ? { equals: lit(head), ...mode } : { equals: head };
    if (parts.length === 2 && tail === undefined) {
      if (mid === '' && head !== '') return { startsWith: lit(head), ...mode };
      if (head === '' && mid !== '') return { endsWith: lit(mid), ...mode };
      if (head === '' && mid === '') return { not: null };
    }
    if (parts.length === 3 && head === '' && tail === '') return { contains: lit(mid), ...mode };
  }
  faults.add(
    path,
    'this LIKE pattern is not supported',
    "a literal, 'prefix%', '%suffix' or '%infix%' (escape a literal % or _ with a backslash)",
  );
  return undefined;
}

const lowerStrings = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : Array.isArray(v) ? v.map(lowerStrings) : v);

function checkValue(field: FieldInfo, value: unknown, path: string, faults: Faults): boolean {
  const ok = fitsScalarType(field.type, value) !== false;
  if (!ok) {
    if (field.type === 'DateTime') faults.add(path, 'expected a date from year 1 to 9999', 'an ISO 8601 date-time', 'INVALID_DATE_FORMAT');
    else faults.add(path, `expected a value of type ${field.type}`, field.type);
  }
  return ok;
}

/**
 * Whether the values compared for equality are of the field's closed set, when it has one (an
 * order's status, src/db/models.ts closedValues): another value would match nothing, silently,
 * so it is INVALID_ENUM_VALUE, as in a body. One fault per operator, naming every such value.
 */
function checkClosed(model: string, field: FieldInfo, values: unknown[], path: string, faults: Faults): boolean {
  const allowed = closedValues(model, field.name);
  if (!allowed) return true;
  const unknown = values.filter((v) => typeof v === 'string' && !allowed.includes(v));
  if (!unknown.length) return true;
  faults.list.push(enumFault(path, field.name, unknown, allowed));
  return false;
}

/** INVALID_ENUM_VALUE for values outside a field's closed set (`field`: the filter as sent, in REST its query parameter). */
export function enumFault(field: string, name: string, unknown: readonly unknown[], allowed: readonly string[]): FieldError {
  const shown = unknown.slice(0, 5).map((v) => `'${String(v).slice(0, 100)}'`).join(', ') + (unknown.length > 5 ? ', ...' : '');
  return {
    field,
    message: `${shown} ${unknown.length === 1 ? 'is not a value' : 'are not values'} of ${name}`,
    expected: `one of ${allowed.join(', ')}`,
    code: 'INVALID_ENUM_VALUE',
  };
}

function comparison(model: string, field: FieldInfo, exp: unknown, path: string, faults: Faults): PrismaWhere | undefined {
  if (exp === null || typeof exp !== 'object' || Array.isArray(exp)) {
    faults.add(path, 'expected an object of comparison operators', '{_eq: ...}');
    return undefined;
  }
  const out: PrismaWhere[] = [];
  for (const [op, raw] of Object.entries(exp as Record<string, unknown>)) {
    const p = `${path}.${op}`;
    if (raw === undefined) continue;
    // currencies are stored lowercase and taken in any case: `currency=EUR` finds eur
    const value = field.name === 'currency' && field.type === 'String' && (op === '_eq' || op === '_ne' || op === '_neq' || op === '_in' || op === '_nin') ? lowerStrings(raw) : raw;
    if (field.type === 'Json') {
      // Every JSON condition is two-valued, so that `_not` negates it as Hasura's does: a
      // row without the key does not have it (false), rather than SQL's unknown, which a NOT
      // keeps unknown and so dropped every such row from `_not: {_has_key}` and friends.
      // `(col #> path) IS NULL` (Prisma's DbNull on a path) is never unknown.
      const hasKey = (k: string): PrismaWhere => ({ NOT: { [field.name]: { path: [k], equals: DbNull } } });
      if (op === '_contains') {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          faults.add(p, 'expected an object of keys and values', '{"key": "value"}');
          continue;
        }
        // each key present with that value (the key's presence makes a missing key false)
        for (const [k, v] of Object.entries(value)) out.push({ AND: [hasKey(k), { [field.name]: { path: [k], equals: v } }] });
      } else if (op === '_has_key') {
        if (typeof value !== 'string') faults.add(p, 'expected a key name', 'string');
        else out.push(hasKey(value));
      } else if (op === '_is_null') {
        if (typeof value !== 'boolean') { faults.add(p, 'expected true or false', 'boolean'); continue; }
        // SQL NULL, as Hasura's _is_null (a stored JSON `null` is a value); a required column is never null
        if (!field.nullable) out.push(value ? matchNone() : matchAll());
        else out.push(value ? { [field.name]: { equals: DbNull } } : { NOT: { [field.name]: { equals: DbNull } } });
      } else {
        faults.add(p, `unknown operator for a JSON field`, JSON_OPERATORS.join(', '));
      }
      continue;
    }
    switch (op) {
      case '_eq': case '_ne': case '_neq': case '_gt': case '_gte': case '_lt': case '_lte': {
        if (value === null) { faults.add(p, 'null is not comparable; use _is_null', 'a value'); break; }
        if (!checkValue(field, value, p, faults)) break;
        if ((op === '_eq' || op === '_ne' || op === '_neq') && !checkClosed(model, field, [value], p, faults)) break;
        const prismaOp = { _eq: 'equals', _ne: 'not', _neq: 'not', _gt: 'gt', _gte: 'gte', _lt: 'lt', _lte: 'lte' }[op];
        out.push({ [field.name]: { [prismaOp]: value } });
        break;
      }
      case '_in': case '_nin': {
        if (!Array.isArray(value)) { faults.add(p, 'expected a list', '[...]'); break; }
        if (!value.every((v, i) => checkValue(field, v, `${p}[${i}]`, faults))) break;
        if (!checkClosed(model, field, value, p, faults)) break;
        out.push({ [field.name]: { [op === '_in' ? 'in' : 'notIn']: value } });
        break;
      }
      case '_like': case '_ilike': {
        if (field.type !== 'String') { faults.add(p, `${op} applies to text fields only`, '_eq, _in, _gt, ... for this field'); break; }
        if (typeof value !== 'string') { faults.add(p, 'expected a pattern string', 'string'); break; }
        checkPatternLength(value, p);
        const w = likeToPrisma(value, op === '_ilike', p, faults);
        if (w) out.push({ [field.name]: w });
        break;
      }
      case '_is_null': {
        if (typeof value !== 'boolean') { faults.add(p, 'expected true or false', 'boolean'); break; }
        // a required field is never null: true matches no row, false every row (spelled out:
        // Prisma would drop a bare {} from an OR and negate it oddly in a NOT)
        if (!field.nullable) out.push(value ? matchNone() : matchAll());
        else out.push(value ? { [field.name]: null } : { NOT: { [field.name]: null } });
        break;
      }
      default:
        faults.add(p, `unknown operator '${op}'`, COMPARISON_OPERATORS.join(', '));
    }
  }
  if (out.length === 0) return undefined;
  return out.length === 1 ? out[0] : { AND: out };
}

// Prisma does not give empty conditions (`{}`, `AND: []`, `OR: []`) their logical meaning
// inside OR and NOT: `_or: []` matched every row, so did `_not: {}`, and `_or: [x, {}]` matched
// only x. Hasura's (and logic's) meaning is spelled out instead: an empty expression is true
// (`customer: {}` = has a customer), an empty _or is false.
const matchNone = (): PrismaWhere => ({ id: { in: [] } });
const matchAll = (): PrismaWhere => ({ NOT: matchNone() });
const MATCH_ALL_JSON = JSON.stringify(matchAll());

function translate(model: string, exp: unknown, path: string, faults: Faults): PrismaWhere {
  if (exp === null || typeof exp !== 'object' || Array.isArray(exp)) {
    faults.add(path, 'expected a boolean expression object', '{field: {_op: value}}, _and, _or or _not');
    return {};
  }
  const info = modelInfo(model);
  const and: PrismaWhere[] = [];
  for (const [key, value] of Object.entries(exp as Record<string, unknown>)) {
    if (value === undefined) continue;
    const p = `${path}.${key}`;
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value)) { faults.add(p, 'expected a list of expressions', '[{...}, ...]'); continue; }
      const parts = value.map((v, i) => translate(model, v, `${p}[${i}]`, faults));
      if (parts.length === 0) {
        if (key === '_or') and.push(matchNone());
        continue;
      }
      and.push({ [key === '_and' ? 'AND' : 'OR']: parts });
      continue;
    }
    if (key === '_not') {
      and.push({ NOT: translate(model, value, p, faults) });
      continue;
    }
    const field = info.fields.get(key);
    if (!field) {
      faults.add(p, `unknown field '${key}' of ${model}`, [...info.fields.keys()].join(', '));
      continue;
    }
    if (field.kind === 'object') {
      faults.checkReadable(field.type, p);
      const sub = translate(field.type, value, p, faults);
      and.push({ [key]: field.isList ? { some: sub } : { is: sub } });
      continue;
    }
    if (field.isList) { faults.add(p, 'list fields cannot be filtered', 'a filterable field'); continue; }
    const c = comparison(model, field, value, p, faults);
    if (c) and.push(c);
  }
  if (and.length === 0) return matchAll();
  return and.length === 1 ? and[0] : { AND: and };
}

export function toPrismaWhere(model: string, exp: unknown, path = 'where', canRead?: CanRead): PrismaWhere {
  if (exp == null) return {};
  // bounds the nesting too: translate() recurses (GraphQL limits its inputs before this)
  checkWhereSize(exp, path);
  const nul = textFaults(exp, path);
  if (nul.length) throw ApiError.validation(nul);
  const faults = new Faults(canRead);
  const where = translate(model, exp, path, faults);
  faults.throwIfAny();
  return JSON.stringify(where) === MATCH_ALL_JSON ? {} : where; // no filter: no SQL noise
}

export const ORDER_DIRECTIONS = ['asc', 'asc_nulls_first', 'asc_nulls_last', 'desc', 'desc_nulls_first', 'desc_nulls_last'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

function orderItem(model: string, spec: unknown, path: string, faults: Faults, out: PrismaWhere[], prefix: string[] = []) {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    faults.add(path, 'expected an object such as {createdAt: desc}', '{field: asc | desc}');
    return;
  }
  const info = modelInfo(model);
  for (const [key, dir] of Object.entries(spec as Record<string, unknown>)) {
    if (dir === undefined) continue;
    const field = info.fields.get(key);
    const p = `${path}.${key}`;
    if (!field) { faults.add(p, `unknown field '${key}' of ${model}`, [...info.fields.keys()].join(', ')); continue; }
    if (field.kind === 'object') {
      if (field.isList) { faults.add(p, 'cannot order by a list relation', 'a field or a to-one relation'); continue; }
      faults.checkReadable(field.type, p);
      orderItem(field.type, dir, p, faults, out, [...prefix, key]);
      continue;
    }
    if (field.type === 'Json' || field.isList) { faults.add(p, 'this field cannot be ordered', 'a scalar field'); continue; }
    if (typeof dir !== 'string' || !(ORDER_DIRECTIONS as readonly string[]).includes(dir)) {
      faults.add(p, 'unknown direction', ORDER_DIRECTIONS.join(', '));
      continue;
    }
    const [sort, , nulls] = dir.split('_');
    let leaf: unknown = field.nullable && nulls ? { sort, nulls } : sort;
    // nest relation paths: {customer: {email: 'asc'}}
    const keys = [...prefix, key];
    for (let i = keys.length - 1; i >= 0; i--) leaf = { [keys[i]]: leaf };
    out.push(leaf as PrismaWhere);
  }
}

/** Hasura order_by (an object or a list of objects) to a Prisma orderBy list ending in the id tiebreaker. */
export function toPrismaOrderBy(model: string, orderBy: unknown, path = 'order_by', canRead?: CanRead): PrismaWhere[] {
  const faults = new Faults(canRead);
  const out: PrismaWhere[] = [];
  const list = orderBy == null ? [] : Array.isArray(orderBy) ? orderBy : [orderBy];
  list.forEach((spec, i) => orderItem(model, spec, Array.isArray(orderBy) ? `${path}[${i}]` : path, faults, out));
  faults.throwIfAny();
  if (!out.some((o) => 'id' in o)) {
    const lastDir = out.length ? Object.values(out[out.length - 1])[0] : 'desc';
    out.push({ id: typeof lastDir === 'string' ? lastDir : 'asc' });
  }
  return out;
}
