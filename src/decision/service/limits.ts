// Per-replica limits of the decision service (the spec's numbers, configurable): attempts
// per key and in total in a sliding minute, and runs at once.
export interface LimitConfig {
  perKeyPerMinute: number;
  totalPerMinute: number;
  concurrent: number;
}

export interface LimitVerdict {
  ok: boolean;
  reason?: 'key_rate' | 'total_rate' | 'concurrency';
  limit?: number;
  retryAfterSeconds?: number;
}

const WINDOW_MS = 60_000;

export class SvcLimiter {
  private readonly perKey = new Map<string, number[]>();
  private total: number[] = [];
  private running = 0;

  constructor(private readonly config: LimitConfig, private readonly now: () => number = Date.now) {}

  private prune(list: number[], t: number): number[] {
    let i = 0;
    while (i < list.length && list[i] <= t - WINDOW_MS) i++;
    return i ? list.slice(i) : list;
  }

  /** Counts one attempt; refuses it when a rate limit is reached. */
  attempt(keyId: string): LimitVerdict {
    const t = this.now();
    this.total = this.prune(this.total, t);
    const mine = this.prune(this.perKey.get(keyId) ?? [], t);
    if (mine.length >= this.config.perKeyPerMinute) {
      this.perKey.set(keyId, mine);
      return { ok: false, reason: 'key_rate', limit: this.config.perKeyPerMinute, retryAfterSeconds: Math.max(1, Math.ceil((mine[0] + WINDOW_MS - t) / 1000)) };
    }
    if (this.total.length >= this.config.totalPerMinute) {
      return { ok: false, reason: 'total_rate', limit: this.config.totalPerMinute, retryAfterSeconds: Math.max(1, Math.ceil((this.total[0] + WINDOW_MS - t) / 1000)) };
    }
    mine.push(t);
    this.perKey.set(keyId, mine);
    this.total.push(t);
    if (this.perKey.size > 10_000) {
      for (const [k, v] of this.perKey) if (!v.length || v[v.length - 1] <= t - WINDOW_MS) this.perKey.delete(k);
    }
    return { ok: true };
  }

  /** Takes a run slot, or refuses when the replica already runs its maximum. */
  acquire(): LimitVerdict & { release?: () => void } {
    if (this.running >= this.config.concurrent) return { ok: false, reason: 'concurrency', limit: this.config.concurrent, retryAfterSeconds: 1 };
    this.running++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (!released) {
          released = true;
          this.running--;
        }
      },
    };
  }
}
