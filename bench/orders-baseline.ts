// The raw-pg baseline of the order benchmark (bench/orders.ts): the least a server can do to
// create an order with its stock reservation, sending the same SQL statements as our server
// sends for POST /v1/orders (seen through the pg driver; bench/orders.ts lists both). node:http,
// one pg Pool of the same size as our server's, no framework. Per request:
//
//   the API key: SHA-256 of the bearer token, looked up by hash with its account (cached for
//   2 s with one shared lookup in flight per key, as src/auth/keys.ts KeyAuthenticator does)
//   then one transaction on one connection, one statement per round trip, in our order:
//   BEGIN
//   SELECT the order's products (account, mode, id IN (...)), the columns a line needs
//   INSERT INTO "Order" and "OrderItem" in one statement (a data-modifying WITH), nothing read
//     back: every value is known (src/modules/orders/operations.ts createOrder, the same text)
//   the reservation: one statement, the items locked in id order, counters, holds and
//     movements written only when every line has enough (src/modules/inventory/stock.ts
//     reserveForOrder, the same text)
//   INSERT INTO "Event" (order.created and each item's inventory.updated) with their webhook
//     deliveries, answering the deliveries per event, one statement (src/events/outbox.ts, the
//     same text; the benchmark account has no endpoints)
//   COMMIT (its own round trip here; ours sends it with the statement before: src/db/lazy-begin.ts)
//
// No Idempotency-Key (the benchmark sends none to either server). POST /v1/orders
// {currency, items: [{product, quantity}]} -> 201 the order in the REST representation (the
// same fields as ours). The server starts only in the child (BENCH_ORDERS_ROLE=baseline);
// bench/orders.ts imports baselineOrder() for its breakdown.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { announceReady, failStartup } from './child.js';
import { ID_PREFIX, newId } from '../src/ids.js';
import { eventsStatement } from '../src/events/outbox.js';
import { patternsMatching } from '../src/events/types.js';
import { send, readBody } from './http-util.js';

const apiVersion = process.env.API_VERSION || '2026-11-01';
const KEY_TTL_MS = 2000;
const DEFAULT_LOCATION = 'default';

/** statements sent (BEGIN not counted, as db.queryCount() does not count ours) */
export const counters = { queries: 0 };

export class Refused extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: Record<string, unknown> = {}, readonly param?: string) {
    super(message);
  }
}

type Queryable = pg.Pool | pg.PoolClient;

async function q<R extends pg.QueryResultRow>(c: Queryable, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  if (text !== 'BEGIN') counters.queries++;
  return c.query<R>(text, values);
}

// ---------------------------------------------------------------- the API key

interface Principal { keyId: string; accountId: string; livemode: boolean; permissions: string[] }
interface KeyEntry { principal?: Principal; error?: Refused; until: number }

const keys = new Map<string, KeyEntry>();
const keysInFlight = new Map<string, Promise<KeyEntry>>();

async function lookupKey(pool: pg.Pool, hash: string): Promise<KeyEntry> {
  const until = Date.now() + KEY_TTL_MS;
  const row = (await q<{ id: string; accountId: string; mode: string; permissions: string[]; revokedAt: Date | null; expiresAt: Date | null; status: string }>(pool,
    `SELECT k."id", k."accountId", k."mode", k."permissions", k."revokedAt", k."expiresAt", a."status"
     FROM "ApiKey" k JOIN "Account" a ON a."id" = k."accountId" WHERE k."hash" = $1`, [hash])).rows[0];
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return { error: new Refused(401, 'INVALID_API_KEY', 'Invalid API key provided'), until };
  if (row.status !== 'active') return { error: new Refused(401, 'INACTIVE_ACCOUNT', 'The account of this API key is not active'), until };
  return { principal: { keyId: row.id, accountId: row.accountId, livemode: row.mode === 'live', permissions: row.permissions }, until };
}

