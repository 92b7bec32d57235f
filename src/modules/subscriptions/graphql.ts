// GraphQL door of prices and subscriptions: Price, Subscription and SubscriptionItem types;
// prices, price(id), subscriptions(where, order_by, limit, offset), subscription(id) (and their
// aggregates); the mutations createPrice, createSubscription, updateSubscription,
// cancelSubscription.
import { builder } from '../../graphql/builder.js';
import { guardedRelation, listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { cancelSubscription, createPrice, createSubscription, updateSubscription } from './operations.js';

/** guardedRelation for a required to-one relation (see src/modules/returns/graphql.ts). */
const guardedToOne = (resource: string) => guardedRelation(resource) as unknown as undefined;

export function registerSubscriptionsGraphQL(): void {
  builder.prismaObject('Price', {
    description: 'A recurring price of a product: unitAmount (minor units of currency) every intervalCount intervals (day, week, month, year)',
    fields: (t) => ({
      ...scalarExposures(t, 'Price'),
      product: t.relation('product', { query: guardedToOne('products') }),
    }),
  });
  builder.prismaObject('SubscriptionItem', {
    description: 'An item of a subscription: quantity x its price\'s unitAmount every period',
    fields: (t) => ({
      ...scalarExposures(t, 'SubscriptionItem'),
      price: t.relation('price', { query: guardedToOne('prices') }),
    }),
  });
  // GraphQL's root `Subscription` type has the name: this one is CustomerSubscription
  builder.prismaObject('Subscription', {
    name: 'CustomerSubscription',
    description: 'A subscription: its items billed in advance every period (an invoice per period). status: trialing, active, past_due, canceled, incomplete, incomplete_expired',
    fields: (t) => ({
      ...scalarExposures(t, 'Subscription'),
      customer: t.relation('customer', { query: guardedToOne('customers') }),
      testClock: t.relation('testClock', { nullable: true, query: guardedRelation('test_clocks') }),
      latestInvoice: t.relation('latestInvoice', { nullable: true, query: guardedRelation('invoices') }),
      // createSubscription takes at most 20 items
      items: t.relation('items', { query: { orderBy: { position: 'asc' } }, extensions: { maxItems: 20 } }),
    }),
  });

  listAndGet('Price', 'prices', 'price', 'prices');
  listAndGet('Subscription', 'subscriptions', 'subscription', 'subscriptions');
  mutationField('createPrice', createPrice, { inputRequired: true });
  mutationField('createSubscription', createSubscription, { inputRequired: true });
  mutationField('updateSubscription', updateSubscription, { byId: true, inputRequired: true });
  mutationField('cancelSubscription', cancelSubscription, { byId: true });
}
