// MCP resources: documents an agent reads rather than calls, at fixed URIs. Each is the same
// text a REST client gets: the OpenAPI document of /openapi.json (without the operators'
// routes), the error catalogue of GET /v1/errors, the decision catalog of GET /api/svc/catalog
// and the README's quick start.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { errorReference } from '../error-reference.js';
import { withoutAdminRoutes } from '../rest/openapi.js';
import type { Caller } from './call.js';

export interface ResourceDef extends Resource {
  uri: string;
  name: string;
  mimeType: string;
  read(app: FastifyInstance, caller: Caller): Promise<string>;
}

const README = new URL('../../README.md', import.meta.url);

/** A section of the README (from its `## ` heading to the next one), or undefined. */
export function readmeSection(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  return `${lines.slice(start, end).join('\n').trimEnd()}\n`;
}

let quickStart: string | undefined;
function readQuickStart(): string {
  if (quickStart === undefined) {
    const section = readmeSection(readFileSync(README, 'utf8'), 'Quick start');
    if (!section) throw new Error('the README has no "## Quick start" section');
    quickStart = section;
  }
  return quickStart;
}

export function openApiText(app: FastifyInstance): string {
  return JSON.stringify(withoutAdminRoutes(app.swagger()));
}

export const RESOURCES: ResourceDef[] = [
  {
    uri: 'commerce://openapi.json',
    name: 'openapi',
    title: 'OpenAPI document',
    description: 'The OpenAPI 3.1 description of every REST route (GET /openapi.json); each tool is one of its operations, named by its operationId.',
    mimeType: 'application/json',
    read: async (app) => openApiText(app),
  },
  {
    uri: 'commerce://errors',
    name: 'errors',
    title: 'Error catalogue',
    description: 'Every error code: HTTP status, type, meaning and what to do (GET /v1/errors).',
    mimeType: 'application/json',
    read: async () => JSON.stringify({ object: 'list', data: errorReference(), url: '/v1/errors' }),
  },
  {
    uri: 'commerce://svc/catalog',
    name: 'svc-catalog',
    title: 'Decision service catalog',
    description: 'The decision service\'s industry packs, scenarios and agent instructions (GET /api/svc/catalog).',
    mimeType: 'application/json',
    read: async (app, caller) => {
      const res = await app.inject({ method: 'GET', url: '/api/svc/catalog', headers: { ...(caller.host ? { host: caller.host } : {}) }, remoteAddress: caller.ip });
      if (res.statusCode !== 200) throw new Error(`the decision catalog answered ${res.statusCode}`);
      return res.payload;
    },
  },
  {
    uri: 'commerce://readme/quick-start',
    name: 'quick-start',
    title: 'Quick start',
    description: 'The README\'s quick start: running the server, getting a key, first requests.',
    mimeType: 'text/markdown',
    read: async () => readQuickStart(),
  },
];
