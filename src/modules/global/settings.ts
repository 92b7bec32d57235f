// The global area's configuration, per server (two test servers in one process may differ):
// set when the REST routes register, read by both doors through the request's services.
import type { Config } from '../../config.js';
import type { Services } from '../../operations/operation.js';

export interface GlobalSettings {
  fxMaxAgeHours: number;
  fxSpreadBps: number;
  matchScore: number;
  potentialMatchScore: number;
  /** ISO 3166 alpha-2, uppercase */
  embargoed: string[];
}

const byServices = new WeakMap<Services, GlobalSettings>();

export function settingsFromConfig(config: Pick<Config, 'FX_MAX_AGE_HOURS' | 'FX_SPREAD_BPS' | 'COMPLIANCE_MATCH_SCORE' | 'COMPLIANCE_POTENTIAL_MATCH_SCORE' | 'COMPLIANCE_EMBARGOED_COUNTRIES'>): GlobalSettings {
  return {
    fxMaxAgeHours: config.FX_MAX_AGE_HOURS,
    fxSpreadBps: config.FX_SPREAD_BPS,
    matchScore: config.COMPLIANCE_MATCH_SCORE,
    potentialMatchScore: config.COMPLIANCE_POTENTIAL_MATCH_SCORE,
    embargoed: config.COMPLIANCE_EMBARGOED_COUNTRIES.split(',').map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)),
  };
}

/** The configuration's defaults (src/config.ts), for a caller that registered none. */
const DEFAULTS: GlobalSettings = { fxMaxAgeHours: 48, fxSpreadBps: 0, matchScore: 0.95, potentialMatchScore: 0.8, embargoed: ['CU', 'IR', 'KP', 'SY'] };

export function setGlobalSettings(services: Services, settings: GlobalSettings): void {
  byServices.set(services, settings);
}

export function globalSettings(services: Services): GlobalSettings {
  return byServices.get(services) ?? DEFAULTS;
}
