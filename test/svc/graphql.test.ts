// GraphQL door of the decision service: decisionCatalog, runDecision and decisionRequest over
// the same DecisionService (and the same records) as the REST door.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

const ADMIN = 'svc-admin-key-0123456789abcdef';
const INDUSTRIES = ['financial_services', 'travel_hospitality', 'healthcare', 'retail', 'telecommunications', 'technology', 'media'];
const idem = () => `gql-${randomUUID()}`;

const RUN = `mutation Run($input: RunDecisionInput!, $idem: String) {
  runDecision(input: $input, idempotencyKey: $idem) {
    industry scenario mode fixtureExpectation expectationApplicable requestId schemaVersion decision routingBand result replayed
  }
}`;
const REQUEST = `query Req($k: String!) {
  decisionRequest(idempotencyKey: $k) { idempotencyKey status industry scenario created completed result error }
}`;

let t: TestServer;
let acct: TestAccount;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, SVC_RATE_PER_KEY: '1000', SVC_RATE_TOTAL: '1000' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const svcKey = () => acct.newKey({ type: 'svc' });
const run = (key: string, input: Record<string, unknown>, headers: Record<string, string> = {}, idempotencyKey?: string) =>
  gql(t.url, key, RUN, { input, idem: idempotencyKey }, headers);
const rest = (key: string, k: string, body: unknown) =>
  api(t.url, '/api/svc/decisions', { method: 'POST', body, headers: { 'x-svc-api-key': key, 'idempotency-key': k } });
async function runsOf(keyId: string) {
  const res = await api(t.url, `/admin/svc/usage?key_id=${keyId}`, { headers: { 'x-admin-key': ADMIN } });
  return (res.body.data as { runs: number }[]).reduce((a, r) => a + r.runs, 0);
}

describe('decisionCatalog', () => {
  it('lists the seven packs and their scenario ids, as the REST catalog does', async () => {
    const key = await svcKey();
    const res = await gql(t.url, key.secret, '{ decisionCatalog { industry scenarios { id expectation } } }');
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const packs = res.body.data.decisionCatalog as { industry: string; scenarios: { id: string; expectation: string }[] }[];
    expect(packs.map((p) => p.industry)).toEqual(INDUSTRIES);
    const catalog = (await api(t.url, '/api/svc/catalog')).body;
    for (const [i, p] of packs.entries()) {
      expect(p.scenarios).toEqual(catalog.packs[i].scenarios.map((s: { id: string; expectation: string }) => ({ id: s.id, expectation: s.expectation })));
    }
  });
});

