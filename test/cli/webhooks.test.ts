// The webhook CLI as a developer runs it: `listen` forwarding live events, signed with the
// secret it prints, to a real receiver; `trigger` causing real events through REST; their
// errors and exit codes. Real processes against a real server on a free port.
//
// One-shot commands run as `npm run --silent webhooks -- ...`. A `listen` that the test stops
// runs as node with tsx's loader (the command the script runs), as spawnServer does: under npm
// a SIGTERM kills npm's `sh -c`, and npm then reports the signal, not the CLI's exit code.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { api, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { root, type CliResult } from '../helpers/process.js';

// every call is a fresh process (npm, tsx): give them room on a loaded machine
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const READY = /^Ready\. Your webhook signing secret is (whsec_[A-Za-z0-9+/=]+) \(forwarding to (\S+)\)$/m;
const EVENT_LINE = /^evt_[0-9A-Za-z]+\n$/;
const BAD_KEY = `sk_test_${'0'.repeat(32)}`;

/** The environment of a CLI: nothing of the test run's own (no COMMERCE_API_KEY by accident). */
const cliEnv = (env: Record<string, string | undefined> = {}) =>
  ({ PATH: process.env.PATH, HOME: process.env.HOME, ...env }) as NodeJS.ProcessEnv;

/** `npm run --silent webhooks -- ...args` */
function runWebhooks(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const proc = spawn('npm', ['run', '--silent', 'webhooks', '--', ...args], { cwd: root, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

interface Listener {
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** resolves with the match once stdout matches `re`; rejects if the process exits first */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM (if still running); resolves with the exit code */
  stop(): Promise<number | null>;
}

const listeners: Listener[] = [];

function startListen(args: string[], env: Record<string, string | undefined> = {}): Listener {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/cli/webhooks.ts', 'listen', ...args], {
    cwd: root, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const changed = new Set<() => void>();
  proc.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); for (const c of [...changed]) c(); });
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => { for (const c of [...changed]) c(); resolve(code); }));
  const listener: Listener = {
    proc,
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: (re, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(re);
          if (match || proc.exitCode !== null) {
            clearTimeout(timer);
            changed.delete(check);
            if (match) resolve(match);
            else reject(new Error(`listen exited with ${proc.exitCode} before ${re}:\nstdout: ${stdout}\nstderr: ${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          changed.delete(check);
          reject(new Error(`listen printed no ${re} in ${timeoutMs} ms:\nstdout: ${stdout}\nstderr: ${stderr}`));
        }, timeoutMs);
        changed.add(check);
        check();
      }),
    stop: () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
      }
      return exited;
    },
  };
  listeners.push(listener);
  return listener;
}

let t: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  [t, receiver] = await Promise.all([startTestServer(), startReceiver()]);
});
afterEach(async () => {
  // a failed test's listeners, stopped all the same
  await Promise.all(listeners.splice(0).map((l) => l.stop()));
});
afterAll(async () => {
  await receiver?.close();
  await t?.stop();
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('webhooks listen', () => {
  it('prints its secret, then forwards a triggered event signed with it (Standard Webhooks verifies)', async () => {
    const a = await t.newAccount();
    const listen = startListen(['--api-key', a.key, '--base-url', t.url, '--forward-to', `${receiver.url}/loop`]);
    const [readyLine, secret, target] = await listen.waitFor(READY);
    expect(listen.stdout().split('\n')[0]).toBe(readyLine);
    expect(target).toBe(`${receiver.url}/loop`);

    const trigger = await runWebhooks(['trigger', 'order.created', '--api-key', a.key, '--base-url', t.url]);
    expect(trigger.code, trigger.stderr).toBe(0);
    expect(trigger.stdout).toMatch(EVENT_LINE);
    expect(trigger.stderr).toBe('');
    const eventId = trigger.stdout.trim();
    await listen.waitFor(new RegExp(`^${escape(eventId)} order\\.created -> 200$`, 'm'));

    const got = receiver.at('/loop').filter((r) => r.json?.id === eventId);
    expect(got).toHaveLength(1);
    const [delivery] = got;
    const verified = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(verified).toMatchObject({ id: eventId, object: 'event', type: 'order.created', livemode: false, data: { object: { metadata: { triggered_by: 'cli' } } } });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>)).toThrow();
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json', 'svc-webhook-attempt': '1', 'user-agent': 'CommerceAPI-CLI/0.1.0', 'webhook-id': eventId,
    });
    // the body is the event as the API keeps it (pending_webhooks aside: a count of the moment)
    const stored = await api(t.url, `/v1/events/${eventId}`, { key: a.key });
    const { pending_webhooks: _stored, ...storedRest } = stored.body as Record<string, unknown>;
    const { pending_webhooks: _sent, ...sentRest } = delivery.json as Record<string, unknown>;
    expect(sentRest).toEqual(storedRest);

    // the key is never printed
    expect(listen.stdout() + listen.stderr()).not.toContain(a.key);
    expect(await listen.stop()).toBe(0);
  });

  it('--events customer.* forwards customer events only: an order made before the customer marker never arrives', async () => {
    const b = await t.newAccount();
    const path = '/filtered';
    // key and server from the environment this time
    const env = { COMMERCE_API_KEY: b.key, COMMERCE_API_URL: t.url };
    const listen = startListen(['--forward-to', `${receiver.url}${path}`, '--events', 'customer.*'], env);
    await listen.waitFor(READY);

    const order = await api(t.url, '/v1/orders', { key: b.key, body: TEA_ORDER });
    expect(order.status).toBe(201);
    const marker = await runWebhooks(['trigger', 'customer.created'], env);
    expect(marker.code, marker.stderr).toBe(0);
    const markerId = marker.stdout.trim();
    await listen.waitFor(new RegExp(`^${escape(markerId)} customer\\.created -> 200$`, 'm'));

    // events arrive and are forwarded in order: the order's event, had it passed, came first
    const lines = listen.stdout().trim().split('\n');
    expect(lines.slice(1)).toEqual([`${markerId} customer.created -> 200`]);
    expect(receiver.at(path).map((r) => r.json?.type)).toEqual(['customer.created']);
    // and the order did make its event
    const orderEvents = await api(t.url, '/v1/events?type=order.created', { key: b.key });
    expect(orderEvents.body.data.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toContain(order.body.id);
    expect(await listen.stop()).toBe(0);
  });

  it('exits 1 with a message when the server closes the connection', async () => {
    const other = await startTestServer();
    try {
      const c = await other.newAccount();
      const listen = startListen(['--api-key', c.key, '--base-url', other.url, '--forward-to', `${receiver.url}/closing`]);
      await listen.waitFor(READY);
      await other.stop();
      expect(await listen.stop()).toBe(1);
      expect(listen.stderr()).toMatch(/^error: CONNECTION_CLOSED: /m);
    } finally {
      await other.stop().catch(() => {});
    }
  });

  it('refuses a bad key, a key without events:read and bad usage, before printing a secret', async () => {
    const a = await t.newAccount();
    const ordersOnly = await a.newKey({ type: 'restricted', permissions: ['orders:read'] });
    const forward = ['--base-url', t.url, '--forward-to', `${receiver.url}/never`];
    const [badKey, noPermission, noForward, unknownFlag, help, helpCommand] = await Promise.all([
      runWebhooks(['listen', '--api-key', BAD_KEY, ...forward]),
      runWebhooks(['listen', '--api-key', ordersOnly.secret, ...forward]),
      runWebhooks(['listen', '--api-key', a.key, '--base-url', t.url]),
      runWebhooks(['listen', '--api-key', a.key, ...forward, '--forward']),
      runWebhooks(['--help']),
      runWebhooks(['help']),
    ]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/^error: INVALID_API_KEY: /m);
    expect(badKey.stderr).not.toContain(BAD_KEY);
    expect(noPermission.code).toBe(2);
    expect(noPermission.stderr).toMatch(/^error: INSUFFICIENT_PERMISSIONS: /m);
    for (const usage of [noForward, unknownFlag]) {
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/usage:/);
    }
    expect(noForward.stderr).toMatch(/--forward-to/);
    for (const refused of [badKey, noPermission, noForward, unknownFlag]) expect(refused.stdout).toBe('');
    for (const h of [help, helpCommand]) {
      expect(h.code).toBe(0);
      expect(h.stderr).toBe('');
      expect(h.stdout).toMatch(/webhooks listen --forward-to URL/);
      expect(h.stdout).toMatch(/webhooks trigger EVENT_TYPE/);
    }
    expect(receiver.at('/never')).toHaveLength(0);
  });
});

describe('webhooks trigger', () => {
  it('causes each kind of change and prints exactly its event id', async () => {
    const a = await t.newAccount();
    const types = ['order.updated', 'order.delivered', 'order.cancelled', 'product.updated'];
    const results = await Promise.all(types.map((type) => runWebhooks(['trigger', type, '--api-key', a.key, '--base-url', t.url])));
    for (const [i, res] of results.entries()) {
      expect(res.code, `${types[i]}: ${res.stderr}`).toBe(0);
      expect(res.stdout).toMatch(EVENT_LINE);
      expect(res.stderr).toBe('');
      const event = await api(t.url, `/v1/events/${res.stdout.trim()}`, { key: a.key });
      expect(event.status).toBe(200);
      expect(event.body.type).toBe(types[i]);
    }
    const delivered = await api(t.url, `/v1/events/${results[1].stdout.trim()}`, { key: a.key });
    expect(delivered.body.data.object.status).toBe('delivered');
  });

  it('refuses a type it cannot cause, an unknown type and a live key, with exit code 2', async () => {
    const a = await t.newAccount();
    const live = await a.newKey({ mode: 'live' });
    const [payment, unknown, liveKey] = await Promise.all([
      runWebhooks(['trigger', 'payment.created', '--api-key', a.key, '--base-url', t.url]),
      runWebhooks(['trigger', 'order.exploded', '--api-key', a.key, '--base-url', t.url]),
      runWebhooks(['trigger', 'order.created', '--api-key', live.secret, '--base-url', t.url]),
    ]);
    for (const res of [payment, unknown, liveKey]) {
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(/^error: [A-Z_]+: /);
    }
    expect(payment.stderr).toMatch(/payment\.created/);
    // the message names what trigger supports
    for (const res of [payment, unknown]) expect(res.stderr).toMatch(/order\.created, order\.updated/);
    expect(liveKey.stderr).toMatch(/test-mode/);
    expect(liveKey.stderr).not.toContain(live.secret);
    // nothing was made with the live key
    const liveOrders = await api(t.url, '/v1/orders', { key: live.secret });
    expect(liveOrders.body.data).toHaveLength(0);
  });
});
