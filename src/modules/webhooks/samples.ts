// Sample events for /v1/webhooks/{id}/test and /v1/webhooks/simulate: the envelope of a real
// event of that type (a fresh evt_ id, so receivers do not drop it as a repeat), whose
// `data.object` is a sample of the group's object, marked `metadata.sample = "true"` so a
// receiver can tell it from a real one. Never stored.
import type { EventEnvelope } from '../../events/bus.js';
import { newEvent } from '../../events/outbox.js';
import { ApiError } from '../../errors.js';
import { ID_PREFIX, newId } from '../../ids.js';
import { knownEventTypes } from '../catalog.js';

const PREFIX_OF_GROUP: Record<string, string> = {
  order: ID_PREFIX.order, customer: ID_PREFIX.customer, product: ID_PREFIX.product, webhook_endpoint: ID_PREFIX.webhookEndpoint,
  payment: 'pay', stablecoin: 'sct', return: 'ret', inventory: 'inv', invoice: 'in', api: 'req',
};

/** A known, concrete event type (no wildcard), or INVALID_ENUM_VALUE naming `field`. */
export function concreteEventType(value: unknown, field = 'event_type'): string {
  if (typeof value !== 'string' || value === '') {
    throw ApiError.validation([{ field, message: 'required: an event type such as order.created', expected: 'an event type' }]);
  }
  if (!knownEventTypes().includes(value)) {
    throw new ApiError('INVALID_ENUM_VALUE', `'${value.slice(0, 128)}' is not an event type`, {
      errors: [{ field, message: `'${value.slice(0, 128)}' is not an event type`, expected: 'one of the known event types' }], allowed: knownEventTypes(),
    }, field);
  }
  return value;
}

export function sampleEvent(type: string, livemode: boolean, apiVersion: string): EventEnvelope {
  const group = type.split('.')[0];
  const now = Math.floor(Date.now() / 1000);
  const object: Record<string, unknown> = {
    id: newId(PREFIX_OF_GROUP[group] ?? 'obj'), object: group, livemode, created: now, metadata: { sample: 'true' },
  };
  if (group === 'order') {
    Object.assign(object, { status: type === 'order.created' ? 'pending' : type.split('.')[1], currency: 'usd', amount: 900, items: [{ object: 'order_item', name: 'Tea', quantity: 2, unit_amount: 450, amount: 900 }] });
  }
  return newEvent(type, object, { requestId: null, idempotencyKey: null, apiVersion, livemode });
}
