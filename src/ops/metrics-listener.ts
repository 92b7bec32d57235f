// METRICS_PORT: a second listener serving GET /metrics from the main server's prom-client
// registry WITHOUT authentication (for a Prometheus scraper that cannot send x-admin-key).
// Anyone who reaches the port reads the metrics: bind it to an internal network, or firewall
// it to the scraper. Nothing else is served on it (404 in the envelope; other methods 405).
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { ApiError } from '../errors.js';
import { ID_PREFIX, newId } from '../ids.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

function refuse(res: import('node:http').ServerResponse, err: ApiError, extra: Record<string, string> = {}) {
  const id = newId(ID_PREFIX.request);
  res.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id, 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify(err.toBody(id)));
}

export async function startMetricsListener(registry: Registry, port: number, host: string, onError: (err: Error) => void): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      return refuse(res, new ApiError('ROUTE_NOT_FOUND', `No route ${req.method} ${path.slice(0, 200)} on the metrics port: only GET /metrics`, { method: req.method, path: path.slice(0, 200) }));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return refuse(res, new ApiError('METHOD_NOT_ALLOWED', 'The metrics port answers GET /metrics only', { method: req.method, allowed: ['GET'] }), { allow: 'GET, HEAD' });
    }
    registry.metrics().then((text) => {
      res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    }, (err: Error) => {
      onError(err);
      refuse(res, new ApiError('INTERNAL_ERROR', 'The metrics could not be collected'));
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', onError);
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
