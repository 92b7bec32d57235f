// Webhook endpoints: create, update, delete and rotate the signing secret. A secret is shown
// once (in the response that made it, never in a replay or a read), stored sealed.
import { z } from 'zod';
import { ApiError, type FieldError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, found, lockRow, scopedWhere, type Scope, type Tx } from '../../operations/operation.js';
import type { RecordCipher } from '../../decision/service/crypto.js';
import { present } from '../../representation.js';
import { knownEventGroups, knownEventTypes } from '../catalog.js';
import { id, mergeMetadata, metadata, metadataPatch } from '../shared-inputs.js';
import { generateWebhookSecret } from './signing.js';
import { checkVersion } from '../../versions/list.js';

export const URL_MAX = 2048;
export const DESCRIPTION_MAX = 5000;
export const EVENTS_MAX = 100;
/** how long a rotated-out secret keeps signing, by default and at most */
export const ROTATION_OVERLAP_DEFAULT_S = 24 * 60 * 60;
export const ROTATION_OVERLAP_MAX_S = 7 * 24 * 60 * 60;

/** A sealed secret; `expires_at` (Unix ms) is null for the current one. */
export interface StoredSecret {
  sealed: string;
  expires_at: number | null;
}

export interface EndpointRow {
  id: string;
  livemode: boolean;
  url: string;
  events: string[];
  secrets: unknown;
  active: boolean;
  debug: boolean;
  [key: string]: unknown;
}

/** The plaintext secret a create or rotation made, carried to MutationOperation.reveal. */
const NEW_SECRET = Symbol('new secret');
type WithSecret<T> = T & { [NEW_SECRET]?: string };

function sealSecret(cipher: RecordCipher, endpointId: string, secret: string): string {
  return cipher.seal(secret, `webhook-secret:${endpointId}`);
}

/** The endpoint's secrets that still sign, newest first. */
export function signingSecrets(cipher: RecordCipher, endpoint: { id: string; secrets: unknown }, now = Date.now()): string[] {
  return (endpoint.secrets as StoredSecret[])
    .filter((s) => s.expires_at === null || s.expires_at > now)
    .map((s) => cipher.open(s.sealed, `webhook-secret:${endpoint.id}`));
}

/** `*`, a known event type, or a known group's wildcard (`order.*`). */
function isEventPattern(e: string, types = new Set(knownEventTypes()), groups = new Set(knownEventGroups())): boolean {
  return e === '*' || types.has(e) || (e.endsWith('.*') && groups.has(e.slice(0, -2)));
}

const EVENT_PATTERN_EXPECTED = 'a known event type, * or <group>.*';

/** `events` of an endpoint: each value a known pattern, every unknown one named by its index. */
const eventPatterns = z.array(z.string().min(1).max(128)).min(1).max(EVENTS_MAX).superRefine((events, ctx) => {
  const types = new Set(knownEventTypes());
  const groups = new Set(knownEventGroups());
  events.forEach((e, i) => {
    if (!isEventPattern(e, types, groups)) {
      ctx.addIssue({ code: 'custom', path: [i], message: `'${e.slice(0, 128)}' is not an event type`, params: { expected: EVENT_PATTERN_EXPECTED, code: 'INVALID_ENUM_VALUE' } });
    }
  });
});

