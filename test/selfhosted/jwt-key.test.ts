// The access tokens' signing secret: without JWT_SECRET, generated once into DATA_DIR (mode
// 0600) and kept across restarts; JWT_SECRET shorter than 32 characters is refused; tokens of
// one secret are refused under another.
import { rmSync, statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { api, testEnv } from '../helpers/server.js';
import { accessClaims, craft, signUp, type SignedIn } from './helpers.js';

const { dataDir, env } = testEnv({ JWT_SECRET: undefined, LOGIN_FAIL_LIMIT_PER_IP: '1000000' });
let server: RunningServer | undefined;
let user: SignedIn;

beforeAll(async () => {
  server = await startServer(env as NodeJS.ProcessEnv);
  user = await signUp(server.url);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the JWT signing secret', () => {
  it('is generated into DATA_DIR with mode 0600 and signs the tokens', async () => {
    const file = join(dataDir, 'jwt-secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(64);
    // a token signed with the file's text is accepted: it is the key
    const crafted = await craft(secret, accessClaims(user.user));
    expect((await api(server!.url, '/v1/auth/test', { key: crafted })).status).toBe(200);
  });

  it('survives a restart: tokens issued before still work', async () => {
    await server!.stop();
    server = await startServer(env as NodeJS.ProcessEnv);
    const res = await api(server.url, '/v1/auth/test', { key: user.access_token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.key_id).toBe(user.user.id);
    expect((await api(server.url, '/auth/refresh', { body: { refresh_token: user.refresh_token } })).status).toBe(200);
  });

  it('another secret refuses them', async () => {
    await server!.stop();
    server = await startServer({ ...env, JWT_SECRET: 'another secret of at least thirty-two characters' } as NodeJS.ProcessEnv);
    const res = await api(server.url, '/v1/auth/test', { key: user.access_token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('JWT_SECRET must be at least 32 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toHaveLength(32);
  });
});
