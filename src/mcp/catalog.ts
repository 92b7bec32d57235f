// The MCP tools, derived from the server's own OpenAPI document (src/rest/openapi.ts, which
// @fastify/swagger builds from every registered route and its declared operation). Nothing
// here lists operations by hand: a route added to the API is a tool at the next start.
//
// Which operations are tools: those under /v1 and /api (the API and the decision service), with
// a method other than HEAD and OPTIONS, callable with a bearer key, a decision-service key or no
// key at all for reads. Left out: aliases (`GET /v1/orders/list` is `GET /v1/orders`), the admin
// routes (x-admin-key), and key-less writes (providers' signed callbacks such as
// POST /v1/inbound/{provider}). The GraphQL door, the self-hosted door (/orders, /auth/...) and
// the OAuth endpoints are doors of their own, not operations.
import { isAuthorized, type Principal } from '../auth/keys.js';
import { isPlainObjectSchema, resolveTop, selfContained, type JsonSchema } from './schema.js';

type OpenApiParameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; description?: string; schema?: JsonSchema; $ref?: string };
type OpenApiOperation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
type SecurityScheme = { type?: string; scheme?: string; in?: string; name?: string };
export type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, SecurityScheme> };
};

/** How the tool's REST call carries the caller's credential. */
export type Credential = { kind: 'bearer' } | { kind: 'header'; header: string } | { kind: 'none' };

/** An argument that is a parameter of the request (path, query string or header). */
export interface ToolParam {
  /** the argument's name in the tool's input */
  arg: string;
  /** the parameter's name in the request */
  name: string;
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

export interface ToolDef {
  name: string;
  operationId: string;
  /** upper case: GET, POST, ... */
  method: string;
  /** the OpenAPI path, `{id}` style */
  path: string;
  /** `POST /v1/orders` */
  route: string;
  /** the first line of the operation's documentation */
  summary: string;
  description: string;
  /** the decision service's (`/api/svc`) */
  decision: boolean;
  credential: Credential;
  /** `resource:action` the operation is documented to need, when it says */
  permission?: string;
  pathParams: ToolParam[];
  queryParams: ToolParam[];
  idempotency?: { header: string; required: boolean };
  /** where the remaining arguments go: the body's fields as arguments (flat), one `body` argument, or the query string */
  body: 'flat' | 'nested' | 'none';
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema?: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
}

export interface Catalog {
  tools: ToolDef[];
  byName: Map<string, ToolDef>;
  /** every operation of the document that is not a tool, with the reason (for the tests and docs) */
  skipped: { route: string; operationId?: string; reason: string }[];
  document: OpenApiDocument;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** the name of the idempotency argument (the Idempotency-Key header) */
export const IDEMPOTENCY_ARG = 'idempotency_key';
/** tool and argument names as every MCP host accepts them (some allow at most 64 of these characters) */
const NAME_CHARS = /[^A-Za-z0-9_-]/g;
const MAX_NAME = 64;
/**
 * The decision service names its operations in its own document (camelCase); its tools are
 * `svc_<operation>`, and the run is called a run, as its spec does.
 */
const SVC_RENAMES: Record<string, string> = { createDecision: 'run_decision' };

function snakeCase(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toLowerCase().replace(/^_|_$/g, '');
}

function cleanName(s: string): string {
  const name = s.replace(NAME_CHARS, '_');
  return name.length <= MAX_NAME ? name : name.slice(0, MAX_NAME);
}

/** The argument name of a parameter: `expand[]` -> `expand`, `Idempotency-Key` -> `idempotency_key`. */
function argName(param: string): string {
  return param.replace(/\[\]$/, '').replace(/[^A-Za-z0-9_.-]/g, '_');
}

/**
 * The permission a summary states: `... (permission orders:create)`, `... (global:read)`,
 * `... (a secret key with agents:write)`, or alternatives, any of which suffices
 * (`(permission orders:read or analytics:read; ...)`).
 */
export function documentedPermission(summary: string | undefined): string | undefined {
  return /\((?:permission |a secret key with )?([a-z_]+:[a-z_*]+(?: or [a-z_]+:[a-z_*]+)*)[;,)]/.exec(summary ?? '')?.[1];
}

function credentialOf(op: OpenApiOperation, schemes: Record<string, SecurityScheme>): Credential | string {
  const security = op.security ?? [];
  if (security.length === 0 || security.some((req) => Object.keys(req).length === 0)) return { kind: 'none' };
  for (const requirement of security) {
    const names = Object.keys(requirement);
    if (names.length !== 1) continue;
    const scheme = schemes[names[0]!];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return { kind: 'bearer' };
    // an API-key header: the decision service's X-Svc-Api-Key; the operators' x-admin-key is no caller's
    if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name && scheme.name.toLowerCase() !== 'x-admin-key') {
      return { kind: 'header', header: scheme.name };
    }
  }
  return `security ${JSON.stringify(security)} is no credential an MCP caller holds`;
}

function isAlias(op: OpenApiOperation): boolean {
  return /_alias$/.test(op.operationId ?? '') || /(^|\n)The same as [A-Z]+ \//.test(op.description ?? '');
}

function isDestructive(method: string, path: string, operationId: string): boolean {
  if (method === 'DELETE') return true;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return /(^|_)(cancel|void|delete)($|_)/.test(last) || /(^|_)(cancel|void|delete)($|_)/.test(snakeCase(operationId));
}

function title(summary: string, route: string): string {
  const text = summary.replace(/\s*\(permission [^)]*\)/, '').trim();
  return text || route;
}

