// Agents (issue 16): every execution decided by the policy pack with its rules and facts,
// limits inclusive and exact under concurrency, approvals by a secret key only, proofs that
// verify and a tampered fact that does not, idempotent executions, both doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let a: TestAccount;
let customer: string;

const usd = (amount: number) => ({ amount, currency: 'usd' });

async function newAgent(body: Record<string, unknown>, key = a.key) {
  const res = await api(t.url, '/v1/agents/create', { key, body: { name: 'buyer', permissions: ['orders:write', 'payments:write', 'customers:read'], limits: {}, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

async function execute(agent: string, operation: string, input: Record<string, unknown>, opts: { key?: string; idem?: string } = {}) {
  return api(t.url, `/v1/agents/${agent}/execute`, {
    key: opts.key ?? a.key, body: { operation, input }, headers: opts.idem ? { 'Idempotency-Key': opts.idem } : {},
  });
}

const pay = (amount: number, extra: Record<string, unknown> = {}) => ({ amount, currency: 'usd', payment_method: 'pm_card_visa', ...extra });

beforeAll(async () => {
  t = await startTestServer();
  a = await t.newAccount();
  customer = (await api(t.url, '/v1/customers', { key: a.key, body: { name: 'Ada', email: 'ada@example.com' } })).body.id;
});
afterAll(async () => { await t?.stop(); });

describe('creating an agent', () => {
  it('answers the agent; its permissions can never exceed the creating key\'s', async () => {
    const agent = await newAgent({ name: 'Procurement bot', description: 'buys supplies', limits: { per_transaction: usd(5000), daily: usd(20000) }, approval_above: usd(4000) });
    expect(agent).toMatchObject({
      object: 'agent', name: 'Procurement bot', status: 'active', permissions: ['orders:write', 'payments:write', 'customers:read'],
      limits: { per_transaction: usd(5000), daily: usd(20000) }, approval_above: usd(4000), livemode: false,
    });
    expect(agent.id).toMatch(/^agt_/);
    const rk = (await a.newKey({ type: 'restricted', permissions: ['agents:write', 'orders:write'] })).secret;
    const over = await api(t.url, '/v1/agents/create', { key: rk, body: { name: 'x', permissions: ['payments:write'], limits: {} } });
    expect(over.status, over.text).toBe(403);
    expect(over.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    const fine = await api(t.url, '/v1/agents/create', { key: rk, body: { name: 'x', permissions: ['orders:write'], limits: {} } });
    expect(fine.status, fine.text).toBe(201);
    const agentsPerm = await api(t.url, '/v1/agents/create', { key: a.key, body: { name: 'x', permissions: ['agents:write'], limits: {} } });
    expect(agentsPerm.status).toBe(400);
    expect((await api(t.url, `/v1/agents/${agent.id}`, { key: a.key })).body.id).toBe(agent.id);
  });

  it('refuses bad input with the field named', async () => {
    // a single fault with a precise catalogue code answers with it (a missing name, an unknown key)
    for (const [body, field, code] of [
      [{ permissions: ['orders:write'], limits: {} }, 'name', 'MISSING_REQUIRED_FIELD'],
      [{ name: 'x', permissions: ['nope'], limits: {} }, 'permissions[0]', 'VALIDATION_ERROR'],
      [{ name: 'x', permissions: ['orders:write'], limits: { daily: { amount: -1, currency: 'usd' } } }, 'limits.daily.amount', 'VALIDATION_ERROR'],
      [{ name: 'x', permissions: ['orders:write'], limits: { weekly: usd(1) } }, 'limits.weekly', 'VALIDATION_ERROR'],
    ] as const) {
      const res = await api(t.url, '/v1/agents/create', { key: a.key, body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code, res.text).toBe(code);
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field), res.text).toContain(field);
    }
  });
});

describe('executing', () => {
  it('runs an allowed operation as REST would, recording the agent on the resource and its events', async () => {
    const agent = await newAgent({ limits: { per_transaction: usd(10000) } });
    const res = await execute(agent.id, 'orders.create', { currency: 'usd', customer, items: [{ name: 'Paper', quantity: 2, unit_amount: 1500 }] });
    expect(res.status, res.text).toBe(200);
    const x = res.body;
    expect(x).toMatchObject({ object: 'agent_execution', agent: agent.id, operation: 'orders.create', status: 'succeeded', error: null });
    expect(x.id).toMatch(/^aex_/);
    expect(x.decision.outcome).toBe('allow');
    expect(x.decision.rules).toEqual(['within_policy']);
    expect(x.decision.facts).toContain(`amount(${x.id}, 3000, usd)`);
    expect(x.decision.proof_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(x.result).toMatchObject({ object: 'order', amount: 3000, metadata: { agent: agent.id } });
    const order = await api(t.url, `/v1/orders/${x.result.id}`, { key: a.key });
    expect(order.body.metadata.agent).toBe(agent.id);
    const events = await api(t.url, '/v1/events?type=order.created&limit=5', { key: a.key });
    const ev = events.body.data.find((e: any) => e.data.object.id === x.result.id);
    expect(ev.actor).toEqual({ type: 'agent', id: agent.id });
    const succeeded = (await api(t.url, '/v1/events?type=agent.execution.succeeded&limit=5', { key: a.key })).body.data;
    expect(succeeded.some((e: any) => e.data.object.id === x.id)).toBe(true);
  });

  it('an unknown operation is a 400 listing the allowed ones; invalid input a 400 naming the field, recording nothing', async () => {
    const agent = await newAgent({});
    const unknown = await execute(agent.id, 'orders.teleport', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_ERROR');
    expect(unknown.body.error.details.allowed).toEqual(expect.arrayContaining(['orders.create', 'payments.create', 'stablecoin.transfer']));
    expect(unknown.body.error.details.allowed).not.toContain('agents.create');
    expect(unknown.body.error.details.allowed).not.toContain('api_keys.create');
    const bad = await execute(agent.id, 'orders.create', { currency: 'usd', items: [{ name: 'Paper', quantity: 0, unit_amount: 1500 }] });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.details.errors[0].field).toBe('input.items[0].quantity');
    const activity = await api(t.url, `/v1/agents/${agent.id}/activity`, { key: a.key });
    expect(activity.status).toBe(200);
    expect(activity.body.data).toEqual([]);
  });

  it('limits are inclusive: equal to per_transaction is allowed, one more is denied with the rule and facts', async () => {
    const agent = await newAgent({ limits: { per_transaction: usd(1000) } });
    const equal = await execute(agent.id, 'payments.create', pay(1000));
    expect(equal.body.status, equal.text).toBe('succeeded');
    const over = await execute(agent.id, 'payments.create', pay(1001));
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ status: 'denied', result: null, decision: { outcome: 'deny', rules: ['over_per_transaction_limit'] } });
    expect(over.body.decision.facts).toEqual(expect.arrayContaining([`per_transaction_limit(${over.body.id}, 1000, usd)`, `amount(${over.body.id}, 1001, usd)`]));
    const other = await execute(agent.id, 'payments.create', { ...pay(10), currency: 'eur' });
    expect(other.body.decision.rules).toEqual(['currency_outside_limits']);
  });

  it('a payment in the coin\'s currency (hundredths) counts against a limit in the coin (micro-units) at its value', async () => {
    // 10 usdx per transaction = 10,000,000 micro-units; a payment of 1000 usdx-hundredths is 10 usdx
    const agent = await newAgent({ limits: { per_transaction: { amount: 10_000_000, currency: 'usdx' } } });
    const equal = await execute(agent.id, 'payments.create', { amount: 1000, currency: 'usdx', payment_method: 'stablecoin' });
    expect(equal.status, equal.text).toBe(200);
    expect(equal.body.decision.outcome, equal.text).toBe('allow');
    expect(equal.body.decision.facts).toContain(`amount(${equal.body.id}, 10000000, usdx)`);
    const over = await execute(agent.id, 'payments.create', { amount: 1001, currency: 'usdx', payment_method: 'stablecoin' });
    expect(over.body).toMatchObject({ status: 'denied', decision: { outcome: 'deny', rules: ['over_per_transaction_limit'] } });
  });

  it('20 parallel executions of 10 against a daily limit of 100: exactly 10 succeed and 10 are denied', async () => {
    const agent = await newAgent({ limits: { daily: usd(100) } });
    const results = await Promise.all(Array.from({ length: 20 }, () => execute(agent.id, 'payments.create', pay(10))));
    for (const r of results) expect(r.status, r.text).toBe(200);
    const by = (s: string) => results.filter((r) => r.body.status === s).length;
    expect(by('succeeded')).toBe(10);
    expect(by('denied')).toBe(10);
    for (const r of results.filter((x) => x.body.status === 'denied')) expect(r.body.decision.rules).toEqual(['over_daily_limit']);
    // the daily spend may reach the limit, not pass it: one more of 0.01 is denied too
    expect((await execute(agent.id, 'payments.create', pay(1))).body.status).toBe('denied');
    const denied = await api(t.url, `/v1/agents/${agent.id}/activity?status=denied&limit=100`, { key: a.key });
    expect(denied.body.data).toHaveLength(11);
  });

  it('a failed operation gives its spend back', async () => {
    const agent = await newAgent({ limits: { daily: usd(100) } });
    const declined = await execute(agent.id, 'payments.create', pay(100, { payment_method: 'pm_card_chargeDeclined' }));
    expect(declined.body.status, declined.text).toBe('failed');
    expect(declined.body.result.status).toBe('failed');
    const next = await execute(agent.id, 'payments.create', pay(100));
    expect(next.body.status, next.text).toBe('succeeded');
  });

  it('allowed operations and counterparties, the missing permission and the pause each deny with their rule', async () => {
    const other = (await api(t.url, '/v1/customers', { key: a.key, body: { name: 'Bob' } })).body.id;
    const agent = await newAgent({ permissions: ['payments:write'], limits: { allowed_operations: ['payments.create'], allowed_counterparties: [customer] } });
    expect((await execute(agent.id, 'payments.create', pay(10, { customer }))).body.status).toBe('succeeded');
    const wrongParty = await execute(agent.id, 'payments.create', pay(10, { customer: other }));
    expect(wrongParty.body.decision.rules).toEqual(['counterparty_not_allowed']);
    const noParty = await execute(agent.id, 'payments.create', pay(10));
    expect(noParty.body.decision.rules).toEqual(['counterparty_missing']);
    const wrongOp = await execute(agent.id, 'orders.create', { currency: 'usd', customer, items: [{ name: 'x', quantity: 1, unit_amount: 1 }] });
    expect(wrongOp.body.status).toBe('denied');
    expect(wrongOp.body.decision.rules).toEqual(expect.arrayContaining(['operation_not_allowed', 'permission_missing']));

    const paused = await api(t.url, `/v1/agents/${agent.id}/config`, { method: 'PATCH', key: a.key, body: { status: 'paused' } });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.status).toBe('paused');
    const whilePaused = await execute(agent.id, 'payments.create', pay(10, { customer }));
    expect(whilePaused.body.decision.rules).toEqual(['agent_paused']);
    await api(t.url, `/v1/agents/${agent.id}/config`, { method: 'PATCH', key: a.key, body: { status: 'active' } });
    expect((await execute(agent.id, 'payments.create', pay(10, { customer }))).body.status).toBe('succeeded');
    // agent.updated's previous_attributes: only what changed, by its REST name (as every
    // *.updated event), never the stored row
    const events = (await api(t.url, '/v1/events?type=agent.updated&limit=100', { key: a.key })).body.data
      .filter((e: any) => e.data.object.id === agent.id);
    expect(events.map((e: any) => e.data.previous_attributes)).toEqual(expect.arrayContaining([{ status: 'active' }, { status: 'paused' }]));
    for (const e of events) expect(Object.keys(e.data.previous_attributes)).toEqual(['status']);
  });

  it('replays an Idempotency-Key: the same execution, nothing run twice; another body with the key is a 409', async () => {
    const agent = await newAgent({});
    const first = await execute(agent.id, 'payments.create', pay(25), { idem: 'agent-idem-1' });
    const again = await execute(agent.id, 'payments.create', pay(25), { idem: 'agent-idem-1' });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // the replay names the request that made the execution, as every REST replay does
    expect(first.headers.get('x-request-id')).toMatch(/^req_/);
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    // the execution's events carry the caller's request and Idempotency-Key
    const events = await api(t.url, '/v1/events?type=agent.*&limit=100', { key: a.key });
    const mine = (events.body.data as { data: { object: { id: string } }; request: { id: string; idempotency_key: string | null } }[]).filter((e) => e.data.object.id === first.body.id);
    expect(mine.length).toBeGreaterThan(0);
    for (const e of mine) expect(e.request).toEqual({ id: first.headers.get('x-request-id'), idempotency_key: 'agent-idem-1' });
    // and so do the events of the operation it ran (the payment's), not the execution's internal key
    const payment = (await api(t.url, '/v1/events?type=payment.*&limit=100', { key: a.key })).body.data as { data: { object: { id: string } }; request: { id: string; idempotency_key: string | null } }[];
    const paid = payment.filter((e) => e.data.object.id === first.body.result.id);
    expect(paid.length).toBeGreaterThan(0);
    for (const e of paid) expect(e.request).toEqual({ id: first.headers.get('x-request-id'), idempotency_key: 'agent-idem-1' });
    const other = await execute(agent.id, 'payments.create', pay(26), { idem: 'agent-idem-1' });
    expect(other.status).toBe(409);
    const activity = await api(t.url, `/v1/agents/${agent.id}/activity`, { key: a.key });
    expect(activity.body.data).toHaveLength(1);
  });
});

describe('approvals', () => {
  it('holds an execution above approval_above; a secret key approves (it runs once) or rejects; restricted keys cannot', async () => {
    const agent = await newAgent({ approval_above: usd(500), limits: { per_transaction: usd(10000) } });
    const held = await execute(agent.id, 'payments.create', pay(600));
    expect(held.body).toMatchObject({ status: 'pending_approval', result: null, decision: { outcome: 'needs_approval', rules: ['above_approval_threshold'] } });
    const small = await execute(agent.id, 'payments.create', pay(500));
    expect(small.body.status).toBe('succeeded');

    const rk = (await a.newKey({ type: 'restricted', permissions: ['agents:write', 'payments:write'] })).secret;
    const byRk = await api(t.url, `/v1/agents/${agent.id}/executions/${held.body.id}/approve`, { key: rk, body: {} });
    expect(byRk.status).toBe(403);
    const approved = await api(t.url, `/v1/agents/${agent.id}/executions/${held.body.id}/approve`, { key: a.key, body: {} });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'succeeded', result: { object: 'payment', amount: 600, status: 'succeeded' } });
    const twice = await api(t.url, `/v1/agents/${agent.id}/executions/${held.body.id}/approve`, { key: a.key, body: {} });
    expect(twice.status).toBe(422);
    expect(twice.body.error.code).toBe('INVALID_STATE_TRANSITION');

    const another = await execute(agent.id, 'payments.create', pay(700));
    const rejected = await api(t.url, `/v1/agents/${agent.id}/executions/${another.body.id}/reject`, { key: a.key, body: {} });
    expect(rejected.body.status).toBe('rejected');
    expect(rejected.body.result).toBeNull();
    const payments = await api(t.url, '/v1/payments?limit=100', { key: a.key });
    expect(payments.body.data.filter((p: any) => p.amount === 700)).toEqual([]);
  });

  it('no operation an agent can execute approves: execute cannot reach agents.*', async () => {
    const agent = await newAgent({});
    const res = await execute(agent.id, 'agents.create', { name: 'child', permissions: ['orders:write'], limits: {} });
    expect(res.status).toBe(400);
  });
});

