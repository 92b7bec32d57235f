// A payment racing a cancellation of its order: sent at the same moment, for many orders at
// once, every outcome must be one a serial order of the two would give. Either the payment
// came first (it succeeded, the order went to paid, then the cancellation moved it from paid
// to cancelled: order.paid before order.cancelled), or the cancellation came first (the
// payment is refused with 422 INVALID_STATE_TRANSITION and leaves nothing: no payment row, no
// money on the balance, no order.paid). The balance holds exactly the payments that succeeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false' });
  a = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

async function all<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await api(t.url, `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&starting_after=${cursor}` : ''}`, { key: a.key });
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    if (!res.body.pagination?.has_more && !res.body.has_more) return out;
    cursor = res.body.data.at(-1).id;
  }
}

describe('a payment racing a cancellation', () => {
  it('ends as one of the two serial orders would, for every order, and the balance holds exactly the payments that succeeded', async () => {
    const N = 16;
    const orders: string[] = [];
    for (let i = 0; i < N; i++) {
      const o = await api(t.url, '/v1/orders', { key: a.key, body: TEA_ORDER });
      expect(o.status, o.text).toBe(201);
      orders.push(o.body.id);
    }
    const amount = 900; // TEA_ORDER: 2 x 450
    const outcomes = await Promise.all(orders.map(async (id, i) => {
      const pay = () => api(t.url, '/v1/payments', { key: a.key, body: { amount, currency: 'usd', payment_method: 'pm_card_visa', order: id } });
      const cancel = () => api(t.url, `/v1/orders/${id}/cancel`, { key: a.key, body: {} });
      // the cancellation leaves 0-15 ms after the payment, so that it lands before the payment's
      // check, between its check and its lock of the order, or after its commit
      const [payment, cancelled] = await Promise.all([pay(), new Promise((r) => setTimeout(r, i)).then(cancel)]);
      return { id, payment, cancelled };
    }));

    const payments = await all<any>('/v1/payments');
    const events = (await all<any>('/v1/events?type=order.*')).reverse(); // oldest first
    let succeeded = 0;
    for (const { id, payment, cancelled } of outcomes) {
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      const final = await api(t.url, `/v1/orders/${id}`, { key: a.key });
      expect(final.body.status).toBe('cancelled');
      const types = events.filter((e) => e.data.object.id === id).map((e) => e.type).filter((ty) => ty === 'order.paid' || ty === 'order.cancelled');
      const rows = payments.filter((p) => p.order === id);
      if (payment.status === 201) {
        // the payment first: paid, then cancelled from paid
        expect(payment.body.status).toBe('succeeded');
        expect(types).toEqual(['order.paid', 'order.cancelled']);
        expect(rows.map((p) => p.id)).toEqual([payment.body.id]);
        succeeded++;
      } else {
        // the cancellation first: the payment refused, and nothing of it left
        expect(payment.status, payment.text).toBe(422);
        expect(payment.body.error.code).toBe('INVALID_STATE_TRANSITION');
        expect(payment.body.error.details).toMatchObject({ current_status: 'cancelled' });
        expect(types).toEqual(['order.cancelled']);
        expect(rows).toEqual([]);
      }
    }
    // which way each race went (both ways are expected over the orders, on PostgreSQL too)
    console.log(`[race] ${succeeded} payments first, ${N - succeeded} cancellations first`);
    const balance = await api(t.url, '/v1/account/balance', { key: a.key });
    expect(balance.status).toBe(200);
    const usd = balance.body.available.filter((m: { currency: string }) => m.currency === 'usd');
    expect(usd.reduce((s: number, m: { amount: number }) => s + m.amount, 0)).toBe(succeeded * amount);
    const succeededEvents = await all<any>('/v1/events?type=payment.succeeded');
    expect(succeededEvents).toHaveLength(succeeded);
  });
});
