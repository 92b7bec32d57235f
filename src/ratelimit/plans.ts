// Plans and their limits (the spec's "Limits", set A). An account's plan (Account.plan) picks
// its limits; the enterprise plan's come from PLAN_ENTERPRISE_LIMITS. Every limit is in request
// units (a read is 1, a write 2: src/ratelimit/cost.ts); `null` is unlimited (not counted).
import { z } from 'zod';

export const PLANS = ['free', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** The fixed windows, shortest first: `second` is the plan's burst limit. */
export const WINDOWS = ['second', 'minute', 'hour', 'day'] as const;
export type WindowName = (typeof WINDOWS)[number];
export const WINDOW_SECONDS: Record<WindowName, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };

export interface PlanLimits {
  /** burst: units per second */
  second: number | null;
  minute: number | null;
  hour: number | null;
  day: number | null;
  /** requests in flight at once */
  concurrent: number | null;
}

/** Set A of the spec. */
export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, PlanLimits> = {
  free: { second: 100, minute: 60, hour: 1_000, day: 10_000, concurrent: 10 },
  starter: { second: 200, minute: 100, hour: 5_000, day: 50_000, concurrent: 25 },
  growth: { second: 1_000, minute: 1_000, hour: 30_000, day: 500_000, concurrent: 100 },
  scale: { second: 5_000, minute: 5_000, hour: 150_000, day: 2_000_000, concurrent: 500 },
};

/**
 * The enterprise plan without PLAN_ENTERPRISE_LIMITS, and for the keys it leaves out: the spec's
 * "custom" set to twice Scale per minute (the 10,000 a minute of set C), unlimited per day and
 * in concurrency as the spec says.
 */
export const DEFAULT_ENTERPRISE_LIMITS: PlanLimits = { second: 10_000, minute: 10_000, hour: 300_000, day: null, concurrent: null };

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

const limit = z.union([z.number().int().min(1).max(1e12), z.null(), z.literal('unlimited').transform(() => null)]);
const enterpriseSchema = z.strictObject({
  minute: limit.optional(),
  hour: limit.optional(),
  day: limit.optional(),
  burst: limit.optional(),
  concurrent: limit.optional(),
});

/**
 * PLAN_ENTERPRISE_LIMITS: a JSON object with any of `minute`, `hour`, `day`, `burst` (per
 * second) and `concurrent`, each a positive integer, or `null` / `"unlimited"` for no limit;
 * a key left out keeps DEFAULT_ENTERPRISE_LIMITS. At least one of the windows must be limited
 * (the X-RateLimit headers describe one). Throws on anything else.
 */
export function parseEnterpriseLimits(json: string | undefined): PlanLimits {
  if (json === undefined || json.trim() === '') return { ...DEFAULT_ENTERPRISE_LIMITS };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new Error(`PLAN_ENTERPRISE_LIMITS is not JSON: ${(err as Error).message}`);
  }
  const parsed = enterpriseSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(value)'}: ${i.message}`);
    throw new Error(`PLAN_ENTERPRISE_LIMITS must be {"minute", "hour", "day", "burst", "concurrent"} with positive integers or null/"unlimited":\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  const pick = (v: number | null | undefined, fallback: number | null) => (v === undefined ? fallback : v);
  const limits: PlanLimits = {
    second: pick(d.burst, DEFAULT_ENTERPRISE_LIMITS.second),
    minute: pick(d.minute, DEFAULT_ENTERPRISE_LIMITS.minute),
    hour: pick(d.hour, DEFAULT_ENTERPRISE_LIMITS.hour),
    day: pick(d.day, DEFAULT_ENTERPRISE_LIMITS.day),
    concurrent: pick(d.concurrent, DEFAULT_ENTERPRISE_LIMITS.concurrent),
  };
  if (WINDOWS.every((w) => limits[w] === null)) {
    throw new Error('PLAN_ENTERPRISE_LIMITS leaves every window (burst, minute, hour, day) unlimited: limit at least one');
  }
  return limits;
}

/** The limits of a plan; an unknown plan (set outside the API and the CLI) gets the free plan's. */
export function limitsOf(plan: string | undefined, enterprise: PlanLimits): PlanLimits {
  if (plan === 'enterprise') return enterprise;
  return isPlan(plan) ? PLAN_LIMITS[plan as Exclude<Plan, 'enterprise'>] : PLAN_LIMITS.free;
}

/** A plan's limits as the API shows them (`burst` per second). */
export function presentLimits(limits: PlanLimits) {
  return { minute: limits.minute, hour: limits.hour, day: limits.day, burst: limits.second, concurrent: limits.concurrent };
}

/**
 * The plan a new account starts on when no configuration is at hand (tools, the key CLI):
 * DEFAULT_PLAN from the environment when it names a plan, else `free`.
 */
export function defaultPlanFromEnv(env: NodeJS.ProcessEnv = process.env): Plan {
  const v = env.DEFAULT_PLAN;
  return isPlan(v) ? v : 'free';
}
