// One MCP server (the SDK's low-level Server) per session: tools/list, tools/call,
// resources/list and resources/read over the catalogue of this server's own operations.
// The low-level Server is used rather than McpServer on purpose: tools are described by the
// API's own JSON schemas (not zod objects the SDK would validate arguments against), so that a
// bad argument reaches the operation's validation and comes back as the API's
// VALIDATION_ERROR envelope naming the field, as over REST.
import type { FastifyInstance } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../auth/keys.js';
import { visibleTo, type Catalog, type ToolDef } from './catalog.js';
import { runTool, type Caller } from './call.js';
import { RESOURCES } from './resources.js';

/** What the HTTP door attaches to every MCP message (the SDK hands it to the handlers as authInfo). */
export interface CallerInfo {
  principal: Principal;
  caller: Caller;
}

export function authInfoOf(info: CallerInfo): AuthInfo {
  return { token: info.caller.token, clientId: info.principal.keyId, scopes: info.principal.permissions, extra: { mcp: info } };
}

function callerOf(authInfo: AuthInfo | undefined): CallerInfo {
  const info = authInfo?.extra?.mcp as CallerInfo | undefined;
  // every message passes the HTTP door's authentication first; none arrives without it
  if (!info) throw new McpError(ErrorCode.InvalidRequest, 'The request carries no authenticated caller');
  return info;
}

/** A tool as tools/list shows it. */
export function toolListing(t: ToolDef): Tool {
  return {
    name: t.name,
    title: t.annotations.title,
    description: t.description,
    inputSchema: t.inputSchema,
    ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
    annotations: t.annotations,
    // which REST operation the tool is: the OpenAPI operationId and `METHOD /path`
    _meta: { operation_id: t.operationId, route: t.route },
  };
}

export const INSTRUCTIONS = [
  'Tools are the operations of this commerce API (orders, customers, products, inventory, payments, returns, webhooks, keys, ...) and of its decision service (svc_*); each tool is one REST operation, named by its OpenAPI operationId, and runs exactly as the REST request would (same permissions, validation, rate limits, events).',
  'Writes take an optional idempotency_key: retry a failed or unanswered call with the same key and arguments and the first answer is replayed, never done twice.',
  'A failed call is a tool error whose text is the API error envelope {"error": {code, message, details, ...}}: VALIDATION_ERROR lists every bad field in details.errors; RATE_LIMITED says when to retry (details.retry_after); decision-service errors carry next_action. The catalogue of codes is the resource commerce://errors.',
  'Lists are paged: pass starting_after (the last id seen) or cursor (pagination.next_cursor) for the next page.',
].join('\n');

export interface McpServerOptions {
  app: FastifyInstance;
  /** the tools, from the OpenAPI document (built once, on first use) */
  catalog(): Catalog;
  version: string;
}

export function createMcpServer(opts: McpServerOptions): Server {
  const server = new Server(
    { name: 'commerce-api', title: 'Commerce API', version: opts.version },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async (_req, extra) => {
    const { principal } = callerOf(extra.authInfo);
    return { tools: opts.catalog().tools.filter((t) => visibleTo(t, principal)).map(toolListing) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const { caller } = callerOf(extra.authInfo);
    const tool = opts.catalog().byName.get(req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${req.params.name}': see tools/list`);
    // a tool the key may not use is still run: the route refuses it in the API's own words (403)
    return runTool(opts.app, tool, req.params.arguments, caller);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (_req, extra) => {
    callerOf(extra.authInfo);
    return { resources: RESOURCES.map(({ read: _read, ...r }) => r) };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => {
    const { caller } = callerOf(extra.authInfo);
    const resource = RESOURCES.find((r) => r.uri === req.params.uri);
    // -32002: the protocol's "resource not found"
    if (!resource) throw new McpError(-32002, `Resource not found: ${req.params.uri}`, { uri: req.params.uri });
    let text: string;
    try {
      text = await resource.read(opts.app, caller);
    } catch (err) {
      opts.app.log.warn({ uri: resource.uri, err: (err as Error).message }, 'an MCP resource could not be read');
      throw new McpError(ErrorCode.InternalError, `The resource ${resource.uri} could not be read`);
    }
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] };
  });

  return server;
}
