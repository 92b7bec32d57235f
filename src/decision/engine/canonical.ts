// The engine's canonical JSON and hash are the project's shared ones (src/canonical.ts).
export { canonicalJson, sha256Hex } from '../../canonical.js';
