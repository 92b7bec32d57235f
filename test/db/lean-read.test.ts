// The lean read path (src/db/lean-read.ts) against Prisma itself: every argument shape it
// compiles must give exactly Prisma's rows (values, types, key order) and counts, on the
// database this run uses; every shape it does not reproduce must be left to Prisma. Then
// the doors: scalar list reads take the lean path, relation selections take Prisma's.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { api, gql, hasPostgres, startTestServer, type TestServer } from '../helpers/server.js';
import { skipping } from '../helpers/skip.js';
import { leanQueryable } from '../../src/db/pg-rows.js';
import { leanCount, leanFindById, leanFindMany, leanFindManySql, type Args } from '../../src/db/lean-read.js';
import { toPrismaOrderBy, toPrismaWhere } from '../../src/db/where.js';
import { scopedWhere } from '../../src/operations/operation.js';
import { newId } from '../../src/ids.js';
import { rng } from '../helpers/rng.js';

const ADMIN = 'admin-secret-for-lean-read-tests';
let t: TestServer;
let key: string;
let scope: { accountId: string; livemode: boolean };
let otherScope: { accountId: string; livemode: boolean };
const base = Date.parse('2026-03-01T10:00:00.000Z');

type Delegate = { findMany(args: Args): Promise<unknown[]>; findFirst(args: Args): Promise<unknown>; count(args: Args): Promise<number> };
const delegate = (model: string) =>
  (t.server.db.prisma as unknown as Record<string, Delegate>)[model[0].toLowerCase() + model.slice(1)];

/** Both paths on the same arguments: the lean one must exist and agree exactly. */
async function same(model: string, args: Args) {
  const lean = leanFindMany(t.server.db, model, args);
  expect(lean, `lean path refused ${JSON.stringify(args)}`).toBeDefined();
  const [mine, theirs] = await Promise.all([lean!, delegate(model).findMany(args)]);
  expect(mine).toEqual(theirs); // values and types (Date, objects)
  expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs)); // key order and serialization
  const count = leanCount(t.server.db, model, args.where);
  expect(count).toBeDefined();
  expect(await count!).toBe(await delegate(model).count({ where: args.where }));
  return mine;
}

const ORDER_BY = [{ createdAt: 'desc' }, { id: 'desc' }];
const orders = (exp: unknown, extra: Args = {}): Args => ({
  where: scopedWhere(scope, toPrismaWhere('Order', exp)), orderBy: ORDER_BY, take: 100, ...extra,
});

beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN });
  const a = await t.newAccount();
  const b = await t.newAccount();
  key = a.key;
  scope = { accountId: a.accountId, livemode: false };
  otherScope = { accountId: b.accountId, livemode: false };
  const prisma = t.server.db.prisma;
  const customers = [
    { email: 'ann@example.com', name: 'Ann', phone: null, metadata: { tier: 'gold' } },
    { email: null, name: 'Bob_%', phone: '555-0100', metadata: {} },
    { email: 'CARL@Example.com', name: null, phone: null, metadata: { tags: ['a', 'b'], n: 1.5 } },
  ];
  const customerIds: string[] = [];
  for (const [i, c] of customers.entries()) {
    const id = newId('cus');
    customerIds.push(id);
    await prisma.customer.create({ data: { id, accountId: a.accountId, livemode: false, ...c, createdAt: new Date(base + i * 1000) } });
  }
  await prisma.product.create({ data: { id: newId('prod'), accountId: a.accountId, livemode: false, name: 'Tea', description: null, sku: 'T-1', price: 450, currency: 'usd', active: true } });
  await prisma.product.create({ data: { id: newId('prod'), accountId: a.accountId, livemode: false, name: 'Cup 100%', description: 'A cup', sku: null, price: 1200, currency: 'eur', active: false, metadata: { color: 'blue' } } });
  const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
  const tracking = [null, 'TRK_1', 'trk%2', 'ABC', 'abc', null, 'x\\y'];
  for (let i = 0; i < 24; i++) {
    const id = newId('ord', base + i);
    // some orders share a created time: the id breaks the tie
    const createdAt = new Date(base + Math.floor(i / 2) * 60_000);
    const items = Array.from({ length: i % 4 }, (_, k) => ({
      id: newId('li'), name: k % 2 ? 'Cake' : 'Tea', quantity: k + 1, unitAmount: 450, amount: 450 * (k + 1), position: k,
    }));
    await prisma.order.create({
      data: {
        id, accountId: a.accountId, livemode: i % 7 === 6, status: statuses[i % 5], currency: i % 3 ? 'usd' : 'eur',
        amount: 100 * ((i * 37) % 23), metadata: i % 2 ? { source: 'web', n: i, nested: { ok: true } } : {},
        customerId: i % 4 === 3 ? null : customerIds[i % 3], trackingNumber: tracking[i % tracking.length],
        shippingCarrier: i % 5 === 2 ? 'ups' : null, fulfilledAt: i % 3 === 0 ? new Date(base + i * 3_600_000) : null,
        cancelledAt: null, createdAt, items: { create: items },
      },
    });
  }
  // the other account: never in scope
  await prisma.order.create({ data: { id: newId('ord'), accountId: b.accountId, livemode: false, status: 'pending', currency: 'usd', amount: 700 } });
});

