// POST /v1/search and GraphQL `search`: one implementation. The request is checked here, the
// query parsed into words, "phrases", -exclusions and field:value terms, folded by the
// database (lower(unaccent())), typo candidates looked up in the word dictionary (trigram
// index, Damerau distance checked here), and one statement over the search documents
// (GIN full-text index) returns the page, the exact count and the facets. The page's rows are
// then read as GET /v1/<resource>/{id} shows them. docs/search.md has the rules.
import { ApiError, type FieldError } from '../errors.js';
import { authorize, canReadResource, type Principal } from '../auth/keys.js';
import type { Database } from '../db/client.js';
import { present } from '../representation.js';
import { fieldForRestName } from '../representation.js';
import type { SearchDeclaration } from './declaration.js';
import { resolveFields, type ResolvedField } from './sql.js';
import { asciiTokens, highlight, osaDistance, prefixWithin, typoAllowance, type HighlightTerms } from './text.js';

/** The resources the spec names; those no module declares here are refused by name. */
export const SPEC_RESOURCES = ['orders', 'customers', 'products', 'inventory', 'returns', 'warranties', 'tickets'] as const;
export const MIN_QUERY_LENGTH = 1;
export const MAX_QUERY_LENGTH = 1000;
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/** the spec's search result limit: page x per_page beyond it is refused */
export const MAX_RESULTS = 10_000;
/** values per facet field in an answer (the most frequent) */
export const MAX_FACET_VALUES = 100;
/** query words that get typo candidates (the rest must match exactly) */
const MAX_TYPO_WORDS = 10;
/** typo candidates per query word that join the full-text query (the closest) */
const MAX_CANDIDATES = 8;
const MAX_SUGGESTIONS = 5;

/**
 * The spec's one lowercase error code: an empty or too long query. An ApiError (400,
 * validation_error) whose body and GraphQL code read `invalid_query`.
 */
export class InvalidQueryError extends ApiError {
  static readonly CODE = 'invalid_query';
  constructor(message: string) {
    super('VALIDATION_ERROR', message, { min_query_length: MIN_QUERY_LENGTH, max_query_length: MAX_QUERY_LENGTH }, 'query');
  }
  override toBody(requestId: string): ReturnType<ApiError['toBody']> {
    const body = super.toBody(requestId);
    // the body's code is the spec's lowercase one (typed as the catalogue's for the base class)
    const documentationUrl = body.error.documentation_url.replace(/#.*$/, '#invalid_query');
    const error = { ...body.error, code: InvalidQueryError.CODE as ApiError['code'], documentation_url: documentationUrl, doc_url: documentationUrl };
    return { error };
  }
}

/** A request in REST spelling (GraphQL's camelCase arguments are mapped to it). */
/** The fields of a search request's body; any other is a fault naming it. */
const SEARCH_REQUEST_FIELDS = new Set(['query', 'resources', 'filters', 'facets', 'sort', 'pagination', 'highlight', 'suggest']);

export interface SearchRequest {
  query?: unknown;
  resources?: unknown;
  filters?: unknown;
  facets?: unknown;
  sort?: unknown;
  pagination?: unknown;
  highlight?: unknown;
  suggest?: unknown;
}

export interface SearchResultItem {
  id: string;
  resource_type: string;
  score: number;
  data: Record<string, unknown>;
  highlights?: Record<string, string>;
}

export interface SearchAnswer {
  results: SearchResultItem[];
  facets: Record<string, Record<string, number>>;
  suggestions: { text: string; score: number }[];
  total_results: number;
  page: number;
  per_page: number;
  query_time_ms: number;
}

export interface SearchOptions {
  highlightPre?: string;
  highlightPost?: string;
}

type Term =
  | { kind: 'word'; raw: string }
  | { kind: 'phrase'; raw: string }
  | { kind: 'exclude'; raw: string; phrase: boolean }
  | { kind: 'field'; field: string; raw: string };

interface Resolved {
  decl: SearchDeclaration;
  fields: readonly ResolvedField[];
  /** related resources the principal may read: the full vector (tsvAll) is searched */
  full: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(v: unknown, field: string, faults: FieldError[]): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    faults.push({ field, message: 'must be an array of strings', expected: 'array of strings' });
    return [];
  }
  if (v.length > 100) faults.push({ field, message: 'at most 100 values', expected: 'at most 100 values' });
  return v as string[];
}

function isoDate(v: unknown, field: string, faults: FieldError[]): Date | undefined {
  if (v === undefined || v === null) return undefined;
  const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) {
    faults.push({ field, message: 'must be an ISO 8601 date', expected: 'ISO 8601 date-time', code: 'INVALID_DATE_FORMAT' });
    return undefined;
  }
  return d;
}

