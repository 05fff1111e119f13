/**
 * The restock plan on screen (GET /full/restock-plan): status badges, counts per status, and the
 * shipment list as CSV with the same columns and rows as the API's `format=csv` answer (one row
 * per SKU and source warehouse; a line with nothing to send is one row with no warehouse, 0 units).
 */
import { SHIPMENT_CSV, shipmentSources, type ShipmentRow } from "@fulfillment/core/restock/shipment-rows";
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

/** One row per line and source, in the plan's order; the reasons in pt-BR from their codes, whatever language the API answered in. */
export const restockShipmentRows = (items: readonly RestockLine[]): ShipmentRow[] =>
  shipmentSources(items.map((line) => ({ ...line, reasons: messageTexts(line.reason_details) })));

/** The API's shipment-list columns, in its order (one definition, in the core). */
export const RESTOCK_CSV_COLUMNS: readonly CsvColumn<ShipmentRow>[] = SHIPMENT_CSV;
