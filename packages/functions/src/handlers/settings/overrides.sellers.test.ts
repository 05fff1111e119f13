import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { registerSeller, scopeOfUser } from "#storage/sellers";
import { withScope } from "#storage/scope";
import { getCredential } from "#storage/credentials";
import { recordAlerts } from "#services/alerts/record";
import { readSharedInputs } from "#services/alerts/sku";
import { handler as getAll } from "./get-all.js";
import { handler as getGroup } from "./get-group.js";
import { handler as putGroup } from "./put-group.js";
import { handler as listOverrides } from "./overrides-list.js";
import { handler as deleteOverride } from "./overrides-delete.js";
import { handler as restockPlan } from "../full/restock-plan.js";
import { handler as listAlerts } from "../alerts/list.js";

/**
 * Issue 41: settings are the deployment's, with per-seller overrides of the keys about one
 * account's selling. An override of seller A changes A's settings read, restock plan and alerts,
 * and neither seller B's nor the shared read; removing it restores A's.
 */

const db = useTestTable("settings-overrides");

// 12:00 in São Paulo: the business day is 21 November.
const NOW = new Date("2026-11-21T15:00:00Z");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const seller = (userId?: string): Record<string, string> => (userId ? { "x-seller-id": userId } : {});
const readGroup = (group: string, userId?: string) => invoke(getGroup, { path: `/settings/${group}`, pathParameters: { group }, headers: seller(userId) });
const readAll = (userId?: string) => invoke(getAll, { path: "/settings", headers: seller(userId) });
const put = (group: string, body: object, userId?: string) =>
  invoke(putGroup, { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body, headers: seller(userId) });
const overridesOf = (userId: string) => invoke(listOverrides, { path: "/settings/overrides", headers: seller(userId) });
const removeOverride = (group: string, key: string, userId?: string) =>
  invoke(deleteOverride, { method: "DELETE", path: `/settings/${group}/overrides/${key}`, pathParameters: { group, key }, headers: seller(userId) });
const planOf = (userId?: string) => invoke(restockPlan, { path: "/full/restock-plan", headers: seller(userId) });
const leadTimeOf = async (userId: string | undefined, sku: string): Promise<number> =>
  (await planOf(userId)).body.items.find((line: { sku: string }) => line.sku === sku).lead_time_days;
const alertKindsOf = async (userId: string): Promise<string[]> =>
  (await invoke(listAlerts, { path: "/alerts", headers: seller(userId) })).body.alerts.map((alert: { kind: string; sku: string | null }) => `${alert.kind}:${alert.sku}`).sort();

/**
 * Lead time 5, no safety stock. Each seller sells 1 a day of its own SKU and holds 9 days in
 * Full: no stockout with the shared lead time, a stockout alert with a lead time above 9.
 */
const shared = {
  local_stock: [
    { sku: "SKU-A", warehouse: "WH", available: 40 },
    { sku: "SKU-B", warehouse: "WH", available: 40 },
  ],
  settings: [
    { key: "lead_time_padrao", value: "5", group: "estoque" },
    { key: "metodo_seguranca", value: "fixo", group: "estoque" },
    { key: "multiplicador_seguranca", value: "0", group: "estoque" },
    { key: "garantia_padrao", value: "90_dias", group: "catalogo" },
  ],
};
const catalogue = (sku: string, name: string) => ({
  ads: [ad({ id: `MLB${name}`, title: `Anúncio ${name}`, sku, sales_30d: 30 })],
  inventory: [inventory({ inventory_id: `INV${name}`, ad_id: `MLB${name}`, sku, available_qty: 9 })],
});

async function loadFor(userId: string, dataset: Pick<DatasetInput, "ads" | "inventory">): Promise<void> {
  const named = <Row extends object>(rows: readonly Row[] = []) => rows.map((row) => ({ ...row, seller_id: userId }));
  await load(db.ref, { ads: named(dataset.ads), inventory: named(dataset.inventory) });
}

/** Derives every SKU's alerts of a seller, as its sync's last step does. */
const deriveAlerts = (userId: string) => withScope(userId === A.user_id ? "" : scopeOfUser(userId), () => recordAlerts(db.ref, NOW));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  await load(db.ref, shared);
  await registerSeller(db.ref, A);
  await loadFor(A.user_id, catalogue("SKU-A", "AAA"));
});

afterAll(() => {
  vi.useRealTimers();
});