/** Splits a query into its terms; `field:` counts as an operator only for a known field. */
export function parseQuery(query: string, knownFields: Set<string>): Term[] {
  const terms: Term[] = [];
  let i = 0;
  const n = query.length;
  const readQuoted = (): string => {
    const end = query.indexOf('"', i + 1);
    const text = query.slice(i + 1, end === -1 ? n : end);
    i = end === -1 ? n : end + 1;
    return text;
  };
  const readBare = (): string => {
    const start = i;
    while (i < n && !/\s/.test(query[i])) i++;
    return query.slice(start, i);
  };
  while (i < n) {
    if (/\s/.test(query[i])) { i++; continue; }
    if (query[i] === '-' && i + 1 < n && !/\s/.test(query[i + 1]) && (i === 0 || /\s/.test(query[i - 1]))) {
      i++;
      if (query[i] === '"') terms.push({ kind: 'exclude', raw: readQuoted(), phrase: true });
      else terms.push({ kind: 'exclude', raw: readBare(), phrase: false });
      continue;
    }
    if (query[i] === '"') { terms.push({ kind: 'phrase', raw: readQuoted() }); continue; }
    const start = i;
    const colon = query.slice(i).search(/[:\s]/);
    if (colon > 0 && query[i + colon] === ':') {
      const name = query.slice(i, i + colon).toLowerCase();
      if (knownFields.has(name)) {
        i += colon + 1;
        const raw = query[i] === '"' ? readQuoted() : readBare();
        if (raw) { terms.push({ kind: 'field', field: name, raw }); continue; }
        i = start;
      }
    }
    terms.push({ kind: 'word', raw: readBare() });
  }
  return terms;
}

/** A lexeme in tsquery syntax (the folded words are alphanumeric; quoted all the same). */
const lexeme = (w: string, prefix = false) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
const regexEscape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

