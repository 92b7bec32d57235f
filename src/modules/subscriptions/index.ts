// Prices and subscriptions (issue 15; docs/subscriptions.md): recurring prices of products, and
// subscriptions that invoice each period in advance and pay it with their payment method,
// retry a failed payment (+1, +3, +7 days), cancel now or at the period end; periods and
// retries run on real time (a durable worker) or on the customer's test clock (its advance).
// Permissions prices:read|write, subscriptions:read|write.
import { registerResource } from '../../rest/resources.js';
import { defineModule } from '../module.js';
import { startSubscriptionWorker } from './billing.js';
import { registerSubscriptionsGraphQL } from './graphql.js';
import { cancelSubscription, createPrice, createSubscription, updateSubscription } from './operations.js';
import { include } from './billing.js';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  permissions: { prices: ['read', 'write'], subscriptions: ['read', 'write'] },
  events: ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.cancelled'],
  graphql: registerSubscriptionsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, { path: '/v1/prices', model: 'Price', resource: 'prices', create: createPrice });
    registerResource(app, deps, {
      path: '/v1/subscriptions', model: 'Subscription', resource: 'subscriptions', include,
      create: createSubscription, update: updateSubscription, updateMethods: ['PATCH'],
      actions: { cancel: cancelSubscription },
    });
  },
  start({ services, config, logger }) {
    const worker = startSubscriptionWorker(services, logger, config.INVOICE_SWEEP_INTERVAL_SECS * 1000);
    return () => worker.stop();
  },
});
