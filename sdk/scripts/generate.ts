// `npm run --silent sdk:generate`: regenerates the SDK from the server's own OpenAPI document.
// Starts the server on a throwaway embedded database (as `npm run docs` does), takes its
// description without the admin routes (what /openapi.json shows a caller), writes
// sdk/src/generated/ (./codegen.ts) and builds sdk/dist/ (what the package exports; committed,
// since `npm ci` runs no build). test/sdk/generated.test.ts fails when either is stale.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/server.js';
import { withoutAdminRoutes } from '../../src/rest/openapi.js';
import { knownEventTypes } from '../../src/modules/catalog.js';
import { buildSdk, generateSdkSources, SDK_DIR, sdkVersion } from './codegen.js';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-sdk-'));
  const server = await startServer({ ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PRINT_SANDBOX_KEY: 'false', API_DOCS: 'true', NODE_ENV: 'development' });
  let doc: Record<string, unknown>;
  try {
    doc = withoutAdminRoutes(server.app.swagger() as Record<string, unknown>);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const files = await generateSdkSources(doc, { eventTypes: knownEventTypes(), sdkVersion: sdkVersion() });
  const dir = join(SDK_DIR, 'src', 'generated');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  buildSdk();
  console.log('wrote sdk/src/generated/ and built sdk/dist/');
}

main().then(() => process.exit(0), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
