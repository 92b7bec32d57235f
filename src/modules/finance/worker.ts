// Debits fixed loans' instalments when they fall due. The due moment is in the loan's row
// (nextDebitAt), so nothing is lost across restarts: at start-up and every interval the worker
// takes the loans due by now (those without a test clock), each in its own transaction with its
// row claimed (FOR UPDATE SKIP LOCKED, re-checked under the lock), so two processes never debit
// one instalment twice. Loans on a test clock are debited by the clock's advance instead
// (registerClockWork), at the clock's time.
import type { Logger } from 'pino';
import { runSystemChange, type Services } from '../../operations/operation.js';
import { startPeriodic, type Periodic } from '../../operations/periodic.js';
import { registerClockWork } from '../invoices/clocks.js';
import { debitDueInstalments } from './repayments.js';

const BATCH = 50;

async function claimAndDebit(tx: Parameters<Parameters<typeof runSystemChange>[2]>[0], id: string, at: Date, emit: Parameters<Parameters<typeof runSystemChange>[2]>[1]): Promise<void> {
  const [claimed] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Loan" WHERE "id" = ${id} AND "status" IN ('active', 'past_due') AND "nextDebitAt" <= ${at} FOR UPDATE SKIP LOCKED`;
  if (claimed) await debitDueInstalments(tx, id, at, emit);
}

/** One round: every loan without a test clock with an instalment due, earliest first (keyset, so a row another process holds is passed, not met again). */
export async function debitDueLoans(services: Services, stopping: () => boolean = () => false): Promise<void> {
  let after = new Date(0);
  let afterId = '';
  for (;;) {
    const now = new Date();
    const due = await services.db.prisma.loan.findMany({
      where: {
        testClockId: null, status: { in: ['active', 'past_due'] }, nextDebitAt: { lte: now },
        OR: [{ nextDebitAt: { gt: after } }, { nextDebitAt: after, id: { gt: afterId } }],
      },
      select: { id: true, accountId: true, livemode: true, nextDebitAt: true },
      orderBy: [{ nextDebitAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
    });
    for (const loan of due) {
      if (stopping()) return;
      await runSystemChange(services, { accountId: loan.accountId, livemode: loan.livemode }, (tx, emit) => claimAndDebit(tx, loan.id, new Date(), emit));
      after = loan.nextDebitAt!;
      afterId = loan.id;
    }
    if (due.length < BATCH) return;
  }
}

export function startLoanWorker(services: Services, logger: Logger, intervalMs: number): Periodic {
  return startPeriodic((stopping) => debitDueLoans(services, stopping), logger, intervalMs, 'debiting loan instalments failed; the next round retries');
}

// loans living on a test clock: debited as the clock passes their due dates and retries
registerClockWork({
  name: 'finance.loans',
  async nextDue(tx, clock, until) {
    const next = await tx.loan.findFirst({
      where: { testClockId: clock.id, status: { in: ['active', 'past_due'] }, nextDebitAt: { lte: until } },
      orderBy: { nextDebitAt: 'asc' },
      select: { nextDebitAt: true },
    });
    return next?.nextDebitAt ?? null;
  },
  async run(tx, clock, at, emit) {
    const due = await tx.loan.findMany({
      where: { testClockId: clock.id, status: { in: ['active', 'past_due'] }, nextDebitAt: { lte: at } },
      orderBy: [{ nextDebitAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    for (const loan of due) await claimAndDebit(tx, loan.id, at, emit);
  },
});
