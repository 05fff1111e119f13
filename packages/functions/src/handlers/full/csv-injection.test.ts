import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { handler as agedStock } from "./aged-stock.js";
import { handler as restockPlan } from "./restock-plan.js";

const db = useTestTable("csv-injection");

const NOW = new Date("2026-11-21T15:00:00Z");
const FORMULA_SKU = '=HYPERLINK("http://x")';
const FORMULA_TITLE = "@SUM(1+1)";
const size = { length_mm: 200, width_mm: 200, height_mm: 200 };

/** A SKU and a title that a spreadsheet would run as formulas, beside a plain SKU whose title starts with "-". */
const dataset = {
  ads: [
    ad({ id: "MLB-1", title: FORMULA_TITLE, sku: FORMULA_SKU, sales_30d: 30, ...size }),
    ad({ id: "MLB-2", title: "-10% promo", sku: "PLAIN", sales_30d: 30, ...size }),
  ],
  inventory: [
    inventory({ inventory_id: "+INV", ad_id: "MLB-1", sku: FORMULA_SKU, available_qty: 3, fifo_lots: [{ day: "2026-06-01", units: 3 }], unknown_age_units: 0 }),
    inventory({ inventory_id: "INV-2", ad_id: "MLB-2", sku: "PLAIN", available_qty: 2, fifo_lots: [{ day: "2026-11-01", units: 2 }], unknown_age_units: 0 }),
  ],
  local_stock: [
    { sku: FORMULA_SKU, warehouse: "\tWH", available: 50 },
    { sku: "PLAIN", warehouse: "WH-A", available: 50 },
  ],
  tariffs: [{ id: 1, name: "all", min_volume_l: 0, max_volume_l: null, daily_fee: 0.1, aged_days_threshold: 60, aged_daily_factor: 2 }],
};

/** The cells as a spreadsheet reads them (a CSV parser that leaves the text as written). */
const rowsOf = (body: unknown): Record<string, string>[] => parse(String(body), { columns: true }) as Record<string, string>[];

describe("CSV answers and CSV injection", () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await load(db.ref, dataset);
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("restock plan (format=csv and Accept: text/csv): text cells that start like a formula open as text", async () => {
    // Act
    const byFormat = await invoke(restockPlan, { path: "/full/restock-plan", query: { format: "csv" } });
    const byAccept = await invoke(restockPlan, { path: "/full/restock-plan", headers: { accept: "text/csv" } });

    // Assess
    expect(byFormat.statusCode).toBe(200);
    expect(byAccept.body).toBe(byFormat.body);
    const rows = rowsOf(byFormat.body);
    const formula = rows.find((row) => row.sku === `'${FORMULA_SKU}`);
    expect(formula).toMatchObject({ title: `'${FORMULA_TITLE}`, warehouse: "'\tWH" });
    expect(rows.find((row) => row.sku === "PLAIN")).toMatchObject({ title: "'-10% promo", warehouse: "WH-A" });
    // No cell of the file starts like a formula any more; numbers are written as numbers.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(Number(formula!.units)).toBeGreaterThan(0);
  });

  it("aged stock (format=csv and Accept: text/csv): text cells that start like a formula open as text", async () => {
    // Act
    const byFormat = await invoke(agedStock, { path: "/full/aged-stock", query: { format: "csv" } });
    const byAccept = await invoke(agedStock, { path: "/full/aged-stock", headers: { accept: "text/csv" } });

    // Assess
    expect(byFormat.statusCode).toBe(200);
    expect(byAccept.body).toBe(byFormat.body);
    const rows = rowsOf(byFormat.body);
    expect(rows.map((row) => [row.sku, row.inventory_id])).toEqual(
      expect.arrayContaining([
        [`'${FORMULA_SKU}`, "'+INV"],
        ["PLAIN", "INV-2"],
      ]),
    );
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
