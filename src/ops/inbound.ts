// Inbound status callbacks of outside providers: POST /v1/inbound/{provider}.
//
//   carrier    {"tracking_number": "1Z..."} or {"order_id": "ord_..."}, "status": "in_transit" | "delivered"
//              -> the order (every order of the account with that tracking number) moves to
//              shipped, or to delivered (through shipped when it was not marked shipped yet), by
//              the orders module's own update operation: its events and webhooks as from the API.
//   processor  {"payment_id": "pay_...", "status": "succeeded"}
//              -> a pending payment (the test processor's pm_card_processing) settles now, as
//              the settlement worker would at its due time.
//
// Each provider signs with its own secret (INBOUND_CARRIER_SECRET, INBOUND_PROCESSOR_SECRET;
// unset: the provider is off and its path answers 404): X-Timestamp (Unix seconds, within 300 s)
// and X-Signature, the hex HMAC-SHA256 of "<X-Timestamp>.<raw body>", as the API's own signed
// requests; a signature is accepted once. Unsigned or wrongly signed: 401 in the envelope,
// before any database work.
//
// The callback names no account: its hint (tracking number, order id, payment id) is resolved
// to one through a bounded cache (hint -> account and mode; INBOUND_HINT_CACHE_MAX entries,
// least recently used dropped first, each kept INBOUND_HINT_CACHE_TTL_SECS). A tracking number
// is not indexed and may repeat across accounts: resolving one reads every account's orders,
// which the cache spares the next callbacks of that shipment; a tracking number found in two
// accounts is refused (409: send order_id). The change itself always reads the row in the
// resolved account's scope, so a stale hint is only a miss.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiError } from '../errors.js';
import { BoundedCache, type Principal } from '../auth/keys.js';
import { executeMutation, runSystemChange, type Services } from '../operations/operation.js';
import { updateOrder } from '../modules/orders/operations.js';
import { settlePayment } from '../modules/payments/operations.js';
import { signPayload, SIGNATURE_TOLERANCE_S } from '../modules/money/signatures.js';
import { requireAdmin } from './health.js';

export const PROVIDERS = ['carrier', 'processor'] as const;
export type Provider = (typeof PROVIDERS)[number];

interface Hint {
  accountId: string;
  livemode: boolean;
  until: number;
}

/** Counters of the callbacks (resettable); `lifetime` is what /metrics exports, never reset. */
const OUTCOMES = ['received', 'unauthorized', 'invalid', 'resolved', 'unresolved', 'applied', 'unchanged', 'failed', 'cache_hits', 'cache_misses'] as const;
type Outcome = (typeof OUTCOMES)[number];
const zero = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;

export class InboundCallbacks {
  private readonly hints: BoundedCache<Hint>;
  counters = zero();
  since = new Date();
  readonly lifetime = zero();

  constructor(
    readonly secrets: Partial<Record<Provider, string>>,
    readonly maxEntries: number,
    readonly ttlSecs: number,
  ) {
    this.hints = new BoundedCache(maxEntries);
  }

  count(outcome: Outcome) {
    this.counters[outcome]++;
    this.lifetime[outcome]++;
  }

  /** The account of a hint, from the cache or `resolve`; undefined when nothing matches. */
  async account(hint: string, resolve: () => Promise<{ accountId: string; livemode: boolean } | undefined>): Promise<{ accountId: string; livemode: boolean; cached: boolean } | undefined> {
    const now = Date.now();
    const cached = this.hints.get(hint);
    if (cached && cached.until > now) {
      this.count('cache_hits');
      return { accountId: cached.accountId, livemode: cached.livemode, cached: true };
    }
    if (cached) this.hints.delete(hint);
    this.count('cache_misses');
    const found = await resolve();
    if (found) this.hints.set(hint, { ...found, until: now + this.ttlSecs * 1000 });
    return found && { ...found, cached: false };
  }

  forgetHint(hint: string) {
    this.hints.delete(hint);
  }

  clearCache(): number {
    const n = this.hints.size;
    this.hints.clear();
    return n;
  }

  resetCounters() {
    this.counters = zero();
    this.since = new Date();
  }