afterAll(async () => {
  await t?.stop();
});

describe('lean reads give exactly what Prisma gives', () => {
  it('the schema maps no model or field to another name (the lean SQL uses model and field names)', () => {
    const schema = readFileSync(new URL('../../prisma/schema.prisma', import.meta.url), 'utf8');
    expect(schema).not.toMatch(/@map\(|@@map\(|@@schema\(/);
  });

  it('qualifies tables with the PostgreSQL schema, as Prisma does, whatever the search_path', () => {
    const sql = leanFindManySql('Order', orders({ status: { _eq: 'pending' } }));
    expect(sql).toMatch(/ FROM "public"\."Order" WHERE /);
  });

  const comparisons: Array<[string, unknown]> = [
    ['no filter', undefined],
    ['_eq on text', { status: { _eq: 'pending' } }],
    ['_neq on a nullable text (NULLs excluded, as in SQL)', { trackingNumber: { _neq: 'ABC' } }],
    ['_ne on a required text', { status: { _ne: 'cancelled' } }],
    ['_gt/_lte on an int', { amount: { _gt: 300, _lte: 1500 } }],
    ['_gte on a date', { createdAt: { _gte: new Date(base + 5 * 60_000) } }],
    ['_lt on a nullable date', { fulfilledAt: { _lt: new Date(base + 10 * 3_600_000) } }],
    ['_in', { status: { _in: ['pending', 'shipped'] } }],
    ['_in empty', { status: { _in: [] } }],
    ['_nin on a nullable text', { trackingNumber: { _nin: ['ABC', 'TRK_1'] } }],
    ['_nin empty', { status: { _nin: [] } }],
    ['_like prefix', { trackingNumber: { _like: 'TRK%' } }],
    ['_like with an escaped underscore', { trackingNumber: { _like: 'TRK\\_%' } }],
    ['_like with an escaped percent', { trackingNumber: { _like: '%\\%2' } }],
    ['_like infix', { trackingNumber: { _like: '%B%' } }],
    ['_like literal', { trackingNumber: { _like: 'ABC' } }],
    ['_like a literal backslash', { trackingNumber: { _like: 'x\\\\y' } }],
    ['_like %', { trackingNumber: { _like: '%' } }],
    ['_ilike literal', { trackingNumber: { _ilike: 'abc' } }],
    ['_ilike suffix', { trackingNumber: { _ilike: '%\\_1' } }],
    ['_ilike prefix', { trackingNumber: { _ilike: 'tr%' } }],
    ['_is_null true on a nullable field', { shippingCarrier: { _is_null: true } }],
    ['_is_null false on a nullable field', { shippingCarrier: { _is_null: false } }],
    ['_is_null true on a required field', { status: { _is_null: true } }],
    ['_is_null false on a required field', { status: { _is_null: false } }],
    ['_and', { _and: [{ status: { _eq: 'pending' } }, { currency: { _eq: 'usd' } }] }],
    ['_or', { _or: [{ status: { _eq: 'pending' } }, { amount: { _gte: 1500 } }] }],
    ['_or empty (false)', { _or: [] }],
    ['_and empty (true)', { _and: [] }],
    ['_not', { _not: { status: { _eq: 'pending' } } }],
    ['_not over a nullable comparison (NULL stays excluded)', { _not: { trackingNumber: { _eq: 'ABC' } } }],
    ['_not of _or of _and', { _not: { _or: [{ _and: [{ status: { _eq: 'shipped' } }, { amount: { _lt: 900 } }] }, { currency: { _eq: 'eur' } }] } }],
    ['several fields at one level', { status: { _in: ['pending', 'processing'] }, currency: { _eq: 'usd' }, amount: { _gte: 0 } }],
    ['no row matches', { currency: { _eq: 'no-such-currency' } }],
    ['a list relation: some item with quantity >= 2', { items: { quantity: { _gte: 2 } } }],
    ['a list relation, empty: has an item', { items: {} }],
    ['a to-one relation: the customer\'s email', { customer: { email: { _ilike: '%example%' } } }],
    ['a to-one relation, empty: has a customer', { customer: {} }],
    ['relations under _not and _or', { _or: [{ _not: { items: { name: { _eq: 'Cake' } } } }, { customer: { name: { _is_null: true } } }] }],
    ['relations nested: an item whose product is active', { items: { product: { active: { _eq: true } } } }],
    ['a relation beside scalar conditions', { status: { _in: ['pending', 'shipped'] }, items: { unitAmount: { _gt: 300 } }, customer: { id: { _is_null: false } } }],
  ];
  for (const [name, exp] of comparisons) {
    it(`where: ${name}`, async () => {
      await same('Order', orders(exp));
    });
  }

  it('keeps to the scope: another account and the other mode never appear', async () => {
    const rows = await same('Order', orders(undefined));
    expect(rows.length).toBe(21); // 24 orders, 3 of them live
    const other = await same('Order', { where: scopedWhere(otherScope), orderBy: ORDER_BY });
    expect(other.length).toBe(1);
  });

  const orderings: Array<[string, unknown]> = [
    ['amount asc (id tiebreaker)', { amount: 'asc' }],
    ['nullable date desc_nulls_last', { fulfilledAt: 'desc_nulls_last' }],
    ['nullable date asc_nulls_first', { fulfilledAt: 'asc_nulls_first' }],
    ['nullable text desc (default nulls)', { trackingNumber: 'desc' }],
    ['two keys', [{ status: 'asc' }, { createdAt: 'desc' }]],
  ];
  for (const [name, spec] of orderings) {
    it(`order_by: ${name}`, async () => {
      await same('Order', { ...orders(undefined), orderBy: toPrismaOrderBy('Order', spec) });
    });
  }

  it('limit and offset, including zero rows and past the end', async () => {
    for (const [take, skip] of [[5, 0], [5, 5], [0, 0], [10, 18], [3, 100]]) await same('Order', orders(undefined, { take, skip }));
  });

  it('select of some scalar fields (as the GraphQL door narrows it), JSON and dates included', async () => {
    await same('Order', orders({ status: { _eq: 'pending' } }, { select: { id: true, status: true, amount: true, createdAt: true } }));
    await same('Order', orders(undefined, { select: { id: true, metadata: true, fulfilledAt: true, trackingNumber: true, livemode: false } }));
  });

  it('include of a list relation with its order (the REST door: orders with their items)', async () => {
    const rows = await same('Order', orders(undefined, { include: { items: { orderBy: { position: 'asc' } } } }));
    expect(rows.some((r) => (r.items as unknown[]).length === 3)).toBe(true);
    expect(rows.some((r) => (r.items as unknown[]).length === 0)).toBe(true);
  });

  it('relations in the same statement: to-one and list relations, nested, with order, filter, limit and offset, in select or include', async () => {
    const items = { orderBy: { position: 'asc' } };
    const shapes: Args[] = [
      { select: { id: true, items } },
      { select: { id: true, status: true, customer: true } },
      { select: { customer: { select: { email: true, metadata: true } }, id: true, amount: true } },
      { include: { customer: true, items: { ...items, take: 2 } } },
      { include: { items: { ...items, take: 100, skip: 1 } } },
      { include: { items: { ...items, where: { quantity: { gte: 2 } } } } },
      { include: { items: { orderBy: [{ amount: 'desc' }, { id: 'asc' }], include: { product: true } } } },
      { select: { id: true, items: { ...items, select: { id: true, name: true, product: { select: { name: true, metadata: true, active: true } } } } } },
      { select: { id: true, customer: { include: { orders: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 3, include: { items } } } } } },
    ];
    for (const shape of shapes) {
      const rows = await same('Order', orders(undefined, shape));
      expect(rows.length).toBeGreaterThan(0);
    }
    const withCustomer = await same('Order', orders(undefined, { include: { customer: true } }));
    expect(withCustomer.some((r) => r.customer === null)).toBe(true);
    expect(withCustomer.some((r) => r.customer !== null)).toBe(true);
    const customers = { where: scopedWhere(scope), orderBy: ORDER_BY };
    await same('Customer', { ...customers, select: { id: true, orders: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 2, select: { id: true, items } } } });
  });

  it('differential: 200 seeded random shapes (nesting, selections, relation filters, orders, limits) agree with Prisma', async () => {
    const random = rng(20261124);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const SCALARS: Record<string, string[]> = {
      Order: ['id', 'status', 'amount', 'currency', 'metadata', 'createdAt', 'fulfilledAt', 'trackingNumber', 'customerId', 'livemode'],
      OrderItem: ['id', 'name', 'quantity', 'unitAmount', 'amount', 'position', 'orderId', 'productId'],
      Customer: ['id', 'email', 'name', 'phone', 'metadata', 'createdAt'],
      Product: ['id', 'name', 'description', 'sku', 'price', 'currency', 'active', 'metadata'],
    };
    const RELATIONS: Record<string, Array<[string, string, 'many' | 'one']>> = {
      Order: [['items', 'OrderItem', 'many'], ['customer', 'Customer', 'one']],
      OrderItem: [['product', 'Product', 'one'], ['order', 'Order', 'one']],
      Customer: [['orders', 'Order', 'many']],
      Product: [['orderItems', 'OrderItem', 'many']],
    };
    const FILTERS: Record<string, unknown[]> = {
      Order: [{ status: 'pending' }, { amount: { lt: 1200 } }, { OR: [{ currency: 'eur' }, { trackingNumber: null }] },
        { items: { some: { quantity: { gte: 2 } } } }, { customer: { is: { email: { contains: 'example', mode: 'insensitive' } } } }],
      OrderItem: [{ quantity: { gte: 2 } }, { name: 'Cake' }, { NOT: { position: 0 } }, { product: { is: { active: true } } }],
      Customer: [{ email: { contains: 'example', mode: 'insensitive' } }, { orders: { some: { status: 'pending' } } }],
      Product: [{ active: true }, { orderItems: { some: { order: { is: { currency: 'usd' } } } } }],
    };
    const ORDERABLE: Record<string, string[]> = {
      Order: ['createdAt', 'amount', 'status'], OrderItem: ['position', 'quantity', 'name'], Customer: ['createdAt', 'name'], Product: ['price', 'name'],
    };
    const shape = (model: string, depth: number): Args => {
      const relations: Record<string, unknown> = {};
      if (depth < 3) {
        for (const [name, target, kind] of RELATIONS[model]) {
          if (random() < 0.45) relations[name] = relationSpec(target, kind, depth + 1);
        }
      }
      if (random() < 0.5) return Object.keys(relations).length ? { include: relations } : {};
      const select: Record<string, unknown> = {};
      for (const f of SCALARS[model]) if (random() < 0.4) select[f] = true;
      if (Object.keys(select).length === 0) select.id = true;
      return { select: { ...select, ...relations } };
    };
    const relationSpec = (model: string, kind: 'many' | 'one', depth: number): unknown => {
      const inner = shape(model, depth);
      if (kind === 'one') return Object.keys(inner).length || random() < 0.5 ? inner : true;
      const spec: Args = { ...inner, orderBy: [{ [pick(ORDERABLE[model])]: pick(['asc', 'desc']) }, { id: 'asc' }] };
      if (random() < 0.4) spec.take = Math.floor(random() * 4);
      if (random() < 0.25) spec.skip = Math.floor(random() * 3);
      if (random() < 0.35) spec.where = pick(FILTERS[model]);
      return spec;
    };
    let withRelations = 0;
    for (let n = 0; n < 200; n++) {
      const args: Args = {
        ...shape('Order', 0),
        where: random() < 0.5 ? scopedWhere(scope) : scopedWhere(scope, pick(FILTERS.Order) as Record<string, unknown>),
        orderBy: [{ [pick(ORDERABLE.Order)]: pick(['asc', 'desc']) }, { id: 'desc' }],
        take: 1 + Math.floor(random() * 12),
        ...(random() < 0.3 ? { skip: Math.floor(random() * 5) } : {}),
      };
      if (JSON.stringify(args).match(/"(items|customer|product|order|orders|orderItems)"/)) withRelations++;
      await same('Order', args);
    }
    expect(withRelations).toBeGreaterThan(100);
  });

  it('every to-one relation of the schema points at its target\'s id (the lean path joins on it)', () => {
    const schema = readFileSync(new URL('../../prisma/schema.prisma', import.meta.url), 'utf8');
    const references = [...schema.matchAll(/@relation\([^)]*references:\s*\[([^\]]*)\]/g)].map((m) => m[1].trim());
    expect(references.length).toBeGreaterThan(10);
    expect(references.filter((r) => r !== 'id')).toEqual([]);
  });

  it('customers and products: nullable text, JSON, booleans', async () => {
    const customers = (exp: unknown) => ({ where: scopedWhere(scope, toPrismaWhere('Customer', exp)), orderBy: ORDER_BY });
    await same('Customer', customers(undefined));
    await same('Customer', customers({ email: { _ilike: '%example.com' } }));
    await same('Customer', customers({ _or: [{ email: { _is_null: true } }, { name: { _like: 'Bob\\_%' } }] }));
    await same('Customer', { ...customers(undefined), include: { orders: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } } });
    const products = (exp: unknown) => ({ where: scopedWhere(scope, toPrismaWhere('Product', exp)), orderBy: ORDER_BY });
    await same('Product', products({ active: { _eq: false } }));
    await same('Product', products({ name: { _like: '%\\%' } }));
    await same('Product', products({ sku: { _is_null: true }, price: { _gte: 100 } }));
  });

  it('one row by id (REST retrieve, GraphQL order(id)): found, in another scope, unknown; with items or a select', async () => {
    const [some] = await delegate('Order').findMany({ ...orders(undefined), take: 1 }) as Array<{ id: string }>;
    const [theirs] = await delegate('Order').findMany({ where: scopedWhere(otherScope), orderBy: ORDER_BY }) as Array<{ id: string }>;
    const shapes: Args[] = [{}, { include: { items: { orderBy: { position: 'asc' } } } }, { select: { id: true, amount: true, createdAt: true, metadata: true } }];
    for (const id of [some.id, theirs.id, 'ord_unknown']) {
      for (const shape of shapes) {
        const where = scopedWhere(scope, { id });
        const lean = leanFindById(t.server.db, 'Order', where, shape);
        expect(lean).toBeDefined();
        const [mine, prismas] = await Promise.all([lean!, delegate('Order').findFirst({ where, ...shape })]);
        expect(mine).toEqual(prismas);
        expect(JSON.stringify(mine)).toBe(JSON.stringify(prismas));
        if (id !== some.id) expect(mine).toBeNull();
      }
    }
    expect(leanFindById(t.server.db, 'Order', scopedWhere(scope, { id: some.id }), { include: { customer: true, account: { select: { id: true, plan: true } } } })).toBeDefined();
  });

  it('REST keyset conditions (cursor pages) compile and agree', async () => {
    const [pivot] = await delegate('Order').findMany({ ...orders(undefined), skip: 7, take: 1 }) as Array<{ createdAt: Date; id: string }>;
    const keyset = { OR: [{ AND: [{ createdAt: { lt: pivot.createdAt } }] }, { AND: [{ createdAt: pivot.createdAt }, { id: { lt: pivot.id } }] }] };
    await same('Order', { where: { AND: [scopedWhere(scope), keyset] }, orderBy: ORDER_BY, take: 6 });
  });

  it('the REST search condition (escaped, case-insensitive contains over text fields) agrees', async () => {
    const search = { OR: ['status', 'currency', 'trackingNumber'].map((f) => ({ [f]: { contains: 'trk\\%', mode: 'insensitive' } })) };
    await same('Order', { where: { AND: [scopedWhere(scope), search] }, orderBy: ORDER_BY });
  });
});

