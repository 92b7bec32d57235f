// The agent door: MCP over every operation (POST/GET/DELETE /mcp) and /llms.txt (issue 17).
// Its tools are the other areas' operations, read from the server's OpenAPI document once the
// routes are all registered (this module is listed last); see src/mcp/ and docs/mcp.md.
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../module.js';
import { withoutAdminRoutes } from '../../rest/openapi.js';
import { buildCatalog, type Catalog, type OpenApiDocument } from '../../mcp/catalog.js';
import { registerMcpHttp } from '../../mcp/http.js';
import { llmsText } from '../../mcp/llms.js';

/** The catalogue of tools, built from the OpenAPI document on first use (the app is ready by then). */
function catalogOf(app: FastifyInstance): () => Catalog {
  let catalog: Catalog | undefined;
  return () => {
    if (catalog) return catalog;
    // the OpenAPI document is built whatever API_DOCS says (it only gates /openapi.json)
    catalog = buildCatalog(withoutAdminRoutes(app.swagger()) as OpenApiDocument);
    return catalog;
  };
}

export const mcpModule = defineModule({
  name: 'mcp',
  rest(app, deps) {
    const catalog = catalogOf(app);
    const version = deps.config.API_VERSION;
    registerMcpHttp(app, deps, { catalog, version });

    let cached: { origin: string; text: string } | undefined;
    app.get('/llms.txt', { config: { doc: { summary: 'A map of the API for language models: authentication, the MCP endpoint, every tool and its REST route, error recovery', tag: 'mcp', auth: 'none', produces: 'text/plain' } } }, async (req, reply) => {
      const origin = deps.config.PUBLIC_BASE_URL ? deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
      if (cached?.origin !== origin) cached = { origin, text: llmsText(catalog(), { origin, version }) };
      return reply.type('text/plain; charset=utf-8').send(cached.text);
    });
  },
});
