// The neural step: the pack's questions are put to a judge about the customer message; an
// answer whose confidence reaches the pack's judgment threshold becomes a fact.
import type { CompiledPack } from './compile.js';
import type { Claim } from './evidence.js';
import { renderAtom, renderTerm } from './terms.js';
import type { Judge, JudgeAnswer, JudgeQuestion, Judgment, Judgments, Question, Term } from './types.js';

export interface JudgmentFact {
  name: string;
  args: Term[];
  key: string;
  confidence: number;
  judgment: number;
}

export interface JudgmentOutcome {
  judgments: Judgments;
  facts: JudgmentFact[];
  /** questions answered `unknown` or below threshold, rendered as `p(subject)`. */
  unresolved: string[];
}

/** Subject of a question: first argument of the first accepted (else any) claim of `subject_from`. */
export function subjectFor(q: Question, accepted: readonly Claim[], claims: readonly Claim[]): Term {
  if (!q.subject_from) return 'case';
  const hit = accepted.find((c) => c.name === q.subject_from && c.args.length) ?? claims.find((c) => c.name === q.subject_from && c.args.length);
  return hit ? hit.args[0] : 'case';
}

/** The fact a judgment asserts, or undefined (unknown, or negative without a complement). */
export function factOfAnswer(q: Question, subject: Term, value: string | number): { name: string; args: Term[] } | undefined {
  if (q.type === 'noul') {
    if (value === 'yes') return { name: q.predicate, args: [subject] };
    if (value === 'no' && q.complement) return { name: q.complement, args: [subject] };
    return undefined;
  }
  if (q.type === 'choice') {
    if (typeof value === 'string' && value !== 'unknown') return { name: q.predicate, args: [subject, value] };
    return undefined;
  }
  if (typeof value !== 'number') return undefined;
  if (value >= (q.threshold ?? 0.5)) return { name: q.predicate, args: [subject] };
  return q.complement ? { name: q.complement, args: [subject] } : undefined;
}

function unanswered(q: JudgeQuestion, reason: string): JudgeAnswer {
  return { predicate: q.predicate, value: 'unknown', confidence: 0, probabilities: {}, readings: 0, agreement: 0, samples: [], reason };
}

/** A pack question as the judge receives it, asked about `subject` (a rendered term). */
export function judgeQuestion(q: Question, subject: string): JudgeQuestion {
  return {
    predicate: q.predicate,
    type: q.type,
    instructions: q.instructions,
    complement: q.complement,
    criteria: q.criteria,
    labels: q.type === 'noul' ? ['yes', 'no'] : Object.keys(q.criteria ?? {}),
    subject,
    source: q,
  };
}

export async function runJudgments(
  cp: CompiledPack,
  message: string,
  judge: Judge,
  accepted: readonly Claim[],
  claims: readonly Claim[],
  clock?: () => number,
): Promise<JudgmentOutcome> {
  const subjects = cp.pack.questions.map((q) => subjectFor(q, accepted, claims));
  const questions = cp.pack.questions.map((q, i) => judgeQuestion(q, renderTerm(subjects[i])));
  const out: Judgments = { model: judge.model, judgments: [], rounds: 0 };
  if (!questions.length) return { judgments: out, facts: [], unresolved: [] };

  const t0 = clock?.();
  const response = await judge.judge({ industry: cp.pack.industry, message, questions, round: 1 });
  const t1 = clock?.();
  out.rounds = 1;
  if (response.input_tokens !== undefined) out.input_tokens = response.input_tokens;
  if (response.output_tokens !== undefined) out.output_tokens = response.output_tokens;
  if (response.latency_ms !== undefined) out.latency_ms = response.latency_ms;
  else if (t0 !== undefined && t1 !== undefined) out.latency_ms = Math.max(0, Math.round(t1 - t0));

  const byPredicate = new Map(response.answers.map((a) => [a.predicate, a]));
  const threshold = cp.routing.judgment_threshold;
  const facts: JudgmentFact[] = [];
  const unresolved: string[] = [];
  questions.forEach((jq, i) => {
    const q = jq.source;
    const subject = subjects[i];
    const a = byPredicate.get(q.predicate) ?? unanswered(jq, 'the judge returned no answer for this question');
    const j: Judgment = {
      predicate: q.predicate,
      value: a.value,
      subject: jq.subject,
      type: q.type,
      confidence: a.confidence,
      probabilities: a.probabilities,
      readings: a.readings,
      agreement: a.agreement,
      samples: a.samples,
      origin: judge.origin,
      round: 1,
      reason: a.reason,
    };
    const f = factOfAnswer(q, subject, a.value);
    if (f && a.confidence >= threshold) {
      const key = renderAtom(f.name, f.args);
      j.fact = key;
      facts.push({ ...f, key, confidence: a.confidence, judgment: i });
    } else {
      const open = renderAtom(q.predicate, q.type === 'choice' ? [subject, '?value'] : [subject]);
      if (f) {
        j.reason = `${a.reason}; confidence ${a.confidence} is below the judgment threshold ${threshold}, so no fact is asserted`;
        unresolved.push(open);
      } else if (a.value === 'unknown') unresolved.push(open);
    }
    out.judgments.push(j);
  });
  return { judgments: out, facts, unresolved };
}
