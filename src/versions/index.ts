// API versions (README "Versions"): the list (./list.ts), the change modules (./changes/),
// rendering in a version (./transform.ts), account pins (./pin.ts) and the HTTP hooks and
// routes (./http.ts).
export * from './list.js';
export { renderResponse, upgradeRequest, changesAfter } from './transform.js';
export type { VersionChange } from './change.js';
export { registerVersioning, registerVersionRoutes, API_VERSION_HEADER } from './http.js';
export { pinOnFirstRequest, setAccountVersion } from './pin.js';
