// The OAuth 2.0 authorization server for partners (spec "Authentication" rule 5), by the
// OAuth 2.1 rules: authorization code grant only, PKCE with S256 (S256 only; optional, as the
// spec's flow has none, because every client here is confidential and authenticates with its
// secret at the token endpoint; a code issued with a challenge needs its verifier), exact redirect URI
// match, refresh tokens rotated on every use (a reused one revokes its grant), single-use codes
// (a reused one revokes every token issued from it). Clients, codes and tokens live in the
// database (OAuthClient, OAuthRecord), secrets only as SHA-256 hashes: every secret here is 256
// random bits, so a plain hash cannot be reversed and a lookup by hash is safe.
//
// Scopes are key permission names (`payments:read orders:*`); an access token acts for the
// approving account, in the approver's mode, with exactly the granted scopes as the permissions
// of a restricted key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Prisma } from '../db/client.js';
import { BoundedCache, type AccessTokenVerifier, type KeyMode, type Principal } from '../auth/keys.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { unknownPermissions } from '../modules/catalog.js';

export const OAUTH_ID_PREFIX = { client: 'oac', grant: 'ogr' } as const;
const ACCESS_PREFIX = 'oat_';
const REFRESH_PREFIX = 'ort_';
const CLIENT_SECRET_PREFIX = 'ocs_';
/** how an access or refresh token of this server looks (43 characters of base64url after the prefix) */
export const OAUTH_TOKEN_PATTERN = /^o(at|rt)_[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636: 43 to 128 unreserved characters */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** An error of the OAuth protocol (RFC 6749 5.2, RFC 7009, RFC 7662): answered as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope' | 'access_denied' | 'unsupported_response_type' | 'unsupported_token_type' | 'server_error',
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

function secret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** A redirect URI a client may register: absolute, no fragment; https, or http on a loopback host (OAuth 2.1), or a private-use scheme of a native app. */
export function checkRedirectUri(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `'${uri}' is not an absolute URL`;
  }
  if (url.hash || uri.includes('#')) return 'a redirect URI has no fragment';
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return 'http redirect URIs are allowed only on loopback hosts (localhost, 127.0.0.1, [::1]); use https';
  if (url.protocol === 'javascript:' || url.protocol === 'data:' || url.protocol === 'file:') return `the ${url.protocol} scheme cannot be a redirect URI`;
  if (url.username || url.password) return 'a redirect URI carries no credentials';
  return undefined;
}

/** The scopes of a space-separated `scope` parameter, checked against the permission catalogue. */
export function parseScope(scope: unknown): string[] {
  if (typeof scope !== 'string' || scope.trim() === '') throw new OAuthError('invalid_scope', 'scope is required: space-separated key permissions, e.g. "payments:read orders:read"');
  const scopes = [...new Set(scope.trim().split(/ +/))];
  const malformed = scopes.filter((s) => !/^(\*|[a-z_*]+:(\*|[a-z_]+))$/.test(s));
  const unknown = unknownPermissions(scopes.filter((s) => !malformed.includes(s)));
  const bad = [...malformed, ...unknown];
  if (bad.length) throw new OAuthError('invalid_scope', `not a permission of this API: ${bad.join(', ')} (GET /v1/errors lists codes; the key permissions are <resource>:<action>, e.g. orders:read)`);
  if (scopes.includes('*')) throw new OAuthError('invalid_scope', 'a partner cannot be granted every permission (*): name the resources, e.g. "orders:*"');
  return scopes;
}

export interface ClientRow {
  id: string;
  name: string;
  redirectUris: string[];
  revokedAt: Date | null;
  createdAt: Date;
}

export interface AuthorizeParams {
  client: ClientRow;
  redirectUri: string;
  scopes: string[];
  state?: string;
  /** absent when the request had no PKCE challenge (the spec's flow: the client's secret binds the code) */
  codeChallenge?: string;
}