export async function authenticate(pool: pg.Pool, header: string | undefined): Promise<Principal> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) throw new Refused(401, 'MISSING_API_KEY', 'Send Authorization: Bearer <API key>');
  const hash = createHash('sha256').update(token).digest('hex');
  let entry = keys.get(hash);
  if (!entry || entry.until < Date.now()) {
    let pending = keysInFlight.get(hash);
    if (!pending) {
      pending = lookupKey(pool, hash).then((e) => { keys.set(hash, e); return e; }).finally(() => keysInFlight.delete(hash));
      keysInFlight.set(hash, pending);
    }
    entry = await pending;
  }
  if (entry.error) throw entry.error;
  const p = entry.principal!;
  if (!p.permissions.some((x) => x === '*' || x === 'orders:*' || x === 'orders:create' || x === 'orders:write' || x === '*:write')) {
    throw new Refused(403, 'INSUFFICIENT_PERMISSIONS', 'This key may not create orders');
  }
  return p;
}

// ---------------------------------------------------------------- the order

interface ProductRow { id: string; name: string; price: number; currency: string }
interface OrderRow {
  id: string; accountId: string; livemode: boolean; customerId: string | null; status: string; currency: string; amount: number; metadata: unknown;
  shippingCarrier: string | null; trackingNumber: string | null; cancellationReason: string | null; fulfilledAt: Date | null; deliveredAt: Date | null;
  cancelledAt: Date | null; onHold: boolean; holdReason: string | null; heldAt: Date | null; createdAt: Date; updatedAt: Date;
}
interface ItemRow { id: string; orderId: string; productId: string | null; name: string; quantity: number; unitAmount: number; amount: number; position: number }

const INVENTORY_COLUMNS = ['id', 'accountId', 'livemode', 'productId', 'location', 'onHand', 'reserved', 'allocated', 'available', 'lowStockThreshold', 'createdAt', 'updatedAt'];

/** reserveForOrder's statement (src/modules/inventory/stock.ts), the same text */
export const RESERVE_SQL = `WITH want AS (
       SELECT * FROM json_to_recordset($3::json) AS w(product text, quantity int, hold text, movement text)
     ), locked AS MATERIALIZED (
       SELECT i."id", i."productId", i."available" FROM "InventoryItem" i JOIN want w ON w.product = i."productId"
       WHERE i."accountId" = $1 AND i."livemode" = $2 AND i."location" = '${DEFAULT_LOCATION}'
       ORDER BY i."id" FOR UPDATE OF i
     ), short AS MATERIALIZED (
       SELECT l."productId" AS product, l."available", w.quantity FROM locked l JOIN want w ON w.product = l."productId" WHERE l."available" < w.quantity
     ), upd AS (
       UPDATE "InventoryItem" i SET "reserved" = i."reserved" + w.quantity, "available" = i."available" - w.quantity, "updatedAt" = now()
       FROM locked l JOIN want w ON w.product = l."productId"
       WHERE i."id" = l."id" AND NOT EXISTS (SELECT 1 FROM short)
       RETURNING ${INVENTORY_COLUMNS.map((c) => `i."${c}"`).join(', ')}, w.quantity AS "moved", w.hold, w.movement
     ), h AS (
       INSERT INTO "InventoryHold" ("id", "inventoryItemId", "orderId", "reserved", "allocated", "createdAt", "updatedAt")
       SELECT u.hold, u."id", $4, u."moved", 0, now(), now() FROM upd u
     ), m AS (
       INSERT INTO "InventoryMovement" ("id", "accountId", "livemode", "inventoryItemId", "kind", "reservedDelta", "reason", "orderId", "createdAt")
       SELECT u.movement, $1, $2, u."id", 'reserve', u."moved", 'order created', $4, now() FROM upd u
     )
     SELECT (SELECT coalesce(json_agg(u ORDER BY u."id"), '[]') FROM upd u) AS updated,
            (SELECT coalesce(json_agg(s), '[]') FROM short s) AS short`;

