import { describe, expect, it } from "vitest";
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Time, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { invokeWithText } from "#test/events";
import { recordedTable } from "#test/commands";
import { ad, inventory, load } from "#test/fixtures";
import { useTable } from "#storage/client";
import { Entities } from "#storage/keys";
import { batchWrite } from "#storage/operations";
import { dailyStockItem } from "#storage/daily-stock";
import { liveDetail } from "#services/read-model/detail";
import { refreshReadModel } from "#services/read-model/refresh";
import { handler } from "./inventory-detail.js";

const db = useTestTable("inventory-detail-round-trip", "test");

const today = (): string => Time.calendarDay("America/Sao_Paulo", new Date());
const row = (inventory_id: string, back: number, available: number): DailyStockRow => ({
  inventory_id,
  day: Time.addDays(today(), -back),
  available_qty: available,
  in_transit_qty: 1,
  not_available_qty: null,
});

const detail = (adId: string) => invokeWithText(handler, { path: `/full/inventory/${adId}`, pathParameters: { ad_id: adId } });

/** The answer, the calls it took once the business time zone is cached, and the live answer. */
async function detailWithCalls(adId: string) {
  await detail(adId); // reads the time zone into the container's copy
  const { ref, commands } = recordedTable(db.ref);
  useTable(ref);
  const answer = await detail(adId);
  useTable(db.ref);
  const live = await liveDetail(db.ref, adId).then((body) => JSON.stringify(body), (error: Error) => JSON.stringify({ error: error.message }));
  return { answer, commands, live };
}

const ONE_QUERY = (adId: string) => [["QueryCommand", "gsi1", [`AD#${adId}`]]];
const calls = (commands: { command: string; index?: string; partitions: string[] }[]) => commands.map((c) => [c.command, c.index, c.partitions]);

describe("GET /full/inventory/{ad_id} in one round trip", () => {
  it("reads the window's daily rows, the ad's title and its records with one query of the ad's index partition", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB1", title: "Cloro", thumbnail: "https://img/1.jpg" })],
      inventory: [inventory({ inventory_id: "I1", ad_id: "MLB1", available_qty: 4 }), inventory({ inventory_id: "I2", ad_id: "MLB1", available_qty: 1 })],
      daily_stock: [row("I1", 0, 4), row("I1", 60, 5), row("I1", 61, 99), row("I2", 3, 1)],
    });

    const { answer, commands, live } = await detailWithCalls("MLB1");

    expect(answer.statusCode).toBe(200);
    expect(answer.text).toBe(live);
    expect(answer.body.title).toBe("Cloro");
    expect(answer.body.daily_series.map((p: { date: string }) => p.date)).toEqual([row("I1", 60, 0).day, row("I2", 3, 0).day, today()]);
    expect(calls(commands)).toEqual(ONE_QUERY("MLB1"));
  });

  it("finds rows stored before any record named their ad once the record arrives", async () => {
    await load(db.ref, { daily_stock: [row("I7", 2, 3), row("I7", 1, 2)] });
    await load(db.ref, { ads: [ad({ id: "MLB7", title: "Boia" })], inventory: [inventory({ inventory_id: "I7", ad_id: "MLB7", available_qty: 2 })] });

    const { answer, commands, live } = await detailWithCalls("MLB7");

    expect(answer.text).toBe(live);
    expect(answer.body.daily_series).toHaveLength(2);
    expect(calls(commands)).toEqual(ONE_QUERY("MLB7"));
    const marker = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: Entities.daily_unindexed.key({ inventoryId: "I7" }) }));
    expect(marker.Item).toBeUndefined();
  });

  it("moves an inventory's rows to the ad its record names now", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB1", title: "Antigo" }), ad({ id: "MLB2", title: "Novo" })],
      inventory: [inventory({ inventory_id: "I1", ad_id: "MLB1" }), inventory({ inventory_id: "I9", ad_id: "MLB1" })],
      daily_stock: [row("I1", 5, 8), row("I9", 5, 1)],
    });
    await load(db.ref, { inventory: [inventory({ inventory_id: "I1", ad_id: "MLB2" })] });

    const moved = await detailWithCalls("MLB2");
    const left = await detailWithCalls("MLB1");

    expect(moved.answer.text).toBe(moved.live);
    expect(moved.answer.body.daily_series).toEqual([{ date: row("I1", 5, 0).day, available: 8, in_transit: 1, not_available: 0 }]);
    expect(calls(moved.commands)).toEqual(ONE_QUERY("MLB2"));
    expect(left.answer.text).toBe(left.live);
    expect(left.answer.body.daily_series).toEqual([{ date: row("I9", 5, 0).day, available: 1, in_transit: 1, not_available: 0 }]);
  });

  it("reads records stored before rows were indexed the chained way, until a refresh indexes them", async () => {
    // Prepare: items as an earlier version stored them (no daily_ad on the record, rows not indexed, no header).
    const record = { ...inventory({ inventory_id: "OLD1", ad_id: "MLB5", available_qty: 6 }), total_qty: 6 } as InventoryRecord;
    const olderRecord = { ...Entities.inventory.key({ inventoryId: "OLD1" }), gsi1pk: Entities.inventory.indexPartition({ adId: "MLB5" }), gsi1sk: "OLD1", kind: "inventory", ...record };
    await batchWrite(db.ref, [
      { put: olderRecord },
      { put: { ...Entities.ad.key({ adId: "MLB5" }), kind: "ad", id: "MLB5", title: "Velho", thumbnail: null, permalink: null, cost: null, sku: null, is_full: false, sales_30d: null } },
      { put: dailyStockItem(row("OLD1", 4, 6)) },
      { put: dailyStockItem(row("OLD1", 2, 5)) },
    ]);

    // Act
    const before = await detailWithCalls("MLB5");
    await refreshReadModel(db.ref);
    const after = await detailWithCalls("MLB5");

    // Assess
    expect(before.answer.text).toBe(before.live);
    expect(before.answer.body.daily_series).toHaveLength(2);
    expect(before.commands.length).toBeGreaterThan(1);
    expect(after.answer.text).toBe(before.live);
    expect(calls(after.commands)).toEqual(ONE_QUERY("MLB5"));
  });

  it("reads the ad by key when its header is missing, and says no title for an ad that does not exist", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB3", title: "Filtro", thumbnail: "https://img/3.jpg" })],
      inventory: [inventory({ inventory_id: "I3", ad_id: "MLB3" }), inventory({ inventory_id: "I4", ad_id: "MLB-GONE" })],
    });
    await db.ref.doc.send(new DeleteCommand({ TableName: db.ref.table, Key: Entities.ad_header.key({ adId: "MLB3" }) }));

    const withoutHeader = await detailWithCalls("MLB3");
    const gone = await detailWithCalls("MLB-GONE");

    expect(withoutHeader.answer.text).toBe(withoutHeader.live);
    expect(withoutHeader.answer.body).toMatchObject({ title: "Filtro", thumbnail: "https://img/3.jpg" });
    expect(withoutHeader.commands.map((c) => c.command)).toEqual(["QueryCommand", "GetItemCommand"]);
    expect(gone.answer.text).toBe(gone.live);
    expect(gone.answer.body).toMatchObject({ title: null, thumbnail: null });
    expect(calls(gone.commands)).toEqual(ONE_QUERY("MLB-GONE"));
  });
});
