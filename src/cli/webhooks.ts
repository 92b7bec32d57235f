// The developer's webhook loop, like `stripe listen` / `stripe trigger`: a client of a running
// server (REST and the GraphQL WebSocket), no database of its own.
//
//   npm run --silent webhooks -- listen --api-key KEY --forward-to URL [--events order.*,...] [--base-url URL]
//       prints `Ready. Your webhook signing secret is whsec_... (forwarding to URL)`, then one
//       `<event id> <type> -> <status>` line per event forwarded, signed, to URL
//   npm run --silent webhooks -- trigger EVENT_TYPE --api-key KEY [--base-url URL]
//       causes a real event through the REST API (test-mode keys only) and prints only its id
import { parseArgs } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { generateWebhookSecret, signatureHeaders } from '../modules/webhooks/signing.js';

const DEFAULT_BASE_URL = 'http://localhost:8080';
const USER_AGENT = 'CommerceAPI-CLI/0.1.0';
const FORWARD_TIMEOUT_MS = 30_000;

/** What each supported type creates or changes, as REST calls; returns the object the event carries. */
type Api = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
const order = (api: Api) =>
  api('POST', '/v1/orders', { currency: 'usd', items: [{ name: 'Tea', quantity: 2, unit_amount: 450 }], metadata: { triggered_by: 'cli' } });
const customer = (api: Api) => api('POST', '/v1/customers', { name: 'Triggered customer', metadata: { triggered_by: 'cli' } });
const product = (api: Api) => api('POST', '/v1/products', { name: 'Triggered product', price: 500, currency: 'usd' });
const andThen = (create: (api: Api) => Promise<Record<string, unknown>>, ...steps: Array<(id: string) => [string, string, unknown]>) =>
  async (api: Api) => {
    let object = await create(api);
    for (const step of steps) object = await api(...step(String(object.id)));
    return object;
  };
const fulfill = (id: string): [string, string, unknown] => ['POST', `/v1/orders/${id}/fulfill`, {}];

const TRIGGERS: Record<string, (api: Api) => Promise<Record<string, unknown>>> = {
  'order.created': order,
  'order.updated': andThen(order, (id) => ['PATCH', `/v1/orders/${id}`, { metadata: { triggered: 'update' } }]),
  'order.processing': andThen(order, (id) => ['PATCH', `/v1/orders/${id}`, { status: 'processing' }]),
  'order.shipped': andThen(order, fulfill),
  'order.fulfilled': andThen(order, fulfill),
  'order.delivered': andThen(order, fulfill, (id) => ['PATCH', `/v1/orders/${id}`, { status: 'delivered' }]),
  'order.cancelled': andThen(order, (id) => ['POST', `/v1/orders/${id}/cancel`, {}]),
  'customer.created': customer,
  'customer.updated': andThen(customer, (id) => ['PATCH', `/v1/customers/${id}`, { metadata: { triggered: 'update' } }]),
  'product.created': product,
  'product.updated': andThen(product, (id) => ['PATCH', `/v1/products/${id}`, { metadata: { triggered: 'update' } }]),
};

const USAGE = `usage:
  webhooks listen --forward-to URL [--events TYPE,...] [--api-key KEY] [--base-url URL]
      Receives the events of the key's account and mode live (GraphQL WebSocket) and POSTs
      each one, signed with a secret made for this session, to URL. The first line is
        Ready. Your webhook signing secret is whsec_... (forwarding to URL)
      then one line per event: <event id> <type> -> <HTTP status, or an error word such as
      connection_refused or timeout>. --events takes types and groups, comma separated
      (order.*,customer.created); the default is every type. The key needs events:read.
      Runs until SIGINT/SIGTERM.
  webhooks trigger EVENT_TYPE [--api-key KEY] [--base-url URL]
      Causes a real event through the REST API and prints only its id. Test-mode keys only.
      Types: ${Object.keys(TRIGGERS).join(', ')}
  webhooks help

options:
  --api-key KEY    secret or restricted key (default: env COMMERCE_API_KEY); never printed
  --base-url URL   the API server (default: env COMMERCE_API_URL, else ${DEFAULT_BASE_URL})
  -h, --help       this text

Errors go to stderr as "error: <code>: <message>".
exit codes: 0 done (listen: stopped by SIGINT/SIGTERM)
            1 the server failed or could not be reached, listen's connection closed
            2 usage, and errors of the key (401/403: invalid key, missing permission, a
              live key for trigger), an unknown or unsupported event type`;

