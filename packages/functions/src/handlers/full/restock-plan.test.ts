import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { handler } from "./restock-plan.js";

const db = useTestTable("restock-plan");

// 12:00 in São Paulo: the business day is 21 November.
const NOW = new Date("2026-11-21T15:00:00Z");
const TODAY = "2026-11-21";
const daysBack = (back: number): string => {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
};
const daily = (inventoryId: string, back: number, available: number) => ({
  inventory_id: inventoryId,
  day: daysBack(back),
  available_qty: available,
  in_transit_qty: 0,
  not_available_qty: 0,
});

const plan = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/restock-plan", query, headers });
const lines = (body: { items: any[] }): Map<string, any> => new Map(body.items.map((line) => [line.sku, line]));

/**
 * Settings: lead time 5 days, safety "fixo" 4 units. Velocity and coverage per SKU:
 * SKU    sales_30d   Full (available + transit)   local                 planning
 * NOW    30 (1/day)  3 + 0 → 3 days               WH-A 50
 * DUE    60 (2/day)  10 + 6 → 8 days              Grande 40, Pequeno 25 case pack 12
 * OUT    30          0; out of stock the last 10 days (rows of two inventories), 1.5/day; none
 * SLEEP  30          1                             WH-A 9                snoozed to 30 Nov
 * LATER  30          60 → 60 days                  WH-A 10               lead time 40
 * IDLE   0 sales, and OFF (not Full): no line.
 */
const dataset = {
  ads: [
    ad({ id: "MLB-NOW", title: "Now", sku: "NOW", sales_30d: 30 }),
    ad({ id: "MLB-DUE", title: "Due", sku: "DUE", sales_30d: 40 }),
    ad({ id: "MLB-DUE2", title: "Due again", sku: "DUE", sales_30d: 20 }),
    ad({ id: "MLB-OUT", title: "Out", sku: "OUT", sales_30d: 30 }),
    ad({ id: "MLB-SLEEP", title: "Sleep", sku: "SLEEP", sales_30d: 30 }),
    ad({ id: "MLB-LATER", title: "Later", sku: "LATER", sales_30d: 30 }),
    ad({ id: "MLB-IDLE", title: "Idle", sku: "IDLE", sales_30d: 0 }),
    ad({ id: "MLB-OFF", title: "Off", sku: "OFF", is_full: false, sales_30d: 90 }),
  ],
  inventory: [
    inventory({ inventory_id: "NOW-1", ad_id: "MLB-NOW", sku: "NOW", available_qty: 3 }),
    inventory({ inventory_id: "DUE-1", ad_id: "MLB-DUE", sku: "DUE", available_qty: 4, in_transit_qty: 6 }),
    inventory({ inventory_id: "DUE-2", ad_id: "MLB-DUE2", sku: "DUE", available_qty: 6 }),
    inventory({ inventory_id: "OUT-1", ad_id: "MLB-OUT", sku: "OUT", available_qty: 0 }),
    inventory({ inventory_id: "OUT-2", ad_id: "MLB-OUT", sku: "OUT", available_qty: 0 }),
    inventory({ inventory_id: "SLEEP-1", ad_id: "MLB-SLEEP", sku: "SLEEP", available_qty: 1 }),
    inventory({ inventory_id: "LATER-1", ad_id: "MLB-LATER", sku: "LATER", available_qty: 60 }),
    inventory({ inventory_id: "IDLE-1", ad_id: "MLB-IDLE", sku: "IDLE", available_qty: 0 }),
    inventory({ inventory_id: "OFF-1", ad_id: "MLB-OFF", sku: "OFF", available_qty: 0 }),
  ],
  daily_stock: [
    // OUT: both inventories empty on the last 10 days; on days 10–14 only OUT-1 has rows (empty) and
    // OUT-2 has stock: not stockouts. Days 15–19 have no rows at all: not stockouts either.
    ...Array.from({ length: 10 }, (_, back) => [daily("OUT-1", back, 0), daily("OUT-2", back, 0)]).flat(),
    ...Array.from({ length: 5 }, (_, i) => [daily("OUT-1", 10 + i, 0), daily("OUT-2", 10 + i, 3)]).flat(),
    ...Array.from({ length: 10 }, (_, i) => daily("OUT-1", 20 + i, 5)),
    daily("OUT-1", 30, 0), // outside the window
    // NOW had stock every day.
    ...Array.from({ length: 30 }, (_, back) => daily("NOW-1", back, 3 + back)),
  ],
  local_stock: [
    { sku: "NOW", warehouse: "WH-A", available: 50 },
    { sku: "DUE", warehouse: "Pequeno", available: 25 },
    { sku: "DUE", warehouse: "Grande", available: 40 },
    { sku: "SLEEP", warehouse: "WH-A", available: 9 },
    { sku: "LATER", warehouse: "WH-A", available: 10 },
    { sku: "IDLE", warehouse: "WH-A", available: 10 },
  ],
  planning: [
    { sku: "DUE", case_pack: 12 },
    { sku: "SLEEP", snooze_until: "2026-11-30" },
    { sku: "LATER", lead_time_days: 40 },
  ],
  settings: [
    { key: "lead_time_padrao", value: "5", group: "estoque" },
    { key: "metodo_seguranca", value: "fixo", group: "estoque" },
    { key: "multiplicador_seguranca", value: "4", group: "estoque" },
  ],
};

