// api.error: a write that fails server-side, or is refused for money or stock (PAYMENT_FAILED,
// INSUFFICIENT_FUNDS, INSUFFICIENT_INVENTORY), is reported as an event of its own, with the
// spec's flat fields; a validation error is answered only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { fundWallet, newSigningSecret } from '../helpers/money.js';
import { apiErrorEvent } from '../../src/events/api-error.js';
import { ApiError } from '../../src/errors.js';

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

  it('a stablecoin refusal (INSUFFICIENT_FUNDS) carries the amount as sent and the coin as currency', async () => {
    const b = await t.newAccount();
    const secret = await newSigningSecret(t, b);
    await fundWallet(t, b, secret, '2');
    const to = (await api(t.url, '/v1/stablecoin/balance', { key: a.key })).body.address as string;
    const refused = await api(t.url, '/v1/stablecoin/transfer', { key: b.key, body: { amount: '50.5', to } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.code).toBe('INSUFFICIENT_FUNDS');
    const event = await eventOf(b.key, refused.body.error.request_id);
    expect(event.data).toMatchObject({ error_code: 'INSUFFICIENT_FUNDS', amount: '50.5', currency: 'usdx', customer_id: null, order_id: null });
    expect(event.data.object).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 422, operation: 'stablecoin.transfer' });
  });

  it('a database fault is reported as the 503 DATABASE_ERROR the request was answered, not as a 500', async () => {
    const marker = `slow-${Date.now()}`;
    const db = t.server.db.prisma;
    // the database cancels the statement (SQLSTATE 57014, as statement_timeout does) for one name
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION api_error_test_cancel() RETURNS trigger AS $$ BEGIN
      IF NEW.name = '${marker}' THEN RAISE EXCEPTION USING ERRCODE = '57014', MESSAGE = 'canceling statement due to statement timeout'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER api_error_test_cancel BEFORE INSERT ON "Customer" FOR EACH ROW EXECUTE FUNCTION api_error_test_cancel()`);
    try {
      const failed = await api(t.url, '/v1/customers', { key: a.key, body: { name: marker } });
      expect(failed.status, failed.text).toBe(503);
      expect(failed.body.error.code).toBe('DATABASE_ERROR');
      const event = await eventOf(a.key, failed.body.error.request_id);
      expect(event.data.error_code).toBe('DATABASE_ERROR');
      expect(event.data.object).toMatchObject({ code: 'DATABASE_ERROR', status: 503, operation: 'customers.create' });
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER IF EXISTS api_error_test_cancel ON "Customer"');
    }
  });

  it('a write that fails server-side (500) is reported once, from an operation and from a route\'s own code (an agent\'s decision)', async () => {
    // a database failure on demand: a trigger that refuses rows whose column (argument 0) holds
    // one value (argument 1), nothing else
    const marker = `boom-${Date.now()}`;
    const db = t.server.db.prisma;
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION api_error_test_refuse() RETURNS trigger AS $$ BEGIN
      IF to_jsonb(NEW) ->> TG_ARGV[0] = TG_ARGV[1] THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    const agent = await api(t.url, '/v1/agents/create', { key: a.key, body: { name: 'x', permissions: ['payments:write'], limits: {} } });
    expect(agent.status, agent.text).toBe(201);
    await db.$executeRawUnsafe(`CREATE TRIGGER api_error_test_customer BEFORE INSERT ON "Customer" FOR EACH ROW EXECUTE FUNCTION api_error_test_refuse('name', '${marker}')`);
    // the decision step records the execution: refused for this agent only
    await db.$executeRawUnsafe(`CREATE TRIGGER api_error_test_execution BEFORE INSERT ON "AgentExecution" FOR EACH ROW EXECUTE FUNCTION api_error_test_refuse('agentId', '${agent.body.id}')`);
    try {
      const failed = await api(t.url, '/v1/customers', { key: a.key, body: { name: marker, email: 'x@example.com' } });
      expect(failed.status, failed.text).toBe(500);
      expect(failed.body.error.code).toBe('INTERNAL_ERROR');
      const event = await eventOf(a.key, failed.body.error.request_id);
      expect(event.data).toMatchObject({ error_code: 'INTERNAL_ERROR', request_id: failed.body.error.request_id });
      expect(event.data.object).toMatchObject({ object: 'api_error', status: 500, operation: 'customers.create' });

      const run = await api(t.url, `/v1/agents/${agent.body.id}/execute`, { key: a.key, body: { operation: 'payments.create', input: { amount: 100, currency: 'usd', payment_method: 'pm_card_visa' } } });
      expect(run.status, run.text).toBe(500);
      const e = await eventOf(a.key, run.body.error.request_id);
      expect(e.data.object).toMatchObject({ status: 500, operation: 'POST /v1/agents/:id/execute' });
      await sleep(300);
      const all = await apiErrors(a.key);
      expect(all.filter((x) => x.data.request_id === run.body.error.request_id)).toHaveLength(1);
      expect(all.filter((x) => x.data.request_id === failed.body.error.request_id)).toHaveLength(1);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER IF EXISTS api_error_test_customer ON "Customer"');
      await db.$executeRawUnsafe('DROP TRIGGER IF EXISTS api_error_test_execution ON "AgentExecution"');
    }
  });
});

describe('api.error data of a payment in the coin\'s currency', () => {
  it('gives its amount as the major unit, as for usd (hundredths of the coin: 1250 usdx is "12.50")', () => {
    // the server running in this file has made the coin's code a currency (the payments module)
    const e = apiErrorEvent(new ApiError('PAYMENT_FAILED', 'refused'), 'req_x', 'payments.create', 'Payment', { amount: 1250, currency: 'usdx' }, 'usdx');
    expect(e.data).toMatchObject({ amount: '12.50', currency: 'usdx' });
    const fiat = apiErrorEvent(new ApiError('PAYMENT_FAILED', 'refused'), 'req_y', 'payments.create', 'Payment', { amount: 1250, currency: 'jpy' }, 'usdx');
    expect(fiat.data).toMatchObject({ amount: '1250', currency: 'jpy' });
  });
});
