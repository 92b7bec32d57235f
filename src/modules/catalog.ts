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
