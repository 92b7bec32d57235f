// A skipped test says why, in the run's output: `describe.skipIf(skipping(!hasPostgres, '...'))`.
export function skipping(skip: boolean, reason: string): boolean {
  if (skip) console.log(`[test] skipped: ${reason}`);
  return skip;
}
