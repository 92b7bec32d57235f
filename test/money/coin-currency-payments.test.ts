// Payments in the stablecoin's own currency (`currency: "usdx"`, the default STABLECOIN_CURRENCY)
// on both doors: the amount is an integer in hundredths of the coin (1250 = 12.50 usdx, pegged
// 1:1 to usd), paid from the account's wallet (payment_method stablecoin, or none: it defaults
// to stablecoin; a card method is 400 naming payment_method); too little in the wallet fails
// the payment; the coin is burnt and the account's available balance credited in usdx; events
// carry the major unit ("12.50") and usdx; refunds (partial, over-refund, the rest, concurrent)
// move available -> refunded in usdx as every refund does; orders (ISO 4217 only) refuse a usdx
// payment naming currency; live mode pays from the live wallet; the existing usd stablecoin
// payment is unchanged; and `npm run --silent ledger -- verify` exits 0 afterwards (each usdx
// ledger transaction balanced per currency and unit: the coin's micro-units, the hundredths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccount, post } from '../../src/modules/money/ledger.js';
import { verifyLedger } from '../../src/modules/money/verify.js';
import { fundWallet, newSigningSecret, signedPost } from '../helpers/money.js';
import { runScript } from '../helpers/process.js';
import { api, gql, hasPostgres, startTestServer, TEA_ORDER, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError, expectList, faultFields } from '../rest/envelope.js';

const HASH = /^[0-9a-f]{64}$/;
const COIN = 'usdx';

const CREATE = `mutation Pay($input: CreatePaymentInput!) {
  createPayment(input: $input) { id amount currency status paymentMethod amountRefunded failureReason transactionHash }
}`;
const REFUND = `mutation Refund($input: RefundPaymentInput!) {
  refundPayment(input: $input) { id amount currency status transactionHash payment { id amountRefunded } }
}`;
const BALANCE = `{ accountBalance { available { amount currency } pending { amount currency } stablecoin { balance currency } } }`;

type GqlBody = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };

let t: TestServer;
beforeAll(async () => {
  // a database of its own on PostgreSQL: the ledger CLI below verifies this file's ledger only
  t = await startTestServer({ DATABASE_STATEMENT_TIMEOUT_MS: '60000' }, { ownDatabase: true });
});
afterAll(async () => { await t?.stop(); });

