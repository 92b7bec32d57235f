import { APIResource, BaseClient, type JsonObject, type QueryParams, type RequestOptions, type WithResponse } from '../core.js';
import type { ListPage, PagePromise } from '../pagination.js';
import type { operations } from './openapi.js';
import { WebhookResourceBase } from '../webhooks.js';
export type AccountBalanceParams = QueryParams;
export type AccountBalanceResponse = JsonObject;
/**
 * `client.account`: balance.
 */
export declare class AccountResource extends APIResource {
    /**
     * The account's balances per currency, from the ledger (permission balance:read)
     *
     * `GET /v1/account/balance` (operationId `get_account_balance`)
     */
    balance(params?: AccountBalanceParams, options?: RequestOptions): Promise<WithResponse<AccountBalanceResponse>>;
}
export type AccountsListParams = NonNullable<operations['get_accounts']['parameters']['query']> & QueryParams;
export type AccountsListResponse = ListPage<JsonObject>;
export type AccountsListItem = JsonObject;
export type AccountsCreateParams = operations['accounts_create']['requestBody']['content']['application/json'];
export type AccountsCreateResponse = operations['accounts_create']['responses'][201]['content']['application/json'];
export type AccountsRetrieveParams = QueryParams;
export type AccountsRetrieveResponse = JsonObject;
/**
 * `client.accounts`: list, create, retrieve.
 */
export declare class AccountsResource extends APIResource {
    /**
     * The key's connected accounts, newest first (permission accounts:read); limit (1-100, default 10), starting_after
     *
     * `GET /v1/accounts` (operationId `get_accounts`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: AccountsListParams, options?: RequestOptions): PagePromise<AccountsListResponse, AccountsListItem>;
    /**
     * accounts.create (permission accounts:write)
     *
     * `POST /v1/accounts` (operationId `accounts_create`)
     */
    create(params: AccountsCreateParams, options?: RequestOptions): Promise<WithResponse<AccountsCreateResponse>>;
    /**
     * Retrieve a connected account (permission accounts:read)
     *
     * `GET /v1/accounts/{id}` (operationId `get_accounts_id`)
     */
    retrieve(id: string, params?: AccountsRetrieveParams, options?: RequestOptions): Promise<WithResponse<AccountsRetrieveResponse>>;
}
export type AgentsListParams = NonNullable<operations['agents_list']['parameters']['query']> & QueryParams;
export type AgentsListResponse = operations['agents_list']['responses'][200]['content']['application/json'];
export type AgentsListItem = NonNullable<AgentsListResponse['data']>[number];
export type AgentsCreateParams = operations['agents_create']['requestBody']['content']['application/json'];
export type AgentsCreateResponse = operations['agents_create']['responses'][201]['content']['application/json'];
export type AgentsAggregateParams = NonNullable<operations['get_agents_aggregate']['parameters']['query']> & QueryParams;
export type AgentsAggregateResponse = operations['get_agents_aggregate']['responses'][200]['content']['application/json'];
export type AgentsRetrieveParams = QueryParams;
export type AgentsRetrieveResponse = operations['agents_retrieve']['responses'][200]['content']['application/json'];
export type AgentsUpdateConfigParams = operations['agents_update_config']['requestBody']['content']['application/json'];
export type AgentsUpdateConfigResponse = operations['agents_update_config']['responses'][200]['content']['application/json'];
export type AgentsExecuteParams = operations['post_agents_id_execute']['requestBody']['content']['application/json'];
export type AgentsExecuteResponse = operations['post_agents_id_execute']['responses'][200]['content']['application/json'];
export type AgentsExecutionsApproveResponse = operations['post_agents_id_executions_eid_approve']['responses'][200]['content']['application/json'];
export type AgentsExecutionsRejectResponse = operations['post_agents_id_executions_eid_reject']['responses'][200]['content']['application/json'];
export type AgentsExecutionsRetrieveParams = QueryParams;
export type AgentsExecutionsRetrieveResponse = operations['get_agents_id_executions_eid']['responses'][200]['content']['application/json'];
export type AgentsExecutionsVerifyParams = QueryParams;
export type AgentsExecutionsVerifyResponse = JsonObject;
export type AgentsActivityListParams = NonNullable<operations['activity_list']['parameters']['query']> & QueryParams;
export type AgentsActivityListResponse = operations['activity_list']['responses'][200]['content']['application/json'];
export type AgentsActivityListItem = NonNullable<AgentsActivityListResponse['data']>[number];
/**
 * `client.agents`: list, create, aggregate, retrieve, updateConfig, execute, executionsApprove, executionsReject, executionsRetrieve, executionsVerify, activityList.
 */
