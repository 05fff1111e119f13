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
      reason: "No sales in 30 days: 12 units past the 90-day threshold now or within 30 days, 54.00 of aged surcharge in 30 days",
    });
  });

  it("withdraws stock of unknown age that does not sell", () => {
    expect(suggestAction(input({ unknownAgeUnits: 7 })).action).toBe("withdraw");
  });

  it("withdraws when selling the units at risk takes more than 90 days at the current pace", () => {
    // 50 units at 0.5/day: 100 days.
    const suggestion = suggestAction(input({ velocity: 0.5, agedUnitsNow: 50, agedUnitDaysAtVelocity: 900 }));

    expect(suggestion.action).toBe("withdraw");
    expect(suggestion.reason).toContain("take 100 days to sell");
  });

  it("promotes when the SKU sells but not fast enough to clear the units before they are charged", () => {
    // 40 units at 0.5/day: 80 days.
    const suggestion = suggestAction(input({ velocity: 0.5, agedUnitsNow: 20, crossingNoSales30: 20, agedUnitDaysAtVelocity: 500, surchargeAtVelocity: 9 }));

    expect(suggestion.action).toBe("promote");
    expect(suggestion.reason).toContain("9.00 of aged surcharge");
  });

  it("suggests nothing when no unit is at risk, or sales clear them before the threshold", () => {
    expect(suggestAction(input({ velocity: 2 })).action).toBe("none");
    expect(suggestAction(input({})).action).toBe("none");
    expect(suggestAction(input({ velocity: 2, crossingNoSales30: 10, agedUnitDaysAtVelocity: 0 })).action).toBe("none");
  });
});