describe('runDecision', () => {
  it('returns the same decision as REST for the same scenario', async () => {
    const key = await svcKey();
    for (const [industry, scenario] of [['retail', 'final-sale-declined'], ['financial_services', 'duplicate-charge-credited'], ['healthcare', 'no-therapy-record-refused']]) {
      const viaRest = await rest(key.secret, idem(), { industry, scenario });
      expect(viaRest.status).toBe(200);
      const res = await run(key.secret, { industry, scenario }, { 'idempotency-key': idem() });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      const d = res.body.data.runDecision;
      expect(d).toMatchObject({
        industry, scenario, mode: 'live', fixtureExpectation: viaRest.body.fixture_expectation, expectationApplicable: true,
        schemaVersion: '1.3.0', decision: viaRest.body.result.decision, routingBand: viaRest.body.result.routing.band, replayed: false,
      });
      expect(d.result).toEqual(viaRest.body.result);
      expect(d.requestId).toBe(res.headers.get('x-request-id'));
    }
    expect(await runsOf(key.id)).toBe(6);
  });

  it('a custom message: expectationApplicable false', async () => {
    const key = await svcKey();
    const res = await run(key.secret, { industry: 'retail', scenario: 'final-sale-declined', message: 'Just a custom sample text.' }, { 'idempotency-key': idem() });
    expect(res.body.data.runDecision.expectationApplicable).toBe(false);
  });

  it('replay: same Idempotency-Key and inputs give the recorded run (replayed: true), across doors', async () => {
    const key = await svcKey();
    const k = idem();
    const input = { industry: 'media', scenario: 'forgot-to-cancel-refunded' };
    const first = await run(key.secret, input, { 'idempotency-key': k });
    expect(first.body.data.runDecision.replayed).toBe(false);
    const again = await run(key.secret, input, { 'idempotency-key': k });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.runDecision).toEqual({ ...first.body.data.runDecision, replayed: true });
    // the argument is the same key as the header
    const byArg = await run(key.secret, input, {}, k);
    expect(byArg.body.data.runDecision).toMatchObject({ replayed: true, requestId: first.body.data.runDecision.requestId });
    // REST sees the GraphQL record
    const viaRest = await rest(key.secret, k, input);
    expect(viaRest.status).toBe(200);
    expect(viaRest.headers.get('idempotent-replayed')).toBe('true');
    expect(viaRest.body.request_id).toBe(first.body.data.runDecision.requestId);
    expect(viaRest.body.result).toEqual(first.body.data.runDecision.result);
    expect(await runsOf(key.id)).toBe(1);
    // changed inputs are refused
    const changed = await run(key.secret, { ...input, message: 'different' }, { 'idempotency-key': k });
    expect(changed.body.errors?.[0].extensions).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', safe_to_auto_retry: false });
  });

  it('errors carry the service codes: missing Idempotency-Key, unknown scenario, too long a message', async () => {
    const key = await svcKey();
    const none = await run(key.secret, { industry: 'retail', scenario: 'final-sale-declined' });
    expect(none.body.errors?.[0].extensions).toMatchObject({ code: 'MISSING_IDEMPOTENCY_KEY', safe_to_auto_retry: false });
    expect(typeof none.body.errors?.[0].extensions?.next_action).toBe('string');
    expect(none.body.errors?.[0].extensions?.request_id).toBe(none.headers.get('x-request-id'));
    const unknown = await run(key.secret, { industry: 'retail', scenario: 'nope' }, { 'idempotency-key': idem() });
    expect(unknown.body.errors?.[0].extensions).toMatchObject({ code: 'UNKNOWN_SCENARIO' });
    const long = await run(key.secret, { industry: 'retail', scenario: 'final-sale-declined', message: 'a'.repeat(4001) }, { 'idempotency-key': idem() });
    expect(long.body.errors?.[0].extensions).toMatchObject({ code: 'MESSAGE_TOO_LONG' });
    expect(await runsOf(key.id)).toBe(0);
  });

  it('a sk_ key gets WRONG_KEY_TYPE and runs nothing', async () => {
    const res = await run(acct.key, { industry: 'retail', scenario: 'final-sale-declined' }, { 'idempotency-key': idem() });
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0].extensions).toMatchObject({ code: 'WRONG_KEY_TYPE', safe_to_auto_retry: false });
    const req = await gql(t.url, acct.key, REQUEST, { k: 'whatever-key' });
    expect(req.body.errors?.[0].extensions).toMatchObject({ code: 'WRONG_KEY_TYPE' });
  });
});

describe('decisionRequest', () => {
  it('the recorded status, to the key that made the run, without inference', async () => {
    const key = await svcKey();
    const k = idem();
    const made = await run(key.secret, { industry: 'technology', scenario: 'security-hold-denied' }, { 'idempotency-key': k });
    const d = made.body.data.runDecision;
    const res = await gql(t.url, key.secret, REQUEST, { k });
    expect(res.body.errors).toBeUndefined();
    const r = res.body.data.decisionRequest;
    expect(r).toMatchObject({ idempotencyKey: k, status: 'completed', industry: 'technology', scenario: 'security-hold-denied', error: null });
    expect(r.result.result).toEqual(d.result);
    expect(r.result.request_id).toBe(d.requestId);
    expect(Number.isInteger(r.created)).toBe(true);
    expect(Math.abs(r.created * 1000 - Date.now())).toBeLessThan(60_000);
    expect(r.completed).toBeGreaterThanOrEqual(r.created);
    // REST says the same, with ISO times
    const viaRest = await api(t.url, `/api/svc/requests/${k}`, { headers: { 'x-svc-api-key': key.secret } });
    expect(viaRest.body.status).toBe('completed');
    expect(Math.floor(Date.parse(viaRest.body.created) / 1000)).toBe(r.created);
    expect(await runsOf(key.id)).toBe(1);

    const other = await svcKey();
    const notMine = await gql(t.url, other.secret, REQUEST, { k });
    expect(notMine.body.errors?.[0].extensions).toMatchObject({ code: 'REQUEST_NOT_FOUND', safe_to_auto_retry: false });
    expect(await runsOf(key.id)).toBe(1);
  });
});
