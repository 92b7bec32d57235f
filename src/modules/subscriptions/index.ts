// Prices and subscriptions (issue 15; docs/subscriptions.md): recurring prices of products, and
// subscriptions that invoice each period in advance and pay it with their payment method,
// retry a failed payment (+1, +3, +7 days), cancel now or at the period end; periods and
// retries run on real time (a durable worker) or on the customer's test clock (its advance).
// Permissions prices:read|write, subscriptions:read|write.
import { registerResource } from '../../rest/resources.js';
import { presentFields, registerPresenter } from '../../representation.js';
import { defineModule } from '../module.js';
import { startSubscriptionWorker } from './billing.js';
import { registerSubscriptionsGraphQL } from './graphql.js';
import { cancelSubscription, createPrice, createSubscription, SUBSCRIPTION_STATUSES, updateSubscription } from './operations.js';
import { INTERVALS } from './periods.js';
import { include } from './billing.js';

// a price shows its recurrence as Stripe's does, `recurring: {interval, interval_count}`, beside
// the flat `interval` and `interval_count` that lists filter on
registerPresenter('Price', (row) => {
  const out = presentFields('Price', row);
  if ('interval' in out) out.recurring = { interval: out.interval, interval_count: out.interval_count };
  return out;
});

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  permissions: { prices: ['read', 'write'], subscriptions: ['read', 'write'] },
  events: ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.cancelled'],
  enums: { Price: { interval: INTERVALS }, Subscription: { status: SUBSCRIPTION_STATUSES, interval: INTERVALS } },
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
