// POST /api/svc/decisions and GET /api/svc/requests/{key} through HTTP with the local judge:
// every scenario against its fixture expectation, the Decision shape, idempotency (replay,
// 409s, pending and unknown records, parallel POSTs), the lookup, the error body of every
// refusal, encryption at rest and the operators' usage report.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { schemaErrors } from '../decision/helpers.js';
import { asApiResponse, rawRequest } from '../rest/envelope.js';

const ADMIN = 'svc-admin-key-0123456789abcdef';
const INDUSTRIES = ['financial_services', 'travel_hospitality', 'healthcare', 'retail', 'telecommunications', 'technology', 'media'];
const DAY_MS = 24 * 60 * 60 * 1000;

interface Scenario {
  id: string;
  message: string;
  expectation: 'approved' | 'denied' | 'refused' | 'not_approved';
}
interface Pack {
  industry: string;
  scenarios: Scenario[];
}

let t: TestServer;
let acct: TestAccount;
let packs: Pack[];

beforeAll(async () => {
  // generous rate limits: this file checks behaviour, limits.test.ts checks the limits
  t = await startTestServer({ ADMIN_API_KEY: ADMIN, SVC_RATE_PER_KEY: '10000', SVC_RATE_TOTAL: '10000' });
  acct = await t.newAccount();
  packs = (await api(t.url, '/api/svc/catalog')).body.packs;
});
afterAll(async () => {
  await t?.stop();
});

const svcKey = () => acct.newKey({ type: 'svc' });
const idem = () => `idem-${randomUUID()}`;

function decide(key: string | undefined, idempotencyKey: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (key !== undefined) h['x-svc-api-key'] = key;
  if (idempotencyKey !== undefined) h['idempotency-key'] = idempotencyKey;
  return api(t.url, '/api/svc/decisions', { method: 'POST', body, headers: h });
}

function lookup(key: string, idempotencyKey: string) {
  return api(t.url, `/api/svc/requests/${encodeURIComponent(idempotencyKey)}`, { headers: { 'x-svc-api-key': key } });
}

