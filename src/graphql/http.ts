// The GraphQL door over HTTP (graphql-yoga: POST/GET, SSE subscriptions, GraphiQL outside
// production) and WebSocket (graphql-ws on the same /graphql path). Both authenticate with
// the same API keys: the Authorization header, or `authorization` / `apiKey` in the
// WebSocket connection_init payload; streams (SSE, WebSocket) also `?access_token=` while the
// legacy fallback is on (src/ops/admin/transport.ts: off by default, refused with 401 while off).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, NoSchemaIntrospectionCustomRule, getOperationAST, getVariableValues, type ValidationRule } from 'graphql';
import { createGraphQLError } from '@graphql-tools/utils';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { maxDepthPlugin, maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { costLimitPlugin, costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin, maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { createFastPath } from './fast-path.js';
import { nestingFault } from './nesting.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { verifySignedRequest } from '../modules/money/signatures.js';
import { ApiError, ERROR_CATALOG, databaseFault, type ErrorCode } from '../errors.js';
import { throwForcedTestError } from '../rest/context.js';
import type { KeyAuthenticator, Principal } from '../auth/keys.js';
import type { Services } from '../operations/operation.js';
import { newId, ID_PREFIX } from '../ids.js';
import { graphqlSchema } from './schema.js';
import { InvalidQueryError } from '../search/engine.js';
import { listFanOutPlugin, listFanOutRule } from './list-fanout.js';
import { SessionRegistry, guarded, sessionGuardPlugin, type SessionHandle } from './sessions.js';
import { SubscriptionGroups, groupKey } from './subscription-groups.js';
import { expandOnSend, payloadReplacer } from './shared-payloads.js';
import { Heartbeat } from './heartbeat.js';
import { limits } from '../limits.js';
import type { GraphQLContext } from './builder.js';
import { accessTokenOf, StreamTransport, type StreamAuthMethod } from '../ops/admin/transport.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** an SSE stream's credential when it came as ?access_token= (its session re-checks it) */
    streamAuthorization?: string;
    /**
     * the mutations of this GraphQL request answered with an idempotent replay: the id of the
     * request that made each answer (undefined for records made before it was kept)
     */
    graphqlReplayed?: (string | undefined)[];
  }
}

/** A WebSocket upgrade whose URL carried an admitted ?access_token= */
type UpgradeRequest = IncomingMessage & { legacyAuthorization?: string };

export interface GraphQLDeps {
  services: Services;
  auth: KeyAuthenticator;
  logger: Logger;
  production: boolean;
  /** GraphiQL at GET /graphql, and schema introspection (GRAPHIQL, GRAPHQL_INTROSPECTION) */
  graphiql?: boolean;
  introspection?: boolean;
  maxDepth: number;
  maxCost: number;
  /** subscriptions one WebSocket may hold at once; one more fails with an `error` message */
  maxSubscriptionsPerSocket: number;
  /** WebSockets one API key may hold open at once; one more is closed with 4429 */
  maxSocketsPerKey: number;
  /** WebSocket keep-alive: time between two pings of a socket, in ms (0: none) */
  keepAliveMs: number;
  /** the client's address of a WebSocket upgrade (TRUST_PROXY's rule, as HTTP's request.ip); default: the socket's */
  clientIp?: (req: IncomingMessage) => string;
  /** the streams' authentication methods and the ?access_token= switch (default: a switch that is off) */
  transport?: StreamTransport;
  /** charges a WebSocket operation to its account's plan (src/ratelimit/http.ts); a refusal fails that operation */
  chargeOperation?: (principal: Principal, params: { query?: unknown; operationName?: unknown }) => Promise<ApiError | undefined>;
}

interface ServerContext {
  req: FastifyRequest | IncomingMessage;
  reply?: FastifyReply;
  principal?: Principal;
  requestId?: string;
  /** a WebSocket's session: its credential and its socket's 4403 close */
  session?: SessionHandle;
}

