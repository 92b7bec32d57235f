// The GraphQL door over HTTP (graphql-yoga: POST/GET, SSE subscriptions, GraphiQL outside
// production) and WebSocket (graphql-ws on the same /graphql path). Both authenticate with
// the same API keys: the Authorization header, or `authorization` / `apiKey` in the
// WebSocket connection_init payload.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiError } from '../errors.js';
import type { KeyAuthenticator, Principal } from '../auth/keys.js';
import type { Services } from '../operations/operation.js';
import { newId, ID_PREFIX } from '../ids.js';
import { graphqlSchema } from './schema.js';
import type { GraphQLContext } from './builder.js';

export interface GraphQLDeps {
  services: Services;
  auth: KeyAuthenticator;
  logger: Logger;
  production: boolean;
  maxDepth: number;
  maxCost: number;
}

interface ServerContext {
  req: FastifyRequest | IncomingMessage;
  reply?: FastifyReply;
  principal?: Principal;
  requestId?: string;
}

export function toGraphQLError(err: ApiError, requestId?: string): GraphQLError {
  return new GraphQLError(err.message, {
    extensions: {
      code: err.code,
      type: err.type,
      status: err.status,
      details: err.details,
      ...(requestId ? { request_id: requestId } : {}),
      http: { status: err.status },
    },
  });
}

function headerOf(req: ServerContext['req'], name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function createGraphQL(deps: GraphQLDeps) {
  const limitError = (message: string) => toGraphQLError(new ApiError('QUERY_TOO_COMPLEX', message));
  const yoga: YogaServerInstance<ServerContext, GraphQLContext> = createYoga<ServerContext, GraphQLContext>({
    schema: graphqlSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: !deps.production,
    landingPage: false,
    logging: false,
    plugins: [
      maxDepthPlugin({ n: deps.maxDepth, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
      costLimitPlugin({ maxCost: deps.maxCost, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
      maxAliasesPlugin({ n: 30, exposeLimits: true, onReject: [(_ctx, err) => { throw limitError(err.message); }], propagateOnRejection: false }),
    ],
    maskedErrors: {
      maskError(error, message) {
        const original = (error as GraphQLError).originalError ?? error;
        if (original instanceof ApiError) return toGraphQLError(original);
        if (original instanceof GraphQLError) return original;
        if (error instanceof GraphQLError && !error.originalError) return error;
        deps.logger.error({ err: original }, 'unexpected error in a GraphQL resolver');
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_ERROR', type: 'api_error', status: 500 } });
      },
    },
    context: async ({ req, principal, requestId }): Promise<GraphQLContext> => {
      const id = requestId ?? ('id' in req && typeof req.id === 'string' ? req.id : newId(ID_PREFIX.request));
      let who = principal;
      if (!who) {
        try {
          who = await deps.auth.fromAuthorizationHeader(headerOf(req, 'authorization'));
        } catch (err) {
          if (err instanceof ApiError) throw toGraphQLError(err, id);
          throw err;
        }
      }
      return { services: deps.services, principal: who, requestId: id, idempotencyKey: headerOf(req, 'idempotency-key') };
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  useServer<Record<string, unknown>, { principal?: Principal; request: IncomingMessage }>(
    {
      execute: (args) => (args.rootValue as { execute: (a: unknown) => unknown }).execute(args) as never,
      subscribe: (args) => (args.rootValue as { subscribe: (a: unknown) => unknown }).subscribe(args) as never,
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const raw = params.authorization ?? params.Authorization ?? (params.apiKey ? `Bearer ${String(params.apiKey)}` : undefined);
        try {
          ctx.extra.principal = await deps.auth.fromAuthorizationHeader(typeof raw === 'string' ? raw : undefined);
          return true;
        } catch {
          return false; // closes with 4403 Forbidden
        }
      },
      onSubscribe: async (ctx, _id, params) => {
        const enveloped = yoga.getEnveloped({ req: ctx.extra.request, principal: ctx.extra.principal, requestId: newId(ID_PREFIX.request), params } as never);
        const document = enveloped.parse(params.query);
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length) return errors;
        return {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    wss,
  );

  return {
    yoga,
    async handle(req: FastifyRequest, reply: FastifyReply) {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      return reply.send(response.body);
    },
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    async close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
