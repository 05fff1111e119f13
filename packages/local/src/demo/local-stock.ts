/** The local stock collection: the seller's own warehouses, per SKU by its catalogue plan. */
import type { LocalStockRow } from "@fulfillment/core";
import type { Draws } from "../random.js";
import { CATALOGUE } from "./catalogue.js";

const WAREHOUSES = ["CD São Paulo", "CD Guarulhos", "Loja Centro"] as const;

export function demoLocalStock(draws: Draws): LocalStockRow[] {
  const rows: LocalStockRow[] = [];
  const seen = new Set<string>();
  for (const product of CATALOGUE) {
    if (seen.has(product.sku)) continue;
    seen.add(product.sku);
    const plan = product.local ?? "normal";
    const scale = Math.max(4, Math.round((product.sales ?? 3) * draws.float(0.3, 1.5)));
    switch (plan) {
      case "none":
        break;
      case "zero":
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[0], available: 0 });
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[1], available: 0 });
        break;
      case "no_warehouse":
        rows.push({ sku: product.sku, available: scale });
        break;
      case "normal":
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[0], available: draws.chance(0.12) ? 0 : scale });
        if (draws.chance(0.5)) rows.push({ sku: product.sku, warehouse: WAREHOUSES[1], available: draws.chance(0.2) ? 0 : draws.int(1, scale) });
        if (draws.chance(0.35)) rows.push({ sku: product.sku, warehouse: WAREHOUSES[2], available: draws.int(0, 8) });
        break;
    }
  }
  return rows;
}
