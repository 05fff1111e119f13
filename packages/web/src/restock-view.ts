/**
 * The restock plan on screen (GET /full/restock-plan): status badges, counts per status, and the
 * shipment list as CSV with the same columns and rows as the API's `format=csv` answer (one row
 * per SKU and source warehouse; a line with nothing to send is one row with no warehouse, 0 units).
 */
import type { CsvColumn } from "./csv.js";
import { messageTexts } from "./messages.js";

import type { Schema } from "@fulfillment/client";

export type RestockPlan = Schema<"RestockPlanResponse">;
export type RestockLine = Schema<"RestockLine">;
export type RestockStatus = RestockLine["status"];
export type RestockSource = Schema<"ShipmentSource">;

// The API's statuses in its order (a value, so it cannot come from the type-only import above).
export const RESTOCK_STATUSES: readonly RestockStatus[] = ["ship_now", "due", "ok", "no_local_stock", "snoozed"];

export type Tone = "ok" | "warning" | "error" | "info";

export const STATUS_BADGES: Record<RestockStatus, { label: string; tone: Tone }> = {
  ship_now: { label: "Enviar agora", tone: "error" },
  due: { label: "Enviar em breve", tone: "warning" },
  ok: { label: "Em dia", tone: "ok" },
  no_local_stock: { label: "Sem estoque local", tone: "warning" },
  snoozed: { label: "Adiado", tone: "info" },
};

/** How many lines have each status (every status present, 0 when none). */
export function statusCounts(items: readonly Pick<RestockLine, "status">[]): Record<RestockStatus, number> {
  const counts = Object.fromEntries(RESTOCK_STATUSES.map((status) => [status, 0])) as Record<RestockStatus, number>;
  for (const item of items) counts[item.status] += 1;
  return counts;
}

export interface RestockShipmentRow {
  line: RestockLine;
  source: RestockSource;
}

/** One row per line and source, in the plan's order. */
export function restockShipmentRows(items: readonly RestockLine[]): RestockShipmentRow[] {
  return items.flatMap((line) => (line.sources.length > 0 ? line.sources : [{ warehouse: null, units: 0 }]).map((source) => ({ line, source })));
}

const lineField = (field: keyof RestockLine): CsvColumn<RestockShipmentRow> => ({
  header: field,
  value: (row) => row.line[field] as string | number | null,
});

/** The API's shipment-list columns, in its order. */
export const RESTOCK_CSV_COLUMNS: CsvColumn<RestockShipmentRow>[] = [
  lineField("sku"),
  lineField("title"),
  { header: "warehouse", value: (row) => row.source.warehouse ?? "" },
  { header: "units", value: (row) => row.source.units },
  lineField("status"),
  lineField("ship_by"),
  lineField("quantity"),
  lineField("stockout_date"),
  lineField("coverage_days"),
  lineField("velocity"),
  lineField("velocity_raw"),
  lineField("stockout_days"),
  lineField("full_available"),
  lineField("full_in_transit"),
  lineField("lead_time_days"),
  lineField("safety_units"),
  lineField("case_pack"),
  lineField("local_available"),
  { header: "reasons", value: (row) => messageTexts(row.line.reason_details).join(" | ") },
];
