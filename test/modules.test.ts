// Areas plug in through the module list: the assembly names none of them, and the catalogues
// (events, permissions) are what the modules declare.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules/index.js';
import { knownEventTypes, permissionCatalogue } from '../src/modules/catalog.js';
import { closedValues, isPublicModel, modelInfo, scalarFields } from '../src/db/models.js';
import { getDatamodel } from '../src/generated/pothos-types.js';

const SPEC_EVENT_TYPES = [
  'payment.created', 'payment.succeeded', 'payment.failed', 'stablecoin.issued', 'stablecoin.redeemed', 'stablecoin.transferred',
  'order.created', 'order.updated', 'order.paid', 'order.processing', 'order.shipped', 'order.fulfilled', 'order.delivered', 'order.cancelled', 'order.refunded',
  'return.created', 'return.approved', 'return.received', 'return.processed', 'return.rejected',
  'inventory.low_stock', 'inventory.out_of_stock', 'inventory.updated', 'inventory.transfer',
  'customer.created', 'customer.updated', 'customer.deleted', 'customer.subscription.created', 'customer.subscription.cancelled',
  'invoice.created', 'invoice.paid', 'invoice.partially_paid', 'invoice.overdue', 'api.error',
];

describe('modules', () => {
  it('the app, the schema and the server name no area: they iterate src/modules/index.ts', () => {
    for (const file of ['src/app.ts', 'src/graphql/schema.ts', 'src/server.ts']) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(imports.filter((i) => /modules\/(?!index\.js)/.test(i)), file).toEqual([]);
      for (const m of MODULES) expect(text.includes(`modules/${m.name}/`), `${file} names ${m.name}`).toBe(false);
    }
  });

  it('each module is a folder with an index, named once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(readFileSync(`src/modules/${name}/index.ts`, 'utf8')).toContain('defineModule');
  });

  it('the event catalogue holds the spec\'s event table and the project\'s own types', () => {
    expect(knownEventTypes()).toEqual(expect.arrayContaining([...SPEC_EVENT_TYPES, 'product.created', 'product.updated', 'webhook_endpoint.disabled']));
    expect([...knownEventTypes()].sort()).toEqual(knownEventTypes());
  });

  it('the permission catalogue is what the modules declare', () => {
    const catalogue = permissionCatalogue();
    expect(catalogue.get('orders')).toEqual(expect.arrayContaining(['read', 'create', 'update', 'fulfill', 'cancel']));
    expect(catalogue.get('webhooks')).toEqual(['read', 'write']);
    expect(catalogue.get('events')).toEqual(['read']);
  });

  it('the closed value sets the modules declare name text fields of public models, and every public status has one', () => {
    for (const m of MODULES) {
      for (const [model, fields] of Object.entries(m.enums ?? {})) {
        expect(isPublicModel(model), `${m.name}: ${model}`).toBe(true);
        for (const [field, values] of Object.entries(fields)) {
          expect(modelInfo(model).fields.get(field)?.type, `${model}.${field}`).toBe('String');
          expect(values.length, `${model}.${field}`).toBeGreaterThan(0);
          expect(closedValues(model, field), `${model}.${field}`).toBe(values);
        }
      }
    }
    // a status is a closed set: a filter on a typo of one is INVALID_ENUM_VALUE on both doors
    const statuses = Object.keys(getDatamodel().datamodel.models).filter(isPublicModel)
      .filter((model) => scalarFields(model).some((f) => f.name === 'status' && f.type === 'String'));
    expect(statuses.length).toBeGreaterThan(10);
    for (const model of statuses) expect(closedValues(model, 'status'), `${model}.status`).toBeDefined();
    expect(closedValues('Order', 'status')).toEqual(['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded']);
  });
});