  get cacheSize(): number {
    return this.hints.size;
  }

  diagnostics() {
    const c = this.counters;
    const answered = c.applied + c.unchanged;
    const lookups = c.cache_hits + c.cache_misses;
    const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);
    return {
      object: 'inbound_callback_diagnostics',
      providers: Object.fromEntries(PROVIDERS.map((p) => [p, { enabled: Boolean(this.secrets[p]), path: `/v1/inbound/${p}` }])),
      hint_cache: { size: this.hints.size, max_entries: this.maxEntries, ttl_secs: this.ttlSecs },
      counters: { ...c },
      counters_since: this.since.toISOString(),
      /** callbacks that took effect (or found it made already), of those received */
      success_rate: rate(answered, c.received),
      cache_hit_rate: rate(c.cache_hits, lookups),
    };
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

const unsigned = (message: string, details: Record<string, unknown> = {}) => new ApiError('INVALID_SIGNATURE', message, details, 'X-Signature');

/** Checks the provider's signature over the raw body; a signature is accepted once. */
async function verify(services: Services, secret: string, req: FastifyRequest): Promise<void> {
  const signature = header(req, 'x-signature');
  const timestamp = header(req, 'x-timestamp');
  if (signature === undefined || timestamp === undefined) {
    throw new ApiError('MISSING_SIGNATURE', 'Inbound callbacks must be signed: X-Timestamp (Unix seconds) and X-Signature, the hex HMAC-SHA256 of "<timestamp>.<raw body>" with the provider\'s secret', {}, 'X-Signature');
  }
  if (!/^[0-9]{1,12}$/.test(timestamp)) throw unsigned('X-Timestamp must be Unix seconds');
  const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_S) throw unsigned(`X-Timestamp is ${Math.round(skew)} s away from the server's clock; at most ${SIGNATURE_TOLERANCE_S} s`, { tolerance_seconds: SIGNATURE_TOLERANCE_S });
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw unsigned('X-Signature must be 64 hex digits (HMAC-SHA256)');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  const expected = Buffer.from(signPayload(secret, timestamp, req.rawBody ?? Buffer.alloc(0)), 'hex');
  if (!timingSafeEqual(expected, given)) throw unsigned('X-Signature does not match HMAC-SHA256 of "<X-Timestamp>.<body>" with this provider\'s secret');
  const used = await services.db.prisma.usedSignature.createMany({
    data: [{ signature: given.toString('hex'), expiresAt: new Date((Number(timestamp) + 2 * SIGNATURE_TOLERANCE_S) * 1000) }],
    skipDuplicates: true,
  });
  if (used.count === 0) throw unsigned('This signature was already used: sign each callback, retries included, with a fresh X-Timestamp');
}

const ID = { order: /^ord_[0-9a-z]{10,40}$/, payment: /^pay_[0-9a-z]{10,40}$/ };
const CARRIER_STATUSES = ['in_transit', 'delivered'] as const;

interface CarrierBody { tracking_number?: string; order_id?: string; status: (typeof CARRIER_STATUSES)[number]; event_id?: string }
interface ProcessorBody { payment_id: string; status: 'succeeded'; event_id?: string }

