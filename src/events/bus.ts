// Publication of committed events to GraphQL subscribers: in-process by default, through
// Redis pub/sub when REDIS_URL is set so that subscribers on every replica see every event.
// Subscribers of one account and mode share one upstream subscription (one listener, one
// Redis channel), fanned out here: a thousand subscribers cost one listener, not a thousand.
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
  /** who acted, when not the key itself (an agent's execution); absent otherwise */
  actor?: EventActor;
  /** the connected account it happened on (every event of a connected account carries it) */
  account?: string;
  pending_webhooks: number;
  api_version: string;
}

export interface EventActor {
  type: 'agent';
  id: string;
}

export interface BusMessage {
  /** the account the event happened on: the topic's own, or one of its connected accounts */
  accountId: string;
  event: EventEnvelope;
}

type Topics = { events: [topic: string, message: BusMessage] };

export function eventTopic(accountId: string, livemode: boolean): string {
  return `events:${accountId}:${livemode ? 'live' : 'test'}`;
}

export interface EventBus {
  pubsub: PubSub<Topics>;
  /** to `accountId`'s subscribers; `of` is the connected account when `accountId` is its platform */
  publish(accountId: string, event: EventEnvelope, of?: string): void;
  subscribe(accountId: string, livemode: boolean): AsyncIterableIterator<BusMessage>;
  /** account-and-mode topics with local subscribers: one upstream listener each */
  activeTopics(): number;
  close(): Promise<void>;
}

/** How long the bus waits for Redis at start before it starts without it (and keeps trying). */
const CONNECT_WAIT_MS = 3000;

/** Redis errors (a broker going away and coming back) are reported, not thrown: ioredis reconnects by itself. */
export async function createEventBus(
  redisUrl?: string, onError: (err: Error) => void = () => {},
  /** a Redis PUBLISH (or SUBSCRIBE) that failed after the call returned: counted, never an unhandled rejection */
  onPublishFailure: (err: Error) => void = onError,
): Promise<EventBus> {
  let close = async () => {};
  let pubsub: PubSub<Topics>;
  if (redisUrl) {
    // A broker that is away at start does not stop the server (readiness fails only with
    // HEALTH_READY_REQUIRE_BROKER): ioredis keeps reconnecting by itself. Meanwhile a publish
    // fails after a few retries (reported; webhooks are rows, unaffected), and a SUBSCRIBE
    // waits in the subscribing client's queue until the broker is back (no retry limit there:
    // a subscription made during the outage starts receiving other processes' events then).
    const publishClient = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscribeClient = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    publishClient.on('error', onError);
    subscribeClient.on('error', onError);
    // up to CONNECT_WAIT_MS for the first connection, so that a healthy broker is in use from
    // the first request; past that (or on a refusal) the server starts and ioredis goes on trying
    await Promise.race([
      Promise.allSettled([publishClient.connect(), subscribeClient.connect()]),
      new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref()),
    ]);
    // the Redis event target fires its commands without awaiting them: a broker that is away
    // past the retries would reject them unhandled (which stops a Node process); each is caught
    // and reported instead (live subscribers miss that event; webhooks are rows, unaffected)
    const failed = (err: unknown) => onPublishFailure(err instanceof Error ? err : new Error(String(err)));
    const publisher = { publish: (channel: string, message: string) => publishClient.publish(channel, message).catch(failed) };
    const subscriber = {
      on: (event: string, listener: (channel: string, message: string) => void) => subscribeClient.on(event, listener),
      subscribe: (topic: string) => subscribeClient.subscribe(topic).catch(failed),
      unsubscribe: (topic: string) => subscribeClient.unsubscribe(topic).catch(failed),
    };
    pubsub = createPubSub<Topics>({
      eventTarget: createRedisEventTarget({ publishClient: publisher as unknown as Redis, subscribeClient: subscriber as unknown as Redis }),
    });
    close = async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    };
  } else {
    pubsub = createPubSub<Topics>();
  }
  const fanout = new Fanout((topic) => pubsub.subscribe('events', topic));
  return {
    pubsub,
    publish(accountId, event, of) {
      pubsub.publish('events', eventTopic(accountId, event.livemode), { accountId: of ?? accountId, event });
    },
    subscribe(accountId, livemode) {
      return fanout.subscribe(eventTopic(accountId, livemode));
    },
    activeTopics: () => fanout.topicCount,
    async close() {
      fanout.close();
      await close();
    },
  };
}

