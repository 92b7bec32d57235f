// The committed artifacts of the GraphQL door are current: schema.graphql is what the
// server prints, and the typed documents in test/generated/ are what codegen makes of it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * printedSchema() of src/graphql/schema.ts, run under plain Node (tsx) as the server runs it:
 * inside vitest, source files get graphql's ESM build while Pothos (loaded by Node) gets its
 * CommonJS build, and graphql refuses to print a schema built by "another" graphql module.
 */
async function printedSchema(): Promise<string> {
  const code = "const { printedSchema } = await import('./src/graphql/schema.ts'); process.stdout.write(printedSchema());";
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '-e', code], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

describe('committed GraphQL artifacts', () => {
  it('schema.graphql equals the printed schema (regenerate: npm run --silent schema:print)', async () => {
    const committed = readFileSync(join(root, 'schema.graphql'), 'utf8');
    const printed = await printedSchema();
    expect(printed).toMatch(/type Query \{/);
    expect(committed).toBe(printed);
  }, 60_000);

  it('test/generated/ is what codegen makes of schema.graphql and the documents (regenerate: npm run codegen)', async () => {
    // in memory: generate(config, false) returns the files instead of writing them
    const outputs = await generate({ ...config, cwd: root, silent: true }, false);
    const targets = Object.keys(config.generates).sort();
    expect(outputs.map((o: { filename: string }) => o.filename.replace(`${root}/`, '')).sort()).toEqual(targets);
    for (const output of outputs) {
      const onDisk = readFileSync(resolve(root, output.filename), 'utf8');
      expect(onDisk, `${output.filename} is stale: run npm run codegen`).toBe(output.content);
    }
  }, 60_000);

  it('the generated documents cover every operation the tests send', async () => {
    const generated = await import('../generated/graphql.js');
    for (const name of ['ListOrders', 'GetOrder', 'OrdersWithRelations', 'ListCustomers', 'ListProducts', 'CreateOrder', 'CancelOrder', 'OnEvents', 'OnOrderUpdated', 'TooDeepOrders', 'DeepestAllowedOrder', 'FanOutOverLimit', 'CostlyOrders']) {
      expect(generated, name).toHaveProperty(`${name}Document`);
    }
  });
});
