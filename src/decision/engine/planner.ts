// Backward analysis for refusals: for each authorizing rule, the cheapest way its body could
// hold given the facts we have (premises matched where possible); the premises left unmatched
// are the missing facts, and built-in comparisons or negations that fail are failed
// constraints. Derived premises are explained through the rules that conclude them.
import { builtinHolds, existsMatch, groundArgs, renderUnder, unify, type FactStore } from './chain.js';
import type { CPred, CRule, CompiledPack } from './compile.js';
import { isVariable, renderAtom } from './terms.js';
import type { FailedConstraint, MissingFact, Predicate, Term } from './types.js';

const MAX_DEPTH = 4;
const MAX_PLANNER_STEPS = 5000;

type Slots = (Term | undefined)[];

interface Gap {
  missing: Array<{ pred: Predicate; rule: string }>;
  failed: FailedConstraint[];
  cost: number;
}

interface Budget {
  n: number;
}

function predicateUnder(p: CPred, b: Slots, varNames: string[]): Predicate {
  return { name: p.name, args: groundArgs(p, b, varNames) };
}

function explainFailedNegation(n: CPred, b: Slots, rule: CRule, store: FactStore): FailedConstraint {
  const text = renderUnder(n, b, rule.varNames);
  const trail: number[] = [];
  const holding: string[] = [];
  const probe = b.slice();
  for (const f of store.of(n.name)) {
    if (unify(n, f, probe, trail)) holding.push(f.key);
    while (trail.length) probe[trail.pop()!] = undefined;
    if (holding.length >= 3) break;
  }
  return {
    constraint: text,
    needed_by_rule: rule.name,
    explanation: `${holding.join(', ')} ${holding.length > 1 ? 'hold' : 'holds'}, so the condition "${text}" of rule ${rule.name} fails`,
  };
}

const OPS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', eq: '=', neq: '!=' };

function analyzeRule(cp: CompiledPack, rule: CRule, initial: Slots, store: FactStore, depth: number, budget: Budget): Gap | null {
  let best: Gap | null = null;
  const b = initial.slice();
  const trail: number[] = [];
  const missing: Gap['missing'] = [];
  const failed: FailedConstraint[] = [];

  const step = (i: number, cost: number): void => {
    if (budget.n >= MAX_PLANNER_STEPS) return;
    budget.n++;
    if (best && cost >= best.cost) return;
    if (i === rule.positives.length) {
      const extra: FailedConstraint[] = [];
      for (const bi of rule.builtins) {
        const args = groundArgs(bi, b, rule.varNames);
        if (args.some((a) => isVariable(a))) continue; // depends on a missing fact
        if (!builtinHolds(bi, b)) {
          const text = renderAtom(bi.name, args);
          extra.push({
            constraint: text,
            needed_by_rule: rule.name,
            explanation: `rule ${rule.name} requires ${String(args[0])} ${OPS[bi.name]} ${String(args[1])}, which does not hold`,
          });
        }
      }
      for (const n of rule.negatives) if (existsMatch(n, b, store)) extra.push(explainFailedNegation(n, b, rule, store));
      const total = cost + extra.length;
      if (!best || total < best.cost) best = { missing: [...missing], failed: [...failed, ...extra], cost: total };
      return;
    }
    const p = rule.positives[i];
    let exactExists = false;
    for (const f of store.of(p.name)) {
      const mark = trail.length;
      if (unify(p, f, b, trail)) {
        if (trail.length === mark) exactExists = true;
        step(i + 1, cost);
      }
      while (trail.length > mark) b[trail.pop()!] = undefined;
    }
    if (exactExists) return;
    const sub = explainAbsent(cp, rule, p, b, store, depth, budget);
    const m0 = missing.length;
    const f0 = failed.length;
    missing.push(...sub.missing);
    failed.push(...sub.failed);
    step(i + 1, cost + sub.cost);
    missing.length = m0;
    failed.length = f0;
  };
  step(0, 0);
  return best;
}

