// Invoices on both doors (REST /v1/invoices*, GraphQL invoices, invoice, createInvoice,
// finalizeInvoice, voidInvoice, markInvoiceUncollectible, payInvoice, createInvoicePayment,
// deleteInvoice): amounts and per-line tax rounded half to even, the state machine (every
// other move 422 INVALID_STATE_TRANSITION), numbers per account and mode without gaps under
// concurrency, payments through the payments operation (whole, partial, over, declined),
// events, lists and filters, permissions, isolation, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError, expectList, faultFields, ids } from '../rest/envelope.js';

const INVOICE_FIELDS = [
  'id', 'object', 'livemode', 'number', 'customer', 'order', 'test_clock', 'currency', 'subtotal', 'tax', 'total', 'amount_paid', 'amount_due',
  'status', 'due_date', 'days_until_due', 'metadata', 'finalized_at', 'paid_at', 'voided_at', 'marked_uncollectible_at', 'created', 'updated', 'items',
];
const DAY = 86_400;

const G_INVOICE = 'id number customerId currency subtotal tax total amountPaid amountDue status dueDate daysUntilDue finalizedAt paidAt metadata createdAt items { description quantity unitAmount amount taxRate tax position }';

function gqlData(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors, res.text.slice(0, 800)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}
function gqlError(res: ApiResponse<{ data?: any; errors?: any[] }>) {
  expect(res.body?.errors?.length, res.text.slice(0, 800)).toBeGreaterThan(0);
  return res.body.errors![0] as { message: string; extensions: Record<string, any> };
}

