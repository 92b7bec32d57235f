export { loadPacks, DEFAULT_PACKS_DIR, type LoadedPack, type LoadPacksOptions } from './loader.js';
export { validatePack, packFaults, packSchema, PackValidationError, INDUSTRIES, CHALLENGES, jsonPath, type Industry } from './schema.js';