class UsageError extends Error {}

/** An error to report as `error: <code>: <message>` and exit with `exitCode`. */
class CliError extends Error {
  constructor(readonly code: string, message: string, readonly exitCode: 1 | 2) {
    super(message);
  }
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function httpUrl(raw: string, flag: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} is not a URL: '${raw}'\n${USAGE}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http:// or https:// URL\n${USAGE}`);
  return url;
}

/** A word for a failed request with no response: connection_refused, timeout, dns_error, ... */
function errorWord(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string; errors?: { code?: string }[] } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  const code = e?.cause?.code ?? e?.cause?.errors?.[0]?.code ?? e?.code;
  switch (code) {
    case 'ECONNREFUSED': return 'connection_refused';
    case 'ECONNRESET': case 'EPIPE': case 'UND_ERR_SOCKET': return 'connection_reset';
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'dns_error';
    case 'ETIMEDOUT': case 'UND_ERR_CONNECT_TIMEOUT': case 'UND_ERR_HEADERS_TIMEOUT': case 'UND_ERR_BODY_TIMEOUT': return 'timeout';
    case 'EHOSTUNREACH': case 'ENETUNREACH': return 'unreachable';
    default:
      if (typeof code === 'string' && /CERT|SSL|TLS/i.test(code)) return 'tls_error';
      // fetch refuses the ports of other protocols (25, 6000, ...) before connecting
      if ((e?.cause as { message?: string } | undefined)?.message === 'bad port') return 'bad_port';
      return 'error';
  }
}

/** The API's error as a CliError: 401/403 exit 2, anything else 1. */
async function apiFailure(res: Response): Promise<CliError> {
  const text = await res.text().catch(() => '');
  let code = `HTTP_${res.status}`;
  let message = text.slice(0, 300) || res.statusText;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not the API's JSON
  }
  return new CliError(code, message, res.status === 401 || res.status === 403 ? 2 : 1);
}

function restClient(base: string, key: string): Api {
  return async (method, path, body) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'user-agent': USER_AGENT, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
    } catch (err) {
      const word = errorWord(err);
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      throw new CliError(word === 'error' ? 'connection_failed' : word, `cannot reach the API at ${base}${cause ? ` (${cause})` : ''}`, 1);
    }
    if (!res.ok) throw await apiFailure(res);
    return (await res.json()) as Record<string, unknown>;
  };
}

interface Options {
  base: string;
  key: string;
}

function commonOptions(values: { 'api-key'?: string; 'base-url'?: string }): Options {
  const key = values['api-key'] ?? process.env.COMMERCE_API_KEY;
  if (!key) throw new UsageError(`an API key is required: --api-key KEY or env COMMERCE_API_KEY\n${USAGE}`);
  const base = httpUrl(values['base-url'] ?? process.env.COMMERCE_API_URL ?? DEFAULT_BASE_URL, '--base-url').href.replace(/\/+$/, '');
  return { base, key };
}

// ---- trigger -------------------------------------------------------------------------------

