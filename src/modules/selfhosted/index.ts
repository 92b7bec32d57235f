// The self-hosted door (spec "Self-hosted server routes"): sign-in with email and password
// (POST /auth/register, /auth/login, /auth/refresh) and the routes /orders, /products,
// /inventory, /returns on the same port as /v1 and /graphql. A signed-in user's access token
// (a JWT) is accepted on every door as `Authorization: Bearer`, beside API keys: it acts for
// the user's account in test mode with full permissions. The routes run the same operations
// as /v1; this module adds no domain logic.
import { defineModule } from '../module.js';
import { AccessTokens, loadJwtSecret } from '../../auth/tokens.js';
import { LoginFailureLimiter } from '../../auth/throttle.js';
import { purgeExpiredRefreshTokens, SignIn } from '../../auth/users.js';
import { startPurging } from '../../operations/purge.js';
import { registerSignInRoutes } from './sign-in.js';
import { registerSelfHostedResources } from './resources.js';

export const selfHostedModule = defineModule({
  name: 'selfhosted',
  rest(app, deps) {
    const { config } = deps;
    const secret = loadJwtSecret(config.JWT_SECRET, config.dataDir);
    if (secret.source === 'file' && config.DATABASE_URL) {
      app.log.warn('JWT_SECRET is unset: access tokens are signed with a secret in DATA_DIR; replicas sharing this database must share JWT_SECRET');
    }
    const tokens = new AccessTokens(deps.services.db.prisma, secret.key, config.JWT_EXPIRATION);
    // every door (REST, GraphQL over HTTP, SSE and WebSocket) authenticates through this one authenticator
    deps.auth.accessTokens = tokens;
    const signIn = new SignIn({
      prisma: deps.services.db.prisma,
      tokens,
      // the failed-authentication counters' Redis (REDIS_URL), so every replica sees one count
      limiter: new LoginFailureLimiter(config.LOGIN_FAIL_LIMIT_PER_EMAIL, config.LOGIN_FAIL_LIMIT_PER_IP, deps.auth.failures?.redis),
      refreshTtlSeconds: config.JWT_REFRESH_EXPIRATION,
      defaultPlan: config.DEFAULT_PLAN,
    });
    registerSignInRoutes(app, deps, signIn);
    registerSelfHostedResources(app, deps);
  },
  start({ services, config, logger }) {
    // expired refresh tokens go in the background, as expired idempotency records do
    return startPurging(
      () => purgeExpiredRefreshTokens(services.db.prisma, config.JWT_EXPIRATION),
      (err) => logger.warn({ err }, 'purging expired refresh tokens failed; the next round retries'),
    );
  },
});
