// The MCP door's life with its server: open event streams do not hold a stop, a server that
// serves its tools with API_DOCS=false (the document is always built; only /openapi.json is gated), and tool
// calls count against the account's plan as the REST requests they are.
import { describe, expect, it } from 'vitest';
import { api, startTestServer } from '../helpers/server.js';
import { connectHttp, envelope, INITIALIZE, rawPost } from './helpers.js';

describe('the MCP door and its server', () => {
  it('ends open event streams when the server stops', async () => {
    const t = await startTestServer();
    let stopped = false;
    try {
      const acct = await t.newAccount();
      const opened = await rawPost(t.url, INITIALIZE, { authorization: `Bearer ${acct.key}` });
      const session = opened.headers.get('mcp-session-id')!;
      const headers = { authorization: `Bearer ${acct.key}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      await rawPost(t.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      const res = await fetch(`${t.url}/mcp`, { headers: { ...headers, accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      const started = Date.now();
      await t.stop();
      stopped = true;
      expect(Date.now() - started).toBeLessThan(8000);
      // the stream was ended by the server, not left hanging
      let done = false;
      for (let i = 0; i < 10 && !done; i++) done = (await reader.read().catch(() => ({ done: true }))).done === true;
      expect(done).toBe(true);
    } finally {
      if (!stopped) await t.stop();
    }
  });

  it('serves its tools with API_DOCS=false (production\'s default): the document is built, only /openapi.json is not served', async () => {
    const t = await startTestServer({ API_DOCS: 'false' });
    try {
      const acct = await t.newAccount();
      const { client } = await connectHttp(t.url, acct.key);
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name)).toContain('orders_create');
      await client.close();
      const llms = await fetch(`${t.url}/llms.txt`);
      expect(llms.status).toBe(200);
      expect(await llms.text()).toContain('orders_create');
      expect((await fetch(`${t.url}/openapi.json`)).status).toBe(404);
      // still 401 first without a key
      expect((await rawPost(t.url, INITIALIZE, {})).status).toBe(401);
    } finally {
      await t.stop();
    }
  });

  it('charges tool calls to the plan as REST requests: one budget, the 429 envelope with retry_after', async () => {
    // three requests a minute for this server's (enterprise) accounts
    const t = await startTestServer({ PLAN_ENTERPRISE_LIMITS: JSON.stringify({ minute: 3, hour: null, day: null, burst: null, concurrent: null }) });
    try {
      const acct = await t.newAccount();
      const { client } = await connectHttp(t.url, acct.key);
      // tools/list, resources and the session itself are not API requests: not charged
      await client.listTools();
      await client.listTools();
      for (let i = 0; i < 2; i++) expect((await client.callTool({ name: 'orders_list', arguments: { limit: 1 } })).isError).toBeFalsy();
      expect((await api(t.url, '/v1/orders?limit=1', { key: acct.key })).status).toBe(200);
      const { error } = envelope(await client.callTool({ name: 'orders_list', arguments: { limit: 1 } }));
      expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(error.details.retry_after).toBeGreaterThan(0);
      expect((await api(t.url, '/v1/orders?limit=1', { key: acct.key })).status).toBe(429);
      await client.close();
    } finally {
      await t.stop();
    }
  });
});
