// The deployment files: .env.example names every variable the server reads; a production
// server refuses to start without its secrets, naming each; docker compose's file is valid
// where Docker Compose exists (skipped with the reason elsewhere).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig, PRODUCTION_SECRETS } from '../../src/config.js';

const root = join(import.meta.dirname, '..', '..');

function composeAvailable(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasCompose = composeAvailable();
if (!hasCompose) console.warn('[docker compose config skipped] `docker compose` is not installed here');

describe('deployment', () => {
  it('.env.example lists every variable the server reads', () => {
    const text = readFileSync(join(root, '.env.example'), 'utf8');
    const listed = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !listed.has(v))).toEqual([]);
    // the production secrets come first and uncommented
    for (const name of Object.keys(PRODUCTION_SECRETS)) expect(text).toMatch(new RegExp(`^${name}=$`, 'm'));
  });

  it('production refuses to start without its secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SVC_ENCRYPTION_KEY: missing[\s\S]*JWT_SECRET: missing/);
    expect(() => loadConfig({ NODE_ENV: 'production', SVC_ENCRYPTION_KEY: 'a3'.repeat(32) })).toThrow(/JWT_SECRET: missing/);
    expect(() => loadConfig({ NODE_ENV: 'production', SVC_ENCRYPTION_KEY: 'a3'.repeat(32), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SVC_ENCRYPTION_KEY: 'a3'.repeat(32), JWT_SECRET: 'j'.repeat(32) }).NODE_ENV).toBe('production');
    // outside production the keys are generated into DATA_DIR
    expect(loadConfig({}).NODE_ENV).toBe('development');
  });

  it('the image keeps its data in a volume owned by the runtime user', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/ENV DATA_DIR=\/app\/\.data/);
    expect(dockerfile).toMatch(/chown node:node \/app\/\.data/);
    expect(dockerfile.indexOf('chown node:node')).toBeLessThan(dockerfile.indexOf('USER node'));
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/apidata:\/app\/\.data/);
    expect(compose).toMatch(/SVC_ENCRYPTION_KEY: \$\{SVC_ENCRYPTION_KEY:\?/);
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
  });

  it.skipIf(!hasCompose)('docker compose config accepts the file with the secrets set, and names a missing one', () => {
    const env = { ...process.env, SVC_ENCRYPTION_KEY: 'a3'.repeat(32), JWT_SECRET: 'j'.repeat(32) };
    const out = execFileSync('docker', ['compose', '-f', join(root, 'docker-compose.yml'), 'config'], { env, encoding: 'utf8' });
    expect(out).toMatch(/apidata/);
    const missing = { ...env, JWT_SECRET: '' };
    expect(() => execFileSync('docker', ['compose', '-f', join(root, 'docker-compose.yml'), 'config'], { env: missing, stdio: 'pipe' })).toThrow(/JWT_SECRET/);
  });
});