/** `events`: known types, `*`, or a known group's wildcard; every unknown value is named. */
export function checkEventPatterns(events: string[], field = 'events'): string[] {
  const types = new Set(knownEventTypes());
  const groups = new Set(knownEventGroups());
  const unknown = events.filter((e) => !isEventPattern(e, types, groups));
  if (unknown.length) {
    const errors: FieldError[] = unknown.map((v) => ({ field, message: `'${v}' is not an event type`, expected: EVENT_PATTERN_EXPECTED }));
    throw new ApiError('INVALID_ENUM_VALUE', `Unknown event type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, {
      errors, unknown, allowed: ['*', ...[...groups].map((g) => `${g}.*`), ...types],
    }, field);
  }
  return [...new Set(events)];
}

/** What is wrong with an endpoint URL whatever the mode: not absolute, not http(s), credentials, no host. */
function urlShapeFaults(raw: string): FieldError[] {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return [{ field: 'url', message: 'not an absolute URL', expected: 'https://...' }];
  }
  const faults: FieldError[] = [];
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') faults.push({ field: 'url', message: `the scheme '${parsed.protocol.slice(0, -1)}' is not allowed`, expected: 'https://...' });
  if (parsed.username || parsed.password) faults.push({ field: 'url', message: 'credentials in the URL are not allowed (they would be stored and logged as part of it)', expected: 'a URL without user:password@' });
  if (!parsed.hostname) faults.push({ field: 'url', message: 'the URL has no host', expected: 'https://host/path' });
  return faults;
}

// checked with the rest of the body, so that one answer names every invalid field
const url = z.string().min(1).max(URL_MAX).superRefine((raw, ctx) => {
  for (const f of urlShapeFaults(raw)) ctx.addIssue({ code: 'custom', message: f.message, params: { expected: f.expected, code: 'INVALID_FIELD_FORMAT' } });
});

/** An absolute http(s) URL without credentials; live endpoints must use https. */
function checkUrl(raw: string, scope: Scope): string {
  const faults = urlShapeFaults(raw);
  if (faults.length === 0 && scope.livemode && raw.toLowerCase().startsWith('http:')) faults.push({ field: 'url', message: 'live-mode endpoints must use https', expected: 'https://...', code: 'INVALID_FIELD_VALUE' });
  if (faults.length) throw ApiError.validation(faults);
  return raw;
}

async function loadEndpoint(tx: Tx, scope: Scope, endpointId: string) {
  return found(await tx.webhookEndpoint.findFirst({ where: scopedWhere(scope, { id: endpointId }) }), 'webhook_endpoint', endpointId);
}

const endpointId = id(ID_PREFIX.webhookEndpoint);
/** the API version the endpoint's events are rendered in (null: the account's); checked against the supported versions in run() */
const apiVersion = z.string().max(32).nullable().optional()
  .describe("the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's");

const reveal = (row: WithSecret<EndpointRow>) => (row[NEW_SECRET] ? { secret: row[NEW_SECRET] } : {});

export const createWebhookEndpoint = defineMutation({
  name: 'webhook_endpoints.create',
  permission: 'webhooks:write',
  model: 'WebhookEndpoint',
  input: z.strictObject({
    url,
    events: eventPatterns,
    description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
    metadata: metadata.optional(),
    // the registration's own fields (spec: url, events, description, metadata, active, debug)
    active: z.boolean().optional().describe('false: registered inactive (no deliveries are made for it until it is set active); default true'),
    debug: z.boolean().optional().describe('true: log every attempt to this endpoint (ids, status, latency, error)'),
    apiVersion,
    connect: z.boolean().optional()
      .describe("true: a platform's endpoint for its connected accounts' events (and none of its own), as Stripe's Connect webhooks; set at creation"),
  }),
  async run(tx, scope, input, _emit, services): Promise<WithSecret<EndpointRow>> {
    checkUrl(input.url, scope);
    const events = checkEventPatterns(input.events);
    const version = input.apiVersion == null ? null : checkVersion(input.apiVersion, 'api_version');
    const endpointIdValue = newId(ID_PREFIX.webhookEndpoint);
    const secret = generateWebhookSecret();
    const row = await tx.webhookEndpoint.create({
      data: {
        id: endpointIdValue, accountId: scope.accountId, livemode: scope.livemode, url: input.url, events,
        description: input.description ?? null, metadata: input.metadata ?? {}, apiVersion: version, connect: input.connect ?? false,
        active: input.active ?? true, debug: input.debug ?? false,
        secrets: [{ sealed: sealSecret(services.secrets, endpointIdValue, secret), expires_at: null } satisfies StoredSecret] as object[],
      },
    });
    return Object.assign(row, { [NEW_SECRET]: secret });
  },
  reveal,
});

export const updateWebhookEndpoint = defineMutation({
  name: 'webhook_endpoints.update',
  permission: 'webhooks:write',
  model: 'WebhookEndpoint',
  input: z.strictObject({
    id: endpointId,
    url: url.optional(),
    events: eventPatterns.optional(),
    description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
    metadata: metadataPatch.optional(),
    active: z.boolean().optional(),
    debug: z.boolean().optional(),
    apiVersion,
  }),
  async run(tx, scope, input) {
    await lockRow(tx, 'WebhookEndpoint', input.id);
    const before = await loadEndpoint(tx, scope, input.id);
    const data: Record<string, unknown> = {};
    if (input.url !== undefined) data.url = checkUrl(input.url, scope);
    if (input.events !== undefined) data.events = checkEventPatterns(input.events);
    if (input.description !== undefined) data.description = input.description;
    if (input.metadata !== undefined) data.metadata = mergeMetadata(before.metadata, input.metadata);
    if (input.debug !== undefined) data.debug = input.debug;
    if (input.apiVersion !== undefined) data.apiVersion = input.apiVersion === null ? null : checkVersion(input.apiVersion, 'api_version');
    if (input.active !== undefined && input.active !== before.active) {
      data.active = input.active;
      // enabled again by hand: the server's reason and the failure streak are history
      if (input.active) Object.assign(data, { disabledReason: null, failingSince: null });
    }
    if (Object.keys(data).length === 0) return before;
    return tx.webhookEndpoint.update({ where: { id: before.id }, data });
  },
});

export const deleteWebhookEndpoint = defineMutation({
  name: 'webhook_endpoints.delete',
  permission: 'webhooks:write',
  model: 'WebhookEndpoint',
  input: z.strictObject({ id: endpointId }),
  async run(tx, scope, input) {
    const before = await loadEndpoint(tx, scope, input.id);
    // its deliveries and their attempts go with it (ON DELETE CASCADE)
    await tx.webhookEndpoint.delete({ where: { id: before.id } });
    return before;
  },
  represent: (row) => ({ id: row.id, object: 'webhook_endpoint', deleted: true }),
});

export const rotateWebhookSecret = defineMutation({
  name: 'webhook_endpoints.rotate_secret',
  permission: 'webhooks:write',
  model: 'WebhookEndpoint',
  input: z.strictObject({
    id: endpointId,
    expiresInSeconds: z.number().int().min(0).max(ROTATION_OVERLAP_MAX_S).optional(),
  }),
  async run(tx, scope, input, _emit, services): Promise<WithSecret<EndpointRow>> {
    const before = await loadEndpoint(tx, scope, input.id);
    const now = Date.now();
    const overlapEnds = now + (input.expiresInSeconds ?? ROTATION_OVERLAP_DEFAULT_S) * 1000;
    const secret = generateWebhookSecret();
    // every older secret signs until the overlap ends at the latest: 0 leaves only the new one
    const kept = (before.secrets as unknown as StoredSecret[])
      .map((s) => ({ ...s, expires_at: Math.min(s.expires_at ?? overlapEnds, overlapEnds) }))
      .filter((s) => s.expires_at > now);
    const secrets: StoredSecret[] = [{ sealed: sealSecret(services.secrets, before.id, secret), expires_at: null }, ...kept];
    const row = await tx.webhookEndpoint.update({ where: { id: before.id }, data: { secrets: secrets as unknown as object[] } });
    return Object.assign(row, { [NEW_SECRET]: secret });
  },
  reveal,
});


/** The endpoint as the API shows it (its secrets are internal: see schema.prisma). */
export function presentEndpoint(row: Record<string, unknown>): Record<string, unknown> {
  return present('WebhookEndpoint', row);
}
