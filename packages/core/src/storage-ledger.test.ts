import { describe, expect, it } from "vitest";
import type { Tariff } from "./records.js";
import { agesOn, dayInputs, daysOfMonth, monthReport, priceDay, type LedgerRow } from "./storage-ledger.js";
import { addDays } from "./time.js";
import type { TariffVersion } from "./tariff-versions.js";
import { tariffRecord } from "./test-records.js";

const tariff = (fields: Partial<Tariff>): Tariff => tariffRecord(1, { name: "Pequeno", max_volume_l: 10, daily_fee: 0.1, ...fields });

const version = (n: number, effective_from: string | null, fields: Partial<Tariff>): TariffVersion => ({
  tariff_id: 1,
  version: n,
  effective_from,
  action: n === 1 ? "create" : "update",
  tariff: tariff(fields),
  actor: "local",
  recorded_at: "2026-10-01T12:00:00.000Z",
});

/** The month's rows of one SKU: `units` each day, lots as given, priced with the versions. */
function month(days: string[], units: number, lots: { day: string; units: number }[], versions: TariffVersion[]): LedgerRow[] {
  return days.map((day) => priceDay({ sku: "PISC-1L", day, units, unit_volume_l: 1, ages: agesOn(lots, day) }, versions));
}

describe("worked example: a month across a tariff change", () => {
  // October 2026, 10 units of 1 L every day. The fee is 0.10 per unit and day until the 15th; a
  // new version from the 16th charges 0.12. No unit is aged.
  const versions = [version(1, "2026-09-01", { daily_fee: 0.1 }), version(2, "2026-10-16", { daily_fee: 0.12 })];
  const days = daysOfMonth("2026-10", "2026-10-31");
  const rows = month(days, 10, [{ day: "2026-09-20", units: 10 }], versions);

  it("charges each day at the tariff in force that day: 15 days at 1.00, 16 days at 1.20", () => {
    expect(rows.slice(0, 15).every((row) => row.fee === 1 && row.tariff_version === 1)).toBe(true);
    expect(rows.slice(15).every((row) => row.fee === 1.2 && row.tariff_version === 2)).toBe(true);
  });

  it("the month costs 15 × 1.00 + 16 × 1.20 = 34.20, the sum of its days", () => {
    const report = monthReport("2026-10", rows, "2026-11-26");

    expect(report.totals).toEqual({ fee: 34.2, surcharge: 0, total: 34.2, days_with_data: 31 });
    expect(report.skus).toEqual([{ sku: "PISC-1L", days: 31, average_units: 10, fee: 34.2, surcharge: 0, total: 34.2 }]);
    expect(report.missing_days).toEqual([]);
  });

  it("a day priced before the change keeps its price when the change is entered later, dated ahead", () => {
    // Priced on Oct 10 with only version 1 known; version 2 (from Oct 16) entered afterwards.
    const tenth = priceDay({ sku: "PISC-1L", day: "2026-10-10", units: 10, unit_volume_l: 1, ages: [] }, versions.slice(0, 1));

    expect(priceDay(tenth, versions)).toEqual(tenth);
  });
});

