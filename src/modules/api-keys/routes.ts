// REST door of API keys: /v1/api_keys (list, create), /v1/api_keys/{id} (retrieve, update,
// revoke), /v1/api_keys/{id}/roll and /v1/api_keys/{id}/usage. Keys are not a public model
// (@resource): reads are written here, writes run the operations of ./operations.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize, type Principal } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import type { Scope } from '../../operations/operation.js';
import { authenticate } from '../../rest/context.js';
import { assertStorableText, REST_LIMIT_DEFAULT, REST_LIMIT_MAX } from '../../rest/list.js';
import { bodyObject, runOperation } from '../../rest/resources.js';
import type { ModuleRestDeps } from '../module.js';
import {
  API_KEY_SCHEMA, createKey, loadKey, presentApiKey, revokeKey, rollKey, updateKey, withCaller,
  type ApiKeyRow, type KeyOperation,
} from './operations.js';
import { routeGroup, usageRecorder, utcDay } from './usage.js';

type Query = Record<string, string | string[] | undefined>;

const KEY_TYPES = ['secret', 'restricted', 'publishable', 'svc'];
const STATUSES = ['active', 'expired', 'revoked'];
/** days one usage answer may span */
export const USAGE_MAX_DAYS = 366;
const USAGE_DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const LIST_QUERY = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: REST_LIMIT_MAX, default: REST_LIMIT_DEFAULT },
    starting_after: { type: 'string', description: 'a key id: the page after it' },
    ending_before: { type: 'string', description: 'a key id: the page before it' },
    cursor: { type: 'string', description: 'next_cursor or previous_cursor of a page' },
    type: { type: 'string', enum: KEY_TYPES },
    status: { type: 'string', enum: STATUSES },
  },
} as const;
const USAGE_QUERY = {
  type: 'object',
  properties: {
    start_date: { type: 'string', description: `YYYY-MM-DD (UTC), or an ISO 8601 date-time (its UTC day); also spelled startDate; default: ${USAGE_DEFAULT_DAYS - 1} days before end_date` },
    end_date: { type: 'string', description: 'YYYY-MM-DD (UTC), or an ISO 8601 date-time (its UTC day); also spelled endDate; default: today' },
  },
} as const;
const LIST_SCHEMA = {
  type: 'object',
  properties: {
    object: { type: 'string', const: 'list' },
    data: { type: 'array', items: API_KEY_SCHEMA },
    pagination: { type: 'object' },
    url: { type: 'string' },
  },
} as const;
const USAGE_SCHEMA = {
  type: 'object',
  properties: {
    object: { type: 'string', const: 'api_key_usage' },
    api_key: { type: 'string' },
    start_date: { type: 'string', format: 'date' },
    end_date: { type: 'string', format: 'date' },
    total_requests: { type: 'integer' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          date: { type: 'string', format: 'date' },
          requests: { type: 'integer' },
          by_route_group: { type: 'object', additionalProperties: { type: 'integer' }, description: '/v1/<group>/..., graphql for /graphql' },
        },
      },
    },
  },
} as const;

function invalid(param: string, message: string, expected: string): ApiError {
  return new ApiError('INVALID_FIELD_VALUE', `${param}: ${message}`, { errors: [{ field: param, message, expected }] }, param);
}

/** One value of a query parameter (a repeated one is refused). */
function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw invalid(name, 'given more than once', 'one value');
  return v;
}

/** Unknown query parameters are refused, as on every list. */
function assertKnownParams(query: Query, known: readonly string[]): void {
  const unknown = Object.keys(query).filter((k) => !known.includes(k));
  if (unknown.length) {
    throw ApiError.validation(unknown.map((k) => ({ field: k, message: 'unknown query parameter', expected: known.join(', ') })));
  }
}

const scopeWhere = (scope: Scope) => ({ accountId: scope.accountId, mode: scope.livemode ? 'live' : 'test' });

