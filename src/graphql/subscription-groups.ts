// Subscriptions over WebSocket, executed once per group instead of once per subscriber. Two
// subscribers whose operation would produce the same results (the same document, operation
// name and variables, under the same authorization: account, mode, key type, permissions,
// acting platform, API version) share one execution: one graphql-js subscribe() reading the
// bus, one execution of the selection set per event, one read of the database where the field
// reads one. Its results fan out to every member, each with its own queue (a slow member
// falls behind alone, up to SUBSCRIBER_BACKLOG results) and its own session guard (a revoked
// key ends its own subscriptions only). The cost of an event no longer grows with the number
// of subscribers of the same operation: at 10,000 subscribers over 100 accounts, 100 groups.
import { createHash } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import { canonicalJson } from '../canonical.js';
import type { Principal } from '../auth/keys.js';
import { Fanout } from '../events/bus.js';

type Started = AsyncIterable<ExecutionResult> | ExecutionResult;

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** What makes two subscribers' results identical: the operation and the authorization it runs under. */
export function groupKey(
  principal: Principal,
  params: { query?: unknown; operationName?: unknown; variables?: unknown },
): string {
  const who = {
    account: principal.accountId,
    livemode: principal.livemode,
    type: principal.type,
    permissions: [...principal.permissions].sort(),
    platform: principal.platformAccountId ?? null,
    version: principal.apiVersion ?? null,
  };
  const what = { query: params.query ?? null, operationName: params.operationName ?? null, variables: params.variables ?? null };
  return createHash('sha256').update(canonicalJson({ who, what })).digest('base64url');
}

/**
 * The results of `start()` (graphql-js subscribe, or the single result of a failure) as an
 * iterator that starts on its first next(): a single result is yielded once, then done.
 */
function lazily(start: () => Promise<Started> | Started): AsyncIterable<ExecutionResult> {
  return {
    [Symbol.asyncIterator]() {
      let it: AsyncIterator<ExecutionResult> | undefined;
      let single: { value: ExecutionResult } | undefined;
      let starting: Promise<void> | undefined;
      let ended = false;
      const done: IteratorResult<ExecutionResult> = { done: true, value: undefined };
      const init = async () => {
        const r = await start();
        if (isAsyncIterable(r)) it = r[Symbol.asyncIterator]();
        else single = { value: r };
      };
      return {
        async next() {
          if (ended) return done;
          starting ??= init();
          await starting;
          if (ended) {
            await it?.return?.();
            return done;
          }
          if (single) {
            const { value } = single;
            single = undefined;
            ended = true;
            return { value, done: false };
          }
          if (!it) return done;
          return it.next();
        },
        async return() {
          ended = true;
          await it?.return?.();
          return done;
        },
      };
    },
  };
}

export class SubscriptionGroups {
  private readonly fanout = new Fanout<ExecutionResult>(() => {
    throw new Error('a subscription group is opened with its start function');
  });

  /** Groups with at least one member (one execution each). */
  get groupCount(): number {
    return this.fanout.topicCount;
  }

  /**
   * A member's results for the group `key`; the first member starts the group's execution
   * with `start` (the members after it share that execution).
   */
  subscribe(key: string, start: () => Promise<Started> | Started): AsyncIterableIterator<ExecutionResult> {
    return this.fanout.subscribe(key, () => lazily(start));
  }

  close(): void {
    this.fanout.close();
  }
}
