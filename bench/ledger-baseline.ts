// The raw-pg baseline of the ledger benchmark (bench/ledger.ts): the least a server can do
// to make one stablecoin transfer with the same ledger SQL as ours. node:http, one pg Pool of
// the same size as our server's, no framework, no authentication lookup (the bearer token
// is the sender's account id), no idempotency key. Per transfer, one transaction on one
// connection, one statement per round trip, as our server sent them before its transfer was
// folded into two statements (src/modules/money/ledger.ts post(), src/events/outbox.ts):
//
//   BEGIN
//   SELECT the sender's wallet (by its derived id)     SELECT the recipient's wallet (by address)
//   UPDATE "LedgerAccount" ... conditional, one per wallet in id order (a debit that would
//          overdraw changes nothing: ROLLBACK, 422)
//   INSERT INTO "LedgerChain" ... ON CONFLICT DO UPDATE ... RETURNING (the chain head, locked)
//   WITH t AS (INSERT INTO "LedgerTransaction" ...), p AS (INSERT INTO "LedgerPosting" ...)
//     UPDATE "LedgerChain" SET "headHash" ... (hash chained like src/modules/money/ledger.ts post())
//   INSERT INTO "StablecoinTransfer"
//   INSERT INTO "Event" (the sender's and the recipient's stablecoin.transferred, one statement)
//   SELECT the active webhook endpoints of both accounts (one statement; a delivery row each)
//   COMMIT
//
// POST /transfer {amount, to} -> 201 the transfer (the REST representation). The ids, the
// hash, the amounts and the addresses come from the same helpers as our server's, so the
// ledger it writes passes verifyLedger() like ours. The server starts only in the child
// (BENCH_LEDGER_ROLE=baseline); bench/ledger.ts imports baselineTransfer() for its breakdown.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { announceReady, failStartup } from './child.js';
import { installSqlTrace, resetSqlTrace, sqlStatements, sqlTraceEnabled } from './sql-trace.js';
import { checksumAddress, readAddress } from '../src/modules/money/address.js';
import { formatCoin, parseCoin } from '../src/modules/money/amounts.js';
import { GENESIS_HASH, ledgerAccount, transactionHash } from '../src/modules/money/ledger.js';
import { ID_PREFIX, newId } from '../src/ids.js';
import { send, readBody } from './http-util.js';

const coin = process.env.STABLECOIN_CURRENCY || 'usdx';
const apiVersion = process.env.API_VERSION || '2026-11-01';
const livemode = false;
// BIGINT as JavaScript BigInt, as Prisma reads it (balances are micro-units)
const bigintParser = { getTypeParser: (oid: number, format?: string) => (oid === 20 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format as 'text')) };
/** statements sent (BEGIN not counted, as db.queryCount() does not count ours) */
export const counters = { queries: 0 };

class Refused extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly param?: string) {
    super(message);
  }
}

/** BENCH_LEDGER_PREPARED=1: named prepared statements (parsed and planned once per connection) */
const prepared = process.env.BENCH_LEDGER_PREPARED === '1';
const names = new Map<string, string>();

/** One statement; counted as db.queryCount() counts ours: every statement but BEGIN. */
async function q<R extends pg.QueryResultRow>(client: pg.PoolClient, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  if (text !== 'BEGIN') counters.queries++;
  let name: string | undefined;
  if (prepared && values.length) {
    name = names.get(text);
    if (!name) names.set(text, (name = `ledger_${names.size}`));
  }
  return client.query<R>({ text, values, types: bigintParser, name });
}

interface WalletRow {
  id: string;
  accountId: string | null;
  livemode: boolean;
  kind: string;
  currency: string;
  address: string | null;
  balance: bigint;
}

const WALLET_COLUMNS = `"id", "accountId", "livemode", "kind", "currency", "address", "balance"`;

