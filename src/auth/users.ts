// Users of the self-hosted routes: registration, sign-in and refresh-token rotation.
//
// - Register: a new organisation (an account, named by `organization` or else the email) with
//   its first user, the owner; or, when the request carries a signed-in user's access token
//   (or a secret key of the account), another user of that account, a member. Emails are
//   unique case-insensitively (stored lower-cased).
// - Login: 401 INVALID_CREDENTIALS alike for an unknown email and a wrong password, with the
//   KDF run against a dummy hash for the unknown email; failures limited per email and per
//   address (LoginFailureLimiter).
// - Refresh: rotation. Each refresh token is used once: the conditional update that retires it
//   lets exactly one of two concurrent refreshes through, and a retired token presented again
//   (the other one, or a thief's copy) revokes its whole family, the access tokens issued from
//   it included (src/auth/tokens.ts checks the family).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { ID_PREFIX, newId } from '../ids.js';
import type { Prisma } from '../db/client.js';
import { parseInput } from '../operations/operation.js';
import type { Principal } from './keys.js';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, prepareDummyHash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { LoginFailureLimiter } from './throttle.js';
import { hashRefreshToken, looksLikeJwt, newRefreshToken, REFRESH_TOKEN_PATTERN, type AccessTokens } from './tokens.js';

const email = z.string().trim().max(254, 'at most 254 characters').toLowerCase().pipe(z.email('not a valid email address'));

