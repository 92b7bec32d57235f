// Writes schema.graphql, the printed GraphQL schema (a test fails when it is stale).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args[0] === 'help') {
  console.log('usage: npm run --silent schema:print   (writes schema.graphql from the code-first schema)');
} else if (args.length) {
  console.error(`unknown argument '${args[0]}'\nusage: npm run --silent schema:print`);
  process.exit(2);
} else {
  // the schema (every module) loads after the arguments are read: --help answers at once
  const [{ printedSchema }, { projectRoot }] = await Promise.all([import('../graphql/schema.js'), import('../db/schema-engine.js')]);
  writeFileSync(join(projectRoot, 'schema.graphql'), printedSchema());
  console.log('wrote schema.graphql');
}
