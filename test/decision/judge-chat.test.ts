import { describe, it, expect, afterEach } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decide, type JudgeQuestion, type Question } from '../../src/decision/engine/index.js';
import { createChatCompletionsJudge, judgeFromEnv, JudgeError, localJudge } from '../../src/decision/judge/index.js';
import { loadPacks } from '../../src/decision/packs/index.js';
import { NOW } from './helpers.js';

interface Seen {
  headers: IncomingMessage['headers'];
  body: { model: string; messages: Array<{ role: string; content: string }>; temperature: number; n?: number };
}
type Reply = (req: Seen, index: number) => { status?: number; json?: unknown; raw?: string; delayMs?: number };

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A local HTTP server speaking the chat-completions protocol with scripted replies. */
async function serve(reply: Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const s: Seen = { headers: req.headers, body: JSON.parse(data) };
      seen.push(s);
      const r = reply(s, seen.length - 1);
      const send = () => {
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
        res.end(r.raw ?? JSON.stringify(r.json));
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  const { port } = server!.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, seen };
}

const answer = (answers: Array<{ predicate: string; value: unknown; reason?: string }>) => JSON.stringify({ answers });
const completion = (contents: string[], usage?: { prompt_tokens: number; completion_tokens: number }) => ({
  id: 'cmpl-1',
  object: 'chat.completion',
  choices: contents.map((c, i) => ({ index: i, message: { role: 'assistant', content: c }, finish_reason: 'stop' })),
  ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
});

const dup: Question = {
  predicate: 'reports_duplicate',
  instructions: 'Charged twice?',
  type: 'noul',
  criteria: { yes: 'cues: charged twice' },
};
const remedy: Question = { predicate: 'remedy', instructions: 'What?', type: 'choice', criteria: { refund: 'money', voucher: 'credit' } };
const urgency: Question = { predicate: 'urgency', instructions: 'How urgent?', type: 'score', threshold: 0.75, criteria: { '0': 'routine', '1': 'urgent' } };
const jq = (q: Question): JudgeQuestion => ({
  predicate: q.predicate,
  type: q.type,
  instructions: q.instructions,
  criteria: q.criteria,
  labels: q.type === 'noul' ? ['yes', 'no'] : Object.keys(q.criteria ?? {}),
  subject: 'txn_1',
  source: q,
});
const request = (qs: Question[] = [dup]) => ({ industry: 'financial_services', message: 'I was charged twice', questions: qs.map(jq), round: 1 });