describe('shapes the lean path leaves to Prisma', () => {
  const refused: Array<[string, () => Args]> = [
    ['a list relation condition other than some (every)', () => ({ where: { items: { every: { quantity: { gte: 2 } } } }, orderBy: ORDER_BY })],
    ['a to-one relation condition other than is (isNot)', () => ({ where: { customer: { isNot: { email: 'ann@example.com' } } }, orderBy: ORDER_BY })],
    ['a to-one relation condition written without is', () => ({ where: { customer: { email: 'ann@example.com' } }, orderBy: ORDER_BY })],
    ['a JSON filter', () => orders({ metadata: { _contains: { source: 'web' } } })],
    ['ordering through a relation', () => ({ ...orders(undefined), orderBy: toPrismaOrderBy('Order', { customer: { email: 'asc' } }) })],
    ['a list include without an order', () => orders(undefined, { include: { items: true } })],
    ['a list relation without an order in a select', () => orders(undefined, { select: { id: true, items: true } })],
    ['a relation count', () => orders(undefined, { select: { id: true, _count: true } })],
    ['a filter on a to-one relation', () => orders(undefined, { include: { customer: { where: { email: 'x' } } } })],
    ['a cursor inside a list relation', () => orders(undefined, { include: { items: { orderBy: { position: 'asc' }, cursor: { id: 'x' } } } })],
    ['no orderBy (Prisma picks the order)', () => ({ where: scopedWhere(scope) })],
    ['an empty condition inside OR', () => ({ where: { OR: [{}, { status: 'pending' }] }, orderBy: ORDER_BY })],
    ['a cursor argument', () => ({ ...orders(undefined), cursor: { id: 'x' } })],
    ['a negative take', () => orders(undefined, { take: -5 })],
    ['nulls placement on a required field (Prisma refuses it)', () => ({ ...orders(undefined), orderBy: [{ amount: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }] })],
    ['a case-insensitive comparison on a number', () => ({ where: { amount: { equals: 5, mode: 'insensitive' } }, orderBy: ORDER_BY })],
  ];
  for (const [name, args] of refused) {
    it(name, async () => {
      const a = args();
      const before = t.server.db.readPaths.prisma;
      expect(leanFindMany(t.server.db, 'Order', a)).toBeUndefined();
      expect(t.server.db.readPaths.prisma).toBe(before + 1);
      expect(leanFindManySql('Order', a)).toBeUndefined();
    });
  }
});