export async function search(
  db: Database, principal: Principal, declarations: readonly SearchDeclaration[], req: SearchRequest, opts: SearchOptions = {},
): Promise<SearchAnswer> {
  const started = performance.now();
  // --- the request
  if (typeof req.query !== 'string') {
    if (req.query === undefined || req.query === null) throw new InvalidQueryError('query is required: 1 to 1000 characters');
    throw new InvalidQueryError('query must be a string of 1 to 1000 characters');
  }
  const query = req.query;
  const length = [...query].length;
  if (length < MIN_QUERY_LENGTH || query.trim() === '') throw new InvalidQueryError('query is empty: give 1 to 1000 characters');
  if (length > MAX_QUERY_LENGTH) throw new InvalidQueryError(`query is ${length} characters long: at most ${MAX_QUERY_LENGTH}`);
  if (query.includes('\u0000') || !query.isWellFormed()) {
    throw ApiError.validation([{ field: 'query', message: 'contains the NUL character or an unpaired surrogate', expected: 'valid Unicode text without U+0000' }]);
  }
  const faults: FieldError[] = [];
  for (const k of Object.keys(req)) {
    if (!SEARCH_REQUEST_FIELDS.has(k)) faults.push({ field: k, message: 'unknown field', expected: 'no such field' });
  }
  const byResource = new Map(declarations.map((d) => [d.resource, d]));

  // resources: named ones must exist here and be readable (403); none named: the readable ones
  const named = stringList(req.resources, 'resources', faults);
  const unknown = named.filter((r) => !byResource.has(r));
  if (unknown.length) {
    const spec = unknown.filter((r) => (SPEC_RESOURCES as readonly string[]).includes(r));
    const other = unknown.filter((r) => !(SPEC_RESOURCES as readonly string[]).includes(r));
    // one fault for the field, saying both what is unknown and what this server does not offer
    const parts = [other.length ? `unknown resources: ${other.join(', ')}` : '', spec.length ? `not available on this server: ${spec.join(', ')}` : ''].filter(Boolean);
    faults.push({ field: 'resources', message: parts.join('; '), expected: `some of ${[...byResource.keys()].join(', ')}` });
  }
  if (faults.length) throw ApiError.validation(faults);
  let searched: SearchDeclaration[];
  if (named.length) {
    for (const r of named) authorize(principal, `${r}:read`);
    searched = [...new Set(named)].map((r) => byResource.get(r)!);
  } else {
    searched = declarations.filter((d) => canReadResource(principal, d.resource));
    // a key that reads nothing of /v1 (svc_) is refused as elsewhere, not answered empty
    if (!searched.length && principal.type === 'svc') authorize(principal, `${declarations[0]?.resource ?? 'orders'}:read`);
  }
  const resolved: Resolved[] = searched.map((decl) => {
    const fields = resolveFields(decl);
    return { decl, fields, full: fields.every((f) => !f.via || canReadResource(principal, f.via)) };
  });

  // filters
  const filters = req.filters === undefined || req.filters === null ? {} : req.filters;
  if (!isObject(filters)) faults.push({ field: 'filters', message: 'must be an object', expected: 'object' });
  const f = isObject(filters) ? filters : {};
  for (const k of Object.keys(f)) if (!['date_range', 'status', 'tags', 'custom_fields'].includes(k)) faults.push({ field: `filters.${k}`, message: 'unknown filter', expected: 'date_range, status, tags or custom_fields' });
  let dateRange: { column: string; from?: Date; to?: Date } | undefined;
  if (f.date_range !== undefined && f.date_range !== null) {
    if (!isObject(f.date_range)) faults.push({ field: 'filters.date_range', message: 'must be an object {field, from, to}', expected: 'object' });
    else {
      const field = f.date_range.field ?? 'created';
      const column = field === 'created' ? 'createdAt' : field === 'updated' ? 'updatedAt' : undefined;
      if (!column) faults.push({ field: 'filters.date_range.field', message: `unknown date field '${String(field)}'`, expected: 'created or updated' });
      const from = isoDate(f.date_range.from, 'filters.date_range.from', faults);
      // inclusive as written: a `to` of a day holds that whole day, one of a second that whole
      // second (REST shows times in seconds, and a row created at 14:38:04.512 "is" 14:38:04)
      const rawTo = f.date_range.to;
      let to = isoDate(rawTo, 'filters.date_range.to', faults);
      if (to && typeof rawTo === 'string') {
        if (/^\d{4}-\d{2}-\d{2}$/.test(rawTo)) to = new Date(to.getTime() + 86_400_000 - 1);
        else if (!/[T ]\d{2}:\d{2}:\d{2}[.,]\d/.test(rawTo)) to = new Date(to.getTime() + 999);
      }
      if (column) dateRange = { column, from, to };
    }
  }
  const statusFilter = stringList(f.status, 'filters.status', faults);
  const tagsFilter = stringList(f.tags, 'filters.tags', faults);
  const custom: [string, string[]][] = [];
  if (f.custom_fields !== undefined && f.custom_fields !== null) {
    if (!isObject(f.custom_fields)) faults.push({ field: 'filters.custom_fields', message: 'must be an object of metadata keys to values', expected: 'object' });
    else for (const [k, v] of Object.entries(f.custom_fields)) {
      const values = typeof v === 'string' ? [v] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
      if (!values) faults.push({ field: `filters.custom_fields.${k}`, message: 'must be a string or an array of strings', expected: 'string' });
      else custom.push([k, values]);
    }
  }

  // facets
  const facetNames = [...new Set(stringList(req.facets, 'facets', faults))];
  const badFacets = facetNames.filter((name) => {
    if (name === 'resource_type') return false;
    if (name === 'status') return !searched.some((d) => d.status);
    if (name === 'currency') return !searched.some((d) => d.currency);
    if (name.startsWith('metadata.')) return name.length === 'metadata.'.length || !searched.some((d) => d.metadata);
    return true;
  });
  if (badFacets.length) faults.push({ field: 'facets', message: `unknown facet fields: ${badFacets.join(', ')}`, expected: 'resource_type, or status, currency or metadata.<key> of the searched resources' });

  // sort
  let sortField = 'score';
  let sortOrder: 'asc' | 'desc' = 'desc';
  if (req.sort !== undefined && req.sort !== null) {
    if (!isObject(req.sort)) faults.push({ field: 'sort', message: 'must be an object {field, order}', expected: 'object' });
    else {
      const field = req.sort.field;
      const amountNames = new Set(searched.flatMap((d) => (d.amount ? [d.amount] : [])));
      if (typeof field !== 'string' || !['score', 'relevance', 'created', 'updated', ...amountNames].includes(field)) {
        faults.push({ field: 'sort.field', message: `unknown sort field '${String(field)}'`, expected: `score, created, updated${amountNames.size ? ', ' + [...amountNames].join(', ') : ''}` });
      } else sortField = field === 'relevance' ? 'score' : field;
      const order = req.sort.order ?? (sortField === 'score' ? 'desc' : 'asc');
      if (order !== 'asc' && order !== 'desc') faults.push({ field: 'sort.order', message: "must be 'asc' or 'desc'", expected: 'asc or desc', code: 'INVALID_ENUM_VALUE' });
      else sortOrder = order;
    }
  }

  // pagination
  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  if (req.pagination !== undefined && req.pagination !== null) {
    if (!isObject(req.pagination)) faults.push({ field: 'pagination', message: 'must be an object {page, per_page}', expected: 'object' });
    else {
      const p = req.pagination.page ?? 1;
      const pp = req.pagination.per_page ?? DEFAULT_PER_PAGE;
      if (!Number.isInteger(p) || (p as number) < 1) faults.push({ field: 'pagination.page', message: 'must be an integer from 1', expected: 'integer >= 1' });
      else page = p as number;
      if (!Number.isInteger(pp) || (pp as number) < 1 || (pp as number) > MAX_PER_PAGE) faults.push({ field: 'pagination.per_page', message: `must be an integer from 1 to ${MAX_PER_PAGE}`, expected: `integer 1-${MAX_PER_PAGE}` });
      else perPage = pp as number;
    }
  }
  for (const k of ['highlight', 'suggest'] as const) {
    if (req[k] !== undefined && req[k] !== null && typeof req[k] !== 'boolean') faults.push({ field: k, message: 'must be a boolean', expected: 'boolean' });
  }
  if (faults.length) throw ApiError.validation(faults);
  if (page * perPage > MAX_RESULTS) {
    throw new ApiError('VALIDATION_ERROR', `pagination: page x per_page may not exceed ${MAX_RESULTS} (the search result limit)`, {
      errors: [{ field: 'pagination', message: `page x per_page is ${page * perPage}, at most ${MAX_RESULTS}`, expected: `page x per_page <= ${MAX_RESULTS}` }], max_results: MAX_RESULTS,
    }, 'pagination');
  }
  const wantHighlights = req.highlight === true;
  const wantSuggestions = req.suggest === true;
  const answer = (results: SearchResultItem[], total: number, facets: Record<string, Record<string, number>>, suggestions: SearchAnswer['suggestions']): SearchAnswer => ({
    results, facets, suggestions, total_results: total, page, per_page: perPage, query_time_ms: Math.round((performance.now() - started) * 100) / 100,
  });
  const emptyFacets = Object.fromEntries(facetNames.map((n) => [n, {}]));
  if (!resolved.length) return answer([], 0, emptyFacets, []);

  // --- the query's terms
  const pathFields = new Map<string, ResolvedField[]>();
  for (const r of resolved) for (const fl of r.fields) pathFields.set(fl.path.toLowerCase(), [...(pathFields.get(fl.path.toLowerCase()) ?? []), fl]);
  const keywordFields = new Set<string>();
  for (const d of searched) { if (d.status) keywordFields.add(d.status); if (d.currency) keywordFields.add(d.currency); }
  const known = new Set([...pathFields.keys(), ...keywordFields]);
  const terms = parseQuery(query, known);
  for (const t of terms) {
    if (t.kind !== 'field') continue;
    for (const fl of pathFields.get(t.field) ?? []) if (fl.via && !canReadResource(principal, fl.via)) authorize(principal, `${fl.via}:read`);
  }
  const prisma = db.prisma;
  const account = principal.accountId;
  const live = principal.livemode;
  const readable = searched.map((d) => d.resource);
  // words of related resources (an order's customer) come from their own dictionary
  const dictResources = [...new Set([...readable, ...resolved.filter((r) => r.full).flatMap((r) => r.fields.flatMap((fl) => (fl.via ? [fl.via] : [])))])];

  // the terms' folded words: lower-case ASCII terms here, any other by the database (one round trip)
  const asciiOf = terms.map((t) => asciiTokens(t.raw));
  const folded = asciiOf.some((x) => x === undefined)
    ? await prisma.$queryRawUnsafe<{ i: number; toks: string[] }[]>(
      `SELECT u.i::int AS i, regexp_split_to_array(search_fold(u.t), '[^[:alnum:]]+') AS toks FROM unnest($1::text[]) WITH ORDINALITY u(t, i)`,
      terms.map((t) => t.raw),
    )
    : [];
  const tokensOf = terms.map((_, i) => asciiOf[i] ?? (folded.find((r) => Number(r.i) === i + 1)?.toks ?? []).filter(Boolean));
  // a query of punctuation only ("((((", "-") has nothing to look for: empty, as the spec has it
  // (not "everything"); a field condition (status:paid) counts as something
  if (!terms.some((t, i) => t.kind === 'field' || (t.kind !== 'exclude' && tokensOf[i].length > 0))) {
    throw new InvalidQueryError('query has no words to search for (only punctuation or exclusions): give at least one letter or digit');
  }
  // free words: every one must match; the last is a prefix unless the query ends with a space
  const words: { w: string; prefix: boolean; k: number; candidates: string[] }[] = [];
  terms.forEach((t, i) => { if (t.kind === 'word') for (const w of tokensOf[i]) words.push({ w, prefix: false, k: typoAllowance(w), candidates: [] }); });
  const lastTerm = terms[terms.length - 1];
  if (words.length && lastTerm?.kind === 'word' && !/\s$/.test(query) && tokensOf[terms.length - 1].length) words[words.length - 1].prefix = true;
  const typoWords = words.map((w, i) => ({ ...w, i })).filter((w) => w.k > 0).slice(0, MAX_TYPO_WORDS);
  if (typoWords.length) {
    const rows = await prisma.$queryRawUnsafe<{ i: number; word: string }[]>(
      `SELECT u.i::int AS i, c.word FROM unnest($4::text[], $5::int[], $6::boolean[]) WITH ORDINALITY u(w, k, p, i),
         LATERAL search_typo_candidates($1, $2, $3::text[], u.w, u.k, u.p) c`,
      account, live, dictResources, typoWords.map((w) => w.w), typoWords.map((w) => w.k), typoWords.map((w) => w.prefix),
    );
    const accepted = new Map<number, { word: string; d: number }[]>();
    for (const row of rows) {
      const tw = typoWords[Number(row.i) - 1];
      const target = words[tw.i];
      // words with digits (codes, e-mail local parts like ann1987) are no typo targets
      if (row.word === target.w || (target.prefix && row.word.startsWith(target.w)) || /\d/.test(row.word)) continue;
      const d = osaDistance(row.word, target.w, target.k);
      const ok = d <= target.k || (target.prefix && prefixWithin(row.word, target.w, target.k));
      if (ok) accepted.set(tw.i, [...(accepted.get(tw.i) ?? []), { word: row.word, d: Math.min(d, target.k + 1) }]);
    }
    // the closest few (whole-word typos before prefix typos, shorter first): each joins the tsquery
    for (const [i, list] of accepted) {
      words[i].candidates = list.sort((a, b) => a.d - b.d || a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
        .slice(0, MAX_CANDIDATES).map((c) => c.word);
    }
  }
  const phrases = terms.flatMap((t, i) => (t.kind === 'phrase' && tokensOf[i].length ? [tokensOf[i]] : []));
  const excluded = terms.flatMap((t, i) => (t.kind === 'exclude' && tokensOf[i].length ? [tokensOf[i]] : []));
  const fieldTerms = terms.flatMap((t, i) => (t.kind === 'field' ? [{ field: t.field, raw: t.raw, tokens: tokensOf[i] }] : []));

  const phraseQ = (toks: string[]) => (toks.length === 1 ? lexeme(toks[0]) : `(${toks.map((x) => lexeme(x)).join(' <-> ')})`);
  const positive: string[] = [];
  const exactParts: string[] = [];
  const noTypoParts: string[] = [];
  for (const w of words) {
    positive.push(`(${[lexeme(w.w, w.prefix), ...w.candidates.map((c) => lexeme(c))].join(' | ')})`);
    exactParts.push(lexeme(w.w));
    noTypoParts.push(lexeme(w.w, w.prefix));
  }
  for (const p of phrases) { positive.push(phraseQ(p)); exactParts.push(phraseQ(p)); noTypoParts.push(phraseQ(p)); }
  // field:value narrows by the index too: its words as prefixes
  for (const ft of fieldTerms) if (!keywordFields.has(ft.field)) for (const tok of ft.tokens) positive.push(lexeme(tok, true));
  const qPos = positive.join(' & ');
  const qNeg = excluded.map(phraseQ).join(' | ');

  // --- the statement
  const params: unknown[] = [account, live, readable];
  const p = (v: unknown, cast = '') => `$${params.push(v)}${cast}`;
  const fullRes = resolved.filter((r) => r.full).map((r) => r.decl.resource);
  const ownRes = resolved.filter((r) => !r.full).map((r) => r.decl.resource);
  const vec = !ownRes.length ? 'd."tsvAll"' : !fullRes.length ? 'd.tsv' : `(CASE WHEN d.resource = ANY(${p(fullRes, '::text[]')}) THEN d."tsvAll" ELSE d.tsv END)`;
  const where: string[] = ['d."accountId" = $1', 'd.livemode = $2', 'd.resource = ANY($3::text[])'];
  let qPosParam = '';
  if (qPos) {
    qPosParam = p(qPos, '::tsquery');
    if (fullRes.length && ownRes.length) {
      where.push(`((d.resource = ANY(${p(fullRes, '::text[]')}) AND d."tsvAll" @@ ${qPosParam}) OR (d.resource = ANY(${p(ownRes, '::text[]')}) AND d.tsv @@ ${qPosParam}))`);
    } else where.push(`${vec} @@ ${qPosParam}`);
  }
  if (qNeg) where.push(`NOT (${vec} @@ ${p(qNeg, '::tsquery')})`);
  for (const ft of fieldTerms) {
    if (keywordFields.has(ft.field)) {
      const column = searched.some((d) => d.status === ft.field) ? 'status' : 'currency';
      where.push(`lower(d.${column}) = ${p(ft.raw.toLowerCase())}`);
      continue;
    }
    const value = !ft.tokens.length ? ft.raw.toLowerCase() : asciiTokens(ft.raw) ? ft.raw : await foldOne(db, ft.raw);
    const paths = [...new Set((pathFields.get(ft.field) ?? []).map((fl) => fl.path))];
    const re = p(`(^|[^[:alnum:]])${regexEscape(value)}`);
    where.push(`(${paths.map((path) => `(d.fields->>${p(path)}) ~ ${re}`).join(' OR ')})`);
  }
  if (statusFilter.length) where.push(`d.status = ANY(${p(statusFilter, '::text[]')})`);
  for (const tag of tagsFilter) {
    where.push(`EXISTS (SELECT 1 FROM unnest(string_to_array(d.metadata->>'tags', ',')) x WHERE lower(btrim(x)) = ${p(tag.trim().toLowerCase())})`);
  }
  for (const [k, values] of custom) where.push(`(d.metadata->>${p(k)}) = ANY(${p(values, '::text[]')})`);
  if (dateRange?.from) where.push(`d."${dateRange.column}" >= ${p(dateRange.from.toISOString(), '::timestamptz')}`);
  if (dateRange?.to) where.push(`d."${dateRange.column}" <= ${p(dateRange.to.toISOString(), '::timestamptz')}`);

  // the tier of a match: 2 exact, 1 without typos (a prefix), 0 with typos; each test costs a
  // tsquery match per row, so the ones the query makes certain are left out: no typo candidate
  // means every match is typo-free (tier >= 1), no prefix word means typo-free is exact
  const exactQ = exactParts.join(' & ');
  const noTypoQ = noTypoParts.join(' & ');
  const typoFree = exactParts.length > 0 && words.every((w) => !w.candidates.length);
  const prefixFree = exactQ === noTypoQ;
  const tier = () => typoFree && prefixFree ? '2'
    : typoFree ? `(CASE WHEN ${vec} @@ ${p(exactQ, '::tsquery')} THEN 2 ELSE 1 END)`
      : prefixFree ? `(CASE WHEN ${vec} @@ ${p(exactQ, '::tsquery')} THEN 2 ELSE 0 END)`
        : `(CASE WHEN ${vec} @@ ${p(exactQ, '::tsquery')} THEN 2 WHEN ${vec} @@ ${p(noTypoQ, '::tsquery')} THEN 1 ELSE 0 END)`;
  const score = qPos ? `(${tier()} + ts_rank(${vec}, ${qPosParam}))::float8` : '0::float8';
  let sortExpr = 'NULL::int';
  if (sortField === 'created' || sortField === 'updated') sortExpr = `d."${sortField}At"`;
  else if (sortField !== 'score') {
    const withIt = searched.filter((d) => d.amount === sortField).map((d) => d.resource);
    sortExpr = `CASE WHEN d.resource = ANY(${p(withIt, '::text[]')}) THEN d.amount END`;
  }
  const dir = sortOrder === 'asc' ? 'ASC' : 'DESC';
  const order = sortField === 'score'
    ? `score ${dir}, created DESC, id DESC`
    : `sortv ${dir} NULLS LAST, score DESC, id ${dir}`;
  const facetCols = facetNames.map((name, i) => {
    if (name === 'resource_type') return `d.resource AS fc${i}`;
    if (name === 'status' || name === 'currency') return `d.${name} AS fc${i}`;
    return `(d.metadata->>${p(name.slice('metadata.'.length))}) AS fc${i}`;
  });
  const facetSelects = facetNames.map((_, i) =>
    `(SELECT coalesce(json_object_agg(k, c), '{}'::json) FROM (SELECT fc${i} AS k, count(*)::int AS c FROM m WHERE fc${i} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${MAX_FACET_VALUES}) x) AS facet${i}`);
  const sql = `WITH m AS MATERIALIZED (
    SELECT d.resource, d.id, d."createdAt" AS created, ${sortExpr} AS sortv, ${score} AS score${facetCols.length ? ', ' + facetCols.join(', ') : ''}
    FROM "SearchDocument" d
    WHERE ${where.join('\n      AND ')}
  )
  SELECT (SELECT count(*)::int FROM m) AS total,
    (SELECT coalesce(json_agg(json_build_object('resource', resource, 'id', id, 'score', score) ORDER BY ${order}), '[]'::json)
       FROM (SELECT * FROM m ORDER BY ${order} LIMIT ${p(perPage)} OFFSET ${p((page - 1) * perPage)}) pg) AS page
    ${facetSelects.length ? ', ' + facetSelects.join(',\n    ') : ''}`;
  // suggestions read only the dictionary: they run beside the statement (on PostgreSQL, on
  // another pool connection)
  const suggesting = wantSuggestions ? suggest(db, principal, dictResources, terms, tokensOf, words) : Promise.resolve([]);
  const [[row], suggestions] = await Promise.all([prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params), suggesting]);
  const total = Number(row.total);
  const pageRows = parseJson(row.page) as { resource: string; id: string; score: number }[];
  const facets: Record<string, Record<string, number>> = {};
  facetNames.forEach((name, i) => { facets[name] = parseJson(row[`facet${i}`]) as Record<string, number>; });
  // the documents' resource (`orders`) is shown as the results' resource_type (`order`)
  if (facets.resource_type) {
    facets.resource_type = Object.fromEntries(Object.entries(facets.resource_type)
      .map(([resource, count]) => [searched.find((d) => d.resource === resource)?.type ?? resource, count]));
  }

  // --- the rows, as REST shows them
  const terms4highlight: HighlightTerms = {
    exact: new Set([...words.flatMap((w) => [w.w, ...w.candidates]), ...phrases.flat()]),
    prefixes: [...words.filter((w) => w.prefix).map((w) => w.w), ...fieldTerms.flatMap((ft) => ft.tokens)],
  };
  const results = await loadResults(db, principal, resolved, pageRows, wantHighlights ? terms4highlight : undefined, opts);
  return answer(results, total, facets, suggestions);
}

