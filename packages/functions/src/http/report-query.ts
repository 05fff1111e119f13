import { Restock } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";

const WHOLE = /^\s*[+-]?\d+\s*$/;

/** A whole-number query value in a range; absent or empty gives the default, anything else is refused. */
export function wholeNumberParam(query: Record<string, string>, name: string, range: { min: number; max: number; fallback: number }): number {
  const text = query[name];
  if (text === undefined || text.trim() === "") return range.fallback;
  const value = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!(value >= range.min && value <= range.max)) {
    throw new InvalidInputError(`${name} must be a whole number from ${range.min} to ${range.max}, not ${JSON.stringify(text.slice(0, 40))}`);
  }
  return value;
}

/** GET /full/restock-plan: target_days (7..90, default 30) and horizon_days (0..90, default 14). */
export function restockQuery(query: Record<string, string>): { targetDays: number; horizonDays: number } {
  return {
    targetDays: wholeNumberParam(query, "target_days", {
      min: Restock.MIN_TARGET_DAYS,
      max: Restock.MAX_TARGET_DAYS,
      fallback: Restock.DEFAULT_TARGET_DAYS,
    }),
    horizonDays: wholeNumberParam(query, "horizon_days", {
      min: Restock.MIN_HORIZON_DAYS,
      max: Restock.MAX_HORIZON_DAYS,
      fallback: Restock.DEFAULT_HORIZON_DAYS,
    }),
  };
}
