// Settles pending payments when their time comes (the test processor's `pm_card_processing`).
// The due time is in the payment's row, so settlement survives restarts: on start, and then
// every SAFETY_POLL_MS, the worker looks for due payments; a payment made by this process
// also sets a timer for its own due time. Two processes never settle one payment twice: each
// settlement claims its row with FOR UPDATE SKIP LOCKED and checks it is still pending.
import type { Logger } from 'pino';
import { runSystemChange, type Services } from '../../operations/operation.js';
import { settlePayment } from './operations.js';

const SAFETY_POLL_MS = 2000;
const BATCH = 50;

export function startSettlement(services: Services, logger: Logger): { stop(): Promise<void>; wakeAt(at: Date): void } {
  const prisma = services.db.prisma;
  let stopped = false;
  let running: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const settleDue = async () => {
    for (;;) {
      const due = await prisma.payment.findMany({
        where: { status: 'pending', settleAt: { lte: new Date() } },
        select: { id: true, accountId: true, livemode: true },
        orderBy: { settleAt: 'asc' },
        take: BATCH,
      });
      for (const p of due) {
        if (stopped) return;
        await runSystemChange(services, { accountId: p.accountId, livemode: p.livemode }, (tx, emit) => settlePayment(tx, p.id, emit));
      }
      if (due.length < BATCH) return;
    }
  };
  let again = false;
  const run = () => {
    if (stopped) return;
    // asked while a round runs: one more round after it (its query may predate the due time)
    if (running) { again = true; return; }
    running = settleDue()
      .catch((err) => logger.warn({ err }, 'settling pending payments failed; the next round retries'))
      .finally(() => {
        running = undefined;
        if (again) { again = false; run(); }
      });
  };
  const schedule = () => {
    poll = setTimeout(() => { run(); if (!stopped) schedule(); }, SAFETY_POLL_MS);
    poll.unref();
  };
  run();
  schedule();
  return {
    wakeAt(at: Date) {
      if (stopped) return;
      const timer = setTimeout(() => { timers.delete(timer); run(); }, Math.max(0, at.getTime() - Date.now()) + 50);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      stopped = true;
      if (poll) clearTimeout(poll);
      for (const t of timers) clearTimeout(t);
      await running;
    },
  };
}
