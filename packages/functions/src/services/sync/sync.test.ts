import { describe, expect, it, vi } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { Sync, Time, type Ad, type InventoryRecord } from "@fulfillment/core";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { type DatasetInput, fullAd } from "#test/fixtures";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { getAd } from "#storage/ads";
import { getCredential } from "#storage/credentials";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { listDailyStockSince } from "#storage/daily-stock";
import { acquireLease, readLease, releaseLease } from "#storage/lease";
import { Entities } from "#storage/keys";
import { handler as inventoryList } from "../../handlers/full/inventory-list.js";
import type { MarketplaceTuning } from "../marketplace.js";
import { SYNC_LEASE_TTL_MS, SYNC_LEASE_NAME } from "./lease.js";
import { SyncFailedError } from "../../errors.js";
import { SyncRunningError } from "./errors.js";
import type { SyncResult } from "./start.js";

// 12:00 in São Paulo, the default business zone.
const NOW = new Date("2026-06-30T15:00:00Z");
const TODAY = "2026-06-30";
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);
const STOCK_ENDPOINT = "GET /inventories/{id}/stock/fulfillment";

const db = useTestTable("sync", "test");
// The sandbox lives on the tests' day: its 12-month retention counts back from NOW.
const { sandbox, seed, storeCredential, requestsOfTest } = useSyncSandbox(db, { now: () => NOW.getTime(), readsOnly: true });

/** Serves `items` from the sandbox and stores the ads (and any other records) and the credential. */
const prepare = (items: SandboxItem[], ads: Ad[], dataset: DatasetInput = {}) => seed(items, ads, dataset);

/** Short waits on the sandbox (timeouts, retries and backoff of the steps' clients). */
const SHORT_WAITS: MarketplaceTuning = { timeoutMs: 2000, maxRetries: 2, backoffBaseMs: 1, backoffMaxMs: 5 };

const sync = (options: MarketplaceTuning = {}, now = NOW): Promise<SyncResult> =>
  syncToTheEnd(db.ref, { at: now, marketplace: { ...SHORT_WAITS, ...options } });

async function inventoryById(): Promise<Map<string, InventoryRecord>> {
  return new Map((await listInventory(db.ref, ALL_FIELDS)).map((record) => [record.inventory_id, record]));
}

async function dailyRows(inventoryIds: string[], fromDay = daysAgo(5)) {
  const rows = await listDailyStockSince(db.ref, inventoryIds, fromDay);
  return rows.sort((a, b) => a.inventory_id.localeCompare(b.inventory_id) || a.day.localeCompare(b.day));
}

async function storedState(inventoryIds: string[]) {
  return { inventory: await listInventory(db.ref, ALL_FIELDS), daily: await dailyRows(inventoryIds) };
}

const leaseHeld = () => readLease(db.ref, SYNC_LEASE_NAME);

