// An agent's policy as a decision-engine pack: each execution's request, the agent's
// configuration and its spend today become facts; the pack's rules decide allow, deny or
// needs_approval, and the engine's proof (the rules that fired over those facts) is recorded
// with a hash, so /verify can re-run the same facts through the same rules later.
import { canonicalJson, sha256Hex } from '../../canonical.js';
import { allows } from '../../auth/keys.js';
import { compilePack, decide, policyHashOf, renderPredicate, type Fact, type Pack, type Predicate, type Rule } from '../../decision/engine/index.js';

const p = (name: string, ...args: (string | number)[]): Predicate => ({ name, args });
const not = (name: string, ...args: (string | number)[]): Predicate => ({ name, args, negated: true });
const E = '?e';

/** A violation: its firing denies the execution (deny wins over every approval). */
const violation = (name: string, ...premises: Predicate[]): Rule => ({ name, if: premises, then: [p('violation', E, name)], effect: 'deny' });

/** The rules, in the order the documentation lists them. */
const POLICY: Rule[] = [
  violation('agent_paused', p('agent_status', E, 'paused')),
  violation('permission_missing', p('requires_permission', E, '?perm'), not('holds_permission', E, '?perm')),
  violation('operation_not_allowed', p('operation', E, '?op'), p('operations_restricted', E), not('allowed_operation', E, '?op')),
  violation('counterparty_not_allowed', p('counterparty', E, '?c'), p('counterparties_restricted', E), not('allowed_counterparty', E, '?c')),
  violation('counterparty_missing', p('no_counterparty', E), p('counterparties_restricted', E)),
  violation('currency_outside_limits', p('amount', E, '?a', '?cur'), p('limit_currency', E, '?lc'), { name: 'neq', args: ['?cur', '?lc'] }),
  violation('over_per_transaction_limit', p('amount', E, '?a', '?cur'), p('per_transaction_limit', E, '?l', '?cur'), { name: 'gt', args: ['?a', '?l'] }),
  violation('over_daily_limit', p('spend_after', E, '?s', '?cur'), p('daily_limit', E, '?l', '?cur'), { name: 'gt', args: ['?s', '?l'] }),
  {
    name: 'above_approval_threshold',
    if: [p('amount', E, '?a', '?cur'), p('approval_above', E, '?t', '?cur'), { name: 'gt', args: ['?a', '?t'] }, not('human_approved', E), not('violation', E, '?any')],
    then: [p('needs_approval', E)],
    effect: 'require_review',
  },
  {
    name: 'within_policy',
    if: [p('agent_status', E, 'active'), not('violation', E, '?any'), not('needs_approval', E)],
    then: [p('allowed', E)],
    effect: 'authorize',
  },
];

/** The pack: no questions (no judge reads a message), every fact from the server itself. */
export const AGENT_POLICY_PACK: Pack = {
  industry: 'agent_policy',
  title: 'Agent spending policy',
  summary: 'Permissions, per-transaction and daily limits, allowed operations and counterparties, pause, approval threshold',
  policy: POLICY,
  questions: [],
  source_trust: { agent_config: 'verified', ledger: 'verified', request: 'verified', approver: 'verified' },
  scenarios: [],
};
compilePack(AGENT_POLICY_PACK); // a broken policy fails at start-up, not at the first execution
export const AGENT_POLICY_HASH = policyHashOf(AGENT_POLICY_PACK);

