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
  /**
   * set when the key's account acts for one of its connected accounts (X-Account-Id):
   * accountId is then the connected account's, and this the platform's (the key's own)
   */
  platformAccountId?: string;
}

const ACCOUNT_ID_PATTERN = /^acct_[0-9a-z]{10,40}$/;

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
    throw ApiError.validation([{ field: 'permissions', message: 'a restricted key needs at least one permission', expected: 'one or more permissions' }]);
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
  /** drops its cached lookups (POST /admin/tenants/reload-cached) */
  forget?(): void;
}

export interface KeyCacheOptions {
  /** valid principals kept, least recently used evicted first (default 10,000) */
  maxEntries?: number;
  /** unknown, revoked and refused keys kept, least recently used evicted first (default 10,000) */
  maxNegativeEntries?: number;
  /** an account's entry unused this long is dropped (default 3600 s: TENANT_CACHE_IDLE_TTL_SECS) */
  idleTtlMs?: number;
  /** per-key counters kept for /admin/tenants/cache-metrics/by-token (default 10,000 keys) */
  maxTokenStats?: number;
}

/** A Map used as a bounded LRU: insertion order is recency order, a hit re-inserts. */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  /** `onEvict` hears of entries pushed out by the bound (not of deletions) */
  constructor(private readonly max: number, private readonly onEvict?: (key: string, value: V) => void) {}

  /** The value, marked as most recently used. */
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  /** The value, its recency untouched. */
  peek(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const [oldest, v] = this.map.entries().next().value!;
      this.map.delete(oldest);
      this.onEvict?.(oldest, v);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }
}

/** A valid key in the cache: its principal (shared by every request of it) and what is checked per request. */
interface KeyEntry {
  hash: string;
  accountId: string;
  principal: Principal;
  expiresAtMs: number | null;
  /** the key's IP allowlist, compiled (none: anywhere) */
  allowed?: IpMatcher;
}

/** A refused credential (unknown, revoked, inactive account), kept `ttlMs` like a valid one. */
interface Refusal {
  error: ApiError;
  until: number;
}

/**
 * One account in the cache: its settings (status, plan, pinned API version) and its keys
 * that were used. Revalidated as a whole (one query: the account and those keys) once older
 * than the revalidation period; dropped when unused for the idle TTL.
 */
interface TenantEntry {
  accountId: string;
  name: string;
  status: string;
  plan: string;
  apiVersion: string | null;
  /** hashes of its cached keys */
  keys: Set<string>;
  /** when its account row and keys were last read */
  loadedAt: number;
  lastUsedAt: number;
  cachedSince: number;
}

/** Counters of one key, shown by its id and redacted form, never its secret or hash. */
export interface TokenStats {
  keyId: string;
  redacted: string;
  accountId: string;
  type: KeyType;
  mode: KeyMode;
  hits: number;
  misses: number;
  lastUsedAt: number;
}

export type EvictionReason = 'idle' | 'capacity' | 'admin';

/** What the tenant cache reports (GET /admin/tenants/cache-metrics). */
export interface TenantCacheMetrics {
  /** accounts cached */
  entries: number;
  /** valid keys cached (across accounts), and their bound */
  keys: number;
  max_keys: number;
  /** refused credentials cached (unknown, revoked, inactive account) */
  negative_entries: number;
  /** authentications answered by a cached key (fresh or after its account's revalidation) */
  hits: number;
  /** authentications of a key not cached: looked up */
  misses: number;
  /** authentications answered by a cached refusal */
  negative_hits: number;
  /** accounts revalidated against the database (older than revalidate_after_ms, or reload-cached) */
  reloads: number;
  /** accounts dropped: idle past the TTL, pushed out by the bound, or by evict-idle */
  evictions: number;
  /** keys pushed out by the bound on keys (max_keys) */
  keys_evicted: number;
  evictions_by_reason: Record<EvictionReason, number>;
  /** hits / (hits + misses); null before the first authentication */
  hit_rate: number | null;
  idle_ttl_secs: number;
  revalidate_after_ms: number;
}

const DEFAULT_IDLE_TTL_MS = 3_600_000;
/** accounts revalidated by one query at most */
const RELOAD_BATCH = 500;

