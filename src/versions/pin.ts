// An account's pinned API version: what its requests without an Api-Version header, and its
// webhook endpoints without a version of their own, are answered in. Set once, on the
// account's first authenticated request, to the default (the newest stable version, or
// DEFAULT_API_VERSION), whatever that request's header; changed only on purpose (the key CLI's
// `version pin`, POST /admin/accounts/{account}/version).
import type { Prisma } from '../db/client.js';
import type { Principal } from '../auth/keys.js';
import { checkVersion } from './list.js';
import { ApiError } from '../errors.js';

/**
 * Pins the principal's account to `version` unless it is pinned already, and records the pin
 * on the principal (the authenticator caches principals for 2 s: the next requests pay no
 * query). One conditional statement: of concurrent first requests exactly one pins, and a pin
 * made meanwhile (by an operator) is kept and read back.
 */
export async function pinOnFirstRequest(prisma: Prisma, principal: Principal, version: string): Promise<string> {
  if (principal.apiVersion) return principal.apiVersion;
  const changed = await prisma.$executeRaw`UPDATE "Account" SET "apiVersion" = ${version}, "updatedAt" = now() WHERE id = ${principal.accountId} AND "apiVersion" IS NULL`;
  let pinned = version;
  if (changed === 0) {
    const row = await prisma.account.findUnique({ where: { id: principal.accountId }, select: { apiVersion: true } });
    pinned = row?.apiVersion ?? version;
  }
  principal.apiVersion = pinned;
  return pinned;
}

export interface PinnedAccount {
  id: string;
  name: string;
  apiVersion: string | null;
  previous: string | null;
}

/** Sets an account's pin (by id or name) to a supported version; INVALID_FIELD_VALUE or RESOURCE_NOT_FOUND otherwise. */
export async function setAccountVersion(prisma: Prisma, account: string, version: unknown, param = 'version'): Promise<PinnedAccount> {
  if (version === undefined || version === null || version === '') {
    throw new ApiError('MISSING_REQUIRED_FIELD', `\`${param}\` is required: the API version to pin`, { errors: [{ field: param, message: 'required', expected: 'YYYY-MM-DD' }] }, param);
  }
  const pinned = checkVersion(version, param);
  const matches = await prisma.account.findMany({ where: { OR: [{ id: account }, { name: account }] }, select: { id: true, name: true, apiVersion: true } });
  // an id wins over a name that looks like one
  const before = matches.find((a) => a.id === account) ?? matches[0];
  if (!before) throw new ApiError('RESOURCE_NOT_FOUND', `No such account: '${account}'`, { resource: 'account', id: account }, 'account');
  await prisma.account.update({ where: { id: before.id }, data: { apiVersion: pinned } });
  return { id: before.id, name: before.name, apiVersion: pinned, previous: before.apiVersion };
}
