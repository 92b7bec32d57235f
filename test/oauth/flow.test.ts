// OAuth 2.0 for partners: the authorization code flow with PKCE against a real server, with a
// real HTTP client following the redirect to a real receiver (the partner's redirect URI);
// tokens on /v1 and GraphQL with exactly their scopes; refresh rotation; revocation,
// introspection and metadata; and every failure the issue names: PKCE, a reused code, a wrong
// redirect URI, an expired code, scope escalation, approvers who may not approve.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { OAuthServer } from '../../src/oauth/server.js';
import { signUp } from '../selfhosted/helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestServer;
let acct: TestAccount;
let partner: Receiver;
let client: { id: string; secret: string; redirect: string };
let other: { id: string; secret: string; redirect: string };

async function register(t: TestServer, name: string, redirects: string[]) {
  const oauth = new OAuthServer(t.server.db.prisma, { codeSecs: 60, accessSecs: 3600, refreshSecs: 86_400 });
  const { client, clientSecret } = await oauth.createClient({ name, redirectUris: redirects });
  return { id: client.id, secret: clientSecret, redirect: redirects[0]! };
}

beforeAll(async () => {
  partner = await startReceiver();
  partner.answer = () => ({ status: 200 });
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
  client = await register(t, 'Acme Partner <script>', [`${partner.url}/callback`, `${partner.url}/other`]);
  other = await register(t, 'Other Partner', [`${partner.url}/second`]);
});
afterAll(async () => {
  await t?.stop();
  await partner?.close();
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeParams(c: { id: string; redirect: string }, challenge: string, extra: Record<string, string | undefined> = {}) {
  const p: Record<string, string> = {};
  const all = { client_id: c.id, redirect_uri: c.redirect, response_type: 'code', scope: 'orders:read payments:read', state: randomBytes(8).toString('hex'), code_challenge: challenge, code_challenge_method: 'S256', ...extra };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) p[k] = v;
  return p;
}

/** POST /oauth/authorize as the account owner, without following the redirect: the Location's URL (or the answer). */
async function decide(params: Record<string, string>, approver: string | undefined, decision = 'approve') {
  const res = await fetch(`${t.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(approver ? { authorization: `Bearer ${approver}` } : {}) },
    body: new URLSearchParams({ ...params, decision }).toString(),
  });
  const location = res.headers.get('location');
  return { res, location: location ? new URL(location) : undefined, text: await res.text() };
}

async function token(fields: Record<string, string>, auth: { id: string; secret: string } | 'none' = client, basic = false) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body: Record<string, string> = { ...fields };
  if (auth !== 'none' && basic) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(auth.id)}:${encodeURIComponent(auth.secret)}`).toString('base64')}`;
  else if (auth !== 'none') Object.assign(body, { client_id: auth.id, client_secret: auth.secret });
  return fetchJson('/oauth/token', headers, body);
}

async function fetchJson(path: string, headers: Record<string, string>, body: Record<string, string>) {
  const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body: new URLSearchParams(body).toString() });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** The whole approval: a code for `scope`, then its tokens. */
async function grant(scope = 'orders:read payments:read', approver = acct.key, c = client) {
  const { verifier, challenge } = pkce();
  const { location } = await decide(authorizeParams(c, challenge, { scope }), approver);
  const code = location!.searchParams.get('code')!;
  const res = await token({ grant_type: 'authorization_code', code, redirect_uri: c.redirect, code_verifier: verifier }, c);
  expect(res.status, res.text).toBe(200);
  return res.body as { access_token: string; refresh_token: string; scope: string; expires_in: number; token_type: string };
}

describe('the authorization code flow', () => {
  it('runs end to end with a real client following the redirect to the partner', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams(client, challenge);

    // the consent page names the partner (escaped) and the permissions it asks for
    const page = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(params)}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Acme Partner &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('orders:read');
    expect(html).toContain('name="credential"');
    // the form may go to this server and on to the partner's registered origin, nowhere else
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${partner.url}`);

    // the owner approves; the client follows the 302 to the partner's redirect URI
    const before = partner.received.length;
    const approved = await fetch(`${t.url}/oauth/authorize`, {
      method: 'POST', redirect: 'follow',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${acct.key}` },
      body: new URLSearchParams({ ...params, decision: 'approve' }).toString(),
    });
    expect(approved.status).toBe(200);
    expect(approved.url.startsWith(`${partner.url}/callback?`)).toBe(true);
    const arrived = partner.received.slice(before).find((r) => r.path.startsWith('/callback'))!;
    const query = new URL(arrived.path, partner.url).searchParams;
    expect(query.get('state')).toBe(params.state);
    expect(query.get('iss')).toBe(t.url.replace('127.0.0.1', '127.0.0.1'));
    const code = query.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // the partner exchanges the code (client_secret_basic)
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: verifier }, client, true);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'orders:read payments:read' });
    expect(res.body.access_token).toMatch(/^oat_/);
    expect(res.body.refresh_token).toMatch(/^ort_/);

    // the token acts for the approving account with exactly the granted scopes
    const who = await api(t.url, '/v1/auth/test', { key: res.body.access_token });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ account_id: acct.accountId, key_type: 'restricted', permissions: ['orders:read', 'payments:read'], mode: 'test' });
    const order = await api(t.url, '/v1/orders', { key: acct.key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] } });
    expect(order.status, order.text).toBe(201);
    const list = await api(t.url, '/v1/orders', { key: res.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { id: string }) => o.id)).toContain(order.body.id);
    const write = await api(t.url, '/v1/orders', { key: res.body.access_token, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect((await api(t.url, '/v1/customers', { key: res.body.access_token })).status).toBe(403);

    // and on GraphQL
    const q = await gql(t.url, res.body.access_token, '{ orders(limit: 5) { id } }');
    expect(q.status, q.text).toBe(200);
    expect(q.body.errors).toBeUndefined();
    const m = await gql(t.url, res.body.access_token, 'mutation { createCustomer(input: { email: "x@example.com" }) { id } }');
    expect(m.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('takes client_secret_post, and refuses a wrong client secret with 401 invalid_client', async () => {
    const tokens = await grant('orders:read');
    expect(tokens.scope).toBe('orders:read');
    const bad = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, { id: client.id, secret: 'ocs_wrong' }, true);
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic/);
    const none = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, 'none');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('invalid_client');
    // a Basic header that is not base64 is a failed Basic authentication all the same
    const garbled = await fetchJson('/oauth/token', { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic !!!' }, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(garbled.status).toBe(401);
    expect(garbled.body.error).toBe('invalid_client');
    expect(garbled.headers.get('www-authenticate')).toMatch(/^Basic/);
    // errors the API raises before the endpoint runs are in OAuth's shape too
    for (const [headers, rawBody] of [
      [{ 'content-type': 'application/json' }, '{"grant_type":'],
      [{ 'content-type': 'application/x-www-form-urlencoded', 'api-version': '1999-01-01' }, 'grant_type=refresh_token'],
    ] as const) {
      for (const path of ['/oauth/token', '/oauth/revoke', '/oauth/introspect']) {
        const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body: rawBody });
        expect(res.status, path).toBe(400);
        const body = await res.json();
        expect(body.error, path).toBe('invalid_request');
        expect(typeof body.error_description).toBe('string');
      }
    }
    // another client cannot use this client's refresh token
    const stolen = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, other);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('sends a denial back to the partner as access_denied with the state', async () => {
    const { challenge } = pkce();
    const params = authorizeParams(client, challenge);
    const { res, location } = await decide(params, undefined, 'deny');
    expect(res.status).toBe(302);
    expect(location!.origin + location!.pathname).toBe(client.redirect);
    expect(location!.searchParams.get('error')).toBe('access_denied');
    expect(location!.searchParams.get('state')).toBe(params.state);
    expect(location!.searchParams.get('code')).toBeNull();
  });

  it('sends a missing or unknown decision back to the partner as invalid_request with the state, not in the API envelope', async () => {
    const { challenge } = pkce();
    for (const decision of ['maybe', undefined]) {
      const params = authorizeParams(client, challenge);
      const res = await fetch(`${t.url}/oauth/authorize`, {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${acct.key}` },
        body: new URLSearchParams({ ...params, ...(decision ? { decision } : {}) }).toString(),
      });
      expect(res.status, decision).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(client.redirect);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toMatch(/approve or deny/);
      expect(location.searchParams.get('state')).toBe(params.state);
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('lets a signed-in user approve for their own account', async () => {
    const user = await signUp(t.url);
    const tokens = await grant('orders:read', user.access_token);
    const who = await api(t.url, '/v1/auth/test', { key: tokens.access_token });
    expect(who.body.account_id).toBe(user.user.account);
    expect(who.body.account_id).not.toBe(acct.accountId);
  });

  it('accepts approval only from the account owner: no credential, a restricted or publishable key, an OAuth token', async () => {
    const { challenge } = pkce();
    const params = authorizeParams(client, challenge);
    const missing = await decide(params, undefined);
    expect(missing.res.status).toBe(401);
    expect(JSON.parse(missing.text).error.code).toBe('MISSING_AUTH_HEADER');
    const wrong = await decide(params, 'sk_test_' + 'x'.repeat(32));
    expect(wrong.res.status).toBe(401);
    const restricted = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const publishable = await acct.newKey({ type: 'publishable' });
    const oauthToken = (await grant('orders:read')).access_token;
    for (const approver of [restricted.secret, publishable.secret, oauthToken]) {
      const refused = await decide(params, approver);
      expect(refused.res.status, approver.slice(0, 4)).toBe(403);
      expect(JSON.parse(refused.text).error.code).toBe('RESOURCE_ACCESS_DENIED');
      expect(refused.location).toBeUndefined();
    }
  });

  it('re-renders the consent page with the error when the typed credential is wrong', async () => {
    const { challenge } = pkce();
    const params = authorizeParams(client, challenge);
    const res = await fetch(`${t.url}/oauth/authorize`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ ...params, credential: 'sk_test_' + 'y'.repeat(32), decision: 'approve' }).toString(),
    });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('y'.repeat(32));
    // the same form with the real key approves
    const ok = await fetch(`${t.url}/oauth/authorize`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ ...params, credential: acct.key, decision: 'approve' }).toString(),
    });
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!).searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('PKCE and the code', () => {
  it('takes only an S256 code challenge: plain, malformed, or a method without a challenge goes back as invalid_request', async () => {
    const { challenge } = pkce();
    for (const extra of [{ code_challenge: undefined }, { code_challenge_method: 'plain' }, { code_challenge_method: undefined }, { code_challenge: 'short' }]) {
      const params = authorizeParams(client, challenge, extra);
      const res = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
      expect(res.status, JSON.stringify(extra)).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('state')).toBe(params.state);
    }
  });

  it('runs the spec\'s flow without PKCE: client_id, redirect_uri, response_type, scope; the secret binds the exchange', async () => {
    // the spec's authorization request and exchange name no code_challenge nor code_verifier
    const params = authorizeParams(client, '', { code_challenge: undefined, code_challenge_method: undefined, scope: 'payments:read payments:write' });
    expect(Object.keys(params).sort()).toEqual(['client_id', 'redirect_uri', 'response_type', 'scope', 'state']);
    const page = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('code_challenge');
    const { location } = await decide(params, acct.key);
    expect(location!.searchParams.get('state')).toBe(params.state);
    const code = location!.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const res = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', scope: 'payments:read payments:write' });
    const who = await api(t.url, '/v1/auth/test', { key: res.body.access_token });
    expect(who.status).toBe(200);
    expect(who.body.permissions).toEqual(['payments:read', 'payments:write']);
    // without client authentication a code is worth nothing
    const again = await decide(params, acct.key);
    const anonymous = await token({ grant_type: 'authorization_code', code: again.location!.searchParams.get('code')!, redirect_uri: client.redirect }, 'none');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('invalid_client');
    // a verifier for a code issued without a challenge is a downgrade: refused (OAuth 2.1 4.1.3)
    const third = await decide(params, acct.key);
    const downgrade = await token({ grant_type: 'authorization_code', code: third.location!.searchParams.get('code')!, redirect_uri: client.redirect, code_verifier: pkce().verifier });
    expect(downgrade.status).toBe(400);
    expect(downgrade.body.error).toBe('invalid_grant');
  });

  it('refuses a wrong or missing code_verifier', async () => {
    const { verifier, challenge } = pkce();
    const { location } = await decide(authorizeParams(client, challenge), acct.key);
    const code = location!.searchParams.get('code')!;
    const missing = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant' });
    expect(wrong.body.error_description).toMatch(/PKCE/);
    // a failed exchange spent the code
    const late = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: verifier });
    expect(late.body.error).toBe('invalid_grant');
  });

  it('revokes every token issued from a code that is used twice', async () => {
    const { verifier, challenge } = pkce();
    const { location } = await decide(authorizeParams(client, challenge), acct.key);
    const code = location!.searchParams.get('code')!;
    const fields = { grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: verifier };
    const first = await token(fields);
    expect(first.status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: first.body.access_token })).status).toBe(200);
    const replay = await token(fields);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const after = await api(t.url, '/v1/orders', { key: first.body.access_token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_ACCESS_TOKEN');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses a code issued to another client', async () => {
    const { verifier, challenge } = pkce();
    const { location } = await decide(authorizeParams(client, challenge), acct.key);
    const res = await token({ grant_type: 'authorization_code', code: location!.searchParams.get('code')!, redirect_uri: client.redirect, code_verifier: verifier }, other);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('redirect URIs', () => {
  it('never redirects to an unregistered URI: a 400 in the envelope (or an error page for a browser)', async () => {
    const { challenge } = pkce();
    for (const redirect of [`${partner.url}/evil`, `${partner.url}/callback/`, `${partner.url}/callback?x=1`, 'https://attacker.example/callback', undefined]) {
      const params = authorizeParams({ id: client.id, redirect: redirect as string }, challenge, { redirect_uri: redirect });
      const res = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
      expect(res.status, String(redirect)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect((await res.json()).error).toMatchObject({ code: 'INVALID_FIELD_VALUE', param: 'redirect_uri' });
      const post = await decide(params, acct.key);
      expect(post.res.status).toBe(400);
      expect(post.location).toBeUndefined();
    }
    const browser = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(authorizeParams({ id: client.id, redirect: 'https://attacker.example/cb' }, challenge))}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(400);
    expect(await browser.text()).toContain('redirect_uri');
    const unknownClient = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(authorizeParams({ id: 'oac_' + '0'.repeat(26), redirect: client.redirect }, challenge))}`, { redirect: 'manual' });
    expect(unknownClient.status).toBe(400);
    expect((await unknownClient.json()).error.param).toBe('client_id');
  });

  it('accepts each registered URI, and the token request must repeat the one used', async () => {
    const { verifier, challenge } = pkce();
    const second = `${partner.url}/other`;
    const { location } = await decide(authorizeParams({ id: client.id, redirect: second }, challenge), acct.key);
    expect(location!.origin + location!.pathname).toBe(second);
    const code = location!.searchParams.get('code')!;
    const mismatch = await token({ grant_type: 'authorization_code', code, redirect_uri: client.redirect, code_verifier: verifier });
    expect(mismatch.body.error).toBe('invalid_grant');
  });

  it('answers unsupported response types on the redirect URI (no implicit grant)', async () => {
    const { challenge } = pkce();
    const res = await fetch(`${t.url}/oauth/authorize?${new URLSearchParams(authorizeParams(client, challenge, { response_type: 'token' }))}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });
});

describe('scopes', () => {
  it('refuses unknown scopes, every-permission and no scope, on the redirect URI as invalid_scope', async () => {
    const { challenge } = pkce();
    for (const scope of ['orders:fly', 'nothing:read', '*', '', 'orders:read DROP']) {
      const params = authorizeParams(client, challenge, { scope });
      const { res, location } = await decide(params, acct.key);
      expect(res.status, scope).toBe(302);
      expect(location!.searchParams.get('error'), scope).toBe('invalid_scope');
      expect(location!.searchParams.get('code')).toBeNull();
    }
  });

  it('grants no more than approved: a scope sent with the code is ignored, a refresh cannot widen', async () => {
    const { verifier, challenge } = pkce();
    const { location } = await decide(authorizeParams(client, challenge, { scope: 'orders:read' }), acct.key);
    const res = await token({ grant_type: 'authorization_code', code: location!.searchParams.get('code')!, redirect_uri: client.redirect, code_verifier: verifier, scope: 'orders:read orders:create customers:*' });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('orders:read');
    const wider = await token({ grant_type: 'refresh_token', refresh_token: res.body.refresh_token, scope: 'orders:read orders:create' });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    // the refused refresh did not spend the refresh token
    const same = await token({ grant_type: 'refresh_token', refresh_token: res.body.refresh_token });
    expect(same.status).toBe(200);
    expect(same.body.scope).toBe('orders:read');
  });

  it('an access token with api_keys:write cannot mint a key that would outlive the grant', async () => {
    const tokens = await grant('api_keys:write api_keys:read orders:read');
    const made = await api(t.url, '/v1/api_keys', { key: tokens.access_token, body: { name: 'from-oauth', permissions: ['orders:read'] } });
    expect(made.status, made.text).toBe(403);
    expect(made.body.error.code).toBe('RESOURCE_ACCESS_DENIED');
    // reading keys is what the scope says, and still works
    expect((await api(t.url, '/v1/api_keys', { key: tokens.access_token })).status).toBe(200);
  });

  it('lets a refresh narrow the scopes of the new access token', async () => {
    const tokens = await grant('orders:read payments:read');
    const narrowed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: 'orders:read' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('orders:read');
    const who = await api(t.url, '/v1/auth/test', { key: narrowed.body.access_token });
    expect(who.body.permissions).toEqual(['orders:read']);
    // the grant keeps its scopes: the next refresh may ask for both again
    const again = await token({ grant_type: 'refresh_token', refresh_token: narrowed.body.refresh_token, scope: 'orders:read payments:read' });
    expect(again.status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a reused one revokes the whole grant', async () => {
    const first = await grant();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await api(t.url, '/v1/orders', { key: second.body.access_token })).status).toBe(200);
    // the first refresh token again: replay, the grant ends
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    for (const access of [first.access_token, second.body.access_token]) expect((await api(t.url, '/v1/orders', { key: access })).status).toBe(401);
    const third = await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
    expect(third.body.error).toBe('invalid_grant');
  });

  it('is not an access token', async () => {
    const tokens = await grant();
    const res = await api(t.url, '/v1/orders', { key: tokens.refresh_token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/refresh token/);
  });
});

describe('revocation (RFC 7009) and introspection (RFC 7662)', () => {
  it('introspects this client\'s tokens only', async () => {
    const tokens = await grant('orders:read');
    const res = await fetchJson('/oauth/introspect', { 'content-type': 'application/x-www-form-urlencoded' }, { token: tokens.access_token, client_id: client.id, client_secret: client.secret });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: true, scope: 'orders:read', client_id: client.id, token_type: 'Bearer', sub: acct.accountId });
    expect(res.body.exp - res.body.iat).toBe(3600);
    const foreign = await fetchJson('/oauth/introspect', { 'content-type': 'application/x-www-form-urlencoded' }, { token: tokens.access_token, client_id: other.id, client_secret: other.secret });
    expect(foreign.body).toEqual({ active: false });
    const junk = await fetchJson('/oauth/introspect', { 'content-type': 'application/x-www-form-urlencoded' }, { token: 'nonsense', client_id: client.id, client_secret: client.secret });
    expect(junk.body).toEqual({ active: false });
    const anonymous = await fetchJson('/oauth/introspect', { 'content-type': 'application/x-www-form-urlencoded' }, { token: tokens.access_token });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('invalid_client');
  });

  it('revokes an access token alone, and a refresh token with its grant; unknown and foreign tokens are a 200 that changes nothing', async () => {
    const a = await grant('orders:read');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const mine = { client_id: client.id, client_secret: client.secret };
    // another client's revocation does not touch it
    expect((await fetchJson('/oauth/revoke', form, { token: a.access_token, client_id: other.id, client_secret: other.secret })).status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: a.access_token })).status).toBe(200);
    expect((await fetchJson('/oauth/revoke', form, { token: 'oat_' + 'z'.repeat(43), ...mine })).status).toBe(200);

    const revoked = await fetchJson('/oauth/revoke', form, { token: a.access_token, token_type_hint: 'access_token', ...mine });
    expect(revoked.status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: a.access_token })).status).toBe(401);
    const intro = await fetchJson('/oauth/introspect', form, { token: a.access_token, ...mine });
    expect(intro.body).toEqual({ active: false });
    // the refresh token still works, until it is revoked: then the grant ends
    const b = await token({ grant_type: 'refresh_token', refresh_token: a.refresh_token });
    expect(b.status).toBe(200);
    expect((await fetchJson('/oauth/revoke', form, { token: b.body.refresh_token, ...mine })).status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: b.body.access_token })).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: b.body.refresh_token })).body.error).toBe('invalid_grant');
    expect((await fetchJson('/oauth/revoke', form, { token: a.access_token })).status).toBe(401);
  });
});

