// API keys managed over the API: create, update, roll and revoke. A secret is shown once (in
// the response that made it, never in a replay or a read); the caller's own permissions bound
// what it may create or touch, so no key reaches more through another.
import { z } from 'zod';
import { createApiKey, validatePermissions, type KeyType, type Principal } from '../../auth/keys.js';
import { ALLOWED_IPS_MAX, normalizeAllowedIps, rangesOutside } from '../../auth/ip-allowlist.js';
import type { Prisma } from '../../db/client.js';
import { dateInRange } from '../../db/models.js';
import { ApiError } from '../../errors.js';
import { ID_PREFIX } from '../../ids.js';
import { OAUTH_ID_PREFIX } from '../../oauth/server.js';
import { defineMutation, found, lockRow, type MutationOperation, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { id } from '../shared-inputs.js';
import { assertKnownPermissions, uncovered } from './permissions.js';

export const NAME_MAX = 200;
/** how long a rolled key keeps working: by default not at all (Stripe's default), at most 7 days */
export const ROLL_OVERLAP_DEFAULT_S = 0;
export const ROLL_OVERLAP_MAX_S = 7 * 24 * 60 * 60;
const PERMISSIONS_MAX = 200;

export interface ApiKeyRow {
  id: string;
  accountId: string;
  type: string;
  mode: string;
  name: string | null;
  redacted: string;
  hash: string;
  permissions: string[];
  allowedIps: string[];
  rolledFromId: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  [key: string]: unknown;
}

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The key as the API shows it: never its hash, its secret only in the response that made it. */
export function presentApiKey(row: ApiKeyRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'api_key',
    livemode: row.mode === 'live',
    name: row.name,
    type: row.type,
    mode: row.mode,
    redacted: row.redacted,
    permissions: row.permissions,
    allowed_ips: row.allowedIps,
    expires_at: seconds(row.expiresAt),
    revoked_at: seconds(row.revokedAt),
    last_used_at: seconds(row.lastUsedAt),
    rolled_from: row.rolledFromId,
    created: seconds(row.createdAt),
  };
}

/** JSON schema of presentApiKey's answer, for the OpenAPI description. */
export const API_KEY_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { type: 'string', const: 'api_key' },
    livemode: { type: 'boolean' },
    name: { type: ['string', 'null'] },
    type: { type: 'string', enum: ['secret', 'restricted', 'publishable', 'svc'] },
    mode: { type: 'string', enum: ['test', 'live'] },
    redacted: { type: 'string', description: 'the visible prefix and last four characters, e.g. rk_test_...a1b2' },
    permissions: { type: 'array', items: { type: 'string' } },
    allowed_ips: { type: 'array', items: { type: 'string' }, description: 'CIDR ranges; empty: anywhere' },
    expires_at: { type: ['integer', 'null'], description: 'Unix seconds' },
    revoked_at: { type: ['integer', 'null'], description: 'Unix seconds' },
    last_used_at: { type: ['integer', 'null'], description: 'Unix seconds (updated within a second or so of a request)' },
    rolled_from: { type: ['string', 'null'], description: 'the key this one replaced in a roll' },
    created: { type: 'integer', description: 'Unix seconds' },
    secret: { type: 'string', description: 'the key itself: in the response that created it only (create, roll)' },
  },
  required: ['id', 'object', 'type', 'mode', 'redacted', 'permissions', 'allowed_ips', 'created'],
} as const;

/** The secret a create or roll made, carried to MutationOperation.reveal. */
const NEW_SECRET = Symbol('new secret');
type WithSecret<T> = T & { [NEW_SECRET]?: string };
const reveal = (row: WithSecret<ApiKeyRow>) => (row[NEW_SECRET] ? { secret: row[NEW_SECRET] } : {});

const modeOf = (scope: Scope) => (scope.livemode ? 'live' : 'test');

/** The caller's key named `keyId`: same account and mode, else 404 (another account's too). */
export async function loadKey(db: Tx | Prisma, scope: Scope, keyId: string): Promise<ApiKeyRow> {
  const row = await db.apiKey.findFirst({ where: { id: keyId, accountId: scope.accountId, mode: modeOf(scope) } });
  return found(row, 'api_key', keyId) as ApiKeyRow;
}

/** 403 unless the caller holds everything the key holds: it cannot touch a stronger key. */
function assertManages(caller: Principal, key: ApiKeyRow): void {
  const beyond = uncovered(caller.permissions, key.permissions);
  if (beyond.length) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `This key cannot manage ${key.id}: that key holds ${beyond.join(', ')}, which this key lacks`, {
      key_permissions: key.permissions, granted: caller.permissions,
    });
  }
}