describe("settings with one seller connected", () => {
  it("without naming it answers and stores the shared settings, as before", async () => {
    // Act
    const stored = await put("catalogo", { titulo_max_chars: 70 });
    const group = await readGroup("catalogo");

    // Assess
    expect(stored.body).toEqual({ success: true, message: "Settings for 'catalogo' updated" });
    expect(group.body.data).toMatchObject({ titulo_max_chars: 70, garantia_padrao: "90_dias" });
    expect((await overridesOf(A.user_id)).body.overrides.catalogo).toEqual({});
    expect(await leadTimeOf(undefined, "SKU-A")).toBe(5);
  });

  it("an override naming it changes its own plan, also read without naming it, and not the shared read", async () => {
    // Act
    const stored = await put("estoque", { lead_time_padrao: 12 }, A.user_id);

    // Assess
    expect(stored.body).toEqual({ success: true, message: "Settings for 'estoque' updated" });
    expect((await readGroup("estoque", A.user_id)).body.data.lead_time_padrao).toBe(12);
    expect((await readGroup("estoque")).body.data.lead_time_padrao).toBe(5);
    expect(await leadTimeOf(undefined, "SKU-A")).toBe(12);

    // Removed: the shared value holds again.
    const removed = await put("estoque", { lead_time_padrao: null }, A.user_id);
    expect(removed.statusCode).toBe(200);
    expect(await leadTimeOf(undefined, "SKU-A")).toBe(5);
    expect((await overridesOf(A.user_id)).body.overrides.estoque).toEqual({});
  });
});

