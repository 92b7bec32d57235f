// The transport under every resource: openapi-fetch (typed by the generated `paths`) with what
// users of Stripe's SDK expect around it: the key and the Api-Version on every request, an
// Idempotency-Key on every POST (the same on each retry), retries of 429, 5xx and network
// errors (Retry-After honoured up to 60 s, else jittered exponential backoff), a timeout per
// attempt, typed errors, and auto-paging lists.
import createClient from 'openapi-fetch';
import { API_VERSION, SDK_VERSION } from './generated/meta.js';
import { ApiError, CommerceError, ConnectionError } from './errors.js';
import { PagePromise } from './pagination.js';
import { retryDelayMs, shouldRetryStatus, sleep } from './retry.js';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;
/** Query values as the API reads them (see QueryValue). */
export function serializeQuery(query) {
    const out = new URLSearchParams();
    const text = (v) => (v instanceof Date ? String(Math.floor(v.getTime() / 1000)) : String(v));
    for (const [name, value] of Object.entries(query)) {
        if (value === undefined || value === null)
            continue;
        if (Array.isArray(value)) {
            const values = value.filter((v) => v !== undefined && v !== null);
            if (name.endsWith('[]'))
                for (const v of values)
                    out.append(name, text(v));
            else if (values.length)
                out.append(name, values.map(text).join(','));
        }
        else if (typeof value === 'object' && !(value instanceof Date)) {
            for (const [op, v] of Object.entries(value))
                if (v !== undefined && v !== null)
                    out.append(`${name}[${op}]`, text(v));
        }
        else {
            out.append(name, text(value));
        }
    }
    return out.toString();
}
function randomKey() {
    return `sdk_${globalThis.crypto.randomUUID()}`;
}
/** The base of the generated resources. */
export class APIResource {
    _client;
    constructor(client) {
        this._client = client;
    }
}
export class BaseClient {
    baseUrl;
    apiVersion;
    maxRetries;
    timeout;
    #apiKey;
    #headers;
    #http;
    constructor(options) {
        if (!options || typeof options.baseUrl !== 'string' || !options.baseUrl)
            throw new TypeError('new Client({ apiKey, baseUrl }): baseUrl (the server root, e.g. https://api.example.com) is required');
        let url;
        try {
            url = new URL(options.baseUrl);
        }
        catch {
            throw new TypeError(`baseUrl '${options.baseUrl}' is not a URL`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new TypeError(`baseUrl '${options.baseUrl}' must be an http(s) URL`);
        if (/\/v1\/?$/.test(url.pathname))
            throw new TypeError(`baseUrl is the server root, without /v1 (got '${options.baseUrl}')`);
        if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || !options.apiKey))
            throw new TypeError('apiKey must be a non-empty string');
        if (options.maxRetries !== undefined && (!Number.isInteger(options.maxRetries) || options.maxRetries < 0))
            throw new TypeError('maxRetries must be an integer >= 0');
        if (options.timeout !== undefined && (!Number.isFinite(options.timeout) || options.timeout <= 0))
            throw new TypeError('timeout must be a positive number of milliseconds');
        this.baseUrl = options.baseUrl.replace(/\/+$/, '');
        this.apiVersion = options.apiVersion ?? API_VERSION;
        this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
        this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
        this.#apiKey = options.apiKey;
        this.#headers = { ...options.headers };
        const fetchImpl = options.fetch ?? ((request) => globalThis.fetch(request));
        this.#http = createClient({ baseUrl: this.baseUrl, fetch: fetchImpl, querySerializer: serializeQuery });
    }
    request(method, path, init = {}, options = {}) {
        const upper = String(method).toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper))
            throw new TypeError(`method must be GET, POST, PUT, PATCH or DELETE (got '${method}')`);
        if (typeof path !== 'string' || !path.startsWith('/'))
            throw new TypeError(`path must start with / (got '${path}')`);
        return this._call({ method: upper, path, pathParams: init.path, query: init.query, body: init.body }, options);
    }
    /**
     * Auto-paging over any list route (`{ object: 'list', data, pagination }`), e.g. an endpoint's deliveries:
     *
     *     for await (const d of client.paginate('/v1/webhooks/we_123/deliveries', { limit: 100 })) ...
     */
    paginate(path, query = {}, options = {}) {
        return this._list({ method: 'GET', path, query }, options);
    }
    /** @internal an auto-paging list call of a generated resource */
    _list(spec, options = {}) {
        return new PagePromise((query) => this._call({ ...spec, query }, options), (spec.query ?? {}));
    }
    /** @internal one call: headers, retries, errors */
    async _call(spec, options = {}) {
        for (const [name, value] of Object.entries(spec.pathParams ?? {})) {
            if (typeof value !== 'string' || value === '')
                throw new TypeError(`${name} must be a non-empty string (got ${value === '' ? "''" : typeof value})`);
        }
        const missing = [...spec.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]).filter((n) => spec.pathParams?.[n] === undefined);
        if (missing.length)
            throw new TypeError(`${spec.path}: missing path parameter ${missing.join(', ')}`);
        if (spec.body !== undefined && (spec.body === null || typeof spec.body !== 'object'))
            throw new TypeError(`the parameters of ${spec.method} ${spec.path} must be an object`);
        const idempotencyKey = options.idempotencyKey ?? (spec.method === 'POST' ? randomKey() : undefined);
        if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey))
            throw new TypeError('idempotencyKey must be 1 to 255 printable ASCII characters');
        const apiKey = options.apiKey ?? this.#apiKey;
        const headers = {
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
        for (let attempt = 0;; attempt++) {
            const timer = AbortSignal.timeout(timeout);
            const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
            let result;
            try {
                result = await this.#http.request(spec.method, spec.path, {
                    params: { path: spec.pathParams, query: spec.query },
                    body,
                    headers,
                    signal,
                    parseAs: spec.parseAs ?? 'json',
                });
            }
            catch (err) {
                if (options.signal?.aborted)
                    throw err; // the caller's own abort
                if (err instanceof SyntaxError)
                    throw new CommerceError(`${spec.method} ${spec.path}: the answer is not valid JSON`, { cause: err });
                const timedOut = timer.aborted;
                if (attempt < maxRetries) {
                    await sleep(retryDelayMs(attempt, null), options.signal);
                    continue;
                }
                const why = timedOut ? `timed out after ${timeout} ms` : `failed: ${err?.cause instanceof Error ? err.cause.message : err?.message}`;
                throw new ConnectionError(`${spec.method} ${spec.path} ${why}${attempt ? ` (${attempt + 1} attempts)` : ''}`, { cause: err, timedOut, idempotencyKey });
            }
            const { response } = result;
            if (response.ok)
                return withResponse(result.data, response, idempotencyKey, attempt + 1);
            if (attempt < maxRetries && shouldRetryStatus(response.status, result.error)) {
                await sleep(retryDelayMs(attempt, response.headers.get('retry-after')), options.signal);
                continue;
            }
            throw ApiError.from({ status: response.status, headers: response.headers, body: result.error, idempotencyKey });
        }
    }
}
function withResponse(data, response, idempotencyKey, attempts) {
    const info = {
        status: response.status,
        headers: response.headers,
        requestId: response.headers.get('x-request-id') ?? undefined,
        idempotencyKey,
        apiVersion: response.headers.get('api-version') ?? undefined,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        attempts,
    };
    // a text answer stays a string (a primitive carries no lastResponse)
    if (typeof data === 'string')
        return data;
    const target = (data !== null && typeof data === 'object' ? data : {});
    Object.defineProperty(target, 'lastResponse', { value: info, enumerable: false, configurable: true });
    return target;
}
