import { describe, expect, it } from "vitest";
import type { S3Event } from "aws-lambda";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { ad, fullAd, load } from "#test/fixtures";
import { getAd, putAds } from "#storage/ads";
import { withScope } from "#storage/scope";
import { registerSeller } from "#storage/sellers";
import { listImportRecords } from "#storage/imports";
import { listLocalStock } from "#storage/local-stock";
import { IMPORT_FILE_MAX_BYTES, importTargetOf } from "#services/imports/files";
import { importFileHandler } from "./import-file.js";

const db = useTestTable("import-file", "test");
const BUCKET = "fulfillment-imports";

/** The bucket's objects, as S3 would hand them over; `reads` counts what was fetched. */
function bucket(objects: Record<string, Uint8Array | string>) {
  const reads: string[] = [];
  const read = async (name: string, key: string): Promise<Uint8Array> => {
    expect(name).toBe(BUCKET);
    reads.push(key);
    const object = objects[key];
    if (object === undefined) throw new Error(`NoSuchKey: ${key}`);
    return typeof object === "string" ? new TextEncoder().encode(object) : object;
  };
  return { handler: importFileHandler(read), reads };
}

/** An S3 ObjectCreated event: keys URL-encoded with + for spaces, as S3 sends them. */
const created = (...objects: { key: string; size: number }[]): S3Event =>
  ({
    Records: objects.map(({ key, size }) => ({
      eventSource: "aws:s3",
      eventName: "ObjectCreated:Put",
      s3: { bucket: { name: BUCKET }, object: { key: encodeURIComponent(key).replace(/%20/g, "+").replace(/%2F/g, "/"), size } },
    })),
  }) as unknown as S3Event;

