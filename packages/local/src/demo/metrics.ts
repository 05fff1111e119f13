/** The metrics collection: each Full SKU's storage cost as this morning's sync computed it (core StorageCost). */
import { StorageCost, type Ad, type InventoryRecord, type SkuMetric, type Tariff } from "@fulfillment/core";

export function demoMetrics(ads: readonly Ad[], inventory: readonly InventoryRecord[], tariffs: readonly Tariff[], now: Date): SkuMetric[] {
  const computed = StorageCost.computeCosts({ ads, inventory, tariffs, now });
  // The dataset format (CONTRACTS section 3) has no calculation time.
  const metrics: SkuMetric[] = computed.metrics.map(({ calculated_at: _, ...metric }) => metric);
  // The sync gives a SKU without package dimensions no cost; the first such SKU keeps a zeroed metric of an older run.
  const unsized = [...StorageCost.volumeBySku(ads)].find(([, volume]) => volume === null)?.[0];
  if (unsized !== undefined) metrics.push({ sku: unsized, storage_cost: 0, storage_risk_cost: 0, daily_storage_fee: 0, inbound_freight_cost: 0 });
  return metrics;
}
