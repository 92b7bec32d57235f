// Test helpers: a small JSON-Schema checker (the subset openapi.json uses) and pack builders.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Fact, Pack, Predicate, Rule, Scenario, Term } from '../../src/decision/engine/index.js';

export const STATIC_DIR = fileURLToPath(new URL('../../src/decision/static/', import.meta.url));
export const openapi = JSON.parse(readFileSync(STATIC_DIR + 'openapi.json', 'utf8'));

type Schema = Record<string, unknown>;

/**
 * Checks `value` against a component schema of openapi.json. With `closed`, objects must not
 * carry properties the schema does not declare (used to hold engine output to the spec).
 */
export function schemaErrors(value: unknown, schema: Schema | string, closed = false, path = '$'): string[] {
  if (typeof schema === 'string') schema = openapi.components.schemas[schema] as Schema;
  if (!schema) return [`${path}: unknown schema`];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return schemaErrors(value, name, closed, path);
  }
  const errs: string[] = [];
  const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
  if (types) {
    const t = typeOf(value);
    const ok = types.some((x) => x === t || (x === 'number' && t === 'integer'));
    if (!ok) return [`${path}: expected ${types.join('|')}, got ${t}`];
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) errs.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if ('const' in schema && schema.const !== value) errs.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
  if (typeof value === 'number' && typeof schema.minimum === 'number' && value < schema.minimum) errs.push(`${path}: below minimum`);
  if (typeof value === 'string' && typeof schema.maxLength === 'number' && value.length > schema.maxLength) errs.push(`${path}: too long`);
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errs.push(...schemaErrors(v, schema.items as Schema, closed, `${path}[${i}]`)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in (value as object))) errs.push(`${path}: missing required ${r}`);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      if (props[k]) errs.push(...schemaErrors(v, props[k], closed, `${path}.${k}`));
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        errs.push(...schemaErrors(v, schema.additionalProperties as Schema, closed, `${path}.${k}`));
      else if (schema.additionalProperties === false || (closed && schema.properties))
        errs.push(`${path}: unexpected property ${k}`);
    }
  }
  return errs;
}

export const P = (name: string, ...args: Term[]): Predicate => ({ name, args });
export const NOT = (name: string, ...args: Term[]): Predicate => ({ name, args, negated: true });
export const R = (name: string, ifs: Predicate[], then: Predicate[], effect?: Rule['effect']): Rule => ({
  name,
  if: ifs,
  then,
  ...(effect ? { effect } : {}),
});
export const F = (name: string, args: Term[], source?: string, age_secs?: number, extra: Fact['provenance'] = {}): Fact => ({
  predicate: { name, args },
  ...(source || Object.keys(extra ?? {}).length ? { provenance: { ...(source ? { source } : {}), ...extra } } : {}),
  ...(age_secs !== undefined ? { age_secs } : {}),
});

export function makePack(p: Partial<Pack> & { policy: Rule[] }): Pack {
  return {
    industry: 'test',
    questions: [],
    source_trust: { records: 'verified', crm: 'medium', customer: 'low' },
    routing: { act_threshold: 0.8, confirm_threshold: 0.6 },
    scenarios: [],
    ...p,
  };
}

export function scenario(facts: Fact[], message = 'no message', id = 's1'): Scenario {
  return { id, name: id, message, expectation: 'approved', facts };
}

export const NOW = '2025-06-01T12:00:00Z';