/**
 * Resolves bearer tokens to principals through a per-account cache of keys, plans and
 * settings (the tenant cache). An account's entry holds its status, plan and pinned API
 * version and the keys of it that were used; older than `ttlMs` (2 s) it is revalidated
 * against the database in one query (a reload) before it answers (past half of it, a request
 * starts that reload in the background and does not wait), so a suspension, a plan or
 * pin change, a revocation reaches every running server within that time; unused for
 * `idleTtlMs` it is dropped (an eviction). Refusals live in a separate bounded cache, so a
 * flood of unknown keys only ever evicts other refusals, never a tenant's cached key.
 * A reload updates each key's principal in place: requests and open sessions (a GraphQL
 * WebSocket holds its principal) see the new plan and settings, and nothing is closed.
 */
export class KeyAuthenticator {
  private readonly valid: BoundedCache<KeyEntry>;
  private readonly refused: BoundedCache<Refusal>;
  private readonly tenants = new Map<string, TenantEntry>();
  private readonly tokens: BoundedCache<TokenStats>;
  /** lookups in flight: concurrent requests with one key share one query */
  private inflight = new Map<string, Promise<void>>();
  /** account revalidations in flight: concurrent requests of one account share one */
  private reloading = new Map<string, Promise<void>>();
  private readonly idleTtlMs: number;
  private readonly maxKeys: number;
  private lastSweep = Date.now();
  /** keys pushed out by the bound (their account stays while it has others) */
  private keysEvicted = 0;
  private readonly stats = { hits: 0, misses: 0, negativeHits: 0, reloads: 0 };
  private readonly evicted: Record<EvictionReason, number> = { idle: 0, capacity: 0, admin: 0 };
  /** monotonic counts for /metrics (`tenant_cache_events_total{event}`) */
  readonly counts: Record<'hit' | 'miss' | 'negative_hit' | 'reload' | 'eviction', number> = { hit: 0, miss: 0, negative_hit: 0, reload: 0, eviction: 0 };

  constructor(
    private prisma: Prisma,
    private ttlMs = 2000,
    cache: KeyCacheOptions = {},
  ) {
    this.maxKeys = Math.max(1, cache.maxEntries ?? 10_000);
    this.valid = new BoundedCache(this.maxKeys, (hash, entry) => {
      this.keysEvicted++;
      this.unlinkKey(hash, entry.accountId, 'capacity');
    });
    this.refused = new BoundedCache(Math.max(1, cache.maxNegativeEntries ?? 10_000));
    this.tokens = new BoundedCache(Math.max(1, cache.maxTokenStats ?? 10_000));
    this.idleTtlMs = Math.max(1, cache.idleTtlMs ?? DEFAULT_IDLE_TTL_MS);
  }

  /** limits failed authentications per client address (set by the server) */
  failures?: AuthFailureLimiter;

  /** access tokens of signed-in users, beside API keys (set by the self-hosted module) */
  accessTokens?: AccessTokenVerifier;

