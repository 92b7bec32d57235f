// GraphQL door of webhooks: endpoints (list, one, create, update, delete, rotate the secret)
// and an endpoint's deliveries, on the same operations as /v1/webhooks.
import { authorize } from '../../auth/keys.js';
import { toPrismaOrderBy, toPrismaWhere } from '../../db/where.js';
import { builder, callContext, type GraphQLContext } from '../../graphql/builder.js';
import { boolExp, orderBy } from '../../graphql/filters.js';
import { deletionField, checkPage, listAndGet, mutationField, readableBy, scalarExposures, scopeOf } from '../../graphql/models.js';
import { definedOnly, inputFromZod } from '../../graphql/zod-input.js';
import { executeMutation, executeMutationById, scopedWhere } from '../../operations/operation.js';
import { ApiError } from '../../errors.js';
import { createWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from './operations.js';

export function registerWebhooksGraphQL(): void {
  builder.prismaObject('WebhookEndpoint', {
    description: 'A URL that receives the events of your account and mode. Its secret is shown only when made (create, rotate).',
    fields: (t) => ({
      ...scalarExposures(t, 'WebhookEndpoint'),
      events: t.exposeStringList('events', { description: 'event types, `*` for all, or a group wildcard such as `order.*`' }),
    }),
  });
  builder.prismaObject('WebhookAttempt', {
    description: 'One HTTP attempt of a delivery',
    fields: (t) => ({ ...scalarExposures(t, 'WebhookAttempt') }),
  });
  builder.prismaObject('WebhookDelivery', {
    description: 'One event sent to one endpoint, until it succeeds or its retries run out',
    fields: (t) => ({
      ...scalarExposures(t, 'WebhookDelivery'),
      // at most 7 scheduled attempts, plus manual retries
      attempts: t.relation('attempts', { query: { orderBy: { number: 'asc' }, take: 100 }, extensions: { maxItems: 100 } }),
    }),
  });

  listAndGet('WebhookEndpoint', 'webhookEndpoints', 'webhookEndpoint', 'webhooks');

  const WithSecret = builder.objectRef<{ id: string; secret: string | null }>('WebhookEndpointWithSecret').implement({
    description: 'An endpoint and its new signing secret (shown this once; a replay by Idempotency-Key answers without it)',
    fields: (t) => ({
      secret: t.exposeString('secret', { nullable: true }),
    }),
  });
  builder.objectField(WithSecret, 'endpoint', (t) =>
    t.prismaField({
      type: 'WebhookEndpoint',
      resolve: (query, parent, _args, ctx) => ctx.services.db.prisma.webhookEndpoint.findUniqueOrThrow({ ...query, where: { id: parent.id } }),
    }),
  );

  const createInput = inputFromZod('CreateWebhookEndpointInput', createWebhookEndpoint.input);
  builder.mutationField('createWebhookEndpoint', (t) =>
    t.field({
      type: WithSecret,
      args: { input: t.arg({ type: createInput, required: true }) },
      resolve: async (_root, args, ctx) => {
        const result = await executeMutation(createWebhookEndpoint, callContext(ctx), definedOnly(args.input as Record<string, unknown>));
        return { id: result.id, secret: (result.reveal?.secret as string | undefined) ?? null };
      },
    }),
  );
  const rotateInput = inputFromZod('RotateWebhookSecretInput', rotateWebhookSecret.input, ['id']);
  builder.mutationField('rotateWebhookSecret', (t) =>
    t.field({
      type: WithSecret,
      args: { id: t.arg.id({ required: true }), input: t.arg({ type: rotateInput }) },
      resolve: async (_root, args, ctx) => {
        const result = await executeMutationById(rotateWebhookSecret, callContext(ctx), { ...definedOnly(args.input as Record<string, unknown>), id: String(args.id) });
        return { id: result.id, secret: (result.reveal?.secret as string | undefined) ?? null };
      },
    }),
  );
  mutationField('updateWebhookEndpoint', updateWebhookEndpoint, { byId: true, inputRequired: true });

  deletionField('deleteWebhookEndpoint', 'DeletedWebhookEndpoint', deleteWebhookEndpoint);

  builder.queryField('webhookDeliveries', (t) =>
    t.prismaField({
      type: ['WebhookDelivery'],
      description: "An endpoint's deliveries, newest first unless order_by says otherwise; limit at most 100",
      extensions: { maxItems: 100 },
      args: {
        endpoint: t.arg.id({ required: true }),
        where: t.arg({ type: boolExp('WebhookDelivery') }),
        order_by: t.arg({ type: [orderBy('WebhookDelivery')] }),
        limit: t.arg.int(),
        offset: t.arg.int(),
      },
      resolve: async (query, _root, args, ctx: GraphQLContext) => {
        authorize(ctx.principal, 'webhooks:read');
        const scope = scopeOf(ctx);
        const endpointId = String(args.endpoint);
        const endpoint = await ctx.services.db.prisma.webhookEndpoint.findFirst({ where: scopedWhere(scope, { id: endpointId }), select: { id: true } });
        if (!endpoint) throw ApiError.notFound('webhook_endpoint', endpointId);
        const where = toPrismaWhere('WebhookDelivery', args.where, 'where', readableBy(ctx));
        return ctx.services.db.prisma.webhookDelivery.findMany({
          ...query,
          where: scopedWhere(scope, { AND: [{ endpointId }, where] }),
          orderBy: args.order_by?.length ? (toPrismaOrderBy('WebhookDelivery', args.order_by, 'order_by', readableBy(ctx)) as never) : [{ createdAt: 'desc' }, { id: 'desc' }],
          ...checkPage(args.limit, args.offset),
        });
      },
    }),
  );
}
