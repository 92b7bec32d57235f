// Connected accounts: a platform's secret key creates accounts (`POST /v1/accounts`) and acts
// for them with `X-Account-Id: acct_...` (src/auth/keys.ts actingFor): their rows, their
// events, the key's mode. Permissions accounts:read, accounts:write.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineModule } from '../module.js';
import { authorize, type Principal } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation } from '../../operations/operation.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject, runOperation } from '../../rest/resources.js';
import { assertStorableText } from '../../rest/list.js';
import { present, registerPresenter } from '../../representation.js';
import { currency } from '../shared-inputs.js';
import { builder, callContext, type GraphQLContext } from '../../graphql/builder.js';
import { inputFromZod, definedOnly } from '../../graphql/zod-input.js';
import { executeMutation } from '../../operations/operation.js';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
/** ISO 3166-1 alpha-2 as Node's ICU knows it; any case in, upper case out */
const country = z.string().superRefine((c, ctx) => {
  const up = c.toUpperCase();
  let known = false;
  try { known = /^[A-Z]{2}$/.test(up) && !['Unknown Region', up].includes(regions.of(up) ?? up); } catch { known = false; }
  if (!known) ctx.addIssue({ code: 'custom', message: 'expected an ISO 3166-1 alpha-2 country code (DE, US, JP)' });
}).transform((c) => c.toUpperCase());

const unix = (d: unknown) => Math.floor((d as Date).getTime() / 1000);

registerPresenter('Account', (r) => ({
  id: r.id,
  object: 'account',
  name: r.businessName ?? r.name,
  country: r.country ?? null,
  default_currency: r.defaultCurrency ?? null,
  platform: r.platformId ?? null,
  status: r.status,
  created: unix(r.createdAt),
}));

export const createConnectedAccount = defineMutation({
  name: 'accounts.create',
  permission: 'accounts:write',
  model: 'Account',
  input: z.strictObject({
    name: z.string().trim().min(1).max(200),
    country,
    defaultCurrency: currency,
  }),
  async run(tx, scope, input) {
    const platform = await tx.account.findUniqueOrThrow({ where: { id: scope.accountId }, select: { plan: true, platformId: true } });
    if (platform.platformId) throw new ApiError('RESOURCE_ACCESS_DENIED', 'A connected account cannot have connected accounts of its own', { account: scope.accountId });
    const id = newId(ID_PREFIX.account);
    // names are unique server-wide (the key CLI finds accounts by name): a connected account's is its id
    return tx.account.create({
      data: { id, name: id, businessName: input.name, country: input.country, defaultCurrency: input.defaultCurrency, platformId: scope.accountId, plan: platform.plan },
    });
  },
});

/** A platform key only: not while acting for a connected account. */
function asPlatform(principal: Principal): void {
  if (principal.platformAccountId) {
    throw new ApiError('RESOURCE_ACCESS_DENIED', 'Connected accounts are managed by the platform itself: send this request without X-Account-Id', { account: principal.accountId }, 'X-Account-Id');
  }
}

const LIST_MAX = 100;

async function listAccounts(prisma: import('../../db/client.js').Prisma, principal: Principal, limit: number, startingAfter?: string) {
  const rows = await prisma.account.findMany({
    where: { platformId: principal.accountId, ...(startingAfter ? { id: { lt: startingAfter } } : {}) },
    orderBy: { id: 'desc' },
    take: limit + 1,
  });
  return { more: rows.length > limit, rows: rows.slice(0, limit) };
}

