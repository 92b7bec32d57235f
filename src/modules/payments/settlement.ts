// Settles pending payments when their time comes (the test processor's `pm_card_processing`),
// on the due-time worker (src/operations/due-worker.ts): the due time is in the payment's row,
// and settlePayment claims the row with FOR UPDATE SKIP LOCKED and checks it is still pending.
import type { Logger } from 'pino';
import type { Services } from '../../operations/operation.js';
import { startDueWorker, type DueWorker } from '../../operations/due-worker.js';
import { settlePayment } from './operations.js';

export function startSettlement(services: Services, logger: Logger): DueWorker {
  return startDueWorker(services, logger, {
    due: (limit) => services.db.prisma.payment.findMany({
      where: { status: 'pending', settleAt: { lte: new Date() } },
      select: { id: true, accountId: true, livemode: true },
      orderBy: { settleAt: 'asc' },
      take: limit,
    }),
    apply: settlePayment,
    failure: 'settling pending payments failed; the next round retries',
  });
}
