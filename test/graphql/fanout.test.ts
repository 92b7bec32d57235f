// Subscribers of one account share one upstream listener: many subscriptions print no
// MaxListenersExceededWarning, each gets every event, and leaving releases the listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { sleep, subscribe, wsSession, type WsSession } from './client.js';
import { OnEventsDocument } from '../generated/graphql.js';
import { Fanout, SUBSCRIBER_BACKLOG } from '../../src/events/bus.js';

let t: TestServer;
let a: TestAccount;
const sessions: WsSession[] = [];
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  process.on('warning', onWarning);
}, 120_000);
afterAll(async () => {
  process.off('warning', onWarning);
  for (const s of sessions) await s.dispose().catch(() => {});
  await t?.stop();
});

describe('subscription fan-out', () => {
  it('60 subscribers of one account: every one gets the event, no listener warning, one topic', async () => {
    const subs = [];
    for (let i = 0; i < 3; i++) {
      const s = wsSession(t.url, { authorization: `Bearer ${a.key}` });
      sessions.push(s);
      for (let j = 0; j < 20; j++) subs.push(await subscribe(s, OnEventsDocument, { types: ['order.created'] }, 0));
    }
    await sleep(500);
    expect(t.server.bus.activeTopics()).toBe(1);
    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(created.status).toBe(201);
    const got = await Promise.all(subs.map((s) => s.waitFor(1, 20_000)));
    for (const [first] of got) expect((first!.events.data as { object: { id: string } }).object.id).toBe(created.body.id);
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
    for (const s of subs) s.stop();
    await expect.poll(() => t.server.bus.activeTopics(), { timeout: 10_000 }).toBe(0);
  }, 60_000);
});

describe('Fanout', () => {
  /** A source whose iterations are counted and fed by hand. */
  function source() {
    const open: { push(v: number): void; ended: boolean }[] = [];
    const fanout = new Fanout<number>(() => {
      const queue: number[] = [];
      let wake: (() => void) | undefined;
      const state = { ended: false, push(v: number) { queue.push(v); wake?.(); } };
      open.push(state);
      return {
        [Symbol.asyncIterator]: () => ({
          async next() {
            while (!queue.length && !state.ended) await new Promise<void>((r) => { wake = r; });
            return state.ended ? { value: undefined, done: true } : { value: queue.shift()!, done: false };
          },
          async return() { state.ended = true; wake?.(); return { value: undefined, done: true }; },
        }),
      } as AsyncIterable<number>;
    });
    return { fanout, open };
  }

  it('opens one upstream per topic, delivers to each subscriber, closes it with the last', async () => {
    const { fanout, open } = source();
    const x = fanout.subscribe('t');
    const y = fanout.subscribe('t');
    expect(open).toHaveLength(1);
    open[0]!.push(7);
    expect((await x.next()).value).toBe(7);
    expect((await y.next()).value).toBe(7);
    await x.return!();
    expect(open[0]!.ended).toBe(false);
    await y.return!();
    expect(open[0]!.ended).toBe(true);
    expect(fanout.topicCount).toBe(0);
    fanout.subscribe('t');
    expect(open).toHaveLength(2);
  });

  it('ends a subscriber that falls too far behind, and only that one', async () => {
    const { fanout, open } = source();
    const slow = fanout.subscribe('t');
    const fast = fanout.subscribe('t');
    for (let i = 0; i <= SUBSCRIBER_BACKLOG; i++) {
      open[0]!.push(i);
      if (i % 1000 === 0) await sleep(0);
      await fast.next();
    }
    await sleep(10);
    await expect(slow.next()).rejects.toThrow(/behind/);
    expect((await slow.next()).done).toBe(true);
    open[0]!.push(-1);
    expect((await fast.next()).value).toBe(-1);
  });
});
