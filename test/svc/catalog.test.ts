// The decision service's public, key-less door: GET /api/svc/catalog, the OpenAPI description
// and the static helpers it links to, and the X-Request-ID header on every response.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { schemaErrors, STATIC_DIR } from '../decision/helpers.js';

const INDUSTRIES = ['financial_services', 'travel_hospitality', 'healthcare', 'retail', 'telecommunications', 'technology', 'media'];
const REQUEST_ID = /^req_[0-9a-z]+$/;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

/** Every response carries X-Request-ID. */
function rid(res: ApiResponse): string {
  const id = res.headers.get('x-request-id');
  expect(id, `X-Request-ID missing (HTTP ${res.status})`).toMatch(REQUEST_ID);
  return id!;
}

async function get(url: string): Promise<ApiResponse & { contentType: string }> {
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body, contentType: res.headers.get('content-type') ?? '' };
}

describe('GET /api/svc/catalog', () => {
  it('needs no key and lists every field of the Catalog', async () => {
    const res = await api(t.url, '/api/svc/catalog');
    expect(res.status).toBe(200);
    rid(res);
    const c = res.body;
    // this server runs the local lexical judge: not a live model
    expect(c.live_available).toBe(false);
    expect(Number.isInteger(c.version)).toBe(true);
    expect(c.version).toBeGreaterThanOrEqual(0);
    expect(c.schema_version).toBe('1.3.0');
    expect(c.requires_svc_key).toBe(true);
    expect(c.model).toBe('local-lexical-judge-v1');
    expect(c.max_message_chars).toBe(4000);
    expect(c.openapi).toBe(`${t.url}/api/svc/openapi.json`);
    expect(c.example).toBe(`${t.url}/svc/example.json`);
    expect(c.starter_kits).toEqual({ python: `${t.url}/svc/starter.py`, javascript: `${t.url}/svc/starter.mjs` });
    expect(typeof c.agent_instructions).toBe('string');
    expect(c.agent_instructions).toContain('X-Svc-Api-Key');
    expect(c.agent_instructions).toContain('Idempotency-Key');
    expect(c.agent_instructions).toMatch(/never in a URL/i);
    expect(c.agent_instructions).toContain('/api/svc/requests/');
    expect(c.agent_instructions).toContain('Retry-After');
    expect(typeof c.capabilities).toBe('string');
    expect(c.capabilities.length).toBeGreaterThan(0);
    expect(schemaErrors(c, 'Catalog')).toEqual([]);
  });

  it('lists all seven industry packs with scenarios, policy, questions and source trust', async () => {
    const { body } = await api(t.url, '/api/svc/catalog');
    expect(body.packs.map((p: { industry: string }) => p.industry)).toEqual(INDUSTRIES);
    for (const p of body.packs) {
      expect(p.scenarios.length, p.industry).toBeGreaterThan(0);
      expect(p.policy.length, p.industry).toBeGreaterThan(0);
      expect(p.questions.length, p.industry).toBeGreaterThan(0);
      expect(Object.keys(p.source_trust).length, p.industry).toBeGreaterThan(0);
      expect(p.rules).toBe(p.policy.length);
      expect(p.judgments).toBe(p.questions.length);
      const ids = p.scenarios.map((s: { id: string }) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of p.scenarios) {
        expect(typeof s.message, `${p.industry}/${s.id}`).toBe('string');
        expect(s.message.length).toBeGreaterThan(0);
        expect(['approved', 'denied', 'refused', 'not_approved']).toContain(s.expectation);
        expect(Array.isArray(s.facts)).toBe(true);
      }
      // every pack demonstrates approved and denied outcomes
      const expectations = new Set(p.scenarios.map((s: { expectation: string }) => s.expectation));
      expect(expectations.has('approved'), p.industry).toBe(true);
    }
    // closed: no internal (compiled) structures leak beyond what the description declares
    expect(schemaErrors(body, 'Catalog', true)).toEqual([]);
  });

  it('is the same for every caller and never asks for a key (a key header is ignored)', async () => {
    const a = await api(t.url, '/api/svc/catalog');
    const b = await api(t.url, '/api/svc/catalog', { headers: { 'x-svc-api-key': 'svc_test_not_a_real_key' } });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(rid(a)).not.toBe(rid(b));
  });
});

