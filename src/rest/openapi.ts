// The OpenAPI 3.1 description of every HTTP route, served at /openapi.json with Swagger UI at
// /swagger-ui (outside production). Nothing in it is written by hand per route: @fastify/swagger
// collects the routes as they are registered, and the transform below describes each one from
// its route config — the operation's own zod input (the schema that validates the body) for
// writes, the model's REST representation for answers. The decision service's routes keep
// their own document (src/decision/static/openapi.json), merged in under /api/svc.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { datamodel, isPublicModel, modelInfo, type FieldInfo } from '../db/models.js';
import type { MutationOperation } from '../operations/operation.js';
import { restName, snake } from '../representation.js';
import { ERROR_CATALOG } from '../errors.js';
import { requireAdmin } from '../ops/health.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOp = MutationOperation<any, any>;
type JsonSchema = Record<string, unknown>;

/** What a route says of itself for the description (Fastify route `config`). */
export interface RouteDoc {
  summary?: string;
  description?: string;
  /** the group in Swagger UI; by default the path's area (`/v1/orders/...` -> orders) */
  tag?: string;
  /** how the caller authenticates: an API key or access token (default under /v1), the admin key, none */
  auth?: 'bearer' | 'admin' | 'none';
  /** JSON schema of the query string */
  query?: JsonSchema;
  /** JSON schema of a body not taken by an operation */
  body?: JsonSchema;
  /** JSON schema of the success answer (else derived from model/operation, else any JSON) */
  response?: JsonSchema;
  /** content type of the success answer, when not JSON */
  produces?: string;
  /** left out of the description (the description's own pages) */
  hide?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the operation the route runs: its input describes the body, its model the answer */
    operation?: AnyOp;
    /** the model a read route answers with */
    model?: string;
    /** the permission resource guarding the route */
    resource?: string;
    kind?: 'list' | 'retrieve';
    /** success status when not 200 */
    status?: number;
    /** `METHOD /path` of the route this one is an alias of */
    aliasOf?: string;
    /** the operation's `id` comes from the path, not the body */
    pathId?: boolean;
    /** the route takes no body (DELETE) */
    noBody?: boolean;
    doc?: RouteDoc;
  }
}

const META_KEYS = new Set(['metadata']);

/** Property names of a JSON schema in the REST spelling (snake_case), metadata's contents untouched. */
function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, s]) => [snake(name), META_KEYS.has(name) ? s : snakeSchema(s)]));
    } else if (k === 'required' && Array.isArray(v)) {
      out.required = v.map((n) => snake(String(n)));
    } else if (k === '$schema') {
      continue;
    } else {
      out[k] = snakeSchema(v);
    }
  }
  return out;
}

const inputCache = new WeakMap<object, JsonSchema>();

/** The JSON schema of a REST body (snake_case) from the zod schema that validates it. */
export function bodySchemaOf(input: z.ZodType): JsonSchema {
  let schema = inputCache.get(input);
  if (!schema) {
    schema = snakeSchema(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' })) as JsonSchema;
    inputCache.set(input, schema);
  }
  return schema;
}

/** The JSON schema of an operation's body, from the zod schema that validates it. */
export function operationBodySchema(op: AnyOp, pathId = false): JsonSchema {
  const schema = bodySchemaOf(op.input);
  if (!pathId) return schema;
  const props = { ...(schema.properties as Record<string, unknown> | undefined) };
  delete props.id;
  return { ...schema, properties: props, required: ((schema.required as string[] | undefined) ?? []).filter((n) => n !== 'id') };
}

function scalarSchema(f: FieldInfo): JsonSchema {
  const base: JsonSchema = (() => {
    switch (f.type) {
      case 'Int': return { type: 'integer' };
      case 'Float': case 'Decimal': return { type: 'number' };
      case 'Boolean': return { type: 'boolean' };
      case 'DateTime': return { type: 'integer', description: 'Unix seconds' };
      case 'BigInt': return { type: 'string', description: 'an exact decimal' };
      case 'Json': return {};
      default: return { type: 'string' };
    }
  })();
  const item = f.isList ? { type: 'array', items: base } : base;
  return f.nullable && item.type ? { ...item, type: [item.type as string, 'null'] } : item;
}

/** Component name of a model's representation. */
function componentName(model: string): string {
  return model;
}

/** The JSON schema of a model's REST representation (src/representation.ts present()). */
export function modelSchema(model: string): JsonSchema {
  const info = modelInfo(model);
  const properties: Record<string, JsonSchema> = {
    id: { type: 'string' },
    object: { type: 'string', const: snake(model).replace(/^_/, '') },
    livemode: { type: 'boolean' },
  };
  const required = ['id', 'object'];
  for (const f of info.fields.values()) {
    if (f.name === 'id') continue;
    if (f.kind === 'scalar') {
      const name = restName(f, model);
      const relation = info.fields.get(f.name.slice(0, -2));
      properties[name] = relation?.kind === 'object' && isPublicModel(relation.type)
        ? { anyOf: [scalarSchema(f), { $ref: `#/components/schemas/${componentName(relation.type)}` }], description: `the ${snake(relation.name)}'s id, or the object when expanded` }
        : scalarSchema(f);
      required.push(name);
    } else if (f.isList && isPublicModel(f.type)) {
      // list relations appear when the route includes or expands them
      properties[snake(f.name)] = { type: 'array', items: { $ref: `#/components/schemas/${componentName(f.type)}` } };
    }
  }
  return { type: 'object', properties, required };
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'type', 'status', 'details', 'request_id', 'timestamp', 'documentation_url', 'doc_url'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CATALOG) },
        message: { type: 'string' },
        type: { type: 'string' },
        status: { type: 'integer' },
        param: { type: 'string' },
        details: { type: 'object' },
        request_id: { type: 'string' },
        timestamp: { type: 'string', format: 'date-time' },
        documentation_url: { type: 'string' },
        doc_url: { type: 'string', description: 'the same link as documentation_url' },
      },
    },
  },
};

