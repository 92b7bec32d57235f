// Entry point: start the server, print the first-start sandbox key once, stop gracefully.
import { startServer } from './server.js';
import { DEMO_ACCOUNT, demoKey, seedDemo } from './demo.js';

async function main() {
  const server = await startServer();
  const { logger, config } = server;
  logger.info({ url: server.url, database: server.db.kind, redis: Boolean(config.REDIS_URL) }, 'server listening');
  if (server.sandboxKey && config.PRINT_SANDBOX_KEY) {
    // Printed once, to the terminal only: the key is stored hashed and cannot be shown again.
    process.stdout.write(
      `\nSandbox account created. Its test secret key (shown once, store it now):\n\n  ${server.sandboxKey}\n\n` +
        `Try it (the whole command, as it is):\n\n  curl -H "Authorization: Bearer ${server.sandboxKey}" ${server.url}/v1/auth/test\n\n`,
    );
  }
  // `npm start -- --demo`: the demo account's data (once) and a key of it
  if (process.argv.slice(2).includes('--demo')) {
    const { secret } = await demoKey(server.db.prisma);
    const result = await seedDemo(server.url, secret);
    process.stdout.write(
      `\nDemo account '${DEMO_ACCOUNT}' ${result.created ? 'seeded' : 'already seeded'}: ${result.customers} customers, ${result.products} products, ${result.orders} orders. ` +
        `Its test secret key (shown once):\n\n  ${secret}\n\nTry it:\n\n  curl -H "Authorization: Bearer ${secret}" "${server.url}/v1/orders?limit=5"\n\n`,
    );
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`failed to start: ${err.message}`);
  process.exit(1);
});
