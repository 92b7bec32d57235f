// Where the time of one request goes, layer by layer: each step runs sequentially in this
// one process (no load generator, no concurrency), and is measured in CPU time of the
// process per operation (user + system, so it hardly depends on other load on the
// machine), wall time per operation, and SQL statements per operation.
// Every step runs in BREAKDOWN_ROUNDS rounds (default 3) of BREAKDOWN_ITERATIONS operations
// (default 200); the table shows the median round, which damps noise from other processes.
// BREAKDOWN_PROFILE=1 also writes a CPU profile of one extra run of each step to
// bench/profiles/step-<n>.cpuprofile (summarize with bench/profile-summary.ts).
//   npx tsx bench/breakdown.ts       (writes bench/breakdown.md)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parse, execute } from 'graphql';
import { pino } from 'pino';
import { ensureDatabase, seedBench } from './seed.js';
import { serverChildEnv } from './common.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL || 'postgresql://root@127.0.0.1:5432/bench';
const iterations = Math.min(5000, Math.max(10, Number(process.env.BREAKDOWN_ITERATIONS ?? 200)));
const rounds = Math.min(9, Math.max(1, Number(process.env.BREAKDOWN_ROUNDS ?? 3)));
const warmup = Math.max(20, Math.floor(iterations / 5));

const GRAPHQL_QUERY = '{ orders(where: {status: {_eq: "pending"}}, limit: 50) { id status amount currency createdAt } }';
const NESTED_QUERY = '{ orders(where: {status: {_eq: "pending"}}, limit: 50) { id status items { id name quantity unitAmount } } }';
const REST_PATH = '/v1/orders/list?status_eq=pending&limit=50';

interface Step { door: string; name: string; cpuMs: number; wallMs: number; sql: number }

