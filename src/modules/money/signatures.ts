// Signed requests (spec, Authentication rule 4): X-Signature is the hex HMAC-SHA256 of
// "<X-Timestamp>.<raw body>" with the account's signing secret, X-Timestamp Unix seconds.
// Verified whenever present, on any request; required where an operation says so (every
// issuance, transfers and redemptions at or above SIGNED_REQUEST_THRESHOLD). A timestamp more
// than 300 s off, or a signature already accepted, is refused: a retry is signed afresh.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Prisma } from '../../db/client.js';
import type { RecordCipher } from '../../decision/service/crypto.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';

export const SIGNATURE_TOLERANCE_S = 300;
/** A rotated secret keeps working this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomSecret(): string {
  const bytes = randomBytes(40);
  let out = 'ss_';
  for (let i = 0; i < 40; i++) out += ALPHABET[bytes[i] % 62];
  return out;
}

const aad = (id: string) => `signing-secret:${id}`;

/** A new signing secret for the account (both modes); returned once, stored sealed. */
export async function createSigningSecret(prisma: Prisma, cipher: RecordCipher, accountId: string): Promise<string> {
  const secret = randomSecret();
  const id = newId('ssk');
  await prisma.signingSecret.create({ data: { id, accountId, sealed: cipher.seal(secret, aad(id)) } });
  return secret;
}

/** A new secret; the ones in force keep working for 24 hours. */
export async function rotateSigningSecret(prisma: Prisma, cipher: RecordCipher, accountId: string): Promise<{ secret: string; previousValidUntil: Date | null }> {
  const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
  const secret = randomSecret();
  const id = newId('ssk');
  const expired = await prisma.$transaction(async (tx) => {
    const ended = await tx.signingSecret.updateMany({ where: { accountId, expiresAt: null }, data: { expiresAt: until } });
    await tx.signingSecret.create({ data: { id, accountId, sealed: cipher.seal(secret, aad(id)) } });
    return ended.count;
  });
  return { secret, previousValidUntil: expired > 0 ? until : null };
}

/** The secrets that verify a signature now. */
async function secretsInForce(prisma: Prisma, cipher: RecordCipher, accountId: string): Promise<string[]> {
  const rows = await prisma.signingSecret.findMany({
    where: { accountId, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { id: true, sealed: true },
  });
  const out: string[] = [];
  for (const r of rows) {
    try {
      out.push(cipher.open(r.sealed, aad(r.id)));
    } catch {
      // sealed with another server key: it cannot verify anything here
    }
  }
  return out;
}

export function signPayload(secret: string, timestamp: string | number, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

export interface SignatureHeaders {
  signature?: string;
  timestamp?: string;
}

const invalid = (message: string, details: Record<string, unknown> = {}) => new ApiError('INVALID_SIGNATURE', message, details, 'X-Signature');

/**
 * Verifies a request's signature over its raw body; records it so that it cannot be used again
 * within the tolerance. Returns false when the request carries no signature headers.
 */
export async function verifySignedRequest(
  prisma: Prisma, cipher: RecordCipher, accountId: string, headers: SignatureHeaders, raw: Buffer, nowMs = Date.now(),
): Promise<boolean> {
  const { signature, timestamp } = headers;
  if (signature === undefined && timestamp === undefined) return false;
  if (signature === undefined) throw invalid('X-Timestamp was sent without X-Signature');
  if (timestamp === undefined) throw invalid('X-Signature was sent without X-Timestamp (Unix seconds)');
  if (!/^[0-9]{1,12}$/.test(timestamp)) throw invalid('X-Timestamp must be Unix seconds');
  const skew = Math.abs(nowMs / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_S) {
    throw invalid(`X-Timestamp is ${Math.round(skew)} s away from the server's clock; at most ${SIGNATURE_TOLERANCE_S} s`, { tolerance_seconds: SIGNATURE_TOLERANCE_S });
  }
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw invalid('X-Signature must be 64 hex digits (HMAC-SHA256)');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  const secrets = await secretsInForce(prisma, cipher, accountId);
  if (secrets.length === 0) throw invalid('This account has no signing secret: create one with `npm run keys -- signing-secret create`');
  const ok = secrets.some((s) => timingSafeEqual(Buffer.from(signPayload(s, timestamp, raw), 'hex'), given));
  if (!ok) throw invalid('X-Signature does not match HMAC-SHA256 of "<X-Timestamp>.<body>" with a signing secret of this account');
  // one use: the same signature again within the window is a replay
  const used = await prisma.usedSignature.createMany({
    data: [{ signature: given.toString('hex'), expiresAt: new Date((Number(timestamp) + 2 * SIGNATURE_TOLERANCE_S) * 1000) }],
    skipDuplicates: true,
  });
  if (used.count === 0) throw invalid('This signature was already used: sign each request, retries included, with a fresh X-Timestamp');
  return true;
}

/** Forgets used signatures past the window (they could not verify again anyway). */
export async function purgeUsedSignatures(prisma: Prisma): Promise<number> {
  return (await prisma.usedSignature.deleteMany({ where: { expiresAt: { lt: new Date() } } })).count;
}
