// The MCP door over streamable HTTP (POST/GET/DELETE /mcp), with the SDK's own client: tools
// are the OpenAPI operations the key may use, calls take the REST path (validation, permissions,
// idempotency, events), resources, authentication and sessions bound to their key.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { connectHttp, envelope, INITIALIZE, rawPost, texts } from './helpers.js';

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ SVC_RATE_PER_KEY: '10000', SVC_RATE_TOTAL: '10000' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

async function toolsOf(key: string): Promise<Tool[]> {
  const { client } = await connectHttp(t.url, key);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Op = { operationId: string; security?: Record<string, unknown>[]; requestBody?: any; summary?: string; description?: string };

/** Every operation of the public OpenAPI document, as `METHOD /path` -> operation. */
async function documentOperations(): Promise<Map<string, Op & { method: string; path: string }>> {
  const doc = (await api(t.url, '/openapi.json')).body;
  const out = new Map<string, Op & { method: string; path: string }>();
  for (const [path, item] of Object.entries<Record<string, Op>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) out.set(`${method.toUpperCase()} ${path}`, { ...op, method: method.toUpperCase(), path });
  }
  return out;
}

describe('tools/list', () => {
  it('every declared operation of the module registry is a tool (orders.create -> orders_create), named from the registry', async () => {
    const names = new Set((await toolsOf(acct.key)).map((x) => x.name));
    const declared = t.server.services.operations.names().filter((n) => !n.startsWith('selfhosted'));
    expect(declared.length).toBeGreaterThan(30);
    for (const op of declared) {
      const route = t.server.services.operations.get(op)!.route;
      // the self-hosted door (/orders, ...) answers to its own tokens: its operations are the /v1 ones
      if (!route.startsWith('/v1/')) continue;
      expect(names.has(op.replace(/\./g, '_')), `${op} (${route}) has a tool`).toBe(true);
    }
  });

  it('has one tool per OpenAPI operation of the API (aliases excepted), each named and routed as its operation', async () => {
    const ops = await documentOperations();
    const svc = await acct.newKey({ type: 'svc' });
    const secretTools = await toolsOf(acct.key);
    const svcTools = await toolsOf(svc.secret);
    const byRoute = new Map<string, Tool>();
    for (const tool of [...secretTools, ...svcTools]) byRoute.set(String(tool._meta?.route), tool);

    let expected = 0;
    for (const [route, op] of ops) {
      const api = op.path.startsWith('/v1/') || op.path.startsWith('/api/');
      // an alias says so: its operationId ends in _alias, or it is described as the same as another route
      const alias = op.operationId.endsWith('_alias') || /^The same as [A-Z]+ \//m.test(op.description ?? '');
      const keylessWrite = (op.security ?? []).length === 0 && op.method !== 'GET';
      if (!api || alias || keylessWrite) {
        expect(byRoute.has(route), `${route} is no tool`).toBe(false);
        continue;
      }
      expected++;
      const tool = byRoute.get(route);
      expect(tool, `${route} (${op.operationId}) has a tool`).toBeDefined();
      expect(tool!._meta?.operation_id).toBe(op.operationId);
      // the API's tools are named by their operationId; the decision service's svc_<operation>
      if (op.path.startsWith('/api/svc/')) expect(tool!.name).toMatch(/^svc_[a-z_]+$/);
      else expect(tool!.name).toBe(op.operationId);
      expect(tool!.description).toContain(`REST: ${route}.`);
    }
    // no tool without its operation, and no name twice
    expect(byRoute.size).toBe(expected);
    expect(new Set(secretTools.map((x) => x.name)).size).toBe(secretTools.length);
    expect(secretTools.length).toBeGreaterThan(50);
    // the names
    const names = new Set(secretTools.map((x) => x.name));
    for (const n of ['orders_create', 'orders_list', 'orders_retrieve', 'payments_refund', 'svc_get_catalog']) expect(names.has(n), n).toBe(true);
    expect(svcTools.map((x) => x.name)).toContain('svc_run_decision');
  });

  it('gives each tool the request body\'s schema as input, the answer\'s as output, and annotations', async () => {
    const ops = await documentOperations();
    const tools = await toolsOf(acct.key);
    for (const tool of tools) {
      const op = ops.get(String(tool._meta?.route))!;
      expect(tool.inputSchema.type).toBe('object');
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body && !JSON.stringify(body).includes('$ref') && body.type === 'object') {
        // the body's fields are the tool's arguments, each with the document's schema
        for (const [name, schema] of Object.entries<unknown>(body.properties ?? {})) expect(tool.inputSchema.properties?.[name], `${tool.name}.${name}`).toEqual(schema);
        for (const r of body.required ?? []) expect(tool.inputSchema.required, tool.name).toContain(r);
      }
      if (tool.outputSchema) expect(tool.outputSchema.type).toBe('object');
      if (op.method === 'GET') {
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      } else {
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(false);
        const destructive = op.method === 'DELETE' || /(^|_)(cancel|void|delete)$/.test(op.operationId);
        expect(tool.annotations?.destructiveHint, tool.name).toBe(destructive);
      }
    }
    const byName = new Map(tools.map((x) => [x.name, x]));
    const create = byName.get('orders_create')!;
    expect(Object.keys(create.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['currency', 'items', 'idempotency_key']));
    expect(create.outputSchema?.$defs).toBeDefined();
    expect(byName.get('orders_cancel')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('orders_delete')!.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('orders_fulfill')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('orders_retrieve')!.inputSchema.required).toEqual(['id']);
    expect(byName.get('orders_list')!.outputSchema).toMatchObject({ type: 'object', properties: { object: { enum: ['list'] } } });
  });

  it('lists only what the key may use: a restricted key sees fewer, a publishable key no writes, a svc_ key only the decision tools', async () => {
    const all = (await toolsOf(acct.key)).map((x) => x.name);
    const reader = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const restricted = (await toolsOf(reader.secret)).map((x) => x.name);
    expect(restricted.length).toBeLessThan(all.length);
    expect(restricted).toEqual(expect.arrayContaining(['orders_list', 'orders_retrieve']));
    for (const n of ['orders_create', 'orders_cancel', 'customers_list', 'payments_refund']) expect(restricted, n).not.toContain(n);
    // routes whose summary states the permission otherwise ("(orders:create)", "(a secret key with agents:write)")
    const tool = (route: string) => all.find((n) => n.includes(route));
    for (const part of ['global_orders_create', 'webhooks_simulate', 'global_compliance_check', 'shipping_quote', 'approve', 'reject']) {
      expect(tool(part), part).toBeDefined();
      expect(restricted.some((n) => n.includes(part)), part).toBe(false);
    }
    expect(restricted.every((n) => all.includes(n))).toBe(true);

    const publishable = await acct.newKey({ type: 'publishable' });
    const pk = (await toolsOf(publishable.secret)).map((x) => x.name);
    expect(pk).toContain('products_list');
    for (const n of ['orders_create', 'products_create', 'payments_list', 'webhooks_list']) expect(pk, n).not.toContain(n);
    // no write at all (search reads)
    expect(pk.filter((n) => !/list|retrieve|get|search|balance|quote|calculate|test|versions|errors|catalog|aggregate|metrics|deliveries|activity|usage|lists/.test(n))).toEqual([]);
    for (const part of ['global_orders_create', 'webhooks_simulate']) expect(pk.some((n) => n.includes(part)), part).toBe(false);

    const svc = await acct.newKey({ type: 'svc' });
    const svcTools = (await toolsOf(svc.secret)).map((x) => x.name);
    expect(svcTools.length).toBeGreaterThan(0);
    expect(svcTools.every((n) => n.startsWith('svc_'))).toBe(true);
    expect(svcTools).toEqual(expect.arrayContaining(['svc_run_decision', 'svc_get_catalog']));
    expect(all).not.toContain('svc_run_decision');
  });
});

