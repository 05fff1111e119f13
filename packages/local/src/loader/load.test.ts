import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { scratchFolders } from "#test/scratch";
import { listInventory, listInventoryOfAd } from "@fulfillment/functions/storage/inventory";
import { getAdsById, listFullAdsWithSku } from "@fulfillment/functions/storage/ads";
import { listDailyStockSince } from "@fulfillment/functions/storage/daily-stock";
import { listLocalStock } from "@fulfillment/functions/storage/local-stock";
import { getMetricsBySku } from "@fulfillment/functions/storage/metrics";
import { listPlanning } from "@fulfillment/functions/storage/planning";
import { createTariff, listTariffs } from "@fulfillment/functions/storage/tariffs";
import { listAllEntries } from "@fulfillment/functions/storage/settings";
import { listModuleLogs } from "@fulfillment/functions/storage/system-logs";
import { getCredential } from "@fulfillment/functions/storage/credentials";
import { listLedgerMonth } from "@fulfillment/functions/storage/storage-ledger";
import { loadDataset } from "./load.js";
import { DatasetError } from "./schema.js";
import { dataDirAccessKey } from "../engine/access-key.js";
import { freePort } from "../engine/ports.js";

const scratch = scratchFolders("load-");

const db = useTestTable("loader");
const run = promisify(execFile);

const dataset = {
  ads: [
    { id: "MLB1", title: "Cloro 10kg", thumbnail: null, permalink: null, cost: 50, sku: "CLORO", is_full: true, sales_30d: 30, length_mm: 100 },
    { id: "MLB2", title: "Boia", thumbnail: "t", permalink: "p", cost: null, sku: null, is_full: false, sales_30d: null },
  ],
  inventory: [
    { inventory_id: "INV1", ad_id: "MLB1", sku: "CLORO", variation_id: 17, available_qty: 5, in_transit_qty: 1, not_available_qty: null, total_qty: 6, days_of_stock: 5, oldest_stock_days: 10, updated_at: "2026-11-20T10:00:00Z" },
    { inventory_id: "INV2", ad_id: "MLB1", sku: "CLORO", variation_id: "v2", available_qty: 1, in_transit_qty: 0, not_available_qty: 0, total_qty: 1, days_of_stock: null, oldest_stock_days: null, updated_at: null },
  ],
  daily_stock: [
    { inventory_id: "INV1", day: "2026-11-19", available_qty: 4, in_transit_qty: 0, not_available_qty: 0 },
    { inventory_id: "INV1", day: "2026-11-20", available_qty: 5, in_transit_qty: 1, not_available_qty: null },
  ],
  local_stock: [
    { sku: "CLORO", available: 12, warehouse: "CD São Paulo" },
    { sku: "CLORO", available: 3 },
  ],
  metrics: [{ sku: "CLORO", storage_cost: 1.5, storage_risk_cost: 0 }],
  tariffs: [{ id: 7, name: "Pequeno", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.01, inbound_fee: 0.5 }, { name: "Sem id" }],
  settings: [
    { key: "moeda", value: "USD", group: null },
    { key: "lead_time_padrao", value: "20", group: "estoque", description: "Prazo" },
  ],
  system_logs: [
    { id: 1, timestamp: "2026-11-20T03:00:00", message: "Reconciliação", level: "INFO", details: '{"a":1}', module: "core_ai" },
    { id: 2, timestamp: "2026-11-20T09:00:00Z", message: "Sync", level: "INFO", details: null, module: "sync" },
  ],
  credentials: [{ provider: "mercadolivre", access_token: "A", refresh_token: "R", user_id: 123 }],
};

async function countItems(): Promise<number> {
  const result = await db.ref.doc.send(new ScanCommand({ TableName: db.ref.table, Select: "COUNT" }));
  return result.Count ?? 0;
}

