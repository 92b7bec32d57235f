// `<list>Aggregate(where)` for every list model (Hasura's aggregates, flattened):
//
//   ordersAggregate(where: {currency: {_eq: "usd"}}) {
//     count  sum { amount }  avg { amount }  min { amount createdAt }  max { amount createdAt }
//     groups(by: [status]) { keys { status } count sum { amount } }
//   }
//
// Made by listAndGet (models.ts) for each list it makes, from the datamodel (src/db/aggregate.ts
// says which columns take what). `where` is the list's own `<Model>BoolExp`, translated and
// bounded by the same where translator (src/db/where.ts: WHERE_MAX_* limits, relation filters
// need their resource's read permission) and scoped to the caller's account and mode as the list
// is; the field needs the list's `<resource>:read`. Only the aggregates and columns the document
// selects are computed: one statement for the totals (when any is selected), one per `groups`.
// Sums of Int columns are exact integers typed Float (a sum passes Int's 32 bits); averages are
// Float; min and max keep their column's type (DateTime in ISO 8601, milliseconds). Costs as
// "analytics" in the rate limits (src/ratelimit/cost.ts: a root field whose name ends in Aggregate).
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { aggregateFilterReadable, authorizeAggregate } from '../auth/keys.js';
import { ApiError } from '../errors.js';
import {
  AGGREGATE_KINDS, AGGREGATE_MAX_GROUPS, aggregateColumns, aggregateGroups, aggregateRows, emptyRequest,
  type AggregateGroup, type AggregateRequest, type Aggregates,
} from '../db/aggregate.js';
import type { FieldInfo } from '../db/models.js';
import { toPrismaWhere } from '../db/where.js';
import { scopedWhere } from '../operations/operation.js';
import { builder, type GraphQLContext } from './builder.js';
import { boolExp } from './filters.js';
import { readableBy, scopeOf } from './models.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** The suffix of every aggregate root field; the rate limits cost a document by it (cost.ts). */
export const AGGREGATE_FIELD_SUFFIX = 'Aggregate';

interface AggregateParent {
  where: Record<string, unknown>;
  /** the totals of the selection, computed once when a field needs them */
  totals(): Promise<Aggregates>;
}

const SCALAR: Record<string, 'Int' | 'Float' | 'DateTime' | 'String' | 'Boolean'> = {
  Int: 'Int', Float: 'Float', DateTime: 'DateTime', String: 'String', Boolean: 'Boolean',
};

/** The fields a selection set selects, fragments followed (a field under a directive counts as selected). */
function selectedFields(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, out: FieldNode[] = [], seen = new Set<string>()): FieldNode[] {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === Kind.FIELD) out.push(sel);
    else if (sel.kind === Kind.INLINE_FRAGMENT) selectedFields(sel.selectionSet, info, out, seen);
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      selectedFields(info.fragments[sel.name.value]?.selectionSet, info, out, seen);
    }
  }
  return out;
}

/** The aggregates (and their columns) the field being resolved selects in its own selection. */
function requestOf(info: GraphQLResolveInfo, model: string): AggregateRequest {
  const cols = aggregateColumns(model);
  const allowed: Record<string, Set<string>> = {
    sum: new Set(cols.numeric.map((f) => f.name)), avg: new Set(cols.numeric.map((f) => f.name)),
    min: new Set(cols.ordered.map((f) => f.name)), max: new Set(cols.ordered.map((f) => f.name)),
  };
  const request = emptyRequest();
  for (const node of info.fieldNodes) {
    for (const field of selectedFields(node.selectionSet, info)) {
      const name = field.name.value;
      if (!(AGGREGATE_KINDS as readonly string[]).includes(name)) continue;
      const kind = name as keyof AggregateRequest;
      for (const col of selectedFields(field.selectionSet, info)) {
        if (allowed[kind].has(col.name.value) && !request[kind].includes(col.name.value)) request[kind].push(col.name.value);
      }
    }
  }
  return request;
}

const KIND_WORDS: Record<string, string> = { Sum: 'Sums', Avg: 'Averages', Min: 'Least values', Max: 'Greatest values' };

/** `<Model>Aggregate<Kind>`: one nullable field per column. */
function valuesType(model: string, kind: string, fields: FieldInfo[], typeOf: (f: FieldInfo) => string, describe: (f: FieldInfo) => string) {
  return builder.objectRef<Record<string, unknown>>(`${model}Aggregate${kind}`).implement({
    description: `${KIND_WORDS[kind]} of ${model} columns over the rows (null when no row has a value)`,
    fields: (t: Any) => Object.fromEntries(fields.map((f) => [f.name, t.field({
      type: typeOf(f), nullable: true, description: describe(f), resolve: (parent: Record<string, unknown>) => parent[f.name] ?? null,
    })])),
  });
}

interface AggregateTypes {
  sum?: ReturnType<typeof valuesType>;
  avg?: ReturnType<typeof valuesType>;
  min?: ReturnType<typeof valuesType>;
  max?: ReturnType<typeof valuesType>;
}