describe("settings with two sellers connected", () => {
  beforeAll(async () => {
    await registerSeller(db.ref, B);
    await loadFor(B.user_id, catalogue("SKU-B", "BBB"));
  });

  it("an override of seller A changes A's settings reads, plan and alerts, and neither B's nor the shared ones", async () => {
    // Prepare
    const sharedBefore = await readAll();

    // Act
    const stored = await put("estoque", { lead_time_padrao: 20 }, A.user_id);
    const listing = await put("catalogo", { garantia_padrao: "12_meses", margem_minima_alerta: 35 }, A.user_id);
    await deriveAlerts(A.user_id);
    await deriveAlerts(B.user_id);

    // Assess: the answers keep SPEC's shape.
    expect(stored.body).toEqual({ success: true, message: "Settings for 'estoque' updated" });
    expect(listing.statusCode).toBe(200);
    const allA = await readAll(A.user_id);
    expect(Object.keys(allA.body)).toEqual(["success", "data"]);
    expect(allA.body.data.estoque).toEqual({ ...sharedBefore.body.data.estoque, lead_time_padrao: 20 });
    expect(allA.body.data.catalogo).toEqual({ ...sharedBefore.body.data.catalogo, garantia_padrao: "12_meses", margem_minima_alerta: 35 });
    expect((await readGroup("estoque", A.user_id)).body).toEqual({ success: true, data: allA.body.data.estoque });
    expect((await readAll(B.user_id)).body).toEqual(sharedBefore.body);
    expect((await readAll()).body).toEqual(sharedBefore.body);
    expect((await readGroup("catalogo", B.user_id)).body.data.garantia_padrao).toBe("90_dias");

    expect(await leadTimeOf(A.user_id, "SKU-A")).toBe(20);
    expect(await leadTimeOf(B.user_id, "SKU-B")).toBe(5);
    const all = await invoke(restockPlan, { path: "/full/restock-plan", query: { seller_id: "all" } });
    expect(all.body.items.map((line: { sku: string; seller_id: string; lead_time_days: number }) => [line.sku, line.seller_id, line.lead_time_days]).sort()).toEqual([
      ["SKU-A", A.user_id, 20],
      ["SKU-B", B.user_id, 5],
    ]);
    // 9 days of Full stock: A's 20-day lead time runs out before a shipment arrives, B's 5 does not.
    expect(await alertKindsOf(A.user_id)).toContain("stockout:SKU-A");
    expect(await alertKindsOf(B.user_id)).not.toContain("stockout:SKU-B");
    const policyOf = async (scope: string) => (await withScope(scope, () => readSharedInputs(db.ref, NOW))).policy.leadTimeDays;
    expect([await policyOf(""), await policyOf(scopeOfUser(B.user_id))]).toEqual([20, 5]);

    expect((await overridesOf(A.user_id)).body).toEqual({
      success: true,
      overrides: { geral: {}, financeiro: {}, estoque: { lead_time_padrao: 20 }, core_ai: {}, catalogo: { garantia_padrao: "12_meses", margem_minima_alerta: 35 }, integracoes: {} },
      per_seller_keys: expect.objectContaining({ estoque: expect.arrayContaining(["lead_time_padrao", "dias_critico"]), geral: [] }),
    });
    expect((await overridesOf(B.user_id)).body.overrides.estoque).toEqual({});
  });

  it("stores a key of the whole deployment shared when a seller is named, beside the seller's own keys", async () => {
    // Act
    const mixed = await put("estoque", { dias_baixo: 11, multi_deposito: true }, A.user_id);

    // Assess: multi_deposito describes the one warehouse: every reader sees it; dias_baixo is A's.
    expect(mixed.body).toEqual({ success: true, message: "Settings for 'estoque' updated" });
    expect((await readGroup("estoque")).body.data).toMatchObject({ multi_deposito: true, dias_baixo: 7 });
    expect((await readGroup("estoque", B.user_id)).body.data).toMatchObject({ multi_deposito: true, dias_baixo: 7 });
    expect((await readGroup("estoque", A.user_id)).body.data).toMatchObject({ multi_deposito: true, dias_baixo: 11 });
    expect((await overridesOf(A.user_id)).body.overrides.estoque).toEqual({ lead_time_padrao: 20, dias_baixo: 11 });
  });

  it("keeps the ERP token the deployment's when a seller is named, in the one transaction with the seller's keys", async () => {
    // Act
    const stored = await put("integracoes", { erp_api_token: "tok-erp", mp_intervalo_sync: 30 }, B.user_id);

    // Assess
    expect(stored.statusCode).toBe(200);
    expect(await withScope("", () => getCredential(db.ref, "erp"))).toMatchObject({ access_token: "tok-erp" });
    expect(await withScope(scopeOfUser(B.user_id), () => getCredential(db.ref, "erp"))).toBeUndefined();
    expect((await readGroup("integracoes", B.user_id)).body.data).toMatchObject({ mp_intervalo_sync: 30, erp_api_token: "tok-erp" });
    expect((await readGroup("integracoes")).body.data.mp_intervalo_sync).toBe(15);
  });

  it("takes seller_id=all as no seller: the shared settings, as before", async () => {
    // Act
    const all = await put("estoque", { lead_time_padrao: 8 }, "all");
    const readAllSellers = await readGroup("estoque", "all");
    const sharedPut = await put("estoque", { lead_time_padrao: 6 });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(readAllSellers.body.data.lead_time_padrao).toBe(8);
    expect(sharedPut.statusCode).toBe(200);
    expect((await readGroup("estoque")).body.data.lead_time_padrao).toBe(6);
    expect(await leadTimeOf(B.user_id, "SKU-B")).toBe(6);
    // A's override still stands over the new shared value.
    expect(await leadTimeOf(A.user_id, "SKU-A")).toBe(20);
  });

  it("removing A's override restores A's settings, plan and alerts", async () => {
    // Act
    const removed = await removeOverride("estoque", "lead_time_padrao", A.user_id);
    const again = await removeOverride("estoque", "lead_time_padrao", A.user_id);
    const sharedKey = await removeOverride("estoque", "multi_deposito", A.user_id);
    await deriveAlerts(A.user_id);

    // Assess
    expect(removed.body).toEqual({ success: true, message: "Override of 'estoque.lead_time_padrao' removed", removed: true });
    expect(again.body.removed).toBe(false);
    expect(sharedKey.statusCode).toBe(400);
    expect(sharedKey.body).toEqual({ success: false, error: expect.stringContaining("estoque.multi_deposito") });
    expect((await readGroup("estoque", A.user_id)).body.data.lead_time_padrao).toBe(6);
    expect(await leadTimeOf(A.user_id, "SKU-A")).toBe(6);
    expect(await alertKindsOf(A.user_id)).not.toContain("stockout:SKU-A");
    // The other override of A stays.
    expect((await readGroup("catalogo", A.user_id)).body.data.garantia_padrao).toBe("12_meses");
  });

  it("needs a seller for the overrides list when several are connected, and refuses one not granted", async () => {
    // Act
    const unnamed = await invoke(listOverrides, { path: "/settings/overrides" });
    const notGranted = await invoke(getGroup, {
      path: "/settings/estoque",
      pathParameters: { group: "estoque" },
      headers: seller(B.user_id),
      authorizer: { jwt: { claims: { sub: "ana", sellers: A.user_id }, scopes: ["settings/admin"] } },
    } as Parameters<typeof invoke>[1]);

    // Assess
    expect(unnamed.statusCode).toBe(400);
    expect(notGranted.statusCode).toBe(403);
    expect(notGranted.body).toMatchObject({ success: false, sellers: [{ id: A.user_id, nickname: A.nickname }] });
  });
});
