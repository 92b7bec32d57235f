// Shared assertions of the REST tests: the spec's error envelope and list envelope, and a
// raw node:http client for what fetch hides (compressed bytes, chunked bodies, no
// Content-Type).
import { request } from 'node:http';
import { expect } from 'vitest';
import { api, type ApiResponse } from '../helpers/server.js';

/** The spec's error body: error.{code, message, type, details, request_id, timestamp, documentation_url}. */
export function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }, res.text.slice(0, 500)).toEqual({ status, code });
  const e = res.body.error;
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(typeof e.type).toBe('string');
  expect(e.type.length).toBeGreaterThan(0);
  expect(e.details !== null && typeof e.details === 'object' && !Array.isArray(e.details)).toBe(true);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toMatch(/^req_/);
  expect(e.request_id).toBe(requestId);
  expect(e.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  expect(Math.abs(Date.parse(e.timestamp) - Date.now())).toBeLessThan(60_000);
  expect(e.documentation_url).toMatch(/^https?:\/\/\S+$/);
  return e as { code: string; message: string; type: string; details: Record<string, any>; param?: string };
}

/** The invalid fields a validation error lists, in details.errors[].field. */
export function faultFields(res: ApiResponse): string[] {
  const errors = res.body?.error?.details?.errors;
  expect(Array.isArray(errors), res.text.slice(0, 500)).toBe(true);
  for (const e of errors) {
    expect(typeof e.field).toBe('string');
    expect(typeof e.message).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
  }
  return errors.map((e: { field: string }) => e.field);
}

/** The spec's list envelope. */
export function expectList(res: ApiResponse) {
  expect(res.status, res.text.slice(0, 500)).toBe(200);
  const b = res.body;
  expect(Array.isArray(b.data)).toBe(true);
  expect(typeof b.pagination.has_more).toBe('boolean');
  for (const k of ['next_cursor', 'previous_cursor']) expect(b.pagination[k] === null || typeof b.pagination[k] === 'string').toBe(true);
  for (const k of ['total_count', 'page_count', 'current_page']) expect(Number.isInteger(b.pagination[k]), k).toBe(true);
  expect(b.meta.request_id).toBe(res.headers.get('x-request-id'));
  expect(Number.isInteger(b.meta.response_time_ms)).toBe(true);
  expect(b.meta.response_time_ms).toBeGreaterThanOrEqual(0);
  return b as { data: any[]; pagination: any; meta: any };
}

export function ids(res: ApiResponse): string[] {
  return res.body.data.map((o: { id: string }) => o.id);
}

/** Creates an order and returns its body (asserting the 201). */
export async function createOrder(url: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await api(url, '/v1/orders', { key, body, headers });
  expect(res.status, res.text.slice(0, 500)).toBe(201);
  return res.body;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through node:http: raw bytes back, any headers (or none) sent. */
export function rawRequest(
  base: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<RawResponse> {
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) {
      if (opts.chunked) {
        // no Content-Length: node sends Transfer-Encoding: chunked
        const buf = Buffer.from(opts.body);
        const step = 1 << 20;
        for (let i = 0; i < buf.length; i += step) req.write(buf.subarray(i, i + step));
      } else {
        req.write(opts.body);
      }
    }
    req.end();
  });
}

/** The parsed JSON of a raw response wrapped like api()'s answer, for expectError. */
export function asApiResponse(raw: RawResponse): ApiResponse {
  const text = raw.body.toString('utf8');
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  let body: unknown;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: raw.status, headers, body, text };
}