describe('the doors use the lean path', () => {
  /** the statements one request sends (the key cached by a first request; the fewest of 3 tries, other work aside) */
  async function statements(run: () => Promise<unknown>): Promise<number> {
    await run();
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const before = t.server.db.queryCount();
      await run();
      best = Math.min(best, t.server.db.queryCount() - before);
    }
    return best;
  }

  it('GraphQL: scalar and nested relation selections are lean, a root field in one statement; /metrics counts both paths', async () => {
    const db = t.server.db;
    const lean0 = db.readPaths.lean;
    const r = await gql(t.url, key, '{ orders(where: {status: {_eq: "pending"}}, limit: 3) { id status amount createdAt metadata } }');
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.orders).toHaveLength(3);
    expect(db.readPaths.lean).toBe(lean0 + 1);
    const nested = '{ orders(limit: 3) { id items { name position product { name } } customer { email orders { id } } } }';
    const lean1 = db.readPaths.lean;
    const withItems = await gql(t.url, key, nested);
    expect(withItems.body.errors).toBeUndefined();
    expect(db.readPaths.lean).toBe(lean1 + 1);
    expect(await statements(() => gql(t.url, key, nested))).toBe(1);
    // a relation filter in where is lean too (EXISTS), in the same one statement
    const lean2 = db.readPaths.lean;
    const byRelation = '{ orders(where: {status: {_in: ["pending", "shipped"]}, items: {quantity: {_gte: 2}}}, limit: 3) { id } }';
    const filtered = await gql(t.url, key, byRelation);
    expect(filtered.body.errors).toBeUndefined();
    expect(filtered.body.data.orders.length).toBeGreaterThan(0);
    expect(db.readPaths.lean).toBe(lean2 + 1);
    expect(await statements(() => gql(t.url, key, byRelation))).toBe(1);
    // a shape it does not compile is left to Prisma, and counted (a JSON filter)
    const prisma0 = db.readPaths.prisma;
    const json = await gql(t.url, key, '{ orders(where: {metadata: {_contains: {source: "web"}}}, limit: 3) { id } }');
    expect(json.body.errors).toBeUndefined();
    expect(db.readPaths.prisma).toBe(prisma0 + 1);
    const metrics = await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
    expect(metrics.text).toMatch(new RegExp(`db_list_reads_total\\{path="lean"\\} ${db.readPaths.lean}\\b`));
    expect(metrics.text).toMatch(new RegExp(`db_list_reads_total\\{path="prisma"\\} ${db.readPaths.prisma}\\b`));
  });

  it('GraphQL relations of lean rows (read off the row) answer as Pothos answers rows Prisma loaded', async () => {
    const db = t.server.db;
    const selection = '{ id a: items { name } b: items { quantity unitAmount name } customer { id email } __typename }';
    const lean0 = db.readPaths.lean;
    const lean = await gql(t.url, key, `{ orders(limit: 30) ${selection} }`);
    expect(lean.body.errors).toBeUndefined();
    expect(db.readPaths.lean).toBe(lean0 + 1);
    // the same rows through Prisma (a JSON filter the lean read leaves to it), resolved by Pothos
    const prisma0 = db.readPaths.prisma;
    const viaPrisma = await gql(t.url, key, `{ orders(where: {_not: {metadata: {_has_key: "no-such-key"}}}, limit: 30) ${selection} }`);
    expect(viaPrisma.body.errors).toBeUndefined();
    expect(db.readPaths.prisma).toBe(prisma0 + 1);
    expect(lean.body.data.orders.length).toBeGreaterThan(5);
    expect(lean.body.data.orders.some((o: { a: unknown[]; customer: unknown }) => o.a.length > 0 && o.customer !== null)).toBe(true);
    expect(lean.body.data).toEqual(viaPrisma.body.data);
  });

  it('by id: REST retrieve and GraphQL order(id), with or without relations, are lean and agree', async () => {
    const db = t.server.db;
    const id = (await api(t.url, '/v1/orders?limit=1', { key })).body.data[0].id as string;
    const lean0 = db.readPaths.lean;
    const rest = await api(t.url, `/v1/orders/${id}`, { key });
    expect(rest.status).toBe(200);
    expect(rest.body.id).toBe(id);
    const one = await gql(t.url, key, 'query O($id: ID!) { order(id: $id) { id amount createdAt } }', { id });
    expect(one.body.data.order.id).toBe(id);
    expect(one.body.data.order.amount).toBe(rest.body.amount);
    expect(Math.floor(Date.parse(one.body.data.order.createdAt) / 1000)).toBe(rest.body.created);
    expect(db.readPaths.lean).toBe(lean0 + 2);
    const withItems = await gql(t.url, key, 'query O($id: ID!) { order(id: $id) { id items { name } } }', { id });
    expect(withItems.body.data.order.items.map((i: { name: string }) => i.name)).toEqual(rest.body.items.map((i: { name: string }) => i.name));
    expect(db.readPaths.lean).toBe(lean0 + 3);
    const missing = await api(t.url, '/v1/orders/ord_00000000000000000000000000', { key });
    expect(missing.status).toBe(404);
  });

  it('REST: a list with its items, and with expand[]=customer, is one lean statement; both carry the same items', async () => {
    const db = t.server.db;
    const lean0 = db.readPaths.lean;
    const plain = await api(t.url, '/v1/orders?limit=20', { key });
    expect(plain.status).toBe(200);
    expect(db.readPaths.lean).toBe(lean0 + 1);
    const expanded = await api(t.url, '/v1/orders?limit=20&expand[]=customer', { key });
    expect(expanded.status).toBe(200);
    expect(expanded.body.data.some((o: { customer: unknown }) => typeof o.customer === 'object' && o.customer !== null)).toBe(true);
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ customer: _c, ...rest }) => rest);
    expect(strip(expanded.body.data)).toEqual(strip(plain.body.data));
    expect(plain.body.pagination.total_count).toBe(21);
  });

  it('REST: the page, its items and total_count are one statement; an empty page still has its exact total', async () => {
    // page + items + count: one round trip (the count an InitPlan of the page's statement)
    expect(await statements(() => api(t.url, '/v1/orders?limit=5&status=pending', { key }))).toBe(1);
    expect(await statements(() => api(t.url, '/v1/orders?limit=5&expand[]=customer', { key }))).toBe(1);
    const all = (await api(t.url, '/v1/orders?limit=100', { key })).body;
    const pending = all.data.filter((o: { status: string }) => o.status === 'pending').length;
    const page = (await api(t.url, '/v1/orders?limit=5&status=pending', { key })).body;
    expect(page.pagination.total_count).toBe(pending);
    expect(page.pagination.page_count).toBe(Math.max(1, Math.ceil(pending / 5)));
    // past the end: no row to carry the total, counted apart, still exact
    const past = (await api(t.url, '/v1/orders?limit=5&offset=90', { key })).body;
    expect(past.data).toEqual([]);
    expect(past.pagination.total_count).toBe(21);
    // a filter matching nothing: 0 without a second statement
    const none = await api(t.url, '/v1/orders?limit=5&status=refunded&currency=jpy', { key });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.total_count).toBe(0);
    expect(await statements(() => api(t.url, '/v1/orders?limit=5&status=refunded&currency=jpy', { key }))).toBe(1);
    // a cursor page: its total is the filter's, not the rest after the cursor
    const first = (await api(t.url, '/v1/orders?limit=5', { key })).body;
    const second = (await api(t.url, `/v1/orders?limit=5&cursor=${encodeURIComponent(first.pagination.next_cursor)}`, { key })).body;
    expect(second.pagination.total_count).toBe(21);
    expect(second.pagination.current_page).toBe(2);
  });
});

