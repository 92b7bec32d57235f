// Binds a model's operations to REST routes in one declaration: list (GET /v1/x and
// /v1/x/list), create (POST /v1/x and /v1/x/create), retrieve, update (PATCH), actions.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, textFaults, type FieldError } from '../errors.js';
import { authorize, canReadResource, type Principal } from '../auth/keys.js';
import { resourceOfModel } from '../db/models.js';
import type { CanRead } from '../db/where.js';
import { executeMutation, executeMutationById, scopedWhere, type MutationOperation } from '../operations/operation.js';
import { present, snake } from '../representation.js';
import { callContext, authenticate, type RestDeps } from './context.js';
import { assertStorableText, listResource, parseExpand, parseFields, pickFields } from './list.js';
import { camelizeBody, restError } from './naming.js';
import { leanFindById } from '../db/lean-read.js';
import { inputSizeFault } from '../limits.js';
import { registerAggregateRoute } from './aggregate.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOp = MutationOperation<any, any>;

export interface ResourceRoutes {
  path: string; // '/v1/orders', or '/orders' on the self-hosted door
  model: string; // 'Order'
  resource: string; // 'orders' (permission resource)
  include?: Record<string, unknown>;
  create?: AnyOp;
  update?: AnyOp;
  /** how updates are sent: PATCH by default; PUT where the spec says so (webhooks) */
  updateMethods?: ('PATCH' | 'PUT')[];
  /** DELETE /v1/x/{id} */
  remove?: AnyOp;
  actions?: Record<string, AnyOp>;
  /**
   * Also answer `GET <path>/list` and `POST <path>/create` (the spec's /v1 forms); default
   * true. The self-hosted door (`/orders`, ...) has none.
   */
  aliases?: boolean;
  /** `GET <path>/aggregate` (src/rest/aggregate.ts); default: under /v1 only */
  aggregate?: boolean;
}

type Query = Record<string, string | string[] | undefined>;

/** Deeper bodies than any operation takes are refused before recursive code meets them. */
const MAX_BODY_DEPTH = 32;

/**
 * Faults of a parsed body that no schema would see as such: nesting past MAX_BODY_DEPTH (a
 * stack overflow later) and U+0000 in a string or key (PostgreSQL text cannot hold it).
 * Iterative, so that the check itself cannot overflow.
 */
function bodyFaults(body: unknown): FieldError[] {
  return textFaults(body, '', { index: (path, i) => `${path}[${i}]`, maxDepth: MAX_BODY_DEPTH });
}

/** A REST body as an operation's input: an object, checked for unstorable text, camelCased. */
export function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw ApiError.validation([{ field: 'body', message: 'the body must be a JSON object', expected: 'object' }]);
  }
  const tooLarge = inputSizeFault(body, 'body');
  if (tooLarge) throw tooLarge;
  const faults = bodyFaults(body);
  if (faults.length) throw ApiError.validation(faults);
  return camelizeBody(body) as Record<string, unknown>;
}

/** Runs an operation for a REST request: errors in REST spelling, one-time fields in the first answer only. */
export async function runOperation(req: FastifyRequest, reply: FastifyReply, deps: RestDeps, op: AnyOp, input: Record<string, unknown>) {
  const byPathId = (req.routeOptions.config as { pathId?: boolean } | undefined)?.pathId && typeof input.id === 'string';
  let result;
  try {
    result = byPathId
      ? await executeMutationById(op, await callContext(req, deps), input as Record<string, unknown> & { id: string })
      : await executeMutation(op, await callContext(req, deps), input);
  } catch (err) {
    throw err instanceof ApiError ? restError(err) : err;
  }
  if (result.replayed) {
    // the first answer again: it names the request that produced it, as a replayed error does
    reply.header('Idempotent-Replayed', 'true');
    if (result.requestId) reply.header('X-Request-Id', result.requestId);
  }
  return result.reveal ? { ...result.body, ...result.reveal } : result.body;
}

/** The operation's input from a body and the `{id}` of the path (which the body may not name). */
function withPathId(req: FastifyRequest): Record<string, unknown> {
  const body = bodyObject(req);
  if ('id' in body) throw ApiError.validation([{ field: 'id', message: 'id is read-only; it comes from the path', expected: 'no id in the body' }]);
  return { ...body, id: (req.params as { id: string }).id };
}

