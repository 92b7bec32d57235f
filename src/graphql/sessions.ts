// Long-lived GraphQL sessions (WebSocket connections, SSE and WebSocket subscriptions) re-check
// their API key: before each event is delivered (a credential found good within the last two
// seconds is not looked up again), and every second even when no event comes, so that a revoked or
// expired key stops receiving within a few seconds: its WebSocket closes with 4403 and its SSE
// streams end. A key that cannot be checked because the database is down keeps its sessions.
import type { Plugin } from 'graphql-yoga';
import { ApiError } from '../errors.js';
import type { KeyAuthenticator } from '../auth/keys.js';
import type { GraphQLContext } from './builder.js';

/** What a context carries for its session: the credential to re-check and how to end it. */
export interface SessionHandle {
  authorization: string;
  /** ends the session's transport (closes a WebSocket with 4403); SSE ends with its iterator */
  revoke(): void;
}

const SWEEP_MS = 1000;
/** a credential found good is trusted this long by the checks before each event (the sweep renews it) */
const RECENT_MS = 2 * SWEEP_MS;

export class SessionRegistry {
  private readonly sessions = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly auth: KeyAuthenticator) {
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /**
   * When each credential was last found good: the check before each delivered event reuses a
   * finding younger than RECENT_MS (thousands of subscribers of one key, one check per sweep
   * instead of one per message); the sweep itself always checks afresh, renews the finding,
   * and ends what it finds revoked. A finding is renewed rather than cleared at each sweep, so
   * that deliveries never all fall back to a lookup while the sweep's reads are out.
   */
  private readonly recent = new Map<string, number>();

  /** Whether the credential was found good within RECENT_MS (no lookup, no promise). */
  knownValid(authorization: string, now = Date.now()): boolean {
    const at = this.recent.get(authorization);
    return at !== undefined && now - at < RECENT_MS;
  }

  /** Whether the credential is still good; an outage is not a revocation. */
  async valid(authorization: string, fresh = false): Promise<boolean> {
    if (!fresh && this.knownValid(authorization)) return true;
    const asked = Date.now();
    try {
      await this.auth.fromAuthorizationHeader(authorization);
      this.recent.set(authorization, asked);
      return true;
    } catch (err) {
      if (err instanceof ApiError) this.recent.delete(authorization);
      return !(err instanceof ApiError);
    }
  }

  /** Registers a session to end when its credential stops being valid; returns how to unregister it. */
  add(authorization: string, end: () => void): () => void {
    let set = this.sessions.get(authorization);
    if (!set) this.sessions.set(authorization, (set = new Set()));
    set.add(end);
    return () => {
      set.delete(end);
      if (set.size === 0 && this.sessions.get(authorization) === set) this.sessions.delete(authorization);
    };
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // findings of credentials no session uses any more go
      for (const authorization of this.recent.keys()) if (!this.sessions.has(authorization)) this.recent.delete(authorization);
      // every credential at once: their accounts' revalidations go out as one read (KeyAuthenticator)
      const sessions = [...this.sessions];
      const valid = await Promise.all(sessions.map(([authorization]) => this.valid(authorization, true)));
      sessions.forEach(([authorization, ends], i) => {
        if (valid[i]) return;
        if (this.sessions.get(authorization) === ends) this.sessions.delete(authorization);
        for (const end of ends) end();
      });
    } finally {
      this.sweeping = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * `source`, ended when the session's key is revoked (checked before every item and by the
 * sweep). An iterator object rather than an async generator: a generator waiting for its next
 * item queues return() until that item comes, so a client's `complete` would hold the
 * subscription (and its listener) open until the next event; here return() ends it at once.
 */
export function guarded<T>(source: AsyncIterable<T>, session: SessionHandle, registry: SessionRegistry): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]();
  const done: IteratorResult<T> = { done: true, value: undefined };
  let ended = false;
  // the pending next()'s resolver, so that finishing answers it at once (a reaction per call
  // on one long-lived "stopped" promise would pile up for as long as the subscription lives)
  let wake: ((r: IteratorResult<T>) => void) | undefined;
  const finish = async () => {
    if (ended) return;
    ended = true;
    const waiting = wake;
    wake = undefined;
    waiting?.(done);
    unregister();
    await it.return?.();
  };
  const unregister = registry.add(session.authorization, () => {
    void finish();
    session.revoke();
  });
  return {
    async next() {
      if (ended) return done;
      const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
        wake = resolve;
        it.next().then(resolve, reject);
      });
      wake = undefined;
      if (next.done || ended) {
        await finish();
        return done;
      }
      if (!registry.knownValid(session.authorization) && !(await registry.valid(session.authorization))) {
        session.revoke();
        await finish();
        return done;
      }
      return next;
    },
    async return() {
      await finish();
      return done;
    },
    async throw(err: unknown) {
      await finish();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** The yoga (envelop) plugin that guards every subscription of a context with a session. */
export function sessionGuardPlugin(registry: SessionRegistry): Plugin {
  return {
    onSubscribe: ({ args }) => ({
      onSubscribeResult: ({ result, setResult }) => {
        const session = (args.contextValue as unknown as GraphQLContext).session;
        if (session && isAsyncIterable(result)) setResult(guarded(result, session, registry) as never);
      },
    }),
  };
}