describe("stock records", () => {
  it("writes each inventory record and today's daily row as CONTRACTS section 5 defines them", async () => {
    // Prepare
    await prepare(
      [
        {
          id: "MLB1",
          sku: "SKU-A1",
          inventory_id: "INV1",
          stock: { available: 9, not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damaged", quantity: 1 }], total: 12 },
          receptions: [{ date: daysAgo(10), quantity: 9 }],
        },
        {
          id: "MLB2",
          inventory_id: "INV2",
          stock: { available: 4, not_available_detail: [{ status: "transfer", quantity: 3 }, { status: "lost", quantity: 1 }], total: 0 },
          receptions: [{ date: daysAgo(3), quantity: 4 }],
        },
        {
          id: "MLB3",
          variations: [
            { id: 1700001, inventory_id: "VAR1", stock: { available: 6 }, receptions: [{ date: daysAgo(30), quantity: 6 }] },
            { id: 1700002, inventory_id: "VAR2", stock: { available: 0, not_available_detail: [{ status: "withdrawal", quantity: 2 }] } },
          ],
        },
        { id: "MLB4", inventory_id: "INV4", stock: { available: 5 }, receptions: [{ date: daysAgo(1), quantity: 5 }] },
      ],
      [
        fullAd("MLB1", { sku: "SKU-A", sales_30d: 7 }),
        fullAd("MLB2", { sku: "SKU-B", sales_30d: null }),
        fullAd("MLB3", { sku: "SKU-C", sales_30d: 45 }),
        fullAd("MLB4", { sku: "SKU-D", sales_30d: 0 }),
        fullAd("MLB5", { sku: "SKU-E", sales_30d: 10, is_full: false }),
      ],
    );
    // A payload whose not_available_quantity leaves out the transfer units: not available is clamped at 0.
    sandbox.faults.malformed({
      path: "/inventories/INV4/stock/fulfillment",
      count: 1,
      body: {
        inventory_id: "INV4",
        total: 6,
        available_quantity: 5,
        not_available_quantity: 1,
        not_available_detail: [{ status: "transfer", quantity: 3 }],
      },
    });

    // Act
    const result = await sync();

    // Assess
    expect(result).toEqual({
      success: true,
      run_id: expect.stringMatching(/^2026-06-30T15:00:00\.000Z#[0-9a-f]{6}$/),
      stock: { ads_full: 4, inventories: 5, dimensions_updated: 0, failed: [] },
      cost: { updated: 0, skipped: 0, tariffs_active: 0 },
      // Discovery titled the four Full ads and gave MLB2, which had no sales figure, the ledger's (none).
      discovery: { listed: 4, added: 0, updated: 4, no_longer_full: 0, sales_from_ledger: 1, failed: [], error: null },
      warnings: expect.arrayContaining([expect.objectContaining({ code: "no_active_tariffs" })]),
    });
    const updated_at = NOW.toISOString();
    const records = [...(await inventoryById()).values()]
      .sort((a, b) => a.inventory_id.localeCompare(b.inventory_id))
      .map(({ fifo_lots: _lots, unknown_age_units: _unknown, ...record }) => record);
    expect(records).toEqual([
      // 9 / (7 / 30) = 38.57 → 38.6; the SKU is the marketplace's SELLER_SKU, which discovery stored on the ad.
      { inventory_id: "INV1", ad_id: "MLB1", sku: "SKU-A1", variation_id: null, available_qty: 9, in_transit_qty: 2, not_available_qty: 1, total_qty: 12, days_of_stock: 38.6, oldest_stock_days: 10, updated_at },
      // total 0: the sum of the three; no sales: days of stock unknown.
      { inventory_id: "INV2", ad_id: "MLB2", sku: "SKU-B", variation_id: null, available_qty: 4, in_transit_qty: 3, not_available_qty: 1, total_qty: 8, days_of_stock: null, oldest_stock_days: 3, updated_at },
      { inventory_id: "INV4", ad_id: "MLB4", sku: "SKU-D", variation_id: null, available_qty: 5, in_transit_qty: 3, not_available_qty: 0, total_qty: 6, days_of_stock: null, oldest_stock_days: 1, updated_at },
      { inventory_id: "VAR1", ad_id: "MLB3", sku: "SKU-C", variation_id: 1700001, available_qty: 6, in_transit_qty: 0, not_available_qty: 0, total_qty: 6, days_of_stock: 4, oldest_stock_days: 30, updated_at },
      // Nothing available: no age.
      { inventory_id: "VAR2", ad_id: "MLB3", sku: "SKU-C", variation_id: 1700002, available_qty: 0, in_transit_qty: 0, not_available_qty: 2, total_qty: 2, days_of_stock: 0, oldest_stock_days: null, updated_at },
    ]);
    expect(await dailyRows(["INV1", "INV2", "INV4", "VAR1", "VAR2"])).toEqual([
      { inventory_id: "INV1", day: TODAY, available_qty: 9, in_transit_qty: 2, not_available_qty: 1 },
      { inventory_id: "INV2", day: TODAY, available_qty: 4, in_transit_qty: 3, not_available_qty: 1 },
      { inventory_id: "INV4", day: TODAY, available_qty: 5, in_transit_qty: 3, not_available_qty: 0 },
      { inventory_id: "VAR1", day: TODAY, available_qty: 6, in_transit_qty: 0, not_available_qty: 0 },
      { inventory_id: "VAR2", day: TODAY, available_qty: 0, in_transit_qty: 0, not_available_qty: 2 },
    ]);
    // The ad that is not in Full is never asked for.
    expect(requestsOfTest().filter((line) => line.includes("MLB5"))).toEqual([]);
  });

  it("replaces the day's row on a second sync the same day, and a repeated sync changes nothing", async () => {
    // Prepare
    const item = (available: number, inTransit: number): SandboxItem => ({
      id: "MLB1",
      inventory_id: "INV1",
      stock: { available, not_available_detail: [{ status: "transfer", quantity: inTransit }] },
      receptions: [{ date: daysAgo(4), quantity: 20 }],
    });
    await prepare([item(9, 0)], [fullAd("MLB1", { sku: "SKU-A", sales_30d: 30 })], {
      daily_stock: [{ inventory_id: "INV1", day: daysAgo(1), available_qty: 11, in_transit_qty: 0, not_available_qty: 0 }],
    });
    await sync();
    sandbox.reseed({ items: [item(7, 1)] });
    const later = new Date(NOW.getTime() + 3 * 3600_000);

    // Act
    await sync({}, later);
    const afterSecond = await storedState(["INV1"]);
    await sync({}, later);

    // Assess
    expect(afterSecond.daily).toEqual([
      { inventory_id: "INV1", day: daysAgo(1), available_qty: 11, in_transit_qty: 0, not_available_qty: 0 },
      { inventory_id: "INV1", day: TODAY, available_qty: 7, in_transit_qty: 1, not_available_qty: 0 },
    ]);
    expect(afterSecond.inventory).toEqual([
      expect.objectContaining({
        inventory_id: "INV1",
        available_qty: 7,
        in_transit_qty: 1,
        total_qty: 8,
        days_of_stock: 7,
        oldest_stock_days: 4,
        updated_at: later.toISOString(),
        fifo_lots: [{ day: daysAgo(4), units: 7 }],
        unknown_age_units: 0,
      }),
    ]);
    expect(await storedState(["INV1"])).toEqual(afterSecond);
  });

  it("writes the package dimensions onto the ads in mm and counts the ads it changed", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", dimensions: { height: 10, width: 15, length: 20, weight_g: 700 } },
        { id: "MLB2", inventory_id: "INV2", dimensions: { height: 5, width: 6, length: 7.5, weight_g: 300 }, dimensionsIn: "shipping" },
        { id: "MLB3", inventory_id: "INV3" },
        { id: "MLB4", inventory_id: "INV4", dimensions: { height: 2, width: 3, length: 4 } },
      ],
      [
        fullAd("MLB1", { sku: "A" }),
        fullAd("MLB2", { sku: "B" }),
        fullAd("MLB3", { sku: "C" }),
        fullAd("MLB4", { sku: "D", height_mm: 20, width_mm: 30, length_mm: 40 }),
      ],
    );

    // Act
    const first = await sync();
    const second = await sync();

    // Assess
    expect(first.stock.dimensions_updated).toBe(2);
    expect(await getAd(db.ref, "MLB1")).toMatchObject({ height_mm: 100, width_mm: 150, length_mm: 200 });
    expect(await getAd(db.ref, "MLB2")).toMatchObject({ height_mm: 50, width_mm: 60, length_mm: 75 });
    expect(await getAd(db.ref, "MLB3")).not.toHaveProperty("length_mm");
    expect(await getAd(db.ref, "MLB4")).toMatchObject({ height_mm: 20, width_mm: 30, length_mm: 40 });
    expect(second.stock.dimensions_updated).toBe(0);
  });
});

