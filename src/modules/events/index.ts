// Events: the `events(types)` subscription, and the events API over the outbox.
import { defineModule } from '../module.js';
import { registerEventsGraphQL } from './graphql.js';

export const eventsModule = defineModule({
  name: 'events',
  permissions: { events: ['read'] },
  graphql: registerEventsGraphQL,
});