describe("GET /full/restock-plan", () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await load(db.ref, dataset);
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("answers one line per SKU of the Full ads with sales, sorted by ship_by then coverage", async () => {
    // Act
    const response = await plan();

    // Assess
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.body)).toEqual(["success", "today", "target_days", "horizon_days", "items"]);
    expect(response.body).toMatchObject({ success: true, today: TODAY, target_days: 30, horizon_days: 14 });
    expect(response.body.items.map((line: { sku: string; ship_by: string; status: string }) => [line.sku, line.ship_by, line.status])).toEqual([
      ["OUT", TODAY, "no_local_stock"],
      ["SLEEP", TODAY, "snoozed"],
      ["NOW", TODAY, "ship_now"],
      ["DUE", "2026-11-24", "due"],
      ["LATER", "2026-12-11", "ok"],
    ]);
  });

  it("computes the due line: coverage from available and in transit, case pack, largest warehouse first", async () => {
    const due = lines((await plan()).body).get("DUE");

    // 2/day; 16 on hand → 8 days → runs out 29 Nov, ship by 24 Nov. 6 left after 5 days;
    // 2 × 30 + 4 − 6 = 58 → 60 in cases of 12.
    expect(due).toMatchObject({
      ad_id: "MLB-DUE",
      title: "Due",
      sales_30d: 60,
      stockout_days: 0,
      velocity_raw: 2,
      velocity: 2,
      full_available: 10,
      full_in_transit: 6,
      coverage_days: 8,
      stockout_date: "2026-11-29",
      lead_time_days: 5,
      safety_units: 4,
      ship_by: "2026-11-24",
      quantity_needed: 58,
      case_pack: 12,
      local_available: 65,
      quantity: 60,
      sources: [
        { warehouse: "Grande", units: 40 },
        { warehouse: "Pequeno", units: 20 },
      ],
      status: "due",
      snooze_until: null,
    });
    expect(due.reason_details).toContainEqual({ code: "case_pack_rounding", params: { needed: 58, rounded: 60, case_pack: 12 }, text: "58 unidades arredondadas para 60 (caixa com 12)" });
    expect(due.reasons).toEqual(due.reason_details.map((detail: { text: string }) => detail.text));
  });

  it("writes the reasons in pt-BR by default and in English when Accept-Language prefers it; the codes stay the same", async () => {
    // Act
    const portuguese = lines((await plan(undefined, { "accept-language": "pt-BR,pt;q=0.9" })).body).get("SLEEP");
    const response = await plan(undefined, { "accept-language": "en-US,en;q=0.9" });
    const unknown = lines((await plan(undefined, { "accept-language": "fr" })).body).get("SLEEP");

    // Assess
    const english = lines(response.body).get("SLEEP");
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(portuguese.reasons).toContain("Adiado até 30/11/2026");
    expect(english.reasons).toContain("Snoozed until 2026-11-30");
    expect(unknown.reasons).toEqual(portuguese.reasons);
    expect(english.reason_details.map((detail: { code: string; params: unknown }) => [detail.code, detail.params])).toEqual(
      portuguese.reason_details.map((detail: { code: string; params: unknown }) => [detail.code, detail.params]),
    );
  });

  it("leaves stockout days out of the velocity, and counts neither days without rows nor days another inventory had stock", async () => {
    const bySku = lines((await plan()).body);

    // OUT: 10 stockout days → 30 / 20 = 1.5/day; 45 + 4 needed, nothing local.
    expect(bySku.get("OUT")).toMatchObject({ stockout_days: 10, velocity_raw: 1, velocity: 1.5, coverage_days: 0, quantity_needed: 49, quantity: 0, sources: [] });
    expect(bySku.get("NOW")).toMatchObject({ stockout_days: 0, velocity: 1, quantity_needed: 34, quantity: 34, sources: [{ warehouse: "WH-A", units: 34 }] });
  });

  it("applies the SKU's lead-time override and snooze", async () => {
    const bySku = lines((await plan()).body);

    expect(bySku.get("LATER")).toMatchObject({ lead_time_days: 40, stockout_date: "2027-01-20", ship_by: "2026-12-11", status: "ok" });
    expect(bySku.get("SLEEP")).toMatchObject({ snooze_until: "2026-11-30", status: "snoozed" });
    expect(bySku.get("SLEEP").reason_details).toContainEqual(expect.objectContaining({ code: "snoozed_until", params: { until: "2026-11-30" } }));
  });

  it("takes target_days and horizon_days from the query", async () => {
    // Act
    const response = await plan({ target_days: "60", horizon_days: "30" });

    // Assess: LATER's ship_by (20 days away) is now within the horizon; DUE needs 120 + 4 − 6.
    expect(response.body).toMatchObject({ target_days: 60, horizon_days: 30 });
    const bySku = lines(response.body);
    expect(bySku.get("LATER").status).toBe("due");
    expect(bySku.get("DUE")).toMatchObject({ quantity_needed: 118, quantity: 65 });
  });

  it.each([
    [{ target_days: "6" }, "target_days"],
    [{ target_days: "91" }, "target_days"],
    [{ target_days: "abc" }, "target_days"],
    [{ target_days: "1.5" }, "target_days"],
    [{ horizon_days: "-1" }, "horizon_days"],
    [{ horizon_days: "91" }, "horizon_days"],
    [{ horizon_days: "1e1" }, "horizon_days"],
    [{ format: "xml" }, "format"],
  ])("refuses %j with 400 naming %s, and changes nothing", async (query, field) => {
    // Prepare
    const before = await dumpTable(db.ref);

    // Act
    const response = await plan(query);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining(field) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("answers the shipment list as CSV for format=csv: one row per SKU and warehouse", async () => {
    // Act
    const response = await plan({ format: "csv" });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="restock-plan-${TODAY}.csv"`);
    const rows = parse(response.body as string, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(["sku", "warehouse", "units", "status", "ship_by", "quantity", "reasons"]));
    expect(rows.map((row) => [row.sku, row.warehouse, row.units, row.status])).toEqual([
      ["OUT", "", "0", "no_local_stock"],
      ["SLEEP", "WH-A", "9", "snoozed"],
      ["NOW", "WH-A", "34", "ship_now"],
      ["DUE", "Grande", "40", "due"],
      ["DUE", "Pequeno", "20", "due"],
      ["LATER", "WH-A", "10", "ok"],
    ]);
    expect(rows[3]).toMatchObject({ quantity: "60", ship_by: "2026-11-24", case_pack: "12", coverage_days: "8" });
    expect(rows[3]!.reasons).toContain("58 unidades arredondadas para 60 (caixa com 12)");
    const english = parse((await plan({ format: "csv" }, { "accept-language": "en" })).body as string, { columns: true }) as Record<string, string>[];
    expect(english[3]!.reasons).toContain("58 units rounded up to 60 (case pack of 12)");
  });

  it("answers CSV when the Accept header prefers text/csv, JSON otherwise", async () => {
    // Act
    const csv = await plan(undefined, { accept: "text/csv" });
    const preferred = await plan(undefined, { accept: "application/json;q=0.5, text/csv" });
    const json = await plan(undefined, { accept: "application/json, text/csv;q=0.5" });
    const forced = await plan({ format: "json" }, { accept: "text/csv" });

    // Assess
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(preferred.headers["content-type"]).toMatch(/^text\/csv/);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(forced.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(csv.body).split("\r\n")[0]).toMatch(/^sku,title,warehouse,units,/);
  });
});
