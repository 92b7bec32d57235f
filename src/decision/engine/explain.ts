// Plain-language explanation and rationale, generated from the proof: the rules that fired,
// the facts and judgments they used, the claims set aside, what is missing, and the routing.
import type { Firing } from './chain.js';
import type { EvidenceOutcome } from './evidence.js';
import { humanizePredicate, parsePredicate } from './terms.js';
import type { Decision, Judgment, Refusal, Routing } from './types.js';

export interface ExplainContext {
  decision: Decision;
  status: string;
  decisive?: Firing;
  support: Firing[];
  overridden?: Firing;
  judgments: Judgment[];
  usedJudgmentFacts: Set<string>;
  evidence: EvidenceOutcome;
  refusal?: Refusal;
  reviewReasons: string[];
  constraintFirings: Firing[];
  routing: Routing;
  proofScore: number;
  firings: number;
  bound?: number;
  /** predicates a customer can be asked about (pack questions and their complements). */
  askable: Set<string>;
}

export function human(s: string): string {
  try {
    return humanizePredicate(parsePredicate(s));
  } catch {
    return s;
  }
}

function list(items: string[], max = 6): string {
  const xs = items.length > max ? [...items.slice(0, max), `${items.length - max} more`] : items;
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

function because(f: Firing): string {
  return list(f.premises.map(human));
}

function judgmentClause(ctx: ExplainContext): string {
  const used = ctx.judgments.filter((j) => j.fact && ctx.usedJudgmentFacts.has(j.fact));
  if (!used.length) return '';
  return ` From the customer's message it read ${list(used.map((j) => `${human(j.fact!)} (confidence ${j.confidence})`))}.`;
}

function setAside(ev: EvidenceOutcome): string {
  const rs = ev.rejected.filter((r) => r.reason !== 'conflict');
  const parts: string[] = [];
  if (rs.length) parts.push(`Set aside: ${list(rs.map((r) => `${r.claim ?? r.predicate} (${r.reason})`))}.`);
  for (const c of ev.conflicts)
    parts.push(
      c.accepted
        ? `Conflicting claims on ${c.predicate} for ${c.subject} were resolved by ${c.resolution}, keeping ${c.accepted}.`
        : `Conflicting claims on ${c.predicate} for ${c.subject} were not resolved (${c.resolution}).`,
    );
  return parts.length ? ' ' + parts.join(' ') : '';
}

export function plainExplanation(ctx: ExplainContext): string {
  const r = ctx.routing;
  const routing = ` Next step: ${r.band} (${r.reason}).`;
  if (ctx.decision === 'approved' && ctx.decisive) {
    const d = ctx.decisive;
    return `Approved: rule ${d.rule.name} concludes ${list(d.conclusions.map(human))}, because ${because(d)}.${judgmentClause(ctx)}${setAside(ctx.evidence)}${routing}`;
  }
  if (ctx.decision === 'denied' && ctx.decisive) {
    const d = ctx.decisive;
    const over = ctx.overridden
      ? ` Rule ${ctx.overridden.rule.name} would have approved (${list(ctx.overridden.conclusions.map(human))}), but a denying rule takes precedence over an approving one.`
      : '';
    return `Denied: rule ${d.rule.name} concludes ${list(d.conclusions.map(human))}, because ${because(d)}.${over}${judgmentClause(ctx)}${setAside(ctx.evidence)}${routing}`;
  }
  const ref = ctx.refusal;
  let text: string;
  if (ctx.status === 'bounded') {
    text = `Refused: reasoning stopped after ${ctx.bound} rule firings without settling, so no outcome can be justified.`;
  } else if (ctx.status === 'contradicted') {
    text = `Refused: the evidence is inconsistent: ${list(ctx.constraintFirings.map((f) => `rule ${f.rule.name} found ${because(f)}`))}.`;
  } else if (ctx.status === 'held_for_review') {
    text = `Refused and passed to a person: ${list(ctx.reviewReasons)}.`;
  } else {
    text = 'Refused: no rule could authorize this request with the facts available.';
  }
  const missing = ref?.missing_facts ?? [];
  if (missing.length && ctx.status !== 'bounded')
    text += ` Missing: ${list(missing.map((m) => human(`${m.predicate}(${m.args.map((a) => (/^[A-Za-z_?][\w.:@/-]*$/.test(a) ? a : JSON.stringify(a))).join(', ')})`)))}.`;
  const blocking = (ref?.failed_constraints ?? []).filter((f) => f.constraint !== 'fixpoint_bound' && !ctx.constraintFirings.some((c) => c.rule.name === f.needed_by_rule));
  if (blocking.length) text += ` Blocking: ${list(blocking.map((f) => f.explanation))}.`;
  text += setAside(ctx.evidence);
  if (missing.length && ctx.status === 'incomplete') {
    const ask = missing.find((m) => ctx.askable.has(m.predicate));
    const fetch = missing.find((m) => !ctx.askable.has(m.predicate));
    if (ask) text += ` To continue, ask the customer: ${ask.question}`;
    if (fetch) text += ` ${ask ? 'Also needed' : 'To continue'}: ${fetch.question}`;
  }
  return text + routing;
}

export function rationale(ctx: ExplainContext, cited: string[]): string {
  const lines: string[] = [];
  lines.push(`Outcome: ${ctx.decision}; proof ${ctx.status}, score ${ctx.proofScore}; ${ctx.firings} rule firing(s).`);
  const ev = ctx.evidence;
  lines.push(`Evidence: ${ev.claims.length} claim(s), ${ev.accepted.length} accepted.`);
  for (const r of ev.rejected) lines.push(`  rejected ${r.claim ?? r.predicate}: ${r.reason}; ${r.detail ?? ''}`.trimEnd());
  for (const c of ev.conflicts)
    lines.push(`  conflict on ${c.predicate} for ${c.subject}: ${c.resolution}${c.accepted ? `, kept ${c.accepted}` : ', none kept'}.`);
  if (ctx.judgments.length) {
    lines.push('Judgments:');
    for (const j of ctx.judgments)
      lines.push(
        `  ${j.predicate}(${j.subject}) = ${j.value} (confidence ${j.confidence}, ${Math.round((j.agreement ?? 0) * (j.readings ?? 0))}/${j.readings} readings agree) ${j.fact ? `asserts ${j.fact}` : 'asserts nothing'}.`,
      );
  }
  if (ctx.support.length) {
    lines.push('Derivation used:');
    for (const f of ctx.support) lines.push(`  ${f.rule.name}: ${f.premises.join(', ')} => ${f.conclusions.join(', ')}`);
  }
  if (ctx.overridden)
    lines.push(`Deny wins: ${ctx.overridden.rule.name} also fired (${ctx.overridden.conclusions.join(', ')}), but a fired deny rule decides the outcome.`);
  const ref = ctx.refusal;
  if (ref) {
    lines.push(`Refusal: ${ref.reason}`);
    for (const m of ref.missing_facts ?? [])
      lines.push(`  missing ${m.predicate}(${m.args.join(', ')}) for rule ${m.needed_by_rule}; ask: ${m.question}`);
    for (const f of ref.failed_constraints ?? []) lines.push(`  failed ${f.constraint} (rule ${f.needed_by_rule}): ${f.explanation}`);
  }
  if (cited.length) lines.push(`Cited rules: ${cited.join(', ')}.`);
  lines.push(`Routing: ${ctx.routing.band}, ${ctx.routing.reason}.`);
  return lines.join('\n');
}
