// tools/call: the tool's REST request, run through the server itself (Fastify's inject) with the
// caller's own credential, so that it takes exactly the REST path: authentication,
// permissions, plan limits, validation by the operation's schema, Idempotency-Key (one key
// space with REST), the transaction and its events. The answer comes back as the REST
// representation (structuredContent) or, on failure, as the API's error envelope.
import type { FastifyInstance } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ApiError, type FieldError } from '../errors.js';
import { ID_PREFIX, newId } from '../ids.js';
import { IDEMPOTENCY_ARG, type ToolDef } from './catalog.js';

/** Who calls, as the MCP request carried it. */
export interface Caller {
  /** the bearer credential (API key or access token), sent on as the route's credential */
  token: string;
  /** the client's address (a key's IP allowlist is checked against it) */
  ip: string;
  /** the Api-Version the MCP request asked for */
  apiVersion?: string;
  /** the Host the MCP request was sent to (links the answers hand out) */
  host?: string;
  userAgent?: string;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const validator = new AjvJsonSchemaValidator();
const outputValidators = new WeakMap<ToolDef, (v: unknown) => { valid: boolean; errorMessage?: string }>();

function outputValidator(tool: ToolDef) {
  let v = outputValidators.get(tool);
  if (!v && tool.outputSchema) {
    v = validator.getValidator(tool.outputSchema);
    outputValidators.set(tool, v);
  }
  return v;
}

/** A failure before any request was made (the arguments cannot form one), in the API's envelope. */
function argumentError(errors: FieldError[]): CallToolResult {
  const body = ApiError.validation(errors).toBody(newId(ID_PREFIX.request));
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Adds an argument to the query string: arrays repeat the parameter, objects become `name[key]`. */
function appendQuery(query: URLSearchParams, name: string, value: unknown, errors: FieldError[], arg: string): void {
  if (value === undefined || value === null) return;
  const s = scalar(value);
  if (s !== undefined) return query.append(name, s);
  if (Array.isArray(value)) {
    for (const item of value) {
      const one = scalar(item);
      if (one === undefined) errors.push({ field: arg, message: 'a list of strings or numbers is expected', expected: 'string[]' });
      else query.append(name, one);
    }
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const one = scalar(v);
      if (one === undefined) errors.push({ field: `${arg}.${k}`, message: 'a string or number is expected', expected: 'string' });
      else query.append(`${name}[${k}]`, one);
    }
  }
}

/** A short line saying what came back, for hosts that show text. */
function headline(request: string, status: number, body: unknown, replayed: boolean, requestId: string | undefined): string {
  let what = '';
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    if (b.object === 'list' && Array.isArray(b.data)) {
      const more = (b.pagination as { has_more?: boolean } | undefined)?.has_more ?? b.has_more;
      what = `${b.data.length} item${b.data.length === 1 ? '' : 's'}${more ? ', more on the next page (starting_after or cursor)' : ''}`;
    } else if (typeof b.id === 'string') {
      what = `${typeof b.object === 'string' ? b.object : 'object'} ${b.id}${typeof b.status === 'string' ? ` (status ${b.status})` : ''}`;
    } else if (b.result && typeof b.result === 'object' && typeof (b.result as { decision?: unknown }).decision === 'string') {
      what = `decision ${(b.result as { decision: string }).decision}`;
    } else if (typeof b.status === 'string') {
      what = `status ${b.status}`;
    }
  }
  return `${request} -> ${status}${replayed ? ' (replayed from the idempotency key)' : ''}${what ? `: ${what}` : ''}${requestId ? ` [request ${requestId}]` : ''}`;
}

