// Returns on both doors (REST /v1/returns*, GraphQL returns, return, createReturn,
// approveReturn, rejectReturn, receiveReturn, processReturn): the representation, the state
// machine (every disallowed move is 422 INVALID_STATE_TRANSITION), which orders may be
// returned, the return window (from delivery, else shipment), quantities (rejected returns
// free theirs; concurrent creates never exceed the ordered quantity), the refund on
// processing through the order's payments (one payment, several, none left), restocking on
// receipt, events, isolation between accounts and modes, permissions and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError, expectList, faultFields, ids } from '../rest/envelope.js';

const RETURN_FIELDS = [
  'id', 'object', 'livemode', 'order', 'status', 'currency', 'refund_amount', 'note', 'rejection_reason', 'refund_id', 'metadata',
  'approved_at', 'rejected_at', 'received_at', 'processed_at', 'created', 'updated', 'items',
];
const ITEM_FIELDS = ['id', 'object', 'order_item', 'quantity', 'reason', 'unit_amount', 'amount'];
const DAY_MS = 24 * 3600 * 1000;
const ACTIONS = ['approve', 'reject', 'receive', 'process'] as const;
type Action = (typeof ACTIONS)[number];
const ALLOWED: Record<string, Partial<Record<Action, string>>> = {
  requested: { approve: 'approved', reject: 'rejected' },
  approved: { receive: 'received' },
  received: { process: 'processed' },
  rejected: {},
  processed: {},
};

const G_RETURN = 'id status orderId currency refundAmount note rejectionReason refundId metadata approvedAt rejectedAt receivedAt processedAt createdAt items { id returnId orderItemId quantity reason unitAmount amount position }';
const G_CREATE = `mutation C($input: CreateReturnInput!) { createReturn(input: $input) { ${G_RETURN} } }`;
const G_APPROVE = `mutation A($id: ID!) { approveReturn(id: $id) { ${G_RETURN} } }`;
const G_REJECT = `mutation R($id: ID!, $input: RejectReturnInput!) { rejectReturn(id: $id, input: $input) { ${G_RETURN} } }`;
const G_RECEIVE = `mutation V($id: ID!) { receiveReturn(id: $id) { ${G_RETURN} } }`;
const G_PROCESS = `mutation P($id: ID!) { processReturn(id: $id) { ${G_RETURN} } }`;
const G_ONE = `query One($id: ID!) { return(id: $id) { ${G_RETURN} } }`;

function gqlData(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors, res.text.slice(0, 800)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

function gqlError(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors?.length, res.text.slice(0, 800)).toBeGreaterThan(0);
  return { status: res.status, ...res.body.errors![0] } as { status: number; message: string; extensions: Record<string, any> };
}

function expectReturn(r: any, expected: Record<string, unknown> = {}) {
  for (const f of RETURN_FIELDS) expect(r, `field ${f}`).toHaveProperty(f);
  expect(r.id).toMatch(/^ret_[0-9a-z]{10,40}$/);
  expect(r.object).toBe('return');
  expect(r.order).toMatch(/^ord_/);
  expect(Number.isInteger(r.refund_amount)).toBe(true);
  expect(Number.isInteger(r.created)).toBe(true);
  expect(Math.abs(r.created - Date.now() / 1000)).toBeLessThan(300);
  expect(Array.isArray(r.items)).toBe(true);
  for (const i of r.items) {
    for (const f of ITEM_FIELDS) expect(i, `item field ${f}`).toHaveProperty(f);
    expect(i.id).toMatch(/^rli_/);
    expect(i.object).toBe('return_item');
    expect(i.order_item).toMatch(/^li_/);
    expect(i.amount).toBe(i.quantity * i.unit_amount);
  }
  expect(r.refund_amount).toBe(r.items.reduce((s: number, i: any) => s + i.amount, 0));
  expect(r).toMatchObject(expected);
}

