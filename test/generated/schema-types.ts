export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO 8601 date-time in UTC, e.g. 2026-11-21T10:00:00.000Z */
  DateTime: { input: string; output: string; }
  /** Any JSON value */
  JSON: { input: unknown; output: unknown; }
};

/** Balances from the ledger: available (succeeded payments less refunds), pending (not settled yet), the wallet */
export type AccountBalance = {
  __typename?: 'AccountBalance';
  available: Array<MoneyAmount>;
  livemode: Scalars['Boolean']['output'];
  pending: Array<MoneyAmount>;
  stablecoin: WalletBalance;
};

export type AdjustInventoryInput = {
  delta: Scalars['Int']['input'];
  location?: InputMaybe<Scalars['String']['input']>;
  lowStockThreshold?: InputMaybe<Scalars['Int']['input']>;
  product: Scalars['String']['input'];
  reason: Scalars['String']['input'];
};

/** Software that spends money under a policy: every execution is decided by the decision engine and recorded with its proof */
export type Agent = {
  __typename?: 'Agent';
  /** {amount, currency} or null */
  approvalAbove?: Maybe<Scalars['JSON']['output']>;
  createdAt: Scalars['DateTime']['output'];
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** {per_transaction?, daily?: {amount, currency}, allowed_operations?, allowed_counterparties?} */
  limits: Scalars['JSON']['output'];
  livemode: Scalars['Boolean']['output'];
  metadata: Scalars['JSON']['output'];
  name: Scalars['String']['output'];
  permissions: Array<Scalars['String']['output']>;
  /** active | paused */
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Agent rows a filter matches (of the caller's account and mode) */
export type AgentAggregate = {
  __typename?: 'AgentAggregate';
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<AgentAggregateGroup>;
  max: AgentAggregateMax;
  min: AgentAggregateMin;
};


/** Aggregates of the Agent rows a filter matches (of the caller's account and mode) */
export type AgentAggregateGroupsArgs = {
  by: Array<AgentAggregateGroupBy>;
};

/** Aggregates of one group of Agent rows */
export type AgentAggregateGroup = {
  __typename?: 'AgentAggregateGroup';
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: AgentAggregateGroupKeys;
  max: AgentAggregateMax;
  min: AgentAggregateMin;
};

/** Columns of Agent to group by */
export type AgentAggregateGroupBy =
  | 'description'
  | 'name'
  | 'status';

/** The values of the grouped columns of a group of Agent rows (null for a column not grouped by, or a null value) */
export type AgentAggregateGroupKeys = {
  __typename?: 'AgentAggregateGroupKeys';
  description?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Agent columns over the rows (null when no row has a value) */
export type AgentAggregateMax = {
  __typename?: 'AgentAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Agent columns over the rows (null when no row has a value) */
export type AgentAggregateMin = {
  __typename?: 'AgentAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Boolean expression to filter Agent rows (Hasura style) */
export type AgentBoolExp = {
  _and?: InputMaybe<Array<AgentBoolExp>>;
  _not?: InputMaybe<AgentBoolExp>;
  _or?: InputMaybe<Array<AgentBoolExp>>;
  approvalAbove?: InputMaybe<JsonComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  description?: InputMaybe<StringComparisonExp>;
  /** matches when any executions matches */
  executions?: InputMaybe<AgentExecutionBoolExp>;
  id?: InputMaybe<StringComparisonExp>;
  limits?: InputMaybe<JsonComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** One operation an agent asked for: the decision (outcome, rules fired, facts used, proof hash) and how it ended */
export type AgentExecution = {
  __typename?: 'AgentExecution';
  agentId: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  error?: Maybe<Scalars['JSON']['output']>;
  facts: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** the operation's input as sent (REST spelling) */
  input: Scalars['JSON']['output'];
  livemode: Scalars['Boolean']['output'];
  operation: Scalars['String']['output'];
  /** allow | deny | needs_approval */
  outcome: Scalars['String']['output'];
  proofHash: Scalars['String']['output'];
  result?: Maybe<Scalars['JSON']['output']>;
  rules: Array<Scalars['String']['output']>;
  /** succeeded | failed | denied | pending_approval | rejected (running while it runs) */
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Boolean expression to filter AgentExecution rows (Hasura style) */
export type AgentExecutionBoolExp = {
  _and?: InputMaybe<Array<AgentExecutionBoolExp>>;
  _not?: InputMaybe<AgentExecutionBoolExp>;
  _or?: InputMaybe<Array<AgentExecutionBoolExp>>;
  agent?: InputMaybe<AgentBoolExp>;
  agentId?: InputMaybe<StringComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  decidedBy?: InputMaybe<StringComparisonExp>;
  error?: InputMaybe<JsonComparisonExp>;
  facts?: InputMaybe<JsonComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  idempotencyKey?: InputMaybe<StringComparisonExp>;
  input?: InputMaybe<JsonComparisonExp>;
  operation?: InputMaybe<StringComparisonExp>;
  outcome?: InputMaybe<StringComparisonExp>;
  policyHash?: InputMaybe<StringComparisonExp>;
  proofHash?: InputMaybe<StringComparisonExp>;
  requestHash?: InputMaybe<StringComparisonExp>;
  requestId?: InputMaybe<StringComparisonExp>;
  result?: InputMaybe<JsonComparisonExp>;
  resultId?: InputMaybe<StringComparisonExp>;
  spendCurrency?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Agent rows; list several for tie-breaks */
export type AgentOrderBy = {
  createdAt?: InputMaybe<OrderBy>;
  description?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

export type AllocateInventoryInput = {
  location?: InputMaybe<Scalars['String']['input']>;
  order?: InputMaybe<Scalars['String']['input']>;
  product: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
};

/** Comparison operators on Boolean fields */
export type BooleanComparisonExp = {
  _eq?: InputMaybe<Scalars['Boolean']['input']>;
  _gt?: InputMaybe<Scalars['Boolean']['input']>;
  _gte?: InputMaybe<Scalars['Boolean']['input']>;
  _in?: InputMaybe<Array<Scalars['Boolean']['input']>>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
  _lt?: InputMaybe<Scalars['Boolean']['input']>;
  _lte?: InputMaybe<Scalars['Boolean']['input']>;
  _ne?: InputMaybe<Scalars['Boolean']['input']>;
  /** Hasura spelling of _ne */
  _neq?: InputMaybe<Scalars['Boolean']['input']>;
  _nin?: InputMaybe<Array<Scalars['Boolean']['input']>>;
};

export type CancelOrderInput = {
  reason?: InputMaybe<CancelOrderInputReason>;
};

export type CancelOrderInputReason =
  | 'abandoned'
  | 'duplicate'
  | 'fraudulent'
  | 'other'
  | 'requested_by_customer';

export type CancelSubscriptionInput = {
  atPeriodEnd?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A sanctions screening of a name, stored (POST /v1/global/compliance/check). matches: [{list, entry_id, name, score, matched_on, ...}]; lists: the lists screened [{name, as_of, entries, test}] */
export type ComplianceCheck = {
  __typename?: 'ComplianceCheck';
  /** ISO 3166 alpha-2, as sent */
  country?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** YYYY-MM-DD, as sent */
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** the lists screened against: [{name, as_of, entries, test}] */
  lists: Scalars['JSON']['output'];
  /** [{list, entry_id, name, score, matched_on}] */
  matches: Scalars['JSON']['output'];
  /** the screened name as sent */
  name: Scalars['String']['output'];
  /** clear | potential_match | match */
  result: Scalars['String']['output'];
  /** individual | entity */
  type: Scalars['String']['output'];
};

/** Aggregates of the ComplianceCheck rows a filter matches (of the caller's account and mode) */
export type ComplianceCheckAggregate = {
  __typename?: 'ComplianceCheckAggregate';
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<ComplianceCheckAggregateGroup>;
  max: ComplianceCheckAggregateMax;
  min: ComplianceCheckAggregateMin;
};


/** Aggregates of the ComplianceCheck rows a filter matches (of the caller's account and mode) */
export type ComplianceCheckAggregateGroupsArgs = {
  by: Array<ComplianceCheckAggregateGroupBy>;
};

/** Aggregates of one group of ComplianceCheck rows */
export type ComplianceCheckAggregateGroup = {
  __typename?: 'ComplianceCheckAggregateGroup';
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: ComplianceCheckAggregateGroupKeys;
  max: ComplianceCheckAggregateMax;
  min: ComplianceCheckAggregateMin;
};

/** Columns of ComplianceCheck to group by */
export type ComplianceCheckAggregateGroupBy =
  | 'country'
  | 'dateOfBirth'
  | 'name'
  | 'result'
  | 'type';

/** The values of the grouped columns of a group of ComplianceCheck rows (null for a column not grouped by, or a null value) */
export type ComplianceCheckAggregateGroupKeys = {
  __typename?: 'ComplianceCheckAggregateGroupKeys';
  country?: Maybe<Scalars['String']['output']>;
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  result?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of ComplianceCheck columns over the rows (null when no row has a value) */
export type ComplianceCheckAggregateMax = {
  __typename?: 'ComplianceCheckAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of ComplianceCheck columns over the rows (null when no row has a value) */
export type ComplianceCheckAggregateMin = {
  __typename?: 'ComplianceCheckAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Boolean expression to filter ComplianceCheck rows (Hasura style) */
export type ComplianceCheckBoolExp = {
  _and?: InputMaybe<Array<ComplianceCheckBoolExp>>;
  _not?: InputMaybe<ComplianceCheckBoolExp>;
  _or?: InputMaybe<Array<ComplianceCheckBoolExp>>;
  country?: InputMaybe<StringComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  dateOfBirth?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  lists?: InputMaybe<JsonComparisonExp>;
  matches?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  result?: InputMaybe<StringComparisonExp>;
  type?: InputMaybe<StringComparisonExp>;
};

export type ComplianceCheckInput = {
  country?: InputMaybe<Scalars['String']['input']>;
  dateOfBirth?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  type?: InputMaybe<ComplianceCheckInputType>;
};

export type ComplianceCheckInputType =
  | 'any'
  | 'entity'
  | 'individual';

/** Ordering of ComplianceCheck rows; list several for tie-breaks */
export type ComplianceCheckOrderBy = {
  country?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  dateOfBirth?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  result?: InputMaybe<OrderBy>;
  type?: InputMaybe<OrderBy>;
};

/** A connected account of the caller's account (the platform); act for it with the X-Account-Id header */
export type ConnectedAccount = {
  __typename?: 'ConnectedAccount';
  country?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  defaultCurrency?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

export type CreateAccountInput = {
  country: Scalars['String']['input'];
  defaultCurrency: Scalars['String']['input'];
  name: Scalars['String']['input'];
};

export type CreateAgentInput = {
  approvalAbove?: InputMaybe<CreateAgentInputApprovalAbove>;
  description?: InputMaybe<Scalars['String']['input']>;
  limits: CreateAgentInputLimits;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name: Scalars['String']['input'];
  permissions: Array<Scalars['String']['input']>;
};

export type CreateAgentInputApprovalAbove = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type CreateAgentInputLimits = {
  allowedCounterparties?: InputMaybe<Array<Scalars['String']['input']>>;
  allowedOperations?: InputMaybe<Array<Scalars['String']['input']>>;
  daily?: InputMaybe<CreateAgentInputLimitsDaily>;
  perTransaction?: InputMaybe<CreateAgentInputLimitsPerTransaction>;
};

export type CreateAgentInputLimitsDaily = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type CreateAgentInputLimitsPerTransaction = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type CreateCustomerInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  testClock?: InputMaybe<Scalars['String']['input']>;
};

export type CreateGlobalOrderInput = {
  currency: Scalars['String']['input'];
  customer: Scalars['String']['input'];
  items: Array<CreateGlobalOrderInputItem>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  settlementCurrency?: InputMaybe<Scalars['String']['input']>;
  shipTo: CreateGlobalOrderInputShipTo;
  shippingService?: InputMaybe<Scalars['String']['input']>;
};

export type CreateGlobalOrderInputItem = {
  name?: InputMaybe<Scalars['String']['input']>;
  product?: InputMaybe<Scalars['String']['input']>;
  quantity: Scalars['Int']['input'];
  unitAmount?: InputMaybe<Scalars['Int']['input']>;
  weightGrams: Scalars['Int']['input'];
};

export type CreateGlobalOrderInputShipTo = {
  country: Scalars['String']['input'];
  postalCode: Scalars['String']['input'];
  region?: InputMaybe<Scalars['String']['input']>;
};

export type CreateInvoiceInput = {
  currency: Scalars['String']['input'];
  customer: Scalars['String']['input'];
  daysUntilDue?: InputMaybe<Scalars['Int']['input']>;
  dueDate?: InputMaybe<Scalars['Int']['input']>;
  items: Array<CreateInvoiceInputItem>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  order?: InputMaybe<Scalars['String']['input']>;
};

export type CreateInvoiceInputItem = {
  description: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
  taxRate?: InputMaybe<Scalars['String']['input']>;
  unitAmount: Scalars['Int']['input'];
};

export type CreateInvoicePaymentInput = {
  amount: Scalars['Int']['input'];
  paymentMethod: Scalars['String']['input'];
};

export type CreateLoanInput = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
  repayment: CreateLoanInputRepayment;
  termDays: Scalars['Int']['input'];
  testClock?: InputMaybe<Scalars['String']['input']>;
  /** A fraction in (0, 1) as a decimal string, e.g. "0.1" */
  withholdRate?: InputMaybe<Scalars['String']['input']>;
};

export type CreateLoanInputRepayment =
  | 'fixed'
  | 'revenue_share';

export type CreateOrderInput = {
  currency: Scalars['String']['input'];
  customer?: InputMaybe<Scalars['String']['input']>;
  items: Array<CreateOrderInputItem>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
};

export type CreateOrderInputItem = {
  name?: InputMaybe<Scalars['String']['input']>;
  product?: InputMaybe<Scalars['String']['input']>;
  quantity: Scalars['Int']['input'];
  unitAmount?: InputMaybe<Scalars['Int']['input']>;
};

export type CreatePaymentInput = {
  amount: Scalars['Int']['input'];
  /** ISO 4217 code (usd, eur), or the stablecoin's code (usdx by default): a payment in the coin's currency is paid from the account's wallet */
  currency: Scalars['String']['input'];
  customer?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  order?: InputMaybe<Scalars['String']['input']>;
  /** stablecoin or a card payment method; required, but for a payment in the stablecoin's currency (then stablecoin, the only one it takes) */
  paymentMethod?: InputMaybe<Scalars['String']['input']>;
};

export type CreatePriceInput = {
  currency: Scalars['String']['input'];
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  product: Scalars['String']['input'];
  recurring: CreatePriceInputRecurring;
  unitAmount: Scalars['Int']['input'];
};

export type CreatePriceInputRecurring = {
  interval: CreatePriceInputRecurringInterval;
  intervalCount?: InputMaybe<Scalars['Int']['input']>;
};

export type CreatePriceInputRecurringInterval =
  | 'day'
  | 'month'
  | 'week'
  | 'year';

export type CreateProductInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  currency: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name: Scalars['String']['input'];
  price: Scalars['Int']['input'];
  sku?: InputMaybe<Scalars['String']['input']>;
};

export type CreateReturnInput = {
  items: Array<CreateReturnInputItem>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  note?: InputMaybe<Scalars['String']['input']>;
  order: Scalars['String']['input'];
};

export type CreateReturnInputItem = {
  orderItem: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
  reason: Scalars['String']['input'];
};

export type CreateSubscriptionInput = {
  customer: Scalars['String']['input'];
  items: Array<CreateSubscriptionInputItem>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  paymentMethod?: InputMaybe<Scalars['JSON']['input']>;
  trialPeriodDays?: InputMaybe<Scalars['Int']['input']>;
};

export type CreateSubscriptionInputItem = {
  price: Scalars['String']['input'];
  quantity?: InputMaybe<Scalars['Int']['input']>;
};

export type CreateTestClockInput = {
  frozenTime: Scalars['Int']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
};

export type CreateWebhookEndpointInput = {
  /** false: registered inactive (no deliveries are made for it until it is set active); default true */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
  apiVersion?: InputMaybe<Scalars['String']['input']>;
  /** true: a platform's endpoint for its connected accounts' events (and none of its own), as Stripe's Connect webhooks; set at creation */
  connect?: InputMaybe<Scalars['Boolean']['input']>;
  /** true: log every attempt to this endpoint (ids, status, latency, error) */
  debug?: InputMaybe<Scalars['Boolean']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  events: Array<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  url: Scalars['String']['input'];
};

/** A customer of the merchant */
export type Customer = {
  __typename?: 'Customer';
  createdAt: Scalars['DateTime']['output'];
  email?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  name?: Maybe<Scalars['String']['output']>;
  orders: Array<Order>;
  phone?: Maybe<Scalars['String']['output']>;
  testClock?: Maybe<TestClock>;
  /** the test clock the customer lives on (test mode; invoices, issue 15) */
  testClockId?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Customer rows a filter matches (of the caller's account and mode) */
export type CustomerAggregate = {
  __typename?: 'CustomerAggregate';
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<CustomerAggregateGroup>;
  max: CustomerAggregateMax;
  min: CustomerAggregateMin;
};


/** Aggregates of the Customer rows a filter matches (of the caller's account and mode) */
export type CustomerAggregateGroupsArgs = {
  by: Array<CustomerAggregateGroupBy>;
};

/** Aggregates of one group of Customer rows */
export type CustomerAggregateGroup = {
  __typename?: 'CustomerAggregateGroup';
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: CustomerAggregateGroupKeys;
  max: CustomerAggregateMax;
  min: CustomerAggregateMin;
};

/** Columns of Customer to group by */
export type CustomerAggregateGroupBy =
  | 'email'
  | 'name'
  | 'phone'
  | 'testClockId';

/** The values of the grouped columns of a group of Customer rows (null for a column not grouped by, or a null value) */
export type CustomerAggregateGroupKeys = {
  __typename?: 'CustomerAggregateGroupKeys';
  email?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  phone?: Maybe<Scalars['String']['output']>;
  testClockId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Customer columns over the rows (null when no row has a value) */
export type CustomerAggregateMax = {
  __typename?: 'CustomerAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Customer columns over the rows (null when no row has a value) */
export type CustomerAggregateMin = {
  __typename?: 'CustomerAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Boolean expression to filter Customer rows (Hasura style) */
export type CustomerBoolExp = {
  _and?: InputMaybe<Array<CustomerBoolExp>>;
  _not?: InputMaybe<CustomerBoolExp>;
  _or?: InputMaybe<Array<CustomerBoolExp>>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  email?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any invoices matches */
  invoices?: InputMaybe<InvoiceBoolExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  /** matches when any orders matches */
  orders?: InputMaybe<OrderBoolExp>;
  /** matches when any payments matches */
  payments?: InputMaybe<PaymentBoolExp>;
  phone?: InputMaybe<StringComparisonExp>;
  /** matches when any subscriptions matches */
  subscriptions?: InputMaybe<SubscriptionBoolExp>;
  testClock?: InputMaybe<TestClockBoolExp>;
  testClockId?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Customer rows; list several for tie-breaks */
export type CustomerOrderBy = {
  createdAt?: InputMaybe<OrderBy>;
  email?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  phone?: InputMaybe<OrderBy>;
  testClock?: InputMaybe<TestClockOrderBy>;
  testClockId?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** A subscription: its items billed in advance every period (an invoice per period). status: trialing, active, past_due, canceled, incomplete, incomplete_expired */
export type CustomerSubscription = {
  __typename?: 'CustomerSubscription';
  /** the start of the first paid period (creation, or the trial's end): periods are counted from it */
  billingCycleAnchor: Scalars['DateTime']['output'];
  cancelAtPeriodEnd: Scalars['Boolean']['output'];
  canceledAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  currentPeriodEnd: Scalars['DateTime']['output'];
  currentPeriodStart: Scalars['DateTime']['output'];
  customer: Customer;
  customerId: Scalars['String']['output'];
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** the interval of the items' prices (day | week | month | year) */
  interval: Scalars['String']['output'];
  intervalCount: Scalars['Int']['output'];
  items: Array<SubscriptionItem>;
  latestInvoice?: Maybe<Invoice>;
  /** the invoice of the latest period */
  latestInvoiceId?: Maybe<Scalars['String']['output']>;
  metadata: Scalars['JSON']['output'];
  /** when the latest invoice's payment is tried again (past_due) */
  nextPaymentAttempt?: Maybe<Scalars['DateTime']['output']>;
  /** failed attempts to pay the latest invoice (0 once paid) */
  paymentAttempts: Scalars['Int']['output'];
  /** the payment method each period's invoice is paid with; null: the invoices are sent (left open) */
  paymentMethod?: Maybe<Scalars['String']['output']>;
  /** trialing | active | past_due | canceled | incomplete | incomplete_expired */
  status: Scalars['String']['output'];
  testClock?: Maybe<TestClock>;
  /** the customer's test clock, whose time the subscription's periods follow */
  testClockId?: Maybe<Scalars['String']['output']>;
  trialEnd?: Maybe<Scalars['DateTime']['output']>;
  trialStart?: Maybe<Scalars['DateTime']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Comparison operators on DateTime fields */
export type DateTimeComparisonExp = {
  _eq?: InputMaybe<Scalars['DateTime']['input']>;
  _gt?: InputMaybe<Scalars['DateTime']['input']>;
  _gte?: InputMaybe<Scalars['DateTime']['input']>;
  _in?: InputMaybe<Array<Scalars['DateTime']['input']>>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
  _lt?: InputMaybe<Scalars['DateTime']['input']>;
  _lte?: InputMaybe<Scalars['DateTime']['input']>;
  _ne?: InputMaybe<Scalars['DateTime']['input']>;
  /** Hasura spelling of _ne */
  _neq?: InputMaybe<Scalars['DateTime']['input']>;
  _nin?: InputMaybe<Array<Scalars['DateTime']['input']>>;
};

export type DecisionPack = {
  __typename?: 'DecisionPack';
  definition?: Maybe<Scalars['String']['output']>;
  industry: Scalars['String']['output'];
  judgments: Scalars['Int']['output'];
  policy: Scalars['JSON']['output'];
  premiseRequirements?: Maybe<Scalars['JSON']['output']>;
  questions: Scalars['JSON']['output'];
  rules: Scalars['Int']['output'];
  scenarios: Array<DecisionScenario>;
  sourceTrust: Scalars['JSON']['output'];
  summary?: Maybe<Scalars['String']['output']>;
  title?: Maybe<Scalars['String']['output']>;
};

export type DecisionRequest = {
  __typename?: 'DecisionRequest';
  completed?: Maybe<Scalars['Int']['output']>;
  created: Scalars['Int']['output'];
  error?: Maybe<Scalars['JSON']['output']>;
  idempotencyKey: Scalars['String']['output'];
  industry: Scalars['String']['output'];
  result?: Maybe<Scalars['JSON']['output']>;
  scenario: Scalars['String']['output'];
  /** pending, completed, failed or unknown (stopped mid-run; never rerun) */
  status: Scalars['String']['output'];
};

export type DecisionRun = {
  __typename?: 'DecisionRun';
  /** approved, denied or refused */
  decision: Scalars['String']['output'];
  expectationApplicable: Scalars['Boolean']['output'];
  fixtureExpectation: Scalars['String']['output'];
  industry: Scalars['String']['output'];
  mode: Scalars['String']['output'];
  replayed: Scalars['Boolean']['output'];
  requestId: Scalars['String']['output'];
  /** the full Result object of the spec */
  result: Scalars['JSON']['output'];
  routingBand?: Maybe<Scalars['String']['output']>;
  scenario: Scalars['String']['output'];
  schemaVersion: Scalars['String']['output'];
};

export type DecisionScenario = {
  __typename?: 'DecisionScenario';
  challenge?: Maybe<Scalars['String']['output']>;
  expectation: Scalars['String']['output'];
  facts: Scalars['JSON']['output'];
  humanReview: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  message: Scalars['String']['output'];
  name: Scalars['String']['output'];
  note?: Maybe<Scalars['String']['output']>;
};

/** A deleted customer (only a customer without orders, payments, invoices or subscriptions can be deleted: else 409 RESOURCE_CONFLICT) */
export type DeletedCustomer = {
  __typename?: 'DeletedCustomer';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

/** A deleted invoice (only a draft can be deleted) */
export type DeletedInvoice = {
  __typename?: 'DeletedInvoice';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

/** A deleted order (only a pending order without payments can be deleted) */
export type DeletedOrder = {
  __typename?: 'DeletedOrder';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

/** A deleted test clock */
export type DeletedTestClock = {
  __typename?: 'DeletedTestClock';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

export type DeletedWebhookEndpoint = {
  __typename?: 'DeletedWebhookEndpoint';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

/** An event (envelope variant A); `envelope` is the exact JSON a webhook receives */
export type Event = {
  __typename?: 'Event';
  /** The connected account the event happened on (events a platform sees of its connected accounts) */
  account?: Maybe<Scalars['String']['output']>;
  apiVersion: Scalars['String']['output'];
  /** Unix seconds */
  created: Scalars['Int']['output'];
  data: Scalars['JSON']['output'];
  envelope: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  livemode: Scalars['Boolean']['output'];
  object: Scalars['String']['output'];
  pendingWebhooks: Scalars['Int']['output'];
  request: EventRequest;
  type: Scalars['String']['output'];
};

export type EventRequest = {
  __typename?: 'EventRequest';
  id?: Maybe<Scalars['String']['output']>;
  idempotencyKey?: Maybe<Scalars['String']['output']>;
};

export type FactorInvoiceInput = {
  invoice: Scalars['String']['input'];
};

/** The facts the offers were computed from: the last windowDays of the ledger in currency */
export type FinanceComputedFrom = {
  __typename?: 'FinanceComputedFrom';
  accountAgeDays: Scalars['Int']['output'];
  currency: Scalars['String']['output'];
  outstanding: Scalars['JSON']['output'];
  payments: Scalars['Int']['output'];
  refundRate: Scalars['String']['output'];
  refunded: Scalars['Int']['output'];
  volume: Scalars['Int']['output'];
  windowDays: Scalars['Int']['output'];
};

/** One product's offer: rates are decimal strings of fractions; maxAmount in minor units; rules fired and facts used by the finance pack */
export type FinanceOffer = {
  __typename?: 'FinanceOffer';
  advanceRate?: Maybe<Scalars['String']['output']>;
  eligible: Scalars['Boolean']['output'];
  facts: Array<Scalars['String']['output']>;
  feeRate?: Maybe<Scalars['String']['output']>;
  maxAmount: Scalars['Int']['output'];
  reasons: Array<FinanceReason>;
  rules: Array<Scalars['String']['output']>;
  termDaysOptions?: Maybe<Array<Scalars['Int']['output']>>;
  withholdRate?: Maybe<Scalars['String']['output']>;
};

/** Financing offers of the account in one currency (GET /v1/finance/options) */
export type FinanceOptions = {
  __typename?: 'FinanceOptions';
  computedFrom: FinanceComputedFrom;
  currency: Scalars['String']['output'];
  invoiceFactoring: FinanceOffer;
  livemode: Scalars['Boolean']['output'];
  loan: FinanceOffer;
  poFinancing: FinanceOffer;
};

export type FinancePurchaseOrderInput = {
  amount: Scalars['Int']['input'];
  purchaseOrder: FinancePurchaseOrderInputPurchaseOrder;
};

export type FinancePurchaseOrderInputPurchaseOrder = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
  expectedDelivery: Scalars['Int']['input'];
  number: Scalars['String']['input'];
  supplier: Scalars['String']['input'];
};

/** Why an offer is refused: the underwriting rule (code) and what it found */
export type FinanceReason = {
  __typename?: 'FinanceReason';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type FulfillOrderInput = {
  shippingCarrier?: InputMaybe<Scalars['String']['input']>;
  trackingNumber?: InputMaybe<Scalars['String']['input']>;
};

/** A currency conversion quote (GET /v1/global/fx/quote): rate includes the spread; convertedAmount = amount x rate in minor units of `to`, half to even */
export type FxQuote = {
  __typename?: 'FxQuote';
  /** minor units of `from` (an integer) */
  amount: Scalars['Float']['output'];
  /** Unix seconds */
  asOf: Scalars['Int']['output'];
  /** minor units of `to` (an integer; Float so that amounts past 2^31 fit) */
  convertedAmount: Scalars['Float']['output'];
  /** Unix seconds */
  expiresAt: Scalars['Int']['output'];
  from: Scalars['String']['output'];
  /** decimal string, units of `to` per unit of `from` */
  rate: Scalars['String']['output'];
  source: Scalars['String']['output'];
  to: Scalars['String']['output'];
};

export type HoldOrderInput = {
  reason?: InputMaybe<Scalars['String']['input']>;
};

/** Comparison operators on Int fields */
export type IntComparisonExp = {
  _eq?: InputMaybe<Scalars['Int']['input']>;
  _gt?: InputMaybe<Scalars['Int']['input']>;
  _gte?: InputMaybe<Scalars['Int']['input']>;
  _in?: InputMaybe<Array<Scalars['Int']['input']>>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
  _lt?: InputMaybe<Scalars['Int']['input']>;
  _lte?: InputMaybe<Scalars['Int']['input']>;
  _ne?: InputMaybe<Scalars['Int']['input']>;
  /** Hasura spelling of _ne */
  _neq?: InputMaybe<Scalars['Int']['input']>;
  _nin?: InputMaybe<Array<Scalars['Int']['input']>>;
};

/** Boolean expression to filter InventoryHold rows (Hasura style) */
export type InventoryHoldBoolExp = {
  _and?: InputMaybe<Array<InventoryHoldBoolExp>>;
  _not?: InputMaybe<InventoryHoldBoolExp>;
  _or?: InputMaybe<Array<InventoryHoldBoolExp>>;
  allocated?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  inventoryItem?: InputMaybe<InventoryItemBoolExp>;
  inventoryItemId?: InputMaybe<StringComparisonExp>;
  order?: InputMaybe<OrderBoolExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  reserved?: InputMaybe<IntComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Stock of one product at one location. available = onHand - reserved - allocated, never negative. */
export type InventoryItem = {
  __typename?: 'InventoryItem';
  allocated: Scalars['Int']['output'];
  available: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  location: Scalars['String']['output'];
  lowStockThreshold: Scalars['Int']['output'];
  onHand: Scalars['Int']['output'];
  product: Product;
  productId: Scalars['String']['output'];
  reserved: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the InventoryItem rows a filter matches (of the caller's account and mode) */
export type InventoryItemAggregate = {
  __typename?: 'InventoryItemAggregate';
  avg: InventoryItemAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<InventoryItemAggregateGroup>;
  max: InventoryItemAggregateMax;
  min: InventoryItemAggregateMin;
  sum: InventoryItemAggregateSum;
};


/** Aggregates of the InventoryItem rows a filter matches (of the caller's account and mode) */
export type InventoryItemAggregateGroupsArgs = {
  by: Array<InventoryItemAggregateGroupBy>;
};

/** Averages of InventoryItem columns over the rows (null when no row has a value) */
export type InventoryItemAggregateAvg = {
  __typename?: 'InventoryItemAggregateAvg';
  /** average of allocated */
  allocated?: Maybe<Scalars['Float']['output']>;
  /** average of available */
  available?: Maybe<Scalars['Float']['output']>;
  /** average of lowStockThreshold */
  lowStockThreshold?: Maybe<Scalars['Float']['output']>;
  /** average of onHand */
  onHand?: Maybe<Scalars['Float']['output']>;
  /** average of reserved */
  reserved?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of InventoryItem rows */
export type InventoryItemAggregateGroup = {
  __typename?: 'InventoryItemAggregateGroup';
  avg: InventoryItemAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: InventoryItemAggregateGroupKeys;
  max: InventoryItemAggregateMax;
  min: InventoryItemAggregateMin;
  sum: InventoryItemAggregateSum;
};

/** Columns of InventoryItem to group by */
export type InventoryItemAggregateGroupBy =
  | 'location'
  | 'productId';

/** The values of the grouped columns of a group of InventoryItem rows (null for a column not grouped by, or a null value) */
export type InventoryItemAggregateGroupKeys = {
  __typename?: 'InventoryItemAggregateGroupKeys';
  location?: Maybe<Scalars['String']['output']>;
  productId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of InventoryItem columns over the rows (null when no row has a value) */
export type InventoryItemAggregateMax = {
  __typename?: 'InventoryItemAggregateMax';
  /** greatest allocated */
  allocated?: Maybe<Scalars['Int']['output']>;
  /** greatest available */
  available?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest lowStockThreshold */
  lowStockThreshold?: Maybe<Scalars['Int']['output']>;
  /** greatest onHand */
  onHand?: Maybe<Scalars['Int']['output']>;
  /** greatest reserved */
  reserved?: Maybe<Scalars['Int']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of InventoryItem columns over the rows (null when no row has a value) */
export type InventoryItemAggregateMin = {
  __typename?: 'InventoryItemAggregateMin';
  /** least allocated */
  allocated?: Maybe<Scalars['Int']['output']>;
  /** least available */
  available?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least lowStockThreshold */
  lowStockThreshold?: Maybe<Scalars['Int']['output']>;
  /** least onHand */
  onHand?: Maybe<Scalars['Int']['output']>;
  /** least reserved */
  reserved?: Maybe<Scalars['Int']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of InventoryItem columns over the rows (null when no row has a value) */
export type InventoryItemAggregateSum = {
  __typename?: 'InventoryItemAggregateSum';
  /** sum of allocated (an exact integer; Float because a sum may pass 32 bits) */
  allocated?: Maybe<Scalars['Float']['output']>;
  /** sum of available (an exact integer; Float because a sum may pass 32 bits) */
  available?: Maybe<Scalars['Float']['output']>;
  /** sum of lowStockThreshold (an exact integer; Float because a sum may pass 32 bits) */
  lowStockThreshold?: Maybe<Scalars['Float']['output']>;
  /** sum of onHand (an exact integer; Float because a sum may pass 32 bits) */
  onHand?: Maybe<Scalars['Float']['output']>;
  /** sum of reserved (an exact integer; Float because a sum may pass 32 bits) */
  reserved?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter InventoryItem rows (Hasura style) */
export type InventoryItemBoolExp = {
  _and?: InputMaybe<Array<InventoryItemBoolExp>>;
  _not?: InputMaybe<InventoryItemBoolExp>;
  _or?: InputMaybe<Array<InventoryItemBoolExp>>;
  allocated?: InputMaybe<IntComparisonExp>;
  available?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  /** matches when any holds matches */
  holds?: InputMaybe<InventoryHoldBoolExp>;
  id?: InputMaybe<StringComparisonExp>;
  location?: InputMaybe<StringComparisonExp>;
  lowStockThreshold?: InputMaybe<IntComparisonExp>;
  /** matches when any movements matches */
  movements?: InputMaybe<InventoryMovementBoolExp>;
  onHand?: InputMaybe<IntComparisonExp>;
  product?: InputMaybe<ProductBoolExp>;
  productId?: InputMaybe<StringComparisonExp>;
  reserved?: InputMaybe<IntComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of InventoryItem rows; list several for tie-breaks */
export type InventoryItemOrderBy = {
  allocated?: InputMaybe<OrderBy>;
  available?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  location?: InputMaybe<OrderBy>;
  lowStockThreshold?: InputMaybe<OrderBy>;
  onHand?: InputMaybe<OrderBy>;
  product?: InputMaybe<ProductOrderBy>;
  productId?: InputMaybe<OrderBy>;
  reserved?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** Boolean expression to filter InventoryMovement rows (Hasura style) */
export type InventoryMovementBoolExp = {
  _and?: InputMaybe<Array<InventoryMovementBoolExp>>;
  _not?: InputMaybe<InventoryMovementBoolExp>;
  _or?: InputMaybe<Array<InventoryMovementBoolExp>>;
  allocatedDelta?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  inventoryItem?: InputMaybe<InventoryItemBoolExp>;
  inventoryItemId?: InputMaybe<StringComparisonExp>;
  kind?: InputMaybe<StringComparisonExp>;
  onHandDelta?: InputMaybe<IntComparisonExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  reason?: InputMaybe<StringComparisonExp>;
  reservedDelta?: InputMaybe<IntComparisonExp>;
  returnId?: InputMaybe<StringComparisonExp>;
};

/** Available stock moved from one location to another (on hand leaves one item and joins the other) */
export type InventoryTransfer = {
  __typename?: 'InventoryTransfer';
  createdAt: Scalars['DateTime']['output'];
  /** the item at from_location, after the transfer */
  from: InventoryItem;
  fromLocation: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  productId: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
  /** the item at to_location, after the transfer */
  to: InventoryItem;
  toLocation: Scalars['String']['output'];
};

/** An invoice: draft -> open -> paid | void | uncollectible, uncollectible -> paid. Amounts in minor units of currency; amountDue is what remains to be paid. number (INV-000001) is given at finalization. */
export type Invoice = {
  __typename?: 'Invoice';
  amountDue: Scalars['Int']['output'];
  amountPaid: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customer: Customer;
  customerId: Scalars['String']['output'];
  daysUntilDue?: Maybe<Scalars['Int']['output']>;
  /** set at creation (due_date) or at finalization (days_until_due) */
  dueDate?: Maybe<Scalars['DateTime']['output']>;
  finalizedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  items: Array<InvoiceItem>;
  markedUncollectibleAt?: Maybe<Scalars['DateTime']['output']>;
  metadata: Scalars['JSON']['output'];
  /** INV-000001: per account and mode, assigned at finalization, without gaps */
  number?: Maybe<Scalars['String']['output']>;
  order?: Maybe<Order>;
  orderId?: Maybe<Scalars['String']['output']>;
  paidAt?: Maybe<Scalars['DateTime']['output']>;
  payments: Array<InvoicePayment>;
  /** draft | open | paid | void | uncollectible */
  status: Scalars['String']['output'];
  /** the subscription that billed this invoice (a period of it); null: made by hand */
  subscriptionId?: Maybe<Scalars['String']['output']>;
  subtotal: Scalars['Int']['output'];
  tax: Scalars['Int']['output'];
  testClock?: Maybe<TestClock>;
  /** the customer's test clock, whose time the invoice's dates follow */
  testClockId?: Maybe<Scalars['String']['output']>;
  total: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
  voidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Aggregates of the Invoice rows a filter matches (of the caller's account and mode) */
export type InvoiceAggregate = {
  __typename?: 'InvoiceAggregate';
  avg: InvoiceAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<InvoiceAggregateGroup>;
  max: InvoiceAggregateMax;
  min: InvoiceAggregateMin;
  sum: InvoiceAggregateSum;
};


/** Aggregates of the Invoice rows a filter matches (of the caller's account and mode) */
export type InvoiceAggregateGroupsArgs = {
  by: Array<InvoiceAggregateGroupBy>;
};

/** Averages of Invoice columns over the rows (null when no row has a value) */
export type InvoiceAggregateAvg = {
  __typename?: 'InvoiceAggregateAvg';
  /** average of amountDue */
  amountDue?: Maybe<Scalars['Float']['output']>;
  /** average of amountPaid */
  amountPaid?: Maybe<Scalars['Float']['output']>;
  /** average of daysUntilDue */
  daysUntilDue?: Maybe<Scalars['Float']['output']>;
  /** average of subtotal */
  subtotal?: Maybe<Scalars['Float']['output']>;
  /** average of tax */
  tax?: Maybe<Scalars['Float']['output']>;
  /** average of total */
  total?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Invoice rows */
export type InvoiceAggregateGroup = {
  __typename?: 'InvoiceAggregateGroup';
  avg: InvoiceAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: InvoiceAggregateGroupKeys;
  max: InvoiceAggregateMax;
  min: InvoiceAggregateMin;
  sum: InvoiceAggregateSum;
};

/** Columns of Invoice to group by */
export type InvoiceAggregateGroupBy =
  | 'currency'
  | 'customerId'
  | 'number'
  | 'orderId'
  | 'status'
  | 'subscriptionId'
  | 'testClockId';

/** The values of the grouped columns of a group of Invoice rows (null for a column not grouped by, or a null value) */
export type InvoiceAggregateGroupKeys = {
  __typename?: 'InvoiceAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  customerId?: Maybe<Scalars['String']['output']>;
  number?: Maybe<Scalars['String']['output']>;
  orderId?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  subscriptionId?: Maybe<Scalars['String']['output']>;
  testClockId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Invoice columns over the rows (null when no row has a value) */
export type InvoiceAggregateMax = {
  __typename?: 'InvoiceAggregateMax';
  /** greatest amountDue */
  amountDue?: Maybe<Scalars['Int']['output']>;
  /** greatest amountPaid */
  amountPaid?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest daysUntilDue */
  daysUntilDue?: Maybe<Scalars['Int']['output']>;
  /** greatest dueDate */
  dueDate?: Maybe<Scalars['DateTime']['output']>;
  /** greatest finalizedAt */
  finalizedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest markedUncollectibleAt */
  markedUncollectibleAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest paidAt */
  paidAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest subtotal */
  subtotal?: Maybe<Scalars['Int']['output']>;
  /** greatest tax */
  tax?: Maybe<Scalars['Int']['output']>;
  /** greatest total */
  total?: Maybe<Scalars['Int']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest voidedAt */
  voidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Invoice columns over the rows (null when no row has a value) */
export type InvoiceAggregateMin = {
  __typename?: 'InvoiceAggregateMin';
  /** least amountDue */
  amountDue?: Maybe<Scalars['Int']['output']>;
  /** least amountPaid */
  amountPaid?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least daysUntilDue */
  daysUntilDue?: Maybe<Scalars['Int']['output']>;
  /** least dueDate */
  dueDate?: Maybe<Scalars['DateTime']['output']>;
  /** least finalizedAt */
  finalizedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least markedUncollectibleAt */
  markedUncollectibleAt?: Maybe<Scalars['DateTime']['output']>;
  /** least paidAt */
  paidAt?: Maybe<Scalars['DateTime']['output']>;
  /** least subtotal */
  subtotal?: Maybe<Scalars['Int']['output']>;
  /** least tax */
  tax?: Maybe<Scalars['Int']['output']>;
  /** least total */
  total?: Maybe<Scalars['Int']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least voidedAt */
  voidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Invoice columns over the rows (null when no row has a value) */
export type InvoiceAggregateSum = {
  __typename?: 'InvoiceAggregateSum';
  /** sum of amountDue (an exact integer; Float because a sum may pass 32 bits) */
  amountDue?: Maybe<Scalars['Float']['output']>;
  /** sum of amountPaid (an exact integer; Float because a sum may pass 32 bits) */
  amountPaid?: Maybe<Scalars['Float']['output']>;
  /** sum of daysUntilDue (an exact integer; Float because a sum may pass 32 bits) */
  daysUntilDue?: Maybe<Scalars['Float']['output']>;
  /** sum of subtotal (an exact integer; Float because a sum may pass 32 bits) */
  subtotal?: Maybe<Scalars['Float']['output']>;
  /** sum of tax (an exact integer; Float because a sum may pass 32 bits) */
  tax?: Maybe<Scalars['Float']['output']>;
  /** sum of total (an exact integer; Float because a sum may pass 32 bits) */
  total?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Invoice rows (Hasura style) */
export type InvoiceBoolExp = {
  _and?: InputMaybe<Array<InvoiceBoolExp>>;
  _not?: InputMaybe<InvoiceBoolExp>;
  _or?: InputMaybe<Array<InvoiceBoolExp>>;
  amountDue?: InputMaybe<IntComparisonExp>;
  amountPaid?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  customer?: InputMaybe<CustomerBoolExp>;
  customerId?: InputMaybe<StringComparisonExp>;
  daysUntilDue?: InputMaybe<IntComparisonExp>;
  dueDate?: InputMaybe<DateTimeComparisonExp>;
  factoring?: InputMaybe<InvoiceFactoringBoolExp>;
  finalizedAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any items matches */
  items?: InputMaybe<InvoiceItemBoolExp>;
  latestOfSubscription?: InputMaybe<SubscriptionBoolExp>;
  markedUncollectibleAt?: InputMaybe<DateTimeComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  number?: InputMaybe<StringComparisonExp>;
  order?: InputMaybe<OrderBoolExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  paidAt?: InputMaybe<DateTimeComparisonExp>;
  /** matches when any payments matches */
  payments?: InputMaybe<InvoicePaymentBoolExp>;
  status?: InputMaybe<StringComparisonExp>;
  subscription?: InputMaybe<SubscriptionBoolExp>;
  subscriptionId?: InputMaybe<StringComparisonExp>;
  subtotal?: InputMaybe<IntComparisonExp>;
  tax?: InputMaybe<IntComparisonExp>;
  testClock?: InputMaybe<TestClockBoolExp>;
  testClockId?: InputMaybe<StringComparisonExp>;
  total?: InputMaybe<IntComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
  voidedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** An advance against an open invoice: funded -> repaid (from the invoice's payments, first) | defaulted (the invoice uncollectible or void; recourse) */
export type InvoiceFactoring = {
  __typename?: 'InvoiceFactoring';
  /** floor(invoiceTotal x advanceRate), credited to the available balance */
  advanceAmount: Scalars['Int']['output'];
  /** decimal string of a fraction ("0.85") */
  advanceRate: Scalars['String']['output'];
  /** repaid so far (advance and fee) */
  amountRepaid: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  feeAmount: Scalars['Int']['output'];
  /** decimal string of a fraction of the advance ("0.02") */
  feeRate: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  invoice: Invoice;
  invoiceId: Scalars['String']['output'];
  /** the invoice's total when it was factored */
  invoiceTotal: Scalars['Int']['output'];
  /** advanceAmount + feeAmount - amountRepaid */
  outstanding: Scalars['Int']['output'];
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** funded | repaid | defaulted */
  status: Scalars['String']['output'];
  /** hash of the funding's ledger transaction */
  transactionHash: Scalars['String']['output'];
  /** the underwriting offer it was funded under: {rules, facts} */
  underwriting: Scalars['JSON']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the InvoiceFactoring rows a filter matches (of the caller's account and mode) */
export type InvoiceFactoringAggregate = {
  __typename?: 'InvoiceFactoringAggregate';
  avg: InvoiceFactoringAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<InvoiceFactoringAggregateGroup>;
  max: InvoiceFactoringAggregateMax;
  min: InvoiceFactoringAggregateMin;
  sum: InvoiceFactoringAggregateSum;
};


/** Aggregates of the InvoiceFactoring rows a filter matches (of the caller's account and mode) */
export type InvoiceFactoringAggregateGroupsArgs = {
  by: Array<InvoiceFactoringAggregateGroupBy>;
};

/** Averages of InvoiceFactoring columns over the rows (null when no row has a value) */
export type InvoiceFactoringAggregateAvg = {
  __typename?: 'InvoiceFactoringAggregateAvg';
  /** average of advanceAmount */
  advanceAmount?: Maybe<Scalars['Float']['output']>;
  /** average of amountRepaid */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** average of feeAmount */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** average of invoiceTotal */
  invoiceTotal?: Maybe<Scalars['Float']['output']>;
  /** average of outstanding */
  outstanding?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of InvoiceFactoring rows */
export type InvoiceFactoringAggregateGroup = {
  __typename?: 'InvoiceFactoringAggregateGroup';
  avg: InvoiceFactoringAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: InvoiceFactoringAggregateGroupKeys;
  max: InvoiceFactoringAggregateMax;
  min: InvoiceFactoringAggregateMin;
  sum: InvoiceFactoringAggregateSum;
};

/** Columns of InvoiceFactoring to group by */
export type InvoiceFactoringAggregateGroupBy =
  | 'advanceRate'
  | 'currency'
  | 'feeRate'
  | 'invoiceId'
  | 'status'
  | 'transactionHash';

/** The values of the grouped columns of a group of InvoiceFactoring rows (null for a column not grouped by, or a null value) */
export type InvoiceFactoringAggregateGroupKeys = {
  __typename?: 'InvoiceFactoringAggregateGroupKeys';
  advanceRate?: Maybe<Scalars['String']['output']>;
  currency?: Maybe<Scalars['String']['output']>;
  feeRate?: Maybe<Scalars['String']['output']>;
  invoiceId?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  transactionHash?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of InvoiceFactoring columns over the rows (null when no row has a value) */
export type InvoiceFactoringAggregateMax = {
  __typename?: 'InvoiceFactoringAggregateMax';
  /** greatest advanceAmount */
  advanceAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest defaultedAt */
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest invoiceTotal */
  invoiceTotal?: Maybe<Scalars['Int']['output']>;
  /** greatest outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** greatest repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of InvoiceFactoring columns over the rows (null when no row has a value) */
export type InvoiceFactoringAggregateMin = {
  __typename?: 'InvoiceFactoringAggregateMin';
  /** least advanceAmount */
  advanceAmount?: Maybe<Scalars['Int']['output']>;
  /** least amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least defaultedAt */
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** least invoiceTotal */
  invoiceTotal?: Maybe<Scalars['Int']['output']>;
  /** least outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** least repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of InvoiceFactoring columns over the rows (null when no row has a value) */
export type InvoiceFactoringAggregateSum = {
  __typename?: 'InvoiceFactoringAggregateSum';
  /** sum of advanceAmount (an exact integer; Float because a sum may pass 32 bits) */
  advanceAmount?: Maybe<Scalars['Float']['output']>;
  /** sum of amountRepaid (an exact integer; Float because a sum may pass 32 bits) */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** sum of feeAmount (an exact integer; Float because a sum may pass 32 bits) */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** sum of invoiceTotal (an exact integer; Float because a sum may pass 32 bits) */
  invoiceTotal?: Maybe<Scalars['Float']['output']>;
  /** sum of outstanding (an exact integer; Float because a sum may pass 32 bits) */
  outstanding?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter InvoiceFactoring rows (Hasura style) */
export type InvoiceFactoringBoolExp = {
  _and?: InputMaybe<Array<InvoiceFactoringBoolExp>>;
  _not?: InputMaybe<InvoiceFactoringBoolExp>;
  _or?: InputMaybe<Array<InvoiceFactoringBoolExp>>;
  advanceAmount?: InputMaybe<IntComparisonExp>;
  advanceRate?: InputMaybe<StringComparisonExp>;
  amountRepaid?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  defaultedAt?: InputMaybe<DateTimeComparisonExp>;
  feeAmount?: InputMaybe<IntComparisonExp>;
  feeRate?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  invoice?: InputMaybe<InvoiceBoolExp>;
  invoiceId?: InputMaybe<StringComparisonExp>;
  invoiceTotal?: InputMaybe<IntComparisonExp>;
  outstanding?: InputMaybe<IntComparisonExp>;
  repaidAt?: InputMaybe<DateTimeComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  transactionHash?: InputMaybe<StringComparisonExp>;
  underwriting?: InputMaybe<JsonComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of InvoiceFactoring rows; list several for tie-breaks */
export type InvoiceFactoringOrderBy = {
  advanceAmount?: InputMaybe<OrderBy>;
  advanceRate?: InputMaybe<OrderBy>;
  amountRepaid?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  defaultedAt?: InputMaybe<OrderBy>;
  feeAmount?: InputMaybe<OrderBy>;
  feeRate?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  invoice?: InputMaybe<InvoiceOrderBy>;
  invoiceId?: InputMaybe<OrderBy>;
  invoiceTotal?: InputMaybe<OrderBy>;
  outstanding?: InputMaybe<OrderBy>;
  repaidAt?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  transactionHash?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** A line of an invoice: amount = quantity x unitAmount; tax = amount x taxRate / 100, rounded half to even */
export type InvoiceItem = {
  __typename?: 'InvoiceItem';
  amount: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  invoiceId: Scalars['String']['output'];
  position: Scalars['Int']['output'];
  quantity: Scalars['Int']['output'];
  tax: Scalars['Int']['output'];
  /** a percent as a decimal string ("19", "7.25"); null: untaxed */
  taxRate?: Maybe<Scalars['String']['output']>;
  unitAmount: Scalars['Int']['output'];
};

/** Boolean expression to filter InvoiceItem rows (Hasura style) */
export type InvoiceItemBoolExp = {
  _and?: InputMaybe<Array<InvoiceItemBoolExp>>;
  _not?: InputMaybe<InvoiceItemBoolExp>;
  _or?: InputMaybe<Array<InvoiceItemBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  description?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  invoice?: InputMaybe<InvoiceBoolExp>;
  invoiceId?: InputMaybe<StringComparisonExp>;
  position?: InputMaybe<IntComparisonExp>;
  quantity?: InputMaybe<IntComparisonExp>;
  tax?: InputMaybe<IntComparisonExp>;
  taxRate?: InputMaybe<StringComparisonExp>;
  unitAmount?: InputMaybe<IntComparisonExp>;
};

/** Ordering of Invoice rows; list several for tie-breaks */
export type InvoiceOrderBy = {
  amountDue?: InputMaybe<OrderBy>;
  amountPaid?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  customer?: InputMaybe<CustomerOrderBy>;
  customerId?: InputMaybe<OrderBy>;
  daysUntilDue?: InputMaybe<OrderBy>;
  dueDate?: InputMaybe<OrderBy>;
  factoring?: InputMaybe<InvoiceFactoringOrderBy>;
  finalizedAt?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  latestOfSubscription?: InputMaybe<SubscriptionOrderBy>;
  markedUncollectibleAt?: InputMaybe<OrderBy>;
  number?: InputMaybe<OrderBy>;
  order?: InputMaybe<OrderOrderBy>;
  orderId?: InputMaybe<OrderBy>;
  paidAt?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  subscription?: InputMaybe<SubscriptionOrderBy>;
  subscriptionId?: InputMaybe<OrderBy>;
  subtotal?: InputMaybe<OrderBy>;
  tax?: InputMaybe<OrderBy>;
  testClock?: InputMaybe<TestClockOrderBy>;
  testClockId?: InputMaybe<OrderBy>;
  total?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
  voidedAt?: InputMaybe<OrderBy>;
};

/** A payment (paymentId) applied to an invoice */
export type InvoicePayment = {
  __typename?: 'InvoicePayment';
  amount: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invoiceId: Scalars['String']['output'];
  /** the payment (pay_...) made through the payments operation */
  paymentId: Scalars['String']['output'];
};

/** Boolean expression to filter InvoicePayment rows (Hasura style) */
export type InvoicePaymentBoolExp = {
  _and?: InputMaybe<Array<InvoicePaymentBoolExp>>;
  _not?: InputMaybe<InvoicePaymentBoolExp>;
  _or?: InputMaybe<Array<InvoicePaymentBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  invoice?: InputMaybe<InvoiceBoolExp>;
  invoiceId?: InputMaybe<StringComparisonExp>;
  paymentId?: InputMaybe<StringComparisonExp>;
};

export type IssueStablecoinInput = {
  /** Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
  amount: Scalars['String']['input'];
  to?: InputMaybe<Scalars['String']['input']>;
};

/** Filters on a JSON object field */
export type JsonComparisonExp = {
  /** the object contains these keys with these values */
  _contains?: InputMaybe<Scalars['JSON']['input']>;
  /** the object has this key */
  _has_key?: InputMaybe<Scalars['String']['input']>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
};

/** One line of a ledger transaction: a credit (positive) or a debit (negative) of one ledger account */
export type LedgerPosting = {
  __typename?: 'LedgerPosting';
  /** the wallet's address (EIP-55 checksum case) for wallet postings, else null */
  address?: Maybe<Scalars['String']['output']>;
  /** signed: the coin itself (wallet and issuer postings) as a decimal string ("12.5"); every other ledger account in integer minor units of its currency ("1250"), the coin's currency included */
  amount: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** the kind of ledger account: available, pending, refunded, processor, settlement, wallet, issuer, financing */
  ledgerAccount: Scalars['String']['output'];
  /** self (the caller's own ledger account), platform (the coin's issuer, the platform's fee accounts) or counterparty (another account's wallet: the other side of a transfer) */
  owner: Scalars['String']['output'];
  position: Scalars['Int']['output'];
};

/** Boolean expression to filter LedgerPosting rows (Hasura style) */
export type LedgerPostingBoolExp = {
  _and?: InputMaybe<Array<LedgerPostingBoolExp>>;
  _not?: InputMaybe<LedgerPostingBoolExp>;
  _or?: InputMaybe<Array<LedgerPostingBoolExp>>;
  currency?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  ledgerAccountId?: InputMaybe<StringComparisonExp>;
  position?: InputMaybe<IntComparisonExp>;
  transaction?: InputMaybe<LedgerTransactionBoolExp>;
  transactionId?: InputMaybe<StringComparisonExp>;
};

/** A balanced movement of the ledger (postings sum to zero per currency and unit), chained per account and mode: transactionHash = SHA-256 over previousHash and the canonical content */
export type LedgerTransaction = {
  __typename?: 'LedgerTransaction';
  createdAt: Scalars['DateTime']['output'];
  hash: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** payment | settlement | refund | issue | redeem | transfer | stablecoin_payment */
  kind: Scalars['String']['output'];
  livemode: Scalars['Boolean']['output'];
  postings: Array<LedgerPosting>;
  previousHash: Scalars['String']['output'];
  resourceId: Scalars['String']['output'];
  sequence: Scalars['Int']['output'];
  /** the same as hash: the name payments and transfers use */
  transactionHash: Scalars['String']['output'];
};

/** Aggregates of the LedgerTransaction rows a filter matches (of the caller's account and mode) */
export type LedgerTransactionAggregate = {
  __typename?: 'LedgerTransactionAggregate';
  avg: LedgerTransactionAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<LedgerTransactionAggregateGroup>;
  max: LedgerTransactionAggregateMax;
  min: LedgerTransactionAggregateMin;
  sum: LedgerTransactionAggregateSum;
};


/** Aggregates of the LedgerTransaction rows a filter matches (of the caller's account and mode) */
export type LedgerTransactionAggregateGroupsArgs = {
  by: Array<LedgerTransactionAggregateGroupBy>;
};

/** Averages of LedgerTransaction columns over the rows (null when no row has a value) */
export type LedgerTransactionAggregateAvg = {
  __typename?: 'LedgerTransactionAggregateAvg';
  /** average of sequence */
  sequence?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of LedgerTransaction rows */
export type LedgerTransactionAggregateGroup = {
  __typename?: 'LedgerTransactionAggregateGroup';
  avg: LedgerTransactionAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: LedgerTransactionAggregateGroupKeys;
  max: LedgerTransactionAggregateMax;
  min: LedgerTransactionAggregateMin;
  sum: LedgerTransactionAggregateSum;
};

/** Columns of LedgerTransaction to group by */
export type LedgerTransactionAggregateGroupBy =
  | 'hash'
  | 'kind'
  | 'previousHash'
  | 'resourceId';

/** The values of the grouped columns of a group of LedgerTransaction rows (null for a column not grouped by, or a null value) */
export type LedgerTransactionAggregateGroupKeys = {
  __typename?: 'LedgerTransactionAggregateGroupKeys';
  hash?: Maybe<Scalars['String']['output']>;
  kind?: Maybe<Scalars['String']['output']>;
  previousHash?: Maybe<Scalars['String']['output']>;
  resourceId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of LedgerTransaction columns over the rows (null when no row has a value) */
export type LedgerTransactionAggregateMax = {
  __typename?: 'LedgerTransactionAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest sequence */
  sequence?: Maybe<Scalars['Int']['output']>;
};

/** Least values of LedgerTransaction columns over the rows (null when no row has a value) */
export type LedgerTransactionAggregateMin = {
  __typename?: 'LedgerTransactionAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least sequence */
  sequence?: Maybe<Scalars['Int']['output']>;
};

/** Sums of LedgerTransaction columns over the rows (null when no row has a value) */
export type LedgerTransactionAggregateSum = {
  __typename?: 'LedgerTransactionAggregateSum';
  /** sum of sequence (an exact integer; Float because a sum may pass 32 bits) */
  sequence?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter LedgerTransaction rows (Hasura style) */
export type LedgerTransactionBoolExp = {
  _and?: InputMaybe<Array<LedgerTransactionBoolExp>>;
  _not?: InputMaybe<LedgerTransactionBoolExp>;
  _or?: InputMaybe<Array<LedgerTransactionBoolExp>>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  hash?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  kind?: InputMaybe<StringComparisonExp>;
  /** matches when any postings matches */
  postings?: InputMaybe<LedgerPostingBoolExp>;
  previousHash?: InputMaybe<StringComparisonExp>;
  resourceId?: InputMaybe<StringComparisonExp>;
  sequence?: InputMaybe<IntComparisonExp>;
};

/** Ordering of LedgerTransaction rows; list several for tie-breaks */
export type LedgerTransactionOrderBy = {
  createdAt?: InputMaybe<OrderBy>;
  hash?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  kind?: InputMaybe<OrderBy>;
  previousHash?: InputMaybe<OrderBy>;
  resourceId?: InputMaybe<OrderBy>;
  sequence?: InputMaybe<OrderBy>;
};

/** A loan: fixed (instalments debited on their due dates) or revenue_share (withholdRate of every succeeded payment). Statuses active, past_due, repaid, defaulted. */
export type Loan = {
  __typename?: 'Loan';
  amountRepaid: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  /** failed debit attempts of the instalment now due */
  failedAttempts: Scalars['Int']['output'];
  feeAmount: Scalars['Int']['output'];
  feeRate: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  outstanding: Scalars['Int']['output'];
  principal: Scalars['Int']['output'];
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** fixed | revenue_share */
  repayment: Scalars['String']['output'];
  /** fixed: [{due_date, amount, status: pending | paid | past_due, paid_at}] */
  schedule: Scalars['JSON']['output'];
  /** active | past_due | repaid | defaulted */
  status: Scalars['String']['output'];
  termDays: Scalars['Int']['output'];
  testClock?: Maybe<TestClock>;
  /** the test clock whose time the schedule follows */
  testClockId?: Maybe<Scalars['String']['output']>;
  /** principal + feeAmount */
  totalRepayable: Scalars['Int']['output'];
  /** hash of the disbursement's ledger transaction */
  transactionHash: Scalars['String']['output'];
  underwriting: Scalars['JSON']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** revenue_share: decimal string of the fraction of each succeeded payment withheld */
  withholdRate?: Maybe<Scalars['String']['output']>;
};

/** Aggregates of the Loan rows a filter matches (of the caller's account and mode) */
export type LoanAggregate = {
  __typename?: 'LoanAggregate';
  avg: LoanAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<LoanAggregateGroup>;
  max: LoanAggregateMax;
  min: LoanAggregateMin;
  sum: LoanAggregateSum;
};


/** Aggregates of the Loan rows a filter matches (of the caller's account and mode) */
export type LoanAggregateGroupsArgs = {
  by: Array<LoanAggregateGroupBy>;
};

/** Averages of Loan columns over the rows (null when no row has a value) */
export type LoanAggregateAvg = {
  __typename?: 'LoanAggregateAvg';
  /** average of amountRepaid */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** average of failedAttempts */
  failedAttempts?: Maybe<Scalars['Float']['output']>;
  /** average of feeAmount */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** average of outstanding */
  outstanding?: Maybe<Scalars['Float']['output']>;
  /** average of principal */
  principal?: Maybe<Scalars['Float']['output']>;
  /** average of termDays */
  termDays?: Maybe<Scalars['Float']['output']>;
  /** average of totalRepayable */
  totalRepayable?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Loan rows */
export type LoanAggregateGroup = {
  __typename?: 'LoanAggregateGroup';
  avg: LoanAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: LoanAggregateGroupKeys;
  max: LoanAggregateMax;
  min: LoanAggregateMin;
  sum: LoanAggregateSum;
};

/** Columns of Loan to group by */
export type LoanAggregateGroupBy =
  | 'currency'
  | 'feeRate'
  | 'repayment'
  | 'status'
  | 'testClockId'
  | 'transactionHash'
  | 'withholdRate';

/** The values of the grouped columns of a group of Loan rows (null for a column not grouped by, or a null value) */
export type LoanAggregateGroupKeys = {
  __typename?: 'LoanAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  feeRate?: Maybe<Scalars['String']['output']>;
  repayment?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  testClockId?: Maybe<Scalars['String']['output']>;
  transactionHash?: Maybe<Scalars['String']['output']>;
  withholdRate?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Loan columns over the rows (null when no row has a value) */
export type LoanAggregateMax = {
  __typename?: 'LoanAggregateMax';
  /** greatest amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest defaultedAt */
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest failedAttempts */
  failedAttempts?: Maybe<Scalars['Int']['output']>;
  /** greatest feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** greatest principal */
  principal?: Maybe<Scalars['Int']['output']>;
  /** greatest repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest termDays */
  termDays?: Maybe<Scalars['Int']['output']>;
  /** greatest totalRepayable */
  totalRepayable?: Maybe<Scalars['Int']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Loan columns over the rows (null when no row has a value) */
export type LoanAggregateMin = {
  __typename?: 'LoanAggregateMin';
  /** least amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least defaultedAt */
  defaultedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least failedAttempts */
  failedAttempts?: Maybe<Scalars['Int']['output']>;
  /** least feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** least outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** least principal */
  principal?: Maybe<Scalars['Int']['output']>;
  /** least repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** least termDays */
  termDays?: Maybe<Scalars['Int']['output']>;
  /** least totalRepayable */
  totalRepayable?: Maybe<Scalars['Int']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Loan columns over the rows (null when no row has a value) */
export type LoanAggregateSum = {
  __typename?: 'LoanAggregateSum';
  /** sum of amountRepaid (an exact integer; Float because a sum may pass 32 bits) */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** sum of failedAttempts (an exact integer; Float because a sum may pass 32 bits) */
  failedAttempts?: Maybe<Scalars['Float']['output']>;
  /** sum of feeAmount (an exact integer; Float because a sum may pass 32 bits) */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** sum of outstanding (an exact integer; Float because a sum may pass 32 bits) */
  outstanding?: Maybe<Scalars['Float']['output']>;
  /** sum of principal (an exact integer; Float because a sum may pass 32 bits) */
  principal?: Maybe<Scalars['Float']['output']>;
  /** sum of termDays (an exact integer; Float because a sum may pass 32 bits) */
  termDays?: Maybe<Scalars['Float']['output']>;
  /** sum of totalRepayable (an exact integer; Float because a sum may pass 32 bits) */
  totalRepayable?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Loan rows (Hasura style) */
export type LoanBoolExp = {
  _and?: InputMaybe<Array<LoanBoolExp>>;
  _not?: InputMaybe<LoanBoolExp>;
  _or?: InputMaybe<Array<LoanBoolExp>>;
  amountRepaid?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  defaultedAt?: InputMaybe<DateTimeComparisonExp>;
  failedAttempts?: InputMaybe<IntComparisonExp>;
  feeAmount?: InputMaybe<IntComparisonExp>;
  feeRate?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  outstanding?: InputMaybe<IntComparisonExp>;
  principal?: InputMaybe<IntComparisonExp>;
  repaidAt?: InputMaybe<DateTimeComparisonExp>;
  repayment?: InputMaybe<StringComparisonExp>;
  schedule?: InputMaybe<JsonComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  termDays?: InputMaybe<IntComparisonExp>;
  testClock?: InputMaybe<TestClockBoolExp>;
  testClockId?: InputMaybe<StringComparisonExp>;
  totalRepayable?: InputMaybe<IntComparisonExp>;
  transactionHash?: InputMaybe<StringComparisonExp>;
  underwriting?: InputMaybe<JsonComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
  withholdRate?: InputMaybe<StringComparisonExp>;
};

/** Ordering of Loan rows; list several for tie-breaks */
export type LoanOrderBy = {
  amountRepaid?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  defaultedAt?: InputMaybe<OrderBy>;
  failedAttempts?: InputMaybe<OrderBy>;
  feeAmount?: InputMaybe<OrderBy>;
  feeRate?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  outstanding?: InputMaybe<OrderBy>;
  principal?: InputMaybe<OrderBy>;
  repaidAt?: InputMaybe<OrderBy>;
  repayment?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  termDays?: InputMaybe<OrderBy>;
  testClock?: InputMaybe<TestClockOrderBy>;
  testClockId?: InputMaybe<OrderBy>;
  totalRepayable?: InputMaybe<OrderBy>;
  transactionHash?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
  withholdRate?: InputMaybe<OrderBy>;
};

/** An amount in minor units of a currency */
export type MoneyAmount = {
  __typename?: 'MoneyAmount';
  amount: Scalars['Int']['output'];
  currency: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  adjustInventory: InventoryItem;
  /** Moves the clock forward to frozenTime: status advancing, then ready once everything that fell due on the way has run */
  advanceTestClock: TestClock;
  allocateInventory: InventoryItem;
  approveAgentExecution: AgentExecution;
  approveReturn: Return;
  cancelOrder: Order;
  cancelSubscription: CustomerSubscription;
  /** Screens a name against the sanctions lists of the key's mode and stores the check (global:write), as POST /v1/global/compliance/check */
  complianceCheck: ComplianceCheck;
  createAccount: ConnectedAccount;
  createAgent: Agent;
  createCustomer: Customer;
  /** Creates an order priced across borders (shipping, tax on subtotal plus shipping, a locked FX quote to the settlement currency) after screening the customer: a match is refused (COMPLIANCE_BLOCKED), a potential match is created on hold. As POST /v1/global/orders/create (orders:create) */
  createGlobalOrder: Order;
  createInvoice: Invoice;
  createInvoicePayment: Invoice;
  createLoan: Loan;
  createOrder: Order;
  createPayment: Payment;
  createPrice: Price;
  createProduct: Product;
  createReturn: Return;
  createSubscription: CustomerSubscription;
  createTestClock: TestClock;
  createWebhookEndpoint: WebhookEndpointWithSecret;
  deleteCustomer: DeletedCustomer;
  deleteInvoice: DeletedInvoice;
  deleteOrder: DeletedOrder;
  deleteTestClock: DeletedTestClock;
  deleteWebhookEndpoint: DeletedWebhookEndpoint;
  /** Runs an operation as the agent, decided by its policy; input is the operation's REST body (snake_case) */
  executeAgent: AgentExecution;
  factorInvoice: InvoiceFactoring;
  finalizeInvoice: Invoice;
  financePurchaseOrder: PoFinancing;
  fulfillOrder: Order;
  holdOrder: Order;
  issueStablecoin: StablecoinIssuance;
  markInvoiceUncollectible: Invoice;
  payInvoice: Invoice;
  processReturn: Return;
  receiveReturn: Return;
  redeemStablecoin: StablecoinRedemption;
  refundPayment: Refund;
  rejectAgentExecution: AgentExecution;
  rejectReturn: Return;
  releaseInventory: InventoryItem;
  releaseOrder: Order;
  repayPurchaseOrder: PoFinancing;
  reserveInventory: InventoryItem;
  rotateWebhookSecret: WebhookEndpointWithSecret;
  /** Runs a decision (REST: POST /api/svc/decisions). Needs a svc_ key and an Idempotency-Key (header or argument). */
  runDecision: DecisionRun;
  transferInventory: InventoryTransfer;
  transferStablecoin: StablecoinTransfer;
  updateAgentConfig: Agent;
  updateCustomer: Customer;
  updateOrder: Order;
  updateProduct: Product;
  updateSubscription: CustomerSubscription;
  updateWebhookEndpoint: WebhookEndpoint;
  voidInvoice: Invoice;
};


export type MutationAdjustInventoryArgs = {
  input: AdjustInventoryInput;
};


export type MutationAdvanceTestClockArgs = {
  frozenTime: Scalars['Int']['input'];
  id: Scalars['ID']['input'];
};


export type MutationAllocateInventoryArgs = {
  input: AllocateInventoryInput;
};


export type MutationApproveAgentExecutionArgs = {
  agentId: Scalars['ID']['input'];
  executionId: Scalars['ID']['input'];
};


export type MutationApproveReturnArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCancelOrderArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<CancelOrderInput>;
};


export type MutationCancelSubscriptionArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<CancelSubscriptionInput>;
};


export type MutationComplianceCheckArgs = {
  input: ComplianceCheckInput;
};


export type MutationCreateAccountArgs = {
  input: CreateAccountInput;
};


export type MutationCreateAgentArgs = {
  input: CreateAgentInput;
};


export type MutationCreateCustomerArgs = {
  input?: InputMaybe<CreateCustomerInput>;
};


export type MutationCreateGlobalOrderArgs = {
  input: CreateGlobalOrderInput;
};


export type MutationCreateInvoiceArgs = {
  input: CreateInvoiceInput;
};


export type MutationCreateInvoicePaymentArgs = {
  id: Scalars['ID']['input'];
  input: CreateInvoicePaymentInput;
};


export type MutationCreateLoanArgs = {
  input: CreateLoanInput;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};


export type MutationCreatePaymentArgs = {
  input: CreatePaymentInput;
};


export type MutationCreatePriceArgs = {
  input: CreatePriceInput;
};


export type MutationCreateProductArgs = {
  input: CreateProductInput;
};


export type MutationCreateReturnArgs = {
  input: CreateReturnInput;
};


export type MutationCreateSubscriptionArgs = {
  input: CreateSubscriptionInput;
};


export type MutationCreateTestClockArgs = {
  input: CreateTestClockInput;
};


export type MutationCreateWebhookEndpointArgs = {
  input: CreateWebhookEndpointInput;
};


export type MutationDeleteCustomerArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteInvoiceArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteOrderArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteTestClockArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationExecuteAgentArgs = {
  agentId: Scalars['ID']['input'];
  input?: InputMaybe<Scalars['JSON']['input']>;
  operation: Scalars['String']['input'];
};


export type MutationFactorInvoiceArgs = {
  input: FactorInvoiceInput;
};


export type MutationFinalizeInvoiceArgs = {
  id: Scalars['ID']['input'];
};


export type MutationFinancePurchaseOrderArgs = {
  input: FinancePurchaseOrderInput;
};


export type MutationFulfillOrderArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<FulfillOrderInput>;
};


export type MutationHoldOrderArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<HoldOrderInput>;
};


export type MutationIssueStablecoinArgs = {
  input: IssueStablecoinInput;
};


export type MutationMarkInvoiceUncollectibleArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPayInvoiceArgs = {
  id: Scalars['ID']['input'];
  input: PayInvoiceInput;
};


export type MutationProcessReturnArgs = {
  id: Scalars['ID']['input'];
};


export type MutationReceiveReturnArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRedeemStablecoinArgs = {
  input: RedeemStablecoinInput;
};


export type MutationRefundPaymentArgs = {
  input: RefundPaymentInput;
};


export type MutationRejectAgentExecutionArgs = {
  agentId: Scalars['ID']['input'];
  executionId: Scalars['ID']['input'];
};


export type MutationRejectReturnArgs = {
  id: Scalars['ID']['input'];
  input: RejectReturnInput;
};


export type MutationReleaseInventoryArgs = {
  input: ReleaseInventoryInput;
};


export type MutationReleaseOrderArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRepayPurchaseOrderArgs = {
  id: Scalars['ID']['input'];
  input: RepayPurchaseOrderInput;
};


export type MutationReserveInventoryArgs = {
  input: ReserveInventoryInput;
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<RotateWebhookSecretInput>;
};


export type MutationRunDecisionArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: RunDecisionInput;
};


export type MutationTransferInventoryArgs = {
  input: TransferInventoryInput;
};


export type MutationTransferStablecoinArgs = {
  input: TransferStablecoinInput;
};


export type MutationUpdateAgentConfigArgs = {
  id: Scalars['ID']['input'];
  input: UpdateAgentConfigInput;
};


export type MutationUpdateCustomerArgs = {
  id: Scalars['ID']['input'];
  input: UpdateCustomerInput;
};


export type MutationUpdateOrderArgs = {
  id: Scalars['ID']['input'];
  input: UpdateOrderInput;
};


export type MutationUpdateProductArgs = {
  id: Scalars['ID']['input'];
  input: UpdateProductInput;
};


export type MutationUpdateSubscriptionArgs = {
  id: Scalars['ID']['input'];
  input: UpdateSubscriptionInput;
};


export type MutationUpdateWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
  input: UpdateWebhookEndpointInput;
};


export type MutationVoidInvoiceArgs = {
  id: Scalars['ID']['input'];
};

/** An order. amount is the sum of its items in minor units of currency. */
export type Order = {
  __typename?: 'Order';
  /** total in minor units of currency: the sum of the items' amounts (a global order's: amountTotal) */
  amount: Scalars['Int']['output'];
  /** global orders: shipping in the order's currency */
  amountShipping?: Maybe<Scalars['Int']['output']>;
  /** global orders (POST /v1/global/orders/create; docs/global.md), null otherwise: the items' sum */
  amountSubtotal?: Maybe<Scalars['Int']['output']>;
  /** global orders: tax on subtotal plus shipping */
  amountTax?: Maybe<Scalars['Int']['output']>;
  /** global orders: subtotal + shipping + tax (= amount) */
  amountTotal?: Maybe<Scalars['Int']['output']>;
  cancellationReason?: Maybe<Scalars['String']['output']>;
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** global orders: the customer's screening {check, result, matches} */
  compliance?: Maybe<Scalars['JSON']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customer?: Maybe<Customer>;
  customerId?: Maybe<Scalars['String']['output']>;
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  fulfilledAt?: Maybe<Scalars['DateTime']['output']>;
  /** global orders: the locked FX quote from the order's currency to the settlement currency */
  fx?: Maybe<Scalars['JSON']['output']>;
  heldAt?: Maybe<Scalars['DateTime']['output']>;
  holdReason?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  items: Array<OrderItem>;
  metadata: Scalars['JSON']['output'];
  /** a held order cannot be fulfilled until it is released (POST /v1/orders/{id}/release) */
  onHold: Scalars['Boolean']['output'];
  /** global orders: {currency, amount_total} in the settlement currency */
  settlement?: Maybe<Scalars['JSON']['output']>;
  /** global orders: {country, region, postal_code} */
  shipTo?: Maybe<Scalars['JSON']['output']>;
  /** global orders: the chosen service {carrier, service, zone, estimated_days, billable_weight_grams, quoted} */
  shipping?: Maybe<Scalars['JSON']['output']>;
  shippingCarrier?: Maybe<Scalars['String']['output']>;
  status: Scalars['String']['output'];
  /** global orders: the tax calculation {rate, jurisdiction, breakdown, ...} */
  tax?: Maybe<Scalars['JSON']['output']>;
  trackingNumber?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Order rows a filter matches (of the caller's account and mode) */
export type OrderAggregate = {
  __typename?: 'OrderAggregate';
  avg: OrderAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<OrderAggregateGroup>;
  max: OrderAggregateMax;
  min: OrderAggregateMin;
  sum: OrderAggregateSum;
};


/** Aggregates of the Order rows a filter matches (of the caller's account and mode) */
export type OrderAggregateGroupsArgs = {
  by: Array<OrderAggregateGroupBy>;
};

/** Averages of Order columns over the rows (null when no row has a value) */
export type OrderAggregateAvg = {
  __typename?: 'OrderAggregateAvg';
  /** average of amount */
  amount?: Maybe<Scalars['Float']['output']>;
  /** average of amountShipping */
  amountShipping?: Maybe<Scalars['Float']['output']>;
  /** average of amountSubtotal */
  amountSubtotal?: Maybe<Scalars['Float']['output']>;
  /** average of amountTax */
  amountTax?: Maybe<Scalars['Float']['output']>;
  /** average of amountTotal */
  amountTotal?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Order rows */
export type OrderAggregateGroup = {
  __typename?: 'OrderAggregateGroup';
  avg: OrderAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: OrderAggregateGroupKeys;
  max: OrderAggregateMax;
  min: OrderAggregateMin;
  sum: OrderAggregateSum;
};

/** Columns of Order to group by */
export type OrderAggregateGroupBy =
  | 'cancellationReason'
  | 'currency'
  | 'customerId'
  | 'holdReason'
  | 'onHold'
  | 'shippingCarrier'
  | 'status'
  | 'trackingNumber';

/** The values of the grouped columns of a group of Order rows (null for a column not grouped by, or a null value) */
export type OrderAggregateGroupKeys = {
  __typename?: 'OrderAggregateGroupKeys';
  cancellationReason?: Maybe<Scalars['String']['output']>;
  currency?: Maybe<Scalars['String']['output']>;
  customerId?: Maybe<Scalars['String']['output']>;
  holdReason?: Maybe<Scalars['String']['output']>;
  onHold?: Maybe<Scalars['Boolean']['output']>;
  shippingCarrier?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  trackingNumber?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Order columns over the rows (null when no row has a value) */
export type OrderAggregateMax = {
  __typename?: 'OrderAggregateMax';
  /** greatest amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** greatest amountShipping */
  amountShipping?: Maybe<Scalars['Int']['output']>;
  /** greatest amountSubtotal */
  amountSubtotal?: Maybe<Scalars['Int']['output']>;
  /** greatest amountTax */
  amountTax?: Maybe<Scalars['Int']['output']>;
  /** greatest amountTotal */
  amountTotal?: Maybe<Scalars['Int']['output']>;
  /** greatest cancelledAt */
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest deliveredAt */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest fulfilledAt */
  fulfilledAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest heldAt */
  heldAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Order columns over the rows (null when no row has a value) */
export type OrderAggregateMin = {
  __typename?: 'OrderAggregateMin';
  /** least amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** least amountShipping */
  amountShipping?: Maybe<Scalars['Int']['output']>;
  /** least amountSubtotal */
  amountSubtotal?: Maybe<Scalars['Int']['output']>;
  /** least amountTax */
  amountTax?: Maybe<Scalars['Int']['output']>;
  /** least amountTotal */
  amountTotal?: Maybe<Scalars['Int']['output']>;
  /** least cancelledAt */
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least deliveredAt */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** least fulfilledAt */
  fulfilledAt?: Maybe<Scalars['DateTime']['output']>;
  /** least heldAt */
  heldAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Order columns over the rows (null when no row has a value) */
export type OrderAggregateSum = {
  __typename?: 'OrderAggregateSum';
  /** sum of amount (an exact integer; Float because a sum may pass 32 bits) */
  amount?: Maybe<Scalars['Float']['output']>;
  /** sum of amountShipping (an exact integer; Float because a sum may pass 32 bits) */
  amountShipping?: Maybe<Scalars['Float']['output']>;
  /** sum of amountSubtotal (an exact integer; Float because a sum may pass 32 bits) */
  amountSubtotal?: Maybe<Scalars['Float']['output']>;
  /** sum of amountTax (an exact integer; Float because a sum may pass 32 bits) */
  amountTax?: Maybe<Scalars['Float']['output']>;
  /** sum of amountTotal (an exact integer; Float because a sum may pass 32 bits) */
  amountTotal?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Order rows (Hasura style) */
export type OrderBoolExp = {
  _and?: InputMaybe<Array<OrderBoolExp>>;
  _not?: InputMaybe<OrderBoolExp>;
  _or?: InputMaybe<Array<OrderBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  amountShipping?: InputMaybe<IntComparisonExp>;
  amountSubtotal?: InputMaybe<IntComparisonExp>;
  amountTax?: InputMaybe<IntComparisonExp>;
  amountTotal?: InputMaybe<IntComparisonExp>;
  cancellationReason?: InputMaybe<StringComparisonExp>;
  cancelledAt?: InputMaybe<DateTimeComparisonExp>;
  compliance?: InputMaybe<JsonComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  customer?: InputMaybe<CustomerBoolExp>;
  customerId?: InputMaybe<StringComparisonExp>;
  deliveredAt?: InputMaybe<DateTimeComparisonExp>;
  fulfilledAt?: InputMaybe<DateTimeComparisonExp>;
  fx?: InputMaybe<JsonComparisonExp>;
  heldAt?: InputMaybe<DateTimeComparisonExp>;
  holdReason?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any inventoryHolds matches */
  inventoryHolds?: InputMaybe<InventoryHoldBoolExp>;
  /** matches when any invoices matches */
  invoices?: InputMaybe<InvoiceBoolExp>;
  /** matches when any items matches */
  items?: InputMaybe<OrderItemBoolExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  onHold?: InputMaybe<BooleanComparisonExp>;
  /** matches when any payments matches */
  payments?: InputMaybe<PaymentBoolExp>;
  /** matches when any returns matches */
  returns?: InputMaybe<ReturnBoolExp>;
  settlement?: InputMaybe<JsonComparisonExp>;
  shipTo?: InputMaybe<JsonComparisonExp>;
  shipping?: InputMaybe<JsonComparisonExp>;
  shippingCarrier?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  tax?: InputMaybe<JsonComparisonExp>;
  trackingNumber?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Sort direction, with the place of nulls for nullable fields (Hasura spelling) */
export type OrderBy =
  | 'asc'
  | 'asc_nulls_first'
  | 'asc_nulls_last'
  | 'desc'
  | 'desc_nulls_first'
  | 'desc_nulls_last';

/** A line of an order */
export type OrderItem = {
  __typename?: 'OrderItem';
  /** quantity * unitAmount */
  amount: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  orderId: Scalars['String']['output'];
  position: Scalars['Int']['output'];
  product?: Maybe<Product>;
  productId?: Maybe<Scalars['String']['output']>;
  quantity: Scalars['Int']['output'];
  /** price of one unit in minor units */
  unitAmount: Scalars['Int']['output'];
  /** weight of one unit in grams (global orders: shipping is quoted on the lines' weight) */
  weightGrams?: Maybe<Scalars['Int']['output']>;
};

/** Boolean expression to filter OrderItem rows (Hasura style) */
export type OrderItemBoolExp = {
  _and?: InputMaybe<Array<OrderItemBoolExp>>;
  _not?: InputMaybe<OrderItemBoolExp>;
  _or?: InputMaybe<Array<OrderItemBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  order?: InputMaybe<OrderBoolExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  position?: InputMaybe<IntComparisonExp>;
  product?: InputMaybe<ProductBoolExp>;
  productId?: InputMaybe<StringComparisonExp>;
  quantity?: InputMaybe<IntComparisonExp>;
  /** matches when any returnItems matches */
  returnItems?: InputMaybe<ReturnItemBoolExp>;
  unitAmount?: InputMaybe<IntComparisonExp>;
  weightGrams?: InputMaybe<IntComparisonExp>;
};

/** Ordering of Order rows; list several for tie-breaks */
export type OrderOrderBy = {
  amount?: InputMaybe<OrderBy>;
  amountShipping?: InputMaybe<OrderBy>;
  amountSubtotal?: InputMaybe<OrderBy>;
  amountTax?: InputMaybe<OrderBy>;
  amountTotal?: InputMaybe<OrderBy>;
  cancellationReason?: InputMaybe<OrderBy>;
  cancelledAt?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  customer?: InputMaybe<CustomerOrderBy>;
  customerId?: InputMaybe<OrderBy>;
  deliveredAt?: InputMaybe<OrderBy>;
  fulfilledAt?: InputMaybe<OrderBy>;
  heldAt?: InputMaybe<OrderBy>;
  holdReason?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  onHold?: InputMaybe<OrderBy>;
  shippingCarrier?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  trackingNumber?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

export type PayInvoiceInput = {
  paymentMethod: Scalars['String']['input'];
};

/** A payment: amount in minor units of currency; amountRefunded adds up its refunds. */
export type Payment = {
  __typename?: 'Payment';
  /** minor units of currency */
  amount: Scalars['Int']['output'];
  /** minor units refunded so far */
  amountRefunded: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customer?: Maybe<Customer>;
  customerId?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  failureReason?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  order?: Maybe<Order>;
  orderId?: Maybe<Scalars['String']['output']>;
  paymentMethod: Scalars['String']['output'];
  refunds: Array<Refund>;
  /** pending | succeeded | failed */
  status: Scalars['String']['output'];
  /** the ledger transaction that moved the money to the available balance */
  transactionHash?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Payment rows a filter matches (of the caller's account and mode) */
export type PaymentAggregate = {
  __typename?: 'PaymentAggregate';
  avg: PaymentAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<PaymentAggregateGroup>;
  max: PaymentAggregateMax;
  min: PaymentAggregateMin;
  sum: PaymentAggregateSum;
};


/** Aggregates of the Payment rows a filter matches (of the caller's account and mode) */
export type PaymentAggregateGroupsArgs = {
  by: Array<PaymentAggregateGroupBy>;
};

/** Averages of Payment columns over the rows (null when no row has a value) */
export type PaymentAggregateAvg = {
  __typename?: 'PaymentAggregateAvg';
  /** average of amount */
  amount?: Maybe<Scalars['Float']['output']>;
  /** average of amountRefunded */
  amountRefunded?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Payment rows */
export type PaymentAggregateGroup = {
  __typename?: 'PaymentAggregateGroup';
  avg: PaymentAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: PaymentAggregateGroupKeys;
  max: PaymentAggregateMax;
  min: PaymentAggregateMin;
  sum: PaymentAggregateSum;
};

/** Columns of Payment to group by */
export type PaymentAggregateGroupBy =
  | 'currency'
  | 'customerId'
  | 'description'
  | 'failureReason'
  | 'orderId'
  | 'paymentMethod'
  | 'status'
  | 'transactionHash';

/** The values of the grouped columns of a group of Payment rows (null for a column not grouped by, or a null value) */
export type PaymentAggregateGroupKeys = {
  __typename?: 'PaymentAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  customerId?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  failureReason?: Maybe<Scalars['String']['output']>;
  orderId?: Maybe<Scalars['String']['output']>;
  paymentMethod?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  transactionHash?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Payment columns over the rows (null when no row has a value) */
export type PaymentAggregateMax = {
  __typename?: 'PaymentAggregateMax';
  /** greatest amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** greatest amountRefunded */
  amountRefunded?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Payment columns over the rows (null when no row has a value) */
export type PaymentAggregateMin = {
  __typename?: 'PaymentAggregateMin';
  /** least amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** least amountRefunded */
  amountRefunded?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Payment columns over the rows (null when no row has a value) */
export type PaymentAggregateSum = {
  __typename?: 'PaymentAggregateSum';
  /** sum of amount (an exact integer; Float because a sum may pass 32 bits) */
  amount?: Maybe<Scalars['Float']['output']>;
  /** sum of amountRefunded (an exact integer; Float because a sum may pass 32 bits) */
  amountRefunded?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Payment rows (Hasura style) */
export type PaymentBoolExp = {
  _and?: InputMaybe<Array<PaymentBoolExp>>;
  _not?: InputMaybe<PaymentBoolExp>;
  _or?: InputMaybe<Array<PaymentBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  amountRefunded?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  customer?: InputMaybe<CustomerBoolExp>;
  customerId?: InputMaybe<StringComparisonExp>;
  description?: InputMaybe<StringComparisonExp>;
  failureReason?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  order?: InputMaybe<OrderBoolExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  paymentMethod?: InputMaybe<StringComparisonExp>;
  /** matches when any refunds matches */
  refunds?: InputMaybe<RefundBoolExp>;
  status?: InputMaybe<StringComparisonExp>;
  transactionHash?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Payment rows; list several for tie-breaks */
export type PaymentOrderBy = {
  amount?: InputMaybe<OrderBy>;
  amountRefunded?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  customer?: InputMaybe<CustomerOrderBy>;
  customerId?: InputMaybe<OrderBy>;
  description?: InputMaybe<OrderBy>;
  failureReason?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  order?: InputMaybe<OrderOrderBy>;
  orderId?: InputMaybe<OrderBy>;
  paymentMethod?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  transactionHash?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** Purchase-order financing: amount advanced, amount + feeAmount owed, repaid by repayPurchaseOrder */
export type PoFinancing = {
  __typename?: 'PoFinancing';
  amount: Scalars['Int']['output'];
  amountRepaid: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  feeAmount: Scalars['Int']['output'];
  feeRate: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  outstanding: Scalars['Int']['output'];
  /** {number, supplier, amount, currency, expected_delivery} */
  purchaseOrder: Scalars['JSON']['output'];
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** funded | repaid */
  status: Scalars['String']['output'];
  transactionHash: Scalars['String']['output'];
  underwriting: Scalars['JSON']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the PoFinancing rows a filter matches (of the caller's account and mode) */
export type PoFinancingAggregate = {
  __typename?: 'PoFinancingAggregate';
  avg: PoFinancingAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<PoFinancingAggregateGroup>;
  max: PoFinancingAggregateMax;
  min: PoFinancingAggregateMin;
  sum: PoFinancingAggregateSum;
};


/** Aggregates of the PoFinancing rows a filter matches (of the caller's account and mode) */
export type PoFinancingAggregateGroupsArgs = {
  by: Array<PoFinancingAggregateGroupBy>;
};

/** Averages of PoFinancing columns over the rows (null when no row has a value) */
export type PoFinancingAggregateAvg = {
  __typename?: 'PoFinancingAggregateAvg';
  /** average of amount */
  amount?: Maybe<Scalars['Float']['output']>;
  /** average of amountRepaid */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** average of feeAmount */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** average of outstanding */
  outstanding?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of PoFinancing rows */
export type PoFinancingAggregateGroup = {
  __typename?: 'PoFinancingAggregateGroup';
  avg: PoFinancingAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: PoFinancingAggregateGroupKeys;
  max: PoFinancingAggregateMax;
  min: PoFinancingAggregateMin;
  sum: PoFinancingAggregateSum;
};

/** Columns of PoFinancing to group by */
export type PoFinancingAggregateGroupBy =
  | 'currency'
  | 'feeRate'
  | 'status'
  | 'transactionHash';

/** The values of the grouped columns of a group of PoFinancing rows (null for a column not grouped by, or a null value) */
export type PoFinancingAggregateGroupKeys = {
  __typename?: 'PoFinancingAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  feeRate?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  transactionHash?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of PoFinancing columns over the rows (null when no row has a value) */
export type PoFinancingAggregateMax = {
  __typename?: 'PoFinancingAggregateMax';
  /** greatest amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** greatest amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** greatest repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of PoFinancing columns over the rows (null when no row has a value) */
export type PoFinancingAggregateMin = {
  __typename?: 'PoFinancingAggregateMin';
  /** least amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** least amountRepaid */
  amountRepaid?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least feeAmount */
  feeAmount?: Maybe<Scalars['Int']['output']>;
  /** least outstanding */
  outstanding?: Maybe<Scalars['Int']['output']>;
  /** least repaidAt */
  repaidAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of PoFinancing columns over the rows (null when no row has a value) */
export type PoFinancingAggregateSum = {
  __typename?: 'PoFinancingAggregateSum';
  /** sum of amount (an exact integer; Float because a sum may pass 32 bits) */
  amount?: Maybe<Scalars['Float']['output']>;
  /** sum of amountRepaid (an exact integer; Float because a sum may pass 32 bits) */
  amountRepaid?: Maybe<Scalars['Float']['output']>;
  /** sum of feeAmount (an exact integer; Float because a sum may pass 32 bits) */
  feeAmount?: Maybe<Scalars['Float']['output']>;
  /** sum of outstanding (an exact integer; Float because a sum may pass 32 bits) */
  outstanding?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter PoFinancing rows (Hasura style) */
export type PoFinancingBoolExp = {
  _and?: InputMaybe<Array<PoFinancingBoolExp>>;
  _not?: InputMaybe<PoFinancingBoolExp>;
  _or?: InputMaybe<Array<PoFinancingBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  amountRepaid?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  feeAmount?: InputMaybe<IntComparisonExp>;
  feeRate?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  outstanding?: InputMaybe<IntComparisonExp>;
  purchaseOrder?: InputMaybe<JsonComparisonExp>;
  repaidAt?: InputMaybe<DateTimeComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  transactionHash?: InputMaybe<StringComparisonExp>;
  underwriting?: InputMaybe<JsonComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of PoFinancing rows; list several for tie-breaks */
export type PoFinancingOrderBy = {
  amount?: InputMaybe<OrderBy>;
  amountRepaid?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  feeAmount?: InputMaybe<OrderBy>;
  feeRate?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  outstanding?: InputMaybe<OrderBy>;
  repaidAt?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  transactionHash?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** A recurring price of a product: unitAmount (minor units of currency) every intervalCount intervals (day, week, month, year) */
export type Price = {
  __typename?: 'Price';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** day | week | month | year */
  interval: Scalars['String']['output'];
  intervalCount: Scalars['Int']['output'];
  metadata: Scalars['JSON']['output'];
  product: Product;
  productId: Scalars['String']['output'];
  unitAmount: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Price rows a filter matches (of the caller's account and mode) */
export type PriceAggregate = {
  __typename?: 'PriceAggregate';
  avg: PriceAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<PriceAggregateGroup>;
  max: PriceAggregateMax;
  min: PriceAggregateMin;
  sum: PriceAggregateSum;
};


/** Aggregates of the Price rows a filter matches (of the caller's account and mode) */
export type PriceAggregateGroupsArgs = {
  by: Array<PriceAggregateGroupBy>;
};

/** Averages of Price columns over the rows (null when no row has a value) */
export type PriceAggregateAvg = {
  __typename?: 'PriceAggregateAvg';
  /** average of intervalCount */
  intervalCount?: Maybe<Scalars['Float']['output']>;
  /** average of unitAmount */
  unitAmount?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Price rows */
export type PriceAggregateGroup = {
  __typename?: 'PriceAggregateGroup';
  avg: PriceAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: PriceAggregateGroupKeys;
  max: PriceAggregateMax;
  min: PriceAggregateMin;
  sum: PriceAggregateSum;
};

/** Columns of Price to group by */
export type PriceAggregateGroupBy =
  | 'active'
  | 'currency'
  | 'interval'
  | 'productId';

/** The values of the grouped columns of a group of Price rows (null for a column not grouped by, or a null value) */
export type PriceAggregateGroupKeys = {
  __typename?: 'PriceAggregateGroupKeys';
  active?: Maybe<Scalars['Boolean']['output']>;
  currency?: Maybe<Scalars['String']['output']>;
  interval?: Maybe<Scalars['String']['output']>;
  productId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Price columns over the rows (null when no row has a value) */
export type PriceAggregateMax = {
  __typename?: 'PriceAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest intervalCount */
  intervalCount?: Maybe<Scalars['Int']['output']>;
  /** greatest unitAmount */
  unitAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Price columns over the rows (null when no row has a value) */
export type PriceAggregateMin = {
  __typename?: 'PriceAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least intervalCount */
  intervalCount?: Maybe<Scalars['Int']['output']>;
  /** least unitAmount */
  unitAmount?: Maybe<Scalars['Int']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Price columns over the rows (null when no row has a value) */
export type PriceAggregateSum = {
  __typename?: 'PriceAggregateSum';
  /** sum of intervalCount (an exact integer; Float because a sum may pass 32 bits) */
  intervalCount?: Maybe<Scalars['Float']['output']>;
  /** sum of unitAmount (an exact integer; Float because a sum may pass 32 bits) */
  unitAmount?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Price rows (Hasura style) */
export type PriceBoolExp = {
  _and?: InputMaybe<Array<PriceBoolExp>>;
  _not?: InputMaybe<PriceBoolExp>;
  _or?: InputMaybe<Array<PriceBoolExp>>;
  active?: InputMaybe<BooleanComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  interval?: InputMaybe<StringComparisonExp>;
  intervalCount?: InputMaybe<IntComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  product?: InputMaybe<ProductBoolExp>;
  productId?: InputMaybe<StringComparisonExp>;
  /** matches when any subscriptionItems matches */
  subscriptionItems?: InputMaybe<SubscriptionItemBoolExp>;
  unitAmount?: InputMaybe<IntComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Price rows; list several for tie-breaks */
export type PriceOrderBy = {
  active?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  interval?: InputMaybe<OrderBy>;
  intervalCount?: InputMaybe<OrderBy>;
  product?: InputMaybe<ProductOrderBy>;
  productId?: InputMaybe<OrderBy>;
  unitAmount?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** An item the merchant sells */
export type Product = {
  __typename?: 'Product';
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  name: Scalars['String']['output'];
  /** unit price in minor units of currency */
  price: Scalars['Int']['output'];
  sku?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Product rows a filter matches (of the caller's account and mode) */
export type ProductAggregate = {
  __typename?: 'ProductAggregate';
  avg: ProductAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<ProductAggregateGroup>;
  max: ProductAggregateMax;
  min: ProductAggregateMin;
  sum: ProductAggregateSum;
};


/** Aggregates of the Product rows a filter matches (of the caller's account and mode) */
export type ProductAggregateGroupsArgs = {
  by: Array<ProductAggregateGroupBy>;
};

/** Averages of Product columns over the rows (null when no row has a value) */
export type ProductAggregateAvg = {
  __typename?: 'ProductAggregateAvg';
  /** average of price */
  price?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Product rows */
export type ProductAggregateGroup = {
  __typename?: 'ProductAggregateGroup';
  avg: ProductAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: ProductAggregateGroupKeys;
  max: ProductAggregateMax;
  min: ProductAggregateMin;
  sum: ProductAggregateSum;
};

/** Columns of Product to group by */
export type ProductAggregateGroupBy =
  | 'active'
  | 'currency'
  | 'description'
  | 'name'
  | 'sku';

/** The values of the grouped columns of a group of Product rows (null for a column not grouped by, or a null value) */
export type ProductAggregateGroupKeys = {
  __typename?: 'ProductAggregateGroupKeys';
  active?: Maybe<Scalars['Boolean']['output']>;
  currency?: Maybe<Scalars['String']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  sku?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Product columns over the rows (null when no row has a value) */
export type ProductAggregateMax = {
  __typename?: 'ProductAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest price */
  price?: Maybe<Scalars['Int']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Product columns over the rows (null when no row has a value) */
export type ProductAggregateMin = {
  __typename?: 'ProductAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least price */
  price?: Maybe<Scalars['Int']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Product columns over the rows (null when no row has a value) */
export type ProductAggregateSum = {
  __typename?: 'ProductAggregateSum';
  /** sum of price (an exact integer; Float because a sum may pass 32 bits) */
  price?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Product rows (Hasura style) */
export type ProductBoolExp = {
  _and?: InputMaybe<Array<ProductBoolExp>>;
  _not?: InputMaybe<ProductBoolExp>;
  _or?: InputMaybe<Array<ProductBoolExp>>;
  active?: InputMaybe<BooleanComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  description?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any inventoryItems matches */
  inventoryItems?: InputMaybe<InventoryItemBoolExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  /** matches when any orderItems matches */
  orderItems?: InputMaybe<OrderItemBoolExp>;
  price?: InputMaybe<IntComparisonExp>;
  /** matches when any prices matches */
  prices?: InputMaybe<PriceBoolExp>;
  sku?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Product rows; list several for tie-breaks */
export type ProductOrderBy = {
  active?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  description?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  price?: InputMaybe<OrderBy>;
  sku?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** Any wallet of the same mode, read-only: readable with a publishable key */
export type PublicBalance = {
  __typename?: 'PublicBalance';
  address: Scalars['String']['output'];
  balance: Scalars['String']['output'];
  currency: Scalars['String']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** The account's balances in the key's mode (GET /v1/account/balance) */
  accountBalance: AccountBalance;
  /** The caller's connected accounts, newest first (accounts:read); limit at most 100 */
  accounts: Array<ConnectedAccount>;
  agent?: Maybe<Agent>;
  /** An agent's executions, newest first (agents:read) */
  agentActivity: Array<AgentExecution>;
  /** Agent rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  agents: Array<Agent>;
  /** Aggregates of Agent rows of the caller's account and mode (permission agents:read or analytics:read); `where` as in `agents`. Costs as analytics in the rate limits. */
  agentsAggregate: AgentAggregate;
  complianceCheckRecord?: Maybe<ComplianceCheck>;
  /** ComplianceCheck rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  complianceChecks: Array<ComplianceCheck>;
  /** Aggregates of ComplianceCheck rows of the caller's account and mode (permission global:read or analytics:read); `where` as in `complianceChecks`. Costs as analytics in the rate limits. */
  complianceChecksAggregate: ComplianceCheckAggregate;
  /** The sanctions lists loaded for the key's mode, as GET /v1/global/compliance/lists (global:read) */
  complianceLists: Array<SanctionsList>;
  customer?: Maybe<Customer>;
  /** Customer rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  customers: Array<Customer>;
  /** Aggregates of Customer rows of the caller's account and mode (permission customers:read or analytics:read); `where` as in `customers`. Costs as analytics in the rate limits. */
  customersAggregate: CustomerAggregate;
  /** The industry packs of the decision service (REST: GET /api/svc/catalog) */
  decisionCatalog: Array<DecisionPack>;
  /** The recorded status of a run, to the key that made it (REST: GET /api/svc/requests/{idempotencyKey}); no inference */
  decisionRequest: DecisionRequest;
  /** Financing offers computed by the finance pack from the account's ledger; currency: the account's default, else its largest 90-day volume, else usd */
  financeOptions: FinanceOptions;
  /** A currency conversion quote, as GET /v1/global/fx/quote (global:read) */
  fxQuote: FxQuote;
  inventoryItem?: Maybe<InventoryItem>;
  /** InventoryItem rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  inventoryItems: Array<InventoryItem>;
  /** Aggregates of InventoryItem rows of the caller's account and mode (permission inventory:read or analytics:read); `where` as in `inventoryItems`. Costs as analytics in the rate limits. */
  inventoryItemsAggregate: InventoryItemAggregate;
  invoice?: Maybe<Invoice>;
  invoiceFactoring?: Maybe<InvoiceFactoring>;
  /** InvoiceFactoring rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  invoiceFactorings: Array<InvoiceFactoring>;
  /** Aggregates of InvoiceFactoring rows of the caller's account and mode (permission finance:read or analytics:read); `where` as in `invoiceFactorings`. Costs as analytics in the rate limits. */
  invoiceFactoringsAggregate: InvoiceFactoringAggregate;
  /** Invoice rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  invoices: Array<Invoice>;
  /** Aggregates of Invoice rows of the caller's account and mode (permission invoices:read or analytics:read); `where` as in `invoices`. Costs as analytics in the rate limits. */
  invoicesAggregate: InvoiceAggregate;
  ledgerTransaction?: Maybe<LedgerTransaction>;
  /** LedgerTransaction rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  ledgerTransactions: Array<LedgerTransaction>;
  /** Aggregates of LedgerTransaction rows of the caller's account and mode (permission transactions:read or analytics:read); `where` as in `ledgerTransactions`. Costs as analytics in the rate limits. */
  ledgerTransactionsAggregate: LedgerTransactionAggregate;
  loan?: Maybe<Loan>;
  /** Loan rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  loans: Array<Loan>;
  /** Aggregates of Loan rows of the caller's account and mode (permission finance:read or analytics:read); `where` as in `loans`. Costs as analytics in the rate limits. */
  loansAggregate: LoanAggregate;
  order?: Maybe<Order>;
  /** Order rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  orders: Array<Order>;
  /** Aggregates of Order rows of the caller's account and mode (permission orders:read or analytics:read); `where` as in `orders`. Costs as analytics in the rate limits. */
  ordersAggregate: OrderAggregate;
  payment?: Maybe<Payment>;
  /** Payment rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  payments: Array<Payment>;
  /** Aggregates of Payment rows of the caller's account and mode (permission payments:read or analytics:read); `where` as in `payments`. Costs as analytics in the rate limits. */
  paymentsAggregate: PaymentAggregate;
  poFinancing?: Maybe<PoFinancing>;
  /** PoFinancing rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  poFinancings: Array<PoFinancing>;
  /** Aggregates of PoFinancing rows of the caller's account and mode (permission finance:read or analytics:read); `where` as in `poFinancings`. Costs as analytics in the rate limits. */
  poFinancingsAggregate: PoFinancingAggregate;
  price?: Maybe<Price>;
  /** Price rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  prices: Array<Price>;
  /** Aggregates of Price rows of the caller's account and mode (permission prices:read or analytics:read); `where` as in `prices`. Costs as analytics in the rate limits. */
  pricesAggregate: PriceAggregate;
  product?: Maybe<Product>;
  /** Product rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  products: Array<Product>;
  /** Aggregates of Product rows of the caller's account and mode (permission products:read or analytics:read); `where` as in `products`. Costs as analytics in the rate limits. */
  productsAggregate: ProductAggregate;
  publicBalance: PublicBalance;
  refund?: Maybe<Refund>;
  /** Refund rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  refunds: Array<Refund>;
  /** Aggregates of Refund rows of the caller's account and mode (permission payments:read or analytics:read); `where` as in `refunds`. Costs as analytics in the rate limits. */
  refundsAggregate: RefundAggregate;
  return?: Maybe<Return>;
  /** Return rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  returns: Array<Return>;
  /** Aggregates of Return rows of the caller's account and mode (permission returns:read or analytics:read); `where` as in `returns`. Costs as analytics in the rate limits. */
  returnsAggregate: ReturnAggregate;
  /** Search across resources (typo-tolerant, facets, highlights, suggestions), as POST /v1/search */
  search: SearchResults;
  /** Shipping quotes, as POST /v1/global/shipping/quote (global:read) */
  shippingQuote: ShippingQuote;
  stablecoinBalance: StablecoinBalance;
  /** A redemption of the caller's account and mode by id (as GET /v1/stablecoin/redemptions/{id}, stablecoin:read); null when there is none */
  stablecoinRedemption?: Maybe<StablecoinRedemption>;
  subscription?: Maybe<CustomerSubscription>;
  /** Subscription rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  subscriptions: Array<CustomerSubscription>;
  /** Aggregates of Subscription rows of the caller's account and mode (permission subscriptions:read or analytics:read); `where` as in `subscriptions`. Costs as analytics in the rate limits. */
  subscriptionsAggregate: SubscriptionAggregate;
  /** Tax on an amount, as GET /v1/global/tax/calculate (global:read) */
  taxCalculation: TaxCalculation;
  testClock?: Maybe<TestClock>;
  /** Test clocks of the caller's account (test mode only; live keys: 404) */
  testClocks: Array<TestClock>;
  /** An endpoint's deliveries, newest first unless order_by says otherwise; limit at most 100 */
  webhookDeliveries: Array<WebhookDelivery>;
  webhookEndpoint?: Maybe<WebhookEndpoint>;
  /** WebhookEndpoint rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  webhookEndpoints: Array<WebhookEndpoint>;
  /** Aggregates of WebhookEndpoint rows of the caller's account and mode (permission webhooks:read or analytics:read); `where` as in `webhookEndpoints`. Costs as analytics in the rate limits. */
  webhookEndpointsAggregate: WebhookEndpointAggregate;
};


export type QueryAccountsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  startingAfter?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryAgentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryAgentActivityArgs = {
  agentId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  operation?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAgentsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<AgentOrderBy>>;
  where?: InputMaybe<AgentBoolExp>;
};


export type QueryAgentsAggregateArgs = {
  where?: InputMaybe<AgentBoolExp>;
};


export type QueryComplianceCheckRecordArgs = {
  id: Scalars['ID']['input'];
};


export type QueryComplianceChecksArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<ComplianceCheckOrderBy>>;
  where?: InputMaybe<ComplianceCheckBoolExp>;
};


export type QueryComplianceChecksAggregateArgs = {
  where?: InputMaybe<ComplianceCheckBoolExp>;
};


export type QueryCustomerArgs = {
  id: Scalars['ID']['input'];
};


export type QueryCustomersArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<CustomerOrderBy>>;
  where?: InputMaybe<CustomerBoolExp>;
};


export type QueryCustomersAggregateArgs = {
  where?: InputMaybe<CustomerBoolExp>;
};


export type QueryDecisionRequestArgs = {
  idempotencyKey: Scalars['String']['input'];
};


export type QueryFinanceOptionsArgs = {
  currency?: InputMaybe<Scalars['String']['input']>;
};


export type QueryFxQuoteArgs = {
  amount: Scalars['Int']['input'];
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};


export type QueryInventoryItemArgs = {
  id: Scalars['ID']['input'];
};


export type QueryInventoryItemsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<InventoryItemOrderBy>>;
  where?: InputMaybe<InventoryItemBoolExp>;
};


export type QueryInventoryItemsAggregateArgs = {
  where?: InputMaybe<InventoryItemBoolExp>;
};


export type QueryInvoiceArgs = {
  id: Scalars['ID']['input'];
};


export type QueryInvoiceFactoringArgs = {
  id: Scalars['ID']['input'];
};


export type QueryInvoiceFactoringsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<InvoiceFactoringOrderBy>>;
  where?: InputMaybe<InvoiceFactoringBoolExp>;
};


export type QueryInvoiceFactoringsAggregateArgs = {
  where?: InputMaybe<InvoiceFactoringBoolExp>;
};


export type QueryInvoicesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<InvoiceOrderBy>>;
  where?: InputMaybe<InvoiceBoolExp>;
};


export type QueryInvoicesAggregateArgs = {
  where?: InputMaybe<InvoiceBoolExp>;
};


export type QueryLedgerTransactionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryLedgerTransactionsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<LedgerTransactionOrderBy>>;
  where?: InputMaybe<LedgerTransactionBoolExp>;
};


export type QueryLedgerTransactionsAggregateArgs = {
  where?: InputMaybe<LedgerTransactionBoolExp>;
};


export type QueryLoanArgs = {
  id: Scalars['ID']['input'];
};


export type QueryLoansArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<LoanOrderBy>>;
  where?: InputMaybe<LoanBoolExp>;
};


export type QueryLoansAggregateArgs = {
  where?: InputMaybe<LoanBoolExp>;
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOrdersArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<OrderOrderBy>>;
  where?: InputMaybe<OrderBoolExp>;
};


export type QueryOrdersAggregateArgs = {
  where?: InputMaybe<OrderBoolExp>;
};


export type QueryPaymentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPaymentsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<PaymentOrderBy>>;
  where?: InputMaybe<PaymentBoolExp>;
};


export type QueryPaymentsAggregateArgs = {
  where?: InputMaybe<PaymentBoolExp>;
};


export type QueryPoFinancingArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPoFinancingsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<PoFinancingOrderBy>>;
  where?: InputMaybe<PoFinancingBoolExp>;
};


export type QueryPoFinancingsAggregateArgs = {
  where?: InputMaybe<PoFinancingBoolExp>;
};


export type QueryPriceArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPricesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<PriceOrderBy>>;
  where?: InputMaybe<PriceBoolExp>;
};


export type QueryPricesAggregateArgs = {
  where?: InputMaybe<PriceBoolExp>;
};


export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


export type QueryProductsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<ProductOrderBy>>;
  where?: InputMaybe<ProductBoolExp>;
};


export type QueryProductsAggregateArgs = {
  where?: InputMaybe<ProductBoolExp>;
};


export type QueryPublicBalanceArgs = {
  address: Scalars['String']['input'];
};


export type QueryRefundArgs = {
  id: Scalars['ID']['input'];
};


export type QueryRefundsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<RefundOrderBy>>;
  where?: InputMaybe<RefundBoolExp>;
};


export type QueryRefundsAggregateArgs = {
  where?: InputMaybe<RefundBoolExp>;
};


export type QueryReturnArgs = {
  id: Scalars['ID']['input'];
};


export type QueryReturnsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<ReturnOrderBy>>;
  where?: InputMaybe<ReturnBoolExp>;
};


export type QueryReturnsAggregateArgs = {
  where?: InputMaybe<ReturnBoolExp>;
};


export type QuerySearchArgs = {
  facets?: InputMaybe<Array<Scalars['String']['input']>>;
  filters?: InputMaybe<SearchFiltersInput>;
  highlight?: InputMaybe<Scalars['Boolean']['input']>;
  pagination?: InputMaybe<SearchPaginationInput>;
  query: Scalars['String']['input'];
  resources?: InputMaybe<Array<Scalars['String']['input']>>;
  sort?: InputMaybe<SearchSortInput>;
  suggest?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryShippingQuoteArgs = {
  input: ShippingQuoteInput;
};


export type QueryStablecoinRedemptionArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySubscriptionArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySubscriptionsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<SubscriptionOrderBy>>;
  where?: InputMaybe<SubscriptionBoolExp>;
};


export type QuerySubscriptionsAggregateArgs = {
  where?: InputMaybe<SubscriptionBoolExp>;
};


export type QueryTaxCalculationArgs = {
  amount: Scalars['Int']['input'];
  country: Scalars['String']['input'];
  currency: Scalars['String']['input'];
  customerType?: InputMaybe<Scalars['String']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  region?: InputMaybe<Scalars['String']['input']>;
  sellerCountry?: InputMaybe<Scalars['String']['input']>;
  vatId?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTestClockArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTestClocksArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<TestClockOrderBy>>;
  where?: InputMaybe<TestClockBoolExp>;
};


export type QueryWebhookDeliveriesArgs = {
  endpoint: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<WebhookDeliveryOrderBy>>;
  where?: InputMaybe<WebhookDeliveryBoolExp>;
};


export type QueryWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookEndpointsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<WebhookEndpointOrderBy>>;
  where?: InputMaybe<WebhookEndpointBoolExp>;
};


export type QueryWebhookEndpointsAggregateArgs = {
  where?: InputMaybe<WebhookEndpointBoolExp>;
};

export type RedeemStablecoinInput = {
  /** Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
  amount: Scalars['String']['input'];
  bankAccount: Scalars['String']['input'];
};

/** Money returned from a payment, in minor units of its currency */
export type Refund = {
  __typename?: 'Refund';
  /** minor units of the payment's currency */
  amount: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  payment: Payment;
  paymentId: Scalars['String']['output'];
  reason?: Maybe<Scalars['String']['output']>;
  /** succeeded */
  status: Scalars['String']['output'];
  transactionHash: Scalars['String']['output'];
};

/** Aggregates of the Refund rows a filter matches (of the caller's account and mode) */
export type RefundAggregate = {
  __typename?: 'RefundAggregate';
  avg: RefundAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<RefundAggregateGroup>;
  max: RefundAggregateMax;
  min: RefundAggregateMin;
  sum: RefundAggregateSum;
};


/** Aggregates of the Refund rows a filter matches (of the caller's account and mode) */
export type RefundAggregateGroupsArgs = {
  by: Array<RefundAggregateGroupBy>;
};

/** Averages of Refund columns over the rows (null when no row has a value) */
export type RefundAggregateAvg = {
  __typename?: 'RefundAggregateAvg';
  /** average of amount */
  amount?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Refund rows */
export type RefundAggregateGroup = {
  __typename?: 'RefundAggregateGroup';
  avg: RefundAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: RefundAggregateGroupKeys;
  max: RefundAggregateMax;
  min: RefundAggregateMin;
  sum: RefundAggregateSum;
};

/** Columns of Refund to group by */
export type RefundAggregateGroupBy =
  | 'currency'
  | 'paymentId'
  | 'reason'
  | 'status'
  | 'transactionHash';

/** The values of the grouped columns of a group of Refund rows (null for a column not grouped by, or a null value) */
export type RefundAggregateGroupKeys = {
  __typename?: 'RefundAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  paymentId?: Maybe<Scalars['String']['output']>;
  reason?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  transactionHash?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Refund columns over the rows (null when no row has a value) */
export type RefundAggregateMax = {
  __typename?: 'RefundAggregateMax';
  /** greatest amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Refund columns over the rows (null when no row has a value) */
export type RefundAggregateMin = {
  __typename?: 'RefundAggregateMin';
  /** least amount */
  amount?: Maybe<Scalars['Int']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Refund columns over the rows (null when no row has a value) */
export type RefundAggregateSum = {
  __typename?: 'RefundAggregateSum';
  /** sum of amount (an exact integer; Float because a sum may pass 32 bits) */
  amount?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Refund rows (Hasura style) */
export type RefundBoolExp = {
  _and?: InputMaybe<Array<RefundBoolExp>>;
  _not?: InputMaybe<RefundBoolExp>;
  _or?: InputMaybe<Array<RefundBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  payment?: InputMaybe<PaymentBoolExp>;
  paymentId?: InputMaybe<StringComparisonExp>;
  reason?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  transactionHash?: InputMaybe<StringComparisonExp>;
};

/** Ordering of Refund rows; list several for tie-breaks */
export type RefundOrderBy = {
  amount?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  payment?: InputMaybe<PaymentOrderBy>;
  paymentId?: InputMaybe<OrderBy>;
  reason?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  transactionHash?: InputMaybe<OrderBy>;
};

export type RefundPaymentInput = {
  amount?: InputMaybe<Scalars['Int']['input']>;
  payment: Scalars['String']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};

export type RejectReturnInput = {
  reason: Scalars['String']['input'];
};

export type ReleaseInventoryInput = {
  location?: InputMaybe<Scalars['String']['input']>;
  order?: InputMaybe<Scalars['String']['input']>;
  product: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
};

export type RepayPurchaseOrderInput = {
  amount: Scalars['Int']['input'];
};

export type ReserveInventoryInput = {
  location?: InputMaybe<Scalars['String']['input']>;
  order?: InputMaybe<Scalars['String']['input']>;
  product: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
};

/** A return of items of a shipped or delivered order: requested -> approved | rejected, approved -> received -> processed. refundAmount (minor units of currency) is refunded when it is processed; refundId is the (first) refund made then, null when the order had no payment left to refund. */
export type Return = {
  __typename?: 'Return';
  approvedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  items: Array<ReturnItem>;
  metadata: Scalars['JSON']['output'];
  note?: Maybe<Scalars['String']['output']>;
  order: Order;
  orderId: Scalars['String']['output'];
  processedAt?: Maybe<Scalars['DateTime']['output']>;
  receivedAt?: Maybe<Scalars['DateTime']['output']>;
  refundAmount: Scalars['Int']['output'];
  refundId?: Maybe<Scalars['String']['output']>;
  rejectedAt?: Maybe<Scalars['DateTime']['output']>;
  rejectionReason?: Maybe<Scalars['String']['output']>;
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Aggregates of the Return rows a filter matches (of the caller's account and mode) */
export type ReturnAggregate = {
  __typename?: 'ReturnAggregate';
  avg: ReturnAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<ReturnAggregateGroup>;
  max: ReturnAggregateMax;
  min: ReturnAggregateMin;
  sum: ReturnAggregateSum;
};


/** Aggregates of the Return rows a filter matches (of the caller's account and mode) */
export type ReturnAggregateGroupsArgs = {
  by: Array<ReturnAggregateGroupBy>;
};

/** Averages of Return columns over the rows (null when no row has a value) */
export type ReturnAggregateAvg = {
  __typename?: 'ReturnAggregateAvg';
  /** average of refundAmount */
  refundAmount?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Return rows */
export type ReturnAggregateGroup = {
  __typename?: 'ReturnAggregateGroup';
  avg: ReturnAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: ReturnAggregateGroupKeys;
  max: ReturnAggregateMax;
  min: ReturnAggregateMin;
  sum: ReturnAggregateSum;
};

/** Columns of Return to group by */
export type ReturnAggregateGroupBy =
  | 'currency'
  | 'note'
  | 'orderId'
  | 'refundId'
  | 'rejectionReason'
  | 'status';

/** The values of the grouped columns of a group of Return rows (null for a column not grouped by, or a null value) */
export type ReturnAggregateGroupKeys = {
  __typename?: 'ReturnAggregateGroupKeys';
  currency?: Maybe<Scalars['String']['output']>;
  note?: Maybe<Scalars['String']['output']>;
  orderId?: Maybe<Scalars['String']['output']>;
  refundId?: Maybe<Scalars['String']['output']>;
  rejectionReason?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Return columns over the rows (null when no row has a value) */
export type ReturnAggregateMax = {
  __typename?: 'ReturnAggregateMax';
  /** greatest approvedAt */
  approvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest processedAt */
  processedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest receivedAt */
  receivedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest refundAmount */
  refundAmount?: Maybe<Scalars['Int']['output']>;
  /** greatest rejectedAt */
  rejectedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Return columns over the rows (null when no row has a value) */
export type ReturnAggregateMin = {
  __typename?: 'ReturnAggregateMin';
  /** least approvedAt */
  approvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least processedAt */
  processedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least receivedAt */
  receivedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least refundAmount */
  refundAmount?: Maybe<Scalars['Int']['output']>;
  /** least rejectedAt */
  rejectedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Return columns over the rows (null when no row has a value) */
export type ReturnAggregateSum = {
  __typename?: 'ReturnAggregateSum';
  /** sum of refundAmount (an exact integer; Float because a sum may pass 32 bits) */
  refundAmount?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Return rows (Hasura style) */
export type ReturnBoolExp = {
  _and?: InputMaybe<Array<ReturnBoolExp>>;
  _not?: InputMaybe<ReturnBoolExp>;
  _or?: InputMaybe<Array<ReturnBoolExp>>;
  approvedAt?: InputMaybe<DateTimeComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any items matches */
  items?: InputMaybe<ReturnItemBoolExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  note?: InputMaybe<StringComparisonExp>;
  order?: InputMaybe<OrderBoolExp>;
  orderId?: InputMaybe<StringComparisonExp>;
  processedAt?: InputMaybe<DateTimeComparisonExp>;
  receivedAt?: InputMaybe<DateTimeComparisonExp>;
  refundAmount?: InputMaybe<IntComparisonExp>;
  refundId?: InputMaybe<StringComparisonExp>;
  rejectedAt?: InputMaybe<DateTimeComparisonExp>;
  rejectionReason?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** A line of a return: quantity of one order item, at its unit amount */
export type ReturnItem = {
  __typename?: 'ReturnItem';
  amount: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  orderItem: OrderItem;
  orderItemId: Scalars['String']['output'];
  position: Scalars['Int']['output'];
  quantity: Scalars['Int']['output'];
  reason: Scalars['String']['output'];
  returnId: Scalars['String']['output'];
  unitAmount: Scalars['Int']['output'];
};

/** Boolean expression to filter ReturnItem rows (Hasura style) */
export type ReturnItemBoolExp = {
  _and?: InputMaybe<Array<ReturnItemBoolExp>>;
  _not?: InputMaybe<ReturnItemBoolExp>;
  _or?: InputMaybe<Array<ReturnItemBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  orderItem?: InputMaybe<OrderItemBoolExp>;
  orderItemId?: InputMaybe<StringComparisonExp>;
  position?: InputMaybe<IntComparisonExp>;
  quantity?: InputMaybe<IntComparisonExp>;
  reason?: InputMaybe<StringComparisonExp>;
  return?: InputMaybe<ReturnBoolExp>;
  returnId?: InputMaybe<StringComparisonExp>;
  unitAmount?: InputMaybe<IntComparisonExp>;
};

/** Ordering of Return rows; list several for tie-breaks */
export type ReturnOrderBy = {
  approvedAt?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  note?: InputMaybe<OrderBy>;
  order?: InputMaybe<OrderOrderBy>;
  orderId?: InputMaybe<OrderBy>;
  processedAt?: InputMaybe<OrderBy>;
  receivedAt?: InputMaybe<OrderBy>;
  refundAmount?: InputMaybe<OrderBy>;
  refundId?: InputMaybe<OrderBy>;
  rejectedAt?: InputMaybe<OrderBy>;
  rejectionReason?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

export type RotateWebhookSecretInput = {
  expiresInSeconds?: InputMaybe<Scalars['Int']['input']>;
};

export type RunDecisionInput = {
  industry: Scalars['String']['input'];
  message?: InputMaybe<Scalars['String']['input']>;
  scenario: Scalars['String']['input'];
};

export type SanctionsList = {
  __typename?: 'SanctionsList';
  asOf: Scalars['Int']['output'];
  entries: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  test: Scalars['Boolean']['output'];
};

export type SearchDateRangeInput = {
  /** created (default) or updated */
  field?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 */
  from?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 */
  to?: InputMaybe<Scalars['String']['input']>;
};

export type SearchFiltersInput = {
  /** metadata key -> value (or a list of values) */
  customFields?: InputMaybe<Scalars['JSON']['input']>;
  dateRange?: InputMaybe<SearchDateRangeInput>;
  status?: InputMaybe<Array<Scalars['String']['input']>>;
  /** each must be among the comma-separated metadata.tags */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type SearchPaginationInput = {
  page?: InputMaybe<Scalars['Int']['input']>;
  /** at most 100 */
  perPage?: InputMaybe<Scalars['Int']['input']>;
};

/** One match: the resource as REST shows it */
export type SearchResultItem = {
  __typename?: 'SearchResultItem';
  data: Scalars['JSON']['output'];
  highlights?: Maybe<Scalars['JSON']['output']>;
  id: Scalars['ID']['output'];
  resourceType: Scalars['String']['output'];
  score: Scalars['Float']['output'];
};

/** The answer of a search (POST /v1/search in camelCase) */
export type SearchResults = {
  __typename?: 'SearchResults';
  facets: Scalars['JSON']['output'];
  page: Scalars['Int']['output'];
  perPage: Scalars['Int']['output'];
  queryTimeMs: Scalars['Float']['output'];
  results: Array<SearchResultItem>;
  suggestions: Array<SearchSuggestion>;
  totalResults: Scalars['Int']['output'];
};

export type SearchSortInput = {
  field: Scalars['String']['input'];
  /** asc or desc */
  order?: InputMaybe<Scalars['String']['input']>;
};

export type SearchSuggestion = {
  __typename?: 'SearchSuggestion';
  score: Scalars['Float']['output'];
  text: Scalars['String']['output'];
};

export type ShippingParcelInput = {
  heightCm?: InputMaybe<Scalars['Float']['input']>;
  /** lengthCm, widthCm and heightCm: all three (a dimensional weight) or none */
  lengthCm?: InputMaybe<Scalars['Float']['input']>;
  weightGrams: Scalars['Int']['input'];
  widthCm?: InputMaybe<Scalars['Float']['input']>;
};

export type ShippingPlaceInput = {
  country: Scalars['String']['input'];
  /** echoed, not used for zoning */
  postalCode?: InputMaybe<Scalars['String']['input']>;
};

/** Shipping quotes, cheapest first (POST /v1/global/shipping/quote) */
export type ShippingQuote = {
  __typename?: 'ShippingQuote';
  quotes: Array<ShippingRate>;
  ratesSource: Scalars['String']['output'];
  zone: Scalars['String']['output'];
};

export type ShippingQuoteInput = {
  from: ShippingPlaceInput;
  parcels: Array<ShippingParcelInput>;
  services?: InputMaybe<Array<Scalars['String']['input']>>;
  to: ShippingPlaceInput;
};

export type ShippingRate = {
  __typename?: 'ShippingRate';
  amount: Scalars['Int']['output'];
  billableWeightGrams: Scalars['Int']['output'];
  carrier: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  estimatedDays: Scalars['Int']['output'];
  service: Scalars['String']['output'];
};

/** The account's wallet in the key's mode; balance and totalSupply are decimal strings */
export type StablecoinBalance = {
  __typename?: 'StablecoinBalance';
  address: Scalars['String']['output'];
  balance: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  livemode: Scalars['Boolean']['output'];
  totalSupply: Scalars['String']['output'];
};

/** Coins minted to a wallet; amount is a decimal string */
export type StablecoinIssuance = {
  __typename?: 'StablecoinIssuance';
  amount: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  livemode: Scalars['Boolean']['output'];
  recipient: Scalars['String']['output'];
  status: Scalars['String']['output'];
  transactionHash: Scalars['String']['output'];
};

/** Coins burnt from the wallet and paid out to a bank account; status processing until the payout completes, then succeeded; bankAccount shows the last four characters only */
export type StablecoinRedemption = {
  __typename?: 'StablecoinRedemption';
  amount: Scalars['String']['output'];
  /** the bank account as shown: masked to its last four characters */
  bankAccount: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  livemode: Scalars['Boolean']['output'];
  /** processing (coin burnt, bank payout in flight) | succeeded (paid out) */
  status: Scalars['String']['output'];
  /** the ledger transaction that burnt the coin (at redemption; the payout moves no coin) */
  transactionHash: Scalars['String']['output'];
};

/** Coins moved from the wallet to another wallet on this platform */
export type StablecoinTransfer = {
  __typename?: 'StablecoinTransfer';
  amount: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  from: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  livemode: Scalars['Boolean']['output'];
  status: Scalars['String']['output'];
  to: Scalars['String']['output'];
  transactionHash: Scalars['String']['output'];
};

/** Comparison operators on String fields */
export type StringComparisonExp = {
  _eq?: InputMaybe<Scalars['String']['input']>;
  _gt?: InputMaybe<Scalars['String']['input']>;
  _gte?: InputMaybe<Scalars['String']['input']>;
  /** _like, case-insensitive */
  _ilike?: InputMaybe<Scalars['String']['input']>;
  _in?: InputMaybe<Array<Scalars['String']['input']>>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
  /** SQL LIKE: a literal, 'prefix%', '%suffix' or '%infix%' */
  _like?: InputMaybe<Scalars['String']['input']>;
  _lt?: InputMaybe<Scalars['String']['input']>;
  _lte?: InputMaybe<Scalars['String']['input']>;
  _ne?: InputMaybe<Scalars['String']['input']>;
  /** Hasura spelling of _ne */
  _neq?: InputMaybe<Scalars['String']['input']>;
  _nin?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Events of your account and mode as they commit, and of its connected accounts (marked `account`) (needs events:read); `types` filters (`order.*` and `*` allowed) */
  events: Event;
  /** The order after each change that leaves it matching `where` */
  orderUpdated?: Maybe<Order>;
};


export type SubscriptionEventsArgs = {
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type SubscriptionOrderUpdatedArgs = {
  where?: InputMaybe<OrderBoolExp>;
};

/** Aggregates of the Subscription rows a filter matches (of the caller's account and mode) */
export type SubscriptionAggregate = {
  __typename?: 'SubscriptionAggregate';
  avg: SubscriptionAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<SubscriptionAggregateGroup>;
  max: SubscriptionAggregateMax;
  min: SubscriptionAggregateMin;
  sum: SubscriptionAggregateSum;
};


/** Aggregates of the Subscription rows a filter matches (of the caller's account and mode) */
export type SubscriptionAggregateGroupsArgs = {
  by: Array<SubscriptionAggregateGroupBy>;
};

/** Averages of Subscription columns over the rows (null when no row has a value) */
export type SubscriptionAggregateAvg = {
  __typename?: 'SubscriptionAggregateAvg';
  /** average of intervalCount */
  intervalCount?: Maybe<Scalars['Float']['output']>;
  /** average of paymentAttempts */
  paymentAttempts?: Maybe<Scalars['Float']['output']>;
};

/** Aggregates of one group of Subscription rows */
export type SubscriptionAggregateGroup = {
  __typename?: 'SubscriptionAggregateGroup';
  avg: SubscriptionAggregateAvg;
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: SubscriptionAggregateGroupKeys;
  max: SubscriptionAggregateMax;
  min: SubscriptionAggregateMin;
  sum: SubscriptionAggregateSum;
};

/** Columns of Subscription to group by */
export type SubscriptionAggregateGroupBy =
  | 'cancelAtPeriodEnd'
  | 'currency'
  | 'customerId'
  | 'interval'
  | 'latestInvoiceId'
  | 'paymentMethod'
  | 'status'
  | 'testClockId';

/** The values of the grouped columns of a group of Subscription rows (null for a column not grouped by, or a null value) */
export type SubscriptionAggregateGroupKeys = {
  __typename?: 'SubscriptionAggregateGroupKeys';
  cancelAtPeriodEnd?: Maybe<Scalars['Boolean']['output']>;
  currency?: Maybe<Scalars['String']['output']>;
  customerId?: Maybe<Scalars['String']['output']>;
  interval?: Maybe<Scalars['String']['output']>;
  latestInvoiceId?: Maybe<Scalars['String']['output']>;
  paymentMethod?: Maybe<Scalars['String']['output']>;
  status?: Maybe<Scalars['String']['output']>;
  testClockId?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of Subscription columns over the rows (null when no row has a value) */
export type SubscriptionAggregateMax = {
  __typename?: 'SubscriptionAggregateMax';
  /** greatest billingCycleAnchor */
  billingCycleAnchor?: Maybe<Scalars['DateTime']['output']>;
  /** greatest canceledAt */
  canceledAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest currentPeriodEnd */
  currentPeriodEnd?: Maybe<Scalars['DateTime']['output']>;
  /** greatest currentPeriodStart */
  currentPeriodStart?: Maybe<Scalars['DateTime']['output']>;
  /** greatest endedAt */
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest intervalCount */
  intervalCount?: Maybe<Scalars['Int']['output']>;
  /** greatest nextPaymentAttempt */
  nextPaymentAttempt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest paymentAttempts */
  paymentAttempts?: Maybe<Scalars['Int']['output']>;
  /** greatest trialEnd */
  trialEnd?: Maybe<Scalars['DateTime']['output']>;
  /** greatest trialStart */
  trialStart?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of Subscription columns over the rows (null when no row has a value) */
export type SubscriptionAggregateMin = {
  __typename?: 'SubscriptionAggregateMin';
  /** least billingCycleAnchor */
  billingCycleAnchor?: Maybe<Scalars['DateTime']['output']>;
  /** least canceledAt */
  canceledAt?: Maybe<Scalars['DateTime']['output']>;
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least currentPeriodEnd */
  currentPeriodEnd?: Maybe<Scalars['DateTime']['output']>;
  /** least currentPeriodStart */
  currentPeriodStart?: Maybe<Scalars['DateTime']['output']>;
  /** least endedAt */
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  /** least intervalCount */
  intervalCount?: Maybe<Scalars['Int']['output']>;
  /** least nextPaymentAttempt */
  nextPaymentAttempt?: Maybe<Scalars['DateTime']['output']>;
  /** least paymentAttempts */
  paymentAttempts?: Maybe<Scalars['Int']['output']>;
  /** least trialEnd */
  trialEnd?: Maybe<Scalars['DateTime']['output']>;
  /** least trialStart */
  trialStart?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Sums of Subscription columns over the rows (null when no row has a value) */
export type SubscriptionAggregateSum = {
  __typename?: 'SubscriptionAggregateSum';
  /** sum of intervalCount (an exact integer; Float because a sum may pass 32 bits) */
  intervalCount?: Maybe<Scalars['Float']['output']>;
  /** sum of paymentAttempts (an exact integer; Float because a sum may pass 32 bits) */
  paymentAttempts?: Maybe<Scalars['Float']['output']>;
};

/** Boolean expression to filter Subscription rows (Hasura style) */
export type SubscriptionBoolExp = {
  _and?: InputMaybe<Array<SubscriptionBoolExp>>;
  _not?: InputMaybe<SubscriptionBoolExp>;
  _or?: InputMaybe<Array<SubscriptionBoolExp>>;
  billingCycleAnchor?: InputMaybe<DateTimeComparisonExp>;
  cancelAtPeriodEnd?: InputMaybe<BooleanComparisonExp>;
  canceledAt?: InputMaybe<DateTimeComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  currentPeriodEnd?: InputMaybe<DateTimeComparisonExp>;
  currentPeriodStart?: InputMaybe<DateTimeComparisonExp>;
  customer?: InputMaybe<CustomerBoolExp>;
  customerId?: InputMaybe<StringComparisonExp>;
  endedAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  interval?: InputMaybe<StringComparisonExp>;
  intervalCount?: InputMaybe<IntComparisonExp>;
  /** matches when any invoices matches */
  invoices?: InputMaybe<InvoiceBoolExp>;
  /** matches when any items matches */
  items?: InputMaybe<SubscriptionItemBoolExp>;
  latestInvoice?: InputMaybe<InvoiceBoolExp>;
  latestInvoiceId?: InputMaybe<StringComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  nextPaymentAttempt?: InputMaybe<DateTimeComparisonExp>;
  paymentAttempts?: InputMaybe<IntComparisonExp>;
  paymentMethod?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  testClock?: InputMaybe<TestClockBoolExp>;
  testClockId?: InputMaybe<StringComparisonExp>;
  trialEnd?: InputMaybe<DateTimeComparisonExp>;
  trialStart?: InputMaybe<DateTimeComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** An item of a subscription: quantity x its price's unitAmount every period */
export type SubscriptionItem = {
  __typename?: 'SubscriptionItem';
  id: Scalars['ID']['output'];
  position: Scalars['Int']['output'];
  price: Price;
  priceId: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
  subscriptionId: Scalars['String']['output'];
};

/** Boolean expression to filter SubscriptionItem rows (Hasura style) */
export type SubscriptionItemBoolExp = {
  _and?: InputMaybe<Array<SubscriptionItemBoolExp>>;
  _not?: InputMaybe<SubscriptionItemBoolExp>;
  _or?: InputMaybe<Array<SubscriptionItemBoolExp>>;
  id?: InputMaybe<StringComparisonExp>;
  position?: InputMaybe<IntComparisonExp>;
  price?: InputMaybe<PriceBoolExp>;
  priceId?: InputMaybe<StringComparisonExp>;
  quantity?: InputMaybe<IntComparisonExp>;
  subscription?: InputMaybe<SubscriptionBoolExp>;
  subscriptionId?: InputMaybe<StringComparisonExp>;
};

/** Ordering of Subscription rows; list several for tie-breaks */
export type SubscriptionOrderBy = {
  billingCycleAnchor?: InputMaybe<OrderBy>;
  cancelAtPeriodEnd?: InputMaybe<OrderBy>;
  canceledAt?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  currentPeriodEnd?: InputMaybe<OrderBy>;
  currentPeriodStart?: InputMaybe<OrderBy>;
  customer?: InputMaybe<CustomerOrderBy>;
  customerId?: InputMaybe<OrderBy>;
  endedAt?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  interval?: InputMaybe<OrderBy>;
  intervalCount?: InputMaybe<OrderBy>;
  latestInvoice?: InputMaybe<InvoiceOrderBy>;
  latestInvoiceId?: InputMaybe<OrderBy>;
  nextPaymentAttempt?: InputMaybe<OrderBy>;
  paymentAttempts?: InputMaybe<OrderBy>;
  paymentMethod?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  testClock?: InputMaybe<TestClockOrderBy>;
  testClockId?: InputMaybe<OrderBy>;
  trialEnd?: InputMaybe<OrderBy>;
  trialStart?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** Tax on an amount (GET /v1/global/tax/calculate) */
export type TaxCalculation = {
  __typename?: 'TaxCalculation';
  amount: Scalars['Float']['output'];
  breakdown: Array<TaxLine>;
  country: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  customerType: Scalars['String']['output'];
  postalCode?: Maybe<Scalars['String']['output']>;
  /** decimal fraction, e.g. "0.19" */
  rate: Scalars['String']['output'];
  ratesAsOf?: Maybe<Scalars['Int']['output']>;
  ratesSource: Scalars['String']['output'];
  region?: Maybe<Scalars['String']['output']>;
  reverseCharge: Scalars['Boolean']['output'];
  sellerCountry: Scalars['String']['output'];
  taxAmount: Scalars['Float']['output'];
  vatId?: Maybe<Scalars['String']['output']>;
};

export type TaxLine = {
  __typename?: 'TaxLine';
  amount: Scalars['Int']['output'];
  jurisdiction: Scalars['String']['output'];
  rate: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

/** A test-mode clock: customers created on it, and their invoices, read frozenTime as now. status: ready, or advancing (to advancingTo). */
export type TestClock = {
  __typename?: 'TestClock';
  /** the time an advance moves the clock to; null when ready */
  advancingTo?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** the clock's time now (moves step by step while advancing) */
  frozenTime: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  name?: Maybe<Scalars['String']['output']>;
  /** ready | advancing */
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Boolean expression to filter TestClock rows (Hasura style) */
export type TestClockBoolExp = {
  _and?: InputMaybe<Array<TestClockBoolExp>>;
  _not?: InputMaybe<TestClockBoolExp>;
  _or?: InputMaybe<Array<TestClockBoolExp>>;
  advancingTo?: InputMaybe<DateTimeComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  /** matches when any customers matches */
  customers?: InputMaybe<CustomerBoolExp>;
  frozenTime?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any invoices matches */
  invoices?: InputMaybe<InvoiceBoolExp>;
  /** matches when any loans matches */
  loans?: InputMaybe<LoanBoolExp>;
  name?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  /** matches when any subscriptions matches */
  subscriptions?: InputMaybe<SubscriptionBoolExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of TestClock rows; list several for tie-breaks */
export type TestClockOrderBy = {
  advancingTo?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  frozenTime?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

export type TransferInventoryInput = {
  fromLocation: Scalars['String']['input'];
  product: Scalars['String']['input'];
  quantity: Scalars['Int']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
  toLocation: Scalars['String']['input'];
};

export type TransferStablecoinInput = {
  /** Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
  amount: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

export type UpdateAgentConfigInput = {
  approvalAbove?: InputMaybe<UpdateAgentConfigInputApprovalAbove>;
  description?: InputMaybe<Scalars['String']['input']>;
  limits?: InputMaybe<UpdateAgentConfigInputLimits>;
  name?: InputMaybe<Scalars['String']['input']>;
  permissions?: InputMaybe<Array<Scalars['String']['input']>>;
  status?: InputMaybe<UpdateAgentConfigInputStatus>;
};

export type UpdateAgentConfigInputApprovalAbove = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type UpdateAgentConfigInputLimits = {
  allowedCounterparties?: InputMaybe<Array<Scalars['String']['input']>>;
  allowedOperations?: InputMaybe<Array<Scalars['String']['input']>>;
  daily?: InputMaybe<UpdateAgentConfigInputLimitsDaily>;
  perTransaction?: InputMaybe<UpdateAgentConfigInputLimitsPerTransaction>;
};

export type UpdateAgentConfigInputLimitsDaily = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type UpdateAgentConfigInputLimitsPerTransaction = {
  amount: Scalars['Int']['input'];
  currency: Scalars['String']['input'];
};

export type UpdateAgentConfigInputStatus =
  | 'active'
  | 'paused';

export type UpdateCustomerInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateOrderInput = {
  customer?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  shippingCarrier?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<UpdateOrderInputStatus>;
  trackingNumber?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateOrderInputStatus =
  | 'cancelled'
  | 'delivered'
  | 'pending'
  | 'processing'
  | 'shipped';

export type UpdateProductInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  price?: InputMaybe<Scalars['Int']['input']>;
  sku?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateSubscriptionInput = {
  cancelAtPeriodEnd?: InputMaybe<Scalars['Boolean']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  paymentMethod?: InputMaybe<Scalars['JSON']['input']>;
};

export type UpdateWebhookEndpointInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
  apiVersion?: InputMaybe<Scalars['String']['input']>;
  debug?: InputMaybe<Scalars['Boolean']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
};

/** The account's stablecoin wallet: balance is a decimal string */
export type WalletBalance = {
  __typename?: 'WalletBalance';
  address: Scalars['String']['output'];
  balance: Scalars['String']['output'];
  currency: Scalars['String']['output'];
};

/** One HTTP attempt of a delivery */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  attemptedAt: Scalars['DateTime']['output'];
  deliveryId: Scalars['String']['output'];
  /** why no response arrived (timeout, blocked_address, connection_refused, ...); null when one did */
  error?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  latencyMs: Scalars['Int']['output'];
  number: Scalars['Int']['output'];
  /** succeeded or failed */
  outcome: Scalars['String']['output'];
  /** HTTP status received; null when no response arrived */
  responseStatus?: Maybe<Scalars['Int']['output']>;
};

/** Boolean expression to filter WebhookAttempt rows (Hasura style) */
export type WebhookAttemptBoolExp = {
  _and?: InputMaybe<Array<WebhookAttemptBoolExp>>;
  _not?: InputMaybe<WebhookAttemptBoolExp>;
  _or?: InputMaybe<Array<WebhookAttemptBoolExp>>;
  attemptedAt?: InputMaybe<DateTimeComparisonExp>;
  delivery?: InputMaybe<WebhookDeliveryBoolExp>;
  deliveryId?: InputMaybe<StringComparisonExp>;
  error?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  latencyMs?: InputMaybe<IntComparisonExp>;
  number?: InputMaybe<IntComparisonExp>;
  outcome?: InputMaybe<StringComparisonExp>;
  responseStatus?: InputMaybe<IntComparisonExp>;
};

/** One event sent to one endpoint, until it succeeds or its retries run out */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** attempts made, manual ones included */
  attemptCount: Scalars['Int']['output'];
  attempts: Array<WebhookAttempt>;
  createdAt: Scalars['DateTime']['output'];
  endpointId: Scalars['String']['output'];
  eventId: Scalars['String']['output'];
  eventType: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** when the next attempt is due; while one is in flight, when it is taken to be lost; null once finished */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** pending (waiting or in flight), succeeded or failed */
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** Boolean expression to filter WebhookDelivery rows (Hasura style) */
export type WebhookDeliveryBoolExp = {
  _and?: InputMaybe<Array<WebhookDeliveryBoolExp>>;
  _not?: InputMaybe<WebhookDeliveryBoolExp>;
  _or?: InputMaybe<Array<WebhookDeliveryBoolExp>>;
  attemptCount?: InputMaybe<IntComparisonExp>;
  /** matches when any attempts matches */
  attempts?: InputMaybe<WebhookAttemptBoolExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  endpoint?: InputMaybe<WebhookEndpointBoolExp>;
  endpointId?: InputMaybe<StringComparisonExp>;
  eventId?: InputMaybe<StringComparisonExp>;
  eventType?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  nextAttemptAt?: InputMaybe<DateTimeComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of WebhookDelivery rows; list several for tie-breaks */
export type WebhookDeliveryOrderBy = {
  attemptCount?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  endpoint?: InputMaybe<WebhookEndpointOrderBy>;
  endpointId?: InputMaybe<OrderBy>;
  eventId?: InputMaybe<OrderBy>;
  eventType?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  nextAttemptAt?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** A URL that receives the events of your account and mode. Its secret is shown only when made (create, rotate). */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  active: Scalars['Boolean']['output'];
  /** the API version this endpoint's events are rendered in (null: the account's) */
  apiVersion?: Maybe<Scalars['String']['output']>;
  /**
   * a platform's endpoint for its connected accounts' events (Stripe's Connect webhooks): it
   * receives those, and none of the platform's own; set at creation
   */
  connect: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** log every delivery attempt to this endpoint at info level */
  debug: Scalars['Boolean']['output'];
  description?: Maybe<Scalars['String']['output']>;
  /** why the server disabled it: gone (410) or failing (3 days of failures); null otherwise */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** event types, `*` for all, or a group wildcard such as `order.*` */
  events: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  updatedAt: Scalars['DateTime']['output'];
  url: Scalars['String']['output'];
};

/** Aggregates of the WebhookEndpoint rows a filter matches (of the caller's account and mode) */
export type WebhookEndpointAggregate = {
  __typename?: 'WebhookEndpointAggregate';
  /** number of rows */
  count: Scalars['Int']['output'];
  /** The aggregates per group of rows with equal values of `by`, ordered by those values (ascending, null last); at most 1000 groups, more is a VALIDATION_ERROR */
  groups: Array<WebhookEndpointAggregateGroup>;
  max: WebhookEndpointAggregateMax;
  min: WebhookEndpointAggregateMin;
};


/** Aggregates of the WebhookEndpoint rows a filter matches (of the caller's account and mode) */
export type WebhookEndpointAggregateGroupsArgs = {
  by: Array<WebhookEndpointAggregateGroupBy>;
};

/** Aggregates of one group of WebhookEndpoint rows */
export type WebhookEndpointAggregateGroup = {
  __typename?: 'WebhookEndpointAggregateGroup';
  /** number of rows */
  count: Scalars['Int']['output'];
  keys: WebhookEndpointAggregateGroupKeys;
  max: WebhookEndpointAggregateMax;
  min: WebhookEndpointAggregateMin;
};

/** Columns of WebhookEndpoint to group by */
export type WebhookEndpointAggregateGroupBy =
  | 'active'
  | 'apiVersion'
  | 'connect'
  | 'debug'
  | 'description'
  | 'disabledReason'
  | 'url';

/** The values of the grouped columns of a group of WebhookEndpoint rows (null for a column not grouped by, or a null value) */
export type WebhookEndpointAggregateGroupKeys = {
  __typename?: 'WebhookEndpointAggregateGroupKeys';
  active?: Maybe<Scalars['Boolean']['output']>;
  apiVersion?: Maybe<Scalars['String']['output']>;
  connect?: Maybe<Scalars['Boolean']['output']>;
  debug?: Maybe<Scalars['Boolean']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  disabledReason?: Maybe<Scalars['String']['output']>;
  url?: Maybe<Scalars['String']['output']>;
};

/** Greatest values of WebhookEndpoint columns over the rows (null when no row has a value) */
export type WebhookEndpointAggregateMax = {
  __typename?: 'WebhookEndpointAggregateMax';
  /** greatest createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** greatest updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Least values of WebhookEndpoint columns over the rows (null when no row has a value) */
export type WebhookEndpointAggregateMin = {
  __typename?: 'WebhookEndpointAggregateMin';
  /** least createdAt */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** least updatedAt */
  updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** Boolean expression to filter WebhookEndpoint rows (Hasura style) */
export type WebhookEndpointBoolExp = {
  _and?: InputMaybe<Array<WebhookEndpointBoolExp>>;
  _not?: InputMaybe<WebhookEndpointBoolExp>;
  _or?: InputMaybe<Array<WebhookEndpointBoolExp>>;
  active?: InputMaybe<BooleanComparisonExp>;
  apiVersion?: InputMaybe<StringComparisonExp>;
  connect?: InputMaybe<BooleanComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  debug?: InputMaybe<BooleanComparisonExp>;
  /** matches when any deliveries matches */
  deliveries?: InputMaybe<WebhookDeliveryBoolExp>;
  description?: InputMaybe<StringComparisonExp>;
  disabledReason?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
  url?: InputMaybe<StringComparisonExp>;
};

/** Ordering of WebhookEndpoint rows; list several for tie-breaks */
export type WebhookEndpointOrderBy = {
  active?: InputMaybe<OrderBy>;
  apiVersion?: InputMaybe<OrderBy>;
  connect?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  debug?: InputMaybe<OrderBy>;
  description?: InputMaybe<OrderBy>;
  disabledReason?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
  url?: InputMaybe<OrderBy>;
};

/** An endpoint and its new signing secret (shown this once; a replay by Idempotency-Key answers without it) */
export type WebhookEndpointWithSecret = {
  __typename?: 'WebhookEndpointWithSecret';
  endpoint: WebhookEndpoint;
  secret?: Maybe<Scalars['String']['output']>;
};
