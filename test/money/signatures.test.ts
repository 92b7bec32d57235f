// Signed requests (X-Signature = hex HMAC-SHA256 of "<X-Timestamp>.<raw body>" with the
// account's signing secret): always for issuance, at or above SIGNED_REQUEST_THRESHOLD for
// transfers and redemptions, verified whenever present on any request, on both doors; one use
// per signature (replays refused, even under the same Idempotency-Key); and the signing-secret
// CLI (create, rotate with 24 h overlap, sealed storage) beside a running server.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeaders } from '../helpers/money.js';
import { runKeys } from '../helpers/process.js';
import { api, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError } from '../rest/envelope.js';

/** threshold 5: transfers and redemptions of 5 coins or more must be signed */
let t: TestServer;
/** the default threshold (10000); the CLI runs beside it */
let d: TestServer;
let a: TestAccount;
let sa: string;
let b: TestAccount;
let sb: string;
let bAddress: string;

beforeAll(async () => {
  [t, d] = await Promise.all([startTestServer({ SIGNED_REQUEST_THRESHOLD: '5' }), startTestServer()]);
  a = await t.newAccount();
  b = await t.newAccount();
  [sa, sb] = await Promise.all([newSigningSecret(t, a), newSigningSecret(t, b)]);
  const mint = await signed(t, a.key, sa, '/v1/stablecoin/issue', { amount: '1000' });
  expect(mint.status, mint.text).toBe(201);
  bAddress = (await api(t.url, '/v1/stablecoin/balance', { key: b.key })).body.address;
});
afterAll(async () => { await Promise.all([t?.stop(), d?.stop()]); });

// ---------------------------------------------------------------------------------------------
// helpers

const now = () => Math.floor(Date.now() / 1000);
/** A timestamp no request of this file has signed with yet: distinct signatures for equal bodies. */
const usedTimestamps = new Set<number>();
function freshTimestamp(): number {
  const at = now();
  for (let back = 0; back < 250; back++) {
    if (!usedTimestamps.has(at - back)) {
      usedTimestamps.add(at - back);
      return at - back;
    }
  }
  throw new Error('no unused timestamp left in the window');
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** A REST POST of `raw` (a string sent as is) or of a body serialized once, with these headers. */
function send(srv: TestServer, key: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return api(srv.url, path, { key, rawBody: raw, headers });
}

/** A REST POST signed over exactly the bytes sent, with a fresh timestamp. */
function signed(srv: TestServer, key: string, secret: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return send(srv, key, path, raw, { ...signatureHeaders(secret, raw, freshTimestamp()), ...headers });
}

type GqlBody = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
const gqlRaw = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });
function gqlSend(srv: TestServer, key: string, raw: string, headers: Record<string, string> = {}) {
  return api<GqlBody>(srv.url, '/graphql', { key, rawBody: raw, headers });
}
function gqlSigned(srv: TestServer, key: string, secret: string, raw: string, headers: Record<string, string> = {}) {
  return gqlSend(srv, key, raw, { ...signatureHeaders(secret, raw, freshTimestamp()), ...headers });
}
function gqlError(res: ApiResponse<GqlBody>, status: number, code: string) {
  expect({ status: res.status, code: res.body?.errors?.[0]?.extensions?.code }, res.text.slice(0, 500)).toEqual({ status, code });
  expect(res.body.data ?? null).toBeNull();
  return res.body.errors![0];
}

const ISSUE = 'mutation Issue($input: IssueStablecoinInput!) { issueStablecoin(input: $input) { id amount recipient } }';
const TRANSFER = 'mutation Transfer($input: TransferStablecoinInput!) { transferStablecoin(input: $input) { id amount to } }';
const REDEEM = 'mutation Redeem($input: RedeemStablecoinInput!) { redeemStablecoin(input: $input) { id amount bankAccount } }';

async function balanceOf(srv: TestServer, key: string): Promise<string> {
  const res = await api(srv.url, '/v1/stablecoin/balance', { key });
  expect(res.status, res.text).toBe(200);
  return res.body.balance;
}