/** The body, checked field by field (every fault named); a 400 otherwise. */
function parseBody(provider: Provider, body: unknown): CarrierBody | ProcessorBody {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) {
    throw ApiError.validation([{ field: 'body', message: 'must be a JSON object', expected: provider === 'carrier' ? '{"tracking_number" or "order_id", "status"}' : '{"payment_id", "status"}' }]);
  }
  const b = body as Record<string, unknown>;
  const allowed = provider === 'carrier' ? ['tracking_number', 'order_id', 'status', 'event_id'] : ['payment_id', 'status', 'event_id'];
  const faults: { field: string; message: string; expected?: string; code?: 'MISSING_REQUIRED_FIELD' | 'INVALID_ENUM_VALUE' | 'INVALID_FIELD_FORMAT' }[] = [];
  for (const k of Object.keys(b)) if (!allowed.includes(k)) faults.push({ field: k, message: 'is not a field of this callback', expected: `only ${allowed.join(', ')}` });
  const text = (k: string, max: number) => {
    const v = b[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.length === 0 || v.length > max || v.includes('\u0000') || !v.isWellFormed()) {
      faults.push({ field: k, message: `must be a non-empty string of at most ${max} characters`, expected: `1 to ${max} characters` });
      return undefined;
    }
    return v;
  };
  text('event_id', 200);
  if (provider === 'carrier') {
    text('tracking_number', 128);
    const order = text('order_id', 64);
    if (b.tracking_number === undefined && b.order_id === undefined) faults.push({ field: 'tracking_number', code: 'MISSING_REQUIRED_FIELD', message: 'is required unless order_id is given', expected: 'the tracking number the order was fulfilled with' });
    if (b.tracking_number !== undefined && b.order_id !== undefined) faults.push({ field: 'order_id', message: 'give tracking_number or order_id, not both', expected: 'one of tracking_number and order_id' });
    if (order !== undefined && !ID.order.test(order)) faults.push({ field: 'order_id', code: 'INVALID_FIELD_FORMAT', message: 'is not an order id', expected: 'ord_...' });
    if (!CARRIER_STATUSES.includes(b.status as never)) faults.push({ field: 'status', code: b.status === undefined ? 'MISSING_REQUIRED_FIELD' : 'INVALID_ENUM_VALUE', message: b.status === undefined ? 'is required' : `'${String(b.status).slice(0, 40)}' is not a carrier status`, expected: `one of ${CARRIER_STATUSES.join(', ')}` });
  } else {
    const payment = text('payment_id', 64);
    if (b.payment_id === undefined) faults.push({ field: 'payment_id', code: 'MISSING_REQUIRED_FIELD', message: 'is required', expected: 'pay_...' });
    else if (payment !== undefined && !ID.payment.test(payment)) faults.push({ field: 'payment_id', code: 'INVALID_FIELD_FORMAT', message: 'is not a payment id', expected: 'pay_...' });
    if (b.status !== 'succeeded') faults.push({ field: 'status', code: b.status === undefined ? 'MISSING_REQUIRED_FIELD' : 'INVALID_ENUM_VALUE', message: b.status === undefined ? 'is required' : `'${String(b.status).slice(0, 40)}' is not a status this server takes from the processor`, expected: 'succeeded' });
  }
  if (faults.length) throw ApiError.validation(faults);
  return b as unknown as CarrierBody | ProcessorBody;
}

/** The principal a callback acts as: the resolved account, only the permission its change needs. */
function callbackPrincipal(provider: Provider, accountId: string, livemode: boolean, permissions: string[]): Principal {
  return { keyId: `inbound_${provider}`, accountId, type: 'restricted', mode: livemode ? 'live' : 'test', livemode, permissions };
}

export interface InboundDeps {
  services: Services;
  inbound: InboundCallbacks;
  adminKey?: string;
  logger: Logger;
}

