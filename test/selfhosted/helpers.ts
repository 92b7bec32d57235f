// Helpers of the self-hosted door's tests: unique emails, register and sign in, tokens
// crafted with jose under the server's JWT_SECRET.
import { randomBytes } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { api, type ApiResponse } from '../helpers/server.js';

let n = 0;
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${process.pid}-${Date.now()}-${++n}-${randomBytes(3).toString('hex')}@example.com`;
}

/** a JWT_SECRET for one test file's server (the tests sign their own tokens with it) */
export function newJwtSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  refresh_expires_in: number;
}

export interface SignedIn extends Tokens {
  email: string;
  password: string;
  user: { id: string; account: string; organization: string; role: string; email: string };
}

export function register(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return api(url, '/auth/register', { body, headers });
}

export function login(url: string, email: string, password: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return api(url, '/auth/login', { body: { email, password }, headers });
}

export function refresh(url: string, refreshToken: string): Promise<ApiResponse> {
  return api(url, '/auth/refresh', { body: { refresh_token: refreshToken } });
}

/** Registers a user (a new organisation unless `inviter` is given) and signs in. */
export async function signUp(
  url: string, opts: { email?: string; password?: string; inviter?: string; organization?: string; name?: string; headers?: Record<string, string> } = {},
): Promise<SignedIn> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const reg = await register(url, {
    email, password, ...(opts.name ? { name: opts.name } : {}), ...(opts.organization ? { organization: opts.organization } : {}),
  }, opts.inviter ? { authorization: `Bearer ${opts.inviter}` } : {});
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const res = await login(url, email, password, opts.headers);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { ...(res.body as Tokens), email, password, user: reg.body };
}

/** The claims the server puts in an access token, for crafting variants. */
export function accessClaims(user: { id: string; account: string }, familyId = 'rtk_crafted'): JWTPayload {
  return { iss: 'commerce-api', aud: 'commerce-api', sub: user.id, acct: user.account, sid: familyId, token_use: 'access' };
}

/** An access token signed with `secret` (HS256 unless told), valid for `ttl` seconds from `iat`. */
export async function craft(secret: string, claims: JWTPayload, opts: { alg?: string; typ?: string; iat?: number; ttl?: number } = {}): Promise<string> {
  const iat = opts.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: opts.typ ?? 'at+jwt' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttl ?? 3600))
    .sign(new TextEncoder().encode(secret));
}

/** base64url JSON of a JWT part */
export function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decode(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h!, 'base64url').toString()), payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
