/** GET /full/overview: the `overview` view (SPEC's body, on the state item), its builder and its reader. */
import { Overview, type Messages } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState } from "#storage/changes";
import { adIdsOf, listInventory } from "#storage/inventory";
import { getAdsOfInventory } from "#storage/ads";
import { JsonText } from "../../json-text.js";
import { defineView, viewElseLive } from "./view.js";
import { overviewWarnings, storedWarningsText, warningsView } from "./warnings.js";

/** The body itself, serialised on the state item. */
export const overviewView = defineView("overview", ["inventory", "ad"], async ({ inputs, publish }) => {
  const { inventory, adsById } = await inputs();
  return publish({ body: JSON.stringify(Overview.computeOverview(inventory, adsById)) });
});

export async function liveOverview(ref: TableRef): Promise<Overview.OverviewBody> {
  const reading = listInventory(ref, ["ad_id", "available_qty", "in_transit_qty", "not_available_qty", "days_of_stock", "oldest_stock_days"]);
  const [inventory, ads] = await Promise.all([reading, getAdsOfInventory(ref, reading.then(adIdsOf), ["cost"])]);
  return Overview.computeOverview(inventory, ads);
}

/**
 * The overview with its warnings beside SPEC's fields (a stored view's text gets them spliced in).
 * One strongly consistent GetItem when both views are current: the state item holds the body and
 * the warnings' inputs; a stale one is read from the records.
 */
/** GET /full/overview's body: the overview and its warnings. */
export type OverviewWithWarnings = Overview.OverviewBody & { warnings: Messages.DescribedMessage[] };

export async function readOverviewWithWarnings(ref: TableRef, locale: Messages.Locale): Promise<JsonText<OverviewWithWarnings> | OverviewWithWarnings> {
  const state = await readState(ref);
  const [body, warnings] = await Promise.all([
    viewElseLive(state, overviewView, (entry) => new JsonText<Overview.OverviewBody>(String(entry.body)), () => liveOverview(ref)),
    viewElseLive(state, warningsView, (entry) => storedWarningsText(ref, entry, locale), () => overviewWarnings(ref, locale)),
  ]);
  // The warnings as JSON text when described from the view's inputs, as messages when read live.
  if (body instanceof JsonText) return withWarnings(body.text, typeof warnings === "string" ? warnings : JSON.stringify(warnings));
  return { ...body, warnings: typeof warnings === "string" ? (JSON.parse(warnings) as Messages.DescribedMessage[]) : warnings };
}

/** A stored overview's text (an object) with `warnings` (JSON text) as its last field. */
const withWarnings = (body: string, warnings: string): JsonText<OverviewWithWarnings> => new JsonText(`${body.slice(0, body.lastIndexOf("}"))},"warnings":${warnings}}`);