export function registerInbound(app: FastifyInstance, deps: InboundDeps) {
  const { services, inbound } = deps;
  const prisma = services.db.prisma;
  /** refusals counted as unresolved (not failed) */
  const unresolved = new WeakSet<Error>();
  const notResolved = (err: ApiError) => {
    inbound.count('unresolved');
    unresolved.add(err);
    return err;
  };

  const applyCarrier = async (req: FastifyRequest, body: CarrierBody) => {
    const hint = body.order_id !== undefined ? `order:${body.order_id}` : `tracking:${body.tracking_number}`;
    const resolve = async () => {
      if (body.order_id !== undefined) {
        const o = await prisma.order.findUnique({ where: { id: body.order_id }, select: { accountId: true, livemode: true } });
        return o ?? undefined;
      }
      const rows = await prisma.order.findMany({ where: { trackingNumber: body.tracking_number }, select: { accountId: true, livemode: true }, distinct: ['accountId', 'livemode'], take: 2 });
      if (rows.length > 1) {
        throw notResolved(new ApiError('RESOURCE_CONFLICT', 'This tracking number belongs to orders of more than one account: send order_id instead', { tracking_number: body.tracking_number }));
      }
      return rows[0];
    };
    const ordersOf = (scope: { accountId: string; livemode: boolean }) => prisma.order.findMany({
      where: { accountId: scope.accountId, livemode: scope.livemode, ...(body.order_id !== undefined ? { id: body.order_id } : { trackingNumber: body.tracking_number }) },
      select: { id: true, status: true }, orderBy: { createdAt: 'asc' }, take: 100,
    });
    let scope = await inbound.account(hint, resolve);
    let orders = scope ? await ordersOf(scope) : [];
    if (scope?.cached && orders.length === 0) {
      // a stale hint (the tracking number moved): resolved afresh once
      inbound.forgetHint(hint);
      scope = await inbound.account(hint, resolve);
      orders = scope ? await ordersOf(scope) : [];
    }
    if (!scope || orders.length === 0) {
      throw notResolved(new ApiError('RESOURCE_NOT_FOUND', body.order_id !== undefined ? `No such order: '${body.order_id}'` : 'No order has this tracking number', {
        resource: 'order', ...(body.order_id !== undefined ? { id: body.order_id } : { tracking_number: body.tracking_number }),
      }));
    }
    inbound.count('resolved');
    const principal = callbackPrincipal('carrier', scope.accountId, scope.livemode, ['orders:update']);
    const ctx = { services, principal, requestId: req.id };
    const target = body.status === 'delivered' ? 'delivered' : 'shipped';
    const results = [];
    let changed = false;
    for (const order of orders) {
      const steps: ('shipped' | 'delivered')[] = [];
      if (target === 'shipped' && ['pending', 'paid', 'processing'].includes(order.status)) steps.push('shipped');
      if (target === 'delivered') {
        if (['pending', 'paid', 'processing'].includes(order.status)) steps.push('shipped', 'delivered');
        else if (order.status === 'shipped') steps.push('delivered');
      }
      const settled = target === 'shipped' ? ['shipped', 'delivered'] : ['delivered'];
      if (steps.length === 0 && !settled.includes(order.status)) {
        throw new ApiError('INVALID_STATE_TRANSITION', `Order ${order.id} is ${order.status}: a carrier's '${body.status}' cannot apply to it`, {
          order_id: order.id, current_status: order.status, requested_status: target,
        });
      }
      let status = order.status;
      for (const step of steps) status = String((await executeMutation(updateOrder, ctx, { id: order.id, status: step })).body.status);
      if (steps.length) changed = true;
      results.push({ object: 'order', id: order.id, status, changed: steps.length > 0 });
    }
    return { changed, results };
  };

  const applyProcessor = async (body: ProcessorBody) => {
    const hint = `payment:${body.payment_id}`;
    const scope = await inbound.account(hint, async () => (await prisma.payment.findUnique({ where: { id: body.payment_id }, select: { accountId: true, livemode: true } })) ?? undefined);
    const payment = scope && await prisma.payment.findFirst({ where: { id: body.payment_id, accountId: scope.accountId, livemode: scope.livemode }, select: { id: true, status: true } });
    if (!scope || !payment) {
      if (scope) inbound.forgetHint(hint);
      throw notResolved(ApiError.notFound('payment', body.payment_id));
    }
    inbound.count('resolved');
    if (payment.status === 'succeeded') return { changed: false, results: [{ object: 'payment', id: payment.id, status: payment.status, changed: false }] };
    if (payment.status !== 'pending') {
      throw new ApiError('INVALID_STATE_TRANSITION', `Payment ${payment.id} is ${payment.status}: only a pending payment can succeed`, { payment_id: payment.id, current_status: payment.status, requested_status: 'succeeded' });
    }
    const row = await runSystemChange(services, { accountId: scope.accountId, livemode: scope.livemode }, (tx, emit) => settlePayment(tx, payment.id, emit));
    // settled meanwhile by the worker (its row was locked or no longer pending): the same outcome
    const status = row?.status ?? (await prisma.payment.findUnique({ where: { id: payment.id }, select: { status: true } }))?.status ?? 'pending';
    return { changed: Boolean(row), results: [{ object: 'payment', id: payment.id, status, changed: Boolean(row) }] };
  };

  app.post('/v1/inbound/:provider', {
    config: {
      rateCost: false,
      doc: {
        summary: "A provider's status callback (carrier: a shipment's status; processor: a payment's), signed with the provider's secret (X-Timestamp, X-Signature)",
        auth: 'none', tag: 'inbound',
        description: 'carrier: `tracking_number` or `order_id`, `status` in_transit or delivered (the order moves to shipped or delivered). processor: `payment_id`, `status` succeeded (a pending payment settles). Signed: X-Timestamp (Unix seconds) and X-Signature, the hex HMAC-SHA256 of "<X-Timestamp>.<raw body>" with the provider\'s secret (INBOUND_CARRIER_SECRET, INBOUND_PROCESSOR_SECRET); see docs/operations.md.',
        body: {
          type: 'object',
          properties: {
            tracking_number: { type: 'string', maxLength: 128, description: 'carrier' },
            order_id: { type: 'string', description: 'carrier: ord_...' },
            payment_id: { type: 'string', description: 'processor: pay_...' },
            status: { type: 'string', enum: [...CARRIER_STATUSES, 'succeeded'] },
            event_id: { type: 'string', maxLength: 200, description: "the provider's id of this callback, echoed back" },
          },
          required: ['status'],
          additionalProperties: false,
        },
      },
    },
  }, async (req) => {
    const name = (req.params as { provider: string }).provider;
    if (!PROVIDERS.includes(name as Provider)) {
      throw new ApiError('RESOURCE_NOT_FOUND', `No inbound provider '${name.slice(0, 40)}': this server takes ${PROVIDERS.join(', ')}`, { resource: 'inbound_provider', id: name.slice(0, 40), providers: [...PROVIDERS] });
    }
    const provider = name as Provider;
    const secret = inbound.secrets[provider];
    if (!secret) {
      throw new ApiError('RESOURCE_NOT_FOUND', `Inbound provider '${provider}' is not enabled on this server`, { resource: 'inbound_provider', id: provider });
    }
    inbound.count('received');
    try {
      await verify(services, secret, req);
    } catch (err) {
      inbound.count('unauthorized');
      throw err;
    }
    let body: CarrierBody | ProcessorBody;
    try {
      body = parseBody(provider, req.body);
    } catch (err) {
      inbound.count('invalid');
      throw err;
    }
    try {
      const { changed, results } = provider === 'carrier' ? await applyCarrier(req, body as CarrierBody) : await applyProcessor(body as ProcessorBody);
      inbound.count(changed ? 'applied' : 'unchanged');
      return { object: 'inbound_callback', provider, status: body.status, event_id: body.event_id ?? null, changed, results };
    } catch (err) {
      // a hint that matched no account (or two) is counted as unresolved already; anything else failed
      if (!(err instanceof Error && unresolved.has(err))) {
        inbound.count('failed');
        if (!(err instanceof ApiError)) deps.logger.warn({ err, provider }, 'inbound callback failed');
      }
      throw err;
    }
  });

  const adminDoc = (summary: string) => ({ doc: { summary: `${summary} (x-admin-key)`, auth: 'admin' as const, tag: 'admin' } });
  app.get('/admin/telephony/webhook-diagnostics', { config: adminDoc('Inbound provider callbacks: hint-cache size and limits, resolution counters, success and cache-hit rates') }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], deps.adminKey);
    return inbound.diagnostics();
  });
  app.post('/admin/telephony/webhook-diagnostics/cache/clear', { config: adminDoc("Empty the inbound callbacks' hint cache") }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], deps.adminKey);
    return { object: 'inbound_hint_cache', cleared: inbound.clearCache(), size: inbound.cacheSize };
  });
  app.post('/admin/telephony/webhook-diagnostics/counters/reset', { config: adminDoc("Reset the inbound callbacks' counters (/metrics keeps its own, never reset)") }, async (req) => {
    requireAdmin(req.headers['x-admin-key'], deps.adminKey);
    inbound.resetCounters();
    return inbound.diagnostics();
  });
}
