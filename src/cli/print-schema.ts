// Writes schema.graphql, the printed GraphQL schema (a test fails when it is stale).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printedSchema } from '../graphql/schema.js';
import { projectRoot } from '../db/schema-engine.js';

writeFileSync(join(projectRoot, 'schema.graphql'), printedSchema());
console.log('wrote schema.graphql');
