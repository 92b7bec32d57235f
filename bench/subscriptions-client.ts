// One client process of bench/subscriptions.ts (forked by it, a few of them): opens its share
// of the GraphQL subscribers, each its own WebSocket speaking the graphql-ws protocol
// (graphql-transport-ws: connection_init with {authorization: 'Bearer sk_...'}, connection_ack,
// one subscribe), and records every message as it arrives: the time (CLOCK_MONOTONIC through
// process.hrtime, the same clock in every process of the machine, so the parent compares it
// with its mutation times), what it is about, and who received it (account and mode).
//
// The protocol is spoken on `ws` directly, not through graphql-ws's client: 2,500 clients per
// process, each message timed in the 'message' handler, as little client CPU as possible
// taken from the server on this 2-core machine.
//
// IPC from the parent: connect, reset, count, collect, close (each answered with its id);
// the process exits when the parent goes away.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface SubSpec {
  /** subscriber number (over all client processes) */
  i: number;
  url: string;
  key: string;
  /** account number (0..accounts-1) */
  acct: number;
  /** a live-mode key (a control: must receive nothing, the events are test-mode) */
  live: boolean;
}

export type ToClient =
  | { id: number; type: 'connect'; subs: SubSpec[]; query: string; field: string; concurrency: number; timeoutMs: number }
  | { id: number; type: 'reset' | 'count' | 'collect' | 'close' };

export interface Receipts {
  /** what each message was about: an event id (events) or `<order id>#<n>` (orderUpdated: the n-th message about that order, from 0) */
  keys: string[];
  /** per key: arrival times (ms, CLOCK_MONOTONIC) */
  t: number[][];
  /** per key: receiver's account * 2 + (live ? 1 : 0) */
  a: number[][];
}

export interface ClientCounts {
  received: number;
  /** `next` messages with errors, `error` messages, `complete` messages, unparsable ones */
  errors: number;
  errorExamples: string[];
  /** sockets that closed while subscribed */
  closes: number;
  closeExamples: string[];
  nulls: number;
  cpuMs: number;
  open: number;
  /** event-loop delay of this process since the last reset, ms (bounds the error of its receipt times) */
  loopP99: number;
  loopMax: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

interface Sub {
  spec: SubSpec;
  ws?: WebSocket;
  subscribed: boolean;
  /** orderUpdated: messages per order id so far (since the last reset) */
  perOrder: Map<string, number>;
}

let field = 'events';
const subs: Sub[] = [];
let byKey = new Map<string, { t: number[]; a: number[] }>();
const counts = { received: 0, errors: 0, errorExamples: [] as string[], closes: 0, closeExamples: [] as string[], nulls: 0 };
let closing = false;

function noteError(text: string) {
  counts.errors++;
  if (counts.errorExamples.length < 5) counts.errorExamples.push(text.slice(0, 300));
}

function onMessage(sub: Sub, raw: WebSocket.RawData) {
  const t = now();
  let msg: { type?: string; id?: string; payload?: { data?: Record<string, { id?: string } | null>; errors?: unknown } };
  try {
    msg = JSON.parse(raw.toString());
  } catch {
    noteError(`unparsable: ${raw.toString().slice(0, 100)}`);
    return;
  }
  if (msg.type === 'next') {
    if (msg.payload?.errors) {
      noteError(`next with errors: ${JSON.stringify(msg.payload.errors)}`);
      return;
    }
    const data = msg.payload?.data?.[field];
    if (!data || typeof data.id !== 'string') {
      counts.nulls++;
      return;
    }
    let key = data.id;
    if (field === 'orderUpdated') {
      const n = sub.perOrder.get(data.id) ?? 0;
      sub.perOrder.set(data.id, n + 1);
      key = `${data.id}#${n}`;
    }
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { t: [], a: [] }));
    entry.t.push(t);
    entry.a.push(sub.spec.acct * 2 + (sub.spec.live ? 1 : 0));
    counts.received++;
  } else if (msg.type === 'ping') {
    sub.ws?.send(JSON.stringify({ type: 'pong' }));
  } else if (msg.type === 'error' || msg.type === 'complete') {
    noteError(`${msg.type}: ${JSON.stringify(msg.payload ?? null)}`);
  }
}

