import type { SkuMetric } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Keys } from "./keys.js";
import { batchGet, batchWrite } from "./operations.js";
import { toRecords } from "./items.js";

export function metricItem(metric: SkuMetric): Record<string, unknown> {
  return { ...Keys.metric(metric.sku), kind: "metric", ...metric };
}

/** Metrics of the given SKUs in batches of 100; SKUs without a metric are absent. */
export async function getMetricsBySku(ref: TableRef, skus: Iterable<string>): Promise<Map<string, SkuMetric>> {
  const keys = [...new Set(skus)].map(Keys.metric);
  const metrics = toRecords<SkuMetric>(await batchGet(ref, keys, ["sku", "storage_cost", "storage_risk_cost"]));
  return new Map(metrics.map((metric) => [metric.sku, metric]));
}

export async function putMetrics(ref: TableRef, metrics: SkuMetric[]): Promise<void> {
  await batchWrite(ref, metrics.map((metric) => ({ put: metricItem(metric) })));
}
