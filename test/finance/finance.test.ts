// Finance (issue 15) on both doors: offers from the finance pack (eligible and ineligible, with
// the rules fired and facts used), invoice factoring through payment to repaid and through
// uncollectible to defaulted, concurrent factoring (one 201, one 409), PO financing with
// repayment and over-repayment, a fixed loan through its schedule on a test clock with one
// short balance, revenue-share loans through payments to repaid (two open at once), bad inputs,
// and `npm run ledger -- verify` after each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, hasPostgres, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { runScript } from '../helpers/process.js';
import { fundWallet, newSigningSecret } from '../helpers/money.js';
import { expectError, faultFields, ids } from '../rest/envelope.js';

const DAY = 86_400;
const CLOCKS = '/v1/test_helpers/test_clocks';
const T0 = Date.UTC(2030, 0, 31, 9, 30) / 1000;

describe('finance', () => {
  let t: TestServer;
  const post = (key: string, path: string, body?: unknown) => api(t.url, path, { key, method: 'POST', body: body ?? {} });
  const get = (key: string, path: string) => api(t.url, path, { key });
  const ok = (res: ApiResponse, status = 200) => {
    expect(res.status, res.text).toBe(status);
    return res.body;
  };
  const gqlData = (res: ApiResponse<{ data?: any; errors?: any[] }>) => {
    expect(res.body?.errors, res.text.slice(0, 800)).toBeUndefined();
    return res.body.data;
  };
  const available = async (key: string, currency = 'usd') =>
    ((await get(key, '/v1/account/balance')).body.available as { amount: number; currency: string }[]).find((b) => b.currency === currency)?.amount ?? 0;
  const events = async (a: TestAccount, prefix: string) =>
    (await t.server.db.prisma.event.findMany({ where: { accountId: a.accountId, type: { startsWith: prefix } }, orderBy: { seq: 'asc' } }))
      .map((e) => ({ type: e.type, created: Math.floor(e.createdAt.getTime() / 1000), data: e.data as any }));

  /** `npm run --silent ledger -- verify` against this server's database */
  async function verifyLedger() {
    const env = hasPostgres ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: t.server.config.dataDir, DATABASE_URL: undefined };
    const res = await runScript('ledger', ['verify'], env);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^ok: /);
  }

  async function pay(key: string, amount: number, n = 1) {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(ok(await post(key, '/v1/payments', { amount, currency: 'usd', payment_method: 'pm_card_visa' }), 201).id);
    return out;
  }
  /** an account with 10 succeeded payments of 100.00: eligible for everything in test mode */
  async function eligibleAccount() {
    const a = await t.newAccount();
    const payments = await pay(a.key, 10_000, 10);
    return { a, payments };
  }
  async function openInvoice(key: string, total: number, customer?: string) {
    const cus = customer ?? ok(await post(key, '/v1/customers', { name: 'Buyer' }), 201).id;
    const inv = ok(await post(key, '/v1/invoices', { customer: cus, currency: 'usd', items: [{ description: 'Goods', quantity: 1, unit_amount: total }], days_until_due: 30 }), 201);
    return ok(await post(key, `/v1/invoices/${inv.id}/finalize`));
  }
  async function advanced(key: string, id: string, to: number) {
    const res = ok(await post(key, `${CLOCKS}/${id}/advance`, { frozen_time: to }));
    expect(res.status).toBe('advancing');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = (await get(key, `${CLOCKS}/${id}`)).body;
      if (c.status === 'ready') return c;
      if (Date.now() > deadline) throw new Error(`clock ${id} still ${c.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    t = await startTestServer({ INVOICE_SWEEP_INTERVAL_SECS: '1' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('options: no history is ineligible with reasons; 10 payments of 100.00 in test mode make all three eligible; rules and facts from the pack', async () => {
    const a = await t.newAccount();
    const none = ok(await get(a.key, '/v1/finance/options'));
    expect(none).toMatchObject({ object: 'finance_options', currency: 'usd', livemode: false, computed_from: { window_days: 90, volume: 0, payments: 0, refund_rate: '0.0000', account_age_days: 0 } });
    for (const product of ['invoice_factoring', 'po_financing', 'loan']) {
      const o = none[product];
      expect(o.eligible, product).toBe(false);
      expect(o.max_amount).toBe(0);
      expect(o.fee_rate).toBeNull();
      expect(o.reasons.map((r: any) => r.code)).toEqual(['no_history', 'too_few_payments', 'volume_too_low']);
      expect(o.rules).toEqual(expect.arrayContaining(['no_history', 'too_few_payments', 'volume_too_low']));
      expect(o.rules).not.toContain('eligible');
      expect(o.facts).toContain(`payment_count(${product}, 0)`);
      expect(o.facts).toContain(`mode(${product}, test)`);
    }
    expect(none.loan.term_days_options).toEqual([30, 60, 90, 180]);

    // 9 payments of 200.00: enough volume, too few payments
    await pay(a.key, 20_000, 9);
    const few = ok(await get(a.key, '/v1/finance/options'));
    expect(few.loan.reasons.map((r: any) => r.code)).toEqual(['too_few_payments']);
    expect(few.loan.reasons[0].message).toMatch(/9 succeeded payments/);
    expect(few.computed_from).toMatchObject({ volume: 180_000, payments: 9 });

    const { a: b } = await eligibleAccount();
    const yes = ok(await get(b.key, '/v1/finance/options?currency=usd'));
    expect(yes.computed_from).toMatchObject({ volume: 100_000, payments: 10, refunded: 0, refund_rate: '0.0000', account_age_days: 0 });
    expect(yes.invoice_factoring).toMatchObject({ eligible: true, advance_rate: '0.8', fee_rate: '0.03', max_amount: 50_000, reasons: [] });
    expect(yes.po_financing).toMatchObject({ eligible: true, advance_rate: '0.7', fee_rate: '0.04', max_amount: 50_000, reasons: [] });
    expect(yes.loan).toMatchObject({ eligible: true, fee_rate: '0.08', withhold_rate: '0.1', max_amount: 100_000, term_days_options: [30, 60, 90, 180], reasons: [] });
    expect(yes.loan.rules).toEqual(['eligible', 'standard_terms']);
    // the age rule is live-only: a day-old account is eligible in test mode
    expect(yes.loan.facts).toEqual(expect.arrayContaining(['account_age_days(loan, 0)', 'volume(loan, 100000)', 'payment_count(loan, 10)', 'refund_rate_bp(loan, 0)']));
    // deterministic: the same ledger gives the same answer
    expect(ok(await get(b.key, '/v1/finance/options'))).toEqual(yes);
    // GraphQL gives the same offers
    const g = gqlData(await gql(t.url, b.key, '{ financeOptions(currency: "usd") { currency loan { eligible feeRate withholdRate maxAmount termDaysOptions rules facts reasons { code } } invoiceFactoring { advanceRate maxAmount } computedFrom { volume payments refundRate windowDays } } }'));
    expect(g.financeOptions).toMatchObject({
      currency: 'usd', loan: { eligible: true, feeRate: '0.08', withholdRate: '0.1', maxAmount: 100_000, termDaysOptions: [30, 60, 90, 180], rules: yes.loan.rules, facts: yes.loan.facts, reasons: [] },
      invoiceFactoring: { advanceRate: '0.8', maxAmount: 50_000 }, computedFrom: { volume: 100_000, payments: 10, refundRate: '0.0000', windowDays: 90 },
    });

    // a refund rate of 5% is refused
    const { a: c, payments } = await eligibleAccount();
    ok(await post(c.key, '/v1/payments/refund', { payment: payments[0], amount: 5_000 }), 201);
    const refunds = ok(await get(c.key, '/v1/finance/options'));
    expect(refunds.computed_from).toMatchObject({ refunded: 5_000, refund_rate: '0.0500' });
    expect(refunds.loan.eligible).toBe(false);
    expect(refunds.loan.reasons.map((r: any) => r.code)).toEqual(['refund_rate_too_high']);

    // live mode: no history there, and the age rule applies
    const live = (await b.newKey({ mode: 'live' })).secret;
    const liveOptions = ok(await get(live, '/v1/finance/options'));
    expect(liveOptions.livemode).toBe(true);
    expect(liveOptions.loan.reasons.map((r: any) => r.code)).toEqual(['no_history', 'too_few_payments', 'volume_too_low', 'account_too_young']);

    // bad input, permissions
    expectError(await get(b.key, '/v1/finance/options?currency=zzz'), 400, 'VALIDATION_ERROR');
    const reader = (await b.newKey({ type: 'restricted', permissions: ['finance:read'] })).secret;
    ok(await get(reader, '/v1/finance/options'));
    expectError(await post(reader, '/v1/finance/loans/create', { amount: 100, currency: 'usd', term_days: 30, repayment: 'fixed' }), 403, 'INSUFFICIENT_PERMISSIONS');
    const other = (await b.newKey({ type: 'restricted', permissions: ['orders:read'] })).secret;
    expectError(await get(other, '/v1/finance/options'), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('options without ?currency= never default to the stablecoin\'s currency: finance lends fiat', async () => {
    const a = await t.newAccount();
    const secret = await newSigningSecret(t, a);
    await fundWallet(t, a, secret, '500');
    // more volume in usdx (payments from the wallet) than in usd
    ok(await post(a.key, '/v1/payments', { amount: 30_000, currency: 'usdx' }), 201);
    await pay(a.key, 1_000, 1);
    const options = ok(await get(a.key, '/v1/finance/options'));
    expect(options.currency).toBe('usd');
    expect(options.computed_from).toMatchObject({ currency: 'usd', volume: 1_000, payments: 1 });
  });

  it('factoring: one of two concurrent requests funds (201), the other 409; the invoice\'s payment repays advance and fee first; ledger verified', async () => {
    const { a } = await eligibleAccount();
    const inv = await openInvoice(a.key, 40_000);
    const before = await available(a.key);
    const both = await Promise.all([0, 1].map(() => post(a.key, '/v1/finance/invoices/factor', { invoice: inv.id })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const fac = both.find((r) => r.status === 201)!.body;
    expectError(both.find((r) => r.status === 409)!, 409, 'RESOURCE_CONFLICT');
    expect(fac).toMatchObject({
      object: 'invoice_factoring', invoice: inv.id, currency: 'usd', invoice_total: 40_000, advance_rate: '0.8', fee_rate: '0.03',
      advance_amount: 32_000, fee_amount: 960, amount_repaid: 0, outstanding: 32_960, status: 'funded', livemode: false,
    });
    expect(fac.id).toMatch(/^fac_/);
    expect(fac.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(fac.underwriting.rules).toContain('eligible');
    expect(await available(a.key)).toBe(before + 32_000);
    const ltx = await t.server.db.prisma.ledgerTransaction.findFirstOrThrow({ where: { hash: fac.transaction_hash }, include: { postings: { include: { ledgerAccount: true } } } });
    expect(ltx.kind).toBe('finance_funding');
    expect(Object.fromEntries(ltx.postings.map((p) => [p.ledgerAccount.kind, Number(p.amount)]))).toEqual({ financing: -32_960, available: 32_000, finance_fees: 960 });

    // a third request after the fact: 409 again
    expectError(await post(a.key, '/v1/finance/invoices/factor', { invoice: inv.id }), 409, 'RESOURCE_CONFLICT');
    // the invoice is paid: 32,960 back to the financing first, the rest (7,040) stays
    ok(await post(a.key, `/v1/invoices/${inv.id}/pay`, { payment_method: 'pm_card_visa' }));
    expect(await available(a.key)).toBe(before + 32_000 + 40_000 - 32_960);
    const repaid = ok(await get(a.key, `/v1/finance/factorings/${fac.id}`));
    expect(repaid).toMatchObject({ status: 'repaid', outstanding: 0, amount_repaid: 32_960 });
    expect(repaid.repaid_at).toBeGreaterThan(0);
    const evs = await events(a, 'finance.factoring.');
    expect(evs.map((e) => e.type)).toEqual(['finance.factoring.funded', 'finance.factoring.repaid']);
    expect(evs[1].data).toMatchObject({ factoring_id: fac.id, invoice: inv.id, repayment: '329.60', outstanding: '0.00' });
    expect(ids(await get(a.key, '/v1/finance/factorings?status=repaid'))).toEqual([fac.id]);
    await verifyLedger();
  });

  it('factoring: an uncollectible invoice defaults it (recourse: taken from the available balance); GraphQL factorInvoice; bad inputs', async () => {
    const { a } = await eligibleAccount();
    const inv = await openInvoice(a.key, 20_000);
    const g = gqlData(await gql(t.url, a.key, 'mutation($i: FactorInvoiceInput!) { factorInvoice(input: $i) { id status advanceAmount feeAmount outstanding invoice { id } } }', { i: { invoice: inv.id } }));
    expect(g.factorInvoice).toMatchObject({ status: 'funded', advanceAmount: 16_000, feeAmount: 480, outstanding: 16_480, invoice: { id: inv.id } });
    const before = await available(a.key);
    ok(await post(a.key, `/v1/invoices/${inv.id}/mark_uncollectible`));
    const fac = ok(await get(a.key, `/v1/finance/factorings/${g.factorInvoice.id}`));
    expect(fac).toMatchObject({ status: 'defaulted', outstanding: 0, amount_repaid: 16_480 });
    expect(await available(a.key)).toBe(before - 16_480);
    const [defaulted] = (await events(a, 'finance.factoring.defaulted'));
    expect(defaulted.data).toMatchObject({ factoring_id: fac.id, recovered: '164.80', outstanding: '0.00' });
    const one = gqlData(await gql(t.url, a.key, `{ invoiceFactoring(id: "${fac.id}") { status } invoiceFactorings(where: { status: { _eq: "defaulted" } }) { id } }`));
    expect(one).toEqual({ invoiceFactoring: { status: 'defaulted' }, invoiceFactorings: [{ id: fac.id }] });

    // a draft, a paid, a missing invoice; malformed bodies; too large an advance
    const cus = ok(await post(a.key, '/v1/customers', { name: 'B' }), 201).id;
    const draft = ok(await post(a.key, '/v1/invoices', { customer: cus, currency: 'usd', items: [{ description: 'x', quantity: 1, unit_amount: 1000 }], days_until_due: 5 }), 201);
    expectError(await post(a.key, '/v1/finance/invoices/factor', { invoice: draft.id }), 422, 'INVALID_STATE_TRANSITION');
    expectError(await post(a.key, '/v1/finance/invoices/factor', { invoice: 'in_0000000000nope' }), 404, 'PARENT_NOT_FOUND');
    expect(faultFields(await post(a.key, '/v1/finance/invoices/factor', {}))).toEqual(['invoice']);
    expect(faultFields(await post(a.key, '/v1/finance/invoices/factor', { invoice: 42 }))).toEqual(['invoice']);
    expect(faultFields(await post(a.key, '/v1/finance/invoices/factor', { invoice: draft.id, rate: '0.9' }))).toEqual(['rate']);
    const big = await openInvoice(a.key, 99_000_000, cus);
    const over = expectError(await post(a.key, '/v1/finance/invoices/factor', { invoice: big.id }), 422, 'AMOUNT_EXCEEDS_LIMIT');
    expect(over.details).toMatchObject({ requested: 79_200_000, currency: 'usd' });
    // another account's invoice is not found; an account without history is refused with reasons
    const stranger = await t.newAccount();
    expectError(await post(stranger.key, '/v1/finance/invoices/factor', { invoice: big.id }), 404, 'PARENT_NOT_FOUND');
    const mine = await openInvoice(stranger.key, 5_000);
    const refused = expectError(await post(stranger.key, '/v1/finance/invoices/factor', { invoice: mine.id }), 422, 'FINANCING_NOT_ELIGIBLE');
    expect(refused.details.reasons.map((r: any) => r.code)).toContain('no_history');
    expect(refused.details.rules).toContain('no_history');
    await verifyLedger();
  });

  it('PO financing: funded into the balance, repaid in parts, over-repaying 422, repaid at zero; GraphQL both', async () => {
    const { a } = await eligibleAccount();
    const po = { number: 'PO-7', supplier: 'Acme Supplies', amount: 50_000, currency: 'usd', expected_delivery: Math.floor(Date.now() / 1000) + 30 * DAY };
    const before = await available(a.key);
    const pof = ok(await post(a.key, '/v1/finance/po/finance', { purchase_order: po, amount: 30_000 }), 201);
    expect(pof).toMatchObject({ object: 'po_financing', amount: 30_000, fee_rate: '0.04', fee_amount: 1_200, outstanding: 31_200, amount_repaid: 0, status: 'funded', currency: 'usd', purchase_order: po });
    expect(pof.id).toMatch(/^pof_/);
    expect(await available(a.key)).toBe(before + 30_000);

    const over = expectError(await post(a.key, `/v1/finance/po/${pof.id}/repay`, { amount: 31_201 }), 422, 'AMOUNT_EXCEEDS_OUTSTANDING');
    expect(over.details).toMatchObject({ outstanding: 31_200, amount: 31_201 });
    expect(ok(await post(a.key, `/v1/finance/po/${pof.id}/repay`, { amount: 1_200 }))).toMatchObject({ outstanding: 30_000, amount_repaid: 1_200, status: 'funded' });
    const g = gqlData(await gql(t.url, a.key, `mutation { repayPurchaseOrder(id: "${pof.id}", input: { amount: 30000 }) { status outstanding amountRepaid } }`));
    expect(g.repayPurchaseOrder).toEqual({ status: 'repaid', outstanding: 0, amountRepaid: 31_200 });
    expectError(await post(a.key, `/v1/finance/po/${pof.id}/repay`, { amount: 1 }), 422, 'AMOUNT_EXCEEDS_OUTSTANDING');
    expect(await available(a.key)).toBe(before - 1_200);
    const poEvents = await events(a, 'finance.po.');
    expect(poEvents.map((e) => e.type)).toEqual(['finance.po.funded', 'finance.po.repayment', 'finance.po.repayment', 'finance.po.repaid']);
    // each repayment names its amount (repayment_amount, as every financing's repayment event) and
    // its movement; the repaid event, the last repayment's movement
    expect(poEvents.filter((e) => e.type === 'finance.po.repayment').map((e) => e.data.repayment_amount)).toEqual(['12.00', '300.00']);
    for (const e of poEvents.slice(1)) expect(e.data.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(poEvents[3].data.transaction_hash).toBe(poEvents[2].data.transaction_hash);

    const gf = gqlData(await gql(t.url, a.key, 'mutation($i: FinancePurchaseOrderInput!) { financePurchaseOrder(input: $i) { id amount feeAmount status } }', {
      i: { purchaseOrder: { number: 'PO-8', supplier: 'Acme', amount: 10_000, currency: 'usd', expectedDelivery: po.expected_delivery }, amount: 7_000 },
    }));
    expect(gf.financePurchaseOrder).toMatchObject({ amount: 7_000, feeAmount: 280, status: 'funded' });
    expect(ids(await get(a.key, '/v1/finance/po?status=funded'))).toEqual([gf.financePurchaseOrder.id]);
    expect(ok(await get(a.key, `/v1/finance/po/${pof.id}`)).status).toBe('repaid');

    // more than the PO, more than its advance rate, a past delivery, malformed
    expectError(await post(a.key, '/v1/finance/po/finance', { purchase_order: po, amount: 50_001 }), 422, 'AMOUNT_EXCEEDS_LIMIT');
    const rate = expectError(await post(a.key, '/v1/finance/po/finance', { purchase_order: po, amount: 35_001 }), 422, 'AMOUNT_EXCEEDS_LIMIT');
    expect(rate.details).toMatchObject({ max_amount: 35_000, advance_rate: '0.7' });
    expectError(await post(a.key, '/v1/finance/po/finance', { purchase_order: { ...po, expected_delivery: 1000 }, amount: 100 }), 400, 'INVALID_FIELD_VALUE');
    expect(faultFields(await post(a.key, '/v1/finance/po/finance', { purchase_order: { ...po, amount: -1 }, amount: 100 }))).toEqual(['purchase_order.amount']);
    expect(faultFields(await post(a.key, '/v1/finance/po/finance', { purchase_order: { ...po, currency: 'xyz' }, amount: 100 }))).toEqual(['purchase_order.currency']);
    expect(faultFields(await post(a.key, '/v1/finance/po/finance', { purchase_order: po }))).toEqual(['amount']);
    expect(faultFields(await post(a.key, `/v1/finance/po/${pof.id}/repay`, { amount: 0 }))).toEqual(['amount']);
    expectError(await post(a.key, '/v1/finance/po/pof_0000000000nope/repay', { amount: 1 }), 404, 'RESOURCE_NOT_FOUND');
    await verifyLedger();
  });

  it('fixed loan on a test clock: equal instalments (remainder last) debited on their due dates; a short balance makes it past_due, the next day\'s retry repays it', async () => {
    const { a, payments } = await eligibleAccount();
    const clock = ok(await post(a.key, CLOCKS, { frozen_time: T0 }), 201);
    // an invoice of a customer on the clock, due in 10 days: overdue (not factorable) once the clock passes it
    const clocked = ok(await post(a.key, '/v1/customers', { name: 'Clocked', test_clock: clock.id }), 201);
    const dueSoon = ok(await post(a.key, '/v1/invoices', { customer: clocked.id, currency: 'usd', items: [{ description: 'x', quantity: 1, unit_amount: 1_000 }], days_until_due: 10 }), 201);
    ok(await post(a.key, `/v1/invoices/${dueSoon.id}/finalize`));
    const start = await available(a.key);
    const loan = ok(await post(a.key, '/v1/finance/loans/create', { amount: 30_001, currency: 'usd', term_days: 90, repayment: 'fixed', test_clock: clock.id }), 201);
    // fee 8% of 30,001 = 2,400.08 -> 2,400; total 32,401 in 3: 10,800, 10,800, 10,801
    expect(loan).toMatchObject({
      object: 'loan', principal: 30_001, fee_rate: '0.08', fee_amount: 2_400, total_repayable: 32_401, outstanding: 32_401, amount_repaid: 0,
      term_days: 90, repayment: 'fixed', withhold_rate: null, status: 'active', test_clock: clock.id, created: T0,
    });
    expect(loan.schedule).toEqual([
      { due_date: T0 + 30 * DAY, amount: 10_800, status: 'pending', paid_at: null },
      { due_date: T0 + 60 * DAY, amount: 10_800, status: 'pending', paid_at: null },
      { due_date: T0 + 90 * DAY, amount: 10_801, status: 'pending', paid_at: null },
    ]);
    expect(await available(a.key)).toBe(start + 30_001);

    await advanced(a.key, clock.id, T0 + 30 * DAY + 3600);
    let now = ok(await get(a.key, `/v1/finance/loans/${loan.id}`));
    expect(now).toMatchObject({ status: 'active', outstanding: 21_601, amount_repaid: 10_800 });
    expect(now.schedule[0]).toEqual({ due_date: T0 + 30 * DAY, amount: 10_800, status: 'paid', paid_at: T0 + 30 * DAY });
    const overdue = expectError(await post(a.key, '/v1/finance/invoices/factor', { invoice: dueSoon.id }), 422, 'FINANCING_NOT_ELIGIBLE');
    expect(overdue.details.reasons.map((r: any) => r.code)).toEqual(['invoice_overdue']);

    // the balance runs short: every payment refunded (100,000) leaves 19,201
    for (const p of payments) ok(await post(a.key, '/v1/payments/refund', { payment: p }), 201);
    expect(await available(a.key)).toBe(start + 30_001 - 10_800 - 100_000);
    await advanced(a.key, clock.id, T0 + 60 * DAY + 3600);
    expect(await available(a.key)).toBe(8_401);
    await advanced(a.key, clock.id, T0 + 90 * DAY + 3600);
    now = ok(await get(a.key, `/v1/finance/loans/${loan.id}`));
    expect(now).toMatchObject({ status: 'past_due', outstanding: 10_801, failed_attempts: 1 });
    expect(now.schedule[2].status).toBe('past_due');
    expect(await available(a.key)).toBe(8_401);

    // money comes in; the retry a day later takes the instalment and the loan is repaid
    await pay(a.key, 5_000);
    await advanced(a.key, clock.id, T0 + 92 * DAY);
    now = ok(await get(a.key, `/v1/finance/loans/${loan.id}`));
    expect(now).toMatchObject({ status: 'repaid', outstanding: 0, amount_repaid: 32_401, repaid_at: T0 + 91 * DAY });
    expect(now.schedule.map((e: any) => e.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await available(a.key)).toBe(8_401 + 5_000 - 10_801);

    const evs = await events(a, 'finance.loan.');
    expect(evs.map((e) => [e.type, e.created])).toEqual([
      ['finance.loan.disbursed', T0],
      ['finance.loan.repayment', T0 + 30 * DAY],
      ['finance.loan.repayment', T0 + 60 * DAY],
      ['finance.loan.past_due', T0 + 90 * DAY],
      ['finance.loan.repayment', T0 + 91 * DAY],
      ['finance.loan.repaid', T0 + 91 * DAY],
    ]);
    expect(evs[1].data).toMatchObject({ loan_id: loan.id, amount: '108.00', outstanding: '216.01' });
    const g = gqlData(await gql(t.url, a.key, `{ loan(id: "${loan.id}") { status outstanding schedule testClock { id } } loans { id } }`));
    expect(g).toMatchObject({ loan: { status: 'repaid', outstanding: 0, testClock: { id: clock.id } }, loans: [{ id: loan.id }] });
    await verifyLedger();
  });

  it('revenue-share loans: two open at once, each withholds its rate of every succeeded payment until repaid, never beyond total_repayable', async () => {
    const { a } = await eligibleAccount();
    const l1 = ok(await post(a.key, '/v1/finance/loans', { amount: 10_000, currency: 'usd', term_days: 60, repayment: 'revenue_share' }), 201);
    expect(l1).toMatchObject({ principal: 10_000, fee_amount: 800, total_repayable: 10_800, withhold_rate: '0.1', schedule: [], status: 'active', test_clock: null });
    const g = gqlData(await gql(t.url, a.key, 'mutation($i: CreateLoanInput!) { createLoan(input: $i) { id totalRepayable withholdRate status } }', {
      i: { amount: 5_000, currency: 'usd', termDays: 30, repayment: 'revenue_share', withholdRate: '0.2' },
    }));
    expect(g.createLoan).toMatchObject({ totalRepayable: 5_400, withholdRate: '0.2', status: 'active' });
    const l2 = g.createLoan.id;
    const start = await available(a.key);

    await pay(a.key, 50_000); // l1 withholds 5,000; l2 10,000 capped at its 5,400
    expect(ok(await get(a.key, `/v1/finance/loans/${l1.id}`))).toMatchObject({ outstanding: 5_800, status: 'active' });
    expect(ok(await get(a.key, `/v1/finance/loans/${l2}`))).toMatchObject({ outstanding: 0, status: 'repaid' });
    await pay(a.key, 50_000); // l1: 5,000
    await pay(a.key, 50_000); // l1: 800, repaid
    await pay(a.key, 50_000); // nothing left to withhold
    expect(ok(await get(a.key, `/v1/finance/loans/${l1.id}`))).toMatchObject({ outstanding: 0, amount_repaid: 10_800, status: 'repaid' });
    expect(await available(a.key)).toBe(start + 200_000 - 10_800 - 5_400);
    const evs = await events(a, 'finance.loan.');
    expect(evs.filter((e) => e.type === 'finance.loan.repayment').map((e) => [e.data.loan_id, e.data.amount])).toEqual([
      [l1.id, '50.00'], [l2, '54.00'], [l1.id, '50.00'], [l1.id, '8.00'],
    ]);
    expect(evs.filter((e) => e.type === 'finance.loan.repayment').map((e) => e.data.repayment_amount)).toEqual(['50.00', '54.00', '50.00', '8.00']);
    expect(evs.filter((e) => e.type === 'finance.loan.repaid').map((e) => e.data.loan_id)).toEqual([l2, l1.id]);
    for (const e of evs.filter((e) => e.type === 'finance.loan.repaid')) expect(e.data.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ids(await get(a.key, '/v1/finance/loans?status=repaid')).sort()).toEqual([l1.id, l2].sort());
    await verifyLedger();
  });

  it('the loan worker debits an instalment of a loan without a clock once it falls due (due date moved into the past)', async () => {
    const { a } = await eligibleAccount();
    const loan = ok(await post(a.key, '/v1/finance/loans/create', { amount: 10_000, currency: 'usd', term_days: 60, repayment: 'fixed' }), 201);
    expect(loan.schedule.map((e: any) => e.amount)).toEqual([5_400, 5_400]);
    // the first instalment's due date, one second ago: as if 30 days had passed
    const due = Math.floor(Date.now() / 1000) - 1;
    await t.server.db.prisma.loan.update({
      where: { id: loan.id },
      data: { schedule: [{ ...loan.schedule[0], due_date: due }, loan.schedule[1]], nextDebitAt: new Date(due * 1000) },
    });
    const deadline = Date.now() + 30_000;
    let now = loan;
    while (now.amount_repaid === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      now = ok(await get(a.key, `/v1/finance/loans/${loan.id}`));
    }
    expect(now).toMatchObject({ status: 'active', amount_repaid: 5_400, outstanding: 5_400 });
    expect(now.schedule.map((e: any) => e.status)).toEqual(['paid', 'pending']);
    const [repayment] = await events(a, 'finance.loan.repayment');
    expect(repayment.data).toMatchObject({ loan_id: loan.id, amount: '54.00', due_date: due });
    await verifyLedger();
  });

  it('loans: every bad input is a clear 4xx', async () => {
    const { a } = await eligibleAccount();
    const base = { amount: 1_000, currency: 'usd', term_days: 30, repayment: 'fixed' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, term_days: 45 }, 'term_days'],
      [{ ...base, term_days: '30' }, 'term_days'],
      [{ ...base, repayment: 'weekly' }, 'repayment'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: 1.5 }, 'amount'],
      [{ ...base, currency: 'usdd' }, 'currency'],
      [{ ...base, repayment: 'revenue_share', withhold_rate: 0.1 }, 'withhold_rate'],
      [{ ...base, repayment: 'revenue_share', withhold_rate: '1.5' }, 'withhold_rate'],
      [{ ...base, repayment: 'revenue_share', withhold_rate: '0' }, 'withhold_rate'],
      [{ ...base, withhold_rate: '0.1' }, 'withhold_rate'],
      [{ ...base, test_clock: 'nope' }, 'test_clock'],
      [{ ...base, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await post(a.key, '/v1/finance/loans/create', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(faultFields(res), JSON.stringify(body)).toContain(field);
    }
    // an enum field left out is missing (MISSING_REQUIRED_FIELD), as any other field is; a wrong value is INVALID_ENUM_VALUE
    const { repayment: _r, ...noRepayment } = base;
    const missing = expectError(await post(a.key, '/v1/finance/loans/create', noRepayment), 400, 'MISSING_REQUIRED_FIELD');
    expect(missing.details.errors).toEqual([{ field: 'repayment', message: 'is required', expected: 'one of fixed, revenue_share', code: 'MISSING_REQUIRED_FIELD' }]);
    const wrong = expectError(await post(a.key, '/v1/finance/loans/create', { ...base, repayment: 'weekly' }), 400, 'INVALID_ENUM_VALUE');
    expect(wrong.details.errors[0]).toMatchObject({ field: 'repayment', code: 'INVALID_ENUM_VALUE' });
    const low = expectError(await post(a.key, '/v1/finance/loans/create', { ...base, repayment: 'revenue_share', withhold_rate: '0.05' }), 400, 'INVALID_FIELD_VALUE');
    expect(low.details).toMatchObject({ min: '0.1', max: '0.5' });
    const over = expectError(await post(a.key, '/v1/finance/loans/create', { ...base, amount: 100_001 }), 422, 'AMOUNT_EXCEEDS_LIMIT');
    expect(over.details.max_amount).toBe(100_000);
    expectError(await post(a.key, '/v1/finance/loans/create', { ...base, test_clock: 'clock_0000000000nope' }), 404, 'PARENT_NOT_FOUND');
    const live = (await a.newKey({ mode: 'live' })).secret;
    expectError(await post(live, '/v1/finance/loans/create', { ...base, test_clock: 'clock_0000000000nope' }), 404, 'RESOURCE_NOT_FOUND');
    expectError(await post(live, '/v1/finance/loans/create', base), 422, 'FINANCING_NOT_ELIGIBLE');
    expectError(await get(a.key, '/v1/finance/loans/loan_0000000000nope'), 404, 'RESOURCE_NOT_FOUND');
    // the limit counts what is outstanding: a second loan cannot take the same headroom
    ok(await post(a.key, '/v1/finance/loans/create', { ...base, amount: 90_000 }), 201);
    const rest = expectError(await post(a.key, '/v1/finance/loans/create', { ...base, amount: 5_000 }), 422, 'AMOUNT_EXCEEDS_LIMIT');
    expect(rest.details.max_amount).toBe(100_000 - 97_200);
  });
});
