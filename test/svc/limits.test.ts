// Limits of the decision service, per replica: attempts per key and in total per minute, runs at
// once, and the run timeout. Slow runs come from a local fake chat-completions judge
// (SVC_JUDGE_BASE_URL) whose answers the test holds back until it releases them.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type ApiResponse, type TestAccount, type TestServer } from '../helpers/server.js';
import { schemaErrors } from '../decision/helpers.js';
import { DecisionService, JUDGE_UNAVAILABLE_MESSAGE, type RunFailureLog } from '../../src/decision/service/service.js';
import { RecordCipher } from '../../src/decision/service/crypto.js';
import { createChatCompletionsJudge } from '../../src/decision/judge/index.js';

const ADMIN = 'svc-admin-key-0123456789abcdef';
const ok = { industry: 'retail', scenario: 'final-sale-declined' };
const idem = () => `idem-${randomUUID()}`;

function decide(t: TestServer, key: string, idempotencyKey: string, body: unknown = ok) {
  return api(t.url, '/api/svc/decisions', { method: 'POST', body, headers: { 'x-svc-api-key': key, 'idempotency-key': idempotencyKey } });
}
const lookup = (t: TestServer, key: string, k: string) => api(t.url, `/api/svc/requests/${encodeURIComponent(k)}`, { headers: { 'x-svc-api-key': key } });

async function usageOf(t: TestServer, keyId: string) {
  const res = await api(t.url, `/admin/svc/usage?key_id=${keyId}`, { headers: { 'x-admin-key': ADMIN } });
  expect(res.status).toBe(200);
  const rows = res.body.data as { runs: number; failed_runs: number; input_tokens: number; output_tokens: number }[];
  return {
    runs: rows.reduce((a, r) => a + r.runs, 0),
    failed: rows.reduce((a, r) => a + r.failed_runs, 0),
    input: rows.reduce((a, r) => a + r.input_tokens, 0),
    output: rows.reduce((a, r) => a + r.output_tokens, 0),
  };
}

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  const e = res.body?.error;
  expect(e, res.text).toBeTruthy();
  expect(e.code).toBe(code);
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.next_action.length).toBeGreaterThan(0);
  expect(e.safe_to_auto_retry).toBe(false);
  expect(e.request_id).toBe(res.headers.get('x-request-id'));
  expect(schemaErrors(res.body, 'Error')).toEqual([]);
}

