import { describe, expect, it } from "vitest";
import { Time } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { dumpTable } from "#test/dump";
import { businessDayClearOfMidnight } from "#test/business-day";
import { createTariff, updateTariff } from "#test/tariffs";
import { recomputeCosts } from "#services/sync/finalize";
import { listAllAds } from "#storage/ads";
import { handler as storageCosts } from "./storage-costs.js";
import { handler as recompute } from "./storage-costs-recompute.js";

/**
 * Issue 28, the daily storage-cost ledger: each sync writes per SKU and business day the units,
 * volume, tariff version, fee, aged surcharge and total; GET /full/storage-costs reports a month;
 * POST /full/storage-costs/recompute re-prices stored days from a date.
 */

const db = useTestTable("storage-costs", "test");

const today = await businessDayClearOfMidnight();
/** Last month: every day of it is in the past. */
const month = Time.addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const day = (n: number) => `${month}-${String(n).padStart(2, "0")}`;

/** The sync's cost step as a sync on that business day runs it (noon UTC is morning in São Paulo). */
const syncOn = async (n: number) => recomputeCosts(db.ref, await listAllAds(db.ref), new Date(`${day(n)}T12:00:00Z`));

const report = (query: Record<string, string>, headers?: Record<string, string>) => invoke(storageCosts, { path: "/full/storage-costs", query, headers });
const runRecompute = (query: Record<string, string>) => invoke(recompute, { method: "POST", path: "/full/storage-costs/recompute", query });

/** Two SKUs of 1 L and 2 L; SKU B has 2 units received 100 days before the month began (aged all month). */
async function prepare() {
  const lotDay = Time.addDays(day(1), -100);
  await load(db.ref, {
    ads: [
      ad({ id: "MLB1", sku: "A", length_mm: 100, width_mm: 100, height_mm: 100 }),
      ad({ id: "MLB2", sku: "B", length_mm: 100, width_mm: 100, height_mm: 200 }),
    ],
    inventory: [
      inventory({ inventory_id: "I1", ad_id: "MLB1", sku: "A", available_qty: 10, fifo_lots: [{ day: Time.addDays(day(1), -5), units: 10 }] }),
      inventory({ inventory_id: "I2", ad_id: "MLB2", sku: "B", available_qty: 5, fifo_lots: [{ day: lotDay, units: 2 }, { day: Time.addDays(day(1), -3), units: 3 }] }),
    ],
  });
  const created = await createTariff({ name: "Até 5 L", max_volume_l: 5, daily_fee: 0.1, aged_daily_factor: 2, effective_from: Time.addDays(day(1), -30) });
  return created.body.tariff.id as number;
}

const rowsOf = async (sku: string) => (await report({ month, sku })).body.days as { day: string; fee: number; surcharge: number; total: number; tariff_version: number }[];

