// Child processes of the benchmark (our server, the baseline server) and the small IPC
// protocol between them and bench/run.ts: the child sends {type:'ready', url} once it
// listens, answers {type:'stats'} with its SQL statement counters and exits on
// {type:'stop'}, on SIGTERM, or when the parent goes away (IPC disconnect).
import { spawn, type ChildProcess } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { openSync, readSync, writeFileSync } from 'node:fs';

export interface SqlStat {
  count: number;
  totalMs: number;
}

export interface ChildStats {
  /** SQL statements sent so far */
  queries: number;
  /** HTTP requests received so far */
  requests: number;
  /** CPU time of the process so far (user + system), ms */
  cpuMs: number;
  /**
   * Time the main thread of the process spent runnable but waiting for a CPU so far, ms
   * (Linux, /proc/thread-self/schedstat): how much other work on the machine delayed it.
   */
  runQueueMs?: number;
  /** per SQL text (only when tracing is on) */
  statements?: Record<string, SqlStat>;
  /** commits made so far, and the transactions they carried (our server: group commit) */
  commits?: { commits: number; transactions: number };
}

type ToChild =
  | { type: 'stats'; id: number }
  | { type: 'reset'; id: number }
  | { type: 'profile-start'; id: number }
  | { type: 'profile-stop'; id: number; file: string }
  | { type: 'stop' };
type FromChild = { type: 'ready'; url: string } | { type: 'stats'; id: number; stats: ChildStats } | { type: 'error'; message: string };

// ---------------------------------------------------------------- child side

export interface ChildHooks {
  stats(): Omit<ChildStats, 'cpuMs' | 'runQueueMs'>;
  reset?(): void;
  stop(): Promise<void>;
}

/**
 * A reader of the time the calling thread has spent runnable but waiting for a CPU, ms
 * (Linux, /proc/thread-self/schedstat; about 10 µs a read), or undefined elsewhere. On a busy
 * machine an operation that takes long is often one the scheduler preempted.
 */
export function runQueueClock(): (() => number) | undefined {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(128);
    const read = () => Number(buf.toString('latin1', 0, readSync(fd, buf, 0, buf.length, 0)).split(' ')[1]) / 1e6;
    return Number.isFinite(read()) ? read : undefined;
  } catch {
    return undefined;
  }
}

/** Called by a child once it listens. */
export function announceReady(url: string, hooks: ChildHooks) {
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // never hang on shutdown: the parent also SIGKILLs after a grace period
    const force = setTimeout(() => process.exit(code), 5000);
    force.unref();
    try {
      await hooks.stop();
    } catch {
      // exiting anyway
    }
    // process.exit (not a signal) so that --cpu-prof writes its profile
    process.exit(code);
  };
  const runQueue = runQueueClock();
  const stats = (): ChildStats => {
    const cpu = process.cpuUsage();
    return { ...hooks.stats(), cpuMs: (cpu.user + cpu.system) / 1000, runQueueMs: runQueue?.() };
  };
  // CPU profile of a window (the measured run), through the inspector of this process
  let session: Session | undefined;
  const profile = async (msg: ToChild) => {
    // BENCH_PROFILE=heap: a sampling heap profile instead (every allocation, collected or not);
    // heap-survivors: only what outlived the young generation (not collected by a scavenge)
    const survivors = process.env.BENCH_PROFILE === 'heap-survivors';
    const heap = process.env.BENCH_PROFILE === 'heap' || survivors;
    if (msg.type === 'profile-start') {
      session = new Session();
      session.connect();
      if (heap) {
        await session.post('HeapProfiler.enable');
        await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivors });
      } else {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 500 });
        await session.post('Profiler.start');
      }
    } else if (msg.type === 'profile-stop' && session) {
      const data = heap ? (await session.post('HeapProfiler.stopSampling')).profile : (await session.post('Profiler.stop')).profile;
      writeFileSync(heap ? msg.file.replace(/\.cpuprofile$/, '.heapprofile') : msg.file, JSON.stringify(data));
      session.disconnect();
      session = undefined;
    }
  };
  process.on('message', (msg: ToChild) => {
    if (msg.type === 'stats') process.send?.({ type: 'stats', id: msg.id, stats: stats() } satisfies FromChild);
    else if (msg.type === 'reset') {
      hooks.reset?.();
      process.send?.({ type: 'stats', id: msg.id, stats: stats() } satisfies FromChild);
    } else if (msg.type === 'profile-start' || msg.type === 'profile-stop') {
      const id = msg.id;
      profile(msg).then(
        () => process.send?.({ type: 'stats', id, stats: stats() } satisfies FromChild),
        (err: unknown) => { console.error('[bench] profiler:', err); process.send?.({ type: 'stats', id, stats: stats() } satisfies FromChild); },
      );
    } else if (msg.type === 'stop') void shutdown(0);
  });
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
  process.send?.({ type: 'ready', url } satisfies FromChild);
}

