/** Every endpoint of the route table with its contract, from the module of each flow. */
import * as agedStock from "./aged-stock.js";
import * as alerts from "./alerts.js";
import * as dashboards from "./dashboards.js";
import * as history from "./history.js";
import * as imports from "./imports.js";
import * as marketplace from "./marketplace.js";
import * as notifications from "./notifications.js";
import * as planning from "./planning.js";
import * as settings from "./settings.js";
import * as settingsOverrides from "./settings-overrides.js";
import * as storageCosts from "./storage-costs.js";
import * as sync from "./sync.js";
import * as tariffs from "./tariffs.js";
import type { Endpoint } from "./schema.js";

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "key" in value && "request" in value && "responses" in value;

/** Keyed by route key ("GET /full/inventory/{ad_id}"). */
export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  [agedStock, alerts, dashboards, history, imports, marketplace, notifications, planning, settings, settingsOverrides, storageCosts, sync, tariffs]
    .flatMap((flow) => Object.values(flow).filter(isEndpoint))
    .map((endpoint) => [endpoint.key, endpoint]),
);
