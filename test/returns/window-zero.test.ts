// RETURN_WINDOW_DAYS=0 refuses every return, on both doors, whatever the order's dates: 422
// OUTSIDE_RETURN_WINDOW, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError } from '../rest/envelope.js';

describe('RETURN_WINDOW_DAYS=0', () => {
  let t: TestServer;
  let a: TestAccount;
  beforeAll(async () => {
    t = await startTestServer({ RETURN_WINDOW_DAYS: '0' });
    a = await t.newAccount();
  });
  afterAll(async () => { await t?.stop(); });

  it('refuses a return of an order shipped or delivered a moment ago: 422 OUTSIDE_RETURN_WINDOW on both doors', async () => {
    const made = await api(t.url, '/v1/orders', { key: a.key, body: { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unit_amount: 450 }] } });
    expect(made.status, made.text).toBe(201);
    const o = made.body;
    expect((await api(t.url, `/v1/orders/${o.id}/fulfill`, { key: a.key, body: {} })).status).toBe(200);
    for (const step of ['shipped', 'delivered']) {
      if (step === 'delivered') {
        const d = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key: a.key, body: { status: 'delivered' } });
        expect(d.status, d.text).toBe(200);
        // delivered this very moment
        await t.server.services.db.prisma.order.update({ where: { id: o.id }, data: { deliveredAt: new Date() } });
      }
      const res = await api(t.url, '/v1/returns', { key: a.key, body: { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'damaged' }] } });
      const e = expectError(res, 422, 'OUTSIDE_RETURN_WINDOW');
      expect(e.details).toMatchObject({ order_id: o.id, window_days: 0 });
      expect(e.param).toBe('order');
      const g = await gql(t.url, a.key, 'mutation C($input: CreateReturnInput!) { createReturn(input: $input) { id } }', {
        input: { order: o.id, items: [{ orderItem: o.items[0].id, quantity: 1, reason: 'damaged' }] },
      });
      expect(g.status).toBe(422);
      expect(g.body.errors?.[0]?.extensions?.code).toBe('OUTSIDE_RETURN_WINDOW');
    }
    expect(await t.server.services.db.prisma.return.count({ where: { orderId: o.id } })).toBe(0);
    // a bad request is still a 400 first: the window is a rule about the order, checked after the input
    const bad = await api(t.url, '/v1/returns', { key: a.key, body: { order: o.id, items: [{ order_item: o.items[0].id, quantity: 0, reason: 'x' }] } });
    expectError(bad, 400, 'VALIDATION_ERROR');
  });
});
