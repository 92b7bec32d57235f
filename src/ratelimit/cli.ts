// The key CLI's `plan` commands (src/cli/keys.ts):
//
//   npm run --silent keys -- plan set --account NAME PLAN    free, starter, growth, scale or enterprise
//   npm run --silent keys -- plan show [--account NAME] [--json]
//
// NAME is the account's name or id. Running servers apply a new plan within 2 seconds (their
// key caches); the counts of the current windows are kept.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { SANDBOX_ACCOUNT } from '../accounts.js';
import { findAccount, presentAccountPlan, setPlan } from './admin.js';
import { PLANS, parseEnterpriseLimits } from './plans.js';

export const PLAN_USAGE = `  keys plan set --account NAME ${PLANS.join('|')}
  keys plan show [--account NAME] [--json]`;

export class PlanUsageError extends Error {}

function describe(limits: Record<string, number | null>): string {
  return Object.entries(limits).map(([k, v]) => `${k} ${v === null ? 'unlimited' : v}`).join(', ');
}

export async function planCommand(args: string[], account: string | undefined, json: boolean): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'set' ? rest.length !== 1 || !account : action !== 'show' || rest.length !== 0) {
    throw new PlanUsageError(`usage:\n${PLAN_USAGE}`);
  }
  const config = loadConfig();
  const enterprise = parseEnterpriseLimits(config.PLAN_ENTERPRISE_LIMITS);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const name = account ?? SANDBOX_ACCOUNT;
    if (action === 'set') {
      const updated = presentAccountPlan(await setPlan(db.prisma, name, rest[0]), enterprise);
      process.stderr.write(`account '${updated.name}' is on the ${updated.plan} plan (${describe(updated.limits)}); running servers apply it within 2 seconds\n`);
      if (json) process.stdout.write(`${JSON.stringify(updated, null, 2)}\n`);
      return;
    }
    const found = await findAccount(db.prisma, name);
    if (!found) throw new PlanUsageError(`no account '${name}'`);
    const shown = presentAccountPlan(found, enterprise);
    process.stdout.write(json ? `${JSON.stringify(shown, null, 2)}\n` : `${shown.name}  ${shown.plan}  ${describe(shown.limits)}\n`);
  } finally {
    await db.close();
  }
}
