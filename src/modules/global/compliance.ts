// Sanctions screening. Lists are loaded from OFAC's SDN CSV files (sdn.csv, with alt.csv for
// aliases and add.csv for address countries) by `npm run compliance -- import FILE`; the
// repository ships a small test list in the same format (data/test-sanctions-*.csv: fictional
// entries and a "John Smith"), the only list test mode screens against.
//
// Matching (docs/global.md): names are folded in JS (Cyrillic and Greek transliterated by ICAO
// 9303, accents removed, lowercase, punctuation dropped, tokens sorted, so token order does not
// matter). PostgreSQL finds the candidates: trigram similarity (pg_trgm) of the folded names
// or a shared Double Metaphone code (fuzzystrmatch) of a token. Each candidate is scored 0..1:
// tokens are paired one to one, best first, each pair scoring 1 when equal, else the larger of
// its Jaro-Winkler similarity and 0.9 when both tokens sound alike (same Double Metaphone), a
// pair under 0.8 counting 0; the score is 2 x the paired sum / (tokens of the query + tokens of
// the name). A date of birth that the entry lists otherwise multiplies it by 0.9.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import type { Prisma } from '../../db/client.js';
import { newId } from '../../ids.js';
import { defineMutation, type Tx } from '../../operations/operation.js';
import { registerPresenter } from '../../representation.js';
import { country as countryField, countryName, isCountry } from './countries.js';
import { globalSettings, type GlobalSettings } from './settings.js';

// ---------------------------------------------------------------- name folding

/** ICAO Doc 9303 transliteration of Cyrillic (Russian, Ukrainian, Belarusian) and Greek. */
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ie', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'i', й: 'i',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ў: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x',
  ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
  // Latin letters that do not decompose into a base letter and a mark
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l', ħ: 'h',
};

/** Folded tokens of a name, sorted: "MÜLLER, Jürgen" -> ["jurgen", "muller"]. */
export function nameTokens(name: string): string[] {
  const lower = name.normalize('NFKC').toLowerCase();
  let out = '';
  for (const ch of lower) out += TRANSLIT[ch] ?? ch;
  const folded = out.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return folded ? folded.split(/\s+/).sort() : [];
}

export function normalizeName(name: string): string {
  return nameTokens(name).join(' ');
}

/** Jaro-Winkler similarity (prefix scale 0.1, up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const am = new Array<boolean>(a.length).fill(false);
  const bm = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(b.length, i + range + 1); j++) {
      if (!bm[j] && a[i] === b[j]) { am[i] = bm[j] = true; matches++; break; }
    }
  }
  if (!matches) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < a.length; i++) {
    if (!am[i]) continue;
    while (!bm[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

const TOKEN_FLOOR = 0.8;
const SOUNDS_ALIKE = 0.9;

function tokenScore(a: string, b: string, pa: string | undefined, pb: string | undefined): number {
  if (a === b) return 1;
  // an initial stands for any name it begins
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return SOUNDS_ALIKE;
  const s = Math.max(jaroWinkler(a, b), pa && pa === pb ? SOUNDS_ALIKE : 0);
  return s >= TOKEN_FLOOR ? s : 0;
}

/** The score 0..1 of a query name against a listed name (folded tokens and their phonetic codes). */
export function nameScore(q: string[], qp: (string | undefined)[], n: string[], np: (string | undefined)[]): number {
  if (!q.length || !n.length) return 0;
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < q.length; i++) for (let j = 0; j < n.length; j++) {
    const s = tokenScore(q[i], n[j], qp[i], np[j]);
    if (s > 0) pairs.push([s, i, j]);
  }
  pairs.sort((x, y) => y[0] - x[0]);
  const usedQ = new Set<number>();
  const usedN = new Set<number>();
  let sum = 0;
  for (const [s, i, j] of pairs) {
    if (usedQ.has(i) || usedN.has(j)) continue;
    usedQ.add(i); usedN.add(j); sum += s;
  }
  return (2 * sum) / (q.length + n.length);
}

// ---------------------------------------------------------------- OFAC SDN CSV

