// The stablecoin through both doors: exact decimal amounts, EIP-55 wallet addresses, issue /
// redeem / transfer with their resources and events, a redemption's payout completing in the
// background (processing -> succeeded), insufficient funds under concurrency (the ledger stays
// balanced), the public balance and key permissions, idempotent replays, and the separation of
// test and live mode.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/money/verify.js';
import { settleRedemption } from '../../src/modules/stablecoin/operations.js';
import { runSystemChange } from '../../src/operations/operation.js';
import { CURRENT_VERSION } from '../../src/versions/list.js';
import { signatureHeaders, newSigningSecret } from '../helpers/money.js';
import { api, gql, hasPostgres, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError } from '../rest/envelope.js';
import { subscribe, wsSession } from '../graphql/client.js';
import { OnEventsDocument } from '../generated/graphql.js';

let t: TestServer;
/** the main sender: account a with its signing secret */
let a: TestAccount;
let sa: string;
/** a recipient */
let b: TestAccount;

beforeAll(async () => {
  // PostgreSQL counts a statement's wait for a row lock toward statement_timeout (5 s by
  // default): 100 transfers queued on one hot wallet on a loaded 2-core machine can wait that
  // long and answer 503 DATABASE_ERROR instead of 201/422. This file tests what the money does
  // under concurrency, not latency under CPU starvation, so the limit is raised here.
  // Redemptions made here stay processing (their payout is due in 10 minutes), so that what a
  // redemption looks like before its payout can be read without a race; the payout itself is
  // tested on a server of its own with a short delay ('the payout of a redemption' below).
  t = await startTestServer({ DATABASE_STATEMENT_TIMEOUT_MS: '60000', REDEMPTION_PAYOUT_DELAY_MS: '600000' });
  a = await t.newAccount();
  b = await t.newAccount();
  sa = await newSigningSecret(t, a);
});
afterAll(async () => { await t?.stop(); });

// ---------------------------------------------------------------------------------------------
// helpers

/**
 * A timestamp no signed request of this file has used yet (within the server's 300 s window):
 * two requests with the same body and secret signed in one second would carry the same
 * signature, and the second would be refused as a replay.
 */
const usedTimestamps = new Set<number>();
function freshTimestamp(): number {
  const now = Math.floor(Date.now() / 1000);
  for (let back = 0; back < 250; back++) {
    if (!usedTimestamps.has(now - back)) {
      usedTimestamps.add(now - back);
      return now - back;
    }
  }
  throw new Error('no unused timestamp left in the window');
}

/** A REST POST (to this file's server unless `base` names another), signed when a secret is given. */
function post(key: string, path: string, body: unknown, opts: { secret?: string; headers?: Record<string, string>; base?: string } = {}) {
  const raw = JSON.stringify(body);
  const sig = opts.secret ? signatureHeaders(opts.secret, raw, freshTimestamp()) : {};
  return api(opts.base ?? t.url, path, { key, rawBody: raw, headers: { ...sig, ...(opts.headers ?? {}) } });
}

type GqlBody = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
/** A GraphQL POST, signed (over the raw POST body) when a secret is given. */
function gqlPost(key: string, query: string, variables?: Record<string, unknown>, opts: { secret?: string; headers?: Record<string, string> } = {}) {
  const raw = JSON.stringify({ query, variables });
  const sig = opts.secret ? signatureHeaders(opts.secret, raw, freshTimestamp()) : {};
  return api<GqlBody>(t.url, '/graphql', { key, rawBody: raw, headers: { ...sig, ...(opts.headers ?? {}) } });
}

