// `npm run --silent seed`: the demo account with customers, products with stock, and orders in
// every state (src/demo.ts), made through the API of a server started here for the purpose on
// this configuration's database; prints a new test key of the demo account. Running it again
// adds no data (it prints another key).

const USAGE = 'usage: npm run --silent seed   (demo data in the account "demo"; prints a test key of it)';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length) {
    process.stderr.write(`unknown argument '${argv[0]}'\n${USAGE}\n`);
    return 2;
  }
  // the server loads after the arguments are read: --help answers at once
  const [{ loadConfig }, { readSharedEmbedded }, { startServer }, { DEMO_ACCOUNT, demoKey, seedDemo }] = await Promise.all([
    import('../config.js'), import('../db/client.js'), import('../server.js'), import('../demo.js'),
  ]);
  const config = loadConfig();
  if (!config.DATABASE_URL && readSharedEmbedded(config.dataDir)) {
    process.stderr.write(`a server is running on ${config.dataDir}: stop it and run the seed again, or start it with \`npm start -- --demo\`\n`);
    return 1;
  }
  const server = await startServer({ ...process.env, PORT: '0', HOST: '127.0.0.1', PRINT_SANDBOX_KEY: 'false', LOG_LEVEL: 'warn' });
  try {
    const { secret } = await demoKey(server.db.prisma);
    const result = await seedDemo(server.url, secret);
    process.stderr.write(result.created
      ? `seeded the account '${DEMO_ACCOUNT}': ${result.customers} customers, ${result.products} products, ${result.orders} orders in every state. Its test key (shown once):\n`
      : `the account '${DEMO_ACCOUNT}' holds its demo data already (${result.customers} customers, ${result.products} products, ${result.orders} orders): nothing added. A new test key of it (shown once):\n`);
    process.stdout.write(`${secret}\n`);
    return 0;
  } finally {
    await server.stop();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  process.stderr.write(`seed failed: ${err.message}\n`);
  process.exit(1);
});
