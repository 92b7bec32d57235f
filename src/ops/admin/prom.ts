// The operator counters in /metrics (the main port's, behind x-admin-key, and METRICS_PORT's):
//   tenant_cache_events_total{event}           hit, miss, negative_hit, reload, eviction
//   tenant_cache_entries / tenant_cache_keys   accounts and keys cached now
//   stream_auth_total{method}                  streams authenticated by header, connection_params, legacy_query
//   stream_auth_legacy_refused_total{reason}   ?access_token= refused: disabled, not_a_stream
//   stream_legacy_query_auth_enabled           1 while the fallback is on
//   inbound_callbacks_total{outcome}           received, unauthorized, invalid, resolved, unresolved, applied, unchanged, failed, cache_hits, cache_misses
//   inbound_hint_cache_entries                 hints cached now
//   escalation_bridge_failed_total{stage}      publish, subscriber (src/ops/bridge.ts)
// Every counter is monotonic (the admin routes' resettable counters are kept apart).
import { Gauge } from 'prom-client';
import type { KeyAuthenticator } from '../../auth/keys.js';
import type { Metrics } from '../health.js';
import type { BridgeFailures } from '../bridge.js';
import type { InboundCallbacks } from '../inbound.js';
import type { StreamTransport } from './transport.js';

export function registerOpsMetrics(metrics: Metrics, parts: { auth: KeyAuthenticator; transport: StreamTransport; inbound: InboundCallbacks; bridge: BridgeFailures }) {
  const { auth, transport, inbound, bridge } = parts;
  const registers = [metrics.registry];
  metrics.addCounts('tenant_cache_events_total', 'Tenant cache (accounts, keys, plans, settings): hits, misses, cached refusals, revalidations (reload) and evicted accounts', 'event', auth.counts);
  new Gauge({ name: 'tenant_cache_entries', help: 'Accounts in the tenant cache', registers, collect() { this.set(auth.cacheMetrics().entries); } });
  new Gauge({ name: 'tenant_cache_keys', help: 'Valid API keys in the tenant cache', registers, collect() { this.set(auth.cacheMetrics().keys); } });
  metrics.addCounts('stream_auth_total', 'GraphQL streams (SSE, WebSocket) authenticated, by method: header, connection_params, legacy_query (?access_token=)', 'method', transport.counts);
  metrics.addCounts('stream_auth_legacy_refused_total', 'Stream requests refused for carrying ?access_token=: disabled (the fallback is off), not_a_stream', 'reason', transport.refused);
  new Gauge({ name: 'stream_legacy_query_auth_enabled', help: '1 while streams accept ?access_token= (the legacy fallback)', registers, collect() { this.set(transport.legacyEnabled ? 1 : 0); } });
  metrics.addCounts('inbound_callbacks_total', 'Inbound provider callbacks (POST /v1/inbound/{provider}) by outcome, and their hint-cache lookups', 'outcome', inbound.lifetime);
  new Gauge({ name: 'inbound_hint_cache_entries', help: "Hints (tracking number, order or payment id -> account) in the inbound callbacks' cache", registers, collect() { this.set(inbound.cacheSize); } });
  metrics.addCounts('escalation_bridge_failed_total', 'Committed events that failed to reach their live audience: publish (the bus refused a committed event), subscriber (a subscription ended with an error)', 'stage', bridge);
}
