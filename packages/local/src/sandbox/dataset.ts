import { DEFAULT_TIME_ZONE, addDays, calendarDay } from "@fulfillment/core/time";
import type { Ad, InventoryRecord } from "@fulfillment/core";
import type { SandboxItem, SandboxSale, SandboxSeed, SandboxStock } from "./seed.js";
import { receptionsFor } from "./receptions.js";

/** The parts of a dataset file (CONTRACTS section 3) the sandbox derives its marketplace from; other keys are ignored. */
export interface SandboxDataset {
  ads?: ReadonlyArray<Pick<Ad, "id"> & Partial<Ad>>;
  inventory?: ReadonlyArray<Pick<InventoryRecord, "inventory_id"> & Partial<InventoryRecord>>;
}

export interface SeedFromDatasetOptions {
  /** The calendar day receptions are dated back from; default today in the business zone. */
  today?: string;
  timeZone?: string;
  sellerId?: number;
}

type InventoryRow = NonNullable<SandboxDataset["inventory"]>[number];

const units = (value: number | null | undefined): number => (typeof value === "number" && value > 0 ? Math.floor(value) : 0);

function stockOf(row: InventoryRow): SandboxStock {
  const detail: Array<{ status: string; quantity: number }> = [];
  if (units(row.in_transit_qty) > 0) detail.push({ status: "transfer", quantity: units(row.in_transit_qty) });
  if (units(row.not_available_qty) > 0) detail.push({ status: "damaged", quantity: units(row.not_available_qty) });
  return {
    available: units(row.available_qty),
    not_available_detail: detail,
    ...(typeof row.total_qty === "number" && row.total_qty >= 0 ? { total: row.total_qty } : {}),
  };
}

/**
 * Ledger entries whose 30-day count (sales minus cancellations) gives back `sales30d`: three
 * sales spread over the last four weeks and, from 4 units up, one cancelled unit.
 */
export function salesFor(sales30d: number | null | undefined, today: string): SandboxSale[] {
  if (typeof sales30d !== "number" || !Number.isFinite(sales30d) || sales30d <= 0) return [];
  const total = Math.floor(sales30d);
  const cancelled = total >= 4 ? 1 : 0;
  const sold = total + cancelled;
  const first = Math.ceil(sold / 3);
  const second = Math.ceil((sold - first) / 2);
  const sales: SandboxSale[] = [
    { date: addDays(today, -24), quantity: first },
    { date: addDays(today, -10), quantity: second },
    { date: addDays(today, -3), quantity: sold - first - second },
  ].filter((sale) => sale.quantity > 0);
  if (cancelled) sales.push({ date: addDays(today, -2), quantity: cancelled, type: "sale_cancelation" });
  return sales;
}

const dimensionsOf = (ad: NonNullable<SandboxDataset["ads"]>[number]): SandboxItem["dimensions"] => {
  const { length_mm: length, width_mm: width, height_mm: height } = ad;
  if (!(typeof length === "number" && typeof width === "number" && typeof height === "number")) return null;
  if (length <= 0 || width <= 0 || height <= 0) return null;
  return { length: length / 10, width: width / 10, height: height / 10 };
};

/**
 * A sandbox seed from a dataset, deterministic for a given `today`: one item per ad (and per
 * ad id only found in `inventory`), an inventory per inventory record (item level when
 * `variation_id` is null, the first such record winning; else a variation), stock from the
 * record's quantities (in transit → `transfer`, not available → `damaged`), receptions
 * that rebuild its `oldest_stock_days`, and on the ad's first inventory sales whose 30-day
 * count in the ledger is the ad's `sales_30d`.
 */
export function seedFromDataset(dataset: SandboxDataset, options: SeedFromDatasetOptions = {}): SandboxSeed {
  const today = options.today ?? calendarDay(options.timeZone ?? DEFAULT_TIME_ZONE, new Date());
  const items = new Map<string, SandboxItem>();
  for (const ad of dataset.ads ?? []) {
    items.set(ad.id, {
      id: ad.id,
      ...(ad.title ? { title: ad.title } : {}),
      ...(ad.thumbnail ? { thumbnail: ad.thumbnail } : {}),
      ...(ad.permalink ? { permalink: ad.permalink } : {}),
      sku: ad.sku ?? null,
      is_full: ad.is_full ?? false,
      inventory_id: null,
      variations: [],
      dimensions: dimensionsOf(ad),
    });
  }
  const salesOf = new Map((dataset.ads ?? []).map((ad) => [ad.id, salesFor(ad.sales_30d, today)]));
  for (const row of dataset.inventory ?? []) {
    if (!row.ad_id) continue;
    let item = items.get(row.ad_id);
    if (!item) {
      item = { id: row.ad_id, sku: null, is_full: true, inventory_id: null, variations: [] };
      items.set(row.ad_id, item);
    }
    const stock = stockOf(row);
    const receptions = receptionsFor(stock.available, row.oldest_stock_days, today);
    // The ad's sales go to its first inventory, once.
    const sales = salesOf.get(row.ad_id) ?? [];
    salesOf.delete(row.ad_id);
    if (row.variation_id === null || row.variation_id === undefined) {
      if (item.inventory_id) continue;
      Object.assign(item, { inventory_id: row.inventory_id, stock, receptions, sales });
    } else {
      item.variations!.push({ id: row.variation_id, inventory_id: row.inventory_id, stock, receptions, sales });
    }
  }
  return { items: [...items.values()], ...(options.sellerId === undefined ? {} : { sellerId: options.sellerId }) };
}
