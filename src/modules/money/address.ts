// Wallet addresses: "0x" and 40 hex digits, shown in EIP-55 checksum case (Keccak-256 of the
// lowercase hex decides which letters are upper case). Input is accepted all lowercase or
// correctly checksummed; mixed case with a wrong checksum is refused, as wallets do.
import { randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

/**
 * Sets `key` in a cache of at most `max` entries: when a new key finds it full, the entries
 * remembered longest ago go first (a Map keeps insertion order; a hit does not move an entry),
 * each told to `evicted`. A key already there is replaced in place.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number, evicted?: (key: K, value: V) => void): void {
  if (!map.has(key)) {
    for (const [oldest, old] of map) {
      if (map.size < max) break;
      map.delete(oldest);
      evicted?.(oldest, old);
    }
  }
  map.set(key, value);
}

export const MAX_REMEMBERED = 100_000;
/** checksummed addresses by their lowercase form: a Keccak-256 per address, not per use */
const checksummed = new Map<string, string>();

export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const known = checksummed.get(lower);
  if (known !== undefined) return known;
  const out = computeChecksum(lower);
  rememberBounded(checksummed, lower, out, MAX_REMEMBERED);
  return out;
}

/** Whether the checksum of `address` is remembered (for tests of the bound). */
export function checksumRemembered(address: string): boolean {
  return checksummed.has(address.slice(2).toLowerCase());
}

function computeChecksum(lower: string): string {
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string };

/** The lowercase address when `text` is a valid one (lowercase, uppercase or checksummed). */
export function readAddress(text: unknown): AddressCheck {
  if (typeof text !== 'string' || !HEX40.test(text)) return { ok: false, message: 'expected an address: 0x and 40 hex digits' };
  const body = text.slice(2);
  const lower = text.toLowerCase();
  const uniform = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniform && checksumAddress(lower) !== text) return { ok: false, message: 'the address has a wrong EIP-55 checksum (mixed case)' };
  return { ok: true, address: lower };
}

export function newAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}
