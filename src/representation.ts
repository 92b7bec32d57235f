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
  const out: Record<string, unknown> = { id: row.id, object: plan.objectName };
  if ('livemode' in row) out.livemode = row.livemode;
  for (const [name, key, scalar, type] of plan.fields) {
    const value = row[name];
    if (value === undefined) continue;
    if (scalar) {
      out[key] = value instanceof Date ? Math.floor(value.getTime() / 1000) : typeof value === 'bigint' ? value.toString() : value;
    } else {
      out[key] = Array.isArray(value)
        ? value.map((v) => present(type, v as Record<string, unknown>))
        : value === null ? null : present(type, value as Record<string, unknown>);
    }
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
