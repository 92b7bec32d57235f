// Concurrent writes that read a row and write what they computed from it never lose an update
// nor take effect twice: each case fires its requests at once through the HTTP API and checks
// the invariant. On the embedded database the transactions run one at a time anyway; on
// PostgreSQL (DATABASE_URL) they really race. Where the window is too short to hit by timing
// (API key update and revoke), the test holds the competing write open in a transaction of
// its own while the requests start: PostgreSQL only. (test/rest/concurrent-updates.test.ts
// covers metadata patches of orders, customers, products and webhook endpoints.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, hasPostgres, startTestServer, TEA_ORDER, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let A: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
});
afterAll(async () => { await t?.stop(); });

const N = 20;

describe('rolling one API key many times at once', () => {
  it('makes exactly one successor: the other rolls find the key expired (422)', async () => {
    const old = await api(t.url, '/v1/api_keys', { key: A.key, body: { name: 'roll race', type: 'restricted', permissions: ['orders:read'] } });
    expect(old.status, old.text).toBe(201);
    // no overlap (the default): once rolled, the old key is expired and cannot be rolled again
    const answers = await Promise.all(Array.from({ length: N }, () =>
      api(t.url, `/v1/api_keys/${old.body.id}/roll`, { key: A.key, body: {} })));
    const rolled = answers.filter((a) => a.status === 200);
    expect(rolled, answers.map((a) => `${a.status} ${a.body?.id ?? a.body?.error?.code}`).join(', ')).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status, a.text).toBe(422);
      expect(a.body.error.code).toBe('INVALID_STATE_TRANSITION');
    }
    // one key made from it, and that key works
    const keys = (await api(t.url, '/v1/api_keys?limit=100', { key: A.key })).body.data as { id: string; rolled_from: string | null }[];
    const successors = keys.filter((k) => k.rolled_from === old.body.id);
    expect(successors.map((k) => k.id)).toEqual([rolled[0].body.id]);
    expect((await api(t.url, '/v1/orders', { key: rolled[0].body.secret })).status).toBe(200);
    expect((await api(t.url, '/v1/orders', { key: old.body.secret })).status).toBe(401);
  });
});

