// What a request costs in request units (the spec's endpoint multipliers): read 1, write 2,
// search and analytics 5, bulk 10, webhook simulation 0.5, health 0.
//
// REST: a route's `config.rateCost` when it names one, else the table below, else GET/HEAD a
// read (a list with `search=` a search) and every other method a write.
// The aggregate routes (`GET /v1/<resource>/aggregate`, src/rest/aggregate.ts) declare
// `rateCost: 'analytics'`.
// GraphQL: a query (or subscription) costs as a read, a mutation as a write, times the
// operation's complexity tier: the number of root fields it selects (aliases count, fragments
// at the root are followed; `__typename` is free), at least 1 and at most 10. A query that
// selects an aggregate at its root (a field whose name ends in `Aggregate`: `ordersAggregate`,
// src/graphql/aggregate.ts) costs as analytics instead, times the same tier. A document that
// does not parse costs 1 (it is refused anyway).
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import { BoundedCache } from '../auth/keys.js';
import { limits } from '../limits.js';

export const COST = { read: 1, write: 2, search: 5, analytics: 5, bulk: 10, webhook_simulation: 0.5, health: 0 } as const;
export type CostClass = keyof typeof COST;

/** Routes whose class their method does not tell (method and Fastify URL pattern). */
const ROUTE_CLASS: Record<string, CostClass> = {
  'POST /v1/webhooks/:id/test': 'webhook_simulation',
  'POST /v1/webhooks/simulate': 'webhook_simulation',
  'GET /v1/webhooks/:id/metrics': 'analytics',
  'HEAD /v1/webhooks/:id/metrics': 'analytics',
};

/** The class of a REST route, known when it registers (a list read may become a search per request). */
export function routeClass(method: string, url: string, declared?: unknown): CostClass {
  if (typeof declared === 'string' && declared in COST) return declared as CostClass;
  const known = ROUTE_CLASS[`${method} ${url}`];
  if (known) return known;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

/** Root fields counted into a tier at most. */
export const MAX_GRAPHQL_TIER = 10;

interface OperationCost {
  mutation: boolean;
  /** selects an aggregate root field */
  analytics: boolean;
  /** selects the search root field (POST /v1/search's GraphQL form) */
  search: boolean;
  tier: number;
}

/** Root fields that cost as analytics: the `<list>Aggregate` fields (src/graphql/aggregate.ts). */
export function isAnalyticsField(name: string): boolean {
  return name.endsWith('Aggregate');
}

const documents = new BoundedCache<Map<string, OperationCost> | null>(1000);

function rootKeys(set: SelectionSetNode, doc: DocumentNode, keys: Set<string>, seen: Set<string>, names: Set<string>) {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value !== '__typename') keys.add(sel.alias?.value ?? sel.name.value);
      names.add(sel.name.value);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      rootKeys(sel.selectionSet, doc, keys, seen, names);
    } else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = doc.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) rootKeys(fragment.selectionSet, doc, keys, seen, names);
    }
  }
}

/** Per operation name ('' for an anonymous one): mutation or not, and its tier; null when it does not parse. */
function analyse(query: string): Map<string, OperationCost> | null {
  if (Buffer.byteLength(query) > limits.GRAPHQL_MAX_DOCUMENT_BYTES) return null;
  let doc: DocumentNode;
  try {
    doc = parse(query, { noLocation: true, maxTokens: limits.GRAPHQL_MAX_TOKENS });
  } catch {
    return null;
  }
  const ops = new Map<string, OperationCost>();
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const keys = new Set<string>();
    const names = new Set<string>();
    rootKeys(def.selectionSet, doc, keys, new Set(), names);
    const mutation = def.operation === 'mutation';
    const analytics = !mutation && [...names].some(isAnalyticsField);
    const search = !mutation && names.has('search');
    ops.set(def.name?.value ?? '', { mutation, analytics, search, tier: Math.min(MAX_GRAPHQL_TIER, Math.max(1, keys.size)) });
  }
  return ops;
}

/** The cost of a GraphQL request: its class and units. */
export function graphqlCost(params: { query?: unknown; operationName?: unknown } | undefined): { cls: CostClass; units: number; tier: number } {
  const query = params?.query;
  if (typeof query !== 'string') return { cls: 'read', units: COST.read, tier: 1 };
  // documents are cached by their text, up to a size (the cache holds at most 1,000 of 4 KB)
  const cacheable = query.length <= 4096;
  let ops = cacheable ? documents.get(query) : undefined;
  if (ops === undefined) {
    ops = analyse(query);
    if (cacheable) documents.set(query, ops);
  }
  const name = typeof params?.operationName === 'string' ? params.operationName : undefined;
  const op = ops && (name !== undefined ? ops.get(name) : ops.size === 1 ? ops.values().next().value : undefined);
  if (!op) return { cls: 'read', units: COST.read, tier: 1 };
  const cls: CostClass = op.mutation ? 'write' : op.analytics ? 'analytics' : op.search ? 'search' : 'read';
  return { cls, units: COST[cls] * op.tier, tier: op.tier };
}