interface GrantPayload {
  /** the scopes of the grant (a refresh may narrow them, never widen them) */
  grantScope: string[];
  scope: string[];
  mode: KeyMode;
  /** who approved: an sk_ key id or a signed-in user id */
  approvedBy: string;
}

interface CodePayload extends GrantPayload {
  redirectUri: string;
  codeChallenge?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface OAuthLifetimes {
  codeSecs: number;
  accessSecs: number;
  refreshSecs: number;
}

interface CachedToken {
  principal?: Principal;
  error?: ApiError;
  expiresAtMs?: number;
  until: number;
}

export class OAuthServer implements AccessTokenVerifier {
  private readonly cache = new BoundedCache<CachedToken>(10_000);

  constructor(
    private readonly prisma: Prisma,
    readonly lifetimes: OAuthLifetimes,
    /** how long a resolved access token is trusted before the database is asked again (revocation lag elsewhere) */
    private readonly cacheTtlMs = 2000,
  ) {}

  // ---- clients ----

  /** Registers a partner; its secret is in this answer only. */
  async createClient(input: { name: string; redirectUris: string[] }): Promise<{ client: ClientRow; clientSecret: string }> {
    const name = input.name.trim();
    if (!name || name.length > 200) throw ApiError.validation([{ field: 'name', message: 'a client needs a name of 1 to 200 characters', expected: '1 to 200 characters' }]);
    if (!input.redirectUris.length) throw ApiError.validation([{ field: 'redirect_uri', message: 'a client needs at least one redirect URI', expected: 'one or more https redirect URIs' }]);
    const faults = input.redirectUris.flatMap((u) => {
      const why = checkRedirectUri(u);
      return why ? [{ field: 'redirect_uri', message: why, expected: 'an absolute https URL (http only for localhost), without a fragment' }] : [];
    });
    if (faults.length) throw ApiError.validation(faults);
    const clientSecret = secret(CLIENT_SECRET_PREFIX);
    const client = await this.prisma.oAuthClient.create({
      data: { id: newId(OAUTH_ID_PREFIX.client), name, secretHash: sha256(clientSecret), redirectUris: [...new Set(input.redirectUris)] },
      select: { id: true, name: true, redirectUris: true, revokedAt: true, createdAt: true },
    });
    return { client, clientSecret };
  }

