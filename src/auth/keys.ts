// API keys: creation (shown once), hashed storage, authentication of a bearer token and the
// permission model. Prefixes follow the spec: sk_ (secret), rk_ (restricted), pk_
// (publishable, read-only); svc_ keys are request-only keys of the decision service.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { AuthFailureLimiter } from './throttle.js';
import { ID_PREFIX, newId } from '../ids.js';
import type { Prisma } from '../db/client.js';
import { compileAllowlist, normalizeAllowedIps, type IpMatcher } from './ip-allowlist.js';

export type KeyType = 'secret' | 'restricted' | 'publishable' | 'svc';
export type KeyMode = 'test' | 'live';

const TYPE_PREFIX: Record<KeyType, string> = { secret: 'sk', restricted: 'rk', publishable: 'pk', svc: 'svc' };
const KEY_PATTERN = /^(sk|rk|pk|svc)_(test|live)_[0-9A-Za-z]{32,64}$/;

export interface Principal {
  keyId: string;
  accountId: string;
  type: KeyType;
  mode: KeyMode;
  livemode: boolean;
  permissions: string[];
  /**
   * the account's pinned API version (src/versions/): null until its first request pins it;
   * set on this cached principal by that pin, so the requests after it pay no query
   */
  apiVersion?: string | null;
  /** the account's plan (src/ratelimit/plans.ts), cached with the principal (2 s at most) */
  plan?: string;
}

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function randomToken(length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  // rejection sampling keeps every character uniform
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length)) {
      if (b < 248 && out.length < length) out += alphabet[b % 62];
    }
  }
  return out;
}

export interface CreateKeyInput {
  accountId: string;
  type: KeyType;
  mode: KeyMode;
  name?: string;
  permissions?: string[];
  expiresAt?: Date;
  /** CIDR ranges the key may be used from (empty or absent: anywhere); validated here */
  allowedIps?: string[];
  /** the key this one replaces (a roll) */
  rolledFromId?: string;
}

const PERMISSION_PATTERN = /^(\*|[a-z_]+:(\*|[a-z_]+))$/;

export function validatePermissions(perms: string[]): string[] {
  const bad = perms.filter((p) => !PERMISSION_PATTERN.test(p));
  if (bad.length) {
    throw ApiError.validation(
      bad.map((p) => ({ field: 'permissions', message: `'${p}' is not a permission`, expected: '<resource>:<action>, e.g. orders:read' })),
    );
  }
  return [...new Set(perms)];
}

/** Creates a key and returns its secret, which exists nowhere else afterwards. */
export async function createApiKey(prisma: Prisma, input: CreateKeyInput) {
  if (input.type === 'restricted' && !input.permissions?.length) {
    throw ApiError.validation([{ field: 'permissions', message: 'a restricted key needs at least one permission' }]);
  }
  const secret = `${TYPE_PREFIX[input.type]}_${input.mode}_${randomToken(32)}`;
  // a publishable key reads everything by default (the spec's "read-only operations"); an
  // account may narrow it to some resources, never widen it past reading
  if (input.type === 'publishable' && input.permissions?.some((p) => !p.endsWith(':read'))) {
    throw ApiError.validation([{ field: 'permissions', message: 'a publishable key is read-only: only <resource>:read permissions', expected: 'e.g. products:read' }]);
  }
  const permissions =
    input.type === 'secret' ? ['*']
      : input.type === 'publishable' ? (input.permissions?.length ? validatePermissions(input.permissions) : ['*:read'])
        : input.type === 'svc' ? ['svc:decide'] : validatePermissions(input.permissions ?? []);
  const key = await prisma.apiKey.create({
    data: {
      id: newId(ID_PREFIX.apiKey),
      accountId: input.accountId,
      type: input.type,
      mode: input.mode,
      name: input.name ?? null,
      redacted: `${secret.slice(0, secret.indexOf('_', 4) + 1)}...${secret.slice(-4)}`,
      hash: hashKey(secret),
      permissions,
      expiresAt: input.expiresAt ?? null,
      allowedIps: normalizeAllowedIps(input.allowedIps ?? []),
      rolledFromId: input.rolledFromId ?? null,
    },
  });
  return { key, secret };
}

/** Does a key with these permissions allow `resource:action`? */
export function allows(permissions: string[], needed: string): boolean {
  const [resource, action] = needed.split(':');
  return permissions.some((p) => {
    if (p === '*') return true;
    const [r, a] = p.split(':');
    if (r !== '*' && r !== resource) return false;
    if (a === '*' || a === action) return true;
    // `write` covers every action that changes data
    return a === 'write' && action !== 'read';
  });
}

