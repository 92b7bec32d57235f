// The areas of the server. The app, the GraphQL schema, the permission and event
// catalogues and the background work iterate this list; adding an area is a folder and a
// line here.
import type { AppModule } from './module.js';
import { declareClosedValues } from '../db/models.js';
import { eventsModule } from './events/index.js';
import { customersModule } from './customers/index.js';
import { productsModule } from './products/index.js';
import { ordersModule } from './orders/index.js';
import { inventoryModule } from './inventory/index.js';
import { decisionsModule } from './decisions/index.js';
import { webhooksModule } from './webhooks/index.js';
import { paymentsModule } from './payments/index.js';
import { returnsModule } from './returns/index.js';
import { stablecoinModule } from './stablecoin/index.js';
import { transactionsModule } from './transactions/index.js';
import { analyticsModule } from './analytics/index.js';
import { selfHostedModule } from './selfhosted/index.js';
import { apiKeysModule } from './api-keys/index.js';
import { oauthModule } from './oauth/index.js';
import { searchModule } from './search/index.js';
import { invoicesModule } from './invoices/index.js';
import { financeModule } from './finance/index.js';
import { subscriptionsModule } from './subscriptions/index.js';
import { globalModule } from './global/index.js';
import { mcpModule } from './mcp/index.js';
import { agentsModule } from './agents/index.js';
import { accountsModule } from './accounts/index.js';

export const MODULES: readonly AppModule[] = [
  eventsModule,
  customersModule,
  productsModule,
  ordersModule,
  inventoryModule,
  paymentsModule,
  returnsModule,
  // after the areas it searches (their `search` declarations)
  searchModule,
  stablecoinModule,
  invoicesModule,
  financeModule,
  transactionsModule,
  analyticsModule,
  subscriptionsModule,
  globalModule,
  agentsModule,
  accountsModule,
  webhooksModule,
  decisionsModule,
  selfHostedModule,
  apiKeysModule,
  // after selfhosted: its verifier of access tokens is chained with the sign-in's
  oauthModule,
  // last: its tools are every other area's operations
  mcpModule,
];

// the closed value sets the areas declare, for the filters of both doors (src/db/models.ts)
for (const m of MODULES) if (m.enums) declareClosedValues(m.enums);
