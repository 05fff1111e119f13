/** Examples of the imports: local stock, unit costs, 30-day sales and the import log. */
import { errorBody } from "@fulfillment/functions/http/envelope";
import { IMPORT_MAX_BODY_BYTES } from "@fulfillment/functions/routes";
import type { DemoDataset } from "../../demo/generate.js";
import { commonErrors, EXAMPLE_DAY, one, SHOWN_ITEMS, type Examples } from "./common.js";

const IMPORTED_AT = `${EXAMPLE_DAY}T11:30:00.000Z`;

export function importExamples(data: DemoDataset): Examples {
  const localStock = data.local_stock;
  const fullAds = data.ads.filter((ad) => ad.is_full);
  const warehouse = localStock.find((row) => row.warehouse)?.warehouse ?? "CD São Paulo";
  const rows = localStock.filter((row) => row.warehouse === warehouse).slice(0, SHOWN_ITEMS);
  const record = (kind: "local_stock" | "costs" | "sales", counts: { rows: number; added: number; changed: number; removed: number; unmatched?: number }) => ({
    id: `${IMPORTED_AT}#5f3a9c1e`,
    source: "api",
    kind,
    warehouse: kind === "local_stock" ? warehouse : null,
    unmatched: 0,
    unmatched_keys: [],
    ...counts,
    error: null,
    at: IMPORTED_AT,
    file: null,
    actor: "ana@example.com (5f1c2d3e-aaaa-4bbb-8ccc-0123456789ab)",
    request_id: "Kx8rTgBIoAMEVdw=",
  });
  const badLine = (field: string, problem: string) => errorBody("success", `Line 3, field ${field}: ${problem}`);
  const withSku = fullAds.filter((ad) => ad.sku).slice(0, 2);
  return {
    importLocalStock: {
      request: one("The warehouse's rows", rows.map(({ sku, available }) => ({ sku, available }))),
      responses: {
        200: one("Two rows changed, one removed", { success: true, ...record("local_stock", { rows: rows.length, added: 0, changed: 2, removed: 1 }) }),
        400: one("A line that is not a number", badLine("available", '"doze" is not a number')),
        409: one("Another import of the warehouse", errorBody("success", `Another import of warehouse ${warehouse}'s local stock is running; try again when it finishes`)),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    listLocalStock: {
      responses: {
        200: one(`${warehouse}'s rows`, { success: true, warehouse, count: rows.length, items: rows.map((row) => ({ sku: row.sku, available: row.available, warehouse })) }),
        ...commonErrors("success"),
      },
    },
    importCosts: {
      request: one("Costs by SKU", withSku.map((ad, i) => ({ sku: ad.sku, cost: 20 + i * 7.5 }))),
      responses: {
        200: one("One cost set, one changed", { success: true, ...record("costs", { rows: withSku.length, added: 1, changed: 1, removed: 0 }) }),
        400: one("A negative cost", badLine("cost", "-3 is negative")),
        409: one("Another import of costs", errorBody("success", "Another import of costs is running; try again when it finishes")),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    importSales: {
      request: one("Sales by ad", withSku.map((ad, i) => ({ ad_id: ad.id, sales_30d: 30 + i }))),
      responses: {
        200: one("Two figures imported", { success: true, ...record("sales", { rows: withSku.length, added: 2, changed: 0, removed: 0 }) }),
        400: one("Not a whole number", badLine("sales_30d", "2.5 is not a whole number of units")),
        409: one("Another import of sales", errorBody("success", "Another import of sales is running; try again when it finishes")),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    listImports: {
      responses: {
        200: one("The newest imports", {
          success: true,
          imports: [
            record("costs", { rows: 48, added: 45, changed: 0, removed: 0, unmatched: 3 }),
            { ...record("local_stock", { rows: 0, added: 0, changed: 0, removed: 0 }), source: "file", actor: null, request_id: null, file: `local-stock/${warehouse}.csv`, error: "Line 7, field available: missing value" },
          ],
        }),
        400: one("A bad limit", errorBody("success", 'limit must be a whole number from 1 to 200, got "0"')),
        ...commonErrors("success"),
      },
    },
  };
}
