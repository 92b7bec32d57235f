// GraphQL door of customers.
import { builder, callContext } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { executeMutation } from '../../operations/operation.js';
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

  const Deleted = builder.objectRef<{ id: string; deleted: boolean }>('DeletedCustomer').implement({
    description: 'A deleted customer (only a customer without orders, payments, invoices or subscriptions can be deleted)',
    fields: (t) => ({ id: t.exposeID('id'), deleted: t.exposeBoolean('deleted') }),
  });
  builder.mutationField('deleteCustomer', (t) =>
    t.field({
      type: Deleted,
      description: 'DELETE /v1/customers/{id}: 409 RESOURCE_CONFLICT while orders, payments, invoices or subscriptions refer to it',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const result = await executeMutation(deleteCustomer, callContext(ctx), { id: String(args.id) });
        return { id: result.id, deleted: true };
      },
    }),
  );
}