const pay = (key: string, body: unknown, path = '/v1/payments') => api(t.url, path, { key, body });
const refund = (key: string, body: unknown) => api(t.url, '/v1/payments/refund', { key, body });
const getPayment = async (key: string, id: string) => {
  const res = await api(t.url, `/v1/payments/${id}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const balance = async (key: string) => {
  const res = await api(t.url, '/v1/account/balance', { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { available: { amount: number; currency: string }[]; pending: { amount: number; currency: string }[]; stablecoin: { balance: string; currency: string } };
};
const wallet = async (key: string) => {
  const res = await api(t.url, '/v1/stablecoin/balance', { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { balance: string; total_supply: string; currency: string };
};
/** The amount of `currency` in a balance list; an absent currency is 0. */
function amountOf(list: { amount: number; currency: string }[], currency: string): number {
  const rows = list.filter((m) => m.currency === currency);
  expect(rows.length, JSON.stringify(list)).toBeLessThanOrEqual(1);
  return rows[0]?.amount ?? 0;
}
/** A payment that must be 201 with this status. */
async function paid(key: string, body: Record<string, unknown>, status: string, path = '/v1/payments') {
  const res = await pay(key, body, path);
  expect(res.status, res.text).toBe(201);
  expect(res.body).toMatchObject({ object: 'payment', status });
  expect(Number.isInteger(res.body.amount)).toBe(true);
  if (status === 'succeeded') expect(res.body.transaction_hash).toMatch(HASH);
  else expect(res.body.transaction_hash).toBeNull();
  return res.body;
}
function gqlData(res: ApiResponse<GqlBody>) {
  expect(res.body?.errors, res.text.slice(0, 500)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}
function gqlError(res: ApiResponse<GqlBody>) {
  expect(res.body?.errors?.length, res.text.slice(0, 500)).toBeGreaterThan(0);
  return { status: res.status, ...res.body.errors![0] } as { status: number; message: string; extensions: Record<string, any> };
}
/** A funded account: its signing secret, and `amount` of the coin minted into its wallet. */
async function funded(amount: string): Promise<TestAccount & { secret: string }> {
  const a = await t.newAccount();
  const secret = await newSigningSecret(t, a);
  await fundWallet(t, a, secret, amount);
  return { ...a, secret };
}
/** The account's events of these types, oldest first (the database's event sequence). */
async function events(key: string, accountId: string, type: string) {
  const res = await api(t.url, `/v1/events?type=${type}&limit=100`, { key });
  expect(res.status, res.text).toBe(200);
  const seq = await t.server.db.prisma.event.findMany({ where: { accountId }, orderBy: { seq: 'asc' }, select: { id: true } });
  const pos = new Map(seq.map((e, i) => [e.id, i]));
  return (res.body.data as { id: string; type: string; data: Record<string, any> }[]).sort((x, y) => pos.get(x.id)! - pos.get(y.id)!);
}

describe('a payment in the coin\'s currency', () => {
  it('REST: 201 in usdx with the integer amount; the wallet is debited 12.5, the coin burnt, the available balance credited 1250 usdx', async () => {
    const a = await funded('20');
    const supply = (await wallet(a.key)).total_supply;
    const p = await paid(a.key, { amount: 1250, currency: COIN, payment_method: 'stablecoin', description: 'tea' }, 'succeeded');
    expect(p).toMatchObject({ amount: 1250, currency: COIN, payment_method: 'stablecoin', amount_refunded: 0, failure_reason: null, description: 'tea' });
    expect(await getPayment(a.key, p.id)).toEqual(p);
    const w = await wallet(a.key);
    expect(w.balance).toBe('7.5');
    // burnt, as a usd stablecoin payment burns it: the supply is 12.5 less
    expect(Number(w.total_supply)).toBeCloseTo(Number(supply) - 12.5, 6);
    const b = await balance(a.key);
    expect(b.stablecoin).toMatchObject({ balance: '7.5', currency: COIN });
    expect(b.available).toEqual([{ amount: 1250, currency: COIN }]);
    expect(b.pending).toEqual([{ amount: 0, currency: COIN }]);
    // GraphQL reads the same balance
    const g = gqlData(await gql(t.url, a.key, BALANCE)).accountBalance;
    expect(g.available).toEqual(b.available);

    // the ledger transaction: the coin (micro-units) from the wallet to the issuer, 1250
    // hundredths from the settlement side to the available balance, each pair balanced
    const prisma = t.server.db.prisma;
    const tx = await prisma.ledgerTransaction.findFirstOrThrow({
      where: { resourceId: p.id }, include: { postings: { orderBy: { position: 'asc' }, include: { ledgerAccount: true } } },
    });
    expect(tx.kind).toBe('stablecoin_payment');
    expect(tx.hash).toBe(p.transaction_hash);
    expect(tx.postings.map((x) => [x.ledgerAccount.kind, x.currency, x.amount])).toEqual([
      ['wallet', COIN, -12_500_000n], ['issuer', COIN, 12_500_000n], ['settlement', COIN, -1250n], ['available', COIN, 1250n],
    ]);
  });

  it('/v1/payments/create and GraphQL createPayment alike; payment_method omitted is stablecoin; any case of the code in, lowercase out', async () => {
    const a = await funded('30');
    const viaCreate = await paid(a.key, { amount: 100, currency: COIN }, 'succeeded', '/v1/payments/create');
    expect(viaCreate).toMatchObject({ amount: 100, currency: COIN, payment_method: 'stablecoin' });
    const upper = await paid(a.key, { amount: 5, currency: COIN.toUpperCase() }, 'succeeded');
    expect(upper).toMatchObject({ currency: COIN, payment_method: 'stablecoin' });

    const g = gqlData(await gql(t.url, a.key, CREATE, { input: { amount: 1250, currency: COIN } })).createPayment;
    expect(g).toMatchObject({ amount: 1250, currency: COIN, status: 'succeeded', paymentMethod: 'stablecoin', amountRefunded: 0, failureReason: null });
    expect(g.transactionHash).toMatch(HASH);
    const g2 = gqlData(await gql(t.url, a.key, CREATE, { input: { amount: 45, currency: COIN, paymentMethod: 'stablecoin' } })).createPayment;
    expect(g2).toMatchObject({ amount: 45, currency: COIN, status: 'succeeded', paymentMethod: 'stablecoin' });
    expect(await getPayment(a.key, g.id)).toMatchObject({ id: g.id, amount: 1250, currency: COIN, status: 'succeeded', transaction_hash: g.transactionHash });

    // 30 - 1.00 - 0.05 - 12.50 - 0.45 = 16.00
    expect((await wallet(a.key)).balance).toBe('16');
    expect(amountOf((await balance(a.key)).available, COIN)).toBe(1400);
    // a list filter on the currency finds them
    const list = expectList(await api(t.url, `/v1/payments?currency=${COIN}&limit=100`, { key: a.key }));
    expect(list.data.map((x: any) => x.id).sort()).toEqual([viaCreate.id, upper.id, g.id, g2.id].sort());
  });

  it('too little in the wallet: 201 failed with insufficient_funds, nothing moved; an empty wallet alike, on both doors', async () => {
    const a = await funded('1');
    const p = await paid(a.key, { amount: 101, currency: COIN }, 'failed');
    expect(p).toMatchObject({ failure_reason: 'insufficient_funds', currency: COIN, amount: 101, payment_method: 'stablecoin' });
    const after = await balance(a.key);
    expect(amountOf(after.available, COIN)).toBe(0);
    expect(amountOf(after.pending, COIN)).toBe(0);
    expect((await wallet(a.key)).balance).toBe('1');
    // exactly what there is succeeds
    await paid(a.key, { amount: 100, currency: COIN, payment_method: 'stablecoin' }, 'succeeded');
    expect((await wallet(a.key)).balance).toBe('0');

    const empty = await t.newAccount();
    const g = gqlData(await gql(t.url, empty.key, CREATE, { input: { amount: 1, currency: COIN } })).createPayment;
    expect(g).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds', transactionHash: null, paymentMethod: 'stablecoin' });
    expect(amountOf((await balance(empty.key)).available, COIN)).toBe(0);
  });

  it('a card payment method with the coin\'s currency is 400 INVALID_FIELD_VALUE naming payment_method, on both doors; nothing is made', async () => {
    const a = await funded('10');
    for (const method of ['pm_card_visa', 'pm_card_mastercard', 'pm_card_processing', 'pm_card_chargeDeclined']) {
      const res = await pay(a.key, { amount: 100, currency: COIN, payment_method: method });
      const e = expectError(res, 400, 'INVALID_FIELD_VALUE');
      expect(faultFields(res)).toEqual(['payment_method']);
      expect(e.param).toBe('payment_method');
      expect(e.message).toMatch(/stablecoin/);
      expect(e.details.errors[0].expected).toMatch(/stablecoin/);
    }
    // with other faults, one answer names them all
    const many = await pay(a.key, { amount: -1, currency: COIN, payment_method: 'pm_card_visa' });
    expectError(many, 400, 'VALIDATION_ERROR');
    expect(faultFields(many).sort()).toEqual(['amount', 'payment_method']);
    // an unknown method stays INVALID_ENUM_VALUE
    expectError(await pay(a.key, { amount: 100, currency: COIN, payment_method: 'pm_card_bogus' }), 400, 'INVALID_ENUM_VALUE');

    const g = gqlError(await gql(t.url, a.key, CREATE, { input: { amount: 100, currency: COIN, paymentMethod: 'pm_card_visa' } }));
    expect(g.status).toBe(400);
    expect(g.extensions.code).toBe('INVALID_FIELD_VALUE');
    expect(g.extensions.details.errors.map((x: any) => x.field)).toEqual(['paymentMethod']);

    expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).data).toEqual([]);
    expect((await wallet(a.key)).balance).toBe('10');
  });

  it('events: payment.created (pending) then payment.succeeded with amount "12.50", currency usdx and the transaction hash; payment.failed with its reason', async () => {
    const a = await funded('12.5');
    const ok = await paid(a.key, { amount: 1250, currency: COIN }, 'succeeded');
    const failed = await paid(a.key, { amount: 1, currency: COIN }, 'failed');
    const all = await events(a.key, a.accountId, 'payment.*');
    const of = (id: string) => all.filter((e) => e.data.object.id === id);
    expect(of(ok.id).map((e) => e.type)).toEqual(['payment.created', 'payment.succeeded']);
    const [created, succeeded] = of(ok.id);
    expect(created.data).toMatchObject({ payment_id: ok.id, amount: '12.50', currency: COIN, status: 'pending' });
    expect(created.data).not.toHaveProperty('transaction_hash');
    expect(created.data.object).toEqual({ ...ok, status: 'pending', transaction_hash: null, failure_reason: null });
    expect(succeeded.data).toMatchObject({ payment_id: ok.id, amount: '12.50', currency: COIN, status: 'succeeded', transaction_hash: ok.transaction_hash });
    expect(succeeded.data.transaction_hash).toMatch(HASH);
    expect(succeeded.data.object).toEqual(ok);
    expect(of(failed.id).map((e) => e.type)).toEqual(['payment.created', 'payment.failed']);
    expect(of(failed.id)[1].data).toMatchObject({ payment_id: failed.id, amount: '0.01', currency: COIN, status: 'failed', failure_reason: 'insufficient_funds' });
    expect(of(failed.id)[1].data).not.toHaveProperty('transaction_hash');
  });
});

describe('refunds of a payment in the coin\'s currency', () => {
  it('partial, over-refund 422 with refundable_amount, then the rest: amount_refunded adds up, the available usdx goes back to 0, the wallet is not refilled', async () => {
    const a = await funded('15');
    const p = await paid(a.key, { amount: 1250, currency: COIN }, 'succeeded');
    const part = await refund(a.key, { payment: p.id, amount: 500, reason: 'requested_by_customer' });
    expect(part.status, part.text).toBe(201);
    expect(part.body).toMatchObject({ object: 'refund', payment: p.id, amount: 500, currency: COIN, status: 'succeeded', reason: 'requested_by_customer' });
    expect(part.body.transaction_hash).toMatch(HASH);
    expect((await getPayment(a.key, p.id)).amount_refunded).toBe(500);
    expect(amountOf((await balance(a.key)).available, COIN)).toBe(750);

    const over = await refund(a.key, { payment: p.id, amount: 751 });
    const e = expectError(over, 422, 'REFUND_EXCEEDS_PAYMENT');
    expect(e.details).toMatchObject({ refundable_amount: 750, requested_amount: 751, amount_refunded: 500, currency: COIN });
    expect((await getPayment(a.key, p.id)).amount_refunded).toBe(500);

    const rest = await refund(a.key, { payment: p.id });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ amount: 750, currency: COIN });
    expect((await getPayment(a.key, p.id)).amount_refunded).toBe(1250);
    expectError(await refund(a.key, { payment: p.id, amount: 1 }), 422, 'REFUND_EXCEEDS_PAYMENT');
    const b = await balance(a.key);
    expect(amountOf(b.available, COIN)).toBe(0);
    // as every refund (the usd stablecoin payment's too): available -> refunded, the coin stays burnt
    expect(b.stablecoin.balance).toBe('2.5');

    // refund.created: the major unit and usdx
    const refunds = (await events(a.key, a.accountId, 'refund.created')).filter((x) => x.data.payment_id === p.id);
    expect(refunds.map((x) => [x.data.amount, x.data.currency])).toEqual([['5.00', COIN], ['7.50', COIN]]);
    expect(refunds[0].data).toMatchObject({ refund_id: part.body.id, status: 'succeeded', transaction_hash: part.body.transaction_hash });

    // the ledger: available -> refunded in usdx hundredths
    const tx = await t.server.db.prisma.ledgerTransaction.findFirstOrThrow({
      where: { resourceId: part.body.id }, include: { postings: { orderBy: { position: 'asc' }, include: { ledgerAccount: true } } },
    });
    expect(tx.postings.map((x) => [x.ledgerAccount.kind, x.currency, x.amount])).toEqual([['available', COIN, -500n], ['refunded', COIN, 500n]]);
  });

  it('GraphQL refundPayment: partial, over-refund with refundable_amount, the rest', async () => {
    const a = await funded('11');
    const g = gqlData(await gql(t.url, a.key, CREATE, { input: { amount: 1000, currency: COIN } })).createPayment;
    const r = gqlData(await gql(t.url, a.key, REFUND, { input: { payment: g.id, amount: 300 } })).refundPayment;
    expect(r).toMatchObject({ amount: 300, currency: COIN, status: 'succeeded', payment: { id: g.id, amountRefunded: 300 } });
    const over = gqlError(await gql(t.url, a.key, REFUND, { input: { payment: g.id, amount: 701 } }));
    expect(over.status).toBe(422);
    expect(over.extensions).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT', details: { refundable_amount: 700, currency: COIN } });
    const rest = gqlData(await gql(t.url, a.key, REFUND, { input: { payment: g.id } })).refundPayment;
    expect(rest).toMatchObject({ amount: 700, payment: { amountRefunded: 1000 } });
  });

  it('20 concurrent refunds of 100 on a payment of 1000 usdx hundredths: exactly 10 succeed, the rest are 422', async () => {
    const a = await funded('10');
    const p = await paid(a.key, { amount: 1000, currency: COIN }, 'succeeded');
    const results = await Promise.all(Array.from({ length: 20 }, () => refund(a.key, { payment: p.id, amount: 100 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.error.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await getPayment(a.key, p.id)).amount_refunded).toBe(1000);
    expect(amountOf((await balance(a.key)).available, COIN)).toBe(0);
  });
});

describe('orders, the usd stablecoin payment, live mode', () => {
  it('orders are in ISO 4217 currencies: a usdx payment for a usd order is 400 naming currency (pay it in usd); an order in usdx is 400 naming currency', async () => {
    const a = await funded('50');
    const order = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
    expect(order.status, order.text).toBe(201);
    const res = await pay(a.key, { amount: 900, currency: COIN, order: order.body.id });
    const e = expectError(res, 400, 'VALIDATION_ERROR');
    expect(faultFields(res)).toEqual(['currency']);
    expect(e.message).toMatch(/the order is in usd; pay it in usd with payment_method stablecoin/);
    expect((await wallet(a.key)).balance).toBe('50');
    const g = gqlError(await gql(t.url, a.key, CREATE, { input: { amount: 900, currency: COIN, order: order.body.id } }));
    expect(g.status).toBe(400);
    expect(g.extensions.details.errors.map((x: any) => x.field)).toEqual(['currency']);
    // the order paid by the wallet in usd, as before
    const usd = await paid(a.key, { amount: 900, currency: 'usd', payment_method: 'stablecoin', order: order.body.id }, 'succeeded');
    expect(usd).toMatchObject({ currency: 'usd', order: order.body.id });
    expect((await api(t.url, `/v1/orders/${order.body.id}`, { key: a.key })).body.status).toBe('paid');
    // an order in the coin's currency is refused at creation
    const coinOrder = await api(t.url, '/v1/orders', { key: a.key, body: { ...TEA_ORDER, currency: COIN } });
    expect(coinOrder.status, coinOrder.text).toBe(400);
    expect(faultFields(coinOrder)).toEqual(['currency']);
  });

  it('the usd stablecoin payment is unchanged: usd cents, available in usd; eur is 400; payment_method stays required for a fiat currency', async () => {
    const a = await funded('10');
    const p = await paid(a.key, { amount: 250, currency: 'usd', payment_method: 'stablecoin' }, 'succeeded');
    expect(p).toMatchObject({ currency: 'usd', payment_method: 'stablecoin' });
    const b = await balance(a.key);
    expect(b.stablecoin.balance).toBe('7.5');
    expect(b.available).toEqual([{ amount: 250, currency: 'usd' }]);
    const eur = await pay(a.key, { amount: 100, currency: 'eur', payment_method: 'stablecoin' });
    expectError(eur, 400, 'VALIDATION_ERROR');
    expect(faultFields(eur)).toEqual(['currency']);
    const missing = await pay(a.key, { amount: 100, currency: 'usd' });
    expectError(missing, 400, 'MISSING_REQUIRED_FIELD');
    expect(faultFields(missing)).toEqual(['payment_method']);
    const gMissing = gqlError(await gql(t.url, a.key, CREATE, { input: { amount: 100, currency: 'usd' } }));
    expect(gMissing.status).toBe(400);
    expect(gMissing.extensions.details.errors.map((x: any) => x.field)).toEqual(['paymentMethod']);
    // codes that are neither ISO 4217 nor the coin's stay 400 naming currency
    for (const currency of ['usdd', 'xyz', 'usdxx', 'dollars']) {
      const res = await pay(a.key, { amount: 100, currency, payment_method: 'stablecoin' });
      expect(res.status, currency).toBe(400);
      expect(faultFields(res), currency).toEqual(['currency']);
    }
  });

  it('live mode: a usdx payment is a stablecoin payment, not a card one: it pays from the live wallet (an empty one fails insufficient_funds)', async () => {
    const a = await t.newAccount();
    const secret = await newSigningSecret(t, a);
    const live = (await a.newKey({ mode: 'live' })).secret;
    const empty = await pay(live, { amount: 100, currency: COIN });
    expect(empty.status, empty.text).toBe(201);
    expect(empty.body).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds', livemode: true });
    const issued = await signedPost(t, live, secret, '/v1/stablecoin/issue', { amount: '3' });
    expect(issued.status, issued.text).toBe(201);
    const ok = await pay(live, { amount: 125, currency: COIN });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ status: 'succeeded', currency: COIN, livemode: true });
    expect((await wallet(live)).balance).toBe('1.75');
    expect(amountOf((await balance(live)).available, COIN)).toBe(125);
    // the test mode's balance is another
    expect(amountOf((await balance(a.key)).available, COIN)).toBe(0);
    // a live card payment in usdx is the same 400 (the currency decides before the processor)
    expectError(await pay(live, { amount: 100, currency: COIN, payment_method: 'pm_card_visa' }), 400, 'INVALID_FIELD_VALUE');
  });
});

describe('the ledger', () => {
  it('a movement that nets the coin (micro-units) against hundredths of its currency is refused, though both are usdx', async () => {
    const a = await funded('1');
    const prisma = t.server.db.prisma;
    const scope = { accountId: a.accountId, livemode: false };
    await expect(prisma.$transaction(async (tx) => post(tx, scope, 'test', 'pay_0000000000mixedunits', [
      { account: ledgerAccount(a.accountId, false, 'wallet', COIN), amount: -100n },
      { account: ledgerAccount(a.accountId, false, 'available', COIN), amount: 100n },
    ]))).rejects.toThrow(/unbalanced ledger transaction: usdx \(coin micro-units\) postings sum to -100; usdx \(minor units\) postings sum to 100/);
    expect((await wallet(a.key)).balance).toBe('1');
  });

  it('verifies: verifyLedger finds no problem, and npm run --silent ledger -- verify exits 0', async () => {
    expect((await verifyLedger(t.server.db.prisma)).problems).toEqual([]);
    const env = hasPostgres ? { DATABASE_URL: t.server.config.DATABASE_URL } : { DATA_DIR: t.server.config.dataDir, DATABASE_URL: undefined };
    const res = await runScript('ledger', ['verify'], env);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^ok: \d+ transactions, \d+ postings, \d+ ledger accounts, \d+ chains\n$/);
  }, 60_000);
});
