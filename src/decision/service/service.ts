// The decision service: catalog, idempotent decision runs with encrypted 24-hour records,
// and the request lookup. One implementation behind REST (/api/svc/*) and GraphQL.
//
// Lookup statuses: `pending` (running now), `completed` (a decision was recorded: approved,
// denied and refused alike), `failed` (the run ended in an error, recorded with its code),
// `unknown` (still pending past its deadline: the process stopped mid-run; never rerun).
import { z } from 'zod';
import type { Prisma } from '../../db/client.js';
import { decide, expectationApplicable, canonicalJson, type Judge, type Result } from '../engine/index.js';
import { loadPacks, type LoadedPack } from '../packs/index.js';
import { RecordCipher } from './crypto.js';
import { SvcError } from './errors.js';
import { SvcLimiter, type LimitConfig } from './limits.js';

export const SVC_SCHEMA_VERSION = '1.3.0';
export const SVC_CATALOG_VERSION = 1;
export const MAX_MESSAGE_CHARS = 4000;
const RETENTION_MS = 24 * 60 * 60 * 1000;
// at most 200: the lookup takes the key as a path parameter, and the router refuses longer ones
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;
// the lookup refuses key-like path parameters (KEY_IN_URL), and a key must never be stored
const KEY_LIKE = /^(sk|rk|pk|svc)_(test|live)_/;

export const decisionRequestSchema = z.strictObject({
  industry: z.string().min(1).max(64),
  scenario: z.string().min(1).max(128),
  message: z.string().optional(),
});
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

export interface Decision {
  industry: string;
  scenario: string;
  mode: 'live';
  fixture_expectation: string;
  result: Result;
  expectation_applicable: boolean;
  request_id: string;
  schema_version: string;
}

export type LookupStatus = 'pending' | 'completed' | 'failed' | 'unknown';

export interface LookupError {
  code: string;
  message: string;
  next_action: string;
  safe_to_auto_retry: false;
  request_id?: string;
}

export interface Lookup {
  idempotency_key: string;
  status: LookupStatus;
  industry: string;
  scenario: string;
  /** ISO 8601 date-times, as openapi.json (RequestStatus) describes them */
  created: string;
  completed: string | null;
  result?: Decision;
  /** the recorded error, in the shape of openapi.json's ErrorDetail */
  error?: LookupError;
}

export interface RunOutcome {
  status: number;
  body: Decision | ReturnType<SvcError['toBody']>;
  replayed: boolean;
}

/** What the service logs when a run fails unexpectedly or the judge fails: detail the client never sees. */
export interface RunFailureLog {
  request_id: string;
  key_id: string;
  /** the code the client was answered with */
  code: 'JUDGE_UNAVAILABLE' | 'INTERNAL_ERROR';
  /** the judge's error code (judge_timeout, judge_unreachable, judge_http_error, judge_bad_response) */
  judge_code?: string;
  /** the upstream HTTP status, when one came */
  judge_status?: number;
  /** the upstream detail (host names, connection errors, the start of an error body) or the error's message */
  detail: string;
  /** the error itself, for INTERNAL_ERROR (its stack) */
  err?: unknown;
}

export interface DecisionServiceOptions {
  prisma: Prisma;
  cipher: RecordCipher;
  judge: Judge;
  limits: LimitConfig;
  runTimeoutMs: number;
  packs?: LoadedPack[];
  now?: () => number;
  /** receives failed runs with the detail the client is not told (default: dropped) */
  log?: (failure: RunFailureLog) => void;
}

/** What a client is told when the judge fails; the detail goes to the log only. */
export const JUDGE_UNAVAILABLE_MESSAGE = 'The judge service is unavailable; retry later';