const LIST_QUERY: JsonSchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    starting_after: { type: 'string', description: 'an id: the page after that object' },
    ending_before: { type: 'string', description: 'an id: the page before that object' },
    cursor: { type: 'string', description: 'pagination.next_cursor or previous_cursor of a page' },
    offset: { type: 'integer', minimum: 0, maximum: 10000 },
    page: { type: 'integer', minimum: 1 },
    sort: { type: 'string', description: 'a field, e.g. created or amount' },
    order: { type: 'string', enum: ['asc', 'desc'] },
    fields: { type: 'string', description: 'comma-separated fields to return' },
    'expand[]': { type: 'array', items: { type: 'string' }, description: 'related objects to embed' },
    search: { type: 'string' },
    created_after: { type: 'string', description: 'Unix seconds or ISO 8601' },
    created_before: { type: 'string', description: 'Unix seconds or ISO 8601' },
  },
  description: 'Any field also filters with a suffix: `status_eq=paid`, `amount_gte=100`, `status_in=a,b`, `name_like=%x%`, `created[gte]=...`',
};

function listSchema(model: string): JsonSchema {
  return {
    type: 'object',
    required: ['object', 'data', 'pagination'],
    properties: {
      object: { type: 'string', const: 'list' },
      data: { type: 'array', items: { $ref: `#/components/schemas/${componentName(model)}` } },
      pagination: {
        type: 'object',
        properties: {
          has_more: { type: 'boolean' }, next_cursor: { type: ['string', 'null'] }, previous_cursor: { type: ['string', 'null'] },
          total_count: { type: 'integer' }, page_count: { type: 'integer' }, current_page: { type: 'integer' }, limit: { type: 'integer' },
        },
      },
      url: { type: 'string' },
      meta: { type: 'object', properties: { request_id: { type: 'string' }, response_time_ms: { type: 'number' } } },
    },
  };
}

/** The area a path belongs to, as its Swagger UI group. */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] === 'v1') return parts[1] ?? 'v1';
  if (parts[0] === 'api' && parts[1] === 'svc') return 'decision service';
  if (['health', 'metrics'].includes(parts[0] ?? '')) return 'operations';
  if (parts[0] === 'admin') return 'admin';
  if (parts[0] === 'graphql') return 'graphql';
  return `self-hosted: ${parts[0] ?? ''}`;
}

