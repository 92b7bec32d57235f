// `keys -- account suspend|resume NAME`: a suspended account's keys are refused with 401
// INACTIVE_ACCOUNT by a running server within 2 s (its key cache), and work again after resume.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { runKeys } from '../helpers/process.js';

vi.setConfig({ testTimeout: 180_000 });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
});
afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(key: string, status: number, withinMs: number) {
  const start = Date.now();
  for (;;) {
    const res = await api(t.url, '/v1/orders', { key });
    if (res.status === status) return { res, ms: Date.now() - start };
    if (Date.now() - start > withinMs) throw new Error(`still ${res.status} after ${withinMs} ms: ${res.text}`);
    await sleep(50);
  }
}

describe('keys -- account suspend|resume', () => {
  it('suspends an account (401 INACTIVE_ACCOUNT within 2 s on a running server) and resumes it', async () => {
    const name = `suspend-${process.pid}-${Date.now()}`;
    const acct = await t.newAccount(name);
    const other = await t.newAccount();
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL };
    expect((await api(t.url, '/v1/orders', { key: acct.key })).status).toBe(200);

    const suspend = await runKeys(['account', 'suspend', name], env);
    expect(suspend.code, suspend.stderr).toBe(0);
    expect(suspend.stdout).toBe('');
    expect(suspend.stderr).toMatch(/suspended/);
    // the CLI's own start-up takes longer than the cache: the refusal is (almost) immediate here
    const { res, ms } = await waitFor(acct.key, 401, 2_500);
    expect(res.body.error.code).toBe('INACTIVE_ACCOUNT');
    expect(ms).toBeLessThan(2_500);
    // every key of the account, and nothing of another account
    const rk = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    expect((await api(t.url, '/v1/orders', { key: rk.secret })).body.error.code).toBe('INACTIVE_ACCOUNT');
    expect((await api(t.url, '/v1/orders', { key: other.key })).status).toBe(200);

    const resume = await runKeys(['account', 'resume', name], env);
    expect(resume.code, resume.stderr).toBe(0);
    // each key's refusal is cached on its own, for up to 2 s from its own lookup
    await waitFor(acct.key, 200, 2_500);
    await waitFor(rk.secret, 200, 2_500);
  });

  it('a suspension made while a key is cached reaches the server within 2 s', async () => {
    const name = `cached-${process.pid}-${Date.now()}`;
    const acct = await t.newAccount(name);
    expect((await api(t.url, '/v1/orders', { key: acct.key })).status).toBe(200);
    await t.server.db.prisma.account.update({ where: { name }, data: { status: 'suspended' } });
    const { res, ms } = await waitFor(acct.key, 401, 2_500);
    expect(res.body.error.code).toBe('INACTIVE_ACCOUNT');
    expect(ms).toBeLessThan(2_500);
  });

  it('bad usage exits 2', async () => {
    const env = { DATA_DIR: t.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL };
    const cases = [['account'], ['account', 'suspend'], ['account', 'freeze', 'x'], ['account', 'suspend', `no-such-account-${Date.now()}`]];
    // independent processes (only the last one reads the database): at once
    const results = await Promise.all(cases.map((args) => runKeys(args, env)));
    cases.forEach((args, i) => {
      const res = results[i]!;
      expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stdout).toBe('');
    });
  });
});
