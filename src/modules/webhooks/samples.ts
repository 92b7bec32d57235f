// Sample events for /v1/webhooks/{id}/test and /v1/webhooks/simulate: the envelope of a real
// event of that type (a fresh evt_ id, so receivers do not drop it as a repeat), whose
// `data.object` is a sample of the group's object, marked `metadata.sample = "true"` so a
// receiver can tell it from a real one. Never stored.
import { createHash } from 'node:crypto';
import type { EventEnvelope } from '../../events/bus.js';
import { newEvent } from '../../events/outbox.js';
import { z } from 'zod';
import { ID_PREFIX, newId } from '../../ids.js';
import { knownEventTypes } from '../catalog.js';
import { present } from '../../representation.js';
import { checksumAddress } from '../money/address.js';
import { formatCoin, formatMajor } from '../money/amounts.js';
import { paymentEventData } from '../payments/operations.js';
import { STABLECOIN_ID_PREFIX } from '../stablecoin/operations.js';

const PREFIX_OF_GROUP: Record<string, string> = {
  order: ID_PREFIX.order, customer: ID_PREFIX.customer, product: ID_PREFIX.product, webhook_endpoint: ID_PREFIX.webhookEndpoint,
  payment: 'pay', stablecoin: 'sct', return: 'ret', inventory: 'inv', invoice: 'in', api: 'req',
};

const EVENT_TYPE_EXPECTED = 'a known event type such as order.created (no wildcard)';

/**
 * A known, concrete event type (no wildcard), checked with the rest of a body: anything else is
 * INVALID_ENUM_VALUE (a missing one MISSING_REQUIRED_FIELD, as zodFaults says it).
 */
export const concreteEventType = z.string().superRefine((value, ctx) => {
  if (knownEventTypes().includes(value)) return;
  const shown = value.slice(0, 128);
  ctx.addIssue({
    code: 'custom',
    message: value.endsWith('.*') || value === '*' ? `'${shown}' is a pattern: send one event type` : `'${shown}' is not an event type`,
    params: { code: 'INVALID_ENUM_VALUE', expected: EVENT_TYPE_EXPECTED },
  });
});

/** A sample hash or address part: hex digits derived from the sample's id (not a real transaction's). */
const hexOf = (id: string, length: number) => createHash('sha256').update(id).digest('hex').slice(0, length);

/**
 * The resources whose events carry the spec's flat `data` fields (payment and stablecoin
 * events, and refunds): a sample row presented as the real event presents its row, with the
 * same flat fields beside `data.object`.
 */
function sampleWithFlatData(type: string, livemode: boolean, created: Date): { object: Record<string, unknown>; data: Record<string, unknown> } | undefined {
  const base = { accountId: 'sample', livemode, createdAt: created };
  const sampleAddress = (seed: string) => `0x${hexOf(seed, 40)}`;
  switch (type) {
    case 'payment.created':
    case 'payment.succeeded':
    case 'payment.failed': {
      const id = newId('pay');
      const status = type === 'payment.created' ? 'pending' : type.split('.')[1];
      const row = {
        ...base, id, amount: 900, currency: 'usd', status, paymentMethod: status === 'failed' ? 'pm_card_chargeDeclined' : 'pm_card_visa',
        customerId: null, orderId: null, description: null, metadata: SAMPLE_METADATA, amountRefunded: 0,
        failureReason: status === 'failed' ? 'card_declined' : null, transactionHash: status === 'succeeded' ? hexOf(id, 64) : null,
        settleAt: null, updatedAt: created,
      };
      return { object: present('Payment', row), data: paymentEventData(row) };
    }
    case 'refund.created': {
      const id = newId('re');
      const row = { ...base, id, paymentId: newId('pay'), amount: 450, currency: 'usd', status: 'succeeded', reason: 'requested_by_customer', transactionHash: hexOf(id, 64) };
      return { object: present('Refund', row), data: { refund_id: id, payment_id: row.paymentId, amount: formatMajor(row.amount, row.currency), currency: row.currency, status: row.status, transaction_hash: row.transactionHash } };
    }
    case 'stablecoin.issued': {
      const id = newId(STABLECOIN_ID_PREFIX.issuance);
      const row = { ...base, id, amount: 12_500_000n, recipient: sampleAddress(`${id}:to`), status: 'succeeded', transactionHash: hexOf(id, 64) };
      return { object: present('StablecoinIssuance', row), data: { issuance_id: id, amount: formatCoin(row.amount), recipient: checksumAddress(row.recipient), total_supply: formatCoin(row.amount) } };
    }
    case 'stablecoin.redeemed':
    case 'stablecoin.redemption.succeeded': {
      // redeemed: burnt, the payout in flight; redemption.succeeded: paid out
      const id = newId(STABLECOIN_ID_PREFIX.redemption);
      const status = type === 'stablecoin.redeemed' ? 'processing' : 'succeeded';
      const row = { ...base, id, amount: 5_000_000n, bankAccount: '****6789', bankAccountSealed: '', status, transactionHash: hexOf(id, 64), settleAt: null };
      return { object: present('StablecoinRedemption', row), data: { redemption_id: id, amount: formatCoin(row.amount), bank_account: row.bankAccount, status: row.status } };
    }
    case 'stablecoin.transferred': {
      const id = newId(STABLECOIN_ID_PREFIX.transfer);
      const row = {
        ...base, id, fromAddress: sampleAddress(`${id}:from`), toAddress: sampleAddress(`${id}:to`), recipientAccountId: 'sample',
        amount: 2_000_000n, status: 'succeeded', transactionHash: hexOf(id, 64),
      };
      return { object: present('StablecoinTransfer', row), data: { transfer_id: id, from: checksumAddress(row.fromAddress), to: checksumAddress(row.toAddress), amount: formatCoin(row.amount) } };
    }
    default:
      return undefined;
  }
}

const SAMPLE_METADATA = { sample: 'true' };

export function sampleEvent(type: string, livemode: boolean, apiVersion: string): EventEnvelope {
  const origin = { requestId: null, idempotencyKey: null, apiVersion, livemode };
  const flat = sampleWithFlatData(type, livemode, new Date());
  if (flat) {
    // marked as a sample like every other (resources without metadata get it all the same)
    return newEvent(type, { ...flat.object, metadata: SAMPLE_METADATA }, origin, undefined, flat.data);
  }
  const group = type.split('.')[0];
  const now = Math.floor(Date.now() / 1000);
  const object: Record<string, unknown> = {
    id: newId(PREFIX_OF_GROUP[group] ?? 'obj'), object: group, livemode, created: now, metadata: SAMPLE_METADATA,
  };
  if (group === 'order') {
    Object.assign(object, { status: type === 'order.created' ? 'pending' : type.split('.')[1], currency: 'usd', amount: 900, items: [{ object: 'order_item', name: 'Tea', quantity: 2, unit_amount: 450, amount: 900 }] });
  }
  return newEvent(type, object, origin);
}
