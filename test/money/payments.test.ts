// Payments and refunds on both doors (REST /v1/payments*, /v1/refunds*, /v1/account/balance;
// GraphQL createPayment, refundPayment, payments, payment, refunds, accountBalance): the
// simulated test processor by payment method, settlement of pending payments (durable across
// a restart), events and their flat fields, live mode without a processor, lists, refunds
// (partial, the rest, over-refund, concurrent), orders moving to paid and refunded, the
// account balance, permissions, Idempotency-Key and bad input.
//
// Two servers, one after the other, on one data folder: server 1 runs without the settlement
// worker and leaves pending payments in the database; server 2 (worker on, settlement delay
// 300 ms) runs every other test and, last, sees server 1's payments settle. On PostgreSQL the
// folder does not matter: both servers (and any other test server running meanwhile) share the
// database, and any of them may settle a due payment; the tests ask only that it settles.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, hasPostgres, startTestServer, TEA_ORDER, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { fundWallet, newSigningSecret } from '../helpers/money.js';
import { expectError, expectList, faultFields, ids } from '../rest/envelope.js';

const HASH = /^[0-9a-f]{64}$/;
const PAYMENT_FIELDS = [
  'id', 'object', 'amount', 'currency', 'status', 'created', 'metadata', 'payment_method', 'customer', 'order',
  'amount_refunded', 'failure_reason', 'livemode', 'transaction_hash',
];
const REFUND_FIELDS = ['id', 'object', 'payment', 'amount', 'currency', 'status', 'reason', 'created'];
const MISSING_PAYMENT = 'pay_0000000000zzzzzzzzzzzzzzzz';

