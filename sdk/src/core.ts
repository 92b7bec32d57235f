// The transport under every resource: openapi-fetch (typed by the generated `paths`) with what
// users of Stripe's SDK expect around it: the key and the Api-Version on every request, an
// Idempotency-Key on every POST (the same on each retry), retries of 429, 5xx and network
// errors (Retry-After honoured up to 60 s, else jittered exponential backoff), a timeout per
// attempt, typed errors, and auto-paging lists.
import createClient from 'openapi-fetch';
import { API_VERSION, SDK_VERSION } from './generated/meta.js';
import type { paths } from './generated/openapi.js';
import { ApiError, CommerceError, ConnectionError } from './errors.js';
import { PagePromise, type PageLike } from './pagination.js';
import { retryDelayMs, shouldRetryStatus, sleep } from './retry.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Scalar = string | number | boolean | Date;
/**
 * A query-string value: a scalar; an array (joined with commas, as `status_in=a,b` takes them,
 * or repeated for a name ending in `[]`, as `expand[]`); or an object of bracket operators
 * (`created: { gte: 1700000000 }` is `created[gte]=1700000000`). Dates are sent as Unix seconds.
 */
export type QueryValue = Scalar | null | undefined | readonly Scalar[] | { readonly [op: string]: Scalar | undefined };
export type QueryParams = { [name: string]: QueryValue };
export type JsonObject = { [key: string]: unknown };

export interface ClientOptions {
  /** a secret (sk_...), restricted (rk_...) or publishable (pk_...) key, or an OAuth access token */
  apiKey?: string;
  /** the server's root URL, without /v1 (e.g. https://api.example.com) */
  baseUrl: string;
  /** the Api-Version sent on every request; default: the version this SDK was generated for */
  apiVersion?: string;
  /** retries of a 429, a 5xx, a network error or a timeout; default 2 */
  maxRetries?: number;
  /** milliseconds per attempt; default 60000 */
  timeout?: number;
  /** headers sent on every request */
  headers?: Record<string, string>;
  /** a fetch implementation (default: globalThis.fetch) */
  fetch?: (request: Request) => Promise<Response>;
}

export interface RequestOptions {
  /** the Idempotency-Key of this request (POST requests get a generated one when absent) */
  idempotencyKey?: string;
  /** Api-Version of this request */
  apiVersion?: string;
  /** another key for this request */
  apiKey?: string;
  maxRetries?: number;
  /** milliseconds per attempt */
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What the last answer said besides its body (`result.lastResponse`). */
export interface ResponseInfo {
  status: number;
  headers: Headers;
  /** X-Request-Id */
  requestId: string | undefined;
  /** the Idempotency-Key the request carried */
  idempotencyKey: string | undefined;
  /** the Api-Version the answer is rendered in */
  apiVersion: string | undefined;
  /** Idempotent-Replayed: the answer is the replay of an earlier request with the same key */
  replayed: boolean;
  /** attempts made (1 when the first one answered) */
  attempts: number;
}

/** An answer with `lastResponse` (not enumerable: it is not part of the JSON). */
export type WithResponse<T> = T & { readonly lastResponse: ResponseInfo };

/** One call of an operation, as the generated resources describe it. */
export interface CallSpec {
  method: HttpMethod;
  /** the path template of the OpenAPI document (`/v1/orders/{id}`) */
  path: string;
  pathParams?: Record<string, string>;
  query?: object;
  body?: unknown;
  /** how to read a success: JSON (default) or text (a route answering text/plain, CSV...) */
  parseAs?: 'json' | 'text';
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;

/** Query values as the API reads them (see QueryValue). */
export function serializeQuery(query: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const text = (v: unknown) => (v instanceof Date ? String(Math.floor(v.getTime() / 1000)) : String(v));
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const values = value.filter((v) => v !== undefined && v !== null);
      if (name.endsWith('[]')) for (const v of values) out.append(name, text(v));
      else if (values.length) out.append(name, values.map(text).join(','));
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [op, v] of Object.entries(value)) if (v !== undefined && v !== null) out.append(`${name}[${op}]`, text(v));
    } else {
      out.append(name, text(value));
    }
  }
  return out.toString();
}

function randomKey(): string {
  return `sdk_${globalThis.crypto.randomUUID()}`;
}

