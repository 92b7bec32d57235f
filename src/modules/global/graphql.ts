// GraphQL door of global commerce: fxQuote, taxCalculation, shippingQuote (queries: nothing is
// stored), the mutation complianceCheck (the check is stored), complianceChecks /
// complianceCheckRecord(id) and complianceLists. Same functions, permissions and errors as REST.
import { builder, callContext, type GraphQLContext } from '../../graphql/builder.js';
import { listAndGet, scalarExposures } from '../../graphql/models.js';
import { definedOnly, inputFromZod } from '../../graphql/zod-input.js';
import { authorize } from '../../auth/keys.js';
import { ApiError, type FieldError } from '../../errors.js';
import { camel } from '../../representation.js';
import { executeMutation, parseInput } from '../../operations/operation.js';
import { globalSettings } from './settings.js';
import { quoteFx, type FxQuote } from './fx.js';
import type { TaxCalculation, TaxLine } from './tax.js';
import { quoteShipping, shippingQuoteInput, shippingTablesFor, type ShippingQuote, type ShippingRate } from './shipping.js';
import { checkCompliance, listsFor, prepareScreening, type LoadedList } from './compliance.js';
import { fxQuoteQuery, taxFor, taxQuery } from './api.js';
import { createGlobalOrder } from './orders.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** GraphQL arguments as the REST query string: defined values only, as strings. */
function asQuery(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
}

