// The compliance CLI: `npm run --silent compliance -- import FILE [--alt alt.csv] [--add add.csv]
// [--as-of YYYY-MM-DD] [--json]` loads a sanctions list for live-mode screening, its format
// detected: OFAC's SDN list (sdn.csv, with its alt.csv and add.csv), the EU consolidated list
// (XML, root <export>) or the UN consolidated list (XML, root <CONSOLIDATED_LIST>); it replaces
// the list of that name loaded before. `compliance -- lists` shows the loaded lists.
// Exit 0 when done, 1 when a file is refused (nothing is changed), 2 on bad usage.
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCli, withDatabase } from './import-command.js';
import { importList, parseOfacSdn, SanctionsFileError } from '../modules/global/compliance.js';
import { detectSanctionsFormat, LIST_NAME, parseSanctionsXml, type ParsedList } from '../modules/global/sanctions-xml.js';

const USAGE = [
  'usage: compliance import SDN_CSV [--alt ALT_CSV] [--add ADD_CSV] [--as-of YYYY-MM-DD] [--json]   (OFAC SDN list, CSV)',
  '       compliance import LIST_XML [--as-of YYYY-MM-DD] [--json]   (EU consolidated or UN consolidated list, XML; format detected)',
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
  let parsed: ParsedList | undefined;
  let asOf: Date | undefined;
  if (command === 'import') {
    const file = positionals[1];
    try {
      const text = readFileSync(file, 'utf8');
      const format = detectSanctionsFormat(text);
      if (format !== 'ofac_sdn_csv' && (values.alt !== undefined || values.add !== undefined)) {
        process.stderr.write(`--alt and --add belong to OFAC's CSV files; ${file} is the ${LIST_NAME[format]} list (XML), which carries its aliases and addresses itself\n`);
        return 2;
      }
      parsed = format === 'ofac_sdn_csv'
        ? { format, name: LIST_NAME[format], entries: parseOfacSdn(text, values.alt ? readFileSync(values.alt, 'utf8') : undefined, values.add ? readFileSync(values.add, 'utf8') : undefined) }
        : parseSanctionsXml(text);
      if (values['as-of'] !== undefined) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(values['as-of']) || Number.isNaN(Date.parse(`${values['as-of']}T00:00:00Z`))) {
          process.stderr.write(`--as-of '${values['as-of']}': expected YYYY-MM-DD\n`);
          return 2;
        }
        asOf = new Date(`${values['as-of']}T00:00:00Z`);
      } else {
        // the XML lists carry their date; OFAC's CSV carries none: the file's modification time stands for it
        asOf = parsed.asOf ?? statSync(file).mtime;
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
      const loaded = await importList(db.prisma, { name: parsed!.name, test: false, format: parsed!.format, asOf: asOf! }, parsed!.entries);
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
