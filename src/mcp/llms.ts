// GET /llms.txt: a map of the API for language models (https://llmstxt.org): what the server
// is, how to authenticate, the MCP endpoint, every tool with one line and its REST route, and
// how to recover from errors. Generated from the same catalogue as tools/list (the OpenAPI
// document) and from the error catalogue, never written by hand.
import { errorReference } from '../error-reference.js';
import type { Catalog, ToolDef } from './catalog.js';
import { RESOURCES } from './resources.js';

function oneLine(s: string): string {
  const first = s.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  return first.length > 200 ? `${first.slice(0, 197)}...` : first;
}

/** The area a tool belongs to, for grouping: the path's first segment after /v1 (or the decision service). */
function areaOf(t: ToolDef): string {
  if (t.decision) return 'decision service (svc_ keys)';
  const parts = t.path.split('/').filter(Boolean);
  return parts[0] === 'v1' ? (parts[1] ?? 'v1') : parts.slice(0, 2).join('/');
}

export function llmsText(catalog: Catalog, opts: { origin: string; version: string }): string {
  const { origin, version } = opts;
  const groups = new Map<string, ToolDef[]>();
  for (const t of catalog.tools) {
    const area = areaOf(t);
    groups.set(area, [...(groups.get(area) ?? []), t]);
  }
  const toolLines: string[] = [];
  for (const [area, tools] of groups) {
    toolLines.push('', `### ${area}`, '');
    for (const t of tools) {
      const marks = [t.annotations.readOnlyHint ? 'read' : t.annotations.destructiveHint ? 'destructive' : 'write', t.permission ? `permission ${t.permission}` : undefined, t.idempotency ? `${t.idempotency.required ? 'requires' : 'takes'} idempotency_key` : undefined].filter(Boolean);
      toolLines.push(`- \`${t.name}\` (\`${t.route}\`; ${marks.join('; ')}): ${oneLine(t.summary.replace(/\s*\(permission [^)]*\)/, '') || t.route)}`);
    }
  }
  const errors = errorReference().map((e) => `- \`${e.code}\` (${e.status}): ${e.meaning} ${e.action}`);

  return [
    '# Commerce API',
    '',
    `> A commerce API server: orders, customers, products, inventory, payments and refunds on a double-entry ledger, a stablecoin, returns, webhooks and API keys, with an industry decision service. The same operations are reached over REST (\`${origin}/v1\`), GraphQL (\`${origin}/graphql\`) and MCP (\`${origin}/mcp\`). API version ${version}.`,
    '',
    'Every tool below is one REST operation (its name is the operation\'s OpenAPI operationId) and runs exactly as the REST request does: the same permissions, validation, idempotency, rate limits and events.',
    '',
    '## Authentication',
    '',
    '- Send `Authorization: Bearer <credential>` on every request (REST, GraphQL and MCP alike).',
    '- Credentials: secret keys `sk_test_...` / `sk_live_...` (everything), restricted keys `rk_...` (the permissions they were given, `<resource>:<action>`), publishable keys `pk_...` (reads only), OAuth access tokens `oat_...` (the scopes granted), and decision-service keys `svc_...` (only the decision service: over REST in the `X-Svc-Api-Key` header, over MCP as the bearer).',
    '- Test keys see test data only; live keys live data only. A key is made with `npm run --silent keys -- create --account NAME` on the server, or `POST /v1/api_keys`.',
    '- No credential, or a bad one: 401 with the error envelope below.',
    '',
    '## MCP',
    '',
    `- Endpoint: \`${origin}/mcp\`, streamable HTTP transport (protocol 2025-11-25 and earlier). \`POST\` carries JSON-RPC messages (start with \`initialize\`; the answer's \`Mcp-Session-Id\` header names the session for every later request); \`GET\` with the session id opens its event stream; \`DELETE\` ends it. A session belongs to the credential that opened it.`,
    '- Local agent hosts (stdio): `npm run --silent mcp -- --api-key <key> --base-url <server URL>` (without `--base-url`, the server runs in-process on the embedded database).',
    '- `tools/list` shows the tools the credential may use (its permissions decide); `tools/call` answers with `structuredContent` (the REST representation) and a short text; a failure is a tool error (`isError: true`) whose text is the API error envelope.',
    '- Writes take an optional `idempotency_key` argument (the `Idempotency-Key` header, one key space with REST): a retry with the same key and arguments replays the first answer.',
    '- Path parameters (`id`) and query parameters are arguments beside the body\'s fields; on list tools any other argument is a query filter (`status_eq`, `amount_gte`, `created[gte]` as `{"created": {"gte": ...}}`).',
    `- Resources: ${RESOURCES.map((r) => `\`${r.uri}\` (${r.title})`).join(', ')}.`,
    '',
    '## Tools',
    ...toolLines,
    '',
    '## Errors and recovery',
    '',
    'Every error is one envelope: `{"error": {"code", "message", "type", "status", "param"?, "details", "request_id", "timestamp", "documentation_url", "doc_url"}}` (the decision service: `{"error": {"code", "message", "next_action", "safe_to_auto_retry", "request_id"}}`; follow `next_action`, never retry it automatically).',
    '',
    '- Validation (400): `details.errors` lists every bad field (`field`, `message`, `expected`); fix them all and send again.',
    '- 401: the credential is missing, unknown, revoked or expired. 403: `details.required` names the permission the key lacks.',
    '- 409 `IDEMPOTENCY_KEY_REUSED`: the key was used with other arguments; use a new key for a new request.',
    '- 429 `RATE_LIMITED`: wait `details.retry_after` seconds (the `Retry-After` header), then retry with the same idempotency key.',
    '- 5xx and timeouts: retry with the same idempotency key; the operation is never done twice.',
    '- Lists are paged: `pagination.has_more`, then `starting_after=<last id>` or `cursor=<pagination.next_cursor>`.',
    '',
    '### Error codes',
    '',
    ...errors,
    '',
    '## More',
    '',
    `- OpenAPI document: \`${origin}/openapi.json\` (the MCP resource \`commerce://openapi.json\`)`,
    `- Error catalogue: \`${origin}/v1/errors\``,
    `- Decision service catalog and agent instructions: \`${origin}/api/svc/catalog\``,
    `- GraphQL schema: \`${origin}/graphql\` (introspection)`,
    '',
  ].join('\n');
}