/** Reports a startup failure to the parent and exits. */
export function failStartup(err: unknown): never {
  const message = err instanceof Error ? err.stack ?? err.message : String(err);
  process.send?.({ type: 'error', message } satisfies FromChild);
  console.error(message);
  process.exit(1);
}

// ---------------------------------------------------------------- parent side

export interface Child {
  name: string;
  url: string;
  proc: ChildProcess;
  stats(): Promise<ChildStats>;
  reset(): Promise<ChildStats>;
  profileStart(): Promise<ChildStats>;
  /** writes the CPU profile since profileStart() to `file` (.cpuprofile, for Chrome DevTools) */
  profileStop(file: string): Promise<ChildStats>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every child still running (last resort: on errors and signals). */
export function killAllChildren() {
  for (const proc of running) {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
  running.clear();
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Starts `node [nodeArgs] --import tsx file` and waits (bounded) until it listens. */
export async function startChild(name: string, file: string, env: NodeJS.ProcessEnv, opts: { nodeArgs?: string[]; readyTimeoutMs?: number } = {}): Promise<Child> {
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', file], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(proc);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => { running.delete(proc); resolve(); }));
  let nextId = 1;
  const pending = new Map<number, (s: ChildStats) => void>();
  const ready = new Promise<string>((resolve, reject) => {
    proc.on('message', (msg: FromChild) => {
      if (msg.type === 'ready') resolve(msg.url);
      else if (msg.type === 'error') reject(new Error(`${name} failed to start:\n${msg.message}`));
      else if (msg.type === 'stats') {
        pending.get(msg.id)?.(msg.stats);
        pending.delete(msg.id);
      }
    });
    proc.once('exit', (code, signal) => reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`)));
    proc.once('error', reject);
  });
  let url: string;
  try {
    url = await withTimeout(ready, opts.readyTimeoutMs ?? 120_000, `${name} start`);
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  const ask = (type: 'stats' | 'reset' | 'profile-start' | 'profile-stop', file = '') => {
    const id = nextId++;
    const answer = new Promise<ChildStats>((resolve) => pending.set(id, resolve));
    proc.send((type === 'profile-stop' ? { type, id, file } : { type, id }) satisfies ToChild);
    return withTimeout(answer, 30_000, `${name} ${type}`);
  };
  return {
    name,
    url,
    proc,
    stats: () => ask('stats'),
    reset: () => ask('reset'),
    profileStart: () => ask('profile-start'),
    profileStop: (file: string) => ask('profile-stop', file),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      if (proc.connected) proc.send({ type: 'stop' } satisfies ToChild);
      else proc.kill('SIGTERM');
      try {
        await withTimeout(exited, 15_000, `${name} stop`);
      } catch {
        proc.kill('SIGKILL');
        await withTimeout(exited, 5_000, `${name} kill`).catch(() => undefined);
      }
    },
  };
}
