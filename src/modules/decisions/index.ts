// The industry decision service as an area of the server: its /api/svc routes and GraphQL
// door. The engine and packs (src/decision/) stay pure and know nothing of this.
import { defineModule } from '../module.js';
import { registerDecisionRoutes } from '../../decision/service/routes.js';
import { registerDecisionGraphQL } from '../../decision/service/graphql.js';
import { SvcError } from '../../decision/service/errors.js';

export const decisionsModule = defineModule({
  name: 'decisions',
  // svc_ keys carry exactly this permission; no other key type can hold it
  permissions: { svc: ['decide'] },
  graphql: registerDecisionGraphQL,
  rest(app, deps) {
    registerDecisionRoutes(app, { service: deps.services.decisions, auth: deps.auth, adminKey: deps.config.ADMIN_API_KEY, publicBaseUrl: deps.config.PUBLIC_BASE_URL });
  },
  // the service answers in its own error shape, even before routing
  routerErrors: {
    prefix: '/api/svc/',
    send(reply, err) {
      const svc = err.code === 'PAYLOAD_TOO_LARGE'
        ? new SvcError(413, 'PAYLOAD_TOO_LARGE', err.message, 'Send at most 4000 characters of message')
        : new SvcError(400, 'VALIDATION_ERROR', err.message, 'Fix the request path; see GET /api/svc/catalog');
      return reply.status(svc.status).send(svc.toBody(reply.request.id));
    },
  },
  start({ services }) {
    services.decisions.startPurging();
    return () => services.decisions.stop();
  },
});
