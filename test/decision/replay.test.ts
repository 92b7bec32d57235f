import { describe, it, expect } from 'vitest';
import {
  canonicalJson,
  decide,
  policyHashOf,
  recordFromResult,
  replay,
  replayDetailed,
  sha256Hex,
  type Pack,
} from '../../src/decision/engine/index.js';
import { F, makePack, NOT, NOW, P, R, scenario } from './helpers.js';

const pack = makePack({
  policy: [
    R('eligibility', [P('member', '?c'), P('paid', '?c')], [P('eligible', '?c')]),
    R('grant', [P('eligible', '?c'), P('amount', '?c', '?a'), P('lte', '?a', 100), NOT('blocked', '?c')], [P('refund', '?c')], 'authorize'),
  ],
});
const facts = [F('member', ['c1']), F('paid', ['c1']), F('amount', ['c1', 40])];

async function approvedRecord() {
  const result = await decide({ pack, scenario: scenario(facts), now: NOW });
  expect(result.decision).toBe('approved');
  return { result, record: recordFromResult(pack, result) };
}

describe('replay', () => {
  it('re-checks the derivation the engine produced', async () => {
    const { result, record } = await approvedRecord();
    expect(result.proof?.derivation?.replayable).toBe(true);
    expect(replayDetailed(record)).toEqual({ ok: true, errors: [] });
    expect(record.facts).toEqual(['member(c1)', 'paid(c1)', 'amount(c1, 40)']);
  });

  it('detects a tampered conclusion', async () => {
    const { record } = await approvedRecord();
    record.steps[1] = { ...record.steps[1], conclusions: ['refund(c2)'] };
    const rep = replayDetailed(record);
    expect(rep.ok).toBe(false);
    expect(rep.errors[0]).toContain('does not follow');
  });

  it('detects a premise that is neither a recorded fact nor an earlier conclusion', async () => {
    const { record } = await approvedRecord();
    record.facts = record.facts.filter((f) => f !== 'paid(c1)');
    expect(replay(record)).toBe(false);
  });

  it('detects steps recorded out of order', async () => {
    const { record } = await approvedRecord();
    record.steps.reverse();
    expect(replay(record)).toBe(false);
  });

  it('detects a negated premise that the recorded facts contradict', async () => {
    const { record } = await approvedRecord();
    record.facts.push('blocked(c1)');
    expect(replayDetailed(record).errors[0]).toContain('not blocked(c1) fails');
  });

  it('detects a false built-in and a premise swapped for another value', async () => {
    const { record } = await approvedRecord();
    const tampered = structuredClone(record);
    tampered.facts = tampered.facts.map((f) => (f === 'amount(c1, 40)' ? 'amount(c1, 400)' : f));
    tampered.steps[1].premises = tampered.steps[1].premises.map((p) => p.replace('40', '400'));
    expect(replayDetailed(tampered).errors[0]).toContain('lte(400, 100) is false');
  });

  it('detects an unknown rule, a wrong authorizing predicate, and a policy hash mismatch', async () => {
    const { record } = await approvedRecord();
    expect(replay({ ...record, steps: [{ ...record.steps[0], rule: 'invented' }, record.steps[1]] })).toBe(false);
    expect(replay({ ...record, authorizing_predicate: 'eligible(c1)' })).toBe(false);
    expect(replay({ ...record, request_policy_hash: 'f'.repeat(64) })).toBe(false);
    expect(replay(record)).toBe(true);
  });

  it('replays judgments recorded as facts', async () => {
    const p = makePack({
      policy: [R('grant', [P('customer', '?c'), P('asks', '?c')], [P('ok', '?c')], 'authorize')],
      questions: [{ predicate: 'asks', instructions: 'Asks?', type: 'noul', criteria: { yes: 'cues: refund' }, subject_from: 'customer' }],
    });
    const result = await decide({ pack: p, scenario: scenario([F('customer', ['c1'])], 'refund please'), now: NOW });
    const record = recordFromResult(p, result);
    expect(replay(record)).toBe(true);
    expect(replay({ ...record, judgments: [] })).toBe(false);
  });
});

describe('request_policy_hash', () => {
  it('is the sha256 of canonical JSON, stable under key order', async () => {
    const reordered: Pack = JSON.parse(
      JSON.stringify(pack, (_k, v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    );
    expect(Object.keys(reordered)[0]).not.toBe(Object.keys(pack)[0]);
    expect(policyHashOf(reordered)).toBe(policyHashOf(pack));
    expect(policyHashOf(pack)).toMatch(/^[0-9a-f]{64}$/);
    const r = await decide({ pack: reordered, scenario: scenario(facts), now: NOW });
    expect(r.proof?.request_policy_hash).toBe(policyHashOf(pack));
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined, e: null }] })).toBe('{"a":[{"d":2,"e":null}],"b":1}');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('changes when the policy changes, but not when only scenarios change', () => {
    const changed = makePack({ ...pack, policy: pack.policy.map((r) => (r.name === 'grant' ? { ...r, then: [P('refund_v2', '?c')] } : r)) });
    expect(policyHashOf(changed)).not.toBe(policyHashOf(pack));
    const thresholds = makePack({ ...pack, routing: { act_threshold: 0.9, confirm_threshold: 0.6 } });
    expect(policyHashOf(thresholds)).not.toBe(policyHashOf(pack));
    const scen = makePack({ ...pack, scenarios: [scenario(facts)] });
    expect(policyHashOf(scen)).toBe(policyHashOf(pack));
    // omitted defaults hash like explicit defaults
    expect(policyHashOf(makePack({ ...pack, max_steps: 1000 }))).toBe(policyHashOf(pack));
  });
});
