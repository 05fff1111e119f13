import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { loadDataset } from "@fulfillment/local/loader/load";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { getCredential, putCredential } from "#storage/credentials";
import { withScope } from "#storage/scope";
import { connectedSellers, ensureRegistry, scopeOfUser } from "#storage/sellers";
import { handler as connect } from "./connect.js";
import { handler as callback } from "./callback.js";
import { handler as account } from "./account.js";
import { handler as disconnect } from "./disconnect.js";
import { handler as inventoryList } from "../full/inventory-list.js";
import { handler as inventoryDetail } from "../full/inventory-detail.js";
import { handler as overview } from "../full/overview.js";
import { handler as syncStatus } from "../full/sync-status.js";

const db = useTestTable("sellers", "test");
const HOST = "127.0.0.1:3999";
const A = { id: 111_111, nickname: "LOJA_A" };
const B = { id: 222_222, nickname: "LOJA_B" };
let sandboxes: { a: SandboxMarketplace; b: SandboxMarketplace };
let restoreEnv: () => void;

/** Connects the sandbox's seller through GET /marketplace/connect, its authorization page and the callback. */
async function connectVia(sandbox: SandboxMarketplace): Promise<void> {
  replaceMarketplaceEnv(sandboxEnv(sandbox));
  const started = await invoke(connect, { path: "/marketplace/connect", headers: { host: HOST } });
  const approved = await fetch(started.headers.location!, { redirect: "manual" });
  const back = new URL(approved.headers.get("location")!);
  const answer = await invoke(callback, { path: "/marketplace/callback", query: Object.fromEntries(back.searchParams) });
  expect(answer.statusCode).toBe(200);
}

/** One seller's catalogue: an ad and its inventory record, named after the seller. */
const catalogue = (name: string): DatasetInput => ({
  ads: [ad({ id: `MLB${name}`, title: `Anúncio ${name}`, sku: `SKU-${name}` })],
  inventory: [inventory({ inventory_id: `INV${name}`, ad_id: `MLB${name}`, sku: `SKU-${name}`, available_qty: 5 })],
});

/** Loads a seller's rows, each naming the seller (the loader puts them in its scope). */
async function loadFor(userId: number, dataset: DatasetInput): Promise<void> {
  const named = <T extends object>(rows: T[] | undefined) => rows?.map((row) => ({ ...row, seller_id: String(userId) }));
  await loadDataset(db.ref, { ...dataset, ads: named(dataset.ads), inventory: named(dataset.inventory) });
}

const ids = (body: { items: { inventory_id: string }[] }): string[] => body.items.map((item) => item.inventory_id);
const sellerRecords = async () => (await dumpTable(db.ref)).filter((item) => item.kind === "seller" || item.kind === "first_seller");

beforeAll(async () => {
  sandboxes = {
    a: await startSandboxMarketplace({ seed: { items: [], sellerId: A.id, nickname: A.nickname } }),
    b: await startSandboxMarketplace({ seed: { items: [], sellerId: B.id, nickname: B.nickname } }),
  };
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandboxes.a));
});

afterAll(async () => {
  await sandboxes.a.stop();
  await sandboxes.b.stop();
  restoreEnv();
});

