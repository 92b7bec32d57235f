// The generated part of the SDK, from the server's OpenAPI document (without its admin routes)
// and its event catalogue. Pure: a document in, file contents out. `npm run --silent
// sdk:generate` (./generate.ts) writes them to sdk/src/generated/ and builds sdk/dist/;
// test/sdk/generated.test.ts renders them again from the running code and compares.
//
// - openapi.ts: openapi-typescript's `paths`, `components` and `operations` of the document.
// - meta.ts: the API version the SDK was generated for (Api-Version), the SDK's version, the
//   event types.
// - resources.ts: one class per REST area (`/v1/<area>/...` -> client.<area>), one method per
//   operation, typed by `operations[operationId]`. Aliases (`/v1/orders/list`, `/create`),
//   duplicate routes of one operation (PUT beside PATCH), provider callbacks (a write that takes
//   no API key) and the other doors (self-hosted routes, GraphQL, OAuth, the decision service
//   under /api/svc) are left out; client.request() reaches them.
//
// Method names: the operation's own verb (`orders.create` -> create, `payments.refund` -> refund,
// `webhook_endpoints.rotate_secret` -> rotateSecret); for a route not backed by an operation,
// the path after the area (`/v1/webhooks/{id}/deliveries` -> deliveries, `/v1/orders/aggregate`
// -> aggregate; an item of a nested collection `/v1/test_helpers/test_clocks/{id}` ->
// testClocksRetrieve, the collection itself testClocksList and testClocksCreate) or, at the area's root, its REST shape (GET /v1/events -> list, GET
// /v1/events/{id} -> retrieve, POST /v1/x -> create, PATCH|PUT /v1/x/{id} -> update, DELETE
// -> delete); an area's only root action that is not a collection is named after the area
// (POST /v1/search -> search.search). A name taken twice in an area falls back to the
// operationId in camelCase.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

type Json = Record<string, any>;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof HTTP_METHODS)[number];

/** Members of the client and of a resource that a generated name must not shadow. */
const CLIENT_MEMBERS = new Set(['request', 'paginate', 'baseUrl', 'apiVersion', 'maxRetries', 'timeout', '_call', '_list', 'constructor']);
const RESOURCE_MEMBERS = new Set(['constructor', '_client', 'constructEvent', 'then']);
/** Resources whose class extends a hand-written base adding helpers. */
const RESOURCE_BASES: Record<string, { name: string; from: string }> = {
  webhooks: { name: 'WebhookResourceBase', from: '../webhooks.js' },
};

export interface GeneratedOperation {
  resource: string;
  name: string;
  http: Uppercase<Method>;
  path: string;
  operationId: string;
  pathParams: string[];
  paged: boolean;
}

const camel = (s: string) => s.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')).replace(/^[A-Z]/, (c) => c.toLowerCase());
const pascal = (s: string) => camel(s).replace(/^[a-z]/, (c) => c.toUpperCase());
const identifier = (s: string) => (/^[0-9]/.test(s) ? `_${s}` : s);

function deref(doc: Json, schema: Json | undefined): Json | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    s = s.$ref.replace(/^#\//, '').split('/').reduce((o: Json | undefined, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return s;
}