/**
 * Bearer tokens that are not API keys: the self-hosted sign-in's access tokens (JWTs,
 * src/auth/tokens.ts), accepted by every door once the server sets one.
 */
export interface AccessTokenVerifier {
  /** whether the token is of its kind (shaped as a JWT, or its refresh token sent by mistake) */
  recognizes(token: string): boolean;
  /** its principal, or a 401 (INVALID_ACCESS_TOKEN, EXPIRED_ACCESS_TOKEN, INACTIVE_ACCOUNT) */
  principalOf(token: string): Promise<Principal>;
}

interface CachedPrincipal {
  principal?: Principal;
  error?: ApiError;
  expiresAtMs?: number | null;
  /** the key's IP allowlist, compiled (none: anywhere) */
  allowed?: IpMatcher;
  until: number;
}

export interface KeyCacheOptions {
  /** valid principals kept, least recently used evicted first (default 10,000) */
  maxEntries?: number;
  /** unknown, revoked and refused keys kept, least recently used evicted first (default 10,000) */
  maxNegativeEntries?: number;
}

/** A Map used as a bounded LRU: insertion order is recency order, a hit re-inserts. */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  /** The value, marked as most recently used. */
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Resolves bearer tokens to principals, caching lookups briefly (revocation lag is bounded by the TTL).
 * Valid principals and refusals live in separate bounded caches, so a flood of unknown keys
 * only ever evicts other refusals, never a tenant's cached principal.
 */
export class KeyAuthenticator {
  private readonly valid: BoundedCache<CachedPrincipal>;
  private readonly refused: BoundedCache<CachedPrincipal>;
  /** lookups in flight: concurrent requests with one key share one query */
  private inflight = new Map<string, Promise<CachedPrincipal>>();

  constructor(
    private prisma: Prisma,
    private ttlMs = 2000,
    cache: KeyCacheOptions = {},
  ) {
    this.valid = new BoundedCache(Math.max(1, cache.maxEntries ?? 10_000));
    this.refused = new BoundedCache(Math.max(1, cache.maxNegativeEntries ?? 10_000));
  }

  /** limits failed authentications per client address (set by the server) */
  failures?: AuthFailureLimiter;

  /** access tokens of signed-in users, beside API keys (set by the self-hosted module) */
  accessTokens?: AccessTokenVerifier;

  /**
   * A request's credential, from `ip`: refused with 429 while the address is over its failed
   * authentications, and a failure counted against it (a missing header is not a failure).
   */
  async fromRequest(header: string | undefined, ip: string): Promise<Principal> {
    if (!this.failures) return this.fromAuthorizationHeader(header, ip);
    await this.failures.assertAllowed(ip);
    try {
      return await this.fromAuthorizationHeader(header, ip);
    } catch (err) {
      // an expired access token is a genuine one (its signature verified) that a client refreshes
      // as a matter of course: no guess, not counted
      if (err instanceof ApiError && err.status === 401 && err.code !== 'MISSING_AUTH_HEADER' && err.code !== 'EXPIRED_ACCESS_TOKEN') await this.failures.recordFailure(ip);
      throw err;
    }
  }

  /** Parses an `Authorization` header value; with `ip`, the key's IP allowlist is enforced. */
  async fromAuthorizationHeader(header: string | undefined, ip?: string): Promise<Principal> {
    if (header === undefined || header.trim() === '') {
      throw new ApiError('MISSING_AUTH_HEADER', 'No Authorization header: send `Authorization: Bearer <API key>`');
    }
    const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
    if (!match) {
      throw new ApiError('INVALID_TOKEN_FORMAT', 'The Authorization header must be `Bearer <API key>`');
    }
    const token = (match[1] ?? '').trim();
    if (!token) throw new ApiError('MISSING_API_KEY', 'The Authorization header carries no API key after `Bearer`');
    return this.fromSecret(token, ip);
  }

