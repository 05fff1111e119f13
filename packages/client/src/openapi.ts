/**
 * Types of the fulfillment API, generated from docs/openapi.json by openapi-typescript
 * (`npm run openapi`). Do not edit: change the contract (packages/functions/src/contract) and regenerate.
 */
export interface paths {
    "/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open alerts
         * @description The alerts that hold now, derived after each sync and each import: aged stock, aged surcharge within 7 days, coverage below 14 days, stockout before the lead time, stranded stock, a failed sync, no successful sync in 26 hours. The most recently changed first.
         */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log
         * @description Every delivery attempt, newest first (kept 90 days): what was sent, to whom, when and the result. No secret appears here.
         */
        get: operations["listAlertDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alert event log
         * @description What opened, got worse or cleared, newest first (kept 400 days).
         */
        get: operations["listAlertEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alert subscriptions
         * @description Every subscription, oldest first, with its status. Secrets are never shown.
         */
        get: operations["listAlertSubscriptions"];
        put?: never;
        /**
         * Subscribe to alerts
         * @description A webhook (https; locally also http://127.0.0.1) or an e-mail address (through the stack's SNS topic; locally printed). Webhooks are JSON POSTs signed `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the secret answered here once (Stripe's scheme), with an Idempotency-Key per delivery, retried with backoff and jitter.
         */
        post: operations["createAlertSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unsubscribe
         * @description Nothing more is delivered to the subscription.
         */
        delete: operations["deleteAlertSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/subscriptions/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message
         * @description Queues a message of type test to the subscription now, with the open alerts it wants; its attempts show in GET /alerts/deliveries.
         */
        post: operations["testAlertSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/aged-stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Aged stock and its surcharge
         * @description Per SKU with stock and per inventory: the first-in-first-out lots still in stock by age bucket, the units past the aged threshold of the tariff of the SKU's volume, the units crossing it in the next 7, 14 and 30 days and the aged surcharge of the next 30 days, if nothing sells and if sales continue at the SKU's velocity, with a suggested action. As CSV (format=csv or Accept: text/csv): one row per inventory.
         */
        get: operations["getAgedStock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/costs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Import unit costs
         * @description Upserts unit costs onto the ads: a JSON array of {sku, cost} or {ad_id, cost}, or CSV with the header sku,cost or ad_id,cost (; or , separated, pt-BR decimals accepted). A SKU's cost goes to every ad of the SKU; an empty cost (null) clears it. Rows naming no stored ad are counted as unmatched. Whole body checked first: an invalid one answers 400 naming the line and field, nothing written. The sync never overwrites a cost. Bodies up to 3145728 bytes.
         */
        put: operations["importCosts"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Imports, by API and file
         * @description The newest imports first: local stock, costs and sales, by API (PUT) or by file dropped in the import bucket, with their counts and, for a refused file, the error.
         */
        get: operations["listImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inventory list
         * @description Every fulfillment inventory record with its ad, unit storage costs and alert flags.
         */
        get: operations["listInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/inventory/{ad_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inventory detail of an ad
         * @description The ad's inventory records and the daily series of its stock over the last 60 days (today in the business time zone).
         */
        get: operations["getInventoryDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/local-stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Local stock rows
         * @description The local stock rows, of one warehouse when named.
         */
        get: operations["listLocalStock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/local-stock/{warehouse}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a warehouse's local stock
         * @description The body's rows replace the warehouse's rows as a whole: rows it does not name are removed. A JSON array of {sku, available}, or CSV (content type text/csv) with the header sku;available or sku,available, pt-BR numbers accepted. The whole body is checked first: an invalid one answers 400 naming the line (CSV, the header is line 1) or item (JSON) and the field, and nothing is written. Bodies up to 3145728 bytes.
         */
        put: operations["importLocalStock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operational overview
         * @description Units, immobilized value and alert counts over every fulfillment inventory record (aged above 90 days, low coverage below 14 days, stranded above 180 days).
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/replenishment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Replenishment suggestions
         * @description What to send from the local warehouses to fulfillment, per SKU of the fulfillment ads: SKUs whose coverage at the 30-day sales pace is below trigger_days, with the quantity that brings it to target_days, limited by local stock. Suggestions only; nothing is sent.
         */
        get: operations["getReplenishment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/restock-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Restock plan
         * @description Per SKU of the fulfillment ads with sales: the velocity with stockout days left out, when fulfillment runs out, the date to ship by given the lead time, and the units to send (rounded to the case pack, limited by local stock) with the warehouses they come from. As CSV (format=csv or Accept: text/csv) it is the shipment list: one row per SKU and warehouse. Suggestions only; nothing is sent. When several accounts are connected they share the local stock: each SKU's local units go to the accounts' needs most urgent first (ship_by, then coverage), so no unit is suggested twice, and an account's plan sends only its share. seller_id=all answers every account's lines in one plan, each naming its account in seller_id (the CSV's first column).
         */
        get: operations["getRestockPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Import 30-day sales
         * @description Sets sales_30d on the ads, as PUT /full/costs does with costs (column sales_30d, whole units). A SKU's figure goes to its one ad, or its one Full ad; a SKU of several Full ads is refused (give them by ad_id). An imported figure wins over the one the sync derives from the fulfillment ledger until it is cleared with an empty value (null). Bodies up to 3145728 bytes.
         */
        put: operations["importSales"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/skus/{sku}/planning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a SKU's planning parameters
         * @description Sets the SKU's case pack, lead-time override or snooze date for the restock plan. Only the fields given change; null clears one. Nothing is stored when the body is refused.
         */
        put: operations["updateSkuPlanning"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/storage-costs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Storage costs of a month
         * @description The daily storage-cost ledger the sync writes (one row per SKU and business day, at the tariff version in force that day; a day synced twice is written once): per SKU its days, average units, fee, aged surcharge and total, the month's totals, the daily totals, and the days with no row (no sync ran: shown missing, never guessed). With sku, that SKU's days. As CSV (format=csv or Accept: text/csv) one row per SKU and day, for reconciling with the marketplace's invoice.
         */
        get: operations["getStorageCosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/storage-costs/recompute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-price stored days
         * @description After a late tariff correction: re-prices every stored day from from to today with the tariff versions in force on each day, from the units and ages the row kept. Days before from are not touched. Idempotent (a second run changes no row); each run is recorded with who ran it.
         */
        post: operations["recomputeStorageCosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the stock sync
         * @description Starts the stock synchronisation and cost calculation of the daily job and waits about 20 s for it: a run that ends in time answers 200 (or 500); a longer one answers 202 and goes on. Reads the marketplace only; never writes to it. No body. With seller_id=all it starts a run for every seller the caller is granted, at once, and answers 202 with each seller's start in sellers (a seller whose run is going on already is skipped).
         */
        post: operations["runSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/sync/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sync run history
         * @description Runs from POST /full/sync and the daily schedule, newest first; each with its trigger, times, state, counters, failed ads and error.
         */
        get: operations["listSyncRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/sync/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sync status
         * @description The sync under way (with its progress), the last finished run and how it went, the last successful run, and when the daily schedule runs next. A run whose owner stopped renewing its heartbeat for 45 seconds shows as failed.
         */
        get: operations["getSyncStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/tariffs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tariffs
         * @description The storage tariffs in force today (or on the day at), by min_volume_l ascending.
         */
        get: operations["listTariffs"];
        put?: never;
        /**
         * Create a tariff
         * @description Creates a tariff with the next id; missing fields take their defaults. A volume range that overlaps an active tariff is allowed and named in warnings. Send Prefer: handling=strict to have a body that is not valid JSON, unknown fields or a missing daily_fee refused instead of assumed.
         */
        post: operations["createTariff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/tariffs/{tariff_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a tariff
         * @description Changes only the fields present in the body, with the conversions of create. Prefer: handling=strict refuses a body that is not valid JSON, unknown fields or an emptied daily_fee, as on create.
         */
        put: operations["updateTariff"];
        post?: never;
        /**
         * Delete a tariff
         * @description The tariff is no longer in force from effective_from (default today); its earlier versions stay, so days before keep their price.
         */
        delete: operations["deleteTariff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/full/tariffs/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tariff versions
         * @description Every version of every tariff: what each create, update and delete recorded, the day it took effect, who recorded it and when, and which version is in force today. Earlier versions are never changed; the cost of each day uses the version in force that day.
         */
        get: operations["listTariffVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/history/core_ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Forecasting-engine history
         * @description Reconciliation and calibration log entries of the forecasting engine, newest first: those between start_date and end_date when both are valid days, else the 50 newest.
         */
        get: operations["getForecastingHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/marketplace/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The connected account
         * @description Whether a marketplace account is connected, whose, and when its access token expires. Never shows a token.
         */
        get: operations["getMarketplaceAccount"];
        put?: never;
        post?: never;
        /**
         * Forget the connected account
         * @description Deletes the stored mercadolivre credential; syncs fail until an account is connected again. Nothing is sent to the marketplace.
         */
        delete: operations["forgetMarketplaceAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/marketplace/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the marketplace sends the seller back
         * @description Checks and consumes the state, trades the code for tokens (grant_type=authorization_code), reads the seller (GET /users/me) and stores the mercadolivre credential, then answers a small page saying the account is connected. Carries no API authorization (a browser follows it from the marketplace): the single-use state is its protection. A missing, unknown, expired or reused state answers 400 and stores nothing.
         */
        get: operations["marketplaceCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/marketplace/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connect the seller's account
         * @description Answers 302 to the marketplace's authorization page (response_type=code, the app's client id, the service's callback URL as redirect_uri, and a new single-use state valid 10 minutes). Open it in a browser: after the seller approves, the marketplace sends the browser to GET /marketplace/callback. The callback URL is MARKETPLACE_REDIRECT_URI when configured, else this request's host with /marketplace/callback. With ?redirect=0 it answers 200 with the same URL, for a page that signs its requests (the console behind the JWT sign-in) and opens the URL itself.
         */
        get: operations["connectMarketplaceAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/marketplace/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A notification of a change (the marketplace's callback URL)
         * @description The callback URL registered in the marketplace app's settings. Answers 200 at once: a notification of this app for the connected seller is queued, and a consumer reads the resource with the seller's own token (fbm_stock_operations: the stock operation, applied to the inventory's stock, today's daily row and its lots; items: the listing's title, thumbnail, status and SKU). A notification of another application or of a seller not connected is answered 200 as well, dropped and counted. Carries no API authorization (the marketplace cannot present a token); the route has its own throttling on the deployed API, and anything over 8192 bytes is refused unread.
         */
        post: operations["receiveMarketplaceNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All settings
         * @description Every group: the defaults overlaid with the stored values, converted by the type of each default. Naming a seller (X-Seller-Id or seller_id; all names none): the same with that seller's overrides applied (GET /settings/overrides).
         */
        get: operations["getAllSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One settings group
         * @description The group's defaults overlaid with its stored values, converted by the type of each default. Naming a seller (X-Seller-Id or seller_id; all names none): the same with that seller's overrides applied (GET /settings/overrides).
         */
        get: operations["getSettingsGroup"];
        /**
         * Update a settings group
         * @description Stores every given key of the group as text, all together: on any failure nothing is changed. Naming a seller (X-Seller-Id or seller_id), the keys about one account's selling (GET /settings/overrides lists them) are stored as that seller's overrides instead, in the same transaction, their shared values unchanged, and a null value removes the seller's override; every other key is stored shared.
         */
        put: operations["updateSettingsGroup"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{group}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A settings group's change history
         * @description Every change of the group (PUT and restore), newest first, a page at a time: per changed key the old and new stored text, who made it, when, and the request id. Secrets (keys named *_key, *_token, *_secret, password, senha) are recorded only as changed, never with their values.
         */
        get: operations["getSettingsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{group}/overrides/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a seller's settings override
         * @description The selected seller reads the deployment's value of the key again. Removing an override the seller does not have changes nothing and answers removed: false.
         */
        delete: operations["deleteSettingsOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{group}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a settings group
         * @description Puts the whole group back as it was at a moment (at) or just after a change (change_id): every change recorded after it is undone, in one transaction with a new change (action restore) that records the restore. Keys stored after the target are removed (they read as their defaults again). Secrets keep their current values (their old values are never recorded) and are listed in secrets_kept.
         */
        post: operations["restoreSettingsGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default settings
         * @description The built-in default of every key of every group; nothing stored is read.
         */
        get: operations["getSettingsDefaults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A seller's settings overrides
         * @description Which settings the selected seller overrides, with their values, and which keys any seller may override (stock planning keys of estoque, the listing defaults and margins of catalogo, the marketplace sync keys of integracoes). GET /settings and GET /settings/{group} naming the seller answer the shared values with these applied.
         */
        get: operations["listSettingsOverrides"];
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
        /** @description The connected marketplace account; never a token */
        AccountResponse: {
            /** @description Every connected account of the deployment (the fields above describe the selected one, or the only one); name one with X-Seller-Id or seller_id */
            accounts: components["schemas"]["ConnectedAccount"][];
            /** @description True when a mercadolivre credential with a refresh token is stored */
            connected: boolean;
            /** @description The seller's nickname (read when the account was connected) */
            nickname: string | null;
            /** @description When the tokens were last obtained or renewed (ISO 8601) */
            refreshed_at: string | null;
            /** @description The seller's site, such as MLB */
            site_id: string | null;
            /** @description When the current access token expires (ISO 8601); the sync renews it */
            token_expires_at: string | null;
            /** @description The seller's marketplace id */
            user_id: (string | number) | null;
        };
        /** @description Units in stock by age in days since reception (bounds inclusive) */
        AgeBuckets: {
            /**
             * Format: int32
             * @description Units aged 0-30 days
             */
            "0-30": number;
            /**
             * Format: int32
             * @description Units aged 31-60 days
             */
            "31-60": number;
            /**
             * Format: int32
             * @description Units aged 61-90 days
             */
            "61-90": number;
            /**
             * Format: int32
             * @description Units aged 91-120 days
             */
            "91-120": number;
            /**
             * Format: int32
             * @description Units aged 121-180 days
             */
            "121-180": number;
            /**
             * Format: int32
             * @description Units aged 181-365 days
             */
            "181-365": number;
            /**
             * Format: int32
             * @description Units aged over 365 days
             */
            over_365: number;
        };
        /** @description One inventory of the SKU */
        AgedInventory: {
            /** @description The ad */
            ad_id: string | null;
            /**
             * Format: int32
             * @description Units older than the tariff's aged_days_threshold today
             */
            aged_units_now: number;
            /**
             * Format: int32
             * @description Units available
             */
            available_qty: number;
            buckets: components["schemas"]["AgeBuckets"];
            crossing: components["schemas"]["Crossing"];
            /** @description Inventory */
            inventory_id: string;
            projected_surcharge_30d: components["schemas"]["ProjectedSurcharge"];
            /**
             * Format: int32
             * @description Units no reception found by the sync covers (older than its search, or never seen); in no other figure
             */
            unknown_age_units: number;
            /** @description Variation id as stored: text, an integer, or null for an item without variations */
            variation_id: string | number | null;
        };
        /** @description One SKU with stock, its inventories rolled up */
        AgedSku: {
            /**
             * @description promote: it sells but not fast enough to clear the units before they pass the threshold; withdraw: no sales, or more than 90 days to sell them; none: nothing at risk
             * @enum {string}
             */
            action: "promote" | "withdraw" | "none";
            /**
             * Format: int32
             * @description Units older than the tariff's aged_days_threshold today
             */
            aged_units_now: number;
            buckets: components["schemas"]["AgeBuckets"];
            crossing: components["schemas"]["Crossing"];
            inventories: components["schemas"]["AgedInventory"][];
            projected_surcharge_30d: components["schemas"]["ProjectedSurcharge"];
            /** @description Why this action, in the request's language (Accept-Language: pt-BR by default, en on request); several reasons joined with "; " */
            reason: string;
            /** @description The same reasons as data: code, params and text */
            reason_details: components["schemas"]["Message"][];
            /** @description Only with seller_id=all: the connected account (user_id) the SKU's stock is of */
            seller_id?: string;
            /** @description SKU */
            sku: string;
            /** @description Title of the first fulfillment ad of the SKU */
            title: string | null;
            /**
             * Format: int32
             * @description Units no reception found by the sync covers (older than its search, or never seen); in no other figure
             */
            unknown_age_units: number;
        };
        /** @description Aged stock per SKU, largest projected surcharge first */
        AgedStockResponse: {
            skus: components["schemas"]["AgedSku"][];
            /** @constant */
            success: true;
            /**
             * Format: date
             * @description Today in the business time zone
             */
            today: string;
            totals: components["schemas"]["AgedTotals"];
        };
        /** @description The figures of every SKU summed, with the count of each action */
        AgedTotals: {
            actions: {
                /**
                 * Format: int32
                 * @description SKUs whose action is none
                 */
                none: number;
                /**
                 * Format: int32
                 * @description SKUs whose action is promote
                 */
                promote: number;
                /**
                 * Format: int32
                 * @description SKUs whose action is withdraw
                 */
                withdraw: number;
            };
            /**
             * Format: int32
             * @description Units older than the tariff's aged_days_threshold today
             */
            aged_units_now: number;
            /**
             * Format: int32
             * @description Units available
             */
            available_units: number;
            buckets: components["schemas"]["AgeBuckets"];
            crossing: components["schemas"]["Crossing"];
            projected_surcharge_30d: components["schemas"]["ProjectedSurcharge"];
            /**
             * Format: int32
             * @description SKUs with stock
             */
            skus: number;
            /**
             * Format: int32
             * @description Units no reception found by the sync covers (older than its search, or never seen); in no other figure
             */
            unknown_age_units: number;
        };
        /** @description Delivery attempts, newest first */
        AlertDeliveriesResponse: {
            /**
             * Format: int32
             * @description How many
             */
            count: number;
            deliveries: components["schemas"]["AlertDeliveryAttempt"][];
            /** @constant */
            success: true;
        };
        /** @description One attempt at delivering a message: what, to whom, when and the result; no secret */
        AlertDeliveryAttempt: {
            /**
             * Format: date-time
             * @description When the attempt ended
             */
            at: string;
            /**
             * Format: int32
             * @description 1 to 5
             */
            attempt: number;
            /** @description webhook or email */
            channel: string;
            /** @description The Idempotency-Key the receiver got: the same on every attempt of one message (<type>_<subscription>_<time>) */
            delivery_id: string;
            /** @description Why the attempt failed */
            error: string | null;
            /**
             * Format: int32
             * @description Alert changes in the message
             */
            events: number;
            /**
             * @description delivered; retrying (another attempt follows, with backoff and jitter); dead_letter (the last attempt failed); dropped (the subscription was deleted)
             * @enum {string}
             */
            result: "delivered" | "retrying" | "dead_letter" | "dropped";
            /** @description The receiver's HTTP status, when it answered */
            status_code: number | null;
            /** @description The subscription */
            subscription_id: string;
            /** @description Where it went, masked as on the subscription */
            target: string;
            /**
             * @description alerts (immediate), digest or test
             * @enum {string}
             */
            type: "alerts" | "digest" | "test";
        };
        /** @description A change of an alert: opened, worsened (higher severity or age bucket) or cleared. Nothing is recorded while an alert is unchanged. */
        AlertEvent: {
            /**
             * Format: date-time
             * @description When the derivation (after a sync or an import) saw the change
             */
            at: string;
            /**
             * @description opened, worsened or cleared
             * @enum {string}
             */
            change: "opened" | "worsened" | "cleared";
            /** @description Sortable by time: <at>#<alert id> */
            event_id: string;
            /** @description The SKU's figures; null for the sync's alerts */
            figures: components["schemas"]["AlertSkuFigures"] | null;
            /** @description The alert: <kind> for the sync's alerts, <kind>:<sku> for a SKU's */
            id: string;
            /**
             * @description Alert kind: aged_stock, aged_surcharge, low_coverage, stockout, stranded, sync_failed, sync_stale
             * @enum {string}
             */
            kind: "aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale";
            /** @description What holds, in words, in the language Accept-Language asks for (pt-BR by default, en on request) */
            message: string;
            /** @description The message as data: its code, params and text; null for an alert recorded before alerts carried codes */
            message_detail: components["schemas"]["Message"] | null;
            /**
             * @description info, warning or critical
             * @enum {string}
             */
            severity: "info" | "warning" | "critical";
            /** @description The SKU; null for the sync's alerts */
            sku: string | null;
        };
        /** @description Alert events, newest first */
        AlertEventsResponse: {
            /**
             * Format: int32
             * @description How many
             */
            count: number;
            events: components["schemas"]["AlertEvent"][];
            /** @constant */
            success: true;
        };
        /** @description The SKU's numbers when the alert was derived */
        AlertSkuFigures: {
            /**
             * Format: int32
             * @description Units past the aged threshold now
             */
            aged_units: number;
            /** @description Days Full stock (available + in transit) lasts at the SKU's velocity (the restock plan's figure); null without sales */
            coverage_days: number | null;
            /** @description The age bucket of the oldest units in stock */
            oldest_bucket: string | null;
            /** @description When Full runs out at that velocity; null without sales */
            stockout_date: string | null;
            /**
             * Format: int32
             * @description Available units that will not sell within 180 days
             */
            stranded_units: number;
            /** @description Aged surcharge of the next 30 days at the SKU's velocity; null without stock */
            surcharge_ahead: number | null;
            /** @description The title of the SKU's first Full ad */
            title: string | null;
            /** @description Units the restock plan says to send (quantity_needed); null without sales */
            units_to_send: number | null;
        };
        /** @description The open alerts */
        AlertsResponse: {
            alerts: components["schemas"]["OpenAlert"][];
            /**
             * Format: int32
             * @description How many
             */
            count: number;
            /** @constant */
            success: true;
        };
        /** @description Who hears about which alerts, how and when; never its secret */
        AlertSubscription: {
            /**
             * @description webhook or email
             * @enum {string}
             */
            channel: "webhook" | "email";
            /**
             * Format: date-time
             * @description When it was created
             */
            created_at: string;
            /**
             * @description immediate: after each sync, import or Full stock operation that changed an alert it wants; digest: once a day at digest_hour
             * @enum {string}
             */
            delivery: "immediate" | "digest";
            /** @description Hour of the day (business time zone) of the digest; null for immediate */
            digest_hour: number | null;
            /**
             * @description json (the digest) or slack (Slack's incoming-webhook payload)
             * @enum {string}
             */
            format: "json" | "slack";
            /** @description The subscription id */
            id: string;
            /** @description The kinds it receives */
            kinds: ("aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale")[];
            /**
             * @description The language of every text it receives: pt-BR or en
             * @enum {string}
             */
            language: "pt-BR" | "en";
            /** @description Up to when the last digest reported; null before the first */
            last_digest_at: string | null;
            /** @description Why the last delivery gave up; null while deliveries succeed */
            last_failure: string | null;
            /**
             * @description info, warning or critical
             * @enum {string}
             */
            min_severity: "info" | "warning" | "critical";
            /**
             * @description failing once a delivery gave up after 5 attempts (it went to the dead-letter queue); active again after a delivery succeeds
             * @enum {string}
             */
            status: "active" | "failing";
            /** @description The webhook URL (query and long path tokens masked) or the e-mail address */
            target: string;
        };
        /** @description The subscription */
        AlertSubscriptionBody: {
            /** @enum {string} */
            channel: "webhook" | "email";
            /** @enum {string} */
            delivery?: "immediate" | "digest";
            digest_hour?: number | null;
            /** @enum {string} */
            format?: "json" | "slack";
            kinds?: ("aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale")[];
            /** @enum {string} */
            language?: "pt-BR" | "en";
            /** @enum {string} */
            min_severity?: "info" | "warning" | "critical";
            target: string;
        };
        /** @description The subscription; a webhook's signing secret, shown this once */
        AlertSubscriptionCreated: {
            /** @description The webhook's signing secret (webhooks only; never shown again) */
            secret?: string;
            subscription: components["schemas"]["AlertSubscription"];
            /** @constant */
            success: true;
        };
        /** @description The subscriptions */
        AlertSubscriptionsResponse: {
            subscriptions: components["schemas"]["AlertSubscription"][];
            /** @constant */
            success: true;
        };
        /** @description The test message was queued */
        AlertTestQueued: {
            /** @description Its Idempotency-Key */
            delivery_id: string;
            /** @constant */
            success: true;
        };
        /** @description A connected marketplace account: a seller of the deployment */
        ConnectedAccount: {
            /** @description When the account was last connected (ISO 8601) */
            connected_at: string | null;
            /** @description The seller's nickname */
            nickname: string | null;
            /** @description The seller's marketplace id: the value of X-Seller-Id or seller_id that selects it */
            user_id: string;
        };
        /** @description The authorization page: sent with the 302 (the Location header names it), or alone with ?redirect=0 */
        ConnectResponse: {
            /** @description The marketplace's authorization page with response_type=code, client_id, redirect_uri and a single-use state (10 minutes) */
            authorization_url: string;
            /** @constant */
            success: true;
        };
        /** @description Unit costs by sku or ad_id; null clears a stored cost */
        CostsImportBody: ({
            /** @description Ad id, instead of sku */
            ad_id?: string | number | null;
            /** @description Unit cost, 0 or more; null or empty clears it */
            cost?: (number | string) | null;
            /** @description SKU: the value goes to every ad of the SKU (costs), or to its one ad, else its one Full ad (sales) */
            sku?: string | number | null;
        } & {
            [key: string]: unknown;
        })[];
        /** @description Threshold crossings if nothing sells, and if sales continue at the SKU's velocity (oldest sold first; a unit sold before its crossing day does not cross) */
        Crossing: {
            at_velocity: components["schemas"]["CrossingWindows"];
            no_sales: components["schemas"]["CrossingWindows"];
        };
        /** @description Units not aged today that pass the aged threshold within the next 7, 14 and 30 days (cumulative) */
        CrossingWindows: {
            /**
             * Format: int32
             * @description Within 7 days
             */
            days_7: number;
            /**
             * Format: int32
             * @description Within 14 days
             */
            days_14: number;
            /**
             * Format: int32
             * @description Within 30 days
             */
            days_30: number;
        };
        /** @description Units of all inventories of the ad on one day (null quantities count 0) */
        DailyPoint: {
            /**
             * Format: int32
             * @description Units available
             */
            available: number;
            /**
             * Format: date
             * @description Calendar day (YYYY-MM-DD)
             */
            date: string;
            /**
             * Format: int32
             * @description Units in transit
             */
            in_transit: number;
            /**
             * Format: int32
             * @description Units not available
             */
            not_available: number;
        };
        /** @description One inventory record of the ad */
        DetailInventory: {
            /** @description Units available; null when unknown */
            available_qty: number | null;
            /** @description Coverage in days at the 30-day sales pace; null when unknown */
            days_of_stock: number | null;
            /** @description Units in transit to the warehouse; null when unknown */
            in_transit_qty: number | null;
            /** @description Inventory unit of the ad or one of its variations */
            inventory_id: string;
            /** @description Units held but not available for sale; null when unknown */
            not_available_qty: number | null;
            /** @description Age in days of the oldest lot; null when unknown */
            oldest_stock_days: number | null;
            /**
             * Format: int32
             * @description Total units
             */
            total_qty: number;
            /** @description When the record's figures were last updated, by a sync or a stock operation (ISO 8601), null when unknown */
            updated_at: string | null;
            /** @description Variation id as stored: text, an integer, or null for an item without variations */
            variation_id: string | number | null;
        };
        /** @description The credential is forgotten */
        DisconnectResponse: {
            /** @constant */
            success: true;
        };
        /** @description Error envelope of GET /full/replenishment and GET /full/inventory/{ad_id} */
        ErrorBody: {
            /** @description A readable description of the failure; never a stack or a credential */
            error: string;
            /** @description Only when the request must name a connected account (several are connected and none, an unknown one or one this route cannot take was named): the accounts it may name in X-Seller-Id or seller_id */
            sellers?: {
                /** @description The seller's marketplace id (user_id) */
                id: string;
                /** @description The seller's nickname */
                nickname: string | null;
            }[];
        };
        /** @description A forecast multiplier of the core_ai group */
        ForecastMultiplier: {
            /** @description Short description */
            desc: string;
            enabled: boolean;
            max: number;
            min: number;
            weight: number;
        };
        /** @description API Gateway's own body (the local gateway sends the same): the authorizer's refusal, never the route family's envelope */
        GatewayMessageBody: {
            /**
             * @description Such as Unauthorized
             * @enum {string}
             */
            message: "Unauthorized" | "Forbidden";
        };
        /** @description Error envelope of GET /full/overview and GET /full/inventory */
        HasDataErrorBody: {
            /** @description A readable description of the failure; never a stack or a credential */
            error: string;
            /** @constant */
            has_data: false;
            /** @description Only when the request must name a connected account (several are connected and none, an unknown one or one this route cannot take was named): the accounts it may name in X-Seller-Id or seller_id */
            sellers?: {
                /** @description The seller's marketplace id (user_id) */
                id: string;
                /** @description The seller's nickname */
                nickname: string | null;
            }[];
        };
        /** @description A reconciliation or calibration log entry of the forecasting engine */
        HistoryEntry: {
            /** @description Parsed from the stored JSON text; empty when absent or not a JSON object */
            details: {
                [key: string]: unknown;
            };
            /**
             * Format: int64
             * @description Log entry id
             */
            id: number;
            /** @description Level, such as INFO, WARNING or ERROR */
            level: string;
            /** @description Message */
            message: string;
            /** @description ISO 8601 date-time; without an offset it is wall-clock time in the business time zone */
            timestamp: string;
        };
        /** @description Entries newest first */
        HistoryResponse: {
            data: components["schemas"]["HistoryEntry"][];
            /** @constant */
            success: true;
        };
        /** @description One import, by API (PUT) or file (the import bucket) */
        ImportRecord: {
            /** @description Who ran it through the API: a person ("<email> (<sub>)"), a machine client ("client <id>"), an IAM caller's ARN, or local; null for a dropped file */
            actor: string | null;
            /**
             * Format: int32
             * @description Rows (local stock) or ad values (costs, sales) that did not exist before
             */
            added: number;
            /** @description When the import finished (ISO 8601) */
            at: string;
            /**
             * Format: int32
             * @description Rows or ad values that held another value
             */
            changed: number;
            /** @description Why a file import wrote nothing; null when the import succeeded */
            error: string | null;
            /** @description The object key of a file import; null for the API */
            file: string | null;
            /** @description Sortable id: the instant and a random suffix */
            id: string;
            /**
             * @description local_stock, costs or sales
             * @enum {string}
             */
            kind: "local_stock" | "costs" | "sales";
            /**
             * Format: int32
             * @description Local stock rows of the warehouse the body no longer names, or ad values cleared by an empty value
             */
            removed: number;
            /** @description API Gateway's id of the request that ran it; null for a dropped file */
            request_id: string | null;
            /**
             * Format: int32
             * @description Rows in the body or file
             */
            rows: number;
            /**
             * @description api or file
             * @enum {string}
             */
            source: "api" | "file";
            /**
             * Format: int32
             * @description Rows naming a SKU or ad id no stored ad has (costs and sales: not written; local stock: stored all the same, a SKU no ad has yet or a mistyped one)
             */
            unmatched: number;
            /** @description The first 20 of those SKUs or ad ids */
            unmatched_keys: string[];
            /** @description The warehouse of a local stock import; null for costs and sales */
            warehouse: string | null;
        };
        /** @description The import was written and recorded: how many rows it added, changed and removed */
        ImportResponse: {
            /** @description Who ran it through the API: a person ("<email> (<sub>)"), a machine client ("client <id>"), an IAM caller's ARN, or local; null for a dropped file */
            actor: string | null;
            /**
             * Format: int32
             * @description Rows (local stock) or ad values (costs, sales) that did not exist before
             */
            added: number;
            /** @description When the import finished (ISO 8601) */
            at: string;
            /**
             * Format: int32
             * @description Rows or ad values that held another value
             */
            changed: number;
            /** @description Why a file import wrote nothing; null when the import succeeded */
            error: string | null;
            /** @description The object key of a file import; null for the API */
            file: string | null;
            /** @description Sortable id: the instant and a random suffix */
            id: string;
            /**
             * @description local_stock, costs or sales
             * @enum {string}
             */
            kind: "local_stock" | "costs" | "sales";
            /**
             * Format: int32
             * @description Local stock rows of the warehouse the body no longer names, or ad values cleared by an empty value
             */
            removed: number;
            /** @description API Gateway's id of the request that ran it; null for a dropped file */
            request_id: string | null;
            /**
             * Format: int32
             * @description Rows in the body or file
             */
            rows: number;
            /**
             * @description api or file
             * @enum {string}
             */
            source: "api" | "file";
            /** @constant */
            success: true;
            /**
             * Format: int32
             * @description Rows naming a SKU or ad id no stored ad has (costs and sales: not written; local stock: stored all the same, a SKU no ad has yet or a mistyped one)
             */
            unmatched: number;
            /** @description The first 20 of those SKUs or ad ids */
            unmatched_keys: string[];
            /** @description The warehouse of a local stock import; null for costs and sales */
            warehouse: string | null;
        };
        /** @description Imports, newest first (kept 400 days) */
        ImportsResponse: {
            imports: components["schemas"]["ImportRecord"][];
            /** @constant */
            success: true;
        };
        /** @description One ad's fulfillment inventories and their daily series */
        InventoryDetailResponse: {
            /** @description The ad */
            ad_id: string;
            /** @description Days from today minus 60 onward that have stock rows, ascending */
            daily_series: components["schemas"]["DailyPoint"][];
            inventories: components["schemas"]["DetailInventory"][];
            /** @description Ad thumbnail URL; null without an ad record */
            thumbnail: string | null;
            /** @description Ad title; null without an ad record */
            title: string | null;
        };
        /** @description One fulfillment inventory record with its ad and unit storage costs */
        InventoryListItem: {
            /** @description The ad */
            ad_id: string | null;
            /** @description Units available; null when unknown */
            available_qty: number | null;
            /** @description Coverage in days at the 30-day sales pace; null when unknown */
            days_of_stock: number | null;
            /** @description Units in transit to the warehouse; null when unknown */
            in_transit_qty: number | null;
            /** @description Inventory unit of an ad or variation */
            inventory_id: string;
            /** @description oldest_stock_days known and above 90 */
            is_aged: boolean;
            /** @description days_of_stock known and below 14 */
            is_low_coverage: boolean;
            /** @description Units held but not available for sale; null when unknown */
            not_available_qty: number | null;
            /** @description Age in days of the oldest lot; null when unknown */
            oldest_stock_days: number | null;
            /** @description Ad URL; null without an ad */
            permalink: string | null;
            /** @description Only with seller_id=all: the connected account (user_id) the record is of */
            seller_id?: string;
            /** @description SKU */
            sku: string | null;
            /** @description Unit storage cost of the SKU (metric storage_cost); null when there is no metric or it is zero */
            storage_cost_unit: number | null;
            /** @description Unit storage risk cost of the SKU (metric storage_risk_cost); null when there is no metric or it is zero */
            storage_risk_unit: number | null;
            /** @description Ad thumbnail URL; null without an ad */
            thumbnail: string | null;
            /** @description Ad title; null without an ad */
            title: string | null;
            /**
             * Format: int32
             * @description Total units
             */
            total_qty: number;
            /** @description Time of the last sync of the record (ISO 8601), null when unknown */
            updated_at: string | null;
            /** @description Variation id as stored: text, an integer, or null for an item without variations */
            variation_id: string | number | null;
        };
        /** @description Every fulfillment inventory record, sorted */
        InventoryListResponse: {
            /**
             * Format: int32
             * @description Number of items
             */
            count: number;
            /** @description True when items is non-empty */
            has_data: boolean;
            items: components["schemas"]["InventoryListItem"][];
        };
        /** @description The warehouse's rows, replacing the stored ones as a whole */
        LocalStockImportBody: ({
            /** @description Units available: a whole number, 0 or more (text in pt-BR or English notation too); required */
            available?: number | string | null;
            /** @description SKU (text, or a whole number taken as its digits); required */
            sku?: string | number | null;
        } & {
            [key: string]: unknown;
        })[];
        /** @description Local stock rows by warehouse, then SKU */
        LocalStockResponse: {
            /**
             * Format: int32
             * @description Number of rows
             */
            count: number;
            items: components["schemas"]["LocalStockRow"][];
            /** @constant */
            success: true;
            /** @description The warehouse asked for; null when every row is listed */
            warehouse: string | null;
        };
        /** @description Units of a SKU in a local warehouse */
        LocalStockRow: {
            /**
             * Format: int32
             * @description Units available
             */
            available: number;
            /** @description SKU */
            sku: string;
            /** @description Warehouse; null for a row loaded without one */
            warehouse: string | null;
        };
        /** @description Stock of the SKU in one local warehouse (rows with a non-empty warehouse name) */
        LocalWarehouse: {
            /**
             * Format: int32
             * @description Units available in that warehouse
             */
            available: number;
            /** @description Warehouse name */
            warehouse: string;
        };
        /** @description A notification of Mercado Livre: which resource of which seller changed. Nothing in it is trusted: the service reads the resource itself, with the seller's token */
        MarketplaceNotification: {
            /** @description The application the notification is for: notifications of other applications are acknowledged and dropped */
            application_id: number | string;
            /**
             * Format: int32
             * @description Delivery attempt, from 1
             */
            attempts?: number;
            /** @description When the marketplace recorded the change (UTC) */
            received?: string;
            /** @description The changed resource's path, such as "/stock/fulfillment/operations/9876" or "/items/MLB1000000001" */
            resource: string;
            /** @description When this attempt was sent (UTC) */
            sent?: string;
            /** @description The kind of change: fbm_stock_operations and items are acted on, any other topic is acknowledged and ignored */
            topic: string;
            /** @description The seller the resource belongs to (the user_id of the seller's OAuth token) */
            user_id: number | string;
        };
        /** @description A reason or warning as data. `code` is stable and `params` holds its figures (numbers, calendar days YYYY-MM-DD, names); `text` is the sentence in the language Accept-Language asks for (pt-BR by default, en on request) */
        Message: {
            /**
             * @description Stable code of the message
             * @enum {string}
             */
            code: "velocity_steady" | "velocity_stock_adjusted" | "full_stock_lasts" | "snoozed_until" | "full_stock_covers_target" | "ship_now" | "ship_by_within_horizon" | "ship_by_after_horizon" | "case_pack_rounding" | "no_local_stock_to_send" | "capped_by_local_stock" | "aged_no_sales_at_risk" | "aged_no_sales_unknown_age" | "aged_none_at_risk" | "aged_sells_in_time" | "aged_sells_too_slowly" | "aged_surcharge_ahead" | "aged_no_surcharge_known" | "no_active_tariffs" | "no_tariff_for_volume" | "no_dimensions" | "ad_no_dimensions" | "no_sales_data" | "no_local_stock" | "body_not_json" | "body_not_object" | "strict_body_not_object" | "strict_unknown_fields" | "strict_daily_fee_required" | "daily_fee_assumed_zero" | "max_volume_open" | "tariff_overlap" | "tariff_value_invalid" | "tariff_not_found" | "settings_body_not_object" | "alert_aged_stock" | "alert_aged_surcharge" | "alert_stockout" | "alert_low_coverage" | "alert_stranded" | "alert_sync_failed" | "alert_sync_stale" | "alert_kind_aged_stock" | "alert_kind_aged_surcharge" | "alert_kind_low_coverage" | "alert_kind_stockout" | "alert_kind_stranded" | "alert_kind_sync_failed" | "alert_kind_sync_stale" | "alert_change_opened" | "alert_change_worsened" | "alert_change_cleared" | "digest_changes" | "digest_subject" | "digest_header" | "digest_coverage" | "digest_stockout" | "digest_units_to_send" | "digest_surcharge" | "digest_open_link" | "overview_no_data" | "import_not_a_number" | "import_expected_number" | "import_not_whole_units" | "import_negative" | "import_over_units" | "import_over_max" | "import_missing_value" | "import_missing_nullable" | "import_expected_text" | "import_too_long" | "import_control_characters" | "import_already_given" | "import_sku_of_many_ads" | "import_ad_valued_twice" | "import_both_keys" | "import_warehouse_empty" | "import_warehouse_spaces" | "import_warehouse_too_long" | "import_warehouse_control_characters";
            /** @description The message's figures */
            params: {
                [key: string]: (number | string) | null;
            };
            /** @description The sentence, in the request's language */
            text: string;
        };
        /** @description The notification was taken: queued, or (for another application or seller) dropped and counted; the marketplace need not send it again */
        NotificationTaken: {
            /** @constant */
            success: true;
        };
        /** @description An alert that holds now */
        OpenAlert: {
            /** @description The SKU's figures; null for the sync's alerts */
            figures: components["schemas"]["AlertSkuFigures"] | null;
            /**
             * Format: date-time
             * @description When it opened
             */
            first_seen: string;
            /** @description The alert: <kind> for the sync's alerts, <kind>:<sku> for a SKU's */
            id: string;
            /**
             * @description Alert kind: aged_stock, aged_surcharge, low_coverage, stockout, stranded, sync_failed, sync_stale
             * @enum {string}
             */
            kind: "aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale";
            /**
             * Format: date-time
             * @description When its severity or level last changed
             */
            last_changed: string;
            /** @description What holds, in words, in the language Accept-Language asks for (pt-BR by default, en on request) */
            message: string;
            /** @description The message as data: its code, params and text; null for an alert recorded before alerts carried codes */
            message_detail: components["schemas"]["Message"] | null;
            /** @description Only with seller_id=all: the connected account (user_id) the alert is of */
            seller_id?: string;
            /**
             * @description info, warning or critical
             * @enum {string}
             */
            severity: "info" | "warning" | "critical";
            /** @description The SKU; null for the sync's alerts */
            sku: string | null;
        };
        /** @description Counts of inventory records in each alert */
        OverviewAlerts: {
            /**
             * Format: int32
             * @description oldest_stock_days known and above 90
             */
            aged_stock: number;
            /**
             * Format: int32
             * @description days_of_stock known and below 14
             */
            low_coverage: number;
            /**
             * Format: int32
             * @description available_qty above 0 and days_of_stock unknown or above 180
             */
            stranded: number;
        };
        /** @description Overview when there are no inventory records yet */
        OverviewNoData: {
            /** @description Always empty */
            alerts: Record<string, never>;
            /** @constant */
            has_data: false;
            /** @description Tells the operator to run the sync (POST /full/sync), in the language Accept-Language asks for (pt-BR by default, en on request) */
            message: string;
            message_detail: components["schemas"]["Message"];
            /** @description Always empty */
            summary: Record<string, never>;
            /** @description What cannot be computed for want of an input, each saying what is missing and where to add it: no_active_tariffs and no_local_stock as things are now, no_dimensions and no_sales_data as the last successful sync found the catalogue. Empty when nothing is missing */
            warnings: components["schemas"]["Message"][];
        };
        /** @description Operational overview of fulfillment stock */
        OverviewResponse: components["schemas"]["OverviewWithData"] | components["schemas"]["OverviewNoData"];
        /** @description Units and value over every inventory record (null quantities count 0) */
        OverviewSummary: {
            /** @description Sum of available_qty × ad cost over records whose ad has a non-zero cost, rounded to 2 decimals */
            immobilized_value: number;
            /**
             * Format: int32
             * @description Number of inventory records
             */
            inventories_count: number;
            /**
             * Format: int32
             * @description Distinct non-null ad_id across records
             */
            products_count: number;
            /**
             * Format: int32
             * @description Sum of available_qty
             */
            units_available: number;
            /**
             * Format: int32
             * @description Sum of in_transit_qty
             */
            units_in_transit: number;
            /**
             * Format: int32
             * @description Sum of not_available_qty
             */
            units_not_available: number;
        };
        /** @description Overview when inventory records exist */
        OverviewWithData: {
            alerts: components["schemas"]["OverviewAlerts"];
            /** @constant */
            has_data: true;
            /** @description Only with seller_id=all: each connected account's own figures; summary and alerts are then their sums over the accounts (immobilized_value the sum of theirs), updated_at the latest */
            sellers?: components["schemas"]["SellerOverview"][];
            summary: components["schemas"]["OverviewSummary"];
            /** @description When the freshest figure was updated: the newest updated_at of the inventory records, as a UTC instant (ISO 8601); null when no record says */
            updated_at: string | null;
            /** @description What cannot be computed for want of an input, each saying what is missing and where to add it: no_active_tariffs and no_local_stock as things are now, no_dimensions and no_sales_data as the last successful sync found the catalogue. Empty when nothing is missing */
            warnings: components["schemas"]["Message"][];
        };
        /** @description Aged surcharge over the next 30 days: daily_fee × aged_daily_factor per unit-day past the threshold, of the tariff of the SKU's volume */
        ProjectedSurcharge: {
            /** @description If sales continue at the SKU's velocity, oldest first */
            at_velocity: number;
            /** @description If nothing sells */
            no_sales: number;
        };
        /** @description One SKU whose fulfillment coverage is below trigger_days */
        ReplenishmentItem: {
            /** @description The first fulfillment ad of the SKU */
            ad_id: string;
            /** @description full_available / daily sales, rounded to 1 decimal */
            coverage_days: number;
            /** @description sales_30d / 30, rounded to 2 decimals */
            daily_sales_estimate: number;
            /**
             * Format: int32
             * @description Units available in fulfillment (sum of available_qty over the SKU's inventory records)
             */
            full_available: number;
            /**
             * Format: int32
             * @description Units available in the local warehouses (sum over the SKU's local stock rows)
             */
            local_available: number;
            local_warehouses: components["schemas"]["LocalWarehouse"][];
            /**
             * Format: int32
             * @description Units of local stock rows without a warehouse name: in local_available, in no entry of local_warehouses (local_available = Σ local_warehouses.available + local_without_warehouse)
             */
            local_without_warehouse: number;
            /**
             * Format: int32
             * @description max(0, target_full_quantity − full_available)
             */
            quantity_needed: number;
            /**
             * Format: int32
             * @description min(quantity_needed, local_available)
             */
            quantity_suggested: number;
            /**
             * Format: int32
             * @description Units sold in the last 30 days, summed over the SKU's fulfillment ads
             */
            sales_30d: number;
            /** @description SKU */
            sku: string;
            /** @description Where each figure comes from: a fixed descriptive text per figure */
            sources: {
                full_available: string;
                local_available: string;
                velocity: string;
            };
            /**
             * @description ready when quantity_suggested > 0, else no_local_stock
             * @enum {string}
             */
            status: "ready" | "no_local_stock";
            /**
             * Format: int32
             * @description ceil(daily sales × target_days)
             */
            target_full_quantity: number;
            /** @description Title of the first fulfillment ad of the SKU */
            title: string | null;
        };
        /** @description Replenishment suggestions, lowest coverage first */
        ReplenishmentResponse: {
            /**
             * Format: int32
             * @description Number of items
             */
            count: number;
            items: components["schemas"]["ReplenishmentItem"][];
            /**
             * @description Always suggestion_only: nothing is sent anywhere
             * @constant
             */
            mode: "suggestion_only";
            /**
             * Format: int32
             * @description target_days as applied (after defaulting and clamping)
             */
            target_days: number;
            /**
             * Format: int32
             * @description trigger_days as applied (after defaulting and clamping)
             */
            trigger_days: number;
        };
        /** @description One SKU of the fulfillment ads with sales */
        RestockLine: {
            /** @description The first fulfillment ad of the SKU */
            ad_id: string;
            /** @description Units per case (the SKU's planning); null without one */
            case_pack: number | null;
            /** @description (full_available + full_in_transit) / velocity, 1 decimal */
            coverage_days: number;
            /**
             * Format: int32
             * @description Units available in fulfillment
             */
            full_available: number;
            /**
             * Format: int32
             * @description Units in transit into fulfillment (counted as coming)
             */
            full_in_transit: number;
            /**
             * Format: int32
             * @description Days from shipping to available in fulfillment: the SKU's override, else the setting estoque.lead_time_padrao
             */
            lead_time_days: number;
            /**
             * Format: int32
             * @description Units in the local warehouses
             */
            local_available: number;
            /**
             * Format: int32
             * @description quantity_needed rounded up to the case pack, capped by local_available
             */
            quantity: number;
            /**
             * Format: int32
             * @description ⌈velocity × target_days + safety_units − stock left when a shipment sent today arrives⌉
             */
            quantity_needed: number;
            /** @description The same reasons as data: code, params and text */
            reason_details: components["schemas"]["Message"][];
            /** @description Short texts saying why, in the request's language (Accept-Language: pt-BR by default, en on request) */
            reasons: string[];
            /**
             * Format: int32
             * @description Safety stock from estoque.metodo_seguranca and multiplicador_seguranca (auto: ⌈m × √(velocity × lead time)⌉; dias: ⌈m × velocity⌉; fixo: ⌈m⌉; nenhum: 0)
             */
            safety_units: number;
            /**
             * Format: int32
             * @description Units sold in the last 30 days, summed over the SKU's fulfillment ads
             */
            sales_30d: number;
            /** @description Only with seller_id=all: the connected account (user_id) the line is for, sent within its share of the local stock */
            seller_id?: string;
            /**
             * Format: date
             * @description stockout_date − lead_time_days, never before today
             */
            ship_by: string;
            /** @description SKU */
            sku: string;
            /** @description The SKU is snoozed through this day; null when not set */
            snooze_until: string | null;
            /** @description Where the quantity comes from: the warehouses with the most stock first */
            sources: components["schemas"]["ShipmentSource"][];
            /**
             * @description ship_now: ship_by is today; due: within horizon_days; ok: later, or nothing needed; no_local_stock: ship_now or due with nothing to send; snoozed: the SKU is snoozed
             * @enum {string}
             */
            status: "ship_now" | "due" | "ok" | "no_local_stock" | "snoozed";
            /**
             * Format: date
             * @description today + whole days of coverage: the day fulfillment runs out
             */
            stockout_date: string;
            /**
             * Format: int32
             * @description Days of the last 30 (today included) on which the SKU's daily stock rows summed 0 available units; days without rows are not counted
             */
            stockout_days: number;
            /** @description Title of the first fulfillment ad of the SKU */
            title: string | null;
            /** @description sales_30d / max(30 − stockout_days, 10): units per day while in stock, 2 decimals (at most 3 × velocity_raw) */
            velocity: number;
            /** @description sales_30d / 30, units per day, 2 decimals */
            velocity_raw: number;
        };
        /** @description The restock plan, sorted by ship_by then coverage_days */
        RestockPlanResponse: {
            /**
             * Format: int32
             * @description horizon_days as applied
             */
            horizon_days: number;
            items: components["schemas"]["RestockLine"][];
            /** @constant */
            success: true;
            /**
             * Format: int32
             * @description target_days as applied
             */
            target_days: number;
            /**
             * Format: date
             * @description Today in the business time zone
             */
            today: string;
        };
        /** @description Units sold in the last 30 days by sku or ad_id; null clears the imported figure (the sync's ledger figure then applies) */
        SalesImportBody: ({
            /** @description Ad id, instead of sku */
            ad_id?: string | number | null;
            /** @description Whole units, 0 or more; null or empty clears it */
            sales_30d?: (number | string) | null;
            /** @description SKU: the value goes to every ad of the SKU (costs), or to its one ad, else its one Full ad (sales) */
            sku?: string | number | null;
        } & {
            [key: string]: unknown;
        })[];
        /** @description One connected account's own overview, within the consolidated one (seller_id=all) */
        SellerOverview: {
            /** @description Its alert counts; null without inventory records */
            alerts: components["schemas"]["OverviewAlerts"] | null;
            /** @description Whether the account has inventory records */
            has_data: boolean;
            /** @description The account's nickname */
            nickname: string | null;
            /** @description The account's marketplace id (user_id) */
            seller_id: string;
            /** @description Its figures; null without inventory records */
            summary: components["schemas"]["OverviewSummary"] | null;
            /** @description When its freshest figure was updated; null when no record says */
            updated_at: string | null;
        };
        /** @description One seller's run started by POST /full/sync?seller_id=all */
        SellerSyncStart: {
            /** @description Why no run started (skipped: one of this seller is running; failed: it could not start), in the request's language; null otherwise */
            error: string | null;
            /** @description The seller's nickname, when known */
            nickname: string | null;
            /** @description The run started (GET /full/sync/runs naming the seller); null when none started */
            run_id: string | null;
            /** @description The seller (its marketplace user id) */
            seller_id: string;
            /** @enum {string} */
            state: "running" | "succeeded" | "partial" | "failed" | "skipped";
        };
        /** @description What a change did to one key. Values are the stored texts; a secret (API keys, tokens, passwords: by key name) carries no value, only that it changed */
        SettingKeyChange: {
            /**
             * @description created: the key was not stored before; removed: it is not stored after (it reads as its default)
             * @enum {string}
             */
            change: "created" | "changed" | "removed";
            /** @description Setting key */
            key: string;
            /** @description Stored text after; null when the key is no longer stored. Absent for a secret */
            new_value?: string | null;
            /** @description Stored text before; null when the key was not stored. Absent for a secret */
            old_value?: string | null;
            /** @description The key holds a secret: old_value and new_value are left out */
            secret: boolean;
            /** @description The seller (marketplace user id) whose override of the key changed; absent for the deployment's value */
            seller_id?: string;
        };
        /** @description Every group. Entries stored without a group count as geral; object values are returned as stored text in this read */
        SettingsAllResponse: {
            data: {
                catalogo: components["schemas"]["SettingsGroupValues"];
                core_ai: components["schemas"]["SettingsGroupValues"];
                estoque: components["schemas"]["SettingsGroupValues"];
                financeiro: components["schemas"]["SettingsGroupValues"];
                geral: components["schemas"]["SettingsGroupValues"];
                integracoes: components["schemas"]["SettingsGroupValues"];
            };
            /** @constant */
            success: true;
        };
        /** @description One recorded change of a settings group: a PUT or a restore */
        SettingsChange: {
            /**
             * @description update: a PUT /settings/{group} (or a DELETE of a seller's override); restore: a POST /settings/{group}/restore
             * @enum {string}
             */
            action: "update" | "restore";
            /** @description Who made it: the signed-in caller, or local in the open local mode (system for the loader and the demo data) */
            actor: string;
            /** @description When the change was stored (UTC) */
            at: string;
            /** @description Id of the change; ids sort by time */
            change_id: string;
            changes: components["schemas"]["SettingKeyChange"][];
            /** @description Settings group */
            group: string;
            /** @description The request that made it (the apigw-requestid header of its answer) */
            request_id: string | null;
            /** @description A restore: the moment or the change it went back to */
            restored_to?: {
                /** @description The moment */
                at?: string;
                change_id?: string;
            };
        };
        /** @description The built-in default of every key of every group */
        SettingsDefaults: {
            catalogo: {
                alertar_imagem_pequena: boolean;
                alertar_margem_baixa: boolean;
                alertar_titulo_longo: boolean;
                arredondar_precos: boolean;
                comprimir_imagem: boolean;
                condicao_padrao: string;
                garantia_padrao: string;
                imagem_dimensao: string;
                imagem_formato: string;
                /** Format: int32 */
                margem_minima_alerta: number;
                /** Format: int32 */
                margem_minima_bloqueio: number;
                /** Format: int32 */
                prazo_envio_padrao: number;
                sugerir_preco: boolean;
                tipo_anuncio_padrao: string;
                /** Format: int32 */
                titulo_max_chars: number;
                titulo_sem_abreviacoes: boolean;
                titulo_sem_emojis: boolean;
            };
            core_ai: {
                /** Format: int32 */
                ajuste_maximo: number;
                alertar_erro_alto: boolean;
                calibracao_dia: string;
                calibracao_frequencia: string;
                calibracao_habilitada: boolean;
                /** Format: int32 */
                erro_max_toleravel: number;
                feriados_custom: unknown[];
                /** Format: int32 */
                limite_erro_alerta: number;
                /** Format: int32 */
                limite_reversao: number;
                /** Format: int32 */
                min_amostras_calibrar: number;
                mult_catalog_boost: components["schemas"]["ForecastMultiplier"];
                mult_competitor_stockout: components["schemas"]["ForecastMultiplier"];
                mult_conversion_rate: components["schemas"]["ForecastMultiplier"];
                mult_day_of_week: components["schemas"]["ForecastMultiplier"];
                mult_event: components["schemas"]["ForecastMultiplier"];
                mult_free_shipping: components["schemas"]["ForecastMultiplier"];
                mult_gold_medal: components["schemas"]["ForecastMultiplier"];
                mult_hourly_pattern: components["schemas"]["ForecastMultiplier"];
                mult_impulse_hours: components["schemas"]["ForecastMultiplier"];
                mult_listing_health: components["schemas"]["ForecastMultiplier"];
                mult_listing_type: components["schemas"]["ForecastMultiplier"];
                mult_mobile_hours: components["schemas"]["ForecastMultiplier"];
                mult_momentum: components["schemas"]["ForecastMultiplier"];
                mult_payment_day: components["schemas"]["ForecastMultiplier"];
                mult_period_of_month: components["schemas"]["ForecastMultiplier"];
                mult_post_feriado: components["schemas"]["ForecastMultiplier"];
                mult_price_competitiveness: components["schemas"]["ForecastMultiplier"];
                mult_promo_active: components["schemas"]["ForecastMultiplier"];
                mult_search_position: components["schemas"]["ForecastMultiplier"];
                mult_seasonal: components["schemas"]["ForecastMultiplier"];
                mult_shipping_advantage: components["schemas"]["ForecastMultiplier"];
                mult_stock_pressure: components["schemas"]["ForecastMultiplier"];
                mult_top_sellers: components["schemas"]["ForecastMultiplier"];
                mult_trends: components["schemas"]["ForecastMultiplier"];
                mult_velocity_score: components["schemas"]["ForecastMultiplier"];
                mult_visits_trend: components["schemas"]["ForecastMultiplier"];
                mult_weather: components["schemas"]["ForecastMultiplier"];
                mult_week_of_month: components["schemas"]["ForecastMultiplier"];
                reconciliacao_habilitada: boolean;
                reconciliacao_horario: string;
                reverter_se_piorar: boolean;
            };
            estoque: {
                alertar_ponto_pedido: boolean;
                calcular_ponto_pedido: boolean;
                /** Format: int32 */
                dias_baixo: number;
                /** Format: int32 */
                dias_critico: number;
                /** Format: int32 */
                lead_time_padrao: number;
                metodo_seguranca: string;
                multi_deposito: boolean;
                multiplicador_seguranca: number;
                /** Format: int32 */
                nivel_baixo: number;
                /** Format: int32 */
                nivel_critico: number;
                sugerir_qtd_compra: boolean;
                usar_dias_estoque: boolean;
            };
            financeiro: {
                /** Format: int32 */
                aliquota_interna: number;
                calcular_difal: boolean;
                /** Format: int32 */
                comissao_mp: number;
                /** Format: int32 */
                comissao_mp_b: number;
                /** Format: int32 */
                comissao_mp_c: number;
                custos_fixos: unknown[];
                /** Format: int32 */
                margem_minima: number;
                /** Format: int32 */
                meta_faturamento_mensal: number;
                /** Format: int32 */
                meta_lucro_mensal: number;
                taxa_fixa_mp: number;
                /** Format: int32 */
                taxa_fixa_mp_b: number;
                taxa_fixa_mp_c: number;
                uf_origem: string;
            };
            geral: {
                alerta_estoque_critico: boolean;
                alerta_previsao_erro: boolean;
                alerta_resumo_diario: boolean;
                aliquota_simples: number;
                email_alertas: string;
                empresa_cnpj: string;
                empresa_nome: string;
                empresa_uf: string;
                formato_data: string;
                fuso_horario: string;
                moeda: string;
                primeiro_dia_semana: string;
                regime_tributario: string;
                whatsapp_alertas: string;
            };
            integracoes: {
                erp_criar_produtos_auto: boolean;
                erp_importar_custos: boolean;
                erp_sync_bidirecional: boolean;
                mp_importar_pedidos: boolean;
                /** Format: int32 */
                mp_intervalo_sync: number;
                mp_sync_estoque: boolean;
                mp_sync_precos: boolean;
                trends_enabled: boolean;
                trends_keywords: string[];
                weather_api_key: string;
                weather_cidade: string;
                weather_enabled: boolean;
            };
        };
        /** @description The complete default structure */
        SettingsDefaultsResponse: {
            data: components["schemas"]["SettingsDefaults"];
            /** @constant */
            success: true;
        };
        /** @description One group. Stored text of a key without a default is parsed as JSON when it begins with { */
        SettingsGroupResponse: {
            data: components["schemas"]["SettingsGroupValues"];
            /** @constant */
            success: true;
        };
        /** @description Keys of one group: its defaults overlaid with the stored values */
        SettingsGroupValues: {
            [key: string]: components["schemas"]["SettingValue"];
        };
        /** @description A page of the group's changes, newest first */
        SettingsHistoryResponse: {
            changes: components["schemas"]["SettingsChange"][];
            /** @description Settings group */
            group: string;
            /** @description Pass as cursor for the next (older) page; null on the last page */
            next_cursor: string | null;
            /** @constant */
            success: true;
        };
        /** @description The seller reads the shared value of the key again */
        SettingsOverrideRemovedResponse: {
            /** @description Override of '<group>.<key>' removed */
            message: string;
            /** @description False when the seller had no override of the key (nothing changed) */
            removed: boolean;
            /** @constant */
            success: true;
        };
        /** @description The selected seller's overrides of the settings about its own selling, and the keys a seller may override */
        SettingsOverridesResponse: {
            /** @description Per group, the keys the seller overrides and their values as GET /settings/{group} reads them for this seller; an empty object when none */
            overrides: {
                catalogo: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
                core_ai: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
                estoque: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
                financeiro: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
                geral: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
                integracoes: {
                    [key: string]: components["schemas"]["SettingValue"];
                };
            };
            /** @description Per group, the keys a seller may override (PUT /settings/{group} naming it); every other key is the deployment's */
            per_seller_keys: {
                /** @description Keys of the group */
                catalogo: string[];
                /** @description Keys of the group */
                core_ai: string[];
                /** @description Keys of the group */
                estoque: string[];
                /** @description Keys of the group */
                financeiro: string[];
                /** @description Keys of the group */
                geral: string[];
                /** @description Keys of the group */
                integracoes: string[];
            };
            /** @constant */
            success: true;
        };
        /** @description Exactly one of at (an ISO 8601 timestamp; without an offset it is business-zone wall clock) and change_id (the group is put back as it was just after that change) */
        SettingsRestoreBody: {
            /** @description The moment to go back to */
            at: string;
        } | {
            /** @description The change just after which the group is put back */
            change_id: string;
        };
        /** @description The restored group as GET /settings/{group} reads it, the change that recorded the restore, and the secrets left as they were */
        SettingsRestoreResponse: {
            change: components["schemas"]["SettingsChange"];
            data: components["schemas"]["SettingsGroupValues"];
            /** @description Secret keys changed since the target: their old values are never recorded, so they keep their current values */
            secrets_kept: string[];
            /** @constant */
            success: true;
        };
        /** @description Key to value, any subset of keys (keys without defaults too). Booleans are stored as true/false, lists and objects as JSON text, anything else as its text. erp_api_token is also stored as the ERP credential's access token */
        SettingsUpdateBody: {
            [key: string]: unknown;
        };
        /** @description Every given key was stored, all together */
        SettingsUpdateResponse: {
            /** @description Settings for '<group>' updated */
            message: string;
            /** @constant */
            success: true;
        };
        /** @description A setting converted by the type of its default; the stored text when conversion fails or the key has no default */
        SettingValue: string | number | boolean | unknown[] | {
            [key: string]: unknown;
        };
        /** @description Units to send from one local warehouse */
        ShipmentSource: {
            /**
             * Format: int32
             * @description Units to send from it
             */
            units: number;
            /** @description Local warehouse; null for stock recorded without one */
            warehouse: string | null;
        };
        /** @description A SKU's planning parameters as stored */
        SkuPlanning: {
            /** @description Units per case; null without one */
            case_pack: number | null;
            /** @description Lead-time override in days; null: the setting estoque.lead_time_padrao */
            lead_time_days: number | null;
            /** @description SKU */
            sku: string;
            /** @description Snoozed through this day; null when not snoozed */
            snooze_until: string | null;
            /** @description Time of the last change (ISO 8601); null when loaded without one */
            updated_at: string | null;
        };
        /** @description Any of the fields (at least one); only those given change, and null clears one. Other fields are refused */
        SkuPlanningBody: {
            case_pack?: number | null;
            lead_time_days?: number | null;
            snooze_until?: string | null;
        };
        /** @description The SKU's planning parameters after the change */
        SkuPlanningResponse: {
            planning: components["schemas"]["SkuPlanning"];
            /** @constant */
            success: true;
        };
        /** @description What one SKU's storage cost on one business day, at the tariff version in force that day */
        StorageCostDay: {
            /** @description That version's threshold */
            aged_days_threshold: number | null;
            /**
             * Format: int32
             * @description Units older than the threshold that day
             */
            aged_units: number;
            /** @description Units by age that day, from the FIFO lots (units of unknown age are not in it) */
            ages: {
                /** Format: int32 */
                age_days: number;
                /** Format: int32 */
                units: number;
            }[];
            /** @description Fee per unit and day of that version */
            daily_fee: number;
            /**
             * Format: date
             * @description Business day
             */
            day: string;
            /** @description units × daily_fee, rounded to 2 decimals */
            fee: number;
            /** @description Only with seller_id=all: the connected account (user_id) the row is of */
            seller_id?: string;
            /** @description SKU */
            sku: string;
            /** @description aged_units × daily_fee × aged_daily_factor, rounded to 2 decimals */
            surcharge: number;
            /** @description The tariff applied; null when none matched (no volume or no active tariff in force): amounts are 0 */
            tariff_id: number | null;
            /** @description The version of that tariff in force that day */
            tariff_version: number | null;
            /** @description fee + surcharge */
            total: number;
            /** @description Volume of one unit in litres; null when the ad has no dimensions */
            unit_volume_l: number | null;
            /**
             * Format: int32
             * @description Units stored in Full that day (available, over the SKU's inventories)
             */
            units: number;
            /** @description units × unit_volume_l */
            volume_l: number | null;
        };
        /** @description The days re-priced and who ran it (recorded) */
        StorageCostsRecomputeResponse: {
            recompute: {
                /** @description Who ran it */
                actor: string;
                /** @description When */
                at: string;
                /**
                 * Format: date
                 * @description First day re-priced
                 */
                from: string;
                /** @description Id of the recorded run */
                id: string;
                /** @description The request that ran it */
                request_id: string | null;
                /**
                 * Format: int32
                 * @description Stored rows from..to re-priced
                 */
                rows: number;
                /**
                 * Format: int32
                 * @description Rows whose price changed (0 on a second run)
                 */
                rows_changed: number;
                /**
                 * Format: date
                 * @description Last day re-priced (today)
                 */
                to: string;
            };
            /** @constant */
            success: true;
        };
        /** @description A month of the daily storage-cost ledger: per SKU, per day and in total, with the days no sync wrote */
        StorageCostsResponse: {
            /** @description Each day with rows: its totals over the SKUs */
            daily: {
                /**
                 * Format: date
                 * @description Day
                 */
                day: string;
                fee: number;
                surcharge: number;
                total: number;
            }[];
            /** @description With sku: that SKU's rows, by day */
            days?: components["schemas"]["StorageCostDay"][];
            /** @description Days of the month up to today with no row: no sync ran; nothing is guessed */
            missing_days: string[];
            /** @description YYYY-MM */
            month: string;
            /** @description The SKU asked for; null for every SKU */
            sku: string | null;
            skus: {
                /** @description Mean units over those days */
                average_units: number;
                /**
                 * Format: int32
                 * @description Days with a row
                 */
                days: number;
                /** @description Sum of the days' fees */
                fee: number;
                /** @description Only with seller_id=all: the connected account (user_id) the row is of */
                seller_id?: string;
                /** @description SKU */
                sku: string;
                /** @description Sum of the days' aged surcharges */
                surcharge: number;
                /** @description Sum of the days' totals */
                total: number;
            }[];
            /** @constant */
            success: true;
            totals: {
                /**
                 * Format: int32
                 * @description Days with at least one row
                 */
                days_with_data: number;
                /** @description Sum over the SKUs */
                fee: number;
                /** @description Sum over the SKUs */
                surcharge: number;
                /** @description Sum over the SKUs and over the days, to the centavo */
                total: number;
            };
        };
        /** @description Error envelope of POST /full/sync, the tariff endpoints, the settings endpoints and GET /history/core_ai */
        SuccessErrorBody: {
            /** @description A readable description of the failure; never a stack or a credential */
            error: string;
            /** @description Only when the request must name a connected account (several are connected and none, an unknown one or one this route cannot take was named): the accounts it may name in X-Seller-Id or seller_id */
            sellers?: {
                /** @description The seller's marketplace id (user_id) */
                id: string;
                /** @description The seller's nickname */
                nickname: string | null;
            }[];
            /** @constant */
            success: false;
        };
        /** @description Catalogue discovery at the start of the sync: the seller's Full listings become the ads it reads */
        SyncDiscovery: {
            /**
             * Format: int32
             * @description Ads stored for the first time
             */
            added: number;
            /** @description Why the listing or the ledger read failed; the sync went on with the ads already stored (a partial run) */
            error: string | null;
            /** @description Listed items that could not be read */
            failed: {
                /** @description The ad */
                ad_id: string;
                /** @description Why it failed */
                error: string;
            }[];
            /**
             * Format: int32
             * @description Full listings the marketplace named
             */
            listed: number;
            /**
             * Format: int32
             * @description Stored Full ads no longer listed: kept, with is_full false
             */
            no_longer_full: number;
            /**
             * Format: int32
             * @description Ads whose sales_30d comes from the fulfillment ledger (no imported value)
             */
            sales_from_ledger: number;
            /**
             * Format: int32
             * @description Stored ads whose title, thumbnail, permalink, sku or is_full changed
             */
            updated: number;
        };
        /** @description An inventory's stock by state and first-in-first-out lots, as compared by the reconciliation (null: not known) */
        SyncDriftFigures: {
            /** @description Units available */
            available_qty: number | null;
            /** @description Receptions still in stock, oldest first, back to the oldest day the run's receptions search covered; null when lots were not compared (no search answered) */
            fifo_lots: {
                /**
                 * Format: date
                 * @description Day received (YYYY-MM-DD)
                 */
                day: string;
                /** @description Units of it still in stock */
                units: number;
            }[] | null;
            /** @description Units reserved to move between warehouses */
            in_transit_qty: number | null;
            /** @description Other units not available */
            not_available_qty: number | null;
            /** @description All units */
            total_qty: number | null;
        };
        /** @description Result of one stock synchronisation and cost calculation */
        SyncResponse: {
            /** @description Storage cost calculation */
            cost: {
                /**
                 * Format: int32
                 * @description SKUs without dimensions or a matching active tariff
                 */
                skipped: number;
                /**
                 * Format: int32
                 * @description Active tariffs considered
                 */
                tariffs_active: number;
                /**
                 * Format: int32
                 * @description SKU metrics written
                 */
                updated: number;
            } & {
                [key: string]: unknown;
            };
            discovery: components["schemas"]["SyncDiscovery"];
            /** @description The run in the history (GET /full/sync/runs) */
            run_id: string;
            stock: {
                /**
                 * Format: int32
                 * @description Fulfillment ads read
                 */
                ads_full: number;
                /**
                 * Format: int32
                 * @description Ads whose package dimensions changed
                 */
                dimensions_updated: number;
                /** @description Ads that could not be synchronised; the others were */
                failed: {
                    /** @description The ad */
                    ad_id: string;
                    /** @description Why it failed */
                    error: string;
                }[];
                /**
                 * Format: int32
                 * @description Inventory records written
                 */
                inventories: number;
            };
            /** @constant */
            success: true;
            /** @description What the run could not compute for want of an input, each saying what is missing and where to add it: no_active_tariffs (no storage cost without a tariff), no_dimensions (Full ads without package dimensions), no_sales_data (no Full ad sold in 30 days). Empty when nothing is missing */
            warnings: components["schemas"]["Message"][];
        };
        /** @description One sync run (POST /full/sync or the daily schedule). Every field is present; null when unknown. A run whose owner stopped renewing its heartbeat shows as failed with error "abandoned: no heartbeat since HH:MM:SS" (business time zone) */
        SyncRun: {
            /** @description Who started it through the API: a person ("<email> (<sub>)"), a machine client ("client <id>"), an IAM caller's ARN, or local; null for the daily schedule */
            actor: string | null;
            /** @description The reconciliation of a completed run (succeeded or partial); null while running, when it failed, or for runs stored before it was recorded */
            drift: components["schemas"]["SyncRunDrift"] | null;
            /** @description Milliseconds from start to end; null while running */
            duration_ms: number | null;
            /** @description Why the run failed, in words; null unless failed */
            error: string | null;
            /** @description The first 50 failed ads */
            failed_ads: {
                /** @description The ad */
                ad_id: string;
                /** @description Why it failed */
                error: string;
            }[];
            /**
             * Format: int32
             * @description Ads that failed
             */
            failed_count: number;
            /** @description End (ISO 8601); null while running */
            finished_at: string | null;
            /** @description Last heartbeat of the run's owner (ISO 8601) */
            heartbeat_at: string | null;
            /** @description Run id: the start time (ISO 8601) and a short random suffix, so ids sort by start */
            id: string;
            /** @description Progress; null before the Full ads are listed */
            progress: components["schemas"]["SyncRunProgress"] | null;
            /** @description API Gateway's id of the request that started it; null for the daily schedule */
            request_id: string | null;
            /** @description Counters of a completed run; null while running or when it failed */
            result: components["schemas"]["SyncRunResult"] | null;
            /** @description Start (ISO 8601) */
            started_at: string;
            /**
             * @description running; succeeded; partial (some ads failed, listed in failed_ads); failed (nothing was changed by the marketplace read: see error)
             * @enum {string}
             */
            state: "running" | "succeeded" | "partial" | "failed";
            /**
             * @description What started it: POST /full/sync (api) or the daily schedule
             * @enum {string}
             */
            trigger: "api" | "schedule";
        };
        /** @description The reconciliation: inventories whose stored stock (what the marketplace's notifications built since the last run) differed from what the run read. Not counted: inventories new to the catalogue and records a notification wrote while the run read the marketplace. The run stores what it read */
        SyncRunDrift: {
            /**
             * Format: int32
             * @description Inventories that differed
             */
            count: number;
            /** @description The first 20 of them, by ad and inventory id: expected is what the marketplace said (the run's read), found what was stored */
            inventories: {
                /** @description Its ad */
                ad_id: string | null;
                expected: components["schemas"]["SyncDriftFigures"];
                found: components["schemas"]["SyncDriftFigures"];
                /** @description The inventory */
                inventory_id: string;
            }[];
        };
        /** @description How far the run got: ads read of the Full ads, and shards (the Full ads cut into groups of at most SYNC_SHARD_SIZE) */
        SyncRunProgress: {
            /**
             * Format: int32
             * @description Full ads read or failed so far
             */
            ads_done: number;
            /**
             * Format: int32
             * @description Full ads to read
             */
            ads_total: number;
            /**
             * Format: int32
             * @description Shards finished
             */
            shards_done: number;
            /**
             * Format: int32
             * @description Shards of the run
             */
            shards_total: number;
        };
        /** @description The counters of a run that completed (succeeded or partial) */
        SyncRunResult: {
            /**
             * Format: int32
             * @description Fulfillment ads read
             */
            ads_full: number;
            /**
             * Format: int32
             * @description SKUs without dimensions or a matching active tariff
             */
            cost_skipped: number;
            /**
             * Format: int32
             * @description SKU metrics written
             */
            cost_updated: number;
            /**
             * Format: int32
             * @description Ads whose package dimensions changed
             */
            dimensions_updated: number;
            /**
             * Format: int32
             * @description Inventory records written
             */
            inventories: number;
            /**
             * Format: int32
             * @description Active tariffs considered
             */
            tariffs_active: number;
            /** @description What the run could not compute for want of an input, each saying what is missing and where to add it: no_active_tariffs (no storage cost without a tariff), no_dimensions (Full ads without package dimensions), no_sales_data (no Full ad sold in 30 days). Empty when nothing is missing */
            warnings?: components["schemas"]["Message"][];
        };
        /** @description The run history, newest first (runs are kept 90 days) */
        SyncRunsResponse: {
            runs: components["schemas"]["SyncRun"][];
            /** @constant */
            success: true;
        };
        /** @description A sync run still under way after about 20 s: it goes on; GET /full/sync/status follows it. With seller_id=all: every granted seller's run, started together, in sellers */
        SyncStartedResponse: {
            /** @description The run under way; absent with seller_id=all, whose runs are in sellers */
            run?: {
                /** @description Run id (GET /full/sync/runs) */
                id: string;
                progress: components["schemas"]["SyncRunProgress"];
                /** @constant */
                state: "running";
            };
            /** @description seller_id=all only: each granted seller's start, in the sellers' order */
            sellers?: components["schemas"]["SellerSyncStart"][];
            /** @constant */
            success: true;
        };
        /** @description The sync under way, the last finished run, the last successful one and the next scheduled run */
        SyncStatusResponse: {
            /** @description The newest finished run (succeeded, partial or failed), or null */
            last: components["schemas"]["SyncRun"] | null;
            /** @description The newest run that succeeded, or null */
            last_success: components["schemas"]["SyncRun"] | null;
            /** @description Next run of the daily schedule (ISO 8601, UTC) */
            next_scheduled_at: string | null;
            /** @description The run under way, or null */
            running: components["schemas"]["SyncRun"] | null;
            /** @constant */
            success: true;
        };
        /** @description A fulfillment storage tariff for a volume band */
        Tariff: {
            /** @description Only active tariffs are used by the cost calculation */
            active: boolean;
            /** @description Multiplier of daily_fee for aged stock */
            aged_daily_factor: number;
            /**
             * Format: int64
             * @description Days after which stock counts as aged
             */
            aged_days_threshold: number;
            /** @description Storage fee per unit per day */
            daily_fee: number | null;
            /**
             * Format: int64
             * @description Assigned by the service
             */
            id: number;
            /** @description Inbound fee per unit */
            inbound_fee: number | null;
            /** @description Upper bound of the volume band in litres (excluded); null for no upper bound */
            max_volume_l: number | null;
            /** @description Lower bound of the volume band in litres (included) */
            min_volume_l: number;
            /** @description Name */
            name: string | null;
        };
        /** @description Every field is optional and takes its default when missing; numeric fields also accept numeric text. A body that is not valid JSON is treated as an empty object (each assumption is named in the answer's warnings). With Prefer: handling=strict the body must be a JSON object of these fields only, with daily_fee */
        TariffCreateBody: {
            /** @description Whether the cost calculation uses the tariff (default true): a boolean, a number (0 is false), or true/false, yes/no, on/off, 1/0 as text in any case */
            active?: boolean | number | string | null;
            /** @description Multiplier of daily_fee for aged stock; 0 or the default gives 3. Numeric text ("12.5") is converted; null, blank or false gives the default */
            aged_daily_factor?: number | string | boolean | null;
            /** @description Whole days after which stock counts as aged; 0 or the default gives 90. Numeric text ("12.5") is converted; null, blank or false gives the default */
            aged_days_threshold?: number | string | boolean | null;
            /** @description Storage fee per unit per day, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            daily_fee?: number | string | boolean | null;
            effective_from?: string | null;
            /** @description Inbound fee per unit, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            inbound_fee?: number | string | boolean | null;
            /** @description Upper bound in litres, not below min_volume_l; default none (no upper bound). Numeric text ("12.5") is converted; null, blank or false gives the default */
            max_volume_l?: number | string | boolean | null;
            /** @description Lower bound of the volume band in litres, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            min_volume_l?: number | string | boolean | null;
            /** @description Name; null or blank gives none */
            name?: string | number | null;
        } & {
            [key: string]: unknown;
        };
        /** @description The tariff is no longer in force from the version's day; its earlier versions stay */
        TariffDeleteResponse: {
            /** @constant */
            success: true;
            version: components["schemas"]["TariffVersionSummary"];
        };
        /** @description Every version of every tariff, by tariff then version */
        TariffHistoryResponse: {
            /** @constant */
            success: true;
            /**
             * Format: date
             * @description Today in the business time zone
             */
            today: string;
            versions: components["schemas"]["TariffVersionEntry"][];
        };
        /** @description Every tariff, by min_volume_l ascending */
        TariffListResponse: {
            tariffs: components["schemas"]["Tariff"][];
        };
        /** @description Any subset of the tariff fields except id; only the fields present change, converted as on create (numeric text is accepted). With Prefer: handling=strict the body must be a JSON object of these fields only, and daily_fee, when present, not empty */
        TariffUpdateBody: {
            /** @description Whether the cost calculation uses the tariff (default true): a boolean, a number (0 is false), or true/false, yes/no, on/off, 1/0 as text in any case */
            active?: boolean | number | string | null;
            /** @description Multiplier of daily_fee for aged stock; 0 or the default gives 3. Numeric text ("12.5") is converted; null, blank or false gives the default */
            aged_daily_factor?: number | string | boolean | null;
            /** @description Whole days after which stock counts as aged; 0 or the default gives 90. Numeric text ("12.5") is converted; null, blank or false gives the default */
            aged_days_threshold?: number | string | boolean | null;
            /** @description Storage fee per unit per day, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            daily_fee?: number | string | boolean | null;
            effective_from?: string | null;
            /** @description Inbound fee per unit, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            inbound_fee?: number | string | boolean | null;
            /** @description Upper bound in litres, not below min_volume_l; default none (no upper bound). Numeric text ("12.5") is converted; null, blank or false gives the default */
            max_volume_l?: number | string | boolean | null;
            /** @description Lower bound of the volume band in litres, 0 or more; default 0. Numeric text ("12.5") is converted; null, blank or false gives the default */
            min_volume_l?: number | string | boolean | null;
            /** @description Name; null or blank gives none */
            name?: string | number | null;
        } & {
            [key: string]: unknown;
        };
        /** @description One version of a tariff, with its fields from that day on (for a delete: the fields it had) */
        TariffVersionEntry: {
            /**
             * @description What the change did: create, update (a new version of the fields), or delete (not in force from that day)
             * @enum {string}
             */
            action: "create" | "update" | "delete";
            /** @description Who recorded it: the signed-in caller, local in the open local mode, system for the loader */
            actor: string;
            /** @description First business day the version is in force; null: since always */
            effective_from: string | null;
            /** @description This version is the one in force today */
            in_force: boolean;
            /** @description When it was recorded (UTC); null for version 0 */
            recorded_at: string | null;
            /** @description The id of the API request that recorded it; null for version 0 and versions recorded before request ids were kept */
            request_id: string | null;
            tariff: components["schemas"]["Tariff"];
            /**
             * Format: int64
             * @description The tariff
             */
            tariff_id: number;
            /**
             * Format: int32
             * @description 1, 2, 3 … per tariff in the order recorded; 0 for a tariff as stored before versions were kept (in force since always)
             */
            version: number;
        };
        /** @description The version a tariff write recorded */
        TariffVersionSummary: {
            /**
             * @description What the change did: create, update (a new version of the fields), or delete (not in force from that day)
             * @enum {string}
             */
            action: "create" | "update" | "delete";
            /** @description Who recorded it: the signed-in caller, local in the open local mode, system for the loader */
            actor: string;
            /** @description First business day the version is in force; null: since always */
            effective_from: string | null;
            /** @description When it was recorded (UTC); null for version 0 */
            recorded_at: string | null;
            /**
             * Format: int64
             * @description The tariff
             */
            tariff_id: number;
            /**
             * Format: int32
             * @description 1, 2, 3 … per tariff in the order recorded; 0 for a tariff as stored before versions were kept (in force since always)
             */
            version: number;
        };
        /** @description The tariff as stored */
        TariffWriteResponse: {
            /** @constant */
            success: true;
            tariff: components["schemas"]["Tariff"];
            version: components["schemas"]["TariffVersionSummary"];
            /** @description The same warnings as data: code, params and text (in the request's language) */
            warning_details?: components["schemas"]["Message"][];
            /** @description Present when something was assumed or is worth knowing, one sentence each: the body was not JSON (read as an empty object), the daily fee is 0 because it was left out, no upper volume bound, the volume range overlaps an active tariff (named). Each is also logged as a WARN line */
            warnings?: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Sent by API Gateway only when the deploy names a console origin (CONSOLE_ORIGIN) and the request comes from it: that one origin, never `*`. Absent otherwise, and from `npm start` */
        "Access-Control-Allow-Origin": string;
        /** @description Requests the route takes at once (its burst). Sent by `npm start`; the deployed API Gateway does not send it */
        "RateLimit-Limit": number;
        /** @description Requests the route takes at once right now. Sent by `npm start`; the deployed API Gateway does not send it */
        "RateLimit-Remaining": number;
        /** @description Seconds until the route's full burst is available again. Sent by `npm start`; the deployed API Gateway does not send it */
        "RateLimit-Reset": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAlerts: {
        parameters: {
            query?: {
                /** @description Only alerts of this kind; empty for every kind */
                kind?: ("aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale") | "";
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
                /** @description Only alerts of this SKU */
                sku?: string;
            };
            header?: {
                /** @description The ETag of the answer the client holds: answered 304 with no body while it is still the current one */
                "If-None-Match"?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The open alerts */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description A strong validator of this answer as sent (its content coding included): send it back in If-None-Match to be answered 304 while it is unchanged */
                    ETag?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertsResponse"];
                };
            };
            /** @description Not Modified: If-None-Match names the current answer's ETag, so the copy the client holds is current. No body */
            304: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description The current answer's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description kind is not an alert kind, or sku is over 200 characters; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /alerts takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listAlertDeliveries: {
        parameters: {
            query?: {
                /** @description How many, newest first (default 100) */
                limit?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
                /** @description Only this subscription's */
                subscription_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertDeliveriesResponse"];
                };
            };
            /** @description limit is out of range; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /alerts/deliveries takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listAlertEvents: {
        parameters: {
            query?: {
                /** @description Only alerts of this kind; empty for every kind */
                kind?: ("aged_stock" | "aged_surcharge" | "low_coverage" | "stockout" | "stranded" | "sync_failed" | "sync_stale") | "";
                /** @description How many, newest first (default 100) */
                limit?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
                /** @description Only alerts of this SKU */
                sku?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertEventsResponse"];
                };
            };
            /** @description kind is not an alert kind, or limit is out of range; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /alerts/events takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listAlertSubscriptions: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertSubscriptionsResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /alerts/subscriptions takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    createAlertSubscription: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description channel and target; kinds default to all, min_severity to info, delivery to immediate, digest_hour to 8, format to json, language to pt-BR (the language of the messages' texts: pt-BR or en) */
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertSubscriptionBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertSubscriptionCreated"];
                };
            };
            /** @description The body is not such an object, a value is out of range, or the target is not an https URL (locally: or http://127.0.0.1) or an e-mail address; nothing is stored; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /alerts/subscriptions takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    deleteAlertSubscription: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description The subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Not a subscription id; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No such subscription */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: DELETE /alerts/subscriptions/{id} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    testAlertSubscription: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description The subscription id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertTestQueued"];
                };
            };
            /** @description Not a subscription id; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No such subscription */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /alerts/subscriptions/{id}/test takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getAgedStock: {
        parameters: {
            query?: {
                /** @description json (the default) or csv, in any case. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400) */
                format?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report, largest projected surcharge first */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgedStockResponse"];
                    "text/csv": string;
                };
            };
            /** @description format is not json or csv; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/aged-stock takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    importCosts: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Costs by sku or ad_id */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CostsImportBody"];
                /**
                 * @example sku;cost
                 *     MG-20;31,50
                 *     RG-1;1.234,56
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description Written and recorded */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            /** @description An invalid body: names the line or item and the field; nothing was written; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Another import of costs is running */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 3145728 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /full/costs takes 5 requests a second and 25 at once by default (deploy settings API_EXPENSIVE_THROTTLE_RATE and API_EXPENSIVE_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description How many imports, newest first; anything else is refused (400) (default 50) */
                limit?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The imports */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportsResponse"];
                };
            };
            /** @description limit is not a whole number from 1 to 200; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/imports takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listInventory: {
        parameters: {
            query?: {
                /** @description Only the exact value 1 keeps just the aged or low-coverage records; any other value is ignored */
                alerts?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
                /** @description Ordering: coverage (days_of_stock ascending, the default), aged (oldest_stock_days descending) or available (available_qty descending); unknown values last. Any other value behaves as coverage */
                sort_by?: ("coverage" | "aged" | "available") | string;
            };
            header?: {
                /** @description The ETag of the answer the client holds: answered 304 with no body while it is still the current one */
                "If-None-Match"?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The records */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description A strong validator of this answer as sent (its content coding included): send it back in If-None-Match to be answered 304 while it is unchanged */
                    ETag?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryListResponse"];
                };
            };
            /** @description Not Modified: If-None-Match names the current answer's ETag, so the copy the client holds is current. No body */
            304: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description The current answer's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused: a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Throttled: GET /full/inventory takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
        };
    };
    getInventoryDetail: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description The ETag of the answer the client holds: answered 304 with no body while it is still the current one */
                "If-None-Match"?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description The ad */
                ad_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ad's inventories and daily series */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description A strong validator of this answer as sent (its content coding included): send it back in If-None-Match to be answered 304 while it is unchanged */
                    ETag?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryDetailResponse"];
                };
            };
            /** @description Not Modified: If-None-Match names the current answer's ETag, so the copy the client holds is current. No body */
            304: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description The current answer's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No inventory records for the ad */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled: GET /full/inventory/{ad_id} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listLocalStock: {
        parameters: {
            query?: {
                /** @description Only this warehouse's rows; every row when absent */
                warehouse?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocalStockResponse"];
                };
            };
            /** @description Refused: a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/local-stock takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    importLocalStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The local warehouse whose rows the body replaces (1 to 100 characters) */
                warehouse: string;
            };
            cookie?: never;
        };
        /** @description The warehouse's rows */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocalStockImportBody"];
                /**
                 * @example sku;available
                 *     MG-20;120
                 *     RG-1;1.200
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description Written and recorded */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            /** @description An invalid body (names the line or item and the field) or warehouse name; nothing was written; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Another import of this warehouse is running */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 3145728 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /full/local-stock/{warehouse} takes 5 requests a second and 25 at once by default (deploy settings API_EXPENSIVE_THROTTLE_RATE and API_EXPENSIVE_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
            };
            header?: {
                /** @description The ETag of the answer the client holds: answered 304 with no body while it is still the current one */
                "If-None-Match"?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview; has_data false with a message when no inventory records exist */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description A strong validator of this answer as sent (its content coding included): send it back in If-None-Match to be answered 304 while it is unchanged */
                    ETag?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OverviewResponse"];
                };
            };
            /** @description Not Modified: If-None-Match names the current answer's ETag, so the copy the client holds is current. No body */
            304: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description The current answer's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Throttled: GET /full/overview takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HasDataErrorBody"];
                };
            };
        };
    };
    getReplenishment: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
                /** @description Days of sales the fulfillment stock should cover (default 30). Clamped to 7..90; a value that is not a whole number gives the default */
                target_days?: number | string;
                /** @description SKUs whose coverage is below this many days are suggested (default 14). Clamped to 1..target_days (after target_days is clamped); a value that is not a whole number gives the default */
                trigger_days?: number | string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Suggestions, lowest coverage first */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplenishmentResponse"];
                };
            };
            /** @description Refused: a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Throttled: GET /full/replenishment takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRestockPlan: {
        parameters: {
            query?: {
                /** @description json (the default) or csv, in any case. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400) */
                format?: string;
                /** @description Lines whose ship_by falls within this many days from today are due; anything else is refused (400) (default 14) */
                horizon_days?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
                /** @description Days of sales the stock should cover when a shipment sent today arrives; anything else is refused (400) (default 30) */
                target_days?: number | string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan, sorted by ship_by then coverage_days */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestockPlanResponse"];
                    "text/csv": string;
                };
            };
            /** @description target_days, horizon_days or format is not an accepted value; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/restock-plan takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    importSales: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description 30-day sales by sku or ad_id */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SalesImportBody"];
                /**
                 * @example ad_id,sales_30d
                 *     MLB3270770831,42
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description Written and recorded */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            /** @description An invalid body: names the line or item and the field; nothing was written; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Another import of sales is running */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 3145728 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /full/sales takes 5 requests a second and 25 at once by default (deploy settings API_EXPENSIVE_THROTTLE_RATE and API_EXPENSIVE_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    updateSkuPlanning: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description The SKU (any SKU, with or without ads yet); not blank */
                sku: string;
            };
            cookie?: never;
        };
        /** @description The fields to change */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SkuPlanningBody"];
            };
        };
        responses: {
            /** @description The SKU's parameters after the change */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkuPlanningResponse"];
                };
            };
            /** @description The body is not a JSON object of the planning fields, a value is out of range, or the SKU is blank; the error names the field; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /full/skus/{sku}/planning takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getStorageCosts: {
        parameters: {
            query?: {
                /** @description json (the default) or csv, in any case. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400) */
                format?: string;
                /** @description The month YYYY-MM (business time zone); default the current one; another value answers 400 */
                month?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
                /** @description One SKU: its rows are listed in days */
                sku?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageCostsResponse"];
                    "text/csv": string;
                };
            };
            /** @description month is not YYYY-MM, sku is too long, or format is not json or csv; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/storage-costs takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    recomputeStorageCosts: {
        parameters: {
            query: {
                /** @description First day to re-price, YYYY-MM-DD, not after today; required */
                from: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The days were re-priced */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageCostsRecomputeResponse"];
                };
            };
            /** @description from is missing, not a day YYYY-MM-DD, or after today; nothing changed; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /full/storage-costs/recompute takes 5 requests a second and 25 at once by default (deploy settings API_EXPENSIVE_THROTTLE_RATE and API_EXPENSIVE_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    runSync: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent; or all: every connected account at once, each row naming its account (seller_id) */
                seller_id?: string;
            };
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours answers the first answer again and changes nothing. Send a new random key (a UUID) for each new operation. */
                "Idempotency-Key"?: string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before; or all: every connected account at once, each row naming its account (seller_id) */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync ran (state succeeded, or partial with the failed ads listed in stock.failed) */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResponse"];
                };
            };
            /** @description The run is still under way after about 20 s and goes on; follow it with GET /full/sync/status. With seller_id=all: the runs started, one per seller */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncStartedResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done; or: The Idempotency-Key header is not 1 to 255 visible ASCII characters */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Another sync is running; nothing was changed; or: A request with the same Idempotency-Key is still in progress; retry when it has finished */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The Idempotency-Key was already used with a different body; nothing was changed */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /full/sync takes 5 requests a second and 25 at once by default (deploy settings API_EXPENSIVE_THROTTLE_RATE and API_EXPENSIVE_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The sync failed and stored records were left as they were: the marketplace could not be reached, the token refresh was rejected, no Full ad could be read, or the marketplace is not configured (client id or secret, credential record, seller id); error names the cause */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listSyncRuns: {
        parameters: {
            query?: {
                /** @description How many runs, newest first; another value answers 400 (default 20) */
                limit?: number | string;
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The runs */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncRunsResponse"];
                };
            };
            /** @description limit is not a whole number from 1 to 100; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/sync/runs takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getSyncStatus: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncStatusResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/sync/status takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listTariffs: {
        parameters: {
            query?: {
                /** @description A business day YYYY-MM-DD: the tariffs in force that day (default today); another value answers 400 */
                at?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tariffs */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffListResponse"];
                };
            };
            /** @description at is not a day YYYY-MM-DD; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/tariffs takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    createTariff: {
        parameters: {
            query?: {
                /** @description First business day (YYYY-MM-DD, business time zone) the change is in force; default today. A day ahead records next month's table now; a day past corrects a tariff (POST /full/storage-costs/recompute re-prices the stored days). The body's effective_from wins */
                effective_from?: string;
            };
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours answers the first answer again and changes nothing. Send a new random key (a UUID) for each new operation. */
                "Idempotency-Key"?: string;
                /** @description handling=strict (RFC 7240): a body that is not a JSON object, unknown fields or a daily_fee left out (on create) or emptied (on update) answer 400 and nothing is stored. Without it the body is read leniently, as SPEC says, and the answer's warnings name what was assumed */
                prefer?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The tariff fields */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TariffCreateBody"];
            };
        };
        responses: {
            /** @description The tariff was created; warnings say what was assumed */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffWriteResponse"];
                };
            };
            /** @description A value cannot be converted (or max_volume_l is below min_volume_l), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or no daily_fee; nothing was stored; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: The Idempotency-Key header is not 1 to 255 visible ASCII characters */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress; retry when it has finished */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The Idempotency-Key was already used with a different body; nothing was changed */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /full/tariffs takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    updateTariff: {
        parameters: {
            query?: {
                /** @description First business day (YYYY-MM-DD, business time zone) the change is in force; default today. A day ahead records next month's table now; a day past corrects a tariff (POST /full/storage-costs/recompute re-prices the stored days). The body's effective_from wins */
                effective_from?: string;
            };
            header?: {
                /** @description handling=strict (RFC 7240): a body that is not a JSON object, unknown fields or a daily_fee left out (on create) or emptied (on update) answer 400 and nothing is stored. Without it the body is read leniently, as SPEC says, and the answer's warnings name what was assumed */
                prefer?: string;
            };
            path: {
                /** @description Tariff id, a positive whole number; any other value names no tariff (404) */
                tariff_id: number | string;
            };
            cookie?: never;
        };
        /** @description The fields to change */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TariffUpdateBody"];
            };
        };
        responses: {
            /** @description The tariff as updated; warnings say what was assumed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffWriteResponse"];
                };
            };
            /** @description A value cannot be converted (or the volume band ends up inverted), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or an empty daily_fee; nothing was changed; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No tariff has this id */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /full/tariffs/{tariff_id} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    deleteTariff: {
        parameters: {
            query?: {
                /** @description First business day (YYYY-MM-DD, business time zone) the change is in force; default today. A day ahead records next month's table now; a day past corrects a tariff (POST /full/storage-costs/recompute re-prices the stored days). The body's effective_from wins */
                effective_from?: string;
            };
            header?: never;
            path: {
                /** @description Tariff id, a positive whole number; any other value names no tariff (404) */
                tariff_id: number | string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tariff was deleted */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffDeleteResponse"];
                };
            };
            /** @description The storage failed, or effective_from is not a day YYYY-MM-DD; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No tariff has this id, or it is not in force on effective_from */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: DELETE /full/tariffs/{tariff_id} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listTariffVersions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffHistoryResponse"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /full/tariffs/history takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getForecastingHistory: {
        parameters: {
            query?: {
                /** @description Last day (YYYY-MM-DD), inclusive through 23:59:59. Without both valid dates the 50 newest entries are returned; a last day before the first gives no entries */
                end_date?: string;
                /** @description First day (YYYY-MM-DD, business time zone), used only together with end_date. A value in another format is ignored */
                start_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HistoryResponse"];
                };
            };
            /** @description Refused: a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /history/core_ai takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getMarketplaceAccount: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account (connected false and nulls when none) */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /marketplace/account takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    forgetMarketplaceAccount: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten (also when none was stored) */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisconnectResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: DELETE /marketplace/account takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    marketplaceCallback: {
        parameters: {
            query?: {
                /** @description The authorization code the marketplace sent back (single use) */
                code?: string;
                /** @description Sent by the marketplace instead of a code when the seller did not approve */
                error?: string;
                /** @description The state GET /marketplace/connect issued: required, single use, valid 10 minutes */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account is connected (an HTML page) */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No state, or one unknown, expired or already used; the seller did not approve; or the marketplace refused the code. Nothing was stored; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /marketplace/callback takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The marketplace could not be reached, or an unexpected failure; nothing was stored */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    connectMarketplaceAccount: {
        parameters: {
            query?: {
                /** @description 0 answers 200 with the authorization URL instead of the 302 (for a page that signs its requests and opens the URL itself) */
                redirect?: ("0" | "1") | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authorization page, for ?redirect=0 */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectResponse"];
                };
            };
            /** @description To the authorization page */
            302: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description The authorization page */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectResponse"];
                };
            };
            /** @description The request names no host and MARKETPLACE_REDIRECT_URI is not set, so the callback URL is unknown; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /marketplace/connect takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The marketplace app is not configured (client id), or an unexpected failure */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    receiveMarketplaceNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The notification as the marketplace sends it */
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarketplaceNotification"];
            };
        };
        responses: {
            /** @description Taken: queued, or dropped for another application or seller */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationTaken"];
                };
            };
            /** @description The body is not a notification (not JSON, or a field missing or of the wrong type); nothing was queued; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 8192 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /marketplace/notifications takes 200 requests a second and 400 at once by default (deploy settings API_NOTIFICATIONS_THROTTLE_RATE and API_NOTIFICATIONS_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The queue could not take the notification, or an unexpected failure: the marketplace sends it again */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getAllSettings: {
        parameters: {
            query?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always. The same as X-Seller-Id; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All six groups */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsAllResponse"];
                };
            };
            /** @description The request names an account that is not connected: the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /settings takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getSettingsGroup: {
        parameters: {
            query?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always. The same as X-Seller-Id; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>) */
                group: "geral" | "financeiro" | "estoque" | "core_ai" | "catalogo" | "integracoes";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsGroupResponse"];
                };
            };
            /** @description Unknown group (error: Unknown group: <group>); or: The request names an account that is not connected: the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /settings/{group} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    updateSettingsGroup: {
        parameters: {
            query?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always. The same as X-Seller-Id; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>) */
                group: "geral" | "financeiro" | "estoque" | "core_ai" | "catalogo" | "integracoes";
            };
            cookie?: never;
        };
        /** @description Key to value */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsUpdateBody"];
            };
        };
        responses: {
            /** @description Every key was stored */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsUpdateResponse"];
                };
            };
            /** @description Unknown group; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: The request names an account that is not connected: the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: PUT /settings/{group} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The body is not a JSON object, the group would pass 3,500,000 bytes, storage did not answer, or an unexpected failure; the error says whether the change may have been stored */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getSettingsHistory: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page: the changes older than it */
                cursor?: string;
                /** @description How many changes, newest first; anything else is refused (400) (default 20) */
                limit?: number | string;
            };
            header?: never;
            path: {
                /** @description Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>) */
                group: "geral" | "financeiro" | "estoque" | "core_ai" | "catalogo" | "integracoes";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsHistoryResponse"];
                };
            };
            /** @description Unknown group, or limit is not a whole number from 1 to 100; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /settings/{group}/history takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    deleteSettingsOverride: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>) */
                group: "geral" | "financeiro" | "estoque" | "core_ai" | "catalogo" | "integracoes";
                /** @description A key of the group a seller may override */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The override is gone */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsOverrideRemovedResponse"];
                };
            };
            /** @description Unknown group, or a key no seller may override (the error names it); nothing was changed; or: Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: DELETE /settings/{group}/overrides/{key} takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    restoreSettingsGroup: {
        parameters: {
            query?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always. The same as X-Seller-Id; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always */
                "X-Seller-Id"?: string;
            };
            path: {
                /** @description Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>) */
                group: "geral" | "financeiro" | "estoque" | "core_ai" | "catalogo" | "integracoes";
            };
            cookie?: never;
        };
        /** @description The moment or the change to go back to */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SettingsRestoreBody"];
            };
        };
        responses: {
            /** @description The group as restored */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsRestoreResponse"];
                };
            };
            /** @description Unknown group, or a body that is not {at} or {change_id} (a timestamp that is not valid); nothing was changed; or a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done; or: The request names an account that is not connected: the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed; or: Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No change with this change_id in the group's history; nothing was changed */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: POST /settings/{group}/restore takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    getSettingsDefaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The defaults */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsDefaultsResponse"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /settings/defaults takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
    listSettingsOverrides: {
        parameters: {
            query?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent */
                seller_id?: string;
            };
            header?: {
                /** @description Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before */
                "X-Seller-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seller's overrides */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsOverridesResponse"];
                };
            };
            /** @description Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway's own body {"message": "Unauthorized"}. A token without the route's scope answers 403 {"message": "Forbidden"} the same way */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Bearer, with error="invalid_token" and its description */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayMessageBody"];
                };
            };
            /** @description Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip */
            406: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Request body over 262144 bytes, whatever the method (the local gateway refuses bodies over 10485760 bytes itself) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Throttled: GET /settings/overrides takes 100 requests a second and 200 at once by default (deploy settings API_THROTTLE_RATE and API_THROTTLE_BURST); nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{"message": "Too Many Requests"}` */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Seconds until the route takes a request again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
            /** @description Unexpected failure, or an answer that is over 6000000 bytes even compressed */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessErrorBody"];
                };
            };
        };
    };
}