export const registerInput = z.strictObject({
  email,
  password: z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`),
  name: z.string().trim().min(1).max(256).nullable().optional(),
  /** the new organisation's name (unique); without it, the email names it */
  organization: z.string().trim().min(1).max(200).optional(),
});

export const loginInput = z.strictObject({
  // not checked as an address: anything that is no user's email is simply wrong credentials
  email: z.string().trim().min(1).max(254).toLowerCase(),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const refreshInput = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  /** seconds the access token lives */
  expires_in: number;
  /** seconds the refresh token lives */
  refresh_expires_in: number;
}

interface UserRow {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
  role: string;
  createdAt: Date;
  updatedAt: Date;
  account: { name: string };
}

/** A user as the API shows it: never the password hash. */
export function presentUser(u: UserRow): Record<string, unknown> {
  return {
    id: u.id, object: 'user', email: u.email, name: u.name, role: u.role,
    account: u.accountId, organization: u.account.name, livemode: false,
    created: Math.floor(u.createdAt.getTime() / 1000), updated: Math.floor(u.updatedAt.getTime() / 1000),
  };
}

const badRefresh = (message: string) => new ApiError('INVALID_REFRESH_TOKEN', message);
const USER_SELECT = { id: true, accountId: true, email: true, name: true, role: true, createdAt: true, updatedAt: true, account: { select: { name: true } } } as const;

export interface SignInOptions {
  prisma: Prisma;
  tokens: AccessTokens;
  limiter: LoginFailureLimiter;
  /** refresh-token lifetime in seconds (JWT_REFRESH_EXPIRATION) */
  refreshTtlSeconds: number;
  /** the plan a new organisation's account starts on (DEFAULT_PLAN; default free) */
  defaultPlan?: string;
}

export class SignIn {
  constructor(private readonly o: SignInOptions) {
    void prepareDummyHash();
  }

  /**
   * Creates a user. `actor`: the caller's principal when the request was authenticated; the
   * new user then joins the actor's account.
   */
  async register(raw: unknown, actor?: Principal): Promise<Record<string, unknown>> {
    const input = parseInput(registerInput, raw);
    if (actor && (actor.type !== 'secret' || !actor.permissions.includes('*'))) {
      throw new ApiError('RESOURCE_ACCESS_DENIED', 'Only a signed-in user (access token) or a secret key (sk_) of the account may add users to it', { key_type: actor.type });
    }
    if (actor && input.organization !== undefined) {
      throw ApiError.validation([{ field: 'organization', message: 'a user added by a signed-in user joins that user\'s organisation; leave organization out (or register without Authorization to create one)', expected: 'no organization' }]);
    }
    const { prisma } = this.o;
    // the common duplicate answered before the KDF's work (the race is caught below)
    if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw this.emailTaken(input.email);
    const passwordHash = await hashPassword(input.password);
    const id = await prisma.$transaction(async (tx) => {
      let accountId: string;
      if (actor) {
        const account = await tx.account.findUnique({ where: { id: actor.accountId }, select: { id: true, status: true } });
        if (!account || account.status !== 'active') throw new ApiError('INACTIVE_ACCOUNT', 'The account of this credential is not active');
        accountId = account.id;
      } else {
        accountId = newId(ID_PREFIX.account);
        // an explicit name must be free; a name taken from the email gets a suffix when it is not
        const names = input.organization !== undefined
          ? [input.organization]
          : [input.email, ...Array.from({ length: 3 }, () => `${input.email}-${randomBytes(3).toString('hex')}`)];
        let created = false;
        for (const name of names) {
          if ((await tx.account.createMany({ data: [{ id: accountId, name, plan: this.o.defaultPlan ?? 'free' }], skipDuplicates: true })).count === 1) {
            created = true;
            break;
          }
        }
        if (!created) {
          throw new ApiError('RESOURCE_ALREADY_EXISTS', `An organisation named '${names[0]}' exists already: choose another organization name, or ask one of its users to add you`, {
            field: 'organization', value: names[0],
          }, 'organization');
        }
      }
      const userId = newId(ID_PREFIX.user);
      const inserted = await tx.user.createMany({
        data: [{ id: userId, accountId, email: input.email, name: input.name ?? null, passwordHash, role: actor ? 'member' : 'owner' }],
        skipDuplicates: true,
      });
      // a concurrent registration of the same email won: nothing of this one stays
      if (inserted.count === 0) throw this.emailTaken(input.email);
      return userId;
    });
    return presentUser(await prisma.user.findUniqueOrThrow({ where: { id }, select: USER_SELECT }));
  }

  private emailTaken(value: string): ApiError {
    return new ApiError('RESOURCE_ALREADY_EXISTS', 'A user with this email exists already', { field: 'email', value }, 'email');
  }

  /** Checks the credentials and starts a token family. */
  async login(raw: unknown, ip: string): Promise<TokenPair> {
    const input = parseInput(loginInput, raw);
    const attempt = await this.o.limiter.attempt(input.email, ip);
    const user = await this.o.prisma.user.findUnique({
      where: { email: input.email },
      select: { id: true, accountId: true, passwordHash: true, account: { select: { status: true } } },
    });
    const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
    if (!user || !ok) throw new ApiError('INVALID_CREDENTIALS', 'The email or the password is wrong');
    await attempt.succeeded();
    if (user.account.status !== 'active') throw new ApiError('INACTIVE_ACCOUNT', 'The account of this user is not active');
    const { token, hash } = newRefreshToken();
    const id = newId(ID_PREFIX.refreshToken);
    // a family is named by its first token
    await this.o.prisma.refreshToken.create({
      data: { id, userId: user.id, familyId: id, tokenHash: hash, expiresAt: new Date(Date.now() + this.o.refreshTtlSeconds * 1000) },
    });
    return this.pair(user, id, token);
  }

  /** Rotates a refresh token: the next of its family and a new access token. */
  async refresh(raw: unknown): Promise<TokenPair> {
    const { refreshToken: token } = parseInput(refreshInput, raw);
    if (!REFRESH_TOKEN_PATTERN.test(token)) {
      throw badRefresh(looksLikeJwt(token)
        ? 'This is an access token: send the refresh_token that came with it'
        : 'Invalid refresh token');
    }
    const { prisma } = this.o;
    const row = await prisma.refreshToken.findUnique({
      where: { tokenHash: hashRefreshToken(token) },
      select: { id: true, familyId: true, expiresAt: true, retiredAt: true, revokedAt: true, user: { select: { id: true, accountId: true, account: { select: { status: true } } } } },
    });
    if (!row) throw badRefresh('Invalid refresh token');
    if (row.revokedAt) throw badRefresh('This refresh token was revoked: sign in again');
    if (row.retiredAt) {
      await this.revokeFamily(row.familyId);
      throw badRefresh('This refresh token was used already: every token of its sign-in is revoked now; sign in again');
    }
    const now = new Date();
    if (row.expiresAt <= now) throw badRefresh('This refresh token has expired: sign in again');
    if (row.user.account.status !== 'active') throw new ApiError('INACTIVE_ACCOUNT', 'The account of this user is not active');
    const next = newRefreshToken();
    const rotated = await prisma.$transaction(async (tx) => {
      // the one statement that decides a race: only one request retires the token
      const retired = await tx.refreshToken.updateMany({
        where: { id: row.id, retiredAt: null, revokedAt: null },
        data: { retiredAt: now },
      });
      if (retired.count === 0) return false;
      await tx.refreshToken.create({
        data: {
          id: newId(ID_PREFIX.refreshToken), userId: row.user.id, familyId: row.familyId, tokenHash: next.hash,
          expiresAt: new Date(now.getTime() + this.o.refreshTtlSeconds * 1000),
        },
      });
      return true;
    });
    if (!rotated) {
      await this.revokeFamily(row.familyId);
      throw badRefresh('This refresh token was used already: every token of its sign-in is revoked now; sign in again');
    }
    return this.pair(row.user, row.familyId, next.token);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.o.prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
    // this process stops the family's access tokens at once; other replicas within the cache's 2 s
    this.o.tokens.forget();
  }

  private async pair(user: { id: string; accountId: string }, familyId: string, refreshToken: string): Promise<TokenPair> {
    return {
      access_token: await this.o.tokens.sign(user, familyId),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: this.o.tokens.ttlSeconds,
      refresh_expires_in: this.o.refreshTtlSeconds,
    };
  }
}

/**
 * Deletes refresh tokens expired long enough ago (their lifetime plus an access token's) that
 * no access token of their family can still be alive: a revoked family's last rows stay
 * while its access tokens could be presented.
 */
export async function purgeExpiredRefreshTokens(prisma: Prisma, accessTtlSeconds: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - accessTtlSeconds * 1000);
  return (await prisma.refreshToken.deleteMany({ where: { expiresAt: { lt: cutoff } } })).count;
}