/** Messages a subscriber may fall behind by before its subscription ends with an error. */
export const SUBSCRIBER_BACKLOG = 10_000;

/** One subscriber's queue: an async iterator fed by the fan-out. */
class Subscriber<T> implements AsyncIterableIterator<T> {
  private queue: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((err: Error) => void) | undefined;
  private done = false;
  private error: Error | undefined;

  constructor(private readonly onEnd: () => void) {}

  push(value: T): void {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = undefined;
      resolve({ value, done: false });
      return;
    }
    this.queue.push(value);
    if (this.queue.length > SUBSCRIBER_BACKLOG) {
      this.fail(new Error(`The subscriber fell ${SUBSCRIBER_BACKLOG} events behind; subscribe again`));
    }
  }

  /** Ends the subscription with an error (after what is queued is dropped). */
  fail(err: Error): void {
    if (this.done) return;
    this.error = err;
    this.queue = [];
    this.finish();
    if (this.failWaiting) {
      const reject = this.failWaiting;
      this.waiting = this.failWaiting = undefined;
      reject(err);
    }
  }

  /** Ends the subscription after what is queued has been taken. */
  end(): void {
    if (this.done) return;
    this.finish();
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = undefined;
      resolve({ value: undefined, done: true });
    }
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.onEnd();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.queue.length) return Promise.resolve({ value: this.queue.shift()!, done: false });
    if (this.error) {
      const err = this.error;
      this.error = undefined;
      return Promise.reject(err);
    }
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.queue = [];
    this.finish();
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = undefined;
      resolve({ value: undefined, done: true });
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** Subscribers per topic over one upstream iteration per topic. */
export class Fanout<T> {
  private readonly topics = new Map<string, { subscribers: Set<Subscriber<T>>; upstream: AsyncIterator<T> }>();

  constructor(private readonly open: (topic: string) => AsyncIterable<T>) {}

  /** Topics with at least one subscriber (one upstream listener each). */
  get topicCount(): number {
    return this.topics.size;
  }

  /** A subscriber of `topic`; the topic's first subscriber opens its upstream (with `open`, when given). */
  subscribe(topic: string, open: (topic: string) => AsyncIterable<T> = this.open): AsyncIterableIterator<T> {
    let entry = this.topics.get(topic);
    if (!entry) {
      const upstream = open(topic)[Symbol.asyncIterator]();
      const created = { subscribers: new Set<Subscriber<T>>(), upstream };
      entry = created;
      this.topics.set(topic, created);
      void (async () => {
        try {
          for (;;) {
            const r = await upstream.next();
            if (r.done) break;
            for (const s of created.subscribers) s.push(r.value);
          }
          // the upstream ended: so does every subscriber, once it has taken what is queued
          if (this.topics.get(topic) === created) this.topics.delete(topic);
          for (const s of [...created.subscribers]) s.end();
        } catch (err) {
          for (const s of created.subscribers) s.fail(err instanceof Error ? err : new Error(String(err)));
        } finally {
          if (this.topics.get(topic) === created) this.topics.delete(topic);
        }
      })();
    }
    const current = entry;
    const sub: Subscriber<T> = new Subscriber<T>(() => {
      current.subscribers.delete(sub);
      if (current.subscribers.size === 0 && this.topics.get(topic) === current) {
        this.topics.delete(topic);
        void current.upstream.return?.();
      }
    });
    current.subscribers.add(sub);
    return sub;
  }

  close(): void {
    for (const entry of this.topics.values()) {
      for (const s of entry.subscribers) void s.return();
      void entry.upstream.return?.();
    }
    this.topics.clear();
  }
}
