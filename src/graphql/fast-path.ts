// A lean path for the most common GraphQL request: a POSTed JSON query that succeeds. It
// parses, validates (with the same depth, cost, alias and fan-out rules as yoga) and compiles
// a document once (graphql-jit, cached by its text), runs it and writes `{"data": ...}`.
// Everything else — GET, SSE, mutations, subscriptions, documents that fail to parse or
// validate, variables that do not coerce — goes through yoga, which then gives its full
// response. A query whose execution reports errors is answered here, through the same error
// masking as yoga's (it used to run again in yoga: twice the work for a failing query).
// The caller is authenticated before any of this (http.ts).
//
// Variables are coerced by graphql-js (`getVariableValues`, as yoga does), not by graphql-jit:
// jit generates its variable parser by walking the input type, and on a recursive input type
// (`$where: OrderBoolExp`, whose `_and` holds OrderBoolExp) that walk never ends; it ran for
// about 5 s of blocked event loop into a stack overflow. So jit compiles a copy of the document
// whose variables are declared as the pass-through JSON scalar, and receives values graphql-js
// has already coerced.
//
// Documents that nest object fields three deep (`orders { items { product { id } } }`) are also
// left to yoga: Pothos's prisma plugin finds the relations a parent query already loaded by the
// identity of graphql-js's response-path objects, which graphql-jit does not share, so under jit
// the third level fell back to two extra (batched) queries.
import {
  getOperationAST, getVariableValues, Kind, parse, specifiedRules, validate, visit,
  type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError } from 'graphql';
import type { GraphQLContext } from './builder.js';
import type { Principal } from '../auth/keys.js';
import { documentTooDeep, variablesTooDeep } from './nesting.js';

interface Compiled {
  query: CompiledQuery;
  /** the operation as written, for coercing its variables */
  operation: OperationDefinitionNode;
}

interface Prepared {
  document: DocumentNode;
  /** per operationName ('' for the only one): the compiled query, or null when not a query */
  operations: Map<string, Compiled | null>;
}

const MAX_CACHED_DOCUMENTS = 1000;
/** object fields nested deeper than this are left to yoga (see above) */
const MAX_OBJECT_DEPTH = 2;
/** a scalar of the schema whose parseValue passes any value through (builder.ts) */
const PASS_THROUGH_SCALAR = 'JSON';

export interface FastPathOptions {
  schema: GraphQLSchema;
  rules: ValidationRule[];
  /** the context yoga would build for this authenticated caller */
  context: (req: FastifyRequest, principal: Principal) => Promise<GraphQLContext>;
  /** the response to a result with errors, as yoga would give it (masked errors, HTTP status) */
  errorResponse: (result: { data?: unknown; errors: readonly GraphQLError[] }, requestId: string) => { status: number; body: string };
}

function acceptsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept;
  return !accept || accept === '*/*' || /application\/json/.test(accept) && !/text\/event-stream|multipart\/mixed|graphql-response\+json/.test(accept);
}

/** The document with every variable declared as the pass-through scalar, without defaults. */
function withPassThroughVariables(document: DocumentNode): DocumentNode {
  return visit(document, {
    VariableDefinition: (node) => ({
      ...node,
      type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: PASS_THROUGH_SCALAR } },
      defaultValue: undefined,
    }),
  });
}

/** How deep fields with selections nest in `set` (fragments followed, each once per path). */
function objectDepth(set: SelectionSetNode | undefined, document: DocumentNode, seen: Set<string>): number {
  let depth = 0;
  for (const sel of set?.selections ?? []) {
    if (sel.kind === Kind.FIELD) {
      if (sel.selectionSet) depth = Math.max(depth, 1 + objectDepth(sel.selectionSet, document, seen));
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      depth = Math.max(depth, objectDepth(sel.selectionSet, document, seen));
    } else if (!seen.has(sel.name.value)) {
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) depth = Math.max(depth, objectDepth(fragment.selectionSet, document, new Set([...seen, sel.name.value])));
    }
  }
  return depth;
}

export function createFastPath(opts: FastPathOptions) {
  const rules = [...specifiedRules, ...opts.rules];
  if (!opts.schema.getType(PASS_THROUGH_SCALAR)) throw new Error(`the fast path needs the ${PASS_THROUGH_SCALAR} scalar in the schema`);
  // `false` marks a document yoga must answer (syntax or validation errors)
  const cache = new Map<string, Prepared | false>();
  const counts = { answered: 0, declined: 0 };

  function prepare(query: string): Prepared | false {
    let prepared = cache.get(query);
    if (prepared !== undefined) return prepared;
    try {
      if (documentTooDeep(query)) throw new Error('too deep'); // yoga refuses it
      const document = parse(query);
      prepared = validate(opts.schema, document, rules).length ? false : { document, operations: new Map() };
    } catch {
      prepared = false; // a rule that throws (the limits do) or a syntax error
    }
    if (cache.size >= MAX_CACHED_DOCUMENTS) cache.delete(cache.keys().next().value!);
    cache.set(query, prepared);
    return prepared;
  }

  function compile(prepared: Prepared, name: string): Compiled | null {
    const operation = getOperationAST(prepared.document, name || undefined);
    if (!operation || operation.operation !== 'query') return null;
    if (objectDepth(operation.selectionSet, prepared.document, new Set()) > MAX_OBJECT_DEPTH) return null;
    const made = compileQuery(opts.schema, withPassThroughVariables(prepared.document), name || undefined);
    return isCompiledQuery(made) ? { query: made, operation } : null;
  }

  /** Answers the request and returns true, or returns false for yoga to answer it. */
  async function tryFastPath(req: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<boolean> {
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
      compiled = compile(prepared, name);
      prepared.operations.set(name, compiled);
    }
    if (!compiled) return false;
    let variables: Record<string, unknown> = {};
    if (body.variables != null && variablesTooDeep(body.variables)) return false; // yoga refuses them
    if (compiled.operation.variableDefinitions?.length) {
      const coerced = getVariableValues(opts.schema, compiled.operation.variableDefinitions, (body.variables as Record<string, unknown> | null) ?? {}, { maxErrors: 1 });
      if (coerced.errors) return false;
      variables = coerced.coerced;
    }
    const contextValue = await opts.context(req, principal);
    const result = await compiled.query.query(undefined, contextValue, variables);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (result.errors?.length) {
      const { status, body } = opts.errorResponse({ data: result.data, errors: result.errors }, contextValue.requestId);
      await reply.status(status).send(body);
      return true;
    }
    // As bytes: Node joins a string body to the header block and flattens the two into one
    // more copy on the V8 heap before it writes them; a Buffer goes out beside the headers.
    await reply.send(Buffer.from(compiled.query.stringify({ data: result.data })));
    return true;
  }

  return Object.assign(
    async (req: FastifyRequest, reply: FastifyReply, principal: Principal): Promise<boolean> => {
      const answered = await tryFastPath(req, reply, principal);
      if (answered) counts.answered++;
      else counts.declined++;
      return answered;
    },
    { counts },
  );
}
