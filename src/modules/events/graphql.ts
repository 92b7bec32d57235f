// GraphQL door of events: the `events(types)` subscription delivers the spec's envelope
// (variant A) for every event of the caller's account and mode after its change commits, and, to a
// platform's own key, its connected accounts' events (subscriberSees states the rule).
import { filter, pipe } from 'graphql-yoga';
import { authorize } from '../../auth/keys.js';
import { builder } from '../../graphql/builder.js';
import type { BusMessage, EventEnvelope } from '../../events/bus.js';
import { typeMatches } from '../../events/types.js';
import { platformsOf } from '../../events/platforms.js';
import { checkEventPatterns } from '../webhooks/operations.js';

/** Who subscribes to `events`: its account and mode, and whether it reads connected accounts' events. */
export interface EventSubscriber {
  accountId: string;
  livemode: boolean;
  /** a platform's own key (not acting for a connected account, not a connected account itself) */
  readsConnected: boolean;
}

/**
 * Which published messages an `events` subscriber receives. A subscriber listens on its own
 * account-and-mode topic, where the outbox (src/events/outbox.ts publishEvents) publishes
 *   - the account's own events, `accountId` its own, and
 *   - when the account is a platform, its connected accounts' events: `accountId` the connected
 *     account (the `of` of EventBus.publish, set only after the outbox read that account's
 *     platform from the database), the envelope marked with `account` naming that same account.
 * The rule, explicit rather than left to the topic alone:
 *   - its own events, in its mode: `accountId` is its own, and the envelope names no other
 *     account (a connected account's own events name itself);
 *   - a connected account's events, in its mode, only when `readsConnected`: `accountId` is
 *     another account and the envelope is marked as that account's (`account === accountId`).
 * A connected account's subscriber (its own key, or the platform acting for it) thus never
 * receives the platform's events nor a sibling connected account's.
 */
export function subscriberSees(subscriber: EventSubscriber, m: BusMessage): boolean {
  if (m.event.livemode !== subscriber.livemode) return false;
  if (m.accountId === subscriber.accountId) return (m.event.account ?? subscriber.accountId) === subscriber.accountId;
  return subscriber.readsConnected && m.event.account === m.accountId;
}

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
      subscribe: async (_root, args, ctx) => {
        // events carry every resource's full representation: a restricted key needs events:read
        // (as orderUpdated needs orders:read), not just any key of the account
        authorize(ctx.principal, 'events:read');
        // an unknown type would never match: refused as REST's ?type= and webhook endpoints refuse it
        if (args.types) checkEventPatterns(args.types, 'types');
        const principal = ctx.principal;
        // a key acting for a connected account (X-Account-Id) or a connected account's own key
        // never reads connected accounts' events: only a platform's own key does
        const readsConnected = !principal.platformAccountId
          && !(await platformsOf(ctx.services.db.prisma, [principal.accountId])).get(principal.accountId);
        return pipe(
          ctx.services.bus.subscribe(principal.accountId, principal.livemode),
          filter((m: BusMessage) => subscriberSees({ accountId: principal.accountId, livemode: principal.livemode, readsConnected }, m) && typeMatches(args.types, m.event.type)),
        );
      },
      resolve: (m: BusMessage) => m.event,
    }),
  );
}