async function trigger(type: string, { base, key }: Options): Promise<void> {
  const cause = TRIGGERS[type];
  if (!cause) {
    // the catalogue loads every module: only on this error path
    const { knownEventTypes } = await import('../modules/catalog.js');
    const why = knownEventTypes().includes(type)
      ? `'${type}' is an event type, but trigger cannot cause it (nothing emits it yet)`
      : `'${type}' is not an event type`;
    throw new CliError('UNSUPPORTED_EVENT_TYPE', `${why}; trigger supports: ${Object.keys(TRIGGERS).join(', ')}`, 2);
  }
  if (/^[a-z]+_live_/.test(key)) {
    throw new CliError('LIVE_KEY_REFUSED', 'trigger makes real objects: use a test-mode key (sk_test_... or rk_test_...), not a live one', 2);
  }
  const api = restClient(base, key);
  const object = await cause(api);
  const objectId = String(object.id);
  // the event is written in the same transaction as the change; retried in case a replica lags
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await sleep(200);
    const page = (await api('GET', `/v1/events?type=${encodeURIComponent(type)}&limit=20`)) as { data?: { id: string; data?: { object?: { id?: string } } }[] };
    const event = page.data?.find((e) => e.data?.object?.id === objectId);
    if (event) {
      out(event.id);
      return;
    }
  }
  throw new CliError('EVENT_NOT_FOUND', `${objectId} was changed, but no ${type} event of it is listed in /v1/events`, 1);
}

// ---- listen --------------------------------------------------------------------------------

interface Envelope {
  id: string;
  type: string;
  [key: string]: unknown;
}

interface GraphQLErrorLike {
  message?: string;
  extensions?: { code?: string };
}

async function forward(url: string, secret: string, envelope: Envelope): Promise<string> {
  const body = JSON.stringify(envelope);
  const headers = {
    'content-type': 'application/json',
    ...signatureHeaders({ eventId: envelope.id, body, timestamp: Math.floor(Date.now() / 1000), secrets: [secret] }),
    'Svc-Webhook-Attempt': '1',
    'User-Agent': USER_AGENT,
  };
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
    await res.body?.cancel().catch(() => {});
    return String(res.status);
  } catch (err) {
    return errorWord(err);
  }
}

function graphqlError(errors: readonly GraphQLErrorLike[]): CliError {
  const first = errors[0] ?? {};
  const code = first.extensions?.code ?? 'GRAPHQL_ERROR';
  // the server's own failures exit 1; a refused key, permission or request exits 2
  const serverFault = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE', 'DATABASE_ERROR', 'RATE_LIMITED'].includes(code);
  return new CliError(code, first.message ?? 'the subscription was refused', serverFault ? 1 : 2);
}

