// Orders: the order resource and its items, the status machine and holds, deletion, orderUpdated.
import { defineModule } from '../module.js';
import { CANCELLATION_REASONS, ORDER_STATUSES } from './status.js';
import { registerResource } from '../../rest/resources.js';
import { registerOrdersGraphQL } from './graphql.js';
import { defineSearch } from '../../search/declaration.js';
import { cancelOrder, createOrder, deleteOrder, fulfillOrder, holdOrder, include, releaseOrder, updateOrder } from './operations.js';

export const ordersModule = defineModule({
  name: 'orders',
  permissions: { orders: ['read', 'create', 'update', 'fulfill', 'cancel'] },
  enums: { Order: { status: ORDER_STATUSES, cancellationReason: CANCELLATION_REASONS } },
  // the spec's order group (order.paid and order.refunded come with payments), and
  // order.deleted (Stripe's `*.deleted`): a pending order without payments deleted
  events: [
    'order.created', 'order.updated', 'order.paid', 'order.processing', 'order.shipped', 'order.fulfilled',
    'order.delivered', 'order.cancelled', 'order.refunded', 'order.deleted',
  ],
  // POST /v1/search: by id, items' names, tracking number, and the customer's name and
  // email (those need customers:read too)
  search: defineSearch({
    resource: 'orders', type: 'order', model: 'Order', include,
    fields: [
      { path: 'id', weight: 'A', typos: false },
      { path: 'tracking_number', weight: 'A', typos: false },
      { path: 'items.name', weight: 'B' },
      { path: 'customer.name', weight: 'B' },
      { path: 'customer.email', weight: 'C' },
      { path: 'hold_reason', weight: 'D' },
    ],
    status: 'status', currency: 'currency', amount: 'amount', metadata: true,
  }),
  graphql: registerOrdersGraphQL,
  rest(app, deps) {
    registerResource(app, deps, {
      path: '/v1/orders', model: 'Order', resource: 'orders', include,
      create: createOrder, update: updateOrder, remove: deleteOrder,
      actions: { fulfill: fulfillOrder, cancel: cancelOrder, hold: holdOrder, release: releaseOrder },
    });
  },
});
