import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { getCredential } from "@fulfillment/functions/storage/credentials";
import { withScope } from "@fulfillment/functions/storage/scope";
import { connectedSellers, scopeOfUser } from "@fulfillment/functions/storage/sellers";
import { listAllAds } from "@fulfillment/functions/storage/ads";
import { loadDataset } from "./load.js";
import { DatasetError } from "./schema.js";

const db = useTestTable("loader-sellers", "test");

const credential = (userId: number | null, token: string) => ({ provider: "mercadolivre", access_token: token, refresh_token: `R-${token}`, user_id: userId });

describe("the loader's marketplace credentials", () => {
  it("connects one seller per user_id, the first owning the scope the dataset's records load in, each credential in its seller's scope", async () => {
    // Act
    await loadDataset(db.ref, { credentials: [credential(111, "A"), credential(222, "B"), { provider: "erp", access_token: "E", refresh_token: "" }] });

    // Assess
    expect((await connectedSellers(db.ref)).map(({ user_id, scope }) => ({ user_id, scope }))).toEqual([
      { user_id: "111", scope: "" },
      { user_id: "222", scope: scopeOfUser("222") },
    ]);
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ user_id: 111, access_token: "A" });
    expect(await withScope(scopeOfUser("222"), () => getCredential(db.ref, "mercadolivre"))).toMatchObject({ user_id: 222, access_token: "B" });
    expect(await getCredential(db.ref, "erp")).toMatchObject({ access_token: "E" });
  });

  it("loads the same seller again as a renewal of its tokens, not a second seller", async () => {
    // Act
    await loadDataset(db.ref, { credentials: [credential(111, "A")] });
    await loadDataset(db.ref, { credentials: [credential(111, "A2")] });

    // Assess
    expect((await connectedSellers(db.ref)).map((seller) => seller.user_id)).toEqual(["111"]);
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ access_token: "A2" });
  });

  it("replaces the only seller's credential when a single account's file brings another user_id, its records staying where they are", async () => {
    // Arrange
    await loadDataset(db.ref, { credentials: [credential(111, "A")], ads: [{ id: "MLB1", title: "T", is_full: true }] });

    // Act: CONTRACTS §3, a credential's identity is its provider
    await loadDataset(db.ref, { credentials: [credential(333, "C")] });

    // Assess
    expect((await connectedSellers(db.ref)).map(({ user_id, scope }) => ({ user_id, scope }))).toEqual([{ user_id: "333", scope: "" }]);
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ user_id: 333, access_token: "C" });
    expect((await listAllAds(db.ref)).map((ad) => ad.id)).toEqual(["MLB1"]);
  });

  it("connects a further seller when the file names its rows' sellers, or when several are connected already", async () => {
    // Arrange
    await loadDataset(db.ref, { credentials: [credential(111, "A")] });

    // Act
    await loadDataset(db.ref, { credentials: [credential(222, "B")], ads: [{ id: "MLB2", title: "T", is_full: true, seller_id: 222 }] });
    await loadDataset(db.ref, { credentials: [credential(333, "C")] });

    // Assess
    expect((await connectedSellers(db.ref)).map((seller) => seller.user_id)).toEqual(["111", "222", "333"]);
    expect(await withScope(scopeOfUser("222"), () => listAllAds(db.ref))).toMatchObject([{ id: "MLB2" }]);
  });

  it("refuses two marketplace credentials of one seller, storing nothing", async () => {
    // Act
    const loading = loadDataset(db.ref, { credentials: [credential(111, "A"), credential(111, "B")] });

    // Assess
    await expect(loading).rejects.toThrow(DatasetError);
    await expect(loading).rejects.toThrow(/credentials\[1\]\.user_id: a second mercadolivre credential for the seller 111/);
    expect(await dumpTable(db.ref)).toEqual([]);
  });
});

describe("the loader's rows of a seller", () => {
  const ads = (...names: [string, number | undefined][]) =>
    names.map(([name, seller]) => ({ id: `MLB${name}`, title: `Anúncio ${name}`, sku: `SKU-${name}`, is_full: true, ...(seller === undefined ? {} : { seller_id: seller }) }));
  const idsIn = async (scope: string) => (await withScope(scope, () => listAllAds(db.ref))).map((ad) => ad.id).sort();

  it("loads each row in the scope of the seller it names, and never stores the seller_id", async () => {
    // Act
    await loadDataset(db.ref, { credentials: [credential(111, "A"), credential(222, "B")], ads: ads(["1", 111], ["2", 222], ["3", 222]) });

    // Assess
    expect(await idsIn("")).toEqual(["MLB1"]);
    expect(await idsIn(scopeOfUser("222"))).toEqual(["MLB2", "MLB3"]);
    expect((await dumpTable(db.ref)).some((item) => "seller_id" in item)).toBe(false);
  });

  it("loads rows that name no seller for the only seller", async () => {
    // Act
    await loadDataset(db.ref, { credentials: [credential(111, "A")], ads: ads(["1", undefined], ["2", 111]) });

    // Assess
    expect(await idsIn("")).toEqual(["MLB1", "MLB2"]);
  });

  it("refuses, storing nothing, a row naming a seller that is not connected, and one naming none when several are", async () => {
    // Act and assess: each refusal is awaited before the next load starts
    await expect(loadDataset(db.ref, { credentials: [credential(111, "A")], ads: ads(["1", 333]) }))
      .rejects.toThrow(/ads\[0\]\.seller_id: 333 is not a connected seller \(connected: 111\)/);
    await expect(loadDataset(db.ref, { credentials: [credential(111, "A"), credential(222, "B")], ads: ads(["1", undefined]) }))
      .rejects.toThrow(/ads\[0\]: several sellers are connected \(111, 222\): name one in seller_id/);
    expect(await dumpTable(db.ref)).toEqual([]);
  });

  it("refuses a seller_id that is not a user id", async () => {
    await expect(loadDataset(db.ref, { ads: [{ id: "MLB1", seller_id: "" }] })).rejects.toThrow(/ads\[0\]\.seller_id: expected a seller's marketplace user id/);
  });
});