function presentTransfer(r: { id: string; amount: bigint; hash: string; createdAt: Date; from: string; to: string }) {
  return {
    id: r.id, object: 'transfer', amount: formatCoin(r.amount), currency: coin, status: 'succeeded', transaction_hash: r.hash,
    created: Math.floor(r.createdAt.getTime() / 1000), livemode, from: checksumAddress(r.from), to: checksumAddress(r.to),
  };
}

/** One transfer from the wallet of `accountId`, in one transaction on one client of `pool`. */
export async function baselineTransfer(pool: pg.Pool, accountId: string, body: { amount?: unknown; to?: unknown }, requestId: string) {
  const amount = typeof body.amount === 'string' ? parseCoin(body.amount) : undefined;
  if (amount === undefined) throw new Refused(400, 'INVALID_FIELD_VALUE', 'amount: expected a positive decimal string', 'amount');
  const to = readAddress(body.to);
  if (!to.ok) throw new Refused(400, 'INVALID_FIELD_VALUE', `to: ${to.message}`, 'to');
  const fromRef = ledgerAccount(accountId, livemode, 'wallet', coin);
  const client = await pool.connect();
  let open = false;
  try {
    await q(client, 'BEGIN');
    open = true;
    const from = (await q<WalletRow>(client, `SELECT ${WALLET_COLUMNS} FROM "LedgerAccount" WHERE "id" = $1`, [fromRef.id])).rows[0];
    if (!from?.address) throw new Refused(404, 'RESOURCE_NOT_FOUND', 'the sender has no wallet');
    const recipient = (await q<WalletRow>(client, `SELECT ${WALLET_COLUMNS} FROM "LedgerAccount" WHERE "address" = $1`, [to.address])).rows[0];
    if (!recipient || recipient.livemode !== livemode || recipient.kind !== 'wallet' || !recipient.accountId) {
      throw new Refused(404, 'RESOURCE_NOT_FOUND', `No wallet with address ${body.to as string}`, 'to');
    }
    if (recipient.id === from.id) throw new Refused(400, 'VALIDATION_ERROR', 'this is your own wallet', 'to');

    // the balance changes, in id order (no deadlock between two transfers over the same wallets)
    const deltas = [{ id: from.id, delta: -amount }, { id: recipient.id, delta: amount }].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const d of deltas) {
      const changed = await q(client, `UPDATE "LedgerAccount" SET "balance" = "balance" + $1 WHERE "id" = $2 AND ("allowNegative" OR "balance" + $1 >= 0)`, [d.delta, d.id]);
      if (changed.rowCount === 0) throw new Refused(422, 'INSUFFICIENT_FUNDS', 'The wallet cannot cover this transfer', 'amount');
    }
    const head = (await q<{ sequence: number; headHash: string }>(client,
      `INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash") VALUES ($1, $2, 1, $3)
       ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1
       RETURNING "sequence", "headHash"`, [accountId, livemode, GENESIS_HASH])).rows[0];

    const now = new Date();
    const transferId = newId('xfr');
    const txId = newId('ltx');
    const postings = [
      { id: newId('lpo'), ledgerAccountId: from.id, currency: coin, amount: -amount, position: 0 },
      { id: newId('lpo'), ledgerAccountId: recipient.id, currency: coin, amount, position: 1 },
    ];
    const hash = transactionHash(head.headHash, {
      id: txId, accountId, livemode, sequence: head.sequence, kind: 'transfer', resourceId: transferId, createdAt: now,
      postings: postings.map((p) => ({ ledgerAccountId: p.ledgerAccountId, currency: p.currency, amount: p.amount })),
    });
    // the transaction, its postings and the chain's new head in one statement, as post() does
    await q(client,
      `WITH t AS (
         INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)
       ), p AS (
         INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position")
         SELECT d.id, $1, d.account, d.currency, d.amount::bigint, d.position
         FROM jsonb_to_recordset($10::jsonb) AS d(id text, account text, currency text, amount text, position int)
       )
       UPDATE "LedgerChain" SET "headHash" = $8, "previousHash" = $7 WHERE "accountId" = $2 AND "livemode" = $3`,
      [txId, accountId, livemode, head.sequence, 'transfer', transferId, head.headHash, hash, now.toISOString(),
        JSON.stringify(postings.map((p) => ({ id: p.id, account: p.ledgerAccountId, currency: p.currency, amount: p.amount.toString(), position: p.position })))]);
    await q(client,
      `INSERT INTO "StablecoinTransfer" ("id", "accountId", "livemode", "fromAddress", "toAddress", "recipientAccountId", "amount", "status", "transactionHash", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'succeeded', $8, $9)`,
      [transferId, accountId, livemode, from.address, recipient.address, recipient.accountId, amount, hash, now]);

    const resource = presentTransfer({ id: transferId, amount, hash, createdAt: now, from: from.address, to: recipient.address! });
    const data = { object: resource, transfer_id: transferId, from: resource.from, to: resource.to, amount: resource.amount };
    const event = (id: string) => ({
      id, object: 'event', type: 'stablecoin.transferred', created: Math.floor(now.getTime() / 1000), livemode, data,
      request: { id: requestId, idempotency_key: null }, pending_webhooks: 0, api_version: apiVersion,
    });
    const owners = recipient.accountId === accountId ? [accountId] : [accountId, recipient.accountId];
    const events = owners.map(() => event(newId(ID_PREFIX.event)));
    // the recipient's copy names no request (the request is the sender's)
    await q(client,
      `INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "createdAt")
       SELECT e.id, e."accountId", $2, 'stablecoin.transferred', e.data, e."requestId", NULL, $3, $4
       FROM json_to_recordset($1::json) AS e(id text, "accountId" text, "requestId" text, data json)`,
      [JSON.stringify(events.map((e, i) => ({ id: e.id, accountId: owners[i], requestId: i === 0 ? requestId : null, data: e.data }))), livemode, apiVersion, new Date(events[0].created * 1000)]);
    const endpoints = await q<{ id: string; accountId: string }>(client,
      `SELECT "id", "accountId" FROM "WebhookEndpoint" WHERE "accountId" = ANY($1) AND "livemode" = $2 AND "active"`, [owners, livemode]);
    if (endpoints.rowCount) throw new Error('the baseline writes no webhook deliveries: the benchmark accounts have no endpoints');
    await q(client, 'COMMIT');
    open = false;
    return resource;
  } finally {
    if (open) await q(client, 'ROLLBACK').catch(() => undefined);
    client.release();
  }
}