/** Close codes of the GraphQL WebSocket (4400-4499 are the application's). */
const WS_CLOSE_REVOKED = 4403;
const WS_CLOSE_TOO_MANY = 4429;

/**
 * The GraphQL form of an ApiError. Made by @graphql-tools/utils, i.e. with the `graphql` copy
 * the libraries load: graphql-ws accepts errors from onSubscribe only if they are
 * `instanceof` its GraphQLError, and under vitest src/ gets another copy of graphql.
 */
export function toGraphQLError(err: ApiError, requestId?: string, at?: GraphQLError): GraphQLError {
  return placed(createGraphQLError(err.message, {
    // a field's error keeps where it happened (`path`, `locations`), as the GraphQL spec asks
    ...(at ? { nodes: at.nodes, source: at.source, positions: at.positions, path: at.path } : {}),
    extensions: {
      // search's invalid_query keeps the spec's lowercase code (a forced one too)
      code: err instanceof InvalidQueryError ? InvalidQueryError.CODE : err.code,
      type: err.type,
      status: err.status,
      details: err.details,
      ...(requestId ? { request_id: err.stamp?.requestId ?? requestId } : {}),
      http: { status: err.status },
    },
  }), at);
}

/**
 * `error` with the locations of `at` when they came without nodes or a source (graphql-jit
 * sets `locations` directly): the fast path's answer is then the one yoga gives.
 */
function placed(error: GraphQLError, at?: GraphQLError): GraphQLError {
  if (at?.locations && !error.locations) (error as { locations?: GraphQLError['locations'] }).locations = at.locations;
  return error;
}

/** A request-level error (no path) with a catalogue code but without its type and status. */
function lacksCatalogueExtensions(error: GraphQLError): boolean {
  const code = error.extensions?.code;
  return !error.path && typeof code === 'string' && Object.hasOwn(ERROR_CATALOG, code) && error.extensions?.status === undefined;
}

/** A request-level GraphQL error (no path) with a catalogue code's type and status added (and its HTTP status). */
function withCatalogueExtensions(error: GraphQLError, code: ErrorCode): GraphQLError {
  const [status, type] = ERROR_CATALOG[code];
  return createGraphQLError(error.message, {
    nodes: error.nodes, source: error.source, positions: error.positions, originalError: error.originalError ?? undefined,
    extensions: { ...error.extensions, code, type, status, http: { status } },
  });
}

/** A request-level GraphQL error (no path) with the catalog's VALIDATION_ERROR code added. */
function withRequestErrorCode(error: GraphQLError): GraphQLError {
  const [code, status] = ['VALIDATION_ERROR', 400] as const;
  return createGraphQLError(error.message, {
    nodes: error.nodes, source: error.source, positions: error.positions, originalError: error.originalError ?? undefined,
    extensions: { ...error.extensions, code, type: 'validation_error', status },
  });
}

/**
 * One of yoga's own refusals (code BAD_REQUEST: a parameter of the wrong type, an unknown
 * parameter, a mutation over GET; OPERATION_RESOLUTION_FAILURE) with a code of the catalogue
 * and its full extensions; yoga's `http` (status, Allow header) is kept.
 */
function fromYogaRefusal(error: GraphQLError): GraphQLError {
  const http = (error.extensions?.http ?? {}) as { status?: number; headers?: Record<string, string> };
  const message = error.message;
  const param = /"(\w+)" param/.exec(message)?.[1] ?? /Unexpected parameter "([^"]+)"/.exec(message)?.[1];
  const err = http.status === 405
    ? new ApiError('METHOD_NOT_ALLOWED', message, { method: 'GET', allowed: ['POST'] })
    : param
      ? ApiError.validation([{ field: param, message, expected: param === 'query' ? 'a GraphQL document as a string' : 'a JSON object' }], message)
      : new ApiError('VALIDATION_ERROR', message);
  const graphqlError = toGraphQLError(err);
  if (http.headers) (graphqlError.extensions as { http: Record<string, unknown> }).http.headers = http.headers;
  return graphqlError;
}