async function usage(keyId?: string): Promise<{ key_id: string; day: string; runs: number; failed_runs: number; input_tokens: number; output_tokens: number }[]> {
  const res = await api(t.url, `/admin/svc/usage${keyId ? `?key_id=${keyId}` : ''}`, { headers: { 'x-admin-key': ADMIN } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const runsOf = async (keyId: string) => (await usage(keyId)).reduce((a, r) => a + r.runs, 0);

/** The spec's error body, with the request id of the header; never a 500, never a stack. */
function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^req_/);
  expect(res.body?.error, res.text).toBeTruthy();
  const e = res.body.error;
  expect(e.code).toBe(code);
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(typeof e.next_action).toBe('string');
  expect(e.next_action.length).toBeGreaterThan(0);
  expect(e.safe_to_auto_retry).toBe(false);
  expect(e.request_id).toBe(id);
  expect(schemaErrors(res.body, 'Error')).toEqual([]);
  expect(res.text).not.toMatch(/\n\s+at |stack/i);
}

const meets = (expectation: string, decision: string) =>
  expectation === 'not_approved' ? decision === 'denied' || decision === 'refused' : decision === expectation;

function expectDecision(res: ApiResponse, industry: string, scenario: Scenario, applicable: boolean) {
  expect(res.status, res.text).toBe(200);
  const d = res.body;
  expect(d.industry).toBe(industry);
  expect(d.scenario).toBe(scenario.id);
  expect(d.mode).toBe('live');
  expect(d.fixture_expectation).toBe(scenario.expectation);
  expect(d.expectation_applicable).toBe(applicable);
  expect(d.schema_version).toBe('1.3.0');
  expect(d.request_id).toBe(res.headers.get('x-request-id'));
  const r = d.result;
  expect(['approved', 'denied', 'refused']).toContain(r.decision);
  expect(r.judgments.model).toBe('local-lexical-judge-v1');
  expect(r.judgments.judgments.length).toBeGreaterThan(0);
  for (const j of r.judgments.judgments) expect(typeof j.predicate).toBe('string');
  expect(Array.isArray(r.proof.cited_rules)).toBe(true);
  expect(Number.isInteger(r.evidence.accepted)).toBe(true);
  expect(['act', 'confirm', 'escalate']).toContain(r.routing.band);
  if (r.decision === 'refused') expect(typeof r.refusal.reason).toBe('string');
  expect(schemaErrors(d, 'Decision', true)).toEqual([]);
  return d;
}

describe('POST /api/svc/decisions: every scenario of every pack', () => {
  it('the catalog has the seven packs', () => {
    expect(packs.map((p) => p.industry)).toEqual(INDUSTRIES);
  });

  for (const industry of INDUSTRIES) {
    it(`${industry}: each original message meets its fixture expectation; denied and refused are HTTP 200`, async () => {
      const key = await svcKey();
      const pack = packs.find((p) => p.industry === industry)!;
      const seen = new Set<string>();
      for (const s of pack.scenarios) {
        const res = await decide(key.secret, idem(), { industry, scenario: s.id });
        const d = expectDecision(res, industry, s, true);
        expect(meets(s.expectation, d.result.decision), `${industry}/${s.id} expected ${s.expectation}, got ${d.result.decision}: ${d.result.plain_explanation}`).toBe(true);
        seen.add(d.result.decision);
      }
      // every pack demonstrates all three outcomes, each answered with 200
      expect([...seen].sort()).toEqual(['approved', 'denied', 'refused']);
      expect(await runsOf(key.id)).toBe(pack.scenarios.length);
    });
  }

  it('the original message sent explicitly keeps expectation_applicable true; a custom one makes it false', async () => {
    const key = await svcKey();
    const s = packs[0].scenarios[0];
    const same = await decide(key.secret, idem(), { industry: packs[0].industry, scenario: s.id, message: s.message });
    expectDecision(same, packs[0].industry, s, true);
    const custom = await decide(key.secret, idem(), { industry: packs[0].industry, scenario: s.id, message: 'There is only one charge and I recognise it.' });
    const d = expectDecision(custom, packs[0].industry, s, false);
    expect(d.fixture_expectation).toBe(s.expectation);
    // a message of exactly 4000 characters is accepted (4000 code points, even outside the BMP)
    const max = await decide(key.secret, idem(), { industry: packs[0].industry, scenario: s.id, message: 'a'.repeat(4000) });
    expectDecision(max, packs[0].industry, s, false);
    const emoji = await decide(key.secret, idem(), { industry: packs[0].industry, scenario: s.id, message: '\u{1F600}'.repeat(4000) });
    expectDecision(emoji, packs[0].industry, s, false);
  });
});

describe('idempotency', () => {
  const industry = 'retail';
  const scenario = 'final-sale-declined';

  it('same key and same inputs: the recorded body again, byte for byte, without a new run', async () => {
    const key = await svcKey();
    const k = idem();
    const first = await decide(key.secret, k, { industry, scenario });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await runsOf(key.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const again = await decide(key.secret, k, { industry, scenario });
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      // the replay answers with the run's correlation id, in the body and in X-Request-ID alike
      expect(again.body.request_id).toBe(first.body.request_id);
      expect(again.headers.get('x-request-id')).toBe(first.body.request_id);
    }
    // key order in the body does not matter: the inputs are the same
    const reordered = await decide(key.secret, k, { scenario, industry });
    expect(reordered.text).toBe(first.text);
    // nor does sending the scenario's sample message, which an omitted one stands for
    const sample = (packs.find((p) => p.industry === industry)!.scenarios as { id: string; message: string }[]).find((s) => s.id === scenario)!.message;
    const explicit = await decide(key.secret, k, { industry, scenario, message: sample });
    expect(explicit.status).toBe(200);
    expect(explicit.text).toBe(first.text);
    expect(explicit.headers.get('idempotent-replayed')).toBe('true');
    expect(await runsOf(key.id)).toBe(1);
    // and the other way round: a run with the sample spelled out replays for an omitted message
    const k2 = idem();
    const spelled = await decide(key.secret, k2, { industry, scenario, message: sample });
    expect(spelled.status).toBe(200);
    expect((await decide(key.secret, k2, { industry, scenario })).headers.get('idempotent-replayed')).toBe('true');
  });

  it('same key with changed inputs: 409 IDEMPOTENCY_KEY_REUSED, and the record is kept', async () => {
    const key = await svcKey();
    const k = idem();
    const first = await decide(key.secret, k, { industry, scenario });
    expect(first.status).toBe(200);
    for (const changed of [
      { industry, scenario: 'defective-blender-accepted' },
      { industry, scenario, message: 'A custom message this time.' },
      { industry: 'media', scenario: 'forgot-to-cancel-refunded' },
    ]) {
      expectError(await decide(key.secret, k, changed), 409, 'IDEMPOTENCY_KEY_REUSED');
    }
    expect(await runsOf(key.id)).toBe(1);
    const l = await lookup(key.secret, k);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ status: 'completed', industry, scenario });
    expect(l.body.result).toEqual(first.body);
  });

  it('the idempotency key belongs to the svc key: another key with the same idempotency key runs its own request', async () => {
    const a = await svcKey();
    const b = await svcKey();
    const k = idem();
    const ra = await decide(a.secret, k, { industry, scenario });
    const rb = await decide(b.secret, k, { industry: 'media', scenario: 'forgot-to-cancel-refunded' });
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
    expect(rb.body.industry).toBe('media');
    expect((await lookup(a.secret, k)).body.industry).toBe(industry);
    expect((await lookup(b.secret, k)).body.industry).toBe('media');
  });

  it('a pending record: 409 REQUEST_IN_PROGRESS, lookup says pending, nothing runs', async () => {
    const key = await svcKey();
    const k = idem();
    expect((await decide(key.secret, k, { industry, scenario })).status).toBe(200);
    // make the record look like a run in progress, due to finish later
    await t.server.db.prisma.svcRequest.update({
      where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } },
      data: { status: 'pending', resultCipher: null, completedAt: null, httpStatus: null, errorCode: null, deadlineAt: new Date(Date.now() + 60_000) },
    });
    const runs = await runsOf(key.id);
    expectError(await decide(key.secret, k, { industry, scenario }), 409, 'REQUEST_IN_PROGRESS');
    // changed inputs are still refused as a reuse
    expectError(await decide(key.secret, k, { industry, scenario: 'defective-blender-accepted' }), 409, 'IDEMPOTENCY_KEY_REUSED');
    const l = await lookup(key.secret, k);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ idempotency_key: k, status: 'pending', industry, scenario, completed: null });
    expect(l.body.result).toBeUndefined();
    expect(l.body.error).toBeUndefined();
    expect(schemaErrors(l.body, 'RequestStatus', true)).toEqual([]);
    expect(await runsOf(key.id)).toBe(runs);
  });

  it('a pending record past its deadline: 409 REQUEST_OUTCOME_UNKNOWN, lookup says unknown, never rerun', async () => {
    const key = await svcKey();
    const k = idem();
    expect((await decide(key.secret, k, { industry, scenario })).status).toBe(200);
    await t.server.db.prisma.svcRequest.update({
      where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } },
      data: { status: 'pending', resultCipher: null, completedAt: null, httpStatus: null, errorCode: null, deadlineAt: new Date(Date.now() - 1000) },
    });
    const runs = await runsOf(key.id);
    for (let i = 0; i < 2; i++) expectError(await decide(key.secret, k, { industry, scenario }), 409, 'REQUEST_OUTCOME_UNKNOWN');
    const l = await lookup(key.secret, k);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ status: 'unknown', industry, scenario, completed: null });
    expect(l.body.result).toBeUndefined();
    expect(await runsOf(key.id)).toBe(runs);
    const row = await t.server.db.prisma.svcRequest.findUnique({ where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } } });
    expect(row).toMatchObject({ status: 'pending', resultCipher: null });
  });

  it('parallel POSTs with one idempotency key run once', async () => {
    const key = await svcKey();
    const k = idem();
    const all = await Promise.all(Array.from({ length: 6 }, () => decide(key.secret, k, { industry, scenario })));
    const fresh = all.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const r of all) {
      if (r.status === 200) expect(r.text).toBe(fresh[0].text);
      else expectError(r, 409, 'REQUEST_IN_PROGRESS');
    }
    expect(await runsOf(key.id)).toBe(1);
    expect((await lookup(key.secret, k)).body.status).toBe('completed');
  });

  it('Idempotency-Key format: 8 to 200 visible ASCII characters (no spaces), each of which can be looked up', async () => {
    const key = await svcKey();
    expectError(await decide(key.secret, 'short', { industry, scenario }), 400, 'INVALID_IDEMPOTENCY_KEY');
    expectError(await decide(key.secret, 'x'.repeat(201), { industry, scenario }), 400, 'INVALID_IDEMPOTENCY_KEY');
    expectError(await decide(key.secret, 'caf\u00e9-caf\u00e9-caf\u00e9', { industry, scenario }), 400, 'INVALID_IDEMPOTENCY_KEY');
    // a key sent as the Idempotency-Key is neither used nor stored (the lookup could never read it: KEY_IN_URL)
    for (const k of [key.secret, acct.key]) {
      expectError(await decide(key.secret, k, { industry, scenario }), 400, 'INVALID_IDEMPOTENCY_KEY');
      expect(await t.server.db.prisma.svcRequest.count({ where: { idempotencyKey: k } })).toBe(0);
    }
    for (const k of ['x'.repeat(200), `${'y'.repeat(190)}/?#%20&=`, 'ab/cd?ef#gh%zz']) {
      expect((await decide(key.secret, k, { industry, scenario })).status, k).toBe(200);
      const l = await lookup(key.secret, k);
      expect(l.status, `${k}: ${l.text}`).toBe(200);
      expect(l.body.idempotency_key).toBe(k);
    }
    expect(await runsOf(key.id)).toBe(3);
  });
});

