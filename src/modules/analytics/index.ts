// Analytics: the aggregates of every area (GET /v1/<resource>/aggregate, GraphQL
// `<list>Aggregate`; src/rest/aggregate.ts, src/graphql/aggregate.ts) for a key that holds
// `analytics:read` instead of each resource's read permission: a dashboard's key sees counts,
// sums and groups of orders, payments and the rest without reading a single row of them.
import { defineModule } from '../module.js';

export const analyticsModule = defineModule({
  name: 'analytics',
  permissions: { analytics: ['read'] },
});
