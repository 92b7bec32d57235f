/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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

export type CreateCustomerInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
};

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

export type CreateProductInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  currency: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  metadata?: InputMaybe<Scalars['JSON']['input']>;
  name: Scalars['String']['input'];
  price: Scalars['Int']['input'];
  sku?: InputMaybe<Scalars['String']['input']>;
};

/** A customer of the merchant */
export type Customer = {
  createdAt: Scalars['DateTime']['output'];
  email: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  name: Maybe<Scalars['String']['output']>;
  orders: Array<Order>;
  phone: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Boolean expression to filter Customer rows (Hasura style) */
export type CustomerBoolExp = {
  _and?: InputMaybe<Array<CustomerBoolExp>>;
  _not?: InputMaybe<CustomerBoolExp>;
  _or?: InputMaybe<Array<CustomerBoolExp>>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  email?: InputMaybe<StringComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  /** matches when any orders matches */
  orders?: InputMaybe<OrderBoolExp>;
  phone?: InputMaybe<StringComparisonExp>;
  updatedAt?: InputMaybe<DateTimeComparisonExp>;
};

/** Ordering of Customer rows; list several for tie-breaks */
export type CustomerOrderBy = {
  createdAt?: InputMaybe<OrderBy>;
  email?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  name?: InputMaybe<OrderBy>;
  phone?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
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

/** An event (envelope variant A); `envelope` is the exact JSON a webhook receives */
export type Event = {
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
  id: Maybe<Scalars['String']['output']>;
  idempotencyKey: Maybe<Scalars['String']['output']>;
};

export type FulfillOrderInput = {
  shippingCarrier?: InputMaybe<Scalars['String']['input']>;
  trackingNumber?: InputMaybe<Scalars['String']['input']>;
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

/** Filters on a JSON object field */
export type JsonComparisonExp = {
  /** the object contains these keys with these values */
  _contains?: InputMaybe<Scalars['JSON']['input']>;
  /** the object has this key */
  _has_key?: InputMaybe<Scalars['String']['input']>;
  _is_null?: InputMaybe<Scalars['Boolean']['input']>;
};

export type Mutation = {
  cancelOrder: Order;
  createCustomer: Customer;
  createOrder: Order;
  createProduct: Product;
  fulfillOrder: Order;
  updateCustomer: Customer;
  updateOrder: Order;
  updateProduct: Product;
};


export type MutationCancelOrderArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<CancelOrderInput>;
};


export type MutationCreateCustomerArgs = {
  input?: InputMaybe<CreateCustomerInput>;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};


export type MutationCreateProductArgs = {
  input: CreateProductInput;
};


export type MutationFulfillOrderArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<FulfillOrderInput>;
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

/** An order. amount is the sum of its items in minor units of currency. */
export type Order = {
  /** total in minor units of currency: the sum of the items' amounts */
  amount: Scalars['Int']['output'];
  cancellationReason: Maybe<Scalars['String']['output']>;
  cancelledAt: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  customer: Maybe<Customer>;
  customerId: Maybe<Scalars['String']['output']>;
  fulfilledAt: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  items: Array<OrderItem>;
  metadata: Scalars['JSON']['output'];
  shippingCarrier: Maybe<Scalars['String']['output']>;
  status: Scalars['String']['output'];
  trackingNumber: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** Boolean expression to filter Order rows (Hasura style) */
export type OrderBoolExp = {
  _and?: InputMaybe<Array<OrderBoolExp>>;
  _not?: InputMaybe<OrderBoolExp>;
  _or?: InputMaybe<Array<OrderBoolExp>>;
  amount?: InputMaybe<IntComparisonExp>;
  cancellationReason?: InputMaybe<StringComparisonExp>;
  cancelledAt?: InputMaybe<DateTimeComparisonExp>;
  createdAt?: InputMaybe<DateTimeComparisonExp>;
  currency?: InputMaybe<StringComparisonExp>;
  customer?: InputMaybe<CustomerBoolExp>;
  customerId?: InputMaybe<StringComparisonExp>;
  fulfilledAt?: InputMaybe<DateTimeComparisonExp>;
  id?: InputMaybe<StringComparisonExp>;
  /** matches when any items matches */
  items?: InputMaybe<OrderItemBoolExp>;
  metadata?: InputMaybe<JsonComparisonExp>;
  shippingCarrier?: InputMaybe<StringComparisonExp>;
  status?: InputMaybe<StringComparisonExp>;
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
  /** quantity * unitAmount */
  amount: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  orderId: Scalars['String']['output'];
  position: Scalars['Int']['output'];
  product: Maybe<Product>;
  productId: Maybe<Scalars['String']['output']>;
  quantity: Scalars['Int']['output'];
  /** price of one unit in minor units */
  unitAmount: Scalars['Int']['output'];
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
  unitAmount?: InputMaybe<IntComparisonExp>;
};

/** Ordering of Order rows; list several for tie-breaks */
export type OrderOrderBy = {
  amount?: InputMaybe<OrderBy>;
  cancellationReason?: InputMaybe<OrderBy>;
  cancelledAt?: InputMaybe<OrderBy>;
  createdAt?: InputMaybe<OrderBy>;
  currency?: InputMaybe<OrderBy>;
  customer?: InputMaybe<CustomerOrderBy>;
  customerId?: InputMaybe<OrderBy>;
  fulfilledAt?: InputMaybe<OrderBy>;
  id?: InputMaybe<OrderBy>;
  shippingCarrier?: InputMaybe<OrderBy>;
  status?: InputMaybe<OrderBy>;
  trackingNumber?: InputMaybe<OrderBy>;
  updatedAt?: InputMaybe<OrderBy>;
};

/** An item the merchant sells */
export type Product = {
  active: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  currency: Scalars['String']['output'];
  description: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  metadata: Scalars['JSON']['output'];
  name: Scalars['String']['output'];
  /** unit price in minor units of currency */
  price: Scalars['Int']['output'];
  sku: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
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
  metadata?: InputMaybe<JsonComparisonExp>;
  name?: InputMaybe<StringComparisonExp>;
  /** matches when any orderItems matches */
  orderItems?: InputMaybe<OrderItemBoolExp>;
  price?: InputMaybe<IntComparisonExp>;
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

export type Query = {
  customer: Maybe<Customer>;
  /** Customer rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  customers: Array<Customer>;
  order: Maybe<Order>;
  /** Order rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  orders: Array<Order>;
  product: Maybe<Product>;
  /** Product rows of the caller's account and mode, Hasura style; limit at most 100 (default 100) */
  products: Array<Product>;
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


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOrdersArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  order_by?: InputMaybe<Array<OrderOrderBy>>;
  where?: InputMaybe<OrderBoolExp>;
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
  /** Events of your account and mode as they commit; `types` filters (`order.*` and `*` allowed) */
  events: Event;
  /** The order after each change that leaves it matching `where` */
  orderUpdated: Maybe<Order>;
};


export type SubscriptionEventsArgs = {
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type SubscriptionOrderUpdatedArgs = {
  where?: InputMaybe<OrderBoolExp>;
};

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

/** Comparison operators on Boolean fields */
export type BooleanComparisonExp = {
  _eq?: boolean | null | undefined;
  _gt?: boolean | null | undefined;
  _gte?: boolean | null | undefined;
  _in?: Array<boolean> | null | undefined;
  _is_null?: boolean | null | undefined;
  _lt?: boolean | null | undefined;
  _lte?: boolean | null | undefined;
  _ne?: boolean | null | undefined;
  /** Hasura spelling of _ne */
  _neq?: boolean | null | undefined;
  _nin?: Array<boolean> | null | undefined;
};

export type CancelOrderInput = {
  reason?: CancelOrderInputReason | null | undefined;
};

export type CancelOrderInputReason =
  | 'abandoned'
  | 'duplicate'
  | 'fraudulent'
  | 'other'
  | 'requested_by_customer';

export type CreateCustomerInput = {
  email?: string | null | undefined;
  metadata?: unknown;
  name?: string | null | undefined;
  phone?: string | null | undefined;
};

export type CreateOrderInput = {
  currency: string;
  customer?: string | null | undefined;
  items: Array<CreateOrderInputItem>;
  metadata?: unknown;
};

export type CreateOrderInputItem = {
  name?: string | null | undefined;
  product?: string | null | undefined;
  quantity: number;
  unitAmount?: number | null | undefined;
};

export type CreateProductInput = {
  active?: boolean | null | undefined;
  currency: string;
  description?: string | null | undefined;
  metadata?: unknown;
  name: string;
  price: number;
  sku?: string | null | undefined;
};

/** Boolean expression to filter Customer rows (Hasura style) */
export type CustomerBoolExp = {
  _and?: Array<CustomerBoolExp> | null | undefined;
  _not?: CustomerBoolExp | null | undefined;
  _or?: Array<CustomerBoolExp> | null | undefined;
  createdAt?: DateTimeComparisonExp | null | undefined;
  email?: StringComparisonExp | null | undefined;
  id?: StringComparisonExp | null | undefined;
  metadata?: JsonComparisonExp | null | undefined;
  name?: StringComparisonExp | null | undefined;
  /** matches when any orders matches */
  orders?: OrderBoolExp | null | undefined;
  phone?: StringComparisonExp | null | undefined;
  updatedAt?: DateTimeComparisonExp | null | undefined;
};

/** Ordering of Customer rows; list several for tie-breaks */
export type CustomerOrderBy = {
  createdAt?: OrderBy | null | undefined;
  email?: OrderBy | null | undefined;
  id?: OrderBy | null | undefined;
  name?: OrderBy | null | undefined;
  phone?: OrderBy | null | undefined;
  updatedAt?: OrderBy | null | undefined;
};

/** Comparison operators on DateTime fields */
export type DateTimeComparisonExp = {
  _eq?: string | null | undefined;
  _gt?: string | null | undefined;
  _gte?: string | null | undefined;
  _in?: Array<string> | null | undefined;
  _is_null?: boolean | null | undefined;
  _lt?: string | null | undefined;
  _lte?: string | null | undefined;
  _ne?: string | null | undefined;
  /** Hasura spelling of _ne */
  _neq?: string | null | undefined;
  _nin?: Array<string> | null | undefined;
};

export type FulfillOrderInput = {
  shippingCarrier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
};

/** Comparison operators on Int fields */
export type IntComparisonExp = {
  _eq?: number | null | undefined;
  _gt?: number | null | undefined;
  _gte?: number | null | undefined;
  _in?: Array<number> | null | undefined;
  _is_null?: boolean | null | undefined;
  _lt?: number | null | undefined;
  _lte?: number | null | undefined;
  _ne?: number | null | undefined;
  /** Hasura spelling of _ne */
  _neq?: number | null | undefined;
  _nin?: Array<number> | null | undefined;
};

/** Filters on a JSON object field */
export type JsonComparisonExp = {
  /** the object contains these keys with these values */
  _contains?: unknown;
  /** the object has this key */
  _has_key?: string | null | undefined;
  _is_null?: boolean | null | undefined;
};

/** Boolean expression to filter Order rows (Hasura style) */
export type OrderBoolExp = {
  _and?: Array<OrderBoolExp> | null | undefined;
  _not?: OrderBoolExp | null | undefined;
  _or?: Array<OrderBoolExp> | null | undefined;
  amount?: IntComparisonExp | null | undefined;
  cancellationReason?: StringComparisonExp | null | undefined;
  cancelledAt?: DateTimeComparisonExp | null | undefined;
  createdAt?: DateTimeComparisonExp | null | undefined;
  currency?: StringComparisonExp | null | undefined;
  customer?: CustomerBoolExp | null | undefined;
  customerId?: StringComparisonExp | null | undefined;
  fulfilledAt?: DateTimeComparisonExp | null | undefined;
  id?: StringComparisonExp | null | undefined;
  /** matches when any items matches */
  items?: OrderItemBoolExp | null | undefined;
  metadata?: JsonComparisonExp | null | undefined;
  shippingCarrier?: StringComparisonExp | null | undefined;
  status?: StringComparisonExp | null | undefined;
  trackingNumber?: StringComparisonExp | null | undefined;
  updatedAt?: DateTimeComparisonExp | null | undefined;
};

/** Sort direction, with the place of nulls for nullable fields (Hasura spelling) */
export type OrderBy =
  | 'asc'
  | 'asc_nulls_first'
  | 'asc_nulls_last'
  | 'desc'
  | 'desc_nulls_first'
  | 'desc_nulls_last';

/** Boolean expression to filter OrderItem rows (Hasura style) */
export type OrderItemBoolExp = {
  _and?: Array<OrderItemBoolExp> | null | undefined;
  _not?: OrderItemBoolExp | null | undefined;
  _or?: Array<OrderItemBoolExp> | null | undefined;
  amount?: IntComparisonExp | null | undefined;
  id?: StringComparisonExp | null | undefined;
  name?: StringComparisonExp | null | undefined;
  order?: OrderBoolExp | null | undefined;
  orderId?: StringComparisonExp | null | undefined;
  position?: IntComparisonExp | null | undefined;
  product?: ProductBoolExp | null | undefined;
  productId?: StringComparisonExp | null | undefined;
  quantity?: IntComparisonExp | null | undefined;
  unitAmount?: IntComparisonExp | null | undefined;
};

/** Ordering of Order rows; list several for tie-breaks */
export type OrderOrderBy = {
  amount?: OrderBy | null | undefined;
  cancellationReason?: OrderBy | null | undefined;
  cancelledAt?: OrderBy | null | undefined;
  createdAt?: OrderBy | null | undefined;
  currency?: OrderBy | null | undefined;
  customer?: CustomerOrderBy | null | undefined;
  customerId?: OrderBy | null | undefined;
  fulfilledAt?: OrderBy | null | undefined;
  id?: OrderBy | null | undefined;
  shippingCarrier?: OrderBy | null | undefined;
  status?: OrderBy | null | undefined;
  trackingNumber?: OrderBy | null | undefined;
  updatedAt?: OrderBy | null | undefined;
};

/** Boolean expression to filter Product rows (Hasura style) */
export type ProductBoolExp = {
  _and?: Array<ProductBoolExp> | null | undefined;
  _not?: ProductBoolExp | null | undefined;
  _or?: Array<ProductBoolExp> | null | undefined;
  active?: BooleanComparisonExp | null | undefined;
  createdAt?: DateTimeComparisonExp | null | undefined;
  currency?: StringComparisonExp | null | undefined;
  description?: StringComparisonExp | null | undefined;
  id?: StringComparisonExp | null | undefined;
  metadata?: JsonComparisonExp | null | undefined;
  name?: StringComparisonExp | null | undefined;
  /** matches when any orderItems matches */
  orderItems?: OrderItemBoolExp | null | undefined;
  price?: IntComparisonExp | null | undefined;
  sku?: StringComparisonExp | null | undefined;
  updatedAt?: DateTimeComparisonExp | null | undefined;
};

/** Ordering of Product rows; list several for tie-breaks */
export type ProductOrderBy = {
  active?: OrderBy | null | undefined;
  createdAt?: OrderBy | null | undefined;
  currency?: OrderBy | null | undefined;
  description?: OrderBy | null | undefined;
  id?: OrderBy | null | undefined;
  name?: OrderBy | null | undefined;
  price?: OrderBy | null | undefined;
  sku?: OrderBy | null | undefined;
  updatedAt?: OrderBy | null | undefined;
};

/** Comparison operators on String fields */
export type StringComparisonExp = {
  _eq?: string | null | undefined;
  _gt?: string | null | undefined;
  _gte?: string | null | undefined;
  /** _like, case-insensitive */
  _ilike?: string | null | undefined;
  _in?: Array<string> | null | undefined;
  _is_null?: boolean | null | undefined;
  /** SQL LIKE: a literal, 'prefix%', '%suffix' or '%infix%' */
  _like?: string | null | undefined;
  _lt?: string | null | undefined;
  _lte?: string | null | undefined;
  _ne?: string | null | undefined;
  /** Hasura spelling of _ne */
  _neq?: string | null | undefined;
  _nin?: Array<string> | null | undefined;
};

export type UpdateCustomerInput = {
  email?: string | null | undefined;
  metadata?: unknown;
  name?: string | null | undefined;
  phone?: string | null | undefined;
};

export type UpdateOrderInput = {
  customer?: string | null | undefined;
  metadata?: unknown;
  shippingCarrier?: string | null | undefined;
  status?: UpdateOrderInputStatus | null | undefined;
  trackingNumber?: string | null | undefined;
};

export type UpdateOrderInputStatus =
  | 'cancelled'
  | 'delivered'
  | 'pending'
  | 'processing'
  | 'shipped';

export type UpdateProductInput = {
  active?: boolean | null | undefined;
  description?: string | null | undefined;
  metadata?: unknown;
  name?: string | null | undefined;
  price?: number | null | undefined;
  sku?: string | null | undefined;
};

export type ListCustomersQueryVariables = Exact<{
  where?: CustomerBoolExp | null | undefined;
  orderBy?: Array<CustomerOrderBy> | CustomerOrderBy | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ListCustomersQuery = { customers: Array<{ id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string }> };

export type GetCustomerQueryVariables = Exact<{
  id: string;
}>;


export type GetCustomerQuery = { customer: { id: string, email: string | null, name: string | null, orders: Array<{ id: string, status: string }> } | null };

export type TooDeepOrdersQueryVariables = Exact<{ [key: string]: never; }>;


export type TooDeepOrdersQuery = { orders: Array<{ customer: { orders: Array<{ customer: { orders: Array<{ customer: { orders: Array<{ customer: { id: string } | null }> } | null }> } | null }> } | null }> };

export type DeepestAllowedOrdersQueryVariables = Exact<{ [key: string]: never; }>;


export type DeepestAllowedOrdersQuery = { orders: Array<{ customer: { orders: Array<{ customer: { orders: Array<{ customer: { orders: Array<{ id: string }> } | null }> } | null }> } | null }> };

export type WideOrderFragment = { id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null };

export type CostlyOrdersQueryVariables = Exact<{ [key: string]: never; }>;


export type CostlyOrdersQuery = { o1: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o2: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o3: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o4: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o5: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o6: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o7: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o8: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o9: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o10: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o11: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o12: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o13: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o14: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o15: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o16: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o17: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o18: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o19: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }>, o20: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string, orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, shippingCarrier: string | null, cancellationReason: string | null, fulfilledAt: string | null, cancelledAt: string | null, createdAt: string, updatedAt: string, items: Array<{ id: string, name: string, quantity: number, unitAmount: number, amount: number, position: number, productId: string | null, orderId: string, product: { id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown, description: string | null, createdAt: string, updatedAt: string } | null }>, customer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, updatedAt: string } | null }> } | null }> };

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type CreateOrderMutation = { createOrder: { id: string, status: string, amount: number, currency: string, metadata: unknown, createdAt: string, customer: { id: string, email: string | null } | null, items: Array<{ name: string, quantity: number, unitAmount: number, amount: number, position: number, product: { id: string, name: string, price: number } | null }> } };

export type UpdateOrderMutationVariables = Exact<{
  id: string;
  input: UpdateOrderInput;
}>;


export type UpdateOrderMutation = { updateOrder: { id: string, status: string, metadata: unknown, trackingNumber: string | null, shippingCarrier: string | null, fulfilledAt: string | null, cancelledAt: string | null, customer: { id: string, email: string | null } | null } };

export type FulfillOrderMutationVariables = Exact<{
  id: string;
  input?: FulfillOrderInput | null | undefined;
}>;


export type FulfillOrderMutation = { fulfillOrder: { id: string, status: string, trackingNumber: string | null, shippingCarrier: string | null, fulfilledAt: string | null, items: Array<{ name: string }> } };

export type CancelOrderMutationVariables = Exact<{
  id: string;
  input?: CancelOrderInput | null | undefined;
}>;


export type CancelOrderMutation = { cancelOrder: { id: string, status: string, cancellationReason: string | null, cancelledAt: string | null, customer: { email: string | null } | null } };

export type CreateCustomerMutationVariables = Exact<{
  input?: CreateCustomerInput | null | undefined;
}>;


export type CreateCustomerMutation = { createCustomer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, createdAt: string, orders: Array<{ id: string }> } };

