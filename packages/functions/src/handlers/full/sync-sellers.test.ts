import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { syncMachine } from "#test/sync";
import { numberedCatalogue, useSyncSandbox } from "#test/sync-sandbox";
import { putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { acquireLease } from "#storage/lease";
import { withScope } from "#storage/scope";
import { registerSeller, type Seller } from "#storage/sellers";
import { listRuns } from "#storage/sync/runs";
import { SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "#services/sync/lease";
import { handler as dailySync } from "../jobs/daily-sync.js";
import { handler as inventoryList } from "./inventory-list.js";
import { handler as sync } from "./sync.js";

const db = useTestTable("sync-sellers", "test");
const { sandbox, seed } = useSyncSandbox(db, { readsOnly: true });

/**
 * Two sellers: the first (the empty scope) with tokens the marketplace refuses, so each of its runs
 * fails; the second is the sandbox's seller, in a scope of its own, with the sandbox's catalogue.
 */
async function twoSellers(): Promise<{ failing: Seller; served: Seller }> {
  const failing = await registerSeller(db.ref, { user_id: "999", nickname: "LOJA_SEM_TOKEN" });
  await putCredential(db.ref, { provider: "mercadolivre", access_token: "APP_USR-refused", refresh_token: "TG-refused", user_id: 999 });
  const served = await registerSeller(db.ref, { user_id: String(sandbox.sellerId), nickname: "LOJA" });
  const { items, ads } = numberedCatalogue(3);
  await withScope(served.scope, async () => {
    await seed(items, ads, undefined, { credential: false });
    const pair = sandbox.currentTokens();
    await putCredential(db.ref, { provider: "mercadolivre", access_token: pair.access_token, refresh_token: pair.refresh_token, user_id: sandbox.sellerId });
  });
  return { failing, served };
}

const postSync = (seller: Seller) => invoke(sync, { method: "POST", path: "/full/sync", headers: { "x-seller-id": seller.user_id } });
const inventoryOf = async (seller: Seller) => (await withScope(seller.scope, () => listInventory(db.ref))).map((record) => record.inventory_id).sort();
const runsOf = (seller: Seller) => withScope(seller.scope, () => listRuns(db.ref, 10));

describe("sync per seller", () => {
  it("syncs the seller POST /full/sync names, its run and records in that seller's scope only", async () => {
    // Prepare
    const { failing, served } = await twoSellers();

    // Act
    const response = await postSync(served);
    const listed = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": served.user_id } });
    const listedOther = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": failing.user_id } });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ success: true, stock: { inventories: 3, failed: [] } });
    expect(await inventoryOf(served)).toEqual(["INV1", "INV2", "INV3"]);
    expect(await inventoryOf(failing)).toEqual([]);
    expect(listed.body.count).toBe(3);
    expect(listedOther.body).toEqual({ has_data: false, count: 0, items: [] });
    expect(await runsOf(served)).toEqual([expect.objectContaining({ state: "succeeded", trigger: "api" })]);
    expect(await runsOf(failing)).toEqual([]);
  });

  it("lets runs of different sellers overlap, never two of one seller", async () => {
    // Prepare: a run of the first seller holds its lease.
    const { failing, served } = await twoSellers();
    expect(await withScope(failing.scope, () => acquireLease(db.ref, SYNC_LEASE_NAME, "running-elsewhere", SYNC_LEASE_TTL_MS))).toBe(true);

    // Act
    const same = await postSync(failing);
    const other = await postSync(served);

    // Assess
    expect(same.statusCode).toBe(409);
    expect(other.statusCode).toBe(200);
    expect(await runsOf(failing)).toEqual([]);
    expect(await runsOf(served)).toEqual([expect.objectContaining({ state: "succeeded" })]);
  });

  it("keeps one seller's Idempotency-Key apart from another's: the same key starts each seller's own run", async () => {
    // Prepare
    const { failing, served } = await twoSellers();
    const keyed = (seller: Seller) => invoke(sync, { method: "POST", path: "/full/sync", headers: { "x-seller-id": seller.user_id, "Idempotency-Key": "same-key" } });

    // Act
    const first = await keyed(served);
    const other = await keyed(failing);
    const replayed = await keyed(served);

    // Assess
    expect(first.statusCode).toBe(200);
    expect(other.statusCode).not.toBe(200);
    expect(other.body).toMatchObject({ success: false });
    expect(replayed.body).toEqual(first.body);
    expect(await runsOf(failing)).toEqual([expect.objectContaining({ state: "failed" })]);
    expect(await runsOf(served)).toHaveLength(1);
  });

  it("starts one daily run per seller; one seller's failing run leaves the other's whole", async () => {
    // Prepare
    const { failing, served } = await twoSellers();

    // Act
    const started = await dailySync({ id: "schedule-event-sellers" });
    await syncMachine.settled();

    // Assess
    expect(started).toEqual({
      sellers: [
        { seller_id: failing.user_id, answer: { run: expect.objectContaining({ state: "running" }) } },
        { seller_id: served.user_id, answer: { run: expect.objectContaining({ state: "running" }) } },
      ],
    });
    expect(await runsOf(failing)).toEqual([expect.objectContaining({ trigger: "schedule", state: "failed" })]);
    expect(await runsOf(served)).toEqual([expect.objectContaining({ trigger: "schedule", state: "succeeded", failed_count: 0 })]);
    expect(await inventoryOf(served)).toEqual(["INV1", "INV2", "INV3"]);
    expect(await inventoryOf(failing)).toEqual([]);
  });

  it("starts a run for every seller with seller_id=all, each in its own scope, and skips a seller whose run is going on", async () => {
    // Prepare
    const { failing, served } = await twoSellers();

    // Act
    const started = await invoke(sync, { method: "POST", path: "/full/sync", query: { seller_id: "all" } });
    const again = await invoke(sync, { method: "POST", path: "/full/sync", query: { seller_id: "all" } });
    await syncMachine.settled();

    // Assess
    expect(started.statusCode).toBe(202);
    expect(started.body).toEqual({
      success: true,
      sellers: [
        { seller_id: failing.user_id, nickname: "LOJA_SEM_TOKEN", run_id: expect.any(String), state: "running", error: null },
        { seller_id: served.user_id, nickname: "LOJA", run_id: expect.any(String), state: "running", error: null },
      ],
    });
    expect(again.body.sellers.map((seller: { state: string }) => seller.state)).toEqual(["skipped", "skipped"]);
    expect(again.body.sellers[0].error).toMatch(/sincroniza/i);
    expect(await runsOf(failing)).toEqual([expect.objectContaining({ id: started.body.sellers[0].run_id, trigger: "api", state: "failed" })]);
    expect(await runsOf(served)).toEqual([expect.objectContaining({ id: started.body.sellers[1].run_id, trigger: "api", state: "succeeded" })]);
    expect(await inventoryOf(served)).toEqual(["INV1", "INV2", "INV3"]);
  });

  it("with seller_id=all starts runs only for the sellers the caller is granted", async () => {
    // Prepare: a token granted the second seller only
    const { failing, served } = await twoSellers();
    const grantedServed = { jwt: { claims: { sub: "ana", email: "ana@example.com", sellers: served.user_id }, scopes: ["fulfillment/read", "fulfillment/write"] } };

    // Act
    const started = await invoke(sync, { method: "POST", path: "/full/sync", query: { seller_id: "all" }, authorizer: grantedServed });
    await syncMachine.settled();

    // Assess
    expect(started.statusCode).toBe(202);
    expect(started.body.sellers.map((seller: { seller_id: string }) => seller.seller_id)).toEqual([served.user_id]);
    expect(await runsOf(failing)).toEqual([]);
    expect(await runsOf(served)).toEqual([expect.objectContaining({ state: "succeeded" })]);
  });
});