/** count, sum, avg, min, max fields of an aggregate type whose parent yields its Aggregates through `of`. */
function aggregateFields<P>(t: Any, types: AggregateTypes, of: (parent: P) => Aggregates | Promise<Aggregates>): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    count: t.int({ description: 'number of rows', resolve: async (p: P) => (await of(p)).count }),
  };
  for (const kind of AGGREGATE_KINDS) {
    const type = types[kind];
    if (type) fields[kind] = t.field({ type, resolve: async (p: P) => (await of(p))[kind] });
  }
  return fields;
}

/** `<listName>Aggregate(where)` for `model`, guarded by `<resource>:read`. */
export function aggregateField(model: string, listName: string, resource: string): void {
  const cols = aggregateColumns(model);
  const sumType = (f: FieldInfo) => (f.type === 'Int' ? 'Float' : SCALAR[f.type]);
  const types: AggregateTypes = {};
  if (cols.numeric.length) {
    types.sum = valuesType(model, 'Sum', cols.numeric, sumType, (f) => `sum of ${f.name}${f.type === 'Int' ? ' (an exact integer; Float because a sum may pass 32 bits)' : ''}`);
    types.avg = valuesType(model, 'Avg', cols.numeric, () => 'Float', (f) => `average of ${f.name}`);
  }
  if (cols.ordered.length) {
    types.min = valuesType(model, 'Min', cols.ordered, (f) => SCALAR[f.type], (f) => `least ${f.name}`);
    types.max = valuesType(model, 'Max', cols.ordered, (f) => SCALAR[f.type], (f) => `greatest ${f.name}`);
  }

  let groupsArg: Any;
  let groupType: Any;
  if (cols.groupable.length) {
    groupsArg = builder.enumType(`${model}AggregateGroupBy`, {
      description: `Columns of ${model} to group by`,
      values: Object.fromEntries(cols.groupable.map((f) => [f.name, { value: f.name }])),
    });
    const keysType = builder.objectRef<Record<string, unknown>>(`${model}AggregateGroupKeys`).implement({
      description: `The values of the grouped columns of a group of ${model} rows (null for a column not grouped by, or a null value)`,
      fields: (t: Any) => Object.fromEntries(cols.groupable.map((f) => [f.name, t.field({
        type: SCALAR[f.type], nullable: true, resolve: (keys: Record<string, unknown>) => keys[f.name] ?? null,
      })])),
    });
    groupType = builder.objectRef<AggregateGroup>(`${model}AggregateGroup`).implement({
      description: `Aggregates of one group of ${model} rows`,
      fields: (t: Any) => ({
        keys: t.field({ type: keysType, resolve: (g: AggregateGroup) => g.keys }),
        ...aggregateFields<AggregateGroup>(t, types, (g) => g),
      }),
    });
  }

  const aggregateType = builder.objectRef<AggregateParent>(`${model}Aggregate`).implement({
    description: `Aggregates of the ${model} rows a filter matches (of the caller's account and mode)`,
    fields: (t: Any) => ({
      ...aggregateFields<AggregateParent>(t, types, (p) => p.totals()),
      ...(groupType ? {
        groups: t.field({
          type: [groupType],
          description: `The aggregates per group of rows with equal values of \`by\`, ordered by those values (ascending, null last); at most ${AGGREGATE_MAX_GROUPS} groups, more is a VALIDATION_ERROR`,
          extensions: { maxItems: AGGREGATE_MAX_GROUPS }, // for the row limit of nested lists (list-fanout.ts)
          args: { by: t.arg({ type: [groupsArg], required: true }) },
          resolve: (p: AggregateParent, args: { by: string[] }, ctx: GraphQLContext, info: GraphQLResolveInfo) => {
            const by = [...new Set(args.by)];
            if (by.length === 0) throw ApiError.validation([{ field: 'groups.by', message: 'name at least one column to group by', expected: 'one or more columns' }]);
            return aggregateGroups(ctx.services.db, model, p.where, by, requestOf(info, model), 'groups.by');
          },
        }),
      } : {}),
    }),
  });

  builder.queryField(`${listName}${AGGREGATE_FIELD_SUFFIX}`, (t: Any) =>
    t.field({
      type: aggregateType,
      description: `Aggregates of ${model} rows of the caller's account and mode (permission ${resource}:read or analytics:read); \`where\` as in \`${listName}\`. Costs as analytics in the rate limits.`,
      args: { where: t.arg({ type: boolExp(model) }) },
      resolve: (_root: unknown, args: Any, ctx: GraphQLContext, info: GraphQLResolveInfo): AggregateParent => {
        authorizeAggregate(ctx.principal, resource);
        const where = scopedWhere(scopeOf(ctx), toPrismaWhere(model, args.where, 'where', aggregateFilterReadable(ctx.principal, readableBy(ctx))));
        const request = requestOf(info, model);
        let totals: Promise<Aggregates> | undefined;
        return { where, totals: () => (totals ??= aggregateRows(ctx.services.db, model, where, request)) };
      },
    }),
  );
}