/** RFC 4180 records (quoted fields, doubled quotes, CRLF or LF); OFAC's trailing EOF (0x1A) ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const s = text.replace(/^\uFEFF/, '').replace(/\x1a\s*$/, '');
  while (i < s.length) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false; i++; continue;
      }
      field += ch; i++; continue;
    }
    if (ch === '"' && field === '') { quoted = true; i++; continue; }
    if (ch === ',') { row.push(field); field = ''; i++; continue; }
    if (ch === '\r' || ch === '\n') {
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      i += ch === '\r' && s[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += ch; i++;
  }
  if (quoted) throw new SanctionsFileError('unterminated quoted field at the end of the file');
  row.push(field);
  if (row.length > 1 || row[0] !== '') rows.push(row);
  return rows;
}

export class SanctionsFileError extends Error {}

const NULL = '-0-';
const cell = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === NULL ? '' : t;
};

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

/** The dates of birth in an SDN remark: "DOB 01 Jan 1970", "DOB Jan 1970", "DOB 1965", "DOB circa 1980", "DOB 1960 to 1962". */
export function birthDatesOf(remarks: string): string[] {
  const out = new Set<string>();
  for (const m of remarks.matchAll(/DOB\s+([^;]+)/gi)) {
    const text = m[1];
    const full = /(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})/.exec(text);
    if (full && MONTHS[full[2].toLowerCase()]) { out.add(`${full[3]}-${MONTHS[full[2].toLowerCase()]}-${full[1].padStart(2, '0')}`); continue; }
    const range = /(\d{4}) to (\d{4})/.exec(text);
    if (range) { for (let y = Number(range[1]); y <= Number(range[2]) && y - Number(range[1]) < 20; y++) out.add(String(y)); continue; }
    for (const y of text.matchAll(/\b(\d{4})\b/g)) out.add(y[1]);
  }
  return [...out];
}

/** Country names as the lists write them -> ISO 3166 codes (CLDR's English names and OFAC's spellings). */
const COUNTRY_BY_NAME = (() => {
  const map = new Map<string, string>();
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    if (isCountry(code)) map.set(normalizeName(countryName(code)), code);
  }
  const extra: Record<string, string> = {
    'korea north': 'KP', 'north korea': 'KP', 'korea south': 'KR', 'south korea': 'KR', burma: 'MM', russia: 'RU', iran: 'IR', syria: 'SY',
    'congo democratic republic of the': 'CD', 'congo republic of the': 'CG', 'cote d ivoire': 'CI', 'united states': 'US', 'united kingdom': 'GB',
    'west bank': 'PS', gaza: 'PS', 'czech republic': 'CZ', turkey: 'TR', 'the bahamas': 'BS', 'the gambia': 'GM', laos: 'LA', vietnam: 'VN',
  };
  for (const [k, v] of Object.entries(extra)) map.set(normalizeName(k), v);
  return map;
})();

export function countryCodeOf(name: string): string | undefined {
  return COUNTRY_BY_NAME.get(normalizeName(name));
}

export interface ParsedEntry {
  entryId: string;
  name: string;
  type: 'individual' | 'entity' | 'vessel' | 'aircraft';
  programs: string[];
  countries: string[];
  birthDates: string[];
  aliases: string[];
}

