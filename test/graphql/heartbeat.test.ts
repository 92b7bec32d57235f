// WebSocket keep-alive (src/graphql/heartbeat.ts): every socket is pinged once per
// WS_KEEPALIVE_SECS; one that answers neither the ping nor anything else for a whole interval is
// terminated, one that answers stays open. Raw `ws` clients, one answering pings (the default)
// and one that never does (autoPong off: a peer gone without closing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { sleep } from './client.js';
import { Heartbeat } from '../../src/graphql/heartbeat.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WS_KEEPALIVE_SECS: '1' });
  a = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

async function open(autoPong: boolean) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { autoPong });
  const pings = { n: 0 };
  ws.on('ping', () => { pings.n++; });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${a.key}` } }));
  await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  return { ws, pings, closed };
}

describe('WebSocket keep-alive', () => {
  it('pings every socket; a silent one is terminated within two intervals, an answering one stays', async () => {
    const answering = await open(true);
    const silent = await open(false);
    const code = await Promise.race([silent.closed, sleep(6000).then(() => -1)]);
    // terminated, not closed with a frame: the client sees an abnormal closure
    expect(code).toBe(1006);
    expect(silent.pings.n).toBeGreaterThanOrEqual(1);
    await sleep(1500);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(answering.pings.n).toBeGreaterThanOrEqual(2);
    answering.ws.close();
  });
});

describe('Heartbeat (unit)', () => {
  it('spreads sockets over one slot per second of the interval, and 0 watches nothing', () => {
    const none = new Heartbeat(0);
    const fake = { on() {}, once() {} } as never;
    none.watch(fake);
    expect(none.size).toBe(0);
    none.close();
    const hb = new Heartbeat(30_000);
    for (let i = 0; i < 90; i++) hb.watch({ on() {}, once() {} } as never);
    expect(hb.size).toBe(90);
    const slots = (hb as unknown as { slots: Set<unknown>[] }).slots;
    expect(slots).toHaveLength(30);
    for (const s of slots) expect(s.size).toBe(3);
    hb.close();
  });
});
