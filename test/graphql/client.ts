// Typed GraphQL clients for the tests: HTTP (the printed codegen document through the
// harness's `gql`), WebSocket (graphql-ws over ws) and SSE (fetch's body reader).
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { gql, type ApiResponse } from '../helpers/server.js';

export interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; details?: { errors?: { field: string; message: string; expected?: string }[] } & Record<string, any> } & Record<string, any>;
}

export type Result<R> = ApiResponse<{ data?: R | null; errors?: GraphQLErrorBody[] }>;

/** Sends a codegen document over HTTP POST /graphql. */
export async function send<R, V extends Record<string, unknown>>(
  url: string, key: string | undefined, doc: TypedDocumentNode<R, V>, variables?: V, headers: Record<string, string> = {},
): Promise<Result<R>> {
  return (await gql<R>(url, key, print(doc), variables as Record<string, unknown> | undefined, headers)) as Result<R>;
}

/** The data of a successful response; fails the test with the errors otherwise. */
export async function data<R, V extends Record<string, unknown>>(
  url: string, key: string | undefined, doc: TypedDocumentNode<R, V>, variables?: V, headers: Record<string, string> = {},
): Promise<R> {
  const res = await send(url, key, doc, variables, headers);
  if (res.body?.errors?.length || !res.body?.data) {
    throw new Error(`GraphQL request failed (HTTP ${res.status}): ${JSON.stringify(res.body?.errors ?? res.text)}`);
  }
  return res.body.data;
}

/** The one error of a failed response, with its code. */
export async function failure<R, V extends Record<string, unknown>>(
  url: string, key: string | undefined, doc: TypedDocumentNode<R, V>, variables?: V, headers: Record<string, string> = {},
): Promise<GraphQLErrorBody & { status: number }> {
  const res = await send(url, key, doc, variables, headers);
  const errors = res.body?.errors;
  if (!errors?.length) throw new Error(`expected an error, got HTTP ${res.status}: ${res.text}`);
  return { ...errors[0], status: res.status };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function wsUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/graphql`;
}

export interface WsSession {
  client: Client;
  /** the close code once the socket closed */
  closed: Promise<number>;
  connected: Promise<void>;
  dispose(): Promise<void>;
}

/** A graphql-ws client that authenticates in connection_init and never retries. */
export function wsSession(httpUrl: string, connectionParams: Record<string, unknown>, headers?: Record<string, string>): WsSession {
  let onClosed!: (code: number) => void;
  let onConnected!: () => void;
  const closed = new Promise<number>((resolve) => { onClosed = resolve; });
  const connected = new Promise<void>((resolve) => { onConnected = resolve; });
  const client = createClient({
    url: wsUrl(httpUrl),
    // headers on the upgrade request (X-Forwarded-For through a trusted proxy)
    webSocketImpl: headers
      ? class extends WebSocket { constructor(url: string, protocols?: string | string[]) { super(url, protocols, { headers }); } }
      : WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    on: {
      connected: () => onConnected(),
      closed: (event) => onClosed((event as { code?: number })?.code ?? -1),
    },
    onNonLazyError: () => {},
  });
  return { client, closed, connected, dispose: () => client.dispose() as Promise<void> };
}

export interface Subscription<R> {
  /** every payload received, in order */
  results: { data?: R | null; errors?: readonly GraphQLErrorBody[] }[];
  /** data of the results received so far */
  items(): R[];
  /** waits until `n` results arrived (or fails after `timeoutMs`) */
  waitFor(n: number, timeoutMs?: number): Promise<R[]>;
  /** resolves with the error or completion of the subscription */
  ended: Promise<unknown>;
  stop(): void;
}

/**
 * Subscribes with a codegen document and collects what arrives. Resolves once the server
 * has had time to register the subscription (there is no acknowledgement in the protocol).
 */
export async function subscribe<R, V extends Record<string, unknown>>(
  session: WsSession, doc: TypedDocumentNode<R, V>, variables?: V, settleMs = 400,
): Promise<Subscription<R>> {
  const results: Subscription<R>['results'] = [];
  const waiters: Array<() => void> = [];
  let end!: (v: unknown) => void;
  const ended = new Promise((resolve) => { end = resolve; });
  const stop = session.client.subscribe<R>(
    { query: print(doc), variables: variables as Record<string, unknown> | undefined },
    {
      next: (value) => {
        results.push(value as Subscription<R>['results'][number]);
        for (const w of waiters.splice(0)) w();
      },
      error: (err) => { end(err); for (const w of waiters.splice(0)) w(); },
      complete: () => { end('complete'); for (const w of waiters.splice(0)) w(); },
    },
  );
  await session.connected;
  await sleep(settleMs);
  const items = () => results.map((r) => r.data as R);
  return {
    results,
    items,
    ended,
    stop,
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (results.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} subscription results within ${timeoutMs} ms, got ${results.length}: ${JSON.stringify(results)}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(Math.min(left, 200))]);
      }
      return items();
    },
  };
}
