// The baseline: the least a server can do to answer the two benchmarked requests. node:http,
// one pg Pool of the same size as our server's, no framework, no authentication lookup (the
// account comes from BENCH_ACCOUNT_ID), the same SQL work as our server, JSON out.
//   POST /graphql            one SELECT of the five selected columns, LIMIT n; for the nested
//                            query (items below each order) one statement with the items as a
//                            correlated json_agg subquery; for the relation filter (orders
//                            with an item of quantity >= 2) one statement with EXISTS
//   GET  /v1/orders/list     the page (LIMIT n+1, every column), the items of the page, and
//                            COUNT(*) with the same filter (in parallel with the page), then
//                            the REST representation (snake_case, Unix seconds, cursor)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { announceReady, failStartup } from './child.js';
import { installSqlTrace, resetSqlTrace, sqlStatements, sqlTraceEnabled } from './sql-trace.js';
import { send, readBody } from './http-util.js';

if (sqlTraceEnabled()) installSqlTrace();

const accountId = process.env.BENCH_ACCOUNT_ID;
const livemode = process.env.BENCH_LIVEMODE === 'true';
const databaseUrl = process.env.DATABASE_URL;
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 20);

const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
pool.on('error', () => undefined); // an idle client dropped: the pool replaces it
let queries = 0;
let requests = 0;

async function sql<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> {
  queries++;
  return (await pool.query<R>(text, values)).rows;
}

interface OrderRow {
  id: string;
  accountId: string;
  livemode: boolean;
  customerId: string | null;
  status: string;
  currency: string;
  amount: number;
  metadata: unknown;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  cancellationReason: string | null;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface ItemRow {
  id: string;
  orderId: string;
  productId: string | null;
  name: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  position: number;
}

const ORDER_COLUMNS = `"id", "accountId", "livemode", "customerId", "status", "currency", "amount", "metadata", "shippingCarrier", "trackingNumber", "cancellationReason", "fulfilledAt", "cancelledAt", "createdAt", "updatedAt"`;
const FILTER = `"accountId" = $1 AND "livemode" = $2 AND "status" = $3`;
const ORDER = `ORDER BY "createdAt" DESC, "id" DESC`;

const unix = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));

