// Minimal typings for the parts of autocannon 9 the benchmark uses (the package ships none).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    pipelining?: number;
    /** stop after this many requests in total (instead of after `duration`) */
    amount?: number;
    /** the request sequence each connection cycles through */
    requests?: RequestSpec[];
    /** called with each connection's client when it is created */
    setupClient?: (client: Client) => void;
  }

  /** One connection of a run (the part of its API the benchmark uses). */
  export interface Client extends EventEmitter {
    /** replaces this connection's request sequence (its own objects, not shared with others) */
    setRequests(requests: RequestSpec[]): void;
  }

  /** One entry of `requests`; `setupRequest` runs before every send of this request. */
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: RequestSpec, context: Record<string, unknown>) => RequestSpec | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }

  export interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    requests: Stats;
    latency: Stats;
    throughput: Stats;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  export default function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
}