describe('updating one API key from a stronger and a weaker key at once', () => {
  // PostgreSQL only: the secret key's update is held open (written, not committed) by a
  // transaction of the test while the weak key's updates start; the embedded database runs one
  // transaction at a time, so nothing could start while it is open
  it.skipIf(!hasPostgres)('the weaker key never undoes the stronger one\'s grant: it waits, then finds the key beyond it (403)', async () => {
    const target = await api(t.url, '/v1/api_keys', { key: A.key, body: { name: 'update race', type: 'restricted', permissions: ['orders:read'] } });
    expect(target.status, target.text).toBe(201);
    const weak = (await A.newKey({ type: 'restricted', permissions: ['api_keys:write', 'orders:read'] })).secret;
    const strong = ['orders:read', 'payments:read'];
    let pending: Promise<ApiResponse[]> | undefined;
    await t.server.db.prisma.$transaction(async (tx) => {
      // what PATCH /v1/api_keys/{id} by the secret key writes, in flight
      await tx.apiKey.update({ where: { id: target.body.id }, data: { permissions: strong } });
      pending = Promise.all(Array.from({ length: N }, () =>
        api(t.url, `/v1/api_keys/${target.body.id}`, { method: 'PATCH', key: weak, body: { permissions: ['orders:read'] } })));
      await new Promise((r) => setTimeout(r, 500));
    }, { timeout: 30_000 });
    // once the grant is committed, the key holds payments:read, which the weak key lacks
    for (const a of await pending!) {
      expect(a.status, a.text).toBe(403);
      expect(a.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    }
    expect((await api(t.url, `/v1/api_keys/${target.body.id}`, { key: A.key })).body.permissions).toEqual(strong);
  });
});

describe('revoking one API key many times at once', () => {
  // PostgreSQL only, as above: a revocation held open while the others start
  it.skipIf(!hasPostgres)('the first revocation\'s time stays: the others wait, then answer the key as it revoked it', async () => {
    const target = await api(t.url, '/v1/api_keys', { key: A.key, body: { name: 'revoke race', type: 'restricted', permissions: ['orders:read'] } });
    expect(target.status, target.text).toBe(201);
    // the first revocation, in flight (a while ago, so that a later time shows in seconds)
    const first = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    let pending: Promise<ApiResponse[]> | undefined;
    await t.server.db.prisma.$transaction(async (tx) => {
      await tx.apiKey.update({ where: { id: target.body.id }, data: { revokedAt: first } });
      pending = Promise.all(Array.from({ length: N }, () =>
        api(t.url, `/v1/api_keys/${target.body.id}`, { method: 'DELETE', key: A.key })));
      await new Promise((r) => setTimeout(r, 500));
    }, { timeout: 30_000 });
    for (const a of await pending!) {
      expect(a.status, a.text).toBe(200);
      expect(a.body.revoked_at).toBe(first.getTime() / 1000);
    }
    expect((await api(t.url, `/v1/api_keys/${target.body.id}`, { key: A.key })).body.revoked_at).toBe(first.getTime() / 1000);
  });
});

describe('configuring one agent many times at once', () => {
  it('each agent.updated names, as previous, what the update before it left (no two saw the same agent)', async () => {
    const created = await api(t.url, '/v1/agents', { key: A.key, body: { name: 'agent-start', permissions: ['orders:write'], limits: {} } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) =>
      api(t.url, `/v1/agents/${id}/config`, { method: 'PATCH', key: A.key, body: { name: `agent-${i}` } })));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const final = (await api(t.url, `/v1/agents/${id}`, { key: A.key })).body.name as string;
    const events = (await api(t.url, '/v1/events?type=agent.updated&limit=100', { key: A.key })).body.data
      .filter((e: any) => e.data.object.id === id);
    expect(events).toHaveLength(N);
    // serialized, the updates form one chain: the names they found are the first and all but the last
    const before = events.map((e: any) => e.data.previous_attributes?.name).sort();
    const all = ['agent-start', ...Array.from({ length: N }, (_, i) => `agent-${i}`)];
    expect(before).toEqual(all.filter((n) => n !== final).sort());
  });
});

describe('refunding one payment: partial refunds and "the rest" at once', () => {
  it('the refund of the rest (no amount) always refunds what is left: the payment ends fully refunded', async () => {
    for (let round = 0; round < 3; round++) {
      const payment = await api(t.url, '/v1/payments', { key: A.key, body: { amount: 10_000, currency: 'usd', payment_method: 'pm_card_visa' } });
      expect(payment.status, payment.text).toBe(201);
      const partial = (i: number) => api(t.url, '/v1/payments/refund', { key: A.key, body: { payment: payment.body.id, amount: 100, reason: `part ${i}` } });
      const rest = () => api(t.url, '/v1/payments/refund', { key: A.key, body: { payment: payment.body.id, reason: 'the rest' } });
      // the partials add up to less than the payment: whatever the order, something is left for the rest
      const answers = await Promise.all([...Array.from({ length: N / 2 }, (_, i) => partial(i)), rest(), ...Array.from({ length: N / 2 }, (_, i) => partial(N / 2 + i))]);
      const restAnswer = answers[N / 2];
      expect(restAnswer.status, restAnswer.text).toBe(201);
      const after = (await api(t.url, `/v1/payments/${payment.body.id}`, { key: A.key })).body;
      expect(after.amount_refunded).toBe(10_000);
      const refunds = answers.filter((a) => a.status === 201).reduce((s, a) => s + Number(a.body.amount), 0);
      expect(refunds).toBe(10_000);
      for (const a of answers.filter((x) => x.status !== 201)) expect(a.body.error.code, a.text).toBe('REFUND_EXCEEDS_PAYMENT');
    }
  });
});

