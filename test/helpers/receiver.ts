// A real HTTP receiver for webhook tests, on 127.0.0.1: records every request (headers and
// raw body) and answers as the test says, per request.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** hold the answer this long */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  /** requests answered */
  received: Received[];
  /** requests as they arrive, before they are answered */
  arrivals: Received[];
  /** `<path> <webhook-id>` of requests that arrived while another with the same path and id was unanswered */
  overlaps: string[];
  /** how to answer each request (default 200) */
  answer: (req: Received) => Answer;
  /** requests whose path starts with `path` */
  at(path: string): Received[];
  /** resolves once `predicate` holds for the received requests, or rejects after `timeoutMs` */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters = new Set<() => void>();
  const open = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    received: [],
    arrivals: [],
    overlaps: [],
    answer: () => ({ status: 200 }),
    at: (path) => receiver.received.filter((r) => r.path.startsWith(path)),
    waitFor(predicate, timeoutMs = 20_000, what = 'requests') {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(receiver.received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(receiver.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver: ${what} did not arrive in ${timeoutMs} ms (got ${receiver.received.length}: ${receiver.received.map((r) => r.path).join(', ')})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try { json = JSON.parse(body); } catch { json = undefined; }
      const got: Received = { path: req.url ?? '/', headers: req.headers, body, json, at: Date.now() };
      receiver.arrivals.push(got);
      // one event goes to several endpoints at once: an overlap is the same id on the same path
      const id = typeof got.headers['webhook-id'] === 'string' ? `${got.path} ${got.headers['webhook-id']}` : undefined;
      if (id) {
        if (open.has(id)) receiver.overlaps.push(id);
        open.set(id, (open.get(id) ?? 0) + 1);
      }
      const answer = receiver.answer(got);
      const reply = () => {
        if (id) {
          const left = (open.get(id) ?? 1) - 1;
          if (left <= 0) open.delete(id);
          else open.set(id, left);
        }
        receiver.received.push(got);
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end('ok');
        for (const w of [...waiters]) w();
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return receiver;
}
