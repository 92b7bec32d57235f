// The SDK's transport against real local HTTP servers that answer as each test says: retries of
// 429 (Retry-After), 5xx and network errors with the same Idempotency-Key, timeouts, no retry of
// a 4xx, the headers sent on every request, and the backoff arithmetic.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSION, ApiError, Client, ConnectionError, InvalidRequestError, RateLimitError, ServerError } from '@commerce-api/sdk';
import { parseRetryAfter, retryDelayMs, MAX_RETRY_AFTER_SECONDS } from '../../sdk/dist/retry.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (n: number, req: Seen, res: ServerResponse) => void;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server answering request number n (0-based) with `handler`. */
async function mock(handler: Handler) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      seen.push(got);
      handler(seen.length - 1, got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  servers.push({ close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) });
  return { url, seen };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_mock_${status}_${Date.now()}`, ...headers });
  res.end(JSON.stringify(body));
}

const envelope = (code: string, status: number, extra: Record<string, unknown> = {}) => ({
  error: { code, message: `${code} from the mock`, type: 'api_error', status, details: {}, request_id: 'req_in_body', timestamp: new Date().toISOString(), documentation_url: 'https://docs.commerce-api.dev/errors', ...extra },
});

const ORDER = { id: 'ord_mock', object: 'order', status: 'pending' };

describe('retries', () => {
  it('retries a 429 after its Retry-After with the same Idempotency-Key, then returns the answer', async () => {
    const m = await mock((n, _req, res) => (n === 0 ? json(res, 429, envelope('RATE_LIMITED', 429), { 'retry-after': '1' }) : json(res, 201, ORDER)));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    const order = await client.orders.create({ currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] });
    expect(order.id).toBe('ord_mock');
    expect(m.seen).toHaveLength(2);
    const [first, second] = m.seen;
    expect(first!.headers['idempotency-key']).toMatch(/^sdk_[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toBe(first!.body);
    // Retry-After: 1 is honoured (not the 0.5 s first backoff)
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(order.lastResponse.attempts).toBe(2);
    expect(order.lastResponse.idempotencyKey).toBe(first!.headers['idempotency-key']);
    expect(order.lastResponse.status).toBe(201);
  });

  it('keeps a caller-given Idempotency-Key on every retry of 5xx answers and network errors', async () => {
    const m = await mock((n, _req, res) => {
      if (n === 0) return json(res, 503, envelope('DATABASE_ERROR', 503));
      if (n === 1) return res.socket?.destroy(); // a connection that breaks without an answer
      json(res, 200, ORDER);
    });
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    const order = await client.orders.cancel('ord_mock', { reason: 'duplicate' }, { idempotencyKey: 'cancel-ord_mock-1' });
    expect(order.status).toBe('pending');
    expect(m.seen.map((s) => s.headers['idempotency-key'])).toEqual(['cancel-ord_mock-1', 'cancel-ord_mock-1', 'cancel-ord_mock-1']);
    expect(m.seen.map((s) => s.url)).toEqual(Array(3).fill('/v1/orders/ord_mock/cancel'));
    expect(order.lastResponse.attempts).toBe(3);
  });

  it('gives up after maxRetries (2 by default) with a typed error carrying status, code and X-Request-Id', async () => {
    const m = await mock((_n, _req, res) => json(res, 503, envelope('SERVICE_UNAVAILABLE', 503), { 'x-request-id': 'req_header_id' }));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    const err = await client.orders.retrieve('ord_mock').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', requestId: 'req_header_id', name: 'ServerError' });
    expect((err as ApiError).envelope?.error.request_id).toBe('req_in_body');
    expect(m.seen).toHaveLength(3);
    // a GET carries no Idempotency-Key
    expect(m.seen.every((s) => s.headers['idempotency-key'] === undefined)).toBe(true);
    // jittered exponential backoff: about 0.25-0.5 s, then 0.5-1 s
    expect(m.seen[1]!.at - m.seen[0]!.at).toBeGreaterThanOrEqual(240);
    expect(m.seen[2]!.at - m.seen[1]!.at).toBeGreaterThanOrEqual(490);
  });

  it('maxRetries: 0 surfaces the 429 at once as a RateLimitError with its Retry-After', async () => {
    const m = await mock((_n, _req, res) => json(res, 429, envelope('RATE_LIMITED', 429, { details: { retry_after: 7 } }), { 'retry-after': '7' }));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url, maxRetries: 0 });
    const err = await client.orders.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfter).toBe(7);
    expect(m.seen).toHaveLength(1);
  });

  it('does not retry a 4xx', async () => {
    const m = await mock((_n, _req, res) => json(res, 400, envelope('VALIDATION_ERROR', 400, { param: 'items', details: { errors: [{ field: 'items', message: 'required' }] } })));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    const err = await client.orders.create({ currency: 'usd', items: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', param: 'items', details: { errors: [{ field: 'items', message: 'required' }] } });
    expect(m.seen).toHaveLength(1);
  });

  it('retries a 409 RESOURCE_LOCKED on its own Idempotency-Key (the first attempt still running)', async () => {
    const m = await mock((n, req, res) => (n === 0
      ? json(res, 409, envelope('RESOURCE_LOCKED', 409, { details: { idempotency_key: req.headers['idempotency-key'] } }), { 'retry-after': '0' })
      : json(res, 201, ORDER)));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    await client.orders.create({ currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] });
    expect(m.seen).toHaveLength(2);
  });

  it('times out an attempt after `timeout` ms, retries it, then throws a ConnectionError', async () => {
    const m = await mock((_n, _req, res) => { setTimeout(() => json(res, 200, ORDER), 3000).unref(); });
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url, timeout: 200, maxRetries: 1 });
    const started = Date.now();
    const err = await client.orders.retrieve('ord_mock').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).timedOut).toBe(true);
    expect((err as Error).message).toMatch(/timed out after 200 ms \(2 attempts\)/);
    expect(m.seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a connection refused is a ConnectionError after the retries', async () => {
    const m = await mock(() => undefined);
    await servers.splice(0)[0]!.close(); // nothing listens on the port any more
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url, maxRetries: 1 });
    const err = await client.orders.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).timedOut).toBe(false);
  });

  it("the caller's AbortSignal stops the request and the waits between retries", async () => {
    const m = await mock((_n, _req, res) => json(res, 503, envelope('SERVICE_UNAVAILABLE', 503), { 'retry-after': '30' }));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const err = await client.orders.list({}, { signal: controller.signal }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(m.seen).toHaveLength(1);
  });
});

describe('headers', () => {
  it('sends the key, Api-Version (the generated one, or the option), a fresh Idempotency-Key per POST, or the given one', async () => {
    const m = await mock((_n, req, res) => json(res, req.method === 'POST' ? 201 : 200, req.method === 'GET' ? { object: 'list', data: [], pagination: { has_more: false, next_cursor: null } } : ORDER));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: `${m.url}/` });
    const body = { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }] };
    await client.orders.create(body);
    await client.orders.create(body);
    await client.orders.create(body, { idempotencyKey: 'mine-1', apiVersion: '2026-06-01' });
    await client.orders.list({ status: 'paid', limit: 3, created: { gte: new Date(1_700_000_000_000) }, status_in: ['paid', 'fulfilled'], 'expand[]': ['customer', 'items'] });
    const [a, b, c, list] = m.seen;
    expect(API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([a, b, list].map((s) => s!.headers['api-version'])).toEqual([API_VERSION, API_VERSION, API_VERSION]);
    expect(c!.headers['api-version']).toBe('2026-06-01');
    expect(m.seen.every((s) => s.headers.authorization === 'Bearer sk_test_mock')).toBe(true);
    expect(a!.headers['idempotency-key']).not.toBe(b!.headers['idempotency-key']);
    expect(c!.headers['idempotency-key']).toBe('mine-1');
    expect(a!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(a!.body)).toEqual(body);
    const query = new URL(list!.url, m.url).searchParams;
    expect(query.get('status')).toBe('paid');
    expect(query.get('limit')).toBe('3');
    expect(query.get('created[gte]')).toBe('1700000000');
    expect(query.get('status_in')).toBe('paid,fulfilled');
    expect(query.getAll('expand[]')).toEqual(['customer', 'items']);
    expect(list!.url.startsWith('/v1/orders?')).toBe(true);
  });

  it('refuses bad arguments before sending anything', async () => {
    const m = await mock((_n, _req, res) => json(res, 200, ORDER));
    const client = new Client({ apiKey: 'sk_test_mock', baseUrl: m.url });
    await expect(client.orders.retrieve('')).rejects.toThrow(TypeError);
    await expect(client.orders.create({ currency: 'usd', items: [] }, { idempotencyKey: 'has space' })).rejects.toThrow(/idempotencyKey/);
    expect(() => new Client({ apiKey: 'k', baseUrl: 'not a url' })).toThrow(TypeError);
    expect(() => new Client({ apiKey: 'k', baseUrl: `${m.url}/v1` })).toThrow(/without \/v1/);
    expect(m.seen).toHaveLength(0);
  });
});

describe('backoff arithmetic', () => {
  it('honours Retry-After up to 60 s, as seconds or an HTTP-date', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(60);
    expect(retryDelayMs(0, '3')).toBe(3000);
    expect(retryDelayMs(0, '3600')).toBe(60_000);
    expect(retryDelayMs(1, '0')).toBe(0);
    const now = Date.now();
    expect(parseRetryAfter(new Date(now + 10_000).toUTCString(), now)).toBeGreaterThan(8);
    expect(retryDelayMs(0, new Date(Date.now() + 3_600_000).toUTCString())).toBe(60_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('without Retry-After: exponential from 0.5 s, capped at 8 s, jittered to half-to-all', () => {
    expect(retryDelayMs(0, null, () => 0)).toBe(250);
    expect(retryDelayMs(0, null, () => 1)).toBe(500);
    expect(retryDelayMs(1, null, () => 1)).toBe(1000);
    expect(retryDelayMs(2, null, () => 0.5)).toBe(1500);
    expect(retryDelayMs(10, null, () => 1)).toBe(8000);
    const samples = Array.from({ length: 50 }, () => retryDelayMs(1, 'garbage'));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...samples)).toBeLessThanOrEqual(1000);
    expect(new Set(samples).size).toBeGreaterThan(1);
  });
});
