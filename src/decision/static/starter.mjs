#!/usr/bin/env node
// Starter client for the industry decision demo service. Node 18+ (built-in fetch), no dependencies.
//
//   SVC_API_KEY=... node starter.mjs [base_url] [--industry X] [--scenario Y] [--message "text"]
//
// base_url defaults to http://127.0.0.1:8080. The key is read from the SVC_API_KEY environment
// variable only (never from the command line, never placed in a URL). The client reads the
// catalog, runs ONE decision with a fresh Idempotency-Key, prints the outcome, then reads the
// recorded status with the lookup endpoint. It never re-POSTs by itself: on 429 it waits for
// Retry-After and only re-reads the status. The last line printed is `status: <lookup status>`.
import { randomUUID } from 'node:crypto';

const DEFAULT_BASE = 'http://127.0.0.1:8080';
const MAX_WAIT_SECONDS = 300;

function parseArgs(argv) {
  const out = { base: DEFAULT_BASE, industry: undefined, scenario: undefined, message: undefined };
  let positional = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--industry' || a === '--scenario' || a === '--message') {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      out[a.slice(2)] = argv[++i];
    } else if (a === '-h' || a === '--help') {
      out.help = true;
    } else if (a.startsWith('--')) {
      throw new Error(`unknown option ${a}`);
    } else if (positional++ === 0) {
      out.base = a;
    } else {
      throw new Error(`unexpected argument ${a}`);
    }
  }
  out.base = out.base.replace(/\/+$/, '');
  return out;
}

async function request(method, url, { key, idempotencyKey, body } = {}) {
  const headers = { accept: 'application/json' };
  if (key) headers['X-Svc-Api-Key'] = key;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function fail(message, body) {
  console.error(`error: ${message}`);
  if (body) console.error(body);
}

const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

async function lookup(base, key, idempotencyKey) {
  const r = await request('GET', `${base}/api/svc/requests/${encodeURIComponent(idempotencyKey)}`, { key });
  if (r.status !== 200 || !r.json) {
    fail(`status lookup failed with HTTP ${r.status}`, r.text);
    return { ok: false, status: `lookup_failed_http_${r.status}` };
  }
  return { ok: true, status: String(r.json.status), record: r.json };
}

function printDecision(decision, requestId) {
  const result = decision.result ?? {};
  console.log(`decision: ${result.decision}`);
  console.log(`routing: ${result.routing?.band ?? 'n/a'}`);
  if (result.plain_explanation) console.log(`explanation: ${result.plain_explanation}`);
  if (decision.expectation_applicable !== undefined)
    console.log(`fixture expectation: ${decision.fixture_expectation ?? 'n/a'} (applicable: ${decision.expectation_applicable})`);
  console.log(`request_id: ${requestId ?? 'n/a'}`);
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    fail(e.message);
    return 2;
  }
  if (args.help) {
    console.log('usage: SVC_API_KEY=... node starter.mjs [base_url] [--industry X] [--scenario Y] [--message "text"]');
    return 0;
  }
  const key = process.env.SVC_API_KEY;
  if (!key) {
    fail('set the SVC_API_KEY environment variable to your request-only key');
    return 2;
  }

  const catalog = await request('GET', `${args.base}/api/svc/catalog`);
  if (catalog.status !== 200 || !catalog.json) {
    fail(`catalog request failed with HTTP ${catalog.status}`, catalog.text);
    return 1;
  }
  const packs = catalog.json.packs ?? [];
  const pack = args.industry ? packs.find((p) => p.industry === args.industry) : packs[0];
  if (!pack) {
    fail(args.industry ? `no pack for industry ${args.industry}` : 'the catalog lists no packs');
    return 2;
  }
  const scenario = args.scenario ? pack.scenarios.find((s) => s.id === args.scenario) : pack.scenarios[0];
  if (!scenario) {
    fail(args.scenario ? `no scenario ${args.scenario} in ${pack.industry}` : `pack ${pack.industry} lists no scenarios`);
    return 2;
  }
  if (catalog.json.live_available === false) console.log(`note: no model judges runs on this server (model: ${catalog.json.model}); the run is decided by its deterministic local judge`);

  const idempotencyKey = randomUUID();
  console.log(`running ${pack.industry} / ${scenario.id} (Idempotency-Key ${idempotencyKey})`);
  const body = { industry: pack.industry, scenario: scenario.id };
  if (args.message !== undefined) body.message = args.message;

  let run;
  try {
    run = await request('POST', `${args.base}/api/svc/decisions`, { key, idempotencyKey, body });
  } catch (e) {
    // The run may or may not have been recorded: read its status, never re-POST.
    fail(`the decision request did not complete: ${e.message}`);
    const st = await lookup(args.base, key, idempotencyKey).catch(() => ({ ok: false, status: 'lookup_failed' }));
    console.log(`status: ${st.status}`);
    return 1;
  }

  let exitCode = 0;
  if (run.status === 200 && run.json) {
    printDecision(run.json, run.json.request_id ?? run.headers.get('x-request-id'));
  } else if (run.status === 429) {
    const header = Number(run.headers.get('retry-after'));
    const fromBody = Number(run.json?.error?.retry_after_seconds);
    const wait = Math.min(MAX_WAIT_SECONDS, Number.isFinite(header) && header >= 0 ? header : Number.isFinite(fromBody) && fromBody >= 0 ? fromBody : 1);
    fail(`rate limited (HTTP 429); waiting ${wait}s, then reading the status without re-posting`, run.text);
    await sleep(wait);
    exitCode = 1;
  } else {
    fail(`the decision request failed with HTTP ${run.status}`, run.text);
    exitCode = 1;
  }

  const st = await lookup(args.base, key, idempotencyKey);
  if (!st.ok) exitCode = 1;
  else if (exitCode !== 0 && st.status === 'completed' && st.record?.result) {
    printDecision(st.record.result, st.record.result.request_id);
    exitCode = 0;
  } else if (st.record?.error) console.error(JSON.stringify(st.record.error));
  console.log(`status: ${st.status}`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    fail(e?.message ?? String(e));
    process.exit(1);
  },
);
