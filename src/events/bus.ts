// Publication of committed events to GraphQL subscribers: in-process by default, through
// Redis pub/sub when REDIS_URL is set so that subscribers on every replica see every event.
import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

/** Envelope variant A of the spec. */
export interface EventEnvelope {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
  pending_webhooks: number;
  api_version: string;
}

export interface BusMessage {
  accountId: string;
  event: EventEnvelope;
}

type Topics = { events: [topic: string, message: BusMessage] };

export function eventTopic(accountId: string, livemode: boolean): string {
  return `events:${accountId}:${livemode ? 'live' : 'test'}`;
}

export interface EventBus {
  pubsub: PubSub<Topics>;
  publish(accountId: string, event: EventEnvelope): void;
  subscribe(accountId: string, livemode: boolean): AsyncIterable<BusMessage>;
  close(): Promise<void>;
}

/** Redis errors (a broker going away and coming back) are reported, not thrown: ioredis reconnects by itself. */
export async function createEventBus(redisUrl?: string, onError: (err: Error) => void = () => {}): Promise<EventBus> {
  let close = async () => {};
  let pubsub: PubSub<Topics>;
  if (redisUrl) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
    const publishClient = new Redis(redisUrl, options);
    const subscribeClient = new Redis(redisUrl, options);
    publishClient.on('error', onError);
    subscribeClient.on('error', onError);
    await Promise.all([publishClient.connect(), subscribeClient.connect()]);
    pubsub = createPubSub<Topics>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
    close = async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    };
  } else {
    pubsub = createPubSub<Topics>();
  }
  return {
    pubsub,
    publish(accountId, event) {
      pubsub.publish('events', eventTopic(accountId, event.livemode), { accountId, event });
    },
    subscribe(accountId, livemode) {
      return pubsub.subscribe('events', eventTopic(accountId, livemode));
    },
    close,
  };
}
