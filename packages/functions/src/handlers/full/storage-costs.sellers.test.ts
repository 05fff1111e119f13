import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StorageLedger } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { putLedgerRows } from "#storage/storage-ledger";
import { withScope } from "#storage/scope";
import { connectedSellers, registerSeller } from "#storage/sellers";
import { handler } from "./storage-costs.js";

const db = useTestTable("storage-costs-sellers");
const NOW = new Date("2026-11-03T15:00:00Z");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const costs = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/storage-costs", query, headers });

const row = (sku: string, day: string, fee: number, surcharge = 0): StorageLedger.LedgerRow => ({
  sku,
  day,
  units: 10,
  unit_volume_l: 1,
  ages: [],
  volume_l: 10,
  tariff_id: 1,
  tariff_version: 1,
  daily_fee: 0.1,
  aged_days_threshold: 90,
  aged_units: 0,
  fee,
  surcharge,
  total: fee + surcharge,
});

async function ledgerOf(userId: string, rows: StorageLedger.LedgerRow[]): Promise<void> {
  const seller = (await connectedSellers(db.ref)).find((candidate) => candidate.user_id === userId)!;
  await withScope(seller.scope, () => putLedgerRows(db.ref, rows));
}

describe("GET /full/storage-costs with seller_id=all", () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await registerSeller(db.ref, A);
    await registerSeller(db.ref, B);
    // A wrote 1–3 November, B only 1 and 3 November: 2 November is missing for B.
    await ledgerOf(A.user_id, [row("SHARED", "2026-11-01", 1.1), row("SHARED", "2026-11-02", 1.1), row("SHARED", "2026-11-03", 1.1, 0.25)]);
    await ledgerOf(B.user_id, [row("SHARED", "2026-11-01", 2.05), row("SHARED", "2026-11-03", 2.05)]);
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("answers every seller's SKUs naming its seller, the totals over all their days, and a day missing when any seller's is", async () => {
    // Act
    const all = await costs({ seller_id: "all", month: "2026-11" });
    const ownA = await costs({ month: "2026-11" }, { "x-seller-id": A.user_id });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body.skus.map((line: { sku: string; seller_id: string; total: number }) => [line.sku, line.seller_id, line.total])).toEqual([
      ["SHARED", A.user_id, 3.55],
      ["SHARED", B.user_id, 4.1],
    ]);
    expect(all.body.totals).toEqual({ fee: 7.4, surcharge: 0.25, total: 7.65, days_with_data: 3 });
    expect(all.body.daily.map((day: { day: string; total: number }) => [day.day, day.total])).toEqual([
      ["2026-11-01", 3.15],
      ["2026-11-02", 1.1],
      ["2026-11-03", 3.4],
    ]);
    expect(all.body.missing_days).toEqual(["2026-11-02"]);
    expect(ownA.body.missing_days).toEqual([]);
    expect(ownA.body.skus[0]).not.toHaveProperty("seller_id");
  });

  it("sends one CSV row per seller, SKU and day, naming the seller first", async () => {
    // Act
    const csv = await costs({ seller_id: "all", month: "2026-11", format: "csv" });

    // Assess
    const rows = parse(csv.body as string, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)[0]).toBe("seller_id");
    expect(rows.map((line) => [line.seller_id, line.day])).toEqual([
      [A.user_id, "2026-11-01"],
      [A.user_id, "2026-11-02"],
      [A.user_id, "2026-11-03"],
      [B.user_id, "2026-11-01"],
      [B.user_id, "2026-11-03"],
    ]);
  });
});
