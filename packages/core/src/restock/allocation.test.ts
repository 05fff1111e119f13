import { describe, expect, it } from "vitest";
import type { InventoryRecord } from "../records.js";
import { fullAd } from "../test-records.js";
import { allocateLocalStock, consolidatedPlans, type SkuNeed } from "./allocation.js";
import type { RestockPlanInput } from "./plan.js";

const TODAY = "2026-11-21";

const need = (sku: string, units: number, ship_by: string, coverage_days: number, snoozed = false): SkuNeed => ({ sku, units, ship_by, coverage_days, snoozed });
const shares = (allocations: ReturnType<typeof allocateLocalStock>) => allocations.map((a) => [a.seller_id, a.sku, a.quantity, a.unmet]);

describe("allocating one warehouse across accounts", () => {
  it("serves the account that ships first, and leaves the later one short", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 24, "2026-11-25", 9)] },
        { seller_id: "B", needs: [need("X", 40, TODAY, 3)] },
      ],
      [{ sku: "X", warehouse: "CD", available: 50 }],
    );

    expect(allocations).toEqual([
      { seller_id: "B", sku: "X", need: 40, quantity: 40, unmet: 0, sources: [{ warehouse: "CD", units: 40 }] },
      { seller_id: "A", sku: "X", need: 24, quantity: 10, unmet: 14, sources: [{ warehouse: "CD", units: 10 }] },
    ]);
  });

  it("on the same ship-by day, serves the shorter coverage first", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 30, TODAY, 4.5)] },
        { seller_id: "B", needs: [need("X", 30, TODAY, 1.2)] },
      ],
      [{ sku: "X", available: 40 }],
    );

    expect(shares(allocations)).toEqual([
      ["B", "X", 30, 0],
      ["A", "X", 10, 20],
    ]);
  });

  it("breaks a full tie by seller id, whatever order the accounts come in", () => {
    const needs = (id: string) => ({ seller_id: id, needs: [need("X", 8, TODAY, 2)] });
    const stock = [{ sku: "X", available: 10 }];

    const forward = allocateLocalStock([needs("111"), needs("222")], stock);
    const backward = allocateLocalStock([needs("222"), needs("111")], stock);

    expect(shares(forward)).toEqual([
      ["111", "X", 8, 0],
      ["222", "X", 2, 6],
    ]);
    expect(backward).toEqual(forward);
  });

  it("lets a snoozed SKU take only what the other accounts leave", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 20, TODAY, 0, true)] },
        { seller_id: "B", needs: [need("X", 20, "2026-12-20", 40)] },
      ],
      [{ sku: "X", available: 25 }],
    );

    expect(shares(allocations)).toEqual([
      ["B", "X", 20, 0],
      ["A", "X", 5, 15],
    ]);
  });

  it("with no local stock, sends nothing and leaves every need unmet", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 12, TODAY, 1)] },
        { seller_id: "B", needs: [need("X", 7, TODAY, 2)] },
      ],
      [
        { sku: "X", available: 0 },
        { sku: "X", warehouse: "CD", available: -4 },
        { sku: "Y", available: 30 },
      ],
    );

    expect(allocations).toEqual([
      { seller_id: "A", sku: "X", need: 12, quantity: 0, unmet: 12, sources: [] },
      { seller_id: "B", sku: "X", need: 7, quantity: 0, unmet: 7, sources: [] },
    ]);
  });

  it("gives an account with nothing needed no units, even when it is the most urgent", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 0, TODAY, 0)] },
        { seller_id: "B", needs: [need("X", 15, "2026-12-01", 12)] },
      ],
      [{ sku: "X", available: 15 }],
    );

    expect(allocations).toEqual([
      { seller_id: "A", sku: "X", need: 0, quantity: 0, unmet: 0, sources: [] },
      { seller_id: "B", sku: "X", need: 15, quantity: 15, unmet: 0, sources: [{ warehouse: null, units: 15 }] },
    ]);
  });

  it("caps a case-pack quantity at the units left instead of rounding past them", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 24, TODAY, 1)] },
        { seller_id: "B", needs: [need("X", 24, TODAY, 2)] },
      ],
      [{ sku: "X", available: 44 }],
    );

    expect(shares(allocations)).toEqual([
      ["A", "X", 24, 0],
      ["B", "X", 20, 4],
    ]);
  });

  it("draws each account from the warehouses with the most units left, never a unit twice", () => {
    const allocations = allocateLocalStock(
      [
        { seller_id: "A", needs: [need("X", 35, TODAY, 1)] },
        { seller_id: "B", needs: [need("X", 30, TODAY, 2)] },
      ],
      [
        { sku: "X", warehouse: "Norte", available: 30 },
        { sku: "X", warehouse: "Sul", available: 20 },
      ],
    );

    expect(allocations.map((a) => [a.seller_id, a.sources])).toEqual([
      [
        "A",
        [
          { warehouse: "Norte", units: 30 },
          { warehouse: "Sul", units: 5 },
        ],
      ],
      ["B", [{ warehouse: "Sul", units: 15 }]],
    ]);
  });

  it("refuses an account listed twice or a SKU needed twice by one account", () => {
    expect(() => allocateLocalStock([{ seller_id: "A", needs: [] }, { seller_id: "A", needs: [] }], [])).toThrow(/listed twice/);
    expect(() => allocateLocalStock([{ seller_id: "A", needs: [need("X", 1, TODAY, 1), need("X", 2, TODAY, 1)] }], [])).toThrow(/twice/);
  });
});

