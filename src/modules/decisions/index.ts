// The industry decision service as an area of the server: its /api/svc routes and GraphQL
// door. The engine and packs (src/decision/) stay pure and know nothing of this.
import { defineModule } from '../module.js';
import { registerDecisionRoutes } from '../../decision/service/routes.js';
import { registerDecisionGraphQL } from '../../decision/service/graphql.js';
import { svcErrorOf } from '../../decision/service/errors.js';

export const decisionsModule = defineModule({
  name: 'decisions',
  // svc_ keys carry exactly this permission; no other key type can hold it
  permissions: { svc: ['decide'] },
  graphql: registerDecisionGraphQL,
  rest(app, deps) {
    registerDecisionRoutes(app, { service: deps.services.decisions, auth: deps.auth, adminKey: deps.config.ADMIN_API_KEY, publicBaseUrl: deps.config.PUBLIC_BASE_URL });
  },
  // the service answers in its own error shape, even before routing: its API and its downloads
  routerErrors: {
    prefix: ['/api/svc/', '/svc/'],
    send(reply, err) {
      const svc = svcErrorOf(err);
      return reply.status(svc.status).send(svc.toBody(reply.request.id));
    },
  },
  start({ services }) {
    services.decisions.startPurging();
    return () => services.decisions.stop();
  },
});
