import { describe, expect, it } from "vitest";
import { driftOf, inventoryDrift, sumDrift, writtenDuringRead, type InventoryDrift, type InventoryReconciliation, type StoredStock } from "./drift.js";

const ZONE = "America/Sao_Paulo";
/** The sync began reading the marketplace at 06:00 UTC; yesterday's sync stored at 06:00 UTC the day before. */
const READ_STARTED = new Date("2026-06-30T06:00:00.000Z");
const YESTERDAY_SYNC = "2026-06-29T06:00:00.000Z";

const LOTS = [
  { day: "2026-06-01", units: 4 },
  { day: "2026-06-20", units: 6 },
];
const STORED: StoredStock = { available_qty: 10, in_transit_qty: 2, not_available_qty: 1, total_qty: 13, fifo_lots: LOTS, updated_at: "2026-06-29T15:30:00.000Z" };
const READ = { available_qty: 10, in_transit_qty: 2, not_available_qty: 1, total_qty: 13, fifo_lots: LOTS };

const reconcile = (change: Partial<InventoryReconciliation> = {}): InventoryDrift | null =>
  inventoryDrift({
    inventory_id: "INV1",
    ad_id: "MLB1",
    read: READ,
    before: STORED,
    after: { updated_at: STORED.updated_at },
    readStartedAt: READ_STARTED,
    timeZone: ZONE,
    searchedFrom: "2026-05-02",
    ...change,
  });

describe("inventoryDrift", () => {
  it("finds none when the stored stock and lots are what the marketplace says", () => {
    expect(reconcile()).toBeNull();
  });

  it("finds the stock by state that differs, with the marketplace's figures expected and the stored ones found", () => {
    const drift = reconcile({ read: { ...READ, available_qty: 7, total_qty: 10, fifo_lots: [{ day: "2026-06-01", units: 1 }, { day: "2026-06-20", units: 6 }] } });

    expect(drift).toEqual({
      inventory_id: "INV1",
      ad_id: "MLB1",
      expected: { available_qty: 7, in_transit_qty: 2, not_available_qty: 1, total_qty: 10, fifo_lots: [{ day: "2026-06-01", units: 1 }, { day: "2026-06-20", units: 6 }] },
      found: { available_qty: 10, in_transit_qty: 2, not_available_qty: 1, total_qty: 13, fifo_lots: LOTS },
    });
  });

  it("finds units moved between states with the same total", () => {
    expect(reconcile({ read: { ...READ, in_transit_qty: 0, not_available_qty: 3 } })?.expected).toMatchObject({ in_transit_qty: 0, not_available_qty: 3 });
  });

  it("finds lots that differ with the same stock: a reception the notifications never brought", () => {
    const read = { ...READ, fifo_lots: [{ day: "2026-06-20", units: 6 }, { day: "2026-06-29", units: 4 }] };

    expect(reconcile({ read })?.found.fifo_lots).toEqual(LOTS);
  });

  it("compares lots only back to the oldest day the search covered, and not at all when no search answered", () => {
    // The 06-01 lot is older than the search reached: the sync sees those units as of unknown age.
    const read = { ...READ, fifo_lots: [{ day: "2026-06-20", units: 6 }] };
    expect(reconcile({ read, searchedFrom: "2026-06-10" })).toBeNull();
    expect(reconcile({ read: { ...READ, fifo_lots: [] }, searchedFrom: null })).toBeNull();
    expect(reconcile({ read: { ...READ, available_qty: 9 }, searchedFrom: null })?.expected.fifo_lots).toBeNull();
  });

  it("does not judge lots a record never stored", () => {
    expect(reconcile({ before: { ...STORED, fifo_lots: undefined }, read: { ...READ, fifo_lots: [] } })).toBeNull();
  });

  it("reads missing or unknown stored figures as null, which differ from any read", () => {
    const drift = reconcile({ before: { ...STORED, available_qty: null, in_transit_qty: undefined } });
    expect(drift?.found).toMatchObject({ available_qty: null, in_transit_qty: null });
  });

  it("does not count an inventory new to the catalogue (no stored record)", () => {
    expect(reconcile({ before: undefined, after: undefined, read: { ...READ, available_qty: 1 } })).toBeNull();
  });

  it("does not count a record written while the marketplace was read", () => {
    const read = { ...READ, available_qty: 3, total_qty: 6 };
    // Rewritten between the two reads of the record.
    expect(reconcile({ read, after: { updated_at: "2026-06-30T06:00:01.000Z" } })).toBeNull();
    // Written at or after the read began (a consumer's clock ahead of the sync's).
    expect(reconcile({ read, before: { ...STORED, updated_at: "2026-06-30T06:00:00.000Z" }, after: { updated_at: "2026-06-30T06:00:00.000Z" } })).toBeNull();
    // Gone meanwhile.
    expect(reconcile({ read, after: undefined })).toBeNull();
    // Yesterday's sync, untouched since: judged.
    expect(reconcile({ read, before: { ...STORED, updated_at: YESTERDAY_SYNC }, after: { updated_at: YESTERDAY_SYNC } })).not.toBeNull();
  });
});

describe("writtenDuringRead", () => {
  it("reads a stored time without an offset in the business zone", () => {
    // 02:59 in São Paulo is 05:59 UTC, before the read; 03:00 is the read's instant.
    expect(writtenDuringRead({ updated_at: "2026-06-30T02:59:00" }, { updated_at: "2026-06-30T02:59:00" }, READ_STARTED, ZONE)).toBe(false);
    expect(writtenDuringRead({ updated_at: "2026-06-30T03:00:00" }, { updated_at: "2026-06-30T03:00:00" }, READ_STARTED, ZONE)).toBe(true);
  });

  it("takes a record never stamped for one written before the read", () => {
    expect(writtenDuringRead({ updated_at: null }, { updated_at: null }, READ_STARTED, ZONE)).toBe(false);
    expect(writtenDuringRead({}, {}, READ_STARTED, ZONE)).toBe(false);
  });
});

describe("driftOf and sumDrift", () => {
  const drifted = (adId: string, inventoryId: string): InventoryDrift => ({ inventory_id: inventoryId, ad_id: adId, expected: { ...READ }, found: { ...READ, available_qty: 0 } });

  it("counts every inventory and keeps the first ones by ad and inventory id", () => {
    const run = driftOf([drifted("MLB10", "I1"), drifted("MLB2", "I9"), drifted("MLB2", "I3")], 2);

    expect(run.count).toBe(3);
    expect(run.inventories.map((entry) => `${entry.ad_id}/${entry.inventory_id}`)).toEqual(["MLB2/I3", "MLB2/I9"]);
  });

  it("sums the shards' counts and keeps the first of all their inventories", () => {
    const shards = [driftOf([drifted("MLB5", "A"), drifted("MLB7", "B"), drifted("MLB9", "C")], 2), driftOf([drifted("MLB1", "D")], 2), driftOf([], 2)];

    const run = sumDrift(shards, 2);

    expect(run.count).toBe(4);
    expect(run.inventories.map((entry) => entry.ad_id)).toEqual(["MLB1", "MLB5"]);
    expect(sumDrift([])).toEqual({ count: 0, inventories: [] });
  });
});