function gqlData(res: ApiResponse<GqlBody>) {
  expect(res.body?.errors, res.text.slice(0, 500)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

function gqlError(res: ApiResponse<GqlBody>, status: number, code: string) {
  expect({ status: res.status, code: res.body?.errors?.[0]?.extensions?.code }, res.text.slice(0, 500)).toEqual({ status, code });
  return res.body.errors![0];
}

const ISSUE = `mutation Issue($input: IssueStablecoinInput!) {
  issueStablecoin(input: $input) { id amount currency recipient status transactionHash livemode createdAt }
}`;
const REDEEM = `mutation Redeem($input: RedeemStablecoinInput!) {
  redeemStablecoin(input: $input) { id amount currency bankAccount status transactionHash livemode createdAt }
}`;
const TRANSFER = `mutation Transfer($input: TransferStablecoinInput!) {
  transferStablecoin(input: $input) { id amount currency from to status transactionHash livemode createdAt }
}`;

async function wallet(key: string, base = t.url) {
  const res = await api(base, '/v1/stablecoin/balance', { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { object: string; address: string; balance: string; currency: string; total_supply: string; livemode: boolean };
}
const balanceOf = async (key: string, base = t.url) => (await wallet(key, base)).balance;

/** Mints into the account's own wallet (signed). */
async function fund(acct: TestAccount, secret: string, amount: string, base = t.url) {
  const res = await post(acct.key, '/v1/stablecoin/issue', { amount }, { secret, base });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The account's events of one type (newest first). */
async function eventsOf(key: string, type: string, base = t.url) {
  const res = await api(base, `/v1/events?type=${type}&limit=100`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; type: string; data: Record<string, any>; request: { id: string | null; idempotency_key: string | null } }[];
}

/** Calls `fn` until it gives a value, at most `timeoutMs` (then fails naming `what`). */
async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const REDEMPTION = 'query($id: ID!) { stablecoinRedemption(id: $id) { id amount currency bankAccount status transactionHash livemode createdAt } }';

/** EIP-55, written here from the EIP: upper case where the Keccak-256 nibble of the lowercase hex is 8 or more. */
function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i];
  }
  return out;
}

/** The checksummed address with one letter's case flipped, still mixed case: a wrong EIP-55 checksum. */
function flipCase(address: string): string {
  const body = address.slice(2);
  for (let i = 0; i < 40; i++) {
    const c = body[i];
    if (!/[a-f]/i.test(c)) continue;
    const flipped = body.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + body.slice(i + 1);
    if (flipped !== flipped.toLowerCase() && flipped !== flipped.toUpperCase()) return `0x${flipped}`;
  }
  throw new Error(`cannot make a wrong checksum of ${address}`);
}

/** Exact sums of coin amounts for the checks (integer micro-units; no floats). */
function micro(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}
const plus = (x: string, ...ys: string[]) => ys.reduce((sum, y) => sum + micro(y), micro(x));

const HASH = /^[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const recently = (created: number) => Math.abs(created - Date.now() / 1000) < 120;

/** The ledger's problems that concern these accounts (PostgreSQL is shared with the other test files). */
async function ledgerProblems(accountIds: string[]): Promise<string[]> {
  const prisma = t.server.db.prisma;
  const report = await verifyLedger(prisma);
  expect(report.transactions).toBeGreaterThan(0);
  if (!hasPostgres) return report.problems;
  const mine = new Set((await prisma.ledgerTransaction.findMany({ where: { accountId: { in: accountIds } }, select: { id: true } })).map((r) => r.id));
  return report.problems.filter((p) => accountIds.some((id) => p.includes(id)) || mine.has(p.split(':')[0]));
}

// ---------------------------------------------------------------------------------------------

describe('amounts: exact decimal strings with at most 6 places', () => {
  const BAD: [string, unknown][] = [
    ['a number with decimals', 12.5], ['a whole number', 12], ['7 decimals', '1.1234567'], ['7 decimals below one', '0.0000001'],
    ['zero', '0'], ['zero with decimals', '0.000000'], ['negative', '-1'], ['an exponent', '1e3'], ['text', 'abc'], ['empty', ''],
    ['a leading plus', '+1'], ['spaces', ' 1'], ['a trailing dot', '1.'], ['a leading zero', '01'], ['null', null], ['an object', { value: '1' }],
  ];

  it('REST: every bad amount is 400 INVALID_FIELD_VALUE naming amount, on issue, transfer and redeem; nothing moves', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '5');
    const to = (await wallet(b.key)).address;
    for (const [what, amount] of BAD) {
      const requests = [
        post(acct.key, '/v1/stablecoin/issue', { amount }, { secret }),
        post(acct.key, '/v1/stablecoin/transfer', { amount, to }),
        post(acct.key, '/v1/stablecoin/redeem', { amount, bank_account: '123456789' }),
      ];
      for (const res of await Promise.all(requests)) {
        // null counts as a missing amount: its own code, still naming amount
        const e = expectError(res, 400, amount === null ? 'MISSING_REQUIRED_FIELD' : 'INVALID_FIELD_VALUE');
        expect(e.param, what).toBe('amount');
        expect(e.details.errors[0].field, what).toBe('amount');
      }
    }
    // a number is told to be sent as a string
    const number = await post(acct.key, '/v1/stablecoin/transfer', { amount: 12.5, to });
    expect(number.body.error.message).toMatch(/"12\.5"/);
    const missing = expectError(await post(acct.key, '/v1/stablecoin/transfer', { to }), 400, 'MISSING_REQUIRED_FIELD');
    expect(missing.param).toBe('amount');
    expect(await balanceOf(acct.key)).toBe('5');
    expect((await eventsOf(acct.key, 'stablecoin.*')).map((e) => e.type)).toEqual(['stablecoin.issued']);
  });

  it('GraphQL: bad amount strings are 400 INVALID_FIELD_VALUE with details.errors[0].field amount; numbers fail the String type (400 naming amount)', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '5');
    const to = (await wallet(b.key)).address;
    for (const [what, amount] of BAD.filter(([, v]) => typeof v === 'string')) {
      const requests = [
        gqlPost(acct.key, ISSUE, { input: { amount } }, { secret }),
        gqlPost(acct.key, TRANSFER, { input: { amount, to } }),
        gqlPost(acct.key, REDEEM, { input: { amount, bankAccount: '123456789' } }),
      ];
      for (const res of await Promise.all(requests)) {
        const e = gqlError(res, 400, 'INVALID_FIELD_VALUE');
        expect(e.extensions!.details.errors[0].field, what).toBe('amount');
        expect(res.body.data ?? null).toBeNull();
      }
    }
    // amount is a String! in the schema: a JSON number in the variables is refused by GraphQL's
    // input coercion before the operation runs, as a request-level 400 whose message names it
    for (const amount of [12.5, 12]) {
      for (const res of await Promise.all([
        gqlPost(acct.key, ISSUE, { input: { amount } }, { secret }),
        gqlPost(acct.key, TRANSFER, { input: { amount, to } }),
      ])) {
        expect(res.status, res.text).toBe(400);
        expect(res.body.errors?.[0].message).toMatch(/amount/);
        expect(res.body.errors?.[0].extensions?.code).toMatch(/^(INVALID_FIELD_VALUE|VALIDATION_ERROR)$/);
        expect(res.body.data ?? null).toBeNull();
      }
    }
    expect(await balanceOf(acct.key)).toBe('5');
  });

  it('results are exact: 0.1 three times is 0.3, the smallest unit adds up, trailing zeros are dropped (both doors)', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const other = await t.newAccount();
    const before = (await wallet(acct.key)).total_supply;
    for (let i = 0; i < 3; i++) expect((await fund(acct, secret, '0.1')).amount).toBe('0.1');
    expect(await balanceOf(acct.key)).toBe('0.3');
    const tiny = gqlData(await gqlPost(acct.key, ISSUE, { input: { amount: '0.000001' } }, { secret })).issueStablecoin;
    expect(tiny.amount).toBe('0.000001');
    expect(await balanceOf(acct.key)).toBe('0.300001');
    const zeros = await fund(acct, secret, '1.500000');
    expect(zeros.amount).toBe('1.5');
    const whole = await fund(acct, secret, '12');
    expect(whole.amount).toBe('12');
    expect(await balanceOf(acct.key)).toBe('13.800001');
    // 13.800001 - 0.2 - 0.000001 - 13.6 = 0: no float drift on the way down either
    const to = (await wallet(other.key)).address;
    expect((await post(acct.key, '/v1/stablecoin/transfer', { amount: '0.2', to })).body.amount).toBe('0.2');
    expect(gqlData(await gqlPost(acct.key, TRANSFER, { input: { amount: '0.000001', to } })).transferStablecoin.amount).toBe('0.000001');
    expect((await post(acct.key, '/v1/stablecoin/redeem', { amount: '13.60', bank_account: '123456789' })).body.amount).toBe('13.6');
    expect(await balanceOf(acct.key)).toBe('0');
    expect(await balanceOf(other.key)).toBe('0.200001');
    const account = await api(t.url, '/v1/account/balance', { key: acct.key });
    expect(account.body.stablecoin).toMatchObject({ balance: '0', currency: 'usdx' });
    if (!hasPostgres) {
      // minted 13.800001, burnt 13.6 (the total supply is the platform's: exact on this file's own database)
      expect(micro((await wallet(acct.key)).total_supply)).toBe(plus(before, '0.200001'));
    }
    expect(await ledgerProblems([acct.accountId, other.accountId])).toEqual([]);
  });
});