function statusWhere(status: string, now: Date): Record<string, unknown> {
  if (status === 'revoked') return { revokedAt: { not: null } };
  if (status === 'expired') return { revokedAt: null, expiresAt: { lte: now } };
  return { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}

const encodeCursor = (id: string, d: 'n' | 'p') => Buffer.from(`${d}:${id}`).toString('base64url');
function decodeCursor(raw: string): { id: string; d: 'n' | 'p' } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(raw) ? Buffer.from(raw, 'base64url').toString('utf8') : '';
  const m = /^([np]):(key_[0-9a-z]{10,40})$/.exec(text);
  if (!m) throw invalid('cursor', 'not a cursor of this list', 'next_cursor or previous_cursor of a page');
  return { id: m[2]!, d: m[1] as 'n' | 'p' };
}

/** Rows after (`n`, older) or before (`p`, newer) `row` in the list's order (newest first). */
function beyond(row: { createdAt: Date; id: string }, d: 'n' | 'p'): Record<string, unknown> {
  const op = d === 'n' ? 'lt' : 'gt';
  return { OR: [{ createdAt: { [op]: row.createdAt } }, { createdAt: row.createdAt, id: { [op]: row.id } }] };
}

async function listKeys(deps: ModuleRestDeps, principal: Principal, query: Query) {
  assertStorableText(query);
  assertKnownParams(query, Object.keys(LIST_QUERY.properties));
  const prisma = deps.services.db.prisma;
  const limitText = single(query, 'limit');
  const limit = limitText === undefined ? REST_LIMIT_DEFAULT : Number(limitText);
  if (!/^\d+$/.test(limitText ?? '1') || !Number.isInteger(limit) || limit < 1 || limit > REST_LIMIT_MAX) {
    throw invalid('limit', `must be an integer from 1 to ${REST_LIMIT_MAX}`, `1-${REST_LIMIT_MAX}`);
  }
  const filters: Record<string, unknown>[] = [scopeWhere(principal)];
  const type = single(query, 'type');
  if (type !== undefined) {
    if (!KEY_TYPES.includes(type)) throw new ApiError('INVALID_ENUM_VALUE', `type: expected one of ${KEY_TYPES.join(', ')}`, { errors: [{ field: 'type', message: 'unknown key type', expected: KEY_TYPES.join(', ') }] }, 'type');
    filters.push({ type });
  }
  const status = single(query, 'status');
  if (status !== undefined) {
    if (!STATUSES.includes(status)) throw new ApiError('INVALID_ENUM_VALUE', `status: expected one of ${STATUSES.join(', ')}`, { errors: [{ field: 'status', message: 'unknown status', expected: STATUSES.join(', ') }] }, 'status');
    filters.push(statusWhere(status, new Date()));
  }
  const base = { AND: filters };

  const cursor = single(query, 'cursor');
  const startingAfter = single(query, 'starting_after');
  const endingBefore = single(query, 'ending_before');
  if ([cursor, startingAfter, endingBefore].filter((v) => v !== undefined).length > 1) {
    throw invalid('cursor', 'use only one of cursor, starting_after and ending_before', 'one of them');
  }
  let anchor: { row: { createdAt: Date; id: string }; d: 'n' | 'p' } | undefined;
  if (cursor !== undefined || startingAfter !== undefined || endingBefore !== undefined) {
    const { id, d, param } = cursor !== undefined ? { ...decodeCursor(cursor), param: 'cursor' }
      : startingAfter !== undefined ? { id: startingAfter, d: 'n' as const, param: 'starting_after' } : { id: endingBefore!, d: 'p' as const, param: 'ending_before' };
    const row = await prisma.apiKey.findFirst({ where: { id, ...scopeWhere(principal) }, select: { id: true, createdAt: true } });
    if (!row) throw invalid(param, `no such api_key: '${id}'`, 'a key id of this list');
    anchor = { row, d };
  }
  const backwards = anchor?.d === 'p';
  const dir = backwards ? 'asc' : 'desc';
  const where = anchor ? { AND: [base, beyond(anchor.row, anchor.d)] } : base;
  const [rows, total] = await Promise.all([
    prisma.apiKey.findMany({ where, orderBy: [{ createdAt: dir }, { id: dir }], take: limit + 1 }),
    prisma.apiKey.count({ where: base }),
  ]);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const before = first && anchor ? await prisma.apiKey.count({ where: { AND: [base, beyond(first, 'p')] } }) : 0;
  return {
    object: 'list',
    data: page.map((r) => presentApiKey(r as ApiKeyRow)),
    pagination: {
      has_more: more,
      next_cursor: (backwards || more) && last ? encodeCursor(last.id, 'n') : null,
      previous_cursor: (backwards ? more : anchor !== undefined) && first ? encodeCursor(first.id, 'p') : null,
      total_count: total,
      page_count: Math.max(1, Math.ceil(total / limit)),
      current_page: Math.floor(before / limit) + 1,
      limit,
    },
    url: '/v1/api_keys',
  };
}