describe('chat-completions judge', () => {
  it('speaks the protocol, takes n samples, votes, and sums reported usage', async () => {
    const { url, seen } = await serve(() => ({
      json: completion(
        [
          answer([{ predicate: 'reports_duplicate', value: 'yes', reason: 'says charged twice' }, { predicate: 'remedy', value: 'refund' }, { predicate: 'urgency', value: 0.9 }]),
          answer([{ predicate: 'reports_duplicate', value: 'yes' }, { predicate: 'remedy', value: 'refund' }, { predicate: 'urgency', value: 0.8 }]),
          '```json\n' + answer([{ predicate: 'reports_duplicate', value: 'no' }, { predicate: 'remedy', value: 'voucher' }, { predicate: 'urgency', value: 1 }]) + '\n```',
        ],
        { prompt_tokens: 120, completion_tokens: 45 },
      ),
    }));
    const judge = createChatCompletionsJudge({ baseUrl: url, model: 'test-model', apiKey: 'sk-test', samples: 3 });
    expect(judge.model).toBe('test-model');
    expect(judge.origin).toBe('llm');
    const res = await judge.judge(request([dup, remedy, urgency]));
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.authorization).toBe('Bearer sk-test');
    expect(seen[0].body).toMatchObject({ model: 'test-model', n: 3, temperature: 0.7 });
    expect(seen[0].body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(seen[0].body.messages[1].content).toContain('I was charged twice');
    expect(res.input_tokens).toBe(120);
    expect(res.output_tokens).toBe(45);
    expect(res.latency_ms).toBeGreaterThanOrEqual(0);
    const [d, r, u] = res.answers;
    expect(d).toMatchObject({ predicate: 'reports_duplicate', value: 'yes', readings: 3, agreement: 0.6667, samples: [1, 1, 0] });
    expect(d.reason).toContain('says charged twice');
    expect(d.reason).toContain('2 of 3 samples agree');
    expect(d.probabilities.yes).toBeGreaterThan(d.probabilities.no);
    expect(r).toMatchObject({ value: 'refund', agreement: 0.6667 });
    expect(u).toMatchObject({ value: 0.9, agreement: 1, samples: [0.9, 0.8, 1] });
  });

  it('tops up with further requests when the server ignores n, summing usage over requests', async () => {
    const { url, seen } = await serve((_s, i) => ({
      json: completion([answer([{ predicate: 'reports_duplicate', value: i === 1 ? 'unknown' : 'yes' }])], { prompt_tokens: 100, completion_tokens: 10 }),
    }));
    const judge = createChatCompletionsJudge({ baseUrl: url + '/', model: 'm', samples: 3 });
    const res = await judge.judge(request());
    expect(seen.map((s) => s.body.n)).toEqual([3, 2, undefined]);
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(res.input_tokens).toBe(300);
    expect(res.output_tokens).toBe(30);
    expect(res.answers[0]).toMatchObject({ value: 'yes', readings: 3, samples: [1, 0.5, 1] });
  });

  it('omits token counts when the server reports no usage', async () => {
    const { url } = await serve(() => ({ json: completion([answer([{ predicate: 'reports_duplicate', value: 'yes' }])]) }));
    const res = await createChatCompletionsJudge({ baseUrl: url, model: 'm', samples: 1 }).judge(request());
    expect(res.input_tokens).toBeUndefined();
    expect(res.output_tokens).toBeUndefined();
    expect(res.answers[0].value).toBe('yes');
  });

  it('answers unknown with a reason when the replies are malformed', async () => {
    const { url } = await serve(() => ({
      json: completion(['Sure! The customer was charged twice.', '{"answers": [{"predicate": "reports_duplicate", "value": "maybe"}]}'], {
        prompt_tokens: 10,
        completion_tokens: 5,
      }),
    }));
    const res = await createChatCompletionsJudge({ baseUrl: url, model: 'm', samples: 2 }).judge(request());
    expect(res.answers[0]).toMatchObject({ value: 'unknown', readings: 2 });
    expect(res.answers[0].reason).toContain('malformed');
    expect(res.input_tokens).toBe(10);
  });

  it('keeps the majority when one sample is malformed', async () => {
    const { url } = await serve(() => ({
      json: completion([answer([{ predicate: 'reports_duplicate', value: 'yes' }]), 'not json', answer([{ predicate: 'reports_duplicate', value: 'yes' }])]),
    }));
    const res = await createChatCompletionsJudge({ baseUrl: url, model: 'm', samples: 3 }).judge(request());
    expect(res.answers[0]).toMatchObject({ value: 'yes', agreement: 0.6667 });
    expect(res.answers[0].reason).toContain('1 of 3 sample(s) gave a malformed');
  });

  it('surfaces HTTP errors, bad bodies, unreachable servers and timeouts as JudgeError', async () => {
    const { url } = await serve((_s, i) => (i === 0 ? { status: 503, raw: '{"error":"overloaded"}' } : i === 1 ? { raw: '<html>' } : { delayMs: 500, json: completion([]) }));
    const judge = createChatCompletionsJudge({ baseUrl: url, model: 'm', samples: 1, timeoutMs: 100 });
    await expect(judge.judge(request())).rejects.toMatchObject({ name: 'JudgeError', code: 'judge_http_error', status: 503 });
    await expect(judge.judge(request())).rejects.toMatchObject({ code: 'judge_bad_response' });
    await expect(judge.judge(request())).rejects.toMatchObject({ code: 'judge_timeout' });
    const dead = createChatCompletionsJudge({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', samples: 1, timeoutMs: 2000 });
    const err = await dead.judge(request()).catch((e) => e);
    expect(err).toBeInstanceOf(JudgeError);
    expect(err.code).toBe('judge_unreachable');
  });

  it('drives a real decision: judgments carry origin llm and the model name', async () => {
    const { url } = await serve(() => ({
      json: completion(
        [1, 2, 3].map(() =>
          answer([
            { predicate: 'reports_duplicate_charge', value: 'yes', reason: 'charged twice' },
            { predicate: 'disowns_transaction', value: 'unknown' },
          ]),
        ),
        { prompt_tokens: 300, completion_tokens: 40 },
      ),
    }));
    const pack = loadPacks().find((p) => p.industry === 'financial_services')!;
    const s = pack.scenarios.find((x) => x.id === 'duplicate-charge-credited')!;
    const judge = judgeFromEnv({ SVC_JUDGE_BASE_URL: url, SVC_JUDGE_MODEL: 'local-test-model', SVC_JUDGE_SAMPLES: '3' });
    const r = await decide({ pack, scenario: s, judge, now: NOW });
    expect(r.decision).toBe('approved');
    expect(r.judgments).toMatchObject({ model: 'local-test-model', input_tokens: 300, output_tokens: 40, rounds: 1 });
    expect(r.judgments.judgments[0]).toMatchObject({ origin: 'llm', value: 'yes', readings: 3, agreement: 1, fact: 'reports_duplicate_charge(txn_58213)' });
    expect(r.proof?.derivation?.replayable).toBe(true);
  });
});

describe('judgeFromEnv', () => {
  it('returns the local judge when no base URL is set', () => {
    expect(judgeFromEnv({})).toBe(localJudge);
    expect(judgeFromEnv({ SVC_JUDGE_BASE_URL: '  ' })).toBe(localJudge);
  });

  it('builds the chat-completions judge from the variables and rejects bad settings', () => {
    const j = judgeFromEnv({ SVC_JUDGE_BASE_URL: 'http://127.0.0.1:1/v1', SVC_JUDGE_MODEL: 'qwen', SVC_JUDGE_API_KEY: 'k', SVC_JUDGE_SAMPLES: '5' });
    expect(j.model).toBe('qwen');
    expect(j.origin).toBe('llm');
    expect(() => judgeFromEnv({ SVC_JUDGE_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/SVC_JUDGE_MODEL/);
    expect(() => judgeFromEnv({ SVC_JUDGE_BASE_URL: 'http://x/v1', SVC_JUDGE_MODEL: 'm', SVC_JUDGE_SAMPLES: 'three' })).toThrow(/SVC_JUDGE_SAMPLES/);
    expect(() => judgeFromEnv({ SVC_JUDGE_BASE_URL: 'not a url', SVC_JUDGE_MODEL: 'm' })).toThrow(/not a URL/);
  });
});
