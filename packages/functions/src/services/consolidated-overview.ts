/**
 * GET /full/overview?seller_id=all: every seller's overview read as its own request would read it,
 * added up, with each seller's figures beside the sums.
 */
import { Overview, Rounding, type Messages } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readStates } from "#storage/changes";
import { readOverviewWithWarnings, type OverviewWithWarnings } from "./read-model/overview.js";
import { bodyOf, inEachSeller, type SellerRef } from "./per-seller.js";

type WithData = Extract<Overview.OverviewBody, { has_data: true }>;

/** One seller's share of the consolidated overview. */
export interface SellerOverview {
  seller_id: string;
  nickname: string | null;
  has_data: boolean;
  /** Null when the seller has no inventory records yet. */
  summary: WithData["summary"] | null;
  alerts: WithData["alerts"] | null;
  updated_at: string | null;
}

export type ConsolidatedOverview = OverviewWithWarnings & { sellers?: SellerOverview[] };

const add = <K extends string>(bodies: readonly Record<K, number>[], field: K): number => bodies.reduce((sum, body) => sum + body[field], 0);
const latest = (instants: readonly (string | null)[]): string | null => instants.reduce<string | null>((max, at) => (at !== null && (max === null || at > max) ? at : max), null);

/** Each warning once: the shared ones (tariffs, local stock) say the same for every seller. */
function distinctWarnings(lists: readonly Messages.DescribedMessage[][]): Messages.DescribedMessage[] {
  const seen = new Map<string, Messages.DescribedMessage>();
  for (const warning of lists.flat()) seen.set(JSON.stringify(warning), warning);
  return [...seen.values()];
}

/**
 * The sellers' overviews added up: counts and units summed, immobilized value summed to the cent,
 * updated_at the latest; `sellers` lists each seller's own figures. No seller with data: the empty body.
 */
export async function consolidatedOverview(ref: TableRef, sellers: readonly SellerRef[], locale: Messages.Locale): Promise<ConsolidatedOverview> {
  // Every seller's state item in one request: with current views, that is all the read needs.
  const states = await readStates(ref, sellers.map((seller) => seller.scope));
  const bodies = (await inEachSeller(sellers, (seller) => readOverviewWithWarnings(ref, locale, states[sellers.indexOf(seller)]))).map((answer) => bodyOf<OverviewWithWarnings>(answer));
  const warnings = distinctWarnings(bodies.map((body) => body.warnings));
  const withData = bodies.filter((body): body is WithData & OverviewWithWarnings => body.has_data);
  if (withData.length === 0) return { ...Overview.noDataBody(locale), warnings };
  const summaries = withData.map((body) => body.summary);
  const alerts = withData.map((body) => body.alerts);
  return {
    has_data: true,
    summary: {
      products_count: add(summaries, "products_count"),
      inventories_count: add(summaries, "inventories_count"),
      units_available: add(summaries, "units_available"),
      units_in_transit: add(summaries, "units_in_transit"),
      units_not_available: add(summaries, "units_not_available"),
      immobilized_value: Rounding.roundHalfUp(add(summaries, "immobilized_value"), 2),
    },
    alerts: { low_coverage: add(alerts, "low_coverage"), aged_stock: add(alerts, "aged_stock"), stranded: add(alerts, "stranded") },
    updated_at: latest(withData.map((body) => body.updated_at)),
    warnings,
    sellers: sellers.map((seller, index) => {
      const body = bodies[index]!;
      return body.has_data
        ? { seller_id: seller.user_id, nickname: seller.nickname, has_data: true, summary: body.summary, alerts: body.alerts, updated_at: body.updated_at }
        : { seller_id: seller.user_id, nickname: seller.nickname, has_data: false, summary: null, alerts: null, updated_at: null };
    }),
  };
}
