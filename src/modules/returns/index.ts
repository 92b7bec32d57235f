// Returns: a shipped or delivered order's items coming back. Receiving restocks them
// (inventory), processing refunds them (payments). Permissions returns:read, returns:write.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerReturnsGraphQL } from './graphql.js';
import { defineSearch } from '../../search/declaration.js';
import { approveReturn, createReturn, include, processReturn, receiveReturn, rejectReturn, RETURN_STATUSES } from './operations.js';

export const returnsModule = defineModule({
  name: 'returns',
  permissions: { returns: ['read', 'write'] },
  events: ['return.created', 'return.approved', 'return.rejected', 'return.received', 'return.processed'],
  enums: { Return: { status: RETURN_STATUSES } },
  search: defineSearch({
    resource: 'returns', type: 'return', model: 'Return', include,
    fields: [
      { path: 'id', weight: 'A', typos: false },
      { path: 'order', weight: 'A', typos: false },
      { path: 'items.reason', weight: 'B' },
      { path: 'note', weight: 'C' },
      { path: 'rejection_reason', weight: 'D' },
    ],
    status: 'status', currency: 'currency', amount: 'refund_amount', metadata: true,
  }),
  graphql: registerReturnsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, {
      path: '/v1/returns', model: 'Return', resource: 'returns', include,
      create: createReturn,
      actions: { approve: approveReturn, reject: rejectReturn, receive: receiveReturn, process: processReturn },
    });
  },
});
