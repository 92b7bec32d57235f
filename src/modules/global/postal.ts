// Postal codes that say where a parcel goes, where that is cheap and exact enough: the US state
// of a ZIP code by its three-digit prefix (USPS sectional centers), the Canadian province of a
// postal code by its first letter (Canada Post's forward sortation areas). Tax uses them when
// `region` is missing, and checks that a given region agrees (docs/global.md).

/** USPS ZIP prefixes (first three digits, inclusive ranges) -> state, DC or territory code. */
const ZIP_RANGES: [number, number, string][] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'],
  [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'], [90, 99, 'AE'],
  [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'],
  [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'],
  [300, 319, 'GA'], [320, 339, 'FL'], [340, 340, 'AA'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'],
  [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'],
  [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'],
  [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 714, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'], [962, 966, 'AP'], [967, 968, 'HI'], [969, 969, 'GU'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

/** US ZIP or ZIP+4. */
export const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * The code a US ZIP code's prefix belongs to: a state or DC, a territory (PR, VI, GU: ISO
 * countries of their own), a military post (AA, AE, AP), or undefined (an unassigned prefix).
 */
export function usZipRegion(zip: string): string | undefined {
  const m = US_ZIP.exec(zip.trim());
  if (!m) return undefined;
  const prefix = Number(m[1].slice(0, 3));
  return ZIP_RANGES.find(([lo, hi]) => prefix >= lo && prefix <= hi)?.[2];
}

const CA_FIRST_LETTER: Record<string, string> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

/** Canadian postal code, "A1A 1A1" (the space optional). */
export const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY])\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** The province or territory of a Canadian postal code (X0A-X0C Nunavut, other X the Northwest Territories). */
export function caPostalRegion(code: string): string | undefined {
  const c = code.trim().toUpperCase();
  if (!CA_POSTAL.test(c)) return undefined;
  if (c[0] === 'X') return /^X0[ABC]/.test(c) ? 'NU' : 'NT';
  return CA_FIRST_LETTER[c[0]];
}

/**
 * The region (US state, Canadian province) a postal code names, for countries where it does:
 * `{region}` (possibly undefined for an unassigned US prefix), `{malformed}` when the code does
 * not have the country's format; undefined for other countries.
 */
export function regionOfPostalCode(country: string, postalCode: string): { region?: string; malformed?: string } | undefined {
  if (country === 'US') return US_ZIP.test(postalCode.trim()) ? { region: usZipRegion(postalCode) } : { malformed: 'a US ZIP code: 5 digits, or ZIP+4 (12345-6789)' };
  if (country === 'CA') return CA_POSTAL.test(postalCode.trim()) ? { region: caPostalRegion(postalCode) } : { malformed: 'a Canadian postal code (A1A 1A1)' };
  return undefined;
}