describe("ageing", () => {
  const WINDOWS = Sync.searchWindows(TODAY);
  // The receptions searches (discovery's ledger read of sales is another search).
  const searches = (): URLSearchParams[] =>
    requestsOfTest()
      .filter((line) => line.startsWith("GET /stock/fulfillment/operations/search?") && line.includes("type=inbound_reception"))
      .map((line) => new URL(`http://sandbox${line.slice(4)}`).searchParams);
  const askedFor = (search: URLSearchParams): string[] => search.get("inventory_id")!.split(",").sort();
  /** A Full item with one inventory holding `available` units, received in lots of [days ago, units]. */
  const received = (id: string, inventoryId: string, available: number, ...lots: [number, number][]): SandboxItem => ({
    id,
    inventory_id: inventoryId,
    stock: { available },
    receptions: lots.map(([days, quantity]) => ({ date: daysAgo(days), quantity })),
  });
  /** First-in-first-out lots as [days ago, units]. */
  const fifo = (...lots: [number, number][]) => lots.map(([days, units]) => ({ day: daysAgo(days), units }));
  const adsOf = (items: SandboxItem[]) => items.map((item) => fullAd(item.id));

  it("rebuilds the oldest lot first-in-first-out from the inbound receptions", async () => {
    // Prepare: 5 units in stock are the newest: 3 from 5 days ago and 2 of the 4 from 20 days ago.
    const items = [received("MLB1", "INV1", 5, [40, 50], [20, 4], [5, 3]), received("MLB2", "INV2", 2, [0, 2]), received("MLB3", "INV3", 0, [8, 2])];
    await prepare(items, adsOf(items));

    // Act
    await sync();

    // Assess
    const records = await inventoryById();
    expect(records.get("INV1")).toMatchObject({ oldest_stock_days: 20, fifo_lots: fifo([20, 2], [5, 3]), unknown_age_units: 0 });
    expect(records.get("INV2")).toMatchObject({ oldest_stock_days: 0, fifo_lots: [{ day: TODAY, units: 2 }], unknown_age_units: 0 });
    expect(records.get("INV3")).toMatchObject({ oldest_stock_days: null, fifo_lots: [], unknown_age_units: 0 });
  });

  it("finds a reception of the evening, which the marketplace dates the next day in UTC, in today's lot", async () => {
    // Prepare: received at 21:20 in São Paulo on TODAY (00:20 UTC the next day), synced at 21:30
    const evening = new Date(`${Time.addDays(TODAY, 1)}T00:30:00Z`);
    const items = [{ id: "MLB1", inventory_id: "INV1", stock: { available: 2 }, receptions: [{ date: `${Time.addDays(TODAY, 1)}T00:20:00Z`, quantity: 2 }] }];
    await prepare(items, adsOf(items));

    // Act
    await sync({}, evening);

    // Assess
    expect((await inventoryById()).get("INV1")).toMatchObject({ oldest_stock_days: 0, fifo_lots: [{ day: TODAY, units: 2 }], unknown_age_units: 0 });
  });

  it("walks back to receptions 150 and 300 days old, asking each window only for the inventories not covered yet", async () => {
    // Prepare: INV-NEW is covered in the first window, so no further search asks for it.
    const items = [
      received("MLB1", "INV-NEW", 4, [200, 9], [3, 4]),
      received("MLB2", "INV-150", 10, [300, 8], [150, 6], [10, 5]),
      received("MLB3", "INV-300", 12, [300, 8], [150, 2], [10, 3]),
    ];
    await prepare(items, adsOf(items));

    // Act
    await sync();

    // Assess
    const records = await inventoryById();
    expect(records.get("INV-NEW")).toMatchObject({ oldest_stock_days: 3, fifo_lots: fifo([3, 4]), unknown_age_units: 0 });
    expect(records.get("INV-150")).toMatchObject({ oldest_stock_days: 150, fifo_lots: fifo([150, 5], [10, 5]), unknown_age_units: 0 });
    expect(records.get("INV-300")).toMatchObject({ oldest_stock_days: 300, fifo_lots: fifo([300, 7], [150, 2], [10, 3]), unknown_age_units: 0 });
    // 150 days back is the third window, 300 days back the sixth; the walk stops there.
    const calls = searches();
    expect(calls.map((call) => [call.get("date_from"), call.get("date_to")])).toEqual(WINDOWS.slice(0, 6).map((w) => [w.from, w.to]));
    expect(calls.map(askedFor)).toEqual([
      ["INV-150", "INV-300", "INV-NEW"],
      ["INV-150", "INV-300"],
      ["INV-150", "INV-300"],
      ["INV-300"],
      ["INV-300"],
      ["INV-300"],
    ]);
  });

  it("finds no age for stock never received (null) and the 12-month horizon for stock older than the retention", async () => {
    // Prepare: the lot of INV-OLD 400 days old is past the marketplace's memory: 6 units stay
    // unexplained. INV-ZERO has nothing available: it is never searched for.
    const items = [
      { id: "MLB1", inventory_id: "INV-NONE", stock: { available: 7 } },
      received("MLB2", "INV-OLD", 10, [400, 20], [200, 4]),
      received("MLB3", "INV-ZERO", 0, [8, 2]),
    ];
    await prepare(items, adsOf(items));

    // Act
    await sync();

    // Assess
    const records = await inventoryById();
    expect(records.get("INV-NONE")).toMatchObject({ available_qty: 7, oldest_stock_days: null, fifo_lots: [], unknown_age_units: 7 });
    expect(records.get("INV-OLD")).toMatchObject({ oldest_stock_days: 365, fifo_lots: fifo([200, 4]), unknown_age_units: 6 });
    expect(records.get("INV-ZERO")).toMatchObject({ oldest_stock_days: null, fifo_lots: [], unknown_age_units: 0 });
    const calls = searches();
    expect(calls).toHaveLength(WINDOWS.length);
    expect(calls.at(-1)!.get("date_from")).toBe(daysAgo(364));
    expect(calls.every((call) => !askedFor(call).includes("INV-ZERO"))).toBe(true);
  });

  it("follows receptions across window boundaries and result pages", async () => {
    // Prepare: 1,050 single units in the first window (two pages of 1,000), then lots on both
    // sides of the boundary between the first and second windows and on the second's first day.
    const [first, second] = WINDOWS as [Sync.SearchWindow, Sync.SearchWindow];
    const singles = Array.from({ length: 1050 }, (_, i) => ({ date: daysAgo(1 + (i % 50)), quantity: 1 }));
    await prepare(
      [
        {
          id: "MLB1",
          inventory_id: "INV-P",
          stock: { available: 1500 },
          receptions: [
            ...singles,
            { date: first.from, quantity: 100 },
            { date: Time.addDays(first.from, -1), quantity: 300 },
            { date: second.from, quantity: 200 },
            { date: Time.addDays(second.from, -1), quantity: 999 },
          ],
        },
      ],
      [fullAd("MLB1")],
    );

    // Act
    await sync();

    // Assess: 1,050 + 100 + 300 cover 1,450 units; 50 of the lot on the second window's first day complete them.
    const record = (await inventoryById()).get("INV-P")!;
    expect(record.oldest_stock_days).toBe(Time.daysBetween(second.from, TODAY));
    expect(record.fifo_lots!.slice(0, 3)).toEqual([
      { day: second.from, units: 50 },
      { day: Time.addDays(first.from, -1), units: 300 },
      { day: first.from, units: 100 },
    ]);
    expect(record.fifo_lots!.reduce((sum, lot) => sum + lot.units, 0)).toBe(1500);
    expect(record.unknown_age_units).toBe(0);
    const calls = searches();
    expect(calls.map((call) => [call.get("date_from"), call.has("scroll")])).toEqual([
      [first.from, false],
      [first.from, true],
      [second.from, false],
    ]);
  });

  it("reports the larger of the horizon and the previous age carried forward when the receptions do not cover the stock", async () => {
    // Prepare: each inventory held 10 units ten days ago.
    const uncovered = (id: string, inventoryId: string): SandboxItem => ({ id, inventory_id: inventoryId, stock: { available: 10 }, receptions: [{ date: daysAgo(70), quantity: 3 }] });
    const before = (inventory_id: string, ad_id: string, oldest_stock_days: number) => ({ inventory_id, ad_id, available_qty: 10, oldest_stock_days, updated_at: `${daysAgo(10)}T12:00:00Z` });
    await prepare(
      [
        uncovered("MLB1", "INV1"),
        uncovered("MLB2", "INV2"),
        { id: "MLB3", inventory_id: "INV3", stock: { available: 10 } },
        { id: "MLB4", inventory_id: "INV4", stock: { available: 4 }, receptions: [{ date: daysAgo(59), quantity: 4 }] },
      ],
      [fullAd("MLB1"), fullAd("MLB2"), fullAd("MLB3"), fullAd("MLB4")],
      { inventory: [before("INV1", "MLB1", 400), before("INV2", "MLB2", 100), before("INV3", "MLB3", 100), before("INV4", "MLB4", 300)] },
    );

    // Act
    await sync();

    // Assess
    const records = await inventoryById();
    // 400 days old ten days ago: older than the horizon.
    expect(records.get("INV1")).toMatchObject({ oldest_stock_days: 410, unknown_age_units: 7 });
    // 110 days old by now, but the uncovered units are older than the 365 days searched.
    expect(records.get("INV2")).toMatchObject({ oldest_stock_days: 365, unknown_age_units: 7 });
    // No reception at all: the earlier age, carried forward.
    expect(records.get("INV3")).toMatchObject({ oldest_stock_days: 110, fifo_lots: [], unknown_age_units: 10 });
    // Covered: the earlier lot has been sold.
    expect(records.get("INV4")).toMatchObject({ oldest_stock_days: 59, unknown_age_units: 0 });
  });

  it("carries ages forward when the operations search fails, and the sync still succeeds", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 3 }, receptions: [{ date: daysAgo(2), quantity: 3 }] },
        { id: "MLB2", inventory_id: "INV2", stock: { available: 3 } },
      ],
      [fullAd("MLB1"), fullAd("MLB2")],
      { inventory: [{ inventory_id: "INV1", ad_id: "MLB1", available_qty: 3, oldest_stock_days: 20, updated_at: `${daysAgo(2)}T12:00:00Z` }] },
    );
    // Three tries for discovery's ledger read of sales, three for the receptions.
    sandbox.faults.inject({ path: "/stock/fulfillment/operations/search", status: 500, count: 6 });

    // Act
    const result = await sync();

    // Assess
    expect(result.stock).toMatchObject({ inventories: 2, failed: [] });
    expect(result.discovery.error).toMatch(/^Reading sales from the fulfillment ledger failed: .*HTTP 500/);
    const records = await inventoryById();
    expect(records.get("INV1")).toMatchObject({ available_qty: 3, oldest_stock_days: 22, fifo_lots: [], unknown_age_units: 3 });
    expect(records.get("INV2")).toMatchObject({ available_qty: 3, oldest_stock_days: null, fifo_lots: [], unknown_age_units: 3 });
  });

  it("keeps the lots off the SPEC responses", async () => {
    // Prepare
    await prepare([{ id: "MLB1", inventory_id: "INV1", stock: { available: 3 }, receptions: [{ date: daysAgo(2), quantity: 3 }] }], [fullAd("MLB1")]);
    await sync();

    // Act
    const listed = await invoke(inventoryList, { path: "/full/inventory" });

    // Assess
    expect(listed.body.items[0]).toMatchObject({ inventory_id: "INV1", oldest_stock_days: 2 });
    expect(listed.body.items[0]).not.toHaveProperty("fifo_lots");
    expect(listed.body.items[0]).not.toHaveProperty("unknown_age_units");
  });
});