export async function runTool(app: FastifyInstance, tool: ToolDef, rawArgs: Record<string, unknown> | undefined, caller: Caller): Promise<CallToolResult> {
  const args = { ...(rawArgs ?? {}) };
  const errors: FieldError[] = [];

  // the path
  let url = tool.path;
  for (const p of tool.pathParams) {
    const v = scalar(args[p.arg]);
    delete args[p.arg];
    if (v === undefined || v === '') {
      errors.push({ field: p.arg, message: `is required: the {${p.name}} of ${tool.path}`, expected: 'string' });
      continue;
    }
    url = url.replace(`{${p.name}}`, encodeURIComponent(v));
  }

  const headers: Record<string, string> = {};
  if (tool.credential.kind === 'bearer') headers.authorization = `Bearer ${caller.token}`;
  else if (tool.credential.kind === 'header') headers[tool.credential.header.toLowerCase()] = caller.token;
  if (caller.apiVersion) headers['api-version'] = caller.apiVersion;
  if (caller.host) headers.host = caller.host;
  headers['user-agent'] = caller.userAgent ? `${caller.userAgent} (mcp)` : 'mcp';

  if (tool.idempotency && args[IDEMPOTENCY_ARG] !== undefined) {
    const key = args[IDEMPOTENCY_ARG];
    if (typeof key !== 'string') errors.push({ field: IDEMPOTENCY_ARG, message: 'must be a string', expected: 'string' });
    else headers[tool.idempotency.header.toLowerCase()] = key;
  }
  delete args[IDEMPOTENCY_ARG];

  const query = new URLSearchParams();
  for (const p of tool.queryParams) {
    if (!(p.arg in args)) continue;
    appendQuery(query, p.name, args[p.arg], errors, p.arg);
    delete args[p.arg];
  }

  let payload: string | undefined;
  if (tool.body === 'flat') {
    // the body as given: unknown fields are the operation's validation to name
    if (Object.keys(args).length) payload = JSON.stringify(args);
  } else if (tool.body === 'nested') {
    const { body, ...others } = args;
    for (const k of Object.keys(others)) errors.push({ field: k, message: 'is not an argument of this tool; the body goes in `body`', expected: 'the tool\'s arguments (see tools/list)' });
    if (body !== undefined) payload = JSON.stringify(body);
  } else {
    // a read or a delete: every other argument is a query parameter (list filters)
    for (const [k, v] of Object.entries(args)) appendQuery(query, k, v, errors, k);
  }
  if (errors.length) return argumentError(errors);
  if (payload !== undefined) headers['content-type'] = 'application/json';

  const qs = query.toString();
  const res = await app.inject({
    method: tool.method as 'GET',
    url: qs ? `${url}?${qs}` : url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: caller.ip,
  });
  const requestId = typeof res.headers['x-request-id'] === 'string' ? res.headers['x-request-id'] : undefined;
  let body: Json | undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (res.payload && /json/.test(type)) {
    try {
      body = JSON.parse(res.payload) as Json;
    } catch {
      body = undefined;
    }
  }
  const text = body === undefined ? res.payload : JSON.stringify(body);
  const _meta = { status: res.statusCode, ...(requestId ? { request_id: requestId } : {}) };

  if (res.statusCode >= 400) {
    // the API's error envelope, as REST answered it (the decision service's keeps its next_action)
    return { isError: true, content: [{ type: 'text', text }], _meta };
  }
  const replayed = res.headers['idempotent-replayed'] === 'true';
  const result: CallToolResult = {
    content: [
      { type: 'text', text: headline(`${tool.method} ${url}`, res.statusCode, body, replayed, requestId) },
      { type: 'text', text },
    ],
    _meta: { ..._meta, ...(replayed ? { idempotent_replayed: true } : {}) },
  };
  const check = outputValidator(tool);
  if (check && body && typeof body === 'object' && !Array.isArray(body)) {
    const verdict = check(body);
    if (verdict.valid) result.structuredContent = body as Record<string, unknown>;
    else app.log.warn({ tool: tool.name, problem: verdict.errorMessage }, 'an answer does not match its tool\'s outputSchema; sent without structuredContent');
  }
  return result;
}
