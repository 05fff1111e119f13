/** Examples of planning: the restock plan, the aged-stock report, a SKU's parameters and the storage-cost ledger. */
import { Restock, StorageLedger, TariffVersions, Time, type Tariff } from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import { getAgedStock } from "@fulfillment/functions/contract/aged-stock";
import { getRestockPlan, updateSkuPlanning } from "@fulfillment/functions/contract/planning";
import type { DemoDataset } from "../../demo/generate.js";
import { demoAgedStock, demoRestockPlan } from "../../demo/reports.js";
import { commonErrors, EXAMPLE_DAY, one, refusal, SHOWN_DEMO, SHOWN_ITEMS, type Examples } from "./common.js";

export function planningExamples(data: DemoDataset): Examples {
  // The restock plan and the aged-stock report over the demo dataset, shortened.
  const restockPlan = demoRestockPlan(data, EXAMPLE_DAY);
  const agedStock = demoAgedStock(data, EXAMPLE_DAY);
  const planningRequest = { case_pack: 12, snooze_until: Time.addDays(EXAMPLE_DAY, 7) };
  const planned = { ...Restock.noPlanning("PISC-CLAR-1L"), ...planningRequest, updated_at: `${EXAMPLE_DAY}T13:05:00.000Z` };
  return {
    getRestockPlan: {
      responses: {
        200: one(`${SHOWN_DEMO} (the first ${SHOWN_ITEMS} of ${restockPlan.items.length} lines)`, {
          ...restockPlan,
          items: restockPlan.items.slice(0, SHOWN_ITEMS),
        }),
        400: one("target_days out of range", errorBody("success", refusal(getRestockPlan, { query: { target_days: "120" } }))),
        ...commonErrors("success"),
      },
    },
    getAgedStock: {
      responses: {
        200: one(`${SHOWN_DEMO} (the first 2 of ${agedStock.skus.length} SKUs)`, { ...agedStock, skus: agedStock.skus.slice(0, 2) }),
        400: one("Unknown format", errorBody("success", refusal(getAgedStock, { query: { format: "xlsx" } }))),
        ...commonErrors("success"),
      },
    },
    updateSkuPlanning: {
      request: one("Cases of 12, snoozed for a week", planningRequest),
      responses: {
        200: one("The SKU's parameters", { success: true, planning: planned }),
        400: one("A case pack that is not a whole number", errorBody("success", refusal(updateSkuPlanning, { pathParameters: { sku: "MG-20" }, body: '{"case_pack": 2.5}' }))),
        ...commonErrors("success"),
      },
    },
    ...storageCostExamples(data.tariffs),
  };
}

/** Two days of one SKU in October, priced with the demo's tariffs. */
function storageCostExamples(tariffs: readonly Tariff[]): Examples {
  const versions = TariffVersions.allVersions(tariffs, []);
  const rows = ["2026-10-01", "2026-10-02"].map((day) =>
    StorageLedger.priceDay({ sku: "PISC-CLAR-1L", day, units: 120, unit_volume_l: 1.2, ages: [{ age_days: 95, units: 20 }, { age_days: 40, units: 100 }] }, versions),
  );
  const report = StorageLedger.monthReport("2026-10", rows, "2026-10-03");
  return {
    getStorageCosts: {
      responses: {
        200: one("One SKU's first days of October", { success: true, ...report, sku: "PISC-CLAR-1L", days: rows }),
        400: one("Not a month", errorBody("success", 'month must be YYYY-MM, got "10/2026"')),
        ...commonErrors("success"),
      },
    },
    recomputeStorageCosts: {
      responses: {
        200: one("October re-priced after a correction", {
          success: true,
          recompute: { id: "2026-11-21T12:15:00.000Z#9c1f2e7a", from: "2026-10-01", to: EXAMPLE_DAY, actor: "local", request_id: "Hk2xKjYpGjQEMpw=", at: "2026-11-21T12:15:00.000Z", rows: 52, rows_changed: 31 },
        }),
        400: one("No day", errorBody("success", 'from must be a day YYYY-MM-DD, got ""')),
        ...commonErrors("success"),
      },
    },
  };
}
