// invoice.overdue, exactly once per invoice. The mark (overdueAt) is set in the same
// transaction that records the event, by a conditional update of an open, unmarked invoice
// whose due date has passed: a restart finds unmarked invoices again (nothing is lost) and never
// the marked ones (nothing repeats); two processes never both mark one invoice (the row is
// claimed with FOR UPDATE SKIP LOCKED and the condition is checked under the lock).
// Invoices without a test clock: the sweep, at start-up and every INVOICE_SWEEP_INTERVAL_SECS.
// Invoices on a test clock: the clock's advance (ClockWork below), at the due date in clock time.
import { startPeriodic, type Periodic } from '../../operations/periodic.js';
import type { Logger } from 'pino';
import type { Emit, Services, Tx } from '../../operations/operation.js';
import { registerClockWork, type ClockRow } from './clocks.js';
import { emitInvoice, include } from './operations.js';
import { runAt } from './system.js';

const BATCH = 100;

/** Marks one real-time invoice overdue and records its event; false when another got there first or it is no longer due. */
async function markOverdue(services: Services, inv: { id: string; accountId: string; livemode: boolean }): Promise<boolean> {
  let now = new Date();
  return runAt(services, { accountId: inv.accountId, livemode: inv.livemode }, () => now, async (tx, emit) => {
    now = new Date();
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Invoice" SET "overdueAt" = ${now}, "updatedAt" = ${now}
      WHERE "id" = (
        SELECT "id" FROM "Invoice"
        WHERE "id" = ${inv.id} AND "status" = 'open' AND "overdueAt" IS NULL AND "testClockId" IS NULL AND "dueDate" <= ${now}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id"`;
    if (claimed.length === 0) return false;
    const row = await tx.invoice.findUniqueOrThrow({ where: { id: inv.id }, include });
    emitInvoice(emit, 'invoice.overdue', row);
    return true;
  });
}

/** One sweep: every open invoice (without a test clock) past its due date and not yet reported. */
export async function sweepOverdue(services: Services, stopping: () => boolean = () => false): Promise<number> {
  let marked = 0;
  let after = new Date(0);
  let afterId = '';
  for (;;) {
    const now = new Date();
    // oldest due first; keyset over (dueDate, id) so a skipped (locked) invoice is not met again this round
    const due = await services.db.prisma.invoice.findMany({
      where: {
        status: 'open', overdueAt: null, testClockId: null, dueDate: { lte: now },
        OR: [{ dueDate: { gt: after } }, { dueDate: after, id: { gt: afterId } }],
      },
      select: { id: true, accountId: true, livemode: true, dueDate: true },
      orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
      take: BATCH,
    });
    for (const inv of due) {
      // shutting down: the rest is found by the next start-up's sweep
      if (stopping()) return marked;
      if (await markOverdue(services, inv)) marked++;
      after = inv.dueDate!;
      afterId = inv.id;
    }
    if (due.length < BATCH) return marked;
  }
}

/** The sweep at start-up and every `intervalMs`, one round at a time. */
export function startOverdueSweep(services: Services, logger: Logger, intervalMs: number): Periodic {
  return startPeriodic((stopping) => sweepOverdue(services, stopping), logger, intervalMs, 'the overdue sweep of invoices failed; the next round retries');
}

// on a test clock: due when the clock reaches the due date; the event's created is the due date
registerClockWork({
  name: 'invoices.overdue',
  async nextDue(tx: Tx, clock: ClockRow, until: Date) {
    const [row] = await tx.$queryRaw<{ due: Date | null }[]>`
      SELECT min("dueDate") AS "due" FROM "Invoice"
      WHERE "testClockId" = ${clock.id} AND "status" = 'open' AND "overdueAt" IS NULL AND "dueDate" <= ${until}`;
    return row?.due ? new Date(row.due) : null;
  },
  async run(tx: Tx, clock: ClockRow, at: Date, emit: Emit) {
    const claimed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Invoice" SET "overdueAt" = ${at}, "updatedAt" = ${new Date()}
      WHERE "testClockId" = ${clock.id} AND "status" = 'open' AND "overdueAt" IS NULL AND "dueDate" <= ${at}
      RETURNING "id"`;
    if (claimed.length === 0) return;
    const rows = await tx.invoice.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, include, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] });
    for (const row of rows) emitInvoice(emit, 'invoice.overdue', row);
  },
});
