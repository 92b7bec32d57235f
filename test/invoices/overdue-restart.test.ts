// invoice.overdue exactly once across restarts: the sweep runs at start-up and every
// INVOICE_SWEEP_INTERVAL_SECS; an invoice that fell due while the server was down is reported
// when it comes back (nothing lost), one already reported never again (nothing repeated); two
// servers sweeping one database report each invoice once; a test clock left advancing by a
// stopped server is finished by the next one.
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { openDatabase } from '../../src/db/client.js';
import { api } from '../helpers/server.js';
import { restartableServers } from '../helpers/restarts.js';

const DAY = 86_400;

describe('invoice.overdue across restarts', () => {
  const { start, stop, dataDir, env } = restartableServers({ INVOICE_SWEEP_INTERVAL_SECS: '1' });

  const overdueOf = async (s: RunningServer, accountId: string) =>
    (await s.db.prisma.event.findMany({ where: { accountId, type: 'invoice.overdue' }, orderBy: { seq: 'asc' } })).map((e) => (e.data as any).object.id as string);
  const until = async (what: () => Promise<boolean>, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('reported once while up, again never after a restart; one due while down is reported at start-up', async () => {
    let s = await start();
    const { account } = await findOrCreateAccount(s.db.prisma, `overdue-${process.pid}-${Date.now()}`, s.config.DEFAULT_PLAN);
    const { secret: key } = await createApiKey(s.db.prisma, { accountId: account.id, type: 'secret', mode: 'test' });
    const post = (url: string, path: string, body: unknown) => api(url, path, { key, method: 'POST', body });
    const cus = (await post(s.url, '/v1/customers', { name: 'Late payer' })).body.id;
    /** due date (unix seconds) of each invoice made here */
    const dueOf = new Map<string, number>();
    const invoice = async (url: string, dueIn: number) => {
      const due = Math.floor(Date.now() / 1000) + dueIn;
      const created = await post(url, '/v1/invoices', {
        customer: cus, currency: 'usd', due_date: due, items: [{ description: 'Work', quantity: 1, unit_amount: 5000 }],
      });
      dueOf.set(created.body.id, due);
      expect(created.status, created.text).toBe(201);
      const fin = await post(url, `/v1/invoices/${created.body.id}/finalize`, {});
      expect(fin.status, fin.text).toBe(200);
      return fin.body.id as string;
    };
    // due a few seconds ahead: far enough that a busy machine still creates it before then
    const first = await invoice(s.url, 3);
    const paid = await invoice(s.url, 3);
    expect((await post(s.url, `/v1/invoices/${paid}/pay`, { payment_method: 'pm_card_visa' })).status).toBe(200);
    await until(async () => (await overdueOf(s, account.id)).includes(first));
    const event = (await api(s.url, '/v1/events?type=invoice.overdue', { key })).body.data[0];
    expect(event.data.object).toMatchObject({ id: first, status: 'open' });
    expect(event.created).toBeGreaterThanOrEqual(event.data.object.due_date);

    // due while the server is down
    const second = await invoice(s.url, 3);
    await stop(s);
    // no server runs until it is due
    await until(async () => Date.now() > dueOf.get(second)! * 1000);
    s = await start();
    await until(async () => (await overdueOf(s, account.id)).includes(second));
    // a few more sweeps and another restart: still once each, and never the paid one
    await new Promise((r) => setTimeout(r, 2500));
    await stop(s);
    s = await start();
    // the second server of the next part starts during these sweeps (a start takes about as
    // long): its start-up sweep is one more that must not report them again
    const starting = start();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await overdueOf(s, account.id)).toEqual([first, second]);

    // two servers on one database sweep at once: each invoice reported once
    const other = await starting;
    // ten at once while two servers start and sweep: each is created well before it falls due
    const many = await Promise.all(Array.from({ length: 10 }, () => invoice(s.url, 8)));
    await until(async () => (await overdueOf(s, account.id)).length === 12);
    expect((await overdueOf(s, account.id)).slice(2).sort()).toEqual([...many].sort());
    await new Promise((r) => setTimeout(r, 2500));
    const all = await overdueOf(s, account.id);
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
    await stop(other);
    await stop(s);
  });

  it('a test clock left advancing by a stopped server is finished by the next one, each event once', async () => {
    let s = await start();
    const { account } = await findOrCreateAccount(s.db.prisma, `clock-restart-${process.pid}-${Date.now()}`, s.config.DEFAULT_PLAN);
    const { secret: key } = await createApiKey(s.db.prisma, { accountId: account.id, type: 'secret', mode: 'test' });
    const T0 = Date.UTC(2031, 1, 28, 12) / 1000;
    const clock = (await api(s.url, '/v1/test_helpers/test_clocks', { key, body: { frozen_time: T0 } })).body;
    const cus = (await api(s.url, '/v1/customers', { key, body: { test_clock: clock.id } })).body;
    const invoices: string[] = [];
    for (const d of [1, 2, 3]) {
      const inv = (await api(s.url, '/v1/invoices', { key, body: { customer: cus.id, currency: 'usd', days_until_due: d, items: [{ description: 'x', quantity: 1, unit_amount: 100 }] } })).body;
      expect((await api(s.url, `/v1/invoices/${inv.id}/finalize`, { key, method: 'POST', body: {} })).status).toBe(200);
      invoices.push(inv.id);
    }
    // the state a crash in the middle of an advance leaves: advancing, its target recorded;
    // written on the database itself while no server runs (a server's clock worker would finish it)
    await stop(s);
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
    try {
      await db.prisma.testClock.update({ where: { id: clock.id }, data: { status: 'advancing', advancingTo: new Date((T0 + 5 * DAY) * 1000) } });
    } finally {
      await db.close();
    }
    s = await start();
    await until(async () => (await s.db.prisma.testClock.findUniqueOrThrow({ where: { id: clock.id } })).status === 'ready');
    const events = await s.db.prisma.event.findMany({ where: { accountId: account.id, type: 'invoice.overdue' }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => [(e.data as any).object.id, Math.floor(e.createdAt.getTime() / 1000)])).toEqual(invoices.map((id, i) => [id, T0 + (i + 1) * DAY]));
    const c = await s.db.prisma.testClock.findUniqueOrThrow({ where: { id: clock.id } });
    expect(c.frozenTime.getTime() / 1000).toBe(T0 + 5 * DAY);
    await stop(s);
  });
});
