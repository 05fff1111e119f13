/**
 * The restock plan as a shipment list: one row per SKU and source warehouse (the line's figures
 * repeated on each of its rows); a line with nothing to send from anywhere is one row with an
 * empty warehouse and 0 units. Reasons are joined with " | ".
 */
import type { RestockLine } from "./plan.js";

export const SHIPMENT_COLUMNS = [
  "sku",
  "title",
  "warehouse",
  "units",
  "status",
  "ship_by",
  "quantity",
  "stockout_date",
  "coverage_days",
  "velocity",
  "velocity_raw",
  "stockout_days",
  "full_available",
  "full_in_transit",
  "lead_time_days",
  "safety_units",
  "case_pack",
  "local_available",
  "reasons",
] as const;

export function shipmentRows(lines: readonly RestockLine[]): (string | number | null)[][] {
  return lines.flatMap((line) => {
    const sources = line.sources.length > 0 ? line.sources : [{ warehouse: null, units: 0 }];
    return sources.map((source) => [
      line.sku,
      line.title,
      source.warehouse ?? "",
      source.units,
      line.status,
      line.ship_by,
      line.quantity,
      line.stockout_date,
      line.coverage_days,
      line.velocity,
      line.velocity_raw,
      line.stockout_days,
      line.full_available,
      line.full_in_transit,
      line.lead_time_days,
      line.safety_units,
      line.case_pack,
      line.local_available,
      line.reasons.join(" | "),
    ]);
  });
}