// ---------------------------------------------------------------- the compact variant

/** address -> wallet, and wallet id -> address: they never change once a wallet exists */
const byAddress = new Map<string, { id: string; accountId: string }>();
const addressOf = new Map<string, string>();

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * The same rows in two round trips (BENCH_LEDGER_SHAPE=compact; not the SQL our server sends):
 * wallet ids and addresses from a cache (one lookup per wallet ever), then
 *   1. BEGIN; the two conditional balance UPDATEs in id order (each reporting whether it
 *      applied); the chain upsert RETURNING the head
 *   2. (the hash computed here) the transaction, its postings, the chain head, the transfer,
 *      both events and the webhook deliveries of both accounts (INSERT ... SELECT from their
 *      endpoints); COMMIT
 * as simple-protocol multi-statement queries (literals inlined): row locks are held for one
 * round trip and the commit instead of ten round trips. (The deliveries go to every active
 * endpoint of the account, without the event-type filter; the benchmark's accounts have none.) What a server could reach with the
 * ledger SQL reshaped; the plain baseline above is the like-for-like comparison.
 */
export async function compactTransfer(pool: pg.Pool, accountId: string, body: { amount?: unknown; to?: unknown }, requestId: string) {
  const amount = typeof body.amount === 'string' ? parseCoin(body.amount) : undefined;
  if (amount === undefined) throw new Refused(400, 'INVALID_FIELD_VALUE', 'amount: expected a positive decimal string', 'amount');
  const to = readAddress(body.to);
  if (!to.ok) throw new Refused(400, 'INVALID_FIELD_VALUE', `to: ${to.message}`, 'to');
  const fromId = ledgerAccount(accountId, livemode, 'wallet', coin).id;
  const client = await pool.connect();
  let open = false;
  try {
    let recipient = byAddress.get(to.address);
    if (!recipient) {
      const row = (await q<WalletRow>(client, `SELECT ${WALLET_COLUMNS} FROM "LedgerAccount" WHERE "address" = $1`, [to.address])).rows[0];
      if (!row || row.livemode !== livemode || row.kind !== 'wallet' || !row.accountId) throw new Refused(404, 'RESOURCE_NOT_FOUND', `No wallet with address ${body.to as string}`, 'to');
      recipient = { id: row.id, accountId: row.accountId };
      byAddress.set(to.address, recipient);
      addressOf.set(row.id, to.address);
    }
    let fromAddress = addressOf.get(fromId);
    if (!fromAddress) {
      const row = (await q<WalletRow>(client, `SELECT ${WALLET_COLUMNS} FROM "LedgerAccount" WHERE "id" = $1`, [fromId])).rows[0];
      if (!row?.address) throw new Refused(404, 'RESOURCE_NOT_FOUND', 'the sender has no wallet');
      fromAddress = row.address;
      addressOf.set(fromId, fromAddress);
      byAddress.set(fromAddress, { id: fromId, accountId });
    }
    if (recipient.id === fromId) throw new Refused(400, 'VALIDATION_ERROR', 'this is your own wallet', 'to');

    const deltas = [{ id: fromId, delta: -amount }, { id: recipient.id, delta: amount }].sort((a, b) => (a.id < b.id ? -1 : 1));
    const first = deltas.map((d) => `WITH u AS (UPDATE "LedgerAccount" SET "balance" = "balance" + (${d.delta}) WHERE "id" = ${lit(d.id)} AND ("allowNegative" OR "balance" + (${d.delta}) >= 0) RETURNING 1) SELECT COUNT(*)::int AS n FROM u;`);
    counters.queries += 3; // the two UPDATEs and the chain upsert (BEGIN not counted)
    open = true;
    const results = (await client.query(`BEGIN; ${first.join(' ')}
      INSERT INTO "LedgerChain" ("accountId", "livemode", "sequence", "headHash") VALUES (${lit(accountId)}, ${livemode}, 1, ${lit(GENESIS_HASH)})
      ON CONFLICT ("accountId", "livemode") DO UPDATE SET "sequence" = "LedgerChain"."sequence" + 1 RETURNING "sequence", "headHash";`)) as unknown as pg.QueryResult[];
    if (results[1].rows[0].n !== 1 || results[2].rows[0].n !== 1) throw new Refused(422, 'INSUFFICIENT_FUNDS', 'The wallet cannot cover this transfer', 'amount');
    const head = results[3].rows[0] as { sequence: number; headHash: string };

    const now = new Date();
    const at = lit(now.toISOString());
    const transferId = newId('xfr');
    const txId = newId('ltx');
    const postings = [
      { id: newId('lpo'), ledgerAccountId: fromId, amount: -amount },
      { id: newId('lpo'), ledgerAccountId: recipient.id, amount },
    ];
    const hash = transactionHash(head.headHash, {
      id: txId, accountId, livemode, sequence: head.sequence, kind: 'transfer', resourceId: transferId, createdAt: now,
      postings: postings.map((p) => ({ ledgerAccountId: p.ledgerAccountId, currency: coin, amount: p.amount })),
    });
    const resource = presentTransfer({ id: transferId, amount, hash, createdAt: now, from: fromAddress, to: to.address });
    const data = { object: resource, transfer_id: transferId, from: resource.from, to: resource.to, amount: resource.amount };
    const owners = recipient.accountId === accountId ? [accountId] : [accountId, recipient.accountId];
    const created = Math.floor(now.getTime() / 1000);
    const events = owners.map((owner) => ({
      owner, id: newId(ID_PREFIX.event),
      data: JSON.stringify(data), request: owner === accountId ? requestId : null,
    }));
    counters.queries += 7; // six INSERTs/UPDATEs and COMMIT
    await client.query(`
      INSERT INTO "LedgerTransaction" ("id", "accountId", "livemode", "sequence", "kind", "resourceId", "previousHash", "hash", "createdAt")
        VALUES (${lit(txId)}, ${lit(accountId)}, ${livemode}, ${head.sequence}, 'transfer', ${lit(transferId)}, ${lit(head.headHash)}, ${lit(hash)}, ${at});
      INSERT INTO "LedgerPosting" ("id", "transactionId", "ledgerAccountId", "currency", "amount", "position") VALUES
        ${postings.map((p, i) => `(${lit(p.id)}, ${lit(txId)}, ${lit(p.ledgerAccountId)}, ${lit(coin)}, ${p.amount}, ${i})`).join(', ')};
      UPDATE "LedgerChain" SET "headHash" = ${lit(hash)}, "previousHash" = ${lit(head.headHash)} WHERE "accountId" = ${lit(accountId)} AND "livemode" = ${livemode};
      INSERT INTO "StablecoinTransfer" ("id", "accountId", "livemode", "fromAddress", "toAddress", "recipientAccountId", "amount", "status", "transactionHash", "createdAt")
        VALUES (${lit(transferId)}, ${lit(accountId)}, ${livemode}, ${lit(fromAddress)}, ${lit(to.address)}, ${lit(recipient.accountId)}, ${amount}, 'succeeded', ${lit(hash)}, ${at});
      INSERT INTO "Event" ("id", "accountId", "livemode", "type", "data", "requestId", "idempotencyKey", "apiVersion", "createdAt") VALUES
        ${events.map((e) => `(${lit(e.id)}, ${lit(e.owner)}, ${livemode}, 'stablecoin.transferred', ${lit(e.data)}::json, ${e.request === null ? 'NULL' : lit(e.request)}, NULL, ${lit(apiVersion)}, to_timestamp(${created}))`).join(', ')};
      INSERT INTO "WebhookDelivery" ("id", "accountId", "livemode", "endpointId", "eventId", "eventType", "status", "nextAttemptAt", "createdAt", "updatedAt")
        SELECT 'wdl_' || md5(random()::text || e."id"), e."accountId", ${livemode}, e."id", ev.id, 'stablecoin.transferred', 'pending', ${at}, ${at}, ${at}
        FROM "WebhookEndpoint" e JOIN (VALUES ${events.map((ev) => `(${lit(ev.id)}, ${lit(ev.owner)})`).join(', ')}) AS ev(id, owner) ON e."accountId" = ev.owner
        WHERE e."livemode" = ${livemode} AND e."active";
      COMMIT;`);
    open = false;
    return resource;
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

// ---------------------------------------------------------------- the server

/** The baseline server (the child process): node:http on PORT, a pg Pool of DATABASE_POOL_SIZE. */
async function startBaseline() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
  pool.on('error', () => undefined); // an idle client dropped: the pool replaces it
  const transfer = process.env.BENCH_LEDGER_SHAPE === 'compact' ? compactTransfer : baselineTransfer;
  let requests = 0;
  let nextRequest = 0;
  const server = createServer((req, res) => {
    requests++;
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== '/transfer') return send(res, 404, { error: { code: 'NOT_FOUND' } });
    const accountId = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!accountId) return send(res, 401, { error: { code: 'AUTHENTICATION_REQUIRED' } });
    const requestId = `req-${(++nextRequest).toString(36)}`;
    readBody(req)
      .then((raw) => transfer(pool, accountId, JSON.parse(raw) as Record<string, unknown>, requestId))
      .then((body) => send(res, 201, body))
      .catch((err: unknown) => {
        if (err instanceof Refused) send(res, err.status, { error: { code: err.code, message: err.message, param: err.param } });
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
      stats: () => ({ queries: counters.queries, requests, statements: sqlStatements() }),
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
}

if (process.env.BENCH_LEDGER_ROLE === 'baseline') {
  if (sqlTraceEnabled()) installSqlTrace();
  await startBaseline();
}
