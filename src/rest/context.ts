// Per-request plumbing of the REST door: the caller's principal, the call context of an
// operation, and the error envelope.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERROR_CATALOG, type ErrorCode } from '../errors.js';
import type { KeyAuthenticator, Principal } from '../auth/keys.js';
import type { CallContext, Services } from '../operations/operation.js';
import { verifySignedRequest } from '../modules/money/signatures.js';
import { InvalidQueryError } from '../search/engine.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    startedAt: number;
    /** the body's bytes as received (JSON bodies): what X-Signature covers */
    rawBody?: Buffer;
    /** the request carried a valid X-Signature (modules/money/signatures.ts) */
    signed?: boolean;
  }
}

export interface RestDeps {
  services: Services;
  auth: KeyAuthenticator;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export async function authenticate(req: FastifyRequest, deps: RestDeps): Promise<Principal> {
  if (req.principal) return req.principal;
  const principal = await deps.auth.actingFor(await deps.auth.fromRequest(header(req, 'authorization'), req.ip), header(req, 'x-account-id'));
  req.principal = principal;
  throwForcedTestError(header(req, 'x-test-error-code'), principal);
  // a signature is verified whenever present, on any request (spec, Authentication rule 4)
  req.signed = await verifySignedRequest(deps.services.db.prisma, deps.services.secrets, principal.accountId, {
    signature: header(req, 'x-signature'), timestamp: header(req, 'x-timestamp'),
  }, req.rawBody ?? Buffer.alloc(0));
  return principal;
}

export async function callContext(req: FastifyRequest, deps: RestDeps): Promise<CallContext> {
  return {
    services: deps.services,
    principal: await authenticate(req, deps),
    requestId: req.id,
    idempotencyKey: header(req, 'idempotency-key'),
    signed: req.signed === true,
  };
}

export function sendError(reply: FastifyReply, err: ApiError) {
  if (err.code === 'RATE_LIMITED' && typeof err.details.retry_after === 'number') {
    reply.header('Retry-After', String(err.details.retry_after));
  }
  if (err.replayed) {
    // the first answer again, as it was: its body names the request that produced it, and so
    // does X-Request-Id (as a decision replay's does)
    reply.header('Idempotent-Replayed', 'true');
    if (err.stamp?.requestId) reply.header('X-Request-Id', err.stamp.requestId);
  }
  return reply.status(err.status).send(err.toBody(reply.request.id));
}

/** Test mode can force an error from the catalog (spec: `X-Test-Error-Code`), on every door. */
export function throwForcedTestError(forced: string | undefined, principal: Principal): void {
  if (forced === undefined || principal.livemode) return;
  // the spec's lowercase invalid_query, as search answers it (its limits in details)
  if (forced === 'invalid_query') {
    const err = new InvalidQueryError('Forced by X-Test-Error-Code in test mode');
    Object.assign(err.details, { forced: true });
    throw err;
  }
  // the spec's lowercase style names the same errors (`invalid_api_key`, `rate_limit_exceeded`):
  // forced as the catalogue's code it stands for, answered in our letter case
  const code = LOWERCASE_ALIASES[forced] ?? (forced === forced.toLowerCase() ? forced.toUpperCase() : forced);
  if (!Object.hasOwn(ERROR_CATALOG, code)) { // own keys: 'toString' is no error code
    throw new ApiError('INVALID_FIELD_VALUE', `X-Test-Error-Code '${forced}' is not an error code of the catalog`, {}, 'X-Test-Error-Code');
  }
  throw new ApiError(code as ErrorCode, `Forced by X-Test-Error-Code in test mode`, { forced: true });
}

/** The spec's lowercase codes whose catalogue code is not just their upper case. */
const LOWERCASE_ALIASES: Record<string, ErrorCode> = Object.assign(Object.create(null) as Record<string, ErrorCode>, {
  rate_limit_exceeded: 'RATE_LIMITED',
  parameter_missing: 'MISSING_REQUIRED_FIELD',
});
