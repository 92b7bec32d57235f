// Global commerce: FX quotes, tax, shipping quotes, compliance screening (issue 16). Quotes,
// tax and the lists read with global:read; a compliance check is stored, so it takes
// global:write. The functions global orders need are exported from ./api.ts.
import type { FastifyRequest } from 'fastify';
import { defineModule } from '../module.js';
import { authorize } from '../../auth/keys.js';
import { ApiError, textFaults } from '../../errors.js';
import { restError } from '../../rest/naming.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject, registerResource, runOperation } from '../../rest/resources.js';
import { parseInput } from '../../operations/operation.js';
import { globalSettings, setGlobalSettings, settingsFromConfig } from './settings.js';
import { quoteFx } from './fx.js';
import { fxQuoteQuery, taxFor, taxQuery } from './api.js';
import { quoteShipping, shippingQuoteInput, shippingTablesFor } from './shipping.js';
import { checkCompliance, listsFor, PARTY_TYPES, prepareScreening, SCREENING_RESULTS } from './compliance.js';
import { registerGlobalGraphQL } from './graphql.js';
import { createGlobalOrder } from './orders.js';

/** A query string as an object of single strings: a repeated parameter is a 400 naming it. */
function queryObject(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(v)) throw ApiError.validation([{ field: k, message: 'given more than once', expected: 'one value' }]);
    if (typeof v === 'string') out[k] = v;
  }
  const faults = textFaults(out);
  if (faults.length) throw ApiError.validation(faults);
  return out;
}

const FX_RESPONSE = {
  type: 'object',
  properties: {
    object: { type: 'string', enum: ['fx_quote'] }, from: { type: 'string' }, to: { type: 'string' },
    rate: { type: 'string', description: 'units of `to` per unit of `from`, spread included, 10 significant digits' },
    amount: { type: 'integer' }, converted_amount: { type: 'integer', description: 'minor units of `to`: amount x rate, half to even' },
    source: { type: 'string', description: 'test_table, ecb (imported) or same_currency' },
    as_of: { type: 'integer' }, expires_at: { type: 'integer' },
  },
};

