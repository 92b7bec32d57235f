// Static analysis and compilation of a pack: well-formedness of rules (range restriction,
// arities, built-ins), stratification for negation, cross-checks between policy, questions,
// evidence requirements and scenarios, and the compiled form the engine runs (variables as
// slot indexes, rules grouped by stratum, policy hash). Compiled packs are cached per object.
import { canonicalJson, sha256Hex } from './canonical.js';
import { isBuiltin, isVariable, renderTerm } from './terms.js';
import {
  DEFAULT_JUDGMENT_THRESHOLD,
  DEFAULT_MAX_STEPS,
  DEFAULT_ROUTING,
  DEFAULT_TRUST_LEVELS,
  type Pack,
  type PremiseRequirement,
  type Predicate,
  type Question,
  type Rule,
  type RuleEffect,
  type RoutingPolicy,
  type Term,
} from './types.js';

export interface PackFault {
  /** JSON path inside the pack, e.g. `$.policy[2].then[0].args[1]`. */
  path: string;
  message: string;
}

export class PackError extends Error {
  constructor(
    message: string,
    readonly faults: PackFault[],
  ) {
    super(message);
    this.name = 'PackError';
  }
}

export type CArg = { v: number } | { c: Term };

export interface CPred {
  name: string;
  negated: boolean;
  builtin: boolean;
  args: CArg[];
  source: Predicate;
}

export interface CRule {
  index: number;
  rule: Rule;
  name: string;
  effect: RuleEffect;
  varNames: string[];
  positives: CPred[];
  builtins: CPred[];
  negatives: CPred[];
  /** premises in the rule's written order, for rendering. */
  premises: CPred[];
  heads: CPred[];
  /** slots bound by positive premises (key of an instantiation). */
  keySlots: number[];
  stratum: number;
}

export interface CompiledPolicy {
  rules: CRule[];
  rulesByName: Map<string, CRule>;
  /** rules grouped by stratum, lowest first. */
  strata: CRule[][];
  /** predicate name -> rules concluding it. */
  rulesByHead: Map<string, CRule[]>;
}

