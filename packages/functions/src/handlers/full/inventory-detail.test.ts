import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { writeGroupEntries } from "#storage/settings";
import { handler } from "./inventory-detail.js";

const db = useTestTable("inventory-detail");

const detail = (adId: string) =>
  invoke(handler, { path: `/full/inventory/${encodeURIComponent(adId)}`, pathParameters: { ad_id: adId } });

/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
const dayIn = (zone: string, instant = new Date()): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

const shift = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const daily = (inventory_id: string, day: string, available: number | null, inTransit: number | null, notAvailable: number | null) => ({
  inventory_id,
  day,
  available_qty: available,
  in_transit_qty: inTransit,
  not_available_qty: notAvailable,
});

describe("GET /full/inventory/{ad_id}", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers 404 with an error for an unknown ad", async () => {
    const response = await detail("MLB404");

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it("answers 404 for an ad that exists but has no inventory records", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB-NOSTOCK", title: "Sem estoque", sku: "NS" })],
      // a record of the same SKU but without the ad link does not belong to the ad
      inventory: [inventory({ inventory_id: "ORPHAN", ad_id: null, sku: "NS", available_qty: 3 })],
    });

    const response = await detail("MLB-NOSTOCK");

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it("returns the ad, its inventories and the daily series summed per day over the last 60 days", async () => {
    // Prepare: two inventories of the ad, one of another ad, rows on every day from 61 days back to today.
    const today = dayIn("America/Sao_Paulo");
    const dataset: DatasetInput = {
      ads: [
        ad({ id: "MLB100", title: "Clarificante 1L", thumbnail: "https://img/100.jpg", permalink: "https://ml/100", sku: "CLA" }),
        ad({ id: "MLB200", title: "Outro", sku: "OUT" }),
      ],
      inventory: [
        inventory({
          inventory_id: "INV-A",
          ad_id: "MLB100",
          sku: "CLA",
          variation_id: 501,
          available_qty: 10,
          in_transit_qty: 2,
          not_available_qty: 1,
          total_qty: 13,
          days_of_stock: 20.5,
          oldest_stock_days: 40,
          updated_at: "2026-11-20T10:00:00Z",
        }),
        inventory({
          inventory_id: "INV-B",
          ad_id: "MLB100",
          sku: "CLA",
          variation_id: "azul",
          available_qty: null,
          in_transit_qty: null,
          not_available_qty: 4,
          total_qty: 4,
          days_of_stock: null,
          oldest_stock_days: null,
        }),
        inventory({ inventory_id: "INV-OTHER", ad_id: "MLB200", sku: "OUT", available_qty: 1000 }),
      ],
      daily_stock: [],
    };
    const expected: { date: string; available: number; in_transit: number; not_available: number }[] = [];
    for (let back = 61; back >= 0; back--) {
      const day = shift(today, -back);
      const a = { available: back, in_transit: 1, not_available: back % 2 === 0 ? null : 2 };
      dataset.daily_stock!.push(daily("INV-A", day, a.available, a.in_transit, a.not_available));
      dataset.daily_stock!.push(daily("INV-OTHER", day, 1000, 1000, 1000));
      // INV-B has rows only on even days back, with nulls in its available column
      if (back % 2 === 0) dataset.daily_stock!.push(daily("INV-B", day, null, 3, 5));
      if (back <= 60) {
        expected.push({
          date: day,
          available: back,
          in_transit: 1 + (back % 2 === 0 ? 3 : 0),
          not_available: (a.not_available ?? 0) + (back % 2 === 0 ? 5 : 0),
        });
      }
    }
    await load(db.ref, dataset);

    // Act
    const response = await detail("MLB100");

    // Assess
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.body)).toEqual(["ad_id", "title", "thumbnail", "inventories", "daily_series"]);
    expect(response.body.ad_id).toBe("MLB100");
    expect(response.body.title).toBe("Clarificante 1L");
    expect(response.body.thumbnail).toBe("https://img/100.jpg");
    const inventories = [...response.body.inventories].sort((x, y) => (x.inventory_id < y.inventory_id ? -1 : 1));
    expect(inventories).toEqual([
      {
        inventory_id: "INV-A",
        variation_id: 501,
        available_qty: 10,
        in_transit_qty: 2,
        not_available_qty: 1,
        total_qty: 13,
        days_of_stock: 20.5,
        oldest_stock_days: 40,
        updated_at: "2026-11-20T10:00:00Z",
      },
      {
        inventory_id: "INV-B",
        variation_id: "azul",
        available_qty: null,
        in_transit_qty: null,
        not_available_qty: 4,
        total_qty: 4,
        days_of_stock: null,
        oldest_stock_days: null,
        updated_at: null,
      },
    ]);
    expect(Object.keys(response.body.inventories[0])).toEqual([
      "inventory_id",
      "variation_id",
      "available_qty",
      "in_transit_qty",
      "not_available_qty",
      "total_qty",
      "days_of_stock",
      "oldest_stock_days",
      "updated_at",
    ]);
    expect(response.body.daily_series).toHaveLength(61);
    expect(response.body.daily_series[0].date).toBe(shift(today, -60));
    expect(response.body.daily_series.at(-1).date).toBe(today);
    expect(response.body.daily_series).toEqual(expected);
  });

  it("gives null title and thumbnail when the ad record is missing, and leaves out days without rows", async () => {
    const today = dayIn("America/Sao_Paulo");
    await load(db.ref, {
      inventory: [inventory({ inventory_id: "LONE", ad_id: "MLB-NOAD", available_qty: 2 })],
      daily_stock: [daily("LONE", shift(today, -10), 2, 0, 0), daily("LONE", shift(today, -3), 1, null, null)],
    });

    const response = await detail("MLB-NOAD");

    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ ad_id: "MLB-NOAD", title: null, thumbnail: null });
    expect(response.body.daily_series).toEqual([
      { date: shift(today, -10), available: 2, in_transit: 0, not_available: 0 },
      { date: shift(today, -3), available: 1, in_transit: 0, not_available: 0 },
    ]);
  });

  it.each([["MLB/1 ção"], ["MLB%2F7"], ["商品-1"], ["MLB 📦 #1"], ["MLB?x=1&y"]])("serves the ad id %j", async (adId) => {
    await load(db.ref, {
      ads: [ad({ id: adId, title: `Título ${adId}` })],
      inventory: [inventory({ inventory_id: `INV:${adId}`, ad_id: adId, available_qty: 6 })],
      daily_stock: [daily(`INV:${adId}`, dayIn("America/Sao_Paulo"), 6, 0, 0)],
    });

    const response = await detail(adId);

    expect(response.statusCode).toBe(200);
    expect(response.body.ad_id).toBe(adId);
    expect(response.body.title).toBe(`Título ${adId}`);
    expect(response.body.inventories.map((i: { inventory_id: string }) => i.inventory_id)).toEqual([`INV:${adId}`]);
    expect(response.body.daily_series).toEqual([{ date: dayIn("America/Sao_Paulo"), available: 6, in_transit: 0, not_available: 0 }]);
  });

  it("counts today in the business time zone, following geral.fuso_horario", async () => {
    // 01:30 UTC on 10 March is still 9 March in São Paulo (UTC−3) and already 10 March in Tokyo.
    const now = new Date("2026-03-10T01:30:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now });
    expect(dayIn("America/Sao_Paulo", now)).toBe("2026-03-09");
    await load(db.ref, {
      inventory: [inventory({ inventory_id: "TZ-1", ad_id: "MLB-TZ", available_qty: 1 })],
      daily_stock: [
        daily("TZ-1", "2026-01-07", 1, 0, 0), // 61 days before 9 March: outside in São Paulo
        daily("TZ-1", "2026-01-08", 2, 0, 0), // 60 days before 9 March; 61 before 10 March
        daily("TZ-1", "2026-01-09", 3, 0, 0),
      ],
    });

    const inSaoPaulo = await detail("MLB-TZ");
    await writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "Asia/Tokyo", description: null } } });
    const inTokyo = await detail("MLB-TZ");
    await writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "America/Sao_Paulo", description: null } } });

    expect(inSaoPaulo.body.daily_series.map((p: { date: string }) => p.date)).toEqual(["2026-01-08", "2026-01-09"]);
    expect(inTokyo.body.daily_series.map((p: { date: string }) => p.date)).toEqual(["2026-01-09"]);
  });
});
