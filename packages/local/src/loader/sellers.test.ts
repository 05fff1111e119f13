import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { getCredential } from "@fulfillment/functions/storage/credentials";
import { withScope } from "@fulfillment/functions/storage/scope";
import { connectedSellers, scopeOfUser } from "@fulfillment/functions/storage/sellers";
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

  it("refuses two marketplace credentials of one seller, storing nothing", async () => {
    // Act
    const loading = loadDataset(db.ref, { credentials: [credential(111, "A"), credential(111, "B")] });

    // Assess
    await expect(loading).rejects.toThrow(DatasetError);
    await expect(loading).rejects.toThrow(/credentials\[1\]\.user_id: a second mercadolivre credential for the seller 111/);
    expect(await dumpTable(db.ref)).toEqual([]);
  });
});
