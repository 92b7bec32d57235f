// The shipping CLI: `npm run --silent shipping -- import FILE [--json]` replaces the live-mode
// shipping rate tables (format: docs/global.md, as src/modules/global/data/shipping-rates-default.json);
// `shipping -- default` prints the shipped default tables, a start for your own.
// Exit 0 when done, 1 when the file is refused, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { parseFile, runCli, withDatabase } from './import-command.js';
import { importShippingTables, parseShippingTables, ShippingFileError } from '../modules/global/shipping.js';

const USAGE = 'usage: shipping import FILE [--json]   (FILE: rate tables in the format of docs/global.md)\n       shipping default   (prints the shipped default tables)';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] === 'default' && positionals.length === 1) {
    process.stdout.write(readFileSync(new URL('../modules/global/data/shipping-rates-default.json', import.meta.url), 'utf8'));
    return 0;
  }
  if (positionals[0] !== 'import' || positionals.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const parsed = parseFile(positionals[1], () => parseShippingTables(readFileSync(positionals[1], 'utf8')), (err) => err instanceof ShippingFileError);
  if ('exit' in parsed) return parsed.exit;
  return withDatabase(async (db) => {
    const result = await importShippingTables(db.prisma, parsed.value, basename(positionals[1]));
    if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else process.stdout.write(`imported shipping rate tables: origins ${result.origins.join(', ')}, ${result.services} services\n`);
    return 0;
  });
}

runCli(main);
