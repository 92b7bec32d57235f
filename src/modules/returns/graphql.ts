// GraphQL door of returns: Return and ReturnItem types, returns(where, order_by, limit,
// offset), return(id), and the mutations createReturn, approveReturn, rejectReturn,
// receiveReturn, processReturn. Reading the order or an order item through a return needs
// orders:read as well, as a REST expansion does.
import { builder } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { approveReturn, createReturn, processReturn, receiveReturn, rejectReturn } from './operations.js';

/**
 * guardedRelation for a required to-one relation: Pothos types `query` only for relations whose
 * Prisma include takes arguments (lists, optional relations), but it calls the function for
 * every relation when it builds the parent's include, so the read permission is checked alike.
 */
const guardedToOne = (resource: string) => guardedRelation(resource) as unknown as undefined;

export function registerReturnsGraphQL(): void {
  builder.prismaObject('Return', {
    description: 'A return of items of a shipped or delivered order: requested -> approved | rejected, approved -> received -> processed. refundAmount (minor units of currency) is refunded when it is processed; refundId is the (first) refund made then, null when the order had no payment left to refund.',
    fields: (t) => ({
      ...scalarExposures(t, 'Return'),
      order: t.relation('order', { query: guardedToOne('orders') }),
      // createReturn takes at most 1000 lines; the bound feeds the row limit of nested lists
      items: t.relation('items', { query: { orderBy: { position: 'asc' } }, extensions: { maxItems: 1000 } }),
    }),
  });

  builder.prismaObject('ReturnItem', {
    description: 'A line of a return: quantity of one order item, at its unit amount',
    fields: (t) => ({
      ...scalarExposures(t, 'ReturnItem'),
      orderItem: t.relation('orderItem', { query: guardedToOne('orders') }),
    }),
  });

  listAndGet('Return', 'returns', 'return', 'returns');
  mutationField('createReturn', createReturn, { inputRequired: true });
  mutationField('approveReturn', approveReturn, { byId: true });
  mutationField('rejectReturn', rejectReturn, { byId: true, inputRequired: true });
  mutationField('receiveReturn', receiveReturn, { byId: true });
  mutationField('processReturn', processReturn, { byId: true });
}
