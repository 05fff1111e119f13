import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LocalStockRow } from "../records.js";
import { fullAd } from "../test-records.js";
import { addDays } from "../time.js";
import { allocateLocalStock, consolidatedPlans, needsOf, sellerPlan, type SellerNeeds, type SkuAllocation } from "./allocation.js";
import { localStockBySku, totalUnits } from "./local-stock.js";
import { computeRestockPlan, type RestockPlanInput } from "./plan.js";
import { SAFETY_METHODS } from "./stock-policy.js";

const TODAY = "2026-11-21";
const SKUS = ["A", "B", "C", "D"];

const localRowArb: fc.Arbitrary<LocalStockRow> = fc.record({
  sku: fc.constantFrom(...SKUS),
  warehouse: fc.constantFrom(null, "Norte", "Sul", " "),
  available: fc.integer({ min: -3, max: 80 }),
});
const localStockArb = fc.array(localRowArb, { maxLength: 10 });

// Few dates and coverages, so that ties are frequent.
const needArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  units: fc.integer({ min: 0, max: 60 }),
  ship_by: fc.constantFrom(TODAY, addDays(TODAY, 3), addDays(TODAY, 20)),
  coverage_days: fc.constantFrom(0, 1.5, 4, 30),
  snoozed: fc.boolean(),
});
const sellersArb: fc.Arbitrary<SellerNeeds[]> = fc.uniqueArray(
  fc.record({ seller_id: fc.constantFrom("101", "202", "303", "404"), needs: fc.uniqueArray(needArb, { selector: (n) => n.sku, maxLength: 4 }) }),
  { selector: (s) => s.seller_id, minLength: 1, maxLength: 4 },
);

/** One account's plan inputs over SKUS, without the shared local stock. */
const planInputArb: fc.Arbitrary<Omit<RestockPlanInput, "localStock">> = fc
  .record({
    sales: fc.array(fc.integer({ min: 0, max: 90 }), { minLength: SKUS.length, maxLength: SKUS.length }),
    full: fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 20 })), { minLength: SKUS.length, maxLength: SKUS.length }),
    stockouts: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: SKUS.length, maxLength: SKUS.length }),
    planning: fc.array(
      fc.record({
        case_pack: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        lead_time_days: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        snooze_until: fc.option(fc.constantFrom(addDays(TODAY, -1), TODAY, addDays(TODAY, 5)), { nil: null }),
      }),
      { minLength: SKUS.length, maxLength: SKUS.length },
    ),
    method: fc.constantFrom(...SAFETY_METHODS),
    leadTimeDays: fc.integer({ min: 0, max: 20 }),
  })
  .map(({ sales, full, stockouts, planning, method, leadTimeDays }) => ({
    today: TODAY,
    targetDays: 30,
    horizonDays: 14,
    policy: { leadTimeDays, safetyMethod: method, safetyMultiplier: 1.5 },
    candidates: SKUS.map((sku, i) => fullAd(`M-${sku}`, sku, sales[i]!)),
    inventory: SKUS.map((sku, i) => ({ inventory_id: `I-${sku}`, sku, available_qty: full[i]![0], in_transit_qty: full[i]![1] })),
    stockouts: new Map(SKUS.map((sku, i) => [sku, stockouts[i]!])),
    planning: SKUS.map((sku, i) => ({ sku, ...planning[i]! })),
  }));

const warehouseKey = (warehouse: string | null) => warehouse ?? "";

/** Local units per SKU and per warehouse, as the plan counts them. */
function stockOf(localStock: readonly LocalStockRow[]) {
  const bySku = localStockBySku(localStock);
  const byWarehouse = new Map<string, number>();
  for (const [sku, sources] of bySku) for (const s of sources) byWarehouse.set(`${sku}|${warehouseKey(s.warehouse)}`, (byWarehouse.get(`${sku}|${warehouseKey(s.warehouse)}`) ?? 0) + s.units);
  return { total: (sku: string) => totalUnits(bySku.get(sku) ?? []), byWarehouse };
}

