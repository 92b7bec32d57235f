// Routing: what to do with an outcome. `act` when the effective confidence reaches the pack's
// act threshold, `confirm` when it reaches the confirm threshold, `escalate` otherwise.
// Thresholds are inclusive. Human review and refusals always escalate.
import type { Decision, Routing, RoutingBand, RoutingPolicy } from './types.js';

export function routeBand(effective: number, policy: Pick<RoutingPolicy, 'act_threshold' | 'confirm_threshold'>): RoutingBand {
  if (effective >= policy.act_threshold) return 'act';
  if (effective >= policy.confirm_threshold) return 'confirm';
  return 'escalate';
}

export function route(
  decision: Decision,
  proofScore: number,
  humanReview: boolean,
  policy: Pick<RoutingPolicy, 'act_threshold' | 'confirm_threshold'>,
  verified = true,
): Routing {
  const base = { act_threshold: policy.act_threshold, confirm_threshold: policy.confirm_threshold };
  if (humanReview)
    return { band: 'escalate', effective_confidence: 0, basis: 'human_review', ...base, reason: 'the policy requires a person to review this case' };
  if (!verified)
    return { band: 'escalate', effective_confidence: 0, basis: 'replay_failed', ...base, reason: 'the derivation did not re-check, so it cannot be acted on' };
  if (decision === 'refused')
    return {
      band: 'escalate',
      effective_confidence: 0,
      basis: 'no_decision',
      ...base,
      reason: 'no outcome could be derived; a person must collect the missing facts or resolve the failed conditions',
    };
  const band = routeBand(proofScore, policy);
  const c = proofScore;
  const reason =
    band === 'act'
      ? `effective confidence ${c} is at or above the act threshold ${policy.act_threshold}`
      : band === 'confirm'
        ? `effective confidence ${c} is below the act threshold ${policy.act_threshold} but at or above the confirm threshold ${policy.confirm_threshold}`
        : `effective confidence ${c} is below the confirm threshold ${policy.confirm_threshold}`;
  return { band, effective_confidence: c, basis: 'proof_score', ...base, reason };
}
