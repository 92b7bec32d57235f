// Prices and subscriptions on both doors, on test clocks and on real time: a monthly
// subscription started Jan 31 carried through 13 renewals across month ends and a leap year with
// one failed payment and its retries (period boundaries exact; every event once, created at the
// clock time); dunning to cancellation; the first payment failing (incomplete, then paid or
// expired); trials; cancel now and at the period end; invoices sent without a payment method;
// the real-time worker, exactly once under concurrent sweeps; bad input; the ledger verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/money/verify.js';
import { sweepSubscriptions } from '../../src/modules/subscriptions/billing.js';
import { addIntervals } from '../../src/modules/subscriptions/periods.js';
import { api, gql, hasPostgres, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { runScript } from '../helpers/process.js';
import { expectError, expectList, faultFields, ids } from '../rest/envelope.js';

const CLOCKS = '/v1/test_helpers/test_clocks';
const DAY = 86_400;
const HOUR = 3_600;
// 2027-01-31 09:30 UTC: a 31st, in the year before the leap year 2028
const T0 = Date.UTC(2027, 0, 31, 9, 30) / 1000;
const monthEnd = (k: number, from = T0) => addIntervals(new Date(from * 1000), 'month', 1, k).getTime() / 1000;

function gqlData(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors, res.text.slice(0, 800)).toBeUndefined();
  return res.body.data;
}