describe('the wallet and its address', () => {
  it('my EIP-55 checker agrees with the EIP\'s own examples', () => {
    for (const good of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26',
    ]) expect(eip55(good)).toBe(good);
  });

  it('GET /v1/stablecoin/balance: the wallet in EIP-55 case, its balance, the coin and the total supply (and the same over GraphQL)', async () => {
    const acct = await t.newAccount();
    const w = await wallet(acct.key);
    expect(w).toEqual({ object: 'stablecoin_balance', address: expect.stringMatching(ADDRESS), balance: '0', currency: 'usdx', total_supply: expect.any(String), livemode: false });
    expect(w.address).toBe(eip55(w.address));
    expect(w.total_supply).toMatch(/^[0-9]+(\.[0-9]{1,6})?$/);
    // the wallet stays the same
    expect((await wallet(acct.key)).address).toBe(w.address);
    const other = await wallet(b.key);
    expect(other.address).not.toBe(w.address);
    expect(other.address).toBe(eip55(other.address));
    const q = gqlData(await gql(t.url, acct.key, '{ stablecoinBalance { address balance currency totalSupply livemode } accountBalance { livemode stablecoin { address balance currency } } }'));
    expect(q.stablecoinBalance).toMatchObject({ address: w.address, balance: '0', currency: 'usdx', livemode: false });
    expect(q.stablecoinBalance.totalSupply).toMatch(/^[0-9]+(\.[0-9]{1,6})?$/);
    expect(q.accountBalance).toEqual({ livemode: false, stablecoin: { address: w.address, balance: '0', currency: 'usdx' } });
    const rest = await api(t.url, '/v1/account/balance', { key: acct.key });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ object: 'balance', available: [], pending: [], stablecoin: { address: w.address, balance: '0', currency: 'usdx' }, livemode: false });
  });

  it('`to` is accepted checksummed or all lowercase; a wrong checksum is 400; an unknown address is 404 naming to', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const rcpt = await t.newAccount();
    await fund(acct, secret, '10');
    const address = (await wallet(rcpt.key)).address;
    const checksummed = await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: address });
    expect(checksummed.status, checksummed.text).toBe(201);
    expect(checksummed.body.to).toBe(address);
    const lower = await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: address.toLowerCase() });
    expect(lower.status, lower.text).toBe(201);
    expect(lower.body.to).toBe(address);
    const viaGql = gqlData(await gqlPost(acct.key, TRANSFER, { input: { amount: '1', to: address.toLowerCase() } })).transferStablecoin;
    expect(viaGql.to).toBe(address);
    expect(await balanceOf(rcpt.key)).toBe('3');

    // mixed case that is not the checksum: refused before anything moves
    const wrong = flipCase(address);
    expect(eip55(wrong)).not.toBe(wrong);
    const bad = await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: wrong });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.param).toBe('to');
    expect(bad.body.error.details.errors[0].field).toBe('to');
    // a malformed address is a malformed field: the catalogue's precise code, on the fault too
    expect(bad.body.error.code).toBe('INVALID_FIELD_FORMAT');
    expect(bad.body.error.details.errors[0].code).toBe('INVALID_FIELD_FORMAT');
    expect(expectError(await api(t.url, `/v1/public/balance/${wrong}`, { key: acct.key }), 400, 'INVALID_FIELD_FORMAT').param).toBe('address');
    expectError(await api(t.url, '/v1/public/balance/nope', { key: acct.key }), 400, 'INVALID_FIELD_FORMAT');
    expect(expectError(await post(acct.key, '/v1/stablecoin/redeem', { amount: '1', bank_account: 'x' }), 400, 'INVALID_FIELD_FORMAT').param).toBe('bank_account');
    const badGql = await gqlPost(acct.key, TRANSFER, { input: { amount: '1', to: wrong } });
    expect(badGql.status).toBe(400);
    expect(badGql.body.errors![0].extensions!.details.errors[0].field).toBe('to');
    const badIssue = await post(acct.key, '/v1/stablecoin/issue', { amount: '1', to: wrong }, { secret });
    expect(badIssue.status).toBe(400);
    expect(badIssue.body.error.param).toBe('to');
    for (const malformed of ['0x1234', address.slice(2), `${address}00`, `0x${'g'.repeat(40)}`, 42]) {
      const res = await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: malformed });
      expect(res.status, String(malformed)).toBe(400);
      expect(res.body.error.param).toBe('to');
    }

    // well-formed, but no wallet of this platform has it
    const unknown = `0x${'ab'.repeat(20)}`;
    const nf = expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: unknown }), 404, 'RESOURCE_NOT_FOUND');
    expect(nf.param).toBe('to');
    expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: eip55(unknown) }), 404, 'RESOURCE_NOT_FOUND');
    expect(expectError(await post(acct.key, '/v1/stablecoin/issue', { amount: '1', to: unknown }, { secret }), 404, 'RESOURCE_NOT_FOUND').param).toBe('to');
    gqlError(await gqlPost(acct.key, TRANSFER, { input: { amount: '1', to: unknown } }), 404, 'RESOURCE_NOT_FOUND');
    // my own wallet is no recipient of a transfer
    const self = await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: (await wallet(acct.key)).address });
    expect(self.status).toBe(400);
    expect(self.body.error.param).toBe('to');

    expect(await balanceOf(acct.key)).toBe('7');
    expect(await balanceOf(rcpt.key)).toBe('3');
  });
});

