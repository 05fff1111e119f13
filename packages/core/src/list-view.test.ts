import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildInventoryList, type InventorySort } from "./inventory-list.js";
import { assembleList, bodySize, escapedBytes, listEntries, packPages, partSize, replaceEntries, utf8Bytes, type ListPage } from "./list-view.js";
import type { Ad, InventoryRecord, SkuMetric } from "./records.js";
import { inventoryRecord } from "./test-records.js";

const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arbitrary, { nil: null });
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('aspas "duplas"', "barra \\ invertida", "ação 日本 📦", "linha\nquebrada"));

const recordArb: fc.Arbitrary<InventoryRecord> = fc.record({
  inventory_id: fc.string({ minLength: 1, maxLength: 6 }),
  ad_id: optional(fc.constantFrom("A", "B", "C")),
  sku: optional(fc.constantFrom("S1", "S2")),
  variation_id: optional(fc.oneof(fc.integer(), fc.string({ maxLength: 4 }))),
  available_qty: optional(fc.integer({ min: -5, max: 500 })),
  in_transit_qty: optional(fc.integer({ min: 0, max: 50 })),
  not_available_qty: optional(fc.integer({ min: 0, max: 50 })),
  total_qty: fc.integer({ min: 0, max: 600 }),
  days_of_stock: optional(fc.constantFrom(0, 5.5, 13.9, 14, 14.1, 90, 200.25, -1)),
  oldest_stock_days: optional(fc.integer({ min: 0, max: 400 })),
  updated_at: optional(fc.constantFrom("2026-11-20T10:00:00Z", "2026-11-20 10:00:00", "")),
});

const adsArb = fc.dictionary(fc.constantFrom("A", "B", "C"), fc.record({ title: optional(text), thumbnail: optional(text), permalink: optional(text) }));
const metricsArb = fc.dictionary(fc.constantFrom("S1", "S2"), fc.record({ storage_cost: optional(fc.constantFrom(0, 0.42, 3)), storage_risk_cost: optional(fc.constantFrom(0, 1.5)) }));

function maps(ads: Record<string, Pick<Ad, "title" | "thumbnail" | "permalink">>, metrics: Record<string, Pick<SkuMetric, "storage_cost" | "storage_risk_cost">>) {
  return {
    adsById: new Map(Object.entries(ads).map(([id, ad]) => [id, { id, cost: null, sku: null, is_full: true, sales_30d: null, ...ad } as Ad])),
    metricsBySku: new Map(Object.entries(metrics).map(([sku, metric]) => [sku, { sku, ...metric }])),
  };
}

/** What the stored pages give back: JSON texts of the items, ranks and sort keys, through JSON as DynamoDB hands them over. */
const stored = (pages: ListPage[]): ListPage[] => JSON.parse(JSON.stringify(pages)) as ListPage[];