/** OFAC's sdn.csv (12 columns, no header), with alt.csv (aliases) and add.csv (addresses) when given. */
export function parseOfacSdn(sdn: string, alt?: string, add?: string): ParsedEntry[] {
  const entries = new Map<string, ParsedEntry>();
  parseCsv(sdn).forEach((r, i) => {
    if (r.length < 12) throw new SanctionsFileError(`sdn.csv line ${i + 1}: ${r.length} columns, expected 12 (ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks)`);
    const id = cell(r[0]);
    const name = cell(r[1]);
    if (!/^\d+$/.test(id)) throw new SanctionsFileError(`sdn.csv line ${i + 1}: ent_num '${r[0]}' is not a number`);
    if (!name) throw new SanctionsFileError(`sdn.csv line ${i + 1}: no SDN_Name`);
    const rawType = cell(r[2]).toLowerCase();
    const type = rawType === 'individual' || rawType === 'vessel' || rawType === 'aircraft' ? rawType : 'entity';
    const remarks = cell(r[11]);
    const countries = new Set<string>();
    for (const m of remarks.matchAll(/(?:nationality|citizen(?:ship)?)\s+([^;]+)/gi)) {
      const code = countryCodeOf(m[1]);
      if (code) countries.add(code);
    }
    const flag = cell(r[9]);
    if (flag && countryCodeOf(flag)) countries.add(countryCodeOf(flag)!);
    entries.set(id, {
      entryId: id, name, type, programs: cell(r[3]).split(/[\];[]+/).map((p) => p.trim()).filter(Boolean),
      countries: [...countries], birthDates: birthDatesOf(remarks), aliases: [],
    });
  });
  if (alt) {
    parseCsv(alt).forEach((r, i) => {
      if (r.length < 4) throw new SanctionsFileError(`alt.csv line ${i + 1}: ${r.length} columns, expected 5 (ent_num, alt_num, alt_type, alt_name, alt_remarks)`);
      const e = entries.get(cell(r[0]));
      const aliasName = cell(r[3]);
      if (e && aliasName && !e.aliases.includes(aliasName)) e.aliases.push(aliasName);
    });
  }
  if (add) {
    parseCsv(add).forEach((r) => {
      const e = entries.get(cell(r[0]));
      const code = r.length >= 5 ? countryCodeOf(cell(r[4])) : undefined;
      if (e && code && !e.countries.includes(code)) e.countries.push(code);
    });
  }
  if (!entries.size) throw new SanctionsFileError('the file lists no entry');
  return [...entries.values()];
}

// ---------------------------------------------------------------- loading lists

export interface LoadedList {
  id: string;
  name: string;
  test: boolean;
  as_of: number;
  entries: number;
}

/** Replaces a list (by name and test flag) with these entries, in one transaction; sets the phonetic codes in SQL. */
export async function importList(
  prisma: Prisma, list: { name: string; test: boolean; format: string; asOf: Date; id?: string }, entries: ParsedEntry[],
): Promise<LoadedList> {
  const id = list.id ?? newId('sl');
  await prisma.$transaction(async (tx) => {
    await tx.globalSanctionsList.deleteMany({ where: { name: list.name, test: list.test } });
    await writeList(tx, id, list, entries);
  }, { timeout: 600_000, maxWait: 10_000 });
  return { id, name: list.name, test: list.test, as_of: Math.floor(list.asOf.getTime() / 1000), entries: entries.length };
}

async function writeList(tx: Tx, id: string, list: { name: string; test: boolean; format: string; asOf: Date }, entries: ParsedEntry[]): Promise<void> {
  await tx.globalSanctionsList.create({ data: { id, name: list.name, test: list.test, format: list.format, asOf: list.asOf, entryCount: entries.length } });
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const part = entries.slice(i, i + CHUNK).map((e) => ({ ...e, rowId: newId('sle') }));
    await tx.globalSanctionsEntry.createMany({
      data: part.map((e) => ({ id: e.rowId, listId: id, entryId: e.entryId, name: e.name, type: e.type, programs: e.programs, countries: e.countries, birthDates: e.birthDates })),
    });
    await tx.globalSanctionsName.createMany({
      data: part.flatMap((e) => [{ n: e.name, alias: false }, ...e.aliases.map((a) => ({ n: a, alias: true }))]
        .map((x) => ({ id: newId('sln'), entryRowId: e.rowId, listId: id, name: x.n, alias: x.alias, normalized: normalizeName(x.n) }))
        .filter((x) => x.normalized !== '')),
    });
  }
  // the Double Metaphone code of each folded token, in token order (fuzzystrmatch)
  await tx.$executeRaw`UPDATE "GlobalSanctionsName" SET phonetic = ARRAY(
    SELECT dmetaphone(t.tok) FROM unnest(string_to_array(normalized, ' ')) WITH ORDINALITY AS t(tok, pos) ORDER BY t.pos
  ) WHERE "listId" = ${id}`;
}

export const TEST_LIST_NAME = 'Test list';
/** the shipped test list's date (docs/global.md) */
const TEST_LIST_AS_OF = new Date('2026-01-01T00:00:00Z');

