// The EU consolidated list (Financial Sanctions Files, XML: <export generationDate>
// <sanctionEntity logicalId><subjectType code/><nameAlias wholeName strong/><citizenship
// countryIsoCode/><birthdate birthdate year/><address countryIsoCode/><regulation programme/>)
// and the UN Security Council consolidated list (XML: <CONSOLIDATED_LIST dateGenerated>
// <INDIVIDUALS><INDIVIDUAL><DATAID/><FIRST_NAME/>..<FOURTH_NAME/><UN_LIST_TYPE/>
// <NATIONALITY><VALUE/></NATIONALITY><INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/>
// <INDIVIDUAL_DATE_OF_BIRTH/>... and <ENTITIES><ENTITY>...), read into the entries
// compliance.ts loads (ParsedEntry).
//
// Safety: a file with a DOCTYPE (the only place entities can be declared) is refused, and the
// parser expands no entity: only XML's five predefined entities and numeric character
// references are decoded, here. The whole file is checked (well-formedness, then every entry)
// before anything is written, so a refused file changes nothing.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { countryCodeOf, SanctionsFileError, type ParsedEntry } from './compliance.js';
import { isCountry } from './countries.js';

export type SanctionsFormat = 'ofac_sdn_csv' | 'eu_consolidated_xml' | 'un_consolidated_xml';

export interface ParsedList {
  format: SanctionsFormat;
  /** the list's name in GlobalSanctionsList */
  name: string;
  /** the date the file gives (EU generationDate, UN dateGenerated) */
  asOf?: Date;
  entries: ParsedEntry[];
}

export const LIST_NAME: Record<SanctionsFormat, string> = {
  ofac_sdn_csv: 'OFAC SDN', eu_consolidated_xml: 'EU consolidated', un_consolidated_xml: 'UN consolidated',
};

/** Which format a file is in: XML by its root element (EU <export>, UN <CONSOLIDATED_LIST>), else OFAC's CSV. */
export function detectSanctionsFormat(text: string): SanctionsFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return 'ofac_sdn_csv';
  const root = rootElement(head);
  if (root === 'export') return 'eu_consolidated_xml';
  if (root === 'CONSOLIDATED_LIST') return 'un_consolidated_xml';
  throw new SanctionsFileError(`an XML file whose root element is <${root ?? '?'}>: expected the EU consolidated list (<export>) or the UN consolidated list (<CONSOLIDATED_LIST>)`);
}

/** The first element's local name, past the declaration, comments and processing instructions. */
function rootElement(text: string): string | undefined {
  const re = /<(\?[\s\S]*?\?>|!--[\s\S]*?-->|!DOCTYPE|([A-Za-z_][\w.:-]*))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === '!DOCTYPE') throw new SanctionsFileError('the file has a DOCTYPE declaration: refused (entity declarations are not accepted; the official lists have none)');
    if (m[2]) return m[2].replace(/^.*:/, '');
  }
  return undefined;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's predefined entities and numeric character references; any other reference is an error. */
function decode(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) throw new SanctionsFileError(`invalid character reference ${all}`);
      return String.fromCodePoint(code);
    }
    if (!(ref in PREDEFINED)) throw new SanctionsFileError(`undeclared entity ${all}: only XML's predefined entities are accepted`);
    return PREDEFINED[ref];
  });
}

const REPEATED = new Set([
  // EU
  'sanctionEntity', 'nameAlias', 'citizenship', 'birthdate', 'address', 'regulation',
  // UN
  'INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS', 'NATIONALITY', 'VALUE',
]);

type Node = Record<string, unknown>;

/** Parses well-formed XML with no entity expansion into plain objects (attributes under `@`). */
function parseXml(text: string): Node {
  const body = text.replace(/^\uFEFF/, '');
  rootElement(body.trimStart());
  const valid = XMLValidator.validate(body, { allowBooleanAttributes: false });
  if (valid !== true) throw new SanctionsFileError(`malformed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => REPEATED.has(name),
    tagValueProcessor: (_name, value) => decode(value),
    attributeValueProcessor: (_name, value) => decode(value),
  });
  return parser.parse(body) as Node;
}

const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).filter((x): x is Node => typeof x === 'object' && x !== null);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v && typeof v === 'object' && typeof (v as Node)['#text'] === 'string' ? ((v as Node)['#text'] as string).trim() : '');
const attr = (n: Node, name: string): string => text(n[`@${name}`]);

function dateOf(value: string): Date | undefined {
  if (!value) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** YYYY-MM-DD that is a real date, else undefined. */
function isoDay(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return undefined;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === `${m[1]}-${m[2]}-${m[3]}` ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

const year = (value: string): string | undefined => (/^\d{4}$/.test(value) ? value : undefined);

function pushUnique(to: string[], v: string | undefined): void {
  if (v && !to.includes(v)) to.push(v);
}

// ---------------------------------------------------------------- EU

/** The EU consolidated financial sanctions list (XML, the FSF export). */
export function parseEuConsolidatedXml(xml: string): ParsedList {
  const doc = parseXml(xml);
  const root = doc.export as Node | undefined;
  if (!root || typeof root !== 'object') throw new SanctionsFileError('no <export> root element: not the EU consolidated list');
  const entities = list(root.sanctionEntity);
  const entries: ParsedEntry[] = [];
  const seen = new Set<string>();
  entities.forEach((e, i) => {
    const where = `sanctionEntity #${i + 1}`;
    const id = attr(e, 'logicalId');
    if (!id) throw new SanctionsFileError(`${where}: no logicalId`);
    if (seen.has(id)) throw new SanctionsFileError(`${where}: logicalId ${id} appears twice`);
    seen.add(id);
    const code = list(e.subjectType).map((s) => attr(s, 'code'))[0] ?? '';
    const type: ParsedEntry['type'] = code === 'person' ? 'individual' : 'entity';
    const names: string[] = [];
    for (const a of list(e.nameAlias)) {
      const whole = attr(a, 'wholeName') || [attr(a, 'firstName'), attr(a, 'middleName'), attr(a, 'lastName')].filter(Boolean).join(' ');
      // a weak alias (strong="false") does not identify the subject (the EU's own marking): not screened
      if (!whole || (names.length > 0 && attr(a, 'strong') === 'false')) continue;
      pushUnique(names, whole);
    }
    if (!names.length) throw new SanctionsFileError(`${where} (logicalId ${id}): no nameAlias with a wholeName`);
    const countries: string[] = [];
    for (const c of [...list(e.citizenship), ...list(e.address)]) {
      const iso = attr(c, 'countryIsoCode').toUpperCase();
      if (iso && iso !== '00' && isCountry(iso)) pushUnique(countries, iso);
      else pushUnique(countries, countryCodeOf(attr(c, 'countryDescription')));
    }
    const birthDates: string[] = [];
    for (const b of list(e.birthdate)) pushUnique(birthDates, isoDay(attr(b, 'birthdate')) ?? year(attr(b, 'year')));
    const programs: string[] = [];
    for (const r of list(e.regulation)) pushUnique(programs, attr(r, 'programme') || undefined);
    entries.push({ entryId: id, name: names[0], type, programs, countries, birthDates, aliases: names.slice(1) });
  });
  if (!entries.length) throw new SanctionsFileError('the file lists no entry (no <sanctionEntity>)');
  return { format: 'eu_consolidated_xml', name: LIST_NAME.eu_consolidated_xml, asOf: dateOf(attr(root, 'generationDate')), entries };
}