/** 403 unless the caller holds every permission it would grant. */
function assertGrants(caller: Principal, permissions: string[]): void {
  const beyond = uncovered(caller.permissions, permissions);
  if (beyond.length) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `A key cannot grant more than it holds: this key lacks ${beyond.join(', ')}`, {
      exceeding: beyond, granted: caller.permissions,
    }, 'permissions');
  }
}

/** What bounds the caller besides its permissions: its expiry and its allowed IP ranges. */
interface CallerBounds {
  expiresAt: Date | null;
  allowedIps: string[];
}

async function callerBounds(tx: Tx, caller: Principal): Promise<CallerBounds> {
  // An OAuth partner acts through its grant, which the merchant can revoke, never through
  // keys of its own: a key it made would outlive the grant (and its one-hour tokens).
  if (caller.keyId.startsWith(`${OAUTH_ID_PREFIX.grant}_`)) {
    throw new ApiError('RESOURCE_ACCESS_DENIED', 'An OAuth access token cannot create, roll or widen API keys: a partner acts through its grant, which the account can revoke', {
      required: 'an API key of the account',
    });
  }
  // a signed-in user of the self-hosted door (an access token) has no key row and no bounds
  const row = caller.keyId.startsWith(`${ID_PREFIX.apiKey}_`)
    ? await tx.apiKey.findUnique({ where: { id: caller.keyId }, select: { expiresAt: true, allowedIps: true } })
    : null;
  return { expiresAt: row?.expiresAt ?? null, allowedIps: row?.allowedIps ?? [] };
}

/** A new key's expiry: by default the caller's; never later than it (a temporary key mints no lasting one). */
function boundedExpiry(bounds: CallerBounds, wanted: Date | undefined): Date | undefined {
  if (!bounds.expiresAt) return wanted;
  if (!wanted) return bounds.expiresAt;
  if (wanted > bounds.expiresAt) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `A key cannot grant more than it holds: this key expires at ${bounds.expiresAt.toISOString()}, and so must the keys it makes, at the latest`, {
      expires_at: Math.floor(bounds.expiresAt.getTime() / 1000),
    }, 'expires_at');
  }
  return wanted;
}

/** 403 unless every range of `list` lies inside the caller's own allowed ranges (when it has any). */
function assertWithinIps(bounds: CallerBounds, list: string[]): void {
  const outside = rangesOutside(list, bounds.allowedIps);
  if (outside.length) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `A key cannot grant more than it holds: this key is limited to ${bounds.allowedIps.join(', ')}, and ${outside.join(', ')} is not inside them`, {
      outside, allowed_ips: bounds.allowedIps,
    }, 'allowed_ips');
  }
}

/**
 * The permissions a key of `type` gets from the requested ones: a secret key holds `*`
 * (nothing else may be asked for), a publishable one reads (all by default), a restricted one
 * what is listed. Pattern, catalogue and the type's own rules are checked.
 */
function permissionsFor(type: KeyType, requested: string[] | undefined): string[] {
  if (type === 'secret') {
    if (requested !== undefined && !(requested.length === 1 && requested[0] === '*')) {
      throw ApiError.validation([{ field: 'permissions', message: "a secret key holds every permission ('*'); for fewer, create a restricted key", expected: "['*'] or nothing" }]);
    }
    return ['*'];
  }
  if (type === 'restricted' && !requested?.length) {
    throw new ApiError('MISSING_REQUIRED_FIELD', 'permissions: a restricted key needs at least one permission', {
      errors: [{ field: 'permissions', message: 'a restricted key needs at least one permission', expected: 'e.g. ["orders:read"]' }],
    }, 'permissions');
  }
  if (type === 'publishable' && !requested?.length) return ['*:read'];
  const perms = validatePermissions(requested!);
  assertKnownPermissions(perms);
  if (type === 'publishable' && perms.some((p) => !p.endsWith(':read'))) {
    throw ApiError.validation([{ field: 'permissions', message: 'a publishable key is read-only: only <resource>:read permissions', expected: 'e.g. products:read' }]);
  }
  return perms;
}

/** `expires_at`: Unix seconds or ISO 8601, in the future. */
function parseExpiresAt(raw: number | string): Date {
  const d = typeof raw === 'number' ? new Date(raw * 1000)
    : /^\d+$/.test(raw) ? new Date(Number(raw) * 1000)
      : /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
  if (!dateInRange(d)) {
    throw new ApiError('INVALID_DATE_FORMAT', 'expires_at must be Unix seconds or an ISO 8601 date-time', {
      errors: [{ field: 'expires_at', message: 'not a date', expected: 'Unix seconds or ISO 8601' }],
    }, 'expires_at');
  }
  if (d.getTime() <= Date.now()) {
    throw new ApiError('INVALID_FIELD_VALUE', 'expires_at must be in the future', {
      errors: [{ field: 'expires_at', message: 'in the past', expected: 'a future date-time' }],
    }, 'expires_at');
  }
  return d;
}

