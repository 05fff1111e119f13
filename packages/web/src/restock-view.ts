/**
 * The restock plan on screen (GET /full/restock-plan): status badges, counts per status, and the
 * shipment list as CSV with the same columns and rows as the API's `format=csv` answer (one row
 * per SKU and source warehouse; a line with nothing to send is one row with no warehouse, 0 units).
 */
import type { CsvColumn } from "./csv.js";

export const RESTOCK_STATUSES = ["ship_now", "due", "ok", "no_local_stock", "snoozed"] as const;
export type RestockStatus = (typeof RESTOCK_STATUSES)[number];

export interface RestockSource {
  warehouse: string | null;
  units: number;
}

export interface RestockLine {
  sku: string;
  ad_id: string;
  title: string | null;
  stockout_days: number;
  velocity_raw: number;
  velocity: number;
  full_available: number;
  full_in_transit: number;
  coverage_days: number;
  stockout_date: string;
  lead_time_days: number;
  safety_units: number;
  ship_by: string;
  quantity_needed: number;
  case_pack: number | null;
  local_available: number;
  quantity: number;
  sources: RestockSource[];
  status: RestockStatus;
  snooze_until: string | null;
  reasons: string[];
}

export interface RestockPlan {
  today: string;
  target_days: number;
  horizon_days: number;
  items: RestockLine[];
}

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
  { header: "reasons", value: (row) => row.line.reasons.join(" | ") },
];
