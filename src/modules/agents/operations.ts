// Agents: create, configure, execute (decided by the policy pack, then run through the named
// operation exactly as REST runs it), approve or reject a held execution, verify a decision.
//
// An execution is decided and recorded in one transaction that locks the agent's row, so
// concurrent executions of one agent are decided one after another, each seeing the spend of
// those before it (an allowed execution reserves its amount while it runs; a failed one gives
// it back). The operation then runs in its own transaction, as through REST, and the
// execution's outcome is written after it.
import { MICRO_PER_COIN_MINOR } from '../money/amounts.js';
import { z } from 'zod';
import { Prisma as PrismaNamespace } from '../../generated/prisma/client.js';
import { canonicalJson, sha256Hex } from '../../canonical.js';
import { ApiError, type FieldError } from '../../errors.js';
import { allows, authorize, type Principal } from '../../auth/keys.js';
import { newId } from '../../ids.js';
import { previousAttributes } from '../../representation.js';
import {
  defineMutation, executeMutation, lockRow, parseInput, runSystemChange, scopedWhere,
  type CallContext, type Scope, type Services, type Tx,
} from '../../operations/operation.js';
import type { OperationRegistry, RegisteredOperation } from '../../operations/registry.js';
import { globalOrderTotal, type GlobalOrderInput } from '../global/orders.js';
import { camelizeBody, restFieldPath } from '../../rest/naming.js';
import { metadata } from '../shared-inputs.js';
import { unknownPermissions } from '../catalog.js';
import { AGENT_POLICY_HASH, evaluate, factsOf, recordedFacts, type AgentLimits, type Decision, type Money, type Request } from './policy.js';

export const AGENT_PREFIX = 'agt';
export const EXECUTION_PREFIX = 'aex';

/** Operations an agent may never reach, whatever its permissions: managing keys and agents. */
const UNREACHABLE = [/^agents\./, /^api_keys\./];

const MAX_LIMIT = 1_000_000_000_000;
const limitCurrency = z.string().regex(/^[A-Za-z]{3,8}$/, 'expected a currency code (usd, eur, or the stablecoin\'s, usdx)').transform((c) => c.toLowerCase());
const money = z.strictObject({ amount: z.number().int().min(0).max(MAX_LIMIT), currency: limitCurrency });
const ISO_4217 = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));

/**
 * The amounts of a limit or threshold in a currency no spending can be in (`xyz`) would deny
 * every spending operation: a 400 naming each, as every currency input is. Accepted: ISO 4217
 * codes in circulation and the platform's stablecoin (`services.money.coin`).
 */
function checkLimitCurrencies(input: { limits?: { perTransaction?: Money; daily?: Money }; approvalAbove?: Money | null }, coin: string): void {
  const faults: FieldError[] = [];
  const check = (m: Money | null | undefined, field: string) => {
    if (m && !ISO_4217.has(m.currency) && m.currency !== coin) {
      faults.push({ field, message: `not a currency a payment or transfer can be in: an ISO 4217 code in circulation or the stablecoin (${coin})`, code: 'INVALID_FIELD_VALUE', expected: `an ISO 4217 currency code (usd, eur) or ${coin}` });
    }
  };
  check(input.limits?.perTransaction, 'limits.perTransaction.currency');
  check(input.limits?.daily, 'limits.daily.currency');
  check(input.approvalAbove, 'approvalAbove.currency');
  if (faults.length) throw ApiError.validation(faults);
}

const idList = z.array(z.string().min(1).max(200)).max(1000);
const limitsInput = z.strictObject({
  perTransaction: money.optional(),
  daily: money.optional(),
  allowedOperations: z.array(z.string().min(1).max(100)).max(200).optional(),
  allowedCounterparties: idList.optional(),
});
const permissionsInput = z.array(z.string().regex(/^(\*|[a-z_]+:(\*|[a-z_]+))$/, 'expected <resource>:<action>, e.g. orders:write')).min(1).max(100);

type LimitsInput = z.infer<typeof limitsInput>;