  /**
   * A request's credential, from `ip`: refused with 429 while the address is over its failed
   * authentications, and a failure counted against it (a missing header is not a failure).
   */
  /**
   * The principal acting for a connected account (the `X-Account-Id` header): the same key, on
   * that account's rows, in the key's mode. Only a platform's own connected accounts; any other
   * id is 403. A connected account cannot act for another (no chains).
   */
  async actingFor(principal: Principal, accountHeader: string | undefined): Promise<Principal> {
    if (accountHeader === undefined) return principal;
    const id = accountHeader.trim();
    if (id === principal.accountId && !principal.platformAccountId) return principal;
    const denied = () => new ApiError('RESOURCE_ACCESS_DENIED', `This key cannot act for account '${id.slice(0, 64)}': X-Account-Id must name a connected account of the key's own account`, { account: id.slice(0, 64) }, 'X-Account-Id');
    if (!ACCOUNT_ID_PATTERN.test(id) || principal.platformAccountId || principal.type === 'svc' || principal.type === 'publishable') throw denied();
    const connected = await this.prisma.account.findUnique({ where: { id }, select: { platformId: true, status: true } });
    if (!connected || connected.platformId !== principal.accountId) throw denied();
    if (connected.status !== 'active') throw new ApiError('INACTIVE_ACCOUNT', `The connected account '${id}' is suspended`, { account: id });
    return { ...principal, accountId: id, platformAccountId: principal.accountId, apiVersion: principal.apiVersion };
  }

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
      // say what is wrong with it: the prefix, or the rest after a known prefix
      throw new ApiError('INVALID_API_KEY', /^(sk|rk|pk|svc)_(test|live)_/.test(token)
        ? 'Invalid API key: the part after its prefix is not a key of this server (keys are the prefix and 32 to 64 letters or digits, nothing else)'
        : 'Invalid API key: it has none of the known prefixes (sk_, rk_, pk_, svc_ with test_ or live_)');
    }
    const hash = hashKey(token);
    const now = Date.now();
    this.sweepIdle(now);
    let entry = this.valid.get(hash);
    let tenant = entry && this.tenants.get(entry.accountId);
    if (entry && tenant && now - tenant.lastUsedAt >= this.idleTtlMs) {
      // idle past the TTL and not swept yet: dropped now, and this authentication is a miss
      this.evictTenant(tenant, 'idle');
      entry = tenant = undefined;
    }
    if (entry && tenant) {
      tenant.lastUsedAt = now;
      // stale after ttlMs, or when read "in the future" (the clock stepped back since: an NTP
      // correction), which would otherwise keep it unrevalidated until the clock caught up
      if (now - tenant.loadedAt > this.ttlMs || now < tenant.loadedAt) {
        await this.reloadTenant(tenant.accountId);
        // revalidated: still valid, or refused now (revoked, the account suspended)
        const after = this.valid.peek(hash);
        if (!after) return this.refuse(hash);
        entry = after;
      } else if (now - tenant.loadedAt > this.ttlMs / 2 && !this.reloading.has(tenant.accountId)) {
        // past half the TTL: revalidated in the background while this request goes on, so that
        // an account in steady use is never stale when its requests arrive (none of them waits
        // for the reload); the bound holds all the same: past the TTL a request waits
        this.reloadTenant(tenant.accountId).catch(() => undefined);
      }
      this.hit(entry, now);
    } else {
      const refusal = this.refused.get(hash);
      if (refusal && refusal.until >= now) {
        this.stats.negativeHits++;
        this.counts.negative_hit++;
        throw refusal.error;
      }
      this.stats.misses++;
      this.counts.miss++;
      let pending = this.inflight.get(hash);
      if (!pending) {
        pending = this.lookup(hash).finally(() => this.inflight.delete(hash));
        this.inflight.set(hash, pending);
      }
      await pending;
      entry = this.valid.peek(hash);
      if (!entry) return this.refuse(hash);
      this.tokenMiss(entry, now);
    }
    if (entry.expiresAtMs != null && entry.expiresAtMs <= now) {
      throw new ApiError('EXPIRED_API_KEY', 'This API key has expired; create a new one');
    }
    if (entry.allowed && ip !== undefined && !entry.allowed(ip)) {
      throw new ApiError('IP_NOT_ALLOWED', `This API key cannot be used from ${ip}: the address is outside its allowed IP ranges`, { ip });
    }
    return entry.principal;
  }

  /** Throws the cached refusal of `hash` (the lookup or reload just made it). */
  private refuse(hash: string): never {
    throw this.refused.peek(hash)?.error ?? new ApiError('INVALID_API_KEY', 'Invalid API key provided');
  }

  private hit(entry: KeyEntry, now: number) {
    this.stats.hits++;
    this.counts.hit++;
    const t = this.tokens.get(entry.principal.keyId);
    if (t) {
      t.hits++;
      t.lastUsedAt = now;
    }
  }

  private tokenMiss(entry: KeyEntry, now: number) {
    const t = this.tokens.get(entry.principal.keyId);
    if (t) {
      t.misses++;
      t.lastUsedAt = now;
    }
  }

  forget(hash?: string) {
    if (hash) {
      const entry = this.valid.peek(hash);
      if (entry) this.unlinkKey(hash, entry.accountId);
      this.valid.delete(hash);
      this.refused.delete(hash);
    } else {
      this.valid.clear();
      this.refused.clear();
      this.tenants.clear();
    }
  }

  /** Removes a key from its account's entry; an account left with no key is dropped (counted when evicted). */
  private unlinkKey(hash: string, accountId: string, reason?: EvictionReason) {
    const tenant = this.tenants.get(accountId);
    if (!tenant) return;
    tenant.keys.delete(hash);
    if (tenant.keys.size === 0) {
      this.tenants.delete(accountId);
      if (reason) this.countEviction(reason);
    }
  }

  private countEviction(reason: EvictionReason) {
    this.evicted[reason]++;
    this.counts.eviction++;
  }

  private evictTenant(tenant: TenantEntry, reason: EvictionReason) {
    for (const hash of tenant.keys) this.valid.delete(hash);
    tenant.keys.clear();
    if (this.tenants.get(tenant.accountId) === tenant) {
      this.tenants.delete(tenant.accountId);
      this.countEviction(reason);
    }
  }

  /** Drops the accounts unused for the idle TTL (at most once per half TTL, and at most once a minute). */
  private sweepIdle(now: number) {
    const every = Math.min(60_000, Math.max(1000, this.idleTtlMs / 2));
    if (now - this.lastSweep < every) return;
    this.lastSweep = now;
    for (const tenant of [...this.tenants.values()]) {
      if (now - tenant.lastUsedAt >= this.idleTtlMs) this.evictTenant(tenant, 'idle');
    }
  }

  /** Caches a refusal (and drops the key from the valid cache). */
  private storeRefusal(hash: string, error: ApiError, now: number) {
    const entry = this.valid.peek(hash);
    if (entry) this.unlinkKey(hash, entry.accountId);
    this.valid.delete(hash);
    this.refused.set(hash, { error, until: now + this.ttlMs });
  }

  /** The verdict on one key row (with its account's status), as a refusal or a valid entry's fields. */
  private judge(key: { hash: string; revokedAt: Date | null } | null | undefined, hash: string, accountStatus: string | undefined): ApiError | undefined {
    // compare in constant time even though the hash was the lookup key
    if (!key || !timingSafeEqual(Buffer.from(key.hash), Buffer.from(hash))) return new ApiError('INVALID_API_KEY', 'Invalid API key provided');
    if (key.revokedAt) return new ApiError('INVALID_API_KEY', 'This API key has been revoked');
    if (accountStatus !== 'active') return new ApiError('INACTIVE_ACCOUNT', 'The account of this API key is not active');
    return undefined;
  }

  /** Looks up a key not cached; stores it valid (in its account's entry) or refused. */
  private async lookup(hash: string): Promise<void> {
    const key = await this.prisma.apiKey.findUnique({ where: { hash }, include: { account: true } });
    const now = Date.now();
    const error = this.judge(key, hash, key?.account.status);
    if (error || !key) {
      this.storeRefusal(hash, error ?? new ApiError('INVALID_API_KEY', 'Invalid API key provided'), now);
      // a suspended account: its cached entry is revalidated on its next use
      const tenant = key && this.tenants.get(key.accountId);
      if (tenant) tenant.loadedAt = 0;
      return;
    }
    let tenant = this.tenants.get(key.accountId);
    if (!tenant) {
      tenant = {
        accountId: key.accountId, name: key.account.name, status: key.account.status, plan: key.account.plan, apiVersion: key.account.apiVersion,
        keys: new Set(), loadedAt: now, lastUsedAt: now, cachedSince: now,
      };
      this.tenants.set(key.accountId, tenant);
    } else if (tenant.plan !== key.account.plan || tenant.apiVersion !== key.account.apiVersion || tenant.status !== key.account.status) {
      // the account changed since its entry was read: its other keys are revalidated on their next use
      tenant.loadedAt = 0;
    }
    tenant.lastUsedAt = now;
    const principal: Principal = {
      keyId: key.id,
      accountId: key.accountId,
      type: key.type as KeyType,
      mode: key.mode as KeyMode,
      livemode: key.mode === 'live',
      permissions: key.permissions,
      apiVersion: key.account.apiVersion,
      plan: key.account.plan,
    };
    this.refused.delete(hash);
    tenant.keys.add(hash);
    this.valid.set(hash, { hash, accountId: key.accountId, principal, expiresAtMs: key.expiresAt?.getTime() ?? null, allowed: compileAllowlist(key.allowedIps) });
    if (!this.tokens.get(key.id)) {
      this.tokens.set(key.id, { keyId: key.id, redacted: key.redacted, accountId: key.accountId, type: principal.type, mode: principal.mode, hits: 0, misses: 0, lastUsedAt: now });
    }
  }

  /**
   * Revalidates an account; concurrent calls for one account share one reload, and the reloads
   * asked for in the same turn of the event loop go out together, as one read of all their
   * accounts (a sessions sweep over hundreds of accounts, or many accounts' requests at once,
   * costs one query instead of one per account).
   */
  private reloadTenant(accountId: string): Promise<void> {
    let pending = this.reloading.get(accountId);
    if (!pending) {
      if (!this.batch) {
        const batch = { ids: [] as string[], done: undefined as unknown as Promise<void> };
        batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          if (this.batch === batch) this.batch = undefined;
          return this.reload(batch.ids);
        });
        this.batch = batch;
      }
      this.batch.ids.push(accountId);
      pending = this.batch.done.finally(() => this.reloading.delete(accountId));
      this.reloading.set(accountId, pending);
    }
    return pending;
  }

  /** the reloads gathered in this turn of the event loop, read together on the next */
  private batch: { ids: string[]; done: Promise<void> } | undefined;

  /**
   * Reads accounts and their cached keys again (one query for all, in slices of
   * RELOAD_BATCH). Keys revoked meanwhile, and every key of an account no longer active, become
   * refusals; the others' principals are updated in place (plan, pinned version, permissions),
   * so whoever holds them sees the change.
   */
  private async reload(accountIds: string[]): Promise<void> {
    for (let i = 0; i < accountIds.length; i += RELOAD_BATCH) await this.reloadSlice(accountIds.slice(i, i + RELOAD_BATCH));
  }

  private async reloadSlice(accountIds: string[]): Promise<void> {
    const tenants = accountIds.flatMap((id) => {
      const tenant = this.tenants.get(id);
      return tenant ? [{ tenant, hashes: [...tenant.keys] }] : [];
    });
    if (tenants.length === 0) return;
    // fresh as of the read, not of its answer: a change committed while it ran counts from here
    const readAt = Date.now();
    const rows = await this.prisma.account.findMany({
      where: { id: { in: tenants.map((t) => t.tenant.accountId) } },
      select: { id: true, name: true, status: true, plan: true, apiVersion: true, apiKeys: { where: { hash: { in: tenants.flatMap((t) => t.hashes) } } } },
    });
    const now = Date.now();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { tenant, hashes } of tenants) {
      const accountId = tenant.accountId;
      const row = byId.get(accountId);
      this.stats.reloads++;
      this.counts.reload++;
      if (this.tenants.get(accountId) !== tenant) continue; // evicted or forgotten meanwhile
      const byHash = new Map((row?.apiKeys ?? []).map((k) => [k.hash, k]));
      for (const hash of hashes) {
        const key = byHash.get(hash);
        const error = row ? this.judge(key, hash, row.status) : new ApiError('INVALID_API_KEY', 'Invalid API key provided');
        const entry = this.valid.peek(hash);
        if (error || !key) {
          this.storeRefusal(hash, error ?? new ApiError('INVALID_API_KEY', 'Invalid API key provided'), now);
          continue;
        }
        if (!entry) {
          tenant.keys.delete(hash);
          continue;
        }
        Object.assign(entry.principal, { permissions: key.permissions, apiVersion: row!.apiVersion, plan: row!.plan });
        entry.expiresAtMs = key.expiresAt?.getTime() ?? null;
        entry.allowed = compileAllowlist(key.allowedIps);
      }
      if (row && this.tenants.get(accountId) === tenant) {
        Object.assign(tenant, { name: row.name, status: row.status, plan: row.plan, apiVersion: row.apiVersion, loadedAt: readAt });
      }
    }
  }

  /**
   * Revalidates every cached account now (POST /admin/tenants/reload-cached): a suspended
   * account or a revoked key is refused from the next request on. Cached refusals are dropped
   * (a resumed account's keys are looked up again) and so are the access-token caches. Entries
   * stay in place, counters and open sessions are kept.
   */
  async reloadAll(): Promise<{ reloaded: number; keys_refused: number; refusals_cleared: number }> {
    const before = this.valid.size;
    const ids = [...this.tenants.keys()];
    const cleared = this.refused.size;
    this.refused.clear();
    this.accessTokens?.forget?.();
    await Promise.all(ids.map((id) => this.reloadTenant(id)));
    return { reloaded: ids.length, keys_refused: Math.max(0, before - this.valid.size), refusals_cleared: cleared };
  }

  /** Drops the accounts unused for at least `maxIdleMs` (POST /admin/tenants/evict-idle); returns how many. */
  evictIdle(maxIdleMs: number): number {
    const now = Date.now();
    let n = 0;
    for (const tenant of [...this.tenants.values()]) {
      if (now - tenant.lastUsedAt >= maxIdleMs) {
        this.evictTenant(tenant, 'admin');
        n++;
      }
    }
    return n;
  }

  cacheMetrics(): TenantCacheMetrics {
    this.sweepIdle(Date.now());
    const { hits, misses, negativeHits, reloads } = this.stats;
    const evictions = this.evicted.idle + this.evicted.capacity + this.evicted.admin;
    return {
      entries: this.tenants.size,
      keys: this.valid.size,
      max_keys: this.maxKeys,
      negative_entries: this.refused.size,
      hits,
      misses,
      negative_hits: negativeHits,
      reloads,
      evictions,
      keys_evicted: this.keysEvicted,
      evictions_by_reason: { ...this.evicted },
      hit_rate: hits + misses === 0 ? null : Math.round((hits / (hits + misses)) * 10_000) / 10_000,
      idle_ttl_secs: Math.round(this.idleTtlMs / 1000),
      revalidate_after_ms: this.ttlMs,
    };
  }

  /** Per-key counters, most hits first (ids and redacted forms only). */
  tokenMetrics(limit: number): TokenStats[] {
    return [...this.tokens.values()].sort((a, b) => b.hits - a.hits || b.lastUsedAt - a.lastUsedAt).slice(0, limit).map((t) => ({ ...t }));
  }

  /** Counts per key are kept for this many keys (least recently used dropped first). */
  get trackedTokens(): number {
    return this.tokens.size;
  }
}

