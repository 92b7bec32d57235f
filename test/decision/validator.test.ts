import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKS_DIR, loadPacks, packFaults, validatePack, PackValidationError } from '../../src/decision/packs/index.js';

const retail = () => JSON.parse(readFileSync(join(DEFAULT_PACKS_DIR, 'retail.json'), 'utf8'));
const faultText = (data: unknown) => packFaults(data).map((f) => `${f.path}: ${f.message}`);

describe('pack validation', () => {
  it('accepts every shipped pack', () => {
    expect(() => loadPacks()).not.toThrow();
    expect(packFaults(retail())).toEqual([]);
  });

  it('reports shape errors with their JSON path', () => {
    const p = retail();
    delete p.policy[1].then;
    p.scenarios[0].expectation = 'maybe';
    p.premise_requirements.loyalty_tier.on_conflict = 'coin_flip';
    p.extra_field = 1;
    const text = faultText(p).join('\n');
    expect(text).toContain('$.policy[1].then');
    expect(text).toContain('$.scenarios[0].expectation');
    expect(text).toContain('$.premise_requirements.loyalty_tier.on_conflict');
    expect(text).toContain('extra_field');
  });

  it('rejects a conclusion variable not bound by a positive premise', () => {
    const p = retail();
    p.policy[0].then[0].args = ['?nobody'];
    expect(faultText(p)).toContain('$.policy[0].then[0].args[0]: variable ?nobody in the conclusion is not bound by a positive premise');
  });

  it('rejects a built-in whose variable is unbound, and a negated built-in', () => {
    const p = retail();
    p.policy[0].if[3].args = ['?zz', 365];
    p.policy[1].if[4].negated = true;
    const text = faultText(p).join('\n');
    expect(text).toContain('$.policy[0].if[3].args[0]: variable ?zz of built-in "lte" is not bound');
    expect(text).toContain('$.policy[1].if[4].negated');
  });

  it('rejects inconsistent arities and unknown predicates in scenario facts', () => {
    const p = retail();
    p.scenarios[0].facts[0].predicate.args = ['ord_1'];
    p.scenarios[1].facts.push({ predicate: { name: 'moon_phase', args: ['full'] } });
    p.scenarios[2].facts.push({ predicate: { name: 'return_accepted', args: ['ord_79012'] } });
    p.scenarios[2].facts.push({ predicate: { name: 'final_sale', args: ['?o'] } });
    const text = faultText(p).join('\n');
    expect(text).toMatch(/\$\.scenarios\[0\]\.facts\[0\]\.predicate: predicate "order_line" is used with 1 argument\(s\) here but with 2/);
    expect(text).toContain('$.scenarios[1].facts[4].predicate.name: fact predicate "moon_phase" is not used as a premise by any rule');
    expect(text).toContain('is a decision conclusion and must be derived');
    expect(text).toContain('facts must be ground');
  });

  it('rejects an unused question, unknown trust levels and duplicate ids', () => {
    const p = retail();
    p.questions.push({ predicate: 'likes_colour', instructions: 'Likes it?', type: 'noul' });
    p.premise_requirements.final_sale.min_trust = 'certain';
    p.source_trust.rumour = 'gossip';
    p.scenarios[1].id = p.scenarios[0].id;
    p.policy[1].name = p.policy[0].name;
    const text = faultText(p).join('\n');
    expect(text).toContain('$.questions[2].predicate: question predicate "likes_colour" is not used as a premise by any rule');
    expect(text).toContain('$.premise_requirements.final_sale.min_trust: trust level "certain" is not one of low, medium, high, verified');
    expect(text).toContain('$.source_trust.rumour: trust level "gossip"');
    expect(text).toContain('$.scenarios[1].id: duplicate scenario id');
    expect(text).toContain('$.policy[1].name: duplicate rule name');
  });

  it('requires each pack to demonstrate every outcome', () => {
    const p = retail();
    p.scenarios = p.scenarios.filter((s: { challenge?: string }) => s.challenge !== 'conflict');
    expect(faultText(p)).toContain('$.scenarios: no scenario with challenge "conflict"');
  });

  it('validatePack throws naming the file and every fault', () => {
    const p = retail();
    p.policy[0].then[0].args = ['?nobody'];
    p.routing.confirm_threshold = 0.95;
    let err: unknown;
    try {
      validatePack(p, 'packs/retail.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PackValidationError);
    const msg = (err as Error).message;
    expect(msg).toContain('Invalid decision pack packs/retail.json');
    expect(msg).toContain('$.policy[0].then[0].args[0]');
    expect(msg).toContain('$.routing: confirm_threshold must not exceed act_threshold');
    expect((err as PackValidationError).faults).toHaveLength(2);
  });
});

describe('loadPacks', () => {
  it('fails with a message naming the file and JSON path of every fault', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packs-'));
    try {
      const good = retail();
      writeFileSync(join(dir, 'retail.json'), JSON.stringify(good));
      expect(loadPacks(dir, { industries: ['retail'] }).map((p) => p.industry)).toEqual(['retail']);

      const broken = retail();
      broken.questions[0].type = 'essay';
      writeFileSync(join(dir, 'retail.json'), JSON.stringify(broken));
      writeFileSync(join(dir, 'media.json'), '{ "industry": "media", ');
      let msg = '';
      try {
        loadPacks(dir);
      } catch (e) {
        msg = (e as Error).message;
      }
      expect(msg).toContain(`${join(dir, 'retail.json')}:\n  - $.questions[0].type:`);
      expect(msg).toContain(`${join(dir, 'media.json')}:\n  - $: not valid JSON`);
      expect(msg).toContain(`${join(dir, 'healthcare.json')}:\n  - $: missing pack for industry "healthcare"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks that the industry matches the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packs-'));
    try {
      writeFileSync(join(dir, 'media.json'), JSON.stringify(retail()));
      expect(() => loadPacks(dir, { industries: [] })).toThrow(/\$\.industry: industry "retail" does not match the file name media\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns frozen packs', () => {
    const [p] = loadPacks();
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.policy[0].if[0].args)).toBe(true);
  });
});
