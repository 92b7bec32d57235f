// What an area of the API is to the rest of the server: one object per area, exported from
// src/modules/<area>/index.ts and named once in src/modules/index.ts. The app, the GraphQL
// schema, the permission and event catalogues and background work all iterate that list,
// so adding an area never touches the assembly.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '../errors.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { KeyAuthenticator } from '../auth/keys.js';
import type { Services } from '../operations/operation.js';
import type { RestDeps } from '../rest/context.js';
import type { Metrics } from '../ops/health.js';
import type { SearchDeclaration } from '../search/declaration.js';

/** What a module's REST routes are given. */
export interface ModuleRestDeps extends RestDeps {
  config: Config;
  auth: KeyAuthenticator;
  /** for the module's own counters in /metrics */
  metrics: Metrics;
}

/** What a module's background work is given. */
export interface ModuleRuntime {
  services: Services;
  config: Config;
  logger: Logger;
}

/** Stops background work; resolves when it has stopped. */
export type Stop = () => Promise<void> | void;

export interface AppModule {
  /** the area's name, as its folder */
  name: string;
  /** permission resources and their actions (`orders` -> read, create, ...): the permission catalogue */
  permissions?: Record<string, readonly string[]>;
  /** event types the area emits: the event catalogue (webhook subscriptions, `events(types:)`) */
  events?: readonly string[];
  /**
   * Fields of the area's models that hold one of a closed set of values, by model and field
   * (`{Order: {status: ORDER_STATUSES}}`), from the state machines and input enums the area
   * already has: a list filter (REST or GraphQL) on another value is INVALID_ENUM_VALUE
   */
  enums?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** registers the area's GraphQL types and fields on the shared builder (called once) */
  graphql?(): void;
  /** registers the area's HTTP routes */
  rest?(app: FastifyInstance, deps: ModuleRestDeps): void;
  /**
   * Errors the router raises before any route of the area runs (a malformed path under its
   * prefix, or one of its prefixes), for an area that answers in an error shape of its own.
   */
  routerErrors?: { prefix: string | readonly string[]; send(reply: FastifyReply, err: ApiError): FastifyReply };
  /**
   * what of the area POST /v1/search and GraphQL `search` find: searchable fields and weights,
   * facet, filter and sort columns (src/search/declaration.ts); read by the search module
   */
  search?: SearchDeclaration;
  /** starts the area's background work after the database is open; returns how to stop it */
  start?(runtime: ModuleRuntime): Stop;
}

export function defineModule(m: AppModule): AppModule {
  return m;
}