describe('returns', () => {
  let t: TestServer;
  let a: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await startTestServer();
    a = await t.newAccount();
    other = await t.newAccount();
  });
  afterAll(async () => { await t?.stop(); });

  const post = (key: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) => api(t.url, path, { key, body, headers });
  const get = (key: string, path: string) => api(t.url, path, { key });
  const prisma = () => t.server.services.db.prisma;
  /** The account's events about one object (data.object.id), oldest first, from the outbox's sequence. */
  const eventsAbout = async (accountId: string, objectId: string, type?: string) => {
    const rows = await prisma().event.findMany({ where: { accountId, ...(type ? { type } : {}) }, orderBy: { seq: 'asc' }, select: { id: true, type: true, data: true } });
    return rows.filter((e) => (e.data as any)?.object?.id === objectId);
  };

  /** An order of Tea (2 x 450) and Cake (3 x 300), optionally paid and fulfilled (shipped). */
  async function order(key: string, opts: { pay?: boolean | number[]; ship?: boolean; deliver?: boolean; items?: unknown[] } = {}) {
    const items = opts.items ?? [{ name: 'Tea', quantity: 2, unit_amount: 450 }, { name: 'Cake', quantity: 3, unit_amount: 300 }];
    const res = await post(key, '/v1/orders', { currency: 'usd', items });
    expect(res.status, res.text).toBe(201);
    const o = res.body;
    const parts = opts.pay === true || opts.pay === undefined ? [o.amount] : opts.pay === false ? [] : opts.pay;
    for (const amount of parts) {
      const p = await post(key, '/v1/payments', { amount, currency: 'usd', payment_method: 'pm_card_visa', order: o.id });
      expect(p.status, p.text).toBe(201);
      expect(p.body.status).toBe('succeeded');
    }
    if (opts.ship !== false) {
      const f = await post(key, `/v1/orders/${o.id}/fulfill`);
      expect(f.status, f.text).toBe(200);
    }
    if (opts.deliver) {
      const d = await api(t.url, `/v1/orders/${o.id}`, { method: 'PATCH', key, body: { status: 'delivered' } });
      expect(d.status, d.text).toBe(200);
    }
    return (await get(key, `/v1/orders/${o.id}`)).body as { id: string; amount: number; status: string; items: { id: string; quantity: number; unit_amount: number }[] };
  }

  /** A return of `lines` ([item index, quantity]) of the order, asserting the 201. */
  async function newReturn(key: string, o: { id: string; items: { id: string }[] }, lines: [number, number][] = [[0, 1]], extra: Record<string, unknown> = {}) {
    const res = await post(key, '/v1/returns', { order: o.id, items: lines.map(([i, q]) => ({ order_item: o.items[i].id, quantity: q, reason: 'damaged' })), ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** A return in `status`, reached by the allowed moves. */
  async function returnIn(status: string) {
    const o = await order(a.key);
    const r = await newReturn(a.key, o);
    const path: Record<string, [Action, Record<string, unknown>?][]> = {
      requested: [], approved: [['approve']], rejected: [['reject', { reason: 'used' }]],
      received: [['approve'], ['receive']], processed: [['approve'], ['receive'], ['process']],
    };
    for (const [action, body] of path[status]) {
      const res = await post(a.key, `/v1/returns/${r.id}/${action}`, body ?? {});
      expect(res.status, res.text).toBe(200);
    }
    return r.id as string;
  }

  describe('creating', () => {
    it('POST /v1/returns and /v1/returns/create: 201 return, refund_amount = sum of quantity x unit amount', async () => {
      const o = await order(a.key);
      const res = await post(a.key, '/v1/returns', {
        order: o.id, note: 'box was crushed', metadata: { ticket: 'T-1' },
        items: [{ order_item: o.items[0].id, quantity: 1, reason: 'damaged' }, { order_item: o.items[1].id, quantity: 2, reason: 'wrong size' }],
      });
      expect(res.status, res.text).toBe(201);
      expectReturn(res.body, {
        order: o.id, status: 'requested', currency: 'usd', refund_amount: 450 + 600, note: 'box was crushed', metadata: { ticket: 'T-1' },
        rejection_reason: null, refund_id: null, approved_at: null, rejected_at: null, received_at: null, processed_at: null, livemode: false,
      });
      expect(res.body.items.map((i: any) => [i.order_item, i.quantity, i.reason, i.unit_amount, i.amount])).toEqual([
        [o.items[0].id, 1, 'damaged', 450, 450], [o.items[1].id, 2, 'wrong size', 300, 600],
      ]);
      const alias = await post(a.key, '/v1/returns/create', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] });
      expect(alias.status, alias.text).toBe(201);
      expectReturn(alias.body, { refund_amount: 450, note: null, metadata: {} });
    });

    it('GraphQL createReturn: the same rules and amounts', async () => {
      const o = await order(a.key, { deliver: true });
      const r = gqlData(await gql(t.url, a.key, G_CREATE, { input: { order: o.id, items: [{ orderItem: o.items[1].id, quantity: 3, reason: 'stale' }], note: 'n' } })).createReturn;
      expect(r).toMatchObject({ status: 'requested', orderId: o.id, currency: 'usd', refundAmount: 900, note: 'n', refundId: null, approvedAt: null });
      expect(r.id).toMatch(/^ret_/);
      expect(r.items).toEqual([expect.objectContaining({ orderItemId: o.items[1].id, quantity: 3, reason: 'stale', unitAmount: 300, amount: 900, returnId: r.id, position: 0 })]);
      // read back through REST: the same return
      const rest = await get(a.key, `/v1/returns/${r.id}`);
      expectReturn(rest.body, { id: r.id, refund_amount: 900 });
    });

    it('only shipped or delivered orders (or refunded after shipping): else 422 INVALID_STATE_TRANSITION on both doors', async () => {
      const pending = await order(a.key, { pay: false, ship: false });
      const paid = await order(a.key, { ship: false });
      const cancelled = await order(a.key, { pay: false, ship: false });
      expect((await post(a.key, `/v1/orders/${cancelled.id}/cancel`)).status).toBe(200);
      // refunded without ever shipping
      const refundedUnshipped = await order(a.key, { ship: false });
      const pay1 = (await prisma().payment.findFirst({ where: { orderId: refundedUnshipped.id } }))!;
      expect((await post(a.key, '/v1/payments/refund', { payment: pay1.id })).status).toBe(201);
      expect((await get(a.key, `/v1/orders/${refundedUnshipped.id}`)).body.status).toBe('refunded');
      for (const [o, status] of [[pending, 'pending'], [paid, 'paid'], [cancelled, 'cancelled'], [refundedUnshipped, 'refunded']] as const) {
        const res = await post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] });
        const e = expectError(res, 422, 'INVALID_STATE_TRANSITION');
        expect(e.details).toMatchObject({ order_id: o.id, current_status: status });
        expect(e.param).toBe('order');
        const g = gqlError(await gql(t.url, a.key, G_CREATE, { input: { order: o.id, items: [{ orderItem: o.items[0].id, quantity: 1, reason: 'x' }] } }));
        expect(g.status).toBe(422);
        expect(g.extensions.code).toBe('INVALID_STATE_TRANSITION');
      }
      // shipped, delivered, and refunded after shipping: accepted
      const shipped = await order(a.key);
      const delivered = await order(a.key, { deliver: true });
      const refundedShipped = await order(a.key);
      const pay2 = (await prisma().payment.findFirst({ where: { orderId: refundedShipped.id } }))!;
      expect((await post(a.key, '/v1/payments/refund', { payment: pay2.id })).status).toBe(201);
      expect((await get(a.key, `/v1/orders/${refundedShipped.id}`)).body.status).toBe('refunded');
      for (const o of [shipped, delivered, refundedShipped]) await newReturn(a.key, o);
      expect(await prisma().return.count({ where: { orderId: { in: [pending.id, paid.id, cancelled.id, refundedUnshipped.id] } } })).toBe(0);
    });
  });

  describe('the return window (RETURN_WINDOW_DAYS, default 30)', () => {
    const setDates = (id: string, data: { deliveredAt?: Date | null; fulfilledAt?: Date | null }) => prisma().order.update({ where: { id }, data });

    it('delivered 31 days ago: 422 OUTSIDE_RETURN_WINDOW on both doors; 29 days ago: accepted', async () => {
      const o = await order(a.key, { deliver: true });
      await setDates(o.id, { deliveredAt: new Date(Date.now() - 31 * DAY_MS), fulfilledAt: new Date(Date.now() - 33 * DAY_MS) });
      const e = expectError(await post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] }), 422, 'OUTSIDE_RETURN_WINDOW');
      expect(e.details).toMatchObject({ order_id: o.id, window_days: 30, window_starts_at: 'delivered_at' });
      expect(e.details.window_end).toBeLessThan(Date.now() / 1000);
      const g = gqlError(await gql(t.url, a.key, G_CREATE, { input: { order: o.id, items: [{ orderItem: o.items[0].id, quantity: 1, reason: 'x' }] } }));
      expect(g.status).toBe(422);
      expect(g.extensions.code).toBe('OUTSIDE_RETURN_WINDOW');
      await setDates(o.id, { deliveredAt: new Date(Date.now() - 29 * DAY_MS) });
      await newReturn(a.key, o);
    });

    it('the window runs from delivery when there is one, else from shipment', async () => {
      // shipped 40 days ago, delivered 5 days ago: within the window
      const late = await order(a.key, { deliver: true });
      await setDates(late.id, { fulfilledAt: new Date(Date.now() - 40 * DAY_MS), deliveredAt: new Date(Date.now() - 5 * DAY_MS) });
      await newReturn(a.key, late);
      // shipped 40 days ago, not delivered: outside
      const shipped = await order(a.key);
      await setDates(shipped.id, { fulfilledAt: new Date(Date.now() - 40 * DAY_MS), deliveredAt: null });
      const e = expectError(await post(a.key, '/v1/returns', { order: shipped.id, items: [{ order_item: shipped.items[0].id, quantity: 1, reason: 'x' }] }), 422, 'OUTSIDE_RETURN_WINDOW');
      expect(e.details.window_starts_at).toBe('fulfilled_at');
    });
  });

  describe('quantities', () => {
    it('more than ordered is 400 naming items[n].quantity; quantities held by other returns are 422 DUPLICATE_REQUEST naming the item', async () => {
      const o = await order(a.key);
      const over = await post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 3, reason: 'x' }] });
      expectError(over, 400, 'VALIDATION_ERROR');
      expect(faultFields(over)).toEqual(['items[0].quantity']);

      await newReturn(a.key, o, [[1, 2]]);
      const r2 = await newReturn(a.key, o, [[0, 2], [1, 1]]);
      const again = await post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }, { order_item: o.items[1].id, quantity: 1, reason: 'x' }] });
      const e = expectError(again, 422, 'DUPLICATE_REQUEST');
      expect(faultFields(again)).toEqual(['items[0].quantity', 'items[1].quantity']);
      expect(e.details.errors[0]).toMatchObject({ order_item: o.items[0].id, ordered: 2, in_other_returns: 2, returnable: 0, returns: [r2.id] });
      expect(e.details.errors[1]).toMatchObject({ order_item: o.items[1].id, ordered: 3, in_other_returns: 3, returnable: 0 });
      expect(e.message).toContain(o.items[0].id);
      expect(e.message).toContain(o.items[1].id);
      const g = gqlError(await gql(t.url, a.key, G_CREATE, { input: { order: o.id, items: [{ orderItem: o.items[1].id, quantity: 1, reason: 'x' }] } }));
      expect(g.status).toBe(422);
      expect(g.extensions.code).toBe('DUPLICATE_REQUEST');
      expect(g.extensions.details.errors[0].field).toBe('items.0.quantity');

      // rejecting r2 frees its quantities; approved, received and processed returns keep theirs
      expect((await post(a.key, `/v1/returns/${r2.id}/reject`, { reason: 'used' })).status).toBe(200);
      const r3 = await newReturn(a.key, o, [[0, 2], [1, 1]]);
      for (const action of ['approve', 'receive', 'process']) {
        expect((await post(a.key, `/v1/returns/${r3.id}/${action}`)).status).toBe(200);
        expectError(await post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] }), 422, 'DUPLICATE_REQUEST');
      }
    });

    it('concurrent creates never return more than was ordered', async () => {
      const o = await order(a.key, { items: [{ name: 'Mug', quantity: 3, unit_amount: 1000 }] });
      const results = await Promise.all(Array.from({ length: 8 }, () =>
        post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, results.map((r) => r.text.slice(0, 200)).join('\n')).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
      for (const r of results.filter((x) => x.status === 422)) expect(r.body.error.code).toBe('DUPLICATE_REQUEST');
      const held = await prisma().returnItem.aggregate({ where: { orderItemId: o.items[0].id }, _sum: { quantity: true } });
      expect(held._sum.quantity).toBe(3);
    });
  });

  describe('the state machine', () => {
    it('approve, reject, receive, process on REST: the allowed moves set their timestamps; every other move is 422 INVALID_STATE_TRANSITION', async () => {
      for (const from of Object.keys(ALLOWED)) {
        for (const action of ACTIONS) {
          const id = await returnIn(from);
          const body = action === 'reject' ? { reason: 'not eligible' } : {};
          const res = await post(a.key, `/v1/returns/${id}/${action}`, body);
          const to = ALLOWED[from][action];
          if (to) {
            expect(res.status, `${from} -> ${action}: ${res.text}`).toBe(200);
            expectReturn(res.body, { id, status: to });
            expect(Number.isInteger(res.body[`${to}_at`]), `${to}_at`).toBe(true);
            if (to === 'rejected') expect(res.body.rejection_reason).toBe('not eligible');
          } else {
            const e = expectError(res, 422, 'INVALID_STATE_TRANSITION');
            expect(e.details, `${from} -> ${action}`).toMatchObject({ return_id: id, current_status: from, allowed: Object.values(ALLOWED[from]) });
            expect((await get(a.key, `/v1/returns/${id}`)).body.status).toBe(from);
          }
        }
      }
    });

    it('the same on GraphQL', async () => {
      const call = (action: Action, id: string) => {
        if (action === 'approve') return gql(t.url, a.key, G_APPROVE, { id });
        if (action === 'reject') return gql(t.url, a.key, G_REJECT, { id, input: { reason: 'no' } });
        if (action === 'receive') return gql(t.url, a.key, G_RECEIVE, { id });
        return gql(t.url, a.key, G_PROCESS, { id });
      };
      const field = { approve: 'approveReturn', reject: 'rejectReturn', receive: 'receiveReturn', process: 'processReturn' } as const;
      for (const from of Object.keys(ALLOWED)) {
        for (const action of ACTIONS) {
          const id = await returnIn(from);
          const res = await call(action, id);
          const to = ALLOWED[from][action];
          if (to) {
            const r = gqlData(res)[field[action]];
            expect(r).toMatchObject({ id, status: to });
            expect(r[`${to}At`]).not.toBeNull();
          } else {
            const g = gqlError(res);
            expect(g.status, `${from} -> ${action}`).toBe(422);
            expect(g.extensions).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { current_status: from } });
          }
        }
      }
    });

    it('concurrent moves of one return: exactly one wins, the others see its new status', async () => {
      const id = await returnIn('requested');
      const results = await Promise.all([
        post(a.key, `/v1/returns/${id}/approve`), post(a.key, `/v1/returns/${id}/approve`),
        post(a.key, `/v1/returns/${id}/reject`, { reason: 'x' }), post(a.key, `/v1/returns/${id}/reject`, { reason: 'y' }),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expectError(r, 422, 'INVALID_STATE_TRANSITION');
      const events = (await eventsAbout(a.accountId, id)).map((e) => e.type);
      expect(events.filter((e) => e === 'return.approved' || e === 'return.rejected')).toHaveLength(1);
    });
  });

  describe('processing refunds through the payments', () => {
    it('one payment: the refund amount is refunded, amount_refunded moves, refund_id names the refund; the last return refunds the order', async () => {
      const o = await order(a.key);
      const payment = (await prisma().payment.findFirst({ where: { orderId: o.id } }))!;
      const r1 = await newReturn(a.key, o, [[0, 2]]);
      for (const action of ['approve', 'receive']) expect((await post(a.key, `/v1/returns/${r1.id}/${action}`)).status).toBe(200);
      const before = (await get(a.key, '/v1/account/balance')).body;
      const done = await post(a.key, `/v1/returns/${r1.id}/process`);
      expect(done.status, done.text).toBe(200);
      expectReturn(done.body, { status: 'processed', refund_amount: 900 });
      expect(done.body.refund_id).toMatch(/^re_/);
      const refund = await get(a.key, `/v1/refunds/${done.body.refund_id}`);
      expect(refund.body).toMatchObject({ payment: payment.id, amount: 900, currency: 'usd', status: 'succeeded', reason: `return ${r1.id}` });
      expect((await get(a.key, `/v1/payments/${payment.id}`)).body.amount_refunded).toBe(900);
      const after = (await get(a.key, '/v1/account/balance')).body;
      const usd = (b: any) => b.available.find((m: any) => m.currency === 'usd')?.amount ?? 0;
      expect(usd(before) - usd(after)).toBe(900);
      // a partial refund keeps the order shipped
      expect((await get(a.key, `/v1/orders/${o.id}`)).body.status).toBe('shipped');

      // the rest, through GraphQL: the payment is then fully refunded and the order refunded
      const r2 = await newReturn(a.key, o, [[1, 3]]);
      gqlData(await gql(t.url, a.key, G_APPROVE, { id: r2.id }));
      gqlData(await gql(t.url, a.key, G_RECEIVE, { id: r2.id }));
      const g = gqlData(await gql(t.url, a.key, G_PROCESS, { id: r2.id })).processReturn;
      expect(g).toMatchObject({ status: 'processed', refundAmount: 900 });
      expect(g.refundId).toMatch(/^re_/);
      expect((await get(a.key, `/v1/payments/${payment.id}`)).body.amount_refunded).toBe(1800);
      expect((await get(a.key, `/v1/orders/${o.id}`)).body.status).toBe('refunded');
      const types = (await eventsAbout(a.accountId, o.id)).map((e) => e.type);
      expect(types.filter((x) => x === 'order.refunded')).toHaveLength(1);
      expect(types.at(-1)).toBe('order.refunded');
    });

    it('several payments: refunded oldest first, each up to what remains on it; refund_id is the first refund, the event lists them all', async () => {
      const o = await order(a.key, { pay: [1000, 800] });
      const payments = await prisma().payment.findMany({ where: { orderId: o.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      const r = await newReturn(a.key, o, [[0, 2], [1, 3]]);
      for (const action of ['approve', 'receive', 'process']) expect((await post(a.key, `/v1/returns/${r.id}/${action}`)).status).toBe(200);
      const done = (await get(a.key, `/v1/returns/${r.id}`)).body;
      const refunds = await prisma().refund.findMany({ where: { reason: `return ${r.id}` }, orderBy: { createdAt: 'asc' } });
      expect(refunds.map((x) => [x.paymentId, x.amount])).toEqual([[payments[0].id, 1000], [payments[1].id, 800]]);
      expect(done.refund_id).toBe(refunds[0].id);
      const [stored] = await eventsAbout(a.accountId, r.id, 'return.processed');
      const ev = await api(t.url, `/v1/events/${stored.id}`, { key: a.key });
      expect(ev.status, ev.text).toBe(200);
      const processed = ev.body;
      expect(processed.data).toMatchObject({ return_id: r.id, order_id: o.id, refund_amount: 1800, amount_refunded: 1800 });
      expect([...processed.data.refunds].sort()).toEqual(refunds.map((x) => x.id).sort());
      expect((await get(a.key, `/v1/orders/${o.id}`)).body.status).toBe('refunded');
    });

    it('two returns of one order processed at once: both refund in full, spread over the payments, never past them', async () => {
      const o = await order(a.key, { pay: [1000, 800] });
      const r1 = await newReturn(a.key, o, [[0, 2]]);
      const r2 = await newReturn(a.key, o, [[1, 3]]);
      for (const r of [r1, r2]) for (const action of ['approve', 'receive']) expect((await post(a.key, `/v1/returns/${r.id}/${action}`)).status).toBe(200);
      const done = await Promise.all([post(a.key, `/v1/returns/${r1.id}/process`), post(a.key, `/v1/returns/${r2.id}/process`)]);
      for (const d of done) {
        expect(d.status, d.text).toBe(200);
        expect(d.body.refund_id).toMatch(/^re_/);
      }
      const refunds = await prisma().refund.findMany({ where: { reason: { in: [`return ${r1.id}`, `return ${r2.id}`] } } });
      const by = (id: string) => refunds.filter((x) => x.reason === `return ${id}`).reduce((s, x) => s + x.amount, 0);
      expect([by(r1.id), by(r2.id)]).toEqual([900, 900]);
      const payments = await prisma().payment.findMany({ where: { orderId: o.id } });
      expect(payments.map((p) => p.amountRefunded - p.amount)).toEqual([0, 0]);
      expect((await get(a.key, `/v1/orders/${o.id}`)).body.status).toBe('refunded');
    });

    it('no payment left to refund: processing completes with refund_id null and no refund', async () => {
      // never paid
      const unpaid = await order(a.key, { pay: false });
      const r1 = await newReturn(a.key, unpaid, [[0, 1]]);
      for (const action of ['approve', 'receive', 'process']) expect((await post(a.key, `/v1/returns/${r1.id}/${action}`)).status).toBe(200);
      expectReturn((await get(a.key, `/v1/returns/${r1.id}`)).body, { status: 'processed', refund_id: null, refund_amount: 450 });
      // refunded by hand before the return was processed
      const o = await order(a.key);
      const payment = (await prisma().payment.findFirst({ where: { orderId: o.id } }))!;
      const r2 = await newReturn(a.key, o, [[0, 1]]);
      expect((await post(a.key, '/v1/payments/refund', { payment: payment.id })).status).toBe(201);
      for (const action of ['approve', 'receive', 'process']) expect((await post(a.key, `/v1/returns/${r2.id}/${action}`)).status).toBe(200);
      expect((await get(a.key, `/v1/returns/${r2.id}`)).body).toMatchObject({ status: 'processed', refund_id: null });
      expect(await prisma().refund.count({ where: { reason: { in: [`return ${r1.id}`, `return ${r2.id}`] } } })).toBe(0);
      expect((await get(a.key, `/v1/payments/${payment.id}`)).body.amount_refunded).toBe(o.amount);
      // partly refunded by hand: the return refunds what remains
      const o3 = await order(a.key);
      const p3 = (await prisma().payment.findFirst({ where: { orderId: o3.id } }))!;
      expect((await post(a.key, '/v1/payments/refund', { payment: p3.id, amount: 1500 })).status).toBe(201);
      const r3 = await newReturn(a.key, o3, [[0, 2]]);
      for (const action of ['approve', 'receive', 'process']) expect((await post(a.key, `/v1/returns/${r3.id}/${action}`)).status).toBe(200);
      const refund = (await get(a.key, `/v1/refunds/${(await get(a.key, `/v1/returns/${r3.id}`)).body.refund_id}`)).body;
      expect(refund.amount).toBe(o3.amount - 1500);
      expect((await get(a.key, `/v1/payments/${p3.id}`)).body.amount_refunded).toBe(o3.amount);
    });
  });

  describe('receiving restocks', () => {
    it('each line of a tracked product goes back on hand at the default location, with a restock movement; untracked and product-less lines change nothing', async () => {
      const acct = await t.newAccount();
      const product = async (name: string, price: number) => {
        const res = await post(acct.key, '/v1/products', { name, price, currency: 'usd' });
        expect(res.status, res.text).toBe(201);
        return res.body.id as string;
      };
      const tracked = await product('Lamp', 2500);
      const untracked = await product('Gift card', 1000);
      const adjust = await post(acct.key, '/v1/inventory/adjust', { product: tracked, delta: 10, reason: 'stock take' });
      expect(adjust.status, adjust.text).toBe(200);
      const onHand = async () => {
        const list = expectList(await get(acct.key, `/v1/inventory?product=${tracked}`)).data;
        expect(list).toHaveLength(1);
        return list[0] as { on_hand: number; available: number; reserved: number; allocated: number };
      };
      const o = await order(acct.key, { items: [{ product: tracked, quantity: 3 }, { product: untracked, quantity: 1 }, { name: 'Wrapping', quantity: 1, unit_amount: 200 }] });
      // shipping consumed the 3
      expect(await onHand()).toMatchObject({ on_hand: 7, available: 7, reserved: 0, allocated: 0 });
      const r = await newReturn(acct.key, o, [[0, 2], [1, 1], [2, 1]]);
      expect(r.refund_amount).toBe(2 * 2500 + 1000 + 200);
      expect((await post(acct.key, `/v1/returns/${r.id}/approve`)).status).toBe(200);
      // approval alone restocks nothing
      expect((await onHand()).on_hand).toBe(7);
      const received = gqlData(await gql(t.url, acct.key, G_RECEIVE, { id: r.id })).receiveReturn;
      expect(received.status).toBe('received');
      expect(await onHand()).toMatchObject({ on_hand: 9, available: 9 });
      expect(await prisma().inventoryItem.count({ where: { productId: untracked } })).toBe(0);
      const movements = await prisma().inventoryMovement.findMany({ where: { returnId: r.id } });
      expect(movements.map((m) => [m.kind, m.onHandDelta, m.orderId])).toEqual([['restock', 2, o.id]]);
      const updates = (await eventsAbout(acct.accountId, (await prisma().inventoryItem.findFirstOrThrow({ where: { productId: tracked } })).id, 'inventory.updated'));
      expect(updates.length).toBeGreaterThanOrEqual(1);
      expect((updates.at(-1)!.data as any).object.on_hand).toBe(9);
      // processing does not restock again
      expect((await post(acct.key, `/v1/returns/${r.id}/process`)).status).toBe(200);
      expect((await onHand()).on_hand).toBe(9);
      // a rejected return restocks nothing
      const rej = await newReturn(acct.key, o, [[0, 1]]);
      expect((await post(acct.key, `/v1/returns/${rej.id}/reject`, { reason: 'worn' })).status).toBe(200);
      expect((await onHand()).on_hand).toBe(9);
    });
  });

  describe('reading', () => {
    it('GET /v1/returns (and /list) with filters; GET /v1/returns/{id} with expand[]=order; GraphQL returns and return', async () => {
      const o = await order(a.key);
      const r1 = await newReturn(a.key, o, [[0, 1]]);
      const r2 = await newReturn(a.key, o, [[1, 1]]);
      expect((await post(a.key, `/v1/returns/${r2.id}/approve`)).status).toBe(200);
      for (const path of ['/v1/returns', '/v1/returns/list']) {
        const list = expectList(await get(a.key, `${path}?order_eq=${o.id}`));
        expect(list.data.map((x: any) => x.id)).toEqual([r2.id, r1.id]);
        for (const x of list.data) expectReturn(x);
      }
      expect(ids(await get(a.key, `/v1/returns?order_eq=${o.id}&status=approved`))).toEqual([r2.id]);
      const one = await get(a.key, `/v1/returns/${r1.id}?expand[]=order`);
      expect(one.status, one.text).toBe(200);
      expect(one.body.order).toMatchObject({ id: o.id, object: 'order' });

      const gl = gqlData(await gql(t.url, a.key, `query L($o: String!) { returns(where: {orderId: {_eq: $o}}, order_by: [{createdAt: asc}], limit: 10) { id status order { id status } items { quantity orderItem { id name } } } }`, { o: o.id })).returns;
      expect(gl.map((x: any) => [x.id, x.status])).toEqual([[r1.id, 'requested'], [r2.id, 'approved']]);
      expect(gl[0].order).toEqual({ id: o.id, status: 'shipped' });
      expect(gl[0].items[0].orderItem).toEqual({ id: o.items[0].id, name: 'Tea' });
      const g1 = gqlData(await gql(t.url, a.key, G_ONE, { id: r2.id })).return;
      expect(g1).toMatchObject({ id: r2.id, status: 'approved', orderId: o.id });
      // `return` as a field name, through the compiled fast path and through yoga (a fragment)
      const plain = gqlData(await gql(t.url, a.key, `{ return(id: "${r1.id}") { id status } }`)).return;
      expect(plain).toEqual({ id: r1.id, status: 'requested' });
      const frag = gqlData(await gql(t.url, a.key, `query { return(id: "${r1.id}") { ...F } } fragment F on Return { id refundAmount }`)).return;
      expect(frag).toEqual({ id: r1.id, refundAmount: 450 });
      expect(gqlData(await gql(t.url, a.key, `{ return(id: "ret_0000000000zzzzzzzzzzzzzzzz") { id } }`)).return).toBeNull();
    });
  });

  describe('events', () => {
    it('return.created, return.approved, return.received, return.processed and return.rejected, each with the return; refund.created on processing', async () => {
      const acct = await t.newAccount();
      const o = await order(acct.key);
      const r = await newReturn(acct.key, o, [[0, 1]]);
      for (const action of ['approve', 'receive', 'process']) expect((await post(acct.key, `/v1/returns/${r.id}/${action}`)).status).toBe(200);
      const rej = await newReturn(acct.key, o, [[1, 1]]);
      expect((await post(acct.key, `/v1/returns/${rej.id}/reject`, { reason: 'late' })).status).toBe(200);
      // the order in which they were written
      expect((await eventsAbout(acct.accountId, r.id)).map((e) => e.type)).toEqual(['return.created', 'return.approved', 'return.received', 'return.processed']);
      expect((await eventsAbout(acct.accountId, rej.id)).map((e) => e.type)).toEqual(['return.created', 'return.rejected']);
      // through the events API, as webhooks deliver them
      const list = expectList(await api(t.url, '/v1/events?type=return.*&limit=100', { key: acct.key })).data;
      expect(list).toHaveLength(6);
      const of = (id: string) => list.filter((e: any) => e.data.object.id === id);
      expect(Object.fromEntries(of(r.id).map((e: any) => [e.type, e.data.object.status]))).toEqual({
        'return.created': 'requested', 'return.approved': 'approved', 'return.received': 'received', 'return.processed': 'processed',
      });
      expect(Object.fromEntries(of(rej.id).map((e: any) => [e.type, [e.data.object.status, e.data.object.rejection_reason]]))).toEqual({
        'return.created': ['requested', null], 'return.rejected': ['rejected', 'late'],
      });
      for (const e of list) {
        expectReturn(e.data.object);
        expect(e.request.id).toMatch(/^req_/);
      }
      const processed = of(r.id).find((e: any) => e.type === 'return.processed');
      expect(processed.data.object.refund_id).toMatch(/^re_/);
      expect(processed.data).toMatchObject({ return_id: r.id, order_id: o.id, refund_amount: 450, amount_refunded: 450, refunds: [processed.data.object.refund_id] });
      const refunds = expectList(await api(t.url, '/v1/events?type=refund.created&limit=100', { key: acct.key })).data;
      expect(refunds.map((e: any) => e.data.object.id)).toEqual([processed.data.object.refund_id]);
      // the catalogue knows them: an endpoint can subscribe to return.*
      const hook = await post(acct.key, '/v1/webhooks', { url: 'https://example.com/hook', events: ['return.*', 'return.processed'] });
      expect(hook.status, hook.text).toBe(201);
    });
  });

  describe('isolation and permissions', () => {
    it("another account's returns and orders are not found; the live mode does not see test returns", async () => {
      const o = await order(a.key);
      const r = await newReturn(a.key, o, [[0, 1]]);
      expectError(await get(other.key, `/v1/returns/${r.id}`), 404, 'RESOURCE_NOT_FOUND');
      expect(ids(await get(other.key, '/v1/returns'))).not.toContain(r.id);
      for (const action of ACTIONS) {
        expectError(await post(other.key, `/v1/returns/${r.id}/${action}`, action === 'reject' ? { reason: 'x' } : {}), 404, 'RESOURCE_NOT_FOUND');
      }
      const g = gqlError(await gql(t.url, other.key, G_APPROVE, { id: r.id }));
      expect(g.extensions.code).toBe('RESOURCE_NOT_FOUND');
      expect(gqlData(await gql(t.url, other.key, G_ONE, { id: r.id })).return).toBeNull();
      expect(gqlData(await gql(t.url, other.key, '{ returns { id } }')).returns.map((x: any) => x.id)).not.toContain(r.id);
      // a return of another account's order, or naming its items
      const e = expectError(await post(other.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] }), 404, 'PARENT_NOT_FOUND');
      expect(e.param).toBe('order');
      const mine = await order(other.key);
      const foreign = await post(other.key, '/v1/returns', { order: mine.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'x' }] });
      expectError(foreign, 400, 'VALIDATION_ERROR');
      expect(faultFields(foreign)).toEqual(['items[0].order_item']);
      const live = await a.newKey({ mode: 'live' });
      expectError(await get(live.secret, `/v1/returns/${r.id}`), 404, 'RESOURCE_NOT_FOUND');
      expect(ids(await get(live.secret, '/v1/returns'))).toEqual([]);
      expect((await get(a.key, `/v1/returns/${r.id}`)).body.status).toBe('requested');
    });

    it('returns:read reads; returns:write changes; reading the order through a return needs orders:read; pk_ keys only read', async () => {
      const o = await order(a.key);
      const r = await newReturn(a.key, o, [[0, 1]]);
      const reader = (await a.newKey({ type: 'restricted', permissions: ['returns:read'] })).secret;
      const writer = (await a.newKey({ type: 'restricted', permissions: ['returns:write'] })).secret;
      const pk = (await a.newKey({ type: 'publishable' })).secret;
      const orders = (await a.newKey({ type: 'restricted', permissions: ['orders:*'] })).secret;

      expect((await get(reader, `/v1/returns/${r.id}`)).status).toBe(200);
      expect(expectList(await get(reader, '/v1/returns')).data.length).toBeGreaterThan(0);
      expectError(await post(reader, `/v1/returns/${r.id}/approve`), 403, 'INSUFFICIENT_PERMISSIONS');
      expectError(await post(reader, '/v1/returns', { order: o.id, items: [{ order_item: o.items[1].id, quantity: 1, reason: 'x' }] }), 403, 'INSUFFICIENT_PERMISSIONS');
      expectError(await get(reader, `/v1/returns/${r.id}?expand[]=order`), 403, 'INSUFFICIENT_PERMISSIONS');
      expect(gqlData(await gql(t.url, reader, G_ONE, { id: r.id })).return.id).toBe(r.id);
      for (const q of [`{ return(id: "${r.id}") { id order { id } } }`, `{ returns { id items { orderItem { id } } } }`]) {
        const g = gqlError(await gql(t.url, reader, q));
        expect(g.extensions.code, q).toBe('INSUFFICIENT_PERMISSIONS');
      }
      expect(gqlError(await gql(t.url, reader, G_APPROVE, { id: r.id })).extensions.code).toBe('INSUFFICIENT_PERMISSIONS');

      expect((await post(writer, `/v1/returns/${r.id}/approve`)).status).toBe(200);
      expect((await post(writer, '/v1/returns', { order: o.id, items: [{ order_item: o.items[1].id, quantity: 1, reason: 'x' }] })).status).toBe(201);
      expectError(await get(writer, `/v1/returns/${r.id}`), 403, 'INSUFFICIENT_PERMISSIONS');

      expect((await get(pk, `/v1/returns/${r.id}`)).status).toBe(200);
      expectError(await post(pk, `/v1/returns/${r.id}/receive`), 403, 'RESOURCE_ACCESS_DENIED');
      expectError(await get(orders, `/v1/returns/${r.id}`), 403, 'INSUFFICIENT_PERMISSIONS');
    });
  });

  describe('bad input: a clear 4xx, never a 500', () => {
    it('create: missing and malformed fields are 400 naming each; an unknown order is 404', async () => {
      const o = await order(a.key);
      const li = o.items[0].id;
      const cases: [unknown, string[]][] = [
        [{}, ['order', 'items']],
        [{ order: o.id }, ['items']],
        [{ order: o.id, items: [] }, ['items']],
        [{ order: o.id, items: 'x' }, ['items']],
        [{ order: 'ord_bad', items: [{ order_item: li, quantity: 1, reason: 'x' }] }, ['order']],
        [{ order: o.id, items: [{ order_item: li, quantity: 0, reason: 'x' }] }, ['items[0].quantity']],
        [{ order: o.id, items: [{ order_item: li, quantity: -1, reason: 'x' }] }, ['items[0].quantity']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1.5, reason: 'x' }] }, ['items[0].quantity']],
        [{ order: o.id, items: [{ order_item: li, quantity: '1', reason: 'x' }] }, ['items[0].quantity']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1 }] }, ['items[0].reason']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: '  ' }] }, ['items[0].reason']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x'.repeat(501) }] }, ['items[0].reason']],
        [{ order: o.id, items: [{ quantity: 1, reason: 'x' }] }, ['items[0].order_item']],
        [{ order: o.id, items: [{ order_item: 'li_nope', quantity: 1, reason: 'x' }] }, ['items[0].order_item']],
        [{ order: o.id, items: [{ order_item: 'li_0000000000zzzzzzzzzzzzzzzz', quantity: 1, reason: 'x' }] }, ['items[0].order_item']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x' }, { order_item: li, quantity: 1, reason: 'y' }] }, ['items[1].order_item']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x', color: 'red' }] }, ['items[0].color']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x' }], status: 'approved' }, ['status']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x' }], note: 5 }, ['note']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x' }], metadata: { k: 1 } }, ['metadata.k']],
        [{ order: o.id, items: [{ order_item: li, quantity: 1, reason: 'x\u0000' }] }, ['items[0].reason']],
      ];
      for (const [body, fields] of cases) {
        const res = await post(a.key, '/v1/returns', body);
        expect(res.status, `${JSON.stringify(body)}: ${res.text.slice(0, 300)}`).toBe(400);
        expect(faultFields(res).sort(), JSON.stringify(body)).toEqual(fields.sort());
      }
      const missing = expectError(await post(a.key, '/v1/returns', { order: 'ord_0000000000zzzzzzzzzzzzzzzz', items: [{ order_item: li, quantity: 1, reason: 'x' }] }), 404, 'PARENT_NOT_FOUND');
      expect(missing.param).toBe('order');
      for (const raw of ['[]', '"x"', '{"order":']) {
        const res = await api(t.url, '/v1/returns', { key: a.key, rawBody: raw });
        expect(res.status, raw).toBe(400);
      }
      expect(await prisma().return.count({ where: { orderId: o.id } })).toBe(0);
    });

    it('actions: a malformed or unknown id, an id in the body, reject without a reason: 400/404', async () => {
      const id = await returnIn('requested');
      expectError(await post(a.key, '/v1/returns/ret_0000000000zzzzzzzzzzzzzzzz/approve'), 404, 'RESOURCE_NOT_FOUND');
      expectError(await get(a.key, '/v1/returns/ret_0000000000zzzzzzzzzzzzzzzz'), 404, 'RESOURCE_NOT_FOUND');
      // an id in the path not even shaped as one names nothing: 404, as an unknown one
      expectError(await post(a.key, '/v1/returns/nope/approve'), 404, 'RESOURCE_NOT_FOUND');
      expect(faultFields(await post(a.key, `/v1/returns/${id}/approve`, { id }))).toEqual(['id']);
      expect(faultFields(await post(a.key, `/v1/returns/${id}/approve`, { note: 'x' }))).toEqual(['note']);
      expect(faultFields(await post(a.key, `/v1/returns/${id}/reject`))).toEqual(['reason']);
      expect(faultFields(await post(a.key, `/v1/returns/${id}/reject`, { reason: '' }))).toEqual(['reason']);
      expect(faultFields(await post(a.key, `/v1/returns/${id}/reject`, { reason: 7 }))).toEqual(['reason']);
      expectError(await post(a.key, `/v1/returns/${id}/refund`), 404, 'ROUTE_NOT_FOUND');
      expect((await get(a.key, `/v1/returns/${id}`)).body.status).toBe('requested');

      const g1 = gqlError(await gql(t.url, a.key, G_REJECT, { id, input: { reason: '' } }));
      expect(g1.status).toBe(400);
      expect(g1.extensions.code).toBe('VALIDATION_ERROR');
      // a malformed id names nothing on this door too: 404, as REST answers it
      const g2 = gqlError(await gql(t.url, a.key, G_APPROVE, { id: 'nope' }));
      expect(g2.status).toBe(404);
      expect(g2.extensions.code).toBe('RESOURCE_NOT_FOUND');
      const g3 = gqlError(await gql(t.url, a.key, G_CREATE, { input: { order: 'x', items: [{ orderItem: 'y', quantity: 0, reason: '' }] } }));
      expect(g3.status).toBe(400);
      expect(g3.extensions.details.errors.map((e: any) => e.field).sort()).toEqual(['items.0.orderItem', 'items.0.quantity', 'items.0.reason', 'order']);
      const g4 = gqlError(await gql(t.url, a.key, G_CREATE, { input: { order: 'x' } }));
      expect(g4.status).toBe(400);
    });

    it('Idempotency-Key: a replayed create makes one return', async () => {
      const o = await order(a.key);
      const body = { order: o.id, items: [{ order_item: o.items[0].id, quantity: 2, reason: 'x' }] };
      const first = await post(a.key, '/v1/returns', body, { 'idempotency-key': `ret-${o.id}` });
      const second = await post(a.key, '/v1/returns', body, { 'idempotency-key': `ret-${o.id}` });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body.id).toBe(first.body.id);
      expect(await prisma().return.count({ where: { orderId: o.id } })).toBe(1);
    });
  });
});