describe('links of the catalog', () => {
  it('openapi URL serves valid OpenAPI 3.1 JSON describing the three paths', async () => {
    const { body: c } = await api(t.url, '/api/svc/catalog');
    const res = await get(c.openapi);
    expect(res.status).toBe(200);
    rid(res);
    expect(res.contentType).toMatch(/^application\/json/);
    const doc = res.body as any;
    expect(doc).toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/svc/catalog', '/api/svc/decisions', '/api/svc/requests/{idempotencyKey}']);
    expect(Object.keys(doc.paths['/api/svc/catalog'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/svc/decisions'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/svc/requests/{idempotencyKey}'])).toEqual(['get']);
    expect(doc.components.securitySchemes.SvcApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Svc-Api-Key' });
    // every $ref resolves
    for (const ref of JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? []) {
      const name = ref.slice(8, -1).replace('#/components/schemas/', '');
      expect(doc.components.schemas[name], ref).toBeTruthy();
    }
    // the served file is the one in the tree
    expect(doc).toEqual(JSON.parse(readFileSync(STATIC_DIR + 'openapi.json', 'utf8')));
  });

  it('the limits the description states are the ones the service applies', async () => {
    const doc = JSON.parse(readFileSync(STATIC_DIR + 'openapi.json', 'utf8'));
    expect(doc.components.schemas.Request.properties.message.maxLength).toBe(4000);
    const idem = doc.paths['/api/svc/decisions'].post.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
    // the lookup takes the key in the path: the router refuses path parameters over 200 characters
    expect(idem.schema.maxLength).toBeLessThanOrEqual(200);
    const path = doc.paths['/api/svc/requests/{idempotencyKey}'].get.parameters[0];
    expect(path.schema.maxLength).toBe(idem.schema.maxLength);
  });

  it('example URL serves the illustrative walkthrough JSON', async () => {
    const { body: c } = await api(t.url, '/api/svc/catalog');
    const res = await get(c.example);
    expect(res.status).toBe(200);
    rid(res);
    expect(res.contentType).toMatch(/^application\/json/);
    const ex = res.body as any;
    expect(ex.illustrative).toBe(true);
    expect(Array.isArray(ex.steps)).toBe(true);
    expect(ex.steps.length).toBeGreaterThanOrEqual(3);
    expect(ex.steps[0].request.path).toBe('/api/svc/catalog');
    expect(ex.steps[1].request).toMatchObject({ method: 'POST', path: '/api/svc/decisions' });
    expect(schemaErrors(ex.steps[1].response.body, 'Decision', true)).toEqual([]);
    expect(schemaErrors(ex.steps[2].response.body, 'RequestStatus')).toEqual([]);
    // error codes shown in the walkthrough are the service's codes
    for (const step of ex.steps) {
      const code = step.response?.body?.error?.code;
      if (code !== undefined) expect(code).toMatch(/^[A-Z_]+$/);
    }
    expect(res.text).toBe(readFileSync(STATIC_DIR + 'example.json', 'utf8'));
  });

  it('starter_kits URLs serve the starter files', async () => {
    const { body: c } = await api(t.url, '/api/svc/catalog');
    const py = await get(c.starter_kits.python);
    expect(py.status).toBe(200);
    rid(py);
    expect(py.contentType).toMatch(/python/);
    expect(py.text).toBe(readFileSync(STATIC_DIR + 'starter.py', 'utf8'));
    expect(py.text.startsWith('#!/usr/bin/env python3')).toBe(true);
    const js = await get(c.starter_kits.javascript);
    expect(js.status).toBe(200);
    rid(js);
    expect(js.contentType).toMatch(/javascript/);
    expect(js.text).toBe(readFileSync(STATIC_DIR + 'starter.mjs', 'utf8'));
    expect(js.text.startsWith('#!/usr/bin/env node')).toBe(true);
  });

  it('live_available and model report the judge in force: false with the local judge, true with a chat-completions judge', async () => {
    const local = await api(t.url, '/api/svc/catalog');
    expect(local.body).toMatchObject({ live_available: false, model: 'local-lexical-judge-v1' });
    const live = await startTestServer({ SVC_JUDGE_BASE_URL: 'http://127.0.0.1:9/v1', SVC_JUDGE_MODEL: 'some-served-model' });
    try {
      const res = await api(live.url, '/api/svc/catalog');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ live_available: true, model: 'some-served-model' });
      expect(schemaErrors(res.body, 'Catalog', true)).toEqual([]);
    } finally {
      await live.stop();
    }
  });
});