describe("the ledger the sync writes", () => {
  it("a tariff dated ahead applies only from its day, and a day priced before the change keeps its price", async () => {
    // Prepare
    const id = await prepare();
    await syncOn(1);
    const firstDay = await rowsOf("A");

    // Act: a new fee from day 3, entered after day 1 was synced; then days 2 and 3 are synced.
    await updateTariff(id, { daily_fee: 0.2, effective_from: day(3) });
    await syncOn(2);
    await syncOn(3);

    // Assess
    const rows = await rowsOf("A");
    expect(rows.map((row) => [row.day, row.fee, row.tariff_version])).toEqual([
      [day(1), 1, 1],
      [day(2), 1, 1],
      [day(3), 2, 2],
    ]);
    expect(rows[0]).toEqual(firstDay[0]);
  });

  it("writes units, volume, tariff version, fee, aged surcharge and total per SKU and day", async () => {
    await prepare();

    await syncOn(1);

    const [row] = await rowsOf("B");
    expect(row).toEqual({
      sku: "B",
      day: day(1),
      units: 5,
      unit_volume_l: 2,
      volume_l: 10,
      ages: [
        { age_days: 100, units: 2 },
        { age_days: 3, units: 3 },
      ],
      tariff_id: expect.any(Number),
      tariff_version: 1,
      daily_fee: 0.1,
      aged_days_threshold: 90,
      aged_units: 2,
      fee: 0.5,
      surcharge: 0.4,
      total: 0.9,
    });
  });

  it("the month's total is the sum of its SKUs and of its days, and a re-sync of a day does not change it", async () => {
    // Prepare
    await prepare();
    for (const n of [1, 2, 4]) await syncOn(n);
    const before = (await report({ month })).body;

    // Act
    await syncOn(2);
    const after = (await report({ month })).body;

    // Assess: A costs 1.00 a day, B 0.50 + 0.40; three days.
    expect(after).toEqual(before);
    expect(after.totals).toEqual({ fee: 4.5, surcharge: 1.2, total: 5.7, days_with_data: 3 });
    const centavos = (amount: number) => Math.round(amount * 100);
    expect(after.skus.reduce((sum: number, sku: { total: number }) => sum + centavos(sku.total), 0)).toBe(centavos(after.totals.total));
    expect(after.daily.reduce((sum: number, d: { total: number }) => sum + centavos(d.total), 0)).toBe(centavos(after.totals.total));
    expect(after.skus).toEqual([
      { sku: "A", days: 3, average_units: 10, fee: 3, surcharge: 0, total: 3 },
      { sku: "B", days: 3, average_units: 5, fee: 1.5, surcharge: 1.2, total: 2.7 },
    ]);
    // Days no sync wrote are missing, not guessed.
    expect(after.missing_days).toContain(day(3));
    expect(after.missing_days).not.toContain(day(2));
    expect(after.missing_days).toHaveLength(Time.daysBetween(day(1), Time.addDays(`${today.slice(0, 7)}-01`, -1)) + 1 - 3);
  });

  it("answers CSV, one row per SKU and day, for Accept: text/csv and format=csv", async () => {
    await prepare();
    await syncOn(1);

    const byHeader = await invoke(storageCosts, { path: "/full/storage-costs", query: { month }, headers: { accept: "text/csv" } });
    const byQuery = await report({ month, format: "csv" });

    expect(byHeader.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = String(byQuery.body).trim().split("\r\n");
    expect(lines).toEqual([
      "day,sku,units,unit_volume_l,volume_l,tariff_id,tariff_version,daily_fee,aged_units,fee,surcharge,total",
      expect.stringMatching(new RegExp(`^${day(1)},A,10,1,10,\\d+,1,0.1,0,1,0,1$`)),
      expect.stringMatching(new RegExp(`^${day(1)},B,5,2,10,\\d+,1,0.1,2,0.5,0.4,0.9$`)),
    ]);
  });
});

describe("POST /full/storage-costs/recompute", () => {
  it("after a tariff correction changes exactly the days from its date, records who ran it, and changes nothing the second time", async () => {
    // Prepare: four days priced at 0.10; then a correction to 0.15 dated from day 1.
    const id = await prepare();
    for (const n of [1, 2, 3, 4]) await syncOn(n);
    const before = await rowsOf("A");
    await updateTariff(id, { daily_fee: 0.15, effective_from: day(1) });

    // Act
    const first = await runRecompute({ from: day(3) });
    const afterFirst = await rowsOf("A");
    const second = await runRecompute({ from: day(3) });

    // Assess
    expect(first.statusCode).toBe(200);
    expect(first.body.recompute).toEqual({
      id: expect.any(String),
      from: day(3),
      to: today,
      actor: "local",
      request_id: expect.any(String),
      at: expect.any(String),
      rows: 4,
      rows_changed: 4,
    });
    expect(afterFirst.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(afterFirst.slice(2).map((row) => [row.day, row.fee, row.tariff_version])).toEqual([
      [day(3), 1.5, 2],
      [day(4), 1.5, 2],
    ]);
    expect(second.body.recompute).toMatchObject({ rows: 4, rows_changed: 0 });
    expect(await rowsOf("A")).toEqual(afterFirst);
  });

  it.each([[{}], [{ from: "ontem" }], [{ from: "2026-02-30" }], [{ from: Time.addDays(today, 1) }]])("refuses %j with 400 and changes nothing", async (query) => {
    await prepare();
    await syncOn(1);
    const before = await dumpTable(db.ref);

    const response = await runRecompute(query as Record<string, string>);

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining("from") });
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});

describe("GET /full/storage-costs input", () => {
  it.each([[{ month: "2026-13" }], [{ month: "10/2026" }], [{ format: "xml" }]])("refuses %j with 400", async (query) => {
    const response = await report(query as Record<string, string>);

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
  });

  it("answers the current month by default, with every past day of it missing when no sync ran", async () => {
    const response = await report({});

    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ success: true, month: today.slice(0, 7), sku: null, skus: [], totals: { total: 0, days_with_data: 0 } });
    expect(response.body.missing_days.at(-1)).toBe(today);
  });
});
