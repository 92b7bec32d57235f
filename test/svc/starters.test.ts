// The starter clients, downloaded from the live server and run against it as a user would, and
// a service key made with the key CLI beside that server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { runKeys } from '../helpers/process.js';
import { skipping } from '../helpers/skip.js';

// child processes (node, python, npm + tsx) on a loaded machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ADMIN = 'svc-admin-key-0123456789abcdef';
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.log('[svc starters] python3 is not available: the Python starter test is skipped');

let t: TestServer;
let acct: TestAccount;
let dir: string;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN });
  acct = await t.newAccount();
  dir = mkdtempSync(join(tmpdir(), 'svc-starters-'));
});
afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 120_000);
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function download(name: string): Promise<string> {
  const res = await fetch(`${t.url}/svc/${name}`);
  expect(res.status).toBe(200);
  const file = join(dir, name);
  writeFileSync(file, await res.text());
  return file;
}

async function usageOf(keyId: string) {
  const res = await api(t.url, `/admin/svc/usage?key_id=${keyId}`, { headers: { 'x-admin-key': ADMIN } });
  return (res.body.data as { runs: number; failed_runs: number }[]).reduce((a, r) => ({ runs: a.runs + r.runs, failed: a.failed + r.failed_runs }), { runs: 0, failed: 0 });
}

async function recordsOf(keyId: string) {
  return t.server.db.prisma.svcRequest.findMany({ where: { apiKeyId: keyId } });
}

function expectStarterOutput(out: { code: number | null; stdout: string; stderr: string }, secret: string) {
  expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(0);
  // the first scenario of the first pack
  expect(out.stdout).toContain('running financial_services / duplicate-charge-credited');
  expect(out.stdout).toMatch(/^decision: approved$/m);
  expect(out.stdout).toMatch(/^routing: (act|confirm|escalate)$/m);
  expect(out.stdout).toMatch(/^fixture expectation: approved \(applicable: true\)$/m);
  expect(out.stdout).toMatch(/^request_id: req_[0-9a-z]+$/m);
  const lines = out.stdout.trimEnd().split('\n');
  expect(lines[lines.length - 1]).toBe('status: completed');
  // the key is never printed
  expect(out.stdout + out.stderr).not.toContain(secret);
}

describe('starters downloaded from the live server', () => {
  it('node starter.mjs <baseUrl> runs one decision and reads its status', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const file = await download('starter.mjs');
    const out = await run(process.execPath, [file, t.url], { SVC_API_KEY: key.secret });
    expectStarterOutput(out, key.secret);
    expect(await usageOf(key.id)).toEqual({ runs: 1, failed: 0 });
    const records = await recordsOf(key.id);
    expect(records).toHaveLength(1);
    expect(records[0].status).toBe('completed');
    expect(out.stdout).toContain(`Idempotency-Key ${records[0].idempotencyKey}`);
  });

  it.skipIf(skipping(!hasPython, 'the Python starter needs python3 on PATH'))('python3 starter.py <baseUrl> runs one decision and reads its status', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const file = await download('starter.py');
    const out = await run('python3', [file, t.url], { SVC_API_KEY: key.secret });
    expectStarterOutput(out, key.secret);
    expect(await usageOf(key.id)).toEqual({ runs: 1, failed: 0 });
    const records = await recordsOf(key.id);
    expect(records).toHaveLength(1);
    expect(records[0].status).toBe('completed');
  });

  it('the starters pass options through and fail clearly without a key', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const file = await download('starter.mjs');
    const custom = await run(process.execPath, [file, t.url, '--industry', 'retail', '--scenario', 'final-sale-declined', '--message', 'My own sample text.'], { SVC_API_KEY: key.secret });
    expect(custom.code, custom.stderr).toBe(0);
    expect(custom.stdout).toContain('running retail / final-sale-declined');
    expect(custom.stdout).toMatch(/^fixture expectation: denied \(applicable: false\)$/m);
    expect(custom.stdout.trimEnd().split('\n').pop()).toBe('status: completed');
    const noKey = await run(process.execPath, [file, t.url], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('SVC_API_KEY');
    const wrongKey = await run(process.execPath, [file, t.url], { SVC_API_KEY: acct.key });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('HTTP 403');
    expect(await usageOf(key.id)).toEqual({ runs: 1, failed: 0 });
  });
});

describe('a service key from the key CLI', () => {
  it('runs create --type svc beside the server: one svc_test_ key, which works against it', async () => {
    const out = await runKeys(['create', '--type', 'svc'], { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^svc_test_[0-9A-Za-z]{32}\n$/);
    const secret = out.stdout.trim();
    const res = await api(t.url, '/api/svc/decisions', {
      method: 'POST', body: { industry: 'retail', scenario: 'final-sale-declined' }, headers: { 'x-svc-api-key': secret, 'idempotency-key': 'cli-key-run-0001' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.decision).toBe('denied');
    const lookup = await api(t.url, '/api/svc/requests/cli-key-run-0001', { headers: { 'x-svc-api-key': secret } });
    expect(lookup.body.status).toBe('completed');
  });
});
