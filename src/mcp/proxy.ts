// The stdio door for local agent hosts: JSON-RPC messages read from stdin are sent to a
// server's POST /mcp (the SDK's streamable HTTP client transport, with the key as the bearer),
// and what the server answers (and sends on the session's event stream) is written to stdout.
// The messages pass through unchanged, so the host talks to the very same MCP server as an
// HTTP client would.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface ProxyOptions {
  /** the server's /mcp endpoint */
  url: URL;
  apiKey: string;
  stdin?: Readable;
  stdout?: Writable;
  /** where transport errors are reported (never the key) */
  log?: (line: string) => void;
}

export interface RunningProxy {
  /** resolves when the host closed stdin and the session was ended */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** A failed HTTP exchange as the JSON-RPC error of the request it carried. */
function errorFor(id: string | number, err: unknown): JSONRPCMessage {
  if (err instanceof StreamableHTTPError) {
    const text = err.message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '');
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const message = (envelope as { error?: { message?: string } } | undefined)?.error?.message ?? text;
    return { jsonrpc: '2.0', id, error: { code: -32000, message: `HTTP ${err.code}: ${message}`, data: { http_status: err.code, ...(envelope ? { body: envelope } : {}) } } };
  }
  return { jsonrpc: '2.0', id, error: { code: -32603, message: `The server could not be reached: ${(err as Error).message}` } };
}

export async function proxyStdio(opts: ProxyOptions): Promise<RunningProxy> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const local = new StdioServerTransport(opts.stdin, opts.stdout);
  const remote = new StreamableHTTPClientTransport(opts.url, { requestInit: { headers: { authorization: `Bearer ${opts.apiKey}` } } });
  /** ids of the host's initialize requests in flight: their answer fixes the protocol version */
  const initializing = new Set<string | number>();
  let closing = false;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  local.onmessage = (message) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializing.add(message.id);
    remote.send(message).catch((err: unknown) => {
      if (isJSONRPCRequest(message)) void local.send(errorFor(message.id, err));
      else log(`mcp proxy: ${(err as Error).message}`);
    });
  };
  remote.onmessage = (message) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void local.send(message);
  };
  remote.onerror = (err) => log(`mcp proxy: ${err.message}`);
  local.onerror = (err) => log(`mcp proxy: ${err.message}`);

  const close = async () => {
    if (closing) return;
    closing = true;
    // the session ends on the server too (DELETE /mcp), when one was opened
    if (remote.sessionId) await remote.terminateSession().catch(() => undefined);
    await remote.close().catch(() => undefined);
    await local.close().catch(() => undefined);
    resolveClosed();
  };
  const stdin = opts.stdin ?? process.stdin;
  stdin.once('end', () => void close());
  stdin.once('close', () => void close());

  await remote.start();
  await local.start();
  return { closed, close };
}
