// JSON schemas of the OpenAPI document made self-contained for MCP: a tool's inputSchema and
// outputSchema travel alone (no `components`), so every `#/components/schemas/X` they use is
// copied under `$defs` and its references rewritten to `#/$defs/X`.

export type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** The component a `$ref` names, if it names one. */
export function componentOf(schema: unknown): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const ref = (schema as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? COMPONENT_REF.exec(ref)?.[1] : undefined;
}

/** A deep copy of `schema` with component references rewritten, noting each component used. */
function rewrite(schema: unknown, used: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rewrite(s, used));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === '$ref' && typeof v === 'string') {
      const name = COMPONENT_REF.exec(v)?.[1];
      if (name !== undefined) {
        used.add(name);
        out.$ref = `#/$defs/${name}`;
        continue;
      }
    }
    // the draft named by `$schema` is not the one MCP clients validate with; leave it out
    if (k === '$schema') continue;
    out[k] = rewrite(v, used);
  }
  return out;
}

/** A model representation: an object whose `id` and `object` are always there. */
export function isRepresentation(def: unknown): boolean {
  const d = def as { type?: unknown; required?: unknown; properties?: Record<string, unknown> } | undefined;
  return d?.type === 'object' && Array.isArray(d.required) && d.required.includes('id') && d.required.includes('object') && Boolean(d.properties?.object);
}

/** What stands for a representation nested in another (an expandable relation): its id and kind. */
function nestedStub(name: string, def: JsonSchema): JsonSchema {
  const props = def.properties as Record<string, unknown>;
  return {
    type: 'object',
    description: `the ${name} representation (its fields: components.schemas.${name} of commerce://openapi.json)`,
    properties: { id: props.id ?? { type: 'string' }, object: props.object },
    required: ['id', 'object'],
  };
}

/**
 * `schema` standing alone: the components it references (transitively) under `$defs`.
 * `adjust` may change each copied component (by name) before it is added. With `shallow`, a
 * representation referenced only from another component (a relation that `expand[]` embeds) is
 * described by its id and kind, not in full: a tool's schema stays the size of its own answer.
 */
export function selfContained(
  schema: JsonSchema, components: Record<string, unknown>,
  opts: { adjust?: (name: string, def: JsonSchema) => JsonSchema; shallow?: boolean } = {},
): JsonSchema {
  const used = new Set<string>();
  const root = rewrite(schema, used) as JsonSchema;
  const defs: Record<string, JsonSchema> = {};
  // breadth first: what the root names directly is described in full (a list's items), unless
  // the root is a representation itself (then what it names are its relations)
  const rootIsRepresentation = isRepresentation(schema);
  const queue = [...used].map((name) => ({ name, direct: !rootIsRepresentation }));
  while (queue.length) {
    const { name, direct } = queue.shift()!;
    if (name in defs) continue;
    const component = components[name];
    if (!direct && opts.shallow && isRepresentation(component)) {
      defs[name] = nestedStub(name, component as JsonSchema);
      continue;
    }
    const more = new Set<string>();
    // an unknown component is described as anything rather than left dangling
    let def = component === undefined ? {} : (rewrite(component, more) as JsonSchema);
    if (opts.adjust) def = opts.adjust(name, def);
    defs[name] = def;
    for (const n of more) if (!(n in defs)) queue.push({ name: n, direct: false });
  }
  const existing = root.$defs as Record<string, unknown> | undefined;
  return Object.keys(defs).length ? { ...root, $defs: { ...(existing ?? {}), ...defs } } : root;
}

/** The schema itself when it is a `$ref` to a component (resolved one level), else unchanged. */
export function resolveTop(schema: unknown, components: Record<string, unknown>): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const name = componentOf(schema);
  if (name === undefined) return schema as JsonSchema;
  const target = components[name];
  return target && typeof target === 'object' ? (target as JsonSchema) : undefined;
}

/** Whether a schema is a plain object schema whose properties can be merged with others. */
export function isPlainObjectSchema(schema: JsonSchema | undefined): schema is JsonSchema & { properties?: Record<string, unknown> } {
  if (!schema) return false;
  if (schema.type !== 'object') return false;
  return !['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'patternProperties'].some((k) => k in schema);
}
