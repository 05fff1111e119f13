/** Real fulfillment storage cost per SKU from package volume and tariffs (CONTRACTS section 5, step 4). */
import { isFullWithSku, type Ad, type InventoryRecord, type SkuMetric, type Tariff } from "./records.js";
import { roundHalfUp } from "./rounding.js";

/** Coverage assumed when none of the SKU's records knows its days of stock. */
export const DEFAULT_AVG_DAYS = 30;

export interface SkuCost {
  storage_cost: number;
  storage_risk_cost: number;
  daily_storage_fee: number;
  inbound_freight_cost: number;
}

export interface SkuCostInput {
  tariff: Tariff;
  daysOfStock: readonly (number | null)[];
  oldestStockDays: readonly (number | null)[];
}

export interface CostsInput {
  ads: readonly Ad[];
  inventory: readonly InventoryRecord[];
  tariffs: readonly Tariff[];
  now: Date;
}

export interface CostsResult {
  metrics: SkuMetric[];
  /** SKUs with a Full ad but no volume or no matching active tariff; their metric is left as it was. */
  skipped: number;
}

function positive(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

/** Package volume in litres, null when any dimension is missing or not positive. */
export function volumeLitres(ad: Pick<Ad, "length_mm" | "width_mm" | "height_mm">): number | null {
  const { length_mm: length, width_mm: width, height_mm: height } = ad;
  if (!positive(length) || !positive(width) || !positive(height)) return null;
  return (length * width * height) / 1_000_000;
}

/** Active tariffs in matching order: min_volume_l ascending, then id. */
export function activeTariffs(tariffs: readonly Tariff[]): Tariff[] {
  return tariffs.filter((t) => t.active === true).sort((a, b) => a.min_volume_l - b.min_volume_l || a.id - b.id);
}

function matches(tariff: Tariff, volume: number): boolean {
  return tariff.min_volume_l <= volume && (tariff.max_volume_l === null || tariff.max_volume_l === undefined || volume < tariff.max_volume_l);
}

/** The first active tariff by min_volume_l with min ≤ volume < max (null max: no upper bound). */
export function pickTariff(tariffs: readonly Tariff[], volume: number | null): Tariff | null {
  if (volume === null) return null;
  return activeTariffs(tariffs).find((t) => matches(t, volume)) ?? null;
}

function known(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
}

/** Storage cost and aged-stock risk cost per unit of one SKU under a tariff. */
export function computeSkuCost({ tariff, daysOfStock, oldestStockDays }: SkuCostInput): SkuCost {
  const dailyFee = tariff.daily_fee ?? 0;
  const inboundFee = tariff.inbound_fee ?? 0;
  const days = known(daysOfStock);
  const avgDays = days.length > 0 ? days.reduce((sum, d) => sum + d, 0) / days.length : DEFAULT_AVG_DAYS;
  // Half the coverage: a unit sits on average half the time it takes to sell the lot.
  const storageCost = roundHalfUp((dailyFee * avgDays) / 2 + inboundFee, 2);
  const ages = known(oldestStockDays);
  const oldest = ages.length > 0 ? ages.reduce((max, a) => (a > max ? a : max)) : null;
  const overdue = oldest === null ? 0 : oldest - tariff.aged_days_threshold;
  const riskCost = overdue > 0 ? roundHalfUp(overdue * dailyFee * tariff.aged_daily_factor, 2) : 0;
  return { storage_cost: storageCost, storage_risk_cost: riskCost, daily_storage_fee: dailyFee, inbound_freight_cost: inboundFee };
}

/** Package volume per SKU of the Full ads: the first Full ad of the SKU that has dimensions gives it; null without one. */
export function volumeBySku(ads: readonly Ad[]): Map<string, number | null> {
  const volumes = new Map<string, number | null>();
  for (const ad of ads) {
    if (!isFullWithSku(ad)) continue;
    if ((volumes.get(ad.sku) ?? null) === null) volumes.set(ad.sku, volumeLitres(ad));
  }
  return volumes;
}

interface SkuStock {
  volume: number | null;
  daysOfStock: (number | null)[];
  oldestStockDays: (number | null)[];
}

/** One metric per SKU that has a Full ad and a matching active tariff, stamped with `now`. */
export function computeCosts({ ads, inventory, tariffs, now }: CostsInput): CostsResult {
  const bySku = new Map<string, SkuStock>();
  for (const [sku, volume] of volumeBySku(ads)) bySku.set(sku, { volume, daysOfStock: [], oldestStockDays: [] });
  for (const record of inventory) {
    const stock = record.sku === null || record.sku === undefined ? undefined : bySku.get(record.sku);
    if (!stock) continue;
    stock.daysOfStock.push(record.days_of_stock);
    stock.oldestStockDays.push(record.oldest_stock_days);
  }

  const candidates = activeTariffs(tariffs);
  const calculatedAt = now.toISOString();
  const metrics: SkuMetric[] = [];
  let skipped = 0;
  for (const [sku, stock] of bySku) {
    const volume = stock.volume;
    const tariff = volume === null ? undefined : candidates.find((t) => matches(t, volume));
    if (!tariff) {
      skipped++;
      continue;
    }
    metrics.push({ sku, ...computeSkuCost({ tariff, daysOfStock: stock.daysOfStock, oldestStockDays: stock.oldestStockDays }), calculated_at: calculatedAt });
  }
  return { metrics, skipped };
}