/**
 * `YYYY-MM-DD`, a real calendar day; an ISO 8601 date-time (`2026-11-01T12:00:00Z`) names the
 * UTC day it falls on.
 */
function parseDay(raw: string | undefined, param: string): number | undefined {
  if (raw === undefined) return undefined;
  const dateTime = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(raw);
  if (dateTime) {
    const at = Date.parse(raw);
    if (!Number.isNaN(at) && utcDay(Date.parse(`${dateTime[1]}T00:00:00Z`)) === dateTime[1]) return Date.parse(`${utcDay(at)}T00:00:00Z`);
  }
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || utcDay(ms) !== raw) {
    throw new ApiError('INVALID_DATE_FORMAT', `${param} must be a date as YYYY-MM-DD`, { errors: [{ field: param, message: 'not a date', expected: 'YYYY-MM-DD' }] }, param);
  }
  return ms;
}

/** The SDK's spelling of the usage parameters (spec: `startDate`, `endDate`), read as the REST one. */
const USAGE_CAMEL: Record<string, string> = { startDate: 'start_date', endDate: 'end_date' };

async function keyUsage(deps: ModuleRestDeps, principal: Principal, keyId: string, sent: Query) {
  const query: Query = {};
  for (const [k, v] of Object.entries(sent)) {
    const name = Object.hasOwn(USAGE_CAMEL, k) ? USAGE_CAMEL[k]! : k;
    if (Object.hasOwn(query, name)) {
      const camel = Object.keys(USAGE_CAMEL).find((c) => USAGE_CAMEL[c] === name)!;
      throw invalid(name, `given twice (as ${name} and as ${camel})`, 'one value');
    }
    query[name] = v;
  }
  assertKnownParams(query, Object.keys(USAGE_QUERY.properties));
  const today = Date.parse(`${utcDay(Date.now())}T00:00:00Z`);
  const end = parseDay(single(query, 'end_date'), 'end_date') ?? today;
  const start = parseDay(single(query, 'start_date'), 'start_date') ?? end - (USAGE_DEFAULT_DAYS - 1) * DAY_MS;
  if (start > end) throw invalid('start_date', 'is after end_date', 'a day on or before end_date');
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (days > USAGE_MAX_DAYS) throw invalid('start_date', `the range spans ${days} days; at most ${USAGE_MAX_DAYS}`, `at most ${USAGE_MAX_DAYS} days`);
  const prisma = deps.services.db.prisma;
  const key = await loadKey(prisma, principal, keyId);
  // this process's counters not written yet are written first: the answer includes them
  await usageRecorder(deps.services).flush().catch(() => {});
  const rows = await prisma.apiKeyUsage.findMany({ where: { apiKeyId: key.id, day: { gte: utcDay(start), lte: utcDay(end) } } });
  const byDay = new Map<string, { date: string; requests: number; by_route_group: Record<string, number> }>();
  for (let i = 0; i < days; i++) {
    const date = utcDay(start + i * DAY_MS);
    byDay.set(date, { date, requests: 0, by_route_group: {} });
  }
  let total = 0;
  for (const r of rows.sort((a, b) => (a.routeGroup < b.routeGroup ? -1 : 1))) {
    const day = byDay.get(r.day);
    if (!day) continue;
    day.requests += r.requests;
    day.by_route_group[r.routeGroup] = (day.by_route_group[r.routeGroup] ?? 0) + r.requests;
    total += r.requests;
  }
  return {
    object: 'api_key_usage', api_key: key.id, start_date: utcDay(start), end_date: utcDay(end), total_requests: total, data: [...byDay.values()],
  };
}