describe("dataset loader", () => {
  it("rejects an invalid file naming array, index and field, and writes nothing", async () => {
    const bad = { ...dataset, inventory: [dataset.inventory[0], { ...dataset.inventory[1], available_qty: "três" }] };
    await expect(loadDataset(db.ref, bad)).rejects.toThrow(DatasetError);
    await expect(loadDataset(db.ref, bad)).rejects.toThrow(/inventory\[1\]\.available_qty/);
    expect(await countItems()).toBe(0);
  });

  it("refuses negative and fractional stock quantities, naming each field, and writes nothing", async () => {
    // Prepare: every stock quantity of the file format once below zero, and one fraction.
    const bad = {
      ...dataset,
      inventory: [
        { ...dataset.inventory[0], available_qty: -3, in_transit_qty: -1, not_available_qty: -2, total_qty: -6 },
        { ...dataset.inventory[1], available_qty: 1.5 },
      ],
      daily_stock: [{ inventory_id: "INV1", day: "2026-11-19", available_qty: 0, in_transit_qty: -4, not_available_qty: -1 }],
      local_stock: [{ sku: "CLORO", available: -12, warehouse: "CD São Paulo" }],
    };

    // Act
    const error = await loadDataset(db.ref, bad).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).problems.map((p) => p.split(":")[0]).sort()).toEqual(
      [
        "daily_stock[0].in_transit_qty",
        "daily_stock[0].not_available_qty",
        "inventory[0].available_qty",
        "inventory[0].in_transit_qty",
        "inventory[0].not_available_qty",
        "inventory[0].total_qty",
        "inventory[1].available_qty",
        "local_stock[0].available",
      ].sort(),
    );
    expect((error as DatasetError).problems).toContain("local_stock[0].available: Expected a whole number of units, 0 or more");
    expect(await countItems()).toBe(0);
  });

  it("loads all nine record kinds", async () => {
    const summary = await loadDataset(db.ref, dataset);
    expect(summary).toMatchObject({ ads: 2, inventory: 2, daily_stock: 2, local_stock: 2, metrics: 1, tariffs: 2, settings: 2, system_logs: 2, credentials: 1 });

    expect((await listInventory(db.ref)).map((r) => r.inventory_id).sort()).toEqual(["INV1", "INV2"]);
    const ofAd = await listInventoryOfAd(db.ref, "MLB1");
    expect(ofAd.find((r) => r.inventory_id === "INV1")).toMatchObject({ variation_id: 17, not_available_qty: null, updated_at: "2026-11-20T10:00:00Z" });
    expect(ofAd.find((r) => r.inventory_id === "INV2")?.variation_id).toBe("v2");
    expect((await getAdsById(db.ref, ["MLB1", "MLB2"])).get("MLB2")).toMatchObject({ title: "Boia", is_full: false });
    expect((await listFullAdsWithSku(db.ref)).map((a) => a.id)).toEqual(["MLB1"]);
    expect(await listDailyStockSince(db.ref, ["INV1"], "2026-11-20")).toHaveLength(1);
    expect((await listLocalStock(db.ref)).map((r) => r.available).sort()).toEqual([12, 3]);
    expect((await getMetricsBySku(db.ref, ["CLORO"])).get("CLORO")?.storage_cost).toBe(1.5);
    const tariffs = await listTariffs(db.ref);
    expect(tariffs.map((t) => t.id).sort()).toEqual([7, 8]);
    expect(tariffs.find((t) => t.id === 8)).toMatchObject({ name: "Sem id", min_volume_l: 0, max_volume_l: null, aged_days_threshold: 90, aged_daily_factor: 3, active: true });
    expect(await listAllEntries(db.ref)).toEqual(
      expect.arrayContaining([
        { key: "moeda", value: "USD", group: null, description: null },
        { key: "lead_time_padrao", value: "20", group: "estoque", description: "Prazo" },
      ]),
    );
    const logs = await listModuleLogs(db.ref, "core_ai", { limit: 50 });
    expect(logs.map((l) => l.id)).toEqual([1]);
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ access_token: "A", refresh_token: "R", user_id: 123 });
  });

  it("replaces records of the same identity and keeps ids moving forward", async () => {
    await loadDataset(db.ref, { inventory: [{ ...dataset.inventory[0], available_qty: 9 }], local_stock: [{ sku: "CLORO", available: 1 }] });
    expect((await listInventory(db.ref)).find((r) => r.inventory_id === "INV1")?.available_qty).toBe(9);
    expect((await listLocalStock(db.ref)).filter((r) => r.sku === "CLORO")).toHaveLength(2);
    const created = await createTariff(db.ref, { name: null, min_volume_l: 0, max_volume_l: null, daily_fee: 0, inbound_fee: 0, aged_days_threshold: 90, aged_daily_factor: 3, active: true });
    expect(created.id).toBe(9);
  });

  it("loads SKU planning parameters (the planning array), a missing field as null", async () => {
    // Act
    const summary = await loadDataset(db.ref, {
      planning: [
        { sku: "CLORO", case_pack: 12, lead_time_days: 10, snooze_until: "2026-12-01" },
        { sku: "BOIA", case_pack: 6 },
      ],
    });

    // Assess
    expect(summary.planning).toBe(2);
    const planning = await listPlanning(db.ref);
    expect(planning.sort((a, b) => a.sku.localeCompare(b.sku))).toEqual([
      { sku: "BOIA", case_pack: 6, lead_time_days: null, snooze_until: null, updated_at: null },
      { sku: "CLORO", case_pack: 12, lead_time_days: 10, snooze_until: "2026-12-01", updated_at: null },
    ]);
  });

  it.each([
    [{ planning: [{ sku: "A", case_pack: 0 }] }, /planning\[0\]\.case_pack/],
    [{ planning: [{ sku: "A", lead_time_days: 1.5 }] }, /planning\[0\]\.lead_time_days/],
    [{ planning: [{ sku: "A", snooze_until: "2026-02-30" }] }, /planning\[0\]\.snooze_until/],
    [{ planning: [{ case_pack: 2 }] }, /planning\[0\]\.sku/],
  ])("refuses a bad planning record %j and writes nothing", async (bad, problem) => {
    const before = await countItems();
    await expect(loadDataset(db.ref, bad)).rejects.toThrow(problem);
    expect(await countItems()).toBe(before);
  });

  it("keeps an inventory record's first-in-first-out lots, which must add up to its available units", async () => {
    // Prepare
    const record = { ...dataset.inventory[1], inventory_id: "INV-LOTS", available_qty: 7 };
    const lots = [
      { day: "2026-05-01", units: 2 },
      { day: "2026-10-01", units: 4 },
    ];

    // Act
    await loadDataset(db.ref, { inventory: [{ ...record, fifo_lots: lots, unknown_age_units: 1 }] });

    // Assess
    const stored = (await listInventory(db.ref, ["inventory_id", "fifo_lots", "unknown_age_units"])).find((r) => r.inventory_id === "INV-LOTS");
    expect(stored).toEqual({ inventory_id: "INV-LOTS", fifo_lots: lots, unknown_age_units: 1 });
    await expect(loadDataset(db.ref, { inventory: [{ ...record, fifo_lots: lots }] })).rejects.toThrow(/inventory\[0\]\.fifo_lots: Lot units plus unknown_age_units \(6\) must equal available_qty \(7\)/);
    await expect(loadDataset(db.ref, { inventory: [{ ...record, fifo_lots: [...lots].reverse(), unknown_age_units: 1 }] })).rejects.toThrow(/oldest first/);
  });

  it("loads days of the storage-cost ledger (the storage_ledger array) as the sync's cost step stores them", async () => {
    // Prepare
    const row = {
      sku: "CLORO",
      day: "2026-10-31",
      units: 6,
      unit_volume_l: 0.5,
      ages: [{ age_days: 120, units: 2 }, { age_days: 10, units: 4 }],
      volume_l: 3,
      tariff_id: 7,
      tariff_version: 0,
      daily_fee: 0.01,
      aged_days_threshold: 90,
      aged_units: 2,
      fee: 0.06,
      surcharge: 0.06,
      total: 0.12,
    };

    // Act
    const summary = await loadDataset(db.ref, { storage_ledger: [row, { ...row, day: "2026-11-01" }] });

    // Assess
    expect(summary.storage_ledger).toBe(2);
    expect(await listLedgerMonth(db.ref, "2026-10")).toEqual([row]);
    expect(await listLedgerMonth(db.ref, "2026-11", "CLORO")).toEqual([{ ...row, day: "2026-11-01" }]);
    await expect(loadDataset(db.ref, { storage_ledger: [{ ...row, day: "2026-10-32" }] })).rejects.toThrow(/storage_ledger\[0\]\.day/);
  });

  it("the CLI exits non-zero on an invalid file and names the problem", async () => {
    const dir = scratch();
    const file = join(dir, "bad.json");
    await writeFile(file, JSON.stringify({ ads: [{ id: "X", is_full: "sim" }] }));
    const before = await countItems();
    const failure = await run("npx", ["tsx", "packages/local/src/cli/load.ts", file], {
      env: { ...process.env, TABLE_NAME: db.ref.table },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toContain("ads[0].is_full");
    expect(await countItems()).toBe(before);
  });

  it("the CLI with no engine running says which endpoint it tried and how to start one", async () => {
    // Prepare: a valid file, a data folder with its engine key (as npm start leaves it), and a port where nothing listens.
    const dir = scratch();
    const file = join(dir, "ok.json");
    await writeFile(file, JSON.stringify({ ads: [dataset.ads[0]] }));
    dataDirAccessKey(dir, "us-east-1");
    const port = await freePort();

    // Act
    const failure = await run("npx", ["tsx", "packages/local/src/cli/load.ts", file], {
      env: { ...process.env, DYNAMODB_ENDPOINT: "", DYNAMODB_ACCESS_KEY: "", TABLE_NAME: "", DYNAMODB_PORT: String(port), DATA_DIR: dir },
    }).catch((error: { code: number; stderr: string }) => error);

    // Assess
    const { code, stderr } = failure as { code: number; stderr: string };
    expect(code).toBe(1);
    expect(stderr).toContain(`No DynamoDB engine answers at http://127.0.0.1:${port}`);
    expect(stderr).toContain("npm start");
    expect(stderr).toContain("DYNAMODB_ENDPOINT");
    expect(stderr).not.toMatch(/ECONNREFUSED|\n\s+at /);
  });
});