describe('issue, redeem and transfer', () => {
  it('issue mints to the own wallet or to `to` (REST and GraphQL), with the issuance resource and stablecoin.issued events', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const rcpt = await t.newAccount();
    const own = (await wallet(acct.key)).address;
    const theirs = (await wallet(rcpt.key)).address;

    const res = await post(acct.key, '/v1/stablecoin/issue', { amount: '25.75' }, { secret });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^iss_/), object: 'issuance', amount: '25.75', currency: 'usdx', status: 'succeeded',
      transaction_hash: expect.stringMatching(HASH), created: expect.any(Number), livemode: false, recipient: own,
    });
    expect(recently(res.body.created)).toBe(true);
    const afterFirst = await wallet(acct.key);
    expect(afterFirst.balance).toBe('25.75');

    const toOther = await post(acct.key, '/v1/stablecoin/issue', { amount: '4', to: theirs.toLowerCase() }, { secret });
    expect(toOther.status, toOther.text).toBe(201);
    expect(toOther.body).toMatchObject({ object: 'issuance', amount: '4', recipient: theirs });
    expect(toOther.body.transaction_hash).not.toBe(res.body.transaction_hash);
    const g = gqlData(await gqlPost(acct.key, ISSUE, { input: { amount: '0.25', to: theirs } }, { secret })).issueStablecoin;
    expect(g).toMatchObject({ id: expect.stringMatching(/^iss_/), amount: '0.25', currency: 'usdx', recipient: theirs, status: 'succeeded', livemode: false });
    expect(g.transactionHash).toMatch(HASH);
    expect(await balanceOf(acct.key)).toBe('25.75');
    expect(await balanceOf(rcpt.key)).toBe('4.25');
    if (!hasPostgres) expect(micro((await wallet(acct.key)).total_supply)).toBe(plus(afterFirst.total_supply, '4.25'));

    const issued = await eventsOf(acct.key, 'stablecoin.issued');
    expect(issued).toHaveLength(3);
    const first = issued.find((e) => e.data.issuance_id === res.body.id)!;
    expect(first.data).toMatchObject({ object: res.body, issuance_id: res.body.id, amount: '25.75', recipient: own });
    expect(first.data.total_supply).toMatch(/^[0-9]+(\.[0-9]{1,6})?$/);
    if (!hasPostgres) expect(first.data.total_supply).toBe(afterFirst.total_supply);
    expect(issued.find((e) => e.data.issuance_id === toOther.body.id)!.data).toMatchObject({ amount: '4', recipient: theirs });
    // the recipient of a mint sees it in its own events
    const theirEvents = await eventsOf(rcpt.key, 'stablecoin.*');
    expect(theirEvents.map((e) => e.data.issuance_id).sort()).toEqual([toOther.body.id, g.id].sort());
    expect(await ledgerProblems([acct.accountId, rcpt.accountId])).toEqual([]);
  });

  it('redeem burns from the wallet; the bank account is shown masked and never echoed (response, events, GraphQL)', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '100');
    const before = await wallet(acct.key);
    const number = '000123456789';
    const res = await post(acct.key, '/v1/stablecoin/redeem', { amount: '40.5', bank_account: number });
    expect(res.status, res.text).toBe(201);
    // processing: the coin is burnt, the bank payout is in flight (this file's server pays out in 10 minutes)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^rdm_/), object: 'redemption', amount: '40.5', currency: 'usdx', status: 'processing',
      transaction_hash: expect.stringMatching(HASH), created: expect.any(Number), livemode: false, bank_account: '****6789',
    });
    expect(res.text).not.toContain('123456789');
    const after = await wallet(acct.key);
    expect(after.balance).toBe('59.5');
    if (!hasPostgres) expect(micro(after.total_supply)).toBe(micro(before.total_supply) - micro('40.5'));
    // the coin left the wallet while the redemption is still processing: GET shows it as the POST answered it
    const read = await api(t.url, `/v1/stablecoin/redemptions/${res.body.id}`, { key: acct.key });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(res.body);
    expect(read.text).not.toContain('123456789');

    const iban = 'DE89 3704 0044 0532 0130 00';
    const g = await gqlPost(acct.key, REDEEM, { input: { amount: '9.5', bankAccount: iban } });
    const r = gqlData(g).redeemStablecoin;
    expect(r).toMatchObject({ id: expect.stringMatching(/^rdm_/), amount: '9.5', bankAccount: '****3000', status: 'processing', currency: 'usdx' });
    expect(g.text).not.toContain('3704 0044');
    expect(g.text).not.toContain('370400440532');
    expect(await balanceOf(acct.key)).toBe('50');

    const events = await eventsOf(acct.key, 'stablecoin.redeemed');
    expect(events).toHaveLength(2);
    const e = events.find((x) => x.data.redemption_id === res.body.id)!;
    expect(e.data).toEqual({ object: res.body, redemption_id: res.body.id, amount: '40.5', bank_account: '****6789', status: 'processing' });
    expect(events.find((x) => x.data.redemption_id === r.id)!.data).toMatchObject({ amount: '9.5', bank_account: '****3000', status: 'processing' });
    // nothing has been paid out yet
    expect(await eventsOf(acct.key, 'stablecoin.redemption.succeeded')).toEqual([]);
    // GraphQL reads it too
    const q = gqlData(await gql(t.url, acct.key, REDEMPTION, { id: r.id })).stablecoinRedemption;
    expect(q).toEqual(r);
    const all = await api(t.url, '/v1/events?limit=100', { key: acct.key });
    for (const plain of ['123456789', '3704 0044', '370400440532']) expect(all.text).not.toContain(plain);
    const one = await api(t.url, `/v1/events/${e.id}`, { key: acct.key });
    expect(one.status).toBe(200);
    expect(one.text).not.toContain('123456789');
    // nor stored plainly
    const row = await t.server.db.prisma.stablecoinRedemption.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('123456789');

    // a bank account is required and must look like one
    for (const bank of [undefined, '', '12', 'not/an/account', 42]) {
      const bad = await post(acct.key, '/v1/stablecoin/redeem', { amount: '1', bank_account: bank });
      expect(bad.status, String(bank)).toBe(400);
      const fields = bad.body.error.details.errors.map((e: { field: string }) => e.field);
      expect(new Set(fields), String(bank)).toEqual(new Set(['bank_account']));
    }
    expect(await balanceOf(acct.key)).toBe('50');
  });

  it('transfer to another account: the recipient sees it in its balance and its own events, and nothing else of the sender', async () => {
    const sender = await t.newAccount();
    const secret = await newSigningSecret(t, sender);
    const rcpt = await t.newAccount();
    await fund(sender, secret, '30');
    // the sender also has other data: an order and an issuance event
    const order = await api(t.url, '/v1/orders', { key: sender.key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] } });
    expect(order.status).toBe(201);
    const from = (await wallet(sender.key)).address;
    const to = (await wallet(rcpt.key)).address;

    const res = await post(sender.key, '/v1/stablecoin/transfer', { amount: '12.345678', to }, { headers: { 'idempotency-key': 'sender-private-key-1' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^xfr_/), object: 'transfer', amount: '12.345678', currency: 'usdx', status: 'succeeded',
      transaction_hash: expect.stringMatching(HASH), created: expect.any(Number), livemode: false, from, to,
    });
    expect(recently(res.body.created)).toBe(true);
    const g = gqlData(await gqlPost(sender.key, TRANSFER, { input: { amount: '2.654322', to } })).transferStablecoin;
    expect(g).toMatchObject({ id: expect.stringMatching(/^xfr_/), amount: '2.654322', from, to, status: 'succeeded', currency: 'usdx', livemode: false });
    expect(g.transactionHash).toMatch(HASH);
    expect(await balanceOf(sender.key)).toBe('15');
    expect(await balanceOf(rcpt.key)).toBe('15');
    const pub = await api(t.url, `/v1/public/balance/${to}`, { key: sender.key });
    expect(pub.body).toMatchObject({ address: to, balance: '15', currency: 'usdx' });

    const mine = await eventsOf(sender.key, 'stablecoin.transferred');
    expect(mine).toHaveLength(2);
    const sent = mine.find((e) => e.data.transfer_id === res.body.id)!;
    expect(sent.data).toMatchObject({ object: res.body, transfer_id: res.body.id, from, to, amount: '12.345678' });
    expect(sent.request.idempotency_key).toBe('sender-private-key-1');

    // the recipient: the two transfers, in its own events, and nothing else of the sender
    const theirs = await api(t.url, '/v1/events?limit=100', { key: rcpt.key });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((e: { type: string }) => e.type)).toEqual(['stablecoin.transferred', 'stablecoin.transferred']);
    const received = theirs.body.data.find((e: { data: { transfer_id: string } }) => e.data.transfer_id === res.body.id);
    expect(received.id).not.toBe(sent.id);
    expect(received.data).toEqual(sent.data);
    expect(theirs.text).not.toContain(sender.accountId);
    expect(theirs.text).not.toContain(order.body.id);
    // which request of the sender caused it (its id, its Idempotency-Key) is the sender's own
    expect(theirs.text).not.toContain('sender-private-key-1');
    expect(received.request).toEqual({ id: null, idempotency_key: null });
    // the sender's event, order and wallet balance stay out of reach
    expectError(await api(t.url, `/v1/events/${sent.id}`, { key: rcpt.key }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await api(t.url, `/v1/orders/${order.body.id}`, { key: rcpt.key }), 404, 'RESOURCE_NOT_FOUND');
    expect((await wallet(rcpt.key)).address).toBe(to);
    expect(await ledgerProblems([sender.accountId, rcpt.accountId])).toEqual([]);
  });

  it('the transaction hash PostgreSQL computes is the one the response, the ledger, the stored events and both accounts\' subscribers see', async () => {
    const sender = await t.newAccount();
    const secret = await newSigningSecret(t, sender);
    const rcpt = await t.newAccount();
    await fund(sender, secret, '5');
    const to = (await wallet(rcpt.key)).address;
    const sessions = [wsSession(t.url, { authorization: `Bearer ${sender.key}` }), wsSession(t.url, { authorization: `Bearer ${rcpt.key}` })];
    try {
      const subs = await Promise.all(sessions.map((s) => subscribe(s, OnEventsDocument, { types: ['stablecoin.transferred'] })));
      const res = await post(sender.key, '/v1/stablecoin/transfer', { amount: '1.5', to });
      expect(res.status, res.text).toBe(201);
      const hash = res.body.transaction_hash as string;
      expect(hash).toMatch(HASH);
      const [row] = await t.server.db.prisma.ledgerTransaction.findMany({ where: { resourceId: res.body.id } });
      expect(row.hash).toBe(hash);
      const transfer = await t.server.db.prisma.stablecoinTransfer.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(transfer.transactionHash).toBe(hash);
      for (const sub of subs) {
        const [got] = await sub.waitFor(1, 10_000);
        expect(got.events.data).toEqual({ object: res.body, transfer_id: res.body.id, from: res.body.from, to, amount: '1.5' });
        sub.stop();
      }
      const stored = (await eventsOf(sender.key, 'stablecoin.transferred')).find((e) => e.data.transfer_id === res.body.id)!;
      expect(stored.data.object).toEqual(res.body);
      expect(JSON.stringify(stored)).not.toContain('ltxhash_');
      expect(await ledgerProblems([sender.accountId, rcpt.accountId])).toEqual([]);
    } finally {
      await Promise.all(sessions.map((s) => s.dispose()));
    }
  });
});

