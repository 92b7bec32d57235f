// Public surface of the decision engine. Pure and deterministic given its inputs.
export * from './types.js';
export { decide, type DecideInput } from './decide.js';
export { replay, replayDetailed, recordFromResult, type ReplayRecord, type ReplayReport } from './replay.js';
export { analyzePack, compilePack, compilePolicy, policyHashOf, PackError, type PackFault, type CompiledPack } from './compile.js';
export { canonicalJson, sha256Hex } from './canonical.js';
export { renderPredicate, renderAtom, renderTerm, parsePredicate, humanizePredicate, isVariable, BUILTINS } from './terms.js';
export { routeBand, route } from './routing.js';
export { expectationApplicable, meetsExpectation } from './expectation.js';
export { assessEvidence } from './evidence.js';
export { forwardChain } from './chain.js';
export { judgeQuestion } from './judgments.js';
