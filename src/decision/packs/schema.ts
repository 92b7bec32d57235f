// The zod schema of an industry pack (shape), plus the cross-checks of the engine's
// analyzePack (rule well-formedness, stratification, questions used by rules, known
// predicates in scenario facts, trust levels, unique ids). validatePack returns every fault
// with its JSON path.
import { z } from 'zod';
import { analyzePack, type PackFault } from '../engine/compile.js';
import { CONFLICT_RESOLUTIONS, RULE_EFFECTS, type Pack } from '../engine/types.js';

export const INDUSTRIES = [
  'financial_services',
  'travel_hospitality',
  'healthcare',
  'retail',
  'telecommunications',
  'technology',
  'media',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const CHALLENGES = [
  'missing_fact',
  'stale_claim',
  'untrusted_claim',
  'conflict',
  'human_review',
  'deny_overrides_approval',
  'contradicted',
] as const;

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an identifier (letters, digits, _)');
const term = z.union([z.string(), z.number().finite(), z.boolean(), z.null()]);

export const predicateSchema = z.strictObject({
  name: identifier,
  args: z.array(term),
  negated: z.boolean().optional(),
});

export const ruleSchema = z.strictObject({
  name: identifier,
  if: z.array(predicateSchema),
  then: z.array(predicateSchema),
  effect: z.enum(RULE_EFFECTS as [string, ...string[]]).optional(),
});

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time');

export const factSchema = z.strictObject({
  predicate: predicateSchema,
  provenance: z
    .strictObject({
      source: z.string().min(1).optional(),
      trust: z.string().min(1).optional(),
      observed_at: isoDate.optional(),
      valid_until: isoDate.optional(),
      valid_from: isoDate.optional(),
    })
    .optional(),
  age_secs: z.number().int().min(0).optional(),
});

export const questionSchema = z.strictObject({
  predicate: identifier,
  instructions: z.string().min(1),
  type: z.enum(['noul', 'choice', 'score']),
  complement: identifier.optional(),
  criteria: z.record(z.string(), z.string()).optional(),
  subject_from: identifier.optional(),
  threshold: z.number().min(0).max(1).optional(),
});

export const scenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lowercase letters, digits, - or _'),
  name: z.string().min(1),
  message: z.string().min(1).max(4000),
  expectation: z.enum(['approved', 'denied', 'refused', 'not_approved']),
  facts: z.array(factSchema),
  note: z.string().optional(),
  human_review: z.boolean().optional(),
  challenge: z.enum(CHALLENGES).nullable().optional(),
});

export const packSchema = z.strictObject({
  industry: z.enum(INDUSTRIES),
  title: z.string().min(1),
  summary: z.string().min(1),
  definition: z.string().min(1),
  policy: z.array(ruleSchema).min(1),
  questions: z.array(questionSchema),
  source_trust: z.record(z.string(), z.string()),
  trust_levels: z.array(z.string().min(1)).min(1).optional(),
  premise_requirements: z
    .record(
      z.string(),
      z.strictObject({
        min_trust: z.string().optional(),
        functional: z.boolean().optional(),
        max_age_secs: z.number().int().min(0).optional(),
        on_conflict: z.enum(CONFLICT_RESOLUTIONS as [string, ...string[]]).optional(),
      }),
    )
    .optional(),
  routing: z.strictObject({
    act_threshold: z.number().min(0).max(1),
    confirm_threshold: z.number().min(0).max(1),
    judgment_threshold: z.number().min(0).max(1).optional(),
  }),
  max_steps: z.number().int().min(1).max(100000).optional(),
  scenarios: z.array(scenarioSchema).min(1),
  // counts shown by the catalog; computed by the loader, accepted if present
  rules: z.number().int().min(0).optional(),
  judgments: z.number().int().min(0).optional(),
});

export function jsonPath(path: readonly PropertyKey[]): string {
  let s = '$';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) s += `.${seg}`;
    else s += `[${JSON.stringify(String(seg))}]`;
  }
  return s;
}

/** Every fault of a pack: shape first; cross-checks only once the shape is valid. */
export function packFaults(data: unknown): PackFault[] {
  const parsed = packSchema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
  const pack = parsed.data as Pack;
  const faults = analyzePack(pack);
  // coverage: every pack demonstrates every outcome
  const s = pack.scenarios;
  const need: Array<[boolean, string]> = [
    [s.some((x) => x.expectation === 'approved'), 'no scenario expects "approved"'],
    [s.some((x) => x.expectation === 'denied'), 'no scenario expects "denied"'],
    [s.some((x) => x.challenge === 'missing_fact' && x.expectation !== 'approved'), 'no scenario with challenge "missing_fact"'],
    [s.some((x) => x.challenge === 'stale_claim' || x.challenge === 'untrusted_claim'), 'no scenario with challenge "stale_claim" or "untrusted_claim"'],
    [s.some((x) => x.challenge === 'conflict'), 'no scenario with challenge "conflict"'],
    [s.some((x) => x.human_review === true), 'no scenario with human_review: true'],
  ];
  for (const [ok, message] of need) if (!ok) faults.push({ path: '$.scenarios', message });
  return faults;
}

export class PackValidationError extends Error {
  constructor(
    message: string,
    readonly faults: Array<PackFault & { file: string }>,
  ) {
    super(message);
    this.name = 'PackValidationError';
  }
}

export function formatFaults(file: string, faults: readonly PackFault[]): string {
  return `${file}:\n` + faults.map((f) => `  - ${f.path}: ${f.message}`).join('\n');
}

/** Validates one pack; throws PackValidationError naming the file and every fault's JSON path. */
export function validatePack(data: unknown, file = '<pack>'): Pack {
  const faults = packFaults(data);
  if (faults.length)
    throw new PackValidationError(
      `Invalid decision pack ${formatFaults(file, faults)}`,
      faults.map((f) => ({ ...f, file })),
    );
  return packSchema.parse(data) as Pack;
}