describe('a redemption: processing until its payout completes, then succeeded', () => {
  it('GET /v1/stablecoin/redemptions/{id} and stablecoinRedemption(id): the caller\'s own in its mode only (404 RESOURCE_NOT_FOUND, GraphQL null); stablecoin:read', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '10');
    const made = await post(acct.key, '/v1/stablecoin/redeem', { amount: '2', bank_account: '123456789' });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    const get = (key: string, rid = id, query = '') => api(t.url, `/v1/stablecoin/redemptions/${encodeURIComponent(rid)}${query}`, { key });
    expect((await get(acct.key)).body).toEqual(made.body);

    const other = await t.newAccount();
    const live = (await acct.newKey({ mode: 'live' })).secret;
    for (const [key, rid, who] of [[other.key, id, 'another account'], [live, id, 'the live mode of the same account'], [acct.key, 'rdm_unknown', 'an unknown id']]) {
      const res = await get(key, rid);
      const e = expectError(res, 404, 'RESOURCE_NOT_FOUND');
      expect(e.details, who).toEqual({ resource: 'redemption', id: rid });
      expect(e.param, who).toBe('id');
      expect(res.text, who).not.toContain('****6789');
      expect(gqlData(await gql(t.url, key, REDEMPTION, { id: rid })).stablecoinRedemption, who).toBeNull();
    }

    // stablecoin:read, and nothing else, reads it
    const reader = (await acct.newKey({ type: 'restricted', permissions: ['stablecoin:read'] })).secret;
    expect((await get(reader)).body).toEqual(made.body);
    expect(gqlData(await gql(t.url, reader, REDEMPTION, { id })).stablecoinRedemption).toMatchObject({ id, status: 'processing' });
    const redeemer = (await acct.newKey({ type: 'restricted', permissions: ['stablecoin:redeem'] })).secret;
    expect(expectError(await get(redeemer), 403, 'INSUFFICIENT_PERMISSIONS').details.required).toBe('stablecoin:read');
    gqlError(await gql(t.url, redeemer, REDEMPTION, { id }), 403, 'INSUFFICIENT_PERMISSIONS');
    const pk = (await acct.newKey({ type: 'publishable' })).secret;
    expect((await get(pk)).status).toBe(403);

    // fields= picks, as on every retrieve route
    expect((await get(acct.key, id, '?fields=status,amount')).body).toEqual({ id, object: 'redemption', status: 'processing', amount: '2' });
    expectError(await get(acct.key, id, '?fields=bank_account_sealed'), 400, 'VALIDATION_ERROR');
  });

  describe('the payout, on a server with a short REDEMPTION_PAYOUT_DELAY_MS', () => {
    let fast: TestServer;
    beforeAll(async () => { fast = await startTestServer({ REDEMPTION_PAYOUT_DELAY_MS: '300', WEBHOOK_WORKER: 'false' }); });
    afterAll(async () => { await fast?.stop(); });

    it('processing at once with the coin burnt, then succeeded with one stablecoin.redemption.succeeded event; the coin moves once', async () => {
      const acct = await fast.newAccount();
      const secret = await newSigningSecret(fast, acct);
      await fund(acct, secret, '10', fast.url);
      const res = await post(acct.key, '/v1/stablecoin/redeem', { amount: '7.25', bank_account: 'GB33 BUKB 2020 1555 5555 55' }, { base: fast.url });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ object: 'redemption', amount: '7.25', bank_account: '****5555', status: 'processing' });
      const id = res.body.id as string;
      // debited when the redemption was made, not when it is paid out
      expect(await balanceOf(acct.key, fast.url)).toBe('2.75');
      const [redeemed] = await eventsOf(acct.key, 'stablecoin.redeemed', fast.url);
      expect(redeemed.data).toEqual({ object: res.body, redemption_id: id, amount: '7.25', bank_account: '****5555', status: 'processing' });

      const done = await until('the redemption to be paid out', async () => {
        const r = await api(fast.url, `/v1/stablecoin/redemptions/${id}`, { key: acct.key });
        expect(r.status, r.text).toBe(200);
        return r.body.status === 'succeeded' ? r.body : undefined;
      });
      // the same redemption (the burn's transaction hash, its created), now succeeded
      expect(done).toEqual({ ...res.body, status: 'succeeded' });
      const paid = await eventsOf(acct.key, 'stablecoin.redemption.succeeded', fast.url);
      expect(paid).toHaveLength(1);
      expect(paid[0].data).toEqual({ object: done, redemption_id: id, amount: '7.25', bank_account: '****5555', status: 'succeeded' });
      // no request made it: the payout worker did
      expect(paid[0].request).toEqual({ id: null, idempotency_key: null });
      expect(JSON.stringify(paid)).not.toContain('1555 5555');
      expect(gqlData(await gql(fast.url, acct.key, REDEMPTION, { id })).stablecoinRedemption).toMatchObject({ id, status: 'succeeded', bankAccount: '****5555' });
      // the payout moved no coin: one ledger transaction (the burn), the balance as it was after the redemption
      expect(await balanceOf(acct.key, fast.url)).toBe('2.75');
      const txs = await fast.server.db.prisma.ledgerTransaction.findMany({ where: { resourceId: id } });
      expect(txs.map((x) => [x.kind, x.hash])).toEqual([['redeem', res.body.transaction_hash]]);
      expect((await fast.server.db.prisma.stablecoinRedemption.findUniqueOrThrow({ where: { id } })).settleAt).toBeNull();
      // the redemption's events: redeemed (processing), then redemption.succeeded
      expect((await eventsOf(acct.key, 'stablecoin.*', fast.url)).map((e) => [e.type, e.data.status ?? null]))
        .toEqual([['stablecoin.redemption.succeeded', 'succeeded'], ['stablecoin.redeemed', 'processing'], ['stablecoin.issued', null]]);
      if (!hasPostgres) expect((await verifyLedger(fast.server.db.prisma)).problems).toEqual([]);
    });
  });

  it('completing one payout four times at once: one completes it, the others find nothing to do; the event is stored once', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '5');
    const res = await post(acct.key, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' });
    expect(res.body.status).toBe('processing');
    const scope = { accountId: acct.accountId, livemode: false };
    const complete = () => runSystemChange(t.server.services, scope, (tx, emit) => settleRedemption(tx, res.body.id, emit));
    const runs = await Promise.all([complete(), complete(), complete(), complete()]);
    expect(runs.filter(Boolean).map((r) => r!.status)).toEqual(['succeeded']);
    // and once more afterwards: already succeeded
    expect(await complete()).toBeUndefined();
    expect((await eventsOf(acct.key, 'stablecoin.redemption.succeeded')).map((e) => e.data.redemption_id)).toEqual([res.body.id]);
    expect((await api(t.url, `/v1/stablecoin/redemptions/${res.body.id}`, { key: acct.key })).body.status).toBe('succeeded');
    expect(await balanceOf(acct.key)).toBe('4');
  });

  it('the due time is in the row: a payout due with no timer set for it (as after a restart) is completed by the worker\'s round', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '5');
    const res = await post(acct.key, '/v1/stablecoin/redeem', { amount: '3', bank_account: '123456789' });
    expect(res.body.status).toBe('processing');
    const prisma = t.server.db.prisma;
    const row = await prisma.stablecoinRedemption.findUniqueOrThrow({ where: { id: res.body.id } });
    // due in 10 minutes (REDEMPTION_PAYOUT_DELAY_MS of this file's server), as the row says
    expect(row.settleAt!.getTime() - row.createdAt.getTime()).toBe(600_000);
    // the payout falls due now: no process has a timer for this time, only the row says so
    await prisma.stablecoinRedemption.update({ where: { id: res.body.id }, data: { settleAt: new Date(Date.now() - 1000) } });
    await until('the worker to pay the redemption out', async () => {
      const r = await api(t.url, `/v1/stablecoin/redemptions/${res.body.id}`, { key: acct.key });
      return r.body.status === 'succeeded' ? r.body : undefined;
    });
    expect(await eventsOf(acct.key, 'stablecoin.redemption.succeeded')).toHaveLength(1);
    expect(await balanceOf(acct.key)).toBe('2');
  });

  it('webhook samples of both redemption events carry the spec\'s flat fields and their status', async () => {
    // imported here: the samples import the module list, which the server has loaded by now
    const { sampleEvent } = await import('../../src/modules/webhooks/samples.js');
    for (const [type, status] of [['stablecoin.redeemed', 'processing'], ['stablecoin.redemption.succeeded', 'succeeded']]) {
      const e = sampleEvent(type, false, CURRENT_VERSION) as { type: string; data: Record<string, unknown> };
      expect(e.type).toBe(type);
      expect(Object.keys(e.data).sort(), type).toEqual(['amount', 'bank_account', 'object', 'redemption_id', 'status']);
      expect(e.data, type).toMatchObject({ status, bank_account: '****6789', object: { object: 'redemption', status, id: e.data.redemption_id } });
    }
  });
});

