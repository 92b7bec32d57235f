// GraphQL input types derived from an operation's zod input schema (through its JSON
// Schema), so a mutation's GraphQL arguments can never drift from what the operation accepts.
import { z } from 'zod';
import { builder } from './builder.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TypeRef = any;

const made = new Map<string, TypeRef>();

function pascal(s: string): string {
  return s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** The GraphQL type of one JSON Schema node, and whether it admits null. */
function typeOf(schema: JsonSchema, name: string): { type: TypeRef; nullable: boolean } {
  if (schema.anyOf) {
    const nonNull = schema.anyOf.filter((s) => s.type !== 'null');
    const nullable = nonNull.length < schema.anyOf.length;
    if (nonNull.length === 1) return { type: typeOf(nonNull[0], name).type, nullable };
    return { type: 'JSON', nullable };
  }
  if (schema.enum && schema.enum.every((v) => typeof v === 'string')) {
    const enumName = pascal(name);
    if (!made.has(enumName)) made.set(enumName, builder.enumType(enumName, { values: schema.enum as string[] }));
    return { type: made.get(enumName), nullable: false };
  }
  switch (schema.type) {
    case 'string': return { type: 'String', nullable: false };
    case 'integer': return { type: 'Int', nullable: false };
    case 'number': return { type: 'Float', nullable: false };
    case 'boolean': return { type: 'Boolean', nullable: false };
    case 'array': {
      const inner = typeOf(schema.items ?? {}, name.replace(/s$/, ''));
      return { type: [inner.type], nullable: false };
    }
    case 'object':
      if (schema.properties && schema.additionalProperties === false) return { type: objectInput(schema, pascal(name)), nullable: false };
      return { type: 'JSON', nullable: false };
    default:
      return { type: 'JSON', nullable: false };
  }
}

function objectInput(schema: JsonSchema, typeName: string, omit: string[] = []): TypeRef {
  const existing = made.get(typeName);
  if (existing) return existing;
  const ref = builder.inputRef<Record<string, unknown>>(typeName);
  made.set(typeName, ref);
  ref.implement({
    fields: (t) =>
      Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => !omit.includes(key))
          .map(([key, prop]) => {
            const { type } = typeOf(prop, `${typeName}_${key}`);
            const required = (schema.required ?? []).includes(key) && !prop.anyOf;
            return [key, t.field({ type, required, description: prop.description })];
          }),
      ),
  });
  return ref;
}

/** An input object type named `name` with the fields of `schema`, less `omit` (e.g. the id argument). */
export function inputFromZod(name: string, schema: z.ZodType, omit: string[] = []): TypeRef {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return objectInput(json, name, omit);
}

/** Removes the keys GraphQL left undefined so the operation sees only what the caller sent. */
export function definedOnly(input: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== undefined));
}
