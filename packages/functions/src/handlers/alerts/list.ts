import { Alerts } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listOpenAlerts } from "#storage/alerts/state";
import { alertFilters, listAlerts } from "../../contract/alerts.js";

/** GET /alerts: the open alerts, with first_seen and last_changed, filtered by kind and SKU; the most recently changed first. */
export const handler = httpHandler(listAlerts, async ({ query }, { locale }) => {
  const { kind, sku } = alertFilters(query);
  const alerts = (await listOpenAlerts(table()))
    .filter((alert) => (kind === undefined || alert.kind === kind) && (sku === undefined || alert.sku === sku))
    .sort((a, b) => (a.last_changed > b.last_changed ? -1 : a.last_changed < b.last_changed ? 1 : a.id < b.id ? -1 : 1))
    .map(({ level: _level, ...alert }) => Alerts.localizeAlert(alert, locale));
  return ok({ success: true, count: alerts.length, alerts }, 200, VARY_LANGUAGE);
});
