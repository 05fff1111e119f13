import { Messages, Restock } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { currentScope, withScope } from "#storage/scope";
import { consolidatedRestock, isConsolidated, type ConsolidatedAnswer } from "#services/consolidated-restock";
import { cachedSellers } from "#storage/sellers";
import type { StoredBody } from "../../json-text.js";
import { readRestockPlan, type RestockQuery } from "#services/read-model/restock-plan";
import { getRestockPlan } from "../../contract/planning.js";

/**
 * The plan when several accounts share the local stock: with seller_id=all the consolidated plan
 * of the request's sellers, each line naming its own; else the selected seller's own plan within
 * its share. Undefined with one account: its plan is the single plan. With `text`, a stored
 * answer may serve (the default query's JSON in the default locale).
 */
async function sharedPlan(planQuery: RestockQuery, text: boolean): Promise<StoredBody<Restock.RestockPlanBody> | undefined> {
  const all = sellersInRequest();
  const scope = currentScope();
  const sellers = await cachedSellers(table());
  const own = sellers.find((seller) => seller.scope === scope);
  // The stored answer of every account serves a request that covers them all.
  const everyAccount = all !== undefined && sellers.every((seller) => all.some((granted) => granted.user_id === seller.user_id));
  const which: ConsolidatedAnswer | undefined = !text ? undefined : all ? (everyAccount ? { all: true } : undefined) : own ? { sellerId: own.user_id } : undefined;
  const consolidated = await consolidatedRestock(table(), planQuery, { stored: which });
  if (consolidated && !isConsolidated(consolidated)) return consolidated;
  if (!consolidated && all?.length === 1) {
    const [only] = all;
    const plan = await withScope(only!.scope, () => readRestockPlan(table(), planQuery, { text: false }));
    return Restock.mergedPlan(new Map([[only!.user_id, plan]]), [only!.user_id], plan);
  }
  if (!consolidated) return undefined;
  const ids = all ? all.map((seller) => seller.user_id) : consolidated.sellers.filter((seller) => seller.scope === scope).map((seller) => seller.user_id);
  if (all) return Restock.mergedPlan(consolidated.plans, ids, consolidated.frame);
  return ids[0] === undefined ? undefined : consolidated.plans.get(ids[0]);
}

/** GET /full/restock-plan: per SKU, when to ship, how many units and from where; JSON or the CSV shipment list. */
export const handler = httpHandler(getRestockPlan, async ({ query }, { representation, locale }) => {
  const format = reportFormat(query.format, representation);
  const planQuery = { targetDays: query.target_days, horizonDays: query.horizon_days };
  // A stored answer is the JSON in the default locale; a CSV or another locale needs the lines.
  const text = format !== "csv" && locale === Messages.DEFAULT_LOCALE;
  const shared = await sharedPlan(planQuery, text);
  if (text) return ok(shared ?? (await readRestockPlan(table(), planQuery)), 200, VARY_ACCEPT);
  const plan = Restock.localizePlan((shared as Restock.RestockPlanBody | undefined) ?? (await readRestockPlan(table(), planQuery, { text: false })), locale);
  const columns = sellersInRequest() ? Restock.CONSOLIDATED_SHIPMENT_CSV : Restock.SHIPMENT_CSV;
  if (format === "csv") return csvResult(columns.map((column) => column.header), Restock.shipmentRows(plan.items, columns), `restock-plan-${plan.today}.csv`);
  return ok(plan, 200, VARY_ACCEPT);
});