type LooseFetchClient = {
  request(method: string, url: string, init: Record<string, unknown>): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

/** The base of the generated resources. */
export abstract class APIResource {
  protected readonly _client: BaseClient;
  constructor(client: BaseClient) {
    this._client = client;
  }
}

// ---- typing of client.request() on the document's own paths ----
type Op<P extends keyof paths, M extends HttpMethod> = paths[P] extends { [K in Lowercase<M>]: infer O } ? O : never;
type PathsWith<M extends HttpMethod> = { [P in keyof paths]: Op<P, M> extends { responses: unknown } ? P : never }[keyof paths];
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined] ? QueryParams : NonNullable<Q> & QueryParams) : QueryParams;
type PathParamsOf<O> = O extends { parameters: { path: infer P } } ? ([P] extends [undefined] ? never : P) : never;
type SuccessOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends { content: { 'application/json': infer J } } ? (unknown extends J ? JsonObject : J) : JsonObject) : never }[keyof R]
  : JsonObject;

/** The parameters of client.request() for a path of the document. */
export interface TypedRequestInit<O> {
  /** values of the path template's `{...}` parameters */
  path?: PathParamsOf<O> extends never ? Record<string, string> : PathParamsOf<O>;
  query?: QueryOf<O>;
  body?: BodyOf<O>;
}
export interface RequestInitLoose {
  path?: Record<string, string>;
  query?: QueryParams;
  body?: unknown;
}

export class BaseClient {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly #apiKey: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #http: LooseFetchClient;

