/**
 * The route table: the single source for the deployed HTTP API (stacks/) and the
 * local gateway. `handler` is the module path from the repository root plus the
 * exported function name, as SST expects it.
 */

/** Which error envelope an endpoint family answers with (SPEC section 7). */
export type ErrorEnvelope = "error" | "has_data" | "success";

/** DynamoDB actions a handler may use; the stack grants exactly these. */
export type TableAccess = "none" | "read" | "read-write";

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  handler: string;
  envelope: ErrorEnvelope;
  access: TableAccess;
  /** Needs the marketplace credentials (client id and secret). */
  marketplace?: boolean;
  /** Lambda timeout in seconds when the default (10) is too short. */
  timeoutSeconds?: number;
  /**
   * SPEC section 7: on the tariff writes a storage failure answers 400, not 500. The text names
   * the action that failed ("create the tariff").
   */
  storageFailure?: string;
}

const fn = (file: string): string => `packages/functions/src/handlers/${file}.handler`;

const ROUTE_TABLE = [
  { method: "GET", path: "/full/replenishment", handler: fn("full/replenishment"), envelope: "error", access: "read" },
  { method: "GET", path: "/full/overview", handler: fn("full/overview"), envelope: "has_data", access: "read" },
  { method: "GET", path: "/full/inventory", handler: fn("full/inventory-list"), envelope: "has_data", access: "read" },
  { method: "GET", path: "/full/inventory/{ad_id}", handler: fn("full/inventory-detail"), envelope: "error", access: "read" },
  {
    method: "POST",
    path: "/full/sync",
    handler: fn("full/sync"),
    envelope: "success",
    access: "read-write",
    marketplace: true,
    timeoutSeconds: 29,
  },
  { method: "GET", path: "/full/sync/status", handler: fn("full/sync-status"), envelope: "success", access: "read" },
  { method: "GET", path: "/full/sync/runs", handler: fn("full/sync-runs"), envelope: "success", access: "read" },
  { method: "GET", path: "/full/restock-plan", handler: fn("full/restock-plan"), envelope: "success", access: "read" },
  { method: "GET", path: "/full/aged-stock", handler: fn("full/aged-stock"), envelope: "success", access: "read" },
  { method: "PUT", path: "/full/skus/{sku}/planning", handler: fn("full/sku-planning"), envelope: "success", access: "read-write" },
  { method: "GET", path: "/full/tariffs", handler: fn("tariffs/list"), envelope: "success", access: "read" },
  {
    method: "POST",
    path: "/full/tariffs",
    handler: fn("tariffs/create"),
    envelope: "success",
    access: "read-write",
    storageFailure: "create the tariff",
  },
  {
    method: "PUT",
    path: "/full/tariffs/{tariff_id}",
    handler: fn("tariffs/update"),
    envelope: "success",
    access: "read-write",
    storageFailure: "update the tariff",
  },
  {
    method: "DELETE",
    path: "/full/tariffs/{tariff_id}",
    handler: fn("tariffs/delete"),
    envelope: "success",
    access: "read-write",
    storageFailure: "delete the tariff",
  },
  { method: "GET", path: "/settings", handler: fn("settings/get-all"), envelope: "success", access: "read" },
  { method: "GET", path: "/settings/defaults", handler: fn("settings/get-defaults"), envelope: "success", access: "none" },
  { method: "GET", path: "/settings/{group}", handler: fn("settings/get-group"), envelope: "success", access: "read" },
  { method: "PUT", path: "/settings/{group}", handler: fn("settings/put-group"), envelope: "success", access: "read-write" },
  { method: "GET", path: "/history/core_ai", handler: fn("history/core-ai"), envelope: "success", access: "read" },
] as const satisfies readonly Route[];

export const ROUTES: readonly Route[] = ROUTE_TABLE;

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** "POST /full/tariffs" and the like: every route key of the table, checked at compile time. */
export type RouteKey = KeyOf<(typeof ROUTE_TABLE)[number]>;

/** The daily schedule's target: the same sync as POST /full/sync. */
export const DAILY_SYNC_HANDLER = fn("jobs/daily-sync");

/** The sync state machine's three steps (stacks/SyncMachine.ts). */
export const SYNC_STEP_HANDLERS = { plan: fn("sync/plan"), shard: fn("sync/shard"), finalize: fn("sync/finalize") } as const;

/** The route that starts a sync run (it may start the state machine). */
export const SYNC_START_ROUTE = "POST /full/sync";

/** API Gateway route key, e.g. "GET /full/inventory/{ad_id}". */
export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/** The route of a key; a handler naming a route the table lacks fails when its module loads. */
export function routeOf(key: RouteKey): Route {
  const route = ROUTES.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`No route ${key} in the route table`);
  return route;
}
