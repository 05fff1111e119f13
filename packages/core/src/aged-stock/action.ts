/**
 * The suggested action for a SKU's aged stock.
 *
 * "At risk" = units past the threshold now plus those that cross it within 30 days if nothing
 * sells. With v the SKU's velocity:
 * - `none`: nothing at risk; or v > 0 and, at v, every unit at risk sells before it passes the
 *   threshold (no aged unit-days at velocity).
 * - `withdraw`: no sales (v = 0) and units at risk or of unknown age; or v > 0 but selling the units
 *   at risk (and the unknown-age units sold before them) takes more than 90 days at v: a
 *   promotion would have to more than triple the pace, and the surcharge keeps running meanwhile.
 * - `promote`: otherwise: the SKU sells, but not fast enough to clear the units before they pass
 *   the threshold; selling them sooner (a price cut, a campaign) avoids the projected surcharge.
 */
import { message, type Message } from "../messages/index.js";
import { roundHalfUp } from "../rounding.js";

export const AGED_ACTIONS = ["promote", "withdraw", "none"] as const;
export type AgedAction = (typeof AGED_ACTIONS)[number];

/** Days of sales beyond which withdrawing beats promoting. */
export const WITHDRAW_AFTER_DAYS = 90;

export interface ActionInput {
  velocity: number;
  thresholdDays: number;
  agedUnitsNow: number;
  /** Units crossing the threshold within 30 days if nothing sells. */
  crossingNoSales30: number;
  unknownAgeUnits: number;
  agedUnitDaysAtVelocity: number;
  surchargeNoSales: number;
  surchargeAtVelocity: number;
}

export interface ActionSuggestion {
  action: AgedAction;
  reason: Message;
}

export function suggestAction(input: ActionInput): ActionSuggestion {
  const { velocity, thresholdDays: threshold_days } = input;
  const units_at_risk = input.agedUnitsNow + input.crossingNoSales30;
  const pace = roundHalfUp(velocity, 2);
  if (!(velocity > 0)) {
    if (units_at_risk > 0) {
      return { action: "withdraw", reason: message("aged_no_sales_at_risk", { units_at_risk, threshold_days, surcharge: roundHalfUp(input.surchargeNoSales, 2) }) };
    }
    if (input.unknownAgeUnits > 0) return { action: "withdraw", reason: message("aged_no_sales_unknown_age", { unknown_age_units: input.unknownAgeUnits }) };
    return { action: "none", reason: message("aged_none_at_risk", { threshold_days }) };
  }
  if (units_at_risk === 0) return { action: "none", reason: message("aged_none_at_risk", { threshold_days }) };
  if (input.agedUnitDaysAtVelocity === 0) return { action: "none", reason: message("aged_sells_in_time", { velocity: pace, units_at_risk, threshold_days }) };
  const daysToSell = (input.unknownAgeUnits + units_at_risk) / velocity;
  if (daysToSell > WITHDRAW_AFTER_DAYS) {
    return { action: "withdraw", reason: message("aged_sells_too_slowly", { velocity: pace, units_at_risk, threshold_days, days_to_sell: Math.ceil(daysToSell) }) };
  }
  return { action: "promote", reason: message("aged_surcharge_ahead", { velocity: pace, units_at_risk, threshold_days, surcharge: roundHalfUp(input.surchargeAtVelocity, 2) }) };
}