export const accountsModule = defineModule({
  name: 'accounts',
  permissions: { accounts: ['read', 'write'] },
  graphql() {
    const Account = builder.objectRef<Record<string, unknown>>('ConnectedAccount').implement({
      description: "A connected account of the caller's account (the platform); act for it with the X-Account-Id header",
      fields: (t) => ({
        id: t.id({ resolve: (r) => String(r.id) }),
        name: t.string({ resolve: (r) => String(r.businessName ?? r.name) }),
        country: t.string({ nullable: true, resolve: (r) => (r.country as string | null) ?? null }),
        defaultCurrency: t.string({ nullable: true, resolve: (r) => (r.defaultCurrency as string | null) ?? null }),
        status: t.string({ resolve: (r) => String(r.status) }),
        createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt as Date }),
      }),
    });
    const input = inputFromZod('CreateAccountInput', createConnectedAccount.input);
    builder.mutationField('createAccount', (t) => t.field({
      type: Account,
      args: { input: t.arg({ type: input, required: true }) },
      resolve: async (_root, args, ctx: GraphQLContext) => {
        asPlatform(ctx.principal);
        const out = await executeMutation(createConnectedAccount, callContext(ctx), definedOnly(args.input as Record<string, unknown>));
        return (await ctx.services.db.prisma.account.findUniqueOrThrow({ where: { id: out.id } })) as unknown as Record<string, unknown>;
      },
    }));
    builder.queryField('accounts', (t) => t.field({
      type: [Account],
      description: `The caller's connected accounts, newest first (accounts:read); limit at most ${LIST_MAX}`,
      args: { limit: t.arg.int(), startingAfter: t.arg.id() },
      resolve: async (_root, args, ctx: GraphQLContext) => {
        authorize(ctx.principal, 'accounts:read');
        asPlatform(ctx.principal);
        const limit = args.limit ?? LIST_MAX;
        if (limit < 1 || limit > LIST_MAX) throw ApiError.validation([{ field: 'limit', message: `must be between 1 and ${LIST_MAX}`, expected: `1..${LIST_MAX}` }]);
        return (await listAccounts(ctx.services.db.prisma, ctx.principal, limit, args.startingAfter ? String(args.startingAfter) : undefined)).rows as unknown as Record<string, unknown>[];
      },
    }));
  },
  rest(app, deps) {
    const prisma = deps.services.db.prisma;
    const create = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const principal = await authenticate(req, deps);
      asPlatform(principal);
      return reply.status(201).send(await runOperation(req, reply, deps, createConnectedAccount, bodyObject(req)));
    };
    app.post('/v1/accounts', { config: { operation: createConnectedAccount, status: 201 } }, create);
    app.post('/v1/accounts/create', { config: { operation: createConnectedAccount, status: 201, aliasOf: 'POST /v1/accounts' } }, create);
    app.get('/v1/accounts', {
      config: { doc: { summary: "The key's connected accounts, newest first (permission accounts:read); limit (1-100, default 10), starting_after", query: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: LIST_MAX }, starting_after: { type: 'string' } } } } },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'accounts:read');
      asPlatform(principal);
      const q = req.query as Record<string, string | undefined>;
      assertStorableText(q);
      const limit = q.limit === undefined ? 10 : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX) throw ApiError.validation([{ field: 'limit', message: `must be an integer between 1 and ${LIST_MAX}`, expected: `1..${LIST_MAX}` }]);
      const { more, rows } = await listAccounts(prisma, principal, limit, q.starting_after);
      return { object: 'list', data: rows.map((r) => present('Account', r as unknown as Record<string, unknown>)), has_more: more, url: '/v1/accounts' };
    });
    app.get('/v1/accounts/:id', { config: { doc: { summary: 'Retrieve a connected account (permission accounts:read)' } } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'accounts:read');
      const { id } = req.params as { id: string };
      assertStorableText({ id });
      // the platform sees its connected accounts; a key acting for one sees that one
      const row = await prisma.account.findUnique({ where: { id } });
      const visible = row && (row.platformId === (principal.platformAccountId ?? principal.accountId) && (!principal.platformAccountId || row.id === principal.accountId));
      if (!row || !visible) throw ApiError.notFound('account', id);
      return present('Account', row as unknown as Record<string, unknown>);
    });
  },
});
