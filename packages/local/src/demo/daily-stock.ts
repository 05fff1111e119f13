/** The daily stock collection: each inventory's last 61 days, ending with today's figures. */
import { Time, type DailyStockRow } from "@fulfillment/core";
import type { Draws } from "../random.js";
import { salesPerDay, type FullUnit } from "./inventory.js";

/** Days of daily stock history before `today` (the rows cover today-60 through today). */
export const DEMO_HISTORY_DAYS = 60;

/**
 * Rebuilds the last 61 days of an inventory backwards from today's figures: going back in
 * time the units sold return to the shelf, and when the shelf would overflow an inbound
 * reception is placed there (its units were in transit for a few days before it).
 */
function dailySeries(draws: Draws, unit: FullUnit, today: string): DailyStockRow[] {
  const days = DEMO_HISTORY_DAYS + 1;
  const { record, profile } = unit;
  const rate = salesPerDay(unit.ad.sales_30d);
  const available: number[] = [];
  const notAvailable: number[] = [];
  const transit: number[] = new Array<number>(days + 10).fill(0);

  const pendingTransit = record.in_transit_qty ?? 0;
  const pendingSince = pendingTransit > 0 ? draws.int(1, 6) : 0;
  for (let d = 0; d < pendingSince; d++) transit[d]! += pendingTransit;

  const restocks = profile === "healthy" || profile === "low" || profile === "out";
  const stockoutDays = profile === "out" ? draws.int(2, 6) : 0;
  let shelf = record.available_qty ?? 0;
  let held = record.not_available_qty ?? 0;
  let cap = Math.max(rate * draws.float(35, 55), shelf + rate * draws.float(5, 15), 12);
  let lastReception = -100;

  for (let d = 0; d < days; d++) {
    available.push(shelf);
    notAvailable.push(held);
    // Step one day back.
    const sold = d < stockoutDays ? 0 : draws.poisson(rate);
    let before = shelf + sold;
    if (restocks && rate > 0 && before > cap && d - lastReception >= 12) {
      const leftover = draws.int(0, Math.ceil(rate * 6));
      const received = before - leftover;
      before = leftover;
      const travel = draws.int(3, 8);
      for (let t = d + 1; t <= d + travel; t++) transit[t]! += received;
      lastReception = d;
      cap = Math.max(rate * draws.float(35, 55), 12);
    }
    if (!restocks && draws.chance(0.04)) before += draws.int(-2, 2); // inventory adjustments
    shelf = Math.max(0, before);
    if (draws.chance(0.08)) held = Math.max(0, held + (draws.chance(0.5) ? 1 : -1));
  }

  const rows: DailyStockRow[] = [];
  for (let d = days - 1; d >= 0; d--) {
    rows.push({
      inventory_id: record.inventory_id,
      day: Time.addDays(today, -d),
      available_qty: available[d]!,
      in_transit_qty: transit[d]!,
      not_available_qty: notAvailable[d]!,
    });
  }
  return rows;
}

/** Every inventory's series, in inventory order. */
export const demoDailyStock = (draws: Draws, units: readonly FullUnit[], today: string): DailyStockRow[] => units.flatMap((unit) => dailySeries(draws, unit, today));