/** The test list's files: the SDN CSV and its alternate names. */
export interface TestListSource {
  sdn: string;
  alt: string;
}

let shipped: TestListSource | undefined;
function shippedTestList(): TestListSource {
  shipped ??= {
    sdn: readFileSync(new URL('./data/test-sanctions-sdn.csv', import.meta.url), 'utf8'),
    alt: readFileSync(new URL('./data/test-sanctions-alt.csv', import.meta.url), 'utf8'),
  };
  return shipped;
}

/**
 * The stored test list's id names its content: `sl_test` and the start of the files' SHA-256,
 * so the stored row says which version of the list it holds without a column of its own.
 */
export function testListId(source: TestListSource): string {
  return `sl_test${createHash('sha256').update(source.sdn).update('\0').update(source.alt).digest('hex').slice(0, 14)}`;
}

/**
 * Loads the shipped test list once per database, and again only when its files changed: a
 * start-up that finds the current version stored reads one row and writes nothing (nor parses
 * the files). Concurrent servers: the first one writes it, the others wait on its row and find
 * it there. `source` is for tests (the shipped files otherwise). Answers whether it wrote.
 */
export async function ensureTestList(prisma: Prisma, source: TestListSource = shippedTestList()): Promise<boolean> {
  const id = testListId(source);
  const current = (row: { id: string; entryCount: number } | null) => row?.id === id && row.entryCount >= 0;
  const where = { name: TEST_LIST_NAME, test: true };
  if (current(await prisma.globalSanctionsList.findFirst({ where, select: { id: true, entryCount: true } }))) return false;
  const entries = parseOfacSdn(source.sdn, source.alt);
  return prisma.$transaction(async (tx) => {
    // one writer: the others wait on this row's lock (the name is unique per mode), then find the list there
    const claimed = await tx.globalSanctionsList.createMany({
      data: [{ id, ...where, format: 'ofac_sdn_csv', asOf: TEST_LIST_AS_OF, entryCount: -1 }],
      skipDuplicates: true,
    });
    if (claimed.count === 0 && current(await tx.globalSanctionsList.findFirst({ where, select: { id: true, entryCount: true } }))) return false;
    // the claim, or an earlier version of the list (its entries and names go with it)
    await tx.globalSanctionsList.deleteMany({ where });
    await writeList(tx, id, { ...where, format: 'ofac_sdn_csv', asOf: TEST_LIST_AS_OF }, entries);
    return true;
  }, { timeout: 60_000, maxWait: 10_000 });
}

const prepared = new WeakSet<object>();

/**
 * Makes the test list available (test mode); call before a transaction that screens (on
 * PGlite a second connection cannot open while the transaction holds the only one).
 */
export async function prepareScreening(prisma: Prisma, livemode: boolean): Promise<void> {
  if (livemode || prepared.has(prisma)) return;
  await ensureTestList(prisma);
  prepared.add(prisma);
}

/** The loaded lists of a mode: test mode the test list, live mode the others. */
export async function listsFor(db: Prisma | Tx, livemode: boolean): Promise<LoadedList[]> {
  const rows = await db.globalSanctionsList.findMany({ where: { test: !livemode, entryCount: { gte: 0 } }, orderBy: { name: 'asc' } });
  return rows.map((r) => ({ id: r.id, name: r.name, test: r.test, as_of: Math.floor(r.asOf.getTime() / 1000), entries: r.entryCount }));
}

// ---------------------------------------------------------------- screening

export const OFFICIAL_LISTS = ['OFAC SDN', 'EU consolidated', 'UN consolidated'];

export interface Match {
  list: string;
  entry_id: string;
  name: string;
  score: number;
  matched_on: string[];
  matched_name: string;
  type: string;
  programs: string[];
}

export interface ScreeningRequest {
  name: string;
  type: (typeof PARTY_TYPES)[number];
  country?: string;
  dateOfBirth?: string;
}

