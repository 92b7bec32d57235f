// Which methods a path takes, for a 405 METHOD_NOT_ALLOWED with its `Allow` header (RFC 9110
// 15.5.6) instead of a 404 when the path exists with other methods. Fastify answers a known path
// with an unknown method as an unknown route; this keeps a second find-my-way router (the one
// Fastify routes with), fed by an onRoute hook with every route as it registers, and is asked
// only from the not-found handlers: a request that matches a route never reaches it.
import Router from 'find-my-way';
import type { FastifyInstance } from 'fastify';

type Method = Router.HTTPMethod;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The methods `url` (its path) takes, other than `method`, in a stable order; empty when the
     * path exists with no method at all (then it is a 404).
     */
    allowedMethods(method: string, url: string): string[];
  }
}

/** the order the methods are listed in `Allow` */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);

/**
 * Registers the hook that collects the routes, and `app.allowedMethods`. Call it before any
 * route is registered, with the router options Fastify was given (the same paths must match).
 */
export function registerAllowedMethods(app: FastifyInstance, routerOptions: { ignoreTrailingSlash?: boolean; maxParamLength?: number }): void {
  const router = Router({ ignoreTrailingSlash: routerOptions.ignoreTrailingSlash, maxParamLength: routerOptions.maxParamLength });
  const methods = new Set<Method>();
  app.addHook('onRoute', (route) => {
    // a catch-all (the CORS preflight's `OPTIONS *`) says nothing of which paths exist
    if (route.url === '*' || route.url === '/*') return;
    for (const m of [route.method].flat()) {
      const method = m.toUpperCase() as Method;
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  app.decorate('allowedMethods', (method: string, url: string): string[] => {
    const path = url.split('?')[0];
    const allowed: string[] = [];
    for (const m of methods) {
      if (m === method) continue;
      try {
        if (router.find(m, path)) allowed.push(m);
      } catch {
        // a path the router cannot read (malformed percent-encoding): no methods
        return [];
      }
    }
    return allowed.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  });
}