/** Limits as stored and shown: the REST spelling. */
function storedLimits(l: LimitsInput): AgentLimits {
  return {
    ...(l.perTransaction ? { per_transaction: l.perTransaction } : {}),
    ...(l.daily ? { daily: l.daily } : {}),
    ...(l.allowedOperations ? { allowed_operations: [...new Set(l.allowedOperations)] } : {}),
    ...(l.allowedCounterparties ? { allowed_counterparties: [...new Set(l.allowedCounterparties)] } : {}),
  };
}

/** Permissions an agent may be given: known, never about agents or keys, never past the creating key's. */
export function checkGrantable(principal: Principal, permissions: string[] | undefined): void {
  if (!permissions) return;
  const unknown = unknownPermissions(permissions);
  const at = (p: string) => `permissions.${permissions.indexOf(p)}`;
  if (unknown.length) throw ApiError.validation(unknown.map((p) => ({ field: at(p), message: `'${p}' is not a permission of this server`, expected: 'a permission of GET /v1/api_keys/permissions' })));
  const reserved = permissions.filter((p) => p === '*' || /^(agents|api_keys):/.test(p));
  if (reserved.length) throw ApiError.validation(reserved.map((p) => ({ field: at(p), message: `'${p}' cannot be given to an agent (agents never manage agents or keys)`, expected: 'permissions other than *, agents:* and api_keys:*' })));
  const exceeding = permissions.filter((p) => {
    const [r, a] = p.split(':');
    const wanted = a === '*' ? [`${r}:read`, `${r}:write`] : [p];
    return !wanted.every((w) => r === '*' ? allows(principal.permissions, '*') : allows(principal.permissions, w));
  });
  if (exceeding.length) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `An agent's permissions cannot exceed the key creating it: this key lacks ${exceeding.map((p) => `'${p}'`).join(', ')}`, {
      required: exceeding, granted: principal.permissions,
    }, 'permissions');
  }
}

export const createAgent = defineMutation({
  name: 'agents.create',
  permission: 'agents:write',
  model: 'Agent',
  input: z.strictObject({
    name: z.string().min(1).max(200),
    description: z.string().max(2000).optional(),
    permissions: permissionsInput,
    limits: limitsInput,
    approvalAbove: money.nullable().optional(),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input, emit, services) {
    checkLimitCurrencies(input, services.money.coin);
    const row = await tx.agent.create({
      data: {
        id: newId(AGENT_PREFIX), accountId: scope.accountId, livemode: scope.livemode, name: input.name, description: input.description ?? null,
        status: 'active', permissions: [...new Set(input.permissions)], limits: storedLimits(input.limits) as object,
        approvalAbove: input.approvalAbove ?? undefined, metadata: input.metadata ?? {},
      },
    });
    emit('agent.created', 'Agent', row);
    return row;
  },
});

/** An agent's statuses: a paused agent executes nothing. */
export const AGENT_STATUSES = ['active', 'paused'] as const;
/** An execution's statuses: running after an allow, then succeeded or failed; denied; pending_approval, then running or rejected. */
export const EXECUTION_STATUSES = ['running', 'succeeded', 'failed', 'denied', 'pending_approval', 'rejected'] as const;
type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const updateAgentConfig = defineMutation({
  name: 'agents.update_config',
  permission: 'agents:write',
  model: 'Agent',
  input: z.strictObject({
    id: z.string().regex(/^agt_[0-9a-z]{10,40}$/, 'expected an id: agt_ and 10 to 40 lowercase letters or digits'),
    name: z.string().min(1).max(200).optional(),
    description: z.string().max(2000).nullable().optional(),
    permissions: permissionsInput.optional(),
    limits: limitsInput.optional(),
    approvalAbove: money.nullable().optional(),
    status: z.enum(AGENT_STATUSES).optional(),
  }),
  async run(tx, scope, input, emit, services) {
    checkLimitCurrencies(input, services.money.coin);
    // the agent's row locked before it is read: concurrent updates run one at a time, each
    // event's previous attributes what the update before it left
    await lockRow(tx, 'Agent', input.id);
    const before = await tx.agent.findFirst({ where: scopedWhere(scope, { id: input.id }) });
    if (!before) throw ApiError.notFound('agent', input.id);
    const row = await tx.agent.update({
      where: { id: input.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.permissions ? { permissions: [...new Set(input.permissions)] } : {}),
        ...(input.limits ? { limits: storedLimits(input.limits) as object } : {}),
        // null removes the threshold: the column becomes SQL NULL (Prisma's DbNull), not JSON
        ...(input.approvalAbove !== undefined ? { approvalAbove: input.approvalAbove ?? PrismaNamespace.DbNull } : {}),
        ...(input.status ? { status: input.status } : {}),
      },
    });
    emit('agent.updated', 'Agent', row, previousAttributes('Agent', before, row));
    return row;
  },
});

