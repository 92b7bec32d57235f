// Products: create and update. Emits product.created and product.updated.
import { z } from 'zod';
import { ID_PREFIX, newId } from '../../ids.js';
import { defineMutation, found, lockRow, scopedWhere } from '../../operations/operation.js';
import { previousAttributes } from '../../representation.js';
import { amount, currency, id, mergeMetadata, metadata, metadataPatch } from '../shared-inputs.js';

export const createProduct = defineMutation({
  name: 'products.create',
  permission: 'products:create',
  model: 'Product',
  input: z.strictObject({
    name: z.string().min(1).max(256),
    description: z.string().max(4096).nullable().optional(),
    sku: z.string().max(128).nullable().optional(),
    price: amount,
    currency,
    active: z.boolean().optional(),
    metadata: metadata.optional(),
  }),
  async run(tx, scope, input, emit) {
    const row = await tx.product.create({
      data: {
        id: newId(ID_PREFIX.product), accountId: scope.accountId, livemode: scope.livemode,
        name: input.name, description: input.description ?? null, sku: input.sku ?? null,
        price: input.price, currency: input.currency, active: input.active ?? true, metadata: input.metadata ?? {},
      },
    });
    emit('product.created', 'Product', row);
    return row;
  },
});

export const updateProduct = defineMutation({
  name: 'products.update',
  permission: 'products:update',
  model: 'Product',
  input: z.strictObject({
    id: id(ID_PREFIX.product),
    name: z.string().min(1).max(256).optional(),
    description: z.string().max(4096).nullable().optional(),
    sku: z.string().max(128).nullable().optional(),
    price: amount.optional(),
    active: z.boolean().optional(),
    metadata: metadataPatch.optional(),
  }),
  async run(tx, scope, input, emit) {
    await lockRow(tx, 'Product', input.id);
    const before = found(await tx.product.findFirst({ where: scopedWhere(scope, { id: input.id }) }), 'product', input.id);
    const { id: _id, metadata: patch, ...rest } = input;
    const row = await tx.product.update({
      where: { id: before.id },
      data: { ...rest, ...(patch ? { metadata: mergeMetadata(before.metadata, patch) } : {}) },
    });
    emit('product.updated', 'Product', row, previousAttributes('Product', before, row));
    return row;
  },
});
