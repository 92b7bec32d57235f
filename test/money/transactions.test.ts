// The ledger, read (GET /v1/transactions, GraphQL ledgerTransactions) behind `transactions:read`,
// and `analytics:read`: the aggregates of every resource without its rows. Both permission
// names are the spec's own examples ("payments:create, payments:read, analytics:read,
// transactions:read").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, newSigningSecret, signedPost } from '../helpers/money.js';
import { api, gql, startTestServer, TEA_ORDER, type TestAccount, type TestServer } from '../helpers/server.js';
import { expectError } from '../rest/envelope.js';
import { connectHttp } from '../mcp/helpers.js';

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
let secretA: string;
let addressB: string;
let paymentId: string;
let paymentHash: string;
let transferId: string;

beforeAll(async () => {
  t = await startTestServer({ PAYMENT_WORKER: 'false' });
  [a, b] = await Promise.all([t.newAccount(), t.newAccount()]);
  secretA = await newSigningSecret(t, a);
  const pay = await api(t.url, '/v1/payments', { key: a.key, body: { amount: 1250, currency: 'usd', payment_method: 'pm_card_visa' } });
  expect(pay.status, pay.text).toBe(201);
  paymentId = pay.body.id;
  paymentHash = pay.body.transaction_hash;
  await fundWallet(t, a, secretA, '20');
  addressB = (await api(t.url, '/v1/stablecoin/balance', { key: b.key })).body.address;
  const transfer = await signedPost(t, a.key, secretA, '/v1/stablecoin/transfer', { amount: '2.5', to: addressB });
  expect(transfer.status, transfer.text).toBe(201);
  transferId = transfer.body.id;
}, 120_000);
afterAll(async () => { await t?.stop(); });

/** Postings sum to zero per currency and unit (coin amounts are decimal strings, the rest integers). */
function expectBalanced(postings: { currency: string; amount: number | string }[]) {
  const sums = new Map<string, bigint>();
  for (const p of postings) {
    const key = `${typeof p.amount}:${p.currency}`;
    const atomic = typeof p.amount === 'number' ? BigInt(p.amount) : BigInt(Math.round(Number(p.amount) * 1e6));
    sums.set(key, (sums.get(key) ?? 0n) + atomic);
  }
  for (const sum of sums.values()) expect(sum).toBe(0n);
}

