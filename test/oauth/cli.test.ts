// `keys -- oauth-client create|list|revoke`: partners registered from the command line; the
// secret printed once (only its hash stored), bad input refused with exit code 2.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migratedDataDir, runKeys } from '../helpers/process.js';
import { openDatabase } from '../../src/db/client.js';
import { OAuthServer } from '../../src/oauth/server.js';
import { embeddedOnly } from '../helpers/skip.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

describe.skipIf(embeddedOnly('keys oauth-client'))('keys oauth-client', () => {
  const dataDir = migratedDataDir('commerce-oauth-cli-');
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('registers a client, lists it without its secret, revokes it', async () => {
    const created = await runKeys(['oauth-client', 'create', '--name', 'Acme Books', '--redirect-uri', 'https://books.example/cb', '--redirect-uri', 'http://localhost:3000/cb'], env);
    expect(created.code, created.stderr).toBe(0);
    const id = /^client_id=(oac_[0-9a-z]{26})$/m.exec(created.stdout)?.[1];
    const secret = /^client_secret=(ocs_[A-Za-z0-9_-]{43})$/m.exec(created.stdout)?.[1];
    expect(id).toBeTruthy();
    expect(secret).toBeTruthy();
    expect(created.stderr).toMatch(/shown once/);

    const list = await runKeys(['oauth-client', 'list', '--json'], env);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout);
    expect(rows).toEqual([expect.objectContaining({ client_id: id, name: 'Acme Books', redirect_uris: ['https://books.example/cb', 'http://localhost:3000/cb'], revoked_at: null })]);
    expect(list.stdout).not.toContain(secret!);

    // the printed secret is the one the server checks
    let db = await openDatabase({ dataDir, migrate: false, poolSize: 1 });
    try {
      const oauth = new OAuthServer(db.prisma, { codeSecs: 60, accessSecs: 60, refreshSecs: 60 });
      await expect(oauth.authenticateClient(id, secret)).resolves.toMatchObject({ id, name: 'Acme Books' });
      await expect(oauth.authenticateClient(id, `${secret}x`)).rejects.toMatchObject({ error: 'invalid_client' });
      const stored = await db.prisma.oAuthClient.findUnique({ where: { id: id! } });
      expect(JSON.stringify(stored)).not.toContain(secret!);
    } finally {
      await db.close();
    }

    const revoked = await runKeys(['oauth-client', 'revoke', id!], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    db = await openDatabase({ dataDir, migrate: false, poolSize: 1 });
    try {
      const oauth = new OAuthServer(db.prisma, { codeSecs: 60, accessSecs: 60, refreshSecs: 60 });
      await expect(oauth.authenticateClient(id, secret)).rejects.toMatchObject({ error: 'invalid_client' });
    } finally {
      await db.close();
    }
  });

  it('refuses bad redirect URIs and bad usage with exit code 2', async () => {
    for (const args of [
      ['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'http://partner.example/cb'],
      ['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'https://partner.example/cb#frag'],
      ['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'not a url'],
      ['oauth-client', 'create', '--name', 'X'],
      ['oauth-client', 'create', '--redirect-uri', 'https://partner.example/cb'],
      ['oauth-client', 'revoke'],
      ['oauth-client', 'fly'],
    ]) {
      const res = await runKeys(args, env);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr.length).toBeGreaterThan(0);
    }
    const unknown = await runKeys(['oauth-client', 'revoke', 'oac_00000000000000000000000000'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No such oauth_client/);
  });
});
