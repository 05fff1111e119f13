/**
 * GET /full/overview: the `overview` view (the sums SPEC's body is made of, on the state item),
 * its builder, its reader, and its patch: a stock operation moves the sums by its record's change
 * in the write itself, so the view stays current (storage/view-patch.ts).
 */
import { Overview, type InventoryRecord, type Messages } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { countersOf, readState, type StateItem } from "#storage/changes";
import { raiseViewField } from "#storage/read-model";
import type { ViewPatch } from "#storage/view-patch";
import { adIdsOf, listInventory } from "#storage/inventory";
import { getAdsOfInventory } from "#storage/ads";
import { logger } from "#logging/logger";
import { businessTimeZone } from "../business-time.js";
import { JsonText } from "../../json-text.js";
import { currentView, defineView, viewElseLive, type ViewEntry } from "./view.js";
import { overviewWarnings, storedWarningsText, warningsView } from "./warnings.js";

/** The entry's field that holds the sums. */
const TOTALS = "totals";

/** The sums on the state item. */
export const overviewView = defineView("overview", ["inventory", "ad"], async ({ ref, inputs, publish }) => {
  const [{ inventory, adsById }, zone] = await Promise.all([inputs(), businessTimeZone(ref)]);
  return publish({ [TOTALS]: Overview.overviewTotals(inventory, adsById, zone) });
});

/** SPEC's body from a current entry: from its sums (or, built by an earlier version, the body it stored). */
function storedBody(entry: ViewEntry): string | undefined {
  const totals = entry[TOTALS] as Record<keyof Overview.OverviewTotals, number | bigint> | undefined;
  if (totals === undefined) return typeof entry.body === "string" ? entry.body : undefined;
  const { value_units, updated_ms, ...counts } = totals;
  const numbers = Object.fromEntries(Object.entries(counts).map(([field, value]) => [field, Number(value)])) as Omit<Overview.OverviewTotals, "value_units" | "updated_ms">;
  // Sums stored before they kept the time have none.
  const updated = updated_ms === undefined || updated_ms === null ? null : Number(updated_ms);
  return JSON.stringify(Overview.overviewOfTotals({ ...numbers, value_units: BigInt(value_units), updated_ms: updated }));
}

/**
 * What an inventory record's change (a stock operation: same ad) does to the view, when `state`
 * shows it current: the write then moves its sums with it. `state` was read before the ad whose
 * `cost` is given: the write holds the ads' counter to it. Undefined when the view is stale (or
 * stored by an earlier version without sums): the write leaves it stale.
 */
export function overviewPatch(state: StateItem, before: InventoryRecord, after: InventoryRecord, cost: number | null | undefined): ViewPatch | undefined {
  const entry = currentView(state, overviewView);
  if (entry?.[TOTALS] === undefined) return undefined;
  return { view: overviewView.name, counters: countersOf(state, overviewView.topics), sums: { field: TOTALS, add: { ...Overview.recordChange(before, after, cost) } } };
}

/**
 * After a patched write, the view's time of its freshest figure moves to the record's `updatedAt`
 * (an instant), unless a later one is there already: a separate write, since a sum's patch only adds.
 * The operation is stored either way: a failure leaves the time behind until the next rebuild,
 * and is only logged (a retry would find the operation applied and not come back here).
 */
export async function raiseOverviewTime(ref: TableRef, updatedAt: string): Promise<void> {
  const instant = Date.parse(updatedAt);
  if (!Number.isFinite(instant)) return;
  await raiseViewField(ref, overviewView.name, TOTALS, "updated_ms", instant).catch((error: Error) =>
    logger.warn("The overview's time of its freshest figure was not moved on", { reason: error.message }),
  );
}

export async function liveOverview(ref: TableRef): Promise<Overview.OverviewBody> {
  const reading = listInventory(ref, ["ad_id", "available_qty", "in_transit_qty", "not_available_qty", "days_of_stock", "oldest_stock_days", "updated_at"]);
  const [inventory, ads, zone] = await Promise.all([reading, getAdsOfInventory(ref, reading.then(adIdsOf), ["cost"]), businessTimeZone(ref)]);
  return Overview.computeOverview(inventory, ads, zone);
}

/**
 * The overview with its warnings beside SPEC's fields (a stored view's text gets them spliced in).
 * One strongly consistent GetItem when both views are current: the state item holds the body and
 * the warnings' inputs; a stale one is read from the records.
 */
/** GET /full/overview's body: the overview and its warnings. */
export type OverviewWithWarnings = Overview.OverviewBody & { warnings: Messages.DescribedMessage[] };

/** `state`: the scope's state item when the caller read it already (a consolidated read reads every seller's at once). */
export async function readOverviewWithWarnings(ref: TableRef, locale: Messages.Locale, state?: StateItem): Promise<JsonText<OverviewWithWarnings> | OverviewWithWarnings> {
  state ??= await readState(ref);
  const [body, warnings] = await Promise.all([
    viewElseLive(
      state,
      overviewView,
      (entry) => {
        const text = storedBody(entry);
        return text === undefined ? undefined : new JsonText<Overview.OverviewBody>(text);
      },
      () => liveOverview(ref),
    ),
    viewElseLive(state, warningsView, (entry) => storedWarningsText(ref, entry, locale), () => overviewWarnings(ref, locale)),
  ]);
  // The view stores the empty body's message in the default language.
  if (body instanceof JsonText ? body.text.startsWith('{"has_data":false') : !body.has_data) {
    return { ...Overview.noDataBody(locale), warnings: typeof warnings === "string" ? (JSON.parse(warnings) as Messages.DescribedMessage[]) : warnings };
  }
  // The warnings as JSON text when described from the view's inputs, as messages when read live.
  if (body instanceof JsonText) return withWarnings(body.text, typeof warnings === "string" ? warnings : JSON.stringify(warnings));
  return { ...body, warnings: typeof warnings === "string" ? (JSON.parse(warnings) as Messages.DescribedMessage[]) : warnings };
}

/** A stored overview's text (an object) with `warnings` (JSON text) as its last field. */
const withWarnings = (body: string, warnings: string): JsonText<OverviewWithWarnings> => new JsonText(`${body.slice(0, body.lastIndexOf("}"))},"warnings":${warnings}}`);
