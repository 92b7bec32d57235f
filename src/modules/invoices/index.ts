// Invoices and test clocks (issue 15; docs/invoices.md). Invoices: draft -> open -> paid | void
// | uncollectible, numbered at finalization, paid through the payments operation, reported
// overdue exactly once by a durable sweep. Test clocks (test mode): a frozen time that customers
// live on and that only moves forward, running what falls due on the way in time order.
// Permissions invoices:read|write, test_clocks:read|write.
import type { FastifyRequest } from 'fastify';
import { authorize } from '../../auth/keys.js';
import { ApiError } from '../../errors.js';
import { authenticate } from '../../rest/context.js';
import { listResource } from '../../rest/list.js';
import { bodyObject, readable, registerResource, retrieveHandler, runOperation } from '../../rest/resources.js';
import { defineModule } from '../module.js';
import { advanceTestClock, assertTestMode, clockWake, CLOCK_STATUSES, createTestClock, deleteTestClock, startClockWorker } from './clocks.js';
import { registerInvoicesGraphQL } from './graphql.js';
import {
  createInvoice, createInvoicePayment, deleteInvoice, finalizeInvoice, include, INVOICE_STATUSES, markInvoiceUncollectible, payInvoice, voidInvoice,
} from './operations.js';
import { startOverdueSweep } from './overdue.js';

const CLOCKS = '/v1/test_helpers/test_clocks';

/** An operation's input from a body and the `{id}` of the path (which the body may not name). */
function withPathId(req: FastifyRequest): Record<string, unknown> {
  const body = bodyObject(req);
  if ('id' in body) throw ApiError.validation([{ field: 'id', message: 'id is read-only; it comes from the path', expected: 'no id in the body' }]);
  return { ...body, id: (req.params as { id: string }).id };
}

export const invoicesModule = defineModule({
  name: 'invoices',
  permissions: { invoices: ['read', 'write'], test_clocks: ['read', 'write'] },
  enums: { Invoice: { status: INVOICE_STATUSES }, TestClock: { status: CLOCK_STATUSES } },
  events: [
    'invoice.created', 'invoice.finalized', 'invoice.partially_paid', 'invoice.paid', 'invoice.overdue',
    'invoice.voided', 'invoice.marked_uncollectible', 'invoice.deleted',
  ],
  graphql: registerInvoicesGraphQL,
  rest(app, deps) {
    registerResource(app, deps, {
      path: '/v1/invoices', model: 'Invoice', resource: 'invoices', include,
      create: createInvoice,
      remove: deleteInvoice,
      actions: {
        finalize: finalizeInvoice, void: voidInvoice, mark_uncollectible: markInvoiceUncollectible,
        pay: payInvoice, payments: createInvoicePayment,
      },
    });

    // test clocks: as registerResource's routes, but every one answers 404 to a live key, and a
    // deleted clock is gone from them
    const live = { deletedAt: null };
    app.get(CLOCKS, { config: { model: 'TestClock', resource: 'test_clocks', kind: 'list' as const } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'test_clocks:read');
      assertTestMode(principal);
      const page = await listResource(deps.services.db, 'TestClock', principal, req.query as Record<string, string>, {}, readable(principal), { where: live });
      return { ...page, url: CLOCKS };
    });
    app.get(`${CLOCKS}/:id`, { config: { model: 'TestClock', resource: 'test_clocks', kind: 'retrieve' as const } },
      retrieveHandler(deps, { model: 'TestClock', permission: 'test_clocks:read', noun: 'test_clock', where: live, check: assertTestMode }));
    app.post(CLOCKS, { config: { operation: createTestClock, status: 201 } }, async (req, reply) =>
      reply.status(201).send(await runOperation(req, reply, deps, createTestClock, bodyObject(req))));
    app.delete(`${CLOCKS}/:id`, { config: { operation: deleteTestClock, pathId: true, noBody: true } }, (req, reply) =>
      runOperation(req, reply, deps, deleteTestClock, { id: (req.params as { id: string }).id }));
    app.post(`${CLOCKS}/:id/advance`, { config: { operation: advanceTestClock, pathId: true } }, async (req, reply) => {
      const body = await runOperation(req, reply, deps, advanceTestClock, withPathId(req));
      // committed: this process's clock worker starts walking the clock now
      for (const wake of clockWake) wake(String(body.id));
      return body;
    });
  },
  start({ services, config, logger }) {
    const intervalMs = config.INVOICE_SWEEP_INTERVAL_SECS * 1000;
    const sweep = startOverdueSweep(services, logger, intervalMs);
    const clocks = startClockWorker(services, logger, intervalMs);
    clockWake.add(clocks.wake);
    return async () => {
      clockWake.delete(clocks.wake);
      await Promise.all([sweep.stop(), clocks.stop()]);
    };
  },
});
