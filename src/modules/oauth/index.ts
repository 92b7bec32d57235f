// OAuth 2.0 for partners (src/oauth/): the authorization server's routes, and its access
// tokens accepted on every door (REST, GraphQL over HTTP, SSE and WebSocket) beside API keys
// and signed-in users' tokens, with exactly the granted scopes as permissions.
import { defineModule } from '../module.js';
import { OAuthServer } from '../../oauth/server.js';
import { registerOAuthRoutes } from '../../oauth/routes.js';
import { startPurging } from '../../operations/purge.js';
import type { AccessTokenVerifier } from '../../auth/keys.js';

export const oauthModule = defineModule({
  name: 'oauth',
  rest(app, deps) {
    const { config } = deps;
    const oauth = new OAuthServer(deps.services.db.prisma, {
      codeSecs: config.OAUTH_CODE_TTL_SECS, accessSecs: config.OAUTH_ACCESS_TOKEN_TTL_SECS, refreshSecs: config.OAUTH_REFRESH_TOKEN_TTL_SECS,
    });
    // beside the verifier already set (the self-hosted sign-in's), not instead of it
    const other = deps.auth.accessTokens;
    const chained: AccessTokenVerifier = {
      recognizes: (token) => oauth.recognizes(token) || (other?.recognizes(token) ?? false),
      principalOf: (token) => (oauth.recognizes(token) || !other ? oauth.principalOf(token) : other.principalOf(token)),
      // POST /admin/tenants/reload-cached: both verifiers read afresh
      forget: () => {
        oauth.forget();
        other?.forget?.();
      },
    };
    deps.auth.accessTokens = chained;
    registerOAuthRoutes(app, deps, oauth);
  },
  start({ services, logger }) {
    const oauth = new OAuthServer(services.db.prisma, { codeSecs: 0, accessSecs: 0, refreshSecs: 0 });
    // codes and tokens a day past their expiry are deleted in the background
    return startPurging(() => oauth.purgeExpired(), (err) => logger.warn({ err }, 'purging expired OAuth records failed; the next round retries'));
  },
});
