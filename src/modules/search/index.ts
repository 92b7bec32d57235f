// Search across resources: POST /v1/search and GraphQL `search(...)`, one implementation
// (src/search/engine.ts) over the search documents the database triggers keep fresh. The
// searchable resources are the modules that declare `search` (src/search/declaration.ts).
import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { defineModule, type AppModule } from '../module.js';
import { MODULES } from '../index.js';
import { builder } from '../../graphql/builder.js';
import { authenticate } from '../../rest/context.js';
import { ApiError, textFaults } from '../../errors.js';
import type { SearchDeclaration } from '../../search/declaration.js';
import {
  DEFAULT_PER_PAGE, InvalidQueryError, MAX_PER_PAGE, MAX_QUERY_LENGTH, SPEC_RESOURCES, search,
  type SearchAnswer, type SearchOptions, type SearchRequest,
} from '../../search/engine.js';

/** The declarations of every module, read when first needed (the module list includes this one). */
export function searchDeclarations(modules: readonly AppModule[] = MODULES): SearchDeclaration[] {
  return modules.flatMap((m) => (m.search ? [m.search] : []));
}

/** SEARCH_HIGHLIGHT_PRE / _POST (src/config.ts), set when the REST routes register; the GraphQL field reads the same */
let highlight: SearchOptions = {};
function highlightOptions(): SearchOptions {
  return highlight;
}

const RESULT_ITEM = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    resource_type: { type: 'string', description: 'the singular: order, customer, product, inventory_item, return' },
    score: { type: 'number', description: 'relevance: 2 exact, 1 prefix, 0 with typos, plus the weighted rank (0-1)' },
    data: { type: 'object', description: 'the resource as GET /v1/<resource>/{id} shows it' },
    highlights: { type: 'object', additionalProperties: { type: 'string' }, description: 'REST field path -> the stored text, HTML-escaped, matched words wrapped (only with highlight: true)' },
  },
};

const BODY = {
  type: 'object',
  required: ['query'],
  properties: {
    query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH, description: 'words (every one must match, the last as a prefix), "exact phrase", -excluded, field:value' },
    resources: { type: 'array', items: { type: 'string', enum: [...SPEC_RESOURCES] }, description: 'empty: every resource the key may read (warranties and tickets: not available on this server)' },
    filters: {
      type: 'object',
      properties: {
        date_range: { type: 'object', properties: { field: { type: 'string', enum: ['created', 'updated'] }, from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } } },
        status: { type: 'array', items: { type: 'string' } },
        tags: { type: 'array', items: { type: 'string' }, description: 'each must be among the comma-separated metadata.tags' },
        custom_fields: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }, description: 'metadata key -> value (or any of values)' },
      },
    },
    facets: { type: 'array', items: { type: 'string' }, description: 'resource_type, status, currency, metadata.<key>' },
    sort: { type: 'object', properties: { field: { type: 'string', description: 'score (default), created, updated, amount, price, refund_amount, available' }, order: { type: 'string', enum: ['asc', 'desc'] } } },
    pagination: { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } } },
    highlight: { type: 'boolean' },
    suggest: { type: 'boolean' },
  },
};

const RESPONSE = {
  type: 'object',
  properties: {
    results: { type: 'array', items: RESULT_ITEM },
    facets: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } } },
    suggestions: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' }, score: { type: 'number' } } } },
    total_results: { type: 'integer' },
    page: { type: 'integer' },
    per_page: { type: 'integer' },
    query_time_ms: { type: 'number' },
  },
};

/** `Authorization: Token <key>` (the spec's variant) read as `Bearer <key>`. */
function tokenAsBearer(req: FastifyRequest): void {
  const h = req.headers.authorization;
  if (typeof h === 'string') {
    const m = /^Token\s+(.+)$/i.exec(h.trim());
    if (m) req.headers.authorization = `Bearer ${m[1]}`;
  }
}

