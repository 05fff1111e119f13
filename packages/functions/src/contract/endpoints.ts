/** Every endpoint of the route table with its contract, from the `contract.ts` of each handler family. */
import * as alerts from "../handlers/alerts/contract.js";
import * as full from "../handlers/full/contract.js";
import * as history from "../handlers/history/contract.js";
import * as imports from "../handlers/imports/contract.js";
import * as marketplace from "../handlers/marketplace/contract.js";
import * as notifications from "../handlers/marketplace/notifications-contract.js";
import * as settings from "../handlers/settings/contract.js";
import * as tariffs from "../handlers/tariffs/contract.js";
import type { Endpoint } from "./schema.js";

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "key" in value && "request" in value && "responses" in value;

/** Keyed by route key ("GET /full/inventory/{ad_id}"). */
export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  [alerts, full, history, imports, marketplace, notifications, settings, tariffs].flatMap((family) => Object.values(family).filter(isEndpoint)).map((endpoint) => [endpoint.key, endpoint]),
);
