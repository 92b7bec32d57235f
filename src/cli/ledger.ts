// The ledger CLI: `npm run --silent ledger -- verify [--json]` recomputes every hash chain,
// every transaction's zero sum and every balance from the postings. Exit 0 when all hold,
// 1 when anything is broken (each problem printed), 2 on bad usage.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { verifyLedger } from '../modules/money/verify.js';

const USAGE = 'usage: ledger verify [--json]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== 'verify' || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const report = await verifyLedger(db.prisma);
    if (values.json) process.stdout.write(`${JSON.stringify({ ok: report.problems.length === 0, ...report }, null, 2)}\n`);
    else {
      for (const p of report.problems) process.stdout.write(`BROKEN ${p}\n`);
      process.stdout.write(`${report.problems.length === 0 ? 'ok' : `${report.problems.length} problem(s)`}: ${report.transactions} transactions, ${report.postings} postings, ${report.accounts} ledger accounts, ${report.chains} chains\n`);
    }
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  process.stderr.write(`${err.message}\n`);
  // an unknown option (node's parseArgs) is a usage mistake: exit 2
  process.exit(String((err as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS') ? 2 : 1);
});