describe('the token endpoint\'s bad input', () => {
  it('answers OAuth errors, never a 500', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ grant_type: 'password', username: 'a', password: 'b' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'authorization_code' }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', code: 'x'.repeat(43), redirect_uri: client.redirect, code_verifier: 'v'.repeat(43) }, 400, 'invalid_grant'],
      [{ grant_type: 'authorization_code', code: 'x', redirect_uri: client.redirect, code_verifier: 'short' }, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token', refresh_token: 'ort_' + 'q'.repeat(43) }, 400, 'invalid_grant'],
    ];
    for (const [fields, status, error] of cases) {
      const res = await fetchJson('/oauth/token', form, { ...fields, client_id: client.id, client_secret: client.secret });
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body.error, JSON.stringify(fields)).toBe(error);
      expect(typeof res.body.error_description).toBe('string');
    }
    const repeated = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers: form, body: `grant_type=refresh_token&grant_type=authorization_code&client_id=${client.id}&client_secret=${client.secret}` });
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).error).toBe('invalid_request');
    // JSON bodies are read too; a malformed one is invalid_request, in OAuth's shape
    const json = await api(t.url, '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: 'ort_' + 'q'.repeat(43), client_id: client.id, client_secret: client.secret } });
    expect(json.body.error).toBe('invalid_grant');
    const broken = await api(t.url, '/oauth/token', { rawBody: '{"grant_type":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_request');
  });
});

