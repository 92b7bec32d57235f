// Webhook transport: signature headers (checked against the standardwebhooks library and an
// independent HMAC) and the sender against real HTTP servers on 127.0.0.1.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createSender, isBlockedAddress, type Sender } from '../../src/modules/webhooks/sender.js';
import { generateWebhookSecret, signatureHeaders, verifySvcSignature } from '../../src/modules/webhooks/signing.js';

describe('signing', () => {
  const newest = generateWebhookSecret();
  const older = generateWebhookSecret();
  const body = JSON.stringify({ id: 'evt_1', type: 'order.created', data: { amount: 1234, note: 'ünïcødé ✓' } });
  const now = Math.floor(Date.now() / 1000);
  const headers = signatureHeaders({ eventId: 'evt_1', body, timestamp: now, secrets: [newest, older] });
  const hex = (secret: string, ts: number | string, payload = body) =>
    createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${ts}.${payload}`, 'utf8').digest('hex');

  it('generates whsec_ secrets of 32 random bytes in padded base64', () => {
    expect(newest).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(newest.slice(6), 'base64')).toHaveLength(32);
    expect(newest).not.toBe(older);
  });

  it('returns exactly the documented headers', () => {
    expect(Object.keys(headers).sort()).toEqual(
      ['Svc-Signature', 'X-Svc-Signature', 'X-Svc-Timestamp', 'webhook-id', 'webhook-signature', 'webhook-timestamp'].sort(),
    );
    expect(headers['X-Svc-Timestamp']).toBe(String(now));
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-id']).toBe('evt_1');
  });

  it('Standard Webhooks headers verify with each secret during rotation, not with another', () => {
    const std = {
      'webhook-id': headers['webhook-id'],
      'webhook-timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(newest).verify(body, std)).toEqual(JSON.parse(body));
    expect(new Webhook(older).verify(body, std)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, std)).toThrow();
    expect(() => new Webhook(newest).verify(body + ' ', std)).toThrow();
    // the first entry is the newest secret's
    const onlyFirst = { ...std, 'webhook-signature': headers['webhook-signature'].split(' ')[0] };
    expect(() => new Webhook(newest).verify(body, onlyFirst)).not.toThrow();
    expect(() => new Webhook(older).verify(body, onlyFirst)).toThrow();
  });

  it('X-Svc-Signature is the hex HMAC of "timestamp.body" keyed with the newest full secret', () => {
    expect(headers['X-Svc-Signature']).toBe(hex(newest, now));
    expect(headers['X-Svc-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('Svc-Signature carries t= and one v1= per secret, newest first', () => {
    expect(headers['Svc-Signature']).toBe(`t=${now} v1=${hex(newest, now)} v1=${hex(older, now)}`);
  });

  it('verifySvcSignature accepts the real signature and rejects tampering, old timestamps and other secrets', () => {
    const base = { body, timestamp: headers['X-Svc-Timestamp'], signature: headers['X-Svc-Signature'], secret: newest };
    expect(verifySvcSignature(base)).toBe(true);
    expect(verifySvcSignature({ ...base, body: body.replace('1234', '1235') })).toBe(false);
    expect(verifySvcSignature({ ...base, secret: older })).toBe(false);
    expect(verifySvcSignature({ ...base, timestamp: String(now + 1) })).toBe(false);
    expect(verifySvcSignature({ ...base, signature: undefined })).toBe(false);
    expect(verifySvcSignature({ ...base, timestamp: undefined })).toBe(false);
    expect(verifySvcSignature({ ...base, signature: 'zz' })).toBe(false);
    expect(verifySvcSignature({ ...base, now: now + 301 })).toBe(false);
    expect(verifySvcSignature({ ...base, now: now + 299 })).toBe(true);
    expect(verifySvcSignature({ ...base, now: now + 60, toleranceSeconds: 30 })).toBe(false);
    // an old timestamp signed correctly is still refused
    const old = now - 3600;
    expect(verifySvcSignature({ body, timestamp: String(old), signature: hex(newest, old), secret: newest })).toBe(false);
  });

  it('throws without a secret', () => {
    expect(() => signatureHeaders({ eventId: 'e', body, timestamp: now, secrets: [] })).toThrow();
  });
});

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.100.100.200',
    '0.0.0.0', '0.1.2.3', '255.255.255.255', '224.0.0.1', '::', '::1', 'fd00:ec2::254', 'fe80::1', '::ffff:10.0.0.1',
    '::ffff:127.0.0.1', '::127.0.0.1', '2002:7f00:1::1', '64:ff9b::7f00:1', 'not an ip',
  ])('blocks %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });
});

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('sender', () => {
  const received: Received[] = [];
  const servers: Server[] = [];
  let port: number;
  let hugeClosedEarly: Promise<boolean>;
  let hugeDone: (early: boolean) => void;
  let closedPort: number;
  let allowing: Sender;
  let guarded: Sender;
  let quick: Sender;

  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    '/fail': (_req, res) => res.writeHead(500).end('boom'),
    '/redirect': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end(),
    '/target': (_req, res) => res.writeHead(200).end(),
    '/limited': (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end(),
    '/limited-500': (_req, res) => res.writeHead(500, { 'retry-after': '120' }).end(),
    '/unavailable': (_req, res) => res.writeHead(503, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }).end(),
    '/unavailable-junk': (_req, res) => res.writeHead(503, { 'retry-after': 'soon' }).end(),
    '/silent': () => {},
    '/stall-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    },
    '/reset': (req) => req.socket.destroy(),
    '/huge': (_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const total = 50 * 1024 * 1024;
      let sent = 0;
      res.on('close', () => hugeDone(sent < total));
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const pump = () => {
        while (sent < total && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
  };

  beforeAll(async () => {
    hugeClosedEarly = new Promise((resolve) => (hugeDone = resolve));
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        const handler = handlers[req.url ?? ''];
        if (handler) handler(req, res);
        else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    port = (server.address() as AddressInfo).port;

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    allowing = createSender({ timeoutMs: 5000, allowPrivate: true, userAgent: 'svc-webhooks/test' });
    guarded = createSender({ timeoutMs: 5000, allowPrivate: false, userAgent: 'svc-webhooks/test' });
    quick = createSender({ timeoutMs: 300, allowPrivate: true, userAgent: 'svc-webhooks/test' });
  });

  afterAll(async () => {
    await Promise.all([allowing?.close(), guarded?.close(), quick?.close()]);
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const requestsTo = (path: string) => received.filter((r) => r.url === path).length;

  it('delivers a 2xx: exact body bytes, content-type, user-agent and custom headers', async () => {
    const body = JSON.stringify({ id: 'evt_ok', note: 'ünïcødé ✓' });
    const out = await allowing.send(url('/ok'), { 'x-custom': 'abc', 'webhook-id': 'evt_ok' }, body);
    expect(out).toMatchObject({ status: 200, error: null, succeeded: true });
    expect(out.retryAfterSeconds).toBeUndefined();
    expect(Number.isInteger(out.latencyMs)).toBe(true);
    expect(out.latencyMs).toBeGreaterThanOrEqual(0);
    const got = received.filter((r) => r.url === '/ok');
    expect(got).toHaveLength(1);
    expect(got[0].method).toBe('POST');
    expect(got[0].body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got[0].headers['content-type']).toBe('application/json');
    expect(got[0].headers['user-agent']).toBe('svc-webhooks/test');
    expect(got[0].headers['x-custom']).toBe('abc');
    expect(got[0].headers['webhook-id']).toBe('evt_ok');
  });

  it('a 500 is a response, not a transport error', async () => {
    const out = await allowing.send(url('/fail'), {}, '{}');
    expect(out).toMatchObject({ status: 500, error: null, succeeded: false });
    expect(out.retryAfterSeconds).toBeUndefined();
  });

  it('does not follow redirects', async () => {
    const out = await allowing.send(url('/redirect'), {}, '{}');
    expect(out).toMatchObject({ status: 302, error: null, succeeded: false });
    expect(requestsTo('/redirect')).toBe(1);
    expect(requestsTo('/target')).toBe(0);
  });

  it('reads Retry-After seconds on a 429', async () => {
    const out = await allowing.send(url('/limited'), {}, '{}');
    expect(out).toMatchObject({ status: 429, error: null, succeeded: false, retryAfterSeconds: 120 });
  });

  it('ignores Retry-After on other statuses and when unparseable', async () => {
    expect((await allowing.send(url('/limited-500'), {}, '{}')).retryAfterSeconds).toBeUndefined();
    const junk = await allowing.send(url('/unavailable-junk'), {}, '{}');
    expect(junk.status).toBe(503);
    expect(junk.retryAfterSeconds).toBeUndefined();
  });

  it('reads a Retry-After HTTP-date on a 503', async () => {
    const out = await allowing.send(url('/unavailable'), {}, '{}');
    expect(out).toMatchObject({ status: 503, error: null, succeeded: false });
    expect(out.retryAfterSeconds).toBeGreaterThanOrEqual(55);
    expect(out.retryAfterSeconds).toBeLessThanOrEqual(61);
  });

  it('times out on a server that never answers', async () => {
    const out = await quick.send(url('/silent'), {}, '{}');
    expect(out).toMatchObject({ status: null, error: 'timeout', succeeded: false });
    expect(requestsTo('/silent')).toBe(1);
  });

  it('times out on a body that stalls after the headers, keeping the status', async () => {
    const out = await quick.send(url('/stall-body'), {}, '{}');
    expect(out).toMatchObject({ status: 200, error: 'timeout', succeeded: false });
  });

  it('stops reading a huge response body', async () => {
    const out = await allowing.send(url('/huge'), {}, '{}');
    expect(out).toMatchObject({ status: 200, error: null, succeeded: true });
    // the server's response closed before all 50 MB were written: the client hung up
    expect(await hugeClosedEarly).toBe(true);
  });

  it('reports a refused connection', async () => {
    const out = await allowing.send(`http://127.0.0.1:${closedPort}/`, {}, '{}');
    expect(out).toMatchObject({ status: null, error: 'connection_refused', succeeded: false });
  });

  it('reports a reset connection', async () => {
    const out = await allowing.send(url('/reset'), {}, '{}');
    expect(out).toMatchObject({ status: null, error: 'connection_reset', succeeded: false });
  });

  it.each(['not a url', 'ftp://127.0.0.1/file', 'file:///etc/passwd', ''])('refuses %j as invalid_url', async (bad) => {
    const before = received.length;
    const out = await allowing.send(bad, {}, '{}');
    expect(out).toMatchObject({ status: null, error: 'invalid_url', succeeded: false });
    expect(received.length).toBe(before);
  });

  describe('SSRF guard', () => {
    it.each([
      ['IPv4 loopback', (p: number) => `http://127.0.0.1:${p}/ok`],
      ['localhost', (p: number) => `http://localhost:${p}/ok`],
      ['IPv6 loopback', (p: number) => `http://[::1]:${p}/ok`],
      ['IPv4-mapped IPv6 loopback', (p: number) => `http://[::ffff:127.0.0.1]:${p}/ok`],
      ['short IPv4 form', (p: number) => `http://127.1:${p}/ok`],
      ['https to loopback', (p: number) => `https://127.0.0.1:${p}/ok`],
    ])('blocks %s without making a request', async (_name, make) => {
      const before = received.length;
      const out = await guarded.send(make(port), {}, '{}');
      expect(out).toMatchObject({ status: null, error: 'blocked_address', succeeded: false });
      expect(received.length).toBe(before);
    });

    it('delivers the same URL when private targets are allowed', async () => {
      const before = requestsTo('/ok');
      const out = await allowing.send(url('/ok'), {}, '{}');
      expect(out).toMatchObject({ status: 200, error: null, succeeded: true });
      expect(requestsTo('/ok')).toBe(before + 1);
      const viaName = await allowing.send(`http://localhost:${port}/ok`, {}, '{}');
      // localhost may resolve to ::1 first, where nothing listens; either way it is not blocked
      expect(viaName.error).not.toBe('blocked_address');
    });
  });
});
