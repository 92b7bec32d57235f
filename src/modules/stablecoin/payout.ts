// Completes the bank payouts of processing stablecoin redemptions when their time comes (test
// mode's simulated bank: REDEMPTION_PAYOUT_DELAY_MS after the redemption), on the due-time
// worker (src/operations/due-worker.ts): the due time is in the redemption's row, and
// settleRedemption claims the row with FOR UPDATE SKIP LOCKED and checks it is still processing.
import type { Logger } from 'pino';
import type { Services } from '../../operations/operation.js';
import { startDueWorker, type DueWorker } from '../../operations/due-worker.js';
import { settleRedemption } from './operations.js';

export function startPayouts(services: Services, logger: Logger): DueWorker {
  return startDueWorker(services, logger, {
    due: (limit) => services.db.prisma.stablecoinRedemption.findMany({
      where: { status: 'processing', settleAt: { lte: new Date() } },
      select: { id: true, accountId: true, livemode: true },
      orderBy: { settleAt: 'asc' },
      take: limit,
    }),
    apply: settleRedemption,
    failure: 'completing stablecoin redemption payouts failed; the next round retries',
  });
}
