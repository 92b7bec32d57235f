// Replay: re-checks a recorded derivation against the policy and the recorded facts. Every
// step must instantiate its rule exactly (premises and conclusions are the rule's atoms under
// one substitution); every positive premise must be a recorded fact or an earlier conclusion;
// built-ins must hold; a negated premise must have no match in the closure of the recorded
// facts (re-derived here by forward chaining); the authorizing predicate must be concluded by
// an `authorize` step; and the policy hash, when both sides give one, must match.
import { builtinHolds, existsMatch, forwardChain, renderUnder, unify, type GroundFact } from './chain.js';
import { compilePack, compilePolicy } from './compile.js';
import { parsePredicate, renderAtom } from './terms.js';
import { DEFAULT_MAX_STEPS, type DerivationStep, type Pack, type Result, type Rule, type Term } from './types.js';

export interface ReplayRecord {
  policy: Rule[];
  /** accepted evidence facts (the derivation's `org_facts_used`). */
  facts: string[];
  /** judgments as recorded; those with a `fact` contributed it. */
  judgments?: Array<{ fact?: string }>;
  steps: DerivationStep[];
  authorizing_predicate?: string;
  max_steps?: number;
  /** hash recorded in the proof, and the hash of the policy replayed against. */
  request_policy_hash?: string;
  expected_policy_hash?: string;
}

export interface ReplayReport {
  ok: boolean;
  errors: string[];
}

export function replayDetailed(record: ReplayRecord): ReplayReport {
  const errors: string[] = [];
  const fail = (e: string): ReplayReport => ({ ok: false, errors: [...errors, e] });
  if (record.request_policy_hash && record.expected_policy_hash && record.request_policy_hash !== record.expected_policy_hash)
    return fail('request_policy_hash does not match the policy');
  let policy;
  try {
    policy = compilePolicy(record.policy);
  } catch (e) {
    return fail(`policy does not compile: ${(e as Error).message}`);
  }
  const base: GroundFact[] = [];
  try {
    for (const s of [...record.facts, ...(record.judgments ?? []).flatMap((j) => (j.fact ? [j.fact] : []))]) {
      const p = parsePredicate(s);
      if (p.negated) return fail(`recorded fact ${s} is negated`);
      base.push({ name: p.name, args: p.args, key: renderAtom(p.name, p.args) });
    }
  } catch (e) {
    return fail((e as Error).message);
  }
  const closure = forwardChain(policy, base, record.max_steps ?? DEFAULT_MAX_STEPS);
  const known = new Set(base.map((f) => f.key));
  const authorized = new Set<string>();

  for (let i = 0; i < record.steps.length; i++) {
    const step = record.steps[i];
    const where = `step ${i + 1} (${step.rule})`;
    const rule = policy.rulesByName.get(step.rule);
    if (!rule) return fail(`${where}: no such rule in the policy`);
    if (step.premises.length !== rule.premises.length) return fail(`${where}: premise count differs from the rule`);
    if (step.conclusions.length !== rule.heads.length) return fail(`${where}: conclusion count differs from the rule`);
    const b: (Term | undefined)[] = new Array(rule.varNames.length).fill(undefined);
    const trail: number[] = [];
    for (let k = 0; k < rule.premises.length; k++) {
      const cp = rule.premises[k];
      if (cp.negated || cp.builtin) continue;
      let parsed;
      try {
        parsed = parsePredicate(step.premises[k]);
      } catch (e) {
        return fail(`${where}: ${(e as Error).message}`);
      }
      const g: GroundFact = { name: parsed.name, args: parsed.args, key: renderAtom(parsed.name, parsed.args) };
      if (parsed.negated || !unify(cp, g, b, trail)) return fail(`${where}: premise ${step.premises[k]} does not match ${renderUnder(cp, b, rule.varNames)}`);
    }
    for (let k = 0; k < rule.premises.length; k++) {
      const cp = rule.premises[k];
      const expect = renderUnder(cp, b, rule.varNames);
      if (expect !== step.premises[k]) return fail(`${where}: premise ${step.premises[k]} is not the rule's ${expect}`);
      if (cp.builtin) {
        if (!builtinHolds(cp, b)) return fail(`${where}: ${expect} is false`);
      } else if (cp.negated) {
        if (existsMatch(cp, b, closure.store)) return fail(`${where}: ${expect} fails, a matching fact is derivable`);
      } else if (!known.has(expect)) {
        return fail(`${where}: premise ${expect} is neither a recorded fact nor an earlier conclusion`);
      }
    }
    for (let k = 0; k < rule.heads.length; k++) {
      const expect = renderUnder(rule.heads[k], b, rule.varNames);
      if (expect !== step.conclusions[k]) return fail(`${where}: conclusion ${step.conclusions[k]} does not follow; the rule gives ${expect}`);
      known.add(expect);
      if (rule.effect === 'authorize') authorized.add(expect);
    }
  }
  if (record.authorizing_predicate !== undefined && !authorized.has(record.authorizing_predicate))
    return fail(`authorizing predicate ${record.authorizing_predicate} is not concluded by an authorize step`);
  return { ok: errors.length === 0, errors };
}

/** True when the recorded derivation re-checks (see replayDetailed). */
export function replay(record: ReplayRecord): boolean {
  return replayDetailed(record).ok;
}

/** Builds the replay record of a result produced for `pack`. */
export function recordFromResult(pack: Pack, result: Result): ReplayRecord {
  const d = result.proof?.derivation;
  return {
    policy: pack.policy,
    facts: d?.org_facts_used ?? [],
    judgments: result.judgments.judgments,
    steps: d?.steps ?? [],
    authorizing_predicate: d?.authorizing_predicate,
    max_steps: pack.max_steps,
    request_policy_hash: result.proof?.request_policy_hash,
    expected_policy_hash: compilePack(pack).policyHash,
  };
}