describe("the inventory list from stored pages", () => {
  it("is byte for byte the list built from the records, for every order, with and without alerts=1", () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 40 }),
        adsArb,
        metricsArb,
        fc.constantFrom<InventorySort>("coverage", "aged", "available"),
        fc.integer({ min: 40, max: 2_000 }),
        (inventory, ads, metrics, sortBy, pageBytes) => {
          const { adsById, metricsBySku } = maps(ads, metrics);
          const entries = listEntries(inventory, adsById, metricsBySku);
          const alerting = entries.filter((entry) => entry.alerting);
          const others = entries.filter((entry) => !entry.alerting);
          const alertPages = stored(packPages(alerting, pageBytes));
          const otherPages = stored(packPages(others, pageBytes));

          const whole = assembleList([...alertPages, ...otherPages], entries.length, entries.length, { sortBy });
          const alertsOnly = assembleList(alertPages, alerting.length, entries.length, { sortBy });

          expect(whole).toBe(JSON.stringify(buildInventoryList(inventory, adsById, metricsBySku, { sortBy, alertsOnly: false })));
          expect(alertsOnly).toBe(JSON.stringify(buildInventoryList(inventory, adsById, metricsBySku, { sortBy, alertsOnly: true })));
          expect(bodySize([partSize(alerting), partSize(others)])).toEqual({ rawBytes: utf8Bytes(whole!), escapedBytes: escapedBytes(whole!) });
          expect(bodySize([partSize(alerting)])).toEqual({ rawBytes: utf8Bytes(alertsOnly!), escapedBytes: escapedBytes(alertsOnly!) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("after some records changed, is the list of the changed records once their entries are replaced", () => {
    const figures = fc.record({
      available_qty: optional(fc.integer({ min: 0, max: 500 })),
      days_of_stock: optional(fc.constantFrom(0, 5.5, 13.9, 14, 200.25)),
      oldest_stock_days: optional(fc.integer({ min: 0, max: 400 })),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(recordArb, { selector: (record) => record.inventory_id, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), figures), { maxLength: 8 }),
        adsArb,
        metricsArb,
        fc.constantFrom<InventorySort>("coverage", "aged", "available"),
        (inventory, changes, ads, metrics, sortBy) => {
          const { adsById, metricsBySku } = maps(ads, metrics);
          const entries = listEntries(inventory, adsById, metricsBySku);
          const parts = { alerting: stored(packPages(entries.filter((e) => e.alerting), 300)), others: stored(packPages(entries.filter((e) => !e.alerting), 300)) };
          const changed = [...inventory];
          for (const [at, change] of inventory.length > 0 ? changes : []) changed[at % inventory.length] = { ...changed[at % inventory.length]!, ...change };
          const changedIds = new Set(changes.map(([at]) => inventory[at % Math.max(1, inventory.length)]?.inventory_id).filter((id) => id !== undefined));
          const replaced = changed.filter((record) => changedIds.has(record.inventory_id));
          const replacements = new Map(listEntries(replaced, adsById, metricsBySku).map((entry, i) => [replaced[i]!.inventory_id, entry]));

          const patched = replaceEntries(parts, replacements)!;
          const count = (pages: ListPage[]): number => pages.reduce((n, page) => n + page.docs.length, 0);

          expect(assembleList([...patched.alerting, ...patched.others], inventory.length, inventory.length, { sortBy })).toBe(
            JSON.stringify(buildInventoryList(changed, adsById, metricsBySku, { sortBy, alertsOnly: false })),
          );
          expect(assembleList(patched.alerting, count(patched.alerting), inventory.length, { sortBy })).toBe(
            JSON.stringify(buildInventoryList(changed, adsById, metricsBySku, { sortBy, alertsOnly: true })),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("cuts pages at the byte budget, keeping the records' order, and gives an item larger than the budget a page of its own", () => {
    const entries = listEntries(
      ["a", "b", "c", "d"].map((id) => inventoryRecord(id, { ad_id: id })),
      new Map([["c", { id: "c", title: "x".repeat(500), thumbnail: null, permalink: null, cost: null, sku: null, is_full: true, sales_30d: null }]]),
      new Map(),
    );
    const small = utf8Bytes(entries[0]!.json) + 1;

    const pages = packPages(entries, 2 * small);

    expect(pages.map((page) => page.ranks)).toEqual([[0, 1], [2], [3]]);
    expect(pages.every((page) => page.keys.length === 3 * page.docs.length)).toBe(true);
  });

  it("gives no answer when the pages do not hold exactly the counted items (a build was rewriting them)", () => {
    const entries = listEntries(["a", "b", "c"].map((id) => inventoryRecord(id)), new Map(), new Map());
    const pages = packPages(entries, 1);

    expect(assembleList(pages.slice(1), 3, 3, { sortBy: "coverage" })).toBeUndefined();
    expect(assembleList([...pages, pages[0]!], 3, 3, { sortBy: "coverage" })).toBeUndefined();
    expect(assembleList(pages, 3, 3, { sortBy: "coverage" })).toBe(JSON.stringify(buildInventoryList(entries.map((_, i) => inventoryRecord("abc"[i]!)), new Map(), new Map(), { sortBy: "coverage", alertsOnly: false })));
  });

  it("counts UTF-8 and JSON-escaped bytes as Node does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        expect(utf8Bytes(value)).toBe(Buffer.byteLength(value));
        expect(escapedBytes(value)).toBe(Buffer.byteLength(JSON.stringify(value)) - 2);
      }),
    );
  });
});