describe('GET /api/svc/requests/{idempotencyKey}', () => {
  it('completed: the recorded decision with ISO times, to the key that made it, without inference', async () => {
    const key = await svcKey();
    const k = idem();
    const before = Date.now();
    const run = await decide(key.secret, k, { industry: 'media', scenario: 'watched-after-renewal-declined' });
    expect(run.status).toBe(200);
    const runs = await runsOf(key.id);
    const l = await lookup(key.secret, k);
    expect(l.status).toBe(200);
    expect(l.headers.get('x-request-id')).toMatch(/^req_/);
    expect(l.body).toMatchObject({ idempotency_key: k, status: 'completed', industry: 'media', scenario: 'watched-after-renewal-declined' });
    expect(l.body.result).toEqual(run.body);
    expect(l.body.error).toBeUndefined();
    // openapi.json: created and completed are date-time strings
    expect(typeof l.body.created).toBe('string');
    expect(typeof l.body.completed).toBe('string');
    expect(Date.parse(l.body.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(l.body.completed)).toBeGreaterThanOrEqual(Date.parse(l.body.created));
    expect(Date.parse(l.body.completed)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(schemaErrors(l.body, 'RequestStatus', true)).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await lookup(key.secret, k)).text).toBe(l.text);
    expect(await runsOf(key.id)).toBe(runs);
  });

  it('another svc key (same or other account) gets 404; so does an unknown idempotency key', async () => {
    const key = await svcKey();
    const k = idem();
    expect((await decide(key.secret, k, { industry: 'retail', scenario: 'final-sale-declined' })).status).toBe(200);
    const sibling = await svcKey();
    expectError(await lookup(sibling.secret, k), 404, 'REQUEST_NOT_FOUND');
    const stranger = await (await t.newAccount()).newKey({ type: 'svc' });
    expectError(await lookup(stranger.secret, k), 404, 'REQUEST_NOT_FOUND');
    expectError(await lookup(key.secret, idem()), 404, 'REQUEST_NOT_FOUND');
    // the lookup needs the key, in its header
    expectError(await api(t.url, `/api/svc/requests/${k}`), 401, 'MISSING_SVC_KEY');
    expectError(await api(t.url, `/api/svc/requests/${k}`, { headers: { 'x-svc-api-key': acct.key } }), 403, 'WRONG_KEY_TYPE');
    expect((await lookup(key.secret, k)).status).toBe(200);
  });

  it('a record past its 24 hours is gone (404); the same key may then start a new run', async () => {
    const key = await svcKey();
    const k = idem();
    expect((await decide(key.secret, k, { industry: 'retail', scenario: 'final-sale-declined' })).status).toBe(200);
    await t.server.db.prisma.svcRequest.update({
      where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expectError(await lookup(key.secret, k), 404, 'REQUEST_NOT_FOUND');
    const again = await decide(key.secret, k, { industry: 'retail', scenario: 'defective-blender-accepted' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await runsOf(key.id)).toBe(2);
  });

  it('records expire 24 hours after creation', async () => {
    const key = await svcKey();
    const k = idem();
    const before = Date.now();
    expect((await decide(key.secret, k, { industry: 'retail', scenario: 'final-sale-declined' })).status).toBe(200);
    const row = await t.server.db.prisma.svcRequest.findUnique({ where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } } });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(DAY_MS);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('errors: each a clear 4xx in the service body shape', () => {
  const ok = { industry: 'retail', scenario: 'final-sale-declined' };

  it('key problems: missing (401), unknown (401), expired (401), not a svc key (403)', async () => {
    expectError(await decide(undefined, idem(), ok), 401, 'MISSING_SVC_KEY');
    expectError(await decide('', idem(), ok), 401, 'MISSING_SVC_KEY');
    expectError(await decide(`svc_test_${'A'.repeat(32)}`, idem(), ok), 401, 'INVALID_SVC_KEY');
    expectError(await decide('not-a-key', idem(), ok), 401, 'INVALID_SVC_KEY');
    const expired = await acct.newKey({ type: 'svc', expiresAt: new Date(Date.now() - 1000) });
    expectError(await decide(expired.secret, idem(), ok), 401, 'EXPIRED_SVC_KEY');
    expectError(await decide(acct.key, idem(), ok), 403, 'WRONG_KEY_TYPE');
    const pk = await acct.newKey({ type: 'publishable' });
    expectError(await decide(pk.secret, idem(), ok), 403, 'WRONG_KEY_TYPE');
    // a svc key as a bearer token is not the key header
    const key = await svcKey();
    expectError(await api(t.url, '/api/svc/decisions', { key: key.secret, body: ok, headers: { 'idempotency-key': idem() } }), 401, 'MISSING_SVC_KEY');
    expect(await runsOf(key.id)).toBe(0);
  });

  it('a key in the URL query: 400 KEY_IN_URL, and the key is not used', async () => {
    const key = await svcKey();
    const k = idem();
    const inUrl = idem();
    expect((await decide(key.secret, k, ok)).status).toBe(200);
    // a repeated parameter arrives as an array: each of its values is looked at
    for (const query of [`api_key=${key.secret}`, `x=${key.secret}`, `token=whatever`, `x=a&x=${key.secret}`, `x=${key.secret}&x=b`]) {
      // without the header: refused as a key in the URL, not as a missing key
      expectError(await api(t.url, `/api/svc/decisions?${query}`, { body: ok, headers: { 'idempotency-key': inUrl } }), 400, 'KEY_IN_URL');
      // with the header too: still refused, nothing is run or recorded
      expectError(await api(t.url, `/api/svc/decisions?${query}`, { body: ok, headers: { 'idempotency-key': inUrl, 'x-svc-api-key': key.secret } }), 400, 'KEY_IN_URL');
      expectError(await api(t.url, `/api/svc/requests/${k}?${query}`, { headers: { 'x-svc-api-key': key.secret } }), 400, 'KEY_IN_URL');
    }
    expectError(await lookup(key.secret, inUrl), 404, 'REQUEST_NOT_FOUND');
    // only the run with the key in its header happened
    expect(await runsOf(key.id)).toBe(1);
    // a key as the path parameter of the lookup is refused too
    expectError(await api(t.url, `/api/svc/requests/${key.secret}`, { headers: { 'x-svc-api-key': key.secret } }), 400, 'KEY_IN_URL');
    // and on the routes that need no key: the catalog, the service's OpenAPI, the downloads
    for (const path of ['/api/svc/catalog', '/api/svc/openapi.json', '/svc/example.json', '/svc/starter.py', '/svc/starter.mjs']) {
      expectError(await api(t.url, `${path}?api_key=${key.secret}`), 400, 'KEY_IN_URL');
      expect((await api(t.url, path)).status, path).toBe(200);
    }
  });

  it('missing Idempotency-Key: 400 MISSING_IDEMPOTENCY_KEY', async () => {
    const key = await svcKey();
    expectError(await decide(key.secret, undefined, ok), 400, 'MISSING_IDEMPOTENCY_KEY');
    expectError(await decide(key.secret, '', ok), 400, 'MISSING_IDEMPOTENCY_KEY');
    expect(await runsOf(key.id)).toBe(0);
  });

  it('unknown industry and unknown scenario: 400 naming the valid choices', async () => {
    const key = await svcKey();
    const ind = await decide(key.secret, idem(), { industry: 'agriculture', scenario: 'final-sale-declined' });
    expectError(ind, 400, 'UNKNOWN_INDUSTRY');
    expect(ind.body.error.details.industries).toEqual(INDUSTRIES);
    const sc = await decide(key.secret, idem(), { industry: 'retail', scenario: 'duplicate-charge-credited' });
    expectError(sc, 400, 'UNKNOWN_SCENARIO');
    expect(sc.body.error.details.scenarios).toContain('final-sale-declined');
    expect(await runsOf(key.id)).toBe(0);
  });

  it('a message of 4001 characters: 400 MESSAGE_TOO_LONG', async () => {
    const key = await svcKey();
    const res = await decide(key.secret, idem(), { ...ok, message: 'a'.repeat(4001) });
    expectError(res, 400, 'MESSAGE_TOO_LONG');
    expect(res.body.error.details.max_message_chars).toBe(4000);
    expectError(await decide(key.secret, idem(), { ...ok, message: '\u{1F600}'.repeat(4001) }), 400, 'MESSAGE_TOO_LONG');
  });

  it('bodies that are not a valid Request: extra properties, malformed JSON, non-objects, wrong types', async () => {
    const key = await svcKey();
    const extra = await decide(key.secret, idem(), { ...ok, priority: 'high' });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(extra.body.error.message).toContain('priority');
    expectError(await decide(key.secret, idem(), { ...ok, message: 'hi', mode: 'live' }), 400, 'VALIDATION_ERROR');

    const raw = (rawBody: string, contentType = 'application/json') =>
      api(t.url, '/api/svc/decisions', { method: 'POST', rawBody, headers: { 'x-svc-api-key': key.secret, 'idempotency-key': idem(), 'content-type': contentType } });
    expectError(await raw('{"industry": "retail", "scenario":'), 400, 'INVALID_JSON');
    expectError(await raw("{industry: 'retail'}"), 400, 'INVALID_JSON');
    // valid JSON with a key that could reach a prototype: refused, and said as it is
    const proto = await raw('{"industry":"retail","scenario":"final-sale-declined","__proto__":{"x":1}}');
    expectError(proto, 400, 'VALIDATION_ERROR');
    expect(proto.body.error.message).toContain('__proto__');
    expect(proto.body.error.details.errors).toEqual([expect.objectContaining({ field: '__proto__', expected: expect.any(String) })]);
    for (const body of ['[]', '[{"industry":"retail","scenario":"final-sale-declined"}]', '"retail"', '42', 'true', 'null', '']) {
      expectError(await raw(body), 400, 'VALIDATION_ERROR');
    }
    expectError(await raw('industry=retail', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await raw('hello'), 400, 'INVALID_JSON');
    // the spec's "JSON body Request": any other media type is a 415, whatever the bytes
    const text = await raw('{"industry":"retail","scenario":"final-sale-declined"}', 'text/plain');
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(text.body.error.next_action).toMatch(/application\/json/);
    expectError(await raw('{"industry":"retail","scenario":"final-sale-declined"}', 'text/plain; charset=utf-8'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const untyped = await rawRequest(t.url, '/api/svc/decisions', { method: 'POST', body: JSON.stringify(ok), headers: { 'x-svc-api-key': key.secret, 'idempotency-key': idem() } });
    expectError(asApiResponse(untyped), 415, 'UNSUPPORTED_MEDIA_TYPE');

    for (const body of [
      { industry: 5, scenario: 'final-sale-declined' },
      { industry: 'retail', scenario: ['final-sale-declined'] },
      { industry: 'retail', scenario: 'final-sale-declined', message: 42 },
      { industry: 'retail', scenario: 'final-sale-declined', message: null },
      { industry: null, scenario: null },
      { industry: 'retail' },
      { scenario: 'final-sale-declined' },
      { industry: '', scenario: '' },
      { industry: { name: 'retail' }, scenario: 'final-sale-declined' },
    ]) {
      const res = await decide(key.secret, idem(), body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.details.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await runsOf(key.id)).toBe(0);
  });

  it('unknown routes under /api/svc answer in the same shape', async () => {
    expectError(await api(t.url, '/api/svc/decision'), 404, 'ROUTE_NOT_FOUND');
    expectError(await api(t.url, '/api/svc/decisions/x', { method: 'PUT', body: ok }), 404, 'ROUTE_NOT_FOUND');
  });

  it('a path of the service with another method is 405 METHOD_NOT_ALLOWED in the same shape, with Allow', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/svc/decisions', 'POST'],
      ['GET', '/api/svc/decisions', 'POST'],
      ['POST', '/api/svc/catalog', 'GET, HEAD'],
      ['DELETE', '/api/svc/requests/some-idempotency-key', 'GET, HEAD'],
    ]) {
      const res = await api(t.url, path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: ok }) });
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.body.error.details).toEqual({ method, path, allowed: allow.split(', ') });
      expect(res.body.error.next_action).toContain(allow.split(', ')[0]);
    }
  });
});

describe('encryption at rest', () => {
  const canary = 'Quokka-canary-7319 says the zanzibar invoice 5521 was charged twice';

  async function rows(table: 'SvcRequest' | 'SvcUsage') {
    return t.server.db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
  }

  it('no plaintext of the message, the industry, the scenario or the key is stored', async () => {
    const key = await svcKey();
    const k = idem();
    const res = await decide(key.secret, k, { industry: 'financial_services', scenario: 'duplicate-charge-credited', message: canary });
    expect(res.status).toBe(200);
    const all = await rows('SvcRequest');
    const mine = all.filter((r) => r.idempotencyKey === k);
    expect(mine).toHaveLength(1);
    expect(mine[0].apiKeyId).toBe(key.id);

    const secrets = [key.secret, key.secret.slice(-16), canary, 'Quokka-canary', 'zanzibar'];
    const ids = [...INDUSTRIES, ...packs.flatMap((p) => p.scenarios.map((s) => s.id))];
    const cipherColumns = ['inputCipher', 'resultCipher'];
    for (const row of all) {
      for (const [col, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = value instanceof Date ? value.toISOString() : String(value);
        if (cipherColumns.includes(col)) {
          // sealed: v1.<iv>.<tag>.<ciphertext>, base64url; the decoded bytes carry no plaintext either
          expect(text, col).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
          const bytes = Buffer.concat(text.split('.').slice(1).map((p) => Buffer.from(p, 'base64url'))).toString('latin1');
          for (const s of [...secrets, ...ids, '"industry"', '"decision"']) expect(bytes.includes(s), `${col} holds ${s}`).toBe(false);
        } else {
          for (const s of [...secrets, ...ids]) expect(text.includes(s), `${col} = ${text} holds ${s}`).toBe(false);
        }
      }
    }
    // the digest is keyed (not a plain hash of the inputs)
    expect(String(mine[0].inputDigest)).toMatch(/^[0-9a-f]{64}$/);
    for (const row of await rows('SvcUsage')) {
      const text = JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
      for (const s of [...secrets, ...ids]) expect(text.includes(s), `SvcUsage holds ${s}`).toBe(false);
    }
    // the owner still reads it back
    const l = await lookup(key.secret, k);
    expect(l.body.result.result.decision).toBe(res.body.result.decision);
    expect(JSON.stringify(l.body)).not.toContain(canary); // inputs are not echoed beyond industry/scenario
  });

  function flip(sealed: string, part: 1 | 2 | 3): string {
    const parts = sealed.split('.');
    const p = parts[part];
    const i = Math.floor(p.length / 2);
    parts[part] = p.slice(0, i) + (p[i] === 'A' ? 'B' : 'A') + p.slice(i + 1);
    return parts.join('.');
  }

  it('a tampered or moved ciphertext makes the lookup (and a replay) fail with a clear error, not a 500', async () => {
    const key = await svcKey();
    const k1 = idem();
    const k2 = idem();
    expect((await decide(key.secret, k1, { industry: 'retail', scenario: 'final-sale-declined' })).status).toBe(200);
    expect((await decide(key.secret, k2, { industry: 'retail', scenario: 'final-sale-declined' })).status).toBe(200);
    const where = (k: string) => ({ apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } });
    const prisma = t.server.db.prisma;
    const original = (await prisma.svcRequest.findUnique({ where: where(k1) }))!;

    for (const part of [1, 2, 3] as const) {
      await prisma.svcRequest.update({ where: where(k1), data: { inputCipher: flip(original.inputCipher, part) } });
      expectError(await lookup(key.secret, k1), 503, 'RECORD_UNREADABLE');
    }
    await prisma.svcRequest.update({ where: where(k1), data: { inputCipher: 'garbage' } });
    expectError(await lookup(key.secret, k1), 503, 'RECORD_UNREADABLE');
    await prisma.svcRequest.update({ where: where(k1), data: { inputCipher: original.inputCipher } });
    expect((await lookup(key.secret, k1)).status).toBe(200);

    await prisma.svcRequest.update({ where: where(k1), data: { resultCipher: flip(original.resultCipher!, 3) } });
    expectError(await lookup(key.secret, k1), 503, 'RECORD_UNREADABLE');
    expectError(await decide(key.secret, k1, { industry: 'retail', scenario: 'final-sale-declined' }), 503, 'RECORD_UNREADABLE');

    // a ciphertext moved to another record does not open there (bound to key and idempotency key)
    await prisma.svcRequest.update({ where: where(k2), data: { resultCipher: original.resultCipher } });
    expectError(await lookup(key.secret, k2), 503, 'RECORD_UNREADABLE');
    expect(await runsOf(key.id)).toBe(2);
  });
});

describe('GET /admin/svc/usage', () => {
  it('lists runs per key and day for operators', async () => {
    const a = await svcKey();
    const b = await svcKey();
    for (let i = 0; i < 3; i++) expect((await decide(a.secret, idem(), { industry: 'media', scenario: 'double-billed-refunded' })).status).toBe(200);
    expect((await decide(b.secret, idem(), { industry: 'media', scenario: 'double-billed-refunded' })).status).toBe(200);
    // failures before a run (validation, replays) are not billed
    await decide(a.secret, idem(), { industry: 'media', scenario: 'nope' });

    const res = await api(t.url, '/admin/svc/usage', { headers: { 'x-admin-key': ADMIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.body.object).toBe('list');
    const today = new Date().toISOString().slice(0, 10);
    const rowA = res.body.data.find((r: { key_id: string }) => r.key_id === a.id);
    const rowB = res.body.data.find((r: { key_id: string }) => r.key_id === b.id);
    expect(rowA).toEqual({ key_id: a.id, day: today, runs: 3, failed_runs: 0, input_tokens: 0, output_tokens: 0 });
    expect(rowB).toMatchObject({ key_id: b.id, day: today, runs: 1, failed_runs: 0 });
    // nothing in the report is a key secret
    expect(res.text).not.toContain(a.secret);
    expect(res.text).not.toMatch(/svc_(test|live)_/);

    const onlyA = await usage(a.id);
    expect(onlyA).toHaveLength(1);
    expect(onlyA[0].key_id).toBe(a.id);
    expect(await usage(`key_does_not_exist`)).toEqual([]);
    const future = await api(t.url, '/admin/svc/usage?since=2999-01-01', { headers: { 'x-admin-key': ADMIN } });
    expect(future.body.data).toEqual([]);
  });

  it('a repeated or malformed query parameter is a 400 naming it, in the service error shape; never a 500', async () => {
    const a = await svcKey();
    const cases: Array<[string, string]> = [
      [`key_id=${a.id}&key_id=${a.id}`, 'key_id'],
      ['key_id=a&key_id=b', 'key_id'],
      ['key_id=', 'key_id'],
      ['key_id=not%20an%20id', 'key_id'],
      ['since=2025-01-01&since=2025-01-02', 'since'],
      ['since=yesterday', 'since'],
      ['since=2025-13-01', 'since'],
      ['since=2025-02-30', 'since'],
      ['since=', 'since'],
      [`key_id=${a.id}&since=2025-1-1`, 'since'],
    ];
    for (const [query, field] of cases) {
      const res = await api(t.url, `/admin/svc/usage?${query}`, { headers: { 'x-admin-key': ADMIN } });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.message, query).toContain(field);
      expect(res.body.error.details.errors, query).toEqual([expect.objectContaining({ field })]);
      expect(res.body.data).toBeUndefined();
    }
    // well-formed values still filter
    const ok = await api(t.url, `/admin/svc/usage?key_id=${a.id}&since=2000-02-29`, { headers: { 'x-admin-key': ADMIN } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toEqual([]);
    // the admin key is checked before the query: without it, still 401
    expect((await api(t.url, '/admin/svc/usage?key_id=a&key_id=b')).status).toBe(401);
  });

  it('without or with a wrong x-admin-key: an authentication error, no data', async () => {
    const none = await api(t.url, '/admin/svc/usage');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('MISSING_API_KEY');
    expect(none.body.data).toBeUndefined();
    const wrong = await api(t.url, '/admin/svc/usage', { headers: { 'x-admin-key': `${ADMIN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_API_KEY');
    // a svc key or an API key is not the admin key
    const key = await svcKey();
    expect((await api(t.url, '/admin/svc/usage', { headers: { 'x-svc-api-key': key.secret } })).status).toBe(401);
    expect((await api(t.url, '/admin/svc/usage', { key: acct.key })).status).toBe(401);
  });
});

describe('paths the router refuses', () => {
  it('answers a malformed path under /api/svc in the service error shape', async () => {
    const res = await fetch(`${t.url}/api/svc/requests/%zz-abcdefgh`);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', safe_to_auto_retry: false });
    expect(typeof body.error.next_action).toBe('string');
    expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
  });
});
