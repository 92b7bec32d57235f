// The pieces of plan limits without a server: PLAN_ENTERPRISE_LIMITS, plan lookup, GraphQL costs.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENTERPRISE_LIMITS, limitsOf, parseEnterpriseLimits, PLAN_LIMITS } from '../../src/ratelimit/plans.js';
import { graphqlCost, routeClass } from '../../src/ratelimit/cost.js';
import { scopeOf } from '../../src/ratelimit/http.js';

describe('PLAN_ENTERPRISE_LIMITS', () => {
  it('defaults, keys left out, null and "unlimited"', () => {
    expect(parseEnterpriseLimits(undefined)).toEqual(DEFAULT_ENTERPRISE_LIMITS);
    expect(parseEnterpriseLimits('{"minute": 20000, "burst": 500, "day": "unlimited", "concurrent": 50}'))
      .toEqual({ second: 500, minute: 20000, hour: DEFAULT_ENTERPRISE_LIMITS.hour, day: null, concurrent: 50 });
    expect(parseEnterpriseLimits('{"hour": null}').hour).toBeNull();
  });

  it('refuses what it cannot mean', () => {
    expect(() => parseEnterpriseLimits('{minute: 1}')).toThrow(/not JSON/);
    expect(() => parseEnterpriseLimits('{"minutes": 1}')).toThrow(/minutes/);
    expect(() => parseEnterpriseLimits('{"minute": 0}')).toThrow(/minute/);
    expect(() => parseEnterpriseLimits('{"minute": 1.5}')).toThrow(/minute/);
    expect(() => parseEnterpriseLimits('[]')).toThrow();
    expect(() => parseEnterpriseLimits('{"minute": null, "hour": null, "day": null, "burst": null}')).toThrow(/every window/);
  });

  it('an unknown plan gets the free limits', () => {
    expect(limitsOf('platinum', DEFAULT_ENTERPRISE_LIMITS)).toBe(PLAN_LIMITS.free);
    expect(limitsOf(undefined, DEFAULT_ENTERPRISE_LIMITS)).toBe(PLAN_LIMITS.free);
    expect(limitsOf('scale', DEFAULT_ENTERPRISE_LIMITS)).toEqual({ second: 5000, minute: 5000, hour: 150000, day: 2000000, concurrent: 500 });
  });
});

describe('costs', () => {
  it('GraphQL: read or write per root field, 1 to 10', () => {
    expect(graphqlCost({ query: '{ orders { id } }' })).toMatchObject({ cls: 'read', units: 1, tier: 1 });
    expect(graphqlCost({ query: '{ __typename }' })).toMatchObject({ units: 1 });
    expect(graphqlCost({ query: 'subscription { events { id } }' })).toMatchObject({ cls: 'read', units: 1 });
    expect(graphqlCost({ query: 'mutation { a: createOrder { id } b: createOrder { id } }' })).toMatchObject({ cls: 'write', units: 4 });
    expect(graphqlCost({ query: `{ ${Array.from({ length: 25 }, (_, i) => `f${i}: orders { id }`).join(' ')} }` })).toMatchObject({ units: 10, tier: 10 });
    expect(graphqlCost({ query: '{ ... on Query { orders { id } customers { id } } }' })).toMatchObject({ units: 2 });
    const doc = 'query A { orders { id } } mutation B { x: createOrder { id } y: createOrder { id } z: createOrder { id } }';
    expect(graphqlCost({ query: doc, operationName: 'B' })).toMatchObject({ units: 6 });
    expect(graphqlCost({ query: doc, operationName: 'A' })).toMatchObject({ units: 1 });
    expect(graphqlCost({ query: doc })).toMatchObject({ units: 1 }); // ambiguous: refused by GraphQL anyway
    expect(graphqlCost({ query: '{ orders {' })).toMatchObject({ units: 1 });
    expect(graphqlCost(undefined)).toMatchObject({ units: 1 });
  });

  it('REST: by method, known routes and a route\'s own config', () => {
    expect(routeClass('GET', '/v1/orders')).toBe('read');
    expect(routeClass('DELETE', '/v1/orders/:id')).toBe('write');
    expect(routeClass('POST', '/v1/webhooks/:id/test')).toBe('webhook_simulation');
    expect(routeClass('POST', '/v1/webhooks/simulate')).toBe('webhook_simulation');
    expect(routeClass('GET', '/v1/webhooks/:id/metrics')).toBe('analytics');
    expect(routeClass('POST', '/v1/things/import', 'bulk')).toBe('bulk');
  });

  it('which routes are limited', () => {
    expect(scopeOf('/v1/orders', {})).toBe('account');
    expect(scopeOf('/v1/errors', { doc: { auth: 'none' } } as never)).toBe('address');
    expect(scopeOf('/graphql', {})).toBe('graphql');
    expect(scopeOf('/graphql', { doc: { auth: 'none' } } as never)).toBeUndefined();
    expect(scopeOf('/orders', { model: 'Order' } as never)).toBe('account');
    expect(scopeOf('/auth/login', { doc: {} } as never)).toBeUndefined();
    expect(scopeOf('/api/svc/decisions', {})).toBeUndefined();
    expect(scopeOf('/api/versions', {})).toBe('account');
    expect(scopeOf('/health', { doc: { auth: 'none' } } as never)).toBeUndefined();
    expect(scopeOf('/admin/accounts/:account/plan', { doc: { auth: 'admin' } } as never)).toBeUndefined();
    expect(scopeOf('/metrics', {})).toBeUndefined();
  });
});
