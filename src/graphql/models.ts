// Generic pieces for model-backed GraphQL types: scalar fields exposed from the datamodel,
// Hasura-style list queries, by-id lookups and mutations bound to domain operations.
import { ApiError, textFaults } from '../errors.js';
import { authorize, canReadResource } from '../auth/keys.js';
import { datamodel, resourceOfModel, scalarFields } from '../db/models.js';
import { toPrismaOrderBy, toPrismaWhere, type CanRead } from '../db/where.js';
import { leanFindById, leanFindMany } from '../db/lean-read.js';
import { answeredLean } from './relations.js';
import { executeMutation, executeMutationById, scopedWhere, type MutationOperation, type Scope } from '../operations/operation.js';
import { builder, callContext, type GraphQLContext } from './builder.js';
import { boolExp, orderBy } from './filters.js';
import { aggregateField } from './aggregate.js';
import { definedOnly, inputFromZod } from './zod-input.js';
import { z } from 'zod';
import { getNamedType, isObjectType, Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export const LIST_LIMIT_MAX = 100;
export const OFFSET_MAX = 10_000;

/** Which related models the caller may filter, sort or read through (their resource's read permission). */
export function readableBy(ctx: GraphQLContext): CanRead {
  return (model) => canReadResource(ctx.principal, resourceOfModel(model) ?? model);
}

/**
 * The `query` of a relation into another resource (Order.customer, OrderItem.product,
 * Customer.orders): reading through it needs that resource's read permission, as a REST
 * expansion does, so a key with only `orders:read` cannot see customers via orders.
 */
export function guardedRelation<Q extends object>(resource: string, query: Q = {} as Q) {
  return (_args: unknown, ctx: GraphQLContext): Q => {
    authorize(ctx.principal, `${resource}:read`);
    return query;
  };
}

export function scopeOf(ctx: GraphQLContext): Scope {
  return { accountId: ctx.principal.accountId, livemode: ctx.principal.livemode };
}

function delegate(ctx: GraphQLContext, model: string): Any {
  return (ctx.services.db.prisma as Any)[model[0].toLowerCase() + model.slice(1)];
}

/**
 * Pothos's `query` (the includes of the requested relations) turned into a Prisma `select`
 * of just the requested scalar columns plus those relations: a list of 50 orders asking
 * for 5 fields reads 5 columns, not 15. Falls back to `query` when the selection uses
 * anything it does not follow (directives), so a field is never missing from a row.
 */
export function narrowed(query: { include?: Record<string, unknown>; select?: unknown }, info: GraphQLResolveInfo, model: string): Record<string, unknown> {
  if (query.select) return query;
  const columns = columnsOfFields(info, model);
  if (!columns) return query;
  const select: Record<string, unknown> = { id: true };
  const visit = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): boolean => {
    for (const sel of selectionSet?.selections ?? []) {
      if (sel.directives?.length) return false;
      if (sel.kind === Kind.FIELD) {
        const name = sel.name.value;
        const column = columns.get(name);
        if (column) select[column] = true;
        // a field computed in code may read any column: the whole row
        else if (column === null && !(query.include && name in query.include)) return false;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (!visit(sel.selectionSet, seen)) return false;
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const name = sel.name.value;
        if (seen.has(name)) continue;
        seen.add(name);
        if (!visit(info.fragments[name]?.selectionSet, seen)) return false;
      }
    }
    return true;
  };
  for (const node of info.fieldNodes) if (!visit(node.selectionSet, new Set())) return query;
  for (const [relation, args] of Object.entries(query.include ?? {})) select[relation] = args;
  return { select };
}

const fieldColumns = new WeakMap<object, Map<string, string | null | undefined>>();

/**
 * For each field of the model's GraphQL type: the column it shows (an exposed scalar, under its
 * own name or another: `transactionHash` shows `hash`; list columns too, as a webhook endpoint's
 * `events`), null for a field computed in code, undefined for `__typename` and relations (which
 * Pothos's include carries). Undefined when the type is not the model's object type.
 */
function columnsOfFields(info: GraphQLResolveInfo, model: string): Map<string, string | null | undefined> | undefined {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type) || type.name !== model) return undefined;
  let map = fieldColumns.get(type);
  if (!map) {
    map = new Map<string, string | null | undefined>();
    const raw = datamodel().datamodel.models[model] as { fields: readonly { name: string; kind: string }[] } | undefined;
    const kinds = new Map((raw?.fields ?? []).map((f) => [f.name, f.kind]));
    for (const [name, field] of Object.entries(type.getFields())) {
      const exposed = (field.extensions as { pothosExposedField?: string } | undefined)?.pothosExposedField ?? name;
      const kind = kinds.get(exposed);
      map.set(name, kind === 'scalar' ? exposed : kind === 'object' ? undefined : null);
    }
    fieldColumns.set(type, map);
  }
  return map;
}

/** `t.expose…` for every public scalar field of a model. */
export function scalarExposures(t: Any, model: string): Record<string, Any> {
  const out: Record<string, Any> = {};
  for (const f of scalarFields(model)) {
    const nullable = f.nullable;
    if (f.name === 'id') out.id = t.exposeID('id');
    else if (f.type === 'String') out[f.name] = t.exposeString(f.name, { nullable });
    else if (f.type === 'Int') out[f.name] = t.exposeInt(f.name, { nullable });
    else if (f.type === 'Boolean') out[f.name] = t.exposeBoolean(f.name, { nullable });
    else if (f.type === 'Float') out[f.name] = t.exposeFloat(f.name, { nullable });
    else if (f.type === 'DateTime') out[f.name] = t.expose(f.name, { type: 'DateTime', nullable });
    else if (f.type === 'Json') out[f.name] = t.expose(f.name, { type: 'JSON', nullable });
  }
  return out;
}

