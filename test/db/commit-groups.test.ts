// Group commit (src/db/raw-transaction.ts CommitGroups): transactions of one statement that
// declared their locks and wait at the same time share one database transaction and one commit;
// a member that fails makes every member of its group run alone, each with its own answer.
// PostgreSQL only (the embedded database has no raw transactions).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferBegin, COMMITS_WITH } from '../../src/db/lazy-begin.js';
import { CommitGroups, declareLocks, rawTransaction } from '../../src/db/raw-transaction.js';
import { verifyLedger } from '../../src/modules/money/verify.js';
import { fundWallet, newSigningSecret } from '../helpers/money.js';
import { api, gql, hasPostgres, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { skipping } from '../helpers/skip.js';

const table = `commit_groups_${process.pid}_${Date.now()}`.toLowerCase();
const ADMIN = 'commit-groups-admin-key-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipping(!hasPostgres, 'group commit: DATABASE_URL (PostgreSQL) is not set'))('group commit on PostgreSQL', () => {
  let pool: pg.Pool;
  let other: pg.Client;

  beforeAll(async () => {
    // as the server's main pool: pipeline mode, BEGIN and COMMIT riding with statements
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 6, pipeline: true } as pg.PoolConfig);
    deferBegin(pool);
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query(`CREATE TABLE "${table}" (id text PRIMARY KEY, balance int NOT NULL CHECK (balance >= 0))`);
    await other.query(`INSERT INTO "${table}" SELECT 'r' || i, 100 FROM generate_series(0, 9) i`);
  });
  afterAll(async () => {
    await other?.query(`DROP TABLE IF EXISTS "${table}"`).catch(() => undefined);
    await other?.end();
    await pool?.end();
  });

  /** A transaction whose only statement takes `amount` from row `id` (locks declared), run through `groups`. */
  function take(groups: CommitGroups, counter: { n: number }, id: string, amount: number) {
    return rawTransaction(pool, counter, async (tx) => {
      declareLocks(tx, table, [id]);
      const [row] = await tx.$queryRawUnsafe<{ balance: number; xid: string }[]>(
        `${COMMITS_WITH}UPDATE "${table}" SET balance = balance - $2 WHERE id = $1 RETURNING balance, txid_current()::text AS xid`, id, amount);
      return row;
    }, true, groups);
  }

  async function balances(): Promise<Record<string, number>> {
    const { rows } = await other.query<{ id: string; balance: number }>(`SELECT id, balance FROM "${table}" ORDER BY id`);
    return Object.fromEntries(rows.map((r) => [r.id, r.balance]));
  }

  /** Holds `ids` locked in `other` until the returned function is called. */
  async function holding(ids: string[]): Promise<() => Promise<void>> {
    await other.query('BEGIN');
    await other.query(`SELECT 1 FROM "${table}" WHERE id = ANY($1) FOR UPDATE`, [ids]);
    return async () => {
      await other.query('COMMIT');
    };
  }

  /** Waits until `n` backends wait for a lock on the table's rows. */
  async function waiters(n: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      // (not on `other`: inside its transaction the activity view keeps its first snapshot)
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%' || $1 || '%'`, [table]);
      if (rows[0].n >= n) return;
      await sleep(20);
    }
    throw new Error(`no ${n} backends waiting for a lock`);
  }

  /**
   * Groups of at most `size`, one running at a time, kept busy by a lone transaction waiting for
   * `row` (held by `other`): whatever is taken meanwhile queues for the next group. `release`
   * lets the lone one through; `first` is its answer.
   */
  async function busyGroups(size: number, row: string) {
    const counter = { n: 0 };
    const groups = new CommitGroups(pool, counter, true, 1, size);
    const release = await holding([row]);
    const first = take(groups, counter, row, 1);
    await waiters(1);
    return { counter, groups, release, first };
  }

  it('transactions that wait while a group runs go as the next group: one database transaction, one commit, each its own answer', async () => {
    // the first runs alone (no group is running) and waits for r0; the next ten wait for it
    const { counter, groups, release, first } = await busyGroups(50, 'r0');
    const rest = Array.from({ length: 10 }, (_, i) => take(groups, counter, `r${(i % 3) + 1}`, 2));
    await sleep(50);
    await release();
    const [alone, ...members] = await Promise.all([first, ...rest]);
    expect(alone.balance).toBe(99);
    const xids = new Set(members.map((m) => m.xid));
    expect(xids.size).toBe(1);
    expect(xids.has(alone.xid)).toBe(false);
    // each member saw the rows as the members before it in the group left them
    expect(members.filter((_, i) => i % 3 === 0).map((m) => m.balance)).toEqual([98, 96, 94, 92]);
    expect(groups.stats).toEqual({ groups: 1, grouped: 10, alone: 1, retried: 0 });
    expect(await balances()).toMatchObject({ r0: 99, r1: 92, r2: 94, r3: 94 });
    // counted as the database counts statements: the lone one and its COMMIT; the group's lock
    // statement, its ten and its COMMIT
    expect(counter.n).toBe(2 + 12);
  });

  it('a member that fails rolls its group back; every member then runs alone: the others commit, the failing one gets its own error', async () => {
    const before = await balances();
    const { counter, groups, release, first } = await busyGroups(50, 'r4');
    // r5 holds 100: the third member takes 150 and breaks the CHECK
    const amounts = [10, 20, 150, 30, 5];
    const rest = amounts.map((amount) => take(groups, counter, 'r5', amount).then((row) => ({ ok: row }), (err: unknown) => ({ err })));
    await sleep(50);
    await release();
    await first;
    const outcomes = await Promise.all(rest);
    const failed = outcomes.filter((o) => 'err' in o);
    expect(failed).toHaveLength(1);
    expect(outcomes[2]).toHaveProperty('err');
    expect((outcomes[2] as { err: pg.DatabaseError }).err).toBeInstanceOf(pg.DatabaseError);
    expect((outcomes[2] as { err: pg.DatabaseError }).err.code).toBe('23514');
    const oks = outcomes.filter((o): o is { ok: { balance: number; xid: string } } => 'ok' in o);
    // alone: four transactions of their own
    expect(new Set(oks.map((o) => o.ok.xid)).size).toBe(4);
    expect(groups.stats).toMatchObject({ groups: 0, retried: 5 });
    const after = await balances();
    expect(after.r5).toBe(before.r5 - 65);
    expect(after.r4).toBe(before.r4 - 1);
  });

  it('after a group rolls back the next groups are half as large, and grow back as they commit', async () => {
    const { counter, groups, release, first } = await busyGroups(8, 'r4');
    // eight that fail as a group (one of them overdraws r5), then eight that would all commit
    const failing = [1, 1, 1, 500, 1, 1, 1, 1].map((amount) => take(groups, counter, 'r5', amount).then((row) => row, () => undefined));
    const fine = Array.from({ length: 8 }, (_, i) => take(groups, counter, `r${6 + (i % 4)}`, 1));
    await sleep(50);
    await release();
    await first;
    const retried = await Promise.all(failing);
    expect(retried.filter((r) => r === undefined)).toHaveLength(1);
    const committed = await Promise.all(fine);
    // 8 members per group at most, but the group after the rollback took 4, and the next (the
    // limit doubled again) the other 4
    const xids = committed.map((r) => r.xid);
    expect(new Set(xids.slice(0, 4)).size).toBe(1);
    expect(new Set(xids.slice(4)).size).toBe(1);
    expect(xids[0]).not.toBe(xids[4]);
    expect(groups.stats).toEqual({ groups: 2, grouped: 8, alone: 1, retried: 8 });
  });

  it('groups lock every declared row first, in id order: transfers in every direction between a few rows never deadlock', async () => {
    const counter = { n: 0 };
    const groups = new CommitGroups(pool, counter, true, 3, 8);
    const before = await balances();
    const ids = ['r6', 'r7', 'r8', 'r9'];
    // each moves 1 from one row to another, in both directions between every pair
    const moves = Array.from({ length: 240 }, (_, i) => [ids[i % 4], ids[(i + 1 + (i >> 2) % 3) % 4]] as const);
    const results = await Promise.all(moves.map(([from, to]) => rawTransaction(pool, counter, async (tx) => {
      declareLocks(tx, table, [from, to]);
      return tx.$queryRawUnsafe<{ n: number }[]>(`${COMMITS_WITH}WITH l AS (SELECT id FROM "${table}" WHERE id = ANY($1::text[]) ORDER BY id COLLATE "C" FOR UPDATE)
        UPDATE "${table}" t SET balance = t.balance + CASE WHEN t.id = $2 THEN -1 ELSE 1 END FROM l WHERE t.id = l.id RETURNING 1 AS n`, [from, to], from);
    }, true, groups)));
    expect(results.every((r) => r.length === 2)).toBe(true);
    expect(groups.stats.groups).toBeGreaterThan(0);
    expect(groups.stats.retried).toBe(0);
    const after = await balances();
    const net = new Map<string, number>();
    for (const [from, to] of moves) {
      net.set(from, (net.get(from) ?? 0) - 1);
      net.set(to, (net.get(to) ?? 0) + 1);
    }
    for (const id of ids) expect(after[id]).toBe(before[id] + (net.get(id) ?? 0));
  });

  it('a group whose connection is lost before its COMMIT is answered fails every member (whether it committed is unknown, as for one transaction); the pool goes on', async () => {
    const counter = { n: 0 };
    const groups = new CommitGroups(pool, counter, true, 1, 50);
    const before = await balances();
    const second = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await second.connect();
    try {
      await second.query('BEGIN');
      await second.query(`SELECT 1 FROM "${table}" WHERE id = 'r3' FOR UPDATE`);
      const release = await holding(['r2']);
      const first = take(groups, counter, 'r2', 1);
      await waiters(1);
      const rest = [1, 2, 3].map(() => take(groups, counter, 'r3', 1).then(() => 'committed', (err: Error) => err.message));
      await sleep(50);
      // the lone transfer commits; the group behind it waits for r3, held by `second`
      await release();
      await first;
      await waiters(1);
      const { rows } = await pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%string_to_array%' AND query LIKE '%' || $1 || '%'`, [table]);
      expect(rows).toHaveLength(1);
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      const outcomes = await Promise.all(rest);
      for (const o of outcomes) expect(o).not.toBe('committed');
      expect(groups.stats.retried).toBe(0);
    } finally {
      await second.query('COMMIT').catch(() => undefined);
      await second.end();
    }
    // nothing of the group was kept; the next transaction gets a sound connection
    expect((await balances()).r3).toBe(before.r3);
    expect((await take(groups, counter, 'r3', 1)).balance).toBe(before.r3 - 1);
  });

  it('a transaction that sends anything before its last statement, or declares nothing, runs on its own connection as before', async () => {
    const counter = { n: 0 };
    const groups = new CommitGroups(pool, counter, true, 1, 50);
    const out = await rawTransaction(pool, counter, async (tx) => {
      declareLocks(tx, table, ['r1']);
      await tx.$queryRawUnsafe(`SELECT 1`);
      return tx.$queryRawUnsafe<{ balance: number }[]>(`${COMMITS_WITH}UPDATE "${table}" SET balance = balance + 1 WHERE id = 'r1' RETURNING balance`);
    }, true, groups);
    expect(out).toHaveLength(1);
    await rawTransaction(pool, counter, (tx) => tx.$queryRawUnsafe(`${COMMITS_WITH}UPDATE "${table}" SET balance = balance - 1 WHERE id = 'r1'`), true, groups);
    expect(groups.stats).toEqual({ groups: 0, grouped: 0, alone: 0, retried: 0 });
  });

  describe('stablecoin transfers', () => {
    let t: TestServer;
    let accounts: TestAccount[];
    let addresses: string[];

    beforeAll(async () => {
      // one group at a time, of eight at most: a burst makes several groups
      t = await startTestServer({ ADMIN_API_KEY: ADMIN, DATABASE_COMMIT_GROUPS: '1', DATABASE_COMMIT_GROUP_SIZE: '8', WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false', DATABASE_STATEMENT_TIMEOUT_MS: '60000' });
      accounts = await Promise.all([0, 1, 2, 3].map(() => t.newAccount()));
      addresses = [];
      for (const a of accounts) {
        const secret = await newSigningSecret(t, a);
        addresses.push(await fundWallet(t, a, secret, '100'));
      }
    });
    afterAll(async () => {
      await t?.stop();
    });

    const balanceOf = async (key: string) => (await api(t.url, '/v1/stablecoin/balance', { key })).body.balance as string;

    it('a burst in every direction between four wallets (REST and GraphQL) is grouped; every transfer moves once, its hash and events its own, and the chains verify', async () => {
      const stats = t.server.db.commitGroups!.stats;
      const groupsBefore = stats.groups;
      const requests = Array.from({ length: 160 }, (_, i) => {
        const from = i % 4;
        const to = (from + 1 + (i % 3)) % 4;
        const amount = `0.${String((i % 9) + 1).padStart(2, '0')}`;
        return i % 5 === 0
          ? gql(t.url, accounts[from].key, 'mutation($i: TransferStablecoinInput!) { transferStablecoin(input: $i) { id amount transactionHash } }', { i: { amount, to: addresses[to] } })
            .then((res) => ({ from, to, amount, status: res.status === 200 && !res.body.errors ? 201 : 500, id: res.body.data?.transferStablecoin?.id as string, hash: res.body.data?.transferStablecoin?.transactionHash as string, text: res.text }))
          : api(t.url, '/v1/stablecoin/transfer', { key: accounts[from].key, body: { amount, to: addresses[to] } })
            .then((res) => ({ from, to, amount, status: res.status, id: res.body.id as string, hash: res.body.transaction_hash as string, text: res.text }));
      });
      const results = await Promise.all(requests);
      for (const r of results) expect(r.status, r.text).toBe(201);
      expect(stats.groups).toBeGreaterThan(groupsBefore);
      expect(new Set(results.map((r) => r.id)).size).toBe(160);
      expect(new Set(results.map((r) => r.hash)).size).toBe(160);
      for (const r of results) expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      // balances: 100 each, less what each sent, plus what it received (in micro-units)
      const net = [0, 0, 0, 0];
      for (const r of results) {
        const micro = Math.round(Number(r.amount) * 1e6);
        net[r.from] -= micro;
        net[r.to] += micro;
      }
      const balances = await Promise.all(accounts.map((a) => balanceOf(a.key)));
      expect(balances.map((b) => Math.round(Number(b) * 1e6))).toEqual(net.map((n) => 100e6 + n));
      // each transfer once in the database, with the hash its answer gave; an event for each side
      const prisma = t.server.db.prisma;
      const rows = await prisma.stablecoinTransfer.findMany({ where: { id: { in: results.map((r) => r.id) } }, select: { id: true, transactionHash: true } });
      expect(new Map(rows.map((r) => [r.id, r.transactionHash]))).toEqual(new Map(results.map((r) => [r.id, r.hash])));
      const events = await prisma.event.count({ where: { type: 'stablecoin.transferred', accountId: { in: accounts.map((a) => a.accountId) } } });
      expect(events).toBe(320);
      // every chain of these accounts links and hashes
      const report = await verifyLedger(prisma);
      const mine = new Set((await prisma.ledgerTransaction.findMany({ where: { accountId: { in: accounts.map((a) => a.accountId) } }, select: { id: true } })).map((r) => r.id));
      expect(mine.size).toBe(164);
      expect(report.problems.filter((p) => accounts.some((a) => p.includes(a.accountId)) || mine.has(p.split(':')[0]))).toEqual([]);
      // and /metrics reports the groups
      const metrics = await api(t.url, '/metrics', { headers: { 'x-admin-key': ADMIN } });
      for (const kind of ['groups', 'grouped', 'alone', 'retried'] as const) {
        expect(metrics.text).toMatch(new RegExp(`db_commit_groups_total\\{kind="${kind}"\\} ${stats[kind]}\\b`));
      }
    });

    it('with Idempotency-Keys: a burst is grouped too (the record is written whole with the events); replays answer the first answers, even once the wallet is empty; one key sent at once moves the coin once', async () => {
      const stats = t.server.db.commitGroups!.stats;
      const sender = await t.newAccount();
      const secret = await newSigningSecret(t, sender);
      await fundWallet(t, sender, secret, '41');
      const to = addresses[1];
      // a first transfer: the server knows both wallets from then on (before, a transfer looks them up on Prisma's path)
      expect((await api(t.url, '/v1/stablecoin/transfer', { key: sender.key, body: { amount: '1', to } })).status).toBe(201);
      const before = stats.grouped;
      const send = (key: string, amount = '1') => api(t.url, '/v1/stablecoin/transfer', { key: sender.key, body: { amount, to }, headers: { 'idempotency-key': key } });
      const keys = Array.from({ length: 30 }, (_, i) => `grouped-${process.pid}-${Date.now()}-${i}`);
      const first = await Promise.all(keys.map((k) => send(k)));
      for (const r of first) expect(r.status, r.text).toBe(201);
      expect(stats.grouped).toBeGreaterThan(before);
      expect(await balanceOf(sender.key)).toBe('10');
      // drain the wallet: the replays below could not move anything now
      expect((await api(t.url, '/v1/stablecoin/transfer', { key: sender.key, body: { amount: '10', to } })).status).toBe(201);
      const again = await Promise.all(keys.map((k) => send(k)));
      again.forEach((r, i) => {
        expect(r.status, r.text).toBe(201);
        expect(r.text).toBe(first[i].text);
        expect(r.headers.get('idempotent-replayed')).toBe('true');
      });
      // another body under a used key: refused as a reuse, nothing moves
      const reused = await send(keys[0], '2');
      expect(reused.status, reused.text).toBe(409);
      expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      // one new key, eight times at once, with coin for one: one transfer, eight equal answers
      await fundWallet(t, sender, secret, '1');
      const once = `once-${process.pid}-${Date.now()}`;
      const burst = await Promise.all(Array.from({ length: 8 }, () => send(once)));
      const ids = new Set(burst.map((r) => r.body.id));
      for (const r of burst) expect(r.status, r.text).toBe(201);
      expect(ids.size).toBe(1);
      expect(burst.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
      expect(await balanceOf(sender.key)).toBe('0');
      expect(await t.server.db.prisma.stablecoinTransfer.count({ where: { accountId: sender.accountId } })).toBe(33);
    });

    it('a burst that overdraws: every transfer the wallet covers succeeds, the rest are refused, nothing twice', async () => {
      const sender = await t.newAccount();
      const secret = await newSigningSecret(t, sender);
      await fundWallet(t, sender, secret, '30');
      const to = addresses[0];
      const before = await balanceOf(accounts[0].key);
      const results = await Promise.all(Array.from({ length: 60 }, () => api(t.url, '/v1/stablecoin/transfer', { key: sender.key, body: { amount: '1', to } })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(30);
      for (const r of results.filter((x) => x.status !== 201)) expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status: 422, code: 'INSUFFICIENT_FUNDS' });
      expect(await balanceOf(sender.key)).toBe('0');
      expect(Number(await balanceOf(accounts[0].key))).toBeCloseTo(Number(before) + 30, 6);
    });
  });
});
