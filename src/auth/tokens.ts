// Tokens of the self-hosted sign-in (POST /auth/login, /auth/refresh).
//
// Access tokens are JWTs, HS256 only, signed with JWT_SECRET (UTF-8 text, at least 32
// characters) or a secret generated once into DATA_DIR/jwt-secret.key (mode 0600). Header
// `typ: at+jwt` (RFC 9068) and claim `token_use: access`; `iss` and `aud` are this API;
// `sub` is the user, `acct` its account, `sid` its refresh-token family (a family revoked
// for reuse takes its access tokens with it). They are accepted wherever an API key is
// (`Authorization: Bearer`, /v1, /graphql, the WebSocket's connection_init): a user acts for
// its account in test mode with full permissions, as a secret test key.
//
// Refresh tokens are opaque: `rt_` and 43 base64url characters (256 random bits); only their
// SHA-256 is stored. Neither kind can stand in for the other: a refresh token is not JWT
// shaped, and an access token is no stored refresh token.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ApiError } from '../errors.js';
import type { Prisma } from '../db/client.js';
import { BoundedCache, type Principal } from './keys.js';

const ISSUER = 'commerce-api';
const AUDIENCE = 'commerce-api';
const ACCESS_TYP = 'at+jwt';
const JWT_FILE = 'jwt-secret.key';

/** three base64url segments (the last empty for `alg: none`): what is tried as a JWT */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
export const REFRESH_TOKEN_PATTERN = /^rt_[A-Za-z0-9_-]{43}$/;

export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

/**
 * The signing secret: JWT_SECRET as UTF-8 bytes, or the text of DATA_DIR/jwt-secret.key,
 * generated on first use (64 base64url characters, mode 0600). Its text can be copied into
 * JWT_SECRET on other replicas.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): { key: Uint8Array; source: 'config' | 'file' } {
  if (configured) return { key: new TextEncoder().encode(configured), source: 'config' };
  const file = join(dataDir, JWT_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process created it first: use theirs
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds fewer than 32 characters: delete it to have a new secret generated, or set JWT_SECRET`);
  return { key: new TextEncoder().encode(text), source: 'file' };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new refresh token and the hash stored for it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

interface CachedUser {
  principal?: Principal;
  error?: ApiError;
  until: number;
}

const invalid = (message: string) => new ApiError('INVALID_ACCESS_TOKEN', message);

/**
 * Signs and verifies access tokens, and resolves them to principals. The user, its account
 * and its token family are looked up at most once per `ttlMs` (as API keys are): a deleted
 * user, an inactive account or a revoked family stops a token within that time.
 */
export class AccessTokens {
  private readonly cache = new BoundedCache<CachedUser>(10_000);

  constructor(
    private readonly prisma: Prisma,
    private readonly key: Uint8Array,
    /** lifetime of an access token, seconds (JWT_EXPIRATION) */
    readonly ttlSeconds: number,
    private readonly ttlMs = 2000,
  ) {}

  /** Whether this token is one of ours to judge (JWT shaped, or a refresh token sent as one). */
  recognizes(token: string): boolean {
    return looksLikeJwt(token) || REFRESH_TOKEN_PATTERN.test(token);
  }

  async sign(user: { id: string; accountId: string }, familyId: string): Promise<string> {
    return new SignJWT({ acct: user.accountId, sid: familyId, token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(user.id)
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The principal of an access token; 401 INVALID_ACCESS_TOKEN, EXPIRED_ACCESS_TOKEN or INACTIVE_ACCOUNT. */
  async principalOf(token: string): Promise<Principal> {
    if (REFRESH_TOKEN_PATTERN.test(token)) {
      throw invalid('This is a refresh token: exchange it at POST /auth/refresh for an access token, and send that');
    }
    let claims: { sub?: string; acct?: unknown; sid?: unknown; token_use?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: ACCESS_TYP,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      // the signature is checked before the claims: only a genuine token is reported expired
      if (err instanceof joseErrors.JWTExpired) throw new ApiError('EXPIRED_ACCESS_TOKEN', 'The access token has expired: get a new one at POST /auth/refresh');
      throw invalid('Invalid access token: it is malformed, its signature does not verify, or it was not issued as an access token by this server');
    }
    if (claims.token_use !== 'access' || typeof claims.acct !== 'string' || typeof claims.sid !== 'string' || !claims.sub) {
      throw invalid('Invalid access token: it is not an access token');
    }
    return this.resolve(claims.sub, claims.acct, claims.sid);
  }

  private async resolve(userId: string, accountId: string, familyId: string): Promise<Principal> {
    const cacheKey = `${userId} ${familyId}`;
    const now = Date.now();
    let entry = this.cache.get(cacheKey);
    if (!entry || entry.until < now) {
      entry = await this.lookup(userId, familyId, now);
      this.cache.set(cacheKey, entry);
    }
    if (entry.error) throw entry.error;
    // a user never changes accounts: a token naming another one was not made here
    if (entry.principal!.accountId !== accountId) throw invalid('Invalid access token: its account does not match its user');
    return entry.principal!;
  }

  private async lookup(userId: string, familyId: string, now: number): Promise<CachedUser> {
    const until = now + this.ttlMs;
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true, accountId: true, account: { select: { status: true, apiVersion: true, plan: true } },
        refreshTokens: { where: { familyId, revokedAt: { not: null } }, select: { id: true }, take: 1 },
      },
    });
    if (!user) return { error: invalid('The user of this access token no longer exists'), until };
    if (user.account.status !== 'active') return { error: new ApiError('INACTIVE_ACCOUNT', 'The account of this user is not active'), until };
    if (user.refreshTokens.length > 0) return { error: invalid('This sign-in was revoked (a refresh token of it was used twice): sign in again'), until };
    return {
      principal: { keyId: user.id, accountId: user.accountId, type: 'secret', mode: 'test', livemode: false, permissions: ['*'], apiVersion: user.account.apiVersion, plan: user.account.plan },
      until,
    };
  }

  /** Drops cached lookups (a revoked family, tests). */
  forget(): void {
    this.cache.clear();
  }
}
