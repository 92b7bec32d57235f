// GraphQL door of the decision service: `decisionCatalog`, `runDecision`, `decisionRequest`.
// Same DecisionService as /api/svc/*; the service key comes as `Authorization: Bearer svc_...`
// (HTTP) or in connection_init (WebSocket), the Idempotency-Key as header or argument.
import { GraphQLError } from 'graphql';
import { builder, type GraphQLContext } from '../../graphql/builder.js';
import { SvcError } from './errors.js';
import type { Decision, Lookup } from './service.js';
import type { LoadedPack } from '../packs/index.js';
import type { Scenario } from '../engine/index.js';

function svcGraphQLError(err: SvcError, requestId: string): GraphQLError {
  const body = err.toBody(requestId).error;
  return new GraphQLError(err.message, {
    extensions: { code: err.code, status: err.status, next_action: body.next_action, safe_to_auto_retry: false, ...(body.retry_after_seconds !== undefined ? { retry_after_seconds: body.retry_after_seconds } : {}), details: err.extra.details, request_id: body.request_id, http: { status: err.status } },
  });
}

async function guarded<T>(ctx: GraphQLContext, fn: () => Promise<T>): Promise<T> {
  try {
    if (ctx.principal.type !== 'svc') {
      throw new SvcError(403, 'WRONG_KEY_TYPE', 'The decision service takes a service key (svc_)', 'Send `Authorization: Bearer svc_...`; create one with `npm run --silent keys -- create --type svc`');
    }
    return await fn();
  } catch (err) {
    if (err instanceof SvcError) throw svcGraphQLError(err, ctx.requestId);
    throw err;
  }
}

export function registerDecisionGraphQL(): void {
  const ScenarioRef = builder.objectRef<Scenario>('DecisionScenario').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      name: t.exposeString('name'),
      message: t.exposeString('message'),
      expectation: t.exposeString('expectation'),
      note: t.string({ nullable: true, resolve: (s) => s.note ?? null }),
      humanReview: t.boolean({ resolve: (s) => s.human_review ?? false }),
      challenge: t.string({ nullable: true, resolve: (s) => s.challenge ?? null }),
      facts: t.field({ type: 'JSON', resolve: (s) => s.facts }),
    }),
  });

  const PackRef = builder.objectRef<LoadedPack>('DecisionPack').implement({
    fields: (t) => ({
      industry: t.exposeString('industry'),
      title: t.string({ nullable: true, resolve: (p) => p.title ?? null }),
      summary: t.string({ nullable: true, resolve: (p) => p.summary ?? null }),
      definition: t.string({ nullable: true, resolve: (p) => p.definition ?? null }),
      rules: t.exposeInt('rules'),
      judgments: t.exposeInt('judgments'),
      scenarios: t.field({ type: [ScenarioRef], resolve: (p) => p.scenarios }),
      policy: t.field({ type: 'JSON', resolve: (p) => p.policy }),
      questions: t.field({ type: 'JSON', resolve: (p) => p.questions }),
      sourceTrust: t.field({ type: 'JSON', resolve: (p) => p.source_trust }),
      premiseRequirements: t.field({ type: 'JSON', nullable: true, resolve: (p) => p.premise_requirements ?? null }),
    }),
  });

  builder.queryField('decisionCatalog', (t) =>
    t.field({
      type: [PackRef],
      description: 'The industry packs of the decision service (REST: GET /api/svc/catalog)',
      resolve: (_root, _args, ctx) => ctx.services.decisions.packs,
    }),
  );

  const DecisionRef = builder.objectRef<Decision & { replayed: boolean }>('DecisionRun').implement({
    fields: (t) => ({
      industry: t.exposeString('industry'),
      scenario: t.exposeString('scenario'),
      mode: t.exposeString('mode'),
      fixtureExpectation: t.exposeString('fixture_expectation'),
      expectationApplicable: t.exposeBoolean('expectation_applicable'),
      requestId: t.exposeString('request_id'),
      schemaVersion: t.exposeString('schema_version'),
      decision: t.string({ description: 'approved, denied or refused', resolve: (d) => d.result.decision }),
      routingBand: t.string({ nullable: true, resolve: (d) => d.result.routing?.band ?? null }),
      result: t.field({ type: 'JSON', description: 'the full Result object of the spec', resolve: (d) => d.result }),
      replayed: t.exposeBoolean('replayed'),
    }),
  });

  const DecisionInput = builder.inputType('RunDecisionInput', {
    fields: (t) => ({
      industry: t.string({ required: true }),
      scenario: t.string({ required: true }),
      message: t.string(),
    }),
  });

  builder.mutationField('runDecision', (t) =>
    t.field({
      type: DecisionRef,
      description: 'Runs a decision (REST: POST /api/svc/decisions). Needs a svc_ key and an Idempotency-Key (header or argument).',
      args: { input: t.arg({ type: DecisionInput, required: true }), idempotencyKey: t.arg.string() },
      resolve: (_root, args, ctx) =>
        guarded(ctx, async () => {
          const service = ctx.services.decisions;
          service.countAttempt(ctx.principal.keyId);
          const idem = service.checkIdempotencyKey(args.idempotencyKey ?? ctx.idempotencyKey);
          const raw: Record<string, unknown> = { industry: args.input.industry, scenario: args.input.scenario };
          if (args.input.message != null) raw.message = args.input.message;
          const input = service.parseRequest(raw);
          const outcome = await service.run(ctx.principal.keyId, idem, input, ctx.requestId);
          if ('error' in outcome.body) {
            const e = outcome.body.error as { code: string; message: string; next_action: string };
            throw new GraphQLError(e.message, { extensions: { code: e.code, status: outcome.status, next_action: e.next_action, safe_to_auto_retry: false } });
          }
          return { ...outcome.body, replayed: outcome.replayed };
        }),
    }),
  );

  const LookupRef = builder.objectRef<Lookup>('DecisionRequest').implement({
    fields: (t) => ({
      idempotencyKey: t.exposeString('idempotency_key'),
      status: t.exposeString('status', { description: 'pending, completed, failed or unknown (stopped mid-run; never rerun)' }),
      industry: t.exposeString('industry'),
      scenario: t.exposeString('scenario'),
      // unix seconds here (the schema's type since the start); REST gives ISO date-times
      created: t.int({ resolve: (l) => Math.floor(Date.parse(l.created) / 1000) }),
      completed: t.int({ nullable: true, resolve: (l) => (l.completed === null ? null : Math.floor(Date.parse(l.completed) / 1000)) }),
      result: t.field({ type: 'JSON', nullable: true, resolve: (l) => l.result ?? null }),
      error: t.field({ type: 'JSON', nullable: true, resolve: (l) => l.error ?? null }),
    }),
  });

  builder.queryField('decisionRequest', (t) =>
    t.field({
      type: LookupRef,
      description: 'The recorded status of a run, to the key that made it (REST: GET /api/svc/requests/{idempotencyKey}); no inference',
      args: { idempotencyKey: t.arg.string({ required: true }) },
      resolve: (_root, args, ctx) => guarded(ctx, () => ctx.services.decisions.lookup(ctx.principal.keyId, args.idempotencyKey)),
    }),
  );
}
