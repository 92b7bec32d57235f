// Money test helpers: a signing secret for an account, signed requests on both doors, and
// coins minted into an account's wallet (issuance is always signed).
import { createHmac } from 'node:crypto';
import { createSigningSecret } from '../../src/modules/money/signatures.js';
import { api, type ApiResponse, type TestAccount, type TestServer } from './server.js';

/** A new signing secret (ss_...) of the account, made as the key CLI makes one. */
export async function newSigningSecret(t: TestServer, a: TestAccount): Promise<string> {
  return createSigningSecret(t.server.services.db.prisma, t.server.services.secrets, a.accountId);
}

/** X-Timestamp and X-Signature for exactly this raw body. */
export function signatureHeaders(secret: string, raw: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'x-timestamp': String(timestamp),
    'x-signature': createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex'),
  };
}

/** A POST whose body is signed (the body is serialized once, and that string is what is signed and sent). */
export async function signedPost<T = any>(
  t: TestServer, key: string, secret: string, path: string, body: unknown, headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const raw = JSON.stringify(body);
  return api<T>(t.url, path, { key, rawBody: raw, headers: { ...signatureHeaders(secret, raw), ...headers } });
}

/** A signed GraphQL POST. */
export async function signedGql<T = any>(t: TestServer, key: string, secret: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const raw = JSON.stringify({ query, variables });
  return api<{ data?: T; errors?: { message: string; extensions?: Record<string, any> }[] }>(t.url, '/graphql', {
    key, rawBody: raw, headers: { ...signatureHeaders(secret, raw), ...headers },
  });
}

/** Mints `amount` (a decimal string) into the account's own wallet; returns its address. */
export async function fundWallet(t: TestServer, a: TestAccount, secret: string, amount: string): Promise<string> {
  const res = await signedPost(t, a.key, secret, '/v1/stablecoin/issue', { amount });
  if (res.status !== 201) throw new Error(`issue failed: ${res.status} ${res.text}`);
  return res.body.recipient;
}
