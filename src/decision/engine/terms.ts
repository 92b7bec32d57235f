// Terms and predicates: variables, the canonical string form (`duplicate_charge(txn_123)`,
// `not eligible(cust_1)`) and its parser, and the built-in comparison predicates.
import type { Predicate, Term } from './types.js';

export function isVariable(t: Term): t is `?${string}` {
  return typeof t === 'string' && t.startsWith('?');
}

const BARE = /^[A-Za-z_][A-Za-z0-9_.:@/-]*$/;
const RESERVED = new Set(['true', 'false', 'null', 'not']);

/** Injective rendering of a term: bare identifiers stay bare, other strings are JSON-quoted. */
export function renderTerm(t: Term): string {
  if (typeof t === 'string') {
    if (t.startsWith('?') && /^\?[A-Za-z_][A-Za-z0-9_]*$/.test(t)) return t;
    return BARE.test(t) && !RESERVED.has(t) ? t : JSON.stringify(t);
  }
  if (typeof t === 'number') return Number.isFinite(t) ? JSON.stringify(t) : JSON.stringify(String(t));
  return String(t);
}

export function renderAtom(name: string, args: readonly Term[]): string {
  let s = name + '(';
  for (let i = 0; i < args.length; i++) s += (i ? ', ' : '') + renderTerm(args[i]);
  return s + ')';
}

export function renderPredicate(p: Predicate): string {
  return (p.negated ? 'not ' : '') + renderAtom(p.name, p.args);
}

/** Human wording of a predicate: `provisional credit (txn_1)`, `no fraud flag (cust_1)`. */
export function humanizePredicate(p: Predicate): string {
  const words = p.name.replace(/_/g, ' ');
  // identifiers with digits (txn_123) stay as they are; word values (good_standing) read as words
  const args = p.args.map((a) => (typeof a === 'string' && !isVariable(a) && !/\d/.test(a) ? a.replace(/_/g, ' ') : renderTerm(a)));
  const base = args.length ? `${words} (${args.join(', ')})` : words;
  return p.negated ? `no ${base}` : base;
}

export class PredicateSyntaxError extends Error {}

/** Parses the canonical string form back into a predicate. */
export function parsePredicate(text: string): Predicate {
  let s = text.trim();
  let negated = false;
  if (s.startsWith('not ')) {
    negated = true;
    s = s.slice(4).trim();
  }
  const open = s.indexOf('(');
  if (open <= 0 || !s.endsWith(')')) throw new PredicateSyntaxError(`not a predicate: ${text}`);
  const name = s.slice(0, open);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new PredicateSyntaxError(`bad predicate name in ${text}`);
  const body = s.slice(open + 1, -1);
  const args: Term[] = [];
  let i = 0;
  const skipWs = () => {
    while (i < body.length && body[i] === ' ') i++;
  };
  skipWs();
  if (i < body.length) {
    for (;;) {
      skipWs();
      if (body[i] === '"') {
        let j = i + 1;
        while (j < body.length && body[j] !== '"') j += body[j] === '\\' ? 2 : 1;
        if (j >= body.length) throw new PredicateSyntaxError(`unterminated string in ${text}`);
        args.push(JSON.parse(body.slice(i, j + 1)) as string);
        i = j + 1;
      } else {
        let j = i;
        while (j < body.length && body[j] !== ',') j++;
        const tok = body.slice(i, j).trim();
        i = j;
        if (tok === 'true') args.push(true);
        else if (tok === 'false') args.push(false);
        else if (tok === 'null') args.push(null);
        else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(tok)) args.push(Number(tok));
        else if (/^\?[A-Za-z_][A-Za-z0-9_]*$/.test(tok) || (BARE.test(tok) && !RESERVED.has(tok))) args.push(tok);
        else throw new PredicateSyntaxError(`bad argument "${tok}" in ${text}`);
      }
      skipWs();
      if (i >= body.length) break;
      if (body[i] !== ',') throw new PredicateSyntaxError(`expected "," in ${text}`);
      i++;
    }
  }
  return negated ? { name, args, negated } : { name, args };
}

// ---------------------------------------------------------------- built-ins

/** Comparison built-ins usable as premises; their arguments must be bound by positive premises. */
export const BUILTINS: Readonly<Record<string, (a: Term, b: Term) => boolean>> = {
  lt: (a, b) => typeof a === 'number' && typeof b === 'number' && a < b,
  lte: (a, b) => typeof a === 'number' && typeof b === 'number' && a <= b,
  gt: (a, b) => typeof a === 'number' && typeof b === 'number' && a > b,
  gte: (a, b) => typeof a === 'number' && typeof b === 'number' && a >= b,
  eq: (a, b) => a === b,
  neq: (a, b) => a !== b,
};

export function isBuiltin(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILTINS, name);
}