describe("worked example: an aged surcharge that starts mid-month", () => {
  // 4 units received 2026-07-20 and 6 units received 2026-09-01; threshold 90 days, fee 0.10,
  // factor 3. The July lot is 90 days old on Oct 18 and passes the threshold on Oct 19 (age 91):
  // from then on 4 units pay 4 × 0.10 × 3 = 1.20 a day on top of the fee of 10 × 0.10 = 1.00.
  const versions = [version(1, null, { daily_fee: 0.1, aged_days_threshold: 90, aged_daily_factor: 3 })];
  const lots = [
    { day: "2026-07-20", units: 4 },
    { day: "2026-09-01", units: 6 },
  ];
  const rows = month(daysOfMonth("2026-10", "2026-10-31"), 10, lots, versions);

  it("no surcharge through Oct 18, the July lot's 90th day", () => {
    const eighteenth = rows.find((row) => row.day === "2026-10-18")!;
    expect(eighteenth.ages).toEqual([
      { age_days: 90, units: 4 },
      { age_days: 47, units: 6 },
    ]);
    expect(eighteenth).toMatchObject({ aged_units: 0, fee: 1, surcharge: 0, total: 1 });
  });

  it("4 aged units from Oct 19: 13 days × 1.20 = 15.60 of surcharge on 31.00 of fees", () => {
    expect(rows.find((row) => row.day === "2026-10-19")).toMatchObject({ aged_units: 4, surcharge: 1.2, total: 2.2 });
    const report = monthReport("2026-10", rows, "2026-11-26");

    expect(report.totals).toEqual({ fee: 31, surcharge: 15.6, total: 46.6, days_with_data: 31 });
  });
});

describe("the month report", () => {
  const versions = [version(1, null, { daily_fee: 0.07 })];

  it("its total is the sum of its SKUs and of its days, to the centavo", () => {
    const days = daysOfMonth("2026-11", "2026-11-30");
    const rows = days.flatMap((day, i) =>
      ["A", "B", "C"].map((sku, k) => priceDay({ sku, day, units: 3 + ((i * 7 + k * 5) % 11), unit_volume_l: 0.5, ages: [] }, versions)),
    );

    const report = monthReport("2026-11", rows, "2026-11-30");

    const centavos = (amount: number) => Math.round(amount * 100);
    expect(centavos(report.totals.total)).toBe(report.skus.reduce((sum, sku) => sum + centavos(sku.total), 0));
    expect(centavos(report.totals.total)).toBe(rows.reduce((sum, row) => sum + centavos(row.total), 0));
  });

  it("shows days without a row as missing, never guessed, and no day after today", () => {
    const rows = ["2026-11-01", "2026-11-02", "2026-11-05"].map((day) => priceDay({ sku: "A", day, units: 1, unit_volume_l: 1, ages: [] }, versions));

    const report = monthReport("2026-11", rows, "2026-11-06");

    expect(report.missing_days).toEqual(["2026-11-03", "2026-11-04", "2026-11-06"]);
    expect(report.totals.days_with_data).toBe(3);
  });
});

describe("a day's inputs", () => {
  it("sums units and lots over a SKU's inventories; a SKU without dimensions keeps a row with no tariff and no charge", () => {
    const inputs = dayInputs(
      "2026-11-20",
      [
        { sku: "A", available_qty: 3, fifo_lots: [{ day: "2026-11-10", units: 3 }] },
        { sku: "A", available_qty: 2, fifo_lots: [{ day: "2026-11-10", units: 2 }] },
        { sku: "B", available_qty: 1 },
        { sku: "Z", available_qty: 9 },
      ],
      new Map([
        ["A", 1.5],
        ["B", null],
      ]),
    );

    expect(inputs).toEqual([
      { sku: "A", day: "2026-11-20", units: 5, unit_volume_l: 1.5, ages: [{ age_days: 10, units: 5 }] },
      { sku: "B", day: "2026-11-20", units: 1, unit_volume_l: null, ages: [] },
    ]);
    expect(priceDay(inputs[1]!, [version(1, null, {})])).toMatchObject({ tariff_id: null, fee: 0, total: 0 });
  });

  it("prices a day with no tariff in force yet at nothing, and with the tariff once it is", () => {
    const versions = [version(1, "2026-11-21", { daily_fee: 0.2 })];
    const day = (d: string) => priceDay({ sku: "A", day: d, units: 2, unit_volume_l: 1, ages: [] }, versions);

    expect(day("2026-11-20")).toMatchObject({ tariff_id: null, total: 0 });
    expect(day(addDays("2026-11-20", 1))).toMatchObject({ tariff_id: 1, tariff_version: 1, total: 0.4 });
  });
});