function registerGraphQL(): void {
  const DateRange = builder.inputType('SearchDateRangeInput', {
    fields: (t) => ({
      field: t.string({ description: 'created (default) or updated' }),
      from: t.string({ description: 'ISO 8601' }),
      to: t.string({ description: 'ISO 8601' }),
    }),
  });
  const Filters = builder.inputType('SearchFiltersInput', {
    fields: (t) => ({
      dateRange: t.field({ type: DateRange }),
      status: t.stringList(),
      tags: t.stringList({ description: 'each must be among the comma-separated metadata.tags' }),
      customFields: t.field({ type: 'JSON', description: 'metadata key -> value (or a list of values)' }),
    }),
  });
  const Sort = builder.inputType('SearchSortInput', {
    fields: (t) => ({ field: t.string({ required: true }), order: t.string({ description: 'asc or desc' }) }),
  });
  const Pagination = builder.inputType('SearchPaginationInput', {
    fields: (t) => ({ page: t.int(), perPage: t.int({ description: `at most ${MAX_PER_PAGE}` }) }),
  });
  type Item = SearchAnswer['results'][number];
  const ItemRef = builder.objectRef<Item>('SearchResultItem').implement({
    description: 'One match: the resource as REST shows it',
    fields: (t) => ({
      id: t.exposeID('id'),
      resourceType: t.string({ resolve: (i) => i.resource_type }),
      score: t.exposeFloat('score'),
      data: t.field({ type: 'JSON', resolve: (i) => i.data }),
      highlights: t.field({ type: 'JSON', nullable: true, resolve: (i) => i.highlights ?? null }),
    }),
  });
  const SuggestionRef = builder.objectRef<SearchAnswer['suggestions'][number]>('SearchSuggestion').implement({
    fields: (t) => ({ text: t.exposeString('text'), score: t.exposeFloat('score') }),
  });
  const ResultsRef = builder.objectRef<SearchAnswer>('SearchResults').implement({
    description: 'The answer of a search (POST /v1/search in camelCase)',
    fields: (t) => ({
      results: t.field({ type: [ItemRef], resolve: (a) => a.results, extensions: { maxItems: MAX_PER_PAGE } }),
      facets: t.field({ type: 'JSON', resolve: (a) => a.facets }),
      suggestions: t.field({ type: [SuggestionRef], resolve: (a) => a.suggestions, extensions: { maxItems: 10 } }),
      totalResults: t.int({ resolve: (a) => a.total_results }),
      page: t.exposeInt('page'),
      perPage: t.int({ resolve: (a) => a.per_page }),
      queryTimeMs: t.float({ resolve: (a) => a.query_time_ms }),
    }),
  });
  builder.queryField('search', (t) =>
    t.field({
      type: ResultsRef,
      description: 'Search across resources (typo-tolerant, facets, highlights, suggestions), as POST /v1/search',
      args: {
        query: t.arg.string({ required: true }),
        resources: t.arg.stringList(),
        filters: t.arg({ type: Filters }),
        facets: t.arg.stringList(),
        sort: t.arg({ type: Sort }),
        pagination: t.arg({ type: Pagination }),
        highlight: t.arg.boolean(),
        suggest: t.arg.boolean(),
      },
      resolve: async (_root, args, ctx) => {
        const f = args.filters;
        const request: SearchRequest = {
          query: args.query,
          resources: args.resources ?? undefined,
          filters: f ? {
            ...(f.dateRange ? { date_range: { field: f.dateRange.field ?? undefined, from: f.dateRange.from ?? undefined, to: f.dateRange.to ?? undefined } } : {}),
            ...(f.status ? { status: f.status } : {}),
            ...(f.tags ? { tags: f.tags } : {}),
            ...(f.customFields !== undefined && f.customFields !== null ? { custom_fields: f.customFields } : {}),
          } : undefined,
          facets: args.facets ?? undefined,
          sort: args.sort ? { field: args.sort.field, order: args.sort.order ?? undefined } : undefined,
          pagination: args.pagination ? { page: args.pagination.page ?? undefined, per_page: args.pagination.perPage ?? undefined } : undefined,
          highlight: args.highlight ?? undefined,
          suggest: args.suggest ?? undefined,
        };
        const faults = textFaults(request, '', { maxFaults: 10 });
        if (faults.length) throw ApiError.validation(faults);
        try {
          return await search(ctx.services.db, ctx.principal, searchDeclarations(), request, highlightOptions());
        } catch (err) {
          // the spec's lowercase code, in GraphQL too
          if (err instanceof InvalidQueryError) {
            throw new GraphQLError(err.message, { extensions: { code: InvalidQueryError.CODE, type: err.type, status: err.status, details: err.details, http: { status: err.status } } });
          }
          throw err;
        }
      },
    }),
  );
}

export const searchModule = defineModule({
  name: 'search',
  graphql: registerGraphQL,
  rest(app, deps) {
    highlight = { highlightPre: deps.config.SEARCH_HIGHLIGHT_PRE || undefined, highlightPost: deps.config.SEARCH_HIGHLIGHT_POST || undefined };
    app.post('/v1/search', {
      // before the rate limiter's preHandler authenticates the request
      onRequest: (req, _reply, done) => { tokenAsBearer(req); done(); },
      config: {
        rateCost: 'search',
        doc: {
          summary: 'Search across resources (permission <resource>:read of each)',
          description: 'Typo-tolerant search over orders, customers, products, inventory and returns: facets, highlights, suggestions. `Authorization: Token <key>` is accepted as well as `Bearer`. An empty or too long query is a 400 with the code `invalid_query` (lowercase, the spec\'s). See docs/search.md.',
          tag: 'search',
          body: BODY,
          response: RESPONSE,
        },
      },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      const body = req.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw ApiError.validation([{ field: 'body', message: 'the body must be a JSON object', expected: 'object' }]);
      }
      const faults = textFaults(body, '', { index: (path, i) => `${path}[${i}]`, maxDepth: 8, maxFaults: 10 });
      // the query's own faults are the spec's invalid_query; the rest is a validation error
      if (faults.length && !(faults.length === 1 && faults[0].field === 'query')) throw ApiError.validation(faults);
      return search(deps.services.db, principal, searchDeclarations(), body as SearchRequest, highlightOptions());
    });
  },
});
