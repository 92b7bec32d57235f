// Runs changes whose time is written in their rows (a pending payment's settlement, a
// redemption's bank payout): the due time lives in the row, so the work survives restarts. On
// start, and then every SAFETY_POLL_MS, the worker asks for due rows; a row made by this
// process also sets a timer for its own due time (wakeAt). Each due row's change runs in its
// own system transaction (runSystemChange, events included); the change must claim its row
// (FOR UPDATE SKIP LOCKED, and check it is still due) so that two processes, or two rounds of
// one, never apply it twice.
import type { Logger } from 'pino';
import { runSystemChange, type Emit, type Services, type Tx } from './operation.js';

const SAFETY_POLL_MS = 2000;
const BATCH = 50;

export interface DueRow { id: string; accountId: string; livemode: boolean }

export interface DueWork {
  /** up to `limit` rows due now, oldest due first */
  due(limit: number): Promise<DueRow[]>;
  /** the change of one due row (claims the row; does nothing if another took it) */
  apply(tx: Tx, id: string, emit: Emit): Promise<unknown>;
  /** logged (with the error) when a round fails; the next round retries */
  failure: string;
}

export interface DueWorker { stop(): Promise<void>; wakeAt(at: Date): void }

export function startDueWorker(services: Services, logger: Logger, work: DueWork): DueWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const applyDue = async () => {
    for (;;) {
      const due = await work.due(BATCH);
      for (const row of due) {
        if (stopped) return;
        await runSystemChange(services, { accountId: row.accountId, livemode: row.livemode }, (tx, emit) => work.apply(tx, row.id, emit));
      }
      if (due.length < BATCH) return;
    }
  };
  let again = false;
  const run = () => {
    if (stopped) return;
    // asked while a round runs: one more round after it (its query may predate the due time)
    if (running) { again = true; return; }
    running = applyDue()
      .catch((err) => logger.warn({ err }, work.failure))
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
