// The API versions: the one list every part of the server reads (GET /api/versions, the
// Api-Version header, account and webhook-endpoint pins, the changelog). Newest first. The
// newest stable version is the one the code renders natively (present(), stored events); each
// older one is reached through the change modules in ./changes/, one per step, walking answers
// down; a preview (alpha or beta) newer than it through its preview change, walking answers up.
//
// Statuses (ApiVersionStatus):
//   alpha      early preview: may change or disappear without notice; never pinned by default
//   beta       feature-complete preview: may still change before it becomes stable
//   stable     the version new accounts are pinned to (the newest stable one)
//   deprecated still served exactly as before, until its end_of_life; upgrade before then
//   retired    past its end_of_life: no longer served (Api-Version naming it is a 400)
import { ApiError } from '../errors.js';

export type ApiVersionStatus = 'alpha' | 'beta' | 'stable' | 'deprecated' | 'retired';

/** An element of GET /api/versions (spec: "API version info"). */
export interface ApiVersionInfo {
  version: string;
  status: ApiVersionStatus;
  documentation_url: string;
  /** ISO 8601 date-time after which the version is no longer served; null when none is set */
  end_of_life: string | null;
  /** ISO 8601 date-time */
  release_date: string;
}

export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DOCS = 'https://docs.commerce-api.dev/changelog';

const info = (version: string, status: ApiVersionStatus, endOfLife: string | null): ApiVersionInfo => ({
  version, status, documentation_url: `${DOCS}#${version}`, end_of_life: endOfLife, release_date: `${version}T00:00:00.000Z`,
});

/** Newest first. Adding a version: a line here, a change module in ./changes/, a changelog entry. */
export const VERSIONS: readonly ApiVersionInfo[] = [
  info('2026-11-15', 'alpha', null),
  info('2026-11-01', 'stable', null),
  info('2026-06-01', 'deprecated', '2027-06-01T00:00:00.000Z'),
  info('2025-12-01', 'retired', '2026-06-01T00:00:00.000Z'),
];

/** Whether a status is a preview's (opted into by Api-Version or a pin, never a default). */
export function isPreview(status: ApiVersionStatus): boolean {
  return status === 'alpha' || status === 'beta';
}

/** The version the code renders natively: the newest that is not a preview (the newest stable). */
export const CURRENT_VERSION = VERSIONS.find((v) => !isPreview(v.status))!.version;

/** Versions a request, an account or an endpoint may use: every one not retired, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = VERSIONS.filter((v) => v.status !== 'retired').map((v) => v.version);

/** The version new accounts are pinned to when DEFAULT_API_VERSION is unset (the native one). */
export const NEWEST_STABLE = VERSIONS.find((v) => v.status === 'stable')!.version;

export function versionInfo(version: string): ApiVersionInfo | undefined {
  return VERSIONS.find((v) => v.version === version);
}

export function isSupported(version: string): boolean {
  return SUPPORTED_VERSIONS.includes(version);
}

/** The version to pin new accounts to: DEFAULT_API_VERSION, else the newest stable. */
export function defaultVersion(config: { DEFAULT_API_VERSION?: string }): string {
  return config.DEFAULT_API_VERSION ?? NEWEST_STABLE;
}

/**
 * A version as the API takes it (the Api-Version header, `api_version` of a webhook endpoint,
 * the admin route): a supported one, else INVALID_FIELD_VALUE naming `param` and the supported ones.
 */
export function checkVersion(raw: unknown, param: string): string {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (typeof value === 'string' && isSupported(value)) return value;
  const known = typeof value === 'string' ? versionInfo(value) : undefined;
  const shown = typeof value === 'string' ? `'${value.slice(0, 64)}'` : `a ${value === null ? 'null' : typeof value}`;
  const why = known
    ? `API version ${known.version} was retired${known.end_of_life ? ` on ${known.end_of_life.slice(0, 10)}` : ''}`
    : typeof value === 'string' && VERSION_PATTERN.test(value) ? `${shown} is not an API version` : `${shown} is not an API version (YYYY-MM-DD)`;
  const expected = `one of ${SUPPORTED_VERSIONS.join(', ')}`;
  throw new ApiError('INVALID_FIELD_VALUE', `${param}: ${why}; supported versions: ${SUPPORTED_VERSIONS.join(', ')} (see GET /api/versions)`, {
    errors: [{ field: param, message: why, expected }],
    supported_versions: [...SUPPORTED_VERSIONS],
    ...(known ? { retired: true } : {}),
  }, param);
}

/**
 * The version a stored pin (an account's, an endpoint's) is served in: itself while supported;
 * a pin left on a retired version is served in the oldest version still supported (and one
 * newer than this server knows, after a rollback, in the newest it has).
 */
export function servedVersion(pin: string): string {
  if (isSupported(pin)) return pin;
  // newer than this server knows (a rollback, a preview withdrawn): the native version
  if (pin > CURRENT_VERSION) return CURRENT_VERSION;
  return SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1];
}