describe.skipIf(skipping(!hasPostgres, 'prepared lean reads: DATABASE_URL (PostgreSQL) is not set'))('lean reads as prepared statements (PostgreSQL)', () => {
  const prepared = (client: pg.Pool) => client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');

  it('runs a text named from its second use on, or unnamed when told not to', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const counter = { n: 0 };
      const text = `SELECT $1::int + ${process.pid} AS n /* ${Date.now()} */`;
      const plain = leanQueryable(pool, counter);
      expect(await plain.query({ sql: text, args: [1] })).toEqual([[1 + process.pid]]);
      await plain.query({ sql: text, args: [1] });
      expect((await prepared(pool)).rows.some((r) => r.statement === text)).toBe(false);
      const named = leanQueryable(pool, counter, { prepared: true });
      expect(await named.query({ sql: text, args: [2] })).toEqual([[2 + process.pid]]);
      expect((await prepared(pool)).rows.some((r) => r.statement === text)).toBe(false); // one use: unnamed
      for (const n of [3, 4, 5]) expect(await named.query({ sql: text, args: [n] })).toEqual([[n + process.pid]]);
      const rows = (await prepared(pool)).rows.filter((r) => r.statement === text);
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toMatch(/^lean_\d+$/);
      expect(counter.n).toBe(6);
    } finally {
      await pool.end();
    }
  });

  it("the server's list reads are prepared on its connections and answer as before", async () => {
    const query = '{ orders(where: {status: {_eq: "pending"}}, limit: 3) { id status } }';
    const first = await gql(t.url, key, query);
    for (let i = 0; i < 3; i++) expect((await gql(t.url, key, query)).body).toEqual(first.body);
    const text = leanFindManySql('Order', { ...orders({ status: { _eq: 'pending' } }), take: 3, select: { id: true, status: true } });
    expect(text).toBeDefined();
    // every connection of the pool at once: the one that ran the reads is among them
    const sql = t.server.db.sql();
    const seen = await Promise.all(Array.from({ length: 20 }, () => sql.query({ sql: 'SELECT statement FROM pg_prepared_statements', args: [] })));
    expect(seen.flat(2)).toContain(text);
  });

  it('DATABASE_PREPARED_STATEMENTS=false: the same reads run unnamed', async () => {
    const other = await startTestServer({ DATABASE_PREPARED_STATEMENTS: 'false' });
    try {
      const account = await other.newAccount();
      const query = '{ orders(where: {status: {_eq: "shipped"}}, limit: 2) { id status } }';
      for (let i = 0; i < 3; i++) expect((await gql(other.url, account.key, query)).body).toEqual({ data: { orders: [] } });
      const sql = other.server.db.sql();
      const seen = await Promise.all(Array.from({ length: 20 }, () => sql.query({ sql: 'SELECT statement FROM pg_prepared_statements', args: [] })));
      expect(seen.flat(2).filter((s) => String(s).includes('"Order"'))).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});
