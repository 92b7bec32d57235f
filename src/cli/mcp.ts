// The MCP server over stdio, for local agent hosts (Claude Desktop, IDEs):
//
//   npm run --silent mcp -- --api-key <key> [--base-url <server URL>]
//
// With --base-url, stdio is proxied to that server's /mcp. Without it, the server runs in this
// process (on the configured database: the embedded one in DATA_DIR by default, shared with a
// server already running on it) on a loopback port of its own, and stdio is proxied to it: the
// same MCP door either way (API_DOCS defaults to true in this process: the tools are built from
// the OpenAPI description). stdout carries the protocol only; messages go to stderr, and the
// in-process server's log is off (LOG_LEVEL is set to silent). Exit 0 when the host closes
// stdin, 1 when the server cannot start, 2 on bad usage.
import { parseArgs } from 'node:util';
import { proxyStdio } from '../mcp/proxy.js';

const USAGE = 'usage: mcp --api-key <key> [--base-url <server URL, e.g. http://localhost:8080>]';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  let values: { 'api-key'?: string; 'base-url'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'api-key': { type: 'string' }, 'base-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(0);
  }
  const apiKey = values['api-key']?.trim();
  if (!apiKey) fail(`--api-key is required\n${USAGE}`, 2);

  // nothing but the protocol may reach stdout
  for (const method of ['log', 'info', 'debug'] as const) console[method] = (...args: unknown[]) => console.error(...args);

  let stopServer: (() => Promise<void>) | undefined;
  let base: URL;
  if (values['base-url']) {
    try {
      base = new URL(values['base-url']);
      if (!/^https?:$/.test(base.protocol)) throw new Error('not http(s)');
    } catch {
      fail(`--base-url must be an http(s) URL\n${USAGE}`, 2);
    }
  } else {
    const { startServer } = await import('../server.js');
    let server;
    try {
      // this server listens on loopback only
      server = await startServer({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PRINT_SANDBOX_KEY: 'false' });
    } catch (err) {
      fail(`the server could not start: ${(err as Error).message}`, 1);
    }
    base = new URL(server.url);
    stopServer = () => server.stop();
  }

  // a base URL with a path (a server behind a prefix) keeps it: <base>/mcp
  const endpoint = new URL('mcp', base.href.endsWith('/') ? base : `${base.href}/`);
  const proxy = await proxyStdio({ url: endpoint, apiKey });
  const shutdown = async () => {
    await proxy.close();
    await stopServer?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await proxy.closed;
  await stopServer?.();
  process.exit(0);
}

main(process.argv.slice(2)).catch((err: Error) => fail(err.message, 1));