function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

async function foldOne(db: Database, text: string): Promise<string> {
  const [r] = await db.prisma.$queryRawUnsafe<{ f: string }[]>('SELECT search_fold($1) AS f', text);
  return r.f;
}

function delegate(db: Database, model: string) {
  return (db.prisma as unknown as Record<string, { findMany(args: unknown): Promise<Record<string, unknown>[]> }>)[model[0].toLowerCase() + model.slice(1)];
}

async function loadResults(
  db: Database, principal: Principal, resolved: Resolved[], pageRows: { resource: string; id: string; score: number }[],
  terms: HighlightTerms | undefined, opts: SearchOptions,
): Promise<SearchResultItem[]> {
  const scope = { accountId: principal.accountId, livemode: principal.livemode };
  const rowsById = new Map<string, Record<string, unknown>>();
  const related = new Map<string, Record<string, unknown>>();
  const groups = new Map<string, string[]>();
  for (const r of pageRows) groups.set(r.resource, [...(groups.get(r.resource) ?? []), r.id]);
  await Promise.all([...groups].map(async ([resource, ids]) => {
    const res = resolved.find((x) => x.decl.resource === resource)!;
    const rows = await delegate(db, res.decl.model).findMany({ where: { ...scope, id: { in: ids } }, ...(res.decl.include ? { include: res.decl.include } : {}) });
    for (const row of rows) rowsById.set(`${resource}:${row.id as string}`, row);
    if (!terms) return;
    // related rows (an order's customer) for their highlights, when the key may read them
    const refs = new Map<string, ResolvedField[]>();
    for (const fl of res.fields) if (fl.ref && (!fl.via || canReadResource(principal, fl.via))) refs.set(fl.ref.model, [...(refs.get(fl.ref.model) ?? []), fl]);
    await Promise.all([...refs].map(async ([model, fls]) => {
      const fkIds = [...new Set(rows.map((row) => row[fls[0].ref!.fk]).filter((v): v is string => typeof v === 'string'))];
      if (!fkIds.length) return;
      const found = await delegate(db, model).findMany({ where: { ...scope, id: { in: fkIds } } });
      for (const f of found) related.set(`${model}:${f.id as string}`, f);
    }));
  }));
  const pre = opts.highlightPre ?? '<em>';
  const post = opts.highlightPost ?? '</em>';
  const out: SearchResultItem[] = [];
  for (const r of pageRows) {
    const row = rowsById.get(`${r.resource}:${r.id}`);
    if (!row) continue; // deleted since the statement
    const res = resolved.find((x) => x.decl.resource === r.resource)!;
    const item: SearchResultItem = { id: r.id, resource_type: res.decl.type, score: Math.round(r.score * 1e6) / 1e6, data: present(res.decl.model, row) };
    if (terms) item.highlights = highlightsOf(res, row, related, terms, pre, post);
    out.push(item);
  }
  return out;
}

