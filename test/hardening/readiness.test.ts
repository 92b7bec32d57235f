// Readiness follows the broker: with HEALTH_READY_REQUIRE_BROKER=true a server whose Redis is
// down is not ready; without it, Redis is reported but does not fail readiness. A Redis of its
// own (redis-server on a free port) is stopped under the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { skipping } from '../helpers/skip.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe.skipIf(skipping(!hasRedisServer, 'readiness with Redis down needs redis-server on PATH'))('readiness and the broker', () => {
  let redis: ChildProcess;
  let url: string;
  let strict: TestServer;
  let lenient: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 50 && spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() !== 'PONG'; i++) await new Promise((r) => setTimeout(r, 100));
    // their own embedded databases: only the broker is shared
    [strict, lenient] = await Promise.all([
      startTestServer({ REDIS_URL: url, DATABASE_URL: undefined, HEALTH_READY_REQUIRE_BROKER: 'true', HEALTH_READY_QUERY_TIMEOUT_MS: '500' }),
      startTestServer({ REDIS_URL: url, DATABASE_URL: undefined, HEALTH_READY_QUERY_TIMEOUT_MS: '500' }),
    ]);
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await Promise.all([strict?.stop(), lenient?.stop()]);
  });

  it('is ready with Redis up; with it down, not ready only when the broker is required', async () => {
    expect((await api(strict.url, '/health/ready')).body).toEqual({ status: 'ready', checks: { database: 'ok', broker: 'ok' } });
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const down = await api(strict.url, '/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'not_ready', checks: { database: 'ok', broker: 'unavailable' } });
    const reported = await api(lenient.url, '/health/ready');
    expect(reported.status).toBe(200);
    expect(reported.body.checks.broker).toBe('unavailable');
    expect((await api(strict.url, '/health/live')).status).toBe(200);
  });
});

describe.skipIf(skipping(!hasRedisServer, 'a server started before its Redis needs redis-server on PATH'))('a broker that is away at start', () => {
  let redis: ChildProcess | undefined;
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    // nothing listens on the port yet: the server starts anyway
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${port}`, DATABASE_URL: undefined, HEALTH_READY_QUERY_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await server?.stop();
  });

  it('does not stop the server: it serves, reports the broker, and uses it once it comes up', async () => {
    const ready = await api(server.url, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', broker: 'unavailable' });
    const account = await server.newAccount();
    const created = await api(server.url, '/v1/customers', { key: account.key, body: { name: 'Ada', email: 'ada@example.com' } });
    expect(created.status, created.text).toBe(201);

    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    let broker = '';
    for (let i = 0; i < 100 && broker !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      broker = (await api(server.url, '/health/ready')).body.checks?.broker;
    }
    expect(broker).toBe('ok');
  });
});