describe('paying an order while it is deleted', () => {
  it('either the order is deleted and every payment of it refused (404), or it is paid and every deletion refused: never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const order = (await api(t.url, '/v1/orders', { key: A.key, body: TEA_ORDER })).body;
      const answers = await Promise.all(Array.from({ length: N }, (_, i) => i % 2
        ? api(t.url, `/v1/orders/${order.id}`, { method: 'DELETE', key: A.key })
        : api(t.url, '/v1/payments', { key: A.key, body: { amount: 300, currency: 'usd', payment_method: 'pm_card_visa', order: order.id } })));
      const summary = answers.map((a, i) => `${i % 2 ? 'delete' : 'pay'} ${a.status} ${a.body?.error?.code ?? ''}`).join(', ');
      const deletes = answers.filter((_, i) => i % 2);
      const payments = answers.filter((_, i) => !(i % 2));
      const deleted = deletes.filter((a) => a.status === 200).length;
      const paid = payments.filter((a) => a.status === 201).length;
      if (deleted) {
        expect(deleted, summary).toBe(1);
        expect(paid, summary).toBe(0);
        for (const a of payments) expect(`${a.status} ${a.body?.error?.code}`, summary).toBe('404 PARENT_NOT_FOUND');
        for (const a of deletes.filter((x) => x.status !== 200)) expect(`${a.status} ${a.body?.error?.code}`, summary).toBe('404 RESOURCE_NOT_FOUND');
        expect((await api(t.url, `/v1/orders/${order.id}`, { key: A.key })).status).toBe(404);
      } else {
        expect(paid, summary).toBe(N / 2);
        for (const a of deletes) expect(`${a.status} ${a.body?.error?.code}`, summary).toBe('422 INVALID_STATE_TRANSITION');
        const list = (await api(t.url, `/v1/payments?limit=100`, { key: A.key })).body.data.filter((p: any) => p.order === order.id);
        expect(list, summary).toHaveLength(N / 2);
      }
    }
  });
});

describe('invoicing an order while it is deleted', () => {
  it('each invoice is made before the deletion (201, then without the order) or refused after it (404): never a 500', async () => {
    const customer = (await api(t.url, '/v1/customers', { key: A.key, body: { email: 'invoice-race@example.com' } })).body.id;
    for (let round = 0; round < 3; round++) {
      const order = (await api(t.url, '/v1/orders', { key: A.key, body: TEA_ORDER })).body;
      const answers = await Promise.all(Array.from({ length: N }, (_, i) => i % 2
        ? api(t.url, `/v1/orders/${order.id}`, { method: 'DELETE', key: A.key })
        : api(t.url, '/v1/invoices', { key: A.key, body: { customer, currency: 'usd', order: order.id, days_until_due: 30, items: [{ description: 'Tea', quantity: 2, unit_amount: 450 }] } })));
      const summary = answers.map((a, i) => `${i % 2 ? 'delete' : 'invoice'} ${a.status} ${a.body?.error?.code ?? ''}`).join(', ');
      expect(answers.filter((_, i) => i % 2 && answers[i].status === 200), summary).toHaveLength(1);
      for (const [i, a] of answers.entries()) {
        if (i % 2) expect(a.status === 200 || `${a.status} ${a.body.error.code}` === '404 RESOURCE_NOT_FOUND', summary).toBe(true);
        else expect(a.status === 201 || `${a.status} ${a.body.error.code}` === '404 PARENT_NOT_FOUND', summary).toBe(true);
      }
      // the invoices made keep no order that is gone
      for (const a of answers.filter((x, i) => !(i % 2) && x.status === 201)) {
        expect((await api(t.url, `/v1/invoices/${a.body.id}`, { key: A.key })).body.order).toBeNull();
      }
    }
  });
});