/** Related models (expansions, relation filters) need their own resource's read permission. */
export function readable(principal: Principal): CanRead {
  return (model) => canReadResource(principal, resourceOfModel(model) ?? model);
}

/** What a retrieve route (`GET <path>/{id}`) reads. */
export interface RetrieveSpec {
  model: string;
  /** the permission it needs (`<resource>:read`) */
  permission: string;
  /** the 404's noun (`test_clock`: "No such test_clock: 'x'") */
  noun: string;
  /** relations `expand[]` may name */
  include?: Record<string, unknown>;
  /** conditions beyond the id and the caller's account and mode (a deleted row is gone) */
  where?: Record<string, unknown>;
  /** a check of the caller after authorization (test clocks: test mode only) */
  check?: (principal: Principal) => void;
}

/**
 * The handler of a retrieve route: the caller's account and mode only (404 otherwise), with
 * `expand[]` and `fields`. registerResource's routes and the few retrieve routes outside it
 * (test clocks, redemptions) share it.
 */
export function retrieveHandler(deps: RestDeps, spec: RetrieveSpec) {
  const prisma = deps.services.db.prisma as unknown as Record<string, { findFirst: Function }>;
  const delegate = prisma[spec.model[0].toLowerCase() + spec.model.slice(1)];
  return async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, spec.permission);
    spec.check?.(principal);
    const { id } = req.params as { id: string };
    const query = req.query as Query;
    assertStorableText({ ...query, id });
    const include = parseExpand(spec.model, query, spec.include ?? {}, readable(principal));
    const fields = parseFields(spec.model, query);
    const where = scopedWhere(principal, { id, ...spec.where });
    const shape = Object.keys(include).length ? { include } : {};
    const row = await (leanFindById(deps.services.db, spec.model, where, shape) ?? delegate.findFirst({ where, ...shape }));
    if (!row) throw ApiError.notFound(spec.noun, id);
    return pickFields(present(spec.model, row), fields);
  };
}

export function registerResource(app: FastifyInstance, deps: RestDeps, r: ResourceRoutes) {
  const noun = snake(r.model).slice(1);

  const list = async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, `${r.resource}:read`);
    const page = await listResource(deps.services.db, r.model, principal, req.query as Query, r.include ?? {}, readable(principal));
    return { ...page, url: r.path };
  };
  // route config: what the OpenAPI document (src/rest/openapi.ts) says of each route
  const listConfig = { model: r.model, resource: r.resource, kind: 'list' as const };
  app.get(r.path, { config: listConfig }, list);
  if (r.aliases !== false) app.get(`${r.path}/list`, { config: { ...listConfig, aliasOf: `GET ${r.path}` } }, list);
  // before /:id in the code for the reader; a static path wins over /:id anyway
  if (r.aggregate ?? r.path.startsWith('/v1/')) registerAggregateRoute(app, deps, r, readable);

  app.get(`${r.path}/:id`, { config: { model: r.model, resource: r.resource, kind: 'retrieve' as const } },
    retrieveHandler(deps, { model: r.model, permission: `${r.resource}:read`, noun, include: r.include }));

  if (r.create) {
    const create = r.create;
    const handler = async (req: FastifyRequest, reply: FastifyReply) => reply.status(201).send(await runOperation(req, reply, deps, create, bodyObject(req)));
    app.post(r.path, { config: { operation: create, status: 201 } }, handler);
    if (r.aliases !== false) app.post(`${r.path}/create`, { config: { operation: create, status: 201, aliasOf: `POST ${r.path}` } }, handler);
  }

  if (r.update) {
    const update = r.update;
    for (const method of r.updateMethods ?? ['PATCH']) {
      app.route({ method, url: `${r.path}/:id`, config: { operation: update, pathId: true }, handler: (req, reply) => runOperation(req, reply, deps, update, withPathId(req)) });
    }
  }

  if (r.remove) {
    const remove = r.remove;
    // a DELETE has no body: only the path says what goes
    app.delete(`${r.path}/:id`, { config: { operation: remove, pathId: true, noBody: true } }, (req, reply) => runOperation(req, reply, deps, remove, { id: (req.params as { id: string }).id }));
  }

  for (const [action, op] of Object.entries(r.actions ?? {})) {
    app.post(`${r.path}/:id/${action}`, { config: { operation: op, pathId: true } }, (req, reply) => runOperation(req, reply, deps, op, withPathId(req)));
  }
}