describe("storage cost", () => {
  const tariffs = [
    { id: 1, name: "small", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.1, inbound_fee: 1, active: true },
    { id: 2, name: "medium", min_volume_l: 1, max_volume_l: 10, daily_fee: 0.5, inbound_fee: 2, aged_days_threshold: 30, aged_daily_factor: 2, active: true },
    { id: 3, name: "large", min_volume_l: 10, max_volume_l: null, daily_fee: 2, inbound_fee: 5, active: true },
    // Would take every volume from 0.5 l up before "medium" and "large" if it were active.
    { id: 4, name: "retired", min_volume_l: 0.5, max_volume_l: null, daily_fee: 99, inbound_fee: 99, active: false },
  ];

  async function metricOf(sku: string) {
    const result = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: Entities.metric.key({ sku }) }));
    if (!result.Item) return undefined;
    const { sku: _sku, storage_cost, storage_risk_cost, daily_storage_fee, inbound_freight_cost, calculated_at } = result.Item;
    return { storage_cost, storage_risk_cost, daily_storage_fee, inbound_freight_cost, calculated_at };
  }

  it("picks the first active tariff by volume and stores storage and risk costs per SKU, shown by GET /full/inventory", async () => {
    // Prepare
    await prepare(
      [
        // 10 × 10 × 5 cm = 0.5 l → small.
        { id: "MLB-A", inventory_id: "INV-A", dimensions: { height: 10, width: 10, length: 5 }, stock: { available: 10 }, receptions: [{ date: daysAgo(5), quantity: 10 }] },
        // 20 × 10 × 10 cm = 2 l → medium; its oldest lot (45 days) is past medium's 30-day threshold.
        {
          id: "MLB-B",
          dimensions: { height: 20, width: 10, length: 10 },
          variations: [
            { id: 1, inventory_id: "INV-B1", stock: { available: 6 }, receptions: [{ date: daysAgo(45), quantity: 6 }] },
            { id: 2, inventory_id: "INV-B2", stock: { available: 9 }, receptions: [{ date: daysAgo(10), quantity: 9 }] },
          ],
        },
        // 30 × 30 × 20 cm = 18 l → large (no upper bound); no receptions: the age carries forward.
        { id: "MLB-C", inventory_id: "INV-C", dimensions: { height: 30, width: 30, length: 20 }, stock: { available: 4 } },
        // Exactly 1 l: the lower bound is inclusive, the upper one exclusive → medium.
        { id: "MLB-D", inventory_id: "INV-D", dimensions: { height: 10, width: 10, length: 10 }, stock: { available: 4 }, receptions: [{ date: daysAgo(2), quantity: 4 }] },
        // No dimensions: no volume, no tariff.
        { id: "MLB-E", inventory_id: "INV-E", stock: { available: 1 } },
      ],
      [
        fullAd("MLB-A", { sku: "SKU-A", sales_30d: 30 }),
        fullAd("MLB-B", { sku: "SKU-B", sales_30d: 30 }),
        fullAd("MLB-C", { sku: "SKU-C", sales_30d: null }),
        fullAd("MLB-D", { sku: "SKU-D", sales_30d: 60 }),
        fullAd("MLB-E", { sku: "SKU-E", sales_30d: 30 }),
      ],
      {
        tariffs,
        inventory: [{ inventory_id: "INV-C", ad_id: "MLB-C", sku: "SKU-C", available_qty: 4, oldest_stock_days: 120, updated_at: `${daysAgo(1)}T12:00:00Z` }],
        metrics: [{ sku: "SKU-E", storage_cost: 4.2, storage_risk_cost: 0.3 }],
      },
    );

    // Act
    const result = await sync();
    const listed = await invoke(inventoryList, { path: "/full/inventory" });

    // Assess
    expect(result.cost).toEqual({ updated: 4, skipped: 1, tariffs_active: 3 });
    const calculated_at = NOW.toISOString();
    // 0.1 × 10 / 2 + 1
    expect(await metricOf("SKU-A")).toEqual({ storage_cost: 1.5, storage_risk_cost: 0, daily_storage_fee: 0.1, inbound_freight_cost: 1, calculated_at });
    // avg days (6 + 9) / 2 = 7.5: 0.5 × 7.5 / 2 + 2 = 3.875 → 3.88; risk (45 − 30) × 0.5 × 2 = 15
    expect(await metricOf("SKU-B")).toEqual({ storage_cost: 3.88, storage_risk_cost: 15, daily_storage_fee: 0.5, inbound_freight_cost: 2, calculated_at });
    // no days of stock: 30 days assumed, 2 × 30 / 2 + 5 = 35; oldest 120 + 1 = 121: (121 − 90) × 2 × 3 = 186
    expect(await metricOf("SKU-C")).toEqual({ storage_cost: 35, storage_risk_cost: 186, daily_storage_fee: 2, inbound_freight_cost: 5, calculated_at });
    // 4 / (60 / 30) = 2 days: 0.5 × 2 / 2 + 2
    expect(await metricOf("SKU-D")).toEqual({ storage_cost: 2.5, storage_risk_cost: 0, daily_storage_fee: 0.5, inbound_freight_cost: 2, calculated_at });
    // Skipped: the metric stays as it was.
    expect(await metricOf("SKU-E")).toMatchObject({ storage_cost: 4.2, storage_risk_cost: 0.3, calculated_at: undefined });

    expect(listed.statusCode).toBe(200);
    const units = Object.fromEntries(
      listed.body.items.map((item: { inventory_id: string; storage_cost_unit: number | null; storage_risk_unit: number | null }) => [
        item.inventory_id,
        [item.storage_cost_unit, item.storage_risk_unit],
      ]),
    );
    expect(units).toEqual({
      "INV-A": [1.5, null],
      "INV-B1": [3.88, 15],
      "INV-B2": [3.88, 15],
      "INV-C": [35, 186],
      "INV-D": [2.5, null],
      "INV-E": [4.2, 0.3],
    });
  });

  it("changes no metric when no tariff is active", async () => {
    // Prepare
    await prepare(
      [{ id: "MLB-A", inventory_id: "INV-A", dimensions: { height: 10, width: 10, length: 5 }, stock: { available: 10 } }],
      [fullAd("MLB-A", { sku: "SKU-A", sales_30d: 30 })],
      { tariffs: tariffs.map((tariff) => ({ ...tariff, active: false })), metrics: [{ sku: "SKU-A", storage_cost: 1.23, storage_risk_cost: 0.45 }] },
    );

    // Act
    const result = await sync();

    // Assess
    expect(result.cost).toEqual({ updated: 0, skipped: 0, tariffs_active: 0 });
    expect(result.stock.inventories).toBe(1);
    expect(await metricOf("SKU-A")).toEqual({
      storage_cost: 1.23,
      storage_risk_cost: 0.45,
      daily_storage_fee: undefined,
      inbound_freight_cost: undefined,
      calculated_at: undefined,
    });
  });
});

