// Every CLI answers --help and help with its usage on stdout and exit 0, and an unknown
// argument with exit 2 on stderr.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/process.js';
import { embeddedOnly } from '../helpers/skip.js';

const dir = mkdtempSync(join(tmpdir(), 'commerce-help-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { DATA_DIR: dir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' };

const CLIS = ['keys', 'webhooks', 'ledger', 'migrate', 'docs', 'seed', 'schema:print'];

describe.skipIf(embeddedOnly('CLI help'))('CLI help', () => {
  it.each(CLIS)('%s --help and help print usage and exit 0', async (cli) => {
    for (const arg of ['--help', 'help']) {
      // --help through npm itself (`npm run --silent <cli> -- --help`, as the README has it)
      const res = await runScript(cli, [arg], env, arg === '--help');
      expect(res.code, `${cli} ${arg}: ${res.stderr}`).toBe(0);
      expect(res.stdout).toMatch(/usage/i);
      expect(res.stderr).toBe('');
    }
  }, 60_000);

  it.each(['keys', 'webhooks', 'ledger', 'migrate', 'seed', 'schema:print'])('%s with an unknown argument exits 2', async (cli) => {
    const res = await runScript(cli, ['--no-such-flag'], env);
    expect(res.code, res.stdout).toBe(2);
    expect(res.stderr.length).toBeGreaterThan(0);
  }, 60_000);
});
