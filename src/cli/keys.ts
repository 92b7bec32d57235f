// The key CLI for scripts and operators. Works on the same DATA_DIR or DATABASE_URL as the
// server, also while the server runs (it then goes through the server's database socket).
//
//   npm run --silent keys -- create [--mode test|live] [--type secret|restricted|publishable|svc]
//                                   [--account NAME or acct_ id] [--permissions orders:read,...] [--name TEXT]
//                                   [--expires-at ISO-8601] [--allowed-ips CIDR,...]   prints only the new key
//   npm run --silent keys -- list [--account NAME] [--json]       never prints secrets
//   npm run --silent keys -- revoke KEY_ID
//   npm run --silent keys -- account suspend|resume NAME   refused (401 INACTIVE_ACCOUNT) within 2 s, or active again
//   npm run --silent keys -- signing-secret create [--account NAME]   prints the new ss_ secret once
//   npm run --silent keys -- signing-secret rotate --account NAME     a new one; the old one works 24 h more
//   npm run --silent keys -- version list|show [--account NAME]|pin --account NAME YYYY-MM-DD   API versions (src/versions/cli.ts)
//   npm run --silent keys -- plan set --account NAME PLAN | plan show [--account NAME] [--json]   rate-limit plans (src/ratelimit/cli.ts)
//   npm run --silent keys -- oauth-client create --name NAME --redirect-uri URL | list | revoke ID   OAuth partners (src/oauth/cli.ts)
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createApiKey, validatePermissions, type KeyMode, type KeyType } from '../auth/keys.js';
import { findOrCreateAccount, SANDBOX_ACCOUNT } from '../accounts.js';
import { ApiError } from '../errors.js';
import { VERSION_USAGE, VersionUsageError, versionCommand } from '../versions/cli.js';
import { PLAN_USAGE, PlanUsageError, planCommand } from '../ratelimit/cli.js';
import { normalizeAllowedIps } from '../auth/ip-allowlist.js';
import { OAUTH_CLIENT_USAGE, OAuthClientUsageError, oauthClientCommand } from '../oauth/cli.js';

const USAGE = `usage:
  keys create [--mode test|live] [--type secret|restricted|publishable|svc] [--account NAME|acct_ID]
              [--permissions resource:action,...] [--name TEXT] [--expires-at ISO-8601]
              [--allowed-ips CIDR,...]
  keys list [--account NAME] [--json]
  keys revoke KEY_ID
  keys account suspend|resume NAME
  keys signing-secret create [--account NAME]
  keys signing-secret rotate --account NAME
${VERSION_USAGE}
${PLAN_USAGE}
${OAUTH_CLIENT_USAGE}`;

class UsageError extends Error {}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mode: { type: 'string', default: 'test' },
      type: { type: 'string', default: 'secret' },
      account: { type: 'string' },
      permissions: { type: 'string' },
      name: { type: 'string' },
      'expires-at': { type: 'string' },
      'allowed-ips': { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!command) throw new UsageError(USAGE);
  if (command === 'signing-secret') return signingSecret(rest, values.account);
  if (command === 'version') {
    return versionCommand(rest, values.account, values.json).catch((err: unknown) => { throw err instanceof VersionUsageError ? new UsageError(err.message) : err; });
  }
  if (command === 'account') return accountStatus(rest);
  if (command === 'plan') {
    return planCommand(rest, values.account, values.json).catch((err: unknown) => { throw err instanceof PlanUsageError ? new UsageError(err.message) : err; });
  }
  if (command === 'oauth-client') {
    return oauthClientCommand(rest, { name: values.name, redirectUris: values['redirect-uri'] ?? [], json: values.json })
      .catch((err: unknown) => { throw err instanceof OAuthClientUsageError ? new UsageError(err.message) : err; });
  }
  if (!['create', 'list', 'revoke'].includes(command)) throw new UsageError(`unknown command '${command}'\n${USAGE}`);
  const mode = values.mode as KeyMode;
  const type = values.type as KeyType;
  if (!['test', 'live'].includes(mode)) throw new UsageError('--mode is test or live');
  if (!['secret', 'restricted', 'publishable', 'svc'].includes(type)) throw new UsageError('--type is secret, restricted, publishable or svc');
  let expiresAt: Date | undefined;
  if (values['expires-at']) {
    expiresAt = new Date(values['expires-at']);
    if (Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires-at takes an ISO 8601 date-time');
  }
  const permissions = values.permissions ? validatePermissions(values.permissions.split(',').map((p) => p.trim()).filter(Boolean)) : undefined;
  if (permissions) {
    // only permissions the server knows: a typo would make a key that can do nothing, silently
    // (the catalogue loads every module: only when permissions are given)
    const { unknownPermissions, validPermissions } = await import('../modules/catalog.js');
    const unknown = unknownPermissions(permissions);
    if (unknown.length) {
      const valid = Object.entries(validPermissions()).map(([r, actions]) => `  ${r}: ${actions.join(', ')}`).join('\n');
      throw new UsageError(`unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}\nvalid permissions are <resource>:<action> with\n${valid}\n(and *:read, *)`);
    }
  }
  // CIDR ranges, IPv4 or IPv6 (a bad one is an ApiError: exit 2 naming it)
  const allowedIps = values['allowed-ips'] ? normalizeAllowedIps(values['allowed-ips'].split(',').map((c) => c.trim()).filter(Boolean), '--allowed-ips') : undefined;

  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const prisma = db.prisma;
    if (command === 'create') {
      // --account takes a name (created when new) or an existing account's id (a connected account's)
      const byId = values.account?.startsWith('acct_') ? await prisma.account.findUnique({ where: { id: values.account } }) : undefined;
      if (byId === null) throw new UsageError(`no account with id ${values.account}`);
      const account = byId ?? (await findOrCreateAccount(prisma, values.account ?? SANDBOX_ACCOUNT)).account;
      const { key, secret } = await createApiKey(prisma, { accountId: account.id, type, mode, name: values.name, permissions, expiresAt, allowedIps });
      process.stderr.write(`created ${key.id} (${type}, ${mode}) for account '${account.name}'; the key is shown once:\n`);
      process.stdout.write(`${secret}\n`);
    } else if (command === 'list') {
      const where = values.account ? (values.account.startsWith('acct_') ? { accountId: values.account } : { account: { name: values.account } }) : {};
      const keys = await prisma.apiKey.findMany({ where, include: { account: true }, orderBy: { createdAt: 'asc' } });
      const rows = keys.map((k) => ({
        id: k.id, account: k.account.name, type: k.type, mode: k.mode, key: k.redacted, name: k.name, permissions: k.permissions,
        created: k.createdAt.toISOString(), expires_at: k.expiresAt?.toISOString() ?? null, revoked_at: k.revokedAt?.toISOString() ?? null,
      }));
      if (values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else for (const r of rows) process.stdout.write(`${r.id}  ${r.key.padEnd(20)} ${r.type.padEnd(11)} ${r.account}  ${r.revoked_at ? `revoked ${r.revoked_at}` : 'active'}${r.name ? `  ${r.name}` : ''}\n`);
    } else {
      const id = rest[0];
      if (!id) throw new UsageError('keys revoke KEY_ID');
      const updated = await prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
      if (updated.count === 0) {
        const exists = await prisma.apiKey.findUnique({ where: { id } });
        throw new UsageError(exists ? `${id} is already revoked` : `no key ${id}`);
      }
      process.stderr.write(`revoked ${id}\n`);
    }
  } finally {
    await db.close();
  }
}

