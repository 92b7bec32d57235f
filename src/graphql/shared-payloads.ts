// One JSON text per subscription result, however many sockets it goes to.
//
// A group of identical subscriptions (src/graphql/subscription-groups.ts) executes once per
// event and hands the same result object to each member; graphql-ws then serializes the whole
// `next` message once per member. At 10,000 subscribers that is 100 serializations of the same
// event envelope per event, and as much garbage. Here graphql-ws's message replacer puts a
// placeholder where a `next` message's `payload.data` goes, the data's JSON is made once per
// result object (cached by identity, so every member after the first reuses it, as UTF-8
// bytes), and the socket's send puts the bytes in the placeholder's place.
//
// Safety: a placeholder names one pending text by a number, behind a prefix drawn at random
// when the process starts, so no client-chosen string (an operation id, text echoed in an
// error) can name another's payload; each text is taken once. The replacer and the send run
// back to back (graphql-ws serializes the message and calls the socket's send in the same
// turn), so at most a few texts are ever pending; a bound drops the oldest should a send
// never happen (a socket closed in between).
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';

const MARK = `\u0000payload-${randomBytes(12).toString('hex')}:`;
/** the placeholder as it appears inside the serialized message (a JSON string) */
const ESCAPED = JSON.stringify(MARK).slice(0, -1);
const MAX_PENDING = 10_000;

/** result data object -> its JSON as UTF-8 bytes (made by the first member's send) */
const encoded = new WeakMap<object, Buffer>();
const pending = new Map<string, Buffer>();
let sequence = 0;
/** the `payload` of the `next` message being serialized (the replacer sees keys depth-first) */
let nextPayload: unknown;

function bytesOf(data: object): Buffer {
  let bytes = encoded.get(data);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(data));
    encoded.set(data, bytes);
  }
  return bytes;
}

/**
 * graphql-ws's `jsonMessageReplacer`: a `next` message's `payload.data` becomes a placeholder
 * for its cached JSON; every other value is left as it is.
 */
export function payloadReplacer(this: unknown, key: string, value: unknown): unknown {
  if (key === 'payload') {
    nextPayload = (this as { type?: unknown }).type === 'next' ? value : undefined;
    return value;
  }
  if (key !== 'data' || this !== nextPayload || value === null || typeof value !== 'object') return value;
  nextPayload = undefined;
  const token = String(++sequence);
  pending.set(token, bytesOf(value));
  if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
  return MARK + token;
}

/**
 * The message with its placeholder replaced by the payload's JSON (bytes), the message itself
 * when it has none, or undefined when it names a text that is not pending (never expected:
 * the message is then not sent).
 */
export function expandMessage(text: string): string | Buffer | undefined {
  const at = text.indexOf(ESCAPED);
  if (at < 0) return text;
  const end = text.indexOf('"', at + ESCAPED.length);
  if (end < 0) return undefined;
  const token = text.slice(at + ESCAPED.length, end);
  const bytes = pending.get(token);
  if (!bytes) return undefined;
  pending.delete(token);
  return Buffer.concat([Buffer.from(text.slice(0, at)), bytes, Buffer.from(text.slice(end + 1))]);
}

/** Makes `ws.send` expand placeholders (text frames, as graphql-ws sends them). */
export function expandOnSend(ws: WebSocket): void {
  const send = ws.send.bind(ws) as (data: unknown, options: { binary?: boolean }, cb?: (err?: Error) => void) => void;
  ws.send = ((data: unknown, optionsOrCb?: unknown, cb?: unknown) => {
    const callback = (typeof optionsOrCb === 'function' ? optionsOrCb : cb) as ((err?: Error) => void) | undefined;
    const options = (typeof optionsOrCb === 'object' && optionsOrCb !== null ? optionsOrCb : {}) as { binary?: boolean };
    if (typeof data !== 'string') return send(data, options, callback);
    const expanded = expandMessage(data);
    if (expanded === undefined) {
      ws.close(1011, 'internal error');
      callback?.();
      return;
    }
    return send(expanded, { ...options, binary: false }, callback);
  }) as typeof ws.send;
}

/** texts waiting for their send (for tests) */
export function pendingPayloads(): number {
  return pending.size;
}