describe("token refresh", () => {
  const twoItems: SandboxItem[] = [
    { id: "MLB1", inventory_id: "INV1", stock: { available: 1 } },
    { id: "MLB2", variations: [{ id: 1, inventory_id: "INV2", stock: { available: 2 } }, { id: 2, inventory_id: "INV3", stock: { available: 3 } }] },
  ];

  it("refreshes an expired access token once, stores the new pair and succeeds", async () => {
    // Prepare
    await prepare(twoItems, [fullAd("MLB1"), fullAd("MLB2")]);
    const before = await getCredential(db.ref, "mercadolivre");
    sandbox.expireAccessTokens();

    // Act
    const result = await sync();

    // Assess
    expect(result.stock).toMatchObject({ inventories: 3, failed: [] });
    const after = await getCredential(db.ref, "mercadolivre");
    const issued = sandbox.currentTokens();
    expect(after).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token, user_id: sandbox.sellerId, expires_at: expect.any(String) });
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    expect(requestsOfTest().filter((line) => line.startsWith("POST"))).toEqual(["POST /oauth/token"]);
  });

  it("shares one refresh among the stock reads that all meet the expired token at once", async () => {
    // Prepare: the token expires between the items read and the concurrent stock reads.
    await prepare(twoItems, [fullAd("MLB1"), fullAd("MLB2")]);
    let expired = false;
    const expiringFetch: typeof fetch = (input, init) => {
      if (!expired && String(input).includes("/inventories/")) {
        expired = true;
        sandbox.expireAccessTokens();
      }
      return fetch(input, init);
    };

    // Act
    const result = await sync({ fetch: expiringFetch });

    // Assess
    expect(result.stock).toMatchObject({ inventories: 3, failed: [] });
    expect(requestsOfTest().filter((line) => line.startsWith("POST"))).toEqual(["POST /oauth/token"]);
    expect((await getCredential(db.ref, "mercadolivre"))?.access_token).toBe(sandbox.currentTokens().access_token);
  });

  it("stops the whole sync when the refresh is refused, writes nothing and frees the lease", async () => {
    // Prepare: the stored refresh token was already used (refresh tokens are single use).
    await prepare(twoItems, [fullAd("MLB1"), fullAd("MLB2")]);
    const used = sandbox.currentTokens().refresh_token;
    await storeCredential({ refresh_token: `${used}-already-used` });
    sandbox.expireAccessTokens();

    // Act
    const error = await sync().catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as SyncFailedError).reason).toMatch(/^token refresh rejected: invalid_grant/);
    expect((error as Error).message).not.toContain(used);
    expect(await listInventory(db.ref)).toEqual([]);
    expect(await leaseHeld()).toBeUndefined();
    expect((await getCredential(db.ref, "mercadolivre"))?.refresh_token).toBe(`${used}-already-used`);
  });
});