describe('errors of the downloads (/svc/*)', () => {
  /** the decision service's error body (decision-demo.md, Errors), never the commerce envelope */
  function expectServiceError(res: ApiResponse, status: number, code: string) {
    expect(res.status, res.text).toBe(status);
    expect(res.body.error).toMatchObject({ code, safe_to_auto_retry: false, request_id: rid(res) });
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body.error.next_action.length).toBeGreaterThan(0);
    expect(res.body.error).not.toHaveProperty('type');
    expect(res.body.error).not.toHaveProperty('documentation_url');
    expect(schemaErrors(res.body, 'Error')).toEqual([]);
  }

  it('an unknown download is 404 ROUTE_NOT_FOUND in the service shape', async () => {
    for (const path of ['/svc/nope.txt', '/svc/starter.py/x', '/svc']) {
      const res = await api(t.url, path);
      expectServiceError(res, 404, 'ROUTE_NOT_FOUND');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('another method on a download is 405 METHOD_NOT_ALLOWED in the service shape, with Allow', async () => {
    for (const [method, path] of [['POST', '/svc/example.json'], ['PUT', '/svc/starter.py'], ['DELETE', '/svc/starter.mjs']]) {
      const res = await api(t.url, path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expectServiceError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.body.error.details).toEqual({ method, path, allowed: ['GET', 'HEAD'] });
    }
  });

  it('a malformed path, a key in the URL and an oversize body are refused in the service shape too', async () => {
    const malformed = await fetch(`${t.url}/svc/%zz.txt`);
    const body = await malformed.json() as { error: Record<string, unknown> };
    expect(malformed.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', safe_to_auto_retry: false, request_id: malformed.headers.get('x-request-id') });
    expect(typeof body.error.next_action).toBe('string');
    expectServiceError(await api(t.url, '/svc/example.json?key=svc_test_abc'), 400, 'KEY_IN_URL');
    const big = await api(t.url, '/svc/example.json', { method: 'POST', rawBody: 'x'.repeat(11 * 1024 * 1024) });
    expectServiceError(big, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('X-Request-ID on every response of the service', () => {
  it('on successes, errors, unknown routes and admin routes; error bodies repeat it', async () => {
    const responses = [
      await api(t.url, '/api/svc/catalog'),
      await api(t.url, '/api/svc/openapi.json'),
      await api(t.url, '/svc/example.json'),
      await api(t.url, '/svc/starter.py'),
      await api(t.url, '/svc/starter.mjs'),
      await api(t.url, '/api/svc/decisions', { body: { industry: 'retail', scenario: 'x' } }),
      await api(t.url, '/api/svc/requests/some-key-123'),
      await api(t.url, '/api/svc/no-such-route'),
      await api(t.url, '/api/svc/decisions'), // GET on a POST route
      await api(t.url, '/admin/svc/usage'),
    ];
    const ids = responses.map(rid);
    expect(new Set(ids).size).toBe(ids.length);
    for (const res of responses.slice(5, 9)) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toMatchObject({ safe_to_auto_retry: false, request_id: res.headers.get('x-request-id') });
      expect(typeof res.body.error.code).toBe('string');
      expect(typeof res.body.error.message).toBe('string');
      expect(typeof res.body.error.next_action).toBe('string');
    }
    expect(responses[7].status).toBe(404);
    expect(responses[7].body.error.code).toBe('ROUTE_NOT_FOUND');
    expect(responses[8].status).toBe(405);
    expect(responses[8].body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('the admin usage report is disabled without ADMIN_API_KEY', async () => {
    const res = await api(t.url, '/admin/svc/usage', { headers: { 'x-admin-key': 'anything-at-all-123456' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RESOURCE_ACCESS_DENIED');
  });
});