describe('insufficient funds', () => {
  it('a transfer or redemption beyond the wallet is 422 INSUFFICIENT_FUNDS on both doors; nothing moves', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '10');
    const to = (await wallet(b.key)).address;
    const before = await balanceOf(b.key);
    const over = expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '10.000001', to }), 422, 'INSUFFICIENT_FUNDS');
    expect(over.param).toBe('amount');
    expect(over.details).toMatchObject({ available: '10', requested: '10.000001', currency: 'usdx' });
    expectError(await post(acct.key, '/v1/stablecoin/redeem', { amount: '11', bank_account: '123456789' }), 422, 'INSUFFICIENT_FUNDS');
    gqlError(await gqlPost(acct.key, TRANSFER, { input: { amount: '10.5', to } }), 422, 'INSUFFICIENT_FUNDS');
    gqlError(await gqlPost(acct.key, REDEEM, { input: { amount: '10.5', bankAccount: '123456789' } }), 422, 'INSUFFICIENT_FUNDS');
    // an empty wallet
    const empty = await t.newAccount();
    expectError(await post(empty.key, '/v1/stablecoin/transfer', { amount: '0.000001', to }), 422, 'INSUFFICIENT_FUNDS');
    expect(await balanceOf(acct.key)).toBe('10');
    expect(await balanceOf(b.key)).toBe(before);
    expect((await eventsOf(acct.key, 'stablecoin.*')).map((e) => e.type)).toEqual(['stablecoin.issued']);
    // exactly all of it is fine
    expect((await post(acct.key, '/v1/stablecoin/transfer', { amount: '10', to })).status).toBe(201);
    expect(await balanceOf(acct.key)).toBe('0');
  });

  it('a wallet the transfer path remembers but the database no longer has is looked up again: 404 naming to, nothing moves', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '10');
    const gone = await t.newAccount();
    const to = (await wallet(gone.key)).address;
    // refused (beyond the wallet) after both wallets were looked up: the server now knows them
    expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '20', to }), 422, 'INSUFFICIENT_FUNDS');
    // the recipient's wallet disappears behind the server's back (it has no postings)
    await t.server.db.prisma.ledgerAccount.delete({ where: { address: to.toLowerCase() } });
    const missing = expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to }), 404, 'RESOURCE_NOT_FOUND');
    expect(missing.param).toBe('to');
    expect(await balanceOf(acct.key)).toBe('10');
    // the sender's remembered wallet still works
    expect((await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: (await wallet(b.key)).address })).status).toBe(201);
    expect(await balanceOf(acct.key)).toBe('9');
    expect((await eventsOf(acct.key, 'stablecoin.*')).map((e) => e.type).sort()).toEqual(['stablecoin.issued', 'stablecoin.transferred']);
  });

  it('100 parallel transfers of 1 from a wallet holding 50: exactly 50 succeed, 50 are refused, the ledger balances', async () => {
    const sender = await t.newAccount();
    const secret = await newSigningSecret(t, sender);
    const rcpt = await t.newAccount();
    await fund(sender, secret, '50');
    const to = (await wallet(rcpt.key)).address;
    const results = await Promise.all(Array.from({ length: 100 }, () => post(sender.key, '/v1/stablecoin/transfer', { amount: '1', to })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const r of refused) expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(50);
    expect(new Set(ok.map((r) => r.body.transaction_hash)).size).toBe(50);
    expect(await balanceOf(sender.key)).toBe('0');
    expect(await balanceOf(rcpt.key)).toBe('50');
    expect(await eventsOf(rcpt.key, 'stablecoin.transferred')).toHaveLength(50);
    const prisma = t.server.db.prisma;
    expect(await prisma.stablecoinTransfer.count({ where: { accountId: sender.accountId } })).toBe(50);
    expect(await ledgerProblems([sender.accountId, rcpt.accountId])).toEqual([]);
    if (!hasPostgres) expect((await verifyLedger(prisma)).problems).toEqual([]);
  });
});

