// Servers started and stopped again on one data folder (and one database), for the tests of
// what survives a restart: each start is a new server process's worth of state in this one,
// and whatever is still running when the file ends is stopped and the folder removed.
import { rmSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { testEnv } from './server.js';

export function restartableServers(extra: Record<string, string | undefined> = {}) {
  const { dataDir, env } = testEnv(extra);
  const running = new Set<RunningServer>();
  // a test that failed midway leaves its servers running: stopped before the next test starts
  // its own on the same folder (an embedded database must not be opened twice)
  afterEach(async () => {
    for (const s of running) await s.stop();
    running.clear();
  });
  afterAll(async () => {
    for (const s of running) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    env,
    async start(): Promise<RunningServer> {
      const s = await startServer(env as NodeJS.ProcessEnv);
      running.add(s);
      return s;
    },
    async stop(s: RunningServer): Promise<void> {
      await s.stop();
      running.delete(s);
    },
  };
}
