import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { registerSeller } from "#storage/sellers";
import { handler as getGroup } from "./get-group.js";
import { handler as putGroup } from "./put-group.js";
import { handler as history } from "./history.js";
import { handler as restore } from "./restore.js";
import { handler as deleteOverride } from "./overrides-delete.js";
import { handler as listOverrides } from "./overrides-list.js";

/**
 * Issues 28 and 41: every change of a settings group is recorded per key, a seller's overrides
 * too. An override's key changes name the seller; a restore naming a seller puts that seller's
 * overrides back with the group, and one naming none leaves every seller's overrides as they are.
 */

const db = useTestTable("settings-overrides-history");

const A = { user_id: "311111", nickname: "LOJA_A" };
const B = { user_id: "322222", nickname: "LOJA_B" };

const seller = (userId?: string): Record<string, string> => (userId ? { "x-seller-id": userId } : {});
const put = (group: string, body: object, userId?: string) =>
  invoke(putGroup, { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body, headers: seller(userId) });
const read = (group: string, userId?: string) => invoke(getGroup, { path: `/settings/${group}`, pathParameters: { group }, headers: seller(userId) });
const changesOf = (group: string) => invoke(history, { path: `/settings/${group}/history`, pathParameters: { group } });
const newestChange = async (group: string) => (await changesOf(group)).body.changes[0];
const removeOverride = (group: string, key: string, userId: string) =>
  invoke(deleteOverride, { method: "DELETE", path: `/settings/${group}/overrides/${key}`, pathParameters: { group, key }, headers: seller(userId) });
const restoreTo = (group: string, body: object, userId?: string) =>
  invoke(restore, { method: "POST", path: `/settings/${group}/restore`, pathParameters: { group }, body, headers: seller(userId) });
const overridesOf = async (userId: string) => (await invoke(listOverrides, { path: "/settings/overrides", headers: seller(userId) })).body.overrides;

/** Only Date is faked: each change gets the instant the test gives it. */
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  await registerSeller(db.ref, A);
  await registerSeller(db.ref, B);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a seller's overrides in the group's history", () => {
  it("records an override set by a PUT naming a seller under the seller's id, beside the shared keys of the same PUT", async () => {
    // Prepare
    at("2026-11-20T10:00:00.000Z");
    await put("estoque", { lead_time_padrao: 5 });

    // Act
    at("2026-11-20T11:00:00.000Z");
    const stored = await put("estoque", { lead_time_padrao: 12, multi_deposito: true }, A.user_id);
    const change = await newestChange("estoque");

    // Assess: one change, the deployment's key without a seller, A's override with A's id.
    expect(stored.statusCode).toBe(200);
    expect(change).toMatchObject({ group: "estoque", at: "2026-11-20T11:00:00.000Z", actor: "local", action: "update", request_id: expect.any(String) });
    expect(change.changes).toEqual([
      { key: "multi_deposito", change: "created", secret: false, old_value: null, new_value: "true" },
      { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "12", seller_id: A.user_id },
    ]);
  });

  it("records a change of an override with its old and new text, and a PUT that changes nothing records nothing", async () => {
    // Act
    at("2026-11-20T12:00:00.000Z");
    await put("estoque", { lead_time_padrao: 15 }, A.user_id);
    const change = await newestChange("estoque");
    at("2026-11-20T12:30:00.000Z");
    await put("estoque", { lead_time_padrao: 15 }, A.user_id);

    // Assess
    expect(change.changes).toEqual([{ key: "lead_time_padrao", change: "changed", secret: false, old_value: "12", new_value: "15", seller_id: A.user_id }]);
    expect((await newestChange("estoque")).change_id).toBe(change.change_id);
  });

  it("records the removal of an override (DELETE) under the seller's id; removing none records nothing", async () => {
    // Prepare
    at("2026-11-20T13:00:00.000Z");
    await put("estoque", { dias_baixo: 9 }, B.user_id);

    // Act
    at("2026-11-20T14:00:00.000Z");
    const removed = await removeOverride("estoque", "dias_baixo", B.user_id);
    const change = await newestChange("estoque");
    at("2026-11-20T14:30:00.000Z");
    const again = await removeOverride("estoque", "dias_baixo", B.user_id);

    // Assess
    expect(removed.body).toMatchObject({ success: true, removed: true });
    expect(change).toMatchObject({ at: "2026-11-20T14:00:00.000Z", action: "update" });
    expect(change.changes).toEqual([{ key: "dias_baixo", change: "removed", secret: false, old_value: "9", new_value: null, seller_id: B.user_id }]);
    expect(again.body).toMatchObject({ success: true, removed: false });
    expect((await newestChange("estoque")).change_id).toBe(change.change_id);
  });
});