/**
 * BENCH_ORDERS_RESERVE=indexed: the reservation with the products also as a text[] parameter
 * ($5), so that PostgreSQL finds the items by index instead of planning a hash join over
 * json_to_recordset (whose row count it guesses at 100) with a sequential scan of every
 * inventory item of the account, twice. Not what our server sends: what that change would give.
 */
export const RESERVE_SQL_INDEXED = RESERVE_SQL
  .replace(`i."location" = '${DEFAULT_LOCATION}'
       ORDER BY`, `i."location" = '${DEFAULT_LOCATION}' AND i."productId" = ANY($5::text[])
       ORDER BY`)
  .replace(`WHERE i."id" = l."id" AND NOT EXISTS`, `WHERE i."id" = ANY(ARRAY(SELECT "id" FROM locked)) AND i."id" = l."id" AND NOT EXISTS`);
if (RESERVE_SQL_INDEXED.split('ANY(').length !== 3) throw new Error('RESERVE_SQL_INDEXED: the reservation statement changed shape');
const indexedReservation = process.env.BENCH_ORDERS_RESERVE === 'indexed';

/** recordEventsOf's statement (src/events/outbox.ts), the same text */
const EVENT_SQL = eventsStatement();

/** createOrder's statements (src/modules/orders/operations.ts), the same text */
const PRODUCTS_SQL = `SELECT "id", "name", "price", "currency" FROM "Product"
         WHERE "accountId" = $1 AND "livemode" = $2 AND "id" IN (SELECT json_array_elements_text($3::json))`;
const ORDER_SQL = `WITH o AS (
         INSERT INTO "Order" ("id", "accountId", "livemode", "customerId", "status", "currency", "amount", "metadata", "onHold", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7::jsonb, false, $8::timestamptz, $8::timestamptz)
         RETURNING "id"
       )
       INSERT INTO "OrderItem" ("id", "orderId", "productId", "name", "quantity", "unitAmount", "amount", "position", "weightGrams")
       SELECT l.id, (SELECT "id" FROM o), l."productId", l.name, l.quantity, l."unitAmount", l.amount, l.position, l."weightGrams"
       FROM json_to_recordset($9::json) AS l(id text, "productId" text, name text, quantity int, "unitAmount" int, amount int, position int, "weightGrams" int)`;

const unix = (d: Date | string | null) => (d === null ? null : Math.floor((d instanceof Date ? d : new Date(d)).getTime() / 1000));

function presentOrder(o: OrderRow, items: ItemRow[]) {
  return {
    id: o.id, object: 'order', livemode: o.livemode, customer: o.customerId, status: o.status, currency: o.currency, amount: o.amount, metadata: o.metadata,
    shipping_carrier: o.shippingCarrier, tracking_number: o.trackingNumber, cancellation_reason: o.cancellationReason,
    fulfilled_at: unix(o.fulfilledAt), delivered_at: unix(o.deliveredAt), cancelled_at: unix(o.cancelledAt),
    on_hold: o.onHold, hold_reason: o.holdReason, held_at: unix(o.heldAt), created: unix(o.createdAt), updated: unix(o.updatedAt),
    // a plain order has none of a global order's amounts (src/modules/global/orders.ts)
    amount_subtotal: null, amount_shipping: null, amount_tax: null, amount_total: null, fx: null, settlement: null, ship_to: null, shipping: null, tax: null, compliance: null,
    items: items.map((i) => ({
      id: i.id, object: 'order_item', order: i.orderId, product: i.productId, name: i.name, quantity: i.quantity, unit_amount: i.unitAmount, amount: i.amount, position: i.position, weight_grams: null,
    })),
  };
}

function presentInventory(r: Record<string, unknown>) {
  return {
    id: r.id, object: 'inventory_item', livemode: r.livemode, product: r.productId, location: r.location, on_hand: r.onHand, reserved: r.reserved,
    allocated: r.allocated, available: r.available, low_stock_threshold: r.lowStockThreshold, created: unix(r.createdAt as string), updated: unix(r.updatedAt as string),
  };
}

