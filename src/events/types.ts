// Event-type patterns, shared by webhook subscriptions, the events API and the `events`
// subscription: `*` matches every type, `order.*` every type of the order group (at any
// depth: `customer.*` matches `customer.subscription.created`), anything else itself.

export function typeMatches(patterns: readonly string[] | null | undefined, type: string): boolean {
  if (!patterns?.length) return true;
  return patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
}

/** The patterns an event of `type` is matched by, for an indexed `events && ARRAY[...]` lookup. */
export function patternsMatching(type: string): string[] {
  const out = ['*', type];
  const parts = type.split('.');
  for (let i = 1; i < parts.length; i++) out.push(`${parts.slice(0, i).join('.')}.*`);
  return out;
}
