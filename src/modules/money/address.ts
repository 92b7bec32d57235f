// Wallet addresses: "0x" and 40 hex digits, shown in EIP-55 checksum case (Keccak-256 of the
// lowercase hex decides which letters are upper case). Input is accepted all lowercase or
// correctly checksummed; mixed case with a wrong checksum is refused, as wallets do.
import { randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

const MAX_REMEMBERED = 100_000;
/** checksummed addresses by their lowercase form: a Keccak-256 per address, not per use */
const checksummed = new Map<string, string>();

export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const known = checksummed.get(lower);
  if (known !== undefined) return known;
  if (checksummed.size >= MAX_REMEMBERED) checksummed.clear();
  const out = computeChecksum(lower);
  checksummed.set(lower, out);
  return out;
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
