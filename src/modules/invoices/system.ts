// Changes the server makes by itself on a clock's time (the overdue sweep, a test clock's
// advance): one transaction, its events recorded in it (the outbox) with `created` set to the
// time the change happened in (a test clock's time, or the real time), published after commit.
import type { EventEnvelope } from '../../events/bus.js';
import { newEvent, publishEvents, recordEventsOf } from '../../events/outbox.js';
import type { Emit, Scope, Services, Tx } from '../../operations/operation.js';
import { present } from '../../representation.js';

/**
 * Runs `fn` in a transaction of `scope`'s account and mode; every event it emits carries
 * `created` = `createdAt()` as read when the event is emitted (the clock's time).
 */
export async function runAt<T>(
  services: Services, scope: Scope, createdAt: () => Date, fn: (tx: Tx, emit: Emit) => Promise<T>,
): Promise<T> {
  const byAccount = new Map<string, EventEnvelope[]>();
  // no request caused it: request.id is null, as Stripe's automatic events
  const origin = { requestId: null, idempotencyKey: null, apiVersion: services.apiVersion, livemode: scope.livemode };
  const emit: Emit = (type, model, row, previous, options) => {
    const account = options?.account ?? scope.accountId;
    const event = newEvent(type, present(model, row), origin, previous, options?.data);
    event.created = Math.floor((options?.created ?? createdAt()).getTime() / 1000);
    byAccount.set(account, [...(byAccount.get(account) ?? []), event]);
  };
  let deliveries = 0;
  const result = await services.db.prisma.$transaction(async (tx) => {
    const out = await fn(tx, emit);
    deliveries = await recordEventsOf(tx, byAccount);
    return out;
  }, { timeout: 30_000, maxWait: 10_000 });
  let first = true;
  for (const [account, list] of byAccount) {
    publishEvents(services, account, list, first ? deliveries : 0);
    first = false;
  }
  return result;
}
