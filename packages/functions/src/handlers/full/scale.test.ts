import { beforeAll, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { load, type AdInput, type InventoryInput } from "#test/fixtures";
import { handler as inventoryList } from "./inventory-list.js";
import { handler as overview } from "./overview.js";
import { handler as replenishment } from "./replenishment.js";

const db = useTestTable("scale");

const RECORDS = 5_000;
const ADS = 2_000;
const ADS_STORED = 1_800; // MLB1800..MLB1999 are referenced by records but have no ad
const SKUS = 500;
const SKUS_WITH_METRIC = 450;

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % (max + 1);
  };
}

const random = generator(20_261_121);

const ads: AdInput[] = Array.from({ length: ADS_STORED }, (_, j) => ({
  id: `MLB${j}`,
  title: `Produto ${j}`,
  thumbnail: j % 4 === 0 ? null : `https://img/${j}.jpg`,
  permalink: `https://ml/MLB${j}`,
  // every fifth ad has no cost and the next one a zero cost; the rest whole cents
  cost: j % 5 === 0 ? null : j % 5 === 1 ? 0 : (100 + random(99_900)) / 100,
  sku: j % 9 === 0 ? null : `SKU${j % SKUS}`,
  is_full: j % 3 !== 0,
  sales_30d: j % 6 === 0 ? null : random(120),
}));

const records: InventoryInput[] = Array.from({ length: RECORDS }, (_, i) => ({
  inventory_id: `INV-${String(i).padStart(5, "0")}`,
  ad_id: i % 10 === 0 ? null : `MLB${i % ADS}`,
  sku: i % 7 === 0 ? null : `SKU${i % SKUS}`,
  variation_id: i % 3 === 0 ? null : i,
  available_qty: i % 13 === 0 ? null : random(200),
  in_transit_qty: i % 17 === 0 ? null : random(50),
  not_available_qty: i % 19 === 0 ? null : random(20),
  // 7919 is prime to 5000: every record has its own coverage, 0.0 to 499.9
  days_of_stock: i % 11 === 0 ? null : ((i * 7_919) % RECORDS) / 10,
  oldest_stock_days: i % 23 === 0 ? null : random(400),
  updated_at: i % 2 === 0 ? "2026-11-20T10:00:00Z" : null,
}));

const metrics = Array.from({ length: SKUS_WITH_METRIC }, (_, j) => ({
  sku: `SKU${j}`,
  storage_cost: j % 9 === 0 ? 0 : (j + 1) / 100,
  storage_risk_cost: j % 4 === 0 ? null : (j + 3) / 1000,
}));

const localStock = Array.from({ length: SKUS }, (_, j) => [
  { sku: `SKU${j}`, available: random(300), warehouse: "WH-A" },
  ...(j % 2 === 0 ? [{ sku: `SKU${j}`, available: random(100) }] : []),
]).flat();

interface ReplenishmentItem {
  sku: string;
  full_available: number;
  local_available: number;
  sales_30d: number;
  coverage_days: number;
  quantity_needed: number;
  quantity_suggested: number;
}

const adById = new Map(ads.map((a) => [a.id, a]));
const metricBySku = new Map(metrics.map((m) => [m.sku, m]));

