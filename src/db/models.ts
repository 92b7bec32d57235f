// What the public API may see of each Prisma model, derived from the generated datamodel:
// one source for the GraphQL filter inputs, the REST filter parser and the where translator.
import { getDatamodel } from '../generated/pothos-types.js';

let parsed: ReturnType<typeof getDatamodel> | undefined;

/**
 * The generated Prisma datamodel, parsed once and shared: getDatamodel() parses its 150 KB of
 * JSON on every call (a metadata update paid that, 0.6 ms of CPU, on every request). Read only;
 * publicDatamodel() gives a copy of one's own.
 */
export function datamodel(): ReturnType<typeof getDatamodel> {
  return (parsed ??= getDatamodel());
}

export type ScalarType = 'String' | 'Int' | 'Float' | 'Boolean' | 'DateTime' | 'Json' | 'BigInt' | 'Decimal';

export interface FieldInfo {
  name: string;
  kind: 'scalar' | 'object';
  type: string;
  nullable: boolean;
  isList: boolean;
}

export interface ModelInfo {
  name: string;
  fields: Map<string, FieldInfo>;
}

// Two annotations in prisma/schema.prisma's doc comments say what the public API may see:
// `/// @resource orders` on a model makes it public, guarded by that permission resource;
// `/// @internal` on a field hides it from every door (filters, sorting, representations,
// GraphQL). They are stripped from the descriptions GraphQL shows (publicDatamodel()).
const ANNOTATION = /^@(resource|internal)\b(.*)$/;

function annotations(doc: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of (doc ?? '').split('\n')) {
    const m = ANNOTATION.exec(line.trim());
    if (m) out.set(m[1], m[2].trim());
  }
  return out;
}

let resourceOf: Map<string, string> | undefined;

/** The permission resource (`<resource>:<action>`) that guards each public model. */
export function resourceOfModel(model: string): string | undefined {
  if (!resourceOf) {
    resourceOf = new Map();
    for (const [name, m] of Object.entries(datamodel().datamodel.models)) {
      const resource = annotations((m as { documentation?: string }).documentation).get('resource');
      if (resource) resourceOf.set(name, resource);
    }
  }
  return resourceOf.get(model);
}

/** Models reachable through the public API. */
export function isPublicModel(model: string): boolean {
  return resourceOfModel(model) !== undefined;
}

/** The datamodel with the annotation lines taken out of its doc comments, for GraphQL descriptions. */
export function publicDatamodel(): ReturnType<typeof getDatamodel> {
  const dm = getDatamodel();
  const clean = (doc: string | undefined) => {
    if (doc === undefined) return undefined;
    const kept = doc.split('\n').filter((l) => !ANNOTATION.test(l.trim())).join('\n').trim();
    return kept || undefined;
  };
  for (const m of Object.values(dm.datamodel.models) as unknown as { documentation?: string; fields: { documentation?: string }[] }[]) {
    m.documentation = clean(m.documentation);
    for (const f of m.fields) f.documentation = clean(f.documentation);
  }
  return dm;
}

/** Tenant columns: every query sets them itself; callers never filter, sort or see them. */
const HIDDEN_FIELDS = new Set(['accountId', 'account', 'livemode']);

const cache = new Map<string, ModelInfo>();

export function modelInfo(name: string): ModelInfo {
  let info = cache.get(name);
  if (info) return info;
  const raw = datamodel().datamodel.models[name];
  if (!raw) throw new Error(`unknown model ${name}`);
  const fields = new Map<string, FieldInfo>();
  for (const f of raw.fields) {
    if (HIDDEN_FIELDS.has(f.name) || annotations((f as { documentation?: string }).documentation).has('internal')) continue;
    if (f.kind === 'object' && !isPublicModel(f.type)) continue;
    if (f.kind !== 'scalar' && f.kind !== 'object') continue;
    fields.set(f.name, { name: f.name, kind: f.kind, type: f.type, nullable: !f.isRequired, isList: f.isList });
  }
  info = { name, fields };
  cache.set(name, info);
  return info;
}

// PostgreSQL timestamps have no year 0 (and JavaScript dates reach far past 9999): dates
// outside these years fail in the database, so every door refuses them as bad input.
const DATE_MIN_MS = Date.parse('0001-01-01T00:00:00Z');
const DATE_MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** A valid date from year 1 to 9999. */
export function dateInRange(d: Date): boolean {
  const ms = d.getTime();
  return !Number.isNaN(ms) && ms >= DATE_MIN_MS && ms <= DATE_MAX_MS;
}

/**
 * Whether a JavaScript value is one Prisma takes as is for a scalar of this type (the where
 * translator and the lean read path both check with it); undefined for types not checked here.
 */
export function fitsScalarType(type: string, v: unknown): boolean | undefined {
  switch (type) {
    case 'String': return typeof v === 'string';
    case 'Int': return Number.isSafeInteger(v);
    case 'Float': return typeof v === 'number' && Number.isFinite(v);
    case 'Boolean': return typeof v === 'boolean';
    case 'DateTime': return v instanceof Date && dateInRange(v);
    case 'BigInt': return typeof v === 'bigint';
    default: return undefined;
  }
}

/**
 * Fields that hold one of a closed set of values (an order's `status`), by model and field:
 * the list filters of both doors (REST query parameters, GraphQL `where`) refuse any other
 * value of `_eq`, `_neq`, `_in`, `_nin` as INVALID_ENUM_VALUE rather than match nothing.
 * Each area declares its own (`enums` of its module object, from the state machines and
 * input enums it already has); src/modules/index.ts hands them here.
 */
const closedSets = new Map<string, readonly string[]>();

export function declareClosedValues(byModel: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>): void {
  for (const [model, fields] of Object.entries(byModel)) {
    for (const [field, values] of Object.entries(fields)) closedSets.set(`${model}.${field}`, values);
  }
}

/** The values a field of a model may hold, when they are a closed set; undefined otherwise. */
export function closedValues(model: string, field: string): readonly string[] | undefined {
  return closedSets.get(`${model}.${field}`);
}

export function scalarFields(model: string): FieldInfo[] {
  return [...modelInfo(model).fields.values()].filter((f) => f.kind === 'scalar' && !f.isList);
}

export function relationFields(model: string): FieldInfo[] {
  return [...modelInfo(model).fields.values()].filter((f) => f.kind === 'object');
}