describe("file imports from the import bucket", () => {
  it("knows which key is which import", () => {
    expect(importTargetOf("costs.csv")).toEqual({ kind: "costs" });
    expect(importTargetOf("sales.csv")).toEqual({ kind: "sales" });
    expect(importTargetOf("local-stock/CD Sul.csv")).toEqual({ kind: "local_stock", warehouse: "CD Sul" });
    expect(importTargetOf("local-stock/a/b.csv")).toBeUndefined();
    expect(importTargetOf("outros/costs.csv")).toBeUndefined();
    expect(importTargetOf("costs.txt")).toBeUndefined();
    expect(importTargetOf("sellers/222/costs.csv")).toEqual({ kind: "costs", seller: "222" });
    expect(importTargetOf("sellers/222/sales.csv")).toEqual({ kind: "sales", seller: "222" });
    expect(importTargetOf("sellers/loja/costs.csv")).toBeUndefined();
    expect(importTargetOf("sellers/222/local-stock/CD.csv")).toBeUndefined();
  });

  it("runs the same import as the API for local-stock/<warehouse>.csv, costs.csv and sales.csv, and records each as a file import", async () => {
    // Prepare: costs saved by a spreadsheet in Windows-1252 (the header and a SKU with accents).
    await load(db.ref, { ads: [ad({ id: "MLB1", sku: "AÇÃO-1" }), ad({ id: "MLB2", sku: "B" })] });
    const latin1 = Uint8Array.from(Buffer.from("sku;cost\r\nAÇÃO-1;12,90\r\nB;3\r\n", "latin1"));
    const files = {
      "local-stock/CD Sul.csv": "sku;available\nAÇÃO-1;14\nB;2\n",
      "costs.csv": latin1,
      "sales.csv": "ad_id,sales_30d\nMLB2,21\n",
    };
    const { handler } = bucket(files);

    // Act
    const result = await handler(created(...Object.entries(files).map(([key, body]) => ({ key, size: body.length }))));

    // Assess
    expect(result.imported).toHaveLength(3);
    expect((await listLocalStock(db.ref)).map(({ sku, available, warehouse }) => [sku, available, warehouse]).sort()).toEqual([
      ["AÇÃO-1", 14, "CD Sul"],
      ["B", 2, "CD Sul"],
    ]);
    expect(await getAd(db.ref, "MLB1")).toMatchObject({ cost: 12.9 });
    expect(await getAd(db.ref, "MLB2")).toMatchObject({ cost: 3, sales_30d: 21, sales_30d_source: "import" });
    const records = await listImportRecords(db.ref, 10);
    expect(records.map(({ source, kind, warehouse, file, rows, added, error }) => ({ source, kind, warehouse, file, rows, added, error }))).toEqual([
      { source: "file", kind: "sales", warehouse: null, file: "sales.csv", rows: 1, added: 1, error: null },
      { source: "file", kind: "costs", warehouse: null, file: "costs.csv", rows: 2, added: 2, error: null },
      { source: "file", kind: "local_stock", warehouse: "CD Sul", file: "local-stock/CD Sul.csv", rows: 2, added: 2, error: null },
    ]);
  });

  it("imports a seller's costs and sales from sellers/<user_id>/, refusing a top-level one while several sellers are connected", async () => {
    // Prepare: two sellers with an ad MLB1 each
    const first = await registerSeller(db.ref, { user_id: "111", nickname: "LOJA_A" });
    const second = await registerSeller(db.ref, { user_id: "222", nickname: "LOJA_B" });
    for (const seller of [first, second]) await withScope(seller.scope, () => putAds(db.ref, [fullAd("MLB1", { sku: "S1", cost: 1 })]));
    const files = { "sellers/222/costs.csv": "sku;cost\nS1;9,5\n", "costs.csv": "sku;cost\nS1;7\n", "sellers/333/sales.csv": "ad_id,sales_30d\nMLB1,4\n" };
    const { handler } = bucket(files);

    // Act
    await handler(created(...Object.entries(files).map(([key, body]) => ({ key, size: body.length }))));

    // Assess: only the named, connected seller's ad changed
    expect(await withScope(second.scope, () => getAd(db.ref, "MLB1"))).toMatchObject({ cost: 9.5 });
    expect(await withScope(first.scope, () => getAd(db.ref, "MLB1"))).toMatchObject({ cost: 1 });
    expect((await withScope(second.scope, () => listImportRecords(db.ref, 10))).map(({ file, error }) => ({ file, error }))).toEqual([{ file: "sellers/222/costs.csv", error: null }]);
    expect((await withScope(first.scope, () => listImportRecords(db.ref, 10))).map(({ file, error }) => ({ file, error }))).toEqual([
      { file: "sellers/333/sales.csv", error: "The seller 333 is not connected (connected: 111, 222); nothing was imported" },
      { file: "costs.csv", error: "Several sellers are connected (111, 222): put the file under sellers/<user_id>/costs.csv; nothing was imported" },
    ]);
  });

  it("records a refused file with its error and writes nothing else", async () => {
    // Prepare
    await load(db.ref, { local_stock: [{ sku: "KEEP", available: 3, warehouse: "CD1" }] });
    const { handler } = bucket({ "local-stock/CD1.csv": "sku;available\nA;1\nB;muitos\n" });
    const before = await dumpTable(db.ref);

    // Act
    await handler(created({ key: "local-stock/CD1.csv", size: 30 }));

    // Assess
    const after = await dumpTable(db.ref);
    const added = after.filter((item) => !before.some((old) => old.pk === item.pk && old.sk === item.sk));
    expect(added).toEqual([expect.objectContaining({ pk: "IMPORT" })]);
    expect(after.filter((item) => item.pk !== "IMPORT")).toEqual(before);
    const [record] = await listImportRecords(db.ref, 1);
    expect(record).toMatchObject({ source: "file", kind: "local_stock", warehouse: "CD1", rows: 0, added: 0, error: 'Line 3, field available: "muitos" is not a number' });
  });

  it("refuses a file over the size limit without reading it", async () => {
    // Prepare
    const { handler, reads } = bucket({});

    // Act
    await handler(created({ key: "costs.csv", size: IMPORT_FILE_MAX_BYTES + 1 }));

    // Assess
    expect(reads).toEqual([]);
    const [record] = await listImportRecords(db.ref, 1);
    expect(record!.error).toBe(`The file has ${IMPORT_FILE_MAX_BYTES + 1} bytes, more than the ${IMPORT_FILE_MAX_BYTES} an import takes; split it`);
  });

  it("ignores objects that name no import", async () => {
    // Prepare
    const { handler, reads } = bucket({});
    const before = await dumpTable(db.ref);

    // Act
    const result = await handler(created({ key: "notas/leia-me.csv", size: 10 }));

    // Assess
    expect(result.imported).toEqual([]);
    expect(reads).toEqual([]);
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});
