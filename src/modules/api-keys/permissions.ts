// What one key may hand to another: a key never grants more than it holds. Coverage is decided
// on concrete `resource:action` probes over the permission catalogue, plus a resource and an
// action the catalogue does not list (what a wildcard or `write` grants tomorrow), so that
// `orders:write` is not covered by today's list of order actions, nor `*` by every resource.
import { allows } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { permissionCatalogue, unknownPermissions, validPermissions } from '../catalog.js';

const UNLISTED_RESOURCE = 'unlisted_resource';
const UNLISTED_ACTION = 'unlisted_action';

let probeList: string[] | undefined;

function probes(): string[] {
  if (!probeList) {
    const catalogue = permissionCatalogue();
    probeList = [...catalogue.keys(), UNLISTED_RESOURCE].flatMap((r) =>
      [...new Set(['read', ...(catalogue.get(r) ?? []), UNLISTED_ACTION])].map((a) => `${r}:${a}`));
  }
  return probeList;
}

/** The permissions of `wanted` that grant something `held` does not. */
export function uncovered(held: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((p) => probes().some((probe) => allows([p], probe) && !allows([...held], probe)));
}

/** Throws 400 listing the valid permissions unless every one of `perms` is known to the server. */
export function assertKnownPermissions(perms: readonly string[], field = 'permissions'): void {
  const unknown = unknownPermissions(perms);
  if (!unknown.length) return;
  const valid = validPermissions();
  throw new ApiError('INVALID_ENUM_VALUE', `Unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Valid permissions are '*' and <resource>:<action> with ${Object.entries(valid).map(([r, a]) => `${r}: ${a.join(', ')}`).join('; ')}`, {
    errors: unknown.map((p) => ({ field, message: `'${p}' is not a permission the server knows`, expected: '<resource>:<action> of the permission catalogue' })),
    unknown,
    valid_permissions: valid,
  }, field);
}
