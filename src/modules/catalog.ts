// Catalogues derived from the module list: every permission and every event type the
// server knows. One source for key validation, webhook subscriptions and the docs.
import { MODULES } from './index.js';

let eventTypes: readonly string[] | undefined;
let permissions: ReadonlyMap<string, readonly string[]> | undefined;

/** Every event type a module declares, sorted. */
export function knownEventTypes(): readonly string[] {
  eventTypes ??= [...new Set(MODULES.flatMap((m) => m.events ?? []))].sort();
  return eventTypes;
}

/** Event groups (`order` of `order.created`), for `order.*` patterns. */
export function knownEventGroups(): readonly string[] {
  return [...new Set(knownEventTypes().map((t) => t.split('.')[0]))].sort();
}

/** Permission resources and their actions. */
export function permissionCatalogue(): ReadonlyMap<string, readonly string[]> {
  if (!permissions) {
    const map = new Map<string, string[]>();
    for (const m of MODULES) {
      for (const [resource, actions] of Object.entries(m.permissions ?? {})) {
        map.set(resource, [...new Set([...(map.get(resource) ?? []), ...actions])]);
      }
    }
    permissions = map;
  }
  return permissions;
}

/** Whether the server knows a permission: `*`, or `<resource>:<action>` of the catalogue (`write` and `*` for any resource). */
function knownPermission(catalogue: ReadonlyMap<string, readonly string[]>, p: string): boolean {
  if (p === '*') return true;
  const [resource, action] = p.split(':');
  if (resource === '*') return action === 'read' || action === '*';
  const actions = catalogue.get(resource);
  return actions !== undefined && (action === '*' || action === 'write' || actions.includes(action));
}

/** The permissions of `perms` the server does not know (a typo would make a key that can do nothing, silently). */
export function unknownPermissions(perms: readonly string[]): string[] {
  const catalogue = permissionCatalogue();
  return perms.filter((p) => !knownPermission(catalogue, p));
}

/** Every valid permission per resource: `orders` -> read, create, ..., write, *. */
export function validPermissions(): Record<string, string[]> {
  return Object.fromEntries([...permissionCatalogue()].map(([r, actions]) => [r, [...new Set([...actions, 'write', '*'])]]));
}