describe("POST /settings/{group}/restore and the sellers' overrides", () => {
  it("naming a seller puts the group and that seller's overrides back, leaves the other seller's, and answers the seller's view", async () => {
    // Prepare: A's override was 12 just after the 11:00 change; B sets one of its own later.
    const target = (await changesOf("estoque")).body.changes.find((change: { at: string }) => change.at === "2026-11-20T11:00:00.000Z");
    at("2026-11-20T15:00:00.000Z");
    await put("estoque", { lead_time_padrao: 30 }, B.user_id);
    await put("estoque", { lead_time_padrao: 6 });

    // Act
    at("2026-11-20T16:00:00.000Z");
    const restored = await restoreTo("estoque", { change_id: target.change_id }, A.user_id);
    const change = await newestChange("estoque");

    // Assess
    expect(restored.statusCode).toBe(200);
    expect(restored.body.data.lead_time_padrao).toBe(12);
    expect((await read("estoque")).body.data.lead_time_padrao).toBe(5);
    expect((await read("estoque", A.user_id)).body.data.lead_time_padrao).toBe(12);
    expect((await read("estoque", B.user_id)).body.data.lead_time_padrao).toBe(30);
    expect(change).toMatchObject({ action: "restore", restored_to: { change_id: target.change_id } });
    expect(change.changes).toEqual([
      { key: "lead_time_padrao", change: "changed", secret: false, old_value: "6", new_value: "5" },
      { key: "lead_time_padrao", change: "changed", secret: false, old_value: "15", new_value: "12", seller_id: A.user_id },
    ]);
  });

  it("naming none restores the deployment's values only: every seller's overrides stay", async () => {
    // Prepare
    const before = await overridesOf(A.user_id);
    const beforeB = await overridesOf(B.user_id);

    // Act: back to before any override was set.
    at("2026-11-20T17:00:00.000Z");
    const restored = await restoreTo("estoque", { at: "2026-11-20T10:30:00.000Z" });
    const change = await newestChange("estoque");

    // Assess
    expect(restored.statusCode).toBe(200);
    expect(restored.body.data.multi_deposito).toBe(false);
    expect(await overridesOf(A.user_id)).toEqual(before);
    expect(await overridesOf(B.user_id)).toEqual(beforeB);
    expect(change.changes.every((key: { seller_id?: string }) => key.seller_id === undefined)).toBe(true);
    expect(change.changes.map((key: { key: string }) => key.key)).toContain("multi_deposito");
  });

  it("naming a seller before its first override removes the override", async () => {
    // Act
    at("2026-11-20T18:00:00.000Z");
    const restored = await restoreTo("estoque", { at: "2026-11-20T10:30:00.000Z" }, A.user_id);

    // Assess
    expect(restored.statusCode).toBe(200);
    expect((await overridesOf(A.user_id)).estoque).toEqual({});
    expect((await read("estoque", A.user_id)).body.data.lead_time_padrao).toBe(5);
    expect((await overridesOf(B.user_id)).estoque).toEqual({ lead_time_padrao: 30 });
  });
});