function expectRateLimited(res: ApiResponse, reason: string, limit: number) {
  expectError(res, 429, 'RATE_LIMITED');
  const header = res.headers.get('retry-after');
  expect(header).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(1);
  expect(Number(header)).toBeLessThanOrEqual(60);
  expect(res.body.error.retry_after_seconds).toBe(Number(header));
  expect(res.body.error.details).toEqual({ reason, limit });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A chat-completions server whose replies wait while it is held; `fail` answers HTTP 500 (with its body when a string). */
async function fakeJudge() {
  let hits = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let fail: boolean | string = false;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      hits++;
      const send = () => {
        if (fail) {
          res.writeHead(500, { 'content-type': 'application/json' }).end(typeof fail === 'string' ? fail : '{"error":"model crashed"}');
          return;
        }
        const body = JSON.parse(data) as { model: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({
          id: 'cmpl-1', object: 'chat.completion', model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: '{"answers": []}' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
        }));
      };
      if (gate) void gate.then(send);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    hits: () => hits,
    hold() {
      gate = new Promise<void>((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    setFail(v: boolean | string) {
      fail = v;
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
type FakeJudge = Awaited<ReturnType<typeof fakeJudge>>;

/**
 * A server whose decisions go to a fake judge (one sample), with an account, started before and
 * stopped after the enclosing describe; its fields are set once its beforeAll has run.
 */
function judgeServer(env: Record<string, string>): { t: TestServer; acct: TestAccount; judge: FakeJudge } {
  const server = {} as { t: TestServer; acct: TestAccount; judge: FakeJudge };
  beforeAll(async () => {
    server.judge = await fakeJudge();
    server.t = await startTestServer({
      ADMIN_API_KEY: ADMIN, SVC_JUDGE_BASE_URL: server.judge.url, SVC_JUDGE_MODEL: 'fake-model', SVC_JUDGE_SAMPLES: '1', ...env,
    });
    server.acct = await server.t.newAccount();
  });
  afterAll(async () => {
    server.judge?.release();
    await server.t?.stop();
    await server.judge?.close();
  });
  return server;
}

describe('rate limits (local judge)', () => {
  let t: TestServer;
  let acct: TestAccount;
  beforeAll(async () => {
    // per key: the default (6 a minute); in total: 10 a minute
    t = await startTestServer({ ADMIN_API_KEY: ADMIN, SVC_RATE_TOTAL: '10' });
    acct = await t.newAccount();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('the 7th attempt in a minute for one key is 429 with Retry-After; other keys go on; then the total limit', async () => {
    const a = await acct.newKey({ type: 'svc' });
    const keysA: string[] = [];
    for (let i = 0; i < 6; i++) {
      const k = idem();
      keysA.push(k);
      expect((await decide(t, a.secret, k)).status).toBe(200);
    }
    const seventh = idem();
    const limited = await decide(t, a.secret, seventh);
    expectRateLimited(limited, 'key_rate', 6);
    // a replay is an attempt too, and nothing was recorded for the refused one
    expectRateLimited(await decide(t, a.secret, keysA[0]), 'key_rate', 6);
    expectError(await lookup(t, a.secret, seventh), 404, 'REQUEST_NOT_FOUND');
    // the lookup is not rate limited and runs nothing
    for (let i = 0; i < 8; i++) expect((await lookup(t, a.secret, keysA[i % 6])).status).toBe(200);
    expect((await usageOf(t, a.id)).runs).toBe(6);

    // 6 of the 10 attempts of the replica are used: another key has 4
    const b = await acct.newKey({ type: 'svc' });
    for (let i = 0; i < 4; i++) expect((await decide(t, b.secret, idem())).status).toBe(200);
    expectRateLimited(await decide(t, b.secret, idem()), 'total_rate', 10);
    const c = await acct.newKey({ type: 'svc' });
    const totalLimited = await decide(t, c.secret, idem());
    expectRateLimited(totalLimited, 'total_rate', 10);
    expect((await usageOf(t, b.id)).runs).toBe(4);
    expect((await usageOf(t, c.id)).runs).toBe(0);
  });
});

describe('runs at once, pending runs and parallel POSTs (slow fake judge)', () => {
  let t: TestServer;
  let acct: TestAccount;
  let judge: FakeJudge;
  const server = judgeServer({ SVC_RATE_PER_KEY: '1000', SVC_RATE_TOTAL: '1000', SVC_MAX_CONCURRENT: '4' });
  beforeAll(() => ({ t, acct, judge } = server));

  it('runs through the configured judge and bills its tokens', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const before = judge.hits();
    const res = await decide(t, key.secret, idem());
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.judgments.model).toBe('fake-model');
    expect(judge.hits()).toBeGreaterThan(before);
    const u = await usageOf(t, key.id);
    expect(u.runs).toBe(1);
    expect(u.input).toBe(11 * (judge.hits() - before));
    expect(u.output).toBe(3 * (judge.hits() - before));
  });

  it('4 runs at once: the 5th concurrent run is 429; a slot frees when a run ends', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => acct.newKey({ type: 'svc' })));
    judge.hold();
    const before = judge.hits();
    const running = keys.slice(0, 4).map((k) => decide(t, k.secret, idem()));
    await until(() => judge.hits() >= before + 4, 'four runs at the judge');
    const fifthKey = idem();
    const fifth = await decide(t, keys[4].secret, fifthKey);
    expectRateLimited(fifth, 'concurrency', 4);
    expect(fifth.headers.get('retry-after')).toBe('1');
    expectError(await lookup(t, keys[4].secret, fifthKey), 404, 'REQUEST_NOT_FOUND');
    judge.release();
    for (const r of await Promise.all(running)) expect(r.status, r.text).toBe(200);
    // the refused claim was withdrawn before it ran: the same Idempotency-Key runs now
    expect((await decide(t, keys[4].secret, fifthKey)).status).toBe(200);
  });

  it('a run in progress: the same POST is 409 REQUEST_IN_PROGRESS and the lookup says pending without inference', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const k = idem();
    judge.hold();
    const before = judge.hits();
    const first = decide(t, key.secret, k);
    await until(() => judge.hits() > before, 'the run at the judge');
    const atJudge = judge.hits();
    expectError(await decide(t, key.secret, k), 409, 'REQUEST_IN_PROGRESS');
    const pending = await lookup(t, key.secret, k);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ idempotency_key: k, status: 'pending', industry: ok.industry, scenario: ok.scenario, completed: null });
    expect(pending.body.result).toBeUndefined();
    expect(judge.hits()).toBe(atJudge);
    expect((await usageOf(t, key.id)).runs).toBe(0);
    judge.release();
    const done = await first;
    expect(done.status).toBe(200);
    const completed = await lookup(t, key.secret, k);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.result).toEqual(done.body);
    expect((await usageOf(t, key.id)).runs).toBe(1);
  });

  it('parallel POSTs with one idempotency key run once; the others are told it is in progress', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const k = idem();
    judge.hold();
    const before = judge.hits();
    const settled: ApiResponse[] = [];
    const posts = Array.from({ length: 3 }, () => decide(t, key.secret, k).then((r) => (settled.push(r), r)));
    await until(() => judge.hits() > before && settled.length === 2, 'one run at the judge and two answers');
    for (const r of settled) expectError(r, 409, 'REQUEST_IN_PROGRESS');
    await sleep(100);
    const hitsOfOneRun = judge.hits() - before;
    judge.release();
    const all = await Promise.all(posts);
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(judge.hits() - before).toBeGreaterThanOrEqual(hitsOfOneRun);
    expect((await usageOf(t, key.id)).runs).toBe(1);
  });

  it('a judge that fails: 502 JUDGE_UNAVAILABLE, recorded as failed, replayed as recorded', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const k = idem();
    judge.setFail(true);
    try {
      const res = await decide(t, key.secret, k);
      expectError(res, 502, 'JUDGE_UNAVAILABLE');
      const l = await lookup(t, key.secret, k);
      expect(l.body).toMatchObject({ status: 'failed', error: { code: 'JUDGE_UNAVAILABLE', message: res.body.error.message, next_action: res.body.error.next_action, safe_to_auto_retry: false } });
      expect(l.body.result).toBeUndefined();
      expect(schemaErrors(l.body, 'RequestStatus', true)).toEqual([]);
      const hits = judge.hits();
      const again = await decide(t, key.secret, k);
      expect(again.status).toBe(502);
      expect(again.text).toBe(res.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(judge.hits()).toBe(hits);
      expect(await usageOf(t, key.id)).toMatchObject({ runs: 1, failed: 1 });
    } finally {
      judge.setFail(false);
    }
  });
});

