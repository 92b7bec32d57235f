import { describe, it, expect } from 'vitest';
import { judgeQuestion, type JudgeQuestion, type Question } from '../../src/decision/engine/index.js';
import { judgeLocally, localJudge, LOCAL_JUDGE_MODEL, parseCues } from '../../src/decision/judge/index.js';

function jq(q: Question, subject = 's1'): JudgeQuestion {
  return judgeQuestion(q, subject);
}

const duplicate: Question = {
  predicate: 'reports_duplicate',
  instructions: 'Charged twice?',
  type: 'noul',
  complement: 'single_charge',
  criteria: { yes: 'Charged more than once. cues: charged twice|double charged|duplicate charge', no: 'cues: only one charge' },
};
const remedy: Question = {
  predicate: 'remedy',
  instructions: 'What is asked for?',
  type: 'choice',
  criteria: { refund: 'cues: refund*|money back', rebooking: 'cues: rebook*|another flight', voucher: 'cues: voucher' },
};
const urgency: Question = {
  predicate: 'urgency',
  instructions: 'How urgent?',
  type: 'score',
  threshold: 0.75,
  criteria: { '0': 'cues: routine|stable', '0.5': 'cues: worsening', '1': 'cues: emergency|severe' },
};

const ask = (q: Question, message: string) => judgeLocally({ industry: 't', message, questions: [jq(q)], round: 1 }).answers[0];
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('local lexical judge', () => {
  it('names itself honestly and reports no invented token counts', async () => {
    expect(localJudge.model).toBe(LOCAL_JUDGE_MODEL);
    expect(LOCAL_JUDGE_MODEL).toBe('local-lexical-judge-v1');
    expect(localJudge.origin).toBe('local');
    const res = await localJudge.judge({ industry: 't', message: 'I was charged twice', questions: [jq(duplicate)], round: 1 });
    expect(res.input_tokens).toBeUndefined();
    expect(res.output_tokens).toBeUndefined();
  });

  it('parses cue phrases after "cues:"', () => {
    expect(parseCues('Charged more than once. cues: charged twice | double charged|  ')).toEqual(['charged twice', 'double charged']);
    expect(parseCues('no cue list here')).toEqual([]);
  });

  it('answers yes on a clear cue, with unanimous readings', () => {
    const a = ask(duplicate, "Hello. I was charged twice for the same dinner, it's a duplicate charge.");
    expect(a.value).toBe('yes');
    expect(a.agreement).toBe(1);
    expect(a.readings).toBeGreaterThanOrEqual(4);
    expect(a.samples.every((s) => s === 1)).toBe(true);
    expect(a.confidence).toBeGreaterThan(0.8);
    expect(a.confidence).toBeLessThan(1);
    expect(sum(a.probabilities)).toBeCloseTo(1, 3);
    expect(a.reason).toContain('"charged twice"');
  });

  it('flips a cue preceded by a negation and lowers its confidence (the negation-blind reading disagrees)', () => {
    const a = ask(duplicate, 'I was not charged twice, I just want to know what this is.');
    expect(a.value).toBe('no');
    expect(a.agreement).toBeLessThan(1);
    expect(a.samples).toContain(0);
    expect(a.confidence).toBeLessThan(ask(duplicate, 'I was charged twice.').confidence);
    expect(a.reason).toContain('(negated)');
    expect(ask(duplicate, "I didn't get double charged.").value).toBe('no');
    // one negated and one plain mention: the readings split, and the judge says so rather than guess
    expect(ask(duplicate, 'I have never been double charged before, but today I was charged twice.').value).toBe('unknown');
  });

  it('a negation in another clause does not negate the cue', () => {
    expect(ask(duplicate, 'No, I was charged twice.').value).toBe('yes');
    expect(ask(duplicate, 'Not sure why but I was charged twice').value).toBe('yes');
  });

  it('a negator inside another cue does not negate a following cue', () => {
    const q: Question = { predicate: 'unexpected', instructions: '?', type: 'noul', criteria: { yes: 'cues: didnt realise|auto renew*' } };
    expect(ask(q, "I didn't realise it would auto-renew.").value).toBe('yes');
  });

  it('answers unknown when no cue is present', () => {
    const a = ask(duplicate, 'Can you look at the charge on my statement?');
    expect(a.value).toBe('unknown');
    expect(a.readings).toBe(3);
    expect(a.reason).toContain('no cue phrase');
  });

  it('conflicting cues of equal weight give unknown', () => {
    expect(ask(duplicate, 'There is only one charge. I was charged twice?').value).toBe('unknown');
  });

  it('choice questions pick the label the readings vote for; prefix cues match word starts', () => {
    expect(ask(remedy, 'Please refund my ticket.').value).toBe('refund');
    expect(ask(remedy, 'Can you rebook me on the next one?').value).toBe('rebooking');
    expect(ask(remedy, 'I want to be reimbursed, not a voucher').value).toBe('unknown');
    const a = ask(remedy, "I don't want a voucher. I want my money back.");
    expect(a.value).toBe('refund');
    expect(Object.keys(a.probabilities).sort()).toEqual(['rebooking', 'refund', 'unknown', 'voucher']);
  });

  it('score questions give a number and the confidence of its side of the threshold', () => {
    const a = ask(urgency, 'Severe pain since this morning, it is an emergency.');
    expect(a.value).toBe(1);
    expect(a.confidence).toBeGreaterThan(0.75);
    const b = ask(urgency, 'Symptoms are stable, routine request.');
    expect(b.value).toBe(0);
    const c = ask(urgency, 'Nothing to say.');
    expect(c.value).toBe('unknown');
  });

  it('is deterministic', () => {
    const m = 'I was double charged, not once but twice. Duplicate charge!';
    expect(ask(duplicate, m)).toEqual(ask(duplicate, m));
  });
});