describe('proofs', () => {
  it('verify re-runs the recorded facts: verified; a tampered fact is detected', async () => {
    const agent = await newAgent({ limits: { per_transaction: usd(100) } });
    const x = (await execute(agent.id, 'payments.create', pay(100))).body;
    const v = await api(t.url, `/v1/agents/${agent.id}/executions/${x.id}/verify`, { key: a.key });
    expect(v.status, v.text).toBe(200);
    expect(v.body).toMatchObject({ object: 'agent_execution_verification', execution: x.id, verified: true, outcome: 'allow', proof_hash: x.decision.proof_hash, recorded_proof_hash: x.decision.proof_hash });

    // someone edits the recorded amount behind the API's back
    const prisma = t.server.db.prisma;
    const row = await prisma.agentExecution.findUniqueOrThrow({ where: { id: x.id } });
    const facts = (row.facts as any[]).map((f) => (f.predicate.name === 'amount' ? { ...f, predicate: { ...f.predicate, args: [x.id, 99, 'usd'] } } : f));
    await prisma.agentExecution.update({ where: { id: x.id }, data: { facts } });
    const tampered = await api(t.url, `/v1/agents/${agent.id}/executions/${x.id}/verify`, { key: a.key });
    expect(tampered.body.verified).toBe(false);
    expect(tampered.body.proof_hash).not.toBe(tampered.body.recorded_proof_hash);
  });
});

