// The OAuth 2.0 endpoints (the spec's {auth_url} is this server's origin):
//   GET  /oauth/authorize        the consent page (the account owner approves with a secret key or a signed-in user's access token)
//   POST /oauth/authorize        the decision: form fields of the request plus decision=approve|deny, the approver as `Authorization: Bearer`
//   POST /oauth/token            authorization_code (PKCE optional) and refresh_token grants
//   POST /oauth/revoke           RFC 7009
//   POST /oauth/introspect       RFC 7662
//   GET  /.well-known/oauth-authorization-server   RFC 8414 metadata
// Form bodies (application/x-www-form-urlencoded) as RFC 6749 requires; JSON is accepted too.
// The token, revocation and introspection endpoints answer errors in OAuth's own shape
// (`{error, error_description}`, RFC 6749 5.2) that OAuth client libraries read; everything
// before a client is known (a bad client_id or redirect URI) answers in the API's envelope.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { Principal } from '../auth/keys.js';
import type { ModuleRestDeps } from '../modules/module.js';
import { sendError } from '../rest/context.js';
import { baseUrl } from '../decision/service/routes.js';
import { validPermissions } from '../modules/catalog.js';
import { OAuthError, type AuthorizeParams, type OAuthServer } from './server.js';
import { consentPage, errorPage } from './consent.js';

type Fields = Record<string, unknown>;

function fieldsOf(req: FastifyRequest): Fields {
  const body = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Fields) : {};
}

/** Parameters sent twice (`scope=a&scope=b`) are malformed in OAuth (RFC 6749 3.1). */
function single(fields: Fields): Fields {
  const repeated = Object.entries(fields).filter(([, v]) => Array.isArray(v)).map(([k]) => k);
  if (repeated.length) throw new OAuthError('invalid_request', `parameters must not repeat: ${repeated.join(', ')}`);
  return fields;
}

/** The endpoints whose every error is in OAuth's shape (RFC 6749 5.2), whatever raised it. */
const CLIENT_ENDPOINTS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/introspect']);

/**
 * An error the API raised before the endpoint ran (a body that is not JSON, an Api-Version
 * header it does not know, too many failed authentications), rewritten from the API's
 * envelope into OAuth's `{error, error_description}`, which OAuth client libraries read.
 */
function inOAuthShape(reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error":{')) return payload;
  let message = 'the request was refused';
  try {
    message = String((JSON.parse(payload) as { error: { message?: unknown } }).error.message ?? message);
  } catch {
    return payload;
  }
  const status = reply.statusCode;
  const error = status === 401 ? 'invalid_client' : status === 429 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : 'invalid_request';
  reply.header('Pragma', 'no-cache');
  return JSON.stringify({ error, error_description: message });
}

function sendOAuthError(reply: FastifyReply, err: OAuthError, basic = false) {
  if (err.error === 'invalid_client' && basic) reply.header('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
  return reply.status(err.status).header('Pragma', 'no-cache').send({ error: err.error, error_description: err.description });
}

/** client_id and client_secret: HTTP Basic (RFC 6749 2.3.1, form-encoded then base64) or the body; not both. */
function clientCredentials(req: FastifyRequest, fields: Fields): { id: unknown; secret: unknown; basic: boolean } {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m && typeof header === 'string' && /^Basic(\s|$)/i.test(header)) {
    // a Basic attempt that is not base64: the client failed HTTP Basic (WWW-Authenticate: Basic)
    throw Object.assign(new OAuthError('invalid_client', 'HTTP Basic credentials must be base64 of client_id:client_secret'), { basic: true });
  }
  if (m) {
    if (fields.client_secret !== undefined) throw new OAuthError('invalid_request', 'authenticate the client once: HTTP Basic or client_secret in the body, not both');
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'HTTP Basic credentials must be client_id:client_secret');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const id = dec(decoded.slice(0, colon));
    if (fields.client_id !== undefined && fields.client_id !== id) throw new OAuthError('invalid_request', 'client_id in the body differs from the HTTP Basic one');
    return { id, secret: dec(decoded.slice(colon + 1)), basic: true };
  }
  return { id: fields.client_id, secret: fields.client_secret, basic: false };
}

