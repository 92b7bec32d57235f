// What the public API may see of each Prisma model, derived from the generated datamodel:
// one source for the GraphQL filter inputs, the REST filter parser and the where translator.
import { getDatamodel } from '../generated/pothos-types.js';

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

/** Models reachable through the public API. */
export const PUBLIC_MODELS = ['Customer', 'Product', 'Order', 'OrderItem'] as const;
export type PublicModel = (typeof PUBLIC_MODELS)[number];

/** Tenant columns: every query sets them itself; callers never filter, sort or see them. */
const HIDDEN_FIELDS = new Set(['accountId', 'account', 'livemode']);

const cache = new Map<string, ModelInfo>();

export function modelInfo(name: string): ModelInfo {
  let info = cache.get(name);
  if (info) return info;
  const raw = getDatamodel().datamodel.models[name];
  if (!raw) throw new Error(`unknown model ${name}`);
  const fields = new Map<string, FieldInfo>();
  for (const f of raw.fields) {
    if (HIDDEN_FIELDS.has(f.name)) continue;
    if (f.kind === 'object' && !(PUBLIC_MODELS as readonly string[]).includes(f.type)) continue;
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

export function scalarFields(model: string): FieldInfo[] {
  return [...modelInfo(model).fields.values()].filter((f) => f.kind === 'scalar' && !f.isList);
}

export function relationFields(model: string): FieldInfo[] {
  return [...modelInfo(model).fields.values()].filter((f) => f.kind === 'object');
}

/** The permission resource (`<resource>:<action>`) that guards each public model. */
export const RESOURCE_OF: Record<PublicModel, string> = { Customer: 'customers', Product: 'products', Order: 'orders', OrderItem: 'orders' };