describe("several sellers", () => {
  it("show each seller only its own ads and inventories, named by the header or the query", async () => {
    // Prepare
    await connectVia(sandboxes.a);
    await connectVia(sandboxes.b);
    await loadFor(A.id, catalogue("A"));
    await loadFor(B.id, catalogue("B"));

    // Act
    const listA = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": String(A.id) } });
    const listB = await invoke(inventoryList, { path: "/full/inventory", query: { seller_id: String(B.id) } });
    const detailA = await invoke(inventoryDetail, { path: "/full/inventory/MLBA", pathParameters: { ad_id: "MLBA" }, headers: { "x-seller-id": String(A.id) } });
    const detailOfAForB = await invoke(inventoryDetail, { path: "/full/inventory/MLBA", pathParameters: { ad_id: "MLBA" }, query: { seller_id: String(B.id) } });
    const overviewB = await invoke(overview, { path: "/full/overview", headers: { "X-Seller-Id": String(B.id) } });

    // Assess
    expect(ids(listA.body)).toEqual(["INVA"]);
    expect(ids(listB.body)).toEqual(["INVB"]);
    expect(detailA.statusCode).toBe(200);
    expect(detailOfAForB.statusCode).toBe(404);
    expect(overviewB.body).toMatchObject({ has_data: true });
    expect(JSON.stringify(overviewB.body)).not.toContain("MLBA");
    // The first seller keeps the keys of a single account; the second has its own scope, and each its own tokens.
    const sellers = await connectedSellers(db.ref);
    expect(sellers.map(({ user_id, nickname, scope }) => ({ user_id, nickname, scope }))).toEqual([
      { user_id: String(A.id), nickname: A.nickname, scope: "" },
      { user_id: String(B.id), nickname: B.nickname, scope: scopeOfUser(String(B.id)) },
    ]);
    expect((await getCredential(db.ref, "mercadolivre"))?.user_id).toBe(A.id);
    expect((await withScope(scopeOfUser(String(B.id)), () => getCredential(db.ref, "mercadolivre")))?.user_id).toBe(B.id);
  });

  it("refuses a per-seller route that names no seller, an unknown one or all, in the route family's envelope, listing the sellers", async () => {
    // Prepare
    await connectVia(sandboxes.a);
    await connectVia(sandboxes.b);
    const listed = [
      { id: String(A.id), nickname: A.nickname },
      { id: String(B.id), nickname: B.nickname },
    ];

    // Act
    const list = await invoke(inventoryList, { path: "/full/inventory" });
    const detail = await invoke(inventoryDetail, { path: "/full/inventory/MLB1", pathParameters: { ad_id: "MLB1" } });
    const status = await invoke(syncStatus, { path: "/full/sync/status", headers: { "accept-language": "en" } });
    const unknown = await invoke(overview, { path: "/full/overview", headers: { "x-seller-id": "999" } });
    const all = await invoke(inventoryDetail, { path: "/full/inventory/MLB1", pathParameters: { ad_id: "MLB1" }, query: { seller_id: "all" } });

    // Assess
    expect(list).toMatchObject({ statusCode: 400, body: { has_data: false, sellers: listed } });
    expect(list.body.error).toBe(`Há várias contas do marketplace conectadas: informe qual no cabeçalho X-Seller-Id ou no parâmetro seller_id. Contas: ${A.id} (${A.nickname}), ${B.id} (${B.nickname})`);
    expect(detail).toMatchObject({ statusCode: 400, body: { error: expect.stringContaining("X-Seller-Id"), sellers: listed } });
    expect(detail.body).not.toHaveProperty("has_data");
    expect(status).toMatchObject({ statusCode: 400, body: { success: false, sellers: listed } });
    expect(status.body.error).toBe(`Several marketplace accounts are connected: name one in the X-Seller-Id header or the seller_id parameter. Accounts: ${A.id} (${A.nickname}), ${B.id} (${B.nickname})`);
    expect(unknown).toMatchObject({ statusCode: 400, body: { has_data: false, error: expect.stringContaining('"999"'), sellers: listed } });
    expect(all).toMatchObject({ statusCode: 400, body: { error: expect.stringContaining("seller_id=all"), sellers: listed } });
  });

  it("lists every account beside the selected one, and DELETE removes the selected seller only; it finds its data again when it connects again", async () => {
    // Prepare
    await connectVia(sandboxes.a);
    await connectVia(sandboxes.b);
    await loadFor(B.id, catalogue("B"));

    // Act
    const shownB = await invoke(account, { path: "/marketplace/account", headers: { "x-seller-id": String(B.id) } });
    const removed = await invoke(disconnect, { method: "DELETE", path: "/marketplace/account", query: { seller_id: String(B.id) } });
    const afterRemoval = await invoke(account, { path: "/marketplace/account" });
    const listAfterRemoval = await invoke(inventoryList, { path: "/full/inventory" });
    const namedRemoved = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": String(B.id) } });
    const tokensOfB = await withScope(scopeOfUser(String(B.id)), () => getCredential(db.ref, "mercadolivre"));
    const tokensOfA = await getCredential(db.ref, "mercadolivre");
    await connectVia(sandboxes.b);
    const listBAgain = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": String(B.id) } });

    // Assess
    expect(shownB.body).toMatchObject({ connected: true, user_id: B.id, nickname: B.nickname });
    expect(shownB.body.accounts).toEqual([
      { user_id: String(A.id), nickname: A.nickname, connected_at: expect.any(String) },
      { user_id: String(B.id), nickname: B.nickname, connected_at: expect.any(String) },
    ]);
    expect(removed).toMatchObject({ statusCode: 200, body: { success: true } });
    // One seller left: no header needed, and it is A's account and data.
    expect(afterRemoval.body).toMatchObject({ connected: true, user_id: A.id, accounts: [{ user_id: String(A.id) }] });
    expect(afterRemoval.body.accounts).toHaveLength(1);
    expect(listAfterRemoval.body).toEqual({ has_data: false, count: 0, items: [] });
    expect(namedRemoved.statusCode).toBe(400);
    expect(tokensOfB).toBeUndefined();
    expect(tokensOfA?.user_id).toBe(A.id);
    const events = (await dumpTable(db.ref)).filter((item) => item.kind === "account_event");
    expect(events).toEqual([expect.objectContaining({ action: "disconnect", user_id: String(B.id) })]);
    expect(ids(listBAgain.body)).toEqual(["INVB"]);
  });

  it("never hands the first seller's scope to another account once it is removed", async () => {
    // Prepare
    await connectVia(sandboxes.a);
    await loadFor(A.id, catalogue("A"));
    await invoke(disconnect, { method: "DELETE", path: "/marketplace/account" });

    // Act
    await connectVia(sandboxes.b);
    const listB = await invoke(inventoryList, { path: "/full/inventory" });
    await connectVia(sandboxes.a);
    const listA = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": String(A.id) } });

    // Assess
    expect(listB.body).toEqual({ has_data: false, count: 0, items: [] });
    expect((await connectedSellers(db.ref)).map((seller) => seller.scope)).toEqual(["", scopeOfUser(String(B.id))]);
    expect(ids(listA.body)).toEqual(["INVA"]);
  });
});

