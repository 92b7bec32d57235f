// Inventory: stock of each product per location (inventory items), what orders hold of it,
// and the operations on it (adjust, reserve, allocate, release, transfer). Orders reserve,
// allocate, consume and release stock through ./stock.ts; returns put it back (restock).
import { defineModule } from '../module.js';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import { registerInventoryGraphQL } from './graphql.js';
import { defineSearch } from '../../search/declaration.js';
import { adjustInventory, allocateInventory, releaseInventory, reserveInventory, transferInventory } from './operations.js';

const TRANSFER_RESPONSE = {
  type: 'object',
  description: 'The transfer: `from` and `to` are the two inventory items after it',
  properties: {
    id: { type: 'string' }, object: { type: 'string', enum: ['inventory_transfer'] }, product: { type: 'string' },
    from_location: { type: 'string' }, to_location: { type: 'string' }, quantity: { type: 'integer' },
    from: { $ref: '#/components/schemas/InventoryItem' }, to: { $ref: '#/components/schemas/InventoryItem' }, created: { type: 'integer' },
  },
};

export const inventoryModule = defineModule({
  name: 'inventory',
  permissions: { inventory: ['read', 'write'] },
  events: ['inventory.updated', 'inventory.low_stock', 'inventory.out_of_stock', 'inventory.transfer'],
  // an inventory item by its location, and by its product's name and sku (needs products:read)
  search: defineSearch({
    resource: 'inventory', type: 'inventory_item', model: 'InventoryItem',
    fields: [
      { path: 'id', weight: 'A', typos: false },
      { path: 'location', weight: 'B' },
      { path: 'product.name', weight: 'A' },
      { path: 'product.sku', weight: 'A', typos: false },
    ],
    amount: 'available',
  }),
  graphql: registerInventoryGraphQL,
  rest(app, deps) {
    // static paths: they win over the resource's /:id routes
    const actions = { adjust: adjustInventory, reserve: reserveInventory, allocate: allocateInventory, release: releaseInventory } as const;
    for (const [action, op] of Object.entries(actions)) {
      app.post(`/v1/inventory/${action}`, { config: { operation: op } }, (req, reply) => runOperation(req, reply, deps, op, bodyObject(req)));
    }
    app.post('/v1/inventory/transfer', { config: { operation: transferInventory, doc: { response: TRANSFER_RESPONSE } } },
      (req, reply) => runOperation(req, reply, deps, transferInventory, bodyObject(req)));
    registerResource(app, deps, { path: '/v1/inventory', model: 'InventoryItem', resource: 'inventory' });
  },
});
