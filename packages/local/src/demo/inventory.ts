/** The inventory collection: one fulfillment inventory per Full ad, or per variation, with today's stock. */
import { Sync, Time, type Ad, type InventoryRecord } from "@fulfillment/core";
import type { Draws } from "../random.js";
import { CATALOGUE, type Product, type Profile } from "./catalogue.js";
import { inventoryId, uniqueId, variationId } from "./ids.js";

/** A Full inventory and what it was drawn from. */
export interface FullUnit {
  ad: Ad;
  product: Product;
  profile: Profile;
  record: InventoryRecord;
}

interface DrawnStock {
  available: number;
  inTransit: number;
  notAvailable: number;
  oldest: number | null;
}

/** Units a day the generator sells at: the 30-day sales' pace. */
export const salesPerDay = (sales30d: number | null): number => (sales30d !== null && sales30d > 0 ? sales30d / 30 : 0);

function drawStock(draws: Draws, profile: Profile, sales: number | null): DrawnStock {
  const rate = salesPerDay(sales);
  let available: number;
  let inTransit = 0;
  let oldest: number | null;
  switch (profile) {
    case "healthy":
      available = Math.max(3, Math.round(rate * draws.float(20, 75, 1)));
      oldest = draws.int(12, 85);
      inTransit = draws.chance(0.2) ? draws.int(2, 15) : 0;
      break;
    case "low":
      available = Math.max(1, Math.round(rate * draws.float(2, 12.5, 1)));
      oldest = draws.int(4, 40);
      inTransit = draws.chance(0.6) ? Math.max(4, Math.round(rate * draws.float(8, 20, 1))) : 0;
      break;
    case "aged":
      available = Math.max(12, Math.round(Math.max(rate, 0.2) * draws.float(95, 260, 1)));
      oldest = draws.int(95, 175);
      break;
    case "stranded":
      available = draws.int(8, 60);
      oldest = draws.int(185, 260);
      break;
    case "out":
      available = 0;
      oldest = null;
      inTransit = Math.max(6, Math.round(rate * draws.float(15, 30, 1)));
      break;
  }
  const notAvailable = draws.chance(0.3) ? draws.int(1, 4) : 0;
  return { available, inTransit, notAvailable, oldest: available === 0 ? null : oldest };
}

/** The fulfillment stock the marketplace would answer for the drawn units (in transit is its `transfer` status). */
const fulfillmentStock = ({ available, inTransit, notAvailable }: DrawnStock): Sync.FulfillmentStockPayload => ({
  available_quantity: available,
  not_available_quantity: inTransit + notAvailable,
  not_available_detail: [
    { status: "transfer", quantity: inTransit },
    { status: "damaged", quantity: notAvailable },
  ],
});

/**
 * The Full inventories in catalogue order, their stock figures as the sync stores them from the
 * fulfillment stock, updated during this morning's sync. Ages are the drawn ones; lots come later.
 */
export function demoInventory(draws: Draws, ads: readonly Ad[], synced: Date): FullUnit[] {
  const inventoryIds = new Set<string>();
  const variationIds = new Set<string>();
  const units: FullUnit[] = [];
  const updatedBase = synced.getTime();
  CATALOGUE.forEach((product, index) => {
    if (!product.full) return;
    const ad = ads[index]!;
    const profile = product.profile ?? "healthy";
    const variations: Array<number | null> = product.variations ? product.variations.map(() => Number(uniqueId(variationIds, () => variationId(draws)))) : [null];
    for (const variation of variations) {
      const stock = drawStock(draws, profile, ad.sales_30d);
      const record: InventoryRecord = {
        inventory_id: "",
        ad_id: ad.id,
        sku: ad.sku,
        variation_id: variation,
        ...Sync.stockFromFulfillment(fulfillmentStock(stock), ad.sales_30d),
        oldest_stock_days: product.oldest !== undefined && stock.available > 0 ? product.oldest : stock.oldest,
        updated_at: null,
      };
      record.inventory_id = uniqueId(inventoryIds, () => inventoryId(draws));
      record.updated_at = new Date(updatedBase + units.length * 1_700 + draws.int(0, 900)).toISOString();
      units.push({ ad, product, profile, record });
    }
  });
  return units;
}

/** How long the demo's sync takes to stamp every inventory record (1.7 s apart, see demoInventory). */
const SYNC_SPAN_MS = 10 * 60 * 1000;

/**
 * When this morning's sync ran: 00:30 in the business zone. Generated with `now` known between
 * midnight and 00:40, that run is still to come or under way: it is then placed to end before
 * `now`, so no record is stamped later than the moment it was generated (a later stamp
 * would also outrank the first real stock operations of the day).
 */
export function syncedAt(today: string, now?: Date): Date {
  const morning = Time.wallClockToInstant(Time.DEFAULT_TIME_ZONE, `${today}T00:30:00`);
  return now && morning.getTime() > now.getTime() - SYNC_SPAN_MS ? new Date(now.getTime() - SYNC_SPAN_MS) : morning;
}