function fallbackId(method: Method, path: string): string {
  const p = path.replace(/^\/v1\//, '').replace(/[:{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `${method}_${p || 'root'}`;
}

function jsdoc(lines: (string | undefined)[], indent: string): string {
  const text = lines.filter((l): l is string => l !== undefined).join('\n').replace(/\*\//g, '*\\/').trimEnd();
  return `${indent}/**\n${text.split('\n').map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

interface Planned extends GeneratedOperation {
  op: Json;
  query: 'declared' | 'loose' | 'none';
  queryRequired: boolean;
  body: 'declared' | 'none';
  bodyRequired: boolean;
  bodyOptionalKey: boolean;
  response: string;
  item: string | undefined;
}

/** The operations the resources expose, in document order. */
export function planOperations(doc: Json): Planned[] {
  const ids = new Set<string>();
  for (const item of Object.values<Json>(doc.paths ?? {})) for (const m of HTTP_METHODS) if (item[m]?.operationId) ids.add(item[m].operationId);
  const out: Planned[] = [];
  const taken = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!(path.startsWith('/v1/') || (path.startsWith('/api/') && !/^\/api\/svc(\/|$)/.test(path)))) continue;
    const segments = path.split('/').filter(Boolean);
    const area = segments[1];
    if (!area || area.startsWith('{')) continue;
    const rest = segments.slice(2);
    const statics = rest.filter((s) => !s.startsWith('{'));
    const pathParams = rest.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const id: string = op.operationId ?? fallbackId(method, path);
      // aliases of another route, and a second route of one operation (PUT beside PATCH)
      if (id.endsWith('_alias') || /(^|\n)The same as (GET|POST|PUT|PATCH|DELETE) \//.test(op.description ?? '')) continue;
      if (id.endsWith(`_${method}`) && ids.has(id.slice(0, -method.length - 1))) continue;
      // a write that takes no API key is a provider's callback, not a client's call
      if (Array.isArray(op.security) && op.security.length === 0 && method !== 'get') continue;

      const success = Object.keys(op.responses ?? {}).find((s) => /^2\d\d$/.test(s));
      const content = success ? op.responses[success]?.content : undefined;
      const schema = content?.['application/json']?.schema as Json | undefined;
      const resolved = deref(doc, schema);
      const opRef = `operations['${id}']`;
      const response = !schema
        ? content ? 'string' : 'JsonObject'
        : Object.keys(schema).length === 0 ? 'JsonObject' : `${opRef}['responses'][${success}]['content']['application/json']`;
      const listShaped = Boolean(resolved?.properties?.data && resolved?.properties?.pagination);
      const named = id !== fallbackId(method, path);
      const dotted = named ? /^([a-z0-9_]+)\.([a-z0-9_]+) \(permission /.exec(op.summary ?? '') : null;
      const opVerb = dotted && `${dotted[1]}_${dotted[2]}` === id ? { resource: dotted[1]!, verb: dotted[2]! } : undefined;
      const endsWithParam = rest.length > 0 && rest[rest.length - 1]!.startsWith('{');
      let verb: string;
      if (statics.length) {
        const base = statics.join('_');
        if (opVerb?.resource === area) verb = opVerb.verb;
        // `/checks/{id}`: an item of a collection (a plural word before the parameter)
        else if (endsWithParam && /s$/.test(statics[statics.length - 1]!)) verb = `${base}_${method === 'get' ? 'retrieve' : method === 'delete' ? 'delete' : 'update'}`;
        else if (method === 'get' && listShaped) verb = `${base}_list`;
        else if (method === 'post' && item.get) verb = `${base}_create`;
        else verb = base;
      } else if (named) {
        verb = opVerb ? opVerb.verb : id.split('_').pop()!;
      } else if (method === 'get') {
        verb = pathParams.length ? 'retrieve' : 'list';
      } else if (method === 'post' && !pathParams.length) {
        verb = item.get ? 'create' : area;
      } else if ((method === 'patch' || method === 'put') && pathParams.length) {
        verb = 'update';
      } else if (method === 'delete' && pathParams.length) {
        verb = 'delete';
      } else {
        verb = id;
      }
      const resource = camel(area);
      let name = identifier(camel(verb));
      const names = taken.get(resource) ?? new Set<string>();
      if (names.has(name) || RESOURCE_MEMBERS.has(name)) name = identifier(camel(id));
      names.add(name);
      taken.set(resource, names);

      const paged = method === 'get' && (listShaped || (response === 'JsonObject' && verb === 'list'));
      const itemType = paged ? (listShaped ? `NonNullable<${pascal(resource)}${pascal(name)}Response['data']>[number]` : 'JsonObject') : undefined;

      const queryParams = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
      const requestSchema = deref(doc, op.requestBody?.content?.['application/json']?.schema);
      const hasBody = method !== 'get' && method !== 'delete' && Boolean(requestSchema);
      out.push({
        resource, name, http: method.toUpperCase() as Uppercase<Method>, path, operationId: id, pathParams, paged, op,
        query: method === 'get' || method === 'delete' ? (queryParams.length ? 'declared' : 'loose') : 'none',
        queryRequired: queryParams.some((p) => p.required),
        body: hasBody ? 'declared' : 'none',
        bodyRequired: hasBody && Array.isArray(requestSchema?.required) && requestSchema.required.length > 0,
        bodyOptionalKey: !op.requestBody?.required,
        response: paged && response === 'JsonObject' ? 'ListPage<JsonObject>' : response,
        item: itemType,
      });
    }
  }
  return out;
}

function renderResources(doc: Json, ops: Planned[]): string {
  const byResource = new Map<string, Planned[]>();
  for (const op of ops) byResource.set(op.resource, [...(byResource.get(op.resource) ?? []), op]);
  const resources = [...byResource.keys()].sort();
  const bases = [...new Set(resources.map((r) => RESOURCE_BASES[r]).filter(Boolean))] as { name: string; from: string }[];
  let out = `// Generated by \`npm run --silent sdk:generate\` from the server's OpenAPI document: do not edit.
// One class per REST area, one method per operation (see sdk/scripts/codegen.ts for the names).
import { APIResource, BaseClient, type JsonObject, type QueryParams, type RequestOptions, type WithResponse } from '../core.js';
import type { ListPage, PagePromise } from '../pagination.js';
import type { operations } from './openapi.js';
${bases.map((b) => `import { ${b.name} } from '${b.from}';`).join('\n')}
`;
  for (const resource of resources) {
    const list = byResource.get(resource)!;
    const cls = `${pascal(resource)}Resource`;
    out += '\n';
    for (const o of list) {
      const prefix = `${pascal(resource)}${pascal(o.name)}`;
      const ref = `operations['${o.operationId}']`;
      if (o.query === 'declared') out += `export type ${prefix}Params = NonNullable<${ref}['parameters']['query']> & QueryParams;\n`;
      else if (o.query === 'loose') out += `export type ${prefix}Params = QueryParams;\n`;
      else if (o.body === 'declared') out += `export type ${prefix}Params = ${o.bodyOptionalKey ? `NonNullable<${ref}['requestBody']>` : `${ref}['requestBody']`}['content']['application/json'];\n`;
      out += `export type ${prefix}Response = ${o.response};\n`;
      if (o.item) out += `export type ${prefix}Item = ${o.item};\n`;
    }
    const base = RESOURCE_BASES[resource]?.name ?? 'APIResource';
    out += `\n${jsdoc([`\`client.${resource}\`: ${list.map((o) => o.name).join(', ')}.`], '')}export class ${cls} extends ${base} {\n`;
    for (const o of list) {
      const prefix = `${pascal(resource)}${pascal(o.name)}`;
      const args = o.pathParams.map((p) => `${identifier(camel(p))}: string`);
      const hasParams = o.query !== 'none' || o.body === 'declared';
      const required = o.query !== 'none' ? o.queryRequired : o.bodyRequired;
      if (hasParams) args.push(`params${required ? '' : '?'}: ${prefix}Params`);
      args.push('options?: RequestOptions');
      const pathParams = o.pathParams.length ? `, pathParams: { ${o.pathParams.map((p) => (camel(p) === p ? p : `'${p}': ${identifier(camel(p))}`)).join(', ')} }` : '';
      const payload = o.query !== 'none' ? ', query: params' : o.body === 'declared' ? ', body: params' : '';
      const spec = `{ method: '${o.http}', path: '${o.path}'${pathParams}${payload}${o.response === 'string' ? ", parseAs: 'text'" : ''} }`;
      const description = typeof o.op.description === 'string' ? o.op.description : undefined;
      out += jsdoc([
        o.op.summary ?? `${o.http} ${o.path}`,
        ...(description ? ['', ...description.split('\n')] : []),
        '',
        `\`${o.http} ${o.path}\` (operationId \`${o.operationId}\`)${o.paged ? '. Await it for the first page; iterate it (`for await`) for every item of every page.' : ''}`,
      ], '  ');
      if (o.paged) {
        out += `  ${o.name}(${args.join(', ')}): PagePromise<${prefix}Response, ${prefix}Item> {\n    return this._client._list<${prefix}Response, ${prefix}Item>(${spec}, options);\n  }\n\n`;
      } else {
        const returns = o.response === 'string' ? `Promise<${prefix}Response>` : `Promise<WithResponse<${prefix}Response>>`;
        out += `  ${o.name}(${args.join(', ')}): ${returns} {\n    return this._client._call<${prefix}Response>(${spec}, options);\n  }\n\n`;
      }
    }
    out = `${out.trimEnd()}\n}\n`;
  }
  out += `\n${jsdoc(['The resources of the client, one per REST area.'], '')}export class GeneratedClient extends BaseClient {\n`;
  for (const resource of resources) {
    const prop = CLIENT_MEMBERS.has(resource) ? `${resource}Api` : resource;
    out += `  /** ${[...new Set(byResource.get(resource)!.map((o) => o.path.split('/').slice(0, 3).join('/')))].join(', ')} */\n  readonly ${prop}: ${pascal(resource)}Resource = new ${pascal(resource)}Resource(this);\n`;
  }
  out += '}\n';
  return out;
}

