// Failed authentications are limited per client address (AUTH_FAIL_LIMIT_PER_IP a minute), so
// keys cannot be guessed at speed and random keys cannot load the database: past the limit the
// address gets 429 RATE_LIMITED before any lookup. Counted in Redis when REDIS_URL is set
// (every replica sees the same count), in process otherwise. The address is the socket's
// unless TRUST_PROXY names the proxies in front. Failed sign-ins of the self-hosted routes
// have counters of their own (LoginFailureLimiter, per email and per address).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';

const WINDOW_S = 60;

export class AuthFailureLimiter {
  private readonly limiter: RateLimiterAbstract;

  /** `redis`: shared with the server's other counters (sign-in failures) */
  constructor(readonly points: number, readonly redis?: Redis) {
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

const LOGIN_WINDOW_S = 15 * 60;

/**
 * Sign-ins (POST /auth/login) per email and per client address: LOGIN_FAIL_LIMIT_PER_EMAIL
 * and LOGIN_FAIL_LIMIT_PER_IP failures in 15 minutes, then 429 RATE_LIMITED with Retry-After
 * until the window ends. Every attempt takes its point before the password is checked, so
 * concurrent guesses cannot slip past the count; a success gives the address's point back
 * and clears the email's count. Emails are counted by their SHA-256 (no addresses in Redis).
 */
export class LoginFailureLimiter {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;

  constructor(readonly perEmail: number, readonly perIp: number, redis?: Redis) {
    const make = (points: number, keyPrefix: string): RateLimiterAbstract => redis
      ? new RateLimiterRedis({ storeClient: redis, points, duration: LOGIN_WINDOW_S, keyPrefix, insuranceLimiter: new RateLimiterMemory({ points, duration: LOGIN_WINDOW_S, keyPrefix }) })
      : new RateLimiterMemory({ points, duration: LOGIN_WINDOW_S, keyPrefix });
    this.byEmail = make(perEmail, 'login-fail-email');
    this.byIp = make(perIp, 'login-fail-ip');
  }

  private static emailKey(email: string): string {
    return createHash('sha256').update(email).digest('hex');
  }

  /**
   * Takes an attempt's point from both counts; throws RATE_LIMITED (giving back what it took)
   * when either is used up. Returns how to settle the attempt once the password is checked.
   */
  async attempt(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
    const emailKey = LoginFailureLimiter.emailKey(email);
    const [ip1, email1] = await Promise.allSettled([this.byIp.consume(ip, 1), this.byEmail.consume(emailKey, 1)]);
    // a store failure (Redis away with no fallback) is not a reason to refuse a sign-in: only
    // a count used up (a RateLimiterRes) is
    const overIp = ip1.status === 'rejected' && ip1.reason instanceof RateLimiterRes ? ip1.reason : undefined;
    const overEmail = email1.status === 'rejected' && email1.reason instanceof RateLimiterRes ? email1.reason : undefined;
    const reason = overIp ?? overEmail;
    if (reason) {
      if (ip1.status === 'fulfilled') await this.byIp.reward(ip, 1).catch(() => undefined);
      if (email1.status === 'fulfilled') await this.byEmail.reward(emailKey, 1).catch(() => undefined);
      const scope = overIp ? 'failed_logins_per_ip' : 'failed_logins_per_email';
      const limit = overIp ? this.perIp : this.perEmail;
      const retryAfter = Math.max(1, Math.ceil(reason.msBeforeNext / 1000));
      throw new ApiError('RATE_LIMITED', `Too many failed sign-ins ${overIp ? 'from this address' : 'for this email'}; retry in ${retryAfter} s`, {
        limit, remaining: 0, reset_at: Math.ceil((Date.now() + reason.msBeforeNext) / 1000), retry_after: retryAfter, scope,
      });
    }
    return {
      succeeded: async () => {
        await Promise.all([this.byIp.reward(ip, 1).catch(() => undefined), this.byEmail.delete(emailKey).catch(() => undefined)]);
      },
    };
  }
}
