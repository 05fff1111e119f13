/**
 * Access per seller: a token's `sellers` claim (set by the pool's token trigger and the local
 * provider) limits the per-seller routes to the accounts it grants, with two accounts loaded.
 */
import type { APIGatewayEventRequestContextJWTAuthorizer } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { registerSeller } from "#storage/sellers";
import { handler as inventoryList } from "../full/inventory-list.js";
import { handler as inventoryDetail } from "../full/inventory-detail.js";
import { handler as overview } from "../full/overview.js";
import { handler as syncStatus } from "../full/sync-status.js";
import { handler as restockPlan } from "../full/restock-plan.js";

const db = useTestTable("seller-access", "test");
const A = { id: "111111", nickname: "LOJA_A" };
const B = { id: "222222", nickname: "LOJA_B" };

/** What API Gateway hands the function for a valid token: its claims as strings. */
const token = (claims: Record<string, string>): APIGatewayEventRequestContextJWTAuthorizer => ({
  jwt: { claims: { sub: "ana", email: "ana@example.com", ...claims }, scopes: ["fulfillment/read"] },
});
const grantedA = token({ sellers: A.id });
const admin = token({ sellers: "*" });
const noGrant = token({});

/** A dataset row naming its seller (the loader's optional seller_id). */
const ofSeller = <T extends object>(row: T, sellerId: string): T => ({ ...row, seller_id: sellerId }) as T;

/** One seller's catalogue, its rows naming their seller: an ad and its inventory record, named after the seller. */
const catalogue = (name: string, sellerId: string): DatasetInput => ({
  ads: [ofSeller(ad({ id: `MLB${name}`, title: `Anúncio ${name}`, sku: `SKU-${name}`, sales_30d: 30 }), sellerId)],
  inventory: [ofSeller(inventory({ inventory_id: `INV${name}`, ad_id: `MLB${name}`, sku: `SKU-${name}`, available_qty: 5 }), sellerId)],
});

async function connect(...accounts: { id: string; nickname: string }[]): Promise<void> {
  for (const account of accounts) await registerSeller(db.ref, { user_id: account.id, nickname: account.nickname });
  for (const account of accounts) await load(db.ref, catalogue(account.nickname.slice(-1), account.id));
}

const ids = (body: { items: { inventory_id: string }[] }): string[] => body.items.map((item) => item.inventory_id);

