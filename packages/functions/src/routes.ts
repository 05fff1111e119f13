/**
 * The route table: the single source for the deployed HTTP API (stacks/) and the
 * local gateway. `handler` is the module path from the repository root plus the
 * exported function name, as SST expects it.
 */
import type { ThrottleClass } from "./throttling.js";

/** Which error envelope an endpoint family answers with (SPEC section 7). */
export type ErrorEnvelope = "error" | "has_data" | "success";

/** DynamoDB actions a handler may use; the stack grants exactly these. */
export type TableAccess = "none" | "read" | "read-write";

/**
 * The OAuth scope a JWT must carry for the route (AUTH_MODE=jwt): reading stock and tariffs, changing
 * them or starting syncs, and settings and history, which hold secrets (GET /settings returns them).
 */
export const SCOPES = ["fulfillment/read", "fulfillment/write", "settings/admin"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Whose data a route reads and changes: one seller's ("own": ads, inventories, daily stock, lots,
 * syncs, the storage-cost ledger, alerts, planning, the account), run in that seller's scope
 * (http/seller.ts), or the deployment's ("shared": tariffs, local stock, settings, history).
 */
export type SellerData = "own" | "shared";

export interface Route {
  seller: SellerData;
  /**
   * A read that makes sense across accounts: `seller_id=all` runs it with every connected seller
   * (http/seller.ts) and its answer says whose each row is. Other routes refuse `all`.
   */
  allSellers?: true;
  /**
   * A shared route that also takes a seller: naming one (with the same grants and refusals as a
   * route of one seller's data) reads or changes that seller's overrides of the shared data; naming
   * none answers the shared data as always. The settings reads, update and restore.
   */
  sellerOverrides?: true;
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  handler: string;
  envelope: ErrorEnvelope;
  access: TableAccess;
  scope: Scope;
  /** Needs the marketplace credentials (client id and secret). */
  marketplace?: boolean;
  /** Lambda timeout in seconds when the default (DEFAULT_TIMEOUT_SECONDS) is too short. */
  timeoutSeconds?: number;
  /**
   * SPEC section 7: on the tariff writes a storage failure answers 400, not 500. The text names
   * the action that failed ("create the tariff").
   */
  storageFailure?: string;
  /**
   * Accepts an Idempotency-Key header: a retry with the same key and body answers the first answer
   * again and changes nothing (http/idempotency.ts).
   */
  idempotencyKey?: true;
  /** Request bodies above this many bytes are refused (default MAX_REQUEST_BODY_BYTES): imports take large files. */
  maxBodyBytes?: number;
  /**
   * "none": the route carries no API authorization. Only the marketplace's OAuth callback, which a
   * browser follows from the marketplace's page (its single-use state is its protection), and the
   * marketplace's notifications, which cannot present a token (nothing in them is trusted).
   */
  auth?: "none";
  /** The route's own rate limit (throttling.ts); without one, the stage's default. */
  throttle?: ThrottleClass;
}

/** Lambda timeout of a route that names none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** Memory of every function unless its stack says otherwise; the bench bills duration at it. */
export const DEFAULT_MEMORY_MB = 1024;

/**
 * Imports take bodies up to 3 MiB (about 100,000 CSV rows): inside Lambda's 6 MB invocation
 * payload even base64-encoded, as API Gateway delivers a body it takes for binary.
 */
export const IMPORT_MAX_BODY_BYTES = 3 * 1024 * 1024;

/** A notification is a few hundred bytes: anything over this is refused (413) before it is read. */
export const NOTIFICATION_MAX_BODY_BYTES = 8 * 1024;

const fn = (file: string): string => `packages/functions/src/handlers/${file}.handler`;

