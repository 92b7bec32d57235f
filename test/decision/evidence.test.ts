import { describe, it, expect } from 'vitest';
import { decide, type Pack, type PremiseRequirement } from '../../src/decision/engine/index.js';
import { F, makePack, NOW, P, R, scenario } from './helpers.js';

const nowMs = Date.parse(NOW);
const iso = (secondsAgo: number) => new Date(nowMs - secondsAgo * 1000).toISOString();

function statusPack(req: PremiseRequirement): Pack {
  return makePack({
    policy: [R('grant', [P('account', '?a'), P('status', '?a', 'good')], [P('ok', '?a')], 'authorize')],
    source_trust: { core: 'verified', ledger: 'high', crm: 'medium', customer: 'low' },
    premise_requirements: { status: req },
  });
}

describe('trust', () => {
  const pack = statusPack({ min_trust: 'high' });

  it('accepts a claim from a source trusted at least min_trust', async () => {
    const r = await decide({ pack, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'ledger')]), now: NOW });
    expect(r.decision).toBe('approved');
    expect(r.evidence).toMatchObject({ accepted: 2, claims: 2, rejected: [] });
  });

  it('rejects a claim below min_trust as untrusted', async () => {
    const r = await decide({ pack, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'crm')]), now: NOW });
    expect(r.decision).toBe('refused');
    expect(r.evidence?.rejected).toEqual([
      { claim: 'status(a1, good)', predicate: 'status', subject: 'a1', reason: 'untrusted', detail: expect.stringContaining('"medium"') },
    ]);
    expect(r.refusal?.missing_facts?.[0]).toMatchObject({ predicate: 'status', args: ['a1', 'good'] });
    expect(r.refusal?.reason).toContain('claims on status were rejected');
  });

  it('a source missing from source_trust counts as the lowest level', async () => {
    const r = await decide({ pack, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'somewhere')]), now: NOW });
    expect(r.evidence?.rejected?.[0]).toMatchObject({ reason: 'untrusted', detail: expect.stringContaining('not in the pack') });
  });

  it('a claim that declares itself less trusted than its source is taken at its word', async () => {
    const r = await decide({ pack, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'core', undefined, { trust: 'low' })]), now: NOW });
    expect(r.evidence?.rejected?.[0]?.reason).toBe('untrusted');
    // ...but cannot raise itself above its source
    const r2 = await decide({ pack, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'crm', undefined, { trust: 'verified' })]), now: NOW });
    expect(r2.evidence?.rejected?.[0]?.reason).toBe('untrusted');
  });
});

describe('freshness', () => {
  const pack = statusPack({ max_age_secs: 3600 });
  const run = (status: ReturnType<typeof F>) => decide({ pack, scenario: scenario([F('account', ['a1']), status]), now: NOW });

  it('accepts a claim within max_age_secs (inclusive) and rejects an older one as stale', async () => {
    expect((await run(F('status', ['a1', 'good'], 'core', 3600))).decision).toBe('approved');
    const r = await run(F('status', ['a1', 'good'], 'core', 3601));
    expect(r.decision).toBe('refused');
    expect(r.evidence?.rejected?.[0]).toMatchObject({ reason: 'stale', detail: expect.stringContaining('3601s') });
  });

  it('computes the age from observed_at relative to now when age_secs is absent', async () => {
    expect((await run(F('status', ['a1', 'good'], 'core', undefined, { observed_at: iso(600) }))).decision).toBe('approved');
    const r = await run(F('status', ['a1', 'good'], 'core', undefined, { observed_at: iso(7200) }));
    expect(r.evidence?.rejected?.[0]?.reason).toBe('stale');
  });

  it('a claim with no age cannot show freshness', async () => {
    const r = await run(F('status', ['a1', 'good'], 'core'));
    expect(r.evidence?.rejected?.[0]).toMatchObject({ reason: 'stale', detail: expect.stringContaining('no age') });
  });

  it('rejects claims outside valid_from / valid_until at now', async () => {
    const open = makePack({ ...pack, premise_requirements: {} });
    const at = (prov: Record<string, string>) =>
      decide({ pack: open, scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'core', 10, prov)]), now: NOW });
    expect((await at({ valid_until: iso(-60) })).decision).toBe('approved');
    expect((await at({ valid_until: iso(60) })).evidence?.rejected?.[0]).toMatchObject({ reason: 'stale', detail: expect.stringContaining('expired') });
    expect((await at({ valid_from: iso(-60) })).evidence?.rejected?.[0]).toMatchObject({ reason: 'stale', detail: expect.stringContaining('not valid before') });
  });
});