describe("access per seller, with two accounts connected", () => {
  it("refuses a caller granted A the seller B with 403 in the route family's envelope, and answers A", async () => {
    // Prepare
    await connect(A, B);

    // Act
    const listB = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": B.id }, authorizer: grantedA });
    const detailB = await invoke(inventoryDetail, { path: "/full/inventory/MLBB", pathParameters: { ad_id: "MLBB" }, query: { seller_id: B.id }, authorizer: grantedA });
    const statusB = await invoke(syncStatus, { path: "/full/sync/status", headers: { "x-seller-id": B.id, "accept-language": "en" }, authorizer: grantedA });
    const listA = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": A.id }, authorizer: grantedA });

    // Assess
    const granted = [{ id: A.id, nickname: A.nickname }];
    expect(listB).toMatchObject({ statusCode: 403, body: { has_data: false, sellers: granted } });
    expect(listB.body.error).toBe(`Você não tem acesso à conta do marketplace "${B.id}". Contas liberadas para você: ${A.id} (${A.nickname})`);
    expect(JSON.stringify(listB.body)).not.toContain("INVB");
    expect(detailB).toMatchObject({ statusCode: 403, body: { sellers: granted } });
    expect(detailB.body).not.toHaveProperty("has_data");
    expect(statusB).toMatchObject({ statusCode: 403, body: { success: false, sellers: granted } });
    expect(statusB.body.error).toBe(`You have no access to the marketplace account "${B.id}". Accounts granted to you: ${A.id} (${A.nickname})`);
    expect(listA.statusCode).toBe(200);
    expect(ids(listA.body)).toEqual(["INVA"]);
  });

  it("picks the only granted seller when none is named, and lists only the granted ones otherwise", async () => {
    // Prepare
    await connect(A, B);
    const grantedBoth = token({ sellers: `${A.id} ${B.id}` });

    // Act
    const onlyA = await invoke(inventoryList, { path: "/full/inventory", authorizer: grantedA });
    const both = await invoke(overview, { path: "/full/overview", authorizer: grantedBoth });
    const allA = await invoke(overview, { path: "/full/overview", query: { seller_id: "all" }, authorizer: grantedA });
    const listAllA = await invoke(inventoryList, { path: "/full/inventory", query: { seller_id: "all" }, authorizer: grantedA });

    // Assess
    expect(ids(onlyA.body)).toEqual(["INVA"]);
    expect(both).toMatchObject({ statusCode: 400, body: { sellers: [{ id: A.id, nickname: A.nickname }, { id: B.id, nickname: B.nickname }] } });
    // seller_id=all covers the granted sellers only: B is neither listed nor named.
    expect(JSON.stringify(allA.body)).toContain(A.id);
    expect(JSON.stringify(allA.body)).not.toContain(B.id);
    expect(ids(listAllA.body)).toEqual(["INVA"]);
  });

  it("answers seller_id=all with the granted sellers only: the consolidated plan of a caller granted A is A's", async () => {
    // Prepare
    await connect(A, B);
    await load(db.ref, { local_stock: [{ sku: "SKU-A", warehouse: "WH", available: 50 }, { sku: "SKU-B", warehouse: "WH", available: 50 }] });

    // Act
    const ofA = await invoke(restockPlan, { path: "/full/restock-plan", query: { seller_id: "all" }, authorizer: grantedA });
    const ofAdmin = await invoke(restockPlan, { path: "/full/restock-plan", query: { seller_id: "all" }, authorizer: admin });
    const ofNobody = await invoke(restockPlan, { path: "/full/restock-plan", query: { seller_id: "all" }, authorizer: noGrant });

    // Assess
    const sellersOf = (body: { items: { seller_id: string; sku: string }[] }) => [...new Set(body.items.map((line) => `${line.seller_id} ${line.sku}`))].sort();
    expect(sellersOf(ofAdmin.body)).toEqual([`${A.id} SKU-A`, `${B.id} SKU-B`]);
    expect(ofA.statusCode).toBe(200);
    expect(sellersOf(ofA.body)).toEqual([`${A.id} SKU-A`]);
    expect(ofNobody).toMatchObject({ statusCode: 403, body: { success: false, sellers: [] } });
  });

  it("gives the administrators and the open local API every seller", async () => {
    // Prepare
    await connect(A, B);

    // Act
    const adminB = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": B.id }, authorizer: admin });
    const openB = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": B.id } });
    const adminNone = await invoke(inventoryList, { path: "/full/inventory", authorizer: admin });

    // Assess
    expect(ids(adminB.body)).toEqual(["INVB"]);
    expect(ids(openB.body)).toEqual(["INVB"]);
    expect(adminNone).toMatchObject({ statusCode: 400, body: { sellers: [{ id: A.id, nickname: A.nickname }, { id: B.id, nickname: B.nickname }] } });
  });

  it("refuses a token that grants no connected seller with 403, whether it names one or none; an unknown seller stays 400", async () => {
    // Prepare
    await connect(A, B);

    // Act
    const none = await invoke(inventoryList, { path: "/full/inventory", authorizer: noGrant });
    const namedA = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": A.id }, authorizer: noGrant });
    const unknown = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": "999" }, authorizer: grantedA });

    // Assess
    expect(none).toMatchObject({ statusCode: 403, body: { has_data: false, sellers: [] } });
    expect(none.body.error).toContain("Nenhuma das contas do marketplace conectadas foi liberada para você");
    expect(namedA).toMatchObject({ statusCode: 403, body: { has_data: false, sellers: [] } });
    expect(unknown).toMatchObject({ statusCode: 400, body: { sellers: [{ id: A.id, nickname: A.nickname }] } });
  });
});

describe("a deployment with one seller", () => {
  it("answers every signed-in caller as before, granted or not", async () => {
    // Prepare
    await connect(A);

    // Act
    const open = await invoke(inventoryList, { path: "/full/inventory" });
    const ungranted = await invoke(inventoryList, { path: "/full/inventory", authorizer: noGrant });
    const grantedOther = await invoke(inventoryList, { path: "/full/inventory", headers: { "x-seller-id": A.id }, authorizer: token({ sellers: B.id }) });

    // Assess
    expect(open.statusCode).toBe(200);
    expect(ids(open.body)).toEqual(["INVA"]);
    expect(ungranted.body).toEqual(open.body);
    expect(grantedOther.body).toEqual(open.body);
  });
});