describe('judge failures: the upstream detail is logged, never answered', () => {
  let t: TestServer;
  let acct: TestAccount;
  let judge: FakeJudge;
  const server = judgeServer({ SVC_RATE_PER_KEY: '1000', SVC_RATE_TOTAL: '1000' });
  beforeAll(() => ({ t, acct, judge } = server));
  const SECRET_HOST = 'secret-internal-host.example';

  it('a judge answering 500 with an internal host in its body: 502 with a generic message, in the answer, the replay and the lookup', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const k = idem();
    judge.setFail(`{"error":"upstream connect error: no healthy upstream at http://${SECRET_HOST}:8443/v1"}`);
    try {
      const before = judge.hits();
      const res = await decide(t, key.secret, k);
      expect(judge.hits()).toBeGreaterThan(before);
      expectError(res, 502, 'JUDGE_UNAVAILABLE');
      expect(res.body.error.message).toBe(JUDGE_UNAVAILABLE_MESSAGE);
      expect(res.text).not.toContain(SECRET_HOST);
      expect(res.text).not.toContain('HTTP 500');
      const replay = await decide(t, key.secret, k);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).not.toContain(SECRET_HOST);
      const l = await lookup(t, key.secret, k);
      expect(l.body).toMatchObject({ status: 'failed', error: { code: 'JUDGE_UNAVAILABLE', message: JUDGE_UNAVAILABLE_MESSAGE } });
      expect(l.text).not.toContain(SECRET_HOST);
    } finally {
      judge.setFail(false);
    }
  });

  it('the service hands the upstream detail to its log callback (unreachable host, HTTP error body) and keeps it out of the body', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const logs: RunFailureLog[] = [];
    const service = (fetchImpl: typeof fetch) =>
      new DecisionService({
        prisma: t.server.db.prisma,
        cipher: new RecordCipher(randomBytes(32)),
        judge: createChatCompletionsJudge({ baseUrl: 'http://judge.internal.corp/v1', model: 'm', samples: 1, fetch: fetchImpl }),
        limits: { perKeyPerMinute: 100, totalPerMinute: 100, concurrent: 4 },
        runTimeoutMs: 5_000,
        log: (f) => logs.push(f),
      });
    const unreachable = service(async () => {
      throw new TypeError('getaddrinfo ENOTFOUND judge.internal.corp');
    });
    const httpError = service(async () => new Response(`{"error":"bad gateway at ${SECRET_HOST}"}`, { status: 500 }));

    const a = await unreachable.run(key.id, idem(), unreachable.parseRequest(ok), 'req_unreachable');
    expect(a.status).toBe(502);
    expect(JSON.stringify(a.body)).not.toContain('judge.internal.corp');
    expect(JSON.stringify(a.body)).not.toContain('ENOTFOUND');
    expect(a.body).toMatchObject({ error: { code: 'JUDGE_UNAVAILABLE', message: JUDGE_UNAVAILABLE_MESSAGE, request_id: 'req_unreachable' } });

    const b = await httpError.run(key.id, idem(), httpError.parseRequest(ok), 'req_http');
    expect(b.status).toBe(502);
    expect(JSON.stringify(b.body)).not.toContain(SECRET_HOST);

    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ request_id: 'req_unreachable', key_id: key.id, code: 'JUDGE_UNAVAILABLE', judge_code: 'judge_unreachable' });
    expect(logs[0].detail).toContain('getaddrinfo ENOTFOUND judge.internal.corp');
    expect(logs[1]).toMatchObject({ request_id: 'req_http', key_id: key.id, code: 'JUDGE_UNAVAILABLE', judge_code: 'judge_http_error', judge_status: 500 });
    expect(logs[1].detail).toContain(SECRET_HOST);
  });
});

