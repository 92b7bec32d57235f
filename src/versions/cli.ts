// `npm run --silent keys -- version ...`: the API versions, and an account's pin.
//   keys version list                          every version, its status and end of life
//   keys version show [--account NAME]         the account's pinned version
//   keys version pin --account NAME DATE       pin the account (its keys see it within 2 s)
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { SANDBOX_ACCOUNT } from '../accounts.js';
import { defaultVersion, VERSIONS } from './list.js';
import { setAccountVersion } from './pin.js';

export const VERSION_USAGE = `  keys version list
  keys version show [--account NAME]
  keys version pin --account NAME YYYY-MM-DD`;

/** Thrown for a misuse: the CLI prints it and exits 2. */
export class VersionUsageError extends Error {}

export async function versionCommand(args: string[], accountName: string | undefined, json: boolean): Promise<void> {
  const [action, ...extra] = args;
  if (action === 'list' && extra.length === 0) {
    if (json) process.stdout.write(`${JSON.stringify(VERSIONS, null, 2)}\n`);
    else for (const v of VERSIONS) process.stdout.write(`${v.version}  ${v.status.padEnd(10)}  end of life: ${v.end_of_life ?? 'none'}\n`);
    return;
  }
  if (!(action === 'show' && extra.length === 0) && !(action === 'pin' && extra.length === 1)) throw new VersionUsageError(VERSION_USAGE);
  if (action === 'pin' && !accountName) throw new VersionUsageError('keys version pin needs --account NAME');
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const name = accountName ?? SANDBOX_ACCOUNT;
    if (action === 'show') {
      const account = await db.prisma.account.findUnique({ where: { name }, select: { id: true, name: true, apiVersion: true } });
      if (!account) throw new VersionUsageError(`no account '${name}'`);
      if (json) process.stdout.write(`${JSON.stringify({ account: account.name, id: account.id, api_version: account.apiVersion })}\n`);
      else process.stdout.write(`${account.apiVersion ?? `not pinned yet (its first request pins ${defaultVersion(config)})`}\n`);
      return;
    }
    const pinned = await setAccountVersion(db.prisma, name, extra[0], 'DATE');
    process.stderr.write(`pinned account '${pinned.name}' to API version ${pinned.apiVersion} (was ${pinned.previous ?? 'not pinned'}); its keys answer in it within 2 seconds\n`);
    process.stdout.write(`${pinned.apiVersion}\n`);
  } finally {
    await db.close();
  }
}
