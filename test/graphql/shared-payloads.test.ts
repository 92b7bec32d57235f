// One JSON text per subscription result (src/graphql/shared-payloads.ts): the placeholder
// graphql-ws's replacer leaves is replaced by exactly the text JSON.stringify would have made;
// nothing else is touched; a client-chosen string cannot name a payload; and over real
// WebSockets the members of a group get text frames with the same payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { expandMessage, payloadReplacer, pendingPayloads } from '../../src/graphql/shared-payloads.js';
import { wsUrl } from './client.js';

const serialize = (msg: unknown) => JSON.stringify(msg, payloadReplacer);
const text = (v: string | Buffer | undefined) => (Buffer.isBuffer(v) ? v.toString('utf8') : v);

describe('the replacer and the expansion', () => {
  it('give the text JSON.stringify gives, byte for byte, and serialize a result once', () => {
    const data = { events: { id: 'evt_1', data: { object: { name: 'Ünïcode "q" \\ \u2028', n: 1.5, list: [null, true], nested: { data: 'x', payload: 'y' } } } } };
    const message = { id: 'op-1', type: 'next', payload: { data } };
    const placeholder = serialize(message);
    expect(placeholder).not.toContain('evt_1');
    expect(text(expandMessage(placeholder))).toBe(JSON.stringify(message));
    // a second member: the same bytes, from the cache (a change to the object after the first
    // serialization is not seen: results are never changed once published)
    (data.events as { id: string }).id = 'changed';
    const second = { id: 'op-2', type: 'next', payload: { data } };
    expect(text(expandMessage(serialize(second)))).toBe(JSON.stringify({ ...second, payload: { data: { ...data, events: { ...data.events, id: 'evt_1' } } } }));
    expect(pendingPayloads()).toBe(0);
    // with errors beside the data
    const withErrors = { id: 'op-3', type: 'next', payload: { data: { a: 1 }, errors: [{ message: 'boom', path: ['a'] }] } };
    expect(text(expandMessage(serialize(withErrors)))).toBe(JSON.stringify(withErrors));
  });

  it('leaves every other message as it is', () => {
    for (const message of [
      { type: 'connection_ack' },
      { type: 'ping' },
      { id: '1', type: 'complete' },
      { id: '1', type: 'error', payload: [{ message: 'no', extensions: { data: { a: 1 } } }] },
      { id: '1', type: 'next', payload: { data: null } },
    ]) {
      const s = serialize(message);
      expect(s).toBe(JSON.stringify(message));
      expect(expandMessage(s)).toBe(s);
    }
    expect(pendingPayloads()).toBe(0);
  });

  it('a client-chosen string that looks like a placeholder names nothing', () => {
    const pendingBefore = pendingPayloads();
    // a real placeholder left pending, then a message whose id imitates the form
    const leaked = serialize({ id: 'a', type: 'next', payload: { data: { secret: 'other account' } } });
    const token = /"(\\u0000payload-[0-9a-f]+:)(\d+)"/.exec(leaked);
    expect(token).not.toBeNull();
    const guessed = JSON.stringify({ id: '\u0000payload-000000000000000000000000:1', type: 'complete' });
    expect(expandMessage(guessed)).toBe(guessed);
    // the right prefix with a number that is not pending: refused, not filled
    const forged = `{"id":"x","type":"next","payload":{"data":"${token![1]}999999999"}}`;
    expect(expandMessage(forged)).toBeUndefined();
    expect(text(expandMessage(leaked))).toContain('other account');
    expect(pendingPayloads()).toBe(pendingBefore);
  });
});

describe('over WebSockets', () => {
  let t: TestServer;
  let a: TestAccount;
  beforeAll(async () => {
    t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
    a = await t.newAccount();
  });
  afterAll(async () => {
    await t?.stop();
  });

  function open(id: string): Promise<{ frames: { text: string; binary: boolean }[]; ws: WebSocket }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl(t.url), 'graphql-transport-ws');
      const frames: { text: string; binary: boolean }[] = [];
      ws.on('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${a.key}` } })));
      ws.on('message', (raw, binary) => {
        const s = raw.toString();
        if (s.includes('"connection_ack"')) {
          ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query: 'subscription { events(types: ["order.created"]) { id type data } }' } }));
          setTimeout(() => resolve({ frames, ws }), 400);
          return;
        }
        frames.push({ text: s, binary });
      });
    });
  }

  it('every member of a group gets a text frame with the same payload, and nothing stays pending', async () => {
    const ids = ['first', 'second', '\u0000payload-000000000000000000000000:1'];
    const members = await Promise.all(ids.map(open));
    const created = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (members.some((m) => m.frames.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const payloads = members.map((m, i) => {
      expect(m.frames).toHaveLength(1);
      expect(m.frames[0].binary).toBe(false);
      const msg = JSON.parse(m.frames[0].text);
      expect(msg).toMatchObject({ id: ids[i], type: 'next' });
      expect(m.frames[0].text).toBe(JSON.stringify(msg));
      return JSON.stringify(msg.payload);
    });
    expect(new Set(payloads).size).toBe(1);
    expect(JSON.parse(payloads[0]).data.events).toMatchObject({ type: 'order.created', data: { object: { id: created.body.id } } });
    expect(pendingPayloads()).toBe(0);
    for (const m of members) m.ws.close();
  });
});