describe("marketplace faults", () => {
  it("waits for Retry-After on 429 and then reads the stock", async () => {
    // Prepare
    await prepare([{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }], [fullAd("MLB1")]);
    sandbox.faults.inject({ path: "/inventories/INV1/stock/fulfillment", status: 429, count: 1, retryAfter: 2 });
    const waits: number[] = [];

    // Act
    const result = await sync({ sleep: async (ms) => void waits.push(ms) });

    // Assess
    expect(waits).toEqual([2000]);
    expect(result.stock).toMatchObject({ inventories: 1, failed: [] });
    expect((await inventoryById()).get("INV1")?.available_qty).toBe(5);
    expect(requestsOfTest().filter((line) => line.startsWith("GET /inventories/INV1/"))).toHaveLength(2);
  });

  it("records an ad whose item is not found and one whose stock keeps failing, and writes the others", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 5 } },
        { id: "MLB2", inventory_id: "INV2", stock: { available: 6 } },
      ],
      [fullAd("MLB1"), fullAd("MLB2"), fullAd("MLB9")],
    );
    // MLB9 is still listed but its item is gone by the time it is read.
    sandbox.reseed({ items: [{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }, { id: "MLB2", inventory_id: "INV2", stock: { available: 6 } }], listedOnly: ["MLB9"] });
    sandbox.faults.inject({ path: "/inventories/INV2/stock/fulfillment", status: 500, count: 3 });

    // Act
    const result = await sync();

    // Assess
    expect(result.stock).toEqual({
      ads_full: 3,
      inventories: 1,
      dimensions_updated: 0,
      failed: [
        { ad_id: "MLB2", error: `${STOCK_ENDPOINT}: HTTP 500 internal_error: sandbox fault 500` },
        { ad_id: "MLB9", error: "Item with id MLB9 not found" },
      ],
    });
    expect([...(await inventoryById()).keys()]).toEqual(["INV1"]);
    expect(await dailyRows(["INV1", "INV2"])).toEqual([{ inventory_id: "INV1", day: TODAY, available_qty: 5, in_transit_qty: 0, not_available_qty: 0 }]);
  });

  it("records an ad whose stock answers after the client's timeout", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 5 } },
        { id: "MLB2", inventory_id: "INV2", stock: { available: 6 } },
      ],
      [fullAd("MLB1"), fullAd("MLB2")],
    );
    sandbox.faults.slow({ path: "/inventories/INV2/stock/fulfillment", ms: 600, count: 2 });

    // Act
    const result = await sync({ timeoutMs: 150, maxRetries: 1 });

    // Assess
    expect(result.stock.failed).toEqual([{ ad_id: "MLB2", error: `${STOCK_ENDPOINT}: timed out (no answer within 150 ms)` }]);
    expect([...(await inventoryById()).keys()]).toEqual(["INV1"]);
  });

  it("fails the run, naming the timeout, when no call gets an answer in time, and writes nothing", async () => {
    // Prepare
    await prepare([{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }], [fullAd("MLB1")]);
    // Both reads of the items (discovery's and the stock step's), each tried twice.
    sandbox.faults.slow({ path: "/items", ms: 600, count: 4 });

    // Act
    const error = await sync({ timeoutMs: 150, maxRetries: 1 }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as Error).message).toBe(`Sync failed: marketplace unreachable at ${new URL(sandbox.url).host}: timed out (no answer within 150 ms)`);
    expect(await listInventory(db.ref)).toEqual([]);
    expect(await leaseHeld()).toBeUndefined();
  });

  it("records an ad whose stock payload is malformed, without stopping", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 5 } },
        { id: "MLB2", inventory_id: "INV2", stock: { available: 6 } },
      ],
      [fullAd("MLB1"), fullAd("MLB2")],
    );
    sandbox.faults.malformed({ path: "/inventories/INV2/stock/fulfillment", count: 1 });

    // Act
    const result = await sync();

    // Assess
    expect(result.stock.failed).toEqual([{ ad_id: "MLB2", error: expect.stringContaining(`${STOCK_ENDPOINT}: unexpected payload`) }]);
    expect([...(await inventoryById()).keys()]).toEqual(["INV1"]);
  });

  it("records an ad whose item entry in the multiget is malformed, and reads the others", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 5 } },
        { id: "MLB2", inventory_id: "INV2", stock: { available: 6 } },
      ],
      [fullAd("MLB1"), fullAd("MLB2")],
    );
    // Discovery's read of the items, then the shard's read of the one item discovery could not hand over, get the malformed entry.
    sandbox.faults.malformed({
      path: "/items",
      count: 1,
      body: [
        { code: 200, body: { id: "MLB1", inventory_id: "INV1" } },
        { code: 200, body: { id: "MLB2", variations: "none" } },
      ],
    });
    sandbox.faults.malformed({ path: "/items", count: 1, body: [{ code: 200, body: { id: "MLB2", variations: "none" } }] });

    // Act
    const result = await sync();

    // Assess
    expect(result.stock.failed).toEqual([{ ad_id: "MLB2", error: expect.stringContaining("GET /items: unexpected payload") }]);
    expect([...(await inventoryById()).keys()]).toEqual(["INV1"]);
  });

  it("leaves each ad's records all old or all new when some reads fail, and frees the lease", async () => {
    // Prepare: MLB2 has two variations and the stock of one of them cannot be read.
    const old = { available_qty: 1, in_transit_qty: 1, not_available_qty: 1, days_of_stock: 3, oldest_stock_days: 40, updated_at: `${daysAgo(1)}T12:00:00Z` };
    await prepare(
      [
        { id: "MLB1", inventory_id: "INV1", stock: { available: 5 }, receptions: [{ date: daysAgo(3), quantity: 5 }] },
        {
          id: "MLB2",
          variations: [
            { id: 21, inventory_id: "VAR21", stock: { available: 8 } },
            { id: 22, inventory_id: "VAR22", stock: { available: 9 } },
          ],
        },
      ],
      [fullAd("MLB1", { sku: "A" }), fullAd("MLB2", { sku: "B" })],
      {
        inventory: [
          { inventory_id: "INV1", ad_id: "MLB1", sku: "A", ...old },
          { inventory_id: "VAR21", ad_id: "MLB2", sku: "B", variation_id: 21, ...old },
          { inventory_id: "VAR22", ad_id: "MLB2", sku: "B", variation_id: 22, ...old },
        ],
        daily_stock: ["INV1", "VAR21", "VAR22"].map((inventory_id) => ({ inventory_id, day: TODAY, available_qty: 1, in_transit_qty: 1, not_available_qty: 1 })),
      },
    );
    const before = await inventoryById();
    sandbox.faults.inject({ path: "/inventories/VAR22/stock/fulfillment", status: 503, count: 3 });

    // Act
    const result = await sync();

    // Assess
    expect(result.stock.failed).toEqual([{ ad_id: "MLB2", error: expect.stringContaining("HTTP 503") }]);
    const after = await inventoryById();
    expect(after.get("INV1")).toMatchObject({ available_qty: 5, in_transit_qty: 0, not_available_qty: 0, oldest_stock_days: 3, updated_at: NOW.toISOString() });
    expect(after.get("VAR21")).toEqual(before.get("VAR21"));
    expect(after.get("VAR22")).toEqual(before.get("VAR22"));
    expect(await dailyRows(["INV1", "VAR21", "VAR22"])).toEqual([
      { inventory_id: "INV1", day: TODAY, available_qty: 5, in_transit_qty: 0, not_available_qty: 0 },
      { inventory_id: "VAR21", day: TODAY, available_qty: 1, in_transit_qty: 1, not_available_qty: 1 },
      { inventory_id: "VAR22", day: TODAY, available_qty: 1, in_transit_qty: 1, not_available_qty: 1 },
    ]);
    expect(await leaseHeld()).toBeUndefined();
  });
});

