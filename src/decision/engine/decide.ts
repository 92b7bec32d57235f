// decide(): evidence -> judgments -> forward chaining -> outcome -> proof, refusal, routing,
// explanation. Pure apart from the judge it is given: no clock (the caller passes `now`,
// and optionally a `clock` to time the judge), no randomness, no I/O of its own.
import { forwardChain, type ChainResult, type Firing } from './chain.js';
import { compilePack, type CompiledPack } from './compile.js';
import { assessEvidence } from './evidence.js';
import { plainExplanation, rationale, type ExplainContext } from './explain.js';
import { runJudgments } from './judgments.js';
import { planMissing, type Plan } from './planner.js';
import { recordFromResult, replayDetailed } from './replay.js';
import { route } from './routing.js';
import { renderPredicate } from './terms.js';
import { localJudge } from '../judge/local.js';
import type {
  Decision,
  FailedConstraint,
  Judge,
  Pack,
  Proof,
  ProofStatus,
  Refusal,
  Result,
  Scenario,
} from './types.js';

export interface DecideInput {
  pack: Pack;
  scenario: Scenario;
  /** Replaces the scenario's sample message. */
  message?: string;
  /** Defaults to the local lexical judge. */
  judge?: Judge;
  /** The instant the evidence is judged against (freshness, validity windows). */
  now: Date | number | string;
  /** Overrides the pack's bound on rule firings. */
  maxSteps?: number;
  /** Optional monotonic clock (ms) used only to time the judge when it does not time itself. */
  clock?: () => number;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

function toMs(now: Date | number | string): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new TypeError(`decide: invalid "now": ${String(now)}`);
  return ms;
}

interface Support {
  firings: number[];
  base: Set<string>;
}

function supportOf(chain: ChainResult, roots: number[]): Support {
  const seen = new Set<number>();
  const base = new Set<string>();
  const visit = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    const f = chain.firings[i];
    f.rule.premises.forEach((p, k) => {
      if (p.negated || p.builtin) return;
      const key = f.premises[k];
      const by = chain.derivedBy.get(key);
      if (by !== undefined && by < i) visit(by);
      else base.add(key);
    });
  };
  roots.forEach(visit);
  return { firings: [...seen].sort((a, b) => a - b), base };
}

