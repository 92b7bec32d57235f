// The FX CLI: `npm run --silent fx -- import FILE [--json]` replaces the live-mode FX rates with
// those of an ECB reference-rate file (eurofxref CSV or XML, daily or historical: the latest
// day is taken). Exit 0 when imported, 1 when the file is refused, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFile, runCli, withDatabase } from './import-command.js';
import { FxFileError, importRates, parseEcbFile } from '../modules/global/fx.js';

const USAGE = 'usage: fx import FILE [--json]   (FILE: ECB reference rates, eurofxref CSV or XML)';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== 'import' || positionals.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const parsed = parseFile(positionals[1], () => parseEcbFile(readFileSync(positionals[1], 'utf8')), (err) => err instanceof FxFileError);
  if ('exit' in parsed) return parsed.exit;
  const table = parsed.value;
  return withDatabase(async (db) => {
    const result = await importRates(db.prisma, table);
    if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else process.stdout.write(`imported ${result.currencies} rates per ${table.base.toUpperCase()} as of ${table.asOf.toISOString().slice(0, 10)} (source ${result.source})\n`);
    return 0;
  });
}

runCli(main);
