// GraphQL door of invoices and test clocks: Invoice, InvoiceItem, InvoicePayment and TestClock
// types; invoices(where, order_by, limit, offset), invoice(id), testClocks, testClock(id); the
// mutations createInvoice, finalizeInvoice, voidInvoice, markInvoiceUncollectible, payInvoice,
// createInvoicePayment, deleteInvoice, createTestClock, advanceTestClock, deleteTestClock.
// Test clocks answer 404 (RESOURCE_NOT_FOUND) to live keys, as on the REST door.
import { authorize } from '../../auth/keys.js';
import { toPrismaOrderBy, toPrismaWhere } from '../../db/where.js';
import { builder, callContext, type GraphQLContext } from '../../graphql/builder.js';
import { boolExp, orderBy } from '../../graphql/filters.js';
import { deletionField, checkPage, guardedRelation, listAndGet, mutationField, readableBy, scalarExposures, scopeOf } from '../../graphql/models.js';
import { executeMutationById, scopedWhere } from '../../operations/operation.js';
import { advanceTestClock, assertTestMode, clockWake, createTestClock, deleteTestClock } from './clocks.js';
import {
  createInvoice, createInvoicePayment, deleteInvoice, finalizeInvoice, markInvoiceUncollectible, payInvoice, voidInvoice,
} from './operations.js';

/** guardedRelation for a required to-one relation (see src/modules/returns/graphql.ts). */
const guardedToOne = (resource: string) => guardedRelation(resource) as unknown as undefined;

export function registerInvoicesGraphQL(): void {
  builder.prismaObject('Invoice', {
    description: 'An invoice: draft -> open -> paid | void | uncollectible, uncollectible -> paid. Amounts in minor units of currency; amountDue is what remains to be paid. number (INV-000001) is given at finalization.',
    fields: (t) => ({
      ...scalarExposures(t, 'Invoice'),
      customer: t.relation('customer', { query: guardedToOne('customers') }),
      order: t.relation('order', { nullable: true, query: guardedRelation('orders') }),
      testClock: t.relation('testClock', { nullable: true, query: guardedRelation('test_clocks') }),
      // createInvoice takes at most 250 lines
      items: t.relation('items', { query: { orderBy: { position: 'asc' } }, extensions: { maxItems: 250 } }),
      payments: t.relation('payments', { query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 100 }, extensions: { maxItems: 100 } }),
    }),
  });
  builder.prismaObject('InvoiceItem', {
    description: 'A line of an invoice: amount = quantity x unitAmount; tax = amount x taxRate / 100, rounded half to even',
    fields: (t) => ({ ...scalarExposures(t, 'InvoiceItem') }),
  });
  builder.prismaObject('InvoicePayment', {
    description: 'A payment (paymentId) applied to an invoice',
    fields: (t) => ({ ...scalarExposures(t, 'InvoicePayment') }),
  });

  listAndGet('Invoice', 'invoices', 'invoice', 'invoices');
  mutationField('createInvoice', createInvoice, { inputRequired: true });
  mutationField('finalizeInvoice', finalizeInvoice, { byId: true });
  mutationField('voidInvoice', voidInvoice, { byId: true });
  mutationField('markInvoiceUncollectible', markInvoiceUncollectible, { byId: true });
  mutationField('payInvoice', payInvoice, { byId: true, inputRequired: true });
  mutationField('createInvoicePayment', createInvoicePayment, { byId: true, inputRequired: true });

  deletionField('deleteInvoice', 'DeletedInvoice', deleteInvoice, 'A deleted invoice (only a draft can be deleted)');

  registerTestClocksGraphQL();
}

function registerTestClocksGraphQL(): void {
  builder.prismaObject('TestClock', {
    description: 'A test-mode clock: customers created on it, and their invoices, read frozenTime as now. status: ready, or advancing (to advancingTo).',
    fields: (t) => ({ ...scalarExposures(t, 'TestClock') }),
  });

  const visible = (ctx: GraphQLContext, where: Record<string, unknown> = {}) =>
    scopedWhere(scopeOf(ctx), { AND: [where, { deletedAt: null }] });

  builder.queryField('testClocks', (t) =>
    t.prismaField({
      type: ['TestClock'],
      description: 'Test clocks of the caller\'s account (test mode only; live keys: 404)',
      extensions: { maxItems: 100 },
      args: { where: t.arg({ type: boolExp('TestClock') }), order_by: t.arg({ type: [orderBy('TestClock')] }), limit: t.arg.int(), offset: t.arg.int() },
      resolve: (query, _root, args, ctx) => {
        authorize(ctx.principal, 'test_clocks:read');
        assertTestMode(scopeOf(ctx));
        return ctx.services.db.prisma.testClock.findMany({
          ...query,
          where: visible(ctx, toPrismaWhere('TestClock', args.where, 'where', readableBy(ctx))),
          orderBy: args.order_by?.length ? toPrismaOrderBy('TestClock', args.order_by, 'order_by', readableBy(ctx)) : [{ createdAt: 'desc' }, { id: 'desc' }],
          ...checkPage(args.limit, args.offset),
        });
      },
    }),
  );
  builder.queryField('testClock', (t) =>
    t.prismaField({
      type: 'TestClock',
      nullable: true,
      args: { id: t.arg.id({ required: true }) },
      resolve: (query, _root, args, ctx) => {
        authorize(ctx.principal, 'test_clocks:read');
        assertTestMode(scopeOf(ctx));
        return ctx.services.db.prisma.testClock.findFirst({ ...query, where: visible(ctx, { id: String(args.id) }) });
      },
    }),
  );

  mutationField('createTestClock', createTestClock, { inputRequired: true });
  builder.mutationField('advanceTestClock', (t) =>
    t.prismaField({
      type: 'TestClock',
      description: 'Moves the clock forward to frozenTime: status advancing, then ready once everything that fell due on the way has run',
      args: { id: t.arg.id({ required: true }), frozenTime: t.arg.int({ required: true, description: 'Unix seconds, after the clock\'s current time' }) },
      resolve: async (query, _root, args, ctx) => {
        const result = await executeMutationById(advanceTestClock, callContext(ctx), { id: String(args.id), frozenTime: args.frozenTime });
        for (const wake of clockWake) wake(result.id);
        return ctx.services.db.prisma.testClock.findUniqueOrThrow({ ...query, where: { id: result.id } });
      },
    }),
  );
  deletionField('deleteTestClock', 'DeletedTestClock', deleteTestClock, 'A deleted test clock');
}