interface OrderInput { currency?: unknown; items?: unknown }

function readInput(body: OrderInput): { currency: string; items: { product: string; quantity: number }[] } {
  const faults: { field: string; message: string }[] = [];
  const currency = typeof body.currency === 'string' && /^[a-z]{3}$/.test(body.currency) ? body.currency : (faults.push({ field: 'currency', message: 'expected a 3-letter lowercase code' }), '');
  const raw = Array.isArray(body.items) && body.items.length >= 1 && body.items.length <= 1000 ? body.items as unknown[] : (faults.push({ field: 'items', message: 'expected 1 to 1000 items' }), []);
  const items = raw.map((x, n) => {
    const it = (x ?? {}) as { product?: unknown; quantity?: unknown };
    if (typeof it.product !== 'string' || !it.product.startsWith(`${ID_PREFIX.product}_`)) faults.push({ field: `items.${n}.product`, message: 'expected a product id' });
    if (!Number.isInteger(it.quantity) || (it.quantity as number) < 1 || (it.quantity as number) > 100_000) faults.push({ field: `items.${n}.quantity`, message: 'expected an integer from 1 to 100000' });
    return { product: String(it.product), quantity: Number(it.quantity) };
  });
  if (faults.length) throw new Refused(400, 'VALIDATION_ERROR', 'The request is invalid', { errors: faults });
  return { currency, items };
}

