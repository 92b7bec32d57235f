// SubscriptionGroups (src/graphql/subscription-groups.ts) on its own: one execution per group,
// results to every member in order, members leaving alone, a single result (an error) ending
// the group, and the group key telling authorizations apart.
import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from 'graphql';
import { SubscriptionGroups, groupKey } from '../../src/graphql/subscription-groups.js';
import type { Principal } from '../../src/auth/keys.js';

/** A source the test pushes results into, counting how often it was started and returned. */
function source() {
  const queue: ExecutionResult[] = [];
  let wake: (() => void) | undefined;
  const state = { started: 0, returned: 0, ended: false };
  const push = (r: ExecutionResult) => {
    queue.push(r);
    wake?.();
  };
  const start = () => {
    state.started++;
    const it: AsyncIterableIterator<ExecutionResult> = {
      async next() {
        while (!queue.length && !state.ended) await new Promise<void>((r) => { wake = r; });
        if (queue.length) return { value: queue.shift()!, done: false };
        return { value: undefined, done: true };
      },
      async return() {
        state.returned++;
        state.ended = true;
        wake?.();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() { return this; },
    };
    return Promise.resolve(it);
  };
  return { push, start, state, end: () => { state.ended = true; wake?.(); } };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('SubscriptionGroups', () => {
  it('starts one execution per key and gives every member each result, in order', async () => {
    const groups = new SubscriptionGroups();
    const s = source();
    const members = [1, 2, 3].map(() => groups.subscribe('k', s.start));
    const other = source();
    const alone = groups.subscribe('other', other.start);
    await tick();
    expect(s.state.started).toBe(1);
    expect(groups.groupCount).toBe(2);
    s.push({ data: { n: 1 } });
    s.push({ data: { n: 2 } });
    for (const m of members) {
      expect((await m.next()).value).toEqual({ data: { n: 1 } });
      expect((await m.next()).value).toEqual({ data: { n: 2 } });
    }
    // a member leaving does not end the others; the last one leaving returns the execution
    await members[0].return!();
    s.push({ data: { n: 3 } });
    expect((await members[1].next()).value).toEqual({ data: { n: 3 } });
    expect(s.state.returned).toBe(0);
    await members[1].return!();
    await members[2].return!();
    expect(s.state.returned).toBe(1);
    expect(groups.groupCount).toBe(1);
    await alone.return!();
    expect(other.state.returned).toBe(1);
    expect(groups.groupCount).toBe(0);
  });

  it('a single result (a refusal) reaches the members, then ends them; the next subscriber starts afresh', async () => {
    const groups = new SubscriptionGroups();
    let starts = 0;
    const refusal: ExecutionResult = { errors: [] };
    const start = () => { starts++; return Promise.resolve(refusal); };
    const a = groups.subscribe('k', start);
    const b = groups.subscribe('k', start);
    expect((await a.next()).value).toBe(refusal);
    expect((await b.next()).value).toBe(refusal);
    expect((await a.next()).done).toBe(true);
    expect((await b.next()).done).toBe(true);
    expect(starts).toBe(1);
    const c = groups.subscribe('k', start);
    expect((await c.next()).value).toBe(refusal);
    expect(starts).toBe(2);
  });

  it('an execution that completes completes every member after what it queued', async () => {
    const groups = new SubscriptionGroups();
    const s = source();
    const a = groups.subscribe('k', s.start);
    await tick();
    s.push({ data: { last: true } });
    s.end();
    expect((await a.next()).value).toEqual({ data: { last: true } });
    expect((await a.next()).done).toBe(true);
    expect(groups.groupCount).toBe(0);
  });
});

describe('groupKey', () => {
  const base: Principal = { keyId: 'key_1', accountId: 'acct_a', type: 'secret', mode: 'test', livemode: false, permissions: [] };
  const params = { query: 'subscription { events { id } }', variables: { types: ['order.*'] } };

  it('is the same for two keys with the same authorization, and differs with anything that changes results', () => {
    expect(groupKey({ ...base, keyId: 'key_2' }, params)).toBe(groupKey(base, params));
    expect(groupKey({ ...base, permissions: ['b', 'a'] }, params)).toBe(groupKey({ ...base, permissions: ['a', 'b'] }, params));
    const differing: Principal[] = [
      { ...base, accountId: 'acct_b' },
      { ...base, livemode: true, mode: 'live' },
      { ...base, type: 'restricted', permissions: ['events:read'] },
      { ...base, platformAccountId: 'acct_p' },
      { ...base, apiVersion: '2025-01-01' },
    ];
    for (const p of differing) expect(groupKey(p, params)).not.toBe(groupKey(base, params));
    expect(groupKey(base, { ...params, variables: { types: ['*'] } })).not.toBe(groupKey(base, params));
    expect(groupKey(base, { ...params, operationName: 'Other' })).not.toBe(groupKey(base, params));
  });
});