/** Opens one subscriber: resolves once connection_ack came and the subscribe is sent. */
function open(sub: Sub, query: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(sub.spec.url, 'graphql-transport-ws', { perMessageDeflate: false, handshakeTimeout: timeoutMs });
    sub.ws = ws;
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`no connection_ack within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      reject(err);
    };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${sub.spec.key}` } })));
    ws.on('error', (err) => fail(err));
    ws.on('close', (code, reason) => {
      if (!settled) fail(new Error(`closed before connection_ack: ${code} ${reason.toString()}`));
      else if (sub.subscribed && !closing) {
        counts.closes++;
        if (counts.closeExamples.length < 5) counts.closeExamples.push(`${code} ${reason.toString()}`.slice(0, 200));
      }
      sub.subscribed = false;
    });
    ws.on('message', (raw) => {
      if (!settled) {
        const text = raw.toString();
        if (text.includes('"connection_ack"')) {
          settled = true;
          clearTimeout(timer);
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
          sub.subscribed = true;
          resolve();
        } else if (text.includes('"ping"')) ws.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      onMessage(sub, raw);
    });
  });
}

async function connectAll(specs: SubSpec[], query: string, concurrency: number, timeoutMs: number) {
  const started = now();
  let next = 0;
  let ok = 0;
  const failures: string[] = [];
  let failed = 0;
  const worker = async () => {
    while (next < specs.length) {
      const sub: Sub = { spec: specs[next++], subscribed: false, perOrder: new Map() };
      subs.push(sub);
      try {
        await open(sub, query, timeoutMs);
        ok++;
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(`subscriber ${sub.spec.i}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, specs.length)) }, worker));
  return { ok, failed, failures, ms: now() - started };
}

function snapshotCounts(): ClientCounts {
  const cpu = process.cpuUsage();
  return { ...counts, cpuMs: (cpu.user + cpu.system) / 1000, open: subs.filter((s) => s.subscribed).length, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

async function closeAll() {
  closing = true;
  for (const s of subs) s.ws?.close(1000, 'bench done');
  const deadline = Date.now() + 10_000;
  while (subs.some((s) => s.ws && s.ws.readyState !== WebSocket.CLOSED) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const s of subs) if (s.ws && s.ws.readyState !== WebSocket.CLOSED) s.ws.terminate();
}

process.on('message', (msg: ToClient) => {
  const reply = (body: Record<string, unknown>) => process.send?.({ id: msg.id, ...body });
  switch (msg.type) {
    case 'connect':
      field = msg.field;
      connectAll(msg.subs, msg.query, msg.concurrency, msg.timeoutMs).then((r) => reply({ type: 'connected', ...r }), (err) => reply({ type: 'connected', ok: 0, failed: msg.subs.length, failures: [String(err)], ms: 0 }));
      break;
    case 'reset':
      byKey = new Map();
      for (const s of subs) s.perOrder.clear();
      counts.received = 0;
      loop.reset();
      reply({ type: 'reset' });
      break;
    case 'count':
      reply({ type: 'count', counts: snapshotCounts() });
      break;
    case 'collect': {
      const receipts: Receipts = { keys: [], t: [], a: [] };
      for (const [k, v] of byKey) {
        receipts.keys.push(k);
        receipts.t.push(v.t);
        receipts.a.push(v.a);
      }
      reply({ type: 'receipts', receipts, counts: snapshotCounts() });
      break;
    }
    case 'close':
      closeAll().then(() => reply({ type: 'closed' }));
      break;
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, type: 'ready' });