/** The operationId: the operation's name (`orders.create` -> `orders_create`), else method and path. */
function operationIdOf(method: string, url: string, route: RouteOptions): string {
  const c = route.config ?? {};
  const door = url.startsWith('/v1/') || url.startsWith('/api/') ? '' : 'selfhosted_';
  const alias = c.aliasOf ? '_alias' : '';
  if (c.operation) return `${door}${c.operation.name.replace(/\./g, '_')}${alias}`;
  // reads are named after their collection (`/v1/refunds` -> refunds_list,
  // `/v1/finance/loans/{id}` -> loans_retrieve), not the permission
  if (c.model && c.kind) {
    const segments = url.split('/').filter((x) => x && !x.startsWith(':'));
    if (segments.length > 1 && (segments.at(-1) === 'list' || segments.at(-1) === c.kind)) segments.pop();
    const collection = door ? segments[0] : segments.length > 1 ? segments.at(-1) : undefined;
    return `${door}${collection ?? snake(c.model)}_${c.kind}${alias}`;
  }
  const path = url.replace(/^\/v1\//, '').replace(/[:{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  // the self-hosted sign-in routes (`/auth/login` -> selfhosted_auth_login), as the rest of that door
  if (/^\/auth\//.test(url)) return `selfhosted_${path}`;
  return `${method.toLowerCase()}_${path || 'root'}`;
}

const ok = (schema: JsonSchema | undefined, type = 'application/json') => ({ description: 'Success', content: { [type]: { schema: schema ?? {} } } });

/** The documentation-only schema of one route (validation stays with the operations). */
function describe(route: RouteOptions, url: string): { schema: JsonSchema; url: string } {
  const c = route.config ?? {};
  const doc = c.doc ?? {};
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  if (doc.hide || url.startsWith('/swagger-ui') || url === '/openapi.json') return { schema: { hide: true }, url };

  const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  let response: JsonSchema | undefined = doc.response;
  if (!response && c.model && c.kind === 'list') response = listSchema(c.model);
  else if (!response && c.model) response = { $ref: `#/components/schemas/${componentName(c.model)}` };
  else if (!response && c.operation && !c.operation.represent) response = { $ref: `#/components/schemas/${componentName(c.operation.model)}` };
  const status = String(c.status ?? 200);
  const auth = doc.auth ?? (url.startsWith('/health') || url === '/metrics' ? 'none' : url.startsWith('/admin') ? 'admin' : 'bearer');
  const summary = doc.summary
    ?? (c.operation ? `${c.operation.name} (permission ${c.operation.permission})`
      : c.model && c.kind ? `${c.kind === 'list' ? 'List' : 'Retrieve'} ${snake(c.model).replace(/^_/, '').replace(/_/g, ' ')}${c.kind === 'list' ? 's' : ''}${c.resource ? ` (permission ${c.resource}:read)` : ''}`
        : `${method} ${url}`);

  const schema: JsonSchema = {
    operationId: operationIdOf(method, url, route),
    summary,
    tags: [doc.tag ?? tagOf(url)],
    ...(doc.description || c.aliasOf ? { description: [doc.description, c.aliasOf ? `The same as ${c.aliasOf}.` : undefined].filter(Boolean).join('\n\n') } : {}),
    ...(params.length ? { params: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])), required: params } } : {}),
    ...(doc.query ?? (c.kind === 'list' ? LIST_QUERY : undefined) ? { querystring: doc.query ?? LIST_QUERY } : {}),
    ...(auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : auth === 'admin' ? { security: [{ adminKey: [] }] } : { security: [] }),
    response: {
      [status]: doc.produces ? ok(response, doc.produces) : { description: 'Success', content: { 'application/json': { schema: response ?? {} } } },
      default: { description: 'An error in the API envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
  if (doc.body) schema.body = doc.body;
  else if (c.operation && !c.noBody && method !== 'GET' && method !== 'DELETE') schema.body = operationBodySchema(c.operation, c.pathId);
  if (method === 'POST' && c.operation) {
    schema.headers = { type: 'object', properties: { 'idempotency-key': { type: 'string', description: 'replays the first answer for 24 hours' } } };
  }
  return { schema, url };
}

function modelComponents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  for (const model of allPublicModels()) out[componentName(model)] = modelSchema(model);
  return out;
}

/** Every model the API shows (`@resource` in prisma/schema.prisma). */
function allPublicModels(): string[] {
  return Object.keys(datamodel().datamodel.models).filter(isPublicModel);
}

