// Demo data for a first look: customers, products with stock, and orders in every state
// (paid through payments, shipped, delivered, cancelled, refunded, with a return), made
// through the public REST API of a running server, so every row comes with its events and
// ledger entries exactly as a real client's would. Idempotent: a second run finds the demo
// customers and adds nothing.

import { findOrCreateAccount } from './accounts.js';
import { createApiKey } from './auth/keys.js';
import type { Prisma } from './db/client.js';

export const DEMO_ACCOUNT = 'demo';

/** A new test secret key of the demo account (created when missing). */
export async function demoKey(prisma: Prisma) {
  const { account } = await findOrCreateAccount(prisma, DEMO_ACCOUNT);
  return createApiKey(prisma, { accountId: account.id, type: 'secret', mode: 'test', name: 'demo data' });
}
const MARK = { demo: 'true' };

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Radia', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton'];
const PRODUCTS: [string, number][] = [
  ['Espresso beans 1 kg', 2490], ['Ceramic mug', 1200], ['Pour-over kettle', 5900], ['Paper filters (100)', 650],
  ['Hand grinder', 7900], ['Milk jug', 1850], ['Travel cup', 2200], ['Tea sampler', 1590],
  ['Scale with timer', 4490], ['Cold brew bottle', 2990], ['Decaf beans 500 g', 1390], ['Cleaning tablets', 990],
];

export interface DemoResult {
  created: boolean;
  customers: number;
  products: number;
  orders: number;
}

async function call<T = Record<string, any>>(base: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Seeds the account of `key` through the API at `base`, unless it holds the demo data already. */
export async function seedDemo(base: string, key: string): Promise<DemoResult> {
  const existing = await call(base, key, 'GET', '/v1/customers?limit=1&email_like=%25%40demo.example');
  if (existing.pagination.total_count > 0) {
    const count = async (path: string) => (await call(base, key, 'GET', `${path}?limit=1`)).pagination.total_count as number;
    return { created: false, customers: await count('/v1/customers'), products: await count('/v1/products'), orders: await count('/v1/orders') };
  }
  const customers: string[] = [];
  for (let i = 0; i < 30; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[i % LAST.length]!;
    const c = await call(base, key, 'POST', '/v1/customers', {
      email: `${first}.${last}.${i + 1}@demo.example`.toLowerCase(), name: `${first} ${last}`, metadata: MARK,
    });
    customers.push(c.id);
  }
  const products: { id: string; price: number }[] = [];
  for (const [i, [name, price]] of PRODUCTS.entries()) {
    const p = await call(base, key, 'POST', '/v1/products', { name, price, currency: 'usd', sku: `DEMO-${String(i + 1).padStart(3, '0')}`, metadata: MARK });
    products.push({ id: p.id, price });
    // stock for most products; one runs low, one is untracked
    if (i < PRODUCTS.length - 1) {
      await call(base, key, 'POST', '/v1/inventory/adjust', { product: p.id, delta: i === 3 ? 14 : 200, reason: 'demo: opening stock' });
    }
  }
  // 40 orders cycling through the states an order can be in
  const plan = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded', 'returned'] as const;
  for (let i = 0; i < 40; i++) {
    const state = plan[i % plan.length]!;
    const lines = [products[i % products.length]!, products[(i * 5 + 3) % products.length]!];
    const order = await call(base, key, 'POST', '/v1/orders', {
      currency: 'usd', customer: customers[i % customers.length],
      items: lines.map((p, n) => ({ product: p.id, quantity: 1 + ((i + n) % 3) })), metadata: MARK,
    });
    if (state === 'pending') continue;
    if (state === 'cancelled') {
      await call(base, key, 'POST', `/v1/orders/${order.id}/cancel`, { reason: 'requested_by_customer' });
      continue;
    }
    const payment = await call(base, key, 'POST', '/v1/payments', {
      amount: order.amount, currency: 'usd', payment_method: 'pm_card_visa', order: order.id, customer: order.customer,
    });
    if (state === 'paid') continue;
    if (state === 'refunded') {
      await call(base, key, 'POST', '/v1/payments/refund', { payment: payment.id, reason: 'requested_by_customer' });
      continue;
    }
    await call(base, key, 'PATCH', `/v1/orders/${order.id}`, { status: 'processing' });
    if (state === 'processing') continue;
    await call(base, key, 'POST', `/v1/orders/${order.id}/fulfill`, { shipping_carrier: 'ups', tracking_number: `1Z-DEMO-${i}` });
    if (state === 'shipped') continue;
    await call(base, key, 'PATCH', `/v1/orders/${order.id}`, { status: 'delivered' });
    if (state === 'returned') {
      const ret = await call(base, key, 'POST', '/v1/returns', {
        order: order.id, items: [{ order_item: order.items[0].id, quantity: 1, reason: 'arrived damaged' }],
      });
      await call(base, key, 'POST', `/v1/returns/${ret.id}/approve`);
    }
  }
  return { created: true, customers: customers.length, products: products.length, orders: 40 };
}
