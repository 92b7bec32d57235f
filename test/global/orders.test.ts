// Global orders against a real server, both doors: hand-computed totals (JPY, a KWD
// settlement, US tax by ZIP), the cheapest service unless one is named, the customer's
// screening (match refused with nothing written, potential match on hold with its check),
// stock reserved as /v1/orders does, idempotency, bad input.
//
// Test-mode facts used (docs/global.md): FX per EUR USD 1.08, JPY 160, KWD 0.33; the shipped
// default shipping tables from DE (test accounts ship from DE); the sales-tax package's rates
// (JP 10%, FR 20%, NY 4%).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let A: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  A = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, key = A.key) => api(t.url, path, { key, body, headers });
const create = (body: unknown, headers: Record<string, string> = {}) => post('/v1/global/orders/create', body, headers);

async function customer(name: string | null): Promise<string> {
  const res = await post('/v1/customers', name === null ? { email: 'nobody@example.com' } : { name, email: 'c@example.com' });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function product(price: number, stock: number): Promise<string> {
  const p = await post('/v1/products', { name: 'Kettle', price, currency: 'usd' });
  expect(p.status, p.text).toBe(201);
  const adj = await post('/v1/inventory/adjust', { product: p.body.id, delta: stock, reason: 'test stock' });
  expect(adj.status, adj.text).toBe(200);
  return p.body.id;
}

async function stockOf(productId: string) {
  const res = await api(t.url, `/v1/inventory?product=${productId}`, { key: A.key });
  const i = res.body.data[0];
  return { on_hand: i.on_hand, reserved: i.reserved, available: i.available };
}

const counts = async () => ({
  orders: await t.server.db.prisma.order.count({ where: { accountId: A.accountId } }),
  checks: await t.server.db.prisma.complianceCheck.count({ where: { accountId: A.accountId } }),
  events: await t.server.db.prisma.event.count({ where: { accountId: A.accountId } }),
});

let clean: string;
beforeAll(async () => {
  clean = await customer('Maria Example-Clearwater');
});

describe('totals, hand-computed', () => {
  it('JPY order DE -> JP settling in USD: shipping converted, tax on subtotal plus shipping, a locked quote', async () => {
    const res = await create({
      currency: 'jpy', settlement_currency: 'usd', customer: clean,
      ship_to: { country: 'JP', postal_code: '100-0001' },
      items: [{ name: 'Tea bowl', quantity: 2, unit_amount: 2500, weight_grams: 400 }, { name: 'Whisk', quantity: 1, unit_amount: 1999, weight_grams: 150 }],
    });
    expect(res.status, res.text).toBe(201);
    const o = res.body;
    // subtotal 2 x 2500 + 1999 = 6999 yen; 950 g -> 1000 g billable; DE -> JP is the world zone:
    // parcel_post 22.99 EUR (the cheapest) x 160 = 3678.4 -> 3678 yen
    // tax JP 10% of 6999 + 3678 = 10677 -> 1067.7 -> 1068; total 6999 + 3678 + 1068 = 11745 yen
    // settlement: 1.08 / 160 = 0.00675 USD per yen; 11745 x 0.00675 = 79.27875 USD -> 7927.875 cents -> 7928
    expect(o).toMatchObject({
      object: 'order', status: 'pending', on_hold: false, currency: 'jpy', customer: clean,
      amount_subtotal: 6999, amount_shipping: 3678, amount_tax: 1068, amount_total: 11745, amount: 11745,
      settlement: { currency: 'usd', amount_total: 7928 },
      ship_to: { country: 'JP', region: null, postal_code: '100-0001' },
      shipping: { carrier: 'parcel_post', service: 'standard', zone: 'world', from_country: 'DE', billable_weight_grams: 1000, amount: 3678, quoted: { amount: 2299, currency: 'eur', rate: '160' } },
      tax: { rate: '0.1', amount: 10677, tax_amount: 1068, seller_country: 'DE', reverse_charge: false },
      compliance: { result: 'clear', matches: [] },
    });
    expect(o.fx).toMatchObject({ object: 'fx_quote', from: 'jpy', to: 'usd', rate: '0.00675', amount: 11745, converted_amount: 7928, source: 'test_table' });
    expect(o.compliance.check).toMatch(/^cc_/);
    expect(o.items.map((i: any) => [i.name, i.weight_grams])).toEqual([['Tea bowl', 400], ['Whisk', 150]]);

    // the same resource as /v1/orders
    const read = await api(t.url, `/v1/orders/${o.id}`, { key: A.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(o);
    // the check is stored and listable
    const check = await api(t.url, `/v1/global/compliance/checks/${o.compliance.check}`, { key: A.key });
    expect(check.body).toMatchObject({ name: 'Maria Example-Clearwater', type: 'individual', country: 'JP', result: 'clear' });
    // the order.created event carries what a read gives
    const ev = await api(t.url, '/v1/events?type=order.created&limit=1', { key: A.key });
    expect(ev.body.data[0].data.object).toEqual({ ...o });
  });

  it('EUR order DE -> FR settling in KWD (3 decimals)', async () => {
    const res = await create({
      currency: 'eur', settlement_currency: 'KWD', customer: clean, ship_to: { country: 'fr', postal_code: '75001' },
      items: [{ name: 'Lamp', quantity: 1, unit_amount: 4999, weight_grams: 1200 }],
    });
    expect(res.status, res.text).toBe(201);
    // 1200 g -> eu zone tier <= 5000 g: standard 17.99 (express 44.90); tax FR 20% of 4999 + 1799 =
    // 6798 -> 1359.6 -> 1360; total 8158 cents; 81.58 EUR x 0.33 = 26.9214 KWD = 26921.4 fils -> 26921
    expect(res.body).toMatchObject({
      amount_subtotal: 4999, amount_shipping: 1799, amount_tax: 1360, amount_total: 8158, amount: 8158,
      settlement: { currency: 'kwd', amount_total: 26921 },
      fx: { from: 'eur', to: 'kwd', rate: '0.33', amount: 8158, converted_amount: 26921 },
      shipping: { service: 'standard', zone: 'eu', quoted: { amount: 1799, currency: 'eur', rate: '1' } },
      ship_to: { country: 'FR' },
    });
  });

  it('a named service; US tax by ZIP prefix when region is missing (10001 -> NY 4%)', async () => {
    const res = await create({
      currency: 'usd', customer: clean, shipping_service: 'express',
      ship_to: { country: 'US', postal_code: '10001' },
      items: [{ name: 'Book', quantity: 1, unit_amount: 1000, weight_grams: 300 }],
    });
    expect(res.status, res.text).toBe(201);
    // DE -> US, world zone, express <= 1000 g: 59.90 EUR x 1.08 = 64.692 USD -> 6469 cents
    // tax NY 4% of 1000 + 6469 = 7469 -> 298.76 -> 299; total 7768; settles in USD at "1"
    expect(res.body).toMatchObject({
      amount_subtotal: 1000, amount_shipping: 6469, amount_tax: 299, amount_total: 7768,
      settlement: { currency: 'usd', amount_total: 7768 }, fx: { rate: '1', source: 'same_currency' },
      ship_to: { country: 'US', region: 'NY', postal_code: '10001' },
      shipping: { carrier: 'courier', service: 'express', quoted: { amount: 5990, currency: 'eur', rate: '1.08' } },
      tax: { rate: '0.04', jurisdiction: { country: 'US', region: 'NY', postal_code: '10001' } },
    });
    // the ZIP must agree with a given region; the tax endpoint derives the state too
    const clash = await create({ currency: 'usd', customer: clean, ship_to: { country: 'US', region: 'TX', postal_code: '10001' }, items: [{ name: 'Book', quantity: 1, unit_amount: 1000, weight_grams: 300 }] });
    expect(clash.status, clash.text).toBe(400);
    expect(clash.body.error.param).toBe('ship_to.postal_code');
    const tax = await api(t.url, '/v1/global/tax/calculate?amount=10000&currency=usd&country=US&postal_code=94105', { key: A.key });
    expect(tax.body).toMatchObject({ jurisdiction: { region: 'CA', postal_code: '94105' } });
    const ca = await api(t.url, '/v1/global/tax/calculate?amount=10000&currency=cad&country=CA&postal_code=M5V%202T6', { key: A.key });
    expect(ca.body).toMatchObject({ rate: '0.13', jurisdiction: { region: 'ON' } });
    expect((await api(t.url, '/v1/global/tax/calculate?amount=1&currency=usd&country=US&postal_code=ABCDE', { key: A.key })).body.error.param).toBe('postal_code');
  });

  it('the cheapest service is chosen when none is named (domestic DE: standard 6.99 over express 16.90)', async () => {
    const res = await create({
      currency: 'eur', customer: clean, ship_to: { country: 'DE', postal_code: '80331' },
      items: [{ name: 'Chair', quantity: 2, unit_amount: 1000, weight_grams: 1500 }],
    });
    expect(res.status, res.text).toBe(201);
    // 3000 g: domestic tier <= 5000 g; tax DE 19% of 2000 + 699 = 2699 -> 512.81 -> 513
    expect(res.body).toMatchObject({ amount_shipping: 699, amount_tax: 513, amount_total: 3212, shipping: { service: 'standard', estimated_days: 2, billable_weight_grams: 3000 } });
  });
});

describe('screening and stock', () => {
  it('a match is refused: 422 COMPLIANCE_BLOCKED, no order, no stock reserved, no event, no check', async () => {
    const blocked = await customer('John Smith');
    const p = await product(500, 10);
    const before = await counts();
    const res = await create({
      currency: 'usd', customer: blocked, ship_to: { country: 'GB', postal_code: 'SW1A 1AA' },
      items: [{ product: p, quantity: 3, weight_grams: 250 }],
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'COMPLIANCE_BLOCKED', details: { customer: blocked, result: 'match' } });
    expect(res.body.error.details.matches[0]).toMatchObject({ list: 'Test list', entry_id: '9001', score: 1 });
    expect(await counts()).toEqual(before);
    expect(await stockOf(p)).toEqual({ on_hand: 10, reserved: 0, available: 10 });

    // an embargoed ship-to country blocks any name
    const iran = await create({ currency: 'usd', customer: clean, ship_to: { country: 'IR', postal_code: '11369' }, items: [{ product: p, quantity: 1, weight_grams: 250 }] });
    expect(iran.status, iran.text).toBe(422);
    expect(iran.body.error.details.matches[0]).toMatchObject({ list: 'embargoed_countries', entry_id: 'IR' });
    expect(await counts()).toEqual(before);

    // GraphQL refuses the same way
    const g = await gql(t.url, A.key, `mutation($input: CreateGlobalOrderInput!) { createGlobalOrder(input: $input) { id } }`, {
      input: { currency: 'usd', customer: blocked, shipTo: { country: 'GB', postalCode: 'SW1A 1AA' }, items: [{ product: p, quantity: 1, weightGrams: 250 }] },
    });
    expect(g.body.errors?.[0]?.extensions?.code).toBe('COMPLIANCE_BLOCKED');
    expect(await counts()).toEqual(before);

    // a clear customer reserves the stock as /v1/orders does
    const ok = await create({ currency: 'usd', customer: clean, ship_to: { country: 'GB', postal_code: 'SW1A 1AA' }, items: [{ product: p, quantity: 3, weight_grams: 250 }] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.amount_subtotal).toBe(1500);
    expect(await stockOf(p)).toEqual({ on_hand: 10, reserved: 3, available: 7 });
  });

  it('a potential match is created on hold with the check attached; release lifts the hold', async () => {
    const fuzzy = await customer('Jon Smyth');
    const res = await create({ currency: 'eur', customer: fuzzy, ship_to: { country: 'AT', postal_code: '1010' }, items: [{ name: 'Mug', quantity: 1, unit_amount: 1200, weight_grams: 350 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ on_hold: true, status: 'pending', compliance: { result: 'potential_match', matches: [{ entry_id: '9001', matched_on: ['alias'] }] } });
    expect(res.body.hold_reason).toContain(res.body.compliance.check);
    const check = await api(t.url, `/v1/global/compliance/checks/${res.body.compliance.check}`, { key: A.key });
    expect(check.body).toMatchObject({ name: 'Jon Smyth', result: 'potential_match' });
    // a held order cannot be fulfilled until released
    expect((await post(`/v1/orders/${res.body.id}/fulfill`, {})).status).toBe(422);
    const released = await post(`/v1/orders/${res.body.id}/release`, {});
    expect(released.status, released.text).toBe(200);
    expect(released.body).toMatchObject({ on_hold: false, compliance: { result: 'potential_match' } });
  });
});

describe('doors and conventions', () => {
  it('GraphQL createGlobalOrder answers the same order', async () => {
    const res = await gql(t.url, A.key, `mutation($input: CreateGlobalOrderInput!) {
      createGlobalOrder(input: $input) { id amount amountSubtotal amountShipping amountTax amountTotal fx settlement shipTo compliance onHold items { name weightGrams } } }`, {
      input: { currency: 'eur', settlementCurrency: 'kwd', customer: clean, shipTo: { country: 'FR', postalCode: '75001' }, items: [{ name: 'Lamp', quantity: 1, unitAmount: 4999, weightGrams: 1200 }] },
    });
    expect(res.body.errors).toBeUndefined();
    const o = (res.body.data as any).createGlobalOrder;
    expect(o).toMatchObject({ amount: 8158, amountSubtotal: 4999, amountShipping: 1799, amountTax: 1360, amountTotal: 8158, settlement: { currency: 'kwd', amount_total: 26921 }, onHold: false, items: [{ name: 'Lamp', weightGrams: 1200 }] });
    const rest = await api(t.url, `/v1/orders/${o.id}`, { key: A.key });
    expect(rest.body.fx).toEqual(o.fx);
  });

  it('an Idempotency-Key replays the order: one order, one check', async () => {
    const body = { currency: 'eur', customer: clean, ship_to: { country: 'DE', postal_code: '10115' }, items: [{ name: 'Pen', quantity: 1, unit_amount: 300, weight_grams: 20 }] };
    const before = await counts();
    const key = `glob-fixed-${Date.now()}`;
    const a = await create(body, { 'idempotency-key': key });
    const b = await create(body, { 'idempotency-key': key });
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    const after = await counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.checks - before.checks).toBe(1);
  });

  it('bad input is a 4xx naming the field, never a 500', async () => {
    const base = { currency: 'eur', customer: clean, ship_to: { country: 'DE', postal_code: '10115' }, items: [{ name: 'Pen', quantity: 1, unit_amount: 300, weight_grams: 20 }] };
    const cases: [unknown, number, string][] = [
      [{ ...base, ship_to: undefined }, 400, 'ship_to'],
      [{ ...base, ship_to: { country: 'XX', postal_code: '1' } }, 400, 'ship_to.country'],
      [{ ...base, ship_to: { country: 'DE' } }, 400, 'ship_to.postal_code'],
      [{ ...base, items: [{ name: 'Pen', quantity: 1, unit_amount: 300 }] }, 400, 'items[0].weight_grams'],
      [{ ...base, items: [{ name: 'Pen', quantity: 1, unit_amount: 300, weight_grams: 0 }] }, 400, 'items'],
      [{ ...base, customer: undefined }, 400, 'customer'],
      [{ ...base, customer: 'cus_doesnotexist000000' }, 404, 'customer'],
      [{ ...base, currency: 'ars' }, 400, 'currency'],
      [{ ...base, settlement_currency: 'xyz' }, 400, 'settlement_currency'],
      [{ ...base, settlement_currency: 'ars' }, 400, 'settlement_currency'],
      [{ ...base, shipping_service: 'teleport' }, 400, 'shipping_service'],
      [{ ...base, ship_to: { country: 'US', postal_code: '1' } }, 400, 'ship_to.postal_code'],
      [{ ...base, items: [{ name: 'Anvil', quantity: 1, unit_amount: 300, weight_grams: 40_000 }] }, 422, ''],
      [{ ...base, bogus: 1 }, 400, 'bogus'],
    ];
    const before = await counts();
    for (const [body, status, param] of cases) {
      const res = await create(body);
      expect(res.status, `${JSON.stringify(body)} -> ${res.text}`).toBe(status);
      if (param) expect(res.body.error.param ?? res.body.error.details?.errors?.[0]?.field, res.text).toBe(param);
    }
    const nameless = await create({ ...base, customer: await customer(null) });
    expect(nameless.status, nameless.text).toBe(400);
    expect(nameless.body.error.param).toBe('customer');
    expect((await counts()).orders).toBe(before.orders);
  });

  it('needs orders:create', async () => {
    const readOnly = await A.newKey({ type: 'restricted', permissions: ['orders:read', 'global:read'] });
    const res = await post('/v1/global/orders/create', { currency: 'eur' }, {}, readOnly.secret);
    expect(res.status).toBe(403);
  });
});