  listClients(): Promise<ClientRow[]> {
    return this.prisma.oAuthClient.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true, name: true, redirectUris: true, revokedAt: true, createdAt: true } });
  }

  /** Revokes a client: its tokens stop working (within the cache's 2 s), its secret is refused. */
  async revokeClient(id: string): Promise<ClientRow> {
    const found = await this.prisma.oAuthClient.findUnique({ where: { id } });
    if (!found) throw ApiError.notFound('oauth_client', id);
    const now = new Date();
    const [client] = await this.prisma.$transaction([
      this.prisma.oAuthClient.update({ where: { id }, data: { revokedAt: found.revokedAt ?? now }, select: { id: true, name: true, redirectUris: true, revokedAt: true, createdAt: true } }),
      this.prisma.oAuthRecord.updateMany({ where: { clientId: id, revokedAt: null }, data: { revokedAt: now } }),
    ]);
    this.cache.clear();
    return client;
  }

  /** A registered, unrevoked client by id (undefined otherwise). */
  async findClient(id: unknown): Promise<ClientRow | undefined> {
    if (typeof id !== 'string' || !/^oac_[0-9a-z]{26}$/.test(id)) return undefined;
    const client = await this.prisma.oAuthClient.findUnique({ where: { id }, select: { id: true, name: true, redirectUris: true, revokedAt: true, createdAt: true } });
    return client && !client.revokedAt ? client : undefined;
  }

  /** Client authentication at the token, revocation and introspection endpoints (invalid_client otherwise). */
  async authenticateClient(id: unknown, clientSecret: unknown): Promise<ClientRow> {
    if (typeof id !== 'string' || typeof clientSecret !== 'string' || !id || !clientSecret) {
      throw new OAuthError('invalid_client', 'client authentication is required: client_id and client_secret in the body, or HTTP Basic');
    }
    const row = /^oac_[0-9a-z]{26}$/.test(id) ? await this.prisma.oAuthClient.findUnique({ where: { id } }) : null;
    // the hash is compared whether or not the client exists, in constant time
    const ok = sameText(row?.secretHash ?? '0'.repeat(64), sha256(clientSecret));
    if (!row || !ok || row.revokedAt) throw new OAuthError('invalid_client', 'client authentication failed: unknown client, wrong secret, or a revoked client');
    return { id: row.id, name: row.name, redirectUris: row.redirectUris, revokedAt: row.revokedAt, createdAt: row.createdAt };
  }

  // ---- authorization ----

  /**
   * Checks an authorization request. A bad client or redirect URI is thrown as an ApiError (it
   * must never redirect: the URI is not known to be the client's); any other fault is an
   * OAuthError carried back to the client on its redirect URI, with the state.
   */
  async checkAuthorization(q: Record<string, unknown>): Promise<AuthorizeParams | { redirectError: OAuthError; redirectUri: string; state?: string }> {
    const str = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
    const client = await this.findClient(q.client_id);
    if (!client) {
      throw new ApiError('INVALID_FIELD_VALUE', q.client_id === undefined ? 'client_id is required' : 'client_id names no registered OAuth client', {}, 'client_id');
    }
    const redirectUri = str('redirect_uri');
    // OAuth 2.1: the redirect URI is always sent and matches a registered one exactly
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
      throw new ApiError('INVALID_FIELD_VALUE', redirectUri ? 'redirect_uri is not one this client registered (exact match required)' : 'redirect_uri is required', {}, 'redirect_uri');
    }
    const state = str('state');
    const fail = (error: OAuthError) => ({ redirectError: error, redirectUri, state });
    if (q.response_type !== 'code') {
      return fail(new OAuthError(q.response_type === undefined ? 'invalid_request' : 'unsupported_response_type', 'response_type must be "code" (the only grant this server supports; no implicit grant)'));
    }
    // PKCE is optional (the spec's flow sends none: the client authenticates with its secret when
    // it exchanges the code), but a challenge that is sent must be S256 and well formed
    const challenge = q.code_challenge === undefined ? undefined : str('code_challenge');
    if (challenge === undefined && q.code_challenge !== undefined) return fail(new OAuthError('invalid_request', 'code_challenge must be a string'));
    if (challenge === undefined && q.code_challenge_method !== undefined) return fail(new OAuthError('invalid_request', 'code_challenge_method was sent without a code_challenge'));
    if (challenge !== undefined) {
      if (q.code_challenge_method !== 'S256') return fail(new OAuthError('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)'));
      if (!CHALLENGE_PATTERN.test(challenge)) return fail(new OAuthError('invalid_request', 'code_challenge must be 43 base64url characters (an S256 hash)'));
    }
    let scopes: string[];
    try {
      scopes = parseScope(q.scope);
    } catch (err) {
      return fail(err as OAuthError);
    }
    return { client, redirectUri, scopes, state, ...(challenge !== undefined ? { codeChallenge: challenge } : {}) };
  }

  /** An approved request's authorization code (single-use, OAUTH_CODE_TTL_SECS). */
  async issueCode(params: AuthorizeParams, approver: Principal): Promise<string> {
    const code = secret();
    const payload: CodePayload = {
      grantScope: params.scopes, scope: params.scopes, mode: approver.mode, approvedBy: approver.keyId,
      redirectUri: params.redirectUri, ...(params.codeChallenge !== undefined ? { codeChallenge: params.codeChallenge } : {}),
    };
    await this.prisma.oAuthRecord.create({
      data: {
        id: sha256(code), kind: 'code', clientId: params.client.id, accountId: approver.accountId, grantId: newId(OAUTH_ID_PREFIX.grant),
        payload: payload as object, expiresAt: new Date(Date.now() + this.lifetimes.codeSecs * 1000),
      },
    });
    return code;
  }

  // ---- tokens ----

  /** grant_type=authorization_code */
  async exchangeCode(client: ClientRow, body: Record<string, unknown>): Promise<TokenResponse> {
    const code = body.code;
    const verifier = body.code_verifier;
    if (typeof code !== 'string' || !code) throw new OAuthError('invalid_request', 'code is required');
    if (typeof body.redirect_uri !== 'string') throw new OAuthError('invalid_request', 'redirect_uri is required (the one of the authorization request)');
    if (verifier !== undefined && (typeof verifier !== 'string' || !VERIFIER_PATTERN.test(verifier))) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    }
    const id = CODE_PATTERN.test(code) ? sha256(code) : undefined;
    const row = id ? await this.prisma.oAuthRecord.findUnique({ where: { id } }) : null;
    if (!row || row.kind !== 'code' || row.clientId !== client.id) throw new OAuthError('invalid_grant', 'the code is unknown or was issued to another client');
    // a code issued with a PKCE challenge is redeemed only with its verifier (refused before the code is spent)
    if ((row.payload as unknown as CodePayload).codeChallenge !== undefined && verifier === undefined) {
      throw new OAuthError('invalid_request', 'code_verifier is required: the authorization request sent a code_challenge (PKCE)');
    }
    // single use: the first exchange marks it; any later one is a replay, and every token
    // issued from the code is revoked (RFC 6749 4.1.2, OAuth 2.1 4.1.3)
    const consumed = await this.prisma.oAuthRecord.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (consumed.count === 0) {
      await this.revokeGrant(row.grantId!);
      throw new OAuthError('invalid_grant', 'the code was already used: every token issued from it has been revoked');
    }
    if (row.revokedAt) throw new OAuthError('invalid_grant', 'the code was revoked');
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', `the code has expired (codes live ${this.lifetimes.codeSecs} s)`);
    const payload = row.payload as unknown as CodePayload;
    if (body.redirect_uri !== payload.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request\'s');
    if (payload.codeChallenge !== undefined) {
      const computed = createHash('sha256').update(verifier as string).digest('base64url');
      if (!sameText(computed, payload.codeChallenge)) throw new OAuthError('invalid_grant', 'PKCE verification failed: BASE64URL(SHA256(code_verifier)) does not equal the code_challenge');
    } else if (verifier !== undefined) {
      // OAuth 2.1 4.1.3: a verifier for a code issued without a challenge is refused (a PKCE downgrade)
      throw new OAuthError('invalid_grant', 'code_verifier was sent, but the authorization request had no code_challenge');
    }
    // a `scope` sent here is not a parameter of this grant (RFC 6749 4.1.3): the approved scopes are issued, as the answer's `scope` says
    await this.assertAccountActive(row.accountId!);
    return this.issueTokens(client.id, row.accountId!, row.grantId!, { grantScope: payload.grantScope, scope: payload.scope, mode: payload.mode, approvedBy: payload.approvedBy });
  }

  /** grant_type=refresh_token: rotates the refresh token; a reused one revokes its grant. */
  async refresh(client: ClientRow, body: Record<string, unknown>): Promise<TokenResponse> {
    const token = body.refresh_token;
    if (typeof token !== 'string' || !token) throw new OAuthError('invalid_request', 'refresh_token is required');
    const row = token.startsWith(REFRESH_PREFIX) && OAUTH_TOKEN_PATTERN.test(token) ? await this.prisma.oAuthRecord.findUnique({ where: { id: sha256(token) } }) : null;
    if (!row || row.kind !== 'refresh_token' || row.clientId !== client.id) throw new OAuthError('invalid_grant', 'the refresh token is unknown or was issued to another client');
    if (row.revokedAt) throw new OAuthError('invalid_grant', 'the refresh token was revoked');
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'the refresh token has expired: send the user through authorization again');
    const payload = row.payload as unknown as GrantPayload;
    let scope = payload.grantScope;
    if (body.scope !== undefined) {
      scope = parseScope(body.scope);
      const wider = scope.filter((s) => !payload.grantScope.includes(s));
      if (wider.length) throw new OAuthError('invalid_scope', `a refresh cannot widen the grant: ${wider.join(', ')} ${wider.length === 1 ? 'was' : 'were'} not granted`);
    }
    const consumed = await this.prisma.oAuthRecord.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (consumed.count === 0) {
      // rotation: a refresh token used twice was stolen or replayed; the grant ends
      await this.revokeGrant(row.grantId!);
      throw new OAuthError('invalid_grant', 'the refresh token was already used: the grant has been revoked; send the user through authorization again');
    }
    await this.assertAccountActive(row.accountId!);
    return this.issueTokens(client.id, row.accountId!, row.grantId!, { ...payload, scope });
  }

  private async assertAccountActive(accountId: string) {
    const account = await this.prisma.account.findUnique({ where: { id: accountId }, select: { status: true } });
    if (account?.status !== 'active') throw new OAuthError('invalid_grant', 'the account that approved this grant is not active');
  }

  private async issueTokens(clientId: string, accountId: string, grantId: string, payload: GrantPayload): Promise<TokenResponse> {
    const access = secret(ACCESS_PREFIX);
    const refresh = secret(REFRESH_PREFIX);
    const now = Date.now();
    // issued at `now`, the moment the lifetimes count from (the database's own clock at the
    // insert is a little later: introspection's exp - iat came out a second short across a second boundary)
    const createdAt = new Date(now);
    await this.prisma.oAuthRecord.createMany({
      data: [
        { id: sha256(access), kind: 'access_token', clientId, accountId, grantId, payload: payload as object, createdAt, expiresAt: new Date(now + this.lifetimes.accessSecs * 1000) },
        { id: sha256(refresh), kind: 'refresh_token', clientId, accountId, grantId, payload: payload as object, createdAt, expiresAt: new Date(now + this.lifetimes.refreshSecs * 1000) },
      ],
    });
    return { access_token: access, token_type: 'Bearer', expires_in: this.lifetimes.accessSecs, refresh_token: refresh, scope: payload.scope.join(' ') };
  }

  /** Revokes every code and token of a grant. */
  async revokeGrant(grantId: string): Promise<void> {
    await this.prisma.oAuthRecord.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: new Date() } });
    this.cache.clear();
  }

  /** RFC 7009: a refresh token revokes its whole grant; an access token itself. Unknown tokens and other clients' are ignored. */
  async revoke(client: ClientRow, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !token) throw new OAuthError('invalid_request', 'token is required');
    if (!OAUTH_TOKEN_PATTERN.test(token)) return;
    const row = await this.prisma.oAuthRecord.findUnique({ where: { id: sha256(token) } });
    if (!row || row.clientId !== client.id) return;
    if (row.kind === 'refresh_token') await this.revokeGrant(row.grantId!);
    else {
      await this.prisma.oAuthRecord.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
      this.cache.delete(row.id);
    }
  }

  /** RFC 7662: a token of this client, active or not (another client's is reported inactive). */
  async introspect(client: ClientRow, token: unknown, issuer: string): Promise<Record<string, unknown>> {
    if (typeof token !== 'string' || !token) throw new OAuthError('invalid_request', 'token is required');
    if (!OAUTH_TOKEN_PATTERN.test(token)) return { active: false };
    const row = await this.prisma.oAuthRecord.findUnique({ where: { id: sha256(token) } });
    if (!row || row.clientId !== client.id || row.kind === 'code') return { active: false };
    const now = Date.now();
    if (row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now) || (row.kind === 'refresh_token' && row.consumedAt)) return { active: false };
    const account = await this.prisma.account.findUnique({ where: { id: row.accountId! }, select: { status: true } });
    if (account?.status !== 'active') return { active: false };
    const payload = row.payload as unknown as GrantPayload;
    return {
      active: true,
      scope: payload.scope.join(' '),
      client_id: row.clientId,
      token_type: row.kind === 'access_token' ? 'Bearer' : 'refresh_token',
      exp: row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : undefined,
      iat: Math.floor(row.createdAt.getTime() / 1000),
      sub: row.accountId,
      iss: issuer,
      livemode: payload.mode === 'live',
    };
  }

  // ---- access tokens on every door (AccessTokenVerifier) ----

  recognizes(token: string): boolean {
    return token.startsWith(ACCESS_PREFIX) || token.startsWith(REFRESH_PREFIX);
  }

  async principalOf(token: string): Promise<Principal> {
    if (token.startsWith(REFRESH_PREFIX)) {
      throw new ApiError('INVALID_ACCESS_TOKEN', 'This is an OAuth refresh token: exchange it at POST /oauth/token (grant_type=refresh_token) for an access token, and send that');
    }
    if (!OAUTH_TOKEN_PATTERN.test(token)) throw new ApiError('INVALID_ACCESS_TOKEN', 'Invalid OAuth access token: malformed');
    const id = sha256(token);
    const now = Date.now();
    let entry = this.cache.get(id);
    if (!entry || entry.until < now) {
      entry = await this.lookup(id, now);
      this.cache.set(id, entry);
    }
    if (entry.error) throw entry.error;
    if (entry.expiresAtMs !== undefined && entry.expiresAtMs <= now) {
      throw new ApiError('EXPIRED_ACCESS_TOKEN', 'The OAuth access token has expired: refresh it at POST /oauth/token (grant_type=refresh_token)');
    }
    return entry.principal!;
  }

  private async lookup(id: string, now: number): Promise<CachedToken> {
    const until = now + this.cacheTtlMs;
    const row = await this.prisma.oAuthRecord.findUnique({ where: { id } });
    if (!row || row.kind !== 'access_token') return { error: new ApiError('INVALID_ACCESS_TOKEN', 'Invalid OAuth access token'), until };
    if (row.revokedAt) return { error: new ApiError('INVALID_ACCESS_TOKEN', 'This OAuth access token has been revoked'), until };
    const [account, client] = await Promise.all([
      this.prisma.account.findUnique({ where: { id: row.accountId! }, select: { status: true, apiVersion: true, plan: true } }),
      this.prisma.oAuthClient.findUnique({ where: { id: row.clientId! }, select: { revokedAt: true } }),
    ]);
    if (!client || client.revokedAt) return { error: new ApiError('INVALID_ACCESS_TOKEN', 'The OAuth client of this access token has been revoked'), until };
    if (!account || account.status !== 'active') return { error: new ApiError('INACTIVE_ACCOUNT', 'The account that granted this access token is not active'), until };
    const payload = row.payload as unknown as GrantPayload;
    return {
      principal: {
        // the grant stands for the key: per-key socket limits count per grant
        keyId: row.grantId!,
        accountId: row.accountId!,
        type: 'restricted',
        mode: payload.mode,
        livemode: payload.mode === 'live',
        permissions: payload.scope,
        apiVersion: account.apiVersion,
        plan: account.plan,
      },
      expiresAtMs: row.expiresAt?.getTime(),
      until,
    };
  }

  /** Drops the cached token lookups: the next use of each token reads the database. */
  forget(): void {
    this.cache.clear();
  }

  /** Drops expired and long-dead records (codes, tokens); returns how many. */
  async purgeExpired(graceMs = 24 * 3600 * 1000): Promise<number> {
    const { count } = await this.prisma.oAuthRecord.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - graceMs) } } });
    return count;
  }
}
