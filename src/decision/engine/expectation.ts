// Whether a scenario's fixture expectation applies to a run: only when the run used the
// scenario's original message (a custom message must not be compared with it).
import type { Decision, Expectation, Scenario } from './types.js';

export function expectationApplicable(scenario: Pick<Scenario, 'message'>, message?: string | null): boolean {
  return message === undefined || message === null || message === scenario.message;
}

/** Whether a decision meets an expectation (`not_approved` = denied or refused). */
export function meetsExpectation(expectation: Expectation, decision: Decision): boolean {
  return expectation === 'not_approved' ? decision !== 'approved' : expectation === decision;
}
