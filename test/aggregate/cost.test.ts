// Aggregates cost as "analytics" (5 units) in the plan rate limits, on both doors: REST
// `GET /v1/<resource>/aggregate` by its route config, GraphQL by a root field ending in
// `Aggregate` (5 × the operation's tier). Counted down in X-RateLimit-Remaining on a `free`
// account (60 units a minute).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST, graphqlCost, routeClass } from '../../src/ratelimit/cost.js';
import { api, gql, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DEFAULT_PLAN: 'free' });
});
afterAll(() => t?.stop());

const remaining = (res: ApiResponse) => ({ status: res.status, remaining: Number(res.headers.get('x-ratelimit-remaining')), bucket: res.headers.get('x-ratelimit-bucket') });

describe('the cost class of aggregates', () => {
  it('GraphQL: a query selecting an aggregate root field is analytics, times its tier', () => {
    expect(COST.analytics).toBe(5);
    expect(graphqlCost({ query: '{ ordersAggregate { count } }' })).toEqual({ cls: 'analytics', units: 5, tier: 1 });
    expect(graphqlCost({ query: '{ a: ordersAggregate { count } orders { id } }' })).toEqual({ cls: 'analytics', units: 10, tier: 2 });
    expect(graphqlCost({ query: 'query Q { ...F } fragment F on Query { productsAggregate { count } }' })).toMatchObject({ cls: 'analytics', units: 5 });
    expect(graphqlCost({ query: '{ ... on Query { customersAggregate { count } } }' })).toMatchObject({ cls: 'analytics', units: 5 });
    // an aggregate's name as an alias of a list is a list read; reads and mutations unchanged
    expect(graphqlCost({ query: '{ ordersAggregate: orders { id } }' })).toEqual({ cls: 'read', units: 1, tier: 1 });
    expect(graphqlCost({ query: '{ orders { id } }' })).toEqual({ cls: 'read', units: 1, tier: 1 });
    expect(graphqlCost({ query: 'mutation { createCustomer(input: {}) { id } }' })).toMatchObject({ cls: 'write', units: 2 });
    const doc = 'query A { ordersAggregate { count } } query B { orders { id } }';
    expect(graphqlCost({ query: doc, operationName: 'A' })).toMatchObject({ cls: 'analytics', units: 5 });
    expect(graphqlCost({ query: doc, operationName: 'B' })).toMatchObject({ cls: 'read', units: 1 });
  });

  it('REST: the aggregate routes declare analytics', () => {
    expect(routeClass('GET', '/v1/orders/aggregate', 'analytics')).toBe('analytics');
  });
});

describe('X-RateLimit-Remaining on a free account (60 a minute)', () => {
  it('counts 5 per aggregate on both doors, whatever the answer', async () => {
    const a = await t.newAccount();
    const seen = [];
    seen.push(remaining(await api(t.url, '/v1/orders/aggregate?group_by=status&sum=amount', { key: a.key })));
    seen.push(remaining(await gql(t.url, a.key, '{ ordersAggregate { count sum { amount } groups(by: [status]) { count } } }')));
    seen.push(remaining(await gql(t.url, a.key, '{ ordersAggregate { count } orders { id } }')));
    seen.push(remaining(await api(t.url, '/v1/orders?limit=1', { key: a.key })));
    seen.push(remaining(await api(t.url, '/v1/products/aggregate?sum=name', { key: a.key }))); // a 400 costs too
    seen.push(remaining(await gql(t.url, a.key, '{ orders { id } }')));
    expect(seen).toEqual([
      { status: 200, remaining: 55, bucket: 'minute' },
      { status: 200, remaining: 50, bucket: 'minute' },
      { status: 200, remaining: 40, bucket: 'minute' },
      { status: 200, remaining: 39, bucket: 'minute' },
      { status: 400, remaining: 34, bucket: 'minute' },
      { status: 200, remaining: 33, bucket: 'minute' },
    ]);
  });

  it('an aggregate the minute cannot pay for is refused with 429 and runs nothing', async () => {
    const a = await t.newAccount();
    for (let left = 55; left >= 0; left -= 5) {
      expect(remaining(await api(t.url, '/v1/customers/aggregate', { key: a.key }))).toMatchObject({ status: 200, remaining: left });
    }
    const refused = await gql(t.url, a.key, '{ customersAggregate { count } }');
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await api(t.url, '/v1/customers/aggregate', { key: a.key })).status).toBe(429);
  });
});