  async fromSecret(token: string, ip?: string): Promise<Principal> {
    if (!KEY_PATTERN.test(token)) {
      if (this.accessTokens?.recognizes(token)) return this.accessTokens.principalOf(token);
      throw new ApiError('INVALID_API_KEY', 'Invalid API key: it has none of the known prefixes (sk_, rk_, pk_, svc_ with test_ or live_)');
    }
    const hash = hashKey(token);
    const now = Date.now();
    let entry = this.valid.get(hash) ?? this.refused.get(hash);
    if (!entry || entry.until < now) {
      let pending = this.inflight.get(hash);
      if (!pending) {
        pending = this.lookup(hash, now)
          .then((found) => {
            this.store(hash, found);
            return found;
          })
          .finally(() => this.inflight.delete(hash));
        this.inflight.set(hash, pending);
      }
      entry = await pending;
    }
    if (entry.error) throw entry.error;
    if (entry.expiresAtMs != null && entry.expiresAtMs <= now) {
      throw new ApiError('EXPIRED_API_KEY', 'This API key has expired; create a new one');
    }
    if (entry.allowed && ip !== undefined && !entry.allowed(ip)) {
      throw new ApiError('IP_NOT_ALLOWED', `This API key cannot be used from ${ip}: the address is outside its allowed IP ranges`, { ip });
    }
    return entry.principal!;
  }

  forget(hash?: string) {
    if (hash) {
      this.valid.delete(hash);
      this.refused.delete(hash);
    } else {
      this.valid.clear();
      this.refused.clear();
    }
  }

  /** An entry goes to the cache of its kind and leaves the other (a key revoked meanwhile). */
  private store(hash: string, entry: CachedPrincipal) {
    if (entry.principal) {
      this.refused.delete(hash);
      this.valid.set(hash, entry);
    } else {
      this.valid.delete(hash);
      this.refused.set(hash, entry);
    }
  }

  private async lookup(hash: string, now: number): Promise<CachedPrincipal> {
    const until = now + this.ttlMs;
    const key = await this.prisma.apiKey.findUnique({ where: { hash }, include: { account: true } });
    // compare in constant time even though the hash was the lookup key
    if (!key || !timingSafeEqual(Buffer.from(key.hash), Buffer.from(hash))) {
      return { error: new ApiError('INVALID_API_KEY', 'Invalid API key provided'), until };
    }
    if (key.revokedAt) return { error: new ApiError('INVALID_API_KEY', 'This API key has been revoked'), until };
    if (key.account.status !== 'active') {
      return { error: new ApiError('INACTIVE_ACCOUNT', 'The account of this API key is not active'), until };
    }
    return {
      principal: {
        keyId: key.id,
        accountId: key.accountId,
        type: key.type as KeyType,
        mode: key.mode as KeyMode,
        livemode: key.mode === 'live',
        permissions: key.permissions,
        apiVersion: key.account.apiVersion,
        plan: key.account.plan,
      },
      expiresAtMs: key.expiresAt?.getTime() ?? null,
      allowed: compileAllowlist(key.allowedIps),
      until,
    };
  }
}

/**
 * Resources a publishable key never reaches, not even to read: webhook endpoints (their URLs
 * and the delivery log are the merchant's server side) and events (every resource's full
 * representation, as a stream).
 */
const SERVER_SIDE_RESOURCES = new Set(['webhooks', 'events', 'payments', 'stablecoin', 'balance', 'api_keys']);

/** Throws the spec's 403 unless the principal may do `needed` (`resource:action`). */
export function authorize(principal: Principal, needed: string): void {
  if (principal.type === 'svc') {
    if (needed.startsWith('svc:')) return;
    throw new ApiError('RESOURCE_ACCESS_DENIED', 'A decision-service key (svc_) can only call /api/svc endpoints', { required: needed });
  }
  if (needed.startsWith('svc:')) {
    throw new ApiError('RESOURCE_ACCESS_DENIED', 'The decision service takes a svc_ key in X-Svc-Api-Key', { required: needed });
  }
  if (principal.type === 'publishable' && SERVER_SIDE_RESOURCES.has(needed.split(':')[0])) {
    throw new ApiError('RESOURCE_ACCESS_DENIED', `Publishable keys (pk_) cannot reach ${needed.split(':')[0]}: use a secret or restricted key on your server (of the money routes, a pk_ key reads only GET /v1/public/balance/{address})`, { required: needed, key_type: 'publishable' });
  }
  if (principal.type === 'publishable' && !needed.endsWith(':read')) {
    throw new ApiError('RESOURCE_ACCESS_DENIED', 'Publishable keys (pk_) are read-only', { required: needed, key_type: 'publishable' });
  }
  if (!allows(principal.permissions, needed)) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `This API key lacks the permission '${needed}'`, {
      required: needed,
      granted: principal.permissions,
    });
  }
}

/** Whether the principal may read rows of `resource` (no throw): for relations and expansions. */
export function canReadResource(principal: Principal, resource: string): boolean {
  try {
    authorize(principal, `${resource}:read`);
    return true;
  } catch {
    return false;
  }
}