export interface CompiledPack extends CompiledPolicy {
  pack: Pack;
  trustLevels: string[];
  trustRank: Map<string, number>;
  requirements: Record<string, PremiseRequirement>;
  routing: RoutingPolicy & { judgment_threshold: number };
  maxSteps: number;
  questionsByPredicate: Map<string, Question>;
  /** complement predicate -> its question. */
  questionsByComplement: Map<string, Question>;
  policyHash: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EFFECT_PREDICATE_KINDS: ReadonlySet<RuleEffect> = new Set(['authorize', 'deny', 'require_review', 'constraint']);

function varsOf(p: Predicate): string[] {
  return p.args.filter(isVariable);
}

/** Strata per predicate name; throws a fault list entry for a cycle through negation. */
function stratify(policy: Rule[], faults: PackFault[] | null): Map<string, number> {
  const stratum = new Map<string, number>();
  const get = (n: string) => stratum.get(n) ?? 0;
  const preds = new Set<string>();
  for (const r of policy) {
    for (const p of r.if) if (!isBuiltin(p.name)) preds.add(p.name);
    for (const p of r.then) preds.add(p.name);
  }
  const limit = preds.size + 1;
  let changed = true;
  let cycleRule = -1;
  while (changed) {
    changed = false;
    policy.forEach((r, ri) => {
      let s = 0;
      for (const p of r.if) {
        if (isBuiltin(p.name)) continue;
        s = Math.max(s, get(p.name) + (p.negated ? 1 : 0));
      }
      for (const h of r.then) s = Math.max(s, get(h.name));
      for (const h of r.then) {
        if (get(h.name) < s) {
          if (s > limit) {
            if (cycleRule < 0) cycleRule = ri;
            return;
          }
          stratum.set(h.name, s);
          changed = true;
        }
      }
    });
    if (cycleRule >= 0) break;
  }
  if (cycleRule >= 0) {
    const r = policy[cycleRule];
    const msg = `policy is not stratifiable: rule "${r.name}" is part of a cycle through negation (a predicate depends on its own negation)`;
    if (faults) faults.push({ path: `$.policy[${cycleRule}]`, message: msg });
    else throw new PackError(msg, [{ path: `$.policy[${cycleRule}]`, message: msg }]);
  }
  return stratum;
}

/**
 * Cross-checks a pack whose JSON shape is already valid. Returns every fault found.
 */
export function analyzePack(pack: Pack): PackFault[] {
  const faults: PackFault[] = [];
  const fault = (path: string, message: string) => faults.push({ path, message });
  const levels = pack.trust_levels ?? [...DEFAULT_TRUST_LEVELS];
  const levelSet = new Set(levels);
  if (levelSet.size !== levels.length) fault('$.trust_levels', 'trust levels must be unique');

  const arity = new Map<string, { n: number; path: string }>();
  const checkArity = (name: string, n: number, path: string) => {
    const seen = arity.get(name);
    if (!seen) arity.set(name, { n, path });
    else if (seen.n !== n)
      fault(path, `predicate "${name}" is used with ${n} argument(s) here but with ${seen.n} at ${seen.path}`);
  };

  const premiseNames = new Set<string>();
  const headNames = new Set<string>();
  const effectHeads = new Set<string>();
  const ruleNames = new Map<string, number>();
  let authorizeRules = 0;

  pack.policy.forEach((r, ri) => {
    const rp = `$.policy[${ri}]`;
    if (!NAME.test(r.name)) fault(`${rp}.name`, `rule name "${r.name}" must be an identifier`);
    const prev = ruleNames.get(r.name);
    if (prev !== undefined) fault(`${rp}.name`, `duplicate rule name "${r.name}" (also $.policy[${prev}])`);
    else ruleNames.set(r.name, ri);
    const effect = r.effect ?? 'derive';
    if (effect === 'authorize') authorizeRules++;
    if (r.if.length === 0) fault(`${rp}.if`, 'a rule needs at least one premise');
    if (r.then.length === 0) fault(`${rp}.then`, 'a rule needs at least one conclusion');
    const bound = new Set<string>();
    for (const p of r.if) if (!p.negated && !isBuiltin(p.name)) for (const v of varsOf(p)) bound.add(v);
    r.if.forEach((p, pi) => {
      const pp = `${rp}.if[${pi}]`;
      if (!NAME.test(p.name)) fault(`${pp}.name`, `predicate name "${p.name}" must be an identifier`);
      if (isBuiltin(p.name)) {
        if (p.negated) fault(`${pp}.negated`, `built-in "${p.name}" cannot be negated; use its opposite comparison`);
        if (p.args.length !== 2) fault(`${pp}.args`, `built-in "${p.name}" takes exactly 2 arguments`);
        p.args.forEach((a, ai) => {
          if (isVariable(a) && !bound.has(a))
            fault(`${pp}.args[${ai}]`, `variable ${a} of built-in "${p.name}" is not bound by a positive premise`);
        });
        return;
      }
      premiseNames.add(p.name);
      checkArity(p.name, p.args.length, pp);
      p.args.forEach((a, ai) => {
        if (typeof a === 'string' && a.startsWith('?') && !/^\?[A-Za-z_][A-Za-z0-9_]*$/.test(a))
          fault(`${pp}.args[${ai}]`, `variable "${a}" must look like ?name`);
      });
    });
    r.then.forEach((h, hi) => {
      const hp = `${rp}.then[${hi}]`;
      if (!NAME.test(h.name)) fault(`${hp}.name`, `predicate name "${h.name}" must be an identifier`);
      if (h.negated) fault(`${hp}.negated`, 'a conclusion cannot be negated');
      if (isBuiltin(h.name)) fault(`${hp}.name`, `built-in "${h.name}" cannot be concluded`);
      headNames.add(h.name);
      if (EFFECT_PREDICATE_KINDS.has(effect)) effectHeads.add(h.name);
      checkArity(h.name, h.args.length, hp);
      h.args.forEach((a, ai) => {
        if (isVariable(a) && !bound.has(a))
          fault(`${hp}.args[${ai}]`, `variable ${a} in the conclusion is not bound by a positive premise`);
      });
    });
  });
  if (authorizeRules === 0) fault('$.policy', 'the policy has no rule with effect "authorize", so nothing can be approved');
  stratify(pack.policy, faults);

  // questions
  const qNames = new Map<string, number>();
  pack.questions.forEach((q, qi) => {
    const qp = `$.questions[${qi}]`;
    const prev = qNames.get(q.predicate);
    if (prev !== undefined) fault(`${qp}.predicate`, `duplicate question for "${q.predicate}" (also $.questions[${prev}])`);
    else qNames.set(q.predicate, qi);
    if (!premiseNames.has(q.predicate))
      fault(`${qp}.predicate`, `question predicate "${q.predicate}" is not used as a premise by any rule`);
    if (headNames.has(q.predicate))
      fault(`${qp}.predicate`, `question predicate "${q.predicate}" is concluded by a rule; questions answer input predicates only`);
    checkArity(q.predicate, q.type === 'choice' ? 2 : 1, `${qp}.predicate`);
    const keys = Object.keys(q.criteria ?? {});
    if (q.type === 'noul') {
      for (const k of keys) if (k !== 'yes' && k !== 'no') fault(`${qp}.criteria.${k}`, 'noul criteria labels are "yes" and "no"');
    } else if (q.type === 'choice') {
      if (keys.length < 2) fault(`${qp}.criteria`, 'a choice question needs at least two criteria labels');
      for (const k of keys)
        if (k === 'unknown' || k.startsWith('?')) fault(`${qp}.criteria.${k}`, `choice label "${k}" is reserved`);
      if (q.complement) fault(`${qp}.complement`, 'a choice question has no complement');
    } else {
      if (keys.length < 2) fault(`${qp}.criteria`, 'a score question needs at least two numeric levels');
      for (const k of keys) {
        const n = Number(k);
        if (k.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
          fault(`${qp}.criteria.${k}`, `score level "${k}" must be a number between 0 and 1`);
      }
    }
    if (q.threshold !== undefined && q.type !== 'score') fault(`${qp}.threshold`, 'threshold applies to score questions only');
    if (q.complement) {
      if (headNames.has(q.complement)) fault(`${qp}.complement`, `complement "${q.complement}" is concluded by a rule`);
      checkArity(q.complement, 1, `${qp}.complement`);
    }
    if (q.subject_from !== undefined && !premiseNames.has(q.subject_from))
      fault(`${qp}.subject_from`, `subject_from "${q.subject_from}" is not a predicate used by the policy`);
  });

  // evidence requirements and trust
  for (const [src, lvl] of Object.entries(pack.source_trust)) {
    if (!levelSet.has(lvl)) fault(`$.source_trust.${src}`, `trust level "${lvl}" is not one of ${levels.join(', ')}`);
  }
  for (const [pred, req] of Object.entries(pack.premise_requirements ?? {})) {
    const rp = `$.premise_requirements.${pred}`;
    if (!premiseNames.has(pred)) fault(rp, `premise requirement for "${pred}", which no rule uses as a premise`);
    if (req.min_trust !== undefined && !levelSet.has(req.min_trust))
      fault(`${rp}.min_trust`, `trust level "${req.min_trust}" is not one of ${levels.join(', ')}`);
    if (req.functional && (arity.get(pred)?.n ?? 2) < 2)
      fault(`${rp}.functional`, `functional predicate "${pred}" needs a subject and a value (at least 2 arguments)`);
  }
  const routing = pack.routing;
  if (routing && routing.confirm_threshold > routing.act_threshold)
    fault('$.routing', 'confirm_threshold must not exceed act_threshold');

  // scenarios
  const ids = new Map<string, number>();
  pack.scenarios.forEach((s, si) => {
    const sp = `$.scenarios[${si}]`;
    const prev = ids.get(s.id);
    if (prev !== undefined) fault(`${sp}.id`, `duplicate scenario id "${s.id}" (also $.scenarios[${prev}])`);
    else ids.set(s.id, si);
    s.facts.forEach((f, fi) => {
      const fp = `${sp}.facts[${fi}].predicate`;
      const p = f.predicate;
      if (p.negated) fault(`${fp}.negated`, 'a fact cannot be negated');
      if (!premiseNames.has(p.name)) fault(`${fp}.name`, `fact predicate "${p.name}" is not used as a premise by any rule`);
      else checkArity(p.name, p.args.length, fp);
      if (effectHeads.has(p.name))
        fault(`${fp}.name`, `fact predicate "${p.name}" is a decision conclusion and must be derived, not stated`);
      p.args.forEach((a, ai) => {
        if (isVariable(a)) fault(`${fp}.args[${ai}]`, `fact argument ${renderTerm(a)} is a variable; facts must be ground`);
      });
      const prov = f.provenance;
      if (prov?.trust !== undefined && !levelSet.has(prov.trust))
        fault(`${sp}.facts[${fi}].provenance.trust`, `trust level "${prov.trust}" is not one of ${levels.join(', ')}`);
      for (const k of ['observed_at', 'valid_from', 'valid_until'] as const) {
        const v = prov?.[k];
        if (v !== undefined && Number.isNaN(Date.parse(v)))
          fault(`${sp}.facts[${fi}].provenance.${k}`, `"${v}" is not a date-time`);
      }
    });
  });
  return faults;
}

function compilePred(p: Predicate, slots: Map<string, number>, varNames: string[]): CPred {
  return {
    name: p.name,
    negated: !!p.negated,
    builtin: isBuiltin(p.name),
    source: p,
    args: p.args.map((a): CArg => {
      if (!isVariable(a)) return { c: a };
      let i = slots.get(a);
      if (i === undefined) {
        i = varNames.length;
        slots.set(a, i);
        varNames.push(a);
      }
      return { v: i };
    }),
  };
}

export function resolvedRouting(pack: Pack): RoutingPolicy & { judgment_threshold: number } {
  const r = pack.routing;
  return {
    act_threshold: r?.act_threshold ?? DEFAULT_ROUTING.act_threshold,
    confirm_threshold: r?.confirm_threshold ?? DEFAULT_ROUTING.confirm_threshold,
    judgment_threshold: r?.judgment_threshold ?? DEFAULT_JUDGMENT_THRESHOLD,
  };
}

/** sha256 of the canonical JSON of everything that governs a decision (not the scenarios). */
export function policyHashOf(pack: Pack): string {
  return sha256Hex(
    canonicalJson({
      policy: pack.policy.map((r) => ({ ...r, effect: r.effect ?? 'derive' })),
      questions: pack.questions,
      source_trust: pack.source_trust,
      trust_levels: pack.trust_levels ?? DEFAULT_TRUST_LEVELS,
      premise_requirements: pack.premise_requirements ?? {},
      routing: resolvedRouting(pack),
      max_steps: pack.max_steps ?? DEFAULT_MAX_STEPS,
    }),
  );
}

const policyCache = new WeakMap<Rule[], CompiledPolicy>();

/** Compiles rules only (used by replay); throws PackError when not stratifiable. */
export function compilePolicy(policy: Rule[]): CompiledPolicy {
  const hit = policyCache.get(policy);
  if (hit) return hit;
  const strataOf = stratify(policy, null);
  const rules: CRule[] = policy.map((rule, index) => {
    const slots = new Map<string, number>();
    const varNames: string[] = [];
    const positives: CPred[] = [];
    const builtins: CPred[] = [];
    const negatives: CPred[] = [];
    const byIndex: CPred[] = new Array(rule.if.length);
    // positives first so that their variables get the low slots
    rule.if.forEach((p, i) => {
      if (p.negated || isBuiltin(p.name)) return;
      positives.push((byIndex[i] = compilePred(p, slots, varNames)));
    });
    const keySlots = varNames.map((_, i) => i);
    rule.if.forEach((p, i) => {
      if (byIndex[i]) return;
      const c = (byIndex[i] = compilePred(p, slots, varNames));
      (c.builtin ? builtins : negatives).push(c);
    });
    const heads = rule.then.map((h) => compilePred(h, slots, varNames));
    const stratum = Math.max(0, ...rule.then.map((h) => strataOf.get(h.name) ?? 0));
    return {
      index,
      rule,
      name: rule.name,
      effect: rule.effect ?? 'derive',
      varNames,
      positives,
      builtins,
      negatives,
      premises: byIndex,
      heads,
      keySlots,
      stratum,
    };
  });
  const maxStratum = Math.max(0, ...rules.map((r) => r.stratum));
  const strata: CRule[][] = Array.from({ length: maxStratum + 1 }, () => []);
  for (const r of rules) strata[r.stratum].push(r);
  const rulesByHead = new Map<string, CRule[]>();
  for (const r of rules)
    for (const h of r.heads) {
      const list = rulesByHead.get(h.name) ?? [];
      if (!list.includes(r)) list.push(r);
      rulesByHead.set(h.name, list);
    }
  const compiled: CompiledPolicy = {
    rules,
    rulesByName: new Map(rules.map((r) => [r.name, r])),
    strata: strata.filter((s) => s.length > 0),
    rulesByHead,
  };
  policyCache.set(policy, compiled);
  return compiled;
}

const cache = new WeakMap<Pack, CompiledPack>();

/** Compiles (and caches) a pack; throws PackError listing every fault. */
export function compilePack(pack: Pack): CompiledPack {
  const hit = cache.get(pack);
  if (hit) return hit;
  const faults = analyzePack(pack);
  if (faults.length) {
    throw new PackError(
      `invalid pack "${pack.industry}":\n` + faults.map((f) => `  - ${f.path}: ${f.message}`).join('\n'),
      faults,
    );
  }
  const policy = compilePolicy(pack.policy);
  const trustLevels = [...(pack.trust_levels ?? DEFAULT_TRUST_LEVELS)];
  const compiled: CompiledPack = {
    pack,
    ...policy,
    trustLevels,
    trustRank: new Map(trustLevels.map((l, i) => [l, i])),
    requirements: pack.premise_requirements ?? {},
    routing: resolvedRouting(pack),
    maxSteps: pack.max_steps ?? DEFAULT_MAX_STEPS,
    questionsByPredicate: new Map(pack.questions.map((q) => [q.predicate, q])),
    questionsByComplement: new Map(pack.questions.filter((q) => q.complement).map((q) => [q.complement!, q])),
    policyHash: policyHashOf(pack),
  };
  cache.set(pack, compiled);
  return compiled;
}

