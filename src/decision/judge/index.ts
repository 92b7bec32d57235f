export { localJudge, createLocalJudge, judgeLocally, LOCAL_JUDGE_MODEL, parseCues, prepareQuestions } from './local.js';
export { createChatCompletionsJudge, JudgeError, parseSample, aggregate, type ChatCompletionsJudgeOptions, type JudgeErrorCode } from './chat-completions.js';
export { judgeFromEnv } from './env.js';