export function checkPage(limit: number | null | undefined, offset: number | null | undefined) {
  const faults = [];
  if (limit != null && (limit < 0 || limit > LIST_LIMIT_MAX)) faults.push({ field: 'limit', message: `must be between 0 and ${LIST_LIMIT_MAX}`, expected: `0..${LIST_LIMIT_MAX}` });
  if (offset != null && (offset < 0 || offset > OFFSET_MAX)) faults.push({ field: 'offset', message: `must be between 0 and ${OFFSET_MAX}`, expected: `0..${OFFSET_MAX}` });
  if (faults.length) throw ApiError.validation(faults);
  return { take: limit ?? LIST_LIMIT_MAX, skip: offset ?? 0 };
}

/** `orders(where, order_by, limit, offset)`, `ordersAggregate(where)` (aggregate.ts) and `order(id)`. */
export function listAndGet(model: string, listName: string, oneName: string, resource: string) {
  aggregateField(model, listName, resource);
  builder.queryField(listName, (t: Any) =>
    t.prismaField({
      type: [model],
      description: `${model} rows of the caller's account and mode, Hasura style; limit at most ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_MAX})`,
      extensions: { maxItems: LIST_LIMIT_MAX }, // for the row limit of nested lists (list-fanout.ts)
      args: {
        where: t.arg({ type: boolExp(model) }),
        order_by: t.arg({ type: [orderBy(model)] }),
        limit: t.arg.int(),
        offset: t.arg.int(),
      },
      resolve: (query: Any, _root: unknown, args: Any, ctx: GraphQLContext, info: GraphQLResolveInfo) => {
        authorize(ctx.principal, `${resource}:read`);
        const page = checkPage(args.limit, args.offset);
        const findMany = {
          ...narrowed(query, info, model),
          where: scopedWhere(scopeOf(ctx), toPrismaWhere(model, args.where, 'where', readableBy(ctx))),
          orderBy: args.order_by?.length ? toPrismaOrderBy(model, args.order_by, 'order_by', readableBy(ctx)) : [{ createdAt: 'desc' }, { id: 'desc' }],
          ...page,
        };
        // selections without relations take the lean path; Prisma answers the rest
        const lean = leanFindMany(ctx.services.db, model, findMany);
        if (!lean) return delegate(ctx, model).findMany(findMany);
        answeredLean(ctx, info.path);
        return lean;
      },
    }),
  );
  builder.queryField(oneName, (t: Any) =>
    t.prismaField({
      type: model,
      nullable: true,
      args: { id: t.arg.id({ required: true }) },
      resolve: (query: Any, _root: unknown, args: Any, ctx: GraphQLContext, info: GraphQLResolveInfo) => {
        authorize(ctx.principal, `${resource}:read`);
        // text the database cannot take (a NUL) names the argument, as every input's does
        const faults = textFaults(String(args.id), 'id');
        if (faults.length) throw ApiError.validation(faults);
        const where = scopedWhere(scopeOf(ctx), { id: String(args.id) });
        const shape = narrowed(query, info, model);
        const lean = leanFindById(ctx.services.db, model, where, shape);
        if (!lean) return delegate(ctx, model).findFirst({ ...shape, where });
        answeredLean(ctx, info.path);
        return lean;
      },
    }),
  );
}

/**
 * A mutation bound to a domain operation. With `byId`, the operation's `id` is a separate
 * argument (`cancelOrder(id: ..., input: ...)`). The result is read back with the
 * selection's includes, so nested fields cost no extra queries.
 */
export function mutationField(
  fieldName: string, op: MutationOperation<Any, Any>, opts: { byId?: boolean; inputRequired?: boolean } = {},
) {
  const inputName = `${fieldName[0].toUpperCase()}${fieldName.slice(1)}Input`;
  const shape = (op.input as z.ZodObject).shape as Record<string, unknown>;
  const hasMore = Object.keys(shape).some((k) => !(opts.byId && k === 'id'));
  const inputType = hasMore ? inputFromZod(inputName, op.input, opts.byId ? ['id'] : []) : undefined;
  builder.mutationField(fieldName, (t: Any) =>
    t.prismaField({
      type: op.model,
      args: {
        ...(opts.byId ? { id: t.arg.id({ required: true }) } : {}),
        ...(inputType ? { input: t.arg({ type: inputType, required: opts.inputRequired ?? !opts.byId }) } : {}),
      },
      resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
        const raw = definedOnly(args.input);
        const result = opts.byId
          ? await executeMutationById(op, callContext(ctx), { ...raw, id: String(args.id) })
          : await executeMutation(op, callContext(ctx), raw);
        return delegate(ctx, op.model).findUniqueOrThrow({ ...query, where: { id: result.id } });
      },
    }),
  );
}

/**
 * A deletion mutation (`deleteOrder(id)`): runs `op` and answers `{id, deleted: true}` as its
 * own small type (`DeletedOrder`), since the row is gone.
 */
export function deletionField(fieldName: string, typeName: string, op: MutationOperation<Any, Any>, description?: string): void {
  const Deleted = builder.objectRef<{ id: string; deleted: boolean }>(typeName).implement({
    ...(description ? { description } : {}),
    fields: (t) => ({ id: t.exposeID('id'), deleted: t.exposeBoolean('deleted') }),
  });
  builder.mutationField(fieldName, (t) =>
    t.field({
      type: Deleted,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const result = await executeMutationById(op, callContext(ctx), { id: String(args.id) });
        return { id: result.id, deleted: true };
      },
    }),
  );
}
