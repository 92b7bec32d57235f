// Object ids: a type prefix and a time-ordered, random suffix (48-bit millisecond time plus
// 80 random bits, Crockford base32, like ULID), so ids sort by creation and break ties in
// keyset pagination.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIX = {
  account: 'acct',
  apiKey: 'key',
  customer: 'cus',
  product: 'prod',
  order: 'ord',
  orderItem: 'li',
  event: 'evt',
  request: 'req',
  webhookEndpoint: 'we',
  webhookDelivery: 'wdl',
  webhookAttempt: 'wat',
  payment: 'pay',
  refund: 're',
  inventoryItem: 'inv',
  inventoryHold: 'ihd',
  inventoryMovement: 'imv',
  return: 'ret',
  returnItem: 'rli',
  user: 'usr',
  refreshToken: 'rtk',
} as const;

/**
 * Random bytes drawn from a pool refilled 4 KB at a time (as Node's randomUUID caches its
 * entropy): one call into the CSPRNG per 409 ids instead of one per id.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** The last id's time and random part: ids made in the same millisecond count up from it. */
let lastTime = -1;
const lastRandom = Buffer.alloc(10);

/**
 * A new id. Ids made in one millisecond by this process increase (the random part of the
 * first, then +1 each, as ULID's monotonic generation), so events written by one transaction
 * sort in the order they were made, and keyset pages never interleave them.
 */
export function newId(prefix: string, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  if (now === lastTime && increment(lastRandom)) {
    // the same millisecond: the last random part, plus one
  } else {
    if (poolOffset + 10 > pool.length) {
      pool = randomBytes(POOL_SIZE);
      poolOffset = 0;
    }
    pool.copy(lastRandom, 0, poolOffset, poolOffset + 10);
    poolOffset += 10;
    lastTime = now;
  }
  let rand = '';
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < 10; i++) {
    acc = ((acc << 8) | lastRandom[i]) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      rand += ALPHABET[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${prefix}_${time}${rand}`;
}

/** Adds one to the big-endian number in `bytes`; false when it overflowed (all ones before). */
function increment(bytes: Buffer): boolean {
  for (let i = bytes.length - 1; i >= 0; i--) {
    if (bytes[i] < 255) {
      bytes[i]++;
      return true;
    }
    bytes[i] = 0;
  }
  return false;
}
