// GET /: what this server is and where to go, as a small self-contained page for a browser
// and as a JSON index for an API client (Accept: application/json).
import type { FastifyInstance } from 'fastify';

export interface LandingOptions {
  graphiql: boolean;
  apiDocs: boolean;
  apiVersion: string;
}

interface Link {
  rel: string;
  href: string;
  title: string;
}

function links(o: LandingOptions): Link[] {
  return [
    { rel: 'graphql', href: '/graphql', title: o.graphiql ? 'GraphQL (GraphiQL in a browser)' : 'GraphQL' },
    ...(o.apiDocs ? [
      { rel: 'api-reference', href: '/swagger-ui/', title: 'REST API reference (Swagger UI)' },
      { rel: 'openapi', href: '/openapi.json', title: 'OpenAPI 3.1 document' },
    ] : []),
    { rel: 'errors', href: '/v1/errors', title: 'Error codes' },
    { rel: 'health', href: '/health', title: 'Health' },
    { rel: 'decision-service', href: '/api/svc/catalog', title: 'Decision service catalog' },
    { rel: 'sign-in', href: '/auth/login', title: 'Self-hosted sign-in (POST; register with POST /auth/register)' },
  ];
}

const KEY_HELP = 'A test key is printed on the first start (outside production); make one any time with `npm run --silent keys -- create --account NAME`, or register at POST /auth/register and sign in at POST /auth/login for an access token.';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function page(o: LandingOptions, origin: string): string {
  const items = links(o).map((l) => `<li><a href="${escape(l.href)}">${escape(l.title)}</a> <code>${escape(l.href)}</code></li>`).join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Commerce API</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
      code { background: #f2f2f4; padding: 0 .25rem; border-radius: 3px; }
      li { margin: .3rem 0; }
    </style>
  </head>
  <body>
    <h1>Commerce API</h1>
    <p>A GraphQL-first commerce API: orders, payments and a stablecoin on a double-entry ledger, inventory, returns, customers, webhooks, with a REST facade under <code>/v1</code> and an industry decision service under <code>/api/svc</code>. API version <code>${escape(o.apiVersion)}</code>.</p>
    <ul>
      ${items}
    </ul>
    <h2>Getting a key</h2>
    <p>${escape(KEY_HELP).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
    <p>Then: <code>curl -H "Authorization: Bearer sk_test_..." ${escape(origin)}/v1/orders</code></p>
  </body>
</html>
`;
}

export function registerLanding(app: FastifyInstance, o: LandingOptions): void {
  const index = { object: 'index', name: 'Commerce API', api_version: o.apiVersion, links: links(o), getting_a_key: KEY_HELP };
  app.get('/', { config: { doc: { summary: 'This server: a page for a browser, a JSON index of links for an API client', auth: 'none', tag: 'operations' } } }, async (req, reply) => {
    const accept = String(req.headers.accept ?? '');
    // a browser asks for text/html first; anything else (curl's */*, JSON clients) gets JSON
    if (/text\/html/.test(accept) && !/^application\/json/.test(accept)) {
      const origin = `${req.protocol}://${/^[A-Za-z0-9.:[\]-]+$/.test(req.host) ? req.host : 'localhost'}`;
      return reply.type('text/html; charset=utf-8').send(page(o, origin));
    }
    return index;
  });
}