/** What a screening finds, by its best match's score (COMPLIANCE_MATCH_SCORE, COMPLIANCE_POTENTIAL_MATCH_SCORE). */
export const SCREENING_RESULTS = ['clear', 'potential_match', 'match'] as const;
/**
 * Who is screened: a person (matched against people only), an organization (against
 * companies, vessels and aircraft), or `any`, the default when the caller does not say: against
 * every entry (a screening that guesses the wrong kind would miss a listed party).
 */
export const PARTY_TYPES = ['individual', 'entity', 'any'] as const;

export interface Screening {
  result: (typeof SCREENING_RESULTS)[number];
  matches: Match[];
  lists: { name: string; as_of: number; entries: number; test: boolean }[];
}

interface Candidate {
  entryRowId: string;
  listId: string;
  name: string;
  alias: boolean;
  normalized: string;
  phonetic: string[];
}

const MAX_MATCHES = 20;
const DOB_MISMATCH = 0.9;

function birthDateAgrees(listed: string[], dob: string): boolean {
  return listed.some((d) => (d.length === 4 ? dob.startsWith(`${d}-`) : d === dob));
}

/**
 * Screens a name against the lists of the mode (503 when live mode has none), plus the
 * embargoed countries of the configuration. Global orders call this before creating an order
 * (after prepareScreening, outside their transaction).
 */
export async function screen(db: Prisma | Tx, livemode: boolean, settings: GlobalSettings, req: ScreeningRequest): Promise<Screening> {
  const lists = await listsFor(db, livemode);
  if (!lists.length) {
    throw new ApiError('SERVICE_UNAVAILABLE', `No sanctions list is loaded for live mode: import ${OFFICIAL_LISTS[0]} (sdn.csv), the EU or the UN consolidated list (XML) with \`npm run compliance -- import FILE\``, {
      missing: OFFICIAL_LISTS[0], supported: OFFICIAL_LISTS,
    });
  }
  const matches: Match[] = [];
  if (req.country && settings.embargoed.includes(req.country)) {
    matches.push({
      list: 'embargoed_countries', entry_id: req.country, name: countryName(req.country), score: 1, matched_on: ['country'],
      matched_name: countryName(req.country), type: 'country', programs: ['COMPLIANCE_EMBARGOED_COUNTRIES'],
    });
  }
  const q = nameTokens(req.name);
  if (q.length) {
    const normalized = q.join(' ');
    const listIds = lists.map((l) => l.id);
    const qp = await db.$queryRaw<{ code: string }[]>`SELECT dmetaphone(t.tok) AS code FROM unnest(${q}::text[]) WITH ORDINALITY AS t(tok, pos) ORDER BY t.pos`;
    const qCodes = qp.map((r) => r.code);
    const keys = qCodes.filter((c) => c);
    const candidates = await db.$queryRaw<Candidate[]>`
      SELECT n."entryRowId", n."listId", n.name, n.alias, n.normalized, n.phonetic
      FROM "GlobalSanctionsName" n
      WHERE n."listId" = ANY(${listIds}::text[])
        AND (n.normalized % ${normalized} OR n.phonetic && ${keys}::text[])
      ORDER BY cardinality(ARRAY(SELECT unnest(n.phonetic) INTERSECT SELECT unnest(${keys}::text[]))) DESC,
               similarity(n.normalized, ${normalized}) DESC
      LIMIT 500`;
    const best = new Map<string, { score: number; c: Candidate }>();
    for (const c of candidates) {
      const n = c.normalized.split(' ');
      const score = nameScore(q, qCodes, n, c.phonetic);
      const prev = best.get(c.entryRowId);
      if (!prev || score > prev.score || (score === prev.score && prev.c.alias && !c.alias)) best.set(c.entryRowId, { score, c });
    }
    const ids = [...best.entries()].filter(([, b]) => b.score >= settings.potentialMatchScore * DOB_MISMATCH).map(([id]) => id);
    if (ids.length) {
      const entries = await db.globalSanctionsEntry.findMany({ where: { id: { in: ids } } });
      const listName = new Map(lists.map((l) => [l.id, l.name]));
      for (const e of entries) {
        // people are not matched against companies, vessels and aircraft, and the other way round
        if (req.type !== 'any' && (e.type === 'individual') !== (req.type === 'individual')) continue;
        const b = best.get(e.id)!;
        let score = b.score;
        const on = [b.c.alias ? 'alias' : 'name'];
        if (req.dateOfBirth && e.birthDates.length) {
          if (birthDateAgrees(e.birthDates, req.dateOfBirth)) on.push('date_of_birth');
          else score *= DOB_MISMATCH;
        }
        if (req.country && e.countries.includes(req.country)) on.push('country');
        score = Math.round(score * 10_000) / 10_000;
        if (score < settings.potentialMatchScore) continue;
        matches.push({ list: listName.get(e.listId) ?? e.listId, entry_id: e.entryId, name: e.name, score, matched_on: on, matched_name: b.c.name, type: e.type, programs: e.programs });
      }
    }
  }
  matches.sort((a, b) => b.score - a.score || a.list.localeCompare(b.list) || a.entry_id.localeCompare(b.entry_id));
  const top = matches[0]?.score ?? 0;
  const result = top >= settings.matchScore ? 'match' : top >= settings.potentialMatchScore ? 'potential_match' : 'clear';
  return { result, matches: matches.slice(0, MAX_MATCHES), lists: lists.map((l) => ({ name: l.name, as_of: l.as_of, entries: l.entries, test: l.test })) };
}

