// Forward chaining to a fixpoint, stratum by stratum (negation as failure is evaluated only
// against predicates of lower, already saturated strata), with a bound on rule firings.
import type { CArg, CPred, CRule, CompiledPolicy } from './compile.js';
import { BUILTINS, renderAtom, renderTerm } from './terms.js';
import type { Term } from './types.js';

export interface GroundFact {
  name: string;
  args: Term[];
  key: string;
}

export class FactStore {
  readonly byKey = new Map<string, GroundFact>();
  readonly byName = new Map<string, GroundFact[]>();

  /** Adds a fact; returns false when it was already known. */
  add(name: string, args: Term[]): boolean {
    const key = renderAtom(name, args);
    if (this.byKey.has(key)) return false;
    const f = { name, args, key };
    this.byKey.set(key, f);
    const list = this.byName.get(name);
    if (list) list.push(f);
    else this.byName.set(name, [f]);
    return true;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  of(name: string): readonly GroundFact[] {
    return this.byName.get(name) ?? EMPTY;
  }
}
const EMPTY: readonly GroundFact[] = [];

export interface Firing {
  rule: CRule;
  premises: string[];
  conclusions: string[];
}

export interface ChainResult {
  store: FactStore;
  firings: Firing[];
  /** fact key -> index of the firing that first concluded it. */
  derivedBy: Map<string, number>;
  bounded: boolean;
  boundRule?: string;
}

type Slots = (Term | undefined)[];

function argValue(a: CArg, b: Slots): Term | undefined {
  return 'c' in a ? a.c : b[a.v];
}

/** Unifies a compiled atom with a ground fact; binds free slots, records them in `trail`. */
export function unify(p: CPred, f: GroundFact, b: Slots, trail: number[]): boolean {
  if (p.args.length !== f.args.length) return false;
  for (let i = 0; i < p.args.length; i++) {
    const a = p.args[i];
    const t = f.args[i];
    if ('c' in a) {
      if (a.c !== t) return false;
    } else {
      const cur = b[a.v];
      if (cur === undefined) {
        b[a.v] = t;
        trail.push(a.v);
      } else if (cur !== t) return false;
    }
  }
  return true;
}

function undo(b: Slots, trail: number[], to: number): void {
  while (trail.length > to) b[trail.pop()!] = undefined;
}

export function groundArgs(p: CPred, b: Slots, varNames: string[]): Term[] {
  return p.args.map((a) => {
    const v = argValue(a, b);
    return v === undefined ? varNames[(a as { v: number }).v] : v;
  });
}

export function renderUnder(p: CPred, b: Slots, varNames: string[]): string {
  return (p.negated ? 'not ' : '') + renderAtom(p.name, groundArgs(p, b, varNames));
}

/** True when some fact in the store matches `p` under `b` (free slots act existentially). */
export function existsMatch(p: CPred, b: Slots, store: FactStore): boolean {
  let ground = true;
  for (const a of p.args) if (!('c' in a) && b[a.v] === undefined) ground = false;
  if (ground) return store.has(renderAtom(p.name, p.args.map((a) => argValue(a, b) as Term)));
  const trail: number[] = [];
  for (const f of store.of(p.name)) {
    const ok = unify(p, f, b, trail);
    undo(b, trail, 0);
    if (ok) return true;
  }
  return false;
}

export function builtinHolds(p: CPred, b: Slots): boolean {
  const x = argValue(p.args[0], b);
  const y = argValue(p.args[1], b);
  if (x === undefined || y === undefined) return false;
  return BUILTINS[p.name](x, y);
}

/**
 * Enumerates the instantiations of a rule's body that hold in `store`.
 * Positive premises are joined in written order; built-ins and negations are checked once
 * all positive premises are bound (range restriction guarantees their variables are bound,
 * except existential variables of negated premises).
 */
export function forEachMatch(rule: CRule, store: FactStore, visit: (b: Slots) => boolean | void): void {
  const b: Slots = new Array(rule.varNames.length).fill(undefined);
  const trail: number[] = [];
  let stop = false;
  const step = (i: number): void => {
    if (stop) return;
    if (i === rule.positives.length) {
      for (const bi of rule.builtins) if (!builtinHolds(bi, b)) return;
      for (const n of rule.negatives) if (existsMatch(n, b, store)) return;
      if (visit(b) === false) stop = true;
      return;
    }
    const p = rule.positives[i];
    const list = store.of(p.name);
    const n = list.length;
    for (let k = 0; k < n && !stop; k++) {
      const mark = trail.length;
      if (unify(p, list[k], b, trail)) step(i + 1);
      undo(b, trail, mark);
    }
  };
  step(0);
}

export function forwardChain(cp: CompiledPolicy, base: Iterable<{ name: string; args: Term[] }>, maxSteps: number): ChainResult {
  const store = new FactStore();
  for (const f of base) store.add(f.name, f.args);
  const firings: Firing[] = [];
  const derivedBy = new Map<string, number>();
  const seen = new Set<string>();
  let bounded = false;
  let boundRule: string | undefined;

  // a rule is re-evaluated only when one of its positive premise predicates gained facts
  const sizeAt = new Map<CRule, number[]>();
  const sizes = (rule: CRule) => rule.positives.map((p) => store.of(p.name).length);
  for (const stratum of cp.strata) {
    let progress = true;
    while (progress && !bounded) {
      progress = false;
      for (const rule of stratum) {
        const now = sizes(rule);
        const before = sizeAt.get(rule);
        if (before && now.every((n, i) => n === before[i])) continue;
        sizeAt.set(rule, now);
        const pending: Slots[] = [];
        forEachMatch(rule, store, (b) => {
          let key = String(rule.index);
          for (const s of rule.keySlots) key += '|' + renderTerm(b[s] as Term);
          if (seen.has(key)) return;
          seen.add(key);
          pending.push(b.slice());
        });
        for (const b of pending) {
          if (firings.length >= maxSteps) {
            bounded = true;
            boundRule = rule.name;
            break;
          }
          const premises = rule.premises.map((p) => renderUnder(p, b, rule.varNames));
          const conclusions: string[] = [];
          for (const h of rule.heads) {
            const args = groundArgs(h, b, rule.varNames);
            const key = renderAtom(h.name, args);
            conclusions.push(key);
            if (store.add(h.name, args)) derivedBy.set(key, firings.length);
          }
          firings.push({ rule, premises, conclusions });
          progress = true;
        }
        if (bounded) break;
      }
    }
    if (bounded) break;
  }
  return { store, firings, derivedBy, bounded, boundRule };
}