/** Signing secrets of signed requests (X-Signature): one account, both modes; stored sealed. */
async function signingSecret(args: string[], accountName: string | undefined) {
  const [action, ...extra] = args;
  if (!action || !['create', 'rotate'].includes(action) || extra.length) {
    throw new UsageError('keys signing-secret create [--account NAME] | keys signing-secret rotate --account NAME');
  }
  if (action === 'rotate' && !accountName) throw new UsageError('keys signing-secret rotate needs --account NAME');
  const config = loadConfig();
  const { loadRecordCipher } = await import('../decision/service/crypto.js');
  const { createSigningSecret, rotateSigningSecret } = await import('../modules/money/signatures.js');
  // the server's key for sealed secrets: SVC_ENCRYPTION_KEY, or the key file in DATA_DIR
  const cipher = loadRecordCipher(config.SVC_ENCRYPTION_KEY, config.dataDir, 'webhook-secret').cipher;
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const name = accountName ?? SANDBOX_ACCOUNT;
    let account;
    if (action === 'rotate') {
      account = await db.prisma.account.findUnique({ where: { name } });
      if (!account) throw new UsageError(`no account '${name}'`);
      const { secret, previousValidUntil } = await rotateSigningSecret(db.prisma, cipher, account.id);
      process.stderr.write(`rotated the signing secret of account '${name}'${previousValidUntil ? `; the previous one works until ${previousValidUntil.toISOString()}` : ' (it had none in force)'}; the new one is shown once:\n`);
      process.stdout.write(`${secret}\n`);
    } else {
      ({ account } = await findOrCreateAccount(db.prisma, name));
      const secret = await createSigningSecret(db.prisma, cipher, account.id);
      process.stderr.write(`created a signing secret for account '${name}' (test and live); it is shown once:\n`);
      process.stdout.write(`${secret}\n`);
    }
  } finally {
    await db.close();
  }
}

/**
 * Suspends or resumes an account: its keys and access tokens are refused with 401
 * INACTIVE_ACCOUNT (running servers see it within their 2-second key cache), or work again.
 */
async function accountStatus(args: string[]) {
  const [action, name, ...extra] = args;
  if (!action || !['suspend', 'resume'].includes(action) || !name || extra.length) {
    throw new UsageError('keys account suspend NAME | keys account resume NAME');
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const status = action === 'suspend' ? 'suspended' : 'active';
    const updated = await db.prisma.account.updateMany({ where: { name }, data: { status } });
    if (updated.count === 0) throw new UsageError(`no account '${name}'`);
    process.stderr.write(`account '${name}' is ${status}${status === 'suspended' ? ': its keys are refused (401 INACTIVE_ACCOUNT) within 2 seconds' : ''}\n`);
  } finally {
    await db.close();
  }
}

// exit at once: the Wasm schema engine leaves timers behind after a migration
main(process.argv.slice(2)).then(() => process.exit(0), (err: Error) => {
  const message = err instanceof ApiError ? `${err.message}${err.details.errors ? `: ${JSON.stringify(err.details.errors)}` : ''}` : err.message;
  process.stderr.write(`${message}\n`);
  // a usage mistake (unknown option included: node's parseArgs) is exit 2; anything else 1
  const usage = err instanceof UsageError || err instanceof ApiError || String((err as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS');
  process.exit(usage ? 2 : 1);
});
