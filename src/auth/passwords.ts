// Passwords of self-hosted users: scrypt (memory-hard, node:crypto), stored as a PHC-style
// string with its parameters and salt, `$scrypt$ln=15,r=8,p=3$<salt>$<hash>` (base64, no
// padding), so the parameters can be raised later without invalidating stored hashes.
// ln=15 (N = 32768), r=8, p=3: 32 MiB per hash and about 0.25 s here; one of OWASP's
// equivalents of its N=2^17, r=8, p=1 recommendation at a quarter of the memory.
// Verification compares with timingSafeEqual; an unknown email is checked against a dummy hash
// of the same parameters, so both failures take about as long.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 8;
/** long enough for any passphrase; bounds the work one request can ask of the KDF's input */
export const PASSWORD_MAX_LENGTH = 1024;

const PARAMS = { ln: 15, r: 8, p: 3 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** refuses stored parameters that would make one verification a denial of service */
const MAX_LN = 20;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const options = (ln: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** ln, r, p,
  // Node's default (32 MiB) is exactly what N=2^15, r=8 needs and a little too little
  maxmem: 128 * 2 ** ln * r + 16 * 1024 * 1024,
});

/** The stored form of a new password: parameters, salt and derived key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, options(PARAMS.ln, PARAMS.r, PARAMS.p));
  return `$scrypt$ln=${PARAMS.ln},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const STORED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

/** Whether `password` matches the stored hash (false for a malformed one). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m) return false;
  const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (ln < 1 || ln > MAX_LN || r < 1 || p < 1) return false;
  const salt = Buffer.from(m[4]!, 'base64url');
  const expected = Buffer.from(m[5]!, 'base64url');
  const actual = await scrypt(password, salt, expected.length, options(ln, r, p));
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/** Makes the dummy hash ahead of the first unknown email (whose answer would otherwise take twice as long). */
export function prepareDummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * Spends the time of one verification and answers false: for an email no user has, so that
 * "no such user" and "wrong password" cannot be told apart by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
