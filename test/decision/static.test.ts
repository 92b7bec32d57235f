import { describe, it, expect, afterEach } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openapi, schemaErrors, STATIC_DIR } from './helpers.js';
import { skipping } from '../helpers/skip.js';

describe('openapi.json', () => {
  it('describes the three endpoints with the key scheme and every response schema', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info.version).toBe('1.3.0');
    expect(Object.keys(openapi.paths).sort()).toEqual(['/api/svc/catalog', '/api/svc/decisions', '/api/svc/requests/{idempotencyKey}']);
    expect(openapi.components.securitySchemes.SvcApiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Svc-Api-Key' }));
    expect(openapi.paths['/api/svc/catalog'].get.security).toEqual([]);
    expect(openapi.paths['/api/svc/decisions'].post.security).toEqual([{ SvcApiKey: [] }]);
    expect(openapi.paths['/api/svc/requests/{idempotencyKey}'].get.security).toEqual([{ SvcApiKey: [] }]);
    const post = openapi.paths['/api/svc/decisions'].post;
    expect(post.parameters[0]).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '409', '429']));
    expect(post.responses['429'].headers['Retry-After']).toBeTruthy();
    for (const path of Object.values(openapi.paths) as Array<Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>)
      for (const op of Object.values(path))
        for (const res of Object.values(op.responses)) expect(res.content?.['application/json']?.schema).toBeTruthy();
    expect(openapi.components.schemas.Request.additionalProperties).toBe(false);
    expect(openapi.components.schemas.RequestStatus.properties.status.enum).toEqual(['pending', 'completed', 'failed', 'unknown']);
  });

  it('has no dangling $ref', () => {
    const refs = JSON.stringify(openapi).match(/"\$ref":"#\/components\/schemas\/[A-Za-z]+"/g) ?? [];
    for (const r of refs) expect(openapi.components.schemas[r.split('/').pop()!.replace('"', '')]).toBeTruthy();
  });

  it('the request schema rejects unknown properties and long messages', () => {
    expect(schemaErrors({ industry: 'retail', scenario: 'x' }, 'Request')).toEqual([]);
    expect(schemaErrors({ industry: 'retail', scenario: 'x', extra: 1 }, 'Request')).toEqual(['$: unexpected property extra']);
    expect(schemaErrors({ industry: 'retail', scenario: 'x', message: 'a'.repeat(4001) }, 'Request')).toEqual(['$.message: too long']);
  });
});

describe('example.json', () => {
  const example = JSON.parse(readFileSync(STATIC_DIR + 'example.json', 'utf8'));
  it('is an illustrative walkthrough whose decision matches the schema', () => {
    expect(example.illustrative).toBe(true);
    const decision = example.steps[1].response.body;
    expect(schemaErrors(decision, 'Decision', true)).toEqual([]);
    expect(schemaErrors(example.steps[2].response.body, 'RequestStatus')).toEqual([]);
    expect(JSON.stringify(example)).not.toMatch(/sk-|svc_live/);
  });
});

// ------------------------------------------------------------------ starters against a fake service

interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body?: unknown;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

const KEY = 'svc_test_key_123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function fakeService(post: { status: number; headers?: Record<string, string>; body: unknown }, lookupStatus: string) {
  const hits: Hit[] = [];
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body: data ? JSON.parse(data) : undefined });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_hdr', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/api/svc/catalog')
        return json(200, {
          live_available: true,
          packs: [
            { industry: 'financial_services', scenarios: [{ id: 'first' }, { id: 'second' }] },
            { industry: 'media', scenarios: [{ id: 'm1' }, { id: 'm2' }] },
          ],
        });
      if (req.method === 'POST' && req.url === '/api/svc/decisions') return json(post.status, post.body, post.headers);
      const m = /^\/api\/svc\/requests\/([^/]+)$/.exec(req.url!);
      if (req.method === 'GET' && m)
        return json(200, { idempotency_key: decodeURIComponent(m[1]), status: lookupStatus, industry: 'x', scenario: 'y', created: new Date().toISOString(), completed: null });
      json(404, { error: { code: 'not_found', message: 'no', next_action: 'none', safe_to_auto_retry: false } });
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, hits };
}

