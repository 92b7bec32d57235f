// The key CLI's `oauth-client` commands (src/cli/keys.ts): partners of the OAuth 2.0 server.
//
//   npm run --silent keys -- oauth-client create --name NAME --redirect-uri URL [--redirect-uri URL ...]
//        prints client_id and client_secret (the secret once: only its hash is stored)
//   npm run --silent keys -- oauth-client list [--json]
//   npm run --silent keys -- oauth-client revoke CLIENT_ID     its tokens stop working within 2 s
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

export const OAUTH_CLIENT_USAGE = `  keys oauth-client create --name NAME --redirect-uri URL [--redirect-uri URL ...] [--json]
  keys oauth-client list [--json]
  keys oauth-client revoke CLIENT_ID`;

export class OAuthClientUsageError extends Error {}

export async function oauthClientCommand(args: string[], o: { name?: string; redirectUris: string[]; json: boolean }): Promise<void> {
  const [action, ...rest] = args;
  const ok = action === 'create' ? rest.length === 0 && !!o.name && o.redirectUris.length > 0
    : action === 'list' ? rest.length === 0
      : action === 'revoke' ? rest.length === 1 : false;
  if (!ok) throw new OAuthClientUsageError(`usage:\n${OAUTH_CLIENT_USAGE}`);
  const config = loadConfig();
  // loaded here, not at the top: the OAuth server pulls in oidc-provider (about 2 s of start-up),
  // which every other command of the key CLI would pay for
  const { OAuthServer } = await import('./server.js');
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: true, poolSize: 2 });
  try {
    const oauth = new OAuthServer(db.prisma, { codeSecs: config.OAUTH_CODE_TTL_SECS, accessSecs: config.OAUTH_ACCESS_TOKEN_TTL_SECS, refreshSecs: config.OAUTH_REFRESH_TOKEN_TTL_SECS });
    if (action === 'create') {
      const { client, clientSecret } = await oauth.createClient({ name: o.name!, redirectUris: o.redirectUris });
      process.stderr.write(`registered OAuth client '${client.name}'; the client secret is shown once:\n`);
      if (o.json) process.stdout.write(`${JSON.stringify({ client_id: client.id, client_secret: clientSecret, name: client.name, redirect_uris: client.redirectUris }, null, 2)}\n`);
      else process.stdout.write(`client_id=${client.id}\nclient_secret=${clientSecret}\n`);
    } else if (action === 'list') {
      const rows = (await oauth.listClients()).map((c) => ({
        client_id: c.id, name: c.name, redirect_uris: c.redirectUris, created: c.createdAt.toISOString(), revoked_at: c.revokedAt?.toISOString() ?? null,
      }));
      if (o.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else for (const r of rows) process.stdout.write(`${r.client_id}  ${r.name}  ${r.revoked_at ? `revoked ${r.revoked_at}` : 'active'}  ${r.redirect_uris.join(' ')}\n`);
    } else {
      const client = await oauth.revokeClient(rest[0]!);
      process.stderr.write(`revoked OAuth client ${client.id} and every token issued to it\n`);
    }
  } finally {
    await db.close();
  }
}