describe('keys: the public balance, publishable and restricted keys', () => {
  it('a publishable key reads any wallet\'s public balance (REST and GraphQL) and nothing else of the money routes', async () => {
    const pk = (await a.newKey({ type: 'publishable' })).secret;
    await fund(a, sa, '3');
    const target = await wallet(b.key);
    const res = await api(t.url, `/v1/public/balance/${target.address}`, { key: pk });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ address: target.address, balance: target.balance, currency: 'usdx' });
    // read-only and public: no total supply, nothing of the owner's account
    expect(res.body).not.toHaveProperty('total_supply');
    expect(res.text).not.toContain(b.accountId);
    // the lowercase form reads the same wallet, shown checksummed
    expect((await api(t.url, `/v1/public/balance/${target.address.toLowerCase()}`, { key: pk })).body.address).toBe(target.address);
    const q = gqlData(await gql(t.url, pk, 'query($a: String!) { publicBalance(address: $a) { address balance currency } }', { a: target.address }));
    expect(q.publicBalance).toEqual({ address: target.address, balance: target.balance, currency: 'usdx' });
    // bad and unknown addresses
    expect((await api(t.url, `/v1/public/balance/${flipCase(target.address)}`, { key: pk })).status).toBe(400);
    expect((await api(t.url, '/v1/public/balance/0x1234', { key: pk })).body.error.param).toBe('address');
    expectError(await api(t.url, `/v1/public/balance/0x${'cd'.repeat(20)}`, { key: pk }), 404, 'RESOURCE_NOT_FOUND');

    for (const path of ['/v1/stablecoin/balance', '/v1/account/balance']) {
      const denied = await api(t.url, path, { key: pk });
      expect(denied.status, path).toBe(403);
    }
    const balanceBefore = await balanceOf(a.key);
    expect((await post(pk, '/v1/stablecoin/transfer', { amount: '1', to: target.address })).status).toBe(403);
    expect((await post(pk, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' })).status).toBe(403);
    expect((await post(pk, '/v1/stablecoin/issue', { amount: '1' }, { secret: sa })).status).toBe(403);
    expect((await gql(t.url, pk, '{ stablecoinBalance { balance } }')).status).toBe(403);
    expect((await gql(t.url, pk, '{ accountBalance { livemode } }')).status).toBe(403);
    expect((await gqlPost(pk, TRANSFER, { input: { amount: '1', to: target.address } })).status).toBe(403);
    expect(await balanceOf(a.key)).toBe(balanceBefore);
    expect(await balanceOf(b.key)).toBe(target.balance);
  });

  it('restricted keys do what their permissions name and nothing more', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    await fund(acct, secret, '20');
    const to = (await wallet(b.key)).address;
    const rk = async (...permissions: string[]) => (await acct.newKey({ type: 'restricted', permissions })).secret;

    const reader = await rk('stablecoin:read');
    expect((await api(t.url, '/v1/stablecoin/balance', { key: reader })).body.balance).toBe('20');
    const denied = expectError(await post(reader, '/v1/stablecoin/transfer', { amount: '1', to }), 403, 'INSUFFICIENT_PERMISSIONS');
    expect(denied.details.required).toBe('stablecoin:transfer');
    expectError(await post(reader, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await post(reader, '/v1/stablecoin/issue', { amount: '1' }, { secret }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await api(t.url, '/v1/account/balance', { key: reader }), 403, 'INSUFFICIENT_PERMISSIONS');
    gqlError(await gqlPost(reader, TRANSFER, { input: { amount: '1', to } }), 403, 'INSUFFICIENT_PERMISSIONS');

    const mover = await rk('stablecoin:transfer');
    expect((await post(mover, '/v1/stablecoin/transfer', { amount: '1', to })).status).toBe(201);
    expectError(await api(t.url, '/v1/stablecoin/balance', { key: mover }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await post(mover, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' }), 403, 'INSUFFICIENT_PERMISSIONS');

    const redeemer = await rk('stablecoin:redeem');
    expect((await post(redeemer, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' })).status).toBe(201);
    expectError(await post(redeemer, '/v1/stablecoin/transfer', { amount: '1', to }), 403, 'INSUFFICIENT_PERMISSIONS');

    const minter = await rk('stablecoin:issue');
    expect((await post(minter, '/v1/stablecoin/issue', { amount: '2' }, { secret })).status).toBe(201);
    expect(gqlData(await gqlPost(minter, ISSUE, { input: { amount: '2' } }, { secret })).issueStablecoin.amount).toBe('2');

    const balances = await rk('balance:read');
    expect((await api(t.url, '/v1/account/balance', { key: balances })).body.stablecoin.balance).toBe('22');
    expectError(await api(t.url, '/v1/stablecoin/balance', { key: balances }), 403, 'INSUFFICIENT_PERMISSIONS');
    // the public balance is open to any key of the mode
    expect((await api(t.url, `/v1/public/balance/${to}`, { key: balances })).status).toBe(200);
    expect(await balanceOf(acct.key)).toBe('22');
  });
});

describe('idempotency', () => {
  it('a transfer replayed with the same Idempotency-Key moves the coin once (REST); the replay is marked', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const rcpt = await t.newAccount();
    await fund(acct, secret, '10');
    const to = (await wallet(rcpt.key)).address;
    const headers = { 'idempotency-key': 'xfer-once' };
    const first = await post(acct.key, '/v1/stablecoin/transfer', { amount: '3', to }, { headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(acct.key, '/v1/stablecoin/transfer', { amount: '3', to }, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    // in parallel too
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(acct.key, '/v1/stablecoin/transfer', { amount: '3', to }, { headers })));
    expect(burst.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(new Set(burst.map((r) => r.body.id))).toEqual(new Set([first.body.id]));
    // another body with the key is a conflict
    expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '4', to }, { headers }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(acct.key)).toBe('7');
    expect(await balanceOf(rcpt.key)).toBe('3');
    expect(await eventsOf(rcpt.key, 'stablecoin.transferred')).toHaveLength(1);

    // a refusal is recorded and replayed as well: it does not turn into a success later
    const tooMuch = { 'idempotency-key': 'xfer-too-much' };
    expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '8', to }, { headers: tooMuch }), 422, 'INSUFFICIENT_FUNDS');
    await fund(acct, secret, '5');
    expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '8', to }, { headers: tooMuch }), 422, 'INSUFFICIENT_FUNDS');
    expect(await balanceOf(acct.key)).toBe('12');
  });

  it('GraphQL mutations with the same Idempotency-Key give the same transfer, once; issuances replay only when re-signed', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const rcpt = await t.newAccount();
    await fund(acct, secret, '10');
    const to = (await wallet(rcpt.key)).address;
    const headers = { 'idempotency-key': 'gql-xfer-once' };
    const one = gqlData(await gqlPost(acct.key, TRANSFER, { input: { amount: '2', to } }, { headers })).transferStablecoin;
    const two = gqlData(await gqlPost(acct.key, TRANSFER, { input: { amount: '2', to } }, { headers })).transferStablecoin;
    expect(two.id).toBe(one.id);
    expect(await balanceOf(rcpt.key)).toBe('2');

    const issueKey = { 'idempotency-key': 'gql-issue-once' };
    const i1 = gqlData(await gqlPost(acct.key, ISSUE, { input: { amount: '1' } }, { secret, headers: issueKey })).issueStablecoin;
    const i2 = gqlData(await gqlPost(acct.key, ISSUE, { input: { amount: '1' } }, { secret, headers: issueKey })).issueStablecoin;
    expect(i2.id).toBe(i1.id);
    // REST with the same signature rules: an unsigned replay of an issuance is refused
    const restKey = { 'idempotency-key': 'rest-issue-once' };
    const r1 = await post(acct.key, '/v1/stablecoin/issue', { amount: '1' }, { secret, headers: restKey });
    expect(r1.status).toBe(201);
    expectError(await post(acct.key, '/v1/stablecoin/issue', { amount: '1' }, { headers: restKey }), 401, 'MISSING_SIGNATURE');
    const r2 = await post(acct.key, '/v1/stablecoin/issue', { amount: '1' }, { secret, headers: restKey });
    expect(r2.headers.get('idempotent-replayed')).toBe('true');
    expect(r2.body.id).toBe(r1.body.id);
    expect(await balanceOf(acct.key)).toBe('10');
  });
});

