// A body announced over the limit is answered 413 before it is read, and read away after: a
// Node client still writing its body reads the answer (it used to fail with EPIPE on a
// socket closed under it), and the connection stays usable.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.stop(); });

const SIZE = 11 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, 32);

/** POSTs SIZE bytes in 64 KB pieces; resolves with the status and body read, or the client's error. */
function postLarge(path: string, agent: http.Agent): Promise<{ status?: number; body?: string; error?: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': SIZE } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        sent += PIECE.length;
        if (!req.write(PIECE)) { req.once('drain', write); return; }
      }
      req.end();
    };
    write();
  });
}

describe('oversize bodies', () => {
  for (const path of ['/v1/orders', '/graphql']) {
    it(`a client writing 11 MB in 64 KB pieces reads the 413 from ${path}, 20 times of 20`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 20; i++) {
          const r = await postLarge(path, agent);
          expect(r.error, `try ${i}`).toBeUndefined();
          expect(r.status).toBe(413);
          // each door answers in its own shape (GraphQL: {errors: [...]})
          const parsed = JSON.parse(r.body!);
          expect(path === '/graphql' ? parsed.errors[0].extensions.code : parsed.error.code).toBe('PAYLOAD_TOO_LARGE');
        }
      } finally {
        agent.destroy();
      }
    });
  }
});
