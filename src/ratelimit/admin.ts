// Setting an account's plan: POST /admin/accounts/{account}/plan {"plan": "growth"} with
// x-admin-key (ADMIN_API_KEY), and the key CLI's `plan set`. `{account}` is the account's id
// (acct_...) or, when no account has that id, its name. Running servers see the new plan within
// 2 s (their key caches hold a principal, with its plan, at most that long); the counts of the
// current windows are kept, only the limits change.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import type { Prisma } from '../db/client.js';
import { requireAdmin } from '../ops/health.js';
import { isPlan, limitsOf, PLANS, presentLimits, type PlanLimits } from './plans.js';

/** An account by id, else by name; null when neither. */
export async function findAccount(prisma: Prisma, idOrName: string) {
  return (await prisma.account.findUnique({ where: { id: idOrName } })) ?? prisma.account.findUnique({ where: { name: idOrName } });
}

export function planError(value: unknown): ApiError {
  return ApiError.validation([{
    field: 'plan', code: 'INVALID_ENUM_VALUE',
    message: value === undefined ? 'is required' : `'${String(value)}' is not a plan`,
    expected: `one of ${PLANS.join(', ')}`,
  }]);
}

/** Sets the plan of an account (by id or name); throws RESOURCE_NOT_FOUND or a validation error. */
export async function setPlan(prisma: Prisma, idOrName: string, plan: unknown) {
  if (!isPlan(plan)) throw planError(plan);
  const account = await findAccount(prisma, idOrName);
  if (!account) throw ApiError.notFound('account', idOrName);
  return prisma.account.update({ where: { id: account.id }, data: { plan } });
}

export function presentAccountPlan(account: { id: string; name: string; status: string; plan: string }, enterprise: PlanLimits) {
  return { object: 'account', id: account.id, name: account.name, status: account.status, plan: account.plan, limits: presentLimits(limitsOf(account.plan, enterprise)) };
}

export function registerPlanAdmin(app: FastifyInstance, opts: { prisma: Prisma; adminKey?: string; enterprise: PlanLimits }) {
  app.post('/admin/accounts/:account/plan', {
    config: {
      doc: {
        summary: "Set an account's plan (x-admin-key); {account} is its id or name",
        auth: 'admin',
        tag: 'admin',
        body: { type: 'object', properties: { plan: { type: 'string', enum: [...PLANS] } }, required: ['plan'], additionalProperties: false },
      },
    },
  }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], opts.adminKey);
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw planError(undefined);
    const extra = Object.keys(body).filter((k) => k !== 'plan');
    if (extra.length) throw ApiError.validation(extra.map((k) => ({ field: k, message: 'is not a field of this request', expected: 'only plan' })));
    const account = await setPlan(opts.prisma, (req.params as { account: string }).account, (body as { plan?: unknown }).plan);
    return presentAccountPlan(account, opts.enterprise);
  });
}
