// Relation fields of rows the lean read loaded, answered from the row itself.
//
// Pothos's prisma plugin resolves every relation field (`Order.items`, `OrderItem.product`) by
// first looking up the "loader mapping" recorded for the field's response path, to make sure the
// parent row was loaded by a plan that selected this relation with this field's arguments; only
// then does it hand back `parent[relation]`. The lookup builds the path's key string for every
// row (graphql-jit creates new path objects per row, so its memo never hits) and records weak
// references: on the nested benchmark query (50 orders with their items) it was about a tenth of
// the server's CPU per request.
//
// A root field answered by the lean read (src/db/lean-read.ts) loaded every row below it, at
// every depth, from the plan Pothos built for this very selection, in one statement: the
// relation is on the row exactly when the selection asked for it. For those rows, and for
// relation fields without arguments (the schema's relations take none, so two aliases of one
// relation always mean the same rows), the relation is read off the row; everything else (rows
// that Prisma loaded, a relation the row lacks) goes through Pothos as before.
import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from './builder.js';

type Path = { prev: Path | undefined; key: string | number };

/** The response key of the root field a path descends from. */
function rootKey(path: Path): string | number {
  let p = path;
  while (p.prev) p = p.prev;
  return p.key;
}

/** Records that the root field at `path` was answered by the lean read. */
export function answeredLean(ctx: GraphQLContext, path: Path): void {
  (ctx.leanRoots ??= new Set()).add(String(rootKey(path)));
}

/** Wraps every relation field of `schema` so that rows of a lean root answer it themselves. */
export function readRelationsOffLeanRows(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const relation = field.extensions?.pothosPrismaRelationField as { name: string } | undefined;
      if (!relation || field.args.length || !field.resolve) continue;
      const viaPothos = field.resolve as GraphQLFieldResolver<Record<string, unknown>, GraphQLContext>;
      const name = relation.name;
      field.resolve = (parent: Record<string, unknown>, args, ctx: GraphQLContext, info) => {
        const value = parent[name];
        if (value !== undefined && ctx.leanRoots?.has(String(rootKey(info.path as Path)))) return value;
        return viaPothos(parent, args, ctx, info);
      };
    }
  }
}