/**
 * `error` naming the request in `extensions.request_id`, as every REST error body does (the
 * X-Request-Id of the answer). A new error: yoga keeps validation errors in its cache per
 * document, so the one it holds must not carry one request's id into another's answer.
 */
function withRequestId(error: GraphQLError, requestId: string): GraphQLError {
  if (!isGraphQLError(error) || error.extensions?.request_id !== undefined) return error;
  return placed(createGraphQLError(error.message, {
    nodes: error.nodes, source: error.source, positions: error.positions, path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: { ...error.extensions, request_id: requestId },
  }), error);
}

/** The errors of an HTTP answer's result(s), each naming the request (yoga's onResultProcess). */
function resultWithRequestIds<T>(result: T, requestId: string): T {
  if (Array.isArray(result)) return result.map((r) => resultWithRequestIds(r, requestId)) as T;
  const errors = (result as { errors?: readonly GraphQLError[] } | undefined)?.errors;
  if (!errors?.length) return result;
  return { ...result, errors: errors.map((e) => withRequestId(e, requestId)) };
}

/** An error as the client sees it: without the `http` and `unexpected` extensions (as yoga strips them). */
function withoutInternals(error: Error): unknown {
  const json = (error as GraphQLError).toJSON ? (error as GraphQLError).toJSON() : { message: error.message };
  if (!json.extensions) return json;
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions as Record<string, unknown>;
  return { ...json, extensions };
}

function isGraphQLError(value: unknown): value is GraphQLError {
  return value instanceof Error && value.name === 'GraphQLError';
}