describe('prices and subscriptions', () => {
  let t: TestServer;
  let a: TestAccount;
  let product: string;
  let monthly: string; // 2500 usd a month
  let extra: string; // 500 usd a month (taken twice)
  const post = (path: string, body?: unknown, key = a.key) => api(t.url, path, { key, method: 'POST', body: body ?? {} });
  const patch = (path: string, body: unknown, key = a.key) => api(t.url, path, { key, method: 'PATCH', body });
  const get = (path: string, key = a.key) => api(t.url, path, { key });
  const prisma = () => t.server.db.prisma;
  const events = async (type: string, where: Record<string, unknown> = {}) =>
    (await prisma().event.findMany({ where: { accountId: a.accountId, type, ...where }, orderBy: { seq: 'asc' } }))
      .map((e) => ({ id: e.id, type: e.type, created: Math.floor(e.createdAt.getTime() / 1000), object: (e.data as any).object, data: e.data as any }));
  /** the events of one object (data.object.id), of a type */
  const eventsOf = async (type: string, id: string) => (await events(type)).filter((e) => e.object.id === id);

  async function clock(frozen = T0) {
    const res = await post(CLOCKS, { frozen_time: frozen });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function customer(clockId?: string) {
    const res = await post('/v1/customers', { name: 'Subscriber', ...(clockId ? { test_clock: clockId } : {}) });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function advance(clockId: string, to: number) {
    const res = await post(`${CLOCKS}/${clockId}/advance`, { frozen_time: to });
    expect(res.status, res.text).toBe(200);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const c = (await get(`${CLOCKS}/${clockId}`)).body;
      if (c.status === 'ready') return c;
      if (Date.now() > deadline) throw new Error(`clock ${clockId} still ${c.status} at ${c.frozen_time}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async function subscribe(body: Record<string, unknown>) {
    const res = await post('/v1/subscriptions', body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  }
  const sub = async (id: string) => (await get(`/v1/subscriptions/${id}`)).body;
  const invoicesOf = async (subId: string) =>
    prisma().invoice.findMany({ where: { subscriptionId: subId }, include: { items: { orderBy: { position: 'asc' } } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

  async function ledgerProblems() {
    const report = await verifyLedger(prisma());
    if (!hasPostgres) return report.problems;
    // PostgreSQL is shared with the other files running: the problems that concern this account
    const mine = new Set((await prisma().ledgerTransaction.findMany({ where: { accountId: a.accountId }, select: { id: true } })).map((x) => x.id));
    return report.problems.filter((p) => p.includes(a.accountId) || mine.has(p.split(':')[0]));
  }

  beforeAll(async () => {
    t = await startTestServer({ INVOICE_SWEEP_INTERVAL_SECS: '1', WEBHOOK_WORKER: 'false' });
    a = await t.newAccount();
    const p = await post('/v1/products', { name: 'Hosting', price: 2500, currency: 'usd' });
    expect(p.status, p.text).toBe(201);
    product = p.body.id;
    const m = await post('/v1/prices', { product, currency: 'usd', unit_amount: 2500, recurring: { interval: 'month', interval_count: 1 } });
    expect(m.status, m.text).toBe(201);
    monthly = m.body.id;
    extra = (await post('/v1/prices', { product, currency: 'usd', unit_amount: 500, recurring: { interval: 'month' } })).body.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('prices: create, retrieve, list; GraphQL createPrice, price, prices', async () => {
    const res = await post('/v1/prices', { product, currency: 'EUR', unit_amount: 1200, recurring: { interval: 'year', interval_count: 2 }, metadata: { tier: 'gold' } });
    expect(res.status, res.text).toBe(201);
    const price = res.body;
    expect(price.id).toMatch(/^price_[0-9a-z]{10,40}$/);
    expect(price).toMatchObject({
      object: 'price', livemode: false, product, currency: 'eur', unit_amount: 1200, interval: 'year', interval_count: 2, recurring: { interval: 'year', interval_count: 2 }, active: true, metadata: { tier: 'gold' },
    });
    expect((await get(`/v1/prices/${price.id}`)).body).toEqual(price);
    expect(ids(await get(`/v1/prices?currency=eur`))).toEqual([price.id]);
    expect(expectList(await get('/v1/prices')).data.length).toBe(3);
    const g = gqlData(await gql(t.url, a.key, `mutation { createPrice(input: { product: "${product}", currency: "usd", unitAmount: 99, recurring: { interval: week, intervalCount: 2 } }) { id unitAmount interval intervalCount product { id } } }`)).createPrice;
    expect(g).toMatchObject({ unitAmount: 99, interval: 'week', intervalCount: 2, product: { id: product } });
    expect(gqlData(await gql(t.url, a.key, `{ price(id: "${g.id}") { id currency } }`)).price).toEqual({ id: g.id, currency: 'usd' });
    expect(gqlData(await gql(t.url, a.key, `{ prices(where: { interval: { _eq: "week" } }) { id } }`)).prices).toEqual([{ id: g.id }]);
    // another account sees none of it
    const b = await t.newAccount();
    expectError(await get(`/v1/prices/${price.id}`, b.key), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post('/v1/prices', { product, currency: 'usd', unit_amount: 1, recurring: { interval: 'day' } }, b.key), 404, 'PARENT_NOT_FOUND');
  });

  it('a monthly subscription from Jan 31 through 13 renewals across month ends and the leap year, one failed payment retried', async () => {
    const clk = await clock();
    const cus = await customer(clk);
    const s0 = await subscribe({ customer: cus, items: [{ price: monthly, quantity: 1 }, { price: extra, quantity: 2 }], payment_method: 'pm_card_visa', metadata: { plan: 'pro' } });
    expect(s0.id).toMatch(/^sub_[0-9a-z]{10,40}$/);
    expect(s0).toMatchObject({
      object: 'subscription', livemode: false, customer: cus, test_clock: clk, currency: 'usd', status: 'active', payment_method: 'pm_card_visa',
      interval: 'month', interval_count: 1, billing_cycle_anchor: T0, current_period_start: T0, current_period_end: monthEnd(1),
      cancel_at_period_end: false, trial_start: null, trial_end: null, canceled_at: null, ended_at: null, created: T0,
      payment_attempts: 0, next_payment_attempt: null, metadata: { plan: 'pro' },
    });
    expect(s0).not.toHaveProperty('next_action_at');
    expect(s0).not.toHaveProperty('period_index');
    expect(s0.items.map((i: any) => [i.object, i.price.id, i.price.unit_amount, i.quantity])).toEqual([['subscription_item', monthly, 2500, 1], ['subscription_item', extra, 500, 2]]);
    const first = (await get(`/v1/invoices/${s0.latest_invoice}`)).body;
    expect(first).toMatchObject({ status: 'paid', total: 3500, amount_due: 0, subscription: s0.id, created: T0, paid_at: T0, customer: cus });
    expect(first.items.map((i: any) => [i.quantity, i.unit_amount, i.amount])).toEqual([[1, 2500, 2500], [2, 500, 1000]]);
    expect(first.items[0].description).toBe('Hosting (2027-01-31 to 2027-02-28)');
    expect((await get(`/v1/subscriptions/${s0.id}`)).body).toEqual(s0);

    // renewals 1..4 (Feb 28, Mar 31, Apr 30, May 31), in one advance
    await advance(clk, monthEnd(4) + HOUR);
    expect(await sub(s0.id)).toMatchObject({ status: 'active', current_period_start: monthEnd(4), current_period_end: monthEnd(5) });
    // renewal 5 (Jun 30) is declined: past_due, retried 1 and 3 days after
    const decline = await patch(`/v1/subscriptions/${s0.id}`, { payment_method: 'pm_card_chargeDeclined' });
    expect(decline.status, decline.text).toBe(200);
    expect(decline.body.payment_method).toBe('pm_card_chargeDeclined');
    await advance(clk, monthEnd(5) + HOUR);
    const failed = await sub(s0.id);
    expect(failed).toMatchObject({
      status: 'past_due', current_period_start: monthEnd(5), current_period_end: monthEnd(6), payment_attempts: 1, next_payment_attempt: monthEnd(5) + DAY,
    });
    const dunned = failed.latest_invoice;
    expect((await get(`/v1/invoices/${dunned}`)).body).toMatchObject({ status: 'open', amount_due: 3500, created: monthEnd(5), due_date: monthEnd(5) });
    await advance(clk, monthEnd(5) + DAY + HOUR);
    expect(await sub(s0.id)).toMatchObject({ status: 'past_due', payment_attempts: 2, next_payment_attempt: monthEnd(5) + 3 * DAY });
    // the customer's card is fixed: the third attempt succeeds
    expect((await patch(`/v1/subscriptions/${s0.id}`, { payment_method: 'pm_card_visa' })).status).toBe(200);
    await advance(clk, monthEnd(5) + 3 * DAY + HOUR);
    expect(await sub(s0.id)).toMatchObject({ status: 'active', payment_attempts: 0, next_payment_attempt: null, latest_invoice: dunned, current_period_end: monthEnd(6) });
    expect((await get(`/v1/invoices/${dunned}`)).body).toMatchObject({ status: 'paid', paid_at: monthEnd(5) + 3 * DAY });

    // renewals 6..13: Jul 31 ... Jan 31 2028, Feb 29 2028
    await advance(clk, monthEnd(13) + HOUR);
    const last = await sub(s0.id);
    expect(last).toMatchObject({ status: 'active', current_period_start: Date.UTC(2028, 1, 29, 9, 30) / 1000, current_period_end: Date.UTC(2028, 2, 31, 9, 30) / 1000 });

    // 14 invoices, one per period, each created at its period's start (clock time), all paid
    const invs = await invoicesOf(s0.id);
    expect(invs.map((i) => i.createdAt.getTime() / 1000)).toEqual(Array.from({ length: 14 }, (_, k) => monthEnd(k)));
    expect(invs.map((i) => i.status)).toEqual(Array(14).fill('paid'));
    expect(invs.map((i) => i.total)).toEqual(Array(14).fill(3500));
    expect(invs.map((i) => i.items[0].description.slice(-26))).toEqual(Array.from({ length: 14 }, (_, k) =>
      `(${new Date(monthEnd(k) * 1000).toISOString().slice(0, 10)} to ${new Date(monthEnd(k + 1) * 1000).toISOString().slice(0, 10)})`));
    expect(new Set(invs.map((i) => i.number)).size).toBe(14);
    expect([monthEnd(1), monthEnd(2), monthEnd(12), monthEnd(13)].map((x) => new Date(x * 1000).toISOString())).toEqual([
      '2027-02-28T09:30:00.000Z', '2027-03-31T09:30:00.000Z', '2028-01-31T09:30:00.000Z', '2028-02-29T09:30:00.000Z',
    ]);

    // every event once, created at the clock time it happened at
    expect((await eventsOf('customer.subscription.created', s0.id)).map((e) => e.created)).toEqual([T0]);
    const updated = await eventsOf('customer.subscription.updated', s0.id);
    // renewals 1..4, the payment method, renewal 5 (past_due), the payment method, settled, renewals 6..13
    expect(updated.map((e) => e.created)).toEqual([
      monthEnd(1), monthEnd(2), monthEnd(3), monthEnd(4), monthEnd(4) + HOUR, monthEnd(5), monthEnd(5) + DAY + HOUR, monthEnd(5) + 3 * DAY,
      ...Array.from({ length: 8 }, (_, k) => monthEnd(k + 6)),
    ]);
    expect(updated.map((e) => e.object.status)).toEqual(['active', 'active', 'active', 'active', 'active', 'past_due', 'past_due', 'active', ...Array(8).fill('active')]);
    expect(updated[5].data.previous_attributes).toMatchObject({ status: 'active', current_period_start: monthEnd(4), current_period_end: monthEnd(5) });
    expect(updated[7].data.previous_attributes).toMatchObject({ status: 'past_due', payment_attempts: 2 });
    expect(updated[0].data).toMatchObject({ subscription_id: s0.id, customer: cus, status: 'active', current_period_start: monthEnd(1), current_period_end: monthEnd(2) });
    expect(new Set(updated.map((e) => e.id)).size).toBe(updated.length);
    const invoiceIds = new Set(invs.map((i) => i.id));
    const of = async (type: string) => (await events(type)).filter((e) => invoiceIds.has(e.object.id ?? e.data.invoice_id));
    expect((await of('invoice.created')).map((e) => e.created)).toEqual(invs.map((i) => i.createdAt.getTime() / 1000));
    expect((await of('invoice.paid')).map((e) => e.created)).toEqual([...Array.from({ length: 5 }, (_, k) => monthEnd(k)), monthEnd(5) + 3 * DAY, ...Array.from({ length: 8 }, (_, k) => monthEnd(k + 6))]);
    expect((await of('invoice.overdue')).map((e) => [e.object.id, e.created])).toEqual([[dunned, monthEnd(5)]]);
    const payments = await prisma().payment.findMany({ where: { customerId: cus }, orderBy: { createdAt: 'asc' } });
    expect(payments.map((p) => p.status).filter((s) => s === 'failed')).toHaveLength(2);
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(14);
    const failedEvents = (await events('payment.failed')).filter((e) => e.object.customer === cus);
    expect(failedEvents.map((e) => e.created)).toEqual([monthEnd(5), monthEnd(5) + DAY]);

    // cancel at the period end: still active until Mar 31 2028, then canceled without a new invoice
    const now = monthEnd(13) + HOUR;
    const cancel = await post(`/v1/subscriptions/${s0.id}/cancel`, { at_period_end: true });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'active', cancel_at_period_end: true, canceled_at: now, ended_at: null });
    expect((await post(`/v1/subscriptions/${s0.id}/cancel`, { at_period_end: true })).body).toEqual(cancel.body);
    await advance(clk, monthEnd(14) + DAY);
    expect(await sub(s0.id)).toMatchObject({ status: 'canceled', canceled_at: now, ended_at: monthEnd(14), current_period_end: monthEnd(14) });
    expect(await invoicesOf(s0.id)).toHaveLength(14);
    expect((await eventsOf('customer.subscription.cancelled', s0.id)).map((e) => e.created)).toEqual([monthEnd(14)]);
    expect((await eventsOf('customer.subscription.updated', s0.id)).map((e) => e.created).slice(-1)).toEqual([now]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('dunning: four failed attempts (first, +1, +3, +7 days) cancel the subscription and write the invoice off', async () => {
    const clk = await clock();
    const cus = await customer(clk);
    const s = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_visa' });
    await patch(`/v1/subscriptions/${s.id}`, { payment_method: 'pm_card_insufficientFunds' });
    await advance(clk, monthEnd(1) + 6 * DAY);
    expect(await sub(s.id)).toMatchObject({ status: 'past_due', payment_attempts: 3, next_payment_attempt: monthEnd(1) + 7 * DAY });
    await advance(clk, monthEnd(1) + 8 * DAY);
    const ended = await sub(s.id);
    expect(ended).toMatchObject({ status: 'canceled', canceled_at: monthEnd(1) + 7 * DAY, ended_at: monthEnd(1) + 7 * DAY, payment_attempts: 4, next_payment_attempt: null });
    expect((await get(`/v1/invoices/${ended.latest_invoice}`)).body).toMatchObject({ status: 'uncollectible', amount_due: 2500 });
    const failures = (await events('payment.failed')).filter((e) => e.object.customer === cus);
    expect(failures.map((e) => e.created)).toEqual([0, 1, 3, 7].map((d) => monthEnd(1) + d * DAY));
    expect((await eventsOf('customer.subscription.cancelled', s.id)).map((e) => e.created)).toEqual([monthEnd(1) + 7 * DAY]);
    // nothing more happens to it
    await advance(clk, monthEnd(3));
    expect(await invoicesOf(s.id)).toHaveLength(2);
    expectError(await post(`/v1/subscriptions/${s.id}/cancel`), 422, 'INVALID_STATE_TRANSITION');
    expectError(await patch(`/v1/subscriptions/${s.id}`, { payment_method: 'pm_card_visa' }), 422, 'INVALID_STATE_TRANSITION');
  });

  it('the first payment fails: incomplete (201); paid through the invoice it is active; unpaid for 23 hours it expires', async () => {
    const clk = await clock();
    const cus = await customer(clk);
    const s = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_chargeDeclined' });
    expect(s).toMatchObject({ status: 'incomplete', payment_attempts: 1, current_period_start: T0, current_period_end: monthEnd(1) });
    const pay = await post(`/v1/invoices/${s.latest_invoice}/pay`, { payment_method: 'pm_card_visa' });
    expect(pay.status, pay.text).toBe(200);
    expect(await sub(s.id)).toMatchObject({ status: 'active', payment_attempts: 0 });
    expect((await eventsOf('customer.subscription.updated', s.id)).map((e) => [e.created, e.object.status])).toEqual([[T0, 'active']]);

    const x = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_chargeDeclined' });
    expect(x.status).toBe('incomplete');
    expectError(await post(`/v1/subscriptions/${x.id}/cancel`, { at_period_end: true }), 422, 'INVALID_STATE_TRANSITION');
    await advance(clk, T0 + 23 * HOUR + 60);
    expect(await sub(x.id)).toMatchObject({ status: 'incomplete_expired', ended_at: T0 + 23 * HOUR });
    expect((await get(`/v1/invoices/${x.latest_invoice}`)).body).toMatchObject({ status: 'void', voided_at: T0 + 23 * HOUR });
    expect(await sub(s.id)).toMatchObject({ status: 'active' });
  });

  it('trial: trialing without an invoice, then the first period is invoiced when the trial ends', async () => {
    const clk = await clock();
    const cus = await customer(clk);
    const s = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_visa', trial_period_days: 14 });
    const end = T0 + 14 * DAY;
    expect(s).toMatchObject({ status: 'trialing', trial_start: T0, trial_end: end, current_period_start: T0, current_period_end: end, billing_cycle_anchor: end, latest_invoice: null });
    await advance(clk, end + HOUR);
    const after = await sub(s.id);
    expect(after).toMatchObject({ status: 'active', current_period_start: end, current_period_end: monthEnd(1, end) });
    expect(new Date(after.current_period_end * 1000).toISOString()).toBe('2027-03-14T09:30:00.000Z');
    expect((await get(`/v1/invoices/${after.latest_invoice}`)).body).toMatchObject({ status: 'paid', created: end, total: 2500 });
    const ev = await eventsOf('customer.subscription.updated', s.id);
    expect(ev.map((e) => [e.created, e.object.status, e.data.previous_attributes.status])).toEqual([[end, 'active', 'trialing']]);
    // a trial canceled at its end never bills
    const c = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_visa', trial_period_days: 3 });
    expect((await post(`/v1/subscriptions/${c.id}/cancel`, { at_period_end: true })).body).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    await advance(clk, end + 4 * DAY);
    expect(await sub(c.id)).toMatchObject({ status: 'canceled', ended_at: end + HOUR + 3 * DAY, latest_invoice: null });
  });

  it('cancel now; without a payment method the invoices are sent (open, due in 30 days); lists and filters; GraphQL', async () => {
    const clk = await clock();
    const cus = await customer(clk);
    const s = await subscribe({ customer: cus, items: [{ price: monthly, quantity: 3 }] });
    expect(s).toMatchObject({ status: 'active', payment_method: null });
    expect((await get(`/v1/invoices/${s.latest_invoice}`)).body).toMatchObject({ status: 'open', total: 7500, due_date: T0 + 30 * DAY, subscription: s.id });
    const c = await post(`/v1/subscriptions/${s.id}/cancel`);
    expect(c.status, c.text).toBe(200);
    expect(c.body).toMatchObject({ status: 'canceled', canceled_at: T0, ended_at: T0, cancel_at_period_end: false });
    const cancelled = await eventsOf('customer.subscription.cancelled', s.id);
    expect(cancelled.map((e) => [e.created, e.data.previous_attributes.status])).toEqual([[T0, 'active']]);
    expectError(await post(`/v1/subscriptions/${s.id}/cancel`), 422, 'INVALID_STATE_TRANSITION');
    // the open invoice stays (as in Stripe): it can still be paid
    expect((await get(`/v1/invoices/${s.latest_invoice}`)).body.status).toBe('open');

    const other = await subscribe({ customer: cus, items: [{ price: extra }], payment_method: 'pm_card_mastercard' });
    expect(ids(await get(`/v1/subscriptions?customer=${cus}&status=canceled`))).toEqual([s.id]);
    expect(ids(await get(`/v1/subscriptions?customer=${cus}`))).toEqual([other.id, s.id]);
    expectList(await get('/v1/subscriptions?status=active'));

    // GraphQL: the same operations
    const g = gqlData(await gql(t.url, a.key, `mutation { createSubscription(input: { customer: "${cus}", items: [{ price: "${monthly}", quantity: 2 }], paymentMethod: "pm_card_visa" }) { id status currentPeriodStart currentPeriodEnd items { quantity price { id unitAmount } } latestInvoice { status total } } }`)).createSubscription;
    expect(g).toMatchObject({ status: 'active', items: [{ quantity: 2, price: { id: monthly, unitAmount: 2500 } }], latestInvoice: { status: 'paid', total: 5000 } });
    expect(new Date(g.currentPeriodEnd).getTime() / 1000).toBe(monthEnd(1));
    expect(gqlData(await gql(t.url, a.key, `{ subscriptions(where: { customerId: { _eq: "${cus}" }, status: { _eq: "canceled" } }) { id } }`)).subscriptions).toEqual([{ id: s.id }]);
    const u = gqlData(await gql(t.url, a.key, `mutation { updateSubscription(id: "${g.id}", input: { metadata: { seats: "2" } }) { id metadata } }`)).updateSubscription;
    expect(u.metadata).toEqual({ seats: '2' });
    const k = gqlData(await gql(t.url, a.key, `mutation { cancelSubscription(id: "${g.id}", input: { atPeriodEnd: true }) { status cancelAtPeriodEnd } }`)).cancelSubscription;
    expect(k).toEqual({ status: 'active', cancelAtPeriodEnd: true });
    // taken back
    expect((await patch(`/v1/subscriptions/${g.id}`, { cancel_at_period_end: false })).body).toMatchObject({ cancel_at_period_end: false, canceled_at: null });
    expect(gqlData(await gql(t.url, a.key, `{ subscription(id: "${g.id}") { status cancelAtPeriodEnd customer { id } } }`)).subscription).toEqual({ status: 'active', cancelAtPeriodEnd: false, customer: { id: cus } });
  });

  it('events of requests on clock objects carry the clock time: an invoice made, finalized and paid by hand', async () => {
    const clk = await clock(T0 + 5 * DAY);
    const cus = await customer(clk);
    const inv = await post('/v1/invoices', { customer: cus, currency: 'usd', items: [{ description: 'Setup', quantity: 1, unit_amount: 900 }], days_until_due: 7 });
    expect(inv.status, inv.text).toBe(201);
    expect((await post(`/v1/invoices/${inv.body.id}/finalize`)).status).toBe(200);
    expect((await post(`/v1/invoices/${inv.body.id}/pay`, { payment_method: 'pm_card_visa' })).status).toBe(200);
    for (const type of ['invoice.created', 'invoice.finalized', 'invoice.paid']) {
      expect((await eventsOf(type, inv.body.id)).map((e) => e.created), type).toEqual([T0 + 5 * DAY]);
    }
    const paid = (await events('payment.succeeded')).filter((e) => e.object.customer === cus);
    expect(paid.map((e) => e.created)).toEqual([T0 + 5 * DAY]);
    // a customer without a clock: the real time
    const plain = await customer();
    const real = await post('/v1/invoices', { customer: plain, currency: 'usd', items: [{ description: 'Setup', quantity: 1, unit_amount: 900 }], days_until_due: 7 });
    const [created] = (await eventsOf('invoice.created', real.body.id)).map((e) => e.created);
    expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(60);
  });

  it('permissions: subscriptions:read|write and prices:read|write', async () => {
    const reader = (await a.newKey({ type: 'restricted', permissions: ['subscriptions:read', 'prices:read'] })).secret;
    const cus = await customer();
    expectError(await post('/v1/subscriptions', { customer: cus, items: [{ price: monthly }] }, reader), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await post('/v1/prices', { product, currency: 'usd', unit_amount: 1, recurring: { interval: 'day' } }, reader), 403, 'INSUFFICIENT_PERMISSIONS');
    expect((await get('/v1/subscriptions', reader)).status).toBe(200);
    expect((await get(`/v1/prices/${monthly}`, reader)).status).toBe(200);
    const none = (await a.newKey({ type: 'restricted', permissions: ['customers:read'] })).secret;
    expectError(await get('/v1/subscriptions', none), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('bad input is a clear 4xx naming the field', async () => {
    const cus = await customer();
    const eur = (await post('/v1/prices', { product, currency: 'eur', unit_amount: 100, recurring: { interval: 'month' } })).body.id;
    const weekly = (await post('/v1/prices', { product, currency: 'usd', unit_amount: 100, recurring: { interval: 'week' } })).body.id;
    const priceCases: [unknown, string][] = [
      [{ currency: 'usd', unit_amount: 1, recurring: { interval: 'month' } }, 'product'],
      [{ product, currency: 'usd', unit_amount: -1, recurring: { interval: 'month' } }, 'unit_amount'],
      [{ product, currency: 'usd', unit_amount: 1.5, recurring: { interval: 'month' } }, 'unit_amount'],
      [{ product, currency: 'usd', unit_amount: 100_000_000, recurring: { interval: 'month' } }, 'unit_amount'],
      [{ product, currency: 'xyz', unit_amount: 1, recurring: { interval: 'month' } }, 'currency'],
      [{ product, currency: 'usd', unit_amount: 1 }, 'recurring'],
      [{ product, currency: 'usd', unit_amount: 1, recurring: { interval: 'fortnight' } }, 'recurring.interval'],
      [{ product, currency: 'usd', unit_amount: 1, recurring: { interval: 'month', interval_count: 0 } }, 'recurring.interval_count'],
      [{ product, currency: 'usd', unit_amount: 1, recurring: { interval: 'month', interval_count: 37 } }, 'recurring.interval_count'],
      [{ product, currency: 'usd', unit_amount: 1, recurring: { interval: 'year', interval_count: 4 } }, 'recurring.interval_count'],
      [{ product, currency: 'usd', unit_amount: 1, recurring: { interval: 'day' }, colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of priceCases) {
      const res = await post('/v1/prices', body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(400);
      expect(faultFields(res), JSON.stringify(body)).toContain(field);
    }
    expectError(await post('/v1/prices', { product: 'prod_0000000000nope', currency: 'usd', unit_amount: 1, recurring: { interval: 'day' } }), 404, 'PARENT_NOT_FOUND');

    const subCases: [unknown, string][] = [
      [{ items: [{ price: monthly }] }, 'customer'],
      [{ customer: cus }, 'items'],
      [{ customer: cus, items: [] }, 'items'],
      [{ customer: cus, items: [{ price: monthly, quantity: 0 }] }, 'items[0].quantity'],
      [{ customer: cus, items: [{ price: monthly, quantity: 1.5 }] }, 'items[0].quantity'],
      [{ customer: cus, items: [{ price: 'prod_abc' }] }, 'items[0].price'],
      [{ customer: cus, items: [{ price: monthly }, { price: eur }] }, 'items[1].price'],
      [{ customer: cus, items: [{ price: monthly }, { price: weekly }] }, 'items[1].price'],
      [{ customer: cus, items: [{ price: monthly }, { price: monthly }] }, 'items[1].price'],
      [{ customer: cus, items: [{ price: monthly, quantity: 40_000 }] }, 'items[0].quantity'],
      [{ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_unknown' }, 'payment_method'],
      [{ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_processing' }, 'payment_method'],
      [{ customer: cus, items: [{ price: eur }], payment_method: 'stablecoin' }, 'payment_method'],
      [{ customer: cus, items: [{ price: monthly }], trial_period_days: 0 }, 'trial_period_days'],
      [{ customer: cus, items: [{ price: monthly }], trial_period_days: 731 }, 'trial_period_days'],
      [{ customer: cus, items: [{ price: monthly }], status: 'active' }, 'status'],
    ];
    for (const [body, field] of subCases) {
      const res = await post('/v1/subscriptions', body);
      expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(400);
      expect(faultFields(res), JSON.stringify(body)).toContain(field);
    }
    expectError(await post('/v1/subscriptions', { customer: 'cus_0000000000nope', items: [{ price: monthly }] }), 404, 'PARENT_NOT_FOUND');
    // the field as sent: items[0].price, as the 400s name it
    expect(expectError(await post('/v1/subscriptions', { customer: cus, items: [{ price: 'price_0000000000nope' }] }), 404, 'PARENT_NOT_FOUND').param).toBe('items[0].price');
    expectError(await get('/v1/subscriptions/sub_0000000000nope'), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post('/v1/subscriptions/sub_0000000000nope/cancel'), 404, 'RESOURCE_NOT_FOUND');
    const s = await subscribe({ customer: cus, items: [{ price: monthly }], payment_method: 'pm_card_visa' });
    expect(faultFields(await post(`/v1/subscriptions/${s.id}/cancel`, { at_period_end: 'yes' }))).toEqual(['at_period_end']);
    expect(faultFields(await patch(`/v1/subscriptions/${s.id}`, { cancel_at_period_end: 1 }))).toEqual(['cancel_at_period_end']);
    expect(faultFields(await patch(`/v1/subscriptions/${s.id}`, { items: [] }))).toEqual(['items']);
    expect((await sub(s.id)).status).toBe('active');
    // nothing was made by the refused requests
    expect(await prisma().subscription.count({ where: { customerId: cus } })).toBe(1);
  });

  it('real time: the worker renews a due subscription exactly once, even with sweeps running concurrently', async () => {
    const daily = (await post('/v1/prices', { product, currency: 'usd', unit_amount: 300, recurring: { interval: 'day' } })).body.id;
    const cus = await customer();
    const s = await subscribe({ customer: cus, items: [{ price: daily }], payment_method: 'pm_card_visa' });
    expect(s.test_clock).toBeNull();
    expect(Math.abs(s.created - Date.now() / 1000)).toBeLessThan(60);
    // as if it had started a day and a minute ago: its first period ended a minute ago
    const anchor = new Date(Date.now() - DAY * 1000 - 60_000);
    const end = new Date(anchor.getTime() + DAY * 1000);
    await prisma().subscription.update({ where: { id: s.id }, data: { billingCycleAnchor: anchor, currentPeriodStart: anchor, currentPeriodEnd: end, nextActionAt: end } });
    const services = t.server.services;
    await Promise.all([sweepSubscriptions(services), sweepSubscriptions(services), sweepSubscriptions(services)]);
    const deadline = Date.now() + 30_000;
    while ((await invoicesOf(s.id)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await Promise.all([sweepSubscriptions(services), sweepSubscriptions(services)]);
    const invs = await invoicesOf(s.id);
    expect(invs.map((i) => i.status)).toEqual(['paid', 'paid']);
    const after = await sub(s.id);
    expect(after).toMatchObject({ status: 'active', current_period_start: Math.floor(end.getTime() / 1000), current_period_end: Math.floor(end.getTime() / 1000) + DAY });
    expect(await eventsOf('customer.subscription.updated', s.id)).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('the ledger verifies (npm run ledger -- verify)', async () => {
    expect(await ledgerProblems()).toEqual([]);
    if (!hasPostgres) {
      const res = await runScript('ledger', ['verify'], { DATA_DIR: t.server.config.dataDir, DATABASE_URL: undefined });
      expect(res.code, res.stdout + res.stderr).toBe(0);
      expect(res.stdout).toMatch(/^ok: /);
    }
  });
});
