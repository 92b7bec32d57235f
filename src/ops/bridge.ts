// The escalation bridge: what carries a committed event out of the database transaction that
// recorded it (the outbox, src/events/outbox.ts) to its live audiences: publication on the
// event bus (in process, or Redis pub/sub across replicas when REDIS_URL is set) to GraphQL
// subscribers, then the wake-up of the webhook delivery worker. Webhook deliveries themselves
// cannot be lost (they are rows written with the event); what can fail is the live leg, and
// each failure counts in `escalation_bridge_failed_total{stage}`:
//
// Bursts are paced (PUBLISH_BATCH below): a commit with more than 1024 events used to overflow
// the in-process bus's listener queue, an uncaught exception that stopped the server.
//
//   publish     publishing a committed event threw (the bus could not take it: a serialization
//               or transport error). The change is committed and its webhooks are queued, so the
//               request still succeeds (it used to answer 500 after the commit, inviting a retry
//               of a change already made); live subscribers miss that event.
//   subscriber  a subscriber's stream ended with an error: the broker's subscription failed, or
//               the subscriber fell SUBSCRIBER_BACKLOG events behind (src/events/bus.ts).
//
// A Redis PUBLISH that fails after the call returned (the Redis event target does not await
// it) counts in `publish` too: src/events/bus.ts catches it and src/server.ts counts it.
import type { Logger } from 'pino';
import type { EventBus, EventEnvelope } from '../events/bus.js';

export type BridgeStage = 'publish' | 'subscriber';

/** Failures per stage, monotonic (exported as escalation_bridge_failed_total). */
export type BridgeFailures = Record<BridgeStage, number>;

export function newBridgeFailures(): BridgeFailures {
  return { publish: 0, subscriber: 0 };
}

/** A subscription whose errors are counted (and passed on to its reader). */
function counted<T>(source: AsyncIterableIterator<T>, fail: () => void): AsyncIterableIterator<T> {
  return {
    async next() {
      try {
        return await source.next();
      } catch (err) {
        fail();
        throw err;
      }
    },
    return: () => source.return?.() ?? Promise.resolve({ done: true, value: undefined }),
    throw: (err?: unknown) => source.throw?.(err) ?? Promise.reject(err),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Events handed to the bus in one go, at most: the rest of a burst follows on the next turns of
 * the event loop. The in-process bus (graphql-yoga's pubsub) queues at most 1024 pushes per
 * listener that its reader has not taken yet, and its listeners run inside an EventTarget,
 * where a throw is an uncaught exception: one commit emitting more than 1024 events to an
 * account with a live subscriber stopped the process. Between two batches the fan-out drains,
 * so a burst of any size arrives, in order.
 */
export const PUBLISH_BATCH = 256;

/** The bus, with the bridge's failures counted (and logged without the event's contents), and bursts paced. */
export function instrumentBus(bus: EventBus, failures: BridgeFailures, logger: Logger): EventBus {
  const queue: [string, EventEnvelope, string | undefined][] = [];
  let head = 0;
  /** events handed to the bus since the last turn of the event loop */
  let sent = 0;
  let turnScheduled = false;
  const publishOne = (accountId: string, event: EventEnvelope, of?: string) => {
    try {
      bus.publish(accountId, event, of);
    } catch (err) {
      failures.publish++;
      logger.error({ err: (err as Error).message, event_id: event.id, event_type: event.type }, 'escalation bridge: publishing a committed event failed; its webhooks are queued, live subscribers miss it');
    }
  };
  // a new turn (the fan-out has drained what was handed to it): the next batch of the queue
  const nextTurn = () => {
    turnScheduled = false;
    sent = 0;
    for (; head < queue.length && sent < PUBLISH_BATCH; head++, sent++) {
      const [accountId, event, of] = queue[head]!;
      queue[head] = undefined as never;
      publishOne(accountId, event, of);
    }
    if (head >= queue.length) {
      queue.length = 0;
      head = 0;
    }
    if (sent > 0) schedule();
  };
  const schedule = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(nextTurn);
  };
  return {
    pubsub: bus.pubsub,
    activeTopics: () => bus.activeTopics(),
    close: () => bus.close(),
    publish(accountId, event, of) {
      // at once while this turn's batch lasts and nothing waits (a commit's events reach
      // subscribers right after it, as before); queued, in order, otherwise
      if (head === queue.length && sent < PUBLISH_BATCH) {
        sent++;
        publishOne(accountId, event, of);
      } else {
        queue.push([accountId, event, of]);
      }
      schedule();
    },
    subscribe(accountId, livemode) {
      return counted(bus.subscribe(accountId, livemode), () => {
        failures.subscriber++;
        logger.warn({ account_id: accountId }, 'escalation bridge: a subscription ended with an error');
      });
    },
  };
}
