import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke, invokeWithText } from "#test/events";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { registerSeller } from "#storage/sellers";
import { handler } from "./restock-plan.js";
import { handler as replenishment } from "./replenishment.js";
import { handler as skuPlanning } from "./sku-planning.js";
import { handler as importLocalStock } from "../imports/local-stock.js";
import { handler as putSettings } from "../settings/put-group.js";
import { updatePlanning } from "#storage/planning";
import { withScope } from "#storage/scope";
import { consolidatedRestock } from "#services/consolidated-restock";
import { DEFAULT_RESTOCK_QUERY } from "#services/read-model/restock-plan";
import { JsonText, StoredJson } from "../../json-text.js";

const db = useTestTable("restock-sellers");

// 12:00 in São Paulo: the business day is 21 November.
const NOW = new Date("2026-11-21T15:00:00Z");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const plan = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/restock-plan", query, headers });
type Line = { sku: string; quantity: number; quantity_needed: number; seller_id?: string; ship_by: string; sources: { units: number }[] };
const linesOf = (body: { items: Line[] }, sku: string): Line[] => body.items.filter((line) => line.sku === sku);

/**
 * Lead time 5 days, no safety stock, target 30 days; one warehouse holds 70 units of the shared SKU.
 * A sells 1/day and has 9 days of Full stock: needs 30 − (9 − 5) = 26, ships by 26 Nov.
 * B sells 2/day and has 3 days: needs 60 − 0 = 60, ships today. B is served first: 60, then A 10.
 * A alone also sells OWN-A (5 local units).
 */
const shared = {
  local_stock: [
    { sku: "SHARED", warehouse: "WH", available: 70 },
    { sku: "OWN-A", warehouse: "WH", available: 5 },
  ],
  settings: [
    { key: "lead_time_padrao", value: "5", group: "estoque" },
    { key: "metodo_seguranca", value: "fixo", group: "estoque" },
    { key: "multiplicador_seguranca", value: "0", group: "estoque" },
  ],
};
const catalogueA = {
  ads: [ad({ id: "MLBA1", title: "Shared at A", sku: "SHARED", sales_30d: 30 }), ad({ id: "MLBA2", title: "Own at A", sku: "OWN-A", sales_30d: 30 })],
  inventory: [
    inventory({ inventory_id: "A1", ad_id: "MLBA1", sku: "SHARED", available_qty: 9 }),
    inventory({ inventory_id: "A2", ad_id: "MLBA2", sku: "OWN-A", available_qty: 0 }),
  ],
};
const catalogueB = {
  ads: [ad({ id: "MLBB1", title: "Shared at B", sku: "SHARED", sales_30d: 60 })],
  inventory: [inventory({ inventory_id: "B1", ad_id: "MLBB1", sku: "SHARED", available_qty: 6 })],
};

/** Every item of the consolidated scope (the stored plans of every account, and their entry). */
async function storedItems(): Promise<Record<string, unknown>[]> {
  const items = await db.ref.doc.send(new ScanCommand({ TableName: db.ref.table, FilterExpression: "begins_with(pk, :all)", ExpressionAttributeValues: { ":all": "SCOPE#all#" } }));
  return (items.Items ?? []).sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
}