export type UpdateCustomerMutationVariables = Exact<{
  id: string;
  input: UpdateCustomerInput;
}>;


export type UpdateCustomerMutation = { updateCustomer: { id: string, email: string | null, name: string | null, phone: string | null, metadata: unknown, orders: Array<{ id: string, status: string }> } };

export type CreateProductMutationVariables = Exact<{
  input: CreateProductInput;
}>;


export type CreateProductMutation = { createProduct: { id: string, name: string, description: string | null, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown } };

export type UpdateProductMutationVariables = Exact<{
  id: string;
  input: UpdateProductInput;
}>;


export type UpdateProductMutation = { updateProduct: { id: string, name: string, description: string | null, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown } };

export type OrderFieldsFragment = { id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, fulfilledAt: string | null, createdAt: string };

export type ListOrdersQueryVariables = Exact<{
  where?: OrderBoolExp | null | undefined;
  orderBy?: Array<OrderOrderBy> | OrderOrderBy | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ListOrdersQuery = { orders: Array<{ id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, fulfilledAt: string | null, createdAt: string }> };

export type OrdersWithRelationsQueryVariables = Exact<{
  where?: OrderBoolExp | null | undefined;
  limit?: number | null | undefined;
}>;


export type OrdersWithRelationsQuery = { orders: Array<{ id: string, amount: number, customer: { id: string, email: string | null } | null, items: Array<{ id: string, name: string, quantity: number, product: { id: string, name: string } | null }> }> };

export type GetOrderQueryVariables = Exact<{
  id: string;
}>;


export type GetOrderQuery = { order: { id: string, status: string, amount: number, currency: string, metadata: unknown, customerId: string | null, trackingNumber: string | null, fulfilledAt: string | null, createdAt: string, customer: { id: string, email: string | null } | null, items: Array<{ name: string, quantity: number, unitAmount: number, amount: number, position: number, product: { id: string, name: string } | null }> } | null };

export type ListProductsQueryVariables = Exact<{
  where?: ProductBoolExp | null | undefined;
  orderBy?: Array<ProductOrderBy> | ProductOrderBy | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ListProductsQuery = { products: Array<{ id: string, name: string, sku: string | null, price: number, currency: string, active: boolean, metadata: unknown }> };

export type GetProductQueryVariables = Exact<{
  id: string;
}>;


export type GetProductQuery = { product: { id: string, name: string, price: number, currency: string, active: boolean } | null };

export type OnEventsSubscriptionVariables = Exact<{
  types?: Array<string> | string | null | undefined;
}>;


export type OnEventsSubscription = { events: { id: string, object: string, type: string, created: number, livemode: boolean, data: unknown, apiVersion: string, pendingWebhooks: number, envelope: unknown, request: { id: string | null, idempotencyKey: string | null } } };

export type OnOrderUpdatedSubscriptionVariables = Exact<{
  where?: OrderBoolExp | null | undefined;
}>;


export type OnOrderUpdatedSubscription = { orderUpdated: { id: string, status: string, amount: number, customer: { email: string | null } | null, items: Array<{ name: string }> } | null };

export const WideOrderFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WideOrder"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WideOrderFragment, unknown>;
export const OrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<OrderFieldsFragment, unknown>;
export const ListCustomersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListCustomers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"where"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CustomerBoolExp"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CustomerOrderBy"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"where"},"value":{"kind":"Variable","name":{"kind":"Name","value":"where"}}},{"kind":"Argument","name":{"kind":"Name","value":"order_by"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<ListCustomersQuery, ListCustomersQueryVariables>;
export const GetCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<GetCustomerQuery, GetCustomerQueryVariables>;
export const TooDeepOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TooDeepOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TooDeepOrdersQuery, TooDeepOrdersQueryVariables>;
export const DeepestAllowedOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeepestAllowedOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DeepestAllowedOrdersQuery, DeepestAllowedOrdersQueryVariables>;
export const CostlyOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CostlyOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"o1"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o2"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o3"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o4"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o5"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o6"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o7"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o8"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o9"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o10"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o11"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o12"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o13"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o14"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o15"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o16"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o17"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o18"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o19"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"o20"},"name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WideOrder"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WideOrder"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"productId"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CostlyOrdersQuery, CostlyOrdersQueryVariables>;
export const CreateOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"price"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateOrderMutation, CreateOrderMutationVariables>;
export const UpdateOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateOrderMutation, UpdateOrderMutationVariables>;
export const FulfillOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FulfillOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"FulfillOrderInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fulfillOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"shippingCarrier"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<FulfillOrderMutation, FulfillOrderMutationVariables>;
export const CancelOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOrderInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<CancelOrderMutation, CancelOrderMutationVariables>;
export const CreateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<CreateCustomerMutation, CreateCustomerMutationVariables>;
export const UpdateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCustomerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateCustomerMutation, UpdateCustomerMutationVariables>;
export const CreateProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProductInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}}]}}]}}]} as unknown as DocumentNode<CreateProductMutation, CreateProductMutationVariables>;
export const UpdateProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProductInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}}]}}]}}]} as unknown as DocumentNode<UpdateProductMutation, UpdateProductMutationVariables>;
export const ListOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"where"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderBoolExp"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderOrderBy"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"where"},"value":{"kind":"Variable","name":{"kind":"Name","value":"where"}}},{"kind":"Argument","name":{"kind":"Name","value":"order_by"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ListOrdersQuery, ListOrdersQueryVariables>;
export const OrdersWithRelationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrdersWithRelations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"where"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderBoolExp"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"where"},"value":{"kind":"Variable","name":{"kind":"Name","value":"where"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OrdersWithRelationsQuery, OrdersWithRelationsQueryVariables>;
export const GetOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderFields"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"product"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"trackingNumber"}},{"kind":"Field","name":{"kind":"Name","value":"fulfilledAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<GetOrderQuery, GetOrderQueryVariables>;
export const ListProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"where"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductBoolExp"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductOrderBy"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"products"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"where"},"value":{"kind":"Variable","name":{"kind":"Name","value":"where"}}},{"kind":"Argument","name":{"kind":"Name","value":"order_by"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}}]}}]}}]} as unknown as DocumentNode<ListProductsQuery, ListProductsQueryVariables>;
export const GetProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GetProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"product"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<GetProductQuery, GetProductQueryVariables>;
export const OnEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OnEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"types"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"Variable","name":{"kind":"Name","value":"types"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"object"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"request"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"pendingWebhooks"}},{"kind":"Field","name":{"kind":"Name","value":"envelope"}}]}}]}}]} as unknown as DocumentNode<OnEventsSubscription, OnEventsSubscriptionVariables>;
export const OnOrderUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OnOrderUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"where"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderBoolExp"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"where"},"value":{"kind":"Variable","name":{"kind":"Name","value":"where"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<OnOrderUpdatedSubscription, OnOrderUpdatedSubscriptionVariables>;