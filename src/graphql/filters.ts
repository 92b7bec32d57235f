// One generic mechanism that builds Hasura-style inputs for every public model from the
// datamodel: `<Model>BoolExp` (per-field comparison operators, _and/_or/_not, relation
// filters) and `<Model>OrderBy`. src/db/where.ts translates what they carry into Prisma.
// Field maps are built from data at run time, so their static types stay open.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DynamicFields = Record<string, any>;
import { builder } from './builder.js';
import { modelInfo, type FieldInfo } from '../db/models.js';
import { ORDER_DIRECTIONS } from '../db/where.js';

type AnyInputRef = ReturnType<typeof builder.inputRef<Record<string, unknown>>>;

const SCALAR_GRAPHQL: Record<string, 'String' | 'Int' | 'Float' | 'Boolean' | 'DateTime' | 'JSON'> = {
  String: 'String', Int: 'Int', Float: 'Float', Boolean: 'Boolean', DateTime: 'DateTime', Json: 'JSON',
};

export const OrderByDirection = builder.enumType('OrderBy', {
  description: 'Sort direction, with the place of nulls for nullable fields (Hasura spelling)',
  values: Object.fromEntries(ORDER_DIRECTIONS.map((d) => [d, { value: d }])),
});

const comparisonTypes = new Map<string, AnyInputRef>();

function comparisonExp(scalar: string): AnyInputRef {
  const existing = comparisonTypes.get(scalar);
  if (existing) return existing;
  const gql = SCALAR_GRAPHQL[scalar];
  const ref = builder.inputRef<Record<string, unknown>>(`${gql}ComparisonExp`);
  comparisonTypes.set(scalar, ref);
  if (gql === 'JSON') {
    ref.implement({
      description: 'Filters on a JSON object field',
      fields: (t): DynamicFields => ({
        _contains: t.field({ type: 'JSON', description: 'the object contains these keys with these values' }),
        _has_key: t.string({ description: 'the object has this key' }),
        _is_null: t.boolean(),
      }),
    });
    return ref;
  }
  ref.implement({
    description: `Comparison operators on ${gql} fields`,
    fields: (t) => {
      const one = () => t.field({ type: gql });
      const fields: DynamicFields = {
        _eq: one(), _ne: one(), _neq: t.field({ type: gql, description: 'Hasura spelling of _ne' }),
        _gt: one(), _gte: one(), _lt: one(), _lte: one(),
        _in: t.field({ type: [gql] }), _nin: t.field({ type: [gql] }),
        _is_null: t.boolean(),
      };
      if (gql === 'String') {
        fields._like = t.string({ description: "SQL LIKE: a literal, 'prefix%', '%suffix' or '%infix%'" });
        fields._ilike = t.string({ description: '_like, case-insensitive' });
      }
      return fields;
    },
  });
  return ref;
}

const boolExps = new Map<string, AnyInputRef>();
const orderBys = new Map<string, AnyInputRef>();

export function boolExp(model: string): AnyInputRef {
  const existing = boolExps.get(model);
  if (existing) return existing;
  const ref = builder.inputRef<Record<string, unknown>>(`${model}BoolExp`);
  boolExps.set(model, ref);
  ref.implement({
    description: `Boolean expression to filter ${model} rows (Hasura style)`,
    fields: (t) => {
      const fields: DynamicFields = {
        _and: t.field({ type: [ref] }),
        _or: t.field({ type: [ref] }),
        _not: t.field({ type: ref }),
      };
      for (const f of modelInfo(model).fields.values()) {
        const type = fieldFilterType(f);
        if (type) fields[f.name] = t.field({ type, description: f.kind === 'object' && f.isList ? `matches when any ${f.name} matches` : undefined });
      }
      return fields;
    },
  });
  return ref;
}

function fieldFilterType(f: FieldInfo): AnyInputRef | undefined {
  if (f.kind === 'object') return boolExp(f.type);
  if (f.isList || !SCALAR_GRAPHQL[f.type]) return undefined;
  return comparisonExp(f.type);
}

export function orderBy(model: string): AnyInputRef {
  const existing = orderBys.get(model);
  if (existing) return existing;
  const ref = builder.inputRef<Record<string, unknown>>(`${model}OrderBy`);
  orderBys.set(model, ref);
  ref.implement({
    description: `Ordering of ${model} rows; list several for tie-breaks`,
    fields: (t) => {
      const fields: DynamicFields = {};
      for (const f of modelInfo(model).fields.values()) {
        if (f.kind === 'object') {
          if (!f.isList) fields[f.name] = t.field({ type: orderBy(f.type) });
        } else if (!f.isList && f.type !== 'Json' && SCALAR_GRAPHQL[f.type]) {
          fields[f.name] = t.field({ type: OrderByDirection });
        }
      }
      return fields;
    },
  });
  return ref;
}