describe('functional predicates and conflicts', () => {
  const facts = (a: [string, string, number], b: [string, string, number]) => [
    F('account', ['a1']),
    F('status', ['a1', a[0]], a[1], a[2]),
    F('status', ['a1', b[0]], b[1], b[2]),
  ];
  const run = (on: PremiseRequirement['on_conflict'], a: [string, string, number], b: [string, string, number]) =>
    decide({ pack: statusPack({ functional: true, on_conflict: on }), scenario: scenario(facts(a, b)), now: NOW });

  it('prefer_highest_trust keeps the most trusted value', async () => {
    const r = await run('prefer_highest_trust', ['good', 'core', 900], ['frozen', 'ledger', 60]);
    expect(r.decision).toBe('approved');
    expect(r.evidence?.conflicts).toEqual([
      { predicate: 'status', subject: 'a1', claims: [expect.stringContaining('status(a1, good) from core'), expect.stringContaining('status(a1, frozen) from ledger')], resolution: 'prefer_highest_trust', accepted: 'status(a1, good)' },
    ]);
    expect(r.evidence?.rejected).toEqual([expect.objectContaining({ claim: 'status(a1, frozen)', reason: 'conflict' })]);
  });

  it('prefer_most_recent keeps the freshest value', async () => {
    const r = await run('prefer_most_recent', ['good', 'core', 900], ['frozen', 'ledger', 60]);
    expect(r.decision).toBe('refused');
    expect(r.evidence?.conflicts?.[0]).toMatchObject({ resolution: 'prefer_most_recent', accepted: 'status(a1, frozen)' });
  });

  it('prefer_highest_trust breaks a trust tie by recency, and an exact tie accepts nothing', async () => {
    const r = await run('prefer_highest_trust', ['good', 'core', 60], ['frozen', 'core', 900]);
    expect(r.evidence?.conflicts?.[0].accepted).toBe('status(a1, good)');
    const tie = await run('prefer_highest_trust', ['good', 'core', 60], ['frozen', 'core', 60]);
    expect(tie.evidence?.conflicts?.[0].accepted).toBeUndefined();
    expect(tie.decision).toBe('refused');
  });

  it('reject_all drops every conflicting claim and marks the value unknown', async () => {
    const r = await run('reject_all', ['good', 'core', 60], ['frozen', 'ledger', 60]);
    expect(r.decision).toBe('refused');
    expect(r.evidence?.conflicts?.[0]).toMatchObject({ resolution: 'reject_all' });
    expect(r.evidence?.conflicts?.[0].accepted).toBeUndefined();
    expect(r.evidence?.unknown).toContain('status(a1, ...)');
    expect(r.evidence?.rejected?.map((x) => x.reason)).toEqual(['conflict', 'conflict']);
    expect(r.evidence?.requires_human_review).toBe(false);
  });

  it('human_review drops the claims and requires review', async () => {
    const r = await run('human_review', ['good', 'core', 60], ['frozen', 'ledger', 60]);
    expect(r.decision).toBe('refused');
    expect(r.evidence?.requires_human_review).toBe(true);
    expect(r.refusal?.requires_human_review).toBe(true);
    expect(r.routing?.band).toBe('escalate');
  });

  it('agreeing claims are not a conflict; identical claims collapse into one fact', async () => {
    const r = await run('reject_all', ['good', 'core', 60], ['good', 'ledger', 600]);
    expect(r.decision).toBe('approved');
    expect(r.evidence).toMatchObject({ claims: 3, accepted: 2, conflicts: [] });
  });

  it('different subjects do not conflict', async () => {
    const pack = statusPack({ functional: true, on_conflict: 'reject_all' });
    const r = await decide({
      pack,
      scenario: scenario([F('account', ['a1']), F('status', ['a1', 'good'], 'core'), F('status', ['a2', 'frozen'], 'core')]),
      now: NOW,
    });
    expect(r.decision).toBe('approved');
    expect(r.evidence?.conflicts).toEqual([]);
  });
});