describe('GraphQL', () => {
  it('createAgent, executeAgent, agentActivity, updateAgentConfig: the same operations', async () => {
    const created = await gql(t.url, a.key, `mutation($input: CreateAgentInput!) { createAgent(input: $input) { id name status permissions limits } }`, {
      input: { name: 'gql bot', permissions: ['payments:write'], limits: { daily: { amount: 50, currency: 'usd' } } },
    });
    expect(created.body.errors, JSON.stringify(created.body)).toBeUndefined();
    const id = created.body.data.createAgent.id;
    expect(created.body.data.createAgent.limits).toEqual({ daily: usd(50) });
    const run = await gql(t.url, a.key, `mutation($id: ID!, $input: JSON) { executeAgent(agentId: $id, operation: "payments.create", input: $input) { id status outcome rules result } }`, { id, input: pay(50) });
    expect(run.body.errors, JSON.stringify(run.body)).toBeUndefined();
    expect(run.body.data.executeAgent).toMatchObject({ status: 'succeeded', outcome: 'allow', rules: ['within_policy'] });
    const denied = await gql(t.url, a.key, `mutation($id: ID!, $input: JSON) { executeAgent(agentId: $id, operation: "payments.create", input: $input) { status rules } }`, { id, input: pay(1) });
    expect(denied.body.data.executeAgent).toEqual({ status: 'denied', rules: ['over_daily_limit'] });
    // an Idempotency-Key replays over GraphQL too, naming the first request
    const keyed = (n: number) => gql(t.url, a.key, `mutation($id: ID!, $input: JSON) { executeAgent(agentId: $id, operation: "payments.create", input: $input) { id status } }`, { id, input: pay(n) }, { 'Idempotency-Key': 'gql-agent-idem-1' });
    const once = await keyed(1);
    const twice = await keyed(1);
    expect(twice.body.data.executeAgent).toEqual(once.body.data.executeAgent);
    expect(once.headers.get('idempotent-replayed')).toBeNull();
    expect(twice.headers.get('idempotent-replayed')).toBe('true');
    expect(twice.headers.get('x-request-id')).toBe(once.headers.get('x-request-id'));
    const activity = await gql(t.url, a.key, `query($id: ID!) { agentActivity(agentId: $id) { operation status } }`, { id });
    expect(activity.body.data.agentActivity).toEqual([{ operation: 'payments.create', status: 'denied' }, { operation: 'payments.create', status: 'denied' }, { operation: 'payments.create', status: 'succeeded' }]);
    const paused = await gql(t.url, a.key, `mutation($id: ID!, $input: UpdateAgentConfigInput!) { updateAgentConfig(id: $id, input: $input) { status } }`, { id, input: { status: 'paused' } });
    expect(paused.body.errors, JSON.stringify(paused.body)).toBeUndefined();
    expect(paused.body.data.updateAgentConfig.status).toBe('paused');
  });
});

