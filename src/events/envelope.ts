// An outbox row as the envelope the API shows and webhooks deliver (variant A): the same
// keys in the same order as newEvent() builds them, so a delivery, GET /v1/events/{id} and a
// subscription show one event the same way.
import type { EventActor, EventEnvelope } from './bus.js';

export interface EventRow {
  id: string;
  type: string;
  livemode: boolean;
  data: unknown;
  requestId: string | null;
  idempotencyKey: string | null;
  apiVersion: string;
  actor?: unknown;
  connectedAccount?: string | null;
  createdAt: Date;
}

export function envelopeOf(row: EventRow, pendingWebhooks: number): EventEnvelope {
  return {
    id: row.id,
    object: 'event',
    type: row.type,
    created: Math.floor(row.createdAt.getTime() / 1000),
    livemode: row.livemode,
    data: row.data as EventEnvelope['data'],
    request: { id: row.requestId, idempotency_key: row.idempotencyKey },
    ...(row.actor ? { actor: row.actor as EventActor } : {}),
    ...(row.connectedAccount ? { account: row.connectedAccount } : {}),
    pending_webhooks: pendingWebhooks,
    api_version: row.apiVersion,
  };
}
