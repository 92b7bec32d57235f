// Events: the outbox seen from outside: the `events(types)` subscription, the events API
// (/v1/events), and the retention of events (EVENT_RETENTION_DAYS, default 30).
import { defineModule } from '../module.js';
import { purgeBefore, startPurging } from '../../operations/purge.js';
import { registerEventsGraphQL } from './graphql.js';
import { registerEventRoutes } from './routes.js';

// The spec's event table, for the areas that do not exist yet: they can be subscribed to now
// and are emitted once their area lands (see the README's event list for what is emitted today).
const SPEC_TYPES_OF_AREAS_TO_COME = [
  'invoice.created', 'invoice.paid', 'invoice.partially_paid', 'invoice.overdue',
  'api.error',
];

export const eventsModule = defineModule({
  name: 'events',
  permissions: { events: ['read'] },
  events: SPEC_TYPES_OF_AREAS_TO_COME,
  graphql: registerEventsGraphQL,
  rest: registerEventRoutes,
  start({ services, config, logger }) {
    const retentionMs = config.EVENT_RETENTION_DAYS * 24 * 3600 * 1000;
    return startPurging(
      () => purgeBefore(services.db.prisma, 'Event', new Date(Date.now() - retentionMs)),
      (err) => logger.warn({ err }, 'purging old events failed; the next round retries'),
    );
  },
});
