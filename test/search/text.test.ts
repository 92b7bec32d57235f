import { describe, expect, it } from 'vitest';
import { highlight, osaDistance, prefixWithin, typoAllowance } from '../../src/search/text.js';
import { parseQuery } from '../../src/search/engine.js';

describe('typo rules', () => {
  it('allowance: none under 5 characters, 1 from 5, 2 from 9, none for numbers', () => {
    expect([typoAllowance('jonh'), typoAllowance('jonat'), typoAllowance('jonathann'), typoAllowance('123456789')]).toEqual([0, 1, 2, 0]);
  });
  it('Damerau (OSA) distance: a swap of adjacent letters is one typo', () => {
    expect(osaDistance('jonathn', 'jonathan')).toBe(1);
    expect(osaDistance('wirelses', 'wireless')).toBe(1);
    expect(osaDistance('hedphones', 'headphones')).toBe(1);
    expect(osaDistance('abc', 'xyz')).toBe(3);
    expect(prefixWithin('wireless', 'wirle', 1)).toBe(true);
    expect(prefixWithin('garden', 'gxrxe', 1)).toBe(false);
  });
});

describe('query operators', () => {
  it('words, "phrases", -exclusions, field:value for known fields only', () => {
    expect(parseQuery('ann "two words" -x -"a b" email:ann@ 10:30', new Set(['email']))).toEqual([
      { kind: 'word', raw: 'ann' }, { kind: 'phrase', raw: 'two words' }, { kind: 'exclude', raw: 'x', phrase: false },
      { kind: 'exclude', raw: 'a b', phrase: true }, { kind: 'field', field: 'email', raw: 'ann@' }, { kind: 'word', raw: '10:30' },
    ]);
  });
});

describe('highlight', () => {
  it('wraps matched words of the stored text and escapes the rest', () => {
    expect(highlight('<b>Élodie</b> & co', { exact: new Set(['elodie']), prefixes: [] }, '<em>', '</em>')).toBe('&lt;b&gt;<em>Élodie</em>&lt;/b&gt; &amp; co');
    expect(highlight('nothing here', { exact: new Set(['x']), prefixes: [] }, '<em>', '</em>')).toBeUndefined();
  });
});
