import { invoke } from "#test/events";
import { handler as createHandler } from "@fulfillment/functions/handlers/tariffs/create";
import { handler as deleteHandler } from "@fulfillment/functions/handlers/tariffs/delete";
import { handler as listHandler } from "@fulfillment/functions/handlers/tariffs/list";
import { handler as historyHandler } from "@fulfillment/functions/handlers/tariffs/history";
import { handler as updateHandler } from "@fulfillment/functions/handlers/tariffs/update";

/** RFC 7240 preference for strict handling of tariff bodies. */
export const STRICT = { prefer: "handling=strict" };

/** The tariff endpoints as a client calls them; a string body is sent as is, anything else as JSON. */
export const createTariff = (body?: unknown, headers?: Record<string, string>) =>
  invoke(createHandler, { method: "POST", path: "/full/tariffs", body: body as string | object | undefined, headers });

export const listTariffs = (query?: Record<string, string>) => invoke(listHandler, { path: "/full/tariffs", query });

export const tariffHistory = () => invoke(historyHandler, { path: "/full/tariffs/history" });

export const updateTariff = (id: string | number, body?: unknown, headers?: Record<string, string>) =>
  invoke(updateHandler, {
    method: "PUT",
    path: `/full/tariffs/${encodeURIComponent(String(id))}`,
    pathParameters: { tariff_id: String(id) },
    body: body as string | object | undefined,
    headers,
  });

export const deleteTariff = (id: string | number, query?: Record<string, string>) =>
  invoke(deleteHandler, {
    method: "DELETE",
    path: `/full/tariffs/${encodeURIComponent(String(id))}`,
    pathParameters: { tariff_id: String(id) },
    query,
  });

export const TARIFF_FIELDS = [
  "id",
  "name",
  "min_volume_l",
  "max_volume_l",
  "daily_fee",
  "inbound_fee",
  "aged_days_threshold",
  "aged_daily_factor",
  "active",
];
