// GraphQL door of events: the `events(types)` subscription delivers the spec's envelope
// (variant A) for every event of the caller's account and mode after its change commits.
import { filter, pipe } from 'graphql-yoga';
import { authorize } from '../../auth/keys.js';
import { builder } from '../../graphql/builder.js';
import type { BusMessage, EventEnvelope } from '../../events/bus.js';
import { typeMatches } from '../../events/types.js';

export function registerEventsGraphQL(): void {
  const EventRequest = builder.objectRef<EventEnvelope['request']>('EventRequest').implement({
    fields: (t) => ({
      id: t.string({ nullable: true, resolve: (r) => r.id }),
      idempotencyKey: t.string({ nullable: true, resolve: (r) => r.idempotency_key }),
    }),
  });

  const Event = builder.objectRef<EventEnvelope>('Event').implement({
    description: 'An event (envelope variant A); `envelope` is the exact JSON a webhook receives',
    fields: (t) => ({
      id: t.exposeID('id'),
      object: t.exposeString('object'),
      type: t.exposeString('type'),
      created: t.exposeInt('created', { description: 'Unix seconds' }),
      livemode: t.exposeBoolean('livemode'),
      data: t.field({ type: 'JSON', resolve: (e) => e.data }),
      request: t.field({ type: EventRequest, resolve: (e) => e.request }),
      apiVersion: t.exposeString('api_version'),
      account: t.string({ nullable: true, description: 'The connected account the event happened on (events a platform sees of its connected accounts)', resolve: (e) => e.account ?? null }),
      pendingWebhooks: t.exposeInt('pending_webhooks'),
      envelope: t.field({ type: 'JSON', resolve: (e) => e }),
    }),
  });

  builder.subscriptionField('events', (t) =>
    t.field({
      type: Event,
      description: 'Events of your account and mode as they commit, and of its connected accounts (marked `account`) (needs events:read); `types` filters (`order.*` and `*` allowed)',
      args: { types: t.arg.stringList() },
      subscribe: (_root, args, ctx) => {
        // events carry every resource's full representation: a restricted key needs events:read
        // (as orderUpdated needs orders:read), not just any key of the account
        authorize(ctx.principal, 'events:read');
        return pipe(
          ctx.services.bus.subscribe(ctx.principal.accountId, ctx.principal.livemode),
          // the account's own events, and those of its connected accounts (published to its topic
          // by the outbox, marked with `account`)
          filter((m: BusMessage) => (m.accountId === ctx.principal.accountId || m.event.account === m.accountId) && typeMatches(args.types, m.event.type)),
        );
      },
      resolve: (m: BusMessage) => m.event,
    }),
  );
}
