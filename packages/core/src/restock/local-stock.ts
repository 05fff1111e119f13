/** The local warehouses' stock a restock line draws its shipment from. */
import type { LocalStockRow } from "../records.js";
import { unitsOf } from "./units.js";

export interface ShipmentSource {
  /** Local warehouse name; null for stock recorded without one. */
  warehouse: string | null;
  units: number;
}

/** Most units first, then by name, unnamed last: the order a shipment draws from. */
export const byMostUnits = (a: ShipmentSource, b: ShipmentSource): number =>
  b.units - a.units || (a.warehouse === b.warehouse ? 0 : a.warehouse === null ? 1 : b.warehouse === null ? -1 : a.warehouse < b.warehouse ? -1 : 1);

/** Local rows with stock per SKU, in the order a shipment draws from them. */
export function localStockBySku(rows: readonly LocalStockRow[]): Map<string, ShipmentSource[]> {
  const bySku = new Map<string, ShipmentSource[]>();
  for (const row of rows) {
    const available = unitsOf(row.available);
    if (available <= 0) continue;
    const warehouse = typeof row.warehouse === "string" && row.warehouse.trim() !== "" ? row.warehouse : null;
    const list = bySku.get(row.sku) ?? [];
    list.push({ warehouse, units: available });
    bySku.set(row.sku, list);
  }
  for (const list of bySku.values()) list.sort(byMostUnits);
  return bySku;
}

export const totalUnits = (sources: readonly ShipmentSource[]): number => sources.reduce((sum, source) => sum + source.units, 0);

/** Draws units from the warehouses in order until the quantity is met. */
export function drawSources(quantity: number, warehouses: readonly ShipmentSource[]): ShipmentSource[] {
  const sources: ShipmentSource[] = [];
  let remaining = quantity;
  for (const { warehouse, units: available } of warehouses) {
    if (remaining <= 0) break;
    const take = Math.min(remaining, available);
    sources.push({ warehouse, units: take });
    remaining -= take;
  }
  return sources;
}
