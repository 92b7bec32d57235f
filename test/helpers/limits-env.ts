// Plan limits in test servers: every server the tests start (startTestServer, spawnServer, the
// CLIs) puts new accounts on the enterprise plan with limits no test reaches, and lets one
// client address (127.0.0.1, every test) make unauthenticated requests and failed
// authentications without end. The accounts tests create themselves (findOrCreateAccount in
// the test process) take DEFAULT_PLAN from the environment, set once per run by
// global-setup.ts. The rate-limit tests (test/limits/) opt into `free` and small limits.
export const TEST_LIMITS_ENV = {
  DEFAULT_PLAN: 'enterprise',
  PLAN_ENTERPRISE_LIMITS: JSON.stringify({ minute: 1_000_000_000, hour: 1_000_000_000, day: null, burst: 1_000_000_000, concurrent: null }),
  UNAUTHENTICATED_LIMIT_PER_IP: '1000000',
  // with REDIS_URL every server of the run counts 127.0.0.1's failed authentications in one
  // counter: a server spawned with the default (30 a minute) refused valid keys once the
  // suite's other files had sent enough bad ones in the same minute
  AUTH_FAIL_LIMIT_PER_IP: '1000000',
} as const;
