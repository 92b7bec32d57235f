// IP allowlists of API keys: CIDR ranges (IPv4 and IPv6) a key may be used from. Parsed
// strictly on input (the CLI's --allowed-ips and the API's allowed_ips), stored in canonical
// form, compiled once per cached principal so that a request costs a few comparisons.
import ipaddr from 'ipaddr.js';
import { ApiError, type FieldError } from '../errors.js';

/** entries one key may carry */
export const ALLOWED_IPS_MAX = 100;
const ENTRY_MAX_LENGTH = 64;

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/**
 * One entry as a range: `a.b.c.d/n` or an IPv6 `x::y/n`; a bare address is its single-host
 * range (/32, /128). Only the four-part decimal IPv4 form (not `10.1` or `0x0a.0.0.1`, which
 * ipaddr.js would read), no IPv6 zone (`%eth0`).
 */
function parseEntry(raw: string): Range | undefined {
  if (raw.length === 0 || raw.length > ENTRY_MAX_LENGTH || raw.includes('%')) return undefined;
  const slash = raw.indexOf('/');
  const host = slash < 0 ? raw : raw.slice(0, slash);
  const bitsText = slash < 0 ? undefined : raw.slice(slash + 1);
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return undefined;
  let addr: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) addr = ipaddr.IPv4.parse(host);
  else if (host.includes(':') && ipaddr.IPv6.isValid(host)) addr = ipaddr.IPv6.parse(host);
  else return undefined;
  const max = addr.kind() === 'ipv4' ? 32 : 128;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (bits > max) return undefined;
  // an IPv4-mapped IPv6 range (::ffff:127.0.0.1, ::ffff:10.0.0.0/104) is the IPv4 range it
  // maps, as a caller's mapped address counts as IPv4 (compileAllowlist): otherwise it could
  // never match anyone
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [addr, bits];
}

/** The canonical text of a range: its network address and prefix length (`10.0.0.0/8`). */
function canonical([addr, bits]: Range): string {
  const network = addr.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${bits}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/**
 * Validates an allowlist and returns it in canonical form (duplicates dropped), or throws a 400
 * naming every bad entry (`allowed_ips[1]`).
 */
export function normalizeAllowedIps(list: readonly string[], field = 'allowed_ips'): string[] {
  const faults: FieldError[] = [];
  if (list.length > ALLOWED_IPS_MAX) {
    faults.push({ field, message: `at most ${ALLOWED_IPS_MAX} entries`, expected: `up to ${ALLOWED_IPS_MAX} CIDR ranges` });
  }
  const out: string[] = [];
  list.forEach((raw, i) => {
    const range = typeof raw === 'string' ? parseEntry(raw.trim()) : undefined;
    if (!range) {
      faults.push({ field: `${field}[${i}]`, message: `'${String(raw).slice(0, ENTRY_MAX_LENGTH)}' is not a CIDR range`, expected: 'an IPv4 or IPv6 CIDR range, e.g. 203.0.113.0/24 or 2001:db8::/32', code: 'INVALID_FIELD_FORMAT' });
      return;
    }
    const text = canonical(range);
    if (!out.includes(text)) out.push(text);
  });
  if (faults.length) throw ApiError.validation(faults);
  return out;
}

/** A compiled allowlist: whether an address is in one of its ranges. */
export type IpMatcher = (ip: string) => boolean;

/** The matcher of a stored (canonical) allowlist; undefined when the list is empty (anywhere). */
export function compileAllowlist(list: readonly string[] | null | undefined): IpMatcher | undefined {
  if (!list || list.length === 0) return undefined;
  const ranges = list.map(parseEntry).filter((r): r is Range => r !== undefined);
  return (ip) => {
    let addr: Address;
    try {
      // an IPv4-mapped IPv6 address (::ffff:127.0.0.1, a dual-stack socket's view) is IPv4
      addr = ipaddr.process(ip);
    } catch {
      return false;
    }
    return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net as never, bits));
  };
}

/**
 * The entries of `list` (canonical) not inside any range of `within` (canonical): what a key
 * limited to `within` cannot hand to another key. An empty `within` holds everything; an empty
 * `list` (anywhere) lies within nothing else.
 */
export function rangesOutside(list: readonly string[], within: readonly string[]): string[] {
  if (within.length === 0) return [];
  if (list.length === 0) return ['anywhere'];
  const outer = within.map(parseEntry).filter((r): r is Range => r !== undefined);
  return list.filter((entry) => {
    const range = parseEntry(entry);
    return !range || !outer.some(([net, bits]) => net.kind() === range[0].kind() && range[1] >= bits && range[0].match(net as never, bits));
  });
}