export function registerGlobalGraphQL(): void {
  const FxQuoteRef = builder.objectRef<FxQuote>('FxQuote').implement({
    description: 'A currency conversion quote (GET /v1/global/fx/quote): rate includes the spread; convertedAmount = amount x rate in minor units of `to`, half to even',
    fields: (t) => ({
      from: t.exposeString('from'),
      to: t.exposeString('to'),
      rate: t.exposeString('rate', { description: 'decimal string, units of `to` per unit of `from`' }),
      amount: t.float({ description: 'minor units of `from` (an integer)', resolve: (q) => q.amount }),
      convertedAmount: t.float({ description: 'minor units of `to` (an integer; Float so that amounts past 2^31 fit)', resolve: (q) => q.converted_amount }),
      source: t.exposeString('source'),
      asOf: t.int({ description: 'Unix seconds', resolve: (q) => q.as_of }),
      expiresAt: t.int({ description: 'Unix seconds', resolve: (q) => q.expires_at }),
    }),
  });

  const TaxLineRef = builder.objectRef<TaxLine>('TaxLine').implement({
    fields: (t) => ({
      type: t.exposeString('type'),
      jurisdiction: t.exposeString('jurisdiction'),
      rate: t.exposeString('rate'),
      amount: t.exposeInt('amount'),
    }),
  });
  const TaxRef = builder.objectRef<TaxCalculation>('TaxCalculation').implement({
    description: 'Tax on an amount (GET /v1/global/tax/calculate)',
    fields: (t) => ({
      amount: t.float({ resolve: (c) => c.amount }),
      currency: t.exposeString('currency'),
      taxAmount: t.float({ resolve: (c) => c.tax_amount }),
      rate: t.exposeString('rate', { description: 'decimal fraction, e.g. "0.19"' }),
      country: t.string({ resolve: (c) => c.jurisdiction.country }),
      region: t.string({ nullable: true, resolve: (c) => c.jurisdiction.region }),
      postalCode: t.string({ nullable: true, resolve: (c) => c.jurisdiction.postal_code }),
      reverseCharge: t.exposeBoolean('reverse_charge'),
      customerType: t.exposeString('customer_type'),
      sellerCountry: t.exposeString('seller_country'),
      vatId: t.string({ nullable: true, resolve: (c) => c.vat_id?.value ?? null }),
      breakdown: t.field({ type: [TaxLineRef], resolve: (c) => c.breakdown, extensions: { maxItems: 10 } }),
      ratesAsOf: t.int({ nullable: true, resolve: (c) => c.rates_as_of }),
      ratesSource: t.exposeString('rates_source'),
    }),
  });

  const ShippingRateRef = builder.objectRef<ShippingRate>('ShippingRate').implement({
    fields: (t) => ({
      carrier: t.exposeString('carrier'),
      service: t.exposeString('service'),
      amount: t.exposeInt('amount'),
      currency: t.exposeString('currency'),
      estimatedDays: t.int({ resolve: (r) => r.estimated_days }),
      billableWeightGrams: t.int({ resolve: (r) => r.billable_weight_grams }),
    }),
  });
  const ShippingQuoteRef = builder.objectRef<ShippingQuote>('ShippingQuote').implement({
    description: 'Shipping quotes, cheapest first (POST /v1/global/shipping/quote)',
    fields: (t) => ({
      zone: t.exposeString('zone'),
      quotes: t.field({ type: [ShippingRateRef], resolve: (q) => q.quotes, extensions: { maxItems: 100 } }),
      ratesSource: t.exposeString('rates_source'),
    }),
  });
  const Place = builder.inputType('ShippingPlaceInput', {
    fields: (t) => ({ country: t.string({ required: true }), postalCode: t.string({ description: 'echoed, not used for zoning' }) }),
  });
  const Parcel = builder.inputType('ShippingParcelInput', {
    fields: (t) => ({
      weightGrams: t.int({ required: true }),
      lengthCm: t.float({ description: 'lengthCm, widthCm and heightCm: all three (a dimensional weight) or none' }),
      widthCm: t.float(),
      heightCm: t.float(),
    }),
  });
  const ShippingInput = builder.inputType('ShippingQuoteInput', {
    fields: (t) => ({
      from: t.field({ type: Place, required: true }),
      to: t.field({ type: Place, required: true }),
      parcels: t.field({ type: [Parcel], required: true }),
      services: t.stringList(),
    }),
  });

  const ListRef = builder.objectRef<LoadedList>('SanctionsList').implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      asOf: t.int({ resolve: (l) => l.as_of }),
      entries: t.exposeInt('entries'),
      test: t.exposeBoolean('test'),
    }),
  });

  builder.queryField('fxQuote', (t) => t.field({
    type: FxQuoteRef,
    description: 'A currency conversion quote, as GET /v1/global/fx/quote (global:read)',
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }), amount: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      authorize(ctx.principal, 'global:read');
      const q = parseInput(fxQuoteQuery, asQuery(args));
      return quoteFx(ctx.services.db.prisma, ctx.principal.livemode, globalSettings(ctx.services), q);
    },
  }));

  builder.queryField('taxCalculation', (t) => t.field({
    type: TaxRef,
    description: 'Tax on an amount, as GET /v1/global/tax/calculate (global:read)',
    args: {
      amount: t.arg.int({ required: true }),
      currency: t.arg.string({ required: true }),
      country: t.arg.string({ required: true }),
      region: t.arg.string(),
      postalCode: t.arg.string(),
      customerType: t.arg.string({ description: 'b2c (default) or b2b' }),
      vatId: t.arg.string(),
      sellerCountry: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      authorize(ctx.principal, 'global:read');
      const q = parseInput(taxQuery, asQuery({
        amount: args.amount, currency: args.currency, country: args.country, region: args.region, postal_code: args.postalCode,
        customer_type: args.customerType, vat_id: args.vatId, seller_country: args.sellerCountry,
      }));
      return taxFor(ctx.services, ctx.principal, q);
    },
  }));

  builder.queryField('shippingQuote', (t) => t.field({
    type: ShippingQuoteRef,
    description: 'Shipping quotes, as POST /v1/global/shipping/quote (global:read)',
    args: { input: t.arg({ type: ShippingInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      authorize(ctx.principal, 'global:read');
      const i = args.input;
      let input;
      try {
        input = parseInput(shippingQuoteInput, {
          from: { country: i.from.country, postal_code: i.from.postalCode },
          to: { country: i.to.country, postal_code: i.to.postalCode },
          parcels: i.parcels.map((p) => ({ weight_grams: p.weightGrams, length_cm: p.lengthCm ?? undefined, width_cm: p.widthCm ?? undefined, height_cm: p.heightCm ?? undefined })),
          ...(i.services ? { services: i.services } : {}),
        });
      } catch (err) {
        // the REST schema's field names, spelled as this input spells them (parcels.0.widthCm)
        throw err instanceof ApiError ? inGraphQLSpelling(err) : err;
      }
      const { tables, source } = await shippingTablesFor(ctx.services.db.prisma, ctx.principal.livemode);
      return quoteShipping(tables, input, source);
    },
  }));

  builder.queryField('complianceLists', (t) => t.field({
    type: [ListRef],
    description: 'The sanctions lists loaded for the key\'s mode, as GET /v1/global/compliance/lists (global:read)',
    extensions: { maxItems: 20 },
    resolve: async (_root, _args, ctx) => {
      authorize(ctx.principal, 'global:read');
      await prepareScreening(ctx.services.db.prisma, ctx.principal.livemode);
      return listsFor(ctx.services.db.prisma, ctx.principal.livemode);
    },
  }));

  builder.prismaObject('ComplianceCheck', {
    description: 'A sanctions screening of a name, stored (POST /v1/global/compliance/check). matches: [{list, entry_id, name, score, matched_on, ...}]; lists: the lists screened [{name, as_of, entries, test}]',
    fields: (t) => ({ ...scalarExposures(t, 'ComplianceCheck') }),
  });
  listAndGet('ComplianceCheck', 'complianceChecks', 'complianceCheckRecord', 'global');

  const CheckInput = inputFromZod('ComplianceCheckInput', checkCompliance.input);
  builder.mutationField('complianceCheck', (t: Any) => t.prismaField({
    type: 'ComplianceCheck',
    description: 'Screens a name against the sanctions lists of the key\'s mode and stores the check (global:write), as POST /v1/global/compliance/check',
    args: { input: t.arg({ type: CheckInput, required: true }) },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      authorize(ctx.principal, 'global:write');
      await prepareScreening(ctx.services.db.prisma, ctx.principal.livemode);
      const result = await executeMutation(checkCompliance, callContext(ctx), definedOnly(args.input));
      return ctx.services.db.prisma.complianceCheck.findUniqueOrThrow({ ...query, where: { id: result.id } });
    },
  }));

  // createGlobalOrder: as POST /v1/global/orders/create (the test list loaded before the transaction)
  const GlobalOrderInput = inputFromZod('CreateGlobalOrderInput', createGlobalOrder.input);
  builder.mutationField('createGlobalOrder', (t: Any) => t.prismaField({
    type: 'Order',
    description: 'Creates an order priced across borders (shipping, tax on subtotal plus shipping, a locked FX quote to the settlement currency) after screening the customer: a match is refused (COMPLIANCE_BLOCKED), a potential match is created on hold. As POST /v1/global/orders/create (orders:create)',
    args: { input: t.arg({ type: GlobalOrderInput, required: true }) },
    resolve: async (query: Any, _root: unknown, args: Any, ctx: GraphQLContext) => {
      authorize(ctx.principal, createGlobalOrder.permission);
      await prepareScreening(ctx.services.db.prisma, ctx.principal.livemode);
      const input = definedOnly(args.input);
      if (input.shipTo && typeof input.shipTo === 'object') input.shipTo = definedOnly(input.shipTo as Record<string, unknown>);
      const result = await executeMutation(createGlobalOrder, callContext(ctx), input);
      return ctx.services.db.prisma.order.findUniqueOrThrow({ ...query, where: { id: result.id } });
    },
  }));
}

/** An error of a REST-spelled schema with its fields named as the GraphQL input names them. */
function inGraphQLSpelling(err: ApiError): ApiError {
  const spell = (path: string) => path.split('.').map(camel).join('.');
  const errors = (err.details.errors as FieldError[] | undefined)?.map((e) => ({ ...e, field: spell(e.field) }));
  const message = errors?.length === 1 ? `${errors[0].field}: ${errors[0].message}` : err.message;
  return new ApiError(err.code, message, { ...err.details, ...(errors ? { errors } : {}) }, err.param ? spell(err.param) : undefined);
}