function headerOf(req: ServerContext['req'], name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** An SSE request (graphql-yoga streams a subscription to it). */
function isEventStream(req: FastifyRequest): boolean {
  return /text\/event-stream/i.test(headerOf(req, 'accept') ?? '');
}

/**
 * What is wrong with a GraphQL HTTP request's envelope before yoga sees it, answered in this
 * door's shape (yoga's own answers were a null body, a JSON parser's message, or a 500):
 * a POST body that is not JSON (text/plain: 415), a JSON body without a query (400), a GET's
 * `variables` or `extensions` that are not JSON (400 INVALID_JSON naming the parameter).
 */
function requestFault(req: FastifyRequest): ApiError | undefined {
  if (req.method === 'POST') {
    const body = req.body;
    if (typeof body === 'string') return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json ({"query": "...", "variables": {...}})');
    // batching (an array of operations) is not supported: one operation per request
    if (Array.isArray(body)) {
      return ApiError.validation([{ field: 'body', message: 'Batched requests are not supported: send one operation per request', expected: 'a JSON object {"query": "...", "variables": {...}}' }],
        'Batched requests are not supported: send one operation per request, as a JSON object {"query": "...", "variables": {...}}');
    }
    if (body && typeof body === 'object' && typeof (body as { query?: unknown }).query !== 'string') {
      return ApiError.validation([{ field: 'query', message: 'Must provide query string', expected: 'a GraphQL document as a string', code: 'MISSING_REQUIRED_FIELD' }]);
    }
    if (body && typeof body === 'object') {
      for (const name of ['variables', 'extensions'] as const) {
        const v = (body as Record<string, unknown>)[name];
        if (v !== undefined && v !== null && (typeof v !== 'object' || Array.isArray(v))) {
          return ApiError.validation([{ field: name, message: `must be a JSON object, not ${Array.isArray(v) ? 'an array' : `a ${typeof v}`}`, expected: 'a JSON object' }]);
        }
      }
    }
    return undefined;
  }
  if (req.method === 'GET') {
    const query = (req.query ?? {}) as Record<string, unknown>;
    for (const name of ['variables', 'extensions']) {
      const v = query[name];
      if (typeof v !== 'string' || v === '') continue;
      try {
        JSON.parse(v);
      } catch {
        return new ApiError('INVALID_JSON', `The ${name} parameter is not valid JSON`, { errors: [{ field: name, message: 'not valid JSON', expected: 'a JSON object' }] }, name);
      }
    }
  }
  return undefined;
}

export function createGraphQL(deps: GraphQLDeps) {
  const sessions = new SessionRegistry(deps.auth);
  const transport = deps.transport ?? new StreamTransport({ legacyQueryAuth: false, production: deps.production, streamSecretConfigured: false, sharedDatabase: false });
  const buildContext = async (req: ServerContext['req'], principal?: Principal, requestId?: string, session?: SessionHandle): Promise<GraphQLContext> => {
    const id = requestId ?? ('id' in req && typeof req.id === 'string' ? req.id : newId(ID_PREFIX.request));
    let who = principal;
    if (!who) {
      try {
        who = await deps.auth.actingFor(await deps.auth.fromAuthorizationHeader(headerOf(req, 'authorization')), headerOf(req, 'x-account-id'));
      } catch (err) {
        if (err instanceof ApiError) throw toGraphQLError(err, id);
        throw err;
      }
    }
    // an HTTP request's subscription (SSE) re-checks its Authorization header (or the
    // ?access_token= it was admitted with) and ends with its stream
    const authorization = headerOf(req, 'authorization') ?? ('streamAuthorization' in req ? req.streamAuthorization : undefined);
    const own = session ?? (authorization ? { authorization, revoke: () => {} } : undefined);
    const signed = 'signed' in req && req.signed === true;
    // an HTTP request's answer says when one of its mutations was an idempotent replay
    const onReplay = 'raw' in req ? (first?: string) => { ((req as FastifyRequest).graphqlReplayed ??= []).push(first); } : undefined;
    return { services: deps.services, principal: who, requestId: id, idempotencyKey: headerOf(req, 'idempotency-key'), session: own, signed, ...(onReplay ? { onReplay } : {}) };
  };
  /**
   * Every error a client sees, from yoga and from the fast path alike: ApiErrors with their
   * code, GraphQL's own errors with a code, anything else logged and masked as INTERNAL_ERROR
   * (a statement the database cancelled is a 503 DATABASE_ERROR).
   */
  const maskError = (error: unknown, message: string): Error => {
    const original = (error as GraphQLError).originalError ?? error;
    const at = isGraphQLError(error) ? error : undefined;
    // a replayed failure (Idempotency-Key) names the request that first produced it
    if (original instanceof ApiError) return toGraphQLError(original, original.stamp?.requestId, at);
    // GraphQL's own errors (syntax, validation, variable coercion, a scalar's parse error
    // with its code): the outer error carries the variable path and the original's
    // extensions. Checked by name, as yoga does: `instanceof` fails when two copies of
    // graphql are loaded (vitest gives src/ the ESM build, the libraries the CJS one).
    if (isGraphQLError(original)) {
      const graphqlError = isGraphQLError(error) ? error : original;
      // graphql-js's variable coercion errors (a wrong type, an unknown input field, a
      // missing required variable) come without a code: every error has one here
      if (graphqlError.extensions?.code === undefined && !graphqlError.path) return withRequestErrorCode(graphqlError);
      // yoga's own refusals of a request's envelope (code BAD_REQUEST, not the catalogue's)
      if (graphqlError.extensions?.code === 'BAD_REQUEST' || graphqlError.extensions?.code === 'OPERATION_RESOLUTION_FAILURE') return fromYogaRefusal(graphqlError);
      // a request-level error with a catalogue code but not its extensions (a scalar's parse
      // error: INVALID_DATE_FORMAT of an inline literal or of a variable): completed, with its status
      if (lacksCatalogueExtensions(graphqlError)) return placed(withCatalogueExtensions(graphqlError, graphqlError.extensions.code as ErrorCode), graphqlError);
      return graphqlError;
    }
    const db = databaseFault(original);
    if (db) return toGraphQLError(db, undefined, at);
    deps.logger.error({ err: original }, 'unexpected error in a GraphQL resolver');
    return placed(createGraphQLError(message, {
      ...(at ? { nodes: at.nodes, source: at.source, positions: at.positions, path: at.path } : {}),
      extensions: { code: 'INTERNAL_ERROR', type: 'api_error', status: 500 },
    }), at);
  };
  // graphql-armor words its rejections as "Syntax Error: Query depth limit of 8 exceeded, ...";
  // the document is well-formed, so the misleading prefix goes.
  const limitError = (message: string) => toGraphQLError(new ApiError('QUERY_TOO_COMPLEX', message.replace(/^Syntax Error:\s*/, '')));
  const yoga: YogaServerInstance<ServerContext, GraphQLContext> = createYoga<ServerContext, GraphQLContext>({
    schema: graphqlSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: deps.graphiql ?? !deps.production,
    // GraphiQL's scripts, styles and editor workers come inlined from the installed package:
    // the page works with no internet (yoga's default loads them from unpkg). The package is
    // loaded with the first page: its module holds about 30 MB of strings (the bundle, its
    // styles), kept in the heap for good once imported, and production serves no page
    renderGraphiQL: (options) => import('@graphql-yoga/render-graphiql').then((m) => m.renderGraphiQL(options)),
    // CORS is the app's (CORS_ORIGINS), for every door alike
    cors: false,
    landingPage: false,
    logging: false,
    plugins: [
      maxDepthPlugin({ n: deps.maxDepth, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
      costLimitPlugin({ maxCost: deps.maxCost, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
      maxAliasesPlugin({ n: 30, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
      listFanOutPlugin(() => limits.GRAPHQL_MAX_ROWS, limitError),
      sessionGuardPlugin(sessions),
      ...(deps.introspection ?? !deps.production ? [] : [{ onValidate: ({ addValidationRule }: { addValidationRule: (r: ValidationRule) => void }) => addValidationRule(NoSchemaIntrospectionCustomRule) }]),
      {
        // validation errors are neither masked nor given a status (200 under application/json):
        // one a scalar raised with a catalogue code (an inline DateTime literal's
        // INVALID_DATE_FORMAT) is thrown instead, to answer as the same value in a variable
        // does: maskError gives it that code's type and status, and the HTTP status (400)
        onValidate: () => ({ result }: { result: readonly GraphQLError[] }) => {
          if (result.some(lacksCatalogueExtensions)) throw new AggregateError(result, result[0].message);
        },
      },
      {
        onParams: ({ params }) => {
          const fault = nestingFault(params.query, params.variables);
          if (fault) throw toGraphQLError(fault);
        },
      },
      {
        // every error of an HTTP answer names its request (an event stream's results are left as they are)
        onResultProcess: ({ result, setResult, serverContext }) => {
          const id = (serverContext as { req?: { id?: unknown } }).req?.id;
          if (typeof id !== 'string' || (result as AsyncIterable<unknown>)[Symbol.asyncIterator]) return;
          setResult(resultWithRequestIds(result, id));
        },
      },
    ],
    maskedErrors: { maskError },
    context: ({ req, principal, requestId, session }) => buildContext(req, principal, requestId, session),
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  /** open WebSockets per API key */
  const socketsByKey = new Map<string, number>();
  type Extra = { principal?: Principal; request: IncomingMessage; socket: WebSocket; session?: SessionHandle; unregister?: () => void };
  /** subscriptions executed once per group of identical operations under the same authorization */
  const groups = new SubscriptionGroups();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Root = { execute: (a: any) => unknown; subscribe: (a: any) => unknown; group?: { key: string; session?: SessionHandle } };
  useServer<Record<string, unknown>, Extra>(
    {
      // a result's data is serialized once, however many members of its group it goes to
      // (src/graphql/shared-payloads.ts; every socket's send expands the placeholder)
      jsonMessageReplacer: payloadReplacer,
      execute: (args) => (args.rootValue as Root).execute(args) as never,
      subscribe: (args) => {
        const root = args.rootValue as Root;
        const { group } = root;
        if (!group) return root.subscribe(args) as never;
        // the group's execution runs under the context of the member that started it (its
        // session left out); each member is guarded by its own session
        const member = groups.subscribe(group.key, () => root.subscribe(args) as never);
        return (group.session ? guarded(member, group.session, sessions) : member) as never;
      },
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const raw = params.authorization ?? params.Authorization ?? (params.apiKey ? `Bearer ${String(params.apiKey)}` : undefined);
        let authorization = typeof raw === 'string' ? raw : undefined;
        let method: StreamAuthMethod = 'connection_params';
        // the URL's ?access_token= (admitted at the upgrade) is the fallback when connection_init carries none
        const legacy = (ctx.extra.request as UpgradeRequest).legacyAuthorization;
        if (authorization === undefined && legacy !== undefined) {
          authorization = legacy;
          method = 'legacy_query';
        }
        let principal: Principal;
        try {
          principal = await deps.auth.fromRequest(authorization, deps.clientIp ? deps.clientIp(ctx.extra.request) : ctx.extra.request.socket.remoteAddress ?? 'unknown');
          // X-Account-Id: from connection_init's payload, else the upgrade request's headers
          const fromParams = params['X-Account-Id'] ?? params['x-account-id'] ?? params.accountId;
          const acting = typeof fromParams === 'string' ? fromParams : headerOf(ctx.extra.request as unknown as ServerContext['req'], 'x-account-id');
          principal = await deps.auth.actingFor(principal, acting);
        } catch (err) {
          // too many failed authentications from this address: 4429; any other refusal: 4403
          if (err instanceof ApiError && err.code === 'RATE_LIMITED') ctx.extra.socket.close(WS_CLOSE_TOO_MANY, err.message);
          return false;
        }
        const open = socketsByKey.get(principal.keyId) ?? 0;
        if (open >= deps.maxSocketsPerKey) {
          ctx.extra.socket.close(WS_CLOSE_TOO_MANY, `Too many WebSocket connections for this API key (at most ${deps.maxSocketsPerKey}: WS_MAX_SOCKETS_PER_KEY)`);
          return false;
        }
        socketsByKey.set(principal.keyId, open + 1);
        transport.record(method, 'websocket');
        ctx.extra.principal = principal;
        const session: SessionHandle = {
          authorization: authorization!,
          revoke: () => ctx.extra.socket.close(WS_CLOSE_REVOKED, 'The API key was revoked or has expired'),
        };
        ctx.extra.session = session;
        // the socket itself ends with its key, even with no subscription open
        ctx.extra.unregister = sessions.add(session.authorization, session.revoke);
        return true;
      },
      onClose: (ctx) => {
        const keyId = ctx.extra.principal?.keyId;
        if (!keyId || !ctx.extra.session) return;
        ctx.extra.unregister?.();
        const left = (socketsByKey.get(keyId) ?? 1) - 1;
        if (left <= 0) socketsByKey.delete(keyId);
        else socketsByKey.set(keyId, left);
      },
      onSubscribe: async (ctx, _id, params) => {
        // this subscription is already counted in ctx.subscriptions
        if (Object.keys(ctx.subscriptions).length > deps.maxSubscriptionsPerSocket) {
          const err = new ApiError('VALIDATION_ERROR', `This WebSocket holds ${deps.maxSubscriptionsPerSocket} subscriptions already (WS_MAX_SUBSCRIPTIONS_PER_SOCKET); complete one or open another connection`, {
            limit: { name: 'WS_MAX_SUBSCRIPTIONS_PER_SOCKET', value: deps.maxSubscriptionsPerSocket },
          });
          return [toGraphQLError(err)];
        }
        const fault = nestingFault(params.query, params.variables);
        if (fault) return [toGraphQLError(fault)];
        const enveloped = yoga.getEnveloped({ req: ctx.extra.request, principal: ctx.extra.principal, requestId: newId(ID_PREFIX.request), params, session: ctx.extra.session } as never);
        // A document that does not parse or breaks a rule (the depth and cost limits throw)
        // fails this one operation with an error message; thrown, it would close the socket
        // with 4500 and end every other subscription on it.
        let document: ReturnType<typeof enveloped.parse>;
        let errors: readonly GraphQLError[];
        try {
          document = enveloped.parse(params.query);
          errors = enveloped.validate(enveloped.schema, document);
        } catch (err) {
          if (isGraphQLError(err)) return [err];
          // validation errors a scalar raised with a catalogue code (thrown by the onValidate
          // plugin above), completed as over HTTP
          if (err instanceof AggregateError && err.errors.every(isGraphQLError)) {
            return (err.errors as GraphQLError[]).map((e) => (lacksCatalogueExtensions(e) ? withCatalogueExtensions(e, e.extensions.code as ErrorCode) : e));
          }
          throw err;
        }
        if (errors.length) return errors;
        // variables that do not fit their types fail this operation with coded errors, as
        // over HTTP (graphql-js would report them without a code)
        const operation = getOperationAST(document, params.operationName ?? undefined);
        const coerced = getVariableValues(enveloped.schema, operation?.variableDefinitions ?? [], params.variables ?? {}, { maxErrors: 10 });
        if (coerced.errors) return coerced.errors.map((e) => (e.extensions?.code === undefined ? withRequestErrorCode(e) : e));
        // every operation on the socket costs as the same document over HTTP (a refused one
        // costs nothing and fails alone: the socket and its other subscriptions go on)
        const refused = ctx.extra.principal && deps.chargeOperation ? await deps.chargeOperation(ctx.extra.principal, params) : undefined;
        if (refused) return [toGraphQLError(refused)];
        const contextValue = await enveloped.contextFactory() as GraphQLContext;
        const root: Root = { execute: enveloped.execute, subscribe: enveloped.subscribe };
        if (operation?.operation === 'subscription' && ctx.extra.principal) {
          root.group = { key: groupKey(ctx.extra.principal, params), session: contextValue.session };
          // the group guards each member with its own session (sessionGuardPlugin would guard
          // the shared execution with this first member's)
          contextValue.session = undefined;
        }
        return {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue,
          rootValue: root,
        };
      },
    },
    wss,
    // keep-alive: one timer for every socket (src/graphql/heartbeat.ts), not one per socket
    0,
  );
  const heartbeat = new Heartbeat(deps.keepAliveMs);
  wss.on('connection', (ws: WebSocket) => {
    expandOnSend(ws);
    heartbeat.watch(ws);
  });

  const reject = (_ctx: unknown, err: Error) => { throw limitError(err.message); };
  const fastPath = createFastPath({
    schema: graphqlSchema(),
    rules: [
      maxDepthRule({ n: deps.maxDepth, onReject: [reject], propagateOnRejection: false }),
      costLimitRule({ maxCost: deps.maxCost, onReject: [reject], propagateOnRejection: false }),
      maxAliasesRule({ n: 30, onReject: [reject], propagateOnRejection: false }),
      listFanOutRule(() => limits.GRAPHQL_MAX_ROWS, limitError),
      ...(deps.introspection ?? !deps.production ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    context: (req, principal) => buildContext(req, principal),
    errorResponse: (result, requestId) => {
      const masked = result.errors.map((e) => withRequestId(maskError(e, 'Unexpected error.') as GraphQLError, requestId));
      // yoga's rule: the highest `http.status` of the errors, else 200
      const status = Math.max(0, ...masked.map((e) => (e.extensions?.http as { status?: number } | undefined)?.status ?? 0)) || 200;
      return { status, body: JSON.stringify({ errors: masked.map(withoutInternals), data: result.data }) };
    },
  });

  /** An answer of errors only, before execution (authentication, document limits). */
  const refuse = (reply: FastifyReply, err: ApiError, requestId: string) =>
    reply.status(err.status).header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ errors: [withoutInternals(toGraphQLError(err, requestId))] }));

  /**
   * The caller of an HTTP request, once per request (the plan limiter's preHandler asks first,
   * src/ratelimit/http.ts): its key or access token, then the signature over the raw body of
   * the POST, verified whenever present.
   */
  const authenticateHttp = async (req: FastifyRequest): Promise<Principal> => {
    if (req.principal) return req.principal;
    const stream = isEventStream(req);
    let credential = headerOf(req, 'authorization');
    let method: StreamAuthMethod = 'header';
    const queryToken = accessTokenOf(req.url);
    if (queryToken !== undefined) {
      // refused (401) while the fallback is off and on anything but a stream; never ignored
      const legacy = transport.admit(queryToken, stream);
      if (credential === undefined) {
        credential = legacy;
        method = 'legacy_query';
        req.streamAuthorization = legacy;
      }
    }
    const principal = await deps.auth.actingFor(await deps.auth.fromRequest(credential, req.ip), headerOf(req, 'x-account-id'));
    if (stream) transport.record(method, 'sse');
    req.principal = principal; // the key's usage counts this request (modules/api-keys/usage.ts)
    req.signed = await verifySignedRequest(deps.services.db.prisma, deps.services.secrets, principal.accountId, {
      signature: headerOf(req, 'x-signature'), timestamp: headerOf(req, 'x-timestamp'),
    }, req.rawBody ?? Buffer.alloc(0));
    // test mode's forced errors, as on REST (the account is charged for the request first)
    throwForcedTestError(headerOf(req, 'x-test-error-code'), principal);
    return principal;
  };

  return {
    /** authenticates an HTTP request of this door (sets req.principal and req.signed); throws ApiError */
    authenticate: authenticateHttp,
    /** answers an error in this door's shape (`{errors: [...]}`) */
    refuse,
    yoga,
    /** requests the fast path answered, and those it left to yoga */
    fastPathCounts: fastPath.counts,
    async handle(req: FastifyRequest, reply: FastifyReply) {
      // GraphiQL's page and CORS preflights carry no key; everything else is authenticated
      // before any work on the document (a large one used to be parsed first)
      let principal: Principal | undefined;
      if (req.method !== 'OPTIONS' && !(req.method === 'GET' && /text\/html/.test(req.headers.accept ?? ''))) {
        try {
          principal = await authenticateHttp(req);
        } catch (err) {
          if (err instanceof ApiError) return refuse(reply, err, req.id);
          throw err;
        }
        const params = (req.method === 'POST' ? req.body : req.query) as { query?: unknown; variables?: unknown } | undefined;
        const malformed = requestFault(req);
        if (malformed) return refuse(reply, malformed, req.id);
        const fault = params && typeof params === 'object' ? nestingFault(params.query, params.variables) : undefined;
        if (fault) return refuse(reply, fault, req.id);
        if (await fastPath(req, reply, principal)) return reply;
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, principal });
      response.headers.forEach((value, key) => reply.header(key, value));
      if (req.graphqlReplayed) {
        reply.header('Idempotent-Replayed', 'true');
        // the answer replays one earlier request: it carries that request's id, as on REST (a
        // document whose replays came from different requests keeps its own)
        const [first, ...rest] = req.graphqlReplayed;
        if (first && rest.every((id) => id === first)) reply.header('X-Request-Id', first);
      }
      reply.status(response.status);
      return reply.send(response.body);
    },
    /** open GraphQL WebSocket connections (subscription sessions) */
    activeSessions: () => wss.clients.size,
    /** subscription executions shared by identical WebSocket subscriptions (one per group) */
    subscriptionGroups: () => groups.groupCount,
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const queryToken = accessTokenOf(req.url);
      if (queryToken !== undefined) {
        try {
          (req as UpgradeRequest).legacyAuthorization = transport.admit(queryToken, true);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          // refused before the upgrade, as an HTTP answer in the envelope (the URL is not logged)
          const body = JSON.stringify(err.toBody(newId(ID_PREFIX.request)));
          socket.end(`HTTP/1.1 ${err.status} Unauthorized\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
          return;
        }
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    /** the streams' authentication methods and the ?access_token= switch */
    transport,
    async close() {
      sessions.close();
      groups.close();
      heartbeat.close();
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
