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
/** The tolerance of constructEvent, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
function header(headers, name) {
    if (typeof headers.get === 'function')
        return headers.get(name) ?? undefined;
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== name || value === undefined)
            continue;
        return typeof value === 'string' ? value : value.join(' ');
    }
    return undefined;
}
function bytesOf(body) {
    if (typeof body === 'string')
        return Buffer.from(body, 'utf8');
    if (body instanceof Uint8Array)
        return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    throw new SignatureVerificationError('invalid_payload', 'constructEvent: pass the raw request body (a string or a Buffer) as received, not a parsed object');
}
function equal(a, b) {
    return a.length === b.length && timingSafeEqual(a, b);
}
const TIMESTAMP = /^\d{1,15}$/;
/** The signature forms present in the headers, each with how to check it. */
function candidates(body, headers) {
    const out = [];
    const own = (timestamp, signatures) => (secret) => {
        const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
        return signatures.some((s) => /^[0-9a-f]{64}$/i.test(s) && equal(expected, Buffer.from(s, 'hex')));
    };
    const svc = header(headers, 'svc-signature');
    if (svc) {
        const items = svc.split(/[\s,]+/).filter(Boolean).map((part) => part.split('=', 2));
        const t = items.find(([k]) => k === 't')?.[1];
        const v1 = items.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v);
        if (t && TIMESTAMP.test(t) && v1.length)
            out.push({ form: 'Svc-Signature', timestamp: t, matches: own(t, v1) });
    }
    const xsig = header(headers, 'x-svc-signature');
    const xts = header(headers, 'x-svc-timestamp');
    if (xsig && xts && TIMESTAMP.test(xts.trim()))
        out.push({ form: 'X-Svc-Signature', timestamp: xts.trim(), matches: own(xts.trim(), xsig.split(/[\s,]+/).filter(Boolean)) });
    const id = header(headers, 'webhook-id');
    const wts = header(headers, 'webhook-timestamp');
    const wsig = header(headers, 'webhook-signature');
    if (id && wts && wsig && TIMESTAMP.test(wts.trim())) {
        const signatures = wsig.split(' ').filter(Boolean).map((s) => s.split(',', 2)).filter(([v, s]) => v === 'v1' && s).map(([, s]) => Buffer.from(s, 'base64'));
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
export function constructEvent(rawBody, headers, secret, options = {}) {
    const secrets = (typeof secret === 'string' ? [secret] : [...(secret ?? [])]).filter((s) => typeof s === 'string' && s.length > 0);
    if (secrets.length === 0)
        throw new TypeError('constructEvent: the endpoint secret (whsec_...) is required');
    if (!headers || typeof headers !== 'object')
        throw new TypeError('constructEvent: headers are required (req.headers, or a Headers)');
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
    let event;
    try {
        event = JSON.parse(body.toString('utf8'));
    }
    catch {
        throw new SignatureVerificationError('invalid_payload', 'The signed payload is not JSON');
    }
    if (!event || typeof event !== 'object' || Array.isArray(event))
        throw new SignatureVerificationError('invalid_payload', 'The signed payload is not an event object');
    return event;
}
/** `webhooks.constructEvent(rawBody, headers, secret)` without a client. */
export const webhooks = { constructEvent };
/** The base of the client's `webhooks` resource: the endpoint routes plus constructEvent. */
export class WebhookResourceBase extends APIResource {
    /** See constructEvent(). */
    constructEvent(rawBody, headers, secret, options) {
        return constructEvent(rawBody, headers, secret, options);
    }
}
