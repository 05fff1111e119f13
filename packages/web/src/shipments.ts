/**
 * The replenishment suggestions as shipments: each SKU's suggested quantity split over the local
 * warehouses that hold it, the fullest first (fewest shipments), then stock with no warehouse name.
 */
import type { Schema } from "@fulfillment/client";

export type WarehouseStock = Schema<"LocalWarehouse">;
export type ReplenishmentItem = Schema<"ReplenishmentItem">;

export interface ShipmentLine {
  warehouse: string;
  sku: string;
  ad_id: string;
  title: string | null;
  quantity: number;
}

/** Local stock rows without a warehouse name (SPEC counts them in local_available). */
export const UNNAMED_WAREHOUSE = "(sem depósito)";

/** The warehouses that hold units of the SKU and send none of the suggestion (empty ones are not listed). */
export function idleWarehouses(item: ReplenishmentItem): WarehouseStock[] {
  const sending = new Set(splitByWarehouse(item).map((part) => part.warehouse));
  return item.local_warehouses.filter((stock) => stock.available > 0 && !sending.has(stock.warehouse));
}

/** How many units of the suggestion each warehouse sends; warehouses sending none are left out. */
export function splitByWarehouse(item: ReplenishmentItem): WarehouseStock[] {
  let left = item.quantity_suggested;
  const split: WarehouseStock[] = [];
  const fullestFirst = [...item.local_warehouses].sort((a, b) => b.available - a.available);
  for (const stock of fullestFirst) {
    if (left <= 0) break;
    const quantity = Math.min(left, Math.max(0, stock.available));
    if (quantity > 0) split.push({ warehouse: stock.warehouse, available: quantity });
    left -= quantity;
  }
  if (left > 0) split.push({ warehouse: UNNAMED_WAREHOUSE, available: left });
  return split;
}

/** One line per warehouse and SKU, grouped by warehouse (alphabetical), SKUs in the API's order. */
export function shipmentLines(items: readonly ReplenishmentItem[]): ShipmentLine[] {
  const byWarehouse = new Map<string, ShipmentLine[]>();
  for (const item of items) {
    for (const part of splitByWarehouse(item)) {
      const lines = byWarehouse.get(part.warehouse) ?? [];
      lines.push({ warehouse: part.warehouse, sku: item.sku, ad_id: item.ad_id, title: item.title, quantity: part.available });
      byWarehouse.set(part.warehouse, lines);
    }
  }
  return [...byWarehouse.keys()].sort((a, b) => a.localeCompare(b, "pt-BR")).flatMap((warehouse) => byWarehouse.get(warehouse)!);
}
