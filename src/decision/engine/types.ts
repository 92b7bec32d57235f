// Types of the decision engine: the pack format (policy, questions, evidence rules,
// scenarios) and the result format. Field names follow spec/decision-demo.md (snake_case).

/** A constant or, for strings starting with `?`, a variable. */
export type Term = string | number | boolean | null;

export interface Predicate {
  name: string;
  args: Term[];
  negated?: boolean;
}

/**
 * - `derive` (default): plain inference.
 * - `authorize`: its conclusions are authorizing predicates (approval).
 * - `deny`: its firing denies the request.
 * - `require_review`: its firing withholds any automatic outcome and routes to a person.
 * - `constraint`: an integrity constraint; its firing means the evidence is inconsistent.
 */
export type RuleEffect = 'derive' | 'authorize' | 'deny' | 'require_review' | 'constraint';
export const RULE_EFFECTS: readonly RuleEffect[] = ['derive', 'authorize', 'deny', 'require_review', 'constraint'];

export interface Rule {
  name: string;
  if: Predicate[];
  then: Predicate[];
  effect?: RuleEffect;
}

export interface Provenance {
  source?: string;
  trust?: string;
  observed_at?: string;
  valid_until?: string;
  valid_from?: string;
}

export interface Fact {
  predicate: Predicate;
  provenance?: Provenance;
  age_secs?: number;
}

export type QuestionType = 'noul' | 'choice' | 'score';

export interface Question {
  /** Predicate asserted about the subject: `p(subject)` (noul, score) or `p(subject, label)` (choice). */
  predicate: string;
  instructions: string;
  type: QuestionType;
  /** Predicate asserted when the answer is negative (noul `no`, score below threshold). */
  complement?: string;
  /** label -> description; the local judge reads cue phrases after `cues:` separated by `|`. */
  criteria?: Record<string, string>;
  /** The subject is the first argument of the first claim of this predicate (else `case`). */
  subject_from?: string;
  /** score questions: value >= threshold asserts `predicate`, below asserts `complement`. Default 0.5. */
  threshold?: number;
}

export type ConflictResolution = 'prefer_highest_trust' | 'prefer_most_recent' | 'reject_all' | 'human_review';
export const CONFLICT_RESOLUTIONS: readonly ConflictResolution[] = [
  'prefer_highest_trust',
  'prefer_most_recent',
  'reject_all',
  'human_review',
];

export interface PremiseRequirement {
  min_trust?: string;
  max_age_secs?: number;
  functional?: boolean;
  on_conflict?: ConflictResolution;
}

export interface RoutingPolicy {
  act_threshold: number;
  confirm_threshold: number;
  /** A judgment becomes a fact when its confidence is at least this. Default 0.6. */
  judgment_threshold?: number;
}

export type Expectation = 'approved' | 'denied' | 'refused' | 'not_approved';

export interface Scenario {
  id: string;
  name: string;
  message: string;
  expectation: Expectation;
  facts: Fact[];
  note?: string;
  human_review?: boolean;
  /** What the scenario exercises, e.g. `conflict`, `stale_claim`, `untrusted_claim`, `missing_fact`. */
  challenge?: string | null;
}

export interface Pack {
  industry: string;
  title?: string;
  summary?: string;
  definition?: string;
  policy: Rule[];
  questions: Question[];
  source_trust: Record<string, string>;
  /** Trust levels, lowest first. Default `DEFAULT_TRUST_LEVELS`. */
  trust_levels?: string[];
  premise_requirements?: Record<string, PremiseRequirement>;
  routing?: RoutingPolicy;
  /** Bound on rule firings in forward chaining. Default 1000. */
  max_steps?: number;
  scenarios: Scenario[];
  rules?: number;
  judgments?: number;
}

export const DEFAULT_TRUST_LEVELS: readonly string[] = ['low', 'medium', 'high', 'verified'];
export const DEFAULT_MAX_STEPS = 1000;
export const DEFAULT_JUDGMENT_THRESHOLD = 0.6;
export const DEFAULT_ROUTING: RoutingPolicy = { act_threshold: 0.8, confirm_threshold: 0.6 };

