// The local judge: a deterministic lexical reader, no network, no model. It answers each
// question by finding the cue phrases listed in the question's criteria (`cues: a|b|c*`) in
// the customer message, with simple negation handling ("not", "never", "didn't" up to four
// words before a cue, within the same clause). It reads the message several ways ("readings")
// and derives probabilities, agreement and confidence from how those readings vote.
import type { Judge, JudgeAnswer, JudgeQuestion, JudgeRequest, JudgeResponse, Question } from '../engine/types.js';
import { labelAnswer, round, smoothed, tally } from './answer.js';

export const LOCAL_JUDGE_MODEL = 'local-lexical-judge-v1';

// Probabilities are posterior means of the reading votes under a symmetric Dirichlet prior
// of total mass 1 (1/K per option, answer.ts), so a handful of unanimous readings gives high
// but never full confidence.
const NEGATION_WINDOW = 4;
const NEGATORS = new Set([
  'not', 'no', 'never', 'nothing', 'nobody', 'neither', 'nor', 'without', 'cannot', 'cant', 'didnt', 'dont',
  'doesnt', 'isnt', 'wasnt', 'werent', 'arent', 'havent', 'hasnt', 'hadnt', 'couldnt', 'wont', 'wouldnt', 'shouldnt', 'aint',
]);

interface Cue {
  label: string;
  phrase: string;
  tokens: string[];
  prefix: boolean[];
}

interface CompiledQuestion {
  labels: string[];
  byFirst: Map<string, Cue[]>;
  prefixFirst: Cue[];
}

interface Clause {
  sentence: number;
  tokens: string[];
  /** global position of tokens[0]. */
  offset: number;
}

interface Hit {
  label: string;
  phrase: string;
  sentence: number;
  start: number;
  end: number;
  negated: boolean;
}

function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/'/g, '');
}

const TOKEN = /[\p{L}\p{N}]+/gu;
const PHRASE_TOKEN = /[\p{L}\p{N}]+\*?/gu;

/** Parses `... cues: phrase one | phrase two | refund*` from a criteria description. */
export function parseCues(description: string): string[] {
  const m = /\bcues?\s*:\s*([\s\S]*)$/i.exec(description);
  if (!m) return [];
  return m[1]
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const compiled = new WeakMap<Question, CompiledQuestion>();

function labelsOf(q: Question): string[] {
  return q.type === 'noul' ? ['yes', 'no'] : Object.keys(q.criteria ?? {});
}

export function compileQuestion(q: Question): CompiledQuestion {
  const hit = compiled.get(q);
  if (hit) return hit;
  const byFirst = new Map<string, Cue[]>();
  const prefixFirst: Cue[] = [];
  for (const [label, description] of Object.entries(q.criteria ?? {})) {
    for (const phrase of parseCues(description)) {
      const raw = normalize(phrase).match(PHRASE_TOKEN) ?? [];
      if (!raw.length) continue;
      const cue: Cue = {
        label,
        phrase,
        tokens: raw.map((t) => t.replace(/\*$/, '')),
        prefix: raw.map((t) => t.endsWith('*')),
      };
      if (cue.prefix[0]) prefixFirst.push(cue);
      else {
        const list = byFirst.get(cue.tokens[0]);
        if (list) list.push(cue);
        else byFirst.set(cue.tokens[0], [cue]);
      }
    }
  }
  const c = { labels: labelsOf(q), byFirst, prefixFirst };
  compiled.set(q, c);
  return c;
}

const SENTENCE_SPLIT = /(?<!\d)[.!?]+(?!\d)|[\r\n]+/;
const CLAUSE_SPLIT = /[,;:()]|\s[-\u2013\u2014]\s|\b(?:but|however|although|though|except|yet|whereas)\b/;

export function segment(message: string): { clauses: Clause[]; sentences: number } {
  const clauses: Clause[] = [];
  let pos = 0;
  let sentence = 0;
  for (const s of normalize(message).split(SENTENCE_SPLIT)) {
    let any = false;
    for (const c of s.split(CLAUSE_SPLIT)) {
      if (!c) continue;
      const tokens = c.match(TOKEN);
      if (!tokens) continue;
      clauses.push({ sentence, tokens, offset: pos });
      pos += tokens.length;
      any = true;
    }
    if (any) sentence++;
  }
  return { clauses, sentences: sentence };
}

function matchAt(cue: Cue, tokens: string[], i: number): boolean {
  if (i + cue.tokens.length > tokens.length) return false;
  for (let k = 0; k < cue.tokens.length; k++) {
    const t = tokens[i + k];
    if (cue.prefix[k] ? !t.startsWith(cue.tokens[k]) : t !== cue.tokens[k]) return false;
  }
  return true;
}

function findHits(cq: CompiledQuestion, clauses: Clause[]): Hit[] {
  const raw: Array<Hit & { clause: Clause; at: number }> = [];
  for (const cl of clauses) {
    const { tokens } = cl;
    for (let i = 0; i < tokens.length; i++) {
      const exact = cq.byFirst.get(tokens[i]);
      const cands = exact ? (cq.prefixFirst.length ? [...exact, ...cq.prefixFirst] : exact) : cq.prefixFirst;
      for (const cue of cands) {
        if (!matchAt(cue, tokens, i)) continue;
        const start = cl.offset + i;
        raw.push({ label: cue.label, phrase: cue.phrase, sentence: cl.sentence, start, end: start + cue.tokens.length, negated: false, clause: cl, at: i });
      }
    }
  }
  // longest match wins: drop a hit whose span lies inside a longer hit's span
  const hits = raw.filter(
    (h) => !raw.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start),
  );
  // a negator inside another cue ("didn't realise") belongs to that cue and negates nothing else
  const covered = new Set<number>();
  for (const h of hits) for (let p = h.start; p < h.end; p++) covered.add(p);
  for (const h of hits) {
    const { tokens, offset } = h.clause;
    for (let k = Math.max(0, h.at - NEGATION_WINDOW); k < h.at; k++)
      if (NEGATORS.has(tokens[k]) && !covered.has(offset + k)) h.negated = true;
  }
  return hits.map(({ label, phrase, sentence, start, end, negated }) => ({ label, phrase, sentence, start, end, negated }));
}

