// Accounts (tenants) and the first-start sandbox account.
import type { Prisma } from './db/client.js';
import { ID_PREFIX, newId } from './ids.js';
import { createApiKey } from './auth/keys.js';
import { defaultPlanFromEnv, type Plan } from './ratelimit/plans.js';

export const SANDBOX_ACCOUNT = 'sandbox';

/**
 * The account of this name, created when new on `plan` (the server passes its DEFAULT_PLAN;
 * tools such as the key CLI take DEFAULT_PLAN from their environment, else `free`).
 */
export async function findOrCreateAccount(prisma: Prisma, name: string, plan: Plan = defaultPlanFromEnv()) {
  const existing = await prisma.account.findUnique({ where: { name } });
  if (existing) return { account: existing, created: false };
  await prisma.account.createMany({ data: [{ id: newId(ID_PREFIX.account), name, plan }], skipDuplicates: true });
  return { account: await prisma.account.findUniqueOrThrow({ where: { name } }), created: true };
}

/**
 * On an empty database: create the sandbox account and one test secret key, whose secret
 * is returned to be printed once. Returns undefined when any account exists already.
 */
export async function bootstrapSandbox(prisma: Prisma, plan?: Plan): Promise<string | undefined> {
  if ((await prisma.account.count()) > 0) return undefined;
  const { account, created } = await findOrCreateAccount(prisma, SANDBOX_ACCOUNT, plan);
  if (!created) return undefined;
  const { secret } = await createApiKey(prisma, { accountId: account.id, type: 'secret', mode: 'test', name: 'sandbox (first start)' });
  return secret;
}
