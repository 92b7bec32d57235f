// The compliance CLI: `npm run --silent compliance -- import sdn.csv [--alt alt.csv] [--add add.csv]
// [--as-of YYYY-MM-DD] [--json]` loads OFAC's SDN list (its CSV files) for live-mode screening,
// replacing the list loaded before; `compliance -- lists` shows the loaded lists.
// Exit 0 when done, 1 when a file is refused, 2 on bad usage.
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCli, withDatabase } from './import-command.js';
import { importList, OFFICIAL_LISTS, parseOfacSdn, SanctionsFileError } from '../modules/global/compliance.js';

const USAGE = [
  'usage: compliance import SDN_CSV [--alt ALT_CSV] [--add ADD_CSV] [--as-of YYYY-MM-DD] [--json]   (OFAC SDN list, CSV)',
  '       compliance lists [--json]',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      alt: { type: 'string' }, add: { type: 'string' }, 'as-of': { type: 'string' },
      json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = positionals[0];
  if (!((command === 'import' && positionals.length === 2) || (command === 'lists' && positionals.length === 1))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let entries;
  let asOf: Date | undefined;
  if (command === 'import') {
    const file = positionals[1];
    if (/\.xml$/i.test(file)) {
      process.stderr.write(`${file}: the EU and UN consolidated XML formats are not supported yet; load OFAC's sdn.csv\n`);
      return 1;
    }
    try {
      entries = parseOfacSdn(readFileSync(file, 'utf8'), values.alt ? readFileSync(values.alt, 'utf8') : undefined, values.add ? readFileSync(values.add, 'utf8') : undefined);
      if (values['as-of'] !== undefined) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(values['as-of']) || Number.isNaN(Date.parse(`${values['as-of']}T00:00:00Z`))) {
          process.stderr.write(`--as-of '${values['as-of']}': expected YYYY-MM-DD\n`);
          return 2;
        }
        asOf = new Date(`${values['as-of']}T00:00:00Z`);
      } else {
        // OFAC's CSV carries no date: the file's modification time stands for it
        asOf = statSync(file).mtime;
      }
    } catch (err) {
      if (err instanceof SanctionsFileError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
        process.stderr.write(`${(err as Error).message}\n`);
        return 1;
      }
      throw err;
    }
  }
  return withDatabase(async (db) => {
    if (command === 'import') {
      const loaded = await importList(db.prisma, { name: OFFICIAL_LISTS[0], test: false, format: 'ofac_sdn_csv', asOf: asOf! }, entries!);
      if (values.json) process.stdout.write(`${JSON.stringify(loaded)}\n`);
      else process.stdout.write(`loaded ${loaded.name}: ${loaded.entries} entries as of ${new Date(loaded.as_of * 1000).toISOString().slice(0, 10)}\n`);
      return 0;
    }
    const rows = await db.prisma.globalSanctionsList.findMany({ orderBy: [{ test: 'asc' }, { name: 'asc' }] });
    const lists = rows.map((r) => ({ name: r.name, test: r.test, format: r.format, as_of: Math.floor(r.asOf.getTime() / 1000), entries: r.entryCount, imported: Math.floor(r.importedAt.getTime() / 1000) }));
    if (values.json) process.stdout.write(`${JSON.stringify(lists)}\n`);
    else if (!lists.length) process.stdout.write('no sanctions list loaded\n');
    else for (const l of lists) process.stdout.write(`${l.name}${l.test ? ' (test)' : ''}: ${l.entries} entries as of ${new Date(l.as_of * 1000).toISOString().slice(0, 10)}\n`);
    return 0;
  });
}

runCli(main);
