// Self-hosted sign-in: POST /auth/register, /auth/login, /auth/refresh, and the access tokens
// they hand out as bearer credentials (here on /v1/auth/test): every refusal with its code.
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import {
  accessClaims, craft, decode, login, newJwtSecret, part, refresh, register, signUp, sleep, uniqueEmail, type SignedIn,
} from './helpers.js';

const SECRET = newJwtSecret();
let t: TestServer;
let alice: SignedIn;

beforeAll(async () => {
  // the limits of failed sign-ins are tested on their own (rate-limits.test.ts)
  t = await startTestServer({ JWT_SECRET: SECRET, LOGIN_FAIL_LIMIT_PER_EMAIL: '1000', LOGIN_FAIL_LIMIT_PER_IP: '1000000' });
  alice = await signUp(t.url, { name: 'Alice' });
});
afterAll(async () => { await t?.stop(); });

const whoami = (token: string) => api(t.url, '/v1/auth/test', { key: token });
const codeOf = async (token: string) => {
  const res = await whoami(token);
  expect(res.status, res.text).toBe(401);
  return res.body.error.code as string;
};

describe('POST /auth/register', () => {
  it('creates the user and a new test-mode organisation named by the email; never shows the password', async () => {
    const email = uniqueEmail('reg');
    const res = await register(t.url, { email, password: 'correct horse', name: 'Reg' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ object: 'user', email, name: 'Reg', role: 'owner', organization: email, livemode: false });
    expect(res.body.id).toMatch(/^usr_/);
    expect(res.body.account).toMatch(/^acct_/);
    expect(res.text).not.toContain('correct horse');
    expect(res.text.toLowerCase()).not.toContain('password');
    // stored as scrypt with its parameters and salt, never the password
    const row = await t.server.db.prisma.user.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.passwordHash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.passwordHash).not.toContain('correct horse');
    const account = await t.server.db.prisma.account.findUniqueOrThrow({ where: { id: res.body.account } });
    expect(account).toMatchObject({ name: email, status: 'active' });
  });

  it('the same password hashes differently each time (salted)', async () => {
    const a = await register(t.url, { email: uniqueEmail(), password: 'same password' });
    const b = await register(t.url, { email: uniqueEmail(), password: 'same password' });
    const [ra, rb] = await Promise.all([a, b].map((r) => t.server.db.prisma.user.findUniqueOrThrow({ where: { id: r.body.id } })));
    expect(ra!.passwordHash).not.toBe(rb!.passwordHash);
  });

  it('an email is unique whatever its case: 409 RESOURCE_ALREADY_EXISTS', async () => {
    const email = uniqueEmail('Case');
    expect((await register(t.url, { email, password: 'password-1' })).status).toBe(201);
    const dup = await register(t.url, { email: email.toUpperCase(), password: 'password-2' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'RESOURCE_ALREADY_EXISTS', param: 'email', details: { field: 'email', value: email.toLowerCase() } });
    // stored lower-cased; signing in works in any case
    expect((await login(t.url, email.toUpperCase(), 'password-1')).status).toBe(200);
    expect((await login(t.url, email, 'password-2')).status).toBe(401);
  });

  it('concurrent registrations of one email: one user', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([0, 1, 2].map((i) => register(t.url, { email, password: `password-${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await t.server.db.prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
  });

  it('refuses bad input with a clear 400 naming the field', async () => {
    const short = await register(t.url, { email: uniqueEmail(), password: 'seven77' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'password' });
    expect(short.body.error.message).toContain('at least 8');

    for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com', '', `${'x'.repeat(250)}@example.com`]) {
      const bad = await register(t.url, { email, password: 'long enough' });
      expect(bad.status, email).toBe(400);
      expect(bad.body.error.param, email).toBe('email');
    }

    const missing = await register(t.url, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);

    const unknown = await register(t.url, { email: uniqueEmail(), password: 'long enough', role: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.errors[0]).toMatchObject({ field: 'role', message: 'unknown field' });

    const wrongTypes = await register(t.url, { email: 42, password: ['x'] });
    expect(wrongTypes.status).toBe(400);

    const notObject = await api(t.url, '/auth/register', { rawBody: '[1,2]' });
    expect(notObject.status).toBe(400);
    const notJson = await api(t.url, '/auth/register', { rawBody: '{"email":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('INVALID_JSON');
    const tooLong = await register(t.url, { email: uniqueEmail(), password: 'x'.repeat(1025) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.param).toBe('password');
  });

  it('organization names the new organisation; a name taken is 409 and leaves nothing behind', async () => {
    const org = `Org ${uniqueEmail()}`;
    const email = uniqueEmail();
    const first = await register(t.url, { email, password: 'long enough', organization: org });
    expect(first.status).toBe(201);
    expect(first.body.organization).toBe(org);
    const second = uniqueEmail();
    const taken = await register(t.url, { email: second, password: 'long enough', organization: org });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'RESOURCE_ALREADY_EXISTS', param: 'organization' });
    // the refused user was not created: the email is still free
    expect((await register(t.url, { email: second, password: 'long enough' })).status).toBe(201);
  });

  it('a signed-in user adds a user to its own organisation (a member); other credentials cannot', async () => {
    const bob = await signUp(t.url, { inviter: alice.access_token, name: 'Bob' });
    expect(bob.user).toMatchObject({ account: alice.user.account, organization: alice.user.organization, role: 'member' });
    // bob acts for the same account
    expect((await whoami(bob.access_token)).body).toMatchObject({ account_id: alice.user.account, key_id: bob.user.id });

    // a secret key of the account may add users too
    const acct = await t.newAccount();
    const viaKey = await register(t.url, { email: uniqueEmail(), password: 'long enough' }, { authorization: `Bearer ${acct.key}` });
    expect(viaKey.status).toBe(201);
    expect(viaKey.body).toMatchObject({ account: acct.accountId, role: 'member' });

    // a restricted key may not
    const rk = await acct.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const restricted = await register(t.url, { email: uniqueEmail(), password: 'long enough' }, { authorization: `Bearer ${rk.secret}` });
    expect(restricted.status).toBe(403);
    expect(restricted.body.error.code).toBe('RESOURCE_ACCESS_DENIED');

    // a bad credential is refused, never taken as "no credential" (which would make a new organisation)
    const bad = await register(t.url, { email: uniqueEmail(), password: 'long enough' }, { authorization: 'Bearer not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('INVALID_ACCESS_TOKEN');
    const noBearer = await register(t.url, { email: uniqueEmail(), password: 'long enough' }, { authorization: 'Basic abc' });
    expect(noBearer.status).toBe(401);

    // joining names no organisation of its own
    const both = await register(t.url, { email: uniqueEmail(), password: 'long enough', organization: 'elsewhere' }, { authorization: `Bearer ${alice.access_token}` });
    expect(both.status).toBe(400);
    expect(both.body.error.param).toBe('organization');
  });
});

describe('POST /auth/login', () => {
  it('answers a token pair: an HS256 JWT access token and an opaque refresh token', async () => {
    const res = await login(t.url, alice.email, alice.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, refresh_expires_in: 604800 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { header, payload } = decode(res.body.access_token);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: 'commerce-api', aud: 'commerce-api', sub: alice.user.id, acct: alice.user.account, token_use: 'access' });
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    expect(res.body.refresh_token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
    // only its hash is stored
    const rows = await t.server.db.prisma.refreshToken.findMany({ where: { userId: alice.user.id } });
    expect(rows.some((r) => r.tokenHash === res.body.refresh_token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    // the access token works as a bearer credential: a secret test key of the user's account, per user
    const who = await whoami(res.body.access_token);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ authenticated: true, key_id: alice.user.id, key_type: 'secret', mode: 'test', permissions: ['*'], account_id: alice.user.account });
  });

  it('an unknown email and a wrong password get the same answer, in about the same time', async () => {
    const wrong = await login(t.url, alice.email, 'wrong password');
    const unknown = await login(t.url, uniqueEmail('nobody'), 'wrong password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    // the KDF runs for an unknown email too (against a dummy hash): without it, the answer
    // would come in a millisecond instead of a quarter of a second
    const time = async (email: string) => {
      const started = performance.now();
      await login(t.url, email, 'wrong password');
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrongTimes.push(await time(alice.email));
      unknownTimes.push(await time(uniqueEmail('nobody')));
    }
    expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.5);
    expect(median(unknownTimes)).toBeLessThan(median(wrongTimes) * 2);
  });

  it('refuses bad input with 400, not 401', async () => {
    expect((await api(t.url, '/auth/login', { body: { email: alice.email } })).body.error).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', param: 'password' });
    expect((await api(t.url, '/auth/login', { body: {} })).status).toBe(400);
    expect((await api(t.url, '/auth/login', { body: { email: alice.email, password: 'x', extra: 1 } })).status).toBe(400);
    expect((await api(t.url, '/auth/login', { rawBody: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('an inactive account cannot sign in, and its tokens stop working', async () => {
    const carol = await signUp(t.url);
    await t.server.db.prisma.account.update({ where: { id: carol.user.account }, data: { status: 'inactive' } });
    const res = await login(t.url, carol.email, carol.password);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INACTIVE_ACCOUNT');
    const wrong = await login(t.url, carol.email, 'wrong password');
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    await sleep(2100); // the principal cache holds a lookup for at most 2 s
    expect(await codeOf(carol.access_token)).toBe('INACTIVE_ACCOUNT');
    expect((await refresh(t.url, carol.refresh_token)).body.error.code).toBe('INACTIVE_ACCOUNT');
  });

  it('a deleted user\'s tokens stop working', async () => {
    const dave = await signUp(t.url);
    expect((await whoami(dave.access_token)).status).toBe(200);
    await t.server.db.prisma.user.delete({ where: { id: dave.user.id } });
    await sleep(2100);
    expect(await codeOf(dave.access_token)).toBe('INVALID_ACCESS_TOKEN');
    // its refresh tokens went with it
    expect((await refresh(t.url, dave.refresh_token)).body.error.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await login(t.url, dave.email, dave.password)).body.error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: a new pair each time, each refresh token good once', async () => {
    const s = await signUp(t.url);
    const r1 = await refresh(t.url, s.refresh_token);
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(r1.body.refresh_token).not.toBe(s.refresh_token);
    expect(r1.body.access_token).not.toBe(s.access_token);
    const r2 = await refresh(t.url, r1.body.refresh_token);
    expect(r2.status).toBe(200);
    expect((await whoami(r2.body.access_token)).body.key_id).toBe(s.user.id);
    // all of one family
    const rows = await t.server.db.prisma.refreshToken.findMany({ where: { userId: s.user.id }, orderBy: { createdAt: 'asc' } });
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.map((r) => r.retiredAt !== null)).toEqual([true, true, false]);
  });

  it('a retired refresh token used again revokes its whole family, access tokens included', async () => {
    const s = await signUp(t.url);
    const other = await login(t.url, s.email, s.password); // another sign-in of the same user: another family
    const r1 = await refresh(t.url, s.refresh_token);
    expect(r1.status).toBe(200);
    expect((await whoami(r1.body.access_token)).status).toBe(200);

    const reuse = await refresh(t.url, s.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    // the family is gone: the token handed out by the rotation, and the access tokens
    const next = await refresh(t.url, r1.body.refresh_token);
    expect(next.status).toBe(401);
    expect(next.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    expect(await codeOf(r1.body.access_token)).toBe('INVALID_ACCESS_TOKEN');
    expect(await codeOf(s.access_token)).toBe('INVALID_ACCESS_TOKEN');
    // the other sign-in is untouched
    expect((await whoami(other.body.access_token)).status).toBe(200);
    expect((await refresh(t.url, other.body.refresh_token)).status).toBe(200);
  });

  it('two concurrent refreshes with one token: one wins, the other is reuse', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await signUp(t.url);
      const answers = await Promise.all([refresh(t.url, s.refresh_token), refresh(t.url, s.refresh_token)]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 401]);
      const loser = answers.find((a) => a.status === 401)!;
      expect(loser.body.error.code).toBe('INVALID_REFRESH_TOKEN');
      // reuse revoked the family: the winner's new refresh token is dead too
      const winner = answers.find((a) => a.status === 200)!;
      expect((await refresh(t.url, winner.body.refresh_token)).status).toBe(401);
      // exactly one successor was made
      expect(await t.server.db.prisma.refreshToken.count({ where: { userId: s.user.id } })).toBe(2);
    }
  });

  it('an expired refresh token is refused', async () => {
    const s = await signUp(t.url);
    await t.server.db.prisma.refreshToken.updateMany({ where: { userId: s.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await refresh(t.url, s.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect(res.body.error.message).toContain('expired');
  });

  it('an access token is no refresh token, and bad input is a 4xx', async () => {
    const asRefresh = await refresh(t.url, alice.access_token);
    expect(asRefresh.status).toBe(401);
    expect(asRefresh.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    for (const token of ['rt_' + 'A'.repeat(43), 'garbage', 'sk_test_' + 'x'.repeat(32)]) {
      const res = await refresh(t.url, token);
      expect(res.status, token).toBe(401);
      expect(res.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    }
    const missing = await api(t.url, '/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('refresh_token');
    expect((await api(t.url, '/auth/refresh', { body: { refresh_token: 'x', extra: true } })).status).toBe(400);
    expect((await api(t.url, '/auth/refresh', { body: { refresh_token: 12 } })).status).toBe(400);
  });
});

describe('access tokens as bearer credentials', () => {
  it('a refresh token is no access token', async () => {
    expect(await codeOf(alice.refresh_token)).toBe('INVALID_ACCESS_TOKEN');
  });

  it('a crafted token with the server\'s key and the right claims works (the tests\' own baseline)', async () => {
    const token = await craft(SECRET, accessClaims(alice.user));
    expect((await whoami(token)).status).toBe(200);
  });

  it('expired: 401 EXPIRED_ACCESS_TOKEN', async () => {
    const token = await craft(SECRET, accessClaims(alice.user), { iat: Math.floor(Date.now() / 1000) - 7200, ttl: 3600 });
    expect(await codeOf(token)).toBe('EXPIRED_ACCESS_TOKEN');
    // an expired token with a bad signature is just invalid
    expect(await codeOf(`${token.slice(0, -4)}AAAA`)).toBe('INVALID_ACCESS_TOKEN');
  });

  it('tampered signature or claims: 401 INVALID_ACCESS_TOKEN', async () => {
    const [h, p, s] = alice.access_token.split('.');
    const flipped = s!.slice(0, 10) + (s![10] === 'A' ? 'B' : 'A') + s!.slice(11);
    expect(await codeOf(`${h}.${p}.${flipped}`)).toBe('INVALID_ACCESS_TOKEN');
    // another user's id with the original signature
    const claims = decode(alice.access_token).payload;
    expect(await codeOf(`${h}.${part({ ...claims, sub: 'usr_someoneelse' })}.${s}`)).toBe('INVALID_ACCESS_TOKEN');
    // a token signed with another secret
    expect(await codeOf(await craft(newJwtSecret(), accessClaims(alice.user)))).toBe('INVALID_ACCESS_TOKEN');
  });

  it('alg none and other algorithms are refused', async () => {
    const claims = { ...accessClaims(alice.user), iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 };
    const none = `${part({ alg: 'none', typ: 'at+jwt' })}.${part(claims)}.`;
    expect(await codeOf(none)).toBe('INVALID_ACCESS_TOKEN');
    const noneSigned = `${part({ alg: 'none', typ: 'at+jwt' })}.${part(claims)}.${alice.access_token.split('.')[2]}`;
    expect(await codeOf(noneSigned)).toBe('INVALID_ACCESS_TOKEN');
    // HS512 with the right secret: still not HS256
    expect(await codeOf(await craft(SECRET, accessClaims(alice.user), { alg: 'HS512' }))).toBe('INVALID_ACCESS_TOKEN');
    expect(await codeOf(await craft(SECRET, accessClaims(alice.user), { alg: 'HS384' }))).toBe('INVALID_ACCESS_TOKEN');
    const { privateKey } = await generateKeyPair('RS256');
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey);
    expect(await codeOf(rs)).toBe('INVALID_ACCESS_TOKEN');
  });

  it('the type, token use, issuer, audience and required claims are checked', async () => {
    const ok = accessClaims(alice.user);
    const cases: [string, Promise<string>][] = [
      ['typ JWT', craft(SECRET, ok, { typ: 'JWT' })],
      ['token_use refresh', craft(SECRET, { ...ok, token_use: 'refresh' })],
      ['no token_use', craft(SECRET, { ...ok, token_use: undefined })],
      ['issuer', craft(SECRET, { ...ok, iss: 'someone-else' })],
      ['audience', craft(SECRET, { ...ok, aud: 'another-api' })],
      ['no subject', craft(SECRET, { ...ok, sub: undefined })],
      ['unknown user', craft(SECRET, { ...ok, sub: 'usr_00000000000000000000000000' })],
      ['another account', craft(SECRET, { ...ok, acct: 'acct_other' })],
    ];
    for (const [name, token] of cases) expect(await codeOf(await token), name).toBe('INVALID_ACCESS_TOKEN');
    // no exp: never valid
    const noExp = await new SignJWT(ok).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setIssuedAt().sign(new TextEncoder().encode(SECRET));
    expect(await codeOf(noExp)).toBe('INVALID_ACCESS_TOKEN');
  });

  it('garbage shaped like a JWT is an invalid access token; other garbage stays an invalid API key', async () => {
    for (const token of ['a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.', 'x.y.', `${part({ alg: 'HS256' })}.${'!'}.sig`]) {
      const res = await whoami(token);
      expect(res.status, token).toBe(401);
    }
    expect(await codeOf('a.b.c')).toBe('INVALID_ACCESS_TOKEN');
    expect(await codeOf('not-a-key')).toBe('INVALID_API_KEY');
    expect(await codeOf('sk_test_' + 'x'.repeat(32))).toBe('INVALID_API_KEY');
  });
});

describe('the door', () => {
  it('unknown routes under /auth answer the error envelope (404; 405 for a known path)', async () => {
    const res = await api(t.url, '/auth/logout', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
    // a path of the door with another method: 405 naming the one it takes
    const get = await api(t.url, '/auth/login');
    expect(get.status).toBe(405);
    expect(get.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('POST');
  });
});