describe("fulfillment endpoints over 5,000 inventory records", () => {
  beforeAll(async () => {
    await load(db.ref, { ads, inventory: records, metrics, local_stock: localStock });
  }, 60_000);

  it("overview sums match sums computed over the generated records", async () => {
    const sum = (value: (r: InventoryInput) => number): number => records.reduce((total, r) => total + value(r), 0);
    const count = (holds: (r: InventoryInput) => boolean): number => records.filter(holds).length;
    const available = sum((r) => r.available_qty ?? 0);
    const inTransit = sum((r) => r.in_transit_qty ?? 0);
    const notAvailable = sum((r) => r.not_available_qty ?? 0);
    const valueInCents = sum((r) => {
      const cost = r.ad_id ? adById.get(r.ad_id)?.cost : null;
      return cost ? (r.available_qty ?? 0) * Math.round(cost * 100) : 0;
    });
    const lowCoverage = count((r) => r.days_of_stock !== null && r.days_of_stock! < 14);
    const aged = count((r) => r.oldest_stock_days !== null && r.oldest_stock_days! > 90);
    const stranded = count((r) => (r.available_qty ?? 0) > 0 && (r.days_of_stock === null || r.days_of_stock! > 180));
    const products = new Set(records.flatMap((r) => (r.ad_id ? [r.ad_id] : [])));

    const response = await invoke(overview, { path: "/full/overview" });

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      has_data: true,
      summary: {
        products_count: products.size,
        inventories_count: RECORDS,
        units_available: available,
        units_in_transit: inTransit,
        units_not_available: notAvailable,
        immobilized_value: valueInCents / 100,
      },
      alerts: { low_coverage: lowCoverage, aged_stock: aged, stranded },
      // Half the records carry one time, the others none.
      updated_at: "2026-11-20T10:00:00.000Z",
      warnings: expect.any(Array),
    });
    // The fixture is meant to exercise every branch.
    expect(products.size).toBe(ADS - ADS / 10);
    expect(Math.min(lowCoverage, aged, stranded)).toBeGreaterThan(0);
  });

  it("inventory list holds every record with its ad and metric, by coverage ascending and unknown last", async () => {
    const known = records.filter((r) => r.days_of_stock !== null).sort((a, b) => a.days_of_stock! - b.days_of_stock!);
    const unknown = records.filter((r) => r.days_of_stock === null);
    const costOrNull = (value: number | null | undefined) => (value ? value : null);

    const response = await invoke(inventoryList, { path: "/full/inventory" });

    expect(response.statusCode).toBe(200);
    expect(response.body.has_data).toBe(true);
    expect(response.body.count).toBe(RECORDS);
    const items: Record<string, unknown>[] = response.body.items;
    expect(items.slice(0, known.length).map((item) => item.inventory_id)).toEqual(known.map((r) => r.inventory_id));
    expect(new Set(items.slice(known.length).map((item) => item.inventory_id))).toEqual(new Set(unknown.map((r) => r.inventory_id)));
    const byId = new Map(records.map((r) => [r.inventory_id, r]));
    for (const item of items) {
      const record = byId.get(item.inventory_id as string)!;
      const itemAd = record.ad_id ? adById.get(record.ad_id) : undefined;
      const metric = record.sku ? metricBySku.get(record.sku) : undefined;
      expect(item).toEqual({
        inventory_id: record.inventory_id,
        ad_id: record.ad_id,
        sku: record.sku,
        variation_id: record.variation_id,
        title: itemAd?.title ?? null,
        thumbnail: itemAd?.thumbnail ?? null,
        permalink: itemAd?.permalink ?? null,
        available_qty: record.available_qty,
        in_transit_qty: record.in_transit_qty,
        not_available_qty: record.not_available_qty,
        total_qty: (record.available_qty ?? 0) + (record.in_transit_qty ?? 0) + (record.not_available_qty ?? 0),
        days_of_stock: record.days_of_stock,
        oldest_stock_days: record.oldest_stock_days,
        storage_cost_unit: costOrNull(metric?.storage_cost),
        storage_risk_unit: costOrNull(metric?.storage_risk_cost),
        is_aged: record.oldest_stock_days !== null && record.oldest_stock_days! > 90,
        is_low_coverage: record.days_of_stock !== null && record.days_of_stock! < 14,
        updated_at: record.updated_at,
      });
    }
  });

  it("inventory list sorts by age and by available units, and filters alerts, over all records", async () => {
    const [aged, available, alerts] = await Promise.all([
      invoke(inventoryList, { path: "/full/inventory", query: { sort_by: "aged" } }),
      invoke(inventoryList, { path: "/full/inventory", query: { sort_by: "available" } }),
      invoke(inventoryList, { path: "/full/inventory", query: { alerts: "1" } }),
    ]);

    const ages: (number | null)[] = aged.body.items.map((item: { oldest_stock_days: number | null }) => item.oldest_stock_days);
    const knownAges = ages.filter((age) => age !== null) as number[];
    expect(ages.slice(0, knownAges.length)).toEqual(knownAges);
    expect(ages.slice(knownAges.length).every((age) => age === null)).toBe(true);
    expect(knownAges).toEqual([...knownAges].sort((a, b) => b - a));
    expect(knownAges).toHaveLength(records.filter((r) => r.oldest_stock_days !== null).length);

    const units: number[] = available.body.items.map((item: { available_qty: number | null }) => item.available_qty ?? 0);
    expect(units).toHaveLength(RECORDS);
    expect(units).toEqual([...units].sort((a, b) => b - a));

    const alerting = records.filter(
      (r) => (r.oldest_stock_days !== null && r.oldest_stock_days! > 90) || (r.days_of_stock !== null && r.days_of_stock! < 14),
    );
    expect(alerts.body.count).toBe(alerting.length);
    expect(new Set(alerts.body.items.map((item: { inventory_id: string }) => item.inventory_id))).toEqual(
      new Set(alerting.map((r) => r.inventory_id)),
    );
  });

  it("replenishment totals per SKU match direct sums of inventory and local stock", async () => {
    const fullBySku = new Map<string, number>();
    for (const r of records) if (r.sku) fullBySku.set(r.sku, (fullBySku.get(r.sku) ?? 0) + (r.available_qty ?? 0));
    const localBySku = new Map<string, number>();
    for (const row of localStock) localBySku.set(row.sku, (localBySku.get(row.sku) ?? 0) + row.available);
    const salesBySku = new Map<string, number>();
    for (const a of ads) if (a.is_full && a.sku) salesBySku.set(a.sku, (salesBySku.get(a.sku) ?? 0) + (a.sales_30d ?? 0));

    const response = await invoke(replenishment, { path: "/full/replenishment", query: { target_days: "90", trigger_days: "90" } });

    expect(response.statusCode).toBe(200);
    const items: ReplenishmentItem[] = response.body.items;
    expect(items.length).toBeGreaterThan(0);
    expect(response.body.count).toBe(items.length);
    for (const item of items) {
      expect(item.full_available).toBe(fullBySku.get(item.sku) ?? 0);
      expect(item.local_available).toBe(localBySku.get(item.sku) ?? 0);
      expect(item.sales_30d).toBe(salesBySku.get(item.sku));
      expect(item.quantity_suggested).toBe(Math.min(item.quantity_needed, item.local_available));
    }
    const coverages = items.map((item) => item.coverage_days);
    expect(coverages).toEqual([...coverages].sort((a, b) => a - b));
    // Every SKU with sales and under 90 days of coverage is listed.
    const expected = [...salesBySku].filter(([sku, sales]) => sales > 0 && ((fullBySku.get(sku) ?? 0) * 30) / sales < 89.95);
    expect(new Set(items.map((item) => item.sku))).toEqual(new Set(expected.map(([sku]) => sku)));
  });
});
