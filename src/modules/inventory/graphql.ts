// GraphQL door of inventory: InventoryItem, inventoryItems/inventoryItem, and the mutations of
// ./operations.ts (adjustInventory, reserveInventory, allocateInventory, releaseInventory,
// transferInventory).
import { builder, callContext } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { definedOnly, inputFromZod } from '../../graphql/zod-input.js';
import { executeMutation } from '../../operations/operation.js';
import { adjustInventory, allocateInventory, releaseInventory, reserveInventory, transferInventory } from './operations.js';

interface Transfer {
  id: string;
  productId: string;
  fromLocation: string;
  toLocation: string;
  quantity: number;
  created: number;
  fromId: string;
  toId: string;
}

export function registerInventoryGraphQL(): void {
  builder.prismaObject('InventoryItem', {
    description: 'Stock of one product at one location. available = onHand - reserved - allocated, never negative.',
    fields: (t) => ({
      ...scalarExposures(t, 'InventoryItem'),
      // reading the product needs products:read too (as an order item's). Pothos types `query`
      // only for relations whose include takes arguments, but calls it for a required to-one
      // relation as well when it builds the parent's include (tested)
      product: t.relation('product', { query: guardedRelation('products') as unknown as undefined }),
    }),
  });

  listAndGet('InventoryItem', 'inventoryItems', 'inventoryItem', 'inventory');
  mutationField('adjustInventory', adjustInventory);
  mutationField('reserveInventory', reserveInventory);
  mutationField('allocateInventory', allocateInventory);
  mutationField('releaseInventory', releaseInventory);

  const TransferRef = builder.objectRef<Transfer>('InventoryTransfer').implement({
    description: 'Available stock moved from one location to another (on hand leaves one item and joins the other)',
    fields: (t) => ({
      id: t.exposeID('id'),
      productId: t.exposeString('productId'),
      fromLocation: t.exposeString('fromLocation'),
      toLocation: t.exposeString('toLocation'),
      quantity: t.exposeInt('quantity'),
      createdAt: t.field({ type: 'DateTime', resolve: (p) => new Date(p.created * 1000) }),
    }),
  });
  for (const [field, key, description] of [['from', 'fromId', 'the item at from_location, after the transfer'], ['to', 'toId', 'the item at to_location, after the transfer']] as const) {
    builder.objectField(TransferRef, field, (t) =>
      t.prismaField({
        type: 'InventoryItem',
        description,
        resolve: (query, parent, _args, ctx) => ctx.services.db.prisma.inventoryItem.findUniqueOrThrow({ ...query, where: { id: parent[key] } }),
      }),
    );
  }
  const transferInput = inputFromZod('TransferInventoryInput', transferInventory.input);
  builder.mutationField('transferInventory', (t) =>
    t.field({
      type: TransferRef,
      args: { input: t.arg({ type: transferInput, required: true }) },
      resolve: async (_root, args, ctx) => {
        const result = await executeMutation(transferInventory, callContext(ctx), definedOnly(args.input as Record<string, unknown>));
        // from the REST body, so that an idempotent replay answers the same
        const b = result.body as { id: string; product: string; from_location: string; to_location: string; quantity: number; created: number; from: { id: string }; to: { id: string } };
        return {
          id: b.id, productId: b.product, fromLocation: b.from_location, toLocation: b.to_location, quantity: b.quantity, created: b.created,
          fromId: b.from.id, toId: b.to.id,
        };
      },
    }),
  );
}
