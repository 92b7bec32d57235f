// What both judges (local and chat-completions) do with their readings of one question: a
// smoothed distribution over the labels, and the answer for the voted label.
import type { JudgeAnswer } from '../engine/types.js';

/** Pseudo-readings spread evenly over the labels, so one reading is never a certainty. */
export const PRIOR_MASS = 1;

export const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** Smoothed probability of each option given how many readings chose it. */
export function smoothed(options: readonly string[], counts: ReadonlyMap<string, number>, n: number): Record<string, number> {
  const alpha = PRIOR_MASS / options.length;
  const probabilities: Record<string, number> = {};
  for (const o of options) probabilities[o] = round(((counts.get(o) ?? 0) + alpha) / (n + PRIOR_MASS));
  return probabilities;
}

/** Counts of each option among the votes (options with no vote count 0). */
export function tally(options: readonly string[], votes: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>(options.map((o) => [o, 0]));
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/**
 * The answer for the voted label `value` of a label question: its probability as the
 * confidence, the share of readings that agree, each reading as 1 (agrees), 0.5 (unknown) or 0.
 */
export function labelAnswer(
  predicate: string, votes: readonly string[], value: string, counts: ReadonlyMap<string, number>,
  probabilities: Record<string, number>, reason: (agree: number, n: number) => string,
): JudgeAnswer {
  const n = votes.length;
  const agree = counts.get(value) ?? 0;
  return {
    predicate,
    value,
    confidence: probabilities[value],
    probabilities,
    readings: n,
    agreement: round(agree / n),
    samples: votes.map((v) => (v === value ? 1 : v === 'unknown' ? 0.5 : 0)),
    reason: reason(agree, n),
  };
}
