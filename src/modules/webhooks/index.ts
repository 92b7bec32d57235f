// Webhooks: endpoints that receive the account's events, signed, durably delivered with
// retries; the delivery log, manual retry, recovery and metrics.
import { defineModule } from '../module.js';
import { registerWebhookRoutes } from './routes.js';
import { registerWebhooksGraphQL } from './graphql.js';
import { webhookRuntime } from './runtime.js';
import { ATTEMPT_OUTCOMES, DELIVERY_STATUSES } from './worker.js';

export const webhooksModule = defineModule({
  name: 'webhooks',
  permissions: { webhooks: ['read', 'write'] },
  events: ['webhook_endpoint.disabled'],
  enums: { WebhookDelivery: { status: DELIVERY_STATUSES }, WebhookAttempt: { outcome: ATTEMPT_OUTCOMES } },
  graphql: registerWebhooksGraphQL,
  rest: registerWebhookRoutes,
  start({ services, config, logger }) {
    const runtime = webhookRuntime(services, config, logger);
    if (config.WEBHOOK_WORKER) runtime.worker.start();
    return async () => {
      await runtime.worker.stop();
      await runtime.sender.close();
    };
  },
});
