// Failed authentications are limited per client address (AUTH_FAIL_LIMIT_PER_IP a minute), so
// keys cannot be guessed at speed and random keys cannot load the database: past the limit the
// address gets 429 RATE_LIMITED before any lookup. Counted in Redis when REDIS_URL is set
// (every replica sees the same count), in process otherwise. The address is the socket's
// unless TRUST_PROXY names the proxies in front.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';

const WINDOW_S = 60;

export class AuthFailureLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(readonly points: number, redis?: Redis) {
    this.limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_S, keyPrefix: 'auth-fail', insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_S }) })
      : new RateLimiterMemory({ points, duration: WINDOW_S, keyPrefix: 'auth-fail' });
  }

  private refusal(res: RateLimiterRes): ApiError {
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return new ApiError('RATE_LIMITED', `Too many failed authentications from this address; retry in ${retryAfter} s`, {
      limit: this.points, remaining: 0, reset_at: Math.ceil((Date.now() + res.msBeforeNext) / 1000), retry_after: retryAfter, scope: 'failed_authentications_per_ip',
    });
  }

  /** Throws RATE_LIMITED when the address used up its failures. */
  async assertAllowed(ip: string): Promise<void> {
    const res = await this.limiter.get(ip).catch(() => null);
    if (res && res.consumedPoints >= this.points) throw this.refusal(res);
  }

  async recordFailure(ip: string): Promise<void> {
    await this.limiter.consume(ip, 1).catch(() => undefined);
  }
}