async function main() {
  await ensureDatabase(databaseUrl);
  const seeded = await seedBench(databaseUrl, 'bench-breakdown');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-breakdown-'));
  const { startServer } = await import('../src/server.js');
  const { createGraphQL } = await import('../src/graphql/http.js');
  const { KeyAuthenticator } = await import('../src/auth/keys.js');
  const { listResource } = await import('../src/rest/list.js');
  const { present } = await import('../src/representation.js');
  const { scopedWhere } = await import('../src/operations/operation.js');
  const { toPrismaWhere } = await import('../src/db/where.js');
  const { graphqlSchema } = await import('../src/graphql/schema.js');
  const { leanCount, leanFindMany } = await import('../src/db/lean-read.js');

  const server = await startServer(serverChildEnv(dataDir, { DATABASE_URL: databaseUrl, REDIS_URL: '' }));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let rawQueries = 0;
  const raw = async (text: string, values: unknown[]) => { rawQueries++; return (await pool.query(text, values)).rows; };
  const steps: Step[] = [];
  try {
    const prisma = server.db.prisma;
    const authHeader = `Bearer ${seeded.secret}`;
    const scope = { accountId: seeded.accountId, livemode: false };
    // what the two list doors use of the services (startServer does not expose its object)
    type Services = Parameters<typeof createGraphQL>[0]['services'];
    const services = { db: server.db, bus: server.bus, apiVersion: server.config.API_VERSION } as unknown as Services;
    const auth = new KeyAuthenticator(prisma, 3_600_000);
    const principal = await auth.fromAuthorizationHeader(authHeader);
    const graphql = createGraphQL({ services, auth, logger: pino({ level: 'silent' }), production: true, maxDepth: 8, maxCost: 5000, maxSubscriptionsPerSocket: 100, maxSocketsPerKey: 20, keepAliveMs: 0 });
    const document = parse(GRAPHQL_QUERY);
    const schema = graphqlSchema();
    const where = () => scopedWhere(scope, toPrismaWhere('Order', { status: { _eq: 'pending' } }));
    const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
    const restRows = async () => Promise.all([
      prisma.order.findMany({ where: where(), orderBy, take: 51, skip: 0, include: { items: { orderBy: { position: 'asc' } } } }),
      prisma.order.count({ where: where() }),
    ]);
    const sample = await restRows();

    const registered: Array<{ door: string; name: string; fn: () => Promise<unknown> | unknown }> = [];
    const only = process.env.BREAKDOWN_ONLY ? new RegExp(process.env.BREAKDOWN_ONLY) : undefined;
    const measure = async (door: string, name: string, fn: () => Promise<unknown> | unknown) => {
      if (only && !only.test(name)) return;
      await fn(); // fails fast on a wrong step
      registered.push({ door, name, fn });
    };
    const runOne = async (fn: () => Promise<unknown> | unknown) => {
      const q0 = server.db.queryCount() + rawQueries;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < iterations; i++) await fn();
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      return { cpuMs: (cpu.user + cpu.system) / 1000 / iterations, wallMs: wall / iterations, sql: (server.db.queryCount() + rawQueries - q0) / iterations };
    };
    const ok = (status: number, body: string) => {
      if (status !== 200) throw new Error(`HTTP ${status}: ${body.slice(0, 300)}`);
      const json = JSON.parse(body) as { data?: unknown };
      const rows = Array.isArray(json.data) ? json.data : (json.data as { orders?: unknown[] } | undefined)?.orders;
      if (!Array.isArray(rows) || rows.length !== 50) throw new Error(`expected 50 orders: ${body.slice(0, 300)}`);
    };
    type YogaContext = Parameters<typeof graphql.yoga.fetch>[2];

    // GraphQL door, from the outside in
    await measure('GraphQL', 'full request through Fastify (app.inject, no TCP)', async () => {
      const r = await server.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: authHeader, 'content-type': 'application/json' }, payload: JSON.stringify({ query: GRAPHQL_QUERY }) });
      ok(r.statusCode, r.body);
    });
    await measure('GraphQL', 'the same, nested: `{ id status items { id name quantity unitAmount } }`', async () => {
      const r = await server.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: authHeader, 'content-type': 'application/json' }, payload: JSON.stringify({ query: NESTED_QUERY }) });
      ok(r.statusCode, r.body);
    });
    await measure('GraphQL', 'graphql-yoga alone (yoga.fetch: envelop, armor, parse/validate cache, execute, stringify)', async () => {
      const r = await graphql.yoga.fetch('http://127.0.0.1/graphql', { method: 'POST', headers: { authorization: authHeader, 'content-type': 'application/json' }, body: JSON.stringify({ query: GRAPHQL_QUERY }) }, { req: { headers: { authorization: authHeader } } } as unknown as YogaContext);
      ok(r.status, await r.text());
    });
    await measure('GraphQL', 'graphql-js execute of the parsed query (Pothos resolvers + lean read), no yoga', async () => {
      const r = await execute({ schema, document, contextValue: { services, principal, requestId: 'req_bench' } });
      if (r.errors) throw r.errors[0];
      if ((r.data?.orders as unknown[]).length !== 50) throw new Error('expected 50 orders');
    });
    await measure('GraphQL', 'Prisma findMany as the resolver calls it (all 15 columns)', () =>
      prisma.order.findMany({ where: where(), orderBy, take: 50, skip: 0 }));
    await measure('GraphQL', 'Prisma findMany with select of the 5 requested fields', () =>
      prisma.order.findMany({ where: where(), orderBy, take: 50, skip: 0, select: { id: true, status: true, amount: true, currency: true, createdAt: true } }));
    await measure('GraphQL', 'lean path: the same findMany compiled to SQL, run on the pg pool (what the resolver runs)', () =>
      leanFindMany(server.db, 'Order', { where: where(), orderBy, take: 50, skip: 0, select: { id: true, status: true, amount: true, currency: true, createdAt: true } }));
    await measure('GraphQL', 'pg: the one SELECT of 5 columns (baseline SQL)', () =>
      raw(`SELECT "id", "status", "amount", "currency", "createdAt" FROM "Order" WHERE "accountId" = $1 AND "livemode" = $2 AND "status" = $3 ORDER BY "createdAt" DESC, "id" DESC LIMIT 50`, [scope.accountId, false, 'pending']));
    await measure('GraphQL', 'pg: SELECT of all 15 columns (what Prisma sends)', () =>
      raw(`SELECT * FROM "Order" WHERE "accountId" = $1 AND "livemode" = $2 AND "status" = $3 ORDER BY "createdAt" DESC, "id" DESC LIMIT 50`, [scope.accountId, false, 'pending']));

    // REST door
    await measure('REST', 'full request through Fastify (app.inject, no TCP)', async () => {
      const r = await server.app.inject({ method: 'GET', url: REST_PATH, headers: { authorization: authHeader } });
      ok(r.statusCode, r.body);
    });
    await measure('REST', 'listResource (parse query, page + items + count, present)', () =>
      listResource(server.db, 'Order', principal, { status_eq: 'pending', limit: '50' }, { items: { orderBy: { position: 'asc' } } }));
    await measure('REST', 'Prisma findMany(include items, take 51) + count', restRows);
    await measure('REST', 'lean path: the same page + items + count compiled to SQL (what listResource runs)', () => Promise.all([
      leanFindMany(server.db, 'Order', { where: where(), orderBy, take: 51, skip: 0, include: { items: { orderBy: { position: 'asc' } } } }),
      leanCount(server.db, 'Order', where()),
    ]));
    await measure('REST', 'present() of the 50 orders with items (representation only)', () => sample[0].slice(0, 50).map((r) => present('Order', r as unknown as Record<string, unknown>)));
    const presented = sample[0].slice(0, 50).map((r) => present('Order', r as unknown as Record<string, unknown>));
    await measure('REST', 'JSON.stringify of the presented page', () => JSON.stringify(presented));
    await measure('REST', 'pg: page + items + count (baseline SQL)', async () => {
      const [rows] = await Promise.all([
        raw(`SELECT * FROM "Order" WHERE "accountId" = $1 AND "livemode" = $2 AND "status" = $3 ORDER BY "createdAt" DESC, "id" DESC LIMIT 51`, [scope.accountId, false, 'pending']),
        raw(`SELECT COUNT(*) FROM "Order" WHERE "accountId" = $1 AND "livemode" = $2 AND "status" = $3`, [scope.accountId, false, 'pending']),
      ]);
      await raw(`SELECT * FROM "OrderItem" WHERE "orderId" = ANY($1) ORDER BY "position"`, [rows.map((r: { id: string }) => r.id)]);
    });

    // both doors
    await measure('both', 'API key check, cache hit (sha256 + Map)', () => auth.fromAuthorizationHeader(authHeader));

    for (const r of registered) for (let i = 0; i < warmup; i++) await r.fn();
    const results = registered.map(() => [] as Array<Omit<Step, 'door' | 'name'>>);
    for (let round = 0; round < rounds; round++) {
      for (const [i, r] of registered.entries()) results[i].push(await runOne(r.fn));
      process.stderr.write(`[breakdown] round ${round + 1}/${rounds} done\n`);
    }
    if (process.env.BREAKDOWN_PROFILE === '1') {
      mkdirSync(join(benchDir, 'profiles'), { recursive: true });
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      for (const [i, r] of registered.entries()) {
        await session.post('Profiler.start');
        await runOne(r.fn);
        const { profile } = await session.post('Profiler.stop');
        const file = join(benchDir, 'profiles', `step-${i + 1}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        process.stderr.write(`[breakdown] ${file}: ${r.door} | ${r.name}\n`);
      }
      session.disconnect();
    }
    for (const [i, r] of registered.entries()) {
      const sorted = [...results[i]].sort((a, b) => a.cpuMs - b.cpuMs);
      steps.push({ door: r.door, name: r.name, ...sorted[Math.floor(sorted.length / 2)] });
    }
    await graphql.close();
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const lines = [
    '# Per-request breakdown (bench/breakdown.ts)',
    '',
    `${new Date().toISOString()}: per step the median of ${rounds} rounds of ${iterations} sequential operations (after ${warmup} warm-up), one process, node ${process.version}, machine load average ${loadavg()[0].toFixed(1)}.`,
    'CPU = user + system time of the process per operation; wall includes the database round trips.',
    '',
    '| Door | Step | CPU ms/op | wall ms/op | SQL/op |',
    '|---|---|---:|---:|---:|',
    ...steps.map((s) => `| ${s.door} | ${s.name} | ${s.cpuMs.toFixed(3)} | ${s.wallMs.toFixed(3)} | ${s.sql.toFixed(2)} |`),
  ];
  const md = lines.join('\n');
  console.log(md);
  writeFileSync(join(benchDir, 'breakdown.md'), `${md}\n`);
}

const watchdog = setTimeout(() => { console.error('[breakdown] time limit reached'); process.exit(2); }, 15 * 60_000);
main().then(() => { clearTimeout(watchdog); process.exit(0); }, (err: unknown) => { console.error(err); process.exit(1); });