describe("a table written before sellers existed", () => {
  // What today's main stores: one credential with its seller id, and the data under unscoped keys.
  async function singleAccountTable(): Promise<void> {
    await putCredential(db.ref, { provider: "mercadolivre", access_token: "a", refresh_token: "r", user_id: A.id, updated_at: "2026-11-01T10:00:00.000Z" });
    await load(db.ref, catalogue("A"));
  }

  it("answers as before, with its one account listed, and writes nothing on a read", async () => {
    // Prepare
    await singleAccountTable();
    const before = await dumpTable(db.ref);

    // Act
    const list = await invoke(inventoryList, { path: "/full/inventory" });
    const named = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": String(A.id) } });
    const shown = await invoke(account, { path: "/marketplace/account" });

    // Assess
    expect(ids(list.body)).toEqual(["INVA"]);
    expect(named.body).toEqual(list.body);
    expect(shown.body).toMatchObject({ connected: true, user_id: A.id, accounts: [{ user_id: String(A.id), nickname: null, connected_at: "2026-11-01T10:00:00.000Z" }] });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("opens as the first seller's data when another account connects, and records its owner once however often it is asked", async () => {
    // Prepare
    await singleAccountTable();

    // Act
    await ensureRegistry(db.ref);
    const once = await sellerRecords();
    await ensureRegistry(db.ref);
    await connectVia(sandboxes.b);
    const listA = await invoke(inventoryList, { path: "/full/inventory", query: { seller_id: String(A.id) } });
    const listB = await invoke(inventoryList, { path: "/full/inventory", query: { seller_id: String(B.id) } });

    // Assess
    expect(once).toEqual([
      expect.objectContaining({ kind: "first_seller", user_id: String(A.id) }),
      expect.objectContaining({ kind: "seller", user_id: String(A.id), scope: "" }),
    ]);
    expect((await sellerRecords()).filter((item) => item.user_id === String(A.id))).toEqual(once);
    expect(ids(listA.body)).toEqual(["INVA"]);
    expect(listB.body).toEqual({ has_data: false, count: 0, items: [] });
  });
});
