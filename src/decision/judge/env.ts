// Chooses the judge from the environment: the chat-completions judge when SVC_JUDGE_BASE_URL
// is set, otherwise the local lexical judge.
import type { Judge } from '../engine/types.js';
import { createChatCompletionsJudge } from './chat-completions.js';
import { localJudge } from './local.js';

export function judgeFromEnv(env: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch): Judge {
  const baseUrl = env.SVC_JUDGE_BASE_URL?.trim();
  if (!baseUrl) return localJudge;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`SVC_JUDGE_BASE_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('SVC_JUDGE_BASE_URL must be an http(s) URL');
  const model = env.SVC_JUDGE_MODEL?.trim();
  if (!model) throw new Error('SVC_JUDGE_MODEL must be set when SVC_JUDGE_BASE_URL is set');
  const rawSamples = env.SVC_JUDGE_SAMPLES?.trim();
  const samples = rawSamples ? Number(rawSamples) : 3;
  if (!Number.isInteger(samples) || samples < 1 || samples > 20) throw new Error(`SVC_JUDGE_SAMPLES must be an integer from 1 to 20, got "${rawSamples}"`);
  return createChatCompletionsJudge({
    baseUrl,
    model,
    apiKey: env.SVC_JUDGE_API_KEY || undefined,
    samples,
    fetch: fetchImpl,
  });
}
