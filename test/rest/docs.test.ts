// The error catalogue (GET /v1/errors, docs/errors.md) and the REST reference (docs/api.md)
// come from the registries the server runs on; the committed files must be fresh.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { ERROR_CATALOG, SPEC_LOWERCASE_CODES } from '../../src/errors.js';
import { errorReferenceMarkdown } from '../../src/error-reference.js';
import { apiReferenceMarkdown } from '../../src/api-reference.js';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(() => t?.stop());

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'generated') return [];
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('GET /v1/errors', () => {
  it('lists every code of the catalogue with its status, meaning and what to do, without a key', async () => {
    const res = await api(t.url, '/v1/errors');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    const codes = res.body.data.map((e: { code: string }) => e.code);
    // the catalogue, then the spec's lowercase codes (invalid_query), which docs/errors.md lists too
    expect(codes).toEqual([...Object.keys(ERROR_CATALOG), ...Object.keys(SPEC_LOWERCASE_CODES)]);
    expect(readFileSync(join(root, 'docs', 'errors.md'), 'utf8')).toContain('| `invalid_query` | 400 | `validation_error` |');
    const catalogue: Record<string, readonly [number, string]> = { ...ERROR_CATALOG, ...SPEC_LOWERCASE_CODES };
    for (const e of res.body.data) {
      expect(e.status).toBe(catalogue[e.code][0]);
      expect(e.meaning.length).toBeGreaterThan(10);
      expect(e.action.length).toBeGreaterThan(5);
      expect(e.documentation_url).toContain(e.code.toLowerCase());
    }
  });

  it('every code the source raises is in the catalogue', () => {
    const raised = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      if (file.includes(`${join('src', 'decision')}`)) continue; // the decision service has its own error shape and codes
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/ApiError\(\s*'([A-Z_]+)'/g)) raised.add(m[1]!);
      for (const m of text.matchAll(/\bcode: '([A-Z]+_[A-Z_]+)'/g)) raised.add(m[1]!);
    }
    expect(raised.size).toBeGreaterThan(20);
    expect([...raised].filter((c) => !(c in ERROR_CATALOG))).toEqual([]);
  });
});

describe('GET /', () => {
  it('answers an API client with a JSON index of links', async () => {
    const res = await api(t.url, '/', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('index');
    const hrefs = res.body.links.map((l: { href: string }) => l.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/graphql', '/swagger-ui/', '/openapi.json', '/health', '/api/svc/catalog', '/v1/errors']));
    expect(res.body.getting_a_key).toMatch(/keys -- create/);
    // every link it names answers (POST-only sign-in aside)
    for (const href of hrefs.filter((h: string) => h !== '/auth/login' && h !== '/graphql')) {
      expect((await fetch(`${t.url}${href}`)).status, href).toBe(200);
    }
  });

  it('answers a browser with a self-contained page carrying the security headers', async () => {
    const res = await fetch(`${t.url}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', host: 'shop.example:8080' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('href="/swagger-ui/"');
    expect(html).toContain('href="/graphql"');
    expect(html).not.toMatch(/(src|href)="https?:/);
    // a Host header cannot inject markup
    const evil = await fetch(`${t.url}/`, { headers: { accept: 'text/html', host: 'x"><script>alert(1)</script>' } });
    expect(await evil.text()).not.toContain('<script>alert');
  });
});

describe('docs/', () => {
  it('nothing in the repository points outside it (../shared is not part of a clone)', () => {
    const files = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => join('docs', f)), 'bench/README.md'];
    for (const file of files) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\.\.\/shared\//);
    for (const file of sources(join(root, 'src'))) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\.\.\/shared\/(spec|notes)|shared\/DESIGN/);
  });

  it('docs/errors.md is fresh (regenerate: npm run --silent docs)', () => {
    expect(readFileSync(join(root, 'docs', 'errors.md'), 'utf8')).toBe(errorReferenceMarkdown());
  });

  it('docs/api.md is fresh (regenerate: npm run --silent docs)', async () => {
    // the whole description, admin routes included (/openapi.json shows those to operators only)
    const doc = t.server.app.swagger() as Record<string, unknown>;
    expect(readFileSync(join(root, 'docs', 'api.md'), 'utf8')).toBe(apiReferenceMarkdown(doc));
  });
});
