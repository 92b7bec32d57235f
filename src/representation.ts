// The REST/webhook representation of a row: snake_case keys, Unix-second timestamps,
// foreign keys named after their relation (`customerId` -> `customer`), included relations
// in place (a to-one relation replaces its id: Stripe's expansion). One generic mapping for
// every model, also used in reverse to read REST filter and sort names.
import { modelInfo, type FieldInfo } from './db/models.js';

const RENAMES: Record<string, string> = { createdAt: 'created', updatedAt: 'updated' };

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** REST name of a model field. */
export function restName(field: FieldInfo, model: string): string {
  if (RENAMES[field.name]) return RENAMES[field.name];
  if (field.name.endsWith('Id') && modelInfo(model).fields.get(field.name.slice(0, -2))?.kind === 'object') {
    return snake(field.name.slice(0, -2));
  }
  return snake(field.name);
}

const reverseCache = new Map<string, Map<string, FieldInfo>>();

/** The model field behind a REST name (`created` -> createdAt, `customer` -> customerId). */
export function fieldForRestName(model: string, name: string): FieldInfo | undefined {
  let map = reverseCache.get(model);
  if (!map) {
    map = new Map();
    for (const f of modelInfo(model).fields.values()) {
      if (f.kind === 'scalar') map.set(restName(f, model), f);
      else if (!map.has(snake(f.name))) map.set(snake(f.name), f);
    }
    // a relation name maps to its foreign key for filtering (`customer_eq=cus_...`)
    reverseCache.set(model, map);
  }
  return map.get(name);
}

interface PresentPlan {
  objectName: string;
  /** [model field, REST key, scalar?, related model] in datamodel order */
  fields: Array<[string, string, boolean, string]>;
  /** compiled mappings by the set of fields a row carries (presentFields) */
  makers: Map<number, (row: Record<string, unknown>) => Record<string, unknown>>;
}

const plans = new Map<string, PresentPlan>();

/** The key mapping of a model, worked out once: present() runs for every row of every list. */
function planFor(model: string): PresentPlan {
  let plan = plans.get(model);
  if (!plan) {
    plan = {
      objectName: snake(model).replace(/^_/, ''),
      fields: [...modelInfo(model).fields.values()]
        .filter((f) => f.name !== 'id')
        .map((f) => [f.name, f.kind === 'scalar' ? restName(f, model) : snake(f.name), f.kind === 'scalar', f.type]),
      makers: new Map(),
    };
    plans.set(model, plan);
  }
  return plan;
}

const presenters = new Map<string, (row: Record<string, unknown>) => Record<string, unknown>>();

/**
 * A model whose representation is not the generic mapping (the stablecoin's resources show
 * their micro-unit amounts as decimal strings, addresses in checksum case): registered by its area.
 */
export function registerPresenter(model: string, fn: (row: Record<string, unknown>) => Record<string, unknown>): void {
  presenters.set(model, fn);
}

export function present(model: string, row: Record<string, unknown>): Record<string, unknown> {
  const custom = presenters.get(model);
  return custom ? custom(row) : presentFields(model, row);
}

/** The generic mapping of a row's fields (what a registered presenter may build on). */
export function presentFields(model: string, row: Record<string, unknown>): Record<string, unknown> {
  const plan = planFor(model);
  if (plan.fields.length > 52) return presentGenerically(model, row, plan);
  // which fields the row carries, one bit each (livemode's presence the lowest): the compiled
  // mapping for that set writes exactly those keys
  let carried = 'livemode' in row ? 1 : 0;
  for (let i = 0, bit = 2; i < plan.fields.length; i++, bit *= 2) if (row[plan.fields[i][0]] !== undefined) carried += bit;
  const make = plan.makers.get(carried) ?? makerFor(plan, carried);
  return make ? make(row) : presentGenerically(model, row, plan);
}

type Presenter = (row: Record<string, unknown>) => Record<string, unknown>;

/**
 * The mapping of one model and one set of carried fields, compiled into a function that builds
 * the representation as a single object literal. Built key by key, a representation of more
 * than about 16 keys (an order has 30) becomes a dictionary-mode object in V8: several times the
 * garbage, and slower to serialize. A handful of field sets occur per model; past a bound, the
 * generic loop answers.
 */
function makerFor(plan: PresentPlan, carried: number): Presenter | undefined {
  if (plan.makers.size >= 32) return undefined;
  const parts = ['id: row.id', `object: ${JSON.stringify(plan.objectName)}`];
  if (carried % 2) parts.push('livemode: row.livemode');
  plan.fields.forEach(([name, key, scalar, type], i) => {
    if (Math.floor(carried / 2 ** (i + 1)) % 2 === 0) return;
    const value = `row[${JSON.stringify(name)}]`;
    parts.push(`${JSON.stringify(key)}: ${scalar ? `scalar(${value})` : `related(${JSON.stringify(type)}, ${value})`}`);
  });
  if (parts.some((p) => p.startsWith('"__proto__"'))) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the datamodel's, quoted by JSON.stringify
  const make = new Function('scalar', 'related', `return function (row) { return { ${parts.join(', ')} }; };`)(scalarValue, relatedValue) as Presenter;
  plan.makers.set(carried, make);
  return make;
}

const scalarValue = (value: unknown) => (value instanceof Date ? Math.floor(value.getTime() / 1000) : typeof value === 'bigint' ? value.toString() : value);
const relatedValue = (type: string, value: unknown) => (Array.isArray(value)
  ? value.map((v) => present(type, v as Record<string, unknown>))
  : value === null ? null : present(type, value as Record<string, unknown>));

/** The mapping built key by key: the reference for the compiled ones (tests), and their fallback. */
export function presentGenerically(model: string, row: Record<string, unknown>, plan = planFor(model)): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, object: plan.objectName };
  if ('livemode' in row) out.livemode = row.livemode;
  for (const [name, key, scalar, type] of plan.fields) {
    const value = row[name];
    if (value === undefined) continue;
    out[key] = scalar ? scalarValue(value) : relatedValue(type, value);
  }
  return out;
}

/** previous_attributes of an update event: the old values, in representation, of what changed. */
export function previousAttributes(model: string, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const old = present(model, before);
  const now = present(model, after);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(old)) {
    if (k !== 'updated' && JSON.stringify(v) !== JSON.stringify(now[k])) out[k] = v;
  }
  return out;
}
