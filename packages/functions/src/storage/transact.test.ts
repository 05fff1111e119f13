import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { useTestTable } from "#test/table";
import { faultyTable } from "#test/sdk-faults";
import { fullAd } from "#test/fixtures";
import { getAd, listAllAds, putAds, setImportedAdValues, setLedgerSales } from "./ads.js";
import { Entities } from "./keys.js";
import { transactUpdates } from "./operations.js";

/** Field updates 100 per transaction: what a failed condition, a conflict and another writer's fields become. */

const db = useTestTable("transact", "test");

beforeEach(() => {
  vi.spyOn(Math, "random").mockReturnValue(0.02);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const ids = (count: number) => Array.from({ length: count }, (_, i) => `MLB${String(i).padStart(4, "0")}`);

describe("transactional field updates", () => {
  it("applies every update of 250 in transactions of 100, leaving out the ads that vanished, and touches no other field", async () => {
    // Prepare
    await putAds(db.ref, ids(250).map((id) => fullAd(id, { sku: `S-${id}`, title: `T ${id}`, cost: 1 })));
    for (const gone of ["MLB0007", "MLB0150"]) await db.ref.doc.send(new DeleteCommand({ TableName: db.ref.table, Key: Entities.ad.key({ adId: gone }) }));
    const { ref, faults } = faultyTable(db.ref);

    // Act
    await setImportedAdValues(ref, "cost", ids(250).map((adId) => ({ adId, value: 9.5 })));

    // Assess
    const ads = await listAllAds(db.ref);
    expect(ads).toHaveLength(248);
    expect(ads.every((ad) => ad.cost === 9.5 && ad.title === `T ${ad.id}` && ad.sku === `S-${ad.id}` && ad.is_full)).toBe(true);
    expect(await getAd(db.ref, "MLB0007")).toBeUndefined();
    // Three transactions, and one resend for each with a vanished ad.
    expect(faults.attemptsOf("TransactWriteItemsCommand")).toHaveLength(5);
  });

  it("resends a transaction cancelled by a conflict with another writer", async () => {
    // Prepare
    await putAds(db.ref, ids(3).map((id) => fullAd(id)));
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "TransactionCanceledException", reasons: ["None", "TransactionConflict", "None"] });

    // Act
    const applied = await transactUpdates(
      ref,
      ids(3).map((id) => ({ Key: Entities.ad.key({ adId: id }), UpdateExpression: "SET title = :t", ExpressionAttributeValues: { ":t": "novo" } })),
    );

    // Assess
    expect(applied).toBe(3);
    expect(faults.attemptsOf("TransactWriteItemsCommand").map((attempt) => attempt.injected)).toEqual([true, true, false]);
    expect((await listAllAds(db.ref)).map((ad) => ad.title)).toEqual(["novo", "novo", "novo"]);
  });

  it("lets an imported sales figure win over the ledger's", async () => {
    // Prepare
    await putAds(db.ref, [fullAd("MLB1", { sales_30d: 40, sales_30d_source: "import" }), fullAd("MLB2"), fullAd("MLB3", { sales_30d: 2, sales_30d_source: "ledger" })]);

    // Act
    const applied = await setLedgerSales(db.ref, [
      { adId: "MLB1", sales30d: 7 },
      { adId: "MLB2", sales30d: 8 },
      { adId: "MLB3", sales30d: 9 },
    ]);

    // Assess
    expect(applied).toBe(2);
    expect(await getAd(db.ref, "MLB1")).toMatchObject({ sales_30d: 40, sales_30d_source: "import" });
    expect(await getAd(db.ref, "MLB2")).toMatchObject({ sales_30d: 8, sales_30d_source: "ledger" });
    expect(await getAd(db.ref, "MLB3")).toMatchObject({ sales_30d: 9, sales_30d_source: "ledger" });
  });
});
