// Returns: a shipped or delivered order's items coming back. Receiving restocks them
// (inventory), processing refunds them (payments). Permissions returns:read, returns:write.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerReturnsGraphQL } from './graphql.js';
import { approveReturn, createReturn, include, processReturn, receiveReturn, rejectReturn } from './operations.js';

export const returnsModule = defineModule({
  name: 'returns',
  permissions: { returns: ['read', 'write'] },
  events: ['return.created', 'return.approved', 'return.rejected', 'return.received', 'return.processed'],
  graphql: registerReturnsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, {
      path: '/v1/returns', model: 'Return', resource: 'returns', include,
      create: createReturn,
      actions: { approve: approveReturn, reject: rejectReturn, receive: receiveReturn, process: processReturn },
    });
  },
});