// ---------------------------------------------------------------- result

export type Decision = 'approved' | 'denied' | 'refused';

export interface Judgment {
  predicate: string;
  value: number | string;
  subject?: string;
  type?: QuestionType;
  confidence?: number;
  probabilities?: Record<string, number>;
  fact?: string;
  readings?: number;
  agreement?: number;
  samples?: number[];
  origin?: string;
  round?: number;
  reason?: string;
}

export interface Judgments {
  model: string;
  judgments: Judgment[];
  input_tokens?: number;
  output_tokens?: number;
  latency_ms?: number;
  rounds?: number;
}

export interface DerivationStep {
  rule: string;
  premises: string[];
  conclusions: string[];
}

export interface Derivation {
  steps: DerivationStep[];
  replayable: boolean;
  authorizing_predicate?: string;
  org_facts_used?: string[];
  cited_org_rules?: Array<{ name: string; conditions: string[]; conclusions: string[] }>;
}

export type ProofStatus = 'complete' | 'incomplete' | 'contradicted' | 'held_for_review' | 'bounded' | 'unverified';

export interface Proof {
  cited_rules: string[];
  symbolic_steps?: number;
  neural_steps?: number;
  planner_steps?: number;
  proof_score?: number;
  proof_status?: ProofStatus | string;
  derivation?: Derivation;
  request_policy_hash?: string;
}

export interface RejectedClaim {
  claim?: string;
  predicate: string;
  subject?: string;
  reason: string;
  detail?: string;
}

export interface EvidenceConflict {
  predicate: string;
  subject?: string;
  claims?: string[];
  resolution: string;
  accepted?: string;
}

export interface Evidence {
  accepted: number;
  claims?: number;
  requires_human_review?: boolean;
  unknown?: string[];
  rejected?: RejectedClaim[];
  conflicts?: EvidenceConflict[];
}

export interface MissingFact {
  predicate: string;
  args: string[];
  needed_by_rule: string;
  question: string;
  resolves_with?: { predicate: Predicate };
}

export interface FailedConstraint {
  constraint: string;
  needed_by_rule: string;
  explanation: string;
}

export interface Refusal {
  reason: string;
  requires_human_review?: boolean;
  missing_facts?: MissingFact[];
  failed_constraints?: FailedConstraint[];
}

export type RoutingBand = 'act' | 'confirm' | 'escalate';

export interface Routing {
  band: RoutingBand;
  effective_confidence?: number;
  basis?: string;
  act_threshold?: number;
  confirm_threshold?: number;
  reason?: string;
}

export interface Result {
  decision: Decision;
  plain_explanation?: string;
  rationale?: string;
  judgments: Judgments;
  proof?: Proof;
  evidence?: Evidence;
  refusal?: Refusal;
  routing?: Routing;
}

// ---------------------------------------------------------------- judges

export interface JudgeQuestion {
  predicate: string;
  type: QuestionType;
  instructions: string;
  complement?: string;
  criteria?: Record<string, string>;
  /** Allowed answers besides `unknown`: yes/no for noul, criteria keys for choice and score. */
  labels: string[];
  subject: string;
  /** The pack's question object (stable identity, lets a judge cache compiled cues). */
  source: Question;
}

export interface JudgeRequest {
  industry: string;
  message: string;
  questions: JudgeQuestion[];
  round: number;
}

export interface JudgeAnswer {
  predicate: string;
  /** A label, `unknown`, or for score questions a number in [0, 1]. */
  value: string | number;
  confidence: number;
  probabilities: Record<string, number>;
  readings: number;
  agreement: number;
  samples: number[];
  reason: string;
}

export interface JudgeResponse {
  answers: JudgeAnswer[];
  /** Summed from the server's reported usage; absent when not reported. */
  input_tokens?: number;
  output_tokens?: number;
  /** Measured wall time of the judge's own I/O, when it measures it. */
  latency_ms?: number;
}

export interface Judge {
  readonly model: string;
  readonly origin: 'local' | 'llm';
  judge(request: JudgeRequest): Promise<JudgeResponse>;
}
