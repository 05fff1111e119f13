import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AgedStock, Restock, StorageCost, StorageLedger, Sync, TariffVersions, Time } from "@fulfillment/core";
import { demoAgedStock, demoRestockPlan } from "./reports.js";
import { parseDataset } from "../loader/schema.js";
import { receptionsFor } from "../sandbox/receptions.js";
import { generateDemoDataset, type DemoDataset } from "./generate.js";

const TODAY = "2025-03-15";
const dataset = generateDemoDataset({ today: TODAY, seed: 7 });

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isIntOrNull = (v: unknown): boolean => v === null || isInt(v);
const unique = (keys: string[]): boolean => new Set(keys).size === keys.length;

describe("demo dataset shape", () => {
  it("has about 50 ads, about 40 of them in Full", () => {
    const full = dataset.ads.filter((ad) => ad.is_full);
    expect(dataset.ads.length).toBeGreaterThanOrEqual(45);
    expect(dataset.ads.length).toBeLessThanOrEqual(55);
    expect(full.length).toBeGreaterThanOrEqual(36);
    expect(full.length).toBeLessThanOrEqual(44);
    expect(dataset.ads.length - full.length).toBeGreaterThanOrEqual(8);
  });

  it("ads follow the record format", () => {
    for (const ad of dataset.ads) {
      expect(ad.id).toMatch(/^MLB\d{10}$/);
      expect(typeof ad.title).toBe("string");
      expect(ad.thumbnail).toMatch(/^https?:\/\/http2\.mlstatic\.com\//);
      expect(ad.permalink).toMatch(/^https:\/\/produto\.mercadolivre\.com\.br\/MLB-\d{10}-/);
      expect(ad.cost === null || typeof ad.cost === "number").toBe(true);
      expect(ad.sku === null || typeof ad.sku === "string").toBe(true);
      expect(typeof ad.is_full).toBe("boolean");
      expect(isIntOrNull(ad.sales_30d)).toBe(true);
      for (const key of ["length_mm", "width_mm", "height_mm"] as const) {
        if (key in ad) expect(isInt(ad[key])).toBe(true);
      }
    }
    expect(dataset.ads.some((ad) => ad.cost === null)).toBe(true);
    expect(dataset.ads.some((ad) => ad.cost === 0)).toBe(true);
    expect(dataset.ads.some((ad) => ad.sales_30d === null)).toBe(true);
    expect(dataset.ads.some((ad) => ad.sales_30d === 0)).toBe(true);
    const full = dataset.ads.filter((ad) => ad.is_full);
    const sized = full.filter((ad) => ad.length_mm !== undefined);
    expect(sized.length).toBeGreaterThan(full.length / 2);
    expect(sized.length).toBeLessThan(full.length);
    // a few ads share a SKU
    const skus = dataset.ads.map((ad) => ad.sku).filter((sku): sku is string => sku !== null);
    expect(skus.length - new Set(skus).size).toBeGreaterThanOrEqual(2);
  });

  it("every inventory belongs to a Full ad and is consistent with its sales", () => {
    const fullAds = new Map(dataset.ads.filter((ad) => ad.is_full).map((ad) => [ad.id, ad]));
    expect(dataset.inventory.length).toBeGreaterThanOrEqual(fullAds.size);
    for (const record of dataset.inventory) {
      expect(record.inventory_id).toMatch(/^[A-Z0-9]{9}$/);
      expect(typeof record.ad_id).toBe("string");
      const ad = fullAds.get(record.ad_id!);
      expect(ad, `ad ${record.ad_id}`).toBeDefined();
      expect(record.sku).toBe(ad!.sku);
      expect(record.variation_id === null || isInt(record.variation_id) || typeof record.variation_id === "string").toBe(true);
      expect(isInt(record.available_qty) && isInt(record.in_transit_qty) && isInt(record.not_available_qty)).toBe(true);
      expect(record.total_qty).toBe(record.available_qty! + record.in_transit_qty! + record.not_available_qty!);
      const sales = ad!.sales_30d;
      if (sales === null || sales <= 0) expect(record.days_of_stock).toBeNull();
      else expect(record.days_of_stock).toBe(Sync.daysOfStock(record.available_qty!, sales));
      expect(isIntOrNull(record.oldest_stock_days)).toBe(true);
      if (record.available_qty === 0) expect(record.oldest_stock_days).toBeNull();
      expect(Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date(record.updated_at!))).toBe(TODAY);
    }
    // every Full ad has inventory; several ads have 2-3 variations
    const perAd = new Map<string, number>();
    for (const record of dataset.inventory) perAd.set(record.ad_id!, (perAd.get(record.ad_id!) ?? 0) + 1);
    expect(perAd.size).toBe(fullAds.size);
    expect([...perAd.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perAd.values())).toBeLessThanOrEqual(3);
    // alerts exist
    const ages = dataset.inventory.map((r) => r.oldest_stock_days ?? 0);
    expect(ages.filter((d) => d > 90).length).toBeGreaterThanOrEqual(4);
    expect(ages.filter((d) => d > 180).length).toBeGreaterThanOrEqual(2);
    expect(dataset.inventory.filter((r) => r.days_of_stock !== null && r.days_of_stock < 14).length).toBeGreaterThanOrEqual(4);
  });

  it("identities are unique", () => {
    expect(unique(dataset.ads.map((r) => r.id))).toBe(true);
    expect(unique(dataset.inventory.map((r) => r.inventory_id))).toBe(true);
    expect(unique(dataset.daily_stock.map((r) => `${r.inventory_id}|${r.day}`))).toBe(true);
    expect(unique(dataset.local_stock.map((r) => `${r.sku}|${r.warehouse ?? ""}`))).toBe(true);
    expect(unique(dataset.metrics.map((r) => r.sku))).toBe(true);
    expect(unique(dataset.storage_ledger.map((r) => `${r.sku}|${r.day}`))).toBe(true);
    expect(unique(dataset.planning.map((r) => r.sku))).toBe(true);
    expect(unique(dataset.tariffs.map((r) => String(r.id)))).toBe(true);
    expect(unique(dataset.settings.map((r) => `${r.group ?? ""}|${r.key}`))).toBe(true);
    expect(unique(dataset.system_logs.map((r) => String(r.id)))).toBe(true);
    expect(unique(dataset.credentials.map((r) => r.provider))).toBe(true);
  });

  it("daily stock covers 60 days back from today for every inventory", () => {
    const byInventory = new Map<string, string[]>();
    for (const row of dataset.daily_stock) {
      expect(Time.isCalendarDate(row.day)).toBe(true);
      for (const qty of [row.available_qty, row.in_transit_qty, row.not_available_qty]) expect(isInt(qty) && qty >= 0).toBe(true);
      byInventory.set(row.inventory_id, [...(byInventory.get(row.inventory_id) ?? []), row.day]);
    }
    expect(byInventory.size).toBe(dataset.inventory.length);
    for (const record of dataset.inventory) {
      const days = byInventory.get(record.inventory_id)!.sort();
      expect(days.length).toBeGreaterThanOrEqual(61);
      expect(days[0]! <= Time.addDays(TODAY, -60)).toBe(true);
      expect(days.at(-1)).toBe(TODAY);
      // today's row matches the inventory record
      const todayRow = dataset.daily_stock.find((r) => r.inventory_id === record.inventory_id && r.day === TODAY)!;
      expect(todayRow.available_qty).toBe(record.available_qty);
      expect(todayRow.in_transit_qty).toBe(record.in_transit_qty);
      expect(todayRow.not_available_qty).toBe(record.not_available_qty);
    }
  });

  it("local stock uses 2-3 warehouses, some zero rows and a couple without a warehouse", () => {
    const warehouses = new Set(dataset.local_stock.map((r) => r.warehouse).filter((w) => w !== undefined));
    expect(warehouses.size).toBeGreaterThanOrEqual(2);
    expect(warehouses.size).toBeLessThanOrEqual(3);
    for (const row of dataset.local_stock) {
      expect(typeof row.sku).toBe("string");
      expect(isInt(row.available)).toBe(true);
      if ("warehouse" in row) expect(typeof row.warehouse === "string" && row.warehouse !== "").toBe(true);
    }
    expect(dataset.local_stock.some((r) => r.available === 0)).toBe(true);
    const withoutWarehouse = dataset.local_stock.filter((r) => !("warehouse" in r)).length;
    expect(withoutWarehouse).toBeGreaterThanOrEqual(1);
    expect(withoutWarehouse).toBeLessThanOrEqual(3);
  });

  it("metrics cover Full SKUs only, some zero", () => {
    const fullSkus = new Set(dataset.ads.filter((ad) => ad.is_full).map((ad) => ad.sku));
    expect(dataset.metrics.length).toBeGreaterThan(0);
    for (const metric of dataset.metrics) {
      expect(fullSkus.has(metric.sku)).toBe(true);
      expect(typeof metric.storage_cost).toBe("number");
      expect(typeof metric.storage_risk_cost).toBe("number");
    }
    expect(dataset.metrics.some((m) => m.storage_cost === 0)).toBe(true);
    expect(dataset.metrics.some((m) => m.storage_risk_cost === 0)).toBe(true);
    expect(dataset.metrics.some((m) => (m.storage_risk_cost ?? 0) > 0)).toBe(true);
  });

  it("metrics are what the sync's cost calculation gives for the demo's ads, stock and tariffs", () => {
    const { metrics } = StorageCost.computeCosts({ ads: dataset.ads, inventory: dataset.inventory, tariffs: dataset.tariffs, now: new Date(0) });
    const computed = new Map(metrics.map(({ calculated_at: _, ...metric }) => [metric.sku, metric]));
    const withCost = dataset.metrics.filter((metric) => computed.has(metric.sku));

    expect(withCost.length).toBe(computed.size);
    for (const { calculated_at: _, ...metric } of withCost) expect(metric).toEqual(computed.get(metric.sku));
  });

  it("every inventory record carries first-in-first-out lots, oldest first, adding up to its available units", () => {
    for (const record of dataset.inventory) {
      const lots = record.fifo_lots ?? [];
      expect(lots.reduce((sum, lot) => sum + lot.units, record.unknown_age_units ?? 0)).toBe(record.available_qty);
      expect(lots.map((lot) => lot.day)).toEqual(lots.map((lot) => lot.day).sort());
      if (lots.length > 0 && record.unknown_age_units === 0) expect(Time.daysBetween(lots[0]!.day, TODAY)).toBe(record.oldest_stock_days);
      // Units older than the marketplace's 12-month memory: the age is at least that memory.
      if (lots.length > 0 && record.unknown_age_units! > 0) expect(record.oldest_stock_days).toBeGreaterThanOrEqual(Sync.RETENTION_DAYS);
    }
  });

  it("lots are what the sync's ageing makes of the receptions the sandbox marketplace serves for each record", () => {
    for (const record of dataset.inventory) {
      const available = record.available_qty!;
      const receptions = receptionsFor(available, record.oldest_stock_days, TODAY).filter((reception) => Time.daysBetween(reception.date, TODAY) < Sync.RETENTION_DAYS);
      const ageing = Sync.ageStock({
        available,
        receptions,
        searchedFrom: Time.addDays(TODAY, -(Sync.RETENTION_DAYS - 1)),
        today: TODAY,
        previous: { oldestStockDays: record.oldest_stock_days, asOfDay: TODAY },
      });
      expect(ageing, record.inventory_id).toEqual({ oldest_stock_days: record.oldest_stock_days, fifo_lots: record.fifo_lots, unknown_age_units: record.unknown_age_units });
    }
    // One stock older than the marketplace's memory: some of its units are of unknown age.
    expect(dataset.inventory.some((record) => record.unknown_age_units! > 0 && record.fifo_lots!.length > 0)).toBe(true);
  });

  it("carries 61 days of storage-cost ledger for every Full SKU with stock records, priced by the core at the demo's tariffs", () => {
    const versions = TariffVersions.allVersions(dataset.tariffs, []);
    const ledgerSkus = new Set(StorageCost.volumeBySku(dataset.ads).keys());
    const stockedSkus = new Set(dataset.inventory.map((record) => record.sku).filter((sku) => ledgerSkus.has(sku!)));
    const days = [...new Set(dataset.storage_ledger.map((row) => row.day))].sort();

    expect(days).toHaveLength(61);
    expect(days[0]).toBe(Time.addDays(TODAY, -60));
    expect(days.at(-1)).toBe(TODAY);
    expect(dataset.storage_ledger).toHaveLength(days.length * stockedSkus.size);
    for (const row of dataset.storage_ledger) expect(StorageLedger.priceDay(row, versions), `${row.sku} ${row.day}`).toEqual(row);
    expect(dataset.storage_ledger.some((row) => row.surcharge > 0)).toBe(true);
    expect(dataset.storage_ledger.some((row) => row.tariff_id === null)).toBe(true);
  });

  it("the ledger's rows of today are what the sync's cost step writes for today's inventory records", () => {
    const written = StorageLedger.dayInputs(TODAY, dataset.inventory, StorageCost.volumeBySku(dataset.ads)).map((inputs) =>
      StorageLedger.priceDay(inputs, TariffVersions.allVersions(dataset.tariffs, [])),
    );

    expect(dataset.storage_ledger.filter((row) => row.day === TODAY)).toEqual(written);
  });

  it("the ledger's units of a day are the daily stock's available units of that day, and its lots age by the day", () => {
    const skuOf = new Map(dataset.inventory.map((record) => [record.inventory_id, record.sku]));
    for (const row of dataset.storage_ledger) {
      const available = dataset.daily_stock.filter((r) => r.day === row.day && skuOf.get(r.inventory_id) === row.sku).reduce((sum, r) => sum + r.available_qty!, 0);
      expect(row.units, `${row.sku} ${row.day}`).toBe(available);
      expect(row.ages.reduce((sum, group) => sum + group.units, 0)).toBeLessThanOrEqual(row.units);
    }
  });

  it("answers a whole month of storage costs with no missing day", () => {
    const month = Time.addDays(`${TODAY.slice(0, 7)}-01`, -1).slice(0, 7);
    const report = StorageLedger.monthReport(month, dataset.storage_ledger.filter((row) => row.day.startsWith(month)), TODAY);

    expect(report.missing_days).toEqual([]);
    expect(report.daily).toHaveLength(StorageLedger.daysOfMonth(month, TODAY).length);
    expect(report.totals.total).toBeGreaterThan(0);
  });

  it("holds planning parameters the loader accepts: case packs, a lead-time override and a snooze", () => {
    expect(() => parseDataset({ planning: dataset.planning, inventory: dataset.inventory, storage_ledger: dataset.storage_ledger })).not.toThrow();
    expect(dataset.planning.filter((p) => p.case_pack !== null).length).toBeGreaterThanOrEqual(3);
    expect(dataset.planning.some((p) => p.lead_time_days !== null)).toBe(true);
    expect(dataset.planning.filter((p) => p.snooze_until !== null)).toHaveLength(1);
  });

  it.each(["2025-03-15", "2026-11-21", "2027-06-30"])("shows every restock status and every aged-stock action on %s", (today) => {
    // Prepare
    const data = generateDemoDataset({ today });

    // Act
    const plan = demoRestockPlan(data, today);
    const aged = demoAgedStock(data, today);

    // Assess
    expect(new Set(plan.items.map((line) => line.status))).toEqual(new Set(Restock.RESTOCK_STATUSES));
    expect(new Set(aged.skus.map((sku) => sku.action))).toEqual(new Set(AgedStock.AGED_ACTIONS));
  });

  it("tariffs are 4-5 volume bands with one inactive", () => {
    expect(dataset.tariffs.length).toBeGreaterThanOrEqual(4);
    expect(dataset.tariffs.length).toBeLessThanOrEqual(5);
    expect(dataset.tariffs.map((t) => t.id)).toEqual(dataset.tariffs.map((_, i) => i + 1));
    expect(dataset.tariffs.filter((t) => !t.active)).toHaveLength(1);
    expect(dataset.tariffs.filter((t) => t.max_volume_l === null)).toHaveLength(1);
    for (const t of dataset.tariffs) {
      expect(t.aged_days_threshold).toBe(90);
      expect(t.aged_daily_factor).toBe(3);
      expect(t.daily_fee).toBeGreaterThan(0);
    }
  });

  it("settings, logs and credentials follow the record format", () => {
    for (const entry of dataset.settings) {
      expect(typeof entry.key).toBe("string");
      expect(typeof entry.value).toBe("string");
      expect(entry.group === null || typeof entry.group === "string").toBe(true);
    }
    const find = (group: string, key: string) => dataset.settings.find((s) => s.group === group && s.key === key)?.value;
    expect(find("geral", "empresa_nome")).toBe("Casa & Lazer Comércio Ltda");
    expect(find("estoque", "lead_time_padrao")).toBe("20");
    expect(find("core_ai", "ajuste_maximo")).toBe("3");

    const logs = dataset.system_logs;
    for (const log of logs) {
      expect(isInt(log.id)).toBe(true);
      expect(Time.timestampToInstant(Time.DEFAULT_TIME_ZONE, log.timestamp)).toBeDefined();
      expect(log.details === null || typeof log.details === "string").toBe(true);
      if (log.details !== null) expect(typeof JSON.parse(log.details)).toBe("object");
    }
    const engine = logs.filter((l) => l.module === "core_ai");
    expect(engine.length).toBeGreaterThanOrEqual(21);
    expect(engine.some((l) => l.level === "WARNING")).toBe(true);
    expect(engine.filter((l) => l.level === "ERROR")).toHaveLength(1);
    expect(engine.some((l) => l.details === null)).toBe(true);
    expect(logs.some((l) => l.module !== "core_ai")).toBe(true);
    expect(logs.some((l) => l.timestamp.endsWith("Z"))).toBe(true);
    expect(logs.filter((l) => !l.timestamp.endsWith("Z")).length).toBeGreaterThan(logs.length / 2);
    const days = new Set(engine.map((l) => Time.calendarDay(Time.DEFAULT_TIME_ZONE, Time.timestampToInstant(Time.DEFAULT_TIME_ZONE, l.timestamp)!)));
    expect(days.size).toBeGreaterThanOrEqual(21);

    expect(dataset.credentials).toEqual([
      { provider: "mercadolivre", access_token: "APP_USR-sandbox-initial", refresh_token: "TG-sandbox-initial", user_id: 123456789 },
    ]);
  });
});