describe('GET /v1/transactions', () => {
  it('lists the account\'s ledger transactions with their postings, balanced per currency, the chain intact', async () => {
    const res = await api(t.url, '/v1/transactions?limit=100&sort=sequence&order=asc', { key: a.key });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as any[];
    expect(data.map((x) => x.kind)).toEqual(['payment', 'issue', 'transfer']);
    expect(res.body.pagination.total_count).toBe(3);
    for (const [i, tx] of data.entries()) {
      expect(tx).toMatchObject({ object: 'ledger_transaction', livemode: false, sequence: i + 1 });
      expect(tx.id).toMatch(/^ltx_/);
      expect(tx.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(typeof tx.created).toBe('number');
      // each transaction's previous_hash is the hash before it in the chain
      if (i > 0) expect(tx.previous_hash).toBe(data[i - 1].transaction_hash);
      expectBalanced(tx.postings);
    }
    const [payment, issue, transfer] = data;
    expect(payment).toMatchObject({ resource_id: paymentId, transaction_hash: paymentHash });
    expect(payment.postings).toEqual(expect.arrayContaining([
      { ledger_account: 'available', owner: 'self', currency: 'usd', amount: 1250, address: null },
    ]));
    expect(issue.postings).toEqual(expect.arrayContaining([expect.objectContaining({ ledger_account: 'wallet', owner: 'self', currency: 'usdx', amount: '20' })]));
    expect(issue.postings).toEqual(expect.arrayContaining([expect.objectContaining({ ledger_account: 'issuer', owner: 'platform', amount: '-20' })]));
    // the other side of a transfer: only its wallet address, as the sender named it
    expect(transfer.resource_id).toBe(transferId);
    expect(transfer.postings).toEqual(expect.arrayContaining([
      { ledger_account: 'wallet', owner: 'counterparty', currency: 'usdx', amount: '2.5', address: addressB },
      expect.objectContaining({ ledger_account: 'wallet', owner: 'self', amount: '-2.5' }),
    ]));
  });

  it('a payment in the coin\'s currency: the coin leaves the wallet in coins, the balance gains hundredths', async () => {
    const c = await t.newAccount();
    await fundWallet(t, c, await newSigningSecret(t, c), '20');
    const pay = await api(t.url, '/v1/payments', { key: c.key, body: { amount: 1250, currency: 'usdx' } });
    expect(pay.status, pay.text).toBe(201);
    const res = await api(t.url, `/v1/transactions?resource_id=${pay.body.id}`, { key: c.key });
    expect(res.body.data).toHaveLength(1);
    const postings = res.body.data[0].postings;
    expect(postings).toEqual(expect.arrayContaining([
      expect.objectContaining({ ledger_account: 'wallet', owner: 'self', currency: 'usdx', amount: '-12.5' }),
      expect.objectContaining({ ledger_account: 'available', owner: 'self', currency: 'usdx', amount: 1250 }),
    ]));
    expectBalanced(postings);
  });

  it('filters and retrieves like every list: kind, resource_id; by id; another account\'s is 404', async () => {
    const payments = await api(t.url, '/v1/transactions?kind=payment', { key: a.key });
    expect(payments.body.data.map((x: any) => x.resource_id)).toEqual([paymentId]);
    const byResource = await api(t.url, `/v1/transactions?resource_id=${transferId}`, { key: a.key });
    expect(byResource.body.data).toHaveLength(1);
    const id = byResource.body.data[0].id;
    const one = await api(t.url, `/v1/transactions/${id}`, { key: a.key });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(byResource.body.data[0]);
    expectError(await api(t.url, `/v1/transactions/${id}`, { key: b.key }), 404, 'RESOURCE_NOT_FOUND');
    // the recipient's own chain holds none of the sender's transactions
    const theirs = await api(t.url, '/v1/transactions', { key: b.key });
    expect(theirs.body.data).toEqual([]);
  });

  it('needs transactions:read: a restricted key with it reads, one without is 403, a publishable key is refused', async () => {
    const reader = await a.newKey({ type: 'restricted', permissions: ['transactions:read'] });
    expect((await api(t.url, '/v1/transactions', { key: reader.secret })).body.data).toHaveLength(3);
    const other = await a.newKey({ type: 'restricted', permissions: ['payments:read'] });
    expectError(await api(t.url, '/v1/transactions', { key: other.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
    const pk = await a.newKey({ type: 'publishable' });
    expectError(await api(t.url, '/v1/transactions', { key: pk.secret }), 403, 'RESOURCE_ACCESS_DENIED');
  });

  it('a key may be created with the spec\'s example permissions analytics:read and transactions:read', async () => {
    const res = await api(t.url, '/v1/api_keys', { key: a.key, body: { name: 'dashboard', permissions: ['analytics:read', 'transactions:read', 'payments:create', 'payments:read'] } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.permissions).toEqual(['analytics:read', 'transactions:read', 'payments:create', 'payments:read']);
    const check = await api(t.url, '/v1/auth/test', { key: res.body.secret });
    expect(check.body.permissions).toEqual(expect.arrayContaining(['analytics:read', 'transactions:read']));
  });
});

describe('GraphQL ledgerTransactions', () => {
  it('answers the same transactions, with postings and a where filter', async () => {
    const res = await gql(t.url, a.key, `{ ledgerTransactions(where: {kind: {_in: ["payment", "transfer"]}}, order_by: [{sequence: asc}]) {
      id kind resourceId sequence hash transactionHash previousHash livemode createdAt
      postings { position currency ledgerAccount owner amount address } } }`);
    expect(res.body.errors, res.text).toBeUndefined();
    const rows = res.body.data.ledgerTransactions;
    expect(rows.map((r: any) => r.kind)).toEqual(['payment', 'transfer']);
    expect(rows[0]).toMatchObject({ resourceId: paymentId, hash: paymentHash, transactionHash: paymentHash, sequence: 1, livemode: false });
    expect(rows[1].postings.map((p: any) => p.position)).toEqual([...rows[1].postings.keys()]);
    expect(rows[1].postings).toEqual(expect.arrayContaining([
      { position: expect.any(Number), currency: 'usdx', ledgerAccount: 'wallet', owner: 'counterparty', amount: '2.5', address: addressB },
    ]));
    const rest = await api(t.url, `/v1/transactions/${rows[1].id}`, { key: a.key });
    expect(rest.body.transaction_hash).toBe(rows[1].hash);

    const one = await gql(t.url, a.key, 'query($id: ID!) { ledgerTransaction(id: $id) { id kind } }', { id: rows[0].id });
    expect(one.body.data.ledgerTransaction).toEqual({ id: rows[0].id, kind: 'payment' });
    // fields shown under another name than their column's, and livemode, asked for alone
    const renamed = await gql(t.url, a.key, '{ ledgerTransactions(where: {kind: {_eq: "payment"}}) { transactionHash livemode } }');
    expect(renamed.body, renamed.text).toEqual({ data: { ledgerTransactions: [{ transactionHash: paymentHash, livemode: false }] } });
    const notMine = await gql(t.url, b.key, 'query($id: ID!) { ledgerTransaction(id: $id) { id } }', { id: rows[0].id });
    expect(notMine.body.data.ledgerTransaction).toBeNull();
  });

  it('is refused without transactions:read', async () => {
    const other = await a.newKey({ type: 'restricted', permissions: ['payments:read'] });
    const res = await gql(t.url, other.secret, '{ ledgerTransactions { id } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });
});

describe('analytics:read', () => {
  it('grants every aggregate on both doors, relation filters included, and no rows', async () => {
    const customer = await api(t.url, '/v1/customers', { key: a.key, body: { email: 'analytics@example.com' } });
    for (let i = 0; i < 2; i++) {
      const o = await api(t.url, '/v1/orders', { key: a.key, body: { ...TEA_ORDER, customer: customer.body.id } });
      expect(o.status, o.text).toBe(201);
    }
    const analyst = await a.newKey({ type: 'restricted', permissions: ['analytics:read'] });

    const orders = await api(t.url, '/v1/orders/aggregate?sum=amount', { key: analyst.secret });
    expect(orders.status, orders.text).toBe(200);
    expect(orders.body).toMatchObject({ object: 'aggregate', count: 2, sum: { amount: 1800 } });
    const payments = await api(t.url, '/v1/payments/aggregate', { key: analyst.secret });
    expect(payments.body.count).toBe(1);
    expectError(await api(t.url, '/v1/orders', { key: analyst.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await api(t.url, `/v1/customers/${customer.body.id}`, { key: analyst.secret }), 403, 'INSUFFICIENT_PERMISSIONS');

    const agg = await gql(t.url, analyst.secret, `{ ordersAggregate(where: {customer: {email: {_eq: "analytics@example.com"}}}) { count sum { amount } } }`);
    expect(agg.body.errors, agg.text).toBeUndefined();
    expect(agg.body.data.ordersAggregate).toEqual({ count: 2, sum: { amount: 1800 } });
    const rows = await gql(t.url, analyst.secret, '{ orders { id } }');
    expect(rows.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');

    // without it, an orders:read key still needs customers:read to filter on the customer
    const ordersOnly = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const refused = await gql(t.url, ordersOnly.secret, `{ ordersAggregate(where: {customer: {email: {_eq: "analytics@example.com"}}}) { count } }`);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('MCP lists the aggregate tools to an analytics:read key, and not the list tools', async () => {
    const analyst = await a.newKey({ type: 'restricted', permissions: ['analytics:read'] });
    const { client } = await connectHttp(t.url, analyst.secret);
    try {
      const names = (await client.listTools()).tools.map((x) => x.name);
      expect(names.filter((n) => n.includes('orders') && n.includes('aggregate'))).toHaveLength(1);
      expect(names.some((n) => n.includes('payments') && n.includes('aggregate'))).toBe(true);
      expect(names.some((n) => n.startsWith('orders_list') || n === 'orders_retrieve')).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('does not reach a publishable key, whatever it holds', async () => {
    const res = await api(t.url, '/v1/api_keys', { key: a.key, body: { name: 'storefront', type: 'publishable', permissions: ['analytics:read', 'products:read'] } });
    expect(res.status, res.text).toBe(201);
    // products through products:read as before; payments never (server-side), analytics or not
    expect((await api(t.url, '/v1/products/aggregate', { key: res.body.secret })).status).toBe(200);
    expectError(await api(t.url, '/v1/payments/aggregate', { key: res.body.secret }), 403, 'RESOURCE_ACCESS_DENIED');
    expectError(await api(t.url, '/v1/orders/aggregate', { key: res.body.secret }), 403, 'INSUFFICIENT_PERMISSIONS');
  });
});