/** The names of the answers stored in the consolidated scope. */
async function storedAnswerPartitions(): Promise<Set<string>> {
  const pages = (await storedItems()).filter((item) => String(item.pk).startsWith("SCOPE#all#SKUVIEW#"));
  return new Set(pages.map((item) => String(item.pk).replace(/^SCOPE#all#SKUVIEW#/, "").replace(/_answer#\d+$/, "")));
}

/** Loads a seller's catalogue: each row names its seller, so it is stored in that seller's scope. */
async function loadFor(userId: string, dataset: Pick<DatasetInput, "ads" | "inventory">): Promise<void> {
  const named = <Row extends object>(rows: readonly Row[] = []) => rows.map((row) => ({ ...row, seller_id: userId }));
  await load(db.ref, { ads: named(dataset.ads), inventory: named(dataset.inventory) });
}

describe("GET /full/restock-plan with several sellers sharing one warehouse", () => {
  let single: { statusCode: number; body: any; headers: Record<string, unknown> };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await load(db.ref, shared);
    await registerSeller(db.ref, A);
    await loadFor(A.user_id, catalogueA);
    single = await plan();
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("with one seller answers the single plan, with or without naming it", async () => {
    // Act
    const named = await plan(undefined, { "x-seller-id": A.user_id });

    // Assess
    expect(single.statusCode).toBe(200);
    expect(linesOf(single.body, "SHARED")).toMatchObject([{ quantity_needed: 26, quantity: 26 }]);
    expect(single.body.items.every((line: Line) => !("seller_id" in line))).toBe(true);
    expect(named.body).toEqual(single.body);
  });

  it("with seller_id=all and one seller tags its lines and changes nothing else", async () => {
    // Act
    const all = await plan({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body).toEqual({ ...single.body, items: single.body.items.map((line: Line) => ({ ...line, seller_id: A.user_id })) });
  });

  it("allocates the shared SKU's local stock across both sellers, most urgent first, never past the stock", async () => {
    // Prepare
    await registerSeller(db.ref, B);
    await loadFor(B.user_id, catalogueB);

    // Act
    const all = await plan({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.body)).toEqual(["success", "today", "target_days", "horizon_days", "items"]);
    const sharedLines = linesOf(all.body, "SHARED");
    expect(sharedLines.map(({ seller_id, quantity_needed, quantity }) => ({ seller_id, quantity_needed, quantity }))).toEqual([
      { seller_id: B.user_id, quantity_needed: 60, quantity: 60 },
      { seller_id: A.user_id, quantity_needed: 26, quantity: 10 },
    ]);
    const sent = sharedLines.flatMap((line) => line.sources).reduce((sum, source) => sum + source.units, 0);
    expect(sent).toBe(70);
    expect(linesOf(all.body, "OWN-A")).toMatchObject([{ seller_id: A.user_id, quantity: 5 }]);
    expect(all.body.items.every((line: Line) => line.seller_id === A.user_id || line.seller_id === B.user_id)).toBe(true);
  });

  it("shows each seller, in its own plan, what the consolidated plan leaves it", async () => {
    // Act
    const ownA = await plan(undefined, { "x-seller-id": A.user_id });
    const ownB = await plan({ seller_id: B.user_id });

    // Assess
    expect(ownA.statusCode).toBe(200);
    expect(linesOf(ownA.body, "SHARED")).toMatchObject([{ quantity_needed: 26, quantity: 10, local_available: 70 }]);
    expect(linesOf(ownA.body, "OWN-A")).toMatchObject([{ quantity: 5 }]);
    expect(linesOf(ownB.body, "SHARED")).toMatchObject([{ quantity_needed: 60, quantity: 60 }]);
    expect(ownB.body.items.map((line: Line) => line.sku)).toEqual(["SHARED"]);
    expect([...ownA.body.items, ...ownB.body.items].every((line: Line) => !("seller_id" in line))).toBe(true);
  });

  it("answers the default request from the plans the last rebuild stored, equal to computed ones, gzip-encoded as stored", async () => {
    // Prepare: the loader's rebuild of B's views stored every account's plans
    const stored = await storedAnswerPartitions();
    const computed = await plan({ seller_id: "all", target_days: "30", horizon_days: "14", format: "json" }, { "accept-language": "en" });

    // Act
    const answered = await invokeWithText(handler, { path: "/full/restock-plan", query: { seller_id: "all" }, headers: { "accept-encoding": "gzip" } });
    const ownA = await plan(undefined, { "x-seller-id": A.user_id });

    // Assess
    expect([...stored].sort()).toEqual(["restock_all", `restock_of_${A.user_id}`, `restock_of_${B.user_id}`]);
    expect(answered.headers["content-encoding"]).toBe("gzip");
    const body = JSON.parse(answered.text) as { items: Line[] };
    expect(body.items.map(({ sku, seller_id, quantity }) => ({ sku, seller_id, quantity }))).toEqual(
      computed.body.items.map(({ sku, seller_id, quantity }: Line) => ({ sku, seller_id, quantity })),
    );
    expect(linesOf(ownA.body, "SHARED")).toMatchObject([{ quantity_needed: 26, quantity: 10 }]);
  });

  it("stores nothing when it answers: the read route's function may not write", async () => {
    // Prepare: the stored plans made stale by a change no rebuild or store followed (A, the first seller, holds the empty scope)
    const before = await storedItems();
    await withScope("", () => updatePlanning(db.ref, "OWN-A", { lead_time_days: 6 }, NOW));

    // Act
    const answered = await plan({ seller_id: "all" });

    // Assess: computed, and the consolidated scope's items untouched
    expect(answered.statusCode).toBe(200);
    expect(linesOf(answered.body, "OWN-A")).toMatchObject([{ lead_time_days: 6 }]);
    expect(await storedItems()).toEqual(before);
    await invoke(skuPlanning, { method: "PUT", path: "/full/skus/OWN-A/planning", pathParameters: { sku: "OWN-A" }, headers: { "x-seller-id": A.user_id }, body: { lead_time_days: null } });
  });

  it("stores every account's plans again after a planning write or a stock settings write, and answers the default request from them", async () => {
    /** The default request's plan of every account, as stored (text), or undefined when it would be computed. */
    const storedAll = async () => {
      const answer = await consolidatedRestock(db.ref, DEFAULT_RESTOCK_QUERY, { stored: { all: true } });
      return answer instanceof StoredJson || answer instanceof JsonText ? answer : undefined;
    };
    const ownA = async () => linesOf((await plan({ seller_id: "all" })).body, "OWN-A")[0];

    // Act: a planning write through A's route
    const planned = await invoke(skuPlanning, { method: "PUT", path: "/full/skus/OWN-A/planning", pathParameters: { sku: "OWN-A" }, headers: { "x-seller-id": A.user_id }, body: { lead_time_days: 7 } });

    // Assess
    expect(planned.statusCode).toBe(200);
    expect(await storedAll()).toBeDefined();
    expect(await ownA()).toMatchObject({ lead_time_days: 7 });

    // Act: A's own lead time (a stock setting) of 8 days, then the planning override gone
    await invoke(skuPlanning, { method: "PUT", path: "/full/skus/OWN-A/planning", pathParameters: { sku: "OWN-A" }, headers: { "x-seller-id": A.user_id }, body: { lead_time_days: null } });
    const set = await invoke(putSettings, { method: "PUT", path: "/settings/estoque", pathParameters: { group: "estoque" }, headers: { "x-seller-id": A.user_id }, body: { lead_time_padrao: 8 } });

    // Assess
    expect(set.statusCode).toBe(200);
    expect(await storedAll()).toBeDefined();
    expect(await ownA()).toMatchObject({ lead_time_days: 8 });
    await invoke(putSettings, { method: "PUT", path: "/settings/estoque", pathParameters: { group: "estoque" }, headers: { "x-seller-id": A.user_id }, body: { lead_time_padrao: null } });
    expect(await storedAll()).toBeDefined();
  });

  it("does not answer a stored plan once a seller's stock moved, nor one computed for other query parameters", async () => {
    // Prepare: the plans stored with B's Full stock at 6 units
    await plan({ seller_id: "all" });

    // Act: B's Full stock grows to 60 units (30 days at 2/day)
    await loadFor(B.user_id, { inventory: [inventory({ inventory_id: "B1", ad_id: "MLBB1", sku: "SHARED", available_qty: 60 })] });
    const after = await plan({ seller_id: "all" });
    const longer = await plan({ seller_id: "all", target_days: "45" });

    // Assess: B now needs 60 − (60 − 10) = 10 units and ships later: both are served in full
    expect(linesOf(after.body, "SHARED").map(({ seller_id, quantity }) => ({ seller_id, quantity }))).toEqual([
      { seller_id: A.user_id, quantity: 26 },
      { seller_id: B.user_id, quantity: 10 },
    ]);
    expect(longer.body.target_days).toBe(45);
    expect(linesOf(longer.body, "SHARED").reduce((sum, line) => sum + line.quantity, 0)).toBeGreaterThan(36);

    // Restore B's stock for the tests below
    await loadFor(B.user_id, { inventory: [catalogueB.inventory[0]!] });
  });

  it("does not answer a stored plan once a seller's planning parameters changed", async () => {
    // Prepare: the plans stored; A's SHARED has no case pack
    const before = await plan({ seller_id: "all" });
    expect(linesOf(before.body, "SHARED").find((line) => line.seller_id === A.user_id)).toMatchObject({ case_pack: null, quantity: 10 });

    // Act: A's SHARED now ships in cases of 4, through A's own route
    const set = await invoke(skuPlanning, { method: "PUT", path: "/full/skus/SHARED/planning", pathParameters: { sku: "SHARED" }, headers: { "x-seller-id": A.user_id }, body: { case_pack: 4 } });
    const after = await plan({ seller_id: "all" });

    // Assess: A's need is rounded up to whole cases (26 → 28), still capped by the 10 units left
    expect(set.statusCode).toBe(200);
    const line = linesOf(after.body, "SHARED").find((line) => line.seller_id === A.user_id) as Line & { case_pack: number | null; reason_details: { code: string }[] };
    expect(line).toMatchObject({ case_pack: 4, quantity: 10 });
    expect(line.reason_details.map((reason) => reason.code)).toContain("case_pack_rounding");
    await invoke(skuPlanning, { method: "PUT", path: "/full/skus/SHARED/planning", pathParameters: { sku: "SHARED" }, headers: { "x-seller-id": A.user_id }, body: { case_pack: null } });
  });

  it("sends the consolidated shipment list as CSV, each row naming its seller", async () => {
    // Act
    const csv = await plan({ seller_id: "all", format: "csv" });

    // Assess
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body as string, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)[0]).toBe("seller_id");
    expect(rows.filter((row) => row.sku === "SHARED").map((row) => [row.seller_id, row.units])).toEqual([
      [B.user_id, "60"],
      [A.user_id, "10"],
    ]);
  });

  it("refuses seller_id=all on a route that does not take it", async () => {
    // Act
    const refused = await invoke(replenishment, { path: "/full/replenishment", query: { seller_id: "all" } });

    // Assess
    expect(refused.statusCode).toBe(400);
    expect(refused.body.sellers).toEqual([
      { id: A.user_id, nickname: A.nickname },
      { id: B.user_id, nickname: B.nickname },
    ]);
  });

  it("takes a local stock import into every seller's answers, not only those of the scope it was written in", async () => {
    // Prepare: each seller's replenishment answered from its views
    const before = await invoke(replenishment, { path: "/full/replenishment", headers: { "x-seller-id": B.user_id } });
    expect(before.body.items.find((item: { sku: string }) => item.sku === "SHARED")).toMatchObject({ local_available: 70 });

    // Act: the warehouse's stock imported again (a shared route: no seller named)
    const imported = await invoke(importLocalStock, { method: "PUT", path: "/full/local-stock/WH", pathParameters: { warehouse: "WH" }, body: "sku;available\nSHARED;200\nOWN-A;5\n", headers: { "content-type": "text/csv" } });

    // Assess
    expect(imported.statusCode).toBe(200);
    for (const seller of [A, B]) {
      const after = await invoke(replenishment, { path: "/full/replenishment", headers: { "x-seller-id": seller.user_id } });
      expect(after.body.items.find((item: { sku: string }) => item.sku === "SHARED")).toMatchObject({ local_available: 200 });
    }
    expect(linesOf((await plan({ seller_id: B.user_id })).body, "SHARED")).toMatchObject([{ quantity: 60, local_available: 200 }]);
  });
});
