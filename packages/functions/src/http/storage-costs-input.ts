import { StorageLedger, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";

/** `month` of GET /full/storage-costs: YYYY-MM, default the current business month. */
export function ledgerMonthOf(query: Readonly<Record<string, string>>, today: string): string {
  const month = query.month;
  if (month === undefined || month === "") return today.slice(0, 7);
  if (!StorageLedger.isMonth(month)) throw new InvalidInputError(`month must be YYYY-MM, got ${JSON.stringify(String(month).slice(0, 40))}`);
  return month;
}

/** `sku` of GET /full/storage-costs: one SKU's days; absent or empty for every SKU. */
export function ledgerSkuOf(query: Readonly<Record<string, string>>): string | undefined {
  const sku = query.sku;
  if (sku === undefined || sku === "") return undefined;
  if (sku.length > 200) throw new InvalidInputError("sku is longer than 200 characters");
  return sku;
}

/** `from` of POST /full/storage-costs/recompute: a day YYYY-MM-DD, not after today. */
export function recomputeFromOf(query: Readonly<Record<string, string>>, today: string): string {
  const from = query.from;
  if (!Time.isCalendarDate(from)) throw new InvalidInputError(`from must be a day YYYY-MM-DD, got ${JSON.stringify(String(from ?? "").slice(0, 40))}`);
  if (from > today) throw new InvalidInputError(`from ${from} is after today (${today}): there are no stored days to re-price`);
  return from;
}
