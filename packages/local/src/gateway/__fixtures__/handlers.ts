import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { httpHandler } from "@fulfillment/functions/http/handler";
import { ok } from "@fulfillment/functions/http/request";
import { listInventory } from "@fulfillment/functions/contract/dashboards";

/** Test-only handler modules for the gateway tests, loaded through routes as deployed ones are. */

export const INVENTORY_ITEMS = Array.from({ length: 200 }, (_, i) => ({
  inventory_id: `INV${String(i).padStart(10, "0")}`,
  ad_id: `MLB${3_000_000_000 + i}`,
  sku: `SKU-${i}`,
  variation_id: null,
  title: `Item ${i}`,
  thumbnail: null,
  permalink: null,
  available_qty: i % 37,
  in_transit_qty: 0,
  not_available_qty: 0,
  total_qty: i % 37,
  days_of_stock: i % 7 === 0 ? null : (i * 13) % 200,
  oldest_stock_days: null,
  storage_cost_unit: null,
  storage_risk_unit: null,
  is_aged: false,
  is_low_coverage: false,
  updated_at: null,
}));

/** A real handler whose answer is large enough to be compressed. */
export const inventory = httpHandler(listInventory, async () => ok({ has_data: true, count: INVENTORY_ITEMS.length, items: INVENTORY_ITEMS }));

/** A handler that bypasses httpHandler and returns more than Lambda may: what the gateway must refuse. */
export const oversized = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ blob: "x".repeat(6 * 1024 * 1024) }),
});
