import { describe, it, expect } from 'vitest';
import { decide, expectationApplicable, meetsExpectation, recordFromResult, replay, type Result } from '../../src/decision/engine/index.js';
import { INDUSTRIES, loadPacks } from '../../src/decision/packs/index.js';
import { LOCAL_JUDGE_MODEL } from '../../src/decision/judge/index.js';
import { NOW, schemaErrors } from './helpers.js';

const packs = loadPacks();

describe('industry packs', () => {
  it('loads the seven industries in order, with rule and judgment counts', () => {
    expect(packs.map((p) => p.industry)).toEqual([...INDUSTRIES]);
    for (const p of packs) {
      expect(p.rules).toBe(p.policy.length);
      expect(p.judgments).toBe(p.questions.length);
      expect(p.scenarios.length).toBeGreaterThanOrEqual(5);
      expect(p.title && p.summary && p.definition).toBeTruthy();
      expect(schemaErrors(p, 'Pack')).toEqual([]);
    }
  });
});

for (const pack of packs) {
  describe(`${pack.industry} scenarios (original messages, local judge)`, () => {
    const results = new Map<string, Result>();
    const get = async (id: string) => {
      if (!results.has(id)) {
        const s = pack.scenarios.find((x) => x.id === id)!;
        results.set(id, await decide({ pack, scenario: s, now: NOW }));
      }
      return results.get(id)!;
    };

    for (const s of pack.scenarios) {
      it(`${s.id}: ${s.expectation}`, async () => {
        const r = await get(s.id);
        expect(meetsExpectation(s.expectation, r.decision), `${s.id} decided ${r.decision}: ${r.plain_explanation}`).toBe(true);
        expect(schemaErrors(r, 'Result', true)).toEqual([]);
        expect(r.proof?.derivation?.replayable).toBe(true);
        expect(replay(recordFromResult(pack, r))).toBe(true);
        expect(r.judgments.model).toBe(LOCAL_JUDGE_MODEL);
        expect(r.judgments.rounds).toBe(1);
        expect(r.judgments.judgments).toHaveLength(pack.questions.length);
        for (const j of r.judgments.judgments) {
          expect(j).toMatchObject({ origin: 'local', round: 1, type: expect.any(String), subject: expect.any(String) });
          expect(j.readings).toBeGreaterThanOrEqual(3);
        }
        expect(r.plain_explanation?.startsWith(r.decision === 'approved' ? 'Approved' : r.decision === 'denied' ? 'Denied' : 'Refused')).toBe(true);
        expect(r.routing?.band).toMatch(/^(act|confirm|escalate)$/);

        if (r.decision === 'approved') {
          expect(r.proof?.derivation?.authorizing_predicate).toBeTruthy();
          expect(r.proof?.proof_status).toBe('complete');
        }
        if (r.decision === 'refused') expect(r.refusal?.reason).toBeTruthy();
        if (s.challenge === 'missing_fact') {
          expect(r.decision).toBe('refused');
          expect(r.refusal?.missing_facts?.length).toBeGreaterThan(0);
          for (const m of r.refusal!.missing_facts!) {
            expect(m.question.length).toBeGreaterThan(10);
            expect(pack.policy.some((rule) => rule.name === m.needed_by_rule)).toBe(true);
            expect(m.resolves_with?.predicate.name).toBe(m.predicate);
          }
        }
        if (s.challenge === 'stale_claim' || s.challenge === 'untrusted_claim') {
          const reason = s.challenge === 'stale_claim' ? 'stale' : 'untrusted';
          expect(r.evidence?.rejected?.some((x) => x.reason === reason)).toBe(true);
        }
        if (s.challenge === 'conflict') {
          expect(r.evidence?.conflicts?.length).toBeGreaterThan(0);
          const c = r.evidence!.conflicts![0];
          expect(c.claims?.length).toBeGreaterThanOrEqual(2);
          expect(pack.premise_requirements?.[c.predicate]?.functional).toBe(true);
        }
        if (s.human_review) {
          expect(r.decision).toBe('refused');
          expect(r.refusal?.requires_human_review).toBe(true);
          expect(r.evidence?.requires_human_review).toBe(true);
          expect(r.routing?.band).toBe('escalate');
        } else {
          expect(r.evidence?.requires_human_review).toBe(false);
        }
        if (s.challenge === 'deny_overrides_approval') {
          expect(r.decision).toBe('denied');
          const effects = new Map(pack.policy.map((rule) => [rule.name, rule.effect]));
          expect(r.proof?.derivation?.steps.some((st) => effects.get(st.rule) === 'authorize')).toBe(true);
        }
      });
    }

    it('together the scenarios produce every outcome', async () => {
      const all = await Promise.all(pack.scenarios.map(async (s) => ({ s, r: await get(s.id) })));
      expect(all.some(({ r }) => r.decision === 'approved')).toBe(true);
      expect(all.some(({ r }) => r.decision === 'denied')).toBe(true);
      expect(all.some(({ r }) => r.decision === 'refused' && (r.refusal?.missing_facts?.length ?? 0) > 0 && !r.refusal?.requires_human_review)).toBe(true);
      expect(all.some(({ r }) => r.evidence?.rejected?.some((x) => x.reason === 'stale' || x.reason === 'untrusted'))).toBe(true);
      expect(all.some(({ r }) => (r.evidence?.conflicts?.length ?? 0) > 0)).toBe(true);
      expect(all.some(({ r }) => r.refusal?.requires_human_review === true)).toBe(true);
    });
  });
}

describe('custom messages', () => {
  const fs = packs.find((p) => p.industry === 'financial_services')!;
  const dup = fs.scenarios.find((s) => s.id === 'duplicate-charge-credited')!;

  it('a message that contradicts the scenario changes the judgments and the outcome', async () => {
    const original = await decide({ pack: fs, scenario: dup, now: NOW });
    const message = 'Sorry, my mistake: there is only one charge and I recognise it, it was my own purchase.';
    const custom = await decide({ pack: fs, scenario: dup, message, now: NOW });
    expect(original.decision).toBe('approved');
    expect(custom.decision).not.toBe('approved');
    const byPred = (r: Result) => Object.fromEntries(r.judgments.judgments.map((j) => [j.predicate, j.value]));
    expect(byPred(original)).toEqual({ reports_duplicate_charge: 'yes', disowns_transaction: 'unknown' });
    expect(byPred(custom)).toEqual({ reports_duplicate_charge: 'no', disowns_transaction: 'no' });
    expect(custom.judgments.judgments[1].fact).toBe('recognizes_transaction(txn_58213)');
    expect(expectationApplicable(dup, message)).toBe(false);
    expect(expectationApplicable(dup, dup.message)).toBe(true);
  });

  it('a message can also supply what the original lacked', async () => {
    const vague = fs.scenarios.find((s) => s.id === 'vague-query-refused')!;
    const r = await decide({ pack: fs, scenario: vague, message: "I don't recognise this charge, I never shopped at ACME.", now: NOW });
    expect(r.decision).toBe('approved');
    expect(r.proof?.cited_rules).toContain('credit_unauthorized_card_not_present');
  });
});
