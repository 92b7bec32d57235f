// Our server as a child process of bench/subscriptions.ts: bench/server-process.ts plus what
// the subscription benchmark asks of it. Its `stats` answer adds the process's memory
// (process.memoryUsage()), the open GraphQL WebSockets and the account topics with local
// subscribers; its `reset` answer runs a full garbage collection first (the process is
// started with --expose-gc) so that the memory figures are of live objects. Process warnings
// (MaxListenersExceededWarning, ...) are counted here too, next to the stderr lines the parent
// counts. `loop` is the event-loop delay (p50, p99, max ms) since the previous stats answer.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { announceReady, failStartup } from './child.js';

// event-loop delay since the previous stats answer
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const loopSince = () => {
  const out = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  loop.reset();
  return out;
};

// BENCH_GC_TRACE=1: every garbage collection pause over 50 ms on stderr (kind and duration)
if (process.env.BENCH_GC_TRACE === '1') {
  const KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (e.duration > 50) process.stderr.write(`[gc] ${KINDS[kind] ?? kind} ${e.duration.toFixed(0)} ms at ${new Date().toISOString()}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}

const warnings: { name: string; message: string }[] = [];
process.on('warning', (w) => {
  if (warnings.length < 1000) warnings.push({ name: w.name, message: w.message });
});

try {
  const { startServer } = await import('../src/server.js');
  const server = await startServer(process.env);
  let requests = 0;
  server.app.server.on('request', () => requests++);
  const gc = (globalThis as { gc?: () => void }).gc;
  announceReady(server.url, {
    stats: () => ({
      queries: server.db.queryCount(),
      requests,
      memory: process.memoryUsage(),
      // account-and-mode topics with local subscribers (when the bus still counts them)
      topics: (server.bus as { activeTopics?: () => number }).activeTopics?.() ?? -1,
      loop: loopSince(),
      warnings: warnings.length,
      warningExamples: warnings.slice(0, 5),
    }) as never,
    reset: () => {
      // twice: objects freed by finalizers of the first pass go in the second
      gc?.();
      gc?.();
    },
    stop: () => server.stop(),
  });
} catch (err) {
  failStartup(err);
}

