/**
 * The restock plan as a shipment list: one row per SKU and source warehouse (the line's figures
 * repeated on each of its rows); a line with nothing to send from anywhere is one row with an
 * empty warehouse and 0 units. Reasons are joined with " | ".
 */
import { cellsOf, headersOf, type CsvCell, type CsvColumn } from "../csv-columns.js";
import type { ShipmentSource } from "./local-stock.js";
import type { RestockLine } from "./plan.js";

/** The figures of a line the list repeats on each of its rows. */
const LINE_FIELDS = [
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
] as const satisfies readonly (keyof RestockLine)[];

/** What the list reads of a plan line. */
export type ShipmentLine = Pick<RestockLine, "sku" | "title" | "sources" | "reasons" | "seller_id" | (typeof LINE_FIELDS)[number]>;

/** A line and one warehouse it ships from. */
export interface ShipmentRow {
  line: ShipmentLine;
  source: ShipmentSource;
}

const lineField = (field: "sku" | "title" | (typeof LINE_FIELDS)[number]): CsvColumn<ShipmentRow> => ({
  header: field,
  value: ({ line }): CsvCell => line[field],
});

/** The list's columns, in order: the API's CSV (format=csv) and the console's download. */
export const SHIPMENT_CSV: readonly CsvColumn<ShipmentRow>[] = [
  lineField("sku"),
  lineField("title"),
  { header: "warehouse", value: ({ source }) => source.warehouse ?? "" },
  { header: "units", value: ({ source }) => source.units },
  ...LINE_FIELDS.map(lineField),
  { header: "reasons", value: ({ line }) => line.reasons.join(" | ") },
];

export const SHIPMENT_COLUMNS = headersOf(SHIPMENT_CSV);

/** The consolidated plan's list (seller_id=all): each row first names its account. */
export const CONSOLIDATED_SHIPMENT_CSV: readonly CsvColumn<ShipmentRow>[] = [{ header: "seller_id", value: ({ line }) => line.seller_id ?? "" }, ...SHIPMENT_CSV];
export const CONSOLIDATED_SHIPMENT_COLUMNS = headersOf(CONSOLIDATED_SHIPMENT_CSV);

const NOTHING_TO_SEND: ShipmentSource = { warehouse: null, units: 0 };

/** One row per line and source, in the plan's order. */
export const shipmentSources = (lines: readonly ShipmentLine[]): ShipmentRow[] =>
  lines.flatMap((line) => (line.sources.length > 0 ? line.sources : [NOTHING_TO_SEND]).map((source) => ({ line, source })));

export const shipmentRows = (lines: readonly ShipmentLine[], columns: readonly CsvColumn<ShipmentRow>[] = SHIPMENT_CSV): CsvCell[][] => cellsOf(columns, shipmentSources(lines));
