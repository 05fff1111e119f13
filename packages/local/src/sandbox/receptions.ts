/**
 * The sandbox marketplace's inbound receptions for a stock of a given age, and the first-in-first-out
 * lots the sync's ageing (core `Sync.ageStock`) makes of them: the demo takes its lots from here, so
 * the lots it loads are the ones a sync against the sandbox stores.
 */
import { Sync } from "@fulfillment/core";
import { addDays } from "@fulfillment/core/time";
import type { SandboxReception } from "./seed.js";

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

/**
 * What a sync on `day` stores for `available` units of an inventory with these receptions: the
 * search walks back to the marketplace's 12-month memory and finds the receptions of that span up
 * to the day; a previous age carries forward for units older than it.
 */
export function ageingOn(day: string, available: number, receptions: readonly SandboxReception[], previous: Sync.KnownAge | null = null): Sync.Ageing {
  const searchedFrom = Sync.searchWindows(day).at(-1)!.from;
  // By their UTC day, as the sandbox's operations search filters them.
  const found = receptions.filter((reception) => reception.date.slice(0, 10) >= searchedFrom && reception.date.slice(0, 10) <= day);
  return Sync.ageStock({ available, receptions: found, searchedFrom, today: day, previous });
}