export const globalModule = defineModule({
  name: 'global',
  permissions: { global: ['read', 'write'] },
  enums: { ComplianceCheck: { type: PARTY_TYPES, result: SCREENING_RESULTS } },
  graphql: registerGlobalGraphQL,
  // the shipped test sanctions list is loaded at start-up too, so that screening reached other
  // than through this module's doors (an agent's or an MCP tool's global.orders.create) finds it;
  // when the stored list is the shipped version already, that is one row read (ensureTestList)
  start({ services, logger }) {
    const loading = prepareScreening(services.db.prisma, false).catch((err: Error) =>
      logger.warn({ err: err.message }, 'the test sanctions list could not be loaded at start-up; it is loaded on first use'));
    return async () => { await loading; };
  },
  rest(app, deps) {
    setGlobalSettings(deps.services, settingsFromConfig(deps.config));
    const prisma = deps.services.db.prisma;

    app.get('/v1/global/fx/quote', {
      config: {
        doc: {
          summary: 'Quote a currency conversion (global:read)',
          description: 'Test mode: the fixed table of docs/global.md. Live mode: the rates imported with `npm run fx -- import FILE` (ECB CSV or XML); older than FX_MAX_AGE_HOURS is 422 FX_RATE_STALE, none imported 503. FX_SPREAD_BPS is included in `rate`.',
          tag: 'global',
          query: { type: 'object', required: ['from', 'to', 'amount'], properties: { from: { type: 'string' }, to: { type: 'string' }, amount: { type: 'string', description: 'minor units of `from`' } } },
          response: FX_RESPONSE,
        },
      },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'global:read');
      const q = parseInput(fxQuoteQuery, queryObject(req));
      return quoteFx(prisma, principal.livemode, globalSettings(deps.services), q);
    });

    app.get('/v1/global/tax/calculate', {
      config: {
        doc: {
          summary: 'Calculate tax on an amount (global:read)',
          description: 'The destination\'s tax from the offline tables of the sales-tax package; `amount` excludes tax; `tax_amount` = amount x rate, half to even. EU B2B across borders with a valid `vat_id` is reverse charge at 0. `region` is required for US (state) and CA (province). The seller is `seller_country`, else the account\'s country, else DE in test mode.',
          tag: 'global',
          query: {
            type: 'object', required: ['amount', 'currency', 'country'],
            properties: {
              amount: { type: 'string' }, currency: { type: 'string' }, country: { type: 'string' }, region: { type: 'string' }, postal_code: { type: 'string' },
              customer_type: { type: 'string', enum: ['b2c', 'b2b'] }, vat_id: { type: 'string' }, seller_country: { type: 'string' },
            },
          },
        },
      },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'global:read');
      return taxFor(deps.services, principal, parseInput(taxQuery, queryObject(req)));
    });

    app.post('/v1/global/shipping/quote', {
      config: {
        rateCost: 'read',
        doc: {
          summary: 'Quote shipping for parcels (global:read)',
          description: 'Each parcel bills max(weight, L x W x H / 5000 kg) rounded up to 100 g and is priced by the zone x weight tier tables (test mode: the shipped default; live mode: the imported table, else the default). Quotes are in the origin country\'s currency, cheapest first.',
          tag: 'global',
          body: {
            type: 'object', required: ['from', 'to', 'parcels'],
            properties: {
              from: { type: 'object', required: ['country'], properties: { country: { type: 'string' }, postal_code: { type: ['string', 'null'], description: 'echoed, not used for zoning' } } },
              to: { type: 'object', required: ['country'], properties: { country: { type: 'string' }, postal_code: { type: ['string', 'null'], description: 'echoed, not used for zoning' } } },
              parcels: { type: 'array', items: { type: 'object', required: ['weight_grams'], properties: { weight_grams: { type: 'integer' }, length_cm: { type: 'number' }, width_cm: { type: 'number' }, height_cm: { type: 'number' } }, description: 'length_cm, width_cm and height_cm: all three (a dimensional weight) or none' } },
              services: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'global:read');
      const body = req.body;
      if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw ApiError.validation([{ field: 'body', message: 'the body must be a JSON object', expected: 'object' }]);
      }
      let input;
      try {
        input = parseInput(shippingQuoteInput, body);
      } catch (err) {
        // field paths as REST spells them elsewhere: parcels[0].length_cm
        throw err instanceof ApiError ? restError(err) : err;
      }
      const { tables, source } = await shippingTablesFor(prisma, principal.livemode);
      return quoteShipping(tables, input, source);
    });

    app.post('/v1/global/compliance/check', {
      config: {
        operation: checkCompliance,
        doc: {
          summary: 'Screen a name against the sanctions lists (global:write); the check is stored',
          description: 'Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE` (503 SERVICE_UNAVAILABLE naming the list when none is loaded). Fuzzy matching (token order, transliteration, accents, typos, aliases); scores 0..1, at least COMPLIANCE_MATCH_SCORE is `match`, at least COMPLIANCE_POTENTIAL_MATCH_SCORE `potential_match`. A country of COMPLIANCE_EMBARGOED_COUNTRIES is a match on the country. See docs/global.md.',
          tag: 'global',
        },
      },
    }, async (req, reply) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'global:write');
      await prepareScreening(prisma, principal.livemode);
      return runOperation(req, reply, deps, checkCompliance, bodyObject(req));
    });

    app.get('/v1/global/compliance/lists', {
      config: { doc: { summary: 'The sanctions lists loaded for the key\'s mode (global:read)', tag: 'global', description: 'Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE`.' } },
    }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'global:read');
      await prepareScreening(prisma, principal.livemode);
      const lists = await listsFor(prisma, principal.livemode);
      // every list in one page, in the list shape of every other list
      const data = lists.map((l) => ({ object: 'sanctions_list', name: l.name, as_of: l.as_of, entries: l.entries, test: l.test }));
      return {
        object: 'list', url: '/v1/global/compliance/lists', data,
        pagination: { has_more: false, next_cursor: null, previous_cursor: null, total_count: data.length, page_count: 1, current_page: 1, limit: Math.max(1, data.length) },
      };
    });

    app.post('/v1/global/orders/create', {
      config: {
        operation: createGlobalOrder,
        status: 201,
        doc: {
          summary: 'Create an order priced across borders: shipping, tax, a locked FX quote, the customer screened (orders:create)',
          description: 'The same order resource as /v1/orders (GET /v1/orders/{id}), with amount_subtotal, amount_shipping, amount_tax (on subtotal plus shipping), amount_total (= amount), fx (the locked quote to the settlement currency), settlement {currency, amount_total}, ship_to, shipping, tax and compliance. The customer is screened first: a match is 422 COMPLIANCE_BLOCKED and nothing is created; a potential_match creates the order on hold with the check attached. Shipping: one parcel of the items\' weight from the account\'s country (DE for test accounts without one), the cheapest service unless shipping_service names one. Stock is reserved as /v1/orders does. See docs/global.md.',
          tag: 'global',
        },
      },
    }, async (req, reply) => {
      const principal = await authenticate(req, deps);
      authorize(principal, createGlobalOrder.permission);
      // the test list is loaded outside the order's transaction (PGlite has one connection)
      await prepareScreening(prisma, principal.livemode);
      return reply.status(201).send(await runOperation(req, reply, deps, createGlobalOrder, bodyObject(req)));
    });

    // GET /v1/global/compliance/checks (list conventions) and /checks/{id}
    registerResource(app, deps, { path: '/v1/global/compliance/checks', model: 'ComplianceCheck', resource: 'global', aliases: false });
  },
});