const keyId = id(ID_PREFIX.apiKey);
const name = z.string().trim().min(1).max(NAME_MAX);
const permissionList = z.array(z.string().max(100)).max(PERMISSIONS_MAX);
/** The faults of an ApiError raised by a pure check, as issues of the field being parsed (their paths relative to it). */
function asIssues(ctx: z.RefinementCtx, field: string, check: () => unknown): void {
  try {
    check();
  } catch (err) {
    if (!(err instanceof ApiError) || !Array.isArray(err.details.errors)) throw err;
    for (const f of err.details.errors as { field: string; message: string; expected?: string; code?: string }[]) {
      const rest = f.field === field ? [] : f.field.slice(field.length).replace(/^\./, '').split(/[.[\]]+/).filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      ctx.addIssue({ code: 'custom', path: rest, message: f.message, params: { expected: f.expected, code: f.code ?? err.code } });
    }
  }
}

// checked with the rest of the body (CIDR ranges, dates), so that one answer names every fault
const allowedIps = z.array(z.string().max(64)).max(ALLOWED_IPS_MAX).superRefine((list, ctx) => asIssues(ctx, 'allowed_ips', () => normalizeAllowedIps(list)));
const expiresAtField = z.union([z.number().int(), z.string().max(64)]).nullable().optional()
  .superRefine((raw, ctx) => asIssues(ctx, 'expires_at', () => raw == null ? undefined : parseExpiresAt(raw)));

/**
 * An operation that needs to know who calls (the bounds above): `runAs` gets the caller, and
 * withCaller() binds it for one request. `run` alone is never called.
 */
export interface KeyOperation<I, R extends { id: string }> extends MutationOperation<I, R> {
  runAs(caller: Principal, tx: Tx, scope: Scope, input: I, services: Services): Promise<R>;
}

function defineKeyOperation<I, R extends ApiKeyRow>(op: Omit<KeyOperation<I, R>, 'run' | 'model' | 'permission' | 'represent'>): KeyOperation<I, R> {
  return defineMutation({
    ...op,
    model: 'ApiKey',
    permission: 'api_keys:write',
    represent: (row: R) => presentApiKey(row),
    run() {
      throw new Error(`${op.name} runs with its caller: withCaller(op, principal)`);
    },
  }) as KeyOperation<I, R>;
}

/** The operation bound to this request's caller. */
export function withCaller<I, R extends { id: string }>(op: KeyOperation<I, R>, caller: Principal): MutationOperation<I, R> {
  return { ...op, run: (tx, scope, input, _emit, services) => op.runAs(caller, tx, scope, input, services) };
}

export const createKey = defineKeyOperation({
  name: 'api_keys.create',
  input: z.strictObject({
    name,
    type: z.enum(['secret', 'restricted', 'publishable'], { error: 'expected secret, restricted or publishable (svc_ keys are made with the key CLI only)' }).optional(),
    permissions: permissionList.optional(),
    expiresAt: expiresAtField,
    allowedIps: allowedIps.optional(),
  }),
  async runAs(caller, tx, scope, input): Promise<WithSecret<ApiKeyRow>> {
    const type: KeyType = input.type ?? 'restricted';
    const permissions = permissionsFor(type, input.permissions);
    const bounds = await callerBounds(tx, caller);
    // by default the new key is as limited as its maker: its IP ranges, its expiry
    const ips = input.allowedIps === undefined ? bounds.allowedIps : normalizeAllowedIps(input.allowedIps);
    const expiresAt = boundedExpiry(bounds, input.expiresAt == null ? undefined : parseExpiresAt(input.expiresAt));
    assertGrants(caller, permissions);
    assertWithinIps(bounds, ips);
    const { key, secret } = await createApiKey(tx as unknown as Prisma, {
      accountId: scope.accountId, type, mode: modeOf(scope), name: input.name,
      // the publishable default ('*:read') is createApiKey's own
      permissions: type === 'secret' || (type === 'publishable' && permissions[0] === '*:read') ? undefined : permissions,
      expiresAt, allowedIps: ips,
    });
    return Object.assign(key as ApiKeyRow, { [NEW_SECRET]: secret });
  },
  reveal,
});

