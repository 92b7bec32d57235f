// Background rounds (the overdue sweep, subscription renewals, loan instalments): one at
// start-up and one every interval, never two at once in a process; a failed round is logged
// and the next one retries; stop() waits for the round in progress, which checks `stopping`
// between rows and leaves the rest to the next start-up.
import type { Logger } from 'pino';

export interface Periodic {
  stop(): Promise<void>;
}

export function startPeriodic(
  round: (stopping: () => boolean) => Promise<unknown>, logger: Logger, intervalMs: number, failure: string,
): Periodic {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (stopped || running) return;
    running = round(() => stopped)
      .then(() => undefined)
      .catch((err) => logger.warn({ err }, failure))
      .finally(() => { running = undefined; });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