/** A model representation (`id`, `object` and its fields) may come back with `fields=` narrowing it. */
function narrowable(def: JsonSchema): JsonSchema {
  const required = def.required;
  if (!Array.isArray(required) || !required.includes('id') || !required.includes('object')) return def;
  return { ...def, required: ['id', 'object'] };
}

function successResponse(op: OpenApiOperation): { status: number; schema?: JsonSchema } {
  const codes = Object.keys(op.responses ?? {}).filter((c) => /^2\d\d$/.test(c)).sort();
  const code = codes[0];
  if (!code) return { status: 200 };
  const content = op.responses![code]!.content ?? {};
  const json = Object.entries(content).find(([type]) => /^application\/(.+\+)?json/.test(type));
  return { status: Number(code), schema: json?.[1].schema };
}

function describeTool(t: Omit<ToolDef, 'name' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'>, op: OpenApiOperation, bodyFields: boolean): string {
  const lines = [op.summary ?? t.route];
  if (op.description) lines.push(op.description);
  const facts = [`REST: ${t.route}.`];
  if (t.permission) facts.push(`Permission: ${t.permission}.`);
  if (t.credential.kind === 'header') facts.push('Needs a decision-service key (svc_).');
  if (t.credential.kind === 'none') facts.push('Needs no key.');
  if (t.pathParams.length) facts.push(`Path: ${t.pathParams.map((p) => `\`${p.arg}\``).join(', ')}.`);
  if (t.body === 'flat' && bodyFields) facts.push('The body\'s fields are the arguments.');
  if (t.body === 'nested') facts.push('The body goes in `body`.');
  if (t.body === 'none' && t.method === 'GET') facts.push('Other arguments are sent as query parameters (list filters such as `status_eq`, `amount_gte`).');
  if (t.idempotency) facts.push(`\`${IDEMPOTENCY_ARG}\`${t.idempotency.required ? ' (required)' : ''}: the ${t.idempotency.header} header; the same key and arguments replay the first answer (the key space is the REST one).`);
  lines.push(facts.join(' '));
  return lines.join('\n\n');
}

