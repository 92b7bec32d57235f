// Customers of the merchant.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerCustomersGraphQL } from './graphql.js';
import { defineSearch } from '../../search/declaration.js';
import { createCustomer, deleteCustomer, updateCustomer } from './operations.js';

export const customersModule = defineModule({
  name: 'customers',
  permissions: { customers: ['read', 'create', 'update', 'delete'] },
  events: ['customer.created', 'customer.updated', 'customer.deleted'],
  search: defineSearch({
    resource: 'customers', type: 'customer', model: 'Customer',
    fields: [
      { path: 'name', weight: 'A' },
      { path: 'email', weight: 'A' },
      { path: 'phone', weight: 'B', typos: false },
      { path: 'id', weight: 'A', typos: false },
    ],
    metadata: true,
  }),
  graphql: registerCustomersGraphQL,
  rest(app, deps) {
    registerResource(app, deps, { path: '/v1/customers', model: 'Customer', resource: 'customers', create: createCustomer, update: updateCustomer, remove: deleteCustomer });
  },
});
