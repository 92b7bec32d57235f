// The document size check before parsing (src/graphql/nesting.ts): a document that passed is
// remembered and not lexed again, but only under the limits it passed: changed limits apply to
// it at once.
import { afterEach, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { nestingFault } from '../../src/graphql/nesting.js';

const saved = limits.GRAPHQL_MAX_TOKENS;
afterEach(() => {
  limits.GRAPHQL_MAX_TOKENS = saved;
});

describe('nestingFault on documents', () => {
  it('a document that passed passes again; under fewer tokens allowed it is refused, and passes once they are back', () => {
    const doc = `{ orders(limit: 5) { id status items { id quantity } } } # ${Math.random()}`;
    expect(nestingFault(doc, undefined)).toBeUndefined();
    expect(nestingFault(doc, undefined)).toBeUndefined();
    limits.GRAPHQL_MAX_TOKENS = 5;
    expect(nestingFault(doc, undefined)).toMatchObject({ code: 'VALIDATION_ERROR', details: { limit: { name: 'GRAPHQL_MAX_TOKENS', value: 5 } } });
    limits.GRAPHQL_MAX_TOKENS = saved;
    expect(nestingFault(doc, undefined)).toBeUndefined();
  });

  it('brackets nested past 64 levels are refused every time, and the variables are checked on every call', () => {
    const deep = `{ a${'{ a'.repeat(70)}${' }'.repeat(71)}`;
    for (let i = 0; i < 2; i++) expect(nestingFault(deep, undefined)).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    const doc = 'query($w: OrderBoolExp) { orders(where: $w) { id } }';
    expect(nestingFault(doc, { w: {} })).toBeUndefined();
    let w: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) w = { _not: w };
    expect(nestingFault(doc, { w })).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
