// GraphQL door of customers.
import { builder } from '../../graphql/builder.js';
import { deletionField, guardedRelation, listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { createCustomer, deleteCustomer, updateCustomer } from './operations.js';

export function registerCustomersGraphQL(): void {
  builder.prismaObject('Customer', {
    description: 'A customer of the merchant',
    fields: (t) => ({
      ...scalarExposures(t, 'Customer'),
      orders: t.relation('orders', { query: guardedRelation('orders', { orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: 100 }), extensions: { maxItems: 100 } }),
      // the test clock the customer lives on (test mode; src/modules/invoices/clocks.ts)
      testClock: t.relation('testClock', { nullable: true, query: guardedRelation('test_clocks') }),
    }),
  });

  listAndGet('Customer', 'customers', 'customer', 'customers');
  mutationField('createCustomer', createCustomer, { inputRequired: false });
  mutationField('updateCustomer', updateCustomer, { byId: true, inputRequired: true });

  deletionField('deleteCustomer', 'DeletedCustomer', deleteCustomer, 'A deleted customer (only a customer without orders, payments, invoices or subscriptions can be deleted: else 409 RESOURCE_CONFLICT)');
}
