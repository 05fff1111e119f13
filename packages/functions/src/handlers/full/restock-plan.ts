import { Messages, Restock } from "@fulfillment/core";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readRestockPlan } from "#services/read-model/restock-plan";
import { getRestockPlan } from "../../contract/planning.js";

/** GET /full/restock-plan: per SKU, when to ship, how many units and from where; JSON or the CSV shipment list. */
export const handler = httpHandler(getRestockPlan, async ({ query }, { representation, locale }) => {
  const format = reportFormat(query.format, representation);
  const planQuery = { targetDays: query.target_days, horizonDays: query.horizon_days };
  // The answer the read model stores is in the default locale; a CSV or another locale needs the lines.
  if (format !== "csv" && locale === Messages.DEFAULT_LOCALE) return ok(await readRestockPlan(table(), planQuery), 200, VARY_ACCEPT);
  const plan = Restock.localizePlan(await readRestockPlan(table(), planQuery, { text: false }), locale);
  if (format === "csv") return csvResult(Restock.SHIPMENT_COLUMNS, Restock.shipmentRows(plan.items), `restock-plan-${plan.today}.csv`);
  return ok(plan, 200, VARY_ACCEPT);
});
