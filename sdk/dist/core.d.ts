import type { paths } from './generated/openapi.js';
import { PagePromise, type PageLike } from './pagination.js';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Scalar = string | number | boolean | Date;
/**
 * A query-string value: a scalar; an array (joined with commas, as `status_in=a,b` takes them,
 * or repeated for a name ending in `[]`, as `expand[]`); or an object of bracket operators
 * (`created: { gte: 1700000000 }` is `created[gte]=1700000000`). Dates are sent as Unix seconds.
 */
export type QueryValue = Scalar | null | undefined | readonly Scalar[] | {
    readonly [op: string]: Scalar | undefined;
};
export type QueryParams = {
    [name: string]: QueryValue;
};
export type JsonObject = {
    [key: string]: unknown;
};
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
export type WithResponse<T> = T & {
    readonly lastResponse: ResponseInfo;
};
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
/** Query values as the API reads them (see QueryValue). */
export declare function serializeQuery(query: Record<string, unknown>): string;
/** The base of the generated resources. */
export declare abstract class APIResource {
    protected readonly _client: BaseClient;
    constructor(client: BaseClient);
}
type Op<P extends keyof paths, M extends HttpMethod> = paths[P] extends {
    [K in Lowercase<M>]: infer O;
} ? O : never;
type PathsWith<M extends HttpMethod> = {
    [P in keyof paths]: Op<P, M> extends {
        responses: unknown;
    } ? P : never;
}[keyof paths];
type BodyOf<O> = O extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
type QueryOf<O> = O extends {
    parameters: {
        query?: infer Q;
    };
} ? ([Q] extends [undefined] ? QueryParams : NonNullable<Q> & QueryParams) : QueryParams;
type PathParamsOf<O> = O extends {
    parameters: {
        path: infer P;
    };
} ? ([P] extends [undefined] ? never : P) : never;
type SuccessOf<O> = O extends {
    responses: infer R;
} ? {
    [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends {
        content: {
            'application/json': infer J;
        };
    } ? (unknown extends J ? JsonObject : J) : JsonObject) : never;
}[keyof R] : JsonObject;
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
export declare class BaseClient {
    #private;
    readonly baseUrl: string;
    readonly apiVersion: string;
    readonly maxRetries: number;
    readonly timeout: number;
    constructor(options: ClientOptions);
    /**
     * Any route, by method and path: the escape hatch for what the resources do not cover.
     * With a path template of the API (`/v1/orders/{id}`) the parameters and answer are typed.
     *
     *     await client.request('GET', '/v1/orders/{id}', { path: { id } });
     *     await client.request('POST', '/v1/orders/ord_123/cancel', { body: {} });
     */
    request<M extends HttpMethod, P extends PathsWith<M>>(method: M, path: P, init?: TypedRequestInit<Op<P, M>>, options?: RequestOptions): Promise<WithResponse<SuccessOf<Op<P, M>>>>;
    request<T = JsonObject>(method: HttpMethod, path: string, init?: RequestInitLoose, options?: RequestOptions): Promise<WithResponse<T>>;
    /**
     * Auto-paging over any list route (`{ object: 'list', data, pagination }`), e.g. an endpoint's deliveries:
     *
     *     for await (const d of client.paginate('/v1/webhooks/we_123/deliveries', { limit: 100 })) ...
     */
    paginate<T = JsonObject>(path: string, query?: QueryParams, options?: RequestOptions): PagePromise<PageLike<T>, T>;
    /** @internal an auto-paging list call of a generated resource */
    _list<Page extends PageLike<Item>, Item>(spec: CallSpec, options?: RequestOptions): PagePromise<Page, Item>;
    /** @internal one call: headers, retries, errors */
    _call<T>(spec: CallSpec, options?: RequestOptions): Promise<WithResponse<T>>;
}
export {};