async function listen(opts: Options & { forwardTo: URL; events: string[] }): Promise<number> {
  const { base, key, forwardTo, events } = opts;
  const api = restClient(base, key);
  // the key, its events:read permission and the types, checked where the API says why: a
  // WebSocket refused at connection_init only closes with 4403. The REST filter knows
  // `<group>.*` of a first-level group only, so deeper patterns are left to the subscription.
  const checkable = events.filter((e) => !/\..*\.\*$/.test(e));
  try {
    await api('GET', `/v1/events?limit=1${checkable.length ? `&type=${encodeURIComponent(checkable.join(','))}` : ''}`);
  } catch (err) {
    // a 400 here is an --events type the server does not know: a usage error
    if (err instanceof CliError && err.code === 'INVALID_ENUM_VALUE') throw new CliError(err.code, `--events: ${err.message}`, 2);
    throw err;
  }

  const secret = generateWebhookSecret();
  const wsUrl = `${base.replace(/^http/, 'ws')}/graphql`;
  const client: Client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    keepAlive: 15_000,
  });

  let settle!: (exitCode: number) => void;
  const finished = new Promise<number>((resolve) => { settle = resolve; });
  let done = false;
  let ready = false;
  const finish = async (exitCode: number, err?: CliError) => {
    if (done) return;
    done = true;
    if (err) process.stderr.write(`error: ${err.code}: ${err.message}\n`);
    await Promise.resolve(client.dispose()).catch(() => {});
    settle(exitCode);
  };
  const onSignal = () => void finish(0);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  /** Why the socket or subscription ended, as an error and exit code. */
  const explain = async (err: unknown): Promise<CliError> => {
    if (Array.isArray(err)) return graphqlError(err as GraphQLErrorLike[]);
    const close = err as { code?: unknown; reason?: unknown };
    if (typeof close?.code === 'number') {
      if (close.code === 4403 || close.code === 4401) {
        // the key was refused at connection_init; the REST API says why
        try {
          await api('GET', '/v1/auth/test');
        } catch (refused) {
          if (refused instanceof CliError) return refused;
        }
        return new CliError('FORBIDDEN', `the server refused the connection (${close.code} ${String(close.reason ?? '')})`.trim(), 2);
      }
      return new CliError('CONNECTION_CLOSED', `the connection to ${wsUrl} closed (${close.code}${close.reason ? ` ${String(close.reason)}` : ''})`, 1);
    }
    const message = (err as { message?: string })?.message;
    return new CliError('CONNECTION_FAILED', `the connection to ${wsUrl} failed${message ? `: ${message}` : ''}`, 1);
  };

  // forwarded one at a time, in arrival order
  let queue = Promise.resolve();
  client.subscribe<{ events?: { envelope: Envelope } }>(
    { query: 'subscription($types: [String!]) { events(types: $types) { envelope } }', variables: { types: events.length ? events : null } },
    {
      next: (result) => {
        if (done) return;
        if (result.errors?.length) {
          const refused = graphqlError(result.errors as GraphQLErrorLike[]);
          return void finish(refused.exitCode, refused);
        }
        const envelope = result.data?.events?.envelope;
        if (!envelope) return;
        queue = queue.then(async () => {
          const outcome = await forward(forwardTo.href, secret, envelope);
          out(`${envelope.id} ${envelope.type} -> ${outcome}`);
        });
      },
      error: (err) => {
        if (!done) void explain(err).then((e) => finish(e.exitCode, e));
      },
      complete: () => {
        if (!done) void finish(1, new CliError('CONNECTION_CLOSED', 'the server ended the subscription', 1));
      },
    },
  );

  // Ready once the subscription is in place: graphql-ws acknowledges no subscription, so a
  // query on the same socket after it, answered once the server has taken both in order
  // (a little time after, for a broker such as Redis to subscribe).
  const ping = new Promise<void>((resolve, reject) => {
    client.subscribe({ query: '{ __typename }' }, { next: () => {}, error: reject, complete: resolve });
  });
  const pinged = await Promise.race([ping.then(() => true, () => false), finished.then(() => false)]);
  if (pinged) await Promise.race([sleep(150), finished]);
  if (!done) {
    ready = true;
    out(`Ready. Your webhook signing secret is ${secret} (forwarding to ${forwardTo.href})`);
  }
  const exitCode = await finished;
  if (ready && exitCode === 0) await Promise.race([queue, sleep(1000)]);
  return exitCode;
}

// ---- main ----------------------------------------------------------------------------------

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'api-key': { type: 'string' },
        'base-url': { type: 'string' },
        'forward-to': { type: 'string' },
        events: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    // an unknown flag, or a flag without its value
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    out(USAGE);
    return 0;
  }
  if (!command) throw new UsageError(USAGE);
  if (command === 'listen') {
    if (rest.length) throw new UsageError(`listen takes no arguments, got '${rest.join(' ')}'\n${USAGE}`);
    if (!values['forward-to']) throw new UsageError(`listen needs --forward-to URL\n${USAGE}`);
    const forwardTo = httpUrl(values['forward-to'], '--forward-to');
    const events = (values.events ?? '').split(',').map((e) => e.trim()).filter(Boolean);
    return listen({ ...commonOptions(values), forwardTo, events });
  }
  if (command === 'trigger') {
    if (rest.length !== 1) throw new UsageError(`trigger takes one event type\n${USAGE}`);
    for (const flag of ['forward-to', 'events'] as const) if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of listen\n${USAGE}`);
    await trigger(rest[0], commonOptions(values));
    return 0;
  }
  throw new UsageError(`unknown command '${command}'\n${USAGE}`);
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  if (err instanceof CliError) {
    process.stderr.write(`error: ${err.code}: ${err.message}\n`);
    process.exit(err.exitCode);
  }
  process.stderr.write(`${err instanceof UsageError ? '' : 'error: '}${err.message}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
