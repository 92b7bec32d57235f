export interface paths {
    "/graphql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GraphQL over HTTP (queries in the query string; GraphiQL in a browser); subscriptions over WebSocket (graphql-ws) on this path */
        get: operations["get_graphql"];
        put?: never;
        /** GraphQL over HTTP (queries and mutations); subscriptions over WebSocket (graphql-ws) on this path */
        post: operations["post_graphql"];
        delete?: never;
        /** CORS preflight of the GraphQL door */
        options: operations["options_graphql"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verify a key or access token: who it is and what it may do */
        get: operations["get_auth_test"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This server: a page for a browser, a JSON index of links for an API client */
        get: operations["get_root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API versions: version, status (alpha, beta, stable, deprecated, retired), documentation_url, end_of_life, release_date */
        get: operations["get_api_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every error code: HTTP status, type, meaning and what to do */
        get: operations["get_errors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events (permission events:read); `type` filters by type, `order.*` by prefix */
        get: operations["get_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events (permission events:read); `type` filters by type, `order.*` by prefix
         * @description The same as GET /v1/events.
         */
        get: operations["get_events_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an event (permission events:read) */
        get: operations["get_events_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers (permission customers:read) */
        get: operations["customers_list"];
        put?: never;
        /** customers.create (permission customers:create) */
        post: operations["customers_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers (permission customers:read)
         * @description The same as GET /v1/customers.
         */
        get: operations["customers_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate customers: count, sum, avg, min, max, per group (permission customers:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/customers applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_customers_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve customer (permission customers:read) */
        get: operations["customers_retrieve"];
        put?: never;
        post?: never;
        /** customers.delete (permission customers:delete) */
        delete: operations["customers_delete"];
        options?: never;
        head?: never;
        /** customers.update (permission customers:update) */
        patch: operations["customers_update"];
        trace?: never;
    };
    "/v1/customers/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customers.create (permission customers:create)
         * @description The same as POST /v1/customers.
         */
        post: operations["customers_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products (permission products:read) */
        get: operations["products_list"];
        put?: never;
        /** products.create (permission products:create) */
        post: operations["products_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products (permission products:read)
         * @description The same as GET /v1/products.
         */
        get: operations["products_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate products: count, sum, avg, min, max, per group (permission products:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/products applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_products_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve product (permission products:read) */
        get: operations["products_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** products.update (permission products:update) */
        patch: operations["products_update"];
        trace?: never;
    };
    "/v1/products/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * products.create (permission products:create)
         * @description The same as POST /v1/products.
         */
        post: operations["products_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List orders (permission orders:read) */
        get: operations["orders_list"];
        put?: never;
        /** orders.create (permission orders:create) */
        post: operations["orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders (permission orders:read)
         * @description The same as GET /v1/orders.
         */
        get: operations["orders_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate orders: count, sum, avg, min, max, per group (permission orders:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/orders applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_orders_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve order (permission orders:read) */
        get: operations["orders_retrieve"];
        put?: never;
        post?: never;
        /** orders.delete (permission orders:cancel) */
        delete: operations["orders_delete"];
        options?: never;
        head?: never;
        /** orders.update (permission orders:update) */
        patch: operations["orders_update"];
        trace?: never;
    };
    "/v1/orders/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * orders.create (permission orders:create)
         * @description The same as POST /v1/orders.
         */
        post: operations["orders_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/fulfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.fulfill (permission orders:fulfill) */
        post: operations["orders_fulfill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.cancel (permission orders:cancel) */
        post: operations["orders_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.hold (permission orders:update) */
        post: operations["orders_hold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.release (permission orders:update) */
        post: operations["orders_release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.adjust (permission inventory:write) */
        post: operations["inventory_adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/reserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.reserve (permission inventory:write) */
        post: operations["inventory_reserve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/allocate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.allocate (permission inventory:write) */
        post: operations["inventory_allocate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.release (permission inventory:write) */
        post: operations["inventory_release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.transfer (permission inventory:write) */
        post: operations["inventory_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List inventory items (permission inventory:read) */
        get: operations["inventory_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List inventory items (permission inventory:read)
         * @description The same as GET /v1/inventory.
         */
        get: operations["inventory_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate inventory: count, sum, avg, min, max, per group (permission inventory:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/inventory applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_inventory_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inventory/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve inventory item (permission inventory:read) */
        get: operations["inventory_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** payments.refund (permission payments:refund) */
        post: operations["payments_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payments (permission payments:read) */
        get: operations["payments_list"];
        put?: never;
        /** payments.create (permission payments:create) */
        post: operations["payments_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments (permission payments:read)
         * @description The same as GET /v1/payments.
         */
        get: operations["payments_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate payments: count, sum, avg, min, max, per group (permission payments:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/payments applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_payments_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve payment (permission payments:read) */
        get: operations["payments_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payments.create (permission payments:create)
         * @description The same as POST /v1/payments.
         */
        post: operations["payments_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List refunds (permission payments:read) */
        get: operations["refunds_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List refunds (permission payments:read)
         * @description The same as GET /v1/refunds.
         */
        get: operations["refunds_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate refunds: count, sum, avg, min, max, per group (permission payments:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/refunds applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_refunds_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve refund (permission payments:read) */
        get: operations["refunds_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's balances per currency, from the ledger (permission balance:read) */
        get: operations["get_account_balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List returns (permission returns:read) */
        get: operations["returns_list"];
        put?: never;
        /** returns.create (permission returns:write) */
        post: operations["returns_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List returns (permission returns:read)
         * @description The same as GET /v1/returns.
         */
        get: operations["returns_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate returns: count, sum, avg, min, max, per group (permission returns:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/returns applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_returns_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve return (permission returns:read) */
        get: operations["returns_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * returns.create (permission returns:write)
         * @description The same as POST /v1/returns.
         */
        post: operations["returns_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.approve (permission returns:write) */
        post: operations["returns_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.reject (permission returns:write) */
        post: operations["returns_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/{id}/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.receive (permission returns:write) */
        post: operations["returns_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/returns/{id}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.process (permission returns:write) */
        post: operations["returns_process"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search across resources (permission <resource>:read of each)
         * @description Typo-tolerant search over orders, customers, products, inventory and returns: facets, highlights, suggestions. `Authorization: Token <key>` is accepted as well as `Bearer`. An empty or too long query is a 400 with the code `invalid_query` (lowercase, the spec's). See docs/search.md.
         */
        post: operations["post_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stablecoin/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stablecoin.issue (permission stablecoin:issue) */
        post: operations["stablecoin_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stablecoin/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stablecoin.redeem (permission stablecoin:redeem) */
        post: operations["stablecoin_redeem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stablecoin/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** stablecoin.transfer (permission stablecoin:transfer) */
        post: operations["stablecoin_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stablecoin/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's wallet and the coin's supply (permission stablecoin:read) */
        get: operations["get_stablecoin_balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stablecoin/redemptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve stablecoin redemption (permission stablecoin:read)
         * @description A redemption of the caller's account and mode. `status` is `processing` from the redemption (the coin is burnt at once) until the bank payout completes (test mode: after REDEMPTION_PAYOUT_DELAY_MS), then `succeeded` (event `stablecoin.redemption.succeeded`). Another account's or mode's redemption is 404 RESOURCE_NOT_FOUND.
         */
        get: operations["redemptions_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/balance/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A wallet's public balance; any key, publishable ones included */
        get: operations["get_public_balance_address"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices (permission invoices:read) */
        get: operations["invoices_list"];
        put?: never;
        /** invoices.create (permission invoices:write) */
        post: operations["invoices_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices (permission invoices:read)
         * @description The same as GET /v1/invoices.
         */
        get: operations["invoices_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate invoices: count, sum, avg, min, max, per group (permission invoices:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/invoices applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_invoices_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve invoice (permission invoices:read) */
        get: operations["invoices_retrieve"];
        put?: never;
        post?: never;
        /** invoices.delete (permission invoices:write) */
        delete: operations["invoices_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoices.create (permission invoices:write)
         * @description The same as POST /v1/invoices.
         */
        post: operations["invoices_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invoices.finalize (permission invoices:write) */
        post: operations["invoices_finalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invoices.void (permission invoices:write) */
        post: operations["invoices_void"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/mark_uncollectible": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invoices.mark_uncollectible (permission invoices:write) */
        post: operations["invoices_mark_uncollectible"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invoices.pay (permission invoices:write) */
        post: operations["invoices_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** invoices.payments (permission invoices:write) */
        post: operations["invoices_payments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List test clocks (permission test_clocks:read) */
        get: operations["test_clocks_list"];
        put?: never;
        /** test_clocks.create (permission test_clocks:write) */
        post: operations["test_clocks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve test clock (permission test_clocks:read) */
        get: operations["test_clocks_retrieve"];
        put?: never;
        post?: never;
        /** test_clocks.delete (permission test_clocks:write) */
        delete: operations["test_clocks_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** test_clocks.advance (permission test_clocks:write) */
        post: operations["test_clocks_advance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Financing offers computed by the finance pack from the account's ledger (permission finance:read); ?currency=, default: the account's default currency, else its largest 90-day volume, else usd */
        get: operations["get_finance_options"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/invoices/factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** finance.invoices.factor (permission finance:write) */
        post: operations["finance_invoices_factor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po/finance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** finance.po.finance (permission finance:write) */
        post: operations["finance_po_finance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/factorings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoice factorings (permission finance:read) */
        get: operations["factorings_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/factorings/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoice factorings (permission finance:read)
         * @description The same as GET /v1/finance/factorings.
         */
        get: operations["factorings_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/factorings/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate factorings: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/finance/factorings applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_finance_factorings_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/factorings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve invoice factoring (permission finance:read) */
        get: operations["factorings_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List po financings (permission finance:read) */
        get: operations["po_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List po financings (permission finance:read)
         * @description The same as GET /v1/finance/po.
         */
        get: operations["po_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate po: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/finance/po applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_finance_po_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve po financing (permission finance:read) */
        get: operations["po_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/po/{id}/repay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** finance.po.repay (permission finance:write) */
        post: operations["finance_po_repay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List loans (permission finance:read) */
        get: operations["loans_list"];
        put?: never;
        /** finance.loans.create (permission finance:write) */
        post: operations["finance_loans_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/loans/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List loans (permission finance:read)
         * @description The same as GET /v1/finance/loans.
         */
        get: operations["loans_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/loans/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate loans: count, sum, avg, min, max, per group (permission finance:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/finance/loans applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_finance_loans_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/loans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve loan (permission finance:read) */
        get: operations["loans_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/finance/loans/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * finance.loans.create (permission finance:write)
         * @description The same as POST /v1/finance/loans.
         */
        post: operations["finance_loans_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List ledger transactions (permission transactions:read) */
        get: operations["transactions_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger transactions (permission transactions:read)
         * @description The same as GET /v1/transactions.
         */
        get: operations["transactions_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate transactions: count, sum, avg, min, max, per group (permission transactions:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/transactions applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_transactions_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve ledger transaction (permission transactions:read) */
        get: operations["transactions_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List prices (permission prices:read) */
        get: operations["prices_list"];
        put?: never;
        /** prices.create (permission prices:write) */
        post: operations["prices_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prices (permission prices:read)
         * @description The same as GET /v1/prices.
         */
        get: operations["prices_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate prices: count, sum, avg, min, max, per group (permission prices:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/prices applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_prices_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve price (permission prices:read) */
        get: operations["prices_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * prices.create (permission prices:write)
         * @description The same as POST /v1/prices.
         */
        post: operations["prices_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions (permission subscriptions:read) */
        get: operations["subscriptions_list"];
        put?: never;
        /** subscriptions.create (permission subscriptions:write) */
        post: operations["subscriptions_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscriptions (permission subscriptions:read)
         * @description The same as GET /v1/subscriptions.
         */
        get: operations["subscriptions_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate subscriptions: count, sum, avg, min, max, per group (permission subscriptions:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/subscriptions applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_subscriptions_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve subscription (permission subscriptions:read) */
        get: operations["subscriptions_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** subscriptions.update (permission subscriptions:write) */
        patch: operations["subscriptions_update"];
        trace?: never;
    };
    "/v1/subscriptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscriptions.create (permission subscriptions:write)
         * @description The same as POST /v1/subscriptions.
         */
        post: operations["subscriptions_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** subscriptions.cancel (permission subscriptions:write) */
        post: operations["subscriptions_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/fx/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quote a currency conversion (global:read)
         * @description Test mode: the fixed table of docs/global.md. Live mode: the rates imported with `npm run fx -- import FILE` (ECB CSV or XML); older than FX_MAX_AGE_HOURS is 422 FX_RATE_STALE, none imported 503. FX_SPREAD_BPS is included in `rate`.
         */
        get: operations["get_global_fx_quote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/tax/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calculate tax on an amount (global:read)
         * @description The destination's tax from the offline tables of the sales-tax package; `amount` excludes tax; `tax_amount` = amount x rate, half to even. EU B2B across borders with a valid `vat_id` is reverse charge at 0. `region` is required for US (state) and CA (province). The seller is `seller_country`, else the account's country, else DE in test mode.
         */
        get: operations["get_global_tax_calculate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/shipping/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote shipping for parcels (global:read)
         * @description Each parcel bills max(weight, L x W x H / 5000 kg) rounded up to 100 g and is priced by the zone x weight tier tables (test mode: the shipped default; live mode: the imported table, else the default). Quotes are in the origin country's currency, cheapest first.
         */
        post: operations["post_global_shipping_quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/compliance/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screen a name against the sanctions lists (global:write); the check is stored
         * @description Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE` (503 SERVICE_UNAVAILABLE naming the list when none is loaded). Fuzzy matching (token order, transliteration, accents, typos, aliases); scores 0..1, at least COMPLIANCE_MATCH_SCORE is `match`, at least COMPLIANCE_POTENTIAL_MATCH_SCORE `potential_match`. A country of COMPLIANCE_EMBARGOED_COUNTRIES is a match on the country. See docs/global.md.
         */
        post: operations["global_compliance_check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/compliance/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sanctions lists loaded for the key's mode (global:read)
         * @description Test mode: the shipped test list. Live mode: the lists imported with `npm run compliance -- import FILE`.
         */
        get: operations["get_global_compliance_lists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/orders/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an order priced across borders: shipping, tax, a locked FX quote, the customer screened (orders:create)
         * @description The same order resource as /v1/orders (GET /v1/orders/{id}), with amount_subtotal, amount_shipping, amount_tax (on subtotal plus shipping), amount_total (= amount), fx (the locked quote to the settlement currency), settlement {currency, amount_total}, ship_to, shipping, tax and compliance. The customer is screened first: a match is 422 COMPLIANCE_BLOCKED and nothing is created; a potential_match creates the order on hold with the check attached. Shipping: one parcel of the items' weight from the account's country (DE for test accounts without one), the cheapest service unless shipping_service names one. Stock is reserved as /v1/orders does. See docs/global.md.
         */
        post: operations["global_orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/compliance/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List compliance checks (permission global:read) */
        get: operations["checks_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/compliance/checks/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate checks: count, sum, avg, min, max, per group (permission global:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/global/compliance/checks applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_global_compliance_checks_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global/compliance/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve compliance check (permission global:read) */
        get: operations["checks_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List agents (permission agents:read) */
        get: operations["agents_list"];
        put?: never;
        /** agents.create (permission agents:write) */
        post: operations["agents_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agents.create (permission agents:write)
         * @description The same as POST /v1/agents.
         */
        post: operations["agents_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents (permission agents:read)
         * @description The same as GET /v1/agents.
         */
        get: operations["agents_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate agents: count, sum, avg, min, max, per group (permission agents:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/agents applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_agents_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve agent (permission agents:read) */
        get: operations["agents_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** agents.update_config (permission agents:write) */
        patch: operations["agents_update_config"];
        trace?: never;
    };
    "/v1/agents/{id}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run an operation as the agent, decided by its policy (permission agents:execute); always 200 with the agent_execution unless the request itself is invalid */
        post: operations["post_agents_id_execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/executions/{eid}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve (and run) an execution pending approval (a secret key with agents:write) */
        post: operations["post_agents_id_executions_eid_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/executions/{eid}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject an execution pending approval (a secret key with agents:write) */
        post: operations["post_agents_id_executions_eid_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/executions/{eid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an agent's execution (permission agents:read) */
        get: operations["get_agents_id_executions_eid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/executions/{eid}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Re-run an execution's recorded facts through the policy: verified when the outcome and proof hash agree (permission agents:read) */
        get: operations["get_agents_id_executions_eid_verify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's executions, newest first (permission agents:read); filters status, operation, created */
        get: operations["activity_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's executions, newest first (permission agents:read); filters status, operation, created
         * @description The same as GET /v1/agents/{id}/activity.
         */
        get: operations["executions_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's connected accounts, newest first (permission accounts:read); limit (1-100, default 10), starting_after */
        get: operations["get_accounts"];
        put?: never;
        /** accounts.create (permission accounts:write) */
        post: operations["accounts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * accounts.create (permission accounts:write)
         * @description The same as POST /v1/accounts.
         */
        post: operations["accounts_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a connected account (permission accounts:read) */
        get: operations["get_accounts_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints (permission webhooks:read) */
        get: operations["webhooks_list"];
        put?: never;
        /** webhook_endpoints.create (permission webhooks:write) */
        post: operations["webhook_endpoints_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints (permission webhooks:read)
         * @description The same as GET /v1/webhooks.
         */
        get: operations["webhooks_list_alias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aggregate webhooks: count, sum, avg, min, max, per group (permission webhooks:read or analytics:read; costs as analytics)
         * @description Every filter of GET /v1/webhooks applies. At most 1000 groups. See docs/aggregates.md.
         */
        get: operations["get_webhooks_aggregate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve webhook endpoint (permission webhooks:read) */
        get: operations["webhooks_retrieve"];
        /** webhook_endpoints.update (permission webhooks:write) */
        put: operations["webhook_endpoints_update"];
        post?: never;
        /** webhook_endpoints.delete (permission webhooks:write) */
        delete: operations["webhook_endpoints_delete"];
        options?: never;
        head?: never;
        /** webhook_endpoints.update (permission webhooks:write) */
        patch: operations["webhook_endpoints_update_patch"];
        trace?: never;
    };
    "/v1/webhooks/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoints.create (permission webhooks:write)
         * @description The same as POST /v1/webhooks.
         */
        post: operations["webhook_endpoints_create_alias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** webhook_endpoints.rotate_secret (permission webhooks:write) */
        post: operations["webhook_endpoints_rotate_secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one signed sample event to the endpoint now (permission webhooks:write) */
        post: operations["post_webhooks_id_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's deliveries and their attempts (permission webhooks:read) */
        get: operations["get_webhooks_id_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a delivery now (permission webhooks:write) */
        post: operations["post_webhooks_id_deliveries_deliveryId_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-enable a disabled endpoint and redeliver what it missed (permission webhooks:write) */
        post: operations["post_webhooks_id_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's delivery figures (permission webhooks:read) */
        get: operations["get_webhooks_id_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a user: with no Authorization, a new organisation (test mode) and its owner; with a signed-in user's access token (or a secret key), another user of that organisation */
        post: operations["selfhosted_auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: an access token (JWT) and a refresh token */
        post: operations["selfhosted_auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a refresh token: a new access token and a new refresh token; a refresh token used twice revokes its sign-in */
        post: operations["selfhosted_auth_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List orders (permission orders:read) */
        get: operations["selfhosted_orders_list"];
        put?: never;
        /** orders.create (permission orders:create) */
        post: operations["selfhosted_orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve order (permission orders:read) */
        get: operations["selfhosted_orders_retrieve"];
        /** orders.update (permission orders:update) */
        put: operations["selfhosted_orders_update"];
        post?: never;
        /** orders.delete (permission orders:cancel) */
        delete: operations["selfhosted_orders_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.cancel (permission orders:cancel) */
        post: operations["selfhosted_orders_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.hold (permission orders:update) */
        post: operations["selfhosted_orders_hold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.release (permission orders:update) */
        post: operations["selfhosted_orders_release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/fulfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** orders.fulfill (permission orders:fulfill) */
        post: operations["selfhosted_orders_fulfill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products (permission products:read) */
        get: operations["selfhosted_products_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve product (permission products:read) */
        get: operations["selfhosted_products_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.adjust (permission inventory:write) */
        post: operations["selfhosted_inventory_adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/allocate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.allocate (permission inventory:write) */
        post: operations["selfhosted_inventory_allocate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/reserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.reserve (permission inventory:write) */
        post: operations["selfhosted_inventory_reserve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.release (permission inventory:write) */
        post: operations["selfhosted_inventory_release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** inventory.transfer (permission inventory:write) */
        post: operations["selfhosted_inventory_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List inventory items (permission inventory:read) */
        get: operations["selfhosted_inventory_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve inventory item (permission inventory:read) */
        get: operations["selfhosted_inventory_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List returns (permission returns:read) */
        get: operations["selfhosted_returns_list"];
        put?: never;
        /** returns.create (permission returns:write) */
        post: operations["selfhosted_returns_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve return (permission returns:read) */
        get: operations["selfhosted_returns_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.approve (permission returns:write) */
        post: operations["selfhosted_returns_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.reject (permission returns:write) */
        post: operations["selfhosted_returns_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.receive (permission returns:write) */
        post: operations["selfhosted_returns_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/returns/{id}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** returns.process (permission returns:write) */
        post: operations["selfhosted_returns_process"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's keys of this mode, newest first (permission api_keys:read); never their secrets */
        get: operations["get_api_keys"];
        put?: never;
        /** api_keys.create (permission api_keys:write) */
        post: operations["api_keys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a key (permission api_keys:read); never its secret */
        get: operations["get_api_keys_id"];
        put?: never;
        post?: never;
        /** Revoke a key (permission api_keys:write): refused everywhere within 2 seconds */
        delete: operations["api_keys_revoke"];
        options?: never;
        head?: never;
        /** api_keys.update (permission api_keys:write) */
        patch: operations["api_keys_update"];
        trace?: never;
    };
    "/v1/api_keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Roll a key (permission api_keys:write): a new key with the same settings, its secret shown once; the old one works for expires_in_seconds more (default 0, at most 7 days) */
        post: operations["api_keys_roll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Requests of a key per day (UTC) and route group (permission api_keys:read); counted within about a second */
        get: operations["get_api_keys_id_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A map of the API for language models: authentication, the MCP endpoint, every tool and its REST route, error recovery */
        get: operations["get_llms_txt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A provider's status callback (carrier: a shipment's status; processor: a payment's), signed with the provider's secret (X-Timestamp, X-Signature)
         * @description carrier: `tracking_number` or `order_id`, `status` in_transit or delivered (the order moves to shipped or delivered). processor: `payment_id`, `status` succeeded (a pending payment settles). Signed: X-Timestamp (Unix seconds) and X-Signature, the hex HMAC-SHA256 of "<X-Timestamp>.<raw body>" with the provider's secret (INBOUND_CARRIER_SECRET, INBOUND_PROCESSOR_SECRET); see docs/operations.md.
         */
        post: operations["post_inbound_provider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overall health: {status: "healthy", ...} */
        get: operations["get_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["get_health_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database (and broker) answer; 503 otherwise */
        get: operations["get_health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a sample event to any URL, signed with a one-time secret (permission webhooks:write; test mode only); form fields or JSON */
        post: operations["post_webhooks_simulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/svc/starter.py": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starter client of the decision service (Python) */
        get: operations["get_svc_starter_py"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/svc/starter.mjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starter client of the decision service (JavaScript) */
        get: operations["get_svc_starter_mjs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/svc/example.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An example decision request */
        get: operations["get_svc_example_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/svc/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The decision service's own OpenAPI document */
        get: operations["get_api_svc_openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414) */
        get: operations["get_well_known_oauth_authorization_server"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization request (code flow; PKCE S256 optional): the consent page where the account owner approves */
        get: operations["get_oauth_authorize"];
        put?: never;
        /** The owner's decision: the authorization request's parameters as form fields plus decision=approve|deny; the approver is `Authorization: Bearer <sk_ key or signed-in access token>` (or the page's credential field). 302 to the redirect URI with code and state, or error=access_denied (error=invalid_request when decision is missing or neither) */
        post: operations["post_oauth_authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token endpoint: grant_type=authorization_code (code, redirect_uri, code_verifier when the authorization sent a code_challenge) or refresh_token (refresh_token, scope to narrow); client authentication by HTTP Basic or client_id + client_secret. Errors in OAuth's shape {error, error_description} */
        post: operations["post_oauth_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token revocation (RFC 7009): a refresh token revokes its whole grant, an access token itself; 200 for unknown tokens too. Client authentication required */
        post: operations["post_oauth_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token introspection (RFC 7662) of this client's tokens: {active, scope, client_id, token_type, exp, iat, sub (the account), iss}. Client authentication required */
        post: operations["post_oauth_introspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The MCP session's event stream (text/event-stream); needs Mcp-Session-Id */
        get: operations["get_mcp"];
        put?: never;
        /** MCP over streamable HTTP: JSON-RPC messages (initialize, tools/list, tools/call, resources/list, resources/read); see docs/mcp.md */
        post: operations["post_mcp"];
        /** Ends the MCP session named by Mcp-Session-Id */
        delete: operations["delete_mcp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/svc/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all public packs, scenario messages, fixture expectations and live availability */
        get: operations["getCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/svc/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the decision engine on a scenario (one intentional inference per Idempotency-Key) */
        post: operations["createDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/svc/requests/{idempotencyKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the status of a recorded request without running inference */
        get: operations["getRequestStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @enum {string} */
                code: "MISSING_AUTH_HEADER" | "MISSING_API_KEY" | "INVALID_API_KEY" | "EXPIRED_API_KEY" | "INVALID_TOKEN_FORMAT" | "INACTIVE_ACCOUNT" | "MISSING_SIGNATURE" | "INVALID_SIGNATURE" | "INVALID_CREDENTIALS" | "INVALID_ACCESS_TOKEN" | "EXPIRED_ACCESS_TOKEN" | "INVALID_REFRESH_TOKEN" | "INSUFFICIENT_PERMISSIONS" | "RESOURCE_ACCESS_DENIED" | "PLAN_LIMIT_EXCEEDED" | "IP_NOT_ALLOWED" | "VALIDATION_ERROR" | "MISSING_REQUIRED_FIELD" | "INVALID_FIELD_VALUE" | "INVALID_ENUM_VALUE" | "FIELD_TOO_LONG" | "INVALID_DATE_FORMAT" | "INVALID_FIELD_FORMAT" | "INVALID_JSON" | "UNSUPPORTED_MEDIA_TYPE" | "PAYLOAD_TOO_LARGE" | "HEADERS_TOO_LARGE" | "ROUTE_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "RESOURCE_NOT_FOUND" | "RESOURCE_ALREADY_EXISTS" | "RESOURCE_LOCKED" | "RESOURCE_ARCHIVED" | "PARENT_NOT_FOUND" | "RESOURCE_CONFLICT" | "IDEMPOTENCY_KEY_REUSED" | "INSUFFICIENT_INVENTORY" | "PAYMENT_FAILED" | "INSUFFICIENT_FUNDS" | "REFUND_EXCEEDS_PAYMENT" | "AMOUNT_EXCEEDS_DUE" | "INVALID_STATE_TRANSITION" | "OUTSIDE_RETURN_WINDOW" | "DUPLICATE_REQUEST" | "FX_RATE_STALE" | "SHIPPING_UNAVAILABLE" | "COMPLIANCE_BLOCKED" | "QUERY_TOO_COMPLEX" | "RATE_LIMITED" | "SERVICE_UNAVAILABLE" | "DATABASE_ERROR" | "FINANCING_NOT_ELIGIBLE" | "AMOUNT_EXCEEDS_LIMIT" | "AMOUNT_EXCEEDS_OUTSTANDING" | "INTERNAL_ERROR";
                message: string;
                type: string;
                status: number;
                param?: string;
                details: Record<string, never>;
                request_id: string;
                /** Format: date-time */
                timestamp: string;
                documentation_url: string;
                /** @description the same link as documentation_url */
                doc_url: string;
            };
        };
        Customer: {
            id: string;
            /** @enum {string} */
            object: "customer";
            livemode?: boolean;
            email: string | null;
            name: string | null;
            phone: string | null;
            metadata: unknown;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            orders?: components["schemas"]["Order"][];
            payments?: components["schemas"]["Payment"][];
            /** @description the test_clock's id, or the object when expanded */
            test_clock: (string | null) | components["schemas"]["TestClock"];
            invoices?: components["schemas"]["Invoice"][];
            subscriptions?: components["schemas"]["Subscription"][];
        };
        Product: {
            id: string;
            /** @enum {string} */
            object: "product";
            livemode?: boolean;
            name: string;
            description: string | null;
            sku: string | null;
            price: number;
            currency: string;
            active: boolean;
            metadata: unknown;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            order_items?: components["schemas"]["OrderItem"][];
            inventory_items?: components["schemas"]["InventoryItem"][];
            prices?: components["schemas"]["Price"][];
        };
        Order: {
            id: string;
            /** @enum {string} */
            object: "order";
            livemode?: boolean;
            /** @description the customer's id, or the object when expanded */
            customer: (string | null) | components["schemas"]["Customer"];
            status: string;
            currency: string;
            amount: number;
            metadata: unknown;
            shipping_carrier: string | null;
            tracking_number: string | null;
            cancellation_reason: string | null;
            /** @description Unix seconds */
            fulfilled_at: number | null;
            /** @description Unix seconds */
            delivered_at: number | null;
            /** @description Unix seconds */
            cancelled_at: number | null;
            on_hold: boolean;
            hold_reason: string | null;
            /** @description Unix seconds */
            held_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            amount_subtotal: number | null;
            amount_shipping: number | null;
            amount_tax: number | null;
            amount_total: number | null;
            fx: unknown;
            settlement: unknown;
            ship_to: unknown;
            shipping: unknown;
            tax: unknown;
            compliance: unknown;
            items?: components["schemas"]["OrderItem"][];
            payments?: components["schemas"]["Payment"][];
            returns?: components["schemas"]["Return"][];
            inventory_holds?: components["schemas"]["InventoryHold"][];
            invoices?: components["schemas"]["Invoice"][];
        };
        OrderItem: {
            id: string;
            /** @enum {string} */
            object: "order_item";
            livemode?: boolean;
            /** @description the order's id, or the object when expanded */
            order: string | components["schemas"]["Order"];
            /** @description the product's id, or the object when expanded */
            product: (string | null) | components["schemas"]["Product"];
            name: string;
            quantity: number;
            unit_amount: number;
            amount: number;
            position: number;
            weight_grams: number | null;
            return_items?: components["schemas"]["ReturnItem"][];
        };
        WebhookEndpoint: {
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            livemode?: boolean;
            url: string;
            events: string[];
            description: string | null;
            metadata: unknown;
            active: boolean;
            debug: boolean;
            connect: boolean;
            api_version: string | null;
            disabled_reason: string | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            deliveries?: components["schemas"]["WebhookDelivery"][];
        };
        WebhookDelivery: {
            id: string;
            /** @enum {string} */
            object: "webhook_delivery";
            livemode?: boolean;
            /** @description the endpoint's id, or the object when expanded */
            endpoint: string | components["schemas"]["WebhookEndpoint"];
            event_id: string;
            event_type: string;
            status: string;
            /** @description Unix seconds */
            next_attempt_at: number | null;
            attempt_count: number;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            attempts?: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            id: string;
            /** @enum {string} */
            object: "webhook_attempt";
            livemode?: boolean;
            /** @description the delivery's id, or the object when expanded */
            delivery: string | components["schemas"]["WebhookDelivery"];
            number: number;
            /** @description Unix seconds */
            attempted_at: number;
            response_status: number | null;
            latency_ms: number;
            error: string | null;
            outcome: string;
        };
        Payment: {
            id: string;
            /** @enum {string} */
            object: "payment";
            livemode?: boolean;
            amount: number;
            currency: string;
            status: string;
            payment_method: string;
            /** @description the customer's id, or the object when expanded */
            customer: (string | null) | components["schemas"]["Customer"];
            /** @description the order's id, or the object when expanded */
            order: (string | null) | components["schemas"]["Order"];
            description: string | null;
            metadata: unknown;
            amount_refunded: number;
            failure_reason: string | null;
            transaction_hash: string | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            refunds?: components["schemas"]["Refund"][];
        };
        Refund: {
            id: string;
            /** @enum {string} */
            object: "refund";
            livemode?: boolean;
            /** @description the payment's id, or the object when expanded */
            payment: string | components["schemas"]["Payment"];
            amount: number;
            currency: string;
            status: string;
            reason: string | null;
            transaction_hash: string;
            /** @description Unix seconds */
            created: number;
        };
        LedgerTransaction: {
            id: string;
            /** @enum {string} */
            object: "ledger_transaction";
            livemode?: boolean;
            sequence: number;
            kind: string;
            resource_id: string;
            previous_hash: string;
            hash: string;
            /** @description Unix seconds */
            created: number;
            postings?: components["schemas"]["LedgerPosting"][];
        };
        LedgerPosting: {
            id: string;
            /** @enum {string} */
            object: "ledger_posting";
            livemode?: boolean;
            /** @description the transaction's id, or the object when expanded */
            transaction: string | components["schemas"]["LedgerTransaction"];
            ledger_account_id: string;
            currency: string;
            /** @description an exact decimal */
            amount: string;
            position: number;
        };
        InventoryItem: {
            id: string;
            /** @enum {string} */
            object: "inventory_item";
            livemode?: boolean;
            /** @description the product's id, or the object when expanded */
            product: string | components["schemas"]["Product"];
            location: string;
            on_hand: number;
            reserved: number;
            allocated: number;
            available: number;
            low_stock_threshold: number;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            holds?: components["schemas"]["InventoryHold"][];
            movements?: components["schemas"]["InventoryMovement"][];
        };
        InventoryHold: {
            id: string;
            /** @enum {string} */
            object: "inventory_hold";
            livemode?: boolean;
            /** @description the inventory_item's id, or the object when expanded */
            inventory_item: string | components["schemas"]["InventoryItem"];
            /** @description the order's id, or the object when expanded */
            order: (string | null) | components["schemas"]["Order"];
            reserved: number;
            allocated: number;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
        };
        InventoryMovement: {
            id: string;
            /** @enum {string} */
            object: "inventory_movement";
            livemode?: boolean;
            /** @description the inventory_item's id, or the object when expanded */
            inventory_item: string | components["schemas"]["InventoryItem"];
            kind: string;
            on_hand_delta: number;
            reserved_delta: number;
            allocated_delta: number;
            reason: string | null;
            order_id: string | null;
            return_id: string | null;
            /** @description Unix seconds */
            created: number;
        };
        Return: {
            id: string;
            /** @enum {string} */
            object: "return";
            livemode?: boolean;
            /** @description the order's id, or the object when expanded */
            order: string | components["schemas"]["Order"];
            status: string;
            currency: string;
            refund_amount: number;
            note: string | null;
            rejection_reason: string | null;
            refund_id: string | null;
            metadata: unknown;
            /** @description Unix seconds */
            approved_at: number | null;
            /** @description Unix seconds */
            rejected_at: number | null;
            /** @description Unix seconds */
            received_at: number | null;
            /** @description Unix seconds */
            processed_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            items?: components["schemas"]["ReturnItem"][];
        };
        ReturnItem: {
            id: string;
            /** @enum {string} */
            object: "return_item";
            livemode?: boolean;
            /** @description the return's id, or the object when expanded */
            return: string | components["schemas"]["Return"];
            /** @description the order_item's id, or the object when expanded */
            order_item: string | components["schemas"]["OrderItem"];
            quantity: number;
            reason: string;
            unit_amount: number;
            amount: number;
            position: number;
        };
        Agent: {
            id: string;
            /** @enum {string} */
            object: "agent";
            livemode?: boolean;
            name: string;
            description: string | null;
            status: string;
            permissions: string[];
            limits: unknown;
            approval_above: unknown;
            metadata: unknown;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            executions?: components["schemas"]["AgentExecution"][];
        };
        AgentExecution: {
            id: string;
            /** @enum {string} */
            object: "agent_execution";
            livemode?: boolean;
            /** @description the agent's id, or the object when expanded */
            agent: string | components["schemas"]["Agent"];
            operation: string;
            input: unknown;
            status: string;
            outcome: string;
            rules: string[];
            facts: unknown;
            policy_hash: string;
            proof_hash: string;
            /** @description an exact decimal */
            spend_amount: string;
            spend_currency: string | null;
            result: unknown;
            error: unknown;
            result_id: string | null;
            idempotency_key: string | null;
            request_hash: string | null;
            request_id: string | null;
            decided_by: string | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
        };
        ComplianceCheck: {
            id: string;
            /** @enum {string} */
            object: "compliance_check";
            livemode?: boolean;
            name: string;
            type: string;
            country: string | null;
            date_of_birth: string | null;
            result: string;
            matches: unknown;
            lists: unknown;
            /** @description Unix seconds */
            created: number;
        };
        TestClock: {
            id: string;
            /** @enum {string} */
            object: "test_clock";
            livemode?: boolean;
            name: string | null;
            /** @description Unix seconds */
            frozen_time: number;
            status: string;
            /** @description Unix seconds */
            advancing_to: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            customers?: components["schemas"]["Customer"][];
            invoices?: components["schemas"]["Invoice"][];
            loans?: components["schemas"]["Loan"][];
            subscriptions?: components["schemas"]["Subscription"][];
        };
        Invoice: {
            id: string;
            /** @enum {string} */
            object: "invoice";
            livemode?: boolean;
            number: string | null;
            /** @description the customer's id, or the object when expanded */
            customer: string | components["schemas"]["Customer"];
            /** @description the order's id, or the object when expanded */
            order: (string | null) | components["schemas"]["Order"];
            /** @description the test_clock's id, or the object when expanded */
            test_clock: (string | null) | components["schemas"]["TestClock"];
            currency: string;
            subtotal: number;
            tax: number;
            total: number;
            amount_paid: number;
            amount_due: number;
            status: string;
            /** @description Unix seconds */
            due_date: number | null;
            days_until_due: number | null;
            metadata: unknown;
            /** @description Unix seconds */
            finalized_at: number | null;
            /** @description Unix seconds */
            paid_at: number | null;
            /** @description Unix seconds */
            voided_at: number | null;
            /** @description Unix seconds */
            marked_uncollectible_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            items?: components["schemas"]["InvoiceItem"][];
            payments?: components["schemas"]["InvoicePayment"][];
            /** @description the subscription's id, or the object when expanded */
            subscription: (string | null) | components["schemas"]["Subscription"];
        };
        InvoiceItem: {
            id: string;
            /** @enum {string} */
            object: "invoice_item";
            livemode?: boolean;
            /** @description the invoice's id, or the object when expanded */
            invoice: string | components["schemas"]["Invoice"];
            description: string;
            quantity: number;
            unit_amount: number;
            amount: number;
            tax_rate: string | null;
            tax: number;
            position: number;
        };
        InvoicePayment: {
            id: string;
            /** @enum {string} */
            object: "invoice_payment";
            livemode?: boolean;
            /** @description the invoice's id, or the object when expanded */
            invoice: string | components["schemas"]["Invoice"];
            payment_id: string;
            amount: number;
            /** @description Unix seconds */
            created: number;
        };
        Price: {
            id: string;
            /** @enum {string} */
            object: "price";
            livemode?: boolean;
            /** @description the product's id, or the object when expanded */
            product: string | components["schemas"]["Product"];
            currency: string;
            unit_amount: number;
            interval: string;
            interval_count: number;
            active: boolean;
            metadata: unknown;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            subscription_items?: components["schemas"]["SubscriptionItem"][];
        };
        Subscription: {
            id: string;
            /** @enum {string} */
            object: "subscription";
            livemode?: boolean;
            /** @description the customer's id, or the object when expanded */
            customer: string | components["schemas"]["Customer"];
            /** @description the test_clock's id, or the object when expanded */
            test_clock: (string | null) | components["schemas"]["TestClock"];
            currency: string;
            payment_method: string | null;
            status: string;
            interval: string;
            interval_count: number;
            /** @description Unix seconds */
            billing_cycle_anchor: number;
            /** @description Unix seconds */
            current_period_start: number;
            /** @description Unix seconds */
            current_period_end: number;
            cancel_at_period_end: boolean;
            /** @description Unix seconds */
            trial_start: number | null;
            /** @description Unix seconds */
            trial_end: number | null;
            /** @description Unix seconds */
            canceled_at: number | null;
            /** @description Unix seconds */
            ended_at: number | null;
            /** @description the latest_invoice's id, or the object when expanded */
            latest_invoice: (string | null) | components["schemas"]["Invoice"];
            payment_attempts: number;
            /** @description Unix seconds */
            next_payment_attempt: number | null;
            metadata: unknown;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            items?: components["schemas"]["SubscriptionItem"][];
            invoices?: components["schemas"]["Invoice"][];
        };
        SubscriptionItem: {
            id: string;
            /** @enum {string} */
            object: "subscription_item";
            livemode?: boolean;
            /** @description the subscription's id, or the object when expanded */
            subscription: string | components["schemas"]["Subscription"];
            /** @description the price's id, or the object when expanded */
            price: string | components["schemas"]["Price"];
            quantity: number;
            position: number;
        };
        InvoiceFactoring: {
            id: string;
            /** @enum {string} */
            object: "invoice_factoring";
            livemode?: boolean;
            /** @description the invoice's id, or the object when expanded */
            invoice: string | components["schemas"]["Invoice"];
            currency: string;
            invoice_total: number;
            advance_rate: string;
            fee_rate: string;
            advance_amount: number;
            fee_amount: number;
            amount_repaid: number;
            outstanding: number;
            status: string;
            transaction_hash: string;
            underwriting: unknown;
            /** @description Unix seconds */
            repaid_at: number | null;
            /** @description Unix seconds */
            defaulted_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
        };
        PoFinancing: {
            id: string;
            /** @enum {string} */
            object: "po_financing";
            livemode?: boolean;
            purchase_order: unknown;
            currency: string;
            amount: number;
            fee_rate: string;
            fee_amount: number;
            amount_repaid: number;
            outstanding: number;
            status: string;
            transaction_hash: string;
            underwriting: unknown;
            /** @description Unix seconds */
            repaid_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
        };
        Loan: {
            id: string;
            /** @enum {string} */
            object: "loan";
            livemode?: boolean;
            currency: string;
            principal: number;
            fee_rate: string;
            fee_amount: number;
            total_repayable: number;
            amount_repaid: number;
            outstanding: number;
            term_days: number;
            repayment: string;
            withhold_rate: string | null;
            schedule: unknown;
            status: string;
            /** @description the test_clock's id, or the object when expanded */
            test_clock: (string | null) | components["schemas"]["TestClock"];
            transaction_hash: string;
            underwriting: unknown;
            failed_attempts: number;
            /** @description Unix seconds */
            repaid_at: number | null;
            /** @description Unix seconds */
            defaulted_at: number | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
        };
        /** @description Body of a decision run. No other properties are allowed. */
        SvcRequest: {
            /**
             * @description one of the seven industries
             * @enum {string}
             */
            industry: "financial_services" | "travel_hospitality" | "healthcare" | "retail" | "telecommunications" | "technology" | "media";
            /** @description scenario id taken from the catalog */
            scenario: string;
            /** @description replaces the sample customer message; if omitted the sample message is used */
            message?: string;
        };
        /** @description 200 response of a decision run. */
        SvcDecision: {
            industry: string;
            scenario: string;
            /** @enum {string} */
            mode: "live";
            /**
             * @description expected outcome of the original scenario; may differ from the live result
             * @enum {string}
             */
            fixture_expectation?: "approved" | "denied" | "refused" | "not_approved";
            result: components["schemas"]["SvcResult"];
            /** @description false when message differs from the original scenario message */
            expectation_applicable: boolean;
            /** @description server-generated correlation id; also in header X-Request-ID */
            request_id?: string;
            schema_version?: string;
        };
        SvcResult: {
            /** @enum {string} */
            decision: "approved" | "denied" | "refused";
            plain_explanation?: string;
            rationale?: string;
            judgments: components["schemas"]["SvcJudgments"];
            proof?: components["schemas"]["SvcProof"];
            evidence?: components["schemas"]["SvcEvidence"];
            refusal?: components["schemas"]["SvcRefusal"];
            routing?: components["schemas"]["SvcRouting"];
        };
        SvcJudgments: {
            /** @description name of the judge model; the local judge reports local-lexical-judge-v1 */
            model: string;
            judgments: components["schemas"]["SvcJudgment"][];
            /** @description summed from the model server's usage; absent when not reported */
            input_tokens?: number;
            /** @description summed from the model server's usage; absent when not reported */
            output_tokens?: number;
            latency_ms?: number;
            rounds?: number;
        };
        SvcJudgment: {
            predicate: string;
            value: number | string;
            subject?: string;
            /** @enum {string} */
            type?: "noul" | "choice" | "score";
            confidence?: number;
            probabilities?: {
                [key: string]: number;
            };
            /** @description the fact the judgment asserts, when its confidence passes the threshold */
            fact?: string;
            readings?: number;
            agreement?: number;
            samples?: number[];
            /** @description local or llm */
            origin?: string;
            round?: number;
            reason?: string;
        };
        SvcPredicate: {
            name: string;
            args: (string | number | boolean | null)[];
            negated?: boolean;
        };
        SvcProof: {
            /** @description names of rules cited */
            cited_rules: string[];
            symbolic_steps?: number;
            neural_steps?: number;
            planner_steps?: number;
            proof_score?: number;
            /** @description complete, incomplete, contradicted, held_for_review, bounded or unverified */
            proof_status?: string;
            derivation?: components["schemas"]["SvcDerivation"];
            /** @description sha256 hex of the canonical JSON of the policy */
            request_policy_hash?: string;
        };
        SvcDerivationStep: {
            rule: string;
            premises: string[];
            conclusions: string[];
        };
        SvcDerivation: {
            steps: components["schemas"]["SvcDerivationStep"][];
            /** @description result of re-checking the steps against the policy and recorded facts */
            replayable: boolean;
            authorizing_predicate?: string;
            org_facts_used?: string[];
            cited_org_rules?: {
                name: string;
                conditions: string[];
                conclusions: string[];
            }[];
        };
        SvcEvidence: {
            accepted: number;
            claims?: number;
            requires_human_review?: boolean;
            unknown?: string[];
            rejected?: {
                claim?: string;
                predicate: string;
                subject?: string;
                /** @description untrusted, stale or conflict */
                reason: string;
                detail?: string;
            }[];
            conflicts?: {
                predicate: string;
                subject?: string;
                claims?: string[];
                resolution: string;
                accepted?: string;
            }[];
        };
        SvcRefusal: {
            reason: string;
            requires_human_review?: boolean;
            missing_facts?: {
                predicate: string;
                args: string[];
                needed_by_rule: string;
                question: string;
                resolves_with?: {
                    predicate: components["schemas"]["SvcPredicate"];
                };
            }[];
            failed_constraints?: {
                constraint: string;
                needed_by_rule: string;
                explanation: string;
            }[];
        };
        SvcRouting: {
            /** @enum {string} */
            band: "act" | "confirm" | "escalate";
            effective_confidence?: number;
            basis?: string;
            act_threshold?: number;
            confirm_threshold?: number;
            reason?: string;
        };
        SvcProvenance: {
            source?: string;
            trust?: string;
            observed_at?: string;
            valid_until?: string;
            valid_from?: string;
        };
        SvcFact: {
            predicate: components["schemas"]["SvcPredicate"];
            provenance?: components["schemas"]["SvcProvenance"];
            age_secs?: number;
        };
        SvcRule: {
            name: string;
            if: components["schemas"]["SvcPredicate"][];
            then: components["schemas"]["SvcPredicate"][];
            /** @enum {string} */
            effect?: "derive" | "authorize" | "deny" | "require_review" | "constraint";
        };
        SvcQuestion: {
            predicate: string;
            instructions: string;
            /** @enum {string} */
            type: "noul" | "choice" | "score";
            complement?: string;
            criteria?: {
                [key: string]: string;
            };
            /** @description extension: the judgment's subject is the first argument of this predicate's claim */
            subject_from?: string;
            /** @description extension: score questions assert the predicate at or above this value */
            threshold?: number;
        };
        SvcScenario: {
            id: string;
            name: string;
            message: string;
            /** @enum {string} */
            expectation: "approved" | "denied" | "refused" | "not_approved";
            facts: components["schemas"]["SvcFact"][];
            note?: string;
            human_review?: boolean;
            challenge?: string | null;
        };
        SvcPack: {
            industry: string;
            scenarios: components["schemas"]["SvcScenario"][];
            policy: components["schemas"]["SvcRule"][];
            questions: components["schemas"]["SvcQuestion"][];
            source_trust: {
                [key: string]: string;
            };
            title?: string;
            summary?: string;
            definition?: string;
            rules?: number;
            judgments?: number;
            premise_requirements?: {
                [key: string]: {
                    min_trust?: string;
                    functional?: boolean;
                    max_age_secs?: number;
                    /** @enum {string} */
                    on_conflict?: "prefer_highest_trust" | "prefer_most_recent" | "reject_all" | "human_review";
                };
            };
            /** @description extension: trust levels, lowest first */
            trust_levels?: string[];
            /** @description extension: routing thresholds */
            routing?: {
                act_threshold: number;
                confirm_threshold: number;
                judgment_threshold?: number;
            };
            /** @description extension: bound on rule firings */
            max_steps?: number;
        };
        SvcCatalog: {
            /** @description true when runs are judged by a model (a chat-completions judge is configured); false with the local lexical judge */
            live_available: boolean;
            packs: components["schemas"]["SvcPack"][];
            version?: number;
            requires_svc_key?: boolean;
            model?: string;
            max_message_chars?: number;
            openapi?: string;
            agent_instructions?: string;
            example?: string;
            starter_kits?: {
                python: string;
                javascript: string;
            };
            schema_version?: string;
            capabilities?: string;
        };
        /** @description Status of a recorded request; reading it never runs inference. */
        SvcRequestStatus: {
            idempotency_key: string;
            /**
             * @description unknown: the run's process stopped mid-run; it is never rerun automatically
             * @enum {string}
             */
            status: "pending" | "completed" | "failed" | "unknown";
            industry: string;
            scenario: string;
            /** Format: date-time */
            created: string;
            /** Format: date-time */
            completed: string | null;
            result?: components["schemas"]["SvcDecision"];
            error?: components["schemas"]["SvcErrorDetail"];
        };
        SvcErrorDetail: {
            code: string;
            message: string;
            next_action: string;
            /** @enum {boolean} */
            safe_to_auto_retry: false;
            retry_after_seconds?: number;
            request_id?: string;
        };
        SvcError: {
            error: components["schemas"]["SvcErrorDetail"];
        };
        StablecoinIssuance: {
            id: string;
            /** @constant */
            object: "stablecoin_issuance";
            livemode?: boolean;
            /** @description an exact decimal */
            amount: string;
            recipient: string;
            status: string;
            transaction_hash: string;
            /** @description Unix seconds */
            created: number;
        };
        StablecoinRedemption: {
            id: string;
            /** @constant */
            object: "stablecoin_redemption";
            livemode?: boolean;
            /** @description an exact decimal */
            amount: string;
            bank_account: string;
            status: string;
            transaction_hash: string;
            /** @description Unix seconds */
            created: number;
        };
        StablecoinTransfer: {
            id: string;
            /** @constant */
            object: "stablecoin_transfer";
            livemode?: boolean;
            from_address: string;
            to_address: string;
            recipient_account_id: string;
            /** @description an exact decimal */
            amount: string;
            status: string;
            transaction_hash: string;
            /** @description Unix seconds */
            created: number;
        };
        Account: {
            id: string;
            /** @constant */
            object: "account";
            livemode?: boolean;
            name: string;
            status: string;
            plan: string;
            api_version: string | null;
            platform_id: string | null;
            business_name: string | null;
            country: string | null;
            default_currency: string | null;
            /** @description Unix seconds */
            created: number;
            /** @description Unix seconds */
            updated: number;
            customers?: components["schemas"]["Customer"][];
            products?: components["schemas"]["Product"][];
            orders?: components["schemas"]["Order"][];
            webhook_endpoints?: components["schemas"]["WebhookEndpoint"][];
            payments?: components["schemas"]["Payment"][];
            inventory_items?: components["schemas"]["InventoryItem"][];
            returns?: components["schemas"]["Return"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_graphql: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_graphql: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    options_graphql: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_auth_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_root: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_versions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: string;
                        /** @enum {string} */
                        status: "alpha" | "beta" | "stable" | "deprecated" | "retired";
                        documentation_url: string;
                        /** Format: date-time */
                        end_of_life: string | null;
                        /** Format: date-time */
                        release_date: string;
                    }[];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_errors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_events: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_events_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_events_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Customer"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    name?: string | null;
                    phone?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                    test_clock?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Customer"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_customers_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    name?: string | null;
                    phone?: string | null;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    customers_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    name?: string | null;
                    phone?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                    test_clock?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Product"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    sku?: string | null;
                    price: number;
                    currency: string;
                    active?: boolean;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Product"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_products_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    sku?: string | null;
                    price?: number;
                    active?: boolean;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    products_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    sku?: string | null;
                    price: number;
                    currency: string;
                    active?: boolean;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Order"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    customer?: string | null;
                    items: {
                        product?: string;
                        name?: string;
                        quantity: number;
                        unit_amount?: number;
                    }[];
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Order"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_orders_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
                    customer?: string | null;
                    shipping_carrier?: string | null;
                    tracking_number?: string | null;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    customer?: string | null;
                    items: {
                        product?: string;
                        name?: string;
                        quantity: number;
                        unit_amount?: number;
                    }[];
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_fulfill: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_carrier?: string;
                    tracking_number?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    reason?: "duplicate" | "fraudulent" | "requested_by_customer" | "abandoned" | "other";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_hold: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    orders_release: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_adjust: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    delta: number;
                    reason: string;
                    low_stock_threshold?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_reserve: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_allocate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_release: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_transfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    from_location: string;
                    to_location: string;
                    quantity: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id?: string;
                        /** @enum {string} */
                        object?: "inventory_transfer";
                        product?: string;
                        from_location?: string;
                        to_location?: string;
                        quantity?: number;
                        from?: components["schemas"]["InventoryItem"];
                        to?: components["schemas"]["InventoryItem"];
                        created?: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["InventoryItem"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["InventoryItem"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_inventory_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inventory_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment: string;
                    amount?: number;
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Payment"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    /** @description ISO 4217 code (usd, eur), or the stablecoin's code (usdx by default): a payment in the coin's currency is paid from the account's wallet */
                    currency: string;
                    /** @description stablecoin or a card payment method; required, but for a payment in the stablecoin's currency (then stablecoin, the only one it takes) */
                    payment_method?: string;
                    customer?: string | null;
                    order?: string | null;
                    description?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Payment"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_payments_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payments_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    /** @description ISO 4217 code (usd, eur), or the stablecoin's code (usdx by default): a payment in the coin's currency is paid from the account's wallet */
                    currency: string;
                    /** @description stablecoin or a card payment method; required, but for a payment in the stablecoin's currency (then stablecoin, the only one it takes) */
                    payment_method?: string;
                    customer?: string | null;
                    order?: string | null;
                    description?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refunds_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Refund"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refunds_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Refund"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_refunds_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refunds_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_account_balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Return"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order: string;
                    items: {
                        order_item: string;
                        quantity: number;
                        reason: string;
                    }[];
                    note?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Return"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_returns_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order: string;
                    items: {
                        order_item: string;
                        quantity: number;
                        reason: string;
                    }[];
                    note?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_receive: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    returns_process: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description words (every one must match, the last as a prefix), "exact phrase", -excluded, field:value */
                    query: string;
                    /** @description empty: every resource the key may read (warranties and tickets: not available on this server) */
                    resources?: ("orders" | "customers" | "products" | "inventory" | "returns" | "warranties" | "tickets")[];
                    filters?: {
                        date_range?: {
                            /** @enum {string} */
                            field?: "created" | "updated";
                            /** Format: date-time */
                            from?: string;
                            /** Format: date-time */
                            to?: string;
                        };
                        status?: string[];
                        /** @description each must be among the comma-separated metadata.tags */
                        tags?: string[];
                        /** @description metadata key -> value (or any of values) */
                        custom_fields?: {
                            [key: string]: string | string[];
                        };
                    };
                    /** @description resource_type, status, currency, metadata.<key> */
                    facets?: string[];
                    sort?: {
                        /** @description score (default), created, updated, amount, price, refund_amount, available */
                        field?: string;
                        /** @enum {string} */
                        order?: "asc" | "desc";
                    };
                    pagination?: {
                        page?: number;
                        /** @default 20 */
                        per_page?: number;
                    };
                    highlight?: boolean;
                    suggest?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results?: {
                            id?: string;
                            /** @description the singular: order, customer, product, inventory_item, return */
                            resource_type?: string;
                            /** @description relevance: 2 exact, 1 prefix, 0 with typos, plus the weighted rank (0-1) */
                            score?: number;
                            /** @description the resource as GET /v1/<resource>/{id} shows it */
                            data?: Record<string, never>;
                            /** @description REST field path -> the stored text, HTML-escaped, matched words wrapped (only with highlight: true) */
                            highlights?: {
                                [key: string]: string;
                            };
                        }[];
                        facets?: {
                            [key: string]: {
                                [key: string]: number;
                            };
                        };
                        suggestions?: {
                            text?: string;
                            score?: number;
                        }[];
                        total_results?: number;
                        page?: number;
                        per_page?: number;
                        query_time_ms?: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stablecoin_issue: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
                    amount: string;
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StablecoinIssuance"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stablecoin_redeem: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
                    amount: string;
                    bank_account: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StablecoinRedemption"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stablecoin_transfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Amount of the coin: a positive decimal string with at most 6 decimal places, e.g. "12.5" */
                    amount: string;
                    to: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StablecoinTransfer"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_stablecoin_balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redemptions_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StablecoinRedemption"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_public_balance_address: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Invoice"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: string;
                    currency: string;
                    items: {
                        description: string;
                        quantity: number;
                        unit_amount: number;
                        tax_rate?: string | null;
                    }[];
                    due_date?: number;
                    days_until_due?: number;
                    order?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Invoice"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_invoices_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: string;
                    currency: string;
                    items: {
                        description: string;
                        quantity: number;
                        unit_amount: number;
                        tax_rate?: string | null;
                    }[];
                    due_date?: number;
                    days_until_due?: number;
                    order?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_finalize: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_void: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_mark_uncollectible: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_pay: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_method: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invoices_payments: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    payment_method: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_clocks_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["TestClock"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_clocks_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    frozen_time: number;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_clocks_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_clocks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    test_clocks_advance: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    frozen_time: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_finance_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finance_invoices_factor: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invoice: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceFactoring"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finance_po_finance: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    purchase_order: {
                        number: string;
                        supplier: string;
                        amount: number;
                        currency: string;
                        expected_delivery: number;
                    };
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoFinancing"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    factorings_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["InvoiceFactoring"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    factorings_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["InvoiceFactoring"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_finance_factorings_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    factorings_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceFactoring"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    po_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["PoFinancing"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    po_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["PoFinancing"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_finance_po_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    po_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoFinancing"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finance_po_repay: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PoFinancing"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    loans_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Loan"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finance_loans_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    currency: string;
                    term_days: number;
                    /** @enum {string} */
                    repayment: "fixed" | "revenue_share";
                    /** @description A fraction in (0, 1) as a decimal string, e.g. "0.1" */
                    withhold_rate?: string;
                    test_clock?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Loan"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    loans_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Loan"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_finance_loans_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    loans_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Loan"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finance_loans_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    currency: string;
                    term_days: number;
                    /** @enum {string} */
                    repayment: "fixed" | "revenue_share";
                    /** @description A fraction in (0, 1) as a decimal string, e.g. "0.1" */
                    withhold_rate?: string;
                    test_clock?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Loan"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transactions_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["LedgerTransaction"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transactions_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["LedgerTransaction"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_transactions_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transactions_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerTransaction"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    prices_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Price"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    prices_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    currency: string;
                    unit_amount: number;
                    recurring: {
                        /** @enum {string} */
                        interval: "day" | "week" | "month" | "year";
                        interval_count?: number;
                    };
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    prices_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Price"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_prices_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    prices_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    prices_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    currency: string;
                    unit_amount: number;
                    recurring: {
                        /** @enum {string} */
                        interval: "day" | "week" | "month" | "year";
                        interval_count?: number;
                    };
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Price"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Subscription"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: string;
                    items: {
                        price: string;
                        quantity?: number;
                    }[];
                    payment_method?: string | null;
                    trial_period_days?: number;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Subscription"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_subscriptions_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_method?: string | null;
                    cancel_at_period_end?: boolean;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer: string;
                    items: {
                        price: string;
                        quantity?: number;
                    }[];
                    payment_method?: string | null;
                    trial_period_days?: number;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscriptions_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    at_period_end?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_global_fx_quote: {
        parameters: {
            query: {
                from: string;
                to: string;
                /** @description minor units of `from` */
                amount: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object?: "fx_quote";
                        from?: string;
                        to?: string;
                        /** @description units of `to` per unit of `from`, spread included, 10 significant digits */
                        rate?: string;
                        amount?: number;
                        /** @description minor units of `to`: amount x rate, half to even */
                        converted_amount?: number;
                        /** @description test_table, ecb (imported) or same_currency */
                        source?: string;
                        as_of?: number;
                        expires_at?: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_global_tax_calculate: {
        parameters: {
            query: {
                amount: string;
                currency: string;
                country: string;
                region?: string;
                postal_code?: string;
                customer_type?: "b2c" | "b2b";
                vat_id?: string;
                seller_country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_global_shipping_quote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: {
                        country: string;
                        /** @description echoed, not used for zoning */
                        postal_code?: string | null;
                    };
                    to: {
                        country: string;
                        /** @description echoed, not used for zoning */
                        postal_code?: string | null;
                    };
                    parcels: {
                        weight_grams: number;
                        length_cm?: number;
                        width_cm?: number;
                        height_cm?: number;
                    }[];
                    services?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    global_compliance_check: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @default any
                     * @enum {string}
                     */
                    type?: "individual" | "entity" | "any";
                    country?: string;
                    date_of_birth?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComplianceCheck"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_global_compliance_lists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    global_orders_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    settlement_currency?: string;
                    customer: string;
                    ship_to: {
                        country: string;
                        region?: string;
                        postal_code: string;
                    };
                    items: {
                        product?: string;
                        name?: string;
                        quantity: number;
                        unit_amount?: number;
                        weight_grams: number;
                    }[];
                    shipping_service?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checks_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["ComplianceCheck"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_global_compliance_checks_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checks_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComplianceCheck"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Agent"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    permissions: string[];
                    limits: {
                        per_transaction?: {
                            amount: number;
                            currency: string;
                        };
                        daily?: {
                            amount: number;
                            currency: string;
                        };
                        allowed_operations?: string[];
                        allowed_counterparties?: string[];
                    };
                    approval_above?: {
                        amount: number;
                        currency: string;
                    } | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    permissions: string[];
                    limits: {
                        per_transaction?: {
                            amount: number;
                            currency: string;
                        };
                        daily?: {
                            amount: number;
                            currency: string;
                        };
                        allowed_operations?: string[];
                        allowed_counterparties?: string[];
                    };
                    approval_above?: {
                        amount: number;
                        currency: string;
                    } | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Agent"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_agents_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_update_config: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    permissions?: string[];
                    limits?: {
                        per_transaction?: {
                            amount: number;
                            currency: string;
                        };
                        daily?: {
                            amount: number;
                            currency: string;
                        };
                        allowed_operations?: string[];
                        allowed_counterparties?: string[];
                    };
                    approval_above?: {
                        amount: number;
                        currency: string;
                    } | null;
                    /** @enum {string} */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_agents_id_execute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a declared operation, e.g. orders.create, payments.create, stablecoin.transfer */
                    operation: string;
                    /** @description the operation's REST body */
                    input?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentExecution"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_agents_id_executions_eid_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentExecution"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_agents_id_executions_eid_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentExecution"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_agents_id_executions_eid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentExecution"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_agents_id_executions_eid_verify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    activity_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["AgentExecution"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executions_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["AgentExecution"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_accounts: {
        parameters: {
            query?: {
                limit?: number;
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accounts_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    country: string;
                    default_currency: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accounts_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    country: string;
                    default_currency: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_accounts_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["WebhookEndpoint"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: string[];
                    description?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description false: registered inactive (no deliveries are made for it until it is set active); default true */
                    active?: boolean;
                    /** @description true: log every attempt to this endpoint (ids, status, latency, error) */
                    debug?: boolean;
                    /** @description the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
                    api_version?: string | null;
                    /** @description true: a platform's endpoint for its connected accounts' events (and none of its own), as Stripe's Connect webhooks; set at creation */
                    connect?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_list_alias: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["WebhookEndpoint"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_webhooks_aggregate: {
        parameters: {
            query?: {
                /** @description comma-separated text or boolean fields (e.g. status,currency): one group per distinct combination */
                group_by?: string;
                /** @description comma-separated numeric fields */
                sum?: string;
                /** @description comma-separated numeric fields */
                avg?: string;
                /** @description comma-separated numeric or date-time fields */
                min?: string;
                /** @description comma-separated numeric or date-time fields */
                max?: string;
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "aggregate";
                        count: number;
                        sum?: {
                            [key: string]: number | null;
                        };
                        avg?: {
                            [key: string]: number | null;
                        };
                        min?: {
                            [key: string]: number | null;
                        };
                        max?: {
                            [key: string]: number | null;
                        };
                        groups?: Record<string, never>[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: string[];
                    description?: string | null;
                    metadata?: {
                        [key: string]: string | null;
                    };
                    active?: boolean;
                    debug?: boolean;
                    /** @description the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
                    api_version?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_update_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: string[];
                    description?: string | null;
                    metadata?: {
                        [key: string]: string | null;
                    };
                    active?: boolean;
                    debug?: boolean;
                    /** @description the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
                    api_version?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_create_alias: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: string[];
                    description?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description false: registered inactive (no deliveries are made for it until it is set active); default true */
                    active?: boolean;
                    /** @description true: log every attempt to this endpoint (ids, status, latency, error) */
                    debug?: boolean;
                    /** @description the API version this endpoint's events are rendered in (YYYY-MM-DD, see GET /api/versions); null: the account's */
                    api_version?: string | null;
                    /** @description true: a platform's endpoint for its connected accounts' events (and none of its own), as Stripe's Connect webhooks; set at creation */
                    connect?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook_endpoints_rotate_secret: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_in_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_webhooks_id_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the event type of the sample, such as order.created */
                    event_type: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_webhooks_id_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_webhooks_id_deliveries_deliveryId_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_webhooks_id_recover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_webhooks_id_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_auth_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    name?: string | null;
                    organization?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description usr_... */
                        id: string;
                        /** @enum {string} */
                        object: "user";
                        email: string;
                        name: string | null;
                        /** @enum {string} */
                        role: "owner" | "member";
                        account: string;
                        organization: string;
                        livemode: boolean;
                        created: number;
                        updated: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a JWT (HS256); send it as `Authorization: Bearer <access_token>` */
                        access_token: string;
                        /** @description opaque, single use: POST /auth/refresh */
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description seconds the access token lives (JWT_EXPIRATION) */
                        expires_in: number;
                        /** @description seconds the refresh token lives (JWT_REFRESH_EXPIRATION) */
                        refresh_expires_in: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_auth_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a JWT (HS256); send it as `Authorization: Bearer <access_token>` */
                        access_token: string;
                        /** @description opaque, single use: POST /auth/refresh */
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description seconds the access token lives (JWT_EXPIRATION) */
                        expires_in: number;
                        /** @description seconds the refresh token lives (JWT_REFRESH_EXPIRATION) */
                        refresh_expires_in: number;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Order"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    customer?: string | null;
                    items: {
                        product?: string;
                        name?: string;
                        quantity: number;
                        unit_amount?: number;
                    }[];
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
                    customer?: string | null;
                    shipping_carrier?: string | null;
                    tracking_number?: string | null;
                    metadata?: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    reason?: "duplicate" | "fraudulent" | "requested_by_customer" | "abandoned" | "other";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_hold: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_release: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_orders_fulfill: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_carrier?: string;
                    tracking_number?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_products_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Product"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_products_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_adjust: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    delta: number;
                    reason: string;
                    low_stock_threshold?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_allocate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_reserve: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_release: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    location?: string;
                    quantity: number;
                    order?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_transfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: string;
                    from_location: string;
                    to_location: string;
                    quantity: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["InventoryItem"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_inventory_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryItem"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description an id: the page after that object */
                starting_after?: string;
                /** @description an id: the page before that object */
                ending_before?: string;
                /** @description pagination.next_cursor or previous_cursor of a page */
                cursor?: string;
                offset?: number;
                page?: number;
                /** @description a field, e.g. created or amount */
                sort?: string;
                order?: "asc" | "desc";
                /** @description comma-separated fields to return */
                fields?: string;
                /** @description related objects to embed */
                "expand[]"?: string[];
                search?: string;
                /** @description Unix seconds or ISO 8601 */
                created_after?: string;
                /** @description Unix seconds or ISO 8601 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: components["schemas"]["Return"][];
                        pagination: {
                            has_more?: boolean;
                            next_cursor?: string | null;
                            previous_cursor?: string | null;
                            total_count?: number;
                            page_count?: number;
                            current_page?: number;
                            limit?: number;
                        };
                        url?: string;
                        meta?: {
                            request_id?: string;
                            response_time_ms?: number;
                        };
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order: string;
                    items: {
                        order_item: string;
                        quantity: number;
                        reason: string;
                    }[];
                    note?: string | null;
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_retrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_reject: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_receive: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    selfhosted_returns_process: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_keys: {
        parameters: {
            query?: {
                limit?: number;
                /** @description a key id: the page after it */
                starting_after?: string;
                /** @description a key id: the page before it */
                ending_before?: string;
                /** @description next_cursor or previous_cursor of a page */
                cursor?: string;
                type?: "secret" | "restricted" | "publishable" | "svc";
                status?: "active" | "expired" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object?: "list";
                        data?: {
                            id: string;
                            /** @enum {string} */
                            object: "api_key";
                            livemode?: boolean;
                            name?: string | null;
                            /** @enum {string} */
                            type: "secret" | "restricted" | "publishable" | "svc";
                            /** @enum {string} */
                            mode: "test" | "live";
                            /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                            redacted: string;
                            permissions: string[];
                            /** @description CIDR ranges; empty: anywhere */
                            allowed_ips: string[];
                            /** @description Unix seconds */
                            expires_at?: number | null;
                            /** @description Unix seconds */
                            revoked_at?: number | null;
                            /** @description Unix seconds (updated within a second or so of a request) */
                            last_used_at?: number | null;
                            /** @description the key this one replaced in a roll */
                            rolled_from?: string | null;
                            /** @description Unix seconds */
                            created: number;
                            /** @description the key itself: in the response that created it only (create, roll) */
                            secret?: string;
                        }[];
                        pagination?: Record<string, never>;
                        url?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type?: "secret" | "restricted" | "publishable";
                    permissions?: string[];
                    expires_at?: (number | string) | null;
                    allowed_ips?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "api_key";
                        livemode?: boolean;
                        name?: string | null;
                        /** @enum {string} */
                        type: "secret" | "restricted" | "publishable" | "svc";
                        /** @enum {string} */
                        mode: "test" | "live";
                        /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                        redacted: string;
                        permissions: string[];
                        /** @description CIDR ranges; empty: anywhere */
                        allowed_ips: string[];
                        /** @description Unix seconds */
                        expires_at?: number | null;
                        /** @description Unix seconds */
                        revoked_at?: number | null;
                        /** @description Unix seconds (updated within a second or so of a request) */
                        last_used_at?: number | null;
                        /** @description the key this one replaced in a roll */
                        rolled_from?: string | null;
                        /** @description Unix seconds */
                        created: number;
                        /** @description the key itself: in the response that created it only (create, roll) */
                        secret?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_keys_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "api_key";
                        livemode?: boolean;
                        name?: string | null;
                        /** @enum {string} */
                        type: "secret" | "restricted" | "publishable" | "svc";
                        /** @enum {string} */
                        mode: "test" | "live";
                        /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                        redacted: string;
                        permissions: string[];
                        /** @description CIDR ranges; empty: anywhere */
                        allowed_ips: string[];
                        /** @description Unix seconds */
                        expires_at?: number | null;
                        /** @description Unix seconds */
                        revoked_at?: number | null;
                        /** @description Unix seconds (updated within a second or so of a request) */
                        last_used_at?: number | null;
                        /** @description the key this one replaced in a roll */
                        rolled_from?: string | null;
                        /** @description Unix seconds */
                        created: number;
                        /** @description the key itself: in the response that created it only (create, roll) */
                        secret?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "api_key";
                        livemode?: boolean;
                        name?: string | null;
                        /** @enum {string} */
                        type: "secret" | "restricted" | "publishable" | "svc";
                        /** @enum {string} */
                        mode: "test" | "live";
                        /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                        redacted: string;
                        permissions: string[];
                        /** @description CIDR ranges; empty: anywhere */
                        allowed_ips: string[];
                        /** @description Unix seconds */
                        expires_at?: number | null;
                        /** @description Unix seconds */
                        revoked_at?: number | null;
                        /** @description Unix seconds (updated within a second or so of a request) */
                        last_used_at?: number | null;
                        /** @description the key this one replaced in a roll */
                        rolled_from?: string | null;
                        /** @description Unix seconds */
                        created: number;
                        /** @description the key itself: in the response that created it only (create, roll) */
                        secret?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    permissions?: string[];
                    allowed_ips?: string[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "api_key";
                        livemode?: boolean;
                        name?: string | null;
                        /** @enum {string} */
                        type: "secret" | "restricted" | "publishable" | "svc";
                        /** @enum {string} */
                        mode: "test" | "live";
                        /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                        redacted: string;
                        permissions: string[];
                        /** @description CIDR ranges; empty: anywhere */
                        allowed_ips: string[];
                        /** @description Unix seconds */
                        expires_at?: number | null;
                        /** @description Unix seconds */
                        revoked_at?: number | null;
                        /** @description Unix seconds (updated within a second or so of a request) */
                        last_used_at?: number | null;
                        /** @description the key this one replaced in a roll */
                        rolled_from?: string | null;
                        /** @description Unix seconds */
                        created: number;
                        /** @description the key itself: in the response that created it only (create, roll) */
                        secret?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_roll: {
        parameters: {
            query?: never;
            header?: {
                /** @description replays the first answer for 24 hours */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_in_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        object: "api_key";
                        livemode?: boolean;
                        name?: string | null;
                        /** @enum {string} */
                        type: "secret" | "restricted" | "publishable" | "svc";
                        /** @enum {string} */
                        mode: "test" | "live";
                        /** @description the visible prefix and last four characters, e.g. rk_test_...a1b2 */
                        redacted: string;
                        permissions: string[];
                        /** @description CIDR ranges; empty: anywhere */
                        allowed_ips: string[];
                        /** @description Unix seconds */
                        expires_at?: number | null;
                        /** @description Unix seconds */
                        revoked_at?: number | null;
                        /** @description Unix seconds (updated within a second or so of a request) */
                        last_used_at?: number | null;
                        /** @description the key this one replaced in a roll */
                        rolled_from?: string | null;
                        /** @description Unix seconds */
                        created: number;
                        /** @description the key itself: in the response that created it only (create, roll) */
                        secret?: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_keys_id_usage: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD (UTC), or an ISO 8601 date-time (its UTC day); also spelled startDate; default: 29 days before end_date */
                start_date?: string;
                /** @description YYYY-MM-DD (UTC), or an ISO 8601 date-time (its UTC day); also spelled endDate; default: today */
                end_date?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object?: "api_key_usage";
                        api_key?: string;
                        /** Format: date */
                        start_date?: string;
                        /** Format: date */
                        end_date?: string;
                        total_requests?: number;
                        data?: {
                            /** Format: date */
                            date?: string;
                            requests?: number;
                            /** @description /v1/<group>/..., graphql for /graphql */
                            by_route_group?: {
                                [key: string]: number;
                            };
                        }[];
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_llms_txt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_inbound_provider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description carrier */
                    tracking_number?: string;
                    /** @description carrier: ord_... */
                    order_id?: string;
                    /** @description processor: pay_... */
                    payment_id?: string;
                    /** @enum {string} */
                    status: "in_transit" | "delivered" | "succeeded";
                    /** @description the provider's id of this callback, echoed back */
                    event_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_webhooks_simulate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the event type of the sample, such as order.created */
                    event_type: string;
                    /** @description where to send it: an absolute http(s) URL */
                    endpoint_url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_svc_starter_py: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/x-python": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_svc_starter_mjs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_svc_example_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_api_svc_openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_well_known_oauth_authorization_server: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_oauth_authorize: {
        parameters: {
            query: {
                client_id: string;
                redirect_uri: string;
                response_type: "code";
                /** @description space-separated key permissions, e.g. "payments:read orders:read" */
                scope: string;
                state?: string;
                /** @description BASE64URL(SHA256(code_verifier)) */
                code_challenge?: string;
                code_challenge_method?: "S256";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_oauth_authorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_id: string;
                    redirect_uri: string;
                    /** @enum {string} */
                    response_type: "code";
                    /** @description space-separated key permissions, e.g. "payments:read orders:read" */
                    scope: string;
                    state?: string;
                    /** @description BASE64URL(SHA256(code_verifier)) */
                    code_challenge?: string;
                    /** @enum {string} */
                    code_challenge_method?: "S256";
                    /** @enum {string} */
                    decision: "approve" | "deny";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_oauth_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    grant_type: "authorization_code" | "refresh_token";
                    code?: string;
                    redirect_uri?: string;
                    code_verifier?: string;
                    refresh_token?: string;
                    scope?: string;
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        refresh_token: string;
                        scope: string;
                    };
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_oauth_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_oauth_introspect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    /** @enum {string} */
                    token_type_hint?: "access_token" | "refresh_token";
                    client_id?: string;
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    get_mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    post_mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delete_mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error in the API envelope */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Catalog */
            200: {
                headers: {
                    /** @description server-generated correlation id */
                    "X-Request-ID"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcCatalog"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcError"];
                };
            };
        };
    };
    createDecision: {
        parameters: {
            query?: never;
            header: {
                /** @description unique per intentional inference; same key and same inputs return the recorded result for 24 hours, changed inputs return 409 */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SvcRequest"];
            };
        };
        responses: {
            /** @description Decision; denied and refused are valid outcomes */
            200: {
                headers: {
                    /** @description server-generated correlation id */
                    "X-Request-ID"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcDecision"];
                };
            };
            /** @description The Idempotency-Key was already used with different inputs */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcError"];
                };
            };
            /** @description Rate limit hit; wait per Retry-After, then read the status with the lookup instead of re-posting */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    /** @description server-generated correlation id */
                    "X-Request-ID"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcError"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcError"];
                };
            };
        };
    };
    getRequestStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                idempotencyKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status of the recorded request */
            200: {
                headers: {
                    /** @description server-generated correlation id */
                    "X-Request-ID"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcRequestStatus"];
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SvcError"];
                };
            };
        };
    };
}
