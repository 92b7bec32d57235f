// The MCP door over HTTP: POST /mcp (JSON-RPC messages), GET /mcp (the session's event stream),
// DELETE /mcp (ends the session), on the SDK's streamable HTTP transport (the web-standard one,
// whose Request and Response Fastify speaks natively).
//
// Every request authenticates as a REST request does (`Authorization: Bearer <API key or access
// token>`; a missing or bad one is the API's 401 envelope). A session is opened by an
// `initialize` and bound to the credential that opened it (its key, or its OAuth grant): a
// request naming the session with any other credential is answered as an unknown session (404).
// Sessions live in this process; idle ones are closed after SESSION_IDLE_MS, and a key holds at
// most MAX_SESSIONS_PER_KEY (the least recently used is closed first).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import type { ModuleRestDeps } from '../modules/module.js';
import { sendError } from '../rest/context.js';
import { authInfoOf, createMcpServer, type CallerInfo } from './server.js';
import type { Catalog } from './catalog.js';

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const MAX_SESSIONS_PER_KEY = 32;
export const MAX_SESSIONS = 10_000;
const SWEEP_EVERY_MS = 60 * 1000;

interface Session {
  id: string;
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  /** the credential it is bound to: account, mode and key (or OAuth grant) */
  owner: string;
  lastUsed: number;
}

const ownerOf = (p: Principal) => `${p.accountId}/${p.mode}/${p.keyId}`;

/** The open sessions of this process, least recently used first. */
class Sessions {
  private readonly map = new Map<string, Session>();
  private timer?: NodeJS.Timeout;

  get(id: string): Session | undefined {
    const s = this.map.get(id);
    if (s) {
      s.lastUsed = Date.now();
      this.map.delete(id);
      this.map.set(id, s);
    }
    return s;
  }

  add(s: Session): void {
    this.map.set(s.id, s);
    const mine = [...this.map.values()].filter((o) => o.owner === s.owner);
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SESSIONS_PER_KEY))) void this.close(old);
    while (this.map.size > MAX_SESSIONS) void this.close(this.map.values().next().value!);
    this.timer ??= setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
  }

  remove(id: string): void {
    this.map.delete(id);
  }

  async close(s: Session): Promise<void> {
    this.map.delete(s.id);
    await s.server.close().catch(() => undefined);
  }

  sweep(now = Date.now()): void {
    for (const s of [...this.map.values()]) if (now - s.lastUsed >= SESSION_IDLE_MS) void this.close(s);
  }

  async closeAll(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.map.values()].map((s) => this.close(s)));
  }

  get size(): number {
    return this.map.size;
  }
}

/** A JSON-RPC error answered over HTTP, as the SDK's transport answers its own. */
/** What is wrong with a tools/call request's params (`name` a string, `arguments` an object), if anything. */
function toolCallParamsFault(message: unknown): string | undefined {
  if (!message || typeof message !== 'object' || Array.isArray(message) || (message as { method?: unknown }).method !== 'tools/call') return undefined;
  const params = (message as { params?: unknown }).params;
  if (!params || typeof params !== 'object' || Array.isArray(params)) return 'params must be an object {name, arguments}';
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string') return 'params.name must be the name of a tool (a string)';
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) return 'params.arguments must be an object of the tool\'s arguments';
  return undefined;
}

function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** Headers the transport reads (Accept, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID): credentials stay out. */
const DROPPED = new Set(['authorization', 'cookie', 'host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'x-svc-api-key']);

function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || DROPPED.has(k)) continue;
    for (const one of [v].flat()) headers.append(k, one);
  }
  // the transport reads only the path of this URL (no Host: it came from the client)
  return new Request(`http://localhost${req.url}`, { method: req.method, headers });
}

/**
 * The GET stream with an SSE comment first: headers go out at once (the transport writes
 * nothing until there is an event or a keep-alive), and cancelling it cancels the transport's.
 */
