// The counters of plan limits, per account and mode (test and live apart): fixed windows of a
// second (burst), a minute, an hour and a day, and requests in flight. In Redis when REDIS_URL
// is set, so every replica draws on one budget (rate-limiter-flexible's RateLimiterRedis, one
// atomic INCRBY per window; an in-process limiter stands in while Redis is unreachable), in
// process otherwise.
//
// Units are counted in points, SCALE to the unit, so that a webhook simulation's 0.5 is a whole
// point. A request takes its points from every window at once; when one of them goes over its
// limit, the points are given back to all of them and the request is refused: a refused
// request costs nothing. Counts are never below the truth (a refusal is given back after it
// was counted), so a request may rarely be refused next to a limit while another's refusal is
// being given back, and none is ever let past one.
import { randomBytes } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { WINDOWS, WINDOW_SECONDS, limitsOf, type PlanLimits, type WindowName } from './plans.js';

/** points per request unit */
export const SCALE = 2;
/** a request in flight longer than this stops counting (a replica that died holding it) */
const MAX_IN_FLIGHT_MS = 10 * 60 * 1000;
const UNAUTHENTICATED_WINDOW_S = 60;

export type BucketName = WindowName | 'concurrent' | 'unauthenticated' | 'failed_authentications';

/** A bucket as the headers describe it, in request units. */
export interface BucketState {
  bucket: BucketName;
  limit: number;
  /** whole units left (rounded down) */
  remaining: number;
  /** ms until the window starts afresh (concurrency: none) */
  resetMs?: number;
  /** when it does, Unix seconds (rounded up) */
  resetAt?: number;
  /** the window, seconds (concurrency: none) */
  windowSeconds?: number;
}

export interface Verdict {
  /** every bucket counted for this request, shortest window first, concurrency last */
  buckets: BucketState[];
  /** the bucket that refused the request (its units were given back) */
  refusedBy?: BucketState;
  /** seconds to wait before the request would pass */
  retryAfter?: number;
  /** frees the request's concurrency slot (idempotent); none when not counted */
  release?: () => void;
}

const HUGE = Number.MAX_SAFE_INTEGER;

