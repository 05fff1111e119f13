/** Sales of the last 30 days derived from the fulfillment operations ledger (marketplace-api section 7). */

/** An operation of the ledger, with the fields the count reads. */
export interface LedgerOperation {
  inventory_id: string;
  /** Returned uppercase by the API (SALE_CONFIRMATION); compared case-insensitively. */
  type: string;
  /** ISO 8601 instant (UTC). */
  date_created: string;
  detail?: { available_quantity?: number | null; not_available_quantity?: number | null; total?: number | null } | null;
}

export const SALES_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const SALE = "SALE_CONFIRMATION";
/** Units that come back after a sale: they are taken off the sales. */
const SALE_REVERSALS = new Set(["SALE_CANCELATION", "SALE_DELIVERY_CANCELATION", "SALE_RETURN"]);

/** Units an operation moved: its signed change is negative on a sale, so the size counts. */
export function unitsMoved(operation: LedgerOperation): number {
  const detail = operation.detail ?? {};
  for (const value of [detail.available_quantity, detail.total, detail.not_available_quantity]) {
    if (typeof value === "number" && Number.isFinite(value) && value !== 0) return Math.abs(Math.trunc(value));
  }
  return 0;
}

/** True when the instant falls in the 30 days that end at `now` (inclusive of now). */
export function inSalesWindow(dateCreated: string, now: Date): boolean {
  const at = Date.parse(dateCreated);
  return Number.isFinite(at) && at <= now.getTime() && at > now.getTime() - SALES_WINDOW_DAYS * DAY_MS;
}

/**
 * Units sold per ad over the last 30 days: SALE_CONFIRMATION units minus cancellations and
 * returns, summed over the ad's inventories, never below 0. Every ad of `inventoriesByAd` gets a
 * figure (0 when the ledger shows nothing).
 */
export function ledgerSales(inventoriesByAd: ReadonlyMap<string, readonly string[]>, operations: readonly LedgerOperation[], now: Date): Map<string, number> {
  const netByInventory = new Map<string, number>();
  for (const operation of operations) {
    const type = operation.type.toUpperCase();
    const sign = type === SALE ? 1 : SALE_REVERSALS.has(type) ? -1 : 0;
    if (sign === 0 || !inSalesWindow(operation.date_created, now)) continue;
    netByInventory.set(operation.inventory_id, (netByInventory.get(operation.inventory_id) ?? 0) + sign * unitsMoved(operation));
  }
  const sales = new Map<string, number>();
  for (const [adId, inventoryIds] of inventoriesByAd) {
    const net = [...new Set(inventoryIds)].reduce((sum, id) => sum + (netByInventory.get(id) ?? 0), 0);
    sales.set(adId, Math.max(0, net));
  }
  return sales;
}