describe('configuration and spending found in the audit of 2026-11-25', () => {
  it('approval_above: null removes the threshold (stored as no threshold) on both doors; the agent keeps executing', async () => {
    const agent = await newAgent({ approval_above: usd(100), limits: { per_transaction: usd(10000) } });
    const cleared = await api(t.url, `/v1/agents/${agent.id}/config`, { method: 'PATCH', key: a.key, body: { approval_above: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.approval_above).toBeNull();
    const run = await execute(agent.id, 'payments.create', pay(500));
    expect(run.status, run.text).toBe(200);
    expect(run.body.status).toBe('succeeded');
    const g = await gql(t.url, a.key, 'mutation($id: ID!) { updateAgentConfig(id: $id, input: {approvalAbove: {amount: 100, currency: "usd"}}) { approvalAbove } }', { id: agent.id });
    expect(g.body.data.updateAgentConfig.approvalAbove).toEqual(usd(100));
    const gCleared = await gql(t.url, a.key, 'mutation($id: ID!) { updateAgentConfig(id: $id, input: {approvalAbove: null}) { approvalAbove } }', { id: agent.id });
    expect(gCleared.body.data.updateAgentConfig.approvalAbove).toBeNull();
    expect((await execute(agent.id, 'payments.create', pay(600))).body.status).toBe('succeeded');
  });

  it('a limit or threshold in no real currency is 400 naming it; the stablecoin and ISO codes are accepted', async () => {
    const bad = await api(t.url, '/v1/agents/create', { key: a.key, body: { name: 'bad', permissions: ['payments:write'], limits: { daily: { amount: 5, currency: 'xyz' } }, approval_above: { amount: 1, currency: 'abc' } } });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_FIELD_VALUE');
    expect(bad.body.error.details.errors.map((e: { field: string }) => e.field)).toEqual(['limits.daily.currency', 'approval_above.currency']);
    expect(bad.body.error.details.errors[0].expected).toMatch(/usdx/);
    const ok = await newAgent({ limits: { daily: { amount: 5_000_000, currency: 'USDX' }, per_transaction: usd(1) } });
    expect(ok.limits).toMatchObject({ daily: { amount: 5_000_000, currency: 'usdx' } });
    const upd = await api(t.url, `/v1/agents/${ok.id}/config`, { method: 'PATCH', key: a.key, body: { limits: { per_transaction: { amount: 1, currency: 'qqq' } } } });
    expect(upd.status, upd.text).toBe(400);
    expect(upd.body.error.details.errors[0].field).toBe('limits.per_transaction.currency');
  });

  it('a global order spends its whole total (items, shipping, tax); invoice payments spend what they charge', async () => {
    const named = (await api(t.url, '/v1/customers', { key: a.key, body: { name: 'Maria Example-Clearwater', email: 'm@example.com' } })).body.id as string;
    const order = { currency: 'usd', customer: named, ship_to: { country: 'US', postal_code: '10001' }, items: [{ name: 'a', quantity: 1, unit_amount: 900, weight_grams: 100 }] };
    // the items alone are under the limit; shipping and tax take the order over it
    const agent = await newAgent({ permissions: ['orders:write', 'invoices:write'], limits: { per_transaction: usd(1000) } });
    const denied = await execute(agent.id, 'global.orders.create', order);
    expect(denied.status, denied.text).toBe(200);
    expect(denied.body).toMatchObject({ status: 'denied', decision: { rules: ['over_per_transaction_limit'] } });
    // the same order priced through REST: its total is what the agent was held to
    const placed = await api(t.url, '/v1/global/orders/create', { key: a.key, body: order });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.amount_total).toBeGreaterThan(1000);
    const roomy = await newAgent({ permissions: ['orders:write'], limits: { per_transaction: usd(placed.body.amount_total) } });
    expect((await execute(roomy.id, 'global.orders.create', order)).body.status).toBe('succeeded');

    const inv = await api(t.url, '/v1/invoices', { key: a.key, body: { customer: customer, currency: 'usd', days_until_due: 30, items: [{ description: 'Rent', quantity: 1, unit_amount: 5000 }] } });
    expect(inv.status, inv.text).toBe(201);
    expect((await api(t.url, `/v1/invoices/${inv.body.id}/finalize`, { key: a.key, body: {} })).status).toBe(200);
    const payAll = await execute(agent.id, 'invoices.pay', { id: inv.body.id, payment_method: 'pm_card_visa' });
    expect(payAll.body).toMatchObject({ status: 'denied', decision: { rules: ['over_per_transaction_limit'] } });
    const part = await execute(agent.id, 'invoices.payments', { id: inv.body.id, amount: 1000, payment_method: 'pm_card_visa' });
    expect(part.body.status, JSON.stringify(part.body)).toBe('succeeded');
    expect(part.body.decision.facts).toContain(`amount(${part.body.id}, 1000, usd)`);
    expect(part.body.decision.facts).toContain(`counterparty(${part.body.id}, ${customer})`);
    expect(payAll.body.decision.facts).toContain(`amount(${payAll.body.id}, 5000, usd)`);
  });
});