// ---------------------------------------------------------------- execute

/** The operations an agent may name, for the 400 that lists them. */
export function reachableOperations(registry: OperationRegistry): string[] {
  return registry.names().filter((n) => !UNREACHABLE.some((re) => re.test(n)));
}

const executeBody = z.strictObject({
  operation: z.string().min(1).max(100),
  input: z.record(z.string(), z.unknown()).optional(),
});

interface Spend {
  amount: number;
  currency: string;
}

/** What an operation spends and with whom, from its validated input (camelCase). */
async function spendOf(tx: Tx, scope: Scope, operation: string, input: Record<string, unknown>, services: Services): Promise<{ spend?: Spend; counterparty?: string | null }> {
  const coin = services.money.coin;
  switch (operation) {
    case 'payments.create': {
      // a payment in the coin's own currency counts hundredths of the coin; limits in the coin
      // count micro-units, as transfers and redemptions do
      const currency = String(input.currency).toLowerCase();
      const amount = Number(input.amount) * (currency === coin ? Number(MICRO_PER_COIN_MINOR) : 1);
      return { spend: { amount, currency }, counterparty: (input.customer as string | undefined) ?? null };
    }
    case 'stablecoin.transfer':
      return { spend: { amount: Number(input.amount as bigint), currency: coin }, counterparty: String(input.to).toLowerCase() };
    case 'stablecoin.redeem':
      return { spend: { amount: Number(input.amount as bigint), currency: coin } };
    case 'orders.create': {
      const items = input.items as { product?: string; unitAmount?: number; quantity: number }[];
      const ids = [...new Set(items.flatMap((i) => (i.product && i.unitAmount === undefined ? [i.product] : [])))];
      const prices = ids.length ? await tx.product.findMany({ where: scopedWhere(scope, { id: { in: ids } }), select: { id: true, price: true } }) : [];
      const byId = new Map(prices.map((p) => [p.id, p.price]));
      const total = items.reduce((s, i) => s + (i.unitAmount ?? byId.get(i.product ?? '') ?? 0) * i.quantity, 0);
      return { spend: { amount: total, currency: String(input.currency) }, counterparty: (input.customer as string | undefined) ?? null };
    }
    case 'global.orders.create':
      // the order's whole total: items, shipping and tax, as the order will price them
      return { spend: { amount: await globalOrderTotal(tx, scope, services, input as GlobalOrderInput), currency: String(input.currency) }, counterparty: String(input.customer) };
    case 'invoices.pay':
    case 'invoices.payments': {
      // what the payment will charge: the amount due (pay) or the amount given (a partial payment)
      const inv = await tx.invoice.findFirst({ where: scopedWhere(scope, { id: String(input.id) }), select: { amountDue: true, currency: true, customerId: true } });
      if (!inv) return {}; // the operation answers 404 itself
      return { spend: { amount: operation === 'invoices.pay' ? inv.amountDue : Number(input.amount), currency: inv.currency }, counterparty: inv.customerId };
    }
    default:
      return {};
  }
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Today's spend of the agent in `currency`: succeeded executions and those still running. */
async function spentToday(tx: Tx, agentId: string, currency: string, now: Date): Promise<number> {
  const [row] = await tx.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum("spendAmount")::bigint AS total FROM "AgentExecution"
    WHERE "agentId" = ${agentId} AND "spendCurrency" = ${currency} AND "status" IN ('running', 'succeeded') AND "createdAt" >= ${startOfUtcDay(now)}`;
  return Number(row?.total ?? 0n);
}

type AgentRow = NonNullable<Awaited<ReturnType<Tx['agent']['findFirst']>>>;
type ExecutionRow = NonNullable<Awaited<ReturnType<Tx['agentExecution']['findFirst']>>>;

/** The agent's row, locked until commit: one decision per agent at a time. */
async function lockAgent(tx: Tx, scope: Scope, id: string): Promise<AgentRow> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Agent" WHERE "id" = ${id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`;
  if (!locked.length) throw ApiError.notFound('agent', id);
  return (await tx.agent.findUnique({ where: { id } }))!;
}

function agentState(a: AgentRow) {
  // a threshold stored as anything but an amount (`{"set": null}` was written by a clearing
  // update before 2026-11-25) is no threshold
  const threshold = money.safeParse(a.approvalAbove);
  return { status: a.status, permissions: a.permissions, limits: a.limits as AgentLimits, approvalAbove: threshold.success ? threshold.data as Money : null };
}

/** The validated input of the named operation, with errors naming `input.<field>` in REST spelling. */
function operationInput(reg: RegisteredOperation, raw: Record<string, unknown>, agentId: string): Record<string, unknown> {
  const camel = camelizeBody(raw, 'input') as Record<string, unknown>;
  // the resource records the agent that made it, where the operation keeps metadata
  const shape = (reg.op.input as unknown as { shape?: Record<string, unknown> }).shape;
  const withAgent = shape && 'metadata' in shape ? { ...camel, metadata: { ...((camel.metadata as Record<string, string> | undefined) ?? {}), agent: agentId } } : camel;
  try {
    parseInput(reg.op.input, withAgent);
  } catch (err) {
    if (err instanceof ApiError && Array.isArray(err.details.errors)) {
      const errors = (err.details.errors as FieldError[]).map((e) => ({ ...e, field: e.field === 'body' ? 'input' : `input.${restFieldPath(e.field)}` }));
      throw new ApiError(err.code, errors.length === 1 ? `${errors[0].field}: ${errors[0].message}` : err.message, { ...err.details, errors }, errors[0]?.field);
    }
    throw err;
  }
  return withAgent;
}


const STATUS_OF: Record<Decision['outcome'], ExecutionStatus> = { allow: 'running', deny: 'denied', needs_approval: 'pending_approval' };
const EVENT_OF: Record<string, string> = {
  succeeded: 'agent.execution.succeeded', failed: 'agent.execution.failed', denied: 'agent.execution.denied',
  pending_approval: 'agent.execution.pending_approval', rejected: 'agent.execution.rejected',
};

/** POST /v1/agents/{id}/execute: decide, record, run when allowed; the execution as it ends. */
export async function executeAgent(ctx: CallContext, agentId: string, rawBody: unknown): Promise<{ execution: ExecutionRow; replayed: boolean }> {
  const { services } = ctx;
  const registry = services.operations;
  authorize(ctx.principal, 'agents:execute');
  const body = parseInput(executeBody, rawBody);
  const allowed = reachableOperations(registry);
  const reg = allowed.includes(body.operation) ? registry.get(body.operation) : undefined;
  if (!reg) {
    throw new ApiError('VALIDATION_ERROR', `operation: '${body.operation}' is not an operation an agent can run`, {
      errors: [{ field: 'operation', message: `unknown operation '${body.operation}'`, expected: 'one of details.allowed' }], allowed,
    }, 'operation');
  }
  const rawInput = (body.input ?? {}) as Record<string, unknown>;
  const input = operationInput(reg, rawInput, agentId);
  const parsed = parseInput(reg.op.input, input) as Record<string, unknown>;
  const scope: Scope = { accountId: ctx.principal.accountId, livemode: ctx.principal.livemode };
  const key = ctx.idempotencyKey;
  if (key !== undefined && !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ApiError('INVALID_FIELD_FORMAT', 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)', {}, 'Idempotency-Key');
  }
  const requestHash = sha256Hex(canonicalJson({ operation: body.operation, input: rawInput }));
  const actor = { type: 'agent' as const, id: agentId };
  const now = new Date();

  const decided = await runSystemChange(services, scope, async (tx, emit) => {
    const agent = await lockAgent(tx, scope, agentId);
    if (key !== undefined) {
      const existing = await tx.agentExecution.findUnique({ where: { agentId_idempotencyKey: { agentId, idempotencyKey: key } } });
      if (existing) {
        if (existing.requestHash !== requestHash) {
          throw new ApiError('IDEMPOTENCY_KEY_REUSED', `Idempotency-Key '${key}' was already used with a different request; use a new key for a new request`, { idempotency_key: key });
        }
        if (existing.status === 'running') throw new ApiError('RESOURCE_LOCKED', `A request with Idempotency-Key '${key}' is still in progress`, { idempotency_key: key });
        return { execution: existing, replayed: true };
      }
    }
    const id = newId(EXECUTION_PREFIX);
    const { spend, counterparty } = await spendOf(tx, scope, body.operation, parsed, services);
    const spent = spend ? await spentToday(tx, agentId, spend.currency, now) : 0;
    const request: Request = { executionId: id, operation: body.operation, permission: reg.op.permission, spend, counterparty };
    const facts = factsOf(request, agentState(agent), spent);
    const decision = await evaluate(facts, now);
    const status = STATUS_OF[decision.outcome];
    const execution = await tx.agentExecution.create({
      data: {
        id, accountId: scope.accountId, livemode: scope.livemode, agentId, operation: body.operation, input: rawInput as object, status,
        outcome: decision.outcome, rules: decision.rules, facts: facts as object, policyHash: AGENT_POLICY_HASH, proofHash: decision.proof_hash,
        spendAmount: BigInt(status === 'running' && spend ? spend.amount : 0), spendCurrency: spend?.currency ?? null,
        idempotencyKey: key ?? null, requestHash, requestId: ctx.requestId, createdAt: now,
      },
    });
    if (EVENT_OF[status]) emit(EVENT_OF[status], 'AgentExecution', execution);
    return { execution, replayed: false };
  }, { requestId: ctx.requestId, idempotencyKey: key ?? null, actor });

  if (decided.replayed || decided.execution.status !== 'running') return decided;
  return { execution: await runAllowed(ctx, decided.execution, reg, input, actor), replayed: false };
}

/** Runs an allowed execution's operation as the agent, then records how it ended. */
async function runAllowed(
  ctx: CallContext, execution: ExecutionRow, reg: RegisteredOperation, input: Record<string, unknown>, actor: { type: 'agent'; id: string },
): Promise<ExecutionRow> {
  const { services } = ctx;
  const scope: Scope = { accountId: execution.accountId, livemode: execution.livemode };
  const agent = await services.db.prisma.agent.findUniqueOrThrow({ where: { id: execution.agentId } });
  // the agent acts with its own permissions, on the caller's account and mode
  const principal: Principal = { ...ctx.principal, permissions: agent.permissions };
  // the execution's events name the request that ran it and that request's Idempotency-Key
  const cause = { requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey ?? null, actor };
  let status = 'succeeded';
  let result: Record<string, unknown> | null = null;
  let error: Record<string, unknown> | null = null;
  try {
    const out = await executeMutation(reg.op, {
      services, principal, requestId: ctx.requestId, idempotencyKey: `agent_execution:${execution.id}`, eventIdempotencyKey: ctx.idempotencyKey ?? null, signed: ctx.signed, actor,
    }, input);
    result = out.reveal ? { ...out.body, ...out.reveal } : out.body;
    if (result.status === 'failed') status = 'failed';
  } catch (err) {
    if (!(err instanceof ApiError)) {
      await finish(services, scope, execution, 'failed', null, { code: 'INTERNAL_ERROR', message: 'The operation failed unexpectedly', type: 'api_error', status: 500 }, cause);
      throw err;
    }
    status = 'failed';
    const envelope = err.toBody(ctx.requestId).error as Record<string, unknown>;
    error = envelope;
  }
  return finish(services, scope, execution, status, result, error, cause);
}

async function finish(
  services: Services, scope: Scope, execution: ExecutionRow, status: string, result: Record<string, unknown> | null,
  error: Record<string, unknown> | null, cause: { requestId: string; idempotencyKey: string | null; actor: { type: 'agent'; id: string } },
): Promise<ExecutionRow> {
  return runSystemChange(services, scope, async (tx, emit) => {
    const row = await tx.agentExecution.update({
      where: { id: execution.id },
      data: {
        status, result: (result ?? undefined) as object | undefined, error: (error ?? undefined) as object | undefined,
        resultId: typeof result?.id === 'string' ? result.id : null,
        // a failed execution gives its reserved spend back
        ...(status === 'succeeded' ? {} : { spendAmount: 0n }),
      },
    });
    emit(EVENT_OF[status], 'AgentExecution', row);
    return row;
  }, cause);
}

/** approve | reject of an execution held for approval: an `sk_` key of the account only. */
export async function decidePending(
  ctx: CallContext, agentId: string, executionId: string, verdict: 'approve' | 'reject',
): Promise<ExecutionRow> {
  const { services } = ctx;
  const registry = services.operations;
  authorize(ctx.principal, 'agents:write');
  if (ctx.principal.type !== 'secret') {
    throw new ApiError('RESOURCE_ACCESS_DENIED', `Only a secret key (sk_) of the account can ${verdict} an agent's execution`, { key_type: ctx.principal.type });
  }
  const scope: Scope = { accountId: ctx.principal.accountId, livemode: ctx.principal.livemode };
  const actor = { type: 'agent' as const, id: agentId };
  const now = new Date();
  const decided = await runSystemChange(services, scope, async (tx, emit) => {
    const agent = await lockAgent(tx, scope, agentId);
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "AgentExecution" WHERE "id" = ${executionId} AND "agentId" = ${agentId} FOR UPDATE`;
    if (!locked.length) throw ApiError.notFound('agent_execution', executionId);
    const execution = (await tx.agentExecution.findUnique({ where: { id: executionId } }))!;
    if (execution.status !== 'pending_approval') {
      throw new ApiError('INVALID_STATE_TRANSITION', `The execution is ${execution.status}; only one pending approval can be ${verdict === 'approve' ? 'approved' : 'rejected'}`, {
        current_status: execution.status, action: verdict,
      });
    }
    if (verdict === 'reject') {
      const row = await tx.agentExecution.update({ where: { id: executionId }, data: { status: 'rejected', decidedBy: ctx.principal.keyId } });
      emit(EVENT_OF.rejected, 'AgentExecution', row);
      return { row, input: undefined };
    }
    // approved by a person: decided again on today's spend and the agent as it is now, the
    // approval threshold waived; every other rule still holds
    const reg = registry.get(execution.operation);
    if (!reg) throw new ApiError('INVALID_STATE_TRANSITION', `The operation ${execution.operation} is no longer served`, { operation: execution.operation });
    const input = operationInput(reg, execution.input as Record<string, unknown>, agentId);
    const parsed = parseInput(reg.op.input, input) as Record<string, unknown>;
    const { spend, counterparty } = await spendOf(tx, scope, execution.operation, parsed, services);
    const spent = spend ? await spentToday(tx, agentId, spend.currency, now) : 0;
    const facts = factsOf({ executionId, operation: execution.operation, permission: reg.op.permission, spend, counterparty }, agentState(agent), spent, true);
    const decision = await evaluate(facts, now);
    const status = decision.outcome === 'allow' ? 'running' : 'denied';
    const row = await tx.agentExecution.update({
      where: { id: executionId },
      data: {
        status, outcome: decision.outcome, rules: decision.rules, facts: facts as object, proofHash: decision.proof_hash, decidedBy: ctx.principal.keyId,
        spendAmount: BigInt(status === 'running' && spend ? spend.amount : 0),
      },
    });
    if (status === 'denied') emit(EVENT_OF.denied, 'AgentExecution', row);
    return { row, input: status === 'running' ? { reg, input } : undefined };
  }, { requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey ?? null, actor });
  if (!decided.input) return decided.row;
  return runAllowed(ctx, decided.row, decided.input.reg, decided.input.input, actor);
}

/** GET .../verify: the recorded facts through the policy again; verified when outcome and proof agree. */
export async function verifyExecution(execution: ExecutionRow): Promise<Record<string, unknown>> {
  const facts = recordedFacts(execution.facts);
  const again = facts ? await evaluate(facts, execution.createdAt).catch(() => undefined) : undefined;
  const verified = Boolean(again && again.outcome === execution.outcome && again.proof_hash === execution.proofHash && execution.policyHash === AGENT_POLICY_HASH);
  return {
    object: 'agent_execution_verification',
    execution: execution.id,
    verified,
    outcome: again?.outcome ?? null,
    proof_hash: again?.proof_hash ?? null,
    recorded_proof_hash: execution.proofHash,
    policy_hash: AGENT_POLICY_HASH,
    recorded_policy_hash: execution.policyHash,
  };
}