describe("determinism", () => {
  it("is identical for the same seed and day", () => {
    expect(generateDemoDataset({ today: TODAY, seed: 7 })).toEqual(dataset);
  });

  it("changes with the seed and follows the day", () => {
    const other = generateDemoDataset({ today: TODAY, seed: 8 });
    expect(other.ads.map((a) => a.id)).not.toEqual(dataset.ads.map((a) => a.id));
    const later = generateDemoDataset({ today: "2025-04-01", seed: 7 });
    expect(later.ads.map((a) => a.id)).toEqual(dataset.ads.map((a) => a.id));
    expect(later.daily_stock.at(-1)!.day).toBe("2025-04-01");
  });

  it("stamps no stock later than the moment it was generated: just after midnight, this morning's 00:30 sync has not run yet", () => {
    // Prepare: 00:05 and 12:00 on TODAY in São Paulo (UTC−3)
    const justAfterMidnight = new Date(`${TODAY}T03:05:00Z`);
    const noon = new Date(`${TODAY}T15:00:00Z`);

    // Act
    const early = generateDemoDataset({ seed: 7, now: justAfterMidnight });
    const later = generateDemoDataset({ seed: 7, now: noon });

    // Assess: early, every record stamped before now; at noon, the sync's records from 00:30 on, as with no clock
    const stamps = (d: DemoDataset) => d.inventory.map((record) => Date.parse(record.updated_at!));
    expect(Math.max(...stamps(early))).toBeLessThan(justAfterMidnight.getTime());
    expect(Math.min(...stamps(later))).toBeGreaterThanOrEqual(Date.parse(`${TODAY}T03:30:00Z`));
    expect(stamps(later)).toEqual(stamps(dataset));
  });

  it("rejects an invalid day", () => {
    expect(() => generateDemoDataset({ today: "2025-02-30" })).toThrow();
  });

  it("ends the engine's history before now: loaded at 02:00 in São Paulo, no entry is later, and the earlier ones are the same", () => {
    // Prepare: 02:00 on TODAY in São Paulo (UTC−3), before the night's reconciliation.
    const now = new Date(`${TODAY}T05:00:00Z`);

    // Act
    const early = generateDemoDataset({ today: TODAY, seed: 7, now });
    const atLoad = generateDemoDataset({ seed: 7, now });

    // Assess
    const instant = (timestamp: string) => (/Z$/.test(timestamp) ? new Date(timestamp) : Time.wallClockToInstant("America/Sao_Paulo", timestamp));
    expect(early.system_logs.every((entry) => instant(entry.timestamp).getTime() <= now.getTime())).toBe(true);
    expect(dataset.system_logs.some((entry) => instant(entry.timestamp).getTime() > now.getTime())).toBe(true);
    expect(early.system_logs.map((entry) => entry.message)).toEqual(dataset.system_logs.slice(0, early.system_logs.length).map((entry) => entry.message));
    expect(atLoad).toEqual(early);
  });
});

describe("bundled dataset file", () => {
  const file = resolve(dirname(fileURLToPath(import.meta.url)), "../../demo/dataset.json");

  it("is what the generator produces with the default seed for its day", () => {
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, "utf8");
    expect(text.length).toBeLessThan(1_500_000);
    const stored = JSON.parse(text) as DemoDataset;
    const today = stored.daily_stock.map((r) => r.day).sort().at(-1)!;
    expect(stored).toEqual(generateDemoDataset({ today }));
  });
});
