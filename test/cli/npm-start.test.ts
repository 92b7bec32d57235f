// `npm start` is one serving process that signals reach: SIGTERM (or SIGINT) to the npm
// process shuts the server down gracefully, the port is freed, nothing is left running, and
// the data written before is there on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/process.js';
import { api, TEA_ORDER } from '../helpers/server.js';
import { embeddedOnly } from '../helpers/skip.js';

const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started { proc: ChildProcess; url: string; out: () => string; exited: Promise<number | null> }

function npmStart(): Promise<Started> {
  const proc = spawn('npm', ['start'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`npm start did not listen:\n${out}`)); }, 90_000);
    const check = () => {
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"server listening"/.exec(out);
      if (m) { clearTimeout(timer); proc.stdout!.off('data', check); resolve({ proc, url: m[1], out: () => out, exited }); }
    };
    proc.stdout!.on('data', check);
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`npm start exited with ${code}:\n${out}`)); });
  });
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health/live`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

describe.skipIf(embeddedOnly('npm start'))('npm start', () => {
  it('stops on SIGTERM to the npm process: the port is freed and the data is intact on the next start', async () => {
    const first = await npmStart();
    const key = /sk_test_[0-9A-Za-z]+/.exec(first.out())?.[0];
    expect(key, first.out()).toBeDefined();
    const order = await api(first.url, '/v1/orders', { key, body: TEA_ORDER });
    expect(order.status).toBe(201);

    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.out()).toMatch(/"signal":"SIGTERM"[^\n]*"msg":"shutting down"/);
    expect(await refused(first.url)).toBe(true);

    const second = await npmStart();
    try {
      const again = await api(second.url, `/v1/orders/${order.body.id}`, { key });
      expect(again.status).toBe(200);
      expect(again.body.amount).toBe(900);
    } finally {
      second.proc.kill('SIGINT');
      await second.exited;
    }
    expect(second.out()).toMatch(/"signal":"SIGINT"[^\n]*"msg":"shutting down"/);
    expect(await refused(second.url)).toBe(true);
  });
});
