// The stdio entry (`npm run --silent mcp -- --api-key K [--base-url U]`) as a local agent host
// runs it: the SDK's StdioClientTransport spawning src/cli/mcp.ts, proxied to a running server
// or with the server in-process on the same database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { root } from '../helpers/process.js';
import { TEST_LIMITS_ENV } from '../helpers/limits-env.js';
import { envelope, texts } from './helpers.js';

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

/** A client of `node --import tsx src/cli/mcp.ts <args>`, and what the process wrote to stderr. */
async function stdioClient(args: string[], env: Record<string, string | undefined> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli/mcp.ts', ...args],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'stdio-tests', version: '1.0.0' });
  return { client, transport, stderr: () => stderr };
}

describe('stdio proxied to a running server (--base-url)', () => {
  it('lists tools, creates an order, replays it, refuses bad input and reads a resource', async () => {
    const { client, transport, stderr } = await stdioClient(['--api-key', acct.key, '--base-url', t.url]);
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('commerce-api');
      const { tools } = await client.listTools();
      const names = tools.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(['orders_create', 'orders_list', 'orders_retrieve']));

      const key = `stdio-${randomUUID()}`;
      const created = await client.callTool({ name: 'orders_create', arguments: { ...TEA_ORDER, idempotency_key: key } });
      const order = created.structuredContent as Record<string, any>;
      expect(order).toMatchObject({ object: 'order', amount: 900 });
      const replay = await client.callTool({ name: 'orders_create', arguments: { ...TEA_ORDER, idempotency_key: key } });
      expect((replay.structuredContent as Record<string, any>).id).toBe(order.id);
      expect(texts(replay)[0]).toContain('replayed');
      const rest = await api(t.url, `/v1/orders/${order.id}`, { key: acct.key });
      expect(rest.body).toEqual(order);

      const bad = envelope(await client.callTool({ name: 'orders_create', arguments: { currency: 'usd', items: [] } }));
      expect(bad.error.code).toMatch(/VALIDATION_ERROR|INVALID_FIELD_VALUE/);
      expect(JSON.stringify(bad.error)).toContain('items');

      const { contents } = await client.readResource({ uri: 'commerce://errors' });
      expect(JSON.parse((contents[0] as { text: string }).text).data.map((e: { code: string }) => e.code)).toContain('VALIDATION_ERROR');
    } finally {
      await client.close();
    }
    expect(stderr()).not.toContain(acct.key);
  });

  it('answers a bad key with the server\'s 401 as the error of initialize', async () => {
    const { client, transport } = await stdioClient(['--api-key', `sk_test_${'z'.repeat(32)}`, '--base-url', t.url]);
    await expect(client.connect(transport)).rejects.toThrow(/401.*Invalid API key/);
    await client.close().catch(() => undefined);
  });

  it('refuses bad usage with exit code 2', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/mcp.ts', ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH } });
    const none = run([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('--api-key is required');
    expect(none.stdout).toBe('');
    const badUrl = run(['--api-key', acct.key, '--base-url', 'ftp://x']);
    expect(badUrl.status).toBe(2);
    expect(badUrl.stderr).toContain('--base-url');
  });
});

describe('stdio with the server in-process (no --base-url)', () => {
  it('runs the server on the same database and serves the key\'s tools', async () => {
    const { client, transport, stderr } = await stdioClient(['--api-key', acct.key], {
      NODE_ENV: 'test',
      DATA_DIR: t.server.config.dataDir,
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      ...TEST_LIMITS_ENV,
    });
    try {
      await client.connect(transport);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${stderr()}`);
    }
    try {
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name)).toContain('orders_list');
      const page = (await client.callTool({ name: 'orders_list', arguments: { limit: 100 } })).structuredContent as { data: { id: string }[] };
      // the orders made through the other server: one database
      const rest = await api(t.url, '/v1/orders?limit=100', { key: acct.key });
      expect(page.data.map((o) => o.id).sort()).toEqual(rest.body.data.map((o: { id: string }) => o.id).sort());
    } finally {
      await client.close();
    }
  });
});