  constructor(options: ClientOptions) {
    if (!options || typeof options.baseUrl !== 'string' || !options.baseUrl) throw new TypeError('new Client({ apiKey, baseUrl }): baseUrl (the server root, e.g. https://api.example.com) is required');
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`baseUrl '${options.baseUrl}' is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`baseUrl '${options.baseUrl}' must be an http(s) URL`);
    if (/\/v1\/?$/.test(url.pathname)) throw new TypeError(`baseUrl is the server root, without /v1 (got '${options.baseUrl}')`);
    if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || !options.apiKey)) throw new TypeError('apiKey must be a non-empty string');
    if (options.maxRetries !== undefined && (!Number.isInteger(options.maxRetries) || options.maxRetries < 0)) throw new TypeError('maxRetries must be an integer >= 0');
    if (options.timeout !== undefined && (!Number.isFinite(options.timeout) || options.timeout <= 0)) throw new TypeError('timeout must be a positive number of milliseconds');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiVersion = options.apiVersion ?? API_VERSION;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.#apiKey = options.apiKey;
    this.#headers = { ...options.headers };
    const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.#http = createClient<paths>({ baseUrl: this.baseUrl, fetch: fetchImpl, querySerializer: serializeQuery as never }) as unknown as LooseFetchClient;
  }

  /**
   * Any route, by method and path: the escape hatch for what the resources do not cover.
   * With a path template of the API (`/v1/orders/{id}`) the parameters and answer are typed.
   *
   *     await client.request('GET', '/v1/orders/{id}', { path: { id } });
   *     await client.request('POST', '/v1/orders/ord_123/cancel', { body: {} });
   */
  request<M extends HttpMethod, P extends PathsWith<M>>(method: M, path: P, init?: TypedRequestInit<Op<P, M>>, options?: RequestOptions): Promise<WithResponse<SuccessOf<Op<P, M>>>>;
  request<T = JsonObject>(method: HttpMethod, path: string, init?: RequestInitLoose, options?: RequestOptions): Promise<WithResponse<T>>;
  request(method: HttpMethod, path: string, init: RequestInitLoose = {}, options: RequestOptions = {}): Promise<unknown> {
    const upper = String(method).toUpperCase() as HttpMethod;
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) throw new TypeError(`method must be GET, POST, PUT, PATCH or DELETE (got '${method}')`);
    if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError(`path must start with / (got '${path}')`);
    return this._call({ method: upper, path, pathParams: init.path, query: init.query, body: init.body }, options);
  }

  /**
   * Auto-paging over any list route (`{ object: 'list', data, pagination }`), e.g. an endpoint's deliveries:
   *
   *     for await (const d of client.paginate('/v1/webhooks/we_123/deliveries', { limit: 100 })) ...
   */
  paginate<T = JsonObject>(path: string, query: QueryParams = {}, options: RequestOptions = {}): PagePromise<PageLike<T>, T> {
    return this._list<PageLike<T>, T>({ method: 'GET', path, query }, options);
  }

  /** @internal an auto-paging list call of a generated resource */
  _list<Page extends PageLike<Item>, Item>(spec: CallSpec, options: RequestOptions = {}): PagePromise<Page, Item> {
    return new PagePromise<Page, Item>((query) => this._call<Page>({ ...spec, query }, options), (spec.query ?? {}) as QueryParams);
  }

  /** @internal one call: headers, retries, errors */
  async _call<T>(spec: CallSpec, options: RequestOptions = {}): Promise<WithResponse<T>> {
    for (const [name, value] of Object.entries(spec.pathParams ?? {})) {
      if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string (got ${value === '' ? "''" : typeof value})`);
    }
    const missing = [...spec.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!).filter((n) => spec.pathParams?.[n] === undefined);
    if (missing.length) throw new TypeError(`${spec.path}: missing path parameter ${missing.join(', ')}`);
    if (spec.body !== undefined && (spec.body === null || typeof spec.body !== 'object')) throw new TypeError(`the parameters of ${spec.method} ${spec.path} must be an object`);

    const idempotencyKey = options.idempotencyKey ?? (spec.method === 'POST' ? randomKey() : undefined);
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw new TypeError('idempotencyKey must be 1 to 255 printable ASCII characters');
    const apiKey = options.apiKey ?? this.#apiKey;
    const headers: Record<string, string> = {
      Accept: spec.parseAs === 'text' ? '*/*' : 'application/json',
      'User-Agent': `commerce-api-sdk-node/${SDK_VERSION}`,
      ...this.#headers,
      ...options.headers,
      'Api-Version': options.apiVersion ?? this.apiVersion,
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...(idempotencyKey !== undefined ? { 'Idempotency-Key': idempotencyKey } : {}),
    };
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeout = options.timeout ?? this.timeout;
    // a body of POST, PUT and PATCH: an empty object when the caller gave none
    const body = spec.body ?? (spec.method === 'GET' || spec.method === 'DELETE' ? undefined : {});

    for (let attempt = 0; ; attempt++) {
      const timer = AbortSignal.timeout(timeout);
      const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
      let result: { data?: unknown; error?: unknown; response: Response };
      try {
        result = await this.#http.request(spec.method, spec.path, {
          params: { path: spec.pathParams, query: spec.query },
          body,
          headers,
          signal,
          parseAs: spec.parseAs ?? 'json',
        });
      } catch (err) {
        if (options.signal?.aborted) throw err; // the caller's own abort
        if (err instanceof SyntaxError) throw new CommerceError(`${spec.method} ${spec.path}: the answer is not valid JSON`, { cause: err });
        const timedOut = timer.aborted;
        if (attempt < maxRetries) {
          await sleep(retryDelayMs(attempt, null), options.signal);
          continue;
        }
        const why = timedOut ? `timed out after ${timeout} ms` : `failed: ${(err as Error)?.cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error)?.message}`;
        throw new ConnectionError(`${spec.method} ${spec.path} ${why}${attempt ? ` (${attempt + 1} attempts)` : ''}`, { cause: err, timedOut, idempotencyKey });
      }
      const { response } = result;
      if (response.ok) return withResponse(result.data as T, response, idempotencyKey, attempt + 1);
      if (attempt < maxRetries && shouldRetryStatus(response.status, result.error)) {
        await sleep(retryDelayMs(attempt, response.headers.get('retry-after')), options.signal);
        continue;
      }
      throw ApiError.from({ status: response.status, headers: response.headers, body: result.error, idempotencyKey });
    }
  }
}

function withResponse<T>(data: T, response: Response, idempotencyKey: string | undefined, attempts: number): WithResponse<T> {
  const info: ResponseInfo = {
    status: response.status,
    headers: response.headers,
    requestId: response.headers.get('x-request-id') ?? undefined,
    idempotencyKey,
    apiVersion: response.headers.get('api-version') ?? undefined,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    attempts,
  };
  // a text answer stays a string (a primitive carries no lastResponse)
  if (typeof data === 'string') return data as unknown as WithResponse<T>;
  const target = (data !== null && typeof data === 'object' ? data : {}) as object;
  Object.defineProperty(target, 'lastResponse', { value: info, enumerable: false, configurable: true });
  return target as WithResponse<T>;
}
