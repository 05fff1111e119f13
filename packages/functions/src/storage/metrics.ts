import type { SkuMetric } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities } from "./keys.js";
import { batchGet, batchWrite, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";
import { writeChanging } from "./changes.js";

/** What the inventory list shows of a metric. */
const UNIT_COST_FIELDS = ["sku", "storage_cost", "storage_risk_cost"] as const;

export function metricItem(metric: SkuMetric): Record<string, unknown> {
  return { ...Entities.metric.key({ sku: metric.sku }), kind: "metric", ...metric };
}

/** Metrics of the given SKUs in batches of 100; SKUs without a metric are absent. */
export async function getMetricsBySku(ref: TableRef, skus: Iterable<string>): Promise<Map<string, SkuMetric>> {
  const keys = [...new Set(skus)].map((sku) => Entities.metric.key({ sku }));
  const metrics = toRecords<SkuMetric>(await batchGet(ref, keys, [...UNIT_COST_FIELDS]));
  return new Map(metrics.map((metric) => [metric.sku, metric]));
}

/** Every metric by SKU, one query per shard: for reads over the whole inventory, where point reads would cost per item. */
export async function listMetricsBySku(ref: TableRef, { consistent = false } = {}): Promise<Map<string, SkuMetric>> {
  const items = await queryPartitions(ref, Entities.metric.query.shards(), { projection: [...UNIT_COST_FIELDS], consistent });
  return new Map(toRecords<SkuMetric>(items).map((metric) => [metric.sku, metric]));
}

export async function putMetrics(ref: TableRef, metrics: SkuMetric[]): Promise<void> {
  if (metrics.length === 0) return;
  await writeChanging(ref, "metric", () => batchWrite(ref, metrics.map((metric) => ({ put: metricItem(metric) }))));
}
