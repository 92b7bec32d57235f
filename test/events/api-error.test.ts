// api.error: a write that fails server-side, or is refused for money or stock (PAYMENT_FAILED,
// INSUFFICIENT_FUNDS, INSUFFICIENT_INVENTORY), is reported as an event of its own, with the
// spec's flat fields; a validation error is answered only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let a: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function apiErrors(key: string): Promise<any[]> {
  const res = await api(t.url, '/v1/events?type=api.error&limit=100', { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** The api.error events of `requestId`, waiting for it to be recorded (it is written after the answer). */
async function eventOf(key: string, requestId: string): Promise<any> {
  for (let i = 0; i < 100; i++) {
    const found = (await apiErrors(key)).find((e) => e.data.request_id === requestId);
    if (found) return found;
    await sleep(50);
  }
  throw new Error(`no api.error for ${requestId}`);
}

describe('api.error', () => {
  it('a live card payment refused (PAYMENT_FAILED) is reported with the request, order, amount and currency', async () => {
    const live = await a.newKey({ mode: 'live' });
    const order = await api(t.url, '/v1/orders', { key: live.secret, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 900 }] } });
    expect(order.status, order.text).toBe(201);
    const res = await api(t.url, '/v1/payments', { key: live.secret, body: { amount: 900, currency: 'usd', payment_method: 'pm_card_visa', order: order.body.id } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PAYMENT_FAILED');
    const requestId = res.body.error.request_id;
    const event = await eventOf(live.secret, requestId);
    expect(event).toMatchObject({ object: 'event', type: 'api.error', livemode: true, request: { id: requestId } });
    expect(event.data).toMatchObject({
      error_code: 'PAYMENT_FAILED', request_id: requestId, customer_id: null, order_id: order.body.id, amount: '9.00', currency: 'usd',
      object: { id: requestId, object: 'api_error', code: 'PAYMENT_FAILED', status: 422, type: res.body.error.type, operation: 'payments.create' },
    });
    // the test mode of the account saw nothing of it
    expect((await apiErrors(a.key)).some((e) => e.data.request_id === requestId)).toBe(false);
  });

  it('a stock refusal (INSUFFICIENT_INVENTORY) is reported; a validation error is not', async () => {
    const product = await api(t.url, '/v1/products', { key: a.key, body: { name: 'Scarce', price: 100, currency: 'usd' } });
    expect(product.status, product.text).toBe(201);
    const reserve = await api(t.url, '/v1/inventory/reserve', { key: a.key, body: { product: product.body.id, quantity: 5 } });
    expect(reserve.status, reserve.text).toBe(422);
    expect(reserve.body.error.code).toBe('INSUFFICIENT_INVENTORY');
    const event = await eventOf(a.key, reserve.body.error.request_id);
    expect(event.data).toMatchObject({ error_code: 'INSUFFICIENT_INVENTORY', customer_id: null, order_id: null, amount: null, currency: null });

    const bad = await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd' } });
    expect(bad.status).toBe(400);
    await sleep(300);
    expect((await apiErrors(a.key)).some((e) => e.data.request_id === bad.body.error.request_id)).toBe(false);
  });
});
