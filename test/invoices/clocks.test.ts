// Test clocks on both doors (REST /v1/test_helpers/test_clocks*, GraphQL testClocks, testClock,
// createTestClock, advanceTestClock, deleteTestClock): the representation, forward-only
// advances (advancing, then ready), live keys 404, customers living on a clock and their
// invoices' dates in clock time, invoice.overdue raised by the advance in time order with
// `created` = the clock time it fell due at, exactly once, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError, expectList, faultFields, ids } from '../rest/envelope.js';

const CLOCKS = '/v1/test_helpers/test_clocks';
const DAY = 86_400;
const T0 = Date.UTC(2030, 0, 31, 9, 30) / 1000; // a Thursday morning, 2030-01-31

function gqlData(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors, res.text.slice(0, 800)).toBeUndefined();
  return res.body.data;
}
function gqlError(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors?.length, res.text.slice(0, 800)).toBeGreaterThan(0);
  return res.body.errors![0] as { message: string; extensions: Record<string, any> };
}

describe('test clocks', () => {
  let t: TestServer;
  let a: TestAccount;
  const post = (key: string, path: string, body?: unknown) => api(t.url, path, { key, method: 'POST', body: body ?? {} });
  const get = (key: string, path: string) => api(t.url, path, { key });
  const prisma = () => t.server.db.prisma;
  const events = async (accountId: string, type: string) =>
    (await prisma().event.findMany({ where: { accountId, type }, orderBy: { seq: 'asc' } })).map((e) => ({ ...(e.data as any), type: e.type, created: Math.floor(e.createdAt.getTime() / 1000) }));

  async function clock(key: string, frozen = T0, name?: string) {
    const res = await post(key, CLOCKS, { frozen_time: frozen, ...(name ? { name } : {}) });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }
  async function customerOn(key: string, clockId: string) {
    const res = await post(key, '/v1/customers', { name: 'Clocked', test_clock: clockId });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }
  async function openInvoice(key: string, cus: string, extra: Record<string, unknown> = { days_until_due: 30 }) {
    const inv = await post(key, '/v1/invoices', { customer: cus, currency: 'usd', items: [{ description: 'Rent', quantity: 1, unit_amount: 10000 }], ...extra });
    expect(inv.status, inv.text).toBe(201);
    const fin = await post(key, `/v1/invoices/${inv.body.id}/finalize`);
    expect(fin.status, fin.text).toBe(200);
    return fin.body;
  }
  async function advanced(key: string, id: string, to: number) {
    const res = await post(key, `${CLOCKS}/${id}/advance`, { frozen_time: to });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('advancing');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = (await get(key, `${CLOCKS}/${id}`)).body;
      if (c.status === 'ready') return c;
      if (Date.now() > deadline) throw new Error(`clock ${id} still ${c.status} at ${c.frozen_time}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    t = await startTestServer({ INVOICE_SWEEP_INTERVAL_SECS: '1' });
    a = await t.newAccount();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('create, retrieve, list, delete: test_clock {id, frozen_time, status ready, name}; a deleted clock is gone', async () => {
    const c = await clock(a.key, T0, 'Billing run');
    expect(c).toMatchObject({ object: 'test_clock', livemode: false, frozen_time: T0, status: 'ready', name: 'Billing run', advancing_to: null });
    expect(c.id).toMatch(/^clock_[0-9a-z]{10,40}$/);
    expect(c).not.toHaveProperty('deleted_at');
    expect((await get(a.key, `${CLOCKS}/${c.id}`)).body).toEqual(c);
    const other = await clock(a.key, T0 + 5);
    const list = expectList(await get(a.key, CLOCKS));
    expect(list.data.map((x) => x.id)).toEqual([other.id, c.id]);
    expect(ids(await get(a.key, `${CLOCKS}?frozen_time_gt=${T0}`))).toEqual([other.id]);
    const del = await api(t.url, `${CLOCKS}/${c.id}`, { key: a.key, method: 'DELETE' });
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ id: c.id, object: 'test_clock', deleted: true });
    expectError(await get(a.key, `${CLOCKS}/${c.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post(a.key, `${CLOCKS}/${c.id}/advance`, { frozen_time: T0 + 1 }), 404, 'RESOURCE_NOT_FOUND');
    expect(ids(await get(a.key, CLOCKS))).toEqual([other.id]);
    // a customer cannot be put on a deleted clock
    expectError(await post(a.key, '/v1/customers', { test_clock: c.id }), 404, 'PARENT_NOT_FOUND');
    // another account sees none of it
    const b = await t.newAccount();
    expectError(await get(b.key, `${CLOCKS}/${other.id}`), 404, 'RESOURCE_NOT_FOUND');
    expect(ids(await get(b.key, CLOCKS))).toEqual([]);
  });

  it('bad input is a clear 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'frozen_time'],
      [{ frozen_time: 'tomorrow' }, 'frozen_time'],
      [{ frozen_time: -1 }, 'frozen_time'],
      [{ frozen_time: 1.5 }, 'frozen_time'],
      [{ frozen_time: 253_402_300_800 }, 'frozen_time'],
      [{ frozen_time: T0, name: 'x'.repeat(301) }, 'name'],
      [{ frozen_time: T0, colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await post(a.key, CLOCKS, body);
      expect(res.status, res.text).toBe(400);
      expect(faultFields(res), JSON.stringify(body)).toContain(field);
    }
    const c = await clock(a.key);
    for (const frozen of [T0, T0 - 1]) {
      const e = expectError(await post(a.key, `${CLOCKS}/${c.id}/advance`, { frozen_time: frozen }), 400, 'INVALID_FIELD_VALUE');
      expect(e.param).toBe('frozen_time');
      expect(e.details.frozen_time).toBe(T0);
    }
    expect(faultFields(expectErrorStatus(await post(a.key, `${CLOCKS}/${c.id}/advance`, {}), 400))).toEqual(['frozen_time']);
    expectError(await post(a.key, `${CLOCKS}/nope/advance`, { frozen_time: T0 + 1 }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post(a.key, '/v1/customers', { test_clock: 'clock_0000000000nope' }), 404, 'PARENT_NOT_FOUND');
    expect(faultFields(expectErrorStatus(await post(a.key, '/v1/customers', { test_clock: 'abc' }), 400))).toEqual(['test_clock']);
    expect((await get(a.key, `${CLOCKS}/${c.id}`)).body).toMatchObject({ frozen_time: T0, status: 'ready' });
  });

  function expectErrorStatus(res: ApiResponse, status: number) {
    expect(res.status, res.text).toBe(status);
    return res;
  }

  it('live keys: 404 on every test-clock route and field, and no live customer on a clock', async () => {
    const live = (await a.newKey({ mode: 'live' })).secret;
    const c = await clock(a.key);
    expectError(await post(live, CLOCKS, { frozen_time: T0 }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await get(live, CLOCKS), 404, 'RESOURCE_NOT_FOUND');
    expectError(await get(live, `${CLOCKS}/${c.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post(live, `${CLOCKS}/${c.id}/advance`, { frozen_time: T0 + 1 }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await api(t.url, `${CLOCKS}/${c.id}`, { key: live, method: 'DELETE' }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post(live, '/v1/customers', { test_clock: c.id }), 404, 'PARENT_NOT_FOUND');
    expect(gqlError(await gql(t.url, live, '{ testClocks { id } }')).extensions.code).toBe('RESOURCE_NOT_FOUND');
    expect(gqlError(await gql(t.url, live, `{ testClock(id: "${c.id}") { id } }`)).extensions.code).toBe('RESOURCE_NOT_FOUND');
    expect(gqlError(await gql(t.url, live, `mutation { createTestClock(input: { frozenTime: ${T0} }) { id } }`)).extensions.code).toBe('RESOURCE_NOT_FOUND');
    expect((await get(a.key, `${CLOCKS}/${c.id}`)).body.status).toBe('ready');
  });

  it('permission test_clocks:write: every sk_test key holds it; a restricted key without it is 403', async () => {
    const reader = await a.newKey({ type: 'restricted', permissions: ['test_clocks:read'] });
    const writer = await a.newKey({ type: 'restricted', permissions: ['test_clocks:write'] });
    const fresh = await a.newKey();
    expect((await post(fresh.secret, CLOCKS, { frozen_time: T0 })).status).toBe(201);
    const c = await clock(writer.secret);
    expect((await get(reader.secret, `${CLOCKS}/${c.id}`)).status).toBe(200);
    expectError(await post(reader.secret, CLOCKS, { frozen_time: T0 }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await post(reader.secret, `${CLOCKS}/${c.id}/advance`, { frozen_time: T0 + 1 }), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('a customer on a clock: its invoices are created, finalized, due and paid in clock time', async () => {
    const c = await clock(a.key);
    const cus = await customerOn(a.key, c.id);
    expect(cus.test_clock).toBe(c.id);
    const inv = await openInvoice(a.key, cus.id);
    expect(inv).toMatchObject({ created: T0, finalized_at: T0, due_date: T0 + 30 * DAY, test_clock: c.id });
    // a due_date is in the future of the clock, not of the real time
    const e = expectError(await post(a.key, '/v1/invoices', { customer: cus.id, currency: 'usd', due_date: T0 - 60, items: [{ description: 'x', quantity: 1, unit_amount: 1 }] }), 400, 'INVALID_FIELD_VALUE');
    expect(e.details.now).toBe(T0);
    const paid = await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'pm_card_visa' });
    expect(paid.body).toMatchObject({ status: 'paid', paid_at: T0 });
  });

  it('advance: advancing then ready at frozen_time; each invoice.overdue once, in time order, created = the clock time it fell due at', async () => {
    const c = await clock(a.key);
    const cus = await customerOn(a.key, c.id);
    const in10 = await openInvoice(a.key, cus.id, { days_until_due: 10 });
    const in3 = await openInvoice(a.key, cus.id, { days_until_due: 3 });
    const in40 = await openInvoice(a.key, cus.id, { days_until_due: 40 });
    const paidEarly = await openInvoice(a.key, cus.id, { days_until_due: 5 });
    await post(a.key, `/v1/invoices/${paidEarly.id}/pay`, { payment_method: 'pm_card_visa' });
    // due in the real past (2030 is later, but the clock is what counts): the real-time sweep
    // (every second here) leaves clock invoices alone
    await new Promise((r) => setTimeout(r, 1500));
    expect(await events(a.accountId, 'invoice.overdue').then((l) => l.filter((e) => e.object.test_clock === c.id))).toEqual([]);

    const ready = await advanced(a.key, c.id, T0 + 20 * DAY);
    expect(ready).toMatchObject({ frozen_time: T0 + 20 * DAY, status: 'ready', advancing_to: null });
    let overdue = (await events(a.accountId, 'invoice.overdue')).filter((e) => e.object.test_clock === c.id);
    expect(overdue.map((e) => e.object.id)).toEqual([in3.id, in10.id]);
    expect(overdue.map((e) => e.created)).toEqual([T0 + 3 * DAY, T0 + 10 * DAY]);
    expect(overdue[0]).toMatchObject({ invoice_id: in3.id, number: in3.number, amount_due: '100.00', due_date: T0 + 3 * DAY });
    // the event in the events API says the same
    const viaApi = expectList(await get(a.key, '/v1/events?type=invoice.overdue&limit=100')).data.filter((e) => e.data.object.test_clock === c.id);
    expect(viaApi.map((e) => e.created).sort()).toEqual([T0 + 3 * DAY, T0 + 10 * DAY]);

    // onwards: only the 40-day invoice falls due; the earlier ones are never reported again
    await advanced(a.key, c.id, T0 + 41 * DAY);
    overdue = (await events(a.accountId, 'invoice.overdue')).filter((e) => e.object.test_clock === c.id);
    expect(overdue.map((e) => [e.object.id, e.created])).toEqual([[in3.id, T0 + 3 * DAY], [in10.id, T0 + 10 * DAY], [in40.id, T0 + 40 * DAY]]);
    // an overdue invoice is still open and payable, at the clock's time
    const late = await post(a.key, `/v1/invoices/${in3.id}/pay`, { payment_method: 'pm_card_visa' });
    expect(late.body).toMatchObject({ status: 'paid', paid_at: T0 + 41 * DAY });
  });

  it('while a clock advances: another advance, and changes to what lives on it, are 409 RESOURCE_LOCKED; 40 due dates run in order', async () => {
    const c = await clock(a.key);
    const cus = await customerOn(a.key, c.id);
    // 40 invoices due on 40 different days: 40 steps of the advance, each its own transaction
    const invoices = [];
    for (let d = 40; d >= 1; d--) invoices.push(await openInvoice(a.key, cus.id, { days_until_due: d }));
    const res = await post(a.key, `${CLOCKS}/${c.id}/advance`, { frozen_time: T0 + 50 * DAY });
    expect(res.body.status).toBe('advancing');
    const [again, pay, create, del] = await Promise.all([
      post(a.key, `${CLOCKS}/${c.id}/advance`, { frozen_time: T0 + 60 * DAY }),
      post(a.key, `/v1/invoices/${invoices[0].id}/pay`, { payment_method: 'pm_card_visa' }),
      post(a.key, '/v1/invoices', { customer: cus.id, currency: 'usd', days_until_due: 1, items: [{ description: 'x', quantity: 1, unit_amount: 1 }] }),
      api(t.url, `${CLOCKS}/${c.id}`, { key: a.key, method: 'DELETE' }),
    ]);
    expectError(again, 409, 'RESOURCE_LOCKED');
    expectError(pay, 409, 'RESOURCE_LOCKED');
    expectError(create, 409, 'RESOURCE_LOCKED');
    expectError(del, 409, 'RESOURCE_LOCKED');
    const deadline = Date.now() + 60_000;
    while ((await get(a.key, `${CLOCKS}/${c.id}`)).body.status !== 'ready') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    const overdue = (await events(a.accountId, 'invoice.overdue')).filter((e) => e.object.test_clock === c.id);
    expect(overdue.map((e) => e.created)).toEqual(Array.from({ length: 40 }, (_, i) => T0 + (i + 1) * DAY));
    expect(overdue.map((e) => e.object.id)).toEqual([...invoices].reverse().map((i) => i.id));
    expect((await get(a.key, `${CLOCKS}/${c.id}`)).body.frozen_time).toBe(T0 + 50 * DAY);
  });

  it('a deleted clock freezes what lives on it: its invoices can no longer change', async () => {
    const c = await clock(a.key);
    const cus = await customerOn(a.key, c.id);
    const inv = await openInvoice(a.key, cus.id);
    await api(t.url, `${CLOCKS}/${c.id}`, { key: a.key, method: 'DELETE' });
    expectError(await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'pm_card_visa' }), 409, 'RESOURCE_ARCHIVED');
    expect((await get(a.key, `/v1/invoices/${inv.id}`)).body.status).toBe('open');
  });

  it('GraphQL: createTestClock, testClock, testClocks, advanceTestClock, deleteTestClock', async () => {
    const acct = await t.newAccount();
    const made = gqlData(await gql(t.url, acct.key, `mutation { createTestClock(input: { frozenTime: ${T0}, name: "g" }) { id frozenTime status name } }`)).createTestClock;
    expect(made).toMatchObject({ status: 'ready', name: 'g' });
    expect(Date.parse(made.frozenTime) / 1000).toBe(T0);
    const cus = await customerOn(acct.key, made.id);
    expect(gqlData(await gql(t.url, acct.key, `query C($id: ID!) { customer(id: $id) { testClockId testClock { id status } } }`, { id: cus.id })).customer)
      .toEqual({ testClockId: made.id, testClock: { id: made.id, status: 'ready' } });
    const inv = await openInvoice(acct.key, cus.id, { days_until_due: 2 });
    const adv = gqlData(await gql(t.url, acct.key, `mutation A($id: ID!, $t: Int!) { advanceTestClock(id: $id, frozenTime: $t) { id status } }`, { id: made.id, t: T0 + 3 * DAY })).advanceTestClock;
    expect(adv.status).toBe('advancing');
    const deadline = Date.now() + 30_000;
    let one;
    for (;;) {
      one = gqlData(await gql(t.url, acct.key, `query O($id: ID!) { testClock(id: $id) { id status frozenTime advancingTo } }`, { id: made.id })).testClock;
      if (one.status === 'ready') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Date.parse(one.frozenTime) / 1000).toBe(T0 + 3 * DAY);
    expect(one.advancingTo).toBeNull();
    expect((await events(acct.accountId, 'invoice.overdue')).map((e) => [e.object.id, e.created])).toEqual([[inv.id, T0 + 2 * DAY]]);
    const back = gqlError(await gql(t.url, acct.key, `mutation A($id: ID!) { advanceTestClock(id: $id, frozenTime: ${T0}) { id } }`, { id: made.id }));
    expect(back.extensions.code).toBe('INVALID_FIELD_VALUE');
    expect(gqlData(await gql(t.url, acct.key, '{ testClocks { id } }')).testClocks).toEqual([{ id: made.id }]);
    expect(gqlData(await gql(t.url, acct.key, `mutation D($id: ID!) { deleteTestClock(id: $id) { id deleted } }`, { id: made.id })).deleteTestClock).toEqual({ id: made.id, deleted: true });
    expect(gqlData(await gql(t.url, acct.key, '{ testClocks { id } }')).testClocks).toEqual([]);
    expect(gqlData(await gql(t.url, acct.key, `query O($id: ID!) { testClock(id: $id) { id } }`, { id: made.id })).testClock).toBeNull();
  });

  it('an order of a customer on a clock ships, is delivered and is returnable in clock time: the return window closes as the clock passes it', async () => {
    const c = await clock(a.key);
    const cus = await customerOn(a.key, c.id);
    const order = async () => {
      const o = await post(a.key, '/v1/orders', { customer: cus.id, currency: 'usd', items: [{ name: 'Kettle', quantity: 1, unit_amount: 3000 }] });
      expect(o.status, o.text).toBe(201);
      const shipped = await post(a.key, `/v1/orders/${o.body.id}/fulfill`, { shipping_carrier: 'DHL' });
      expect(shipped.status, shipped.text).toBe(200);
      return shipped.body;
    };
    const first = await order();
    expect(first.fulfilled_at).toBe(T0);
    const ret = (o: any) => post(a.key, '/v1/returns', { order: o.id, items: [{ order_item: o.items[0].id, quantity: 1, reason: 'damaged' }] });
    const inWindow = await ret(first);
    expect(inWindow.status, inWindow.text).toBe(201);
    const second = await order();
    // RETURN_WINDOW_DAYS (30) after the shipment, by the clock: closed a day later
    await advanced(a.key, c.id, T0 + 31 * DAY);
    const late = await ret(second);
    expect(late.status, late.text).toBe(422);
    expect(late.body.error.code).toBe('OUTSIDE_RETURN_WINDOW');
    expect(late.body.error.details.window_end).toBe(T0 + 30 * DAY);
    // a customer without a clock, shipped now, is in its window whatever the clock says
    const plain = await post(a.key, '/v1/orders', { currency: 'usd', items: [{ name: 'Kettle', quantity: 1, unit_amount: 3000 }] });
    const shipped = await post(a.key, `/v1/orders/${plain.body.id}/fulfill`, {});
    expect(Math.abs(shipped.body.fulfilled_at - Date.now() / 1000)).toBeLessThan(600);
  });
});
