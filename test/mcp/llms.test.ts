// GET /llms.txt: the map of the API for language models, generated from the same catalogue as
// tools/list and from the error catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { connectHttp } from './helpers.js';

let t: TestServer;
let acct: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /llms.txt', () => {
  it('needs no key and answers text/plain', async () => {
    const res = await fetch(`${t.url}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text.startsWith('# Commerce API\n')).toBe(true);
  });

  it('says what the server is, how to authenticate, where MCP is, and lists every tool with its REST route', async () => {
    const text = await (await fetch(`${t.url}/llms.txt`)).text();
    for (const heading of ['## Authentication', '## MCP', '## Tools', '## Errors and recovery']) expect(text).toContain(`\n${heading}\n`);
    expect(text).toContain('Authorization: Bearer');
    expect(text).toContain(`${t.url}/mcp`);
    expect(text).toContain('npm run --silent mcp -- --api-key');
    expect(text).toContain('idempotency_key');
    for (const uri of ['commerce://openapi.json', 'commerce://errors', 'commerce://svc/catalog', 'commerce://readme/quick-start']) expect(text).toContain(uri);

    // every tool any key can see: a secret key's and a decision-service key's
    const svc = await acct.newKey({ type: 'svc' });
    for (const key of [acct.key, svc.secret]) {
      const { client } = await connectHttp(t.url, key);
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const line = text.split('\n').find((l) => l.startsWith(`- \`${tool.name}\` `));
        expect(line, tool.name).toBeDefined();
        expect(line).toContain(`\`${String(tool._meta?.route)}\``);
      }
      await client.close();
    }
    const lines = text.split('\n').filter((l) => /^- `[A-Za-z0-9_-]+` \(`(GET|POST|PUT|PATCH|DELETE) \//.test(l));
    expect(lines.length).toBeGreaterThan(50);
  });

  it('lists every error code of GET /v1/errors with what to do', async () => {
    const text = await (await fetch(`${t.url}/llms.txt`)).text();
    const { body } = await api(t.url, '/v1/errors');
    for (const e of body.data as { code: string; status: number; action: string }[]) {
      expect(text).toContain(`- \`${e.code}\` (${e.status}): `);
      expect(text).toContain(e.action);
    }
    expect(text).toMatch(/RATE_LIMITED[\s\S]*retry_after/);
  });
});