function explainAbsent(cp: CompiledPack, rule: CRule, p: CPred, b: Slots, store: FactStore, depth: number, budget: Budget): Gap {
  const base: Gap = { missing: [{ pred: predicateUnder(p, b, rule.varNames), rule: rule.name }], failed: [], cost: 1 };
  if (depth >= MAX_DEPTH) return base;
  let best: Gap | null = null;
  const want = groundArgs(p, b, rule.varNames);
  for (const r of cp.rulesByHead.get(p.name) ?? []) {
    for (const h of r.heads) {
      if (h.name !== p.name) continue;
      const init: Slots = new Array(r.varNames.length).fill(undefined);
      let ok = true;
      h.args.forEach((a, k) => {
        const w = want[k];
        if (isVariable(w)) return;
        if ('c' in a) {
          if (a.c !== w) ok = false;
        } else if (init[a.v] === undefined) init[a.v] = w;
        else if (init[a.v] !== w) ok = false;
      });
      if (!ok) continue;
      const g = analyzeRule(cp, r, init, store, depth + 1, budget);
      if (g && (!best || g.cost < best.cost)) best = g;
    }
  }
  return best ?? base;
}

export interface Plan {
  rules: string[];
  missing: MissingFact[];
  failed: FailedConstraint[];
  steps: number;
}

function formatAge(secs: number): string {
  const unit = (n: number, u: string) => `${n} ${u}${n === 1 ? '' : 's'}`;
  if (secs >= 86400 && secs % 86400 === 0) return unit(secs / 86400, 'day');
  if (secs >= 3600 && secs % 3600 === 0) return unit(secs / 3600, 'hour');
  if (secs >= 60 && secs % 60 === 0) return unit(secs / 60, 'minute');
  return unit(secs, 'second');
}

export function questionFor(cp: CompiledPack, pred: Predicate): string {
  const q = cp.questionsByPredicate.get(pred.name) ?? cp.questionsByComplement.get(pred.name);
  if (q) return q.instructions;
  const req = cp.requirements[pred.name];
  let text = `Provide a record showing ${renderAtom(pred.name, pred.args)}`;
  if (req?.min_trust) text += `, from a source trusted at least "${req.min_trust}"`;
  if (req?.max_age_secs !== undefined) text += `${req.min_trust ? ' and' : ','} no older than ${formatAge(req.max_age_secs)}`;
  return text + '.';
}

/** Missing facts and failed constraints of the authorizing rules closest to firing. */
export function planMissing(cp: CompiledPack, store: FactStore): Plan {
  const budget: Budget = { n: 0 };
  const gaps: Array<{ rule: CRule; gap: Gap }> = [];
  for (const r of cp.rules) {
    if (r.effect !== 'authorize') continue;
    const gap = analyzeRule(cp, r, new Array(r.varNames.length).fill(undefined), store, 0, budget);
    if (gap) gaps.push({ rule: r, gap });
  }
  const min = Math.min(...gaps.map((g) => g.gap.cost));
  const chosen = gaps.filter((g) => g.gap.cost === min);
  const missing: MissingFact[] = [];
  const seenMissing = new Set<string>();
  const failed: FailedConstraint[] = [];
  const seenFailed = new Set<string>();
  for (const { gap } of chosen) {
    for (const m of gap.missing) {
      const key = renderAtom(m.pred.name, m.pred.args) + '|' + m.rule;
      if (seenMissing.has(key)) continue;
      seenMissing.add(key);
      missing.push({
        predicate: m.pred.name,
        args: m.pred.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))),
        needed_by_rule: m.rule,
        question: questionFor(cp, m.pred),
        resolves_with: { predicate: { name: m.pred.name, args: m.pred.args } },
      });
    }
    for (const f of gap.failed) {
      const key = f.constraint + '|' + f.needed_by_rule;
      if (seenFailed.has(key)) continue;
      seenFailed.add(key);
      failed.push(f);
    }
  }
  return { rules: chosen.map((c) => c.rule.name), missing, failed, steps: budget.n };
}
