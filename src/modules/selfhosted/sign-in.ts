// The sign-in routes of the self-hosted door: POST /auth/register, /auth/login, /auth/refresh
// (src/auth/users.ts does the work). Their answers are never cached (the app's
// Cache-Control: no-store) and their bodies never logged.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject } from '../../rest/resources.js';
import { restError } from '../../rest/naming.js';
import { SignIn, loginInput, refreshInput, registerInput } from '../../auth/users.js';
import { bodySchemaOf } from '../../rest/openapi.js';
import type { ModuleRestDeps } from '../module.js';

const USER_RESPONSE = {
  type: 'object',
  required: ['id', 'object', 'email', 'name', 'role', 'account', 'organization', 'livemode', 'created', 'updated'],
  properties: {
    id: { type: 'string', description: 'usr_...' }, object: { type: 'string', enum: ['user'] }, email: { type: 'string' },
    name: { type: ['string', 'null'] }, role: { type: 'string', enum: ['owner', 'member'] }, account: { type: 'string' },
    organization: { type: 'string' }, livemode: { type: 'boolean' }, created: { type: 'integer' }, updated: { type: 'integer' },
  },
};

const TOKENS_RESPONSE = {
  type: 'object',
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in', 'refresh_expires_in'],
  properties: {
    access_token: { type: 'string', description: 'a JWT (HS256); send it as `Authorization: Bearer <access_token>`' },
    refresh_token: { type: 'string', description: 'opaque, single use: POST /auth/refresh' },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', description: 'seconds the access token lives (JWT_EXPIRATION)' },
    refresh_expires_in: { type: 'integer', description: 'seconds the refresh token lives (JWT_REFRESH_EXPIRATION)' },
  },
};


/** Errors in REST spelling (`refresh_token`, not `refreshToken`). */
async function rest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof ApiError ? restError(err) : err;
  }
}

export function registerSignInRoutes(app: FastifyInstance, deps: ModuleRestDeps, signIn: SignIn) {
  app.post('/auth/register', {
    config: {
      status: 201,
      doc: {
        summary: 'Create a user: with no Authorization, a new organisation (test mode) and its owner; with a signed-in user\'s access token (or a secret key), another user of that organisation',
        auth: 'none',
        body: bodySchemaOf(registerInput),
        response: USER_RESPONSE,
      },
    },
  }, async (req: FastifyRequest, reply) => {
    const user = await rest(async () => {
      // an invitation: whoever signs the request adds the user to its own account
      const actor = req.headers.authorization !== undefined ? await authenticate(req, deps) : undefined;
      return signIn.register(bodyObject(req), actor);
    });
    return reply.status(201).send(user);
  });

  app.post('/auth/login', {
    config: {
      doc: {
        summary: 'Sign in: an access token (JWT) and a refresh token',
        auth: 'none',
        body: bodySchemaOf(loginInput),
        response: TOKENS_RESPONSE,
      },
    },
  }, (req) => rest(() => signIn.login(bodyObject(req), req.ip)));

  app.post('/auth/refresh', {
    config: {
      doc: {
        summary: 'Rotate a refresh token: a new access token and a new refresh token; a refresh token used twice revokes its sign-in',
        auth: 'none',
        body: bodySchemaOf(refreshInput),
        response: TOKENS_RESPONSE,
      },
    },
  }, (req) => rest(async () => {
    // a wrong refresh token is a failed authentication like a wrong key (AUTH_FAIL_LIMIT_PER_IP)
    await deps.auth.failures?.assertAllowed(req.ip);
    try {
      return await signIn.refresh(bodyObject(req));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_REFRESH_TOKEN') await deps.auth.failures?.recordFailure(req.ip);
      throw err;
    }
  }));
}