/** Exact coin arithmetic for the checks: "968.500002" - "15.25", in micro-units. */
function micro(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const v = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return negative ? -v : v;
}
function coin(value: bigint): string {
  const fraction = (value % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${value / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
}
const add = (x: string, ...deltas: string[]) => coin(deltas.reduce((sum, d) => sum + micro(d), micro(x)));

function invalid(res: ApiResponse) {
  const e = expectError(res, 401, 'INVALID_SIGNATURE');
  expect(e.type).toBe('authentication_error');
  return e;
}

// ---------------------------------------------------------------------------------------------

describe('where a signature is required', () => {
  it('issuance is always signed: without X-Signature 401 MISSING_SIGNATURE on both doors, with a valid one 201', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    for (const body of [{ amount: '1' }, { amount: '0.000001' }, { amount: '1', to: bAddress }]) {
      const e = expectError(await send(t, acct.key, '/v1/stablecoin/issue', body), 401, 'MISSING_SIGNATURE');
      expect(e.type).toBe('authentication_error');
      expect(e.param).toBe('X-Signature');
    }
    const g = gqlError(await gqlSend(t, acct.key, gqlRaw(ISSUE, { input: { amount: '1' } })), 401, 'MISSING_SIGNATURE');
    expect(g.message).toMatch(/X-Signature/);
    expect(await balanceOf(t, acct.key)).toBe('0');

    const ok = await signed(t, acct.key, secret, '/v1/stablecoin/issue', { amount: '1' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.object).toBe('issuance');
    const viaGql = await gqlSigned(t, acct.key, secret, gqlRaw(ISSUE, { input: { amount: '2' } }));
    expect(viaGql.status, viaGql.text).toBe(200);
    expect(viaGql.body.data.issueStablecoin.amount).toBe('2');
    expect(await balanceOf(t, acct.key)).toBe('3');
  });

  it('at the default threshold (10000): below needs no signature, at or above does (REST)', async () => {
    const acct = await d.newAccount();
    const secret = await newSigningSecret(d, acct);
    const rcpt = await d.newAccount();
    const to = (await api(d.url, '/v1/stablecoin/balance', { key: rcpt.key })).body.address;
    expect((await signed(d, acct.key, secret, '/v1/stablecoin/issue', { amount: '40000' })).status).toBe(201);

    expect((await send(d, acct.key, '/v1/stablecoin/transfer', { amount: '9999.999999', to })).status).toBe(201);
    expectError(await send(d, acct.key, '/v1/stablecoin/transfer', { amount: '10000', to }), 401, 'MISSING_SIGNATURE');
    expectError(await send(d, acct.key, '/v1/stablecoin/transfer', { amount: '10000.000001', to }), 401, 'MISSING_SIGNATURE');
    expect((await signed(d, acct.key, secret, '/v1/stablecoin/transfer', { amount: '10000', to })).status).toBe(201);
    expect((await send(d, acct.key, '/v1/stablecoin/redeem', { amount: '9999.999999', bank_account: 'GB33BUKB20201555555555' })).status).toBe(201);
    expectError(await send(d, acct.key, '/v1/stablecoin/redeem', { amount: '10000', bank_account: 'GB33BUKB20201555555555' }), 401, 'MISSING_SIGNATURE');
    expect((await signed(d, acct.key, secret, '/v1/stablecoin/redeem', { amount: '10000', bank_account: 'GB33BUKB20201555555555' })).status).toBe(201);
    expect(await balanceOf(d, acct.key)).toBe('0.000002');
    expect(await balanceOf(d, rcpt.key)).toBe('19999.999999');
  });

  it('at SIGNED_REQUEST_THRESHOLD=5: transfers and redemptions from 5 up need a signature, on both doors; refusals move nothing', async () => {
    const before = await balanceOf(t, a.key);
    const xfer = (amount: string) => ({ amount, to: bAddress });
    const redeem = (amount: string) => ({ amount, bank_account: '123456789' });
    expect((await send(t, a.key, '/v1/stablecoin/transfer', xfer('4.999999'))).status).toBe(201);
    expect((await send(t, a.key, '/v1/stablecoin/redeem', redeem('4.999999'))).status).toBe(201);
    for (const amount of ['5', '5.000001', '500']) {
      const e = expectError(await send(t, a.key, '/v1/stablecoin/transfer', xfer(amount)), 401, 'MISSING_SIGNATURE');
      expect(e.details.operation).toBe('stablecoin.transfer');
      expectError(await send(t, a.key, '/v1/stablecoin/redeem', redeem(amount)), 401, 'MISSING_SIGNATURE');
    }
    // more than the wallet holds, unsigned: the signature is asked for first
    expectError(await send(t, a.key, '/v1/stablecoin/transfer', xfer('1000000')), 401, 'MISSING_SIGNATURE');
    gqlError(await gqlSend(t, a.key, gqlRaw(TRANSFER, { input: xfer('5') })), 401, 'MISSING_SIGNATURE');
    gqlError(await gqlSend(t, a.key, gqlRaw(REDEEM, { input: { amount: '5', bankAccount: '123456789' } })), 401, 'MISSING_SIGNATURE');
    expect(await balanceOf(t, a.key)).toBe(add(before, '-4.999999', '-4.999999'));

    expect((await signed(t, a.key, sa, '/v1/stablecoin/transfer', xfer('5'))).status).toBe(201);
    expect((await signed(t, a.key, sa, '/v1/stablecoin/redeem', redeem('5'))).status).toBe(201);
    const g = await gqlSigned(t, a.key, sa, gqlRaw(TRANSFER, { input: xfer('5.5') }));
    expect(g.body.data?.transferStablecoin, g.text).toMatchObject({ amount: '5.5', to: bAddress });
    const r = await gqlSigned(t, a.key, sa, gqlRaw(REDEEM, { input: { amount: '6', bankAccount: '123456789' } }));
    expect(r.body.data?.redeemStablecoin, r.text).toMatchObject({ amount: '6', bankAccount: '****6789' });
    // 1000 - 2 * 4.999999 - 5 - 5 - 5.5 - 6 = 968.500002
    expect(await balanceOf(t, a.key)).toBe('968.500002');
  });
});

describe('what is refused as INVALID_SIGNATURE', () => {
  it('wrong signatures, wrong secrets, other bodies, stale or future timestamps: 401 INVALID_SIGNATURE, nothing moves', async () => {
    const before = await balanceOf(t, a.key);
    const body = { amount: '5', to: bAddress };
    const raw = JSON.stringify(body);
    const ts = freshTimestamp();
    const attempts: [string, string, Record<string, string>][] = [
      ['a random signature', raw, { 'x-timestamp': String(ts), 'x-signature': 'ab'.repeat(32) }],
      ['another account\'s secret', raw, signatureHeaders(sb, raw, freshTimestamp())],
      ['a made-up secret', raw, signatureHeaders('ss_NotTheSecretOfThisAccountAtAll0000000000', raw, freshTimestamp())],
      ['a signature over another amount', raw, signatureHeaders(sa, JSON.stringify({ amount: '6', to: bAddress }), freshTimestamp())],
      ['a signature over the same fields in another order', raw, signatureHeaders(sa, JSON.stringify({ to: bAddress, amount: '5' }), freshTimestamp())],
      ['a signature over another timestamp', raw, { 'x-timestamp': String(ts), 'x-signature': hmac(sa, `${ts - 1}.${raw}`) }],
      ['a signature of the body alone', raw, { 'x-timestamp': String(ts), 'x-signature': hmac(sa, raw) }],
      ['301 s old', raw, signatureHeaders(sa, raw, now() - 301)],
      ['an hour old', raw, signatureHeaders(sa, raw, now() - 3600)],
      ['5 minutes and more in the future', raw, signatureHeaders(sa, raw, now() + 305)],
      ['milliseconds instead of seconds', raw, signatureHeaders(sa, raw, Date.now())],
      ['a timestamp that is no number', raw, { 'x-timestamp': 'yesterday', 'x-signature': hmac(sa, `yesterday.${raw}`) }],
      ['no timestamp', raw, { 'x-signature': hmac(sa, `${ts}.${raw}`) }],
      ['a timestamp and no signature', raw, { 'x-timestamp': String(ts) }],
      ['a signature that is not hex', raw, { 'x-timestamp': String(ts), 'x-signature': 'z'.repeat(64) }],
      ['a truncated signature', raw, { 'x-timestamp': String(ts), 'x-signature': hmac(sa, `${ts}.${raw}`).slice(0, 63) }],
      ['a signature in base64', raw, { 'x-timestamp': String(ts), 'x-signature': Buffer.from(hmac(sa, `${ts}.${raw}`), 'hex').toString('base64') }],
    ];
    for (const [what, sent, headers] of attempts) {
      const res = await send(t, a.key, '/v1/stablecoin/transfer', sent, headers);
      expect({ what, status: res.status, code: res.body?.error?.code }).toEqual({ what, status: 401, code: 'INVALID_SIGNATURE' });
    }
    // a transfer that needs none is refused just the same when its signature is wrong
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', { amount: '1', to: bAddress }, { 'x-timestamp': String(now()), 'x-signature': 'cd'.repeat(32) }));
    // the key of one account with the secret of another
    const bRaw = JSON.stringify({ amount: '1' });
    invalid(await send(t, b.key, '/v1/stablecoin/issue', bRaw, signatureHeaders(sa, bRaw, freshTimestamp())));
    expect(await balanceOf(t, a.key)).toBe(before);

    // 290 s old and 290 s ahead are still within the tolerance
    const late = JSON.stringify({ amount: '5', to: bAddress });
    expect((await send(t, a.key, '/v1/stablecoin/transfer', late, signatureHeaders(sa, late, now() - 290))).status).toBe(201);
    expect((await send(t, a.key, '/v1/stablecoin/transfer', late, signatureHeaders(sa, late, now() + 290))).status).toBe(201);
    // upper-case hex is the same signature
    const upper = JSON.stringify({ amount: '5.25', to: bAddress });
    const h = signatureHeaders(sa, upper, freshTimestamp());
    expect((await send(t, a.key, '/v1/stablecoin/transfer', upper, { ...h, 'x-signature': h['x-signature'].toUpperCase() })).status).toBe(201);
    expect(await balanceOf(t, a.key)).toBe(add(before, '-5', '-5', '-5.25'));
  });

  it('an account without a signing secret cannot sign', async () => {
    const lonely = await t.newAccount();
    const raw = JSON.stringify({ amount: '1' });
    const e = invalid(await send(t, lonely.key, '/v1/stablecoin/issue', raw, signatureHeaders(sa, raw, freshTimestamp())));
    expect(e.message).toMatch(/signing secret/);
  });

  it('GraphQL: bad signatures are refused with HTTP 401 before anything runs', async () => {
    const raw = gqlRaw(ISSUE, { input: { amount: '1' } });
    const other = gqlRaw(ISSUE, { input: { amount: '2' } });
    const before = await balanceOf(t, a.key);
    for (const headers of [
      { 'x-timestamp': String(now()), 'x-signature': 'ef'.repeat(32) },
      signatureHeaders(sa, other, freshTimestamp()),
      signatureHeaders(sb, raw, freshTimestamp()),
      signatureHeaders(sa, raw, now() - 400),
      // the signature covers the raw POST body, not the variables alone
      signatureHeaders(sa, JSON.stringify({ input: { amount: '1' } }), freshTimestamp()),
    ]) gqlError(await gqlSend(t, a.key, raw, headers), 401, 'INVALID_SIGNATURE');
    expect(await balanceOf(t, a.key)).toBe(before);
  });
});

describe('one use per signature', () => {
  it('the same signed request twice: the second is 401 INVALID_SIGNATURE (replay) and moves nothing', async () => {
    const before = await balanceOf(t, b.key);
    const raw = JSON.stringify({ amount: '5', to: bAddress });
    const headers = signatureHeaders(sa, raw, freshTimestamp());
    expect((await send(t, a.key, '/v1/stablecoin/transfer', raw, headers)).status).toBe(201);
    const again = invalid(await send(t, a.key, '/v1/stablecoin/transfer', raw, headers));
    expect(again.message).toMatch(/already used/);
    // upper-case hex of a used signature is the same signature
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', raw, { ...headers, 'x-signature': headers['x-signature'].toUpperCase() }));
    expect(await balanceOf(t, b.key)).toBe(add(before, '5'));
  });

  it('five copies of one signed request at once: exactly one goes through', async () => {
    const before = await balanceOf(t, b.key);
    const raw = JSON.stringify({ amount: '7', to: bAddress });
    const headers = signatureHeaders(sa, raw, freshTimestamp());
    const results = await Promise.all(Array.from({ length: 5 }, () => send(t, a.key, '/v1/stablecoin/transfer', raw, headers)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 401, 401, 401, 401]);
    for (const r of results.filter((x) => x.status === 401)) expect(r.body.error.code).toBe('INVALID_SIGNATURE');
    expect(await balanceOf(t, b.key)).toBe(add(before, '7'));
  });

  it('with one Idempotency-Key: the same signature again is refused; a retry signed afresh replays the first result; unsigned is MISSING_SIGNATURE', async () => {
    const before = await balanceOf(t, b.key);
    const key = { 'idempotency-key': `signed-retry-${Date.now()}` };
    const raw = JSON.stringify({ amount: '8', to: bAddress });
    const firstHeaders = { ...signatureHeaders(sa, raw, freshTimestamp()), ...key };
    const first = await send(t, a.key, '/v1/stablecoin/transfer', raw, firstHeaders);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', raw, firstHeaders));
    expectError(await send(t, a.key, '/v1/stablecoin/transfer', raw, key), 401, 'MISSING_SIGNATURE');
    const retry = await signed(t, a.key, sa, '/v1/stablecoin/transfer', raw, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(await balanceOf(t, b.key)).toBe(add(before, '8'));

    // issuance, REST and GraphQL alike
    const issueKey = { 'idempotency-key': `signed-issue-${Date.now()}` };
    const issueRaw = gqlRaw(ISSUE, { input: { amount: '3', to: bAddress } });
    const issueHeaders = { ...signatureHeaders(sa, issueRaw, freshTimestamp()), ...issueKey };
    const i1 = await gqlSend(t, a.key, issueRaw, issueHeaders);
    expect(i1.body.data?.issueStablecoin, i1.text).toBeTruthy();
    gqlError(await gqlSend(t, a.key, issueRaw, issueHeaders), 401, 'INVALID_SIGNATURE');
    const i2 = await gqlSigned(t, a.key, sa, issueRaw, issueKey);
    expect(i2.body.data?.issueStablecoin.id).toBe(i1.body.data.issueStablecoin.id);
    expect(await balanceOf(t, b.key)).toBe(add(before, '11'));
  });
});

describe('verified whenever present, over the raw bytes', () => {
  it('a GET with a bad signature is 401; with a good one (over the empty body) 200, once', async () => {
    for (const path of ['/v1/stablecoin/balance', '/v1/orders', `/v1/public/balance/${bAddress}`]) {
      invalid(await api(t.url, path, { key: a.key, headers: { 'x-timestamp': String(now()), 'x-signature': '01'.repeat(32) } }));
    }
    invalid(await api(t.url, '/v1/stablecoin/balance', { key: a.key, headers: signatureHeaders(sa, '', now() - 1000) }));
    const headers = signatureHeaders(sa, '', freshTimestamp());
    const ok = await api(t.url, '/v1/stablecoin/balance', { key: a.key, headers });
    expect(ok.status, ok.text).toBe(200);
    invalid(await api(t.url, '/v1/stablecoin/balance', { key: a.key, headers }));
    // a GraphQL query too
    const q = await gqlSend(t, a.key, gqlRaw('{ stablecoinBalance { balance } }'), { 'x-timestamp': String(now()), 'x-signature': '02'.repeat(32) });
    gqlError(q, 401, 'INVALID_SIGNATURE');
    const good = await gqlSigned(t, a.key, sa, gqlRaw('{ stablecoinBalance { balance } }'));
    expect(good.status, good.text).toBe(200);
    expect(good.body.data.stablecoinBalance.balance).toMatch(/^[0-9]/);
    // a publishable key's request is verified as well
    const pk = (await a.newKey({ type: 'publishable' })).secret;
    invalid(await api(t.url, `/v1/public/balance/${bAddress}`, { key: pk, headers: { 'x-timestamp': String(now()), 'x-signature': '03'.repeat(32) } }));
  });

  it('the signature covers the bytes as sent: extra whitespace signed as sent passes, a re-serialized body does not', async () => {
    const before = await balanceOf(t, b.key);
    const spaced = `{\n  "amount" :   "5",\n\t"to": "${bAddress}"   \n}\n`;
    const ok = await send(t, a.key, '/v1/stablecoin/transfer', spaced, signatureHeaders(sa, spaced, freshTimestamp()));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.amount).toBe('5');
    // signed over the compact form, sent spaced: the server does not re-serialize
    const compact = JSON.stringify({ amount: '5', to: bAddress });
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', spaced.replace('"5"', '"5" '), signatureHeaders(sa, compact, freshTimestamp())));
    // and the other way round
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', compact, signatureHeaders(sa, spaced, freshTimestamp())));
    // escapes are bytes too: "\u0035" is "5" to JSON, not to the signature
    const escaped = `{"amount":"\\u0035","to":"${bAddress}"}`;
    invalid(await send(t, a.key, '/v1/stablecoin/transfer', escaped, signatureHeaders(sa, compact, freshTimestamp())));
    const escapedOk = await send(t, a.key, '/v1/stablecoin/transfer', escaped, signatureHeaders(sa, escaped, freshTimestamp()));
    expect(escapedOk.status, escapedOk.text).toBe(201);
    expect(escapedOk.body.amount).toBe('5');
    expect(await balanceOf(t, b.key)).toBe(add(before, '10'));
  });

  it('GraphQL: the signature covers the raw POST body, formatting included', async () => {
    const before = await balanceOf(t, b.key);
    const pretty = `{ "query" : "mutation T($input: TransferStablecoinInput!) {\\n  transferStablecoin(input: $input) { id amount }\\n}",\n  "variables": { "input": { "amount": "5", "to": "${bAddress}" } } }`;
    const ok = await gqlSend(t, a.key, pretty, signatureHeaders(sa, pretty, freshTimestamp()));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.transferStablecoin.amount).toBe('5');
    // the same request re-serialized compactly is another body
    const compact = JSON.stringify(JSON.parse(pretty));
    gqlError(await gqlSend(t, a.key, pretty, signatureHeaders(sa, compact, freshTimestamp())), 401, 'INVALID_SIGNATURE');
    expect(await balanceOf(t, b.key)).toBe(add(before, '5'));
  });
});

describe('signing secrets from the key CLI, beside a running server', () => {
  // the CLI works on the server's DATA_DIR (its sealing key, and the embedded database through
  // the server's socket) or on DATABASE_URL
  const cliEnv = () => ({ DATA_DIR: d.server.config.dataDir, DATABASE_URL: process.env.DATABASE_URL });
  const SECRET_LINE = /^ss_[A-Za-z0-9]{40}\n$/;

  it('create prints one ss_ secret; rotate prints a new one; both verify; the old one ends in 24 h; stored sealed', { timeout: 300_000 }, async () => {
    const name = `signer-${process.pid}-${Date.now()}`;
    const acct = await d.newAccount(name);
    const issue = (secret: string, amount: string) => signed(d, acct.key, secret, '/v1/stablecoin/issue', { amount });

    const created = await runKeys(['signing-secret', 'create', '--account', name], cliEnv());
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(SECRET_LINE);
    const first = created.stdout.trim();
    expect(created.stderr).not.toContain(first);
    const r1 = await issue(first, '1');
    expect(r1.status, r1.text).toBe(201);
    const viaGql = await gqlSigned(d, acct.key, first, gqlRaw(ISSUE, { input: { amount: '1' } }));
    expect(viaGql.body.data?.issueStablecoin, viaGql.text).toBeTruthy();
    // the one secret signs for live mode too
    const live = (await acct.newKey({ mode: 'live' })).secret;
    expect((await signed(d, live, first, '/v1/stablecoin/issue', { amount: '1' })).status).toBe(201);

    const rotated = await runKeys(['signing-secret', 'rotate', '--account', name], cliEnv());
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(SECRET_LINE);
    const second = rotated.stdout.trim();
    expect(second).not.toBe(first);
    expect((await issue(second, '1')).status).toBe(201);
    expect((await issue(first, '1')).status).toBe(201);
    expect(await balanceOf(d, acct.key)).toBe('4');

    const prisma = d.server.db.prisma;
    const rows = await prisma.signingSecret.findMany({ where: { accountId: acct.accountId }, orderBy: { createdAt: 'asc' } });
    expect(rows).toHaveLength(2);
    const [old, current] = rows;
    expect(current.expiresAt).toBeNull();
    const dayAhead = Date.now() + 24 * 3600 * 1000;
    expect(old.expiresAt).not.toBeNull();
    expect(Math.abs(old.expiresAt!.getTime() - dayAhead)).toBeLessThan(10 * 60 * 1000);
    for (const row of rows) {
      for (const secret of [first, second]) {
        expect(row.sealed).not.toContain(secret);
        expect(row.sealed).not.toContain(secret.slice(3));
        expect(row.sealed).not.toContain(Buffer.from(secret).toString('base64'));
      }
    }

    // once its 24 hours are over, the old secret no longer verifies; the new one does
    await prisma.signingSecret.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    invalid(await issue(first, '1'));
    expect((await issue(second, '1')).status).toBe(201);
    expect(await balanceOf(d, acct.key)).toBe('5');
  });

  it('rotate of an unknown account, or without --account, exits 2 and prints no secret', { timeout: 300_000 }, async () => {
    const unknown = await runKeys(['signing-secret', 'rotate', '--account', `nobody-${process.pid}-${Date.now()}`], cliEnv());
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/no account/);
    const bare = await runKeys(['signing-secret', 'rotate'], cliEnv());
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    const wrong = await runKeys(['signing-secret', 'explode'], cliEnv());
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
  });
});
