// The README's examples run: its curl commands against a live server with a real key, its key
// CLI lines without placeholders, and its error example has the shape of a real error.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './helpers/server.js';
import { migratedDataDir, runScript } from './helpers/process.js';
import { embeddedOnly } from './helpers/skip.js';

const run = promisify(execFile);
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

/** The lines of the README's fenced blocks of a language, continuation lines joined. */
function blockLines(lang: string): string[] {
  const out: string[] = [];
  for (const m of readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))) {
    out.push(...m[1]!.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter(Boolean));
  }
  return out;
}

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await startTestServer();
  ({ key } = await t.newAccount());
});
afterAll(() => t?.stop());

describe('README examples', () => {
  it('every curl command works as written, with a real key', async () => {
    const commands = blockLines('sh').filter((l) => l.startsWith('curl '));
    expect(commands.length).toBeGreaterThanOrEqual(2);
    const host = new URL(t.url).host;
    for (const command of commands) {
      const real = command.replaceAll('sk_test_...', key).replaceAll('localhost:8080', host);
      const { stdout } = await run('sh', ['-c', `${real} -sS -o /dev/null -w '%{http_code}'`]);
      expect(Number(stdout), command).toBeGreaterThanOrEqual(200);
      expect(Number(stdout), command).toBeLessThan(300);
    }
  }, 60_000);

  it.skipIf(embeddedOnly('the README key CLI lines'))('the key CLI lines without placeholders run', async () => {
    const lines = blockLines('sh')
      .filter((l) => l.startsWith('npm run --silent keys -- '))
      .map((l) => l.replace(/\s+#.*$/, ''))
      .filter((l) => !/\[|\.\.\.|NAME/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    // on the embedded database of this file's running server, as the README has them used beside
    // `npm start`: each line goes through the server's database socket instead of opening the
    // folder's database itself (seconds a line); a folder of its own when the server is on PostgreSQL
    const own = t.server.db.kind === 'pglite' ? undefined : migratedDataDir('commerce-readme-');
    try {
      for (const line of lines) {
        const args = line.replace('npm run --silent keys -- ', '').split(/\s+/);
        const res = await runScript('keys', args, { DATA_DIR: own ?? t.server.config.dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' });
        expect(res.code, `${line}\n${res.stderr}`).toBe(0);
      }
    } finally {
      if (own) rmSync(own, { recursive: true, force: true });
    }
  }, 180_000);

  it('the error example has the shape of a real error', async () => {
    const example = JSON.parse(readme.match(/```json\n([\s\S]*?)```/)![1]!);
    const res = await api(t.url, '/v1/orders', { key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 'two', unit_amount: 450 }] } });
    expect(res.status).toBe(example.error.status);
    expect(Object.keys(res.body.error).sort()).toEqual(Object.keys(example.error).sort());
    expect(res.body.error.code).toBe(example.error.code);
    expect(res.body.error.type).toBe(example.error.type);
    expect(res.body.error.param).toBe(example.error.param);
    expect(Object.keys(res.body.error.details.errors[0]).sort()).toEqual(Object.keys(example.error.details.errors[0]).sort());
    expect(res.body.error.details.errors[0].field).toBe(example.error.details.errors[0].field);
  });
});
