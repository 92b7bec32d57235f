// REST door of events: GET /v1/events (list envelope; `type` exact or `order.*`, `created[gte]`
// and the other list conventions) and GET /v1/events/{id}, each event exactly as delivered.
// A platform's own key also reads its connected accounts' events (marked `account`).
import type { FastifyInstance } from 'fastify';
import { authorize, type Principal } from '../../auth/keys.js';
import { envelopeOf, type EventRow } from '../../events/envelope.js';
import { pendingWebhooks } from '../../events/outbox.js';
import { ApiError } from '../../errors.js';
import { scopedWhere, type Scope } from '../../operations/operation.js';
import { authenticate } from '../../rest/context.js';
import { assertStorableText, listResource } from '../../rest/list.js';
import { knownEventGroups, knownEventTypes } from '../catalog.js';
import type { ModuleRestDeps } from '../module.js';

type Query = Record<string, string | string[] | undefined>;

/** `type=order.created` or `type=order.*` as a condition; the catalogue names the group's types. */
function typeCondition(raw: string | string[] | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(','));
  const types = new Set<string>();
  for (const v of values) {
    if (v === '*') return undefined;
    if (v.endsWith('.*') && knownEventGroups().includes(v.slice(0, -2))) {
      for (const t of knownEventTypes()) if (t.startsWith(v.slice(0, -1))) types.add(t);
    } else if (knownEventTypes().includes(v)) {
      types.add(v);
    } else {
      throw new ApiError('INVALID_ENUM_VALUE', `'${v.slice(0, 128)}' is not an event type`, {
        errors: [{ field: 'type', message: `'${v.slice(0, 128)}' is not an event type`, expected: 'an event type or <group>.*' }],
      }, 'type');
    }
  }
  return { type: { in: [...types] } };
}

/**
 * The accounts whose events a principal reads: its own, and, for a platform's own key (not
 * acting for one with X-Account-Id), those of its connected accounts, looked up per request
 * (the list only; GET /v1/events/{id} checks the relation in its one statement, eventByIdWhere).
 * Why the list keeps this indexed look-up rather than a relation condition in its own query: on
 * PostgreSQL `accountId = me OR account.platformId = me` cannot use the event index (its count
 * became a scan of the whole Event table), and `account is {id = me OR platformId = me}` is
 * planned from an average account, so an account with few, old events was read through the
 * createdAt index across every event (0.07 ms became 420 ms on a table of a million events).
 * A cache of the connected accounts would need telling wherever an account is connected, on
 * every replica, for the very next request to be right.
 */
async function eventScope(prisma: ModuleRestDeps['services']['db']['prisma'], principal: Principal): Promise<Principal & Scope> {
  if (principal.platformAccountId) return principal;
  const connected = await prisma.account.findMany({ where: { platformId: principal.accountId }, select: { id: true } });
  return connected.length ? { ...principal, accounts: [principal.accountId, ...connected.map((a) => a.id)] } : principal;
}

/**
 * One event by id, of the accounts whose events the principal reads, in one statement: for a
 * platform's own key, the event's account is its own or one whose platform it is (a relation
 * condition, read at the moment of the request: an account connected a moment ago is there, one
 * no longer connected is not). The id (the primary key) finds the row; the condition only checks it.
 */
function eventByIdWhere(principal: Principal, id: string): Record<string, unknown> {
  if (principal.platformAccountId) return scopedWhere(principal, { id });
  return { id, livemode: principal.livemode, OR: [{ accountId: principal.accountId }, { account: { is: { platformId: principal.accountId } } }] };
}

export function registerEventRoutes(app: FastifyInstance, deps: ModuleRestDeps): void {
  const prisma = deps.services.db.prisma;
  const list = async (req: import('fastify').FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, 'events:read');
    const { type, ...query } = req.query as Query;
    assertStorableText({ type });
    const where = typeCondition(type);
    const page = await listResource(deps.services.db, 'Event', await eventScope(prisma, principal), query, {}, undefined, {
      ...(where ? { where } : {}),
      represent: (row) => envelopeOf(row as unknown as EventRow, 0) as unknown as Record<string, unknown>,
    });
    const pending = await pendingWebhooks(prisma, page.data.map((e) => String(e.id)));
    for (const e of page.data) if ('pending_webhooks' in e) e.pending_webhooks = pending.get(String(e.id)) ?? 0;
    return { ...page, url: '/v1/events' };
  };
  const doc = { summary: 'List events (permission events:read); `type` filters by type, `order.*` by prefix' };
  app.get('/v1/events', { config: { doc } }, list);
  app.get('/v1/events/list', { config: { doc, aliasOf: 'GET /v1/events' } }, list);
  app.get('/v1/events/:id', { config: { doc: { summary: 'Retrieve an event (permission events:read)' } } }, async (req) => {
    const principal = await authenticate(req, deps);
    authorize(principal, 'events:read');
    const { id } = req.params as { id: string };
    assertStorableText({ id });
    const row = await prisma.event.findFirst({ where: eventByIdWhere(principal, id) });
    if (!row) throw ApiError.notFound('event', id);
    return envelopeOf(row, (await pendingWebhooks(prisma, [row.id])).get(row.id) ?? 0);
  });
}