const CREATE = `mutation Pay($input: CreatePaymentInput!) {
  createPayment(input: $input) {
    id amount currency status paymentMethod amountRefunded failureReason transactionHash metadata description customerId orderId createdAt
  }
}`;
const CREATE_WITH_ORDER = `mutation Pay($input: CreatePaymentInput!) {
  createPayment(input: $input) { id status orderId order { id status amount } }
}`;
const REFUND = `mutation Refund($input: RefundPaymentInput!) {
  refundPayment(input: $input) { id amount currency status reason transactionHash paymentId payment { id amountRefunded status order { id status } } }
}`;
const GET_PAYMENT = `query One($id: ID!) { payment(id: $id) { id status amount amountRefunded transactionHash failureReason refunds { id amount } } }`;
const BALANCE = `{ accountBalance { available { amount currency } pending { amount currency } stablecoin { address balance currency } livemode } }`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads until `done` holds, or fails after `timeoutMs` with the last value read. */
async function eventually<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms; last read: ${JSON.stringify(v).slice(0, 800)}`);
    await sleep(100);
  }
}

/** The amount of `currency` in a balance list ([{amount, currency}]); an absent currency is 0. */
function amountOf(list: { amount: number; currency: string }[], currency: string): number {
  const rows = list.filter((m) => m.currency === currency);
  expect(rows.length, `one ${currency} entry at most in ${JSON.stringify(list)}`).toBeLessThanOrEqual(1);
  return rows[0]?.amount ?? 0;
}

/** The spec's payment representation, with the invariants each status implies. */
function expectPayment(p: any, expected: Record<string, unknown> = {}) {
  for (const f of PAYMENT_FIELDS) expect(p, `field ${f}`).toHaveProperty(f);
  expect(p.id).toMatch(/^pay_[0-9a-z]{10,40}$/);
  expect(p.object).toBe('payment');
  expect(Number.isInteger(p.amount)).toBe(true);
  expect(Number.isInteger(p.amount_refunded)).toBe(true);
  expect(p.currency).toMatch(/^[a-z]{3}$/);
  expect(Number.isInteger(p.created)).toBe(true);
  expect(Math.abs(p.created - Date.now() / 1000)).toBeLessThan(300);
  expect(p.metadata !== null && typeof p.metadata === 'object' && !Array.isArray(p.metadata)).toBe(true);
  expect(typeof p.livemode).toBe('boolean');
  expect(['pending', 'succeeded', 'failed']).toContain(p.status);
  if (p.status === 'succeeded') {
    expect(p.transaction_hash).toMatch(HASH);
    expect(p.failure_reason).toBeNull();
  } else {
    expect(p.transaction_hash).toBeNull();
    expect(p.amount_refunded).toBe(0);
    if (p.status === 'failed') expect(typeof p.failure_reason).toBe('string');
    else expect(p.failure_reason).toBeNull();
  }
  expect(p).toMatchObject(expected);
}

function expectRefund(r: any, expected: Record<string, unknown> = {}) {
  for (const f of REFUND_FIELDS) expect(r, `field ${f}`).toHaveProperty(f);
  expect(r.id).toMatch(/^re_[0-9a-z]{10,40}$/);
  expect(r.object).toBe('refund');
  expect(r.payment).toMatch(/^pay_/);
  expect(Number.isInteger(r.amount)).toBe(true);
  expect(r.amount).toBeGreaterThan(0);
  expect(r.status).toBe('succeeded');
  expect(Number.isInteger(r.created)).toBe(true);
  expect(r).toMatchObject(expected);
}

/** The one GraphQL error of a response, with its HTTP status. */
function gqlError(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors?.length, res.text.slice(0, 500)).toBeGreaterThan(0);
  return { status: res.status, ...res.body.errors![0] } as { status: number; message: string; extensions: Record<string, any> };
}

/** The data of a GraphQL response that must have no errors. */
function gqlData(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors, res.text.slice(0, 500)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

// one data folder for both servers (for PGlite, a copy of the migrated template, as testEnv makes)
const dataDir = mkdtempSync(join(tmpdir(), 'commerce-payments-'));
{
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (!hasPostgres && template && existsSync(template)) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
}
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// made on server 1, settled on server 2
let durable: { key: string; accountId: string; restId: string; gqlId: string } | undefined;
// a pending payment whose order is cancelled before it settles (server 2 settles it)
let cancelledWhilePending: { key: string; accountId: string; orderId: string; paymentId: string } | undefined;

describe('server 1, without a settlement worker: pending payments wait', () => {
  let s1: TestServer;
  let a: TestAccount;
  beforeAll(async () => {
    // 5 s: long enough that no other process (on PostgreSQL) settles these during this block
    s1 = await startTestServer({ DATA_DIR: dataDir, PAYMENT_WORKER: 'false', PAYMENT_PROCESSING_DELAY_MS: '5000' });
    a = await s1.newAccount();
  });
  afterAll(async () => { await s1?.stop(); });

  it('pm_card_processing is 201 pending on both doors; its amount is pending, not available; it cannot be refunded yet', async () => {
    const rest = await api(s1.url, '/v1/payments', { key: a.key, body: { amount: 700, currency: 'usd', payment_method: 'pm_card_processing' } });
    expect(rest.status, rest.text).toBe(201);
    expectPayment(rest.body, { status: 'pending', amount: 700, currency: 'usd', payment_method: 'pm_card_processing', transaction_hash: null, failure_reason: null });
    const g = gqlData(await gql(s1.url, a.key, CREATE, { input: { amount: 300, currency: 'usd', paymentMethod: 'pm_card_processing' } })).createPayment;
    expect(g).toMatchObject({ status: 'pending', amount: 300, transactionHash: null, failureReason: null, amountRefunded: 0 });
    durable = { key: a.key, accountId: a.accountId, restId: rest.body.id, gqlId: g.id };

    const read = await api(s1.url, `/v1/payments/${rest.body.id}`, { key: a.key });
    expect(read.body).toMatchObject({ status: 'pending', transaction_hash: null });

    const bal = await api(s1.url, '/v1/account/balance', { key: a.key });
    expect(bal.status).toBe(200);
    expect(amountOf(bal.body.pending, 'usd')).toBe(1000);
    expect(amountOf(bal.body.available, 'usd')).toBe(0);
    const gbal = gqlData(await gql(s1.url, a.key, BALANCE)).accountBalance;
    expect(amountOf(gbal.pending, 'usd')).toBe(1000);
    expect(amountOf(gbal.available, 'usd')).toBe(0);

    const refund = await api(s1.url, '/v1/payments/refund', { key: a.key, body: { payment: rest.body.id, amount: 100 } });
    const e = expectError(refund, 422, 'INVALID_STATE_TRANSITION');
    expect(e.details).toMatchObject({ payment_id: rest.body.id, current_status: 'pending' });
    const gRefund = gqlError(await gql(s1.url, a.key, REFUND, { input: { payment: g.id } }));
    expect(gRefund.status).toBe(422);
    expect(gRefund.extensions).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { current_status: 'pending' } });
    // nothing was refunded
    expect(expectList(await api(s1.url, '/v1/refunds', { key: a.key })).data).toEqual([]);
  });

  it('an order with a pending payment can be cancelled (the payment is settled later: see server 2)', async () => {
    const c = await s1.newAccount();
    const o = await api(s1.url, '/v1/orders', { key: c.key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 650 }] } });
    expect(o.status, o.text).toBe(201);
    const p = await api(s1.url, '/v1/payments', { key: c.key, body: { amount: 650, currency: 'usd', payment_method: 'pm_card_processing', order: o.body.id } });
    expect(p.status, p.text).toBe(201);
    expect(p.body.status).toBe('pending');
    const cancel = await api(s1.url, `/v1/orders/${o.body.id}/cancel`, { key: c.key, body: { reason: 'requested_by_customer' } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    cancelledWhilePending = { key: c.key, accountId: c.accountId, orderId: o.body.id, paymentId: p.body.id };
  });
});

describe('server 2, on the same data, with the worker', () => {
  let t: TestServer;
  let acct: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: dataDir, PAYMENT_PROCESSING_DELAY_MS: '300' });
    acct = await t.newAccount();
    other = await t.newAccount();
  });
  afterAll(async () => { await t?.stop(); });

  const pay = (key: string, body: unknown, headers: Record<string, string> = {}, path = '/v1/payments') => api(t.url, path, { key, body, headers });
  const refund = (key: string, body: unknown, headers: Record<string, string> = {}) => api(t.url, '/v1/payments/refund', { key, body, headers });
  const getPayment = (key: string, id: string) => api(t.url, `/v1/payments/${id}`, { key });
  const getOrder = async (key: string, id: string) => (await api(t.url, `/v1/orders/${id}`, { key })).body;
  const balance = async (key: string) => {
    const res = await api(t.url, '/v1/account/balance', { key });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** A payment that must be 201 with the given status. */
  const paid = async (key: string, body: Record<string, unknown>, status: string) => {
    const res = await pay(key, body);
    expect(res.status, res.text).toBe(201);
    expectPayment(res.body, { status });
    return res.body;
  };
  /** The account's events (of these types), oldest first, from the database's event sequence. */
  const eventsOf = async (accountId: string, types: string[]) => {
    const rows = await t.server.db.prisma.event.findMany({ where: { accountId, type: { in: types } }, orderBy: { seq: 'asc' }, select: { id: true, type: true } });
    return rows;
  };

  describe('creating payments', () => {
    it('POST /v1/payments and /v1/payments/create: 201 payment; pm_card_visa and pm_card_mastercard succeed with a transaction hash', async () => {
      const seen = new Set<string>();
      for (const path of ['/v1/payments', '/v1/payments/create']) {
        for (const method of ['pm_card_visa', 'pm_card_mastercard']) {
          const body = { amount: 1299, currency: 'USD', payment_method: method, description: 'Two teas', metadata: { ref: `${path}-${method}` } };
          const res = await pay(acct.key, body, {}, path);
          expect(res.status, res.text).toBe(201);
          expect(res.headers.get('content-type')).toMatch(/^application\/json/);
          expectPayment(res.body, {
            object: 'payment', amount: 1299, currency: 'usd', status: 'succeeded', payment_method: method, metadata: { ref: `${path}-${method}` },
            customer: null, order: null, amount_refunded: 0, failure_reason: null, livemode: false,
          });
          expect(seen.has(res.body.transaction_hash)).toBe(false);
          seen.add(res.body.transaction_hash);
          // the stored payment reads back the same
          const read = await getPayment(acct.key, res.body.id);
          expect(read.status).toBe(200);
          expect(read.body).toEqual(res.body);
        }
      }
    });

    it.each([
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_insufficientFunds', 'insufficient_funds'],
    ])('%s: 201 failed with failure_reason %s; the failed payment exists', async (method, reason) => {
      const res = await pay(acct.key, { amount: 900, currency: 'usd', payment_method: method });
      expect(res.status, res.text).toBe(201);
      expectPayment(res.body, { status: 'failed', failure_reason: reason, transaction_hash: null, amount_refunded: 0, payment_method: method });
      expect((await getPayment(acct.key, res.body.id)).body).toEqual(res.body);
    });

    it('pm_card_processing: 201 pending, then settles to succeeded with a transaction hash; the money moves from pending to available', async () => {
      const a = await t.newAccount();
      const p = await paid(a.key, { amount: 4200, currency: 'eur', payment_method: 'pm_card_processing' }, 'pending');
      expect(p).toMatchObject({ transaction_hash: null, failure_reason: null });
      // whenever it is read, the money is in exactly one of the two
      const mid = await balance(a.key);
      expect(amountOf(mid.pending, 'eur') + amountOf(mid.available, 'eur')).toBe(4200);
      const settled = await eventually('the payment settles', async () => (await getPayment(a.key, p.id)).body, (b) => b.status !== 'pending');
      expectPayment(settled, { status: 'succeeded', amount: 4200, currency: 'eur', failure_reason: null, amount_refunded: 0 });
      expect(settled.transaction_hash).toMatch(HASH);
      const after = await balance(a.key);
      expect(amountOf(after.available, 'eur')).toBe(4200);
      expect(amountOf(after.pending, 'eur')).toBe(0);
      // once: created, then succeeded, and never failed
      expect((await eventsOf(a.accountId, ['payment.created', 'payment.succeeded', 'payment.failed'])).map((e) => e.type)).toEqual(['payment.created', 'payment.succeeded']);
    });

    it('a customer of the account is attached; an unknown one is 404 PARENT_NOT_FOUND and nothing is created', async () => {
      const a = await t.newAccount();
      const c = await api(t.url, '/v1/customers', { key: a.key, body: { email: 'payer@example.com' } });
      const p = await paid(a.key, { amount: 100, currency: 'usd', payment_method: 'pm_card_visa', customer: c.body.id }, 'succeeded');
      expect(p.customer).toBe(c.body.id);
      const foreign = await api(t.url, '/v1/customers', { key: other.key, body: { email: 'other@example.com' } });
      const e = expectError(await pay(a.key, { amount: 100, currency: 'usd', payment_method: 'pm_card_visa', customer: foreign.body.id }), 404, 'PARENT_NOT_FOUND');
      expect(e.details).toMatchObject({ resource: 'customer', id: foreign.body.id });
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(1);
    });

    it('GraphQL createPayment: each test payment method gives its outcome; REST reads the same payment', async () => {
      const cases = [
        ['pm_card_visa', 'succeeded', null],
        ['pm_card_mastercard', 'succeeded', null],
        ['pm_card_chargeDeclined', 'failed', 'card_declined'],
        ['pm_card_insufficientFunds', 'failed', 'insufficient_funds'],
        ['pm_card_processing', 'pending', null],
      ] as const;
      for (const [method, status, reason] of cases) {
        const g = gqlData(await gql(t.url, acct.key, CREATE, {
          input: { amount: 555, currency: 'GBP', paymentMethod: method, description: 'gql', metadata: { via: 'graphql' } },
        })).createPayment;
        expect(g).toMatchObject({
          amount: 555, currency: 'gbp', status, paymentMethod: method, amountRefunded: 0, failureReason: reason,
          metadata: { via: 'graphql' }, description: 'gql', customerId: null, orderId: null,
        });
        expect(g.id).toMatch(/^pay_/);
        if (status === 'succeeded') expect(g.transactionHash).toMatch(HASH);
        else expect(g.transactionHash).toBeNull();
        const rest = (await getPayment(acct.key, g.id)).body;
        expect(rest).toMatchObject({ id: g.id, amount: 555, currency: 'gbp', payment_method: method, failure_reason: reason, metadata: { via: 'graphql' } });
        if (status !== 'pending') expect(rest).toMatchObject({ status, transaction_hash: g.transactionHash });
        if (status === 'pending') {
          const settled = await eventually('the GraphQL payment settles', async () => gqlData(await gql(t.url, acct.key, GET_PAYMENT, { id: g.id })).payment, (p) => p.status !== 'pending');
          expect(settled).toMatchObject({ status: 'succeeded', failureReason: null });
          expect(settled.transactionHash).toMatch(HASH);
        }
      }
    });

    it('stablecoin: an empty wallet fails with insufficient_funds; a funded one pays in usd and is debited by amount/100', async () => {
      const a = await t.newAccount();
      const empty = await paid(a.key, { amount: 250, currency: 'usd', payment_method: 'stablecoin' }, 'failed');
      expect(empty.failure_reason).toBe('insufficient_funds');
      const secret = await newSigningSecret(t, a);
      await fundWallet(t, a, secret, '10');
      const p = await paid(a.key, { amount: 250, currency: 'usd', payment_method: 'stablecoin' }, 'succeeded');
      expect(p.transaction_hash).toMatch(HASH);
      const bal = await balance(a.key);
      expect(bal.stablecoin.balance).toBe('7.5');
      expect(amountOf(bal.available, 'usd')).toBe(250);
      // a stablecoin payment is in usd
      const eur = await pay(a.key, { amount: 100, currency: 'eur', payment_method: 'stablecoin' });
      expectError(eur, 400, 'VALIDATION_ERROR');
      expect(faultFields(eur)).toEqual(['currency']);
    });
  });

  describe('events', () => {
    let ev: TestAccount;
    const made: Record<string, any> = {};
    beforeAll(async () => {
      ev = await t.newAccount();
      made.visa = await paid(ev.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      made.declined = await paid(ev.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_chargeDeclined' }, 'failed');
      made.insufficient = await paid(ev.key, { amount: 1234, currency: 'eur', payment_method: 'pm_card_insufficientFunds' }, 'failed');
      made.jpy = await paid(ev.key, { amount: 500, currency: 'jpy', payment_method: 'pm_card_mastercard' }, 'succeeded');
      made.cents = await paid(ev.key, { amount: 5, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      made.kwd = await paid(ev.key, { amount: 1500, currency: 'kwd', payment_method: 'pm_card_visa' }, 'succeeded');
      const g = gqlData(await gql(t.url, ev.key, CREATE, { input: { amount: 2000, currency: 'usd', paymentMethod: 'pm_card_visa' } })).createPayment;
      made.gql = (await getPayment(ev.key, g.id)).body;
    });

    const listEvents = async (type: string) => {
      const b = expectList(await api(t.url, `/v1/events?type=${type}&limit=100`, { key: ev.key }));
      return b.data;
    };

    it('every payment emits payment.created, then payment.succeeded or payment.failed, with data.object the payment', async () => {
      const events = await listEvents('payment.*');
      const order = await eventsOf(ev.accountId, ['payment.created', 'payment.succeeded', 'payment.failed']);
      for (const [name, p] of Object.entries(made)) {
        const own = events.filter((e: any) => e.data.object.id === p.id);
        const outcome = p.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed';
        expect(own.map((e: any) => e.type).sort(), name).toEqual(['payment.created', outcome].sort());
        const created = own.find((e: any) => e.type === 'payment.created');
        const done = own.find((e: any) => e.type === outcome);
        // created comes first in the account's event sequence
        const pos = (id: string) => order.findIndex((e) => e.id === id);
        expect(pos(created.id), name).toBeGreaterThanOrEqual(0);
        expect(pos(created.id), name).toBeLessThan(pos(done.id));
        for (const e of own) {
          expect(e).toMatchObject({ object: 'event', livemode: false });
          expect(e.id).toMatch(/^evt_/);
        }
        // payment.created shows the payment as it began; the outcome shows it as created
        expect(created.data.object).toEqual({ ...p, status: 'pending', failure_reason: null, transaction_hash: null });
        expect(done.data.object).toEqual(p);
      }
    });

    it('payment events carry the flat fields: payment_id, amount in the major unit as a decimal string, currency, status; transaction_hash or failure_reason', async () => {
      const events = await listEvents('payment.*');
      const major: Record<string, string> = { visa: '9.00', declined: '9.00', insufficient: '12.34', jpy: '500', cents: '0.05', kwd: '1.500', gql: '20.00' };
      for (const [name, p] of Object.entries(made)) {
        for (const e of events.filter((x: any) => x.data.object.id === p.id)) {
          const status = e.type === 'payment.created' ? 'pending' : p.status;
          expect(e.data, `${name} ${e.type}`).toMatchObject({ payment_id: p.id, amount: major[name], currency: p.currency, status });
          if (e.type === 'payment.succeeded') {
            expect(e.data.transaction_hash).toBe(p.transaction_hash);
            expect(e.data.transaction_hash).toMatch(HASH);
            expect(e.data).not.toHaveProperty('failure_reason');
          } else if (e.type === 'payment.failed') {
            expect(e.data.failure_reason).toBe(p.failure_reason);
            expect(e.data).not.toHaveProperty('transaction_hash');
          } else {
            expect(e.data).not.toHaveProperty('transaction_hash');
            expect(e.data).not.toHaveProperty('failure_reason');
          }
        }
      }
    });

    it('a refund emits refund.created with data.object the refund and its flat fields; the payment emits nothing more', async () => {
      const before = (await listEvents('payment.*')).length;
      const r = await refund(ev.key, { payment: made.visa.id, amount: 250, reason: 'requested_by_customer' });
      expect(r.status, r.text).toBe(201);
      const events = (await listEvents('refund.created')).filter((e: any) => e.data.object.id === r.body.id);
      expect(events).toHaveLength(1);
      expect(events[0].data.object).toEqual(r.body);
      expect(events[0].data).toMatchObject({ refund_id: r.body.id, payment_id: made.visa.id, amount: '2.50', currency: 'usd', status: 'succeeded' });
      expect((await listEvents('payment.*')).length).toBe(before);
    });

    it('the same events are in the webhook event stream GET /v1/events/{id}', async () => {
      const [e] = (await listEvents('payment.succeeded')).filter((x: any) => x.data.object.id === made.jpy.id);
      const one = await api(t.url, `/v1/events/${e.id}`, { key: ev.key });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(e.data);
    });
  });

  describe('live mode has no card processor', () => {
    it('a live card payment is 422 PAYMENT_FAILED no_processor_configured on both doors, and creates nothing', async () => {
      const a = await t.newAccount();
      const live = (await a.newKey({ mode: 'live' })).secret;
      for (const path of ['/v1/payments', '/v1/payments/create']) {
        for (const method of ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_processing']) {
          const res = await pay(live, { amount: 900, currency: 'usd', payment_method: method }, {}, path);
          const e = expectError(res, 422, 'PAYMENT_FAILED');
          expect(e.details.reason).toBe('no_processor_configured');
        }
      }
      const g = gqlError(await gql(t.url, live, CREATE, { input: { amount: 900, currency: 'usd', paymentMethod: 'pm_card_visa' } }));
      expect(g.status).toBe(422);
      expect(g.extensions).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason: 'no_processor_configured' } });

      const liveList = expectList(await api(t.url, '/v1/payments', { key: live }));
      expect(liveList.data).toEqual([]);
      expect(liveList.pagination.total_count).toBe(0);
      expect(gqlData(await gql(t.url, live, '{ payments { id } }')).payments).toEqual([]);
      expect(expectList(await api(t.url, '/v1/events?type=payment.*', { key: live })).data).toEqual([]);
      const bal = await balance(live);
      expect(bal.livemode).toBe(true);
      expect(bal.available.every((m: any) => m.amount === 0)).toBe(true);
      expect(bal.pending.every((m: any) => m.amount === 0)).toBe(true);
      // and nothing in test mode either
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(0);
      expect(await t.server.db.prisma.payment.count({ where: { accountId: a.accountId } })).toBe(0);
    });
  });

  describe('reading payments', () => {
    let r: TestAccount;
    const p: Record<string, any> = {};
    beforeAll(async () => {
      r = await t.newAccount();
      p.visa = await paid(r.key, { amount: 100, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      p.master = await paid(r.key, { amount: 200, currency: 'usd', payment_method: 'pm_card_mastercard' }, 'succeeded');
      p.eur = await paid(r.key, { amount: 300, currency: 'eur', payment_method: 'pm_card_visa' }, 'succeeded');
      p.declined = await paid(r.key, { amount: 400, currency: 'usd', payment_method: 'pm_card_chargeDeclined' }, 'failed');
      p.funds = await paid(r.key, { amount: 500, currency: 'usd', payment_method: 'pm_card_insufficientFunds' }, 'failed');
    });
    const names = async (query: string) => {
      const res = await api(t.url, `/v1/payments?limit=100&${query}`, { key: r.key });
      const b = expectList(res);
      expect(b.pagination.total_count).toBe(b.data.length);
      const byId = new Map(Object.entries(p).map(([k, v]) => [v.id, k]));
      return ids(res).map((id) => byId.get(id) ?? id).sort();
    };

    it('GET /v1/payments and /v1/payments/list: the list envelope with every payment as created; GET /v1/payments/{id}', async () => {
      for (const path of ['/v1/payments', '/v1/payments/list']) {
        const b = expectList(await api(t.url, `${path}?limit=100`, { key: r.key }));
        expect(b.pagination.total_count).toBe(5);
        expect(b.data.every((x: any) => x.object === 'payment')).toBe(true);
        for (const x of Object.values(p)) expect(b.data.find((y: any) => y.id === x.id)).toEqual(x);
        // newest first
        expect(b.data.map((x: any) => x.id)).toEqual(Object.values(p).map((x) => x.id).reverse());
      }
      for (const x of Object.values(p)) expect((await getPayment(r.key, x.id)).body).toEqual(x);
      expectError(await getPayment(r.key, MISSING_PAYMENT), 404, 'RESOURCE_NOT_FOUND');
    });

    it.each([
      ['status_eq=failed', ['declined', 'funds']],
      ['status=succeeded', ['eur', 'master', 'visa']],
      ['status_ne=succeeded', ['declined', 'funds']],
      ['currency_eq=eur', ['eur']],
      ['amount_gte=200&amount_lt=500', ['declined', 'eur', 'master']],
      ['status_in=failed&currency=usd', ['declined', 'funds']],
      ['payment_method=pm_card_mastercard', ['master']],
      ['failure_reason=card_declined', ['declined']],
    ])('filters: %s', async (query, expected) => {
      expect(await names(query)).toEqual(expected);
    });

    it('cursor pagination walks every payment once; sort by amount', async () => {
      const seen: string[] = [];
      let res = await api(t.url, '/v1/payments?limit=2', { key: r.key });
      for (let page = 0; page < 10; page++) {
        const b = expectList(res);
        expect(b.data.length).toBeLessThanOrEqual(2);
        seen.push(...b.data.map((x: any) => x.id));
        if (!b.pagination.has_more) { expect(b.pagination.next_cursor).toBeNull(); break; }
        res = await api(t.url, `/v1/payments?limit=2&cursor=${encodeURIComponent(b.pagination.next_cursor)}`, { key: r.key });
      }
      expect(seen).toEqual(Object.values(p).map((x) => x.id).reverse());
      const byAmount = expectList(await api(t.url, '/v1/payments?limit=100&sort=amount&order=asc', { key: r.key }));
      expect(byAmount.data.map((x: any) => x.amount)).toEqual([100, 200, 300, 400, 500]);
    });

    it("another account's payment is 404 on both doors and in no list; it cannot be refunded", async () => {
      expectError(await getPayment(other.key, p.visa.id), 404, 'RESOURCE_NOT_FOUND');
      expect(ids(await api(t.url, '/v1/payments?limit=100', { key: other.key }))).not.toContain(p.visa.id);
      expect(gqlData(await gql(t.url, other.key, GET_PAYMENT, { id: p.visa.id })).payment).toBeNull();
      expect(gqlData(await gql(t.url, other.key, '{ payments(limit: 100) { id } }')).payments.map((x: any) => x.id)).not.toContain(p.visa.id);
      expectError(await refund(other.key, { payment: p.visa.id, amount: 1 }), 404, 'RESOURCE_NOT_FOUND');
      const g = gqlError(await gql(t.url, other.key, REFUND, { input: { payment: p.visa.id, amount: 1 } }));
      expect(g.extensions.code).toBe('RESOURCE_NOT_FOUND');
      expect((await getPayment(r.key, p.visa.id)).body.amount_refunded).toBe(0);
    });

    it('GraphQL payments (where, order_by, limit) and payment(id)', async () => {
      const failed = gqlData(await gql(t.url, r.key, '{ payments(where: { status: { _eq: "failed" } }, order_by: [{ amount: asc }]) { id amount failureReason } }')).payments;
      expect(failed).toEqual([
        { id: p.declined.id, amount: 400, failureReason: 'card_declined' },
        { id: p.funds.id, amount: 500, failureReason: 'insufficient_funds' },
      ]);
      const two = gqlData(await gql(t.url, r.key, '{ payments(limit: 2, order_by: [{ amount: desc }]) { amount } }')).payments;
      expect(two).toEqual([{ amount: 500 }, { amount: 400 }]);
      const one = gqlData(await gql(t.url, r.key, GET_PAYMENT, { id: p.eur.id })).payment;
      expect(one).toEqual({ id: p.eur.id, status: 'succeeded', amount: 300, amountRefunded: 0, transactionHash: p.eur.transaction_hash, failureReason: null, refunds: [] });
      expect(gqlData(await gql(t.url, r.key, GET_PAYMENT, { id: MISSING_PAYMENT })).payment).toBeNull();
    });

    it('refunds: GET /v1/refunds, /v1/refunds/{id}; GraphQL refunds and refund(id)', async () => {
      const a = await t.newAccount();
      const x = await paid(a.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const r1 = (await refund(a.key, { payment: x.id, amount: 100 })).body;
      const r2 = (await refund(a.key, { payment: x.id, amount: 200, reason: 'duplicate' })).body;
      for (const path of ['/v1/refunds', '/v1/refunds/list']) {
        const b = expectList(await api(t.url, `${path}?limit=100`, { key: a.key }));
        expect(b.data).toEqual([r2, r1]);
      }
      expect((await api(t.url, `/v1/refunds/${r1.id}`, { key: a.key })).body).toEqual(r1);
      expectError(await api(t.url, `/v1/refunds/${r1.id}`, { key: other.key }), 404, 'RESOURCE_NOT_FOUND');
      const b = expectList(await api(t.url, `/v1/refunds?limit=100&amount_gte=150`, { key: a.key }));
      expect(ids({ body: b } as ApiResponse)).toEqual([r2.id]);
      const g = gqlData(await gql(t.url, a.key, `query($p: String!) { refunds(where: { paymentId: { _eq: $p } }, order_by: [{ amount: asc }]) { id amount reason payment { id amountRefunded } } }`, { p: x.id })).refunds;
      expect(g).toEqual([
        { id: r1.id, amount: 100, reason: null, payment: { id: x.id, amountRefunded: 300 } },
        { id: r2.id, amount: 200, reason: 'duplicate', payment: { id: x.id, amountRefunded: 300 } },
      ]);
      expect(gqlData(await gql(t.url, a.key, `query($id: ID!) { refund(id: $id) { id amount currency status transactionHash } }`, { id: r2.id })).refund)
        .toEqual({ id: r2.id, amount: 200, currency: 'usd', status: 'succeeded', transactionHash: r2.transaction_hash });
    });
  });

  describe('refunds', () => {
    it('partial refunds add up into amount_refunded; a refund without amount refunds the rest; then nothing is left', async () => {
      const p = await paid(acct.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const r1 = await refund(acct.key, { payment: p.id, amount: 300, reason: 'requested_by_customer' });
      expect(r1.status, r1.text).toBe(201);
      expectRefund(r1.body, { payment: p.id, amount: 300, currency: 'usd', status: 'succeeded', reason: 'requested_by_customer' });
      expect((await getPayment(acct.key, p.id)).body.amount_refunded).toBe(300);
      const r2 = await refund(acct.key, { payment: p.id, amount: 200 });
      expectRefund(r2.body, { amount: 200, reason: null });
      expect((await getPayment(acct.key, p.id)).body).toMatchObject({ amount_refunded: 500, status: 'succeeded', amount: 1000 });
      const rest = await refund(acct.key, { payment: p.id });
      expect(rest.status, rest.text).toBe(201);
      expectRefund(rest.body, { amount: 500 });
      expect((await getPayment(acct.key, p.id)).body.amount_refunded).toBe(1000);
      expect(new Set([r1.body.id, r2.body.id, rest.body.id]).size).toBe(3);
      const none = await refund(acct.key, { payment: p.id, amount: 1 });
      expect(expectError(none, 422, 'REFUND_EXCEEDS_PAYMENT').details).toMatchObject({ refundable_amount: 0 });
      expectError(await refund(acct.key, { payment: p.id }), 422, 'REFUND_EXCEEDS_PAYMENT');
    });

    it('a refund over what remains is 422 with details.refundable_amount, and refunds nothing', async () => {
      const p = await paid(acct.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_mastercard' }, 'succeeded');
      expect((await refund(acct.key, { payment: p.id, amount: 400 })).status).toBe(201);
      const over = await refund(acct.key, { payment: p.id, amount: 601 });
      const e = expectError(over, 422, 'REFUND_EXCEEDS_PAYMENT');
      expect(e.details).toMatchObject({ payment_id: p.id, refundable_amount: 600 });
      expect(e.param).toBe('amount');
      expect((await getPayment(acct.key, p.id)).body.amount_refunded).toBe(400);
      // exactly what remains is fine
      expect((await refund(acct.key, { payment: p.id, amount: 600 })).status).toBe(201);
    });

    it('refunding a failed payment is 422 INVALID_STATE_TRANSITION; an unknown payment is 404', async () => {
      const p = await paid(acct.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_chargeDeclined' }, 'failed');
      for (const body of [{ payment: p.id }, { payment: p.id, amount: 100 }]) {
        const e = expectError(await refund(acct.key, body), 422, 'INVALID_STATE_TRANSITION');
        expect(e.details).toMatchObject({ payment_id: p.id, current_status: 'failed' });
      }
      const missing = await refund(acct.key, { payment: MISSING_PAYMENT, amount: 1 });
      expectError(missing, 404, 'RESOURCE_NOT_FOUND');
      expect(missing.body.error.param).toBe('payment');
      expect((await getPayment(acct.key, p.id)).body.amount_refunded).toBe(0);
    });

    it('GraphQL refundPayment: partial, the rest, over-refund with refundable_amount, a failed payment', async () => {
      const p = gqlData(await gql(t.url, acct.key, CREATE, { input: { amount: 800, currency: 'usd', paymentMethod: 'pm_card_visa' } })).createPayment;
      const r1 = gqlData(await gql(t.url, acct.key, REFUND, { input: { payment: p.id, amount: 300, reason: 'duplicate' } })).refundPayment;
      expect(r1).toMatchObject({ amount: 300, currency: 'usd', status: 'succeeded', reason: 'duplicate', paymentId: p.id, payment: { id: p.id, amountRefunded: 300 } });
      expect(r1.id).toMatch(/^re_/);
      expect(r1.transactionHash).toMatch(HASH);
      const over = gqlError(await gql(t.url, acct.key, REFUND, { input: { payment: p.id, amount: 501 } }));
      expect(over.status).toBe(422);
      expect(over.extensions).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT', details: { refundable_amount: 500 } });
      const rest = gqlData(await gql(t.url, acct.key, REFUND, { input: { payment: p.id } })).refundPayment;
      expect(rest).toMatchObject({ amount: 500, reason: null, payment: { amountRefunded: 800 } });
      expect((await getPayment(acct.key, p.id)).body.amount_refunded).toBe(800);
      const f = gqlData(await gql(t.url, acct.key, CREATE, { input: { amount: 800, currency: 'usd', paymentMethod: 'pm_card_insufficientFunds' } })).createPayment;
      const bad = gqlError(await gql(t.url, acct.key, REFUND, { input: { payment: f.id } }));
      expect(bad.status).toBe(422);
      expect(bad.extensions.code).toBe('INVALID_STATE_TRANSITION');
    });

    it('20 concurrent refunds of 100 on a payment of 1000: exactly 10 succeed, amount_refunded is 1000', async () => {
      const a = await t.newAccount();
      const p = await paid(a.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const results = await Promise.all(Array.from({ length: 20 }, () => refund(a.key, { payment: p.id, amount: 100 })));
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(ok).toHaveLength(10);
      for (const r of refused) expectError(r, 422, 'REFUND_EXCEEDS_PAYMENT');
      expect(new Set(ok.map((r) => r.body.id)).size).toBe(10);
      expect((await getPayment(a.key, p.id)).body.amount_refunded).toBe(1000);
      const list = expectList(await api(t.url, '/v1/refunds?limit=100', { key: a.key }));
      expect(list.data).toHaveLength(10);
      expect(list.data.reduce((s: number, r: any) => s + r.amount, 0)).toBe(1000);
      expect(amountOf((await balance(a.key)).available, 'usd')).toBe(0);
      expect((await eventsOf(a.accountId, ['refund.created']))).toHaveLength(10);
    });

    it('concurrent refunds over both doors never exceed the payment', async () => {
      const a = await t.newAccount();
      const p = await paid(a.key, { amount: 700, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => i % 2
        ? refund(a.key, { payment: p.id, amount: 100 }).then((r) => r.status === 201)
        : gql(t.url, a.key, REFUND, { input: { payment: p.id, amount: 100 } }).then((r) => !r.body.errors && r.status === 200)));
      expect(results.filter(Boolean)).toHaveLength(7);
      expect((await getPayment(a.key, p.id)).body.amount_refunded).toBe(700);
    });
  });

  describe('orders', () => {
    const newOrder = async (key: string, body: unknown = TEA_ORDER) => {
      const res = await api(t.url, '/v1/orders', { key, body });
      expect(res.status, res.text).toBe(201);
      expect(res.body.amount).toBe(body === TEA_ORDER ? 900 : res.body.amount);
      return res.body;
    };
    const orderEvents = async (accountId: string, orderId: string) =>
      (await t.server.db.prisma.event.findMany({ where: { accountId, type: { in: ['order.paid', 'order.refunded'] } }, orderBy: { seq: 'asc' } }))
        .filter((e) => (e.data as any).object.id === orderId)
        .map((e) => ({ type: e.type, status: (e.data as any).object.status }));

    it('an order paid in full by a succeeded payment is paid (order.paid); a partial refund keeps it paid; the full refund makes it refunded (order.refunded)', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const p = await paid(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }, 'succeeded');
      expect(p.order).toBe(o.id);
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }]);
      const partial = await refund(a.key, { payment: p.id, amount: 100 });
      expect(partial.status).toBe(201);
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect((await refund(a.key, { payment: p.id })).status).toBe(201);
      expect((await getOrder(a.key, o.id)).status).toBe('refunded');
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }, { type: 'order.refunded', status: 'refunded' }]);
      // a refunded order cannot be paid again
      const again = await pay(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: o.id });
      expect(expectError(again, 422, 'INVALID_STATE_TRANSITION').param).toBe('order');
    });

    it('an order is never charged beyond its total: 422 AMOUNT_EXCEEDS_DUE with amount_due (pending payments count, failed ones and refunds do not), on both doors', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const over = await pay(a.key, { amount: 901, currency: 'usd', payment_method: 'pm_card_visa', order: o.id });
      const e = expectError(over, 422, 'AMOUNT_EXCEEDS_DUE');
      expect(e.param).toBe('amount');
      expect(e.details).toMatchObject({ amount_due: 900, amount: 901, order_id: o.id, order_amount: 900 });
      await paid(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_chargeDeclined', order: o.id }, 'failed');
      await paid(a.key, { amount: 300, currency: 'usd', payment_method: 'pm_card_processing', order: o.id }, 'pending');
      expect(expectError(await pay(a.key, { amount: 601, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }), 422, 'AMOUNT_EXCEEDS_DUE').details.amount_due).toBe(600);
      const p = await paid(a.key, { amount: 600, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }, 'succeeded');
      // covered in full (a pending payment included): nothing more can be charged, on either door
      const twice = expectError(await pay(a.key, { amount: 1, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }), 422, 'AMOUNT_EXCEEDS_DUE');
      expect(twice.details.amount_due).toBe(0);
      const g = await gql(t.url, a.key, 'mutation($input: CreatePaymentInput!) { createPayment(input: $input) { id } }', { input: { amount: 1, currency: 'usd', paymentMethod: 'pm_card_visa', order: o.id } });
      expect(g.body.errors?.[0]?.extensions?.code, g.text).toBe('AMOUNT_EXCEEDS_DUE');
      // a refund makes room again
      expect((await refund(a.key, { payment: p.id, amount: 250 })).status).toBe(201);
      expect(expectError(await pay(a.key, { amount: 251, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }), 422, 'AMOUNT_EXCEEDS_DUE').details.amount_due).toBe(250);
      await paid(a.key, { amount: 250, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }, 'succeeded');
      const list = await api(t.url, `/v1/payments?order_eq=${o.id}&limit=100`, { key: a.key });
      // (the processing payment may have settled meanwhile: this server runs the settlement worker)
      expect(list.body.data.map((x: { status: string }) => (x.status === 'pending' ? 'succeeded' : x.status)).sort()).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);
    });

    it('several payments: failed ones do not count, paid once they cover the amount, refunded once every succeeded one is fully refunded', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      await paid(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_chargeDeclined', order: o.id }, 'failed');
      expect((await getOrder(a.key, o.id)).status).toBe('pending');
      const p1 = await paid(a.key, { amount: 400, currency: 'usd', payment_method: 'pm_card_visa', order: o.id }, 'succeeded');
      expect((await getOrder(a.key, o.id)).status).toBe('pending');
      const p2 = await paid(a.key, { amount: 500, currency: 'usd', payment_method: 'pm_card_mastercard', order: o.id }, 'succeeded');
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect((await refund(a.key, { payment: p2.id })).status).toBe(201);
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect((await refund(a.key, { payment: p1.id, amount: 399 })).status).toBe(201);
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect((await refund(a.key, { payment: p1.id, amount: 1 })).status).toBe(201);
      expect((await getOrder(a.key, o.id)).status).toBe('refunded');
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }, { type: 'order.refunded', status: 'refunded' }]);
    });

    it('concurrent partial payments that together cover the order pay it once; concurrent full refunds refund it once', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const parts = await Promise.all([300, 300, 300].map((amount) => pay(a.key, { amount, currency: 'usd', payment_method: 'pm_card_visa', order: o.id })));
      expect(parts.map((r) => r.status)).toEqual([201, 201, 201]);
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      const refunds = await Promise.all(parts.map((p) => refund(a.key, { payment: p.body.id })));
      expect(refunds.map((r) => r.status)).toEqual([201, 201, 201]);
      expect((await getOrder(a.key, o.id)).status).toBe('refunded');
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }, { type: 'order.refunded', status: 'refunded' }]);
    });

    it('a pending payment pays the order when it settles', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const p = await paid(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_processing', order: o.id }, 'pending');
      await eventually('the payment settles', async () => (await getPayment(a.key, p.id)).body.status, (s) => s === 'succeeded');
      expect((await getOrder(a.key, o.id)).status).toBe('paid');
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }]);
    });

    it('GraphQL: createPayment pays the order; refundPayment of everything refunds it', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const p = gqlData(await gql(t.url, a.key, CREATE_WITH_ORDER, { input: { amount: 900, currency: 'usd', paymentMethod: 'pm_card_visa', order: o.id } })).createPayment;
      expect(p).toMatchObject({ status: 'succeeded', orderId: o.id, order: { id: o.id, status: 'paid', amount: 900 } });
      const r = gqlData(await gql(t.url, a.key, REFUND, { input: { payment: p.id } })).refundPayment;
      expect(r).toMatchObject({ amount: 900, payment: { amountRefunded: 900, order: { id: o.id, status: 'refunded' } } });
      expect(await orderEvents(a.accountId, o.id)).toEqual([{ type: 'order.paid', status: 'paid' }, { type: 'order.refunded', status: 'refunded' }]);
    });

    it("a payment in another currency than the order's is 400 naming currency, on both doors; nothing is created", async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      const res = await pay(a.key, { amount: 900, currency: 'eur', payment_method: 'pm_card_visa', order: o.id });
      const e = expectError(res, 400, 'VALIDATION_ERROR');
      expect(faultFields(res)).toEqual(['currency']);
      expect(e.param).toBe('currency');
      expect(e.details.errors[0].expected).toBe('usd');
      const g = gqlError(await gql(t.url, a.key, CREATE, { input: { amount: 900, currency: 'eur', paymentMethod: 'pm_card_visa', order: o.id } }));
      expect(g.status).toBe(400);
      expect(g.extensions.details.errors.map((x: any) => x.field)).toEqual(['currency']);
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(0);
      expect((await getOrder(a.key, o.id)).status).toBe('pending');
    });

    it('paying a cancelled order is 422 on both doors; an unknown or foreign order is 404 PARENT_NOT_FOUND', async () => {
      const a = await t.newAccount();
      const o = await newOrder(a.key);
      expect((await api(t.url, `/v1/orders/${o.id}/cancel`, { key: a.key, body: {} })).status).toBe(200);
      const res = await pay(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: o.id });
      const e = expectError(res, 422, 'INVALID_STATE_TRANSITION');
      expect(e.details).toMatchObject({ order_id: o.id, current_status: 'cancelled' });
      const g = gqlError(await gql(t.url, a.key, CREATE, { input: { amount: 900, currency: 'usd', paymentMethod: 'pm_card_visa', order: o.id } }));
      expect(g.status).toBe(422);
      expect(g.extensions.code).toBe('INVALID_STATE_TRANSITION');
      const foreign = await newOrder(other.key);
      for (const id of [foreign.id, 'ord_0000000000zzzzzzzzzzzzzzzz']) {
        const nf = expectError(await pay(a.key, { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: id }), 404, 'PARENT_NOT_FOUND');
        expect(nf.details).toMatchObject({ resource: 'order', id });
      }
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(0);
      expect((await getOrder(other.key, foreign.id)).status).toBe('pending');
    });
  });

  describe('account balance', () => {
    it('GET /v1/account/balance: available is succeeded less refunded per currency; failed payments count nowhere; GraphQL accountBalance agrees', async () => {
      const a = await t.newAccount();
      const empty = await balance(a.key);
      expect(Object.keys(empty).sort()).toEqual(['available', 'livemode', 'object', 'pending', 'stablecoin']);
      expect(empty).toMatchObject({ object: 'balance', livemode: false });
      expect(empty.available.every((m: any) => m.amount === 0)).toBe(true);
      expect(empty.pending.every((m: any) => m.amount === 0)).toBe(true);
      expect(empty.stablecoin.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(empty.stablecoin).toMatchObject({ balance: '0', currency: 'usdx' });

      const usd = await paid(a.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      await paid(a.key, { amount: 2500, currency: 'eur', payment_method: 'pm_card_mastercard' }, 'succeeded');
      await paid(a.key, { amount: 700, currency: 'usd', payment_method: 'pm_card_chargeDeclined' }, 'failed');
      await paid(a.key, { amount: 300, currency: 'eur', payment_method: 'pm_card_insufficientFunds' }, 'failed');
      await paid(a.key, { amount: 150, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      expect((await refund(a.key, { payment: usd.id, amount: 250 })).status).toBe(201);

      const b = await balance(a.key);
      expect(amountOf(b.available, 'usd')).toBe(900);
      expect(amountOf(b.available, 'eur')).toBe(2500);
      expect(amountOf(b.pending, 'usd')).toBe(0);
      expect(amountOf(b.pending, 'eur')).toBe(0);
      // both lists name the same currencies, in order, 0 where nothing is (no payment was ever pending here)
      expect(b.available.map((m: any) => m.currency)).toEqual(['eur', 'usd']);
      expect(b.pending).toEqual([{ amount: 0, currency: 'eur' }, { amount: 0, currency: 'usd' }]);
      for (const m of [...b.available, ...b.pending]) {
        expect(Object.keys(m).sort()).toEqual(['amount', 'currency']);
        expect(Number.isInteger(m.amount)).toBe(true);
      }
      expect(b.stablecoin).toEqual(empty.stablecoin);
      const g = gqlData(await gql(t.url, a.key, BALANCE)).accountBalance;
      expect(g).toEqual({ available: b.available, pending: b.pending, stablecoin: b.stablecoin, livemode: false });

      // the other mode has its own balance and wallet
      const live = (await a.newKey({ mode: 'live' })).secret;
      const lb = await balance(live);
      expect(lb.livemode).toBe(true);
      expect(amountOf(lb.available, 'usd')).toBe(0);
      expect(lb.stablecoin.address).not.toBe(b.stablecoin.address);
    });

    it('pending counts a processing payment until it settles, then it is available', async () => {
      const a = await t.newAccount();
      await paid(a.key, { amount: 600, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const p = await paid(a.key, { amount: 400, currency: 'usd', payment_method: 'pm_card_processing' }, 'pending');
      const mid = await balance(a.key);
      expect(amountOf(mid.available, 'usd') + amountOf(mid.pending, 'usd')).toBe(1000);
      expect(amountOf(mid.available, 'usd')).toBeGreaterThanOrEqual(600);
      await eventually('the payment settles', async () => (await getPayment(a.key, p.id)).body.status, (s) => s === 'succeeded');
      const after = await balance(a.key);
      expect(amountOf(after.available, 'usd')).toBe(1000);
      expect(amountOf(after.pending, 'usd')).toBe(0);
    });
  });

  describe('permissions', () => {
    const body = { amount: 100, currency: 'usd', payment_method: 'pm_card_visa' };
    let target: any;
    beforeAll(async () => {
      target = await paid(acct.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
    });
    const count = async () => t.server.db.prisma.payment.count({ where: { accountId: acct.accountId } });
    const refundCount = async () => t.server.db.prisma.refund.count({ where: { accountId: acct.accountId } });

    it('payments:read reads but cannot create, refund or read the balance (403 INSUFFICIENT_PERMISSIONS), on both doors', async () => {
      const key = (await acct.newKey({ type: 'restricted', permissions: ['payments:read'] })).secret;
      expectList(await api(t.url, '/v1/payments', { key }));
      expect((await getPayment(key, target.id)).status).toBe(200);
      expect(gqlData(await gql(t.url, key, GET_PAYMENT, { id: target.id })).payment.id).toBe(target.id);
      const before = await count();
      for (const path of ['/v1/payments', '/v1/payments/create']) {
        const e = expectError(await pay(key, body, {}, path), 403, 'INSUFFICIENT_PERMISSIONS');
        expect(e.details.required).toBe('payments:create');
      }
      const g = gqlError(await gql(t.url, key, CREATE, { input: { amount: 100, currency: 'usd', paymentMethod: 'pm_card_visa' } }));
      expect(g.status).toBe(403);
      expect(g.extensions).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'payments:create' } });
      expect(expectError(await refund(key, { payment: target.id, amount: 1 }), 403, 'INSUFFICIENT_PERMISSIONS').details.required).toBe('payments:refund');
      expect(expectError(await api(t.url, '/v1/account/balance', { key }), 403, 'INSUFFICIENT_PERMISSIONS').details.required).toBe('balance:read');
      expect(gqlError(await gql(t.url, key, BALANCE)).extensions).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'balance:read' } });
      expect(await count()).toBe(before);
    });

    it('payments:create without payments:refund creates but cannot refund, on both doors', async () => {
      const key = (await acct.newKey({ type: 'restricted', permissions: ['payments:create'] })).secret;
      const p = await pay(key, body);
      expect(p.status, p.text).toBe(201);
      const before = await refundCount();
      const e = expectError(await refund(key, { payment: p.body.id, amount: 50 }), 403, 'INSUFFICIENT_PERMISSIONS');
      expect(e.details.required).toBe('payments:refund');
      const g = gqlError(await gql(t.url, key, 'mutation($i: RefundPaymentInput!) { refundPayment(input: $i) { id } }', { i: { payment: p.body.id, amount: 50 } }));
      expect(g.status).toBe(403);
      expect(g.extensions).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'payments:refund' } });
      expect(await refundCount()).toBe(before);
      expect((await getPayment(acct.key, p.body.id)).body.amount_refunded).toBe(0);
      // with payments:refund it can
      const refunder = (await acct.newKey({ type: 'restricted', permissions: ['payments:refund'] })).secret;
      expect((await refund(refunder, { payment: p.body.id, amount: 50 })).status).toBe(201);
    });

    it('balance:read reads the balance on both doors, and nothing of payments', async () => {
      const key = (await acct.newKey({ type: 'restricted', permissions: ['balance:read'] })).secret;
      const b = await balance(key);
      expect(b).toEqual(await balance(acct.key));
      expect(gqlData(await gql(t.url, key, BALANCE)).accountBalance.livemode).toBe(false);
      expectError(await api(t.url, '/v1/payments', { key }), 403, 'INSUFFICIENT_PERMISSIONS');
      expectError(await pay(key, body), 403, 'INSUFFICIENT_PERMISSIONS');
    });

    it('a publishable key gets 403 on every payment route and on the account balance, on both doors', async () => {
      const pk = (await acct.newKey({ type: 'publishable' })).secret;
      expect(pk).toMatch(/^pk_/);
      const before = await count();
      const routes: [string, string, unknown?][] = [
        ['GET', '/v1/payments'], ['GET', '/v1/payments/list'], ['GET', `/v1/payments/${target.id}`],
        ['POST', '/v1/payments', body], ['POST', '/v1/payments/create', body], ['POST', '/v1/payments/refund', { payment: target.id, amount: 1 }],
        ['GET', '/v1/refunds'], ['GET', '/v1/account/balance'],
      ];
      for (const [method, path, b] of routes) {
        const res = await api(t.url, path, { method, key: pk, body: b });
        expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBe(403);
        expect(res.body.error.type).toBe('permission_error');
      }
      for (const [query, variables] of [
        ['{ payments { id } }', undefined],
        [GET_PAYMENT, { id: target.id }],
        [BALANCE, undefined],
        [CREATE, { input: { amount: 100, currency: 'usd', paymentMethod: 'pm_card_visa' } }],
        [REFUND, { input: { payment: target.id, amount: 1 } }],
      ] as const) {
        const g = await gql(t.url, pk, query, variables as Record<string, unknown> | undefined);
        expect(g.status, g.text.slice(0, 300)).toBe(403);
        expect(g.body.data?.payments ?? g.body.data?.payment ?? g.body.data?.accountBalance ?? null).toBeNull();
      }
      expect(await count()).toBe(before);
      expect((await getPayment(acct.key, target.id)).body.amount_refunded).toBe(0);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same POST /v1/payments twice with one key makes one payment; the replay is marked and identical', async () => {
      const a = await t.newAccount();
      const body = { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', metadata: { attempt: '1' } };
      const first = await pay(a.key, body, { 'idempotency-key': 'pay-1' });
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await pay(a.key, body, { 'idempotency-key': 'pay-1' });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.id).toBe(first.body.id);
      expect(again.text).toBe(first.text);
      const viaCreate = await pay(a.key, body, { 'idempotency-key': 'pay-1' }, '/v1/payments/create');
      expect(viaCreate.body.id).toBe(first.body.id);
      // another body with the key is a conflict
      const reused = await pay(a.key, { ...body, amount: 901 }, { 'idempotency-key': 'pay-1' });
      expect(expectError(reused, 409, 'IDEMPOTENCY_KEY_REUSED').details).toMatchObject({ idempotency_key: 'pay-1' });
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(1);
      expect(amountOf((await balance(a.key)).available, 'usd')).toBe(900);
      expect(await eventsOf(a.accountId, ['payment.created'])).toHaveLength(1);
    });

    it('10 parallel payments with one key execute once', async () => {
      const a = await t.newAccount();
      const body = { amount: 300, currency: 'usd', payment_method: 'pm_card_mastercard' };
      const results = await Promise.all(Array.from({ length: 10 }, () => pay(a.key, body, { 'idempotency-key': 'parallel' })));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(1);
      expect(amountOf((await balance(a.key)).available, 'usd')).toBe(300);
    });

    it('a replayed refund refunds once', async () => {
      const a = await t.newAccount();
      const p = await paid(a.key, { amount: 1000, currency: 'usd', payment_method: 'pm_card_visa' }, 'succeeded');
      const first = await refund(a.key, { payment: p.id, amount: 300 }, { 'idempotency-key': 'refund-1' });
      expect(first.status, first.text).toBe(201);
      const results = await Promise.all(Array.from({ length: 5 }, () => refund(a.key, { payment: p.id, amount: 300 }, { 'idempotency-key': 'refund-1' })));
      for (const r of results) {
        expect(r.status).toBe(201);
        expect(r.headers.get('idempotent-replayed')).toBe('true');
        expect(r.body.id).toBe(first.body.id);
      }
      expect((await getPayment(a.key, p.id)).body.amount_refunded).toBe(300);
      expect(expectList(await api(t.url, '/v1/refunds', { key: a.key })).data).toHaveLength(1);
      expect(amountOf((await balance(a.key)).available, 'usd')).toBe(700);
    });

    it('GraphQL createPayment and refundPayment with one Idempotency-Key execute once', async () => {
      const a = await t.newAccount();
      const input = { amount: 500, currency: 'usd', paymentMethod: 'pm_card_visa' };
      const one = gqlData(await gql(t.url, a.key, CREATE, { input }, { 'Idempotency-Key': 'g-pay' })).createPayment;
      const two = gqlData(await gql(t.url, a.key, CREATE, { input }, { 'Idempotency-Key': 'g-pay' })).createPayment;
      expect(two.id).toBe(one.id);
      const r1 = gqlData(await gql(t.url, a.key, REFUND, { input: { payment: one.id, amount: 200 } }, { 'Idempotency-Key': 'g-ref' })).refundPayment;
      const r2 = gqlData(await gql(t.url, a.key, REFUND, { input: { payment: one.id, amount: 200 } }, { 'Idempotency-Key': 'g-ref' })).refundPayment;
      expect(r2.id).toBe(r1.id);
      expect((await getPayment(a.key, one.id)).body.amount_refunded).toBe(200);
      expect(expectList(await api(t.url, '/v1/payments', { key: a.key })).pagination.total_count).toBe(1);
    });
  });

  describe('bad input', () => {
    let bad: TestAccount;
    beforeAll(async () => { bad = await t.newAccount(); });
    const ok = { amount: 900, currency: 'usd', payment_method: 'pm_card_visa' };

    it.each([
      ['amount 0', { ...ok, amount: 0 }, 'amount'],
      ['amount negative', { ...ok, amount: -1 }, 'amount'],
      ['amount a float', { ...ok, amount: 1.5 }, 'amount'],
      ['amount a string', { ...ok, amount: '900' }, 'amount'],
      ['amount over 99999999', { ...ok, amount: 100_000_000 }, 'amount'],
      ['amount null', { ...ok, amount: null }, 'amount'],
      ['amount missing', { currency: 'usd', payment_method: 'pm_card_visa' }, 'amount'],
      ['currency of four letters', { ...ok, currency: 'usdd' }, 'currency'],
      ['currency of two letters', { ...ok, currency: 'us' }, 'currency'],
      ['currency that is not ISO 4217', { ...ok, currency: 'xyz' }, 'currency'],
      ['currency empty', { ...ok, currency: '' }, 'currency'],
      ['currency a number', { ...ok, currency: 840 }, 'currency'],
      ['currency missing', { amount: 900, payment_method: 'pm_card_visa' }, 'currency'],
      ['payment_method unknown', { ...ok, payment_method: 'pm_card_bogus' }, 'payment_method'],
      ['payment_method of another case', { ...ok, payment_method: 'PM_CARD_VISA' }, 'payment_method'],
      ['payment_method a number', { ...ok, payment_method: 4242 }, 'payment_method'],
      ['payment_method missing', { amount: 900, currency: 'usd' }, 'payment_method'],
      ['an unknown field', { ...ok, card_number: '4242424242424242' }, 'card_number'],
      ['metadata not an object', { ...ok, metadata: 'x' }, 'metadata'],
      ['a malformed customer id', { ...ok, customer: 'nope' }, 'customer'],
      ['a malformed order id', { ...ok, order: 'cus_0000000000zzzzzzzzzzzzzzzz' }, 'order'],
    ])('POST /v1/payments with %s: 400 naming the field', async (_name, body, field) => {
      const res = await pay(bad.key, body);
      expect(res.status, res.text.slice(0, 500)).toBe(400);
      expect(['VALIDATION_ERROR', 'INVALID_ENUM_VALUE', 'INVALID_FIELD_VALUE', 'INVALID_FIELD_FORMAT', 'MISSING_REQUIRED_FIELD']).toContain(res.body.error.code);
      const fields = faultFields(res);
      expect(fields).toContain(field);
      // nothing else is blamed
      expect(fields.every((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`)), JSON.stringify(fields)).toBe(true);
      if (res.body.error.param !== undefined) expect(res.body.error.param).toBe(field);
    });

    it('a bad body is 400: not JSON, an array, several faults at once', async () => {
      expect((await api(t.url, '/v1/payments', { key: bad.key, rawBody: '{"amount": 9' })).status).toBe(400);
      expect((await api(t.url, '/v1/payments', { key: bad.key, rawBody: '[1]' })).status).toBe(400);
      const many = await pay(bad.key, { amount: -5, currency: 'dollars', payment_method: 'cash', extra: true });
      expectError(many, 400, 'VALIDATION_ERROR');
      expect([...new Set(faultFields(many))].sort()).toEqual(['amount', 'currency', 'extra', 'payment_method']);
    });

    it.each([
      ['amount 0', { amount: 0 }, 'amount'],
      ['amount negative', { amount: -100 }, 'amount'],
      ['amount a float', { amount: 10.5 }, 'amount'],
      ['amount a string', { amount: '100' }, 'amount'],
      ['payment missing', { payment: undefined, amount: 100 }, 'payment'],
      ['payment not a payment id', { payment: 'ord_0000000000zzzzzzzzzzzzzzzz', amount: 100 }, 'payment'],
      ['an empty reason', { reason: '' }, 'reason'],
      ['an unknown field', { refund_application_fee: true }, 'refund_application_fee'],
    ])('POST /v1/payments/refund with %s: 400 naming the field', async (_name, patch, field) => {
      const p = await paid(bad.key, ok, 'succeeded');
      const res = await refund(bad.key, { payment: p.id, ...patch });
      expect(res.status, res.text.slice(0, 500)).toBe(400);
      expect(faultFields(res)).toContain(field);
      expect((await getPayment(bad.key, p.id)).body.amount_refunded).toBe(0);
    });

    it('nothing was created by a refused request', async () => {
      const b = expectList(await api(t.url, '/v1/payments?limit=100', { key: bad.key }));
      // only the payments the refund cases made, all unrefunded
      expect(b.data.every((p: any) => p.amount === 900 && p.status === 'succeeded' && p.amount_refunded === 0)).toBe(true);
      expect(expectList(await api(t.url, '/v1/refunds', { key: bad.key })).data).toEqual([]);
    });

    it.each([
      ['amount 0', { amount: 0 }, 'amount', 'VALIDATION_ERROR'],
      ['amount negative', { amount: -1 }, 'amount', 'VALIDATION_ERROR'],
      ['amount over 99999999', { amount: 100_000_000 }, 'amount', 'VALIDATION_ERROR'],
      ['a bad currency', { currency: 'usdd' }, 'currency', 'VALIDATION_ERROR'],
      ['an unknown payment method', { paymentMethod: 'pm_card_bogus' }, 'paymentMethod', 'INVALID_ENUM_VALUE'],
      // optional in the schema (a payment in the coin's currency defaults to stablecoin), so the
      // operation names it, as REST does
      ['paymentMethod missing', { paymentMethod: undefined }, 'paymentMethod', 'MISSING_REQUIRED_FIELD'],
    ])('GraphQL createPayment with %s: 400 naming the field', async (_name, patch, field, code) => {
      const res = await gql(t.url, bad.key, CREATE, { input: { amount: 900, currency: 'usd', paymentMethod: 'pm_card_visa', ...patch } });
      const e = gqlError(res);
      expect(e.status).toBe(400);
      expect(e.extensions.code).toBe(code);
      expect(e.extensions.details.errors.map((x: any) => x.field)).toContain(field);
      expect(res.body.data?.createPayment ?? null).toBeNull();
    });

    it.each([
      ['amount a float', { amount: 1.5 }, 'amount'],
      ['amount a string', { amount: '900' }, 'amount'],
      ['an unknown field', { cardNumber: '4242' }, 'cardNumber'],
    ])('GraphQL createPayment with %s: 400 from the schema, naming the field', async (_name, patch, field) => {
      const e = gqlError(await gql(t.url, bad.key, CREATE, { input: { amount: 900, currency: 'usd', paymentMethod: 'pm_card_visa', ...patch } }));
      expect(e.status).toBe(400);
      expect(e.extensions.code).toBe('VALIDATION_ERROR');
      expect(e.message).toContain(field);
    });

    it('GraphQL refundPayment with a bad amount: 400 naming amount', async () => {
      const p = await paid(bad.key, ok, 'succeeded');
      const e = gqlError(await gql(t.url, bad.key, REFUND, { input: { payment: p.id, amount: 0 } }));
      expect(e.status).toBe(400);
      expect(e.extensions.details.errors.map((x: any) => x.field)).toContain('amount');
      expect((await getPayment(bad.key, p.id)).body.amount_refunded).toBe(0);
    });
  });

  // last: server 1's payments have had their time by now
  describe('durable settlement', () => {
    it("server 1's pending payments settle after the restart: succeeded, one payment.succeeded each, the money available", async () => {
      expect(durable, 'server 1 made its payments').toBeDefined();
      const d = durable!;
      for (const id of [d.restId, d.gqlId]) {
        const p = await eventually(`payment ${id} settles`, async () => (await getPayment(d.key, id)).body, (b) => b.status !== 'pending', 40_000);
        expectPayment(p, { status: 'succeeded', failure_reason: null });
        expect(p.transaction_hash).toMatch(HASH);
      }
      const b = await balance(d.key);
      expect(amountOf(b.available, 'usd')).toBe(1000);
      expect(amountOf(b.pending, 'usd')).toBe(0);
      const succeeded = expectList(await api(t.url, '/v1/events?type=payment.succeeded&limit=100', { key: d.key })).data;
      expect(succeeded.map((e: any) => e.data.payment_id).sort()).toEqual([d.restId, d.gqlId].sort());
      expect(expectList(await api(t.url, '/v1/events?type=payment.failed', { key: d.key })).data).toEqual([]);
      // settled once: one settlement ledger transaction per payment, whose hash the payment carries
      const settlements = await t.server.db.prisma.ledgerTransaction.findMany({ where: { accountId: d.accountId, kind: 'settlement' }, select: { resourceId: true, hash: true } });
      expect(settlements.map((s) => s.resourceId).sort()).toEqual([d.restId, d.gqlId].sort());
      for (const s of settlements) expect((await getPayment(d.key, s.resourceId)).body.transaction_hash).toBe(s.hash);
    });

    it('a payment that settles after its order was cancelled is refunded in full at once; the order stays cancelled', async () => {
      expect(cancelledWhilePending, 'server 1 made the payment').toBeDefined();
      const c = cancelledWhilePending!;
      const p = await eventually('the payment settles', async () => (await getPayment(c.key, c.paymentId)).body, (b) => b.status !== 'pending', 40_000);
      expectPayment(p, { status: 'succeeded', amount: 650, amount_refunded: 650 });
      const refunds = expectList(await api(t.url, '/v1/refunds', { key: c.key })).data;
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ payment: c.paymentId, amount: 650, currency: 'usd', status: 'succeeded', reason: 'order_cancelled' });
      expect((await getOrder(c.key, c.orderId)).status).toBe('cancelled');
      const b = await balance(c.key);
      expect(amountOf(b.available, 'usd')).toBe(0);
      expect(amountOf(b.pending, 'usd')).toBe(0);
      // the customer sees the charge and its refund; the order never became paid
      const types = (await eventsOf(c.accountId, ['payment.succeeded', 'refund.created', 'order.paid', 'order.refunded'])).map((e) => e.type);
      expect(types).toEqual(['payment.succeeded', 'refund.created']);
    });
  });
});