export const updateKey = defineKeyOperation({
  name: 'api_keys.update',
  input: z.strictObject({
    id: keyId,
    name: name.nullable().optional(),
    permissions: permissionList.optional(),
    allowedIps: allowedIps.nullable().optional(),
  }),
  async runAs(caller, tx, scope, input) {
    // the key's row locked before it is read: whether the caller may manage it is decided on
    // the key as a concurrent update (a stronger key's grant) left it, not as it was before
    await lockRow(tx, 'ApiKey', input.id);
    const before = await loadKey(tx, scope, input.id);
    assertManages(caller, before);
    const data: Record<string, unknown> = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.allowedIps !== undefined) {
      const ips = normalizeAllowedIps(input.allowedIps ?? []);
      assertWithinIps(await callerBounds(tx, caller), ips);
      data.allowedIps = ips;
    }
    if (input.permissions !== undefined) {
      if (before.type === 'svc') {
        throw ApiError.validation([{ field: 'permissions', message: 'a decision-service key (svc_) has one fixed permission', expected: 'no permissions for a svc_ key' }]);
      }
      const permissions = permissionsFor(before.type as KeyType, input.permissions);
      assertGrants(caller, permissions);
      data.permissions = permissions;
    }
    if (Object.keys(data).length === 0) return before;
    return (await tx.apiKey.update({ where: { id: before.id }, data })) as ApiKeyRow;
  },
});

export const rollKey = defineKeyOperation({
  name: 'api_keys.roll',
  input: z.strictObject({
    id: keyId,
    expiresInSeconds: z.number().int().min(0).max(ROLL_OVERLAP_MAX_S).optional(),
  }),
  async runAs(caller, tx, scope, input): Promise<WithSecret<ApiKeyRow>> {
    // the key's row locked before it is read: of concurrent rolls, the first makes the one
    // successor and the others then find the key expired (or, with an overlap, roll it after)
    await lockRow(tx, 'ApiKey', input.id);
    const old = await loadKey(tx, scope, input.id);
    assertManages(caller, old);
    // read before the old key's expiry changes: the caller may be the key it rolls
    const bounds = await callerBounds(tx, caller);
    // the successor keeps the key's ranges; a key usable anywhere, rolled by an IP-limited
    // caller, gets the caller's ranges (inherited, as a new key's are), not refused
    const ips = old.allowedIps.length === 0 ? bounds.allowedIps : old.allowedIps;
    assertWithinIps(bounds, ips);
    if (old.type === 'svc') {
      throw new ApiError('RESOURCE_ACCESS_DENIED', 'Decision-service keys (svc_) are made with the key CLI: create a new one there and revoke this one', { key_type: 'svc' });
    }
    const now = Date.now();
    if (old.revokedAt || (old.expiresAt && old.expiresAt.getTime() <= now)) {
      throw new ApiError('INVALID_STATE_TRANSITION', `${old.id} is ${old.revokedAt ? 'revoked' : 'expired'}: only an active key can be rolled; create a new key instead`, {
        state: old.revokedAt ? 'revoked' : 'expired', allowed: [],
      });
    }
    // the old key works until the overlap ends (never longer than it would have)
    const until = new Date(now + (input.expiresInSeconds ?? ROLL_OVERLAP_DEFAULT_S) * 1000);
    await tx.apiKey.update({ where: { id: old.id }, data: { expiresAt: old.expiresAt && old.expiresAt < until ? old.expiresAt : until } });
    const { key, secret } = await createApiKey(tx as unknown as Prisma, {
      accountId: old.accountId, type: old.type as KeyType, mode: old.mode as 'test' | 'live', name: old.name ?? undefined,
      permissions: old.type === 'secret' || (old.type === 'publishable' && old.permissions.includes('*:read')) ? undefined : old.permissions,
      allowedIps: ips, rolledFromId: old.id, expiresAt: boundedExpiry(bounds, undefined),
    });
    return Object.assign(key as ApiKeyRow, { [NEW_SECRET]: secret });
  },
  reveal,
});

export const revokeKey = defineKeyOperation({
  name: 'api_keys.revoke',
  input: z.strictObject({ id: keyId }),
  async runAs(caller, tx, scope, input) {
    // the key's row locked before it is read: of concurrent revocations the first one's time stays
    await lockRow(tx, 'ApiKey', input.id);
    const key = await loadKey(tx, scope, input.id);
    assertManages(caller, key);
    // revoking twice changes nothing: the first revocation's time stays
    if (key.revokedAt) return key;
    return (await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } })) as ApiKeyRow;
  },
});
