// The committed SDK is current: sdk/src/generated/ is what the generator makes of the running
// server's OpenAPI document (without admin routes) and event catalogue, sdk/dist/ is what
// sdk/src compiles to, and the package resolves to plain JS under Node without a loader.
// Regenerate both: npm run --silent sdk:generate
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@commerce-api/sdk';
import { buildSdk, generateSdkSources, planOperations, SDK_DIR, sdkVersion } from '../../sdk/scripts/codegen.js';
import { withoutAdminRoutes } from '../../src/rest/openapi.js';
import { knownEventTypes } from '../../src/modules/catalog.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const root = resolve(import.meta.dirname, '../..');
let t: TestServer;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await startTestServer();
  doc = withoutAdminRoutes(t.server.app.swagger() as Record<string, any>);
});
afterAll(() => t?.stop());

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('committed SDK', () => {
  it('sdk/src/generated/ is fresh (regenerate: npm run --silent sdk:generate)', async () => {
    const generated = await generateSdkSources(doc, { eventTypes: knownEventTypes(), sdkVersion: sdkVersion() });
    const dir = join(SDK_DIR, 'src', 'generated');
    expect(readdirSync(dir).sort()).toEqual(Object.keys(generated).sort());
    for (const [name, content] of Object.entries(generated)) {
      expect(readFileSync(join(dir, name), 'utf8'), `sdk/src/generated/${name} is stale: run npm run --silent sdk:generate`).toBe(content);
    }
    expect(generated['meta.ts']).toContain(`API_VERSION = "${doc.info.version}"`);
  }, 120_000);

  it('sdk/dist/ is what sdk/src compiles to (regenerate: npm run --silent sdk:generate)', () => {
    const out = mkdtempSync(join(tmpdir(), 'sdk-dist-'));
    try {
      buildSdk(out);
      const built = files(out).map((f) => relative(out, f)).sort();
      const committed = files(join(SDK_DIR, 'dist')).map((f) => relative(join(SDK_DIR, 'dist'), f)).sort();
      expect(committed).toEqual(built);
      for (const f of built) expect(readFileSync(join(SDK_DIR, 'dist', f), 'utf8'), `sdk/dist/${f} is stale: run npm run --silent sdk:generate`).toBe(readFileSync(join(out, f), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('imports as plain JS under Node, without a TypeScript loader', async () => {
    const code = `import('@commerce-api/sdk').then((m) => {
      const c = new m.Client({ apiKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:1' });
      console.log(JSON.stringify({ client: typeof m.Client, create: typeof c.orders.create, iterate: typeof c.orders.list()[Symbol.asyncIterator], error: typeof m.ApiError, construct: typeof m.webhooks.constructEvent, version: m.API_VERSION }));
    })`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], { cwd: root, env: { PATH: process.env.PATH } });
    expect(JSON.parse(stdout)).toEqual({ client: 'function', create: 'function', iterate: 'function', error: 'function', construct: 'function', version: doc.info.version });
    const pkg = JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8'));
    for (const target of [pkg.exports['.'].default, pkg.exports['.'].types]) expect(statSync(join(SDK_DIR, target)).isFile()).toBe(true);
  }, 60_000);

  it('every operation of the REST door has a method on the client', () => {
    const client = new Client({ apiKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:1' }) as unknown as Record<string, Record<string, unknown>>;
    const ops = planOperations(doc);
    expect(ops.length).toBeGreaterThan(60);
    for (const op of ops) expect(typeof client[op.resource]?.[op.name], `${op.http} ${op.path} -> client.${op.resource}.${op.name} (stale? run npm run --silent sdk:generate)`).toBe('function');
    const names = new Set(ops.map((o) => `${o.resource}.${o.name}`));
    for (const expected of ['orders.create', 'orders.list', 'orders.retrieve', 'orders.update', 'orders.cancel', 'customers.create', 'products.list', 'inventory.adjust',
      'returns.approve', 'payments.refund', 'refunds.list', 'webhooks.create', 'webhooks.rotateSecret', 'events.list', 'events.retrieve', 'search.search', 'stablecoin.issue']) {
      expect(names, expected).toContain(expected);
    }
    // each operationId of /v1 appears once (aliases and the PUT twin of PATCH left out)
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => id.endsWith('_alias'))).toBe(false);
    const v1 = Object.entries(doc.paths as Record<string, Record<string, { operationId: string; description?: string; security?: unknown[] }>>)
      .filter(([p]) => p.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.entries(item).map(([method, o]) => ({ path, method, ...o })));
    for (const o of v1.filter((x) => !ids.includes(x.operationId))) {
      // what is left out is an alias, the second route of one operation, or a provider's callback (a write without the API key)
      const alias = o.operationId.endsWith('_alias') || /The same as [A-Z]+ \//.test(o.description ?? '');
      const twin = o.operationId.endsWith(`_${o.method}`) && ids.includes(o.operationId.slice(0, -o.method.length - 1));
      const callback = Array.isArray(o.security) && o.security.length === 0 && o.method !== 'get';
      expect(alias || twin || callback, `${o.method} ${o.path} (${o.operationId}) has no method`).toBe(true);
    }
  });
});