function renderMeta(doc: Json, eventTypes: readonly string[], sdkVersion: string): string {
  return `// Generated by \`npm run --silent sdk:generate\` from the server's OpenAPI document and event catalogue: do not edit.

/** The API version this SDK was generated for: sent as Api-Version unless the \`apiVersion\` option says otherwise. */
export const API_VERSION = ${JSON.stringify(String(doc.info?.version ?? ''))};

/** This SDK's version (User-Agent). */
export const SDK_VERSION = ${JSON.stringify(sdkVersion)};

/** The event types the server knew when this SDK was generated. */
export const EVENT_TYPES = [
${eventTypes.map((t) => `  ${JSON.stringify(t)},`).join('\n')}
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
`;
}

/** The contents of sdk/src/generated/, by file name. */
export async function generateSdkSources(doc: Json, opts: { eventTypes: readonly string[]; sdkVersion: string }): Promise<Record<string, string>> {
  const ast = await openapiTS(structuredClone(doc) as never, { silent: true } as never);
  const types = `// Generated by \`npm run --silent sdk:generate\` (openapi-typescript) from the server's OpenAPI document: do not edit.\n${astToString(ast)}`;
  const ops = planOperations(doc);
  return {
    'openapi.ts': types,
    'meta.ts': renderMeta(doc, opts.eventTypes, opts.sdkVersion),
    'resources.ts': renderResources(doc, ops),
  };
}

export const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));

export function sdkVersion(): string {
  return (JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Compiles sdk/src into `outDir` (sdk/dist by default) with sdk/tsconfig.json; `outDir` is replaced only when the build succeeds. */
export function buildSdk(outDir = join(SDK_DIR, 'dist')): void {
  const staging = mkdtempSync(join(tmpdir(), 'sdk-build-'));
  try {
    const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
    execFileSync(process.execPath, [tsc, '-p', join(SDK_DIR, 'tsconfig.json'), '--outDir', staging], { stdio: 'inherit' });
    rmSync(outDir, { recursive: true, force: true });
    cpSync(staging, outDir, { recursive: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