describe('live mode', () => {
  it('test and live wallets are separate; live transfers cannot reach test wallets; a live redemption is 422 PAYMENT_FAILED', async () => {
    const acct = await t.newAccount();
    const secret = await newSigningSecret(t, acct);
    const live = (await acct.newKey({ mode: 'live' })).secret;
    const other = await t.newAccount();
    const otherLive = (await other.newKey({ mode: 'live' })).secret;
    await fund(acct, secret, '8');
    const testWallet = await wallet(acct.key);
    const liveWallet = await wallet(live);
    expect(liveWallet).toMatchObject({ object: 'stablecoin_balance', balance: '0', currency: 'usdx', livemode: true });
    expect(liveWallet.address).toMatch(ADDRESS);
    expect(liveWallet.address).toBe(eip55(liveWallet.address));
    expect(liveWallet.address).not.toBe(testWallet.address);

    // the one signing secret signs for both modes; a live mint lands in the live wallet only
    const minted = await post(live, '/v1/stablecoin/issue', { amount: '3' }, { secret });
    expect(minted.status, minted.text).toBe(201);
    expect(minted.body).toMatchObject({ livemode: true, recipient: liveWallet.address });
    expect(await balanceOf(live)).toBe('3');
    expect(await balanceOf(acct.key)).toBe('8');

    // addresses of the other mode are unknown
    const otherTest = (await wallet(other.key)).address;
    const otherLiveAddress = (await wallet(otherLive)).address;
    expect(expectError(await post(live, '/v1/stablecoin/transfer', { amount: '1', to: otherTest }), 404, 'RESOURCE_NOT_FOUND').param).toBe('to');
    expect(expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: otherLiveAddress }), 404, 'RESOURCE_NOT_FOUND').param).toBe('to');
    expect(expectError(await post(acct.key, '/v1/stablecoin/transfer', { amount: '1', to: liveWallet.address }), 404, 'RESOURCE_NOT_FOUND').param).toBe('to');
    expectError(await api(t.url, `/v1/public/balance/${otherLiveAddress}`, { key: acct.key }), 404, 'RESOURCE_NOT_FOUND');
    expect((await api(t.url, `/v1/public/balance/${otherLiveAddress}`, { key: live })).status).toBe(200);
    // within live mode a transfer works
    expect((await post(live, '/v1/stablecoin/transfer', { amount: '1', to: otherLiveAddress })).status).toBe(201);

    // no payout processor in live mode: nothing is burnt
    const payout = expectError(await post(live, '/v1/stablecoin/redeem', { amount: '1', bank_account: '123456789' }), 422, 'PAYMENT_FAILED');
    expect(payout.details.reason).toMatch(/no_.*processor/);
    gqlError(await gqlPost(live, REDEEM, { input: { amount: '1', bankAccount: '123456789' } }), 422, 'PAYMENT_FAILED');
    expect(await balanceOf(live)).toBe('2');
    expect(await balanceOf(otherLive)).toBe('1');
    expect(await balanceOf(acct.key)).toBe('8');
    expect(await balanceOf(other.key)).toBe('0');
    expect((await eventsOf(live, 'stablecoin.redeemed'))).toHaveLength(0);
    expect(gqlData(await gql(t.url, live, '{ accountBalance { livemode stablecoin { address balance } } }')).accountBalance)
      .toEqual({ livemode: true, stablecoin: { address: liveWallet.address, balance: '2' } });
    expect(await ledgerProblems([acct.accountId, other.accountId])).toEqual([]);
  });
});