export async function decide(input: DecideInput): Promise<Result> {
  const { pack, scenario } = input;
  const cp: CompiledPack = compilePack(pack);
  const nowMs = toMs(input.now);
  const judge = input.judge ?? localJudge;
  const message = input.message ?? scenario.message;
  const maxSteps = input.maxSteps ?? cp.maxSteps;

  // 1. evidence
  const ev = assessEvidence(cp, scenario.facts, nowMs);
  // 2. judgments (the neural step)
  const jo = await runJudgments(cp, message, judge, ev.accepted, ev.claims, input.clock);
  const confidence = new Map<string, number>();
  const base: Array<{ name: string; args: (typeof ev.accepted)[number]['args'] }> = [];
  for (const c of ev.accepted) {
    confidence.set(c.key, 1);
    base.push({ name: c.name, args: c.args });
  }
  for (const f of jo.facts) {
    if (!confidence.has(f.key)) confidence.set(f.key, f.confidence);
    base.push({ name: f.name, args: f.args });
  }
  // 3. forward chaining (symbolic steps)
  const chain = forwardChain(cp, base, maxSteps);
  const indexes = (effect: string) => chain.firings.flatMap((f, i) => (f.rule.effect === effect ? [i] : []));
  const authorize = indexes('authorize');
  const deny = indexes('deny');
  const review = indexes('require_review');
  const constraint = indexes('constraint');
  const scoreOf = (s: Support) => round4(Math.min(1, ...[...s.base].map((k) => confidence.get(k) ?? 1)));
  const best = (list: number[]) => {
    let top = list[0];
    let topScore = -1;
    for (const i of list) {
      const s = scoreOf(supportOf(chain, [i]));
      if (s > topScore) {
        top = i;
        topScore = s;
      }
    }
    return top;
  };

  // 4. outcome (precedence: bound > constraint > human review > deny > authorize > missing)
  const reviewReasons = [
    ...review.map((i) => {
      const f = chain.firings[i];
      return `rule ${f.rule.name} requires review (${f.premises.join(', ')})`;
    }),
    ...ev.reviewReasons,
  ];
  const humanReview = !chain.bounded && reviewReasons.length > 0;
  let decision: Decision;
  let status: ProofStatus;
  let decisive: number | undefined;
  if (chain.bounded) [decision, status] = ['refused', 'bounded'];
  else if (constraint.length) [decision, status] = ['refused', 'contradicted'];
  else if (humanReview) [decision, status] = ['refused', 'held_for_review'];
  else if (deny.length) [decision, status, decisive] = ['denied', 'complete', best(deny)];
  else if (authorize.length) [decision, status, decisive] = ['approved', 'complete', best(authorize)];
  else [decision, status] = ['refused', 'incomplete'];

  // 5. refusal: backward analysis of the authorizing rules
  let plan: Plan | undefined;
  let refusal: Refusal | undefined;
  if (decision === 'refused') {
    if (!chain.bounded) plan = planMissing(cp, chain.store);
    const failed: FailedConstraint[] = [];
    if (chain.bounded)
      failed.push({
        constraint: 'fixpoint_bound',
        needed_by_rule: chain.boundRule ?? '',
        explanation: `forward chaining stopped after ${maxSteps} rule firings without reaching a fixpoint`,
      });
    for (const i of constraint) {
      const f = chain.firings[i];
      failed.push({
        constraint: f.conclusions.join(', '),
        needed_by_rule: f.rule.name,
        explanation: `${f.premises.join(', ')} together violate constraint rule ${f.rule.name}; the evidence is inconsistent`,
      });
    }
    failed.push(...(plan?.failed ?? []));
    const missing = plan?.missing ?? [];
    const rejectedNames = new Set(ev.rejected.map((r) => r.predicate));
    const reasonParts: string[] = [];
    if (status === 'bounded') reasonParts.push(`reasoning exceeded the bound of ${maxSteps} rule firings`);
    if (status === 'contradicted') reasonParts.push('a constraint rule found the evidence inconsistent');
    if (humanReview) reasonParts.push(`human review required: ${reviewReasons.join('; ')}`);
    if (missing.length) {
      const fromRejected = missing.filter((m) => rejectedNames.has(m.predicate)).map((m) => m.predicate);
      reasonParts.push(
        `${missing.length} fact(s) needed by an authorizing rule are missing` +
          (fromRejected.length ? ` (claims on ${[...new Set(fromRejected)].join(', ')} were rejected)` : ''),
      );
    }
    const blocking = plan?.failed ?? [];
    if (blocking.length) reasonParts.push(`${blocking.length} condition(s) of an authorizing rule fail`);
    if (!reasonParts.length) reasonParts.push('no authorizing rule can be satisfied');
    refusal = { reason: reasonParts.join('; '), requires_human_review: humanReview };
    if (missing.length) refusal.missing_facts = missing;
    if (failed.length) refusal.failed_constraints = failed;
  }

  // 6. proof
  const support = decisive !== undefined ? supportOf(chain, [decisive]) : supportOf(chain, [...review, ...constraint]);
  const proofScore = decisive !== undefined ? scoreOf(support) : 0;
  const cited: string[] = [];
  const cite = (name: string) => {
    if (name && !cited.includes(name)) cited.push(name);
  };
  for (const i of support.firings) cite(chain.firings[i].rule.name);
  for (const name of plan?.rules ?? []) cite(name);
  for (const f of refusal?.failed_constraints ?? []) if (f.constraint !== 'fixpoint_bound') cite(f.needed_by_rule);
  for (const m of refusal?.missing_facts ?? []) cite(m.needed_by_rule);

  const decisiveFiring: Firing | undefined = decisive !== undefined ? chain.firings[decisive] : undefined;
  const proof: Proof = {
    cited_rules: cited,
    symbolic_steps: chain.firings.length,
    neural_steps: jo.facts.length,
    planner_steps: plan?.steps ?? 0,
    proof_score: proofScore,
    proof_status: status,
    derivation: {
      steps: chain.firings.map((f) => ({ rule: f.rule.name, premises: f.premises, conclusions: f.conclusions })),
      replayable: false,
      ...(decision === 'approved' && decisiveFiring ? { authorizing_predicate: decisiveFiring.conclusions[0] } : {}),
      org_facts_used: ev.accepted.map((c) => c.key),
      cited_org_rules: cited.flatMap((name) => {
        const r = cp.rulesByName.get(name);
        return r ? [{ name, conditions: r.rule.if.map(renderPredicate), conclusions: r.rule.then.map(renderPredicate) }] : [];
      }),
    },
    request_policy_hash: cp.policyHash,
  };

  const result: Result = {
    decision,
    judgments: jo.judgments,
    proof,
    evidence: {
      accepted: ev.accepted.length,
      claims: ev.claims.length,
      requires_human_review: humanReview,
      unknown: [...ev.unknown, ...jo.unresolved],
      rejected: ev.rejected,
      conflicts: ev.conflicts,
    },
  };
  if (refusal) result.refusal = refusal;

  // 7. replay the derivation we just produced; `replayable` is its verdict
  const replayed = replayDetailed(recordFromResult(pack, result));
  proof.derivation!.replayable = replayed.ok;
  if (!replayed.ok) proof.proof_status = 'unverified';

  // 8. routing and explanation
  result.routing = route(decision, proofScore, humanReview, cp.routing, replayed.ok);
  const ctx: ExplainContext = {
    decision,
    status: proof.proof_status as string,
    decisive: decisiveFiring,
    support: support.firings.map((i) => chain.firings[i]),
    overridden: decision === 'denied' && authorize.length ? chain.firings[best(authorize)] : undefined,
    judgments: jo.judgments.judgments,
    usedJudgmentFacts: support.base,
    evidence: ev,
    refusal,
    reviewReasons,
    constraintFirings: constraint.map((i) => chain.firings[i]),
    routing: result.routing,
    proofScore,
    firings: chain.firings.length,
    bound: maxSteps,
    askable: new Set([...cp.questionsByPredicate.keys(), ...cp.questionsByComplement.keys()]),
  };
  return {
    decision,
    plain_explanation: plainExplanation(ctx),
    rationale: rationale(ctx, cited),
    judgments: result.judgments,
    proof,
    evidence: result.evidence,
    ...(refusal ? { refusal } : {}),
    routing: result.routing,
  };
}