describe('tools/call', () => {
  it('creates an order through the REST path: 201 representation as structuredContent, a short text, its event', async () => {
    const { client } = await connectHttp(t.url, acct.key);
    const result = await client.callTool({ name: 'orders_create', arguments: { ...TEA_ORDER, metadata: { source: 'mcp' } } });
    expect(result.isError).toBeFalsy();
    const order = result.structuredContent as Record<string, any>;
    expect(order).toMatchObject({ object: 'order', status: 'pending', currency: 'usd', amount: 900, metadata: { source: 'mcp' } });
    expect(texts(result)[0]).toMatch(new RegExp(`^POST /v1/orders -> 201: order ${order.id}`));
    // the very representation REST shows
    const rest = await api(t.url, `/v1/orders/${order.id}`, { key: acct.key });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(order);
    const events = await api(t.url, '/v1/events?limit=100', { key: acct.key });
    expect(events.text).toContain(order.id);

    // a read, with a path parameter and query parameters
    const got = await client.callTool({ name: 'orders_retrieve', arguments: { id: order.id, 'expand': ['items'] } });
    expect(got.structuredContent).toMatchObject({ id: order.id, object: 'order' });
    const listed = await client.callTool({ name: 'orders_list', arguments: { limit: 1, status_eq: 'pending', fields: 'status,amount' } });
    const page = listed.structuredContent as Record<string, any>;
    expect(page.object).toBe('list');
    expect(page.data).toHaveLength(1);
    expect(Object.keys(page.data[0]).sort()).toEqual(['amount', 'id', 'object', 'status']);
    await client.close();
  });

  it('answers bad arguments with the API\'s VALIDATION_ERROR envelope naming the field', async () => {
    const { client } = await connectHttp(t.url, acct.key);
    const bad = await client.callTool({ name: 'orders_create', arguments: { currency: 'usd', items: [{ name: 'Tea', quantity: 'two', unit_amount: 450 }] } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined();
    const { error } = envelope(bad);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.status).toBe(400);
    expect(error.details.errors.map((e: { field: string }) => e.field)).toContain('items[0].quantity');
    expect(error.request_id).toMatch(/^req_/);

    // an unknown field is named too (the operation's schema is strict), and a missing path id
    const unknown = envelope(await client.callTool({ name: 'orders_create', arguments: { ...TEA_ORDER, colour: 'red' } }));
    expect(JSON.stringify(unknown.error.details)).toContain('colour');
    const noId = envelope(await client.callTool({ name: 'orders_retrieve', arguments: {} }));
    expect(noId.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'id' });
    // a tool that does not exist is a protocol error
    await expect(client.callTool({ name: 'orders_teleport', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it('refuses what the key may not do in the API\'s own words', async () => {
    const reader = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const { client } = await connectHttp(t.url, reader.secret);
    const { error } = envelope(await client.callTool({ name: 'orders_create', arguments: TEA_ORDER }));
    expect(error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', status: 403 });
    expect(error.details.required).toBe('orders:create');
    await client.close();
  });

  it('replays with an idempotency key shared with REST: REST first, then MCP, one order', async () => {
    const other = await t.newAccount();
    const key = `mcp-${randomUUID()}`;
    const body = { currency: 'eur', items: [{ name: 'Coffee', quantity: 1, unit_amount: 300 }] };
    const first = await api(t.url, '/v1/orders', { key: other.key, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const { client } = await connectHttp(t.url, other.key);
    const again = await client.callTool({ name: 'orders_create', arguments: { ...body, idempotency_key: key } });
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(first.body);
    expect(again._meta).toMatchObject({ idempotent_replayed: true });
    expect(texts(again)[0]).toContain('replayed');
    const orders = await api(t.url, '/v1/orders?limit=100', { key: other.key });
    expect(orders.body.data).toHaveLength(1);
    // the same key with other arguments is refused, as over REST
    const changed = envelope(await client.callTool({ name: 'orders_create', arguments: { ...body, currency: 'usd', idempotency_key: key } }));
    expect(changed.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await client.close();
  });

  it('runs a decision with a svc_ key; the service\'s errors keep next_action', async () => {
    const svc = await acct.newKey({ type: 'svc' });
    const { client } = await connectHttp(t.url, svc.secret);
    const catalog = (await client.callTool({ name: 'svc_get_catalog', arguments: {} })).structuredContent as { packs: { industry: string; scenarios: { id: string }[] }[] };
    const pack = catalog.packs[0]!;
    const run = await client.callTool({ name: 'svc_run_decision', arguments: { industry: pack.industry, scenario: pack.scenarios[0]!.id, idempotency_key: `run-${randomUUID()}` } });
    expect(run.isError).toBeFalsy();
    const decision = run.structuredContent as Record<string, any>;
    expect(decision).toMatchObject({ industry: pack.industry, scenario: pack.scenarios[0]!.id, mode: 'live' });
    expect(['approved', 'denied', 'refused']).toContain(decision.result.decision);
    expect(texts(run)[0]).toContain(`decision ${decision.result.decision}`);

    const missing = envelope(await client.callTool({ name: 'svc_run_decision', arguments: { industry: pack.industry, scenario: pack.scenarios[0]!.id } }));
    expect(missing.error.code).toBe('MISSING_IDEMPOTENCY_KEY');
    expect(typeof missing.error.next_action).toBe('string');
    const unknown = envelope(await client.callTool({ name: 'svc_run_decision', arguments: { industry: 'astrology', scenario: 'x', idempotency_key: `run-${randomUUID()}` } }));
    expect(unknown.error.code).toBe('UNKNOWN_INDUSTRY');
    // a svc_ key reaches no commerce operation, listed or not
    const refused = envelope(await client.callTool({ name: 'orders_list', arguments: {} }));
    expect(refused.error.status).toBe(403);
    await client.close();
  });
});

describe('resources', () => {
  it('lists the four documents with fixed URIs and types, and reads each', async () => {
    const { client } = await connectHttp(t.url, acct.key);
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ['commerce://openapi.json', 'application/json'],
      ['commerce://errors', 'application/json'],
      ['commerce://svc/catalog', 'application/json'],
      ['commerce://readme/quick-start', 'text/markdown'],
    ]);
    const read = async (uri: string) => {
      const { contents } = await client.readResource({ uri });
      expect(contents[0]!.uri).toBe(uri);
      return (contents[0] as { text: string }).text;
    };
    const openapi = JSON.parse(await read('commerce://openapi.json'));
    expect(openapi.paths['/v1/orders'].post.operationId).toBe('orders_create');
    expect(Object.keys(openapi.paths).some((p) => p.startsWith('/admin/'))).toBe(false);
    const errors = JSON.parse(await read('commerce://errors'));
    const rest = (await api(t.url, '/v1/errors')).body;
    expect(errors).toEqual({ object: rest.object, data: rest.data, url: rest.url });
    const catalog = JSON.parse(await read('commerce://svc/catalog'));
    expect(catalog.packs.length).toBeGreaterThan(0);
    expect(catalog.openapi).toBe(`${t.url}/api/svc/openapi.json`);
    const quick = await read('commerce://readme/quick-start');
    expect(quick.startsWith('## Quick start\n')).toBe(true);
    expect(quick).not.toMatch(/\n## (?!Quick start)/);
    await expect(client.readResource({ uri: 'commerce://nothing' })).rejects.toThrow(/Resource not found/);
    await client.close();
  });
});

describe('authentication and sessions', () => {
  it('is 401 with the API envelope without a key or with a bad one', async () => {
    const none = await rawPost(t.url, INITIALIZE, {});
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({ code: 'MISSING_AUTH_HEADER', status: 401 });
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad = await rawPost(t.url, INITIALIZE, { authorization: `Bearer sk_test_${'x'.repeat(32)}` });
    expect(bad.status).toBe(401);
    expect(bad.json.error.code).toBe('INVALID_API_KEY');
    await expect(connectHttp(t.url, 'sk_test_not-a-key')).rejects.toThrow(/401/);
    const stream = await fetch(`${t.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(401);
    expect((await stream.json()).error.code).toBe('MISSING_AUTH_HEADER');
  });

  it('binds a session to the key that opened it; GET streams events, DELETE ends it', async () => {
    const opened = await rawPost(t.url, INITIALIZE, { authorization: `Bearer ${acct.key}` });
    expect(opened.status).toBe(200);
    expect(opened.json.result.serverInfo.name).toBe('commerce-api');
    const session = opened.headers.get('mcp-session-id')!;
    expect(session).toMatch(/^mcs_/);
    const headers = (key: string) => ({ authorization: `Bearer ${key}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' });
    expect((await rawPost(t.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers(acct.key))).status).toBe(202);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

    const mine = await rawPost(t.url, list, headers(acct.key));
    expect(mine.status).toBe(200);
    expect(mine.json.result.tools.length).toBeGreaterThan(0);
    // another key of the same account, and a key of another account: no such session
    const sibling = await acct.newKey();
    const stranger = await t.newAccount();
    for (const key of [sibling.secret, stranger.key]) {
      const res = await rawPost(t.url, list, headers(key));
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe('Session not found');
    }
    // no session id on a non-initialize message
    expect((await rawPost(t.url, list, { authorization: `Bearer ${acct.key}` })).status).toBe(400);
    // tools/call params of the wrong shape are the protocol's invalid params (-32602), not an internal error
    for (const params of [{ name: 'orders_list', arguments: 'x' }, { name: 5 }, 'x']) {
      const res = await rawPost(t.url, { jsonrpc: '2.0', id: 9, method: 'tools/call', params }, headers(acct.key));
      expect(res.json.error.code, JSON.stringify(params)).toBe(-32602);
      expect(res.json.id).toBe(9);
    }
    // a malformed body is a JSON-RPC parse error
    const garbled = await rawPost(t.url, '{not json', headers(acct.key));
    expect(garbled.status).toBe(400);
    expect(garbled.json.error.code).toBe(-32700);

    // GET with another key: no such session; with its key: the event stream, opened at once
    const foreign = await fetch(`${t.url}/mcp`, { headers: { ...headers(stranger.key), accept: 'text/event-stream' } });
    expect(foreign.status).toBe(404);
    const controller = new AbortController();
    const res = await fetch(`${t.url}/mcp`, { headers: { ...headers(acct.key), accept: 'text/event-stream' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await res.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^:/);
    controller.abort();

    // another key cannot end it; its own key can, and it is gone
    const del = (key: string) => fetch(`${t.url}/mcp`, { method: 'DELETE', headers: headers(key) });
    expect((await del(stranger.key)).status).toBe(404);
    expect((await del(acct.key)).status).toBe(200);
    expect((await rawPost(t.url, list, headers(acct.key))).status).toBe(404);
  });

  it('opens the event stream for the SDK client too', async () => {
    const { client, transport } = await connectHttp(t.url, acct.key);
    expect(transport.sessionId).toMatch(/^mcs_/);
    // the client opened its GET stream after initialization: a second one is refused (one per session)
    await new Promise((r) => setTimeout(r, 200));
    const second = await fetch(`${t.url}/mcp`, { headers: { authorization: `Bearer ${acct.key}`, 'mcp-session-id': transport.sessionId!, accept: 'text/event-stream' } });
    expect(second.status).toBe(409);
    await client.close();
  });

  it('refuses a revoked key on an open session', async () => {
    const key = await acct.newKey();
    const { client } = await connectHttp(t.url, key.secret);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const revoked = await api(t.url, `/v1/api_keys/${key.id}`, { method: 'DELETE', key: acct.key });
    expect(revoked.status).toBe(200);
    // the key cache revalidates within 2 s
    await new Promise((r) => setTimeout(r, 2100));
    await expect(client.listTools()).rejects.toThrow(/401/);
    await client.close().catch(() => undefined);
  });
});