function highlightsOf(res: Resolved, row: Record<string, unknown>, related: Map<string, Record<string, unknown>>, terms: HighlightTerms, pre: string, post: string): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, text: unknown) => {
    if (typeof text !== 'string' || !text) return;
    const h = highlight(text, terms, pre, post);
    if (h !== undefined) out[key] = h;
  };
  for (const fl of res.fields) {
    if (fl.kind === 'own') put(fl.path, row[fieldForRestName(res.decl.model, fl.path)!.name]);
    else if (fl.child) {
      const list = row[fl.child.relation];
      if (Array.isArray(list)) list.forEach((el, i) => put(`${fl.child!.relation}[${i}].${fl.path.split('.')[1]}`, (el as Record<string, unknown>)[fl.child!.field]));
    } else if (fl.ref) {
      const fk = row[fl.ref.fk];
      const rel = typeof fk === 'string' ? related.get(`${fl.ref.model}:${fk}`) : undefined;
      if (rel) put(fl.path, rel[fl.ref.field]);
    }
  }
  return out;
}

/**
 * Spelling corrections (each word with no exact match among the words the key may read,
 * replaced by its nearest word) and completions of the last word, from the dictionary of the
 * key's account, mode and readable resources only.
 */
async function suggest(
  db: Database, principal: Principal, resources: string[], terms: Term[], tokensOf: string[][],
  words: { w: string; prefix: boolean }[],
): Promise<{ text: string; score: number }[]> {
  if (!words.length) return [];
  const last = words[words.length - 1];
  const checkable = words.filter((w) => !/\d/.test(w.w)).map((w) => w.w);
  const rows = await db.prisma.$queryRawUnsafe<{ kind: string; i: number | null; word: string; score: number }[]>(
    `SELECT 'exact' AS kind, NULL::int AS i, w.word, 1::float8 AS score FROM "SearchWord" w
       WHERE w."accountId" = $1 AND w.livemode = $2 AND w.resource = ANY($3::text[]) AND w.word = ANY($4::text[])
     UNION ALL
     SELECT 'near', u.i::int, n.word, n.score::float8 FROM unnest($4::text[]) WITH ORDINALITY u(t, i), LATERAL search_nearest_words($1, $2, $3::text[], u.t, 1) n
     UNION ALL
     (SELECT 'complete', NULL, w.word, 0 FROM "SearchWord" w
       WHERE $6::boolean AND w."accountId" = $1 AND w.livemode = $2 AND w.resource = ANY($3::text[]) AND w.word LIKE $5::text AND w.word <> $7::text
       GROUP BY w.word ORDER BY char_length(w.word), w.word LIMIT ${MAX_SUGGESTIONS})`,
    principal.accountId, principal.livemode, resources, checkable,
    `${last.w.replace(/[\\%_]/g, '\\$&')}%`, last.prefix && !/\d/.test(last.w), last.w,
  );
  const exact = new Set(rows.filter((r) => r.kind === 'exact').map((r) => r.word));
  const nearest = new Map<string, { word: string; score: number }>();
  for (const r of rows) if (r.kind === 'near' && r.i !== null) nearest.set(checkable[Number(r.i) - 1], { word: r.word, score: Number(r.score) });
  // the query again, with its free words replaced
  const render = (replace: (w: string, isLast: boolean) => string) => {
    let k = 0;
    return terms.map((t, i) => {
      if (t.kind === 'word') return tokensOf[i].map((w) => replace(w, ++k === words.length)).join(' ');
      if (t.kind === 'phrase') return `"${t.raw}"`;
      if (t.kind === 'exclude') return t.phrase ? `-"${t.raw}"` : `-${t.raw}`;
      return `${t.field}:${t.raw}`;
    }).filter(Boolean).join(' ');
  };
  const out: { text: string; score: number }[] = [];
  const scores: number[] = [];
  let changed = false;
  const corrected = render((w, isLast) => {
    if (exact.has(w) || /\d/.test(w)) return w;
    if (isLast && last.prefix && rows.some((r) => r.kind === 'complete')) return w;
    const n = nearest.get(w);
    if (!n || n.word === w) return w;
    changed = true;
    scores.push(n.score);
    return n.word;
  });
  if (changed) out.push({ text: corrected, score: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1000) / 1000 });
  for (const r of rows.filter((x) => x.kind === 'complete')) {
    out.push({ text: render((w, isLast) => (isLast ? r.word : w)), score: Math.round((last.w.length / r.word.length) * 1000) / 1000 });
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
