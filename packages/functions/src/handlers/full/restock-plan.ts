import { Messages, Restock } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { currentScope, withScope } from "#storage/scope";
import { consolidatedRestock } from "#services/consolidated-restock";
import { readRestockPlan, type RestockQuery } from "#services/read-model/restock-plan";
import { getRestockPlan } from "../../contract/planning.js";

/**
 * The plan when several accounts share the local stock: with seller_id=all the consolidated plan
 * of the request's sellers, each line naming its own; else the selected seller's own plan within
 * its share. Undefined with one account: its plan is the single plan.
 */
async function sharedPlan(planQuery: RestockQuery): Promise<Restock.RestockPlanBody | undefined> {
  const all = sellersInRequest();
  const consolidated = await consolidatedRestock(table(), planQuery);
  if (!consolidated && all?.length === 1) {
    const [only] = all;
    const plan = await withScope(only!.scope, () => readRestockPlan(table(), planQuery, { text: false }));
    return Restock.mergedPlan(new Map([[only!.user_id, plan]]), [only!.user_id], plan);
  }
  if (!consolidated) return undefined;
  const ids = all ? all.map((seller) => seller.user_id) : consolidated.sellers.filter((seller) => seller.scope === currentScope()).map((seller) => seller.user_id);
  if (all) return Restock.mergedPlan(consolidated.plans, ids, consolidated.frame);
  return ids[0] === undefined ? undefined : consolidated.plans.get(ids[0]);
}

/** GET /full/restock-plan: per SKU, when to ship, how many units and from where; JSON or the CSV shipment list. */
export const handler = httpHandler(getRestockPlan, async ({ query }, { representation, locale }) => {
  const format = reportFormat(query.format, representation);
  const planQuery = { targetDays: query.target_days, horizonDays: query.horizon_days };
  const shared = await sharedPlan(planQuery);
  // The answer the read model stores is in the default locale; a CSV or another locale needs the lines.
  if (!shared && format !== "csv" && locale === Messages.DEFAULT_LOCALE) return ok(await readRestockPlan(table(), planQuery), 200, VARY_ACCEPT);
  const plan = Restock.localizePlan(shared ?? (await readRestockPlan(table(), planQuery, { text: false })), locale);
  const columns = sellersInRequest() ? Restock.CONSOLIDATED_SHIPMENT_CSV : Restock.SHIPMENT_CSV;
  if (format === "csv") return csvResult(columns.map((column) => column.header), Restock.shipmentRows(plan.items, columns), `restock-plan-${plan.today}.csv`);
  return ok(plan, 200, VARY_ACCEPT);
});