const SCOPE_HELP = 'space-separated key permissions, e.g. "payments:read orders:read"';
const AUTHORIZE_QUERY = {
  type: 'object',
  properties: {
    client_id: { type: 'string' }, redirect_uri: { type: 'string' }, response_type: { type: 'string', enum: ['code'] },
    scope: { type: 'string', description: SCOPE_HELP }, state: { type: 'string' },
    code_challenge: { type: 'string', description: 'BASE64URL(SHA256(code_verifier))' }, code_challenge_method: { type: 'string', enum: ['S256'] },
  },
  required: ['client_id', 'redirect_uri', 'response_type', 'scope'],
};
const TOKEN_RESPONSE = {
  type: 'object',
  properties: {
    access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer' },
    refresh_token: { type: 'string' }, scope: { type: 'string' },
  },
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
};

export function registerOAuthRoutes(app: FastifyInstance, deps: ModuleRestDeps, oauth: OAuthServer): void {
  const issuerOf = (req: FastifyRequest) => baseUrl(req, deps.config.PUBLIC_BASE_URL);

  /** the redirect back to the client: `code` and `state`, or `error`; `iss` names this server (RFC 9207) */
  const redirect = (reply: FastifyReply, req: FastifyRequest, uri: string, params: Record<string, string | undefined>) => {
    const url = new URL(uri);
    for (const [k, v] of Object.entries({ ...params, iss: issuerOf(req) })) if (v !== undefined) url.searchParams.set(k, v);
    return reply.header('Referrer-Policy', 'no-referrer').redirect(url.toString(), 302);
  };

  const wantsHtml = (req: FastifyRequest) => /text\/html/.test(String(req.headers.accept ?? ''));

  /** A request whose client or redirect URI is bad is answered here, never redirected. */
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: ApiError) => {
    if (wantsHtml(req)) return reply.status(err.status).type('text/html; charset=utf-8').send(errorPage(err.message));
    return sendError(reply, err);
  };

  // the consent page posts to this server and is then redirected to the client: its CSP lets
  // the form go to the client's registered redirect URIs (form-action also governs redirects)
  const consentCsp = (params: AuthorizeParams) => {
    const targets = [...new Set(params.client.redirectUris.map((u) => new URL(u).origin).filter((o) => o !== 'null'))];
    return ["default-src 'none'", "style-src 'unsafe-inline'", `form-action 'self' ${targets.join(' ')}`.trim(), "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
  };

  /**
   * The checked authorization request, or undefined once the answer is sent: a bad client or
   * redirect URI refused here (never redirected), any other fault sent back to the client's
   * redirect URI with the state.
   */
  const checkOrAnswer = async (req: FastifyRequest, reply: FastifyReply, params: Fields): Promise<AuthorizeParams | undefined> => {
    let checked;
    try {
      checked = await oauth.checkAuthorization(single(params));
    } catch (err) {
      if (err instanceof OAuthError) await refuse(req, reply, new ApiError('INVALID_FIELD_VALUE', err.description));
      else if (err instanceof ApiError) await refuse(req, reply, err);
      else throw err;
      return undefined;
    }
    if ('redirectError' in checked) {
      await redirect(reply, req, checked.redirectUri, { error: checked.redirectError.error, error_description: checked.redirectError.description, state: checked.state });
      return undefined;
    }
    return checked;
  };

  /** the consent page's own CSP, set after the app's HTML one (hooks of this scope run after the app's) */
  const pageCsp = new WeakMap<FastifyReply, string>();

  app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 64 * 1024 });
    scope.addHook('onSend', (req, reply, payload, done) => {
      const csp = pageCsp.get(reply);
      if (csp) reply.header('Content-Security-Policy', csp);
      done(null, CLIENT_ENDPOINTS.has(req.url.split('?')[0]!) ? inOAuthShape(reply, payload) : payload);
    });

    scope.get('/.well-known/oauth-authorization-server', {
      config: { doc: { summary: 'OAuth 2.0 authorization server metadata (RFC 8414)', auth: 'none', tag: 'oauth' } },
    }, async (req) => {
      const issuer = issuerOf(req);
      const methods = ['client_secret_basic', 'client_secret_post'];
      return {
        issuer,
        authorization_endpoint: `${issuer}/oauth/authorize`,
        token_endpoint: `${issuer}/oauth/token`,
        revocation_endpoint: `${issuer}/oauth/revoke`,
        introspection_endpoint: `${issuer}/oauth/introspect`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: methods,
        revocation_endpoint_auth_methods_supported: methods,
        introspection_endpoint_auth_methods_supported: methods,
        scopes_supported: Object.entries(validPermissions()).flatMap(([r, actions]) => actions.map((a) => `${r}:${a}`)),
        authorization_response_iss_parameter_supported: true,
      };
    });

    scope.get('/oauth/authorize', {
      config: { doc: { summary: 'Authorization request (code flow; PKCE S256 optional): the consent page where the account owner approves', auth: 'none', tag: 'oauth', query: AUTHORIZE_QUERY, produces: 'text/html' } },
    }, async (req, reply) => {
      const checked = await checkOrAnswer(req, reply, req.query as Fields);
      if (!checked) return reply;
      pageCsp.set(reply, consentCsp(checked));
      return reply.type('text/html; charset=utf-8').send(consentPage(checked, req.query as Fields));
    });

    scope.post('/oauth/authorize', {
      config: {
        doc: {
          summary: 'The owner\'s decision: the authorization request\'s parameters as form fields plus decision=approve|deny; the approver is `Authorization: Bearer <sk_ key or signed-in access token>` (or the page\'s credential field). 302 to the redirect URI with code and state, or error=access_denied (error=invalid_request when decision is missing or neither)',
          auth: 'bearer', tag: 'oauth',
          body: { type: 'object', properties: { ...AUTHORIZE_QUERY.properties, decision: { type: 'string', enum: ['approve', 'deny'] } }, required: [...AUTHORIZE_QUERY.required, 'decision'] },
        },
      },
    }, async (req, reply) => {
      // the request's parameters: the form's fields, else the query string's
      const fields = { ...(req.query as Fields), ...fieldsOf(req) };
      const fromPage = typeof fields.credential === 'string';
      const checked = await checkOrAnswer(req, reply, fields);
      if (!checked) return reply;
      const decision = fields.decision;
      // a missing or unknown decision is a fault of the request like the others past the client
      // and redirect URI: back to the client as OAuth's invalid_request, with the state
      if (decision !== 'approve' && decision !== 'deny') {
        const description = decision === undefined ? 'decision is required: approve or deny' : `decision must be approve or deny, not '${String(decision).slice(0, 50)}'`;
        return redirect(reply, req, checked.redirectUri, { error: 'invalid_request', error_description: description, state: checked.state });
      }
      // declining grants nothing: no credential needed
      if (decision === 'deny') return redirect(reply, req, checked.redirectUri, { error: 'access_denied', error_description: 'the account owner declined', state: checked.state });
      let approver: Principal;
      try {
        const header = fromPage && !req.headers.authorization ? `Bearer ${String(fields.credential).trim()}` : req.headers.authorization;
        approver = await deps.auth.fromRequest(header, req.ip);
        // only the account's owner approves: a secret key, or a signed-in user (never a
        // restricted or publishable key, nor another partner's OAuth token)
        const owner = approver.type === 'secret' && (approver.keyId.startsWith('key_') || approver.keyId.startsWith('usr_'));
        if (!owner) throw new ApiError('RESOURCE_ACCESS_DENIED', 'Only a secret key (sk_) of the account, or a signed-in user of it, can approve an OAuth client', { key_type: approver.type });
      } catch (err) {
        if (err instanceof ApiError && fromPage && wantsHtml(req)) {
          pageCsp.set(reply, consentCsp(checked));
          return reply.status(err.status).type('text/html; charset=utf-8').send(consentPage(checked, fields, err.message));
        }
        throw err;
      }
      const code = await oauth.issueCode(checked, approver);
      return redirect(reply, req, checked.redirectUri, { code, state: checked.state });
    });

    /** client authentication, counted against the caller's address as failed key guesses are */
    const authenticate = async (req: FastifyRequest, creds: { id: unknown; secret: unknown }) => {
      await deps.auth.failures?.assertAllowed(req.ip);
      try {
        return await oauth.authenticateClient(creds.id, creds.secret);
      } catch (err) {
        if (err instanceof OAuthError && creds.secret !== undefined) await deps.auth.failures?.recordFailure(req.ip);
        throw err;
      }
    };

    type ClientRun = (client: Awaited<ReturnType<OAuthServer['authenticateClient']>>, fields: Fields, req: FastifyRequest) => Promise<unknown>;
    /** an endpoint of authenticated clients: the form read, the client authenticated, OAuth's errors in OAuth's shape */
    const clientHandler = (run: ClientRun) => async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('Pragma', 'no-cache');
      let basic = false;
      try {
        const fields = single(fieldsOf(req));
        const creds = clientCredentials(req, fields);
        basic = creds.basic;
        return await run(await authenticate(req, creds), fields, req);
      } catch (err) {
        if (err instanceof OAuthError) return sendOAuthError(reply, err, basic || (err as { basic?: boolean }).basic === true);
        throw err;
      }
    };

    scope.post('/oauth/token', {
      config: {
        doc: {
          summary: 'Token endpoint: grant_type=authorization_code (code, redirect_uri, code_verifier when the authorization sent a code_challenge) or refresh_token (refresh_token, scope to narrow); client authentication by HTTP Basic or client_id + client_secret. Errors in OAuth\'s shape {error, error_description}',
          auth: 'none', tag: 'oauth', response: TOKEN_RESPONSE,
          body: {
            type: 'object',
            properties: {
              grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] }, code: { type: 'string' }, redirect_uri: { type: 'string' },
              code_verifier: { type: 'string' }, refresh_token: { type: 'string' }, scope: { type: 'string' }, client_id: { type: 'string' }, client_secret: { type: 'string' },
            },
            required: ['grant_type'],
          },
        },
      },
    }, clientHandler(async (client, fields) => {
      if (fields.grant_type === 'authorization_code') return oauth.exchangeCode(client, fields);
      if (fields.grant_type === 'refresh_token') return oauth.refresh(client, fields);
      throw new OAuthError(fields.grant_type === undefined ? 'invalid_request' : 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }));

    const clientRoute = (path: string, summary: string, run: ClientRun) => {
      scope.post(path, {
        config: {
          doc: {
            summary, auth: 'none', tag: 'oauth',
            body: { type: 'object', properties: { token: { type: 'string' }, token_type_hint: { type: 'string', enum: ['access_token', 'refresh_token'] }, client_id: { type: 'string' }, client_secret: { type: 'string' } }, required: ['token'] },
          },
        },
      }, clientHandler(run));
    };
    clientRoute('/oauth/revoke', 'Token revocation (RFC 7009): a refresh token revokes its whole grant, an access token itself; 200 for unknown tokens too. Client authentication required', async (client, fields) => {
      await oauth.revoke(client, fields.token);
      return {};
    });
    clientRoute('/oauth/introspect', 'Token introspection (RFC 7662) of this client\'s tokens: {active, scope, client_id, token_type, exp, iat, sub (the account), iss}. Client authentication required', async (client, fields, req) => oauth.introspect(client, fields.token, issuerOf(req)));
  });
}
