// `GET /v1/<resource>/aggregate`: count, sum, avg, min, max of the rows a list request's
// filters match, over all of them and per group:
//
//   GET /v1/orders/aggregate?group_by=status&sum=amount&avg=amount&min=amount,created&status_in=paid,pending
//   -> {object: "aggregate", count, sum: {amount}, avg: {amount}, min: {amount, created}, max: {...},
//       groups: [{status: "paid", count, sum: {amount}, avg: {...}, ...}, ...]}
//
// Registered by registerResource (resources.ts) next to each /v1 list. Every filter of the list
// is accepted, parsed by the list's own parser and scoped the same way (listWhere in list.ts);
// the list's paging, sorting and shaping parameters mean nothing here and are refused. Columns
// are named as the representation names them (`created`, `refund_amount`, `customer`, ...), and
// so are the answer's keys; date-times are Unix seconds (rounded down, as `created` is shown),
// sums of integer columns integers, averages numbers (not rounded). `sum`, `avg`, `min`, `max`
// and `group_by` take comma-separated names and may repeat. The computation is
// src/db/aggregate.ts's, shared with GraphQL's `<list>Aggregate`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aggregateFilterReadable, authorizeAggregate, type Principal } from '../auth/keys.js';
import { ApiError, type FieldError } from '../errors.js';
import {
  AGGREGATE_KINDS, AGGREGATE_MAX_GROUPS, aggregateColumns, aggregateGroups, aggregateRows, emptyRequest,
  type AggregateKind, type AggregateRequest, type Aggregates, type AggregateValue,
} from '../db/aggregate.js';
import type { FieldInfo } from '../db/models.js';
import type { CanRead } from '../db/where.js';
import { fieldForRestName, restName } from '../representation.js';
import { authenticate, type RestDeps } from './context.js';
import { assertStorableText, LIST_SHAPE_PARAMS, listWhere } from './list.js';

type Query = Record<string, string | string[] | undefined>;

/** The aggregate's own parameters (everything else is a list filter). */
export const AGGREGATE_PARAMS = ['group_by', ...AGGREGATE_KINDS] as const;

function values(query: Query, key: string): string[] {
  const raw = query[key];
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => v.split(',')).map((v) => v.trim());
}

interface Parsed {
  request: AggregateRequest;
  groupBy: string[];
  filters: Query;
}

/** The aggregate's parameters, checked against the model's columns: every fault in one 400. */
export function parseAggregateQuery(model: string, query: Query): Parsed {
  const cols = aggregateColumns(model);
  const faults: FieldError[] = [];
  const allowed: Record<AggregateKind | 'group_by', { fields: FieldInfo[]; what: string }> = {
    sum: { fields: cols.numeric, what: 'a numeric field' },
    avg: { fields: cols.numeric, what: 'a numeric field' },
    min: { fields: cols.ordered, what: 'a numeric or date-time field' },
    max: { fields: cols.ordered, what: 'a numeric or date-time field' },
    group_by: { fields: cols.groupable, what: 'a text or boolean field that groups' },
  };
  const pick = (key: AggregateKind | 'group_by'): string[] => {
    const names: string[] = [];
    const { fields, what } = allowed[key];
    const expected = fields.length ? fields.map((f) => restName(f, model)).join(', ') : 'none: this resource has no such field';
    for (const name of values(query, key)) {
      if (name === '') { faults.push({ field: key, message: 'empty field name', expected }); continue; }
      const field = fieldForRestName(model, name);
      if (!field || field.kind !== 'scalar') faults.push({ field: key, message: `unknown field '${name}'`, expected });
      else if (!fields.includes(field)) faults.push({ field: key, message: `'${name}' is not ${what}`, expected });
      else if (!names.includes(field.name)) names.push(field.name);
    }
    return names;
  };
  const request = emptyRequest();
  for (const kind of AGGREGATE_KINDS) request[kind] = pick(kind);
  const groupBy = pick('group_by');
  const filters: Query = {};
  for (const [key, value] of Object.entries(query)) {
    if ((AGGREGATE_PARAMS as readonly string[]).includes(key)) continue;
    if (LIST_SHAPE_PARAMS.includes(key)) {
      faults.push({ field: key, message: `'${key}' pages or shapes a list; an aggregate takes filters, group_by, sum, avg, min and max`, expected: 'filters, group_by, sum, avg, min, max' });
      continue;
    }
    filters[key] = value;
  }
  if (faults.length) throw ApiError.validation(faults);
  return { request, groupBy, filters };
}

