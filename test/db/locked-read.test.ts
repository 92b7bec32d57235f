// lockedFindById (src/db/locked-read.ts) against Prisma's findFirst with the same scope and
// include: the same values, types and key order for orders of every kind, null outside the
// scope; and the row stays locked until the transaction ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { lockedFindById } from '../../src/db/locked-read.js';
import { scopedWhere } from '../../src/operations/operation.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
const include = { items: { orderBy: { position: 'asc' } } } as const;
const list = { relation: 'items', orderBy: 'position' };

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
});
afterAll(async () => {
  await t?.stop();
});

async function order(key: string, body: Record<string, unknown> = TEA_ORDER) {
  const res = await api(t.url, '/v1/orders', { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('lockedFindById', () => {
  it('answers exactly what findFirst with the scope and include answers, for orders of every shape', async () => {
    const prisma = t.server.db.prisma;
    const scope = { accountId: a.accountId, livemode: false };
    const customer = await api(t.url, '/v1/customers', { key: a.key, body: { name: 'Ada', email: 'ada@example.com' } });
    const ids = [
      await order(a.key),
      await order(a.key, { currency: 'eur', customer: customer.body.id, metadata: { tier: 'gold', n: '1' }, items: [{ name: 'A', quantity: 1, unit_amount: 5 }, { name: 'B', quantity: 3, unit_amount: 7 }, { name: 'C', quantity: 2, unit_amount: 1 }] }),
      await order(a.key, { currency: 'gbp', metadata: {}, items: [{ name: 'Ünïcode "quoted" \\ name', quantity: 9, unit_amount: 0 }] }),
    ];
    // every nullable column filled on one of them: dates, JSON documents, texts, amounts
    await prisma.order.update({
      where: { id: ids[0] },
      data: {
        status: 'shipped', shippingCarrier: 'ups', trackingNumber: '1Z999', cancellationReason: null, fulfilledAt: new Date('2026-01-02T03:04:05.678Z'),
        onHold: true, holdReason: 'review', heldAt: new Date('2026-01-01T00:00:00.001Z'), amountSubtotal: 900, amountShipping: 100, amountTax: 81, amountTotal: 1081,
        fx: { rate: '1.0825', from: 'eur' }, settlement: { currency: 'usd', amount: 1170 }, shipTo: { country: 'DE', lines: ['a', 'b'] }, shipping: { method: 'express' }, tax: { rate: 0.09 }, compliance: { screened: true },
      },
    });
    for (const id of ids) {
      const expected = await prisma.order.findFirst({ where: scopedWhere(scope, { id }), include });
      const got = await prisma.$transaction((tx) => lockedFindById(tx, 'Order', scope, id, list));
      expect(got).toEqual(expected);
      expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
    }
    // without the list: the row alone
    const plain = await prisma.$transaction((tx) => lockedFindById(tx, 'Order', scope, ids[1]));
    expect(JSON.stringify(plain)).toBe(JSON.stringify(await prisma.order.findFirst({ where: scopedWhere(scope, { id: ids[1] }) })));
  });

  it('is null outside the scope: another account, the other mode, an unknown id; a platform scope reads its accounts', async () => {
    const prisma = t.server.db.prisma;
    const id = await order(a.key);
    const read = (scope: { accountId: string; livemode: boolean; accounts?: string[] }, which = id) =>
      prisma.$transaction((tx) => lockedFindById<{ id: string }>(tx, 'Order', scope, which, list));
    expect(await read({ accountId: b.accountId, livemode: false })).toBeNull();
    expect(await read({ accountId: a.accountId, livemode: true })).toBeNull();
    expect(await read({ accountId: a.accountId, livemode: false }, 'ord_00000000000000000000000000')).toBeNull();
    expect((await read({ accountId: b.accountId, livemode: false, accounts: [b.accountId, a.accountId] }))?.id).toBe(id);
  });

  it('holds the row until the transaction ends: a second locker waits for the first', async () => {
    const prisma = t.server.db.prisma;
    const scope = { accountId: a.accountId, livemode: false };
    const id = await order(a.key);
    const steps: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const firstLocked = new Promise<void>((r) => (locked = r));
    const first = prisma.$transaction(async (tx) => {
      await lockedFindById(tx, 'Order', scope, id, list);
      steps.push('first locked');
      locked();
      await held;
      steps.push('first ends');
    });
    await firstLocked;
    const second = prisma.$transaction(async (tx) => {
      await lockedFindById(tx, 'Order', scope, id, list);
      steps.push('second locked');
    });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first locked', 'first ends', 'second locked']);
  });

  it('refuses models it cannot read exactly', async () => {
    const prisma = t.server.db.prisma;
    const scope = { accountId: a.accountId, livemode: false };
    // Event.seq is a BigInt
    await expect(prisma.$transaction((tx) => lockedFindById(tx, 'Event', scope, 'evt_x'))).rejects.toThrow(/not read by this path/);
  });
});
