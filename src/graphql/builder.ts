// The Pothos schema builder: Prisma plugin over the generated datamodel, shared scalars,
// and the context every resolver receives.
import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import { GraphQLError, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import type PrismaTypes from '../generated/pothos-types.js';
import { dateInRange, publicDatamodel } from '../db/models.js';
import { isoString } from '../iso-time.js';
import type { Principal } from '../auth/keys.js';
import type { CallContext, Services } from '../operations/operation.js';
import type { SessionHandle } from './sessions.js';

export interface GraphQLContext {
  services: Services;
  principal: Principal;
  requestId: string;
  idempotencyKey?: string;
  /** for subscriptions: the credential they re-check and how to end their transport (sessions.ts) */
  session?: SessionHandle;
  /** the HTTP request carried a valid X-Signature over its raw body */
  signed?: boolean;
  /**
   * told when a mutation of this request answers with an idempotent replay, with the id of the
   * request that made the answer when known (http.ts: Idempotent-Replayed, X-Request-Id)
   */
  onReplay?: (requestId?: string) => void;
  /** response keys of the root fields answered by the lean read (relations.ts) */
  leanRoots?: Set<string>;
}

export function callContext(ctx: GraphQLContext): CallContext {
  return {
    services: ctx.services, principal: ctx.principal, requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey, signed: ctx.signed === true,
    ...(ctx.onReplay ? { onReplay: ctx.onReplay } : {}),
  };
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
}>({
  plugins: [PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.services.db.prisma as never,
    dmmf: publicDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

/** An ISO 8601 string of a date from year 1 to 9999 (the database's range), or INVALID_DATE_FORMAT. */
function parseDateTime(value: unknown, node?: ValueNode): Date {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (!dateInRange(date)) {
    // an inline literal's error points at it (`locations`), as a variable's does at the variable
    throw new GraphQLError('DateTime expects an ISO 8601 string of a date from year 1 to 9999', { ...(node ? { nodes: node } : {}), extensions: { code: 'INVALID_DATE_FORMAT' } });
  }
  return date;
}

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date-time in UTC, e.g. 2026-11-21T10:00:00.000Z',
  serialize: (value) => (value instanceof Date ? isoString(value) : String(value)),
  parseValue: (value) => parseDateTime(value),
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});

builder.scalarType('JSON', {
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast: ValueNode, variables?: Record<string, unknown> | null) => valueFromASTUntyped(ast, variables ?? undefined),
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