/** A value in the REST representation: date-times as Unix seconds (rounded down, as `created`). */
function restValue(v: AggregateValue): number | null {
  if (v instanceof Date) return Math.floor(v.getTime() / 1000);
  return v;
}

function restAggregates(model: string, a: Aggregates, request: AggregateRequest): Record<string, unknown> {
  const info = aggregateColumns(model);
  const byName = new Map([...info.numeric, ...info.ordered].map((f) => [f.name, f]));
  const out: Record<string, unknown> = { count: a.count };
  for (const kind of AGGREGATE_KINDS) {
    if (!request[kind].length) continue;
    out[kind] = Object.fromEntries(request[kind].map((name) => [restName(byName.get(name)!, model), restValue(a[kind][name] ?? null)]));
  }
  return out;
}

/** The answer of an aggregate request of `model`'s rows where `where` (scoped) matches. */
export async function aggregateResource(
  db: RestDeps['services']['db'], model: string, where: Record<string, unknown>, parsed: Parsed,
): Promise<Record<string, unknown>> {
  const { request, groupBy } = parsed;
  const [totals, groups] = await Promise.all([
    aggregateRows(db, model, where, request),
    groupBy.length ? aggregateGroups(db, model, where, groupBy, request, 'group_by') : undefined,
  ]);
  const fields = new Map(aggregateColumns(model).groupable.map((f) => [f.name, f]));
  return {
    object: 'aggregate',
    ...restAggregates(model, totals, request),
    ...(groups ? {
      groups: groups.map((g) => ({
        ...Object.fromEntries(groupBy.map((name) => [restName(fields.get(name)!, model), g.keys[name]])),
        ...restAggregates(model, g, request),
      })),
    } : {}),
  };
}

const AGGREGATE_QUERY_DOC = {
  type: 'object',
  properties: {
    group_by: { type: 'string', description: 'comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination' },
    sum: { type: 'string', description: 'comma-separated numeric fields' },
    avg: { type: 'string', description: 'comma-separated numeric fields' },
    min: { type: 'string', description: 'comma-separated numeric or date-time fields' },
    max: { type: 'string', description: 'comma-separated numeric or date-time fields' },
    search: { type: 'string' },
    created_after: { type: 'string', description: 'Unix seconds or ISO 8601' },
    created_before: { type: 'string', description: 'Unix seconds or ISO 8601' },
  },
  description: 'Every filter of the list: `status_eq=paid`, `amount_gte=100`, `status_in=a,b`, `created[gte]=...`, `customer.email_eq=...`',
};

const AGGREGATE_RESPONSE_DOC = {
  type: 'object',
  required: ['object', 'count'],
  properties: {
    object: { type: 'string', const: 'aggregate' },
    count: { type: 'integer' },
    sum: { type: 'object', additionalProperties: { type: ['integer', 'number', 'null'] } },
    avg: { type: 'object', additionalProperties: { type: ['number', 'null'] } },
    min: { type: 'object', additionalProperties: { type: ['integer', 'number', 'null'] } },
    max: { type: 'object', additionalProperties: { type: ['integer', 'number', 'null'] } },
    groups: { type: 'array', items: { type: 'object', description: 'the group_by fields with their values, count and the requested aggregates' } },
  },
};

/** `GET <path>/aggregate` of a /v1 list resource; costs as analytics in the rate limits. */
export function registerAggregateRoute(
  app: FastifyInstance, deps: RestDeps, r: { path: string; model: string; resource: string }, readable: (principal: Principal) => CanRead,
): void {
  const noun = r.path.split('/').pop();
  app.get(`${r.path}/aggregate`, {
    config: {
      rateCost: 'analytics',
      resource: r.resource,
      doc: {
        summary: `Aggregate ${noun}: count, sum, avg, min, max, per group (permission ${r.resource}:read or analytics:read; costs as analytics)`,
        description: `Every filter of GET ${r.path} applies. At most ${AGGREGATE_MAX_GROUPS} groups. See docs/aggregates.md.`,
        query: AGGREGATE_QUERY_DOC,
        response: AGGREGATE_RESPONSE_DOC,
      },
    },
  }, async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorizeAggregate(principal, r.resource);
    const query = req.query as Query;
    assertStorableText(query);
    const parsed = parseAggregateQuery(r.model, query);
    const where = listWhere(r.model, principal, parsed.filters, aggregateFilterReadable(principal, readable(principal)));
    return aggregateResource(deps.services.db, r.model, where, parsed);
  });
}
