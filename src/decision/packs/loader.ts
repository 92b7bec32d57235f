// Loads the industry packs from their JSON files, validates each against the schema and the
// cross-checks, and compiles them (rules and the local judge's cue phrases) so that a broken
// pack fails start-up with a message naming the file and the JSON path of every fault.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePack } from '../engine/compile.js';
import type { Pack } from '../engine/types.js';
import { prepareQuestions } from '../judge/local.js';
import { INDUSTRIES, PackValidationError, formatFaults, packFaults, packSchema } from './schema.js';
import type { PackFault } from '../engine/compile.js';

export const DEFAULT_PACKS_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface LoadedPack extends Pack {
  rules: number;
  judgments: number;
}

export interface LoadPacksOptions {
  /** Industries that must be present (default: all seven). */
  industries?: readonly string[];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** Reads, validates and compiles every `*.json` pack in `dir`. Throws one Error listing all faults. */
export function loadPacks(dir: string = DEFAULT_PACKS_DIR, options: LoadPacksOptions = {}): LoadedPack[] {
  const required = options.industries ?? INDUSTRIES;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const errors: Array<PackFault & { file: string }> = [];
  const report: string[] = [];
  const packs = new Map<string, LoadedPack>();
  const fail = (file: string, faults: PackFault[]) => {
    report.push(formatFaults(file, faults));
    errors.push(...faults.map((f) => ({ ...f, file })));
  };
  for (const name of files) {
    const file = join(dir, name);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      fail(file, [{ path: '$', message: `not valid JSON: ${(e as Error).message}` }]);
      continue;
    }
    const faults = packFaults(data);
    const industry = (data as { industry?: unknown })?.industry;
    if (typeof industry === 'string' && `${industry}.json` !== name)
      faults.push({ path: '$.industry', message: `industry "${industry}" does not match the file name ${name}` });
    if (typeof industry === 'string' && packs.has(industry))
      faults.push({ path: '$.industry', message: `a pack for "${industry}" was already loaded` });
    if (faults.length) {
      fail(file, faults);
      continue;
    }
    const pack = packSchema.parse(data) as Pack;
    const loaded: LoadedPack = { ...pack, rules: pack.policy.length, judgments: pack.questions.length };
    deepFreeze(loaded);
    compilePack(loaded);
    prepareQuestions(loaded.questions);
    packs.set(loaded.industry, loaded);
  }
  for (const industry of required)
    if (!packs.has(industry) && !report.some((r) => r.startsWith(join(dir, `${industry}.json`))))
      fail(join(dir, `${industry}.json`), [{ path: '$', message: `missing pack for industry "${industry}"` }]);
  if (report.length)
    throw new PackValidationError(`Invalid decision packs in ${dir}:\n${report.join('\n')}`, errors);
  const order = (i: string) => {
    const k = (INDUSTRIES as readonly string[]).indexOf(i);
    return k < 0 ? INDUSTRIES.length : k;
  };
  return [...packs.values()].sort((a, b) => order(a.industry) - order(b.industry) || a.industry.localeCompare(b.industry));
}
