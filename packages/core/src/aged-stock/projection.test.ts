import { describe, expect, it } from "vitest";
import { projectAgeing, type StockLot } from "./projection.js";

const lot = (ageDays: number | null, units: number, owner = 0): StockLot => ({ owner, ageDays, units });

describe("aged-stock projection", () => {
  it("works the documented example without sales: aged now, crossing on day 6, 300 + 125 unit-days", () => {
    // Act
    const [projection] = projectAgeing([lot(95, 10), lot(85, 5)], 90, 0, 1);

    // Assess
    expect(projection).toEqual({
      aged_units_now: 10,
      crossing: {
        no_sales: { days_7: 5, days_14: 5, days_30: 5 },
        at_velocity: { days_7: 5, days_14: 5, days_30: 5 },
      },
      aged_unit_days: { no_sales: 425, at_velocity: 425 },
    });
  });

  it("works the documented example at 1/day: oldest sold first, 45 + 35 unit-days", () => {
    const [projection] = projectAgeing([lot(85, 5), lot(95, 10)], 90, 1, 1);

    expect(projection!.aged_units_now).toBe(10);
    expect(projection!.crossing.at_velocity).toEqual({ days_7: 5, days_14: 5, days_30: 5 });
    expect(projection!.aged_unit_days).toEqual({ no_sales: 425, at_velocity: 80 });
  });

  it("counts crossings in 7, 14 and 30 days cumulatively, at the threshold boundaries", () => {
    // Prepare: T = 90. Crossing day = 91 − age: age 90 → day 1, 84 → day 7, 83 → day 8, 77 → 14, 61 → 30, 60 → 31.
    const lots = [lot(90, 1), lot(84, 2), lot(83, 4), lot(77, 8), lot(61, 16), lot(60, 32), lot(91, 64)];

    // Act
    const [projection] = projectAgeing(lots, 90, 0, 1);

    // Assess
    expect(projection!.aged_units_now).toBe(64);
    expect(projection!.crossing.no_sales).toEqual({ days_7: 3, days_14: 15, days_30: 31 });
  });

  it("with sales, counts only the units still in stock on their crossing day", () => {
    // Prepare: 2/day. 10 units aged 89 cross on day 2; by the end of day 2, 4 are sold.
    // 10 units aged 80 cross on day 11; by then 22 sold: the first lot is gone and 8 of these.
    const [projection] = projectAgeing([lot(89, 10), lot(80, 10)], 90, 2, 1);

    expect(projection!.crossing.no_sales).toEqual({ days_7: 10, days_14: 20, days_30: 20 });
    expect(projection!.crossing.at_velocity).toEqual({ days_7: 6, days_14: 6, days_30: 6 });
  });

  it("sells units of unknown age first and leaves them out of every figure", () => {
    // 6 of unknown age ahead of 4 aged 100: at 1/day the aged lot starts selling on day 7.
    const [projection] = projectAgeing([lot(100, 4), lot(null, 6)], 90, 1, 1);

    expect(projection!.aged_units_now).toBe(4);
    // In stock at the end of day k: 4 for k ≤ 6, then 3, 2, 1, 0.
    expect(projection!.aged_unit_days).toEqual({ no_sales: 120, at_velocity: 4 * 6 + 3 + 2 + 1 });
  });

  it("sells one stock across inventories, keeping each inventory's figures apart", () => {
    // Inventory 0 holds the oldest lot, inventory 1 a younger one; at 1/day inventory 0 empties first.
    const [first, second] = projectAgeing([lot(95, 3, 0), lot(92, 3, 1)], 90, 1, 2);

    expect(first!.aged_unit_days).toEqual({ no_sales: 90, at_velocity: 2 + 1 });
    expect(second!.aged_unit_days).toEqual({ no_sales: 90, at_velocity: 3 * 3 + 2 + 1 });
  });

  it("sells whole units: 0.5/day sells one unit every two days", () => {
    const [projection] = projectAgeing([lot(120, 2)], 90, 0.5, 1);

    // End of day 1: 2, day 2: 1, day 3: 1, day 4: 0.
    expect(projection!.aged_unit_days.at_velocity).toBe(4);
  });
});
