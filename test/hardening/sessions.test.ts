// Long-lived GraphQL sessions are bounded (subscriptions per socket, sockets per key) and end
// when their key is revoked: a WebSocket closes with 4403, an SSE stream ends, within 5 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { sleep, subscribe, wsSession } from '../graphql/client.js';
import { OnEventsDocument } from '../generated/graphql.js';

const ADMIN = 'admin-key-for-the-sessions-test-0123456789';
let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '3', WS_MAX_SOCKETS_PER_KEY: '2', ADMIN_API_KEY: ADMIN });
  a = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const revoke = (id: string) => t.server.db.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });

describe('bounds', () => {
  it('one subscription too many on a socket fails alone with VALIDATION_ERROR; the others keep running', async () => {
    const ws = wsSession(t.url, { authorization: `Bearer ${a.key}` });
    try {
      const subs = [];
      for (let i = 0; i < 3; i++) subs.push(await subscribe(ws, OnEventsDocument, { types: ['order.created'] }, 50));
      const refused = await subscribe(ws, OnEventsDocument, { types: ['order.created'] }, 50);
      const ended = (await Promise.race([refused.ended, sleep(5000).then(() => 'timeout')])) as any;
      expect(Array.isArray(ended) ? ended[0]?.extensions : ended).toMatchObject({ code: 'VALIDATION_ERROR', details: { limit: { name: 'WS_MAX_SUBSCRIPTIONS_PER_SOCKET', value: 3 } } });
      await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
      for (const s of subs) expect((await s.waitFor(1))[0].events.type).toBe('order.created');
      // a finished subscription frees its place
      subs[0].stop();
      await sleep(100);
      const again = await subscribe(ws, OnEventsDocument, { types: ['order.created'] }, 50);
      expect(await Promise.race([again.ended, sleep(300).then(() => 'open')])).toBe('open');
    } finally {
      await ws.dispose();
    }
  });

  it('one socket too many for a key is closed with 4429; another key is not affected', async () => {
    const key = await a.newKey();
    const first = wsSession(t.url, { authorization: `Bearer ${key.secret}` });
    const second = wsSession(t.url, { authorization: `Bearer ${key.secret}` });
    await Promise.all([first.connected, second.connected]);
    const third = wsSession(t.url, { authorization: `Bearer ${key.secret}` });
    expect(await Promise.race([third.closed, sleep(5000).then(() => 'timeout')])).toBe(4429);
    const other = wsSession(t.url, { authorization: `Bearer ${a.key}` });
    await other.connected;
    // a closed socket frees its place
    await first.dispose();
    await sleep(200);
    const fourth = wsSession(t.url, { authorization: `Bearer ${key.secret}` });
    await fourth.connected;
    await Promise.all([second.dispose(), other.dispose(), fourth.dispose()]);
  });
});

describe('revocation', () => {
  it('closes an open WebSocket with 4403 within 5 s of the revocation, even with no event', async () => {
    const key = await a.newKey();
    const ws = wsSession(t.url, { authorization: `Bearer ${key.secret}` });
    const sub = await subscribe(ws, OnEventsDocument, { types: ['customer.created'] });
    await api(t.url, '/v1/customers', { key: a.key, body: { name: 'before' } });
    await sub.waitFor(1);
    await revoke(key.id);
    const revokedAt = Date.now();
    expect(await Promise.race([ws.closed, sleep(6000).then(() => 'still open')])).toBe(4403);
    expect(Date.now() - revokedAt).toBeLessThan(6000);
    // the socket is closed: nothing more can reach this subscriber
    expect(await Promise.race([sub.ended, sleep(1000).then(() => 'open')])).not.toBe('open');
  });

  it('identical subscriptions under two keys share one execution; revoking one key ends only its subscribers', async () => {
    const metrics = async () => {
      const res = await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
      return Number(/^graphql_subscription_groups (\d+)/m.exec(res.text)?.[1]);
    };
    const [kept, revoked] = [await a.newKey(), await a.newKey()];
    const before = await metrics();
    const sockets = [kept, kept, revoked, revoked].map((k) => wsSession(t.url, { authorization: `Bearer ${k.secret}` }));
    try {
      const subs = [];
      for (const ws of sockets) subs.push(await subscribe(ws, OnEventsDocument, { types: ['customer.created', 'customer.deleted'] }, 50));
      // the same document, variables, account, mode and permissions: one execution for all four
      expect(await metrics()).toBe(before + 1);
      await api(t.url, '/v1/customers', { key: a.key, body: { name: 'shared' } });
      for (const sub of subs) expect((await sub.waitFor(1))[0].events.type).toBe('customer.created');
      await revoke(revoked.id);
      expect(await Promise.race([sockets[2].closed, sleep(6000).then(() => 'still open')])).toBe(4403);
      expect(await Promise.race([sockets[3].closed, sleep(2000).then(() => 'still open')])).toBe(4403);
      // the other key's subscribers go on with the shared execution
      await api(t.url, '/v1/customers', { key: a.key, body: { name: 'later' } });
      for (const sub of subs.slice(0, 2)) expect((await sub.waitFor(2))[1].events.type).toBe('customer.created');
      expect(await metrics()).toBe(before + 1);
      // the group ends with its last member
      subs[0].stop();
      subs[1].stop();
      await sleep(300);
      expect(await metrics()).toBe(before);
    } finally {
      for (const ws of sockets) await ws.dispose().catch(() => {});
    }
  });

  it('ends an open SSE stream of a revoked key; no event is delivered after its end', async () => {
    const key = await a.newKey();
    const controller = new AbortController();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${key.secret}` },
      body: JSON.stringify({ query: 'subscription { events(types: ["customer.created"]) { id type } }' }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => undefined)]);
        if (!chunk) break;
        if (chunk.done) return 'ended';
        text += new TextDecoder().decode(chunk.value);
      }
      return pattern.test(text) ? 'matched' : 'timeout';
    };
    await sleep(300);
    await api(t.url, '/v1/customers', { key: a.key, body: { name: 'seen' } });
    expect(await readUntil(/customer\.created/, 5000)).toBe('matched');
    await revoke(key.id);
    // the stream ends (a `complete` event, then the body closes) within 5 s
    const ended = await readUntil(/event: complete/, 6000);
    expect(ended === 'matched' || ended === 'ended').toBe(true);
    controller.abort();
  });
});