async function graphqlOrders(req: IncomingMessage, res: ServerResponse) {
  const body = JSON.parse(await readBody(req)) as { query?: string };
  const query = body.query ?? '';
  // not a GraphQL parser: the benchmark sends one of three fixed queries
  const status = /_eq:\s*"([^"]*)"/.exec(query)?.[1] ?? 'pending';
  const limit = Number(/limit:\s*(\d+)/.exec(query)?.[1] ?? 100);
  if (/items\s*\{\s*id/.test(query)) {
    // nested: orders { id status items { id name quantity unitAmount } }, one statement
    const rows = await sql<{ id: string; status: string; items: { id: string; name: string; quantity: number; unitAmount: number }[] }>(
      `SELECT o."id", o."status",
         (SELECT coalesce(json_agg(json_build_object('id', i."id", 'name', i."name", 'quantity', i."quantity", 'unitAmount', i."unitAmount") ORDER BY i."id"), '[]'::json)
          FROM "OrderItem" i WHERE i."orderId" = o."id") AS "items"
       FROM "Order" o WHERE o.${FILTER.replaceAll(' AND "', ' AND o."')} ${ORDER.replaceAll('"createdAt"', 'o."createdAt"').replaceAll('"id"', 'o."id"')} LIMIT $4`,
      [accountId, livemode, status, limit],
    );
    send(res, 200, { data: { orders: rows.map((r) => ({ id: r.id, status: r.status, items: r.items })) } });
    return;
  }
  const minQuantity = /items:\s*\{\s*quantity:\s*\{\s*_gte:\s*(\d+)/.exec(query)?.[1];
  const rows = await sql<Pick<OrderRow, 'id' | 'status' | 'amount' | 'currency' | 'createdAt'>>(
    minQuantity === undefined
      ? `SELECT "id", "status", "amount", "currency", "createdAt" FROM "Order" WHERE ${FILTER} ${ORDER} LIMIT $4`
      // the relation filter: orders with an item of at least that quantity
      : `SELECT o."id", o."status", o."amount", o."currency", o."createdAt" FROM "Order" o
         WHERE o.${FILTER.replaceAll(' AND "', ' AND o."')}
           AND EXISTS (SELECT 1 FROM "OrderItem" i WHERE i."orderId" = o."id" AND i."quantity" >= $5)
         ${ORDER.replaceAll('"createdAt"', 'o."createdAt"').replaceAll('"id"', 'o."id"')} LIMIT $4`,
    minQuantity === undefined ? [accountId, livemode, status, limit] : [accountId, livemode, status, limit, Number(minQuantity)],
  );
  send(res, 200, {
    data: { orders: rows.map((r) => ({ id: r.id, status: r.status, amount: r.amount, currency: r.currency, createdAt: r.createdAt.toISOString() })) },
  });
}

function presentItem(i: ItemRow) {
  return { id: i.id, object: 'order_item', order: i.orderId, product: i.productId, name: i.name, quantity: i.quantity, unit_amount: i.unitAmount, amount: i.amount, position: i.position };
}

function presentOrder(o: OrderRow, items: ItemRow[]) {
  return {
    id: o.id, object: 'order', livemode: o.livemode, customer: o.customerId, status: o.status, currency: o.currency,
    amount: o.amount, metadata: o.metadata, shipping_carrier: o.shippingCarrier, tracking_number: o.trackingNumber,
    cancellation_reason: o.cancellationReason, fulfilled_at: unix(o.fulfilledAt), cancelled_at: unix(o.cancelledAt),
    created: unix(o.createdAt), updated: unix(o.updatedAt), items: items.map(presentItem),
  };
}

async function restOrders(req: IncomingMessage, res: ServerResponse, started: number) {
  const params = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
  const status = params.get('status_eq') ?? 'pending';
  const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 10)));
  const pagePromise = sql<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM "Order" WHERE ${FILTER} ${ORDER} LIMIT $4 OFFSET 0`, [accountId, livemode, status, limit + 1]);
  const countPromise = sql<{ count: string }>(`SELECT COUNT(*) AS count FROM "Order" WHERE ${FILTER}`, [accountId, livemode, status]);
  const rows = await pagePromise;
  const items = rows.length
    ? await sql<ItemRow>(`SELECT "id", "orderId", "productId", "name", "quantity", "unitAmount", "amount", "position" FROM "OrderItem" WHERE "orderId" = ANY($1) ORDER BY "position" ASC`, [rows.map((r) => r.id)])
    : [];
  const total = Number((await countPromise)[0].count);
  const byOrder = new Map<string, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId);
    if (list) list.push(i);
    else byOrder.set(i.orderId, [i]);
  }
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const cursor = (r: OrderRow) => Buffer.from(JSON.stringify({ s: 'createdAt:desc,id:desc', v: [r.createdAt.toISOString(), r.id], d: 'n' })).toString('base64url');
  send(res, 200, {
    object: 'list',
    data: page.map((o) => presentOrder(o, byOrder.get(o.id) ?? [])),
    pagination: {
      has_more: more, next_cursor: more && last ? cursor(last) : null, previous_cursor: null, total_count: total,
      page_count: Math.max(1, Math.ceil(total / limit)), current_page: 1, limit,
    },
    url: '/v1/orders',
    meta: { request_id: `req_${randomBytes(10).toString('hex')}`, response_time_ms: Math.round(performance.now() - started) },
  });
}

const server = createServer((req, res) => {
  requests++;
  const started = performance.now();
  const path = (req.url ?? '/').split('?')[0];
  const handle = req.method === 'POST' && path === '/graphql' ? graphqlOrders(req, res)
    : req.method === 'GET' && (path === '/v1/orders/list' || path === '/v1/orders') ? restOrders(req, res, started)
      : Promise.resolve(send(res, 404, { error: 'not found' }));
  handle.catch((err: unknown) => send(res, 500, { error: String(err) }));
});

try {
  if (!accountId) throw new Error('BENCH_ACCOUNT_ID is required');
  await sql('SELECT 1', []);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  announceReady(`http://127.0.0.1:${port}`, {
    stats: () => ({ queries, requests, statements: sqlStatements() }),
    reset: () => resetSqlTrace(),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  });
} catch (err) {
  failStartup(err);
}