function run(cmd: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd[0], cmd.slice(1), { env: { PATH: process.env.PATH, ...env }, timeout: 20000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const hasPython = spawnSync('python3', ['--version']).status === 0;
const starters: Array<[string, string[], boolean]> = [
  ['starter.mjs', [process.execPath, STATIC_DIR + 'starter.mjs'], true],
  ['starter.py', ['python3', STATIC_DIR + 'starter.py'], hasPython],
];

const okDecision = {
  industry: 'financial_services',
  scenario: 'first',
  mode: 'live',
  result: { decision: 'approved', plain_explanation: 'Approved: because.', judgments: { model: 'm', judgments: [] }, routing: { band: 'act' } },
  expectation_applicable: true,
  request_id: 'req_1',
};

for (const [name, cmd, available] of starters) {
  describe.skipIf(skipping(!available, `${name}: its interpreter is not on PATH`))(name, () => {
    it('runs one decision with the key header and a fresh idempotency key, then reads the status', async () => {
      const { base, hits } = await fakeService({ status: 200, body: okDecision }, 'completed');
      const r = await run([...cmd, base], { SVC_API_KEY: KEY });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('decision: approved');
      expect(r.stdout).toContain('routing: act');
      expect(r.stdout).toContain('Approved: because.');
      expect(r.stdout).toContain('request_id: req_1');
      expect(r.stdout.trim().split('\n').pop()).toBe('status: completed');
      const posts = hits.filter((h) => h.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0].headers['x-svc-api-key']).toBe(KEY);
      expect(posts[0].headers['idempotency-key']).toMatch(UUID);
      expect(posts[0].body).toEqual({ industry: 'financial_services', scenario: 'first' });
      const lookups = hits.filter((h) => h.url.startsWith('/api/svc/requests/'));
      expect(lookups).toHaveLength(1);
      expect(lookups[0].url).toBe(`/api/svc/requests/${posts[0].headers['idempotency-key']}`);
      expect(lookups[0].headers['x-svc-api-key']).toBe(KEY);
      expect(hits.every((h) => !h.url.includes(KEY))).toBe(true);
      expect(hits.find((h) => h.url === '/api/svc/catalog')?.headers['x-svc-api-key']).toBeUndefined();
    });

    it('picks --industry and --scenario', async () => {
      const { base, hits } = await fakeService({ status: 200, body: okDecision }, 'completed');
      const r = await run([...cmd, base, '--industry', 'media', '--scenario', 'm2'], { SVC_API_KEY: KEY });
      expect(r.code, r.stderr).toBe(0);
      expect(hits.find((h) => h.method === 'POST')?.body).toEqual({ industry: 'media', scenario: 'm2' });
    });

    it('on 429 waits Retry-After and only re-reads the status, never re-posting', async () => {
      const err = { error: { code: 'rate_limited', message: 'slow down', next_action: 'wait', safe_to_auto_retry: false, retry_after_seconds: 1 } };
      const { base, hits } = await fakeService({ status: 429, headers: { 'retry-after': '1' }, body: err }, 'unknown');
      const r = await run([...cmd, base], { SVC_API_KEY: KEY });
      // the wait it took is the one Retry-After asked for (said on stderr), not a clock reading
      expect(r.stderr).toMatch(/waiting 1s/);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('slow down');
      expect(hits.filter((h) => h.method === 'POST')).toHaveLength(1);
      expect(hits.filter((h) => h.url.startsWith('/api/svc/requests/'))).toHaveLength(1);
      expect(r.stdout.trim().split('\n').pop()).toBe('status: unknown');
    });

    it('exits non-zero with the error body on failure', async () => {
      const err = { error: { code: 'idempotency_conflict', message: 'key reused with other inputs', next_action: 'use a new key', safe_to_auto_retry: false } };
      const { base, hits } = await fakeService({ status: 409, body: err }, 'completed');
      const r = await run([...cmd, base], { SVC_API_KEY: KEY });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('key reused with other inputs');
      expect(hits.filter((h) => h.method === 'POST')).toHaveLength(1);
    });

    it('refuses to run without SVC_API_KEY', async () => {
      const { base, hits } = await fakeService({ status: 200, body: okDecision }, 'completed');
      const r = await run([...cmd, base], {});
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('SVC_API_KEY');
      expect(hits).toHaveLength(0);
    });
  });
}