describe('run timeout (slower fake judge)', () => {
  let t: TestServer;
  let acct: TestAccount;
  let judge: FakeJudge;
  const server = judgeServer({ SVC_RUN_TIMEOUT_MS: '500' });
  beforeAll(() => ({ t, acct, judge } = server));

  it('a run slower than SVC_RUN_TIMEOUT_MS is 504 RUN_TIMEOUT, recorded as failed; the lookup shows failed', async () => {
    const key = await acct.newKey({ type: 'svc' });
    const k = idem();
    judge.hold();
    const before = judge.hits();
    const res = await decide(t, key.secret, k);
    expectError(res, 504, 'RUN_TIMEOUT');
    // the run reached the judge, which never answered: the timeout, not the judge, ended it
    expect(judge.hits()).toBeGreaterThan(before);
    const row = await t.server.db.prisma.svcRequest.findUnique({ where: { apiKeyId_idempotencyKey: { apiKeyId: key.id, idempotencyKey: k } } });
    expect(row).toMatchObject({ status: 'failed', errorCode: 'RUN_TIMEOUT', httpStatus: 504 });
    const l = await lookup(t, key.secret, k);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ idempotency_key: k, status: 'failed', industry: ok.industry, scenario: ok.scenario, error: { code: 'RUN_TIMEOUT' } });
    expect(l.body.error).toEqual({
      code: 'RUN_TIMEOUT', message: res.body.error.message, next_action: res.body.error.next_action, safe_to_auto_retry: false, request_id: res.body.error.request_id,
    });
    expect(schemaErrors(l.body, 'RequestStatus', true)).toEqual([]);
    expect(typeof l.body.completed).toBe('string');
    // never rerun: the same POST gives the recorded failure
    const again = await decide(t, key.secret, k);
    expect(again.status).toBe(504);
    expect(again.text).toBe(res.text);
    expect(await usageOf(t, key.id)).toMatchObject({ runs: 1, failed: 1 });
    judge.release();
    // a fast judge fits in the timeout
    expect((await decide(t, key.secret, idem())).status).toBe(200);
  });
});
