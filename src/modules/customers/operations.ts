// Customers: create and update. Emits customer.created and customer.updated.
import { z } from 'zod';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, found, scopedWhere } from '../../operations/operation.js';
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
  input: z.strictObject({ ...fields, metadata: metadata.optional() }),
  async run(tx, scope, input, emit) {
    const row = await tx.customer.create({
      data: {
        id: newId(ID_PREFIX.customer), accountId: scope.accountId, livemode: scope.livemode,
        email: input.email ?? null, name: input.name ?? null, phone: input.phone ?? null, metadata: input.metadata ?? {},
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
