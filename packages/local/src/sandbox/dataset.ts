import { DEFAULT_TIME_ZONE, addDays, calendarDay } from "@fulfillment/core/time";
import type { Ad, InventoryRecord } from "@fulfillment/core";
import type { SandboxItem, SandboxReception, SandboxSeed, SandboxStock } from "./seed.js";

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
 * Receptions that make a first-in-first-out rebuild give back `oldest_stock_days`: a newer lot
 * smaller than the stock, an oldest lot dated `oldest_stock_days` ago that completes it (plus
 * some units since sold), and an older lot sold out long ago, so histories reach back up to a
 * year and beyond. The sandbox keeps 12 months of operations: for an age past that the oldest
 * lot is never returned, and the rebuild finds the stock older than its horizon. No age or no
 * stock: no receptions at all.
 */
export function receptionsFor(available: number, oldestDays: number | null | undefined, today: string): SandboxReception[] {
  if (available <= 0 || typeof oldestDays !== "number" || !Number.isFinite(oldestDays) || oldestDays < 0) return [];
  const age = Math.floor(oldestDays);
  const oldestDay = addDays(today, -age);
  const soldOut = { date: addDays(today, -(age + 90)), quantity: Math.max(1, Math.ceil(available / 3)) };
  if (age === 0 || available < 2) return [soldOut, { date: oldestDay, quantity: available + Math.floor(available / 2) }];
  const newer = Math.ceil(available / 2);
  const rest = available - newer;
  return [
    soldOut,
    { date: oldestDay, quantity: rest + Math.max(1, Math.floor(rest / 2)) },
    { date: addDays(today, -Math.floor(age / 2)), quantity: newer },
  ];
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
 * record's quantities (in transit → `transfer`, not available → `damaged`) and receptions
 * that rebuild its `oldest_stock_days`.
 */
export function seedFromDataset(dataset: SandboxDataset, options: SeedFromDatasetOptions = {}): SandboxSeed {
  const today = options.today ?? calendarDay(options.timeZone ?? DEFAULT_TIME_ZONE, new Date());
  const items = new Map<string, SandboxItem>();
  for (const ad of dataset.ads ?? []) {
    items.set(ad.id, {
      id: ad.id,
      ...(ad.title ? { title: ad.title } : {}),
      sku: ad.sku ?? null,
      is_full: ad.is_full ?? false,
      inventory_id: null,
      variations: [],
      dimensions: dimensionsOf(ad),
    });
  }
  for (const row of dataset.inventory ?? []) {
    if (!row.ad_id) continue;
    let item = items.get(row.ad_id);
    if (!item) {
      item = { id: row.ad_id, sku: null, is_full: true, inventory_id: null, variations: [] };
      items.set(row.ad_id, item);
    }
    const stock = stockOf(row);
    const receptions = receptionsFor(stock.available, row.oldest_stock_days, today);
    if (row.variation_id === null || row.variation_id === undefined) {
      if (item.inventory_id) continue;
      Object.assign(item, { inventory_id: row.inventory_id, stock, receptions });
    } else {
      item.variations!.push({ id: row.variation_id, inventory_id: row.inventory_id, stock, receptions });
    }
  }
  return { items: [...items.values()], ...(options.sellerId === undefined ? {} : { sellerId: options.sellerId }) };
}
