// The client's address of a raw Node request (a WebSocket upgrade, which Fastify's routing never
// sees), by the same rule as Fastify's request.ip: X-Forwarded-For is believed only from the
// proxies TRUST_PROXY names (a list of addresses or ranges, or a hop count); without it, the
// socket's own address. So a WebSocket's failed authentications are counted per client behind a
// load balancer, as HTTP's are, not all under the balancer's one address.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

type Trust = (address: string, hop: number) => boolean;
type ProxyAddr = ((req: IncomingMessage, trust: Trust) => string) & { compile(list: string[]): Trust };
const proxyAddr = createRequire(import.meta.url)('proxy-addr') as ProxyAddr;

export function clientIpOf(trustProxy: false | number | string): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trust: Trust = typeof trustProxy === 'number'
    ? (_address, hop) => hop < trustProxy
    : proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()).filter(Boolean));
  return (req) => {
    try {
      return proxyAddr(req, trust);
    } catch {
      return req.socket.remoteAddress ?? 'unknown';
    }
  };
}