/** One operation as a tool, or why it is none. */
function toolOf(path: string, method: string, op: OpenApiOperation, doc: OpenApiDocument): Omit<ToolDef, 'name'> & { baseName: string } | string {
  const components = doc.components?.schemas ?? {};
  if (!path.startsWith('/v1/') && !path.startsWith('/api/')) return 'not an API path (/v1, /api)';
  if (!op.operationId) return 'no operationId';
  if (isAlias(op)) return 'an alias of another route';
  const credential = credentialOf(op, doc.components?.securitySchemes ?? {});
  if (typeof credential === 'string') return credential;
  const upper = method.toUpperCase();
  if (credential.kind === 'none' && upper !== 'GET') return 'a key-less write (a signed callback)';
  const decision = path.startsWith('/api/svc/');
  const route = `${upper} ${path}`;

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const taken = new Set<string>();
  const pathParams: ToolParam[] = [];
  const queryParams: ToolParam[] = [];
  let idempotency: ToolDef['idempotency'];
  for (const p of op.parameters ?? []) {
    if (!p || typeof p !== 'object' || !p.name) continue;
    const schema = { ...(p.schema ?? { type: 'string' }) };
    if (p.in === 'header') {
      if (p.name.toLowerCase() !== 'idempotency-key') continue;
      idempotency = { header: p.name, required: p.required === true };
      properties[IDEMPOTENCY_ARG] = { ...schema, type: 'string', description: `${p.description ?? 'an idempotency key'} (sent as the ${p.name} header)` };
      taken.add(IDEMPOTENCY_ARG);
      if (p.required) required.push(IDEMPOTENCY_ARG);
      continue;
    }
    if (p.in !== 'path' && p.in !== 'query') continue;
    let arg = argName(p.name);
    while (taken.has(arg)) arg = `${arg}_${p.in}`;
    taken.add(arg);
    const where = p.in === 'path' ? `the {${p.name}} of the path` : arg === p.name ? 'a query parameter' : `the query parameter ${p.name}`;
    properties[arg] = { ...schema, description: p.description ? `${p.description} (${where})` : `${where[0]!.toUpperCase()}${where.slice(1)}` };
    if (p.in === 'path') {
      pathParams.push({ arg, name: p.name });
      required.push(arg);
    } else {
      queryParams.push({ arg, name: p.name });
      if (p.required) required.push(arg);
    }
  }

  let body: ToolDef['body'] = 'none';
  let additional: unknown;
  let bodyFields = false;
  const content = op.requestBody?.content ?? {};
  const jsonBody = Object.entries(content).find(([type]) => /^application\/(.+\+)?json/.test(type))?.[1].schema;
  if (upper !== 'GET' && upper !== 'DELETE' && jsonBody) {
    const resolved = resolveTop(jsonBody, components);
    const props = isPlainObjectSchema(resolved) ? (resolved.properties ?? {}) : undefined;
    if (props && !Object.keys(props).some((k) => taken.has(k))) {
      body = 'flat';
      bodyFields = Object.keys(props).length > 0;
      Object.assign(properties, props);
      for (const r of (resolved!.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r);
      additional = resolved!.additionalProperties;
    } else {
      // a union or a field named as a parameter: the body is one argument, as the document has it
      body = 'nested';
      properties.body = jsonBody;
      if (op.requestBody?.required) required.push('body');
      additional = false;
    }
  }
  const inputRoot: JsonSchema = { type: 'object', properties, ...(required.length ? { required } : {}), ...(additional !== undefined ? { additionalProperties: additional } : {}) };
  const inputSchema = selfContained(inputRoot, components) as JsonSchema & { type: 'object' };

  // the answer's schema, standing alone; a tool's outputSchema is an object schema
  let outputSchema: ToolDef['outputSchema'];
  const success = successResponse(op);
  const answer = resolveTop(success.schema, components);
  if (answer && answer.type === 'object') {
    const narrow = queryParams.some((p) => p.name === 'fields');
    const root = narrow ? narrowable(answer) : answer;
    outputSchema = selfContained(root, components, { shallow: true, ...(narrow ? { adjust: (_n: string, def: JsonSchema) => narrowable(def) } : {}) }) as JsonSchema & { type: 'object' };
  }

  const read = upper === 'GET';
  const base = {
    operationId: op.operationId,
    method: upper,
    path,
    route,
    summary: op.summary ?? route,
    decision,
    credential,
    permission: documentedPermission(op.summary),
    pathParams,
    queryParams,
    idempotency,
    body,
  };
  const annotations: ToolAnnotations = read
    ? { title: title(base.summary, route), readOnlyHint: true, idempotentHint: true }
    : { title: title(base.summary, route), readOnlyHint: false, destructiveHint: isDestructive(upper, path, op.operationId), idempotentHint: upper === 'PUT' || upper === 'DELETE' };
  const baseName = decision ? `svc_${SVC_RENAMES[op.operationId] ?? snakeCase(op.operationId)}` : op.operationId;
  return { ...base, baseName, description: describeTool(base, op, bodyFields), inputSchema, outputSchema, annotations };
}

/** The tools of an OpenAPI document (admin routes, if present, are skipped). */
export function buildCatalog(doc: OpenApiDocument): Catalog {
  const tools: ToolDef[] = [];
  const byName = new Map<string, ToolDef>();
  const skipped: Catalog['skipped'] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as OpenApiOperation | undefined;
      if (!op || typeof op !== 'object') continue;
      const made = toolOf(path, method, op, doc);
      const route = `${method.toUpperCase()} ${path}`;
      if (typeof made === 'string') {
        skipped.push({ route, operationId: op.operationId, reason: made });
        continue;
      }
      const { baseName, ...rest } = made;
      let name = cleanName(baseName);
      for (let i = 2; byName.has(name); i++) name = cleanName(`${baseName.slice(0, MAX_NAME - 4)}_${i}`);
      const tool: ToolDef = { name, ...rest };
      tools.push(tool);
      byName.set(name, tool);
    }
  }
  return { tools, byName, skipped, document: doc };
}

/**
 * Whether `principal` may use the tool, as far as the document says: a decision-service key
 * (svc_) only the decision service's tools; other keys every other tool whose documented
 * permission they hold (and the decision service's key-less reads). The call itself is still
 * authorized by the route, as any REST request.
 */
export function visibleTo(tool: ToolDef, principal: Principal): boolean {
  if (principal.type === 'svc') return tool.decision;
  if (tool.decision && tool.credential.kind !== 'none') return false;
  // a publishable key reads only (a write is RESOURCE_ACCESS_DENIED whatever its permission);
  // search is a POST that reads
  if (principal.type === 'publishable' && tool.method !== 'GET' && tool.route !== 'POST /v1/search') return false;
  if (!tool.permission) return true;
  return tool.permission.split(' or ').some((permission) => isAuthorized(principal, permission));
}
