/**
 * One SKU's alerts from that SKU's own records: the aged-stock report and the restock plan are
 * computed for it alone (each SKU's lines depend on its records only), then deriveSkuAlerts takes
 * its alerts. What a stock operation changes is derived this way, at a cost that does not grow
 * with the catalogue; the result is the full derivation's for the same SKU.
 */
import { computeAgedStock } from "../aged-stock/report.js";
import type { Ad, DailyStockRow, InventoryRecord, LocalStockRow, Tariff } from "../records.js";
import { computeRestockPlan, DEFAULT_HORIZON_DAYS, DEFAULT_TARGET_DAYS } from "../restock/plan.js";
import type { SkuPlanning } from "../restock/planning.js";
import type { StockPolicy } from "../restock/stock-policy.js";
import { deriveSkuAlerts, type Alert } from "./derive.js";
import type { AlertKind } from "./kinds.js";

/** The kinds a SKU can alert; the others are the sync's. */
export const SKU_ALERT_KINDS = ["aged_stock", "aged_surcharge", "low_coverage", "stockout", "stranded"] as const satisfies readonly AlertKind[];

export interface SkuRecords {
  sku: string;
  /** The business day the reports are computed for. */
  today: string;
  /** The SKU's Full ads (the plan's candidates, the report's titles, sales and volume). */
  ads: readonly Ad[];
  /** The SKU's inventory records, with their lots. */
  inventory: readonly InventoryRecord[];
  /** Daily rows of the velocity window of those inventories. */
  dailyRows: readonly Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[];
  localStock: readonly LocalStockRow[];
  planning: readonly SkuPlanning[];
  policy: StockPolicy;
  tariffs: readonly Tariff[];
}

/** Records of other SKUs are left out, so they cannot change this SKU's figures. */
const ofSku = <T extends { sku?: string | null }>(rows: readonly T[], sku: string): T[] => rows.filter((row) => row.sku === sku);

/** The SKU's alerts, sorted by id, as the full derivation (reports at the default target and horizon) finds them. */
export function skuAlerts(records: SkuRecords): Alert[] {
  const { sku, today } = records;
  const ads = ofSku(records.ads, sku);
  const inventory = ofSku(records.inventory, sku);
  const aged = computeAgedStock({ today, inventory, ads, tariffs: records.tariffs, dailyRows: records.dailyRows });
  const restock = computeRestockPlan({
    today,
    targetDays: DEFAULT_TARGET_DAYS,
    horizonDays: DEFAULT_HORIZON_DAYS,
    policy: records.policy,
    candidates: ads,
    inventory,
    dailyRows: records.dailyRows,
    localStock: ofSku(records.localStock, sku),
    planning: ofSku(records.planning, sku),
  });
  return deriveSkuAlerts({ aged: aged.skus, restock: restock.items, inventory }, sku);
}
