// Webhook signing: endpoint secrets and the signature headers of an outbound delivery, in two
// forms at once: our own (X-Svc-Signature, Svc-Signature) and Standard Webhooks (webhook-*),
// so receivers can verify with either a few lines of HMAC code or a stock library.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 300;

export function generateWebhookSecret(): string {
  // Standard Webhooks libraries base64-decode what follows the prefix, so it must stay standard
  // base64 with padding (not base64url).
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export interface SignatureInput {
  eventId: string;
  body: string;
  /** unix seconds */
  timestamp: number;
  /** whsec_ secrets, newest first, at least one; several while a secret is being rotated */
  secrets: readonly string[];
}

export function signatureHeaders(input: SignatureInput): Record<string, string> {
  const { eventId, body, timestamp, secrets } = input;
  if (secrets.length === 0) throw new Error('signatureHeaders: at least one secret is required');
  const ts = String(timestamp);
  const svc: string[] = [];
  const standard: string[] = [];
  for (const secret of secrets) {
    if (!secret.startsWith(SECRET_PREFIX)) throw new Error('signatureHeaders: secrets must start with whsec_');
    // update() in parts rather than one concatenated string: bodies can be large
    svc.push(createHmac('sha256', secret).update(`${ts}.`).update(body).digest('hex'));
    // Standard Webhooks keys with the decoded bytes, while our own form keys with the whole
    // string so receivers need no base64 step; both are fixed by their published contracts.
    const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
    standard.push('v1,' + createHmac('sha256', key).update(`${eventId}.${ts}.`).update(body).digest('base64'));
  }
  return {
    'X-Svc-Timestamp': ts,
    // the newest secret only: receivers of this header compare a single value
    'X-Svc-Signature': svc[0],
    'Svc-Signature': `t=${ts} ` + svc.map((s) => `v1=${s}`).join(' '),
    'webhook-id': eventId,
    'webhook-timestamp': ts,
    'webhook-signature': standard.join(' '),
  };
}

export interface VerifyInput {
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  secret: string;
  toleranceSeconds?: number;
  /** unix seconds */
  now?: number;
}

export function verifySvcSignature(input: VerifyInput): boolean {
  const { body, timestamp, signature, secret } = input;
  if (timestamp === undefined || signature === undefined) return false;
  if (!/^\d{1,15}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const now = input.now ?? Math.floor(Date.now() / 1000);
  // bounds replays of a captured delivery to the tolerance window
  if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  // constant time, so the comparison does not leak how many leading bytes matched
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