export const OUTCOMES = ['allow', 'deny', 'needs_approval'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface Money {
  amount: number;
  currency: string;
}

export interface AgentLimits {
  per_transaction?: Money;
  daily?: Money;
  allowed_operations?: string[];
  allowed_counterparties?: string[];
}

/** What one execution asks for, as the server sees it before running it. */
export interface Request {
  executionId: string;
  operation: string;
  permission: string;
  /** what it spends, in minor units of its currency; undefined: the operation spends nothing */
  spend?: { amount: number; currency: string };
  /** the counterparty, when the operation has one (null: it could and names none) */
  counterparty?: string | null;
}

export interface AgentState {
  status: string;
  permissions: string[];
  limits: AgentLimits;
  approvalAbove: Money | null;
}

/** The facts of one execution: the request, the agent's configuration and today's spend. */
export function factsOf(req: Request, agent: AgentState, spentToday: number, humanApproved = false): Fact[] {
  const e = req.executionId;
  const facts: Fact[] = [];
  const add = (source: string, name: string, ...args: (string | number)[]) => facts.push({ predicate: p(name, ...args), provenance: { source } });
  add('request', 'operation', e, req.operation);
  add('request', 'requires_permission', e, req.permission);
  add('agent_config', 'agent_status', e, agent.status);
  // the agent's permissions cover the one needed as a key's would (`payments:write` covers `payments:create`)
  if (allows(agent.permissions, req.permission)) add('agent_config', 'holds_permission', e, req.permission);
  if (agent.limits.allowed_operations) {
    add('agent_config', 'operations_restricted', e);
    for (const op of agent.limits.allowed_operations) add('agent_config', 'allowed_operation', e, op);
  }
  if (agent.limits.allowed_counterparties) {
    add('agent_config', 'counterparties_restricted', e);
    for (const c of agent.limits.allowed_counterparties) add('agent_config', 'allowed_counterparty', e, c);
  }
  if (req.counterparty) add('request', 'counterparty', e, req.counterparty);
  else if (req.counterparty === null) add('request', 'no_counterparty', e);
  if (req.spend) {
    const { amount, currency } = req.spend;
    add('request', 'amount', e, amount, currency);
    const limitCurrencies = new Set<string>();
    if (agent.limits.per_transaction) {
      add('agent_config', 'per_transaction_limit', e, agent.limits.per_transaction.amount, agent.limits.per_transaction.currency);
      limitCurrencies.add(agent.limits.per_transaction.currency);
    }
    if (agent.limits.daily) {
      add('agent_config', 'daily_limit', e, agent.limits.daily.amount, agent.limits.daily.currency);
      limitCurrencies.add(agent.limits.daily.currency);
      add('ledger', 'spent_today', e, spentToday, currency);
      add('ledger', 'spend_after', e, spentToday + amount, currency);
    }
    for (const c of limitCurrencies) add('agent_config', 'limit_currency', e, c);
    if (agent.approvalAbove) add('agent_config', 'approval_above', e, agent.approvalAbove.amount, agent.approvalAbove.currency);
  }
  if (humanApproved) add('approver', 'human_approved', e);
  return facts;
}

export interface Decision {
  outcome: Outcome;
  /** the rules that fired, in firing order */
  rules: string[];
  /** the facts as the engine renders them */
  facts: string[];
  proof_hash: string;
}

/** The hash that binds an outcome to the rules that fired, the facts and the policy. */
function proofHash(policyHash: string, outcome: Outcome, rules: string[], facts: string[]): string {
  return sha256Hex(canonicalJson({ policy_hash: policyHash, outcome, rules, facts: [...facts].sort() }));
}

/** Runs the policy over the facts. Pure: the same facts always give the same decision and hash. */
export async function evaluate(facts: Fact[], now: Date): Promise<Decision> {
  const result = await decide({
    pack: AGENT_POLICY_PACK,
    scenario: { id: 'execution', name: 'agent execution', message: '', expectation: 'approved', facts },
    now,
  });
  const outcome: Outcome = result.decision === 'approved' ? 'allow'
    : result.decision === 'refused' && result.refusal?.requires_human_review ? 'needs_approval' : 'deny';
  const rules = [...new Set((result.proof?.derivation?.steps ?? []).map((s) => s.rule))];
  const rendered = facts.map((f) => renderPredicate(f.predicate));
  return { outcome, rules, facts: rendered, proof_hash: proofHash(AGENT_POLICY_HASH, outcome, rules, rendered) };
}

/** The facts' engine form back from what was recorded (JSON), or undefined when malformed. */
export function recordedFacts(value: unknown): Fact[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const f of value) {
    const pred = (f as Fact | null)?.predicate;
    if (!pred || typeof pred.name !== 'string' || !Array.isArray(pred.args)) return undefined;
  }
  return value as Fact[];
}
