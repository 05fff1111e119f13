/** Examples of the dashboard reads: replenishment, overview, inventory list and an ad's detail. */
import { Detail, InventoryList, Messages, MissingInputs, Overview, Replenishment, Time, type Ad, type SkuMetric } from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import type { DemoDataset } from "../../demo/generate.js";
import { commonErrors, EXAMPLE_DAY, one, SHOWN_DAYS, SHOWN_DEMO, SHOWN_ITEMS, type Examples } from "./common.js";

export function dashboardExamples(data: DemoDataset): Examples {
  const adsById = new Map<string, Ad>(data.ads.map((ad) => [ad.id, ad]));
  const metricsBySku = new Map<string, SkuMetric>(data.metrics.map((metric) => [metric.sku, metric]));

  // Replenishment over the whole catalogue, shortened to its first items.
  const replenishment = Replenishment.computeReplenishment({
    inventory: data.inventory,
    localStock: data.local_stock,
    candidates: data.ads.filter((ad) => ad.is_full && ad.sku !== null),
    targetDays: Replenishment.DEFAULT_TARGET_DAYS,
    triggerDays: Replenishment.DEFAULT_TRIGGER_DAYS,
  });
  const replenishmentShown = replenishment.items.slice(0, SHOWN_ITEMS);

  // The inventory list and the detail: real answers over part of the records.
  const listedInventory = data.inventory.slice(0, SHOWN_ITEMS + 1);
  const inventoryList = InventoryList.buildInventoryList(listedInventory, adsById, metricsBySku, { sortBy: "coverage", alertsOnly: false });
  const detailAd = data.ads.find((ad) => data.inventory.filter((record) => record.ad_id === ad.id).length > 1) ?? data.ads[0]!;
  const detailInventories = data.inventory.filter((record) => record.ad_id === detailAd.id);
  const recentRows = data.daily_stock.filter((row) => row.day > Time.addDays(EXAMPLE_DAY, -SHOWN_DAYS));
  const detail = Detail.buildDetail(detailAd.id, detailAd, detailInventories, recentRows, EXAMPLE_DAY);

  return {
    getReplenishment: {
      responses: {
        200: one(`${SHOWN_DEMO}, target_days 30 and trigger_days 14 (the first ${replenishmentShown.length} of ${replenishment.count} items)`, {
          ...replenishment,
          count: replenishmentShown.length,
          items: replenishmentShown,
        }),
        ...commonErrors("error"),
      },
    },
    getOverview: {
      responses: {
        200: {
          demo: { summary: SHOWN_DEMO, value: { ...Overview.computeOverview(data.inventory, adsById, Time.DEFAULT_TIME_ZONE), warnings: [] } },
          empty: {
            summary: "No inventory records yet, no tariff, no local stock",
            value: { ...Overview.computeOverview([], new Map(), Time.DEFAULT_TIME_ZONE), warnings: Messages.describeAll(MissingInputs.missingInputWarnings({ activeTariffs: 0, localStockRows: 0 })) },
          },
        },
        ...commonErrors("has_data"),
      },
    },
    listInventory: {
      responses: {
        200: one(`${SHOWN_ITEMS + 1} records of the demo dataset, sort_by coverage`, inventoryList),
        ...commonErrors("has_data"),
      },
    },
    getInventoryDetail: {
      responses: {
        200: one(`An ad with variations in the demo dataset (series shortened to the last ${SHOWN_DAYS} days)`, detail),
        404: one("No inventory records", errorBody("error", "No fulfillment inventory for ad MLB1234567890")),
        ...commonErrors("error"),
      },
    },
  };
}