describe('invoices', () => {
  let t: TestServer;
  let a: TestAccount;
  let customer: string;
  const post = (key: string, path: string, body?: unknown) => api(t.url, path, { key, method: 'POST', body: body ?? {} });
  const get = (key: string, path: string) => api(t.url, path, { key });
  const prisma = () => t.server.db.prisma;
  const eventsAbout = async (accountId: string, objectId: string) => {
    const rows = await prisma().event.findMany({ where: { accountId }, orderBy: { seq: 'asc' }, select: { id: true, type: true, data: true, createdAt: true } });
    return rows.filter((e) => (e.data as any)?.object?.id === objectId);
  };
  async function newCustomer(key: string) {
    const res = await post(key, '/v1/customers', { name: 'Ada' });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function invoice(key: string, cus: string, extra: Record<string, unknown> = {}) {
    const res = await post(key, '/v1/invoices', {
      customer: cus, currency: 'usd', days_until_due: 30,
      items: [{ description: 'Consulting', quantity: 2, unit_amount: 5000, tax_rate: '19' }, { description: 'Travel', quantity: 1, unit_amount: 1234 }],
      ...extra,
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }
  async function openInvoice(key: string, cus: string, extra: Record<string, unknown> = {}) {
    const inv = await invoice(key, cus, extra);
    const res = await post(key, `/v1/invoices/${inv.id}/finalize`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestServer();
    a = await t.newAccount();
    customer = await newCustomer(a.key);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('creation', () => {
    it('201 invoice: the representation, per-line tax, subtotal, tax, total, amount_due; a draft without number; invoice.created', async () => {
      const inv = await invoice(a.key, customer, { metadata: { ref: 'A-1' } });
      for (const f of INVOICE_FIELDS) expect(inv, `field ${f}`).toHaveProperty(f);
      expect(inv.id).toMatch(/^in_[0-9a-z]{10,40}$/);
      expect(inv).toMatchObject({
        object: 'invoice', livemode: false, number: null, customer, order: null, test_clock: null, currency: 'usd',
        subtotal: 11234, tax: 1900, total: 13134, amount_paid: 0, amount_due: 13134, status: 'draft', due_date: null,
        days_until_due: 30, metadata: { ref: 'A-1' }, finalized_at: null, paid_at: null,
      });
      expect(Math.abs(inv.created - Date.now() / 1000)).toBeLessThan(120);
      expect(inv.items).toHaveLength(2);
      expect(inv.items[0]).toMatchObject({ object: 'invoice_item', description: 'Consulting', quantity: 2, unit_amount: 5000, amount: 10000, tax_rate: '19', tax: 1900, position: 0 });
      expect(inv.items[1]).toMatchObject({ description: 'Travel', amount: 1234, tax_rate: null, tax: 0 });
      expect(inv.items[0].id).toMatch(/^il_/);
      const events = await eventsAbout(a.accountId, inv.id);
      expect(events.map((e) => e.type)).toEqual(['invoice.created']);
      expect((events[0].data as any).object.id).toBe(inv.id);
      const read = await get(a.key, `/v1/invoices/${inv.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(inv);
    });

    it('tax per line is rounded half to even to the minor unit (exactly, with decimal rates), in any currency', async () => {
      const cases: [number, string, number][] = [
        [150, '1', 2], // 1.5 -> 2
        [250, '1', 2], // 2.5 -> 2
        [350, '1', 4], // 3.5 -> 4
        [1000, '7.25', 72], // 72.5 -> 72
        [1400, '7.25', 102], // 101.5 -> 102
        [1, '50', 0], // 0.5 -> 0
        [3, '50', 2], // 1.5 -> 2
        [999, '0.0001', 0],
        [12345, '100', 12345],
        [101, '0', 0],
      ];
      const inv = await invoice(a.key, customer, {
        items: cases.map(([unit, rate], n) => ({ description: `line ${n}`, quantity: 1, unit_amount: unit, tax_rate: rate })),
      });
      expect(inv.items.map((i: any) => i.tax)).toEqual(cases.map((c) => c[2]));
      expect(inv.tax).toBe(cases.reduce((s, c) => s + c[2], 0));
      expect(inv.total).toBe(inv.subtotal + inv.tax);
      // quantity multiplies before the tax: 3 x 5 = 15 at 10% = 1.5 -> 2
      const q = await invoice(a.key, customer, { items: [{ description: 'x', quantity: 3, unit_amount: 5, tax_rate: '10' }] });
      expect(q.items[0]).toMatchObject({ amount: 15, tax: 2 });
      // yen have no minor unit: amounts are whole yen, and so is the tax (105 at 10% = 10.5 -> 10)
      const jpy = await invoice(a.key, customer, { currency: 'JPY', items: [{ description: 'y', quantity: 1, unit_amount: 105, tax_rate: '10' }] });
      expect(jpy).toMatchObject({ currency: 'jpy', tax: 10, total: 115 });
    });

    it('due_date (Unix seconds) instead of days_until_due; an order of the customer may be named', async () => {
      const due = Math.floor(Date.now() / 1000) + 10 * DAY;
      const order = await post(a.key, '/v1/orders', { currency: 'usd', customer, items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] });
      expect(order.status, order.text).toBe(201);
      const inv = await invoice(a.key, customer, { days_until_due: undefined, due_date: due, order: order.body.id });
      expect(inv).toMatchObject({ due_date: due, days_until_due: null, order: order.body.id });
    });

    it('every bad input is a clear 4xx naming the field', async () => {
      const base = { customer, currency: 'usd', days_until_due: 30, items: [{ description: 'x', quantity: 1, unit_amount: 100 }] };
      const bad: [Record<string, unknown>, number, string, string][] = [
        [{ ...base, customer: undefined }, 400, 'MISSING_REQUIRED_FIELD', 'customer'],
        [{ ...base, customer: 'cus_nope' }, 400, 'INVALID_FIELD_FORMAT', 'customer'],
        [{ ...base, currency: 'xyz' }, 400, 'VALIDATION_ERROR', 'currency'],
        [{ ...base, items: [] }, 400, 'VALIDATION_ERROR', 'items'],
        [{ ...base, items: [{ description: '', quantity: 1, unit_amount: 1 }] }, 400, 'VALIDATION_ERROR', 'items[0].description'],
        [{ ...base, items: [{ description: 'x', quantity: 0, unit_amount: 1 }] }, 400, 'VALIDATION_ERROR', 'items[0].quantity'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: -1 }] }, 400, 'VALIDATION_ERROR', 'items[0].unit_amount'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1.5 }] }, 400, 'VALIDATION_ERROR', 'items[0].unit_amount'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, tax_rate: 19 }] }, 400, 'INVALID_FIELD_VALUE', 'items[0].tax_rate'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, tax_rate: '100.5' }] }, 400, 'INVALID_FIELD_VALUE', 'items[0].tax_rate'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, tax_rate: '-1' }] }, 400, 'INVALID_FIELD_VALUE', 'items[0].tax_rate'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, tax_rate: '1.23456' }] }, 400, 'INVALID_FIELD_VALUE', 'items[0].tax_rate'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, tax_rate: '1e1' }] }, 400, 'INVALID_FIELD_VALUE', 'items[0].tax_rate'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 1, colour: 'red' }] }, 400, 'VALIDATION_ERROR', 'items[0].colour'],
        [{ ...base, items: [{ description: 'x', quantity: 100_000, unit_amount: 99_999_999 }] }, 400, 'VALIDATION_ERROR', 'items[0]'],
        [{ ...base, items: [{ description: 'x', quantity: 1, unit_amount: 99_999_999, tax_rate: '10' }] }, 400, 'VALIDATION_ERROR', 'items'],
        [{ ...base, days_until_due: undefined }, 400, 'VALIDATION_ERROR', 'due_date'],
        [{ ...base, due_date: Math.floor(Date.now() / 1000) + DAY }, 400, 'VALIDATION_ERROR', 'days_until_due'],
        [{ ...base, days_until_due: -1 }, 400, 'VALIDATION_ERROR', 'days_until_due'],
        [{ ...base, days_until_due: 3651 }, 400, 'VALIDATION_ERROR', 'days_until_due'],
        [{ ...base, days_until_due: undefined, due_date: Math.floor(Date.now() / 1000) - 10 }, 400, 'INVALID_FIELD_VALUE', 'due_date'],
        [{ ...base, days_until_due: undefined, due_date: '2030-01-01' }, 400, 'VALIDATION_ERROR', 'due_date'],
        [{ ...base, metadata: { k: 5 } }, 400, 'VALIDATION_ERROR', 'metadata.k'],
        [{ ...base, number: 'INV-1' }, 400, 'VALIDATION_ERROR', 'number'],
        [{ ...base, order: 'ord_nope' }, 400, 'INVALID_FIELD_FORMAT', 'order'],
      ];
      for (const [body, status, code, field] of bad) {
        const res = await post(a.key, '/v1/invoices', body);
        const e = expectError(res, status, code);
        if (status === 400 && code !== 'INVALID_FIELD_VALUE') expect(faultFields(res), JSON.stringify(body)).toContain(field);
        else expect(e.param ?? faultFields(res)[0], JSON.stringify(body)).toBe(field);
      }
      // a customer or order of another account: 404 naming the field
      const b = await t.newAccount();
      const theirs = await newCustomer(b.key);
      const e1 = expectError(await post(a.key, '/v1/invoices', { ...base, customer: theirs }), 404, 'PARENT_NOT_FOUND');
      expect(e1.param).toBe('customer');
      const theirOrder = await post(b.key, '/v1/orders', { currency: 'usd', items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] });
      expect(expectError(await post(a.key, '/v1/invoices', { ...base, order: theirOrder.body.id }), 404, 'PARENT_NOT_FOUND').param).toBe('order');
      // an order in another currency, or of another customer
      const eurOrder = await post(a.key, '/v1/orders', { currency: 'eur', items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] });
      expect(faultFields(expectErrorRes(await post(a.key, '/v1/invoices', { ...base, order: eurOrder.body.id }), 400))).toEqual(['order']);
      const other = await newCustomer(a.key);
      const otherOrder = await post(a.key, '/v1/orders', { currency: 'usd', customer: other, items: [{ name: 'Tea', quantity: 1, unit_amount: 450 }] });
      expect(faultFields(expectErrorRes(await post(a.key, '/v1/invoices', { ...base, order: otherOrder.body.id }), 400))).toEqual(['order']);
      // nothing was created by any of these
      expect(await prisma().invoice.count({ where: { accountId: a.accountId, customerId: { in: [theirs, other] } } })).toBe(0);
    });
  });

  function expectErrorRes(res: ApiResponse, status: number) {
    expect(res.status, res.text).toBe(status);
    return res;
  }

  describe('the state machine', () => {
    it('finalize: number INV-000001.., status open, finalized_at, due_date = finalization + days_until_due x 86400; invoice.finalized', async () => {
      const acct = await t.newAccount();
      const cus = await newCustomer(acct.key);
      const inv = await invoice(acct.key, cus, { days_until_due: 7 });
      const res = await post(acct.key, `/v1/invoices/${inv.id}/finalize`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ number: 'INV-000001', status: 'open', amount_due: inv.total });
      expect(res.body.due_date).toBe(res.body.finalized_at + 7 * DAY);
      const second = await openInvoice(acct.key, cus);
      expect(second.number).toBe('INV-000002');
      // per mode: the live sequence is its own (and a live invoice needs a live customer)
      const live = await acct.newKey({ mode: 'live' });
      const liveCus = await newCustomer(live.secret);
      expect((await openInvoice(live.secret, liveCus)).number).toBe('INV-000001');
      expect((await eventsAbout(acct.accountId, inv.id)).map((e) => e.type)).toEqual(['invoice.created', 'invoice.finalized']);
    });

    it('a total of 0 is paid at finalization', async () => {
      const inv = await invoice(a.key, customer, { items: [{ description: 'free', quantity: 1, unit_amount: 0 }] });
      const res = await post(a.key, `/v1/invoices/${inv.id}/finalize`);
      expect(res.body).toMatchObject({ status: 'paid', amount_due: 0, total: 0 });
      expect(res.body.paid_at).toBe(res.body.finalized_at);
      expect((await eventsAbout(a.accountId, inv.id)).map((e) => e.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
    });

    it('every move not in the machine is 422 INVALID_STATE_TRANSITION, and changes nothing', async () => {
      const draft = await invoice(a.key, customer);
      const open = await openInvoice(a.key, customer);
      const paid = await openInvoice(a.key, customer);
      expect((await post(a.key, `/v1/invoices/${paid.id}/pay`, { payment_method: 'pm_card_visa' })).body.status).toBe('paid');
      const voided = await openInvoice(a.key, customer);
      expect((await post(a.key, `/v1/invoices/${voided.id}/void`)).body.status).toBe('void');
      const uncollectible = await openInvoice(a.key, customer);
      expect((await post(a.key, `/v1/invoices/${uncollectible.id}/mark_uncollectible`)).body.status).toBe('uncollectible');

      const allowed: Record<string, string[]> = {
        draft: ['finalize', 'delete'],
        open: ['void', 'mark_uncollectible', 'pay', 'payments'],
        paid: [],
        void: [],
        uncollectible: ['pay', 'payments'],
      };
      const byStatus: Record<string, string> = { draft: draft.id, open: open.id, paid: paid.id, void: voided.id, uncollectible: uncollectible.id };
      for (const [status, id] of Object.entries(byStatus)) {
        for (const action of ['finalize', 'void', 'mark_uncollectible', 'pay', 'payments', 'delete']) {
          if (allowed[status].includes(action)) continue;
          const res = action === 'delete'
            ? await api(t.url, `/v1/invoices/${id}`, { key: a.key, method: 'DELETE' })
            : await post(a.key, `/v1/invoices/${id}/${action}`, action === 'pay' ? { payment_method: 'pm_card_visa' } : action === 'payments' ? { amount: 1, payment_method: 'pm_card_visa' } : {});
          const e = expectError(res, 422, 'INVALID_STATE_TRANSITION');
          expect(e.details, `${status} ${action}`).toMatchObject({ invoice_id: id, current_status: status });
          expect((await get(a.key, `/v1/invoices/${id}`)).body.status).toBe(status);
        }
      }
    });

    it('void: open without payments -> void, amount_due 0; with a payment made it is refused', async () => {
      const inv = await openInvoice(a.key, customer);
      const res = await post(a.key, `/v1/invoices/${inv.id}/void`);
      expect(res.body).toMatchObject({ status: 'void', amount_due: 0, amount_paid: 0 });
      expect(res.body.voided_at).toBeGreaterThan(0);
      const part = await openInvoice(a.key, customer);
      expect((await post(a.key, `/v1/invoices/${part.id}/payments`, { amount: 100, payment_method: 'pm_card_visa' })).status).toBe(200);
      const paid = await post(a.key, `/v1/invoices/${part.id}/payments`, { amount: 50, payment_method: 'pm_card_visa' });
      expect(paid.status, paid.text).toBe(200);
      const e = expectError(await post(a.key, `/v1/invoices/${part.id}/void`), 422, 'INVALID_STATE_TRANSITION');
      expect(e.details.amount_paid).toBe(150);
      expect(e.details.amount_held).toBe(150);
      expect(e.details.allowed).toEqual(['paid', 'uncollectible']);
      // refund them first, as the refusal says: a partial refund still holds money, full refunds free it
      const payments = ((await get(a.key, `/v1/invoices/${part.id}?expand[]=payments`)).body.payments as { payment_id: string; amount: number }[]).map((p) => ({ id: p.payment_id, amount: p.amount }));
      expect(payments.map((p) => p.amount).sort()).toEqual([100, 50].sort());
      const refund = (payment: string, amount?: number) => post(a.key, '/v1/payments/refund', { payment, ...(amount ? { amount } : {}) });
      expect((await refund(payments[0].id, 10)).status).toBe(201);
      expect(expectError(await post(a.key, `/v1/invoices/${part.id}/void`), 422, 'INVALID_STATE_TRANSITION').details.amount_held).toBe(140);
      const rest = await refund(payments[0].id);
      expect(rest.status, rest.text).toBe(201);
      expect((await refund(payments[1].id)).status).toBe(201);
      const voided = await post(a.key, `/v1/invoices/${part.id}/void`);
      expect(voided.status, voided.text).toBe(200);
      expect(voided.body).toMatchObject({ status: 'void', amount_due: 0, amount_paid: 150 });
    });

    it('DELETE a draft: gone (404 after), invoice.deleted; its number is never taken', async () => {
      const acct = await t.newAccount();
      const cus = await newCustomer(acct.key);
      const draft = await invoice(acct.key, cus);
      const del = await api(t.url, `/v1/invoices/${draft.id}`, { key: acct.key, method: 'DELETE' });
      expect(del.status, del.text).toBe(200);
      expect(del.body).toEqual({ id: draft.id, object: 'invoice', deleted: true });
      expectError(await get(acct.key, `/v1/invoices/${draft.id}`), 404, 'RESOURCE_NOT_FOUND');
      expectError(await api(t.url, `/v1/invoices/${draft.id}`, { key: acct.key, method: 'DELETE' }), 404, 'RESOURCE_NOT_FOUND');
      expect((await openInvoice(acct.key, cus)).number).toBe('INV-000001');
      expect((await eventsAbout(acct.accountId, draft.id)).map((e) => e.type)).toEqual(['invoice.created', 'invoice.deleted']);
    });
  });

  describe('payments', () => {
    it('pay: the whole amount due through the payments operation (a payment, the ledger, payment events); invoice.paid', async () => {
      const inv = await openInvoice(a.key, customer);
      const before = await get(a.key, '/v1/account/balance');
      const res = await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'pm_card_visa' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'paid', amount_paid: inv.total, amount_due: 0 });
      expect(res.body.paid_at).toBeGreaterThan(0);
      const link = await prisma().invoicePayment.findMany({ where: { invoiceId: inv.id } });
      expect(link).toHaveLength(1);
      const payment = await get(a.key, `/v1/payments/${link[0].paymentId}`);
      expect(payment.body).toMatchObject({ status: 'succeeded', amount: inv.total, currency: 'usd', customer, payment_method: 'pm_card_visa' });
      expect(payment.body.metadata).toMatchObject({ invoice: inv.id, invoice_number: inv.number });
      expect(payment.body.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
      const after = await get(a.key, '/v1/account/balance');
      const usd = (b: any) => b.body.available.find((x: any) => x.currency === 'usd')?.amount ?? 0;
      expect(usd(after) - usd(before)).toBe(inv.total);
      const types = (await eventsAbout(a.accountId, inv.id)).map((e) => e.type);
      expect(types).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
      const paidEvent = (await eventsAbout(a.accountId, inv.id)).find((e) => e.type === 'invoice.paid')!;
      expect((paidEvent.data as any).payment_id).toBe(payment.body.id);
    });

    it('partial payments: invoice.partially_paid while some is due, then invoice.paid; more than due is 422 with details.amount_due', async () => {
      const inv = await openInvoice(a.key, customer);
      const first = await post(a.key, `/v1/invoices/${inv.id}/payments`, { amount: 5000, payment_method: 'pm_card_visa' });
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ status: 'open', amount_paid: 5000, amount_due: inv.total - 5000 });
      const over = expectError(await post(a.key, `/v1/invoices/${inv.id}/payments`, { amount: inv.total, payment_method: 'pm_card_visa' }), 422, 'AMOUNT_EXCEEDS_DUE');
      expect(over.details).toMatchObject({ amount_due: inv.total - 5000, amount: inv.total });
      const last = await post(a.key, `/v1/invoices/${inv.id}/payments`, { amount: inv.total - 5000, payment_method: 'pm_card_mastercard' });
      expect(last.body).toMatchObject({ status: 'paid', amount_paid: inv.total, amount_due: 0 });
      const types = (await eventsAbout(a.accountId, inv.id)).map((e) => e.type);
      expect(types).toEqual(['invoice.created', 'invoice.finalized', 'invoice.partially_paid', 'invoice.paid']);
      expect(await prisma().invoicePayment.count({ where: { invoiceId: inv.id } })).toBe(2);
      const expanded = await get(a.key, `/v1/invoices/${inv.id}?expand[]=payments`);
      expect(expanded.body.payments.map((p: any) => p.amount)).toEqual([5000, inv.total - 5000]);
      for (const p of expanded.body.payments) {
        expect(p).toMatchObject({ object: 'invoice_payment', invoice: inv.id });
        expect((await get(a.key, `/v1/payments/${p.payment_id}`)).body).toMatchObject({ status: 'succeeded', amount: p.amount });
      }
    });

    it('a declined card leaves the invoice open: 422 PAYMENT_FAILED with the reason, nothing recorded', async () => {
      const inv = await openInvoice(a.key, customer);
      for (const [pm, reason] of [['pm_card_chargeDeclined', 'card_declined'], ['pm_card_insufficientFunds', 'insufficient_funds']]) {
        const e = expectError(await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: pm }), 422, 'PAYMENT_FAILED');
        expect(e.details).toMatchObject({ invoice_id: inv.id, reason, amount_due: inv.total, status: 'open' });
      }
      const read = await get(a.key, `/v1/invoices/${inv.id}`);
      expect(read.body).toMatchObject({ status: 'open', amount_paid: 0, amount_due: inv.total });
      expect(await prisma().invoicePayment.count({ where: { invoiceId: inv.id } })).toBe(0);
    });

    it('uncollectible -> paid by a late payment; partial payments keep it uncollectible', async () => {
      const inv = await openInvoice(a.key, customer);
      await post(a.key, `/v1/invoices/${inv.id}/mark_uncollectible`);
      const part = await post(a.key, `/v1/invoices/${inv.id}/payments`, { amount: 1, payment_method: 'pm_card_visa' });
      expect(part.body).toMatchObject({ status: 'uncollectible', amount_paid: 1 });
      const rest = await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'pm_card_visa' });
      expect(rest.body).toMatchObject({ status: 'paid', amount_paid: inv.total, amount_due: 0 });
    });

    it('bad payment input: a clear 4xx naming the field', async () => {
      const inv = await openInvoice(a.key, customer);
      const cases: [string, unknown, number, string][] = [
        ['pay', {}, 400, 'payment_method'],
        ['pay', { payment_method: 'pm_nope' }, 400, 'payment_method'],
        ['pay', { payment_method: 'pm_card_processing' }, 400, 'payment_method'],
        ['pay', { payment_method: 'pm_card_visa', amount: 5 }, 400, 'amount'],
        ['payments', { payment_method: 'pm_card_visa' }, 400, 'amount'],
        ['payments', { amount: 0, payment_method: 'pm_card_visa' }, 400, 'amount'],
        ['payments', { amount: '5', payment_method: 'pm_card_visa' }, 400, 'amount'],
        ['payments', { amount: 5, payment_method: 'pm_card_visa', id: 'in_x' }, 400, 'id'],
      ];
      for (const [action, body, status, field] of cases) {
        const res = await post(a.key, `/v1/invoices/${inv.id}/${action}`, body);
        expect(res.status, `${action} ${JSON.stringify(body)}: ${res.text}`).toBe(status);
        const e = res.body.error;
        expect(e.param ?? faultFields(res)[0], JSON.stringify(body)).toBe(field);
      }
      // the coin pays usd only; in usd, an empty wallet declines it
      const eur = await openInvoice(a.key, customer, { currency: 'eur' });
      expect(faultFields(expectErrorRes(await post(a.key, `/v1/invoices/${eur.id}/pay`, { payment_method: 'stablecoin' }), 400))).toEqual(['payment_method']);
      expect(expectError(await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'stablecoin' }), 422, 'PAYMENT_FAILED').details.reason).toBe('insufficient_funds');
      expectError(await post(a.key, '/v1/invoices/in_0000000000nope/pay', { payment_method: 'pm_card_visa' }), 404, 'RESOURCE_NOT_FOUND');
      expectError(await post(a.key, '/v1/invoices/nope/pay', { payment_method: 'pm_card_visa' }), 404, 'RESOURCE_NOT_FOUND');
      expect((await get(a.key, `/v1/invoices/${inv.id}`)).body.amount_paid).toBe(0);
    });
  });

  describe('numbers under concurrency', () => {
    it('20 parallel finalizations: INV-000001..INV-000020, no gap, no duplicate; repeated finalize of one invoice gives one number', async () => {
      const acct = await t.newAccount();
      const cus = await newCustomer(acct.key);
      const drafts = [];
      for (let i = 0; i < 20; i++) drafts.push(await invoice(acct.key, cus, { items: [{ description: `n${i}`, quantity: 1, unit_amount: 100 + i }] }));
      const results = await Promise.all(drafts.map((d) => post(acct.key, `/v1/invoices/${d.id}/finalize`)));
      for (const r of results) expect(r.status, r.text).toBe(200);
      const numbers = results.map((r) => r.body.number).sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
      // the same draft finalized 5 times at once: one wins, the others 422, one number taken
      const one = await invoice(acct.key, cus);
      const again = await Promise.all(Array.from({ length: 5 }, () => post(acct.key, `/v1/invoices/${one.id}/finalize`)));
      expect(again.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of again.filter((x) => x.status !== 200)) expectError(r, 422, 'INVALID_STATE_TRANSITION');
      expect((await get(acct.key, `/v1/invoices/${one.id}`)).body.number).toBe('INV-000021');
    });

    it('concurrent partial payments never pay more than the total', async () => {
      const inv = await openInvoice(a.key, customer, { items: [{ description: 'x', quantity: 1, unit_amount: 1000 }] });
      const results = await Promise.all(Array.from({ length: 6 }, () => post(a.key, `/v1/invoices/${inv.id}/payments`, { amount: 300, payment_method: 'pm_card_visa' })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of results.filter((x) => x.status !== 200)) expectError(r, 422, 'AMOUNT_EXCEEDS_DUE');
      const read = (await get(a.key, `/v1/invoices/${inv.id}`)).body;
      expect(read).toMatchObject({ amount_paid: 900, amount_due: 100, status: 'open' });
    });
  });

  describe('lists', () => {
    it('GET /v1/invoices: list envelope; filters status, customer, due_date[lt], due_date[gte]; bad filters 400', async () => {
      const acct = await t.newAccount();
      const c1 = await newCustomer(acct.key);
      const c2 = await newCustomer(acct.key);
      const now = Math.floor(Date.now() / 1000);
      const soon = await invoice(acct.key, c1, { days_until_due: undefined, due_date: now + DAY });
      const later = await invoice(acct.key, c2, { days_until_due: undefined, due_date: now + 20 * DAY });
      const draft = await invoice(acct.key, c1);
      await post(acct.key, `/v1/invoices/${soon.id}/finalize`);
      await post(acct.key, `/v1/invoices/${later.id}/finalize`);
      const all = expectList(await get(acct.key, '/v1/invoices'));
      expect(all.data.map((i) => i.id)).toEqual([draft.id, later.id, soon.id]);
      expect(all.pagination.total_count).toBe(3);
      expect(ids(await get(acct.key, '/v1/invoices?status=open')).sort()).toEqual([soon.id, later.id].sort());
      expect(ids(await get(acct.key, '/v1/invoices?status=draft'))).toEqual([draft.id]);
      expect(ids(await get(acct.key, `/v1/invoices?customer=${c2}`))).toEqual([later.id]);
      expect(ids(await get(acct.key, `/v1/invoices?due_date[lt]=${now + 2 * DAY}`))).toEqual([soon.id]);
      expect(ids(await get(acct.key, `/v1/invoices?due_date[gte]=${now + 2 * DAY}&status=open`))).toEqual([later.id]);
      expect(ids(await get(acct.key, '/v1/invoices/list?limit=1')).length).toBe(1);
      expect(expectError(await get(acct.key, '/v1/invoices?due_date[lt]=tomorrow'), 400, 'INVALID_DATE_FORMAT').param).toBe('due_date[lt]');
      expect(expectError(await get(acct.key, '/v1/invoices?status=opened'), 400, 'INVALID_ENUM_VALUE').details.errors[0].expected).toBe('one of draft, open, paid, void, uncollectible');
      expectError(await get(acct.key, '/v1/invoices?colour=red'), 400, 'VALIDATION_ERROR');
      // another account sees none of them
      const other = await t.newAccount();
      expect(expectList(await get(other.key, '/v1/invoices')).data).toEqual([]);
      expectError(await get(other.key, `/v1/invoices/${soon.id}`), 404, 'RESOURCE_NOT_FOUND');
      expectError(await post(other.key, `/v1/invoices/${draft.id}/finalize`), 404, 'RESOURCE_NOT_FOUND');
    });
  });

  describe('permissions', () => {
    it('invoices:read reads, invoices:write changes; a key without them is 403', async () => {
      const reader = await a.newKey({ type: 'restricted', permissions: ['invoices:read'] });
      const writer = await a.newKey({ type: 'restricted', permissions: ['invoices:write', 'customers:read'] });
      const none = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
      const inv = await invoice(a.key, customer);
      expect((await get(reader.secret, `/v1/invoices/${inv.id}`)).status).toBe(200);
      expect(expectList(await get(reader.secret, '/v1/invoices')).data.length).toBeGreaterThan(0);
      expectError(await post(reader.secret, `/v1/invoices/${inv.id}/finalize`), 403, 'INSUFFICIENT_PERMISSIONS');
      expectError(await get(none.secret, `/v1/invoices/${inv.id}`), 403, 'INSUFFICIENT_PERMISSIONS');
      expect((await post(writer.secret, `/v1/invoices/${inv.id}/finalize`)).status).toBe(200);
      const pk = await a.newKey({ type: 'publishable' });
      expectError(await post(pk.secret, '/v1/invoices', { customer, currency: 'usd', days_until_due: 1, items: [{ description: 'x', quantity: 1, unit_amount: 1 }] }), 403, 'RESOURCE_ACCESS_DENIED');
    });
  });

  describe('GraphQL', () => {
    it('create, finalize, pay partially and wholly, void, mark uncollectible, delete, read and list: the same rules as REST', async () => {
      const acct = await t.newAccount();
      const cus = await newCustomer(acct.key);
      const created = gqlData(await gql(t.url, acct.key, `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { ${G_INVOICE} } }`, {
        input: { customer: cus, currency: 'eur', daysUntilDue: 14, items: [{ description: 'Audit', quantity: 3, unitAmount: 1050, taxRate: '7.25' }], metadata: { po: '7' } },
      })).createInvoice;
      // 3150 at 7.25% = 228.375 -> 228
      expect(created).toMatchObject({ status: 'draft', subtotal: 3150, tax: 228, total: 3378, amountDue: 3378, number: null, customerId: cus, metadata: { po: '7' } });
      expect(created.items[0]).toMatchObject({ amount: 3150, taxRate: '7.25', tax: 228 });
      const fin = gqlData(await gql(t.url, acct.key, `mutation F($id: ID!) { finalizeInvoice(id: $id) { ${G_INVOICE} } }`, { id: created.id })).finalizeInvoice;
      expect(fin).toMatchObject({ status: 'open', number: 'INV-000001' });
      expect(Date.parse(fin.dueDate) - Date.parse(fin.finalizedAt)).toBe(14 * DAY * 1000);
      const part = gqlData(await gql(t.url, acct.key, `mutation P($id: ID!, $input: CreateInvoicePaymentInput!) { createInvoicePayment(id: $id, input: $input) { id status amountPaid amountDue payments { paymentId amount } } }`, {
        id: created.id, input: { amount: 378, paymentMethod: 'pm_card_visa' },
      })).createInvoicePayment;
      expect(part).toMatchObject({ status: 'open', amountPaid: 378, amountDue: 3000 });
      expect(part.payments).toHaveLength(1);
      const over = gqlError(await gql(t.url, acct.key, `mutation P($id: ID!, $input: CreateInvoicePaymentInput!) { createInvoicePayment(id: $id, input: $input) { id } }`, {
        id: created.id, input: { amount: 3001, paymentMethod: 'pm_card_visa' },
      }));
      expect(over.extensions).toMatchObject({ code: 'AMOUNT_EXCEEDS_DUE' });
      expect(over.extensions.details?.amount_due ?? over.extensions.amount_due).toBe(3000);
      const declined = gqlError(await gql(t.url, acct.key, `mutation P($id: ID!, $input: PayInvoiceInput!) { payInvoice(id: $id, input: $input) { id } }`, {
        id: created.id, input: { paymentMethod: 'pm_card_chargeDeclined' },
      }));
      expect(declined.extensions.code).toBe('PAYMENT_FAILED');
      const paid = gqlData(await gql(t.url, acct.key, `mutation P($id: ID!, $input: PayInvoiceInput!) { payInvoice(id: $id, input: $input) { id status amountPaid amountDue paidAt } }`, {
        id: created.id, input: { paymentMethod: 'pm_card_visa' },
      })).payInvoice;
      expect(paid).toMatchObject({ status: 'paid', amountPaid: 3378, amountDue: 0 });
      const again = gqlError(await gql(t.url, acct.key, `mutation V($id: ID!) { voidInvoice(id: $id) { id } }`, { id: created.id }));
      expect(again.extensions.code).toBe('INVALID_STATE_TRANSITION');

      const second = await openInvoice(acct.key, cus);
      expect(gqlData(await gql(t.url, acct.key, `mutation M($id: ID!) { markInvoiceUncollectible(id: $id) { status } }`, { id: second.id })).markInvoiceUncollectible.status).toBe('uncollectible');
      const third = await openInvoice(acct.key, cus);
      expect(gqlData(await gql(t.url, acct.key, `mutation V($id: ID!) { voidInvoice(id: $id) { status amountDue } }`, { id: third.id })).voidInvoice).toEqual({ status: 'void', amountDue: 0 });
      const draft = await invoice(acct.key, cus);
      expect(gqlData(await gql(t.url, acct.key, `mutation D($id: ID!) { deleteInvoice(id: $id) { id deleted } }`, { id: draft.id })).deleteInvoice).toEqual({ id: draft.id, deleted: true });
      expect(gqlError(await gql(t.url, acct.key, `mutation D($id: ID!) { deleteInvoice(id: $id) { id } }`, { id: second.id })).extensions.code).toBe('INVALID_STATE_TRANSITION');

      const one = gqlData(await gql(t.url, acct.key, `query O($id: ID!) { invoice(id: $id) { id status customer { id } } }`, { id: created.id })).invoice;
      expect(one).toEqual({ id: created.id, status: 'paid', customer: { id: cus } });
      const list = gqlData(await gql(t.url, acct.key, `{ invoices(where: { status: { _eq: "open" } }) { id } paid: invoices(where: { status: { _in: ["paid", "void"] } }, order_by: [{ createdAt: asc }]) { id } }`));
      expect(list.invoices).toEqual([]);
      expect(list.paid.map((i: any) => i.id)).toEqual([created.id, third.id]);
      // bad input: a validation error naming the field
      const bad = gqlError(await gql(t.url, acct.key, `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`, {
        input: { customer: cus, currency: 'eur', daysUntilDue: 1, items: [{ description: 'x', quantity: 1, unitAmount: 1, taxRate: '101' }] },
      }));
      expect(bad.extensions.code).toBe('INVALID_FIELD_VALUE');
      // permissions
      const reader = await acct.newKey({ type: 'restricted', permissions: ['invoices:read'] });
      expect(gqlError(await gql(t.url, reader.secret, `mutation V($id: ID!) { voidInvoice(id: $id) { id } }`, { id: second.id })).extensions.code).toBe('INSUFFICIENT_PERMISSIONS');
    });
  });
});
