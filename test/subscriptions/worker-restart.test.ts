// Real-time renewals exactly once across restarts and two servers: the subscriptions worker runs
// at start-up and every INVOICE_SWEEP_INTERVAL_SECS; a renewal that fell due while the server was
// down runs when it comes back (nothing lost), one that ran never again (nothing repeated); two
// servers sweeping one PostgreSQL database renew it once.
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createApiKey } from '../../src/auth/keys.js';
import { findOrCreateAccount } from '../../src/accounts.js';
import { sweepSubscriptions } from '../../src/modules/subscriptions/billing.js';
import { api, hasPostgres } from '../helpers/server.js';
import { restartableServers } from '../helpers/restarts.js';

const DAY_MS = 86_400_000;

describe('subscription renewals across restarts', () => {
  // a long interval: only the start-up rounds (and the explicit sweeps below) run
  const { start, stop } = restartableServers({ INVOICE_SWEEP_INTERVAL_SECS: '30', WEBHOOK_WORKER: 'false' });
  const until = async (what: () => Promise<boolean>, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('a renewal due while down runs at start-up, once; never again after another restart; once with two servers', async () => {
    let s = await start();
    const { account } = await findOrCreateAccount(s.db.prisma, `subs-${process.pid}-${Date.now()}`, s.config.DEFAULT_PLAN);
    const { secret: key } = await createApiKey(s.db.prisma, { accountId: account.id, type: 'secret', mode: 'test' });
    const post = (path: string, body: unknown) => api(s.url, path, { key, method: 'POST', body });
    const product = (await post('/v1/products', { name: 'Daily', price: 300, currency: 'usd' })).body.id;
    const price = (await post('/v1/prices', { product, currency: 'usd', unit_amount: 300, recurring: { interval: 'day' } })).body.id;
    const cus = (await post('/v1/customers', { name: 'Daily payer' })).body.id;
    const created = await post('/v1/subscriptions', { customer: cus, items: [{ price }], payment_method: 'pm_card_visa' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const invoices = (srv: RunningServer) => srv.db.prisma.invoice.count({ where: { subscriptionId: id } });
    const updates = async (srv: RunningServer) => (await srv.db.prisma.event.findMany({ where: { accountId: account.id, type: 'customer.subscription.updated' } })).length;
    /** as if the subscription had started `periods` days (and a minute) ago: period `periods` has just ended */
    const dueNow = async (srv: RunningServer, periods: number) => {
      const anchor = new Date(Date.now() - periods * DAY_MS - 60_000);
      const end = new Date(anchor.getTime() + periods * DAY_MS);
      await srv.db.prisma.subscription.update({
        where: { id }, data: { billingCycleAnchor: anchor, periodIndex: periods, currentPeriodStart: new Date(end.getTime() - DAY_MS), currentPeriodEnd: end, nextActionAt: end },
      });
      return end;
    };

    // due while the server is down
    const end = await dueNow(s, 1);
    await stop(s);
    s = await start();
    await until(async () => (await invoices(s)) === 2);
    const renewed = await s.db.prisma.subscription.findUniqueOrThrow({ where: { id } });
    expect([renewed.status, renewed.currentPeriodStart.getTime(), renewed.currentPeriodEnd.getTime()]).toEqual(['active', end.getTime(), end.getTime() + DAY_MS]);
    expect(await updates(s)).toBe(1);

    // after another restart (and explicit rounds): nothing repeats
    await stop(s);
    s = await start();
    await Promise.all([sweepSubscriptions(s.services), sweepSubscriptions(s.services)]);
    expect(await invoices(s)).toBe(2);
    expect(await updates(s)).toBe(1);

    if (hasPostgres) {
      // two servers on one database, both sweeping at once
      await dueNow(s, 2);
      const other = await start();
      await Promise.all([sweepSubscriptions(s.services), sweepSubscriptions(other.services), sweepSubscriptions(s.services), sweepSubscriptions(other.services)]);
      await until(async () => (await invoices(s)) === 3);
      await Promise.all([sweepSubscriptions(s.services), sweepSubscriptions(other.services)]);
      expect(await invoices(s)).toBe(3);
      expect(await updates(s)).toBe(2);
      const paid = await s.db.prisma.invoice.count({ where: { subscriptionId: id, status: 'paid' } });
      expect(paid).toBe(3);
    }
  });
});