export declare class AgentsResource extends APIResource {
    /**
     * List agents (permission agents:read)
     *
     * `GET /v1/agents` (operationId `agents_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: AgentsListParams, options?: RequestOptions): PagePromise<AgentsListResponse, AgentsListItem>;
    /**
     * agents.create (permission agents:write)
     *
     * `POST /v1/agents` (operationId `agents_create`)
     */
    create(params: AgentsCreateParams, options?: RequestOptions): Promise<WithResponse<AgentsCreateResponse>>;
    /**
     * Aggregate agents: count, sum, avg, min, max, per group (permission agents:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/agents applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/agents/aggregate` (operationId `get_agents_aggregate`)
     */
    aggregate(params?: AgentsAggregateParams, options?: RequestOptions): Promise<WithResponse<AgentsAggregateResponse>>;
    /**
     * Retrieve agent (permission agents:read)
     *
     * `GET /v1/agents/{id}` (operationId `agents_retrieve`)
     */
    retrieve(id: string, params?: AgentsRetrieveParams, options?: RequestOptions): Promise<WithResponse<AgentsRetrieveResponse>>;
    /**
     * agents.update_config (permission agents:write)
     *
     * `PATCH /v1/agents/{id}/config` (operationId `agents_update_config`)
     */
    updateConfig(id: string, params?: AgentsUpdateConfigParams, options?: RequestOptions): Promise<WithResponse<AgentsUpdateConfigResponse>>;
    /**
     * Run an operation as the agent, decided by its policy (permission agents:execute); always 200 with the agent_execution unless the request itself is invalid
     *
     * `POST /v1/agents/{id}/execute` (operationId `post_agents_id_execute`)
     */
    execute(id: string, params: AgentsExecuteParams, options?: RequestOptions): Promise<WithResponse<AgentsExecuteResponse>>;
    /**
     * Approve (and run) an execution pending approval (a secret key with agents:write)
     *
     * `POST /v1/agents/{id}/executions/{eid}/approve` (operationId `post_agents_id_executions_eid_approve`)
     */
    executionsApprove(id: string, eid: string, options?: RequestOptions): Promise<WithResponse<AgentsExecutionsApproveResponse>>;
    /**
     * Reject an execution pending approval (a secret key with agents:write)
     *
     * `POST /v1/agents/{id}/executions/{eid}/reject` (operationId `post_agents_id_executions_eid_reject`)
     */
    executionsReject(id: string, eid: string, options?: RequestOptions): Promise<WithResponse<AgentsExecutionsRejectResponse>>;
    /**
     * Retrieve an agent's execution (permission agents:read)
     *
     * `GET /v1/agents/{id}/executions/{eid}` (operationId `get_agents_id_executions_eid`)
     */
    executionsRetrieve(id: string, eid: string, params?: AgentsExecutionsRetrieveParams, options?: RequestOptions): Promise<WithResponse<AgentsExecutionsRetrieveResponse>>;
    /**
     * Re-run an execution's recorded facts through the policy: verified when the outcome and proof hash agree (permission agents:read)
     *
     * `GET /v1/agents/{id}/executions/{eid}/verify` (operationId `get_agents_id_executions_eid_verify`)
     */
    executionsVerify(id: string, eid: string, params?: AgentsExecutionsVerifyParams, options?: RequestOptions): Promise<WithResponse<AgentsExecutionsVerifyResponse>>;
    /**
     * An agent's executions, newest first (permission agents:read); filters status, operation, created
     *
     * `GET /v1/agents/{id}/activity` (operationId `activity_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    activityList(id: string, params?: AgentsActivityListParams, options?: RequestOptions): PagePromise<AgentsActivityListResponse, AgentsActivityListItem>;
}
export type ApiKeysListParams = NonNullable<operations['get_api_keys']['parameters']['query']> & QueryParams;
export type ApiKeysListResponse = operations['get_api_keys']['responses'][200]['content']['application/json'];
export type ApiKeysListItem = NonNullable<ApiKeysListResponse['data']>[number];
export type ApiKeysCreateParams = operations['api_keys_create']['requestBody']['content']['application/json'];
export type ApiKeysCreateResponse = operations['api_keys_create']['responses'][201]['content']['application/json'];
export type ApiKeysRetrieveParams = QueryParams;
export type ApiKeysRetrieveResponse = operations['get_api_keys_id']['responses'][200]['content']['application/json'];
export type ApiKeysUpdateParams = operations['api_keys_update']['requestBody']['content']['application/json'];
export type ApiKeysUpdateResponse = operations['api_keys_update']['responses'][200]['content']['application/json'];
export type ApiKeysRevokeParams = QueryParams;
export type ApiKeysRevokeResponse = operations['api_keys_revoke']['responses'][200]['content']['application/json'];
export type ApiKeysRollParams = operations['api_keys_roll']['requestBody']['content']['application/json'];
export type ApiKeysRollResponse = operations['api_keys_roll']['responses'][200]['content']['application/json'];
export type ApiKeysUsageParams = NonNullable<operations['get_api_keys_id_usage']['parameters']['query']> & QueryParams;
export type ApiKeysUsageResponse = operations['get_api_keys_id_usage']['responses'][200]['content']['application/json'];
/**
 * `client.apiKeys`: list, create, retrieve, update, revoke, roll, usage.
 */
export declare class ApiKeysResource extends APIResource {
    /**
     * List the account's keys of this mode, newest first (permission api_keys:read); never their secrets
     *
     * `GET /v1/api_keys` (operationId `get_api_keys`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: ApiKeysListParams, options?: RequestOptions): PagePromise<ApiKeysListResponse, ApiKeysListItem>;
    /**
     * api_keys.create (permission api_keys:write)
     *
     * `POST /v1/api_keys` (operationId `api_keys_create`)
     */
    create(params: ApiKeysCreateParams, options?: RequestOptions): Promise<WithResponse<ApiKeysCreateResponse>>;
    /**
     * Retrieve a key (permission api_keys:read); never its secret
     *
     * `GET /v1/api_keys/{id}` (operationId `get_api_keys_id`)
     */
    retrieve(id: string, params?: ApiKeysRetrieveParams, options?: RequestOptions): Promise<WithResponse<ApiKeysRetrieveResponse>>;
    /**
     * api_keys.update (permission api_keys:write)
     *
     * `PATCH /v1/api_keys/{id}` (operationId `api_keys_update`)
     */
    update(id: string, params?: ApiKeysUpdateParams, options?: RequestOptions): Promise<WithResponse<ApiKeysUpdateResponse>>;
    /**
     * Revoke a key (permission api_keys:write): refused everywhere within 2 seconds
     *
     * `DELETE /v1/api_keys/{id}` (operationId `api_keys_revoke`)
     */
    revoke(id: string, params?: ApiKeysRevokeParams, options?: RequestOptions): Promise<WithResponse<ApiKeysRevokeResponse>>;
    /**
     * Roll a key (permission api_keys:write): a new key with the same settings, its secret shown once; the old one works for expires_in_seconds more (default 0, at most 7 days)
     *
     * `POST /v1/api_keys/{id}/roll` (operationId `api_keys_roll`)
     */
    roll(id: string, params?: ApiKeysRollParams, options?: RequestOptions): Promise<WithResponse<ApiKeysRollResponse>>;
    /**
     * Requests of a key per day (UTC) and route group (permission api_keys:read); counted within about a second
     *
     * `GET /v1/api_keys/{id}/usage` (operationId `get_api_keys_id_usage`)
     */
    usage(id: string, params?: ApiKeysUsageParams, options?: RequestOptions): Promise<WithResponse<ApiKeysUsageResponse>>;
}
export type AuthTestParams = QueryParams;
export type AuthTestResponse = JsonObject;
/**
 * `client.auth`: test.
 */
export declare class AuthResource extends APIResource {
    /**
     * Verify a key or access token: who it is and what it may do
     *
     * `GET /v1/auth/test` (operationId `get_auth_test`)
     */
    test(params?: AuthTestParams, options?: RequestOptions): Promise<WithResponse<AuthTestResponse>>;
}
export type CustomersListParams = NonNullable<operations['customers_list']['parameters']['query']> & QueryParams;
export type CustomersListResponse = operations['customers_list']['responses'][200]['content']['application/json'];
export type CustomersListItem = NonNullable<CustomersListResponse['data']>[number];
export type CustomersCreateParams = operations['customers_create']['requestBody']['content']['application/json'];
export type CustomersCreateResponse = operations['customers_create']['responses'][201]['content']['application/json'];
export type CustomersAggregateParams = NonNullable<operations['get_customers_aggregate']['parameters']['query']> & QueryParams;
export type CustomersAggregateResponse = operations['get_customers_aggregate']['responses'][200]['content']['application/json'];
export type CustomersRetrieveParams = QueryParams;
export type CustomersRetrieveResponse = operations['customers_retrieve']['responses'][200]['content']['application/json'];
export type CustomersUpdateParams = operations['customers_update']['requestBody']['content']['application/json'];
export type CustomersUpdateResponse = operations['customers_update']['responses'][200]['content']['application/json'];
export type CustomersDeleteParams = QueryParams;
export type CustomersDeleteResponse = JsonObject;
/**
 * `client.customers`: list, create, aggregate, retrieve, update, delete.
 */
export declare class CustomersResource extends APIResource {
    /**
     * List customers (permission customers:read)
     *
     * `GET /v1/customers` (operationId `customers_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: CustomersListParams, options?: RequestOptions): PagePromise<CustomersListResponse, CustomersListItem>;
    /**
     * customers.create (permission customers:create)
     *
     * `POST /v1/customers` (operationId `customers_create`)
     */
    create(params?: CustomersCreateParams, options?: RequestOptions): Promise<WithResponse<CustomersCreateResponse>>;
    /**
     * Aggregate customers: count, sum, avg, min, max, per group (permission customers:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/customers applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/customers/aggregate` (operationId `get_customers_aggregate`)
     */
    aggregate(params?: CustomersAggregateParams, options?: RequestOptions): Promise<WithResponse<CustomersAggregateResponse>>;
    /**
     * Retrieve customer (permission customers:read)
     *
     * `GET /v1/customers/{id}` (operationId `customers_retrieve`)
     */
    retrieve(id: string, params?: CustomersRetrieveParams, options?: RequestOptions): Promise<WithResponse<CustomersRetrieveResponse>>;
    /**
     * customers.update (permission customers:update)
     *
     * `PATCH /v1/customers/{id}` (operationId `customers_update`)
     */
    update(id: string, params?: CustomersUpdateParams, options?: RequestOptions): Promise<WithResponse<CustomersUpdateResponse>>;
    /**
     * customers.delete (permission customers:delete)
     *
     * `DELETE /v1/customers/{id}` (operationId `customers_delete`)
     */
    delete(id: string, params?: CustomersDeleteParams, options?: RequestOptions): Promise<WithResponse<CustomersDeleteResponse>>;
}
export type ErrorsListParams = QueryParams;
export type ErrorsListResponse = ListPage<JsonObject>;
export type ErrorsListItem = JsonObject;
/**
 * `client.errors`: list.
 */
export declare class ErrorsResource extends APIResource {
    /**
     * Every error code: HTTP status, type, meaning and what to do
     *
     * `GET /v1/errors` (operationId `get_errors`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: ErrorsListParams, options?: RequestOptions): PagePromise<ErrorsListResponse, ErrorsListItem>;
}
export type EventsListParams = QueryParams;
export type EventsListResponse = ListPage<JsonObject>;
export type EventsListItem = JsonObject;
export type EventsRetrieveParams = QueryParams;
export type EventsRetrieveResponse = JsonObject;
/**
 * `client.events`: list, retrieve.
 */
export declare class EventsResource extends APIResource {
    /**
     * List events (permission events:read); `type` filters by type, `order.*` by prefix
     *
     * `GET /v1/events` (operationId `get_events`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: EventsListParams, options?: RequestOptions): PagePromise<EventsListResponse, EventsListItem>;
    /**
     * Retrieve an event (permission events:read)
     *
     * `GET /v1/events/{id}` (operationId `get_events_id`)
     */
    retrieve(id: string, params?: EventsRetrieveParams, options?: RequestOptions): Promise<WithResponse<EventsRetrieveResponse>>;
}
export type FinanceOptionsParams = QueryParams;
export type FinanceOptionsResponse = JsonObject;
export type FinanceInvoicesFactorParams = operations['finance_invoices_factor']['requestBody']['content']['application/json'];
export type FinanceInvoicesFactorResponse = operations['finance_invoices_factor']['responses'][201]['content']['application/json'];
export type FinancePoFinanceParams = operations['finance_po_finance']['requestBody']['content']['application/json'];
export type FinancePoFinanceResponse = operations['finance_po_finance']['responses'][201]['content']['application/json'];
export type FinanceFactoringsListParams = NonNullable<operations['factorings_list']['parameters']['query']> & QueryParams;
export type FinanceFactoringsListResponse = operations['factorings_list']['responses'][200]['content']['application/json'];
export type FinanceFactoringsListItem = NonNullable<FinanceFactoringsListResponse['data']>[number];
export type FinanceFactoringsAggregateParams = NonNullable<operations['get_finance_factorings_aggregate']['parameters']['query']> & QueryParams;
export type FinanceFactoringsAggregateResponse = operations['get_finance_factorings_aggregate']['responses'][200]['content']['application/json'];
export type FinanceFactoringsRetrieveParams = QueryParams;
export type FinanceFactoringsRetrieveResponse = operations['factorings_retrieve']['responses'][200]['content']['application/json'];
export type FinancePoListParams = NonNullable<operations['po_list']['parameters']['query']> & QueryParams;
export type FinancePoListResponse = operations['po_list']['responses'][200]['content']['application/json'];
export type FinancePoListItem = NonNullable<FinancePoListResponse['data']>[number];
export type FinancePoAggregateParams = NonNullable<operations['get_finance_po_aggregate']['parameters']['query']> & QueryParams;
export type FinancePoAggregateResponse = operations['get_finance_po_aggregate']['responses'][200]['content']['application/json'];
export type FinancePoParams = QueryParams;
export type FinancePoResponse = operations['po_retrieve']['responses'][200]['content']['application/json'];
export type FinancePoRepayParams = operations['finance_po_repay']['requestBody']['content']['application/json'];
export type FinancePoRepayResponse = operations['finance_po_repay']['responses'][200]['content']['application/json'];
export type FinanceLoansListParams = NonNullable<operations['loans_list']['parameters']['query']> & QueryParams;
export type FinanceLoansListResponse = operations['loans_list']['responses'][200]['content']['application/json'];
export type FinanceLoansListItem = NonNullable<FinanceLoansListResponse['data']>[number];
export type FinanceLoansCreateParams = operations['finance_loans_create']['requestBody']['content']['application/json'];
export type FinanceLoansCreateResponse = operations['finance_loans_create']['responses'][201]['content']['application/json'];
export type FinanceLoansAggregateParams = NonNullable<operations['get_finance_loans_aggregate']['parameters']['query']> & QueryParams;
export type FinanceLoansAggregateResponse = operations['get_finance_loans_aggregate']['responses'][200]['content']['application/json'];
export type FinanceLoansRetrieveParams = QueryParams;
export type FinanceLoansRetrieveResponse = operations['loans_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.finance`: options, invoicesFactor, poFinance, factoringsList, factoringsAggregate, factoringsRetrieve, poList, poAggregate, po, poRepay, loansList, loansCreate, loansAggregate, loansRetrieve.
 */
export declare class FinanceResource extends APIResource {
    /**
     * Financing offers computed by the finance pack from the account's ledger (permission finance:read); ?currency=, default: the account's default currency, else its largest 90-day volume, else usd
     *
     * `GET /v1/finance/options` (operationId `get_finance_options`)
     */
    options(params?: FinanceOptionsParams, options?: RequestOptions): Promise<WithResponse<FinanceOptionsResponse>>;
    /**
     * finance.invoices.factor (permission finance:write)
     *
     * `POST /v1/finance/invoices/factor` (operationId `finance_invoices_factor`)
     */
    invoicesFactor(params: FinanceInvoicesFactorParams, options?: RequestOptions): Promise<WithResponse<FinanceInvoicesFactorResponse>>;
    /**
     * finance.po.finance (permission finance:write)
     *
     * `POST /v1/finance/po/finance` (operationId `finance_po_finance`)
     */
    poFinance(params: FinancePoFinanceParams, options?: RequestOptions): Promise<WithResponse<FinancePoFinanceResponse>>;
    /**
     * List invoice factorings (permission finance:read)
     *
     * `GET /v1/finance/factorings` (operationId `factorings_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    factoringsList(params?: FinanceFactoringsListParams, options?: RequestOptions): PagePromise<FinanceFactoringsListResponse, FinanceFactoringsListItem>;
    /**
     * Aggregate factorings: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/finance/factorings applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/finance/factorings/aggregate` (operationId `get_finance_factorings_aggregate`)
     */
    factoringsAggregate(params?: FinanceFactoringsAggregateParams, options?: RequestOptions): Promise<WithResponse<FinanceFactoringsAggregateResponse>>;
    /**
     * Retrieve invoice factoring (permission finance:read)
     *
     * `GET /v1/finance/factorings/{id}` (operationId `factorings_retrieve`)
     */
    factoringsRetrieve(id: string, params?: FinanceFactoringsRetrieveParams, options?: RequestOptions): Promise<WithResponse<FinanceFactoringsRetrieveResponse>>;
    /**
     * List po financings (permission finance:read)
     *
     * `GET /v1/finance/po` (operationId `po_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    poList(params?: FinancePoListParams, options?: RequestOptions): PagePromise<FinancePoListResponse, FinancePoListItem>;
    /**
     * Aggregate po: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/finance/po applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/finance/po/aggregate` (operationId `get_finance_po_aggregate`)
     */
    poAggregate(params?: FinancePoAggregateParams, options?: RequestOptions): Promise<WithResponse<FinancePoAggregateResponse>>;
    /**
     * Retrieve po financing (permission finance:read)
     *
     * `GET /v1/finance/po/{id}` (operationId `po_retrieve`)
     */
    po(id: string, params?: FinancePoParams, options?: RequestOptions): Promise<WithResponse<FinancePoResponse>>;
    /**
     * finance.po.repay (permission finance:write)
     *
     * `POST /v1/finance/po/{id}/repay` (operationId `finance_po_repay`)
     */
    poRepay(id: string, params: FinancePoRepayParams, options?: RequestOptions): Promise<WithResponse<FinancePoRepayResponse>>;
    /**
     * List loans (permission finance:read)
     *
     * `GET /v1/finance/loans` (operationId `loans_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    loansList(params?: FinanceLoansListParams, options?: RequestOptions): PagePromise<FinanceLoansListResponse, FinanceLoansListItem>;
    /**
     * finance.loans.create (permission finance:write)
     *
     * `POST /v1/finance/loans` (operationId `finance_loans_create`)
     */
    loansCreate(params: FinanceLoansCreateParams, options?: RequestOptions): Promise<WithResponse<FinanceLoansCreateResponse>>;
    /**
     * Aggregate loans: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/finance/loans applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/finance/loans/aggregate` (operationId `get_finance_loans_aggregate`)
     */
    loansAggregate(params?: FinanceLoansAggregateParams, options?: RequestOptions): Promise<WithResponse<FinanceLoansAggregateResponse>>;
    /**
     * Retrieve loan (permission finance:read)
     *
     * `GET /v1/finance/loans/{id}` (operationId `loans_retrieve`)
     */
    loansRetrieve(id: string, params?: FinanceLoansRetrieveParams, options?: RequestOptions): Promise<WithResponse<FinanceLoansRetrieveResponse>>;
}
export type GlobalFxQuoteParams = NonNullable<operations['get_global_fx_quote']['parameters']['query']> & QueryParams;
export type GlobalFxQuoteResponse = operations['get_global_fx_quote']['responses'][200]['content']['application/json'];
export type GlobalTaxCalculateParams = NonNullable<operations['get_global_tax_calculate']['parameters']['query']> & QueryParams;
export type GlobalTaxCalculateResponse = JsonObject;
export type GlobalShippingQuoteParams = operations['post_global_shipping_quote']['requestBody']['content']['application/json'];
export type GlobalShippingQuoteResponse = JsonObject;
export type GlobalComplianceCheckParams = operations['global_compliance_check']['requestBody']['content']['application/json'];
export type GlobalComplianceCheckResponse = operations['global_compliance_check']['responses'][200]['content']['application/json'];
export type GlobalComplianceListsParams = QueryParams;
export type GlobalComplianceListsResponse = JsonObject;
export type GlobalOrdersCreateParams = operations['global_orders_create']['requestBody']['content']['application/json'];
export type GlobalOrdersCreateResponse = operations['global_orders_create']['responses'][201]['content']['application/json'];
export type GlobalComplianceChecksListParams = NonNullable<operations['checks_list']['parameters']['query']> & QueryParams;
export type GlobalComplianceChecksListResponse = operations['checks_list']['responses'][200]['content']['application/json'];
export type GlobalComplianceChecksListItem = NonNullable<GlobalComplianceChecksListResponse['data']>[number];
export type GlobalComplianceChecksAggregateParams = NonNullable<operations['get_global_compliance_checks_aggregate']['parameters']['query']> & QueryParams;
export type GlobalComplianceChecksAggregateResponse = operations['get_global_compliance_checks_aggregate']['responses'][200]['content']['application/json'];
export type GlobalComplianceChecksRetrieveParams = QueryParams;
export type GlobalComplianceChecksRetrieveResponse = operations['checks_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.global`: fxQuote, taxCalculate, shippingQuote, complianceCheck, complianceLists, ordersCreate, complianceChecksList, complianceChecksAggregate, complianceChecksRetrieve.
 */
export declare class GlobalResource extends APIResource {
    /**
     * Quote a currency conversion (global:read)
     *
     * Test mode: the fixed table of docs/global.md. Live mode: the rates imported with `npm run fx -- import FILE` (ECB CSV or XML); older than FX_MAX_AGE_HOURS is 422 FX_RATE_STALE, none imported 503. FX_SPREAD_BPS is included in `rate`.
     *
     * `GET /v1/global/fx/quote` (operationId `get_global_fx_quote`)
     */
    fxQuote(params: GlobalFxQuoteParams, options?: RequestOptions): Promise<WithResponse<GlobalFxQuoteResponse>>;
    /**
     * Calculate tax on an amount (global:read)
     *
     * The destination's tax from the offline tables of the sales-tax package; `amount` excludes tax; `tax_amount` = amount x rate, half to even. EU B2B across borders with a valid `vat_id` is reverse charge at 0. `region` is required for US (state) and CA (province). The seller is `seller_country`, else the account's country, else DE in test mode.
     *
     * `GET /v1/global/tax/calculate` (operationId `get_global_tax_calculate`)
     */
    taxCalculate(params: GlobalTaxCalculateParams, options?: RequestOptions): Promise<WithResponse<GlobalTaxCalculateResponse>>;
    /**
     * Quote shipping for parcels (global:read)
     *
     * Each parcel bills max(weight, L x W x H / 5000 kg) rounded up to 100 g and is priced by the zone x weight tier tables (test mode: the shipped default; live mode: the imported table, else the default). Quotes are in the origin country's currency, cheapest first.
     *
     * `POST /v1/global/shipping/quote` (operationId `post_global_shipping_quote`)
     */
    shippingQuote(params: GlobalShippingQuoteParams, options?: RequestOptions): Promise<WithResponse<GlobalShippingQuoteResponse>>;
    /**
     * Screen a name against the sanctions lists (global:write); the check is stored
     *
     * Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE` (503 SERVICE_UNAVAILABLE naming the list when none is loaded). Fuzzy matching (token order, transliteration, accents, typos, aliases); scores 0..1, at least COMPLIANCE_MATCH_SCORE is `match`, at least COMPLIANCE_POTENTIAL_MATCH_SCORE `potential_match`. A country of COMPLIANCE_EMBARGOED_COUNTRIES is a match on the country. See docs/global.md.
     *
     * `POST /v1/global/compliance/check` (operationId `global_compliance_check`)
     */
    complianceCheck(params: GlobalComplianceCheckParams, options?: RequestOptions): Promise<WithResponse<GlobalComplianceCheckResponse>>;
    /**
     * The sanctions lists loaded for the key's mode (global:read)
     *
     * Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE`.
     *
     * `GET /v1/global/compliance/lists` (operationId `get_global_compliance_lists`)
     */
    complianceLists(params?: GlobalComplianceListsParams, options?: RequestOptions): Promise<WithResponse<GlobalComplianceListsResponse>>;
    /**
     * Create an order priced across borders: shipping, tax, a locked FX quote, the customer screened (orders:create)
     *
     * The same order resource as /v1/orders (GET /v1/orders/{id}), with amount_subtotal, amount_shipping, amount_tax (on subtotal plus shipping), amount_total (= amount), fx (the locked quote to the settlement currency), settlement {currency, amount_total}, ship_to, shipping, tax and compliance. The customer is screened first: a match is 422 COMPLIANCE_BLOCKED and nothing is created; a potential_match creates the order on hold with the check attached. Shipping: one parcel of the items' weight from the account's country (DE for test accounts without one), the cheapest service unless shipping_service names one. Stock is reserved as /v1/orders does. See docs/global.md.
     *
     * `POST /v1/global/orders/create` (operationId `global_orders_create`)
     */
    ordersCreate(params: GlobalOrdersCreateParams, options?: RequestOptions): Promise<WithResponse<GlobalOrdersCreateResponse>>;
    /**
     * List compliance checks (permission global:read)
     *
     * `GET /v1/global/compliance/checks` (operationId `checks_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    complianceChecksList(params?: GlobalComplianceChecksListParams, options?: RequestOptions): PagePromise<GlobalComplianceChecksListResponse, GlobalComplianceChecksListItem>;
    /**
     * Aggregate checks: count, sum, avg, min, max, per group (permission global:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/global/compliance/checks applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/global/compliance/checks/aggregate` (operationId `get_global_compliance_checks_aggregate`)
     */
    complianceChecksAggregate(params?: GlobalComplianceChecksAggregateParams, options?: RequestOptions): Promise<WithResponse<GlobalComplianceChecksAggregateResponse>>;
    /**
     * Retrieve compliance check (permission global:read)
     *
     * `GET /v1/global/compliance/checks/{id}` (operationId `checks_retrieve`)
     */
    complianceChecksRetrieve(id: string, params?: GlobalComplianceChecksRetrieveParams, options?: RequestOptions): Promise<WithResponse<GlobalComplianceChecksRetrieveResponse>>;
}
export type InventoryAdjustParams = operations['inventory_adjust']['requestBody']['content']['application/json'];
export type InventoryAdjustResponse = operations['inventory_adjust']['responses'][200]['content']['application/json'];
export type InventoryReserveParams = operations['inventory_reserve']['requestBody']['content']['application/json'];
export type InventoryReserveResponse = operations['inventory_reserve']['responses'][200]['content']['application/json'];
export type InventoryAllocateParams = operations['inventory_allocate']['requestBody']['content']['application/json'];
export type InventoryAllocateResponse = operations['inventory_allocate']['responses'][200]['content']['application/json'];
export type InventoryReleaseParams = operations['inventory_release']['requestBody']['content']['application/json'];
export type InventoryReleaseResponse = operations['inventory_release']['responses'][200]['content']['application/json'];
export type InventoryTransferParams = operations['inventory_transfer']['requestBody']['content']['application/json'];
export type InventoryTransferResponse = operations['inventory_transfer']['responses'][200]['content']['application/json'];
export type InventoryListParams = NonNullable<operations['inventory_list']['parameters']['query']> & QueryParams;
export type InventoryListResponse = operations['inventory_list']['responses'][200]['content']['application/json'];
export type InventoryListItem = NonNullable<InventoryListResponse['data']>[number];
export type InventoryAggregateParams = NonNullable<operations['get_inventory_aggregate']['parameters']['query']> & QueryParams;
export type InventoryAggregateResponse = operations['get_inventory_aggregate']['responses'][200]['content']['application/json'];
export type InventoryRetrieveParams = QueryParams;
export type InventoryRetrieveResponse = operations['inventory_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.inventory`: adjust, reserve, allocate, release, transfer, list, aggregate, retrieve.
 */
export declare class InventoryResource extends APIResource {
    /**
     * inventory.adjust (permission inventory:write)
     *
     * `POST /v1/inventory/adjust` (operationId `inventory_adjust`)
     */
    adjust(params: InventoryAdjustParams, options?: RequestOptions): Promise<WithResponse<InventoryAdjustResponse>>;
    /**
     * inventory.reserve (permission inventory:write)
     *
     * `POST /v1/inventory/reserve` (operationId `inventory_reserve`)
     */
    reserve(params: InventoryReserveParams, options?: RequestOptions): Promise<WithResponse<InventoryReserveResponse>>;
    /**
     * inventory.allocate (permission inventory:write)
     *
     * `POST /v1/inventory/allocate` (operationId `inventory_allocate`)
     */
    allocate(params: InventoryAllocateParams, options?: RequestOptions): Promise<WithResponse<InventoryAllocateResponse>>;
    /**
     * inventory.release (permission inventory:write)
     *
     * `POST /v1/inventory/release` (operationId `inventory_release`)
     */
    release(params: InventoryReleaseParams, options?: RequestOptions): Promise<WithResponse<InventoryReleaseResponse>>;
    /**
     * inventory.transfer (permission inventory:write)
     *
     * `POST /v1/inventory/transfer` (operationId `inventory_transfer`)
     */
    transfer(params: InventoryTransferParams, options?: RequestOptions): Promise<WithResponse<InventoryTransferResponse>>;
    /**
     * List inventory items (permission inventory:read)
     *
     * `GET /v1/inventory` (operationId `inventory_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: InventoryListParams, options?: RequestOptions): PagePromise<InventoryListResponse, InventoryListItem>;
    /**
     * Aggregate inventory: count, sum, avg, min, max, per group (permission inventory:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/inventory applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/inventory/aggregate` (operationId `get_inventory_aggregate`)
     */
    aggregate(params?: InventoryAggregateParams, options?: RequestOptions): Promise<WithResponse<InventoryAggregateResponse>>;
    /**
     * Retrieve inventory item (permission inventory:read)
     *
     * `GET /v1/inventory/{id}` (operationId `inventory_retrieve`)
     */
    retrieve(id: string, params?: InventoryRetrieveParams, options?: RequestOptions): Promise<WithResponse<InventoryRetrieveResponse>>;
}
export type InvoicesListParams = NonNullable<operations['invoices_list']['parameters']['query']> & QueryParams;
export type InvoicesListResponse = operations['invoices_list']['responses'][200]['content']['application/json'];
export type InvoicesListItem = NonNullable<InvoicesListResponse['data']>[number];
export type InvoicesCreateParams = operations['invoices_create']['requestBody']['content']['application/json'];
export type InvoicesCreateResponse = operations['invoices_create']['responses'][201]['content']['application/json'];
export type InvoicesAggregateParams = NonNullable<operations['get_invoices_aggregate']['parameters']['query']> & QueryParams;
export type InvoicesAggregateResponse = operations['get_invoices_aggregate']['responses'][200]['content']['application/json'];
export type InvoicesRetrieveParams = QueryParams;
export type InvoicesRetrieveResponse = operations['invoices_retrieve']['responses'][200]['content']['application/json'];
export type InvoicesDeleteParams = QueryParams;
export type InvoicesDeleteResponse = JsonObject;
export type InvoicesFinalizeParams = operations['invoices_finalize']['requestBody']['content']['application/json'];
export type InvoicesFinalizeResponse = operations['invoices_finalize']['responses'][200]['content']['application/json'];
export type InvoicesVoidParams = operations['invoices_void']['requestBody']['content']['application/json'];
export type InvoicesVoidResponse = operations['invoices_void']['responses'][200]['content']['application/json'];
export type InvoicesMarkUncollectibleParams = operations['invoices_mark_uncollectible']['requestBody']['content']['application/json'];
export type InvoicesMarkUncollectibleResponse = operations['invoices_mark_uncollectible']['responses'][200]['content']['application/json'];
export type InvoicesPayParams = operations['invoices_pay']['requestBody']['content']['application/json'];
export type InvoicesPayResponse = operations['invoices_pay']['responses'][200]['content']['application/json'];
export type InvoicesPaymentsParams = operations['invoices_payments']['requestBody']['content']['application/json'];
export type InvoicesPaymentsResponse = operations['invoices_payments']['responses'][200]['content']['application/json'];
/**
 * `client.invoices`: list, create, aggregate, retrieve, delete, finalize, void, markUncollectible, pay, payments.
 */
export declare class InvoicesResource extends APIResource {
    /**
     * List invoices (permission invoices:read)
     *
     * `GET /v1/invoices` (operationId `invoices_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: InvoicesListParams, options?: RequestOptions): PagePromise<InvoicesListResponse, InvoicesListItem>;
    /**
     * invoices.create (permission invoices:write)
     *
     * `POST /v1/invoices` (operationId `invoices_create`)
     */
    create(params: InvoicesCreateParams, options?: RequestOptions): Promise<WithResponse<InvoicesCreateResponse>>;
    /**
     * Aggregate invoices: count, sum, avg, min, max, per group (permission invoices:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/invoices applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/invoices/aggregate` (operationId `get_invoices_aggregate`)
     */
    aggregate(params?: InvoicesAggregateParams, options?: RequestOptions): Promise<WithResponse<InvoicesAggregateResponse>>;
    /**
     * Retrieve invoice (permission invoices:read)
     *
     * `GET /v1/invoices/{id}` (operationId `invoices_retrieve`)
     */
    retrieve(id: string, params?: InvoicesRetrieveParams, options?: RequestOptions): Promise<WithResponse<InvoicesRetrieveResponse>>;
    /**
     * invoices.delete (permission invoices:write)
     *
     * `DELETE /v1/invoices/{id}` (operationId `invoices_delete`)
     */
    delete(id: string, params?: InvoicesDeleteParams, options?: RequestOptions): Promise<WithResponse<InvoicesDeleteResponse>>;
    /**
     * invoices.finalize (permission invoices:write)
     *
     * `POST /v1/invoices/{id}/finalize` (operationId `invoices_finalize`)
     */
    finalize(id: string, params?: InvoicesFinalizeParams, options?: RequestOptions): Promise<WithResponse<InvoicesFinalizeResponse>>;
    /**
     * invoices.void (permission invoices:write)
     *
     * `POST /v1/invoices/{id}/void` (operationId `invoices_void`)
     */
    void(id: string, params?: InvoicesVoidParams, options?: RequestOptions): Promise<WithResponse<InvoicesVoidResponse>>;
    /**
     * invoices.mark_uncollectible (permission invoices:write)
     *
     * `POST /v1/invoices/{id}/mark_uncollectible` (operationId `invoices_mark_uncollectible`)
     */
    markUncollectible(id: string, params?: InvoicesMarkUncollectibleParams, options?: RequestOptions): Promise<WithResponse<InvoicesMarkUncollectibleResponse>>;
    /**
     * invoices.pay (permission invoices:write)
     *
     * `POST /v1/invoices/{id}/pay` (operationId `invoices_pay`)
     */
    pay(id: string, params: InvoicesPayParams, options?: RequestOptions): Promise<WithResponse<InvoicesPayResponse>>;
    /**
     * invoices.payments (permission invoices:write)
     *
     * `POST /v1/invoices/{id}/payments` (operationId `invoices_payments`)
     */
    payments(id: string, params: InvoicesPaymentsParams, options?: RequestOptions): Promise<WithResponse<InvoicesPaymentsResponse>>;
}
export type OrdersListParams = NonNullable<operations['orders_list']['parameters']['query']> & QueryParams;
export type OrdersListResponse = operations['orders_list']['responses'][200]['content']['application/json'];
export type OrdersListItem = NonNullable<OrdersListResponse['data']>[number];
export type OrdersCreateParams = operations['orders_create']['requestBody']['content']['application/json'];
export type OrdersCreateResponse = operations['orders_create']['responses'][201]['content']['application/json'];
export type OrdersAggregateParams = NonNullable<operations['get_orders_aggregate']['parameters']['query']> & QueryParams;
export type OrdersAggregateResponse = operations['get_orders_aggregate']['responses'][200]['content']['application/json'];
export type OrdersRetrieveParams = QueryParams;
export type OrdersRetrieveResponse = operations['orders_retrieve']['responses'][200]['content']['application/json'];
export type OrdersUpdateParams = operations['orders_update']['requestBody']['content']['application/json'];
export type OrdersUpdateResponse = operations['orders_update']['responses'][200]['content']['application/json'];
export type OrdersDeleteParams = QueryParams;
export type OrdersDeleteResponse = JsonObject;
export type OrdersFulfillParams = operations['orders_fulfill']['requestBody']['content']['application/json'];
export type OrdersFulfillResponse = operations['orders_fulfill']['responses'][200]['content']['application/json'];
export type OrdersCancelParams = operations['orders_cancel']['requestBody']['content']['application/json'];
export type OrdersCancelResponse = operations['orders_cancel']['responses'][200]['content']['application/json'];
export type OrdersHoldParams = operations['orders_hold']['requestBody']['content']['application/json'];
export type OrdersHoldResponse = operations['orders_hold']['responses'][200]['content']['application/json'];
export type OrdersReleaseParams = operations['orders_release']['requestBody']['content']['application/json'];
export type OrdersReleaseResponse = operations['orders_release']['responses'][200]['content']['application/json'];
/**
 * `client.orders`: list, create, aggregate, retrieve, update, delete, fulfill, cancel, hold, release.
 */
export declare class OrdersResource extends APIResource {
    /**
     * List orders (permission orders:read)
     *
     * `GET /v1/orders` (operationId `orders_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: OrdersListParams, options?: RequestOptions): PagePromise<OrdersListResponse, OrdersListItem>;
    /**
     * orders.create (permission orders:create)
     *
     * `POST /v1/orders` (operationId `orders_create`)
     */
    create(params: OrdersCreateParams, options?: RequestOptions): Promise<WithResponse<OrdersCreateResponse>>;
    /**
     * Aggregate orders: count, sum, avg, min, max, per group (permission orders:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/orders applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/orders/aggregate` (operationId `get_orders_aggregate`)
     */
    aggregate(params?: OrdersAggregateParams, options?: RequestOptions): Promise<WithResponse<OrdersAggregateResponse>>;
    /**
     * Retrieve order (permission orders:read)
     *
     * `GET /v1/orders/{id}` (operationId `orders_retrieve`)
     */
    retrieve(id: string, params?: OrdersRetrieveParams, options?: RequestOptions): Promise<WithResponse<OrdersRetrieveResponse>>;
    /**
     * orders.update (permission orders:update)
     *
     * `PATCH /v1/orders/{id}` (operationId `orders_update`)
     */
    update(id: string, params?: OrdersUpdateParams, options?: RequestOptions): Promise<WithResponse<OrdersUpdateResponse>>;
    /**
     * orders.delete (permission orders:cancel)
     *
     * `DELETE /v1/orders/{id}` (operationId `orders_delete`)
     */
    delete(id: string, params?: OrdersDeleteParams, options?: RequestOptions): Promise<WithResponse<OrdersDeleteResponse>>;
    /**
     * orders.fulfill (permission orders:fulfill)
     *
     * `POST /v1/orders/{id}/fulfill` (operationId `orders_fulfill`)
     */
    fulfill(id: string, params?: OrdersFulfillParams, options?: RequestOptions): Promise<WithResponse<OrdersFulfillResponse>>;
    /**
     * orders.cancel (permission orders:cancel)
     *
     * `POST /v1/orders/{id}/cancel` (operationId `orders_cancel`)
     */
    cancel(id: string, params?: OrdersCancelParams, options?: RequestOptions): Promise<WithResponse<OrdersCancelResponse>>;
    /**
     * orders.hold (permission orders:update)
     *
     * `POST /v1/orders/{id}/hold` (operationId `orders_hold`)
     */
    hold(id: string, params?: OrdersHoldParams, options?: RequestOptions): Promise<WithResponse<OrdersHoldResponse>>;
    /**
     * orders.release (permission orders:update)
     *
     * `POST /v1/orders/{id}/release` (operationId `orders_release`)
     */
    release(id: string, params?: OrdersReleaseParams, options?: RequestOptions): Promise<WithResponse<OrdersReleaseResponse>>;
}
export type PaymentsRefundParams = operations['payments_refund']['requestBody']['content']['application/json'];
export type PaymentsRefundResponse = operations['payments_refund']['responses'][201]['content']['application/json'];
export type PaymentsListParams = NonNullable<operations['payments_list']['parameters']['query']> & QueryParams;
export type PaymentsListResponse = operations['payments_list']['responses'][200]['content']['application/json'];
export type PaymentsListItem = NonNullable<PaymentsListResponse['data']>[number];
export type PaymentsCreateParams = operations['payments_create']['requestBody']['content']['application/json'];
export type PaymentsCreateResponse = operations['payments_create']['responses'][201]['content']['application/json'];
export type PaymentsAggregateParams = NonNullable<operations['get_payments_aggregate']['parameters']['query']> & QueryParams;
export type PaymentsAggregateResponse = operations['get_payments_aggregate']['responses'][200]['content']['application/json'];
export type PaymentsRetrieveParams = QueryParams;
export type PaymentsRetrieveResponse = operations['payments_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.payments`: refund, list, create, aggregate, retrieve.
 */
export declare class PaymentsResource extends APIResource {
    /**
     * payments.refund (permission payments:refund)
     *
     * `POST /v1/payments/refund` (operationId `payments_refund`)
     */
    refund(params: PaymentsRefundParams, options?: RequestOptions): Promise<WithResponse<PaymentsRefundResponse>>;
    /**
     * List payments (permission payments:read)
     *
     * `GET /v1/payments` (operationId `payments_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: PaymentsListParams, options?: RequestOptions): PagePromise<PaymentsListResponse, PaymentsListItem>;
    /**
     * payments.create (permission payments:create)
     *
     * `POST /v1/payments` (operationId `payments_create`)
     */
    create(params: PaymentsCreateParams, options?: RequestOptions): Promise<WithResponse<PaymentsCreateResponse>>;
    /**
     * Aggregate payments: count, sum, avg, min, max, per group (permission payments:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/payments applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/payments/aggregate` (operationId `get_payments_aggregate`)
     */
    aggregate(params?: PaymentsAggregateParams, options?: RequestOptions): Promise<WithResponse<PaymentsAggregateResponse>>;
    /**
     * Retrieve payment (permission payments:read)
     *
     * `GET /v1/payments/{id}` (operationId `payments_retrieve`)
     */
    retrieve(id: string, params?: PaymentsRetrieveParams, options?: RequestOptions): Promise<WithResponse<PaymentsRetrieveResponse>>;
}
export type PricesListParams = NonNullable<operations['prices_list']['parameters']['query']> & QueryParams;
export type PricesListResponse = operations['prices_list']['responses'][200]['content']['application/json'];
export type PricesListItem = NonNullable<PricesListResponse['data']>[number];
export type PricesCreateParams = operations['prices_create']['requestBody']['content']['application/json'];
export type PricesCreateResponse = operations['prices_create']['responses'][201]['content']['application/json'];
export type PricesAggregateParams = NonNullable<operations['get_prices_aggregate']['parameters']['query']> & QueryParams;
export type PricesAggregateResponse = operations['get_prices_aggregate']['responses'][200]['content']['application/json'];
export type PricesRetrieveParams = QueryParams;
export type PricesRetrieveResponse = operations['prices_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.prices`: list, create, aggregate, retrieve.
 */
export declare class PricesResource extends APIResource {
    /**
     * List prices (permission prices:read)
     *
     * `GET /v1/prices` (operationId `prices_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: PricesListParams, options?: RequestOptions): PagePromise<PricesListResponse, PricesListItem>;
    /**
     * prices.create (permission prices:write)
     *
     * `POST /v1/prices` (operationId `prices_create`)
     */
    create(params: PricesCreateParams, options?: RequestOptions): Promise<WithResponse<PricesCreateResponse>>;
    /**
     * Aggregate prices: count, sum, avg, min, max, per group (permission prices:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/prices applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/prices/aggregate` (operationId `get_prices_aggregate`)
     */
    aggregate(params?: PricesAggregateParams, options?: RequestOptions): Promise<WithResponse<PricesAggregateResponse>>;
    /**
     * Retrieve price (permission prices:read)
     *
     * `GET /v1/prices/{id}` (operationId `prices_retrieve`)
     */
    retrieve(id: string, params?: PricesRetrieveParams, options?: RequestOptions): Promise<WithResponse<PricesRetrieveResponse>>;
}
export type ProductsListParams = NonNullable<operations['products_list']['parameters']['query']> & QueryParams;
export type ProductsListResponse = operations['products_list']['responses'][200]['content']['application/json'];
export type ProductsListItem = NonNullable<ProductsListResponse['data']>[number];
export type ProductsCreateParams = operations['products_create']['requestBody']['content']['application/json'];
export type ProductsCreateResponse = operations['products_create']['responses'][201]['content']['application/json'];
export type ProductsAggregateParams = NonNullable<operations['get_products_aggregate']['parameters']['query']> & QueryParams;
export type ProductsAggregateResponse = operations['get_products_aggregate']['responses'][200]['content']['application/json'];
export type ProductsRetrieveParams = QueryParams;
export type ProductsRetrieveResponse = operations['products_retrieve']['responses'][200]['content']['application/json'];
export type ProductsUpdateParams = operations['products_update']['requestBody']['content']['application/json'];
export type ProductsUpdateResponse = operations['products_update']['responses'][200]['content']['application/json'];
/**
 * `client.products`: list, create, aggregate, retrieve, update.
 */
export declare class ProductsResource extends APIResource {
    /**
     * List products (permission products:read)
     *
     * `GET /v1/products` (operationId `products_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: ProductsListParams, options?: RequestOptions): PagePromise<ProductsListResponse, ProductsListItem>;
    /**
     * products.create (permission products:create)
     *
     * `POST /v1/products` (operationId `products_create`)
     */
    create(params: ProductsCreateParams, options?: RequestOptions): Promise<WithResponse<ProductsCreateResponse>>;
    /**
     * Aggregate products: count, sum, avg, min, max, per group (permission products:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/products applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/products/aggregate` (operationId `get_products_aggregate`)
     */
    aggregate(params?: ProductsAggregateParams, options?: RequestOptions): Promise<WithResponse<ProductsAggregateResponse>>;
    /**
     * Retrieve product (permission products:read)
     *
     * `GET /v1/products/{id}` (operationId `products_retrieve`)
     */
    retrieve(id: string, params?: ProductsRetrieveParams, options?: RequestOptions): Promise<WithResponse<ProductsRetrieveResponse>>;
    /**
     * products.update (permission products:update)
     *
     * `PATCH /v1/products/{id}` (operationId `products_update`)
     */
    update(id: string, params?: ProductsUpdateParams, options?: RequestOptions): Promise<WithResponse<ProductsUpdateResponse>>;
}
export type PublicBalanceParams = QueryParams;
export type PublicBalanceResponse = JsonObject;
/**
 * `client.public`: balance.
 */
export declare class PublicResource extends APIResource {
    /**
     * A wallet's public balance; any key, publishable ones included
     *
     * `GET /v1/public/balance/{address}` (operationId `get_public_balance_address`)
     */
    balance(address: string, params?: PublicBalanceParams, options?: RequestOptions): Promise<WithResponse<PublicBalanceResponse>>;
}
export type RefundsListParams = NonNullable<operations['refunds_list']['parameters']['query']> & QueryParams;
export type RefundsListResponse = operations['refunds_list']['responses'][200]['content']['application/json'];
export type RefundsListItem = NonNullable<RefundsListResponse['data']>[number];
export type RefundsAggregateParams = NonNullable<operations['get_refunds_aggregate']['parameters']['query']> & QueryParams;
export type RefundsAggregateResponse = operations['get_refunds_aggregate']['responses'][200]['content']['application/json'];
export type RefundsRetrieveParams = QueryParams;
export type RefundsRetrieveResponse = operations['refunds_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.refunds`: list, aggregate, retrieve.
 */
export declare class RefundsResource extends APIResource {
    /**
     * List refunds (permission payments:read)
     *
     * `GET /v1/refunds` (operationId `refunds_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: RefundsListParams, options?: RequestOptions): PagePromise<RefundsListResponse, RefundsListItem>;
    /**
     * Aggregate refunds: count, sum, avg, min, max, per group (permission payments:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/refunds applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/refunds/aggregate` (operationId `get_refunds_aggregate`)
     */
    aggregate(params?: RefundsAggregateParams, options?: RequestOptions): Promise<WithResponse<RefundsAggregateResponse>>;
    /**
     * Retrieve refund (permission payments:read)
     *
     * `GET /v1/refunds/{id}` (operationId `refunds_retrieve`)
     */
    retrieve(id: string, params?: RefundsRetrieveParams, options?: RequestOptions): Promise<WithResponse<RefundsRetrieveResponse>>;
}
export type ReturnsListParams = NonNullable<operations['returns_list']['parameters']['query']> & QueryParams;
export type ReturnsListResponse = operations['returns_list']['responses'][200]['content']['application/json'];
export type ReturnsListItem = NonNullable<ReturnsListResponse['data']>[number];
export type ReturnsCreateParams = operations['returns_create']['requestBody']['content']['application/json'];
export type ReturnsCreateResponse = operations['returns_create']['responses'][201]['content']['application/json'];
export type ReturnsAggregateParams = NonNullable<operations['get_returns_aggregate']['parameters']['query']> & QueryParams;
export type ReturnsAggregateResponse = operations['get_returns_aggregate']['responses'][200]['content']['application/json'];
export type ReturnsRetrieveParams = QueryParams;
export type ReturnsRetrieveResponse = operations['returns_retrieve']['responses'][200]['content']['application/json'];
export type ReturnsApproveParams = operations['returns_approve']['requestBody']['content']['application/json'];
export type ReturnsApproveResponse = operations['returns_approve']['responses'][200]['content']['application/json'];
export type ReturnsRejectParams = operations['returns_reject']['requestBody']['content']['application/json'];
export type ReturnsRejectResponse = operations['returns_reject']['responses'][200]['content']['application/json'];
export type ReturnsReceiveParams = operations['returns_receive']['requestBody']['content']['application/json'];
export type ReturnsReceiveResponse = operations['returns_receive']['responses'][200]['content']['application/json'];
export type ReturnsProcessParams = operations['returns_process']['requestBody']['content']['application/json'];
export type ReturnsProcessResponse = operations['returns_process']['responses'][200]['content']['application/json'];
/**
 * `client.returns`: list, create, aggregate, retrieve, approve, reject, receive, process.
 */
export declare class ReturnsResource extends APIResource {
    /**
     * List returns (permission returns:read)
     *
     * `GET /v1/returns` (operationId `returns_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: ReturnsListParams, options?: RequestOptions): PagePromise<ReturnsListResponse, ReturnsListItem>;
    /**
     * returns.create (permission returns:write)
     *
     * `POST /v1/returns` (operationId `returns_create`)
     */
    create(params: ReturnsCreateParams, options?: RequestOptions): Promise<WithResponse<ReturnsCreateResponse>>;
    /**
     * Aggregate returns: count, sum, avg, min, max, per group (permission returns:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/returns applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/returns/aggregate` (operationId `get_returns_aggregate`)
     */
    aggregate(params?: ReturnsAggregateParams, options?: RequestOptions): Promise<WithResponse<ReturnsAggregateResponse>>;
    /**
     * Retrieve return (permission returns:read)
     *
     * `GET /v1/returns/{id}` (operationId `returns_retrieve`)
     */
    retrieve(id: string, params?: ReturnsRetrieveParams, options?: RequestOptions): Promise<WithResponse<ReturnsRetrieveResponse>>;
    /**
     * returns.approve (permission returns:write)
     *
     * `POST /v1/returns/{id}/approve` (operationId `returns_approve`)
     */
    approve(id: string, params?: ReturnsApproveParams, options?: RequestOptions): Promise<WithResponse<ReturnsApproveResponse>>;
    /**
     * returns.reject (permission returns:write)
     *
     * `POST /v1/returns/{id}/reject` (operationId `returns_reject`)
     */
    reject(id: string, params: ReturnsRejectParams, options?: RequestOptions): Promise<WithResponse<ReturnsRejectResponse>>;
    /**
     * returns.receive (permission returns:write)
     *
     * `POST /v1/returns/{id}/receive` (operationId `returns_receive`)
     */
    receive(id: string, params?: ReturnsReceiveParams, options?: RequestOptions): Promise<WithResponse<ReturnsReceiveResponse>>;
    /**
     * returns.process (permission returns:write)
     *
     * `POST /v1/returns/{id}/process` (operationId `returns_process`)
     */
    process(id: string, params?: ReturnsProcessParams, options?: RequestOptions): Promise<WithResponse<ReturnsProcessResponse>>;
}
export type SearchSearchParams = operations['post_search']['requestBody']['content']['application/json'];
export type SearchSearchResponse = operations['post_search']['responses'][200]['content']['application/json'];
/**
 * `client.search`: search.
 */
export declare class SearchResource extends APIResource {
    /**
     * Search across resources (permission <resource>:read of each)
     *
     * Typo-tolerant search over orders, customers, products, inventory and returns: facets, highlights, suggestions. `Authorization: Token <key>` is accepted as well as `Bearer`. An empty or too long query is a 400 with the code `invalid_query` (lowercase, the spec's). See docs/search.md.
     *
     * `POST /v1/search` (operationId `post_search`)
     */
    search(params: SearchSearchParams, options?: RequestOptions): Promise<WithResponse<SearchSearchResponse>>;
}
export type StablecoinIssueParams = operations['stablecoin_issue']['requestBody']['content']['application/json'];
export type StablecoinIssueResponse = operations['stablecoin_issue']['responses'][201]['content']['application/json'];
export type StablecoinRedeemParams = operations['stablecoin_redeem']['requestBody']['content']['application/json'];
export type StablecoinRedeemResponse = operations['stablecoin_redeem']['responses'][201]['content']['application/json'];
export type StablecoinTransferParams = operations['stablecoin_transfer']['requestBody']['content']['application/json'];
export type StablecoinTransferResponse = operations['stablecoin_transfer']['responses'][201]['content']['application/json'];
export type StablecoinBalanceParams = QueryParams;
export type StablecoinBalanceResponse = JsonObject;
export type StablecoinRedemptionsRetrieveParams = QueryParams;
export type StablecoinRedemptionsRetrieveResponse = operations['redemptions_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.stablecoin`: issue, redeem, transfer, balance, redemptionsRetrieve.
 */
export declare class StablecoinResource extends APIResource {
    /**
     * stablecoin.issue (permission stablecoin:issue)
     *
     * `POST /v1/stablecoin/issue` (operationId `stablecoin_issue`)
     */
    issue(params: StablecoinIssueParams, options?: RequestOptions): Promise<WithResponse<StablecoinIssueResponse>>;
    /**
     * stablecoin.redeem (permission stablecoin:redeem)
     *
     * `POST /v1/stablecoin/redeem` (operationId `stablecoin_redeem`)
     */
    redeem(params: StablecoinRedeemParams, options?: RequestOptions): Promise<WithResponse<StablecoinRedeemResponse>>;
    /**
     * stablecoin.transfer (permission stablecoin:transfer)
     *
     * `POST /v1/stablecoin/transfer` (operationId `stablecoin_transfer`)
     */
    transfer(params: StablecoinTransferParams, options?: RequestOptions): Promise<WithResponse<StablecoinTransferResponse>>;
    /**
     * The account's wallet and the coin's supply (permission stablecoin:read)
     *
     * `GET /v1/stablecoin/balance` (operationId `get_stablecoin_balance`)
     */
    balance(params?: StablecoinBalanceParams, options?: RequestOptions): Promise<WithResponse<StablecoinBalanceResponse>>;
    /**
     * Retrieve stablecoin redemption (permission stablecoin:read)
     *
     * A redemption of the caller's account and mode. `status` is `processing` from the redemption (the coin is burnt at once) until the bank payout completes (test mode: after REDEMPTION_PAYOUT_DELAY_MS), then `succeeded` (event `stablecoin.redemption.succeeded`). Another account's or mode's redemption is 404 RESOURCE_NOT_FOUND.
     *
     * `GET /v1/stablecoin/redemptions/{id}` (operationId `redemptions_retrieve`)
     */
    redemptionsRetrieve(id: string, params?: StablecoinRedemptionsRetrieveParams, options?: RequestOptions): Promise<WithResponse<StablecoinRedemptionsRetrieveResponse>>;
}
export type SubscriptionsListParams = NonNullable<operations['subscriptions_list']['parameters']['query']> & QueryParams;
export type SubscriptionsListResponse = operations['subscriptions_list']['responses'][200]['content']['application/json'];
export type SubscriptionsListItem = NonNullable<SubscriptionsListResponse['data']>[number];
export type SubscriptionsCreateParams = operations['subscriptions_create']['requestBody']['content']['application/json'];
export type SubscriptionsCreateResponse = operations['subscriptions_create']['responses'][201]['content']['application/json'];
export type SubscriptionsAggregateParams = NonNullable<operations['get_subscriptions_aggregate']['parameters']['query']> & QueryParams;
export type SubscriptionsAggregateResponse = operations['get_subscriptions_aggregate']['responses'][200]['content']['application/json'];
export type SubscriptionsRetrieveParams = QueryParams;
export type SubscriptionsRetrieveResponse = operations['subscriptions_retrieve']['responses'][200]['content']['application/json'];
export type SubscriptionsUpdateParams = operations['subscriptions_update']['requestBody']['content']['application/json'];
export type SubscriptionsUpdateResponse = operations['subscriptions_update']['responses'][200]['content']['application/json'];
export type SubscriptionsCancelParams = operations['subscriptions_cancel']['requestBody']['content']['application/json'];
export type SubscriptionsCancelResponse = operations['subscriptions_cancel']['responses'][200]['content']['application/json'];
/**
 * `client.subscriptions`: list, create, aggregate, retrieve, update, cancel.
 */
export declare class SubscriptionsResource extends APIResource {
    /**
     * List subscriptions (permission subscriptions:read)
     *
     * `GET /v1/subscriptions` (operationId `subscriptions_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: SubscriptionsListParams, options?: RequestOptions): PagePromise<SubscriptionsListResponse, SubscriptionsListItem>;
    /**
     * subscriptions.create (permission subscriptions:write)
     *
     * `POST /v1/subscriptions` (operationId `subscriptions_create`)
     */
    create(params: SubscriptionsCreateParams, options?: RequestOptions): Promise<WithResponse<SubscriptionsCreateResponse>>;
    /**
     * Aggregate subscriptions: count, sum, avg, min, max, per group (permission subscriptions:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/subscriptions applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/subscriptions/aggregate` (operationId `get_subscriptions_aggregate`)
     */
    aggregate(params?: SubscriptionsAggregateParams, options?: RequestOptions): Promise<WithResponse<SubscriptionsAggregateResponse>>;
    /**
     * Retrieve subscription (permission subscriptions:read)
     *
     * `GET /v1/subscriptions/{id}` (operationId `subscriptions_retrieve`)
     */
    retrieve(id: string, params?: SubscriptionsRetrieveParams, options?: RequestOptions): Promise<WithResponse<SubscriptionsRetrieveResponse>>;
    /**
     * subscriptions.update (permission subscriptions:write)
     *
     * `PATCH /v1/subscriptions/{id}` (operationId `subscriptions_update`)
     */
    update(id: string, params?: SubscriptionsUpdateParams, options?: RequestOptions): Promise<WithResponse<SubscriptionsUpdateResponse>>;
    /**
     * subscriptions.cancel (permission subscriptions:write)
     *
     * `POST /v1/subscriptions/{id}/cancel` (operationId `subscriptions_cancel`)
     */
    cancel(id: string, params?: SubscriptionsCancelParams, options?: RequestOptions): Promise<WithResponse<SubscriptionsCancelResponse>>;
}
export type TestHelpersTestClocksListParams = NonNullable<operations['test_clocks_list']['parameters']['query']> & QueryParams;
export type TestHelpersTestClocksListResponse = operations['test_clocks_list']['responses'][200]['content']['application/json'];
export type TestHelpersTestClocksListItem = NonNullable<TestHelpersTestClocksListResponse['data']>[number];
export type TestHelpersTestClocksCreateParams = operations['test_clocks_create']['requestBody']['content']['application/json'];
export type TestHelpersTestClocksCreateResponse = operations['test_clocks_create']['responses'][201]['content']['application/json'];
export type TestHelpersTestClocksRetrieveParams = QueryParams;
export type TestHelpersTestClocksRetrieveResponse = operations['test_clocks_retrieve']['responses'][200]['content']['application/json'];
export type TestHelpersTestClocksDeleteParams = QueryParams;
export type TestHelpersTestClocksDeleteResponse = JsonObject;
export type TestHelpersTestClocksAdvanceParams = operations['test_clocks_advance']['requestBody']['content']['application/json'];
export type TestHelpersTestClocksAdvanceResponse = operations['test_clocks_advance']['responses'][200]['content']['application/json'];
/**
 * `client.testHelpers`: testClocksList, testClocksCreate, testClocksRetrieve, testClocksDelete, testClocksAdvance.
 */
export declare class TestHelpersResource extends APIResource {
    /**
     * List test clocks (permission test_clocks:read)
     *
     * `GET /v1/test_helpers/test_clocks` (operationId `test_clocks_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    testClocksList(params?: TestHelpersTestClocksListParams, options?: RequestOptions): PagePromise<TestHelpersTestClocksListResponse, TestHelpersTestClocksListItem>;
    /**
     * test_clocks.create (permission test_clocks:write)
     *
     * `POST /v1/test_helpers/test_clocks` (operationId `test_clocks_create`)
     */
    testClocksCreate(params: TestHelpersTestClocksCreateParams, options?: RequestOptions): Promise<WithResponse<TestHelpersTestClocksCreateResponse>>;
    /**
     * Retrieve test clock (permission test_clocks:read)
     *
     * `GET /v1/test_helpers/test_clocks/{id}` (operationId `test_clocks_retrieve`)
     */
    testClocksRetrieve(id: string, params?: TestHelpersTestClocksRetrieveParams, options?: RequestOptions): Promise<WithResponse<TestHelpersTestClocksRetrieveResponse>>;
    /**
     * test_clocks.delete (permission test_clocks:write)
     *
     * `DELETE /v1/test_helpers/test_clocks/{id}` (operationId `test_clocks_delete`)
     */
    testClocksDelete(id: string, params?: TestHelpersTestClocksDeleteParams, options?: RequestOptions): Promise<WithResponse<TestHelpersTestClocksDeleteResponse>>;
    /**
     * test_clocks.advance (permission test_clocks:write)
     *
     * `POST /v1/test_helpers/test_clocks/{id}/advance` (operationId `test_clocks_advance`)
     */
    testClocksAdvance(id: string, params: TestHelpersTestClocksAdvanceParams, options?: RequestOptions): Promise<WithResponse<TestHelpersTestClocksAdvanceResponse>>;
}
export type TransactionsListParams = NonNullable<operations['transactions_list']['parameters']['query']> & QueryParams;
export type TransactionsListResponse = operations['transactions_list']['responses'][200]['content']['application/json'];
export type TransactionsListItem = NonNullable<TransactionsListResponse['data']>[number];
export type TransactionsAggregateParams = NonNullable<operations['get_transactions_aggregate']['parameters']['query']> & QueryParams;
export type TransactionsAggregateResponse = operations['get_transactions_aggregate']['responses'][200]['content']['application/json'];
export type TransactionsRetrieveParams = QueryParams;
export type TransactionsRetrieveResponse = operations['transactions_retrieve']['responses'][200]['content']['application/json'];
/**
 * `client.transactions`: list, aggregate, retrieve.
 */
export declare class TransactionsResource extends APIResource {
    /**
     * List ledger transactions (permission transactions:read)
     *
     * `GET /v1/transactions` (operationId `transactions_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: TransactionsListParams, options?: RequestOptions): PagePromise<TransactionsListResponse, TransactionsListItem>;
    /**
     * Aggregate transactions: count, sum, avg, min, max, per group (permission transactions:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/transactions applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/transactions/aggregate` (operationId `get_transactions_aggregate`)
     */
    aggregate(params?: TransactionsAggregateParams, options?: RequestOptions): Promise<WithResponse<TransactionsAggregateResponse>>;
    /**
     * Retrieve ledger transaction (permission transactions:read)
     *
     * `GET /v1/transactions/{id}` (operationId `transactions_retrieve`)
     */
    retrieve(id: string, params?: TransactionsRetrieveParams, options?: RequestOptions): Promise<WithResponse<TransactionsRetrieveResponse>>;
}
export type VersionsListParams = QueryParams;
export type VersionsListResponse = operations['get_api_versions']['responses'][200]['content']['application/json'];
/**
 * `client.versions`: list.
 */
export declare class VersionsResource extends APIResource {
    /**
     * The API versions: version, status (alpha, beta, stable, deprecated, retired), documentation_url, end_of_life, release_date
     *
     * `GET /api/versions` (operationId `get_api_versions`)
     */
    list(params?: VersionsListParams, options?: RequestOptions): Promise<WithResponse<VersionsListResponse>>;
}
export type WebhooksListParams = NonNullable<operations['webhooks_list']['parameters']['query']> & QueryParams;
export type WebhooksListResponse = operations['webhooks_list']['responses'][200]['content']['application/json'];
export type WebhooksListItem = NonNullable<WebhooksListResponse['data']>[number];
export type WebhooksCreateParams = operations['webhook_endpoints_create']['requestBody']['content']['application/json'];
export type WebhooksCreateResponse = operations['webhook_endpoints_create']['responses'][201]['content']['application/json'];
export type WebhooksAggregateParams = NonNullable<operations['get_webhooks_aggregate']['parameters']['query']> & QueryParams;
export type WebhooksAggregateResponse = operations['get_webhooks_aggregate']['responses'][200]['content']['application/json'];
export type WebhooksRetrieveParams = QueryParams;
export type WebhooksRetrieveResponse = operations['webhooks_retrieve']['responses'][200]['content']['application/json'];
export type WebhooksUpdateParams = operations['webhook_endpoints_update']['requestBody']['content']['application/json'];
export type WebhooksUpdateResponse = operations['webhook_endpoints_update']['responses'][200]['content']['application/json'];
export type WebhooksDeleteParams = QueryParams;
export type WebhooksDeleteResponse = JsonObject;
export type WebhooksRotateSecretParams = operations['webhook_endpoints_rotate_secret']['requestBody']['content']['application/json'];
export type WebhooksRotateSecretResponse = operations['webhook_endpoints_rotate_secret']['responses'][200]['content']['application/json'];
export type WebhooksTestParams = operations['post_webhooks_id_test']['requestBody']['content']['application/json'];
export type WebhooksTestResponse = JsonObject;
export type WebhooksDeliveriesParams = QueryParams;
export type WebhooksDeliveriesResponse = JsonObject;
export type WebhooksDeliveriesRetryResponse = JsonObject;
export type WebhooksRecoverResponse = JsonObject;
export type WebhooksMetricsParams = QueryParams;
export type WebhooksMetricsResponse = JsonObject;
export type WebhooksSimulateParams = operations['post_webhooks_simulate']['requestBody']['content']['application/json'];
export type WebhooksSimulateResponse = JsonObject;
/**
 * `client.webhooks`: list, create, aggregate, retrieve, update, delete, rotateSecret, test, deliveries, deliveriesRetry, recover, metrics, simulate.
 */
export declare class WebhooksResource extends WebhookResourceBase {
    /**
     * List webhook endpoints (permission webhooks:read)
     *
     * `GET /v1/webhooks` (operationId `webhooks_list`). Await it for the first page; iterate it (`for await`) for every item of every page.
     */
    list(params?: WebhooksListParams, options?: RequestOptions): PagePromise<WebhooksListResponse, WebhooksListItem>;
    /**
     * webhook_endpoints.create (permission webhooks:write)
     *
     * `POST /v1/webhooks` (operationId `webhook_endpoints_create`)
     */
    create(params: WebhooksCreateParams, options?: RequestOptions): Promise<WithResponse<WebhooksCreateResponse>>;
    /**
     * Aggregate webhooks: count, sum, avg, min, max, per group (permission webhooks:read or analytics:read; costs as analytics)
     *
     * Every filter of GET /v1/webhooks applies. At most 1000 groups. See docs/aggregates.md.
     *
     * `GET /v1/webhooks/aggregate` (operationId `get_webhooks_aggregate`)
     */
    aggregate(params?: WebhooksAggregateParams, options?: RequestOptions): Promise<WithResponse<WebhooksAggregateResponse>>;
    /**
     * Retrieve webhook endpoint (permission webhooks:read)
     *
     * `GET /v1/webhooks/{id}` (operationId `webhooks_retrieve`)
     */
    retrieve(id: string, params?: WebhooksRetrieveParams, options?: RequestOptions): Promise<WithResponse<WebhooksRetrieveResponse>>;
    /**
     * webhook_endpoints.update (permission webhooks:write)
     *
     * `PUT /v1/webhooks/{id}` (operationId `webhook_endpoints_update`)
     */
    update(id: string, params?: WebhooksUpdateParams, options?: RequestOptions): Promise<WithResponse<WebhooksUpdateResponse>>;
    /**
     * webhook_endpoints.delete (permission webhooks:write)
     *
     * `DELETE /v1/webhooks/{id}` (operationId `webhook_endpoints_delete`)
     */
    delete(id: string, params?: WebhooksDeleteParams, options?: RequestOptions): Promise<WithResponse<WebhooksDeleteResponse>>;
    /**
     * webhook_endpoints.rotate_secret (permission webhooks:write)
     *
     * `POST /v1/webhooks/{id}/rotate_secret` (operationId `webhook_endpoints_rotate_secret`)
     */
    rotateSecret(id: string, params?: WebhooksRotateSecretParams, options?: RequestOptions): Promise<WithResponse<WebhooksRotateSecretResponse>>;
    /**
     * Send one signed sample event to the endpoint now (permission webhooks:write)
     *
     * `POST /v1/webhooks/{id}/test` (operationId `post_webhooks_id_test`)
     */
    test(id: string, params: WebhooksTestParams, options?: RequestOptions): Promise<WithResponse<WebhooksTestResponse>>;
    /**
     * An endpoint's deliveries and their attempts (permission webhooks:read)
     *
     * `GET /v1/webhooks/{id}/deliveries` (operationId `get_webhooks_id_deliveries`)
     */
    deliveries(id: string, params?: WebhooksDeliveriesParams, options?: RequestOptions): Promise<WithResponse<WebhooksDeliveriesResponse>>;
    /**
     * Retry a delivery now (permission webhooks:write)
     *
     * `POST /v1/webhooks/{id}/deliveries/{deliveryId}/retry` (operationId `post_webhooks_id_deliveries_deliveryId_retry`)
     */
    deliveriesRetry(id: string, deliveryId: string, options?: RequestOptions): Promise<WithResponse<WebhooksDeliveriesRetryResponse>>;
    /**
     * Re-enable a disabled endpoint and redeliver what it missed (permission webhooks:write)
     *
     * `POST /v1/webhooks/{id}/recover` (operationId `post_webhooks_id_recover`)
     */
    recover(id: string, options?: RequestOptions): Promise<WithResponse<WebhooksRecoverResponse>>;
    /**
     * An endpoint's delivery figures (permission webhooks:read)
     *
     * `GET /v1/webhooks/{id}/metrics` (operationId `get_webhooks_id_metrics`)
     */
    metrics(id: string, params?: WebhooksMetricsParams, options?: RequestOptions): Promise<WithResponse<WebhooksMetricsResponse>>;
    /**
     * Send a sample event to any URL, signed with a one-time secret (permission webhooks:write; test mode only); form fields or JSON
     *
     * `POST /v1/webhooks/simulate` (operationId `post_webhooks_simulate`)
     */
    simulate(params: WebhooksSimulateParams, options?: RequestOptions): Promise<WithResponse<WebhooksSimulateResponse>>;
}
/**
 * The resources of the client, one per REST area.
 */
export declare class GeneratedClient extends BaseClient {
    /** /v1/account */
    readonly account: AccountResource;
    /** /v1/accounts */
    readonly accounts: AccountsResource;
    /** /v1/agents */
    readonly agents: AgentsResource;
    /** /v1/api_keys */
    readonly apiKeys: ApiKeysResource;
    /** /v1/auth */
    readonly auth: AuthResource;
    /** /v1/customers */
    readonly customers: CustomersResource;
    /** /v1/errors */
    readonly errors: ErrorsResource;
    /** /v1/events */
    readonly events: EventsResource;
    /** /v1/finance */
    readonly finance: FinanceResource;
    /** /v1/global */
    readonly global: GlobalResource;
    /** /v1/inventory */
    readonly inventory: InventoryResource;
    /** /v1/invoices */
    readonly invoices: InvoicesResource;
    /** /v1/orders */
    readonly orders: OrdersResource;
    /** /v1/payments */
    readonly payments: PaymentsResource;
    /** /v1/prices */
    readonly prices: PricesResource;
    /** /v1/products */
    readonly products: ProductsResource;
    /** /v1/public */
    readonly public: PublicResource;
    /** /v1/refunds */
    readonly refunds: RefundsResource;
    /** /v1/returns */
    readonly returns: ReturnsResource;
    /** /v1/search */
    readonly search: SearchResource;
    /** /v1/stablecoin */
    readonly stablecoin: StablecoinResource;
    /** /v1/subscriptions */
    readonly subscriptions: SubscriptionsResource;
    /** /v1/test_helpers */
    readonly testHelpers: TestHelpersResource;
    /** /v1/transactions */
    readonly transactions: TransactionsResource;
    /** /api/versions */
    readonly versions: VersionsResource;
    /** /v1/webhooks */
    readonly webhooks: WebhooksResource;
}