/** The decision service's own document: its paths and components, names prefixed `Svc`. */
function svcDocument(): { paths: Record<string, unknown>; schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } {
  const file = fileURLToPath(new URL('../decision/static/openapi.json', import.meta.url));
  const text = readFileSync(file, 'utf8').replace(/#\/components\/schemas\/([A-Za-z0-9_]+)/g, '#/components/schemas/Svc$1');
  const doc = JSON.parse(text) as { paths: Record<string, Record<string, Record<string, unknown>>>; components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> } };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) if (op && typeof op === 'object') op.tags = ['decision service'];
  }
  return {
    paths: doc.paths,
    schemas: Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([k, v]) => [`Svc${k}`, v])),
    securitySchemes: doc.components?.securitySchemes ?? {},
  };
}

export interface OpenApiOptions {
  /** serve /openapi.json and /swagger-ui (outside production by default) */
  enabled: boolean;
  version: string;
  /** ADMIN_API_KEY: the admin routes are in the description only for a request carrying it */
  adminKey?: string;
}

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>>; tags?: { name: string }[] };

/** Whether an operation of the description is an admin route (x-admin-key). */
function isAdminOperation(op: unknown): boolean {
  const security = (op as { security?: Record<string, unknown>[] } | undefined)?.security;
  return Array.isArray(security) && security.some((s) => s && 'adminKey' in s);
}

/** The description without its admin routes (what every caller but an operator sees). */
export function withoutAdminRoutes<T>(doc: T): T {
  const d = doc as OpenApiDocument;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [url, item] of Object.entries(d.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, op]) => !isAdminOperation(op)));
    if (Object.keys(kept).some((k) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(k))) paths[url] = kept;
  }
  const tags = d.tags?.filter((t) => t.name !== 'admin');
  return { ...d, paths, ...(tags ? { tags } : {}) } as T;
}

/**
 * Registers the description (before any route, so that every route is seen). The decision
 * service's routes are described by its own document and replaced by it here.
 */
export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions): Promise<void> {
  // the document is always built (the MCP tools and /llms.txt come from it); `enabled`
  // (API_DOCS) only decides whether /openapi.json and /swagger-ui are served
  const svc = svcDocument();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Commerce API',
        version: opts.version,
        description: 'REST under /v1, the self-hosted routes, operations and the decision service under /api/svc. GraphQL at /graphql is described by its own schema (GET /graphql with introspection, or schema.graphql).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (sk_test_..., rk_..., pk_...) or an access token from POST /auth/login' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
          ...svc.securitySchemes,
        },
        schemas: { ...modelComponents(), ...svc.schemas } as Record<string, never>,
      },
    },
    hideUntagged: false,
    transform: ({ url, route }) => {
      // the decision service's routes are described by its own document (merged below)
      if (svc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]) return { schema: { hide: true } as never, url };
      return describe(route as RouteOptions, url) as never;
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: { paths: Record<string, Record<string, { operationId?: string }>>; components: { schemas: Record<string, unknown> } } }).openapiObject;
      Object.assign(doc.paths, svc.paths);
      // models answered by an operation without being readable resources (the stablecoin's
      // issuances, redemptions and transfers) get their representation too
      const schemas = doc.components.schemas;
      for (const [, name] of JSON.stringify(doc.paths).matchAll(/"#\/components\/schemas\/([A-Za-z0-9_]+)"/g)) {
        if (!schemas[name!] && datamodel().datamodel.models[name as never]) schemas[name!] = modelSchema(name!);
      }
      // operationIds are unique: a second route of one operation (PUT beside PATCH) gets its method appended
      const seen = new Set<string>();
      for (const item of Object.values(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          if (!op?.operationId) continue;
          if (seen.has(op.operationId)) op.operationId = `${op.operationId}_${method}`;
          seen.add(op.operationId);
        }
      }
      return doc as never;
    },
  });
  if (!opts.enabled) return;
  // the admin routes are described to operators only: a request with the right x-admin-key
  const forCaller = (headers: Record<string, unknown>) => {
    let admin = false;
    try {
      requireAdmin(headers['x-admin-key'] as string | undefined, opts.adminKey);
      admin = true;
    } catch {
      admin = false;
    }
    const doc = app.swagger();
    return admin ? doc : withoutAdminRoutes(doc);
  };
  await app.register(swaggerUi, {
    routePrefix: '/swagger-ui', staticCSP: false, uiConfig: { deepLinking: true, tryItOutEnabled: true },
    transformSpecificationClone: false,
    transformSpecification: (_doc, req) => forCaller(req.headers),
  });
  app.get('/openapi.json', { config: { doc: { hide: true } } }, async (req) => forCaller(req.headers));
}