/** Requests in flight per key: a sorted set of request tokens scored by start time (Redis). */
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return {0, n} end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, n + 1}
`;

type RedisWithAcquire = Redis & { planConcurrencyAcquire(key: string, token: string, limit: string, ttl: string): Promise<[number, number]> };

class Concurrency {
  private readonly local = new Map<string, Set<string>>();
  private readonly redis?: RedisWithAcquire;

  constructor(redis?: Redis) {
    if (redis) {
      redis.defineCommand('planConcurrencyAcquire', { numberOfKeys: 1, lua: ACQUIRE_LUA });
      this.redis = redis as RedisWithAcquire;
    }
  }

  private acquireLocal(key: string, token: string, limit: number): { ok: boolean; inFlight: number; release: () => void } {
    let set = this.local.get(key);
    const n = set?.size ?? 0;
    if (n >= limit) return { ok: false, inFlight: n, release: () => {} };
    if (!set) this.local.set(key, (set = new Set()));
    set.add(token);
    return {
      ok: true,
      inFlight: n + 1,
      release: () => {
        set!.delete(token);
        if (set!.size === 0 && this.local.get(key) === set) this.local.delete(key);
      },
    };
  }

  /** Takes a slot unless `limit` requests are in flight; `release` frees it. */
  async acquire(key: string, token: string, limit: number): Promise<{ ok: boolean; inFlight: number; release: () => void }> {
    if (this.redis) {
      const redisKey = `plan-concurrent:${key}`;
      try {
        const [ok, n] = await this.redis.planConcurrencyAcquire(redisKey, token, String(limit), String(MAX_IN_FLIGHT_MS));
        return { ok: ok === 1, inFlight: Number(n), release: () => { this.redis!.zrem(redisKey, token).catch(() => undefined); } };
      } catch {
        // Redis unreachable: this process counts its own, as the windows' insurance limiters do
      }
    }
    return this.acquireLocal(key, token, limit);
  }
}

export interface PlanLimiterOptions {
  redis?: Redis;
  enterprise: PlanLimits;
  unauthenticatedPerIp: number;
  /** the plan of a principal that names none (DEFAULT_PLAN) */
  defaultPlan?: string;
}

export class PlanLimiter {
  private readonly windows: Record<WindowName, RateLimiterAbstract>;
  private readonly unauthenticated: RateLimiterAbstract;
  private readonly concurrency: Concurrency;
  /** makes concurrency tokens unique across replicas */
  private readonly instance = randomBytes(6).toString('hex');
  private seq = 0;

  constructor(private readonly o: PlanLimiterOptions) {
    const make = (keyPrefix: string, duration: number): RateLimiterAbstract => o.redis
      ? new RateLimiterRedis({ storeClient: o.redis, points: HUGE, duration, keyPrefix, insuranceLimiter: new RateLimiterMemory({ points: HUGE, duration, keyPrefix }) })
      : new RateLimiterMemory({ points: HUGE, duration, keyPrefix });
    this.windows = Object.fromEntries(WINDOWS.map((w) => [w, make(`plan-${w}`, WINDOW_SECONDS[w])])) as Record<WindowName, RateLimiterAbstract>;
    this.unauthenticated = make('unauthenticated', UNAUTHENTICATED_WINDOW_S);
    this.concurrency = new Concurrency(o.redis);
  }

  limits(plan: string | undefined): PlanLimits {
    return limitsOf(plan ?? this.o.defaultPlan, this.o.enterprise);
  }

  /** the enterprise plan's limits (PLAN_ENTERPRISE_LIMITS) */
  get enterprise(): PlanLimits {
    return this.o.enterprise;
  }

  get unauthenticatedLimit(): number {
    return this.o.unauthenticatedPerIp;
  }

  private static state(bucket: BucketName, limit: number, consumedPoints: number, msBeforeNext: number, windowSeconds: number): BucketState {
    const resetMs = msBeforeNext > 0 ? msBeforeNext : windowSeconds * 1000;
    return {
      bucket, limit, remaining: Math.max(0, Math.floor((limit * SCALE - consumedPoints) / SCALE)),
      resetMs, resetAt: Math.ceil((Date.now() + resetMs) / 1000), windowSeconds,
    };
  }

  /** Counts `points` against the windows given; gives them back if any window goes over. */
  private async count(key: string, windows: { name: BucketName; limiter: RateLimiterAbstract; limit: number; seconds: number }[], points: number): Promise<Verdict> {
    const results = await Promise.all(windows.map((w) => (points > 0 ? w.limiter.consume(key, points) : w.limiter.get(key)).then(
      (res) => res,
      // a store failure with no insurance (cannot happen with one) is not a reason to refuse
      (res: RateLimiterRes | Error) => (res instanceof Error ? null : res),
    )));
    const consumed = results.map((r) => r?.consumedPoints ?? points);
    const over = windows.map((w, i) => points > 0 && consumed[i]! > w.limit * SCALE);
    const refused = over.some(Boolean);
    if (refused) {
      await Promise.all(windows.map((w) => w.limiter.reward(key, points).catch(() => undefined)));
    }
    const buckets = windows.map((w, i) => PlanLimiter.state(w.name, w.limit, consumed[i]! - (refused ? points : 0), results[i]?.msBeforeNext ?? w.seconds * 1000, w.seconds));
    if (!refused) return { buckets };
    // the refusing window that resets last: the request passes after it, not before
    let refusedBy: BucketState | undefined;
    buckets.forEach((b, i) => {
      if (over[i] && (!refusedBy || (b.resetMs ?? 0) >= (refusedBy.resetMs ?? 0))) refusedBy = b;
    });
    return { buckets, refusedBy, retryAfter: Math.max(1, Math.ceil((refusedBy!.resetMs ?? 1000) / 1000)) };
  }

  /**
   * Charges one request of an account in a mode: `units` (0.5 steps) against each limited
   * window of the plan, and a concurrency slot when the plan limits concurrency.
   */
  async charge(accountId: string, mode: string, plan: string | undefined, units: number): Promise<Verdict> {
    const limits = this.limits(plan);
    const key = `${accountId}:${mode}`;
    const windows = WINDOWS.filter((w) => limits[w] !== null).map((w) => ({ name: w, limiter: this.windows[w], limit: limits[w]!, seconds: WINDOW_SECONDS[w] }));
    const points = Math.round(units * SCALE);
    let slot: Awaited<ReturnType<Concurrency['acquire']>> | undefined;
    if (limits.concurrent !== null) {
      slot = await this.concurrency.acquire(key, `${this.instance}:${++this.seq}`, limits.concurrent);
      if (!slot.ok) {
        // refused before anything is counted; the windows are read for the headers
        const verdict = await this.count(key, windows, 0);
        const concurrent: BucketState = { bucket: 'concurrent', limit: limits.concurrent, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + 1 };
        return { buckets: [...verdict.buckets, concurrent], refusedBy: concurrent, retryAfter: 1 };
      }
    }
    const verdict = await this.count(key, windows, points);
    if (slot) {
      verdict.buckets.push({ bucket: 'concurrent', limit: limits.concurrent!, remaining: Math.max(0, limits.concurrent! - slot.inFlight) });
      if (verdict.refusedBy) slot.release();
      else {
        let released = false;
        const free = slot.release;
        verdict.release = () => {
          if (released) return;
          released = true;
          free();
        };
      }
    }
    return verdict;
  }

  /** Charges one unauthenticated request of a client address (UNAUTHENTICATED_LIMIT_PER_IP a minute). */
  async chargeAddress(ip: string): Promise<Verdict> {
    return this.count(ip, [{ name: 'unauthenticated', limiter: this.unauthenticated, limit: this.o.unauthenticatedPerIp, seconds: UNAUTHENTICATED_WINDOW_S }], SCALE);
  }
}
