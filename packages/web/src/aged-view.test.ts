import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.js";
import { AGED_CSV_COLUMNS, agedInventoryRows, bucketShares, type AgedInventory, type AgedSku, type Buckets } from "./aged-view.js";

type AgedFigures = Omit<AgedInventory, "inventory_id" | "ad_id" | "variation_id" | "available_qty">;

const buckets = (values: Partial<Buckets> = {}): Buckets => ({
  "0-30": 0,
  "31-60": 0,
  "61-90": 0,
  "91-120": 0,
  "121-180": 0,
  "181-365": 0,
  over_365: 0,
  ...values,
});

const figures = (overrides: Partial<AgedFigures> = {}): AgedFigures => ({
  buckets: buckets(),
  unknown_age_units: 0,
  aged_units_now: 0,
  crossing: { no_sales: { days_7: 0, days_14: 0, days_30: 0 }, at_velocity: { days_7: 0, days_14: 0, days_30: 0 } },
  projected_surcharge_30d: { no_sales: 0, at_velocity: 0 },
  ...overrides,
});

const inventory = (id: string, overrides: Partial<AgedInventory> = {}): AgedInventory => ({
  inventory_id: id,
  ad_id: "MLB1",
  variation_id: null,
  available_qty: 10,
  ...figures(),
  ...overrides,
});

describe("bucketShares", () => {
  it("splits the units over the buckets with stock and the unknown-age units, in percent", () => {
    expect(bucketShares({ buckets: buckets({ "0-30": 30, "91-120": 10 }), unknown_age_units: 10 })).toEqual([
      { key: "0-30", percent: 60 },
      { key: "91-120", percent: 20 },
      { key: "unknown", percent: 20 },
    ]);
    expect(bucketShares({ buckets: buckets(), unknown_age_units: 0 })).toEqual([]);
  });
});

describe("AGED_CSV_COLUMNS", () => {
  it("writes the API's columns, one row per inventory with its SKU's action and reason", () => {
    const sku: AgedSku = {
      sku: "MG-20",
      title: "Mangueira",
      action: "promote",
      reason: "unused: the console writes the reason from its code",
      reason_details: [{ code: "aged_none_at_risk", params: { threshold_days: 90 }, text: "No units reach the 90-day threshold within 30 days" }],
      ...figures(),
      inventories: [
        inventory("INV1", {
          buckets: buckets({ "61-90": 8, over_365: 2 }),
          aged_units_now: 2,
          crossing: { no_sales: { days_7: 1, days_14: 3, days_30: 8 }, at_velocity: { days_7: 0, days_14: 1, days_30: 4 } },
          projected_surcharge_30d: { no_sales: 12.5, at_velocity: 3.75 },
        }),
        inventory("INV2", { variation_id: 17, unknown_age_units: 10 }),
      ],
    };
    const rows = agedInventoryRows([sku]);
    const csv = toCsv(AGED_CSV_COLUMNS, rows).replace(/^\uFEFF/, "").split("\r\n");
    expect(csv[0]).toBe(
      "sku;title;action;inventory_id;ad_id;variation_id;available_qty;units_0-30;units_31-60;units_61-90;units_91-120;units_121-180;" +
        "units_181-365;units_over_365;unknown_age_units;aged_units_now;crossing_7d_no_sales;crossing_14d_no_sales;crossing_30d_no_sales;" +
        "crossing_7d_at_velocity;crossing_14d_at_velocity;crossing_30d_at_velocity;surcharge_30d_no_sales;surcharge_30d_at_velocity;reason",
    );
    expect(csv[1]).toBe("MG-20;Mangueira;promote;INV1;MLB1;;10;0;0;8;0;0;0;2;0;2;1;3;8;0;1;4;12,5;3,75;Nenhuma unidade chega a 90 dias em até 30 dias");
    expect(csv[2]!.split(";").slice(3, 7)).toEqual(["INV2", "MLB1", "17", "10"]);
    expect(csv).toHaveLength(4);
  });
});
