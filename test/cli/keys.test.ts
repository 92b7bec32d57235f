// The key CLI and the first start: real processes on a fresh embedded database, the CLI
// next to a running server on the same data folder, and the CLI against PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, hasPostgres } from '../helpers/server.js';
import { migratedDataDir, runKeys, spawnServer, type ServerProcess } from '../helpers/process.js';
import { embeddedOnly, skipping } from '../helpers/skip.js';

// every CLI call is a fresh process (npm, tsx, PGlite): give them room on a loaded machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const KEY_LINE = /^(sk|rk|pk|svc)_(test|live)_[0-9A-Za-z]{32}\n$/;

describe.skipIf(embeddedOnly('key CLI on a fresh embedded database'))('key CLI on a fresh embedded database', () => {
  const dataDir = migratedDataDir('commerce-cli-');
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates every kind of key and prints only the key on stdout', async () => {
    const secret = await runKeys(['create', '--mode', 'test'], env);
    expect(secret.code, secret.stderr).toBe(0);
    expect(secret.stdout).toMatch(KEY_LINE);
    expect(secret.stdout.startsWith('sk_test_')).toBe(true);

    const restricted = await runKeys(['create', '--type', 'restricted', '--permissions', 'orders:read,customers:read', '--account', 'acme'], env);
    expect(restricted.stdout).toMatch(/^rk_test_/);
    const live = await runKeys(['create', '--mode', 'live', '--account', 'acme'], env);
    expect(live.stdout).toMatch(/^sk_live_/);
    const publishable = await runKeys(['create', '--type', 'publishable'], env);
    expect(publishable.stdout).toMatch(/^pk_test_/);
    const svc = await runKeys(['create', '--type', 'svc'], env);
    expect(svc.stdout).toMatch(KEY_LINE);
    expect(svc.stdout).toMatch(/^svc_test_/);

    const list = await runKeys(['list', '--json'], env);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as { id: string; account: string; type: string; key: string }[];
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.account === 'acme').map((r) => r.type).sort()).toEqual(['restricted', 'secret']);
    for (const k of [secret, restricted, live, publishable, svc]) {
      expect(list.stdout).not.toContain(k.stdout.trim());
      expect(list.stdout).not.toContain(k.stdout.trim().slice(-12));
    }
  });

  it('refuses bad usage with exit code 2 and a message', async () => {
    const bad = await runKeys(['create', '--type', 'restricted'], env);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/permission/);
    const perms = await runKeys(['create', '--type', 'restricted', '--permissions', 'not a permission'], env);
    expect(perms.code).toBe(2);
    const unknown = await runKeys(['explode'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/usage/);
    const revoke = await runKeys(['revoke', 'key_doesnotexist0000'], env);
    expect(revoke.code).toBe(2);
    // a well-formed permission the server does not know is refused, listing the valid ones
    const bogus = await runKeys(['create', '--type', 'restricted', '--permissions', 'orders:read,bogus:thing,orders:teleport'], env);
    expect(bogus.code).toBe(2);
    expect(bogus.stdout).toBe('');
    expect(bogus.stderr).toMatch(/unknown permissions: bogus:thing, orders:teleport/);
    expect(bogus.stderr).toMatch(/orders: read, create/);
    expect(bogus.stderr).toMatch(/webhooks: read, write/);
    // a publishable key can be narrowed, never widened past reading
    const widened = await runKeys(['create', '--type', 'publishable', '--permissions', 'orders:create'], env);
    expect(widened.code).toBe(2);
    expect(widened.stderr).toMatch(/read-only/);
  });

  it('--help and help print the usage on stdout and exit 0', async () => {
    for (const args of [['--help'], ['help'], ['create', '--help']]) {
      const res = await runKeys(args, env);
      expect(res.code, args.join(' ')).toBe(0);
      expect(res.stdout).toMatch(/keys create/);
    }
  });
});

describe.skipIf(embeddedOnly('first start and the CLI beside a running server'))('first start and the CLI beside a running server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-start-'));
  // the quick start runs on the embedded database, whatever this run's DATABASE_URL
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints one sandbox test key once, and it works', async () => {
    const printed = server.stdout().match(/sk_test_[0-9A-Za-z]{32}/g) ?? [];
    expect(new Set(printed).size).toBe(1);
    const res = await api(server.url, '/v1/auth/test', { key: printed[0] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authenticated: true, mode: 'test', permissions: ['*'] });
  });

  it('creates a key while the server runs, and revocation reaches the server', async () => {
    const created = await runKeys(['create', '--mode', 'test'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    const ok = await api(server.url, '/v1/orders', { key });
    expect(ok.status).toBe(200);

    const list = JSON.parse((await runKeys(['list', '--json'], env)).stdout) as { id: string; key: string }[];
    const row = list.find((r) => r.key.endsWith(key.slice(-4)) && r.key.startsWith('sk_test_'))!;
    const revoked = await runKeys(['revoke', row.id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    // the server caches a key for at most 2 seconds
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await api(server.url, '/v1/orders', { key })).status;
    }
    expect(status).toBe(401);
  });

  it('a publishable key narrowed to products:read reads products only', async () => {
    const created = await runKeys(['create', '--type', 'publishable', '--permissions', 'products:read'], env);
    expect(created.code, created.stderr).toBe(0);
    const pk = created.stdout.trim();
    expect(pk).toMatch(/^pk_test_/);
    expect((await api(server.url, '/v1/products', { key: pk })).status).toBe(200);
    const orders = await api(server.url, '/v1/orders', { key: pk });
    expect(orders.status).toBe(403);
    expect(orders.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await api(server.url, '/v1/products', { key: pk, body: { name: 'x', price: 1, currency: 'usd' } })).status).toBe(403);
  });

  it('does not print a sandbox key on a second start', async () => {
    await server.stop();
    server = await spawnServer(env);
    expect(server.stdout()).not.toMatch(/sk_test_/);
  });
});

describe.skipIf(skipping(!hasPostgres, 'the key CLI against PostgreSQL needs DATABASE_URL'))('key CLI against PostgreSQL (DATABASE_URL)', () => {
  it('creates a key in the database the server uses', async () => {
    const res = await runKeys(['create', '--account', `cli-pg-${Date.now()}`], { DATABASE_URL: process.env.DATABASE_URL });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(KEY_LINE);
  });
});
