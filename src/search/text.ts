// Text helpers of search that run in the server: the Damerau (optimal string alignment)
// distance that decides typo candidates, the typo allowance, and highlighting.

/** Typos a query word of this many characters allows (Meilisearch's defaults: 5 and 9). */
export function typoAllowance(word: string): number {
  const n = [...word].length;
  if (/^\d+$/.test(word)) return 0; // numbers (amounts, phone digits) match exactly
  return n < 5 ? 0 : n < 9 ? 1 : 2;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function osaDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  const rows = s.length + 1;
  const cols = t.length + 1;
  let prev2 = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j < cols; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[cols - 1];
}

/** Whether some beginning of `word` is within `max` typos of `prefix` (the last query word). */
export function prefixWithin(word: string, prefix: string, max: number): boolean {
  const w = [...word];
  const n = [...prefix].length;
  for (let len = Math.max(1, n - max); len <= Math.min(w.length, n + max); len++) {
    if (osaDistance(w.slice(0, len).join(''), prefix, max) <= max) return true;
  }
  return false;
}

const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l', ħ: 'h', ŧ: 't' };

/** The server's approximation of the database's lower(unaccent()), for highlighting stored text. */
export function foldText(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[ßæœøłđðþıŀħŧ]/g, (c) => SPECIAL[c] ?? c);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface HighlightTerms {
  exact: Set<string>;
  prefixes: string[];
}

/**
 * The stored text, HTML-escaped, with each word whose folded form is a matched term (or
 * begins with a matched prefix) wrapped in pre/post; undefined when no word matched.
 */
export function highlight(text: string, terms: HighlightTerms, pre: string, post: string): string | undefined {
  let out = '';
  let last = 0;
  let hit = false;
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const folded = foldText(m[0]);
    // a word the database splits further (an accent that folds to punctuation) is matched by its parts
    const parts = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const matched = parts.some((p) => terms.exact.has(p) || terms.prefixes.some((x) => p.startsWith(x)));
    if (!matched) continue;
    hit = true;
    out += escapeHtml(text.slice(last, m.index)) + pre + escapeHtml(m[0]) + post;
    last = m.index! + m[0].length;
  }
  if (!hit) return undefined;
  return out + escapeHtml(text.slice(last));
}

/**
 * The words the database makes of a query term (search_fold, then a split at every run of
 * non-alphanumerics), without asking it, for a term of printable ASCII without capitals: there
 * unaccent and lower() change nothing and [:alnum:] is [a-z0-9], whatever the database's locale.
 * Undefined for any other term (capitals: lower() follows the locale; accents: unaccent's
 * rules), which the database folds. test/search/search.test.ts checks both agree.
 */
export function asciiTokens(term: string): string[] | undefined {
  if (!/^[\x20-\x40\x5b-\x7e]*$/.test(term)) return undefined;
  return term.split(/[^a-z0-9]+/).filter(Boolean);
}
