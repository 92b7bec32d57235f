// /openapi.json and /swagger-ui: every route the server answers is described, bodies come from
// the operations' own validation schemas, and the pages are served from installed packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { loadConfig } from '../../src/config.js';
import { PRODUCTION_ENV } from '../helpers/process.js';
import { createOrder } from '../../src/modules/orders/operations.js';
import { operationBodySchema } from '../../src/rest/openapi.js';

let t: TestServer;
/** the whole description, as an operator (x-admin-key) sees it */
let doc: any;
/** what everyone else sees */
let publicDoc: any;
const ADMIN = 'openapi-admin-key-0123456789abcdef';

beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN });
  const res = await api(t.url, '/openapi.json', { headers: { 'x-admin-key': ADMIN } });
  expect(res.status).toBe(200);
  doc = res.body;
  publicDoc = (await api(t.url, '/openapi.json')).body;
});
afterAll(() => t?.stop());

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'];

/** `/v1/orders/:id` -> `/v1/orders/{id}` */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every route the server registered', () => {
    const own = (url: string) => url.startsWith('/swagger-ui') || url === '/openapi.json';
    const routes = t.server.routes.filter((r) => r.method !== 'HEAD' && !own(r.url));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    // and nothing that is not a route
    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    const described = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m} ${path}`));
    expect(described.filter((d) => !registered.has(d))).toEqual([]);
  });

  it('lists the admin routes to operators only: not without x-admin-key, nor with a wrong one, nor in Swagger UI', async () => {
    const adminPaths = (d: any) => Object.entries(d.paths as Record<string, Record<string, any>>)
      .filter(([, item]) => Object.values(item).some((op) => op?.security?.some((s: Record<string, unknown>) => 'adminKey' in s)))
      .map(([p]) => p);
    expect(adminPaths(doc)).toEqual(expect.arrayContaining(['/admin/accounts/{account}/plan', '/metrics']));
    expect(adminPaths(publicDoc)).toEqual([]);
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
    expect(publicDoc.paths['/v1/orders']).toBeDefined();
    const wrong = await api(t.url, '/openapi.json', { headers: { 'x-admin-key': `${ADMIN}x` } });
    expect(adminPaths(wrong.body)).toEqual([]);
    const ui = await api(t.url, '/swagger-ui/json');
    expect(adminPaths(ui.body)).toEqual([]);
    // the full description is not changed by serving a filtered one
    const again = await api(t.url, '/openapi.json', { headers: { 'x-admin-key': ADMIN } });
    expect(adminPaths(again.body)).toEqual(adminPaths(doc));
  });

  it('names every operation once, and every $ref resolves', () => {
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([, op]) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((r) => !doc.components.schemas[r])).toEqual([]);
  });

  it('takes request bodies from the operation schemas, in the REST spelling', () => {
    const body = doc.paths['/v1/orders'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual(operationBodySchema(createOrder));
    // the zod schema itself, property names in snake_case
    const raw = z.toJSONSchema(createOrder.input, { io: 'input', unrepresentable: 'any' }) as any;
    expect(Object.keys(body.properties).sort()).toEqual(Object.keys(raw.properties).sort());
    expect(body.properties.items.items.properties.unit_amount).toEqual(raw.properties.items.items.properties.unitAmount);
    expect(body.required).toEqual(['currency', 'items']);
    expect(body.additionalProperties).toBe(false);
    // the path's id is not part of an update's body
    const update = doc.paths['/v1/orders/{id}'].patch.requestBody.content['application/json'].schema;
    expect(update.properties.id).toBeUndefined();
    expect(update.properties.tracking_number).toBeDefined();
  });

  it('matches what the API does: each required field, left out, is a 400 naming it', async () => {
    const { key } = await t.newAccount();
    const full = { currency: 'usd', items: [{ name: 'Mug', quantity: 1, unit_amount: 500 }] };
    expect((await api(t.url, '/v1/orders', { key, body: full })).status).toBe(201);
    const body = doc.paths['/v1/orders'].post.requestBody.content['application/json'].schema;
    for (const field of body.required as string[]) {
      const partial: Record<string, unknown> = { ...full };
      delete partial[field];
      const res = await api(t.url, '/v1/orders', { key, body: partial });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
    }
    // and a property it does not describe is refused too
    expect((await api(t.url, '/v1/orders', { key, body: { ...full, colour: 'red' } })).status).toBe(400);
  });

  it('describes answers with the model representation and the error envelope', () => {
    const retrieve = doc.paths['/v1/orders/{id}'].get;
    expect(retrieve.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Order' });
    expect(retrieve.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const order = doc.components.schemas.Order;
    expect(order.properties.object.enum ?? [order.properties.object.const]).toEqual(['order']);
    expect(order.properties.amount.type).toBe('integer');
    expect(order.properties.created).toMatchObject({ type: 'integer' });
    expect(order.properties.items.items).toEqual({ $ref: '#/components/schemas/OrderItem' });
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('INSUFFICIENT_INVENTORY');
    const create = doc.paths['/v1/orders'].post;
    expect(create.responses['201']).toBeDefined();
    const list = doc.paths['/v1/orders'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'starting_after', 'ending_before']));
  });

  it("includes the decision service's own description under /api/svc", () => {
    expect(doc.paths['/api/svc/decisions'].post).toBeDefined();
    expect(doc.paths['/api/svc/catalog'].get).toBeDefined();
    const refs = [...JSON.stringify(doc.paths['/api/svc/decisions']).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.every((r) => r.startsWith('Svc'))).toBe(true);
  });
});

describe('/swagger-ui', () => {
  it('serves the page and its assets from the server itself', async () => {
    const page = await fetch(`${t.url}/swagger-ui/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    // no asset from another host
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const res = await fetch(`${t.url}/swagger-ui/${asset}`);
      expect(res.status, asset).toBe(200);
    }
    const init = await (await fetch(`${t.url}/swagger-ui/static/swagger-initializer.js`)).text();
    expect(init).toMatch(/url: '\.\/json'|\/json/);
    const json = await api(t.url, '/swagger-ui/json');
    expect(json.body.paths['/v1/orders']).toBeDefined();
  });
});

describe('outside production only', () => {
  it('is off by default in production, and can be switched', async () => {
    const prod = { ...PRODUCTION_ENV, ADMIN_API_KEY: 'a-long-random-admin-key-9f3k2' };
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    const off = await startTestServer({ API_DOCS: 'false' });
    try {
      const res = await api(off.url, '/openapi.json');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
      expect((await fetch(`${off.url}/swagger-ui/`)).status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
