// How agents and their executions look in REST bodies, events and GraphQL JSON fields.
import { registerPresenter } from '../../representation.js';
import { renderPredicate, type Fact } from '../../decision/engine/index.js';

type Row = Record<string, unknown>;
const unix = (d: unknown) => Math.floor((d as Date).getTime() / 1000);

/** The recorded facts as the engine renders them (`amount(aex_1, 500, usd)`). */
export function renderedFacts(facts: unknown): string[] {
  return Array.isArray(facts) ? (facts as Fact[]).map((f) => renderPredicate(f.predicate)) : [];
}

export function presentExecution(r: Row): Row {
  return {
    id: r.id,
    object: 'agent_execution',
    agent: r.agentId,
    operation: r.operation,
    status: r.status,
    decision: { outcome: r.outcome, rules: r.rules, facts: renderedFacts(r.facts), proof_hash: r.proofHash },
    input: r.input,
    result: r.result ?? null,
    error: r.error ?? null,
    created: unix(r.createdAt),
    updated: unix(r.updatedAt),
    livemode: r.livemode,
  };
}

export function registerAgentPresenters(): void {
  registerPresenter('Agent', (r) => ({
    id: r.id,
    object: 'agent',
    name: r.name,
    description: r.description ?? null,
    status: r.status,
    permissions: r.permissions,
    limits: r.limits,
    approval_above: r.approvalAbove ?? null,
    metadata: r.metadata,
    created: unix(r.createdAt),
    updated: unix(r.updatedAt),
    livemode: r.livemode,
  }));
  registerPresenter('AgentExecution', presentExecution);
}