describe('metadata (RFC 8414)', () => {
  it('names the endpoints and what the server supports', async () => {
    const res = await api(t.url, '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: t.url,
      authorization_endpoint: `${t.url}/oauth/authorize`,
      token_endpoint: `${t.url}/oauth/token`,
      revocation_endpoint: `${t.url}/oauth/revoke`,
      introspection_endpoint: `${t.url}/oauth/introspect`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(res.body.scopes_supported).toContain('payments:read');
    expect(res.body.revocation_endpoint_auth_methods_supported).toContain('client_secret_basic');
  });
});

describe('an expired code', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false', OAUTH_CODE_TTL_SECS: '1' });
  });
  afterAll(async () => {
    await short?.stop();
  });

  it('is refused after OAUTH_CODE_TTL_SECS', async () => {
    const owner = await short.newAccount();
    const c = await register(short, 'Short-lived', [`${partner.url}/callback`]);
    const { verifier, challenge } = pkce();
    const res = await fetch(`${short.url}/oauth/authorize`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner.key}` },
      body: new URLSearchParams({ ...authorizeParams(c, challenge), decision: 'approve' }).toString(),
    });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    await new Promise((r) => setTimeout(r, 1300));
    const late = await fetch(`${short.url}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: c.redirect, code_verifier: verifier, client_id: c.id, client_secret: c.secret }).toString(),
    });
    expect(late.status).toBe(400);
    const body = await late.json();
    expect(body.error).toBe('invalid_grant');
    expect(body.error_description).toMatch(/expired/);
  });
});