describe("lease", () => {
  const oneItem: SandboxItem[] = [{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }];

  it("lets one of two concurrent syncs run; the other is refused with 409 before any marketplace call", async () => {
    // Prepare
    await prepare(oneItem, [fullAd("MLB1")]);

    // Act: both on one clock standing at NOW.
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const outcomes = await Promise.allSettled([sync(), sync()]).finally(() => vi.useRealTimers());

    // Assess
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(SyncRunningError);
    expect(requestsOfTest().filter((line) => line.startsWith("GET /users/"))).toHaveLength(1);
    expect(await leaseHeld()).toBeUndefined();
  });

  it("refuses to run while another sync holds the lease, and changes nothing", async () => {
    // Prepare
    await prepare(oneItem, [fullAd("MLB1")]);
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "running-elsewhere", SYNC_LEASE_TTL_MS, NOW.getTime() - 10_000)).toBe(true);

    // Act
    const error = await sync().catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(SyncRunningError);
    expect(requestsOfTest()).toEqual([]);
    expect(await listInventory(db.ref)).toEqual([]);
    expect(await leaseHeld()).toMatchObject({ owner: "running-elsewhere" });
    await releaseLease(db.ref, SYNC_LEASE_NAME, "running-elsewhere");
  });

  it("is not blocked by the expired lease of a crashed sync", async () => {
    // Prepare
    await prepare(oneItem, [fullAd("MLB1")]);
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "crashed", SYNC_LEASE_TTL_MS, NOW.getTime() - SYNC_LEASE_TTL_MS - 1000)).toBe(true);

    // Act
    const result = await sync();

    // Assess
    expect(result.stock).toMatchObject({ inventories: 1, failed: [] });
    expect(await leaseHeld()).toBeUndefined();
  });
});