/**
 * Resources a publishable key never reaches, not even to read: webhook endpoints (their URLs
 * and the delivery log are the merchant's server side) and events (every resource's full
 * representation, as a stream).
 */
const SERVER_SIDE_RESOURCES = new Set(['webhooks', 'events', 'payments', 'stablecoin', 'balance', 'api_keys', 'transactions', 'analytics']);

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

/**
 * An aggregate of `resource` (GET /v1/<resource>/aggregate, GraphQL `<list>Aggregate`): its
 * `<resource>:read`, or `analytics:read`, which grants the aggregates of every resource (counts,
 * sums, groups; relation filters included) without the rows themselves.
 */
export function authorizeAggregate(principal: Principal, resource: string): void {
  if (canReadResource(principal, 'analytics')) return;
  authorize(principal, `${resource}:read`);
}

/** Which related rows an aggregate may filter on: any, with analytics:read, else the readable ones. */
export function aggregateFilterReadable<T>(principal: Principal, readable: T): T | (() => true) {
  return canReadResource(principal, 'analytics') ? () => true : readable;
}

/** Whether the principal may do `needed` (authorize() without the throw). */
export function isAuthorized(principal: Principal, needed: string): boolean {
  try {
    authorize(principal, needed);
    return true;
  } catch {
    return false;
  }
}

/** Whether the principal may read rows of `resource` (no throw): for relations and expansions. */
export function canReadResource(principal: Principal, resource: string): boolean {
  return isAuthorized(principal, `${resource}:read`);
}