// ---------------------------------------------------------------- UN

const values = (n: unknown): string[] => list(n).flatMap((x) => (Array.isArray(x.VALUE) ? x.VALUE : [x.VALUE])).map(text).filter(Boolean);

function unEntry(n: Node, kind: 'INDIVIDUAL' | 'ENTITY', where: string): ParsedEntry {
  const id = text(n.DATAID);
  if (!id) throw new SanctionsFileError(`${where}: no DATAID`);
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((k) => text(n[k])).filter(Boolean).join(' ');
  if (!name) throw new SanctionsFileError(`${where} (DATAID ${id}): no FIRST_NAME`);
  const aliases: string[] = [];
  const original = text(n.NAME_ORIGINAL_SCRIPT);
  if (original && original !== name) aliases.push(original);
  for (const a of list(n[`${kind}_ALIAS`])) {
    // low-quality aliases are, by the UN's own note, too weak to identify anyone: not screened
    if (text(a.QUALITY).toLowerCase() === 'low') continue;
    const alias = text(a.ALIAS_NAME);
    if (alias && alias !== name) pushUnique(aliases, alias);
  }
  const countries: string[] = [];
  for (const c of values(n.NATIONALITY)) pushUnique(countries, countryCodeOf(c));
  for (const a of list(n[`${kind}_ADDRESS`])) pushUnique(countries, countryCodeOf(text(a.COUNTRY)));
  const birthDates: string[] = [];
  for (const d of list(n.INDIVIDUAL_DATE_OF_BIRTH)) {
    const exact = isoDay(text(d.DATE));
    if (exact) { pushUnique(birthDates, exact); continue; }
    const from = year(text(d.FROM_YEAR));
    const to = year(text(d.TO_YEAR));
    if (from && to && Number(to) >= Number(from)) {
      for (let y = Number(from); y <= Number(to) && y - Number(from) < 20; y++) pushUnique(birthDates, String(y));
      continue;
    }
    pushUnique(birthDates, year(text(d.YEAR)) ?? year(text(d.DATE).slice(0, 4)));
  }
  const program = text(n.UN_LIST_TYPE);
  return { entryId: id, name, type: kind === 'INDIVIDUAL' ? 'individual' : 'entity', programs: program ? [program] : [], countries, birthDates, aliases };
}

/** The UN Security Council consolidated list (XML). */
export function parseUnConsolidatedXml(xml: string): ParsedList {
  const doc = parseXml(xml);
  const root = doc.CONSOLIDATED_LIST as Node | undefined;
  if (!root || typeof root !== 'object') throw new SanctionsFileError('no <CONSOLIDATED_LIST> root element: not the UN consolidated list');
  const entries: ParsedEntry[] = [];
  const seen = new Set<string>();
  const add = (e: ParsedEntry) => {
    if (seen.has(e.entryId)) throw new SanctionsFileError(`DATAID ${e.entryId} appears twice`);
    seen.add(e.entryId);
    entries.push(e);
  };
  list(root.INDIVIDUALS).forEach((g) => list(g.INDIVIDUAL).forEach((n, i) => add(unEntry(n, 'INDIVIDUAL', `INDIVIDUAL #${i + 1}`))));
  list(root.ENTITIES).forEach((g) => list(g.ENTITY).forEach((n, i) => add(unEntry(n, 'ENTITY', `ENTITY #${i + 1}`))));
  if (!entries.length) throw new SanctionsFileError('the file lists no entry (no <INDIVIDUAL> or <ENTITY>)');
  return { format: 'un_consolidated_xml', name: LIST_NAME.un_consolidated_xml, asOf: dateOf(attr(root, 'dateGenerated')), entries };
}

/** An XML sanctions file, its format detected. */
export function parseSanctionsXml(xml: string): ParsedList {
  const format = detectSanctionsFormat(xml);
  if (format === 'eu_consolidated_xml') return parseEuConsolidatedXml(xml);
  if (format === 'un_consolidated_xml') return parseUnConsolidatedXml(xml);
  throw new SanctionsFileError('not an XML file');
}
