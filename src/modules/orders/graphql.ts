// GraphQL door of orders: Order and OrderItem types, queries, mutations (hold, release and
// delete included), subscription.
import { filter, map, pipe } from 'graphql-yoga';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { authorize } from '../../auth/keys.js';
import { toPrismaWhere } from '../../db/where.js';
import type { BusMessage } from '../../events/bus.js';
import { builder, type GraphQLContext } from '../../graphql/builder.js';
import { boolExp } from '../../graphql/filters.js';
import { deletionField, guardedRelation, listAndGet, mutationField, narrowed, readableBy, scalarExposures, scopeOf } from '../../graphql/models.js';
import { scopedWhere } from '../../operations/operation.js';
import { eventReads } from '../../graphql/event-reads.js';
import { leanFindById, type LeanDatabase } from '../../db/lean-read.js';
import { cancelOrder, createOrder, deleteOrder, fulfillOrder, holdOrder, releaseOrder, updateOrder } from './operations.js';

export function registerOrdersGraphQL(): void {
  builder.prismaObject('Order', {
    description: 'An order. amount is the sum of its items in minor units of currency.',
    fields: (t) => ({
      ...scalarExposures(t, 'Order'),
      customer: t.relation('customer', { nullable: true, query: guardedRelation('customers') }),
      // createOrder takes at most 1000 items; the bound feeds the row limit of nested lists
      items: t.relation('items', { query: { orderBy: { position: 'asc' } }, extensions: { maxItems: 1000 } }),
    }),
  });

  builder.prismaObject('OrderItem', {
    description: 'A line of an order',
    fields: (t) => ({
      ...scalarExposures(t, 'OrderItem'),
      product: t.relation('product', { nullable: true, query: guardedRelation('products') }),
    }),
  });

  listAndGet('Order', 'orders', 'order', 'orders');
  mutationField('createOrder', createOrder);
  mutationField('updateOrder', updateOrder, { byId: true, inputRequired: true });
  mutationField('fulfillOrder', fulfillOrder, { byId: true });
  mutationField('cancelOrder', cancelOrder, { byId: true });
  mutationField('holdOrder', holdOrder, { byId: true });
  mutationField('releaseOrder', releaseOrder, { byId: true });

  deletionField('deleteOrder', 'DeletedOrder', deleteOrder, 'A deleted order (only a pending order without payments can be deleted)');

  // orderUpdated(where): the order after every change to it (created, updated, fulfilled,
  // cancelled) that matches `where`, read back from the database so that relation filters
  // and nested selections behave exactly as in queries.
  builder.subscriptionField('orderUpdated', (t) =>
    t.prismaField({
      type: 'Order',
      nullable: true,
      description: 'The order after each change that leaves it matching `where`',
      args: { where: t.arg({ type: boolExp('Order') }) },
      subscribe: (_root, args, ctx, info) => {
        authorize(ctx.principal, 'orders:read');
        const where = toPrismaWhere('Order', args.where, 'where', readableBy(ctx));
        // the subscriber's selection, as Pothos would pass it to resolve (the relations it
        // selects, with their arguments), narrowed to the requested columns
        const shape = narrowed(queryFromInfo({ context: ctx, info }) as { include?: Record<string, unknown>; select?: unknown }, info, 'Order');
        const selection = JSON.stringify(shape);
        return pipe(
          ctx.services.bus.subscribe(ctx.principal.accountId, ctx.principal.livemode),
          // every change emits order.updated (status moves add order.shipped etc.): one yield per change
          filter((m: BusMessage) => m.accountId === ctx.principal.accountId && (m.event.type === 'order.created' || m.event.type === 'order.updated')),
          // one statement per event for all subscribers with the same scope, filter (permission
          // guards included) and selection, not one per subscriber (src/graphql/event-reads.ts):
          // the order as selected, read only if it matches `where`
          map((m: BusMessage) => {
            const id = String(m.event.data.object.id);
            const scoped = scopedWhere(scopeOf(ctx), { AND: [{ id }, where] });
            return eventReads(ctx.services).get(`order\n${m.event.id}\n${JSON.stringify(scoped)}\n${selection}`, () =>
              (leanFindById(streamDb(ctx), 'Order', scoped, shape) as Promise<Record<string, unknown> | null> | undefined) ??
              (ctx.services.db.streamReads().order.findFirst({ ...shape, where: scoped }) as Promise<Record<string, unknown> | null>));
          }),
          filter((row: Record<string, unknown> | null) => row !== null),
        );
      },
      // the order read by subscribe, as selected
      resolve: (_query, row) => row as never,
    }),
  );
}

/** The lean read path over the subscriptions' own read pool (Database.streamSql). */
function streamDb(ctx: GraphQLContext): LeanDatabase {
  const db = ctx.services.db;
  return { sql: db.streamSql, readPaths: db.readPaths };
}
