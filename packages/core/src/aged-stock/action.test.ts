import { describe, expect, it } from "vitest";
import { suggestAction, type ActionInput } from "./action.js";

const input = (fields: Partial<ActionInput>): ActionInput => ({
  velocity: 0,
  thresholdDays: 90,
  agedUnitsNow: 0,
  crossingNoSales30: 0,
  unknownAgeUnits: 0,
  agedUnitDaysAtVelocity: 0,
  surchargeNoSales: 0,
  surchargeAtVelocity: 0,
  ...fields,
});

describe("suggested action", () => {
  it("withdraws aged stock that does not sell", () => {
    const suggestion = suggestAction(input({ agedUnitsNow: 10, crossingNoSales30: 2, agedUnitDaysAtVelocity: 300, surchargeNoSales: 54, surchargeAtVelocity: 54 }));

    expect(suggestion).toEqual({
      action: "withdraw",
      reason: { code: "aged_no_sales_at_risk", params: { units_at_risk: 12, threshold_days: 90, surcharge: 54 } },
    });
  });

  it("withdraws stock of unknown age that does not sell", () => {
    expect(suggestAction(input({ unknownAgeUnits: 7 })).action).toBe("withdraw");
  });

  it("withdraws when selling the units at risk takes more than 90 days at the current pace", () => {
    // 50 units at 0.5/day: 100 days.
    const suggestion = suggestAction(input({ velocity: 0.5, agedUnitsNow: 50, agedUnitDaysAtVelocity: 900 }));

    expect(suggestion.action).toBe("withdraw");
    expect(suggestion.reason).toEqual({ code: "aged_sells_too_slowly", params: { velocity: 0.5, units_at_risk: 50, threshold_days: 90, days_to_sell: 100 } });
  });

  it("promotes when the SKU sells but not fast enough to clear the units before they are charged", () => {
    // 40 units at 0.5/day: 80 days.
    const suggestion = suggestAction(input({ velocity: 0.5, agedUnitsNow: 20, crossingNoSales30: 20, agedUnitDaysAtVelocity: 500, surchargeAtVelocity: 9 }));

    expect(suggestion.action).toBe("promote");
    expect(suggestion.reason).toEqual({ code: "aged_surcharge_ahead", params: { velocity: 0.5, units_at_risk: 40, threshold_days: 90, surcharge: 9 } });
  });

  it("suggests nothing when no unit is at risk, or sales clear them before the threshold", () => {
    expect(suggestAction(input({ velocity: 2 })).action).toBe("none");
    expect(suggestAction(input({})).action).toBe("none");
    expect(suggestAction(input({ velocity: 2, crossingNoSales30: 10, agedUnitDaysAtVelocity: 0 })).action).toBe("none");
  });
});
