import { coverageDays } from "../replenishment.js";

/** The fields of GET /inventories/{id}/stock/fulfillment that the stock figures use. */
export interface FulfillmentStockPayload {
  total?: number | null;
  available_quantity?: number | null;
  not_available_quantity?: number | null;
  not_available_detail?: ReadonlyArray<{ status?: string | null; quantity?: number | null }> | null;
}

export interface StockFigures {
  available_qty: number;
  in_transit_qty: number;
  not_available_qty: number;
  total_qty: number;
  days_of_stock: number | null;
}

/** Status spellings differ between pages (`not_supported`, `notSupported`): compare lower-case without `_`/`-`. */
export function normaliseStatus(status: string): string {
  return status.toLowerCase().replace(/[_\-\s]/g, "");
}

const TRANSFER = "transfer";

const count = (value: number | null | undefined): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Units reserved to move between warehouses; every other status (known or not) stays "not available". */
export function inTransitQuantity(detail: FulfillmentStockPayload["not_available_detail"]): number {
  let units = 0;
  for (const entry of detail ?? []) {
    if (typeof entry.status === "string" && normaliseStatus(entry.status) === TRANSFER) units += Math.max(0, count(entry.quantity));
  }
  return units;
}

/** Coverage in days at the 30-day sales pace, one decimal; null when there is no pace to divide by. */
export function daysOfStock(available: number, sales30d: number | null | undefined): number | null {
  if (sales30d === null || sales30d === undefined || !Number.isFinite(sales30d) || sales30d <= 0) return null;
  // Same arithmetic as replenishment's coverage, so both screens agree on one stock.
  return coverageDays(available, sales30d);
}

/** CONTRACTS 5 step 2: the stored figures of one inventory from its fulfillment stock. */
export function stockFromFulfillment(payload: FulfillmentStockPayload, sales30d: number | null): StockFigures {
  const available = count(payload.available_quantity);
  const inTransit = inTransitQuantity(payload.not_available_detail);
  const notAvailableTotal =
    payload.not_available_quantity === null || payload.not_available_quantity === undefined
      ? (payload.not_available_detail ?? []).reduce((sum, entry) => sum + Math.max(0, count(entry.quantity)), 0)
      : count(payload.not_available_quantity);
  const notAvailable = Math.max(0, notAvailableTotal - inTransit);
  const total = count(payload.total);
  return {
    available_qty: available,
    in_transit_qty: inTransit,
    not_available_qty: notAvailable,
    total_qty: total > 0 ? total : available + inTransit + notAvailable,
    days_of_stock: daysOfStock(available, sales30d),
  };
}
