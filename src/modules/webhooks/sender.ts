// Webhook transport: one delivery attempt over HTTP, reduced to an AttemptOutcome. Owns the
// connection pool, the time bound of an attempt, the refusal of redirects, and the guard that
// keeps customer-supplied URLs from reaching private networks (SSRF).
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

export interface AttemptOutcome {
  /** HTTP status received, or null when no response arrived */
  status: number | null;
  /** integer ms from start to end of reading (or failure) */
  latencyMs: number;
  /** null when an HTTP response arrived (whatever its status); else a short snake_case code */
  error: string | null;
  /** 2xx only (a 3xx is a failure; redirects are never followed) */
  succeeded: boolean;
  /** seconds from a Retry-After header (integer seconds or HTTP-date) on a 429 or 503, else undefined */
  retryAfterSeconds?: number;
}

export interface SenderOptions {
  /** whole attempt: connect + headers + reading the body */
  timeoutMs: number;
  /** false => refuse loopback/private/link-local/metadata/etc. addresses */
  allowPrivate: boolean;
  userAgent: string;
  /** keep-alive pool size per origin, default 64 */
  connectionsPerOrigin?: number;
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome>;
  close(): Promise<void>;
}

// Receivers' bodies are never used; reading a little lets a small response finish cleanly and
// keep its connection, while a huge one is cut off instead of being buffered.
const MAX_RESPONSE_BYTES = 64 * 1024;

const BLOCKED_CODE = 'ERR_WEBHOOK_BLOCKED_ADDRESS';

class BlockedAddressError extends Error {
  readonly code = BLOCKED_CODE;
  constructor(host: string, address: string) {
    super(`webhook target ${host} resolves to a blocked address ${address}`);
  }
}

// 100.100.100.200 is Alibaba Cloud's metadata service; it lies in carrier-grade NAT space,
// which is blocked anyway, but it is named so that a future change to the rule cannot free it.
const EXTRA_BLOCKED_V4 = [ipaddr.IPv4.parseCIDR('100.100.100.200/32')];
// Only global unicast IPv6 is reachable on the internet; this also refuses IPv4-compatible
// (::a.b.c.d) and other legacy forms that ipaddr.js reports as plain 'unicast'.
const GLOBAL_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether an IP address (v4 or v6 string) may be a webhook target when private targets are not allowed. */
export function isBlockedAddress(ip: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it reaches
    addr = ipaddr.process(ip);
  } catch {
    return true; // not an address we understand: refuse rather than guess
  }
  // an allowlist of 'unicast' rather than a list of bad ranges: new special ranges added to
  // ipaddr.js are then refused by default (6to4, Teredo and NAT64 embed IPv4 targets)
  if (addr.kind() === 'ipv4') {
    const v4 = addr as ipaddr.IPv4;
    return v4.range() !== 'unicast' || EXTRA_BLOCKED_V4.some((r) => v4.match(r));
  }
  const v6 = addr as ipaddr.IPv6;
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_V6);
}

// Checks the addresses the socket will actually use, at connect time, so a name that resolved
// to a public address when validated cannot be rebound to a private one (DNS rebinding).
// Any blocked address fails the whole name: a host with one private record is not trusted.
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), '');
    if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    // net asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily), else for one
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
};

export function createSender(opts: SenderOptions): Sender {
  const agent = new Agent({
    connections: opts.connectionsPerOrigin ?? 64,
    pipelining: 1,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connect: opts.allowPrivate ? { timeout: opts.timeoutMs } : { timeout: opts.timeoutMs, lookup: guardedLookup },
  });

  async function send(url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
    const start = performance.now();
    const outcome = (status: number | null, error: string | null, retryAfterSeconds?: number): AttemptOutcome => {
      const result: AttemptOutcome = {
        status,
        latencyMs: Math.round(performance.now() - start),
        error,
        succeeded: error === null && status !== null && status >= 200 && status < 300,
      };
      if (retryAfterSeconds !== undefined) result.retryAfterSeconds = retryAfterSeconds;
      return result;
    };

    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return outcome(null, 'invalid_url');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return outcome(null, 'invalid_url');
    if (!opts.allowPrivate) {
      // net.connect skips lookup for IP literals, so the guard in guardedLookup never sees them
      const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
      if (isIP(host) !== 0 && isBlockedAddress(host)) return outcome(null, 'blocked_address');
    }

    // one clearable timer instead of AbortSignal.timeout: at thousands of attempts per second,
    // timers that outlive their attempt would pile up
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('webhook attempt timed out', 'TimeoutError')), opts.timeoutMs);
    let status: number | null = null;
    let retryAfterSeconds: number | undefined;
    try {
      // undici 7's request() follows no redirects unless a redirect interceptor is composed in
      const res = await request(target, {
        dispatcher: agent,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': opts.userAgent },
        body,
        signal: controller.signal,
      });
      status = res.statusCode;
      if (status === 429 || status === 503) retryAfterSeconds = parseRetryAfter(res.headers['retry-after']);
      // dump() stops and drops the connection past the limit; it rejects only when our signal aborts
      await res.body.dump({ limit: MAX_RESPONSE_BYTES, signal: controller.signal });
      return outcome(status, null, retryAfterSeconds);
    } catch (err) {
      return outcome(status, controller.signal.aborted ? 'timeout' : classifyError(err), retryAfterSeconds);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    send,
    // at shutdown: attempts still out are dropped (their leases expire and they are made again)
    close: () => agent.destroy(),
  };
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) {
    const seconds = Number(raw);
    return Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  // all three HTTP-date forms start with a day name; Date.parse alone would accept far more
  if (!/^[A-Za-z]{3,9},? /.test(raw)) return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

interface ErrorFacts {
  codes: Set<string>;
  names: Set<string>;
  messages: string[];
}

// undici and net wrap causes (error.cause) and Happy Eyeballs aggregates per-address failures
// (AggregateError.errors), so the telling code may sit anywhere below the thrown error.
function collectFacts(err: unknown, facts: ErrorFacts = { codes: new Set(), names: new Set(), messages: [] }, depth = 0): ErrorFacts {
  if (depth > 5 || err === null || typeof err !== 'object') return facts;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') facts.codes.add(e.code);
  if (typeof e.name === 'string') facts.names.add(e.name);
  if (typeof e.message === 'string') facts.messages.push(e.message);
  collectFacts(e.cause, facts, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) collectFacts(inner, facts, depth + 1);
  return facts;
}

const TIMEOUT_CODES = ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_ABORTED', 'ETIMEDOUT', 'ABORT_ERR'];
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED)/;

function classifyError(err: unknown): string {
  const { codes, names, messages } = collectFacts(err);
  const hasCode = (...list: string[]) => list.some((c) => codes.has(c));
  if (codes.has(BLOCKED_CODE)) return 'blocked_address';
  if (hasCode(...TIMEOUT_CODES) || names.has('AbortError') || names.has('TimeoutError')) return 'timeout';
  if ([...codes].some((c) => TLS_CODE.test(c))) return 'tls_error';
  if (hasCode('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA')) return 'dns_failure';
  if (hasCode('ECONNREFUSED')) return 'connection_refused';
  if (hasCode('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET') || messages.some((m) => m.includes('other side closed'))) {
    return 'connection_reset';
  }
  return 'network_error';
}