export function registerApiKeyRoutes(app: FastifyInstance, deps: ModuleRestDeps): void {
  const prisma = deps.services.db.prisma;
  const usage = usageRecorder(deps.services, app.log);

  // every request made with an API key counts, by route group, once its answer is sent
  app.addHook('onResponse', (req, _reply, done) => {
    const p = req.principal;
    if (p && p.keyId.startsWith('key_')) usage.record(p.keyId, routeGroup(req.routeOptions.url ?? req.url));
    done();
  });

  const reader = async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, 'api_keys:read');
    return principal;
  };
  const pathId = (req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    assertStorableText({ id });
    return id;
  };
  /** The operation for this caller; a key changed in this process stops being served from its cache at once. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const write = async (req: FastifyRequest, reply: FastifyReply, op: KeyOperation<any, any>, input: Record<string, unknown>, forget?: string) => {
    const principal = await authenticate(req, deps);
    const body = await runOperation(req, reply, deps, withCaller(op, principal), input);
    if (forget) {
      const changed = await prisma.apiKey.findUnique({ where: { id: forget }, select: { hash: true } });
      if (changed) deps.auth.forget(changed.hash);
    }
    return body;
  };
  const withPathId = (req: FastifyRequest) => {
    const body = bodyObject(req);
    if ('id' in body) throw ApiError.validation([{ field: 'id', message: 'id is read-only; it comes from the path', expected: 'no id in the body' }]);
    return { ...body, id: pathId(req) };
  };
  const response = API_KEY_SCHEMA as unknown as Record<string, unknown>;

  app.get('/v1/api_keys', { config: { doc: { summary: "List the account's keys of this mode, newest first (permission api_keys:read); never their secrets", query: LIST_QUERY as never, response: LIST_SCHEMA as never } } }, async (req) =>
    listKeys(deps, await reader(req), req.query as Query));

  app.post('/v1/api_keys', { config: { operation: createKey, status: 201, doc: { response } } }, async (req, reply) =>
    reply.status(201).send(await write(req, reply, createKey, bodyObject(req))));

  app.get('/v1/api_keys/:id', { config: { doc: { summary: 'Retrieve a key (permission api_keys:read); never its secret', response } } }, async (req) => {
    const principal = await reader(req);
    return presentApiKey(await loadKey(prisma, principal, pathId(req)));
  });

  app.patch('/v1/api_keys/:id', { config: { operation: updateKey, pathId: true, doc: { response } } }, async (req, reply) =>
    write(req, reply, updateKey, withPathId(req), pathId(req)));

  app.delete('/v1/api_keys/:id', { config: { operation: revokeKey, pathId: true, noBody: true, doc: { summary: 'Revoke a key (permission api_keys:write): refused everywhere within 2 seconds', response } } }, async (req, reply) =>
    write(req, reply, revokeKey, { id: pathId(req) }, pathId(req)));

  app.post('/v1/api_keys/:id/roll', { config: { operation: rollKey, pathId: true, doc: { summary: 'Roll a key (permission api_keys:write): a new key with the same settings, its secret shown once; the old one works for expires_in_seconds more (default 0, at most 7 days)', response } } }, async (req, reply) =>
    write(req, reply, rollKey, withPathId(req), pathId(req)));

  app.get('/v1/api_keys/:id/usage', { config: { doc: { summary: 'Requests of a key per day (UTC) and route group (permission api_keys:read); counted within about a second', query: USAGE_QUERY as never, response: USAGE_SCHEMA as never } } }, async (req) => {
    const principal = await reader(req);
    const query = req.query as Query;
    assertStorableText(query);
    return keyUsage(deps, principal, pathId(req), query);
  });
}
