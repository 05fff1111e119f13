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
  reason: string;
}

const figure = (value: number): string => String(roundHalfUp(value, 2));
const money = (value: number): string => roundHalfUp(value, 2).toFixed(2);

export function suggestAction(input: ActionInput): ActionSuggestion {
  const { velocity, thresholdDays: t } = input;
  const atRisk = input.agedUnitsNow + input.crossingNoSales30;
  const riskText = `${atRisk} units past the ${t}-day threshold now or within 30 days`;
  if (!(velocity > 0)) {
    if (atRisk > 0) return { action: "withdraw", reason: `No sales in 30 days: ${riskText}, ${money(input.surchargeNoSales)} of aged surcharge in 30 days` };
    if (input.unknownAgeUnits > 0) return { action: "withdraw", reason: `No sales in 30 days and ${input.unknownAgeUnits} units of unknown age` };
    return { action: "none", reason: `No units reach the ${t}-day threshold within 30 days` };
  }
  if (atRisk === 0) return { action: "none", reason: `No units reach the ${t}-day threshold within 30 days` };
  if (input.agedUnitDaysAtVelocity === 0) return { action: "none", reason: `At ${figure(velocity)}/day the ${riskText} sell before they are charged` };
  const daysToSell = (input.unknownAgeUnits + atRisk) / velocity;
  if (daysToSell > WITHDRAW_AFTER_DAYS) {
    return { action: "withdraw", reason: `At ${figure(velocity)}/day the ${riskText} take ${Math.ceil(daysToSell)} days to sell` };
  }
  return {
    action: "promote",
    reason: `At ${figure(velocity)}/day ${riskText} cost ${money(input.surchargeAtVelocity)} of aged surcharge in 30 days; selling them sooner avoids it`,
  };
}
