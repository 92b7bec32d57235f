// GraphQL door of agents: Agent and AgentExecution, agents/agent queries, agentActivity, and
// createAgent, updateAgentConfig, executeAgent, approveAgentExecution, rejectAgentExecution:
// the same operations and checks as REST.
import { builder, callContext, type GraphQLContext } from '../../graphql/builder.js';
import { checkPage, listAndGet } from '../../graphql/models.js';
import { definedOnly, inputFromZod } from '../../graphql/zod-input.js';
import { authorize } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { executeMutation, scopedWhere } from '../../operations/operation.js';
import { checkGrantable, createAgent, decidePending, executeAgent, updateAgentConfig } from './operations.js';
import { renderedFacts } from './presenters.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export function registerAgentsGraphQL(): void {
  builder.prismaObject('Agent', {
    description: 'Software that spends money under a policy: every execution is decided by the decision engine and recorded with its proof',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description', { nullable: true }),
      status: t.exposeString('status', { description: 'active | paused' }),
      permissions: t.exposeStringList('permissions'),
      limits: t.expose('limits', { type: 'JSON', description: '{per_transaction?, daily?: {amount, currency}, allowed_operations?, allowed_counterparties?}' }),
      approvalAbove: t.expose('approvalAbove', { type: 'JSON', nullable: true }),
      metadata: t.expose('metadata', { type: 'JSON' }),
      livemode: t.exposeBoolean('livemode'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  builder.prismaObject('AgentExecution', {
    description: 'One operation an agent asked for: the decision (outcome, rules fired, facts used, proof hash) and how it ended',
    fields: (t) => ({
      id: t.exposeID('id'),
      agentId: t.exposeString('agentId'),
      operation: t.exposeString('operation'),
      status: t.exposeString('status', { description: 'succeeded | failed | denied | pending_approval | rejected (running while it runs)' }),
      outcome: t.exposeString('outcome', { description: 'allow | deny | needs_approval' }),
      rules: t.exposeStringList('rules'),
      facts: t.stringList({ resolve: (r) => renderedFacts(r.facts) }),
      proofHash: t.exposeString('proofHash'),
      input: t.expose('input', { type: 'JSON' }),
      result: t.expose('result', { type: 'JSON', nullable: true }),
      error: t.expose('error', { type: 'JSON', nullable: true }),
      livemode: t.exposeBoolean('livemode'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  listAndGet('Agent', 'agents', 'agent', 'agents');

  builder.queryField('agentActivity', (t: Any) => t.prismaField({
    type: ['AgentExecution'],
    description: "An agent's executions, newest first (agents:read)",
    args: {
      agentId: t.arg.id({ required: true }),
      status: t.arg.string(),
      operation: t.arg.string(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      authorize(ctx.principal, 'agents:read');
      const page = checkPage(args.limit, args.offset);
      const agent = await ctx.services.db.prisma.agent.findFirst({ where: scopedWhere(ctx.principal, { id: String(args.agentId) }), select: { id: true } });
      if (!agent) throw ApiError.notFound('agent', String(args.agentId));
      return ctx.services.db.prisma.agentExecution.findMany({
        ...query,
        where: scopedWhere(ctx.principal, { agentId: agent.id, ...(args.status ? { status: args.status } : {}), ...(args.operation ? { operation: args.operation } : {}) }),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        ...page,
      });
    },
  }));

  const createInput = inputFromZod('CreateAgentInput', createAgent.input);
  builder.mutationField('createAgent', (t: Any) => t.prismaField({
    type: 'Agent',
    args: { input: t.arg({ type: createInput, required: true }) },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      const raw = definedOnly(args.input);
      authorize(ctx.principal, 'agents:write');
      checkGrantable(ctx.principal, Array.isArray(raw.permissions) ? raw.permissions.map(String) : undefined);
      const result = await executeMutation(createAgent, callContext(ctx), raw);
      return ctx.services.db.prisma.agent.findUniqueOrThrow({ ...query, where: { id: result.id } });
    },
  }));

  const configInput = inputFromZod('UpdateAgentConfigInput', updateAgentConfig.input, ['id']);
  builder.mutationField('updateAgentConfig', (t: Any) => t.prismaField({
    type: 'Agent',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: configInput, required: true }) },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      const raw: Record<string, unknown> = { ...definedOnly(args.input), id: String(args.id) };
      authorize(ctx.principal, 'agents:write');
      checkGrantable(ctx.principal, Array.isArray(raw.permissions) ? raw.permissions.map(String) : undefined);
      const result = await executeMutation(updateAgentConfig, callContext(ctx), raw);
      return ctx.services.db.prisma.agent.findUniqueOrThrow({ ...query, where: { id: result.id } });
    },
  }));

  builder.mutationField('executeAgent', (t: Any) => t.prismaField({
    type: 'AgentExecution',
    description: "Runs an operation as the agent, decided by its policy; input is the operation's REST body (snake_case)",
    args: { agentId: t.arg.id({ required: true }), operation: t.arg.string({ required: true }), input: t.arg({ type: 'JSON' }) },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      const out = await executeAgent(callContext(ctx), String(args.agentId), { operation: args.operation, ...(args.input != null ? { input: args.input } : {}) });
      // a replay: the door says Idempotent-Replayed and answers with the first request's id, as for every mutation
      if (out.replayed) ctx.onReplay?.(out.execution.requestId ?? undefined);
      return ctx.services.db.prisma.agentExecution.findUniqueOrThrow({ ...query, where: { id: out.execution.id } });
    },
  }));

  for (const [field, verdict] of [['approveAgentExecution', 'approve'], ['rejectAgentExecution', 'reject']] as const) {
    builder.mutationField(field, (t: Any) => t.prismaField({
      type: 'AgentExecution',
      args: { agentId: t.arg.id({ required: true }), executionId: t.arg.id({ required: true }) },
      resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
        const row = await decidePending(callContext(ctx), String(args.agentId), String(args.executionId), verdict);
        return ctx.services.db.prisma.agentExecution.findUniqueOrThrow({ ...query, where: { id: row.id } });
      },
    }));
  }
}
