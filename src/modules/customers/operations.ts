// Customers: create, update and delete. Emits customer.created, customer.updated and
// customer.deleted. A customer
// created with `test_clock` (test mode) lives on that clock (src/modules/invoices/clocks.ts).
import { z } from 'zod';
import { ID_PREFIX, newId } from '../../ids.js';
import { CLOCK_PREFIX, lockClock } from '../invoices/clocks.js';
import { ApiError } from '../../errors.js';
import { defineMutation, found, lockRow, scopedWhere } from '../../operations/operation.js';
import { previousAttributes } from '../../representation.js';
import { id, mergeMetadata, metadata, metadataPatch } from '../shared-inputs.js';

const fields = {
  email: z.email().max(512).nullable().optional(),
  name: z.string().max(256).nullable().optional(),
  phone: z.string().max(32).nullable().optional(),
};

export const createCustomer = defineMutation({
  name: 'customers.create',
  permission: 'customers:create',
  model: 'Customer',
  input: z.strictObject({ ...fields, metadata: metadata.optional(), testClock: id(CLOCK_PREFIX).nullable().optional() }),
  async run(tx, scope, input, emit) {
    // a clock of this account and mode (live keys have none: 404), not deleted
    const testClockId = input.testClock ? (await lockClock(tx, scope, input.testClock, 'share', 'test_clock')).id : null;
    const row = await tx.customer.create({
      data: {
        id: newId(ID_PREFIX.customer), accountId: scope.accountId, livemode: scope.livemode,
        email: input.email ?? null, name: input.name ?? null, phone: input.phone ?? null, metadata: input.metadata ?? {},
        testClockId,
      },
    });
    emit('customer.created', 'Customer', row);
    return row;
  },
});

export const updateCustomer = defineMutation({
  name: 'customers.update',
  permission: 'customers:update',
  model: 'Customer',
  input: z.strictObject({ id: id(ID_PREFIX.customer), ...fields, metadata: metadataPatch.optional() }),
  async run(tx, scope, input, emit) {
    await lockRow(tx, 'Customer', input.id);
    const before = found(await tx.customer.findFirst({ where: scopedWhere(scope, { id: input.id }) }), 'customer', input.id);
    const row = await tx.customer.update({
      where: { id: before.id },
      data: {
        email: input.email, name: input.name, phone: input.phone,
        ...(input.metadata ? { metadata: mergeMetadata(before.metadata, input.metadata) } : {}),
      },
    });
    emit('customer.updated', 'Customer', row, previousAttributes('Customer', before, row));
    return row;
  },
});

/**
 * Deletes a customer that nothing refers to (Shopify's rule: a customer with orders cannot be
 * deleted). Orders, payments, invoices and subscriptions keep their customer: with any of
 * them, 409 RESOURCE_CONFLICT with the counts, and nothing changes. The row is locked first,
 * so an order naming the customer either committed before (counted here) or waits and then
 * finds no customer (404 PARENT_NOT_FOUND, or 409 should it have checked before the deletion).
 */
export const deleteCustomer = defineMutation({
  name: 'customers.delete',
  permission: 'customers:delete',
  model: 'Customer',
  input: z.strictObject({ id: id(ID_PREFIX.customer) }),
  async run(tx, scope, input, emit) {
    await lockRow(tx, 'Customer', input.id);
    const before = found(await tx.customer.findFirst({
      where: scopedWhere(scope, { id: input.id }),
      include: { _count: { select: { orders: true, payments: true, invoices: true, subscriptions: true } } },
    }), 'customer', input.id);
    const { _count: counts, ...customer } = before;
    const held = Object.entries(counts).filter(([, n]) => n > 0);
    if (held.length > 0) {
      throw new ApiError('RESOURCE_CONFLICT', `Customer ${customer.id} cannot be deleted: it has ${held.map(([k, n]) => `${n} ${n === 1 ? k.slice(0, -1) : k}`).join(', ')}, which keep their customer`, {
        customer_id: customer.id, ...counts,
      }, 'id');
    }
    await tx.customer.delete({ where: { id: customer.id } });
    emit('customer.deleted', 'Customer', customer);
    return customer;
  },
  represent: (row) => ({ id: row.id, object: 'customer', deleted: true }),
});
