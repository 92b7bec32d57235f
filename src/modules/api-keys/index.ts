// API keys over the API: create (the secret shown once), list, retrieve, update, roll, revoke,
// and requests per day and route group; IP allowlists are enforced by KeyAuthenticator.
import { defineModule } from '../module.js';
import { registerApiKeyRoutes } from './routes.js';
import { usageRecorder } from './usage.js';

export const apiKeysModule = defineModule({
  name: 'api-keys',
  permissions: { api_keys: ['read', 'write'] },
  rest: registerApiKeyRoutes,
  start({ services, logger }) {
    const usage = usageRecorder(services, logger);
    usage.start();
    return () => usage.stop();
  },
});
