// A skipped test says why, in the run's output: `describe.skipIf(skipping(!hasPostgres, '...'))`.
export function skipping(skip: boolean, reason: string): boolean {
  if (skip) console.log(`[test] skipped: ${reason}`);
  return skip;
}

/**
 * Tests that run on the embedded database whatever this run's DATABASE_URL says (the CLIs on a
 * fresh data folder, `npm start` and the first start): CI runs the suite twice, on PGlite and
 * then against PostgreSQL, and its second run sets SKIP_EMBEDDED_ONLY_TESTS=1, since these
 * would only repeat what the first run did.
 */
export function embeddedOnly(what: string): boolean {
  return skipping(process.env.SKIP_EMBEDDED_ONLY_TESTS === '1', `${what}: runs on the embedded database whatever DATABASE_URL says, and SKIP_EMBEDDED_ONLY_TESTS=1 (the PGlite run covered it)`);
}
