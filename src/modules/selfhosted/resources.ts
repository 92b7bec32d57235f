// The self-hosted door's resource routes: the spec's `/orders`, `/products`, `/inventory`,
// `/returns` without the /v1 prefix. Each route runs the very operation (or read) its /v1
// twin runs, through the same registerResource/runOperation: same representation, errors,
// events, idempotency. Nothing is implemented here. Differences from /v1, by design:
// - `PUT /orders/:id` updates the fields it is given through orders.update (Shopify's PUT),
//   as `PATCH /v1/orders/:id` does; there is no PATCH here.
// - no `/list` and `/create` aliases.
import type { FastifyInstance } from 'fastify';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import type { RestDeps } from '../../rest/context.js';
import { cancelOrder, createOrder, deleteOrder, fulfillOrder, holdOrder, include as ORDER_INCLUDE, releaseOrder, updateOrder } from '../orders/operations.js';
import { adjustInventory, allocateInventory, releaseInventory, reserveInventory, transferInventory } from '../inventory/operations.js';
import { approveReturn, createReturn, include as returnInclude, processReturn, receiveReturn, rejectReturn } from '../returns/operations.js';

export function registerSelfHostedResources(app: FastifyInstance, deps: RestDeps) {
  registerResource(app, deps, {
    path: '/orders', model: 'Order', resource: 'orders', include: ORDER_INCLUDE, aliases: false,
    create: createOrder, update: updateOrder, updateMethods: ['PUT'], remove: deleteOrder,
    actions: { cancel: cancelOrder, hold: holdOrder, release: releaseOrder, fulfill: fulfillOrder },
  });

  registerResource(app, deps, { path: '/products', model: 'Product', resource: 'products', aliases: false });

  // collection actions first in the code for the reader; static paths win over /:id anyway
  const inventoryActions = { adjust: adjustInventory, allocate: allocateInventory, reserve: reserveInventory, release: releaseInventory, transfer: transferInventory };
  for (const [action, op] of Object.entries(inventoryActions)) {
    app.post(`/inventory/${action}`, { config: { operation: op } }, (req, reply) => runOperation(req, reply, deps, op, bodyObject(req)));
  }
  registerResource(app, deps, { path: '/inventory', model: 'InventoryItem', resource: 'inventory', aliases: false });

  registerResource(app, deps, {
    path: '/returns', model: 'Return', resource: 'returns', include: returnInclude, aliases: false,
    create: createReturn,
    actions: { approve: approveReturn, reject: rejectReturn, receive: receiveReturn, process: processReturn },
  });
}