/** One order with its reservation, in one transaction on one client of `pool`. */
export async function baselineOrder(pool: pg.Pool, principal: Principal, body: OrderInput, requestId: string) {
  const input = readInput(body);
  const { accountId, livemode } = principal;
  const client = await pool.connect();
  let open = false;
  try {
    await q(client, 'BEGIN');
    open = true;
    const productIds = [...new Set(input.items.map((i) => i.product))];
    const products = (await q<ProductRow>(client, PRODUCTS_SQL, [accountId, livemode, JSON.stringify(productIds)])).rows;
    const byId = new Map(products.map((p) => [p.id, p]));
    const faults: { field: string; message: string }[] = [];
    const lines = input.items.map((i, n) => {
      const p = byId.get(i.product);
      if (!p) faults.push({ field: `items.${n}.product`, message: `no such product: '${i.product}'` });
      else if (p.currency !== input.currency) faults.push({ field: `items.${n}.product`, message: `the product is priced in ${p.currency}` });
      const unitAmount = p?.price ?? 0;
      return { id: newId(ID_PREFIX.orderItem), productId: i.product, name: p?.name ?? '', quantity: i.quantity, unitAmount, amount: unitAmount * i.quantity, position: n };
    });
    if (faults.length) throw new Refused(400, 'VALIDATION_ERROR', 'The request is invalid', { errors: faults });
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const orderId = newId(ID_PREFIX.order);
    const now = new Date();
    await q(client, ORDER_SQL, [orderId, accountId, livemode, null, input.currency, total, '{}', now.toISOString(), JSON.stringify(lines)]);
    const order: OrderRow = {
      id: orderId, accountId, livemode, customerId: null, status: 'pending', currency: input.currency, amount: total, metadata: {},
      shippingCarrier: null, trackingNumber: null, cancellationReason: null, fulfilledAt: null, deliveredAt: null, cancelledAt: null,
      onHold: false, holdReason: null, heldAt: null, createdAt: now, updatedAt: now,
    };
    const items: ItemRow[] = lines.map((l) => ({ ...l, orderId }));
    const resource = presentOrder(order, items);
    const created = Math.floor(now.getTime() / 1000);
    const events: { type: string; data: Record<string, unknown> }[] = [{ type: 'order.created', data: { object: resource } }];

    // the reservation: every tracked product's quantity at the default location, lines summed
    const want = new Map<string, { product: string; quantity: number; hold: string; movement: string }>();
    for (const l of lines) {
      const w = want.get(l.productId);
      if (w) w.quantity += l.quantity;
      else want.set(l.productId, { product: l.productId, quantity: l.quantity, hold: newId(ID_PREFIX.inventoryHold), movement: newId(ID_PREFIX.inventoryMovement) });
    }
    const wanted = [...want.values()];
    const result = (await q<{ updated: Record<string, unknown>[]; short: { product: string; available: number; quantity: number }[] }>(client,
      indexedReservation ? RESERVE_SQL_INDEXED : RESERVE_SQL,
      [accountId, livemode, JSON.stringify(wanted), orderId, ...(indexedReservation ? [wanted.map((w) => w.product)] : [])])).rows[0];
    if (result.short.length) {
      const s = result.short[0];
      throw new Refused(422, 'INSUFFICIENT_INVENTORY', `Not enough stock of ${s.product}: ${s.quantity} ordered, ${s.available} available`, { available: s.available, requested: s.quantity, product: s.product });
    }
    for (const u of result.updated) {
      const after = presentInventory(u);
      const moved = Number(u.moved);
      const before = { available: (after.available as number) + moved, low: after.low_stock_threshold as number };
      events.push({ type: 'inventory.updated', data: { object: after, previous_attributes: { reserved: (after.reserved as number) - moved, available: before.available } } });
      if (before.available > before.low && (after.available as number) <= before.low) {
        events.push({ type: 'inventory.low_stock', data: { object: after, available: after.available, low_stock_threshold: after.low_stock_threshold } });
      }
      if (before.available > 0 && after.available === 0) events.push({ type: 'inventory.out_of_stock', data: { object: after } });
    }
    const createdAt = new Date(created * 1000).toISOString();
    const deliveries = await q(client, EVENT_SQL, [JSON.stringify(events.map((e) => ({
      id: newId(ID_PREFIX.event), accountId, livemode, type: e.type, data: e.data, requestId, idempotencyKey: null, apiVersion, actor: null, connectedAccount: null, createdAt,
      platform: null, patterns: patternsMatching(e.type),
    }))), livemode, new Date().toISOString()]);
    if (deliveries.rowCount) throw new Error('the baseline expects no webhook deliveries: the benchmark account has no endpoints');
    await q(client, 'COMMIT');
    open = false;
    return resource;
  } finally {
    if (open) await q(client, 'ROLLBACK').catch(() => undefined);
    client.release();
  }
}

// ---------------------------------------------------------------- the server

/** The baseline server (the child process): node:http on PORT, a pg Pool of DATABASE_POOL_SIZE. */
async function startBaseline() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
  pool.on('error', () => undefined); // an idle client dropped: the pool replaces it
  let requests = 0;
  let nextRequest = 0;
  const server = createServer((req, res) => {
    requests++;
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/orders') return send(res, 404, { error: { code: 'NOT_FOUND' } });
    const requestId = `req_${(++nextRequest).toString(36)}`;
    readBody(req)
      .then(async (raw) => {
        const principal = await authenticate(pool, req.headers.authorization);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw new Refused(400, 'INVALID_JSON', 'The body is not JSON');
        }
        return baselineOrder(pool, principal, (body ?? {}) as OrderInput, requestId);
      })
      .then((body) => send(res, 201, body))
      .catch((err: unknown) => {
        if (err instanceof Refused) send(res, err.status, { error: { code: err.code, message: err.message, details: err.details, param: err.param } });
        else send(res, 500, { error: { code: 'INTERNAL', message: String(err) } });
      });
  });
  try {
    await pool.query('SELECT 1');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    announceReady(`http://127.0.0.1:${port}`, {
      stats: () => ({ queries: counters.queries, requests }),
      stop: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await pool.end();
      },
    });
  } catch (err) {
    failStartup(err);
  }
}

if (process.env.BENCH_ORDERS_ROLE === 'baseline') await startBaseline();