describe("each account's own plan over the shared warehouse", () => {
  const stock = (sku: string, available: number): Pick<InventoryRecord, "inventory_id" | "sku" | "available_qty" | "in_transit_qty"> => ({
    inventory_id: `INV-${sku}-${available}`,
    sku,
    available_qty: available,
    in_transit_qty: 0,
  });
  const input = (fullAvailable: number, casePack: number | null): Omit<RestockPlanInput, "localStock" | "allowance"> => ({
    today: TODAY,
    targetDays: 30,
    horizonDays: 14,
    policy: { leadTimeDays: 5, safetyMethod: "nenhum", safetyMultiplier: 1.5 },
    candidates: [fullAd("M1", "X", 30)],
    inventory: [stock("X", fullAvailable)],
    dailyRows: [],
    planning: casePack === null ? [] : [{ sku: "X", case_pack: casePack, lead_time_days: null, snooze_until: null }],
  });

  it("shows each account what the consolidated plan leaves it, and the warehouse's whole stock", () => {
    // 1/day, lead 5, target 30. Store 1: 2 in Full, none left at arrival → 30 needed, packs of 12 → 36.
    // Store 2: 10 in Full, 5 left at arrival → 25 needed.
    // Store 1 ships now; store 2 ships by today + 5 and gets what is left.
    const { allocations, plans } = consolidatedPlans(
      [
        { seller_id: "loja-2", input: input(10, null) },
        { seller_id: "loja-1", input: input(2, 12) },
      ],
      [
        { sku: "X", warehouse: "CD", available: 40 },
        { sku: "X", warehouse: "Loja", available: 10 },
      ],
    );

    expect(shares(allocations)).toEqual([
      ["loja-1", "X", 36, 0],
      ["loja-2", "X", 14, 11],
    ]);
    const [first] = plans.get("loja-1")!.items;
    expect(first).toMatchObject({ quantity_needed: 30, quantity: 36, local_available: 50, status: "ship_now", sources: [{ warehouse: "CD", units: 36 }] });
    const [second] = plans.get("loja-2")!.items;
    expect(second).toMatchObject({ quantity_needed: 25, quantity: 14, local_available: 50, status: "due" });
    expect(second!.sources).toEqual([
      { warehouse: "Loja", units: 10 },
      { warehouse: "CD", units: 4 },
    ]);
    expect(second!.reason_details).toContainEqual(expect.objectContaining({ code: "capped_by_local_stock", params: { quantity: 14, rounded: 25 } }));
  });

  it("marks a line with nothing left to send as without local stock", () => {
    const { plans } = consolidatedPlans(
      [
        { seller_id: "A", input: input(0, null) },
        { seller_id: "B", input: input(5, null) },
      ],
      [{ sku: "X", available: 20 }],
    );

    expect(plans.get("A")!.items[0]).toMatchObject({ quantity: 20, status: "ship_now" });
    expect(plans.get("B")!.items[0]).toMatchObject({ quantity: 0, sources: [], local_available: 20, status: "no_local_stock" });
  });
});