// ---------------------------------------------------------------- the stored check

// a malformed or impossible date (1970-13-45) is INVALID_DATE_FORMAT; a real one in the future
// INVALID_FIELD_VALUE
const dateOfBirth = z.string().superRefine((d, ctx) => {
  const t = new Date(`${d}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d) {
    ctx.addIssue({ code: 'custom', message: 'expected a real date as YYYY-MM-DD', params: { code: 'INVALID_DATE_FORMAT', expected: 'YYYY-MM-DD, a date that exists' } });
  } else if (t.getTime() > Date.now()) {
    ctx.addIssue({ code: 'custom', message: 'a date of birth cannot be in the future', params: { code: 'INVALID_FIELD_VALUE', expected: 'a date not after today' } });
  }
});

export const complianceCheckInput = z.object({
  name: z.string().trim().min(1).max(300).refine((n) => nameTokens(n).length > 0, 'a name with at least one letter or digit'),
  type: z.enum(PARTY_TYPES).default('any'),
  country: countryField.optional(),
  dateOfBirth: dateOfBirth.optional(),
}).strict();

export type ComplianceCheckInput = z.infer<typeof complianceCheckInput>;

/**
 * A screening recorded as a ComplianceCheck row, in the caller's transaction (prepareScreening
 * first, outside it). Global orders call this.
 */
export async function recordCheck(tx: Tx, scope: { accountId: string; livemode: boolean }, settings: GlobalSettings, input: ComplianceCheckInput) {
  return storeCheck(tx, scope, input, await screen(tx, scope.livemode, settings, input));
}

/** A screening already made (screen()), stored as a ComplianceCheck row in the caller's transaction. */
export async function storeCheck(tx: Tx, scope: { accountId: string; livemode: boolean }, input: ComplianceCheckInput, s: Screening) {
  return tx.complianceCheck.create({
    data: {
      id: newId('cc'), accountId: scope.accountId, livemode: scope.livemode, name: input.name, type: input.type,
      country: input.country ?? null, dateOfBirth: input.dateOfBirth ?? null, result: s.result,
      matches: s.matches as unknown as object, lists: s.lists as unknown as object,
    },
  });
}

export const checkCompliance = defineMutation({
  name: 'global.compliance.check',
  permission: 'global:write',
  input: complianceCheckInput,
  model: 'ComplianceCheck',
  run: (tx, scope, input, _emit, services) => recordCheck(tx, scope, globalSettings(services), input),
});

registerPresenter('ComplianceCheck', (row) => ({
  id: row.id,
  object: 'compliance_check',
  livemode: row.livemode,
  name: row.name,
  type: row.type,
  country: row.country ?? null,
  date_of_birth: row.dateOfBirth ?? null,
  result: row.result,
  matches: row.matches,
  lists: row.lists,
  created: row.createdAt instanceof Date ? Math.floor(row.createdAt.getTime() / 1000) : row.createdAt,
}));