/** The allocation's promises: never more than the stock, per SKU and per warehouse; never more than a need; urgency first. */
function expectSound(allocations: readonly SkuAllocation[], localStock: readonly LocalStockRow[]) {
  const stock = stockOf(localStock);
  const sent = new Map<string, number>();
  for (const a of allocations) {
    expect(a.quantity).toBeGreaterThanOrEqual(0);
    expect(a.quantity).toBeLessThanOrEqual(a.need);
    expect(a.unmet).toBe(a.need - a.quantity);
    expect(totalUnits(a.sources)).toBe(a.quantity);
    for (const s of a.sources) {
      expect(s.units).toBeGreaterThan(0);
      const key = `${a.sku}|${warehouseKey(s.warehouse)}`;
      sent.set(key, (sent.get(key) ?? 0) + s.units);
    }
  }
  for (const [key, units] of sent) expect(units).toBeLessThanOrEqual(stock.byWarehouse.get(key) ?? 0);
  for (const sku of new Set(allocations.map((a) => a.sku))) {
    const lines = allocations.filter((a) => a.sku === sku);
    const total = lines.reduce((sum, a) => sum + a.quantity, 0);
    expect(total).toBeLessThanOrEqual(stock.total(sku));
    // Lines come most urgent first: once one is short, every later one gets nothing.
    const firstShort = lines.findIndex((a) => a.unmet > 0);
    if (firstShort >= 0) {
      expect(lines.slice(firstShort + 1).every((a) => a.quantity === 0)).toBe(true);
      expect(total).toBe(stock.total(sku));
    }
  }
}

describe("the consolidated allocation over random data", () => {
  it("never suggests more than the local stock, more than a need, or to a later account while an earlier one is short", () => {
    fc.assert(
      fc.property(sellersArb, localStockArb, (sellers, localStock) => {
        const allocations = allocateLocalStock(sellers, localStock);
        expectSound(allocations, localStock);
        expect(allocations).toHaveLength(sellers.reduce((sum, s) => sum + s.needs.length, 0));
        // Pairwise, from the needs themselves: a more urgent account short means the other got nothing.
        const needOf = (a: SkuAllocation) => sellers.find((s) => s.seller_id === a.seller_id)!.needs.find((n) => n.sku === a.sku)!;
        const rank = (a: SkuAllocation) => {
          const n = needOf(a);
          return [n.snoozed ? 1 : 0, n.ship_by, n.coverage_days, a.seller_id] as const;
        };
        const moreUrgent = (a: SkuAllocation, b: SkuAllocation) => {
          const [x, y] = [rank(a), rank(b)];
          for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
          return false;
        };
        for (const a of allocations) {
          for (const b of allocations) if (a.sku === b.sku && moreUrgent(a, b) && a.unmet > 0) expect(b.quantity).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("ranks by urgency whatever order the accounts and their needs come in", () => {
    fc.assert(
      fc.property(sellersArb, localStockArb, (sellers, localStock) => {
        const reversed = [...sellers].reverse().map((s) => ({ ...s, needs: [...s.needs].reverse() }));
        expect(allocateLocalStock(reversed, localStock)).toEqual(allocateLocalStock(sellers, localStock));
      }),
      { numRuns: 200 },
    );
  });

  it("with a single account, gives exactly the single plan's quantities, sources and lines", () => {
    fc.assert(
      fc.property(planInputArb, localStockArb, (input, localStock) => {
        const alone = computeRestockPlan({ ...input, localStock });
        const allocations = allocateLocalStock([{ seller_id: "101", needs: needsOf(alone) }], localStock);
        const bySku = new Map(allocations.map((a) => [a.sku, a]));
        for (const line of alone.items) expect([bySku.get(line.sku)!.quantity, bySku.get(line.sku)!.sources]).toEqual([line.quantity, line.sources]);
        expect(sellerPlan({ ...input, localStock }, allocations, "101")).toEqual(alone);
        expect(consolidatedPlans([{ seller_id: "101", input }], localStock).plans.get("101")).toEqual(alone);
      }),
      { numRuns: 300 },
    );
  });

  it("leaves each account's plan sending its share, and all plans together within the local stock", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom("101", "202", "303"), { minLength: 1, maxLength: 3 }),
        fc.array(planInputArb, { minLength: 3, maxLength: 3 }),
        localStockArb,
        (ids, inputs, localStock) => {
          const { allocations, plans } = consolidatedPlans(
            ids.map((seller_id, i) => ({ seller_id, input: inputs[i]! })),
            localStock,
          );
          expectSound(allocations, localStock);
          const stock = stockOf(localStock);
          const sentBySku = new Map<string, number>();
          for (const id of ids) {
            for (const line of plans.get(id)!.items) {
              const share = allocations.find((a) => a.seller_id === id && a.sku === line.sku)!;
              expect([line.quantity, line.sources]).toEqual([share.quantity, share.sources]);
              expect(line.local_available).toBe(stock.total(line.sku));
              sentBySku.set(line.sku, (sentBySku.get(line.sku) ?? 0) + line.quantity);
            }
          }
          for (const [sku, sent] of sentBySku) expect(sent).toBeLessThanOrEqual(stock.total(sku));
        },
      ),
      { numRuns: 150 },
    );
  });
});
