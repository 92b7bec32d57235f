// Orders: the order resource and its items, the status machine, orderUpdated.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerOrdersGraphQL } from './graphql.js';
import { cancelOrder, createOrder, fulfillOrder, updateOrder } from './operations.js';

export const ordersModule = defineModule({
  name: 'orders',
  permissions: { orders: ['read', 'create', 'update', 'fulfill', 'cancel'] },
  // the spec's order group; order.paid and order.refunded come with payments
  events: [
    'order.created', 'order.updated', 'order.paid', 'order.processing', 'order.shipped', 'order.fulfilled',
    'order.delivered', 'order.cancelled', 'order.refunded',
  ],
  graphql: registerOrdersGraphQL,
  rest(app, deps) {
    registerResource(app, deps, {
      path: '/v1/orders', model: 'Order', resource: 'orders', include: { items: { orderBy: { position: 'asc' } } },
      create: createOrder, update: updateOrder, actions: { fulfill: fulfillOrder, cancel: cancelOrder },
    });
  },
});
