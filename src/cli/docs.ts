// `npm run --silent docs`: writes docs/errors.md (the error catalogue) and docs/api.md (the REST
// reference, from the OpenAPI document of a server started on a throwaway embedded database).
// A test renders both from the running code and fails when the committed files differ.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsDir = fileURLToPath(new URL('../../docs/', import.meta.url));

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('help')) {
    console.log('usage: npm run --silent docs   (writes docs/errors.md and docs/api.md)');
    return;
  }
  // the server and the references load after the arguments are read: --help answers at once
  const [{ errorReferenceMarkdown }, { apiReferenceMarkdown }, { startServer }] = await Promise.all([
    import('../error-reference.js'), import('../api-reference.js'), import('../server.js'),
  ]);
  writeFileSync(join(docsDir, 'errors.md'), errorReferenceMarkdown());
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-docs-'));
  const server = await startServer({ ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PRINT_SANDBOX_KEY: 'false', API_DOCS: 'true', NODE_ENV: 'development' });
  try {
    writeFileSync(join(docsDir, 'api.md'), apiReferenceMarkdown(server.app.swagger() as Record<string, unknown>));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('wrote docs/errors.md and docs/api.md');
}

main().then(() => process.exit(0), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
