// Rendering in a version: answers and events walked down from the native version (the newest
// stable) to an older one, or up to a preview; requests brought from the caller's version to
// the native one. Applied at the edge (the HTTP hooks, webhook delivery) on what the domain
// produced in the native version; nothing stored is ever in another version.
import type { VersionChange } from './change.js';
import { CHANGES, PREVIEWS } from './changes/index.js';
import { CURRENT_VERSION, isPreview, SUPPORTED_VERSIONS, VERSIONS } from './list.js';

const NEWEST_FIRST = [...CHANGES].sort((a, b) => (a.version < b.version ? 1 : -1));
const OLDEST_FIRST = [...NEWEST_FIRST].reverse();
const PREVIEWS_OLDEST_FIRST = [...PREVIEWS].sort((a, b) => (a.version < b.version ? -1 : 1));

/** The changes between `version` and the native one, newest first: what an answer goes through down. */
export function changesAfter(version: string): VersionChange[] {
  return NEWEST_FIRST.filter((c) => c.version > version);
}

/** The preview changes up to `version` (a preview), oldest first: what an answer goes through up. */
export function previewsUpTo(version: string): VersionChange[] {
  return PREVIEWS_OLDEST_FIRST.filter((c) => c.version <= version);
}

/** Keys whose values are the client's own data: never walked (an order's metadata may say `object: "order"`). */
const OPAQUE_KEYS = new Set(['metadata']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function applyAll(changes: VersionChange[], type: string, body: Record<string, unknown>): Record<string, unknown> {
  let out = body;
  for (const c of changes) if (c.objectTypes.includes(type)) out = c.response(type, out);
  return out;
}

function walk(value: unknown, changes: VersionChange[], version: string): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, changes, version));
  if (!isPlainObject(value)) return value;
  // built in one call, not key by key: an order's 30 keys added one at a time would make a
  // dictionary-mode object in V8 (slower to serialize), as src/representation.ts explains
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, OPAQUE_KEYS.has(k) ? v : walk(v, changes, version)]));
  const type = out.object;
  if (typeof type !== 'string') return out;
  if (type === 'event') return renderEventFields(out, changes, version);
  return applyAll(changes, type, out);
}

/** An event (already walked: data.object is rendered): its api_version, and previous_attributes as a partial of its object. */
function renderEventFields(event: Record<string, unknown>, changes: VersionChange[], version: string): Record<string, unknown> {
  const data = event.data;
  if (isPlainObject(data) && isPlainObject(data.previous_attributes) && isPlainObject(data.object) && typeof data.object.object === 'string') {
    event = { ...event, data: { ...data, previous_attributes: applyAll(changes, data.object.object, data.previous_attributes) } };
  }
  return Object.hasOwn(event, 'api_version') ? { ...event, api_version: version } : event;
}

/**
 * An answer (an object, a list envelope, an event, anything JSON) as `version` shows it: every
 * nested object with an `object` field (list items, expansions, an event's data.object)
 * walked down through the changes after `version`, or up through the previews to it. The
 * native version returns `body` itself.
 */
export function renderResponse<T>(body: T, version: string): T {
  const changes = version > CURRENT_VERSION ? previewsUpTo(version) : changesAfter(version);
  if (changes.length === 0) return body;
  return walk(body, changes, version) as T;
}

/** Whether a change rewrites requests of this route in some version (the hook then resolves the caller's version first). */
export function routeHasRequestChanges(route: string): boolean {
  let known = routesWithChanges.get(route);
  if (known === undefined) {
    known = [...CHANGES, ...PREVIEWS].some((c) => c.requestRoutes.test(route));
    routesWithChanges.set(route, known); // registered routes only: a bounded set
  }
  return known;
}
const routesWithChanges = new Map<string, boolean>();

/** A request of `version` (its JSON body, or a GET's query) as the native version takes it. */
export function upgradeRequest(route: string, body: Record<string, unknown>, version: string): Record<string, unknown> {
  let out = body;
  if (version > CURRENT_VERSION) {
    // a preview's request, brought down: its newest change first
    for (const c of previewsUpTo(version).reverse()) if (c.requestRoutes.test(route)) out = c.request(route, out);
    return out;
  }
  for (const c of OLDEST_FIRST) if (c.version > version && c.requestRoutes.test(route)) out = c.request(route, out);
  return out;
}

/**
 * The list's own consistency, checked at start-up (and by the tests): versions newest first and
 * unique, the newest one supported, every change on a listed version other than the oldest,
 * and a change for each step between supported versions.
 */
export function checkVersionList(): void {
  const names = VERSIONS.map((v) => v.version);
  const problems: string[] = [];
  if (new Set(names).size !== names.length) problems.push('a version is listed twice');
  if (names.some((v, i) => i > 0 && v >= names[i - 1])) problems.push('versions are not newest first');
  const native = VERSIONS.find((v) => v.version === CURRENT_VERSION);
  if (native?.status !== 'stable') problems.push('the newest version that is not a preview is not stable');
  for (const v of VERSIONS) {
    const newer = v.version > CURRENT_VERSION;
    if (newer !== isPreview(v.status)) problems.push(`${v.version} is ${v.status}: previews (alpha, beta) and only they are newer than ${CURRENT_VERSION}`);
  }
  for (const c of CHANGES) {
    const at = names.indexOf(c.version);
    if (at < 0 || at === names.length - 1 || c.version > CURRENT_VERSION) problems.push(`change '${c.description}' is on ${c.version}, which has no version before it up to ${CURRENT_VERSION}`);
  }
  for (const c of PREVIEWS) {
    if (!(c.version > CURRENT_VERSION && names.includes(c.version))) problems.push(`preview change '${c.description}' is on ${c.version}, which is not a listed preview`);
  }
  for (let i = 0; i + 1 < SUPPORTED_VERSIONS.length; i++) {
    const step = SUPPORTED_VERSIONS[i] > CURRENT_VERSION ? PREVIEWS : CHANGES;
    if (!step.some((c) => c.version === SUPPORTED_VERSIONS[i])) problems.push(`no change module between ${SUPPORTED_VERSIONS[i + 1]} and ${SUPPORTED_VERSIONS[i]}`);
  }
  if (problems.length) throw new Error(`src/versions: ${problems.join('; ')}`);
}
