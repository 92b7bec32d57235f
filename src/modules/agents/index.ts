// Agents: software that spends money under a policy. Every execution is decided by the
// decision engine (src/modules/agents/policy.ts) and recorded with its facts, the rules that
// fired and a proof hash that GET .../verify re-checks. Permissions agents:read,
// agents:write (create, configure, approve, reject) and agents:execute.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineModule } from '../module.js';
import { authorize } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { scopedWhere } from '../../operations/operation.js';
import { authenticate, callContext, type RestDeps } from '../../rest/context.js';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import { assertStorableText, listResource } from '../../rest/list.js';
import { restError } from '../../rest/naming.js';
import { present } from '../../representation.js';
import { AGENT_STATUSES, checkGrantable, createAgent, decidePending, executeAgent, EXECUTION_STATUSES, updateAgentConfig, verifyExecution } from './operations.js';
import { OUTCOMES } from './policy.js';
import { registerAgentPresenters } from './presenters.js';
import { registerAgentsGraphQL } from './graphql.js';

registerAgentPresenters();

type Query = Record<string, string | string[] | undefined>;

const EXECUTION_SCHEMA = { $ref: '#/components/schemas/AgentExecution' };

async function withRestErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw err instanceof ApiError ? restError(err) : err;
  }
}

function registerAgentRoutes(app: import('fastify').FastifyInstance, deps: RestDeps): void {
  const prisma = deps.services.db.prisma;
  // create: the permissions it grants are checked against the calling key first
  const create = async (req: FastifyRequest, reply: FastifyReply) => {
    const principal = await authenticate(req, deps);
    const body = bodyObject(req);
    authorize(principal, 'agents:write');
    await withRestErrors(async () => checkGrantable(principal, Array.isArray(body.permissions) ? body.permissions.map(String) : undefined));
    return reply.status(201).send(await runOperation(req, reply, deps, createAgent, body));
  };
  app.post('/v1/agents', { config: { operation: createAgent, status: 201 } }, create);
  app.post('/v1/agents/create', { config: { operation: createAgent, status: 201, aliasOf: 'POST /v1/agents' } }, create);
  registerResource(app, deps, { path: '/v1/agents', model: 'Agent', resource: 'agents', aliases: true });

  const config = async (req: FastifyRequest, reply: FastifyReply) => {
    const principal = await authenticate(req, deps);
    const body = bodyObject(req);
    if ('id' in body) throw ApiError.validation([{ field: 'id', message: 'id is read-only; it comes from the path', expected: 'no id in the body' }]);
    authorize(principal, 'agents:write');
    await withRestErrors(async () => checkGrantable(principal, Array.isArray(body.permissions) ? body.permissions.map(String) : undefined));
    return runOperation(req, reply, deps, updateAgentConfig, { ...body, id: (req.params as { id: string }).id });
  };
  app.patch('/v1/agents/:id/config', { config: { operation: updateAgentConfig, pathId: true } }, config);

  app.post('/v1/agents/:id/execute', {
    config: {
      status: 200,
      doc: {
        summary: 'Run an operation as the agent, decided by its policy (permission agents:execute); always 200 with the agent_execution unless the request itself is invalid',
        body: {
          type: 'object', required: ['operation'], additionalProperties: false,
          properties: {
            operation: { type: 'string', description: 'a declared operation, e.g. orders.create, payments.create, stablecoin.transfer' },
            input: { type: 'object', description: "the operation's REST body" },
          },
        },
        response: EXECUTION_SCHEMA,
      },
    },
  }, async (req, reply) => withRestErrors(async () => {
    const ctx = await callContext(req, deps);
    const { id } = req.params as { id: string };
    assertStorableText({ id });
    const out = await executeAgent(ctx, id, req.body ?? {});
    if (out.replayed) {
      // the first answer again: it names the request that made it, as every REST replay does
      reply.header('Idempotent-Replayed', 'true');
      if (out.execution.requestId) reply.header('X-Request-Id', out.execution.requestId);
    }
    return present('AgentExecution', out.execution as unknown as Record<string, unknown>);
  }));

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(`/v1/agents/:id/executions/:eid/${verdict}`, {
      config: { doc: { summary: `${verdict === 'approve' ? 'Approve (and run)' : 'Reject'} an execution pending approval (a secret key with agents:write)`, response: EXECUTION_SCHEMA } },
    }, async (req) => withRestErrors(async () => {
      const ctx = await callContext(req, deps);
      const { id, eid } = req.params as { id: string; eid: string };
      assertStorableText({ id, eid });
      return present('AgentExecution', await decidePending(ctx, id, eid, verdict) as unknown as Record<string, unknown>);
    }));
  }

  const execution = async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, 'agents:read');
    const { id, eid } = req.params as { id: string; eid: string };
    assertStorableText({ id, eid });
    const row = await prisma.agentExecution.findFirst({ where: scopedWhere(principal, { id: eid, agentId: id }) });
    if (!row) throw ApiError.notFound('agent_execution', eid);
    return row;
  };
  app.get('/v1/agents/:id/executions/:eid', { config: { doc: { summary: "Retrieve an agent's execution (permission agents:read)", response: EXECUTION_SCHEMA } } },
    async (req) => present('AgentExecution', await execution(req) as unknown as Record<string, unknown>));
  app.get('/v1/agents/:id/executions/:eid/verify', { config: { doc: { summary: "Re-run an execution's recorded facts through the policy: verified when the outcome and proof hash agree (permission agents:read)" } } },
    async (req) => verifyExecution(await execution(req)));

  const activity = async (req: FastifyRequest) => {
    const principal = await authenticate(req, deps);
    authorize(principal, 'agents:read');
    const { id } = req.params as { id: string };
    assertStorableText({ id });
    const agent = await prisma.agent.findFirst({ where: scopedWhere(principal, { id }), select: { id: true } });
    if (!agent) throw ApiError.notFound('agent', id);
    const page = await listResource(deps.services.db, 'AgentExecution', principal, req.query as Query, {}, undefined, { where: { agentId: id } });
    return { ...page, url: `/v1/agents/${id}/activity` };
  };
  const activityConfig = { model: 'AgentExecution', resource: 'agents', kind: 'list' as const, doc: { summary: "An agent's executions, newest first (permission agents:read); filters status, operation, created" } };
  app.get('/v1/agents/:id/activity', { config: activityConfig }, activity);
  app.get('/v1/agents/:id/executions', { config: { ...activityConfig, aliasOf: 'GET /v1/agents/{id}/activity' } }, activity);
}

export const agentsModule = defineModule({
  name: 'agents',
  permissions: { agents: ['read', 'write', 'execute'] },
  enums: { Agent: { status: AGENT_STATUSES }, AgentExecution: { status: EXECUTION_STATUSES, outcome: OUTCOMES } },
  events: [
    'agent.created', 'agent.updated', 'agent.execution.succeeded', 'agent.execution.failed', 'agent.execution.denied',
    'agent.execution.pending_approval', 'agent.execution.rejected',
  ],
  graphql: registerAgentsGraphQL,
  rest: registerAgentRoutes,
});