function openedStream(res: Response): Response {
  if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return res;
  const reader = res.body.getReader();
  const first = new TextEncoder().encode(': stream open\n\n');
  let sentFirst = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(first);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

export interface McpHttpOptions {
  catalog(): Catalog;
  version: string;
}

export function registerMcpHttp(app: FastifyInstance, deps: ModuleRestDeps, opts: McpHttpOptions): void {
  const sessions = new Sessions();
  // open event streams would hold the server's close: end every session first
  app.addHook('preClose', (done) => {
    sessions.closeAll().then(() => done(), () => done());
  });

  /** The caller, or the API's 401/403 envelope already sent. */
  async function caller(req: FastifyRequest, reply: FastifyReply): Promise<CallerInfo | undefined> {
    const header = req.headers.authorization;
    try {
      const principal = await deps.auth.fromRequest(header, req.ip);
      // the catalogue needs the OpenAPI description: refused now rather than half working later
      opts.catalog();
      const token = /^Bearer\s+(.+)$/i.exec((header ?? '').trim())![1]!.trim();
      const apiVersion = req.headers['api-version'];
      return {
        principal,
        caller: {
          token, ip: req.ip, host: req.host,
          apiVersion: typeof apiVersion === 'string' ? apiVersion : undefined,
          userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
        },
      };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401) reply.header('WWW-Authenticate', 'Bearer realm="commerce-api"');
      await sendError(reply, err);
      return undefined;
    }
  }

  /** The session a request names, if it is open and bound to this caller. */
  function sessionOf(req: FastifyRequest, info: CallerInfo): Session | undefined {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') return undefined;
    const s = sessions.get(id);
    // another credential's session is as unknown as a closed one
    return s && s.owner === ownerOf(info.principal) ? s : undefined;
  }

  async function openSession(info: CallerInfo): Promise<WebStandardStreamableHTTPServerTransport> {
    const server = createMcpServer({ app, catalog: opts.catalog, version: opts.version });
    const owner = ownerOf(info.principal);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => `mcs_${randomBytes(24).toString('base64url')}`,
      // answers as JSON bodies; server-to-client messages go on the GET stream
      enableJsonResponse: true,
      onsessioninitialized: (id) => sessions.add({ id, server, transport, owner, lastUsed: Date.now() }),
      onsessionclosed: (id) => sessions.remove(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  }

  const doc = (summary: string) => ({ doc: { summary, tag: 'mcp', auth: 'bearer' as const } });

  void app.register(async (scope) => {
    // the body is read as text and parsed here: a malformed one is a JSON-RPC parse error, not a REST one
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post('/mcp', { config: doc('MCP over streamable HTTP: JSON-RPC messages (initialize, tools/list, tools/call, resources/list, resources/read); see docs/mcp.md') }, async (req, reply) => {
      const info = await caller(req, reply);
      if (!info) return reply;
      let message: unknown;
      try {
        message = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        return rpcError(reply, 400, -32700, 'Parse error: Invalid JSON');
      }
      // tools/call params the SDK would reject with its own parser's dump as an internal error:
      // the protocol's invalid params (-32602), saying what is wrong
      const badParams = toolCallParamsFault(message);
      if (badParams) return reply.status(200).type('application/json').send({ jsonrpc: '2.0', error: { code: -32602, message: `Invalid params: ${badParams}` }, id: (message as { id?: unknown }).id ?? null });
      let transport: WebStandardStreamableHTTPServerTransport;
      if (req.headers['mcp-session-id'] !== undefined) {
        const session = sessionOf(req, info);
        if (!session) return rpcError(reply, 404, -32001, 'Session not found');
        transport = session.transport;
      } else if (isInitializeRequest(message)) {
        transport = await openSession(info);
      } else {
        return rpcError(reply, 400, -32000, 'Bad Request: Mcp-Session-Id header is required (open a session with initialize)');
      }
      return reply.send(await transport.handleRequest(webRequest(req), { parsedBody: message, authInfo: authInfoOf(info) }));
    });

    const streamOrEnd = async (req: FastifyRequest, reply: FastifyReply) => {
      const info = await caller(req, reply);
      if (!info) return reply;
      if (req.headers['mcp-session-id'] === undefined) return rpcError(reply, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      const session = sessionOf(req, info);
      if (!session) return rpcError(reply, 404, -32001, 'Session not found');
      return reply.send(openedStream(await session.transport.handleRequest(webRequest(req), { authInfo: authInfoOf(info) })));
    };
    // an event stream is not compressed: compression would hold its events back
    scope.get('/mcp', { compress: false, config: doc('The MCP session\'s event stream (text/event-stream); needs Mcp-Session-Id') }, streamOrEnd);
    scope.delete('/mcp', { config: doc('Ends the MCP session named by Mcp-Session-Id') }, streamOrEnd);
  });
}