function isoTime(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

function day(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** What each field of a decision request takes (the `expected` of its faults). */
const SVC_EXPECTED: Record<string, string> = {
  industry: 'an industry id of GET /api/svc/catalog',
  scenario: 'a scenario id of that industry (GET /api/svc/catalog)',
  message: 'text (optional)',
};

export class DecisionService {
  readonly packs: LoadedPack[];
  readonly limiter: SvcLimiter;
  private readonly byIndustry: Map<string, LoadedPack>;
  private readonly now: () => number;
  private purgeTimer?: NodeJS.Timeout;

  constructor(private readonly opts: DecisionServiceOptions) {
    // a broken pack fails start-up here, with the loader's message
    this.packs = opts.packs ?? loadPacks();
    this.byIndustry = new Map(this.packs.map((p) => [p.industry, p]));
    this.now = opts.now ?? Date.now;
    this.limiter = new SvcLimiter(opts.limits, this.now);
  }

  get model(): string {
    return this.opts.judge.model;
  }

  /**
   * Whether runs are live: judged by a model (the chat-completions judge, SVC_JUDGE_BASE_URL).
   * The local lexical judge is a deterministic stand-in, not a live model.
   */
  get liveAvailable(): boolean {
    return this.opts.judge.origin === 'llm';
  }

  /** Deletes records past their 24 hours, now and every 10 minutes. */
  startPurging(): void {
    const purge = () => this.opts.prisma.svcRequest.deleteMany({ where: { expiresAt: { lt: new Date(this.now()) } } }).catch(() => undefined);
    void purge();
    this.purgeTimer = setInterval(purge, 10 * 60 * 1000);
    this.purgeTimer.unref();
  }

  stop(): void {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
  }

  catalog(baseUrl: string) {
    return {
      live_available: this.liveAvailable,
      version: SVC_CATALOG_VERSION,
      schema_version: SVC_SCHEMA_VERSION,
      requires_svc_key: true,
      model: this.opts.judge.model,
      max_message_chars: MAX_MESSAGE_CHARS,
      openapi: `${baseUrl}/api/svc/openapi.json`,
      agent_instructions:
        'Pick a pack and a scenario id from `packs`. POST /api/svc/decisions with header X-Svc-Api-Key (never in a URL) and a fresh ' +
        'Idempotency-Key per intended run, body {"industry", "scenario"} and optionally "message" (at most 4000 characters of sample text, ' +
        'never real customer data). Do not retry a POST by yourself: read the outcome with GET /api/svc/requests/{idempotencyKey} ' +
        'using the same key. On 429 wait Retry-After seconds. denied and refused are valid outcomes (HTTP 200).',
      example: `${baseUrl}/svc/example.json`,
      starter_kits: { python: `${baseUrl}/svc/starter.py`, javascript: `${baseUrl}/svc/starter.mjs` },
      capabilities:
        'decisions: approved|denied|refused with proof, evidence, refusal and routing; idempotent replay for 24 hours; ' +
        'request lookup without inference; encrypted records; per-replica rate limits',
      packs: this.packs,
    };
  }

  private pack(industry: string): LoadedPack {
    const pack = this.byIndustry.get(industry);
    if (!pack) {
      throw new SvcError(400, 'UNKNOWN_INDUSTRY', `Unknown industry '${industry}'`, `Use one of: ${[...this.byIndustry.keys()].join(', ')} (GET /api/svc/catalog)`, {
        details: { industries: [...this.byIndustry.keys()] },
      });
    }
    return pack;
  }

  /** Validates a decision request body; every fault is named. */
  parseRequest(body: unknown): DecisionRequest {
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new SvcError(400, 'VALIDATION_ERROR', 'The body must be a JSON object {industry, scenario, message?}', 'Send a JSON object with industry and scenario from the catalog');
    }
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && [...message].length > MAX_MESSAGE_CHARS) {
      throw new SvcError(400, 'MESSAGE_TOO_LONG', `message has ${[...message].length} characters; at most ${MAX_MESSAGE_CHARS} are allowed`, `Shorten the message to ${MAX_MESSAGE_CHARS} characters`, {
        details: { max_message_chars: MAX_MESSAGE_CHARS },
      });
    }
    const parsed = decisionRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors = parsed.error.issues.flatMap((i) =>
        i.code === 'unrecognized_keys'
          ? i.keys.map((k) => ({ field: k, message: 'unknown property: only industry, scenario and message are allowed', expected: 'industry, scenario, message' }))
          : [{ field: i.path.join('.') || 'body', message: i.message, expected: SVC_EXPECTED[String(i.path[0])] ?? 'a JSON object {industry, scenario, message?}' }],
      );
      throw new SvcError(400, 'VALIDATION_ERROR', errors.map((e) => `${e.field}: ${e.message}`).join('; '), 'Fix the listed fields; the body allows only industry, scenario and message', {
        details: { errors },
      });
    }
    const pack = this.pack(parsed.data.industry);
    if (!pack.scenarios.some((s) => s.id === parsed.data.scenario)) {
      throw new SvcError(400, 'UNKNOWN_SCENARIO', `Unknown scenario '${parsed.data.scenario}' in ${pack.industry}`, 'Use a scenario id of this industry from GET /api/svc/catalog', {
        details: { scenarios: pack.scenarios.map((s) => s.id) },
      });
    }
    return parsed.data;
  }

  checkIdempotencyKey(key: string | undefined): string {
    if (key === undefined || key === '') {
      throw new SvcError(400, 'MISSING_IDEMPOTENCY_KEY', 'The Idempotency-Key header is required', 'Send a fresh Idempotency-Key (e.g. a UUID) for each run you intend');
    }
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new SvcError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 8 to 200 visible ASCII characters (no spaces)', 'Use a UUID as the Idempotency-Key');
    }
    if (KEY_LIKE.test(key)) {
      throw new SvcError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key looks like an API key; it was not used or stored', 'Use a UUID as the Idempotency-Key, and send the key only in X-Svc-Api-Key');
    }
    return key;
  }

  /** Counts an attempt against the per-replica limits. */
  countAttempt(keyId: string): void {
    const verdict = this.limiter.attempt(keyId);
    if (!verdict.ok) throw this.limited(verdict.reason!, verdict.limit!, verdict.retryAfterSeconds!);
  }

  private limited(reason: string, limit: number, retryAfter: number): SvcError {
    const what = reason === 'key_rate' ? `${limit} attempts a minute for this key` : reason === 'total_rate' ? `${limit} attempts a minute on this replica` : `${limit} runs at once on this replica`;
    return new SvcError(429, 'RATE_LIMITED', `Rate limit reached: ${what}`, `Wait ${retryAfter} seconds (Retry-After), then read GET /api/svc/requests/{idempotencyKey} or send a new run`, {
      retryAfterSeconds: retryAfter, details: { reason, limit },
    });
  }

  private aad(keyId: string, idem: string, part: string) {
    return `${keyId}\n${idem}\n${part}`;
  }

  /** Runs a decision, or returns what the same key recorded. Never reruns recorded work. */
  async run(keyId: string, idempotencyKey: string, input: DecisionRequest, requestId: string): Promise<RunOutcome> {
    const prisma = this.opts.prisma;
    const t = this.now();
    // the inputs the run decides on: a message that is the scenario's own sample is the same
    // run as one that leaves it out ("if omitted the sample message is used"), so it hashes as
    // omitted and replays instead of a 409
    const scenario = this.pack(input.industry).scenarios.find((s) => s.id === input.scenario)!;
    const message = expectationApplicable(scenario, input.message) ? null : input.message;
    const digest = this.opts.cipher.digest(canonicalJson({ industry: input.industry, scenario: input.scenario, message }));
    const where = { apiKeyId_idempotencyKey: { apiKeyId: keyId, idempotencyKey } };

    // A plain INSERT whose unique violation means "taken": its query plan is cached, unlike
    // createMany's, and the common case (a new key) is one statement.
    const claim = () =>
      prisma.svcRequest
        .create({
          data: {
            apiKeyId: keyId, idempotencyKey, inputDigest: digest, status: 'pending',
            inputCipher: this.opts.cipher.seal(JSON.stringify(input), this.aad(keyId, idempotencyKey, 'input')),
            createdAt: new Date(t), deadlineAt: new Date(t + this.opts.runTimeoutMs + 5_000), expiresAt: new Date(t + RETENTION_MS),
          },
          select: { status: true },
        })
        .then(
          () => ({ count: 1 }),
          (err: { code?: string }) => {
            if (err.code === 'P2002') return { count: 0 };
            throw err;
          },
        );
    let claimed = await claim();
    if (claimed.count === 0) {
      let existing = await prisma.svcRequest.findUnique({ where });
      // a record past its 24 hours that the purge has not reached yet: the key is free again
      if (existing && existing.expiresAt.getTime() < t) {
        await prisma.svcRequest.deleteMany({ where: { apiKeyId: keyId, idempotencyKey, expiresAt: { lt: new Date(t) } } });
        claimed = await claim();
        existing = claimed.count === 0 ? await prisma.svcRequest.findUnique({ where }) : null;
      }
      if (claimed.count === 0) {
        if (!existing) throw new SvcError(409, 'REQUEST_IN_PROGRESS', 'This Idempotency-Key is being recorded right now', 'Read GET /api/svc/requests/{idempotencyKey}');
        return this.replay(existing, digest);
      }
    }
    // Only a run takes a slot (a replay does not). A claim that finds no free slot is
    // withdrawn before anything ran, so the caller may send it again after Retry-After.
    const slot = this.limiter.acquire();
    if (!slot.ok) {
      await prisma.svcRequest.deleteMany({ where: { apiKeyId: keyId, idempotencyKey, status: 'pending' } });
      throw this.limited(slot.reason!, slot.limit!, slot.retryAfterSeconds!);
    }
    try {
      return await this.execute(keyId, idempotencyKey, input, requestId);
    } finally {
      slot.release!();
    }
  }

  private replay(existing: { status: string; inputDigest: string; resultCipher: string | null; httpStatus: number | null; deadlineAt: Date; apiKeyId: string; idempotencyKey: string }, digest: string): RunOutcome {
    if (existing.inputDigest !== digest) {
      throw new SvcError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with different inputs', 'Use a new Idempotency-Key for a new run; read the earlier one with GET /api/svc/requests/{idempotencyKey}');
    }
    if (existing.status === 'pending') {
      const unknown = existing.deadlineAt.getTime() < this.now();
      throw unknown
        ? new SvcError(409, 'REQUEST_OUTCOME_UNKNOWN', 'The run with this Idempotency-Key stopped before it finished; its outcome is unknown and it is not run again', 'Start a new run with a new Idempotency-Key if you still need a decision')
        : new SvcError(409, 'REQUEST_IN_PROGRESS', 'A run with this Idempotency-Key is in progress', 'Wait, then read GET /api/svc/requests/{idempotencyKey}; do not POST again');
    }
    const body = JSON.parse(this.openResult(existing)) as RunOutcome['body'];
    return { status: existing.httpStatus ?? 200, body, replayed: true };
  }

  private openResult(r: { resultCipher: string | null; apiKeyId: string; idempotencyKey: string }): string {
    try {
      return this.opts.cipher.open(r.resultCipher ?? '', this.aad(r.apiKeyId, r.idempotencyKey, 'result'));
    } catch {
      throw new SvcError(503, 'RECORD_UNREADABLE', 'This replica cannot decrypt the record', 'Operators: give every replica the same SVC_ENCRYPTION_KEY');
    }
  }

  private async execute(keyId: string, idempotencyKey: string, input: DecisionRequest, requestId: string): Promise<RunOutcome> {
    const prisma = this.opts.prisma;
    const pack = this.pack(input.industry);
    const scenario = pack.scenarios.find((s) => s.id === input.scenario)!;
    let status = 200;
    let body: RunOutcome['body'];
    let errorCode: string | null = null;
    let tokens = { input: 0, output: 0 };
    try {
      const result = await this.withTimeout(decide({ pack, scenario, message: input.message, judge: this.opts.judge, now: this.now() }));
      tokens = { input: result.judgments.input_tokens ?? 0, output: result.judgments.output_tokens ?? 0 };
      body = {
        industry: pack.industry,
        scenario: scenario.id,
        mode: 'live',
        fixture_expectation: scenario.expectation,
        result,
        expectation_applicable: expectationApplicable(scenario, input.message),
        request_id: requestId,
        schema_version: SVC_SCHEMA_VERSION,
      };
    } catch (err) {
      let e: SvcError;
      if (err instanceof SvcError) e = err;
      else if ((err as { name?: string }).name === 'JudgeError') {
        // the upstream text can name internal hosts or echo a model server's body: log it, never answer it
        const j = err as Error & { code?: string; status?: number };
        this.log({
          request_id: requestId, key_id: keyId, code: 'JUDGE_UNAVAILABLE', detail: j.message,
          ...(typeof j.code === 'string' ? { judge_code: j.code } : {}), ...(typeof j.status === 'number' ? { judge_status: j.status } : {}),
        });
        e = new SvcError(502, 'JUDGE_UNAVAILABLE', JUDGE_UNAVAILABLE_MESSAGE, 'Try a new run later with a new Idempotency-Key');
      } else {
        this.log({ request_id: requestId, key_id: keyId, code: 'INTERNAL_ERROR', detail: err instanceof Error ? err.message : String(err), err });
        e = new SvcError(500, 'INTERNAL_ERROR', 'The run failed unexpectedly', 'Try a new run with a new Idempotency-Key; report the request_id if it repeats');
      }
      status = e.status;
      errorCode = e.code;
      body = e.toBody(requestId);
    }
    const t = this.now();
    // the record and the usage are independent rows: write both at once
    await Promise.all([
      prisma.svcRequest.update({
        where: { apiKeyId_idempotencyKey: { apiKeyId: keyId, idempotencyKey } },
        data: {
          status: errorCode ? 'failed' : 'completed', errorCode, httpStatus: status, completedAt: new Date(t),
          resultCipher: this.opts.cipher.seal(JSON.stringify(body), this.aad(keyId, idempotencyKey, 'result')),
        },
      }),
      prisma.svcUsage.upsert({
        where: { apiKeyId_day: { apiKeyId: keyId, day: day(t) } },
        create: { apiKeyId: keyId, day: day(t), runs: 1, failedRuns: errorCode ? 1 : 0, inputTokens: tokens.input, outputTokens: tokens.output },
        update: { runs: { increment: 1 }, failedRuns: { increment: errorCode ? 1 : 0 }, inputTokens: { increment: tokens.input }, outputTokens: { increment: tokens.output } },
      }),
    ]);
    return { status, body, replayed: false };
  }

  /** A logging callback that throws must not turn a recorded failure into a 500. */
  private log(failure: RunFailureLog): void {
    try {
      this.opts.log?.(failure);
    } catch {
      // dropped
    }
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SvcError(504, 'RUN_TIMEOUT', `The run took longer than ${this.opts.runTimeoutMs / 1000} seconds and was stopped`, 'Start a new run with a new Idempotency-Key')),
        this.opts.runTimeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  /** The recorded status of a run, to the key that made it; no inference. */
  async lookup(keyId: string, idempotencyKey: string): Promise<Lookup> {
    const r = await this.opts.prisma.svcRequest.findUnique({ where: { apiKeyId_idempotencyKey: { apiKeyId: keyId, idempotencyKey } } });
    if (!r || r.expiresAt.getTime() < this.now()) {
      throw new SvcError(404, 'REQUEST_NOT_FOUND', 'No run with this Idempotency-Key for this key (records are kept 24 hours)', 'Check the Idempotency-Key and that you use the key that made the run');
    }
    let input: DecisionRequest;
    try {
      input = JSON.parse(this.opts.cipher.open(r.inputCipher, this.aad(keyId, idempotencyKey, 'input'))) as DecisionRequest;
    } catch {
      throw new SvcError(503, 'RECORD_UNREADABLE', 'This replica cannot decrypt the record', 'Operators: give every replica the same SVC_ENCRYPTION_KEY');
    }
    const status: LookupStatus = r.status === 'pending' ? (r.deadlineAt.getTime() < this.now() ? 'unknown' : 'pending') : (r.status as LookupStatus);
    const out: Lookup = {
      idempotency_key: idempotencyKey, status, industry: input.industry, scenario: input.scenario,
      created: isoTime(r.createdAt)!, completed: isoTime(r.completedAt),
    };
    if (r.resultCipher) {
      const body = JSON.parse(this.openResult(r)) as Decision | { error: LookupError };
      if ('error' in body) {
        const e = body.error;
        out.error = { code: e.code, message: e.message, next_action: e.next_action, safe_to_auto_retry: false, ...(e.request_id ? { request_id: e.request_id } : {}) };
      } else out.result = body;
    }
    return out;
  }

  /** Usage per key and day, for operators. */
  async usage(filter: { apiKeyId?: string; since?: string } = {}) {
    const rows = await this.opts.prisma.svcUsage.findMany({
      where: { ...(filter.apiKeyId ? { apiKeyId: filter.apiKeyId } : {}), ...(filter.since ? { day: { gte: filter.since } } : {}) },
      orderBy: [{ day: 'desc' }, { apiKeyId: 'asc' }],
      take: 1000,
    });
    return rows.map((r) => ({ key_id: r.apiKeyId, day: r.day, runs: r.runs, failed_runs: r.failedRuns, input_tokens: r.inputTokens, output_tokens: r.outputTokens }));
  }
}