function vote(labels: (string | null)[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) if (l !== null) counts.set(l, (counts.get(l) ?? 0) + 1);
  let best = 'unknown';
  let bestN = 0;
  let tie = false;
  for (const [l, n] of counts) {
    if (n > bestN) {
      best = l;
      bestN = n;
      tie = false;
    } else if (n === bestN) tie = true;
  }
  return bestN === 0 || tie ? 'unknown' : best;
}


export function answerQuestion(q: JudgeQuestion, clauses: Clause[]): JudgeAnswer {
  const cq = compileQuestion(q.source);
  const hits = findHits(cq, clauses);
  const flip = (l: string) => (l === 'yes' ? 'no' : l === 'no' ? 'yes' : l);
  const aware = (h: Hit): string | null => (h.negated ? (q.type === 'noul' ? flip(h.label) : null) : h.label);

  const readings: { name: string; vote: string }[] = [
    { name: 'whole message, negation-blind', vote: vote(hits.map((h) => h.label)) },
    { name: 'whole message, negation-aware', vote: vote(hits.map(aware)) },
    { name: 'last mention', vote: hits.length ? (aware(hits[hits.length - 1]) ?? 'unknown') : 'unknown' },
  ];
  const sentences = [...new Set(hits.map((h) => h.sentence))];
  for (const s of sentences)
    readings.push({ name: `sentence ${s + 1}`, vote: vote(hits.filter((h) => h.sentence === s).map(aware)) });

  const options = [...cq.labels, 'unknown'];
  const votes = readings.map((r) => r.vote);
  const counts = tally(options, votes);
  const n = readings.length;
  const probabilities = smoothed(options, counts, n);

  const cueText = hits.length
    ? 'cues: ' +
      hits
        .map((h) => `"${h.phrase}"${h.negated ? ' (negated)' : ''} -> ${aware(h) ?? 'ignored'} in sentence ${h.sentence + 1}`)
        .join('; ')
    : 'no cue phrase for this question found in the message';

  if (q.type === 'score') {
    const threshold = q.source.threshold ?? 0.5;
    let mass = 0;
    let sum = 0;
    for (const l of cq.labels) {
      mass += counts.get(l)!;
      sum += counts.get(l)! * Number(l);
    }
    if (mass === 0) {
      return {
        predicate: q.predicate, value: 'unknown', confidence: probabilities.unknown, probabilities,
        readings: n, agreement: round(counts.get('unknown')! / n), samples: [],
        reason: `${cueText}; all ${n} readings abstained`,
      };
    }
    const value = round(sum / mass, 2);
    const high = value >= threshold;
    const sideOf = (l: string) => Number(l) >= threshold === high;
    const confidence = round(cq.labels.filter(sideOf).reduce((a, l) => a + probabilities[l], 0));
    const agreeing = readings.filter((r) => r.vote !== 'unknown' && sideOf(r.vote)).length;
    return {
      predicate: q.predicate, value, confidence, probabilities, readings: n, agreement: round(agreeing / n),
      samples: readings.filter((r) => r.vote !== 'unknown').map((r) => Number(r.vote)),
      reason: `${cueText}; ${agreeing} of ${n} readings put the score ${high ? 'at or above' : 'below'} ${threshold}`,
    };
  }

  const value = vote(votes);
  return labelAnswer(q.predicate, votes, value, counts, probabilities, (agree) =>
    `${cueText}; ${agree} of ${n} readings ${value === 'unknown' ? 'give no answer' : `say ${value}`}`);
}

export function createLocalJudge(): Judge {
  return {
    model: LOCAL_JUDGE_MODEL,
    origin: 'local',
    async judge(request: JudgeRequest): Promise<JudgeResponse> {
      return judgeLocally(request);
    },
  };
}

/** Synchronous core of the local judge. */
export function judgeLocally(request: JudgeRequest): JudgeResponse {
  const { clauses } = segment(request.message);
  return { answers: request.questions.map((q) => answerQuestion(q, clauses)) };
}

export const localJudge: Judge = createLocalJudge();

/** Compiles every question's cues up front (called when packs are loaded). */
export function prepareQuestions(questions: readonly Question[]): void {
  for (const q of questions) compileQuestion(q);
}
