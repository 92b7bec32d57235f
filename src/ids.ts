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

export function newId(prefix: string, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(10);
  let rand = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      rand += ALPHABET[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${prefix}_${time}${rand}`;
}
