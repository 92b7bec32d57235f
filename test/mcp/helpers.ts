// MCP clients for the tests: the SDK's own Client, over streamable HTTP against a test server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export async function connectHttp(base: string, key: string, headers: Record<string, string> = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'commerce-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } } });
  await client.connect(transport);
  return { client, transport };
}

/** The text blocks of a result. */
export function texts(result: CallToolResult | Record<string, unknown>): string[] {
  return ((result as CallToolResult).content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : []));
}

/** The API error envelope of a failed tool call. */
export function envelope(result: CallToolResult | Record<string, unknown>): { error: Record<string, any> } {
  const r = result as CallToolResult;
  if (!r.isError) throw new Error(`the call did not fail: ${texts(r).join('\n')}`);
  return JSON.parse(texts(r)[0]!);
}

/** A raw POST /mcp (no SDK), for what the SDK client would hide. */
export async function rawPost(base: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
