// A lean path for the most common GraphQL request: a POSTed JSON query that succeeds. It
// parses, validates (with the same depth, cost, alias and fan-out rules as yoga) and compiles
// a document once (graphql-jit, cached by its text), runs it and writes `{"data": ...}`.
// Everything else — GET, SSE, mutations, subscriptions, documents that fail to parse or
// validate, results with errors, failed authentication — goes through yoga, which then
// gives its full response. A failed query is simply run again there: queries only read.
import { getOperationAST, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLContext } from './builder.js';

interface Prepared {
  document: DocumentNode;
  /** per operationName ('' for the only one): the compiled query, or null when not a query */
  operations: Map<string, CompiledQuery | null>;
}

const MAX_CACHED_DOCUMENTS = 1000;

export interface FastPathOptions {
  schema: GraphQLSchema;
  rules: ValidationRule[];
  /** the context yoga would build; throws when the caller is not authenticated */
  context: (req: FastifyRequest) => Promise<GraphQLContext>;
}

function acceptsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept;
  return !accept || accept === '*/*' || /application\/json/.test(accept) && !/text\/event-stream|multipart\/mixed|graphql-response\+json/.test(accept);
}

export function createFastPath(opts: FastPathOptions) {
  const rules = [...specifiedRules, ...opts.rules];
  // `false` marks a document yoga must answer (syntax or validation errors)
  const cache = new Map<string, Prepared | false>();

  function prepare(query: string): Prepared | false {
    let prepared = cache.get(query);
    if (prepared !== undefined) return prepared;
    try {
      const document = parse(query);
      prepared = validate(opts.schema, document, rules).length ? false : { document, operations: new Map() };
    } catch {
      prepared = false; // a rule that throws (the limits do) or a syntax error
    }
    if (cache.size >= MAX_CACHED_DOCUMENTS) cache.delete(cache.keys().next().value!);
    cache.set(query, prepared);
    return prepared;
  }

  /** Answers the request and returns true, or returns false for yoga to answer it. */
  return async function tryFastPath(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (req.method !== 'POST' || !acceptsJson(req)) return false;
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.query !== 'string' || body.extensions !== undefined) return false;
    if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return false;
    if (body.operationName != null && typeof body.operationName !== 'string') return false;
    const prepared = prepare(body.query);
    if (!prepared) return false;
    const name = (body.operationName as string | null | undefined) ?? '';
    let compiled = prepared.operations.get(name);
    if (compiled === undefined) {
      const op = getOperationAST(prepared.document, name || undefined);
      const made = op && op.operation === 'query' ? compileQuery(opts.schema, prepared.document, name || undefined) : null;
      compiled = made && isCompiledQuery(made) ? made : null;
      prepared.operations.set(name, compiled);
    }
    if (!compiled) return false;
    let contextValue: GraphQLContext;
    try {
      contextValue = await opts.context(req);
    } catch {
      return false;
    }
    const result = await compiled.query(undefined, contextValue, (body.variables as Record<string, unknown> | null) ?? {});
    if (result.errors?.length) return false;
    reply.header('content-type', 'application/json; charset=utf-8');
    // the compiled query's serializer knows the result's shape (fast-json-stringify)
    await reply.send(compiled.stringify({ data: result.data }));
    return true;
  };
}
