import { Alerts, type Messages } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listOpenAlerts } from "#storage/alerts/state";
import { inEachSeller } from "#services/per-seller";
import { alertFilters, listAlerts } from "../../contract/alerts.js";

type Listed = Omit<Alerts.OpenAlert, "level"> & { seller_id?: string };

// The most recently changed first; ties by id, then (seller_id=all) by seller.
const byLastChanged = (a: Listed, b: Listed): number =>
  a.last_changed > b.last_changed ? -1 : a.last_changed < b.last_changed ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : (a.seller_id ?? "") < (b.seller_id ?? "") ? -1 : 1;

/** The current scope's open alerts that pass the filters, in the request's language. */
async function openAlerts(kind: string | undefined, sku: string | undefined, locale: Messages.Locale): Promise<Listed[]> {
  return (await listOpenAlerts(table()))
    .filter((alert) => (kind === undefined || alert.kind === kind) && (sku === undefined || alert.sku === sku))
    .map(({ level: _level, ...alert }) => Alerts.localizeAlert(alert, locale));
}

/**
 * GET /alerts: the open alerts, with first_seen and last_changed, filtered by kind and SKU; the most recently changed first.
 * With seller_id=all: every seller's, each naming its seller.
 */
export const handler = httpHandler(listAlerts, async ({ query }, { locale }) => {
  const { kind, sku } = alertFilters(query);
  const all = sellersInRequest();
  const alerts = all
    ? (await inEachSeller(all, async (seller) => (await openAlerts(kind, sku, locale)).map((alert) => ({ ...alert, seller_id: seller.user_id })))).flat()
    : await openAlerts(kind, sku, locale);
  return ok({ success: true, count: alerts.length, alerts: alerts.sort(byLastChanged) }, 200, VARY_LANGUAGE);
});
