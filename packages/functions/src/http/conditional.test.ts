import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invokeWithText } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { entityTag, noneMatchHolds } from "./conditional.js";
import { handler as overview } from "../handlers/full/overview.js";
import { handler as inventoryList } from "../handlers/full/inventory-list.js";
import { handler as inventoryDetail } from "../handlers/full/inventory-detail.js";
import { handler as replenishment } from "../handlers/full/replenishment.js";
import { handler as alerts } from "../handlers/alerts/list.js";

/** The ETag and If-None-Match of the stock screens' GETs, against DynamoDB Local through the handlers. */

const db = useTestTable("conditional", "test");

const get = (handler: typeof overview, path: string, headers: Record<string, string> = {}, pathParameters?: Record<string, string>) =>
  invokeWithText(handler, { path, headers, pathParameters });

const records = (count: number, available: number) =>
  Array.from({ length: count }, (_, i) =>
    inventory({ inventory_id: `INV${i}`, ad_id: `MLB${i}`, sku: `SKU-${i}`, available_qty: available, updated_at: "2026-11-27T08:00:00" }),
  );

describe("conditional GET of the stock screens", () => {
  it("answers a request without If-None-Match as before, with an ETag", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB0", cost: 2 })], inventory: records(1, 5) });

    // Act
    const answer = await get(overview, "/full/overview");

    // Assess: SPEC's body, untouched; the tag is a strong one
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ has_data: true, summary: { units_available: 5, immobilized_value: 10 } });
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(answer.headers.etag).toBe(entityTag(answer.text));
  });

  it("answers 304 with no body while the data is unchanged, and 200 with a new ETag once it changed", async () => {
    // Prepare
    await load(db.ref, { inventory: records(2, 5) });
    const first = await get(overview, "/full/overview");

    // Act
    const unchanged = await get(overview, "/full/overview", { "if-none-match": first.headers.etag! });
    await load(db.ref, { inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", available_qty: 2 })] });
    const changed = await get(overview, "/full/overview", { "if-none-match": first.headers.etag! });
    const again = await get(overview, "/full/overview", { "if-none-match": changed.headers.etag! });

    // Assess
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.text).toBe("");
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    expect(unchanged.headers).not.toHaveProperty("content-type");
    expect(unchanged.headers["cache-control"]).toBe("no-store");
    expect(changed.statusCode).toBe(200);
    expect(changed.body.summary.units_available).toBe(7);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(again.statusCode).toBe(304);
  });

  it("revalidates gzip answers by the tag of the bytes sent, apart from the plain answer's", async () => {
    // Prepare: a list large enough to be compressed
    await load(db.ref, { inventory: records(40, 3) });
    const gzip = { "accept-encoding": "gzip" };
    const zipped = await get(inventoryList, "/full/inventory", gzip);
    const plain = await get(inventoryList, "/full/inventory");

    // Act
    const unchanged = await get(inventoryList, "/full/inventory", { ...gzip, "if-none-match": zipped.headers.etag! });
    const plainTagForGzip = await get(inventoryList, "/full/inventory", { ...gzip, "if-none-match": plain.headers.etag! });
    await load(db.ref, { inventory: [inventory({ inventory_id: "INV3", ad_id: "MLB3", available_qty: 9 })] });
    const changed = await get(inventoryList, "/full/inventory", { ...gzip, "if-none-match": zipped.headers.etag! });

    // Assess
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.text).toBe(plain.text);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.vary).toMatch(/Accept-Encoding/);
    expect(unchanged.headers).not.toHaveProperty("content-encoding");
    expect(plainTagForGzip.statusCode).toBe(200);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers["content-encoding"]).toBe("gzip");
    expect(changed.body.items.find((item: { inventory_id: string }) => item.inventory_id === "INV3").available_qty).toBe(9);
  });

  it("does the same for an ad's detail and the open alerts, and never for an error", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB0" })], inventory: records(1, 4) });
    const detail = await get(inventoryDetail, "/full/inventory/MLB0", {}, { ad_id: "MLB0" });
    const open = await get(alerts, "/alerts");

    // Act
    const detailAgain = await get(inventoryDetail, "/full/inventory/MLB0", { "if-none-match": detail.headers.etag! }, { ad_id: "MLB0" });
    const alertsAgain = await get(alerts, "/alerts", { "if-none-match": open.headers.etag! });
    const missing = await get(inventoryDetail, "/full/inventory/NOPE", { "if-none-match": "*" }, { ad_id: "NOPE" });

    // Assess
    expect(detail.statusCode).toBe(200);
    expect(detail.body.inventories[0]).toMatchObject({ inventory_id: "INV0", available_qty: 4, updated_at: "2026-11-27T08:00:00" });
    expect(detailAgain.statusCode).toBe(304);
    expect(open.statusCode).toBe(200);
    expect(alertsAgain.statusCode).toBe(304);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers).not.toHaveProperty("etag");
  });

  it("leaves routes whose contract declares no 304 as they are", async () => {
    await load(db.ref, { inventory: records(1, 4) });

    const answer = await get(replenishment, "/full/replenishment", { "if-none-match": "*" });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers).not.toHaveProperty("etag");
  });
});

describe("If-None-Match", () => {
  it("names the tag in a list, weak or strong, or with *", () => {
    const tag = entityTag("{}");
    expect(noneMatchHolds(tag, tag)).toBe(true);
    expect(noneMatchHolds(`"other", ${tag}`, tag)).toBe(true);
    expect(noneMatchHolds(`W/${tag}`, tag)).toBe(true);
    expect(noneMatchHolds("*", tag)).toBe(true);
    expect(noneMatchHolds('"other"', tag)).toBe(false);
    expect(noneMatchHolds(undefined, tag)).toBe(false);
    expect(noneMatchHolds(tag.slice(1, -1), tag)).toBe(false);
  });
});
