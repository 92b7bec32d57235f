// Verifying webhook deliveries. The server signs each delivery three ways at once
// (src/modules/webhooks/signing.ts on the server):
//   - `X-Svc-Timestamp` + `X-Svc-Signature`: hex HMAC-SHA256 of "<timestamp>.<body>" keyed with
//     the whole `whsec_...` secret, for the newest secret only;
//   - `Svc-Signature: t=<timestamp> v1=<hex> v1=<hex>`: the same, one `v1` per active secret;
//   - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64> ...`):
//     HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the base64-decoded part after `whsec_`.
// A delivery is genuine when any form present verifies with the secret (a receiver that still
// holds the previous secret during a rotation verifies through the forms that list every
// secret) and its timestamp is within the tolerance (300 s by default) of now.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIResource } from './core.js';
import { SignatureVerificationError } from './errors.js';
import type { EventType } from './generated/meta.js';

/** The tolerance of constructEvent, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** An event as deliveries, GET /v1/events/{id} and subscriptions show it. */
export interface WebhookEvent<T extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  object: 'event';
  /** `order.created`, ... (the server's catalogue when this SDK was generated, or a newer type) */
  type: EventType | (string & {});
  /** Unix seconds */
  created: number;
  livemode: boolean;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
  /** who acted, when not the key itself (an agent) */
  actor?: { type: 'agent'; id: string };
  pending_webhooks: number;
  api_version: string;
}

/** Headers as Node gives them (`req.headers`), a plain object of any case, or a fetch `Headers`. */
export type WebhookHeaders = Headers | { readonly [name: string]: string | readonly string[] | undefined };

export interface ConstructEventOptions {
  /** seconds a delivery's timestamp may differ from now; default 300 */
  tolerance?: number;
  /** now, in Unix seconds (default: the clock) */
  now?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return typeof value === 'string' ? value : value.join(' ');
  }
  return undefined;
}

function bytesOf(body: string | Uint8Array): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new SignatureVerificationError('invalid_payload', 'constructEvent: pass the raw request body (a string or a Buffer) as received, not a parsed object');
}

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const TIMESTAMP = /^\d{1,15}$/;

interface Candidate {
  form: string;
  timestamp: string;
  matches: (secret: string) => boolean;
}

/** The signature forms present in the headers, each with how to check it. */
function candidates(body: Buffer, headers: WebhookHeaders): Candidate[] {
  const out: Candidate[] = [];
  const own = (timestamp: string, signatures: string[]) => (secret: string) => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
    return signatures.some((s) => /^[0-9a-f]{64}$/i.test(s) && equal(expected, Buffer.from(s, 'hex')));
  };

  const svc = header(headers, 'svc-signature');
  if (svc) {
    const items = svc.split(/[\s,]+/).filter(Boolean).map((part) => part.split('=', 2) as [string, string | undefined]);
    const t = items.find(([k]) => k === 't')?.[1];
    const v1 = items.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
    if (t && TIMESTAMP.test(t) && v1.length) out.push({ form: 'Svc-Signature', timestamp: t, matches: own(t, v1) });
  }

  const xsig = header(headers, 'x-svc-signature');
  const xts = header(headers, 'x-svc-timestamp');
  if (xsig && xts && TIMESTAMP.test(xts.trim())) out.push({ form: 'X-Svc-Signature', timestamp: xts.trim(), matches: own(xts.trim(), xsig.split(/[\s,]+/).filter(Boolean)) });

  const id = header(headers, 'webhook-id');
  const wts = header(headers, 'webhook-timestamp');
  const wsig = header(headers, 'webhook-signature');
  if (id && wts && wsig && TIMESTAMP.test(wts.trim())) {
    const signatures = wsig.split(' ').filter(Boolean).map((s) => s.split(',', 2)).filter(([v, s]) => v === 'v1' && s).map(([, s]) => Buffer.from(s!, 'base64'));
    out.push({
      form: 'webhook-signature',
      timestamp: wts.trim(),
      matches: (secret) => {
        const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
        const expected = createHmac('sha256', key).update(`${id}.${wts.trim()}.`).update(body).digest();
        return signatures.some((s) => equal(expected, s));
      },
    });
  }
  return out;
}

/**
 * Verifies a webhook delivery and returns its event. `rawBody` is the body exactly as received
 * (read it before any JSON parsing); `secret` is the endpoint's `whsec_...` secret (or several,
 * while rotating). Throws SignatureVerificationError when no signature verifies, or when the
 * delivery's timestamp is more than `tolerance` seconds (300) from now.
 */
export function constructEvent<T extends Record<string, unknown> = Record<string, unknown>>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: ConstructEventOptions = {},
): WebhookEvent<T> {
  const secrets = (typeof secret === 'string' ? [secret] : [...(secret ?? [])]).filter((s) => typeof s === 'string' && s.length > 0);
  if (secrets.length === 0) throw new TypeError('constructEvent: the endpoint secret (whsec_...) is required');
  if (!headers || typeof headers !== 'object') throw new TypeError('constructEvent: headers are required (req.headers, or a Headers)');
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const body = bytesOf(rawBody);
  const forms = candidates(body, headers);
  if (forms.length === 0) {
    throw new SignatureVerificationError('no_signature', 'No webhook signature found: expected Svc-Signature, X-Svc-Signature with X-Svc-Timestamp, or webhook-id, webhook-timestamp and webhook-signature');
  }
  const verified = forms.find((f) => secrets.some((s) => f.matches(s)));
  if (!verified) {
    throw new SignatureVerificationError('signature_mismatch', `No signature matches the payload (${forms.map((f) => f.form).join(', ')}): is this the endpoint's secret, and the raw body as received?`);
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const age = now - Number(verified.timestamp);
  if (Math.abs(age) > tolerance) {
    throw new SignatureVerificationError('timestamp_outside_tolerance', `The delivery's timestamp is ${Math.abs(age)} s ${age >= 0 ? 'old' : 'in the future'}, outside the tolerance of ${tolerance} s`);
  }
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new SignatureVerificationError('invalid_payload', 'The signed payload is not JSON');
  }
  if (!event || typeof event !== 'object' || Array.isArray(event)) throw new SignatureVerificationError('invalid_payload', 'The signed payload is not an event object');
  return event as WebhookEvent<T>;
}

/** `webhooks.constructEvent(rawBody, headers, secret)` without a client. */
export const webhooks = { constructEvent } as const;

/** The base of the client's `webhooks` resource: the endpoint routes plus constructEvent. */
export abstract class WebhookResourceBase extends APIResource {
  /** See constructEvent(). */
  constructEvent<T extends Record<string, unknown> = Record<string, unknown>>(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    secret: string | readonly string[],
    options?: ConstructEventOptions,
  ): WebhookEvent<T> {
    return constructEvent<T>(rawBody, headers, secret, options);
  }
}