const ROUTE_TABLE = {
  getReplenishment: { seller: "own", method: "GET", path: "/full/replenishment", handler: fn("full/replenishment"), envelope: "error", access: "read", scope: "fulfillment/read" },
  getOverview: { seller: "own", allSellers: true, method: "GET", path: "/full/overview", handler: fn("full/overview"), envelope: "has_data", access: "read", scope: "fulfillment/read" },
  listInventory: { seller: "own", allSellers: true, method: "GET", path: "/full/inventory", handler: fn("full/inventory-list"), envelope: "has_data", access: "read", scope: "fulfillment/read" },
  getInventoryDetail: { seller: "own", method: "GET", path: "/full/inventory/{ad_id}", handler: fn("full/inventory-detail"), envelope: "error", access: "read", scope: "fulfillment/read" },
  runSync: {
    seller: "own",
    allSellers: true,
    method: "POST",
    path: "/full/sync",
    handler: fn("full/sync"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    marketplace: true,
    timeoutSeconds: 29,
    idempotencyKey: true,
    throttle: "expensive",
  },
  getSyncStatus: { seller: "own", method: "GET", path: "/full/sync/status", handler: fn("full/sync-status"), envelope: "success", access: "read", scope: "fulfillment/read" },
  listSyncRuns: { seller: "own", method: "GET", path: "/full/sync/runs", handler: fn("full/sync-runs"), envelope: "success", access: "read", scope: "fulfillment/read" },
  getRestockPlan: { seller: "own", allSellers: true, method: "GET", path: "/full/restock-plan", handler: fn("full/restock-plan"), envelope: "success", access: "read", scope: "fulfillment/read" },
  getStorageCosts: { seller: "own", allSellers: true, method: "GET", path: "/full/storage-costs", handler: fn("full/storage-costs"), envelope: "success", access: "read", scope: "fulfillment/read" },
  recomputeStorageCosts: {
    seller: "own",
    method: "POST",
    path: "/full/storage-costs/recompute",
    handler: fn("full/storage-costs-recompute"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    timeoutSeconds: 29,
    throttle: "expensive",
  },
  getAgedStock: { seller: "own", allSellers: true, method: "GET", path: "/full/aged-stock", handler: fn("full/aged-stock"), envelope: "success", access: "read", scope: "fulfillment/read" },
  updateSkuPlanning: {
    seller: "own",
    method: "PUT",
    path: "/full/skus/{sku}/planning",
    handler: fn("full/sku-planning"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
  },
  listTariffs: { seller: "shared", method: "GET", path: "/full/tariffs", handler: fn("tariffs/list"), envelope: "success", access: "read", scope: "fulfillment/read" },
  listTariffVersions: { seller: "shared", method: "GET", path: "/full/tariffs/history", handler: fn("tariffs/history"), envelope: "success", access: "read", scope: "fulfillment/read" },
  createTariff: {
    seller: "shared",
    method: "POST",
    path: "/full/tariffs",
    handler: fn("tariffs/create"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    storageFailure: "create the tariff",
    idempotencyKey: true,
  },
  updateTariff: {
    seller: "shared",
    method: "PUT",
    path: "/full/tariffs/{tariff_id}",
    handler: fn("tariffs/update"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    storageFailure: "update the tariff",
  },
  deleteTariff: {
    seller: "shared",
    method: "DELETE",
    path: "/full/tariffs/{tariff_id}",
    handler: fn("tariffs/delete"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    storageFailure: "delete the tariff",
  },
  getAllSettings: { seller: "shared", sellerOverrides: true, method: "GET", path: "/settings", handler: fn("settings/get-all"), envelope: "success", access: "read", scope: "settings/admin" },
  getSettingsDefaults: { seller: "shared", method: "GET", path: "/settings/defaults", handler: fn("settings/get-defaults"), envelope: "success", access: "none", scope: "settings/admin" },
  getSettingsGroup: { seller: "shared", sellerOverrides: true, method: "GET", path: "/settings/{group}", handler: fn("settings/get-group"), envelope: "success", access: "read", scope: "settings/admin" },
  updateSettingsGroup: { seller: "shared", sellerOverrides: true, method: "PUT", path: "/settings/{group}", handler: fn("settings/put-group"), envelope: "success", access: "read-write", scope: "settings/admin" },
  // A seller's overrides of the settings about its own selling (core Settings.PER_SELLER_KEYS).
  listSettingsOverrides: { seller: "own", method: "GET", path: "/settings/overrides", handler: fn("settings/overrides-list"), envelope: "success", access: "read", scope: "settings/admin" },
  deleteSettingsOverride: {
    seller: "own",
    method: "DELETE",
    path: "/settings/{group}/overrides/{key}",
    handler: fn("settings/overrides-delete"),
    envelope: "success",
    access: "read-write",
    scope: "settings/admin",
  },
  getSettingsHistory: { seller: "shared", method: "GET", path: "/settings/{group}/history", handler: fn("settings/history"), envelope: "success", access: "read", scope: "settings/admin" },
  restoreSettingsGroup: {
    seller: "shared",
    sellerOverrides: true,
    method: "POST",
    path: "/settings/{group}/restore",
    handler: fn("settings/restore"),
    envelope: "success",
    access: "read-write",
    scope: "settings/admin",
  },
  getForecastingHistory: { seller: "shared", method: "GET", path: "/history/core_ai", handler: fn("history/core-ai"), envelope: "success", access: "read", scope: "settings/admin" },
  // Connecting adds an account (or renews one) whichever seller is selected: the callback tells which.
  connectMarketplaceAccount: {
    seller: "shared",
    method: "GET",
    path: "/marketplace/connect",
    handler: fn("marketplace/connect"),
    envelope: "success",
    access: "read-write",
    scope: "settings/admin",
    marketplace: true,
  },
  // The account it connects is known only once the marketplace answers: it adds a seller or renews one.
  marketplaceCallback: {
    seller: "shared",
    method: "GET",
    path: "/marketplace/callback",
    handler: fn("marketplace/callback"),
    envelope: "success",
    access: "read-write",
    // No authorizer runs on it (auth "none"); the scope names who may start the flow it ends.
    scope: "settings/admin",
    marketplace: true,
    auth: "none",
  },
  // A notification names its seller (user_id), not a request header.
  receiveMarketplaceNotification: {
    seller: "shared",
    method: "POST",
    path: "/marketplace/notifications",
    handler: fn("marketplace/notifications"),
    envelope: "success",
    // Reads the connected seller; the queue takes the notification (stacks/Notifications.ts).
    access: "read",
    // No authorizer runs on it (auth "none"); the scope names who may change stock.
    scope: "fulfillment/write",
    marketplace: true,
    auth: "none",
    maxBodyBytes: NOTIFICATION_MAX_BODY_BYTES,
    // A flood cannot fill the queue or run up the bill.
    throttle: "notifications",
  },
  getMarketplaceAccount: { seller: "own", method: "GET", path: "/marketplace/account", handler: fn("marketplace/account"), envelope: "success", access: "read", scope: "settings/admin" },
  forgetMarketplaceAccount: { seller: "own", method: "DELETE", path: "/marketplace/account", handler: fn("marketplace/disconnect"), envelope: "success", access: "read-write", scope: "settings/admin" },
  importLocalStock: {
    seller: "shared",
    method: "PUT",
    path: "/full/local-stock/{warehouse}",
    handler: fn("imports/local-stock"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
    timeoutSeconds: 29,
    throttle: "expensive",
  },
  listLocalStock: { seller: "shared", method: "GET", path: "/full/local-stock", handler: fn("imports/list-local-stock"), envelope: "success", access: "read", scope: "fulfillment/read" },
  importCosts: {
    seller: "own",
    method: "PUT",
    path: "/full/costs",
    handler: fn("imports/costs"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
    timeoutSeconds: 29,
    throttle: "expensive",
  },
  importSales: {
    seller: "own",
    method: "PUT",
    path: "/full/sales",
    handler: fn("imports/sales"),
    envelope: "success",
    access: "read-write",
    scope: "fulfillment/write",
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
    timeoutSeconds: 29,
    throttle: "expensive",
  },
  listImports: { seller: "own", method: "GET", path: "/full/imports", handler: fn("imports/list"), envelope: "success", access: "read", scope: "fulfillment/read" },
  listAlerts: { seller: "own", allSellers: true, method: "GET", path: "/alerts", handler: fn("alerts/list"), envelope: "success", access: "read", scope: "fulfillment/read" },
  listAlertEvents: { seller: "own", method: "GET", path: "/alerts/events", handler: fn("alerts/events"), envelope: "success", access: "read", scope: "fulfillment/read" },
  // Subscriptions send the service's data elsewhere: managed with the settings scope.
  listAlertSubscriptions: { seller: "own", method: "GET", path: "/alerts/subscriptions", handler: fn("alerts/subscriptions-list"), envelope: "success", access: "read", scope: "settings/admin" },
  createAlertSubscription: {
    seller: "own",
    method: "POST",
    path: "/alerts/subscriptions",
    handler: fn("alerts/subscriptions-create"),
    envelope: "success",
    access: "read-write",
    scope: "settings/admin",
  },
  deleteAlertSubscription: { seller: "own", method: "DELETE", path: "/alerts/subscriptions/{id}", handler: fn("alerts/subscriptions-delete"), envelope: "success", access: "read-write", scope: "settings/admin" },
  testAlertSubscription: {
    seller: "own",
    method: "POST",
    path: "/alerts/subscriptions/{id}/test",
    handler: fn("alerts/subscriptions-test"),
    envelope: "success",
    access: "read-write",
    scope: "settings/admin",
  },
  listAlertDeliveries: { seller: "own", method: "GET", path: "/alerts/deliveries", handler: fn("alerts/deliveries"), envelope: "success", access: "read", scope: "settings/admin" },
} as const satisfies Record<string, Route>;

/** The name of each route's operation ("getReplenishment"): its contract names the route by it. */
export type Operation = keyof typeof ROUTE_TABLE;

export const ROUTES: readonly Route[] = Object.values(ROUTE_TABLE);

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** "POST /full/tariffs" and the like: every route key of the table, checked at compile time. */
export type RouteKey = KeyOf<(typeof ROUTE_TABLE)[Operation]>;

/** The daily schedule's target: the same sync as POST /full/sync. */
export const DAILY_SYNC_HANDLER = fn("jobs/daily-sync");

/** The sync state machine's three steps (stacks/SyncMachine.ts). */
export const SYNC_STEP_HANDLERS = { plan: fn("sync/plan"), shard: fn("sync/shard"), finalize: fn("sync/finalize") } as const;


/** The hourly alert digest job and the consumer of the alert delivery queue (stacks/Alerts.ts). */
export const ALERT_DIGEST_HANDLER = fn("jobs/alert-digest");
export const ALERT_DELIVERY_HANDLER = fn("jobs/alert-delivery");

/** The consumer of the notification queue and the hourly drain of the missed ones (stacks/Notifications.ts). */
export const NOTIFICATION_CONSUMER_HANDLER = fn("jobs/marketplace-notifications");
export const MISSED_FEEDS_HANDLER = fn("jobs/missed-feeds");

/** The user pool's pre-token-generation trigger: a person's groups become the access token's scopes. */
export const PRE_TOKEN_HANDLER = fn("auth/pre-token");

/** The import bucket's target: a CSV dropped there runs the same import as the PUT routes. */
export const IMPORT_FILE_HANDLER = fn("jobs/import-file");

/** API Gateway route key, e.g. "GET /full/inventory/{ad_id}". */
export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/** The route key of an operation ("getReplenishment" gives "GET /full/replenishment"). */
export const keyOfOperation = (operation: Operation): RouteKey => routeKey(ROUTE_TABLE[operation]) as RouteKey;

/** The route that starts a sync run (it may start the state machine). */
export const SYNC_START_ROUTE = keyOfOperation("runSync");

/** The route the marketplace posts its notifications to (stacks/Notifications.ts). */
export const NOTIFICATIONS_ROUTE = keyOfOperation("receiveMarketplaceNotification");

/** The route of a key; a handler naming a route the table lacks fails when its module loads. */
export function routeOf(key: RouteKey): Route {
  const route = ROUTES.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`No route ${key} in the route table`);
  return route;
}
