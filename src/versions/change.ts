// What a version change is (Stripe's "version change modules"): the difference between one
// API version and the version before it, as two pure functions. Responses are rendered in the
// newest version and walked down, change by change, to the version the caller asked for;
// requests come up, change by change, from the caller's version to the newest. The domain
// code never sees an old version.

/** A route as Fastify registered it, with its method: `POST /v1/orders`, `GET /orders/:id`. */
export type RouteKey = string;

/** Query parameters as Fastify parsed them (a repeated parameter is an array). */
export type QueryParams = Record<string, string | string[] | undefined>;

export interface VersionChange {
  /** the version that introduced the change; it maps between this version and the previous one in VERSIONS */
  version: string;
  /** what a client of the previous version sees change (the changelog's line) */
  description: string;
  /** the `object` values whose representation the change touches */
  objectTypes: readonly string[];
  /** the routes whose requests the change rewrites (`request` is called only for these) */
  requestRoutes: RegExp;
  /**
   * Down: an object of `objectType` as `version` shows it -> as the previous version showed it.
   * Also given partial objects (an event's `previous_attributes`): only keys present are touched.
   * Returns a new object; never mutates its input.
   */
  response(objectType: string, body: Record<string, unknown>): Record<string, unknown>;
  /**
   * Up: a request of the previous version -> as `version` takes it. `body` is the JSON body, or
   * for a GET the query parameters. Returns a new object; never mutates its input.
   */
  request(route: RouteKey, body: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A preview (an alpha or beta version newer than the native one): the same two functions with
 * the directions turned, since the server renders the version before it. `response`: an object
 * as the previous version shows it -> as the preview shows it (up); `request`: a request of the
 * preview -> as the previous version takes it (down). Only preview clients pay for the walk.
 */
export type PreviewChange = VersionChange;

/** `body` with key `from` renamed `to`, in the same place among the keys (absent: unchanged). */
export function renameKey(body: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!Object.hasOwn(body, from) || Object.hasOwn(body, to)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[k === from ? to : k] = v;
  return out;
}

/** `body` without `keys`. */
export function omitKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  if (!keys.some((k) => Object.hasOwn(body, k))) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!keys.includes(k)) out[k] = v;
  return out;
}

/**
 * Query parameters naming field `from` renamed to `to`: the field itself and its filter forms
 * (`from=`, `from_gte=`, `from[gte]=`), and its mentions in `sort` and `fields` (comma lists,
 * `-from` in sort).
 */
export function renameQueryField(query: QueryParams, from: string, to: string): QueryParams {
  const out: QueryParams = {};
  const renamed = (name: string) => (name === from ? to : name.startsWith(`${from}_`) || name.startsWith(`${from}[`) ? `${to}${name.slice(from.length)}` : name);
  const inList = (value: string | string[] | undefined) => {
    const one = (v: string) => v.split(',').map((s) => {
      const t = s.trim();
      const desc = t.startsWith('-');
      const name = desc ? t.slice(1) : t;
      return name === from ? `${desc ? '-' : ''}${to}` : s;
    }).join(',');
    return Array.isArray(value) ? value.map(one) : value === undefined ? value : one(value);
  };
  for (const [k, v] of Object.entries(query)) {
    const key = renamed(k);
    if (key !== k && Object.hasOwn(query, key)) out[k] = v; // both spellings sent: the new one wins, the old is left to be refused
    else out[key] = k === 'sort' || k === 'fields' ? inList(v) : v;
  }
  return out;
}
