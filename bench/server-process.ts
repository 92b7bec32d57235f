// Our server as a child process of bench/run.ts (its own event loop, apart from the load
// generator). Environment as for src/main.ts; PORT=0 picks a free port. BENCH_SERVER_BUILD=dist:
// the compiled server in dist/ (npm run build) instead of the sources (tsx leaves dist/ as it is).
import { announceReady, failStartup } from './child.js';
import { installSqlTrace, resetSqlTrace, sqlStatements, sqlTraceEnabled } from './sql-trace.js';

// before the server opens its pool, so that the patched Pool.prototype.query is used
if (sqlTraceEnabled()) installSqlTrace();

try {
  const { startServer } = await import(process.env.BENCH_SERVER_BUILD === 'dist' ? '../dist/server.js' : '../src/server.js');
  const server = await startServer(process.env);
  let requests = 0;
  server.app.server.on('request', () => requests++);
  announceReady(server.url, {
    stats: () => ({ queries: server.db.queryCount(), requests, statements: sqlStatements(), commits: commitsOf(server.db.commitGroups?.stats) }),
    reset: () => resetSqlTrace(),
    stop: () => server.stop(),
  });
} catch (err) {
  failStartup(err);
}

/** Commits of shared-commit transactions (a transfer): each group one, each transaction alone one. */
function commitsOf(stats: { groups: number; grouped: number; alone: number; retried: number } | undefined) {
  return stats ? { commits: stats.groups + stats.alone + stats.retried, transactions: stats.grouped + stats.alone + stats.retried } : undefined;
}
