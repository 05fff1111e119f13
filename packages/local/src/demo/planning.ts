/** The planning collection: case packs and lead times, then what makes every restock status show. */
import { Restock, Time } from "@fulfillment/core";
import type { DemoDataset } from "./generate.js";
import { demoRestockPlan } from "./reports.js";

/** Case packs of SKUs sold by the box, and a supplier far away. */
const CASE_PACKS: Readonly<Record<string, number>> = {
  "PISC-CLORO-10KG": 4,
  "PISC-CLAR-1L": 12,
  "PISC-ALGI-1L": 12,
  "COZ-POTE-6V": 6,
  "PET-TAPETE-30": 10,
  "FERR-TRENA-5M": 24,
};
const LEAD_TIMES: Readonly<Record<string, number>> = { "VENT-MESA-40": 35 };

/**
 * Planning parameters for the demo: the fixed case packs and lead times above, then, from the plan
 * they give with the demo settings, a lead time that makes one line due if none is, and a snooze of
 * a week on one line that must ship now.
 */
export function demoPlanning(data: Pick<DemoDataset, "ads" | "inventory" | "daily_stock" | "local_stock" | "settings"> & { today: string }): Restock.SkuPlanning[] {
  const planning = new Map<string, Restock.SkuPlanning>();
  const set = (sku: string, fields: Partial<Restock.PlanningFields>): void => {
    planning.set(sku, { ...(planning.get(sku) ?? Restock.noPlanning(sku)), ...fields });
  };
  for (const [sku, casePack] of Object.entries(CASE_PACKS)) set(sku, { case_pack: casePack });
  for (const [sku, days] of Object.entries(LEAD_TIMES)) set(sku, { lead_time_days: days });

  const plan = () => demoRestockPlan({ ...data, planning: [...planning.values()] }, data.today).items;

  const lines = plan();
  const sendable = (line: Restock.RestockLine): boolean => line.quantity > 0;
  if (!lines.some((line) => line.status === "due")) {
    // Ship a week from today: the stockout date less a lead time of that many days fewer.
    const later = lines.find((line) => line.status === "ok" && sendable(line) && line.quantity_needed > 0);
    if (later) set(later.sku, { lead_time_days: Time.daysBetween(data.today, later.stockout_date) - 7 });
  }
  const shipNow = plan().filter((line) => line.status === "ship_now" && sendable(line));
  const snoozed = shipNow.length > 1 ? shipNow.at(-1) : plan().find((line) => line.status === "ok");
  if (snoozed) set(snoozed.sku, { snooze_until: Time.addDays(data.today, 7) });
  return [...planning.values()];
}
